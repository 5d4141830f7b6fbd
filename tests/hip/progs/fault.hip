// fault.hip — a kernel that writes far outside its buffer (256 GiB past it,
// an address no allocation holds), then hipDeviceSynchronize, which must
// report the fault.  The program prints the error it got.
// Exit status: 3 the synchronising call reported an error (the expected
// outcome: "PASS: fault: ..." on stdout, the error's name and string in it);
// 1 no call reported the fault; 2 a HIP call failed before the faulting
// kernel ran (progs.h).
#define PROG "fault"
#include "progs.h"

#define EXIT_FAULT_REPORTED 3

__global__ void wild_write(unsigned *p)
{
    size_t far = (size_t)1 << 36;  // elements: 256 GiB past p
    p[far + blockIdx.x * blockDim.x + threadIdx.x] = 0xdeadbeef;
}

int main()
{
    PROG_DEVICE();
    unsigned *p;
    HIP_CHECK(hipMalloc(&p, 256 * sizeof(unsigned)));
    HIP_CHECK(hipMemset(p, 0, 256 * sizeof(unsigned)));
    HIP_CHECK(hipDeviceSynchronize());
    wild_write<<<4, 64>>>(p);
    hipError_t launch = hipGetLastError();
    if (launch != hipSuccess) {
        std::printf("FAIL: fault: the launch itself failed: %s (%s)\n", hipGetErrorName(launch),
                    hipGetErrorString(launch));
        return EXIT_HIP_ERROR;
    }
    hipError_t e = hipDeviceSynchronize();
    if (e == hipSuccess) {
        std::printf("FAIL: fault: hipDeviceSynchronize returned hipSuccess after an out-of-bounds write\n");
        return EXIT_WRONG;
    }
    std::printf("PASS: fault: hipDeviceSynchronize after the out-of-bounds write returned %s (%s)\n",
                hipGetErrorName(e), hipGetErrorString(e));
    return EXIT_FAULT_REPORTED;
}
