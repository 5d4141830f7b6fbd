/* ocl_image_cmd.c — the image commands: read, write, copy, fill, copies
 * to and from buffers, and map, on the image's linear device copy
 * (ocl_image_t in ocl.h), each a command record that runs when its wait
 * list allows (ocl_cmd_enqueue).  Origins and regions are
 * checked as OpenCL 1.2 says and turned into the image's view (a 1D
 * array's layer becomes the third coordinate).  A command takes the
 * simulated time of moving its bytes at the preset's DRAM bandwidth, as
 * the buffer commands do (ocl_move_ns). */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* The checks of a command on image m: queue, an image of its context, the
 * wait list. */
static cl_int check_image_cmd(cl_command_queue q, cl_mem m, cl_uint nwait, const cl_event *wait)
{
    cl_int e = ocl_check_mem_cmd(q, m, nwait, wait);
    return e == CL_SUCCESS && !m->img ? CL_INVALID_MEM_OBJECT : e;
}

/* Origin and region of image m as the application gives them into the
 * view's o and r; CL_SUCCESS or CL_INVALID_VALUE (outside the image, a
 * region of 0, coordinates its type does not have). */
static cl_int view_region(const ocl_image_t *im, const size_t *origin, const size_t *region, size_t o[3],
                          size_t r[3])
{
    if (!origin || !region)
        return CL_INVALID_VALUE;
    memcpy(o, origin, 3 * sizeof *o);
    memcpy(r, region, 3 * sizeof *r);
    cl_mem_object_type t = im->desc.image_type;
    if (!r[0] || !r[1] || !r[2])
        return CL_INVALID_VALUE;
    if ((t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER) && (o[1] || r[1] != 1))
        return CL_INVALID_VALUE;
    if (t != CL_MEM_OBJECT_IMAGE3D && t != CL_MEM_OBJECT_IMAGE2D_ARRAY && (o[2] || r[2] != 1))
        return CL_INVALID_VALUE;
    if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY) {   /* (x, layer) -> (x, 0, layer) */
        o[2] = o[1], r[2] = r[1];
        o[1] = 0, r[1] = 1;
    }
    for (unsigned i = 0; i < 3; i++)
        if (o[i] > im->ext[i] || r[i] > im->ext[i] - o[i])
            return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* The application's pitches for region r (0: tightly packed) into *row and
 * *slice; CL_SUCCESS or CL_INVALID_VALUE when one is too small. */
static cl_int host_pitches(const ocl_image_t *im, const size_t r[3], size_t row, size_t slice, size_t *row_out,
                           size_t *slice_out)
{
    *row_out = row ? row : r[0] * im->f->bytes;
    *slice_out = slice ? slice : *row_out * r[1];
    if (*row_out < r[0] * im->f->bytes || (r[2] > 1 && *slice_out < *row_out * r[1]))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* Host pointer of texel (x, y, z) of the view of image m. */
static uint8_t *texel(cl_mem m, size_t x, size_t y, size_t z)
{
    const ocl_image_t *im = m->img;
    return mem_ptr(&m->ctx->mem, m->addr + z * im->slice + y * im->row + x * im->f->bytes, im->f->bytes);
}

/* Copy region r at o of image m to (to_dev 0) or from (1) host memory p
 * laid out with pitches row and slice. */
static void xfer(cl_mem m, const size_t o[3], const size_t r[3], uint8_t *p, size_t row, size_t slice, int to_dev)
{
    size_t n = r[0] * m->img->f->bytes;
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++) {
            uint8_t *d = texel(m, o[0], o[1] + y, o[2] + z), *h = p + z * slice + y * row;
            if (to_dev)
                memcpy(d, h, n);
            else
                memcpy(h, d, n);
        }
}

/* Bytes of region r of image m. */
static uint64_t region_bytes(const cl_mem m, const size_t r[3])
{
    return (uint64_t)r[0] * r[1] * r[2] * m->img->f->bytes;
}

/* The checks of clEnqueueReadImage (write 0) and clEnqueueWriteImage (1). */
static cl_int check_rw(cl_command_queue q, cl_mem m, int write, const size_t *origin, const size_t *region,
                       size_t row, size_t slice, const void *ptr, cl_uint nwait, const cl_event *wait, size_t o[3],
                       size_t r[3], size_t *hrow, size_t *hslice)
{
    cl_int e = check_image_cmd(q, m, nwait, wait);
    if (e == CL_SUCCESS)
        e = view_region(m->img, origin, region, o, r);
    if (e == CL_SUCCESS)
        e = host_pitches(m->img, r, row, slice, hrow, hslice);
    if (e == CL_SUCCESS && !ptr)
        e = CL_INVALID_VALUE;
    if (e == CL_SUCCESS && (m->flags & (CL_MEM_HOST_NO_ACCESS | (write ? CL_MEM_HOST_READ_ONLY
                                                                        : CL_MEM_HOST_WRITE_ONLY))))
        e = CL_INVALID_OPERATION;
    return e;
}

/* A read or write of a region, or a copy between an image and a buffer
 * (b: the buffer, off its offset; p NULL). */
typedef struct {
    cl_mem m, b;
    size_t o[3], r[3];
    uint8_t *p;
    size_t off, row, slice;
    int to_dev;
} xfer_args_t;

/* The host memory of a transfer: the application's, or the buffer's. */
static uint8_t *xfer_host(const xfer_args_t *a)
{
    return a->p ? a->p : mem_ptr(&a->b->ctx->mem, a->b->addr + a->off, region_bytes(a->m, a->r));
}

static cl_int run_xfer(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    xfer_args_t *a = c->args;
    (void)enq_err;
    xfer(a->m, a->o, a->r, xfer_host(a), a->row, a->slice, a->to_dev);
    *ns = ocl_move_ns(c->q, (a->b ? 2 : 1) * region_bytes(a->m, a->r));
    return CL_COMPLETE;
}

/* Enqueue transfer a of command type t (blocking or not). */
static cl_int enqueue_xfer(cl_command_queue q, cl_command_type t, xfer_args_t *a, cl_bool blocking, cl_uint nwait,
                           const cl_event *wait, cl_event *ev)
{
    ocl_cmd_t c = OCL_CMD(q, t, nwait, wait, run_xfer, a);
    c.keep = a->b ? ocl_keep_mem2 : ocl_keep_mem, c.drop = a->b ? ocl_drop_mem2 : ocl_drop_mem;
    return ocl_cmd_enqueue(&c, blocking, ev);
}

cl_int clEnqueueReadImage(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *origin, const size_t *region,
                          size_t row, size_t slice, void *ptr, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    xfer_args_t a = {.m = m, .p = ptr, .to_dev = 0};
    cl_int e = check_rw(q, m, 0, origin, region, row, slice, ptr, nwait, wait, a.o, a.r, &a.row, &a.slice);
    return e != CL_SUCCESS ? e : enqueue_xfer(q, CL_COMMAND_READ_IMAGE, &a, blocking, nwait, wait, ev);
}

cl_int clEnqueueWriteImage(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *origin,
                           const size_t *region, size_t row, size_t slice, const void *ptr, cl_uint nwait,
                           const cl_event *wait, cl_event *ev)
{
    xfer_args_t a = {.m = m, .p = (uint8_t *)(uintptr_t)ptr, .to_dev = 1};
    cl_int e = check_rw(q, m, 1, origin, region, row, slice, ptr, nwait, wait, a.o, a.r, &a.row, &a.slice);
    return e != CL_SUCCESS ? e : enqueue_xfer(q, CL_COMMAND_WRITE_IMAGE, &a, blocking, nwait, wait, ev);
}

/* Whether the boxes at a and b of size r overlap. */
static int overlap(const size_t a[3], const size_t b[3], const size_t r[3])
{
    for (unsigned i = 0; i < 3; i++)
        if (a[i] >= b[i] + r[i] || b[i] >= a[i] + r[i])
            return 0;
    return 1;
}

/* The view's region of a copy between images of types sa and da: the
 * application's region r as the source's view has it (a 1D array's
 * layers are its third axis, a 2D array's or 3D image's slices too). */
static cl_int check_copy(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so, const size_t *dor,
                         const size_t *region, cl_uint nwait, const cl_event *wait, size_t s[3], size_t d[3],
                         size_t r[3])
{
    cl_int e = check_image_cmd(q, src, nwait, wait);
    if (e == CL_SUCCESS)
        e = check_image_cmd(q, dst, 0, NULL);
    if (e != CL_SUCCESS)
        return e;
    if (src->img->fmt.image_channel_order != dst->img->fmt.image_channel_order ||
        src->img->fmt.image_channel_data_type != dst->img->fmt.image_channel_data_type)
        return CL_IMAGE_FORMAT_MISMATCH;
    size_t rd[3];
    if ((e = view_region(src->img, so, region, s, r)) != CL_SUCCESS ||
        (e = view_region(dst->img, dor, region, d, rd)) != CL_SUCCESS)
        return e;
    if (r[0] != rd[0] || (uint64_t)r[1] * r[2] != (uint64_t)rd[1] * rd[2])
        return CL_INVALID_VALUE;
    if (src == dst && overlap(s, d, r))
        return CL_MEM_COPY_OVERLAP;
    return CL_SUCCESS;
}

/* A copy between images: the views' origins and region, the destination's
 * rows per slice. */
typedef struct {
    cl_mem src, dst;
    size_t s[3], d[3], r[3], dh;
} copy_args_t;

static cl_int run_copy(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    copy_args_t *a = c->args;
    (void)enq_err;
    /* rows of r[0] texels, r[1]*r[2] of them: the source's (y, z) in
     * order, the destination's in its own shape (a 2D region may land on
     * one layer of a 1D array and back) */
    size_t rows = a->r[1] * a->r[2];
    for (size_t i = 0; i < rows; i++) {
        size_t sy = a->s[1] + i % a->r[1], sz = a->s[2] + i / a->r[1];
        size_t dy = a->d[1] + i % a->dh, dz = a->d[2] + i / a->dh;
        memmove(texel(a->dst, a->d[0], dy, dz), texel(a->src, a->s[0], sy, sz), a->r[0] * a->src->img->f->bytes);
    }
    *ns = ocl_move_ns(c->q, 2 * region_bytes(a->src, a->r));
    return CL_COMPLETE;
}

cl_int clEnqueueCopyImage(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so, const size_t *dor,
                          const size_t *region, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    copy_args_t a = {.src = src, .dst = dst, .dh = 1};
    cl_int e = check_copy(q, src, dst, so, dor, region, nwait, wait, a.s, a.d, a.r);
    if (e != CL_SUCCESS)
        return e;
    if (dst->img->desc.image_type != CL_MEM_OBJECT_IMAGE1D_ARRAY)
        a.dh = region[1];
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_COPY_IMAGE, nwait, wait, run_copy, &a);
    c.keep = ocl_keep_mem2, c.drop = ocl_drop_mem2;
    return ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

/* A fill: the region and the texel's bytes. */
typedef struct {
    cl_mem m;
    size_t o[3], r[3];
    uint8_t t[16];
} fill_args_t;

static cl_int run_fill(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    fill_args_t *a = c->args;
    (void)enq_err;
    size_t bytes = a->m->img->f->bytes;
    for (size_t z = 0; z < a->r[2]; z++)
        for (size_t y = 0; y < a->r[1]; y++)
            for (size_t x = 0; x < a->r[0]; x++)
                memcpy(texel(a->m, a->o[0] + x, a->o[1] + y, a->o[2] + z), a->t, bytes);
    *ns = ocl_move_ns(c->q, region_bytes(a->m, a->r));
    return CL_COMPLETE;
}

cl_int clEnqueueFillImage(cl_command_queue q, cl_mem m, const void *color, const size_t *origin, const size_t *region,
                          cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    size_t o[3], r[3];
    cl_int e = check_image_cmd(q, m, nwait, wait);
    if (e == CL_SUCCESS)
        e = view_region(m->img, origin, region, o, r);
    if (e == CL_SUCCESS && !color)
        e = CL_INVALID_VALUE;
    if (e != CL_SUCCESS)
        return e;
    const mimg_format_t *f = m->img->f;
    fill_args_t a = {.m = m};
    memcpy(a.o, o, sizeof o);
    memcpy(a.r, r, sizeof r);
    uint32_t c[4];
    memcpy(c, color, sizeof c);   /* float4, int4 or uint4: the register values image_store takes */
    for (unsigned ch = 0; ch < f->nch; ch++)
        mimg_pack(f, a.t, ch, c[ch]);
    ocl_cmd_t cmd = OCL_CMD(q, CL_COMMAND_FILL_IMAGE, nwait, wait, run_fill, &a);
    cmd.keep = ocl_keep_mem, cmd.drop = ocl_drop_mem;
    return ocl_cmd_enqueue(&cmd, CL_FALSE, ev);
}

/* The checks of a copy between image m and buffer b at offset off. */
static cl_int check_buf_copy(cl_command_queue q, cl_mem m, cl_mem b, size_t off, const size_t *origin,
                             const size_t *region, cl_uint nwait, const cl_event *wait, size_t o[3], size_t r[3])
{
    cl_int e = check_image_cmd(q, m, nwait, wait);
    if (e == CL_SUCCESS)
        e = ocl_check_mem_cmd(q, b, 0, NULL);
    if (e == CL_SUCCESS && b->img)
        e = CL_INVALID_MEM_OBJECT;
    if (e == CL_SUCCESS)
        e = view_region(m->img, origin, region, o, r);
    if (e == CL_SUCCESS && (off > b->size || region_bytes(m, r) > b->size - off))
        e = CL_INVALID_VALUE;
    return e;
}

cl_int clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *origin,
                                  const size_t *region, size_t off, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    xfer_args_t a = {.m = src, .b = dst, .off = off, .to_dev = 0};
    cl_int e = check_buf_copy(q, src, dst, off, origin, region, nwait, wait, a.o, a.r);
    if (e != CL_SUCCESS)
        return e;
    a.row = a.r[0] * src->img->f->bytes, a.slice = a.row * a.r[1];
    return enqueue_xfer(q, CL_COMMAND_COPY_IMAGE_TO_BUFFER, &a, CL_FALSE, nwait, wait, ev);
}

cl_int clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem src, cl_mem dst, size_t off, const size_t *origin,
                                  const size_t *region, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    xfer_args_t a = {.m = dst, .b = src, .off = off, .to_dev = 1};
    cl_int e = check_buf_copy(q, dst, src, off, origin, region, nwait, wait, a.o, a.r);
    if (e != CL_SUCCESS)
        return e;
    a.row = a.r[0] * dst->img->f->bytes, a.slice = a.row * a.r[1];
    return enqueue_xfer(q, CL_COMMAND_COPY_BUFFER_TO_IMAGE, &a, CL_FALSE, nwait, wait, ev);
}

/* The checks of clEnqueueMapImage. */
static cl_int check_map(cl_command_queue q, cl_mem m, cl_map_flags flags, const size_t *origin, const size_t *region,
                        size_t *row_pitch, size_t *slice_pitch, cl_uint nwait, const cl_event *wait, size_t o[3],
                        size_t r[3])
{
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    cl_int e = check_image_cmd(q, m, nwait, wait);
    if (e == CL_SUCCESS)
        e = view_region(m->img, origin, region, o, r);
    if (e != CL_SUCCESS)
        return e;
    cl_mem_object_type t = m->img->desc.image_type;
    int slices = t == CL_MEM_OBJECT_IMAGE3D || t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    if (!row_pitch || (slices && !slice_pitch) || (flags & ~known) ||
        ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE))))
        return CL_INVALID_VALUE;
    if (((flags & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
        ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
         (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
        return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

/* A map's run: a CL_MEM_USE_HOST_PTR mapping gets the device copy; no time. */
static cl_int run_map(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    xfer_args_t *a = c->args;
    (void)enq_err;
    if (a->p)
        xfer(a->m, a->o, a->r, a->p, a->row, a->slice, 0);
    *ns = 0;
    return CL_COMPLETE;
}

void *clEnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, const size_t *origin,
                        const size_t *region, size_t *row_pitch, size_t *slice_pitch, cl_uint nwait,
                        const cl_event *wait, cl_event *ev, cl_int *errcode_ret)
{
    size_t o[3], r[3];
    cl_int e = check_map(q, m, flags, origin, region, row_pitch, slice_pitch, nwait, wait, o, r);
    ocl_map_t *mp = e == CL_SUCCESS ? calloc(1, sizeof *mp) : NULL;
    if (e == CL_SUCCESS && !mp)
        e = CL_OUT_OF_HOST_MEMORY;
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    const ocl_image_t *im = m->img;
    size_t row = im->row, slice = im->slice;
    ocl_lock();
    uint8_t *p = texel(m, o[0], o[1], o[2]);
    if (m->host_ptr) {   /* CL_MEM_USE_HOST_PTR: the application's memory holds the mapping */
        row = im->host_row, slice = im->host_slice;
        p = (uint8_t *)m->host_ptr + o[2] * slice + o[1] * row + o[0] * im->f->bytes;
    }
    ocl_unlock();
    *mp = (ocl_map_t){.ptr = p, .flags = flags};
    memcpy(mp->origin, o, sizeof o);
    memcpy(mp->region, r, sizeof r);
    /* the device copy reaches a CL_MEM_USE_HOST_PTR mapping when the map runs */
    xfer_args_t a = {.m = m, .p = m->host_ptr ? p : NULL, .row = row, .slice = slice, .to_dev = 0};
    memcpy(a.o, o, sizeof o);
    memcpy(a.r, r, sizeof r);
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_MAP_IMAGE, nwait, wait, run_map, &a);
    e = ocl_map_enqueue(m, mp, &c, blocking, ev);
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    *row_pitch = row;
    if (slice_pitch)
        *slice_pitch = im->desc.image_type == CL_MEM_OBJECT_IMAGE1D || im->desc.image_type == CL_MEM_OBJECT_IMAGE2D ||
                       im->desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? 0 : slice;
    ocl_err(errcode_ret, e);
    return p;
}
