/* lockstep.c — the step pool (contract in lockstep.h).
 *
 * A step is a generation number: the caller bumps it, the workers see
 * the change, run fn and count themselves out.  Workers spin on the
 * generation for a while (steps follow each other within microseconds
 * in a busy dispatch), then sleep on a condition variable; the caller
 * wakes sleepers only when some are asleep. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "sim/lockstep.h"

enum { SPIN_LIMIT = 1000, SPIN_YIELD = 100 };

struct ls_pool {
    void (*fn)(void *arg, unsigned tid);
    void *arg;
    unsigned n;                   /* threads, the caller included */
    pthread_t *th;
    unsigned started;             /* workers started */
    atomic_uint gen;              /* step number */
    atomic_uint left;             /* workers still running the step */
    atomic_int quit;
    atomic_uint sleepers;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct ls_arg { ls_pool_t *p; unsigned tid; } *args;
};

void ls_pause(unsigned *spins)
{
    if (++*spins < SPIN_YIELD) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        return;
    }
    sched_yield();
}

/* Wait until the generation differs from seen (or quit); returns it. */
static unsigned wait_gen(ls_pool_t *p, unsigned seen)
{
    unsigned g, spins = 0;
    while ((g = atomic_load_explicit(&p->gen, memory_order_acquire)) == seen &&
           !atomic_load_explicit(&p->quit, memory_order_acquire)) {
        if (spins < SPIN_LIMIT) {
            ls_pause(&spins);
            continue;
        }
        pthread_mutex_lock(&p->mu);
        atomic_fetch_add(&p->sleepers, 1);
        while (atomic_load(&p->gen) == seen && !atomic_load(&p->quit))
            pthread_cond_wait(&p->cv, &p->mu);
        atomic_fetch_sub(&p->sleepers, 1);
        pthread_mutex_unlock(&p->mu);
    }
    return g;
}

static void *worker(void *a)
{
    struct ls_arg *x = a;
    ls_pool_t *p = x->p;
    unsigned seen = 0;
    for (;;) {
        seen = wait_gen(p, seen);
        if (atomic_load_explicit(&p->quit, memory_order_acquire))
            return NULL;
        p->fn(p->arg, x->tid);
        atomic_fetch_sub_explicit(&p->left, 1, memory_order_release);
    }
}

ls_pool_t *ls_new(unsigned threads, void (*fn)(void *arg, unsigned tid), void *arg)
{
    ls_pool_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->fn = fn;
    p->arg = arg;
    p->n = threads ? threads : 1;
    atomic_init(&p->gen, 0);
    atomic_init(&p->left, 0);
    atomic_init(&p->quit, 0);
    atomic_init(&p->sleepers, 0);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->th = calloc(p->n, sizeof *p->th);
    p->args = calloc(p->n, sizeof *p->args);
    if (!p->th || !p->args) {
        ls_free(p);
        return NULL;
    }
    for (unsigned i = 1; i < p->n; i++) {
        p->args[i].p = p;
        p->args[i].tid = i;
        if (pthread_create(&p->th[i], NULL, worker, &p->args[i])) {
            ls_free(p);
            return NULL;
        }
        p->started = i;
    }
    return p;
}

void ls_run(ls_pool_t *p)
{
    atomic_store_explicit(&p->left, p->n - 1, memory_order_relaxed);
    atomic_fetch_add(&p->gen, 1);   /* sequentially consistent: against the sleepers count */
    if (atomic_load(&p->sleepers)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    p->fn(p->arg, 0);
    unsigned spins = 0;
    while (atomic_load_explicit(&p->left, memory_order_acquire))
        ls_pause(&spins);
}

void ls_free(ls_pool_t *p)
{
    if (!p)
        return;
    atomic_store(&p->quit, 1);
    pthread_mutex_lock(&p->mu);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (unsigned i = 1; i <= p->started; i++)
        pthread_join(p->th[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->th);
    free(p->args);
    free(p);
}
