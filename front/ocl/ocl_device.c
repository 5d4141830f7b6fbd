/* ocl_device.c — the devices (one per preset GCNSIM_DEVICE names, with
 * GCNSIM_SET's overrides) and what clGetDeviceInfo reports of them: the
 * preset's compute units, clock, L2 and FP64 support, the limits of the
 * gfx target, and the constants ROCm's OpenCL reports for GCN boards. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/launch/printf.h"
#include "front/ocl/ocl.h"

#define DEFAULT_PRESET "vega-64"

static cl_device_id *devs;
static cl_uint ndevs;
static pthread_once_t devs_once = PTHREAD_ONCE_INIT;

/* GCNSIM_SET's "K=V,K=V" split into sets[] (at most max); their count. */
static size_t split_sets(char *s, const char **sets, size_t max)
{
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(s, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save))
        sets[n++] = t;
    return n;
}

/* A device of preset name; NULL (a line on stderr) when it cannot be. */
static cl_device_id make_device(const char *name, const char *const *sets, size_t nsets)
{
    char err[512];
    const device_t *p = dev_preset(name);
    if (!p) {
        fprintf(stderr, "gcnsim OpenCL: GCNSIM_DEVICE: unknown device preset '%s' (see gcnsim devices)\n", name);
        return NULL;
    }
    cl_device_id d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->dev = *p;
    if (dev_set_all(&d->dev, sets, nsets, err, sizeof err)) {
        fprintf(stderr, "gcnsim OpenCL: GCNSIM_SET: %s\n", err);
        free(d);
        return NULL;
    }
    d->target = isa_target_by_name(p->target);
    d->mem_bytes = (uint64_t)d->dev.p[DEV_mem_mib] << 20;   /* the board's memory, as GCNSIM_SET may change it */
    if (!d->target || ocl_obj_add(d, OCL_DEVICE)) {
        free(d);
        return NULL;
    }
    return d;
}

static void init_devices(void)
{
    const char *env = getenv("GCNSIM_DEVICE"), *senv = getenv("GCNSIM_SET");
    char *list = strdup(env && env[0] ? env : DEFAULT_PRESET), *setbuf = strdup(senv ? senv : "");
    const char *sets[64];
    size_t nsets = setbuf ? split_sets(setbuf, sets, 64) : 0;
    size_t cap = 1;
    for (const char *c = list ? list : ""; *c; c++)
        cap += *c == ',';
    devs = list ? calloc(cap, sizeof *devs) : NULL;
    for (char *save = NULL, *t = devs ? strtok_r(list, ",", &save) : NULL; t; t = strtok_r(NULL, ",", &save)) {
        cl_device_id d = make_device(t, sets, nsets);
        if (!d) {
            ndevs = 0;   /* one bad name: no device, as the line on stderr says */
            break;
        }
        devs[ndevs++] = d;
    }
    free(list);
    free(setbuf);
}

cl_device_id *ocl_devices(cl_uint *n)
{
    pthread_once(&devs_once, init_devices);
    *n = ndevs;
    return devs;
}

static int is_root_device(cl_device_id d)
{
    return ocl_obj_is(d, OCL_DEVICE);
}

int ocl_ctx_dev_index(cl_context c, cl_device_id d)
{
    for (cl_uint i = 0; i < c->ndev; i++)
        if (c->devs[i] == d)
            return (int)i;
    return -1;
}

cl_int clGetDeviceIDs(cl_platform_id platform, cl_device_type type, cl_uint num_entries, cl_device_id *out,
                      cl_uint *num_devices)
{
    if (platform && platform != &ocl_platform)
        return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (type != CL_DEVICE_TYPE_ALL && (!type || (type & ~known)))
        return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && out) || (!out && !num_devices))
        return CL_INVALID_VALUE;
    cl_uint n;
    cl_device_id *all = ocl_devices(&n);
    if (!(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT)))
        n = 0;
    if (type == CL_DEVICE_TYPE_DEFAULT && n > 1)
        n = 1;
    if (!n)
        return CL_DEVICE_NOT_FOUND;
    for (cl_uint i = 0; out && i < n && i < num_entries; i++)
        out[i] = all[i];
    if (num_devices)
        *num_devices = n;
    return CL_SUCCESS;
}

cl_int clRetainDevice(cl_device_id d)
{
    return is_root_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int clReleaseDevice(cl_device_id d)
{
    return is_root_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

/* The extensions of device d: FP64 on every GCN board, FP16 from gfx8. */
static void extensions(cl_device_id d, char *buf, size_t n)
{
    snprintf(buf, n, "cl_khr_fp64 cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
             "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics cl_khr_int64_base_atomics "
             "cl_khr_int64_extended_atomics cl_khr_byte_addressable_store %s"
             "cl_amd_device_attribute_query cl_amd_media_ops cl_amd_media_ops2",
             d->dev.gen >= ISA_GFX8 ? "cl_khr_fp16 " : "");
}

/* LDS a work-group may have: 32 KiB on gfx6, 64 KiB from gfx7. */
static cl_ulong lds_bytes(cl_device_id d)
{
    return d->dev.gen == ISA_GFX6 ? 32768 : 65536;
}

/* The largest buffer: the board's memory, at most what a buffer
 * resource's 32-bit range reaches (LA_MAX_BUFFER). */
static cl_ulong max_alloc(cl_device_id d)
{
    return d->mem_bytes < LA_MAX_BUFFER ? d->mem_bytes : LA_MAX_BUFFER;
}

#define U(v) do { cl_uint x_ = (cl_uint)(v); return ocl_info(&x_, sizeof x_, size, value, size_ret); } while (0)
#define UL(v) do { cl_ulong x_ = (cl_ulong)(v); return ocl_info(&x_, sizeof x_, size, value, size_ret); } while (0)
#define SZ(v) do { size_t x_ = (size_t)(v); return ocl_info(&x_, sizeof x_, size, value, size_ret); } while (0)
#define BOOL(v) U((v) ? CL_TRUE : CL_FALSE)
#define STR(s) return ocl_info_str((s), size, value, size_ret)

/* The AMD queries (cl_amd_device_attribute_query) answered; others
 * CL_INVALID_VALUE. */
static cl_int amd_info(cl_device_id d, cl_device_info name, size_t size, void *value, size_t *size_ret)
{
    switch (name) {
    case CL_DEVICE_BOARD_NAME_AMD: STR(d->dev.product);
    case CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD: U(4);
    case CL_DEVICE_SIMD_WIDTH_AMD: U(16);
    case CL_DEVICE_SIMD_INSTRUCTION_WIDTH_AMD: U(1);
    case CL_DEVICE_WAVEFRONT_WIDTH_AMD: U(64);
    case CL_DEVICE_GLOBAL_MEM_CHANNELS_AMD: U(d->dev.p[DEV_dram_channels]);
    case CL_DEVICE_LOCAL_MEM_SIZE_PER_COMPUTE_UNIT_AMD: U(65536);
    case CL_DEVICE_LOCAL_MEM_BANKS_AMD: U(32);
    case CL_DEVICE_GFXIP_MAJOR_AMD: U(d->target->major);
    case CL_DEVICE_GFXIP_MINOR_AMD: U(d->target->minor);
    case CL_DEVICE_AVAILABLE_ASYNC_QUEUES_AMD: U(2);
    case CL_DEVICE_GLOBAL_MEM_CHANNEL_BANKS_AMD: U(d->dev.p[DEV_dram_banks]);
    case CL_DEVICE_GLOBAL_MEM_CHANNEL_BANK_WIDTH_AMD: U(256);
    case CL_DEVICE_PROFILING_TIMER_OFFSET_AMD: UL(0);   /* simulated time starts at 0 */
    case CL_DEVICE_THREAD_TRACE_SUPPORTED_AMD: BOOL(0);
    case CL_DEVICE_GLOBAL_FREE_MEMORY_AMD: {   /* KiB free in all and in one piece: the whole board */
        size_t kib[2] = {(size_t)(d->mem_bytes >> 10), (size_t)(max_alloc(d) >> 10)};
        return ocl_info(kib, sizeof kib, size, value, size_ret);
    }
    default: return CL_INVALID_VALUE;
    }
}

/* A limit of the image resource (T#) of d's generation, or the
 * runtime's when smaller. */
static size_t tsharp_limit(cl_device_id d, size_t runtime, int depth)
{
    uint32_t wh, dp, pitch;
    mimg_tsharp_limits(d->target->gen, &wh, &dp, &pitch);
    size_t t = depth ? dp : wh < pitch ? wh : pitch;
    return runtime < t ? runtime : t;
}

/* Image limits: those ROCm's OpenCL runtime (ROCclr) states for GCN GPUs
 * (2D images 16384 x 16384, 3D 2048 on each axis, 2048 array layers,
 * 65536 texels in a 1D buffer image, 128 read and 8 write image
 * arguments, 16 samplers), capped by what a T# holds. */
static cl_int image_info(cl_device_id d, cl_device_info name, size_t size, void *value, size_t *size_ret)
{
    switch (name) {
    case CL_DEVICE_MAX_READ_IMAGE_ARGS: U(128);
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS: U(8);
    case CL_DEVICE_MAX_SAMPLERS: U(16);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT: SZ(tsharp_limit(d, 16384, 0));
    case CL_DEVICE_IMAGE3D_MAX_WIDTH: case CL_DEVICE_IMAGE3D_MAX_HEIGHT: SZ(tsharp_limit(d, 2048, 0));
    case CL_DEVICE_IMAGE3D_MAX_DEPTH: SZ(tsharp_limit(d, 2048, 1));
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: SZ(tsharp_limit(d, 2048, 1));
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE: SZ(65536);
    default: return amd_info(d, name, size, value, size_ret);
    }
}

/* Sizes and limits. */
static cl_int limit_info(cl_device_id d, cl_device_info name, size_t size, void *value, size_t *size_ret)
{
    switch (name) {
    case CL_DEVICE_MAX_COMPUTE_UNITS: U(d->dev.p[DEV_cus]);
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: U(3);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        size_t s[3] = {1024, 1024, 1024};
        return ocl_info(s, sizeof s, size, value, size_ret);
    }
    case CL_DEVICE_MAX_WORK_GROUP_SIZE: SZ(256);
    case CL_DEVICE_MAX_CLOCK_FREQUENCY: U(d->dev.p[DEV_clock_mhz]);
    case CL_DEVICE_ADDRESS_BITS: U(64);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: UL(max_alloc(d));
    case CL_DEVICE_GLOBAL_MEM_SIZE: UL(d->mem_bytes);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: U(CL_READ_WRITE_CACHE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: U(64);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: UL((cl_ulong)d->dev.p[DEV_l2_kib] * 1024);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: UL(max_alloc(d));
    case CL_DEVICE_MAX_CONSTANT_ARGS: U(8);
    case CL_DEVICE_LOCAL_MEM_TYPE: U(CL_LOCAL);
    case CL_DEVICE_LOCAL_MEM_SIZE: UL(lds_bytes(d));
    case CL_DEVICE_MAX_PARAMETER_SIZE: SZ(1024);
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN: U(2048);
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: U(128);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION: SZ(1);
    case CL_DEVICE_PRINTF_BUFFER_SIZE: SZ(PF_BUFFER_SIZE);
    case CL_DEVICE_IMAGE_SUPPORT: BOOL(1);
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: U(0);
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: UL(0);
    case CL_DEVICE_PARTITION_PROPERTIES: case CL_DEVICE_PARTITION_TYPE: {
        cl_device_partition_property z = 0;
        return ocl_info(&z, sizeof z, size, value, size_ret);
    }
    default: return image_info(d, name, size, value, size_ret);
    }
}

/* Floating point and vector widths. */
static cl_int fp_info(cl_device_id d, cl_device_info name, size_t size, void *value, size_t *size_ret)
{
    const cl_ulong rounding = CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF;
    switch (name) {
    case CL_DEVICE_SINGLE_FP_CONFIG: UL(CL_FP_DENORM | rounding | CL_FP_FMA | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
    case CL_DEVICE_DOUBLE_FP_CONFIG: UL(CL_FP_DENORM | rounding | CL_FP_FMA);
    case CL_DEVICE_HALF_FP_CONFIG: UL(d->dev.gen >= ISA_GFX8 ? CL_FP_DENORM | rounding | CL_FP_FMA : 0);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR: case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: U(4);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: U(2);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG: case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: U(1);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
        U(d->dev.gen >= ISA_GFX8 ? 1 : 0);
    default: return limit_info(d, name, size, value, size_ret);
    }
}

cl_int clGetDeviceInfo(cl_device_id d, cl_device_info name, size_t size, void *value, size_t *size_ret)
{
    if (!is_root_device(d))
        return CL_INVALID_DEVICE;
    char buf[1024];
    switch (name) {
    case CL_DEVICE_TYPE: UL(CL_DEVICE_TYPE_GPU);
    case CL_DEVICE_VENDOR_ID: U(0x1002);
    case CL_DEVICE_NAME: STR(d->dev.target);
    case CL_DEVICE_VENDOR: STR("Advanced Micro Devices, Inc.");
    case CL_DRIVER_VERSION: STR("3513.0 (HSA1.1,LC)");
    case CL_DEVICE_PROFILE: STR("FULL_PROFILE");
    case CL_DEVICE_VERSION: STR("OpenCL 1.2 ");
    case CL_DEVICE_OPENCL_C_VERSION: STR("OpenCL C 1.2 ");
    case CL_DEVICE_EXTENSIONS:
        extensions(d, buf, sizeof buf);
        STR(buf);
    case CL_DEVICE_BUILT_IN_KERNELS: STR("");
    case CL_DEVICE_PLATFORM: {
        cl_platform_id p = &ocl_platform;
        return ocl_info(&p, sizeof p, size, value, size_ret);
    }
    case CL_DEVICE_PARENT_DEVICE: {
        cl_device_id p = NULL;
        return ocl_info(&p, sizeof p, size, value, size_ret);
    }
    case CL_DEVICE_REFERENCE_COUNT: U(1);
    case CL_DEVICE_AVAILABLE: case CL_DEVICE_COMPILER_AVAILABLE: case CL_DEVICE_LINKER_AVAILABLE:
    case CL_DEVICE_ENDIAN_LITTLE: case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: BOOL(1);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT: case CL_DEVICE_HOST_UNIFIED_MEMORY: BOOL(0);
    case CL_DEVICE_EXECUTION_CAPABILITIES: UL(CL_EXEC_KERNEL);
    case CL_DEVICE_QUEUE_PROPERTIES: UL(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
    default: return fp_info(d, name, size, value, size_ret);
    }
}
