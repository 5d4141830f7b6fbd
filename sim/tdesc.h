/* tdesc.h — what the cycle model's issue loop needs of each instruction of
 * a dispatch's code: its category, its issue cost, what its readiness
 * depends on beyond the wave's own times.  Computed from the rows once per
 * dispatch, so that the loop reads one small record per instruction. */
#ifndef GCNSIM_TDESC_H
#define GCNSIM_TDESC_H

#include <stdint.h>
#include "sim/device.h"
#include "sim/wave.h"

/* What readiness looks at beyond the wave's own times (td_t.check). */
enum {
    TD_SGPR = 1,        /* a scalar instruction (SALU, SMEM, branch): SGPRs a VALU op wrote */
    TD_WAITCNT = 2,     /* s_waitcnt: the counts in its fields */
    TD_VM_ROOM = 4,     /* adds to vmcnt: a counter at its maximum holds it back */
    TD_LGKM_ROOM = 8,   /* adds to lgkmcnt (LDS, SMEM, FLAT) */
    TD_EXP_ROOM = 16,   /* adds to expcnt (gfx6 vector memory) */
};

typedef struct {
    uint8_t cat;        /* tm_cat_t */
    uint8_t internal;   /* consumed by the sequencer without a unit */
    uint8_t check;      /* TD_* */
    uint8_t timing;     /* isa_timing_t */
    uint32_t cost;      /* VALU: cycles the SIMD is held; SALU: 4 or 8; others 4 */
} td_t;

/* The category (tm_cat_t) in which an instruction of timing class timing
 * (isa_timing_t) issues. */
unsigned td_cat(unsigned timing);

/* One record per dword of p's code for device d (generation gen); a dword
 * where no valid instruction starts gets category other, internal, no
 * check (it issues to fault).  NULL when out of host memory; free() it. */
td_t *td_build(const sim_prog_t *p, const device_t *d, unsigned gen);

#endif
