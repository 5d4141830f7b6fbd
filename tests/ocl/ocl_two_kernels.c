/* ocl_two_kernels.c — an OpenCL host program that dispatches two kernels
 * built from source three times each, alternating (scale, add_one, scale,
 * add_one, ...), on one in-order queue, each call on a larger buffer
 * (4096, 8192, 16384 elements) so that the calls' durations differ
 * (add_one adds 1 as 16 additions of 1/16: longer than scale); the
 * results are checked against the CPU.  For gcnsim exec --csv/--stats
 * (tests/exec/test_csv.py): 6 dispatches, 3 per kernel name. */
#include <stdlib.h>
#include "ocl_test.h"

static const char *src =
    "kernel void scale(global float *x, float k) { size_t i = get_global_id(0); x[i] = x[i] * k; }\n"
    "kernel void add_one(global float *x)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    float v = x[i];\n"
    "    for (int j = 0; j < 16; j++)\n"
    "        v = v + 0.0625f;\n"
    "    x[i] = v;\n"
    "}\n";

enum { MAXN = 16384 };

int main(void)
{
    cl_platform_id pf;
    cl_device_id dev;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim OpenCL device\n");
        return 1;
    }
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    check_err(clBuildProgram(p, 1, &dev, "", NULL, NULL), CL_SUCCESS, "two kernels built from source");
    cl_kernel ks = clCreateKernel(p, "scale", &e), ka = clCreateKernel(p, "add_one", &e);
    float *host = malloc(MAXN * sizeof *host), *want = malloc(MAXN * sizeof *want);
    for (int i = 0; i < MAXN; i++)
        host[i] = want[i] = (float)i;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, MAXN * sizeof *host, host, &e);
    float k = 2.0f;
    clSetKernelArg(ks, 0, sizeof b, &b);
    clSetKernelArg(ks, 1, sizeof k, &k);
    clSetKernelArg(ka, 0, sizeof b, &b);
    for (int call = 0; call < 3; call++) {
        size_t n = (size_t)4096 << call, local = 64;
        check_err(clEnqueueNDRangeKernel(q, ks, 1, NULL, &n, &local, 0, NULL, NULL), CL_SUCCESS, "scale enqueued");
        check_err(clEnqueueNDRangeKernel(q, ka, 1, NULL, &n, &local, 0, NULL, NULL), CL_SUCCESS,
                  "add_one enqueued");
        for (size_t i = 0; i < n; i++)
            for (int j = 0; j < 16; j++)
                want[i] = (j ? want[i] : want[i] * k) + 0.0625f;
    }
    check_err(clEnqueueReadBuffer(q, b, CL_TRUE, 0, MAXN * sizeof *host, host, 0, NULL, NULL), CL_SUCCESS,
              "result read");
    int ok = 1;
    for (int i = 0; i < MAXN; i++)
        ok &= host[i] == want[i];
    check(ok, "6 dispatches: every element as the CPU computes it");
    clReleaseMemObject(b);
    clReleaseKernel(ks);
    clReleaseKernel(ka);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(host);
    free(want);
    return t_failed;
}
