/* ocl_separate.c — separate compilation and linking: clCompileProgram
 * turns a program's source into one compiled object per device
 * (ocl_build.c with -c; its input headers in an include directory), and
 * clLinkProgram links the objects of programs into a new program
 * (ocl_link.c): an executable opened into the context's memory, or with
 * -create-library a library (one object) to link again. */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* The device indexes of a device list in c into idx (all of c's when
 * devs is NULL); their count, or -1 when a device is not c's. */
static int device_indexes(cl_context c, cl_uint n, const cl_device_id *devs, int *idx)
{
    if (!devs) {
        for (cl_uint i = 0; i < c->ndev; i++)
            idx[i] = (int)i;
        return (int)c->ndev;
    }
    for (cl_uint i = 0; i < n; i++)
        if ((idx[i] = ocl_ctx_dev_index(c, devs[i])) < 0)
            return -1;
    return (int)n;
}

/* The checks of clCompileProgram's arguments; CL_SUCCESS or the error. */
static cl_int check_compile(cl_program p, cl_uint ndev, const cl_device_id *devs, cl_uint nh,
                            const cl_program *hdrs, const char **names, int notify, const void *data)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    if ((!devs) != (!ndev) || (!notify && data) || (nh && (!hdrs || !names)) || (!nh && (hdrs || names)))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < nh; i++)
        if (!ocl_obj_is(hdrs[i], OCL_PROGRAM) || !hdrs[i]->source || !names[i])
            return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < ndev; i++)
        if (ocl_ctx_dev_index(p->ctx, devs[i]) < 0)
            return CL_INVALID_DEVICE;
    if (p->nkernels_made || !p->source)
        return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

/* Compile p's source for device index i into a compiled object (bitcode). */
static cl_int compile_one(cl_program p, int i, const ocl_cc_t *tmpl)
{
    ocl_build_t *b = &p->b[i];
    ocl_cc_t cc = *tmpl;
    cc.gfx = p->ctx->devs[i]->dev.target;
    ocl_program_close(p, (cl_uint)i);
    free(b->log);
    free(b->bin);
    b->log = NULL;
    b->bin = NULL;
    b->bin_size = 0;
    b->type = CL_PROGRAM_BINARY_TYPE_NONE;
    int bad = ocl_compile(&cc, &b->bin, &b->bin_size, &b->log);
    if (bad) {
        b->status = CL_BUILD_ERROR;
        return bad == -2 ? CL_INVALID_COMPILER_OPTIONS : CL_COMPILE_PROGRAM_FAILURE;
    }
    b->type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    b->status = CL_BUILD_SUCCESS;
    return CL_SUCCESS;
}

cl_int clCompileProgram(cl_program p, cl_uint ndev, const cl_device_id *devs, const char *options, cl_uint nh,
                        const cl_program *hdrs, const char **names, void (CL_CALLBACK *notify)(cl_program, void *),
                        void *data)
{
    cl_int e = check_compile(p, ndev, devs, nh, hdrs, names, notify != NULL, data);
    if (e != CL_SUCCESS)
        return e;
    int *idx = malloc((p->ctx->ndev + 1) * sizeof *idx);
    const char **srcs = malloc((nh + 1) * sizeof *srcs);
    if (!idx || !srcs) {
        free(idx);
        free(srcs);
        return CL_OUT_OF_HOST_MEMORY;
    }
    for (cl_uint i = 0; i < nh; i++)
        srcs[i] = hdrs[i]->source;
    ocl_lock();
    free(p->options);
    p->options = strdup(options ? options : "");
    ocl_cc_t cc = {p->source, NULL, options ? options : "", 1, nh, names, srcs};
    int n = device_indexes(p->ctx, ndev, devs, idx);
    for (int i = 0; i < n; i++) {
        cl_int r = compile_one(p, idx[i], &cc);
        if (r != CL_SUCCESS && e != CL_INVALID_COMPILER_OPTIONS)
            e = r;
    }
    ocl_unlock();
    free(idx);
    free(srcs);
    if (notify)
        notify(p, data);
    return e;
}

/* Whether clLinkProgram's options are valid; *library when they ask for one. */
static int link_options(const char *o, int *library)
{
    static const char *const known[] = {"-create-library", "-enable-link-options", "-cl-denorms-are-zero",
                                        "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
                                        "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp"};
    int enable = 0;
    *library = 0;
    while (o && *o) {
        size_t k = strcspn(o, " \t\n");
        int ok = k == 0;
        for (size_t i = 0; !ok && i < sizeof known / sizeof *known; i++)
            ok = strlen(known[i]) == k && !strncmp(o, known[i], k);
        if (!ok)
            return 0;
        *library |= k == 15 && !strncmp(o, "-create-library", k);
        enable |= k == 20 && !strncmp(o, "-enable-link-options", k);
        o += k + (o[k] != 0);
    }
    return !enable || *library;
}

/* The checks of clLinkProgram's arguments; CL_SUCCESS or the error. */
static cl_int check_link(cl_context c, cl_uint ndev, const cl_device_id *devs, cl_uint np, const cl_program *progs,
                         int notify, const void *data)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    if ((!devs) != (!ndev) || !np || !progs || (!notify && data))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < ndev; i++)
        if (ocl_ctx_dev_index(c, devs[i]) < 0)
            return CL_INVALID_DEVICE;
    for (cl_uint i = 0; i < np; i++)
        if (!ocl_obj_is(progs[i], OCL_PROGRAM) || progs[i]->ctx != c)
            return CL_INVALID_PROGRAM;
    return CL_SUCCESS;
}

/* Whether every input program has an object or library for device index i
 * (compiled, or created from that binary). */
static int have_objects(cl_uint np, const cl_program *progs, int i)
{
    for (cl_uint k = 0; k < np; k++) {
        const ocl_build_t *b = &progs[k]->b[i];
        int ready = b->status == CL_BUILD_SUCCESS || !progs[k]->source;
        if (!b->bin || !ready || (b->type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                                  b->type != CL_PROGRAM_BINARY_TYPE_LIBRARY))
            return 0;
    }
    return 1;
}

/* Link the input programs' objects for device index i into out. */
static cl_int link_one(cl_program out, cl_uint np, const cl_program *progs, int i, int library)
{
    ocl_build_t *b = &out->b[i];
    const uint8_t **objs = malloc(np * sizeof *objs);
    size_t *sizes = malloc(np * sizeof *sizes);
    int bad = !objs || !sizes;
    for (cl_uint k = 0; !bad && k < np; k++) {
        objs[k] = progs[k]->b[i].bin;
        sizes[k] = progs[k]->b[i].bin_size;
    }
    if (bad)
        ocl_log_add(&b->log, "gcnsim: out of host memory\n");
    else
        bad = ocl_link(objs, sizes, np, out->ctx->devs[i]->dev.target, library, &b->bin, &b->bin_size, &b->log);
    free(objs);
    free(sizes);
    if (bad) {
        b->status = CL_BUILD_ERROR;
        return CL_LINK_PROGRAM_FAILURE;
    }
    if (library) {
        b->type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        b->status = CL_BUILD_SUCCESS;
        return CL_SUCCESS;
    }
    return ocl_program_open(out, (cl_uint)i) == CL_SUCCESS ? CL_SUCCESS : CL_LINK_PROGRAM_FAILURE;
}

cl_program clLinkProgram(cl_context c, cl_uint ndev, const cl_device_id *devs, const char *options, cl_uint np,
                         const cl_program *progs, void (CL_CALLBACK *notify)(cl_program, void *), void *data,
                         cl_int *errcode_ret)
{
    int library;
    cl_int e = check_link(c, ndev, devs, np, progs, notify != NULL, data);
    if (e == CL_SUCCESS && !link_options(options, &library))
        e = CL_INVALID_LINKER_OPTIONS;
    int *idx = e == CL_SUCCESS ? malloc((c->ndev + 1) * sizeof *idx) : NULL;
    if (e == CL_SUCCESS && !idx)
        e = CL_OUT_OF_HOST_MEMORY;
    int n = idx ? device_indexes(c, ndev, devs, idx) : 0;
    for (int i = 0; e == CL_SUCCESS && i < n; i++)
        if (!have_objects(np, progs, idx[i]))
            e = CL_INVALID_OPERATION;
    cl_program p = e == CL_SUCCESS ? ocl_program_new(c, &e) : NULL;
    if (!p) {
        free(idx);
        ocl_err(errcode_ret, e);
        return NULL;
    }
    ocl_lock();
    p->options = strdup(options ? options : "");
    for (int i = 0; i < n; i++)
        if (link_one(p, np, progs, idx[i], library) != CL_SUCCESS)
            e = CL_LINK_PROGRAM_FAILURE;
    ocl_unlock();
    free(idx);
    if (notify)
        notify(p, data);
    ocl_err(errcode_ret, e);
    return p;
}
