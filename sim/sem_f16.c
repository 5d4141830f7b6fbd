/* sem_f16.c — f16 and 16-bit integer VALU semantics (gfx8/9, with gfx9
 * op_sel): arithmetic, conversions, compares (conventions in
 * sim/sem_valu_ext.h). */
#include "sim/sem_valu_ext.h"

/* ======================================================================
 * f16 arithmetic (gfx8/9)
 * ==================================================================== */

/* n-source f16 op: D.f16 = expr(a, b, c) with rm the f16 rounding mode
 * and ieee MODE.ieee (F16_BINARY: two sources, F16_TERNARY: three). */
#define F16_OP(name, n, expr)                                                      \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s[3][64], r[64];                                                  \
        for (unsigned i = 0; i < n; i++)                                           \
            if (src16(w, in, i, OT_F16, 1, s[i]))                                  \
                return;                                                            \
        unsigned rm = MODE_ROUND_F64(mode_of(w));                                  \
        int ieee = MODE_IEEE(mode_of(w));                                          \
        LANES {                                                                    \
            uint32_t a = s[0][l], b = s[1][l], c = n > 2 ? s[2][l] : 0;            \
            r[l] = (expr);                                                         \
            (void)c;                                                               \
        }                                                                          \
        (void)rm;                                                                  \
        (void)ieee;                                                                \
        dst16(w, in, OT_F16, r);                                                   \
    }
#define F16_BINARY(name, expr) F16_OP(name, 2, expr)
#define F16_TERNARY(name, expr) F16_OP(name, 3, expr)

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

/* n-source 16-bit integer op on a, b, c (zero-extended) or sa, sb, sc
 * (signed); clamp is the VOP3 clamp bit (saturation). */
#define I16_OP(name, n, ot, expr)                                                  \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s[3][64], r[64];                                                  \
        for (unsigned i = 0; i < n; i++)                                           \
            if (src16(w, in, i, ot, 0, s[i]))                                      \
                return;                                                            \
        int clamp = in->clamp;                                                     \
        LANES {                                                                    \
            uint32_t a = s[0][l], b = s[1][l], c = n > 2 ? s[2][l] : 0;            \
            int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;             \
            r[l] = (expr) & 0xffff;                                                \
            (void)sa;                                                              \
            (void)sb;                                                              \
            (void)sc;                                                              \
        }                                                                          \
        (void)clamp;                                                               \
        dst16(w, in, ot, r);                                                       \
    }
#define I16_BINARY(name, ot, expr) I16_OP(name, 2, ot, expr)
#define I16_TERNARY(name, ot, expr) I16_OP(name, 3, ot, expr)

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

/* v_mad_u16 (and legacy): D.u16 = S0.u16 * S1.u16 + S2.u16 (clamp: saturate) */
I16_TERNARY(v_mad_u16, OT_U16, clamp ? sat_u16((int64_t)a * b + c) : a * b + c)
/* v_mad_i16 (and legacy): D.i16 = S0.i16 * S1.i16 + S2.i16 */
I16_TERNARY(v_mad_i16, OT_I16, clamp ? sat_i16((int64_t)sa * sb + sc) : (uint32_t)sa * (uint32_t)sb + (uint32_t)sc)
/* v_min3/v_max3/v_med3 _u16/_i16 (gfx9) */
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
 * Table
 * ==================================================================== */

const sem_entry_t sem_f16_table[] = {
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
    {0, 0},
};
