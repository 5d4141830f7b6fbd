/* scalar.c — decoders and formatters of the scalar ALU encodings SOP1, SOP2,
 * SOPC, SOPK and SOPP.
 *
 * gfx8/gfx9 text follows LLVM 16's disassembler.  gfx6/gfx7 (which LLVM
 * only assembles) decode and print by the same rules -- unused fields are
 * ignored, a misaligned tuple is named by its aligned base, a literal with
 * the value of an inline constant prints as that constant -- except that
 * operands llvm-mc-15 refuses make the word invalid. */
#include "isa/internal.h"
#include "isa/scalar_sym.h"

/* How a row's operands print when the signature alone does not say. */
enum {
    K_PLAIN = 0,     /* registers and sources from the signature */
    K_REGSRC,        /* plain, but the source must be a register: LLVM prints
                        an inline constant or literal as invalid */
    K_NOLIT,         /* plain; llvm-mc-15 takes no literal here (gfx6/gfx7) */
    K_GPR_IDX_ON,    /* SOPC: src0, gpr_idx(...) from the ssrc1 field */
    K_HEX16,         /* SOPK: sdst, simm16 in hex */
    K_LABEL16,       /* SOPK: sdst, simm16 as an unsigned decimal label */
    K_GETREG,        /* SOPK: sdst, hwreg(...) */
    K_SETREG,        /* SOPK: hwreg(...), sdst */
    K_SETREG_IMM32,  /* SOPK: hwreg(...), literal */
    K_NOIMM,         /* SOPP: no operand; simm16 must be 0 */
    K_IMM,           /* SOPP: simm16, decimal up to 64, else hex */
    K_ENDPGM,        /* SOPP: simm16 in decimal, omitted when 0 */
    K_LABEL,         /* SOPP: branch offset as an unsigned decimal */
    K_WAITCNT,
    K_SENDMSG,
    K_GPR_IDX_MODE,
};

#define SOPK_CMP(c) [ISA_OP_S_CMPK_##c##_I32] = K_HEX16, [ISA_OP_S_CMPK_##c##_U32] = K_HEX16
static const uint8_t kind[ISA_OP_COUNT] = {
    [ISA_OP_S_SETPC_B64] = K_REGSRC, [ISA_OP_S_RFE_B64] = K_REGSRC,
    [ISA_OP_S_MOVRELS_B32] = K_REGSRC, [ISA_OP_S_MOVRELS_B64] = K_REGSRC,
    [ISA_OP_S_CBRANCH_JOIN] = K_REGSRC, [ISA_OP_S_CBRANCH_G_FORK] = K_NOLIT,
    [ISA_OP_S_SET_GPR_IDX_ON] = K_GPR_IDX_ON,
    [ISA_OP_S_MOVK_I32] = K_HEX16, [ISA_OP_S_CMOVK_I32] = K_HEX16,
    SOPK_CMP(EQ), SOPK_CMP(LG), SOPK_CMP(GT), SOPK_CMP(GE), SOPK_CMP(LT), SOPK_CMP(LE),
    [ISA_OP_S_ADDK_I32] = K_HEX16, [ISA_OP_S_MULK_I32] = K_HEX16,
    [ISA_OP_S_CBRANCH_I_FORK] = K_LABEL16, [ISA_OP_S_CALL_B64] = K_LABEL16,
    [ISA_OP_S_GETREG_B32] = K_GETREG, [ISA_OP_S_SETREG_B32] = K_SETREG,
    [ISA_OP_S_SETREG_IMM32_B32] = K_SETREG_IMM32,
    [ISA_OP_S_NOP] = K_IMM, [ISA_OP_S_ENDPGM] = K_ENDPGM, [ISA_OP_S_BRANCH] = K_LABEL,
    [ISA_OP_S_WAKEUP] = K_NOIMM,
    [ISA_OP_S_CBRANCH_SCC0] = K_LABEL, [ISA_OP_S_CBRANCH_SCC1] = K_LABEL,
    [ISA_OP_S_CBRANCH_VCCZ] = K_LABEL, [ISA_OP_S_CBRANCH_VCCNZ] = K_LABEL,
    [ISA_OP_S_CBRANCH_EXECZ] = K_LABEL, [ISA_OP_S_CBRANCH_EXECNZ] = K_LABEL,
    [ISA_OP_S_BARRIER] = K_NOIMM, [ISA_OP_S_SETKILL] = K_IMM, [ISA_OP_S_WAITCNT] = K_WAITCNT,
    [ISA_OP_S_SETHALT] = K_IMM, [ISA_OP_S_SLEEP] = K_IMM, [ISA_OP_S_SETPRIO] = K_IMM,
    [ISA_OP_S_SENDMSG] = K_SENDMSG, [ISA_OP_S_SENDMSGHALT] = K_SENDMSG, [ISA_OP_S_TRAP] = K_IMM,
    [ISA_OP_S_ICACHE_INV] = K_NOIMM, [ISA_OP_S_INCPERFLEVEL] = K_IMM,
    [ISA_OP_S_DECPERFLEVEL] = K_IMM, [ISA_OP_S_TTRACEDATA] = K_NOIMM,
    [ISA_OP_S_CBRANCH_CDBGSYS] = K_LABEL, [ISA_OP_S_CBRANCH_CDBGUSER] = K_LABEL,
    [ISA_OP_S_CBRANCH_CDBGSYS_OR_USER] = K_LABEL, [ISA_OP_S_CBRANCH_CDBGSYS_AND_USER] = K_LABEL,
    [ISA_OP_S_ENDPGM_SAVED] = K_NOIMM, [ISA_OP_S_SET_GPR_IDX_OFF] = K_NOIMM,
    [ISA_OP_S_SET_GPR_IDX_MODE] = K_GPR_IDX_MODE, [ISA_OP_S_ENDPGM_ORDERED_PS_DONE] = K_NOIMM,
};

static unsigned op_kind(unsigned op)
{
    return op < ISA_OP_COUNT ? kind[op] : K_PLAIN;
}

/* ---- operands ------------------------------------------------------------ */

static int is_old(const isa_target_t *t)
{
    return t->gen <= ISA_GFX7;
}

/* Whether scalar source v of type ot is one LLVM decodes: LLVM 16 names
 * lds_direct in a 32-bit scalar source with a complaint appended; gfx6/gfx7
 * reject it. */
static int sop_src_ok(const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot)
{
    if (v == SRC_LDS_DIRECT)
        return !is_old(t) && isa_otype_dwords(ot) == 1;
    if (v < 128)
        return isa_reg_ok(t, v, isa_otype_dwords(ot));
    return isa_src_ok(t, in, v, ot);
}

/* A scalar source as LLVM prints it.  A literal prints as its value, as an
 * inline constant when it has the value of one (LLVM's printer does so;
 * relocated code has such literals). */
static int sop_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot)
{
    if (v == SRC_LDS_DIRECT) {
        fmt_puts(f, "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/");
        return 0;
    }
    if (v < 128)
        return fmt_reg(f, t, v, isa_otype_dwords(ot));
    return fmt_src(f, t, in, v, ot);
}

/* A register-only source (K_REGSRC) holding a constant: LLVM prints it as
 * invalid. */
static int regsrc_const(const isa_target_t *t, const isa_inst_t *in, unsigned v)
{
    return op_kind(in->op) == K_REGSRC && (v == SRC_LITERAL || isa_is_inline(t, v));
}

/* Whether source i of a plain row is one LLVM decodes (gfx6/7: one
 * llvm-mc-15 takes: no constant in a register-only source, no literal in
 * K_NOLIT, no src_vccz etc. as an SReg_64). */
static int plain_src_ok(const isa_target_t *t, const isa_inst_t *in, const isa_row_t *r, unsigned i)
{
    unsigned v = in->src[i];
    if (regsrc_const(t, in, v))
        return !is_old(t);
    if (!is_old(t))
        return sop_src_ok(t, in, v, r->src_t[i]);
    if (v == SRC_LITERAL && op_kind(in->op) == K_NOLIT)
        return 0;
    if (op_kind(in->op) == K_REGSRC && v >= SRC_VCCZ && v <= SRC_SCC && isa_otype_dwords(r->src_t[i]) == 2)
        return 0;
    return sop_src_ok(t, in, v, r->src_t[i]);
}

/* The destination and sources of a plain row. */
static isa_status_t plain_chk(const isa_target_t *t, const isa_inst_t *in, const isa_row_t *r)
{
    if (r->ndst && !isa_reg_ok(t, in->dst, isa_otype_dwords(r->dst_t[0])))
        return ISA_E_OPERAND;
    for (unsigned i = 0; i < r->nsrc && i < 2; i++)
        if (!plain_src_ok(t, in, r, i))
            return ISA_E_OPERAND;
    return ISA_OK;
}

/* Append the destination and sources of a plain row. */
static int plain_ops(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const isa_row_t *r)
{
    size_t mark = f->len;
    if (r->ndst) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, in->dst, isa_otype_dwords(r->dst_t[0])))
            return -1;
    }
    for (unsigned i = 0; i < r->nsrc && i < 2; i++) {
        fmt_sep(f, mark);
        if (regsrc_const(t, in, in->src[i]))
            fmt_puts(f, "/*invalid immediate*/");
        else if (sop_src(f, t, in, in->src[i], r->src_t[i]))
            return -1;
    }
    return 0;
}

static void set_common(isa_inst_t *out, unsigned enc, uint32_t w0)
{
    out->enc = (uint8_t)enc;
    out->ndw = 1;
    out->w[0] = w0;
}

/* ---- SOP1 ----------------------------------------------------------------- */

/* SOP1: [31:23]=0x17D, sdst[22:16], op[15:8], ssrc0[7:0]; literal if ssrc0==255 */
isa_status_t isa_dec_sop1(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    set_common(out, ISA_ENC_SOP1, w0);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOP1, (w0 >> 8) & 0xff);
    out->dst = (w0 >> 16) & 0x7f;
    out->src[0] = w0 & 0xff;
    if (out->src[0] == SRC_LITERAL && isa_row(out->op)->nsrc)
        return isa_take_literal(w, n, 1, out);
    return ISA_OK;
}

isa_status_t isa_chk_sop1(const isa_target_t *t, const isa_inst_t *in)
{
    return plain_chk(t, in, isa_row(in->op));
}

int isa_fmt_sop1(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    return plain_ops(f, t, in, r);
}

/* ---- SOP2 ----------------------------------------------------------------- */

/* SOP2: [31:30]=2, op[29:23], sdst[22:16], ssrc1[15:8], ssrc0[7:0];
 * one literal if either source is 255 */
isa_status_t isa_dec_sop2(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    set_common(out, ISA_ENC_SOP2, w0);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOP2, (w0 >> 23) & 0x7f);
    out->dst = (w0 >> 16) & 0x7f;
    out->src[0] = w0 & 0xff;
    out->src[1] = (w0 >> 8) & 0xff;
    if (out->src[0] == SRC_LITERAL || out->src[1] == SRC_LITERAL)
        return isa_take_literal(w, n, 1, out);
    return ISA_OK;
}

isa_status_t isa_chk_sop2(const isa_target_t *t, const isa_inst_t *in)
{
    return plain_chk(t, in, isa_row(in->op));
}

int isa_fmt_sop2(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    return plain_ops(f, t, in, r);
}

/* ---- SOPC ----------------------------------------------------------------- */

/* SOPC: [31:23]=0x17E, op[22:16], ssrc1[15:8], ssrc0[7:0]; literal if a
 * source is 255 (s_set_gpr_idx_on: ssrc1 is the index mode, also in simm) */
isa_status_t isa_dec_sopc(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    set_common(out, ISA_ENC_SOPC, w0);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOPC, (w0 >> 16) & 0x7f);
    out->src[0] = w0 & 0xff;
    out->src[1] = (w0 >> 8) & 0xff;
    int gpr_idx = op_kind(out->op) == K_GPR_IDX_ON;
    if (gpr_idx)
        out->simm = out->src[1];
    if (out->src[0] == SRC_LITERAL || (!gpr_idx && out->src[1] == SRC_LITERAL))
        return isa_take_literal(w, n, 1, out);
    return ISA_OK;
}

isa_status_t isa_chk_sopc(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (op_kind(in->op) != K_GPR_IDX_ON)
        return plain_chk(t, in, r);
    return sop_src_ok(t, in, in->src[0], r->src_t[0]) ? ISA_OK : ISA_E_OPERAND;
}

int isa_fmt_sopc(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    if (op_kind(in->op) != K_GPR_IDX_ON)
        return plain_ops(f, t, in, r);
    fmt_puts(f, " ");
    if (sop_src(f, t, in, in->src[0], r->src_t[0]))
        return -1;
    fmt_puts(f, ", ");
    sym_gpr_idx(f, in->src[1]);
    return 0;
}

/* ---- SOPK ----------------------------------------------------------------- */

/* Sign of a row's 16-bit immediate: its last source type is i16 or u16. */
static int32_t simm_value(const isa_row_t *r, uint32_t imm16)
{
    int is_signed = r->nsrc && r->src_t[r->nsrc - 1] == OT_I16;
    return is_signed ? (int32_t)(int16_t)imm16 : (int32_t)imm16;
}

/* SOPK: [31:28]=0xB, op[27:23], sdst[22:16], simm16[15:0] (sdst also in
 * src[0], as several ops read it); s_setreg_imm32_b32: literal follows */
isa_status_t isa_dec_sopk(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    set_common(out, ISA_ENC_SOPK, w0);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOPK, (w0 >> 23) & 0x1f);
    out->dst = (w0 >> 16) & 0x7f;
    out->src[0] = out->dst;
    out->simm = simm_value(isa_row(out->op), w0 & 0xffff);
    if (op_kind(out->op) == K_SETREG_IMM32) {
        out->src[0] = SRC_LITERAL;
        return isa_take_literal(w, n, 1, out);
    }
    return ISA_OK;
}

/* The register operand's width of a SOPK row. */
static unsigned sopk_width(const isa_row_t *r)
{
    return isa_otype_dwords(r->ndst ? r->dst_t[0] : r->src_t[0]);
}

isa_status_t isa_chk_sopk(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    switch (op_kind(in->op)) {
    case K_SETREG:
        return isa_reg_ok(t, in->dst, 1) ? ISA_OK : ISA_E_OPERAND;
    case K_SETREG_IMM32:
        /* llvm-mc-15 encodes an fp-looking value here as 0 */
        if (!sop_src_ok(t, in, SRC_LITERAL, OT_B32) ||
            (is_old(t) && isa_imm_prints_float(t, in->literal, OT_B32)))
            return ISA_E_OPERAND;
        return ISA_OK;
    default:
        return isa_reg_ok(t, in->dst, sopk_width(r)) ? ISA_OK : ISA_E_OPERAND;
    }
}

int isa_fmt_sopk(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned imm = (unsigned)in->simm & 0xffff, k = op_kind(in->op);
    fmt_puts(f, r->name);
    fmt_puts(f, " ");
    switch (k) {
    case K_SETREG:
        sym_hwreg(f, t, imm);
        fmt_puts(f, ", ");
        return fmt_reg(f, t, in->dst, 1);
    case K_SETREG_IMM32:
        sym_hwreg(f, t, imm);
        fmt_puts(f, ", ");
        return sop_src(f, t, in, SRC_LITERAL, OT_B32);
    default:
        break;
    }
    if (fmt_reg(f, t, in->dst, sopk_width(r)))
        return -1;
    fmt_puts(f, ", ");
    if (k == K_GETREG)
        sym_hwreg(f, t, imm);
    else if (k == K_LABEL16)
        fmt_printf(f, "%u", imm);
    else
        fmt_hex(f, imm);
    return 0;
}

/* ---- SOPP ----------------------------------------------------------------- */

/* SOPP: [31:23]=0x17F, op[22:16], simm16[15:0] (sign-extended for branches) */
isa_status_t isa_dec_sopp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    (void)n;
    uint32_t w0 = w[0];
    set_common(out, ISA_ENC_SOPP, w0);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOPP, (w0 >> 16) & 0x7f);
    out->simm = simm_value(isa_row(out->op), w0 & 0xffff);
    return ISA_OK;
}

isa_status_t isa_chk_sopp(const isa_target_t *t, const isa_inst_t *in)
{
    (void)t;
    /* an operand-less op's simm16 must be 0 */
    return op_kind(in->op) == K_NOIMM && (in->simm & 0xffff) ? ISA_E_FIELD : ISA_OK;
}

int isa_fmt_sopp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned imm = (unsigned)in->simm & 0xffff;
    fmt_puts(f, r->name);
    switch (op_kind(in->op)) {
    case K_NOIMM:
        return 0;
    case K_ENDPGM:
        if (imm)
            fmt_printf(f, " %u", imm);
        return 0;
    case K_LABEL:
        fmt_printf(f, " %u", imm);
        return 0;
    case K_WAITCNT:
        fmt_puts(f, " ");
        sym_waitcnt(f, t, imm);
        return 0;
    case K_SENDMSG:
        fmt_puts(f, " ");
        sym_sendmsg(f, t, imm);
        return 0;
    case K_GPR_IDX_MODE:
        fmt_puts(f, " ");
        sym_gpr_idx(f, imm);
        return 0;
    default:
        fmt_printf(f, imm <= 64 ? " %u" : " 0x%x", imm);
        return 0;
    }
}
