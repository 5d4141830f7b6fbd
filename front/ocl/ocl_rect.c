/* ocl_rect.c — the rectangular buffer commands (clEnqueueReadBufferRect,
 * WriteBufferRect, CopyBufferRect): a 3-D region of rows of bytes between
 * a buffer and host memory, or between buffers, each side with its own
 * origin, row pitch and slice pitch.  Like the other buffer commands they
 * run through ocl_cmd_enqueue and take their bytes' time at the DRAM
 * bandwidth. */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* One side of a rectangular copy: origin (bytes, rows, slices) and pitches. */
typedef struct {
    size_t x, y, z, row, slice;
} side_t;

/* A side from origin and pitches (0: tightly packed), checked against the
 * region r; CL_SUCCESS or CL_INVALID_VALUE. */
static cl_int make_side(const size_t *origin, size_t row, size_t slice, const size_t r[3], side_t *s)
{
    if (!origin)
        return CL_INVALID_VALUE;
    s->row = row ? row : r[0];
    s->slice = slice ? slice : r[1] * s->row;
    if (s->row < r[0] || s->slice < r[1] * s->row || s->slice % s->row)
        return CL_INVALID_VALUE;
    s->x = origin[0];
    s->y = origin[1];
    s->z = origin[2];
    return CL_SUCCESS;
}

/* The offset of the byte just past side s's last row of region r (0 on overflow). */
static size_t side_end(const side_t *s, const size_t r[3])
{
    size_t zl = s->z + r[2] - 1, yl = s->y + r[1] - 1;
    if (zl < s->z || yl < s->y || (s->slice && zl > SIZE_MAX / s->slice) || (s->row && yl > SIZE_MAX / s->row))
        return 0;
    size_t a = zl * s->slice, b = yl * s->row, c = s->x + r[0];
    if (a > SIZE_MAX - b || a + b > SIZE_MAX - c || c < s->x)
        return 0;
    return a + b + c;
}

/* The offset of row (y, z) of side s. */
static size_t row_off(const side_t *s, size_t y, size_t z)
{
    return (s->z + z) * s->slice + (s->y + y) * s->row + s->x;
}

/* Copy region r from src (side ss) to dst (side ds), row by row. */
static void copy_rect(uint8_t *dst, const side_t *ds, const uint8_t *src, const side_t *ss, const size_t r[3])
{
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++)
            memmove(dst + row_off(ds, y, z), src + row_off(ss, y, z), r[0]);
}

/* The checks of a rectangular command on buffer m (side s of region r):
 * queue, buffer, context, region, bounds, wait list. */
static cl_int check_rect(cl_command_queue q, cl_mem m, const size_t r[3], const side_t *s, cl_uint nwait,
                         const cl_event *wait)
{
    size_t end = side_end(s, r);
    cl_int e = ocl_check_buffer_cmd(q, m, 0, end, nwait, wait);
    return e == CL_SUCCESS && !end ? CL_INVALID_VALUE : e;
}

/* The region's checks: given, no dimension 0. */
static cl_int check_region(const size_t *r)
{
    return r && r[0] && r[1] && r[2] ? CL_SUCCESS : CL_INVALID_VALUE;
}

/* The buffer and host sides of a read or write; CL_SUCCESS or the error. */
static cl_int host_rect(cl_command_queue q, cl_mem m, const size_t *bo, const size_t *ho, const size_t *r,
                        size_t brp, size_t bsp, size_t hrp, size_t hsp, const void *ptr, cl_uint nwait,
                        const cl_event *wait, side_t *bs, side_t *hs)
{
    cl_int e = check_region(r);
    if (e == CL_SUCCESS)
        e = make_side(bo, brp, bsp, r, bs);
    if (e == CL_SUCCESS)
        e = make_side(ho, hrp, hsp, r, hs);
    if (e == CL_SUCCESS && (e = check_rect(q, m, r, bs, nwait, wait)) == CL_SUCCESS && (!ptr || !side_end(hs, r)))
        e = CL_INVALID_VALUE;
    return e;
}

/* A rectangular command: two buffers (dst NULL for host memory) or a
 * buffer and host memory, each side and the region. */
typedef struct {
    cl_mem m, m2;
    side_t bs, hs;
    size_t r[3];
    void *ptr;
} rect_args_t;

static cl_int run_read_rect(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    rect_args_t *a = c->args;
    (void)enq_err;
    copy_rect(a->ptr, &a->hs, mem_ptr(&a->m->ctx->mem, a->m->addr, a->m->size), &a->bs, a->r);
    *ns = ocl_move_ns(c->q, (uint64_t)a->r[0] * a->r[1] * a->r[2]);
    return CL_COMPLETE;
}

static cl_int run_write_rect(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    rect_args_t *a = c->args;
    (void)enq_err;
    copy_rect(mem_ptr(&a->m->ctx->mem, a->m->addr, a->m->size), &a->bs, a->ptr, &a->hs, a->r);
    *ns = ocl_move_ns(c->q, (uint64_t)a->r[0] * a->r[1] * a->r[2]);
    return CL_COMPLETE;
}

/* Buffer m2 (side hs) to buffer m (side bs). */
static cl_int run_copy_rect(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    rect_args_t *a = c->args;
    (void)enq_err;
    uint8_t *base = mem_ptr(&a->m2->ctx->mem, a->m2->addr, a->m2->size);
    copy_rect(mem_ptr(&a->m->ctx->mem, a->m->addr, a->m->size), &a->bs, base, &a->hs, a->r);
    *ns = ocl_move_ns(c->q, 2 * (uint64_t)a->r[0] * a->r[1] * a->r[2]);
    return CL_COMPLETE;
}

/* Enqueue a rectangular command of type with arguments a. */
static cl_int enqueue_rect(cl_command_queue q, cl_command_type type, cl_bool blocking, rect_args_t *a,
                           cl_int (*run)(ocl_cmd_t *, uint64_t *, cl_int *), cl_uint nwait, const cl_event *wait,
                           cl_event *ev)
{
    ocl_cmd_t c = OCL_CMD(q, type, nwait, wait, run, a);
    c.keep = ocl_keep_mem2, c.drop = ocl_drop_mem2;
    return ocl_cmd_enqueue(&c, blocking, ev);
}

cl_int clEnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo, const size_t *ho,
                               const size_t *r, size_t brp, size_t bsp, size_t hrp, size_t hsp, void *ptr,
                               cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    rect_args_t a = {m, NULL, {0}, {0}, {0}, ptr};
    cl_int e = host_rect(q, m, bo, ho, r, brp, bsp, hrp, hsp, ptr, nwait, wait, &a.bs, &a.hs);
    if (e == CL_SUCCESS && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
        e = CL_INVALID_OPERATION;
    if (e != CL_SUCCESS)
        return e;
    memcpy(a.r, r, sizeof a.r);
    return enqueue_rect(q, CL_COMMAND_READ_BUFFER_RECT, blocking, &a, run_read_rect, nwait, wait, ev);
}

cl_int clEnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                                const size_t *ho, const size_t *r, size_t brp, size_t bsp, size_t hrp, size_t hsp,
                                const void *ptr, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    rect_args_t a = {m, NULL, {0}, {0}, {0}, (void *)ptr};
    cl_int e = host_rect(q, m, bo, ho, r, brp, bsp, hrp, hsp, ptr, nwait, wait, &a.bs, &a.hs);
    if (e == CL_SUCCESS && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        e = CL_INVALID_OPERATION;
    if (e != CL_SUCCESS)
        return e;
    memcpy(a.r, r, sizeof a.r);
    return enqueue_rect(q, CL_COMMAND_WRITE_BUFFER_RECT, blocking, &a, run_write_rect, nwait, wait, ev);
}

/* Whether two regions of one buffer share a byte (sides a and b of region r). */
static int overlap(const side_t *a, const side_t *b, const size_t r[3])
{
    size_t a0 = row_off(a, 0, 0), a1 = side_end(a, r), b0 = row_off(b, 0, 0), b1 = side_end(b, r);
    if (a1 <= b0 || b1 <= a0)
        return 0;
    for (size_t z = 0; z < r[2]; z++)   /* the spans meet: compare row by row */
        for (size_t y = 0; y < r[1]; y++) {
            size_t ra = row_off(a, y, z);
            for (size_t w = 0; w < r[2]; w++)
                for (size_t x = 0; x < r[1]; x++) {
                    size_t rb = row_off(b, x, w);
                    if (ra < rb + r[0] && rb < ra + r[0])
                        return 1;
                }
        }
    return 0;
}

cl_int clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so, const size_t *dso,
                               const size_t *r, size_t srp, size_t ssp, size_t drp, size_t dsp, cl_uint nwait,
                               const cl_event *wait, cl_event *ev)
{
    side_t ss, ds;
    cl_int e = check_region(r);
    if (e == CL_SUCCESS)
        e = make_side(so, srp, ssp, r, &ss);
    if (e == CL_SUCCESS)
        e = make_side(dso, drp, dsp, r, &ds);
    if (e == CL_SUCCESS)
        e = check_rect(q, src, r, &ss, nwait, wait);
    if (e == CL_SUCCESS)
        e = check_rect(q, dst, r, &ds, nwait, wait);
    if (e == CL_SUCCESS && src == dst && (ss.row != ds.row || ss.slice != ds.slice))
        e = CL_INVALID_VALUE;
    if (e == CL_SUCCESS && src->addr < dst->addr + dst->size && dst->addr < src->addr + src->size) {
        side_t a = ss, b = ds;   /* the same memory (a buffer, or a sub-buffer and its buffer) */
        a.x += src->addr - (src->addr < dst->addr ? src->addr : dst->addr);
        b.x += dst->addr - (src->addr < dst->addr ? src->addr : dst->addr);
        if (overlap(&a, &b, r))
            e = CL_MEM_COPY_OVERLAP;
    }
    if (e != CL_SUCCESS)
        return e;
    rect_args_t a = {dst, src, ds, ss, {r[0], r[1], r[2]}, NULL};
    return enqueue_rect(q, CL_COMMAND_COPY_BUFFER_RECT, CL_FALSE, &a, run_copy_rect, nwait, wait, ev);
}
