/* sem_valu.c — semantics of the 32-bit VALU instructions (integer and f32)
 * of gfx6–gfx9 in every encoding (e32, VOP3a/b, SDWA, DPP): VOP1, VOP2,
 * VOPC and the 32-bit VOP3 ops.  Operands go through valu.h, which applies
 * the encoding's selects, lane moves, modifiers, denormal flushing, clamp,
 * omod and EXEC.
 *
 * Every handler computes all 64 lanes over arrays (lanes outside EXEC are
 * computed and discarded), so the loops have no per-lane branches on EXEC.
 *
 * Floating point: f32 arithmetic is IEEE with round-to-nearest-even, or the
 * MODE rounding mode (set with fesetround around the handler); denormals
 * follow MODE (flushed by valu.h), except where the hardware ignores the
 * mode: v_mad/v_mac (unfused, always flush), v_rcp/v_rsq (no denormal
 * inputs or results), v_log (no denormal inputs), v_exp (no denormal
 * results).  Precision of the approximations: v_rcp and v_sqrt are
 * correctly rounded; v_rsq, v_exp, v_log, v_sin and v_cos evaluate the
 * exact function in double precision and round it to f32 (error at most
 * 0.5 ULP + 2^-29 ULP), all within the hardware's documented 1 ULP, so a
 * result may differ from a GPU's in the last bit.  v_exp/v_log are base 2,
 * v_sin/v_cos take revolutions (sin(2*pi*x)).  NaN results of invalid
 * operations carry the host's default NaN (0xffc00000 on x86). */
#include <fenv.h>
#include <math.h>
#include "sim/valu.h"

/* ---- helpers ----------------------------------------------------------- */

static inline float F(uint32_t b)
{
    return f32_of(b);
}

static inline uint32_t B(float f)
{
    return bits_of_f32(f);
}

static inline int is_nan(uint32_t x)
{
    return (x & 0x7fffffffu) > 0x7f800000u;
}

static inline int is_snan(uint32_t x)
{
    return is_nan(x) & !(x & 0x00400000u);
}

/* A denormal (or zero) flushed to a zero of the same sign. */
static inline uint32_t ftz(uint32_t x)
{
    return (x & 0x7f800000u) ? x : x & 0x80000000u;
}

static inline uint32_t sext24(uint32_t x)
{
    return (uint32_t)((int32_t)(x << 8) >> 8);
}

/* Signed 64-bit value saturated to int32. */
static inline uint32_t sat_i32(int64_t v)
{
    return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

static inline uint32_t sat_u32(uint64_t v)
{
    return v > 0xffffffffu ? 0xffffffffu : (uint32_t)v;
}

/* Fetch sources 0..n-1 as types t0, t1, t2 (zero-copy where possible);
 * returns -1 after a fault. */
static inline __attribute__((always_inline)) int fetch(wave_t *w, const isa_inst_t *in, unsigned n,
                                                       const unsigned ot[3], const uint32_t *s[3], uint32_t buf[][64])
{
#pragma GCC unroll 3
    for (unsigned i = 0; i < n; i++)
        if (!(s[i] = valu_src32p(w, in, i, ot[i], buf[i])))
            return -1;
    return 0;
}

/* A source with the float modifiers applied but no denormal flush (for
 * ops that look at the raw pattern: v_cndmask, v_cmp_class). */
static const uint32_t *src_raw_mods(wave_t *w, const isa_inst_t *in, unsigned i, uint32_t buf[64])
{
    if (valu_src32(w, in, i, OT_B32, buf))
        return NULL;
    uint32_t clear = (in->abs >> i) & 1 ? 0x7fffffffu : ~0u, flip = (in->neg >> i) & 1 ? 0x80000000u : 0;
    if (clear != ~0u || flip)
        for (unsigned l = 0; l < 64; l++)
            buf[l] = (buf[l] & clear) ^ flip;
    return buf;
}

/* ---- rounding modes ----------------------------------------------------- */

/* Run a handler with the host rounding mode set to MODE's f32 rounding
 * mode.  The handler is called through a pointer from a function that is
 * not inlined, so no arithmetic moves across the mode switches. */
static __attribute__((noinline)) void run_rounded(wave_t *w, const isa_inst_t *in, sem_fn fn)
{
    static const int modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    fesetround(modes[MODE_ROUND_F32(w->hwreg[1])]);
    fn(w, in);
    fesetround(FE_TONEAREST);
}

/* Define handler `name` as body `name##_r` run in MODE's rounding mode. */
#define ROUNDED(name)                                                           \
    static void name(wave_t *w, const isa_inst_t *in)                           \
    {                                                                           \
        if (MODE_ROUND_F32(w->hwreg[1]))                                        \
            run_rounded(w, in, name##_r);                                       \
        else                                                                    \
            name##_r(w, in);                                                    \
    }

/* ---- handler families --------------------------------------------------- */

/* Handlers computing d[l] from a = src0, b = src1, c = src2 (bit patterns)
 * and the lane number l; td is the result type.  The lane loop lives in
 * an inline function with restrict pointers so that the compiler can
 * vectorize it (w and in are in scope for mode bits and modifiers). */
#define OPN(name, n, t0, t1, t2, td, expr)                                      \
    static inline void name##_lanes(uint32_t *restrict d, const uint32_t *restrict pa,         \
                                    const uint32_t *restrict pb, const uint32_t *restrict pc,  \
                                    const wave_t *w, const isa_inst_t *in)                     \
    {                                                                           \
        (void)w, (void)in;                                                      \
        for (unsigned l = 0; l < 64; l++) {                                     \
            uint32_t a = pa[l], b = n > 1 ? pb[l] : 0, c = n > 2 ? pc[l] : 0;   \
            (void)a, (void)b, (void)c;                                          \
            d[l] = (expr);                                                      \
        }                                                                       \
    }                                                                           \
    SIM_CLONES static void name(wave_t *w, const isa_inst_t *in)                \
    {                                                                           \
        static const unsigned ot[3] = {OT_##t0, OT_##t1, OT_##t2};              \
        const uint32_t *s[3] = {0, 0, 0};                                       \
        uint32_t buf[3][64], d[64];                                             \
        if (fetch(w, in, n, ot, s, buf))                                        \
            return;                                                             \
        name##_lanes(d, s[0], n > 1 ? s[1] : s[0], n > 2 ? s[2] : s[0], w, in); \
        valu_dst32(w, in, OT_##td, d);                                          \
    }
#define OP1(name, t0, td, expr) OPN(name, 1, t0, NONE, NONE, td, expr)
#define OP2(name, t0, t1, td, expr) OPN(name, 2, t0, t1, NONE, td, expr)
#define OP3(name, t0, t1, t2, td, expr) OPN(name, 3, t0, t1, t2, td, expr)

/* Pack 64 flags (bytes of 0 or 1) into a lane mask, 8 at a time: the
 * multiply gathers byte j of x into bit 56 + j. */
static inline uint64_t pack_flags(const uint8_t f[64])
{
    uint64_t bits = 0;
    for (unsigned k = 0; k < 8; k++) {
        uint64_t x;
        memcpy(&x, f + 8 * k, 8);
        bits |= ((x * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    return bits;
}

/* ---- moves, lane and relative-addressing ops ---------------------------- */

/* v_nop, v_clrexcp: nothing (exceptions are not modelled) */
static void v_nothing(wave_t *w, const isa_inst_t *in)
{
    (void)w;
    (void)in;
}

/* D.u = S0.u */
OP1(v_mov_b32, B32, B32, a)

/* D.u = VCC[lane] ? S1.u : S0.u; VOP3: the mask is an SGPR pair in src2.
 * abs/neg act on the bit patterns as on floats, without flushing. */
SIM_CLONES static void v_cndmask_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t b0[64], b1[64], d[64];
    const uint32_t *s0 = src_raw_mods(w, in, 0, b0), *s1 = s0 ? src_raw_mods(w, in, 1, b1) : NULL;
    if (!s1)
        return;
    uint64_t m = valu_cond(w, in);
    for (unsigned l = 0; l < 64; l++)
        d[l] = (m >> l) & 1 ? s1[l] : s0[l];
    valu_dst32(w, in, OT_B32, d);
}

/* SGPR destination of a lane op, or -1 after faulting. */
static int sgpr_dst(wave_t *w, const isa_inst_t *in)
{
    if (in->dst >= 128) {
        wave_fault(w, FAULT_ILLEGAL, 0, -1, "%s: the destination %u is no SGPR", isa_row(in->op)->name, in->dst);
        return -1;
    }
    return in->dst;
}

/* SGPR[D] = S0.u[first active lane] (lane 0 when EXEC is 0) */
static void v_readfirstlane_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t buf[64];
    const uint32_t *s = valu_src32p(w, in, 0, OT_B32, buf);
    int d = sgpr_dst(w, in);
    if (!s || d < 0)
        return;
    uint64_t exec = wave_exec(w);
    wave_set_sreg(w, (unsigned)d, s[exec ? __builtin_ctzll(exec) : 0]);
}

/* SGPR[D] = VGPR[S0][S1.u & 63] (ignores EXEC) */
static void v_readlane_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t buf[64];
    const uint32_t *s = valu_src32p(w, in, 0, OT_B32, buf);
    int d = sgpr_dst(w, in);
    if (!s || d < 0)
        return;
    wave_set_sreg(w, (unsigned)d, s[wave_sread(w, in, in->src[1], OT_U32) & 63]);
}

/* VGPR[D][S1.u & 63] = S0.u, a scalar (ignores EXEC) */
static void v_writelane_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t d[64];
    unsigned lane = wave_sread(w, in, in->src[1], OT_U32) & 63;
    d[lane] = wave_sread(w, in, in->src[0], OT_B32);
    wave_write_vreg(w, valu_vdst(w, in), d, 1ull << lane);
}

/* VGPR number of a VGPR operand v (256+n) plus M0, or -1 after faulting. */
static int rel_vgpr(wave_t *w, const isa_inst_t *in, unsigned v)
{
    if (v < 256) {
        wave_fault(w, FAULT_ILLEGAL, 0, -1, "%s: relative operand %u is no VGPR", isa_row(in->op)->name, v);
        return -1;
    }
    uint64_t n = (uint64_t)(v - 256) + w->sgpr[SREG_M0];
    if (n >= w->nvgpr) {
        wave_fault(w, FAULT_REGISTER, 0, -1, "%s: v%u + M0 (%u) is beyond the wave's %u allocated VGPRs",
                   isa_row(in->op)->name, v - 256, w->sgpr[SREG_M0], w->nvgpr);
        return -1;
    }
    return (int)n;
}

/* movrels: D = VGPR[S0 + M0]; movreld: VGPR[D + M0] = S0;
 * movrelsd: VGPR[D + M0] = VGPR[S0 + M0] (gfx6-8) */
static void movrel(wave_t *w, const isa_inst_t *in, int rel_src, int rel_dst)
{
    uint32_t buf[64];
    const uint32_t *s;
    if (rel_src) {
        int n = rel_vgpr(w, in, in->src[0]);
        if (n < 0)
            return;
        s = w->vgpr[n];
    } else if (!(s = valu_src32p(w, in, 0, OT_B32, buf)))
        return;
    int d = rel_dst ? rel_vgpr(w, in, in->dst) : (int)(in->dst - 256);
    if (d < 0)
        return;
    if (s != buf) {
        memcpy(buf, s, sizeof buf);
        s = buf;
    }
    wave_write_vreg(w, (unsigned)d, s, wave_exec(w));
}

static void v_movrels_b32(wave_t *w, const isa_inst_t *in)
{
    movrel(w, in, 1, 0);
}

static void v_movreld_b32(wave_t *w, const isa_inst_t *in)
{
    movrel(w, in, 0, 1);
}

static void v_movrelsd_b32(wave_t *w, const isa_inst_t *in)
{
    movrel(w, in, 1, 1);
}

/* tmp = D.u; D.u = S0.u; S0.u = tmp (gfx9; both VGPRs) */
static void v_swap_b32(wave_t *w, const isa_inst_t *in)
{
    unsigned nd = valu_vdst(w, in), ns = in->src[0] - 256u;
    uint32_t *pd = wave_vreg(w, nd), *ps = pd ? wave_vreg(w, ns) : NULL;
    if (!ps)
        return;
    uint32_t a[64], b[64];
    memcpy(a, pd, sizeof a);
    memcpy(b, ps, sizeof b);
    uint64_t m = wave_exec(w);
    wave_write_vreg(w, nd, b, m);
    wave_write_vreg(w, ns, a, m);
}

/* ---- integer arithmetic ------------------------------------------------- */

/* add/sub with carry-out to VCC/sdst and optional carry-in: sub computes
 * S0 - S1 - borrow, rev swaps the sources.  Clamp (gfx8/9) saturates. */
static inline void addsub_lanes(uint32_t *restrict d, uint8_t *restrict co, const uint32_t *restrict x,
                                const uint32_t *restrict y, const uint8_t *restrict ci, int sub, int clamp)
{
    for (unsigned l = 0; l < 64; l++) {
        uint32_t r, carry;
        if (sub) {
            uint32_t t = x[l] - y[l];
            r = t - ci[l];
            carry = (x[l] < y[l]) | (t < ci[l]);
        } else {
            uint32_t t = x[l] + y[l];
            r = t + ci[l];
            carry = (t < x[l]) | (r < t);
        }
        co[l] = (uint8_t)carry;
        d[l] = clamp && carry ? (sub ? 0 : 0xffffffffu) : r;
    }
}

static inline __attribute__((always_inline)) void addsub_co(wave_t *w, const isa_inst_t *in, int sub, int rev,
                                                            int cin)
{
    static const unsigned ot[3] = {OT_U32, OT_U32};
    const uint32_t *s[3];
    uint32_t buf[2][64], d[64];
    uint8_t ci[64], co[64];
    if (fetch(w, in, 2, ot, s, buf))
        return;
    uint64_t m = cin ? valu_cond(w, in) : 0;
    if (m)
        for (unsigned l = 0; l < 64; l++)
            ci[l] = (uint8_t)((m >> l) & 1);
    else
        memset(ci, 0, sizeof ci);
    const uint32_t *x = s[rev], *y = s[!rev];
    if (sub)   /* constant flags, so that each loop is specialized */
        in->clamp ? addsub_lanes(d, co, x, y, ci, 1, 1) : addsub_lanes(d, co, x, y, ci, 1, 0);
    else
        in->clamp ? addsub_lanes(d, co, x, y, ci, 0, 1) : addsub_lanes(d, co, x, y, ci, 0, 0);
    valu_dst32(w, in, OT_U32, d);
    valu_sdst(w, in, pack_flags(co));
}

#define ADDSUB_CO(name, sub, rev, cin)                                          \
    SIM_CLONES static void name(wave_t *w, const isa_inst_t *in)                \
    {                                                                           \
        addsub_co(w, in, sub, rev, cin);                                        \
    }
/* D.u = S0.u + S1.u; VCC = carry */
ADDSUB_CO(v_add_co, 0, 0, 0)
/* D.u = S0.u - S1.u; VCC = borrow */
ADDSUB_CO(v_sub_co, 1, 0, 0)
/* D.u = S1.u - S0.u; VCC = borrow */
ADDSUB_CO(v_subrev_co, 1, 1, 0)
/* D.u = S0.u + S1.u + VCC; VCC = carry */
ADDSUB_CO(v_addc, 0, 0, 1)
/* D.u = S0.u - S1.u - VCC; VCC = borrow */
ADDSUB_CO(v_subb, 1, 0, 1)
/* D.u = S1.u - S0.u - VCC; VCC = borrow */
ADDSUB_CO(v_subbrev, 1, 1, 1)

/* gfx9 without carry-out: D.u = S0.u + S1.u (clamp: unsigned saturate) */
OP2(v_add_u32, U32, U32, U32, in->clamp ? sat_u32((uint64_t)a + b) : a + b)
/* D.u = S0.u - S1.u (clamp: 0 on borrow) */
OP2(v_sub_u32, U32, U32, U32, in->clamp && b > a ? 0 : a - b)
/* D.u = S1.u - S0.u */
OP2(v_subrev_u32, U32, U32, U32, in->clamp && a > b ? 0 : b - a)
/* gfx9 VOP3: D.i = S0.i + S1.i (clamp: signed saturate) */
OP2(v_add_i32, I32, I32, I32, in->clamp ? sat_i32((int64_t)(int32_t)a + (int32_t)b) : a + b)
/* D.i = S0.i - S1.i */
OP2(v_sub_i32, I32, I32, I32, in->clamp ? sat_i32((int64_t)(int32_t)a - (int32_t)b) : a - b)

/* Multiplies of 24-bit operands: the 48-bit product's low or high bits;
 * clamp saturates the low result. */
static inline uint32_t mul_i24(uint32_t a, uint32_t b, int clamp)
{
    int64_t p = (int64_t)(int32_t)sext24(a) * (int32_t)sext24(b);
    return clamp ? sat_i32(p) : (uint32_t)p;
}

static inline uint32_t mul_u24(uint32_t a, uint32_t b, int clamp)
{
    uint64_t p = (uint64_t)(a & 0xffffff) * (b & 0xffffff);
    return clamp ? sat_u32(p) : (uint32_t)p;
}

/* D.i = S0.i[23:0] * S1.i[23:0] */
OP2(v_mul_i32_i24, I32, I32, I32, mul_i24(a, b, in->clamp))
/* D.i = (S0.i[23:0] * S1.i[23:0]) >> 32 */
OP2(v_mul_hi_i32_i24, I32, I32, I32,
    (uint32_t)((uint64_t)((int64_t)(int32_t)sext24(a) * (int32_t)sext24(b)) >> 32))
/* D.u = S0.u[23:0] * S1.u[23:0] */
OP2(v_mul_u32_u24, U32, U32, U32, mul_u24(a, b, in->clamp))
/* D.u = (S0.u[23:0] * S1.u[23:0]) >> 32 */
OP2(v_mul_hi_u32_u24, U32, U32, U32, (uint32_t)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32))
/* D.u = S0.u[23:0] * S1.u[23:0] + S2.u */
OP3(v_mad_u32_u24, U32, U32, U32, U32,
    in->clamp ? sat_u32((uint64_t)(a & 0xffffff) * (b & 0xffffff) + c) : mul_u24(a, b, 0) + c)
/* D.i = S0.i[23:0] * S1.i[23:0] + S2.i */
OP3(v_mad_i32_i24, I32, I32, I32, I32,
    in->clamp ? sat_i32((int64_t)(int32_t)sext24(a) * (int32_t)sext24(b) + (int32_t)c) : mul_i24(a, b, 0) + c)
/* D.u = (S0.u * S1.u)[31:0] (also v_mul_lo_i32) */
OP2(v_mul_lo_u32, U32, U32, U32, a * b)
/* D.u = (S0.u * S1.u) >> 32 */
OP2(v_mul_hi_u32, U32, U32, U32, (uint32_t)(((uint64_t)a * b) >> 32))
/* D.i = (S0.i * S1.i) >> 32 */
OP2(v_mul_hi_i32, I32, I32, I32, (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32))

/* {carry, D.u64} = S0.u32 * S1.u32 + S2.u64 (signed: S0.i32 * S1.i32 +
 * S2.i64, carry = the result does not fit in 64 bits); clamp saturates */
static void mad64(wave_t *w, const isa_inst_t *in, int sign)
{
    static const unsigned ot[3] = {OT_U32, OT_U32};
    const uint32_t *s[3];
    uint32_t buf[2][64];
    uint64_t c[64], d[64], co = 0;
    if (fetch(w, in, 2, ot, s, buf) || valu_src64(w, in, 2, OT_U64, c))
        return;
    for (unsigned l = 0; l < 64; l++) {
        uint64_t r, over;
        if (sign) {
            int64_t p = (int64_t)(int32_t)s[0][l] * (int32_t)s[1][l], sum;
            over = __builtin_add_overflow(p, (int64_t)c[l], &sum);
            r = (uint64_t)sum;
            if (over && in->clamp)
                r = p < 0 ? (uint64_t)INT64_MIN : (uint64_t)INT64_MAX;
        } else {
            over = __builtin_add_overflow((uint64_t)s[0][l] * s[1][l], c[l], &r);
            if (over && in->clamp)
                r = ~0ull;
        }
        d[l] = r;
        co |= over << l;
    }
    valu_dst64(w, in, OT_U64, d);
    valu_sdst(w, in, co);
}

static void v_mad_u64_u32(wave_t *w, const isa_inst_t *in)
{
    mad64(w, in, 0);
}

static void v_mad_i64_i32(wave_t *w, const isa_inst_t *in)
{
    mad64(w, in, 1);
}

/* min/max/med3 of integers */
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))
#define I(x) ((int32_t)(x))

static inline uint32_t med3_i(int32_t a, int32_t b, int32_t c)
{
    return (uint32_t)MAX(MIN(a, b), MIN(MAX(a, b), c));
}

static inline uint32_t med3_u(uint32_t a, uint32_t b, uint32_t c)
{
    return MAX(MIN(a, b), MIN(MAX(a, b), c));
}

/* D.i = min(S0.i, S1.i) and the like */
OP2(v_min_i32, I32, I32, I32, (uint32_t)MIN(I(a), I(b)))
OP2(v_max_i32, I32, I32, I32, (uint32_t)MAX(I(a), I(b)))
OP2(v_min_u32, U32, U32, U32, MIN(a, b))
OP2(v_max_u32, U32, U32, U32, MAX(a, b))
OP3(v_min3_i32, I32, I32, I32, I32, (uint32_t)MIN(MIN(I(a), I(b)), I(c)))
OP3(v_max3_i32, I32, I32, I32, I32, (uint32_t)MAX(MAX(I(a), I(b)), I(c)))
OP3(v_min3_u32, U32, U32, U32, U32, MIN(MIN(a, b), c))
OP3(v_max3_u32, U32, U32, U32, U32, MAX(MAX(a, b), c))
/* D.i = the median of S0.i, S1.i, S2.i */
OP3(v_med3_i32, I32, I32, I32, I32, med3_i(I(a), I(b), I(c)))
OP3(v_med3_u32, U32, U32, U32, U32, med3_u(a, b, c))

/* ---- logic, shifts and bit fields --------------------------------------- */

OP2(v_and_b32, B32, B32, B32, a & b)
OP2(v_or_b32, B32, B32, B32, a | b)
OP2(v_xor_b32, B32, B32, B32, a ^ b)
/* D.u = ~(S0.u ^ S1.u) (gfx906) */
OP2(v_xnor_b32, B32, B32, B32, ~(a ^ b))
OP1(v_not_b32, B32, B32, ~a)
/* D.u = S1.u << S0.u[4:0] */
OP2(v_lshlrev_b32, U32, B32, B32, b << (a & 31))
/* D.u = S1.u >> S0.u[4:0] */
OP2(v_lshrrev_b32, U32, B32, B32, b >> (a & 31))
/* D.i = S1.i >> S0.u[4:0] (arithmetic) */
OP2(v_ashrrev_i32, U32, I32, I32, (uint32_t)(I(b) >> (a & 31)))
/* gfx6/7: D.u = S0.u << S1.u[4:0], >> and arithmetic >> */
OP2(v_lshl_b32, B32, U32, B32, a << (b & 31))
OP2(v_lshr_b32, B32, U32, B32, a >> (b & 31))
OP2(v_ashr_i32, I32, U32, I32, (uint32_t)(I(a) >> (b & 31)))

/* gfx9: D.u = (S0.u << S1.u[4:0]) + S2.u */
OP3(v_lshl_add_u32, U32, U32, U32, U32, (a << (b & 31)) + c)
/* D.u = (S0.u + S1.u) << S2.u[4:0] */
OP3(v_add_lshl_u32, U32, U32, U32, U32, (a + b) << (c & 31))
/* D.u = S0.u + S1.u + S2.u */
OP3(v_add3_u32, U32, U32, U32, U32, a + b + c)
/* D.u = (S0.u << S1.u[4:0]) | S2.u */
OP3(v_lshl_or_b32, B32, U32, B32, B32, (a << (b & 31)) | c)
/* D.u = (S0.u & S1.u) | S2.u */
OP3(v_and_or_b32, B32, B32, B32, B32, (a & b) | c)
/* D.u = S0.u | S1.u | S2.u */
OP3(v_or3_b32, B32, B32, B32, B32, a | b | c)
/* D.u = (S0.u ^ S1.u) + S2.u */
OP3(v_xad_u32, U32, U32, U32, U32, (a ^ b) + c)

static inline uint32_t bfe_u(uint32_t x, uint32_t off, uint32_t width)
{
    off &= 31;
    width &= 31;
    if (width == 0)
        return 0;
    return off + width < 32 ? (x >> off) & ((1u << width) - 1) : x >> off;
}

static inline uint32_t bfe_i(uint32_t x, uint32_t off, uint32_t width)
{
    off &= 31;
    width &= 31;
    if (width == 0)
        return 0;
    if (off + width < 32)
        return (uint32_t)((int32_t)(x << (32 - off - width)) >> (32 - width));
    return (uint32_t)((int32_t)x >> off);
}

/* D.u = (S0.u >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1) */
OP3(v_bfe_u32, U32, U32, U32, U32, bfe_u(a, b, c))
/* the same, sign-extended from the field's top bit */
OP3(v_bfe_i32, I32, U32, U32, I32, bfe_i(a, b, c))
/* D.u = (S0.u & S1.u) | (~S0.u & S2.u) */
OP3(v_bfi_b32, B32, B32, B32, B32, (a & b) | (~a & c))
/* D.u = ((1 << S0.u[4:0]) - 1) << S1.u[4:0] */
OP2(v_bfm_b32, U32, U32, B32, ((1u << (a & 31)) - 1) << (b & 31))
/* D.u = ({S0, S1} >> S2.u[4:0])[31:0] */
OP3(v_alignbit_b32, B32, B32, U32, B32, (uint32_t)((((uint64_t)a << 32) | b) >> (c & 31)))
/* D.u = ({S0, S1} >> (8 * S2.u[1:0]))[31:0] */
OP3(v_alignbyte_b32, B32, B32, U32, B32, (uint32_t)((((uint64_t)a << 32) | b) >> (8 * (c & 3))))

/* One byte of v_perm_b32: byte sel of {S0, S1} (S1 the low dword), the
 * sign of bytes 1/3/5/7, zero or 0xff. */
static inline uint32_t perm_byte(uint64_t x, unsigned sel)
{
    if (sel >= 13)
        return 0xff;
    if (sel == 12)
        return 0;
    if (sel >= 8)
        return (x >> (16 * (sel - 8) + 15)) & 1 ? 0xff : 0;
    return (x >> (8 * sel)) & 0xff;
}

static inline uint32_t perm_b32(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t x = (uint64_t)a << 32 | b;
    uint32_t d = 0;
    for (unsigned k = 0; k < 32; k += 8)
        d |= perm_byte(x, (c >> k) & 0xff) << k;
    return d;
}
/* gfx8+: D.u[8i+7:8i] = permute({S0.u, S1.u}, S2.u[8i+7:8i]) */
OP3(v_perm_b32, B32, B32, U32, B32, perm_b32(a, b, c))

static inline uint32_t bitrev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
/* D.u[31-i] = S0.u[i] */
OP1(v_bfrev_b32, B32, B32, bitrev32(a))
/* D.u = number of leading zeros of S0.u (0xffffffff when S0 = 0) */
OP1(v_ffbh_u32, U32, U32, a ? (uint32_t)__builtin_clz(a) : 0xffffffffu)
/* D.u = number of trailing zeros of S0.u (0xffffffff when S0 = 0) */
OP1(v_ffbl_b32, B32, U32, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu)
/* D.u = leading bits equal to the sign bit (0xffffffff for 0 and -1) */
OP1(v_ffbh_i32, I32, I32, (a ^ (uint32_t)(I(a) >> 31)) ? (uint32_t)__builtin_clz(a ^ (uint32_t)(I(a) >> 31)) : 0xffffffffu)
/* D.u = popcount(S0.u) + S1.u */
OP2(v_bcnt_u32_b32, B32, U32, U32, (uint32_t)__builtin_popcount(a) + b)
/* D.u = popcount(S0.u & lanes below this one in [31:0]) + S1.u */
OP2(v_mbcnt_lo_u32_b32, B32, U32, U32,
    (uint32_t)__builtin_popcount(a & (l >= 32 ? 0xffffffffu : (1u << l) - 1)) + b)
/* D.u = popcount(S0.u & lanes below this one in [63:32]) + S1.u */
OP2(v_mbcnt_hi_u32_b32, B32, U32, U32,
    (uint32_t)__builtin_popcount(a & (l < 32 ? 0 : (1u << (l - 32)) - 1)) + b)

/* ---- f32 arithmetic ----------------------------------------------------- */

/* v_min_f32: in IEEE mode a signalling NaN input gives that NaN quieted;
 * otherwise a NaN input gives the other operand; -0 < +0.  (Written as a
 * chain of selects, the last applicable rule winning, so that it
 * vectorizes.) */
static inline uint32_t fmin_gcn(uint32_t a, uint32_t b, int ieee)
{
    float x = F(a), y = F(b);
    int eq = x == y, lt = x < y;
    uint32_t r = eq ? a | b : lt ? a : b;
    r = is_nan(b) ? a : r;
    r = is_nan(a) ? b : r;
    r = (ieee & is_snan(b)) ? b | 0x00400000u : r;
    return (ieee & is_snan(a)) ? a | 0x00400000u : r;
}

/* v_max_f32: as v_min_f32, +0 > -0 */
static inline uint32_t fmax_gcn(uint32_t a, uint32_t b, int ieee)
{
    float x = F(a), y = F(b);
    int eq = x == y, gt = x > y;
    uint32_t r = eq ? a & b : gt ? a : b;
    r = is_nan(b) ? a : r;
    r = is_nan(a) ? b : r;
    r = (ieee & is_snan(b)) ? b | 0x00400000u : r;
    return (ieee & is_snan(a)) ? a | 0x00400000u : r;
}

/* v_med3_f32: min3 when any input is NaN, else the median */
static inline uint32_t fmed3_gcn(uint32_t a, uint32_t b, uint32_t c, int ieee)
{
    if (is_nan(a) || is_nan(b) || is_nan(c))
        return fmin_gcn(fmin_gcn(a, b, ieee), c, ieee);
    float m = F(fmax_gcn(fmax_gcn(a, b, ieee), c, ieee));
    if (m == F(a))
        return fmax_gcn(b, c, ieee);
    if (m == F(b))
        return fmax_gcn(a, c, ieee);
    return fmax_gcn(a, b, ieee);
}

#define IEEE ((int)MODE_IEEE(w->hwreg[1]))

/* Legacy (DX9) multiply: +0 when either operand is zero, even with an
 * infinity or NaN */
static inline uint32_t mul_legacy(uint32_t a, uint32_t b)
{
    return (a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0 ? 0 : B(F(a) * F(b));
}

/* v_mad_f32: S0 * S1 rounded to f32, plus S2 rounded; denormal inputs,
 * product and result are flushed whatever MODE says */
static inline uint32_t mad_f32(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t p = ftz(B(F(ftz(a)) * F(ftz(b))));
    return ftz(B(F(p) + F(ftz(c))));
}

/* v_mad_legacy_f32: as v_mad_f32 with the legacy multiply (S2 alone when
 * S0 or S1 is zero) */
static inline uint32_t mad_legacy(uint32_t a, uint32_t b, uint32_t c)
{
    a = ftz(a);
    b = ftz(b);
    if ((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0)
        return ftz(c);
    return mad_f32(a, b, c);
}

/* Fused multiply-add a * b + c with a single rounding to f32 after scaling
 * the exact result by 2^k (k = 0, 64 or -64), in round-to-nearest-even:
 * the product is exact in double, the sum is rounded to double with
 * round-to-odd (its error found exactly by TwoSum), and rounding that to
 * f32 is then correct. */
static inline uint32_t fma_f32(uint32_t ua, uint32_t ub, uint32_t uc, int k)
{
    double p = (double)F(ua) * F(ub), c = F(uc), s = p + c;
    double bb = s - p, e = (p - (s - bb)) + (c - bb);   /* NaN when s is not finite */
    uint64_t u = bits_of_f64(s);
    uint64_t step = (e > 0) == (s > 0) ? 1 : (uint64_t)-1;
    u += ((e != 0) & (e == e) & !(u & 1)) ? step : 0;
    s = f64_of(u);
    s *= k > 0 ? 0x1p64 : k < 0 ? 0x1p-64 : 1.0;
    return B((float)s);
}

/* fma in a directed rounding mode (the host mode is set): the library fma */
static inline uint32_t fma_f32_rm(uint32_t a, uint32_t b, uint32_t c, int k)
{
    float r = fmaf(F(a), F(b), F(c));
    return B(k ? r * (k > 0 ? 0x1p64f : 0x1p-64f) : r);
}

#define RNE (MODE_ROUND_F32(w->hwreg[1]) == 0)
#define FMA(a, b, c, k) (RNE ? fma_f32(a, b, c, k) : fma_f32_rm(a, b, c, k))

/* D.f = S0.f + S1.f */
OP2(v_add_f32_r, F32, F32, F32, B(F(a) + F(b)))
ROUNDED(v_add_f32)
/* D.f = S0.f - S1.f */
OP2(v_sub_f32_r, F32, F32, F32, B(F(a) - F(b)))
ROUNDED(v_sub_f32)
/* D.f = S1.f - S0.f */
OP2(v_subrev_f32_r, F32, F32, F32, B(F(b) - F(a)))
ROUNDED(v_subrev_f32)
/* D.f = S0.f * S1.f */
OP2(v_mul_f32_r, F32, F32, F32, B(F(a) * F(b)))
ROUNDED(v_mul_f32)
/* D.f = S0.f * S1.f, 0 * anything = +0 */
OP2(v_mul_legacy_f32_r, F32, F32, F32, mul_legacy(a, b))
ROUNDED(v_mul_legacy_f32)
OP2(v_min_f32, F32, F32, F32, fmin_gcn(a, b, IEEE))
OP2(v_max_f32, F32, F32, F32, fmax_gcn(a, b, IEEE))
/* gfx6/7: D.f = S0.f < S1.f ? S0.f : S1.f (S1 when either is NaN) */
OP2(v_min_legacy_f32, F32, F32, F32, F(a) < F(b) ? a : b)
/* gfx6/7: D.f = S0.f > S1.f ? S0.f : S1.f */
OP2(v_max_legacy_f32, F32, F32, F32, F(a) > F(b) ? a : b)
OP3(v_min3_f32, F32, F32, F32, F32, fmin_gcn(fmin_gcn(a, b, IEEE), c, IEEE))
OP3(v_max3_f32, F32, F32, F32, F32, fmax_gcn(fmax_gcn(a, b, IEEE), c, IEEE))
OP3(v_med3_f32, F32, F32, F32, F32, fmed3_gcn(a, b, c, IEEE))

/* D.f = S0.f * S1.f + S2.f, unfused (also v_madmk: S1 = K, v_madak: S2 = K) */
OP3(v_mad_f32_r, F32, F32, F32, F32, mad_f32(a, b, c))
ROUNDED(v_mad_f32)
OP3(v_mad_legacy_f32_r, F32, F32, F32, F32, mad_legacy(a, b, c))
ROUNDED(v_mad_legacy_f32)
/* D.f = S0.f * S1.f + S2.f, fused: the host's FMA instruction when it has
 * one (valu_fma_f32_lanes; it follows the host rounding mode), else fma_f32
 * in round-to-nearest-even and the C library's fmaf in the other modes. */

OP3(v_fma_f32_rne, F32, F32, F32, F32, fma_f32(a, b, c, 0))
OP3(v_fma_f32_rm, F32, F32, F32, F32, fma_f32_rm(a, b, c, 0))
/* v_fma_f32 on the host's FMA in one pass for the VOP3 form without
 * modifiers (index mode off): MODE's input and output flushes fused into
 * the lane loop, the same bits as the general path.  Returns 0 when the
 * general path must run. */
static int fma_f32_fast(wave_t *w, const isa_inst_t *in)
{
    unsigned mode = w->hwreg[1];
    if (in->enc != ISA_ENC_VOP3 || (in->abs | in->neg | in->omod | in->clamp) || MODE_GPR_IDX_EN(mode) ||
        in->dst < 256 || !valu_host_fma())
        return 0;
    const uint32_t *s[3];
    uint32_t buf[3][64], d[64];
#pragma GCC unroll 3
    for (unsigned i = 0; i < 3; i++)
        if (!(s[i] = wave_vsrc(w, in, in->src[i], OT_F32, buf[i])))
            return 1;   /* faulted */
    uint32_t keep_in = MODE_DENORM_F32(mode) & 1 ? ~0u : 0x80000000u;
    uint32_t keep_out = MODE_DENORM_F32(mode) & 2 ? ~0u : 0x80000000u;
    unsigned n = in->dst - 256u;
    if (!w->fx && wave_exec(w) == ~0ull && n < w->nvgpr) {   /* straight into the destination */
        valu_fma_f32_lanes_ftz(w->vgpr[n], s[0], s[1], s[2], keep_in, keep_out);
        return 1;
    }
    valu_fma_f32_lanes_ftz(d, s[0], s[1], s[2], keep_in, keep_out);
    wave_write_vreg(w, n, d, wave_exec(w));
    return 1;
}

static void v_fma_f32_r(wave_t *w, const isa_inst_t *in)
{
    static const unsigned ot[3] = {OT_F32, OT_F32, OT_F32};
    if (fma_f32_fast(w, in))
        return;
    if (!valu_host_fma()) {
        if (RNE)
            v_fma_f32_rne(w, in);
        else
            v_fma_f32_rm(w, in);
        return;
    }
    const uint32_t *s[3];
    uint32_t buf[3][64], d[64];
    if (fetch(w, in, 3, ot, s, buf))
        return;
    valu_fma_f32_lanes(d, s[0], s[1], s[2]);
    valu_dst32(w, in, OT_F32, d);
}
/* (the fast path first when MODE rounds to nearest even, as the host does) */
static void v_fma_f32(wave_t *w, const isa_inst_t *in)
{
    if (!MODE_ROUND_F32(w->hwreg[1]) && fma_f32_fast(w, in))
        return;
    if (MODE_ROUND_F32(w->hwreg[1]))
        run_rounded(w, in, v_fma_f32_r);
    else
        v_fma_f32_r(w, in);
}

/* Accumulators: D = S0 * S1 + D (the old destination value); kind 0
 * v_mac (unfused), 1 v_mac_legacy, 2 v_fmac (fused, RNE), 3 v_fmac in a
 * directed rounding mode */
static inline void mac_lanes(uint32_t *restrict d, const uint32_t *restrict pa, const uint32_t *restrict pb,
                             const uint32_t *restrict acc, int kind, uint32_t keep_denorm)
{
    for (unsigned l = 0; l < 64; l++) {
        uint32_t a = pa[l], b = pb[l], c = acc[l];
        if (kind == 0)
            d[l] = mad_f32(a, b, c);
        else if (kind == 1)
            d[l] = mad_legacy(a, b, c);
        else {
            c &= (c & 0x7f800000u) ? ~0u : keep_denorm;   /* MODE's input flush */
            d[l] = kind == 2 ? fma_f32(a, b, c, 0) : fma_f32_rm(a, b, c, 0);
        }
    }
}

static void mac(wave_t *w, const isa_inst_t *in, int kind)
{
    static const unsigned ot[3] = {OT_F32, OT_F32};
    const uint32_t *s[3];
    uint32_t buf[2][64], d[64];
    if (fetch(w, in, 2, ot, s, buf))
        return;
    const uint32_t *acc = wave_vreg(w, valu_vdst(w, in));
    if (!acc)
        return;
    uint32_t keep = MODE_DENORM_F32(w->hwreg[1]) & 1 ? ~0u : 0x80000000u;
    if (kind == 2 && valu_host_fma()) {
        uint32_t c[64];
        for (unsigned l = 0; l < 64; l++)
            c[l] = acc[l] & ((acc[l] & 0x7f800000u) ? ~0u : keep);   /* MODE's input flush */
        valu_fma_f32_lanes(d, s[0], s[1], c);
        valu_dst32(w, in, OT_F32, d);
        return;
    }
    if (kind == 2 && !RNE)
        kind = 3;
    switch (kind) {
    case 0: mac_lanes(d, s[0], s[1], acc, 0, keep); break;
    case 1: mac_lanes(d, s[0], s[1], acc, 1, keep); break;
    case 2: mac_lanes(d, s[0], s[1], acc, 2, keep); break;
    default: mac_lanes(d, s[0], s[1], acc, 3, keep); break;
    }
    valu_dst32(w, in, OT_F32, d);
}

/* D.f = S0.f * S1.f + D.f, unfused */
static void v_mac_f32_r(wave_t *w, const isa_inst_t *in)
{
    mac(w, in, 0);
}
ROUNDED(v_mac_f32)

/* gfx6/7: D.f = S0.f * S1.f + D.f with the legacy multiply */
static void v_mac_legacy_f32_r(wave_t *w, const isa_inst_t *in)
{
    mac(w, in, 1);
}
ROUNDED(v_mac_legacy_f32)

/* gfx906: D.f = S0.f * S1.f + D.f, fused */
static void v_fmac_f32_r(wave_t *w, const isa_inst_t *in)
{
    mac(w, in, 2);
}
ROUNDED(v_fmac_f32)

/* D.f = S0.f * 2^S1.i */
OP2(v_ldexp_f32_r, F32, I32, F32, B(ldexpf(F(a), I(b))))
ROUNDED(v_ldexp_f32)

/* ---- division support --------------------------------------------------- */

/* v_div_scale_f32 (S0 = the value to scale, S1 = denominator, S2 =
 * numerator; S0 is S1 or S2): scales by 2^+-64 so that the Newton-Raphson
 * steps of a division stay clear of denormals; *flag tells v_div_fmas to
 * scale the quotient back. */
static inline uint32_t div_scale_f32(uint32_t s0, uint32_t s1, uint32_t s2, unsigned *flag)
{
    float x = F(s0), d = F(s1), n = F(s2);
    int ed = (s1 >> 23) & 0xff, en = (s2 >> 23) & 0xff;
    *flag = 0;
    if (n == 0 || d == 0)
        return 0x7fc00000u;
    if (en - ed >= 96) {              /* quotient near overflow: scale the denominator up */
        *flag = 1;
        return x == d ? B(ldexpf(x, 64)) : s0;
    }
    if (ed == 0)                      /* denormal denominator: scale both up */
        return B(ldexpf(x, 64));
    /* 1/S1 or S2/S1 below the normal range (the exact values, in double) */
    int rcp_tiny = fabs(1.0 / d) < 0x1p-126, q_tiny = fabs((double)n / d) < 0x1p-126;
    if (rcp_tiny && q_tiny) {         /* huge denominator, tiny quotient: scale it down */
        *flag = 1;
        return x == d ? B(ldexpf(x, -64)) : s0;
    }
    if (rcp_tiny)                     /* huge denominator: scale both down */
        return B(ldexpf(x, -64));
    if (q_tiny) {                     /* denormal quotient: scale the numerator up */
        *flag = 1;
        return x == n ? B(ldexpf(x, 64)) : s0;
    }
    if (en <= 23)                     /* tiny numerator: scale both up */
        return B(ldexpf(x, 64));
    return s0;
}

/* {VCC/sdst, D.f} = div_scale(S0.f, S1.f, S2.f) */
static void v_div_scale_f32(wave_t *w, const isa_inst_t *in)
{
    static const unsigned ot[3] = {OT_F32, OT_F32, OT_F32};
    const uint32_t *s[3];
    uint32_t buf[3][64], d[64];
    uint64_t flags = 0;
    if (fetch(w, in, 3, ot, s, buf))
        return;
    for (unsigned l = 0; l < 64; l++) {
        unsigned f;
        d[l] = div_scale_f32(s[0][l], s[1][l], s[2][l], &f);
        flags |= (uint64_t)f << l;
    }
    valu_dst32(w, in, OT_F32, d);
    valu_sdst(w, in, flags);
}

/* D.f = fma(S0.f, S1.f, S2.f), times 2^64 (|S2| >= 2) or 2^-64 (|S2| < 2)
 * in lanes where VCC is set: undoes v_div_scale's scaling of the quotient
 * S2 in the same rounding */
static void v_div_fmas_f32_r(wave_t *w, const isa_inst_t *in)
{
    static const unsigned ot[3] = {OT_F32, OT_F32, OT_F32};
    const uint32_t *s[3];
    uint32_t buf[3][64], d[64];
    if (fetch(w, in, 3, ot, s, buf))
        return;
    uint64_t vcc = wave_vcc(w);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t c = s[2][l];
        int k = (vcc >> l) & 1 ? ((c & 0x7f800000u) >= 0x40000000u ? 64 : -64) : 0;
        d[l] = FMA(s[0][l], s[1][l], c, k);
    }
    valu_dst32(w, in, OT_F32, d);
}
ROUNDED(v_div_fmas_f32)

/* D.f = the quotient S0.f of S2.f / S1.f with the special cases of
 * division applied: NaN inputs, 0/0 and inf/inf (NaN), x/0 and inf/x
 * (infinity), x/inf and 0/x (zero); else S0 with the quotient's sign */
static inline uint32_t div_fixup_f32(uint32_t q, uint32_t d, uint32_t n)
{
    uint32_t sign = (d ^ n) & 0x80000000u, ad = d & 0x7fffffffu, an = n & 0x7fffffffu;
    if (is_nan(n))
        return n | 0x00400000u;
    if (is_nan(d))
        return d | 0x00400000u;
    if ((ad == 0 && an == 0) || (ad == 0x7f800000u && an == 0x7f800000u))
        return 0xffc00000u;
    if (ad == 0 || an == 0x7f800000u)
        return sign | 0x7f800000u;
    if (ad == 0x7f800000u || an == 0)
        return sign;
    if (is_nan(q))
        return sign | 0x7f800000u;
    return sign | (q & 0x7fffffffu);
}
OP3(v_div_fixup_f32, F32, F32, F32, F32, div_fixup_f32(a, b, c))

/* ---- f32 unary ops ------------------------------------------------------ */

static inline uint32_t fract_f32(uint32_t a)
{
    if (is_nan(a))
        return a | 0x00400000u;
    float x = F(a), r = x - floorf(x);
    if (r != r)
        return 0x7fc00000u;           /* fract of an infinity */
    return r < 0x1.fffffep-1f ? B(r) : 0x3f7fffffu;
}

static inline uint32_t rcp_f32(uint32_t a)
{
    return ftz(B(1.0f / F(ftz(a))));
}

static inline uint32_t rsq_f32(uint32_t a)
{
    return ftz(B((float)(1.0 / sqrt((double)F(ftz(a))))));
}

/* sin/cos of 2*pi*x (x in revolutions) */
static inline uint32_t sincos_f32(uint32_t a, int cosine)
{
    double x = F(a);
    if (!cosine && x == 0)
        return a;
    double r = x - nearbyint(x);      /* exact; NaN/inf stay NaN */
    double v = cosine ? cos(2 * M_PI * r) : sin(2 * M_PI * r);
    return B((float)v);
}

static inline uint32_t frexp_mant(uint32_t a)
{
    int e;
    if ((a & 0x7f800000u) == 0x7f800000u)
        return is_nan(a) ? a | 0x00400000u : a;
    return B(frexpf(F(a), &e));
}

static inline uint32_t frexp_exp(uint32_t a)
{
    int e = 0;
    if ((a & 0x7f800000u) == 0x7f800000u)
        return 0;
    frexpf(F(a), &e);
    return (uint32_t)e;
}

/* D.f = S0.f - floor(S0.f), at most the largest f32 below 1 */
OP1(v_fract_f32, F32, F32, fract_f32(a))
OP1(v_trunc_f32, F32, F32, B(truncf(F(a))))
OP1(v_ceil_f32, F32, F32, B(ceilf(F(a))))
OP1(v_floor_f32, F32, F32, B(floorf(F(a))))
/* D.f = S0.f rounded to the nearest integer, ties to even */
OP1(v_rndne_f32, F32, F32, B(nearbyintf(F(a))))
/* D.f = 2^S0.f (denormal results flushed) */
OP1(v_exp_f32, F32, F32, ftz(B((float)exp2((double)F(a)))))
/* D.f = log2(S0.f) (denormal inputs flushed) */
OP1(v_log_f32, F32, F32, B((float)log2((double)F(ftz(a)))))
/* D.f = 1 / S0.f (no denormals in or out) */
OP1(v_rcp_f32, F32, F32, rcp_f32(a))
/* gfx6/7: 1 / S0.f with infinities clamped to +-max float */
OP1(v_rcp_clamp_f32, F32, F32, (rcp_f32(a) & 0x7fffffffu) == 0x7f800000u ? rcp_f32(a) - 1 : rcp_f32(a))
/* D.f = 1 / sqrt(S0.f) (no denormals in or out) */
OP1(v_rsq_f32, F32, F32, rsq_f32(a))
/* gfx6/7: 1 / sqrt(S0.f) with infinities clamped to +-max float */
OP1(v_rsq_clamp_f32, F32, F32, (rsq_f32(a) & 0x7fffffffu) == 0x7f800000u ? rsq_f32(a) - 1 : rsq_f32(a))
/* gfx6/7: log2(S0.f) with -inf clamped to -max float */
OP1(v_log_clamp_f32, F32, F32,
    B((float)log2((double)F(ftz(a)))) == 0xff800000u ? 0xff7fffffu : B((float)log2((double)F(ftz(a)))))
/* D.f = sqrt(S0.f) */
OP1(v_sqrt_f32_r, F32, F32, B(sqrtf(F(a))))
ROUNDED(v_sqrt_f32)
/* D.f = sin(S0.f * 2 * pi) */
OP1(v_sin_f32, F32, F32, sincos_f32(a, 0))
/* D.f = cos(S0.f * 2 * pi) */
OP1(v_cos_f32, F32, F32, sincos_f32(a, 1))
/* D.f = the mantissa of S0.f in [0.5, 1) with its sign (inf/NaN: S0) */
OP1(v_frexp_mant_f32, F32, F32, frexp_mant(a))
/* D.i = the exponent e with S0.f = m * 2^e, m in [0.5, 1) (inf/NaN: 0) */
OP1(v_frexp_exp_i32_f32, F32, I32, frexp_exp(a))

/* ---- conversions -------------------------------------------------------- */

/* f32 to int32: truncation, NaN gives 0, out of range saturates */
static inline uint32_t cvt_i32(float x)
{
    if (x != x)
        return 0;
    if (x >= 0x1p31f)
        return INT32_MAX;
    if (x <= -0x1p31f)
        return (uint32_t)INT32_MIN;
    return (uint32_t)(int32_t)x;
}

static inline uint32_t cvt_u32(float x)
{
    if (!(x > 0))
        return 0;                     /* NaN, zero and negative values */
    return x >= 0x1p32f ? 0xffffffffu : (uint32_t)x;
}

/* f32 to an unsigned byte: rounded to nearest even, clamped, NaN 0 */
static inline uint32_t cvt_u8(float x)
{
    float r = nearbyintf(x);
    return r != r || r <= 0 ? 0 : r >= 255 ? 255 : (uint32_t)r;
}

/* D.f = (float)S0.i */
OP1(v_cvt_f32_i32_r, I32, F32, B((float)I(a)))
ROUNDED(v_cvt_f32_i32)
/* D.f = (float)S0.u */
OP1(v_cvt_f32_u32_r, U32, F32, B((float)a))
ROUNDED(v_cvt_f32_u32)
/* D.i = (int)S0.f, truncated and saturated, NaN 0 */
OP1(v_cvt_i32_f32, F32, I32, cvt_i32(F(a)))
/* D.u = (unsigned)S0.f, truncated and saturated, NaN 0 */
OP1(v_cvt_u32_f32, F32, U32, cvt_u32(F(a)))
/* D.i = (int)floor(S0.f + 0.5) */
OP1(v_cvt_rpi_i32_f32, F32, I32, cvt_i32(floorf(F(a) + 0.5f)))
/* D.i = (int)floor(S0.f) */
OP1(v_cvt_flr_i32_f32, F32, I32, cvt_i32(floorf(F(a))))
/* D.f = S0.i[3:0] (signed) / 16 */
OP1(v_cvt_off_f32_i4, I32, F32, B((float)((int32_t)(a << 28) >> 28) / 16.0f))
/* D.f = (float)S0.u[8n+7:8n] */
OP1(v_cvt_f32_ubyte0, U32, F32, B((float)(a & 0xff)))
OP1(v_cvt_f32_ubyte1, U32, F32, B((float)((a >> 8) & 0xff)))
OP1(v_cvt_f32_ubyte2, U32, F32, B((float)((a >> 16) & 0xff)))
OP1(v_cvt_f32_ubyte3, U32, F32, B((float)(a >> 24)))
/* D.u = D.u with byte S1.u[1:0] replaced by u8(S0.f) */
static void v_cvt_pkaccum_u8_f32(wave_t *w, const isa_inst_t *in)
{
    static const unsigned ot[3] = {OT_F32, OT_U32};
    const uint32_t *s[3];
    uint32_t buf[2][64], d[64];
    if (fetch(w, in, 2, ot, s, buf))
        return;
    const uint32_t *old = wave_vreg(w, valu_vdst(w, in));
    if (!old)
        return;
    for (unsigned l = 0; l < 64; l++) {
        unsigned sh = 8 * (s[1][l] & 3);
        d[l] = (old[l] & ~(0xffu << sh)) | cvt_u8(F(s[0][l])) << sh;
    }
    valu_dst32(w, in, OT_B32, d);
}

/* ---- compares (VOPC) ---------------------------------------------------- */

/* Write a compare result: VCC/sdst gets the bits of the active lanes (0
 * elsewhere); v_cmpx also writes them to EXEC. */
static void cmp_done(wave_t *w, const isa_inst_t *in, uint64_t bits, int x)
{
    uint64_t r = bits & wave_exec(w);
    valu_sdst(w, in, r);
    if (x)
        wave_set_exec(w, r);
}

#define CMP(name, t, x, expr)                                                   \
    static inline void name##_lanes(uint8_t *restrict f, const uint32_t *restrict pa,           \
                                    const uint32_t *restrict pb)                                \
    {                                                                           \
        for (unsigned l = 0; l < 64; l++) {                                     \
            uint32_t a = pa[l], b = pb[l];                                      \
            float fa = F(a), fb = F(b);                                         \
            (void)fa, (void)fb;                                                 \
            f[l] = (uint8_t)(expr);                                             \
        }                                                                       \
    }                                                                           \
    SIM_CLONES static void name(wave_t *w, const isa_inst_t *in)                \
    {                                                                           \
        static const unsigned ot[3] = {OT_##t, OT_##t};                         \
        const uint32_t *s[3];                                                   \
        uint32_t buf[2][64];                                                    \
        uint8_t f[64];                                                          \
        if (fetch(w, in, 2, ot, s, buf))                                        \
            return;                                                             \
        name##_lanes(f, s[0], s[1]);                                            \
        cmp_done(w, in, pack_flags(f), x);                                      \
    }

/* The 16 f32 predicates (v_cmp_*, v_cmpx_* writing EXEC too, and the
 * gfx6/7 signalling v_cmps*, which give the same results). */
#define CMP_F32(p, expr)                                                        \
    CMP(v_cmp_##p##_f32, F32, 0, expr)                                          \
    CMP(v_cmpx_##p##_f32, F32, 1, expr)
CMP_F32(f, 0)
CMP_F32(lt, fa < fb)
CMP_F32(eq, fa == fb)
CMP_F32(le, fa <= fb)
CMP_F32(gt, fa > fb)
CMP_F32(lg, fa < fb || fa > fb)
CMP_F32(ge, fa >= fb)
CMP_F32(o, fa == fa && fb == fb)
CMP_F32(u, fa != fa || fb != fb)
CMP_F32(nge, !(fa >= fb))
CMP_F32(nlg, !(fa < fb || fa > fb))
CMP_F32(ngt, !(fa > fb))
CMP_F32(nle, !(fa <= fb))
CMP_F32(neq, !(fa == fb))
CMP_F32(nlt, !(fa < fb))
CMP_F32(tru, 1)

/* The 8 integer predicates of i32 and u32. */
#define CMP_INT(p, expr)                                                        \
    CMP(v_cmp_##p##_i32, I32, 0, expr(I(a), I(b)))                              \
    CMP(v_cmpx_##p##_i32, I32, 1, expr(I(a), I(b)))                             \
    CMP(v_cmp_##p##_u32, U32, 0, expr(a, b))                                    \
    CMP(v_cmpx_##p##_u32, U32, 1, expr(a, b))
#define P_F(x, y) ((void)(x), (void)(y), 0)
#define P_LT(x, y) ((x) < (y))
#define P_EQ(x, y) ((x) == (y))
#define P_LE(x, y) ((x) <= (y))
#define P_GT(x, y) ((x) > (y))
#define P_NE(x, y) ((x) != (y))
#define P_GE(x, y) ((x) >= (y))
#define P_T(x, y) ((void)(x), (void)(y), 1)
CMP_INT(f, P_F)
CMP_INT(lt, P_LT)
CMP_INT(eq, P_EQ)
CMP_INT(le, P_LE)
CMP_INT(gt, P_GT)
CMP_INT(ne, P_NE)
CMP_INT(ge, P_GE)
CMP_INT(t, P_T)

/* Whether the class of f32 pattern x is in mask: bit 0 signalling NaN,
 * 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
 * 8 +normal, 9 +inf. */
static inline unsigned class_f32(uint32_t x, uint32_t mask)
{
    uint32_t ax = x & 0x7fffffffu;
    unsigned neg = x >> 31, bit;
    if (ax > 0x7f800000u)
        bit = (x & 0x00400000u) ? 1 : 0;
    else if (ax == 0x7f800000u)
        bit = neg ? 2 : 9;
    else if (ax >= 0x00800000u)
        bit = neg ? 3 : 8;
    else if (ax)
        bit = neg ? 4 : 7;
    else
        bit = neg ? 5 : 6;
    return (mask >> bit) & 1;
}

/* VCC = class(S0.f) in S1.u (the raw value: denormals are not flushed) */
static void cmp_class(wave_t *w, const isa_inst_t *in, int x)
{
    uint32_t b0[64], b1[64];
    const uint32_t *s0 = src_raw_mods(w, in, 0, b0), *s1 = s0 ? valu_src32p(w, in, 1, OT_U32, b1) : NULL;
    if (!s1)
        return;
    uint64_t bits = 0;
    for (unsigned l = 0; l < 64; l++)
        bits |= (uint64_t)class_f32(s0[l], s1[l]) << l;
    cmp_done(w, in, bits, x);
}

static void v_cmp_class_f32(wave_t *w, const isa_inst_t *in)
{
    cmp_class(w, in, 0);
}

static void v_cmpx_class_f32(wave_t *w, const isa_inst_t *in)
{
    cmp_class(w, in, 1);
}

/* ---- the table ---------------------------------------------------------- */

#define E(key, fn) {ISA_OP_##key, fn},
#define E_CMP_F32(P, p)                                                         \
    E(V_CMP_##P##_F32, v_cmp_##p##_f32) E(V_CMPX_##P##_F32, v_cmpx_##p##_f32)   \
    E(V_CMPS_##P##_F32, v_cmp_##p##_f32) E(V_CMPSX_##P##_F32, v_cmpx_##p##_f32)
#define E_CMP_INT(P, p)                                                         \
    E(V_CMP_##P##_I32, v_cmp_##p##_i32) E(V_CMPX_##P##_I32, v_cmpx_##p##_i32)   \
    E(V_CMP_##P##_U32, v_cmp_##p##_u32) E(V_CMPX_##P##_U32, v_cmpx_##p##_u32)

const sem_entry_t sem_valu_table[] = {
    /* moves and lanes */
    E(V_NOP, v_nothing) E(V_CLREXCP, v_nothing) E(V_MOV_B32, v_mov_b32) E(V_CNDMASK_B32, v_cndmask_b32)
    E(V_READFIRSTLANE_B32, v_readfirstlane_b32) E(V_READLANE_B32, v_readlane_b32)
    E(V_WRITELANE_B32, v_writelane_b32) E(V_MOVRELS_B32, v_movrels_b32) E(V_MOVRELD_B32, v_movreld_b32)
    E(V_MOVRELSD_B32, v_movrelsd_b32) E(V_SWAP_B32, v_swap_b32)
    /* integer add/sub in every generation's spelling */
    E(V_ADD_I32, v_add_co) E(V_ADD_U32_CO, v_add_co) E(V_ADD_CO_U32, v_add_co)
    E(V_SUB_I32, v_sub_co) E(V_SUB_U32_CO, v_sub_co) E(V_SUB_CO_U32, v_sub_co)
    E(V_SUBREV_I32, v_subrev_co) E(V_SUBREV_U32_CO, v_subrev_co) E(V_SUBREV_CO_U32, v_subrev_co)
    E(V_ADDC_U32, v_addc) E(V_ADDC_CO_U32, v_addc) E(V_SUBB_U32, v_subb) E(V_SUBB_CO_U32, v_subb)
    E(V_SUBBREV_U32, v_subbrev) E(V_SUBBREV_CO_U32, v_subbrev)
    E(V_ADD_U32, v_add_u32) E(V_SUB_U32, v_sub_u32) E(V_SUBREV_U32, v_subrev_u32)
    E(V_ADD_I32_GFX9, v_add_i32) E(V_SUB_I32_GFX9, v_sub_i32)
    /* multiplies */
    E(V_MUL_I32_I24, v_mul_i32_i24) E(V_MUL_HI_I32_I24, v_mul_hi_i32_i24) E(V_MUL_U32_U24, v_mul_u32_u24)
    E(V_MUL_HI_U32_U24, v_mul_hi_u32_u24) E(V_MAD_I32_I24, v_mad_i32_i24) E(V_MAD_U32_U24, v_mad_u32_u24)
    E(V_MUL_LO_U32, v_mul_lo_u32) E(V_MUL_LO_I32, v_mul_lo_u32) E(V_MUL_HI_U32, v_mul_hi_u32)
    E(V_MUL_HI_I32, v_mul_hi_i32) E(V_MAD_U64_U32, v_mad_u64_u32) E(V_MAD_I64_I32, v_mad_i64_i32)
    /* integer min/max/med */
    E(V_MIN_I32, v_min_i32) E(V_MAX_I32, v_max_i32) E(V_MIN_U32, v_min_u32) E(V_MAX_U32, v_max_u32)
    E(V_MIN3_I32, v_min3_i32) E(V_MAX3_I32, v_max3_i32) E(V_MIN3_U32, v_min3_u32) E(V_MAX3_U32, v_max3_u32)
    E(V_MED3_I32, v_med3_i32) E(V_MED3_U32, v_med3_u32)
    /* logic, shifts, bit fields */
    E(V_AND_B32, v_and_b32) E(V_OR_B32, v_or_b32) E(V_XOR_B32, v_xor_b32) E(V_XNOR_B32, v_xnor_b32)
    E(V_NOT_B32, v_not_b32) E(V_LSHLREV_B32, v_lshlrev_b32) E(V_LSHRREV_B32, v_lshrrev_b32)
    E(V_ASHRREV_I32, v_ashrrev_i32) E(V_LSHL_B32, v_lshl_b32) E(V_LSHR_B32, v_lshr_b32)
    E(V_ASHR_I32, v_ashr_i32) E(V_LSHL_ADD_U32, v_lshl_add_u32) E(V_ADD_LSHL_U32, v_add_lshl_u32)
    E(V_ADD3_U32, v_add3_u32) E(V_LSHL_OR_B32, v_lshl_or_b32) E(V_AND_OR_B32, v_and_or_b32)
    E(V_OR3_B32, v_or3_b32) E(V_XAD_U32, v_xad_u32) E(V_BFE_U32, v_bfe_u32) E(V_BFE_I32, v_bfe_i32)
    E(V_BFI_B32, v_bfi_b32) E(V_BFM_B32, v_bfm_b32) E(V_ALIGNBIT_B32, v_alignbit_b32)
    E(V_ALIGNBYTE_B32, v_alignbyte_b32) E(V_PERM_B32, v_perm_b32) E(V_BFREV_B32, v_bfrev_b32)
    E(V_FFBH_U32, v_ffbh_u32) E(V_FFBL_B32, v_ffbl_b32) E(V_FFBH_I32, v_ffbh_i32)
    E(V_BCNT_U32_B32, v_bcnt_u32_b32) E(V_MBCNT_LO_U32_B32, v_mbcnt_lo_u32_b32)
    E(V_MBCNT_HI_U32_B32, v_mbcnt_hi_u32_b32)
    /* f32 arithmetic */
    E(V_ADD_F32, v_add_f32) E(V_SUB_F32, v_sub_f32) E(V_SUBREV_F32, v_subrev_f32) E(V_MUL_F32, v_mul_f32)
    E(V_MUL_LEGACY_F32, v_mul_legacy_f32) E(V_MIN_F32, v_min_f32) E(V_MAX_F32, v_max_f32)
    E(V_MIN_LEGACY_F32, v_min_legacy_f32) E(V_MAX_LEGACY_F32, v_max_legacy_f32)
    E(V_MIN3_F32, v_min3_f32) E(V_MAX3_F32, v_max3_f32) E(V_MED3_F32, v_med3_f32)
    E(V_MAD_F32, v_mad_f32) E(V_MADMK_F32, v_mad_f32) E(V_MADAK_F32, v_mad_f32)
    E(V_MAD_LEGACY_F32, v_mad_legacy_f32) E(V_FMA_F32, v_fma_f32) E(V_MAC_F32, v_mac_f32)
    E(V_MAC_LEGACY_F32, v_mac_legacy_f32) E(V_FMAC_F32, v_fmac_f32) E(V_LDEXP_F32, v_ldexp_f32)
    E(V_DIV_SCALE_F32, v_div_scale_f32) E(V_DIV_FMAS_F32, v_div_fmas_f32) E(V_DIV_FIXUP_F32, v_div_fixup_f32)
    E(V_FRACT_F32, v_fract_f32) E(V_TRUNC_F32, v_trunc_f32) E(V_CEIL_F32, v_ceil_f32)
    E(V_FLOOR_F32, v_floor_f32) E(V_RNDNE_F32, v_rndne_f32) E(V_EXP_F32, v_exp_f32) E(V_LOG_F32, v_log_f32)
    E(V_RCP_F32, v_rcp_f32) E(V_RCP_IFLAG_F32, v_rcp_f32) E(V_RCP_CLAMP_F32, v_rcp_clamp_f32)
    E(V_RSQ_F32, v_rsq_f32) E(V_RSQ_CLAMP_F32, v_rsq_clamp_f32) E(V_LOG_CLAMP_F32, v_log_clamp_f32)
    E(V_SQRT_F32, v_sqrt_f32) E(V_SIN_F32, v_sin_f32) E(V_COS_F32, v_cos_f32)
    E(V_FREXP_MANT_F32, v_frexp_mant_f32) E(V_FREXP_EXP_I32_F32, v_frexp_exp_i32_f32)
    /* conversions */
    E(V_CVT_F32_I32, v_cvt_f32_i32) E(V_CVT_F32_U32, v_cvt_f32_u32) E(V_CVT_I32_F32, v_cvt_i32_f32)
    E(V_CVT_U32_F32, v_cvt_u32_f32) E(V_CVT_RPI_I32_F32, v_cvt_rpi_i32_f32)
    E(V_CVT_FLR_I32_F32, v_cvt_flr_i32_f32) E(V_CVT_OFF_F32_I4, v_cvt_off_f32_i4)
    E(V_CVT_F32_UBYTE0, v_cvt_f32_ubyte0) E(V_CVT_F32_UBYTE1, v_cvt_f32_ubyte1)
    E(V_CVT_F32_UBYTE2, v_cvt_f32_ubyte2) E(V_CVT_F32_UBYTE3, v_cvt_f32_ubyte3)
    E(V_CVT_PKACCUM_U8_F32, v_cvt_pkaccum_u8_f32)
    /* compares */
    E_CMP_F32(F, f) E_CMP_F32(LT, lt) E_CMP_F32(EQ, eq) E_CMP_F32(LE, le) E_CMP_F32(GT, gt)
    E_CMP_F32(LG, lg) E_CMP_F32(GE, ge) E_CMP_F32(O, o) E_CMP_F32(U, u) E_CMP_F32(NGE, nge)
    E_CMP_F32(NLG, nlg) E_CMP_F32(NGT, ngt) E_CMP_F32(NLE, nle) E_CMP_F32(NEQ, neq) E_CMP_F32(NLT, nlt)
    E_CMP_F32(TRU, tru)
    E_CMP_INT(F, f) E_CMP_INT(LT, lt) E_CMP_INT(EQ, eq) E_CMP_INT(LE, le) E_CMP_INT(GT, gt)
    E_CMP_INT(NE, ne) E_CMP_INT(GE, ge) E_CMP_INT(T, t)
    E(V_CMP_CLASS_F32, v_cmp_class_f32) E(V_CMPX_CLASS_F32, v_cmpx_class_f32)
    {0, 0},
};
