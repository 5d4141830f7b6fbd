/* internal.h — interfaces shared by the files of the isa/ layer only. */
#ifndef GCNSIM_ISA_INTERNAL_H
#define GCNSIM_ISA_INTERNAL_H

#include <stdarg.h>
#include "isa/isa.h"

/* ---- tables (tables.c) ---- */

/* Row id for (lookup family, opcode) in a target, ISA_OP_COUNT if none.
 * VALU rows of every form are looked up in ISA_ENC_VOP3 numbering; gfx9
 * FLAT/GLOBAL/SCRATCH rows in ISA_ENC_FLAT as seg*128+op. */
unsigned isa_lookup(const isa_target_t *t, unsigned family, unsigned opc);
/* Which native family (VOP1/VOP2/VOPC/VOP3) a VOP3-numbered opcode is in. */
unsigned isa_valu_family(unsigned gen, unsigned opc3);
/* VOP3 number of an e32 opcode of family VOP1/VOP2/VOPC. */
unsigned isa_vop3_from_e32(unsigned gen, unsigned family, unsigned opc);
/* Whether the row exists in the target (opcode present, features met). */
int isa_row_in_target(const isa_row_t *r, const isa_target_t *t);

/* ---- special scalar operand encodings ---- */
enum {
    SRC_FLAT_SCR_LO = 102, SRC_XNACK_LO = 104, SRC_VCC_LO = 106, SRC_VCC_HI = 107,
    SRC_TBA_LO = 108, SRC_TMA_LO = 110, SRC_TTMP0_GFX6 = 112, SRC_TTMP0_GFX9 = 108,
    SRC_M0 = 124, SRC_EXEC_LO = 126, SRC_EXEC_HI = 127,
    SRC_INT_ZERO = 128, SRC_INT_NEG1 = 193, SRC_FLT_HALF = 240, SRC_INV_2PI = 248,
    SRC_SHARED_BASE = 235, SRC_POPS_EXITING_WAVE_ID = 239,
    SRC_VCCZ = 251, SRC_EXECZ = 252, SRC_SCC = 253, SRC_LDS_DIRECT = 254,
    SRC_LITERAL = 255, SRC_VGPR0 = 256,
};

/* ---- text building (fmt_common.c) ---- */
typedef struct {
    char *buf;
    size_t cap, len;
} isa_fmt_t;

/* Append a string / formatted text (always NUL-terminated, truncating). */
void fmt_puts(isa_fmt_t *f, const char *s);
void fmt_printf(isa_fmt_t *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append ", " before every operand but the first (tracks f->len > mark). */
void fmt_sep(isa_fmt_t *f, size_t mark);

/* Whether v (0..255 scalar encoding, 256+n VGPR n) names a register of
 * width dwords as LLVM decodes it (a misaligned scalar tuple names its
 * aligned base).  fmt_reg prints exactly these. */
int isa_reg_ok(const isa_target_t *t, unsigned v, unsigned width);
/* Whether v is a source operand of type ot LLVM decodes: a register, an
 * inline constant, a literal that is there, a src_* value of the target.
 * fmt_src prints exactly these. */
int isa_src_ok(const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot);
/* Whether immediate bits of operand type ot print as a float name
 * ("0.5", "0.15915494"). */
int isa_imm_prints_float(const isa_target_t *t, uint64_t bits, unsigned ot);
/* Append a register operand encoded as v (0..255 scalar encoding, 256+n
 * VGPR n) of width dwords; returns 0, or -1 if v is not a register that can
 * be named at that width (the caller then treats the instruction as
 * invalid). */
int fmt_reg(isa_fmt_t *f, const isa_target_t *t, unsigned v, unsigned width);
/* Append a source operand: register, inline constant or literal, printed
 * as LLVM prints a value of operand type ot.  Returns -1 if invalid. */
int fmt_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot);
/* Whether v (scalar encoding) is an inline constant in target t. */
int isa_is_inline(const isa_target_t *t, unsigned v);
/* Append a 32-bit immediate as LLVM prints a non-inline literal ("0x1234"). */
void fmt_hex(isa_fmt_t *f, uint32_t v);

/* ---- per-family decoders, checkers and formatters ----
 * A decoder fills *out from w[0..n) (op = ISA_OP_COUNT if invalid).
 * A checker says whether the operands and fields of a decoded instruction
 * are ones the instruction takes (ISA_OK, ISA_E_OPERAND, ISA_E_FIELD);
 * isa_decode calls it after the decoder, isa_format before the formatter.
 * A formatter appends the text of a checked instruction; it returns
 * ISA_FMT_UNPRINTABLE for one LLVM cannot print, never -1 for a checked
 * one. */
#define ISA_FAMILY_FUNCS(fam) \
    isa_status_t isa_dec_##fam(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out); \
    isa_status_t isa_chk_##fam(const isa_target_t *t, const isa_inst_t *in); \
    int isa_fmt_##fam(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc);

ISA_FAMILY_FUNCS(sop1)
ISA_FAMILY_FUNCS(sop2)
ISA_FAMILY_FUNCS(sopk)
ISA_FAMILY_FUNCS(sopc)
ISA_FAMILY_FUNCS(sopp)
ISA_FAMILY_FUNCS(smrd)
ISA_FAMILY_FUNCS(smem)
ISA_FAMILY_FUNCS(vop1)
ISA_FAMILY_FUNCS(vop2)
ISA_FAMILY_FUNCS(vopc)
ISA_FAMILY_FUNCS(vop3)
ISA_FAMILY_FUNCS(vop3p)
ISA_FAMILY_FUNCS(vintrp)
ISA_FAMILY_FUNCS(sdwa)
ISA_FAMILY_FUNCS(dpp)
ISA_FAMILY_FUNCS(ds)
ISA_FAMILY_FUNCS(mubuf)
ISA_FAMILY_FUNCS(mtbuf)
ISA_FAMILY_FUNCS(mimg)
ISA_FAMILY_FUNCS(flat)
ISA_FAMILY_FUNCS(exp)

/* Which family a first dword belongs to in a generation (ISA_ENC_*),
 * before opcode lookup; SDWA/DPP are found by the VOP1/VOP2/VOPC decoders. */
unsigned isa_classify(unsigned gen, uint32_t w0);

/* Common decoder helper: take the literal dword that follows an
 * instruction of base length nbase dwords if any source is 255. */
isa_status_t isa_take_literal(const uint32_t *w, size_t n, unsigned nbase, isa_inst_t *out);

#endif
