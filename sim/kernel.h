/* kernel.h — what a launch is: the kernel as the hardware needs it, the
 * launch (grid, work-group size, arguments, limits, hooks), its result, and
 * the platform's apertures and queue layout.  Types only; sim/dispatch.h
 * runs a launch, sim/wg.h sets up a work-group's waves. */
#ifndef GCNSIM_KERNEL_H
#define GCNSIM_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "isa/isa.h"
#include "sim/mem.h"
#include "sim/wave.h"
#include "sim/timing.h"

/* Hidden kernel arguments the launch fills in. */
typedef enum {
    SIM_HIDDEN_NONE, SIM_HIDDEN_GLOBAL_OFFSET_X, SIM_HIDDEN_GLOBAL_OFFSET_Y, SIM_HIDDEN_GLOBAL_OFFSET_Z,
    SIM_HIDDEN_PRINTF_BUFFER, SIM_HIDDEN_HOSTCALL_BUFFER, SIM_HIDDEN_DEFAULT_QUEUE,
    SIM_HIDDEN_COMPLETION_ACTION, SIM_HIDDEN_MULTIGRID_SYNC_ARG,
    SIM_HIDDEN_BLOCK_COUNT_X, SIM_HIDDEN_BLOCK_COUNT_Y, SIM_HIDDEN_BLOCK_COUNT_Z,
    SIM_HIDDEN_GROUP_SIZE_X, SIM_HIDDEN_GROUP_SIZE_Y, SIM_HIDDEN_GROUP_SIZE_Z,
    SIM_HIDDEN_REMAINDER_X, SIM_HIDDEN_REMAINDER_Y, SIM_HIDDEN_REMAINDER_Z,
    SIM_HIDDEN_GRID_DIMS, SIM_HIDDEN_HEAP_V1, SIM_HIDDEN_DYNAMIC_LDS_SIZE,
    SIM_HIDDEN_PRIVATE_BASE, SIM_HIDDEN_SHARED_BASE, SIM_HIDDEN_QUEUE_PTR,
} sim_hidden_t;

typedef struct {
    uint32_t offset, size;
    sim_hidden_t kind;
} sim_hidden_arg_t;

/* What the hardware needs of a kernel. */
typedef struct {
    const isa_target_t *t;
    uint64_t code_base;            /* device address of words[0] */
    const uint32_t *words;         /* the code (host copy of what is at code_base) */
    size_t ndw;
    uint64_t entry;                /* device address of the first instruction */
    uint64_t desc_addr;            /* device address of the kernel descriptor */
    uint32_t rsrc1, rsrc2;
    uint16_t kernel_code_properties;
    uint32_t group_segment_fixed_size;
    uint32_t private_segment_fixed_size;
    int code_object_version;       /* 2..5 */
    const char *name;
    const sim_prog_t *prog;        /* words decoded (sim_prog_build, same base and size), shared by the
                                      launches of a module; NULL: each dispatch decodes them */
} sim_kernel_t;

/* One launch. */
typedef struct {
    unsigned dims;                 /* 1..3 */
    uint32_t grid[3];              /* work-items per dimension */
    uint32_t local[3];             /* work-group size per dimension */
    uint64_t global_offset[3];
    uint32_t dynamic_lds;          /* bytes of LDS for __local pointer arguments */
    const uint8_t *kernarg;        /* explicit arguments already at their offsets */
    uint32_t kernarg_size;
    const sim_hidden_arg_t *hidden;
    size_t nhidden;
    uint64_t kernarg_addr, queue_addr;   /* nonzero: the kernarg segment (kernarg_size bytes, hidden
                                            arguments in it) and the amd_queue_t are in device memory there
                                            already (sim_dispatch_memory), used in place */
    uint64_t printf_buffer;        /* device address of the printf buffer (hidden_printf_buffer; 0: none) */
    uint64_t max_inst;             /* stop after this many wave-instructions (0: no limit) */
    uint64_t max_wave_inst;        /* stop when one wave has executed this many (0: no limit) */
    const volatile int *cancel;    /* stop soon after *cancel becomes nonzero (NULL: never) */
    /* optional: called before (after = 0) and after (after = 1) every
     * executed instruction with its effects record (recording mode) */
    void (*on_step)(void *arg, wave_t *w, const fx_t *fx, int after);
    void *step_arg;
    int step_no_old;               /* the hook reads no old values and no access lists: memory
                                      writes are listed by address only, VGPRs without their
                                      old lanes (cheaper) */
    /* optional: called now and then with the work-groups ended, of all, the
     * wave-instructions executed and the cycle model's current cycle (0 in
     * functional mode) */
    void (*progress)(void *arg, uint64_t groups_done, uint64_t groups, uint64_t ninst, uint64_t cycle);
    void *progress_arg;
    /* optional: run under the cycle model (sim/timing.h) instead of the
     * functional one-group-at-a-time scheduler; statistics are added to
     * timing->stats */
    tm_config_t *timing;
    /* host threads the dispatch may use (0 or 1: the calling thread only);
     * every result is the same for any value */
    unsigned threads;
} sim_launch_t;

typedef struct sim_result {
    uint64_t ninst;                /* wave-instructions executed */
    uint64_t lds_oob;              /* lane accesses outside the work-group's LDS allocation, which the
                                      hardware turns into reads of 0 and dropped writes (sim_ctx_t) */
    uint64_t scratch_oob;          /* pieces of private-segment accesses outside the wave's own scratch,
                                      which reach other waves' scratch or fault (sim_ctx_t) */
    uint64_t ninst_by_enc[ISA_ENC_COUNT];
    uint64_t nwg, nwaves;
    int faulted;                   /* a wave faulted: fault, fault_wg, fault_wave are set */
    wave_fault_t fault;
    uint32_t fault_wg[3], fault_wave;
    char fault_disasm[256];        /* the faulting instruction in LLVM syntax */
    int hit_limit;                 /* SIM_LIMIT_*: what stopped the dispatch early (0: none) */
    uint32_t limit_wg[3], limit_wave;   /* SIM_LIMIT_WAVE: the wave (work-group, wave in it) */
    uint64_t limit_pc, limit_wave_inst; /* and its next pc and instructions executed */
    char limit_disasm[256];        /* the instruction at limit_pc in LLVM syntax */
    int stopped;                   /* a hook ended the dispatch early (sim_ctx_t.stop) */
    uint64_t kernarg_addr;         /* where the kernarg segment was (released after la_run) */
    uint32_t kernarg_size;
    uint64_t queue_addr;           /* the simulated amd_queue_t */
} sim_result_t;

/* What the platform supplies to the hidden arguments: the high halves of
 * the flat private and shared (group) aperture bases, as the amd_queue_t
 * holds them, and the address of the queue (hidden_queue_ptr). */
typedef struct {
    uint32_t private_base_hi, shared_base_hi;
    uint64_t queue_ptr;
} sim_platform_t;

/* The most bytes of kernel arguments a kernel may have: its kernarg
 * segment (the descriptor's kernarg_size and the metadata's
 * .kernarg_segment_size, checked by the loader) and every argument in it.
 * Real kernels need far less: HIP allows 4 KiB of explicit arguments plus
 * up to 256 bytes of hidden ones; OpenCL on AMD reports
 * CL_DEVICE_MAX_PARAMETER_SIZE 1024; the committed clang-built objects
 * (v2-v5) have at most 288 bytes.  64 KiB leaves room for any of them and
 * keeps a launch's kernarg buffer small.  (LDS and scratch limits are the
 * target's: occ_params.) */
#define SIM_MAX_KERNARG 65536u

/* Base of the flat apertures gcnsim's simulated device uses. */
#define SIM_SHARED_APERTURE 0x0001000000000000ull
#define SIM_PRIVATE_APERTURE 0x0002000000000000ull
/* Offsets in amd_queue_t of the apertures' high halves (GCN-FACTS 5.6, ROCr
 * amd_hsa_queue.h: after the 40-byte hsa_queue_t, 16 reserved bytes and
 * write_dispatch_id). */
#define SIM_QUEUE_GROUP_APERTURE_HI 0x40
#define SIM_QUEUE_PRIVATE_APERTURE_HI 0x44

#endif
