/* cu.c — the cycle model (timing.h): compute units, the work-group
 * dispatcher, the sequencer's issue rules, wait counters and barriers.
 *
 * Rules (GCN-FACTS §1.2, §1.3, §2, §3):
 * - A CU has 4 SIMDs with wave slots, VGPRs and SGPRs each, and LDS and
 *   barrier slots for its groups.  A work-group is placed on one CU when
 *   every wave finds a slot and registers on its SIMD (waves dealt to the
 *   SIMDs round-robin, the start rotating per group); resources return
 *   when waves end, LDS and the barrier slot when the group ends.
 * - Each cycle one SIMD per CU is considered, round-robin (cycle mod 4).
 *   Its waves, oldest first within the highest s_setprio priority, issue
 *   at most one instruction each and at most one per category (VALU,
 *   SALU/SMEM, VMEM, LDS, branch).  Internal instructions (s_nop,
 *   s_waitcnt, s_barrier, s_setprio, s_sleep, s_endpgm) are consumed by
 *   the sequencer without a unit.
 * - A wave issues in order; its next instruction waits for the previous
 *   one's issue cost (VALU 4, quarter rate 16, FP64 DPFACTOR x 4 or x 8,
 *   SALU 4/8, SMEM 4/8/16, branches, DS/VMEM issue), for an SGPR a VALU
 *   wrote when an SALU/SMEM/branch reads it, for instruction fetch (on
 *   gfx6/gfx7 with the instruction buffer's 4-cycle penalties, which delay
 *   the wave only, so other waves' issue hides them), and in s_waitcnt
 *   for its counters.
 * - Units: a VALU op holds its SIMD for its cost; the scalar ALU takes one
 *   op per cycle (8-cycle ops two); the vector-memory pipe (texture
 *   addresser) is held for the access's address and data cycles; each
 *   SIMD pair's LDS port for the access's bank cycles.
 * - Counters: VMEM returns in order (vmcnt), DS in order, SMEM out of
 *   order (lgkmcnt), FLAT counts on both, gfx6 stores on expcnt; a counter
 *   never holds more than its field's maximum (issue waits).  With hot
 *   spots, a stall on a counter is charged to the operation whose
 *   completion ended it (sim/waits.h; wait_charge).
 * The functional semantics run at issue (wave_step) and their effects
 * record gives the addresses, counter increments and branch outcome.
 * The CUs due in a cycle may step on several host threads (par_cycle,
 * sim/cupar.h) with the serial results: calls into the memory system
 * wait at gate() for the CUs before them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/cu.h"
#include "sim/cupar.h"
#include "sim/exec.h"
#include "sim/par.h"
#include "sim/tdesc.h"
#include "sim/wg.h"

#define NEVER UINT64_MAX
enum { NSIMD = 4, MAXSLOTS = 10, QMAX = 64, NQ = 3 };
enum { Q_VM, Q_LGKM, Q_EXP };
enum { WHY_NONE = TM_NSTALL };   /* no stall reason: only arbitration */
enum { BP_RING = 1024 };
enum { MAX_SE = 16 };   /* shader_engines' upper limit (device.c) */
enum { TAG_OP_FAR = 0x0fffffff };   /* a queue tag's instruction beyond 2^28 dwords: "other" */

/* The latest BP_RING intervals during which a CU's vector-memory pipe was
 * held until the L2 channels took its lines (back pressure), disjoint and in time order, with the held
 * cycles before each (sum). */
typedef struct bp_ring {
    uint64_t from[BP_RING], to[BP_RING], sum[BP_RING];
    unsigned n;
} bp_ring_t;

struct twg;

/* A wave in the cycle model.  The fields the issue loop reads for every
 * wave come first (one cache line); the queues and prefetch lines last. */
typedef struct tw {
    uint64_t rdy;              /* earliest issue of the next instruction (wave-local) */
    uint8_t simd, slot, cat, why, internal, draining;
    uint16_t cu;               /* the CU it runs on */
    wave_t *w;
    struct twg *g;
    const isa_inst_t *in;      /* next instruction (NULL: pc outside the code) */
    uint64_t last;             /* previous issue (or the wave's start) */
    uint64_t busy;             /* the previous instruction's issue cost ends */
    uint64_t fetch;            /* the instruction at pc is available */
    uint64_t age;              /* placement order */
    uint64_t line;             /* 64-byte line the wave fetches from */
    uint64_t sleep;            /* s_sleep ends */
    uint64_t sgpr_ready;       /* SGPRs in smask readable by scalar instructions */
    uint64_t smask[2];
    uint64_t vm_tail, lds_tail;/* in-order returns: the latest completion so far */
    uint64_t end;              /* draining: resources return at this cycle */
    uint64_t bar_pc;           /* the s_barrier the wave waits at */
    uint8_t nq[NQ];
    uint64_t pf_hi;            /* highest line prefetched */
    struct tw_cold *c;         /* the large, rarely read part */
} tw_t;

/* The part of a wave's record the issue loop does not read. */
typedef struct tw_cold {
    uint64_t q[NQ][QMAX];      /* outstanding completions per counter, ascending */
    uint32_t (*tag)[QMAX];     /* [NQ] with hot spots: each one's instruction (dword index) << 4 |
                                  where served (tm_srv_t); NULL without */
    struct { uint64_t line, ready; } pf[16];   /* prefetched lines (by line mod 16) and when they arrive */
} tw_cold_t;

/* A resident work-group. */
typedef struct twg {
    sim_wg_t g;
    wave_t *waves;
    uint32_t (*vgprs)[64];
    uint8_t *lds;
    tw_t *tw;
    tw_cold_t *cold;           /* one per wave */
    uint32_t (*tags)[NQ][QMAX];   /* with hot spots: one per wave (tw_cold_t.tag) */
    unsigned cu, nwaves, live, ended, at_barrier;   /* live: resident; ended: past s_endpgm */
    size_t bytes;              /* host memory it holds (wg_keep) */
    struct twg *next_free;
} twg_t;

typedef struct {
    /* (a CU's record on cache lines of its own: CUs step on several
     * threads; what every step reads in its first two lines) */
    _Alignas(64) unsigned dirty;   /* SIMDs whose simd_due must be recomputed (a wave's rdy changed) */
    int prio_any;                  /* some wave raised its priority */
    unsigned n[NSIMD];
    unsigned waves;
    uint64_t simd_due[NSIMD];      /* per SIMD: earliest cycle a wave may issue (a lower bound) */
    uint64_t valu_free[NSIMD], salu_free, vmem_free, lds_free[2];
    uint64_t next;                 /* next cycle worth looking at */
    uint64_t drain_min;            /* earliest end of a draining wave */
    tm_counters_t *st;
    tw_t *simd[NSIMD][MAXSLOTS];   /* resident waves per SIMD, oldest first */
    unsigned vgpr_used[NSIMD], sgpr_used[NSIMD];
    unsigned lds_used, barrier_groups;
    struct bp_ring *bp;        /* the pipe's holds by back pressure (allocated on the first) */
    struct bp_ring *tr;        /* the pipe's holds waiting for a TLB miss slot (likewise) */
    uint64_t last;                 /* residency integrated up to here */
    unsigned rr;                   /* first SIMD of the next group */
} tcu_t;

/* A CU's counters on cache lines of their own. */
typedef struct {
    _Alignas(64) tm_counters_t c;
} tcnt_t;

struct tpar;

typedef struct tm {
    sim_ctx_t *c;
    const sim_kernel_t *k;
    const sim_launch_t *l;
    tm_config_t *cfg;
    const device_t *d;
    mt_t *mt;
    tm_stats_t st;
    tcu_t *cu;
    tcnt_t *cnt;              /* [ncu]: the CUs' counters while running (cu->st; st.cu at the end) */
    uint64_t *due;            /* per CU: cu->next while it has waves, else NEVER (scanned every step) */
    unsigned ncu, slots;
    /* per-wave and per-group needs */
    unsigned wg_waves, vgprs, sgprs, lds_alloc, lds, vgpr_limit, sgpr_limit, lds_limit;
    unsigned qmax[NQ];
    /* groups */
    uint32_t ngroups[3];
    uint64_t groups, placed, finished;
    int disp_blocked;
    unsigned nse;             /* shader engines; CU ci is on engine ci mod nse */
    uint64_t se_free[MAX_SE]; /* per engine: its workgroup manager can launch again */
    unsigned se_next[MAX_SE]; /* per engine: the next of its CUs to try (round-robin) */
    unsigned se_rr;           /* the engine tried first (rotates) */
    twg_t *free_wg;
    uint64_t age, nwaves;
    uint64_t now;
    uint64_t ser_at, ser_due;  /* the series: sampled up to ser_at; next boundary */
    tm_point_t ser_sum;        /* the sums up to ser_at */
    /* the code as the issue loop reads it: its records (tdesc.h), decoded
     * instructions, base address and dwords; the generation; counter_room */
    const td_t *td;
    const isa_inst_t *inst;
    uint64_t code_base;
    size_t ndw;
    unsigned gen;
    unsigned room[NQ];
    uint64_t op_pc;           /* the instruction timed now (q_add tags: op_tag) */
    int faulted;
    sim_result_t *r;
    uint64_t epoch;           /* the epoch's first cycle (the dispatcher acts there: run) */
    /* parallel epochs (sim/cupar.h): NULL when serial; in a thread's copy
     * of this record, the thread, the key of the step it is at, whether
     * that step passed the gate to the memory system, and the CU's log
     * (emit, wait charges) */
    cp_t *par;
    unsigned tid;
    uint64_t key;
    int gated;
    cp_log_t *log;
    struct tsp *sp;           /* the span in progress (step_ahead) */
    fx_t *fx_ahead;           /* the effects record of steps ahead */
    struct tpar *tp;          /* the dispatch's record: the threads' state (NULL: serial) */
} tm_t;

static int timing_bases(mt_t *mt, const mem_t *mem);

/* ---- small helpers ------------------------------------------------------ */

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static int step_ahead(void *arg);

/* Before a call into the memory system (mt_*: shared by every CU, timed
 * in call order) during a parallel epoch: wait until every other thread
 * is past this step's (cycle, CU) key, so that the calls reach it in the
 * order of one thread (sim/cupar.h).  Free when serial or passed. */
static void gate(tm_t *m)
{
    if (m->par && !m->gated) {
        if (m->par->pooled)
            cp_wait_keys(m->par, m->tid, m->key, step_ahead, m);
        m->gated = 1;
    }
}

/* The first cycle >= t at which SIMD s is considered. */
static uint64_t turn(uint64_t t, unsigned s)
{
    return t + ((s - (unsigned)(t & 3)) & 3);
}

/* ---- counters ------------------------------------------------------------ */

static void q_prune(tw_t *t, unsigned q, uint64_t now)
{
    unsigned n = t->nq[q], i = 0;
    while (i < n && t->c->q[q][i] <= now)
        i++;
    if (i) {
        memmove(t->c->q[q], t->c->q[q] + i, (n - i) * sizeof t->c->q[q][0]);
        if (t->c->tag)
            memmove(t->c->tag[q], t->c->tag[q] + i, (n - i) * sizeof t->c->tag[q][0]);
        t->nq[q] = (uint8_t)(n - i);
    }
}

/* The queue tag of the instruction timed now (m->op_pc) served at srv
 * (tm_srv_t): its dword index << 4 | srv. */
static uint32_t op_tag(const tm_t *m, unsigned srv)
{
    uint64_t op = (m->op_pc - m->code_base) >> 2;
    return (uint32_t)(op < TAG_OP_FAR ? op : TAG_OP_FAR) << 4 | srv;
}

/* Add an operation of counter q completing at done (issued at now); tag:
 * its instruction's dword index << 4 | where it was served (tm_srv_t). */
static void q_add(tw_t *t, unsigned q, uint64_t done, uint64_t now, uint32_t tag)
{
    if (t->nq[q] >= QMAX / 2)   /* completed entries only take room */
        q_prune(t, q, now);
    unsigned n = t->nq[q];
    if (n == QMAX)   /* cannot happen: issue waits below the field maximum */
        return;
    unsigned i = n;
    while (i > 0 && t->c->q[q][i - 1] > done) {
        t->c->q[q][i] = t->c->q[q][i - 1];
        i--;
    }
    t->c->q[q][i] = done;
    if (t->c->tag) {
        memmove(t->c->tag[q] + i + 1, t->c->tag[q] + i, (n - i) * sizeof t->c->tag[q][0]);
        t->c->tag[q][i] = tag;
    }
    t->nq[q] = (uint8_t)(n + 1);
}

/* The cycle from which at most n operations of counter q are outstanding. */
static uint64_t q_until(const tw_t *t, unsigned q, unsigned n)
{
    unsigned have = t->nq[q];
    return have <= n ? 0 : t->c->q[q][have - 1 - n];
}

/* ---- wave readiness ------------------------------------------------------ */

static int reads_masked_sgpr(const tw_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    for (unsigned i = 0; i < 2 && i < r->nsrc; i++) {
        unsigned s = in->src[i];
        if (s < 128 && (t->smask[s >> 6] >> (s & 63) & 1))
            return 1;
        if (s + 1 < 128 && r->src_t[i] >= OT_B64 && (t->smask[(s + 1) >> 6] >> ((s + 1) & 63) & 1))
            return 1;
    }
    if ((r->flags & ISA_F_READ_VCC) && (t->smask[1] >> (SREG_VCC_LO - 64) & 3))
        return 1;
    if (in->enc == ISA_ENC_SMRD || in->enc == ISA_ENC_SMEM) {
        unsigned s = in->src[0];
        return (t->smask[s >> 6] >> (s & 63) & 3) != 0;
    }
    return 0;
}

static void raise(uint64_t *e, uint8_t *why, uint64_t t, unsigned reason)
{
    if (t > *e) {
        *e = t;
        *why = (uint8_t)reason;
    }
}

/* The wave's readiness changed: its SIMD's cached due cycle is stale. */
static void touch(tm_t *m, const tw_t *t)
{
    m->cu[t->cu].dirty |= 1u << t->simd;
}

/* The dword index of pc in the code, or m->ndw when pc is outside it
 * (or not on a dword). */
static size_t code_index(const tm_t *m, uint64_t pc)
{
    uint64_t off = pc - m->code_base;
    return ((off & 3) == 0 && (off >> 2) < m->ndw) ? (size_t)(off >> 2) : m->ndw;
}

/* The decoded instruction at pc, or NULL when pc is outside the code. */
static const isa_inst_t *inst_at(const tm_t *m, uint64_t pc)
{
    size_t i = code_index(m, pc);
    return i < m->ndw ? &m->inst[i] : NULL;
}

/* The counts s_waitcnt in waits for (lim[Q_VM], lim[Q_LGKM], lim[Q_EXP]):
 * at most that many operations of each counter outstanding. */
static void waitcnt_fields(const tm_t *m, const isa_inst_t *in, unsigned lim[NQ])
{
    unsigned s = (unsigned)in->simm & 0xffff, gen = m->gen;
    lim[Q_VM] = (s & 15) | (gen >= ISA_GFX9 ? (s >> 14 & 3) << 4 : 0);
    lim[Q_LGKM] = gen <= ISA_GFX7 ? (s >> 8) & 31 : (s >> 8) & 15;
    lim[Q_EXP] = (s >> 4) & 7;
}

/* The most operations of counter q a memory operation may find
 * outstanding when it issues: the field's maximum less what it adds (a
 * counter at its maximum holds the next operation back). */
static unsigned counter_room(const tm_t *m, unsigned q)
{
    return m->room[q];
}

/* The wave's own readiness e (reason *why) raised by what the instruction
 * in (record d) depends on beyond the wave's times: SGPRs a VALU op
 * wrote, s_waitcnt's counts, a counter at its maximum. */
static __attribute__((noinline)) uint64_t tw_checks(const tm_t *m, const tw_t *t, const isa_inst_t *in, const td_t *d, uint64_t e,
                          uint8_t *why)
{
    if ((d->check & TD_SGPR) && t->sgpr_ready > e && reads_masked_sgpr(t, in))
        raise(&e, why, t->sgpr_ready, TM_STALL_dependency);
    if (d->check & TD_WAITCNT) {
        unsigned lim[NQ];
        waitcnt_fields(m, in, lim);
        raise(&e, why, q_until(t, Q_VM, lim[Q_VM]), TM_STALL_waitcnt_vmcnt);
        raise(&e, why, q_until(t, Q_LGKM, lim[Q_LGKM]), TM_STALL_waitcnt_lgkmcnt);
        raise(&e, why, q_until(t, Q_EXP, lim[Q_EXP]), TM_STALL_waitcnt_expcnt);
        return e;
    }
    /* a counter at its field's maximum holds the next operation back */
    if (d->check & TD_VM_ROOM)
        raise(&e, why, q_until(t, Q_VM, m->room[Q_VM]), TM_STALL_waitcnt_vmcnt);
    if (d->check & TD_LGKM_ROOM)
        raise(&e, why, q_until(t, Q_LGKM, m->room[Q_LGKM]), TM_STALL_waitcnt_lgkmcnt);
    if (d->check & TD_EXP_ROOM)
        raise(&e, why, q_until(t, Q_EXP, m->room[Q_EXP]), TM_STALL_waitcnt_expcnt);
    return e;
}

/* Compute when the wave's next instruction may issue as far as the wave
 * itself is concerned (units and arbitration come on top). */
static void tw_eval(tm_t *m, tw_t *t)
{
    touch(m, t);
    wave_t *w = t->w;
    size_t i = code_index(m, w->pc);
    t->in = i < m->ndw ? &m->inst[i] : NULL;
    uint64_t e = t->busy;
    uint8_t why = WHY_NONE;
    if (w->state == WAVE_BARRIER) {
        t->rdy = NEVER;
        t->why = TM_STALL_barrier;
        t->cat = TM_CAT_other;
        t->internal = 1;
        return;
    }
    raise(&e, &why, t->fetch, TM_STALL_fetch);
    raise(&e, &why, t->sleep, TM_STALL_sleep);
    if (!t->in) {   /* issue it to fault (as an invalid instruction's record says too) */
        t->cat = TM_CAT_other;
        t->internal = 1;
        t->rdy = e;
        t->why = why;
        return;
    }
    const td_t *d = &m->td[i];
    t->cat = d->cat;
    t->internal = d->internal;
    if (d->check)
        e = tw_checks(m, t, t->in, d, e, &why);
    t->rdy = e;
    t->why = why;
}

/* When the unit of category cat on this wave's SIMD is free. */
static uint64_t unit_free(const tcu_t *cu, const tw_t *t)
{
    switch (t->cat) {
    case TM_CAT_valu: return cu->valu_free[t->simd];
    case TM_CAT_salu: case TM_CAT_smem: return cu->salu_free;
    case TM_CAT_vmem: return cu->vmem_free;
    case TM_CAT_lds: return cu->lds_free[t->simd >> 1];
    default: return 0;
    }
}

/* ---- residency ------------------------------------------------------------ */

/* Integrate resident waves up to cycle t. */
static void cu_advance(tcu_t *cu, uint64_t t)
{
    if (t <= cu->last)
        return;
    if (cu->waves) {
        cu->st->active_cycles += t - cu->last;
        cu->st->wave_cycles += (t - cu->last) * cu->waves;
    }
    cu->last = t;
}

/* ---- the series over time ------------------------------------------------- */

/* The device's sums up to cycle b (no cycle before b left to simulate,
 * none after b simulated but the issues in flight): wave-cycles
 * integrated to b, VALU busy without the part of the ops beyond b. */
static tm_point_t sums_at(tm_t *m, uint64_t b)
{
    tm_point_t p = {0, 0, 0, 0};
    for (unsigned i = 0; i < m->ncu; i++) {
        const tcu_t *cu = &m->cu[i];
        p.wave_cycles += cu->st->wave_cycles + (b > cu->last ? (b - cu->last) * cu->waves : 0);
        p.valu_busy += cu->st->valu_busy;
        for (unsigned s = 0; s < NSIMD; s++)
            p.valu_busy -= cu->valu_free[s] > b ? cu->valu_free[s] - b : 0;
    }
    const mt_stats_t *ms = mt_stats(m->mt);
    p.dram_write = ms->dram_writes * 64;   /* 64-byte lines */
    p.dram_read = mt_dram_read_lines_before(m->mt, b) * 64;   /* by the time they crossed the bus */
    return p;
}

/* Sample the interval boundaries up to cycle upto (and, when last, the
 * partial interval ending there). */
static void series_sample(tm_t *m, uint64_t upto, int last)
{
    tm_series_t *s = m->st.series;
    while (m->ser_due <= upto || (last && m->ser_at < upto)) {
        uint64_t b = m->ser_due <= upto ? m->ser_due : upto;
        tm_point_t now = sums_at(m, b);
        if (last && b == upto)   /* the last interval takes any read still on the bus */
            now.dram_read = mt_stats(m->mt)->dram_reads * 64;
        tm_point_t d = {now.wave_cycles - m->ser_sum.wave_cycles,
                                             now.valu_busy - m->ser_sum.valu_busy,
                                             now.dram_read - m->ser_sum.dram_read,
                                             now.dram_write - m->ser_sum.dram_write};
        tm_series_add(s, m->ser_at, b, &d);
        m->ser_sum = now;
        m->ser_at = b;
        m->ser_due = (b / s->interval + 1) * s->interval;
    }
}

static void emit(tm_t *m, unsigned kind, const tw_t *t, unsigned cat, uint64_t pc, uint64_t start, uint64_t end)
{
    if (!m->cfg->on_event)
        return;
    tm_event_t e;
    e.kind = (uint8_t)kind;
    e.cat = (uint8_t)cat;
    e.cu = (uint16_t)t->cu;
    e.simd = t->simd;
    e.slot = t->slot;
    e.wave = t->w->id;
    memcpy(e.wg, t->g->g.id, sizeof e.wg);
    e.pc = pc;
    e.start = start;
    e.end = end;
    if (m->log)
        cp_log_event(m->log, m->c->cycle, &e);
    else
        m->cfg->on_event(m->cfg->event_arg, &e);
}

/* ---- charging time to instructions --------------------------------------- */

/* The wave issues its next instruction at cycle now: charge the time since
 * its previous issue to that pc, split into the issue cost, the wave's own
 * reason for waiting and arbitration. */
static tm_pc_t *pc_stats(tm_t *m, uint64_t pc)
{
    if (!m->st.pc)
        return NULL;
    uint64_t off = (pc - m->st.code_base) >> 2;
    return off < m->st.ndw ? &m->st.pc[off] : NULL;
}

/* Cycles before x during which the CU's vector-memory pipe was held as
 * ring b records (back pressure or translation; over the intervals
 * remembered; x before the oldest counts from it). */
static uint64_t bp_held(const bp_ring_t *b, uint64_t x)
{
    unsigned n = b ? (b->n < BP_RING ? b->n : BP_RING) : 0, first = b ? b->n - n : 0;
    if (n == 0 || x <= b->from[first % BP_RING])
        return n ? b->sum[first % BP_RING] : 0;
    unsigned lo = first, hi = b->n - 1;   /* the last interval starting at or before x */
    while (lo < hi) {
        unsigned mid = lo + (hi - lo + 1) / 2;
        if (b->from[mid % BP_RING] <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    unsigned i = lo % BP_RING;
    return b->sum[i] + min64(x, b->to[i]) - b->from[i];
}

/* Records in *ring (allocated on first use) that the vector-memory pipe
 * is held from `from` to `to` (after every interval recorded before);
 * without host memory for the record the hold is charged as
 * arbitration. */
static void bp_add(bp_ring_t **ring, uint64_t from, uint64_t to)
{
    if (!*ring) {   /* (only the n intervals recorded are read) */
        if (!(*ring = malloc(sizeof **ring)))
            return;
        (*ring)->n = 0;
    }
    bp_ring_t *b = *ring;
    uint64_t sum = 0;
    if (b->n) {
        unsigned p = (b->n - 1) % BP_RING;
        sum = b->sum[p] + b->to[p] - b->from[p];
    }
    unsigned i = b->n++ % BP_RING;
    b->from[i] = from;
    b->to[i] = to;
    b->sum[i] = sum;
}

/* Hot spots: wave t stalled `cycles` before its next instruction for
 * counter t->why.  They go to the one operation whose completion ended
 * the stall: with the completions in time order, the one that brought
 * the counter down to the limit (q_until).  The wait lasts until that
 * operation completes whatever the others do; a faster operation that
 * completed before it would not have shortened the wait (nor would one
 * still outstanding after it, which the limit allows).  This holds for
 * the out-of-order lgkmcnt too, where the count drops at each return
 * whatever its order (GCN-FACTS 2.1: s_waitcnt waits until the count is
 * at most its field; 2.2: SMEM returns out of order, DS in order). */
static void wait_charge(tm_t *m, const tw_t *t, uint64_t cycles)
{
    unsigned q = t->why - TM_STALL_waitcnt_vmcnt, lim[NQ];   /* Q_VM, Q_LGKM, Q_EXP: the stalls' order */
    if (!t->in || t->in->op >= ISA_OP_COUNT || !t->c->tag)
        return;
    if (t->in->op == ISA_OP_S_WAITCNT)
        waitcnt_fields(m, t->in, lim);
    else
        lim[q] = counter_room(m, q);
    if (t->nq[q] <= lim[q])
        return;
    uint32_t tag = t->c->tag[q][t->nq[q] - 1 - lim[q]], op = tag >> 4;
    uint32_t at = (uint32_t)((t->w->pc - m->st.code_base) >> 2);
    op = op == TAG_OP_FAR ? TM_WAIT_OTHER : op;
    if (m->log)
        cp_log_wait(m->log, m->c->cycle, at, op, (tm_srv_t)(tag & 15), cycles);
    else
        tm_waits_charge(&m->st.waits, m->st.ndw, at, op, (tm_srv_t)(tag & 15), cycles);
}

static void charge(tm_t *m, tcu_t *cu, tw_t *t, uint64_t now)
{
    uint64_t base = max64(t->last, t->busy);
    tm_pc_t *pc = pc_stats(m, t->w->pc);
    uint64_t here = now - t->last;   /* wave-cycles charged to this pc */
    if (now > base) {
        uint64_t e = t->rdy > base ? (t->rdy < now ? t->rdy : now) : base;
        if (e > base && t->why < TM_NSTALL) {
            cu->st->stall[t->why] += e - base;
            /* a wave waits at s_barrier after issuing it: the wait is the
             * barrier's, as a profiler's PC sample shows it */
            tm_pc_t *at = t->why == TM_STALL_barrier ? pc_stats(m, t->bar_pc) : pc;
            if (at) {
                at->stall[t->why] += e - base;
                if (t->why <= TM_STALL_waitcnt_expcnt)
                    wait_charge(m, t, e - base);
                if (at != pc) {
                    at->cycles += e - base;
                    here -= e - base;
                }
            }
        } else
            e = base;
        if (now > e && t->cat == TM_CAT_lds && cu->lds_free[t->simd >> 1] > e)   /* its LDS port busy */
            cu->st->lds_wait += min64(now, cu->lds_free[t->simd >> 1]) - e;
        if (now > e) {
            /* of which the vector-memory pipe was held by back pressure
             * or waiting for a TLB miss slot */
            uint64_t q = 0, r = 0;
            if (t->cat == TM_CAT_vmem) {
                q = bp_held(cu->bp, now) - bp_held(cu->bp, e);
                r = bp_held(cu->tr, now) - bp_held(cu->tr, e);
            }
            cu->st->stall[TM_STALL_arbitration] += now - e - q - r;
            cu->st->stall[TM_STALL_mem_queue] += q;
            cu->st->stall[TM_STALL_translation] += r;
            if (pc) {
                pc->stall[TM_STALL_arbitration] += now - e - q - r;
                pc->stall[TM_STALL_mem_queue] += q;
                pc->stall[TM_STALL_translation] += r;
            }
        }
    }
    if (pc) {
        pc->count++;
        pc->cycles += here;
    }
    t->last = now;
}

/* ---- issuing --------------------------------------------------------------- */

/* The LDS issue cost of a FLAT access by its accesses: reads 4 per dword
 * per lane, writes and atomics 4 + 4 per dword written. */
static unsigned lds_access_issue(const fx_t *fx)
{
    unsigned rd = 0, wr = 0;
    for (unsigned i = 0; i < fx->nacc; i++) {
        unsigned dw = (fx->acc[i].bytes + 3) / 4;
        if (fx->acc[i].write)
            wr += dw;
        else
            rd += dw;
    }
    if (wr)
        return 4 + 4 * wr;
    return rd ? 4 * rd : 8;
}

/* Data dwords a DS instruction sends per lane: its sources after the
 * address (ds.def), or its one source when a store has no address
 * (ds_write_addtid_b32). */
static unsigned ds_data_dwords(const isa_row_t *row)
{
    if (row->nsrc == 1 && (row->flags & ISA_F_STORE))
        return isa_otype_dwords(row->src_t[0]);
    unsigned n = 0;
    for (unsigned i = 1; i < row->nsrc; i++)
        n += isa_otype_dwords(row->src_t[i]);
    return n;
}

/* Cycles a DS instruction takes to issue, from its row (CLRX's measured
 * DS table, doc/GcnTimings.md; GCN-FACTS 1.3):
 * - one that sends data, 4 + 4 per data dword, what it returns adding
 *   nothing: ds_write_b32 8, ds_write_b64 and ds_write2_b32 12,
 *   ds_write_b128 20, ds_add_u32 and ds_add_rtn_u32 8, ds_cmpst_b32 12
 *   (compare value and data), ds_cmpst_b64 20;
 * - one that only returns data, 4 per returned dword with 3 dwords as 4:
 *   ds_read_b32 and ds_swizzle_b32 4, ds_read_b64 and ds_read2_b32 8,
 *   ds_read_b96 and ds_read_b128 16;
 * - otherwise 4 per dword of the element it touches (src2 atomics 4 and 8,
 *   ds_nop 4).
 * FLAT lanes that address LDS (not measured) take the access rule: reads
 * 4 per dword, writes and atomics 4 + 4 per dword written. */
static unsigned ds_issue(const isa_row_t *row, const fx_t *fx)
{
    if (row->enc != ISA_ENC_DS)
        return lds_access_issue(fx);
    unsigned data = ds_data_dwords(row);
    if (data)
        return 4 + 4 * data;
    unsigned ret = row->ndst ? isa_otype_dwords(row->dst_t[0]) : 0;
    if (ret)
        return ret == 3 ? 16 : 4 * ret;
    unsigned el = fx->nacc ? (fx->acc[0].bytes + 3u) / 4 : 1;
    return 4 * (el ? el : 1);
}

/* Whether a vector-memory atomic compares and swaps: its data operand
 * carries the compare value and the data, twice what it returns
 * (buffer_atomic_cmpswap "b32:b64", _x2 "b64:b128", fcmpswap). */
static int vmem_cmpswap(const isa_row_t *row)
{
    return row->ndst && row->nsrc &&
           isa_otype_dwords(row->src_t[0]) == 2 * isa_otype_dwords(row->dst_t[0]);
}

/* Cycles a vector-memory instruction takes to issue (CLRX's measured
 * MUBUF table, doc/GcnTimings.md; GCN-FACTS 1.3), a floor of the
 * vector-memory pipe's time: loads of up to a dword per lane 8
 * (buffer_load_dword, _ubyte, _sbyte, _ushort, _sshort, _format_x), of 2
 * dwords 18 (_dwordx2, _format_xy), of 3 or 4 dwords 16; stores 16;
 * compare-and-swap atomics 32; other atomics 16, + 1 per returned dword
 * when they return (glc: the effects record lists the VGPRs written). */
static unsigned vmem_issue(const isa_row_t *row, const fx_t *fx)
{
    unsigned bytes = fx->nacc ? fx->acc[0].bytes : 4;
    if (row->flags & ISA_F_ATOMIC) {
        if (vmem_cmpswap(row))
            return 32;
        return 16 + (fx->nv ? isa_otype_dwords(row->dst_t[0]) : 0);
    }
    if (row->flags & ISA_F_STORE)
        return 16;
    return bytes <= 4 ? 8 : bytes <= 8 ? 18 : 16;
}

static void issue_lds_access(tm_t *m, tcu_t *cu, tw_t *t, const fx_t *fx, uint64_t now, unsigned *hold)
{
    unsigned bank = 0, ideal = 0;
    for (unsigned i = 0; i < fx->nacc; i++)
        if (fx->acc[i].space == FX_SPACE_LDS) {
            unsigned id;
            bank += mt_lds_cycles(&fx->acc[i], &id);
            ideal += id;
        }
    cu->st->lds_busy += bank;
    cu->st->lds_conflict += bank - ideal;
    unsigned h = ds_issue(isa_row(t->in->op), fx);   /* t->in: the instruction issuing */
    if (bank > h)
        h = bank;
    *hold = h;
    uint64_t done = max64(t->lds_tail, now + h + m->d->p[DEV_lds_latency]);
    t->lds_tail = done;
    for (unsigned i = 0; i < fx->lgkm_cnt; i++)
        q_add(t, Q_LGKM, done, now, op_tag(m, TM_SRV_lds));
}

/* The vector-memory pipe, free from cycle `free` by its own work, waits
 * until `sent` for TLB miss slots, then until `accepted` for the L2
 * channels: the holds as the stalls translation and mem_queue. */
static void hold_pipe(tcu_t *cu, uint64_t free, uint64_t sent, uint64_t accepted)
{
    if (sent > free) {
        bp_add(&cu->tr, free, sent);
        cu->st->mem_stall += sent - free;
        free = sent;
    }
    if (accepted > free) {
        bp_add(&cu->bp, free, accepted);
        cu->st->mem_stall += accepted - free;
    }
}

/* Count a vector-memory instruction as rocprof's SQ and TA counters do:
 * FLAT ones apart, and those whose lanes all addressed LDS as LDS
 * instructions (they never reach the texture addresser). */
static void count_vmem(tcu_t *cu, const isa_row_t *row, unsigned any_lds, unsigned any_mem)
{
    int flat = row->enc == ISA_ENC_FLAT, wr = (row->flags & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
    tm_counters_t *c = cu->st;
    c->flat += (uint64_t)flat;
    c->lds_insts += (uint64_t)(flat && any_lds);
    if (flat && any_lds && !any_mem) {
        c->flat_lds++;
        return;
    }
    c->vmem_wr += (uint64_t)wr;
    c->vmem_rd += (uint64_t)!wr;
    c->flat_wr += (uint64_t)(flat && wr);
    c->flat_rd += (uint64_t)(flat && !wr);
}

/* Where a vector-memory instruction was served, its slowest access from
 * src (mt_served): stores and atomics without return are writes; an
 * access that touched no line (no lane in range) counts as the L1. */
static unsigned vmem_served(const isa_row_t *row, const fx_t *fx, mt_src_t src)
{
    if ((row->flags & ISA_F_STORE) || ((row->flags & ISA_F_ATOMIC) && !fx->nv))
        return TM_SRV_write;
    return src == MT_SRC_DRAM ? TM_SRV_dram : src == MT_SRC_L2 ? TM_SRV_l2 : TM_SRV_l1;
}

/* A vector-memory access issued at cycle now: the CU's vector-memory pipe
 * is held for the access's address cycles (one quad per cycle, or the
 * dword path) and data cycles (one 64-byte line per cycle through the L1,
 * GCN-FACTS 4.3), so the waves of a CU overlap at those rates; the wave
 * itself may not issue again before CLRX's measured MUBUF issue cost
 * (*cost), which is a per-wave cost, not the pipe's. */
static void issue_vmem(tm_t *m, tcu_t *cu, tw_t *t, const isa_row_t *row, const fx_t *fx, uint64_t now,
                       unsigned *hold, unsigned *cost)
{
    enum { NACC = sizeof fx->acc / sizeof fx->acc[0] };
    unsigned addr = 0, lines = 0, any_lds = 0, any_mem = 0, nl[NACC];
    uint64_t done = now, ll[NACC][MT_MAX_LINES];   /* each access's lines, listed once */
    for (unsigned i = 0; i < fx->nacc; i++) {
        const fx_access_t *a = &fx->acc[i];
        if (a->space == FX_SPACE_LDS) {
            any_lds = 1;
            continue;
        }
        any_mem = 1;
        addr += mt_addr_cycles(a);
        lines += nl[i] = mt_line_list(a, ll[i]);
    }
    count_vmem(cu, row, any_lds, any_mem || !any_lds);
    unsigned h = addr > lines ? addr : lines, c = vmem_issue(row, fx);
    if (h == 0)
        h = 4;   /* no lane active: the instruction still passes the addresser */
    *cost = c > h ? c : h;
    uint64_t accepted = now, sent = now;
    mt_src_t src = MT_SRC_NONE;   /* where the slowest access was served */
    for (unsigned i = 0; i < fx->nacc; i++)
        if (fx->acc[i].space != FX_SPACE_LDS) {
            uint64_t acc;
            const fx_access_t *a = &fx->acc[i];
            uint64_t at = now + (addr ? addr : 4);
            gate(m);
            uint64_t r = (row->flags & ISA_F_ATOMIC) ? mt_vmem_atomic(m->mt, t->cu, a, at, fx->nv != 0, &acc)
                                                      : mt_vmem_listed(m->mt, t->cu, a, ll[i], nl[i], at, &acc);
            if (r >= done)
                src = mt_served(m->mt);
            done = max64(done, r);
            accepted = max64(accepted, acc);
            sent = max64(sent, mt_translated(m->mt));
        }
    cu->vmem_free = max64(now + h, accepted);
    hold_pipe(cu, now + h, sent, accepted);
    cu->st->mem_busy += h;
    *hold = h;
    uint32_t tag = op_tag(m, vmem_served(row, fx, src));
    if (any_lds) {   /* FLAT lanes that address LDS */
        unsigned lh;
        uint64_t tail = t->lds_tail;
        issue_lds_access(m, cu, t, fx, now, &lh);
        t->nq[Q_LGKM] -= fx->lgkm_cnt;   /* counted below with the whole access */
        if (t->lds_tail > done)
            tag = op_tag(m, TM_SRV_lds);
        done = max64(done, t->lds_tail);
        (void)tail;
    }
    done = max64(done, now + h);
    done = max64(done, t->vm_tail);
    t->vm_tail = done;
    for (unsigned i = 0; i < fx->vm_cnt; i++)
        q_add(t, Q_VM, done, now, tag);
    for (unsigned i = 0; i < fx->lgkm_cnt; i++)
        q_add(t, Q_LGKM, done, now, tag);
    for (unsigned i = 0; i < fx->exp_cnt; i++)   /* gfx6 stores: until the data VGPRs are read */
        q_add(t, Q_EXP, now + h, now, op_tag(m, TM_SRV_write));
}

/* The timing of an instruction the wave just executed (functionally) at
 * cycle now: unit occupancy, the wave's issue cost, counters, fetch. */
static uint64_t time_issued(tm_t *m, tcu_t *cu, tw_t *t, const isa_inst_t *in, uint64_t pc, uint64_t exec_before,
                        uint64_t now)
{
    const td_t *d = &m->td[(pc - m->code_base) >> 2];   /* pc: an instruction that executed */
    const fx_t *fx = m->c->fx;
    unsigned cat = d->cat, cost = 4, hold = 0;
    uint64_t done = 0;
    m->op_pc = pc;
    switch (cat) {
    case TM_CAT_valu: {
        uint64_t lanes = exec_before == ~0ull ? 64 : (uint64_t)__builtin_popcountll(exec_before);
        cost = d->cost;
        cu->valu_free[t->simd] = now + cost;
        cu->st->valu_busy += cost;
        cu->st->valu_lanes += lanes;
        if (m->st.pc && (pc - m->st.code_base) >> 2 < m->st.ndw)
            m->st.pc[(pc - m->st.code_base) >> 2].lanes += lanes;
        cu->st->valu_quads += (cost + 3) / 4;
        cu->st->valu_thread_quads += lanes * ((cost + 3) / 4);
        if (fx->ns) {   /* SGPRs written: scalar readers wait (GCN-FACTS 1.4) */
            t->sgpr_ready = now + cost + m->d->p[DEV_valu_sgpr_delay];
            t->smask[0] = t->smask[1] = 0;
            for (unsigned i = 0; i < fx->ns; i++)
                t->smask[fx->s[i].reg >> 6 & 1] |= 1ull << (fx->s[i].reg & 63);
        }
        break;
    }
    case TM_CAT_salu:
        cost = d->cost;
        cu->salu_free = now + cost / 4;
        cu->st->salu_busy += cost / 4;
        break;
    case TM_CAT_smem: {
        unsigned bytes = fx->nacc ? fx->acc[0].bytes : 0;
        cost = bytes >= 64 ? 16 : bytes >= 32 ? 8 : 4;
        cu->salu_free = now + 1;
        done = now + m->d->p[DEV_smem_latency];
        unsigned srv = TM_SRV_scalar;
        if (fx->nacc) {
            mt_src_t from;
            if (!m->par || !mt_smem_hit(m->mt, t->cu, fx->acc[0].addr[0], bytes ? bytes : 4, now, &done, &from)) {
                gate(m);
                done = mt_smem(m->mt, t->cu, fx->acc[0].addr[0], bytes ? bytes : 4, now);
                from = mt_served(m->mt);
            }
            srv = from > MT_SRC_L1 ? TM_SRV_scalar_miss : TM_SRV_scalar;
        }
        for (unsigned i = 0; i < fx->lgkm_cnt; i++)
            q_add(t, Q_LGKM, done, now, op_tag(m, srv));
        break;
    }
    case TM_CAT_branch:
        cost = fx->taken ? m->d->p[DEV_branch_taken] : m->d->p[DEV_branch_not_taken];
        break;
    case TM_CAT_lds:
        cu->st->gds_insts += in->gds != 0;
        cu->st->lds_insts += in->gds == 0;
        issue_lds_access(m, cu, t, fx, now, &hold);
        cu->lds_free[t->simd >> 1] = now + hold;
        done = t->lds_tail;
        break;
    case TM_CAT_vmem:
        issue_vmem(m, cu, t, isa_row(in->op), fx, now, &hold, &cost);
        done = t->vm_tail;
        break;
    default:   /* s_sendmsg and others: the wave's issue slot */
        for (unsigned i = 0; i < fx->lgkm_cnt; i++)
            q_add(t, Q_LGKM, now + m->d->p[DEV_smem_latency], now, op_tag(m, TM_SRV_gds));
        break;
    }
    cu->st->inst[cat]++;
    t->busy = now + cost;
    emit(m, TM_EV_INST, t, cat, pc, now, now + (hold > cost ? hold : cost));
    return done ? done : now + cost;
}

/* mt_ifetch, a hit without waiting at the gate when parallel. */
static uint64_t ifetch(tm_t *m, unsigned cu, uint64_t pc, uint64_t now)
{
    uint64_t r;
    if (m->par && mt_ifetch_hit(m->mt, cu, pc, now, &r))
        return r;
    gate(m);
    return mt_ifetch(m->mt, cu, pc, now);
}

/* Instruction fetch when the wave's pc is in a new 64-byte line at cycle
 * now: a prefetched line arrives when its fetch does, another (a taken
 * branch) is fetched now; then the next ifetch_lines lines of the code
 * are prefetched. */
static __attribute__((noinline)) void fetch_new_line(tm_t *m, tw_t *t, uint64_t now)
{
    uint64_t pc = t->w->pc, line = pc >> 6;
    unsigned depth = m->d->p[DEV_ifetch_lines];
    if (line > t->line && line <= t->pf_hi && t->c->pf[line & 15].line == line)
        t->fetch = max64(now, t->c->pf[line & 15].ready);
    else {
        t->fetch = ifetch(m, t->cu, pc, now);
        t->pf_hi = line;
    }
    t->line = line;
    uint64_t end = (m->code_base + 4 * m->ndw - 1) >> 6;
    for (uint64_t x = t->pf_hi + 1; x <= line + depth && x <= end; x++) {
        t->c->pf[x & 15].line = x;
        t->c->pf[x & 15].ready = ifetch(m, t->cu, x << 6, now);
        t->pf_hi = x;
    }
}

static inline void fetch_line(tm_t *m, tw_t *t, uint64_t now)
{
    if (t->w->pc >> 6 != t->line)
        fetch_new_line(m, t, now);
}

/* Cycles of one instruction-buffer penalty (CLRX doc/GcnTimings.md
 * "Instruction alignment": "any penalty costs 4 cycles"). */
enum { FETCH_PENALTY = 4 };

/* Whether the effects record lists a write of VCC or EXEC. */
static int fx_wrote_vcc_exec(const fx_t *fx)
{
    for (unsigned i = 0; i < fx->ns; i++) {
        unsigned r = fx->s[i].reg;
        if (r == SREG_VCC_LO || r == SREG_VCC_HI || r == SREG_EXEC_LO || r == SREG_EXEC_HI)
            return 1;
    }
    return 0;
}

/* Penalties (GCN 1.0/1.1 only: gfx6, gfx7) before the wave's next
 * instruction `next` at pc, after an instruction with effects fx
 * (GCN-FACTS 1.2 "Instruction fetch / buffer" and "Branches", from CLRX):
 * - a 2-dword instruction that starts past the third dword of its 32-byte
 *   block: 1;
 * - a conditional branch on VCCZ or EXECZ right after an instruction that
 *   wrote VCC or EXEC, or on SCC right after one that wrote SCC, VCC or
 *   EXEC: 1.
 * "GCN 1.2 can fetch double-dword instructions at full speed": 0 there. */
static unsigned fetch_penalties(const tm_t *m, const isa_inst_t *next, uint64_t pc, const fx_t *fx)
{
    if (m->gen > ISA_GFX7 || !next || next->op >= ISA_OP_COUNT)
        return 0;
    unsigned n = next->ndw >= 2 && (pc >> 2 & 7) >= 3;
    const isa_row_t *r = isa_row(next->op);
    if (next->enc == ISA_ENC_SOPP && (r->flags & ISA_F_BRANCH) &&
        (r->flags & (ISA_F_READ_VCC | ISA_F_READ_EXEC | ISA_F_READ_SCC)) &&
        (fx_wrote_vcc_exec(fx) || ((r->flags & ISA_F_READ_SCC) && fx->scc_written)))
        n++;
    return n;
}

/* The wave issued an instruction (internal: consumed by the sequencer) at
 * cycle now: its next instruction reaches the issue stage at the wave's
 * next issue opportunity plus the penalties.  This delays the wave only,
 * so it is hidden under a longer issue cost and under other waves' issue
 * on the SIMD ("masked when more waves than 4 x CUs run"). */
static void fetch_penalize(tm_t *m, tw_t *t, const fx_t *fx, int internal, uint64_t now)
{
    if (m->gen > ISA_GFX7)   /* (fetch_penalties: none) */
        return;
    unsigned n = fetch_penalties(m, inst_at(m, t->w->pc), t->w->pc, fx);
    if (n)
        t->fetch = max64(t->fetch, now + (internal ? 0 : 4) + FETCH_PENALTY * n);
}

/* ---- work-groups ------------------------------------------------------------ */

static void wg_free(tm_t *m, twg_t *g)
{
    g->next_free = m->free_wg;
    m->free_wg = g;
}

static twg_t *wg_alloc(tm_t *m)
{
    twg_t *g = m->free_wg;
    if (g) {
        m->free_wg = g->next_free;
        return g;
    }
    g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    size_t nw = m->wg_waves, vg = nw * m->vgprs * sizeof *g->vgprs, lds = m->lds ? m->lds : 1;
    g->waves = malloc(nw * sizeof *g->waves);   /* waves, VGPRs and LDS: zeroed by sim_wg_setup */
    g->tw = calloc(nw, sizeof *g->tw);
    g->cold = calloc(nw, sizeof *g->cold);
    g->tags = m->st.pc ? calloc(nw, sizeof *g->tags) : NULL;
    g->vgprs = malloc(vg);
    g->lds = malloc(lds);
    g->bytes = sizeof *g + nw * (sizeof *g->waves + sizeof *g->tw + sizeof *g->cold + (g->tags ? sizeof *g->tags : 0)) +
               vg + lds;
    if (!g->waves || !g->tw || !g->cold || !g->vgprs || !g->lds || (m->st.pc && !g->tags)) {
        free(g->waves);
        free(g->tw);
        free(g->cold);
        free(g->tags);
        free(g->vgprs);
        free(g->lds);
        free(g);
        return NULL;
    }
    return g;
}

static void wg_destroy(twg_t *g)
{
    free(g->waves);
    free(g->tw);
    free(g->cold);
    free(g->tags);
    free(g->vgprs);
    free(g->lds);
    free(g);
}

/* The work-group records the last dispatch left free, for the next one
 * whose groups have the same shape (a sort's or a reduction's launches
 * one after another): allocating and zeroing them for each launch cost
 * about 3% of a short launch.  At most WG_KEEP_BYTES of them. */
enum { WG_KEEP_BYTES = 8 << 20 };
typedef struct {
    twg_t *list;
    unsigned waves, vgprs, lds, tags;
} wg_kept_t;
static _Atomic(wg_kept_t *) wg_kept;

/* Free every record of list g. */
static void wg_destroy_all(twg_t *g)
{
    while (g) {
        twg_t *next = g->next_free;
        wg_destroy(g);
        g = next;
    }
}

/* The kept records into m's free list when their shape is m's (else
 * they are freed). */
static void wg_adopt(tm_t *m)
{
    wg_kept_t *k = atomic_exchange(&wg_kept, NULL);
    if (!k)
        return;
    twg_t *g = k->list;
    int same = k->waves == m->wg_waves && k->vgprs == m->vgprs && k->lds == m->lds && k->tags == (m->st.pc != NULL);
    free(k);
    if (!same) {
        wg_destroy_all(g);
        return;
    }
    while (g) {
        twg_t *next = g->next_free;
        wg_free(m, g);
        g = next;
    }
}

/* m's free records kept for the next dispatch (up to WG_KEEP_BYTES; the
 * rest, and the records kept before, freed). */
static void wg_keep(tm_t *m)
{
    size_t held = 0;
    twg_t *keep = NULL, *rest = NULL;
    while (m->free_wg) {
        twg_t *g = m->free_wg;
        m->free_wg = g->next_free;
        held += g->bytes;
        twg_t **to = held <= WG_KEEP_BYTES ? &keep : &rest;
        g->next_free = *to;
        *to = g;
    }
    wg_destroy_all(rest);
    wg_kept_t *k = keep ? malloc(sizeof *k) : NULL;
    if (k)
        *k = (wg_kept_t){keep, m->wg_waves, m->vgprs, m->lds, m->st.pc != NULL};
    else
        wg_destroy_all(keep);
    wg_kept_t *old = atomic_exchange(&wg_kept, k);
    if (old) {
        wg_destroy_all(old->list);
        free(old);
    }
}

/* Whether CU cu can take a group now; simd_of[] gets each wave's SIMD. */
static int cu_fits(const tm_t *m, const tcu_t *cu, unsigned nw, unsigned *simd_of)
{
    if (cu->waves + nw > NSIMD * m->d->p[DEV_wave_slots] || cu->lds_used + m->lds_alloc > m->lds_limit)
        return 0;
    if (nw > 1 && cu->barrier_groups >= 16)
        return 0;
    unsigned add[NSIMD] = {0};
    for (unsigned i = 0; i < nw; i++) {
        unsigned s = (cu->rr + i) % NSIMD;
        add[s]++;
        simd_of[i] = s;
    }
    for (unsigned s = 0; s < NSIMD; s++)
        if (add[s] && (cu->n[s] + add[s] > m->d->p[DEV_wave_slots] ||
                       cu->vgpr_used[s] + add[s] * m->vgprs > m->vgpr_limit ||
                       cu->sgpr_used[s] + add[s] * m->sgprs > m->sgpr_limit))
            return 0;
    return 1;
}

static unsigned free_slot(const tcu_t *cu, unsigned s)
{
    unsigned used = 0;
    for (unsigned i = 0; i < cu->n[s]; i++)
        used |= 1u << cu->simd[s][i]->slot;
    unsigned k = 0;
    while (used >> k & 1)
        k++;
    return k;
}

/* Place group number gi on CU ci at cycle now. Returns 0, or -1 when out of memory. */
/* Work-group id of group number gi (x fastest). */
static void group_id(const tm_t *m, uint64_t gi, uint32_t id[3])
{
    id[0] = (uint32_t)(gi % m->ngroups[0]);
    id[1] = (uint32_t)(gi / m->ngroups[0] % m->ngroups[1]);
    id[2] = (uint32_t)(gi / ((uint64_t)m->ngroups[0] * m->ngroups[1]));
}

/* Waves of group number gi (edge groups of a grid may be partial). */
static unsigned group_waves(const tm_t *m, uint64_t gi)
{
    uint32_t id[3];
    group_id(m, gi, id);
    uint64_t items = 1;
    for (int d = 0; d < 3; d++) {
        uint32_t rest = m->c->grid[d] - id[d] * m->c->local[d];
        items *= rest < m->c->local[d] ? rest : m->c->local[d];
    }
    return (unsigned)((items + 63) / 64);
}

static int place(tm_t *m, unsigned ci, uint64_t gi, unsigned nw, const unsigned *simd_of, uint64_t now)
{
    tcu_t *cu = &m->cu[ci];
    twg_t *g = wg_alloc(m);
    if (!g)
        return -1;
    uint32_t id[3];
    group_id(m, gi, id);
    uint32_t slots[64];
    unsigned slot_of[64];
    for (unsigned i = 0; i < nw; i++) {
        unsigned s = simd_of[i], k = free_slot(cu, s);
        /* reserve it now so the next wave on this SIMD gets another */
        slot_of[i] = k;
        slots[i] = (ci * NSIMD + s) * m->d->p[DEV_wave_slots] + k;
        cu->simd[s][cu->n[s]++] = &g->tw[i];
        g->tw[i].slot = (uint8_t)k;
        g->tw[i].simd = (uint8_t)s;
    }
    memset(&g->g, 0, sizeof g->g);
    g->g.lds = g->lds;
    sim_wg_setup(m->k, m->c, &g->g, id, m->lds, g->vgprs, g->waves, slots);
    cu_advance(cu, min64(now, m->epoch));   /* its room is taken from the epoch's start (run) */
    g->cu = ci;
    g->nwaves = g->g.nwaves;
    g->live = g->nwaves;
    g->ended = 0;
    g->at_barrier = 0;
    cu->rr = (cu->rr + 1) % NSIMD;
    cu->lds_used += m->lds_alloc;
    cu->barrier_groups += g->nwaves > 1;
    cu->waves += g->nwaves;
    cu->st->workgroups++;
    cu->st->waves += g->nwaves;
    if (cu->waves > cu->st->peak_waves)
        cu->st->peak_waves = cu->waves;
    uint64_t start0 = now + m->d->p[DEV_wg_launch];
    for (unsigned i = 0; i < g->nwaves; i++) {
        /* the engine's workgroup manager launches the waves one after
         * another, wave_launch cycles each (their registers' set-up) */
        uint64_t start = start0 + (uint64_t)i * m->d->p[DEV_wave_launch];
        tw_t *t = &g->tw[i];
        unsigned s = t->simd, k = slot_of[i];
        memset(t, 0, sizeof *t);
        t->c = &g->cold[i];
        t->c->tag = g->tags ? g->tags[i] : NULL;
        memset(t->c->pf, 0, sizeof t->c->pf);
        t->simd = (uint8_t)s;
        t->slot = (uint8_t)k;
        t->cu = (uint16_t)ci;
        t->w = &g->waves[i];
        m->nwaves++;
        /* HW_ID: wave slot [3:0], SIMD [5:4], CU [11:8] */
        t->w->hwreg[4] = k | s << 4 | (ci & 15) << 8;
        t->g = g;
        t->age = m->age++;
        t->last = now;
        t->busy = start;
        t->line = NEVER;
        fetch_line(m, t, start);
        cu->vgpr_used[s] += m->vgprs;
        cu->sgpr_used[s] += m->sgprs;
        tw_eval(m, t);
        emit(m, TM_EV_WAVE_BEGIN, t, 0, t->w->pc, start, start);
    }
    if (cu->next > now + 1 || cu->waves == g->nwaves)
        cu->next = now + 1;
    m->due[ci] = cu->next;
    return 0;
}

/* The first CU of engine se, from its round-robin position on, that fits
 * a group of nw waves (its SIMDs into simd_of); -1 when none does. */
static int se_cu(tm_t *m, unsigned se, unsigned nw, unsigned *simd_of)
{
    unsigned n = (m->ncu - se + m->nse - 1) / m->nse;   /* CUs se, se + nse, ... */
    for (unsigned k = 0; k < n; k++) {
        unsigned j = (m->se_next[se] + k) % n, ci = se + j * m->nse;
        if (cu_fits(m, &m->cu[ci], nw, simd_of)) {
            m->se_next[se] = (j + 1) % n;
            return (int)ci;
        }
    }
    return -1;
}

/* Place waiting groups at cycle now: each shader engine's workgroup
 * manager (the engines taken in turn) launches the next group on the next
 * of its CUs that fits (round-robin within the engine) when it is free,
 * and is then busy for wave_launch cycles per wave of the group (at least
 * one cycle).  The dispatcher is blocked (until a group's resources
 * return) when every engine was free and none of their CUs fit. */
static int dispatch_groups(tm_t *m, uint64_t now)
{
    if (m->placed >= m->groups || m->disp_blocked)
        return 0;
    unsigned simd_of[64], placed = 0, busy = 0;
    for (unsigned k = 0; k < m->nse && m->placed < m->groups; k++) {
        unsigned se = (m->se_rr + k) % m->nse, nw = group_waves(m, m->placed);
        if (m->se_free[se] > now) {
            busy = 1;
            continue;
        }
        int ci = se_cu(m, se, nw, simd_of);
        if (ci < 0)
            continue;
        if (place(m, (unsigned)ci, m->placed, nw, simd_of, now))
            return -1;
        m->placed++;
        placed++;
        uint64_t cost = (uint64_t)nw * m->d->p[DEV_wave_launch];
        m->se_free[se] = now + (cost ? cost : 1);
    }
    m->se_rr = (m->se_rr + 1) % m->nse;
    if (!placed && !busy)
        m->disp_blocked = 1;
    return 0;
}

/* Remove a wave whose resources return at cycle now. */
static void retire(tm_t *m, tcu_t *cu, tw_t *t, uint64_t now)
{
    cu_advance(cu, now);
    unsigned s = t->simd, n = cu->n[s], i = 0;
    while (i < n && cu->simd[s][i] != t)
        i++;
    memmove(&cu->simd[s][i], &cu->simd[s][i + 1], (n - i - 1) * sizeof cu->simd[s][0]);
    cu->n[s] = n - 1;
    cu->vgpr_used[s] -= m->vgprs;
    cu->sgpr_used[s] -= m->sgprs;
    cu->waves--;
    emit(m, TM_EV_WAVE_END, t, 0, t->w->pc, now, now);
    twg_t *g = t->g;
    if (--g->live == 0) {
        cu->lds_used -= m->lds_alloc;
        cu->barrier_groups -= g->nwaves > 1;
        m->finished++;
        wg_free(m, g);
    }
    m->disp_blocked = 0;
    if (now > m->st.cycles)
        m->st.cycles = now;
}

static void retire_drained(tm_t *m, tcu_t *cu, uint64_t now)
{
    if (cu->drain_min > now)
        return;
    uint64_t next = NEVER;
    for (unsigned s = 0; s < NSIMD; s++)
        for (unsigned i = 0; i < cu->n[s];) {
            tw_t *t = cu->simd[s][i];
            if (t->draining && t->end <= now) {
                retire(m, cu, t, now);
                continue;
            }
            if (t->draining && t->end < next)
                next = t->end;
            i++;
        }
    cu->drain_min = next;
}

/* A barrier releases when every wave of the group that has not ended waits at it. */
static void barrier_check(tm_t *m, twg_t *g, uint64_t now)
{
    if (g->at_barrier == 0 || g->at_barrier < g->nwaves - g->ended)
        return;
    uint64_t rel = now + m->d->p[DEV_barrier_latency];
    for (unsigned i = 0; i < g->nwaves; i++) {
        tw_t *t = &g->tw[i];
        if (t->w->state != WAVE_BARRIER)
            continue;
        t->w->state = WAVE_RUN;
        tw_eval(m, t);
        if (rel >= t->rdy) {
            t->rdy = rel;
            t->why = TM_STALL_barrier;
            touch(m, t);
        }
        tcu_t *cu = &m->cu[g->cu];
        if (cu->next > rel)
            cu->next = rel;
        m->due[g->cu] = cu->next;
    }
    g->at_barrier = 0;
}

/* The wave executes its next instruction at cycle now. Returns 0, 1 when
 * it faulted, 2 when a hook stopped the dispatch before it. */
static int execute(tm_t *m, tcu_t *cu, tw_t *t, uint64_t now)
{
    wave_t *w = t->w;
    sim_ctx_t *c = m->c;
    const isa_inst_t *in = t->in;
    uint64_t pc = w->pc, exec_before = wave_exec(w);
    w->ctx = c;   /* the stepping thread's context (its effects record and counts) */
    w->fx = c->fx;
    if (c->on_step) {
        c->on_step(c->step_arg, w, w->fx, 0);
        if (c->stop) {   /* a hook ends the dispatch before this instruction */
            w->fx = NULL;
            return 2;
        }
    }
    charge(m, cu, t, now);
    wave_step(w);
    tm_pc_t *at = w->fx->taken ? pc_stats(m, pc) : NULL;
    if (at)
        at->taken++;   /* the edge counts of the report's control-flow graph */
    if (w->state != WAVE_FAULT && !c->limit && sim_limit_due(c, w) && sim_limit_reached(c, w))
        sim_limit_result(c, m->r);   /* run() ends the dispatch after this cycle */
    if (w->state == WAVE_FAULT) {
        if (c->on_step)
            c->on_step(c->step_arg, w, w->fx, 1);
        w->fx = NULL;
        m->faulted = 1;
        sim_result_t *r = m->r;
        r->faulted = 1;
        r->fault = w->fault;
        memcpy(r->fault_wg, t->g->g.id, sizeof r->fault_wg);
        r->fault_wave = w->wg_wave;
        return 1;
    }
    if (t->internal) {
        unsigned op = in->op;
        t->busy = now;
        if (op == ISA_OP_S_NOP)
            t->busy = now + ((unsigned)in->simm & 7) + 1;
        else if (op == ISA_OP_S_SLEEP)
            t->sleep = now + 64u * ((unsigned)in->simm & 7);
        cu->st->inst[TM_CAT_other]++;
        if (op == ISA_OP_S_SETPRIO && w->prio)
            cu->prio_any = 1;
        emit(m, TM_EV_INST, t, TM_CAT_other, pc, now, now + 1);
        c->fx->t_done = now;
    } else
        c->fx->t_done = time_issued(m, cu, t, in, pc, exec_before, now);
    c->fx->t_issue = now;
    if (c->on_step)   /* the hook sees the instruction's cycles */
        c->on_step(c->step_arg, w, c->fx, 1);
    w->fx = NULL;
    fetch_line(m, t, now);
    fetch_penalize(m, t, c->fx, t->internal, now);
    if (w->state == WAVE_DONE || w->state == WAVE_HALT) {
        uint64_t end = max64(t->busy, now + 1);
        for (unsigned q = 0; q < NQ; q++)
            if (t->nq[q])
                end = max64(end, t->c->q[q][t->nq[q] - 1]);
        t->draining = 1;
        t->end = end;
        t->rdy = NEVER;
        touch(m, t);
        if (end < cu->drain_min)
            cu->drain_min = end;
        t->g->ended++;
        barrier_check(m, t->g, now);
        return 0;
    }
    if (w->state == WAVE_BARRIER) {
        t->bar_pc = pc;
        t->g->at_barrier++;
        tw_eval(m, t);
        barrier_check(m, t->g, now);
        return 0;
    }
    tw_eval(m, t);
    return 0;
}

/* ---- the sequencer of one CU ------------------------------------------------ */

/* Try to issue on CU cu at cycle now (SIMD now mod 4).  Returns 1 when an
 * instruction issued, 0 when none could, -1 on a fault, -2 when a hook
 * stopped the dispatch. */
static int cu_cycle(tm_t *m, tcu_t *cu, uint64_t now)
{
    unsigned s = (unsigned)(now & 3), used = 0, issued = 0;
    if (!(cu->dirty >> s & 1) && cu->simd_due[s] > now)
        return 0;   /* no wave of this SIMD can issue yet */
    tw_t *sorted[MAXSLOTS], **order = cu->simd[s];   /* oldest first; stable during the cycle */
    unsigned n = cu->n[s];
    if (cu->prio_any) {   /* highest priority first, oldest first within one (stable) */
        memcpy(sorted, order, n * sizeof order[0]);
        order = sorted;
        for (unsigned i = 1; i < n; i++) {
            tw_t *x = order[i];
            unsigned j = i;
            while (j > 0 && order[j - 1]->w->prio < x->w->prio) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = x;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        tw_t *t = order[i];
        if (t->rdy > now || t->draining)
            continue;   /* (most waves, most cycles) */
        /* internal instructions are consumed without a unit; the wave may
         * then issue one instruction in the same cycle */
        for (unsigned k = 0; k < 4 && !t->draining && t->rdy <= now && t->internal; k++) {
            int rc = execute(m, cu, t, now);
            if (rc)
                return -rc;
            issued = 1;
        }
        if (t->draining || t->rdy > now || t->internal)
            continue;
        unsigned slot = t->cat == TM_CAT_smem ? TM_CAT_salu : t->cat;   /* SMEM issues with the SALU */
        if ((used >> slot & 1) || unit_free(cu, t) > now)
            continue;
        used |= 1u << slot;
        int rc = execute(m, cu, t, now);
        if (rc)
            return -rc;
        issued = 1;
    }
    return issued;
}

/* The next cycle at which something may happen on CU cu (after now). */
static uint64_t cu_next(tcu_t *cu, uint64_t now)
{
    uint64_t next = cu->drain_min;
    for (unsigned s = 0; s < NSIMD; s++) {
        /* a clean SIMD's due cycle stays valid: readiness only changes
         * through tw_eval (which marks it dirty), unit free times only grow */
        if ((cu->dirty >> s & 1) || cu->simd_due[s] <= now) {
            /* unit_free by category (an internal instruction's is other: 0);
             * turn() grows with its argument, so it applies to the minimum */
            uint64_t uf[TM_NCAT] = {0}, due = NEVER;
            uf[TM_CAT_valu] = cu->valu_free[s];
            uf[TM_CAT_salu] = uf[TM_CAT_smem] = cu->salu_free;
            uf[TM_CAT_vmem] = cu->vmem_free;
            uf[TM_CAT_lds] = cu->lds_free[s >> 1];
            for (unsigned i = 0; i < cu->n[s]; i++) {
                const tw_t *t = cu->simd[s][i];   /* (rdy NEVER: no effect) */
                uint64_t e = max64(t->rdy, uf[t->cat]);
                due = t->draining || e > due ? due : e;
            }
            cu->simd_due[s] = due == NEVER ? NEVER : turn(max64(due, now + 1), s);
            cu->dirty &= ~(1u << s);
        }
        if (cu->simd_due[s] < next)
            next = cu->simd_due[s];
    }
    return next;
}

/* ---- what a debugger sees ---------------------------------------------------- */

static int by_id(const void *a, const void *b)
{
    uint32_t x = ((const sim_wave_info_t *)a)->w->id, y = ((const sim_wave_info_t *)b)->w->id;
    return x < y ? -1 : x > y;
}

/* The resident waves with where they run and why they wait (sim_ctx_t.list_waves). */
static unsigned resident_waves(void *sched, sim_wave_info_t *out, unsigned max)
{
    tm_t *m = sched;
    uint64_t now = m->c->cycle;
    unsigned n = 0;
    for (unsigned ci = 0; ci < m->ncu; ci++)
        for (unsigned s = 0; s < NSIMD; s++)
            for (unsigned i = 0; i < m->cu[ci].n[s] && n < max; i++) {
                const tw_t *t = m->cu[ci].simd[s][i];
                sim_wave_info_t *o = &out[n++];
                o->w = t->w;
                o->cu = (int)ci;
                o->simd = t->simd;
                o->slot = t->slot;
                o->wait = t->draining ? "ending" : t->w->state == WAVE_BARRIER ? "barrier"
                        : t->rdy > now && t->why < TM_NSTALL ? tm_stall_name((tm_stall_t)t->why) : NULL;
                unsigned *cnt[NQ] = {&o->vm, &o->lgkm, &o->exp};
                for (unsigned q = 0; q < NQ; q++) {
                    unsigned k = 0;
                    for (unsigned j = 0; j < t->nq[q]; j++)
                        k += t->c->q[q][j] > now;
                    *cnt[q] = k;
                }
            }
    qsort(out, n, sizeof *out, by_id);
    return n;
}

/* ---- the device -------------------------------------------------------------- */

static int setup(tm_t *m, sim_ctx_t *c, const sim_kernel_t *k, const sim_launch_t *l, uint32_t lds, char *err,
                 size_t errlen)
{
    m->c = c;
    m->k = k;
    m->l = l;
    m->cfg = l->timing;
    m->d = &l->timing->dev;
    m->ncu = m->d->p[DEV_cus];
    m->nse = m->d->p[DEV_shader_engines];
    if (m->nse == 0 || m->nse > MAX_SE)
        m->nse = m->nse ? MAX_SE : 1;
    if (m->nse > m->ncu && m->ncu)
        m->nse = m->ncu;   /* --set cus below the engines: an engine per CU */
    const occ_params_t *op = occ_params((isa_gen_t)k->t->gen);
    if (!op || m->ncu == 0) {
        snprintf(err, errlen, "the cycle model has no parameters for %s", k->t->name);
        return -1;
    }
    occ_input_t oi = {occ_rsrc1_vgprs(k->rsrc1), occ_rsrc1_sgprs(k->rsrc1), lds, k->private_segment_fixed_size,
                      c->local[0] * c->local[1] * c->local[2]};
    m->st.occ_ok = occ_compute((isa_gen_t)k->t->gen, &oi, &m->st.occ) == 0;
    if (!m->st.occ_ok) {
        snprintf(err, errlen, "no work-group fits on a compute unit: %s", m->st.occ.error);
        return -1;
    }
    m->wg_waves = m->st.occ.waves_per_wg;
    m->vgprs = m->st.occ.vgprs_alloc;
    m->sgprs = m->st.occ.sgprs_alloc;
    m->lds = m->st.occ.lds_alloc;   /* LDS accesses are checked against the allocation, whole granules */
    m->lds_alloc = m->st.occ.lds_alloc;
    m->vgpr_limit = op->vgprs_per_lane;
    m->sgpr_limit = op->sgprs_per_simd;
    m->lds_limit = op->lds_per_cu;
    m->qmax[Q_VM] = k->t->gen >= ISA_GFX9 ? 63 : 15;
    m->qmax[Q_LGKM] = 15;
    m->qmax[Q_EXP] = 7;
    for (unsigned q = 0; q < NQ; q++)   /* counter_room */
        m->room[q] = m->qmax[q] - (q == Q_LGKM ? 2 : 1);
    m->gen = c->t->gen;
    m->inst = c->prog->inst;
    m->code_base = c->prog->base;
    m->ndw = c->prog->ndw;
    m->td = td_build(c->prog, m->d, m->gen);
    for (int d = 0; d < 3; d++)
        m->ngroups[d] = c->ngroups[d];
    m->groups = (uint64_t)m->ngroups[0] * m->ngroups[1] * m->ngroups[2];
    m->st.ncu = m->ncu;
    m->st.cu = calloc(m->ncu, sizeof *m->st.cu);
    if ((m->cu = aligned_alloc(64, m->ncu * sizeof *m->cu)))
        memset(m->cu, 0, m->ncu * sizeof *m->cu);
    if ((m->cnt = aligned_alloc(64, m->ncu * sizeof *m->cnt)))
        memset(m->cnt, 0, m->ncu * sizeof *m->cnt);
    m->due = malloc(m->ncu * sizeof *m->due);
    m->mt = mt_new(m->d);
    m->st.series = calloc(1, sizeof *m->st.series);
    m->ser_due = TM_SERIES_MIN_INTERVAL;
    if (l->timing->hotspots) {
        m->st.ndw = c->prog->ndw;
        m->st.code_base = c->prog->base;
        m->st.pc = calloc(m->st.ndw ? m->st.ndw : 1, sizeof *m->st.pc);
    }
    if (!m->st.cu || !m->cu || !m->cnt || !m->due || !m->mt || !m->st.series || (l->timing->hotspots && !m->st.pc) ||
        !m->td || timing_bases(m->mt, c->mem)) {
        snprintf(err, errlen, "out of host memory for the cycle model");
        return -1;
    }
    for (unsigned i = 0; i < m->ncu; i++) {
        m->cu[i].st = &m->cnt[i].c;
        m->cu[i].next = NEVER;
        m->cu[i].drain_min = NEVER;
        m->cu[i].dirty = (1u << NSIMD) - 1;
        m->due[i] = NEVER;
    }
    /* calibration: the runtime uploads the code object through the L2
     * before the dispatch, so instruction misses start from the L2 */
    mt_l2_preload(m->mt, c->prog->base, 4 * (uint64_t)c->prog->ndw);
    m->st.launches = 1;
    wg_adopt(m);
    return 0;
}

/* The allocations of mem that are timed elsewhere (mem_set_timing_base)
 * into mt (mt_alias).  0, or -1 when out of host memory. */
static int timing_bases(mt_t *mt, const mem_t *mem)
{
    unsigned n = 0;
    for (size_t i = 0; i < mem->n; i++)
        n += mem->r[i].tbase != 0;
    if (!n)
        return 0;
    mt_alias_t *a = malloc(n * sizeof *a);
    if (!a)
        return -1;
    n = 0;
    for (size_t i = 0; i < mem->n; i++)
        if (mem->r[i].tbase)
            a[n++] = (mt_alias_t){mem->r[i].base, mem->r[i].size, mem->r[i].tbase};
    int rc = mt_alias(mt, a, n);
    free(a);
    return rc;
}

static void teardown(tm_t *m)
{
    /* groups still resident (after a fault or the instruction limit) */
    for (unsigned i = 0; m->cu && i < m->ncu; i++)
        for (unsigned s = 0; s < NSIMD; s++)
            for (unsigned j = 0; j < m->cu[i].n[s]; j++) {
                twg_t *g = m->cu[i].simd[s][j]->g;
                if (g->live) {
                    g->live = 0;
                    wg_free(m, g);
                }
            }
    wg_keep(m);
    for (unsigned i = 0; m->cu && i < m->ncu; i++) {
        free(m->cu[i].bp);
        free(m->cu[i].tr);
    }
    free(m->cu);
    free(m->cnt);
    free(m->due);
    free((void *)m->td);
    mt_free(m->mt);
    tm_stats_free(&m->st);
}

/* ---- epochs (sim/cupar.h) --------------------------------------------------- */

/* The dispatcher, the series, the limits and the progress line act every
 * EPOCH cycles (a power of two dividing the series' interval); between,
 * the CUs step on their own, on one thread or several, with the same
 * results (sim/README: the cycle model on several threads). */
#ifndef TM_EPOCH
#define TM_EPOCH 32
#endif
enum { EPOCH = TM_EPOCH };

/* What stepping some CUs through an epoch found. */
typedef struct tspan {
    uint64_t fault_key;        /* the key of the first fault (NEVER: none) */
    uint64_t limit_key;        /* the key of the step in which the limit was reached (NEVER: none) */
    sim_result_t fault;        /* the result as the first fault left it */
    uint64_t steps;            /* CU steps */
    uint64_t t_end;            /* when the span ended (GCNSIM_CYCLE_PAR_STATS) */
    int stopped;               /* a hook stopped the dispatch */
} tspan_t;

/* A thread's own: its copy of the model's record, context and effects
 * record, each on cache lines of its own (no false sharing between the
 * threads' counts). */
typedef struct tthr {
    _Alignas(64) tm_t tm;
    _Alignas(64) sim_ctx_t ctx;
    _Alignas(64) fx_t fx;
    _Alignas(64) fx_t fx_ahead;
    _Alignas(64) mem_t view;   /* device memory with a lookup cache of its own (mem_view) */
    _Alignas(64) tspan_t out;
    unsigned *cus, ncus;       /* its CUs, ascending */
    _Alignas(64) unsigned char end;
} tthr_t;

/* The threads' state: per thread a copy of the model's record whose
 * context, effects record, hot spots and fault record are its own (the
 * CUs, the memory system and the per-CU counters are shared: a CU is
 * stepped by one thread, the memory system behind gate()). */
typedef struct tpar {
    cp_t *cp;
    unsigned n;                /* threads */
    unsigned unit;             /* CUs per group with their own instruction and scalar caches (mt_cache_group):
                                  a group's CUs step on one thread (thread = group mod n) */
    struct tthr *th;           /* [n] */
    sim_result_t *res;         /* [n]: where execute records a fault or a limit */
    uint64_t end;              /* the epoch ends before this cycle */
} tpar_t;

/* A span in progress (span): its CUs, their due cycles, the index of the
 * CU in its step and whether steps ahead are allowed while it waits. */
typedef struct tsp {
    const unsigned *cus;       /* ascending; NULL: 0..n-1 */
    unsigned n, cur;
    uint64_t end, *due;
    uint64_t *leaves;          /* [n]: the due cycle at which the CU's step was found to leave it (step_local;
                                  a CU changes only by its own steps) */
    tspan_t *o;
    int ahead;
} tsp_t;

/* Step the j-th CU of sp with record x at cycle now.  Returns 1 when a
 * hook stopped the dispatch. */
static int step(tm_t *x, tsp_t *sp, unsigned j, uint64_t now)
{
    unsigned i = sp->cus ? sp->cus[j] : j;
    tcu_t *cu = &x->cu[i];
    tspan_t *o = sp->o;
    x->key = CP_KEY(now, i);
    x->gated = 0;
    if (x->par)
        x->log = &x->par->logs[i];
    retire_drained(x, cu, now);
    int rc = cu->waves ? cu_cycle(x, cu, now) : 0;
    o->steps++;
    if (rc == -1 && x->key < o->fault_key) {
        o->fault_key = x->key;
        o->fault = *x->r;
    }
    if (rc == -2 || x->c->stop) {   /* a hook's stop (after a fault: the fault is reported) */
        o->stopped = 1;
        return 1;
    }
    int hit = x->c->limit && o->limit_key == NEVER;
    if (hit)
        o->limit_key = x->key;
    /* a wave that met --max-wave-inst stops its CU, as a fault does
     * (--max-inst and cancel end the run at the epoch's end) */
    hit = hit && x->c->limit == SIM_LIMIT_WAVE;
    cu->next = rc < 0 || hit || !cu->waves ? NEVER : rc ? now + 1 : cu_next(cu, now);
    sp->due[j] = cu->next;
    return 0;
}

/* Whether wave t's issue at its next step stays within its CU: up to 4
 * internal instructions the sequencer consumes (s_nop, s_waitcnt,
 * s_setprio, s_sleep), then a VALU, SALU or non-GDS LDS
 * instruction, none branching or leaving the code line the wave has
 * fetched, and the wave not near its limit. */
static int issue_local(const tm_t *m, const tw_t *t)
{
    uint64_t pc = t->w->pc;
    const isa_inst_t *in = t->in;
    if (t->w->ninst + 8 >= m->c->wave_cap)   /* a wave's limit is met in (cycle, CU) order */
        return 0;
    for (unsigned k = 0;; k++) {
        if (!in || in->op >= ISA_OP_COUNT || (pc + 4u * in->ndw) >> 6 != t->line)
            return 0;
        if (isa_row(in->op)->flags & ISA_F_BRANCH)
            return 0;
        const td_t *d = &m->td[code_index(m, pc)];   /* the issue loop's record (in is at pc) */
        if (!d->internal)
            return d->cat == TM_CAT_valu || d->cat == TM_CAT_salu || (d->cat == TM_CAT_lds && !in->gds);
        if (k == 4)
            return 1;   /* the fifth internal one waits for the next cycle */
        if (in->op != ISA_OP_S_NOP && in->op != ISA_OP_S_WAITCNT && in->op != ISA_OP_S_SETPRIO &&
            in->op != ISA_OP_S_SLEEP)
            return 0;   /* (s_barrier and s_endpgm may release other waves in the step) */
        pc += 4u * in->ndw;
        in = inst_at(m, pc);
    }
}

/* Whether CU cu's step at cycle now stays within the CU (no call into the
 * memory system, its group's caches or GDS): every wave that may issue
 * then does so within it (issue_local). */
static int step_local(const tm_t *m, const tcu_t *cu, uint64_t now)
{
    unsigned s = (unsigned)(now & 3);
    if (!(cu->dirty >> s & 1) && cu->simd_due[s] > now)
        return 1;
    for (unsigned i = 0; i < cu->n[s]; i++) {
        const tw_t *t = cu->simd[s][i];
        if (!t->draining && t->rdy <= now && !issue_local(m, t))
            return 0;
    }
    return 1;
}

/* step_local for the j-th CU of sp at its due cycle, remembering a no. */
static int due_local(const tm_t *x, tsp_t *sp, unsigned j)
{
    uint64_t t = sp->due[j];
    if (sp->leaves[j] == t)
        return 0;
    if (step_local(x, &x->cu[sp->cus ? sp->cus[j] : j], t))
        return 1;
    sp->leaves[j] = t;
    return 0;
}

/* While thread x waits at a gate for the others' keys: step one of its
 * other CUs whose next step stays within the CU (step_local), ahead of
 * the (cycle, CU) order, which only the memory system and the groups'
 * caches need (sim/cupar.h).  Returns 1 when it stepped one. */
static int step_ahead(void *arg)
{
    tm_t *x = arg;
    tsp_t *sp = x->sp;
    if (!sp || !sp->ahead || sp->o->fault_key != NEVER || sp->o->stopped || x->c->limit)
        return 0;
    unsigned best = UINT32_MAX;
    uint64_t bt = sp->end;
    for (unsigned j = 0; j < sp->n; j++)
        if (j != sp->cur && sp->due[j] < bt && due_local(x, sp, j)) {
            best = j;
            bt = sp->due[j];
        }
    if (best == UINT32_MAX)
        return 0;
    uint64_t key = x->key, cycle = x->c->cycle, op_pc = x->op_pc;
    int gated = x->gated;
    cp_log_t *log = x->log;
    fx_t *fx = x->c->fx;
    x->c->fx = x->fx_ahead;
    x->c->cycle = bt;
    step(x, sp, best, bt);
    x->c->fx = fx;
    x->c->cycle = cycle;
    x->key = key;
    x->gated = gated;
    x->log = log;
    x->op_pc = op_pc;
    x->par->st[x->tid].ahead++;
    return 1;
}

/* The smallest key at which the thread stepping span sp may still call
 * the memory system: a CU's due step, or the cycle after when that step
 * stays within the CU (step_local); the epoch's end at most. */
static uint64_t horizon(const tm_t *x, tsp_t *sp)
{
    uint64_t h = CP_KEY(sp->end, 0);
    for (unsigned k = 0; k < sp->n; k++) {
        unsigned i = sp->cus ? sp->cus[k] : k;
        uint64_t t = sp->due[k], b = CP_KEY(t, i);
        if (t >= sp->end || b >= h)
            continue;
        if (due_local(x, sp, k))
            b = CP_KEY(t + 1, i);
        h = min64(h, b);
    }
    return h;
}

/* Step CUs cus[0..n) (ascending; NULL: 0..n-1) with record x through the
 * cycles before end in (cycle, CU) order: each step's key is published
 * (pooled epochs) and the memory system waits for it (gate), stepping
 * the thread's other CUs ahead meanwhile where that changes nothing
 * (step_ahead).  A CU that faults stops; a hook's stop ends at once. */
static void span(tm_t *x, const unsigned *cus, unsigned n, uint64_t end, tspan_t *o)
{
    cp_t *cp = x->par;
    int pub = cp && cp->pooled, chaos = pub && cp->chaos;   /* (the caller alone: nothing to stir) */
    uint64_t due[n ? n : 1];   /* the CUs' due cycles, the thread's own (no cache line shared with others) */
    uint64_t leaves[n ? n : 1];
    for (unsigned j = 0; j < n; j++) {
        due[j] = x->due[cus ? cus[j] : j];
        leaves[j] = NEVER;
    }
    tsp_t sp = {.cus = cus, .n = n, .end = end, .due = due, .leaves = leaves, .o = o,
                .ahead = pub && x->fx_ahead != NULL};
    x->sp = &sp;
    uint64_t published = 0;
    for (;;) {
        uint64_t now = NEVER;
        for (unsigned j = 0; j < n; j++)
            now = min64(now, due[j]);
        if (now >= end)
            break;
        x->c->cycle = now;
        int first = 1;
        for (unsigned j = 0; j < n; j++) {
            if (due[j] != now)
                continue;
            unsigned i = cus ? cus[j] : j;
            uint64_t k = CP_KEY(now, i);
            if (pub && k > published && (first || cp_wanted(cp, x->tid))) {
                /* a key per cycle, or while awaited the horizon when passed */
                published = first ? k : horizon(x, &sp);
                cp_publish(cp, x->tid, published);
            }
            first = 0;
            sp.cur = j;
            x->c->cycle = now;
            if (chaos)
                cp_chaos_delay(cp, x->tid);
            if (step(x, &sp, j, now))
                break;
        }
        if (o->stopped)
            break;
    }
    x->sp = NULL;
    for (unsigned j = 0; j < n; j++)
        x->due[cus ? cus[j] : j] = due[j];
    if (pub)
        cp_publish(cp, x->tid, CP_KEY(end, 0));
}

static void span_init(tspan_t *o)
{
    o->fault_key = o->limit_key = NEVER;
    o->steps = 0;
    o->stopped = 0;
}

/* The pool's step: thread tid steps its groups' CUs through the epoch. */
static void par_work(void *arg, unsigned tid)
{
    tpar_t *tp = arg;
    tthr_t *h = &tp->th[tid];
    cp_stat_t *st = &tp->cp->st[tid];
    uint64_t c0 = tp->cp->stats ? cp_cpu_ns() : 0, w0 = st->wait_cpu;
    span(&h->tm, h->cus, h->ncus, tp->end, &h->out);
    if (tp->cp->stats) {
        h->out.t_end = cp_now_ns();
        st->ep_work = cp_cpu_ns() - c0 - (st->wait_cpu - w0);
        st->work += st->ep_work;
    }
}

/* What the threads' copies gathered in the epoch, into m; the first
 * fault and limit in (cycle, CU) order into f and l (NEVER: none). */
static void par_gather(tm_t *m, const tspan_t **f, unsigned *lt)
{
    tpar_t *tp = m->tp;
    uint64_t fk = NEVER, lk = NEVER;
    for (unsigned t = 0; t < tp->n; t++) {
        tm_t *x = &tp->th[t].tm;
        const tspan_t *o = &tp->th[t].out;
        m->finished += x->finished;
        x->finished = 0;
        if (!x->disp_blocked) {
            m->disp_blocked = 0;
            x->disp_blocked = 1;
        }
        m->st.cycles = max64(m->st.cycles, x->st.cycles);
        while (x->free_wg) {
            twg_t *g = x->free_wg;
            x->free_wg = g->next_free;
            wg_free(m, g);
        }
        m->c->ninst += x->c->ninst;
        x->c->ninst = 0;
        if (o->fault_key < fk) {
            fk = o->fault_key;
            *f = o;
        }
        if (o->limit_key < lk) {
            lk = o->limit_key;
            *lt = t;
        }
    }
}

/* The first wave at its limit, as execute recorded it in thread t's result. */
static void par_limit(tm_t *m, unsigned t)
{
    tpar_t *tp = m->tp;
    const sim_result_t *f = &tp->res[t];
    m->c->limit = tp->th[t].ctx.limit;
    m->c->limit_wave = tp->th[t].ctx.limit_wave;
    m->r->hit_limit = f->hit_limit;
    memcpy(m->r->limit_wg, f->limit_wg, sizeof m->r->limit_wg);
    m->r->limit_wave = f->limit_wave;
    m->r->limit_pc = f->limit_pc;
    m->r->limit_wave_inst = f->limit_wave_inst;
    memcpy(m->r->limit_disasm, f->limit_disasm, sizeof m->r->limit_disasm);
}

static void set_fault(tm_t *m, const sim_result_t *f)
{
    m->faulted = 1;
    m->r->faulted = 1;
    m->r->fault = f->fault;
    memcpy(m->r->fault_wg, f->fault_wg, sizeof m->r->fault_wg);
    m->r->fault_wave = f->fault_wave;
}

/* The threads step every CU through the epoch before end (or the caller
 * alone, when faster: cp_use_pool).  Returns 0, 1 on a fault, -1 when
 * out of host memory. */
static int par_epoch(tm_t *m, uint64_t end)
{
    tpar_t *tp = m->tp;
    cp_t *cp = tp->cp;
    tp->end = end;
    for (unsigned t = 0; t < tp->n; t++)
        span_init(&tp->th[t].out);
    cp->pooled = cp_use_pool(cp);
    if (cp->pooled) {
        ls_run(cp->pool);
        cp->ep_pool++;
        if (cp->stats) {
            uint64_t e = cp_now_ns();
            uint64_t mx = 0;
            for (unsigned t = 0; t < tp->n; t++) {
                cp->st[t].end_ns += e - tp->th[t].out.t_end;
                mx = max64(mx, cp->st[t].ep_work);
            }
            cp->crit += mx;
        }
    } else {
        span(&tp->th[0].tm, NULL, m->ncu, end, &tp->th[0].out);
        cp->ep_alone++;
    }
    uint64_t t0 = cp->stats ? cp_now_ns() : 0;
    uint64_t steps = 0;
    for (unsigned t = 0; t < tp->n; t++)
        steps += tp->th[t].out.steps;
    cp_account(cp, steps);
    const tspan_t *f = NULL;
    unsigned lt = UINT32_MAX;
    par_gather(m, &f, &lt);
    if (cp_merge(cp, m->ncu, m->epoch, end, m->cfg->on_event, m->cfg->event_arg, &m->st.waits, m->st.ndw))
        return -1;
    if (cp->stats)
        cp->serial_ns += cp_now_ns() - t0;
    if (lt != UINT32_MAX && !m->c->limit)
        par_limit(m, lt);
    if (f) {
        set_fault(m, &f->fault);
        return 1;
    }
    return 0;
}

/* Every CU through the epoch before end, on the threads or (hooks, limits,
 * order-dependent kernels) the calling thread: the same model.  Returns
 * 0, 1 on a fault (the first in (cycle, CU) order; the other CUs have
 * finished the epoch), 2 when a hook stopped the dispatch, -1 when out of
 * host memory. */
static int epoch(tm_t *m, uint64_t end)
{
    if (m->tp)
        return par_epoch(m, end);
    tspan_t o;
    span_init(&o);
    span(m, NULL, m->ncu, end, &o);
    if (o.fault_key != NEVER) {
        set_fault(m, &o.fault);
        return 1;
    }
    if (o.stopped) {
        m->r->stopped = 1;
        return 2;
    }
    return 0;
}

/* Set up `threads` threads' copies of m (after setup).  Returns 0, or -1
 * when out of host memory (a pool whose threads cannot start: none). */
static int par_setup(tm_t *m, unsigned threads)
{
    tpar_t *tp = calloc(1, sizeof *tp);
    if (!(m->tp = tp))
        return -1;
    tp->n = threads;
    tp->unit = mt_cache_group(m->d);
    tp->cp = cp_new(m->ncu, threads);
    if ((tp->th = aligned_alloc(64, threads * sizeof *tp->th)))
        memset(tp->th, 0, threads * sizeof *tp->th);
    tp->res = calloc(threads, sizeof *tp->res);
    if (!tp->cp || !tp->th || !tp->res)
        return -1;
    for (unsigned t = 0; t < threads; t++) {
        tthr_t *h = &tp->th[t];
        if (!(h->cus = malloc(m->ncu * sizeof *h->cus)))
            return -1;
        for (unsigned i = 0; i < m->ncu; i++)
            if (i / tp->unit % threads == t)
                h->cus[h->ncus++] = i;
        sim_ctx_t *c = &tp->th[t].ctx;
        *c = *m->c;
        c->fx = &tp->th[t].fx;
        c->fx->no_old = FX_OLD_NONE;
        tp->th[t].fx_ahead.no_old = FX_OLD_NONE;
        if (mem_view(m->c->mem, &tp->th[t].view, 0, NULL))
            return -1;
        c->mem = &tp->th[t].view;
        c->ninst = c->lds_oob = c->scratch_oob = 0;
        memset(c->ninst_by_enc, 0, sizeof c->ninst_by_enc);
        c->on_step = NULL;
        c->progress = NULL;
        c->cancel = NULL;
        c->max_inst = 0;
        c->limit = 0;
        c->check_at = UINT64_MAX;   /* max_inst and cancel: polled by run() between cycles */
        tm_t *x = &tp->th[t].tm;
        *x = *m;
        x->c = c;
        x->r = &tp->res[t];
        x->tp = NULL;
        x->par = tp->cp;
        x->fx_ahead = &tp->th[t].fx_ahead;
        x->tid = t;
        x->finished = 0;
        x->disp_blocked = 1;
        x->free_wg = NULL;
        x->st.cycles = 0;
        memset(&x->st.waits, 0, sizeof x->st.waits);
        x->st.pc = NULL;
        if (m->st.pc && !(x->st.pc = calloc(m->st.ndw ? m->st.ndw : 1, sizeof *x->st.pc)))
            return -1;
    }
    if (threads > 1)   /* without its threads (a host limit), the calling thread steps every CU */
        tp->cp->pool = cp_pool_take(threads, par_work, tp);
    return 0;
}

/* The threads' counts into the dispatch's context and statistics. */
static void par_merge(tm_t *m)
{
    tpar_t *tp = m->tp;
    for (unsigned t = 0; tp && tp->th && t < tp->n; t++) {
        const sim_ctx_t *c = &tp->th[t].ctx;
        m->c->ninst += c->ninst;
        m->c->lds_oob += c->lds_oob;
        m->c->scratch_oob += c->scratch_oob;
        for (unsigned e = 0; e < ISA_ENC_COUNT; e++)
            m->c->ninst_by_enc[e] += c->ninst_by_enc[e];
        const tm_pc_t *a = tp->th[t].tm.st.pc;
        for (size_t d = 0; a && m->st.pc && d < m->st.ndw; d++) {
            tm_pc_t *b = &m->st.pc[d];
            b->count += a[d].count;
            b->cycles += a[d].cycles;
            b->lanes += a[d].lanes;
            b->taken += a[d].taken;
            for (unsigned r = 0; r < TM_NSTALL; r++)
                b->stall[r] += a[d].stall[r];
        }
    }
}

static void par_free(tm_t *m)
{
    tpar_t *tp = m->tp;
    if (!tp)
        return;
    for (unsigned t = 0; tp->th && t < tp->n; t++) {
        free(tp->th[t].tm.st.pc);
        while (tp->th[t].tm.free_wg) {   /* (into the dispatch's list: teardown keeps them) */
            twg_t *g = tp->th[t].tm.free_wg;
            tp->th[t].tm.free_wg = g->next_free;
            wg_free(m, g);
        }
    }
    for (unsigned t = 0; tp->th && t < tp->n; t++) {
        free(tp->th[t].fx.m);
        free(tp->th[t].fx_ahead.m);
        mem_view_free(&tp->th[t].view);
        free(tp->th[t].cus);
    }
    cp_free(tp->cp, m->ncu);
    free(tp->th);
    free(tp->res);
    free(tp);
    m->tp = NULL;
}

/* The dispatcher at the start b of an epoch: it places groups at the
 * cycles b .. b + EPOCH - 1 as dispatch_groups would there, with the room
 * the CUs have at b (room returned during the epoch waits for the next).
 * Returns 0, or -1 when out of host memory. */
static int dispatch_epoch(tm_t *m, uint64_t b)
{
    for (uint64_t t = b; t < b + EPOCH && m->placed < m->groups && !m->disp_blocked; t++)
        if (dispatch_groups(m, t))
            return -1;
    return 0;
}

/* The next epoch's start after the one ending at end: the one with
 * something to do (a CU due, or the dispatcher with groups it may place).
 * NEVER when nothing can ever happen. */
static uint64_t next_epoch(const tm_t *m, uint64_t end)
{
    if (m->placed < m->groups && !m->disp_blocked)
        return end;
    uint64_t next = NEVER;
    for (unsigned i = 0; i < m->ncu; i++)
        next = min64(next, m->due[i]);
    return next == NEVER ? NEVER : max64(end, next / EPOCH * EPOCH);
}

/* Run the device until every group has ended (or a fault, or the limit),
 * an epoch at a time: the dispatcher, then the CUs through the epoch,
 * then the series, the limits and the progress line. */
static int run(tm_t *m)
{
    const sim_launch_t *l = m->l;
    uint64_t b = 0, progress_at = 0;
    for (;;) {
        m->epoch = b;
        uint64_t t0 = m->tp && m->tp->cp->stats ? cp_now_ns() : 0;
        if (dispatch_epoch(m, b))
            return -1;
        if (t0)
            m->tp->cp->serial_ns += cp_now_ns() - t0;
        if (m->finished == m->groups)
            break;
        int rc = epoch(m, b + EPOCH);
        if (rc)
            return rc == 2 ? 0 : rc;
        if (m->finished == m->groups)
            break;
        uint64_t nb = next_epoch(m, b + EPOCH);
        if (nb == NEVER && !m->c->limit)   /* nothing can ever happen: a deadlock in the model */
            return -2;
        m->c->cycle = b + EPOCH - 1;   /* the last cycle simulated (the limit's progress line) */
        if (!m->c->limit && m->c->ninst >= m->c->check_at && sim_limit_reached(m->c, NULL))
            sim_limit_result(m->c, m->r);   /* the cancel flag, polled between epochs */
        if (nb >= m->ser_due && nb != NEVER)
            series_sample(m, nb, 0);
        if (m->c->limit) {
            m->st.cycles = max64(m->st.cycles, b + EPOCH);   /* the statistics cover the cycles simulated */
            break;
        }
        b = nb;
        m->c->groups_done = m->finished;
        if (l->progress && m->finished >= progress_at + 64) {
            progress_at = m->finished;
            l->progress(l->progress_arg, m->finished, m->groups, m->c->ninst, b);
        }
    }
    return 0;
}

uint32_t tm_scratch_slots(const tm_config_t *cfg)
{
    return cfg->dev.p[DEV_cus] * NSIMD * cfg->dev.p[DEV_wave_slots];
}

int tm_dispatch(sim_ctx_t *c, const sim_kernel_t *k, const sim_launch_t *l, uint32_t lds, sim_result_t *r,
                char *err, size_t errlen)
{
    tm_t m;
    memset(&m, 0, sizeof m);
    m.r = r;
    if (setup(&m, c, k, l, lds, err, errlen)) {
        teardown(&m);
        return -1;
    }
    if (!c->on_step)   /* the model alone needs no old values */
        c->fx->no_old = FX_OLD_NONE;
    /* CUs step on the launch's threads unless a hook, a limit or the code
     * needs the serial order (sim/cupar.h) */
    unsigned threads = l->threads ? l->threads : 1, groups = (m.ncu + mt_cache_group(m.d) - 1) / mt_cache_group(m.d);
    threads = threads < groups ? threads : groups;
    if (threads > 1) {   /* no more threads than cores: the results do not depend on it */
        unsigned cores = cp_host_cores();
        threads = threads < cores ? threads : cores;
    }
    uint64_t t0 = cp_now_ns();
    if (!c->on_step && !l->max_inst && !par_order_dependent(c->prog) && par_setup(&m, threads)) {
        snprintf(err, errlen, "out of host memory for the cycle model's threads");
        par_free(&m);
        teardown(&m);
        return -1;
    }
    if (m.tp)
        m.tp->cp->setup_ns += cp_now_ns() - t0;
    c->sched = &m;
    c->list_waves = resident_waves;
    int rc = run(&m);
    t0 = cp_now_ns();
    par_merge(&m);
    if (m.tp) {
        m.tp->cp->setup_ns += cp_now_ns() - t0;
        cp_stats(m.tp->cp);
    }
    par_free(&m);
    c->fx->no_old = FX_OLD_ALL;
    if (rc == -2) {
        snprintf(err, errlen, "the cycle model stalled with waves resident and nothing able to issue (a model bug)");
        rc = -1;
    } else if (rc == -1)
        snprintf(err, errlen, "out of host memory for the work-groups of the cycle model");
    if (rc >= 0)
        series_sample(&m, m.st.cycles, 1);
    for (unsigned i = 0; i < m.ncu; i++)
        cu_advance(&m.cu[i], m.st.cycles > m.cu[i].last ? m.st.cycles : m.cu[i].last);
    r->nwg = m.placed;   /* groups started (all of them, unless stopped early) */
    r->nwaves = m.nwaves;
    r->ninst = c->ninst;
    r->lds_oob = c->lds_oob;
    r->scratch_oob = c->scratch_oob;
    memcpy(r->ninst_by_enc, c->ninst_by_enc, sizeof r->ninst_by_enc);
    if (rc >= 0) {
        for (unsigned i = 0; i < m.ncu; i++) {
            m.st.cu[i] = m.cnt[i].c;
            tm_counters_add(&m.st.total, &m.st.cu[i]);
        }
        mt_release(m.mt);
        m.st.mem = *mt_stats(m.mt);
        m.st.overhead_cycles = ((uint64_t)m.d->p[DEV_launch_ns] * m.d->p[DEV_clock_mhz] + 999) / 1000;
        if (tm_stats_add(&l->timing->stats, &m.st)) {
            snprintf(err, errlen, "out of host memory for the statistics");
            rc = -1;
        }
    }
    teardown(&m);
    return rc;
}
