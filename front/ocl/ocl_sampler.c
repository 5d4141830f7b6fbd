/* ocl_sampler.c — samplers: the object, its info, and the S# a kernel's
 * sampler_t argument points to (the code clang-15 and the ROCm device
 * library generate loads the 4 dwords of an S# from the argument's
 * address), in the context's device memory.  The S# fields are those
 * sim/sem_mimg.c decodes; the mapping from OpenCL's modes is the one
 * clang-15 and the device library give constant samplers (sem_mimg.c):
 * CLK_ADDRESS_NONE and CLAMP -> CLAMP_BORDER (transparent black),
 * CLAMP_TO_EDGE -> CLAMP_LAST_TEXEL, REPEAT -> WRAP, MIRRORED_REPEAT ->
 * MIRROR; unnormalized coordinates -> FORCE_UNNORMALIZED; linear ->
 * bilinear magnification and minification. */
#include <stdlib.h>
#include "front/ocl/ocl.h"

enum { SQ_WRAP = 0, SQ_MIRROR = 1, SQ_CLAMP_LAST_TEXEL = 2, SQ_CLAMP_BORDER = 6 };

/* The S# of a sampler with these modes (checked) into d[4]. */
static void ssharp(cl_bool norm, cl_addressing_mode am, cl_filter_mode fm, uint32_t d[4])
{
    uint8_t c = am == CL_ADDRESS_CLAMP_TO_EDGE ? SQ_CLAMP_LAST_TEXEL
                : am == CL_ADDRESS_REPEAT ? SQ_WRAP : am == CL_ADDRESS_MIRRORED_REPEAT ? SQ_MIRROR : SQ_CLAMP_BORDER;
    uint8_t lin = fm == CL_FILTER_LINEAR;
    mimg_ssharp_t s = {.clamp = {c, c, c}, .unnorm = !norm, .mag = lin, .min = lin, .border = 0};
    mimg_ssharp_encode(&s, d);
}

/* Check a sampler's modes: CL_SUCCESS or CL_INVALID_VALUE. */
static cl_int check_modes(cl_bool norm, cl_addressing_mode am, cl_filter_mode fm)
{
    if ((norm != CL_TRUE && norm != CL_FALSE) || (fm != CL_FILTER_NEAREST && fm != CL_FILTER_LINEAR))
        return CL_INVALID_VALUE;
    if (am != CL_ADDRESS_NONE && am != CL_ADDRESS_CLAMP_TO_EDGE && am != CL_ADDRESS_CLAMP &&
        am != CL_ADDRESS_REPEAT && am != CL_ADDRESS_MIRRORED_REPEAT)
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

cl_sampler clCreateSampler(cl_context c, cl_bool norm, cl_addressing_mode am, cl_filter_mode fm, cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    cl_int e = check_modes(norm, am, fm);
    cl_sampler s = e == CL_SUCCESS ? calloc(1, sizeof *s) : NULL;
    if (e == CL_SUCCESS && !s)
        e = CL_OUT_OF_HOST_MEMORY;
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    uint32_t d[4];
    ssharp(norm, am, fm, d);
    ocl_lock();
    if (mem_alloc(&c->mem, sizeof d, 16, "sampler", &s->addr) || ocl_obj_add(s, OCL_SAMPLER)) {
        if (s->addr)
            mem_free_at(&c->mem, s->addr);
        ocl_unlock();
        free(s);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    mem_write(&c->mem, s->addr, d, sizeof d);
    ocl_unlock();
    s->ctx = c;
    s->norm = norm;
    s->am = am;
    s->fm = fm;
    clRetainContext(c);
    ocl_err(errcode_ret, CL_SUCCESS);
    return s;
}

cl_sampler clCreateSamplerWithProperties(cl_context c, const cl_sampler_properties *props, cl_int *errcode_ret)
{
    cl_bool norm = CL_TRUE;
    cl_addressing_mode am = CL_ADDRESS_CLAMP;
    cl_filter_mode fm = CL_FILTER_NEAREST;
    unsigned seen = 0;
    for (size_t i = 0; props && props[i]; i += 2) {
        unsigned bit = props[i] == CL_SAMPLER_NORMALIZED_COORDS ? 1 : props[i] == CL_SAMPLER_ADDRESSING_MODE ? 2
                       : props[i] == CL_SAMPLER_FILTER_MODE ? 4 : 0;
        if (!bit || (seen & bit)) {
            ocl_err(errcode_ret, ocl_obj_is(c, OCL_CONTEXT) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT);
            return NULL;
        }
        seen |= bit;
        if (bit == 1)
            norm = (cl_bool)props[i + 1];
        else if (bit == 2)
            am = (cl_addressing_mode)props[i + 1];
        else
            fm = (cl_filter_mode)props[i + 1];
    }
    return clCreateSampler(c, norm, am, fm, errcode_ret);
}

cl_int clRetainSampler(cl_sampler s)
{
    if (!ocl_obj_is(s, OCL_SAMPLER))
        return CL_INVALID_SAMPLER;
    ocl_ref(s, 1);
    return CL_SUCCESS;
}

cl_int clReleaseSampler(cl_sampler s)
{
    if (!ocl_obj_is(s, OCL_SAMPLER))
        return CL_INVALID_SAMPLER;
    ocl_lock();
    if (ocl_ref(s, -1) == 0) {
        cl_context c = s->ctx;
        ocl_obj_del(s);
        mem_free_at(&c->mem, s->addr);
        free(s);
        clReleaseContext(c);
    }
    ocl_unlock();
    return CL_SUCCESS;
}

cl_int clGetSamplerInfo(cl_sampler s, cl_sampler_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(s, OCL_SAMPLER))
        return CL_INVALID_SAMPLER;
    switch (name) {
    case CL_SAMPLER_REFERENCE_COUNT: return ocl_info(&s->refs, sizeof s->refs, size, value, size_ret);
    case CL_SAMPLER_CONTEXT: return ocl_info(&s->ctx, sizeof s->ctx, size, value, size_ret);
    case CL_SAMPLER_NORMALIZED_COORDS: return ocl_info(&s->norm, sizeof s->norm, size, value, size_ret);
    case CL_SAMPLER_ADDRESSING_MODE: return ocl_info(&s->am, sizeof s->am, size, value, size_ret);
    case CL_SAMPLER_FILTER_MODE: return ocl_info(&s->fm, sizeof s->fm, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}
