/* cupar.h — what the cycle model (sim/cu.c) needs to step its compute
 * units on several host threads within one cycle and still give the
 * serial run's results, byte for byte:
 * - the cycle's list of due CUs, in index order (the serial order), and
 *   a done flag per position: a CU may call the memory system (sim/
 *   memtime.h, shared and timed in call order) only once every CU before
 *   it in the list has stepped (cp_wait_before), so the calls reach it in
 *   the serial order; what a CU does on its own (the semantics at issue,
 *   its SIMDs, LDS bank cycles, counters) runs in parallel;
 * - a log per CU of what must reach shared sinks in the serial order
 *   (timeline events, s_waitcnt charges), replayed in list order after
 *   the cycle (cp_log_flush);
 * Kernels whose results depend on the order in which work-groups reach
 * memory by design (par_order_dependent, sim/par.h) run on one thread. */
#ifndef GCNSIM_CUPAR_H
#define GCNSIM_CUPAR_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/lockstep.h"
#include "sim/timing.h"
#include "sim/wave.h"

/* A position's done flag, on a cache line of its own. */
typedef struct {
    _Alignas(64) atomic_int v;
} cp_flag_t;

/* One record of a CU's log. */
typedef struct {
    uint8_t wait;                /* 0: a timeline event; 1: an s_waitcnt charge */
    uint8_t srv;                 /* charge: where its operation was served (tm_srv_t) */
    uint32_t at, op;             /* charge: waiting and ended instructions (tm_waits_charge) */
    uint64_t cycles;             /* charge: stalled wave-cycles */
    tm_event_t e;                /* event */
} cp_rec_t;

typedef struct cp_log {
    _Alignas(64) cp_rec_t *r;    /* (a CU's log on a cache line of its own) */
    size_t n, cap;
    int oom;                     /* a record was lost for want of host memory */
} cp_log_t;

/* The parallel state of a dispatch. */
typedef struct cp {
    unsigned threads;            /* host threads stepping CUs (1: the caller alone) */
    unsigned k;                  /* CUs due this cycle */
    unsigned *list;              /* [ncu]: their indices, ascending */
    cp_flag_t *done;             /* [ncu]: position stepped */
    uint64_t now;                /* the cycle */
    cp_log_t *logs;              /* [ncu] per CU */
    ls_pool_t *pool;             /* threads > 1 */
    /* the choice between the pool and the caller alone (cp_use_pool) */
    unsigned phase, cycles;      /* what is being timed or run, and its cycles so far */
    uint64_t steps, t0;          /* CU steps in the phase; its start (ns) */
    double ns_alone, ns_pool;    /* per CU step, as last timed */
} cp_t;

/* A parallel state for ncu CUs on `threads` threads (the pool is started
 * by the caller: cp_t.pool).  NULL when out of memory. */
cp_t *cp_new(unsigned ncu, unsigned threads);
void cp_free(cp_t *p, unsigned ncu);

/* Start a cycle's list: k positions, none done. */
void cp_begin(cp_t *p, unsigned k, uint64_t now);
/* Position pos has stepped (its writes visible to whoever waits for it). */
void cp_done(cp_t *p, unsigned pos);
/* Wait until positions [known, pos) have stepped; returns pos (the new
 * count known done). */
unsigned cp_wait_before(cp_t *p, unsigned known, unsigned pos);

/* Whether this cycle should step its CUs on the pool or on the caller
 * alone, then (cp_account) that its k CU steps are done.  Either gives
 * the same results; the faster, timed on the host's clock now and then
 * (a few hundred cycles each way every few thousand), is taken, so that
 * a machine busy with other work does not make the threads a loss. */
int cp_use_pool(cp_t *p);
void cp_account(cp_t *p, unsigned k);

/* Append an event / an s_waitcnt charge to a CU's log. */
void cp_log_event(cp_log_t *l, const tm_event_t *e);
void cp_log_wait(cp_log_t *l, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles);
/* Replay the log into the sinks (on_event may be NULL; waits with ndw
 * dwords) and empty it.  Returns 0, or -1 when a record had been lost. */
int cp_log_flush(cp_log_t *l, void (*on_event)(void *arg, const tm_event_t *e), void *arg, tm_waits_t *waits,
                 size_t ndw);

#endif
