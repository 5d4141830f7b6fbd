/* ocl_programs.c — program binaries and separate compilation, as an
 * ordinary OpenCL program:
 * - a program built from source hands out its code object
 *   (CL_PROGRAM_BINARY_SIZES, CL_PROGRAM_BINARIES), and a program made of
 *   those bytes with clCreateProgramWithBinary (binary_status per device)
 *   builds, runs with the same results and hands out the same bytes again
 *   (as CLBlast, clFFT and pyopencl cache and reload programs);
 * - clCompileProgram of a source that includes a header given as an input
 *   header and calls a function another compiled program defines;
 *   clLinkProgram of the two into an executable that runs; a library
 *   (-create-library) linked again; a compiled object's binary reloaded
 *   and linked; CL_PROGRAM_BINARY_TYPE through these steps; the build logs
 *   of a compile error and of an undefined function; the errors the
 *   specification names. */
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static const char *scale_src =
    "__kernel void scale(__global float *p, float a) { p[get_global_id(0)] *= a; }\n";
static const char *header_src = "float poly(float x);\n#define POLY_OFFSET 0.5f\n";
static const char *main_src =
    "#include \"util/poly.h\"\n"
    "__kernel void apply(__global float *p) { size_t i = get_global_id(0); p[i] = poly(p[i]) + POLY_OFFSET; }\n";
static const char *poly_src = "float poly(float x) { return 3.0f * x * x - x + 1.0f; }\n";

enum { N = 1000 };

/* Run kernel name of p over N floats i*0.25 with args set by the caller's
 * scalar (a, when has_a); 1 when every result is want(i). */
static int run_check(cl_program p, const char *name, int has_a, float a, float (*want)(float))
{
    cl_int e;
    float h[N];
    for (int i = 0; i < N; i++)
        h[i] = (float)i * 0.25f;
    cl_kernel k = clCreateKernel(p, name, &e);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof h, h, &e);
    clSetKernelArg(k, 0, sizeof b, &b);
    if (has_a)
        clSetKernelArg(k, 1, sizeof a, &a);
    size_t g = N;
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof h, h, 0, NULL, NULL);
    int ok = e == CL_SUCCESS;
    for (int i = 0; ok && i < N; i++)
        ok = h[i] == want((float)i * 0.25f);
    clReleaseMemObject(b);
    clReleaseKernel(k);
    return ok;
}

static float times3(float x)
{
    return x * 3.0f;
}

static float poly_ref(float x)
{
    /* the kernel's expression (fma contraction may differ: compare to it as a whole) */
    volatile float t = 3.0f * x * x - x + 1.0f;
    return t + 0.5f;
}

/* p's binary for dev (malloc'ed), its size in *n. */
static unsigned char *get_binary(cl_program p, size_t *n)
{
    *n = 0;
    if (clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof *n, n, NULL) != CL_SUCCESS || !*n)
        return NULL;
    unsigned char *b = malloc(*n), *bins[1] = {b};
    if (clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL) != CL_SUCCESS) {
        free(b);
        return NULL;
    }
    return b;
}

static cl_program_binary_type binary_type(cl_program p)
{
    cl_program_binary_type t = 0xdead;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL);
    return t;
}

static void test_round_trip(void)
{
    cl_int e, st = -1;
    cl_program p = clCreateProgramWithSource(ctx, 1, &scale_src, NULL, &e);
    check(binary_type(p) == CL_PROGRAM_BINARY_TYPE_NONE, "before its build: CL_PROGRAM_BINARY_TYPE_NONE");
    check_err(clBuildProgram(p, 1, &dev, "", NULL, NULL), CL_SUCCESS, "scale built from source");
    check(binary_type(p) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "after it: CL_PROGRAM_BINARY_TYPE_EXECUTABLE");
    size_t n = 0, n2 = 0;
    unsigned char *bin = get_binary(p, &n);
    check(bin && n > 64 && !memcmp(bin, "\177ELF", 4), "CL_PROGRAM_BINARIES: the code object (an ELF file)");
    const unsigned char *bins[1] = {bin};
    cl_program p2 = clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &st, &e);
    check(p2 && e == CL_SUCCESS && st == CL_SUCCESS, "clCreateProgramWithBinary of it: binary_status CL_SUCCESS");
    check(binary_type(p2) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "the reloaded program's type: executable");
    check_err(clBuildProgram(p2, 1, &dev, "", NULL, NULL), CL_SUCCESS, "the reloaded program builds");
    check(run_check(p2, "scale", 1, 3.0f, times3), "the reloaded program's kernel runs: the CPU's results");
    check(run_check(p, "scale", 1, 3.0f, times3), "as does the original's");
    unsigned char *bin2 = get_binary(p2, &n2);
    check(bin2 && n2 == n && !memcmp(bin, bin2, n), "the reloaded program hands out the same bytes");
    size_t names_len = 0;
    char names[64] = "";
    clGetProgramInfo(p2, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, &names_len);
    check(!strcmp(names, "scale"), "its CL_PROGRAM_KERNEL_NAMES: scale");
    unsigned char *none[1] = {NULL};
    check_err(clGetProgramInfo(p2, CL_PROGRAM_BINARIES, sizeof none, none, NULL), CL_SUCCESS,
              "CL_PROGRAM_BINARIES with a NULL entry (that device skipped)");
    bin[0] ^= 0xff;
    cl_int sts[1] = {0};
    check(!clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, sts, &e) && e == CL_INVALID_BINARY &&
              sts[0] == CL_INVALID_BINARY, "a corrupted copy: CL_INVALID_BINARY, and its binary_status");
    clReleaseProgram(p2);
    clReleaseProgram(p);
    free(bin);
    free(bin2);
    /* a compiled object's binary built with clBuildProgram (linked alone) */
    p = clCreateProgramWithSource(ctx, 1, &scale_src, NULL, &e);
    clCompileProgram(p, 1, &dev, NULL, 0, NULL, NULL, NULL, NULL);
    bin = get_binary(p, &n);
    bins[0] = bin;
    p2 = clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &st, &e);
    check_err(clBuildProgram(p2, 1, &dev, NULL, NULL, NULL), CL_SUCCESS,
              "clBuildProgram of a compiled object's binary links it");
    check(binary_type(p2) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && run_check(p2, "scale", 1, 3.0f, times3),
          "into an executable whose kernel runs: the CPU's results");
    clReleaseProgram(p2);
    clReleaseProgram(p);
    free(bin);
}

/* Log of p for dev (static buffer). */
static const char *build_log(cl_program p)
{
    static char log[16384];
    log[0] = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    return log;
}

static cl_program source(const char *s)
{
    cl_int e;
    return clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
}

static void test_compile_link(void)
{
    cl_int e;
    cl_program hdr = source(header_src), pm = source(main_src), pp = source(poly_src);
    const char *names[1] = {"util/poly.h"};
    check_err(clCompileProgram(pm, 1, &dev, "-cl-std=CL1.2", 1, &hdr, names, NULL, NULL), CL_SUCCESS,
              "clCompileProgram with an input header util/poly.h");
    check_err(clCompileProgram(pp, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_SUCCESS,
              "clCompileProgram of the function it calls");
    cl_build_status bs = CL_BUILD_NONE;
    clGetProgramBuildInfo(pm, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
    check(bs == CL_BUILD_SUCCESS && binary_type(pm) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
          "compiled: CL_BUILD_SUCCESS, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT");
    clCreateKernel(pm, "apply", &e);
    check_err(e, CL_INVALID_PROGRAM_EXECUTABLE, "clCreateKernel of a compiled object: CL_INVALID_PROGRAM_EXECUTABLE");
    cl_program two[2] = {pm, pp};
    cl_program exe = clLinkProgram(ctx, 1, &dev, "", 2, two, NULL, NULL, &e);
    check(exe && e == CL_SUCCESS, "clLinkProgram of the two: an executable");
    check(binary_type(exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "its type: CL_PROGRAM_BINARY_TYPE_EXECUTABLE");
    check(exe && run_check(exe, "apply", 0, 0, poly_ref), "its kernel calls the other object's function: the CPU's results");
    cl_program lib = clLinkProgram(ctx, 1, &dev, "-create-library", 1, &pp, NULL, NULL, &e);
    check(lib && e == CL_SUCCESS && binary_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY,
          "-create-library: CL_PROGRAM_BINARY_TYPE_LIBRARY");
    cl_program withlib[2] = {pm, lib};
    cl_program exe2 = clLinkProgram(ctx, 0, NULL, NULL, 2, withlib, NULL, NULL, &e);
    check(exe2 && e == CL_SUCCESS && run_check(exe2, "apply", 0, 0, poly_ref),
          "the object linked with the library: the same results");
    /* a compiled object's binary, reloaded and linked */
    size_t n = 0;
    unsigned char *bin = get_binary(pm, &n);
    const unsigned char *bins[1] = {bin};
    cl_int st = -1;
    cl_program re = clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &st, &e);
    check(re && st == CL_SUCCESS && binary_type(re) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
          "a compiled object's binary reloaded: CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT");
    cl_program again[2] = {re, pp};
    cl_program exe3 = clLinkProgram(ctx, 1, &dev, NULL, 2, again, NULL, NULL, &e);
    check(exe3 && e == CL_SUCCESS && run_check(exe3, "apply", 0, 0, poly_ref),
          "linked with the other object: the same results");
    /* failures and their logs */
    cl_program lone = clLinkProgram(ctx, 1, &dev, NULL, 1, &pm, NULL, NULL, &e);
    check(lone && e == CL_LINK_PROGRAM_FAILURE, "linking without the function's object: CL_LINK_PROGRAM_FAILURE, a program");
    check(lone && strstr(build_log(lone), "undefined") && strstr(build_log(lone), "symbol: poly"),
          "its build log has the linker's 'undefined ... symbol: poly'");
    bs = CL_BUILD_NONE;
    clGetProgramBuildInfo(lone, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
    check(bs == CL_BUILD_ERROR, "and its build status is CL_BUILD_ERROR");
    cl_program bad = source("float f(void) { return undeclared_thing; }\n");
    check_err(clCompileProgram(bad, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_COMPILE_PROGRAM_FAILURE,
              "a compile error: CL_COMPILE_PROGRAM_FAILURE");
    check(strstr(build_log(bad), "undeclared_thing") != NULL, "its build log has clang's error");
    check(!clLinkProgram(ctx, 1, &dev, "-no-such-option", 2, two, NULL, NULL, &e) && e == CL_INVALID_LINKER_OPTIONS,
          "an unknown link option: CL_INVALID_LINKER_OPTIONS");
    check(!clLinkProgram(ctx, 1, &dev, "-enable-link-options", 2, two, NULL, NULL, &e) &&
              e == CL_INVALID_LINKER_OPTIONS, "-enable-link-options without -create-library: CL_INVALID_LINKER_OPTIONS");
    check(!clLinkProgram(ctx, 1, &dev, NULL, 1, &exe, NULL, NULL, &e) && e == CL_INVALID_OPERATION,
          "linking an executable: CL_INVALID_OPERATION");
    check(!clLinkProgram(ctx, 1, &dev, NULL, 1, &bad, NULL, NULL, &e) && e == CL_INVALID_OPERATION,
          "linking a program whose compile failed: CL_INVALID_OPERATION");
    check(!clLinkProgram(ctx, 1, &dev, NULL, 0, two, NULL, NULL, &e) && e == CL_INVALID_VALUE,
          "linking no programs: CL_INVALID_VALUE");
    check(!clLinkProgram(ctx, 1, &dev, NULL, 1, (cl_program *)&q, NULL, NULL, &e) && e == CL_INVALID_PROGRAM,
          "linking a queue: CL_INVALID_PROGRAM");
    check(!clLinkProgram((cl_context)q, 1, &dev, NULL, 2, two, NULL, NULL, &e) && e == CL_INVALID_CONTEXT,
          "linking in a queue: CL_INVALID_CONTEXT");
    check_err(clCompileProgram(re, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION,
              "clCompileProgram of a program without source: CL_INVALID_OPERATION");
    check_err(clCompileProgram(pm, 0, NULL, NULL, 1, NULL, names, NULL, NULL), CL_INVALID_VALUE,
              "one input header and no header programs: CL_INVALID_VALUE");
    check_err(clCompileProgram(pm, 0, NULL, NULL, 0, &hdr, NULL, NULL, NULL), CL_INVALID_VALUE,
              "header programs and no count: CL_INVALID_VALUE");
    check_err(clCompileProgram((cl_program)ctx, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM,
              "clCompileProgram of a context: CL_INVALID_PROGRAM");
    cl_program progs[] = {hdr, pm, pp, exe, lib, exe2, re, exe3, lone, bad};
    for (size_t i = 0; i < sizeof progs / sizeof *progs; i++)
        if (progs[i])
            clReleaseProgram(progs[i]);
    free(bin);
}

/* With two devices of different targets (GCNSIM_DEVICE=r9-nano,vega-64):
 * one binary per device, reloaded with a status per device; a binary
 * given for the other device's target is refused for that device alone. */
static void test_two_devices(cl_platform_id pf)
{
    cl_device_id d[2];
    cl_uint n = 0;
    cl_int e, st[2] = {-1, -1};
    clGetDeviceIDs(pf, CL_DEVICE_TYPE_ALL, 2, d, &n);
    if (n < 2)
        return;
    cl_context c = clCreateContext(NULL, 2, d, NULL, NULL, &e);
    cl_program p = clCreateProgramWithSource(c, 1, &scale_src, NULL, &e);
    check_err(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_SUCCESS, "two devices: scale built for both");
    size_t sizes[2] = {0, 0};
    clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, NULL);
    unsigned char *bins[2] = {malloc(sizes[0] + 1), malloc(sizes[1] + 1)};
    clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL);
    check(sizes[0] && sizes[1] && !memcmp(bins[0], "\177ELF", 4) && !memcmp(bins[1], "\177ELF", 4) &&
              (sizes[0] != sizes[1] || memcmp(bins[0], bins[1], sizes[0])),
          "two devices: CL_PROGRAM_BINARIES gives a code object for each target");
    const unsigned char *cb[2] = {bins[0], bins[1]};
    cl_program p2 = clCreateProgramWithBinary(c, 2, d, sizes, cb, st, &e);
    check(p2 && e == CL_SUCCESS && st[0] == CL_SUCCESS && st[1] == CL_SUCCESS,
          "two devices: both binaries reloaded, binary_status CL_SUCCESS for each");
    check_err(clBuildProgram(p2, 0, NULL, NULL, NULL, NULL), CL_SUCCESS, "two devices: the reloaded program builds");
    const unsigned char *swapped[2] = {bins[0], bins[0]};
    size_t ss[2] = {sizes[0], sizes[0]};
    st[0] = st[1] = -1;
    check(!clCreateProgramWithBinary(c, 2, d, ss, swapped, st, &e) && e == CL_INVALID_BINARY &&
              st[0] == CL_SUCCESS && st[1] == CL_INVALID_BINARY,
          "two devices: the first device's binary for the second: CL_INVALID_BINARY for it alone");
    clReleaseProgram(p2);
    clReleaseProgram(p);
    clReleaseContext(c);
    free(bins[0]);
    free(bins[1]);
}

int main(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim device (the platform installed or in OCL_ICD_VENDORS)\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, 0, &e);
    test_round_trip();
    test_compile_link();
    test_two_devices(pf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_failed;
}
