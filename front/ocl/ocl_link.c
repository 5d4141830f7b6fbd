/* ocl_link.c — compiled objects linked into a code object, as ROCm's
 * code-object manager links them: the objects are LLVM bitcode (clang-15
 * -c -emit-llvm, with the device libraries already in), llvm-link-15
 * joins them into one module (a library is that module), clang-15
 * generates code for the target (-O2, the optimisation level OpenCL C
 * builds take) as one object, and ld.lld-16 -shared makes the code object
 * (as tests/kernels/clcc.sh's clcc_v5; --no-undefined, so that a function
 * no object defines fails the link).  Objects are bitcode, not ELF,
 * because each AMDGPU ELF object carries its own kernel-metadata note,
 * and a code object linked from two would have two.  GCNSIM_LLVM_LINK,
 * GCNSIM_CLANG and GCNSIM_LLD name other tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

#define DEFAULT_LLVM_LINK "llvm-link-15"
#define DEFAULT_CLANG "clang-15"
#define DEFAULT_LLD "ld.lld-16"

cl_program_binary_type ocl_binary_type(const uint8_t *bin, size_t size)
{
    if (size >= 4 && !memcmp(bin, "BC\xc0\xde", 4))
        return CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    return CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}

/* The tool variable var names, or def. */
static char *tool(const char *var, const char *def)
{
    const char *v = getenv(var);
    return (char *)(v && v[0] ? v : def);
}

/* llvm-link the n objects (written into t) into t's linked.bc; 0 or -1. */
static int link_bitcode(const ocl_tmp_t *t, const uint8_t *const *objs, const size_t *sizes, size_t n, char **log)
{
    char **argv = malloc((n + 5) * sizeof *argv), *names = malloc(n * 4200 + 4200);
    int k = 0, rc = -1;
    if (argv && names) {
        argv[k++] = tool("GCNSIM_LLVM_LINK", DEFAULT_LLVM_LINK);
        argv[k++] = "-o";
        argv[k++] = ocl_tmp_path(t, "linked.bc", names + n * 4200, 4200);
        rc = 0;
        for (size_t i = 0; rc == 0 && i < n; i++) {
            char name[32];
            snprintf(name, sizeof name, "o%zu.bc", i);
            rc = ocl_tmp_write(t, name, objs[i], sizes[i]);
            argv[k++] = ocl_tmp_path(t, name, names + i * 4200, 4200);
        }
        if (rc)
            ocl_log_add(log, "gcnsim: cannot write the objects to link to temporary files\n");
        argv[k] = NULL;
    } else
        ocl_log_add(log, "gcnsim: out of host memory\n");
    if (rc == 0)
        rc = ocl_run_tool(argv, t, "GCNSIM_LLVM_LINK", log) ? -1 : 0;
    free(argv);
    free(names);
    return rc;
}

/* Generate code for gfx from t's linked.bc and link it into linked.co; 0 or -1. */
static int codegen(const ocl_tmp_t *t, const char *gfx, char **log)
{
    char bc[4200], obj[4200], co[4200], mcpu[64];
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", gfx);
    char *cc[] = {tool("GCNSIM_CLANG", DEFAULT_CLANG), "-target", "amdgcn-amd-amdhsa", mcpu, "-nogpulib", "-O2",
                  "-c", "-o", ocl_tmp_path(t, "linked.o", obj, sizeof obj),
                  ocl_tmp_path(t, "linked.bc", bc, sizeof bc), NULL};
    char *ld[] = {tool("GCNSIM_LLD", DEFAULT_LLD), "-shared", "--no-undefined", "-o",
                  ocl_tmp_path(t, "linked.co", co, sizeof co),
                  obj, NULL};
    if (ocl_run_tool(cc, t, "GCNSIM_CLANG", log))
        return -1;
    return ocl_run_tool(ld, t, "GCNSIM_LLD", log) ? -1 : 0;
}

int ocl_link(const uint8_t *const *objs, const size_t *sizes, size_t n, const char *gfx, int library,
             uint8_t **bin, size_t *bin_size, char **log)
{
    *bin = NULL;
    ocl_tmp_t t;
    if (ocl_tmp_make(&t)) {
        ocl_log_add(log, "gcnsim: cannot make a temporary directory for the linker\n");
        return -1;
    }
    char out[4200];
    int rc = link_bitcode(&t, objs, sizes, n, log);
    if (rc == 0 && !library)
        rc = codegen(&t, gfx, log);
    if (rc == 0 && !(*bin = (uint8_t *)ocl_slurp(ocl_tmp_path(&t, library ? "linked.bc" : "linked.co", out,
                                                              sizeof out), bin_size)))
        rc = -1;
    ocl_tmp_remove(&t);
    return rc;
}
