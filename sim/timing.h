/* timing.h — the cycle model: a device of compute units (four SIMD16s with
 * wave slots, a scalar ALU, branch, LDS and vector-memory pipes), the
 * work-group dispatcher that places groups where registers, LDS and slots
 * allow, the issue arbiter, s_waitcnt counters and barriers, and the memory
 * timing of sim/memtime.h.  It runs the functional semantics at issue and
 * consumes their effects records; the semantics never look at it.
 *
 * Use: fill a tm_config_t (stats zeroed), point sim_launch_t.timing at it
 * and sim_dispatch; each dispatch adds its statistics to config.stats
 * (several launches accumulate; tm_stats_free them at the end). */
#ifndef GCNSIM_TIMING_H
#define GCNSIM_TIMING_H

#include <stddef.h>
#include <stdint.h>
#include "sim/device.h"
#include "sim/memtime.h"
#include "sim/occupancy.h"
#include "sim/waits.h"

/* Instruction categories as the sequencer issues them. */
#define TM_CAT_LIST(X) X(valu) X(salu) X(smem) X(vmem) X(lds) X(branch) X(other)
typedef enum {
#define TM_CAT_ENUM(n) TM_CAT_##n,
    TM_CAT_LIST(TM_CAT_ENUM)
#undef TM_CAT_ENUM
    TM_NCAT
} tm_cat_t;

/* Why a wave did not issue (wave-cycles are charged to one reason):
 * waiting in s_waitcnt for each counter, at s_barrier, for its previous
 * instruction (issue cost, VALU->SGPR->SALU delay), ready but another wave
 * or the SIMD's turn won (arbitration, a busy unit), a vector-memory
 * instruction ready while the CU's vector-memory pipe is held until the L2
 * channels take the previous access's lines (a channel busy, or its miss
 * queue full: mem_queue), a vector-memory instruction ready while the
 * pipe waits for a free TLB miss slot of the CU (translation), for its instructions (taken
 * branch, instruction-cache miss), in s_sleep. */
#define TM_STALL_LIST(X) \
    X(waitcnt_vmcnt) X(waitcnt_lgkmcnt) X(waitcnt_expcnt) X(barrier) \
    X(dependency) X(arbitration) X(mem_queue) X(translation) X(fetch) X(sleep)
typedef enum {
#define TM_STALL_ENUM(n) TM_STALL_##n,
    TM_STALL_LIST(TM_STALL_ENUM)
#undef TM_STALL_ENUM
    TM_NSTALL
} tm_stall_t;

/* Name of a category / stall reason ("valu", "waitcnt_vmcnt"). */
const char *tm_cat_name(tm_cat_t c);
const char *tm_stall_name(tm_stall_t s);

/* Counters of one CU (or of the whole device, summed). */
typedef struct {
    uint64_t active_cycles;      /* cycles with at least one wave resident */
    uint64_t valu_busy;          /* SIMD-cycles with a VALU op occupying the SIMD */
    uint64_t salu_busy;          /* scalar-ALU cycles (one SALU op per cycle; 8-cycle ops 2) */
    uint64_t mem_busy;           /* vector-memory (texture addresser) busy cycles */
    uint64_t lds_busy;           /* LDS bank cycles (both SIMD-pair ports) */
    uint64_t lds_conflict;       /* of which lost to bank conflicts */
    uint64_t inst[TM_NCAT];      /* wave-instructions by category */
    uint64_t valu_lanes;         /* active lanes summed over VALU instructions */
    /* what rocprof's basic counters count, as the model does it (README,
     * "rocprof's metrics"; front/report/rocprof.c maps them) */
    uint64_t valu_quads;         /* quad-cycles of VALU issue: each op's cost / 4, rounded up */
    uint64_t valu_thread_quads;  /* active lanes x quad-cycles, summed over VALU ops */
    uint64_t stall[TM_NSTALL];   /* wave-cycles not issuing, by reason */
    uint64_t wave_cycles;        /* resident wave-cycles */
    uint64_t workgroups, waves;  /* placed on this CU */
    uint32_t peak_waves;         /* most waves resident at once */
    uint64_t vmem_rd, vmem_wr;   /* vector-memory loads; stores and atomics (FLAT ones reaching memory too) */
    uint64_t flat, flat_lds;     /* FLAT-encoded instructions; of which every active lane addressed LDS */
    uint64_t flat_rd, flat_wr;   /* FLAT loads; stores and atomics, that reached the texture addresser */
    uint64_t lds_insts, gds_insts;  /* DS instructions without / with gds (FLAT ones to LDS in lds_insts) */
    uint64_t lds_wait;           /* wave-cycles an LDS instruction was ready while its LDS port was busy */
    uint64_t mem_stall;          /* cycles the vector-memory pipe was held by the L2 channels or the TLB */
} tm_counters_t;

/* Per instruction address (hot spots). */
typedef struct {
    uint64_t count;              /* wave-instructions issued at this pc */
    uint64_t cycles;             /* wave-cycles from the wave's previous issue to this one */
    uint64_t stall[TM_NSTALL];   /* of which stalled, by reason */
    uint64_t lanes;              /* VALU: active lanes summed over its issues */
    uint64_t taken;              /* a branch: wave-instructions that took it (the CFG's edge counts) */
} tm_pc_t;

/* Figures over time: the run cut into intervals of `interval` cycles
 * (64 doubled as often as needed for at most TM_SERIES_MAX of them:
 * deterministic, bounded); per interval, sums over the device. */
#define TM_SERIES_MAX 512
#define TM_SERIES_MIN_INTERVAL 64
typedef struct {
    uint64_t wave_cycles;        /* resident wave-cycles */
    uint64_t valu_busy;          /* SIMD-cycles a VALU op occupied (split at the interval's ends) */
    uint64_t dram_read, dram_write;   /* DRAM bytes: reads that crossed the bus in it, write-backs made in it */
} tm_point_t;
typedef struct {
    uint64_t interval;           /* cycles per point (0: nothing sampled) */
    uint64_t cycles;             /* the cycles covered (the last point may be partial) */
    unsigned n;                  /* points used */
    tm_point_t pt[TM_SERIES_MAX];
} tm_series_t;

typedef struct {
    uint64_t cycles;             /* from the first work-group placed to the last wave ended */
    uint64_t overhead_cycles;    /* the launches' overhead outside `cycles` (launch_ns each) */
    unsigned ncu;
    tm_counters_t total;         /* summed over CUs */
    tm_counters_t *cu;           /* [ncu] */
    mt_stats_t mem;
    occ_result_t occ;            /* theoretical occupancy of the launch */
    int occ_ok;                  /* occ_compute succeeded */
    uint64_t code_base;          /* hot spots: device address of pc[0] */
    size_t ndw;                  /* code dwords (0: no hot spots collected) */
    tm_pc_t *pc;                 /* [ndw], by (pc - code_base) / 4 */
    tm_waits_t waits;            /* with pc: what the s_waitcnt stalls waited for (sim/waits.h) */
    unsigned launches;           /* dispatches summed into these statistics */
    tm_series_t *series;         /* over time (NULL: none); launches one after the other */
} tm_stats_t;

/* Timeline events, reported in time order per wave. */
typedef enum { TM_EV_WAVE_BEGIN, TM_EV_WAVE_END, TM_EV_INST } tm_ev_kind_t;
typedef struct {
    uint8_t kind;                /* tm_ev_kind_t */
    uint8_t cat;                 /* TM_EV_INST: tm_cat_t */
    uint16_t cu, simd, slot;     /* where the wave runs */
    uint32_t wave;               /* wave index in the dispatch */
    uint32_t wg[3];              /* work-group id */
    uint64_t pc;
    uint64_t start, end;         /* cycles: issue and end of the issue cost (begin/end: equal) */
} tm_event_t;

/* What a timing run needs; stats is filled by the run. */
typedef struct {
    device_t dev;                   /* the device, with any overrides */
    int hotspots;                /* collect per-pc statistics */
    void (*on_event)(void *arg, const tm_event_t *e);   /* optional timeline sink */
    void *event_arg;
    tm_stats_t stats;            /* out: accumulated over dispatches (zero it first) */
} tm_config_t;

/* Add counters s to d (peak_waves: the maximum). */
void tm_counters_add(tm_counters_t *d, const tm_counters_t *s);
/* Add the statistics of src to dst (same kernel: hot spots are added when
 * both have them for the same code).  Returns 0, or -1 when out of memory. */
int tm_stats_add(tm_stats_t *dst, const tm_stats_t *src);
/* Add v, the sums of cycles [t0, t1) (t1 > t0), to series s at those
 * cycles: whole to the point holding them, or split in proportion to the
 * overlap; doubles the interval (merging pairs of points) as the series
 * grows past TM_SERIES_MAX points. */
void tm_series_add(tm_series_t *s, uint64_t t0, uint64_t t1, const tm_point_t *v);
/* Release what a stats record holds (and zero it). */
void tm_stats_free(tm_stats_t *s);

/* Derived figures, as the README defines them (percentages 0..100). */
double tm_valu_busy_pct(const tm_stats_t *s);        /* 100 * valu_busy / (4 * CUs * cycles) */
double tm_salu_busy_pct(const tm_stats_t *s);        /* 100 * salu_busy / (CUs * cycles) */
double tm_valu_util_pct(const tm_stats_t *s);        /* 100 * valu_lanes / (64 * VALU instructions) */
double tm_mem_busy_pct(const tm_stats_t *s);         /* 100 * mem_busy / (CUs * cycles) */
double tm_lds_conflict_pct(const tm_stats_t *s);     /* 100 * lds_conflict / lds_busy */
double tm_achieved_waves_per_simd(const tm_stats_t *s); /* wave_cycles / (4 * active_cycles) */

#endif
