/* cupar.c — parallel cycles of the cycle model (contract in cupar.h). */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "sim/cupar.h"

/* cp_use_pool's phases: time the caller alone and the pool in turns of
 * TIME_BLOCK epochs (a burst of the host's other work then slows both),
 * each turn's first epoch not counted (it moves the CUs' state between
 * the cores' caches), then run the faster for RUN_POOL or RUN_ALONE
 * epochs (the pool is timed again sooner when it lost). */
enum { PH_TIME, PH_RUN };
enum { TIME_BLOCK = 3, TIME_CYCLES = 24, RUN_POOL = 256, RUN_ALONE = 128 };   /* epochs */

/* The last timings of any dispatch of the process (ns per CU step, 0:
 * none): a dispatch starts from them, so that short launches one after
 * the other do not each time the pool first.  Only speed depends on them. */
static atomic_uint_fast64_t last_alone, last_pool;
/* ... and where the last one left the choice: its phase and, running,
 * its epochs (a run of short launches times the pool again too). */
static atomic_uint last_phase, last_cycles;

/* The pool the last dispatch left (NULL: none), kept for the next one
 * (starting threads for each of many short launches costs), and the
 * process that started it (a forked child has none of its threads). */
static _Atomic(ls_pool_t *) kept;
static atomic_int kept_pid;

cp_t *cp_new(unsigned ncu, unsigned threads)
{
    cp_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = threads ? threads : 1;
    p->cur = calloc(ncu ? ncu : 1, sizeof *p->cur);
    if ((p->key = aligned_alloc(64, p->threads * sizeof *p->key)))
        memset(p->key, 0, p->threads * sizeof *p->key);
    if ((p->want = aligned_alloc(64, p->threads * sizeof *p->want)))
        memset(p->want, 0, p->threads * sizeof *p->want);
    if ((p->logs = aligned_alloc(64, (ncu ? ncu : 1) * sizeof *p->logs)))
        memset(p->logs, 0, (ncu ? ncu : 1) * sizeof *p->logs);
    const char *e = getenv("GCNSIM_CYCLE_PAR_STATS");
    p->stats = e ? 1 + (strcmp(e, "pool") == 0) : 0;   /* "pool": every epoch on the pool */
    e = getenv("GCNSIM_CYCLE_PAR_CHAOS");
    p->chaos = e && e[0] && strcmp(e, "0");
    if ((p->st = aligned_alloc(64, p->threads * sizeof *p->st))) {
        memset(p->st, 0, p->threads * sizeof *p->st);
        uint64_t seed = p->chaos ? (cp_now_ns() ^ (uint64_t)getpid() << 20) * 2 + 1 : 0;   /* only chaos draws */
        for (unsigned t = 0; seed && t < p->threads; t++)
            p->st[t].rng = seed + 2 * t;
    }
    if (!p->cur || !p->key || !p->want || !p->logs || !p->st) {
        cp_free(p, ncu);
        return NULL;
    }
    cp_reset_keys(p);
    uint64_t a = atomic_load(&last_alone), b = atomic_load(&last_pool);
    if (a && b) {   /* else PH_TIME from its start */
        p->phase = atomic_load(&last_phase);
        p->cycles = p->phase == PH_RUN ? atomic_load(&last_cycles) : 0;   /* a timing starts again */
        p->ns_alone = (double)a;
        p->ns_pool = (double)b;
    }
    return p;
}

unsigned cp_host_cores(void)
{
    const char *e = getenv("GCNSIM_CYCLE_PAR_STATS");
    if (e && strcmp(e, "pool") == 0)
        return UINT32_MAX;   /* measuring: the threads asked for */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

ls_pool_t *cp_pool_take(unsigned threads, void (*fn)(void *arg, unsigned tid), void *arg)
{
    ls_pool_t *p = atomic_exchange(&kept, NULL);
    if (p && atomic_load(&kept_pid) != (int)getpid())
        p = NULL;   /* the parent's: its threads are not ours */
    if (p && ls_threads(p) != threads) {
        ls_free(p);
        p = NULL;
    }
    if (!p)
        return ls_new(threads, fn, arg);
    ls_set(p, fn, arg);
    return p;
}

void cp_pool_give(ls_pool_t *p)
{
    if (!p)
        return;
    ls_idle(p);
    atomic_store(&kept_pid, (int)getpid());
    ls_free(atomic_exchange(&kept, p));
}

/* The kept pool's threads end with the process or the library. */
__attribute__((destructor)) static void pool_end(void)
{
    ls_pool_t *p = atomic_exchange(&kept, NULL);
    if (p && atomic_load(&kept_pid) == (int)getpid())
        ls_free(p);
}

void cp_free(cp_t *p, unsigned ncu)
{
    if (!p)
        return;
    if (p->ns_alone && p->ns_pool) {
        atomic_store(&last_phase, p->phase);
        atomic_store(&last_cycles, p->cycles);
    }
    cp_pool_give(p->pool);
    for (unsigned i = 0; p->logs && i < ncu; i++)
        free(p->logs[i].r);
    free(p->cur);
    free(p->key);
    free(p->want);
    free(p->st);
    free(p->logs);
    free(p);
}

void cp_reset_keys(cp_t *p)
{
    for (unsigned t = 0; t < p->threads; t++) {
        atomic_store_explicit(&p->key[t].v, 0, memory_order_relaxed);
        atomic_store_explicit(&p->want[t].v, 0, memory_order_relaxed);
        atomic_store_explicit(&p->want[t].sleep, 0, memory_order_relaxed);
    }
}

int cp_wanted(cp_t *p, unsigned tid)
{
    for (unsigned t = 0; t < p->threads; t++)
        if (t != tid && atomic_load_explicit(&p->want[t].v, memory_order_relaxed))
            return 1;
    return 0;
}

void cp_publish(cp_t *p, unsigned tid, uint64_t k)
{
    atomic_store(&p->key[tid].v, k);   /* sequentially consistent: against a waiter's sleep flag */
    for (unsigned t = 0; t < p->threads; t++)
        if (t != tid && atomic_load(&p->want[t].sleep) && k >= atomic_load(&p->want[t].v)) {
            atomic_store(&p->want[t].sleep, 0);
            ls_wake(&p->want[t].sleep);
        }
}

/* Wait until thread t's key is past k (thread tid's want set). */
static void wait_key(cp_t *p, unsigned tid, unsigned t, uint64_t k, int (*idle)(void *arg), void *arg)
{
    ls_spin_t spin = {0};
    while (atomic_load_explicit(&p->key[t].v, memory_order_acquire) <= k) {
        if (idle && idle(arg))
            continue;
        idle = NULL;   /* nothing left to do ahead: spin, then sleep */
        if (!ls_spin(&spin))
            continue;
        atomic_store(&p->want[tid].sleep, 1);   /* sequentially consistent: against cp_publish */
        if (atomic_load(&p->key[t].v) <= k)
            ls_sleep(&p->want[tid].sleep, 1);
        atomic_store(&p->want[tid].sleep, 0);
    }
}

uint64_t cp_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t cp_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void cp_wait_keys(cp_t *p, unsigned tid, uint64_t k, int (*idle)(void *arg), void *arg)
{
    cp_publish(p, tid, k);   /* the thread with the smallest key then never waits */
    p->st[tid].gates++;
    for (unsigned t = 0; t < p->threads; t++) {
        if (t == tid || atomic_load_explicit(&p->key[t].v, memory_order_acquire) > k)
            continue;
        uint64_t t0 = p->stats ? cp_now_ns() : 0, c0 = p->stats ? cp_cpu_ns() : 0;
        atomic_store(&p->want[tid].v, k + 1);
        wait_key(p, tid, t, k, idle, arg);
        atomic_store_explicit(&p->want[tid].v, 0, memory_order_relaxed);
        p->st[tid].waited++;
        if (p->stats) {
            p->st[tid].wait_ns += cp_now_ns() - t0;
            p->st[tid].wait_cpu += cp_cpu_ns() - c0;
        }
    }
}

void cp_stats(const cp_t *p)
{
    if (!p->stats)
        return;
    fprintf(stderr, "cycle-par: %u threads, epochs %llu pooled %llu alone, %llu run phases alone, serial %.3f ms, setup %.3f ms\n",
            p->threads, (unsigned long long)p->ep_pool, (unsigned long long)p->ep_alone,
            (unsigned long long)p->alone_runs, p->serial_ns / 1e6, p->setup_ns / 1e6);
    uint64_t work = 0;
    for (unsigned t = 0; t < p->threads; t++) {
        fprintf(stderr, "cycle-par: thread %u: %llu steps ahead\n", t, (unsigned long long)p->st[t].ahead);
        fprintf(stderr, "cycle-par: thread %u: %llu gates, %llu waited, %.3f ms waiting (%.3f ms CPU), %.3f ms at the "
                "epoch's end, %.3f ms CPU stepping\n",
                t, (unsigned long long)p->st[t].gates, (unsigned long long)p->st[t].waited, p->st[t].wait_ns / 1e6,
                p->st[t].wait_cpu / 1e6, p->st[t].end_ns / 1e6, p->st[t].work / 1e6);
        work += p->st[t].work;
    }
    if (p->crit)
        fprintf(stderr, "cycle-par: pooled epochs: %.3f ms CPU stepping, %.3f ms the slowest thread's: at most %.2fx\n",
                work / 1e6, p->crit / 1e6, (double)work / (double)p->crit);
    fprintf(stderr, "cycle-par: ns per CU step alone %.1f, pool %.1f\n", p->ns_alone, p->ns_pool);
}

/* The next of thread tid's random numbers (xorshift64*). */
static uint64_t chaos_next(cp_t *p, unsigned tid)
{
    uint64_t x = p->st[tid].rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    p->st[tid].rng = x;
    return x * 0x2545F4914F6CDD1Dull;
}

void cp_chaos_delay(cp_t *p, unsigned tid)
{
    uint64_t r = chaos_next(p, tid);
    if (r % 16)
        return;
    if (r >> 8 & 3) {
        for (volatile unsigned i = (unsigned)(r >> 16) % 20000; i; i--)
            ;
    } else {
        sched_yield();
    }
}

int cp_use_pool(cp_t *p)
{
    if (!p->pool)
        return 0;
    p->t0 = p->phase == PH_TIME ? cp_now_ns() : 0;
    if (p->stats == 2)
        return 1;
    if (p->chaos)
        return (int)(chaos_next(p, 0) >> 33 & 1);
    int pooled = p->phase == PH_TIME ? (int)(p->cycles / TIME_BLOCK % 2)   /* blocks each way, in turn */
                                     : p->ns_pool < p->ns_alone;
    if (!pooled)
        ls_idle(p->pool);   /* its waiting threads sleep: spinning, they slow the caller on a shared core */
    return pooled;
}

void cp_account(cp_t *p, uint64_t k)
{
    if (!p->pool)
        return;
    if (p->phase == PH_RUN) {
        if (++p->cycles >= (p->ns_pool < p->ns_alone ? RUN_POOL : RUN_ALONE)) {
            p->alone_runs += p->ns_pool >= p->ns_alone;
            p->phase = PH_TIME;
            p->cycles = 0;
            p->time_ns[0] = p->time_ns[1] = p->time_steps[0] = p->time_steps[1] = 0;
        }
        return;
    }
    unsigned pooled = p->cycles / TIME_BLOCK % 2;
    if (p->cycles % TIME_BLOCK) {
        p->time_ns[pooled] += cp_now_ns() - p->t0;
        p->time_steps[pooled] += k;
    }
    if (++p->cycles < TIME_CYCLES)
        return;
    p->ns_alone = (double)p->time_ns[0] / (double)(p->time_steps[0] ? p->time_steps[0] : 1);
    p->ns_pool = (double)p->time_ns[1] / (double)(p->time_steps[1] ? p->time_steps[1] : 1);
    atomic_store(&last_alone, (uint64_t)p->ns_alone + 1);
    atomic_store(&last_pool, (uint64_t)p->ns_pool + 1);
    p->phase = PH_RUN;
    p->cycles = 0;
    if (p->ns_pool >= p->ns_alone && p->stats != 2)
        ls_idle(p->pool);   /* the caller alone for RUN_ALONE epochs */
}

/* A new record at the end of l (NULL when out of memory: l->oom). */
static cp_rec_t *log_push(cp_log_t *l)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        cp_rec_t *r = realloc(l->r, cap * sizeof *r);
        if (!r) {
            l->oom = 1;
            return NULL;
        }
        l->r = r;
        l->cap = cap;
    }
    return &l->r[l->n++];
}

void cp_log_event(cp_log_t *l, uint64_t now, const tm_event_t *e)
{
    cp_rec_t *r = log_push(l);
    if (r) {
        r->wait = 0;
        r->now = now;
        r->e = *e;
    }
}

void cp_log_wait(cp_log_t *l, uint64_t now, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles)
{
    cp_rec_t *r = log_push(l);
    if (r) {
        r->wait = 1;
        r->now = now;
        r->at = at;
        r->op = op;
        r->srv = (uint8_t)srv;
        r->cycles = cycles;
    }
}

static void replay(const cp_rec_t *r, void (*on_event)(void *arg, const tm_event_t *e), void *arg,
                   tm_waits_t *waits, size_t ndw)
{
    if (r->wait)
        tm_waits_charge(waits, ndw, r->at, r->op, (tm_srv_t)r->srv, r->cycles);
    else if (on_event)
        on_event(arg, &r->e);
}

int cp_merge(cp_t *p, unsigned ncu, uint64_t from, uint64_t to, void (*on_event)(void *arg, const tm_event_t *e),
             void *arg, tm_waits_t *waits, size_t ndw)
{
    unsigned k = 0, lost = 0;
    for (unsigned i = 0; i < ncu; i++) {   /* the CUs with records, ascending */
        lost |= (unsigned)p->logs[i].oom;
        if (p->logs[i].n)
            p->cur[k++] = i;
    }
    size_t at[k ? k : 1];
    memset(at, 0, sizeof at);
    for (uint64_t t = from; t < to && k; t++)
        for (unsigned j = 0; j < k; j++) {
            cp_log_t *l = &p->logs[p->cur[j]];
            while (at[j] < l->n && l->r[at[j]].now == t)
                replay(&l->r[at[j]++], on_event, arg, waits, ndw);
        }
    for (unsigned j = 0; j < k; j++) {
        cp_log_t *l = &p->logs[p->cur[j]];
        while (at[j] < l->n)   /* none (steps are within the epoch); kept in order if any */
            replay(&l->r[at[j]++], on_event, arg, waits, ndw);
        l->n = 0;
    }
    for (unsigned i = 0; i < ncu; i++)
        p->logs[i].oom = 0;
    return lost ? -1 : 0;
}
