/* cupar.h — what the cycle model (sim/cu.c) needs to step its compute
 * units on several host threads through an epoch of cycles and still
 * give the results of one thread, byte for byte:
 * - a thread steps its own CUs in (cycle, CU index) order without waiting
 *   for the others, and publishes the key (cycle << 16 | CU) of the step
 *   it is at (cp_publish: every step of its before that key is done);
 * - before its first call into the memory system (sim/memtime.h, shared
 *   and timed in call order) a step at key K waits until every other
 *   thread's key is past K (cp_wait_keys), so the calls come in the
 *   (cycle, CU) order of one thread; the thread with the smallest key
 *   never waits;
 * - a log per CU of what must reach shared sinks in that order (timeline
 *   events, s_waitcnt charges), stamped with the step's cycle and merged
 *   by (cycle, CU, sequence) after the epoch (cp_merge);
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

/* A thread's published key, on a cache line of its own. */
typedef struct {
    _Alignas(64) _Atomic uint64_t v;
} cp_key_t;

/* A thread's wait (cp_wait_keys), on a cache line of its own: the key
 * + 1 it waits past (0: none) and whether it sleeps (a futex word). */
typedef struct {
    _Alignas(64) _Atomic uint64_t v;
    atomic_uint sleep;
} cp_want_t;

/* The key of CU cu's step at cycle t. */
#define CP_KEY(t, cu) ((uint64_t)(t) << 16 | (cu))

/* One record of a CU's log. */
typedef struct {
    uint8_t wait;                /* 0: a timeline event; 1: an s_waitcnt charge */
    uint8_t srv;                 /* charge: where its operation was served (tm_srv_t) */
    uint64_t now;                /* the cycle of the step that made it */
    uint32_t at, op;             /* charge: waiting and ended instructions (tm_waits_charge) */
    uint64_t cycles;             /* charge: stalled wave-cycles */
    tm_event_t e;                /* event */
} cp_rec_t;

typedef struct cp_log {
    _Alignas(64) cp_rec_t *r;    /* (a CU's log on a cache line of its own) */
    size_t n, cap;
    int oom;                     /* a record was lost for want of host memory */
} cp_log_t;

/* A thread's counts of its waits (GCNSIM_CYCLE_PAR_STATS set: cp_stats). */
typedef struct {
    _Alignas(64) uint64_t gates;  /* cp_wait_keys calls */
    uint64_t waited;             /* of them, ones that found a key not yet past */
    uint64_t wait_ns;            /* the time spent waiting in them */
    uint64_t end_ns;             /* the time from its span's end to the epoch's end (ls_run) */
    uint64_t wait_cpu;           /* its CPU time in the waits */
    uint64_t work;               /* its CPU time in spans but the waits, in all epochs / this one */
    uint64_t ep_work;
    uint64_t ahead;              /* steps done ahead while waiting (idle) */
    uint64_t rng;                /* GCNSIM_CYCLE_PAR_CHAOS: the thread's random state */
} cp_stat_t;

/* The parallel state of a dispatch. */
typedef struct cp {
    unsigned threads;            /* host threads stepping CUs (1: the caller alone) */
    cp_key_t *key;               /* [threads]: each one's published key */
    cp_want_t *want;             /* [threads]: nonzero while the thread waits in cp_wait_keys */
    int pooled;                  /* the epoch runs on the pool (else the caller steps every CU alone) */
    cp_log_t *logs;              /* [ncu] per CU */
    unsigned *cur;               /* [ncu]: cp_merge's list of the CUs with records */
    ls_pool_t *pool;             /* threads > 1 */
    /* the choice between the pool and the caller alone (cp_use_pool) */
    unsigned phase, cycles;      /* timing or running, and its epochs so far */
    uint64_t t0;                 /* the epoch's start (ns) while timing */
    uint64_t time_ns[2], time_steps[2];   /* timing: the epochs alone [0] and on the pool [1] */
    double ns_alone, ns_pool;    /* per CU step, as last timed */
    /* counts for GCNSIM_CYCLE_PAR_STATS (stats 0: none kept) */
    int stats;
    int chaos;                   /* GCNSIM_CYCLE_PAR_CHAOS set: random pool choices and delays (cp_chaos) */
    cp_stat_t *st;               /* [threads] */
    uint64_t ep_pool, ep_alone, alone_runs, serial_ns, setup_ns, t_start;
    uint64_t crit;               /* the sum over pooled epochs of the largest ep_work */
} cp_t;

/* A parallel state for ncu CUs on `threads` threads (the pool is taken
 * by the caller: cp_t.pool, cp_pool_take).  NULL when out of memory. */
cp_t *cp_new(unsigned ncu, unsigned threads);
void cp_free(cp_t *p, unsigned ncu);

/* The host cores the process may run on (its affinity mask): more
 * threads than that only wait for each other's keys (no limit with
 * GCNSIM_CYCLE_PAR_STATS=pool). */
unsigned cp_host_cores(void);

/* A pool of `threads` threads stepping fn(arg, tid): the one the last
 * dispatch left when it has as many, else a new one (NULL: none could
 * start).  cp_free gives it back for the next dispatch. */
ls_pool_t *cp_pool_take(unsigned threads, void (*fn)(void *arg, unsigned tid), void *arg);
void cp_pool_give(ls_pool_t *p);

/* Thread tid is at key k: its steps before k are done (their writes
 * visible to whoever sees the key); a thread asleep waiting for a key
 * below k is woken. */
void cp_publish(cp_t *p, unsigned tid, uint64_t k);
/* Whether a thread but tid waits for keys (then publishing each step's
 * key lets it go on sooner; otherwise a key per cycle is enough). */
int cp_wanted(cp_t *p, unsigned tid);
/* Publish k for thread tid, then wait until every other thread has
 * published a key past k: meanwhile idle(arg) is called while it returns
 * 1 (it did some work), then the thread spins a while, then sleeps. */
void cp_wait_keys(cp_t *p, unsigned tid, uint64_t k, int (*idle)(void *arg), void *arg);
/* Every key back to 0 (nothing known done: before a pooled epoch that
 * follows epochs stepped by the caller alone). */
void cp_reset_keys(cp_t *p);

/* Whether this epoch should step its CUs on the pool or on the caller
 * alone, then (cp_account) that its k CU steps are done.  Either gives
 * the same results; the faster, timed on the host's clock now and then
 * (24 epochs in turns of 3 each way, every 152 or 280), is taken, so that
 * a machine busy with other work does not make the threads a loss. */
int cp_use_pool(cp_t *p);
void cp_account(cp_t *p, uint64_t k);

/* With GCNSIM_CYCLE_PAR_CHAOS set (cp_t.chaos; a test of the threads'
 * exactness), thread tid calls this before each step of a pooled epoch:
 * it sometimes spins or yields for a random while, so that the threads
 * meet at the gates in orders a quiet host seldom gives (cp_use_pool
 * then chooses at random too). */
void cp_chaos_delay(cp_t *p, unsigned tid);

/* The monotonic clock in ns; the calling thread's CPU time in ns. */
uint64_t cp_now_ns(void);
uint64_t cp_cpu_ns(void);
/* With GCNSIM_CYCLE_PAR_STATS set, print the dispatch's counts of waits,
 * epochs and serial time to stderr. */
void cp_stats(const cp_t *p);

/* Append an event / an s_waitcnt charge made by a step at cycle now to a
 * CU's log. */
void cp_log_event(cp_log_t *l, uint64_t now, const tm_event_t *e);
void cp_log_wait(cp_log_t *l, uint64_t now, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles);
/* Replay the ncu CUs' logs of an epoch's cycles [from, to) into the
 * sinks (on_event may be NULL; waits with ndw dwords) in (cycle, CU,
 * sequence) order and empty them.  Returns 0, or -1 when a record had
 * been lost. */
int cp_merge(cp_t *p, unsigned ncu, uint64_t from, uint64_t to, void (*on_event)(void *arg, const tm_event_t *e),
             void *arg, tm_waits_t *waits, size_t ndw);

#endif
