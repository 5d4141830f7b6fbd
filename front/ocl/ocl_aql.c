/* ocl_aql.c — the driver's kernel dispatch as the hardware receives it: an
 * AQL kernel-dispatch packet (HSA Platform System Architecture 1.2,
 * section 2.9: header at 0, setup at 2, work-group sizes at 4, grid sizes
 * at 12, private and group segment sizes at 24 and 28, kernel object at
 * 32, kernarg address at 40, completion signal at 56) naming the kernel
 * descriptor and the kernarg segment in the context's device memory, run
 * by the packet processor the HSA runtime's queues use (front/aql), which
 * also records it for gcnsim exec. */
#include <string.h>
#include "front/aql/aql.h"
#include "front/ocl/ocl.h"

enum { HDR_KERNEL_DISPATCH = 2, HDR_BARRIER = 1u << 8, HDR_ACQUIRE_SYSTEM = 2u << 9, HDR_RELEASE_SYSTEM = 2u << 11 };

static void put(uint8_t *p, unsigned off, uint64_t v, unsigned n)
{
    memcpy(p + off, &v, n);
}

/* The packet of launch L, its kernarg segment at in's address. */
static void write_packet(const launch_t *L, const la_inplace_t *in, uint8_t pkt[64])
{
    memset(pkt, 0, 64);
    put(pkt, 2, L->sl.dims, 2);
    for (int d = 0; d < 3; d++) {
        put(pkt, 4 + 2 * d, L->sl.local[d], 2);
        put(pkt, 12 + 4 * d, L->sl.grid[d], 4);
    }
    put(pkt, 24, L->sk.private_segment_fixed_size, 4);
    put(pkt, 28, (uint64_t)L->sk.group_segment_fixed_size + L->sl.dynamic_lds, 4);
    put(pkt, 32, L->sk.desc_addr, 8);
    put(pkt, 40, in->kernarg_addr, 8);
    __atomic_store_n((uint16_t *)pkt, (uint16_t)(HDR_KERNEL_DISPATCH | HDR_BARRIER | HDR_ACQUIRE_SYSTEM |
                                                 HDR_RELEASE_SYSTEM), __ATOMIC_RELEASE);
}

int ocl_aql_dispatch(launch_t *L, cl_command_queue q, const la_inplace_t *in, int timed, sim_result_t *r,
                     uint64_t *ns, char *err, size_t errlen)
{
    uint8_t pkt[64];
    write_packet(L, in, pkt);
    aql_proc_t p;
    memset(&p, 0, sizeof p);
    p.mem = la_module_mem(L->m);
    p.t = L->sk.t;
    p.dev = &q->dev->dev;
    p.functional = !timed;
    aql_queue_t aq;
    memset(&aq, 0, sizeof aq);
    aq.seq = q->seq;
    aq.now_ns = q->now_ns;
    aq.dispatches = q->dispatches;
    int dev = ocl_ctx_dev_index(q->ctx, q->dev);
    aql_origin_t o = {"OpenCL", "OpenCL", 'd', &L->sk, L->m->co.image, L->m->co.size, in->queue_addr,
                      in->kernarg_size, dev > 0 ? (unsigned)dev : 0};
    int st = aql_dispatch(&p, &aq, pkt, &o, r, ns, err, errlen);
    q->dispatches = aq.dispatches;
    aql_free(&p);
    return st;
}
