/* ocl_mem.c — buffers: allocations in their context's device memory. */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* Check clCreateBuffer's flags and host pointer; CL_SUCCESS or the error. */
static cl_int check_flags(cl_mem_flags f, void *host_ptr)
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
    cl_int e = check_flags(flags, host_ptr);
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
        mem_free_at(&c->mem, m->addr);
        c->buffer_bytes -= m->size;
        while (m->mapl) {
            ocl_map_t *n = m->mapl->next;
            free(m->mapl);
            m->mapl = n;
        }
        free(m);
        clReleaseContext(c);
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
        cl_mem_object_type t = CL_MEM_OBJECT_BUFFER;
        return ocl_info(&t, sizeof t, size, value, size_ret);
    }
    case CL_MEM_FLAGS: return ocl_info(&m->flags, sizeof m->flags, size, value, size_ret);
    case CL_MEM_SIZE: return ocl_info(&m->size, sizeof m->size, size, value, size_ret);
    case CL_MEM_HOST_PTR: return ocl_info(&m->host_ptr, sizeof m->host_ptr, size, value, size_ret);
    case CL_MEM_MAP_COUNT: return ocl_info(&m->maps, sizeof m->maps, size, value, size_ret);
    case CL_MEM_REFERENCE_COUNT: return ocl_info(&m->refs, sizeof m->refs, size, value, size_ret);
    case CL_MEM_CONTEXT: return ocl_info(&m->ctx, sizeof m->ctx, size, value, size_ret);
    case CL_MEM_ASSOCIATED_MEMOBJECT: {
        cl_mem none = NULL;
        return ocl_info(&none, sizeof none, size, value, size_ret);
    }
    case CL_MEM_OFFSET: {
        size_t z = 0;
        return ocl_info(&z, sizeof z, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}
