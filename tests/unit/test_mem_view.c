/* test_mem_view.c — a thread's view of device memory (sim/mem.h
 * mem_view), as the functional mode's worker threads use: the same
 * allocations at the same addresses, one allocation (scratch) backed by
 * the thread's own bytes, a lookup cache of its own, the owner's on_miss
 * hook called one thread at a time; and lookups from several threads at
 * once through their views find every region. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sim/mem.h"
#include "tests/unit/check.h"

static void test_view(void)
{
    mem_t m, v;
    mem_init(&m);
    uint64_t a, s, b;
    mem_alloc(&m, 4096, 256, "buffer", &a);
    mem_alloc(&m, 2048, 1024, "scratch", &s);
    mem_alloc(&m, 64, 256, "other", &b);
    uint8_t *own = calloc(1, 2048);
    CHECK(mem_view(&m, &v, s, own) == 0 && v.n == m.n, "a view holds the same allocations");
    uint32_t x = 0x11223344, y = 0;
    CHECK(mem_write(&v, a + 8, &x, 4) == 0 && mem_read(&m, a + 8, &y, 4) == 0 && y == x,
          "a write through the view lands in the shared allocation");
    x = 0x55667788;
    CHECK(mem_write(&v, s + 100, &x, 4) == 0 && memcmp(own + 100, &x, 4) == 0, "scratch through the view is the "
          "thread's own bytes, at the same device address");
    CHECK(mem_read(&m, s + 100, &y, 4) == 0 && y == 0, "the owner's scratch is untouched");
    CHECK(mem_ptr(&v, b, 64) == mem_ptr(&m, b, 64) && mem_ptr(&v, s + 2047, 2) == NULL,
          "other allocations are shared; bounds are the allocation's");
    mem_view_free(&v);
    CHECK(mem_ptr(&m, a, 4096) != NULL && m.n == 3, "freeing the view leaves the allocations");
    mem_free(&m);
    free(own);
}

/* Several threads look up addresses all over the allocations through
 * their views (and through on_miss) at once. */
enum { NREG = 64, NTHR = 4, NLOOK = 200000 };
static mem_t shared;
static uint64_t bases[NREG];
static mem_region_t late;
static int in_hook, overlapped, hook_calls;

static const mem_region_t *late_range(void *arg, uint64_t addr)
{
    (void)arg;
    if (__atomic_fetch_add(&in_hook, 1, __ATOMIC_SEQ_CST))
        overlapped = 1;
    hook_calls++;   /* serialised by mem: a plain increment is safe */
    for (volatile int i = 0; i < 100; i++)
        ;
    __atomic_fetch_sub(&in_hook, 1, __ATOMIC_SEQ_CST);
    return addr - late.base < late.size ? &late : NULL;
}

static void *looker(void *arg)
{
    long t = (long)arg, bad = 0;
    mem_t v;
    if (mem_view(&shared, &v, 0, NULL))
        return (void *)1L;
    uint64_t r = (uint64_t)t * 2654435761u + 1;
    for (int i = 0; i < NLOOK; i++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        unsigned k = (unsigned)(r >> 33) % (NREG + 1);
        if (k == NREG) {
            bad += mem_ptr(&v, late.base + 4, 4) != late.data + 4;
            continue;
        }
        const mem_region_t *g = mem_region_at(&v, bases[k] + (r >> 20) % 512);
        bad += !g || g->base != bases[k];
    }
    mem_view_free(&v);
    return (void *)bad;
}

static void test_threads(void)
{
    mem_init(&shared);
    for (int i = 0; i < NREG; i++)
        mem_alloc(&shared, 512, 256, "r", &bases[i]);
    uint8_t *host = calloc(1, 256);
    late = (mem_region_t){.base = (uint64_t)(uintptr_t)host, .size = 256, .data = host, .ext = 1};
    shared.on_miss = late_range;
    pthread_t th[NTHR];
    long bad = 0;
    for (long t = 0; t < NTHR; t++)
        pthread_create(&th[t], NULL, looker, (void *)t);
    for (int t = 0; t < NTHR; t++) {
        void *rv;
        pthread_join(th[t], &rv);
        bad += (long)rv;
    }
    CHECK(bad == 0, "%d threads' lookups through their views find the right region every time (%ld wrong)", NTHR,
          bad);
    CHECK(hook_calls > 0 && !overlapped, "the on_miss hook ran %d times, never two at once", hook_calls);
    mem_free(&shared);
    free(host);
}

int main(void)
{
    test_view();
    test_threads();
    return check_done();
}
