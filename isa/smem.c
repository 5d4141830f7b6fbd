/* smem.c — scalar memory encodings: SMRD (gfx6/gfx7) and SMEM (gfx8/gfx9).
 *
 * Decoded fields: dst = sdata (register encoding), src[0] = first SGPR of
 * the base (sbase field * 2), imm = the offset is an immediate, offset =
 * that immediate (SMRD: dwords; SMEM: bytes, sign-extended on gfx9),
 * soffset = SGPR offset register when one is used (SMRD/SMEM imm=0, gfx9
 * soe=1), glc, soe, nv.  Rows are looked up in the SMEM opcode space; the
 * gfx6/gfx7 columns of smem.def hold SMRD opcodes. */
#include "isa/internal.h"

/* How the operands of a row print. */
enum { M_DATA, M_NONE, M_TIME, M_PROBE, M_DISCARD };

static unsigned mem_kind(unsigned op)
{
    switch (op) {
    case ISA_OP_S_DCACHE_INV: case ISA_OP_S_DCACHE_WB: case ISA_OP_S_DCACHE_INV_VOL:
    case ISA_OP_S_DCACHE_WB_VOL:
        return M_NONE;
    case ISA_OP_S_MEMTIME: case ISA_OP_S_MEMREALTIME:
        return M_TIME;
    case ISA_OP_S_ATC_PROBE: case ISA_OP_S_ATC_PROBE_BUFFER:
        return M_PROBE;
    case ISA_OP_S_DCACHE_DISCARD: case ISA_OP_S_DCACHE_DISCARD_X2:
        return M_DISCARD;
    default:
        return M_DATA;
    }
}

/* Width in dwords of the base: a buffer resource (4) or an address (2). */
static unsigned base_width(const isa_row_t *r)
{
    return (r->flags & ISA_F_SBUF) ? 4 : 2;
}

/* Width in dwords of sdata: the wider of the data destination and source. */
static unsigned data_width(const isa_row_t *r)
{
    unsigned d = r->ndst ? isa_otype_dwords(r->dst_t[0]) : 0;
    unsigned s = r->nsrc ? isa_otype_dwords(r->src_t[0]) : 0;
    return d > s ? d : s;
}

/* Whether v is a special (non-SGPR, non-ttmp) scalar register number. */
static int is_special(const isa_target_t *t, unsigned v)
{
    unsigned ttmp0 = t->gen >= ISA_GFX9 ? SRC_TTMP0_GFX9 : SRC_TTMP0_GFX6;
    return v < 128 && v >= (t->gen <= ISA_GFX7 ? 104u : 102u) && !(v >= ttmp0 && v <= 123);
}

#define BAD_CLASS "/*Invalid register, operand has '%s' register class*/"

/* A register operand of an SMEM data or buffer-base field.  LLVM 16 names
 * a 64-bit special register in a 128-bit field, m0/exec in a data field,
 * and appends a complaint about the register class; gfx6/gfx7 reject them
 * (data = the sdata field, whose class excludes m0 and exec). */
static int mem_reg_ok(const isa_target_t *t, unsigned v, unsigned width, int data)
{
    int old = t->gen <= ISA_GFX7;
    if (width >= 4 && is_special(t, v))
        return !old && width == 4 && (v == 125 || isa_reg_ok(t, v, 2));
    if (!isa_reg_ok(t, v, width))
        return 0;
    if (data && width == 1 && (v == SRC_M0 || v == SRC_EXEC_LO || v == SRC_EXEC_HI))
        return !old;
    if (data && width == 2 && v == SRC_EXEC_LO)
        return !old;
    return 1;
}

static int mem_reg(isa_fmt_t *f, const isa_target_t *t, unsigned v, unsigned width, int data)
{
    if (width >= 4 && is_special(t, v)) {
        if (v == 125) {
            fmt_puts(f, "null");
            return 0;
        }
        if (fmt_reg(f, t, v, 2))
            return -1;
        fmt_printf(f, BAD_CLASS, "SReg_128");
        return 0;
    }
    if (fmt_reg(f, t, v, width))
        return -1;
    if (data && width == 1 && (v == SRC_M0 || v == SRC_EXEC_LO || v == SRC_EXEC_HI))
        fmt_printf(f, BAD_CLASS, "SReg_32_XM0_XEXEC");
    else if (data && width == 2 && v == SRC_EXEC_LO)
        fmt_printf(f, BAD_CLASS, "SReg_64_XEXEC");
    return 0;
}

/* ---- SMRD (gfx6/gfx7) ----------------------------------------------------- */

/* SMRD: [31:27]=0x18, op[26:22], sdst[21:15], sbase[14:9] (pairs), imm[8],
 * offset[7:0] (dwords if imm, else an SGPR); gfx7: imm=0 offset=255 means a
 * 32-bit literal dword offset follows (kept in literal and offset) */
isa_status_t isa_dec_smrd(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    out->enc = ISA_ENC_SMRD;
    out->ndw = 1;
    out->w[0] = w0;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SMEM, (w0 >> 22) & 0x1f);
    out->dst = (w0 >> 15) & 0x7f;
    out->src[0] = ((w0 >> 9) & 0x3f) * 2;
    out->imm = (w0 >> 8) & 1;
    if (out->imm) {
        out->offset = (int32_t)(w0 & 0xff);
        return ISA_OK;
    }
    out->soffset = w0 & 0xff;
    if (out->soffset == SRC_LITERAL && t->gen == ISA_GFX7 && mem_kind(out->op) == M_DATA) {
        isa_status_t st = isa_take_literal(w, n, 1, out);
        out->offset = (int32_t)out->literal;
        return st;
    }
    return ISA_OK;
}

isa_status_t isa_chk_smrd(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    unsigned k = mem_kind(in->op);
    if (k == M_NONE || k == M_TIME) {
        if (in->imm)
            return ISA_E_FIELD;
        return k == M_NONE || mem_reg_ok(t, in->dst, 2, 1) ? ISA_OK : ISA_E_OPERAND;
    }
    if (!mem_reg_ok(t, in->dst, data_width(r), 1) || !mem_reg_ok(t, in->src[0], base_width(r), 0))
        return ISA_E_OPERAND;
    if (!in->imm && !in->has_lit && !isa_reg_ok(t, in->soffset, 1))
        return ISA_E_OPERAND;
    return ISA_OK;
}

int isa_fmt_smrd(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned k = mem_kind(in->op), dw = data_width(r), bw = base_width(r);
    fmt_puts(f, r->name);
    if (k == M_NONE)
        return 0;
    if (k == M_TIME) {
        fmt_puts(f, " ");
        return mem_reg(f, t, in->dst, 2, 1);
    }
    fmt_puts(f, " ");
    if (mem_reg(f, t, in->dst, dw, 1))
        return -1;
    fmt_puts(f, ", ");
    if (mem_reg(f, t, in->src[0], bw, 0))
        return -1;
    fmt_puts(f, ", ");
    if (in->imm) {
        fmt_hex(f, (uint32_t)in->offset);
        return 0;
    }
    if (in->has_lit) {
        fmt_hex(f, in->literal);
        return 0;
    }
    return fmt_reg(f, t, in->soffset, 1);
}

/* ---- SMEM (gfx8/gfx9) ----------------------------------------------------- */

/* SMEM: [31:26]=0x30, op[25:18], imm[17], glc[16], nv[15] (gfx9), soe[14]
 * (gfx9), sdata[12:6], sbase[5:0] (pairs); word 1: offset[19:0] (gfx8) or
 * signed offset[20:0] (gfx9) when imm, else SGPR offset[6:0]; gfx9 soe:
 * SGPR offset in [31:25] */
isa_status_t isa_dec_smem(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    out->enc = ISA_ENC_SMEM;
    out->ndw = 2;
    out->w[0] = w0;
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w1 = w[1];
    out->w[1] = w1;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SMEM, (w0 >> 18) & 0xff);
    out->dst = (w0 >> 6) & 0x7f;
    out->src[0] = (w0 & 0x3f) * 2;
    out->imm = (w0 >> 17) & 1;
    out->glc = (w0 >> 16) & 1;
    if (t->gen >= ISA_GFX9) {
        out->nv = (w0 >> 15) & 1;
        out->soe = (w0 >> 14) & 1;
    }
    if (out->imm)
        out->offset = t->gen >= ISA_GFX9 ? ((int32_t)(w1 << 11) >> 11) : (int32_t)(w1 & 0xfffff);
    if (out->soe)
        out->soffset = (w1 >> 25) & 0x7f;
    else if (!out->imm)
        out->soffset = w1 & 0x7f;
    return ISA_OK;
}

static void smem_offset(isa_fmt_t *f, int32_t off)
{
    if (off < 0)
        fmt_printf(f, "-0x%x", (unsigned)-off);
    else
        fmt_hex(f, (uint32_t)off);
}

isa_status_t isa_chk_smem(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    unsigned k = mem_kind(in->op);
    if (k == M_NONE || k == M_TIME) {
        if (in->imm)
            return ISA_E_FIELD;
        return k == M_NONE || mem_reg_ok(t, in->dst, 2, 1) ? ISA_OK : ISA_E_OPERAND;
    }
    if (k == M_DATA && !mem_reg_ok(t, in->dst, data_width(r), 1))
        return ISA_E_OPERAND;
    if (!mem_reg_ok(t, in->src[0], base_width(r), 0))
        return ISA_E_OPERAND;
    if (!(in->imm && !in->soe) && !isa_reg_ok(t, in->soffset, 1))
        return ISA_E_OPERAND;
    return ISA_OK;
}

int isa_fmt_smem(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned k = mem_kind(in->op);
    fmt_puts(f, r->name);
    if (k == M_NONE)
        return 0;
    if (k == M_TIME) {
        fmt_puts(f, " ");
        return mem_reg(f, t, in->dst, 2, 1);
    }
    fmt_puts(f, " ");
    if (k == M_PROBE)
        fmt_printf(f, in->dst <= 64 ? "%u, " : "0x%x, ", in->dst);
    else if (k == M_DATA) {
        if (mem_reg(f, t, in->dst, data_width(r), 1))
            return -1;
        fmt_puts(f, ", ");
    }
    if (mem_reg(f, t, in->src[0], base_width(r), 0))
        return -1;
    fmt_puts(f, ", ");
    if (in->imm && !in->soe) {
        smem_offset(f, in->offset);
    } else {
        if (fmt_reg(f, t, in->soffset, 1))
            return -1;
        if (in->imm) {
            fmt_puts(f, " offset:");
            smem_offset(f, in->offset);
        }
    }
    if (in->glc && k == M_DATA)
        fmt_puts(f, " glc");
    return 0;
}
