/* occupancy.h — register/LDS allocation granularity and theoretical
 * occupancy (waves per SIMD) of a kernel on gfx6-gfx9.
 *
 * The rules (GCN-FACTS §3): a CU has 4 SIMDs with 10 wave slots each.
 * Each SIMD has 256 VGPRs per lane (allocated in granules of 4) and 512
 * (gfx6/7) or 800 (gfx8/9) SGPRs (granules of 8 / 16); the SGPR count a
 * wave allocates includes the extra VCC/FLAT_SCRATCH/XNACK_MASK SGPRs.
 * A CU has 64 KiB of LDS, allocated per work-group in granules of 256 B
 * (gfx6) or 512 B (gfx7+); one group may use at most 32 KiB on gfx6,
 * 64 KiB on gfx7+.  Work-groups of more than one wave need a barrier slot:
 * at most 16 such groups per CU, and never more waves than 40 per CU
 * (LLVM getMaxWorkGroupsPerCU).  Waves per SIMD from a per-CU count of
 * groups is ceil(groups * waves_per_group / 4) (LLVM 16
 * getOccupancyWithLocalMemSize).  No I/O here. */
#ifndef GCNSIM_OCCUPANCY_H
#define GCNSIM_OCCUPANCY_H

#include <stdint.h>
#include "isa/isa.h"

/* Per-generation allocation parameters. */
typedef struct {
    unsigned simds_per_cu;        /* 4 */
    unsigned waves_per_simd;      /* wave slots: 10 */
    unsigned wave_size;           /* 64 */
    unsigned vgprs_per_lane;      /* VGPR file per SIMD lane: 256 */
    unsigned vgpr_granule;        /* 4 */
    unsigned max_vgprs;           /* addressable per wave: 256 */
    unsigned sgprs_per_simd;      /* 512 gfx6/7, 800 gfx8/9 */
    unsigned sgpr_granule;        /* 8 gfx6/7, 16 gfx8/9 */
    unsigned max_sgprs;           /* per wave incl. extra SGPRs: 104 gfx6/7, 102 gfx8/9 */
    unsigned lds_per_cu;          /* 65536 */
    unsigned lds_granule;         /* 256 gfx6, 512 gfx7+ */
    unsigned lds_per_group_max;   /* 32768 gfx6, 65536 gfx7+ */
    unsigned max_wg_size;         /* 1024 work-items */
    unsigned max_barrier_groups;  /* 16 multi-wave groups per CU */
    unsigned scratch_granule;     /* bytes per wave: 1024 (256 dwords) */
    unsigned scratch_wave_max;    /* bytes per wave: COMPUTE_TMPRING_SIZE.WAVESIZE is 13 bits
                                     of 1 KiB granules on gfx6-gfx9, so (2^13-1) * 1024
                                     (LLVM GCNSubtarget::getMaxWaveScratchSize, which refuses
                                     to compile a kernel needing more per work-item than
                                     this / 64 = 131056 bytes) */
} occ_params_t;

/* The parameters of a generation; NULL for an unknown one. */
const occ_params_t *occ_params(isa_gen_t gen);

/* Extra SGPRs counted on top of the highest SGPR a kernel uses
 * (getNumExtraSGPRs): VCC 2; gfx6/7 with flat scratch 4; gfx8/9 with
 * XNACK 4, with flat scratch 6. */
unsigned occ_extra_sgprs(isa_gen_t gen, int vcc, int flat_scratch, int xnack);

/* Register counts as COMPUTE_PGM_RSRC1 encodes them (granulated):
 * VGPRs = (rsrc1[5:0] + 1) * 4, SGPRs = (rsrc1[9:6] + 1) * 8 (the SGPR
 * count includes the extra SGPRs). */
unsigned occ_rsrc1_vgprs(uint32_t rsrc1);
unsigned occ_rsrc1_sgprs(uint32_t rsrc1);

/* The rsrc1 block fields for a count: ceil(max(1, n) / granule) - 1. */
unsigned occ_vgpr_blocks(unsigned vgprs);
unsigned occ_sgpr_blocks(unsigned sgprs);

/* What limits occupancy. */
typedef enum {
    OCC_WAVE_SLOTS,   /* 10 waves per SIMD */
    OCC_VGPRS,
    OCC_SGPRS,
    OCC_LDS,
    OCC_WG_SLOTS,     /* work-groups per CU (barrier slots, 40 waves) */
    OCC_NLIMITS
} occ_limit_t;

/* Short name of a limit ("VGPRs", "LDS", ...). */
const char *occ_limit_name(occ_limit_t l);

typedef struct {
    unsigned vgprs;          /* VGPRs per work-item */
    unsigned sgprs;          /* SGPRs per wave, extra SGPRs included */
    unsigned lds_bytes;      /* LDS per work-group: static + dynamic */
    unsigned scratch_bytes;  /* scratch per work-item */
    unsigned wg_size;        /* work-items per work-group (x*y*z) */
} occ_input_t;

typedef struct {
    unsigned vgprs_alloc;        /* per work-item, rounded to the granule */
    unsigned sgprs_alloc;        /* per wave, rounded to the granule */
    unsigned lds_alloc;          /* per work-group, rounded to the granule */
    unsigned scratch_per_wave;   /* bytes, rounded to the granule */
    unsigned waves_per_wg;       /* ceil(wg_size / 64) */
    unsigned wg_waves_per_simd;  /* ceil(waves_per_wg / 4): what one group needs */
    unsigned limit[OCC_NLIMITS]; /* waves per SIMD each resource allows (<= 10) */
    unsigned lds_groups;         /* work-groups per CU that fit in LDS (0 if no LDS) */
    unsigned max_groups;         /* work-groups per CU the slots allow */
    unsigned waves_per_simd;     /* the occupancy: min of the limits; 0 if no group fits */
    unsigned groups_per_cu;      /* work-groups resident per CU at that occupancy */
    occ_limit_t limiter;         /* the smallest limit (first one on ties, in enum order) */
    const char *error;           /* why a work-group cannot be placed, or NULL */
} occ_result_t;

/* Compute occupancy.  Returns 0, or -1 when no work-group can be placed
 * (out->error says why, out->waves_per_simd is 0; the limits are still
 * filled in).  Also -1 for an unknown generation. */
int occ_compute(isa_gen_t gen, const occ_input_t *in, occ_result_t *out);

#endif
