/* ocl_event.c — events: every command is complete when its enqueue call
 * returns, with its status and its simulated start and end times (a
 * kernel's queued and submit times one launch overhead before its start). */
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
    if (!ev)
        return CL_SUCCESS;
    *ev = ocl_event_new(q, type, start, q->now_ns, st);
    return *ev ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

cl_int ocl_complete_kernel(cl_command_queue q, uint64_t ns, cl_int st, cl_event *ev)
{
    uint64_t queued = q->now_ns;
    q->now_ns += q->dev->dev.p[DEV_launch_ns];
    cl_int e = ocl_complete(q, CL_COMMAND_NDRANGE_KERNEL, ns, st, ev);
    if (ev && e == CL_SUCCESS)
        (*ev)->t[0] = (*ev)->t[1] = queued;
    return e;
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
    for (cl_uint i = 0; i < n; i++)
        if (list[i]->status < 0)
            return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return CL_SUCCESS;
}

cl_int clGetEventInfo(cl_event e, cl_event_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    switch (name) {
    case CL_EVENT_COMMAND_QUEUE: return ocl_info(&e->q, sizeof e->q, size, value, size_ret);
    case CL_EVENT_CONTEXT: return ocl_info(&e->ctx, sizeof e->ctx, size, value, size_ret);
    case CL_EVENT_COMMAND_TYPE: return ocl_info(&e->type, sizeof e->type, size, value, size_ret);
    case CL_EVENT_COMMAND_EXECUTION_STATUS: return ocl_info(&e->status, sizeof e->status, size, value, size_ret);
    case CL_EVENT_REFERENCE_COUNT: return ocl_info(&e->refs, sizeof e->refs, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}

cl_int clGetEventProfilingInfo(cl_event e, cl_profiling_info name, size_t size, void *value, size_t *size_ret)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    if (!(e->q->props & CL_QUEUE_PROFILING_ENABLE) || e->status != CL_COMPLETE)
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
        ocl_obj_del(e);
        free(e);
        clReleaseCommandQueue(q);
    }
    return CL_SUCCESS;
}

cl_int clSetEventCallback(cl_event e, cl_int type, void (CL_CALLBACK *fn)(cl_event, cl_int, void *), void *data)
{
    if (!ocl_obj_is(e, OCL_EVENT))
        return CL_INVALID_EVENT;
    if (!fn || (type != CL_COMPLETE && type != CL_RUNNING && type != CL_SUBMITTED))
        return CL_INVALID_VALUE;
    fn(e, e->status, data);   /* the command has already reached every state */
    return CL_SUCCESS;
}
