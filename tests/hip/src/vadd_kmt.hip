// A small ordinary HIP program: the device's properties, hipMalloc,
// hipMemcpy both ways, hipMemset, a vector add and a per-block reversal
// through dynamic shared memory.  Usage: vadd_kmt N, or vadd_kmt wild: a
// kernel that stores 1 GiB past a buffer of 1 KiB, then "after the fault"
// (which a GPU never lets the program reach), or vadd_kmt hello: printf
// from the first thread of each of 3 blocks ("hello 42 from block B"),
// then "after hello: " and hipDeviceSynchronize's result, or vadd_kmt
// malloc: each of 2 blocks of 64 threads mallocs 16 bytes in device code,
// stores 3 * its global index there, reads it back into out[i] and frees
// it; prints out[i] one a line (-1: malloc gave NULL), or vadd_kmt events
// N: the vector add of N between two events, and "elapsed NS" with the
// time hipEventElapsedTime gives, in nanoseconds, or vadd_kmt streams N:
// two streams, each copying a[i] = i into its own buffer from pinned host
// memory (hipMemcpyAsync), adding 5 (stream 1) or 7 (stream 2) in place
// and copying back; prints "s1 X s2 Y" per element.
// Prints "device NAME cus N", then per element i "c[i] d[i]" where
// a[i] = i * 0.25 + 1, b[i] = (i % 97) * 3.5, c = a + b and d is c with
// each run of 256 elements (the last one shorter) reversed.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void reverse_blocks(const float *c, float *d, int n)
{
    extern __shared__ float tile[];
    int start = blockIdx.x * blockDim.x, t = threadIdx.x;
    int len = n - start < (int)blockDim.x ? n - start : (int)blockDim.x;
    if (t < len)
        tile[t] = c[start + t];
    __syncthreads();
    if (t < len)
        d[start + len - 1 - t] = tile[t];
}

__global__ void wild(int *p)
{
    p[threadIdx.x + (1 << 28)] = 1;
}

__global__ void hello(int x)
{
    if (threadIdx.x == 0)
        printf("hello %d from block %d\n", x, (int)blockIdx.x);
}

__global__ void dmalloc(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *p = (int *)malloc(16);
    if (!p) {
        out[i] = -1;
        return;
    }
    p[1] = 3 * i;
    out[i] = p[1];
    free(p);
}

__global__ void add_const(int *a, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += v;
}

static int check(hipError_t e, const char *what)
{
    if (e != hipSuccess) {
        fprintf(stderr, "vadd_kmt: %s: %s\n", what, hipGetErrorString(e));
        exit(1);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "wild")) {
        int *p;
        check(hipMalloc(&p, 1024), "hipMalloc");
        hipLaunchKernelGGL(wild, dim3(1), dim3(64), 0, 0, p);
        hipError_t e = hipDeviceSynchronize();
        printf("after the fault: %s\n", hipGetErrorString(e));
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "hello")) {
        hipLaunchKernelGGL(hello, dim3(3), dim3(64), 0, 0, 42);
        hipError_t e = hipDeviceSynchronize();
        printf("after hello: %s\n", hipGetErrorString(e));
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "malloc")) {
        int *out, h[128];
        check(hipMalloc(&out, sizeof h), "hipMalloc");
        hipLaunchKernelGGL(dmalloc, dim3(2), dim3(64), 0, 0, out);
        check(hipMemcpy(h, out, sizeof h, hipMemcpyDeviceToHost), "hipMemcpy to the host");
        for (int i = 0; i < 128; i++)
            printf("%d\n", h[i]);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "streams")) {
        int m = atoi(argv[2]);
        int *h, *o1, *o2, *d1, *d2;
        hipStream_t s1, s2;
        check(hipHostMalloc(&h, m * sizeof(int)), "hipHostMalloc");
        check(hipHostMalloc(&o1, m * sizeof(int)), "hipHostMalloc");
        check(hipHostMalloc(&o2, m * sizeof(int)), "hipHostMalloc");
        for (int i = 0; i < m; i++)
            h[i] = i;
        check(hipMalloc(&d1, m * sizeof(int)), "hipMalloc");
        check(hipMalloc(&d2, m * sizeof(int)), "hipMalloc");
        check(hipStreamCreate(&s1), "hipStreamCreate");
        check(hipStreamCreate(&s2), "hipStreamCreate");
        check(hipMemcpyAsync(d1, h, m * sizeof(int), hipMemcpyHostToDevice, s1), "hipMemcpyAsync");
        check(hipMemcpyAsync(d2, h, m * sizeof(int), hipMemcpyHostToDevice, s2), "hipMemcpyAsync");
        hipLaunchKernelGGL(add_const, dim3((m + 255) / 256), dim3(256), 0, s1, d1, m, 5);
        hipLaunchKernelGGL(add_const, dim3((m + 255) / 256), dim3(256), 0, s2, d2, m, 7);
        check(hipMemcpyAsync(o1, d1, m * sizeof(int), hipMemcpyDeviceToHost, s1), "hipMemcpyAsync");
        check(hipMemcpyAsync(o2, d2, m * sizeof(int), hipMemcpyDeviceToHost, s2), "hipMemcpyAsync");
        check(hipStreamSynchronize(s1), "hipStreamSynchronize");
        check(hipStreamSynchronize(s2), "hipStreamSynchronize");
        for (int i = 0; i < m; i++)
            printf("s1 %d s2 %d\n", o1[i], o2[i]);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "events")) {
        int m = atoi(argv[2]);
        float *a, *c, ms = -1;
        hipEvent_t e0, e1;
        check(hipMalloc(&a, m * sizeof(float)), "hipMalloc");
        check(hipMalloc(&c, m * sizeof(float)), "hipMalloc");
        check(hipEventCreate(&e0), "hipEventCreate");
        check(hipEventCreate(&e1), "hipEventCreate");
        check(hipDeviceSynchronize(), "hipDeviceSynchronize");
        check(hipEventRecord(e0, 0), "hipEventRecord");
        hipLaunchKernelGGL(vadd, dim3((m + 255) / 256), dim3(256), 0, 0, a, a, c, m);
        check(hipEventRecord(e1, 0), "hipEventRecord");
        check(hipEventSynchronize(e1), "hipEventSynchronize");
        check(hipEventElapsedTime(&ms, e0, e1), "hipEventElapsedTime");
        printf("elapsed %.0f\n", ms * 1e6);
        return 0;
    }
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    if (n <= 0) {
        fprintf(stderr, "usage: vadd_kmt N (N > 0)\n");
        return 2;
    }
    hipDeviceProp_t prop;
    check(hipGetDeviceProperties(&prop, 0), "hipGetDeviceProperties");
    printf("device %s cus %d\n", prop.gcnArchName, prop.multiProcessorCount);
    size_t bytes = (size_t)n * sizeof(float);
    float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes),
          *hd = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        ha[i] = (float)i * 0.25f + 1.0f;
        hb[i] = (float)(i % 97) * 3.5f;
    }
    float *a, *b, *c, *d;
    check(hipMalloc(&a, bytes), "hipMalloc");
    check(hipMalloc(&b, bytes), "hipMalloc");
    check(hipMalloc(&c, bytes), "hipMalloc");
    check(hipMalloc(&d, bytes), "hipMalloc");
    check(hipMemcpy(a, ha, bytes, hipMemcpyHostToDevice), "hipMemcpy to the device");
    check(hipMemcpy(b, hb, bytes, hipMemcpyHostToDevice), "hipMemcpy to the device");
    check(hipMemset(d, 0xff, bytes), "hipMemset");
    int blocks = (n + 255) / 256;
    hipLaunchKernelGGL(vadd, dim3(blocks), dim3(256), 0, 0, a, b, c, n);
    check(hipGetLastError(), "vadd");
    hipLaunchKernelGGL(reverse_blocks, dim3(blocks), dim3(256), 256 * sizeof(float), 0, c, d, n);
    check(hipGetLastError(), "reverse_blocks");
    check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    check(hipMemcpy(hc, c, bytes, hipMemcpyDeviceToHost), "hipMemcpy to the host");
    check(hipMemcpy(hd, d, bytes, hipMemcpyDeviceToHost), "hipMemcpy to the host");
    for (int i = 0; i < n; i++)
        printf("%.9g %.9g\n", hc[i], hd[i]);
    hipFree(a);
    hipFree(b);
    hipFree(c);
    hipFree(d);
    free(ha);
    free(hb);
    free(hc);
    free(hd);
    return 0;
}
