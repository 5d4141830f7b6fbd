/* ocl_enqueue.c — the commands: buffer reads, writes, copies, fills, maps
 * and kernel launches, markers and barriers, each a run function and its
 * arguments handed to ocl_cmd_enqueue (which runs it at once, or when what
 * it waits for completes).  A buffer command takes the simulated time of
 * moving its bytes at the preset's DRAM bandwidth; a kernel the cycle
 * model's time (ocl_kernel.c). */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* Nanoseconds to move bytes at the DRAM bandwidth of q's device. */
uint64_t ocl_move_ns(cl_command_queue q, uint64_t bytes)
{
    uint64_t gbps = q->dev->dev.p[DEV_dram_gbps] ? q->dev->dev.p[DEV_dram_gbps] : 1;
    return bytes / gbps;   /* GB/s is bytes per ns */
}

/* The checks every buffer command makes: queue, buffer of its context,
 * [off, off+size) inside it, the wait list. */
cl_int ocl_check_buffer_cmd(cl_command_queue q, cl_mem m, size_t off, size_t size, cl_uint nwait,
                            const cl_event *wait)
{
    cl_int e = ocl_check_mem_cmd(q, m, 0, NULL);
    if (e != CL_SUCCESS)
        return e;
    if (m->img)
        return CL_INVALID_MEM_OBJECT;
    if (off > m->size || size > m->size - off)
        return CL_INVALID_VALUE;
    return ocl_check_wait_list(q, nwait, wait);
}

/* The checks of every memory command: queue, memory object of its
 * context, the wait list. */
cl_int ocl_check_mem_cmd(cl_command_queue q, cl_mem m, cl_uint nwait, const cl_event *wait)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_obj_is(m, OCL_MEM))
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    return ocl_check_wait_list(q, nwait, wait);
}

/* A blocking command waits for its wait list: an event that failed fails it. */
cl_int ocl_wait_ok(cl_uint nwait, const cl_event *wait)
{
    for (cl_uint i = 0; i < nwait; i++)
        if (wait[i]->status < 0)
            return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return CL_SUCCESS;
}

/* Host view of [off, off+size) of buffer m. */
static uint8_t *host_view(cl_mem m, size_t off, size_t size)
{
    return mem_ptr(&m->ctx->mem, m->addr + off, size ? size : 1);
}

/* A read or write: buffer, offset, bytes, host memory. */
typedef struct {
    cl_mem m;
    size_t off, size;
    void *ptr;
} xfer_args_t;

static cl_int run_read(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    xfer_args_t *a = c->args;
    (void)enq_err;
    memcpy(a->ptr, host_view(a->m, a->off, a->size), a->size);
    *ns = ocl_move_ns(c->q, a->size);
    return CL_COMPLETE;
}

static cl_int run_write(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    xfer_args_t *a = c->args;
    (void)enq_err;
    memcpy(host_view(a->m, a->off, a->size), a->ptr, a->size);
    *ns = ocl_move_ns(c->q, a->size);
    return CL_COMPLETE;
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size, void *ptr,
                           cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    cl_int e = ocl_check_buffer_cmd(q, m, off, size, nwait, wait);
    if (e != CL_SUCCESS)
        return e;
    if (!ptr || !size)
        return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    xfer_args_t a = {m, off, size, ptr};
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_READ_BUFFER, nwait, wait, run_read, &a);
    c.keep = ocl_keep_mem, c.drop = ocl_drop_mem;
    return ocl_cmd_enqueue(&c, blocking, ev);
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size,
                            const void *ptr, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    cl_int e = ocl_check_buffer_cmd(q, m, off, size, nwait, wait);
    if (e != CL_SUCCESS)
        return e;
    if (!ptr || !size)
        return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    xfer_args_t a = {m, off, size, (void *)ptr};
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_WRITE_BUFFER, nwait, wait, run_write, &a);
    c.keep = ocl_keep_mem, c.drop = ocl_drop_mem;
    return ocl_cmd_enqueue(&c, blocking, ev);
}

/* A copy between buffers, or a fill. */
typedef struct {
    cl_mem src, dst;
    size_t soff, doff, size;
} copy_args_t;

typedef struct {
    cl_mem m;
    size_t off, size, psize;
    uint8_t pattern[128];
} fill_args_t;

static cl_int run_copy(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    copy_args_t *a = c->args;
    (void)enq_err;
    memmove(host_view(a->dst, a->doff, a->size), host_view(a->src, a->soff, a->size), a->size);
    *ns = ocl_move_ns(c->q, 2 * (uint64_t)a->size);
    return CL_COMPLETE;
}

static cl_int run_fill(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    fill_args_t *a = c->args;
    (void)enq_err;
    uint8_t *p = host_view(a->m, a->off, a->size);
    for (size_t i = 0; i < a->size; i += a->psize)
        memcpy(p + i, a->pattern, a->psize);
    *ns = ocl_move_ns(c->q, a->size);
    return CL_COMPLETE;
}

cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t soff, size_t doff, size_t size,
                           cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    cl_int e = ocl_check_buffer_cmd(q, src, soff, size, nwait, wait);
    if (e == CL_SUCCESS)
        e = ocl_check_buffer_cmd(q, dst, doff, size, nwait, wait);
    if (e != CL_SUCCESS)
        return e;
    if (!size)
        return CL_INVALID_VALUE;
    if (src == dst && soff < doff + size && doff < soff + size)
        return CL_MEM_COPY_OVERLAP;
    copy_args_t a = {src, dst, soff, doff, size};
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_COPY_BUFFER, nwait, wait, run_copy, &a);
    c.keep = ocl_keep_mem2, c.drop = ocl_drop_mem2;
    return ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern, size_t psize, size_t off,
                           size_t size, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    cl_int e = ocl_check_buffer_cmd(q, m, off, size, nwait, wait);
    if (e != CL_SUCCESS)
        return e;
    if (!pattern || !psize || psize > 128 || (psize & (psize - 1)) || off % psize || size % psize)
        return CL_INVALID_VALUE;
    fill_args_t a = {m, off, size, psize, {0}};
    memcpy(a.pattern, pattern, psize);
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_FILL_BUFFER, nwait, wait, run_fill, &a);
    c.keep = ocl_keep_mem, c.drop = ocl_drop_mem;
    return ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

/* A map (the mapping made when enqueued, its contents when it runs) or an unmap. */
typedef struct {
    cl_mem m;
    ocl_map_t *mp;
    void *ptr;
} map_args_t;

static cl_int run_map(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    map_args_t *a = c->args;
    (void)enq_err;
    *ns = 0;
    if (a->m->host_ptr)   /* CL_MEM_USE_HOST_PTR: the application's memory holds the mapping */
        memcpy(a->mp->ptr, host_view(a->m, a->mp->off, a->mp->size), a->mp->size);
    return CL_COMPLETE;
}

static cl_int run_unmap(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    map_args_t *a = c->args;
    cl_mem m = a->m;
    *ns = 0;
    ocl_map_t **pp = &m->mapl;
    while (*pp && (*pp)->ptr != a->ptr)
        pp = &(*pp)->next;
    ocl_map_t *mp = *pp;
    if (!mp) {   /* unmapped by a command enqueued after this one ran first */
        *enq_err = CL_INVALID_VALUE;
        return CL_INVALID_VALUE;
    }
    *pp = mp->next;
    m->maps--;
    if (m->host_ptr && (mp->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION))) {
        if (m->img)
            ocl_image_unmap_copy(m, mp);
        else
            memcpy(host_view(m, mp->off, mp->size), mp->ptr, mp->size);
    }
    free(mp);
    return CL_COMPLETE;
}

/* Take mapping mp off m's list (a map that failed) and free it. */
static void map_forget(cl_mem m, ocl_map_t *mp)
{
    ocl_map_t **pp = &m->mapl;
    while (*pp && *pp != mp)
        pp = &(*pp)->next;
    if (*pp) {
        *pp = mp->next;
        m->maps--;
        free(mp);
    }
}

cl_int ocl_map_enqueue(cl_mem m, ocl_map_t *mp, ocl_cmd_t *c, cl_bool blocking, cl_event *ev)
{
    ocl_lock();
    mp->next = m->mapl;
    m->mapl = mp;
    m->maps++;
    ocl_unlock();
    c->keep = ocl_keep_mem, c->drop = ocl_drop_mem;
    cl_int e = ocl_cmd_enqueue(c, blocking, ev);   /* not under the lock: a blocking map may wait */
    if (e != CL_SUCCESS) {
        ocl_lock();
        map_forget(m, mp);
        ocl_unlock();
    }
    return e;
}

void *clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, size_t off,
                         size_t size, cl_uint nwait, const cl_event *wait, cl_event *ev, cl_int *errcode_ret)
{
    cl_int e = ocl_check_buffer_cmd(q, m, off, size, nwait, wait);
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if (e == CL_SUCCESS && (!size || (flags & ~known) ||
                            ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))))
        e = CL_INVALID_VALUE;
    ocl_map_t *mp = e == CL_SUCCESS ? calloc(1, sizeof *mp) : NULL;
    if (e == CL_SUCCESS && !mp)
        e = CL_OUT_OF_HOST_MEMORY;
    if (e != CL_SUCCESS) {
        ocl_err(errcode_ret, e);
        return NULL;
    }
    ocl_lock();
    uint8_t *p = m->host_ptr ? (uint8_t *)m->host_ptr + off : host_view(m, off, size);
    ocl_unlock();
    *mp = (ocl_map_t){NULL, p, off, size, flags};
    map_args_t a = {m, mp, p};
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_MAP_BUFFER, nwait, wait, run_map, &a);
    e = ocl_map_enqueue(m, mp, &c, blocking, ev);
    ocl_err(errcode_ret, e);
    return e == CL_SUCCESS ? p : NULL;
}

cl_int clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr, cl_uint nwait, const cl_event *wait,
                               cl_event *ev)
{
    cl_int e = ocl_check_mem_cmd(q, m, nwait, wait);
    if (e != CL_SUCCESS)
        return e;
    ocl_lock();
    ocl_map_t *mp = m->mapl;
    while (mp && mp->ptr != ptr)
        mp = mp->next;
    map_args_t a = {m, mp, ptr};
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_UNMAP_MEM_OBJECT, nwait, wait, run_unmap, &a);
    c.keep = ocl_keep_mem, c.drop = ocl_drop_mem;
    e = mp ? ocl_cmd_enqueue(&c, CL_FALSE, ev) : CL_INVALID_VALUE;
    ocl_unlock();
    return e;
}

/* The work-group size the driver picks when the application gives none:
 * per dimension the largest divisor of the global size that keeps the
 * group within max work-items (the kernel's required size if it has one). */
static void pick_local(const co_kernel_t *ck, unsigned dims, const uint32_t global[3], uint32_t max,
                       uint32_t local[3])
{
    local[0] = local[1] = local[2] = 1;
    if (ck->reqd_workgroup_size[0]) {
        memcpy(local, ck->reqd_workgroup_size, 3 * sizeof *local);
        return;
    }
    uint32_t left = max;
    for (unsigned d = 0; d < dims; d++) {
        uint32_t l = global[d] < left ? global[d] : left;
        while (global[d] % l)
            l--;
        local[d] = l;
        left /= l;
    }
}

/* Check clEnqueueNDRangeKernel's sizes into global/local/off (32-bit). */
static cl_int check_sizes(cl_kernel k, cl_uint dims, const size_t *goff, const size_t *gsize, const size_t *lsize,
                          uint64_t off[3], uint32_t global[3], uint32_t local[3])
{
    if (dims < 1 || dims > 3)
        return CL_INVALID_WORK_DIMENSION;
    if (!gsize)
        return CL_INVALID_GLOBAL_WORK_SIZE;
    uint32_t max = k->k->max_flat_workgroup_size && k->k->max_flat_workgroup_size < 256
                   ? k->k->max_flat_workgroup_size : 256;
    global[0] = global[1] = global[2] = 1;
    off[0] = off[1] = off[2] = 0;
    for (cl_uint d = 0; d < dims; d++) {
        if (!gsize[d] || gsize[d] > UINT32_MAX)
            return CL_INVALID_GLOBAL_WORK_SIZE;
        if (goff && (goff[d] > UINT32_MAX || gsize[d] + goff[d] > (size_t)UINT32_MAX + 1))
            return CL_INVALID_GLOBAL_OFFSET;
        global[d] = (uint32_t)gsize[d];
        off[d] = goff ? goff[d] : 0;
    }
    if (!lsize) {
        pick_local(k->k, dims, global, max, local);
        for (cl_uint d = 0; d < dims; d++)
            if (global[d] % local[d])   /* a required size that does not divide the grid */
                return CL_INVALID_WORK_GROUP_SIZE;
        return CL_SUCCESS;
    }
    uint64_t items = 1;
    local[0] = local[1] = local[2] = 1;
    for (cl_uint d = 0; d < dims; d++) {
        if (lsize[d] > 1024)
            return CL_INVALID_WORK_ITEM_SIZE;
        if (!lsize[d] || gsize[d] % lsize[d])
            return CL_INVALID_WORK_GROUP_SIZE;
        if (k->k->reqd_workgroup_size[0] && lsize[d] != k->k->reqd_workgroup_size[d])
            return CL_INVALID_WORK_GROUP_SIZE;
        local[d] = (uint32_t)lsize[d];
        items *= lsize[d];
    }
    return items > max ? CL_INVALID_WORK_GROUP_SIZE : CL_SUCCESS;
}

/* A kernel launch: sizes and the argument values when it was enqueued. */
typedef struct {
    cl_kernel k;
    unsigned dims;
    uint64_t off[3];
    uint32_t global[3], local[3];
    la_value_t *vals;   /* k->vals; a copy once the command waits */
    void **objs;        /* a waiting launch's buffers, images and samplers, retained */
} kernel_args_t;

/* Retain (delta 1) or release (-1) the live memory objects and samplers of objs (n). */
static void hold_objs(void **objs, size_t n, int delta)
{
    for (size_t i = 0; i < n; i++) {
        if (ocl_obj_is(objs[i], OCL_MEM))
            delta > 0 ? clRetainMemObject(objs[i]) : clReleaseMemObject(objs[i]);
        else if (ocl_obj_is(objs[i], OCL_SAMPLER))
            delta > 0 ? clRetainSampler(objs[i]) : clReleaseSampler(objs[i]);
    }
}

static cl_int run_kernel(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    kernel_args_t *a = c->args;
    return ocl_run_kernel(c->q, a->k, a->vals, a->dims, a->off, a->global, a->local, ns, enq_err);
}

/* Free the first n values of v (and the bytes of by-value ones). */
static void free_vals(la_value_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].kind == LA_BYTES)
            free((void *)v[i].data);
    free(v);
}

/* A waiting launch keeps its kernel and a copy of the argument values. */
static int keep_kernel(ocl_cmd_t *c)
{
    kernel_args_t *a = c->args;
    size_t n = a->k->nargs, i;
    la_value_t *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    memcpy(v, a->vals, n * sizeof *v);
    for (i = 0; i < n; i++) {
        void *b = v[i].kind == LA_BYTES ? malloc(v[i].size ? v[i].size : 1) : NULL;
        if (v[i].kind == LA_BYTES && !b)
            break;
        if (b)
            v[i].data = memcpy(b, v[i].data, v[i].size);
    }
    if (i < n) {
        for (size_t j = i; j < n; j++)
            v[j].kind = LA_ZERO;
        free_vals(v, n);
        return -1;
    }
    a->objs = malloc((n ? n : 1) * sizeof *a->objs);
    if (!a->objs) {
        free_vals(v, n);
        return -1;
    }
    memcpy(a->objs, a->k->objs, n * sizeof *a->objs);
    hold_objs(a->objs, n, 1);
    a->vals = v;
    clRetainKernel(a->k);
    return 0;
}

static void drop_kernel(ocl_cmd_t *c)
{
    kernel_args_t *a = c->args;
    hold_objs(a->objs, a->k->nargs, -1);
    free(a->objs);
    free_vals(a->vals, a->k->nargs);
    clReleaseKernel(a->k);
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *goff,
                              const size_t *gsize, const size_t *lsize, cl_uint nwait, const cl_event *wait,
                              cl_event *ev)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_obj_is(k, OCL_KERNEL))
        return CL_INVALID_KERNEL;
    if (k->prog->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    kernel_args_t a = {k, dims, {0}, {0}, {0}, k->vals, NULL};
    cl_int e = check_sizes(k, dims, goff, gsize, lsize, a.off, a.global, a.local);
    if (e == CL_SUCCESS)
        e = ocl_check_wait_list(q, nwait, wait);
    if (e == CL_SUCCESS)
        e = ocl_kernel_check(q, k);
    if (e != CL_SUCCESS)
        return e;
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_NDRANGE_KERNEL, nwait, wait, run_kernel, &a);
    c.keep = keep_kernel, c.drop = drop_kernel;
    return ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

cl_int clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    size_t one = 1;
    return clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, nwait, wait, ev);
}

/* Markers, barriers and migrations do nothing when they run. */
static cl_int run_nothing(ocl_cmd_t *c, uint64_t *ns, cl_int *enq_err)
{
    (void)c, (void)enq_err;
    *ns = 0;
    return CL_COMPLETE;
}

cl_int clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    cl_int e = ocl_check_wait_list(q, nwait, wait);
    char none;
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_MARKER, nwait, wait, run_nothing, &none);
    c.all_before = !nwait;
    return e != CL_SUCCESS ? e : ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

cl_int clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    cl_int e = ocl_check_wait_list(q, nwait, wait);
    char none;
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_BARRIER, nwait, wait, run_nothing, &none);
    c.all_before = 1;
    return e != CL_SUCCESS ? e : ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

/* Memory objects live in the context's one device memory: migrating them
 * moves nothing, and the command completes at once. */
cl_int clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint n, const cl_mem *mems, cl_mem_migration_flags flags,
                                  cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!n || !mems || (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                                           CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < n; i++) {
        if (!ocl_obj_is(mems[i], OCL_MEM))
            return CL_INVALID_MEM_OBJECT;
        if (mems[i]->ctx != q->ctx)
            return CL_INVALID_CONTEXT;
    }
    cl_int e = ocl_check_wait_list(q, nwait, wait);
    char none;
    ocl_cmd_t c = OCL_CMD(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, nwait, wait, run_nothing, &none);
    return e != CL_SUCCESS ? e : ocl_cmd_enqueue(&c, CL_FALSE, ev);
}

cl_int clEnqueueMarker(cl_command_queue q, cl_event *ev)
{
    if (!ev)
        return CL_INVALID_VALUE;
    return clEnqueueMarkerWithWaitList(q, 0, NULL, ev);
}

cl_int clEnqueueBarrier(cl_command_queue q)
{
    return clEnqueueBarrierWithWaitList(q, 0, NULL, NULL);
}

cl_int clEnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *list)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!n || !list)
        return CL_INVALID_VALUE;
    cl_int e = ocl_check_wait_list(q, n, list);
    if (e != CL_SUCCESS)
        return e == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : e;
    if (ocl_events_done(n, list))
        return CL_SUCCESS;
    return clEnqueueBarrierWithWaitList(q, n, list, NULL);   /* later commands wait for the events */
}
