/* hsa_abi.h — the part of the HSA runtime's C ABI that gcnsim's device
 * path (front/device/gpu_hsa.c) uses: handle types, the enumerators it passes or
 * compares, the layouts of hsa_queue_t and of the AQL kernel dispatch
 * packet, and the prototypes it looks up with dlsym.  Written from the HSA
 * Runtime Programmer's Reference (1.2) and ROCr's AMD extensions as facts
 * (names, values, offsets), so that gcnsim builds without ROCm installed.
 * When the build finds the runtime's own headers it compiles against them
 * instead (-DGCNSIM_HSA_HEADERS), and the test build checks every value,
 * size and offset here against them (tests/validate/abi_*.c). */
#ifndef GCNSIM_HSA_ABI_H
#define GCNSIM_HSA_ABI_H

#include <stddef.h>
#include <stdint.h>

/* ---- status ---- */
typedef enum {
    HSA_STATUS_SUCCESS = 0x0,
    HSA_STATUS_INFO_BREAK = 0x1,
    HSA_STATUS_ERROR = 0x1000,
    HSA_STATUS_ERROR_INVALID_AGENT = 0x1004,
    HSA_STATUS_ERROR_OUT_OF_RESOURCES = 0x1008,
    HSA_STATUS_ERROR_NOT_INITIALIZED = 0x100B,
} hsa_status_t;

/* ---- opaque handles (one 64-bit handle each) ---- */
typedef struct hsa_agent_s { uint64_t handle; } hsa_agent_t;
typedef struct hsa_region_s { uint64_t handle; } hsa_region_t;
typedef struct hsa_signal_s { uint64_t handle; } hsa_signal_t;
typedef struct hsa_executable_s { uint64_t handle; } hsa_executable_t;
typedef struct hsa_executable_symbol_s { uint64_t handle; } hsa_executable_symbol_t;
typedef struct hsa_code_object_reader_s { uint64_t handle; } hsa_code_object_reader_t;
typedef struct hsa_loaded_code_object_s { uint64_t handle; } hsa_loaded_code_object_t;
typedef struct hsa_amd_memory_pool_s { uint64_t handle; } hsa_amd_memory_pool_t;

typedef int64_t hsa_signal_value_t;   /* 64-bit model */

/* ---- system and agents ---- */
typedef enum {
    HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY = 3,   /* uint64_t, Hz */
} hsa_system_info_t;

typedef enum {
    HSA_DEVICE_TYPE_CPU = 0,
    HSA_DEVICE_TYPE_GPU = 1,
} hsa_device_type_t;

typedef enum {
    HSA_AGENT_INFO_NAME = 0,      /* char[64], e.g. "gfx900" */
    HSA_AGENT_INFO_DEVICE = 17,   /* hsa_device_type_t */
} hsa_agent_info_t;

typedef enum {
    HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT = 0xA002,    /* uint32_t */
    HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY = 0xA003,   /* uint32_t, MHz */
    HSA_AMD_AGENT_INFO_PRODUCT_NAME = 0xA009,          /* char[64] */
} hsa_amd_agent_info_t;

/* ---- memory ---- */
typedef enum {
    HSA_REGION_INFO_SEGMENT = 0,
    HSA_REGION_INFO_GLOBAL_FLAGS = 1,
    HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED = 5,
} hsa_region_info_t;

typedef enum { HSA_REGION_SEGMENT_GLOBAL = 0 } hsa_region_segment_t;

typedef enum {
    HSA_REGION_GLOBAL_FLAG_KERNARG = 1,
    HSA_REGION_GLOBAL_FLAG_FINE_GRAINED = 2,
} hsa_region_global_flag_t;

typedef enum {
    HSA_AMD_MEMORY_POOL_INFO_SEGMENT = 0,
    HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS = 1,
    HSA_AMD_MEMORY_POOL_INFO_SIZE = 2,
    HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED = 5,
} hsa_amd_memory_pool_info_t;

typedef enum { HSA_AMD_SEGMENT_GLOBAL = 0 } hsa_amd_segment_t;

typedef enum {
    HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT = 1,
    HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED = 2,
    HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED = 4,
} hsa_amd_memory_pool_global_flag_t;

/* ---- signals ---- */
typedef enum {
    HSA_SIGNAL_CONDITION_EQ = 0,
    HSA_SIGNAL_CONDITION_LT = 2,
} hsa_signal_condition_t;

typedef enum {
    HSA_WAIT_STATE_BLOCKED = 0,
    HSA_WAIT_STATE_ACTIVE = 1,
} hsa_wait_state_t;

/* ---- queues and packets ---- */
typedef enum {
    HSA_QUEUE_TYPE_MULTI = 0,
    HSA_QUEUE_TYPE_SINGLE = 1,
} hsa_queue_type_t;
typedef uint32_t hsa_queue_type32_t;

/* The user-mode queue (40 bytes on a 64-bit host).  ROCr's amd_queue_t
 * begins with it; the aperture bases follow at 0x40/0x44
 * (SIM_QUEUE_*_APERTURE_HI). */
typedef struct hsa_queue_s {
    hsa_queue_type32_t type;
    uint32_t features;
    void *base_address;           /* the ring of 64-byte packets */
    hsa_signal_t doorbell_signal;
    uint32_t size;                /* packets, a power of two */
    uint32_t reserved1;
    uint64_t id;
} hsa_queue_t;

typedef enum {
    HSA_PACKET_TYPE_INVALID = 1,
    HSA_PACKET_TYPE_KERNEL_DISPATCH = 2,
} hsa_packet_type_t;

typedef enum {
    HSA_FENCE_SCOPE_AGENT = 1,
    HSA_FENCE_SCOPE_SYSTEM = 2,
} hsa_fence_scope_t;

typedef enum {
    HSA_PACKET_HEADER_TYPE = 0,
    HSA_PACKET_HEADER_BARRIER = 8,
    HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE = 9,
    HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE = 11,
} hsa_packet_header_t;

typedef enum { HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS = 0 } hsa_kernel_dispatch_packet_setup_t;

/* The AQL kernel dispatch packet, 64 bytes (GCN-FACTS 5.6). */
typedef struct hsa_kernel_dispatch_packet_s {
    uint16_t header;
    uint16_t setup;
    uint16_t workgroup_size_x, workgroup_size_y, workgroup_size_z;
    uint16_t reserved0;
    uint32_t grid_size_x, grid_size_y, grid_size_z;
    uint32_t private_segment_size;
    uint32_t group_segment_size;
    uint64_t kernel_object;
    void *kernarg_address;
    uint64_t reserved2;
    hsa_signal_t completion_signal;
} hsa_kernel_dispatch_packet_t;

/* ---- code objects and executables ---- */
typedef enum {
    HSA_PROFILE_BASE = 0,
    HSA_PROFILE_FULL = 1,
} hsa_profile_t;

typedef enum { HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT = 0 } hsa_default_float_rounding_mode_t;

typedef enum { HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT = 22 } hsa_executable_symbol_info_t;

/* ---- profiling ---- */
typedef struct hsa_amd_profiling_dispatch_time_s {
    uint64_t start, end;          /* system timestamp ticks */
} hsa_amd_profiling_dispatch_time_t;

/* ---- the functions gcnsim looks up ---- */
hsa_status_t hsa_init(void);
hsa_status_t hsa_shut_down(void);
hsa_status_t hsa_status_string(hsa_status_t status, const char **status_string);
hsa_status_t hsa_system_get_info(hsa_system_info_t attribute, void *value);
hsa_status_t hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t agent, void *data), void *data);
hsa_status_t hsa_agent_get_info(hsa_agent_t agent, hsa_agent_info_t attribute, void *value);
hsa_status_t hsa_agent_iterate_regions(hsa_agent_t agent, hsa_status_t (*callback)(hsa_region_t region, void *data),
                                       void *data);
hsa_status_t hsa_region_get_info(hsa_region_t region, hsa_region_info_t attribute, void *value);
hsa_status_t hsa_memory_allocate(hsa_region_t region, size_t size, void **ptr);
hsa_status_t hsa_memory_free(void *ptr);
hsa_status_t hsa_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers, const hsa_agent_t *consumers,
                               hsa_signal_t *signal);
hsa_status_t hsa_signal_destroy(hsa_signal_t signal);
void hsa_signal_store_screlease(hsa_signal_t signal, hsa_signal_value_t value);
hsa_signal_value_t hsa_signal_wait_scacquire(hsa_signal_t signal, hsa_signal_condition_t condition,
                                             hsa_signal_value_t compare_value, uint64_t timeout_hint,
                                             hsa_wait_state_t wait_state_hint);
hsa_status_t hsa_queue_create(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                              void (*callback)(hsa_status_t status, hsa_queue_t *source, void *data), void *data,
                              uint32_t private_segment_size, uint32_t group_segment_size, hsa_queue_t **queue);
hsa_status_t hsa_queue_destroy(hsa_queue_t *queue);
uint64_t hsa_queue_load_read_index_scacquire(const hsa_queue_t *queue);
uint64_t hsa_queue_add_write_index_screlease(const hsa_queue_t *queue, uint64_t value);
hsa_status_t hsa_code_object_reader_create_from_memory(const void *code_object, size_t size,
                                                       hsa_code_object_reader_t *code_object_reader);
hsa_status_t hsa_code_object_reader_destroy(hsa_code_object_reader_t code_object_reader);
hsa_status_t hsa_executable_create_alt(hsa_profile_t profile, hsa_default_float_rounding_mode_t default_float_rounding_mode,
                                       const char *options, hsa_executable_t *executable);
hsa_status_t hsa_executable_load_agent_code_object(hsa_executable_t executable, hsa_agent_t agent,
                                                   hsa_code_object_reader_t code_object_reader, const char *options,
                                                   hsa_loaded_code_object_t *loaded_code_object);
hsa_status_t hsa_executable_freeze(hsa_executable_t executable, const char *options);
hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t executable, const char *symbol_name,
                                               const hsa_agent_t *agent, hsa_executable_symbol_t *symbol);
hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t executable_symbol,
                                            hsa_executable_symbol_info_t attribute, void *value);
hsa_status_t hsa_executable_destroy(hsa_executable_t executable);
hsa_status_t hsa_amd_agent_iterate_memory_pools(hsa_agent_t agent,
                                                hsa_status_t (*callback)(hsa_amd_memory_pool_t memory_pool, void *data),
                                                void *data);
hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t memory_pool, hsa_amd_memory_pool_info_t attribute,
                                          void *value);
hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t memory_pool, size_t size, uint32_t flags, void **ptr);
hsa_status_t hsa_amd_memory_pool_free(void *ptr);
hsa_status_t hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t *agents, const uint32_t *flags,
                                         const void *ptr);
hsa_status_t hsa_amd_memory_async_copy(void *dst, hsa_agent_t dst_agent, const void *src, hsa_agent_t src_agent,
                                       size_t size, uint32_t num_dep_signals, const hsa_signal_t *dep_signals,
                                       hsa_signal_t completion_signal);
hsa_status_t hsa_amd_profiling_set_profiler_enabled(hsa_queue_t *queue, int enable);
hsa_status_t hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t signal,
                                                 hsa_amd_profiling_dispatch_time_t *time);

#endif
