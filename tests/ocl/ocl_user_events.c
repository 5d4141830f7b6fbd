/* ocl_user_events.c — user events and the commands that wait for them, as
 * an ordinary OpenCL program: commands whose wait list holds a user event
 * stay CL_QUEUED and do not touch memory until it is set, then run in
 * order (the data checked against a CPU copy); a user event set to a
 * negative status fails the commands that wait for it
 * (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) and they do not run;
 * callbacks see CL_SUBMITTED, CL_RUNNING, CL_COMPLETE in that order;
 * markers, barriers and an out-of-order queue; a blocking read, clFinish
 * and clWaitForEvents return once a second thread sets the event; the
 * errors of clCreateUserEvent and clSetUserEventStatus. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "ocl_test.h"

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static cl_kernel add1;

static const char *src = "__kernel void add1(__global int *p) { p[get_global_id(0)] += 1; }\n";

enum { N = 256 };

static cl_int status_of(cl_event e)
{
    cl_int st = 99;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    return st;
}

static cl_mem int_buffer(const int *init)
{
    cl_int e;
    return clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, N * sizeof(int), (void *)init, &e);
}

static void test_errors(void)
{
    cl_int e;
    cl_event u = clCreateUserEvent(NULL, &e);
    check(!u && e == CL_INVALID_CONTEXT, "clCreateUserEvent(NULL): CL_INVALID_CONTEXT");
    u = clCreateUserEvent(ctx, &e);
    cl_command_type type = 0;
    cl_command_queue eq = (cl_command_queue)1;
    cl_context ec = NULL;
    clGetEventInfo(u, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL);
    clGetEventInfo(u, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL);
    clGetEventInfo(u, CL_EVENT_CONTEXT, sizeof ec, &ec, NULL);
    check(u && e == CL_SUCCESS && status_of(u) == CL_SUBMITTED && type == CL_COMMAND_USER && !eq && ec == ctx,
          "a user event: CL_SUBMITTED, CL_COMMAND_USER, no queue, its context");
    check_err(clSetUserEventStatus(u, CL_RUNNING), CL_INVALID_VALUE, "clSetUserEventStatus(CL_RUNNING)");
    check_err(clSetUserEventStatus(u, CL_SUBMITTED), CL_INVALID_VALUE, "clSetUserEventStatus(CL_SUBMITTED)");
    check_err(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS, "clSetUserEventStatus(CL_COMPLETE)");
    check_err(clSetUserEventStatus(u, CL_COMPLETE), CL_INVALID_OPERATION, "clSetUserEventStatus a second time");
    cl_ulong t;
    check_err(clGetEventProfilingInfo(u, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL),
              CL_PROFILING_INFO_NOT_AVAILABLE, "a user event has no profiling information");
    cl_event m;
    clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
    check_err(clSetUserEventStatus(m, CL_COMPLETE), CL_INVALID_EVENT, "clSetUserEventStatus of a marker's event");
    check_err(clSetUserEventStatus(NULL, CL_COMPLETE), CL_INVALID_EVENT, "clSetUserEventStatus(NULL)");
    clReleaseEvent(m);
    clReleaseEvent(u);
}

/* write (waits for u), add1, read: nothing happens before u is set. */
static void test_order_and_data(void)
{
    int init[N], data[N], got[N], want[N];
    for (int i = 0; i < N; i++) {
        init[i] = i;
        data[i] = 1000 + 3 * i;
        got[i] = -7;
        want[i] = data[i] + 1;
    }
    cl_int e;
    cl_mem b = int_buffer(init);
    cl_event u = clCreateUserEvent(ctx, &e), w, k, r;
    size_t n = N;
    clSetKernelArg(add1, 0, sizeof b, &b);
    e = clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof data, data, 1, &u, &w);
    e |= clEnqueueNDRangeKernel(q, add1, 1, NULL, &n, NULL, 0, NULL, &k);
    e |= clEnqueueReadBuffer(q, b, CL_FALSE, 0, sizeof got, got, 0, NULL, &r);
    check(e == CL_SUCCESS, "enqueueing after a command that waits for a user event succeeds");
    check(status_of(w) == CL_QUEUED && status_of(k) == CL_QUEUED && status_of(r) == CL_QUEUED,
          "the write that waits, and the kernel and read behind it in order, are CL_QUEUED");
    int other[N];
    cl_mem b2 = int_buffer(init);
    clSetKernelArg(add1, 0, sizeof b2, &b2);   /* the waiting kernel keeps the argument it was enqueued with */
    check(got[0] == -7 && got[N - 1] == -7, "the read has not run before the user event is set");
    check_err(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS, "clSetUserEventStatus(CL_COMPLETE)");
    check(status_of(w) == CL_COMPLETE && status_of(k) == CL_COMPLETE && status_of(r) == CL_COMPLETE,
          "after it is set the three commands are CL_COMPLETE");
    check(!memcmp(got, want, sizeof got), "the read holds the written data plus the kernel's 1, in order");
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof other, other, 0, NULL, NULL);
    check(!memcmp(other, want, sizeof other), "the buffer holds the same");
    clEnqueueReadBuffer(q, b2, CL_TRUE, 0, sizeof other, other, 0, NULL, NULL);
    check(!memcmp(other, init, sizeof other),
          "the kernel used the argument set when it was enqueued, not the one set while it waited");
    clReleaseMemObject(b2);
    cl_ulong ts[4] = {0};
    clGetEventProfilingInfo(k, CL_PROFILING_COMMAND_START, 8, &ts[0], NULL);
    clGetEventProfilingInfo(k, CL_PROFILING_COMMAND_END, 8, &ts[1], NULL);
    clGetEventProfilingInfo(r, CL_PROFILING_COMMAND_START, 8, &ts[2], NULL);
    check(ts[1] > ts[0] && ts[2] >= ts[1], "the kernel that waited takes simulated time and the read starts after it");
    clReleaseEvent(w);
    clReleaseEvent(k);
    clReleaseEvent(r);
    clReleaseEvent(u);
    clReleaseMemObject(b);
}

static void test_failure(void)
{
    int init[N], data[N], got[N];
    for (int i = 0; i < N; i++)
        init[i] = i, data[i] = -i, got[i] = 55;
    cl_int e;
    cl_mem b = int_buffer(init);
    cl_event u = clCreateUserEvent(ctx, &e), w, r, m;
    clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof data, data, 1, &u, &w);
    clEnqueueReadBuffer(q, b, CL_FALSE, 0, sizeof got, got, 1, &w, &r);
    clEnqueueMarkerWithWaitList(q, 1, &r, &m);
    check_err(clSetUserEventStatus(u, -5), CL_SUCCESS, "clSetUserEventStatus(-5)");
    check(status_of(u) == -5, "the user event's status is -5");
    check(status_of(w) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST &&
          status_of(r) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST &&
          status_of(m) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
          "the write, the read waiting for it and a marker waiting for that fail with "
          "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST");
    check(got[0] == 55 && got[N - 1] == 55, "the read that failed did not run");
    int now[N];
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof now, now, 0, NULL, NULL);
    check(!memcmp(now, init, sizeof now), "the write that failed did not run: the buffer is as it was");
    check_err(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof now, now, 1, &u, NULL),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "a blocking read waiting for the failed event");
    check_err(clWaitForEvents(1, &w), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "clWaitForEvents of the failed write");
    clReleaseEvent(w);
    clReleaseEvent(r);
    clReleaseEvent(m);
    clReleaseEvent(u);
    clReleaseMemObject(b);
}

static int seen[16], nseen;
static cl_int seen_st[16];

static void CL_CALLBACK record(cl_event e, cl_int st, void *data)
{
    (void)e;
    if (nseen < 16) {
        seen[nseen] = (int)(intptr_t)data;
        seen_st[nseen++] = st;
    }
}

static void test_callbacks(void)
{
    cl_int e;
    int x = 0;
    cl_mem b = int_buffer((int[N]){0});
    cl_event u = clCreateUserEvent(ctx, &e), w;
    nseen = 0;
    clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof x, &x, 1, &u, &w);
    clSetEventCallback(w, CL_COMPLETE, record, (void *)3);
    clSetEventCallback(w, CL_RUNNING, record, (void *)2);
    clSetEventCallback(w, CL_SUBMITTED, record, (void *)1);
    clSetEventCallback(u, CL_COMPLETE, record, (void *)4);
    check(nseen == 0, "no callback runs before the event they wait for is set");
    clSetUserEventStatus(u, CL_COMPLETE);
    check(nseen == 4 && seen[0] == 4 && seen_st[0] == CL_COMPLETE, "the user event's CL_COMPLETE callback first");
    check(nseen == 4 && seen[1] == 1 && seen[2] == 2 && seen[3] == 3 && seen_st[1] == CL_SUBMITTED &&
          seen_st[2] == CL_RUNNING && seen_st[3] == CL_COMPLETE,
          "then the write's: CL_SUBMITTED, CL_RUNNING, CL_COMPLETE in that order, each with its status");
    clSetEventCallback(w, CL_COMPLETE, record, (void *)5);
    check(nseen == 5 && seen[4] == 5, "a callback on a complete event runs at once");
    cl_event u2 = clCreateUserEvent(ctx, &e);
    clSetEventCallback(u2, CL_COMPLETE, record, (void *)6);
    clSetUserEventStatus(u2, -9);
    check(nseen == 6 && seen[5] == 6 && seen_st[5] == -9, "a failed user event's callback gets its status");
    clReleaseEvent(u2);
    clReleaseEvent(w);
    clReleaseEvent(u);
    clReleaseMemObject(b);
}

static void test_marker_barrier(void)
{
    cl_int e;
    cl_event u = clCreateUserEvent(ctx, &e), m, bar, w;
    int x = 42, got = 0;
    cl_mem b = int_buffer((int[N]){0});
    clEnqueueMarkerWithWaitList(q, 1, &u, &m);
    check(status_of(m) == CL_QUEUED, "a marker waiting for a user event is CL_QUEUED");
    cl_command_queue oq = clCreateCommandQueue(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &e);
    cl_event u2 = clCreateUserEvent(ctx, &e), a, c;
    clEnqueueWriteBuffer(oq, b, CL_FALSE, 0, sizeof x, &x, 1, &u2, &a);
    clEnqueueReadBuffer(oq, b, CL_FALSE, 4, sizeof got, &got, 0, NULL, &c);
    check(status_of(a) == CL_QUEUED && status_of(c) == CL_COMPLETE,
          "out of order: a command that waits for nothing runs past one that waits");
    clEnqueueBarrierWithWaitList(oq, 0, NULL, &bar);
    clEnqueueReadBuffer(oq, b, CL_FALSE, 0, sizeof got, &got, 0, NULL, &w);
    check(status_of(bar) == CL_QUEUED && status_of(w) == CL_QUEUED,
          "a barrier behind it waits, and so does the command after the barrier");
    clSetUserEventStatus(u2, CL_COMPLETE);
    check(status_of(bar) == CL_COMPLETE && status_of(w) == CL_COMPLETE && got == 42,
          "once set: the barrier, then the read after it (which sees the write)");
    clSetUserEventStatus(u, CL_COMPLETE);
    check(status_of(m) == CL_COMPLETE, "the marker completes when its user event is set");
    clReleaseEvent(a);
    clReleaseEvent(c);
    clReleaseEvent(bar);
    clReleaseEvent(w);
    clReleaseEvent(u2);
    clReleaseEvent(m);
    clReleaseEvent(u);
    clReleaseCommandQueue(oq);
    clReleaseMemObject(b);
}

static volatile int setter_done;

static void *setter(void *arg)
{
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    setter_done = 1;
    clSetUserEventStatus((cl_event)arg, CL_COMPLETE);
    return NULL;
}

/* Start a thread that sets u after 200 ms. */
static pthread_t set_later(cl_event u)
{
    pthread_t t;
    setter_done = 0;
    pthread_create(&t, NULL, setter, u);
    return t;
}

static void test_threads(void)
{
    cl_int e;
    int init[N], data[N], got[N], want[N];
    for (int i = 0; i < N; i++)
        init[i] = 0, data[i] = 7 * i, want[i] = 7 * i + 1;
    cl_mem b = int_buffer(init);
    size_t n = N;
    cl_event u = clCreateUserEvent(ctx, &e);
    clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof data, data, 1, &u, NULL);
    clSetKernelArg(add1, 0, sizeof b, &b);
    clEnqueueNDRangeKernel(q, add1, 1, NULL, &n, NULL, 0, NULL, NULL);
    pthread_t t = set_later(u);
    e = clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    int after = setter_done;
    pthread_join(t, NULL);
    check(e == CL_SUCCESS && after && !memcmp(got, want, sizeof got),
          "a blocking read behind a waiting write returns once another thread sets the event, with the data");
    clReleaseEvent(u);

    cl_event u2 = clCreateUserEvent(ctx, &e), k;
    clEnqueueNDRangeKernel(q, add1, 1, NULL, &n, NULL, 1, &u2, &k);
    t = set_later(u2);
    e = clWaitForEvents(1, &k);
    after = setter_done;
    pthread_join(t, NULL);
    check(e == CL_SUCCESS && after && status_of(k) == CL_COMPLETE,
          "clWaitForEvents returns once another thread sets the event");
    clReleaseEvent(k);
    clReleaseEvent(u2);

    cl_event u3 = clCreateUserEvent(ctx, &e);
    clEnqueueNDRangeKernel(q, add1, 1, NULL, &n, NULL, 1, &u3, NULL);
    t = set_later(u3);
    e = clFinish(q);
    after = setter_done;
    pthread_join(t, NULL);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    for (int i = 0; i < N; i++)
        want[i] += 2;
    check(e == CL_SUCCESS && after && !memcmp(got, want, sizeof got),
          "clFinish returns once another thread sets the event, every kernel run");
    clReleaseEvent(u3);

    cl_event u4 = clCreateUserEvent(ctx, &e);
    t = set_later(u4);
    int *p = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, sizeof got, 1, &u4, NULL, &e);
    after = setter_done;
    pthread_join(t, NULL);
    check(e == CL_SUCCESS && p && after && !memcmp(p, want, sizeof got),
          "a blocking map waiting for a user event returns once it is set, showing the buffer");
    if (p)
        clEnqueueUnmapMemObject(q, b, p, 0, NULL, NULL);
    clFinish(q);
    clReleaseEvent(u4);
    clReleaseMemObject(b);
}

/* Commands with nothing to wait for run at once, as before. */
static void test_immediate(void)
{
    int x = 5;
    cl_event w;
    cl_mem b = int_buffer((int[N]){0});
    clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof x, &x, 0, NULL, &w);
    check(status_of(w) == CL_COMPLETE, "a command with nothing to wait for is complete when enqueued");
    clReleaseEvent(w);
    clReleaseMemObject(b);
}

/* A waiting kernel keeps its buffer alive: released by the application
 * while the kernel waits, it is still the kernel's when it runs, and a
 * buffer made meanwhile is another. */
static void test_lifetime(void)
{
    int init[N], seven[N], got[N];
    for (int i = 0; i < N; i++)
        init[i] = i, seven[i] = 7;
    cl_int e;
    cl_mem b = int_buffer(init);
    cl_event u = clCreateUserEvent(ctx, &e), k;
    size_t n = N;
    clSetKernelArg(add1, 0, sizeof b, &b);
    clEnqueueNDRangeKernel(q, add1, 1, NULL, &n, NULL, 1, &u, &k);
    clReleaseMemObject(b);
    cl_mem c = int_buffer(seven);
    clSetUserEventStatus(u, CL_COMPLETE);
    clFinish(q);
    clEnqueueReadBuffer(q, c, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    check(status_of(k) == CL_COMPLETE && !memcmp(got, seven, sizeof got),
          "a buffer released while its kernel waits stays the kernel's: the kernel completes, a new buffer is untouched");
    clReleaseEvent(k);
    clReleaseEvent(u);
    clReleaseMemObject(c);
}

int main(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim device\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    check_err(clBuildProgram(p, 1, &dev, "", NULL, NULL), CL_SUCCESS, "clBuildProgram");
    add1 = clCreateKernel(p, "add1", &e);
    test_errors();
    test_immediate();
    test_order_and_data();
    test_failure();
    test_callbacks();
    test_marker_barrier();
    test_threads();
    test_lifetime();
    clReleaseKernel(add1);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_failed;
}
