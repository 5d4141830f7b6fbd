/* sem_f64.c — f64 VALU semantics (gfx6-9): arithmetic, the division and
 * trigonometry helpers, conversions, 64-bit shifts and compares
 * (conventions in sim/sem_valu_ext.h). */
#include "sim/sem_valu_ext.h"

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
/* Whether a 64-bit shift takes the fast path: a plain VOP3 form (no
 * modifiers, index mode off) shifting the VGPR pair in source vi. */
static inline int shift64_plain(const wave_t *w, const isa_inst_t *in, unsigned vi)
{
    return valu_enc_plain(in->enc) && !(in->abs | in->neg | in->omod | in->clamp) &&
           !MODE_GPR_IDX_EN(w->hwreg[1]) && in->dst >= 256 && in->src[vi] >= 256 && in->src[vi] - 255u < w->nvgpr;
}

#define SHIFT64(name, vi, ci, ot, expr)                                   \
    SIM_CLONES static void name(wave_t *w, const isa_inst_t *in)          \
    {                                                                     \
        uint64_t v[64];                                                   \
        uint32_t c[64];                                                   \
        if (shift64_plain(w, in, vi)) {                                   \
            const uint32_t *lo = w->vgpr[in->src[vi] - 256], *hi = w->vgpr[in->src[vi] - 255]; \
            const uint32_t *k = wave_vsrc(w, in, in->src[ci], OT_U32, c); \
            uint32_t rlo[64], rhi[64];                                    \
            if (!k)                                                       \
                return;                                                   \
            LANES {                                                       \
                unsigned n = k[l] & 63;                                   \
                v[l] = (uint64_t)hi[l] << 32 | lo[l];                     \
                v[l] = (expr);                                            \
                rlo[l] = (uint32_t)v[l];                                  \
                rhi[l] = (uint32_t)(v[l] >> 32);                          \
            }                                                             \
            wave_write_vreg(w, in->dst - 256u, rlo, wave_exec(w));        \
            wave_write_vreg(w, in->dst - 255u, rhi, wave_exec(w));        \
            return;                                                       \
        }                                                                 \
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
 * Table
 * ==================================================================== */

const sem_entry_t sem_f64_table[] = {
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
    {0, 0},
};
