/* ocl_dispatch.c — the dispatch table every object points at, in the
 * layout of ocl-icd's <ocl_icd.h> (struct _cl_icd_dispatch), which the
 * loader calls through.  A function this driver does not provide yet
 * returns CL_INVALID_OPERATION (or NULL where it returns a pointer); the
 * functions that create objects of kinds not provided yet say so through
 * their errcode_ret (ocl_unprovided.c).  None crashes. */
#include "front/ocl/ocl.h"

/* A function not provided: the table's type says what it returns. */
typedef void (*fn_t)(void);

static cl_int not_provided(void)
{
    return CL_INVALID_OPERATION;
}

static void *not_provided_ptr(void)
{
    return NULL;
}

/* Entry f of the table: a function not provided (returning cl_int, or a pointer). */
#define ENTRY_TYPE(f) __typeof__(((struct _cl_icd_dispatch *)0)->f)
#define NONE(f) .f = (ENTRY_TYPE(f))(fn_t)not_provided
#define NONE_PTR(f) .f = (ENTRY_TYPE(f))(fn_t)not_provided_ptr

static const struct _cl_icd_dispatch table = {
    .clGetPlatformIDs = clGetPlatformIDs,
    .clGetPlatformInfo = clGetPlatformInfo,
    .clGetDeviceIDs = clGetDeviceIDs,
    .clGetDeviceInfo = clGetDeviceInfo,
    .clCreateContext = clCreateContext,
    .clCreateContextFromType = clCreateContextFromType,
    .clRetainContext = clRetainContext,
    .clReleaseContext = clReleaseContext,
    .clGetContextInfo = clGetContextInfo,
    .clCreateCommandQueue = clCreateCommandQueue,
    .clRetainCommandQueue = clRetainCommandQueue,
    .clReleaseCommandQueue = clReleaseCommandQueue,
    .clGetCommandQueueInfo = clGetCommandQueueInfo,
    .clCreateBuffer = clCreateBuffer,
    .clRetainMemObject = clRetainMemObject,
    .clReleaseMemObject = clReleaseMemObject,
    .clGetMemObjectInfo = clGetMemObjectInfo,
    .clCreateProgramWithSource = clCreateProgramWithSource,
    .clCreateProgramWithBinary = clCreateProgramWithBinary,
    .clRetainProgram = clRetainProgram,
    .clReleaseProgram = clReleaseProgram,
    .clBuildProgram = clBuildProgram,
    .clUnloadCompiler = clUnloadCompiler,
    .clGetProgramInfo = clGetProgramInfo,
    .clGetProgramBuildInfo = clGetProgramBuildInfo,
    .clCreateKernel = clCreateKernel,
    .clCreateKernelsInProgram = clCreateKernelsInProgram,
    .clRetainKernel = clRetainKernel,
    .clReleaseKernel = clReleaseKernel,
    .clSetKernelArg = clSetKernelArg,
    .clGetKernelInfo = clGetKernelInfo,
    .clGetKernelWorkGroupInfo = clGetKernelWorkGroupInfo,
    .clWaitForEvents = clWaitForEvents,
    .clGetEventInfo = clGetEventInfo,
    .clRetainEvent = clRetainEvent,
    .clReleaseEvent = clReleaseEvent,
    .clGetEventProfilingInfo = clGetEventProfilingInfo,
    .clFlush = clFlush,
    .clFinish = clFinish,
    .clEnqueueReadBuffer = clEnqueueReadBuffer,
    .clEnqueueWriteBuffer = clEnqueueWriteBuffer,
    .clEnqueueCopyBuffer = clEnqueueCopyBuffer,
    .clEnqueueMapBuffer = clEnqueueMapBuffer,
    .clEnqueueUnmapMemObject = clEnqueueUnmapMemObject,
    .clEnqueueNDRangeKernel = clEnqueueNDRangeKernel,
    .clEnqueueTask = clEnqueueTask,
    .clEnqueueMarker = clEnqueueMarker,
    .clEnqueueWaitForEvents = clEnqueueWaitForEvents,
    .clEnqueueBarrier = clEnqueueBarrier,
    .clGetExtensionFunctionAddress = clGetExtensionFunctionAddress,
    .clSetEventCallback = clSetEventCallback,
    .clRetainDevice = clRetainDevice,
    .clReleaseDevice = clReleaseDevice,
    .clUnloadPlatformCompiler = clUnloadPlatformCompiler,
    .clEnqueueFillBuffer = clEnqueueFillBuffer,
    .clEnqueueMarkerWithWaitList = clEnqueueMarkerWithWaitList,
    .clEnqueueBarrierWithWaitList = clEnqueueBarrierWithWaitList,
    .clGetExtensionFunctionAddressForPlatform = clGetExtensionFunctionAddressForPlatform,
    .clCreateCommandQueueWithProperties = clCreateCommandQueueWithProperties,
    .clCreateSubBuffer = clCreateSubBuffer,
    .clCreateBufferWithProperties = clCreateBufferWithProperties,
    .clCreateImage = clCreateImage,
    .clCreateImageWithProperties = clCreateImageWithProperties,
    .clCreateImage2D = clCreateImage2D,
    .clCreateImage3D = clCreateImage3D,
    .clCreatePipe = clCreatePipe,
    .clGetSupportedImageFormats = clGetSupportedImageFormats,
    .clCreateSampler = clCreateSampler,
    .clCreateSamplerWithProperties = clCreateSamplerWithProperties,
    .clCreateUserEvent = clCreateUserEvent,
    .clCreateProgramWithBuiltInKernels = clCreateProgramWithBuiltInKernels,
    .clCreateProgramWithIL = clCreateProgramWithIL,
    .clLinkProgram = clLinkProgram,
    .clCloneKernel = clCloneKernel,
    .clEnqueueMapImage = clEnqueueMapImage,
    .clGetImageInfo = clGetImageInfo,
    .clRetainSampler = clRetainSampler,
    .clReleaseSampler = clReleaseSampler,
    .clGetSamplerInfo = clGetSamplerInfo,
    .clEnqueueReadImage = clEnqueueReadImage,
    .clEnqueueWriteImage = clEnqueueWriteImage,
    .clEnqueueCopyImage = clEnqueueCopyImage,
    .clEnqueueCopyImageToBuffer = clEnqueueCopyImageToBuffer,
    .clEnqueueCopyBufferToImage = clEnqueueCopyBufferToImage,
    .clEnqueueFillImage = clEnqueueFillImage,
    .clGetKernelArgInfo = clGetKernelArgInfo,
    .clCompileProgram = clCompileProgram,
    .clEnqueueReadBufferRect = clEnqueueReadBufferRect,
    .clEnqueueWriteBufferRect = clEnqueueWriteBufferRect,
    .clEnqueueCopyBufferRect = clEnqueueCopyBufferRect,
    .clEnqueueMigrateMemObjects = clEnqueueMigrateMemObjects,
    /* not provided yet */
    NONE(clSetCommandQueueProperty),
    NONE(clEnqueueNativeKernel),
    NONE(clGetGLObjectInfo),
    NONE(clGetGLTextureInfo),
    NONE(clEnqueueAcquireGLObjects),
    NONE(clEnqueueReleaseGLObjects),
    NONE(clGetGLContextInfoKHR),
    NONE(clSetMemObjectDestructorCallback),
    .clSetUserEventStatus = clSetUserEventStatus,
    NONE(clCreateSubDevicesEXT),
    NONE(clRetainDeviceEXT),
    NONE(clReleaseDeviceEXT),
    NONE(clCreateSubDevices),
    NONE(clEnqueueAcquireEGLObjectsKHR),
    NONE(clEnqueueReleaseEGLObjectsKHR),
    NONE(clGetPipeInfo),
    NONE(clEnqueueSVMFree),
    NONE(clEnqueueSVMMemcpy),
    NONE(clEnqueueSVMMemFill),
    NONE(clEnqueueSVMMap),
    NONE(clEnqueueSVMUnmap),
    NONE(clSetKernelArgSVMPointer),
    NONE(clSetKernelExecInfo),
    NONE(clGetKernelSubGroupInfoKHR),
    NONE(clEnqueueSVMMigrateMem),
    NONE(clGetDeviceAndHostTimer),
    NONE(clGetHostTimer),
    NONE(clGetKernelSubGroupInfo),
    NONE(clSetDefaultDeviceCommandQueue),
    NONE(clSetProgramReleaseCallback),
    NONE(clSetProgramSpecializationConstant),
    NONE(clSetContextDestructorCallback),
    NONE_PTR(clCreateFromGLBuffer),
    NONE_PTR(clCreateFromGLTexture2D),
    NONE_PTR(clCreateFromGLTexture3D),
    NONE_PTR(clCreateFromGLRenderbuffer),
    NONE_PTR(clCreateEventFromGLsyncKHR),
    NONE_PTR(clCreateFromGLTexture),
    NONE_PTR(clCreateFromEGLImageKHR),
    NONE_PTR(clCreateEventFromEGLSyncKHR),
    NONE_PTR(clSVMAlloc),
    NONE_PTR(clSVMFree),
};

/* Every object made from now on points at the table (the library loaded). */
__attribute__((constructor)) static void register_table(void)
{
    ocl_set_dispatch(&table);
}
