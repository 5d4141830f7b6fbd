/* ocl_test.h — what the OpenCL test programs share: PASS:/FAIL: lines and
 * the gcnsim platform's first device. */
#ifndef GCNSIM_OCL_TEST_H
#define GCNSIM_OCL_TEST_H

#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static int t_failed;

/* One check: a PASS: or FAIL: line. */
static void check(int ok, const char *name)
{
    printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
    t_failed |= !ok;
}

/* A call that must return want. */
static void check_err(cl_int got, cl_int want, const char *name)
{
    if (got == want) {
        printf("PASS: %s\n", name);
        return;
    }
    printf("FAIL: %s: got %d, expected %d\n", name, got, want);
    t_failed = 1;
}

/* The platform named gcnsim and its first device; 0, or -1. */
static int gcnsim_device(cl_platform_id *pf, cl_device_id *dev)
{
    cl_platform_id p[16];
    cl_uint n = 0;
    if (clGetPlatformIDs(16, p, &n) != CL_SUCCESS)
        return -1;
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "gcnsim")) {
            *pf = p[i];
            return clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, dev, NULL) == CL_SUCCESS ? 0 : -1;
        }
    }
    return -1;
}

#endif
