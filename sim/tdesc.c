/* tdesc.c — the cycle model's per-instruction records (tdesc.h). */
#include <stdlib.h>
#include "sim/tdesc.h"
#include "sim/timing.h"

unsigned td_cat(unsigned timing)
{
    switch (timing) {
    case ISA_T_SALU: case ISA_T_SALU8: return TM_CAT_salu;
    case ISA_T_SMEM: return TM_CAT_smem;
    case ISA_T_BRANCH: return TM_CAT_branch;
    case ISA_T_VALU: case ISA_T_VALU_QUARTER: case ISA_T_VALU_MUL32: case ISA_T_VALU_TRANS: case ISA_T_VALU_FMA32:
    case ISA_T_VALU_DP_ADD: case ISA_T_VALU_DP_MUL: case ISA_T_VALU_64SHIFT: case ISA_T_VALU_SWAP:
        return TM_CAT_valu;
    case ISA_T_LDS: return TM_CAT_lds;
    case ISA_T_VMEM_LOAD: case ISA_T_VMEM_STORE: case ISA_T_VMEM_ATOMIC:
    case ISA_T_FLAT_LOAD: case ISA_T_FLAT_STORE: case ISA_T_FLAT_ATOMIC:
        return TM_CAT_vmem;
    default: return TM_CAT_other;
    }
}

/* Issue cost of a VALU op (cycles the SIMD is held) on device d. */
static uint32_t valu_cost(const device_t *d, unsigned timing)
{
    switch (timing) {
    case ISA_T_VALU_QUARTER: case ISA_T_VALU_TRANS: return 16;
    case ISA_T_VALU_FMA32: return d->p[DEV_fast_fma] ? 4 : 16;
    case ISA_T_VALU_MUL32: return d->p[DEV_mul32_cycles];
    case ISA_T_VALU_DP_ADD: case ISA_T_VALU_64SHIFT: return 4 * d->p[DEV_dp_factor];
    case ISA_T_VALU_DP_MUL: return 8 * d->p[DEV_dp_factor];
    case ISA_T_VALU_SWAP: return 8;
    default: return 4;
    }
}

/* The record of one valid instruction. */
static td_t describe(const isa_inst_t *in, const device_t *d, unsigned gen)
{
    const isa_row_t *row = isa_row(in->op);
    td_t r = {(uint8_t)td_cat(row->timing), row->timing == ISA_T_INTERNAL, 0, row->timing, 4};
    if (r.cat == TM_CAT_valu)
        r.cost = valu_cost(d, row->timing);
    else if (r.cat == TM_CAT_salu)
        r.cost = row->timing == ISA_T_SALU8 ? 8 : 4;
    if (r.cat == TM_CAT_salu || r.cat == TM_CAT_smem || r.cat == TM_CAT_branch)
        r.check |= TD_SGPR;
    if (in->op == ISA_OP_S_WAITCNT)
        r.check |= TD_WAITCNT;
    else if (r.cat == TM_CAT_vmem || r.cat == TM_CAT_lds || r.cat == TM_CAT_smem) {
        if (r.cat == TM_CAT_vmem)
            r.check |= TD_VM_ROOM;
        if (r.cat != TM_CAT_vmem || row->timing >= ISA_T_FLAT_LOAD)
            r.check |= TD_LGKM_ROOM;
        if (gen == ISA_GFX6 && r.cat == TM_CAT_vmem)
            r.check |= TD_EXP_ROOM;
    }
    return r;
}

td_t *td_build(const sim_prog_t *p, const device_t *d, unsigned gen)
{
    td_t *t = malloc((p->ndw ? p->ndw : 1) * sizeof *t);
    if (!t)
        return NULL;
    const td_t bad = {TM_CAT_other, 1, 0, ISA_T_NONE, 4};
    for (size_t i = 0; i < p->ndw; i++)
        t[i] = p->inst[i].op < ISA_OP_COUNT ? describe(&p->inst[i], d, gen) : bad;
    return t;
}
