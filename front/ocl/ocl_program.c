/* ocl_program.c — programs from OpenCL C source (compiled by ocl_build.c
 * at clBuildProgram) or from binaries (code objects, or compiled objects
 * that clBuildProgram links), each executable opened per device into the
 * context's memory (la_open_shared), and their build information.
 * Separate compilation and linking: ocl_separate.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

cl_program ocl_program_new(cl_context c, cl_int *errcode_ret)
{
    cl_program p = calloc(1, sizeof *p);
    ocl_build_t *b = calloc(c->ndev, sizeof *b);
    if (!p || !b || ocl_obj_add(p, OCL_PROGRAM)) {
        free(p);
        free(b);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    p->ctx = c;
    p->b = b;
    for (cl_uint i = 0; i < c->ndev; i++)
        b[i].status = CL_BUILD_NONE;
    clRetainContext(c);
    ocl_err(errcode_ret, CL_SUCCESS);
    return p;
}

cl_program clCreateProgramWithSource(cl_context c, cl_uint count, const char **strings, const size_t *lengths,
                                     cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    if (!count || !strings) {
        ocl_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
    }
    size_t total = 0;
    for (cl_uint i = 0; i < count; i++) {
        if (!strings[i]) {
            ocl_err(errcode_ret, CL_INVALID_VALUE);
            return NULL;
        }
        total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    }
    char *src = malloc(total + 1);
    cl_program p = src ? ocl_program_new(c, errcode_ret) : NULL;
    if (!p) {
        free(src);
        if (!src)
            ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    size_t n = 0;
    for (cl_uint i = 0; i < count; i++) {
        size_t k = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
        memcpy(src + n, strings[i], k);
        n += k;
    }
    src[n] = 0;
    p->source = src;
    return p;
}

/* Whether the code object of size bytes at bin loads and is for device d. */
static cl_int check_binary(cl_device_id d, const unsigned char *bin, size_t size)
{
    co_file_t co;
    char err[512];
    memset(&co, 0, sizeof co);
    if (!bin || !size)
        return CL_INVALID_VALUE;
    if (ocl_binary_type(bin, size) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT)
        return CL_SUCCESS;   /* bitcode: its target is checked when it is linked */
    if (co_load_mem("binary", bin, size, &co, err, sizeof err)) {
        co_free(&co);
        return CL_INVALID_BINARY;
    }
    int ok = co.target && dev_check_target(&d->dev, co.target, err, sizeof err) == 0;
    co_free(&co);
    return ok ? CL_SUCCESS : CL_INVALID_BINARY;
}

cl_program clCreateProgramWithBinary(cl_context c, cl_uint ndev, const cl_device_id *devs, const size_t *lengths,
                                     const unsigned char **bins, cl_int *status, cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    if (!ndev || !devs || !lengths || !bins) {
        ocl_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
    }
    cl_int e = CL_SUCCESS;
    for (cl_uint i = 0; i < ndev; i++)
        if (ocl_ctx_dev_index(c, devs[i]) < 0) {
            ocl_err(errcode_ret, CL_INVALID_DEVICE);
            return NULL;
        }
    for (cl_uint i = 0; i < ndev; i++) {
        cl_int s = check_binary(devs[i], bins[i], lengths[i]);
        if (status)
            status[i] = s;
        if (s != CL_SUCCESS && e == CL_SUCCESS)
            e = s;
    }
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    cl_program p = ocl_program_new(c, errcode_ret);
    for (cl_uint i = 0; p && i < ndev; i++) {
        ocl_build_t *b = &p->b[ocl_ctx_dev_index(c, devs[i])];
        free(b->bin);
        if (!(b->bin = malloc(lengths[i]))) {
            clReleaseProgram(p);
            ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
            return NULL;
        }
        memcpy(b->bin, bins[i], lengths[i]);
        b->bin_size = lengths[i];
        b->type = ocl_binary_type(b->bin, b->bin_size);
    }
    return p;
}

cl_int clRetainProgram(cl_program p)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    ocl_ref(p, 1);
    return CL_SUCCESS;
}

/* Close what a build of b opened (its code leaves the context's memory). */
static void unbuild(cl_context c, ocl_build_t *b)
{
    if (b->mod.open) {
        uint64_t base = b->mod.image_base;
        la_close(&b->mod);
        mem_free_at(&c->mem, base);
    }
}

void ocl_program_close(cl_program p, cl_uint i)
{
    unbuild(p->ctx, &p->b[i]);
}

cl_int clReleaseProgram(cl_program p)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    ocl_lock();
    if (ocl_ref(p, -1) == 0) {
        cl_context c = p->ctx;
        ocl_obj_del(p);
        for (cl_uint i = 0; i < c->ndev; i++) {
            unbuild(c, &p->b[i]);
            free(p->b[i].bin);
            free(p->b[i].log);
        }
        free(p->b);
        free(p->source);
        free(p->options);
        free(p);
        clReleaseContext(c);
    }
    ocl_unlock();
    return CL_SUCCESS;
}

/* Add "gcnsim: MSG" to b's log. */
static void log_error(ocl_build_t *b, const char *msg)
{
    ocl_log_add(&b->log, "gcnsim: ");
    ocl_log_add(&b->log, msg);
    ocl_log_add(&b->log, "\n");
}

cl_int ocl_program_open(cl_program p, cl_uint i)
{
    ocl_build_t *b = &p->b[i];
    char err[512];
    unbuild(p->ctx, b);
    if (la_open_shared(&b->mod, "program", b->bin, b->bin_size, &p->ctx->mem, err, sizeof err)) {
        unbuild(p->ctx, b);
        log_error(b, err);
        b->status = CL_BUILD_ERROR;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    if (!b->log)
        b->log = strdup("");
    b->type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    b->status = CL_BUILD_SUCCESS;
    return CL_SUCCESS;
}

int ocl_program_built(cl_program p, cl_uint i)
{
    return p->b[i].status == CL_BUILD_SUCCESS && p->b[i].mod.open;
}

/* Replace b's binary by new (malloc'ed) of size bytes. */
static void set_bin(ocl_build_t *b, uint8_t *bin, size_t size)
{
    free(b->bin);
    b->bin = bin;
    b->bin_size = size;
}

/* Build for device index i: compile the source (if any) or link the
 * compiled object the program was created from, then open the code
 * object into the context's memory.  CL_SUCCESS or
 * CL_BUILD_PROGRAM_FAILURE (the log says why). */
static cl_int build_one(cl_program p, cl_uint i, const char *options)
{
    ocl_build_t *b = &p->b[i];
    cl_device_id d = p->ctx->devs[i];
    unbuild(p->ctx, b);
    free(b->log);
    b->log = NULL;
    b->status = CL_BUILD_IN_PROGRESS;
    uint8_t *bin = NULL;
    size_t size = 0;
    int bad = 0;
    if (p->source) {
        ocl_cc_t cc = {p->source, d->dev.target, options, 0, 0, NULL, NULL};
        bad = ocl_compile(&cc, &bin, &size, &b->log);
    } else if (b->type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
        const uint8_t *obj = b->bin;
        bad = ocl_link(&obj, &b->bin_size, 1, d->dev.target, 0, &bin, &size, &b->log);
    }
    if (bad) {
        if (p->source) {
            set_bin(b, NULL, 0);
            b->type = CL_PROGRAM_BINARY_TYPE_NONE;
        }
        b->status = CL_BUILD_ERROR;
        return bad == -2 ? CL_INVALID_BUILD_OPTIONS : CL_BUILD_PROGRAM_FAILURE;
    }
    if (bin)
        set_bin(b, bin, size);
    return ocl_program_open(p, i);
}

cl_int clBuildProgram(cl_program p, cl_uint ndev, const cl_device_id *devs, const char *options,
                      void (CL_CALLBACK *notify)(cl_program, void *), void *data)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    if ((!devs) != (!ndev) || (!notify && data))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < ndev; i++)
        if (ocl_ctx_dev_index(p->ctx, devs[i]) < 0)
            return CL_INVALID_DEVICE;
    if (p->nkernels_made)
        return CL_INVALID_OPERATION;
    cl_uint n = devs ? ndev : p->ctx->ndev;
    for (cl_uint i = 0; i < n; i++) {
        int k = devs ? ocl_ctx_dev_index(p->ctx, devs[i]) : (int)i;
        if (!p->source && !p->b[k].bin)
            return CL_INVALID_BINARY;
    }
    ocl_lock();
    free(p->options);
    p->options = strdup(options ? options : "");
    cl_int e = CL_SUCCESS;
    for (cl_uint i = 0; i < n; i++) {
        int k = devs ? ocl_ctx_dev_index(p->ctx, devs[i]) : (int)i;
        cl_int r = build_one(p, (cl_uint)k, options ? options : "");
        if (r != CL_SUCCESS && e != CL_INVALID_BUILD_OPTIONS)
            e = r;
    }
    ocl_unlock();
    if (notify)
        notify(p, data);
    return e;
}

/* The built module of p (the first device built); NULL when none. */
static const la_module_t *first_module(cl_program p)
{
    for (cl_uint i = 0; i < p->ctx->ndev; i++)
        if (ocl_program_built(p, i))
            return &p->b[i].mod;
    return NULL;
}

/* The kernel names of p separated by ';' into buf; its length. */
static size_t kernel_names(const la_module_t *m, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < m->co.nkernels && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ";" : "", m->co.kernels[i].name);
    return k;
}

static cl_int binaries_info(cl_program p, size_t size, void *value, size_t *size_ret)
{
    size_t need = p->ctx->ndev * sizeof(unsigned char *);
    if (size_ret)
        *size_ret = need;
    if (!value)
        return CL_SUCCESS;
    if (size < need)
        return CL_INVALID_VALUE;
    unsigned char **out = value;
    for (cl_uint i = 0; i < p->ctx->ndev; i++)
        if (out[i] && p->b[i].bin)
            memcpy(out[i], p->b[i].bin, p->b[i].bin_size);
    return CL_SUCCESS;
}

cl_int clGetProgramInfo(cl_program p, cl_program_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    cl_context c = p->ctx;
    const la_module_t *m = first_module(p);
    switch (name) {
    case CL_PROGRAM_REFERENCE_COUNT: return ocl_info(&p->refs, sizeof p->refs, size, value, size_ret);
    case CL_PROGRAM_CONTEXT: return ocl_info(&p->ctx, sizeof p->ctx, size, value, size_ret);
    case CL_PROGRAM_NUM_DEVICES: return ocl_info(&c->ndev, sizeof c->ndev, size, value, size_ret);
    case CL_PROGRAM_DEVICES: return ocl_info(c->devs, c->ndev * sizeof *c->devs, size, value, size_ret);
    case CL_PROGRAM_SOURCE: return ocl_info_str(p->source ? p->source : "", size, value, size_ret);
    case CL_PROGRAM_BINARY_SIZES: {
        size_t s[64] = {0};
        cl_uint n = c->ndev < 64 ? c->ndev : 64;
        for (cl_uint i = 0; i < n; i++)
            s[i] = p->b[i].bin ? p->b[i].bin_size : 0;
        return ocl_info(s, n * sizeof *s, size, value, size_ret);
    }
    case CL_PROGRAM_BINARIES: return binaries_info(p, size, value, size_ret);
    case CL_PROGRAM_NUM_KERNELS: case CL_PROGRAM_KERNEL_NAMES: {
        if (!m)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        if (name == CL_PROGRAM_NUM_KERNELS) {
            size_t n = m->co.nkernels;
            return ocl_info(&n, sizeof n, size, value, size_ret);
        }
        char buf[8192];
        kernel_names(m, buf, sizeof buf);
        return ocl_info_str(buf, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}

cl_int clGetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info name, size_t size, void *value,
                             size_t *size_ret)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    int i = ocl_ctx_dev_index(p->ctx, d);
    if (i < 0)
        return CL_INVALID_DEVICE;
    const ocl_build_t *b = &p->b[i];
    switch (name) {
    case CL_PROGRAM_BUILD_STATUS: return ocl_info(&b->status, sizeof b->status, size, value, size_ret);
    case CL_PROGRAM_BUILD_OPTIONS: return ocl_info_str(p->options ? p->options : "", size, value, size_ret);
    case CL_PROGRAM_BUILD_LOG: return ocl_info_str(b->log ? b->log : "", size, value, size_ret);
    case CL_PROGRAM_BINARY_TYPE: return ocl_info(&b->type, sizeof b->type, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}

cl_int clUnloadPlatformCompiler(cl_platform_id platform)
{
    return platform == &ocl_platform ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

cl_int clUnloadCompiler(void)
{
    return CL_SUCCESS;
}
