/* kmt_misc.c — the entry points with nothing to simulate: memory policy
 * and the trap handler (accepted: the simulator has no caches to steer
 * and reports faults itself), tiling (every surface linear), and what needs another
 * driver or process (graphics interop, sharing memory between
 * processes, shared virtual memory ranges: not supported). */
#include <string.h>
#include "front/kmt/kmt.h"

static HSAKMT_STATUS opened(HSAKMT_STATUS st)
{
    return kmt_is_open() ? st : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

HSAKMT_STATUS hsaKmtSetMemoryPolicy(HSAuint32 node, HSAuint32 def, HSAuint32 alt, void *alt_addr, HSAuint64 size)
{
    (void)def;
    (void)alt;
    (void)alt_addr;
    (void)size;
    return opened(node == KMT_GPU_NODE ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT);
}

HSAKMT_STATUS hsaKmtSetTrapHandler(HSAuint32 node, void *code, HSAuint64 code_size, void *buf, HSAuint64 buf_size)
{
    (void)code;
    (void)code_size;
    (void)buf;
    (void)buf_size;
    return opened(node == KMT_GPU_NODE ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT);
}

/* The tiling tables of a gfx7/gfx8 GPU (GB_TILE_MODE0-31 and
 * GB_MACROTILE_MODE0-15, which the runtime's address library reads for
 * images): every mode linear-aligned (ARRAY_MODE 1 in bits 2-5; PIPE_CONFIG
 * P8_32x32_16x16, 12, in bits 6-10), the layout gcnsim's image
 * instructions read; gfx9 reads none of them. */
enum { TILE_MODES = 32, MACRO_MODES = 16, TILE_LINEAR_ALIGNED = 1u << 2 | 12u << 6 };

HSAKMT_STATUS hsaKmtGetTileConfig(HSAuint32 node, HsaGpuTileConfig *config)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (node != KMT_GPU_NODE)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    if (!config)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    int tiled = kmt.t->gen < ISA_GFX9;
    HSAuint32 nt = tiled ? TILE_MODES : 0, nm = tiled ? MACRO_MODES : 0;
    if ((nt && (!config->TileConfig || config->NumTileConfigs < nt)) ||
        (nm && (!config->MacroTileConfig || config->NumMacroTileConfigs < nm)))
        return HSAKMT_STATUS_BUFFER_TOO_SMALL;
    for (HSAuint32 i = 0; i < nt; i++)
        config->TileConfig[i] = TILE_LINEAR_ALIGNED;
    for (HSAuint32 i = 0; i < nm; i++)
        config->MacroTileConfig[i] = 0;
    config->NumTileConfigs = nt;
    config->NumMacroTileConfigs = nm;
    config->GbAddrConfig = 0;   /* 256-byte pipe interleave, 1 KiB rows */
    config->NumBanks = 0;
    config->NumRanks = 0;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtShareMemory(void *addr, HSAuint64 size, HsaSharedMemoryHandle *handle)
{
    (void)addr;
    (void)size;
    (void)handle;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}

HSAKMT_STATUS hsaKmtRegisterSharedHandle(const HsaSharedMemoryHandle *handle, void **addr, HSAuint64 *size)
{
    (void)handle;
    (void)addr;
    (void)size;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}

HSAKMT_STATUS hsaKmtRegisterSharedHandleToNodes(const HsaSharedMemoryHandle *handle, void **addr, HSAuint64 *size,
                                                HSAuint64 nnodes, HSAuint32 *nodes)
{
    (void)handle;
    (void)addr;
    (void)size;
    (void)nnodes;
    (void)nodes;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}

HSAKMT_STATUS hsaKmtRegisterGraphicsHandleToNodes(HSAuint64 handle, HsaGraphicsResourceInfo *info, HSAuint64 nnodes,
                                                  HSAuint32 *nodes)
{
    (void)handle;
    (void)info;
    (void)nnodes;
    (void)nodes;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}

HSAKMT_STATUS hsaKmtSVMSetAttr(void *start, HSAuint64 size, unsigned int n, HSA_SVM_ATTRIBUTE *attrs)
{
    (void)start;
    (void)size;
    (void)n;
    (void)attrs;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}

HSAKMT_STATUS hsaKmtSVMGetAttr(void *start, HSAuint64 size, unsigned int n, HSA_SVM_ATTRIBUTE *attrs)
{
    (void)start;
    (void)size;
    (void)n;
    (void)attrs;
    return opened(HSAKMT_STATUS_NOT_SUPPORTED);
}
