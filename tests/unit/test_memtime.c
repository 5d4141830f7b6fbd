/* test_memtime.c — the memory-system timing (sim/memtime.h) against
 * arithmetic from the model's rules (GCN-FACTS 4): LDS bank cycles,
 * address-processing cycles, 64-byte line counts, L1/L2/DRAM, scalar and
 * instruction caches.  The device is filled in by hand so that the
 * expected cycles follow from the numbers below, not from any preset. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "sim/dram.h"
#include "sim/memtime.h"
#include "tests/unit/ldsrule.h"
#include "tests/unit/check.h"

/* The test device: 4 CUs, K$/I$ shared by 2 CUs, L1 16 KiB 4-way (64
 * sets), L2 4 channels x 64 KiB 16-way (64 sets per channel), DRAM
 * 16 GB/s at 1000 MHz = 16 B/cycle = 4 cycles per 64-byte line. */
enum {
    CUS = 4, L1LAT = 100, L2LAT = 200, DRAMLAT = 300, SMEMLAT = 20,
    XFER = 4,        /* 64 B / (16000 MB/s / 1000 MHz) */
    L1SETS = 64, NCH = 4, L2SETS = 64, L1WAYS = 4, L2WAYS = 16,
};

static device_t test_device(void)
{
    device_t d;
    memset(&d, 0, sizeof d);
    d.name = "test";
    d.p[DEV_cus] = CUS;
    d.p[DEV_clock_mhz] = 1000;
    d.p[DEV_smem_latency] = SMEMLAT;
    d.p[DEV_scalar_cache_kib] = 16;
    d.p[DEV_scalar_cache_cus] = 2;
    d.p[DEV_icache_kib] = 32;
    d.p[DEV_icache_cus] = 2;
    d.p[DEV_l1_kib] = 16;
    d.p[DEV_l1_ways] = L1WAYS;
    d.p[DEV_l1_latency] = L1LAT;
    d.p[DEV_l2_kib] = 256;
    d.p[DEV_l2_channels] = NCH;
    d.p[DEV_l2_ways] = L2WAYS;
    d.p[DEV_l2_latency] = L2LAT;
    d.p[DEV_dram_latency] = DRAMLAT;
    d.p[DEV_dram_gbps] = 16;
    /* one DRAM channel of one bank, rows of one 256-byte chunk, no
     * activation, refresh or turnaround cost, writes drained one by one:
     * the bus alone (its slots) decides; test_dram_banks turns the rest on */
    d.p[DEV_dram_channels] = 1;
    d.p[DEV_dram_banks] = 1;
    d.p[DEV_dram_page] = 256;
    d.p[DEV_dram_refi_ns] = 1953;
    d.p[DEV_dram_wq] = 1;
    d.p[DEV_l2_mshr] = 64;
    return d;
}

/* An access of the lanes of mask, lane l at base + stride * l. */
static fx_access_t acc(int write, unsigned bytes, uint64_t mask, uint64_t base, int64_t stride)
{
    fx_access_t a;
    memset(&a, 0, sizeof a);
    a.space = FX_SPACE_GLOBAL;
    a.write = (uint8_t)write;
    a.bytes = (uint8_t)bytes;
    a.mask = mask;
    for (unsigned l = 0; l < 64; l++)
        a.addr[l] = base + (uint64_t)(stride * (int64_t)l);
    return a;
}

static const uint64_t ALL = ~0ull;

/* A single-lane access at addr. */
static uint64_t one(mt_t *m, unsigned cu, int write, uint64_t addr, uint64_t now)
{
    fx_access_t a = acc(write, 4, 1, addr, 0);
    return mt_vmem(m, cu, &a, now, NULL);
}

/* ---- LDS ------------------------------------------------------------------ */

static void lds_case(const char *name, fx_access_t a, unsigned want, unsigned want_ideal)
{
    unsigned ideal = 12345, c = mt_lds_cycles(&a, &ideal);
    CHECK(c == want && ideal == want_ideal, "lds %s: %u cycles, ideal %u (got %u, %u)", name, want, want_ideal, c,
          ideal);
}

static void test_lds(void)
{
    /* b32: 64 lanes = 2 groups of 32 dwords */
    lds_case("stride-1 b32", acc(0, 4, ALL, 0, 4), 2, 2);
    lds_case("all lanes one address (broadcast)", acc(0, 4, ALL, 0x40, 0), 2, 2);
    lds_case("stride 32 dwords (32 lanes in bank 0 per group)", acc(0, 4, ALL, 0, 128), 64, 2);
    lds_case("stride 2 dwords (2-way)", acc(0, 4, ALL, 0, 8), 4, 2);
    lds_case("16 lanes stride-1", acc(0, 4, 0xffff, 0, 4), 1, 1);
    lds_case("one lane", acc(0, 4, 1ull << 40, 0, 4), 1, 1);
    lds_case("no lane", acc(0, 4, 0, 0, 4), 0, 0);
    /* b64: 16 lanes per group, 32 consecutive dwords each */
    lds_case("b64 stride-1", acc(0, 8, ALL, 0, 8), 4, 4);
    /* b64 at 64-byte stride: per group 16 lanes x dwords 16l, 16l+1 ->
     * banks 0/16 and 1/17, 8 distinct dwords each */
    lds_case("b64 stride 16 dwords", acc(0, 8, ALL, 0, 64), 32, 4);
    /* b128: 8 lanes per group */
    lds_case("b128 stride-1", acc(0, 16, ALL, 0, 16), 8, 8);
    lds_case("b128 one address", acc(0, 16, ALL, 0x100, 0), 8, 8);
    /* b16: one dword per lane, 2 lanes per dword */
    lds_case("b16 stride-1", acc(0, 2, ALL, 0, 2), 2, 2);
    /* stride 32 dwords, odd lanes out of range: 32 lanes, one group, all bank 0 */
    fx_access_t a = acc(0, 4, ALL, 0, 128);
    a.oob = 0xaaaaaaaaaaaaaaaaull;
    lds_case("stride 32 dwords, odd lanes oob (skipped)", a, 32, 1);
    /* the check: stride 32 costs 32x stride 1 */
    fx_access_t s1 = acc(0, 4, ALL, 0, 4), s32 = acc(0, 4, ALL, 0, 128);
    CHECK(mt_lds_cycles(&s32, NULL) == 32 * mt_lds_cycles(&s1, NULL), "lds stride-32 = 32 x stride-1 (NULL ideal)");
    /* stride 3 dwords: 3 is odd, so 32 lanes cover the 32 banks once each */
    lds_case("stride 3 dwords (conflict-free)", acc(0, 4, ALL, 0, 12), 2, 2);
}

/* The bank cycles of access a straight from the rule (GCN-FACTS 4.1):
 * the dwords of the active lanes, lane after lane, in groups of 32; a
 * group costs the most distinct dwords in one bank. */
static unsigned lds_rule(const fx_access_t *a)
{
    unsigned dws = a->bytes > 4 ? (a->bytes + 3u) / 4 : 1, n = 0, cycles = 0;
    uint64_t dw[64 * 64];
    for (unsigned l = 0; l < 64; l++)
        if ((a->mask & ~a->oob) >> l & 1)
            for (unsigned k = 0; k < dws; k++)
                dw[n++] = (a->addr[l] >> 2) + k;
    for (unsigned g = 0; g < n; g += 32) {
        unsigned most = 0;
        for (unsigned b = 0; b < 32; b++) {
            unsigned distinct = 0;
            for (unsigned i = g; i < n && i < g + 32; i++) {
                int seen = 0;
                for (unsigned j = g; j < i; j++)
                    seen |= dw[j] == dw[i];
                distinct += (dw[i] & 31) == b && !seen;
            }
            most = distinct > most ? distinct : most;
        }
        cycles += most;
    }
    return cycles;
}

/* Random patterns (uniform, runs, broadcasts, strides, scattered lanes,
 * every size, lanes out of range, unaligned) against lds_rule, with and
 * without the fast paths' FX_PAT_LDS_FREE or FX_PAT_LDS_OTHER. */
static void test_lds_random(void)
{
    unsigned nfree = 0;
    static const unsigned sizes[] = {1, 2, 4, 8, 12, 16, 36, 128, 132};
    uint64_t x = 0x2545f4914f6cdd1dull;
    unsigned bad = 0, runs = 4000;
    for (unsigned r = 0; r < runs; r++) {
        check_xorshift(&x);
        unsigned bytes = sizes[x % 9], kind = (unsigned)(x >> 8) % 6;
        uint64_t mask = (x >> 16 & 3) == 0 ? ~0ull : (x >> 16 & 3) == 1 ? 0xffffull << (x >> 20 & 31) : x * 0x9e3779b97f4a7c15ull;
        int64_t stride = kind == 0 ? 0 : kind == 1 ? (int64_t)((bytes + 3) / 4 * 4) : 4 * (int64_t)(x >> 24 & 63);
        fx_access_t a = acc(0, bytes, mask, 4 * (x >> 32 & 1023), stride);
        if (kind == 3)   /* a broadcast of 16 lanes' run */
            for (unsigned l = 0; l < 64; l++)
                a.addr[l] = 4 * (x >> 32 & 1023) + (l % 16) * 4;
        if (kind == 5)   /* descending strides */
            for (unsigned l = 0; l < 64; l++)
                a.addr[l] = 65536 - 4 * l * (x >> 24 & 63);
        if (kind == 4) {   /* scattered */
            uint64_t y = x;
            for (unsigned l = 0; l < 64; l++) {
                y ^= y << 13, y ^= y >> 7, y ^= y << 17;
                a.addr[l] = 4 * (y & 255);
            }
        }
        if (x >> 40 & 1)   /* some lanes out of range */
            a.oob = a.mask & (x * 0x2545f4914f6cdd1dull) & (x >> 41 & 1 ? ~0ull : 0x8000000000000001ull);
        if ((x >> 42 & 3) == 0)   /* unaligned lanes (gfx9) */
            for (unsigned l = 0; l < 64; l++)
                a.addr[l] += (x >> (l % 32)) & 3;
        unsigned id, c = mt_lds_cycles(&a, &id), want = lds_rule(&a);
        bad += c != want;
        unsigned id2;   /* the producer's fact as the DS fast paths give it */
        a.pat = lds_free_rule(&a) ? FX_PAT_LDS_FREE : FX_PAT_LDS_OTHER;
        bad += mt_lds_cycles(&a, &id2) != want || id2 != id;
        nfree += a.pat == FX_PAT_LDS_FREE;
    }
    CHECK(bad == 0, "lds: %u random accesses agree with the bank rule (%u differ)", runs, bad);
    /* conflicting accesses over the same dwords, again and again (the
     * bookkeeping of distinct dwords starts over for each group) */
    fx_access_t s2 = acc(0, 4, ALL, 0, 8), s3 = acc(0, 4, ALL, 4, 12);
    for (unsigned l = 0; l < 64; l += 2)
        s3.addr[l] = s3.addr[l + 1];   /* pairs of lanes on one dword */
    unsigned w2 = lds_rule(&s2), w3 = lds_rule(&s3), off = 0;
    for (unsigned r = 0; r < 70000; r++)
        off += mt_lds_cycles(&s2, NULL) != w2 || mt_lds_cycles(&s3, NULL) != w3;
    CHECK(off == 0 && w2 == 4, "lds: 70000 repeats of two conflicting accesses (%u differ)", off);
    CHECK(nfree > runs / 8, "lds: %u of them conflict-free by FX_PAT_LDS_FREE's definition", nfree);
}

/* Distinct 64-byte lines of access a, straight from the definition. */
static unsigned lines_rule(const fx_access_t *a)
{
    static uint64_t seen[64 * 5];
    unsigned n = 0, bytes = a->bytes ? a->bytes : 1;
    for (unsigned l = 0; l < 64; l++)
        if ((a->mask & ~a->oob) >> l & 1)
            for (uint64_t x = a->addr[l] >> 6; x <= (a->addr[l] + bytes - 1) >> 6; x++) {
                unsigned j = 0;
                while (j < n && seen[j] != x)
                    j++;
                if (j == n)
                    seen[n++] = x;
            }
    return n;
}

/* Strided accesses (up, down, zero, past a line; full and partial waves)
 * against lines_rule. */
static void test_lines_random(void)
{
    static const unsigned sizes[] = {1, 2, 4, 8, 12, 16, 64};
    static const int64_t strides[] = {0, 1, 2, 4, 8, 12, 16, 32, 60, 64, 65, 128, -4, -64, 4096};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned bad = 0, runs = 3000;
    for (unsigned r = 0; r < runs; r++) {
        check_xorshift(&x);
        unsigned bytes = sizes[x % 7];
        int64_t stride = strides[(x >> 8) % 15];
        uint64_t mask = (x >> 16 & 3) ? ~0ull : x * 0x2545f4914f6cdd1dull;
        fx_access_t a = acc(0, bytes, mask, 0x10000 + (x >> 24 & 4095), stride);
        if ((x >> 40 & 7) == 0)   /* one lane off the stride */
            a.addr[x >> 44 & 63] += 64 * (x >> 50 & 7) + 4;
        bad += mt_lines(&a) != lines_rule(&a);
    }
    CHECK(bad == 0, "lines: %u strided accesses agree with the definition (%u differ)", runs, bad);
}

/* The lines of access a in the order the lanes first touch them (lane
 * after lane, a lane's lines ascending), straight from the definition,
 * into out; returns their number. */
static unsigned lines_order_rule(const fx_access_t *a, uint64_t *out)
{
    unsigned n = 0, bytes = a->bytes ? a->bytes : 1;
    for (unsigned l = 0; l < 64; l++)
        if ((a->mask & ~a->oob) >> l & 1)
            for (uint64_t x = a->addr[l] / 64; x <= (a->addr[l] + bytes - 1) / 64; x++) {
                unsigned j = 0;
                while (j < n && out[j] != x)
                    j++;
                if (j == n)
                    out[n++] = x;
            }
    return n;
}

/* mt_line_list against lines_order_rule (the order too) on monotone
 * lanes with gaps (groups of a power of two lanes, as a bitonic sort's
 * passes), random rises of 0 to 130 bytes, one lane going down, addresses
 * near 2^63 and in the top line of the address space, lanes out of
 * range, partial waves, every size up to 128 bytes. */
static void test_lines_order(void)
{
    static const unsigned sizes[] = {1, 2, 4, 8, 12, 16, 60, 64, 128};
    uint64_t x = 0x1234567887654321ull;
    unsigned bad = 0, runs = 4000;
    for (unsigned r = 0; r < runs; r++) {
        check_xorshift(&x);
        unsigned bytes = sizes[x % 9], kind = (unsigned)(x >> 8) % 4, j = 1u << (x >> 12 & 7);
        uint64_t base = (x >> 16 & 3) == 0 ? 0x7fffffffffffe000ull : (x >> 16 & 3) == 1 ? 0xffffffffffffffc0ull - 4096
                                                                                         : 0x100000 + (x >> 20 & 4095);
        fx_access_t a = acc(0, bytes, (x >> 32 & 3) ? ~0ull : x * 0x9e3779b97f4a7c15ull, base, 0);
        uint64_t y = x, at = base;
        for (unsigned l = 0; l < 64; l++) {
            y ^= y << 13, y ^= y >> 7, y ^= y << 17;
            if (kind == 0)   /* groups of j lanes, each pair of groups 2j elements apart */
                a.addr[l] = base + 4 * ((l / j) * 2 * j + l % j);
            else if (kind == 1)   /* random rises */
                a.addr[l] = at += y % 131;
            else if (kind == 2)   /* rises of whole lines or none */
                a.addr[l] = at += 64 * (y % 3);
            else   /* scattered within a few lines */
                a.addr[l] = base + y % 512;
        }
        if ((x >> 34 & 7) == 0)   /* one lane going down */
            a.addr[x >> 37 & 63] -= 64 * (1 + (x >> 43 & 3));
        if ((x >> 45 & 7) == 0)
            a.oob = a.mask & (x >> 48 | x << 16);
        if (base > 0xf000000000000000ull)   /* the top line: the lanes' ends wrap past 2^64 */
            for (unsigned l = 0; l < 64; l++)
                a.addr[l] = 0xffffffffffffffc0ull + (a.addr[l] & 63);
        uint64_t want[64 * 5], got[MT_MAX_LINES];
        unsigned nw = lines_order_rule(&a, want), ng = mt_line_list(&a, got);
        bad += nw != ng || memcmp(want, got, nw * sizeof want[0]) != 0 || mt_lines(&a) != nw;
    }
    CHECK(bad == 0, "lines: %u monotone, gapped and scattered accesses list the definition's lines in order (%u differ)",
          runs, bad);
}

/* ---- address processing ----------------------------------------------------- */

static void addr_case(const char *name, fx_access_t a, unsigned want)
{
    unsigned c = mt_addr_cycles(&a);
    CHECK(c == want, "addr %s: %u cycles (got %u)", name, want, c);
}

static void test_addr(void)
{
    addr_case("coalesced b32 full wave", acc(0, 4, ALL, 0x1000, 4), 4);
    addr_case("coalesced b32, store", acc(1, 4, ALL, 0x1000, 4), 4);
    addr_case("coalesced b32 even lanes (gaps)", acc(0, 4, 0x5555555555555555ull, 0x1000, 4), 4);
    addr_case("stride 8 B full wave (16 quads)", acc(0, 4, ALL, 0x1000, 8), 16);
    addr_case("b64 consecutive (not the dword path)", acc(0, 8, ALL, 0x1000, 8), 16);
    addr_case("b16 consecutive (not the dword path)", acc(0, 2, ALL, 0x1000, 2), 16);
    addr_case("one address for all lanes", acc(0, 4, ALL, 0x1000, 0), 16);
    addr_case("reversed lane order", acc(0, 4, ALL, 0x1000 + 63 * 4, -4), 16);
    addr_case("lanes 0-7 strided (2 quads)", acc(0, 4, 0xff, 0x1000, 8), 2);
    addr_case("lanes 0-7 coalesced (min(4, 2 quads))", acc(0, 4, 0xff, 0x1000, 4), 2);
    addr_case("lanes 0,4,8,12 strided (4 quads)", acc(0, 4, 0x1111, 0x1000, 64), 4);
    addr_case("lanes 0 and 63 (2 quads)", acc(0, 4, 1ull | 1ull << 63, 0x1000, 0), 2);
    addr_case("single lane", acc(0, 4, 1ull << 17, 0x1000, 4), 1);
    addr_case("no lane", acc(0, 4, 0, 0x1000, 4), 0);
    fx_access_t a = acc(0, 4, ALL, 0x1000, 8);
    a.oob = 0xffffffff00000000ull;
    addr_case("oob lanes still processed", a, 16);
    a = acc(0, 4, ALL, 0x1000, 4);
    a.addr[33] += 4;
    addr_case("one lane off the line", a, 16);
}

/* ---- lines ----------------------------------------------------------------- */

/* Distinct lines by brute force (the oracle for scattered accesses). */
static unsigned brute_lines(const fx_access_t *a)
{
    uint64_t seen[64 * 5];
    unsigned n = 0;
    for (unsigned l = 0; l < 64; l++) {
        if (!(a->mask >> l & 1) || (a->oob >> l & 1))
            continue;
        uint64_t b = a->bytes ? a->bytes : 1;
        for (uint64_t x = a->addr[l] / 64; x <= (a->addr[l] + b - 1) / 64; x++) {
            unsigned k = 0;
            while (k < n && seen[k] != x)
                k++;
            if (k == n)
                seen[n++] = x;
        }
    }
    return n;
}

static void lines_case(const char *name, fx_access_t a, unsigned want)
{
    unsigned c = mt_lines(&a);
    CHECK(c == want, "lines %s: %u (got %u)", name, want, c);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return rng >> 33;
}

static void test_lines(void)
{
    lines_case("stride-1 b32 aligned (256 B)", acc(0, 4, ALL, 0x1000, 4), 4);
    lines_case("stride-1 b32 misaligned by 4 B", acc(0, 4, ALL, 0x1004, 4), 5);
    lines_case("stride 64 B", acc(0, 4, ALL, 0x1000, 64), 64);
    lines_case("stride 64 B reversed", acc(0, 4, ALL, 0x1000 + 63 * 64, -64), 64);
    lines_case("one address", acc(0, 4, ALL, 0x1234, 0), 1);
    lines_case("b128 stride-1 (1 KiB)", acc(0, 16, ALL, 0x1000, 16), 16);
    lines_case("b64 crossing a line (60..67)", acc(0, 8, 1, 60, 0), 2);
    lines_case("no lane", acc(0, 4, 0, 0x1000, 4), 0);
    fx_access_t a = acc(0, 4, ALL, 0x1000, 64);
    a.oob = 0xaaaaaaaaaaaaaaaaull;
    lines_case("stride 64 B, odd lanes oob", a, 32);
    for (int t = 0; t < 20; t++) {
        unsigned bytes = t % 3 == 0 ? 4 : t % 3 == 1 ? 12 : 16;
        a = acc(0, bytes, rnd() << 32 | rnd(), 0, 0);
        for (unsigned l = 0; l < 64; l++)
            a.addr[l] = 0x10000 + rnd() % (t < 10 ? 1024 : 65536);   /* many repeats, then few */
        unsigned want = brute_lines(&a), got = mt_lines(&a);
        CHECK(got == want, "lines scattered #%d (%u B/lane): %u (got %u)", t, bytes, want, got);
    }
}

/* ---- L1 / L2 / DRAM --------------------------------------------------------- */

static void test_l1(const device_t *d)
{
    mt_t *m = mt_new(d);
    CHECK(m != NULL, "mt_new");
    if (!m)
        return;
    /* 4 cold lines, channels 0..3: line i asks L2 at 1000+i, DRAM starts
     * at max(1000+i+L2LAT, previous end) = 1200+4i, ends 4 later */
    fx_access_t a = acc(0, 4, ALL, 0x10000, 4);
    uint64_t r = mt_vmem(m, 0, &a, 1000, NULL);
    CHECK(r == 1000 + L2LAT + 4 * XFER + DRAMLAT, "cold coalesced load: %d (got %llu)",
          1000 + L2LAT + 4 * XFER + DRAMLAT, (unsigned long long)r);
    r = mt_vmem(m, 0, &a, 2000, NULL);
    CHECK(r == 2000 + L1LAT + 3, "second load hits L1: line 3 at now + l1_latency + 3 = %d (got %llu)",
          2000 + L1LAT + 3, (unsigned long long)r);
    const mt_stats_t *s = mt_stats(m);
    CHECK(s->l1_hits == 4 && s->l1_misses == 4 && s->l2_misses == 4 && s->l2_hits == 0 && s->dram_bytes == 256,
          "stats: L1 4 hits 4 misses, L2 4 misses, 256 DRAM bytes (got %llu %llu %llu %llu %llu)",
          (unsigned long long)s->l1_hits, (unsigned long long)s->l1_misses, (unsigned long long)s->l2_misses,
          (unsigned long long)s->l2_hits, (unsigned long long)s->dram_bytes);
    r = mt_vmem(m, 1, &a, 3000, NULL);
    CHECK(r == 3000 + L2LAT + 3, "another CU: its L1 misses, L2 hits: %d (got %llu)", 3000 + L2LAT + 3,
          (unsigned long long)r);
    CHECK(s->l2_hits == 4, "stats: 4 L2 hits (got %llu)", (unsigned long long)s->l2_hits);

    /* LRU: five lines of one L1 set (line stride = 64 sets) on CU 2 */
    uint64_t x[5], t = 10000;
    for (int k = 0; k < 5; k++)
        x[k] = (0x1000 + (uint64_t)L1SETS * k) * 64;
    for (int k = 0; k < 4; k++)
        one(m, 2, 0, x[k], t += 1000);
    r = one(m, 2, 0, x[0], t += 1000);
    CHECK(r == t + L1LAT, "set full: line 0 hits (got +%lld)", (long long)(r - t));
    one(m, 2, 0, x[4], t += 1000);   /* evicts the least recently used: line 1 */
    for (int k = 0; k < 5; k++) {
        if (k == 1)
            continue;
        r = one(m, 2, 0, x[k], t += 1000);
        CHECK(r == t + L1LAT, "after a 5th line: line %d still in L1 (+%d, got +%lld)", k, L1LAT, (long long)(r - t));
    }
    r = one(m, 2, 0, x[1], t += 1000);
    CHECK(r == t + L2LAT, "after a 5th line: LRU line 1 evicted, L2 hit (+%d, got +%lld)", L2LAT, (long long)(r - t));
    mt_free(m);
}

static void test_l1_odd_sets(const device_t *d0)
{
    device_t d = *d0;
    d.p[DEV_l1_kib] = 12;   /* 12 KiB / (64 B * 4 ways) = 48 sets */
    mt_t *m = mt_new(&d);
    if (!m)
        return;
    uint64_t t = 0, r;
    for (int k = 0; k < 4; k++)
        one(m, 0, 0, (0x2000 + 48ull * k) * 64, t += 1000);
    r = one(m, 0, 0, 0x2000 * 64, t += 1000);
    CHECK(r == t + L1LAT, "48-set L1: 4 lines 48 apart fit one set");
    for (int k = 4; k < 6; k++)
        one(m, 0, 0, (0x2000 + 48ull * k) * 64, t += 1000);
    r = one(m, 0, 0, (0x2000 + 48ull) * 64, t += 1000);
    CHECK(r == t + L2LAT, "48-set L1: 6 lines 48 apart evict the LRU one (got +%lld)", (long long)(r - t));
    mt_free(m);
}

static void test_channels(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    /* line numbers: A and A+1 are in one 256-byte chunk (one channel), A+4
     * in the next chunk, which is on another channel (chunk 0xc00 is the
     * first of a group of NCH consecutive chunks: one per channel) */
    uint64_t A = 0x3000;
    CHECK(dram_chunk_channel(A * 64, NCH) == dram_chunk_channel((A + 1) * 64, NCH) &&
              dram_chunk_channel(A * 64, NCH) != dram_chunk_channel((A + 4) * 64, NCH),
          "lines of one chunk share a channel, the next chunk's is another");
    uint64_t r0 = one(m, 0, 1, A * 64, 0), r1 = one(m, 0, 1, (A + 1) * 64, 0), r2 = one(m, 0, 1, (A + 4) * 64, 0);
    CHECK(r0 == L2LAT && r1 == L2LAT + 1 && r2 == L2LAT,
          "stores at cycle 0: same channel one cycle apart, other channel not (got %llu %llu %llu)",
          (unsigned long long)r0, (unsigned long long)r1, (unsigned long long)r2);
    CHECK(mt_stats(m)->dram_bytes == 0, "store misses allocate in L2 without a DRAM read");
    uint64_t T = 5000;
    r0 = one(m, 0, 0, A * 64, T);
    r1 = one(m, 1, 0, (A + 1) * 64, T);
    r2 = one(m, 2, 0, (A + 4) * 64, T);
    CHECK(r0 == T + L2LAT && r1 == T + L2LAT + 1 && r2 == T + L2LAT,
          "loads from 3 CUs at one cycle: the second line of channel 0 one cycle later (got +%lld +%lld +%lld)",
          (long long)(r0 - T), (long long)(r1 - T), (long long)(r2 - T));
    mt_free(m);
}

static void test_dram(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    /* 64 cold lines (stride 64 B): line i asks at cycle i (its channel is
     * free), DRAM start = max(i + L2LAT, L2LAT + XFER*i) = L2LAT + XFER*i */
    fx_access_t a = acc(0, 4, ALL, 0, 64);
    uint64_t r = mt_vmem(m, 0, &a, 0, NULL);
    uint64_t first = L2LAT + XFER + DRAMLAT, want = first + 63 * XFER;
    CHECK(r == want, "64 cold misses: last back at %llu = first (%llu) + 63 x 64 B / 16 B/cycle (got %llu)",
          (unsigned long long)want, (unsigned long long)first, (unsigned long long)r);
    CHECK(mt_stats(m)->dram_bytes == 64 * 64 && mt_stats(m)->l2_misses == 64, "64 lines from DRAM");
    mt_free(m);

    /* fractional rate: 1000 MHz, 24 GB/s -> 24 B/cycle, 8/3 cycles a line,
     * kept in millionths of a cycle: 2,666,667 (rounded); 3 lines end at
     * 8.000001 cycles, rounded up: 9 */
    device_t d2 = *d;
    d2.p[DEV_dram_gbps] = 24;
    m = mt_new(&d2);
    if (!m)
        return;
    a = acc(0, 4, 0x7, 0, 64);
    r = mt_vmem(m, 0, &a, 0, NULL);
    CHECK(r == L2LAT + 9 + DRAMLAT, "3 lines at 24 B/cycle: transfers end at +8.000001 -> 9 (got %llu)",
          (unsigned long long)r);
    a = acc(0, 4, 0x1, 64 * 3, 0);
    r = mt_vmem(m, 0, &a, 0, NULL);
    /* the fourth takes the next slot: ends at 10.666668 -> cycle 11 */
    CHECK(r == L2LAT + 11 + DRAMLAT, "a 4th line ends at 32/3 -> 11 (got %llu)", (unsigned long long)r);
    mt_free(m);
}

/* The k-th line (k >= 0) of L2 set 0 on channel 0 of the test device: the
 * set of a line is (chunk / NCH, line within the chunk) mod L2SETS
 * (memtime.c), so line 0 of chunk c is in set 0 when c / NCH is a
 * multiple of L2SETS / 4; of the NCH such chunks in a row, the one on
 * channel 0 is taken. */
static uint64_t one_set_line(int k)
{
    for (uint64_t c = (uint64_t)k * NCH * (L2SETS / 4);; c++)
        if (dram_chunk_channel(c * 256, NCH) == 0)
            return c * 4;
}

static void test_stores(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    uint64_t S = 0x50000, r;
    r = one(m, 0, 1, S, 0);
    CHECK(r == L2LAT, "store: written to L2 at now + l2_latency (got %llu)", (unsigned long long)r);
    r = one(m, 0, 0, S, 1000);
    CHECK(r == 1000 + L2LAT, "load after store: L1 miss (no allocation on store), L2 hit (got +%lld)",
          (long long)(r - 1000));
    r = one(m, 0, 0, S, 2000);
    CHECK(r == 2000 + L1LAT, "the load allocated it in L1 (got +%lld)", (long long)(r - 2000));
    r = one(m, 0, 1, S, 3000);
    r = one(m, 0, 0, S, 4000);
    CHECK(r == 4000 + L2LAT, "a store drops the line from L1 (got +%lld)", (long long)(r - 4000));
    const mt_stats_t *s = mt_stats(m);
    CHECK(s->l1_hits == 1 && s->l1_misses == 2 && s->dram_bytes == 0,
          "stats: stores not counted in L1; no DRAM traffic (got %llu %llu %llu)", (unsigned long long)s->l1_hits,
          (unsigned long long)s->l1_misses, (unsigned long long)s->dram_bytes);
    mt_free(m);

    /* dirty eviction: 17 stores into one L2 set of channel 0 at cycle
     * 10000, one per cycle on channel 0; the 17th evicts dirty line L[0]:
     * a write-back burst on DRAM (queue of one: drained at once) in the
     * slot 10016..10020 */
    m = mt_new(d);
    if (!m)
        return;
    uint64_t L[L2WAYS + 1];
    for (int k = 0; k <= L2WAYS; k++)
        L[k] = one_set_line(k);
    for (int k = 0; k < L2WAYS; k++)
        one(m, 0, 1, L[k] * 64, 10000);
    CHECK(mt_stats(m)->dram_bytes == 0, "16 dirty lines in one set: no write-back yet");
    one(m, 0, 1, L[L2WAYS] * 64, 10000);
    CHECK(mt_stats(m)->dram_bytes == 64, "17th line: the dirty LRU line is written back (64 B)");
    /* a cold load of channel 1 (chunk 1) whose DRAM request comes at 10016
     * waits for the write-back's slot */
    CHECK(dram_chunk_channel(256, NCH) == 1, "chunk 1 is on channel 1");
    r = one(m, 0, 0, 256, 10016 - L2LAT);
    CHECK(r == 10020 + XFER + DRAMLAT, "a cold load queues behind the write-back: %d (got %llu)",
          10020 + XFER + DRAMLAT, (unsigned long long)r);
    r = one(m, 0, 0, L[0] * 64, 20000);
    CHECK(r == 20000 + L2LAT + XFER + DRAMLAT, "the evicted line misses L2 (got +%lld)", (long long)(r - 20000));
    mt_free(m);

    /* clean evictions cost nothing */
    m = mt_new(d);
    if (!m)
        return;
    for (int k = 0; k <= L2WAYS; k++)
        one(m, 0, 0, one_set_line(k) * 64, 1000ull * k);
    CHECK(mt_stats(m)->dram_bytes == 64 * (L2WAYS + 1), "17 loads into one set: only the 17 fills move DRAM bytes");
    mt_free(m);
}

static void test_atomics(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    uint64_t A = 0x60000, T = 10000;
    fx_access_t same = acc(1, 4, ALL, A, 0);       /* 64 lanes on one address */
    fx_access_t spread = acc(1, 4, ALL, A, 4);     /* 64 consecutive dwords: 4 lines */
    uint64_t r = mt_vmem_atomic(m, 0, &same, 0, 1, NULL);
    CHECK(r == L2LAT + XFER + DRAMLAT + 63, "cold returning atomic, 64 lanes on one address: the line from DRAM, "
          "then 64 operations one per cycle: %d (got %llu)", L2LAT + XFER + DRAMLAT + 63, (unsigned long long)r);
    r = mt_vmem_atomic(m, 0, &same, T, 1, NULL);
    CHECK(r == T + L2LAT + 63, "warm: L2 latency + 63 (got +%lld)", (long long)(r - T));
    uint64_t r2 = mt_vmem_atomic(m, 1, &same, T + 1, 1, NULL);
    CHECK(r2 == T + 64 + L2LAT + 63, "another CU's atomic on the same line waits for the channel's 64 cycles "
          "(got +%lld)", (long long)(r2 - T));
    r = mt_vmem_atomic(m, 0, &same, 2 * T, 0, NULL);
    CHECK(r == 2 * T + L2LAT, "not returning: done when the request is in the L2 (got +%lld)", (long long)(r - 2 * T));
    fx_access_t warm = acc(0, 4, ALL, A, 4);
    mt_vmem(m, 2, &warm, 3 * T - 2000, NULL);   /* the 4 lines into the L2 */
    r = mt_vmem_atomic(m, 0, &spread, 3 * T, 1, NULL);
    CHECK(r == 3 * T + 3 + L2LAT, "64 lanes on 64 addresses (4 lines, one channel): one cycle a line, "
          "the last back at +3 + L2 latency (got +%lld)", (long long)(r - 3 * T));
    CHECK(mt_stats(m)->l1_hits + mt_stats(m)->l1_misses == 4, "atomics do not look up the L1 (only the warming load did)");
    mt_free(m);
}

/* ---- scalar and instruction caches ----------------------------------------- */

static void test_smem(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    uint64_t r = mt_smem(m, 0, 0x20000, 4, 0);
    CHECK(r == L2LAT + XFER + DRAMLAT + SMEMLAT, "smem cold: L2 and DRAM + smem_latency (got %llu)",
          (unsigned long long)r);
    r = mt_smem(m, 0, 0x20010, 16, 1000);
    CHECK(r == 1000 + SMEMLAT, "smem hit: now + smem_latency (got +%lld)", (long long)(r - 1000));
    r = mt_smem(m, 1, 0x20000, 64, 2000);
    CHECK(r == 2000 + SMEMLAT, "smem from CU 1 (same K$ group of 2): hit (got +%lld)", (long long)(r - 2000));
    r = mt_smem(m, 2, 0x20000, 4, 3000);
    CHECK(r == 3000 + L2LAT + SMEMLAT, "smem from CU 2 (other group): K$ miss, L2 hit (got +%lld)",
          (long long)(r - 3000));
    /* 64 bytes over two lines: the first hits, the second (asked at
     * now + 1) misses L2; its DRAM request at 4201 takes the bus slot
     * starting at 4204 (bursts start on multiples of XFER) */
    r = mt_smem(m, 0, 0x20020, 64, 4000);
    CHECK(r == 4204 + XFER + DRAMLAT + SMEMLAT, "smem over two lines: the missing one decides (got +%lld)",
          (long long)(r - 4000));
    const mt_stats_t *s = mt_stats(m);
    CHECK(s->k_hits == 3 && s->k_misses == 3 && s->l1_hits + s->l1_misses == 0,
          "stats: K$ 3 hits 3 misses, vector L1 untouched (got %llu %llu)", (unsigned long long)s->k_hits,
          (unsigned long long)s->k_misses);
    mt_free(m);
}

static void test_ifetch(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    uint64_t r = mt_ifetch(m, 0, 0x30004, 0);
    CHECK(r == L2LAT + XFER + DRAMLAT, "ifetch cold: from DRAM (got %llu)", (unsigned long long)r);
    r = mt_ifetch(m, 0, 0x3003c, 100);
    CHECK(r == L2LAT + XFER + DRAMLAT, "ifetch same line while it is filled: hit under miss, waits for the fill (got %llu)",
          (unsigned long long)r);
    r = mt_ifetch(m, 0, 0x3003c, 1000);
    CHECK(r == 1000, "ifetch same line after the fill: hit, available now (got %llu)", (unsigned long long)r);
    r = mt_ifetch(m, 1, 0x30000, 1200);
    CHECK(r == 1200, "ifetch from CU 1 (same I$ group): hit (got %llu)", (unsigned long long)r);
    r = mt_ifetch(m, 3, 0x30000, 1300);
    CHECK(r == 1300 + L2LAT, "ifetch from CU 3 (other group): L2 hit (got %llu)", (unsigned long long)r);
    r = mt_ifetch(m, 0, 0x30040, 1400);
    CHECK(r == 1400 + L2LAT + XFER + DRAMLAT, "ifetch next line: miss (got %llu)", (unsigned long long)r);
    const mt_stats_t *s = mt_stats(m);
    CHECK(s->i_hits == 3 && s->i_misses == 3 && s->l2_hits == 1 && s->l2_misses == 2,
          "stats: I$ 3 hits 3 misses, L2 1 hit 2 misses");
    mt_free(m);
}

/* ---- reset and determinism -------------------------------------------------- */

enum { SEQ = 400 };

/* A mixed sequence of accesses with data addresses from base; results
 * into out[SEQ]. */
static void run_seq_at(mt_t *m, uint64_t base, uint64_t *out)
{
    uint64_t s = 12345, now = 0;
    for (int k = 0; k < SEQ; k++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        unsigned kind = (unsigned)(s >> 60) % 4, cu = (unsigned)(s >> 40) % CUS;
        now += (s >> 20) % 50;
        fx_access_t a;
        switch (kind) {
        case 0:
        case 1:
            a = acc(kind, 4, ALL, ((s >> 8) % 4096) * 64, (s & 1) ? 4 : 64);
            if (s & 2)
                for (unsigned l = 0; l < 64; l++)
                    a.addr[l] = ((a.addr[l] * 2654435761u) >> 3) % (1u << 22);
            for (unsigned l = 0; l < 64; l++)
                a.addr[l] += base;
            out[k] = mt_vmem(m, cu, &a, now, NULL);
            break;
        case 2:
            out[k] = mt_smem(m, cu, base + (s >> 8) % (1u << 16), 4u << (s % 5), now);
            break;
        default:
            out[k] = mt_ifetch(m, cu, (s >> 8) % (1u << 14), now);
        }
    }
}

static void run_seq(mt_t *m, uint64_t *out)
{
    run_seq_at(m, 0, out);
}

/* mt_alias: the same accesses to a range at two host addresses, each
 * timed at one address, give the same cycles and statistics (the bases
 * differ in the bits that pick L2 sets, channels and DRAM rows, so
 * without it they differ); accesses outside the ranges and after
 * mt_reset are timed where they are. */
static void test_alias(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    static uint64_t o1[SEQ], o2[SEQ], o3[SEQ], o4[SEQ], o0[SEQ];
    const uint64_t x1 = 0x555555761000ull, x2 = 0x55555f2b3000ull, t = 0x810000000000ull, len = 1u << 23;
    run_seq_at(m, x1, o3);
    mt_stats_t s3 = *mt_stats(m);
    mt_reset(m);
    run_seq_at(m, x2, o4);
    CHECK(memcmp(o3, o4, sizeof o3) != 0, "without mt_alias the sequence at two host addresses times differently");
    mt_reset(m);
    mt_alias_t a1 = {x1, len, t}, a2 = {x2, len, t}, junk = {x1 + 1, 64, t};
    CHECK(mt_alias(m, &a1, 1) == 0, "mt_alias takes a range");
    run_seq_at(m, x1, o1);
    mt_stats_t s1 = *mt_stats(m);
    mt_reset(m);
    mt_alias(m, &a2, 1);
    run_seq_at(m, x2, o2);
    CHECK(memcmp(o1, o2, sizeof o1) == 0 && memcmp(&s1, mt_stats(m), sizeof s1) == 0,
          "mt_alias: the sequence at two host addresses timed at one gives the same cycles and statistics");
    mt_reset(m);
    run_seq_at(m, t, o0);
    CHECK(memcmp(o0, o1, sizeof o0) == 0, "mt_alias: as if the accesses were at the range's timing address");
    mt_reset(m);
    mt_alias(m, &junk, 1);   /* not aligned alike within a line: left as it is */
    run_seq_at(m, x1, o1);
    CHECK(memcmp(o1, o3, sizeof o1) == 0 && memcmp(&s3, mt_stats(m), sizeof s3) == 0,
          "mt_alias: a range whose timing address is not line-aligned like it is left where it is");
    mt_reset(m);
    mt_alias(m, &a2, 1);   /* a range elsewhere: x1's accesses untouched */
    run_seq_at(m, x1, o1);
    CHECK(memcmp(o1, o3, sizeof o1) == 0, "mt_alias: accesses outside every range are timed where they are");
    mt_alias(m, &a1, 1);
    mt_reset(m);
    run_seq_at(m, x1, o1);
    CHECK(memcmp(o1, o3, sizeof o1) == 0, "mt_reset forgets mt_alias's ranges");
    mt_free(m);
}

static void test_reset_determinism(const device_t *d)
{
    mt_t *m1 = mt_new(d), *m2 = mt_new(d);
    if (!m1 || !m2) {
        mt_free(m1);
        mt_free(m2);
        return;
    }
    static uint64_t o1[SEQ], o2[SEQ], o3[SEQ];
    run_seq(m1, o1);
    run_seq(m2, o2);
    CHECK(memcmp(o1, o2, sizeof o1) == 0 && memcmp(mt_stats(m1), mt_stats(m2), sizeof(mt_stats_t)) == 0,
          "determinism: two memory systems give the same cycles and statistics");
    mt_stats_t st = *mt_stats(m1);
    mt_reset(m1);
    const mt_stats_t *s = mt_stats(m1);
    CHECK(s->l1_hits + s->l1_misses + s->l2_hits + s->l2_misses + s->k_hits + s->k_misses + s->i_hits + s->i_misses +
                  s->dram_bytes ==
              0,
          "mt_reset clears the statistics");
    run_seq(m1, o3);
    CHECK(memcmp(o1, o3, sizeof o1) == 0 && memcmp(&st, mt_stats(m1), sizeof st) == 0,
          "after mt_reset the same sequence gives the same cycles (cold caches, free channels and DRAM)");
    CHECK(st.l1_hits && st.l1_misses && st.l2_hits && st.k_hits && st.i_hits && st.dram_bytes,
          "the sequence exercises hits and misses at every level");
    mt_reset(m1);
    fx_access_t a = acc(0, 4, ALL, 0x10000, 4);
    uint64_t r = mt_vmem(m1, 0, &a, 1000, NULL);
    CHECK(r == 1000 + L2LAT + 4 * XFER + DRAMLAT, "after mt_reset a coalesced load misses everywhere again (got %llu)",
          (unsigned long long)r);
    /* the release after a reset writes back only the dirty lines of the
     * accesses since: m2's from its run, never released, are forgotten */
    mt_reset(m2);
    fx_access_t st4 = acc(1, 4, ALL, 0x20000, 4);   /* a store of 4 lines */
    mt_vmem(m2, 0, &st4, 10, NULL);
    mt_release(m2);
    uint64_t w = mt_stats(m2)->release_writes;
    mt_release(m2);
    CHECK(w == 4 && mt_stats(m2)->release_writes == 4,
          "mt_release after mt_reset and one store: its 4 dirty lines (got %llu), none left after", (unsigned long long)w);
    mt_free(m1);
    mt_free(m2);
}

/* mt_free keeps a memory system for the next mt_new of the same device:
 * it then behaves as a new one (cycles, statistics, nothing served or
 * translated yet); another device's mt_new does not get it. */
static void test_kept(const device_t *d)
{
    static uint64_t o1[SEQ], o2[SEQ];
    mt_t *m = mt_new(d);
    if (!m)
        return;
    run_seq(m, o1);
    mt_stats_t st = *mt_stats(m);
    uint64_t mid = o1[SEQ / 2], r_mid = mt_dram_read_lines_before(m, mid);   /* the later ones left counted */
    mt_free(m);
    mt_t *m2 = mt_new(d);
    if (!m2)
        return;
    CHECK(m2 == m && mt_served(m2) == MT_SRC_NONE && mt_translated(m2) == 0 && mt_stats(m2)->l1_misses == 0 &&
              mt_stats(m2)->dram_bytes == 0,
          "mt_new after mt_free of the same device: the memory system kept, as new");
    run_seq(m2, o2);
    CHECK(memcmp(o1, o2, sizeof o1) == 0 && memcmp(&st, mt_stats(m2), sizeof st) == 0,
          "the kept memory system gives a new one's cycles and statistics");
    uint64_t r2 = mt_dram_read_lines_before(m2, mid), rall = mt_dram_read_lines_before(m2, UINT64_MAX);
    CHECK(r_mid > 0 && r2 == r_mid && rall == st.dram_reads && rall > r_mid,
          "the kept memory system's DRAM reads over time: %llu by cycle %llu, %llu in all (got %llu, %llu)",
          (unsigned long long)r_mid, (unsigned long long)mid, (unsigned long long)st.dram_reads,
          (unsigned long long)r2, (unsigned long long)rall);
    device_t other = *d;
    other.p[DEV_l2_ways] *= 2;
    mt_free(m2);
    mt_t *m3 = mt_new(&other);
    CHECK(m3 && m3 != m2, "another device's mt_new allocates its own");
    mt_free(m3);
    mt_t *m4 = mt_new(d);
    if (!m4)
        return;
    memset(o2, 0, sizeof o2);
    run_seq(m4, o2);
    CHECK(memcmp(o1, o2, sizeof o1) == 0 && memcmp(&st, mt_stats(m4), sizeof st) == 0,
          "after the other device's, a new one for the first gives the same cycles");
    mt_free(m4);
}

/* mt_release counts each dirty L2 line once: stores to half the L2's
 * lines (each made dirty once), the same lines stored again after a
 * release, and three times the L2's lines streamed through it (every
 * line then dirty, many more made dirty than the L2 holds). */
static void test_release(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    unsigned lines = 256 * 1024 / 64, got[3];
    uint64_t now = 0;
    for (int round = 0; round < 3; round++) {
        unsigned n = round < 2 ? lines / 2 : 3 * lines;
        for (unsigned k = 0; k < n; k += 4) {   /* 4 lines a store */
            fx_access_t a = acc(1, 4, ALL, 0x100000 + 64ull * k, 4);
            mt_vmem(m, 0, &a, now += 8, NULL);
        }
        uint64_t before = mt_stats(m)->release_writes;
        mt_release(m);
        got[round] = (unsigned)(mt_stats(m)->release_writes - before);
    }
    CHECK(got[0] == lines / 2 && got[1] == lines / 2 && got[2] == lines,
          "mt_release: %u, %u and %u dirty lines (got %u, %u, %u)", lines / 2, lines / 2, lines, got[0], got[1], got[2]);
    mt_free(m);
    /* an L2 of 2 sets of 8 ways on one channel (even lines in set 0, odd in
     * set 1): 25 lines stored into set 0 (17 of them evict a dirty one),
     * then one into set 1: 9 dirty lines */
    device_t small = *d;
    small.p[DEV_l2_kib] = 1;
    small.p[DEV_l2_ways] = 8;
    small.p[DEV_l2_channels] = 1;
    if (!(m = mt_new(&small)))
        return;
    for (unsigned k = 0; k <= 25; k++) {
        fx_access_t a = acc(1, 4, 1, k < 25 ? 128ull * k : 64, 0);
        mt_vmem(m, 0, &a, 100 + 10 * k, NULL);
    }
    mt_release(m);
    CHECK(mt_stats(m)->release_writes == 9, "mt_release after a set's lines were evicted dirty: 9 lines (got %llu)",
          (unsigned long long)mt_stats(m)->release_writes);
    mt_free(m);
}

static void test_new_edge(void)
{
    device_t d;
    memset(&d, 0, sizeof d);   /* every parameter 0: one set, one way, free DRAM */
    mt_t *m = mt_new(&d);
    CHECK(m != NULL, "mt_new with zero parameters");
    if (!m)
        return;
    fx_access_t a = acc(0, 4, ALL, 0, 4);
    uint64_t r = mt_vmem(m, 7, &a, 10, NULL);
    CHECK(r == 13, "zero latencies, infinite bandwidth: line 3 at now + 3 (got %llu)", (unsigned long long)r);
    a.mask = 0;
    CHECK(mt_vmem(m, 0, &a, 77, NULL) == 77, "no lane: done at now");
    mt_free(m);
    mt_free(NULL);
}

/* Every preset builds a memory system that times a cold and a warm load
 * (no preset value is assumed: only that a miss is not faster than a hit
 * and both are not before now). */
static void test_presets(void)
{
    size_t n = dev_preset_count();
    CHECK(n > 0, "device presets exist");
    for (size_t i = 0; i < n; i++) {
        const device_t *d = dev_preset_at(i);
        mt_t *m = mt_new(d);
        CHECK(m != NULL, "mt_new(%s)", d->name);
        if (!m)
            continue;
        fx_access_t a = acc(0, 4, ALL, 0x100000, 4);
        uint64_t cold = mt_vmem(m, d->p[DEV_cus] - 1, &a, 1000, NULL), warm = mt_vmem(m, d->p[DEV_cus] - 1, &a, 1000, NULL);
        CHECK(cold >= warm && warm >= 1000 + 3 && mt_stats(m)->l1_hits == 4,
              "%s: cold load %llu >= warm load %llu >= now + 3", d->name, (unsigned long long)cold,
              (unsigned long long)warm);
        mt_free(m);
    }
}

/* ---- speed (reported, not checked) -------------------------------------- */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void speed(const device_t *d)
{
    mt_t *m = mt_new(d);
    if (!m)
        return;
    enum { N = 200000 };
    fx_access_t a = acc(0, 4, ALL, 0, 4);
    uint64_t sink = 0;
    unsigned cus = d->p[DEV_cus] ? d->p[DEV_cus] : 1;
    double t0 = now_ns();
    for (int k = 0; k < N; k++) {
        a.addr[0] = 0;   /* keep the compiler honest */
        sink += mt_vmem(m, k % cus, &a, (uint64_t)k * 4, NULL);
    }
    double t1 = now_ns();
    for (int k = 0; k < N; k++) {
        for (unsigned l = 0; l < 64; l++)
            a.addr[l] = ((uint64_t)k * 256 + l * 4) % (1u << 26);
        sink += mt_vmem(m, k % cus, &a, (uint64_t)k * 4, NULL);
    }
    double t2 = now_ns();
    for (unsigned l = 0; l < 64; l++)
        a.addr[l] = (rnd() % (1u << 24)) * 4;
    for (int k = 0; k < N; k++) {
        a.addr[k & 63] = (rnd() % (1u << 24)) * 4;
        sink += mt_vmem(m, k % cus, &a, (uint64_t)k * 4, NULL);
    }
    double t3 = now_ns();
    printf("speed (%s): mt_vmem 64-lane b32 coalesced load: %.0f ns/call (L1 hits), %.0f ns/call (streaming, "
           "misses); scattered 64 lines: %.0f ns/call  [%llu]\n",
           d->name, (t1 - t0) / N, (t2 - t1) / N, (t3 - t2) / N, (unsigned long long)(sink & 1));
    mt_free(m);
}

/* mt_served: the level of an access's slowest line (memtime.h). */
static void test_served(const device_t *d)
{
    mt_t *m = mt_new(d);
    fx_access_t a = acc(0, 4, ALL, 0x10000, 4), b = acc(0, 4, ALL, 0x20000, 4);
    mt_vmem(m, 0, &a, 0, NULL);
    CHECK(mt_served(m) == MT_SRC_DRAM, "served: 4 lines never read come from DRAM");
    mt_vmem(m, 0, &a, 10000, NULL);
    CHECK(mt_served(m) == MT_SRC_L1, "served: the same lines on the same CU, long after: the L1");
    mt_vmem(m, 1, &a, 20000, NULL);
    CHECK(mt_served(m) == MT_SRC_L2, "served: the same lines on another CU: the L2");
    mt_vmem(m, 0, &b, 30000, NULL);
    mt_vmem(m, 0, &b, 30001, NULL);
    CHECK(mt_served(m) == MT_SRC_DRAM, "served: an L1 hit on lines still coming from DRAM counts as DRAM");
    mt_vmem(m, 1, &b, 30002, NULL);
    CHECK(mt_served(m) == MT_SRC_DRAM, "served: an L2 hit on lines still coming from DRAM counts as DRAM");
    fx_access_t mix = acc(0, 4, 3, 0x10000, 0x20000);   /* lane 0 in CU 0's L1, lane 1 never read */
    mt_vmem(m, 0, &mix, 40000, NULL);
    CHECK(mt_served(m) == MT_SRC_DRAM, "served: an L1 hit and a miss to DRAM: the slowest, DRAM");
    fx_access_t st = acc(1, 4, ALL, 0x50000, 4);
    mt_vmem(m, 0, &st, 50000, NULL);
    CHECK(mt_served(m) == MT_SRC_L2, "served: a store's lines: the L2");
    fx_access_t none = acc(0, 4, 0, 0x60000, 4);
    mt_vmem(m, 0, &none, 60000, NULL);
    CHECK(mt_served(m) == MT_SRC_NONE, "served: no lane active: none");
    mt_smem(m, 0, 0x70000, 16, 70000);
    CHECK(mt_served(m) == MT_SRC_DRAM, "served: a scalar read of a line never read: DRAM");
    mt_smem(m, 1, 0x70000, 16, 80000);
    CHECK(mt_served(m) == MT_SRC_L1, "served: the same line from a CU sharing the scalar cache: the scalar cache");
    mt_smem(m, 2, 0x70000, 16, 90000);
    CHECK(mt_served(m) == MT_SRC_L2, "served: from a CU of the other scalar cache: the L2");
    mt_free(m);
}

int main(void)
{
    device_t d = test_device();
    test_lds();
    test_lds_random();
    test_lines_random();
    test_lines_order();
    test_addr();
    test_lines();
    test_l1(&d);
    test_l1_odd_sets(&d);
    test_channels(&d);
    test_dram(&d);
    test_stores(&d);
    test_atomics(&d);
    test_smem(&d);
    test_ifetch(&d);
    test_served(&d);
    test_reset_determinism(&d);
    test_alias(&d);
    test_kept(&d);
    test_release(&d);
    test_new_edge();
    test_presets();
    speed(&d);
    if (dev_preset("vega-64"))
        speed(dev_preset("vega-64"));
    return check_done();
}
