/* sem_valu_ext.c — the SAD family, v_lerp_u8 and the cube-map helpers
 * (conventions in sim/sem_valu_ext.h). */
#include "sim/sem_valu_ext.h"

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

/* SAD op on u32 sources a, b and S2: D.u = S2.u + expr (clamp saturates) */
#define SAD_OP(name, expr)                                                         \
    static void name(wave_t *w, const isa_inst_t *in)                              \
    {                                                                              \
        uint32_t s0[64], s1[64], s2[64], r[64];                                    \
        if (src_u32x3(w, in, s0, s1, s2))                                          \
            return;                                                                \
        LANES {                                                                    \
            uint32_t a = s0[l], b = s1[l];                                         \
            r[l] = sat32((uint64_t)s2[l] + (expr), in->clamp);                     \
        }                                                                          \
        valu_dst32(w, in, OT_U32, r);                                              \
    }

/* v_sad_u8: D.u = S2.u + sum of |S0.u8[i] - S1.u8[i]| */
SAD_OP(v_sad_u8, sad_bytes(a, b, 0))
/* v_sad_hi_u8: D.u = S2.u + (sum of |S0.u8[i] - S1.u8[i]|) << 16 */
SAD_OP(v_sad_hi_u8, (uint64_t)sad_bytes(a, b, 0) << 16)
/* v_sad_u16: D.u = S2.u + sum of |S0.u16[i] - S1.u16[i]| */
SAD_OP(v_sad_u16, (uint64_t)absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16))
/* v_sad_u32: D.u = S2.u + |S0.u - S1.u| */
SAD_OP(v_sad_u32, absdiff(a, b))
/* v_msad_u8: D.u = S2.u + sum of |S0.u8[i] - S1.u8[i]| over the bytes
 * where S1.u8[i] (the reference) is not 0 */
SAD_OP(v_msad_u8, sad_bytes(a, b, 1))

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

const sem_entry_t sem_valu_ext_table[] = {
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
