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
    d->valu_quads += s->valu_quads;
    d->valu_thread_quads += s->valu_thread_quads;
    d->vmem_rd += s->vmem_rd;
    d->vmem_wr += s->vmem_wr;
    d->flat += s->flat;
    d->flat_lds += s->flat_lds;
    d->flat_rd += s->flat_rd;
    d->flat_wr += s->flat_wr;
    d->lds_insts += s->lds_insts;
    d->gds_insts += s->gds_insts;
    d->lds_wait += s->lds_wait;
    d->mem_stall += s->mem_stall;
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
    d->dram_reads += s->dram_reads;
    d->dram_writes += s->dram_writes;
    d->release_writes += s->release_writes;
    for (int i = 0; i < MT_TCC; i++)
        d->l2_wr_stall[i] += s->l2_wr_stall[i];
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

/* ---- series ---------------------------------------------------------------- */

static void point_add(tm_point_t *d, const tm_point_t *v)
{
    d->wave_cycles += v->wave_cycles;
    d->valu_busy += v->valu_busy;
    d->dram_read += v->dram_read;
    d->dram_write += v->dram_write;
}

/* x * num / den, rounded down (den > 0, num <= den). */
static uint64_t part(uint64_t x, uint64_t num, uint64_t den)
{
    return (uint64_t)((unsigned __int128)x * num / den);
}

/* v's share of cycles [0, c) out of len: each sum scaled, rounded down. */
static tm_point_t share(const tm_point_t *v, uint64_t c, uint64_t len)
{
    tm_point_t p = {part(v->wave_cycles, c, len), part(v->valu_busy, c, len), part(v->dram_read, c, len),
                    part(v->dram_write, c, len)};
    return p;
}

/* Double s's interval, merging pairs of points. */
static void series_coarsen(tm_series_t *s)
{
    unsigned n = (s->n + 1) / 2;
    for (unsigned i = 0; i < n; i++) {
        tm_point_t a = s->pt[2 * i];
        if (2 * i + 1 < s->n)
            point_add(&a, &s->pt[2 * i + 1]);
        s->pt[i] = a;
    }
    memset(s->pt + n, 0, (TM_SERIES_MAX - n) * sizeof *s->pt);
    s->n = n;
    s->interval *= 2;
}

void tm_series_add(tm_series_t *s, uint64_t t0, uint64_t t1, const tm_point_t *v)
{
    if (t1 <= t0)
        return;
    if (!s->interval)
        s->interval = TM_SERIES_MIN_INTERVAL;
    while ((t1 - 1) / s->interval >= TM_SERIES_MAX)
        series_coarsen(s);
    uint64_t len = t1 - t0, I = s->interval;
    tm_point_t given = {0, 0, 0, 0};   /* what earlier points got: shares of cumulative cycles, exact in sum */
    for (uint64_t i = t0 / I; i <= (t1 - 1) / I; i++) {
        uint64_t end = (i + 1) * I < t1 ? (i + 1) * I : t1;
        tm_point_t upto = share(v, end - t0, len);
        tm_point_t d = {upto.wave_cycles - given.wave_cycles, upto.valu_busy - given.valu_busy,
                        upto.dram_read - given.dram_read, upto.dram_write - given.dram_write};
        point_add(&s->pt[i], &d);
        given = upto;
    }
    if ((t1 - 1) / I + 1 > s->n)
        s->n = (unsigned)((t1 - 1) / I + 1);
    if (t1 > s->cycles)
        s->cycles = t1;
}

/* Append src's series after dst's cycles (the launches one after the
 * other).  Returns 0, or -1 when out of memory. */
static int series_append(tm_stats_t *dst, const tm_stats_t *src)
{
    const tm_series_t *s = src->series;
    if (!s || !s->interval)
        return 0;
    if (!dst->series && !(dst->series = calloc(1, sizeof *dst->series)))
        return -1;
    uint64_t base = dst->cycles - src->cycles;   /* dst->cycles already counts src's */
    for (unsigned i = 0; i < s->n; i++) {
        uint64_t t0 = i * s->interval, t1 = t0 + s->interval < s->cycles ? t0 + s->interval : s->cycles;
        tm_series_add(dst->series, base + t0, base + (t1 > t0 ? t1 : t0 + 1), &s->pt[i]);
    }
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
            dst->pc[i].taken += src->pc[i].taken;
            for (int r = 0; r < TM_NSTALL; r++)
                dst->pc[i].stall[r] += src->pc[i].stall[r];
            dst->pc[i].lanes += src->pc[i].lanes;
        }
    if (series_append(dst, src))
        return -1;
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
    free(s->series);
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
