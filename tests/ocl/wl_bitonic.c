/* wl_bitonic.c — gcnsim bench's bitonic workload (front/workloads/bitonic.c)
 * as an ordinary OpenCL host program: 2^k keys (bench's random keys)
 * sorted by k(k+1)/2 launches of bitonic_step (front/workloads/bitonic.cl,
 * built from source at run time), one per stage and pass, each of n/2
 * work-items in groups of min(n/2, 256); the result checked against qsort
 * of the same keys.  Prints the launches' count and the sum of their
 * profiled times, which test_ocl.py compares with bench's report.
 * Usage: wl_bitonic BITONIC.cl N */
#include "ocl_wl.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    size_t n = argc == 3 ? strtoull(argv[2], NULL, 0) : 0;
    if (!n || (n & (n - 1)) || n < 2 || wl_setup()) {
        printf("FAIL: usage: wl_bitonic BITONIC.cl N (a power of two), with the gcnsim platform\n");
        return 1;
    }
    cl_program p = wl_build(argv[1]);
    if (!p)
        return 1;
    cl_int e;
    cl_kernel k = clCreateKernel(p, "bitonic_step", &e);
    uint32_t *keys = malloc(n * 4), *got = malloc(n * 4);
    uint64_t s = 0x6269746f6e6963ull;
    for (size_t i = 0; i < n; i++)
        keys[i] = (uint32_t)wl_next(&s);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4, keys, &e);
    qsort(keys, n, 4, cmp_u32);
    unsigned stages = 0, launches = 0;
    while (((size_t)1 << stages) < n)
        stages++;
    size_t global = n / 2, local = n / 2 < 256 ? n / 2 : 256;
    cl_uint dir = 1;
    cl_ulong ns = 0;
    clSetKernelArg(k, 0, sizeof buf, &buf);
    clSetKernelArg(k, 3, sizeof dir, &dir);
    for (cl_uint stage = 0; stage < stages && e == CL_SUCCESS; stage++)
        for (cl_uint pass = 0; pass <= stage && e == CL_SUCCESS; pass++) {
            clSetKernelArg(k, 1, sizeof stage, &stage);
            clSetKernelArg(k, 2, sizeof pass, &pass);
            e = wl_launch(k, 1, &global, &local, &ns);
            launches++;
        }
    check_err(e, CL_SUCCESS, "bitonic: every stage and pass enqueued");
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * 4, got, 0, NULL, NULL);
    char name[128];
    snprintf(name, sizeof name, "bitonic: %zu keys equal qsort's result (%u launches)", n, launches);
    check(!memcmp(got, keys, n * 4), name);
    wl_report("bitonic", launches, ns);
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(keys);
    free(got);
    return t_failed;
}
