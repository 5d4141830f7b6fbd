/* sem_valu_ext.c — VALU semantics beyond 32-bit integer and f32 (gfx6-9):
 * f64 arithmetic and the division/trigonometry helpers, 64-bit shifts and
 * compares, f16 and 16-bit integer operations (gfx8/9, with gfx9 op_sel),
 * packing conversions, VOP3P packed math, v_mad_mix/v_fma_mix, v_dot*,
 * the SAD family, v_lerp_u8 and the cube-map helpers.
 *
 * Conventions: every handler computes all 64 lanes from fetched source
 * rows and writes the active ones through valu_dst32/valu_dst64/valu_sdst.
 * NaN results: the first NaN source, quieted, else the default quiet NaN
 * (0x7ff8000000000000 / 0x7e00; v_div_fixup's 0/0 and inf/inf give the
 * manuals' 0xfff8000000000000 / 0xfe00).  IEEE-basic operations (add, mul,
 * fma, conversions, rounding, ldexp, div_fixup ...) are exact with MODE's
 * f64/f16 rounding mode and denormal controls.  Approximations (see each
 * one): v_rcp/v_sqrt_f64 are correctly rounded (the hardware is within
 * 1 ulp), v_rsq_f64 within 0.51 ulp; the f16 transcendentals are the f16
 * rounding of a double evaluation (within 0.5 ulp + 2^-40 relative).
 * 16-bit results: gfx8 zeroes bits 31:16; gfx9 too, except that v_mac/
 * v_madak/v_madmk_f16 keep them and the gfx9 op_sel ops write the half
 * op_sel[3] selects and keep the other. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "sim/f16.h"
#include "sim/valu.h"

/* ======================================================================
 * Common helpers
 * ==================================================================== */

#define LANES for (unsigned l = 0; l < 64; l++)

enum {
    F64_QNAN_BITS_HI = 0x7ff80000u,
    SIGN16 = 0x8000u,
};
static const uint64_t F64_QNAN = 0x7ff8000000000000ull, F64_QUIET = 1ull << 51, F64_SIGN = 1ull << 63;

static inline unsigned gen_of(const wave_t *w)
{
    return w->ctx->t->gen;
}

static inline uint32_t mode_of(const wave_t *w)
{
    return w->hwreg[1];
}

static inline int f64_is_nan(uint64_t b)
{
    return (b & ~F64_SIGN) > 0x7ff0000000000000ull;
}

static inline int f64_is_snan(uint64_t b)
{
    return f64_is_nan(b) && !(b & F64_QUIET);
}

static inline unsigned f64_exp(uint64_t b)
{
    return (unsigned)(b >> 52) & 0x7ff;
}

static inline int f64_is_denorm(uint64_t b)
{
    return f64_exp(b) == 0 && (b & 0xfffffffffffffull) != 0;
}

/* NaN result of an operation on a, b (c): the first NaN source quieted, else
 * the default NaN. */
static inline uint64_t nan64(uint64_t a, uint64_t b, uint64_t c)
{
    return f64_is_nan(a) ? a | F64_QUIET : f64_is_nan(b) ? b | F64_QUIET : f64_is_nan(c) ? c | F64_QUIET : F64_QNAN;
}

static inline uint32_t nan16(uint32_t a, uint32_t b, uint32_t c)
{
    return f16_is_nan(a) ? (a | F16_QUIET) & 0xffff
           : f16_is_nan(b) ? (b | F16_QUIET) & 0xffff
           : f16_is_nan(c) ? (c | F16_QUIET) & 0xffff : F16_QNAN;
}

/* Host rounding direction for a MODE rounding field. */
static int host_rm(unsigned rm)
{
    static const int map[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    return map[rm & 3];
}

/* Switch the host to MODE's f64 rounding for the f64 arithmetic of one
 * instruction; returns the field (0 = nothing to restore). */
static unsigned round_f64_begin(const wave_t *w)
{
    unsigned rm = MODE_ROUND_F64(mode_of(w));
    if (rm)
        fesetround(host_rm(rm));
    return rm;
}

static void round_end(unsigned rm)
{
    if (rm)
        fesetround(FE_TONEAREST);
}

/* Whether the instruction uses gfx9 op_sel: a gfx9 VOP3-only 16-bit op
 * other than the gfx8-compatible "legacy" ones. */
static int opsel_on(const wave_t *w, const isa_inst_t *in)
{
    if (gen_of(w) < ISA_GFX9 || in->enc != ISA_ENC_VOP3 || isa_row(in->op)->enc != ISA_ENC_VOP3)
        return 0;
    switch (in->op) {
    case ISA_OP_V_MAD_LEGACY_F16: case ISA_OP_V_MAD_LEGACY_U16: case ISA_OP_V_MAD_LEGACY_I16:
    case ISA_OP_V_FMA_LEGACY_F16: case ISA_OP_V_DIV_FIXUP_LEGACY_F16: case ISA_OP_V_INTERP_P2_LEGACY_F16:
        return 0;
    default:
        return 1;
    }
}

/* A 16-bit source as bits 15:0 of each lane: the low half, or the high
 * half under gfx9 op_sel; for f16 abs/neg applied and input denormals
 * flushed when MODE says so (flush = 0 keeps them, for v_cmp_class). */
static int src16(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, int flush, uint32_t out[64])
{
    if (valu_src32(w, in, i, OT_B16, out))
        return -1;
    unsigned sh = opsel_on(w, in) && ((in->op_sel >> i) & 1) ? 16 : 0;
    LANES out[l] = (out[l] >> sh) & 0xffff;
    if (ot != OT_F16)
        return 0;
    uint32_t clr = (in->abs >> i) & 1 ? SIGN16 : 0, flip = (in->neg >> i) & 1 ? SIGN16 : 0;
    if (clr | flip)
        LANES out[l] = (out[l] & ~clr) ^ flip;
    if (flush && !(MODE_DENORM_F64(mode_of(w)) & 1))
        LANES if (!(out[l] & 0x7c00)) out[l] &= SIGN16;
    return 0;
}

/* Output modifiers of an f16 result: omod (which the hardware ignores
 * when output denormals are enabled), clamp, output denormal flush. */
static void f16_out_mods(const wave_t *w, const isa_inst_t *in, uint32_t res[64])
{
    uint32_t mode = mode_of(w);
    if (in->omod && !(MODE_DENORM_F64(mode) & 2)) {   /* ignored with output denormals on */
        static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
        unsigned rm = MODE_ROUND_F64(mode);
        LANES if (!f16_is_nan(res[l])) res[l] = f16_from_f64(f16_to_f64(res[l]) * scale[in->omod & 3], rm);
    }
    if (in->clamp)
        LANES {
            uint32_t h = res[l];
            if (f16_is_nan(h))
                res[l] = MODE_DX10_CLAMP(mode) ? 0 : h;
            else if (h & SIGN16)
                res[l] = 0;
            else if (h > F16_ONE)
                res[l] = F16_ONE;
        }
    if (!(MODE_DENORM_F64(mode) & 2))
        LANES if (!(res[l] & 0x7c00)) res[l] &= SIGN16;
}

/* Ops whose gfx9 e32/e64 forms keep the high half of the destination. */
static int keeps_high_gfx9(unsigned op)
{
    return op == ISA_OP_V_MAC_F16 || op == ISA_OP_V_MADAK_F16 || op == ISA_OP_V_MADMK_F16;
}

/* The destination VGPR row before the write (for partial writes). */
static const uint32_t *dst_row(wave_t *w, const isa_inst_t *in)
{
    return in->dst >= 256 ? wave_vreg(w, in->dst - 256u) : NULL;
}

/* Write a 16-bit result (bits 15:0 of res) of type ot: f16 output
 * modifiers; gfx8 and the e32/e64 ops zero bits 31:16 (gfx9 v_mac/madak/
 * madmk_f16 keep them); gfx9 op_sel ops write the half op_sel[3] picks and
 * keep the other; SDWA places the result by dst_sel. */
static void dst16(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64])
{
    if (ot == OT_F16)
        f16_out_mods(w, in, res);
    LANES res[l] &= 0xffff;
    if (gen_of(w) >= ISA_GFX9 && in->enc != ISA_ENC_SDWA) {
        int hi = 0, keep = 0;
        if (opsel_on(w, in)) {
            keep = 1;
            hi = (in->op_sel >> 3) & 1;
        } else if (keeps_high_gfx9(in->op))
            keep = 1;
        if (keep) {
            const uint32_t *old = dst_row(w, in);
            if (!old)
                return;
            if (hi)
                LANES res[l] = (old[l] & 0xffffu) | res[l] << 16;
            else
                LANES res[l] |= old[l] & 0xffff0000u;
        }
    }
    valu_dst32(w, in, OT_B32, res);
}

/* The lane mask of a VOPC result: to VCC/sdst, and EXEC for v_cmpx. */
static void cmp_write(wave_t *w, const isa_inst_t *in, uint64_t bits)
{
    uint64_t exec = wave_exec(w);
    valu_sdst(w, in, bits);
    if (w->state != WAVE_FAULT && (isa_row(in->op)->flags & ISA_F_WRITE_EXEC))
        wave_set_exec(w, bits & exec);
}

/* The condition of a VOPC op: the low 4 bits of its opcode (float compares
 * F LT EQ LE GT LG GE O U NGE NLG NGT NLE NEQ NLT TRU, integer ones F LT EQ
 * LE GT NE GE T in the low 3). */
static unsigned cmp_cond(const wave_t *w, const isa_inst_t *in)
{
    return (unsigned)isa_row(in->op)->opc[gen_of(w)] & 15;
}

/* One float compare of a and b (doubles; NaN unordered). */
static inline int fcmp(unsigned cond, double a, double b)
{
    switch (cond) {
    case 0: return 0;
    case 1: return a < b;
    case 2: return a == b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a < b || a > b;
    case 6: return a >= b;
    case 7: return a == a && b == b;
    case 8: return a != a || b != b;
    case 9: return !(a >= b);
    case 10: return !(a < b || a > b);
    case 11: return !(a > b);
    case 12: return !(a <= b);
    case 13: return !(a == b);
    case 14: return !(a < b);
    default: return 1;
    }
}

/* Float compare of 64 lanes. */
static uint64_t fcmp_lanes(unsigned cond, const double a[64], const double b[64])
{
    uint64_t bits = 0;
#define FCMP_LOOP(expr) LANES bits |= (uint64_t)(expr) << l
    switch (cond) {
    case 0: break;
    case 1: FCMP_LOOP(a[l] < b[l]); break;
    case 2: FCMP_LOOP(a[l] == b[l]); break;
    case 3: FCMP_LOOP(a[l] <= b[l]); break;
    case 4: FCMP_LOOP(a[l] > b[l]); break;
    case 6: FCMP_LOOP(a[l] >= b[l]); break;
    case 15: bits = ~0ull; break;
    default: FCMP_LOOP(fcmp(cond, a[l], b[l])); break;
    }
#undef FCMP_LOOP
    return bits;
}

/* Integer compare of 64 lanes (signed when sgn), condition in the low 3 bits. */
static uint64_t icmp_lanes(unsigned cond, int sgn, const uint64_t a[64], const uint64_t b[64])
{
    uint64_t bits = 0;
#define ICMP(op) \
    do { \
        if (sgn) LANES bits |= (uint64_t)((int64_t)a[l] op (int64_t)b[l]) << l; \
        else LANES bits |= (uint64_t)(a[l] op b[l]) << l; \
    } while (0)
    switch (cond & 7) {
    case 0: break;
    case 1: ICMP(<); break;
    case 2: ICMP(==); break;
    case 3: ICMP(<=); break;
    case 4: ICMP(>); break;
    case 5: ICMP(!=); break;
    case 6: ICMP(>=); break;
    default: bits = ~0ull; break;
    }
#undef ICMP
    return bits;
}

/* v_cmp_class mask bits: sNaN, qNaN, -inf, -normal, -denorm, -0, +0,
 * +denorm, +normal, +inf. */
enum { CLS_SNAN, CLS_QNAN, CLS_NINF, CLS_NNORM, CLS_NDEN, CLS_NZERO, CLS_PZERO, CLS_PDEN, CLS_PNORM, CLS_PINF };

static unsigned class64(uint64_t b)
{
    int neg = (int)(b >> 63);
    unsigned e = f64_exp(b);
    uint64_t m = b & 0xfffffffffffffull;
    if (e == 0x7ff)
        return m ? ((m & F64_QUIET) ? CLS_QNAN : CLS_SNAN) : neg ? CLS_NINF : CLS_PINF;
    if (e == 0)
        return m ? (neg ? CLS_NDEN : CLS_PDEN) : neg ? CLS_NZERO : CLS_PZERO;
    return neg ? CLS_NNORM : CLS_PNORM;
}

static unsigned class16(uint32_t h)
{
    int neg = (h >> 15) & 1;
    unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f)
        return m ? ((m & F16_QUIET) ? CLS_QNAN : CLS_SNAN) : neg ? CLS_NINF : CLS_PINF;
    if (e == 0)
        return m ? (neg ? CLS_NDEN : CLS_PDEN) : neg ? CLS_NZERO : CLS_PZERO;
    return neg ? CLS_NNORM : CLS_PNORM;
}

/* ======================================================================
 * f64 arithmetic
 * ==================================================================== */

/* Fetch f64 sources 0..n-1 (abs/neg, input flush, literal high half). */
static int src64n(wave_t *w, const isa_inst_t *in, unsigned n, uint64_t s[][64])
{
    for (unsigned i = 0; i < n; i++)
        if (valu_src64(w, in, i, OT_F64, s[i]))
            return -1;
    return 0;
}

#define D(x) f64_of(x)
#define B(x) bits_of_f64(x)

/* Rounded f64 op on n sources a, b, c: D.d = expr in MODE's f64 rounding;
 * NaN results come from the first NaN source, else the default NaN. */
#define F64_ARITH(name, n, expr)                                          \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint64_t s[3][64], r[64];                                         \
        if (src64n(w, in, n, s))                                          \
            return;                                                       \
        unsigned rm = round_f64_begin(w);                                 \
        LANES {                                                           \
            double a = D(s[0][l]), b = D(s[1][l]), c = n > 2 ? D(s[2][l]) : 0; \
            (void)c;                                                      \
            r[l] = B(expr);                                               \
        }                                                                 \
        round_end(rm);                                                    \
        LANES if (f64_is_nan(r[l])) r[l] = nan64(s[0][l], s[1][l], n > 2 ? s[2][l] : 0); \
        valu_dst64(w, in, OT_F64, r);                                     \
    }

/* v_add_f64: D.d = S0.d + S1.d */
F64_ARITH(v_add_f64, 2, a + b)
/* v_mul_f64: D.d = S0.d * S1.d */
F64_ARITH(v_mul_f64, 2, a * b)
/* v_fma_f64: D.d = S0.d * S1.d + S2.d, one rounding */
F64_ARITH(v_fma_f64, 3, fma(a, b, c))

/* IEEE-mode min/max (v_min_f64 and the f16 forms; mx selects max): a
 * signalling NaN gives its quiet NaN when MODE.ieee is set, else a NaN
 * operand yields the other one; -0 orders below +0. */
#define MINMAX_FN(name, T, is_nan, is_snan, quiet, FT, conv)              \
    static inline T name(T a, T b, int ieee, int mx)                      \
    {                                                                     \
        if (ieee && is_snan(a))                                           \
            return a | quiet;                                             \
        if (ieee && is_snan(b))                                           \
            return b | quiet;                                             \
        if (is_nan(a))                                                    \
            return b;                                                     \
        if (is_nan(b))                                                    \
            return a;                                                     \
        FT x = conv(a), y = conv(b);                                      \
        if (mx)                                                           \
            return x > y ? a : y > x ? b : (a & b);                       \
        return x < y ? a : y < x ? b : (a | b);                           \
    }
MINMAX_FN(minmax64, uint64_t, f64_is_nan, f64_is_snan, F64_QUIET, double, D)

/* v_min_f64: D.d = min(S0.d, S1.d); v_max_f64: D.d = max(S0.d, S1.d) */
#define F64_MINMAX(name, mx)                                              \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint64_t s[2][64], r[64];                                         \
        if (src64n(w, in, 2, s))                                          \
            return;                                                       \
        int ieee = MODE_IEEE(mode_of(w));                                 \
        LANES r[l] = minmax64(s[0][l], s[1][l], ieee, mx);                \
        valu_dst64(w, in, OT_F64, r);                                     \
    }
F64_MINMAX(v_min_f64, 0)
F64_MINMAX(v_max_f64, 1)

/* x * 2^n for any int n, one rounding (scalbn rounds correctly). */
static inline double ldexp_any(double x, int32_t n)
{
    return scalbn(x, n < -4000 ? -4000 : n > 4000 ? 4000 : n);
}

/* v_ldexp_f64: D.d = S0.d * 2^S1.i */
static void v_ldexp_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s0[64], r[64];
    uint32_t s1[64];
    if (valu_src64(w, in, 0, OT_F64, s0) || valu_src32(w, in, 1, OT_I32, s1))
        return;
    unsigned rm = round_f64_begin(w);
    LANES r[l] = f64_is_nan(s0[l]) ? s0[l] | F64_QUIET : B(ldexp_any(D(s0[l]), (int32_t)s1[l]));
    round_end(rm);
    valu_dst64(w, in, OT_F64, r);
}

/* One-source f64 op: D.d = f(S0.d); NaN sources give their quiet NaN,
 * invalid operations the default NaN. */
#define F64_UNARY(name, expr)                                             \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint64_t s[64], r[64];                                            \
        if (valu_src64(w, in, 0, OT_F64, s))                              \
            return;                                                       \
        LANES {                                                           \
            uint64_t b = s[l];                                            \
            double x = D(b);                                              \
            r[l] = f64_is_nan(b) ? b | F64_QUIET : (expr);                \
            if (f64_is_nan(r[l]) && !f64_is_nan(b))                       \
                r[l] = F64_QNAN;                                          \
            (void)x;                                                      \
        }                                                                 \
        valu_dst64(w, in, OT_F64, r);                                     \
    }

/* v_trunc_f64: D.d = trunc(S0.d) */
F64_UNARY(v_trunc_f64, B(trunc(x)))
/* v_ceil_f64: D.d = ceil(S0.d) */
F64_UNARY(v_ceil_f64, B(ceil(x)))
/* v_floor_f64: D.d = floor(S0.d) */
F64_UNARY(v_floor_f64, B(floor(x)))
/* v_rndne_f64: D.d = round to nearest integer, ties to even */
F64_UNARY(v_rndne_f64, B(nearbyint(x)))
/* v_fract_f64: D.d = min(S0.d - floor(S0.d), 0x3fefffffffffffff); inf gives NaN */
F64_UNARY(v_fract_f64, isinf(x) ? F64_QNAN : B(fmin(x - floor(x), 0x1.fffffffffffffp-1)))
/* v_frexp_mant_f64: D.d = mantissa of S0.d in [0.5, 1) with its sign; inf stays */
F64_UNARY(v_frexp_mant_f64, isinf(x) ? b : B(frexp(x, &(int){0})))
/* v_rcp_f64: D.d = 1.0 / S0.d.  gcnsim: correctly rounded (the hardware
 * approximation is within 1 ulp); a denormal result flushes to 0 as the
 * hardware does. */
F64_UNARY(v_rcp_f64, (B(1.0 / x) & 0x7ff0000000000000ull) ? B(1.0 / x) : B(1.0 / x) & F64_SIGN)
/* v_sqrt_f64: D.d = sqrt(S0.d).  gcnsim: correctly rounded (hardware:
 * within 1 ulp). */
F64_UNARY(v_sqrt_f64, B(sqrt(x)))

/* 1/sqrt(x) within 0.51 ulp: evaluated in long double (64-bit mantissa)
 * and rounded once more to double. */
static inline uint64_t rsq64(double x)
{
    if (x == 0)
        return B(1.0 / x);   /* +-inf */
    if (x < 0)
        return F64_QNAN;
    return B((double)(1.0L / sqrtl((long double)x)));
}

/* v_rsq_f64: D.d = 1.0 / sqrt(S0.d) (see rsq64 for the precision) */
F64_UNARY(v_rsq_f64, rsq64(x))

/* The largest finite f64 with the sign of an infinite value (the clamp
 * of v_rcp_clamp/v_rsq_clamp). */
static inline uint64_t clamp_inf64(uint64_t r)
{
    return (r & ~F64_SIGN) == 0x7ff0000000000000ull ? (r & F64_SIGN) | 0x7fefffffffffffffull : r;
}

/* v_rcp_clamp_f64 (gfx6/7): v_rcp_f64 with infinite results clamped to
 * the largest finite value */
F64_UNARY(v_rcp_clamp_f64, clamp_inf64((B(1.0 / x) & 0x7ff0000000000000ull) ? B(1.0 / x) : B(1.0 / x) & F64_SIGN))
/* v_rsq_clamp_f64 (gfx6/7): v_rsq_f64 with infinite results clamped */
F64_UNARY(v_rsq_clamp_f64, clamp_inf64(rsq64(x)))

/* v_frexp_exp_i32_f64: D.i = exponent of S0.d (frexp convention), 0 for
 * inf/NaN */
static void v_frexp_exp_i32_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s[64];
    uint32_t r[64];
    if (valu_src64(w, in, 0, OT_F64, s))
        return;
    LANES {
        int e = 0;
        if (f64_exp(s[l]) != 0x7ff)
            frexp(D(s[l]), &e);
        r[l] = (uint32_t)e;
    }
    valu_dst32(w, in, OT_I32, r);
}

/* ======================================================================
 * f64 division and trigonometric reduction helpers
 * ==================================================================== */

/* v_div_scale_f64: D.d = S0.d scaled so that S2.d / S1.d (numerator /
 * denominator; S0 is one of them) can be computed without denormals or
 * overflow; the lane's bit of sdst says the quotient needs rescaling:
 *   VCC = 0; D = S0
 *   if S2 == 0 || S1 == 0: D = NaN
 *   elif exp(S2) - exp(S1) >= 768: VCC = 1; if S0 == S1: D = S0 * 2^128
 *   elif S1 is denormal: D = S0 * 2^128
 *   elif 1/S1 and S2/S1 are denormal: VCC = 1; if S0 == S1: D = S0 * 2^-128
 *   elif 1/S1 is denormal: D = S0 * 2^-128
 *   elif S2/S1 is denormal: VCC = 1; if S0 == S2: D = S0 * 2^128
 *   elif exp(S2) <= 53: D = S0 * 2^128
 * The manuals scale the denominator by 2^+128 in the fourth case, which
 * overflows (1/S1 denormal means |S1| >= 2^1022); gcnsim scales it down,
 * which with v_div_fmas below gives correctly rounded quotients. */
static void v_div_scale_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s[3][64], r[64], vcc = 0;
    if (src64n(w, in, 3, s))
        return;
    LANES {
        uint64_t b0 = s[0][l], b1 = s[1][l], b2 = s[2][l];
        double s0 = D(b0), den = D(b1), num = D(b2);
        int e1 = (int)f64_exp(b1), e2 = (int)f64_exp(b2), flag = 0;
        uint64_t d = b0;
        if (num == 0 || den == 0)
            d = F64_QNAN;
        else if (e2 - e1 >= 768) {
            flag = 1;
            if (b0 == b1)
                d = B(ldexp(s0, 128));
        } else if (f64_is_denorm(b1))
            d = B(ldexp(s0, 128));
        else if (f64_is_denorm(B(1.0 / den)) && f64_is_denorm(B(num / den))) {
            flag = 1;
            if (b0 == b1)
                d = B(ldexp(s0, -128));
        } else if (f64_is_denorm(B(1.0 / den)))
            d = B(ldexp(s0, -128));
        else if (f64_is_denorm(B(num / den))) {
            flag = 1;
            if (b0 == b2)
                d = B(ldexp(s0, 128));
        } else if (e2 <= 53)
            d = B(ldexp(s0, 128));
        r[l] = d;
        vcc |= (uint64_t)flag << l;
    }
    valu_dst64(w, in, OT_F64, r);
    if (w->state != WAVE_FAULT)
        valu_sdst(w, in, vcc);
}

/* fma(a, b, c) * 2^-128 with a single rounding (the result may be
 * denormal): the fma is rounded to odd in long double, whose 64-bit
 * mantissa has room for the final rounding to double. */
static double fma_scaled_down(double a, double b, double c)
{
#if LDBL_MANT_DIG >= 64
    int old = fegetround();
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    long double r = fmal(a, b, c);
    int inexact = fetestexcept(FE_INEXACT) != 0;
    fesetround(old);
    if (inexact && isfinite(r) && r != 0) {
        /* truncated: the exact value lies beyond r; force its last bit on */
        int e;
        long double m = ldexpl(frexpl(r, &e), LDBL_MANT_DIG);   /* the mantissa as an integer */
        if (fmodl(m, 2.0L) == 0)
            r = nextafterl(r, r > 0 ? INFINITY : -INFINITY);
    }
    return (double)ldexpl(r, -128);
#else
    return ldexp(fma(a, b, c), -128);
#endif
}

/* v_div_fmas_f64: D.d = fma(S0.d, S1.d, S2.d), scaled by 2^+-128 in lanes
 * whose VCC bit is set (the flag of v_div_scale): up when S2 (the quotient
 * estimate) is at least 1.0 in magnitude, down otherwise, undoing the
 * scaling v_div_scale applied. */
static void v_div_fmas_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s[3][64], r[64];
    if (src64n(w, in, 3, s))
        return;
    uint64_t vcc = wave_vcc(w);
    unsigned rm = round_f64_begin(w);
    LANES {
        double a = D(s[0][l]), b = D(s[1][l]), c = D(s[2][l]);
        if (!((vcc >> l) & 1))
            r[l] = B(fma(a, b, c));
        else if (f64_exp(s[2][l]) >= 1023)
            r[l] = B(ldexp(fma(a, b, c), 128));
        else
            r[l] = B(fma_scaled_down(a, b, c));
    }
    round_end(rm);
    LANES if (f64_is_nan(r[l])) r[l] = nan64(s[0][l], s[1][l], s[2][l]);
    valu_dst64(w, in, OT_F64, r);
}

/* v_div_fixup_f64: the quotient S0.d of S2.d / S1.d with the special
 * cases of the division applied:
 *   S2 NaN: quiet(S2); S1 NaN: quiet(S1); 0/0, inf/inf: 0xfff8000000000000;
 *   x/0, inf/x: +-inf; x/inf, 0/x: +-0;
 *   exp(S2) - exp(S1) < -1075: +-0 (underflow);
 *   S0 NaN (the quotient overflowed in the division sequence): +-inf;
 *   else sign(S1) ^ sign(S2) applied to |S0| */
static void v_div_fixup_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s[3][64], r[64];
    if (src64n(w, in, 3, s))
        return;
    LANES {
        uint64_t q = s[0][l], den = s[1][l], num = s[2][l];
        uint64_t sign = (den ^ num) & F64_SIGN;
        uint64_t aden = den & ~F64_SIGN, anum = num & ~F64_SIGN;
        const uint64_t inf = 0x7ff0000000000000ull;
        if (f64_is_nan(num))
            r[l] = num | F64_QUIET;
        else if (f64_is_nan(den))
            r[l] = den | F64_QUIET;
        else if ((aden == 0 && anum == 0) || (aden == inf && anum == inf))
            r[l] = F64_QNAN | F64_SIGN;
        else if (aden == 0 || anum == inf)
            r[l] = sign | inf;
        else if (aden == inf || anum == 0)
            r[l] = sign;
        else if ((int)f64_exp(num) - (int)f64_exp(den) < -1075)
            r[l] = sign;
        else if (f64_is_nan(q))
            r[l] = sign | inf;   /* the scaled quotient overflowed */
        else
            r[l] = sign | (q & ~F64_SIGN);
    }
    valu_dst64(w, in, OT_F64, r);
}

/* 2/pi as a binary fraction: bit 0 of word 0 (MSB first) is the first
 * fraction bit (2/pi = 0.a2f9836e 4e441529 ... in hexadecimal). */
static const uint32_t two_over_pi[37] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046,
};

/* v_trig_preop_f64: D.d = the 53 bits of 2/pi starting at fraction bit
 * shift, as a value scaled by 2^(-53 - shift) (2^128 more when
 * exp(S0) >= 1968), where shift = S1[4:0] * 53 (+ exp(S0) - 1077 when
 * exp(S0) > 1077).  Segments past the table's 1184 bits give 0. */
static void v_trig_preop_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s0[64], r[64];
    uint32_t s1[64];
    if (valu_src64(w, in, 0, OT_F64, s0) || valu_src32(w, in, 1, OT_U32, s1))
        return;
    LANES {
        uint64_t b = s0[l];
        unsigned e = f64_exp(b);
        unsigned shift = (s1[l] & 31) * 53 + (e > 1077 ? e - 1077 : 0);
        unsigned idx = shift >> 5, bs = shift & 31;
        if (f64_is_nan(b)) {
            r[l] = b | F64_QUIET;
            continue;
        }
        if (idx + 2 >= 37) {
            r[l] = 0;
            continue;
        }
        uint64_t hi = (uint64_t)two_over_pi[idx] << 32 | two_over_pi[idx + 1];
        uint64_t lo = (uint64_t)two_over_pi[idx + 2] << 32;
        if (bs)
            hi = hi << bs | lo >> (64 - bs);
        int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);
        r[l] = B(ldexp((double)(hi >> 11), scale));
    }
    valu_dst64(w, in, OT_F64, r);
}

/* ======================================================================
 * f64 conversions
 * ==================================================================== */

/* v_cvt_f64_f32: D.d = (double)S0.f (exact; NaN quieted) */
static void v_cvt_f64_f32(wave_t *w, const isa_inst_t *in)
{
    uint32_t s[64];
    uint64_t r[64];
    if (valu_src32(w, in, 0, OT_F32, s))
        return;
    LANES {
        uint32_t f = s[l];
        r[l] = (f & 0x7fffffffu) > 0x7f800000u
                   ? (uint64_t)(f >> 31) << 63 | 0x7ff8000000000000ull | (uint64_t)(f & 0x3fffffu) << 29
                   : B((double)f32_of(f));
    }
    valu_dst64(w, in, OT_F64, r);
}

/* v_cvt_f32_f64: D.f = (float)S0.d, rounded by MODE's f32 rounding mode;
 * NaN keeps its sign and top payload bits, quieted */
static void v_cvt_f32_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t s[64];
    uint32_t r[64];
    if (valu_src64(w, in, 0, OT_F64, s))
        return;
    unsigned rm = MODE_ROUND_F32(mode_of(w));
    if (rm)
        fesetround(host_rm(rm));
    LANES r[l] = bits_of_f32((float)D(s[l]));
    round_end(rm);
    LANES if (f64_is_nan(s[l])) r[l] = (uint32_t)(s[l] >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(s[l] >> 29 & 0x3fffffu);
    valu_dst32(w, in, OT_F32, r);
}

/* v_cvt_f64_i32: D.d = (double)S0.i; v_cvt_f64_u32: D.d = (double)S0.u */
#define CVT_TO_F64(name, ot, expr)                                        \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint32_t s[64];                                                   \
        uint64_t r[64];                                                   \
        if (valu_src32(w, in, 0, ot, s))                                  \
            return;                                                       \
        LANES r[l] = B(expr);                                             \
        valu_dst64(w, in, OT_F64, r);                                     \
    }
CVT_TO_F64(v_cvt_f64_i32, OT_I32, (double)(int32_t)s[l])
CVT_TO_F64(v_cvt_f64_u32, OT_U32, (double)s[l])

/* f64 to a saturated 32-bit integer, truncating; NaN gives 0. */
static inline uint32_t f64_to_i32(double x)
{
    if (x != x)
        return 0;
    if (x >= 2147483647.0)
        return 0x7fffffffu;
    if (x <= -2147483648.0)
        return 0x80000000u;
    return (uint32_t)(int32_t)x;
}

static inline uint32_t f64_to_u32(double x)
{
    if (!(x > 0))
        return 0;   /* NaN, negatives and -0 */
    if (x >= 4294967295.0)
        return 0xffffffffu;
    return (uint32_t)x;
}

/* v_cvt_i32_f64: D.i = (int)S0.d; v_cvt_u32_f64: D.u = (unsigned)S0.d
 * (truncated and saturated, NaN -> 0) */
#define CVT_FROM_F64(name, ot, fn)                                        \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint64_t s[64];                                                   \
        uint32_t r[64];                                                   \
        if (valu_src64(w, in, 0, OT_F64, s))                              \
            return;                                                       \
        LANES r[l] = fn(D(s[l]));                                         \
        valu_dst32(w, in, ot, r);                                         \
    }
CVT_FROM_F64(v_cvt_i32_f64, OT_I32, f64_to_i32)
CVT_FROM_F64(v_cvt_u32_f64, OT_U32, f64_to_u32)

/* ======================================================================
 * 64-bit shifts and compares
 * ==================================================================== */

/* arithmetic right shift of a 64-bit pattern */
static inline uint64_t sar64(uint64_t v, unsigned n)
{
    return (v >> n) | ((v >> 63) && n ? ~0ull << (64 - n) : 0);
}

/* 64-bit shift of v = S<vi>.u64 by n = S<ci>.u[5:0]: D.u64 = expr */
#define SHIFT64(name, vi, ci, ot, expr)                                   \
    static void name(wave_t *w, const isa_inst_t *in)                     \
    {                                                                     \
        uint64_t v[64];                                                   \
        uint32_t c[64];                                                   \
        if (valu_src64(w, in, vi, OT_B64, v) || valu_src32(w, in, ci, OT_U32, c)) \
            return;                                                       \
        LANES {                                                           \
            unsigned n = c[l] & 63;                                       \
            v[l] = (expr);                                                \
        }                                                                 \
        valu_dst64(w, in, ot, v);                                         \
    }
/* v_lshlrev_b64: D.u64 = S1.u64 << S0.u[5:0] */
SHIFT64(v_lshlrev_b64, 1, 0, OT_B64, v[l] << n)
/* v_lshrrev_b64: D.u64 = S1.u64 >> S0.u[5:0] */
SHIFT64(v_lshrrev_b64, 1, 0, OT_B64, v[l] >> n)
/* v_ashrrev_i64: D.i64 = S1.i64 >> S0.u[5:0] */
SHIFT64(v_ashrrev_i64, 1, 0, OT_I64, sar64(v[l], n))
/* v_lshl_b64 (gfx6/7): D.u64 = S0.u64 << S1.u[5:0] */
SHIFT64(v_lshl_b64, 0, 1, OT_B64, v[l] << n)
/* v_lshr_b64 (gfx6/7): D.u64 = S0.u64 >> S1.u[5:0] */
SHIFT64(v_lshr_b64, 0, 1, OT_B64, v[l] >> n)
/* v_ashr_i64 (gfx6/7): D.i64 = S0.i64 >> S1.u[5:0] */
SHIFT64(v_ashr_i64, 0, 1, OT_I64, sar64(v[l], n))

/* v_cmp{x}_{cond}_{i64,u64}: VCC/sdst (and EXEC) = S0 cond S1 */
static void cmp64_int(wave_t *w, const isa_inst_t *in, unsigned ot, int sgn)
{
    uint64_t a[64], b[64];
    if (valu_src64(w, in, 0, ot, a) || valu_src64(w, in, 1, ot, b))
        return;
    cmp_write(w, in, icmp_lanes(cmp_cond(w, in), sgn, a, b));
}

static void v_cmp_i64(wave_t *w, const isa_inst_t *in) { cmp64_int(w, in, OT_I64, 1); }
static void v_cmp_u64(wave_t *w, const isa_inst_t *in) { cmp64_int(w, in, OT_U64, 0); }

/* v_cmp{s}{x}_{cond}_f64: VCC/sdst (and EXEC) = S0.d cond S1.d (the
 * signalling v_cmps forms of gfx6/7 compare the same way) */
static void v_cmp_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t a[64], b[64];
    double x[64], y[64];
    if (valu_src64(w, in, 0, OT_F64, a) || valu_src64(w, in, 1, OT_F64, b))
        return;
    LANES {
        x[l] = D(a[l]);
        y[l] = D(b[l]);
    }
    cmp_write(w, in, fcmp_lanes(cmp_cond(w, in), x, y));
}

/* Source 0 of v_cmp_class_f64 with abs/neg but no denormal flush. */
static int class_src64(wave_t *w, const isa_inst_t *in, uint64_t v[64])
{
    if (wave_vsrc64(w, in, in->src[0], OT_F64, v))
        return -1;
    uint64_t clr = (in->abs & 1) ? F64_SIGN : 0, flip = (in->neg & 1) ? F64_SIGN : 0;
    LANES v[l] = (v[l] & ~clr) ^ flip;
    return 0;
}

/* v_cmp{x}_class_f64: VCC/sdst (and EXEC) = S1.u has the bit of S0.d's
 * class (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denorm, 5 -0, 6 +0,
 * 7 +denorm, 8 +normal, 9 +inf) */
static void v_cmp_class_f64(wave_t *w, const isa_inst_t *in)
{
    uint64_t v[64], bits = 0;
    uint32_t m[64];
    if (class_src64(w, in, v) || valu_src32(w, in, 1, OT_U32, m))
        return;
    LANES bits |= (uint64_t)((m[l] >> class64(v[l])) & 1) << l;
    cmp_write(w, in, bits);
}

/* ======================================================================
 * f16 arithmetic (gfx8/9)
 * ==================================================================== */

#define H(x) f16_to_f64(x)

/* An exactly computed double rounded to f16; NaN results come from the
 * operands' NaNs or are the default NaN. */
static inline uint32_t fin16(double x, unsigned rm, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = f16_from_f64(x, rm);
    return f16_is_nan(r) ? nan16(a, b, c) : r;
}

/* The sign of an exact zero sum of addends with these sign bits: IEEE
 * gives -0 for (-0) + (-0), and for every other exact zero sum +0, or -0
 * when rounding towards -inf. */
static inline uint32_t zero_sum16(uint32_t sa, uint32_t sb, unsigned rm)
{
    return (sa && sb) || rm == RM_MINUS_INF ? SIGN16 : 0;
}

static inline uint32_t add16(uint32_t a, uint32_t b, unsigned rm)
{
    if (rm == RM_NEAREST_EVEN) {   /* the fast path: in f32, rounded once more */
        uint32_t r = f16_from_f32_rne(f16_to_f32f(a) + f16_to_f32f(b));
        return f16_is_nan(r) ? nan16(a, b, 0) : r;
    }
    double s = H(a) + H(b);
    if (s == 0 && rm == RM_MINUS_INF)
        return zero_sum16(a & SIGN16, b & SIGN16, rm);
    return fin16(s, rm, a, b, 0);
}

/* x - y; a NaN operand propagates unnegated (x first) */
static inline uint32_t sub16(uint32_t x, uint32_t y, unsigned rm)
{
    if (f16_is_nan(x) || f16_is_nan(y))
        return nan16(x, y, 0);
    return add16(x, y ^ SIGN16, rm);
}

static inline uint32_t mul16(uint32_t a, uint32_t b, unsigned rm)
{
    if (rm == RM_NEAREST_EVEN) {   /* the product is exact in f32 */
        uint32_t r = f16_from_f32_rne(f16_to_f32f(a) * f16_to_f32f(b));
        return f16_is_nan(r) ? nan16(a, b, 0) : r;
    }
    return fin16(H(a) * H(b), rm, a, b, 0);
}

/* fused a * b + c: the product is exact in double, the sum exact as s + e */
static inline uint32_t fma16(uint32_t a, uint32_t b, uint32_t c, unsigned rm)
{
    double p = H(a) * H(b), e, s = two_sum(p, H(c), &e);
    if (s != s)
        return nan16(a, b, c);
    if (s == 0 && e == 0 && rm == RM_MINUS_INF)
        return zero_sum16((a ^ b) & SIGN16, c & SIGN16, rm);
    return f16_from_sum(s, e, rm);
}

/* unfused a * b + c: the product rounded to f16 first */
static inline uint32_t mad16(uint32_t a, uint32_t b, uint32_t c, unsigned rm)
{
    if (f16_is_nan(a) || f16_is_nan(b) || f16_is_nan(c))
        return nan16(a, b, c);
    return add16(mul16(a, b, rm), c, rm);
}

MINMAX_FN(minmax16, uint32_t, f16_is_nan, f16_is_snan, F16_QUIET, float, f16_to_f32f)
#define min16(a, b, ieee) minmax16(a, b, ieee, 0)
#define max16(a, b, ieee) minmax16(a, b, ieee, 1)

/* med3: the middle value; with a NaN source min(min(a, b), c) */
static inline uint32_t med16(uint32_t a, uint32_t b, uint32_t c, int ieee)
{
    if (f16_is_nan(a) || f16_is_nan(b) || f16_is_nan(c))
        return min16(min16(a, b, ieee), c, ieee);
    uint32_t mx = max16(max16(a, b, ieee), c, ieee);
    return mx == a ? max16(b, c, ieee) : mx == b ? max16(a, c, ieee) : max16(a, b, ieee);
}

/* Two-source f16 op: D.f16 = expr(a, b) with rm the f16 rounding mode. */
#define F16_BINARY(name, expr)                                                     \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s0[64], s1[64], r[64];                                            \
        if (src16(w, in, 0, OT_F16, 1, s0) || src16(w, in, 1, OT_F16, 1, s1))      \
            return;                                                                \
        unsigned rm = MODE_ROUND_F64(mode_of(w));                                  \
        int ieee = MODE_IEEE(mode_of(w));                                          \
        LANES {                                                                    \
            uint32_t a = s0[l], b = s1[l];                                         \
            r[l] = (expr);                                                         \
        }                                                                          \
        (void)rm;                                                                  \
        (void)ieee;                                                                \
        dst16(w, in, OT_F16, r);                                                   \
    }

/* v_add_f16: D.f16 = S0.f16 + S1.f16 */
F16_BINARY(v_add_f16, add16(a, b, rm))
/* v_sub_f16: D.f16 = S0.f16 - S1.f16 */
F16_BINARY(v_sub_f16, sub16(a, b, rm))
/* v_subrev_f16: D.f16 = S1.f16 - S0.f16 */
F16_BINARY(v_subrev_f16, f16_is_nan(a) || f16_is_nan(b) ? nan16(a, b, 0) : add16(b, a ^ SIGN16, rm))
/* v_mul_f16: D.f16 = S0.f16 * S1.f16 */
F16_BINARY(v_mul_f16, mul16(a, b, rm))
/* v_min_f16: D.f16 = min(S0.f16, S1.f16) (IEEE-mode NaN rules, -0 < +0) */
F16_BINARY(v_min_f16, min16(a, b, ieee))
/* v_max_f16: D.f16 = max(S0.f16, S1.f16) */
F16_BINARY(v_max_f16, max16(a, b, ieee))

/* Three-source f16 op: D.f16 = expr(a, b, c). */
#define F16_TERNARY(name, expr)                                                    \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s0[64], s1[64], s2[64], r[64];                                    \
        if (src16(w, in, 0, OT_F16, 1, s0) || src16(w, in, 1, OT_F16, 1, s1) ||    \
            src16(w, in, 2, OT_F16, 1, s2))                                        \
            return;                                                                \
        unsigned rm = MODE_ROUND_F64(mode_of(w));                                  \
        int ieee = MODE_IEEE(mode_of(w));                                          \
        LANES {                                                                    \
            uint32_t a = s0[l], b = s1[l], c = s2[l];                              \
            r[l] = (expr);                                                         \
        }                                                                          \
        (void)rm;                                                                  \
        (void)ieee;                                                                \
        dst16(w, in, OT_F16, r);                                                   \
    }

/* v_mad_f16 (and v_mad_legacy_f16, v_madmk_f16, v_madak_f16):
 * D.f16 = S0.f16 * S1.f16 + S2.f16, the product rounded first */
F16_TERNARY(v_mad_f16, mad16(a, b, c, rm))
/* v_fma_f16 (and v_fma_legacy_f16): D.f16 = fma(S0.f16, S1.f16, S2.f16) */
F16_TERNARY(v_fma_f16, fma16(a, b, c, rm))
/* v_min3_f16: D.f16 = min(min(S0, S1), S2) */
F16_TERNARY(v_min3_f16, min16(min16(a, b, ieee), c, ieee))
/* v_max3_f16: D.f16 = max(max(S0, S1), S2) */
F16_TERNARY(v_max3_f16, max16(max16(a, b, ieee), c, ieee))
/* v_med3_f16: D.f16 = the median of S0, S1, S2 */
F16_TERNARY(v_med3_f16, med16(a, b, c, ieee))

/* v_div_fixup_f16 (and the legacy form): the quotient S0 of S2 / S1 with
 * the division's special cases (0/0 and inf/inf give 0xfe00, x/0 and
 * inf/y +-inf, x/inf and 0/y +-0, NaN sources their quiet NaN, a NaN
 * quotient +-inf) */
static inline uint32_t fixup16(uint32_t q, uint32_t den, uint32_t num)
{
    uint32_t sign = (den ^ num) & SIGN16, aden = den & 0x7fff, anum = num & 0x7fff;
    if (f16_is_nan(num))
        return num | F16_QUIET;
    if (f16_is_nan(den))
        return den | F16_QUIET;
    if ((aden == 0 && anum == 0) || (aden == F16_INF && anum == F16_INF))
        return 0xfe00;
    if (aden == 0 || anum == F16_INF)
        return sign | F16_INF;
    if (aden == F16_INF || anum == 0)
        return sign;
    if (f16_is_nan(q))
        return sign | F16_INF;
    return sign | (q & 0x7fff);
}

F16_TERNARY(v_div_fixup_f16, fixup16(a, b, c))

/* v_mac_f16: D.f16 = S0.f16 * S1.f16 + D.f16 (unfused) */
static void v_mac_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s0[64], s1[64], r[64];
    const uint32_t *d;
    if (src16(w, in, 0, OT_F16, 1, s0) || src16(w, in, 1, OT_F16, 1, s1) || !(d = dst_row(w, in)))
        return;
    unsigned rm = MODE_ROUND_F64(mode_of(w));
    int flush = !(MODE_DENORM_F64(mode_of(w)) & 1);
    LANES {
        uint32_t c = d[l] & 0xffff;
        if (flush && !(c & 0x7c00))
            c &= SIGN16;
        r[l] = mad16(s0[l], s1[l], c, rm);
    }
    dst16(w, in, OT_F16, r);
}

/* v_ldexp_f16: D.f16 = S0.f16 * 2^S1.i */
static void v_ldexp_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s0[64], s1[64], r[64];
    if (src16(w, in, 0, OT_F16, 1, s0) || valu_src32(w, in, 1, OT_I32, s1))
        return;
    unsigned rm = MODE_ROUND_F64(mode_of(w));
    LANES {
        int32_t n = (int32_t)s1[l];
        n = n < -64 ? -64 : n > 64 ? 64 : n;
        r[l] = fin16(ldexp(H(s0[l]), n), rm, s0[l], 0, 0);
    }
    dst16(w, in, OT_F16, r);
}

/* One-source f16 op computing an exact or approximate double y from
 * x = S0.f16, rounded to f16; NaN sources give their quiet NaN. */
#define F16_UNARY(name, expr)                                                      \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s[64], r[64];                                                     \
        if (src16(w, in, 0, OT_F16, 1, s))                                         \
            return;                                                                \
        unsigned rm = MODE_ROUND_F64(mode_of(w));                                  \
        LANES {                                                                    \
            double x = H(s[l]);                                                    \
            r[l] = f16_is_nan(s[l]) ? (s[l] | F16_QUIET) : fin16((expr), rm, 0, 0, 0); \
        }                                                                          \
        dst16(w, in, OT_F16, r);                                                   \
    }

/* sin/cos of 2*pi*x (the f16/f32 instructions take revolutions): the
 * integer part of x is dropped exactly first. */
static inline double sin_rev(double x)
{
    double f = x - trunc(x);
    return isinf(x) ? NAN : f == 0 ? copysign(0.0, x) : sin(2 * M_PI * f);
}

static inline double cos_rev(double x)
{
    double f = x - trunc(x);
    return isinf(x) ? NAN : cos(2 * M_PI * f);
}

/* v_trunc_f16, v_ceil_f16, v_floor_f16, v_rndne_f16: D.f16 = the integer
 * S0.f16 rounds to that way (exact) */
F16_UNARY(v_trunc_f16, trunc(x))
F16_UNARY(v_ceil_f16, ceil(x))
F16_UNARY(v_floor_f16, floor(x))
F16_UNARY(v_rndne_f16, nearbyint(x))
/* v_fract_f16: D.f16 = min(S0 - floor(S0), 0x3bff); inf gives NaN */
F16_UNARY(v_fract_f16, isinf(x) ? NAN : fmin(x - floor(x), 0x1.ffcp-1))
/* v_frexp_mant_f16: D.f16 = the mantissa of S0 in [0.5, 1) with its sign;
 * inf stays inf */
F16_UNARY(v_frexp_mant_f16, isinf(x) ? x : frexp(x, &(int){0}))
/* Transcendentals (gcnsim: the f16 rounding of a double evaluation,
 * within 0.5 ulp + 2^-40 relative; the hardware is specified within 1 ulp):
 * v_rcp_f16: 1/x; v_sqrt_f16: sqrt(x); v_rsq_f16: 1/sqrt(x);
 * v_exp_f16: 2^x; v_log_f16: log2(x); v_sin_f16/v_cos_f16: sin/cos(2*pi*x) */
F16_UNARY(v_rcp_f16, 1.0 / x)
F16_UNARY(v_sqrt_f16, sqrt(x))
F16_UNARY(v_rsq_f16, 1.0 / sqrt(x))
F16_UNARY(v_exp_f16, exp2(x))
F16_UNARY(v_log_f16, log2(x))
F16_UNARY(v_sin_f16, sin_rev(x))
F16_UNARY(v_cos_f16, cos_rev(x))

/* v_frexp_exp_i16_f16: D.i16 = the exponent of S0.f16 (frexp convention),
 * 0 for inf/NaN */
static void v_frexp_exp_i16_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s[64], r[64];
    if (src16(w, in, 0, OT_F16, 1, s))
        return;
    LANES {
        int e = 0;
        if ((s[l] & 0x7c00) != 0x7c00)
            frexp(H(s[l]), &e);
        r[l] = (uint32_t)e & 0xffff;
    }
    dst16(w, in, OT_I16, r);
}

/* ---- f16 conversions ---- */

/* f32 bit pattern to f16 in rounding mode rm (NaN keeps sign and payload
 * top bits, quieted) */
static inline uint32_t f32_to_f16(uint32_t f, unsigned rm)
{
    if (rm == RM_NEAREST_EVEN)
        return f16_from_f32_rne(f32_of(f));
    if ((f & 0x7fffffffu) > 0x7f800000u)
        return (f >> 16 & SIGN16) | F16_QNAN | (f >> 13 & 0x3ff);
    return f16_from_f64((double)f32_of(f), rm);
}

static inline uint32_t f16_to_f32(uint32_t h)
{
    if (f16_is_nan(h))
        return (h & SIGN16) << 16 | 0x7fc00000u | (h & 0x3ff) << 13;
    return bits_of_f32(f16_to_f32f(h));
}

/* v_cvt_f16_f32: D.f16 = S0.f rounded by MODE's f16 rounding mode */
static void v_cvt_f16_f32(wave_t *w, const isa_inst_t *in)
{
    uint32_t s[64], r[64];
    if (valu_src32(w, in, 0, OT_F32, s))
        return;
    unsigned rm = MODE_ROUND_F64(mode_of(w));
    LANES r[l] = f32_to_f16(s[l], rm);
    dst16(w, in, OT_F16, r);
}

/* v_cvt_f32_f16: D.f = S0.f16 (exact; NaN quieted) */
static void v_cvt_f32_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s[64], r[64];
    if (src16(w, in, 0, OT_F16, 1, s))
        return;
    LANES r[l] = f16_to_f32(s[l]);
    valu_dst32(w, in, OT_F32, r);
}

/* One 16-bit source x = S0 bits 15:0 (type sot, f16 input flush if flush)
 * to a 16-bit result of type dot: D = expr, rm MODE's f16 rounding. */
#define CVT16(name, sot, flush, dot, expr)                                         \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s[64], r[64];                                                     \
        if (src16(w, in, 0, sot, flush, s))                                        \
            return;                                                                \
        unsigned rm = MODE_ROUND_F64(mode_of(w));                                  \
        (void)rm;                                                                  \
        LANES {                                                                    \
            uint32_t x = s[l];                                                     \
            r[l] = (expr);                                                         \
        }                                                                          \
        dst16(w, in, dot, r);                                                      \
    }

/* v_cvt_f16_u16: D.f16 = S0.u16; v_cvt_f16_i16: D.f16 = S0.i16 */
CVT16(v_cvt_f16_u16, OT_U16, 0, OT_F16, f16_from_f64((double)x, rm))
CVT16(v_cvt_f16_i16, OT_I16, 0, OT_F16, f16_from_f64((double)(int16_t)x, rm))

/* f16 to a saturated 16-bit integer, truncating; NaN gives 0 */
static inline uint32_t f16_to_u16(uint32_t h)
{
    double x = H(h);
    return f16_is_nan(h) || !(x > 0) ? 0 : x >= 65535.0 ? 0xffff : (uint32_t)x;
}

static inline uint32_t f16_to_i16(uint32_t h)
{
    double x = H(h);
    if (f16_is_nan(h))
        return 0;
    return x >= 32767.0 ? 0x7fff : x <= -32768.0 ? 0x8000 : (uint32_t)(int32_t)x & 0xffff;
}

/* v_cvt_u16_f16: D.u16 = (u16)S0.f16; v_cvt_i16_f16: D.i16 = (i16)S0.f16
 * (truncated, saturated, NaN -> 0) */
CVT16(v_cvt_u16_f16, OT_F16, 1, OT_U16, f16_to_u16(x))
CVT16(v_cvt_i16_f16, OT_F16, 1, OT_I16, f16_to_i16(x))

/* Normalised conversions: x clamped to [-1, 1] (snorm) or [0, 1] (unorm),
 * scaled by 32767 / 65535 in f32 (the product rounded to f32, as NIR's
 * pack_*norm_2x16 which these instructions implement) and rounded to
 * nearest even; NaN gives 0. */
static inline uint32_t snorm16(float x)
{
    if (x != x)
        return 0;
    x = x < -1 ? -1 : x > 1 ? 1 : x;
    return (uint32_t)(int32_t)nearbyintf(x * 32767.0f) & 0xffff;
}

static inline uint32_t unorm16(float x)
{
    if (x != x)
        return 0;
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    return (uint32_t)nearbyintf(x * 65535.0f);
}

/* v_cvt_norm_i16_f16 (gfx9): D.i16 = snorm(S0.f16) */
CVT16(v_cvt_norm_i16_f16, OT_F16, 1, OT_I16, snorm16((float)H(x)))
/* v_cvt_norm_u16_f16 (gfx9): D.u16 = unorm(S0.f16) */
CVT16(v_cvt_norm_u16_f16, OT_F16, 1, OT_U16, unorm16((float)H(x)))

/* v_cmp{x}_{cond}_f16: VCC/sdst (and EXEC) = S0.f16 cond S1.f16 */
static void v_cmp_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64];
    double x[64], y[64];
    if (src16(w, in, 0, OT_F16, 1, a) || src16(w, in, 1, OT_F16, 1, b))
        return;
    LANES {
        x[l] = H(a[l]);
        y[l] = H(b[l]);
    }
    cmp_write(w, in, fcmp_lanes(cmp_cond(w, in), x, y));
}

/* v_cmp{x}_class_f16: VCC/sdst (and EXEC) = S1.u has the bit of S0.f16's
 * class (see v_cmp_class_f64) */
static void v_cmp_class_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t v[64], m[64];
    uint64_t bits = 0;
    if (src16(w, in, 0, OT_F16, 0, v) || valu_src32(w, in, 1, OT_U32, m))
        return;
    LANES bits |= (uint64_t)((m[l] >> class16(v[l])) & 1) << l;
    cmp_write(w, in, bits);
}

/* ======================================================================
 * 16-bit integer operations (gfx8/9)
 * ==================================================================== */

static inline uint32_t sat_u16(int64_t v)
{
    return v < 0 ? 0 : v > 0xffff ? 0xffff : (uint32_t)v;
}

static inline uint32_t sat_i16(int64_t v)
{
    return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffff;
}

/* Two-source 16-bit integer op on a, b (zero-extended) or sa, sb (signed);
 * clamp is the VOP3 clamp bit (saturation). */
#define I16_BINARY(name, ot, expr)                                                 \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s0[64], s1[64], r[64];                                            \
        if (src16(w, in, 0, ot, 0, s0) || src16(w, in, 1, ot, 0, s1))              \
            return;                                                                \
        int clamp = in->clamp;                                                     \
        LANES {                                                                    \
            uint32_t a = s0[l], b = s1[l];                                         \
            int32_t sa = (int16_t)a, sb = (int16_t)b;                              \
            r[l] = (expr) & 0xffff;                                                \
            (void)sa;                                                              \
            (void)sb;                                                              \
        }                                                                          \
        (void)clamp;                                                               \
        dst16(w, in, ot, r);                                                       \
    }

/* v_add_u16: D.u16 = S0.u16 + S1.u16 (clamp: saturate) */
I16_BINARY(v_add_u16, OT_U16, clamp ? sat_u16((int64_t)a + b) : a + b)
/* v_sub_u16: D.u16 = S0.u16 - S1.u16 */
I16_BINARY(v_sub_u16, OT_U16, clamp ? sat_u16((int64_t)a - b) : a - b)
/* v_subrev_u16: D.u16 = S1.u16 - S0.u16 */
I16_BINARY(v_subrev_u16, OT_U16, clamp ? sat_u16((int64_t)b - a) : b - a)
/* v_mul_lo_u16: D.u16 = S0.u16 * S1.u16 */
I16_BINARY(v_mul_lo_u16, OT_U16, a * b)
/* v_lshlrev_b16: D.u16 = S1.u16 << S0.u[3:0] */
I16_BINARY(v_lshlrev_b16, OT_B16, b << (a & 15))
/* v_lshrrev_b16: D.u16 = S1.u16 >> S0.u[3:0] */
I16_BINARY(v_lshrrev_b16, OT_B16, b >> (a & 15))
/* v_ashrrev_i16: D.i16 = S1.i16 >> S0.u[3:0] */
I16_BINARY(v_ashrrev_i16, OT_I16, (uint32_t)(sb >> (a & 15)))
/* v_max_u16, v_max_i16, v_min_u16, v_min_i16 */
I16_BINARY(v_max_u16, OT_U16, a > b ? a : b)
I16_BINARY(v_max_i16, OT_I16, (uint32_t)(sa > sb ? sa : sb))
I16_BINARY(v_min_u16, OT_U16, a < b ? a : b)
I16_BINARY(v_min_i16, OT_I16, (uint32_t)(sa < sb ? sa : sb))
/* v_add_i16 (gfx9): D.i16 = S0.i16 + S1.i16 (clamp: signed saturation) */
I16_BINARY(v_add_i16, OT_I16, clamp ? sat_i16((int64_t)sa + sb) : (uint32_t)(sa + sb))
/* v_sub_i16 (gfx9): D.i16 = S0.i16 - S1.i16 */
I16_BINARY(v_sub_i16, OT_I16, clamp ? sat_i16((int64_t)sa - sb) : (uint32_t)(sa - sb))

/* Three-source 16-bit integer op. */
#define I16_TERNARY(name, ot, expr)                                                \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s0[64], s1[64], s2[64], r[64];                                    \
        if (src16(w, in, 0, ot, 0, s0) || src16(w, in, 1, ot, 0, s1) ||            \
            src16(w, in, 2, ot, 0, s2))                                            \
            return;                                                                \
        int clamp = in->clamp;                                                     \
        LANES {                                                                    \
            uint32_t a = s0[l], b = s1[l], c = s2[l];                              \
            int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;             \
            r[l] = (expr) & 0xffff;                                                \
            (void)sa;                                                              \
            (void)sb;                                                              \
            (void)sc;                                                              \
        }                                                                          \
        (void)clamp;                                                               \
        dst16(w, in, ot, r);                                                       \
    }

/* v_mad_u16 (and legacy): D.u16 = S0.u16 * S1.u16 + S2.u16 (clamp: saturate) */
I16_TERNARY(v_mad_u16, OT_U16, clamp ? sat_u16((int64_t)a * b + c) : a * b + c)
/* v_mad_i16 (and legacy): D.i16 = S0.i16 * S1.i16 + S2.i16 */
I16_TERNARY(v_mad_i16, OT_I16, clamp ? sat_i16((int64_t)sa * sb + sc) : (uint32_t)sa * (uint32_t)sb + (uint32_t)sc)
/* v_min3/v_max3/v_med3 _u16/_i16 (gfx9) */
#define MIN2(x, y) ((x) < (y) ? (x) : (y))
#define MAX2(x, y) ((x) > (y) ? (x) : (y))
#define MED3(x, y, z) MAX2(MIN2(x, y), MIN2(MAX2(x, y), z))
I16_TERNARY(v_min3_u16, OT_U16, MIN2(MIN2(a, b), c))
I16_TERNARY(v_max3_u16, OT_U16, MAX2(MAX2(a, b), c))
I16_TERNARY(v_med3_u16, OT_U16, MED3(a, b, c))
I16_TERNARY(v_min3_i16, OT_I16, (uint32_t)MIN2(MIN2(sa, sb), sc))
I16_TERNARY(v_max3_i16, OT_I16, (uint32_t)MAX2(MAX2(sa, sb), sc))
I16_TERNARY(v_med3_i16, OT_I16, (uint32_t)MED3(sa, sb, sc))

/* v_mad_u32_u16 (gfx9): D.u32 = S0.u16 * S1.u16 + S2.u32 (clamp: saturate) */
static void v_mad_u32_u16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s0[64], s1[64], s2[64], r[64];
    if (src16(w, in, 0, OT_U16, 0, s0) || src16(w, in, 1, OT_U16, 0, s1) || valu_src32(w, in, 2, OT_U32, s2))
        return;
    LANES {
        uint64_t v = (uint64_t)s0[l] * s1[l] + s2[l];
        r[l] = in->clamp && v > 0xffffffffu ? 0xffffffffu : (uint32_t)v;
    }
    valu_dst32(w, in, OT_U32, r);
}

/* v_mad_i32_i16 (gfx9): D.i32 = S0.i16 * S1.i16 + S2.i32 (clamp: saturate) */
static void v_mad_i32_i16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s0[64], s1[64], s2[64], r[64];
    if (src16(w, in, 0, OT_I16, 0, s0) || src16(w, in, 1, OT_I16, 0, s1) || valu_src32(w, in, 2, OT_I32, s2))
        return;
    LANES {
        int64_t v = (int64_t)(int16_t)s0[l] * (int16_t)s1[l] + (int32_t)s2[l];
        if (in->clamp)
            v = v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
        r[l] = (uint32_t)v;
    }
    valu_dst32(w, in, OT_I32, r);
}

/* v_sat_pk_u8_i16 (gfx9): D.u16 = {sat_u8(S0.i16[31:16]), sat_u8(S0.i16[15:0])} */
static void v_sat_pk_u8_i16(wave_t *w, const isa_inst_t *in)
{
    uint32_t s[64], r[64];
    if (valu_src32(w, in, 0, OT_I32, s))
        return;
    LANES {
        int32_t lo = (int16_t)(s[l] & 0xffff), hi = (int16_t)(s[l] >> 16);
        uint32_t ulo = lo < 0 ? 0 : lo > 255 ? 255 : (uint32_t)lo, uhi = hi < 0 ? 0 : hi > 255 ? 255 : (uint32_t)hi;
        r[l] = uhi << 8 | ulo;
    }
    dst16(w, in, OT_U16, r);
}

/* v_cmp{x}_{cond}_{i16,u16}: VCC/sdst (and EXEC) = S0 cond S1 */
static void v_cmp_16(wave_t *w, const isa_inst_t *in, int sgn)
{
    uint32_t a[64], b[64];
    uint64_t x[64], y[64];
    if (src16(w, in, 0, OT_U16, 0, a) || src16(w, in, 1, OT_U16, 0, b))
        return;
    LANES {
        x[l] = sgn ? (uint64_t)(int64_t)(int16_t)a[l] : a[l];
        y[l] = sgn ? (uint64_t)(int64_t)(int16_t)b[l] : b[l];
    }
    cmp_write(w, in, icmp_lanes(cmp_cond(w, in), sgn, x, y));
}

static void v_cmp_i16(wave_t *w, const isa_inst_t *in) { v_cmp_16(w, in, 1); }
static void v_cmp_u16(wave_t *w, const isa_inst_t *in) { v_cmp_16(w, in, 0); }

/* ======================================================================
 * Packing conversions
 * ==================================================================== */

/* Two f32 sources. */
static int src_f32x2(wave_t *w, const isa_inst_t *in, uint32_t a[64], uint32_t b[64])
{
    return valu_src32(w, in, 0, OT_F32, a) || valu_src32(w, in, 1, OT_F32, b) ? -1 : 0;
}

/* v_cvt_pkrtz_f16_f32: D = {f16_rtz(S1.f), f16_rtz(S0.f)} (S0 in the low
 * half), rounded toward zero */
static void v_cvt_pkrtz_f16_f32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], r[64];
    if (src_f32x2(w, in, a, b))
        return;
    int flush = !(MODE_DENORM_F64(mode_of(w)) & 2);
    LANES {
        uint32_t lo = f32_to_f16(a[l], RM_TOWARD_ZERO), hi = f32_to_f16(b[l], RM_TOWARD_ZERO);
        if (flush) {
            lo = (lo & 0x7c00) ? lo : lo & SIGN16;
            hi = (hi & 0x7c00) ? hi : hi & SIGN16;
        }
        r[l] = hi << 16 | lo;
    }
    valu_dst32(w, in, OT_B32, r);
}

/* Two sources a, b of type ot (f16 ones through src16 with input flush)
 * packed into one dword: D = {expr(b), expr(a)} (S0's result in the low half) */
#define PACK2(name, ot, expr)                                                      \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t a[64], b[64], r[64];                                              \
        if (ot == OT_F16 ? src16(w, in, 0, ot, 1, a) || src16(w, in, 1, ot, 1, b)  \
                         : valu_src32(w, in, 0, ot, a) || valu_src32(w, in, 1, ot, b)) \
            return;                                                                \
        LANES {                                                                    \
            uint32_t x = b[l];                                                     \
            uint32_t hi = (expr);                                                  \
            x = a[l];                                                              \
            r[l] = hi << 16 | (expr);                                              \
        }                                                                          \
        valu_dst32(w, in, OT_B32, r);                                              \
    }

/* v_cvt_pknorm_i16_f32: D = {snorm(S1.f), snorm(S0.f)} */
PACK2(v_cvt_pknorm_i16_f32, OT_F32, snorm16(f32_of(x)))
/* v_cvt_pknorm_u16_f32: D = {unorm(S1.f), unorm(S0.f)} */
PACK2(v_cvt_pknorm_u16_f32, OT_F32, unorm16(f32_of(x)))
/* v_cvt_pknorm_i16_f16 / _u16_f16 (gfx9): the same from two f16 sources */
PACK2(v_cvt_pknorm_i16_f16, OT_F16, snorm16((float)H(x)))
PACK2(v_cvt_pknorm_u16_f16, OT_F16, unorm16((float)H(x)))
/* v_cvt_pk_u16_u32: D = {min(S1.u, 0xffff), min(S0.u, 0xffff)} */
PACK2(v_cvt_pk_u16_u32, OT_U32, x > 0xffff ? 0xffffu : x)
/* v_cvt_pk_i16_i32: D = {sat_i16(S1.i), sat_i16(S0.i)} */
PACK2(v_cvt_pk_i16_i32, OT_I32, sat_i16((int32_t)x))

/* v_pack_b32_f16 (gfx9): D = {S1.f16, S0.f16} (op_sel picks the halves read) */
static void v_pack_b32_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], r[64];
    if (src16(w, in, 0, OT_F16, 0, a) || src16(w, in, 1, OT_F16, 0, b))
        return;
    LANES r[l] = b[l] << 16 | a[l];
    valu_dst32(w, in, OT_B32, r);
}

/* v_cvt_pk_u8_f32: D = S2.u with byte S1.u[1:0] replaced by S0.f
 * converted to u8 (rounded to nearest even, clamped to [0, 255], NaN 0) */
static void v_cvt_pk_u8_f32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (valu_src32(w, in, 0, OT_F32, a) || valu_src32(w, in, 1, OT_U32, b) || valu_src32(w, in, 2, OT_U32, c))
        return;
    LANES {
        float f = f32_of(a[l]);
        uint32_t u = f != f || f <= 0 ? 0 : f >= 255 ? 255 : (uint32_t)nearbyintf(f);
        unsigned sh = (b[l] & 3) * 8;
        r[l] = (c[l] & ~(0xffu << sh)) | u << sh;
    }
    valu_dst32(w, in, OT_U32, r);
}

/* ======================================================================
 * VOP3P (gfx9): packed 16-bit math, mixed precision, dot products
 * ==================================================================== */

/* The two 16-bit inputs of packed source i: the low-half input is the half
 * op_sel[i] picks, the high-half input the half op_sel_hi[i] picks
 * (0 = bits 15:0).  Float sources then take neg_lo/neg_hi. */
static int srcpk(wave_t *w, const isa_inst_t *in, unsigned i, int fp, uint32_t lo[64], uint32_t hi[64])
{
    uint32_t v[64];
    if (valu_src32(w, in, i, OT_B16, v))
        return -1;
    unsigned sl = (in->op_sel >> i) & 1 ? 16 : 0, sh = (in->op_sel_hi >> i) & 1 ? 16 : 0;
    uint32_t nl = fp && ((in->neg >> i) & 1) ? SIGN16 : 0, nh = fp && ((in->neg_hi >> i) & 1) ? SIGN16 : 0;
    LANES {
        lo[l] = ((v[l] >> sl) & 0xffff) ^ nl;
        hi[l] = ((v[l] >> sh) & 0xffff) ^ nh;
    }
    if (fp && !(MODE_DENORM_F64(mode_of(w)) & 1))
        LANES {
            if (!(lo[l] & 0x7c00))
                lo[l] &= SIGN16;
            if (!(hi[l] & 0x7c00))
                hi[l] &= SIGN16;
        }
    return 0;
}

/* Clamp and flush of one packed f16 half (VOP3P has no omod). */
static inline uint32_t pk_out16(uint32_t h, int clamp, int dx10, int flush)
{
    if (clamp) {
        if (f16_is_nan(h))
            h = dx10 ? 0 : h;
        else if (h & SIGN16)
            h = 0;
        else if (h > F16_ONE)
            h = F16_ONE;
    }
    if (flush && !(h & 0x7c00))
        h &= SIGN16;
    return h;
}

/* Packed f16 op: both halves computed by expr(a, b, c). */
#define PK_F16(name, nsrc, expr)                                                   \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t lo[3][64], hi[3][64], r[64];                                      \
        for (unsigned i = 0; i < (nsrc); i++)                                      \
            if (srcpk(w, in, i, 1, lo[i], hi[i]))                                  \
                return;                                                            \
        uint32_t mode = mode_of(w);                                                \
        unsigned rm = MODE_ROUND_F64(mode);                                        \
        int ieee = MODE_IEEE(mode), dx10 = MODE_DX10_CLAMP(mode);                  \
        int flush = !(MODE_DENORM_F64(mode) & 2);                                  \
        LANES {                                                                    \
            uint32_t a = lo[0][l], b = lo[1][l], c = (nsrc) > 2 ? lo[2][l] : 0;    \
            uint32_t rlo = (expr);                                                 \
            a = hi[0][l], b = hi[1][l], c = (nsrc) > 2 ? hi[2][l] : 0;             \
            uint32_t rhi = (expr);                                                 \
            (void)c;                                                               \
            r[l] = pk_out16(rhi, in->clamp, dx10, flush) << 16 |                   \
                   pk_out16(rlo, in->clamp, dx10, flush);                          \
        }                                                                          \
        (void)rm;                                                                  \
        (void)ieee;                                                                \
        valu_dst32(w, in, OT_B32, r);                                              \
    }

/* v_pk_fma_f16: D.f16[i] = fma(S0.f16[i], S1.f16[i], S2.f16[i]), i = lo, hi */
PK_F16(v_pk_fma_f16, 3, fma16(a, b, c, rm))
/* v_pk_add_f16, v_pk_mul_f16, v_pk_min_f16, v_pk_max_f16 */
PK_F16(v_pk_add_f16, 2, add16(a, b, rm))
PK_F16(v_pk_mul_f16, 2, mul16(a, b, rm))
PK_F16(v_pk_min_f16, 2, min16(a, b, ieee))
PK_F16(v_pk_max_f16, 2, max16(a, b, ieee))

/* Packed 16-bit integer op: halves by expr on a, b, c (zero-extended) or
 * sa, sb, sc (signed); clamp saturates. */
#define PK_I16(name, nsrc, expr)                                                   \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t lo[3][64], hi[3][64], r[64];                                      \
        for (unsigned i = 0; i < (nsrc); i++)                                      \
            if (srcpk(w, in, i, 0, lo[i], hi[i]))                                  \
                return;                                                            \
        int clamp = in->clamp;                                                     \
        LANES {                                                                    \
            uint32_t h[2];                                                         \
            for (unsigned k = 0; k < 2; k++) {                                     \
                uint32_t(*v)[64] = k ? hi : lo;                                    \
                uint32_t a = v[0][l], b = v[1][l], c = (nsrc) > 2 ? v[2][l] : 0;   \
                int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;         \
                h[k] = (uint32_t)(expr) & 0xffff;                                  \
                (void)sa;                                                          \
                (void)sb;                                                          \
                (void)sc;                                                          \
            }                                                                      \
            r[l] = h[1] << 16 | h[0];                                              \
        }                                                                          \
        (void)clamp;                                                               \
        valu_dst32(w, in, OT_B32, r);                                              \
    }

/* v_pk_mad_i16/u16: D[i] = S0[i] * S1[i] + S2[i] (clamp: saturate) */
PK_I16(v_pk_mad_i16, 3, clamp ? sat_i16((int64_t)sa * sb + sc) : (uint32_t)sa * (uint32_t)sb + (uint32_t)sc)
PK_I16(v_pk_mad_u16, 3, clamp ? sat_u16((int64_t)a * b + c) : a * b + c)
/* v_pk_mul_lo_u16: D[i] = S0[i] * S1[i] */
PK_I16(v_pk_mul_lo_u16, 2, a * b)
/* v_pk_add/sub _i16/_u16 (clamp: saturate) */
PK_I16(v_pk_add_i16, 2, clamp ? sat_i16((int64_t)sa + sb) : (uint32_t)(sa + sb))
PK_I16(v_pk_sub_i16, 2, clamp ? sat_i16((int64_t)sa - sb) : (uint32_t)(sa - sb))
PK_I16(v_pk_add_u16, 2, clamp ? sat_u16((int64_t)a + b) : a + b)
PK_I16(v_pk_sub_u16, 2, clamp ? sat_u16((int64_t)a - b) : a - b)
/* v_pk_lshlrev_b16, v_pk_lshrrev_b16, v_pk_ashrrev_i16: D[i] = S1[i] shifted by S0[i][3:0] */
PK_I16(v_pk_lshlrev_b16, 2, b << (a & 15))
PK_I16(v_pk_lshrrev_b16, 2, b >> (a & 15))
PK_I16(v_pk_ashrrev_i16, 2, (uint32_t)(sb >> (a & 15)))
/* v_pk_max/min _i16/_u16 */
PK_I16(v_pk_max_i16, 2, (uint32_t)MAX2(sa, sb))
PK_I16(v_pk_min_i16, 2, (uint32_t)MIN2(sa, sb))
PK_I16(v_pk_max_u16, 2, MAX2(a, b))
PK_I16(v_pk_min_u16, 2, MIN2(a, b))

/* Source i of v_mad_mix/v_fma_mix as a double: op_sel_hi[i] set means an
 * f16 taken from the half op_sel[i] picks (inline constants as f16), else
 * the f32; neg_hi[i] is |x| and neg[i] is -x. */
static int src_mix(wave_t *w, const isa_inst_t *in, unsigned i, double out[64])
{
    uint32_t v[64];
    int f16 = (in->op_sel_hi >> i) & 1;
    if (valu_src32(w, in, i, f16 ? OT_B16 : OT_F32, v))
        return -1;
    unsigned sh = (in->op_sel >> i) & 1 ? 16 : 0;
    int abs = (in->neg_hi >> i) & 1, neg = (in->neg >> i) & 1;
    int flush16 = !(MODE_DENORM_F64(mode_of(w)) & 1);
    LANES {
        double x;
        if (f16) {
            uint32_t h = (v[l] >> sh) & 0xffff;
            if (flush16 && !(h & 0x7c00))
                h &= SIGN16;
            x = H(h);
        } else
            x = f32_of(v[l]);
        if (abs)
            x = fabs(x);
        out[l] = neg ? -x : x;
    }
    return 0;
}

/* a * b + c of f32-exact doubles rounded to f32: fused (one rounding) or
 * unfused (product rounded to f32 first); NaN results are the first NaN
 * source quieted, else the default NaN. */
static inline uint32_t mix_f32(double a, double b, double c, int fused)
{
    uint32_t r;
    if (fused) {
        double p = a * b, e, s = two_sum(p, c, &e);   /* the f32 product is exact */
        r = s != s ? 0x7fc00000u : f32_from_sum(s, e);
    } else {
        float p = (float)(a * b);
        r = bits_of_f32(p + (float)c);
    }
    if ((r & 0x7fffffffu) > 0x7f800000u) {
        double src[3] = {a, b, c};
        r = 0x7fc00000u;
        for (int i = 2; i >= 0; i--)
            if (src[i] != src[i]) {
                float f = (float)src[i];
                r = bits_of_f32(f) | 0x00400000u;
            }
    }
    return r;
}

/* Evaluate a mix op: the f32 results in r[]. */
static int mix_eval(wave_t *w, const isa_inst_t *in, int fused, uint32_t r[64])
{
    double s[3][64];
    for (unsigned i = 0; i < 3; i++)
        if (src_mix(w, in, i, s[i]))
            return -1;
    LANES r[l] = mix_f32(s[0][l], s[1][l], s[2][l], fused);
    return 0;
}

static int is_fma_mix(unsigned op)
{
    return op == ISA_OP_V_FMA_MIX_F32 || op == ISA_OP_V_FMA_MIXLO_F16 || op == ISA_OP_V_FMA_MIXHI_F16;
}

/* v_mad_mix_f32 (gfx900) / v_fma_mix_f32 (gfx906): D.f = S0 * S1 + S2 with
 * f16 or f32 sources (mad: product rounded to f32 first; fma: fused) */
static void v_mix_f32(wave_t *w, const isa_inst_t *in)
{
    uint32_t r[64];
    if (mix_eval(w, in, is_fma_mix(in->op), r))
        return;
    valu_dst32(w, in, OT_F32, r);
}

/* v_mad_mixlo_f16 / v_mad_mixhi_f16 (and the fma forms): the f32 result
 * converted to f16 (nearest even) into the low / high half of D, the
 * other half kept */
static void v_mix_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t r[64];
    const uint32_t *old;
    if (mix_eval(w, in, is_fma_mix(in->op), r) || !(old = dst_row(w, in)))
        return;
    uint32_t mode = mode_of(w);
    int hi = in->op == ISA_OP_V_MAD_MIXHI_F16 || in->op == ISA_OP_V_FMA_MIXHI_F16;
    int flush = !(MODE_DENORM_F64(mode) & 2), dx10 = MODE_DX10_CLAMP(mode);
    LANES {
        uint32_t h = pk_out16(f32_to_f16(r[l], RM_NEAREST_EVEN), in->clamp, dx10, flush);
        r[l] = hi ? (old[l] & 0xffffu) | h << 16 : (old[l] & 0xffff0000u) | h;
    }
    valu_dst32(w, in, OT_B32, r);
}

/* v_dot2_f32_f16 (gfx906): D.f = S0.f16[0] * S1.f16[0] + S0.f16[1] *
 * S1.f16[1] + S2.f; gcnsim rounds once to f32 (the products are exact in
 * double, the two sums carry their error terms) */
static void v_dot2_f32_f16(wave_t *w, const isa_inst_t *in)
{
    uint32_t alo[64], ahi[64], blo[64], bhi[64], c[64], r[64];
    if (srcpk(w, in, 0, 1, alo, ahi) || srcpk(w, in, 1, 1, blo, bhi) || valu_src32(w, in, 2, OT_F32, c))
        return;
    int negc = (in->neg >> 2) & 1, absc = (in->neg_hi >> 2) & 1;
    LANES {
        double cc = f32_of(c[l]);
        if (absc)
            cc = fabs(cc);
        if (negc)
            cc = -cc;
        /* exact sum p1 + p2 + c as s + e3 + e4: two passes of two-sum */
        double e1, e2, e3, e4, s = two_sum(H(alo[l]) * H(blo[l]), H(ahi[l]) * H(bhi[l]), &e1);
        s = two_sum(s, cc, &e2);
        s = two_sum(s, e1, &e3);
        s = two_sum(s, e2, &e4);
        r[l] = s != s ? 0x7fc00000u : f32_from_sum(s, e3 + e4);
    }
    valu_dst32(w, in, OT_F32, r);
}

/* Integer dot products (gfx906): D = S2 + sum of products of the packed
 * elements of S0 and S1 (2 x 16, 4 x 8 or 8 x 4 bits, signed or not);
 * clamp saturates to 32 bits. */
static void dot_int(wave_t *w, const isa_inst_t *in, unsigned bits, int sgn)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (bits == 16) {
        uint32_t alo[64], ahi[64], blo[64], bhi[64];
        if (srcpk(w, in, 0, 0, alo, ahi) || srcpk(w, in, 1, 0, blo, bhi))
            return;
        LANES {
            a[l] = ahi[l] << 16 | alo[l];
            b[l] = bhi[l] << 16 | blo[l];
        }
    } else if (valu_src32(w, in, 0, OT_B32, a) || valu_src32(w, in, 1, OT_B32, b))
        return;
    if (valu_src32(w, in, 2, OT_B32, c))
        return;
    unsigned n = 32 / bits;
    uint32_t mask = (1u << bits) - 1;
    LANES {
        int64_t acc = sgn ? (int64_t)(int32_t)c[l] : (int64_t)c[l];
        for (unsigned k = 0; k < n; k++) {
            uint32_t x = (a[l] >> (k * bits)) & mask, y = (b[l] >> (k * bits)) & mask;
            if (sgn) {
                int64_t sx = (int64_t)x - ((x >> (bits - 1)) & 1 ? (int64_t)1 << bits : 0);
                int64_t sy = (int64_t)y - ((y >> (bits - 1)) & 1 ? (int64_t)1 << bits : 0);
                acc += sx * sy;
            } else
                acc += (int64_t)x * y;
        }
        if (in->clamp)
            acc = sgn ? (acc < INT32_MIN ? INT32_MIN : acc > INT32_MAX ? INT32_MAX : acc)
                      : (acc > 0xffffffffll ? 0xffffffffll : acc);
        r[l] = (uint32_t)acc;
    }
    valu_dst32(w, in, OT_B32, r);
}

/* v_dot2_i32_i16, v_dot2_u32_u16, v_dot4_i32_i8, v_dot4_u32_u8,
 * v_dot8_i32_i4, v_dot8_u32_u4 */
static void v_dot2_i32_i16(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 16, 1); }
static void v_dot2_u32_u16(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 16, 0); }
static void v_dot4_i32_i8(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 8, 1); }
static void v_dot4_u32_u8(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 8, 0); }
static void v_dot8_i32_i4(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 4, 1); }
static void v_dot8_u32_u4(wave_t *w, const isa_inst_t *in) { dot_int(w, in, 4, 0); }

/* ======================================================================
 * SAD, lerp, cube map
 * ==================================================================== */

/* Three 32-bit integer sources. */
static int src_u32x3(wave_t *w, const isa_inst_t *in, uint32_t a[64], uint32_t b[64], uint32_t c[64])
{
    return valu_src32(w, in, 0, OT_U32, a) || valu_src32(w, in, 1, OT_U32, b) || valu_src32(w, in, 2, OT_U32, c)
               ? -1 : 0;
}

static inline uint32_t absdiff(uint32_t x, uint32_t y)
{
    return x > y ? x - y : y - x;
}

/* sum over the 4 bytes of |a.byte - b.byte|, skipping bytes where b's byte
 * is 0 when masked (the MSAD rule) */
static inline uint32_t sad_bytes(uint32_t a, uint32_t b, int masked)
{
    uint32_t s = 0;
    for (unsigned k = 0; k < 32; k += 8) {
        uint32_t x = (a >> k) & 0xff, y = (b >> k) & 0xff;
        if (!masked || y)
            s += absdiff(x, y);
    }
    return s;
}

/* a 32-bit sum, saturated when clamp is set */
static inline uint32_t sat32(uint64_t v, int clamp)
{
    return clamp && v > 0xffffffffu ? 0xffffffffu : (uint32_t)v;
}

/* v_sad_u8: D.u = S2.u + sum of |S0.u8[i] - S1.u8[i]| */
static void v_sad_u8(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES r[l] = sat32((uint64_t)c[l] + sad_bytes(a[l], b[l], 0), in->clamp);
    valu_dst32(w, in, OT_U32, r);
}

/* v_sad_hi_u8: D.u = S2.u + (sum of |S0.u8[i] - S1.u8[i]|) << 16 */
static void v_sad_hi_u8(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES r[l] = sat32((uint64_t)c[l] + ((uint64_t)sad_bytes(a[l], b[l], 0) << 16), in->clamp);
    valu_dst32(w, in, OT_U32, r);
}

/* v_sad_u16: D.u = S2.u + sum of |S0.u16[i] - S1.u16[i]| */
static void v_sad_u16(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES r[l] = sat32((uint64_t)c[l] + absdiff(a[l] & 0xffff, b[l] & 0xffff) + absdiff(a[l] >> 16, b[l] >> 16),
                       in->clamp);
    valu_dst32(w, in, OT_U32, r);
}

/* v_sad_u32: D.u = S2.u + |S0.u - S1.u| */
static void v_sad_u32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES r[l] = sat32((uint64_t)c[l] + absdiff(a[l], b[l]), in->clamp);
    valu_dst32(w, in, OT_U32, r);
}

/* v_msad_u8: D.u = S2.u + sum of |S0.u8[i] - S1.u8[i]| over the bytes
 * where S1.u8[i] (the reference) is not 0 */
static void v_msad_u8(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES r[l] = sat32((uint64_t)c[l] + sad_bytes(a[l], b[l], 1), in->clamp);
    valu_dst32(w, in, OT_U32, r);
}

/* v_qsad_pk_u16_u8 / v_mqsad_pk_u16_u8: D.u16[i] = S2.u16[i] +
 * (M)SAD(S0.u64 >> 8i [31:0], S1.u), i = 0..3 (clamp: saturate to 16 bits) */
static void qsad_pk(wave_t *w, const isa_inst_t *in, int masked)
{
    uint64_t a[64], c[64], r[64];
    uint32_t b[64];
    if (valu_src64(w, in, 0, OT_B64, a) || valu_src32(w, in, 1, OT_U32, b) || valu_src64(w, in, 2, OT_B64, c))
        return;
    LANES {
        uint64_t v = 0;
        for (unsigned i = 0; i < 4; i++) {
            uint32_t s = (uint32_t)((c[l] >> (16 * i)) & 0xffff) + sad_bytes((uint32_t)(a[l] >> (8 * i)), b[l], masked);
            if (in->clamp && s > 0xffff)
                s = 0xffff;
            v |= (uint64_t)(s & 0xffff) << (16 * i);
        }
        r[l] = v;
    }
    valu_dst64(w, in, OT_B64, r);
}

static void v_qsad_pk_u16_u8(wave_t *w, const isa_inst_t *in) { qsad_pk(w, in, 0); }
static void v_mqsad_pk_u16_u8(wave_t *w, const isa_inst_t *in) { qsad_pk(w, in, 1); }

/* v_mqsad_u32_u8: D.u32[i] = S2.u32[i] + MSAD(S0.u64 >> 8i [31:0], S1.u),
 * i = 0..3 (a 128-bit destination and S2) */
static void v_mqsad_u32_u8(wave_t *w, const isa_inst_t *in)
{
    uint64_t a[64];
    uint32_t b[64], r[4][64];
    if (valu_src64(w, in, 0, OT_B64, a) || valu_src32(w, in, 1, OT_U32, b))
        return;
    if (in->src[2] < 256 || in->dst < 256) {
        wave_fault(w, FAULT_ILLEGAL, 0, -1, "v_mqsad_u32_u8: src2 and vdst must be VGPR quads");
        return;
    }
    for (unsigned i = 0; i < 4; i++) {
        const uint32_t *c = wave_vreg(w, in->src[2] - 256u + i);
        if (!c)
            return;
        LANES r[i][l] = sat32((uint64_t)c[l] + sad_bytes((uint32_t)(a[l] >> (8 * i)), b[l], 1), in->clamp);
    }
    uint64_t mask = valu_lanes(w, in);
    for (unsigned i = 0; i < 4; i++)
        wave_write_vreg(w, in->dst - 256u + i, r[i], mask);
}

/* v_lerp_u8: D.u8[i] = (S0.u8[i] + S1.u8[i] + S2.u8[i][0]) >> 1 */
static void v_lerp_u8(wave_t *w, const isa_inst_t *in)
{
    uint32_t a[64], b[64], c[64], r[64];
    if (src_u32x3(w, in, a, b, c))
        return;
    LANES {
        uint32_t v = 0;
        for (unsigned k = 0; k < 32; k += 8)
            v |= (((a[l] >> k & 0xff) + (b[l] >> k & 0xff) + (c[l] >> k & 1)) >> 1) << k;
        r[l] = v;
    }
    valu_dst32(w, in, OT_U32, r);
}

/* Cube map helpers on (x, y, z) = (S0.f, S1.f, S2.f); the major axis is
 * z when |z| >= |x| and |z| >= |y|, else y when |y| >= |x|, else x. */
enum { AX_X, AX_Y, AX_Z };

static inline int cube_axis(float x, float y, float z)
{
    return fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y) ? AX_Z : fabsf(y) >= fabsf(x) ? AX_Y : AX_X;
}

#define CUBE_OP(name, expr)                                                        \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t a[64], b[64], c[64], r[64];                                       \
        if (valu_src32(w, in, 0, OT_F32, a) || valu_src32(w, in, 1, OT_F32, b) ||  \
            valu_src32(w, in, 2, OT_F32, c))                                       \
            return;                                                                \
        LANES {                                                                    \
            float x = f32_of(a[l]), y = f32_of(b[l]), z = f32_of(c[l]);            \
            int ax = cube_axis(x, y, z);                                           \
            r[l] = bits_of_f32(expr);                                              \
        }                                                                          \
        valu_dst32(w, in, OT_F32, r);                                              \
    }

/* v_cubeid_f32: D.f = face id: z major 4 (+) / 5 (-), y 2 / 3, x 0 / 1 */
CUBE_OP(v_cubeid_f32, ax == AX_Z ? (z < 0 ? 5.0f : 4.0f) : ax == AX_Y ? (y < 0 ? 3.0f : 2.0f) : (x < 0 ? 1.0f : 0.0f))
/* v_cubesc_f32: D.f = s coordinate: z major: z < 0 ? -x : x; y: x;
 * x major: x < 0 ? z : -z */
CUBE_OP(v_cubesc_f32, ax == AX_Z ? (z < 0 ? -x : x) : ax == AX_Y ? x : (x < 0 ? z : -z))
/* v_cubetc_f32: D.f = t coordinate: z major: -y; y: y < 0 ? -z : z; x: -y */
CUBE_OP(v_cubetc_f32, ax == AX_Y ? (y < 0 ? -z : z) : -y)
/* v_cubema_f32: D.f = 2 * the major axis coordinate */
CUBE_OP(v_cubema_f32, 2.0f * (ax == AX_Z ? z : ax == AX_Y ? y : x))

/* ======================================================================
 * Table
 * ==================================================================== */

#define FCONDS(P, T, fn)                                                           \
    {ISA_OP_##P##_F_##T, fn}, {ISA_OP_##P##_LT_##T, fn}, {ISA_OP_##P##_EQ_##T, fn},   \
    {ISA_OP_##P##_LE_##T, fn}, {ISA_OP_##P##_GT_##T, fn}, {ISA_OP_##P##_LG_##T, fn},  \
    {ISA_OP_##P##_GE_##T, fn}, {ISA_OP_##P##_O_##T, fn}, {ISA_OP_##P##_U_##T, fn},    \
    {ISA_OP_##P##_NGE_##T, fn}, {ISA_OP_##P##_NLG_##T, fn}, {ISA_OP_##P##_NGT_##T, fn}, \
    {ISA_OP_##P##_NLE_##T, fn}, {ISA_OP_##P##_NEQ_##T, fn}, {ISA_OP_##P##_NLT_##T, fn}, \
    {ISA_OP_##P##_TRU_##T, fn}
#define ICONDS(P, T, fn)                                                           \
    {ISA_OP_##P##_F_##T, fn}, {ISA_OP_##P##_LT_##T, fn}, {ISA_OP_##P##_EQ_##T, fn},   \
    {ISA_OP_##P##_LE_##T, fn}, {ISA_OP_##P##_GT_##T, fn}, {ISA_OP_##P##_NE_##T, fn},  \
    {ISA_OP_##P##_GE_##T, fn}, {ISA_OP_##P##_T_##T, fn}

const sem_entry_t sem_valu_ext_table[] = {
    /* f64 */
    {ISA_OP_V_ADD_F64, v_add_f64},
    {ISA_OP_V_MUL_F64, v_mul_f64},
    {ISA_OP_V_FMA_F64, v_fma_f64},
    {ISA_OP_V_MIN_F64, v_min_f64},
    {ISA_OP_V_MAX_F64, v_max_f64},
    {ISA_OP_V_LDEXP_F64, v_ldexp_f64},
    {ISA_OP_V_TRUNC_F64, v_trunc_f64},
    {ISA_OP_V_CEIL_F64, v_ceil_f64},
    {ISA_OP_V_FLOOR_F64, v_floor_f64},
    {ISA_OP_V_RNDNE_F64, v_rndne_f64},
    {ISA_OP_V_FRACT_F64, v_fract_f64},
    {ISA_OP_V_FREXP_MANT_F64, v_frexp_mant_f64},
    {ISA_OP_V_FREXP_EXP_I32_F64, v_frexp_exp_i32_f64},
    {ISA_OP_V_RCP_F64, v_rcp_f64},
    {ISA_OP_V_RSQ_F64, v_rsq_f64},
    {ISA_OP_V_SQRT_F64, v_sqrt_f64},
    {ISA_OP_V_RCP_CLAMP_F64, v_rcp_clamp_f64},
    {ISA_OP_V_RSQ_CLAMP_F64, v_rsq_clamp_f64},
    {ISA_OP_V_DIV_SCALE_F64, v_div_scale_f64},
    {ISA_OP_V_DIV_FMAS_F64, v_div_fmas_f64},
    {ISA_OP_V_DIV_FIXUP_F64, v_div_fixup_f64},
    {ISA_OP_V_TRIG_PREOP_F64, v_trig_preop_f64},
    {ISA_OP_V_CVT_F64_F32, v_cvt_f64_f32},
    {ISA_OP_V_CVT_F32_F64, v_cvt_f32_f64},
    {ISA_OP_V_CVT_F64_I32, v_cvt_f64_i32},
    {ISA_OP_V_CVT_F64_U32, v_cvt_f64_u32},
    {ISA_OP_V_CVT_I32_F64, v_cvt_i32_f64},
    {ISA_OP_V_CVT_U32_F64, v_cvt_u32_f64},
    {ISA_OP_V_CMP_CLASS_F64, v_cmp_class_f64},
    {ISA_OP_V_CMPX_CLASS_F64, v_cmp_class_f64},
    FCONDS(V_CMP, F64, v_cmp_f64),
    FCONDS(V_CMPX, F64, v_cmp_f64),
    FCONDS(V_CMPS, F64, v_cmp_f64),
    FCONDS(V_CMPSX, F64, v_cmp_f64),
    /* 64-bit integer */
    {ISA_OP_V_LSHLREV_B64, v_lshlrev_b64},
    {ISA_OP_V_LSHRREV_B64, v_lshrrev_b64},
    {ISA_OP_V_ASHRREV_I64, v_ashrrev_i64},
    {ISA_OP_V_LSHL_B64, v_lshl_b64},
    {ISA_OP_V_LSHR_B64, v_lshr_b64},
    {ISA_OP_V_ASHR_I64, v_ashr_i64},
    ICONDS(V_CMP, I64, v_cmp_i64),
    ICONDS(V_CMPX, I64, v_cmp_i64),
    ICONDS(V_CMP, U64, v_cmp_u64),
    ICONDS(V_CMPX, U64, v_cmp_u64),
    /* f16 */
    {ISA_OP_V_ADD_F16, v_add_f16},
    {ISA_OP_V_SUB_F16, v_sub_f16},
    {ISA_OP_V_SUBREV_F16, v_subrev_f16},
    {ISA_OP_V_MUL_F16, v_mul_f16},
    {ISA_OP_V_MIN_F16, v_min_f16},
    {ISA_OP_V_MAX_F16, v_max_f16},
    {ISA_OP_V_MAC_F16, v_mac_f16},
    {ISA_OP_V_MADMK_F16, v_mad_f16},
    {ISA_OP_V_MADAK_F16, v_mad_f16},
    {ISA_OP_V_MAD_F16, v_mad_f16},
    {ISA_OP_V_MAD_LEGACY_F16, v_mad_f16},
    {ISA_OP_V_FMA_F16, v_fma_f16},
    {ISA_OP_V_FMA_LEGACY_F16, v_fma_f16},
    {ISA_OP_V_DIV_FIXUP_F16, v_div_fixup_f16},
    {ISA_OP_V_DIV_FIXUP_LEGACY_F16, v_div_fixup_f16},
    {ISA_OP_V_MIN3_F16, v_min3_f16},
    {ISA_OP_V_MAX3_F16, v_max3_f16},
    {ISA_OP_V_MED3_F16, v_med3_f16},
    {ISA_OP_V_LDEXP_F16, v_ldexp_f16},
    {ISA_OP_V_TRUNC_F16, v_trunc_f16},
    {ISA_OP_V_CEIL_F16, v_ceil_f16},
    {ISA_OP_V_FLOOR_F16, v_floor_f16},
    {ISA_OP_V_RNDNE_F16, v_rndne_f16},
    {ISA_OP_V_FRACT_F16, v_fract_f16},
    {ISA_OP_V_FREXP_MANT_F16, v_frexp_mant_f16},
    {ISA_OP_V_FREXP_EXP_I16_F16, v_frexp_exp_i16_f16},
    {ISA_OP_V_RCP_F16, v_rcp_f16},
    {ISA_OP_V_SQRT_F16, v_sqrt_f16},
    {ISA_OP_V_RSQ_F16, v_rsq_f16},
    {ISA_OP_V_EXP_F16, v_exp_f16},
    {ISA_OP_V_LOG_F16, v_log_f16},
    {ISA_OP_V_SIN_F16, v_sin_f16},
    {ISA_OP_V_COS_F16, v_cos_f16},
    {ISA_OP_V_CVT_F16_F32, v_cvt_f16_f32},
    {ISA_OP_V_CVT_F32_F16, v_cvt_f32_f16},
    {ISA_OP_V_CVT_F16_U16, v_cvt_f16_u16},
    {ISA_OP_V_CVT_F16_I16, v_cvt_f16_i16},
    {ISA_OP_V_CVT_U16_F16, v_cvt_u16_f16},
    {ISA_OP_V_CVT_I16_F16, v_cvt_i16_f16},
    {ISA_OP_V_CVT_NORM_I16_F16, v_cvt_norm_i16_f16},
    {ISA_OP_V_CVT_NORM_U16_F16, v_cvt_norm_u16_f16},
    {ISA_OP_V_CMP_CLASS_F16, v_cmp_class_f16},
    {ISA_OP_V_CMPX_CLASS_F16, v_cmp_class_f16},
    FCONDS(V_CMP, F16, v_cmp_f16),
    FCONDS(V_CMPX, F16, v_cmp_f16),
    /* 16-bit integer */
    {ISA_OP_V_ADD_U16, v_add_u16},
    {ISA_OP_V_SUB_U16, v_sub_u16},
    {ISA_OP_V_SUBREV_U16, v_subrev_u16},
    {ISA_OP_V_MUL_LO_U16, v_mul_lo_u16},
    {ISA_OP_V_LSHLREV_B16, v_lshlrev_b16},
    {ISA_OP_V_LSHRREV_B16, v_lshrrev_b16},
    {ISA_OP_V_ASHRREV_I16, v_ashrrev_i16},
    {ISA_OP_V_MAX_U16, v_max_u16},
    {ISA_OP_V_MAX_I16, v_max_i16},
    {ISA_OP_V_MIN_U16, v_min_u16},
    {ISA_OP_V_MIN_I16, v_min_i16},
    {ISA_OP_V_ADD_I16, v_add_i16},
    {ISA_OP_V_SUB_I16, v_sub_i16},
    {ISA_OP_V_MAD_U16, v_mad_u16},
    {ISA_OP_V_MAD_I16, v_mad_i16},
    {ISA_OP_V_MAD_LEGACY_U16, v_mad_u16},
    {ISA_OP_V_MAD_LEGACY_I16, v_mad_i16},
    {ISA_OP_V_MAD_U32_U16, v_mad_u32_u16},
    {ISA_OP_V_MAD_I32_I16, v_mad_i32_i16},
    {ISA_OP_V_MIN3_U16, v_min3_u16},
    {ISA_OP_V_MAX3_U16, v_max3_u16},
    {ISA_OP_V_MED3_U16, v_med3_u16},
    {ISA_OP_V_MIN3_I16, v_min3_i16},
    {ISA_OP_V_MAX3_I16, v_max3_i16},
    {ISA_OP_V_MED3_I16, v_med3_i16},
    {ISA_OP_V_SAT_PK_U8_I16, v_sat_pk_u8_i16},
    ICONDS(V_CMP, I16, v_cmp_i16),
    ICONDS(V_CMPX, I16, v_cmp_i16),
    ICONDS(V_CMP, U16, v_cmp_u16),
    ICONDS(V_CMPX, U16, v_cmp_u16),
    /* packing conversions */
    {ISA_OP_V_CVT_PKRTZ_F16_F32, v_cvt_pkrtz_f16_f32},
    {ISA_OP_V_CVT_PKNORM_I16_F32, v_cvt_pknorm_i16_f32},
    {ISA_OP_V_CVT_PKNORM_U16_F32, v_cvt_pknorm_u16_f32},
    {ISA_OP_V_CVT_PKNORM_I16_F16, v_cvt_pknorm_i16_f16},
    {ISA_OP_V_CVT_PKNORM_U16_F16, v_cvt_pknorm_u16_f16},
    {ISA_OP_V_CVT_PK_U16_U32, v_cvt_pk_u16_u32},
    {ISA_OP_V_CVT_PK_I16_I32, v_cvt_pk_i16_i32},
    {ISA_OP_V_PACK_B32_F16, v_pack_b32_f16},
    {ISA_OP_V_CVT_PK_U8_F32, v_cvt_pk_u8_f32},
    /* VOP3P */
    {ISA_OP_V_PK_FMA_F16, v_pk_fma_f16},
    {ISA_OP_V_PK_ADD_F16, v_pk_add_f16},
    {ISA_OP_V_PK_MUL_F16, v_pk_mul_f16},
    {ISA_OP_V_PK_MIN_F16, v_pk_min_f16},
    {ISA_OP_V_PK_MAX_F16, v_pk_max_f16},
    {ISA_OP_V_PK_MAD_I16, v_pk_mad_i16},
    {ISA_OP_V_PK_MAD_U16, v_pk_mad_u16},
    {ISA_OP_V_PK_MUL_LO_U16, v_pk_mul_lo_u16},
    {ISA_OP_V_PK_ADD_I16, v_pk_add_i16},
    {ISA_OP_V_PK_SUB_I16, v_pk_sub_i16},
    {ISA_OP_V_PK_ADD_U16, v_pk_add_u16},
    {ISA_OP_V_PK_SUB_U16, v_pk_sub_u16},
    {ISA_OP_V_PK_LSHLREV_B16, v_pk_lshlrev_b16},
    {ISA_OP_V_PK_LSHRREV_B16, v_pk_lshrrev_b16},
    {ISA_OP_V_PK_ASHRREV_I16, v_pk_ashrrev_i16},
    {ISA_OP_V_PK_MAX_I16, v_pk_max_i16},
    {ISA_OP_V_PK_MIN_I16, v_pk_min_i16},
    {ISA_OP_V_PK_MAX_U16, v_pk_max_u16},
    {ISA_OP_V_PK_MIN_U16, v_pk_min_u16},
    {ISA_OP_V_MAD_MIX_F32, v_mix_f32},
    {ISA_OP_V_FMA_MIX_F32, v_mix_f32},
    {ISA_OP_V_MAD_MIXLO_F16, v_mix_f16},
    {ISA_OP_V_MAD_MIXHI_F16, v_mix_f16},
    {ISA_OP_V_FMA_MIXLO_F16, v_mix_f16},
    {ISA_OP_V_FMA_MIXHI_F16, v_mix_f16},
    {ISA_OP_V_DOT2_F32_F16, v_dot2_f32_f16},
    {ISA_OP_V_DOT2_I32_I16, v_dot2_i32_i16},
    {ISA_OP_V_DOT2_U32_U16, v_dot2_u32_u16},
    {ISA_OP_V_DOT4_I32_I8, v_dot4_i32_i8},
    {ISA_OP_V_DOT4_U32_U8, v_dot4_u32_u8},
    {ISA_OP_V_DOT8_I32_I4, v_dot8_i32_i4},
    {ISA_OP_V_DOT8_U32_U4, v_dot8_u32_u4},
    /* SAD, lerp, cube */
    {ISA_OP_V_SAD_U8, v_sad_u8},
    {ISA_OP_V_SAD_HI_U8, v_sad_hi_u8},
    {ISA_OP_V_SAD_U16, v_sad_u16},
    {ISA_OP_V_SAD_U32, v_sad_u32},
    {ISA_OP_V_MSAD_U8, v_msad_u8},
    {ISA_OP_V_QSAD_PK_U16_U8, v_qsad_pk_u16_u8},
    {ISA_OP_V_MQSAD_PK_U16_U8, v_mqsad_pk_u16_u8},
    {ISA_OP_V_MQSAD_U32_U8, v_mqsad_u32_u8},
    {ISA_OP_V_LERP_U8, v_lerp_u8},
    {ISA_OP_V_CUBEID_F32, v_cubeid_f32},
    {ISA_OP_V_CUBESC_F32, v_cubesc_f32},
    {ISA_OP_V_CUBETC_F32, v_cubetc_f32},
    {ISA_OP_V_CUBEMA_F32, v_cubema_f32},
    {0, 0},
};
