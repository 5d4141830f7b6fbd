/* gpu_mirror.h — the device side of simulated launches: the same launch_t
 * runs on a real GPU (gpu.h) with the same code object, the same initial
 * buffers and the same kernarg segment (sim_kernarg_build, with buffer
 * pointers relocated to device addresses and the device queue's platform
 * values) and packet.  Buffers are mirrored per simulator memory region:
 * a region gets its device copy, holding the region's contents at that
 * moment, the first time a launch passes it, and keeps it for later
 * launches (as the simulator's buffers persist).  So map before the
 * simulated run, dispatch after it. */
#ifndef GCNSIM_GPU_MIRROR_H
#define GCNSIM_GPU_MIRROR_H

#include <stddef.h>
#include <stdint.h>
#include "front/device/gpu.h"
#include "front/launch/launch.h"
#include "front/report/report.h"
#include "sim/device.h"

/* A simulator buffer and its device copy. */
typedef struct {
    uint64_t sim_base, size;    /* the simulator's memory region */
    uint64_t dev;               /* device address of the copy */
    char name[40];              /* the region's name */
    const char *type_name;      /* the type of the first argument it was passed as */
} gpu_buf_t;

typedef struct {
    gpu_t *g;
    gpu_info_t info;
    const la_module_t *m;       /* the module whose code object is loaded */
    struct gpu_kernel {
        const co_kernel_t *k;
        uint64_t object;
    } *kernels;
    size_t nkernels;
    gpu_buf_t *bufs;
    size_t nbufs;
    uint64_t dispatches;
    uint64_t total_ns;          /* device time of all dispatches */
} gpu_mirror_t;

/* Open the GPU that runs module m's target into d (zeroed beforehand).
 * Returns the gpu.h status; msg holds the one-line reason otherwise. */
gpu_status_t gpu_mirror_open(gpu_mirror_t *d, const la_module_t *m, char *msg, size_t msglen);
/* Release the device and everything mirrored. */
void gpu_mirror_close(gpu_mirror_t *d);

/* Give every buffer argument of L a device copy (new regions are copied
 * with their current contents).  0, or -1 with err. */
int gpu_mirror_map(gpu_mirror_t *d, launch_t *L, char *err, size_t errlen);
/* Run L once on the device (after gpu_mirror_map): *ns its device time.
 * The kernarg segment is la_kernarg's with every buffer argument moved to
 * its device copy.  0, or -1 with err. */
int gpu_mirror_run(gpu_mirror_t *d, launch_t *L, uint64_t *ns, char *err, size_t errlen);
/* The mirrored buffer holding simulator address addr (NULL if none). */
const gpu_buf_t *gpu_mirror_find(const gpu_mirror_t *d, uint64_t addr);
/* Copy buffer b back from the device into host (b->size bytes). */
int gpu_mirror_fetch(gpu_mirror_t *d, const gpu_buf_t *b, void *host, char *err, size_t errlen);

/* The cycle model's device for GPU info running code of target t: the
 * preset named name if given, else the preset closest to the GPU (of its
 * gfx target if any, else of its generation; the nearest CU count among
 * them) that can run t; then the GPU's CU count and clock;
 * then the user's KEY=VALUE sets.  Describes the overrides in desc
 * ("cus=60 (preset 64), clock_mhz=1725 (preset 1200)" or "none").
 * Returns 0, or -1 with err. */
int gpu_sim_device(device_t *out, const gpu_info_t *info, const isa_target_t *t, const char *name,
                   const char *const *sets, size_t nsets, char *desc, size_t desclen, char *err, size_t errlen);

#endif
