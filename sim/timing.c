/* timing.c — names, statistics records and the derived figures of the
 * cycle model (see timing.h; the model itself is in cu.c). */
#include <stdlib.h>
#include <string.h>
#include "sim/timing.h"

static const char *const cat_names[] = {
#define TM_CAT_NAME(n) #n,
    TM_CAT_LIST(TM_CAT_NAME)
#undef TM_CAT_NAME
};

static const char *const stall_names[] = {
#define TM_STALL_NAME(n) #n,
    TM_STALL_LIST(TM_STALL_NAME)
#undef TM_STALL_NAME
};

const char *tm_cat_name(tm_cat_t c)
{
    return (unsigned)c < TM_NCAT ? cat_names[c] : "?";
}

const char *tm_stall_name(tm_stall_t s)
{
    return (unsigned)s < TM_NSTALL ? stall_names[s] : "?";
}

void tm_counters_add(tm_counters_t *d, const tm_counters_t *s)
{
    d->active_cycles += s->active_cycles;
    d->valu_busy += s->valu_busy;
    d->salu_busy += s->salu_busy;
    d->mem_busy += s->mem_busy;
    d->lds_busy += s->lds_busy;
    d->lds_conflict += s->lds_conflict;
    for (int i = 0; i < TM_NCAT; i++)
        d->inst[i] += s->inst[i];
    d->valu_lanes += s->valu_lanes;
    for (int i = 0; i < TM_NSTALL; i++)
        d->stall[i] += s->stall[i];
    d->wave_cycles += s->wave_cycles;
    d->workgroups += s->workgroups;
    d->waves += s->waves;
    if (s->peak_waves > d->peak_waves)
        d->peak_waves = s->peak_waves;
}

static void add_mem(mt_stats_t *d, const mt_stats_t *s)
{
    d->l1_hits += s->l1_hits;
    d->l1_misses += s->l1_misses;
    d->l2_hits += s->l2_hits;
    d->l2_misses += s->l2_misses;
    d->k_hits += s->k_hits;
    d->k_misses += s->k_misses;
    d->i_hits += s->i_hits;
    d->i_misses += s->i_misses;
    d->dram_bytes += s->dram_bytes;
    d->dram_row_hits += s->dram_row_hits;
    d->dram_row_misses += s->dram_row_misses;
    d->l2_queue_waits += s->l2_queue_waits;
    d->tlb_l1_hits += s->tlb_l1_hits;
    d->tlb_l1_misses += s->tlb_l1_misses;
    d->tlb_l2_hits += s->tlb_l2_hits;
    d->tlb_walks += s->tlb_walks;
}

/* Make dst's per-CU array at least n long. */
static int grow_cus(tm_stats_t *dst, unsigned n)
{
    if (dst->ncu >= n)
        return 0;
    tm_counters_t *cu = realloc(dst->cu, n * sizeof *cu);
    if (!cu)
        return -1;
    memset(cu + dst->ncu, 0, (n - dst->ncu) * sizeof *cu);
    dst->cu = cu;
    dst->ncu = n;
    return 0;
}

int tm_stats_add(tm_stats_t *dst, const tm_stats_t *src)
{
    if (grow_cus(dst, src->ncu))
        return -1;
    for (unsigned i = 0; i < src->ncu; i++)
        tm_counters_add(&dst->cu[i], &src->cu[i]);
    tm_counters_add(&dst->total, &src->total);
    add_mem(&dst->mem, &src->mem);
    dst->cycles += src->cycles;
    dst->overhead_cycles += src->overhead_cycles;
    if (!dst->occ_ok && src->occ_ok) {
        dst->occ = src->occ;
        dst->occ_ok = 1;
    }
    if (src->ndw && !dst->ndw) {
        dst->pc = calloc(src->ndw, sizeof *dst->pc);
        if (!dst->pc)
            return -1;
        dst->ndw = src->ndw;
        dst->code_base = src->code_base;
    }
    if (src->ndw && dst->ndw == src->ndw && dst->code_base == src->code_base)
        for (size_t i = 0; i < src->ndw; i++) {
            dst->pc[i].count += src->pc[i].count;
            dst->pc[i].cycles += src->pc[i].cycles;
            for (int r = 0; r < TM_NSTALL; r++)
                dst->pc[i].stall[r] += src->pc[i].stall[r];
        }
    if (src->ndw && dst->ndw == src->ndw && dst->code_base == src->code_base &&
        tm_waits_add(&dst->waits, &src->waits, dst->ndw))
        return -1;
    dst->launches += src->launches;
    return 0;
}

void tm_stats_free(tm_stats_t *s)
{
    free(s->cu);
    free(s->pc);
    tm_waits_free(&s->waits);
    memset(s, 0, sizeof *s);
}

static double pct(double num, double den)
{
    return den > 0 ? 100.0 * num / den : 0.0;
}

double tm_valu_busy_pct(const tm_stats_t *s)
{
    return pct((double)s->total.valu_busy, 4.0 * s->ncu * (double)s->cycles);
}

double tm_salu_busy_pct(const tm_stats_t *s)
{
    return pct((double)s->total.salu_busy, (double)s->ncu * (double)s->cycles);
}

double tm_valu_util_pct(const tm_stats_t *s)
{
    return pct((double)s->total.valu_lanes, 64.0 * (double)s->total.inst[TM_CAT_valu]);
}

double tm_mem_busy_pct(const tm_stats_t *s)
{
    return pct((double)s->total.mem_busy, (double)s->ncu * (double)s->cycles);
}

double tm_lds_conflict_pct(const tm_stats_t *s)
{
    return pct((double)s->total.lds_conflict, (double)s->total.lds_busy);
}

double tm_achieved_waves_per_simd(const tm_stats_t *s)
{
    return s->total.active_cycles ? (double)s->total.wave_cycles / (4.0 * (double)s->total.active_cycles) : 0.0;
}
