/* ocl_wl.h — what the workload host programs (wl_bitonic.c, wl_reduce.c,
 * wl_gemm.c) share: the same random numbers as gcnsim bench's workloads
 * (front/workloads/workloads.c's splitmix64, so both run on the same
 * inputs), a context and profiling queue on the gcnsim device, a program
 * built from an OpenCL C file at run time (or loaded from a code object),
 * and a launch's profiled time. */
#ifndef GCNSIM_OCL_WL_H
#define GCNSIM_OCL_WL_H

#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "ocl_test.h"

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static uint64_t wl_check_ns, wl_check_cpu_ns;   /* wall and CPU time in the CPU reference checks */
static uint64_t wl_check_t0, wl_check_c0;

/* Clock c in ns. */
static inline uint64_t wl_now_ns(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Start and stop timing the host's own reference work (make bench leaves
 * it out of the program's wall time: it is not the driver's). */
static inline void wl_check_begin(void)
{
    wl_check_t0 = wl_now_ns(CLOCK_MONOTONIC);
    wl_check_c0 = wl_now_ns(CLOCK_PROCESS_CPUTIME_ID);
}

static inline void wl_check_end(void)
{
    wl_check_ns += wl_now_ns(CLOCK_MONOTONIC) - wl_check_t0;
    wl_check_cpu_ns += wl_now_ns(CLOCK_PROCESS_CPUTIME_ID) - wl_check_c0;
}

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

/* The program of file path, built for dev (NULL and a FAIL line when not):
 * OpenCL C from source, or a code object (a name ending in .co, as make
 * kernels builds front/workloads/bin/NAME-TARGET.co) through
 * clCreateProgramWithBinary, which leaves the compiler out. */
static inline cl_program wl_build(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *src = f ? calloc(1, 1 << 22) : NULL;
    size_t n = src ? fread(src, 1, (1 << 22) - 1, f) : 0;
    if (f)
        fclose(f);
    size_t len = strlen(path);
    int binary = len > 3 && !strcmp(path + len - 3, ".co");
    cl_int e = CL_INVALID_VALUE, bst = CL_INVALID_VALUE;
    const char *s = src;
    const unsigned char *bin = (const unsigned char *)src;
    cl_program p = !n ? NULL
                   : binary ? clCreateProgramWithBinary(ctx, 1, &dev, &n, &bin, &bst, &e)
                            : clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
    if (p)
        e = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
    free(src);
    char name[300];
    const char *base = strrchr(path, '/');
    snprintf(name, sizeof name, "%s built from %s", base ? base + 1 : path, binary ? "its binary" : "source");
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

/* The line test_ocl.py compares with gcnsim bench's report (and make
 * bench reads for the time of the reference checks). */
static inline void wl_report(const char *what, unsigned launches, cl_ulong ns)
{
    printf("%s: launches %u kernel_ns %llu check_ns %llu check_cpu_ns %llu\n", what, launches,
           (unsigned long long)ns, (unsigned long long)wl_check_ns, (unsigned long long)wl_check_cpu_ns);
}

/* The optional launch limit, argv[3] (0: every launch; -1 when malformed). */
static inline long wl_limit(int argc, char **argv)
{
    if (argc < 4)
        return 0;
    char *end;
    long l = strtol(argv[3], &end, 0);
    return *end || l < 1 ? -1 : l;
}

#endif
