/* tlb.c — address translation timing (contract in tlb.h).
 *
 * Entries keep the fragment number and the cycle its translation arrives;
 * LRU by a use stamp.  The per-CU TLB is searched from its most recently
 * used entry (a wave's accesses mostly stay in one fragment). */
#include <stdlib.h>
#include <string.h>
#include "sim/gens.h"
#include "sim/tlb.h"

enum { L2_WAYS = 16 };
#define NO_FRAG UINT64_MAX

struct tlb {
    unsigned cus, l1_ways, l1_slots, l2_sets, l2_ways, shift;
    uint64_t l2_lat, walk, clock;
    uint64_t *l1_tag, *l1_ready, *l1_stamp;   /* cus x l1_ways */
    uint64_t *slots;                          /* cus x l1_slots: when each miss slot frees */
    unsigned *mru;                            /* per CU: the entry used last */
    uint64_t *l2_tag, *l2_ready, *l2_stamp;   /* l2_sets x l2_ways */
    uint64_t *seen;                           /* open-addressed set of the fragments met, NO_FRAG: empty */
    size_t nseen, cap;
    size_t *seen_at;                          /* [cap / 2]: the slots of seen in use, nseen of them */
    gens_t l1_gen, l2_gen;                    /* per CU, per shared set: of an older generation than
                                                 tlb_reset's last, empty (emptied when next used) */
    tlb_stats_t st;
};

static unsigned log2_u(uint64_t x)
{
    unsigned s = 0;
    while (x > 1) {
        x >>= 1;
        s++;
    }
    return s;
}

tlb_t *tlb_new(const device_t *d)
{
    tlb_t *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    const uint32_t *p = d->p;
    b->cus = p[DEV_cus];
    b->l1_ways = p[DEV_tlb_l1_entries];
    b->l1_slots = p[DEV_tlb_l1_misses];
    b->l2_ways = p[DEV_tlb_l2_entries] < L2_WAYS ? p[DEV_tlb_l2_entries] : L2_WAYS;
    if (!b->l1_ways || !b->l1_slots || !b->l2_ways || !b->cus) {   /* dev_set's ranges exclude these */
        free(b);
        return NULL;
    }
    b->l2_sets = p[DEV_tlb_l2_entries] / b->l2_ways;
    b->shift = 10 + log2_u(p[DEV_tlb_frag_kib]);
    b->l2_lat = p[DEV_tlb_l2_latency];
    b->walk = (uint64_t)p[DEV_tlb_walk_levels] * p[DEV_l2_latency] + p[DEV_dram_latency];
    size_t n1 = (size_t)b->cus * b->l1_ways, n2 = (size_t)b->l2_sets * b->l2_ways;
    b->l1_tag = malloc(n1 * sizeof *b->l1_tag);
    b->l1_ready = malloc(n1 * sizeof *b->l1_ready);
    b->l1_stamp = malloc(n1 * sizeof *b->l1_stamp);
    b->slots = malloc((size_t)b->cus * b->l1_slots * sizeof *b->slots);
    b->mru = malloc(b->cus * sizeof *b->mru);
    b->l2_tag = malloc(n2 * sizeof *b->l2_tag);
    b->l2_ready = malloc(n2 * sizeof *b->l2_ready);
    b->l2_stamp = malloc(n2 * sizeof *b->l2_stamp);
    int gens = gens_init(&b->l1_gen, b->cus) | gens_init(&b->l2_gen, b->l2_sets);
    if (!b->l1_tag || !b->l1_ready || !b->l1_stamp || !b->slots || !b->mru || !b->l2_tag || !b->l2_ready ||
        !b->l2_stamp || gens) {
        tlb_free(b);
        return NULL;
    }
    tlb_reset(b);
    return b;
}

void tlb_free(tlb_t *b)
{
    if (!b)
        return;
    free(b->l1_tag);
    free(b->l1_ready);
    free(b->l1_stamp);
    free(b->slots);
    free(b->mru);
    free(b->l2_tag);
    free(b->l2_ready);
    free(b->l2_stamp);
    free(b->seen);
    free(b->seen_at);
    gens_free(&b->l1_gen);
    gens_free(&b->l2_gen);
    free(b);
}

/* Forgets everything: a new generation (a CU's entries and a shared
 * set are emptied when next used: l1_fresh, l2_fresh), and the seen
 * fragments' slots emptied. */
void tlb_reset(tlb_t *b)
{
    gens_next(&b->l1_gen);
    gens_next(&b->l2_gen);
    memset(&b->st, 0, sizeof b->st);
    for (size_t i = 0; i < b->nseen; i++)
        b->seen[b->seen_at[i]] = NO_FRAG;
    b->nseen = 0;
    b->clock = 0;
}

/* Empties CU cu's entries and miss slots (of an older generation). */
static __attribute__((noinline)) void l1_fresh(tlb_t *b, unsigned cu)
{
    size_t base = (size_t)cu * b->l1_ways;
    for (unsigned i = 0; i < b->l1_ways; i++) {
        b->l1_tag[base + i] = NO_FRAG;
        b->l1_ready[base + i] = b->l1_stamp[base + i] = 0;
    }
    memset(b->slots + (size_t)cu * b->l1_slots, 0, b->l1_slots * sizeof *b->slots);
    b->mru[cu] = 0;
    gens_mark(&b->l1_gen, cu);
}

/* Empties the shared set at index set (of an older generation). */
static __attribute__((noinline)) void l2_fresh(tlb_t *b, size_t set)
{
    size_t base = set * b->l2_ways;
    for (unsigned i = 0; i < b->l2_ways; i++) {
        b->l2_tag[base + i] = NO_FRAG;
        b->l2_ready[base + i] = b->l2_stamp[base + i] = 0;
    }
    gens_mark(&b->l2_gen, set);
}

unsigned tlb_frag_shift(const tlb_t *b)
{
    return b->shift;
}

const tlb_stats_t *tlb_stats(const tlb_t *b)
{
    return &b->st;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* Index of frag among the n entries at tag[] (-1 when absent); else
 * *victim gets the least recently used entry. */
static long find(const uint64_t *tag, const uint64_t *stamp, unsigned n, uint64_t frag, unsigned *victim)
{
    unsigned v = 0;
    for (unsigned i = 0; i < n; i++) {
        if (tag[i] == frag)
            return (long)i;
        if (stamp[i] < stamp[v])
            v = i;
    }
    *victim = v;
    return -1;
}

/* The shared TLB's set key of frag: the higher bits folded in, so that
 * arrays a power of two of fragments apart do not share a set. */
static uint64_t set_hash(uint64_t frag)
{
    return frag ^ (frag >> 7) ^ (frag >> 14) ^ (frag >> 21);
}

static size_t seen_slot(const tlb_t *b, uint64_t frag)
{
    size_t i = (size_t)(frag * 0x9E3779B97F4A7C15ull >> 20) & (b->cap - 1);
    while (b->seen[i] != NO_FRAG && b->seen[i] != frag)
        i = (i + 1) & (b->cap - 1);
    return i;
}

/* Whether frag is met for the first time in this dispatch (then
 * remembered).  Out of host memory, every fragment counts as met before. */
static int first_time(tlb_t *b, uint64_t frag)
{
    if (b->cap && b->seen[seen_slot(b, frag)] == frag)
        return 0;
    if (2 * (b->nseen + 1) > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        uint64_t *n = malloc(cap * sizeof *n), *old = b->seen;
        size_t *at = malloc(cap / 2 * sizeof *at);
        if (!n || !at) {
            free(n);
            free(at);
            return 0;
        }
        for (size_t i = 0; i < cap; i++)
            n[i] = NO_FRAG;
        b->seen = n;
        b->cap = cap;
        for (size_t i = 0; i < b->nseen; i++) {   /* the slots in use, in the order they were filled */
            size_t s = seen_slot(b, old[b->seen_at[i]]);
            b->seen[s] = old[b->seen_at[i]];
            at[i] = s;
        }
        free(old);
        free(b->seen_at);
        b->seen_at = at;
    }
    size_t s = seen_slot(b, frag);
    b->seen[s] = frag;
    b->seen_at[b->nseen++] = s;
    return 1;
}

/* The L2 TLB's answer for frag asked at cycle t: the cycle it is back at
 * the CU.  (No limit on lookups per cycle: the CUs' miss slots bound
 * them.) */
static uint64_t l2_lookup(tlb_t *b, uint64_t frag, uint64_t t)
{
    size_t set = (size_t)(set_hash(frag) % b->l2_sets), base = set * b->l2_ways;
    if (gens_stale(&b->l2_gen, set))
        l2_fresh(b, set);
    unsigned v;
    long e = find(b->l2_tag + base, b->l2_stamp + base, b->l2_ways, frag, &v);
    uint64_t ready;
    if (e >= 0) {
        b->st.l2_hits++;
        ready = max_u64(t + b->l2_lat, b->l2_ready[base + (size_t)e]);
    } else {
        /* the shared TLB starts warm: the kernel's buffers were used
         * before (a benchmark's earlier launches, the runtime's set-up),
         * so only a fragment it held and lost (capacity, conflict) walks */
        int cold = first_time(b, frag);
        b->st.l2_hits += (unsigned)cold;
        b->st.l2_misses += (unsigned)!cold;
        e = v;
        ready = t + b->l2_lat + (cold ? 0 : b->walk);
        b->l2_tag[base + (size_t)e] = frag;
        b->l2_ready[base + (size_t)e] = ready;
    }
    b->l2_stamp[base + (size_t)e] = ++b->clock;
    return ready;
}

/* A free miss slot of CU cu from cycle t: its index; *at gets the cycle
 * it is free (the earliest of the CU's slots). */
static unsigned take_slot(tlb_t *b, unsigned cu, uint64_t t, uint64_t *at)
{
    uint64_t *s = b->slots + (size_t)cu * b->l1_slots;
    unsigned best = 0;
    for (unsigned i = 1; i < b->l1_slots; i++)
        if (s[i] < s[best])
            best = i;
    if (s[best] > t)
        b->st.slot_waits++;
    *at = max_u64(t, s[best]);
    return best;
}

uint64_t tlb_translate(tlb_t *b, unsigned cu, uint64_t frag, uint64_t t, uint64_t *sent)
{
    *sent = t;
    cu %= b->cus;
    if (gens_stale(&b->l1_gen, cu))
        l1_fresh(b, cu);
    size_t base = (size_t)cu * b->l1_ways;
    uint64_t *tag = b->l1_tag + base, *ready = b->l1_ready + base, *stamp = b->l1_stamp + base;
    unsigned m = b->mru[cu], v = 0;
    long e = tag[m] == frag ? (long)m : find(tag, stamp, b->l1_ways, frag, &v);
    if (e >= 0) {
        b->st.l1_hits++;
        stamp[e] = ++b->clock;
        b->mru[cu] = (unsigned)e;
        return max_u64(t, ready[e]);
    }
    b->st.l1_misses++;
    uint64_t start;
    unsigned s = take_slot(b, cu, t, &start);
    *sent = start;
    uint64_t r = l2_lookup(b, frag, start);
    b->slots[(size_t)cu * b->l1_slots + s] = r;
    tag[v] = frag;
    ready[v] = r;
    stamp[v] = ++b->clock;
    b->mru[cu] = v;
    return r;
}
