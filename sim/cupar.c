/* cupar.c — parallel cycles of the cycle model (contract in cupar.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sim/cupar.h"

/* cp_use_pool's phases: time the caller alone, time the pool, run the
 * faster; their lengths in cycles. */
enum { PH_ALONE, PH_POOL, PH_RUN };
enum { TIME_CYCLES = 256, RUN_CYCLES = 4096, TIME_MIN = 16 };

/* The last timings of any dispatch of the process (ns per CU step, 0:
 * none): a dispatch starts from them, so that short launches one after
 * the other do not each time the pool first.  Only speed depends on them. */
static atomic_uint_fast64_t last_alone, last_pool;

cp_t *cp_new(unsigned ncu, unsigned threads)
{
    cp_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = threads ? threads : 1;
    p->list = calloc(ncu ? ncu : 1, sizeof *p->list);
    if ((p->done = aligned_alloc(64, (ncu ? ncu : 1) * sizeof *p->done)))
        memset(p->done, 0, (ncu ? ncu : 1) * sizeof *p->done);
    if ((p->logs = aligned_alloc(64, (ncu ? ncu : 1) * sizeof *p->logs)))
        memset(p->logs, 0, (ncu ? ncu : 1) * sizeof *p->logs);
    if (!p->list || !p->done || !p->logs) {
        cp_free(p, ncu);
        return NULL;
    }
    for (unsigned i = 0; i < ncu; i++)
        atomic_init(&p->done[i].v, 0);
    uint64_t a = atomic_load(&last_alone), b = atomic_load(&last_pool);
    if (a && b) {
        p->phase = PH_RUN;
        p->ns_alone = (double)a;
        p->ns_pool = (double)b;
    }
    return p;
}

void cp_free(cp_t *p, unsigned ncu)
{
    if (!p)
        return;
    ls_free(p->pool);
    for (unsigned i = 0; p->logs && i < ncu; i++)
        free(p->logs[i].r);
    free(p->list);
    free(p->done);
    free(p->logs);
    free(p);
}

void cp_begin(cp_t *p, unsigned k, uint64_t now)
{
    for (unsigned i = 0; i < k; i++)
        atomic_store_explicit(&p->done[i].v, 0, memory_order_relaxed);
    p->k = k;
    p->now = now;
}

void cp_done(cp_t *p, unsigned pos)
{
    atomic_store_explicit(&p->done[pos].v, 1, memory_order_release);
}

unsigned cp_wait_before(cp_t *p, unsigned known, unsigned pos)
{
    unsigned spins = 0;
    while (known < pos) {
        if (atomic_load_explicit(&p->done[known].v, memory_order_acquire))
            known++;
        else
            ls_pause(&spins);
    }
    return known;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int cp_use_pool(cp_t *p)
{
    if (!p->pool)
        return 0;
    if (p->cycles == 0) {
        p->t0 = now_ns();
        p->steps = 0;
    }
    return p->phase == PH_POOL || (p->phase == PH_RUN && p->ns_pool < p->ns_alone);
}

void cp_account(cp_t *p, unsigned k)
{
    if (!p->pool)
        return;
    p->steps += k;
    unsigned len = p->phase == PH_RUN ? RUN_CYCLES : TIME_CYCLES;
    ++p->cycles;
    if (p->phase == PH_POOL && p->cycles >= TIME_MIN && p->cycles < len) {
        /* a pool clearly slower than the caller alone ends its timing early */
        double ns = (double)(now_ns() - p->t0) / (double)(p->steps ? p->steps : 1);
        if (ns > 2 * p->ns_alone)
            len = p->cycles;
    }
    if (p->cycles < len)
        return;
    double ns = (double)(now_ns() - p->t0) / (double)(p->steps ? p->steps : 1);
    if (p->phase == PH_ALONE)
        p->ns_alone = ns;
    else if (p->phase == PH_POOL) {
        p->ns_pool = ns;
        atomic_store(&last_alone, (uint64_t)p->ns_alone + 1);
        atomic_store(&last_pool, (uint64_t)p->ns_pool + 1);
    }
    p->phase = (p->phase + 1) % 3;
    p->cycles = 0;
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

void cp_log_event(cp_log_t *l, const tm_event_t *e)
{
    cp_rec_t *r = log_push(l);
    if (r) {
        r->wait = 0;
        r->e = *e;
    }
}

void cp_log_wait(cp_log_t *l, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles)
{
    cp_rec_t *r = log_push(l);
    if (r) {
        r->wait = 1;
        r->at = at;
        r->op = op;
        r->srv = (uint8_t)srv;
        r->cycles = cycles;
    }
}

int cp_log_flush(cp_log_t *l, void (*on_event)(void *arg, const tm_event_t *e), void *arg, tm_waits_t *waits,
                 size_t ndw)
{
    for (size_t i = 0; i < l->n; i++) {
        const cp_rec_t *r = &l->r[i];
        if (r->wait)
            tm_waits_charge(waits, ndw, r->at, r->op, (tm_srv_t)r->srv, r->cycles);
        else if (on_event)
            on_event(arg, &r->e);
    }
    l->n = 0;
    int lost = l->oom;
    l->oom = 0;
    return lost ? -1 : 0;
}
