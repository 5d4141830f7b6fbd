/* gemm.c — C = alpha*A*B + beta*C for n x n single-precision matrices with
 * sgemm (front/workloads/gemm.cl), one launch of (n/64)^2 work-groups.
 *
 * Tolerance: the device's order of summation (and fma contraction) differs
 * from the reference, so the result is not bit-exact by design.  Every
 * element must satisfy the standard forward error bound of a dot product
 * evaluated in float with any order and any mix of fma/mul+add,
 *     |c - c_exact| <= (K + 4) * 2^-24 * (|alpha| * sum_k |a_ik b_kj| + |beta c_ij|)
 * (K roundings in the dot product, then alpha*, beta*, + : at most 3 more),
 * with c_exact computed in double (whose own error is far below the bound).
 * A wrong instruction gives errors of the size of the terms, not of 2^-24
 * times them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/workloads/workloads.h"

enum { TILE = 64, CHECK_ALL_UP_TO = 512, SAMPLE_ROWS = 64 };
static const float ALPHA = 1.5f, BETA = -0.75f;

static int check_n(uint64_t n, char *err, size_t errlen)
{
    if (n < TILE || n > 16384 || n % TILE) {
        snprintf(err, errlen, "gemm: --n %llu: the matrix size must be a multiple of 64 from 64 to 16384",
                 (unsigned long long)n);
        return -1;
    }
    return 0;
}

/* A float in [-1, 1) with 23 random bits: exactly representable. */
static float rnd(wl_rng_t *g)
{
    return (float)((int32_t)(wl_rng_next(g) >> 32) >> 8) * 0x1p-23f;
}

/* Check row i of the result against the double reference and the bound;
 * keeps the worst error relative to its bound in *worst. */
static int check_row(const float *A, const float *B, const float *C0, const float *C, uint64_t n, uint64_t i,
                     double *worst, wl_result_t *r)
{
    for (uint64_t j = 0; j < n; j++) {
        double dot = 0, mag = 0;
        for (uint64_t k = 0; k < n; k++) {
            double p = (double)A[i * n + k] * B[k * n + j];
            dot += p;
            mag += fabs(p);
        }
        double c0 = C0[i * n + j], want = ALPHA * dot + BETA * c0;
        double bound = (double)(n + 4) * 0x1p-24 * (fabs(ALPHA) * mag + fabs(BETA * c0));
        double e = fabs((double)C[i * n + j] - want);
        if (!(e <= bound)) {
            snprintf(r->check, sizeof r->check, "C[%llu][%llu] = %.9g, reference %.9g: error %.3g exceeds the bound %.3g",
                     (unsigned long long)i, (unsigned long long)j, (double)C[i * n + j], want, e, bound);
            return -1;
        }
        if (bound > 0 && e / bound > *worst)
            *worst = e / bound;
    }
    return 0;
}

static wl_status_t verify(const float *A, const float *B, const float *C0, const float *C, uint64_t n,
                          wl_result_t *r)
{
    double worst = 0;
    uint64_t rows = n <= CHECK_ALL_UP_TO ? n : SAMPLE_ROWS;
    wl_rng_t g = {0x726f7773ull};
    for (uint64_t s = 0; s < rows; s++) {
        uint64_t i = n <= CHECK_ALL_UP_TO ? s : wl_rng_next(&g) % n;
        if (check_row(A, B, C0, C, n, i, &worst, r))
            return WL_FAIL;
    }
    snprintf(r->check, sizeof r->check,
             "%s within (K+4)*2^-24*(|alpha|*sum|a*b| + |beta*c|) of a double reference (worst %.3f of the bound)",
             rows == n ? "every element" : "64 sampled rows", worst);
    return WL_PASS;
}

static wl_status_t run(la_module_t *m, uint64_t n, wl_result_t *r, char *err, size_t errlen)
{
    snprintf(r->problem, sizeof r->problem, "C = %g*A*B %+g*C with %llux%llu float matrices", (double)ALPHA,
             (double)BETA, (unsigned long long)n, (unsigned long long)n);
    uint64_t nn = n * n, da, db, dc;
    float *C0 = malloc(nn * 4);
    wl_status_t st = WL_ERROR;
    launch_t L;
    memset(&L, 0, sizeof L);
    const co_kernel_t *k = la_kernel(m, "sgemm", err, errlen);
    if (!C0)
        snprintf(err, errlen, "gemm: out of host memory");
    if (!C0 || !k || la_buffer(m, nn * 4, NULL, "A", &da, err, errlen) ||
        la_buffer(m, nn * 4, NULL, "B", &db, err, errlen) || la_buffer(m, nn * 4, NULL, "C", &dc, err, errlen))
        goto out;
    /* A and B are generated in place in device memory (the kernel only
     * reads them, the check reads them there); C's input is kept */
    double t0 = wl_now();
    float *A = la_host(m, da, nn * 4), *B = la_host(m, db, nn * 4), *C = la_host(m, dc, nn * 4);
    wl_rng_t g = {0x67656d6dull};
    for (uint64_t i = 0; i < nn; i++) {
        A[i] = rnd(&g);
        B[i] = rnd(&g);
        C[i] = C0[i] = rnd(&g);
    }
    r->host_seconds += wl_now() - t0;
    uint32_t n32 = (uint32_t)n;
    uint32_t global[3] = {n32 / 4, n32 / 4, 1}, local[3] = {16, 16, 1};
    la_value_t v[8] = {la_addr(da), la_addr(db), la_addr(dc), la_u32(n32), la_u32(n32), la_u32(n32),
                       la_f32(ALPHA), la_f32(BETA)};
    if (la_setup(&L, m, k, 2, global, local, v, 8, err, errlen))
        goto out;
    st = wl_launch(&L, r, err, errlen);
    if (st == WL_PASS) {
        t0 = wl_now();
        st = verify(A, B, C0, la_host(m, dc, nn * 4), n, r);
        r->host_seconds += wl_now() - t0;
    }
out:
    la_free(&L);
    free(C0);
    return st;
}

const wl_workload_t wl_gemm = {
    "gemm", "SGEMM C = alpha*A*B + beta*C, 64x64 LDS tiles, 4x4 per work-item", 256,
    "the matrix size, a multiple of 64", check_n, run,
};
