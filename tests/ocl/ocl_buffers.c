/* ocl_buffers.c — sub-buffers and the rectangular buffer commands, as an
 * ordinary OpenCL program: a sub-buffer reads, writes, fills, maps and is
 * a kernel argument as the region of its buffer it names (checked against
 * the buffer's bytes on the host); clEnqueueReadBufferRect, WriteBufferRect
 * and CopyBufferRect over regions of several origins and pitches, each
 * checked against a CPU reference copy done row by row here; and the
 * errors the specification names for both. */
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static const char *inc_src =
    "__kernel void inc(__global uint *p) { p[get_global_id(0)] += 1000; }\n";

enum { N = 8192 };

/* A buffer of N bytes holding byte i = i * 7 + seed. */
static cl_mem pattern_buffer(cl_mem_flags f, unsigned seed, uint8_t *copy)
{
    for (size_t i = 0; i < N; i++)
        copy[i] = (uint8_t)(i * 7 + seed);
    cl_int e;
    return clCreateBuffer(ctx, f | CL_MEM_COPY_HOST_PTR, N, copy, &e);
}

static void test_sub_basic(void)
{
    static uint8_t host[N], got[N];
    cl_int e;
    cl_mem b = pattern_buffer(CL_MEM_READ_WRITE, 1, host);
    cl_buffer_region r = {1024, 2048};
    cl_mem s = clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
    check_err(e, CL_SUCCESS, "clCreateSubBuffer of bytes [1024, 3072)");
    e = clEnqueueReadBuffer(q, s, CL_TRUE, 0, 2048, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, host + 1024, 2048), "reading the sub-buffer reads its region");
    uint8_t w[100];
    memset(w, 0xab, sizeof w);
    clEnqueueWriteBuffer(q, s, CL_TRUE, 10, sizeof w, w, 0, NULL, NULL);
    memcpy(host + 1034, w, sizeof w);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, got, 0, NULL, NULL);
    check(!memcmp(got, host, N), "writing at offset 10 of the sub-buffer writes its buffer at 1034, nothing else");
    uint32_t pat = 0x01020304;
    clEnqueueFillBuffer(q, s, &pat, 4, 256, 512, 0, NULL, NULL);
    for (size_t i = 0; i < 512; i += 4)
        memcpy(host + 1024 + 256 + i, &pat, 4);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, got, 0, NULL, NULL);
    check(!memcmp(got, host, N), "filling the sub-buffer fills its region of the buffer");
    uint8_t *mp = clEnqueueMapBuffer(q, s, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 2000, 48, 0, NULL, NULL, &e);
    check(mp && e == CL_SUCCESS && !memcmp(mp, host + 3024, 48), "mapping the sub-buffer shows its region");
    if (mp)
        mp[0] = 0x5a;
    host[3024] = 0x5a;
    clEnqueueUnmapMemObject(q, s, mp, 0, NULL, NULL);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, got, 0, NULL, NULL);
    check(!memcmp(got, host, N), "a write through the mapping lands in the buffer");
    cl_mem assoc = NULL;
    size_t off = 0, size = 0;
    cl_mem_flags fl = 0;
    clGetMemObjectInfo(s, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL);
    clGetMemObjectInfo(s, CL_MEM_OFFSET, sizeof off, &off, NULL);
    clGetMemObjectInfo(s, CL_MEM_SIZE, sizeof size, &size, NULL);
    check(assoc == b && off == 1024 && size == 2048, "CL_MEM_ASSOCIATED_MEMOBJECT, CL_MEM_OFFSET, CL_MEM_SIZE");
    cl_mem ro = clCreateSubBuffer(b, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
    cl_mem inh = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
    clGetMemObjectInfo(inh, CL_MEM_FLAGS, sizeof fl, &fl, NULL);
    check(ro && inh && (fl & CL_MEM_READ_WRITE) && (fl & CL_MEM_COPY_HOST_PTR),
          "flags 0 inherit the buffer's (CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR)");
    cl_uint refs = 0;
    clReleaseMemObject(ro);
    clReleaseMemObject(inh);
    clReleaseMemObject(b);   /* the sub-buffer keeps its buffer's memory */
    e = clEnqueueReadBuffer(q, s, CL_TRUE, 0, 2048, got, 0, NULL, NULL);
    clGetMemObjectInfo(s, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    check(e == CL_SUCCESS && !memcmp(got, host + 1024, 2048) && refs == 1,
          "after its buffer is released the sub-buffer still reads its region");
    clReleaseMemObject(s);
}

/* A kernel given a sub-buffer sees only its region. */
static void test_sub_kernel(void)
{
    cl_int e;
    enum { W = N / 4 };
    uint32_t host[W], got[W];
    for (int i = 0; i < W; i++)
        host[i] = (uint32_t)i;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof host, host, &e);
    cl_buffer_region r = {512, 1024};   /* words 128..383 */
    cl_mem s = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
    cl_program p = clCreateProgramWithSource(ctx, 1, &inc_src, NULL, &e);
    e = clBuildProgram(p, 1, &dev, "", NULL, NULL);
    check_err(e, CL_SUCCESS, "kernel inc built");
    cl_kernel k = clCreateKernel(p, "inc", &e);
    clSetKernelArg(k, 0, sizeof s, &s);
    size_t g = 256;
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    for (int i = 128; i < 384; i++)
        host[i] += 1000;
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, host, sizeof host),
          "a kernel given the sub-buffer changes exactly its region (words 128 to 383)");
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(s);
    clReleaseMemObject(b);
}

static void test_sub_errors(void)
{
    cl_int e;
    uint8_t host[N];
    cl_mem b = pattern_buffer(CL_MEM_READ_WRITE, 2, host);
    cl_mem wo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 4096, NULL, &e);
    cl_buffer_region ok = {0, 256}, mis = {4, 256}, zero = {256, 0}, past = {4096, 8192}, edge = {8192 - 256, 256};
    cl_uint bits = 0;
    clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
    cl_buffer_region half = {bits / 16, 64};   /* half the alignment */
    cl_buffer_region al = {bits / 8, 64};
    cl_mem s;
    s = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &mis, &e);
    check(!s && e == CL_MISALIGNED_SUB_BUFFER_OFFSET, "origin 4: CL_MISALIGNED_SUB_BUFFER_OFFSET");
    s = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &half, &e);
    check(!s && e == CL_MISALIGNED_SUB_BUFFER_OFFSET,
          "origin half of CL_DEVICE_MEM_BASE_ADDR_ALIGN: CL_MISALIGNED_SUB_BUFFER_OFFSET");
    s = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &al, &e);
    check(s && e == CL_SUCCESS, "origin CL_DEVICE_MEM_BASE_ADDR_ALIGN (bits / 8 bytes): a sub-buffer");
    cl_mem ss = clCreateSubBuffer(s, 0, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e);
    check(!ss && e == CL_INVALID_MEM_OBJECT, "a sub-buffer of a sub-buffer: CL_INVALID_MEM_OBJECT");
    clReleaseMemObject(s);
    check(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &zero, &e) && e == CL_INVALID_BUFFER_SIZE,
          "size 0: CL_INVALID_BUFFER_SIZE");
    check(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &past, &e) && e == CL_INVALID_VALUE,
          "a region past the buffer's end: CL_INVALID_VALUE");
    s = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &edge, &e);
    check(s && e == CL_SUCCESS, "the buffer's last 256 bytes: a sub-buffer");
    clReleaseMemObject(s);
    check(!clCreateSubBuffer(b, 0, 0x1235, &ok, &e) && e == CL_INVALID_VALUE, "an unknown create type: CL_INVALID_VALUE");
    check(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &e) && e == CL_INVALID_VALUE,
          "no region: CL_INVALID_VALUE");
    check(!clCreateSubBuffer(b, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e) && e == CL_INVALID_VALUE,
          "CL_MEM_USE_HOST_PTR in its flags: CL_INVALID_VALUE");
    check(!clCreateSubBuffer(wo, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e) && e == CL_INVALID_VALUE,
          "CL_MEM_READ_ONLY of a CL_MEM_WRITE_ONLY buffer: CL_INVALID_VALUE");
    check(!clCreateSubBuffer(wo, CL_MEM_HOST_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e) &&
              e == CL_INVALID_VALUE, "CL_MEM_HOST_READ_ONLY of a CL_MEM_HOST_NO_ACCESS buffer: CL_INVALID_VALUE");
    check(!clCreateSubBuffer((cl_mem)ctx, 0, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e) && e == CL_INVALID_MEM_OBJECT,
          "a context as the buffer: CL_INVALID_MEM_OBJECT");
    s = clCreateSubBuffer(wo, 0, CL_BUFFER_CREATE_TYPE_REGION, &ok, &e);
    uint8_t x[16];
    check_err(clEnqueueReadBuffer(q, s, CL_TRUE, 0, 16, x, 0, NULL, NULL), CL_INVALID_OPERATION,
              "reading a sub-buffer that inherits CL_MEM_HOST_NO_ACCESS: CL_INVALID_OPERATION");
    clReleaseMemObject(s);
    clReleaseMemObject(wo);
    clReleaseMemObject(b);
}

/* CPU reference: copy region r from src (origin so, pitches sr, ss) to dst. */
static void ref_rect(uint8_t *dst, const size_t *dor, size_t dr, size_t ds, const uint8_t *src, const size_t *so,
                     size_t sr, size_t ss, const size_t *r)
{
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++)
            for (size_t x = 0; x < r[0]; x++)
                dst[(dor[2] + z) * ds + (dor[1] + y) * dr + dor[0] + x] =
                    src[(so[2] + z) * ss + (so[1] + y) * sr + so[0] + x];
}

typedef struct {
    size_t bo[3], ho[3], r[3], brp, bsp, hrp, hsp;
} rect_case_t;

static const rect_case_t cases[] = {
    {{0, 0, 0}, {0, 0, 0}, {64, 1, 1}, 0, 0, 0, 0},                 /* a plain row */
    {{3, 2, 0}, {5, 1, 0}, {17, 9, 1}, 64, 0, 40, 0},              /* 2-D, odd sizes */
    {{1, 2, 3}, {0, 3, 1}, {10, 5, 4}, 32, 320, 16, 256},          /* 3-D, padded slices */
    {{0, 0, 0}, {7, 0, 2}, {20, 20, 3}, 20, 400, 33, 33 * 21},     /* packed buffer, odd host pitch */
    {{12, 0, 1}, {0, 0, 0}, {4, 100, 2}, 16, 1600, 0, 0},          /* narrow columns */
};

static void test_rect(void)
{
    static uint8_t host[N], dev_copy[N], hbuf[N], want[N], got[N];
    cl_int e;
    char name[160];
    cl_mem b = pattern_buffer(CL_MEM_READ_WRITE, 3, host);
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const rect_case_t *t = &cases[c];
        size_t brp = t->brp ? t->brp : t->r[0], bsp = t->bsp ? t->bsp : t->r[1] * brp;
        size_t hrp = t->hrp ? t->hrp : t->r[0], hsp = t->hsp ? t->hsp : t->r[1] * hrp;
        for (size_t i = 0; i < N; i++)
            hbuf[i] = want[i] = (uint8_t)(0xc0 ^ i);
        ref_rect(want, t->ho, hrp, hsp, host, t->bo, brp, bsp, t->r);
        e = clEnqueueReadBufferRect(q, b, CL_TRUE, t->bo, t->ho, t->r, t->brp, t->bsp, t->hrp, t->hsp, hbuf, 0, NULL,
                                    NULL);
        snprintf(name, sizeof name, "ReadBufferRect case %zu (region %zux%zux%zu): the CPU's copy", c, t->r[0],
                 t->r[1], t->r[2]);
        check(e == CL_SUCCESS && !memcmp(hbuf, want, N), name);
        for (size_t i = 0; i < N; i++)
            hbuf[i] = (uint8_t)(i * 13 + c);
        memcpy(dev_copy, host, N);
        ref_rect(dev_copy, t->bo, brp, bsp, hbuf, t->ho, hrp, hsp, t->r);
        e = clEnqueueWriteBufferRect(q, b, CL_TRUE, t->bo, t->ho, t->r, t->brp, t->bsp, t->hrp, t->hsp, hbuf, 0,
                                     NULL, NULL);
        clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, got, 0, NULL, NULL);
        snprintf(name, sizeof name, "WriteBufferRect case %zu: the buffer is the CPU's copy", c);
        check(e == CL_SUCCESS && !memcmp(got, dev_copy, N), name);
        memcpy(host, dev_copy, N);
    }
    /* copies between two buffers and inside one */
    uint8_t h2[N];
    cl_mem b2 = pattern_buffer(CL_MEM_READ_WRITE, 9, h2);
    size_t so[3] = {5, 3, 1}, dof[3] = {0, 7, 2}, r[3] = {30, 11, 3};
    memcpy(want, h2, N);
    ref_rect(want, dof, 48, 48 * 20, host, so, 40, 40 * 15, r);
    e = clEnqueueCopyBufferRect(q, b, b2, so, dof, r, 40, 40 * 15, 48, 48 * 20, 0, NULL, NULL);
    clEnqueueReadBuffer(q, b2, CL_TRUE, 0, N, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, want, N), "CopyBufferRect between buffers: the CPU's copy");
    size_t a0[3] = {0, 0, 0}, a1[3] = {0, 0, 4}, r2[3] = {64, 8, 3};
    memcpy(want, host, N);
    ref_rect(want, a1, 64, 1024, host, a0, 64, 1024, r2);
    e = clEnqueueCopyBufferRect(q, b, b, a0, a1, r2, 64, 1024, 64, 1024, 0, NULL, NULL);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, want, N), "CopyBufferRect of separate regions of one buffer");
    size_t c0[3] = {0, 0, 0}, c1[3] = {8, 0, 0}, rc[3] = {16, 4, 1};
    check_err(clEnqueueCopyBufferRect(q, b, b, c0, c1, rc, 64, 256, 64, 256, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
              "CopyBufferRect of overlapping regions: CL_MEM_COPY_OVERLAP");
    size_t d1[3] = {16, 0, 0};
    check_err(clEnqueueCopyBufferRect(q, b, b, c0, d1, rc, 64, 256, 64, 256, 0, NULL, NULL), CL_SUCCESS,
              "CopyBufferRect of interleaved, disjoint columns of one buffer: no overlap");
    check_err(clEnqueueCopyBufferRect(q, b, b, c0, a1, rc, 64, 256, 32, 256, 0, NULL, NULL), CL_INVALID_VALUE,
              "CopyBufferRect inside one buffer with different pitches: CL_INVALID_VALUE");
    /* a sub-buffer and its own buffer overlap too */
    cl_buffer_region sr = {256, 1024};
    cl_mem sb = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &sr, &e);
    size_t row4[3] = {0, 4, 0};   /* byte 256 of b: byte 0 of sb */
    check_err(clEnqueueCopyBufferRect(q, b, sb, row4, c0, rc, 64, 512, 64, 512, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
              "CopyBufferRect from a buffer onto its sub-buffer's same bytes: CL_MEM_COPY_OVERLAP");
    check_err(clEnqueueCopyBufferRect(q, b, sb, c0, c0, rc, 64, 256, 64, 256, 0, NULL, NULL), CL_SUCCESS,
              "CopyBufferRect from a buffer's first rows onto its sub-buffer after them: no overlap");
    clReleaseMemObject(sb);
    size_t z0[3] = {0, 0, 0}, rz[3] = {0, 1, 1}, big[3] = {64, 200, 1};
    check_err(clEnqueueReadBufferRect(q, b, CL_TRUE, z0, z0, rz, 0, 0, 0, 0, got, 0, NULL, NULL), CL_INVALID_VALUE,
              "ReadBufferRect of a region with width 0: CL_INVALID_VALUE");
    check_err(clEnqueueReadBufferRect(q, b, CL_TRUE, z0, z0, big, 0, 0, 0, 0, got, 0, NULL, NULL), CL_INVALID_VALUE,
              "ReadBufferRect past the buffer's end: CL_INVALID_VALUE");
    check_err(clEnqueueReadBufferRect(q, b, CL_TRUE, z0, z0, rc, 8, 0, 0, 0, got, 0, NULL, NULL), CL_INVALID_VALUE,
              "a row pitch below the region's width: CL_INVALID_VALUE");
    check_err(clEnqueueReadBufferRect(q, b, CL_TRUE, z0, z0, rc, 16, 70, 0, 0, got, 0, NULL, NULL),
              CL_INVALID_VALUE, "a slice pitch not a multiple of the row pitch: CL_INVALID_VALUE");
    check_err(clEnqueueWriteBufferRect(q, b, CL_TRUE, z0, z0, rc, 0, 0, 0, 0, NULL, 0, NULL, NULL),
              CL_INVALID_VALUE, "WriteBufferRect from NULL: CL_INVALID_VALUE");
    check_err(clEnqueueReadBufferRect(q, (cl_mem)q, CL_TRUE, z0, z0, rc, 0, 0, 0, 0, got, 0, NULL, NULL),
              CL_INVALID_MEM_OBJECT, "ReadBufferRect of a queue: CL_INVALID_MEM_OBJECT");
    cl_event ev;
    clEnqueueReadBufferRect(q, b, CL_TRUE, z0, z0, rc, 0, 0, 0, 0, got, 0, NULL, &ev);
    cl_command_type ty = 0;
    clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ty, &ty, NULL);
    check(ty == CL_COMMAND_READ_BUFFER_RECT, "its event's type is CL_COMMAND_READ_BUFFER_RECT");
    clReleaseEvent(ev);
    clReleaseMemObject(b);
    clReleaseMemObject(b2);
}

int main(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim device (the platform installed or in OCL_ICD_VENDORS)\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    test_sub_basic();
    test_sub_kernel();
    test_sub_errors();
    test_rect();
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_failed;
}
