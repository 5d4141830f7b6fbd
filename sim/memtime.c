/* memtime.c — timing of the memory system (contract in memtime.h).
 *
 * Model (GCN-FACTS 4):
 *  - LDS: 32 banks of 4 B, bank = dword & 31 (4.1); the dwords of the
 *    active lanes, lane after lane, are served 32 per group; a group costs
 *    the largest number of distinct dwords that fall into one bank (lanes
 *    on the same dword share it: broadcast).
 *  - Address processing: one quad per cycle, or the 1-D dword path
 *    (4 cycles per wave) when the lanes read consecutive dwords, at most a
 *    dword each within its own (4.3); a
 *    partial wave costs min(4, quads) on that path (calibration choice: the
 *    fast path is never slower than the quad path).
 *  - The lines of a vector access are taken in the order the lanes first
 *    touch them (ascending when the lanes' addresses ascend).
 *  - Caches keep tags only, 64-byte lines (4.2), LRU, set index = line mod
 *    sets (sizes need not be powers of two).  Vector L1 per CU: loads
 *    allocate; stores and atomics write through without allocating and
 *    drop the line.  Scalar data cache and instruction cache per group of
 *    CUs (read only).  L2 split into channels by 256-byte chunk
 *    (dram_chunk_channel: consecutive chunks on consecutive channels, the
 *    higher address bits folded in); set = (chunk / channels, line within
 *    the chunk) mod sets; write-back: a store allocates a dirty line
 *    without a DRAM read; a dirty line evicted is written to DRAM (queued,
 *    sim/dram.h).
 *  - Reservations: the L1 hands out one line per cycle (64 B/clk per CU,
 *    4.3 [UNVERIFIED]), so line i of an access leaves at now + i; each L2
 *    channel takes one line per cycle; a channel has l2_mshr entries for
 *    misses in flight: a miss when all are taken waits for the earliest
 *    to complete, and the channel's queue (in order) waits with it; the
 *    access reports when its last line was accepted (back pressure on the
 *    CU).  A miss reaches DRAM (sim/dram.h) l2_latency after it starts
 *    and its data is back dram_latency after the DRAM burst.
 *  - Where an access was served (mt_served): the level of its slowest
 *    line; each line of a first-level cache keeps the level its fill
 *    came from (in its ready word), so that a hit on a line still being
 *    filled reports it.
 * Out-of-range lanes (fx_access_t.oob) go through the addresser but touch
 * no memory: they count in mt_addr_cycles only. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "sim/clones.h"
#include "sim/dram.h"
#include "sim/gens.h"
#include "sim/memtime.h"
#include "sim/tlb.h"

enum { LINE_SHIFT = 6, LINE_BYTES = 64 };
/* Associativity of the scalar data cache and instruction cache: "K$ 4-way"
 * [UNVERIFIED whitepaper] (GCN-FACTS 4.2); the I$ is given the same. */
enum { KI_WAYS = 4 };
enum { MAX_LINES = MT_MAX_LINES };

/* Set bits of x (SWAR: no library call on a host without popcnt). */
static inline unsigned pop64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)(x * 0x0101010101010101ull >> 56);
}

/* ---- LDS ------------------------------------------------------------------ */

/* The dwords of one 32-dword group, listed per bank. */
typedef struct {
    uint64_t dw[32];
    uint8_t next[32];       /* next entry of the same bank, 0 = none (indices + 1) */
    uint8_t head[32];       /* first entry of each bank, 0 = none */
    uint8_t cnt[32];        /* distinct dwords per bank */
    unsigned n, used, max;  /* dwords taken, entries stored, largest cnt */
} lds_group_t;

static void group_clear(lds_group_t *g)
{
    memset(g->head, 0, sizeof g->head);
    memset(g->cnt, 0, sizeof g->cnt);
    g->n = g->used = g->max = 0;
}

/* Adds one dword to the group (a dword already present is a broadcast). */
static void group_add(lds_group_t *g, uint64_t dw)
{
    unsigned b = (unsigned)(dw & 31);
    g->n++;
    for (unsigned e = g->head[b]; e; e = g->next[e - 1])
        if (g->dw[e - 1] == dw)
            return;
    g->dw[g->used] = dw;
    g->next[g->used] = g->head[b];
    g->head[b] = (uint8_t)++g->used;
    if (++g->cnt[b] > g->max)
        g->max = g->cnt[b];
}

/* Dword indices below 2^LDS_MARK_BITS (the 64 KiB of LDS) are told
 * apart by marks: lds_mark[dw] is 1 while dw is in the group being
 * counted, 0 otherwise.  Per thread (the CUs of several threads time
 * their LDS at once). */
enum { LDS_MARK_BITS = 14 };
static _Thread_local uint8_t lds_mark[1u << LDS_MARK_BITS];

/* Bank cycles of a group of n dwords, each below 2^LDS_MARK_BITS: the
 * largest count of distinct dwords in one bank.  Leaves the marks 0. */
static unsigned group_marked(const uint64_t *dw, unsigned n)
{
    uint8_t *mark = lds_mark, cnt[32] = {0};
    unsigned most = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t d = dw[i];
        unsigned c = cnt[d & 31] + (mark[d] ^ 1u);
        mark[d] = 1;
        cnt[d & 31] = (uint8_t)c;
        most = c > most ? c : most;
    }
    for (unsigned i = 0; i < n; i++)
        mark[dw[i]] = 0;
    return most;
}

/* Bank cycles of a group of n dwords: 1 when every bank holds at most one
 * distinct dword (the common case, checked with a bank mask), else the
 * largest count of distinct dwords in one bank. */
static unsigned group_cycles(const uint64_t *dw, unsigned n)
{
    if (n == 0)
        return 0;
    uint32_t banks = 0;
    uint64_t seen[32];
    unsigned i = 0;
    for (; i < n; i++) {
        unsigned b = (unsigned)(dw[i] & 31);
        if (banks >> b & 1) {
            if (seen[b] != dw[i])   /* a second dword in one bank: a conflict */
                break;
            continue;               /* the same dword: a broadcast */
        }
        banks |= 1u << b;
        seen[b] = dw[i];
    }
    if (i == n)
        return 1;
    uint64_t over = 0;
    for (i = 0; i < n; i++)
        over |= dw[i] >> LDS_MARK_BITS;
    if (!over)
        return group_marked(dw, n);
    lds_group_t g;
    group_clear(&g);
    for (i = 0; i < n; i++)
        group_add(&g, dw[i]);
    return g.max;
}

/* Whether the dwords of the active lanes m of a (dws each, from the
 * lane's address), lane after lane, cost one cycle in every group of 32
 * whatever the group boundaries: when all of them lie within 32
 * consecutive dwords (distinct dwords in distinct banks, the rest
 * broadcasts), or when each lane's first dword is dws past the previous
 * lane's (one run of consecutive dwords: any 32 of them in distinct
 * banks).  The patterns of tiled kernels (a row of a tile read by every
 * lane, a 16-lane run repeated) are of the first kind. */
static int lds_conflict_free(const fx_access_t *a, uint64_t m, unsigned dws)
{
    uint64_t first = a->addr[__builtin_ctzll(m)] >> 2, lo = first, hi = first, prev = first, off = 0;
    int run = 1;
    if (m == ~0ull) {   /* every lane (the common case): no lane search */
        for (unsigned l = 1; l < 64; l++) {
            uint64_t dw = a->addr[l] >> 2;
            lo = dw < lo ? dw : lo;
            hi = dw > hi ? dw : hi;
            off |= dw - first - (uint64_t)l * dws;   /* 0 for every lane of one run */
        }
        return off == 0 || hi - lo + dws <= 32;
    }
    for (m &= m - 1; m; m &= m - 1) {
        uint64_t dw = a->addr[__builtin_ctzll(m)] >> 2;
        lo = dw < lo ? dw : lo;
        hi = dw > hi ? dw : hi;
        run &= dw == prev + dws;
        prev = dw;
    }
    return run || hi - lo + dws <= 32;
}

/* mt_lds_cycles of an access that is not known to be conflict-free: the
 * dwords of the active lanes act, dws each, group by group. */
static __attribute__((noinline)) unsigned lds_groups(const fx_access_t *a, uint64_t act, unsigned dws, unsigned *ideal)
{
    unsigned lanes = 0, cycles = 0, n = 0;
    uint64_t group[32];
    if (act == ~0ull && dws == 1) {   /* every lane, a dword each: the groups are lanes 0-31, 32-63 */
        for (unsigned l = 0; l < 64; l += 32) {
            for (unsigned i = 0; i < 32; i++)
                group[i] = a->addr[l + i] >> 2;
            cycles += group_cycles(group, 32);
        }
        if (ideal)
            *ideal = 2;
        return cycles;
    }
    for (uint64_t m = act; m; m &= m - 1) {
        uint64_t dw = a->addr[__builtin_ctzll(m)] >> 2;
        lanes++;
        for (unsigned k = 0; k < dws; k++) {
            group[n++] = dw + k;
            if (n == 32) {
                cycles += group_cycles(group, n);
                n = 0;
            }
        }
    }
    cycles += group_cycles(group, n);
    if (ideal)
        *ideal = (lanes * dws + 31) / 32;
    return cycles;
}

/* Bank cycles of one DS access; see memtime.h.  One cycle per group when
 * the producer proved it (FX_PAT_LDS_FREE) or lds_conflict_free finds it
 * (not tried when the producer found otherwise: FX_PAT_LDS_OTHER). */
unsigned mt_lds_cycles(const fx_access_t *a, unsigned *ideal)
{
    unsigned dws = a->bytes > 4 ? (a->bytes + 3u) / 4 : 1;
    uint64_t act = a->mask & ~a->oob;
    if (act && ((a->pat & FX_PAT_LDS_FREE) || (!(a->pat & FX_PAT_LDS_OTHER) && lds_conflict_free(a, act, dws)))) {
        unsigned id = ((act == ~0ull ? 64 : pop64(act)) * dws + 31) / 32;
        if (ideal)
            *ideal = id;
        return id;
    }
    return lds_groups(a, act, dws, ideal);
}

/* ---- address processing and lines ----------------------------------------- */

/* Address-processing cycles of a vector-memory access; see memtime.h.  A
 * partial wave on the dword path costs no more than on the quad path
 * (min(4, quads)). */
SIM_CLONES
unsigned mt_addr_cycles(const fx_access_t *a)
{
    uint64_t m = a->mask;
    if (!m)
        return 0;
    uint64_t q = (m | m >> 1 | m >> 2 | m >> 3) & 0x1111111111111111ull;
    unsigned quads = (unsigned)pop64(q);
    if (a->bytes == 0 || a->bytes > 4)
        return quads;
    unsigned first = (unsigned)__builtin_ctzll(m);
    uint64_t base = a->addr[first];
    if (base % a->bytes)
        return quads;   /* an element across a dword: not single-dword lanes */
    if (m == ~0ull) {   /* every lane: one pass that vectorises */
        uint64_t d = 0;
        for (unsigned l = 0; l < 64; l++)
            d |= a->addr[l] ^ (base + 4ull * l);
        return d ? quads : 4;
    }
    for (; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (a->addr[l] != base + 4ull * (l - first))
            return quads;
    }
    return quads < 4 ? quads : 4;
}

/* Adds x to the hash set h of 2^bits slots (line + 1; 0 = empty, open
 * addressing).  Returns 1 when x was not there. */
static int hset_add(uint64_t *h, unsigned bits, uint64_t x)
{
    unsigned mask = (1u << bits) - 1, i = (unsigned)((x * 0x9e3779b97f4a7c15ull) >> (64 - bits));
    for (; h[i]; i = (i + 1) & mask)
        if (h[i] == x + 1)
            return 0;
    h[i] = x + 1;
    return 1;
}

/* The bits of 8 flag bytes (each 0 or 1), byte i into bit i. */
static inline uint64_t flag_bits8(const uint8_t *f)
{
    uint64_t x;
    memcpy(&x, f, 8);
    return (x * 0x0102040810204080ull) >> 56;
}

/* collect_lines for every lane of a, each within at most two lines
 * (bytes <= 64), when the lanes' first lines never go down and every
 * address is below 2^63; else returns 0.  The lines are then the
 * distinct first lines, ascending, each followed by the next line when a
 * lane of it reaches into that one and no lane starts there.  A pass
 * over the lanes (it vectorises) flags where the first line changes and
 * which lanes cross a line end; the rest is per line. */
static inline __attribute__((always_inline)) unsigned lines_up64(const fx_access_t *a, uint64_t bytes, uint64_t *out)
{
    uint8_t nf[64], cross[64];
    uint64_t bad = a->addr[0] >> 63;
    nf[0] = 1;
    cross[0] = ((a->addr[0] + bytes - 1) >> LINE_SHIFT) != a->addr[0] >> LINE_SHIFT;
    for (unsigned l = 1; l < 64; l++) {
        uint64_t x = a->addr[l], f = x >> LINE_SHIFT, p = a->addr[l - 1] >> LINE_SHIFT;
        bad |= (x >> 63) | (uint64_t)((int64_t)f < (int64_t)p);
        nf[l] = f != p;
        cross[l] = ((x + bytes - 1) >> LINE_SHIFT) != f;
    }
    if (bad)
        return 0;
    uint64_t starts = 0, crosses = 0;
    for (unsigned k = 0; k < 64; k += 8) {
        starts |= flag_bits8(nf + k) << k;
        crosses |= flag_bits8(cross + k) << k;
    }
    unsigned n = 0;
    while (starts) {
        unsigned k = (unsigned)__builtin_ctzll(starts);
        uint64_t rest = starts & (starts - 1), mine = rest ? (rest & -rest) - (1ull << k) : -(1ull << k);
        uint64_t v = a->addr[k] >> LINE_SHIFT;
        out[n++] = v;
        if ((crosses & mine) && (!rest || a->addr[__builtin_ctzll(rest)] >> LINE_SHIFT != v + 1))
            out[n++] = v + 1;
        starts = rest;
    }
    return n;
}

/* The distinct lines of access a (lanes of mask, not oob) in the order the
 * lanes first touch them (ascending when the lanes' addresses ascend),
 * into out[MAX_LINES].  Returns their number. */
SIM_CLONES
static unsigned collect_lines(const fx_access_t *a, uint64_t *out)
{
    uint64_t bytes = a->bytes ? a->bytes : 1, m = a->mask & ~a->oob;
    unsigned n = 0;
    uint64_t prev_first = 0;
    if (m == ~0ull && bytes <= 64 && a->addr[1] - a->addr[0] <= 64) {
        /* every lane, at a stride of at most 64 bytes up (the common
         * coalesced access): no 64-byte line fits between two lanes, so
         * the lines are one ascending run */
        uint64_t s = a->addr[1] - a->addr[0], off = 0;
        for (unsigned l = 2; l < 64; l++)
            off |= a->addr[l] - a->addr[l - 1] - s;
        uint64_t f = a->addr[0] >> LINE_SHIFT, last = (a->addr[63] + bytes - 1) >> LINE_SHIFT;
        if (off == 0 && last >= f && last - f < MAX_LINES) {
            for (uint64_t x = f; x <= last; x++)
                out[n++] = x;
            return n;
        }
    }
    if (m == ~0ull && bytes <= 64 && (n = lines_up64(a, bytes, out)))
        return n;
    /* fast path: while the lanes' first lines never go down, a line at or
     * below the last one emitted has been emitted already */
    for (; m; m &= m - 1) {
        uint64_t addr = a->addr[__builtin_ctzll(m)];
        uint64_t f = addr >> LINE_SHIFT, l = (addr + bytes - 1) >> LINE_SHIFT;
        if (n && f < prev_first)
            break;
        prev_first = f;
        for (uint64_t x = n && f <= out[n - 1] ? out[n - 1] + 1 : f; x <= l; x++)
            out[n++] = x;
    }
    if (!m)
        return n;
    /* the other lanes through a hash set of the lines so far, at most half
     * full: n + lanes x (lines a lane can span) entries */
    uint64_t h[2 * MAX_LINES > 1024 ? 2048 : 1024];
    unsigned bits = 4, most = n + (unsigned)pop64(m) * (unsigned)((bytes + 62) / 64 + 1);
    while ((1u << bits) < 2 * most)
        bits++;
    memset(h, 0, sizeof h[0] << bits);
    for (unsigned k = 0; k < n; k++)
        hset_add(h, bits, out[k]);
    for (; m; m &= m - 1) {
        uint64_t addr = a->addr[__builtin_ctzll(m)];
        for (uint64_t x = addr >> LINE_SHIFT; x <= (addr + bytes - 1) >> LINE_SHIFT; x++)
            if (hset_add(h, bits, x))
                out[n++] = x;
    }
    return n;
}

/* Number of distinct 64-byte lines of an access; see memtime.h. */
unsigned mt_lines(const fx_access_t *a)
{
    uint64_t lines[MAX_LINES];
    return collect_lines(a, lines);
}

unsigned mt_line_list(const fx_access_t *a, uint64_t *lines)
{
    return collect_lines(a, lines);
}

/* ---- caches (tags only) ---------------------------------------------------- */

/* n instances of a cache of sets x ways lines; way j of set s of instance
 * i is entry (i * sets + s) * ways + j of the arrays. */
typedef struct {
    uint64_t *tag;     /* line + 1; 0 = empty */
    uint64_t *stamp;   /* last use (LRU); 0 for an empty way */
    uint64_t *ready;   /* cycle the line's data arrives (a hit before waits: hit under miss); in
                          first-level caches (l1_read) the level its fill came from above bit
                          READY_SRC (mt_served) */
    uint8_t *dirty;
    uint32_t n, sets, ways;
    int sets_pow2;     /* sets is a power of two: index by mask */
    uint64_t clock;    /* use counter for the LRU stamps */
    uint64_t *own;     /* NULL, or per instance a cache line [OWN_STRIDE] of its own LRU clock (stamps are
                          compared within a set only, so the choices are the same) and hit count: an
                          instance's state then stays its own (mt_ifetch_hit, mt_smem_hit) */
    size_t span;       /* entries per instance (sets x ways) */
    gens_t sgen;       /* per set (instance x sets + set): of an older generation than cache_clear's
                          last, empty (cache_set empties it), so that a reset costs nothing per line */
    size_t *used;      /* the sets of the current generation (set_fresh), nused of them */
    size_t nused;
} cache_t;

enum { NO_WAY = -1 };
enum { OWN_STRIDE = 8, OWN_CLOCK = 0, OWN_HITS = 1 };
/* A first-level cache line's ready word: the cycle below bit READY_SRC
 * (2^62 cycles: centuries), the mt_src_t its fill came from above. */
enum { READY_SRC = 62 };
#define READY_CYCLE ((1ull << READY_SRC) - 1)

static int cache_init(cache_t *c, uint32_t n, uint64_t bytes, uint32_t ways)
{
    c->n = n ? n : 1;
    c->ways = ways ? ways : 1;
    uint64_t sets = bytes / ((uint64_t)LINE_BYTES * c->ways);
    c->sets = sets ? (uint32_t)(sets < 0x40000000u ? sets : 0x40000000u) : 1;
    c->sets_pow2 = !(c->sets & (c->sets - 1));
    c->clock = 0;
    size_t e = (size_t)c->n * c->sets * c->ways;
    c->span = (size_t)c->sets * c->ways;
    c->own = NULL;
    c->tag = malloc(e * sizeof *c->tag);   /* (a set's ways are emptied when it is first used: sgen) */
    c->stamp = malloc(e * sizeof *c->stamp);
    c->dirty = malloc(e);
    c->ready = malloc(e * sizeof *c->ready);
    int gens = gens_init(&c->sgen, (size_t)c->n * c->sets);
    c->used = malloc((size_t)c->n * c->sets * sizeof *c->used);
    c->nused = 0;
    return c->tag && c->stamp && c->dirty && c->ready && !gens && c->used ? 0 : -1;
}

static void cache_free(cache_t *c)
{
    free(c->own);
    free(c->tag);
    free(c->stamp);
    free(c->dirty);
    free(c->ready);
    gens_free(&c->sgen);
    free(c->used);
}

/* Empties every set: a new generation (the sets are emptied as they are
 * used). */
static void cache_clear(cache_t *c)
{
    gens_next(&c->sgen);
    c->nused = 0;
    c->clock = 0;
    if (c->own)
        memset(c->own, 0, (size_t)c->n * OWN_STRIDE * sizeof *c->own);
}

/* Give each instance of c its own clock and hit count.  Returns 0, or -1
 * when out of memory. */
static int cache_own(cache_t *c)
{
    size_t bytes = (size_t)c->n * OWN_STRIDE * sizeof *c->own;
    if (!(c->own = aligned_alloc(64, bytes)))
        return -1;
    memset(c->own, 0, bytes);
    return 0;
}

/* Count a hit in the set at s of c, an instance with its own count. */
static void hit_add(cache_t *c, size_t s)
{
    c->own[s / c->span * OWN_STRIDE + OWN_HITS]++;
}

/* The hits of every instance of c. */
static uint64_t cache_hits(const cache_t *c)
{
    uint64_t n = 0;
    for (uint32_t i = 0; c->own && i < c->n; i++)
        n += c->own[(size_t)i * OWN_STRIDE + OWN_HITS];
    return n;
}

/* The next LRU stamp for the set at s. */
static uint64_t cache_tick(cache_t *c, size_t s)
{
    return c->own ? ++c->own[s / c->span * OWN_STRIDE + OWN_CLOCK] : ++c->clock;
}

/* Empties the ways of set i (instance x sets + set), of an older
 * generation, and makes it the current one's. */
static __attribute__((noinline)) void set_fresh(cache_t *c, size_t i)
{
    size_t s = i * c->ways;
    for (uint32_t w = 0; w < c->ways; w++)   /* (dirty and ready are read only where tag is set) */
        c->tag[s + w] = c->stamp[s + w] = 0;
    gens_mark(&c->sgen, i);
    c->used[c->nused++] = i;
}

/* First entry of the set of key (set index = key mod sets) in instance
 * inst, the set emptied first if it is of an older generation. */
static inline size_t cache_set(cache_t *c, uint32_t inst, uint64_t key)
{
    uint64_t set = c->sets_pow2 ? key & (c->sets - 1) : key % c->sets;
    size_t i = (size_t)inst * c->sets + (size_t)set;
    if (gens_stale(&c->sgen, i))
        set_fresh(c, i);
    return i * c->ways;
}

/* Entry holding line in the set at s (its LRU stamp refreshed), or NO_WAY. */
static ptrdiff_t cache_find(cache_t *c, size_t s, uint64_t line)
{
    const uint64_t *t = c->tag + s;
    for (uint32_t i = 0; i < c->ways; i++)
        if (t[i] == line + 1) {
            c->stamp[s + i] = cache_tick(c, s);
            return (ptrdiff_t)(s + i);
        }
    return NO_WAY;
}

/* Allocates line (clean) in the set at s over its least recently used way
 * (an empty way first, the lowest such).  Returns the entry; *dirty_victim
 * tells whether a dirty line was evicted. */
static size_t cache_fill_victim(cache_t *c, size_t s, uint64_t line, int *dirty_victim, uint64_t *victim)
{
    const uint64_t *st = c->stamp + s;
    uint32_t v = 0;
    for (uint32_t i = 1; i < c->ways; i++)
        if (st[i] < st[v])
            v = i;
    size_t e = s + v;
    *dirty_victim = c->tag[e] && c->dirty[e];
    *victim = c->tag[e] ? c->tag[e] - 1 : 0;
    c->tag[e] = line + 1;
    c->stamp[e] = cache_tick(c, s);
    c->dirty[e] = 0;
    c->ready[e] = 0;
    return e;
}

static size_t cache_fill(cache_t *c, size_t s, uint64_t line, int *dirty_victim)
{
    uint64_t victim;
    return cache_fill_victim(c, s, line, dirty_victim, &victim);
}

/* Drops line from the set at s if present. */
static void cache_drop(cache_t *c, size_t s, uint64_t line)
{
    for (uint32_t i = 0; i < c->ways; i++)
        if (c->tag[s + i] == line + 1) {
            c->tag[s + i] = c->stamp[s + i] = 0;
            c->dirty[s + i] = 0;
        }
}

/* ---- the memory system ----------------------------------------------------- */

struct mt {
    cache_t l1, k, i, l2;
    uint32_t cus, k_cus, i_cus, nch;
    uint64_t l1_lat, l2_lat, smem_lat, dram_lat;
    dram_t *dram;
    uint64_t *chan_free;    /* per L2 channel, cycles */
    uint32_t mshr;          /* misses in flight per L2 channel */
    uint64_t *inflight;     /* per channel a min-heap of [mshr] completion cycles */
    uint32_t *ninflight;
    uint64_t accept;        /* the latest cycle an L2 channel accepted a line of the current access */
    tlb_t *tlb;             /* address translation (vector memory) */
    unsigned frag_lines;    /* log2 of the 64-byte lines one translation covers */
    uint64_t translated;    /* the cycle the current access's translations were ready */
    uint64_t wr_until[MT_TCC];   /* per TCC instance: its write stall counted up to here */
    uint64_t *rd_at;        /* [RD_BUCKETS]: lines read from DRAM whose bus transfer ends in
                               bucket (cycle >> RD_SHIFT), kept mod RD_BUCKETS, from rd_from on */
    uint64_t rd_from, rd_done;   /* the first bucket not settled; lines read in the ones before */
    uint64_t rd_top;        /* past the last bucket counted in: the ones from rd_top on are 0 */
    uint8_t line_src;       /* mt_src_t of the line read last (l1_read, l2_read_at) */
    uint8_t served;         /* mt_served of the current access */
    mt_stats_t st;
    uint32_t p[DEV_NPARAMS];   /* the device's parameters (mt_new may reuse a memory system mt_free kept) */
    size_t *dl, ndl, dl_cap;   /* L2 entries made dirty since the reset or release (an entry may be
                                  listed again, or be clean again), ndl of them; none past dl_cap */
    int dl_over;               /* more were made dirty than dl_cap: mt_release walks the sets */
    struct mt_al { uint64_t first, n, delta; } *al;   /* mt_alias's ranges in lines, nal of them */
    unsigned nal, al_cap;
    uint64_t al_lo, al_n;      /* the lines [al_lo, al_lo + al_n) hold every range */
};

/* The memory system mt_free keeps for the next mt_new with the same
 * parameters (a run launches its kernels one after another on one
 * device): reset instead of allocated again. */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static mt_t *kept;

static void mt_destroy(mt_t *m);

/* The DRAM reads by the time their data crosses the bus (for the figures
 * over time): buckets of 64 cycles, a ring of 2^14 of them (1M cycles
 * ahead; a transfer further ahead counts in the last). */
enum { RD_SHIFT = 6, RD_BUCKETS = 1 << 14 };

static uint32_t at_least_1(uint32_t x)
{
    return x ? x : 1;
}

/* A memory system for device d; see memtime.h. */
mt_t *mt_new(const device_t *d)
{
    pthread_mutex_lock(&kept_lock);
    mt_t *m = kept && memcmp(kept->p, d->p, sizeof kept->p) == 0 ? kept : NULL;
    if (m)
        kept = NULL;
    pthread_mutex_unlock(&kept_lock);
    if (m) {
        mt_reset(m);
        return m;
    }
    if (!(m = calloc(1, sizeof *m)))
        return NULL;
    memcpy(m->p, d->p, sizeof m->p);
    const uint32_t *p = d->p;
    m->cus = at_least_1(p[DEV_cus]);
    m->k_cus = at_least_1(p[DEV_scalar_cache_cus]);
    m->i_cus = at_least_1(p[DEV_icache_cus]);
    m->nch = at_least_1(p[DEV_l2_channels]);
    m->l1_lat = p[DEV_l1_latency];
    m->l2_lat = p[DEV_l2_latency];
    m->smem_lat = p[DEV_smem_latency];
    m->dram_lat = p[DEV_dram_latency];
    m->dram = dram_new(d);
    m->chan_free = calloc(m->nch, sizeof *m->chan_free);
    m->mshr = p[DEV_l2_mshr];   /* 0 (not a preset's): no limit */
    m->inflight = calloc((size_t)m->nch * at_least_1(m->mshr), sizeof *m->inflight);
    m->ninflight = calloc(m->nch, sizeof *m->ninflight);
    m->rd_at = calloc(RD_BUCKETS, sizeof *m->rd_at);
    int want_tlb = p[DEV_tlb_l1_entries] != 0;   /* 0 (not a preset's): no translation modelled */
    m->tlb = want_tlb ? tlb_new(d) : NULL;
    m->frag_lines = m->tlb ? tlb_frag_shift(m->tlb) - LINE_SHIFT : 0;
    int err = !m->chan_free || !m->dram || !m->inflight || !m->ninflight || !m->rd_at || (want_tlb && !m->tlb);
    err |= cache_init(&m->l1, m->cus, (uint64_t)p[DEV_l1_kib] * 1024, p[DEV_l1_ways]);
    err |= cache_init(&m->k, (m->cus + m->k_cus - 1) / m->k_cus, (uint64_t)p[DEV_scalar_cache_kib] * 1024, KI_WAYS);
    err |= cache_init(&m->i, (m->cus + m->i_cus - 1) / m->i_cus, (uint64_t)p[DEV_icache_kib] * 1024, KI_WAYS);
    err |= cache_init(&m->l2, m->nch, (uint64_t)p[DEV_l2_kib] * 1024 / m->nch, p[DEV_l2_ways]);
    err |= cache_own(&m->k) || cache_own(&m->i);
    m->dl_cap = err ? 0 : (size_t)m->l2.n * m->l2.sets * m->l2.ways;
    err |= !(m->dl = malloc((m->dl_cap ? m->dl_cap : 1) * sizeof *m->dl));
    if (err) {
        mt_destroy(m);
        return NULL;
    }
    return m;
}

/* Keeps m for the next mt_new (the one kept before is freed). */
void mt_free(mt_t *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&kept_lock);
    mt_t *old = kept;
    kept = m;
    pthread_mutex_unlock(&kept_lock);
    mt_destroy(old);
}

static void mt_destroy(mt_t *m)
{
    if (!m)
        return;
    cache_free(&m->l1);
    cache_free(&m->k);
    cache_free(&m->i);
    cache_free(&m->l2);
    dram_free(m->dram);
    tlb_free(m->tlb);
    free(m->chan_free);
    free(m->inflight);
    free(m->ninflight);
    free(m->rd_at);
    free(m->dl);
    free(m->al);
    free(m);
}

/* Forgets every line, reservation and statistic; see memtime.h. */
void mt_reset(mt_t *m)
{
    cache_clear(&m->l1);
    cache_clear(&m->k);
    cache_clear(&m->i);
    cache_clear(&m->l2);
    memset(m->chan_free, 0, m->nch * sizeof *m->chan_free);
    memset(m->ninflight, 0, m->nch * sizeof *m->ninflight);
    memset(m->wr_until, 0, sizeof m->wr_until);
    for (uint64_t b = m->rd_from; b < m->rd_top && b < m->rd_from + RD_BUCKETS; b++)
        m->rd_at[b % RD_BUCKETS] = 0;   /* the buckets that may hold counts */
    m->rd_from = m->rd_done = m->rd_top = 0;
    m->accept = m->translated = 0;
    m->line_src = m->served = MT_SRC_NONE;
    m->ndl = 0;
    m->dl_over = 0;
    m->nal = 0;
    m->al_lo = m->al_n = 0;
    dram_reset(m->dram);
    if (m->tlb)
        tlb_reset(m->tlb);
    memset(&m->st, 0, sizeof m->st);
}

/* Cleans L2 entry i if it holds a dirty line, counted as written back. */
static void release_entry(mt_t *m, size_t i)
{
    if (m->l2.tag[i] && m->l2.dirty[i]) {
        m->l2.dirty[i] = 0;
        m->st.release_writes++;
    }
}

void mt_release(mt_t *m)
{
    const cache_t *c = &m->l2;
    if (!m->dl_over)   /* every dirty line is listed */
        for (size_t k = 0; k < m->ndl; k++)
            release_entry(m, m->dl[k]);
    else
        for (size_t u = 0; u < c->nused; u++)   /* the other sets are empty */
            for (size_t i = c->used[u] * c->ways; i < (c->used[u] + 1) * c->ways; i++)
                release_entry(m, i);
    m->ndl = 0;
    m->dl_over = 0;
}

const mt_stats_t *mt_stats(mt_t *m)
{
    const dram_stats_t *d = dram_stats(m->dram);
    m->st.dram_row_hits = d->row_hits;
    m->st.dram_row_misses = d->row_misses;
    m->st.k_hits = cache_hits(&m->k);
    m->st.i_hits = cache_hits(&m->i);
    if (m->tlb) {
        const tlb_stats_t *t = tlb_stats(m->tlb);
        m->st.tlb_l1_hits = t->l1_hits;
        m->st.tlb_l1_misses = t->l1_misses;
        m->st.tlb_l2_hits = t->l2_hits;
        m->st.tlb_walks = t->l2_misses;
    }
    return &m->st;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* The L2 channel of line: its 256-byte chunk's (dram_chunk_channel). */
static uint32_t l2_chan(const mt_t *m, uint64_t line)
{
    return dram_chunk_channel(line << LINE_SHIFT, m->nch);
}

/* The L2 set of line on its channel c (l2_chan): the line's chunk among
 * the channel's chunks and its place in the chunk. */
static size_t l2_set(mt_t *m, uint32_t c, uint64_t line)
{
    uint64_t key = (line >> 2) / m->nch << 2 | (line & 3);
    return cache_set(&m->l2, c, key);
}

/* A write of TCC instance i handed to DRAM at cycle t started a drain
 * that took d cycles: the instance's write stall grows by the part of
 * [t, t + d) not already counted (drains overlap). */
static void wr_stall(mt_t *m, unsigned i, uint64_t t, uint64_t d)
{
    uint64_t end = t + d, from = t > m->wr_until[i] ? t : m->wr_until[i];
    if (!d || end <= from)
        return;
    m->st.l2_wr_stall[i] += end - from;
    m->wr_until[i] = end;
}

/* Allocates line in L2 at cycle t; a dirty victim is written back to DRAM
 * (queued, off the requester's path; a drain it starts counts as its
 * channel's write stall).  Returns the entry. */
static size_t l2_fill(mt_t *m, size_t s, uint64_t line, uint64_t t)
{
    int dirty;
    uint64_t victim;
    size_t e = cache_fill_victim(&m->l2, s, line, &dirty, &victim);
    if (dirty) {
        wr_stall(m, l2_chan(m, victim) % MT_TCC, t, dram_write(m->dram, victim << LINE_SHIFT, t));
        m->st.dram_bytes += LINE_BYTES;
        m->st.dram_writes++;
    }
    return e;
}

/* Reserves L2 channel c from cycle t on; returns the cycle it serves. */
static uint64_t l2_channel(mt_t *m, uint32_t c, uint64_t t)
{
    uint64_t *f = &m->chan_free[c];
    t = max_u64(t, *f);
    *f = t + 1;
    m->accept = max_u64(m->accept, t);
    return t;
}

/* ---- misses in flight per L2 channel (a min-heap of completion cycles) ---- */

static void heap_down(uint64_t *h, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, s = i;
        if (l < n && h[l] < h[s])
            s = l;
        if (r < n && h[r] < h[s])
            s = r;
        if (s == i)
            return;
        uint64_t x = h[i];
        h[i] = h[s];
        h[s] = x;
        i = s;
    }
}

static void heap_up(uint64_t *h, uint32_t i)
{
    while (i > 0 && h[(i - 1) / 2] > h[i]) {
        uint64_t x = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = x;
        i = (i - 1) / 2;
    }
}

/* A miss on channel c served at cycle t: it starts when one of the
 * channel's l2_mshr entries is free (at t, or when the earliest miss in
 * flight completes); the channel accepts nothing else before that (its
 * queue is in order).  Returns the start. */
static uint64_t miss_start(mt_t *m, uint32_t c, uint64_t t)
{
    uint64_t *h = m->inflight + (size_t)c * m->mshr;
    if (m->mshr == 0 || m->ninflight[c] < m->mshr)
        return t;
    if (h[0] > t)
        m->st.l2_queue_waits++;
    t = max_u64(t, h[0]);
    h[0] = h[--m->ninflight[c]];
    heap_down(h, m->ninflight[c], 0);
    m->chan_free[c] = max_u64(m->chan_free[c], t + 1);
    m->accept = max_u64(m->accept, t);
    return t;
}

/* Records the completion of a miss on channel c. */
static void miss_done(mt_t *m, uint32_t c, uint64_t done)
{
    if (m->mshr == 0)
        return;
    uint64_t *h = m->inflight + (size_t)c * m->mshr;
    h[m->ninflight[c]] = done;
    heap_up(h, m->ninflight[c]++);
}

/* A line read from DRAM crossed the bus at cycle bus. */
static void read_at(mt_t *m, uint64_t bus)
{
    uint64_t b = bus >> RD_SHIFT;
    if (b < m->rd_from) {
        m->rd_done++;
        return;
    }
    if (b >= m->rd_from + RD_BUCKETS)
        b = m->rd_from + RD_BUCKETS - 1;
    m->rd_at[b % RD_BUCKETS]++;
    m->rd_top = b >= m->rd_top ? b + 1 : m->rd_top;
}

uint64_t mt_dram_read_lines_before(mt_t *m, uint64_t cycle)
{
    uint64_t end = cycle >> RD_SHIFT;   /* the buckets before end have ended by cycle */
    for (unsigned k = 0; m->rd_from < end && k < RD_BUCKETS; k++, m->rd_from++) {
        m->rd_done += m->rd_at[m->rd_from % RD_BUCKETS];
        m->rd_at[m->rd_from % RD_BUCKETS] = 0;
    }
    if (m->rd_from < end)
        m->rd_from = end;   /* every bucket was settled above */
    return m->rd_done;
}

/* Reads line (on channel c) through L2 from cycle t: returns the cycle
 * the data is back (L2 hit latency, or after the DRAM latency and
 * transfer on a miss, the line then allocated clean); *entry gets its L2
 * entry. */
static uint64_t l2_read_at(mt_t *m, uint32_t c, uint64_t line, uint64_t t, size_t *entry)
{
    t = l2_channel(m, c, t);
    size_t s = l2_set(m, c, line);
    ptrdiff_t e = cache_find(&m->l2, s, line);
    if (e != NO_WAY) {
        m->st.l2_hits++;
        *entry = (size_t)e;
        m->line_src = m->l2.ready[e] > t + m->l2_lat ? MT_SRC_DRAM : MT_SRC_L2;   /* hit under a miss */
        return max_u64(t + m->l2_lat, m->l2.ready[e]);
    }
    m->line_src = MT_SRC_DRAM;
    m->st.l2_misses++;
    m->st.dram_bytes += LINE_BYTES;
    m->st.dram_reads++;
    t = miss_start(m, c, t);
    uint64_t bus = dram_read(m->dram, line << LINE_SHIFT, t + m->l2_lat), ready = bus + m->dram_lat;
    read_at(m, bus);
    miss_done(m, c, ready);
    *entry = l2_fill(m, s, line, t);
    m->l2.ready[*entry] = ready;
    return ready;
}

/* l2_read_at on line's own channel. */
static uint64_t l2_read(mt_t *m, uint64_t line, uint64_t t)
{
    size_t e;
    return l2_read_at(m, l2_chan(m, line), line, t, &e);
}

/* Marks L2 entry e dirty, listed for mt_release when it was clean. */
static void l2_dirty(mt_t *m, size_t e)
{
    if (m->l2.dirty[e])
        return;
    m->l2.dirty[e] = 1;
    if (m->ndl < m->dl_cap)
        m->dl[m->ndl++] = e;
    else
        m->dl_over = 1;
}

/* Writes line into L2 from cycle t (write-back: allocated without a DRAM
 * read, marked dirty); returns the cycle it is written. */
static uint64_t l2_write(mt_t *m, uint64_t line, uint64_t t)
{
    uint32_t c = l2_chan(m, line);
    t = l2_channel(m, c, t);
    size_t s = l2_set(m, c, line);
    ptrdiff_t e = cache_find(&m->l2, s, line);
    if (e != NO_WAY)
        m->st.l2_hits++;
    else {
        m->st.l2_misses++;
        e = (ptrdiff_t)l2_fill(m, s, line, t);
    }
    l2_dirty(m, (size_t)e);
    return t + m->l2_lat;
}

/* An atomic on line in the L2 from cycle t whose lanes need `ops` cycles
 * of the channel's atomic unit (the largest number of lanes on one
 * address: same-address lanes serialise): the line is read from DRAM on a
 * miss (an atomic needs its data), then updated and left dirty.  Returns
 * the cycle the last operation's result is back (returning atomics); *at
 * gets the cycle the channel accepted it. */
static uint64_t l2_atomic(mt_t *m, uint64_t line, uint64_t t, unsigned ops, uint64_t *at)
{
    uint32_t c = l2_chan(m, line);
    size_t e;
    uint64_t ready = l2_read_at(m, c, line, t, &e);
    /* the read took one cycle of the channel; the other ops - 1 follow it */
    *at = m->chan_free[c] - 1;
    m->chan_free[c] += ops - 1;
    l2_dirty(m, e);
    return ready + ops - 1;
}

static uint32_t cu_of(const mt_t *m, unsigned cu)
{
    return cu < m->cus ? cu : cu % m->cus;
}

/* Line through a first-level cache (the set at s of c): a hit is ready at
 * t + hit_lat; a miss reads L2 from t and allocates.  *hit tells which;
 * m->line_src gets where the data comes from (a hit on a line still being
 * filled: where the fill comes from). */
static uint64_t l1_read(mt_t *m, cache_t *c, size_t s, uint64_t line, uint64_t t, uint64_t hit_lat, int *hit)
{
    int dirty;
    ptrdiff_t e = cache_find(c, s, line);
    *hit = e != NO_WAY;
    if (*hit) {
        uint64_t ready = c->ready[e] & READY_CYCLE;
        m->line_src = ready > t + hit_lat ? (uint8_t)(c->ready[e] >> READY_SRC) : MT_SRC_L1;
        return max_u64(t + hit_lat, ready);
    }
    uint64_t ready = l2_read(m, line, t);
    c->ready[cache_fill(c, s, line, &dirty)] = ready | (uint64_t)m->line_src << READY_SRC;
    return ready;
}

/* Takes line data ready at r (from m->line_src) into the current access's
 * slowest line so far, *done (mt_served). */
static void serve(mt_t *m, uint64_t r, uint64_t *done)
{
    if (r > *done || (r == *done && m->line_src > m->served))
        m->served = m->line_src;
    *done = max_u64(*done, r);
}

/* One line of a vector load, leaving L1 at cycle t; returns its ready cycle. */
static uint64_t vload_line(mt_t *m, uint32_t cu, uint64_t line, uint64_t t)
{
    int hit;
    uint64_t r = l1_read(m, &m->l1, cache_set(&m->l1, cu, line), line, t, m->l1_lat, &hit);
    m->st.l1_hits += (unsigned)hit;
    m->st.l1_misses += (unsigned)!hit;
    return r;
}

/* One line of a vector store or atomic at cycle t: dropped from L1 (write
 * through, no allocation), written to L2.  Returns the cycle it is in L2. */
static uint64_t vstore_line(mt_t *m, uint32_t cu, uint64_t line, uint64_t t)
{
    cache_drop(&m->l1, cache_set(&m->l1, cu, line), line);
    return l2_write(m, line, t);
}

/* The translations of the fragments the n lines of an access by CU cu
 * lie in, asked for at cycle now (each distinct fragment once, in the
 * lines' order): the cycle the last is ready; m->translated gets the
 * cycle the last request left the CU's TLB (after waiting for a miss
 * slot). */
static uint64_t translate(mt_t *m, uint32_t cu, const uint64_t *lines, unsigned n, uint64_t now)
{
    uint64_t seen[MAX_LINES], ready = now, sent = now;
    unsigned k = 0;
    m->translated = now;
    if (!m->tlb)
        return now;
    for (unsigned i = 0; i < n; i++) {
        uint64_t f = lines[i] >> m->frag_lines;
        unsigned j = k;
        while (j > 0 && seen[j - 1] != f)
            j--;
        if (j)
            continue;
        seen[k++] = f;
        uint64_t at;
        ready = max_u64(ready, tlb_translate(m->tlb, cu, f, now, &at));
        sent = max_u64(sent, at);
    }
    m->translated = sent;
    return ready;
}

uint64_t mt_translated(const mt_t *m)
{
    return m->translated;
}

static int al_cmp(const void *x, const void *y)
{
    const struct mt_al *a = x, *b = y;
    return a->first < b->first ? -1 : a->first > b->first;
}

int mt_alias(mt_t *m, const mt_alias_t *a, unsigned n)
{
    if (n > m->al_cap) {
        struct mt_al *p = realloc(m->al, n * sizeof *p);
        if (!p)
            return -1;
        m->al = p;
        m->al_cap = n;
    }
    uint64_t lo = UINT64_MAX, hi = 0;
    m->nal = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!a[i].size || ((a[i].tbase ^ a[i].base) & (LINE_BYTES - 1)))
            continue;
        struct mt_al *r = &m->al[m->nal++];
        r->first = a[i].base >> LINE_SHIFT;
        r->n = ((a[i].base + a[i].size - 1) >> LINE_SHIFT) - r->first + 1;
        r->delta = (a[i].tbase >> LINE_SHIFT) - r->first;
        lo = lo < r->first ? lo : r->first;
        hi = hi > r->first + r->n ? hi : r->first + r->n;
    }
    qsort(m->al, m->nal, sizeof *m->al, al_cmp);
    m->al_lo = m->nal ? lo : 0;
    m->al_n = m->nal ? hi - lo : 0;
    return 0;
}

/* The line the memory system times for line (mt_alias). */
static inline uint64_t alias_line(const mt_t *m, uint64_t line)
{
    if (__builtin_expect(line - m->al_lo >= m->al_n, 1))
        return line;
    unsigned lo = 0, hi = m->nal;   /* the last range starting at or before line (by first) */
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        if (m->al[mid].first <= line)
            lo = mid;
        else
            hi = mid;
    }
    return line - m->al[lo].first < m->al[lo].n ? line + m->al[lo].delta : line;
}

/* Vector memory access timing; see memtime.h. */
uint64_t mt_vmem(mt_t *m, unsigned cu, const fx_access_t *a, uint64_t now, uint64_t *accepted)
{
    uint64_t lines[MAX_LINES];
    unsigned n = collect_lines(a, lines);
    return mt_vmem_listed(m, cu, a, lines, n, now, accepted);
}

uint64_t mt_vmem_listed(mt_t *m, unsigned cu, const fx_access_t *a, const uint64_t *lines, unsigned n, uint64_t now,
                        uint64_t *accepted)
{
    uint32_t c = cu_of(m, cu);
    uint64_t moved[MAX_LINES];
    if (__builtin_expect(m->al_n != 0, 0)) {
        for (unsigned i = 0; i < n; i++)
            moved[i] = alias_line(m, lines[i]);
        lines = moved;
    }
    uint64_t wait = translate(m, c, lines, n, now) - now, done = now;
    m->accept = now;
    m->served = MT_SRC_NONE;
    for (unsigned i = 0; i < n; i++) {
        uint64_t r = a->write ? vstore_line(m, c, lines[i], now + i) : vload_line(m, c, lines[i], now + i);
        if (a->write)
            m->line_src = MT_SRC_L2;
        serve(m, r, &done);
    }
    if (accepted)
        *accepted = max_u64(m->translated, m->accept);
    return done + wait;
}

/* The cycles the L2's atomic unit spends on each line of access a: the
 * largest number of active lanes on one address within the line, into
 * ops[] (in collect_lines' order). */
static void atomic_ops(const fx_access_t *a, const uint64_t *lines, unsigned n, unsigned *ops)
{
    uint64_t m = a->mask & ~a->oob;
    for (unsigned i = 0; i < n; i++)
        ops[i] = 1;
    for (uint64_t x = m; x; x &= x - 1) {
        unsigned l = (unsigned)__builtin_ctzll(x), same = 0;
        for (uint64_t y = m; y; y &= y - 1)
            same += a->addr[__builtin_ctzll(y)] == a->addr[l];
        uint64_t line = a->addr[l] >> LINE_SHIFT;
        for (unsigned i = 0; i < n; i++)
            if (lines[i] == line && same > ops[i])
                ops[i] = same;
    }
}

/* Vector atomic timing; see memtime.h. */
uint64_t mt_vmem_atomic(mt_t *m, unsigned cu, const fx_access_t *a, uint64_t now, int returning,
                        uint64_t *accepted)
{
    uint64_t lines[MAX_LINES];
    unsigned ops[MAX_LINES];
    unsigned n = collect_lines(a, lines);
    uint32_t c = cu_of(m, cu);
    atomic_ops(a, lines, n, ops);
    for (unsigned i = 0; m->al_n && i < n; i++)
        lines[i] = alias_line(m, lines[i]);
    uint64_t wait = translate(m, c, lines, n, now) - now, done = now;
    m->accept = now;
    m->served = MT_SRC_NONE;
    for (unsigned i = 0; i < n; i++) {
        uint64_t t = now + i, at;
        cache_drop(&m->l1, cache_set(&m->l1, c, lines[i]), lines[i]);
        uint64_t r = l2_atomic(m, lines[i], t, ops[i], &at);
        if (!returning)
            m->line_src = MT_SRC_L2;
        serve(m, returning ? r : at + m->l2_lat, &done);
    }
    if (accepted)
        *accepted = max_u64(m->translated, m->accept);
    return done + wait;
}

/* Scalar memory read timing; see memtime.h.  The scalar cache hands out
 * one line per cycle: line i of the read leaves it at now + i. */
uint64_t mt_smem(mt_t *m, unsigned cu, uint64_t addr, unsigned bytes, uint64_t now)
{
    uint32_t g = cu_of(m, cu) / m->k_cus;
    uint64_t first = addr >> LINE_SHIFT, last = (addr + (bytes ? bytes : 1) - 1) >> LINE_SHIFT, done = now;
    m->served = MT_SRC_NONE;
    for (uint64_t at = first; at <= last; at++) {
        int hit;
        uint64_t line = alias_line(m, at);
        size_t s = cache_set(&m->k, g, line);
        uint64_t r = l1_read(m, &m->k, s, line, now + (at - first), 0, &hit);
        if (hit)   /* in the group's own count (mt_stats adds them up) */
            hit_add(&m->k, s);
        else
            m->st.k_misses++;
        serve(m, r + m->smem_lat, &done);
    }
    return done;
}

mt_src_t mt_served(const mt_t *m)
{
    return (mt_src_t)m->served;
}

/* Instruction fetch timing; see memtime.h. */
uint64_t mt_ifetch(mt_t *m, unsigned cu, uint64_t pc, uint64_t now)
{
    uint32_t g = cu_of(m, cu) / m->i_cus;
    uint64_t line = pc >> LINE_SHIFT;
    int hit;
    size_t s = cache_set(&m->i, g, line);
    uint64_t r = l1_read(m, &m->i, s, line, now, 0, &hit);
    if (hit)
        hit_add(&m->i, s);
    else
        m->st.i_misses++;
    return r;
}

/* The entry of line in the set at s of c, without touching its LRU stamp. */
static ptrdiff_t cache_peek(const cache_t *c, size_t s, uint64_t line)
{
    for (uint32_t i = 0; i < c->ways; i++)
        if (c->tag[s + i] == line + 1)
            return (ptrdiff_t)(s + i);
    return NO_WAY;
}

unsigned mt_cache_group(const device_t *d)
{
    unsigned a = d->p[DEV_scalar_cache_cus] ? d->p[DEV_scalar_cache_cus] : 1;
    unsigned b = d->p[DEV_icache_cus] ? d->p[DEV_icache_cus] : 1, x = a, y = b;
    while (y) {
        unsigned r = x % y;
        x = y;
        y = r;
    }
    return a / x * b;   /* the least common multiple */
}

int mt_ifetch_hit(mt_t *m, unsigned cu, uint64_t pc, uint64_t now, uint64_t *ready)
{
    uint64_t line = pc >> LINE_SHIFT;
    size_t s = cache_set(&m->i, cu_of(m, cu) / m->i_cus, line);
    ptrdiff_t e = cache_peek(&m->i, s, line);
    if (e == NO_WAY)
        return 0;
    m->i.stamp[e] = cache_tick(&m->i, s);
    hit_add(&m->i, s);
    *ready = max_u64(now, m->i.ready[e] & READY_CYCLE);
    return 1;
}

int mt_smem_hit(mt_t *m, unsigned cu, uint64_t addr, unsigned bytes, uint64_t now, uint64_t *done, mt_src_t *src)
{
    uint32_t g = cu_of(m, cu) / m->k_cus;
    uint64_t first = addr >> LINE_SHIFT, last = (addr + (bytes ? bytes : 1) - 1) >> LINE_SHIFT;
    for (uint64_t at = first; at <= last; at++) {
        uint64_t line = alias_line(m, at);
        if (cache_peek(&m->k, cache_set(&m->k, g, line), line) == NO_WAY)
            return 0;
    }
    uint64_t d = now;
    unsigned served = MT_SRC_NONE;
    for (uint64_t at = first; at <= last; at++) {   /* as mt_smem: l1_read's hit, then serve */
        uint64_t line = alias_line(m, at);
        size_t s = cache_set(&m->k, g, line);
        ptrdiff_t e = cache_peek(&m->k, s, line);
        m->k.stamp[e] = cache_tick(&m->k, s);
        hit_add(&m->k, s);
        uint64_t t = now + (at - first), fill = m->k.ready[e] & READY_CYCLE;
        unsigned from = fill > t ? (unsigned)(m->k.ready[e] >> READY_SRC) : MT_SRC_L1;
        uint64_t r = max_u64(t, fill) + m->smem_lat;
        if (r > d || (r == d && from > served))
            served = from;
        d = max_u64(d, r);
    }
    *done = d;
    *src = (mt_src_t)served;
    return 1;
}

void mt_l2_preload(mt_t *m, uint64_t addr, uint64_t bytes)
{
    if (!bytes)
        return;
    for (uint64_t at = addr >> 6; at <= (addr + bytes - 1) >> 6; at++) {
        uint64_t line = alias_line(m, at);
        size_t s = l2_set(m, l2_chan(m, line), line);
        if (cache_find(&m->l2, s, line) == NO_WAY) {
            int dirty;
            cache_fill(&m->l2, s, line, &dirty);
        }
    }
}
