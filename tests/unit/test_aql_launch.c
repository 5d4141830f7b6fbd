/* test_aql_launch.c — a launch run as an AQL kernel-dispatch packet
 * (front/aql with la_run_begin/la_run_end, as the OpenCL driver runs its
 * kernels): the bitonic workload's 55 steps over 1024 keys, each written
 * by hand in the HSA layout (header at 0, setup at 2, work-group sizes at
 * 4, grid sizes at 12, segment sizes at 24 and 28, kernel object at 32,
 * kernarg address at 40, completion signal at 56) into a one-slot queue
 * that aql_process runs.  The keys must end as qsort orders them, each
 * packet consumed and its signal completed with timestamps, the device
 * memory back to its regions after each step.  Uses the committed
 * workload code objects (front/workloads/bin). */
#include <stdlib.h>
#include <string.h>
#include "front/aql/aql.h"
#include "front/launch/launch.h"
#include "tests/unit/check.h"

enum { N = 1024 };

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void put(uint8_t *p, unsigned off, uint64_t v, unsigned n)
{
    memcpy(p + off, &v, n);
}

/* One step of L as a packet through a one-slot queue; 0 when it ran, its
 * packet was consumed and its signal (value 1) reached 0 with end >= start. */
static int run_packet(launch_t *L, aql_proc_t *p, aql_queue_t *q)
{
    char err[512];
    la_inplace_t in;
    if (la_run_begin(L, &in, err, sizeof err))
        return -1;
    _Alignas(64) uint8_t ring[64] = {0}, sig[64] = {0};
    put(sig, 8, 1, 8);
    put(ring, 2, L->sl.dims, 2);
    for (int d = 0; d < 3; d++) {
        put(ring, 4 + 2 * d, L->sl.local[d], 2);
        put(ring, 12 + 4 * d, L->sl.grid[d], 4);
    }
    put(ring, 28, (uint64_t)L->sk.group_segment_fixed_size + L->sl.dynamic_lds, 4);
    put(ring, 32, L->sk.desc_addr, 8);
    put(ring, 40, in.kernarg_addr, 8);
    put(ring, 56, (uintptr_t)sig, 8);
    put(ring, 0, 2 /* kernel dispatch */, 2);
    uint64_t read = 0, write = 1, value, start, end;
    q->ring = ring;
    q->size = 1;
    q->read = &read;
    q->write = &write;
    aql_origin_t o = {"OpenCL", "OpenCL", 'd', &L->sk, NULL, 0, in.queue_addr, in.kernarg_size, 0};
    q->origin = &o;
    unsigned n = aql_process(p, q);
    la_run_end(L, &in, q->last_st, &q->last);
    memcpy(&value, sig + 8, 8);
    memcpy(&start, sig + 32, 8);
    memcpy(&end, sig + 40, 8);
    return n == 1 && q->last_st == 0 && read == 1 && (ring[0] & 0xff) == 1 && value == 0 && end >= start ? 0 : -1;
}

static void test_bitonic_packets(const char *target)
{
    char path[256], err[512];
    snprintf(path, sizeof path, "front/workloads/bin/bitonic-%s.co", target);
    la_module_t m;
    int ok = la_open(&m, path, err, sizeof err) == 0;
    CHECK(ok, "%s: la_open %s (%s)", target, path, ok ? "" : err);
    if (!ok) {
        la_close(&m);
        return;
    }
    uint32_t keys[N], want[N];
    for (unsigned i = 0; i < N; i++)
        keys[i] = want[i] = (i * 2654435761u) ^ (i >> 3);
    qsort(want, N, sizeof want[0], cmp_u32);
    const co_kernel_t *k = la_kernel(&m, NULL, err, sizeof err);
    uint64_t buf;
    ok = k && la_buffer(&m, sizeof keys, keys, "keys", &buf, err, sizeof err) == 0;
    launch_t L;
    memset(&L, 0, sizeof L);
    uint32_t global[3] = {N / 2, 1, 1}, local[3] = {64, 1, 1};
    la_value_t v[4] = {la_addr(buf), la_u32(0), la_u32(0), la_u32(1)};
    ok = ok && la_setup(&L, &m, k, 1, global, local, v, 4, err, sizeof err) == 0;
    CHECK(ok, "%s: la_setup (%s)", target, ok ? "" : err);
    aql_proc_t p;
    memset(&p, 0, sizeof p);
    p.mem = la_module_mem(&m);
    p.t = m.co.target;
    p.dev = dev_default_for(m.co.target);
    p.functional = 1;
    aql_queue_t *q = calloc(1, sizeof *q);
    size_t regions = m.mem.n;
    int bad = 0, grew = 0;
    for (unsigned s = 0; ok && q && s < 10; s++)
        for (unsigned st = 0; st <= s; st++) {
            la_value_t vs = la_u32(s), vp = la_u32(st);
            bad += la_set_arg(&L, 1, &vs, err, sizeof err) || la_set_arg(&L, 2, &vp, err, sizeof err) ||
                   run_packet(&L, &p, q);
            grew |= m.mem.n != regions;
        }
    CHECK(ok && q && !bad && q->dispatches == 55 && p.dispatches == 55,
          "%s: 55 packets run, each consumed and its completion signal at 0 with its times", target);
    CHECK(!grew, "%s: each packet's kernarg segment, queue and scratch are released after it", target);
    uint32_t *out = la_host(&m, buf, sizeof keys);
    CHECK(out && memcmp(out, want, sizeof want) == 0, "%s: the keys end as qsort orders them", target);
    free(q);
    aql_free(&p);
    la_free(&L);
    la_close(&m);
}

int main(void)
{
    test_bitonic_packets("gfx803");
    test_bitonic_packets("gfx900");
    return check_done();
}
