/* sem_valu_ext.h — helpers shared by the VALU semantics beyond 32-bit
 * integer and f32: sem_f64.c (f64 arithmetic, division and trigonometry
 * helpers, f64 conversions, 64-bit shifts and compares), sem_f16.c (f16
 * and 16-bit integer operations, gfx8/9 with gfx9 op_sel), sem_packed.c
 * (packing conversions, VOP3P packed math, v_mad_mix/v_fma_mix, v_dot*)
 * and sem_valu_ext.c (the SAD family, v_lerp_u8, the cube-map helpers).
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
#ifndef GCNSIM_SEM_VALU_EXT_H
#define GCNSIM_SEM_VALU_EXT_H
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
static inline int host_rm(unsigned rm)
{
    static const int map[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    return map[rm & 3];
}

/* Switch the host to MODE's f64 rounding for the f64 arithmetic of one
 * instruction; returns the field (0 = nothing to restore). */
static inline unsigned round_f64_begin(const wave_t *w)
{
    unsigned rm = MODE_ROUND_F64(mode_of(w));
    if (rm)
        fesetround(host_rm(rm));
    return rm;
}

static inline void round_end(unsigned rm)
{
    if (rm)
        fesetround(FE_TONEAREST);
}

/* Whether the instruction uses gfx9 op_sel: a gfx9 VOP3-only 16-bit op
 * other than the gfx8-compatible "legacy" ones. */
static inline int opsel_on(const wave_t *w, const isa_inst_t *in)
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
static inline int src16(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, int flush, uint32_t out[64])
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
static inline void f16_out_mods(const wave_t *w, const isa_inst_t *in, uint32_t res[64])
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
static inline int keeps_high_gfx9(unsigned op)
{
    return op == ISA_OP_V_MAC_F16 || op == ISA_OP_V_MADAK_F16 || op == ISA_OP_V_MADMK_F16;
}

/* The destination VGPR row before the write (for partial writes). */
static inline const uint32_t *dst_row(wave_t *w, const isa_inst_t *in)
{
    return in->dst >= 256 ? wave_vreg(w, in->dst - 256u) : NULL;
}

/* Write a 16-bit result (bits 15:0 of res) of type ot: f16 output
 * modifiers; gfx8 and the e32/e64 ops zero bits 31:16 (gfx9 v_mac/madak/
 * madmk_f16 keep them); gfx9 op_sel ops write the half op_sel[3] picks and
 * keep the other; SDWA places the result by dst_sel. */
static inline void dst16(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64])
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
static inline void cmp_write(wave_t *w, const isa_inst_t *in, uint64_t bits)
{
    uint64_t exec = wave_exec(w);
    valu_sdst(w, in, bits);
    if (w->state != WAVE_FAULT && (isa_row(in->op)->flags & ISA_F_WRITE_EXEC))
        wave_set_exec(w, bits & exec);
}

/* The condition of a VOPC op: the low 4 bits of its opcode (float compares
 * F LT EQ LE GT LG GE O U NGE NLG NGT NLE NEQ NLT TRU, integer ones F LT EQ
 * LE GT NE GE T in the low 3). */
static inline unsigned cmp_cond(const wave_t *w, const isa_inst_t *in)
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
static inline uint64_t fcmp_lanes(unsigned cond, const double a[64], const double b[64])
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
static inline uint64_t icmp_lanes(unsigned cond, int sgn, const uint64_t a[64], const uint64_t b[64])
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

static inline unsigned class64(uint64_t b)
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

static inline unsigned class16(uint32_t h)
{
    int neg = (h >> 15) & 1;
    unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f)
        return m ? ((m & F16_QUIET) ? CLS_QNAN : CLS_SNAN) : neg ? CLS_NINF : CLS_PINF;
    if (e == 0)
        return m ? (neg ? CLS_NDEN : CLS_PDEN) : neg ? CLS_NZERO : CLS_PZERO;
    return neg ? CLS_NNORM : CLS_PNORM;
}

/* f64 value of bits, bits of an f64, f64 value of f16 bits */
#define D(x) f64_of(x)
#define B(x) bits_of_f64(x)
#define H(x) f16_to_f64(x)

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

/* ======================================================================
 * f16 and 16-bit scalar helpers (sem_f16.c, sem_packed.c)
 * ==================================================================== */

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

static inline uint32_t sat_u16(int64_t v)
{
    return v < 0 ? 0 : v > 0xffff ? 0xffff : (uint32_t)v;
}

static inline uint32_t sat_i16(int64_t v)
{
    return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffff;
}

/* min, max and median of integers */
#define MIN2(x, y) ((x) < (y) ? (x) : (y))
#define MAX2(x, y) ((x) > (y) ? (x) : (y))
#define MED3(x, y, z) MAX2(MIN2(x, y), MIN2(MAX2(x, y), z))

/* Table rows of the compare conditions of one type: float ones (16) and
 * integer ones (8). */
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

#endif
