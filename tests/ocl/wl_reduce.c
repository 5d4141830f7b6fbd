/* wl_reduce.c — gcnsim bench's reduce workload (front/workloads/reduce.c)
 * as an ordinary OpenCL host program: the sum modulo 2^32 of n values
 * (bench's random values) by passes of reduce_sum
 * (front/workloads/reduce.cl, built from source at run time), each turning
 * its input into one partial sum per group of 256 work-items (each adding
 * up to 8 elements: ceil(n / 2048) groups), between two partial-sum
 * buffers in turn, until one group leaves one value; checked exactly
 * against the CPU's sum.  Prints the launches' count and the sum of their
 * profiled times, which test_ocl.py compares with bench's report.  With
 * LAUNCHES, only the first LAUNCHES passes run, and the partial sums they
 * leave must add up to the CPU's sum (make bench times one pass); a .co
 * file instead of REDUCE.cl is loaded as a binary.
 * Usage: wl_reduce REDUCE.cl|REDUCE.co N [LAUNCHES] */
#include "ocl_wl.h"

enum { GROUP = 256, PER_ITEM = 8 };

int main(int argc, char **argv)
{
    size_t n = argc == 3 || argc == 4 ? strtoull(argv[2], NULL, 0) : 0;
    long limit = wl_limit(argc, argv);
    if (!n || n > (1u << 30) || limit < 0 || wl_setup()) {
        printf("FAIL: usage: wl_reduce REDUCE.cl N (1 to 2^30) [LAUNCHES], with the gcnsim platform\n");
        return 1;
    }
    cl_program p = wl_build(argv[1]);
    if (!p)
        return 1;
    cl_int e;
    cl_kernel k = clCreateKernel(p, "reduce_sum", &e);
    uint32_t *data = malloc(n * 4), want = 0, got = 0;
    uint64_t s = 0x726564756365ull;
    for (size_t i = 0; i < n; i++) {
        data[i] = (uint32_t)wl_next(&s);
        want += data[i];
    }
    size_t per_group = GROUP * PER_ITEM, maxg = (n + per_group - 1) / per_group;
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, data, &e);
    cl_mem part[2] = {clCreateBuffer(ctx, CL_MEM_READ_WRITE, maxg * 4, NULL, &e),
                      clCreateBuffer(ctx, CL_MEM_READ_WRITE, maxg * 4, NULL, &e)};
    cl_mem cur = in;
    cl_uint cnt = (cl_uint)n;
    cl_ulong ns = 0;
    unsigned launches = 0;
    for (int i = 0; e == CL_SUCCESS; i ^= 1) {
        size_t groups = (cnt + per_group - 1) / per_group, global = groups * GROUP, local = GROUP;
        clSetKernelArg(k, 0, sizeof cur, &cur);
        clSetKernelArg(k, 1, sizeof part[i], &part[i]);
        clSetKernelArg(k, 2, GROUP * 4, NULL);
        clSetKernelArg(k, 3, sizeof cnt, &cnt);
        e = wl_launch(k, 1, &global, &local, &ns);
        launches++;
        cur = part[i];
        cnt = (cl_uint)groups;
        if (groups == 1 || launches == (unsigned long)limit)
            break;
    }
    check_err(e, CL_SUCCESS, "reduce: every pass enqueued");
    clEnqueueReadBuffer(q, cur, CL_TRUE, 0, cnt * 4, data, 0, NULL, NULL);
    wl_check_begin();
    for (size_t i = 0; i < cnt; i++)
        got += data[i];
    wl_check_end();
    char name[160];
    snprintf(name, sizeof name, "reduce: the sum of %zu values, 0x%08x, is the CPU's (%u passes, %u partial sums left)",
             n, got, launches, (unsigned)cnt);
    check(got == want, name);
    wl_report("reduce", launches, ns);
    clReleaseMemObject(in);
    clReleaseMemObject(part[0]);
    clReleaseMemObject(part[1]);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(data);
    return t_failed;
}
