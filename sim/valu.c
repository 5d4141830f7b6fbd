/* valu.c — VALU operand fetch and result write for every encoding (see
 * valu.h).  DPP and SDWA follow the GCN3/Vega ISA manuals: DPP moves src0
 * between lanes (a source lane outside the row/wave or disabled by EXEC is
 * invalid: with bound_ctrl it reads 0, without it the lane is not
 * written) and masks the destination write by row and bank; SDWA selects a
 * byte or word of each source and places the low byte/word of the result
 * in the destination's dst_sel part. */
#include <math.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif
#include "sim/valu.h"

enum { SEL_DWORD = 6, UNUSED_PAD = 0, UNUSED_SEXT = 1, UNUSED_PRESERVE = 2 };

/* Operand field of source i with VGPR index mode applied. */
static unsigned src_operand(const wave_t *w, const isa_inst_t *in, unsigned i)
{
    unsigned v = in->src[i];
    return v >= 256 ? v + valu_gpr_idx(w, i) : v;
}

/* Whether abs/neg of source i apply to a value of type ot (32-bit float
 * patterns: f32, or f16 in the low half; packed f16 is the VOP3P code's). */
static int has_float_mods(const isa_inst_t *in, unsigned i, unsigned ot)
{
    return (((in->abs | in->neg) >> i) & 1) && ot_is_float(ot) && ot != OT_V2F16 && ot != OT_F64 &&
           in->enc != ISA_ENC_VOP3P;
}

static void float_mods32(const isa_inst_t *in, unsigned i, unsigned ot, uint32_t v[64])
{
    if (!has_float_mods(in, i, ot))
        return;
    uint32_t sign = ot == OT_F16 ? 0x8000u : 0x80000000u;
    uint32_t clear = (in->abs >> i) & 1 ? ~sign : ~0u, flip = (in->neg >> i) & 1 ? sign : 0;
    for (unsigned l = 0; l < 64; l++)
        v[l] = (v[l] & clear) ^ flip;
}

/* Source lane of lane l under a DPP control, or -1 when out of range.
 * Shifts and rotates name the direction data moves: row_shr:1 gives lane
 * l the value of lane l-1 (row-relative), wave_shl:1 that of lane l+1. */
static int dpp_src_lane(unsigned ctrl, int l)
{
    int row = l & ~15, r = l & 15;
    if (ctrl <= 0xff)
        return (l & ~3) | ((ctrl >> (2 * (l & 3))) & 3);
    if (ctrl >= 0x101 && ctrl <= 0x10f)   /* row_shl */
        return r + (int)(ctrl & 15) < 16 ? l + (int)(ctrl & 15) : -1;
    if (ctrl >= 0x111 && ctrl <= 0x11f)   /* row_shr */
        return r - (int)(ctrl & 15) >= 0 ? l - (int)(ctrl & 15) : -1;
    if (ctrl >= 0x121 && ctrl <= 0x12f)   /* row_ror */
        return row | ((r - (int)(ctrl & 15)) & 15);
    switch (ctrl) {
    case 0x130: return l < 63 ? l + 1 : -1;          /* wave_shl:1 */
    case 0x134: return (l + 1) & 63;                 /* wave_rol:1 */
    case 0x138: return l > 0 ? l - 1 : -1;           /* wave_shr:1 */
    case 0x13c: return (l - 1) & 63;                 /* wave_ror:1 */
    case 0x140: return row | (15 - r);               /* row_mirror */
    case 0x141: return (l & ~7) | (7 - (l & 7));     /* row_half_mirror */
    case 0x142: return row ? row - 1 : -1;           /* row_bcast:15: lane 15 of the previous row */
    case 0x143: return row >= 32 ? 31 : -1;          /* row_bcast:31: lane 31 to rows 2 and 3 */
    default: return -1;
    }
}

uint64_t valu_lanes(const wave_t *w, const isa_inst_t *in)
{
    uint64_t exec = wave_exec(w);
    if (in->enc != ISA_ENC_DPP)
        return exec;
    uint64_t m = 0;
    for (int l = 0; l < 64; l++) {
        int row = l >> 4, bank = (l & 15) >> 2;
        if (!((in->row_mask >> row) & 1) || !((in->bank_mask >> bank) & 1))
            continue;
        int s = dpp_src_lane(in->dpp_ctrl, l);
        if ((s < 0 || !((exec >> s) & 1)) && !in->bound_ctrl)
            continue;   /* no valid source and no bound_ctrl: lane not written */
        m |= 1ull << l;
    }
    return m & exec;
}

/* SDWA: select a byte/word of x, zero- or sign-extended to 32 bits. */
static uint32_t sdwa_select(uint32_t x, unsigned sel, int sext)
{
    if (sel >= SEL_DWORD)
        return x;
    unsigned shift = sel < 4 ? 8 * sel : 16 * (sel - 4), width = sel < 4 ? 8 : 16;
    uint32_t v = (x >> shift) & ((1u << width) - 1);
    if (sext && (v >> (width - 1)) & 1)
        v |= ~((1u << width) - 1);
    return v;
}

/* Whether source i is moved (DPP) or selected (SDWA) by the encoding. */
static int has_select(const isa_inst_t *in, unsigned i)
{
    if (in->enc == ISA_ENC_DPP)
        return i == 0;
    if (in->enc == ISA_ENC_SDWA && i < 2)
        return (i == 0 ? in->src0_sel : in->src1_sel) < SEL_DWORD || ((in->sdwa_sext >> i) & 1);
    return 0;
}

/* Flush f32 denormals to zeros of the same sign (branch-free, so that the
 * loop vectorizes). */
static void flush_f32(uint32_t v[64])
{
    for (unsigned l = 0; l < 64; l++)
        v[l] &= (v[l] & 0x7f800000u) ? ~0u : 0x80000000u;
}

static int flush_f32_in(const wave_t *w, unsigned ot)
{
    return ot == OT_F32 && !(MODE_DENORM_F32(w->hwreg[1]) & 1);
}

int valu_src32(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t out[64])
{
    uint32_t tmp[64];
    const uint32_t *v = wave_vsrc(w, in, src_operand(w, in, i), ot, tmp);
    if (!v)
        return -1;
    if (in->enc == ISA_ENC_DPP && i == 0) {
        uint64_t exec = wave_exec(w);
        for (int l = 0; l < 64; l++) {
            int s = dpp_src_lane(in->dpp_ctrl, l);
            out[l] = (s >= 0 && ((exec >> s) & 1)) ? v[s] : 0;
        }
    } else if (in->enc == ISA_ENC_SDWA && i < 2) {
        unsigned sel = i == 0 ? in->src0_sel : in->src1_sel;
        int sext = (in->sdwa_sext >> i) & 1;
        for (unsigned l = 0; l < 64; l++)
            out[l] = sdwa_select(v[l], sel, sext);
    } else if (v != out)
        memcpy(out, v, 64 * sizeof *out);
    float_mods32(in, i, ot, out);
    if (flush_f32_in(w, ot))
        flush_f32(out);
    return 0;
}

/* dst = src with f32 denormals flushed (dst and src distinct). */
static void flush_f32_copy(uint32_t *restrict dst, const uint32_t *restrict src)
{
    for (unsigned l = 0; l < 64; l++)
        dst[l] = src[l] & ((src[l] & 0x7f800000u) ? ~0u : 0x80000000u);
}

const uint32_t *valu_src32p_any(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t buf[64])
{
    if (has_select(in, i) || has_float_mods(in, i, ot))
        return valu_src32(w, in, i, ot, buf) ? NULL : buf;
    const uint32_t *v = wave_vsrc(w, in, src_operand(w, in, i), ot, buf);
    if (!v || !flush_f32_in(w, ot))
        return v;
    if (v == buf) {                     /* a broadcast scalar */
        flush_f32(buf);
        return buf;
    }
    /* x = |v| - 1 is in [0, 0x7ffffe] exactly for denormals: one signed
     * range test per lane, which vectorises */
    int32_t denorm = 0;
    for (unsigned l = 0; l < 64; l++) {
        int32_t x = (int32_t)(v[l] & 0x7fffffffu) - 1;
        denorm |= (x >= 0) & (x < 0x7fffff);
    }
    if (!denorm)
        return v;                       /* the VGPR row itself */
    flush_f32_copy(buf, v);
    return buf;
}

int valu_src64(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint64_t out[64])
{
    if (wave_vsrc64(w, in, src_operand(w, in, i), ot, out))
        return -1;
    unsigned abs = (in->abs >> i) & 1, neg = (in->neg >> i) & 1;
    if ((abs | neg) && ot == OT_F64)
        for (unsigned l = 0; l < 64; l++) {
            if (abs)
                out[l] &= ~(1ull << 63);
            if (neg)
                out[l] ^= 1ull << 63;
        }
    if (ot == OT_F64 && !(MODE_DENORM_F64(w->hwreg[1]) & 1))
        for (unsigned l = 0; l < 64; l++)
            if ((out[l] & 0x7ff0000000000000ull) == 0)
                out[l] &= 1ull << 63;
    return 0;
}

/* omod and clamp of f32 results (VOP3 and gfx9 SDWA).  The hardware
 * ignores omod when output denormals are enabled. */
static void f32_out_mods(const wave_t *w, const isa_inst_t *in, uint32_t res[64])
{
    static const float scale[4] = {1.0f, 2.0f, 4.0f, 0.5f};
    if (in->omod && !(MODE_DENORM_F32(w->hwreg[1]) & 2)) {
        float s = scale[in->omod & 3];
        for (unsigned l = 0; l < 64; l++)
            res[l] = bits_of_f32(f32_of(res[l]) * s);
    }
    if (in->clamp) {
        uint32_t nan = MODE_DX10_CLAMP(w->hwreg[1]) ? 0 : ~0u;   /* DX10 clamp: NaN becomes 0 */
        for (unsigned l = 0; l < 64; l++) {
            float f = f32_of(res[l]);
            if (f != f)
                res[l] &= nan;
            else
                res[l] = bits_of_f32(f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f);   /* -0 stays -0 */
        }
    }
}

/* SDWA: place the low byte/word of each result in the dst_sel part. */
static void sdwa_place(const isa_inst_t *in, const uint32_t old[64], uint32_t res[64])
{
    unsigned sel = in->dst_sel, shift = sel < 4 ? 8 * sel : 16 * (sel - 4), width = sel < 4 ? 8 : 16;
    uint32_t field = ((1u << width) - 1) << shift;
    uint32_t above = shift + width < 32 ? ~0u << (shift + width) : 0;   /* bits a sign fills */
    for (unsigned l = 0; l < 64; l++) {
        uint32_t v = (res[l] << shift) & field;
        if (in->dst_unused == UNUSED_PRESERVE)
            v |= old[l] & ~field;
        else if (in->dst_unused == UNUSED_SEXT && (v >> (shift + width - 1)) & 1)
            v |= above;
        res[l] = v;
    }
}

void valu_dst32_any(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64])
{
    if (in->dst < 256) {
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "VALU result to a scalar register is not implemented");
        return;
    }
    unsigned n = valu_vdst(w, in);
    if (ot == OT_F32) {
        if (in->omod || in->clamp)
            f32_out_mods(w, in, res);
        if (!(MODE_DENORM_F32(w->hwreg[1]) & 2))
            flush_f32(res);
    }
    if (in->enc == ISA_ENC_SDWA && in->dst_sel < SEL_DWORD) {
        const uint32_t *old = wave_vreg(w, n);
        if (!old)
            return;
        sdwa_place(in, old, res);
    }
    wave_write_vreg(w, n, res, valu_lanes(w, in));
}

void valu_dst64(wave_t *w, const isa_inst_t *in, unsigned ot, uint64_t res[64])
{
    if (in->dst < 256) {
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "VALU result to a scalar register is not implemented");
        return;
    }
    if (ot == OT_F64) {
        static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
        unsigned mode = w->hwreg[1], omod = (MODE_DENORM_F64(mode) & 2) ? 0 : in->omod & 3;
        for (unsigned l = 0; l < 64; l++) {
            double d = f64_of(res[l]) * scale[omod];
            if (in->clamp && d == d)
                d = d < 0.0 ? 0.0 : d > 1.0 ? 1.0 : d;
            else if (in->clamp && MODE_DX10_CLAMP(mode))
                d = 0.0;
            if (omod || in->clamp)
                res[l] = bits_of_f64(d);
            if (!(MODE_DENORM_F64(mode) & 2) && (res[l] & 0x7ff0000000000000ull) == 0)
                res[l] &= 1ull << 63;
        }
    }
    wave_write_vreg64(w, valu_vdst(w, in), res, valu_lanes(w, in));
}

void valu_sdst(wave_t *w, const isa_inst_t *in, uint64_t bits)
{
    unsigned r = in->sdst;
    if (r >= 128 || (r & 1)) {
        wave_fault(w, FAULT_ILLEGAL, 0, -1, "the result mask goes to operand %u, which is no SGPR pair", r);
        return;
    }
    wave_set_sreg64(w, r, bits & wave_exec(w));
}

uint64_t valu_cond(const wave_t *w, const isa_inst_t *in)
{
    if (in->enc != ISA_ENC_VOP3)
        return wave_vcc(w);
    return in->src[2] < 256 ? wave_sread64(w, in, in->src[2], OT_B64) : 0;
}

/* ---- fused multiply-add on the host ------------------------------------- */

#if defined(__x86_64__) && defined(__GNUC__)
/* x * y + z for 8 lanes, rounded once, in fixed operand roles (x in the
 * destination register, z second, y third: vfmadd132ps), so that the NaN
 * an operation with several NaN operands returns does not depend on how
 * the compiler allocates registers */
__attribute__((target("fma"))) static inline __m256 fma8(__m256 x, __m256 y, __m256 z)
{
    __asm__("vfmadd132ps %2, %1, %0" : "+x"(x) : "x"(z), "x"(y));
    return x;
}

__attribute__((target("fma"))) static void fma_lanes_hw(uint32_t *restrict d, const uint32_t *restrict a,
                                                         const uint32_t *restrict b, const uint32_t *restrict c)
{
    for (unsigned l = 0; l < 64; l += 8)
        _mm256_storeu_ps((float *)(d + l), fma8(_mm256_loadu_ps((const float *)(a + l)),
                                                _mm256_loadu_ps((const float *)(b + l)),
                                                _mm256_loadu_ps((const float *)(c + l))));
}

/* x with the lanes whose exponent is 0 masked by ~drop (drop: the bits a
 * denormal loses; 0 keeps it) */
__attribute__((target("avx2,fma"))) static inline __m256i ftz8(__m256i x, __m256i drop)
{
    __m256i den = _mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x7f800000)), _mm256_setzero_si256());
    return _mm256_andnot_si256(_mm256_and_si256(den, drop), x);
}

/* With AVX2 and FMA, 8 lanes at a time; d may be a, b or c itself (each
 * block is read before it is written).  Every host with AVX2 has FMA. */
__attribute__((target("avx2,fma"))) static void fma_ftz_lanes_hw(uint32_t *d, const uint32_t *a, const uint32_t *b,
                                                             const uint32_t *c, uint32_t kin, uint32_t kout)
{
    if (kin == ~0u && kout == ~0u) {   /* denormals kept: no masks */
        for (unsigned l = 0; l < 64; l += 8)
            _mm256_storeu_ps((float *)(d + l), fma8(_mm256_loadu_ps((const float *)(a + l)),
                                                    _mm256_loadu_ps((const float *)(b + l)),
                                                    _mm256_loadu_ps((const float *)(c + l))));
        return;
    }
    __m256i din = _mm256_set1_epi32((int)~kin), dout = _mm256_set1_epi32((int)~kout);
    for (unsigned l = 0; l < 64; l += 8) {
        __m256i x = ftz8(_mm256_loadu_si256((const __m256i *)(a + l)), din);
        __m256i y = ftz8(_mm256_loadu_si256((const __m256i *)(b + l)), din);
        __m256i z = ftz8(_mm256_loadu_si256((const __m256i *)(c + l)), din);
        __m256 r = fma8(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _mm256_castsi256_ps(z));
        _mm256_storeu_si256((__m256i *)(d + l), ftz8(_mm256_castps_si256(r), dout));
    }
}

static int valu_host_avx2_fma(void)
{
    return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
}
#else
static void fma_lanes_hw(uint32_t *restrict d, const uint32_t *restrict a, const uint32_t *restrict b,
                         const uint32_t *restrict c)
{
    (void)d, (void)a, (void)b, (void)c;
}

static void fma_ftz_lanes_hw(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t kin,
                             uint32_t kout)
{
    (void)d, (void)a, (void)b, (void)c, (void)kin, (void)kout;
}

static int valu_host_avx2_fma(void)
{
    return 0;
}
#endif

void valu_fma_f32_lanes(uint32_t *restrict d, const uint32_t *restrict a, const uint32_t *restrict b,
                        const uint32_t *restrict c)
{
    if (valu_host_fma()) {
        fma_lanes_hw(d, a, b, c);
        return;
    }
    for (unsigned l = 0; l < 64; l++)
        d[l] = bits_of_f32(fmaf(f32_of(a[l]), f32_of(b[l]), f32_of(c[l])));
}

/* valu_fma_f32_lanes_ftz without AVX2: the masks lane by lane, the FMA
 * of fma_lanes_hw when the host has one (the same NaN rule), else the C
 * library's fmaf */
static __attribute__((noinline)) void fma_ftz_lanes_sw(uint32_t *d, const uint32_t *a, const uint32_t *b,
                                                       const uint32_t *c, uint32_t keep_in, uint32_t keep_out)
{
    uint32_t x[64], y[64], z[64], r[64];   /* d may be a source: every lane is read first */
    for (unsigned l = 0; l < 64; l++) {
        x[l] = a[l] & ((a[l] & 0x7f800000u) ? ~0u : keep_in);
        y[l] = b[l] & ((b[l] & 0x7f800000u) ? ~0u : keep_in);
        z[l] = c[l] & ((c[l] & 0x7f800000u) ? ~0u : keep_in);
    }
    if (valu_host_fma())
        fma_lanes_hw(r, x, y, z);
    else
        for (unsigned l = 0; l < 64; l++)
            r[l] = bits_of_f32(fmaf(f32_of(x[l]), f32_of(y[l]), f32_of(z[l])));
    for (unsigned l = 0; l < 64; l++)
        d[l] = r[l] & ((r[l] & 0x7f800000u) ? ~0u : keep_out);
}

void valu_fma_f32_lanes_ftz(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t keep_in,
                            uint32_t keep_out)
{
    if (valu_host_avx2_fma())
        fma_ftz_lanes_hw(d, a, b, c, keep_in, keep_out);
    else
        fma_ftz_lanes_sw(d, a, b, c, keep_in, keep_out);
}
