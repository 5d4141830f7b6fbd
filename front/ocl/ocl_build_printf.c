/* ocl_build_printf.c — building a program that calls printf, as
 * tests/kernels/clcc.sh's clcc_printf does.  clang-15's printf lowering
 * (which turns each call into a record of the printf buffer and the
 * amdhsa.printf metadata) finds the format string only with typed
 * pointers; with the opaque pointers of its default it deletes the calls.
 * So: clang's command with typed pointers and without the device
 * libraries, to bitcode; opt-15 upgrades it to opaque pointers; the
 * device libraries that clang links for the same command (clang -###
 * lists them) are linked by llvm-link-15 as clang links them (only what
 * is needed, internalized); clang compiles the result.  GCNSIM_OPT and
 * GCNSIM_LLVM_LINK name other tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

enum { MAX_LIBS = 32, MAX_ARGV = 300 };

static const char *tool(const char *var, const char *dflt)
{
    const char *v = getenv(var);
    return v && v[0] ? v : dflt;
}

/* The device libraries in clang -### output: each quoted path after
 * "-mlink-builtin-bitcode", into libs (at most MAX_LIBS, malloc'ed). */
static int parse_libs(const char *out, char **libs)
{
    static const char key[] = "\"-mlink-builtin-bitcode\" \"";
    int n = 0;
    for (const char *p = out; p && (p = strstr(p, key)) && n < MAX_LIBS;) {
        p += sizeof key - 1;
        const char *e = strchr(p, '"');
        if (!e)
            break;
        libs[n++] = strndup(p, (size_t)(e - p));
        p = e;
    }
    return n;
}

/* Copy clang's words (argv[1..n-4]: everything before -o OUT SRC) after
 * prefix words into out; the count. */
static int words(char *const *argv, int n, char **out, int k)
{
    for (int i = 1; i + 3 < n && k < MAX_ARGV - 16; i++)
        out[k++] = argv[i];
    return k;
}

/* Step 1 (typed bitcode at bc) and the library list; 0 or -1. */
static int lower_printf(char *const *argv, int n, const ocl_tmp_t *t, const char *bc, char **libs, int *nlibs,
                        char **log)
{
    char *a[MAX_ARGV];
    int k = words(argv, n, a, 1);
    a[0] = argv[0];
    const char *extra[] = {"-nogpulib", "-Xclang", "-no-opaque-pointers", "-c", "-emit-llvm", "-o"};
    for (size_t i = 0; i < sizeof extra / sizeof *extra; i++)
        a[k++] = (char *)extra[i];
    a[k++] = (char *)bc;
    a[k++] = argv[n - 1];
    a[k] = NULL;
    if (ocl_run_tool(a, t, "GCNSIM_CLANG", log))
        return -1;
    k = words(argv, n, a, 1);
    a[k++] = "-c";
    a[k++] = "-###";
    a[k++] = argv[n - 1];
    a[k] = NULL;
    char *out = NULL;
    int st = ocl_run_tool(a, t, "GCNSIM_CLANG", &out);
    *nlibs = st ? 0 : parse_libs(out, libs);
    if (st)
        ocl_log_add(log, out);
    free(out);
    return st ? -1 : 0;
}

/* Steps 2-4: opaque pointers, the libraries linked, compiled to obj. */
static int finish(char *const *argv, int n, const ocl_tmp_t *t, const char *gfx, char **libs, int nlibs,
                  const char *obj, char **log)
{
    char typed[4200], opaque[4200], linked[4200], mcpu[64];
    ocl_tmp_path(t, "printf.typed.bc", typed, sizeof typed);
    ocl_tmp_path(t, "printf.bc", opaque, sizeof opaque);
    ocl_tmp_path(t, "printf.linked.bc", linked, sizeof linked);
    char *o[] = {(char *)tool("GCNSIM_OPT", "opt-15"), "-opaque-pointers", typed, "-o", opaque, NULL};
    if (ocl_run_tool(o, t, "GCNSIM_OPT", log))
        return -1;
    char *l[MAX_LIBS + 8];
    int k = 0;
    l[k++] = (char *)tool("GCNSIM_LLVM_LINK", "llvm-link-15");
    l[k++] = opaque;
    l[k++] = "--only-needed";
    l[k++] = "--internalize";
    for (int i = 0; i < nlibs; i++)
        l[k++] = libs[i];
    l[k++] = "-o";
    l[k++] = linked;
    l[k] = NULL;
    if (ocl_run_tool(l, t, "GCNSIM_LLVM_LINK", log))
        return -1;
    int o0 = 0;
    for (int i = 1; i < n; i++)
        o0 |= !strcmp(argv[i], "-cl-opt-disable") || !strcmp(argv[i], "-O0");
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", gfx);
    char *c[] = {argv[0], "-x", "ir", "-target", "amdgcn-amd-amdhsa", mcpu, "-nogpulib", o0 ? "-O0" : "-O2",
                 "-o", (char *)obj, linked, NULL};
    return ocl_run_tool(c, t, "GCNSIM_CLANG", log) ? -1 : 0;
}

int ocl_compile_printf(char *const *argv, int n, const ocl_tmp_t *t, const char *gfx, const char *obj, char **log)
{
    char typed[4200], *libs[MAX_LIBS];
    int nlibs = 0;
    ocl_tmp_path(t, "printf.typed.bc", typed, sizeof typed);
    int rc = lower_printf(argv, n, t, typed, libs, &nlibs, log);
    if (rc == 0)
        rc = finish(argv, n, t, gfx, libs, nlibs, obj, log);
    for (int i = 0; i < nlibs; i++)
        free(libs[i]);
    return rc;
}

int ocl_calls_printf(const ocl_cc_t *cc)
{
    if (strstr(cc->source, "printf"))
        return 1;
    for (size_t i = 0; i < cc->nheaders; i++)
        if (strstr(cc->header_srcs[i], "printf"))
            return 1;
    return 0;
}
