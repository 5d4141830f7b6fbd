/* ocl_aql.c — the driver's kernel dispatch as the hardware receives it: an
 * AQL kernel-dispatch packet (HSA Platform System Architecture 1.2,
 * section 2.9: header at 0, setup at 2, work-group sizes at 4, grid sizes
 * at 12, private and group segment sizes at 24 and 28, kernel object at
 * 32, kernarg address at 40, completion signal at 56) naming the kernel
 * descriptor and the kernarg segment in the context's device memory, in a
 * queue of one packet that the packet processor the HSA runtime's queues
 * use (front/aql) runs and records for gcnsim exec; its completion signal
 * (an amd_signal_t: kind at 0, value at 8, start and end timestamps at 32
 * and 40) says when it ran on the queue's clock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/aql/aql.h"
#include "front/ocl/ocl.h"

enum { SIG_KIND_USER = 1, SIG_VALUE = 8, SIG_START = 32, SIG_END = 40 };
enum { HDR_KERNEL_DISPATCH = 2, HDR_BARRIER = 1u << 8, HDR_ACQUIRE_SYSTEM = 2u << 9, HDR_RELEASE_SYSTEM = 2u << 11 };

static void put(uint8_t *p, unsigned off, uint64_t v, unsigned n)
{
    memcpy(p + off, &v, n);
}

/* The packet of launch L, its kernarg segment at in's address, completing
 * signal sig. */
static void write_packet(const launch_t *L, const la_inplace_t *in, const void *sig, uint8_t pkt[64])
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
    put(pkt, 56, (uintptr_t)sig, 8);
    __atomic_store_n((uint16_t *)pkt, (uint16_t)(HDR_KERNEL_DISPATCH | HDR_BARRIER | HDR_ACQUIRE_SYSTEM |
                                                 HDR_RELEASE_SYSTEM), __ATOMIC_RELEASE);
}

int ocl_aql_dispatch(launch_t *L, cl_command_queue q, const la_inplace_t *in, int timed, sim_result_t *r,
                     uint64_t *ns, char *err, size_t errlen)
{
    _Alignas(64) uint8_t ring[64], sig[64] = {0};
    put(sig, 0, SIG_KIND_USER, 8);
    put(sig, SIG_VALUE, 1, 8);
    write_packet(L, in, sig, ring);
    aql_proc_t p;
    memset(&p, 0, sizeof p);
    p.mem = la_module_mem(L->m);
    p.t = L->sk.t;
    p.dev = &q->dev->dev;
    p.functional = !timed;
    int dev = ocl_ctx_dev_index(q->ctx, q->dev);
    aql_origin_t o = {"OpenCL", "OpenCL", 'd', &L->sk, L->m->co.image, L->m->co.size, in->queue_addr,
                      in->kernarg_size, dev > 0 ? (unsigned)dev : 0};
    uint64_t read = 0, write = 1;
    aql_queue_t *aq = calloc(1, sizeof *aq);
    if (!aq) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    aq->ring = ring;
    aq->size = 1;
    aq->read = &read;
    aq->write = &write;
    aq->seq = q->seq;
    aq->now_ns = q->now_ns;
    aq->dispatches = q->dispatches;
    aq->origin = &o;
    int st = aql_process(&p, aq) == 1 ? aq->last_st : -1;
    *r = aq->last;
    snprintf(err, errlen, "%s", st < 0 && !aq->last_err[0] ? "the packet was not processed" : aq->last_err);
    uint64_t start, end;
    memcpy(&start, sig + SIG_START, 8);
    memcpy(&end, sig + SIG_END, 8);
    *ns = st >= 0 ? end - start : 0;
    q->dispatches = aq->dispatches;
    free(aq);
    aql_free(&p);
    return st;
}
