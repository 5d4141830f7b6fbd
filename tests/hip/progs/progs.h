// progs.h — shared by the HIP test programs of tests/hip/progs: the exit
// statuses, a check of every HIP call, and the line naming the device.
//
// Exit status of every program: 0 its results matched the CPU reference
// (the last line of stdout is "PASS: NAME ..."), 1 they did not ("FAIL:
// NAME ..."), 2 a HIP call failed (its name, the error's name and string on
// stderr, then "FAIL: NAME: HIP error ..." on stdout).  fault.hip adds 3.
#ifndef PROGS_H
#define PROGS_H
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

#define EXIT_WRONG 1
#define EXIT_HIP_ERROR 2

// prog_hip_check: end the program with EXIT_HIP_ERROR when e is not hipSuccess
static inline void prog_hip_check(hipError_t e, const char *prog, const char *call, const char *file, int line)
{
    if (e == hipSuccess)
        return;
    std::fprintf(stderr, "%s: %s:%d: %s: %s (%s)\n", prog, file, line, call, hipGetErrorName(e),
                 hipGetErrorString(e));
    std::printf("FAIL: %s: HIP error %s from %s\n", prog, hipGetErrorName(e), call);
    std::exit(EXIT_HIP_ERROR);
}
#define HIP_CHECK(call) prog_hip_check((call), PROG, #call, __FILE__, __LINE__)

// prog_device: print "PROG: device NAME (ARCH)" for device 0 and return its
// properties (a failure is reported at the caller's file and line)
static inline hipDeviceProp_t prog_device(const char *prog, const char *file, int line)
{
    hipDeviceProp_t p;
    prog_hip_check(hipGetDeviceProperties(&p, 0), prog, "hipGetDeviceProperties(&p, 0)", file, line);
    std::printf("%s: device %s (%s)\n", prog, p.name, p.gcnArchName);
    return p;
}
#define PROG_DEVICE() prog_device(PROG, __FILE__, __LINE__)

#endif
