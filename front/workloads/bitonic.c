/* bitonic.c — bitonic sort of 2^k unsigned keys: k(k+1)/2 launches of
 * bitonic_step (front/workloads/bitonic.cl) on one device buffer, checked
 * exactly against qsort of the same keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/workloads/workloads.h"

static int check_n(uint64_t n, char *err, size_t errlen)
{
    if (n < 2 || n > (1ull << 28) || (n & (n - 1))) {
        snprintf(err, errlen, "bitonic: --n %llu: the number of keys must be a power of two from 2 to 2^28",
                 (unsigned long long)n);
        return -1;
    }
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Compare the device result with the sorted keys; describe the outcome. */
static wl_status_t verify(const uint32_t *got, const uint32_t *want, uint64_t n, wl_result_t *r)
{
    for (uint64_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            snprintf(r->check, sizeof r->check, "key %llu is %u, the sorted input has %u there",
                     (unsigned long long)i, got[i], want[i]);
            return WL_FAIL;
        }
    snprintf(r->check, sizeof r->check, "every key equals qsort's result (sorted, a permutation of the input)");
    return WL_PASS;
}

static wl_status_t run(la_module_t *m, uint64_t n, wl_result_t *r, char *err, size_t errlen)
{
    unsigned k = 0;
    while ((1ull << k) < n)
        k++;
    snprintf(r->problem, sizeof r->problem, "sort of %llu uint keys, ascending (%u stages)", (unsigned long long)n,
             k);
    double t0 = wl_now();
    uint32_t *keys = malloc(n * sizeof *keys);
    if (!keys) {
        snprintf(err, errlen, "bitonic: out of host memory");
        return WL_ERROR;
    }
    wl_rng_t g = {0x6269746f6e6963ull};
    for (uint64_t i = 0; i < n; i++)
        keys[i] = (uint32_t)wl_rng_next(&g);
    uint64_t buf;
    const co_kernel_t *kern = la_kernel(m, "bitonic_step", err, errlen);
    wl_status_t st = WL_ERROR;
    launch_t L;
    memset(&L, 0, sizeof L);
    if (!kern || la_buffer(m, n * 4, keys, "keys", &buf, err, errlen))
        goto out;
    qsort(keys, n, sizeof *keys, cmp_u32);
    r->host_seconds += wl_now() - t0;

    uint32_t global[3] = {(uint32_t)(n / 2), 1, 1}, local[3] = {n / 2 < 256 ? (uint32_t)(n / 2) : 256, 1, 1};
    la_value_t v[4] = {la_addr(buf), la_u32(0), la_u32(0), la_u32(1)};
    if (la_setup(&L, m, kern, 1, global, local, v, 4, err, errlen))
        goto out;
    st = WL_PASS;
    for (unsigned stage = 0; stage < k && st == WL_PASS; stage++)
        for (unsigned pass = 0; pass <= stage && st == WL_PASS; pass++) {
            la_value_t s = la_u32(stage), p = la_u32(pass);
            if (la_set_arg(&L, 1, &s, err, errlen) || la_set_arg(&L, 2, &p, err, errlen))
                st = WL_ERROR;
            else
                st = wl_launch(&L, r, err, errlen);
        }
    if (st == WL_PASS) {
        t0 = wl_now();
        st = verify(la_host(m, buf, n * 4), keys, n, r);
        r->host_seconds += wl_now() - t0;
    }
out:
    la_free(&L);
    free(keys);
    return st;
}

const wl_workload_t wl_bitonic = {
    "bitonic", "bitonic sort of uint keys, one launch per stage and pass", 1u << 16,
    "a power of two (keys)", check_n, run,
};
