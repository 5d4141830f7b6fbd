/* rocprof.c — rocprof's counters and metrics of a timing run (see
 * rocprof.h).  Definitions: rocprofiler (github.com/ROCm/rocprofiler)
 * test/tool/metrics.xml at tag rocm-5.7.1 (commit 281a2ac), sections
 * <global>, <gfx8_expr>, <gfx9_expr> and <gfx906_expr>; the basic counters
 * are those of test/tool/gfx_metrics.xml; the constants CU_NUM, SIMD_NUM
 * (SIMDs per CU x CUs), SE_NUM and MAX_WAVE_SIZE those of src/core/metrics.h. */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "front/report/rocprof.h"

#define XML "rocprofiler test/tool/metrics.xml@rocm-5.7.1 (281a2ac) "
#define SAME "the same on gfx8, gfx9 and gfx906 (gfx6/gfx7: gfx8's)"

/* ---- the counters ---------------------------------------------------------- */

static const char *const counter_names[] = {
#define RP_C_NAME(n) #n,
    RP_COUNTER_LIST(RP_C_NAME)
#undef RP_C_NAME
};

const char *rp_counter_name(rp_counter_t c, rp_gen_t g)
{
    if ((unsigned)c >= RP_NCOUNTERS)
        return NULL;
    static const char *const mc[] = {"TCC_MC_RDREQ_sum", NULL, "TCC_MC_WRREQ_sum", NULL};
    static const char *const ea[] = {"TCC_EA_RDREQ_sum", "TCC_EA_RDREQ_32B_sum", "TCC_EA_WRREQ_sum",
                                     "TCC_EA_WRREQ_64B_sum"};
    if (c >= RP_TCC_RDREQ_sum)
        return (g == RP_GFX8 ? mc : ea)[c - RP_TCC_RDREQ_sum];
    return counter_names[c];
}

rp_gen_t rp_gen_of(const char *target)
{
    if (!strcmp(target, "gfx906"))
        return RP_GFX906;
    return !strncmp(target, "gfx9", 4) ? RP_GFX9 : RP_GFX8;
}

/* Shader engines as the cycle model places work-groups (sim/cu.c): the
 * preset's, at most one per CU. */
static unsigned engines(const device_t *d)
{
    unsigned se = d->p[DEV_shader_engines], cus = d->p[DEV_cus];
    se = se ? se : 1;
    return cus && se > cus ? cus : se;
}

/* Per-instance counter of a block per CU (TA, TCP): instance i is the CU
 * of index i within each shader engine (CU ci is CU ci / se of engine
 * ci mod se), read by SE broadcast, i.e. summed over the engines; a CU
 * past the 16th of its engine counts on instance (index mod 16). */
static void per_cu_instances(const tm_stats_t *s, unsigned se, size_t off, uint64_t out[RP_INST])
{
    memset(out, 0, RP_INST * sizeof out[0]);
    for (unsigned ci = 0; ci < s->ncu && s->cu; ci++)
        out[(ci / se) % RP_INST] += *(const uint64_t *)((const char *)&s->cu[ci] + off);
}

void rp_counters(const rep_launch_t *r, rp_counters_t *c)
{
    const tm_stats_t *s = r->s;
    const tm_counters_t *t = &s->total;
    const mt_stats_t *m = &s->mem;
    memset(c, 0, sizeof *c);
    c->gen = rp_gen_of(r->target);
    c->cu_num = r->dev->p[DEV_cus];
    c->simd_num = 4 * c->cu_num;
    c->se_num = engines(r->dev);
    c->max_wave_size = 64;
    uint64_t *v = c->v;
    v[RP_GRBM_GUI_ACTIVE] = s->cycles;
    v[RP_GRBM_COUNT] = s->cycles + s->overhead_cycles;
    v[RP_SQ_WAVES] = t->waves;
    v[RP_SQ_INSTS_VALU] = t->inst[TM_CAT_valu];
    v[RP_SQ_INSTS_SALU] = t->inst[TM_CAT_salu];
    v[RP_SQ_INSTS_SMEM] = t->inst[TM_CAT_smem];
    v[RP_SQ_INSTS_LDS] = t->lds_insts;
    v[RP_SQ_INSTS_GDS] = t->gds_insts;
    v[RP_SQ_INSTS_VMEM_RD] = t->vmem_rd;
    v[RP_SQ_INSTS_VMEM_WR] = t->vmem_wr;
    v[RP_SQ_INSTS_FLAT] = t->flat;
    v[RP_SQ_INSTS_FLAT_LDS_ONLY] = t->flat_lds;
    v[RP_TA_FLAT_READ_WAVEFRONTS_sum] = t->flat_rd;
    v[RP_TA_FLAT_WRITE_WAVEFRONTS_sum] = t->flat_wr;
    v[RP_SQ_ACTIVE_INST_VALU] = t->valu_quads;
    v[RP_SQ_INST_CYCLES_SALU] = t->salu_busy;
    v[RP_SQ_THREAD_CYCLES_VALU] = t->valu_thread_quads;
    v[RP_SQ_WAIT_INST_LDS] = t->lds_wait / 4;   /* in units of 4 cycles */
    v[RP_SQ_LDS_BANK_CONFLICT] = t->lds_conflict;
    v[RP_TCC_HIT_sum] = m->l2_hits;
    v[RP_TCC_MISS_sum] = m->l2_misses;
    uint64_t wr = m->dram_writes + m->release_writes;   /* 64-byte lines */
    if (c->gen == RP_GFX8) {   /* the MC interface counts 32-byte requests */
        v[RP_TCC_RDREQ_sum] = 2 * m->dram_reads;
        v[RP_TCC_WRREQ_sum] = 2 * wr;
    } else {                   /* EA: 64-byte requests */
        v[RP_TCC_RDREQ_sum] = m->dram_reads;
        v[RP_TCC_WRREQ_sum] = wr;
        v[RP_TCC_WRREQ_64B_sum] = wr;
    }
    per_cu_instances(s, c->se_num, offsetof(tm_counters_t, mem_busy), c->ta_busy);
    per_cu_instances(s, c->se_num, offsetof(tm_counters_t, mem_stall), c->tcp_stall);
    memcpy(c->tcc_wr_stall, m->l2_wr_stall, sizeof c->tcc_wr_stall);
}

/* ---- the metrics ----------------------------------------------------------- */

static double dv(double num, double den)
{
    return den != 0 ? num / den : 0.0;
}

static double C(const rp_counters_t *c, rp_counter_t k)
{
    return (double)c->v[k];
}

static double max16(const uint64_t x[RP_INST])
{
    uint64_t m = 0;
    for (unsigned i = 0; i < RP_INST; i++)
        m = x[i] > m ? x[i] : m;
    return (double)m;
}

static double per_wave(const rp_counters_t *c, double n)
{
    return dv(n, C(c, RP_SQ_WAVES));
}

static double gpu_busy(const rp_counters_t *c)
{
    return dv(100 * C(c, RP_GRBM_GUI_ACTIVE), C(c, RP_GRBM_COUNT));
}

static double wavefronts(const rp_counters_t *c)
{
    return C(c, RP_SQ_WAVES);
}

static double valu_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_VALU));
}

static double salu_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_SALU));
}

static double sfetch_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_SMEM));
}

static double gds_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_GDS));
}

static double vfetch_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_VMEM_RD) - C(c, RP_TA_FLAT_READ_WAVEFRONTS_sum));
}

static double vwrite_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_VMEM_WR) - C(c, RP_TA_FLAT_WRITE_WAVEFRONTS_sum));
}

static double lds_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_LDS) - C(c, RP_SQ_INSTS_FLAT_LDS_ONLY));
}

static double flat_vmem_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_FLAT) - C(c, RP_SQ_INSTS_FLAT_LDS_ONLY));
}

static double flat_lds_insts(const rp_counters_t *c)
{
    return per_wave(c, C(c, RP_SQ_INSTS_FLAT_LDS_ONLY));
}

static double valu_utilization(const rp_counters_t *c)
{
    return dv(100 * C(c, RP_SQ_THREAD_CYCLES_VALU), C(c, RP_SQ_ACTIVE_INST_VALU) * c->max_wave_size);
}

static double valu_busy(const rp_counters_t *c)
{
    return dv(dv(100 * C(c, RP_SQ_ACTIVE_INST_VALU) * 4, c->simd_num), C(c, RP_GRBM_GUI_ACTIVE));
}

static double salu_busy(const rp_counters_t *c)
{
    return dv(dv(100 * C(c, RP_SQ_INST_CYCLES_SALU) * 4, c->simd_num), C(c, RP_GRBM_GUI_ACTIVE));
}

static double mem_unit_busy(const rp_counters_t *c)
{
    return dv(dv(100 * max16(c->ta_busy), C(c, RP_GRBM_GUI_ACTIVE)), c->se_num);
}

static double mem_unit_stalled(const rp_counters_t *c)
{
    return dv(dv(100 * max16(c->tcp_stall), C(c, RP_GRBM_GUI_ACTIVE)), c->se_num);
}

static double write_unit_stalled(const rp_counters_t *c)
{
    return dv(100 * max16(c->tcc_wr_stall), C(c, RP_GRBM_GUI_ACTIVE));
}

static double alu_stalled_by_lds(const rp_counters_t *c)
{
    return dv(dv(100 * C(c, RP_SQ_WAIT_INST_LDS) * 4, C(c, RP_SQ_WAVES)), C(c, RP_GRBM_GUI_ACTIVE));
}

static double lds_bank_conflict(const rp_counters_t *c)
{
    return dv(dv(100 * C(c, RP_SQ_LDS_BANK_CONFLICT), C(c, RP_GRBM_GUI_ACTIVE)), c->cu_num);
}

static double l2_cache_hit(const rp_counters_t *c)
{
    return dv(100 * C(c, RP_TCC_HIT_sum), C(c, RP_TCC_HIT_sum) + C(c, RP_TCC_MISS_sum));
}

/* FETCH_SIZE: gfx8 (TCC_MC_RDREQ_sum*32)/1024; gfx9
 * (TCC_EA_RDREQ_32B_sum*32+(TCC_EA_RDREQ_sum-TCC_EA_RDREQ_32B_sum)*64)/1024;
 * gfx906 adds RDATA1_SIZE, EA1's bytes (0 here: one interface per channel). */
static double fetch_size(const rp_counters_t *c)
{
    double rd = C(c, RP_TCC_RDREQ_sum), rd32 = C(c, RP_TCC_RDREQ_32B_sum);
    if (c->gen == RP_GFX8)
        return rd * 32 / 1024;
    return (rd32 * 32 + (rd - rd32) * 64 + 0.0 /* RDATA1_SIZE */) / 1024;
}

/* WRITE_SIZE: gfx8 (TCC_MC_WRREQ_sum*32)/1024; gfx9
 * ((TCC_EA_WRREQ_sum-TCC_EA_WRREQ_64B_sum)*32+TCC_EA_WRREQ_64B_sum*64)/1024;
 * gfx906 adds WDATA1_SIZE (0 here). */
static double write_size(const rp_counters_t *c)
{
    double wr = C(c, RP_TCC_WRREQ_sum), wr64 = C(c, RP_TCC_WRREQ_64B_sum);
    if (c->gen == RP_GFX8)
        return wr * 32 / 1024;
    return ((wr - wr64) * 32 + wr64 * 64 + 0.0 /* WDATA1_SIZE */) / 1024;
}

/* WRITE_REQ_32B: gfx8 TCC_MC_WRREQ_sum; gfx9
 * TCC_EA_WRREQ_64B_sum*2+(TCC_EA_WRREQ_sum-TCC_EA_WRREQ_64B_sum); gfx906
 * the same with EA1's added (0 here). */
static double mem_writes_32b(const rp_counters_t *c)
{
    double wr = C(c, RP_TCC_WRREQ_sum), wr64 = C(c, RP_TCC_WRREQ_64B_sum);
    if (c->gen == RP_GFX8)
        return wr;
    return wr64 * 2 + (wr - wr64);
}

#define GLOBAL XML "<global>"
#define PERGEN XML "<gfx8_expr>, <gfx9_expr>"
#define PER_WAVE "instructions per wave"
#define EA1 "; gfx906 adds EA1's (TCC_EA1_*), 0 in gcnsim (one memory interface per L2 channel); gfx6/gfx7: gfx8's"

static const rp_metric_t metrics[] = {
    {"GPUBusy", "100*GRBM_GUI_ACTIVE/GRBM_COUNT", "%", GLOBAL, SAME, gpu_busy},
    {"Wavefronts", "SQ_WAVES", "wavefronts", GLOBAL, SAME, wavefronts},
    {"VALUInsts", "SQ_INSTS_VALU/SQ_WAVES", PER_WAVE, GLOBAL, SAME, valu_insts},
    {"SALUInsts", "SQ_INSTS_SALU/SQ_WAVES", PER_WAVE, GLOBAL, SAME, salu_insts},
    {"SFetchInsts", "SQ_INSTS_SMEM/SQ_WAVES", PER_WAVE, GLOBAL, SAME, sfetch_insts},
    {"GDSInsts", "SQ_INSTS_GDS/SQ_WAVES", PER_WAVE, GLOBAL, SAME, gds_insts},
    {"VFetchInsts", "(SQ_INSTS_VMEM_RD-TA_FLAT_READ_WAVEFRONTS_sum)/SQ_WAVES", PER_WAVE, PERGEN, SAME,
     vfetch_insts},
    {"VWriteInsts", "(SQ_INSTS_VMEM_WR-TA_FLAT_WRITE_WAVEFRONTS_sum)/SQ_WAVES", PER_WAVE, PERGEN, SAME,
     vwrite_insts},
    {"LDSInsts", "(SQ_INSTS_LDS-SQ_INSTS_FLAT_LDS_ONLY)/SQ_WAVES", PER_WAVE, PERGEN, SAME, lds_insts},
    {"FlatVMemInsts", "(SQ_INSTS_FLAT-SQ_INSTS_FLAT_LDS_ONLY)/SQ_WAVES", PER_WAVE, PERGEN, SAME,
     flat_vmem_insts},
    {"FlatLDSInsts", "SQ_INSTS_FLAT_LDS_ONLY/SQ_WAVES", PER_WAVE, PERGEN, SAME, flat_lds_insts},
    {"VALUUtilization", "100*SQ_THREAD_CYCLES_VALU/(SQ_ACTIVE_INST_VALU*MAX_WAVE_SIZE)", "%", PERGEN, SAME,
     valu_utilization},
    {"VALUBusy", "100*SQ_ACTIVE_INST_VALU*4/SIMD_NUM/GRBM_GUI_ACTIVE", "%", PERGEN, SAME, valu_busy},
    {"SALUBusy", "100*SQ_INST_CYCLES_SALU*4/SIMD_NUM/GRBM_GUI_ACTIVE", "%", PERGEN, SAME, salu_busy},
    {"MemUnitBusy", "100*max(TA_TA_BUSY,16)/GRBM_GUI_ACTIVE/SE_NUM", "%", GLOBAL, SAME, mem_unit_busy},
    {"MemUnitStalled", "100*max(TCP_TCP_TA_DATA_STALL_CYCLES,16)/GRBM_GUI_ACTIVE/SE_NUM", "%", PERGEN, SAME,
     mem_unit_stalled},
    {"WriteUnitStalled", "100*TCC_WRREQ_STALL_max/GRBM_GUI_ACTIVE", "%", PERGEN,
     "TCC_WRREQ_STALL_max: gfx8 max(TCC_MC_WRREQ_STALL,16), gfx9 and gfx906 max(TCC_EA_WRREQ_STALL,16)",
     write_unit_stalled},
    {"ALUStalledByLDS", "100*SQ_WAIT_INST_LDS*4/SQ_WAVES/GRBM_GUI_ACTIVE", "%", GLOBAL, SAME,
     alu_stalled_by_lds},
    {"LDSBankConflict", "100*SQ_LDS_BANK_CONFLICT/GRBM_GUI_ACTIVE/CU_NUM", "%", PERGEN, SAME,
     lds_bank_conflict},
    {"L2CacheHit", "100*sum(TCC_HIT,16)/(sum(TCC_HIT,16)+sum(TCC_MISS,16))", "%", PERGEN, SAME, l2_cache_hit},
    {"FetchSize", "FETCH_SIZE", "KB (1024 bytes)", XML "<gfx8_expr>, <gfx9_expr>, <gfx906_expr>",
     "gfx8 (TCC_MC_RDREQ_sum*32)/1024; gfx9 (TCC_EA_RDREQ_32B_sum*32+(TCC_EA_RDREQ_sum-TCC_EA_RDREQ_32B_sum)*64)"
     "/1024" EA1, fetch_size},
    {"WriteSize", "WRITE_SIZE", "KB (1024 bytes)", XML "<gfx8_expr>, <gfx9_expr>, <gfx906_expr>",
     "gfx8 (TCC_MC_WRREQ_sum*32)/1024; gfx9 ((TCC_EA_WRREQ_sum-TCC_EA_WRREQ_64B_sum)*32+TCC_EA_WRREQ_64B_sum*64)"
     "/1024" EA1, write_size},
    {"MemWrites32B", "WRITE_REQ_32B", "32-byte writes", XML "<gfx8_expr>, <gfx9_expr>, <gfx906_expr>",
     "gfx8 TCC_MC_WRREQ_sum; gfx9 TCC_EA_WRREQ_64B_sum*2+(TCC_EA_WRREQ_sum-TCC_EA_WRREQ_64B_sum)" EA1,
     mem_writes_32b},
};

enum { NMETRICS = sizeof metrics / sizeof metrics[0] };

const rp_metric_t *rp_metric_at(unsigned i)
{
    return i < NMETRICS ? &metrics[i] : NULL;
}

unsigned rp_nmetrics(void)
{
    return NMETRICS;
}

double rp_value(const rp_counters_t *c, const char *name)
{
    for (unsigned i = 0; i < NMETRICS; i++)
        if (!strcmp(metrics[i].name, name))
            return metrics[i].fn(c);
    return 0.0;
}

/* ---- output ---------------------------------------------------------------- */

void rp_text(FILE *fp, const rp_counters_t *c)
{
    fputs("  rocprof metrics   (rocprofiler's formulas; instruction counts per wave)\n", fp);
    for (unsigned i = 0; i < NMETRICS; i++) {
        const rp_metric_t *m = &metrics[i];
        double v = m->fn(c);
        char val[32];
        if (!strcmp(m->unit, "%"))
            snprintf(val, sizeof val, "%.2f%%", v);
        else if (fabs(v - round(v)) < 1e-9 && fabs(v) < 1e15)
            snprintf(val, sizeof val, "%.0f", v);
        else
            snprintf(val, sizeof val, "%.2f", v);
        fprintf(fp, "%s%-17s%11s%s", i % 2 ? "   " : "    ", m->name, val, i % 2 || i + 1 == NMETRICS ? "\n" : "");
    }
}

/* v rounded to 6 decimals (what the JSON holds: repeatable, and exact for
 * counts and per-wave averages of small waves). */
static double round6(double v)
{
    return isfinite(v) ? round(v * 1e6) / 1e6 : 0.0;
}

static void json_instances(json_t *j, const char *name, const uint64_t x[RP_INST])
{
    char key[64];
    for (unsigned i = 0; i < RP_INST; i++) {
        snprintf(key, sizeof key, "%s[%u]", name, i);
        json_uint(j, key, x[i]);
    }
}

void rp_json(json_t *j, const rp_counters_t *c)
{
    json_begin_obj(j, "rocprof");
    for (unsigned i = 0; i < NMETRICS; i++)
        json_double(j, metrics[i].name, round6(metrics[i].fn(c)));
    json_end(j);
    json_begin_obj(j, "counters");
    for (unsigned i = 0; i < RP_NCOUNTERS; i++) {
        const char *name = rp_counter_name((rp_counter_t)i, c->gen);
        if (name)
            json_uint(j, name, c->v[i]);
    }
    json_instances(j, "TA_TA_BUSY", c->ta_busy);
    json_instances(j, "TCP_TCP_TA_DATA_STALL_CYCLES", c->tcp_stall);
    json_instances(j, c->gen == RP_GFX8 ? "TCC_MC_WRREQ_STALL" : "TCC_EA_WRREQ_STALL", c->tcc_wr_stall);
    json_uint(j, "CU_NUM", c->cu_num);
    json_uint(j, "SIMD_NUM", c->simd_num);
    json_uint(j, "SE_NUM", c->se_num);
    json_uint(j, "MAX_WAVE_SIZE", c->max_wave_size);
    json_end(j);
}
