/* kmt_topo.c — the system's topology: node 0 the host CPU, node 1 the
 * simulated GPU with the preset's properties (target, CUs, SIMDs, wave
 * slots, LDS, caches, clock, memory and its apertures), one PCIe link
 * between them. */
#include <string.h>
#include <unistd.h>
#include "front/kmt/kmt.h"
#include "sim/kernel.h"

enum { GPU_MEM_BANKS = 3, GPU_CACHES = 2, CPU_MEM_BANKS = 1, SIMDS_PER_CU = 4, LDS_KIB = 64, L1_KIB = 16 };
/* The GPU's aperture of the flat address space's LDS and scratch windows:
 * where the simulator puts them (sim/kernel.h). */
#define APERTURE_SIZE (1ull << 32)

/* PCI device ids of the boards the presets model (0 if none). */
static uint16_t device_id(const char *preset)
{
    static const struct { const char *name; uint16_t id; } ids[] = {
        {"r9-290x", 0x67b0}, {"r9-nano", 0x7300}, {"rx-480", 0x67df}, {"vega-64", 0x687f}, {"mi50", 0x66af},
    };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (!strcmp(ids[i].name, preset))
            return ids[i].id;
    return 0;
}

/* "gfx900" into major 9, minor 0, stepping 0 ("gfx90a": stepping 10). */
static void engine_id(const char *gfx, HSA_ENGINE_ID *e)
{
    const char *d = gfx + 3;
    size_t n = strlen(d);
    e->ui32.Major = n >= 3 ? (unsigned)(d[0] - '0') : 0;
    e->ui32.Minor = n >= 3 ? (unsigned)(d[1] - '0') : 0;
    char s = n >= 3 ? d[2] : '0';
    e->ui32.Stepping = s >= 'a' ? (unsigned)(s - 'a' + 10) : (unsigned)(s - '0');
    e->ui32.uCode = 730;   /* a current compute microcode: ROCr works around older ones */
}

static void set_name16(HSAuint16 *dst, const char *s)
{
    for (size_t i = 0; i < HSA_PUBLIC_NAME_SIZE - 1 && s[i]; i++)
        dst[i] = (HSAuint16)(unsigned char)s[i];
}

static void cpu_props(HsaNodeProperties *p)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    p->NumCPUCores = n > 0 ? (HSAuint32)n : 1;
    p->NumMemoryBanks = CPU_MEM_BANKS;
    p->NumCaches = 1;
    p->NumIOLinks = 1;
    p->MaxEngineClockMhzCCompute = 1000;
    set_name16(p->MarketingName, "gcnsim host CPU");
    strcpy((char *)p->AMDName, "CPU");
}

static void gpu_props(HsaNodeProperties *p)
{
    const device_t *d = &kmt.dev;
    uint32_t cus = d->p[DEV_cus], ses = d->p[DEV_shader_engines] ? d->p[DEV_shader_engines] : 1;
    p->NumFComputeCores = cus * SIMDS_PER_CU;
    p->NumMemoryBanks = GPU_MEM_BANKS;
    p->NumCaches = GPU_CACHES;
    p->NumIOLinks = 1;
    p->FComputeIdLo = 0x80000000u;
    p->Capability.ui32.QueueSizePowerOfTwo = 1;
    p->Capability.ui32.QueueSize32bit = 1;
    p->Capability.ui32.DoorbellType = 2;   /* 64-bit doorbells that take the write index (AQL) */
    p->MaxWavesPerSIMD = d->p[DEV_wave_slots];
    p->LDSSizeInKB = LDS_KIB;
    p->WaveFrontSize = 64;
    p->NumShaderBanks = ses;
    p->NumArrays = 1;
    p->NumCUPerArray = cus / ses;
    p->NumSIMDPerCU = SIMDS_PER_CU;
    p->MaxSlotsScratchCU = 32;
    engine_id(kmt.t->name, &p->EngineId);
    p->VendorId = 0x1002;
    p->DeviceId = device_id(d->name);
    p->LocalMemSize = (uint64_t)d->p[DEV_mem_mib] << 20;
    p->MaxEngineClockMhzFCompute = d->p[DEV_clock_mhz];
    p->MaxEngineClockMhzCCompute = 1000;
    p->DrmRenderMinor = 128;
    set_name16(p->MarketingName, d->product);
    strncpy((char *)p->AMDName, kmt.t->name, HSA_PUBLIC_NAME_SIZE - 1);
    p->NumCpQueues = 24;
    p->UniqueID = 0x67636e73u;
    p->VGPRSizePerCU = SIMDS_PER_CU * 256 * 64 * 4;
    p->SGPRSizePerCU = SIMDS_PER_CU * 800 * 4;
}

HSAKMT_STATUS kmt_node_props(HSAuint32 node, HsaNodeProperties *p)
{
    memset(p, 0, sizeof *p);
    if (node == 0)
        cpu_props(p);
    else
        gpu_props(p);
    return HSAKMT_STATUS_SUCCESS;
}

/* Checks shared by the getters: open, a node that exists, a buffer. */
static HSAKMT_STATUS check(HSAuint32 node, const void *out)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (node >= KMT_NODES)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    return out ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_PARAMETER;
}

HSAKMT_STATUS hsaKmtAcquireSystemProperties(HsaSystemProperties *s)
{
    HSAKMT_STATUS st = check(0, s);
    if (st != HSAKMT_STATUS_SUCCESS)
        return st;
    memset(s, 0, sizeof *s);
    s->NumNodes = KMT_NODES;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtReleaseSystemProperties(void)
{
    return kmt_is_open() ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

HSAKMT_STATUS hsaKmtGetNodeProperties(HSAuint32 node, HsaNodeProperties *p)
{
    HSAKMT_STATUS st = check(node, p);
    return st != HSAKMT_STATUS_SUCCESS ? st : kmt_node_props(node, p);
}

static void host_memory(HsaMemoryProperties *m)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    m->HeapType = HSA_HEAPTYPE_SYSTEM;
    m->SizeInBytes = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 1ull << 30;
    m->Width = 64;
}

static void gpu_memory(HsaMemoryProperties *m, HSAuint32 n)
{
    static const HSA_HEAPTYPE heaps[GPU_MEM_BANKS] = {HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE, HSA_HEAPTYPE_GPU_LDS,
                                                      HSA_HEAPTYPE_GPU_SCRATCH};
    static const uint64_t bases[GPU_MEM_BANKS] = {0, SIM_SHARED_APERTURE, SIM_PRIVATE_APERTURE};
    for (HSAuint32 i = 0; i < n && i < GPU_MEM_BANKS; i++) {
        m[i].HeapType = heaps[i];
        m[i].SizeInBytes = i == 0 ? (uint64_t)kmt.dev.p[DEV_mem_mib] << 20 : APERTURE_SIZE;
        m[i].VirtualBaseAddress = bases[i];
        m[i].Width = 2048;
        m[i].MemoryClockMax = 945;
    }
}

HSAKMT_STATUS hsaKmtGetNodeMemoryProperties(HSAuint32 node, HSAuint32 n, HsaMemoryProperties *m)
{
    HSAKMT_STATUS st = check(node, m);
    if (st != HSAKMT_STATUS_SUCCESS)
        return st;
    memset(m, 0, n * sizeof *m);
    if (node == 0 && n > 0)
        host_memory(m);
    else if (node == KMT_GPU_NODE)
        gpu_memory(m, n);
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtGetNodeCacheProperties(HSAuint32 node, HSAuint32 proc, HSAuint32 n, HsaCacheProperties *c)
{
    HSAKMT_STATUS st = check(node, c);
    if (st != HSAKMT_STATUS_SUCCESS)
        return st;
    memset(c, 0, n * sizeof *c);
    if (node != KMT_GPU_NODE) {
        if (n > 0) {   /* the host's: one first-level data cache the runtime asks for */
            c->ProcessorIdLow = proc;
            c->CacheLevel = 1;
            c->CacheSize = 32;
            c->CacheLineSize = 64;
            c->CacheLinesPerTag = 1;
            c->CacheAssociativity = 8;
            c->CacheType.ui32.Data = 1;
            c->CacheType.ui32.CPU = 1;
        }
        return HSAKMT_STATUS_SUCCESS;
    }
    for (HSAuint32 i = 0; i < n && i < GPU_CACHES; i++) {
        c[i].ProcessorIdLow = proc;
        c[i].CacheLevel = i + 1;
        c[i].CacheSize = i == 0 ? L1_KIB : kmt.dev.p[DEV_l2_kib];   /* KiB */
        c[i].CacheLineSize = 64;
        c[i].CacheLinesPerTag = 1;
        c[i].CacheAssociativity = i == 0 ? kmt.dev.p[DEV_l1_ways] : kmt.dev.p[DEV_l2_ways];
        c[i].CacheType.ui32.Data = 1;
        c[i].CacheType.ui32.HSACU = 1;
        c[i].SiblingMap[0] = 1;
    }
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtGetNodeIoLinkProperties(HSAuint32 node, HSAuint32 n, HsaIoLinkProperties *l)
{
    HSAKMT_STATUS st = check(node, l);
    if (st != HSAKMT_STATUS_SUCCESS)
        return st;
    memset(l, 0, n * sizeof *l);
    if (n == 0)
        return HSAKMT_STATUS_SUCCESS;
    l->IoLinkType = HSA_IOLINKTYPE_PCIEXPRESS;
    l->NodeFrom = node;
    l->NodeTo = node == 0 ? KMT_GPU_NODE : 0;
    l->Weight = 20;
    return HSAKMT_STATUS_SUCCESS;
}
