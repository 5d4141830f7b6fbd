/* kmt_mem.c — memory: allocations are anonymous host mappings whose GPU
 * address is their host address, each mapped into the simulator's memory
 * as it is (so a kernel reads and writes the runtime's buffers in place);
 * registered user memory is mapped the same way.  The list here keeps
 * what hsaKmtQueryPointerInfo reports. */
#include <stdlib.h>
#include <string.h>
#include "front/kmt/kmt.h"

typedef struct {
    uint64_t addr, size;
    HsaMemFlags flags;
    HSAuint32 node;
    int registered;             /* user memory (hsaKmtRegisterMemoryWithFlags), not ours to unmap */
    uint64_t seq;               /* registered: how many were registered before it */
    int want_sim;               /* to be mapped into kmt.mem (all but the runtime's scratch pool) */
    int in_sim;                 /* mapped into kmt.mem */
    int dead;                   /* freed or deregistered: to leave kmt.mem, then the list */
    mem_region_t *reg;          /* while want_sim: what kmt_mem_miss shows a running kernel */
    void *user_data;
} kmt_alloc_t;

static pthread_mutex_t alloc_lock = PTHREAD_MUTEX_INITIALIZER;   /* allocs, the arena */
static kmt_alloc_t *allocs;
static size_t nallocs, cap;
static int pending;            /* changes kmt.mem has not caught up with (atomic) */
static uint64_t nregistered;   /* user ranges registered so far (alloc_lock) */

/* Where the cycle model times registered range number seq (at addr): a
 * window of 1 TiB of its own above the host's address space, in the
 * order the runtime registered them.  User memory lies where the host's
 * allocator put it, which differs between runs with the timing of the
 * runtime's own threads; its caches, channels and DRAM rows then do not
 * (mem_set_timing_base). */
static uint64_t timing_base(uint64_t seq, uint64_t addr)
{
    return 0x800000000000ull + (seq << 40) + (addr & 0xfff);
}

static const HSAuint32 gpu_node[1] = {KMT_GPU_NODE};

/* The live allocation containing addr (alloc_lock held), or NULL. */
static kmt_alloc_t *find(uint64_t addr)
{
    for (size_t i = 0; i < nallocs; i++)
        if (!allocs[i].dead && addr - allocs[i].addr < (allocs[i].size ? allocs[i].size : 1))
            return &allocs[i];
    return NULL;
}

/* Bring entry a into kmt.mem, or out of it and the list if dead (both
 * locks held); 1 when it mapped something, else 0. */
static int sync_one(size_t i)
{
    kmt_alloc_t *a = &allocs[i];
    if (a->dead) {
        free(a->reg);
        if (a->in_sim)
            mem_free_at(&kmt.mem, a->addr);
        kmt_code_freed(a->addr, a->size);
        if (!a->registered)
            kmt_arena_free((void *)(uintptr_t)a->addr, a->size);
        *a = allocs[--nallocs];
        return -1;   /* the slot holds another entry now */
    }
    if (a->want_sim && !a->in_sim) {
        a->in_sim = mem_map_host(&kmt.mem, a->addr, a->size, (void *)(uintptr_t)a->addr,
                                 a->registered ? "user memory" : "memory") == 0;
        if (a->in_sim && a->registered)
            mem_set_timing_base(&kmt.mem, a->addr, timing_base(a->seq, a->addr));
        a->want_sim = 0;   /* once: a range that overlaps (registered inside ours) stays out */
        free(a->reg);
        a->reg = NULL;
        return a->in_sim;
    }
    return 0;
}

int kmt_mem_sync(void)
{
    if (!__atomic_load_n(&pending, __ATOMIC_ACQUIRE))
        return 0;
    int mapped = 0;
    pthread_mutex_lock(&alloc_lock);
    __atomic_store_n(&pending, 0, __ATOMIC_RELEASE);
    for (size_t i = 0; i < nallocs;) {
        int r = sync_one(i);
        mapped += r > 0;
        i += r >= 0;
    }
    pthread_mutex_unlock(&alloc_lock);
    return mapped;
}

const mem_region_t *kmt_mem_miss(uint64_t addr)
{
    if (!__atomic_load_n(&pending, __ATOMIC_ACQUIRE))
        return NULL;
    pthread_mutex_lock(&alloc_lock);
    kmt_alloc_t *a = find(addr);
    const mem_region_t *r = a && a->want_sim && !a->in_sim ? a->reg : NULL;
    pthread_mutex_unlock(&alloc_lock);
    return r;
}

/* The list changed (alloc_lock not held): kmt.mem catches up now if no
 * kernel runs, else when it next misses or after its packet. */
static void changed(void)
{
    __atomic_store_n(&pending, 1, __ATOMIC_RELEASE);
    if (pthread_mutex_trylock(&kmt.lock) == 0) {
        kmt_mem_sync();
        pthread_mutex_unlock(&kmt.lock);
    }
}

/* Record an allocation (alloc_lock held); 0, or -1 when out of memory. */
static int add(uint64_t addr, uint64_t size, HsaMemFlags flags, HSAuint32 node, int registered)
{
    if (nallocs == cap) {
        size_t c = cap ? 2 * cap : 64;
        kmt_alloc_t *a = realloc(allocs, c * sizeof *a);
        if (!a)
            return -1;
        allocs = a;
        cap = c;
    }
    kmt_alloc_t *a = &allocs[nallocs++];
    memset(a, 0, sizeof *a);
    a->addr = addr;
    a->size = size;
    a->flags = flags;
    a->node = node;
    a->registered = registered;
    a->seq = registered ? nregistered++ : 0;
    a->want_sim = !flags.ui32.Scratch;   /* the runtime's scratch pool stays out: the simulator supplies scratch */
    if (a->want_sim && !(a->reg = calloc(1, sizeof *a->reg))) {
        nallocs--;
        return -1;
    }
    if (a->reg) {
        a->reg->base = addr;
        a->reg->size = size;
        a->reg->data = (uint8_t *)(uintptr_t)addr;
        a->reg->ext = 1;
        strcpy(a->reg->name, registered ? "user memory" : "memory");
    }
    return 0;
}

HSAKMT_STATUS hsaKmtAllocMemory(HSAuint32 node, HSAuint64 size, HsaMemFlags flags, void **out)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!out || size == 0)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    if (node >= KMT_NODES)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    uint64_t len = (size + 0xfff) & ~0xfffull;
    pthread_mutex_lock(&alloc_lock);
    void *p = kmt_arena_alloc(len);
    int bad = !p || add((uint64_t)(uintptr_t)p, len, flags, node, 0);
    if (bad && p)
        kmt_arena_free(p, len);
    pthread_mutex_unlock(&alloc_lock);
    if (bad)
        return HSAKMT_STATUS_NO_MEMORY;
    changed();
    *out = p;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtFreeMemory(void *addr, HSAuint64 size)
{
    (void)size;
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&alloc_lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)addr);
    HSAKMT_STATUS st = HSAKMT_STATUS_INVALID_PARAMETER;
    if (a && !a->registered && a->addr == (uint64_t)(uintptr_t)addr) {
        a->dead = 1;
        st = HSAKMT_STATUS_SUCCESS;
    }
    pthread_mutex_unlock(&alloc_lock);
    if (st == HSAKMT_STATUS_SUCCESS)
        changed();
    return st;
}

HSAKMT_STATUS hsaKmtRegisterMemoryWithFlags(void *addr, HSAuint64 size, HsaMemFlags flags)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!addr || size == 0)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    pthread_mutex_lock(&alloc_lock);
    HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;
    int added = 0;
    if (find((uint64_t)(uintptr_t)addr))
        st = HSAKMT_STATUS_SUCCESS;   /* memory of ours, or registered already: mapped as it is */
    else if (add((uint64_t)(uintptr_t)addr, size, flags, 0, 1))
        st = HSAKMT_STATUS_NO_MEMORY;
    else
        added = 1;
    pthread_mutex_unlock(&alloc_lock);
    if (added)
        changed();
    return st;
}

HSAKMT_STATUS hsaKmtDeregisterMemory(void *addr)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&alloc_lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)addr);
    HSAKMT_STATUS st = a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
    int gone = a && a->registered && a->addr == (uint64_t)(uintptr_t)addr;
    if (gone)
        a->dead = 1;
    pthread_mutex_unlock(&alloc_lock);
    if (gone)
        changed();
    return st;
}

/* Mapping: every allocation is mapped at its host address from the start. */
static HSAKMT_STATUS map(void *addr, HSAuint64 *alt)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&alloc_lock);
    int known = find((uint64_t)(uintptr_t)addr) != NULL;
    pthread_mutex_unlock(&alloc_lock);
    if (!known)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    if (alt)
        *alt = (uint64_t)(uintptr_t)addr;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtMapMemoryToGPU(void *addr, HSAuint64 size, HSAuint64 *alt)
{
    (void)size;
    return map(addr, alt);
}

HSAKMT_STATUS hsaKmtMapMemoryToGPUNodes(void *addr, HSAuint64 size, HSAuint64 *alt, HsaMemMapFlags flags,
                                        HSAuint64 nnodes, HSAuint32 *nodes)
{
    (void)size;
    (void)flags;
    for (HSAuint64 i = 0; nodes && i < nnodes; i++)
        if (nodes[i] != KMT_GPU_NODE)
            return HSAKMT_STATUS_INVALID_NODE_UNIT;
    return map(addr, alt);
}

HSAKMT_STATUS hsaKmtUnmapMemoryToGPU(void *addr)
{
    return map(addr, NULL);
}

HSAKMT_STATUS hsaKmtQueryPointerInfo(const void *ptr, HsaPointerInfo *info)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!info)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    memset(info, 0, sizeof *info);
    pthread_mutex_lock(&alloc_lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)ptr);
    if (a) {
        info->Type = a->registered ? HSA_POINTER_REGISTERED_USER : HSA_POINTER_ALLOCATED;
        info->Node = a->node;
        info->MemFlags = a->flags;
        info->CPUAddress = (void *)(uintptr_t)a->addr;
        info->GPUAddress = a->addr;
        info->SizeInBytes = a->size;
        info->NRegisteredNodes = info->NMappedNodes = 1;
        info->RegisteredNodes = info->MappedNodes = gpu_node;
        info->UserData = a->user_data;
    }
    pthread_mutex_unlock(&alloc_lock);
    return a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_ERROR;
}

HSAKMT_STATUS hsaKmtSetMemoryUserData(const void *ptr, void *user_data)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&alloc_lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)ptr);
    if (a)
        a->user_data = user_data;
    pthread_mutex_unlock(&alloc_lock);
    return a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_PARAMETER;
}

int kmt_mem_add_host(void *p, uint64_t size, const char *what)
{
    (void)what;
    HsaMemFlags flags = {0};
    pthread_mutex_lock(&alloc_lock);
    int bad = add((uint64_t)(uintptr_t)p, size, flags, 0, 1);
    pthread_mutex_unlock(&alloc_lock);
    if (!bad)
        changed();
    return bad ? -1 : 0;
}

void kmt_mem_close(void)
{
    __atomic_store_n(&pending, 0, __ATOMIC_RELEASE);
    for (size_t i = 0; i < nallocs; i++)
        free(allocs[i].reg);
    kmt_arena_close();
    free(allocs);
    allocs = NULL;
    nallocs = cap = 0;
}
