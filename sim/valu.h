/* valu.h — operand fetch and result write shared by every VALU semantics
 * function, for all encodings (e32, VOP3, SDWA, DPP): input modifiers,
 * denormal flushing by MODE, clamp and output modifiers, EXEC masking,
 * SGPR-pair results (VOPC, carry-out). */
#ifndef GCNSIM_VALU_H
#define GCNSIM_VALU_H

#include <string.h>
#include "sim/wave.h"

/* MODE register fields (hwreg 1). */
#define MODE_ROUND_F32(m) ((m) & 3)
#define MODE_ROUND_F64(m) (((m) >> 2) & 3)
#define MODE_DENORM_F32(m) (((m) >> 4) & 3)   /* 0 flush in+out, 1 allow in, 2 allow out, 3 allow both */
#define MODE_DENORM_F64(m) (((m) >> 6) & 3)   /* also f16 */
#define MODE_DX10_CLAMP(m) (((m) >> 8) & 1)
#define MODE_IEEE(m) (((m) >> 9) & 1)

static inline int ot_is_float(unsigned ot)
{
    return ot == OT_F32 || ot == OT_F16 || ot == OT_F64 || ot == OT_V2F16;
}

/* Bits of 32-bit source i (0..2) of a VALU instruction in every lane, with
 * the encoding's operand selection and input modifiers applied for type
 * ot: abs/neg on float types, SDWA byte/word selects, DPP lane moves, and
 * f32 input denormals flushed when MODE says so.  Lanes outside EXEC hold
 * unspecified values.  Returns 0, or -1 after faulting the wave. */
int valu_src32(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint32_t out[64]);
/* The same for a 64-bit source (register pair or 64-bit constant). */
int valu_src64(wave_t *w, const isa_inst_t *in, unsigned i, unsigned ot, uint64_t out[64]);

/* Write a 32-bit result of type ot to the instruction's destination in the
 * active lanes: for float types omod, clamp and output denormal flushing
 * first; SDWA dst_sel/dst_unused; DPP row/bank masks. */
void valu_dst32(wave_t *w, const isa_inst_t *in, unsigned ot, uint32_t res[64]);
/* The same for a 64-bit result (a VGPR pair). */
void valu_dst64(wave_t *w, const isa_inst_t *in, unsigned ot, uint64_t res[64]);

/* Write a lane mask (compare result or carry-out) to the instruction's SGPR
 * pair: VCC for e32 forms, sdst for VOP3.  Inactive lanes read as 0. */
void valu_sdst(wave_t *w, const isa_inst_t *in, uint64_t bits);

/* Lanes an instruction writes (EXEC, narrowed by DPP masks). */
uint64_t valu_lanes(const wave_t *w, const isa_inst_t *in);

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
