/* valu_sdwa_dpp.c — the SDWA (src0 = 0xF9) and DPP (src0 = 0xFA) forms of
 * VOP1/VOP2/VOPC on gfx8 and gfx9: decoder and formatter in LLVM 16 syntax.
 *
 * The VOP1/VOP2/VOPC decoders call isa_dec_sdwa/isa_dec_dpp when the 9-bit
 * src0 field holds 0xF9/0xFA.  These return op = ISA_OP_COUNT when the words
 * are not a valid SDWA/DPP instruction; the caller then decodes the first
 * dword as an ordinary e32 instruction (LLVM does the same, and v_nop,
 * v_clrexcp and v_swap_b32 decode that way).
 *
 * Which ops have these forms is derived from the row (family, signature) by
 * the rules in sdwa_ok()/dpp_ok(); what a rule cannot see the rows carry
 * as flags (below). */
#include <string.h>
#include "isa/internal.h"

/* ---- per-op rules ------------------------------------------------------ */

/* Exceptions to the rules are row flags: ISA_F_FP_MODS (neg/abs on both
 * sources although the operand type is untyped b32: v_cndmask) and
 * ISA_F_EXT_NOP (SDWA and DPP forms without operands: v_nop).  Ops LLVM
 * never gives these forms carry ISA_F_NO_SDWA/ISA_F_NO_DPP in their rows
 * (v_readfirstlane_b32, v_swap_b32, v_madmk/v_madak, the relative
 * addressing v_movrel*).  Found by probing llvm-mc-16 (gfx803, gfx900,
 * gfx906). */

static int is_float(unsigned ot)
{
    return ot == OT_F16 || ot == OT_F32;
}

static int is_packed(unsigned ot)
{
    return ot == OT_V2F16 || ot == OT_V2I16 || ot == OT_V2B16;
}

/* Whether an operand type excludes the SDWA/DPP forms (64-bit and packed
 * values; an SGPR-pair carry/condition operand is fine). */
static int bad_type(unsigned ot)
{
    return ot != OT_SREG64 && (isa_otype_dwords(ot) > 1 || is_packed(ot));
}

/* Modifier kinds of a source: none (the bits must be zero), neg/abs,
 * sext, or the DPP int kind: an int source of an op whose src0 is a float
 * (v_ldexp_f16 src1) takes both bits; LLVM reads the neg bit as sext (the
 * same bit in its modifier mask) and ignores abs. */
enum { MOD_NONE, MOD_FP, MOD_INT, MOD_DPP_INT };

/* Everything the decoder and formatter need about the op of an SDWA/DPP word. */
typedef struct {
    const isa_row_t *r;
    unsigned fam;          /* ISA_ENC_VOP1/VOP2/VOPC */
    unsigned nsrc;         /* sources shown: 1 (VOP1) or 2 */
    int fp_mods;           /* ISA_F_FP_MODS */
    int carry_out;         /* VOP2 writing vcc: ", vcc" after vdst */
    int carry_in;          /* VOP2 reading vcc: ", vcc" after src1 */
} form_t;

/* Family of a first dword with bit 31 clear. */
static unsigned e32_family(uint32_t w0)
{
    unsigned top7 = w0 >> 25;
    return top7 == 0x3F ? ISA_ENC_VOP1 : top7 == 0x3E ? ISA_ENC_VOPC : ISA_ENC_VOP2;
}

static unsigned e32_opcode(unsigned fam, uint32_t w0)
{
    switch (fam) {
    case ISA_ENC_VOP1: return (w0 >> 9) & 0xff;
    case ISA_ENC_VOPC: return (w0 >> 17) & 0xff;
    default: return (w0 >> 25) & 0x3f;
    }
}

/* Find the row of an SDWA/DPP first dword; 0 on success. */
static int find_form(const isa_target_t *t, uint32_t w0, form_t *fm, unsigned *op)
{
    memset(fm, 0, sizeof *fm);
    fm->fam = e32_family(w0);
    unsigned opc3 = isa_vop3_from_e32(t->gen, fm->fam, e32_opcode(fm->fam, w0));
    if (isa_valu_family(t->gen, opc3) != fm->fam)
        return -1;
    *op = isa_lookup(t, ISA_ENC_VOP3, opc3);
    if (*op >= ISA_OP_COUNT)
        return -1;
    fm->r = isa_row(*op);
    if (fm->r->enc != fm->fam)
        return -1;
    fm->fp_mods = (fm->r->flags & ISA_F_FP_MODS) != 0;
    fm->nsrc = (fm->r->flags & ISA_F_EXT_NOP) ? 0 : fm->fam == ISA_ENC_VOP1 ? 1 : 2;
    if (fm->fam == ISA_ENC_VOP2) {
        const isa_row_t *r = fm->r;
        fm->carry_out = r->ndst >= 2 || (r->flags & (ISA_F_VOP3B | ISA_F_WRITE_VCC));
        fm->carry_in = (r->nsrc >= 3 && r->src_t[2] == OT_SREG64) || (r->flags & ISA_F_READ_VCC);
    }
    return 0;
}

/* Rules shared by both forms: the op has sources (or is v_nop), no 64-bit
 * or packed operand. */
static int ext_ok(const form_t *fm)
{
    const isa_row_t *r = fm->r;
    if (r->flags & ISA_F_EXT_NOP)
        return 1;
    if (fm->nsrc == 0 || r->nsrc < fm->nsrc)
        return 0;
    if (r->ndst && bad_type(r->dst_t[0]))
        return 0;
    for (unsigned i = 0; i < fm->nsrc; i++)
        if (bad_type(r->src_t[i]))
            return 0;
    return 1;
}

static int sdwa_ok(const isa_target_t *t, const form_t *fm)
{
    if (fm->r->flags & ISA_F_NO_SDWA)
        return 0;
    /* gfx9 has no SDWA for the accumulating VOP2 ops (v_mac, v_fmac) */
    if (t->gen >= ISA_GFX9 && (fm->r->flags & ISA_F_READ_DST))
        return 0;
    return ext_ok(fm);
}

static int dpp_ok(const form_t *fm)
{
    /* LLVM 16 has no VOPC DPP before gfx11 */
    if ((fm->r->flags & ISA_F_NO_DPP) || fm->fam == ISA_ENC_VOPC)
        return 0;
    return ext_ok(fm);
}

/* Modifier kind of source i in the SDWA (dpp = 0) or DPP (dpp = 1) form.
 * SDWA: float sources take neg/abs, others sext.  DPP: an op has source
 * modifiers when its src0 is a float; then float sources print neg/abs and
 * others are MOD_DPP_INT. */
static unsigned mod_kind(const form_t *fm, unsigned i, int dpp)
{
    if (i >= fm->nsrc)
        return MOD_NONE;
    int fp = fm->fp_mods || is_float(fm->r->src_t[i]);
    if (!dpp)
        return fp ? MOD_FP : MOD_INT;
    if (!fm->fp_mods && !is_float(fm->r->src_t[0]))
        return MOD_NONE;
    return fp ? MOD_FP : MOD_DPP_INT;
}

/* Output modifier (gfx9 SDWA): present when the result is a float. */
static int has_omod(const form_t *fm)
{
    return fm->fam != ISA_ENC_VOPC && fm->r->ndst && is_float(fm->r->dst_t[0]);
}

/* ---- SDWA ---------------------------------------------------------------- */

/* Whether a gfx9 SDWA scalar source (9-bit field with bit 8 set, given here
 * as the low 8 bits) names something LLVM can decode. */
static int sdwa9_scalar_ok(unsigned v)
{
    return v <= 127 || (v >= 128 && v <= 208) || (v >= 235 && v <= 248) || (v >= 251 && v <= 254);
}

/* Whether a gfx9 VOPC SDWA sdst (7 bits) names an SGPR pair LLVM prints. */
static int sdwa9_sdst_ok(unsigned v)
{
    if (v <= 101 || (v >= 108 && v <= 123))
        return 1;
    return v == 102 || v == 104 || v == 106 || v == 125 || v == 126;
}

/* Source of a gfx9 SDWA operand: sgpr bit set → scalar encoding, else VGPR. */
static unsigned sdwa9_src(unsigned v8, unsigned sgpr)
{
    return sgpr ? v8 : SRC_VGPR0 + v8;
}

/* SDWA dword [63:32] (gfx8): src0[39:32] dst_sel[42:40] dst_unused[44:43]
 * clamp[45] src0_sel[50:48] src0_sext[51] src0_neg[52] src0_abs[53]
 * src1_sel[58:56] src1_sext[59] src1_neg[60] src1_abs[61].
 * gfx9 adds omod[47:46], src0 is SGPR/constant when s0[55], src1 when
 * s1[63]; VOPC: sd[47] sdst[46:40] instead of dst_sel/dst_unused/clamp/omod.
 * First dword: VOP1/VOP2/VOPC with src0 = 0xF9. */
static isa_status_t dec_sdwa(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (t->gen < ISA_GFX8)
        return ISA_E_INVALID;
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    form_t fm;
    unsigned op;
    if (find_form(t, w0, &fm, &op) || !sdwa_ok(t, &fm))
        return ISA_E_INVALID;
    int g9 = t->gen >= ISA_GFX9;
    unsigned fam = fm.fam;

    out->enc = ISA_ENC_SDWA;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    if (fm.nsrc == 0) {
        /* v_nop: only dst_sel/dst_unused and the bits this generation does
         * not define may be set; vdst must be zero */
        uint32_t free = g9 ? 0x40401f00u : 0xc0c0df00u;
        if (((w0 >> 17) & 0xff) || (w1 & ~free))
            return ISA_E_INVALID;
        out->op = (uint16_t)op;
        return ISA_OK;
    }
    out->src0_sel = (w1 >> 16) & 7;
    out->src1_sel = (w1 >> 24) & 7;
    unsigned mods0 = (w1 >> 19) & 7, mods1 = (w1 >> 27) & 7;   /* sext, neg, abs */
    out->sdwa_sext = (uint8_t)((mods0 & 1) | (mods1 & 1) << 1);
    out->neg = (uint8_t)((mods0 >> 1 & 1) | (mods1 >> 1 & 1) << 1);
    out->abs = (uint8_t)((mods0 >> 2 & 1) | (mods1 >> 2 & 1) << 1);
    out->src[0] = (uint16_t)(g9 ? sdwa9_src(w1 & 0xff, (w1 >> 23) & 1) : SRC_VGPR0 + (w1 & 0xff));
    if (fam != ISA_ENC_VOP1)
        out->src[1] = (uint16_t)(g9 ? sdwa9_src((w0 >> 9) & 0xff, w1 >> 31) : SRC_VGPR0 + ((w0 >> 9) & 0xff));

    /* fields that must be zero where the op has no such operand/modifier */
    unsigned k0 = mod_kind(&fm, 0, 0), k1 = mod_kind(&fm, 1, 0);
    if ((k0 == MOD_FP && (mods0 & 1)) || (k0 == MOD_INT && (mods0 & 6)))
        return ISA_E_INVALID;
    if ((k1 == MOD_FP && (mods1 & 1)) || (k1 == MOD_INT && (mods1 & 6)))
        return ISA_E_INVALID;
    if (fam == ISA_ENC_VOP1 && (((w1 >> 24) & 0x3f) || (g9 && (w1 >> 31))))
        return ISA_E_INVALID;
    /* selector 7 is reserved (LLVM 16's printer aborts on it) */
    if (out->src0_sel == 7 || (fam != ISA_ENC_VOP1 && out->src1_sel == 7))
        return ISA_E_INVALID;
    if (g9 && (((w1 >> 23) & 1) && !sdwa9_scalar_ok(w1 & 0xff)))
        return ISA_E_INVALID;
    if (g9 && fam != ISA_ENC_VOP1 && (w1 >> 31) && !sdwa9_scalar_ok((w0 >> 9) & 0xff))
        return ISA_E_INVALID;

    if (fam == ISA_ENC_VOPC) {
        /* gfx8: vcc only, clamp allowed; gfx9: vcc or an explicit sdst */
        out->sdst = SRC_VCC_LO;
        if (g9 && (w1 >> 15) & 1) {
            unsigned sd = (w1 >> 8) & 0x7f;
            if (!sdwa9_sdst_ok(sd))
                return ISA_E_INVALID;
            out->sdst = (uint16_t)sd;
            out->sdwa_sdst = 1;
        }
        if (!g9)
            out->clamp = (w1 >> 13) & 1;
        out->dst = out->sdst;
        out->dst_sel = 6;   /* DWORD: VOPC has no dst_sel */
    } else {
        out->dst = (uint16_t)(SRC_VGPR0 + ((w0 >> 17) & 0xff));
        out->dst_sel = (w1 >> 8) & 7;
        /* dst_unused 3 is reserved; LLVM 16 prints it as UNUSED_PAD */
        out->dst_unused = (w1 >> 11) & 3;
        out->clamp = (w1 >> 13) & 1;
        if (out->dst_sel == 7)
            return ISA_E_INVALID;
        if (g9) {
            out->omod = (w1 >> 14) & 3;
            if (out->omod && !has_omod(&fm))
                return ISA_E_INVALID;
        }
        if (fm.carry_out)
            out->sdst = SRC_VCC_LO;
    }
    out->op = (uint16_t)op;
    return ISA_OK;
}

static const char *sel_name(unsigned s)
{
    static const char *const names[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"};
    return s < 7 ? names[s] : NULL;
}

/* Append source i with its modifiers as LLVM prints SDWA/DPP operands. */
static int fmt_mod_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const form_t *fm,
                       unsigned i, int dpp)
{
    unsigned v = in->src[i], ot = fm->r->src_t[i];
    unsigned kind = mod_kind(fm, i, dpp);
    int neg = (in->neg >> i) & 1, abs = (in->abs >> i) & 1, sext = (in->sdwa_sext >> i) & 1;
    if (kind == MOD_DPP_INT)
        sext = neg;
    if ((kind == MOD_INT || kind == MOD_DPP_INT) && sext) {
        fmt_puts(f, "sext(");
        if (fmt_src(f, t, in, v, ot))
            return -1;
        fmt_puts(f, ")");
        return 0;
    }
    if (kind != MOD_FP)
        return fmt_src(f, t, in, v, ot);
    /* neg(...) instead of '-' on a bare constant, as LLVM does */
    int neg_fn = neg && !abs && v < SRC_VGPR0 && isa_is_inline(t, v);
    if (neg)
        fmt_puts(f, neg_fn ? "neg(" : "-");
    if (abs)
        fmt_puts(f, "|");
    if (fmt_src(f, t, in, v, ot))
        return -1;
    if (abs)
        fmt_puts(f, "|");
    if (neg_fn)
        fmt_puts(f, ")");
    return 0;
}

/* Whether the destination and sources are registers and constants LLVM
 * decodes (the VOPC sdst: vcc, null or an SGPR pair). */
static int operands_ok(const isa_target_t *t, const isa_inst_t *in, const form_t *fm)
{
    if (fm->fam == ISA_ENC_VOPC) {
        if (in->sdst != SRC_VCC_LO && in->sdst != 125 && !isa_reg_ok(t, in->sdst, 2))
            return 0;
    } else if (!isa_reg_ok(t, in->dst, 1)) {
        return 0;
    }
    for (unsigned i = 0; i < fm->nsrc; i++)
        if (!isa_src_ok(t, in, in->src[i], fm->r->src_t[i]))
            return 0;
    return 1;
}

/* Append the destination and sources common to SDWA and DPP:
 * "vdst[, vcc], src0[, src1][, vcc]" (VOPC: the sdst first). */
static int fmt_operands(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const form_t *fm,
                        int dpp)
{
    fmt_puts(f, " ");
    if (fm->fam == ISA_ENC_VOPC) {
        if (in->sdst == SRC_VCC_LO)
            fmt_puts(f, "vcc");
        else if (in->sdst == 125)
            fmt_puts(f, "null");
        else if (fmt_reg(f, t, in->sdst, 2))
            return -1;
    } else {
        if (fmt_reg(f, t, in->dst, 1))
            return -1;
        if (fm->carry_out)
            fmt_puts(f, ", vcc");
    }
    for (unsigned i = 0; i < fm->nsrc; i++) {
        fmt_puts(f, ", ");
        if (fmt_mod_src(f, t, in, fm, i, dpp))
            return -1;
    }
    if (fm->carry_in)
        fmt_puts(f, ", vcc");
    return 0;
}

isa_status_t isa_chk_sdwa(const isa_target_t *t, const isa_inst_t *in)
{
    form_t fm;
    unsigned op;
    if (find_form(t, in->w[0], &fm, &op) || op != in->op)
        return ISA_E_FIELD;
    if (fm.nsrc == 0)
        return ISA_OK;   /* v_nop */
    if ((fm.fam != ISA_ENC_VOPC && !sel_name(in->dst_sel)) || !sel_name(in->src0_sel) ||
        (fm.nsrc > 1 && !sel_name(in->src1_sel)))
        return ISA_E_FIELD;
    return operands_ok(t, in, &fm) ? ISA_OK : ISA_E_OPERAND;
}

int isa_fmt_sdwa(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    form_t fm;
    unsigned op;
    if (find_form(t, in->w[0], &fm, &op))
        return -1;
    int g9 = t->gen >= ISA_GFX9;
    (void)op;
    fmt_puts(f, fm.r->name);
    if (fm.nsrc == 0)
        return 0;   /* v_nop */
    /* LLVM 16 prints gfx8 VOPC SDWA without the suffix */
    if (g9 || fm.fam != ISA_ENC_VOPC)
        fmt_puts(f, "_sdwa");
    if (fmt_operands(f, t, in, &fm, 0))
        return -1;
    if (in->clamp)
        fmt_puts(f, " clamp");
    if (in->omod)
        fmt_puts(f, in->omod == 1 ? " mul:2" : in->omod == 2 ? " mul:4" : " div:2");
    if (fm.fam != ISA_ENC_VOPC) {
        static const char *const unused[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "UNUSED_PAD"};
        fmt_printf(f, " dst_sel:%s dst_unused:%s", sel_name(in->dst_sel), unused[in->dst_unused & 3]);
    }
    fmt_printf(f, " src0_sel:%s", sel_name(in->src0_sel));
    if (fm.nsrc > 1)
        fmt_printf(f, " src1_sel:%s", sel_name(in->src1_sel));
    return 0;
}

/* Run a decoder on a cleared record and check its operands and fields;
 * on failure *out is left cleared with op = ISA_OP_COUNT (the caller then
 * decodes the word as e32, as LLVM does). */
static isa_status_t dec_checked(isa_status_t (*dec)(const isa_target_t *, const uint32_t *, size_t, isa_inst_t *),
                                isa_status_t (*chk)(const isa_target_t *, const isa_inst_t *),
                                const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    memset(out, 0, sizeof *out);
    out->op = ISA_OP_COUNT;
    isa_status_t st = dec(t, w, n, out);
    if (st == ISA_OK) {
        if (chk(t, out) == ISA_OK)
            return ISA_OK;
        st = ISA_E_INVALID;
    }
    memset(out, 0, sizeof *out);
    out->op = ISA_OP_COUNT;
    return st;
}

isa_status_t isa_dec_sdwa(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    return dec_checked(dec_sdwa, isa_chk_sdwa, t, w, n, out);
}

/* ---- DPP ----------------------------------------------------------------- */

/* DPP dword [63:32]: src0[39:32] (VGPR) dpp_ctrl[48:40] bound_ctrl[51]
 * src0_neg[52] src0_abs[53] src1_neg[54] src1_abs[55] bank_mask[59:56]
 * row_mask[63:60].  First dword: VOP1/VOP2 with src0 = 0xFA (no VOPC DPP). */
static isa_status_t dec_dpp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (t->gen < ISA_GFX8)
        return ISA_E_INVALID;
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    form_t fm;
    unsigned op;
    if (find_form(t, w0, &fm, &op) || !dpp_ok(&fm))
        return ISA_E_INVALID;

    out->enc = ISA_ENC_DPP;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->dst = (uint16_t)(SRC_VGPR0 + ((w0 >> 17) & 0xff));
    out->src[0] = (uint16_t)(SRC_VGPR0 + (w1 & 0xff));
    if (fm.fam == ISA_ENC_VOP2)
        out->src[1] = (uint16_t)(SRC_VGPR0 + ((w0 >> 9) & 0xff));
    out->dpp_ctrl = (w1 >> 8) & 0x1ff;
    out->bound_ctrl = (w1 >> 19) & 1;
    out->neg = (uint8_t)(((w1 >> 20) & 1) | ((w1 >> 22) & 1) << 1);
    out->abs = (uint8_t)(((w1 >> 21) & 1) | ((w1 >> 23) & 1) << 1);
    out->bank_mask = (w1 >> 24) & 0xf;
    out->row_mask = (w1 >> 28) & 0xf;
    for (unsigned i = 0; i < 2; i++)
        if (mod_kind(&fm, i, 1) == MOD_NONE && (((out->neg | out->abs) >> i) & 1))
            return ISA_E_INVALID;
    if (fm.nsrc == 0) {
        /* v_nop: vdst and src0 fields must be zero */
        if (((w0 >> 17) & 0xff) || (w1 & 0xff))
            return ISA_E_INVALID;
        out->dst = out->src[0] = 0;
    }
    if (fm.carry_out)
        out->sdst = SRC_VCC_LO;
    out->op = (uint16_t)op;
    return ISA_OK;
}

/* Append the dpp_ctrl operand; values LLVM 16 cannot name are printed as
 * the comments it prints (the instruction stays valid). */
static void fmt_dpp_ctrl(isa_fmt_t *f, unsigned c)
{
    if (c <= 0xff) {
        fmt_printf(f, " quad_perm:[%u,%u,%u,%u]", c & 3, (c >> 2) & 3, (c >> 4) & 3, (c >> 6) & 3);
        return;
    }
    static const struct { unsigned base; const char *name; } rows[] = {
        {0x100, "row_shl"}, {0x110, "row_shr"}, {0x120, "row_ror"},
    };
    for (unsigned i = 0; i < 3; i++)
        if (c > rows[i].base && c <= rows[i].base + 15) {
            fmt_printf(f, " %s:%u", rows[i].name, c - rows[i].base);
            return;
        }
    switch (c) {
    case 0x130: fmt_puts(f, " wave_shl:1"); return;
    case 0x134: fmt_puts(f, " wave_rol:1"); return;
    case 0x138: fmt_puts(f, " wave_shr:1"); return;
    case 0x13c: fmt_puts(f, " wave_ror:1"); return;
    case 0x140: fmt_puts(f, " row_mirror"); return;
    case 0x141: fmt_puts(f, " row_half_mirror"); return;
    case 0x142: fmt_puts(f, " row_bcast:15"); return;
    case 0x143: fmt_puts(f, " row_bcast:31"); return;
    default: break;
    }
    if (c >= 0x150 && c <= 0x15f)
        fmt_puts(f, "  /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */");
    else if (c >= 0x160 && c <= 0x16f)
        fmt_puts(f, " /* row_xmask is not supported on ASICs earlier than GFX10 */");
    else
        fmt_puts(f, " /* Invalid dpp_ctrl value */");
}

isa_status_t isa_chk_dpp(const isa_target_t *t, const isa_inst_t *in)
{
    form_t fm;
    unsigned op;
    if (find_form(t, in->w[0], &fm, &op) || op != in->op)
        return ISA_E_FIELD;
    return !fm.nsrc || operands_ok(t, in, &fm) ? ISA_OK : ISA_E_OPERAND;
}

int isa_fmt_dpp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    form_t fm;
    unsigned op;
    if (find_form(t, in->w[0], &fm, &op))
        return -1;
    fmt_puts(f, fm.r->name);
    if (fm.nsrc) {
        fmt_puts(f, "_dpp");
        if (fmt_operands(f, t, in, &fm, 1))
            return -1;
    }
    fmt_dpp_ctrl(f, in->dpp_ctrl);
    fmt_printf(f, " row_mask:0x%x bank_mask:0x%x", in->row_mask, in->bank_mask);
    if (in->bound_ctrl)
        fmt_puts(f, " bound_ctrl:1");
    return 0;
}

isa_status_t isa_dec_dpp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    return dec_checked(dec_dpp, isa_chk_dpp, t, w, n, out);
}
