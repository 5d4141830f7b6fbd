/* ocl_kernel.c — kernels: a program's kernel by name, its argument values
 * (clSetKernelArg, checked against the code object's metadata) and a run
 * of it on a queue's device through front/launch, as `gcnsim run` runs
 * one (the same kernarg layout and hidden arguments). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"
#include "sim/timing.h"

/* The explicit argument i of k's metadata. */
static const co_arg_t *arg_at(const co_kernel_t *k, size_t i)
{
    for (size_t j = 0; j < k->nargs; j++)
        if (!la_is_hidden(k->args[j].kind) && i-- == 0)
            return &k->args[j];
    return NULL;
}

static void free_kernel(cl_kernel k)
{
    for (size_t i = 0; k->bytes && i < k->nargs; i++)
        free(k->bytes[i]);
    free(k->bytes);
    free(k->vals);
    free(k->set);
    free(k->objs);
    free(k->name);
    free(k);
}

/* A kernel object for metadata ck of program p; NULL when out of memory. */
static cl_kernel make_kernel(cl_program p, const co_kernel_t *ck)
{
    cl_kernel k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->nargs = la_explicit_count(ck);
    size_t n = k->nargs ? k->nargs : 1;
    k->name = strdup(ck->name);
    k->vals = calloc(n, sizeof *k->vals);
    k->bytes = calloc(n, sizeof *k->bytes);
    k->set = calloc(n, 1);
    k->objs = calloc(n, sizeof *k->objs);
    if (!k->name || !k->vals || !k->bytes || !k->set || !k->objs || ocl_obj_add(k, OCL_KERNEL)) {
        free_kernel(k);
        return NULL;
    }
    k->prog = p;
    k->k = ck;
    p->nkernels_made++;
    clRetainProgram(p);
    return k;
}

/* The first module of p that was built, NULL if none. */
static const la_module_t *built_module(cl_program p)
{
    for (cl_uint i = 0; i < p->ctx->ndev; i++)
        if (ocl_program_built(p, i))
            return &p->b[i].mod;
    return NULL;
}

cl_kernel clCreateKernel(cl_program p, const char *name, cl_int *errcode_ret)
{
    if (!ocl_obj_is(p, OCL_PROGRAM)) {
        ocl_err(errcode_ret, CL_INVALID_PROGRAM);
        return NULL;
    }
    const la_module_t *m = built_module(p);
    if (!m) {
        ocl_err(errcode_ret, CL_INVALID_PROGRAM_EXECUTABLE);
        return NULL;
    }
    if (!name) {
        ocl_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
    }
    const co_kernel_t *ck = co_find_kernel(&m->co, name);
    if (!ck) {
        ocl_err(errcode_ret, CL_INVALID_KERNEL_NAME);
        return NULL;
    }
    cl_kernel k = make_kernel(p, ck);
    ocl_err(errcode_ret, k ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY);
    return k;
}

cl_int clCreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel *out, cl_uint *n_ret)
{
    if (!ocl_obj_is(p, OCL_PROGRAM))
        return CL_INVALID_PROGRAM;
    const la_module_t *m = built_module(p);
    if (!m)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    cl_uint count = (cl_uint)m->co.nkernels;
    if (out && n < count)
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; out && i < count; i++)
        if (!(out[i] = make_kernel(p, &m->co.kernels[i]))) {
            while (i--)
                clReleaseKernel(out[i]);
            return CL_OUT_OF_HOST_MEMORY;
        }
    if (n_ret)
        *n_ret = count;
    return CL_SUCCESS;
}

cl_int clRetainKernel(cl_kernel k)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    ocl_ref(k, 1);
    return CL_SUCCESS;
}

cl_int clReleaseKernel(cl_kernel k)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    if (ocl_ref(k, -1) == 0) {
        cl_program p = k->prog;
        ocl_obj_del(k);
        free_kernel(k);
        p->nkernels_made--;
        clReleaseProgram(p);
    }
    return CL_SUCCESS;
}

/* A global (or constant) buffer argument: a cl_mem of k's context or NULL. */
static cl_int set_buffer(cl_kernel k, size_t i, size_t size, const void *value)
{
    if (size != sizeof(cl_mem))
        return CL_INVALID_ARG_SIZE;
    cl_mem m = value ? *(const cl_mem *)value : NULL;
    if (m && (!ocl_obj_is(m, OCL_MEM) || m->ctx != k->prog->ctx || m->img))
        return CL_INVALID_MEM_OBJECT;
    k->objs[i] = m;
    k->vals[i] = la_addr(m ? m->addr : 0);
    return CL_SUCCESS;
}

/* An image argument: an image of k's context of the argument's type; the
 * kernel gets its image object (written for the queue's device when the
 * kernel runs: ocl_image_object). */
static cl_int set_image(cl_kernel k, size_t i, const co_arg_t *a, size_t size, const void *value)
{
    if (size != sizeof(cl_mem))
        return CL_INVALID_ARG_SIZE;
    cl_mem m = value ? *(const cl_mem *)value : NULL;
    if (!ocl_obj_is(m, OCL_MEM) || m->ctx != k->prog->ctx || !m->img)
        return CL_INVALID_MEM_OBJECT;
    cl_int e = ocl_image_arg_ok(m, a);
    if (e != CL_SUCCESS)
        return e;
    k->objs[i] = m;
    k->vals[i] = la_addr(m->img->obj);
    return CL_SUCCESS;
}

/* A sampler argument: a sampler of k's context; the kernel gets its S#. */
static cl_int set_sampler(cl_kernel k, size_t i, size_t size, const void *value)
{
    if (size != sizeof(cl_sampler))
        return CL_INVALID_ARG_SIZE;
    cl_sampler s = value ? *(const cl_sampler *)value : NULL;
    if (!ocl_obj_is(s, OCL_SAMPLER) || s->ctx != k->prog->ctx)
        return CL_INVALID_SAMPLER;
    k->objs[i] = s;
    k->vals[i] = la_addr(s->addr);
    return CL_SUCCESS;
}

/* Before a run on device d: the image objects of k's image arguments for
 * d, and every image and sampler still alive; CL_SUCCESS or
 * CL_INVALID_KERNEL_ARGS. */
static cl_int prepare_objects(cl_kernel k, const co_kernel_t *ck, cl_device_id d)
{
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = arg_at(ck, i);
        if (a->kind == CO_ARG_SAMPLER && !ocl_obj_is(k->objs[i], OCL_SAMPLER))
            return CL_INVALID_KERNEL_ARGS;
        if (a->kind != CO_ARG_IMAGE)
            continue;
        cl_mem m = k->objs[i];
        if (!ocl_obj_is(m, OCL_MEM) || !m->img || ocl_image_object(m, d, a->type_name) != CL_SUCCESS)
            return CL_INVALID_KERNEL_ARGS;
    }
    return CL_SUCCESS;
}

/* A by-value argument of a->size bytes. */
static cl_int set_bytes(cl_kernel k, size_t i, const co_arg_t *a, size_t size, const void *value)
{
    if (size != a->size)
        return CL_INVALID_ARG_SIZE;
    if (!value)
        return CL_INVALID_ARG_VALUE;
    uint8_t *b = malloc(size ? size : 1);
    if (!b)
        return CL_OUT_OF_HOST_MEMORY;
    memcpy(b, value, size);
    free(k->bytes[i]);
    k->bytes[i] = b;
    la_value_t v = {.kind = LA_BYTES, .data = b, .size = size};
    snprintf(v.spec, sizeof v.spec, "%zu bytes", size);
    k->vals[i] = v;
    return CL_SUCCESS;
}

cl_int clSetKernelArg(cl_kernel k, cl_uint index, size_t size, const void *value)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    if (index >= k->nargs)
        return CL_INVALID_ARG_INDEX;
    const co_arg_t *a = arg_at(k->k, index);
    cl_int e;
    switch (a->kind) {
    case CO_ARG_GLOBAL_BUFFER:
        e = set_buffer(k, index, size, value);
        break;
    case CO_ARG_DYNAMIC_SHARED_POINTER:
        if (value)
            return CL_INVALID_ARG_VALUE;
        if (!size || size > 65536)
            return CL_INVALID_ARG_SIZE;
        k->vals[index] = la_local((uint32_t)size);
        e = CL_SUCCESS;
        break;
    case CO_ARG_BY_VALUE:
        e = set_bytes(k, index, a, size, value);
        break;
    case CO_ARG_SAMPLER:
        e = set_sampler(k, index, size, value);
        break;
    case CO_ARG_IMAGE:
        e = set_image(k, index, a, size, value);
        break;
    case CO_ARG_PIPE:
        return size != sizeof(cl_mem) ? CL_INVALID_ARG_SIZE : CL_INVALID_ARG_VALUE;   /* not yet */
    default:
        return CL_INVALID_ARG_VALUE;   /* queues: not yet */
    }
    if (e == CL_SUCCESS)
        k->set[index] = 1;
    return e;
}

/* The attributes of ck's source as its metadata keeps them, separated by
 * spaces: "reqd_work_group_size(X,Y,Z) work_group_size_hint(X,Y,Z)
 * vec_type_hint(TYPE)", each when the kernel has it. */
static void kernel_attributes(const co_kernel_t *ck, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    const uint32_t *r = ck->reqd_workgroup_size, *h = ck->workgroup_size_hint;
    if (r[0] && k < n)
        k += (size_t)snprintf(buf + k, n - k, "reqd_work_group_size(%u,%u,%u)", r[0], r[1], r[2]);
    if (h[0] && k < n)
        k += (size_t)snprintf(buf + k, n - k, "%swork_group_size_hint(%u,%u,%u)", k ? " " : "", h[0], h[1], h[2]);
    if (ck->vec_type_hint && ck->vec_type_hint[0] && k < n)
        snprintf(buf + k, n - k, "%svec_type_hint(%.40s)", k ? " " : "", ck->vec_type_hint);
}

cl_int clGetKernelInfo(cl_kernel k, cl_kernel_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    switch (name) {
    case CL_KERNEL_FUNCTION_NAME: return ocl_info_str(k->name, size, value, size_ret);
    case CL_KERNEL_NUM_ARGS: {
        cl_uint n = (cl_uint)k->nargs;
        return ocl_info(&n, sizeof n, size, value, size_ret);
    }
    case CL_KERNEL_REFERENCE_COUNT: return ocl_info(&k->refs, sizeof k->refs, size, value, size_ret);
    case CL_KERNEL_CONTEXT: return ocl_info(&k->prog->ctx, sizeof k->prog->ctx, size, value, size_ret);
    case CL_KERNEL_PROGRAM: return ocl_info(&k->prog, sizeof k->prog, size, value, size_ret);
    case CL_KERNEL_ATTRIBUTES: {
        char a[200];
        kernel_attributes(k->k, a, sizeof a);
        return ocl_info_str(a, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}

/* The largest work-group of kernel ck: 256 (the device's), or less when
 * the kernel was compiled for less. */
static size_t kernel_max_wg(const co_kernel_t *ck)
{
    uint32_t m = ck->max_flat_workgroup_size;
    return m && m < 256 ? m : 256;
}

cl_int clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info name, size_t size,
                                void *value, size_t *size_ret)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    if (d ? ocl_ctx_dev_index(k->prog->ctx, d) < 0 : k->prog->ctx->ndev != 1)
        return CL_INVALID_DEVICE;
    const co_kernel_t *ck = k->k;
    switch (name) {
    case CL_KERNEL_WORK_GROUP_SIZE: {
        size_t n = kernel_max_wg(ck);
        return ocl_info(&n, sizeof n, size, value, size_ret);
    }
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
        size_t n[3] = {ck->reqd_workgroup_size[0], ck->reqd_workgroup_size[1], ck->reqd_workgroup_size[2]};
        return ocl_info(n, sizeof n, size, value, size_ret);
    }
    case CL_KERNEL_LOCAL_MEM_SIZE: {
        cl_ulong n = ck->desc.group_segment_fixed_size;
        for (size_t i = 0; i < k->nargs; i++)
            if (k->vals[i].kind == LA_LOCAL)
                n += k->vals[i].size;
        return ocl_info(&n, sizeof n, size, value, size_ret);
    }
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: {
        size_t n = 64;
        return ocl_info(&n, sizeof n, size, value, size_ret);
    }
    case CL_KERNEL_PRIVATE_MEM_SIZE: {
        cl_ulong n = ck->desc.private_segment_fixed_size;
        return ocl_info(&n, sizeof n, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}

/* GCNSIM_FUNCTIONAL=1: run without the cycle model. */
static int functional(void)
{
    const char *f = getenv("GCNSIM_FUNCTIONAL");
    return f && f[0] && strcmp(f, "0");
}

/* Run L on q's device (under the cycle model unless functional) as an AQL
 * packet; the status of the command, *ns its simulated duration. */
static cl_int run_launch(launch_t *L, cl_command_queue q, uint64_t *ns, cl_int *enq_err)
{
    int timed = !functional();
    ocl_save_dispatch(L);
    sim_result_t r;
    la_inplace_t in;
    char err[512];
    int st = la_run_begin(L, &in, err, sizeof err);
    if (st == 0) {
        st = ocl_aql_dispatch(L, q, &in, timed, &r, ns, err, sizeof err);
        la_run_end(L, &in, st, &r);
    }
    if (st < 0) {
        *ns = timed ? 0 : (uint64_t)q->dev->dev.p[DEV_launch_ns];
        fprintf(stderr, "gcnsim OpenCL: kernel %s: %s\n", L->k->name, err);
        *enq_err = CL_OUT_OF_RESOURCES;
        return CL_OUT_OF_RESOURCES;
    }
    if (st == 1) {
        la_print_fault(stderr, L, &r);
        return CL_OUT_OF_RESOURCES;
    }
    if (r.hit_limit) {
        la_print_limit(stderr, "OpenCL", L, &r);
        return CL_OUT_OF_RESOURCES;
    }
    la_print_warnings(stderr, "OpenCL", L, &r);
    return CL_COMPLETE;
}

/* Kernel k's metadata in q's device's module (*b), or NULL when its
 * program is not built for that device. */
static const co_kernel_t *built_kernel(cl_command_queue q, cl_kernel k, ocl_build_t **b)
{
    int di = ocl_ctx_dev_index(k->prog->ctx, q->dev);
    *b = di >= 0 ? &k->prog->b[di] : NULL;
    return *b && ocl_program_built(k->prog, (cl_uint)di) ? co_find_kernel(&(*b)->mod.co, k->name) : NULL;
}

cl_int ocl_kernel_check(cl_command_queue q, cl_kernel k)
{
    for (size_t i = 0; i < k->nargs; i++)
        if (!k->set[i])
            return CL_INVALID_KERNEL_ARGS;
    ocl_build_t *b;
    const co_kernel_t *ck = built_kernel(q, k, &b);
    return ck ? prepare_objects(k, ck, q->dev) : CL_INVALID_PROGRAM_EXECUTABLE;
}

cl_int ocl_run_kernel(cl_command_queue q, cl_kernel k, const la_value_t *vals, unsigned dims, const uint64_t off[3],
                      const uint32_t global[3], const uint32_t local[3], uint64_t *ns, cl_int *enq_err)
{
    *ns = 0;
    ocl_build_t *b;
    const co_kernel_t *ck = built_kernel(q, k, &b);   /* checked, and its image objects written, when enqueued */
    if (!ck)
        return *enq_err = CL_INVALID_PROGRAM_EXECUTABLE;
    *enq_err = CL_SUCCESS;
    launch_t L;
    char err[512];
    memset(&L, 0, sizeof L);
    if (la_setup(&L, &b->mod, ck, dims, global, local, vals, k->nargs, err, sizeof err)) {
        fprintf(stderr, "gcnsim OpenCL: kernel %s: %s\n", k->name, err);
        la_free(&L);
        *enq_err = CL_INVALID_WORK_GROUP_SIZE;
        return *enq_err;
    }
    memcpy(L.sl.global_offset, off, sizeof L.sl.global_offset);
    cl_int st = run_launch(&L, q, ns, enq_err);
    la_free(&L);
    return st;
}

/* The address space of argument a as OpenCL names it. */
static cl_kernel_arg_address_qualifier address_qualifier(const co_arg_t *a)
{
    if (a->kind == CO_ARG_DYNAMIC_SHARED_POINTER || a->address_space == 3)
        return CL_KERNEL_ARG_ADDRESS_LOCAL;
    if (a->address_space == 4)
        return CL_KERNEL_ARG_ADDRESS_CONSTANT;
    if (a->kind == CO_ARG_GLOBAL_BUFFER || a->kind == CO_ARG_IMAGE || a->kind == CO_ARG_PIPE)
        return CL_KERNEL_ARG_ADDRESS_GLOBAL;
    return CL_KERNEL_ARG_ADDRESS_PRIVATE;
}

static cl_kernel_arg_access_qualifier access_qualifier(const co_arg_t *a)
{
    if (a->kind != CO_ARG_IMAGE && a->kind != CO_ARG_PIPE)
        return CL_KERNEL_ARG_ACCESS_NONE;
    if (a->access && !strcmp(a->access, "write_only"))
        return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
    return !a->access || strcmp(a->access, "read_write") ? CL_KERNEL_ARG_ACCESS_READ_ONLY : CL_KERNEL_ARG_ACCESS_READ_WRITE;
}

cl_int clGetKernelArgInfo(cl_kernel k, cl_uint index, cl_kernel_arg_info name, size_t size, void *value,
                          size_t *size_ret)
{
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    if (index >= k->nargs)
        return CL_INVALID_ARG_INDEX;
    const co_arg_t *a = arg_at(k->k, index);
    switch (name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
        cl_kernel_arg_address_qualifier q = address_qualifier(a);
        return ocl_info(&q, sizeof q, size, value, size_ret);
    }
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: {
        cl_kernel_arg_access_qualifier q = access_qualifier(a);
        return ocl_info(&q, sizeof q, size, value, size_ret);
    }
    case CL_KERNEL_ARG_TYPE_QUALIFIER: {
        cl_kernel_arg_type_qualifier q = (a->is_const || a->address_space == 4 ? CL_KERNEL_ARG_TYPE_CONST : 0) |
                                         (a->is_restrict ? CL_KERNEL_ARG_TYPE_RESTRICT : 0) |
                                         (a->is_volatile ? CL_KERNEL_ARG_TYPE_VOLATILE : 0) |
                                         (a->is_pipe ? CL_KERNEL_ARG_TYPE_PIPE : 0);
        return ocl_info(&q, sizeof q, size, value, size_ret);
    }
    case CL_KERNEL_ARG_TYPE_NAME:
        if (!a->type_name || !a->type_name[0])
            return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
        return ocl_info_str(a->type_name, size, value, size_ret);
    case CL_KERNEL_ARG_NAME:
        if (!a->name || !a->name[0])
            return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
        return ocl_info_str(a->name, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}
