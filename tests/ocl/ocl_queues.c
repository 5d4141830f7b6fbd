/* ocl_queues.c — an OpenCL host program with two in-order profiling queues
 * on one device, their commands interleaved: on each, a buffer write, two
 * passes of the reduce workload's reduce_sum (front/workloads/reduce.cl,
 * loaded as a code object) and a read of the sum, checked against the CPU.
 * It prints every command's profiled times as the driver reports them:
 *   cmd QUEUE NAME START END
 * (NAME: write, kernel, read; START and END: CL_PROFILING_COMMAND_START and
 * _END in ns), in the order the commands were enqueued.
 * Usage: ocl_queues CODE_OBJECT [N1]: queue 1's first pass sums N1 of its
 * values (default all 4096; a different N1 changes that kernel argument
 * and nothing else). */
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

enum { N = 4096, GROUPS = 4 };

static cl_context ctx;
static cl_device_id dev;

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = len > 0 ? malloc((size_t)len) : NULL;
    if (b && fread(b, 1, (size_t)len, f) != (size_t)len) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *n = b ? (size_t)len : 0;
    return b;
}

/* Print event ev's profiled times as command name of queue qi. */
static void print_cmd(unsigned qi, const char *name, cl_event ev)
{
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    printf("cmd %u %s %llu %llu\n", qi, name, (unsigned long long)t0, (unsigned long long)t1);
    clReleaseEvent(ev);
}

/* One queue's buffers and the sum it must find. */
typedef struct {
    cl_command_queue q;
    cl_mem in, part, out;
    cl_uint n1;
    uint32_t want;
} lane_t;

/* Enqueue reduce_sum over n values of in into out with groups work-groups. */
static void pass(lane_t *l, unsigned qi, cl_kernel k, cl_mem in, cl_mem out, cl_uint n, size_t groups)
{
    size_t local = 256, global = groups * 256;
    clSetKernelArg(k, 0, sizeof in, &in);
    clSetKernelArg(k, 1, sizeof out, &out);
    clSetKernelArg(k, 2, 256 * sizeof(cl_uint), NULL);
    clSetKernelArg(k, 3, sizeof n, &n);
    cl_event ev;
    check_err(clEnqueueNDRangeKernel(l->q, k, 1, NULL, &global, &local, 0, NULL, &ev), CL_SUCCESS,
              "reduce_sum enqueued");
    print_cmd(qi, "kernel", ev);
}

int main(int argc, char **argv)
{
    cl_platform_id pf;
    cl_int e, bst;
    size_t n;
    char *bin = argc >= 2 ? slurp(argv[1], &n) : NULL;
    if (argc < 2 || argc > 3 || !bin || gcnsim_device(&pf, &dev)) {
        printf("FAIL: usage: ocl_queues CODE_OBJECT [N1], with the gcnsim platform installed or in "
               "OCL_ICD_VENDORS\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    const unsigned char *bins[1] = {(const unsigned char *)bin};
    cl_program p = clCreateProgramWithBinary(ctx, 1, &dev, &n, bins, &bst, &e);
    check_err(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_SUCCESS, "the code object loads");
    cl_kernel k = clCreateKernel(p, "reduce_sum", &e);
    lane_t lane[2];
    static cl_uint host[2][N];
    for (unsigned qi = 0; qi < 2; qi++) {
        lane_t *l = &lane[qi];
        l->q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
        l->in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof host[qi], NULL, &e);
        l->part = clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS * sizeof(cl_uint), NULL, &e);
        l->out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_uint), NULL, &e);
        l->n1 = qi == 1 && argc == 3 ? (cl_uint)strtoul(argv[2], NULL, 0) : N;
        l->n1 = l->n1 > N ? N : l->n1;
        l->want = 0;
        for (unsigned i = 0; i < N; i++) {
            host[qi][i] = qi ? i ^ 0x5a5a : 3 * i + 1;
            l->want += i < l->n1 ? host[qi][i] : 0;
        }
    }
    cl_event ev;
    for (unsigned qi = 0; qi < 2; qi++) {
        clEnqueueWriteBuffer(lane[qi].q, lane[qi].in, CL_TRUE, 0, sizeof host[qi], host[qi], 0, NULL, &ev);
        print_cmd(qi, "write", ev);
    }
    for (unsigned qi = 0; qi < 2; qi++)
        pass(&lane[qi], qi, k, lane[qi].in, lane[qi].part, lane[qi].n1, GROUPS);
    for (unsigned qi = 0; qi < 2; qi++)
        pass(&lane[qi], qi, k, lane[qi].part, lane[qi].out, GROUPS, 1);
    for (unsigned qi = 0; qi < 2; qi++) {
        cl_uint got = 0;
        clEnqueueReadBuffer(lane[qi].q, lane[qi].out, CL_TRUE, 0, sizeof got, &got, 0, NULL, &ev);
        print_cmd(qi, "read", ev);
        char name[96];
        snprintf(name, sizeof name, "queue %u: sum 0x%08x, expected 0x%08x", qi, got, lane[qi].want);
        check(got == lane[qi].want, name);
        clReleaseMemObject(lane[qi].in);
        clReleaseMemObject(lane[qi].part);
        clReleaseMemObject(lane[qi].out);
        clReleaseCommandQueue(lane[qi].q);
    }
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseContext(ctx);
    free(bin);
    return t_failed;
}
