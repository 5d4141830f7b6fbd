/* sem_packed.c — packing conversions and the gfx9 VOP3P instructions:
 * packed 16-bit math, v_mad_mix/v_fma_mix, v_dot* (conventions in
 * sim/sem_valu_ext.h). */
#include "sim/sem_valu_ext.h"

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
 * Table
 * ==================================================================== */

const sem_entry_t sem_packed_table[] = {
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
    {0, 0},
};
