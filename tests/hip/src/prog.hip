// prog.hip — a HIP program: its executable carries the device code of
// kernels.hip in its .hip_fatbin section (tests/hip/test_hip.sh opens it).
#include <hip/hip_runtime.h>
#include <cstdio>
#include "kernels.hip"

int main()
{
    const int n = 1024;
    float *x;
    if (hipMalloc(&x, n * sizeof(float)) != hipSuccess) {
        std::fprintf(stderr, "prog: no HIP device\n");
        return 1;
    }
    hipLaunchKernelGGL(scale, dim3(n / 256), dim3(256), 0, 0, x, 2.0f, n);
    hipDeviceSynchronize();
    hipFree(x);
    return 0;
}
