/* ocl_run.c — an ordinary OpenCL host program run against gcnsim's driver:
 * saxpy built from source at run time (with a global offset and with the
 * driver choosing the work-group size), the reduce workload's kernel
 * (front/workloads/reduce.cl) built from source and loaded as a code
 * object, checked against the CPU; profiling times from the cycle model;
 * a build failure's log; a kernel that faults, after which the program
 * goes on.  Usage: ocl_run REDUCE.cl BINDIR (BINDIR/reduce-TARGET.co).
 * ocl_run --time CODE_OBJECT: one reduce_sum pass of 256 zeros in one
 * work-group, printing its profiled time ("kernel_ns N"), to compare
 * with `gcnsim run`'s time of the same launch. */
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

static const char *saxpy_src =
    "__kernel void saxpy(__global float *y, __global const float *x, float a, uint n)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        y[i] = a * x[i] + y[i];\n"
    "}\n";

static const char *fault_src =
    "__kernel void wild(__global uint *p)\n"
    "{\n"
    "    p[get_global_id(0) + (1u << 28)] = 1;\n"
    "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)len + 1);
    if (b && fread(b, 1, (size_t)len, f) != (size_t)len) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) {
        b[len] = 0;
        *n = (size_t)len;
    }
    return b;
}

static cl_program build_source(const char *src, const char *opts, cl_int *st)
{
    cl_int e;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    *st = e == CL_SUCCESS ? clBuildProgram(p, 1, &dev, opts, NULL, NULL) : e;
    return p;
}

/* saxpy on n elements from offset off (NULL local size): y = 2x + y. */
static void test_saxpy(size_t n, size_t off)
{
    cl_int st, e;
    char name[96];
    cl_program p = build_source(saxpy_src, "-cl-std=CL1.2", &st);
    snprintf(name, sizeof name, "saxpy n=%zu offset=%zu: built from source", n, off);
    check_err(st, CL_SUCCESS, name);
    cl_kernel k = clCreateKernel(p, "saxpy", &e);
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *want = malloc(n * sizeof *y);
    for (size_t i = 0; i < n; i++) {
        x[i] = (float)i * 0.5f;
        y[i] = want[i] = (float)(n - i);
        if (i >= off)
            want[i] = 2.0f * x[i] + y[i];
    }
    cl_mem bx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, x, &e);
    cl_mem by = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
    clEnqueueWriteBuffer(q, by, CL_TRUE, 0, n * 4, y, 0, NULL, NULL);
    float a = 2.0f;
    cl_uint un = (cl_uint)n;
    clSetKernelArg(k, 0, sizeof by, &by);
    clSetKernelArg(k, 1, sizeof bx, &bx);
    clSetKernelArg(k, 2, sizeof a, &a);
    clSetKernelArg(k, 3, sizeof un, &un);
    size_t global = n - off;
    cl_event ev;
    e = clEnqueueNDRangeKernel(q, k, 1, &off, &global, NULL, 0, NULL, &ev);
    snprintf(name, sizeof name, "saxpy n=%zu offset=%zu: enqueued", n, off);
    check_err(e, CL_SUCCESS, name);
    clFinish(q);
    clEnqueueReadBuffer(q, by, CL_TRUE, 0, n * 4, y, 0, NULL, NULL);
    snprintf(name, sizeof name, "saxpy n=%zu offset=%zu: results match the CPU", n, off);
    check(!memcmp(y, want, n * 4), name);
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    printf("saxpy n=%zu: %llu ns of simulated time\n", n, (unsigned long long)(t1 - t0));
    snprintf(name, sizeof name, "saxpy n=%zu: the event's end follows its start", n);
    check(t1 > t0, name);
    clReleaseEvent(ev);
    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseKernel(k);
    clReleaseProgram(p);
    free(x);
    free(y);
    free(want);
}

/* One pass of reduce_sum: in[0..n) into out[0..groups). */
static cl_ulong reduce_pass(cl_kernel k, cl_mem in, cl_mem out, cl_uint n, size_t groups)
{
    size_t local = 256, global = groups * 256;
    clSetKernelArg(k, 0, sizeof in, &in);
    clSetKernelArg(k, 1, sizeof out, &out);
    clSetKernelArg(k, 2, 256 * sizeof(cl_uint), NULL);
    clSetKernelArg(k, 3, sizeof n, &n);
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;
    if (clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev) != CL_SUCCESS)
        return 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev);
    return t1 - t0;
}

/* The reduce workload's kernel from program p: the sum of n values. */
static void test_reduce(cl_program p, const char *how)
{
    enum { N = 100000, GROUPS = 64 };
    char name[128];
    cl_int e;
    cl_kernel k = clCreateKernel(p, "reduce_sum", &e);
    snprintf(name, sizeof name, "reduce (%s): clCreateKernel", how);
    check_err(e, CL_SUCCESS, name);
    cl_uint *data = malloc(N * sizeof *data), want = 0, got = 0;
    uint64_t s = 0x726564756365ull;
    for (size_t i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        data[i] = (cl_uint)(s >> 33);
        want += data[i];
    }
    cl_mem in = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N * 4, data, &e);
    cl_mem part = clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS * 4, NULL, &e);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_ulong ns = reduce_pass(k, in, part, N, GROUPS);
    ns += reduce_pass(k, part, out, GROUPS, 1);
    cl_uint *mapped = clEnqueueMapBuffer(q, out, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &e);
    if (mapped)
        got = *mapped;
    clEnqueueUnmapMemObject(q, out, mapped, 0, NULL, NULL);
    printf("reduce (%s): sum 0x%08x, expected 0x%08x, %llu ns of simulated time\n", how, got, want,
           (unsigned long long)ns);
    snprintf(name, sizeof name, "reduce (%s): the sum matches the CPU's", how);
    check(got == want, name);
    snprintf(name, sizeof name, "reduce (%s): kernels took simulated time", how);
    check(ns > 0, name);
    clReleaseMemObject(in);
    clReleaseMemObject(part);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    free(data);
}

static void test_build_failure(void)
{
    cl_int st;
    cl_program p = build_source("__kernel void broken(__global int *p) { p[0] = undeclared_name; }", "", &st);
    check_err(st, CL_BUILD_PROGRAM_FAILURE, "a program that does not compile: CL_BUILD_PROGRAM_FAILURE");
    char log[8192] = "";
    cl_build_status bs = CL_BUILD_NONE;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
    check(strstr(log, "undeclared_name") && strstr(log, "error"), "its build log holds clang's error");
    check(bs == CL_BUILD_ERROR, "its build status is CL_BUILD_ERROR");
    cl_int e;
    clCreateKernel(p, "broken", &e);
    check_err(e, CL_INVALID_PROGRAM_EXECUTABLE, "clCreateKernel of it: CL_INVALID_PROGRAM_EXECUTABLE");
    clReleaseProgram(p);
}

static void test_fault(void)
{
    cl_int st, e;
    cl_program p = build_source(fault_src, "", &st);
    cl_kernel k = clCreateKernel(p, "wild", &e);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &e);
    clSetKernelArg(k, 0, sizeof b, &b);
    size_t g = 64;
    cl_event ev;
    fprintf(stderr, "(a fault report follows: the test's kernel writes far outside its buffer)\n");
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev);
    check_err(e, CL_SUCCESS, "a kernel that faults is enqueued");
    cl_int status = CL_COMPLETE;
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    check(status < 0, "its event ends with an error status");
    check_err(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "clWaitForEvents on it: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST");
    check_err(clFinish(q), CL_SUCCESS, "clFinish after it");
    clReleaseEvent(ev);
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

/* --time: the profiled time of one pass of the code object's reduce_sum. */
static int time_one(const char *path)
{
    size_t n;
    cl_int e, bst;
    char *bin = slurp(path, &n);
    const unsigned char *bins[1] = {(const unsigned char *)bin};
    cl_program p = bin ? clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &bst, &e) : NULL;
    if (!p || clBuildProgram(p, 0, NULL, NULL, NULL, NULL) != CL_SUCCESS) {
        printf("FAIL: %s does not load\n", path);
        return 1;
    }
    cl_kernel k = clCreateKernel(p, "reduce_sum", &e);
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, NULL, &e);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint zero = 0;
    clEnqueueFillBuffer(q, in, &zero, 4, 0, 1024, 0, NULL, NULL);
    printf("kernel_ns %llu\n", (unsigned long long)reduce_pass(k, in, out, 256, 1));
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(p);
    free(bin);
    return 0;
}

/* With more than one device (GCNSIM_DEVICE=a,b): one context of them all,
 * saxpy built for each (their targets may differ) and run on each. */
static void test_all_devices(cl_platform_id pf)
{
    cl_device_id d[8];
    cl_uint n = 0;
    cl_int e, st;
    clGetDeviceIDs(pf, CL_DEVICE_TYPE_ALL, 8, d, &n);
    if (n < 2)
        return;
    cl_context c = clCreateContext(NULL, n, d, NULL, NULL, &e);
    cl_program p = clCreateProgramWithSource(c, 1, &saxpy_src, NULL, &e);
    st = clBuildProgram(p, 0, NULL, NULL, NULL, NULL);
    check_err(st, CL_SUCCESS, "saxpy built for every device of a context of all of them");
    cl_kernel k = clCreateKernel(p, "saxpy", &e);
    enum { N = 300 };
    float x[N], y[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    cl_mem bx = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof x, x, &e);
    cl_mem by = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof y, NULL, &e);
    float a = 1.0f, zero = 0.0f;
    cl_uint un = N;
    clSetKernelArg(k, 0, sizeof by, &by);
    clSetKernelArg(k, 1, sizeof bx, &bx);
    clSetKernelArg(k, 2, sizeof a, &a);
    clSetKernelArg(k, 3, sizeof un, &un);
    for (cl_uint i = 0; i < n; i++) {
        cl_command_queue dq = clCreateCommandQueue(c, d[i], 0, &e);
        size_t g = N;
        clEnqueueFillBuffer(dq, by, &zero, sizeof zero, 0, sizeof y, 0, NULL, NULL);
        e = clEnqueueNDRangeKernel(dq, k, 1, NULL, &g, NULL, 0, NULL, NULL);
        clEnqueueReadBuffer(dq, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL);
        char name[96], dn[32] = "";
        clGetDeviceInfo(d[i], CL_DEVICE_NAME, sizeof dn, dn, NULL);
        snprintf(name, sizeof name, "saxpy on device %u of the context (%s)", i, dn);
        check(e == CL_SUCCESS && !memcmp(x, y, sizeof x), name);
        clReleaseCommandQueue(dq);
    }
    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseContext(c);
}

int main(int argc, char **argv)
{
    cl_platform_id pf;
    cl_int e;
    if (argc == 3 && !strcmp(argv[1], "--time") && !gcnsim_device(&pf, &dev)) {
        ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
        q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
        return time_one(argv[2]);
    }
    if (argc != 3 || gcnsim_device(&pf, &dev)) {
        printf("FAIL: usage: ocl_run REDUCE.cl BINDIR, with the gcnsim platform installed or in OCL_ICD_VENDORS\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    check_err(e, CL_SUCCESS, "context and profiling queue");
    test_saxpy(10000, 0);
    test_saxpy(1000, 200);
    size_t n;
    char *src = slurp(argv[1], &n), target[64] = "", path[4096];
    cl_int st;
    cl_program p = build_source(src ? src : "", "", &st);
    check_err(st, CL_SUCCESS, "reduce.cl built from source");
    test_reduce(p, "from source");
    clReleaseProgram(p);
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof target, target, NULL);
    snprintf(path, sizeof path, "%s/reduce-%s.co", argv[2], target);
    char *bin = slurp(path, &n);
    const unsigned char *bins[1] = {(const unsigned char *)bin};
    cl_int bst = CL_INVALID_VALUE;
    p = clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &bst, &e);
    check(bin && e == CL_SUCCESS && bst == CL_SUCCESS, "reduce's code object loaded with clCreateProgramWithBinary");
    check_err(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_SUCCESS, "and built");
    test_reduce(p, "code object");
    clReleaseProgram(p);
    test_build_failure();
    test_fault();
    test_saxpy(4096, 0);   /* the program goes on after the fault */
    test_all_devices(pf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(src);
    free(bin);
    return t_failed;
}
