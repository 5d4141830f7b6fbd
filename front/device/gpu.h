/* gpu.h — a real AMD GPU behind a small runtime-neutral interface: open the
 * device that runs a gfx target, load a code object's kernel, allocate
 * device buffers and copy to and from them, dispatch one kernel and get its
 * device time.  front/device/gpu_hsa.c implements it on the ROCm HSA runtime,
 * loaded at run time (dlopen), so gcnsim builds and runs without ROCm; a
 * second runtime would be a second implementation of these functions.
 * Device addresses are the GPU's virtual addresses, as the kernel sees
 * them (what goes into its kernarg segment). */
#ifndef GCNSIM_GPU_H
#define GCNSIM_GPU_H

#include <stddef.h>
#include <stdint.h>
#include "sim/dispatch.h"

typedef enum {
    GPU_OK,
    GPU_NO_RUNTIME,          /* the runtime library is not installed */
    GPU_NO_DEVICE,           /* the runtime is there, no GPU is */
    GPU_TARGET_MISMATCH,     /* GPUs are there, none runs the code object's target */
    GPU_ERROR,               /* anything else (the message says what) */
} gpu_status_t;

/* The device that gpu_open chose. */
typedef struct {
    char name[64];           /* product name, e.g. "Radeon RX Vega" */
    char target[64];         /* gfx target, e.g. "gfx900" */
    uint32_t cus;            /* compute units */
    uint32_t clock_mhz;      /* maximum engine clock */
    char runtime[160];       /* which runtime library, as opened */
} gpu_info_t;

/* One dispatch: the fields of the AQL packet gcnsim sets. */
typedef struct {
    unsigned dims;                   /* 1..3 */
    uint32_t grid[3];                /* work-items per dimension */
    uint32_t local[3];               /* work-group size per dimension */
    uint32_t group_segment_size;     /* LDS bytes: static + dynamic */
    uint32_t private_segment_size;   /* scratch bytes per work-item */
    uint64_t kernel_object;          /* from gpu_load */
} gpu_dispatch_t;

typedef struct gpu gpu_t;

/* Open the runtime and the first GPU whose gfx target is target ("gfx900";
 * NULL: the first GPU).  GPU_OK: *g is open and *info describes it;
 * otherwise a one-line message in msg says which case it is. */
gpu_status_t gpu_open(const char *target, gpu_t **g, gpu_info_t *info, char *msg, size_t msglen);
/* Release the device, everything loaded and allocated, and the runtime. */
void gpu_close(gpu_t *g);
/* The platform values for the hidden arguments: the device queue's
 * aperture bases (read from it at the offsets the simulator's queue uses)
 * and its address. */
void gpu_platform(const gpu_t *g, sim_platform_t *p);

/* Load code object co (size bytes) and find kernel name's object:
 * symbol "name.kd" (code object v3+) or "name" (v2).  Returns 0 and
 * *kernel_object, or -1 with a message in err. */
int gpu_load(gpu_t *g, const void *co, size_t size, const char *name, int co_version, uint64_t *kernel_object,
             char *err, size_t errlen);

/* A device-local buffer of size bytes (contents undefined).  Returns 0 and
 * its device address, or -1 with a message in err. */
int gpu_alloc(gpu_t *g, uint64_t size, uint64_t *addr, char *err, size_t errlen);
/* Copy size bytes from host src to device address dst. */
int gpu_write(gpu_t *g, uint64_t dst, const void *src, uint64_t size, char *err, size_t errlen);
/* Copy size bytes from device address src to host dst. */
int gpu_read(gpu_t *g, void *dst, uint64_t src, uint64_t size, char *err, size_t errlen);

/* Run one dispatch with kernarg segment ka (size bytes; buffer pointers
 * already device addresses) and wait for it.  Returns 0 and the kernel's
 * device time in *ns (the runtime's dispatch start and end timestamps),
 * or -1 with a message in err. */
int gpu_dispatch(gpu_t *g, const gpu_dispatch_t *d, const void *ka, uint32_t size, uint64_t *ns, char *err,
                 size_t errlen);

#endif
