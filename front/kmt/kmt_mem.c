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
    int in_sim;                 /* mapped into kmt.mem */
    void *user_data;
} kmt_alloc_t;

static kmt_alloc_t *allocs;
static size_t nallocs, cap;
static const HSAuint32 gpu_node[1] = {KMT_GPU_NODE};

/* The allocation containing addr (lock held), or NULL. */
static kmt_alloc_t *find(uint64_t addr)
{
    for (size_t i = 0; i < nallocs; i++)
        if (addr - allocs[i].addr < (allocs[i].size ? allocs[i].size : 1))
            return &allocs[i];
    return NULL;
}

/* Record an allocation (lock held); 0, or -1 when out of memory. */
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
    /* the runtime's scratch pool stays out: the simulator supplies scratch */
    a->in_sim = !flags.ui32.Scratch &&
                mem_map_host(&kmt.mem, addr, size, (void *)(uintptr_t)addr, registered ? "user memory" : "memory") == 0;
    return 0;
}

/* Forget allocation a (lock held). */
static void drop(kmt_alloc_t *a)
{
    if (a->in_sim)
        mem_free_at(&kmt.mem, a->addr);
    kmt_code_freed(a->addr, a->size);
    *a = allocs[--nallocs];
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
    pthread_mutex_lock(&kmt.lock);
    void *p = kmt_arena_alloc(len);
    int bad = !p || add((uint64_t)(uintptr_t)p, len, flags, node, 0);
    if (bad && p)
        kmt_arena_free(p, len);
    pthread_mutex_unlock(&kmt.lock);
    if (bad)
        return HSAKMT_STATUS_NO_MEMORY;
    *out = p;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtFreeMemory(void *addr, HSAuint64 size)
{
    (void)size;
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&kmt.lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)addr);
    HSAKMT_STATUS st = HSAKMT_STATUS_INVALID_PARAMETER;
    if (a && !a->registered && a->addr == (uint64_t)(uintptr_t)addr) {
        void *p = (void *)(uintptr_t)a->addr;
        uint64_t len = a->size;
        drop(a);
        kmt_arena_free(p, len);
        st = HSAKMT_STATUS_SUCCESS;
    }
    pthread_mutex_unlock(&kmt.lock);
    return st;
}

HSAKMT_STATUS hsaKmtRegisterMemoryWithFlags(void *addr, HSAuint64 size, HsaMemFlags flags)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!addr || size == 0)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    pthread_mutex_lock(&kmt.lock);
    HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;
    if (find((uint64_t)(uintptr_t)addr))
        st = HSAKMT_STATUS_SUCCESS;   /* memory of ours, or registered already: mapped as it is */
    else if (add((uint64_t)(uintptr_t)addr, size, flags, 0, 1))
        st = HSAKMT_STATUS_NO_MEMORY;
    pthread_mutex_unlock(&kmt.lock);
    return st;
}

HSAKMT_STATUS hsaKmtDeregisterMemory(void *addr)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&kmt.lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)addr);
    HSAKMT_STATUS st = a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
    if (a && a->registered && a->addr == (uint64_t)(uintptr_t)addr)
        drop(a);
    pthread_mutex_unlock(&kmt.lock);
    return st;
}

/* Mapping: every allocation is mapped at its host address from the start. */
static HSAKMT_STATUS map(void *addr, HSAuint64 *alt)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&kmt.lock);
    int known = find((uint64_t)(uintptr_t)addr) != NULL;
    pthread_mutex_unlock(&kmt.lock);
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
    pthread_mutex_lock(&kmt.lock);
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
    pthread_mutex_unlock(&kmt.lock);
    return a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_ERROR;
}

HSAKMT_STATUS hsaKmtSetMemoryUserData(const void *ptr, void *user_data)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&kmt.lock);
    kmt_alloc_t *a = find((uint64_t)(uintptr_t)ptr);
    if (a)
        a->user_data = user_data;
    pthread_mutex_unlock(&kmt.lock);
    return a ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_PARAMETER;
}

void kmt_mem_close(void)
{
    kmt_arena_close();
    free(allocs);
    allocs = NULL;
    nallocs = cap = 0;
}
