/* test_sem_smem.c — semantics of the scalar memory instructions: SMRD
 * (gfx6/gfx7) and SMEM (gfx8/gfx9) loads with every offset form, buffer
 * loads bounded by the descriptor's num_records, gfx8/gfx9 stores, gfx9
 * atomics, s_memtime/s_memrealtime, cache controls and the faults of
 * accesses outside every allocation.
 *
 * Encodings come from llvm-mc-15 (gfx601, gfx701) and llvm-mc-16 (gfx803,
 * gfx900).  Memory holds dword k = 0xa5000000 + k; expected values are the
 * dword indices worked out by hand from the offset rules (SMRD offsets in
 * dwords, SMEM in bytes, low two address bits ignored).
 *
 * Load rows: s[20:21] = buffer + base_add, s22 = m0 = soff, the buffer
 * descriptor s[24:27] has the buffer's base, stride 0 and num_records =
 * nrec (-1: not a buffer instruction).  After one step s[0:n-1] must hold
 * dwords start.. start+n-1, the last n - nvalid of them 0 (out of the
 * buffer's range), and s[n:15] must be untouched. */
#include <stdio.h>
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

static const char *const targets[4] = {"gfx601", "gfx701", "gfx803", "gfx900"};

enum { BUF_DW = 1024 };

typedef struct {
    const char *text;
    uint32_t e67[2], e89[2];
    uint8_t gens;
    uint32_t base_add, soff;
    int64_t nrec;
    unsigned start, n, nvalid;
} ld_vec_t;

static const ld_vec_t ld[] = {
    /* SMRD immediate dword offsets (gfx6/gfx7) */
    {"s_load_dword s0, s[20:21], 0x4", {0xc0001504}, {0}, 0x3, 0, 0, -1, 4, 1, 1},
    {"s_load_dwordx2 s[0:1], s[20:21], 0x3", {0xc0401503}, {0}, 0x3, 0, 0, -1, 3, 2, 2},
    {"s_load_dwordx4 s[0:3], s[20:21], 0x5", {0xc0801505}, {0}, 0x3, 0, 0, -1, 5, 4, 4},
    {"s_load_dwordx8 s[0:7], s[20:21], 0x8", {0xc0c01508}, {0}, 0x3, 0, 0, -1, 8, 8, 8},
    {"s_load_dwordx16 s[0:15], s[20:21], 0x10", {0xc1001510}, {0}, 0x3, 0, 0, -1, 16, 16, 16},
    {"s_load_dword s0, s[20:21], 0x1", {0xc0001501}, {0}, 0x3, 2, 0, -1, 1, 1, 1},
    {"s_load_dword s0, s[20:21], 0xff", {0xc00015ff}, {0}, 0x3, 0, 0, -1, 255, 1, 1},
    {"s_load_dword s0, s[20:21], 0x100", {0xc00014ff, 0x00000100}, {0}, 0x2, 0, 0, -1, 256, 1, 1},
    {"s_load_dword s0, s[20:21], 0x3fc", {0xc00014ff, 0x000003fc}, {0}, 0x2, 0, 0, -1, 1020, 1, 1},
    {"s_buffer_load_dword s0, s[24:27], 0x2", {0xc2001902}, {0}, 0x3, 0, 0, 256, 2, 1, 1},
    {"s_buffer_load_dwordx4 s[0:3], s[24:27], 0x4", {0xc2801904}, {0}, 0x3, 0, 0, 24, 4, 4, 2},
    {"s_buffer_load_dwordx2 s[0:1], s[24:27], 0x5", {0xc2401905}, {0}, 0x3, 0, 0, 21, 5, 2, 1},
    {"s_buffer_load_dwordx8 s[0:7], s[24:27], 0x0", {0xc2c01900}, {0}, 0x3, 0, 0, 0, 0, 8, 0},
    {"s_buffer_load_dwordx16 s[0:15], s[24:27], 0x1", {0xc3001901}, {0}, 0x3, 0, 0, 4096, 1, 16, 16},
    /* SGPR byte offsets (all generations; m0 on gfx8/gfx9) */
    {"s_load_dword s0, s[20:21], s22", {0xc0001416}, {0xc000000a, 0x00000016}, 0xf, 0, 0x1c, -1, 7, 1, 1},
    {"s_load_dword s0, s[20:21], s22", {0xc0001416}, {0xc000000a, 0x00000016}, 0xf, 0, 0x1f, -1, 7, 1, 1},
    {"s_load_dwordx2 s[0:1], s[20:21], s22", {0xc0401416}, {0xc004000a, 0x00000016}, 0xf, 0, 0x20, -1, 8, 2, 2},
    {"s_load_dwordx4 s[0:3], s[20:21], s22", {0xc0801416}, {0xc008000a, 0x00000016}, 0xf, 8, 0x20, -1, 10, 4, 4},
    {"s_buffer_load_dword s0, s[24:27], s22", {0xc2001816}, {0xc020000c, 0x00000016}, 0xf, 0, 0x40, 0x44, 16, 1, 1},
    {"s_buffer_load_dword s0, s[24:27], s22", {0xc2001816}, {0xc020000c, 0x00000016}, 0xf, 0, 0x44, 0x44, 17, 1, 0},
    {"s_buffer_load_dwordx2 s[0:1], s[24:27], s22", {0xc2401816}, {0xc024000c, 0x00000016}, 0xf, 0, 0xfffffffc, 0x1000, 0, 2, 0},
    {"s_load_dword s0, s[20:21], m0", {0xc000147c}, {0xc000000a, 0x0000007c}, 0xf, 0, 0x44, -1, 17, 1, 1},
    /* SMEM byte offsets (gfx8/gfx9) */
    {"s_load_dword s0, s[20:21], 0x10", {0}, {0xc002000a, 0x00000010}, 0xc, 0, 0, -1, 4, 1, 1},
    {"s_load_dwordx2 s[0:1], s[20:21], 0xc", {0}, {0xc006000a, 0x0000000c}, 0xc, 0, 0, -1, 3, 2, 2},
    {"s_load_dwordx4 s[0:3], s[20:21], 0x3f", {0}, {0xc00a000a, 0x0000003f}, 0xc, 0, 0, -1, 15, 4, 4},
    {"s_load_dwordx8 s[0:7], s[20:21], 0x20", {0}, {0xc00e000a, 0x00000020}, 0xc, 0, 0, -1, 8, 8, 8},
    {"s_load_dwordx16 s[0:15], s[20:21], 0x40", {0}, {0xc012000a, 0x00000040}, 0xc, 0, 0, -1, 16, 16, 16},
    {"s_load_dword s0, s[20:21], 0xffc", {0}, {0xc002000a, 0x00000ffc}, 0xc, 0, 0, -1, 1023, 1, 1},
    {"s_load_dword s0, s[20:21], 0x6", {0}, {0xc002000a, 0x00000006}, 0xc, 2, 0, -1, 2, 1, 1},
    {"s_buffer_load_dword s0, s[24:27], 0x8", {0}, {0xc022000c, 0x00000008}, 0xc, 0, 0, 256, 2, 1, 1},
    {"s_buffer_load_dwordx4 s[0:3], s[24:27], 0x10", {0}, {0xc02a000c, 0x00000010}, 0xc, 0, 0, 24, 4, 4, 2},
    {"s_buffer_load_dwordx8 s[0:7], s[24:27], 0x0", {0}, {0xc02e000c, 0x00000000}, 0xc, 0, 0, 0, 0, 8, 0},
    /* gfx9: signed offsets and soe */
    {"s_load_dword s0, s[20:21], -0x8", {0}, {0xc002000a, 0x001ffff8}, 0x8, 0x40, 0, -1, 14, 1, 1},
    {"s_load_dwordx2 s[0:1], s[20:21], -0x40", {0}, {0xc006000a, 0x001fffc0}, 0x8, 0x100, 0, -1, 48, 2, 2},
    {"s_load_dword s0, s[20:21], s22 offset:0x10", {0}, {0xc002400a, 0x2c000010}, 0x8, 0, 0x20, -1, 12, 1, 1},
    {"s_buffer_load_dword s0, s[24:27], s22 offset:0x4", {0}, {0xc022400c, 0x2c000004}, 0x8, 0, 0x20, 0x24, 9, 1, 0},
};

static uint32_t pat(unsigned k)
{
    return 0xa5000000u + k;
}

static uint64_t get64(const semtest_t *s, unsigned r)
{
    return (uint64_t)s->w.sgpr[r + 1] << 32 | s->w.sgpr[r];
}

static void set64(semtest_t *s, unsigned r, uint64_t v)
{
    s->w.sgpr[r] = (uint32_t)v;
    s->w.sgpr[r + 1] = (uint32_t)(v >> 32);
}

/* A wave on targets[g] running the instruction w (one or two dwords), a
 * 4 KiB buffer of the pattern at s[20:21] and in the descriptor s[24:27]
 * (num_records nrec), s[0:15] = 0xdddd0000 + i.  Returns the buffer address. */
static uint64_t start(semtest_t *s, int g, const uint32_t *w, uint32_t nrec)
{
    uint32_t code[4] = {w[0], w[1], 0xbf810000, 0xbf810000};
    uint32_t data[BUF_DW];
    for (unsigned k = 0; k < BUF_DW; k++)
        data[k] = pat(k);
    semtest_init(s, targets[g], 8);
    semtest_load(s, code, 4);
    semtest_record(s);
    uint64_t buf = semtest_buffer(s, data, sizeof data);
    for (unsigned i = 0; i < 16; i++)
        s->w.sgpr[i] = 0xdddd0000u + i;
    set64(s, 20, buf);
    s->w.sgpr[24] = (uint32_t)buf;
    s->w.sgpr[25] = (uint32_t)(buf >> 32) & 0xffff;
    s->w.sgpr[26] = nrec;
    s->w.sgpr[27] = 0x00027fac;   /* dst_sel/format bits, ignored by scalar loads */
    return buf;
}

static uint32_t mem32(semtest_t *s, uint64_t a)
{
    uint32_t v = 0;
    mem_read(&s->mem, a, &v, 4);
    return v;
}

static void run_ld(const ld_vec_t *v, int g)
{
    semtest_t s;
    uint64_t buf = start(&s, g, g < 2 ? v->e67 : v->e89, v->nrec < 0 ? 0 : (uint32_t)v->nrec);
    set64(&s, 20, buf + v->base_add);
    s.w.sgpr[22] = v->soff;
    s.w.sgpr[124] = v->soff;
    semtest_step(&s, 1);
    int ok = s.w.state == WAVE_RUN;
    unsigned bad = 99;
    for (unsigned i = 0; i < 16 && ok; i++) {
        uint32_t want = i >= v->n ? 0xdddd0000u + i : i < v->nvalid ? pat(v->start + i) : 0;
        if (s.w.sgpr[i] != want) {
            ok = 0;
            bad = i;
        }
    }
    int fx_ok = s.fx.lgkm_cnt == (v->n > 1 ? 2 : 1) && s.fx.nacc == 1 && s.fx.acc[0].space == FX_SPACE_SCALAR &&
                !s.fx.acc[0].write && s.fx.acc[0].bytes == 4 * v->n && s.fx.acc[0].mask == 1 &&
                (v->nvalid == 0 || s.fx.acc[0].addr[0] == buf + 4ull * v->start);
    CHECK(ok && fx_ok, "%s: %s (base+0x%x, soff 0x%x, num_records %lld): dwords %u.. (%u of %u in range)%s%s", targets[g],
          v->text, v->base_add, v->soff, (long long)v->nrec, v->start, v->nvalid, v->n,
          ok ? "" : " WRONG DATA", fx_ok ? "" : " WRONG EFFECTS");
    if (!ok && bad < 16)
        printf("      s%u = 0x%08x%s%s\n", bad, s.w.sgpr[bad], s.w.state == WAVE_FAULT ? "  fault: " : "",
               s.w.state == WAVE_FAULT ? s.w.fault.msg : "");
    semtest_free(&s);
}

/* ---- hand-written tests ----------------------------------------------------- */

typedef struct {
    uint32_t e67[2], e89[2];
    int gfx9_only;
} enc_t;

static const enc_t E_STORE1 = {{0}, {0xc042000a, 0x10}};             /* s_store_dword s0, s[20:21], 0x10 */
static const enc_t E_STORE2_M0 = {{0}, {0xc044000a, 0x7c}};          /* s_store_dwordx2 s[0:1], s[20:21], m0 */
static const enc_t E_STORE4 = {{0}, {0xc04a000a, 0x20}};             /* s_store_dwordx4 s[0:3], s[20:21], 0x20 */
static const enc_t E_BSTORE1 = {{0}, {0xc062000c, 0x8}};             /* s_buffer_store_dword s0, s[24:27], 0x8 */
static const enc_t E_BSTORE4 = {{0}, {0xc06a000c, 0x10}};            /* s_buffer_store_dwordx4 s[0:3], s[24:27], 0x10 */
static const enc_t E_STORE1_S22 = {{0}, {0xc040000a, 0x16}, 1};      /* s_store_dword s0, s[20:21], s22 (gfx9) */
static const enc_t E_MEMTIME = {{0xc7800000}, {0xc0900000, 0}};      /* s_memtime s[0:1] */
static const enc_t E_MEMREALTIME = {{0}, {0xc0940000, 0}};           /* s_memrealtime s[0:1] */
static const enc_t E_LOAD1 = {{0xc0001500}, {0xc002000a, 0}};        /* s_load_dword s0, s[20:21], 0x0 */
static const enc_t E_LOAD4 = {{0xc0801500}, {0xc00a000a, 0}};        /* s_load_dwordx4 s[0:3], s[20:21], 0x0 */
static const enc_t E_BLOAD1 = {{0xc2001900}, {0xc022000c, 0}};       /* s_buffer_load_dword s0, s[24:27], 0x0 */
static const enc_t E_BLOAD1_S22 = {{0xc2001816}, {0xc020000c, 0x16}}; /* s_buffer_load_dword s0, s[24:27], s22 */
static const enc_t E_LOAD2_S22 = {{0xc0401416}, {0xc004000a, 0x16}}; /* s_load_dwordx2 s[0:1], s[20:21], s22 */

/* No-effect cache controls: s_dcache_inv (all), s_dcache_inv_vol (gfx7+),
 * s_dcache_wb, s_dcache_wb_vol (gfx8+) */
static const enc_t E_CACHE[] = {
    {{0xc7c00000}, {0xc0800000, 0}}, {{0}, {0xc0880000, 0}}, {{0}, {0xc0840000, 0}}, {{0}, {0xc08c0000, 0}},
};
static const enc_t E_DCACHE_INV_VOL_GFX7 = {{0xc7400000}, {0}};

static int start_enc(semtest_t *s, const enc_t *e, int g, uint32_t nrec, uint64_t *buf)
{
    const uint32_t *w = g < 2 ? e->e67 : e->e89;
    if (!w[0] || (e->gfx9_only && g < 3))
        return 0;
    *buf = start(s, g, w, nrec);
    return 1;
}

#define FOR_TARGETS(g) for (int g = 0; g < 4; g++)

static void test_stores(void)
{
    for (int g = 2; g < 4; g++) {
        semtest_t s;
        uint64_t buf;
        start_enc(&s, &E_STORE1, g, 0, &buf);
        s.w.sgpr[0] = 0x11111111;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && mem32(&s, buf + 0x10) == 0x11111111 && mem32(&s, buf + 0xc) == pat(3) &&
                  mem32(&s, buf + 0x14) == pat(5),
              "%s: s_store_dword s0, s[20:21], 0x10 writes dword 4 only", targets[g]);
        CHECK(s.fx.nm == 1 && s.fx.m[0].addr == buf + 0x10 && s.fx.m[0].old == pat(4) && s.fx.acc[0].write &&
                  s.fx.acc[0].space == FX_SPACE_SCALAR && s.fx.lgkm_cnt == 1 && s.fx.ns == 0,
              "%s: s_store_dword: effects record the old dword, a scalar write, one LGKM count", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_STORE2_M0, g, 0, &buf);
        set64(&s, 0, 0x2222222233333333ull);
        s.w.sgpr[124] = 0x23;   /* aligned down to 0x20 */
        semtest_step(&s, 1);
        CHECK(mem32(&s, buf + 0x20) == 0x33333333 && mem32(&s, buf + 0x24) == 0x22222222 &&
                  mem32(&s, buf + 0x28) == pat(10) && s.fx.lgkm_cnt == 2,
              "%s: s_store_dwordx2 s[0:1], s[20:21], m0 (m0 = 0x23: dword 8)", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_STORE4, g, 0, &buf);
        for (unsigned i = 0; i < 4; i++)
            s.w.sgpr[i] = 0x40 + i;
        semtest_step(&s, 1);
        CHECK(mem32(&s, buf + 0x20) == 0x40 && mem32(&s, buf + 0x2c) == 0x43 && mem32(&s, buf + 0x30) == pat(12) &&
                  s.fx.nm == 4,
              "%s: s_store_dwordx4 s[0:3], s[20:21], 0x20", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_BSTORE1, g, 12, &buf);
        s.w.sgpr[0] = 0x55;
        semtest_step(&s, 1);
        CHECK(mem32(&s, buf + 8) == 0x55, "%s: s_buffer_store_dword in range", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_BSTORE1, g, 8, &buf);
        s.w.sgpr[0] = 0x55;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && mem32(&s, buf + 8) == pat(2) && s.fx.nm == 0,
              "%s: s_buffer_store_dword at num_records is dropped", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_BSTORE4, g, 0x18, &buf);
        for (unsigned i = 0; i < 4; i++)
            s.w.sgpr[i] = 0x70 + i;
        semtest_step(&s, 1);
        CHECK(mem32(&s, buf + 0x10) == 0x70 && mem32(&s, buf + 0x14) == 0x71 && mem32(&s, buf + 0x18) == pat(6) &&
                  mem32(&s, buf + 0x1c) == pat(7) && s.fx.nm == 2,
              "%s: s_buffer_store_dwordx4 with num_records 0x18: two dwords written, two dropped", targets[g]);
        semtest_free(&s);

        if (start_enc(&s, &E_STORE1_S22, g, 0, &buf)) {
            s.w.sgpr[0] = 0x99;
            s.w.sgpr[22] = 0x44;
            semtest_step(&s, 1);
            CHECK(mem32(&s, buf + 0x44) == 0x99, "%s: s_store_dword s0, s[20:21], s22 (gfx9 SGPR offset)", targets[g]);
            semtest_free(&s);
        }

        /* a store outside every allocation faults and writes nothing */
        start_enc(&s, &E_STORE4, g, 0, &buf);
        set64(&s, 20, buf + BUF_DW * 4 - 0x28);   /* dwords 2, 3 beyond the end */
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_MEMORY && mem32(&s, buf + BUF_DW * 4 - 8) == pat(BUF_DW - 2) &&
                  strstr(s.w.fault.msg, "s_store_dwordx4") && strstr(s.w.fault.msg, "outside every allocation"),
              "%s: s_store_dwordx4 across the end of a buffer faults before writing (%s)", targets[g], s.w.fault.msg);
        semtest_free(&s);
    }
}

/* gfx9 atomics: {text, encoding, memory before, data s[0:3], result memory, returned value} */
typedef struct {
    const char *text;
    uint32_t w[2];
    uint64_t mem, s01, s23, want_mem, want_ret;
    unsigned off;    /* byte offset of the memory operand */
    int is64, glc;
} at_vec_t;

static const at_vec_t at[] = {
    {"s_atomic_add s0, s[20:21], 0x0 glc", {0xc20b000a, 0}, 5, 3, 0, 8, 5, 0, 0, 1},
    {"s_atomic_add s0, s[20:21], 0x0", {0xc20a000a, 0}, 5, 3, 0, 8, 3, 0, 0, 0},
    {"s_atomic_add s0, s[20:21], 0x0 glc", {0xc20b000a, 0}, 0xffffffff, 2, 0, 1, 0xffffffff, 0, 0, 1},
    {"s_atomic_sub s0, s[20:21], 0x0 glc", {0xc20f000a, 0}, 1, 2, 0, 0xffffffff, 1, 0, 0, 1},
    {"s_atomic_swap s0, s[20:21], 0x0 glc", {0xc203000a, 0}, 7, 9, 0, 9, 7, 0, 0, 1},
    {"s_atomic_cmpswap s[0:1], s[20:21], 0x4 glc", {0xc207000a, 4}, 7, 0x0000000700000009ull, 0, 9, 7, 4, 0, 1},
    {"s_atomic_cmpswap s[0:1], s[20:21], 0x4 glc", {0xc207000a, 4}, 7, 0x0000000600000009ull, 0, 7, 7, 4, 0, 1},
    {"s_atomic_smin s0, s[20:21], 0x0 glc", {0xc213000a, 0}, 5, 0xfffffffe, 0, 0xfffffffe, 5, 0, 0, 1},
    {"s_atomic_umin s0, s[20:21], 0x0 glc", {0xc217000a, 0}, 5, 0xfffffffe, 0, 5, 5, 0, 0, 1},
    {"s_atomic_smax s0, s[20:21], 0x0 glc", {0xc21b000a, 0}, 5, 0xfffffffe, 0, 5, 5, 0, 0, 1},
    {"s_atomic_umax s0, s[20:21], 0x0 glc", {0xc21f000a, 0}, 5, 0xfffffffe, 0, 0xfffffffe, 5, 0, 0, 1},
    {"s_atomic_and s0, s[20:21], 0x0 glc", {0xc223000a, 0}, 0xff00ff00, 0x0ff00ff0, 0, 0x0f000f00, 0xff00ff00, 0, 0, 1},
    {"s_atomic_or s0, s[20:21], 0x0 glc", {0xc227000a, 0}, 0xff00ff00, 0x0ff00ff0, 0, 0xfff0fff0, 0xff00ff00, 0, 0, 1},
    {"s_atomic_xor s0, s[20:21], 0x0 glc", {0xc22b000a, 0}, 0xff00ff00, 0x0ff00ff0, 0, 0xf0f0f0f0, 0xff00ff00, 0, 0, 1},
    {"s_atomic_inc s0, s[20:21], 0x0 glc", {0xc22f000a, 0}, 3, 10, 0, 4, 3, 0, 0, 1},
    {"s_atomic_inc s0, s[20:21], 0x0 glc", {0xc22f000a, 0}, 10, 10, 0, 0, 10, 0, 0, 1},
    {"s_atomic_dec s0, s[20:21], 0x0 glc", {0xc233000a, 0}, 3, 10, 0, 2, 3, 0, 0, 1},
    {"s_atomic_dec s0, s[20:21], 0x0 glc", {0xc233000a, 0}, 0, 10, 0, 10, 0, 0, 0, 1},
    {"s_atomic_dec s0, s[20:21], 0x0 glc", {0xc233000a, 0}, 11, 10, 0, 10, 11, 0, 0, 1},
    {"s_atomic_add_x2 s[0:1], s[20:21], 0x8 glc", {0xc28b000a, 8}, 0x00000001ffffffffull, 1, 0, 0x0000000200000000ull,
     0x00000001ffffffffull, 8, 1, 1},
    {"s_atomic_sub_x2 s[0:1], s[20:21], 0x0 glc", {0xc28f000a, 0}, 0x0000000100000000ull, 1, 0, 0x00000000ffffffffull,
     0x0000000100000000ull, 0, 1, 1},
    {"s_atomic_smax_x2 s[0:1], s[20:21], 0x0 glc", {0xc29b000a, 0}, 0xffffffff00000000ull, 0x00000000ffffffffull, 0,
     0x00000000ffffffffull, 0xffffffff00000000ull, 0, 1, 1},
    {"s_atomic_dec_x2 s[0:1], s[20:21], 0x0 glc", {0xc2b3000a, 0}, 0, 0x100000000ull, 0, 0x100000000ull, 0, 0, 1, 1},
    {"s_atomic_cmpswap_x2 s[0:3], s[20:21], 0x10 glc", {0xc287000a, 0x10}, 0x1111111122222222ull,
     0x3333333344444444ull, 0x1111111122222222ull, 0x3333333344444444ull, 0x1111111122222222ull, 0x10, 1, 1},
};

static void test_atomics(void)
{
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        const at_vec_t *v = &at[i];
        semtest_t s;
        uint64_t buf = start(&s, 3, v->w, 0);
        mem_write(&s.mem, buf + v->off, &v->mem, v->is64 ? 8 : 4);
        set64(&s, 0, v->s01);
        set64(&s, 2, v->s23);
        semtest_step(&s, 1);
        uint64_t m = 0;
        mem_read(&s.mem, buf + v->off, &m, v->is64 ? 8 : 4);
        uint64_t ret = v->is64 ? get64(&s, 0) : s.w.sgpr[0];
        CHECK(s.w.state == WAVE_RUN && m == v->want_mem && ret == v->want_ret && mem32(&s, buf + v->off + (v->is64 ? 8 : 4)) ==
                  pat((v->off >> 2) + (v->is64 ? 2 : 1)),
              "gfx900: %s: memory 0x%llx -> 0x%llx (want 0x%llx), returns 0x%llx (want 0x%llx)", v->text,
              (unsigned long long)v->mem, (unsigned long long)m, (unsigned long long)v->want_mem,
              (unsigned long long)ret, (unsigned long long)v->want_ret);
        semtest_free(&s);
    }
    /* buffer atomics: in range, and out of range (returns 0, no write) */
    uint32_t badd[2] = {0xc10b000c, 0x8}, badd_oob[2] = {0xc10b000c, 0x40};
    semtest_t s;
    uint64_t buf = start(&s, 3, badd, 0x40);
    s.w.sgpr[0] = 0x10;
    semtest_step(&s, 1);
    CHECK(mem32(&s, buf + 8) == pat(2) + 0x10 && s.w.sgpr[0] == pat(2), "gfx900: s_buffer_atomic_add s0, s[24:27], 0x8 glc");
    semtest_free(&s);
    buf = start(&s, 3, badd_oob, 0x40);
    s.w.sgpr[0] = 0x10;
    semtest_step(&s, 1);
    CHECK(s.w.state == WAVE_RUN && mem32(&s, buf + 0x40) == pat(16) && s.w.sgpr[0] == 0,
          "gfx900: s_buffer_atomic_add at num_records: no write, returns 0");
    semtest_free(&s);
}

static void test_time_cache(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        uint64_t buf;
        const uint32_t *mt = g < 2 ? E_MEMTIME.e67 : E_MEMTIME.e89;
        /* s_nop 0 x3; s_memtime s[0:1]; s_memtime s[2:3] (same encoding, s[2:3] via a second copy) */
        uint32_t code[8];
        unsigned n = 0, len = g < 2 ? 1 : 2;
        for (int i = 0; i < 3; i++)
            code[n++] = 0xbf800000;
        code[n++] = mt[0];
        if (len == 2)
            code[n++] = mt[1];
        code[n++] = mt[0] | (g < 2 ? 2u << 15 : 2u << 6);   /* sdst = s[2:3] */
        if (len == 2)
            code[n++] = mt[1];
        code[n++] = 0xbf810000;
        semtest_init(&s, targets[g], 8);
        semtest_load(&s, code, n);
        semtest_record(&s);
        semtest_step(&s, 4);
        CHECK(get64(&s, 0) == 3 && s.fx.lgkm_cnt == 2 && s.fx.ns == 2,
              "%s: s_memtime after three instructions returns 3 (the wave's instruction count)", targets[g]);
        semtest_step(&s, 1);
        CHECK(get64(&s, 2) == 4, "%s: the next s_memtime returns 4", targets[g]);
        semtest_free(&s);

        if (start_enc(&s, &E_MEMREALTIME, g, 0, &buf)) {
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_RUN && get64(&s, 0) == 0, "%s: s_memrealtime as the first instruction returns 0",
                  targets[g]);
            semtest_free(&s);
        }
        for (size_t i = 0; i < sizeof E_CACHE / sizeof E_CACHE[0]; i++) {
            if (!start_enc(&s, &E_CACHE[i], g, 0, &buf))
                continue;
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_RUN && s.fx.ns == 0 && s.fx.nm == 0 && s.fx.lgkm_cnt == 1 &&
                      s.w.pc == s.code_addr + (g < 2 ? 4 : 8),
                  "%s: cache control 0x%08x has no functional effect", targets[g], (g < 2 ? E_CACHE[i].e67 : E_CACHE[i].e89)[0]);
            semtest_free(&s);
        }
        if (g == 1 && start_enc(&s, &E_DCACHE_INV_VOL_GFX7, g, 0, &buf)) {
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_RUN && s.fx.lgkm_cnt == 1, "gfx701: s_dcache_inv_vol");
            semtest_free(&s);
        }
    }
}

static void test_faults(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        uint64_t buf;
        start_enc(&s, &E_LOAD1, g, 0, &buf);
        set64(&s, 20, 0);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_MEMORY && s.w.fault.pc == s.code_addr &&
                  s.w.fault.addr == 0 && strstr(s.w.fault.msg, "s_load_dword") && strstr(s.w.fault.msg, "null") &&
                  s.w.sgpr[0] == 0xdddd0000u,
              "%s: s_load_dword from a null pointer faults (%s)", targets[g], s.w.fault.msg);
        semtest_free(&s);

        start_enc(&s, &E_LOAD4, g, 0, &buf);
        set64(&s, 20, buf + BUF_DW * 4 - 8);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_MEMORY && s.w.sgpr[0] == 0xdddd0000u &&
                  strstr(s.w.fault.msg, "outside every allocation") && strstr(s.w.fault.msg, "nearest: 'buffer'"),
              "%s: s_load_dwordx4 across the end of a buffer faults, no register written (%s)", targets[g],
              s.w.fault.msg);
        semtest_free(&s);

        start_enc(&s, &E_BLOAD1, g, 0x100, &buf);
        s.w.sgpr[24] = 0x1000;
        s.w.sgpr[25] = 0;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_MEMORY && strstr(s.w.fault.msg, "s_buffer_load_dword") &&
                  strstr(s.w.fault.msg, "s[24:27]"),
              "%s: s_buffer_load_dword in range of a descriptor with an unmapped base faults (%s)", targets[g],
              s.w.fault.msg);
        semtest_free(&s);

        start_enc(&s, &E_BLOAD1, g, 0, &buf);
        s.w.sgpr[24] = 0;
        s.w.sgpr[25] = 0;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && s.w.sgpr[0] == 0,
              "%s: s_buffer_load_dword with num_records 0 and a null base reads 0 without faulting", targets[g]);
        semtest_free(&s);

        /* the descriptor's stride scales num_records: 4 x 3 = 12 bytes */
        for (uint32_t off = 8; off <= 12; off += 4) {
            start_enc(&s, &E_BLOAD1_S22, g, 3, &buf);
            s.w.sgpr[25] |= 4u << 16;
            s.w.sgpr[22] = off;
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_RUN && s.w.sgpr[0] == (off < 12 ? pat(2) : 0),
                  "%s: s_buffer_load_dword, stride 4 x 3 records, offset %u: %s", targets[g], off,
                  off < 12 ? "in range" : "out of range, 0");
            semtest_free(&s);
        }

        /* the load reads its base before writing an overlapping destination */
        start_enc(&s, &E_LOAD2_S22, g, 0, &buf);
        s.w.sgpr[22] = 0x10;
        set64(&s, 0, 0);
        semtest_step(&s, 1);
        CHECK(get64(&s, 0) == ((uint64_t)pat(5) << 32 | pat(4)), "%s: s_load_dwordx2 s[0:1], s[20:21], s22",
              targets[g]);
        semtest_free(&s);
    }
}

int main(void)
{
    unsigned per_gen[4] = {0};
    for (size_t i = 0; i < sizeof ld / sizeof ld[0]; i++)
        FOR_TARGETS(g) {
            if (ld[i].gens >> g & 1) {
                run_ld(&ld[i], g);
                per_gen[g]++;
            }
        }
    test_stores();
    test_atomics();
    test_time_cache();
    test_faults();
    printf("load vectors run: gfx6 %u, gfx7 %u, gfx8 %u, gfx9 %u\n", per_gen[0], per_gen[1], per_gen[2], per_gen[3]);
    return check_done();
}
