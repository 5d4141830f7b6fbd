/* wg.c — work-group set-up (contract in wg.h). */
#include <string.h>
#include "sim/wg.h"

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0);
}

/* The private segment buffer descriptor (V#) for scratch: swizzled, one
 * dword per lane interleaved (ADD_TID, element size 4, index stride 64). */
static void psb_descriptor(const sim_ctx_t *c, uint32_t v[4])
{
    v[0] = (uint32_t)c->scratch_addr;
    v[1] = (uint32_t)(c->scratch_addr >> 32) & 0xffff;
    v[1] |= 1u << 31;   /* SWIZZLE_ENABLE */
    v[2] = 0xffffffffu; /* NUM_RECORDS */
    v[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 /* DST_SEL_XYZW */ | 4u << 15 /* DATA_FORMAT 32 */ |
           1u << 19 /* ELEMENT_SIZE 4 bytes */ | 3u << 21 /* INDEX_STRIDE 64 */ | 1u << 23 /* ADD_TID_ENABLE */;
}

/* Initial registers of one wave (user SGPRs, system SGPRs, VGPRs, EXEC, MODE). */
static void init_wave(const sim_kernel_t *k, sim_ctx_t *c, sim_wg_t *g, wave_t *w, uint32_t slot)
{
    uint32_t kcp = k->kernel_code_properties, rsrc2 = k->rsrc2, s = 0;
    w->scratch_addr = c->scratch_addr + (uint64_t)slot * c->scratch_per_wave;
    if (kcp & 1u << 0) {   /* private segment buffer */
        uint32_t v[4];
        psb_descriptor(c, v);
        memcpy(&w->sgpr[s], v, sizeof v);
        s += 4;
    }
    if (kcp & 1u << 1) {   /* dispatch ptr */
        w->sgpr[s++] = (uint32_t)c->packet_addr;
        w->sgpr[s++] = (uint32_t)(c->packet_addr >> 32);
    }
    if (kcp & 1u << 2) {   /* queue ptr */
        w->sgpr[s++] = (uint32_t)c->queue_addr;
        w->sgpr[s++] = (uint32_t)(c->queue_addr >> 32);
    }
    if (kcp & 1u << 3) {   /* kernarg segment ptr */
        w->sgpr[s++] = (uint32_t)c->kernarg_addr;
        w->sgpr[s++] = (uint32_t)(c->kernarg_addr >> 32);
    }
    if (kcp & 1u << 4) {   /* dispatch id */
        w->sgpr[s++] = (uint32_t)c->dispatch_id;
        w->sgpr[s++] = (uint32_t)(c->dispatch_id >> 32);
    }
    if (kcp & 1u << 5) {   /* flat scratch init */
        if (c->t->gen >= ISA_GFX9) {   /* 64-bit base; the prologue adds the wave offset */
            w->sgpr[s++] = (uint32_t)c->scratch_addr;
            w->sgpr[s++] = (uint32_t)(c->scratch_addr >> 32);
        } else {                       /* offset from the scratch base, and bytes per lane */
            w->sgpr[s++] = 0;
            w->sgpr[s++] = k->private_segment_fixed_size;
        }
    }
    if (kcp & 1u << 6)     /* private segment size */
        w->sgpr[s++] = k->private_segment_fixed_size;
    for (int d = 0; d < 3; d++)   /* code object v2: grid work-group counts */
        if (kcp & 1u << (7 + d))
            w->sgpr[s++] = c->ngroups[d];
    /* system SGPRs start after USER_SGPR_COUNT user SGPRs */
    s = (rsrc2 >> 1) & 0x1f;
    for (int d = 0; d < 3; d++)
        if (rsrc2 & 1u << (7 + d))
            w->sgpr[s++] = g->id[d];
    if (rsrc2 & 1u << 10)  /* work-group info */
        w->sgpr[s++] = g->nwaves;
    if (rsrc2 & 1u << 0)   /* private segment wave byte offset */
        w->sgpr[s++] = (uint32_t)(w->scratch_addr - c->scratch_addr);

    /* work-item ids: lanes numbered x fastest within the (partial) group */
    unsigned ids = (rsrc2 >> 11) & 3;
    uint32_t items = g->size[0] * g->size[1] * g->size[2];
    uint64_t exec = 0;
    for (unsigned l = 0; l < 64; l++) {
        uint32_t flat = w->wg_wave * 64 + l;
        if (flat >= items)
            continue;
        exec |= 1ull << l;
        w->vgpr[0][l] = flat % g->size[0];
        if (ids >= 1 && w->nvgpr > 1)
            w->vgpr[1][l] = flat / g->size[0] % g->size[1];
        if (ids >= 2 && w->nvgpr > 2)
            w->vgpr[2][l] = flat / (g->size[0] * g->size[1]);
    }
    w->sgpr[SREG_EXEC_LO] = (uint32_t)exec;
    w->sgpr[SREG_EXEC_HI] = (uint32_t)(exec >> 32);
    /* MODE: FLOAT_MODE, DX10_CLAMP, IEEE from COMPUTE_PGM_RSRC1 */
    w->hwreg[1] = ((k->rsrc1 >> 12) & 0xff) | ((k->rsrc1 >> 21) & 1) << 8 | ((k->rsrc1 >> 23) & 1) << 9;
    w->hwreg[4] = (w->wg_wave % 4) << 4 | (w->wg_wave / 4 % 10);   /* HW_ID: SIMD, wave slot */
    w->prio = (k->rsrc1 >> 10) & 3;
    w->pc = k->entry;
    w->state = WAVE_RUN;
}

int sim_wg_setup(const sim_kernel_t *k, sim_ctx_t *c, sim_wg_t *g, const uint32_t id[3], uint32_t lds,
                 uint32_t (*vgprs)[64], wave_t *waves, const uint32_t *slots)
{
    uint32_t nv = ((k->rsrc1 & 0x3f) + 1) * 4;
    for (int d = 0; d < 3; d++) {
        g->id[d] = id[d];
        uint32_t rest = c->grid[d] - id[d] * c->local[d];
        g->size[d] = rest < c->local[d] ? rest : c->local[d];
    }
    g->nwaves = ceil_div(g->size[0] * g->size[1] * g->size[2], 64);
    uint64_t linear = id[0] + (uint64_t)c->ngroups[0] * (id[1] + (uint64_t)c->ngroups[1] * id[2]);
    uint32_t per_group = ceil_div(c->local[0] * c->local[1] * c->local[2], 64);
    g->waves = waves;
    memset(g->lds, 0, lds);
    g->lds_size = lds;
    memset(waves, 0, g->nwaves * sizeof *waves);
    memset(vgprs, 0, (size_t)g->nwaves * nv * sizeof *vgprs);
    for (uint32_t i = 0; i < g->nwaves; i++) {
        wave_t *w = &waves[i];
        w->vgpr = vgprs + (size_t)i * nv;
        w->nvgpr = (uint16_t)nv;
        w->nsgpr = c->t->gen >= ISA_GFX8 ? 102 : 104;
        w->wg_wave = i;
        w->id = (uint32_t)(linear * per_group + i);
        w->wg = g;
        w->ctx = c;
        init_wave(k, c, g, w, slots ? slots[i] : i);
    }
    return 0;
}

