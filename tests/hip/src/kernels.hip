// kernels.hip — HIP kernels for the tests of bundles, demangled kernel
// names, --grid/--block and dynamic LDS (tests/hip/test_hip.sh).
#include <hip/hip_runtime.h>

// a C name: the symbol is the name
extern "C" __global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= a;
}

// the sum of each block's values, in dynamic LDS (extern __shared__):
// blockDim.x * sizeof(T) bytes of it at launch
template <typename T> __global__ void block_sum(const T *in, T *out)
{
    extern __shared__ unsigned char lds[];
    T *s = reinterpret_cast<T *>(lds);
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k; k >>= 1) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
template __global__ void block_sum<int>(const int *, int *);
template __global__ void block_sum<float>(const float *, float *);

// one Jacobi sweep of the 1-D Laplace equation
__global__ void jacobi(const float *a, float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        b[i] = 0.5f * (a[i - 1] + a[i + 1]);
}

namespace blas {
// y = a x + y over a 2-D grid of blocks
__global__ void saxpy(float a, const float *x, float *y, int n)
{
    int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
}

// private memory indexed by an argument: an index past the array reaches
// beyond the work-item's scratch (gcnsim counts such accesses and warns)
__global__ void private_index(const int *idx, int *out)
{
    int a[64];
    for (int k = 0; k < 64; k++)
        a[k] = k * (int)threadIdx.x;
    out[threadIdx.x] = a[idx[threadIdx.x]];
}
