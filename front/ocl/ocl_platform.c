/* ocl_platform.c — the platform "gcnsim" and the entry points the ICD
 * loader looks up by name: clIcdGetPlatformIDsKHR,
 * clGetExtensionFunctionAddress(ForPlatform) and clGetPlatformInfo. */
#include <string.h>
#include "front/ocl/ocl.h"

#ifndef GCNSIM_OCL_VERSION
#define GCNSIM_OCL_VERSION "0"
#endif

static const char extensions[] = "cl_khr_icd";

cl_int clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms)
{
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
        return CL_INVALID_VALUE;
    if (platforms)
        platforms[0] = &ocl_platform;
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

cl_int clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms)
{
    return clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms);
}

cl_int clGetPlatformInfo(cl_platform_id platform, cl_platform_info name, size_t size, void *value,
                         size_t *size_ret)
{
    if (platform && platform != &ocl_platform)
        return CL_INVALID_PLATFORM;
    switch (name) {
    case CL_PLATFORM_PROFILE: return ocl_info_str("FULL_PROFILE", size, value, size_ret);
    case CL_PLATFORM_VERSION: return ocl_info_str("OpenCL 1.2 gcnsim " GCNSIM_OCL_VERSION, size, value, size_ret);
    case CL_PLATFORM_NAME: return ocl_info_str("gcnsim", size, value, size_ret);
    case CL_PLATFORM_VENDOR: return ocl_info_str("gcnsim", size, value, size_ret);
    case CL_PLATFORM_EXTENSIONS: return ocl_info_str(extensions, size, value, size_ret);
    case CL_PLATFORM_ICD_SUFFIX_KHR: return ocl_info_str("GCNSIM", size, value, size_ret);
    default: return CL_INVALID_VALUE;
    }
}

void *clGetExtensionFunctionAddress(const char *name)
{
    if (name && !strcmp(name, "clIcdGetPlatformIDsKHR"))
        return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

void *clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *name)
{
    if (platform != &ocl_platform)
        return NULL;
    return clGetExtensionFunctionAddress(name);
}
