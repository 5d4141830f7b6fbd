/* ocl_image.c — images: clCreateImage (1D, 2D, 3D, 1D and 2D arrays, 1D
 * buffer images) and its OpenCL 1.1 forms, the formats gcnsim's images
 * support (sim/sem_mimg.c's table, the formats of `gcnsim run --arg
 * image:`), clGetImageInfo, and the image object a kernel argument gets
 * (front/launch's la_image_object, as `gcnsim run` builds it).  Texels are
 * stored linearly, rows of width texels (ocl_image_t in ocl.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* hsa_ext_image_channel_order_t and _type_t (hsa_ext_image.h), which the
 * format table gives, as OpenCL's values, by their HSA number. */
static const cl_channel_order hsa_orders[] = {CL_A, CL_R, CL_Rx, CL_RG, CL_RGx, CL_RA, CL_RGB, CL_RGBx, CL_RGBA,
                                              CL_BGRA, CL_ARGB, 0, 0, 0, 0, 0, CL_INTENSITY, CL_LUMINANCE};
static const cl_channel_type hsa_types[] = {
    CL_SNORM_INT8, CL_SNORM_INT16, CL_UNORM_INT8, CL_UNORM_INT16, CL_UNORM_INT24, CL_UNORM_SHORT_555,
    CL_UNORM_SHORT_565, CL_UNORM_INT_101010, CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32, CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT};

/* Format i of the table as an OpenCL image format; 0, or -1 past the end. */
static int cl_format_at(unsigned i, cl_image_format *out)
{
    const mimg_format_t *f = mimg_format_at(i);
    if (!f)
        return -1;
    out->image_channel_order = f->hsa_order < sizeof hsa_orders / sizeof *hsa_orders ? hsa_orders[f->hsa_order] : 0;
    out->image_channel_data_type = f->hsa_type < sizeof hsa_types / sizeof *hsa_types ? hsa_types[f->hsa_type] : 0;
    return 0;
}

/* Whether order o and type t make a format OpenCL 1.2 defines (section
 * 5.3.1.1: RGB and RGBx only packed, packed types only RGB/RGBx, BGRA and
 * ARGB only 8-bit, INTENSITY and LUMINANCE only norm, half and float). */
static int format_valid(cl_channel_order o, cl_channel_type t)
{
    int packed = t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555 || t == CL_UNORM_INT_101010;
    if (o < CL_R || o > CL_RGBx || t < CL_SNORM_INT8 || t > CL_FLOAT)
        return 0;
    if ((o == CL_RGB || o == CL_RGBx) != packed)
        return 0;
    if (o == CL_BGRA || o == CL_ARGB)
        return t == CL_UNORM_INT8 || t == CL_SNORM_INT8 || t == CL_SIGNED_INT8 || t == CL_UNSIGNED_INT8;
    if (o == CL_INTENSITY || o == CL_LUMINANCE)
        return t == CL_UNORM_INT8 || t == CL_UNORM_INT16 || t == CL_SNORM_INT8 || t == CL_SNORM_INT16 ||
               t == CL_HALF_FLOAT || t == CL_FLOAT;
    return 1;
}

/* The texel format of an OpenCL format, NULL when gcnsim has none. */
static const mimg_format_t *find_format(const cl_image_format *fmt)
{
    cl_image_format f;
    for (unsigned i = 0; cl_format_at(i, &f) == 0; i++)
        if (f.image_channel_order == fmt->image_channel_order &&
            f.image_channel_data_type == fmt->image_channel_data_type)
            return mimg_format_at(i);
    return NULL;
}

cl_int clGetSupportedImageFormats(cl_context c, cl_mem_flags f, cl_mem_object_type t, cl_uint n,
                                  cl_image_format *formats, cl_uint *n_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    if ((n == 0 && formats) || ocl_check_mem_flags(f & ~(cl_mem_flags)(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR),
                                                   NULL) != CL_SUCCESS)
        return CL_INVALID_VALUE;
    if (t != CL_MEM_OBJECT_IMAGE1D && t != CL_MEM_OBJECT_IMAGE1D_BUFFER && t != CL_MEM_OBJECT_IMAGE1D_ARRAY &&
        t != CL_MEM_OBJECT_IMAGE2D && t != CL_MEM_OBJECT_IMAGE2D_ARRAY && t != CL_MEM_OBJECT_IMAGE3D)
        return CL_INVALID_VALUE;
    cl_uint k = 0;
    cl_image_format one;
    for (unsigned i = 0; cl_format_at(i, &one) == 0; i++, k++)
        if (formats && k < n)
            formats[k] = one;
    if (n_ret)
        *n_ret = k;
    return CL_SUCCESS;
}

/* ---- creation -------------------------------------------------------------- */

/* The device limits an image must keep (the smallest over c's devices,
 * clGetDeviceInfo's answers): lim[0] 2D width/height, [1] 3D sizes, [2]
 * array layers, [3] 1D buffer texels. */
static void limits(cl_context c, size_t lim[4])
{
    static const cl_device_info q[4] = {CL_DEVICE_IMAGE2D_MAX_WIDTH, CL_DEVICE_IMAGE3D_MAX_DEPTH,
                                        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE};
    for (unsigned j = 0; j < 4; j++) {
        lim[j] = SIZE_MAX;
        for (cl_uint i = 0; i < c->ndev; i++) {
            size_t v = 0;
            clGetDeviceInfo(c->devs[i], q[j], sizeof v, &v, NULL);
            lim[j] = v < lim[j] ? v : lim[j];
        }
    }
}

/* The view's sizes ext[3] of descriptor d (see ocl_image_t); the number of
 * dimensions, 0 for an unknown type. */
static unsigned view_ext(const cl_image_desc *d, size_t ext[3])
{
    ext[0] = d->image_width;
    ext[1] = ext[2] = 1;
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D: case CL_MEM_OBJECT_IMAGE1D_BUFFER: return 1;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: ext[2] = d->image_array_size; return 2;
    case CL_MEM_OBJECT_IMAGE2D: ext[1] = d->image_height; return 2;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY: ext[1] = d->image_height; ext[2] = d->image_array_size; return 3;
    case CL_MEM_OBJECT_IMAGE3D: ext[1] = d->image_height; ext[2] = d->image_depth; return 3;
    default: return 0;
    }
}

/* Check descriptor d's sizes against c's limits: CL_SUCCESS,
 * CL_INVALID_IMAGE_DESCRIPTOR (a size of 0) or CL_INVALID_IMAGE_SIZE. */
static cl_int check_sizes(cl_context c, const cl_image_desc *d, const size_t ext[3])
{
    size_t lim[4];
    limits(c, lim);
    if (!ext[0] || !ext[1] || !ext[2])
        return CL_INVALID_IMAGE_DESCRIPTOR;
    int arr = d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY || d->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return ext[0] > lim[3] ? CL_INVALID_IMAGE_SIZE : CL_SUCCESS;
    if (d->image_type == CL_MEM_OBJECT_IMAGE3D)
        return ext[0] > lim[1] || ext[1] > lim[1] || ext[2] > lim[1] ? CL_INVALID_IMAGE_SIZE : CL_SUCCESS;
    if (ext[0] > lim[0] || ext[1] > lim[0] || (arr && ext[2] > lim[2]))
        return CL_INVALID_IMAGE_SIZE;
    return CL_SUCCESS;
}

/* Check descriptor d (everything but the sizes) with host pointer host
 * and texels of bpp bytes: CL_SUCCESS or CL_INVALID_IMAGE_DESCRIPTOR. */
static cl_int check_desc(const cl_image_desc *d, unsigned dims, const size_t ext[3], size_t bpp, const void *host)
{
    if (!dims || d->num_mip_levels || d->num_samples)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if ((d->buffer != NULL) != (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER))
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (!host)
        return d->image_row_pitch || d->image_slice_pitch ? CL_INVALID_IMAGE_DESCRIPTOR : CL_SUCCESS;
    size_t row = d->image_row_pitch;
    if (row && (row < ext[0] * bpp || row % bpp))
        return CL_INVALID_IMAGE_DESCRIPTOR;
    row = row ? row : ext[0] * bpp;
    int has_slices = d->image_type == CL_MEM_OBJECT_IMAGE3D || d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                     d->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    size_t slice = d->image_slice_pitch;
    if (has_slices && slice && (slice < row * ext[1] || slice % row))
        return CL_INVALID_IMAGE_DESCRIPTOR;
    return CL_SUCCESS;
}

/* Check a 1D buffer image's buffer and flags (inherited from the buffer
 * where f leaves them out) into *flags: CL_SUCCESS or the error. */
static cl_int check_buffer(cl_context c, const cl_image_desc *d, size_t bpp, cl_mem_flags f, cl_mem_flags *flags)
{
    cl_mem b = d->buffer;
    if (!ocl_obj_is(b, OCL_MEM) || b->img || b->ctx != c)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (f & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))
        return CL_INVALID_VALUE;
    const cl_mem_flags access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
    const cl_mem_flags host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
    if (((b->flags & CL_MEM_WRITE_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
        ((b->flags & CL_MEM_READ_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))))
        return CL_INVALID_VALUE;
    if (((b->flags & CL_MEM_HOST_WRITE_ONLY) && (f & CL_MEM_HOST_READ_ONLY)) ||
        ((b->flags & CL_MEM_HOST_READ_ONLY) && (f & CL_MEM_HOST_WRITE_ONLY)) ||
        ((b->flags & CL_MEM_HOST_NO_ACCESS) && (f & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
        return CL_INVALID_VALUE;
    if (d->image_width > b->size / bpp)
        return CL_INVALID_IMAGE_SIZE;
    *flags = ((f & access) ? f & access : b->flags & access) | ((f & host) ? f & host : b->flags & host);
    return CL_SUCCESS;
}

/* Every check of clCreateImage, in the specification's order of errors;
 * the texel format into *tf, the flags into *flags. */
static cl_int check_image(cl_context c, cl_mem_flags f, const cl_image_format *fmt, const cl_image_desc *d,
                          void *host, const mimg_format_t **tf, cl_mem_flags *flags)
{
    if (!ocl_obj_is(c, OCL_CONTEXT))
        return CL_INVALID_CONTEXT;
    cl_int e = ocl_check_mem_flags(f, d && d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? NULL : host);
    if (e == CL_INVALID_VALUE)
        return e;
    if (!fmt || !format_valid(fmt->image_channel_order, fmt->image_channel_data_type))
        return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (!d)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (!(*tf = find_format(fmt)))
        return CL_IMAGE_FORMAT_NOT_SUPPORTED;
    size_t ext[3];
    unsigned dims = view_ext(d, ext);
    if ((e = check_desc(d, dims, ext, (*tf)->bytes, host)) != CL_SUCCESS ||
        (e = check_sizes(c, d, ext)) != CL_SUCCESS)
        return e;
    *flags = f ? f : CL_MEM_READ_WRITE;
    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return host ? CL_INVALID_HOST_PTR : check_buffer(c, d, (*tf)->bytes, f, flags);
    return ocl_check_mem_flags(f, host);
}

/* Copy the application's texels at host (pitches row and slice) into
 * image m's device copy. */
static void copy_in(cl_mem m, const uint8_t *host, size_t row, size_t slice)
{
    ocl_image_t *im = m->img;
    size_t n = im->ext[0] * im->f->bytes;
    for (size_t z = 0; z < im->ext[2]; z++)
        for (size_t y = 0; y < im->ext[1]; y++)
            mem_write(&m->ctx->mem, m->addr + z * im->slice + y * im->row, host + z * slice + y * row, n);
}

/* The application's pitches for its host pointer (0: tightly packed; a
 * 1D array's slice pitch is its layers', the view's third axis). */
static void host_pitches(const cl_image_desc *d, const ocl_image_t *im, size_t *row, size_t *slice)
{
    *row = d->image_row_pitch ? d->image_row_pitch : im->ext[0] * im->f->bytes;
    *slice = d->image_slice_pitch ? d->image_slice_pitch : *row * im->ext[1];
}

/* Allocate image m's texels (or take its buffer's) and its object; 0 or -1. */
static int place(cl_context c, cl_mem m, void *host)
{
    ocl_image_t *im = m->img;
    if (mem_alloc(&c->mem, 64, 256, "image object", &im->obj))
        return -1;
    if (im->desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        m->parent = im->desc.buffer;
        m->addr = m->parent->addr;
        return 0;
    }
    if (!ocl_mem_fits(c, m->size) || mem_alloc(&c->mem, m->size, 256, "cl_mem image", &m->addr)) {
        mem_free_at(&c->mem, im->obj);
        return -1;
    }
    c->buffer_bytes += m->size;
    if (host)
        copy_in(m, host, im->host_row, im->host_slice);
    return 0;
}

/* A new image object (the checks passed); NULL and *e when out of memory. */
static cl_mem make_image(cl_context c, cl_mem_flags flags, const cl_image_format *fmt, const cl_image_desc *d,
                         const mimg_format_t *tf, void *host, cl_int *e)
{
    cl_mem m = calloc(1, sizeof *m);
    ocl_image_t *im = calloc(1, sizeof *im);
    *e = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    if (!m || !im) {
        free(m), free(im);
        *e = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    m->img = im;
    m->ctx = c;
    im->fmt = *fmt;
    im->desc = *d;
    im->f = tf;
    view_ext(d, im->ext);
    im->row = im->ext[0] * tf->bytes;
    im->slice = im->row * im->ext[1];
    m->size = im->slice * im->ext[2];
    host_pitches(d, im, &im->host_row, &im->host_slice);
    im->desc.image_row_pitch = host ? im->host_row : 0;
    im->desc.image_slice_pitch = host && d->image_type != CL_MEM_OBJECT_IMAGE1D &&
                                 d->image_type != CL_MEM_OBJECT_IMAGE2D ? im->host_slice : 0;
    ocl_lock();
    int bad = place(c, m, host);
    if (!bad && ocl_obj_add(m, OCL_MEM)) {
        if (!m->parent) {
            mem_free_at(&c->mem, m->addr);
            c->buffer_bytes -= m->size;
        }
        mem_free_at(&c->mem, im->obj);
        bad = 1;
    }
    ocl_unlock();
    if (bad) {
        free(im), free(m);
        return NULL;
    }
    m->flags = flags;
    m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host : NULL;
    if (m->parent)
        clRetainMemObject(m->parent);
    clRetainContext(c);
    *e = CL_SUCCESS;
    return m;
}

cl_mem clCreateImage(cl_context c, cl_mem_flags f, const cl_image_format *fmt, const cl_image_desc *desc, void *host,
                     cl_int *errcode_ret)
{
    const mimg_format_t *tf = NULL;
    cl_mem_flags flags = 0;
    cl_int e = check_image(c, f, fmt, desc, host, &tf, &flags);
    cl_mem m = e == CL_SUCCESS ? make_image(c, flags, fmt, desc, tf, host, &e) : NULL;
    ocl_err(errcode_ret, e);
    return m;
}

cl_mem clCreateImageWithProperties(cl_context c, const cl_mem_properties *props, cl_mem_flags f,
                                   const cl_image_format *fmt, const cl_image_desc *desc, void *host,
                                   cl_int *errcode_ret)
{
    if (props && props[0]) {
        ocl_err(errcode_ret, ocl_obj_is(c, OCL_CONTEXT) ? CL_INVALID_PROPERTY : CL_INVALID_CONTEXT);
        return NULL;
    }
    return clCreateImage(c, f, fmt, desc, host, errcode_ret);
}

/* clCreateImage2D and 3D (OpenCL 1.1) report a size of 0 as
 * CL_INVALID_IMAGE_SIZE. */
static cl_mem create_sized(cl_context c, cl_mem_flags f, const cl_image_format *fmt, const cl_image_desc *d,
                           void *host, cl_int *errcode_ret)
{
    cl_int e;
    cl_mem m = clCreateImage(c, f, fmt, d, host, &e);
    if (e == CL_INVALID_IMAGE_DESCRIPTOR && (!d->image_width || !d->image_height || !d->image_depth))
        e = CL_INVALID_IMAGE_SIZE;
    ocl_err(errcode_ret, e);
    return m;
}

cl_mem clCreateImage2D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h, size_t pitch,
                       void *host, cl_int *errcode_ret)
{
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = w, .image_height = h,
                       .image_depth = 1, .image_row_pitch = pitch};
    return create_sized(c, f, fmt, &d, host, errcode_ret);
}

cl_mem clCreateImage3D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h, size_t dp,
                       size_t rp, size_t sp, void *host, cl_int *errcode_ret)
{
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE3D, .image_width = w, .image_height = h,
                       .image_depth = dp, .image_row_pitch = rp, .image_slice_pitch = sp};
    if (dp == 1) {   /* a 3D image has a depth of at least 2 (OpenCL 1.1, 5.3.1) */
        ocl_err(errcode_ret, ocl_obj_is(c, OCL_CONTEXT) ? CL_INVALID_IMAGE_SIZE : CL_INVALID_CONTEXT);
        return NULL;
    }
    return create_sized(c, f, fmt, &d, host, errcode_ret);
}

void ocl_image_free(cl_mem m)
{
    if (!m->img)
        return;
    mem_free_at(&m->ctx->mem, m->img->obj);
    free(m->img);
    m->img = NULL;
}

/* ---- queries ---------------------------------------------------------------- */

cl_int clGetImageInfo(cl_mem m, cl_image_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(m, OCL_MEM) || !m->img)
        return CL_INVALID_MEM_OBJECT;
    const ocl_image_t *im = m->img;
    const cl_image_desc *d = &im->desc;
    size_t v = 0;
    int arr = d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY || d->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    switch (name) {
    case CL_IMAGE_FORMAT: return ocl_info(&im->fmt, sizeof im->fmt, size, value, size_ret);
    case CL_IMAGE_ELEMENT_SIZE: v = im->f->bytes; break;
    case CL_IMAGE_ROW_PITCH: v = im->row; break;
    case CL_IMAGE_SLICE_PITCH: v = d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? im->row
                                   : d->image_type == CL_MEM_OBJECT_IMAGE3D || arr ? im->slice : 0; break;
    case CL_IMAGE_WIDTH: v = d->image_width; break;
    case CL_IMAGE_HEIGHT: v = d->image_type == CL_MEM_OBJECT_IMAGE2D || d->image_type == CL_MEM_OBJECT_IMAGE3D ||
                              d->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d->image_height : 0; break;
    case CL_IMAGE_DEPTH: v = d->image_type == CL_MEM_OBJECT_IMAGE3D ? d->image_depth : 0; break;
    case CL_IMAGE_ARRAY_SIZE: v = arr ? d->image_array_size : 0; break;
    case CL_IMAGE_BUFFER: return ocl_info(&d->buffer, sizeof d->buffer, size, value, size_ret);
    case CL_IMAGE_NUM_MIP_LEVELS: case CL_IMAGE_NUM_SAMPLES: {
        cl_uint z = 0;
        return ocl_info(&z, sizeof z, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
    return ocl_info(&v, sizeof v, size, value, size_ret);
}

/* ---- kernel arguments ------------------------------------------------------ */

/* The kernel type name of an image of type t. */
static const char *type_name_of(cl_mem_object_type t)
{
    switch (t) {
    case CL_MEM_OBJECT_IMAGE1D: return "image1d_t";
    case CL_MEM_OBJECT_IMAGE1D_BUFFER: return "image1d_buffer_t";
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: return "image1d_array_t";
    case CL_MEM_OBJECT_IMAGE2D: return "image2d_t";
    case CL_MEM_OBJECT_IMAGE2D_ARRAY: return "image2d_array_t";
    default: return "image3d_t";
    }
}

cl_int ocl_image_arg_ok(cl_mem m, const co_arg_t *a)
{
    if (!a->type_name || strcmp(a->type_name, type_name_of(m->img->desc.image_type)))
        return CL_INVALID_ARG_VALUE;
    int wo = a->access && !strcmp(a->access, "write_only");
    int ro = !a->access || !strcmp(a->access, "read_only");
    if ((ro && (m->flags & CL_MEM_WRITE_ONLY)) || (wo && (m->flags & CL_MEM_READ_ONLY)))
        return CL_INVALID_ARG_VALUE;
    return CL_SUCCESS;
}

cl_int ocl_image_object(cl_mem m, cl_device_id d, const char *type_name)
{
    const ocl_image_t *im = m->img;
    const cl_image_desc *ds = &im->desc;
    uint32_t sz[3] = {(uint32_t)ds->image_width, 1, 1}, obj[16];
    if (ds->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)   /* W,L and W,H,L as la_image_object takes them */
        sz[1] = (uint32_t)ds->image_array_size;
    else if (ds->image_type != CL_MEM_OBJECT_IMAGE1D && ds->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        sz[1] = (uint32_t)im->ext[1];
        sz[2] = (uint32_t)im->ext[2];
    }
    char err[200];
    if (la_image_object(d->target->gen, type_name, im->f, sz, m->addr, obj, err, sizeof err)) {
        fprintf(stderr, "gcnsim OpenCL: image argument: %s\n", err);
        return CL_INVALID_ARG_VALUE;
    }
    mem_write(&m->ctx->mem, im->obj, obj, sizeof obj);
    return CL_SUCCESS;
}

void ocl_image_unmap_copy(cl_mem m, const ocl_map_t *mp)
{
    const ocl_image_t *im = m->img;
    size_t n = mp->region[0] * im->f->bytes;
    for (size_t z = 0; z < mp->region[2]; z++)
        for (size_t y = 0; y < mp->region[1]; y++) {
            size_t dev = (mp->origin[2] + z) * im->slice + (mp->origin[1] + y) * im->row + mp->origin[0] * im->f->bytes;
            mem_write(&m->ctx->mem, m->addr + dev, (uint8_t *)mp->ptr + z * im->host_slice + y * im->host_row, n);
        }
}
