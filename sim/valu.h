/* valu.h — operand fetch and result write shared by every VALU semantics
 * function, for all encodings (e32, VOP3, SDWA, DPP): input modifiers,
 * denormal flushing by MODE, clamp and output modifiers, EXEC masking,
 * SGPR-pair results (VOPC, carry-out), and VGPR index mode (gfx8/9
 * s_set_gpr_idx_on: MODE.gpr_idx_en with the index and operand enables
 * in M0). */
#ifndef GCNSIM_VALU_H
#define GCNSIM_VALU_H

#include <string.h>
#include "sim/clones.h"
#include "sim/wave.h"

/* MODE register fields (hwreg 1). */
#define MODE_ROUND_F32(m) ((m) & 3)           /* 0 nearest even, 1 +inf, 2 -inf, 3 toward zero */
#define MODE_ROUND_F64(m) (((m) >> 2) & 3)    /* also f16 */
#define MODE_DENORM_F32(m) (((m) >> 4) & 3)   /* 0 flush in+out, 1 allow in, 2 allow out, 3 allow both */
#define MODE_DENORM_F64(m) (((m) >> 6) & 3)   /* also f16 */
#define MODE_DX10_CLAMP(m) (((m) >> 8) & 1)
#define MODE_IEEE(m) (((m) >> 9) & 1)
#define MODE_GPR_IDX_EN(m) (((m) >> 27) & 1)  /* gfx8/9: VGPR index mode (s_set_gpr_idx_on) */

/* VGPR index mode: M0[7:0] is the index, M0[15:12] enable it for src0,
 * src1, src2 and vdst. */
enum { GPR_IDX_SRC0 = 0, GPR_IDX_SRC1 = 1, GPR_IDX_SRC2 = 2, GPR_IDX_DST = 3 };


static inline int ot_is_float(unsigned ot)
{
    return ot == OT_F32 || ot == OT_F16 || ot == OT_F64 || ot == OT_V2F16;
}

/* Offset added to VGPR operand `which` (GPR_IDX_*) by VGPR index mode; 0
 * when the mode is off or not enabled for that operand. */
static inline unsigned valu_gpr_idx(const wave_t *w, unsigned which)
{
    if (!MODE_GPR_IDX_EN(w->hwreg[1]))
        return 0;
    uint32_t m0 = w->sgpr[SREG_M0];
    return (m0 >> (12 + which)) & 1 ? (m0 & 0xff) : 0;
}

/* Bits of 32-bit source i (0..2) of a VALU instruction in every lane, with
 * the encoding's operand selection and input modifiers applied for type
 * ot: abs/neg on float types, SDWA byte/word selects, DPP lane moves, and
 * f32 input denormals flushed when MODE says so.  Lanes outside EXEC hold
 * unspecified values.  Returns 0, or -1 after faulting the wave. */
int valu_src32(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t out[64]);
/* The same as valu_src32, without a copy when none is needed: returns the
 * VGPR row itself when no selection, modifier or flush applies, else buf
 * filled as valu_src32 does.  NULL after faulting the wave.  The result is
 * valid until the next register write.  valu_src32p decides the common
 * case inline (a VGPR of an e32/VOP3 form without abs/neg, index mode
 * off, no f32 input flush) and leaves the rest to valu_src32p_any. */
const uint32_t *valu_src32p_any(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t buf[64]);

/* Whether an instruction of encoding enc is a plain VALU form (e32 or
 * VOP3: no SDWA selects, no DPP lane moves, not packed). */
static inline int valu_enc_plain(unsigned enc)
{
    return enc >= ISA_ENC_VOP1 && enc <= ISA_ENC_VOP3;
}

static inline const uint32_t *valu_src32p(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t buf[64])
{
    unsigned v = in->src[i], mode = w->hwreg[1];
    if (v >= 256 && v - 256u < w->nvgpr && valu_enc_plain(in->enc) && !(((in->abs | in->neg) >> i) & 1) &&
        !MODE_GPR_IDX_EN(mode) && (ot != OT_F32 || (MODE_DENORM_F32(mode) & 1)))
        return w->vgpr[v - 256];
    return valu_src32p_any(w, in, i, ot, buf);
}
/* The same for a 64-bit source (register pair or 64-bit constant). */
int valu_src64(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint64_t out[64]);

/* Write a 32-bit result of type ot to the instruction's destination in the
 * active lanes: for float types omod (when output denormals are flushed),
 * clamp and output denormal flushing first; SDWA dst_sel/dst_unused; DPP
 * row/bank masks.  valu_dst32 writes the common case inline (a VGPR of an
 * e32/VOP3 form without omod/clamp, index mode off, no f32 output flush)
 * and leaves the rest to valu_dst32_any. */
void valu_dst32_any(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64]);

static inline void valu_dst32(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64])
{
    unsigned mode = w->hwreg[1];
    if (in->dst >= 256 && valu_enc_plain(in->enc) && !(in->omod | in->clamp) && !MODE_GPR_IDX_EN(mode) &&
        (ot != OT_F32 || (MODE_DENORM_F32(mode) & 2))) {
        wave_write_vreg(w, in->dst - 256u, res, wave_exec(w));
        return;
    }
    valu_dst32_any(w, in, ot, res);
}
/* The same for a 64-bit result (a VGPR pair). */
void valu_dst64(wave_t *w, const isa_inst_t *in, unsigned ot, uint64_t res[64]);
/* VGPR number of the instruction's vector destination (index mode
 * applied); the caller checks in->dst >= 256. */
static inline unsigned valu_vdst(const wave_t *w, const isa_inst_t *in)
{
    return in->dst - 256u + valu_gpr_idx(w, GPR_IDX_DST);
}

/* Write a lane mask (compare result or carry-out) to the instruction's SGPR
 * pair: VCC for e32 forms, sdst for VOP3.  Inactive lanes read as 0. */
void valu_sdst(wave_t *w, const isa_inst_t *in, uint64_t bits);
/* The lane mask an instruction reads as its implicit condition or
 * carry-in: VCC in the e32, SDWA and DPP forms, the SGPR pair (or
 * constant) in src2 in VOP3. */
uint64_t valu_cond(const wave_t *w, const isa_inst_t *in);

/* Lanes an instruction writes (EXEC, narrowed by DPP masks). */
uint64_t valu_lanes(const wave_t *w, const isa_inst_t *in);

/* d[l] = a[l] * b[l] + c[l] for the 64 lanes of f32 bit patterns, rounded
 * once in the host's rounding mode: its FMA instruction when it has one
 * (valu_host_fma), else the C library's fmaf. */
void valu_fma_f32_lanes(uint32_t *restrict d, const uint32_t *restrict a, const uint32_t *restrict b,
                        const uint32_t *restrict c);
/* valu_fma_f32_lanes with MODE's f32 denormal flushes fused in: every
 * input x becomes x & (exponent(x) ? ~0 : keep_in), the result r then
 * r & (exponent(r) ? ~0 : keep_out) (keep: ~0 keeps denormals,
 * 0x80000000 flushes them to a zero of the same sign).  d may be one of
 * the sources (the same row, not a shifted one). */
void valu_fma_f32_lanes_ftz(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t keep_in,
                            uint32_t keep_out);
/* Whether the host has an FMA instruction (then valu_fma_f32_lanes is fast). */
#if defined(__x86_64__) && defined(__GNUC__)
/* (__builtin_cpu_supports reads the CPU model libgcc fills in before
 * main, a constant from then on: no lock, no state of our own) */
static inline int valu_host_fma(void)
{
    return __builtin_cpu_supports("fma") != 0;
}
#else
static inline int valu_host_fma(void)
{
    return 0;
}
#endif

/* f32 helpers on bit patterns */
static inline float f32_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline uint32_t bits_of_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static inline double f64_of(uint64_t b)
{
    double f;
    memcpy(&f, &b, 8);
    return f;
}

static inline uint64_t bits_of_f64(double f)
{
    uint64_t b;
    memcpy(&b, &f, 8);
    return b;
}

#endif
