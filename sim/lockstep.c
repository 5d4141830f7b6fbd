/* lockstep.c — the step pool (contract in lockstep.h).
 *
 * A step is a generation number: the caller bumps it, the workers see
 * the change, run fn and count themselves out.  Every wait (a worker for
 * the next step, the caller for the workers' end, and ls_wait's callers)
 * spins for a while (steps follow each other within microseconds in a
 * busy dispatch), then sleeps on a futex word; whoever changes the word
 * wakes it only when someone sleeps there.  A sleeping waiter leaves its
 * core to the thread it waits for on a host with more threads than
 * cores. */
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "sim/lockstep.h"

enum { SPIN_YIELD = 256, YIELD_CHECK = 32 };
/* How long a waiter spins and yields before it sleeps: a sleeper woken on
 * a host with more runnable threads than cores waits for a core again
 * (milliseconds), one that yields is still runnable. */
#define SLEEP_NS 2000000ull

struct ls_pool {
    void (*fn)(void *arg, unsigned tid);
    void *arg;
    unsigned n;                   /* threads, the caller included */
    pthread_t *th;
    unsigned started;             /* workers started */
    _Alignas(64) atomic_uint gen; /* step number (futex word of the workers) */
    atomic_uint gen_sleep;        /* workers asleep on gen */
    atomic_int quit;
    atomic_int idle;              /* no step soon: waiting workers sleep at once (ls_idle) */
    _Alignas(64) atomic_uint left;   /* workers still running the step (futex word of the caller) */
    atomic_uint left_sleep;       /* the caller sleeps on left */
    struct ls_arg { ls_pool_t *p; unsigned tid; } *args;
};

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int ls_spin(ls_spin_t *s)
{
    unsigned n = ++s->n;
    if (n < SPIN_YIELD) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        return 0;
    }
    if ((n - SPIN_YIELD) % YIELD_CHECK == 0) {
        uint64_t t = now_ns();
        if (!s->t0)
            s->t0 = t;
        else if (t - s->t0 >= SLEEP_NS)
            return 1;
    }
    sched_yield();
    return 0;
}

void ls_sleep(atomic_uint *w, unsigned v)
{
    syscall(SYS_futex, (unsigned *)w, FUTEX_WAIT_PRIVATE, v, NULL, NULL, 0);
}

void ls_wake(atomic_uint *w)
{
    syscall(SYS_futex, (unsigned *)w, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Wait until the generation differs from seen (or quit); returns it. */
static unsigned wait_gen(ls_pool_t *p, unsigned seen)
{
    unsigned g;
    ls_spin_t spin = {0};
    while ((g = atomic_load_explicit(&p->gen, memory_order_acquire)) == seen &&
           !atomic_load_explicit(&p->quit, memory_order_acquire)) {
        if (!atomic_load_explicit(&p->idle, memory_order_relaxed) && !ls_spin(&spin))
            continue;
        atomic_fetch_add(&p->gen_sleep, 1);   /* sequentially consistent: against ls_run's bump */
        if (atomic_load(&p->gen) == seen && !atomic_load(&p->quit))
            ls_sleep(&p->gen, seen);
        atomic_fetch_sub(&p->gen_sleep, 1);
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
        if (atomic_fetch_sub(&p->left, 1) == 1 && atomic_load(&p->left_sleep))
            ls_wake(&p->left);   /* the last one out wakes a sleeping caller */
    }
}

ls_pool_t *ls_new(unsigned threads, void (*fn)(void *arg, unsigned tid), void *arg)
{
    ls_pool_t *p = aligned_alloc(64, sizeof *p);
    if (!p)
        return NULL;
    *p = (ls_pool_t){0};
    p->fn = fn;
    p->arg = arg;
    p->n = threads ? threads : 1;
    atomic_init(&p->gen, 0);
    atomic_init(&p->gen_sleep, 0);
    atomic_init(&p->left, 0);
    atomic_init(&p->left_sleep, 0);
    atomic_init(&p->quit, 0);
    atomic_init(&p->idle, 0);
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

unsigned ls_threads(const ls_pool_t *p)
{
    return p->n;
}

void ls_set(ls_pool_t *p, void (*fn)(void *arg, unsigned tid), void *arg)
{
    p->fn = fn;   /* the workers read them after the next step's bump */
    p->arg = arg;
}

void ls_idle(ls_pool_t *p)
{
    atomic_store_explicit(&p->idle, 1, memory_order_relaxed);
}

void ls_run(ls_pool_t *p)
{
    atomic_store_explicit(&p->idle, 0, memory_order_relaxed);
    atomic_store_explicit(&p->left, p->n - 1, memory_order_relaxed);
    atomic_fetch_add(&p->gen, 1);   /* sequentially consistent: against the sleepers count */
    if (atomic_load(&p->gen_sleep))
        ls_wake(&p->gen);
    p->fn(p->arg, 0);
    unsigned l;
    ls_spin_t spin = {0};
    while ((l = atomic_load_explicit(&p->left, memory_order_acquire))) {
        if (!ls_spin(&spin))
            continue;
        atomic_store(&p->left_sleep, 1);   /* sequentially consistent: against the last worker's count */
        if (atomic_load(&p->left))
            ls_sleep(&p->left, l);
        atomic_store(&p->left_sleep, 0);
    }
}

void ls_free(ls_pool_t *p)
{
    if (!p)
        return;
    atomic_store(&p->quit, 1);
    atomic_fetch_add(&p->gen, 1);   /* a worker on its way to sleep finds gen changed */
    ls_wake(&p->gen);
    for (unsigned i = 1; i <= p->started; i++)
        pthread_join(p->th[i], NULL);
    free(p->th);
    free(p->args);
    free(p);
}
