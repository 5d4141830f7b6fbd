/* ocl_unprovided.c — functions that create objects this driver does not
 * provide yet (pipes, IL, kernel clones): each answers
 * CL_INVALID_OPERATION through errcode_ret and returns NULL, so that a
 * program can tell; no built-in kernels; buffers with properties (none
 * is known).  Images and samplers: ocl_image.c, ocl_sampler.c. */
#include "front/ocl/ocl.h"

#define NOT_PROVIDED(errcode_ret) do { ocl_err(errcode_ret, CL_INVALID_OPERATION); return NULL; } while (0)

cl_mem clCreateBufferWithProperties(cl_context c, const cl_mem_properties *props, cl_mem_flags flags, size_t size,
                                    void *host_ptr, cl_int *errcode_ret)
{
    if (props && props[0]) {
        ocl_err(errcode_ret, CL_INVALID_PROPERTY);
        return NULL;
    }
    return clCreateBuffer(c, flags, size, host_ptr, errcode_ret);
}

cl_mem clCreatePipe(cl_context c, cl_mem_flags f, cl_uint size, cl_uint max, const cl_pipe_properties *props,
                    cl_int *errcode_ret)
{
    (void)c, (void)f, (void)size, (void)max, (void)props;
    NOT_PROVIDED(errcode_ret);
}

cl_program clCreateProgramWithBuiltInKernels(cl_context c, cl_uint n, const cl_device_id *devs, const char *names,
                                             cl_int *errcode_ret)
{
    (void)c, (void)n, (void)devs, (void)names;
    ocl_err(errcode_ret, CL_INVALID_VALUE);   /* no built-in kernels */
    return NULL;
}

cl_program clCreateProgramWithIL(cl_context c, const void *il, size_t len, cl_int *errcode_ret)
{
    (void)c, (void)il, (void)len;
    NOT_PROVIDED(errcode_ret);
}

cl_kernel clCloneKernel(cl_kernel k, cl_int *errcode_ret)
{
    (void)k;
    NOT_PROVIDED(errcode_ret);
}
