/* test_dram.c — the device-memory timing (sim/dram.h) against arithmetic
 * from its rules: the channel map, open-row hits, activations (row cost
 * and spacing), refresh windows, write batches with their turnarounds,
 * and the streaming efficiency these give.  The device is filled in by
 * hand: 1000 MHz (1 cycle = 1 ns), one channel of 16 GB/s (a 64-byte
 * burst every 4 ns), so every expectation is a sum of the numbers below. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "sim/dram.h"
#include "tests/unit/check.h"

enum { SLOT = 4, ROW = 20, ACT = 6, BANKS = 4, PAGE = 512 };

static device_t dev(void)
{
    device_t d;
    memset(&d, 0, sizeof d);
    d.name = "test";
    d.p[DEV_clock_mhz] = 1000;
    d.p[DEV_dram_gbps] = 16;
    d.p[DEV_dram_channels] = 1;
    d.p[DEV_dram_banks] = BANKS;
    d.p[DEV_dram_page] = PAGE;          /* two 256-byte chunks per row */
    d.p[DEV_dram_row_ns] = ROW;
    d.p[DEV_dram_act_ns] = ACT;
    d.p[DEV_dram_refi_ns] = 100000;
    d.p[DEV_dram_rfc_ns] = 0;           /* no refresh unless a test sets it */
    d.p[DEV_dram_wq] = 1;
    return d;
}

/* Address of the z-th row-sized block of the channel: with one channel,
 * bytes [z * PAGE, (z + 1) * PAGE). */
static uint64_t block(uint64_t z)
{
    return z * PAGE;
}

static void test_map(void)
{
    static const uint32_t ns[] = {4, 12, 16, 32};
    for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        uint32_t n = ns[i], seen = 0, ok = 1;
        uint64_t used[64] = {0};
        for (uint64_t c = 7 * n; c < 8 * n; c++) {   /* one group of n consecutive chunks */
            uint32_t ch = dram_chunk_channel(c * 256, n);
            ok &= ch < n && !used[ch];
            used[ch] = 1;
        }
        CHECK(ok, "%u channels: n consecutive chunks take n different channels", n);
        /* 64 accesses with a stride of n chunks (a naive chunk mod n map
         * puts them all on one channel): spread over most channels */
        for (unsigned k = 0; k < 8; k++) {
            memset(used, 0, sizeof used);
            seen = 0;
            uint64_t stride = (uint64_t)n * 256 << k;
            for (uint64_t j = 0; j < 64; j++) {
                uint32_t ch = dram_chunk_channel(0x40000000 + j * stride, n);
                seen += !used[ch];
                used[ch] = 1;
            }
            CHECK(seen * 2 >= n, "%u channels, stride %llu B: 64 accesses reach %u channels (at least half)", n,
                  (unsigned long long)stride, seen);
        }
        CHECK(dram_chunk_channel(0x1234 * 256 + 255, n) == dram_chunk_channel(0x1234 * 256, n),
              "%u channels: a chunk's bytes share its channel", n);
    }
    CHECK(dram_chunk_channel(0xdeadbeef00ull, 1) == 0, "one channel: always 0");
}

static void test_rows(void)
{
    device_t d = dev();
    dram_t *m = dram_new(&d);
    CHECK(m != NULL, "dram_new");
    if (!m)
        return;
    /* a read at 100: activation at 100, row open at 120, first slot at or
     * after 120: 120..124 */
    uint64_t r = dram_read(m, block(0), 100);
    CHECK(r == 100 + ROW + SLOT, "closed bank: activate (%d) then one burst: %d (got %llu)", ROW,
          100 + ROW + SLOT, (unsigned long long)r);
    /* the same row at 100 again: a hit, the next free slot 124..128 */
    r = dram_read(m, block(0) + 64, 100);
    CHECK(r == 100 + ROW + 2 * SLOT, "open row: the next slot (got %llu)", (unsigned long long)r);
    /* another bank at 100: activation no earlier than 100 + ACT (spacing):
     * open at 126, slot 128..132 */
    r = dram_read(m, block(1), 100);
    CHECK(r == 128 + SLOT, "other bank: activation %d ns after the previous, slot at 128 (got %llu)", ACT,
          (unsigned long long)r);
    const dram_stats_t *s = dram_stats(m);
    CHECK(s->row_hits == 1 && s->row_misses == 2, "stats: 1 row hit, 2 misses (got %llu %llu)",
          (unsigned long long)s->row_hits, (unsigned long long)s->row_misses);
    dram_free(m);

    /* a row conflict: two rows of one bank, one read each at time 0 and a
     * read of the first row again: every access re-opens its row */
    m = dram_new(&d);
    if (!m)
        return;
    uint64_t other = 0;
    for (uint64_t z = 1; z < 64 && !other; z++) {   /* a block of the same bank as block 0, another row */
        dram_reset(m);
        dram_read(m, block(0), 0);
        uint64_t a = dram_read(m, block(z), 0);
        if (dram_stats(m)->row_misses == 2 && a >= ROW + SLOT + ROW + SLOT)
            other = z;
    }
    /* block z is row z / BANKS, bank (z + fold(row)) mod BANKS; row 1
     * (blocks 4..7) is offset by 1: bank 0 is block 7 */
    CHECK(other == 7, "the block of bank 0's row 1 is 7 (the row fold shifts row 1 by a bank; got %llu)",
          (unsigned long long)other);
    dram_reset(m);
    r = dram_read(m, block(0), 0);
    uint64_t r2 = dram_read(m, block(other), 0);
    CHECK(r == ROW + SLOT && r2 == ROW + SLOT + ROW + SLOT,
          "row conflict: the second row opens after the first's burst (%d) and its own activation: %d (got %llu %llu)",
          ROW + SLOT, 2 * (ROW + SLOT), (unsigned long long)r, (unsigned long long)r2);
    dram_free(m);
}

static void test_refresh(void)
{
    device_t d = dev();
    d.p[DEV_dram_refi_ns] = 1000;
    d.p[DEV_dram_rfc_ns] = 100;   /* one channel: windows at 1000..1100, 2000..2100, ... */
    dram_t *m = dram_new(&d);
    if (!m)
        return;
    uint64_t r = dram_read(m, block(0), 500);
    CHECK(r == 500 + ROW + SLOT, "before the first refresh: no effect (got %llu)", (unsigned long long)r);
    r = dram_read(m, block(0) + 64, 1020);
    CHECK(r == 1100 + ROW + SLOT, "a read in the refresh window waits for its end, and its row is closed: %d (got %llu)",
          1100 + ROW + SLOT, (unsigned long long)r);
    r = dram_read(m, block(0) + 128, 1500);
    CHECK(r == 1500 + SLOT, "after it, the re-opened row hits (got %llu)", (unsigned long long)r);
    CHECK(dram_stats(m)->refresh_waits >= 1, "stats: a refresh wait counted");
    dram_free(m);
}

static void test_writes(void)
{
    device_t d = dev();
    d.p[DEV_dram_wq] = 4;
    d.p[DEV_dram_turn_ns] = 8;   /* two slots each side */
    dram_t *m = dram_new(&d);
    if (!m)
        return;
    uint64_t r = dram_read(m, block(0), 0);   /* opens the row: ends at 24 */
    for (int k = 0; k < 3; k++)
        dram_write(m, block(0) + 64 * (unsigned)k, 1000);
    r = dram_read(m, block(0) + 192, 1000);
    CHECK(r == 1000 + SLOT, "three queued writes take no bus time (got %llu)", (unsigned long long)r);
    dram_write(m, block(0) + 192, 2000);   /* the 4th: drained at 2000 */
    CHECK(dram_stats(m)->writes == 4 && dram_stats(m)->turnarounds == 1, "a batch of 4 writes drained");
    /* the bus from 2000: 2 turnaround slots, 4 bursts, 2 turnaround slots
     * = 8 slots: a read wanted at 2000 takes slot 2032..2036 */
    r = dram_read(m, block(0), 2000);
    CHECK(r == 2000 + 8 * SLOT + SLOT, "a read after the batch: %d (got %llu)", 2000 + 9 * SLOT,
          (unsigned long long)r);
    dram_free(m);
}

/* Streaming: N sequential lines all wanted at time 0 on one channel of 16
 * banks with 2 KiB rows: activations hide behind other banks' bursts, so
 * the bus is busy but for refresh: efficiency = 1 - rfc / refi within a
 * slot per refresh window; with the activation spacing larger than 32
 * bursts per row, activations would limit it instead. */
static void test_stream(void)
{
    device_t d = dev();
    d.p[DEV_dram_banks] = 16;
    d.p[DEV_dram_page] = 2048;
    d.p[DEV_dram_refi_ns] = 2000;
    d.p[DEV_dram_rfc_ns] = 100;
    dram_t *m = dram_new(&d);
    if (!m)
        return;
    enum { N = 1 << 15 };
    uint64_t end = 0;
    for (uint64_t i = 0; i < N; i++) {
        uint64_t r = dram_read(m, i * 64, 0);
        end = r > end ? r : end;
    }
    double eff = (double)N * SLOT / (double)end, want = 1.0 - 100.0 / 2000.0;
    CHECK(eff <= want + 0.001 && eff >= want - 0.01,
          "streaming %d lines: bus efficiency %.4f = 1 - rfc/refi = %.4f (-1%%)", N, eff, want);
    const dram_stats_t *s = dram_stats(m);
    CHECK(s->row_misses >= (uint64_t)N / 32 && s->row_misses <= (uint64_t)N / 32 + N / 32 / 8,
          "streaming: one activation per 2 KiB row, and one per refresh that closed rows (%llu)",
          (unsigned long long)s->row_misses);
    dram_free(m);
}

/* Parameters at the ends of their ranges finish (no endless search for a
 * slot outside refresh windows, no endless turnaround). */
static void test_extremes(void)
{
    device_t d = dev();
    d.p[DEV_clock_mhz] = 5000;
    d.p[DEV_dram_gbps] = 1;          /* a burst of 64 ns x 1 channel: longer than the refresh gap */
    d.p[DEV_dram_refi_ns] = 100;
    d.p[DEV_dram_rfc_ns] = 99;
    d.p[DEV_dram_turn_ns] = 1000;
    d.p[DEV_dram_wq] = 1;
    dram_t *m = dram_new(&d);
    CHECK(m != NULL, "extreme parameters: dram_new");
    if (!m)
        return;
    uint64_t r = 0;
    for (int i = 0; i < 100; i++) {
        r = dram_read(m, (uint64_t)i * 4096, (uint64_t)i);
        dram_write(m, (uint64_t)i * 4096 + 64, (uint64_t)i);
    }
    CHECK(r > 0, "extreme parameters: 100 reads and writes finish (last read at %llu)", (unsigned long long)r);
    dram_free(m);
    d = dev();
    d.p[DEV_clock_mhz] = 1;
    d.p[DEV_dram_gbps] = 100000;     /* a burst far shorter than the turnaround */
    d.p[DEV_dram_turn_ns] = 1000;
    m = dram_new(&d);
    if (!m)
        return;
    for (int i = 0; i < 100; i++)
        dram_write(m, (uint64_t)i * 64, (uint64_t)i);
    CHECK(dram_stats(m)->turnarounds == 100, "a turnaround of thousands of bursts: 100 write batches finish");
    dram_free(m);
}

int main(void)
{
    test_extremes();
    test_map();
    test_rows();
    test_refresh();
    test_writes();
    test_stream();
    return check_done();
}
