/* test_valu_modes.c — the VALU operand and result paths shared by every
 * instruction: DPP lane moves, bound_ctrl and row/bank masks (gfx8/9),
 * SDWA selects, sign extension and dst_unused (gfx8/9), VOP3 modifiers
 * against MODE (omod with denormals, clamp of NaN), and VGPR index mode.
 * Encodings from llvm-mc-16 (gfx8/9) and llvm-mc-15 (gfx6/7); expected
 * lanes are computed on the host from the ISA manuals' definitions:
 * row_shr:n gives lane l the value of lane l-n of its row of 16,
 * row_shl:n that of lane l+n, row_ror:n that of lane (l-n) mod 16 in the
 * row, wave_shr:1 that of lane l-1, wave_rol:1 that of lane l+1 mod 64,
 * row_bcast:15 lane 15 of the previous row, row_bcast:31 lane 31; a
 * source lane outside the row (or wave) or disabled by EXEC is invalid:
 * the lane is not written, or with bound_ctrl reads 0; lanes of a row or
 * bank whose mask bit is 0 are not written. */
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

static uint32_t F(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

typedef struct {
    const char *t, *text;
    uint32_t w[3];
} code_t;

static semtest_t S;

/* A wave of target t running code w; v0 = 0xdeadbeef, v1 = 1000 + lane,
 * v2 = 2 * lane, v3 = 0x80c0e0f0 + lane. */
static void start(const code_t *c)
{
    uint32_t code[4] = {c->w[0], c->w[1], c->w[2], 0xbf810000};
    semtest_free(&S);
    semtest_init(&S, c->t, 16);
    semtest_load(&S, code, 4);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = 0xdeadbeef;
        S.w.vgpr[1][l] = 1000 + l;
        S.w.vgpr[2][l] = 2 * l;
        S.w.vgpr[3][l] = 0x80c0e0f0 + l;
    }
}

static void set_exec(uint64_t e)
{
    S.w.sgpr[126] = (uint32_t)e;
    S.w.sgpr[127] = (uint32_t)(e >> 32);
}

/* Run the instruction and compare v[n] with want in every lane. */
static void expect(const code_t *c, unsigned n, const uint32_t want[64], const char *what)
{
    semtest_step(&S, 1);
    if (S.w.state != WAVE_RUN) {
        CHECK(0, "%s %s: faulted (%s)", c->t, c->text, S.w.fault.msg);
        return;
    }
    int bad = -1;
    for (int l = 0; l < 64 && bad < 0; l++)
        if (S.w.vgpr[n][l] != want[l])
            bad = l;
    CHECK(bad < 0, "%s %s%s%s: v%u lane %d = 0x%08x (want 0x%08x)", c->t, c->text, what ? ", " : "", what ? what : "",
          n, bad, bad < 0 ? 0 : S.w.vgpr[n][bad], bad < 0 ? 0 : want[bad]);
}

#define N(x) (sizeof(x) / sizeof((x)[0]))

/* ---- DPP ---------------------------------------------------------------- */

/* Source lane of lane l under each of the named controls (-1: invalid). */
enum { QP3210, SHL1, SHR3, ROR4, WSHL, WSHR, WROL, WROR, MIRROR, HMIRROR, BC15, BC31, QP_ID };

static int src_lane(int ctl, int l)
{
    int row = l & ~15, r = l & 15;
    switch (ctl) {
    case QP3210: return (l & ~3) | (3 - (l & 3));
    case SHL1: return r + 1 < 16 ? l + 1 : -1;
    case SHR3: return r >= 3 ? l - 3 : -1;
    case ROR4: return row | ((r + 12) & 15);
    case WSHL: return l < 63 ? l + 1 : -1;
    case WSHR: return l > 0 ? l - 1 : -1;
    case WROL: return (l + 1) % 64;
    case WROR: return (l + 63) % 64;
    case MIRROR: return row | (15 - r);
    case HMIRROR: return (l & ~7) | (7 - (l & 7));
    case BC15: return row ? row - 1 : -1;
    case BC31: return row >= 32 ? 31 : -1;
    default: return l;
    }
}

static void test_dpp_mov(void)
{
    struct {
        code_t c;
        int ctl, bound;
        unsigned row_mask, bank_mask;
    } r[] = {
        {{"gfx803", "v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff001b01}}, QP3210, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff010101}}, SHL1, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0", {0x7e0002fa, 0xff090101}}, SHL1, 1, 0xf, 0xf},
        {{"gfx803", "v_mov_b32_dpp v0, v1 row_shr:3 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff011301}}, SHR3, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_shr:3 row_mask:0xf bank_mask:0xf bound_ctrl:0", {0x7e0002fa, 0xff091301}}, SHR3, 1, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_ror:4 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff012401}}, ROR4, 0, 0xf, 0xf},
        {{"gfx803", "v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff013001}}, WSHL, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0", {0x7e0002fa, 0xff093801}}, WSHR, 1, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 wave_rol:1 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff013401}}, WROL, 0, 0xf, 0xf},
        {{"gfx803", "v_mov_b32_dpp v0, v1 wave_ror:1 row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff013c01}}, WROR, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff014001}}, MIRROR, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf", {0x7e0002fa, 0xff014101}}, HMIRROR, 0, 0xf, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xa bank_mask:0xf", {0x7e0002fa, 0xaf014201}}, BC15, 0, 0xa, 0xf},
        {{"gfx803", "v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xc bank_mask:0xf", {0x7e0002fa, 0xcf014301}}, BC31, 0, 0xc, 0xf},
        {{"gfx900", "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0x5", {0x7e0002fa, 0xf500e401}}, QP_ID, 0, 0xf, 0x5},
        {{"gfx900", "v_mov_b32_dpp v0, v1 row_shr:3 row_mask:0x6 bank_mask:0xe bound_ctrl:0", {0x7e0002fa, 0x6e091301}}, SHR3, 1, 0x6, 0xe},
    };
    static const uint64_t execs[3] = {~0ull, ~(1ull << 5 | 1ull << 40 | 1ull << 63), 0x0000ffff0000ffffull};
    for (size_t i = 0; i < N(r); i++)
        for (int e = 0; e < 3; e++) {
            start(&r[i].c);
            set_exec(execs[e]);
            uint32_t want[64];
            for (int l = 0; l < 64; l++) {
                int s = src_lane(r[i].ctl, l);
                int valid = s >= 0 && ((execs[e] >> s) & 1);
                int masked = !((r[i].row_mask >> (l >> 4)) & 1) || !((r[i].bank_mask >> ((l >> 2) & 3)) & 1);
                int written = ((execs[e] >> l) & 1) && !masked && (valid || r[i].bound);
                want[l] = !written ? 0xdeadbeef : valid ? 1000u + (unsigned)s : 0;
            }
            char what[40];
            snprintf(what, sizeof what, "EXEC 0x%016llx", (unsigned long long)execs[e]);
            expect(&r[i].c, 0, want, what);
        }
}

static void test_dpp_ops(void)
{
    uint32_t want[64];
    /* a VOP2 op: src0 moved, src1 in place; bound_ctrl gives 0 */
    code_t add9 = {"gfx900", "v_add_u32_dpp v0, v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0", {0x680004fa, 0xff091101}};
    start(&add9);
    for (int l = 0; l < 64; l++)
        want[l] = ((l & 15) ? 1000u + (unsigned)l - 1 : 0) + 2u * (unsigned)l;
    expect(&add9, 0, want, NULL);

    /* gfx8 carry-out to VCC; lanes not written leave VCC 0 */
    code_t add8 = {"gfx803", "v_add_u32_dpp v0, vcc, v1, v3 row_shr:1 row_mask:0xf bank_mask:0xf", {0x320006fa, 0xff011101}};
    start(&add8);
    uint64_t vcc = 0;
    for (int l = 0; l < 64; l++) {
        if (!(l & 15)) {
            want[l] = 0xdeadbeef;
            continue;
        }
        uint64_t sum = (uint64_t)(1000u + (unsigned)l - 1) + (0x80c0e0f0u + (unsigned)l);
        want[l] = (uint32_t)sum;
        vcc |= (sum >> 32) << l;
    }
    expect(&add8, 0, want, NULL);
    CHECK(vcc == 0 && (S.w.sgpr[106] | S.w.sgpr[107]) == 0, "gfx803 v_add_u32_dpp: no carries, VCC 0");

    /* float modifiers on both sources */
    code_t fadd = {"gfx900", "v_add_f32_dpp v0, -v1, |v2| quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf", {0x020004fa, 0xff90b101}};
    start(&fadd);
    for (int l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = F((float)l);
        S.w.vgpr[2][l] = F(-0.5f * (float)l);
    }
    for (int l = 0; l < 64; l++)
        want[l] = F(-(float)(l ^ 1) + 0.5f * (float)l);
    expect(&fadd, 0, want, NULL);

    /* a VOP1 op on the moved value */
    code_t cvt = {"gfx803", "v_cvt_f32_u32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf", {0x7e000cfa, 0xff014001}};
    start(&cvt);
    for (int l = 0; l < 64; l++)
        want[l] = F((float)(1000 + ((l & ~15) | (15 - (l & 15)))));
    expect(&cvt, 0, want, NULL);

    /* an accumulator: src0 moved, v0 read */
    code_t mac = {"gfx900", "v_mac_f32_dpp v0, v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0", {0x2c0004fa, 0xff090101}};
    start(&mac);
    for (int l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = F(1.0f);
        S.w.vgpr[1][l] = F((float)l);
        S.w.vgpr[2][l] = F(2.0f);
    }
    for (int l = 0; l < 64; l++)
        want[l] = F(((l & 15) < 15 ? 2.0f * (float)(l + 1) : 0.0f) + 1.0f);
    expect(&mac, 0, want, NULL);
}

/* ---- SDWA --------------------------------------------------------------- */

static uint32_t sel(uint32_t x, unsigned s, int sext)
{
    static const unsigned shift[6] = {0, 8, 16, 24, 0, 16}, width[6] = {8, 8, 8, 8, 16, 16};
    if (s >= 6)
        return x;
    uint32_t v = (x >> shift[s]) & ((1u << width[s]) - 1);
    if (sext && (v >> (width[s] - 1)))
        v |= ~0u << width[s];
    return v;
}

enum { B0, B1, B2, B3, W0, W1, DW };
enum { PAD, SEXT, PRESERVE };

/* The destination after writing result x with dst_sel s and dst_unused u
 * over old. */
static uint32_t place(uint32_t x, uint32_t old, unsigned s, unsigned u)
{
    static const unsigned shift[6] = {0, 8, 16, 24, 0, 16}, width[6] = {8, 8, 8, 8, 16, 16};
    if (s >= 6)
        return x;
    uint32_t field = ((1u << width[s]) - 1) << shift[s], v = (x << shift[s]) & field;
    if (u == PRESERVE)
        return v | (old & ~field);
    if (u == SEXT && (v >> (shift[s] + width[s] - 1)) & 1)
        v |= shift[s] + width[s] < 32 ? ~0u << (shift[s] + width[s]) : 0;
    return v;
}

static void test_sdwa(void)
{
    /* integer ops: v = op(sel(v3, s0), sel(v1, s1)) placed by dst_sel */
    struct {
        code_t c;
        int op;                 /* 0 mov, 1 add, 2 sub, 3 and */
        unsigned s0, s1, ds, du;
        int sx0, sx1;
    } r[] = {
        {{"gfx803", "v_mov_b32_sdwa v0, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1", {0x7e0002f9, 0x00010603}}, 0, B1, DW, DW, PAD, 0, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3", {0x7e0002f9, 0x00030603}}, 0, B3, DW, DW, PAD, 0, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, sext(v3) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1", {0x7e0002f9, 0x000d0603}}, 0, W1, DW, DW, PAD, 1, 0},
        {{"gfx803", "v_mov_b32_sdwa v0, sext(v3) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0", {0x7e0002f9, 0x00080603}}, 0, B0, DW, DW, PAD, 1, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, v3 dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0", {0x7e0002f9, 0x00001203}}, 0, B0, DW, B2, PRESERVE, 0, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_0", {0x7e0002f9, 0x00040503}}, 0, W0, DW, W1, PAD, 0, 0},
        {{"gfx803", "v_mov_b32_sdwa v0, v3 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_0", {0x7e0002f9, 0x00000903}}, 0, B0, DW, B1, SEXT, 0, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, v3 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_1", {0x7e0002f9, 0x00050c03}}, 0, W1, DW, W0, SEXT, 0, 0},
        {{"gfx900", "v_mov_b32_sdwa v0, v3 dst_sel:BYTE_3 dst_unused:UNUSED_SEXT src0_sel:BYTE_0", {0x7e0002f9, 0x00000b03}}, 0, B0, DW, B3, SEXT, 0, 0},
        {{"gfx900", "v_add_u32_sdwa v0, v3, v1 dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:WORD_0", {0x680002f9, 0x04001203}}, 1, B0, W0, B2, PRESERVE, 0, 0},
        {{"gfx900", "v_sub_u32_sdwa v0, sext(v3), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_0", {0x6a0002f9, 0x000a0603}}, 2, B2, B0, DW, PAD, 1, 0},
        {{"gfx803", "v_and_b32_sdwa v0, v3, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:DWORD", {0x260002f9, 0x06051503}}, 3, W1, DW, W1, PRESERVE, 0, 0},
        {{"gfx803", "v_sub_u32_sdwa v0, vcc, v3, sext(v1) dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_0 src1_sel:BYTE_0", {0x340002f9, 0x08000c03}}, 2, B0, B0, W0, SEXT, 0, 1},
    };
    for (size_t i = 0; i < N(r); i++) {
        start(&r[i].c);
        set_exec(0xfffffffffffff0f0ull);
        uint32_t want[64];
        for (unsigned l = 0; l < 64; l++) {
            uint32_t a = sel(0x80c0e0f0 + l, r[i].s0, r[i].sx0), b = sel(1000 + l, r[i].s1, r[i].sx1), x;
            x = r[i].op == 0 ? a : r[i].op == 1 ? a + b : r[i].op == 2 ? a - b : a & b;
            want[l] = ((0xfffffffffffff0f0ull >> l) & 1) ? place(x, 0xdeadbeef, r[i].ds, r[i].du) : 0xdeadbeef;
        }
        expect(&r[i].c, 0, want, NULL);
    }

    uint32_t want[64];
    /* gfx9: an SGPR or constant source, selected too */
    code_t sg = {"gfx900", "v_add_u32_sdwa v0, s6, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:BYTE_0", {0x680002f9, 0x00810606}};
    start(&sg);
    S.w.sgpr[6] = 0x1234;
    for (unsigned l = 0; l < 64; l++)
        want[l] = 0x12 + ((1000 + l) & 0xff);
    expect(&sg, 0, want, NULL);

    /* gfx9 integer clamp */
    code_t cl = {"gfx900", "v_sub_u32_sdwa v0, v2, v1 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", {0x6a0002f9, 0x06062602}};
    start(&cl);
    for (unsigned l = 0; l < 64; l++)
        want[l] = 0;   /* 2l - (1000 + l) < 0 */
    expect(&cl, 0, want, NULL);

    /* f32 with modifiers, and gfx9 omod (applied when denormals are flushed) */
    code_t fm = {"gfx900", "v_mul_f32_sdwa v0, -v1, |v2| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", {0x0a0004f9, 0x26160601}};
    start(&fm);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = F((float)l);
        S.w.vgpr[2][l] = F(-2.0f);
        want[l] = F(-2.0f * (float)l);
    }
    expect(&fm, 0, want, NULL);
    code_t om = {"gfx900", "v_add_f32_sdwa v0, v1, v2 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", {0x020004f9, 0x06064601}};
    for (int flush = 0; flush < 2; flush++) {
        start(&om);
        if (flush)
            S.w.hwreg[1] = 0x300;
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = F(1.0f);
            S.w.vgpr[2][l] = F(0.5f);
            want[l] = F(flush ? 3.0f : 1.5f);
        }
        expect(&om, 0, want, flush ? "output denormals flushed: omod applies" : "output denormals on: omod ignored");
    }

    /* VOPC: gfx8 writes VCC, gfx9 an SGPR pair */
    code_t cmp8 = {"gfx803", "v_cmp_lt_u32_sdwa vcc, v3, v1 src0_sel:BYTE_0 src1_sel:BYTE_0", {0x7d9202f9, 0x00000003}};
    code_t cmp9 = {"gfx900", "v_cmp_lt_i32_sdwa s[8:9], sext(v3), v2 src0_sel:BYTE_0 src1_sel:BYTE_0", {0x7d8204f9, 0x00088803}};
    for (int k = 0; k < 2; k++) {
        const code_t *c = k ? &cmp9 : &cmp8;
        start(c);
        set_exec(0x7fffffffffffffffull);
        semtest_step(&S, 1);
        uint64_t w = 0;
        for (unsigned l = 0; l < 63; l++) {
            uint32_t a = sel(0x80c0e0f0 + l, B0, k), b = k ? sel(2 * l, B0, 0) : sel(1000 + l, B0, 0);
            w |= (uint64_t)(k ? (int32_t)a < (int32_t)b : a < b) << l;
        }
        unsigned sd = k ? 8 : 106;
        uint64_t got = (uint64_t)S.w.sgpr[sd + 1] << 32 | S.w.sgpr[sd];
        CHECK(got == w, "%s %s: 0x%016llx (want 0x%016llx)", c->t, c->text, (unsigned long long)got,
              (unsigned long long)w);
    }

    /* v_cndmask with SDWA reads VCC */
    code_t cnd = {"gfx900", "v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_0", {0x000004f9, 0x04000601}};
    start(&cnd);
    S.w.sgpr[106] = 0xf0f0f0f0;
    S.w.sgpr[107] = 0;
    for (unsigned l = 0; l < 64; l++)
        want[l] = l < 32 && ((0xf0f0f0f0u >> l) & 1) ? (2 * l) & 0xffff : (1000 + l) & 0xff;
    expect(&cnd, 0, want, NULL);
}

/* ---- VOP3 modifiers against MODE ---------------------------------------- */

static void test_vop3_mods(void)
{
    uint32_t want[64];
    code_t cl = {"gfx900", "v_add_f32_e64 v0, v1, v2 clamp", {0xd1018000, 0x00020501}};
    /* NaN clamps to 0 with DX10_CLAMP, stays NaN without */
    for (int dx10 = 0; dx10 < 2; dx10++) {
        start(&cl);
        S.w.hwreg[1] = 0xf0 | (unsigned)dx10 << 8 | 1u << 9;
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = 0x7fc00000;
            S.w.vgpr[2][l] = F(1.0f);
        }
        semtest_step(&S, 1);
        uint32_t got = S.w.vgpr[0][7];
        CHECK(dx10 ? got == 0 : (got & 0x7fffffff) > 0x7f800000, "v_add_f32 clamp of NaN with DX10_CLAMP=%d: 0x%08x", dx10,
              got);
    }
    /* omod and output denormals: ignored when denormals are on (f32 bit 5) */
    code_t om = {"gfx803", "v_mul_f32_e64 v0, v1, v2 div:2", {0xd1050000, 0x18020501}};
    static const uint32_t modes[3] = {0x3f0, 0x3c0 | 0x300, 0x310};
    static const float res[3] = {6.0f, 3.0f, 3.0f};
    for (int m = 0; m < 3; m++) {
        start(&om);
        S.w.hwreg[1] = modes[m];
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = F(2.0f);
            S.w.vgpr[2][l] = F(3.0f);
            want[l] = F(res[m]);
        }
        char what[32];
        snprintf(what, sizeof what, "MODE 0x%03x", modes[m]);
        expect(&om, 0, want, what);
    }
    /* SGPR and constant operands with modifiers */
    code_t sm = {"gfx701", "v_mad_f32 v0, -s7, |v1|, -2.0", {0xd2820200, 0x23d60207}};
    start(&sm);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = F(-(float)l);
        want[l] = F(-(float)l - 2.0f);
    }
    S.w.sgpr[7] = F(1.0f);
    expect(&sm, 0, want, NULL);
}

/* ---- VGPR index mode (gfx8/9 s_set_gpr_idx_on) -------------------------- */

static void test_gpr_idx(void)
{
    uint32_t want[64];
    code_t mov = {"gfx900", "v_mov_b32_e32 v0, v1", {0x7e000301}};
    code_t add = {"gfx803", "v_add_f32_e32 v0, v1, v2", {0x02000501}};
    /* M0[7:0] index, M0[15:12] = dst, src2, src1, src0 enables; MODE bit 27 */
    start(&mov);
    S.w.hwreg[1] |= 1u << 27;
    S.w.sgpr[124] = 2 | 1u << 12;        /* src0 + 2 */
    for (unsigned l = 0; l < 64; l++)
        want[l] = 0x80c0e0f0 + l;        /* v3 */
    expect(&mov, 0, want, "index mode on src0: v0 = v3");
    start(&mov);
    S.w.hwreg[1] |= 1u << 27;
    S.w.sgpr[124] = 3 | 8u << 12;        /* dst + 3 */
    for (unsigned l = 0; l < 64; l++)
        want[l] = 1000 + l;
    expect(&mov, 3, want, "index mode on vdst: v3 = v1");
    CHECK(S.w.vgpr[0][5] == 0xdeadbeef, "index mode on vdst: v0 untouched");
    start(&mov);
    S.w.sgpr[124] = 3 | 9u << 12;        /* enables set, mode off */
    for (unsigned l = 0; l < 64; l++)
        want[l] = 1000 + l;
    expect(&mov, 0, want, "index mode off: M0 ignored");
    start(&add);
    S.w.hwreg[1] |= 1u << 27;
    S.w.sgpr[124] = 1 | 2u << 12;        /* src1 + 1: v3 */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = F(1.0f);
        S.w.vgpr[3][l] = F((float)l);
        want[l] = F(1.0f + (float)l);
    }
    expect(&add, 0, want, "index mode on src1: v1 + v3");
}

int main(void)
{
    test_dpp_mov();
    test_dpp_ops();
    test_sdwa();
    test_vop3_mods();
    test_gpr_idx();
    semtest_free(&S);
    return check_done();
}
