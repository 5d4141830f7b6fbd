/* fake_hsa.c — a test double of the HSA runtime, built as
 * build/fakehsa/libhsa-runtime64.so.1 so that gcnsim's device path
 * (front/device/gpu_hsa.c) opens it under the real name when LD_LIBRARY_PATH
 * points there.  It implements the functions gpu_hsa.c calls, runs no
 * kernel, and records what it receives as JSON lines in $FAKE_HSA_LOG:
 *   {"event":"init"} ... {"event":"queue",...} {"event":"alloc",...}
 *   {"event":"load","size":N,"file":PATH}   (the code object, saved to PATH)
 *   {"event":"symbol","name":"k.kd","object":N}
 *   {"event":"dispatch","n":1,"dims":..,"grid":[..],"workgroup":[..],
 *    "group_segment_size":..,"private_segment_size":..,"kernel_object":..,
 *    "kernarg":"hex","allocations":[{"address":..,"size":..,"data":"hex"}]}
 * (allocations: the device buffers and their contents at dispatch time).
 * Settings (environment):
 *   FAKE_HSA_LOG       the log file (appended to)
 *   FAKE_HSA_INIT_FAIL 1: hsa_init fails (as with no /dev/kfd)
 *   FAKE_HSA_GPUS      number of GPU agents (default 1; 0: none)
 *   FAKE_HSA_GFX, FAKE_HSA_NAME, FAKE_HSA_CUS, FAKE_HSA_MHZ  the GPU
 *   FAKE_HSA_TICKS     end - start of each dispatch in timestamp ticks
 *   FAKE_HSA_FREQ      the timestamp frequency in Hz (default 1e9)
 *   FAKE_HSA_FILL      OFFSET=PATH[,OFFSET=PATH]: at each dispatch, fill
 *                      the buffer whose address is at kernarg byte OFFSET
 *                      with PATH's bytes (the "kernel's results")
 * Aperture bases in the queue: private hi 0x7f01, shared hi 0x7f02. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef GCNSIM_HSA_HEADERS   /* the test build also checks it against the runtime's headers */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#else
#include "front/device/hsa_abi.h"
#endif

enum { FAKE_PRIVATE_HI = 0x7f01, FAKE_SHARED_HI = 0x7f02, MAX_ALLOCS = 4096 };
enum { H_CPU = 1, H_GPU0 = 2, H_KERNARG_REGION = 100, H_DEV_POOL = 200, H_HOST_POOL = 300 };

typedef struct {
    int64_t value;
    uint64_t start, end;
} fsig_t;

typedef struct {
    uint8_t amd[256];               /* amd_queue_t: hsa_queue_t first, apertures at 0x40/0x44 */
    uint64_t read, write;
    uint8_t *ring;
    fsig_t doorbell;
} fqueue_t;

typedef struct {
    void *p;
    size_t size;
    int pool;                       /* H_DEV_POOL, H_HOST_POOL or H_KERNARG_REGION */
} falloc_t;

static falloc_t allocs[MAX_ALLOCS];
static size_t nallocs;
static int inited;
static fqueue_t *queue;
static uint64_t ndispatch, nload, clock_ticks = 1000;

static FILE *logf_(void)
{
    static FILE *fp;
    const char *p = getenv("FAKE_HSA_LOG");
    if (!fp && p && *p)
        fp = fopen(p, "a");
    return fp;
}

#define LOG(...)                                 \
    do {                                         \
        FILE *fp_ = logf_();                     \
        if (fp_) {                               \
            fprintf(fp_, __VA_ARGS__);           \
            fflush(fp_);                         \
        }                                        \
    } while (0)

static long env_num(const char *name, long dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtol(v, NULL, 0) : dflt;
}

static const char *env_str(const char *name, const char *dflt)
{
    const char *v = getenv(name);
    return v && *v ? v : dflt;
}

static void hex(FILE *fp, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(fp, "%02x", ((const uint8_t *)p)[i]);
}

static falloc_t *find_alloc(const void *p)
{
    for (size_t i = 0; i < nallocs; i++)
        if (allocs[i].p && (const uint8_t *)p >= (uint8_t *)allocs[i].p &&
            (const uint8_t *)p < (uint8_t *)allocs[i].p + allocs[i].size)
            return &allocs[i];
    return NULL;
}

static hsa_status_t new_alloc(int pool, size_t size, void **ptr)
{
    if (nallocs == MAX_ALLOCS)
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    void *p = calloc(1, size ? size : 1);
    if (!p)
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    allocs[nallocs].p = p;
    allocs[nallocs].size = size;
    allocs[nallocs++].pool = pool;
    *ptr = p;
    LOG("{\"event\":\"alloc\",\"pool\":\"%s\",\"address\":%llu,\"size\":%zu}\n",
        pool == H_DEV_POOL ? "device" : pool == H_HOST_POOL ? "host" : "kernarg", (unsigned long long)(uintptr_t)p,
        size);
    return HSA_STATUS_SUCCESS;
}

static hsa_status_t free_alloc(void *p)
{
    falloc_t *a = find_alloc(p);
    if (!a || a->p != p)
        return HSA_STATUS_ERROR;
    free(a->p);
    a->p = NULL;
    return HSA_STATUS_SUCCESS;
}

/* ---- system, agents ---- */

hsa_status_t hsa_init(void)
{
    LOG("{\"event\":\"init\"}\n");
    if (env_num("FAKE_HSA_INIT_FAIL", 0))
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    inited = 1;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_shut_down(void)
{
    LOG("{\"event\":\"shut_down\"}\n");
    inited = 0;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_status_string(hsa_status_t status, const char **s)
{
    switch (status) {
    case HSA_STATUS_SUCCESS: *s = "HSA_STATUS_SUCCESS: The function has been executed successfully."; break;
    case HSA_STATUS_ERROR_OUT_OF_RESOURCES:
        *s = "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.";
        break;
    case HSA_STATUS_ERROR_NOT_INITIALIZED: *s = "HSA_STATUS_ERROR_NOT_INITIALIZED: not initialized."; break;
    default: *s = "HSA_STATUS_ERROR: A generic error has occurred."; break;
    }
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_system_get_info(hsa_system_info_t attribute, void *value)
{
    if (attribute != HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY)
        return HSA_STATUS_ERROR;
    uint64_t f = (uint64_t)env_num("FAKE_HSA_FREQ", 1000000000);
    memcpy(value, &f, 8);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t agent, void *data), void *data)
{
    if (!inited)
        return HSA_STATUS_ERROR_NOT_INITIALIZED;
    hsa_agent_t a = {H_CPU};
    hsa_status_t s = callback(a, data);
    for (long i = 0; i < env_num("FAKE_HSA_GPUS", 1) && s == HSA_STATUS_SUCCESS; i++) {
        a.handle = H_GPU0 + (uint64_t)i;
        s = callback(a, data);
    }
    return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}

hsa_status_t hsa_agent_get_info(hsa_agent_t agent, hsa_agent_info_t attribute, void *value)
{
    int gpu = agent.handle >= H_GPU0;
    switch ((int)attribute) {
    case HSA_AGENT_INFO_NAME:
        memset(value, 0, 64);
        snprintf(value, 64, "%s", gpu ? env_str("FAKE_HSA_GFX", "gfx900") : "Fake CPU");
        return HSA_STATUS_SUCCESS;
    case HSA_AGENT_INFO_DEVICE: {
        hsa_device_type_t t = gpu ? HSA_DEVICE_TYPE_GPU : HSA_DEVICE_TYPE_CPU;
        memcpy(value, &t, sizeof t);
        return HSA_STATUS_SUCCESS;
    }
    case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
        memset(value, 0, 64);
        snprintf(value, 64, "%s", gpu ? env_str("FAKE_HSA_NAME", "Fake GCN GPU") : "Fake CPU");
        return HSA_STATUS_SUCCESS;
    case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
    case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY: {
        uint32_t v = (uint32_t)(attribute == (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT
                                    ? env_num("FAKE_HSA_CUS", 64)
                                    : env_num("FAKE_HSA_MHZ", 1500));
        memcpy(value, &v, 4);
        return HSA_STATUS_SUCCESS;
    }
    default: return HSA_STATUS_ERROR;
    }
}

/* ---- memory ---- */

hsa_status_t hsa_agent_iterate_regions(hsa_agent_t agent, hsa_status_t (*callback)(hsa_region_t region, void *data),
                                       void *data)
{
    if (agent.handle < H_GPU0)
        return HSA_STATUS_SUCCESS;
    hsa_region_t r = {H_KERNARG_REGION};
    hsa_status_t s = callback(r, data);
    return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}

hsa_status_t hsa_region_get_info(hsa_region_t region, hsa_region_info_t attribute, void *value)
{
    uint32_t v;
    if (region.handle != H_KERNARG_REGION)
        return HSA_STATUS_ERROR;
    switch (attribute) {
    case HSA_REGION_INFO_SEGMENT: v = HSA_REGION_SEGMENT_GLOBAL; break;
    case HSA_REGION_INFO_GLOBAL_FLAGS: v = HSA_REGION_GLOBAL_FLAG_KERNARG | HSA_REGION_GLOBAL_FLAG_FINE_GRAINED; break;
    default: return HSA_STATUS_ERROR;
    }
    memcpy(value, &v, 4);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_memory_allocate(hsa_region_t region, size_t size, void **ptr)
{
    return region.handle == H_KERNARG_REGION ? new_alloc(H_KERNARG_REGION, size, ptr) : HSA_STATUS_ERROR;
}

hsa_status_t hsa_memory_free(void *ptr)
{
    return free_alloc(ptr);
}

hsa_status_t hsa_amd_agent_iterate_memory_pools(hsa_agent_t agent,
                                                hsa_status_t (*callback)(hsa_amd_memory_pool_t memory_pool, void *data),
                                                void *data)
{
    hsa_amd_memory_pool_t p = {agent.handle >= H_GPU0 ? H_DEV_POOL : H_HOST_POOL};
    hsa_status_t s = callback(p, data);
    return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}

hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t pool, hsa_amd_memory_pool_info_t attribute,
                                          void *value)
{
    uint32_t v;
    switch (attribute) {
    case HSA_AMD_MEMORY_POOL_INFO_SEGMENT: v = HSA_AMD_SEGMENT_GLOBAL; break;
    case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
        v = pool.handle == H_DEV_POOL ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED
                                      : HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED |
                                            HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT;
        break;
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED: {
        _Bool b = 1;
        memcpy(value, &b, 1);
        return HSA_STATUS_SUCCESS;
    }
    default: return HSA_STATUS_ERROR;
    }
    memcpy(value, &v, 4);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t pool, size_t size, uint32_t flags, void **ptr)
{
    (void)flags;
    return new_alloc((int)pool.handle, size, ptr);
}

hsa_status_t hsa_amd_memory_pool_free(void *ptr)
{
    return free_alloc(ptr);
}

hsa_status_t hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t *agents, const uint32_t *flags,
                                         const void *ptr)
{
    (void)flags;
    falloc_t *a = find_alloc(ptr);
    return num_agents && agents && a && a->pool == H_HOST_POOL ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR;
}

hsa_status_t hsa_amd_memory_async_copy(void *dst, hsa_agent_t dst_agent, const void *src, hsa_agent_t src_agent,
                                       size_t size, uint32_t num_dep_signals, const hsa_signal_t *dep_signals,
                                       hsa_signal_t completion_signal)
{
    (void)num_dep_signals;
    (void)dep_signals;
    falloc_t *d = find_alloc(dst), *s = find_alloc(src);
    if (!d || !s || (uint8_t *)dst + size > (uint8_t *)d->p + d->size ||
        (const uint8_t *)src + size > (uint8_t *)s->p + s->size)
        return HSA_STATUS_ERROR;
    /* the agents must own the memory they are named for */
    if ((d->pool == H_DEV_POOL) != (dst_agent.handle >= H_GPU0) || (s->pool == H_DEV_POOL) != (src_agent.handle >= H_GPU0))
        return HSA_STATUS_ERROR_INVALID_AGENT;
    memmove(dst, src, size);
    LOG("{\"event\":\"copy\",\"dst\":%llu,\"src\":%llu,\"size\":%zu}\n", (unsigned long long)(uintptr_t)dst,
        (unsigned long long)(uintptr_t)src, size);
    ((fsig_t *)(uintptr_t)completion_signal.handle)->value = 0;
    return HSA_STATUS_SUCCESS;
}

/* ---- signals ---- */

hsa_status_t hsa_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers, const hsa_agent_t *consumers,
                               hsa_signal_t *signal)
{
    (void)num_consumers;
    (void)consumers;
    fsig_t *s = calloc(1, sizeof *s);
    if (!s)
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    s->value = initial_value;
    signal->handle = (uint64_t)(uintptr_t)s;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_signal_destroy(hsa_signal_t signal)
{
    free((void *)(uintptr_t)signal.handle);
    return HSA_STATUS_SUCCESS;
}

/* Fill buffers named by FAKE_HSA_FILL from their files. */
static void fill_results(const uint8_t *ka, size_t kasize)
{
    const char *spec = getenv("FAKE_HSA_FILL");
    char buf[4096];
    if (!spec)
        return;
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
        char *eq = strchr(item, '=');
        if (!eq)
            continue;
        unsigned long off = strtoul(item, NULL, 0);
        uint64_t addr = 0;
        if (off + 8 > kasize)
            continue;
        memcpy(&addr, ka + off, 8);
        falloc_t *a = find_alloc((void *)(uintptr_t)addr);
        FILE *fp = fopen(eq + 1, "rb");
        if (a && fp) {
            size_t room = a->size - (size_t)((uint8_t *)(uintptr_t)addr - (uint8_t *)a->p);
            size_t got = fread((void *)(uintptr_t)addr, 1, room, fp);
            LOG("{\"event\":\"fill\",\"offset\":%lu,\"address\":%llu,\"bytes\":%zu}\n", off,
                (unsigned long long)addr, got);
        }
        if (fp)
            fclose(fp);
    }
}

static void log_dispatch(const hsa_kernel_dispatch_packet_t *p, const falloc_t *ka)
{
    FILE *fp = logf_();
    if (!fp)
        return;
    fprintf(fp, "{\"event\":\"dispatch\",\"n\":%llu,\"header\":%u,\"dims\":%u,\"grid\":[%u,%u,%u],"
                "\"workgroup\":[%u,%u,%u],\"group_segment_size\":%u,\"private_segment_size\":%u,"
                "\"kernel_object\":%llu,\"kernarg_address\":%llu,\"kernarg\":\"",
            (unsigned long long)ndispatch, p->header, p->setup & 3u, p->grid_size_x, p->grid_size_y, p->grid_size_z,
            p->workgroup_size_x, p->workgroup_size_y, p->workgroup_size_z, p->group_segment_size,
            p->private_segment_size, (unsigned long long)p->kernel_object,
            (unsigned long long)(uintptr_t)p->kernarg_address);
    if (ka)
        hex(fp, p->kernarg_address, ka->size);
    fprintf(fp, "\",\"queue\":%llu,\"private_base_hi\":%u,\"shared_base_hi\":%u,\"allocations\":[",
            (unsigned long long)(uintptr_t)queue, FAKE_PRIVATE_HI, FAKE_SHARED_HI);
    int first = 1;
    for (size_t i = 0; i < nallocs; i++)
        if (allocs[i].p && allocs[i].pool == H_DEV_POOL) {
            fprintf(fp, "%s{\"address\":%llu,\"size\":%zu,\"data\":\"", first ? "" : ",",
                    (unsigned long long)(uintptr_t)allocs[i].p, allocs[i].size);
            hex(fp, allocs[i].p, allocs[i].size);
            fprintf(fp, "\"}");
            first = 0;
        }
    fprintf(fp, "]}\n");
    fflush(fp);
}

/* The packet processor: every packet up to the write index. */
static void process_queue(void)
{
    hsa_queue_t *q = (hsa_queue_t *)queue->amd;
    while (queue->read < queue->write) {
        hsa_kernel_dispatch_packet_t *p = (hsa_kernel_dispatch_packet_t *)queue->ring + (queue->read & (q->size - 1));
        if ((p->header & 0xff) == HSA_PACKET_TYPE_KERNEL_DISPATCH) {
            ndispatch++;
            falloc_t *ka = find_alloc(p->kernarg_address);
            log_dispatch(p, ka && ka->pool == H_KERNARG_REGION ? ka : NULL);
            if (ka)
                fill_results(p->kernarg_address, ka->size);
            fsig_t *s = (fsig_t *)(uintptr_t)p->completion_signal.handle;
            if (s) {
                s->start = clock_ticks;
                s->end = clock_ticks + (uint64_t)env_num("FAKE_HSA_TICKS", 1000);
                clock_ticks = s->end + 1000;
                s->value = 0;
            }
        }
        p->header = HSA_PACKET_TYPE_INVALID;
        queue->read++;
    }
}

void hsa_signal_store_screlease(hsa_signal_t signal, hsa_signal_value_t value)
{
    fsig_t *s = (fsig_t *)(uintptr_t)signal.handle;
    s->value = value;
    if (queue && s == &queue->doorbell)
        process_queue();
}

hsa_signal_value_t hsa_signal_wait_scacquire(hsa_signal_t signal, hsa_signal_condition_t condition,
                                             hsa_signal_value_t compare_value, uint64_t timeout_hint,
                                             hsa_wait_state_t wait_state_hint)
{
    (void)condition;
    (void)compare_value;
    (void)timeout_hint;
    (void)wait_state_hint;
    return ((fsig_t *)(uintptr_t)signal.handle)->value;
}

/* ---- queues ---- */

hsa_status_t hsa_queue_create(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                              void (*callback)(hsa_status_t status, hsa_queue_t *source, void *data), void *data,
                              uint32_t private_segment_size, uint32_t group_segment_size, hsa_queue_t **out)
{
    (void)callback;
    (void)data;
    if (agent.handle < H_GPU0 || !size || (size & (size - 1)) || queue)
        return HSA_STATUS_ERROR;
    queue = calloc(1, sizeof *queue);
    queue->ring = calloc(size, 64);
    hsa_queue_t *q = (hsa_queue_t *)queue->amd;
    q->type = type;
    q->base_address = queue->ring;
    q->doorbell_signal.handle = (uint64_t)(uintptr_t)&queue->doorbell;
    q->size = size;
    q->id = 1;
    uint32_t priv = FAKE_PRIVATE_HI, shared = FAKE_SHARED_HI;
    memcpy(queue->amd + 0x40, &shared, 4);
    memcpy(queue->amd + 0x44, &priv, 4);
    for (uint32_t i = 0; i < size; i++)
        ((hsa_kernel_dispatch_packet_t *)queue->ring)[i].header = HSA_PACKET_TYPE_INVALID;
    LOG("{\"event\":\"queue\",\"address\":%llu,\"size\":%u,\"type\":%u,\"private_segment_size\":%u,"
        "\"group_segment_size\":%u}\n",
        (unsigned long long)(uintptr_t)q, size, type, private_segment_size, group_segment_size);
    *out = q;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_queue_destroy(hsa_queue_t *q)
{
    if (!queue || q != (hsa_queue_t *)queue->amd)
        return HSA_STATUS_ERROR;
    free(queue->ring);
    free(queue);
    queue = NULL;
    return HSA_STATUS_SUCCESS;
}

uint64_t hsa_queue_load_read_index_scacquire(const hsa_queue_t *q)
{
    (void)q;
    return queue->read;
}

uint64_t hsa_queue_add_write_index_screlease(const hsa_queue_t *q, uint64_t value)
{
    (void)q;
    uint64_t old = queue->write;
    queue->write += value;
    return old;
}

hsa_status_t hsa_amd_profiling_set_profiler_enabled(hsa_queue_t *q, int enable)
{
    LOG("{\"event\":\"profiling\",\"enable\":%d}\n", enable);
    return queue && q == (hsa_queue_t *)queue->amd ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR;
}

hsa_status_t hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t signal,
                                                 hsa_amd_profiling_dispatch_time_t *time)
{
    (void)agent;
    fsig_t *s = (fsig_t *)(uintptr_t)signal.handle;
    time->start = s->start;
    time->end = s->end;
    return HSA_STATUS_SUCCESS;
}

/* ---- code objects ---- */

typedef struct {
    uint8_t *data;
    size_t size;
} freader_t;

hsa_status_t hsa_code_object_reader_create_from_memory(const void *code_object, size_t size,
                                                       hsa_code_object_reader_t *reader)
{
    freader_t *r = calloc(1, sizeof *r);
    if (!r || !(r->data = malloc(size)))
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    memcpy(r->data, code_object, size);
    r->size = size;
    reader->handle = (uint64_t)(uintptr_t)r;
    char path[4200] = "";
    const char *log = getenv("FAKE_HSA_LOG");
    if (log && *log) {
        snprintf(path, sizeof path, "%s.co%llu", log, (unsigned long long)nload);
        FILE *fp = fopen(path, "wb");
        if (fp) {
            fwrite(code_object, 1, size, fp);
            fclose(fp);
        }
    }
    nload++;
    LOG("{\"event\":\"load\",\"size\":%zu,\"file\":\"%s\"}\n", size, path);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_code_object_reader_destroy(hsa_code_object_reader_t reader)
{
    freader_t *r = (freader_t *)(uintptr_t)reader.handle;
    if (r)
        free(r->data);
    free(r);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_executable_create_alt(hsa_profile_t profile, hsa_default_float_rounding_mode_t mode,
                                       const char *options, hsa_executable_t *executable)
{
    (void)options;
    LOG("{\"event\":\"executable\",\"profile\":%d,\"rounding\":%d}\n", (int)profile, (int)mode);
    executable->handle = 0x5000 + nload;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_executable_load_agent_code_object(hsa_executable_t executable, hsa_agent_t agent,
                                                   hsa_code_object_reader_t reader, const char *options,
                                                   hsa_loaded_code_object_t *loaded)
{
    (void)executable;
    (void)options;
    (void)loaded;
    return agent.handle >= H_GPU0 && reader.handle ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR;
}

hsa_status_t hsa_executable_freeze(hsa_executable_t executable, const char *options)
{
    (void)executable;
    (void)options;
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t executable, const char *name, const hsa_agent_t *agent,
                                               hsa_executable_symbol_t *symbol)
{
    (void)executable;
    (void)agent;
    symbol->handle = 0x9000 + nload;
    LOG("{\"event\":\"symbol\",\"name\":\"%s\",\"object\":%llu}\n", name, (unsigned long long)(0xc0de0000 + nload));
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t symbol, hsa_executable_symbol_info_t attribute,
                                            void *value)
{
    if (attribute != HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT)
        return HSA_STATUS_ERROR;
    uint64_t obj = 0xc0de0000 + (symbol.handle - 0x9000);
    memcpy(value, &obj, 8);
    return HSA_STATUS_SUCCESS;
}

hsa_status_t hsa_executable_destroy(hsa_executable_t executable)
{
    (void)executable;
    return HSA_STATUS_SUCCESS;
}
