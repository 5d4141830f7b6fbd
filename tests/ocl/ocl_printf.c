/* ocl_printf.c — OpenCL C printf through the driver, as an ordinary
 * OpenCL program: a kernel built from source prints scalars, a vector, a
 * string argument and one line per work-item; the program captures its
 * own stdout around clFinish and compares it with what the host C
 * library's snprintf makes of the same values.  A kernel printing more
 * records than CL_DEVICE_PRINTF_BUFFER_SIZE holds gets exactly as many
 * as fit, in order.  The same unoptimised (-cl-opt-disable). */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "ocl_test.h"

static const char *src =
    "__kernel void show(int i, uint u, long l, float f, double d, __global const char *s) {\n"
    "    if (get_global_id(0) == 0) {\n"
    "        printf(\"i=%d u=%u x=%#x l=%ld f=%f e=%.3e g=%g d=%.12f s=%s c=%c|%%\\n\", i, u, u, l, f, f, f, d, s, 'Q');\n"
    "        printf(\"v=%v4hld w=%-6.2v2hlf\\n\", (int4)(i, -i, 0, 9), (float2)(f, -f));\n"
    "    }\n"
    "}\n"
    "__kernel void items(void) { printf(\"wi %u\\n\", (uint)get_global_id(0)); }\n"
    "__kernel void many(int n) { for (int k = 0; k < n; k++) printf(\"%v16ld\\n\", (long16)(k)); }\n";

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

/* Run kernel k over global work-items and return what it printed
 * (malloc'ed), captured from this process's stdout. */
static char *captured(cl_kernel k, size_t global)
{
    char path[] = "/tmp/gcnsim-printf-XXXXXX";
    int fd = mkstemp(path), saved = dup(1);
    fflush(stdout);
    dup2(fd, 1);
    cl_int e = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    clFinish(q);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    off_t n = lseek(fd, 0, SEEK_END);
    char *out = malloc((size_t)n + 1);
    if (out && pread(fd, out, (size_t)n, 0) == n)
        out[n] = 0;
    else if (out)
        out[0] = 0;
    close(fd);
    unlink(path);
    check_err(e, CL_SUCCESS, "clEnqueueNDRangeKernel of a kernel that calls printf");
    return out;
}

static void test_show(cl_program p)
{
    cl_int e, i = -1234;
    cl_uint u = 0xcafef00d;
    cl_long l = -9876543210123LL;
    cl_float f = 1.0f / 3.0f;
    cl_double d = 2.0 / 7.0;
    const char str[] = "from a buffer";
    cl_mem s = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof str, (void *)str, &e);
    cl_kernel k = clCreateKernel(p, "show", &e);
    clSetKernelArg(k, 0, sizeof i, &i);
    clSetKernelArg(k, 1, sizeof u, &u);
    clSetKernelArg(k, 2, sizeof l, &l);
    clSetKernelArg(k, 3, sizeof f, &f);
    clSetKernelArg(k, 4, sizeof d, &d);
    clSetKernelArg(k, 5, sizeof s, &s);
    char *got = captured(k, 64), want[1024];
    int n = snprintf(want, sizeof want, "i=%d u=%u x=%#x l=%lld f=%f e=%.3e g=%g d=%.12f s=%s c=%c|%%\n", i, u,
                     u, (long long)l, f, f, f, d, str, 'Q');
    snprintf(want + n, sizeof want - n, "v=%d,%d,%d,%d w=%-6.2f,%-6.2f\n", i, -i, 0, 9, f, -f);
    check(got && !strcmp(got, want), "printf of scalars, a vector and a string matches the host's printf");
    if (got && strcmp(got, want))
        printf("  got:\n%s  expected:\n%s", got, want);
    free(got);
    clReleaseKernel(k);
    clReleaseMemObject(s);
}

static void test_items(cl_program p)
{
    cl_int e;
    cl_kernel k = clCreateKernel(p, "items", &e);
    enum { N = 300 };
    char *got = captured(k, N);
    int seen[N] = {0}, lines = 0, ok = got != NULL;
    for (char *line = got; ok && line && *line; lines++) {
        unsigned g;
        ok = sscanf(line, "wi %u\n", &g) == 1 && g < N && !seen[g]++;
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    check(ok && lines == N, "300 work-items print one line each, every id once");
    free(got);
    clReleaseKernel(k);
}

static void test_many(cl_program p)
{
    size_t size = 0;
    clGetDeviceInfo(dev, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof size, &size, NULL);
    check(size >= 1024 * 1024, "CL_DEVICE_PRINTF_BUFFER_SIZE is at least 1 MiB (the full profile's minimum)");
    cl_int e, n = (cl_int)(size / 132 + 1000);
    cl_kernel k = clCreateKernel(p, "many", &e);
    clSetKernelArg(k, 0, sizeof n, &n);
    char *got = captured(k, 1);
    size_t lines = 0, keep = size / 132;   /* a record: the format id and 16 longs */
    int ordered = got != NULL;
    for (char *line = got; ordered && line && *line; lines++) {
        long v = -1;
        ordered = sscanf(line, "%ld,", &v) == 1 && v == (long)lines;
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    check(ordered && lines == keep, "records past CL_DEVICE_PRINTF_BUFFER_SIZE are dropped, the rest kept in order");
    free(got);
    clReleaseKernel(k);
}

int main(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim device\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, 0, &e);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    e = clBuildProgram(p, 1, &dev, "", NULL, NULL);
    check_err(e, CL_SUCCESS, "clBuildProgram of kernels that call printf");
    if (e != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("%s\n", log);
        return 1;
    }
    test_show(p);
    test_items(p);
    test_many(p);
    clReleaseProgram(p);
    p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    check_err(clBuildProgram(p, 1, &dev, "-cl-opt-disable", NULL, NULL), CL_SUCCESS,
              "clBuildProgram -cl-opt-disable of kernels that call printf");
    test_show(p);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_failed;
}
