// An ordinary program on Debian's prebuilt rocSPARSE (librocsparse0, its
// kernels built by Debian for gfx803, gfx900 and gfx906): y = 2 A x with
// rocsparse_scsrmv for the M x M matrix A in CSR whose row i holds columns
// i-1, i, i+1 and (7 i) mod M (those in range, each once) with value
// ((i + column) mod 5) + 0.5, and x_j = (j mod 3) - 1.  Every value and
// sum is a multiple of 0.5 well inside float's exact range, so any order
// of summation gives the same y.  Prints "nnz N", then y one a line.
// Usage: rocsparse_kmt M
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>
#include <stdio.h>
#include <stdlib.h>

/* The CSR arrays of A (rp: m + 1 entries, ci and v: 4 m); the number of
 * entries. */
static int build(int m, int *rp, int *ci, float *v)
{
    int nnz = 0;
    for (int i = 0; i < m; i++) {
        rp[i] = nnz;
        int cols[4] = {i - 1, i, i + 1, (int)((7LL * i) % m)};
        for (int c = 0; c < m; c++)
            for (int k = 0; k < 4; k++)
                if (cols[k] == c) {
                    ci[nnz] = c;
                    v[nnz++] = (float)((i + c) % 5) + 0.5f;
                    break;
                }
    }
    rp[m] = nnz;
    return nnz;
}

int main(int argc, char **argv)
{
    int m = argc == 2 ? atoi(argv[1]) : 0;
    if (m <= 0 || m > 4096) {
        fprintf(stderr, "usage: rocsparse_kmt M (1 to 4096)\n");
        return 2;
    }
    int *rp = (int *)malloc((m + 1) * sizeof(int)), *ci = (int *)malloc(4 * m * sizeof(int));
    float *v = (float *)malloc(4 * m * sizeof(float)), *x = (float *)malloc(m * sizeof(float)),
          *y = (float *)malloc(m * sizeof(float));
    int nnz = build(m, rp, ci, v);
    for (int j = 0; j < m; j++)
        x[j] = (float)(j % 3) - 1.0f;
    int *drp, *dci;
    float *dv, *dx, *dy;
    rocsparse_handle h;
    rocsparse_mat_descr descr;
    float alpha = 2.0f, beta = 0.0f;
    int bad = hipMalloc(&drp, (m + 1) * sizeof(int)) || hipMalloc(&dci, nnz * sizeof(int)) ||
              hipMalloc(&dv, nnz * sizeof(float)) || hipMalloc(&dx, m * sizeof(float)) ||
              hipMalloc(&dy, m * sizeof(float)) ||
              hipMemcpy(drp, rp, (m + 1) * sizeof(int), hipMemcpyHostToDevice) ||
              hipMemcpy(dci, ci, nnz * sizeof(int), hipMemcpyHostToDevice) ||
              hipMemcpy(dv, v, nnz * sizeof(float), hipMemcpyHostToDevice) ||
              hipMemcpy(dx, x, m * sizeof(float), hipMemcpyHostToDevice) ||
              rocsparse_create_handle(&h) || rocsparse_create_mat_descr(&descr) ||
              rocsparse_scsrmv(h, rocsparse_operation_none, m, m, nnz, &alpha, descr, dv, drp, dci, NULL, dx, &beta,
                               dy) ||
              hipMemcpy(y, dy, m * sizeof(float), hipMemcpyDeviceToHost);
    if (bad) {
        fprintf(stderr, "rocsparse_kmt: the product failed\n");
        return 1;
    }
    printf("nnz %d\n", nnz);
    for (int i = 0; i < m; i++)
        printf("%g\n", y[i]);
    rocsparse_destroy_mat_descr(descr);
    rocsparse_destroy_handle(h);
    return 0;
}
