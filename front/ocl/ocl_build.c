/* ocl_build.c — OpenCL C to a code object (clBuildProgram) or to a
 * compiled object, LLVM bitcode (clCompileProgram, see ocl_link.c):
 * clang-15 run as tests/kernels/clcc.sh's clcc_each runs it (-x cl -O2
 * -target amdgcn-amd-amdhsa -mcpu=TARGET --rocm-device-lib-path=DEVLIBS,
 * so that front/workloads' kernels built here have the machine code of
 * those make kernels builds) but in OpenCL C 1.2, the devices' CL_DEVICE_OPENCL_C_VERSION,
 * which the specification makes the default of -cl-std (clcc.sh's
 * CL2.0 makes unqualified pointers generic, which gfx6 cannot address),
 * then the application's options, which may override -cl-std or
 * -O2 (-cl-opt-disable); -c -emit-llvm for an object, with the
 * program's input headers in an include directory), its messages kept as
 * the build log; a program that calls printf takes ocl_build_printf.c's
 * way.  GCNSIM_CLANG and GCNSIM_DEVLIBS name another
 * compiler or device-library directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/ocl/ocl.h"

#define DEFAULT_CLANG "clang-15"
#define DEFAULT_DEVLIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
enum { MAX_ARGS = 256 };

/* Split options at blank space ("double quotes" group) into argv[*n...]; the
 * words are written into buf (strlen(options)+1 bytes).  -1 if too many. */
static int split_options(const char *o, char *buf, char **argv, int *n)
{
    while (*o) {
        while (*o == ' ' || *o == '\t' || *o == '\n')
            o++;
        if (!*o)
            break;
        if (*n >= MAX_ARGS - 12)
            return -1;
        argv[(*n)++] = buf;
        int q = 0;
        for (; *o && (q || (*o != ' ' && *o != '\t' && *o != '\n')); o++)
            if (*o == '"')
                q = !q;
            else
                *buf++ = *o;
        *buf++ = 0;
    }
    return 0;
}

/* Write the source and the input headers (under include/) into t; 0 or -1
 * (log says why). */
static int write_inputs(const ocl_cc_t *cc, const ocl_tmp_t *t, char **log)
{
    if (ocl_tmp_write(t, "program.cl", cc->source, strlen(cc->source))) {
        ocl_log_add(log, "gcnsim: cannot write the program's source to a temporary file\n");
        return -1;
    }
    for (size_t i = 0; i < cc->nheaders; i++) {
        char name[4200];
        snprintf(name, sizeof name, "include/%s", cc->header_names[i]);
        if (ocl_tmp_write(t, name, cc->header_srcs[i], strlen(cc->header_srcs[i]))) {
            ocl_log_add(log, "gcnsim: cannot write input header '");
            ocl_log_add(log, cc->header_names[i]);
            ocl_log_add(log, "' (a relative name without . or .. is needed)\n");
            return -1;
        }
    }
    return 0;
}

/* Fill argv for cc in t (paths written into the buffers given); its count. */
static int make_argv(const ocl_cc_t *cc, const ocl_tmp_t *t, char **argv, char *words, char paths[5][4200])
{
    const char *clang = getenv("GCNSIM_CLANG"), *devlibs = getenv("GCNSIM_DEVLIBS");
    int n = 0;
    argv[n++] = (char *)(clang && clang[0] ? clang : DEFAULT_CLANG);
    snprintf(paths[0], sizeof paths[0], "-mcpu=%s", cc->gfx);
    snprintf(paths[1], sizeof paths[1], "--rocm-device-lib-path=%s",
             devlibs && devlibs[0] ? devlibs : DEFAULT_DEVLIBS);
    /* clang defines __OPENCL_C_VERSION__; __OPENCL_VERSION__, the device's
     * version (CL_DEVICE_VERSION, OpenCL 1.2), and __IMAGE_SUPPORT__ (the
     * device supports images) are the driver's to define */
    const char *fixed[] = {"-x", "cl", "-cl-std=CL1.2", "-O2", "-target", "amdgcn-amd-amdhsa", paths[0], paths[1],
                           "-D__OPENCL_VERSION__=120", "-D__IMAGE_SUPPORT__=1"};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        argv[n++] = (char *)fixed[i];
    if (cc->nheaders) {
        argv[n++] = "-I";
        argv[n++] = ocl_tmp_path(t, "include", paths[2], sizeof paths[2]);
    }
    if (split_options(cc->options ? cc->options : "", words, argv, &n))
        return -1;
    if (cc->object) {
        argv[n++] = "-c";
        argv[n++] = "-emit-llvm";
    }
    argv[n++] = "-o";
    argv[n++] = ocl_tmp_path(t, "program.o", paths[3], sizeof paths[3]);
    argv[n++] = ocl_tmp_path(t, "program.cl", paths[4], sizeof paths[4]);
    argv[n] = NULL;
    return n;
}

/* Whether clang's messages say it refused an option (the driver's
 * "clang: error: unknown argument" and the like, or the front end's
 * "error: invalid value 'X' in '-opt'"): then the options were invalid,
 * rather than the program. */
static int refused_option(const char *log)
{
    static const char *const says[] = {": error: unknown argument", ": error: unsupported option",
                                       ": error: no such file or directory", "error: invalid value '"};
    for (size_t i = 0; log && i < sizeof says / sizeof *says; i++)
        if (strstr(log, says[i]))
            return 1;
    return 0;
}

int ocl_compile(const ocl_cc_t *cc, uint8_t **bin, size_t *bin_size, char **log)
{
    *bin = NULL;
    *log = NULL;
    ocl_tmp_t t;
    if (ocl_tmp_make(&t)) {
        ocl_log_add(log, "gcnsim: cannot make a temporary directory for the compiler\n");
        return -1;
    }
    char *argv[MAX_ARGS], paths[5][4200];
    char *words = malloc(strlen(cc->options ? cc->options : "") + 1);
    int rc = -1, n = words ? make_argv(cc, &t, argv, words, paths) : -1;
    if (n < 0)
        ocl_log_add(log, words ? "gcnsim: too many build options\n" : "gcnsim: out of host memory\n");
    else if (write_inputs(cc, &t, log) == 0 &&
             (!cc->object && ocl_calls_printf(cc) ? ocl_compile_printf(argv, n, &t, cc->gfx, paths[3], log)
                                                  : ocl_run_tool(argv, &t, "GCNSIM_CLANG", log)) == 0 &&
             (*bin = (uint8_t *)ocl_slurp(paths[3], bin_size)))
        rc = 0;
    if (!*log)
        ocl_log_add(log, "");
    if (rc && refused_option(*log))
        rc = -2;
    ocl_tmp_remove(&t);
    free(words);
    return rc;
}
