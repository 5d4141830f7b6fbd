/* ocl_errors.c — the error codes the OpenCL specification names, returned
 * by gcnsim's driver for invalid calls: handles of the wrong kind, sizes,
 * argument indices and values, work-group sizes, query buffers too small,
 * functions not provided yet; none may crash. */
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

static const char *src =
    "__kernel void scale(__global float *y, float a, __local float *tmp)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    tmp[get_local_id(0)] = y[i];\n"
    "    y[i] = a * tmp[get_local_id(0)];\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void fixed(__global int *p)\n"
    "{\n"
    "    p[get_global_id(0)] = 1;\n"
    "}\n";

static cl_platform_id pf;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_mem kbuf;   /* the buffer the kernel's runs use */

static void test_queries(void)
{
    char buf[256];
    size_t n = 0;
    check_err(clGetPlatformInfo(pf, CL_PLATFORM_NAME, 3, buf, NULL), CL_INVALID_VALUE,
              "clGetPlatformInfo into a buffer too small: CL_INVALID_VALUE");
    check(clGetPlatformInfo(pf, CL_PLATFORM_NAME, 0, NULL, &n) == CL_SUCCESS && n == 7,
          "clGetPlatformInfo size only: 7 bytes for \"gcnsim\"");
    check_err(clGetPlatformInfo(pf, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE,
              "clGetPlatformInfo of an unknown name: CL_INVALID_VALUE");
    check_err(clGetDeviceInfo(dev, CL_DEVICE_NAME, 2, buf, NULL), CL_INVALID_VALUE,
              "clGetDeviceInfo into a buffer too small: CL_INVALID_VALUE");
    check_err(clGetDeviceInfo(dev, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE,
              "clGetDeviceInfo of an unknown name: CL_INVALID_VALUE");
    cl_uint u;
    check_err(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, 2, &u, NULL), CL_INVALID_VALUE,
              "clGetDeviceInfo of a cl_uint into 2 bytes: CL_INVALID_VALUE");
    cl_device_id d;
    check_err(clGetDeviceIDs(pf, CL_DEVICE_TYPE_CPU, 1, &d, NULL), CL_DEVICE_NOT_FOUND,
              "clGetDeviceIDs for a CPU: CL_DEVICE_NOT_FOUND");
    check_err(clGetDeviceIDs(pf, (cl_device_type)1 << 40, 1, &d, NULL), CL_INVALID_DEVICE_TYPE,
              "clGetDeviceIDs of an unknown type: CL_INVALID_DEVICE_TYPE");
    check_err(clGetDeviceIDs(pf, CL_DEVICE_TYPE_GPU, 0, &d, NULL), CL_INVALID_VALUE,
              "clGetDeviceIDs with 0 entries and a list: CL_INVALID_VALUE");
    check_err(clGetContextInfo(ctx, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE,
              "clGetContextInfo of an unknown name: CL_INVALID_VALUE");
}

static void test_buffers(void)
{
    cl_int e;
    char host[64] = {0};
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &e);
    check(!m && e == CL_INVALID_BUFFER_SIZE, "a buffer of 0 bytes: CL_INVALID_BUFFER_SIZE");
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)1 << 60, NULL, &e);
    check(!m && e == CL_INVALID_BUFFER_SIZE, "a buffer past CL_DEVICE_MAX_MEM_ALLOC_SIZE: CL_INVALID_BUFFER_SIZE");
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, host, &e);
    check(!m && e == CL_INVALID_HOST_PTR, "a host pointer without USE/COPY_HOST_PTR: CL_INVALID_HOST_PTR");
    m = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 64, NULL, &e);
    check(!m && e == CL_INVALID_HOST_PTR, "COPY_HOST_PTR without a pointer: CL_INVALID_HOST_PTR");
    m = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, &e);
    check(!m && e == CL_INVALID_VALUE, "READ_ONLY | WRITE_ONLY: CL_INVALID_VALUE");
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
    check_err(e, CL_SUCCESS, "a buffer of 64 bytes");
    check_err(clEnqueueReadBuffer(q, m, CL_TRUE, 32, 64, host, 0, NULL, NULL), CL_INVALID_VALUE,
              "reading past the buffer's end: CL_INVALID_VALUE");
    check_err(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 64, NULL, 0, NULL, NULL), CL_INVALID_VALUE,
              "writing from a NULL pointer: CL_INVALID_VALUE");
    check_err(clEnqueueCopyBuffer(q, m, m, 0, 16, 32, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
              "an overlapping copy: CL_MEM_COPY_OVERLAP");
    int pat = 7;
    check_err(clEnqueueFillBuffer(q, m, &pat, 3, 0, 63, 0, NULL, NULL), CL_INVALID_VALUE,
              "a fill pattern of 3 bytes: CL_INVALID_VALUE");
    check_err(clEnqueueFillBuffer(q, m, &pat, 4, 0, 64, 0, NULL, NULL), CL_SUCCESS, "a fill of 4-byte pattern");
    check(clEnqueueReadBuffer(q, m, CL_TRUE, 60, 4, host, 0, NULL, NULL) == CL_SUCCESS && host[0] == 7,
          "the fill is read back");
    check_err(clEnqueueUnmapMemObject(q, m, host, 0, NULL, NULL), CL_INVALID_VALUE,
              "unmapping a pointer that was not mapped: CL_INVALID_VALUE");
    check_err(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 4, host, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST,
              "a wait list of 1 NULL: CL_INVALID_EVENT_WAIT_LIST");
    check_err(clEnqueueReadBuffer(q, (cl_mem)q, CL_TRUE, 0, 4, host, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
              "a queue given as a buffer: CL_INVALID_MEM_OBJECT");
    check_err(clReleaseMemObject((cl_mem)ctx), CL_INVALID_MEM_OBJECT,
              "releasing a context as a buffer: CL_INVALID_MEM_OBJECT");
    cl_mem big[5];
    cl_ulong board = 0;
    size_t nbig = 0;
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof board, &board, NULL);
    while (nbig < 5 && (big[nbig] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)2 << 30, NULL, &e)))
        nbig++;
    check(nbig == (board - 64) / (2ull << 30) && e == CL_MEM_OBJECT_ALLOCATION_FAILURE,
          "2 GiB buffers past the board's memory: CL_MEM_OBJECT_ALLOCATION_FAILURE");
    while (nbig)
        clReleaseMemObject(big[--nbig]);
    size_t sz = 0;
    check(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof sz, &sz, NULL) == CL_SUCCESS && sz == 64, "CL_MEM_SIZE is 64");
    clReleaseMemObject(m);
}

static cl_program build(void)
{
    cl_int e;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    check_err(clBuildProgram(p, 1, NULL, "", NULL, NULL), CL_INVALID_VALUE,
              "clBuildProgram with 1 device and no list: CL_INVALID_VALUE");
    check_err(clBuildProgram(p, 1, &dev, "-cl-kernel-arg-info", NULL, NULL), CL_SUCCESS,
              "the test kernels build (with -cl-kernel-arg-info)");
    return p;
}

static void test_programs(void)
{
    cl_int e, st = 0;
    const char *none = NULL;
    check(!clCreateProgramWithSource(ctx, 0, &none, NULL, &e) && e == CL_INVALID_VALUE,
          "clCreateProgramWithSource of 0 strings: CL_INVALID_VALUE");
    check(!clCreateProgramWithSource(ctx, 1, &none, NULL, &e) && e == CL_INVALID_VALUE,
          "clCreateProgramWithSource of a NULL string: CL_INVALID_VALUE");
    const unsigned char junk[] = "this is not an ELF file";
    const unsigned char *bins[1] = {junk};
    size_t len = sizeof junk;
    check(!clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, &st, &e) && e == CL_INVALID_BINARY &&
              st == CL_INVALID_BINARY, "a binary that is no code object: CL_INVALID_BINARY (and its status)");
    check_err(clGetProgramInfo((cl_program)ctx, CL_PROGRAM_NUM_DEVICES, 0, NULL, NULL), CL_INVALID_PROGRAM,
              "a context given as a program: CL_INVALID_PROGRAM");
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    size_t nk;
    check_err(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_INVALID_PROGRAM_EXECUTABLE,
              "CL_PROGRAM_NUM_KERNELS before a build: CL_INVALID_PROGRAM_EXECUTABLE");
    clReleaseProgram(p);
}

static void test_kernel_args(cl_kernel k)
{
    float a = 2;
    double d = 2;
    cl_mem m;
    cl_int e;
    check_err(clSetKernelArg(k, 3, sizeof a, &a), CL_INVALID_ARG_INDEX, "argument 3 of 3: CL_INVALID_ARG_INDEX");
    check_err(clSetKernelArg(k, 1, sizeof d, &d), CL_INVALID_ARG_SIZE, "a double for a float: CL_INVALID_ARG_SIZE");
    check_err(clSetKernelArg(k, 1, sizeof a, NULL), CL_INVALID_ARG_VALUE, "a NULL scalar: CL_INVALID_ARG_VALUE");
    check_err(clSetKernelArg(k, 0, 4, &a), CL_INVALID_ARG_SIZE, "a buffer of 4 bytes: CL_INVALID_ARG_SIZE");
    m = (cl_mem)k;
    check_err(clSetKernelArg(k, 0, sizeof m, &m), CL_INVALID_MEM_OBJECT,
              "a kernel given as a buffer argument: CL_INVALID_MEM_OBJECT");
    m = (cl_mem)(uintptr_t)0x1234;
    check_err(clSetKernelArg(k, 0, sizeof m, &m), CL_INVALID_MEM_OBJECT,
              "a made-up pointer as a buffer argument: CL_INVALID_MEM_OBJECT");
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &e);
    clReleaseMemObject(m);
    check_err(clSetKernelArg(k, 0, sizeof m, &m), CL_INVALID_MEM_OBJECT,
              "a released buffer as an argument: CL_INVALID_MEM_OBJECT");
    check_err(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE, "__local of 0 bytes: CL_INVALID_ARG_SIZE");
    check_err(clSetKernelArg(k, 2, 16, &a), CL_INVALID_ARG_VALUE, "__local with a value: CL_INVALID_ARG_VALUE");
    char an[64] = "", tn[64] = "";
    cl_kernel_arg_address_qualifier aq0 = 0, aq2 = 0;
    clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof an, an, NULL);
    clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL);
    clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq0, &aq0, NULL);
    clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq2, &aq2, NULL);
    check(!strcmp(an, "y") && !strcmp(tn, "float*") && aq0 == CL_KERNEL_ARG_ADDRESS_GLOBAL &&
              aq2 == CL_KERNEL_ARG_ADDRESS_LOCAL, "clGetKernelArgInfo (-cl-kernel-arg-info): y, float*, __global; __local");
    check_err(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, sizeof an, an, NULL), CL_INVALID_ARG_INDEX,
              "clGetKernelArgInfo of argument 3 of 3: CL_INVALID_ARG_INDEX");
    check_err(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 1, an, NULL), CL_INVALID_VALUE,
              "clGetKernelArgInfo into 1 byte: CL_INVALID_VALUE");
    size_t g = 256;
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS,
              "enqueued with arguments not set: CL_INVALID_KERNEL_ARGS");
    kbuf = m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, NULL, &e);
    clSetKernelArg(k, 0, sizeof m, &m);
    clSetKernelArg(k, 1, sizeof a, &a);
    clSetKernelArg(k, 2, 256 * 4, NULL);
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS, "then it runs");
}

static void test_sizes(cl_kernel k, cl_kernel fixed)
{
    size_t g[3] = {256, 1, 1}, l[3] = {64, 1, 1}, z = 0;
    check_err(clEnqueueNDRangeKernel(q, k, 0, NULL, g, l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION,
              "0 dimensions: CL_INVALID_WORK_DIMENSION");
    check_err(clEnqueueNDRangeKernel(q, k, 4, NULL, g, l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION,
              "4 dimensions: CL_INVALID_WORK_DIMENSION");
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, l, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE,
              "no global size: CL_INVALID_GLOBAL_WORK_SIZE");
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &z, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE,
              "a global size of 0: CL_INVALID_GLOBAL_WORK_SIZE");
    size_t big = (size_t)1 << 33;
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &big, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE,
              "a global size of 2^33: CL_INVALID_GLOBAL_WORK_SIZE");
    size_t l3 = 48;
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, g, &l3, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE,
              "a local size that does not divide the global: CL_INVALID_WORK_GROUP_SIZE");
    size_t g2[2] = {1024, 1024}, l2[2] = {32, 32};
    check_err(clEnqueueNDRangeKernel(q, k, 2, NULL, g2, l2, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE,
              "a work-group of 1024 (the device's most is 256): CL_INVALID_WORK_GROUP_SIZE");
    size_t gw = 4096, lw = 2048;
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL), CL_INVALID_WORK_ITEM_SIZE,
              "a local size of 2048 in x: CL_INVALID_WORK_ITEM_SIZE");
    size_t l128 = 128;
    check_err(clEnqueueNDRangeKernel(q, fixed, 1, NULL, g, &l128, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE,
              "128 for reqd_work_group_size(64): CL_INVALID_WORK_GROUP_SIZE");
    size_t g100 = 100;
    check_err(clEnqueueNDRangeKernel(q, fixed, 1, NULL, &g100, NULL, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE,
              "100 work-items, no local size, reqd_work_group_size(64): CL_INVALID_WORK_GROUP_SIZE");
    check_err(clEnqueueNDRangeKernel(q, (cl_kernel)q, 1, NULL, g, l, 0, NULL, NULL), CL_INVALID_KERNEL,
              "a queue given as a kernel: CL_INVALID_KERNEL");
    size_t wg = 0, req[3] = {0};
    clGetKernelWorkGroupInfo(fixed, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof req, req, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    check(req[0] == 64 && req[1] == 1 && wg == 256, "work-group info: reqd 64x1x1, most 256");
}

static void test_events(cl_kernel k)
{
    size_t g = 256;
    cl_event ev;
    cl_ulong t;
    cl_int e;
    check_err(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS, "a kernel with an event");
    check_err(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL),
              CL_PROFILING_INFO_NOT_AVAILABLE, "profiling on a queue without it: CL_PROFILING_INFO_NOT_AVAILABLE");
    check_err(clGetEventInfo((cl_event)k, CL_EVENT_COMMAND_TYPE, sizeof t, &t, NULL), CL_INVALID_EVENT,
              "a kernel given as an event: CL_INVALID_EVENT");
    check_err(clWaitForEvents(0, &ev), CL_INVALID_VALUE, "waiting for 0 events: CL_INVALID_VALUE");
    check_err(clWaitForEvents(1, &ev), CL_SUCCESS, "waiting for a completed event");
    cl_program p;
    clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof p, &p, NULL);
    check_err(clBuildProgram(p, 1, &dev, "", NULL, NULL), CL_INVALID_OPERATION,
              "rebuilding a program that has kernels: CL_INVALID_OPERATION");
    clReleaseEvent(ev);
    check(!clCreateKernel(p, "no_such_kernel", &e) && e == CL_INVALID_KERNEL_NAME,
          "clCreateKernel of a name not in the program: CL_INVALID_KERNEL_NAME");
    check(!clCreateUserEvent(NULL, &e) && e == CL_INVALID_CONTEXT,
          "clCreateUserEvent without a context: NULL and CL_INVALID_CONTEXT");
}

int main(void)
{
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: the gcnsim platform is not installed or in OCL_ICD_VENDORS\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, 0, &e);
    check_err(clCreateCommandQueue(ctx, dev, (cl_command_queue_properties)1 << 20, &e) ? CL_SUCCESS : e,
              CL_INVALID_VALUE, "a queue with an unknown property: CL_INVALID_VALUE");
    test_queries();
    test_buffers();
    test_programs();
    cl_program p = build();
    cl_kernel k = clCreateKernel(p, "scale", &e), fixed = clCreateKernel(p, "fixed", &e);
    test_kernel_args(k);
    test_sizes(k, fixed);
    test_events(k);
    clReleaseKernel(k);
    clReleaseKernel(fixed);
    clReleaseProgram(p);
    clReleaseMemObject(kbuf);
    clReleaseCommandQueue(q);
    check_err(clReleaseContext(ctx), CL_SUCCESS, "everything released");
    return t_failed;
}
