/* kmt_misc.c — the entry points with nothing to simulate: memory policy
 * and the trap handler (accepted: the simulator has no caches to steer
 * and reports faults itself), tiling (none), and what needs another
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

HSAKMT_STATUS hsaKmtGetTileConfig(HSAuint32 node, HsaGpuTileConfig *config)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (node != KMT_GPU_NODE)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    if (!config)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    config->NumTileConfigs = 0;
    config->NumMacroTileConfigs = 0;
    config->GbAddrConfig = 0;
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
