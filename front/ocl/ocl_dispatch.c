/* ocl_dispatch.c — the dispatch table every object points at, in the
 * layout of ocl-icd's <ocl_icd.h> (struct _cl_icd_dispatch), which the
 * loader calls through.  A function this driver does not provide yet
 * returns CL_INVALID_OPERATION (or NULL where it returns a pointer); the
 * functions that create objects of kinds not provided yet say so through
 * their errcode_ret (ocl_unprovided.c).  None crashes. */
#include <pthread.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* A function not provided: the table's type says what it returns. */
static cl_int not_provided(void)
{
    return CL_INVALID_OPERATION;
}

static void *not_provided_ptr(void)
{
    return NULL;
}

static struct _cl_icd_dispatch table = {
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
    .clGetKernelArgInfo = clGetKernelArgInfo,
};

const struct _cl_icd_dispatch *ocl_dispatch = &table;

/* The table's functions that return cl_int and are not provided. */
static void fill_unprovided(void)
{
    typedef void (*fn_t)(void);
    table.clSetCommandQueueProperty = (__typeof__(table.clSetCommandQueueProperty))(fn_t)not_provided;
    table.clGetImageInfo = (__typeof__(table.clGetImageInfo))(fn_t)not_provided;
    table.clRetainSampler = (__typeof__(table.clRetainSampler))(fn_t)not_provided;
    table.clReleaseSampler = (__typeof__(table.clReleaseSampler))(fn_t)not_provided;
    table.clGetSamplerInfo = (__typeof__(table.clGetSamplerInfo))(fn_t)not_provided;
    table.clEnqueueReadImage = (__typeof__(table.clEnqueueReadImage))(fn_t)not_provided;
    table.clEnqueueWriteImage = (__typeof__(table.clEnqueueWriteImage))(fn_t)not_provided;
    table.clEnqueueCopyImage = (__typeof__(table.clEnqueueCopyImage))(fn_t)not_provided;
    table.clEnqueueCopyImageToBuffer = (__typeof__(table.clEnqueueCopyImageToBuffer))(fn_t)not_provided;
    table.clEnqueueCopyBufferToImage = (__typeof__(table.clEnqueueCopyBufferToImage))(fn_t)not_provided;
    table.clEnqueueNativeKernel = (__typeof__(table.clEnqueueNativeKernel))(fn_t)not_provided;
    table.clGetGLObjectInfo = (__typeof__(table.clGetGLObjectInfo))(fn_t)not_provided;
    table.clGetGLTextureInfo = (__typeof__(table.clGetGLTextureInfo))(fn_t)not_provided;
    table.clEnqueueAcquireGLObjects = (__typeof__(table.clEnqueueAcquireGLObjects))(fn_t)not_provided;
    table.clEnqueueReleaseGLObjects = (__typeof__(table.clEnqueueReleaseGLObjects))(fn_t)not_provided;
    table.clGetGLContextInfoKHR = (__typeof__(table.clGetGLContextInfoKHR))(fn_t)not_provided;
    table.clSetMemObjectDestructorCallback = (__typeof__(table.clSetMemObjectDestructorCallback))(fn_t)not_provided;
    table.clSetUserEventStatus = (__typeof__(table.clSetUserEventStatus))(fn_t)not_provided;
    table.clEnqueueReadBufferRect = (__typeof__(table.clEnqueueReadBufferRect))(fn_t)not_provided;
    table.clEnqueueWriteBufferRect = (__typeof__(table.clEnqueueWriteBufferRect))(fn_t)not_provided;
    table.clEnqueueCopyBufferRect = (__typeof__(table.clEnqueueCopyBufferRect))(fn_t)not_provided;
    table.clCreateSubDevicesEXT = (__typeof__(table.clCreateSubDevicesEXT))(fn_t)not_provided;
    table.clRetainDeviceEXT = (__typeof__(table.clRetainDeviceEXT))(fn_t)not_provided;
    table.clReleaseDeviceEXT = (__typeof__(table.clReleaseDeviceEXT))(fn_t)not_provided;
    table.clCreateSubDevices = (__typeof__(table.clCreateSubDevices))(fn_t)not_provided;
    table.clCompileProgram = (__typeof__(table.clCompileProgram))(fn_t)not_provided;
    table.clEnqueueFillImage = (__typeof__(table.clEnqueueFillImage))(fn_t)not_provided;
    table.clEnqueueMigrateMemObjects = (__typeof__(table.clEnqueueMigrateMemObjects))(fn_t)not_provided;
    table.clEnqueueAcquireEGLObjectsKHR = (__typeof__(table.clEnqueueAcquireEGLObjectsKHR))(fn_t)not_provided;
    table.clEnqueueReleaseEGLObjectsKHR = (__typeof__(table.clEnqueueReleaseEGLObjectsKHR))(fn_t)not_provided;
    table.clGetPipeInfo = (__typeof__(table.clGetPipeInfo))(fn_t)not_provided;
    table.clEnqueueSVMFree = (__typeof__(table.clEnqueueSVMFree))(fn_t)not_provided;
    table.clEnqueueSVMMemcpy = (__typeof__(table.clEnqueueSVMMemcpy))(fn_t)not_provided;
    table.clEnqueueSVMMemFill = (__typeof__(table.clEnqueueSVMMemFill))(fn_t)not_provided;
    table.clEnqueueSVMMap = (__typeof__(table.clEnqueueSVMMap))(fn_t)not_provided;
    table.clEnqueueSVMUnmap = (__typeof__(table.clEnqueueSVMUnmap))(fn_t)not_provided;
    table.clSetKernelArgSVMPointer = (__typeof__(table.clSetKernelArgSVMPointer))(fn_t)not_provided;
    table.clSetKernelExecInfo = (__typeof__(table.clSetKernelExecInfo))(fn_t)not_provided;
    table.clGetKernelSubGroupInfoKHR = (__typeof__(table.clGetKernelSubGroupInfoKHR))(fn_t)not_provided;
    table.clEnqueueSVMMigrateMem = (__typeof__(table.clEnqueueSVMMigrateMem))(fn_t)not_provided;
    table.clGetDeviceAndHostTimer = (__typeof__(table.clGetDeviceAndHostTimer))(fn_t)not_provided;
    table.clGetHostTimer = (__typeof__(table.clGetHostTimer))(fn_t)not_provided;
    table.clGetKernelSubGroupInfo = (__typeof__(table.clGetKernelSubGroupInfo))(fn_t)not_provided;
    table.clSetDefaultDeviceCommandQueue = (__typeof__(table.clSetDefaultDeviceCommandQueue))(fn_t)not_provided;
    table.clSetProgramReleaseCallback = (__typeof__(table.clSetProgramReleaseCallback))(fn_t)not_provided;
    table.clSetProgramSpecializationConstant = (__typeof__(table.clSetProgramSpecializationConstant))(fn_t)not_provided;
    table.clSetContextDestructorCallback = (__typeof__(table.clSetContextDestructorCallback))(fn_t)not_provided;
    table.clCreateFromGLBuffer = (__typeof__(table.clCreateFromGLBuffer))(fn_t)not_provided_ptr;
    table.clCreateFromGLTexture2D = (__typeof__(table.clCreateFromGLTexture2D))(fn_t)not_provided_ptr;
    table.clCreateFromGLTexture3D = (__typeof__(table.clCreateFromGLTexture3D))(fn_t)not_provided_ptr;
    table.clCreateFromGLRenderbuffer = (__typeof__(table.clCreateFromGLRenderbuffer))(fn_t)not_provided_ptr;
    table.clCreateEventFromGLsyncKHR = (__typeof__(table.clCreateEventFromGLsyncKHR))(fn_t)not_provided_ptr;
    table.clCreateFromGLTexture = (__typeof__(table.clCreateFromGLTexture))(fn_t)not_provided_ptr;
    table.clCreateFromEGLImageKHR = (__typeof__(table.clCreateFromEGLImageKHR))(fn_t)not_provided_ptr;
    table.clCreateEventFromEGLSyncKHR = (__typeof__(table.clCreateEventFromEGLSyncKHR))(fn_t)not_provided_ptr;
    table.clSVMAlloc = (__typeof__(table.clSVMAlloc))(fn_t)not_provided_ptr;
    table.clSVMFree = (__typeof__(table.clSVMFree))(fn_t)not_provided_ptr;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_once(void)
{
    fill_unprovided();
    ocl_platform.dispatch = ocl_dispatch;
    ocl_platform.kind = OCL_PLATFORM;
    ocl_platform.refs = 1;
}

void ocl_init(void)
{
    pthread_once(&once, init_once);
}
