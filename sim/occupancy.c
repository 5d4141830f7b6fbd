/* occupancy.c — allocation granularity and theoretical occupancy (see
 * occupancy.h for the rules and their sources). */
#include <stddef.h>
#include "sim/occupancy.h"

static const occ_params_t params[ISA_NGEN] = {
    /*           simd slots wave vgpr gran maxv sgpr  gran maxs  lds    ldsg maxgrp  wg  bar scr   scrmax */
    [ISA_GFX6] = {4, 10, 64, 256, 4, 256, 512, 8, 104, 65536, 256, 32768, 1024, 16, 1024, 8191 * 1024},
    [ISA_GFX7] = {4, 10, 64, 256, 4, 256, 512, 8, 104, 65536, 512, 65536, 1024, 16, 1024, 8191 * 1024},
    [ISA_GFX8] = {4, 10, 64, 256, 4, 256, 800, 16, 102, 65536, 512, 65536, 1024, 16, 1024, 8191 * 1024},
    [ISA_GFX9] = {4, 10, 64, 256, 4, 256, 800, 16, 102, 65536, 512, 65536, 1024, 16, 1024, 8191 * 1024},
};

const occ_params_t *occ_params(isa_gen_t gen)
{
    return (unsigned)gen < ISA_NGEN ? &params[gen] : NULL;
}

unsigned occ_extra_sgprs(isa_gen_t gen, int vcc, int flat_scratch, int xnack)
{
    unsigned n = vcc ? 2 : 0;
    if (gen == ISA_GFX6 || gen == ISA_GFX7) {
        if (flat_scratch)
            n = 4;
    } else {
        if (xnack)
            n = 4;
        if (flat_scratch)
            n = 6;
    }
    return n;
}

unsigned occ_rsrc1_vgprs(uint32_t rsrc1)
{
    return ((rsrc1 & 0x3f) + 1) * 4;
}

unsigned occ_rsrc1_sgprs(uint32_t rsrc1)
{
    return (((rsrc1 >> 6) & 0xf) + 1) * 8;
}

static unsigned div_ceil(unsigned a, unsigned b)
{
    return (a + b - 1) / b;
}

static unsigned round_up(unsigned a, unsigned g)
{
    return div_ceil(a, g) * g;
}

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

unsigned occ_vgpr_blocks(unsigned vgprs)
{
    return div_ceil(vgprs ? vgprs : 1, 4) - 1;
}

unsigned occ_sgpr_blocks(unsigned sgprs)
{
    return div_ceil(sgprs ? sgprs : 1, 8) - 1;
}

const char *occ_limit_name(occ_limit_t l)
{
    static const char *const names[OCC_NLIMITS] = {"wave slots", "VGPRs", "SGPRs", "LDS",
                                                   "work-group slots"};
    return (unsigned)l < OCC_NLIMITS ? names[l] : "?";
}

/* Waves per SIMD when `groups` groups of `waves` waves share a CU. */
static unsigned groups_to_simd_waves(const occ_params_t *p, unsigned groups, unsigned waves)
{
    unsigned long long w = (unsigned long long)groups * waves;
    w = (w + p->simds_per_cu - 1) / p->simds_per_cu;
    return w < p->waves_per_simd ? (unsigned)w : p->waves_per_simd;
}

/* LLVM getMaxWorkGroupsPerCU: 40 single-wave groups, else 40/N capped by
 * the barrier slots. */
static unsigned max_groups_per_cu(const occ_params_t *p, unsigned waves)
{
    unsigned slots = p->waves_per_simd * p->simds_per_cu;
    if (waves <= 1)
        return slots;
    return min_u(slots / waves, p->max_barrier_groups);
}

/* Fill the allocation sizes and each resource's limit. */
static void occ_limits(const occ_params_t *p, const occ_input_t *in, occ_result_t *r)
{
    unsigned wg = in->wg_size ? in->wg_size : 1;
    r->vgprs_alloc = round_up(in->vgprs ? in->vgprs : 1, p->vgpr_granule);
    r->sgprs_alloc = round_up(in->sgprs ? in->sgprs : 1, p->sgpr_granule);
    r->lds_alloc = round_up(in->lds_bytes, p->lds_granule);
    r->scratch_per_wave = round_up(in->scratch_bytes * p->wave_size, p->scratch_granule);
    r->waves_per_wg = div_ceil(wg, p->wave_size);
    r->wg_waves_per_simd = div_ceil(r->waves_per_wg, p->simds_per_cu);

    r->limit[OCC_WAVE_SLOTS] = p->waves_per_simd;
    r->limit[OCC_VGPRS] = min_u(p->waves_per_simd, p->vgprs_per_lane / r->vgprs_alloc);
    r->limit[OCC_SGPRS] = min_u(p->waves_per_simd, p->sgprs_per_simd / r->sgprs_alloc);
    r->max_groups = max_groups_per_cu(p, r->waves_per_wg);
    r->limit[OCC_WG_SLOTS] = groups_to_simd_waves(p, r->max_groups, r->waves_per_wg);
    if (r->lds_alloc) {
        r->lds_groups = p->lds_per_cu / r->lds_alloc;
        r->limit[OCC_LDS] = groups_to_simd_waves(p, r->lds_groups, r->waves_per_wg);
    } else {
        r->lds_groups = 0;
        r->limit[OCC_LDS] = p->waves_per_simd;
    }
}

int occ_compute(isa_gen_t gen, const occ_input_t *in, occ_result_t *out)
{
    const occ_params_t *p = occ_params(gen);
    *out = (occ_result_t){0};
    if (!p) {
        out->error = "unknown GPU generation";
        return -1;
    }
    occ_limits(p, in, out);

    out->limiter = OCC_WAVE_SLOTS;
    for (int l = 0; l < OCC_NLIMITS; l++)
        if (out->limit[l] < out->limit[out->limiter])
            out->limiter = (occ_limit_t)l;

    if (in->wg_size == 0 || in->wg_size > p->max_wg_size)
        out->error = "the work-group size must be 1 to 1024 work-items";
    else if (in->vgprs > p->max_vgprs)
        out->error = "more VGPRs than a wave can address (256)";
    else if (out->lds_alloc > p->lds_per_group_max)
        out->error = gen == ISA_GFX6 ? "LDS per work-group exceeds 32 KiB (gfx6 maximum)"
                                     : "LDS per work-group exceeds 64 KiB";
    else if (out->limit[OCC_VGPRS] < out->wg_waves_per_simd)
        out->error = "the VGPRs of one work-group's waves do not fit in a SIMD";
    else if (out->limit[OCC_SGPRS] < out->wg_waves_per_simd)
        out->error = "the SGPRs of one work-group's waves do not fit in a SIMD";
    if (out->error)
        return -1;

    out->waves_per_simd = out->limit[out->limiter];
    unsigned regs = min_u(out->limit[OCC_VGPRS], out->limit[OCC_SGPRS]);
    unsigned groups = regs * p->simds_per_cu / out->waves_per_wg;
    groups = min_u(groups, out->max_groups);
    if (out->lds_alloc)
        groups = min_u(groups, out->lds_groups);
    out->groups_per_cu = groups;
    return 0;
}
