/* wl_bitonic.c — gcnsim bench's bitonic workload (front/workloads/bitonic.c)
 * as an ordinary OpenCL host program: 2^k keys (bench's random keys)
 * sorted by k(k+1)/2 launches of bitonic_step (front/workloads/bitonic.cl,
 * built from source at run time), one per stage and pass, each of n/2
 * work-items in groups of min(n/2, 256); the result checked against qsort
 * of the same keys.  Prints the launches' count and the sum of their
 * profiled times, which test_ocl.py compares with bench's report.  With
 * LAUNCHES, only the first LAUNCHES steps run, and the keys must be what
 * the CPU's compare-and-exchange network leaves after the same steps
 * (make bench times one step); a .co file instead of BITONIC.cl is loaded
 * as a binary.
 * Usage: wl_bitonic BITONIC.cl|BITONIC.co N [LAUNCHES] */
#include "ocl_wl.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* One step (stage, pass) of the ascending bitonic network on the n keys of
 * a: within each block of 2^(stage+1) keys (alternately ascending and
 * descending), each pair 2^(stage-pass) apart ordered. */
static void network_step(uint32_t *a, size_t n, unsigned stage, unsigned pass)
{
    size_t dist = (size_t)1 << (stage - pass);
    for (size_t lo = 0; lo < n; lo++) {
        if (lo & dist)
            continue;
        int up = !((lo >> (stage + 1)) & 1);
        uint32_t x = a[lo], y = a[lo + dist];
        if (up ? x > y : x < y) {
            a[lo] = y;
            a[lo + dist] = x;
        }
    }
}

int main(int argc, char **argv)
{
    size_t n = argc == 3 || argc == 4 ? strtoull(argv[2], NULL, 0) : 0;
    long limit = wl_limit(argc, argv);
    if (!n || (n & (n - 1)) || n < 2 || limit < 0 || wl_setup()) {
        printf("FAIL: usage: wl_bitonic BITONIC.cl N (a power of two) [LAUNCHES], with the gcnsim platform\n");
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
    unsigned stages = 0, launches = 0;
    while (((size_t)1 << stages) < n)
        stages++;
    size_t global = n / 2, local = n / 2 < 256 ? n / 2 : 256;
    unsigned all = stages * (stages + 1) / 2, todo = limit && limit < all ? (unsigned)limit : all;
    cl_uint dir = 1;
    cl_ulong ns = 0;
    clSetKernelArg(k, 0, sizeof buf, &buf);
    clSetKernelArg(k, 3, sizeof dir, &dir);
    for (cl_uint stage = 0; stage < stages && e == CL_SUCCESS && launches < todo; stage++)
        for (cl_uint pass = 0; pass <= stage && e == CL_SUCCESS && launches < todo; pass++) {
            clSetKernelArg(k, 1, sizeof stage, &stage);
            clSetKernelArg(k, 2, sizeof pass, &pass);
            e = wl_launch(k, 1, &global, &local, &ns);
            launches++;
        }
    check_err(e, CL_SUCCESS, "bitonic: every stage and pass enqueued");
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * 4, got, 0, NULL, NULL);
    wl_check_begin();
    unsigned done = 0;
    if (launches == all)
        qsort(keys, n, 4, cmp_u32);
    else
        for (unsigned stage = 0; stage < stages && done < launches; stage++)
            for (unsigned pass = 0; pass <= stage && done < launches; pass++, done++)
                network_step(keys, n, stage, pass);
    wl_check_end();
    char name[128];
    snprintf(name, sizeof name, "bitonic: %zu keys equal %s (%u launches)", n,
             launches == all ? "qsort's result" : "the CPU network's", launches);
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
