/* ocl_queue.c — command queues.  Commands run when they are enqueued
 * (ocl_enqueue.c) unless they wait (ocl_cmd.c: then they are kept on the
 * queue until they can run, and clFinish waits for them); a queue's clock
 * is the simulated time at which its last command ended. */
#include <stdlib.h>
#include "front/ocl/ocl.h"

static unsigned queues_made;   /* by this process, for ocl_queue.seq */

static cl_command_queue make_queue(cl_context c, cl_device_id d, cl_command_queue_properties props,
                                   cl_int *errcode_ret)
{
    if (!ocl_obj_is(c, OCL_CONTEXT)) {
        ocl_err(errcode_ret, CL_INVALID_CONTEXT);
        return NULL;
    }
    if (ocl_ctx_dev_index(c, d) < 0) {
        ocl_err(errcode_ret, CL_INVALID_DEVICE);
        return NULL;
    }
    if (props & ~(cl_command_queue_properties)(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE)) {
        ocl_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
    }
    cl_command_queue q = calloc(1, sizeof *q);
    if (!q || ocl_obj_add(q, OCL_QUEUE)) {
        free(q);
        ocl_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    q->ctx = c;
    q->dev = d;
    q->props = props;
    q->seq = __atomic_fetch_add(&queues_made, 1, __ATOMIC_RELAXED);
    clRetainContext(c);
    ocl_err(errcode_ret, CL_SUCCESS);
    return q;
}

cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties props,
                                      cl_int *errcode_ret)
{
    return make_queue(c, d, props, errcode_ret);
}

cl_command_queue clCreateCommandQueueWithProperties(cl_context c, cl_device_id d, const cl_queue_properties *props,
                                                    cl_int *errcode_ret)
{
    cl_command_queue_properties qp = 0;
    for (size_t i = 0; props && props[i]; i += 2) {
        if (props[i] != CL_QUEUE_PROPERTIES) {
            ocl_err(errcode_ret, CL_INVALID_VALUE);
            return NULL;
        }
        qp = (cl_command_queue_properties)props[i + 1];
    }
    return make_queue(c, d, qp, errcode_ret);
}

cl_int clRetainCommandQueue(cl_command_queue q)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    ocl_ref(q, 1);
    return CL_SUCCESS;
}

cl_int clReleaseCommandQueue(cl_command_queue q)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (ocl_ref(q, -1) == 0) {
        cl_context c = q->ctx;
        ocl_obj_del(q);
        free(q);
        clReleaseContext(c);
    }
    return CL_SUCCESS;
}

cl_int clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info name, size_t size, void *value,
                             size_t *size_ret)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    switch (name) {
    case CL_QUEUE_CONTEXT: return ocl_info(&q->ctx, sizeof q->ctx, size, value, size_ret);
    case CL_QUEUE_DEVICE: return ocl_info(&q->dev, sizeof q->dev, size, value, size_ret);
    case CL_QUEUE_REFERENCE_COUNT: return ocl_info(&q->refs, sizeof q->refs, size, value, size_ret);
    case CL_QUEUE_PROPERTIES: return ocl_info(&q->props, sizeof q->props, size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}

cl_int clFlush(cl_command_queue q)
{
    return ocl_obj_is(q, OCL_QUEUE) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int clFinish(cl_command_queue q)
{
    if (!ocl_obj_is(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    ocl_lock();
    while (q->pending)   /* commands that wait: until another thread sets what they wait for */
        ocl_sleep();
    ocl_unlock();
    return CL_SUCCESS;
}
