/* reduce.c — sum of n unsigned 32-bit integers modulo 2^32 with reduce_sum
 * (front/workloads/reduce.cl): each pass turns its input into one partial
 * sum per 256-work-item group (each work-item first adding up to 8
 * elements), until a final single-group pass leaves one value.  Integer
 * addition modulo 2^32 is associative, so the result must equal the CPU's
 * sum exactly, whatever the order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/workloads/workloads.h"

enum { GROUP = 256, PER_ITEM = 8 };

static int check_n(uint64_t n, char *err, size_t errlen)
{
    if (n < 1 || n > (1ull << 30)) {
        snprintf(err, errlen, "reduce: --n %llu: the number of elements must be from 1 to 2^30",
                 (unsigned long long)n);
        return -1;
    }
    return 0;
}

/* One pass: in[0..n) -> out[0..groups), groups = ceil(n / (GROUP*PER_ITEM)). */
static wl_status_t pass(la_module_t *m, const co_kernel_t *k, uint64_t in, uint64_t out, uint32_t n,
                        uint32_t groups, wl_result_t *r, char *err, size_t errlen)
{
    uint32_t global[3] = {groups * GROUP, 1, 1}, local[3] = {GROUP, 1, 1};
    la_value_t v[4] = {la_addr(in), la_addr(out), la_local(GROUP * 4), la_u32(n)};
    launch_t L;
    memset(&L, 0, sizeof L);
    wl_status_t st = WL_ERROR;
    if (la_setup(&L, m, k, 1, global, local, v, 4, err, errlen) == 0)
        st = wl_launch(&L, r, err, errlen);
    la_free(&L);
    return st;
}

static wl_status_t run(la_module_t *m, uint64_t n, wl_result_t *r, char *err, size_t errlen)
{
    snprintf(r->problem, sizeof r->problem, "sum of %llu uint values modulo 2^32", (unsigned long long)n);
    const co_kernel_t *k = la_kernel(m, "reduce_sum", err, errlen);
    uint64_t cur = 0, part[2];
    uint32_t cnt = (uint32_t)n, per_group = GROUP * PER_ITEM;
    uint32_t maxg = (uint32_t)((n + per_group - 1) / per_group);
    wl_status_t st = WL_ERROR;
    if (!k || la_buffer(m, n * 4, NULL, "input", &cur, err, errlen) ||
        la_buffer(m, (uint64_t)maxg * 4, NULL, "partial sums A", &part[0], err, errlen) ||
        la_buffer(m, (uint64_t)maxg * 4, NULL, "partial sums B", &part[1], err, errlen))
        return WL_ERROR;
    /* the input is generated in place in device memory */
    double t0 = wl_now();
    uint32_t *data = la_host(m, cur, n * 4), want = 0;
    wl_rng_t g = {0x726564756365ull};
    for (uint64_t i = 0; i < n; i++) {
        data[i] = (uint32_t)wl_rng_next(&g);
        want += data[i];
    }
    r->host_seconds += wl_now() - t0;
    st = WL_PASS;
    for (int i = 0; st == WL_PASS; i ^= 1) {
        uint32_t groups = (cnt + per_group - 1) / per_group;
        st = pass(m, k, cur, part[i], cnt, groups, r, err, errlen);
        cur = part[i];
        cnt = groups;
        if (groups == 1)
            break;
    }
    if (st == WL_PASS) {
        uint32_t got = *(uint32_t *)la_host(m, cur, 4);
        st = got == want ? WL_PASS : WL_FAIL;
        snprintf(r->check, sizeof r->check, st == WL_PASS ? "sum 0x%08x equals the CPU's exactly"
                                                          : "sum 0x%08x, the CPU's is 0x%08x", got, want);
    }
    return st;
}

const wl_workload_t wl_reduce = {
    "reduce", "sum of uint values: work-group tree reductions in LDS, then a final pass", 1u << 20,
    "the number of elements", check_n, run,
};
