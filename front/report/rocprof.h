/* rocprof.h — rocprof's (rocprofiler v1) performance counters and derived
 * metrics of a timing run, by rocprof's own definitions: the basic
 * counters (GRBM_GUI_ACTIVE, SQ_WAVES, SQ_INSTS_VALU, TA_TA_BUSY[i], ...)
 * as the cycle model counts them, and one table, the only place they are
 * defined, of every rocprof-named metric: its name, its formula as
 * rocprofiler's metrics.xml writes it, its unit, where the definition
 * comes from, how the generations differ, and the function computing it
 * from the counters.  The README's table of rocprof's metrics is this
 * table.  A metric whose denominator is 0 is 0. */
#ifndef GCNSIM_ROCPROF_H
#define GCNSIM_ROCPROF_H

#include <stdint.h>
#include <stdio.h>
#include "front/report/json.h"
#include "front/report/report.h"

/* rocprof's generation sections (metrics.xml): gfx6/gfx7 (which rocprof
 * v1 does not profile) take gfx8's. */
typedef enum { RP_GFX8, RP_GFX9, RP_GFX906 } rp_gen_t;

/* Block instances rocprof reads of TA, TCP and TCC ("sum(X,16)",
 * "max(X,16)"). */
enum { RP_INST = 16 };

/* The basic counters summed (or taken whole) over their block instances. */
#define RP_COUNTER_LIST(X) \
    X(GRBM_COUNT) X(GRBM_GUI_ACTIVE) X(SQ_WAVES) X(SQ_INSTS_VALU) X(SQ_INSTS_SALU) X(SQ_INSTS_SMEM) \
    X(SQ_INSTS_LDS) X(SQ_INSTS_GDS) X(SQ_INSTS_VMEM_RD) X(SQ_INSTS_VMEM_WR) X(SQ_INSTS_FLAT) \
    X(SQ_INSTS_FLAT_LDS_ONLY) X(TA_FLAT_READ_WAVEFRONTS_sum) X(TA_FLAT_WRITE_WAVEFRONTS_sum) \
    X(SQ_ACTIVE_INST_VALU) X(SQ_INST_CYCLES_SALU) X(SQ_THREAD_CYCLES_VALU) X(SQ_WAIT_INST_LDS) \
    X(SQ_LDS_BANK_CONFLICT) X(TCC_HIT_sum) X(TCC_MISS_sum) X(TCC_RDREQ_sum) X(TCC_RDREQ_32B_sum) \
    X(TCC_WRREQ_sum) X(TCC_WRREQ_64B_sum)
typedef enum {
#define RP_C_ENUM(n) RP_##n,
    RP_COUNTER_LIST(RP_C_ENUM)
#undef RP_C_ENUM
    RP_NCOUNTERS
} rp_counter_t;

/* The counters of a run and the constants rocprof gives its formulas. */
typedef struct {
    rp_gen_t gen;
    uint64_t v[RP_NCOUNTERS];
    uint64_t ta_busy[RP_INST];          /* TA_TA_BUSY[i] */
    uint64_t tcp_stall[RP_INST];        /* TCP_TCP_TA_DATA_STALL_CYCLES[i] */
    uint64_t tcc_wr_stall[RP_INST];     /* TCC_EA_WRREQ_STALL[i] (gfx8: TCC_MC_WRREQ_STALL[i]) */
    unsigned cu_num, simd_num, se_num, max_wave_size;
} rp_counters_t;

/* One rocprof-named metric. */
typedef struct {
    const char *name;        /* "VALUBusy" */
    const char *formula;     /* as metrics.xml writes it */
    const char *unit;
    const char *source;      /* file, tag and section of the definition */
    const char *gens;        /* how gfx8, gfx9 and gfx906 differ (gfx6/gfx7: gfx8's) */
    double (*fn)(const rp_counters_t *c);
} rp_metric_t;

/* The metrics, in rocprof's order; NULL past the last. */
const rp_metric_t *rp_metric_at(unsigned i);
/* How many there are. */
unsigned rp_nmetrics(void);
/* The value of the metric named name over c (0 for an unknown name). */
double rp_value(const rp_counters_t *c, const char *name);
/* The name of counter c as rocprof writes it for generation g (the TCC
 * requests: TCC_EA_RDREQ_sum on gfx9, TCC_MC_RDREQ_sum on gfx8, ...). */
const char *rp_counter_name(rp_counter_t c, rp_gen_t g);
/* rocprof's section for a gfx target name ("gfx803" -> gfx8). */
rp_gen_t rp_gen_of(const char *target);

/* The counters of report r's run (its device's CUs, engines, channels). */
void rp_counters(const rep_launch_t *r, rp_counters_t *c);

/* Print the rocprof-named metrics of c, two per line, under a heading. */
void rp_text(FILE *fp, const rp_counters_t *c);
/* Write "rocprof": {metric: value} and "counters": {counter: value} (the
 * per-instance ones as NAME[i]) into the JSON object open in j. */
void rp_json(json_t *j, const rp_counters_t *c);

#endif
