/* lockstep.h — a small pool of host threads that run one function
 * together, step after step: ls_run starts fn(arg, tid) on every thread
 * (tid 0 on the caller) and returns when all have returned.  Waiting
 * threads (the caller too) spin, then yield, then after a few
 * milliseconds block, so a step of a few microseconds costs little and
 * an idle pool costs no CPU.  For the cycle model's parallel
 * epochs (sim/cu.c). */
#ifndef GCNSIM_LOCKSTEP_H
#define GCNSIM_LOCKSTEP_H

#include <stdatomic.h>

typedef struct ls_pool ls_pool_t;

/* A pool of `threads` threads (the caller and threads - 1 started ones)
 * that will run fn(arg, tid), tid 0..threads-1.  NULL when out of memory
 * or a thread cannot start. */
ls_pool_t *ls_new(unsigned threads, void (*fn)(void *arg, unsigned tid), void *arg);

/* The pool's threads, the caller included. */
unsigned ls_threads(const ls_pool_t *p);
/* The function and argument of the next steps (between steps only: a
 * pool kept for the next dispatch). */
void ls_set(ls_pool_t *p, void (*fn)(void *arg, unsigned tid), void *arg);

/* Run one step: fn(arg, tid) on every thread; returns when all are done
 * (their writes are then visible to the caller). */
void ls_run(ls_pool_t *p);

/* No step is coming soon (the pool is kept for a later dispatch, or the
 * caller steps alone for a while): the waiting threads sleep at once
 * rather than spin; the next ls_run wakes them. */
void ls_idle(ls_pool_t *p);

/* Stop and join the threads; release the pool (NULL: nothing). */
void ls_free(ls_pool_t *p);

/* Spin-wait helper: one turn of a wait loop (a CPU hint; after many, a
 * yield of the host thread).  Returns 1 (nothing done) once the wait has
 * lasted a few milliseconds: then sleep (ls_sleep) rather than spin. */
typedef struct {
    unsigned n;
    unsigned long long t0;
} ls_spin_t;
int ls_spin(ls_spin_t *s);
/* Sleep while *w holds v (it may return early: check again); wake every
 * thread sleeping on w (a futex word). */
void ls_sleep(atomic_uint *w, unsigned v);
void ls_wake(atomic_uint *w);

#endif
