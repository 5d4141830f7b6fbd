/* test_sem_valu.c — semantics of the 32-bit integer and f32 VALU
 * instructions (VOP1, VOP2, VOPC, VOP3) on gfx6-gfx9.  Encodings come
 * from llvm-mc-16 (gfx8/9) and llvm-mc-15 (gfx6/7); expected values are
 * worked out by hand from the ISA definitions or computed with the host's
 * C library, never by running gcnsim.
 *
 * Register conventions of the row tables: v0 is the destination (0xdeadbeef
 * before), v1, v2, v3 hold a, b, c in every lane, v[4:5] holds the 64-bit
 * c64; s4 = 0x55555555, s5 = 0xaaaaaaaa, s6 = 7, s7 = 1.0f, s[8:9] is the
 * VOP3 carry/compare destination; VCC holds vin before the instruction. */
#include <fenv.h>
#include <math.h>
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

static uint32_t F(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float FL(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

enum {
    SD_NONE = 0, SD_VCC = 106, SD_S8 = 8,
    M_DEFAULT = 0x3f0 | 0x300,          /* denormals allowed, DX10 clamp, IEEE (semtest's MODE) */
    M_FLUSH = 0x300,                    /* f32/f64 denormals flushed */
    M_F32FLUSH = 0x3c0 | 0x300,         /* f32 flushed, f64 allowed */
    M_RU = M_DEFAULT | 1, M_RD = M_DEFAULT | 2, M_RZ = M_DEFAULT | 3,
    M_NOIEEE = 0xf0 | 0x100,
};
#define ANYNAN 0x7fc0deadu   /* expected value: any NaN */

typedef struct {
    const char *t, *text;
    uint32_t w[3];
    uint32_t a, b, c;       /* v1, v2, v3 */
    uint32_t d;             /* expected v0 */
    uint64_t vin;           /* VCC before */
    unsigned sd;            /* SGPR pair to check (SD_*) */
    uint64_t cc;            /* its expected value */
    uint32_t mode;          /* MODE, 0: M_DEFAULT */
    uint64_t c64;           /* v[4:5] */
    int d64;                /* v0 and v1 hold a 64-bit result: check d64v */
    uint64_t d64v;
    int nod;                /* v0 differs by lane: not checked */
    int acc;                /* v0 is an accumulator: it holds c before */
} row_t;

/* One instruction: target, LLVM text, encoding. */
typedef struct {
    const char *t, *text;
    uint32_t w[3];
} code_t;

static semtest_t S;

/* A fresh wave of target t holding code w (then s_endpgm), registers as
 * described at the top. */
static void start(const char *t, const uint32_t w[3])
{
    uint32_t code[4] = {w[0], w[1], w[2], 0xbf810000};
    semtest_free(&S);
    semtest_init(&S, t, 16);
    semtest_load(&S, code, 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 0xdeadbeef;
    S.w.sgpr[4] = 0x55555555;
    S.w.sgpr[5] = 0xaaaaaaaa;
    S.w.sgpr[6] = 7;
    S.w.sgpr[7] = 0x3f800000;
}

static int step1(void)
{
    semtest_step(&S, 1);
    return S.w.state == WAVE_RUN;
}

static uint64_t sreg64(unsigned r)
{
    return (uint64_t)S.w.sgpr[r + 1] << 32 | S.w.sgpr[r];
}

/* First lane whose v[n] differs from want, or -1. */
static int lane_differs(unsigned n, uint32_t want)
{
    for (int l = 0; l < 64; l++)
        if (S.w.vgpr[n][l] != want)
            return l;
    return -1;
}

static int is_nan(uint32_t x)
{
    return (x & 0x7fffffffu) > 0x7f800000u;
}

/* First lane whose v[n] is not a NaN, or -1. */
static int nan_differs(unsigned n)
{
    for (int l = 0; l < 64; l++)
        if (!is_nan(S.w.vgpr[n][l]))
            return l;
    return -1;
}

static void run_rows(const row_t *r, size_t n)
{
    for (size_t i = 0; i < n; i++, r++) {
        start(r->t, r->w);
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = r->a;
            S.w.vgpr[2][l] = r->b;
            S.w.vgpr[3][l] = r->c;
            S.w.vgpr[4][l] = (uint32_t)r->c64;
            S.w.vgpr[5][l] = (uint32_t)(r->c64 >> 32);
            if (r->acc)
                S.w.vgpr[0][l] = r->c;
        }
        S.w.sgpr[106] = (uint32_t)r->vin;
        S.w.sgpr[107] = (uint32_t)(r->vin >> 32);
        S.w.sgpr[8] = S.w.sgpr[9] = 0x12345678;
        if (r->mode)
            S.w.hwreg[1] = r->mode;
        if (!step1()) {
            CHECK(0, "%s %s: faulted (%s)", r->t, r->text, S.w.fault.msg);
            continue;
        }
        if (r->d64) {
            uint64_t got = (uint64_t)S.w.vgpr[1][9] << 32 | S.w.vgpr[0][9];
            CHECK(got == r->d64v && lane_differs(0, S.w.vgpr[0][0]) < 0 && lane_differs(1, S.w.vgpr[1][0]) < 0,
                  "%s %s: v[0:1] = 0x%016llx (want 0x%016llx)", r->t, r->text, (unsigned long long)got,
                  (unsigned long long)r->d64v);
        } else if (!r->nod) {
            int bad = r->d == ANYNAN ? nan_differs(0) : lane_differs(0, r->d);
            CHECK(bad < 0, "%s %s [a=0x%08x b=0x%08x c=0x%08x]: v0 = 0x%08x (want 0x%08x)", r->t, r->text, r->a,
                  r->b, r->c, S.w.vgpr[0][bad < 0 ? 0 : bad], r->d);
        }
        if (r->sd)
            CHECK(sreg64(r->sd) == r->cc, "%s %s: %s = 0x%016llx (want 0x%016llx)", r->t, r->text,
                  r->sd == SD_VCC ? "vcc" : "s[8:9]", (unsigned long long)sreg64(r->sd),
                  (unsigned long long)r->cc);
    }
}

#define N(x) (sizeof(x) / sizeof((x)[0]))
#define ALL (~0ull)

/* ---- integer ------------------------------------------------------------ */

static void test_int(void)
{
    row_t r[] = {
        /* add/sub with carry in every generation's spelling; mixed-sign carries */
        {"gfx601", "v_add_i32_e32 v0, vcc, v1, v2", {0x4a000501}, .a = 0xffffffff, .b = 1, .d = 0, .sd = SD_VCC, .cc = ALL},
        {"gfx601", "v_add_i32_e32 v0, vcc, v1, v2", {0x4a000501}, .a = 0xfffffffe, .b = 1, .d = 0xffffffff, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx601", "v_add_i32_e64 v0, s[8:9], v1, v2", {0xd24a0800, 0x00020501}, .a = 0x80000000, .b = 0x80000000, .d = 0, .sd = SD_S8, .cc = ALL},
        {"gfx601", "v_sub_i32_e32 v0, vcc, v1, v2", {0x4c000501}, .a = 1, .b = 2, .d = 0xffffffff, .sd = SD_VCC, .cc = ALL},
        {"gfx601", "v_subrev_i32_e32 v0, vcc, v1, v2", {0x4e000501}, .a = 1, .b = 2, .d = 1, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx601", "v_addc_u32_e32 v0, vcc, v1, v2, vcc", {0x50000501}, .a = 0xffffffff, .b = 0, .d = 0, .vin = ALL, .sd = SD_VCC, .cc = ALL},
        {"gfx601", "v_addc_u32_e32 v0, vcc, v1, v2, vcc", {0x50000501}, .a = 0xffffffff, .b = 0, .d = 0xffffffff, .vin = 0, .sd = SD_VCC, .cc = 0},
        {"gfx601", "v_subb_u32_e32 v0, vcc, v1, v2, vcc", {0x52000501}, .a = 5, .b = 5, .d = 0xffffffff, .vin = ALL, .sd = SD_VCC, .cc = ALL},
        {"gfx601", "v_subbrev_u32_e32 v0, vcc, v1, v2, vcc", {0x54000501}, .a = 3, .b = 5, .d = 1, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx701", "v_addc_u32_e64 v0, s[8:9], v1, v2, s[4:5]", {0xd2500800, 0x00120501}, .a = 0xffffffff, .b = 0, .nod = 1, .sd = SD_S8, .cc = 0xaaaaaaaa55555555ull},
        {"gfx701", "v_add_i32_e32 v0, vcc, 64, v1", {0x4a0002c0}, .a = 0xffffffc0, .d = 0, .sd = SD_VCC, .cc = ALL},
        {"gfx701", "v_add_i32_e32 v0, vcc, -16, v1", {0x4a0002d0}, .a = 16, .d = 0, .sd = SD_VCC, .cc = ALL},
        {"gfx701", "v_sub_i32_e32 v0, vcc, 0x12345678, v1", {0x4c0002ff, 0x12345678}, .a = 0x12345679, .d = 0xffffffff, .sd = SD_VCC, .cc = ALL},
        {"gfx803", "v_add_u32_e32 v0, vcc, v1, v2", {0x32000501}, .a = 0x7fffffff, .b = 1, .d = 0x80000000, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx803", "v_add_u32_e64 v0, s[8:9], v1, v2 clamp", {0xd1198800, 0x00020501}, .a = 0xfffffff0, .b = 0x20, .d = 0xffffffff, .sd = SD_S8, .cc = ALL},
        {"gfx803", "v_sub_u32_e64 v0, s[8:9], v1, v2 clamp", {0xd11a8800, 0x00020501}, .a = 3, .b = 4, .d = 0, .sd = SD_S8, .cc = ALL},
        {"gfx803", "v_subrev_u32_e32 v0, vcc, s6, v1", {0x36000206}, .a = 10, .d = 3, .sd = SD_VCC, .cc = 0},
        {"gfx803", "v_addc_u32_e32 v0, vcc, v1, v2, vcc", {0x38000501}, .a = 1, .b = 2, .d = 4, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx803", "v_subb_u32_e64 v0, s[8:9], v1, v2, s[4:5]", {0xd11d0800, 0x00120501}, .a = 0, .b = 0, .nod = 1, .sd = SD_S8, .cc = 0xaaaaaaaa55555555ull},
        {"gfx900", "v_add_co_u32_e32 v0, vcc, v1, v2", {0x32000501}, .a = 0x80000001, .b = 0x7fffffff, .d = 0, .sd = SD_VCC, .cc = ALL},
        {"gfx900", "v_addc_co_u32_e32 v0, vcc, v1, v2, vcc", {0x38000501}, .a = 0x7fffffff, .b = 0x80000000, .d = 0, .vin = ALL, .sd = SD_VCC, .cc = ALL},
        {"gfx900", "v_sub_co_u32_e64 v0, s[8:9], v1, v2", {0xd11a0800, 0x00020501}, .a = 0, .b = 1, .d = 0xffffffff, .sd = SD_S8, .cc = ALL},
        {"gfx900", "v_subrev_co_u32_e32 v0, vcc, v1, v2", {0x36000501}, .a = 0x80000000, .b = 0x7fffffff, .d = 0xffffffff, .sd = SD_VCC, .cc = ALL},
        {"gfx900", "v_subb_co_u32_e32 v0, vcc, v1, v2, vcc", {0x3a000501}, .a = 0, .b = 0xffffffff, .d = 0, .vin = ALL, .sd = SD_VCC, .cc = ALL},
        {"gfx900", "v_subbrev_co_u32_e32 v0, vcc, v1, v2, vcc", {0x3c000501}, .a = 1, .b = 3, .d = 1, .vin = ALL, .sd = SD_VCC, .cc = 0},
        {"gfx900", "v_add_u32_e32 v0, v1, v2", {0x68000501}, .a = 0xffffffff, .b = 2, .d = 1, .vin = 0x1234, .sd = SD_VCC, .cc = 0x1234},
        {"gfx900", "v_add_u32_e64 v0, v1, v2 clamp", {0xd1348000, 0x00020501}, .a = 0xffffffff, .b = 2, .d = 0xffffffff},
        {"gfx900", "v_sub_u32_e32 v0, v1, v2", {0x6a000501}, .a = 2, .b = 3, .d = 0xffffffff},
        {"gfx900", "v_sub_u32_e64 v0, v1, v2 clamp", {0xd1358000, 0x00020501}, .a = 2, .b = 3, .d = 0},
        {"gfx900", "v_subrev_u32_e32 v0, v1, v2", {0x6c000501}, .a = 2, .b = 3, .d = 1},
        {"gfx900", "v_add_i32 v0, v1, v2 clamp", {0xd29c8000, 0x00020501}, .a = 0x7ffffff0, .b = 0x10, .d = 0x7fffffff},
        {"gfx900", "v_add_i32 v0, v1, v2 clamp", {0xd29c8000, 0x00020501}, .a = 0x80000000, .b = 0xffffffff, .d = 0x80000000},
        {"gfx900", "v_add_i32 v0, v1, v2", {0xd29c0000, 0x00020501}, .a = 0x7ffffff0, .b = 0x10, .d = 0x80000000},
        {"gfx900", "v_sub_i32 v0, v1, v2 clamp", {0xd29d8000, 0x00020501}, .a = 0x80000005, .b = 6, .d = 0x80000000},
        {"gfx900", "v_add_u32_e32 v0, s6, v1", {0x68000206}, .a = 1, .d = 8},
        {"gfx900", "v_add_u32_e32 v0, 0x11223344, v1", {0x680002ff, 0x11223344}, .a = 1, .d = 0x11223345},
        /* multiplies */
        {"gfx900", "v_mul_lo_u32 v0, v1, v2", {0xd2850000, 0x00020501}, .a = 0x10001, .b = 0x10001, .d = 0x00020001},
        {"gfx900", "v_mul_hi_u32 v0, v1, v2", {0xd2860000, 0x00020501}, .a = 0xffffffff, .b = 0xffffffff, .d = 0xfffffffe},
        {"gfx900", "v_mul_hi_i32 v0, v1, v2", {0xd2870000, 0x00020501}, .a = 0xffffffff, .b = 0xffffffff, .d = 0},
        {"gfx900", "v_mul_hi_i32 v0, v1, v2", {0xd2870000, 0x00020501}, .a = 0x80000000, .b = 2, .d = 0xffffffff},
        {"gfx601", "v_mul_lo_i32 v0, v1, v2", {0xd2d60000, 0x00020501}, .a = 0xfffffffd, .b = 5, .d = 0xfffffff1},
        {"gfx900", "v_mul_u32_u24_e32 v0, v1, v2", {0x10000501}, .a = 0xff000003, .b = 0x01000005, .d = 15},
        {"gfx900", "v_mul_u32_u24_e32 v0, v1, v2", {0x10000501}, .a = 0xffffff, .b = 0xffffff, .d = 0xfe000001},
        {"gfx900", "v_mul_hi_u32_u24_e32 v0, v1, v2", {0x12000501}, .a = 0xffffff, .b = 0xffffff, .d = 0xffff},
        {"gfx900", "v_mul_i32_i24_e32 v0, v1, v2", {0x0c000501}, .a = 0x00ffffff, .b = 0x12000003, .d = 0xfffffffd},
        {"gfx900", "v_mul_hi_i32_i24_e32 v0, v1, v2", {0x0e000501}, .a = 0x800000, .b = 0x7fffff, .d = 0xffffc000},
        {"gfx803", "v_mul_u32_u24_e64 v0, v1, v2 clamp", {0xd1088000, 0x00020501}, .a = 0x10000, .b = 0x10000, .d = 0xffffffff},
        {"gfx900", "v_mad_u32_u24 v0, v1, v2, v3", {0xd1c30000, 0x040e0501}, .a = 0x1000003, .b = 4, .c = 0xfffffff4, .d = 0},
        {"gfx900", "v_mad_i32_i24 v0, v1, v2, v3", {0xd1c20000, 0x040e0501}, .a = 0xfffffe, .b = 3, .c = 10, .d = 4},
        {"gfx701", "v_mad_u64_u32 v[0:1], s[8:9], v2, v3, v[4:5]", {0xd2ec0800, 0x04120702}, .b = 0xffffffff, .c = 0xffffffff, .c64 = 0xffffffffull, .d64 = 1, .d64v = 0xffffffff00000000ull, .sd = SD_S8, .cc = 0},
        {"gfx900", "v_mad_u64_u32 v[0:1], s[8:9], v2, v3, v[4:5]", {0xd1e80800, 0x04120702}, .b = 2, .c = 0x80000000, .c64 = 0xffffffff00000000ull, .d64 = 1, .d64v = 0, .sd = SD_S8, .cc = ALL},
        {"gfx900", "v_mad_i64_i32 v[0:1], s[8:9], v2, v3, v[4:5]", {0xd1e90800, 0x04120702}, .b = 0xfffffffe, .c = 3, .c64 = 10, .d64 = 1, .d64v = 4, .sd = SD_S8, .cc = 0},
        {"gfx803", "v_mad_i64_i32 v[0:1], s[8:9], v2, v3, v[4:5]", {0xd1e90800, 0x04120702}, .b = 0x80000000, .c = 0x7fffffff, .c64 = 0, .d64 = 1, .d64v = 0xc000000080000000ull, .sd = SD_S8, .cc = 0},
        /* shifts */
        {"gfx900", "v_lshlrev_b32_e32 v0, v1, v2", {0x24000501}, .a = 33, .b = 3, .d = 6},
        {"gfx900", "v_lshrrev_b32_e32 v0, v1, v2", {0x20000501}, .a = 4, .b = 0x80000000, .d = 0x08000000},
        {"gfx900", "v_ashrrev_i32_e32 v0, v1, v2", {0x22000501}, .a = 36, .b = 0x80000000, .d = 0xf8000000},
        {"gfx900", "v_lshlrev_b32_e32 v0, 31, v1", {0x2400029f}, .a = 3, .d = 0x80000000},
        {"gfx601", "v_lshl_b32_e32 v0, v1, v2", {0x32000501}, .a = 3, .b = 34, .d = 12},
        {"gfx601", "v_lshr_b32_e32 v0, v1, v2", {0x2a000501}, .a = 0xf0, .b = 4, .d = 0xf},
        {"gfx601", "v_ashr_i32_e32 v0, v1, v2", {0x2e000501}, .a = 0xfffffff0, .b = 4, .d = 0xffffffff},
        {"gfx701", "v_lshlrev_b32_e32 v0, v1, v2", {0x34000501}, .a = 8, .b = 0x12345678, .d = 0x34567800},
        /* logic and bit fields */
        {"gfx900", "v_and_b32_e32 v0, v1, v2", {0x26000501}, .a = 0xff00ff00, .b = 0x0ff00ff0, .d = 0x0f000f00},
        {"gfx900", "v_or_b32_e32 v0, v1, v2", {0x28000501}, .a = 0xff00ff00, .b = 0x0ff00ff0, .d = 0xfff0fff0},
        {"gfx900", "v_xor_b32_e32 v0, v1, v2", {0x2a000501}, .a = 0xff00ff00, .b = 0x0ff00ff0, .d = 0xf0f0f0f0},
        {"gfx906", "v_xnor_b32_e32 v0, v1, v2", {0x7a000501}, .a = 0xff00ff00, .b = 0x0ff00ff0, .d = 0x0f0f0f0f},
        {"gfx900", "v_not_b32_e32 v0, v1", {0x7e005701}, .a = 0x0000ffff, .d = 0xffff0000},
        {"gfx900", "v_bfrev_b32_e32 v0, v1", {0x7e005901}, .a = 0x00000001, .d = 0x80000000},
        {"gfx900", "v_bfrev_b32_e32 v0, v1", {0x7e005901}, .a = 0x12345678, .d = 0x1e6a2c48},
        {"gfx900", "v_ffbh_u32_e32 v0, v1", {0x7e005b01}, .a = 0x00010000, .d = 15},
        {"gfx900", "v_ffbh_u32_e32 v0, v1", {0x7e005b01}, .a = 0, .d = 0xffffffff},
        {"gfx900", "v_ffbl_b32_e32 v0, v1", {0x7e005d01}, .a = 0x00010000, .d = 16},
        {"gfx900", "v_ffbl_b32_e32 v0, v1", {0x7e005d01}, .a = 0, .d = 0xffffffff},
        {"gfx900", "v_ffbh_i32_e32 v0, v1", {0x7e005f01}, .a = 0xfffff000, .d = 20},
        {"gfx900", "v_ffbh_i32_e32 v0, v1", {0x7e005f01}, .a = 0x00000fff, .d = 20},
        {"gfx900", "v_ffbh_i32_e32 v0, v1", {0x7e005f01}, .a = 0xffffffff, .d = 0xffffffff},
        {"gfx900", "v_bcnt_u32_b32 v0, v1, v2", {0xd28b0000, 0x00020501}, .a = 0xf0f0f0f1, .b = 100, .d = 117},
        {"gfx601", "v_bcnt_u32_b32_e32 v0, v1, v2", {0x44000501}, .a = 0xffffffff, .b = 1, .d = 33},
        {"gfx900", "v_bfe_u32 v0, v1, v2, v3", {0xd1c80000, 0x040e0501}, .a = 0x12345678, .b = 8, .c = 8, .d = 0x56},
        {"gfx900", "v_bfe_u32 v0, v1, v2, v3", {0xd1c80000, 0x040e0501}, .a = 0x12345678, .b = 28, .c = 8, .d = 0x1},
        {"gfx900", "v_bfe_u32 v0, v1, v2, v3", {0xd1c80000, 0x040e0501}, .a = 0x12345678, .b = 40, .c = 0, .d = 0},
        {"gfx900", "v_bfe_i32 v0, v1, v2, v3", {0xd1c90000, 0x040e0501}, .a = 0x0000f000, .b = 12, .c = 4, .d = 0xffffffff},
        {"gfx900", "v_bfe_i32 v0, v1, v2, v3", {0xd1c90000, 0x040e0501}, .a = 0x80000000, .b = 31, .c = 31, .d = 0xffffffff},
        {"gfx900", "v_bfe_i32 v0, v1, v2, v3", {0xd1c90000, 0x040e0501}, .a = 0x00007000, .b = 12, .c = 4, .d = 7},
        {"gfx900", "v_bfi_b32 v0, v1, v2, v3", {0xd1ca0000, 0x040e0501}, .a = 0xffff0000, .b = 0x12345678, .c = 0x9abcdef0, .d = 0x1234def0},
        {"gfx900", "v_bfm_b32 v0, v1, v2", {0xd2930000, 0x00020501}, .a = 4, .b = 8, .d = 0xf00},
        {"gfx601", "v_bfm_b32_e32 v0, v1, v2", {0x3c000501}, .a = 32, .b = 0, .d = 0},
        {"gfx900", "v_alignbit_b32 v0, v1, v2, v3", {0xd1ce0000, 0x040e0501}, .a = 0x12345678, .b = 0x9abcdef0, .c = 36, .d = 0x89abcdef},
        {"gfx900", "v_alignbyte_b32 v0, v1, v2, v3", {0xd1cf0000, 0x040e0501}, .a = 0x12345678, .b = 0x9abcdef0, .c = 3, .d = 0x3456789a},
        {"gfx900", "v_perm_b32 v0, v1, v2, v3", {0xd1ed0000, 0x040e0501}, .a = 0x12345678, .b = 0x9abcdef0, .c = 0x0c070004, .d = 0x0012f078},
        {"gfx803", "v_perm_b32 v0, v1, v2, v3", {0xd1ed0000, 0x040e0501}, .a = 0x80008000, .b = 0x00800080, .c = 0x0b0a0908, .d = 0xffff0000},
        {"gfx900", "v_perm_b32 v0, v1, v2, v3", {0xd1ed0000, 0x040e0501}, .a = 0x80008000, .b = 0x00800080, .c = 0x0d0c0d0c, .d = 0xff00ff00},
        {"gfx900", "v_lshl_add_u32 v0, v1, v2, v3", {0xd1fd0000, 0x040e0501}, .a = 3, .b = 4, .c = 2, .d = 50},
        {"gfx900", "v_add_lshl_u32 v0, v1, v2, v3", {0xd1fe0000, 0x040e0501}, .a = 3, .b = 4, .c = 34, .d = 28},
        {"gfx900", "v_lshl_or_b32 v0, v1, v2, v3", {0xd2000000, 0x040e0501}, .a = 1, .b = 16, .c = 5, .d = 0x10005},
        {"gfx900", "v_and_or_b32 v0, v1, v2, v3", {0xd2010000, 0x040e0501}, .a = 0xf0, .b = 0x3c, .c = 1, .d = 0x31},
        {"gfx900", "v_or3_b32 v0, v1, v2, v3", {0xd2020000, 0x040e0501}, .a = 1, .b = 2, .c = 4, .d = 7},
        {"gfx900", "v_add3_u32 v0, v1, v2, v3", {0xd1ff0000, 0x040e0501}, .a = 0xffffffff, .b = 0xffffffff, .c = 3, .d = 1},
        {"gfx900", "v_xad_u32 v0, v1, v2, v3", {0xd1f30000, 0x040e0501}, .a = 0xff, .b = 0x0f, .c = 1, .d = 0xf1},
        /* min/max/med */
        {"gfx900", "v_min_i32_e32 v0, v1, v2", {0x18000501}, .a = 0xffffffff, .b = 1, .d = 0xffffffff},
        {"gfx900", "v_max_i32_e32 v0, v1, v2", {0x1a000501}, .a = 0xffffffff, .b = 1, .d = 1},
        {"gfx900", "v_min_u32_e32 v0, v1, v2", {0x1c000501}, .a = 0xffffffff, .b = 1, .d = 1},
        {"gfx900", "v_max_u32_e32 v0, v1, v2", {0x1e000501}, .a = 0xffffffff, .b = 1, .d = 0xffffffff},
        {"gfx900", "v_min3_i32 v0, v1, v2, v3", {0xd1d10000, 0x040e0501}, .a = 5, .b = 0xfffffffb, .c = 0, .d = 0xfffffffb},
        {"gfx900", "v_max3_u32 v0, v1, v2, v3", {0xd1d50000, 0x040e0501}, .a = 5, .b = 0xfffffffb, .c = 0, .d = 0xfffffffb},
        {"gfx900", "v_med3_i32 v0, v1, v2, v3", {0xd1d70000, 0x040e0501}, .a = 5, .b = 0xfffffffb, .c = 0, .d = 0},
        {"gfx900", "v_med3_u32 v0, v1, v2, v3", {0xd1d80000, 0x040e0501}, .a = 5, .b = 0xfffffffb, .c = 0, .d = 5},
        {"gfx601", "v_med3_i32 v0, v1, v2, v3", {0xd2b00000, 0x040e0501}, .a = 9, .b = 9, .c = 2, .d = 9},
    };
    run_rows(r, N(r));
}

/* ---- f32 ---------------------------------------------------------------- */

static void test_f32(void)
{
    const uint32_t inf = 0x7f800000, ninf = 0xff800000, qnan = 0x7fc00000, snan = 0x7f800001, nzero = 0x80000000;
    row_t r[] = {
        /* operands: VGPRs, inline constants, SGPRs, literals */
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = F(1.5f), .b = F(2.25f), .d = F(3.75f)},
        {"gfx900", "v_add_f32_e32 v0, 0.5, v1", {0x020002f0}, .a = F(1.0f), .d = F(1.5f)},
        {"gfx900", "v_add_f32_e32 v0, -4.0, v1", {0x020002f7}, .a = F(1.0f), .d = F(-3.0f)},
        {"gfx900", "v_add_f32_e32 v0, s7, v1", {0x02000207}, .a = F(2.0f), .d = F(3.0f)},
        {"gfx900", "v_mul_f32_e32 v0, 0x40490fdb, v1", {0x0a0002ff, 0x40490fdb}, .a = F(2.0f), .d = 0x40c90fdb},
        {"gfx900", "v_mul_f32_e32 v0, 0.15915494, v1", {0x0a0002f8}, .a = F(2.0f), .d = 0x3ea2f983},
        {"gfx601", "v_add_f32_e32 v0, 0x3fc00000, v1", {0x060002ff, 0x3fc00000}, .a = F(1.0f), .d = F(2.5f)},
        {"gfx701", "v_sub_f32_e32 v0, v1, v2", {0x08000501}, .a = F(5.0f), .b = F(3.0f), .d = F(2.0f)},
        {"gfx803", "v_subrev_f32_e32 v0, v1, v2", {0x06000501}, .a = F(5.0f), .b = F(3.0f), .d = F(-2.0f)},
        {"gfx900", "v_sub_f32_e64 v0, s7, 1.0", {0xd1020000, 0x0001e407}, .d = 0},
        /* VOP3 input modifiers, clamp, omod */
        {"gfx900", "v_add_f32_e64 v0, -v1, |v2|", {0xd1010200, 0x20020501}, .a = F(1.0f), .b = F(-2.0f), .d = F(1.0f)},
        {"gfx900", "v_add_f32_e64 v0, -|v1|, -v2", {0xd1010100, 0x60020501}, .a = F(-1.0f), .b = F(-2.0f), .d = F(1.0f)},
        {"gfx601", "v_mul_f32_e64 v0, |v1|, -v2", {0xd2100100, 0x40020501}, .a = F(-3.0f), .b = F(2.0f), .d = F(-6.0f)},
        {"gfx900", "v_mul_f32_e64 v0, v1, v2 clamp", {0xd1058000, 0x00020501}, .a = F(3.0f), .b = F(0.5f), .d = F(1.0f)},
        {"gfx900", "v_mul_f32_e64 v0, v1, v2 clamp", {0xd1058000, 0x00020501}, .a = F(-3.0f), .b = F(0.5f), .d = 0},
        {"gfx900", "v_mul_f32_e64 v0, v1, v2 clamp", {0xd1058000, 0x00020501}, .a = qnan, .b = F(0.5f), .d = 0},
        {"gfx900", "v_mul_f32_e64 v0, v1, v2 clamp", {0xd1058000, 0x00020501}, .a = F(0.25f), .b = F(0.5f), .d = F(0.125f)},
        {"gfx701", "v_add_f32_e64 v0, v1, v2 clamp", {0xd2060800, 0x00020501}, .a = F(0.75f), .b = F(0.5f), .d = F(1.0f)},
        {"gfx900", "v_add_f32_e64 v0, v1, v2 mul:2", {0xd1010000, 0x08020501}, .a = F(1.0f), .b = F(2.0f), .d = F(3.0f)},
        {"gfx900", "v_add_f32_e64 v0, v1, v2 mul:2", {0xd1010000, 0x08020501}, .a = F(1.0f), .b = F(2.0f), .d = F(6.0f), .mode = M_F32FLUSH},
        {"gfx803", "v_add_f32_e64 v0, v1, v2 mul:4", {0xd1010000, 0x10020501}, .a = F(1.0f), .b = F(2.0f), .d = F(12.0f), .mode = M_FLUSH},
        {"gfx601", "v_add_f32_e64 v0, v1, v2 div:2", {0xd2060000, 0x18020501}, .a = F(1.0f), .b = F(2.0f), .d = F(1.5f), .mode = M_FLUSH},
        {"gfx900", "v_mul_f32_e64 v0, v1, v2 clamp mul:2", {0xd1058000, 0x08020501}, .a = F(0.375f), .b = F(2.0f), .d = F(1.0f), .mode = M_FLUSH},
        /* legacy multiply, min/max with NaN, signed zeros */
        {"gfx900", "v_mul_legacy_f32_e32 v0, v1, v2", {0x08000501}, .a = 0, .b = inf, .d = 0},
        {"gfx900", "v_mul_legacy_f32_e32 v0, v1, v2", {0x08000501}, .a = qnan, .b = nzero, .d = 0},
        {"gfx601", "v_mul_legacy_f32_e32 v0, v1, v2", {0x0e000501}, .a = F(2.0f), .b = F(-3.0f), .d = F(-6.0f)},
        {"gfx900", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0, .b = inf, .d = ANYNAN},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = F(1.0f), .b = qnan, .d = F(1.0f)},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = qnan, .b = F(-1.0f), .d = F(-1.0f)},
        {"gfx900", "v_max_f32_e32 v0, v1, v2", {0x16000501}, .a = qnan, .b = F(-1.0f), .d = F(-1.0f)},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = snan, .b = F(1.0f), .d = 0x7fc00001},
        {"gfx900", "v_max_f32_e32 v0, v1, v2", {0x16000501}, .a = F(1.0f), .b = 0xff800005, .d = 0xffc00005},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = snan, .b = F(1.0f), .d = F(1.0f), .mode = M_NOIEEE},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = 0, .b = nzero, .d = nzero},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = nzero, .b = 0, .d = nzero},
        {"gfx900", "v_max_f32_e32 v0, v1, v2", {0x16000501}, .a = nzero, .b = 0, .d = 0},
        {"gfx601", "v_max_f32_e32 v0, v1, v2", {0x20000501}, .a = F(-5.0f), .b = F(-7.0f), .d = F(-5.0f)},
        {"gfx601", "v_min_legacy_f32_e32 v0, v1, v2", {0x1a000501}, .a = qnan, .b = F(2.0f), .d = F(2.0f)},
        {"gfx601", "v_min_legacy_f32_e32 v0, v1, v2", {0x1a000501}, .a = F(2.0f), .b = qnan, .d = qnan},
        {"gfx701", "v_max_legacy_f32_e32 v0, v1, v2", {0x1c000501}, .a = F(3.0f), .b = F(2.0f), .d = F(3.0f)},
        {"gfx900", "v_min3_f32 v0, v1, v2, v3", {0xd1d00000, 0x040e0501}, .a = F(3.0f), .b = F(1.0f), .c = F(2.0f), .d = F(1.0f)},
        {"gfx900", "v_max3_f32 v0, v1, v2, v3", {0xd1d30000, 0x040e0501}, .a = F(3.0f), .b = qnan, .c = F(2.0f), .d = F(3.0f)},
        {"gfx900", "v_med3_f32 v0, v1, v2, v3", {0xd1d60000, 0x040e0501}, .a = F(3.0f), .b = F(1.0f), .c = F(2.0f), .d = F(2.0f)},
        {"gfx900", "v_med3_f32 v0, v1, v2, v3", {0xd1d60000, 0x040e0501}, .a = qnan, .b = F(1.0f), .c = F(2.0f), .d = F(1.0f)},
        {"gfx803", "v_med3_f32 v0, v1, 0, 1.0", {0xd1d60000, 0x03c90101}, .a = F(-3.0f), .d = 0},
        {"gfx803", "v_med3_f32 v0, v1, 0, 1.0", {0xd1d60000, 0x03c90101}, .a = qnan, .d = 0},
        {"gfx803", "v_med3_f32 v0, v1, 0, 1.0", {0xd1d60000, 0x03c90101}, .a = F(0.5f), .d = F(0.5f)},
        /* mad (unfused, flushes) against fma (fused) */
        {"gfx900", "v_mad_f32 v0, v1, v2, v3", {0xd1c10000, 0x040e0501}, .a = 0x3f800800, .b = 0x3f800800, .c = 0xbf801000, .d = 0},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = 0x3f800800, .b = 0x3f800800, .c = 0xbf801000, .d = 0x33800000},
        {"gfx601", "v_fma_f32 v0, v1, v2, v3", {0xd2960000, 0x040e0501}, .a = 0x3f800800, .b = 0x3f800800, .c = 0xbf801000, .d = 0x33800000},
        {"gfx900", "v_mad_f32 v0, v1, v2, v3", {0xd1c10000, 0x040e0501}, .a = 1, .b = 0x4b800000, .c = 0, .d = 0},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = 1, .b = 0x4b800000, .c = 0, .d = 0x01000000},
        {"gfx900", "v_fma_f32 v0, v1, v2, -v3", {0xd1cb0000, 0x840e0501}, .a = F(2.0f), .b = F(3.0f), .c = F(1.0f), .d = F(5.0f)},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = inf, .b = 0, .c = F(1.0f), .d = ANYNAN},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = 0x7f7fffff, .b = F(2.0f), .c = 0xff7fffff, .d = 0x7f7fffff},
        {"gfx803", "v_mad_f32 v0, v1, v2, v3", {0xd1c10000, 0x040e0501}, .a = F(2.0f), .b = F(3.0f), .c = F(4.0f), .d = F(10.0f)},
        {"gfx803", "v_mad_f32 v0, -v1, v2, |v3|", {0xd1c10400, 0x240e0501}, .a = F(2.0f), .b = F(3.0f), .c = F(-4.0f), .d = F(-2.0f)},
        {"gfx803", "v_mac_f32_e32 v0, v1, v2", {0x2c000501}, .a = F(2.0f), .b = F(3.0f), .c = F(4.0f), .d = F(10.0f), .acc = 1},
        {"gfx900", "v_mac_f32_e64 v0, v1, v2 clamp", {0xd1168000, 0x00020501}, .a = F(2.0f), .b = F(3.0f), .c = F(4.0f), .d = F(1.0f), .acc = 1},
        {"gfx601", "v_mac_legacy_f32_e32 v0, v1, v2", {0x0c000501}, .a = 0, .b = inf, .c = F(4.0f), .d = F(4.0f), .acc = 1},
        {"gfx906", "v_fmac_f32_e32 v0, v1, v2", {0x76000501}, .a = 0x3f800800, .b = 0x3f800800, .c = 0xbf801000, .d = 0x33800000, .acc = 1},
        {"gfx900", "v_madmk_f32 v0, v1, 0x41200000, v2", {0x2e000501, 0x41200000}, .a = F(2.0f), .b = F(1.0f), .d = F(21.0f)},
        {"gfx601", "v_madak_f32 v0, v1, v2, 0x41200000", {0x42000501, 0x41200000}, .a = F(2.0f), .b = F(3.0f), .d = F(16.0f)},
        {"gfx900", "v_mad_legacy_f32 v0, v1, v2, v3", {0xd1c00000, 0x040e0501}, .a = inf, .b = 0, .c = F(2.0f), .d = F(2.0f)},
        /* denormals by MODE, and the ops that ignore it */
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = 1, .b = 0, .d = 1},
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = 1, .b = 0, .d = 0, .mode = M_F32FLUSH},
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = 0x80000001, .b = 0x80000000, .d = nzero, .mode = M_F32FLUSH},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x00800000, .b = F(0.5f), .d = 0x00400000},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x00800000, .b = F(0.5f), .d = 0, .mode = M_FLUSH},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x80800000, .b = F(0.5f), .d = nzero, .mode = M_FLUSH},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x00800000, .b = F(0.5f), .d = 0x00400000, .mode = 0x320},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x00400000, .b = F(4.0f), .d = 0x01000000, .mode = 0x310},
        {"gfx803", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x00400000, .b = F(4.0f), .d = 0, .mode = 0x320},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = 1, .b = 0x4b800000, .c = 0, .d = 0, .mode = M_F32FLUSH},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = 0x00000005, .b = 0x00000003, .d = 0x00000003},
        {"gfx900", "v_min_f32_e32 v0, v1, v2", {0x14000501}, .a = 0x80000005, .b = 0x00000003, .d = nzero, .mode = M_F32FLUSH},
        {"gfx900", "v_mov_b32_e32 v0, v1", {0x7e000301}, .a = 0x00000005, .d = 0x00000005, .mode = M_FLUSH},
        /* rounding modes */
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = F(1.0f), .b = 0x33800000, .d = F(1.0f)},
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = F(1.0f), .b = 0x33800000, .d = 0x3f800001, .mode = M_RU},
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = F(-1.0f), .b = 0xb3800000, .d = 0xbf800001, .mode = M_RD},
        {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}, .a = F(-1.0f), .b = 0xb3800000, .d = F(-1.0f), .mode = M_RU},
        {"gfx900", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x3f800001, .b = 0x3f800001, .d = 0x3f800002, .mode = M_RZ},
        {"gfx900", "v_mul_f32_e32 v0, v1, v2", {0x0a000501}, .a = 0x3f800001, .b = 0x3f800001, .d = 0x3f800003, .mode = M_RU},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = F(1.0f), .b = F(1.0f), .c = 0x33000000, .d = 0x3f800001, .mode = M_RU},
        {"gfx900", "v_fma_f32 v0, v1, v2, v3", {0xd1cb0000, 0x040e0501}, .a = F(1.0f), .b = F(1.0f), .c = 0x33000000, .d = F(1.0f), .mode = M_RZ},
        {"gfx900", "v_cvt_f32_i32_e32 v0, v1", {0x7e000b01}, .a = 16777219, .d = 0x4b800002},
        {"gfx900", "v_cvt_f32_i32_e32 v0, v1", {0x7e000b01}, .a = 16777219, .d = 0x4b800001, .mode = M_RZ},
        {"gfx900", "v_cvt_f32_u32_e32 v0, v1", {0x7e000d01}, .a = 16777217, .d = 0x4b800001, .mode = M_RU},
        /* ldexp */
        {"gfx900", "v_ldexp_f32 v0, v1, v2", {0xd2880000, 0x00020501}, .a = F(1.5f), .b = 3, .d = F(12.0f)},
        {"gfx900", "v_ldexp_f32 v0, v1, v2", {0xd2880000, 0x00020501}, .a = F(1.0f), .b = (uint32_t)-149, .d = 1},
        {"gfx900", "v_ldexp_f32 v0, v1, v2", {0xd2880000, 0x00020501}, .a = F(1.0f), .b = (uint32_t)-149, .d = 0, .mode = M_F32FLUSH},
        {"gfx900", "v_ldexp_f32 v0, v1, v2", {0xd2880000, 0x00020501}, .a = F(1.0f), .b = 128, .d = inf},
        {"gfx601", "v_ldexp_f32_e32 v0, v1, v2", {0x56000501}, .a = F(-3.0f), .b = (uint32_t)-1, .d = F(-1.5f)},
        {"gfx803", "v_ldexp_f32 v0, v1, v2", {0xd2880000, 0x00020501}, .a = 0x00c00000, .b = (uint32_t)-2, .d = 0x00300000},
        /* transcendentals */
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = F(2.0f), .d = F(0.5f)},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = F(3.0f), .d = F(1.0f / 3.0f)},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = 0, .d = inf},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = nzero, .d = ninf},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = ninf, .d = nzero},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = 1, .d = inf},
        {"gfx900", "v_rcp_f32_e32 v0, v1", {0x7e004501}, .a = 0x7f000000, .d = 0},
        {"gfx900", "v_rcp_iflag_f32_e32 v0, v1", {0x7e004701}, .a = F(4.0f), .d = F(0.25f)},
        {"gfx601", "v_rcp_clamp_f32_e32 v0, v1", {0x7e005101}, .a = nzero, .d = 0xff7fffff},
        {"gfx900", "v_rsq_f32_e32 v0, v1", {0x7e004901}, .a = F(4.0f), .d = F(0.5f)},
        {"gfx900", "v_rsq_f32_e32 v0, v1", {0x7e004901}, .a = 0, .d = inf},
        {"gfx900", "v_rsq_f32_e32 v0, v1", {0x7e004901}, .a = F(-1.0f), .d = ANYNAN},
        {"gfx900", "v_rsq_f32_e32 v0, v1", {0x7e004901}, .a = F(2.0f), .d = F(0.70710677f)},
        {"gfx900", "v_sqrt_f32_e32 v0, v1", {0x7e004f01}, .a = F(2.0f), .d = 0x3fb504f3},
        {"gfx900", "v_sqrt_f32_e32 v0, v1", {0x7e004f01}, .a = nzero, .d = nzero},
        {"gfx900", "v_sqrt_f32_e32 v0, v1", {0x7e004f01}, .a = F(-4.0f), .d = ANYNAN},
        {"gfx900", "v_sqrt_f32_e32 v0, v1", {0x7e004f01}, .a = 0x00000004, .d = F(sqrtf(FL(4)))},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = F(3.0f), .d = F(8.0f)},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = F(-1.0f), .d = F(0.5f)},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = ninf, .d = 0},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = F(-130.0f), .d = 0},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = F(128.0f), .d = inf},
        {"gfx900", "v_exp_f32_e32 v0, v1", {0x7e004101}, .a = F(0.5f), .d = F(1.41421356f)},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = F(8.0f), .d = F(3.0f)},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = 0, .d = ninf},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = nzero, .d = ninf},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = 1, .d = ninf},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = inf, .d = inf},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = F(-2.0f), .d = ANYNAN},
        {"gfx900", "v_log_f32_e32 v0, v1", {0x7e004301}, .a = F(10.0f), .d = F((float)log2(10.0))},
        {"gfx601", "v_log_clamp_f32_e32 v0, v1", {0x7e004d01}, .a = 0, .d = 0xff7fffff},
        {"gfx900", "v_sin_f32_e32 v0, v1", {0x7e005301}, .a = F(0.25f), .d = F(1.0f)},
        {"gfx900", "v_sin_f32_e32 v0, v1", {0x7e005301}, .a = F(-1.75f), .d = F(1.0f)},
        {"gfx900", "v_sin_f32_e32 v0, v1", {0x7e005301}, .a = F(0.125f), .d = F(0.70710677f)},
        {"gfx900", "v_sin_f32_e32 v0, v1", {0x7e005301}, .a = nzero, .d = nzero},
        {"gfx900", "v_cos_f32_e32 v0, v1", {0x7e005501}, .a = F(0.5f), .d = F(-1.0f)},
        {"gfx900", "v_cos_f32_e32 v0, v1", {0x7e005501}, .a = 0, .d = F(1.0f)},
        {"gfx900", "v_cos_f32_e32 v0, v1", {0x7e005501}, .a = inf, .d = ANYNAN},
        /* rounding to integers, fract, frexp */
        {"gfx900", "v_fract_f32_e32 v0, v1", {0x7e003701}, .a = F(-0.25f), .d = F(0.75f)},
        {"gfx900", "v_fract_f32_e32 v0, v1", {0x7e003701}, .a = F(2.5f), .d = F(0.5f)},
        {"gfx900", "v_fract_f32_e32 v0, v1", {0x7e003701}, .a = F(-1e-10f), .d = 0x3f7fffff},
        {"gfx900", "v_fract_f32_e32 v0, v1", {0x7e003701}, .a = ninf, .d = ANYNAN},
        {"gfx900", "v_trunc_f32_e32 v0, v1", {0x7e003901}, .a = F(-2.7f), .d = F(-2.0f)},
        {"gfx900", "v_ceil_f32_e32 v0, v1", {0x7e003b01}, .a = F(2.1f), .d = F(3.0f)},
        {"gfx900", "v_ceil_f32_e32 v0, v1", {0x7e003b01}, .a = F(-0.5f), .d = nzero},
        {"gfx900", "v_floor_f32_e32 v0, v1", {0x7e003f01}, .a = F(-2.1f), .d = F(-3.0f)},
        {"gfx900", "v_rndne_f32_e32 v0, v1", {0x7e003d01}, .a = F(2.5f), .d = F(2.0f)},
        {"gfx900", "v_rndne_f32_e32 v0, v1", {0x7e003d01}, .a = F(3.5f), .d = F(4.0f)},
        {"gfx900", "v_rndne_f32_e32 v0, v1", {0x7e003d01}, .a = F(-0.5f), .d = nzero},
        {"gfx900", "v_frexp_mant_f32_e32 v0, v1", {0x7e006901}, .a = F(8.0f), .d = F(0.5f)},
        {"gfx900", "v_frexp_mant_f32_e32 v0, v1", {0x7e006901}, .a = F(-3.0f), .d = F(-0.75f)},
        {"gfx900", "v_frexp_mant_f32_e32 v0, v1", {0x7e006901}, .a = ninf, .d = ninf},
        {"gfx900", "v_frexp_exp_i32_f32_e32 v0, v1", {0x7e006701}, .a = F(8.0f), .d = 4},
        {"gfx900", "v_frexp_exp_i32_f32_e32 v0, v1", {0x7e006701}, .a = F(0.75f), .d = 0},
        {"gfx900", "v_frexp_exp_i32_f32_e32 v0, v1", {0x7e006701}, .a = inf, .d = 0},
        {"gfx900", "v_frexp_exp_i32_f32_e32 v0, v1", {0x7e006701}, .a = 1, .d = (uint32_t)-148},
        {"gfx701", "v_frexp_exp_i32_f32_e32 v0, v1", {0x7e007f01}, .a = 0, .d = 0},
        /* conversions */
        {"gfx900", "v_cvt_f32_i32_e32 v0, v1", {0x7e000b01}, .a = (uint32_t)-1, .d = F(-1.0f)},
        {"gfx601", "v_cvt_f32_i32_e32 v0, v1", {0x7e000b01}, .a = 16777217, .d = 0x4b800000},
        {"gfx900", "v_cvt_f32_u32_e32 v0, v1", {0x7e000d01}, .a = 0xffffffff, .d = 0x4f800000},
        {"gfx900", "v_cvt_f32_u32_e32 v0, -1", {0x7e000cc1}, .d = 0x4f800000},
        {"gfx900", "v_cvt_i32_f32_e32 v0, v1", {0x7e001101}, .a = qnan, .d = 0},
        {"gfx900", "v_cvt_i32_f32_e32 v0, v1", {0x7e001101}, .a = F(3e9f), .d = 0x7fffffff},
        {"gfx900", "v_cvt_i32_f32_e32 v0, v1", {0x7e001101}, .a = F(-3e9f), .d = 0x80000000},
        {"gfx900", "v_cvt_i32_f32_e32 v0, v1", {0x7e001101}, .a = F(-1.5f), .d = 0xffffffff},
        {"gfx900", "v_cvt_i32_f32_e32 v0, v1", {0x7e001101}, .a = F(2147483648.0f), .d = 0x7fffffff},
        {"gfx803", "v_cvt_i32_f32_e64 v0, -v1", {0xd1480000, 0x20000101}, .a = F(7.9f), .d = (uint32_t)-7},
        {"gfx900", "v_cvt_u32_f32_e32 v0, v1", {0x7e000f01}, .a = F(-1.0f), .d = 0},
        {"gfx900", "v_cvt_u32_f32_e32 v0, v1", {0x7e000f01}, .a = F(5e9f), .d = 0xffffffff},
        {"gfx900", "v_cvt_u32_f32_e32 v0, v1", {0x7e000f01}, .a = F(3.7f), .d = 3},
        {"gfx900", "v_cvt_u32_f32_e32 v0, v1", {0x7e000f01}, .a = qnan, .d = 0},
        {"gfx900", "v_cvt_rpi_i32_f32_e32 v0, v1", {0x7e001901}, .a = F(2.5f), .d = 3},
        {"gfx900", "v_cvt_rpi_i32_f32_e32 v0, v1", {0x7e001901}, .a = F(-2.5f), .d = (uint32_t)-2},
        {"gfx900", "v_cvt_flr_i32_f32_e32 v0, v1", {0x7e001b01}, .a = F(-1.5f), .d = (uint32_t)-2},
        {"gfx900", "v_cvt_f32_ubyte0_e32 v0, v1", {0x7e002301}, .a = 0x04030201, .d = F(1.0f)},
        {"gfx900", "v_cvt_f32_ubyte1_e32 v0, v1", {0x7e002501}, .a = 0x04030201, .d = F(2.0f)},
        {"gfx900", "v_cvt_f32_ubyte2_e32 v0, v1", {0x7e002701}, .a = 0x04030201, .d = F(3.0f)},
        {"gfx601", "v_cvt_f32_ubyte3_e32 v0, v1", {0x7e002901}, .a = 0xff030201, .d = F(255.0f)},
        {"gfx900", "v_cvt_off_f32_i4_e32 v0, v1", {0x7e001d01}, .a = 0xf, .d = F(-0.0625f)},
        {"gfx900", "v_cvt_off_f32_i4_e32 v0, v1", {0x7e001d01}, .a = 0x17, .d = F(0.4375f)},
        {"gfx803", "v_cvt_pkaccum_u8_f32 v0, v1, v2", {0xd1f00000, 0x00020501}, .a = F(9.0f), .b = 2, .c = 0xaabbccdd, .d = 0xaa09ccdd, .acc = 1},
    };
    run_rows(r, N(r));
}

/* ---- compares ----------------------------------------------------------- */

typedef struct {
    const char *t, *text;
    uint32_t w[3];
    const char *truth;      /* result for the 4 lane cases (lane % 4), '1' or '0' */
    int kind;               /* 0: f32 cases, 1: integer cases */
    unsigned sd;            /* SGPR pair written */
    int x;                  /* v_cmpx: EXEC written too */
} cmp_t;

/* f32 cases: 1 < 2, 2 == 2, 2 > 1, NaN unordered with 1;
 * integer cases: (-1, 1), (1, 1), (1, -1), (5, 6). */
static void cmp_case(int kind, unsigned l, uint32_t *a, uint32_t *b)
{
    static const float fa[4] = {1, 2, 2, 0}, fb[4] = {2, 2, 1, 1};
    static const uint32_t ia[4] = {0xffffffff, 1, 1, 5}, ib[4] = {1, 1, 0xffffffff, 6};
    if (kind == 0) {
        *a = (l & 3) == 3 ? 0x7fc00000 : F(fa[l & 3]);
        *b = F(fb[l & 3]);
    } else {
        *a = ia[l & 3];
        *b = ib[l & 3];
    }
}

static void run_cmps(const cmp_t *r, size_t n, uint64_t exec)
{
    for (size_t i = 0; i < n; i++, r++) {
        start(r->t, r->w);
        S.w.sgpr[126] = (uint32_t)exec;
        S.w.sgpr[127] = (uint32_t)(exec >> 32);
        uint64_t want = 0;
        for (unsigned l = 0; l < 64; l++) {
            cmp_case(r->kind, l, &S.w.vgpr[1][l], &S.w.vgpr[2][l]);
            want |= (uint64_t)(r->truth[l & 3] == '1') << l;
        }
        want &= exec;
        S.w.sgpr[106] = S.w.sgpr[107] = 0x5a5a5a5a;
        S.w.sgpr[8] = S.w.sgpr[9] = 0x5a5a5a5a;
        if (!step1()) {
            CHECK(0, "%s %s: faulted (%s)", r->t, r->text, S.w.fault.msg);
            continue;
        }
        CHECK(sreg64(r->sd) == want, "%s %s (exec 0x%llx): result 0x%016llx (want 0x%016llx)", r->t, r->text,
              (unsigned long long)exec, (unsigned long long)sreg64(r->sd), (unsigned long long)want);
        uint64_t ex = sreg64(126);
        CHECK(ex == (r->x ? want : exec), "%s %s: exec 0x%016llx afterwards", r->t, r->text, (unsigned long long)ex);
    }
}

static void test_cmp(void)
{
    cmp_t r[] = {
        {"gfx900", "v_cmp_f_f32_e32 vcc, v1, v2", {0x7c800501}, "0000", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_lt_f32_e32 vcc, v1, v2", {0x7c820501}, "1000", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_eq_f32_e32 vcc, v1, v2", {0x7c840501}, "0100", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_le_f32_e32 vcc, v1, v2", {0x7c860501}, "1100", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_gt_f32_e32 vcc, v1, v2", {0x7c880501}, "0010", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_lg_f32_e32 vcc, v1, v2", {0x7c8a0501}, "1010", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_ge_f32_e32 vcc, v1, v2", {0x7c8c0501}, "0110", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_o_f32_e32 vcc, v1, v2", {0x7c8e0501}, "1110", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_u_f32_e32 vcc, v1, v2", {0x7c900501}, "0001", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_nge_f32_e32 vcc, v1, v2", {0x7c920501}, "1001", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_nlg_f32_e32 vcc, v1, v2", {0x7c940501}, "0101", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_ngt_f32_e32 vcc, v1, v2", {0x7c960501}, "1101", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_nle_f32_e32 vcc, v1, v2", {0x7c980501}, "0011", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_neq_f32_e32 vcc, v1, v2", {0x7c9a0501}, "1011", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_nlt_f32_e32 vcc, v1, v2", {0x7c9c0501}, "0111", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_tru_f32_e32 vcc, v1, v2", {0x7c9e0501}, "1111", 0, SD_VCC, 0},
        {"gfx900", "v_cmp_lt_f32_e64 s[8:9], v1, v2", {0xd0410008, 0x00020501}, "1000", 0, SD_S8, 0},
        {"gfx900", "v_cmp_gt_f32_e64 s[8:9], -v1, -v2", {0xd0440008, 0x60020501}, "1000", 0, SD_S8, 0},
        {"gfx900", "v_cmpx_nlg_f32_e32 vcc, v1, v2", {0x7cb40501}, "0101", 0, SD_VCC, 1},
        {"gfx900", "v_cmpx_lt_f32_e64 s[8:9], v1, v2", {0xd0510008, 0x00020501}, "1000", 0, SD_S8, 1},
        {"gfx803", "v_cmp_neq_f32_e32 vcc, v1, v2", {0x7c9a0501}, "1011", 0, SD_VCC, 0},
        {"gfx803", "v_cmpx_o_f32_e32 vcc, v1, v2", {0x7cae0501}, "1110", 0, SD_VCC, 1},
        {"gfx601", "v_cmp_nge_f32_e32 vcc, v1, v2", {0x7c120501}, "1001", 0, SD_VCC, 0},
        {"gfx601", "v_cmps_lt_f32_e32 vcc, v1, v2", {0x7c820501}, "1000", 0, SD_VCC, 0},
        {"gfx601", "v_cmpsx_u_f32_e32 vcc, v1, v2", {0x7cb00501}, "0001", 0, SD_VCC, 1},
        {"gfx701", "v_cmpx_ge_f32_e64 s[8:9], v1, v2", {0xd02c0008, 0x00020501}, "0110", 0, SD_S8, 1},
        {"gfx900", "v_cmp_f_i32_e32 vcc, v1, v2", {0x7d800501}, "0000", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_lt_i32_e32 vcc, v1, v2", {0x7d820501}, "1001", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_eq_i32_e32 vcc, v1, v2", {0x7d840501}, "0100", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_le_i32_e32 vcc, v1, v2", {0x7d860501}, "1101", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_gt_i32_e32 vcc, v1, v2", {0x7d880501}, "0010", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_ne_i32_e32 vcc, v1, v2", {0x7d8a0501}, "1011", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_ge_i32_e32 vcc, v1, v2", {0x7d8c0501}, "0110", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_t_i32_e32 vcc, v1, v2", {0x7d8e0501}, "1111", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_lt_u32_e32 vcc, v1, v2", {0x7d920501}, "0011", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_eq_u32_e32 vcc, v1, v2", {0x7d940501}, "0100", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_le_u32_e32 vcc, v1, v2", {0x7d960501}, "0111", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_gt_u32_e32 vcc, v1, v2", {0x7d980501}, "1000", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_ne_u32_e32 vcc, v1, v2", {0x7d9a0501}, "1011", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_ge_u32_e32 vcc, v1, v2", {0x7d9c0501}, "1100", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_f_u32_e32 vcc, v1, v2", {0x7d900501}, "0000", 1, SD_VCC, 0},
        {"gfx900", "v_cmp_t_u32_e32 vcc, v1, v2", {0x7d9e0501}, "1111", 1, SD_VCC, 0},
        {"gfx900", "v_cmpx_gt_u32_e32 vcc, v1, v2", {0x7db80501}, "1000", 1, SD_VCC, 1},
        {"gfx900", "v_cmpx_ne_i32_e64 s[8:9], v1, v2", {0xd0d50008, 0x00020501}, "1011", 1, SD_S8, 1},
        {"gfx601", "v_cmp_lt_i32_e32 vcc, v1, v2", {0x7d020501}, "1001", 1, SD_VCC, 0},
        {"gfx601", "v_cmpx_le_u32_e32 vcc, v1, v2", {0x7da60501}, "0111", 1, SD_VCC, 1},
        {"gfx803", "v_cmp_ge_i32_e64 s[8:9], v1, v2", {0xd0c60008, 0x00020501}, "0110", 1, SD_S8, 0},
    };
    run_cmps(r, N(r), ALL);
    /* partial EXEC: inactive lanes read 0 in the result; EXEC = 0 */
    run_cmps(r, N(r), 0x00ff00ff0f0f0f0full);
    run_cmps(r + 1, 1, 0);
    run_cmps(r + 18, 2, 0);

    /* inline constants and an SGPR as src0 */
    code_t c1 = {"gfx900", "v_cmp_gt_i32_e32 vcc, 0, v1", {0x7d880280}};
    start(c1.t, c1.w);
    uint64_t want = 0;
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = l - 32;
        want |= (uint64_t)((int)l - 32 < 0) << l;
    }
    step1();
    CHECK(sreg64(SD_VCC) == want, "v_cmp_gt_i32 vcc, 0, v1 with v1 = lane - 32: 0x%016llx",
          (unsigned long long)sreg64(SD_VCC));
    code_t c2 = {"gfx803", "v_cmp_eq_u32_e64 s[8:9], s6, v1", {0xd0ca0008, 0x00020206}};
    start(c2.t, c2.w);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = l % 8;
    step1();
    CHECK(sreg64(SD_S8) == 0x8080808080808080ull, "v_cmp_eq_u32 s[8:9], s6, v1: 0x%016llx",
          (unsigned long long)sreg64(SD_S8));
}

/* v_cmp_class_f32: the ten classes against single-bit masks */
static void test_class(void)
{
    static const uint32_t val[10] = {0x7f800001, 0x7fc00000, 0xff800000, 0xbf800000, 0x80000001,
                                     0x80000000, 0x00000000, 0x00000001, 0x3f800000, 0x7f800000};
    struct {
        const char *t, *text;
        uint32_t w[3];
        int abs, x;
        unsigned sd;
    } r[] = {
        {"gfx900", "v_cmp_class_f32_e32 vcc, v1, v2", {0x7c200501}, 0, 0, SD_VCC},
        {"gfx601", "v_cmp_class_f32_e32 vcc, v1, v2", {0x7d100501}, 0, 0, SD_VCC},
        {"gfx803", "v_cmp_class_f32_e64 s[8:9], |v1|, v2", {0xd0100108, 0x00020501}, 1, 0, SD_S8},
        {"gfx900", "v_cmpx_class_f32_e32 vcc, v1, v2", {0x7c220501}, 0, 1, SD_VCC},
    };
    /* with |x| the negative classes 2,3,4,5 become 9,8,7,6 */
    static const unsigned abs_class[10] = {0, 1, 9, 8, 7, 6, 6, 7, 8, 9};
    for (size_t i = 0; i < N(r); i++) {
        for (int inv = 0; inv < 2; inv++) {
            start(r[i].t, r[i].w);
            S.w.hwreg[1] = M_FLUSH;   /* classification sees denormals even when MODE flushes */
            for (unsigned l = 0; l < 64; l++) {
                unsigned k = l % 10, cls = r[i].abs ? abs_class[k] : k;
                S.w.vgpr[1][l] = val[k];
                S.w.vgpr[2][l] = inv ? 0x3ffu ^ (1u << cls) : 1u << cls;
            }
            step1();
            uint64_t want = inv ? 0 : ALL;
            CHECK(sreg64(r[i].sd) == want && sreg64(126) == (r[i].x ? want : ALL),
                  "%s %s, %s masks: 0x%016llx", r[i].t, r[i].text, inv ? "other-class" : "own-class",
                  (unsigned long long)sreg64(r[i].sd));
        }
    }
}

/* ---- EXEC, lanes and relative addressing -------------------------------- */

static void test_exec(void)
{
    /* partial EXEC: inactive lanes keep their old value */
    code_t add = {"gfx900", "v_add_f32_e32 v0, v1, v2", {0x02000501}};
    start(add.t, add.w);
    S.w.sgpr[126] = 0xffff0000;
    S.w.sgpr[127] = 0;
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = F(1.0f);
        S.w.vgpr[2][l] = F((float)l);
    }
    step1();
    int ok = 1;
    for (unsigned l = 0; l < 64; l++)
        ok &= S.w.vgpr[0][l] == (l >= 16 && l < 32 ? F(1.0f + (float)l) : 0xdeadbeef);
    CHECK(ok, "v_add_f32 with EXEC = 0xffff0000: lanes 16-31 written, the rest untouched");

    /* EXEC = 0: nothing written, carry-out 0 */
    code_t co = {"gfx803", "v_add_u32_e32 v0, vcc, v1, v2", {0x32000501}};
    start(co.t, co.w);
    S.w.sgpr[126] = S.w.sgpr[127] = 0;
    S.w.sgpr[106] = S.w.sgpr[107] = 0xffffffff;
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = S.w.vgpr[2][l] = 0xffffffff;
    step1();
    CHECK(lane_differs(0, 0xdeadbeef) < 0 && sreg64(SD_VCC) == 0, "v_add_u32 with EXEC = 0: no write, VCC = 0");

    /* carry-out only in active lanes */
    code_t co9 = {"gfx900", "v_add_co_u32_e64 v0, s[8:9], v1, v2", {0xd1190800, 0x00020501}};
    start(co9.t, co9.w);
    S.w.sgpr[126] = 0x0000ff00;
    S.w.sgpr[127] = 0x80000000;
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = 0x80000000u + l;
        S.w.vgpr[2][l] = 0x80000000u - 24 + l;   /* carry from lane 12 on */
    }
    step1();
    uint64_t want = 0;
    for (unsigned l = 0; l < 64; l++)
        if ((uint64_t)(0x80000000u + l) + (0x80000000u - 24 + l) > 0xffffffffull)
            want |= 1ull << l;
    want &= 0x800000000000ff00ull;
    CHECK(sreg64(SD_S8) == want, "v_add_co_u32 carry-out with partial EXEC: 0x%016llx (want 0x%016llx)",
          (unsigned long long)sreg64(SD_S8), (unsigned long long)want);
    CHECK(S.w.vgpr[0][8] == 0xfffffff8u && S.w.vgpr[0][0] == 0xdeadbeef && S.w.vgpr[0][63] == 0x66u,
          "v_add_co_u32 sums: lane 8 = 0x%08x, lane 63 = 0x%08x", S.w.vgpr[0][8], S.w.vgpr[0][63]);
}

static void test_lanes(void)
{
    /* v_cndmask: VCC in e32, an SGPR pair in e64, float modifiers */
    code_t cm[] = {
        {"gfx900", "v_cndmask_b32_e32 v0, v1, v2, vcc", {0x00000501}},
        {"gfx601", "v_cndmask_b32_e32 v0, v1, v2, vcc", {0x00000501}},
        {"gfx803", "v_cndmask_b32_e64 v0, v1, v2, s[4:5]", {0xd1000000, 0x00120501}},
        {"gfx900", "v_cndmask_b32_e64 v0, -v1, |v2|, s[4:5]", {0xd1000200, 0x20120501}},
        {"gfx900", "v_cndmask_b32_e64 v0, 0, 1.0, s[4:5]", {0xd1000000, 0x0011e480}},
    };
    for (size_t i = 0; i < N(cm); i++) {
        start(cm[i].t, cm[i].w);
        S.w.sgpr[106] = 0x55555555;
        S.w.sgpr[107] = 0xaaaaaaaa;
        S.w.hwreg[1] = M_FLUSH;      /* v_cndmask does not flush denormals */
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = i == 3 ? F(1.0f) : 0x00000100u + l;
            S.w.vgpr[2][l] = i == 3 ? F(-2.0f) : 0x00000200u + l;
        }
        step1();
        int ok = 1;
        for (unsigned l = 0; l < 64; l++) {
            int sel = (0xaaaaaaaa55555555ull >> l) & 1;
            uint32_t want = i == 3 ? (sel ? F(2.0f) : F(-1.0f)) : i == 4 ? (sel ? F(1.0f) : 0) : (sel ? 0x200u : 0x100u) + l;
            ok &= S.w.vgpr[0][l] == want;
        }
        CHECK(ok, "%s %s: lanes select by the mask", cm[i].t, cm[i].text);
    }

    /* readlane / writelane / readfirstlane */
    code_t rl[] = {
        {"gfx900", "v_readlane_b32 s10, v1, s6", {0xd289000a, 0x00000d01}},
        {"gfx601", "v_readlane_b32 s10, v1, s6", {0x02140d01}},
        {"gfx803", "v_readlane_b32 s10, v1, 63", {0xd289000a, 0x00017f01}},
    };
    for (size_t i = 0; i < N(rl); i++) {
        start(rl[i].t, rl[i].w);
        S.w.sgpr[6] = 71;           /* lane 71 & 63 = 7 */
        S.w.sgpr[126] = S.w.sgpr[127] = 0;   /* EXEC does not matter */
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[1][l] = 3 * l;
        step1();
        uint32_t want = i == 2 ? 189 : 21;
        CHECK(S.w.sgpr[10] == want, "%s %s: s10 = %u (want %u)", rl[i].t, rl[i].text, S.w.sgpr[10], want);
    }
    code_t wl[] = {
        {"gfx900", "v_writelane_b32 v0, 1.0, s6", {0xd28a0000, 0x00000cf2}},
        {"gfx701", "v_writelane_b32 v0, 1.0, s6", {0x04000cf2}},
    };
    for (size_t i = 0; i < N(wl); i++) {
        start(wl[i].t, wl[i].w);
        S.w.sgpr[6] = 64 + 9;
        S.w.sgpr[126] = S.w.sgpr[127] = 0;
        step1();
        int ok = S.w.vgpr[0][9] == 0x3f800000;
        for (unsigned l = 0; l < 64; l++)
            ok &= l == 9 || S.w.vgpr[0][l] == 0xdeadbeef;
        CHECK(ok, "%s %s: only lane 9 written, EXEC ignored", wl[i].t, wl[i].text);
    }
    code_t rf[] = {
        {"gfx900", "v_readfirstlane_b32 s10, v1", {0x7e140501}},
        {"gfx601", "v_readfirstlane_b32 s10, v1", {0x7e140501}},
    };
    for (size_t i = 0; i < N(rf); i++) {
        static const uint64_t ex[3] = {0x100, 0x8000000000000000ull, 0};
        static const uint32_t want[3] = {24, 189, 0};
        for (int k = 0; k < 3; k++) {
            start(rf[i].t, rf[i].w);
            S.w.sgpr[126] = (uint32_t)ex[k];
            S.w.sgpr[127] = (uint32_t)(ex[k] >> 32);
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[1][l] = 3 * l;
            step1();
            CHECK(S.w.sgpr[10] == want[k], "%s %s with EXEC 0x%llx: s10 = %u (want %u)", rf[i].t, rf[i].text,
                  (unsigned long long)ex[k], S.w.sgpr[10], want[k]);
        }
    }

    /* mbcnt: bits of the mask below the lane */
    code_t mb[] = {
        {"gfx900", "v_mbcnt_lo_u32_b32 v0, s4, v1", {0xd28c0000, 0x00020204}},
        {"gfx900", "v_mbcnt_hi_u32_b32 v0, s5, v1", {0xd28d0000, 0x00020205}},
        {"gfx601", "v_mbcnt_lo_u32_b32_e32 v0, -1, v1", {0x460002c1}},
        {"gfx803", "v_mbcnt_hi_u32_b32 v0, -1, v1", {0xd28d0000, 0x000202c1}},
    };
    for (size_t i = 0; i < N(mb); i++) {
        start(mb[i].t, mb[i].w);
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[1][l] = 100;
        step1();
        int ok = 1;
        for (unsigned l = 0; l < 64; l++) {
            unsigned lo = l < 32 ? l : 32, hi = l < 32 ? 0 : l - 32, want;
            switch (i) {
            case 0: want = (lo + 1) / 2; break;        /* 0x55555555: even positions */
            case 1: want = hi / 2; break;              /* 0xaaaaaaaa: odd positions */
            case 2: want = lo; break;
            default: want = hi; break;
            }
            ok &= S.w.vgpr[0][l] == 100 + want;
        }
        CHECK(ok, "%s %s: per-lane counts", mb[i].t, mb[i].text);
    }

    /* relative addressing (gfx6-8): M0 selects the register */
    code_t mr[] = {
        {"gfx803", "v_movrels_b32_e32 v0, v1", {0x7e006f01}},
        {"gfx803", "v_movreld_b32_e32 v1, v2", {0x7e026d02}},
        {"gfx601", "v_movrelsd_b32_e32 v1, v2", {0x7e028902}},
        {"gfx701", "v_movrels_b32_e64 v0, v1", {0xd3860000, 0x00000101}},
        {"gfx803", "v_movreld_b32_e32 v1, 0.5", {0x7e026cf0}},
    };
    static const unsigned m0[5] = {2, 3, 1, 4, 5}, dreg[5] = {0, 4, 2, 0, 6}, sreg[5] = {3, 2, 3, 5, 99};
    for (size_t i = 0; i < N(mr); i++) {
        start(mr[i].t, mr[i].w);
        S.w.sgpr[124] = m0[i];
        S.w.sgpr[126] = 0xfffffff0;
        S.w.sgpr[127] = 0;
        for (unsigned n = 1; n < 16; n++)
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[n][l] = 1000 * n + l;
        step1();
        int ok = S.w.state == WAVE_RUN;
        for (unsigned l = 0; l < 64; l++) {
            int active = l >= 4 && l < 32;
            uint32_t val = sreg[i] == 99 ? 0x3f000000u : 1000 * sreg[i] + l;
            uint32_t old = dreg[i] == 0 ? 0xdeadbeef : 1000 * dreg[i] + l;
            ok &= S.w.vgpr[dreg[i]][l] == (active ? val : old);
        }
        CHECK(ok, "%s %s with M0 = %u: v%u = v%u in active lanes", mr[i].t, mr[i].text, m0[i], dreg[i], sreg[i]);
    }
    start(mr[0].t, mr[0].w);
    S.w.sgpr[124] = 15;
    step1();
    CHECK(S.w.state == WAVE_FAULT && S.w.fault.kind == FAULT_REGISTER, "v_movrels beyond the VGPRs faults (%s)",
          S.w.fault.msg);

    /* v_swap_b32 (gfx9) in active lanes; v_nop */
    code_t sw = {"gfx900", "v_swap_b32 v0, v1", {0x7e00a301}};
    start(sw.t, sw.w);
    S.w.sgpr[126] = 0xf;
    S.w.sgpr[127] = 0;
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = l;
    step1();
    CHECK(S.w.vgpr[0][3] == 3 && S.w.vgpr[1][3] == 0xdeadbeef && S.w.vgpr[0][4] == 0xdeadbeef && S.w.vgpr[1][4] == 4,
          "v_swap_b32 swaps the active lanes only");
    code_t nop = {"gfx900", "v_nop", {0x7e000000}};
    start(nop.t, nop.w);
    CHECK(step1() && lane_differs(0, 0xdeadbeef) < 0, "v_nop does nothing");
}

/* ---- division: the sequence LLVM emits for a correctly rounded f32 a / b ---- */

static code_t div_seq[] = {
    {"gfx900", "v_div_scale_f32 v3, s[2:3], v2, v2, v1", {0xd1e00203, 0x04060502}},
    {"gfx900", "v_div_scale_f32 v5, vcc, v1, v2, v1", {0xd1e06a05, 0x04060501}},
    {"gfx900", "v_rcp_f32_e32 v6, v3", {0x7e0c4503}},
    {"gfx900", "v_fma_f32 v7, -v3, v6, 1.0", {0xd1cb0007, 0x23ca0d03}},
    {"gfx900", "v_fma_f32 v6, v7, v6, v6", {0xd1cb0006, 0x041a0d07}},
    {"gfx900", "v_mul_f32_e32 v7, v5, v6", {0x0a0e0d05}},
    {"gfx900", "v_fma_f32 v8, -v3, v7, v5", {0xd1cb0008, 0x24160f03}},
    {"gfx900", "v_fma_f32 v7, v8, v6, v7", {0xd1cb0007, 0x041e0d08}},
    {"gfx900", "v_fma_f32 v3, -v3, v7, v5", {0xd1cb0003, 0x24160f03}},
    {"gfx900", "v_div_fmas_f32 v3, v3, v6, v7", {0xd1e20003, 0x041e0d03}},
    {"gfx900", "v_div_fixup_f32 v0, v3, v2, v1", {0xd1de0000, 0x04060503}},
};
static code_t div_seq7[] = {
    {"gfx701", "v_div_scale_f32 v3, s[2:3], v2, v2, v1", {0xd2da0203, 0x04060502}},
    {"gfx701", "v_rcp_f32_e32 v6, v3", {0x7e0c5503}},
    {"gfx701", "v_div_scale_f32 v5, vcc, v1, v2, v1", {0xd2da6a05, 0x04060501}},
    {"gfx701", "v_fma_f32 v7, -v3, v6, 1.0", {0xd2960007, 0x23ca0d03}},
    {"gfx701", "v_fma_f32 v6, v7, v6, v6", {0xd2960006, 0x041a0d07}},
    {"gfx701", "v_mul_f32_e32 v7, v5, v6", {0x100e0d05}},
    {"gfx701", "v_fma_f32 v8, -v3, v7, v5", {0xd2960008, 0x24160f03}},
    {"gfx701", "v_fma_f32 v7, v8, v6, v7", {0xd2960007, 0x041e0d08}},
    {"gfx701", "v_fma_f32 v3, -v3, v7, v5", {0xd2960003, 0x24160f03}},
    {"gfx701", "v_div_fmas_f32 v3, v3, v6, v7", {0xd2de0003, 0x041e0d03}},
    {"gfx701", "v_div_fixup_f32 v0, v3, v2, v1", {0xd2be0000, 0x04060503}},
};

static uint32_t rnd32(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 32);
}

/* Run the division sequence on 64 numerator/denominator pairs.  flush:
 * MODE flushes f32 denormals except around the FMAs, as LLVM brackets
 * them with s_setreg on gfx6-8.  Returns the number of wrong lanes. */
static int run_div(const code_t *seq, const uint32_t num[64], const uint32_t den[64], int flush, int report)
{
    uint32_t code[2 * N(div_seq) + 1];
    unsigned n = 0;
    for (size_t i = 0; i < N(div_seq); i++) {
        code[n++] = seq[i].w[0];
        if (seq[i].w[0] >> 26 == 0x34)    /* VOP3: two dwords */
            code[n++] = seq[i].w[1];
    }
    code[n++] = 0xbf810000;
    semtest_free(&S);
    semtest_init(&S, seq[0].t, 16);
    semtest_load(&S, code, n);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = num[l];
        S.w.vgpr[2][l] = den[l];
    }
    if (flush)
        S.w.hwreg[1] = M_FLUSH;
    semtest_step(&S, 3);
    if (flush)
        S.w.hwreg[1] = M_DEFAULT;   /* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3 */
    semtest_step(&S, 6);
    if (flush)
        S.w.hwreg[1] = M_FLUSH;
    semtest_step(&S, 2);
    int bad = 0;
    for (unsigned l = 0; l < 64; l++) {
        float a = FL(num[l]), b = FL(den[l]);
        if (flush) {
            a = fabsf(a) < 0x1p-126f ? copysignf(0, a) : a;
            b = fabsf(b) < 0x1p-126f ? copysignf(0, b) : b;
        }
        float q = a / b;
        uint32_t got = S.w.vgpr[0][l], want = F(q);
        if (flush && fabsf(q) < 0x1p-125f && q != 0)
            continue;               /* near the flush boundary: not compared */
        if (is_nan(want) ? !is_nan(got) : got != want) {
            if (report && bad < 5)
                printf("  %s: 0x%08x / 0x%08x = 0x%08x (want 0x%08x)\n", seq[0].t, num[l], den[l], got, want);
            bad++;
        }
    }
    return bad;
}

static void test_div(void)
{
    static const uint32_t special[] = {
        0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001,
        0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x40400000, 0x3eaaaaab, 0x7e800000,
        0x7f000000, 0x01000000, 0x0c000000, 0x73000000, 0x34000000, 0x4b800001, 0x00400000, 0x5f000000,
    };
    const size_t ns = N(special);
    for (int flush = 0; flush < 2; flush++) {
        for (int g = 0; g < 2; g++) {
            const code_t *seq = g ? div_seq7 : div_seq;
            /* every pair of special values */
            uint32_t num[64], den[64];
            int bad = 0, total = 0;
            unsigned k = 0;
            for (size_t i = 0; i < ns; i++)
                for (size_t j = 0; j < ns; j++) {
                    num[k] = special[i];
                    den[k] = special[j];
                    if (++k == 64 || (i == ns - 1 && j == ns - 1)) {
                        for (; k < 64; k++)
                            num[k] = den[k] = 0x3f800000;
                        bad += run_div(seq, num, den, flush, 1);
                        total += 64;
                        k = 0;
                    }
                }
            /* random patterns, and random values near the exponent edges */
            uint64_t seed = 12345 + flush;
            for (int run = 0; run < 300; run++) {
                for (unsigned l = 0; l < 64; l++) {
                    num[l] = rnd32(&seed);
                    den[l] = rnd32(&seed);
                    if (run % 3 == 1) {   /* quotients near overflow or underflow */
                        uint32_t en = rnd32(&seed) % 2 ? 245 + rnd32(&seed) % 8 : 1 + rnd32(&seed) % 8;
                        uint32_t ed = rnd32(&seed) % 2 ? 245 + rnd32(&seed) % 8 : 1 + rnd32(&seed) % 8;
                        num[l] = (num[l] & 0x807fffffu) | en << 23;
                        den[l] = (den[l] & 0x807fffffu) | ed << 23;
                    }
                }
                bad += run_div(seq, num, den, flush, 1);
                total += 64;
            }
            CHECK(bad == 0, "%s f32 division sequence (div_scale, rcp, fma, div_fmas, div_fixup)%s: %d of %d wrong",
                  seq[0].t, flush ? " in flush mode" : "", bad, total);
        }
    }
}

/* v_div_fmas_f32 against a host reference in binary128: fma(a, b, c) in
 * lanes where VCC is 0, and fma * 2^64 (|c| >= 2) or * 2^-64 (|c| < 2),
 * rounded once, where VCC is 1 (this is also the software fma path used
 * when the host has no FMA instruction). */
static void test_fmas(void)
{
    code_t c = {"gfx900", "v_div_fmas_f32 v0, v1, v2, v3", {0xd1e20000, 0x040e0501}};
    uint64_t seed = 99;
    int bad = 0, total = 0;
    for (int run = 0; run < 200; run++) {
        start(c.t, c.w);
        uint64_t vcc = (uint64_t)rnd32(&seed) << 32 | rnd32(&seed);
        S.w.sgpr[106] = (uint32_t)vcc;
        S.w.sgpr[107] = (uint32_t)(vcc >> 32);
        for (unsigned l = 0; l < 64; l++) {
            /* random signs and mantissas; exponents clustered so that the
             * product and addend overlap and results reach the denormal
             * and overflow ranges after scaling */
            uint32_t ea = 100 + rnd32(&seed) % 56, eb = 100 + rnd32(&seed) % 56;
            uint32_t ec = (ea + eb > 254 ? ea + eb - 127 : 1) + rnd32(&seed) % 30;
            if (run % 4 == 3)
                ec = 1 + rnd32(&seed) % 254;
            S.w.vgpr[1][l] = (rnd32(&seed) & 0x807fffffu) | ea << 23;
            S.w.vgpr[2][l] = (rnd32(&seed) & 0x807fffffu) | eb << 23;
            S.w.vgpr[3][l] = (rnd32(&seed) & 0x807fffffu) | (ec > 254 ? 254 : ec) << 23;
        }
        step1();
        for (unsigned l = 0; l < 64; l++) {
            float a = FL(S.w.vgpr[1][l]), b = FL(S.w.vgpr[2][l]), cc = FL(S.w.vgpr[3][l]);
            __float128 r = (__float128)a * b + cc;
            if ((vcc >> l) & 1)
                r *= fabsf(cc) >= 2.0f ? (__float128)0x1p64 : (__float128)0x1p-64;
            uint32_t want = F((float)r), got = S.w.vgpr[0][l];
            if (got != want) {
                if (bad < 4)
                    printf("  fmas(%a, %a, %a) vcc %d: 0x%08x (want 0x%08x)\n", a, b, cc, (int)((vcc >> l) & 1), got,
                           want);
                bad++;
            }
            total++;
        }
    }
    CHECK(bad == 0, "v_div_fmas_f32 (fused, scaled by VCC) against binary128: %d of %d wrong", bad, total);
}

int main(void)
{
    test_int();
    test_f32();
    test_cmp();
    test_class();
    test_exec();
    test_lanes();
    test_div();
    test_fmas();
    semtest_free(&S);
    return check_done();
}
