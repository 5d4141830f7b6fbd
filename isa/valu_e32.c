/* valu_e32.c — the 32-bit VALU encodings VOP1, VOP2 and VOPC: decoders that
 * fill isa_inst_t, and formatters in LLVM's syntax (the "_e32" forms).
 * On gfx8/9 a src0 of 0xF9 / 0xFA selects SDWA / DPP, decoded elsewhere. */
#include "isa/internal.h"

enum { SDWA_SRC0 = 0xF9, DPP_SRC0 = 0xFA };

/* Row id of e32 opcode opc of family fam in t; ISA_OP_COUNT if the opcode
 * is not an e32 instruction of that family there. */
static unsigned e32_row(const isa_target_t *t, unsigned fam, unsigned opc)
{
    unsigned op3 = isa_vop3_from_e32(t->gen, fam, opc);
    if (isa_valu_family(t->gen, op3) != fam)
        return ISA_OP_COUNT;
    unsigned id = isa_lookup(t, ISA_ENC_VOP3, op3);
    if (id >= ISA_OP_COUNT)
        return ISA_OP_COUNT;
    const isa_row_t *r = isa_row(id);
    if (r->enc != fam || (r->flags & ISA_F_NO_E32))
        return ISA_OP_COUNT;
    return id;
}

/* Ops whose destination is an SGPR (stored in the scalar encoding). */
static int sgpr_dst(unsigned op)
{
    return op == ISA_OP_V_READFIRSTLANE_B32 || op == ISA_OP_V_READLANE_B32;
}

/* Ops whose vsrc1 field is a scalar source (gfx6/7 VOP2 lane ops). */
static int scalar_src1(unsigned op)
{
    return op == ISA_OP_V_READLANE_B32 || op == ISA_OP_V_WRITELANE_B32;
}

static int is_madmk(unsigned op)
{
    return op == ISA_OP_V_MADMK_F32 || op == ISA_OP_V_MADMK_F16;
}

static int is_madak(unsigned op)
{
    return op == ISA_OP_V_MADAK_F32 || op == ISA_OP_V_MADAK_F16;
}

/* A SDWA or DPP word on gfx8/9: decode it as such; if that fails, LLVM
 * falls back to the plain e32 decoding (which only an op without src0,
 * v_nop, survives).  Returns 1 when *st holds the result. */
static int try_ext(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out,
                   isa_status_t *st)
{
    unsigned src0 = w[0] & 0x1ff;
    if (t->gen < ISA_GFX8 || (src0 != SDWA_SRC0 && src0 != DPP_SRC0))
        return 0;
    *st = src0 == SDWA_SRC0 ? isa_dec_sdwa(t, w, n, out) : isa_dec_dpp(t, w, n, out);
    if (*st == ISA_OK && out->op < ISA_OP_COUNT)
        return 1;
    if (*st == ISA_E_TRUNC)
        return 1;
    isa_inst_t blank = {0};
    *out = blank;
    return 0;
}

/* Fields common to the three encodings; takes the literal when src0 is one. */
static isa_status_t finish(const uint32_t *w, size_t n, isa_inst_t *out, int lit)
{
    out->ndw = 1;
    out->w[0] = w[0];
    if (lit)
        return isa_take_literal(w, n, 1, out);
    return ISA_OK;
}

/* VOP1: [31:25]=0x3F, vdst[24:17], op[16:9], src0[8:0]; literal if src0==255 */
isa_status_t isa_dec_vop1(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    isa_status_t st;
    if (try_ext(t, w, n, out, &st))
        return st;
    uint32_t w0 = w[0];
    unsigned vdst = (w0 >> 17) & 0xff, src0 = w0 & 0x1ff;
    out->enc = ISA_ENC_VOP1;
    out->op = (uint16_t)e32_row(t, ISA_ENC_VOP1, (w0 >> 9) & 0xff);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    const isa_row_t *r = isa_row(out->op);
    if (!r->ndst && !r->nsrc) {
        /* v_nop, v_clrexcp: LLVM wants vdst 0; gfx6/7 text only re-creates 0s */
        if (vdst || (t->gen <= ISA_GFX7 && src0))
            return ISA_E_INVALID;
        return finish(w, n, out, 0);
    }
    out->dst = (uint16_t)(sgpr_dst(out->op) ? vdst : SRC_VGPR0 + vdst);
    if (out->op == ISA_OP_V_SWAP_B32) {
        /* src0 is a VGPR-only field: LLVM reads its low 8 bits */
        out->src[0] = (uint16_t)(SRC_VGPR0 + (src0 & 0xff));
        return finish(w, n, out, 0);
    }
    out->src[0] = (uint16_t)src0;
    /* LLVM decodes v_readfirstlane's sdst as a full source: 255 takes a literal too */
    return finish(w, n, out, src0 == SRC_LITERAL || (out->op == ISA_OP_V_READFIRSTLANE_B32 &&
                                                     vdst == SRC_LITERAL));
}

/* VOP2: [31]=0, op[30:25], vdst[24:17], vsrc1[16:9], src0[8:0]; literal if
 * src0==255 and always for v_madmk/v_madak (the K constant) */
isa_status_t isa_dec_vop2(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    isa_status_t st;
    if (try_ext(t, w, n, out, &st))
        return st;
    uint32_t w0 = w[0];
    unsigned vdst = (w0 >> 17) & 0xff, vsrc1 = (w0 >> 9) & 0xff, src0 = w0 & 0x1ff;
    out->enc = ISA_ENC_VOP2;
    out->op = (uint16_t)e32_row(t, ISA_ENC_VOP2, (w0 >> 25) & 0x3f);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    const isa_row_t *r = isa_row(out->op);
    out->dst = (uint16_t)(sgpr_dst(out->op) ? vdst : SRC_VGPR0 + vdst);
    out->src[0] = (uint16_t)src0;
    out->src[1] = (uint16_t)(scalar_src1(out->op) ? vsrc1 : SRC_VGPR0 + vsrc1);
    if (r->flags & ISA_F_VOP3B)
        out->sdst = SRC_VCC_LO;            /* carry-out */
    if (r->flags & ISA_F_READ_VCC)
        out->src[2] = SRC_VCC_LO;          /* carry-in / condition */
    if (is_madmk(out->op)) {               /* src0 * K + vsrc1 */
        out->src[1] = SRC_LITERAL;
        out->src[2] = (uint16_t)(SRC_VGPR0 + vsrc1);
        return finish(w, n, out, 1);
    }
    if (is_madak(out->op)) {               /* src0 * vsrc1 + K */
        out->src[2] = SRC_LITERAL;
        return finish(w, n, out, 1);
    }
    return finish(w, n, out, src0 == SRC_LITERAL);
}

/* VOPC: [31:25]=0x3E, op[24:17], vsrc1[16:9], src0[8:0]; writes vcc */
isa_status_t isa_dec_vopc(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    isa_status_t st;
    if (try_ext(t, w, n, out, &st))
        return st;
    uint32_t w0 = w[0];
    unsigned src0 = w0 & 0x1ff;
    out->enc = ISA_ENC_VOPC;
    out->op = (uint16_t)e32_row(t, ISA_ENC_VOPC, (w0 >> 17) & 0xff);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    out->sdst = SRC_VCC_LO;
    out->src[0] = (uint16_t)src0;
    out->src[1] = (uint16_t)(SRC_VGPR0 + ((w0 >> 9) & 0xff));
    return finish(w, n, out, src0 == SRC_LITERAL);
}

/* ---- formatting ---------------------------------------------------------- */

/* Mnemonic, with "_e32" when the op also has a VOP3 form and operands. */
static void put_name(isa_fmt_t *f, const isa_row_t *r)
{
    fmt_puts(f, r->name);
    if (!(r->flags & ISA_F_NO_E64) && (r->ndst || r->nsrc))
        fmt_puts(f, "_e32");
}

/* Register classes LLVM restricts some operands to while decoding them
 * from a full source field. */
enum { CLS_VGPR, CLS_VGPR_LDS, CLS_SREG32 };

static const char *const cls_name[] = {"VGPR_32", "VRegOrLds_32", "SReg_32"};

/* Whether v is in class cls as LLVM checks it. */
static int in_class(const isa_target_t *t, unsigned v, unsigned cls)
{
    int vgpr_cls = cls != CLS_SREG32;
    if (v >= SRC_VGPR0)
        return vgpr_cls;
    if (v == SRC_LDS_DIRECT)
        return cls == CLS_VGPR_LDS;
    if (v < 128)
        return !vgpr_cls || v == 125;    /* null passes LLVM's check */
    /* src_* registers pass LLVM 16's check, not llvm-mc-15's VGPR one */
    return !isa_is_inline(t, v) && v != SRC_LITERAL && !(vgpr_cls && t->gen <= ISA_GFX7);
}

/* Whether an operand of restricted class cls is one LLVM decodes; gfx6/7
 * text must re-assemble, so there it must be in the class. */
static int restricted_ok(const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned cls)
{
    if (t->gen <= ISA_GFX7 && !in_class(t, v, cls))
        return 0;
    if (v < SRC_VGPR0 && (isa_is_inline(t, v) || v == SRC_LITERAL))
        return 1;
    return isa_src_ok(t, in, v, OT_B32);
}

/* An operand of restricted class: immediates print as
 * "/ *invalid immediate* /", registers outside the class get a comment. */
static int fmt_restricted(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned v,
                          unsigned cls)
{
    if (v < SRC_VGPR0 && (isa_is_inline(t, v) || v == SRC_LITERAL)) {
        fmt_puts(f, "/*invalid immediate*/");
        return 0;
    }
    if (fmt_src(f, t, in, v, OT_B32))
        return -1;
    if (!in_class(t, v, cls))
        fmt_printf(f, "/*Invalid register, operand has '%s' register class*/", cls_name[cls]);
    return 0;
}

/* Whether the destination is one LLVM decodes. */
static int dst_ok(const isa_target_t *t, const isa_inst_t *in, const isa_row_t *r)
{
    if (in->op == ISA_OP_V_READFIRSTLANE_B32)
        return restricted_ok(t, in, in->dst, CLS_SREG32);
    return isa_reg_ok(t, in->dst, isa_otype_dwords(r->dst_t[0]));
}

/* A destination register of the row's type. */
static int fmt_dst(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const isa_row_t *r)
{
    if (in->op == ISA_OP_V_READFIRSTLANE_B32)
        return fmt_restricted(f, t, in, in->dst, CLS_SREG32);
    return fmt_reg(f, t, in->dst, isa_otype_dwords(r->dst_t[0]));
}

/* The class src0 of a VOP1 op is restricted to, or -1. */
static int vop1_src0_class(unsigned op)
{
    switch (op) {
    case ISA_OP_V_READFIRSTLANE_B32: return CLS_VGPR_LDS;
    case ISA_OP_V_MOVRELS_B32:
    case ISA_OP_V_MOVRELSD_B32: return CLS_VGPR;
    default: return -1;
    }
}

isa_status_t isa_chk_vop1(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (!r->ndst && !r->nsrc)
        return ISA_OK;
    int cls = vop1_src0_class(in->op);
    if (!dst_ok(t, in, r) ||
        !(cls >= 0 ? restricted_ok(t, in, in->src[0], (unsigned)cls) : isa_src_ok(t, in, in->src[0], r->src_t[0])))
        return ISA_E_OPERAND;
    return ISA_OK;
}

int isa_fmt_vop1(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    put_name(f, r);
    if (!r->ndst && !r->nsrc)
        return 0;
    fmt_puts(f, " ");
    if (fmt_dst(f, t, in, r))
        return -1;
    fmt_puts(f, ", ");
    int cls = vop1_src0_class(in->op);
    if (cls >= 0)
        return fmt_restricted(f, t, in, in->src[0], (unsigned)cls);
    return fmt_src(f, t, in, in->src[0], r->src_t[0]);
}

/* Whether the operands of v_readlane_b32 sdst, vsrc0, ssrc1 /
 * v_writelane_b32 vdst, ssrc0, ssrc1 (gfx6/7 VOP2) are ones LLVM decodes:
 * the lane operand takes no literal, lds_direct or VGPR. */
static int lane_ops_ok(const isa_target_t *t, const isa_inst_t *in)
{
    unsigned s0 = in->src[0], s1 = in->src[1];
    if (in->op == ISA_OP_V_READLANE_B32) {
        if (!restricted_ok(t, in, in->dst, CLS_SREG32) || (s0 < SRC_VGPR0 && s0 != SRC_LDS_DIRECT))
            return 0;
    } else if (!isa_reg_ok(t, in->dst, 1) || s0 >= SRC_VGPR0) {
        return 0;
    }
    if (!isa_src_ok(t, in, s0, OT_B32))
        return 0;
    return s1 != SRC_LITERAL && s1 != SRC_LDS_DIRECT && s1 < SRC_VGPR0 && isa_src_ok(t, in, s1, OT_B32);
}

static int fmt_lane_op(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    fmt_puts(f, " ");
    if (in->op == ISA_OP_V_READLANE_B32) {
        if (fmt_restricted(f, t, in, in->dst, CLS_SREG32))
            return -1;
    } else if (fmt_reg(f, t, in->dst, 1)) {
        return -1;
    }
    fmt_puts(f, ", ");
    if (fmt_src(f, t, in, in->src[0], OT_B32))
        return -1;
    fmt_puts(f, ", ");
    return fmt_src(f, t, in, in->src[1], OT_B32);
}

isa_status_t isa_chk_vop2(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (scalar_src1(in->op))
        return lane_ops_ok(t, in) ? ISA_OK : ISA_E_OPERAND;
    if (!dst_ok(t, in, r))
        return ISA_E_OPERAND;
    for (unsigned i = 0; i < r->nsrc; i++) {
        unsigned v = in->src[i], ot = r->src_t[i];
        if (i > 0 && v == SRC_LITERAL)
            continue;                           /* the K of v_madmk/v_madak */
        if (!(i == 0 ? isa_src_ok(t, in, v, ot) : isa_reg_ok(t, v, isa_otype_dwords(ot))))
            return ISA_E_OPERAND;
    }
    return ISA_OK;
}

int isa_fmt_vop2(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    put_name(f, r);
    if (scalar_src1(in->op))
        return fmt_lane_op(f, t, in);
    fmt_puts(f, " ");
    if (fmt_dst(f, t, in, r))
        return -1;
    if (r->flags & ISA_F_VOP3B)
        fmt_puts(f, ", vcc");
    for (unsigned i = 0; i < r->nsrc; i++) {
        fmt_puts(f, ", ");
        unsigned v = in->src[i], ot = r->src_t[i];
        if (i > 0 && v == SRC_LITERAL) {
            fmt_hex(f, in->literal);            /* the K of v_madmk/v_madak */
            continue;
        }
        if (i == 0 ? fmt_src(f, t, in, v, ot) : fmt_reg(f, t, v, isa_otype_dwords(ot)))
            return -1;
    }
    if (r->flags & ISA_F_READ_VCC)
        fmt_puts(f, ", vcc");
    return 0;
}

isa_status_t isa_chk_vopc(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (!isa_src_ok(t, in, in->src[0], r->src_t[0]) || !isa_reg_ok(t, in->src[1], isa_otype_dwords(r->src_t[1])))
        return ISA_E_OPERAND;
    return ISA_OK;
}

int isa_fmt_vopc(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    put_name(f, r);
    fmt_puts(f, " vcc, ");
    if (fmt_src(f, t, in, in->src[0], r->src_t[0]))
        return -1;
    fmt_puts(f, ", ");
    return fmt_reg(f, t, in->src[1], isa_otype_dwords(r->src_t[1]));
}
