/* ocl_context.c — contexts: a set of devices and the one simulated device
 * memory their buffers and programs live in. */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* Check a context's property list; the platform's index into *props. */
static cl_int check_props(const cl_context_properties *props, cl_context c)
{
    c->nprops = 0;
    if (!props)
        return CL_SUCCESS;
    int seen = 0;
    for (size_t i = 0; props[i]; i += 2) {
        if (props[i] == CL_CONTEXT_PLATFORM && !seen) {
            if ((cl_platform_id)props[i + 1] != &ocl_platform)
                return CL_INVALID_PLATFORM;
            seen = 1;
        } else if (props[i] == CL_CONTEXT_INTEROP_USER_SYNC && !seen) {
            continue;
        } else
            return CL_INVALID_PROPERTY;
    }
    if (seen) {
        c->props[0] = CL_CONTEXT_PLATFORM;
        c->props[1] = (cl_context_properties)&ocl_platform;
        c->props[2] = 0;
        c->nprops = 3;
    }
    return CL_SUCCESS;
}

static void free_context(cl_context c)
{
    mem_free(&c->mem);
    free(c->devs);
    free(c);
}

cl_context clCreateContext(const cl_context_properties *props, cl_uint ndev, const cl_device_id *devices,
                           void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *), void *data,
                           cl_int *errcode_ret)
{
    if (!devices || !ndev || (!notify && data)) {
        ocl_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
    }
    for (cl_uint i = 0; i < ndev; i++)
        if (!ocl_obj_is(devices[i], OCL_DEVICE)) {
            ocl_err(errcode_ret, CL_INVALID_DEVICE);
            return NULL;
        }
    cl_context c = calloc(1, sizeof *c);
    cl_device_id *d = calloc(ndev, sizeof *d);
    if (!c || !d) {
        free(c);
        free(d);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    cl_int e = check_props(props, c);
    if (e != CL_SUCCESS) {
        free(c);
        free(d);
        ocl_err(errcode_ret, e);
        return NULL;
    }
    /* a device listed twice is in the context once */
    for (cl_uint i = 0; i < ndev; i++) {
        cl_uint j = 0;
        while (j < c->ndev && d[j] != devices[i])
            j++;
        if (j == c->ndev)
            d[c->ndev++] = devices[i];
    }
    c->devs = d;
    c->notify = notify;
    c->notify_data = data;
    mem_init(&c->mem);
    if (ocl_obj_add(c, OCL_CONTEXT)) {
        free_context(c);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    ocl_err(errcode_ret, CL_SUCCESS);
    return c;
}

cl_context clCreateContextFromType(const cl_context_properties *props, cl_device_type type,
                                   void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                                   void *data, cl_int *errcode_ret)
{
    cl_uint n = 0;
    cl_int e = clGetDeviceIDs(&ocl_platform, type, 0, NULL, &n);
    cl_device_id *d = e == CL_SUCCESS ? calloc(n, sizeof *d) : NULL;
    if (e != CL_SUCCESS || !d) {
        ocl_err(errcode_ret, e != CL_SUCCESS ? e : CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    clGetDeviceIDs(&ocl_platform, type, n, d, NULL);
    cl_context c = clCreateContext(props, n, d, notify, data, errcode_ret);
    free(d);
    return c;
}

cl_int clRetainContext(cl_context c)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    ocl_ref(c, 1);
    return CL_SUCCESS;
}

cl_int clReleaseContext(cl_context c)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    ocl_lock();
    if (ocl_ref(c, -1) == 0) {
        ocl_obj_del(c);
        free_context(c);
    }
    ocl_unlock();
    return CL_SUCCESS;
}

cl_int clGetContextInfo(cl_context c, cl_context_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    switch (name) {
    case CL_CONTEXT_REFERENCE_COUNT: return ocl_info(&c->refs, sizeof c->refs, size, value, size_ret);
    case CL_CONTEXT_NUM_DEVICES: return ocl_info(&c->ndev, sizeof c->ndev, size, value, size_ret);
    case CL_CONTEXT_DEVICES: return ocl_info(c->devs, c->ndev * sizeof *c->devs, size, value, size_ret);
    case CL_CONTEXT_PROPERTIES: return ocl_info(c->props, c->nprops * sizeof *c->props, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}
