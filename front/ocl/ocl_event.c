/* ocl_event.c — events: a command's status and its simulated queued,
 * submit, start and end times (complete when its enqueue call returns,
 * unless it waits: ocl_cmd.c; a kernel submitted one launch overhead
 * before its start), user events, waiting for events and callbacks. */
#include <stdlib.h>
#include "front/ocl/ocl.h"

cl_event ocl_event_new(cl_command_queue q, cl_command_type type, cl_ulong start, cl_ulong end, cl_int st)
{
    cl_event e = calloc(1, sizeof *e);
    if (!e || ocl_obj_add(e, OCL_EVENT)) {
        free(e);
        return NULL;
    }
    e->ctx = q->ctx;
    e->q = q;
    e->type = type;
    e->status = st;
    e->t[0] = e->t[1] = e->t[2] = start;
    e->t[3] = end;
    clRetainCommandQueue(q);
    return e;
}

cl_int ocl_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list)
{
    if ((!list) != (!n))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++) {
        if (!ocl_obj_is(list[i], OCL_EVENT))
            return CL_INVALID_EVENT_WAIT_LIST;
        if (list[i]->ctx != q->ctx)
            return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

cl_int ocl_complete(cl_command_queue q, cl_command_type type, uint64_t ns, cl_int st, cl_event *ev)
{
    uint64_t start = q->now_ns;
    q->now_ns += ns;
    if (type != CL_COMMAND_NDRANGE_KERNEL && type != CL_COMMAND_TASK)
        ocl_record_command(q, type, start, q->now_ns);
    if (!ev)
        return CL_SUCCESS;
    *ev = ocl_event_new(q, type, start, q->now_ns, st);
    if (*ev && (type == CL_COMMAND_NDRANGE_KERNEL || type == CL_COMMAND_TASK))
        ocl_event_kernel_submit(*ev, 1);
    return *ev ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

void ocl_event_kernel_submit(cl_event e, int made_at_run)
{
    uint64_t gap = e->q->dev->dev.p[DEV_launch_ns];
    cl_ulong sub = e->t[2] > gap ? e->t[2] - gap : 0;
    if (made_at_run)
        e->t[0] = sub;
    e->t[1] = sub > e->t[0] ? sub : e->t[0];
}

int ocl_events_done(cl_uint n, const cl_event *list)
{
    for (cl_uint i = 0; i < n; i++)
        if (list[i]->status > CL_COMPLETE)
            return 0;
    return 1;
}

/* Call the callbacks of e registered for state level (their status st). */
static void fire(cl_event e, cl_int level, cl_int st)
{
    for (ocl_cb_t **pp = &e->cbs; *pp;) {
        ocl_cb_t *cb = *pp;
        if (cb->type != level) {
            pp = &cb->next;
            continue;
        }
        *pp = cb->next;
        cb->fn(e, st, cb->data);
        free(cb);
    }
}

void ocl_event_set(cl_event e, cl_int st)
{
    static const cl_int levels[] = {CL_SUBMITTED, CL_RUNNING, CL_COMPLETE};
    cl_int old = e->status;
    e->status = st;
    clRetainEvent(e);   /* a callback may release it */
    for (size_t i = 0; i < 3; i++)
        if (old > levels[i] && st <= levels[i])
            fire(e, levels[i], levels[i] == CL_COMPLETE ? st : levels[i]);
    clReleaseEvent(e);
    ocl_wake();
}

cl_int clWaitForEvents(cl_uint n, const cl_event *list)
{
    if (!n || !list)
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < n; i++) {
        if (!ocl_obj_is(list[i], OCL_EVENT))
            return CL_INVALID_EVENT;
        if (list[i]->ctx != list[0]->ctx)
            return CL_INVALID_CONTEXT;
    }
    ocl_lock();
    while (!ocl_events_done(n, list))
        ocl_sleep();
    cl_int r = CL_SUCCESS;
    for (cl_uint i = 0; i < n; i++)
        if (list[i]->status < 0)
            r = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    ocl_unlock();
    return r;
}

cl_event clCreateUserEvent(cl_context c, cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    cl_event e = calloc(1, sizeof *e);
    if (!e || ocl_obj_add(e, OCL_EVENT)) {
        free(e);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    e->ctx = c;
    e->type = CL_COMMAND_USER;
    e->status = CL_SUBMITTED;
    clRetainContext(c);
    ocl_err(errcode_ret, CL_SUCCESS);
    return e;
}

cl_int clSetUserEventStatus(cl_event e, cl_int st)
{
    if (!ocl_obj_is(e, OCL_EVENT) || e->type != CL_COMMAND_USER)
        return CL_INVALID_EVENT;
    if (st > CL_COMPLETE)
        return CL_INVALID_VALUE;
    ocl_lock();
    cl_int r = CL_INVALID_OPERATION;
    if (!e->user_set) {
        e->user_set = 1;
        ocl_event_set(e, st);
        ocl_cmd_progress();
        r = CL_SUCCESS;
    }
    ocl_unlock();
    return r;
}

cl_int clGetEventInfo(cl_event e, cl_event_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    switch (name) {
    case CL_EVENT_COMMAND_QUEUE: return ocl_info(&e->q, sizeof e->q, size, value, size_ret);
    case CL_EVENT_CONTEXT: return ocl_info(&e->ctx, sizeof e->ctx, size, value, size_ret);
    case CL_EVENT_COMMAND_TYPE: return ocl_info(&e->type, sizeof e->type, size, value, size_ret);
    case CL_EVENT_COMMAND_EXECUTION_STATUS: {
        ocl_lock();
        cl_int st = e->status;
        ocl_unlock();
        return ocl_info(&st, sizeof st, size, value, size_ret);
    }
    case CL_EVENT_REFERENCE_COUNT: return ocl_info(&e->refs, sizeof e->refs, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}

cl_int clGetEventProfilingInfo(cl_event e, cl_profiling_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    if (!e->q || !(e->q->props & CL_QUEUE_PROFILING_ENABLE) || e->status != CL_COMPLETE)
        return CL_PROFILING_INFO_NOT_AVAILABLE;
    if (name < CL_PROFILING_COMMAND_QUEUED || name > CL_PROFILING_COMMAND_END)
        return CL_INVALID_VALUE;
    return ocl_info(&e->t[name - CL_PROFILING_COMMAND_QUEUED], sizeof(cl_ulong), size, value, size_ret);
}

cl_int clRetainEvent(cl_event e)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    ocl_ref(e, 1);
    return CL_SUCCESS;
}

cl_int clReleaseEvent(cl_event e)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    if (ocl_ref(e, -1) == 0) {
        cl_command_queue q = e->q;
        cl_context c = e->ctx;
        ocl_obj_del(e);
        for (ocl_cb_t *cb = e->cbs, *next; cb; cb = next) {
            next = cb->next;
            free(cb);
        }
        free(e);
        if (q)
            clReleaseCommandQueue(q);
        else
            clReleaseContext(c);
    }
    return CL_SUCCESS;
}

cl_int clSetEventCallback(cl_event e, cl_int type, void (CL_CALLBACK *fn)(cl_event, cl_int, void *), void *data)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    if (!fn || (type != CL_COMPLETE && type != CL_RUNNING && type != CL_SUBMITTED))
        return CL_INVALID_VALUE;
    ocl_lock();
    cl_int st = e->status;
    ocl_cb_t *cb = st > type ? calloc(1, sizeof *cb) : NULL;
    if (cb) {   /* called when the event reaches type */
        *cb = (ocl_cb_t){NULL, type, fn, data};
        ocl_cb_t **pp = &e->cbs;
        while (*pp)
            pp = &(*pp)->next;
        *pp = cb;
    }
    ocl_unlock();
    if (st > type && !cb)
        return CL_OUT_OF_HOST_MEMORY;
    if (st <= type)
        fn(e, st, data);   /* the command has already reached that state */
    return CL_SUCCESS;
}
