/* ocl_unprovided.c — functions that create objects this driver does not
 * provide yet (images, samplers, pipes, IL): each answers
 * CL_INVALID_OPERATION through errcode_ret and returns NULL, so that a
 * program can tell.  Image formats: none. */
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

cl_mem clCreateImage(cl_context c, cl_mem_flags f, const cl_image_format *fmt, const cl_image_desc *desc, void *host,
                     cl_int *errcode_ret)
{
    (void)c, (void)f, (void)fmt, (void)desc, (void)host;
    NOT_PROVIDED(errcode_ret);
}

cl_mem clCreateImageWithProperties(cl_context c, const cl_mem_properties *props, cl_mem_flags f,
                                   const cl_image_format *fmt, const cl_image_desc *desc, void *host,
                                   cl_int *errcode_ret)
{
    (void)c, (void)props, (void)f, (void)fmt, (void)desc, (void)host;
    NOT_PROVIDED(errcode_ret);
}

cl_mem clCreateImage2D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h, size_t pitch,
                       void *host, cl_int *errcode_ret)
{
    (void)c, (void)f, (void)fmt, (void)w, (void)h, (void)pitch, (void)host;
    NOT_PROVIDED(errcode_ret);
}

cl_mem clCreateImage3D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h, size_t d,
                       size_t rp, size_t sp, void *host, cl_int *errcode_ret)
{
    (void)c, (void)f, (void)fmt, (void)w, (void)h, (void)d, (void)rp, (void)sp, (void)host;
    NOT_PROVIDED(errcode_ret);
}

cl_mem clCreatePipe(cl_context c, cl_mem_flags f, cl_uint size, cl_uint max, const cl_pipe_properties *props,
                    cl_int *errcode_ret)
{
    (void)c, (void)f, (void)size, (void)max, (void)props;
    NOT_PROVIDED(errcode_ret);
}

cl_int clGetSupportedImageFormats(cl_context c, cl_mem_flags f, cl_mem_object_type t, cl_uint n,
                                  cl_image_format *formats, cl_uint *n_ret)
{
    (void)f, (void)t, (void)formats;
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (n == 0 && formats)
        return CL_INVALID_VALUE;
    if (n_ret)
        *n_ret = 0;
    return CL_SUCCESS;
}

cl_sampler clCreateSampler(cl_context c, cl_bool norm, cl_addressing_mode am, cl_filter_mode fm, cl_int *errcode_ret)
{
    (void)c, (void)norm, (void)am, (void)fm;
    NOT_PROVIDED(errcode_ret);
}

cl_sampler clCreateSamplerWithProperties(cl_context c, const cl_sampler_properties *props, cl_int *errcode_ret)
{
    (void)c, (void)props;
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

void *clEnqueueMapImage(cl_command_queue q, cl_mem img, cl_bool blocking, cl_map_flags f, const size_t *origin,
                        const size_t *region, size_t *row_pitch, size_t *slice_pitch, cl_uint nwait,
                        const cl_event *wait, cl_event *ev, cl_int *errcode_ret)
{
    (void)q, (void)img, (void)blocking, (void)f, (void)origin, (void)region, (void)row_pitch, (void)slice_pitch;
    (void)nwait, (void)wait, (void)ev;
    ocl_err(errcode_ret, CL_INVALID_MEM_OBJECT);   /* no image exists */
    return NULL;
}
