// vadd.hip — c = a + b on the device: hipMalloc, hipMemcpy both ways, a 1-D
// kernel whose sizes are not multiples of its block, hipDeviceSynchronize.
// Every element is compared exactly with the sum computed here (the values
// are small multiples of 1/4, so every float sum is exact on both sides),
// and the elements past n, set to a sentinel, must be untouched.
// Exit status: see progs.h.
#define PROG "vadd"
#include "progs.h"
#include <vector>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static const float SENTINEL = -12345.0f;

// run: one launch of n elements in blocks of `block`; returns the number of wrong elements
static int run(int n, int block)
{
    const int pad = 64;  // elements past n that must stay SENTINEL
    std::vector<float> a(n), b(n), c(n + pad, SENTINEL);
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000) * 0.25f;
        b[i] = (float)((i * 7) % 113) - 50.0f;
    }
    float *da, *db, *dc;
    size_t bytes = n * sizeof(float);
    HIP_CHECK(hipMalloc(&da, bytes));
    HIP_CHECK(hipMalloc(&db, bytes));
    HIP_CHECK(hipMalloc(&dc, bytes + pad * sizeof(float)));
    HIP_CHECK(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dc, c.data(), bytes + pad * sizeof(float), hipMemcpyHostToDevice));
    int grid = (n + block - 1) / block;
    vadd<<<grid, block>>>(da, db, dc, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(c.data(), dc, bytes + pad * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(da));
    HIP_CHECK(hipFree(db));
    HIP_CHECK(hipFree(dc));
    int wrong = 0;
    for (int i = 0; i < n + pad; i++) {
        float want = i < n ? a[i] + b[i] : SENTINEL;
        if (c[i] != want) {
            if (wrong < 5)
                std::printf("vadd: n %d block %d: c[%d] = %g, want %g\n", n, block, i, c[i], want);
            wrong++;
        }
    }
    std::printf("vadd: n %d in %d blocks of %d: %d wrong\n", n, grid, block, wrong);
    return wrong;
}

int main()
{
    PROG_DEVICE();
    int wrong = run(10007, 256) + run(1000, 96) + run(1, 64);
    if (wrong) {
        std::printf("FAIL: vadd: %d elements wrong\n", wrong);
        return EXIT_WRONG;
    }
    std::printf("PASS: vadd: 3 launches (10007, 1000 and 1 elements) equal the CPU sums, nothing written past n\n");
    return 0;
}
