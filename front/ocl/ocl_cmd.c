/* ocl_cmd.c — commands that wait (see ocl_cmd_t in ocl.h): a command
 * whose wait list holds an event not yet complete, or that an in-order
 * queue must run after such a command, is kept on its queue with its own
 * copy of its arguments and runs when what it waits for completes (a user
 * event set, a command before it run), on the thread whose call made it
 * runnable.  Everything here runs under the driver's lock. */
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* The queues with waiting commands. */
static cl_command_queue *busy;
static size_t nbusy, capbusy;

/* 1: an event of c's wait list is not complete; -1: all are and one
 * failed; 0: all completed. */
static int wait_state(const ocl_cmd_t *c)
{
    int failed = 0;
    for (cl_uint i = 0; i < c->nwait; i++) {
        if (c->wait[i]->status > CL_COMPLETE)
            return 1;
        failed |= c->wait[i]->status < 0;
    }
    return failed ? -1 : 0;
}

static int in_order(cl_command_queue q)
{
    return !(q->props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
}

/* Whether c may start now as far as the commands waiting on q go. */
static int queue_allows(cl_command_queue q, const ocl_cmd_t *c)
{
    if (!q->pending)
        return 1;
    if (in_order(q) || c->all_before)
        return 0;
    for (const ocl_cmd_t *p = q->pending; p; p = p->next)
        if (p->all_before)
            return 0;
    return 1;
}

/* Run c (status st when its wait list failed, else its run function):
 * the command's status, *ns and *enq_err as run gives them. */
static cl_int execute(ocl_cmd_t *c, int ws, uint64_t *ns, cl_int *enq_err)
{
    *ns = 0;
    *enq_err = CL_SUCCESS;
    if (ws < 0)
        return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return c->run(c, ns, enq_err);
}

/* Free a waiting command (its event stays with whoever holds it). */
static void free_cmd(ocl_cmd_t *c)
{
    if (c->drop)
        c->drop(c);
    for (cl_uint i = 0; i < c->nwait; i++)
        clReleaseEvent(c->wait[i]);
    free((void *)c->wait);
    free(c->args);
    if (c->ev)
        clReleaseEvent(c->ev);
    free(c);
}

/* Run waiting command c (taken off its queue) and complete its event. */
static void run_waiting(ocl_cmd_t *c, int ws)
{
    cl_event e = c->ev;
    cl_command_queue q = c->q;
    ocl_event_set(e, CL_SUBMITTED);
    ocl_event_set(e, CL_RUNNING);
    uint64_t ns;
    cl_int enq, st = execute(c, ws, &ns, &enq);
    e->t[1] = e->t[2] = q->now_ns;
    q->now_ns += ns;
    e->t[3] = q->now_ns;
    if (c->type == CL_COMMAND_NDRANGE_KERNEL || c->type == CL_COMMAND_TASK)
        ocl_event_kernel_submit(e, 0);
    else
        ocl_record_command(q, c->type, e->t[2], e->t[3]);
    ocl_event_set(e, enq != CL_SUCCESS ? enq : st);
    free_cmd(c);
}

/* Run the first command of q that can run; 1 if one ran. */
static int step(cl_command_queue q)
{
    int before = 0;
    for (ocl_cmd_t **pp = &q->pending; *pp; pp = &(*pp)->next) {
        ocl_cmd_t *c = *pp;
        int ws = wait_state(c);
        if (ws <= 0 && (!before || (!in_order(q) && !c->all_before))) {
            *pp = c->next;
            run_waiting(c, ws);
            return 1;
        }
        if (in_order(q) || c->all_before)
            return 0;
        before = 1;
    }
    return 0;
}

void ocl_cmd_progress(void)
{
    for (int again = 1; again;) {
        again = 0;
        for (size_t i = 0; i < nbusy; i++)
            again |= step(busy[i]);
        size_t k = 0;
        for (size_t i = 0; i < nbusy; i++)
            if (busy[i]->pending)
                busy[k++] = busy[i];
            else
                clReleaseCommandQueue(busy[i]);
        nbusy = k;
    }
    ocl_wake();
}

/* Put c's copy d at the end of its queue's waiting commands. */
static cl_int queue_up(ocl_cmd_t *d)
{
    cl_command_queue q = d->q;
    if (!q->pending) {
        if (nbusy == capbusy) {
            size_t cap = capbusy ? 2 * capbusy : 8;
            cl_command_queue *nb = realloc(busy, cap * sizeof *nb);
            if (!nb)
                return CL_OUT_OF_HOST_MEMORY;
            busy = nb;
            capbusy = cap;
        }
        busy[nbusy++] = q;
        clRetainCommandQueue(q);
    }
    ocl_cmd_t **pp = &q->pending;
    while (*pp)
        pp = &(*pp)->next;
    *pp = d;
    return CL_SUCCESS;
}

/* A heap copy of c that owns its arguments, wait list and event. */
static ocl_cmd_t *copy_cmd(const ocl_cmd_t *c)
{
    ocl_cmd_t *d = calloc(1, sizeof *d);
    cl_event *w = calloc(c->nwait ? c->nwait : 1, sizeof *w);
    void *args = malloc(c->args_size ? c->args_size : 1);
    cl_event ev = d && w && args ? ocl_event_new(c->q, c->type, c->q->now_ns, c->q->now_ns, CL_QUEUED) : NULL;
    if (!ev) {
        free(d);
        free(w);
        free(args);
        return NULL;
    }
    *d = *c;
    d->next = NULL;
    d->args = args;
    memcpy(args, c->args, c->args_size);
    d->ev = ev;
    for (cl_uint i = 0; i < c->nwait; i++) {
        w[i] = c->wait[i];
        clRetainEvent(w[i]);
    }
    d->wait = w;
    if (c->keep && c->keep(d)) {
        d->drop = NULL;
        free_cmd(d);
        return NULL;
    }
    return d;
}

/* Block until event e is complete; then its status. */
static cl_int wait_for(cl_event e)
{
    while (e->status > CL_COMPLETE)
        ocl_sleep();
    return e->status;
}

/* Keep c until it can run; block for it when blocking. */
static cl_int defer(ocl_cmd_t *c, cl_bool blocking, cl_event *ev)
{
    ocl_cmd_t *d = copy_cmd(c);
    if (!d)
        return CL_OUT_OF_HOST_MEMORY;
    cl_event e = d->ev;
    clRetainEvent(e);   /* ours, until we return */
    cl_int r = queue_up(d);
    if (r != CL_SUCCESS) {
        clReleaseEvent(e);
        free_cmd(d);
        return r;
    }
    if (blocking && wait_for(e) < 0)
        r = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    if (ev && r == CL_SUCCESS)
        *ev = e;
    else
        clReleaseEvent(e);
    return r;
}

cl_int ocl_cmd_enqueue(ocl_cmd_t *c, cl_bool blocking, cl_event *ev)
{
    ocl_lock();
    int ws = wait_state(c);
    cl_int r;
    if (blocking && ws < 0)
        r = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    else if (ws <= 0 && queue_allows(c->q, c)) {
        uint64_t ns;
        cl_int enq, st = execute(c, ws, &ns, &enq);
        r = enq != CL_SUCCESS ? enq : ocl_complete(c->q, c->type, ns, st, ev);
    } else
        r = defer(c, blocking, ev);
    ocl_unlock();
    return r;
}

int ocl_keep_mem(ocl_cmd_t *c)
{
    cl_mem *m = c->args;
    if (m[0])
        clRetainMemObject(m[0]);
    return 0;
}

void ocl_drop_mem(ocl_cmd_t *c)
{
    cl_mem *m = c->args;
    if (m[0])
        clReleaseMemObject(m[0]);
}

int ocl_keep_mem2(ocl_cmd_t *c)
{
    cl_mem *m = c->args;
    ocl_keep_mem(c);
    if (m[1])
        clRetainMemObject(m[1]);
    return 0;
}

void ocl_drop_mem2(ocl_cmd_t *c)
{
    cl_mem *m = c->args;
    ocl_drop_mem(c);
    if (m[1])
        clReleaseMemObject(m[1]);
}
