/* test_tlb.c — address translation timing (sim/tlb.h) against arithmetic
 * from its rules: per-CU TLB hits and LRU capacity, miss slots, the
 * shared TLB (warm at the start, capacity misses walk the page table),
 * hit under miss, the set hash for power-of-two strides, reset; and
 * through sim/memtime.h: an access waits for the translations of every
 * fragment its lines lie in.  The device is filled in by hand so that
 * every expectation is a sum of the numbers below. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "sim/memtime.h"
#include "sim/tlb.h"
#include "tests/unit/check.h"

enum { E1 = 4, SLOTS = 2, E2 = 32, L2LAT = 100, LEVELS = 2, L2 = 50, DRAM = 300, FRAG_KIB = 64 };
enum { WALK = LEVELS * L2 + DRAM };

static device_t dev(void)
{
    device_t d;
    memset(&d, 0, sizeof d);
    d.name = "test";
    d.p[DEV_cus] = 2;
    d.p[DEV_tlb_frag_kib] = FRAG_KIB;
    d.p[DEV_tlb_l1_entries] = E1;
    d.p[DEV_tlb_l1_misses] = SLOTS;
    d.p[DEV_tlb_l2_entries] = E2;
    d.p[DEV_tlb_l2_latency] = L2LAT;
    d.p[DEV_tlb_walk_levels] = LEVELS;
    d.p[DEV_l2_latency] = L2;
    d.p[DEV_dram_latency] = DRAM;
    return d;
}

static void test_hits_and_lru(void)
{
    device_t d = dev();
    tlb_t *b = tlb_new(&d);
    uint64_t sent;
    CHECK(tlb_frag_shift(b) == 16, "64 KiB fragments: shift 16 (got %u)", tlb_frag_shift(b));
    uint64_t r = tlb_translate(b, 0, 7, 1000, &sent);
    CHECK(r == 1000 + L2LAT && sent == 1000, "first use on a CU: the shared TLB's answer after %d cycles (got %llu)",
          L2LAT, (unsigned long long)(r - 1000));
    r = tlb_translate(b, 0, 7, 5000, &sent);
    CHECK(r == 5000 && tlb_stats(b)->l1_hits == 1, "second use: a hit, no delay");
    r = tlb_translate(b, 1, 7, 5000, &sent);
    CHECK(r == 5000 + L2LAT, "another CU has its own TLB: a miss there");
    /* E1 fragments fit; cycling through E1 + 1 misses every time (LRU) */
    tlb_reset(b);
    uint64_t t = 10000;
    for (unsigned pass = 0; pass < 3; pass++)
        for (uint64_t f = 0; f < E1; f++, t += 1000)
            tlb_translate(b, 0, 100 + f, t, &sent);
    CHECK(tlb_stats(b)->l1_misses == E1 && tlb_stats(b)->l1_hits == 2 * E1,
          "%d fragments in a %d-entry TLB: %d compulsory misses, then hits (misses %llu)", E1, E1, E1,
          (unsigned long long)tlb_stats(b)->l1_misses);
    tlb_reset(b);
    for (unsigned pass = 0; pass < 3; pass++)
        for (uint64_t f = 0; f <= E1; f++, t += 1000)
            tlb_translate(b, 0, 100 + f, t, &sent);
    CHECK(tlb_stats(b)->l1_misses == 3 * (E1 + 1) && tlb_stats(b)->l1_hits == 0,
          "%d fragments cycled through %d entries: every use misses (LRU)", E1 + 1, E1);
    tlb_free(b);
}

static void test_slots_and_hit_under_miss(void)
{
    device_t d = dev();
    tlb_t *b = tlb_new(&d);
    uint64_t sent, r[SLOTS + 1];
    for (unsigned i = 0; i <= SLOTS; i++)
        r[i] = tlb_translate(b, 0, 50 + i, 2000, &sent);
    CHECK(r[0] == 2000 + L2LAT && r[SLOTS - 1] == 2000 + L2LAT, "%d misses at once: all in flight together", SLOTS);
    CHECK(sent == 2000 + L2LAT && r[SLOTS] == 2000 + 2 * L2LAT,
          "miss %d waits for the first slot to free (sent at +%llu, back at +%llu)", SLOTS + 1,
          (unsigned long long)(sent - 2000), (unsigned long long)(r[SLOTS] - 2000));
    CHECK(tlb_stats(b)->slot_waits == 1, "one miss waited for a slot");
    uint64_t h = tlb_translate(b, 0, 50, 2010, &sent);
    CHECK(h == 2000 + L2LAT && sent == 2010 && tlb_stats(b)->l1_misses == SLOTS + 1,
          "a use of a fragment on its way waits for it, without a second miss (hit under miss)");
    tlb_free(b);
}

static void test_shared_capacity(void)
{
    device_t d = dev();
    d.p[DEV_tlb_l1_entries] = 1;   /* every change of fragment asks the shared TLB */
    d.p[DEV_tlb_l1_misses] = 64;
    tlb_t *b = tlb_new(&d);
    uint64_t sent, t = 0;
    /* E2 fragments at a power-of-two stride (arrays 8 MiB apart): the set
     * hash spreads them, a second pass hits them all */
    for (unsigned pass = 0; pass < 2; pass++)
        for (uint64_t f = 0; f < E2 / 2; f++, t += 1000)
            tlb_translate(b, 0, f * 128, t, &sent);
    CHECK(tlb_stats(b)->l2_misses == 0 && tlb_stats(b)->l2_hits == E2,
          "%d fragments 128 apart in a %d-entry, 16-way shared TLB: no walk (walks %llu)", E2 / 2, E2,
          (unsigned long long)tlb_stats(b)->l2_misses);
    /* warm at the start, but a fragment held and lost walks the page table */
    tlb_reset(b);
    for (uint64_t f = 0; f < 4 * E2; f++, t += 1000)
        tlb_translate(b, 0, 1000 + f, t, &sent);
    CHECK(tlb_stats(b)->l2_misses == 0, "first use of %d fragments: the shared TLB starts warm, no walk", 4 * E2);
    uint64_t r = tlb_translate(b, 0, 1000, t, &sent);
    CHECK(r == t + L2LAT + WALK && tlb_stats(b)->l2_misses == 1,
          "a fragment evicted from the shared TLB: the answer after a walk of %d levels (+%d) (got +%llu)", LEVELS,
          WALK, (unsigned long long)(r - t - L2LAT));
    tlb_reset(b);
    r = tlb_translate(b, 0, 1000, t, &sent);
    CHECK(r == t + L2LAT && tlb_stats(b)->l2_misses == 0, "after a reset: warm again, the CU's TLB empty");
    tlb_free(b);
}

/* Through the memory system: an access waits for its fragments'
 * translations before its lines leave. */
enum { SEQ = 3000 };

/* A sequence of translations over many fragments (more than the set of
 * seen fragments first holds) on both CUs; results into out[SEQ]. */
static void run_seq(tlb_t *b, uint64_t seed, uint64_t *out)
{
    uint64_t x = seed, t = 1000, sent;
    for (unsigned k = 0; k < SEQ; k++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        t += (x >> 20) % 40;
        out[k] = tlb_translate(b, (unsigned)(x >> 60) & 1, (x >> 33) % 1500, t, &sent) * 4 + sent % 4;
    }
}

/* tlb_reset forgets every entry, miss slot and fragment met: a reset TLB
 * times a sequence as a new one does, however it was used before (the
 * reset empties the entries lazily, as each CU and shared set is next
 * used); without the fragments forgotten, ones met before would walk. */
static void test_reset_same(void)
{
    device_t d = dev();
    tlb_t *fresh = tlb_new(&d), *used = tlb_new(&d);
    static uint64_t o1[SEQ], o2[SEQ], o3[SEQ], junk[SEQ];
    run_seq(fresh, 1, o1);
    tlb_stats_t s1 = *tlb_stats(fresh);
    run_seq(used, 2, junk);
    tlb_reset(used);
    run_seq(used, 1, o2);
    CHECK(memcmp(o1, o2, sizeof o1) == 0 && memcmp(&s1, tlb_stats(used), sizeof s1) == 0,
          "after other use and tlb_reset: the same cycles and counts as a new TLB");
    CHECK(s1.l1_misses && s1.l1_hits && s1.l2_hits && s1.l2_misses, "the sequence hits and misses at both levels");
    for (int i = 0; i < 3; i++)
        tlb_reset(used);
    run_seq(used, 1, o3);
    CHECK(memcmp(o1, o3, sizeof o1) == 0, "after several resets in a row: the same again");
    tlb_free(fresh);
    tlb_free(used);
}

static void test_memtime(void)
{
    device_t d = dev();
    d.p[DEV_clock_mhz] = 1000;
    d.p[DEV_wave_slots] = 10;
    d.p[DEV_scalar_cache_kib] = 16;
    d.p[DEV_scalar_cache_cus] = 1;
    d.p[DEV_icache_kib] = 32;
    d.p[DEV_icache_cus] = 1;
    d.p[DEV_l1_kib] = 16;
    d.p[DEV_l1_ways] = 4;
    d.p[DEV_l1_latency] = 20;
    d.p[DEV_l2_kib] = 256;
    d.p[DEV_l2_channels] = 4;
    d.p[DEV_l2_ways] = 16;
    d.p[DEV_l2_mshr] = 64;
    d.p[DEV_dram_gbps] = 64;
    d.p[DEV_dram_channels] = 4;
    d.p[DEV_dram_banks] = 4;
    d.p[DEV_dram_page] = 2048;
    d.p[DEV_dram_refi_ns] = 100000;
    d.p[DEV_dram_wq] = 1;
    mt_t *m = mt_new(&d);
    CHECK(m != NULL, "a memory system");
    if (!m)
        return;
    static fx_access_t a;
    memset(&a, 0, sizeof a);
    a.bytes = 4;
    a.mask = 3;                        /* two lanes in two fragments */
    a.addr[0] = 0x100000 - 4;          /* last dword of fragment 15 */
    a.addr[1] = 0x100000;              /* first of fragment 16 */
    uint64_t acc;
    mt_vmem(m, 0, &a, 1000, &acc);
    const mt_stats_t *s = mt_stats(m);
    CHECK(s->tlb_l1_misses == 2 && mt_translated(m) == 1000,
          "an access across two fragments: two translations asked at once (misses %llu)",
          (unsigned long long)s->tlb_l1_misses);
    uint64_t done = mt_vmem(m, 0, &a, 100000, &acc);
    uint64_t miss_free = done - 100000;   /* both lines in the L1 now: hits, translations too */
    mt_reset(m);
    done = mt_vmem(m, 0, &a, 100000, &acc);
    CHECK(done - 100000 >= L2LAT, "cold CU TLB: the lines leave after the translations (+%llu, at least %d)",
          (unsigned long long)(done - 100000), L2LAT);
    CHECK(miss_free == 20 + 1, "warm TLB and L1: the L1 hit latency, one cycle per line (got %llu)",
          (unsigned long long)miss_free);
    mt_free(m);
}

int main(void)
{
    test_reset_same();
    test_hits_and_lru();
    test_slots_and_hit_under_miss();
    test_shared_capacity();
    test_memtime();
    return check_done();
}
