/* ocl_wl.h — what the workload host programs (wl_bitonic.c, wl_reduce.c,
 * wl_gemm.c) share: the same random numbers as gcnsim bench's workloads
 * (front/workloads/workloads.c's splitmix64, so both run on the same
 * inputs), a context and profiling queue on the gcnsim device, a program
 * built from an OpenCL C file at run time, and a launch's profiled time. */
#ifndef GCNSIM_OCL_WL_H
#define GCNSIM_OCL_WL_H

#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

/* splitmix64, as wl_rng_next. */
static inline uint64_t wl_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The context and profiling queue on the gcnsim device; 0, or -1. */
static inline int wl_setup(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev))
        return -1;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    return e == CL_SUCCESS ? 0 : -1;
}

/* The program of OpenCL C file path, built for dev (NULL and a FAIL line when not). */
static inline cl_program wl_build(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *src = f ? calloc(1, 1 << 20) : NULL;
    size_t n = src ? fread(src, 1, (1 << 20) - 1, f) : 0;
    if (f)
        fclose(f);
    cl_int e = CL_INVALID_VALUE;
    const char *s = src;
    cl_program p = n ? clCreateProgramWithSource(ctx, 1, &s, NULL, &e) : NULL;
    if (p)
        e = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
    free(src);
    char name[300];
    const char *base = strrchr(path, '/');
    snprintf(name, sizeof name, "%s built from source", base ? base + 1 : path);
    check_err(e, CL_SUCCESS, name);
    return e == CL_SUCCESS ? p : NULL;
}

/* END - START of event ev (released). */
static inline cl_ulong wl_event_ns(cl_event ev)
{
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev);
    return t1 - t0;
}

/* Enqueue k over dims/global/local and add its profiled time to *ns; its error code. */
static inline cl_int wl_launch(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local, cl_ulong *ns)
{
    cl_event ev;
    cl_int e = clEnqueueNDRangeKernel(q, k, dims, NULL, global, local, 0, NULL, &ev);
    if (e == CL_SUCCESS)
        *ns += wl_event_ns(ev);
    return e;
}

/* The line test_ocl.py compares with gcnsim bench's report. */
static inline void wl_report(const char *what, unsigned launches, cl_ulong ns)
{
    printf("%s: launches %u kernel_ns %llu\n", what, launches, (unsigned long long)ns);
}

#endif
