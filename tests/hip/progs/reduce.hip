// reduce.hip — sums on the device in two passes: a block reduction in
// shared memory with __syncthreads (sum_static: a static __shared__ array;
// sum_dynamic: extern __shared__ memory sized at launch), the first pass
// leaving one partial sum per block, the second summing those in one block.
// Integers are compared exactly; floats within the error bound below.
// Exit status: see progs.h.
#define PROG "reduce"
#include "progs.h"
#include <cmath>
#include <vector>

#define STATIC_BLOCK 256

// each block sums in[blockIdx.x + k * gridDim.x * blockDim.x ...] (a grid-stride
// loop) into out[blockIdx.x]; blockDim.x must be STATIC_BLOCK
template <typename T> __global__ void sum_static(const T *in, T *out, int n)
{
    __shared__ T s[STATIC_BLOCK];
    unsigned t = threadIdx.x;
    T acc = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        acc += in[i];
    s[t] = acc;
    __syncthreads();
    for (unsigned k = STATIC_BLOCK / 2; k; k >>= 1) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

// the same with blockDim.x * sizeof(T) bytes of dynamic shared memory;
// blockDim.x must be a power of two
template <typename T> __global__ void sum_dynamic(const T *in, T *out, int n)
{
    extern __shared__ unsigned char lds[];
    T *s = reinterpret_cast<T *>(lds);
    unsigned t = threadIdx.x;
    T acc = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        acc += in[i];
    s[t] = acc;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k; k >>= 1) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

static int ceil_log2(int x)
{
    int l = 0;
    while ((1 << l) < x)
        l++;
    return l;
}

// reduce_int: pass 1 sum_static<int> (61 blocks), pass 2 sum_dynamic<int> (one block of 64); 0 when exact
static int reduce_int(int n)
{
    const int grid1 = 61, block2 = 64;
    std::vector<int> in(n);
    long long want = 0;
    for (int i = 0; i < n; i++) {
        in[i] = (int)((i * 2654435761u) >> 13) % 2001 - 1000;
        want += in[i];
    }
    int *din, *dpart, *dsum, got = 0;
    HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&dpart, grid1 * sizeof(int)));
    HIP_CHECK(hipMalloc(&dsum, sizeof(int)));
    HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    sum_static<int><<<grid1, STATIC_BLOCK>>>(din, dpart, n);
    HIP_CHECK(hipGetLastError());
    sum_dynamic<int><<<1, block2, block2 * sizeof(int)>>>(dpart, dsum, grid1);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(&got, dsum, sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(din));
    HIP_CHECK(hipFree(dpart));
    HIP_CHECK(hipFree(dsum));
    std::printf("reduce: int sum of %d values: %d, CPU %lld\n", n, got, want);
    return got != want;
}

// reduce_float: pass 1 sum_dynamic<float> (50 blocks of 128), pass 2
// sum_static<float> (one block); 0 when within the bound
static int reduce_float(int n)
{
    const int grid1 = 50, block1 = 128;
    std::vector<float> in(n);
    double want = 0, abs_sum = 0;
    for (int i = 0; i < n; i++) {
        in[i] = (float)((i * 7919) % 10007) / 10007.0f;
        want += in[i];
        abs_sum += std::fabs(in[i]);
    }
    float *din, *dpart, *dsum, got = 0;
    HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
    HIP_CHECK(hipMalloc(&dpart, grid1 * sizeof(float)));
    HIP_CHECK(hipMalloc(&dsum, sizeof(float)));
    HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
    sum_dynamic<float><<<grid1, block1, block1 * sizeof(float)>>>(din, dpart, n);
    HIP_CHECK(hipGetLastError());
    sum_static<float><<<1, STATIC_BLOCK>>>(dpart, dsum, grid1);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(&got, dsum, sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(din));
    HIP_CHECK(hipFree(dpart));
    HIP_CHECK(hipFree(dsum));
    // The tolerance: each value reaches the total through at most d float
    // additions, each rounding by at most u = 2^-24 relative: the sequential
    // grid-stride adds of pass 1 (ceil(n / (grid1 * block1))), its tree
    // (log2 block1), the grid-stride add of pass 2 (ceil(grid1 / 256) = 1)
    // and its tree (log2 256).  The error of a summation of depth d is at most
    // gamma_d * sum |x_i|, gamma_d = d u / (1 - d u) (Higham, Accuracy and
    // Stability of Numerical Algorithms, 4.2), whatever the order; the reference
    // here is summed in double, whose own error is negligible beside it.  For
    // n = 100003, d = 16 + 7 + 1 + 8 = 32: about 1.9e-6 of the sum (about
    // 0.1 here), while a block's partial sum lost or counted twice is ~1000.
    int d = (n + grid1 * block1 - 1) / (grid1 * block1) + ceil_log2(block1) +
            (grid1 + STATIC_BLOCK - 1) / STATIC_BLOCK + ceil_log2(STATIC_BLOCK);
    double u = std::ldexp(1.0, -24), tol = d * u / (1 - d * u) * abs_sum;
    double err = std::fabs((double)got - want);
    std::printf("reduce: float sum of %d values: %.9g, CPU %.9g, error %.3g, bound %.3g (depth %d)\n", n, got,
                want, err, tol, d);
    return !(err <= tol);
}

int main()
{
    PROG_DEVICE();
    int bad = reduce_int(100003) + reduce_float(100003);
    if (bad) {
        std::printf("FAIL: reduce: %d of 2 sums wrong\n", bad);
        return EXIT_WRONG;
    }
    std::printf("PASS: reduce: the int sum is exact and the float sum within its error bound "
                "(static and dynamic shared memory, two passes each)\n");
    return 0;
}
