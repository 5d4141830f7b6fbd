/* gpu_hsa.c — the gpu.h interface on the ROCm HSA runtime.  The runtime is
 * opened with dlopen("libhsa-runtime64.so.1") and every function found
 * with dlsym, so nothing links against ROCm.  Types come from the
 * runtime's headers when the build has them (GCNSIM_HSA_HEADERS), else
 * from front/device/hsa_abi.h.  This is the only file that knows HSA.
 *
 * The device: the first GPU agent whose name is the wanted gfx target.
 * Buffers: its coarse-grained global memory pool, filled and read back
 * through a system-memory staging allocation (a CPU pool) with
 * hsa_amd_memory_async_copy.  Kernarg segments: the GPU's kernarg region.
 * Dispatch: one single-producer queue with profiling enabled; the kernel
 * time is the dispatch's end minus start timestamp, converted with the
 * system timestamp frequency. */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/device/gpu.h"
#include "sim/dispatch.h"

#ifdef GCNSIM_HSA_HEADERS
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#else
#include "front/device/hsa_abi.h"
#endif

#define HSA_LIB "libhsa-runtime64.so.1"   /* $GCNSIM_HSA_LIB: another name or path */

/* Every runtime function gcnsim calls. */
#define HSA_FUNCS(X) \
    X(hsa_init) X(hsa_shut_down) X(hsa_status_string) X(hsa_system_get_info) X(hsa_iterate_agents) \
    X(hsa_agent_get_info) X(hsa_agent_iterate_regions) X(hsa_region_get_info) X(hsa_memory_allocate) \
    X(hsa_memory_free) X(hsa_signal_create) X(hsa_signal_destroy) X(hsa_signal_store_screlease) \
    X(hsa_signal_wait_scacquire) X(hsa_queue_create) X(hsa_queue_destroy) \
    X(hsa_queue_load_read_index_scacquire) X(hsa_queue_add_write_index_screlease) \
    X(hsa_code_object_reader_create_from_memory) X(hsa_code_object_reader_destroy) \
    X(hsa_executable_create_alt) X(hsa_executable_load_agent_code_object) X(hsa_executable_freeze) \
    X(hsa_executable_get_symbol_by_name) X(hsa_executable_symbol_get_info) X(hsa_executable_destroy) \
    X(hsa_amd_agent_iterate_memory_pools) X(hsa_amd_memory_pool_get_info) X(hsa_amd_memory_pool_allocate) \
    X(hsa_amd_memory_pool_free) X(hsa_amd_agents_allow_access) X(hsa_amd_memory_async_copy) \
    X(hsa_amd_profiling_set_profiler_enabled) X(hsa_amd_profiling_get_dispatch_time)

typedef struct {
#define HSA_MEMBER(f) __typeof__(&f) f;
    HSA_FUNCS(HSA_MEMBER)
#undef HSA_MEMBER
} hsa_api_t;

enum { MAX_GPUS = 16, QUEUE_PACKETS = 128, WAIT_SECONDS = 60 };

struct gpu {
    void *lib;
    hsa_api_t f;
    int initialised;
    hsa_agent_t gpus[MAX_GPUS], cpu;
    size_t ngpus;
    int have_cpu;
    hsa_agent_t agent;                 /* the chosen GPU */
    hsa_amd_memory_pool_t dev_pool, host_pool;
    int have_dev_pool, have_host_pool;
    hsa_region_t kernarg_region;
    int have_kernarg;
    hsa_queue_t *queue;
    volatile hsa_status_t queue_error;
    uint64_t ts_freq;
    void **bufs;                       /* device allocations, freed at close */
    size_t nbufs;
    hsa_executable_t *exes;
    hsa_code_object_reader_t *readers;
    size_t nexes;
};

static const char *status_text(const gpu_t *g, hsa_status_t s)
{
    const char *m = NULL;
    if (g->f.hsa_status_string && g->f.hsa_status_string(s, &m) == HSA_STATUS_SUCCESS && m)
        return m;
    return "unknown status";
}

/* "call: STATUS" into err; returns -1. */
static int fail(const gpu_t *g, hsa_status_t s, const char *call, char *err, size_t errlen)
{
    const char *m = status_text(g, s);
    size_t n = strcspn(m, "\n");
    snprintf(err, errlen, "%s: %.*s (0x%x)", call, (int)n, m, (unsigned)s);
    return -1;
}

#define CHECK(call, what)                                        \
    do {                                                         \
        hsa_status_t st_ = (call);                               \
        if (st_ != HSA_STATUS_SUCCESS)                           \
            return fail(g, st_, what, err, errlen);              \
    } while (0)

/* ---- opening ---------------------------------------------------------- */

static int load_symbols(gpu_t *g, char *msg, size_t msglen)
{
#define HSA_LOOKUP(fn)                                                           \
    *(void **)&g->f.fn = dlsym(g->lib, #fn);                                     \
    if (!g->f.fn) {                                                              \
        snprintf(msg, msglen, "%s has no function %s (too old a runtime?)", HSA_LIB, #fn); \
        return -1;                                                               \
    }
    HSA_FUNCS(HSA_LOOKUP)
#undef HSA_LOOKUP
    return 0;
}

static hsa_status_t agent_cb(hsa_agent_t a, void *data)
{
    gpu_t *g = data;
    hsa_device_type_t type;
    if (g->f.hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
        return HSA_STATUS_SUCCESS;
    if (type == HSA_DEVICE_TYPE_GPU && g->ngpus < MAX_GPUS)
        g->gpus[g->ngpus++] = a;
    else if (type == HSA_DEVICE_TYPE_CPU && !g->have_cpu) {
        g->cpu = a;
        g->have_cpu = 1;
    }
    return HSA_STATUS_SUCCESS;
}

/* The gfx target of a GPU agent, without target features ("gfx900"). */
static void agent_target(gpu_t *g, hsa_agent_t a, char out[64])
{
    char name[64] = "";
    if (g->f.hsa_agent_get_info(a, HSA_AGENT_INFO_NAME, name) != HSA_STATUS_SUCCESS)
        snprintf(name, sizeof name, "unknown");
    name[63] = 0;
    snprintf(out, 64, "%.*s", (int)strcspn(name, ":"), name);
}

/* Pool callbacks: the GPU's coarse-grained global pool; a CPU pool for staging. */
static hsa_status_t pool_cb(hsa_amd_memory_pool_t p, void *data, int want_flag, hsa_amd_memory_pool_t *out, int *have)
{
    gpu_t *g = data;
    hsa_amd_segment_t seg;
    uint32_t flags = 0;
    _Bool alloc = 0;
    if (g->f.hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg) != HSA_STATUS_SUCCESS ||
        seg != HSA_AMD_SEGMENT_GLOBAL ||
        g->f.hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags) != HSA_STATUS_SUCCESS ||
        g->f.hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &alloc) !=
            HSA_STATUS_SUCCESS)
        return HSA_STATUS_SUCCESS;
    if (alloc && (flags & (uint32_t)want_flag) && !*have) {
        *out = p;
        *have = 1;
        return HSA_STATUS_INFO_BREAK;
    }
    return HSA_STATUS_SUCCESS;
}

static hsa_status_t dev_pool_cb(hsa_amd_memory_pool_t p, void *data)
{
    gpu_t *g = data;
    return pool_cb(p, data, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, &g->dev_pool, &g->have_dev_pool);
}

static hsa_status_t host_pool_cb(hsa_amd_memory_pool_t p, void *data)
{
    gpu_t *g = data;
    hsa_status_t s = pool_cb(p, data, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, &g->host_pool, &g->have_host_pool);
    if (!g->have_host_pool)
        s = pool_cb(p, data, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT, &g->host_pool, &g->have_host_pool);
    return s;
}

static hsa_status_t kernarg_cb(hsa_region_t r, void *data)
{
    gpu_t *g = data;
    hsa_region_segment_t seg;
    uint32_t flags = 0;
    if (g->f.hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg) != HSA_STATUS_SUCCESS ||
        seg != HSA_REGION_SEGMENT_GLOBAL ||
        g->f.hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags) != HSA_STATUS_SUCCESS)
        return HSA_STATUS_SUCCESS;
    if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) {
        g->kernarg_region = r;
        g->have_kernarg = 1;
        return HSA_STATUS_INFO_BREAK;
    }
    return HSA_STATUS_SUCCESS;
}

static void queue_error_cb(hsa_status_t status, hsa_queue_t *source, void *data)
{
    (void)source;
    gpu_t *g = data;
    g->queue_error = status;
}

/* Choose the GPU for target (NULL: the first); GPU_OK or why not in msg. */
static gpu_status_t choose_gpu(gpu_t *g, const char *target, gpu_info_t *info, char *msg, size_t msglen)
{
    if (!g->ngpus) {
        snprintf(msg, msglen, "no GPU: the HSA runtime (%s) started but lists no GPU agent", HSA_LIB);
        return GPU_NO_DEVICE;
    }
    char seen[256] = "";
    size_t n = 0;
    for (size_t i = 0; i < g->ngpus; i++) {
        char t[64];
        agent_target(g, g->gpus[i], t);
        if (!target || strcmp(t, target) == 0) {
            g->agent = g->gpus[i];
            snprintf(info->target, sizeof info->target, "%s", t);
            return GPU_OK;
        }
        n += (size_t)snprintf(seen + n, n < sizeof seen ? sizeof seen - n : 0, "%s%s", i ? ", " : "", t);
        if (n >= sizeof seen)
            n = sizeof seen - 1;
    }
    snprintf(msg, msglen, "target mismatch: the code object is for %s, the GPU%s %s %s", target,
             g->ngpus == 1 ? "" : "s", g->ngpus == 1 ? "is" : "are", seen);
    return GPU_TARGET_MISMATCH;
}

static void read_info(gpu_t *g, gpu_info_t *info)
{
    char name[64] = "";
    if (g->f.hsa_agent_get_info(g->agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_PRODUCT_NAME, name) !=
        HSA_STATUS_SUCCESS)
        snprintf(name, sizeof name, "%s", info->target);
    name[63] = 0;
    snprintf(info->name, sizeof info->name, "%s", name);
    g->f.hsa_agent_get_info(g->agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &info->cus);
    g->f.hsa_agent_get_info(g->agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, &info->clock_mhz);
}

/* Memory pools, kernarg region, queue, timestamp frequency. */
static int setup_device(gpu_t *g, char *err, size_t errlen)
{
    g->f.hsa_amd_agent_iterate_memory_pools(g->agent, dev_pool_cb, g);
    if (g->have_cpu)
        g->f.hsa_amd_agent_iterate_memory_pools(g->cpu, host_pool_cb, g);
    g->f.hsa_agent_iterate_regions(g->agent, kernarg_cb, g);
    if (!g->have_dev_pool || !g->have_host_pool || !g->have_kernarg) {
        snprintf(err, errlen, "the runtime offers no %s", !g->have_dev_pool ? "coarse-grained GPU memory pool"
                                                          : !g->have_host_pool ? "system memory pool for staging"
                                                                               : "kernarg region");
        return -1;
    }
    CHECK(g->f.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &g->ts_freq), "hsa_system_get_info");
    if (!g->ts_freq) {
        snprintf(err, errlen, "the runtime reports a timestamp frequency of 0");
        return -1;
    }
    CHECK(g->f.hsa_queue_create(g->agent, QUEUE_PACKETS, HSA_QUEUE_TYPE_SINGLE, queue_error_cb, g, UINT32_MAX,
                                UINT32_MAX, &g->queue),
          "hsa_queue_create");
    CHECK(g->f.hsa_amd_profiling_set_profiler_enabled(g->queue, 1), "hsa_amd_profiling_set_profiler_enabled");
    return 0;
}

gpu_status_t gpu_open(const char *target, gpu_t **out, gpu_info_t *info, char *msg, size_t msglen)
{
    *out = NULL;
    memset(info, 0, sizeof *info);
    gpu_t *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(msg, msglen, "out of host memory");
        return GPU_ERROR;
    }
    gpu_status_t st = GPU_ERROR;
    const char *lib = getenv("GCNSIM_HSA_LIB");
    if (!lib || !*lib)
        lib = HSA_LIB;
    if (!(g->lib = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
        const char *e = dlerror();
        snprintf(msg, msglen, "no runtime: %s cannot be loaded (%.*s)", lib, e ? (int)strcspn(e, "\n") : 7,
                 e ? e : "unknown");
        gpu_close(g);
        return GPU_NO_RUNTIME;
    }
    if (load_symbols(g, msg, msglen))
        goto bad;
    hsa_status_t s = g->f.hsa_init();
    if (s != HSA_STATUS_SUCCESS) {
        const char *m = status_text(g, s);
        snprintf(msg, msglen, "no GPU: the HSA runtime does not start (hsa_init: %.*s)%s", (int)strcspn(m, ":\n"),
                 m, access("/dev/kfd", F_OK) ? "; /dev/kfd is absent" : "");
        st = GPU_NO_DEVICE;
        goto bad;
    }
    g->initialised = 1;
    g->f.hsa_iterate_agents(agent_cb, g);
    if ((st = choose_gpu(g, target, info, msg, msglen)) != GPU_OK)
        goto bad;
    read_info(g, info);
    struct link_map *lm = NULL;   /* the file the name resolved to */
    snprintf(info->runtime, sizeof info->runtime, "%s",
             dlinfo(g->lib, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && lm->l_name[0] ? lm->l_name : lib);
    if (setup_device(g, msg, msglen)) {
        st = GPU_ERROR;
        goto bad;
    }
    *out = g;
    return GPU_OK;
bad:
    gpu_close(g);
    return st;
}

void gpu_close(gpu_t *g)
{
    if (!g)
        return;
    if (g->initialised) {
        for (size_t i = 0; i < g->nexes; i++) {
            g->f.hsa_executable_destroy(g->exes[i]);
            g->f.hsa_code_object_reader_destroy(g->readers[i]);
        }
        for (size_t i = 0; i < g->nbufs; i++)
            g->f.hsa_amd_memory_pool_free(g->bufs[i]);
        if (g->queue)
            g->f.hsa_queue_destroy(g->queue);
        g->f.hsa_shut_down();
    }
    free(g->exes);
    free(g->readers);
    free(g->bufs);
    if (g->lib)
        dlclose(g->lib);
    free(g);
}

void gpu_platform(const gpu_t *g, sim_platform_t *p)
{
    const uint8_t *q = (const uint8_t *)g->queue;
    memcpy(&p->shared_base_hi, q + SIM_QUEUE_GROUP_APERTURE_HI, 4);
    memcpy(&p->private_base_hi, q + SIM_QUEUE_PRIVATE_APERTURE_HI, 4);
    p->queue_ptr = (uint64_t)(uintptr_t)g->queue;
}

/* ---- code objects ----------------------------------------------------- */

int gpu_load(gpu_t *g, const void *co, size_t size, const char *name, int co_version, uint64_t *kernel_object,
             char *err, size_t errlen)
{
    hsa_executable_t *ne = realloc(g->exes, (g->nexes + 1) * sizeof *ne);
    if (ne)
        g->exes = ne;
    hsa_code_object_reader_t *nr = realloc(g->readers, (g->nexes + 1) * sizeof *nr);
    if (nr)
        g->readers = nr;
    if (!ne || !nr) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    hsa_code_object_reader_t rd;
    hsa_executable_t ex;
    CHECK(g->f.hsa_code_object_reader_create_from_memory(co, size, &rd), "hsa_code_object_reader_create_from_memory");
    hsa_status_t s = g->f.hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, "", &ex);
    if (s != HSA_STATUS_SUCCESS) {
        g->f.hsa_code_object_reader_destroy(rd);
        return fail(g, s, "hsa_executable_create_alt", err, errlen);
    }
    g->exes[g->nexes] = ex;
    g->readers[g->nexes++] = rd;
    CHECK(g->f.hsa_executable_load_agent_code_object(ex, g->agent, rd, "", NULL),
          "hsa_executable_load_agent_code_object");
    CHECK(g->f.hsa_executable_freeze(ex, ""), "hsa_executable_freeze");
    char sym[512];
    snprintf(sym, sizeof sym, co_version >= 3 ? "%s.kd" : "%s", name);
    hsa_executable_symbol_t es;
    hsa_status_t ss = g->f.hsa_executable_get_symbol_by_name(ex, sym, &g->agent, &es);
    if (ss != HSA_STATUS_SUCCESS) {
        char what[600];
        snprintf(what, sizeof what, "hsa_executable_get_symbol_by_name(%s)", sym);
        return fail(g, ss, what, err, errlen);
    }
    CHECK(g->f.hsa_executable_symbol_get_info(es, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, kernel_object),
          "hsa_executable_symbol_get_info(KERNEL_OBJECT)");
    return 0;
}

/* ---- memory ----------------------------------------------------------- */

int gpu_alloc(gpu_t *g, uint64_t size, uint64_t *addr, char *err, size_t errlen)
{
    void **nb = realloc(g->bufs, (g->nbufs + 1) * sizeof *nb);
    if (!nb) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    g->bufs = nb;
    void *p = NULL;
    CHECK(g->f.hsa_amd_memory_pool_allocate(g->dev_pool, size ? size : 1, 0, &p), "hsa_amd_memory_pool_allocate");
    g->bufs[g->nbufs++] = p;
    *addr = (uint64_t)(uintptr_t)p;
    return 0;
}

/* Wait until signal s drops below 1, at most WAIT_SECONDS; 0 or -1 (err). */
static int wait_signal(gpu_t *g, hsa_signal_t s, const char *what, char *err, size_t errlen)
{
    for (int i = 0; i < WAIT_SECONDS; i++) {
        if (g->f.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 1, g->ts_freq, HSA_WAIT_STATE_BLOCKED) < 1)
            return 0;
        if (g->queue_error != HSA_STATUS_SUCCESS)
            return fail(g, g->queue_error, "the queue reported an error", err, errlen);
    }
    snprintf(err, errlen, "%s did not complete within %d s", what, WAIT_SECONDS);
    return -1;
}

/* Copy through a staging buffer in system memory: to the device (to_dev)
 * or from it. */
static int staged_copy(gpu_t *g, int to_dev, void *host, uint64_t dev, uint64_t size, char *err, size_t errlen)
{
    if (!size)
        return 0;
    void *stage = NULL;
    hsa_signal_t sig;
    CHECK(g->f.hsa_amd_memory_pool_allocate(g->host_pool, size, 0, &stage), "hsa_amd_memory_pool_allocate(staging)");
    int rc = -1;
    hsa_status_t s = g->f.hsa_amd_agents_allow_access(1, &g->agent, NULL, stage);
    if (s != HSA_STATUS_SUCCESS) {
        fail(g, s, "hsa_amd_agents_allow_access", err, errlen);
        goto out;
    }
    if ((s = g->f.hsa_signal_create(1, 0, NULL, &sig)) != HSA_STATUS_SUCCESS) {
        fail(g, s, "hsa_signal_create", err, errlen);
        goto out;
    }
    void *dptr = (void *)(uintptr_t)dev;
    if (to_dev) {
        memcpy(stage, host, size);
        s = g->f.hsa_amd_memory_async_copy(dptr, g->agent, stage, g->cpu, size, 0, NULL, sig);
    } else
        s = g->f.hsa_amd_memory_async_copy(stage, g->cpu, dptr, g->agent, size, 0, NULL, sig);
    if (s != HSA_STATUS_SUCCESS)
        fail(g, s, "hsa_amd_memory_async_copy", err, errlen);
    else if (wait_signal(g, sig, "a copy", err, errlen) == 0) {
        if (!to_dev)
            memcpy(host, stage, size);
        rc = 0;
    }
    g->f.hsa_signal_destroy(sig);
out:
    g->f.hsa_amd_memory_pool_free(stage);
    return rc;
}

int gpu_write(gpu_t *g, uint64_t dst, const void *src, uint64_t size, char *err, size_t errlen)
{
    return staged_copy(g, 1, (void *)(uintptr_t)src, dst, size, err, errlen);
}

int gpu_read(gpu_t *g, void *dst, uint64_t src, uint64_t size, char *err, size_t errlen)
{
    return staged_copy(g, 0, dst, src, size, err, errlen);
}

/* ---- dispatch --------------------------------------------------------- */

/* Write the packet's body, then publish its header and ring the doorbell. */
static void submit(gpu_t *g, const gpu_dispatch_t *d, void *ka, hsa_signal_t done)
{
    uint64_t index = g->f.hsa_queue_add_write_index_screlease(g->queue, 1);
    while (index - g->f.hsa_queue_load_read_index_scacquire(g->queue) >= g->queue->size)
        ;   /* the ring is full: wait for the packet processor */
    hsa_kernel_dispatch_packet_t *p =
        (hsa_kernel_dispatch_packet_t *)g->queue->base_address + (index & (g->queue->size - 1));
    memset((uint8_t *)p + 4, 0, sizeof *p - 4);
    p->workgroup_size_x = (uint16_t)d->local[0];
    p->workgroup_size_y = (uint16_t)d->local[1];
    p->workgroup_size_z = (uint16_t)d->local[2];
    p->grid_size_x = d->grid[0];
    p->grid_size_y = d->grid[1];
    p->grid_size_z = d->grid[2];
    p->private_segment_size = d->private_segment_size;
    p->group_segment_size = d->group_segment_size;
    p->kernel_object = d->kernel_object;
    p->kernarg_address = ka;
    p->completion_signal = done;
    uint16_t header = (uint16_t)(HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE |
                                 1u << HSA_PACKET_HEADER_BARRIER |
                                 HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
                                 HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
    uint16_t setup = (uint16_t)(d->dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
    __atomic_store_n((uint32_t *)p, (uint32_t)header | (uint32_t)setup << 16, __ATOMIC_RELEASE);
    g->f.hsa_signal_store_screlease(g->queue->doorbell_signal, (hsa_signal_value_t)index);
}

int gpu_dispatch(gpu_t *g, const gpu_dispatch_t *d, const void *ka, uint32_t size, uint64_t *ns, char *err,
                 size_t errlen)
{
    void *kseg = NULL;
    hsa_signal_t done;
    CHECK(g->f.hsa_memory_allocate(g->kernarg_region, size ? size : 16, &kseg), "hsa_memory_allocate(kernarg)");
    memcpy(kseg, ka, size);
    hsa_status_t s = g->f.hsa_signal_create(1, 0, NULL, &done);
    if (s != HSA_STATUS_SUCCESS) {
        g->f.hsa_memory_free(kseg);
        return fail(g, s, "hsa_signal_create", err, errlen);
    }
    submit(g, d, kseg, done);
    int rc = wait_signal(g, done, "the kernel", err, errlen);
    hsa_amd_profiling_dispatch_time_t t = {0, 0};
    if (rc == 0 && (s = g->f.hsa_amd_profiling_get_dispatch_time(g->agent, done, &t)) != HSA_STATUS_SUCCESS)
        rc = fail(g, s, "hsa_amd_profiling_get_dispatch_time", err, errlen);
    if (rc == 0) {
        uint64_t ticks = t.end > t.start ? t.end - t.start : 0;
        *ns = (uint64_t)((long double)ticks * 1e9L / (long double)g->ts_freq + 0.5L);
    }
    g->f.hsa_signal_destroy(done);
    g->f.hsa_memory_free(kseg);
    return rc;
}
