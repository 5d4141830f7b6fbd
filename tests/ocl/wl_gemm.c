/* wl_gemm.c — gcnsim bench's gemm workload (front/workloads/gemm.c) as an
 * ordinary OpenCL host program: C = 1.5*A*B - 0.75*C for n x n floats
 * (bench's random matrices) by one launch of sgemm
 * (front/workloads/gemm.cl, built from source at run time): 16x16
 * work-groups each computing a 64x64 tile, n/4 x n/4 work-items.  Every
 * element of rows checked (all rows up to n = 512, else 64 rows) is
 * within bench's bound of a double reference:
 *     |c - c_exact| <= (K + 4) * 2^-24 * (|alpha| * sum_k |a_ik b_kj| + |beta c_ij|)
 * (K roundings in the dot product in any order with any fma contraction,
 * then the scaling and the sum).  Prints the launch's profiled time,
 * which test_ocl.py compares with bench's report.  GEMM.cl may also be
 * the kernel's code object (a .co file: loaded as a binary).
 * Usage: wl_gemm GEMM.cl|GEMM.co N */
#include <math.h>
#include "ocl_wl.h"

static const float ALPHA = 1.5f, BETA = -0.75f;

/* A float in [-1, 1) with 23 random bits, as bench's. */
static float rnd(uint64_t *s)
{
    return (float)((int32_t)(wl_next(s) >> 32) >> 8) * 0x1p-23f;
}

/* Whether row i of C (from C0) is within the bound; the first bad element into *bad_j. */
static int row_ok(const float *A, const float *B, const float *C0, const float *C, size_t n, size_t i,
                  size_t *bad_j)
{
    for (size_t j = 0; j < n; j++) {
        double dot = 0, mag = 0;
        for (size_t k = 0; k < n; k++) {
            double p = (double)A[i * n + k] * B[k * n + j];
            dot += p;
            mag += fabs(p);
        }
        double c0 = C0[i * n + j], want = ALPHA * dot + BETA * c0;
        double bound = (double)(n + 4) * 0x1p-24 * (fabs(ALPHA) * mag + fabs(BETA * c0));
        if (!(fabs((double)C[i * n + j] - want) <= bound)) {
            *bad_j = j;
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    size_t n = argc == 3 ? strtoull(argv[2], NULL, 0) : 0;
    if (!n || n % 64 || n > 4096 || wl_setup()) {
        printf("FAIL: usage: wl_gemm GEMM.cl N (a multiple of 64), with the gcnsim platform\n");
        return 1;
    }
    cl_program p = wl_build(argv[1]);
    if (!p)
        return 1;
    cl_int e;
    cl_kernel k = clCreateKernel(p, "sgemm", &e);
    size_t nn = n * n;
    float *A = malloc(nn * 4), *B = malloc(nn * 4), *C0 = malloc(nn * 4), *C = malloc(nn * 4);
    uint64_t s = 0x67656d6dull;
    for (size_t i = 0; i < nn; i++) {
        A[i] = rnd(&s);
        B[i] = rnd(&s);
        C0[i] = rnd(&s);
    }
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, A, &e);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, B, &e);
    cl_mem dc = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, nn * 4, C0, &e);
    cl_uint un = (cl_uint)n;
    clSetKernelArg(k, 0, sizeof da, &da);
    clSetKernelArg(k, 1, sizeof db, &db);
    clSetKernelArg(k, 2, sizeof dc, &dc);
    clSetKernelArg(k, 3, sizeof un, &un);
    clSetKernelArg(k, 4, sizeof un, &un);
    clSetKernelArg(k, 5, sizeof un, &un);
    clSetKernelArg(k, 6, sizeof ALPHA, &ALPHA);
    clSetKernelArg(k, 7, sizeof BETA, &BETA);
    size_t global[2] = {n / 4, n / 4}, local[2] = {16, 16};
    cl_ulong ns = 0;
    e = wl_launch(k, 2, global, local, &ns);
    check_err(e, CL_SUCCESS, "gemm: sgemm enqueued");
    clEnqueueReadBuffer(q, dc, CL_TRUE, 0, nn * 4, C, 0, NULL, NULL);
    size_t rows = n <= 512 ? n : 64, bad_j = 0, bad_i = 0;
    int ok = 1;
    wl_check_begin();
    for (size_t r = 0; ok && r < rows; r++) {
        bad_i = n <= 512 ? r : wl_next(&s) % n;
        ok = row_ok(A, B, C0, C, n, bad_i, &bad_j);
    }
    wl_check_end();
    char name[160];
    if (ok)
        snprintf(name, sizeof name, "gemm: %zux%zu, %s within the bound of a double reference", n, n,
                 rows == n ? "every element" : "64 sampled rows");
    else
        snprintf(name, sizeof name, "gemm: %zux%zu, C[%zu][%zu] = %g is outside the bound", n, n, bad_i, bad_j,
                 (double)C[bad_i * n + bad_j]);
    check(ok, name);
    wl_report("gemm", 1, ns);
    cl_mem bufs[] = {da, db, dc};
    for (int i = 0; i < 3; i++)
        clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(A);
    free(B);
    free(C0);
    free(C);
    return t_failed;
}
