/* device.h — device presets: the parameters of the cycle model (CU count,
 * clocks, FP64 rate, caches, latencies, bandwidths) for real GCN boards,
 * each default with its source (GCN-FACTS) or marked as a calibration
 * choice.  Parameters are data: the model reads them only through
 * dev_param_t values, never as literals, and any of them can be
 * overridden by name (`--set KEY=VALUE`).  No I/O here. */
#ifndef GCNSIM_DEVICE_H
#define GCNSIM_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include "isa/isa.h"

/* The parameters: X(key, unit, description).  Every value is an unsigned
 * integer in the unit stated. */
#define DEV_PARAM_LIST(X) \
    X(cus,                 "CUs",        "compute units") \
    X(clock_mhz,           "MHz",        "shader engine clock") \
    X(wave_slots,          "waves",      "wave slots per SIMD") \
    X(dp_factor,           "",           "FP64 cost factor DPFACTOR (FP64 rate = 1/(2*dp_factor)): 1, 2, 4 or 8") \
    X(fast_fma,            "0/1",        "v_fma_f32 at full rate (1) or quarter rate (0)") \
    X(mul32_cycles,        "cycles",     "issue cost of a 32-bit integer multiply (v_mul_lo/hi_u32/i32): 8 or 16") \
    X(valu_sgpr_delay,     "cycles",     "extra delay before an SALU/SMEM/branch reads an SGPR a VALU wrote") \
    X(branch_taken,        "cycles",     "issue cost of a taken branch (refetch included)") \
    X(branch_not_taken,    "cycles",     "issue cost of a branch not taken") \
    X(launch_ns,           "ns",         "per-launch overhead outside the kernel's cycles: packet processing, dispatch set-up, end-of-kernel release") \
    X(shader_engines,      "SEs",        "shader engines, each with a workgroup manager that launches groups") \
    X(wave_launch,         "cycles",     "a workgroup manager's time per wave it launches (register set-up)") \
    X(wg_launch,           "cycles",     "from placing a work-group on a CU to its waves' first issue") \
    X(barrier_latency,     "cycles",     "from the last wave reaching s_barrier to the release") \
    X(lds_latency,         "cycles",     "LDS data return after the bank cycles") \
    X(smem_latency,        "cycles",     "scalar data cache hit latency") \
    X(scalar_cache_kib,    "KiB",        "scalar data cache size") \
    X(scalar_cache_cus,    "CUs",        "CUs sharing one scalar data cache") \
    X(icache_kib,          "KiB",        "instruction cache size") \
    X(icache_cus,          "CUs",        "CUs sharing one instruction cache") \
    X(ifetch_lines,        "lines",      "64-byte instruction lines a wave prefetches ahead of its pc") \
    X(l1_kib,              "KiB",        "vector L1 cache per CU") \
    X(l1_ways,             "ways",       "vector L1 associativity") \
    X(l1_latency,          "cycles",     "vector L1 hit latency") \
    X(l2_kib,              "KiB",        "L2 cache, all channels") \
    X(l2_channels,         "channels",   "L2 channels (64 B per cycle each)") \
    X(l2_ways,             "ways",       "L2 associativity") \
    X(l2_latency,          "cycles",     "L2 hit latency") \
    X(l2_mshr,             "lines",      "L2 misses in flight per channel (its queue waits when full)") \
    X(dram_latency,        "cycles",     "DRAM latency after an L2 miss") \
    X(dram_gbps,           "GB/s",       "DRAM peak bandwidth (all channels' buses)") \
    X(mem_mib,             "MiB",        "the board's memory (what OpenCL reports as global memory; not timed)") \
    X(dram_channels,       "channels",   "independent DRAM channels (256-byte interleave)") \
    X(dram_banks,          "banks",      "banks per DRAM channel, one open row each") \
    X(dram_page,           "B",          "DRAM row (page) per bank: a power of two, at least 256") \
    X(dram_row_ns,         "ns",         "opening another row: precharge + activate (tRP + tRCD)") \
    X(dram_act_ns,         "ns",         "least time between two activations on a channel (tRRD, tFAW/4)") \
    X(dram_refi_ns,        "ns",         "refresh interval per channel (tREFI)") \
    X(dram_rfc_ns,         "ns",         "refresh time, channel unavailable and its rows closed (tRFC); 0: none") \
    X(dram_turn_ns,        "ns",         "bus turnaround between reads and a batch of writes") \
    X(dram_wq,             "lines",      "writes a DRAM channel queues and drains as one batch") \
    X(tlb_frag_kib,        "KiB",        "memory one translation covers (a page-table fragment: contiguous pages mapped as one)") \
    X(tlb_l1_entries,      "entries",    "translations the TLB of a CU holds (UTCL1; fully associative, LRU)") \
    X(tlb_l1_misses,       "misses",     "TLB misses in flight per CU; the vector-memory pipe waits when all are taken") \
    X(tlb_l2_entries,      "entries",    "translations the device's shared TLB holds (UTCL2; 16-way, LRU)") \
    X(tlb_l2_latency,      "cycles",     "a CU's TLB miss answered by the shared TLB: request and answer") \
    X(tlb_walk_levels,     "levels",     "page-table reads of a shared-TLB miss (each an L2 hit, plus one DRAM access)")

typedef enum {
#define DEV_PARAM_ENUM(key, unit, desc) DEV_##key,
    DEV_PARAM_LIST(DEV_PARAM_ENUM)
#undef DEV_PARAM_ENUM
    DEV_NPARAMS
} dev_param_t;

/* A device: a preset, possibly with overridden parameters. */
typedef struct {
    const char *name;          /* "vega-64" */
    const char *product;       /* "Radeon RX Vega 64 (Vega 10)" */
    const char *target;        /* default gfx target of the preset: "gfx900" */
    uint8_t gen;               /* isa_gen_t of that target */
    uint32_t p[DEV_NPARAMS];   /* parameter values */
} device_t;

/* Number of presets, and the i-th one (NULL past the end). */
size_t dev_preset_count(void);
const device_t *dev_preset_at(size_t i);
/* The preset named name; NULL when unknown. */
const device_t *dev_preset(const char *name);
/* The default preset for a target: the preset of the same target if any,
 * else the first of the same generation; NULL when none fits. */
const device_t *dev_default_for(const isa_target_t *t);
/* Whether device d (its generation) can run code of target t: 0 yes, or -1
 * with a one-line reason in err. */
int dev_check_target(const device_t *d, const isa_target_t *t, char *err, size_t errlen);

/* Key, unit and description of parameter i. */
const char *dev_param_key(dev_param_t i);
const char *dev_param_unit(dev_param_t i);
const char *dev_param_desc(dev_param_t i);
/* Where preset d's default for parameter i comes from (a GCN-FACTS section
 * and source tag, or "calibration: ..."), one line. */
const char *dev_param_source(const device_t *d, dev_param_t i);
/* Apply "KEY=VALUE" to d.  Returns 0, or -1 with a one-line message in err
 * (unknown key: the message lists the keys; bad or out-of-range value). */
int dev_set(device_t *d, const char *assignment, char *err, size_t errlen);
/* Apply the n assignments sets[] to d as dev_set does, the cross-parameter
 * checks (cache geometry, DRAM page, refresh within its interval) made
 * once all are applied, so that their order does not matter.  0, or -1
 * with a one-line message in err and d unchanged. */
int dev_set_all(device_t *d, const char *const *sets, size_t n, char *err, size_t errlen);

#endif
