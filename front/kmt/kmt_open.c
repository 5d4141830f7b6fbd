/* kmt_open.c — opening and closing the library, its version, the
 * runtime's registration and the clock counters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "front/kmt/kmt.h"

kmt_state_t kmt = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The interface version reported: 1.8 is what the amdgpu driver of the
 * ROCm 5.2 era reports, and more than ROCr 5.2.3 checks for (1.1). */
enum { KMT_IF_MAJOR = 1, KMT_IF_MINOR = 8 };

int kmt_is_open(void)
{
    return kmt.opened > 0;
}

uint64_t kmt_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* GCNSIM_SET's "K=V,K=V" split into sets[] (at most max); their count. */
static size_t split_sets(char *s, const char **sets, size_t max)
{
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(s, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save))
        sets[n++] = t;
    return n;
}

/* The device GCNSIM_DEVICE and GCNSIM_SET select into kmt.dev; 0, or -1
 * with one line on stderr (the first time: the runtime tries again). */
static int load_device(void)
{
    static int said;
    if (said)
        return -1;
    said = 1;
    const char *env = getenv("GCNSIM_DEVICE"), *senv = getenv("GCNSIM_SET");
    const char *name = env && env[0] ? env : "vega-64";
    if (strchr(name, ',')) {
        fprintf(stderr, "gcnsim HSA: GCNSIM_DEVICE: %s names several presets; HIP programs get one simulated GPU "
                "(one --device)\n", name);
        return -1;
    }
    const device_t *p = dev_preset(name);
    if (!p) {
        fprintf(stderr, "gcnsim HSA: GCNSIM_DEVICE: unknown device preset '%s' (see gcnsim devices)\n", name);
        return -1;
    }
    kmt.dev = *p;
    char *buf = strdup(senv ? senv : ""), err[512];
    const char *sets[64];
    size_t n = buf ? split_sets(buf, sets, 64) : 0;
    int bad = dev_set_all(&kmt.dev, sets, n, err, sizeof err);
    free(buf);
    if (bad) {
        fprintf(stderr, "gcnsim HSA: GCNSIM_SET: %s\n", err);
        return -1;
    }
    kmt.t = isa_target_by_name(p->target);
    if (!kmt.t || kmt.t->gen < ISA_GFX7) {
        fprintf(stderr, "gcnsim HSA: GCNSIM_DEVICE: %s (%s) is not a target of the HSA runtime; it runs OpenCL "
                "programs only\n", name, p->target);
        return -1;
    }
    said = 0;
    return 0;
}

/* kmt.mem's on_miss hook (kmt_mem_miss). */
static const mem_region_t *miss(void *arg, uint64_t addr)
{
    (void)arg;
    return kmt_mem_miss(addr);
}

HSAKMT_STATUS hsaKmtOpenKFD(void)
{
    pthread_mutex_lock(&kmt.lock);
    HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;
    if (kmt.opened == 0) {
        if (load_device())
            st = HSAKMT_STATUS_ERROR;
        else
            mem_init(&kmt.mem);
        kmt.mem.on_miss = miss;
    }
    if (st == HSAKMT_STATUS_SUCCESS)
        kmt.opened++;
    pthread_mutex_unlock(&kmt.lock);
    return st;
}

HSAKMT_STATUS hsaKmtCloseKFD(void)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (kmt.opened > 1) {
        kmt.opened--;
        return HSAKMT_STATUS_SUCCESS;
    }
    kmt_queue_close();
    kmt_event_close();
    pthread_mutex_lock(&kmt.lock);
    kmt_mem_close();
    mem_free(&kmt.mem);
    kmt.opened = 0;
    pthread_mutex_unlock(&kmt.lock);
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtGetVersion(HsaVersionInfo *v)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!v)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    v->KernelInterfaceMajorVersion = KMT_IF_MAJOR;
    v->KernelInterfaceMinorVersion = KMT_IF_MINOR;
    return HSAKMT_STATUS_SUCCESS;
}

/* The debugger's registration: not provided (the runtime carries on
 * without it, as on a kernel without debugger support). */
HSAKMT_STATUS hsaKmtRuntimeEnable(void *rDebug, bool setupTtmp)
{
    (void)rDebug;
    (void)setupTtmp;
    return kmt_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

HSAKMT_STATUS hsaKmtRuntimeDisable(void)
{
    return kmt_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

HSAKMT_STATUS hsaKmtGetClockCounters(HSAuint32 node, HsaClockCounters *c)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (node >= KMT_NODES)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    if (!c)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    uint64_t t = kmt_now_ns();
    c->GPUClockCounter = t;
    c->CPUClockCounter = t;
    c->SystemClockCounter = t;
    c->SystemClockFrequencyHz = 1000000000ull;
    return HSAKMT_STATUS_SUCCESS;
}

/* xnack is off: the simulated GPU does not retry faulting accesses, and
 * code built for "gfx900:xnack-" (Debian's prebuilt libraries) is chosen. */
HSAKMT_STATUS hsaKmtGetXNACKMode(HSAint32 *enable)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!enable)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    *enable = 0;
    return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS hsaKmtSetXNACKMode(HSAint32 enable)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    return enable ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_SUCCESS;
}
