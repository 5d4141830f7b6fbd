// hip_kernels.hip — HIP device code for tests/e2e/test_hip.py, built
// without the HIP headers (clang -x hip -nogpuinc: the few definitions the
// kernels need are below), with the kernel-name mangling, by-value
// structures, __shared__ memory, barriers and atomics of real HIP code.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

static __device__ inline unsigned thread_x() { return __builtin_amdgcn_workitem_id_x(); }
static __device__ inline unsigned block_x() { return __builtin_amdgcn_workgroup_id_x(); }
static __device__ inline unsigned block_dim_x() { return __builtin_amdgcn_workgroup_size_x(); }
static __device__ inline void sync_threads()
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

struct params {
    float a;
    int n;
    double b;
};

// y[i] = a * x[i] + y[i] + (float)b for i < n
extern "C" __global__ void saxpy_struct(float *y, const float *x, params p)
{
    int i = (int)(block_x() * block_dim_x() + thread_x());
    if (i < p.n)
        y[i] = __builtin_fmaf(p.a, x[i], y[i]) + (float)p.b;
}

// out[block] = sum of in[] over the block's elements (tree in __shared__)
template <typename T>
__global__ void block_sum(const T *in, T *out, int n)
{
    __shared__ T part[256];
    unsigned t = thread_x(), i = block_x() * block_dim_x() + t;
    part[t] = i < (unsigned)n ? in[i] : T(0);
    sync_threads();
    for (unsigned s = block_dim_x() / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        sync_threads();
    }
    if (t == 0)
        out[block_x()] = part[0];
}

template __global__ void block_sum<int>(const int *, int *, int);
template __global__ void block_sum<unsigned long long>(const unsigned long long *, unsigned long long *, int);

// bins[in[i] % nbins] += 1, with device-scope atomics
extern "C" __global__ void histogram(const unsigned *in, unsigned *bins, int n, unsigned nbins)
{
    int i = (int)(block_x() * block_dim_x() + thread_x());
    if (i < n)
        __hip_atomic_fetch_add(&bins[in[i] % nbins], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
