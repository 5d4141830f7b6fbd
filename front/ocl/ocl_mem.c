/* ocl_mem.c — buffers: allocations in their context's device memory, and
 * sub-buffers: regions of a buffer (their own handle, the buffer's memory). */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

cl_int ocl_check_mem_flags(cl_mem_flags f, void *host_ptr)
{
    const cl_mem_flags known = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR |
                               CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_WRITE_ONLY |
                               CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
    int access = !!(f & CL_MEM_READ_WRITE) + !!(f & CL_MEM_WRITE_ONLY) + !!(f & CL_MEM_READ_ONLY);
    int host = !!(f & CL_MEM_HOST_WRITE_ONLY) + !!(f & CL_MEM_HOST_READ_ONLY) + !!(f & CL_MEM_HOST_NO_ACCESS);
    int uses = !!(f & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR));
    if ((f & ~known) || access > 1 || host > 1 ||
        ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        return CL_INVALID_VALUE;
    if (uses != !!host_ptr)
        return CL_INVALID_HOST_PTR;
    return CL_SUCCESS;
}

/* The memory of the smallest board among c's devices. */
static uint64_t board_bytes(cl_context c)
{
    uint64_t m = UINT64_MAX;
    for (cl_uint i = 0; i < c->ndev; i++)
        if (c->devs[i]->mem_bytes < m)
            m = c->devs[i]->mem_bytes;
    return m;
}

/* The largest buffer any device of c allows. */
static uint64_t max_size(cl_context c);

int ocl_mem_fits(cl_context c, uint64_t size)
{
    return size <= max_size(c) && size <= board_bytes(c) - c->buffer_bytes;
}

static uint64_t max_size(cl_context c)
{
    uint64_t m = LA_MAX_BUFFER;
    for (cl_uint i = 0; i < c->ndev; i++) {
        cl_ulong v;
        clGetDeviceInfo(c->devs[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, NULL);
        if (v < m)
            m = v;
    }
    return m;
}

cl_mem clCreateBuffer(cl_context c, cl_mem_flags flags, size_t size, void *host_ptr, cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    cl_int e = ocl_check_mem_flags(flags, host_ptr);
    if (e == CL_SUCCESS && (size == 0 || size > max_size(c)))
        e = CL_INVALID_BUFFER_SIZE;
    cl_mem m = e == CL_SUCCESS ? calloc(1, sizeof *m) : NULL;
    if (e == CL_SUCCESS && !m)
        e = CL_OUT_OF_HOST_MEMORY;
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    ocl_lock();
    if (size > board_bytes(c) - c->buffer_bytes ||   /* the board's memory is full */
        mem_alloc(&c->mem, size, 256, "cl_mem", &m->addr) ||
        (host_ptr && mem_write(&c->mem, m->addr, host_ptr, size)) || ocl_obj_add(m, OCL_MEM)) {
        ocl_unlock();
        free(m);
        ocl_err(errcode_ret, CL_MEM_OBJECT_ALLOCATION_FAILURE);
        return NULL;
    }
    c->buffer_bytes += size;
    ocl_unlock();
    m->ctx = c;
    m->flags = flags ? flags : CL_MEM_READ_WRITE;
    m->size = size;
    m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL;
    clRetainContext(c);
    ocl_err(errcode_ret, CL_SUCCESS);
    return m;
}

enum {
    ACCESS = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY,
    HOST = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS,
    HOST_PTR = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR,
};

/* A sub-buffer's flags from f and its buffer's flags pf (what f leaves out
 * is inherited); CL_SUCCESS or CL_INVALID_VALUE. */
static cl_int sub_flags(cl_mem_flags f, cl_mem_flags pf, cl_mem_flags *out)
{
    cl_mem_flags known = ACCESS | HOST;
    int access = !!(f & CL_MEM_READ_WRITE) + !!(f & CL_MEM_WRITE_ONLY) + !!(f & CL_MEM_READ_ONLY);
    int host = !!(f & CL_MEM_HOST_WRITE_ONLY) + !!(f & CL_MEM_HOST_READ_ONLY) + !!(f & CL_MEM_HOST_NO_ACCESS);
    if ((f & ~known) || access > 1 || host > 1)
        return CL_INVALID_VALUE;
    if (((pf & CL_MEM_WRITE_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
        ((pf & CL_MEM_READ_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))))
        return CL_INVALID_VALUE;
    if (((pf & CL_MEM_HOST_WRITE_ONLY) && (f & CL_MEM_HOST_READ_ONLY)) ||
        ((pf & CL_MEM_HOST_READ_ONLY) && (f & CL_MEM_HOST_WRITE_ONLY)) ||
        ((pf & CL_MEM_HOST_NO_ACCESS) && (f & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
        return CL_INVALID_VALUE;
    *out = (access ? f & ACCESS : pf & ACCESS) | (host ? f & HOST : pf & HOST) | (pf & HOST_PTR);
    return CL_SUCCESS;
}

/* Whether origin is aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN (bits) of some device of c. */
static int origin_aligned(cl_context c, size_t origin)
{
    for (cl_uint i = 0; i < c->ndev; i++) {
        cl_uint bits = 0;
        clGetDeviceInfo(c->devs[i], CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
        if (bits >= 8 && origin % (bits / 8) == 0)
            return 1;
    }
    return 0;
}

/* The checks of clCreateSubBuffer; CL_SUCCESS or the error, the flags into *flags. */
static cl_int check_sub(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void *info, cl_mem_flags *flags)
{
    if (!ocl_obj_is(b, OCL_MEM) || b->parent || b->img)
        return CL_INVALID_MEM_OBJECT;
    cl_int e = sub_flags(f, b->flags, flags);
    if (e != CL_SUCCESS)
        return e;
    if (t != CL_BUFFER_CREATE_TYPE_REGION || !info)
        return CL_INVALID_VALUE;
    const cl_buffer_region *r = info;
    if (r->size == 0)
        return CL_INVALID_BUFFER_SIZE;
    if (r->origin > b->size || r->size > b->size - r->origin)
        return CL_INVALID_VALUE;
    return origin_aligned(b->ctx, r->origin) ? CL_SUCCESS : CL_MISALIGNED_SUB_BUFFER_OFFSET;
}

cl_mem clCreateSubBuffer(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void *info, cl_int *errcode_ret)
{
    cl_mem_flags flags = 0;
    cl_int e = check_sub(b, f, t, info, &flags);
    cl_mem m = e == CL_SUCCESS ? calloc(1, sizeof *m) : NULL;
    if (e == CL_SUCCESS && (!m || ocl_obj_add(m, OCL_MEM))) {
        free(m);
        m = NULL;
        e = CL_OUT_OF_HOST_MEMORY;
    }
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    const cl_buffer_region *r = info;
    m->ctx = b->ctx;
    m->flags = flags;
    m->addr = b->addr + r->origin;
    m->size = r->size;
    m->host_ptr = b->host_ptr ? (uint8_t *)b->host_ptr + r->origin : NULL;
    m->parent = b;
    m->origin = r->origin;
    clRetainMemObject(b);
    clRetainContext(m->ctx);
    ocl_err(errcode_ret, CL_SUCCESS);
    return m;
}

cl_int clRetainMemObject(cl_mem m)
{
    if (!ocl_obj_is(m, OCL_MEM))
        return CL_INVALID_MEM_OBJECT;
    ocl_ref(m, 1);
    return CL_SUCCESS;
}

cl_int clReleaseMemObject(cl_mem m)
{
    if (!ocl_obj_is(m, OCL_MEM))
        return CL_INVALID_MEM_OBJECT;
    ocl_lock();
    if (ocl_ref(m, -1) == 0) {
        cl_context c = m->ctx;
        ocl_obj_del(m);
        if (!m->parent) {
            mem_free_at(&c->mem, m->addr);
            c->buffer_bytes -= m->size;
        }
        ocl_image_free(m);
        while (m->mapl) {
            ocl_map_t *n = m->mapl->next;
            free(m->mapl);
            m->mapl = n;
        }
        cl_mem parent = m->parent;
        free(m);
        clReleaseContext(c);
        if (parent)
            clReleaseMemObject(parent);
    }
    ocl_unlock();
    return CL_SUCCESS;
}

cl_int clGetMemObjectInfo(cl_mem m, cl_mem_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(m, OCL_MEM))
        return CL_INVALID_MEM_OBJECT;
    switch (name) {
    case CL_MEM_TYPE: {
        cl_mem_object_type t = m->img ? m->img->desc.image_type : CL_MEM_OBJECT_BUFFER;
        return ocl_info(&t, sizeof t, size, value, size_ret);
    }
    case CL_MEM_FLAGS: return ocl_info(&m->flags, sizeof m->flags, size, value, size_ret);
    case CL_MEM_SIZE: return ocl_info(&m->size, sizeof m->size, size, value, size_ret);
    case CL_MEM_HOST_PTR: return ocl_info(&m->host_ptr, sizeof m->host_ptr, size, value, size_ret);
    case CL_MEM_MAP_COUNT: return ocl_info(&m->maps, sizeof m->maps, size, value, size_ret);
    case CL_MEM_REFERENCE_COUNT: return ocl_info(&m->refs, sizeof m->refs, size, value, size_ret);
    case CL_MEM_CONTEXT: return ocl_info(&m->ctx, sizeof m->ctx, size, value, size_ret);
    case CL_MEM_ASSOCIATED_MEMOBJECT: return ocl_info(&m->parent, sizeof m->parent, size, value, size_ret);
    case CL_MEM_OFFSET: {
        size_t o = m->img ? 0 : m->origin;
        return ocl_info(&o, sizeof o, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}
