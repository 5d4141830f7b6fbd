// streams.hip — device queries, two streams and events: on each stream a
// hipMemsetAsync, hipMemcpyAsync host to device, a kernel, a device-to-device
// hipMemcpyAsync, a second kernel and a hipMemcpyAsync back to (pinned) host
// memory; stream 1 then waits for an event of stream 0 (hipStreamWaitEvent)
// and adds stream 0's result into its own.  Events around stream 0's work give
// its elapsed time (printed; it must be > 0).  A synchronous hipMemset fills
// the buffers with a pattern the stream work must replace, and is checked
// itself.  All values are small multiples of 1/4, so every result is exact
// and is compared exactly with the reference computed here.
// Exit status: see progs.h.
#define PROG "streams"
#include "progs.h"
#include <cstring>
#include <vector>

#define NSTREAMS 2

// y[i] += a x[i] + b
__global__ void axpb(const float *x, float *y, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i] + b;
}

// z[i] = z[i]^2 + 1
__global__ void square_plus_one(float *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        z[i] = z[i] * z[i] + 1.0f;
}

// z[i] += w[i]
__global__ void add_into(float *z, const float *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        z[i] += w[i];
}

// queries: print and check the properties of device 0; the number of checks failed
static int queries()
{
    int count = 0;
    HIP_CHECK(hipGetDeviceCount(&count));
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, 0));
    std::printf("streams: %d device(s); device 0: name %s, gcnArchName %s, multiProcessorCount %d, "
                "sharedMemPerBlock %zu, warpSize %d\n",
                count, p.name, p.gcnArchName, p.multiProcessorCount, (size_t)p.sharedMemPerBlock, p.warpSize);
    int bad = 0;
    if (count < 1 || p.multiProcessorCount < 1 || p.sharedMemPerBlock < 32768 ||
        std::strncmp(p.gcnArchName, "gfx", 3) != 0) {
        std::printf("streams: device properties out of range\n");
        bad++;
    }
    if (p.warpSize != 64) {  // every GCN processor runs waves of 64
        std::printf("streams: warpSize %d, want 64\n", p.warpSize);
        bad++;
    }
    return bad;
}

int main()
{
    const int n = 5000, block = 256, grid = (n + block - 1) / block;
    const size_t bytes = n * sizeof(float);
    const float a[NSTREAMS] = {2.0f, -0.5f}, b[NSTREAMS] = {1.0f, 3.0f};
    int bad = queries();

    hipStream_t s[NSTREAMS];
    float *hx[NSTREAMS], *hz[NSTREAMS], *hsum, *dx[NSTREAMS], *dy[NSTREAMS], *dz[NSTREAMS];
    for (int k = 0; k < NSTREAMS; k++) {
        HIP_CHECK(hipStreamCreate(&s[k]));
        HIP_CHECK(hipHostMalloc(&hx[k], bytes));
        HIP_CHECK(hipHostMalloc(&hz[k], bytes));
        HIP_CHECK(hipMalloc(&dx[k], bytes));
        HIP_CHECK(hipMalloc(&dy[k], bytes));
        HIP_CHECK(hipMalloc(&dz[k], bytes));
        for (int i = 0; i < n; i++)
            hx[k][i] = (float)(i % 100) * 0.5f - 20.0f + k;
        // a pattern (NaN as floats) that the stream's work must replace
        HIP_CHECK(hipMemset(dy[k], 0xff, bytes));
        HIP_CHECK(hipMemset(dz[k], 0xff, bytes));
    }
    HIP_CHECK(hipHostMalloc(&hsum, bytes));
    std::vector<unsigned char> pattern(bytes);
    HIP_CHECK(hipMemcpy(pattern.data(), dz[1], bytes, hipMemcpyDeviceToHost));
    for (size_t i = 0; i < bytes; i++)
        if (pattern[i] != 0xff) {
            std::printf("streams: after hipMemset(0xff) byte %zu is 0x%02x\n", i, pattern[i]);
            bad++;
            break;
        }

    hipEvent_t start, stop, done0;
    HIP_CHECK(hipEventCreate(&start));
    HIP_CHECK(hipEventCreate(&stop));
    HIP_CHECK(hipEventCreate(&done0));
    HIP_CHECK(hipEventRecord(start, s[0]));
    for (int k = 0; k < NSTREAMS; k++) {
        HIP_CHECK(hipMemsetAsync(dy[k], 0, bytes, s[k]));
        HIP_CHECK(hipMemcpyAsync(dx[k], hx[k], bytes, hipMemcpyHostToDevice, s[k]));
        axpb<<<grid, block, 0, s[k]>>>(dx[k], dy[k], a[k], b[k], n);
        HIP_CHECK(hipGetLastError());
        HIP_CHECK(hipMemcpyAsync(dz[k], dy[k], bytes, hipMemcpyDeviceToDevice, s[k]));
        square_plus_one<<<grid, block, 0, s[k]>>>(dz[k], n);
        HIP_CHECK(hipGetLastError());
        HIP_CHECK(hipMemcpyAsync(hz[k], dz[k], bytes, hipMemcpyDeviceToHost, s[k]));
        if (k == 0) {
            HIP_CHECK(hipEventRecord(stop, s[0]));
            HIP_CHECK(hipEventRecord(done0, s[0]));
        }
    }
    // stream 1 adds stream 0's result once stream 0 is done
    HIP_CHECK(hipStreamWaitEvent(s[1], done0, 0));
    add_into<<<grid, block, 0, s[1]>>>(dz[1], dz[0], n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpyAsync(hsum, dz[1], bytes, hipMemcpyDeviceToHost, s[1]));

    HIP_CHECK(hipEventSynchronize(stop));
    float ms = -1;
    HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
    std::printf("streams: stream 0's work took %.6f ms (hipEventElapsedTime)\n", ms);
    if (!(ms > 0)) {
        std::printf("streams: the elapsed time is not positive\n");
        bad++;
    }
    HIP_CHECK(hipStreamSynchronize(s[0]));
    HIP_CHECK(hipStreamSynchronize(s[1]));
    HIP_CHECK(hipDeviceSynchronize());

    int wrong = 0;
    for (int i = 0; i < n; i++) {
        float z[NSTREAMS];
        for (int k = 0; k < NSTREAMS; k++) {
            float y = a[k] * hx[k][i] + b[k];
            z[k] = y * y + 1.0f;
            if (hz[k][i] != z[k] && wrong++ < 5)
                std::printf("streams: stream %d: z[%d] = %g, want %g\n", k, i, hz[k][i], z[k]);
        }
        if (hsum[i] != z[0] + z[1] && wrong++ < 5)
            std::printf("streams: sum[%d] = %g, want %g\n", i, hsum[i], z[0] + z[1]);
    }
    std::printf("streams: %d of %d results wrong\n", wrong, 3 * n);
    bad += wrong;

    HIP_CHECK(hipEventDestroy(start));
    HIP_CHECK(hipEventDestroy(stop));
    HIP_CHECK(hipEventDestroy(done0));
    for (int k = 0; k < NSTREAMS; k++) {
        HIP_CHECK(hipStreamDestroy(s[k]));
        HIP_CHECK(hipHostFree(hx[k]));
        HIP_CHECK(hipHostFree(hz[k]));
        HIP_CHECK(hipFree(dx[k]));
        HIP_CHECK(hipFree(dy[k]));
        HIP_CHECK(hipFree(dz[k]));
    }
    HIP_CHECK(hipHostFree(hsum));
    if (bad) {
        std::printf("FAIL: streams: %d checks failed\n", bad);
        return EXIT_WRONG;
    }
    std::printf("PASS: streams: device properties, hipMemset, two streams' copies and kernels, the cross-stream "
                "wait and the event timing all correct\n");
    return 0;
}
