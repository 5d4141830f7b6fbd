/* abi_items.h — every enumerator value, type size and member offset that
 * front/device/hsa_abi.h declares, as X-macro lists: abi_dump.c prints them as
 * compiled from hsa_abi.h, abi_check.c compares them at compile time with
 * the HSA runtime's own headers. */
#define HSA_ABI_VALUES(V) \
    V(HSA_STATUS_SUCCESS) V(HSA_STATUS_INFO_BREAK) V(HSA_STATUS_ERROR) V(HSA_STATUS_ERROR_INVALID_AGENT) \
    V(HSA_STATUS_ERROR_OUT_OF_RESOURCES) V(HSA_STATUS_ERROR_NOT_INITIALIZED) \
    V(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY) V(HSA_DEVICE_TYPE_CPU) V(HSA_DEVICE_TYPE_GPU) \
    V(HSA_AGENT_INFO_NAME) V(HSA_AGENT_INFO_DEVICE) \
    V(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT) V(HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY) \
    V(HSA_AMD_AGENT_INFO_PRODUCT_NAME) \
    V(HSA_REGION_INFO_SEGMENT) V(HSA_REGION_INFO_GLOBAL_FLAGS) V(HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED) \
    V(HSA_REGION_SEGMENT_GLOBAL) V(HSA_REGION_GLOBAL_FLAG_KERNARG) V(HSA_REGION_GLOBAL_FLAG_FINE_GRAINED) \
    V(HSA_AMD_MEMORY_POOL_INFO_SEGMENT) V(HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS) \
    V(HSA_AMD_MEMORY_POOL_INFO_SIZE) V(HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED) \
    V(HSA_AMD_SEGMENT_GLOBAL) V(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) \
    V(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) V(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) \
    V(HSA_SIGNAL_CONDITION_EQ) V(HSA_SIGNAL_CONDITION_LT) V(HSA_WAIT_STATE_BLOCKED) V(HSA_WAIT_STATE_ACTIVE) \
    V(HSA_QUEUE_TYPE_MULTI) V(HSA_QUEUE_TYPE_SINGLE) \
    V(HSA_PACKET_TYPE_INVALID) V(HSA_PACKET_TYPE_KERNEL_DISPATCH) \
    V(HSA_FENCE_SCOPE_AGENT) V(HSA_FENCE_SCOPE_SYSTEM) \
    V(HSA_PACKET_HEADER_TYPE) V(HSA_PACKET_HEADER_BARRIER) V(HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) \
    V(HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) V(HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) \
    V(HSA_PROFILE_BASE) V(HSA_PROFILE_FULL) V(HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT) \
    V(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT)

#define HSA_ABI_SIZES(S) \
    S(hsa_status_t) S(hsa_agent_t) S(hsa_region_t) S(hsa_signal_t) S(hsa_executable_t) \
    S(hsa_executable_symbol_t) S(hsa_code_object_reader_t) S(hsa_loaded_code_object_t) \
    S(hsa_amd_memory_pool_t) S(hsa_signal_value_t) S(hsa_queue_type32_t) S(hsa_queue_t) \
    S(hsa_kernel_dispatch_packet_t) S(hsa_amd_profiling_dispatch_time_t) S(hsa_device_type_t) \
    S(hsa_region_segment_t) S(hsa_amd_segment_t) S(hsa_agent_info_t) S(hsa_system_info_t)

#define HSA_ABI_OFFSETS(O) \
    O(hsa_queue_t, type) O(hsa_queue_t, features) O(hsa_queue_t, base_address) O(hsa_queue_t, doorbell_signal) \
    O(hsa_queue_t, size) O(hsa_queue_t, reserved1) O(hsa_queue_t, id) \
    O(hsa_kernel_dispatch_packet_t, header) O(hsa_kernel_dispatch_packet_t, setup) \
    O(hsa_kernel_dispatch_packet_t, workgroup_size_x) O(hsa_kernel_dispatch_packet_t, workgroup_size_y) \
    O(hsa_kernel_dispatch_packet_t, workgroup_size_z) O(hsa_kernel_dispatch_packet_t, reserved0) \
    O(hsa_kernel_dispatch_packet_t, grid_size_x) O(hsa_kernel_dispatch_packet_t, grid_size_y) \
    O(hsa_kernel_dispatch_packet_t, grid_size_z) O(hsa_kernel_dispatch_packet_t, private_segment_size) \
    O(hsa_kernel_dispatch_packet_t, group_segment_size) O(hsa_kernel_dispatch_packet_t, kernel_object) \
    O(hsa_kernel_dispatch_packet_t, kernarg_address) O(hsa_kernel_dispatch_packet_t, reserved2) \
    O(hsa_kernel_dispatch_packet_t, completion_signal) \
    O(hsa_amd_profiling_dispatch_time_t, start) O(hsa_amd_profiling_dispatch_time_t, end)
