/* flat.c — FLAT decoder and formatter (gfx7+), including the gfx9 GLOBAL
 * and SCRATCH segments.
 *
 * Decoded fields: vaddr, vdata = VGPR numbers (0..255); dst = 256 + vdst;
 * saddr = the 7-bit SGPR field (0x7f = off); offset (sign-extended for
 * GLOBAL/SCRATCH); seg, lds, glc, slc, nv (w1[23], tfe on gfx7/8).
 *
 * gfx8/gfx9 follow LLVM 16's decoder: fields an instruction does not use
 * are ignored, but the bits LLVM fixes to zero (gfx8 w0[15:13] and
 * w1[22:16]; gfx9 FLAT saddr and lds) make the word invalid.  On gfx7 only
 * words that LLVM's assembler can produce are accepted: every unused field
 * must be zero (there is no offset, lds or tfe syntax there). */
#include "isa/internal.h"

enum { SADDR_OFF = ISA_SADDR_OFF, SEG_FLAT = ISA_SEG_FLAT, SEG_SCRATCH = ISA_SEG_SCRATCH, SEG_GLOBAL = ISA_SEG_GLOBAL };

static int is_load(const isa_row_t *r) { return (r->flags & ISA_F_LOAD) != 0; }
static int is_store(const isa_row_t *r) { return (r->flags & ISA_F_STORE) != 0; }
static int is_atomic(const isa_row_t *r) { return (r->flags & ISA_F_ATOMIC) != 0; }

/* Whether vdst / vdata are operands of this instance. */
static int uses_vdst(const isa_row_t *r, const isa_inst_t *in)
{
    return (is_load(r) && !in->lds) || (is_atomic(r) && in->glc);
}

static int uses_vdata(const isa_row_t *r)
{
    return is_store(r) || is_atomic(r);
}

/* Reject encodings LLVM would not decode (gfx8/9) or not re-assemble
 * (gfx7); returns 0 when the word is acceptable. */
static int check_fields(const isa_target_t *t, const isa_row_t *r, const isa_inst_t *in)
{
    uint32_t w0 = in->w[0], w1 = in->w[1];
    if (in->lds && (in->seg == SEG_FLAT || !(r->flags & ISA_F_LDS) || in->nv))
        return -1;
    if (t->gen == ISA_GFX8 && ((w0 >> 13) & 7))
        return -1;
    if (t->gen <= ISA_GFX8 && ((w1 >> 16) & 0x7f))
        return -1;
    if (t->gen == ISA_GFX9 && in->seg == SEG_FLAT && in->saddr != 0)
        return -1;
    if (t->gen == ISA_GFX7) {
        if ((w0 & 0x0200ffff) || in->nv)
            return -1;
        if (!uses_vdst(r, in) && (w1 >> 24))
            return -1;
        if (!uses_vdata(r) && ((w1 >> 8) & 0xff))
            return -1;
    }
    return 0;
}

/* FLAT: w0 [31:26]=110111, offset[12:0] (gfx8+), lds[13], seg[15:14]
 * (gfx9), glc[16], slc[17], op[24:18]; w1 addr[7:0], data[15:8],
 * saddr[22:16] (gfx9), nv/tfe[23], vdst[31:24] */
isa_status_t isa_dec_flat(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    out->enc = ISA_ENC_FLAT;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->seg = t->gen >= ISA_GFX9 ? (w0 >> 14) & 3 : 0;
    out->lds = (w0 >> 13) & 1;
    out->glc = (w0 >> 16) & 1;
    out->slc = (w0 >> 17) & 1;
    out->offset = (int32_t)(w0 & 0x1fff);
    if (out->seg != SEG_FLAT && (out->offset & 0x1000))
        out->offset -= 0x2000;
    out->vaddr = w1 & 0xff;
    out->vdata = (w1 >> 8) & 0xff;
    out->saddr = (w1 >> 16) & 0x7f;
    out->nv = (w1 >> 23) & 1;
    out->tfe = t->gen <= ISA_GFX8 ? out->nv : 0;
    out->dst = (uint16_t)(SRC_VGPR0 + (w1 >> 24));
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_FLAT, out->seg * 128u + ((w0 >> 18) & 0x7f));
    if (out->op < ISA_OP_COUNT && check_fields(t, isa_row(out->op), out))
        out->op = ISA_OP_COUNT;
    return ISA_OK;
}

/* The width of the address operand (0: "off"). */
static unsigned addr_dwords(const isa_inst_t *in)
{
    if (in->seg == SEG_SCRATCH)
        return in->saddr != SADDR_OFF ? 0 : 1;
    return in->seg == SEG_GLOBAL && in->saddr != SADDR_OFF ? 1 : 2;
}

/* Whether the SGPR base / offset names registers LLVM decodes: an odd
 * special register (flat_scratch_hi, ...) is no pair. */
static int saddr_ok(const isa_target_t *t, const isa_inst_t *in)
{
    unsigned v = in->saddr;
    if (v == SADDR_OFF)
        return 1;
    if (in->seg == SEG_SCRATCH)
        return isa_reg_ok(t, v, 1);
    if (v == SRC_M0 + 1)
        return 1;
    return !(v >= SRC_FLAT_SCR_LO && v <= SRC_VCC_HI && (v & 1)) && isa_reg_ok(t, v, 2);
}

/* The address operand: a VGPR pair, a single VGPR (with an SGPR base, or
 * SCRATCH), or "off" (SCRATCH with an SGPR offset). */
static int fmt_addr(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    unsigned width = addr_dwords(in);
    if (!width) {
        fmt_puts(f, "off");
        return 0;
    }
    return fmt_reg(f, t, SRC_VGPR0 + in->vaddr, width);
}

/* The SGPR base of GLOBAL (pair) / offset of SCRATCH (single), or "off".
 * Like LLVM, an odd SGPR or TTMP base names the aligned pair, but an odd
 * special register (flat_scratch_hi, ...) is no pair at all; null (125)
 * is a pair. */
static int fmt_saddr(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    unsigned v = in->saddr;
    if (v == SADDR_OFF) {
        fmt_puts(f, "off");
        return 0;
    }
    if (in->seg == SEG_SCRATCH)
        return fmt_reg(f, t, v, 1);
    if (v == SRC_M0 + 1) {
        fmt_puts(f, "null");
        return 0;
    }
    return saddr_ok(t, in) ? fmt_reg(f, t, v, 2) : -1;
}

static void fmt_mods(isa_fmt_t *f, const isa_inst_t *in)
{
    if (in->offset)
        fmt_printf(f, " offset:%d", (int)in->offset);
    if (in->glc)
        fmt_puts(f, " glc");
    if (in->slc)
        fmt_puts(f, " slc");
    if (in->lds)
        fmt_puts(f, " lds");
}

/* Whether the registers are ones LLVM decodes. */
isa_status_t isa_chk_flat(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    unsigned aw = addr_dwords(in);
    if ((uses_vdst(r, in) && !isa_reg_ok(t, in->dst, isa_otype_dwords(r->dst_t[0]))) ||
        (aw && !isa_reg_ok(t, SRC_VGPR0 + in->vaddr, aw)) ||
        (uses_vdata(r) && !isa_reg_ok(t, SRC_VGPR0 + in->vdata, isa_otype_dwords(r->src_t[0]))) ||
        (in->seg != SEG_FLAT && !saddr_ok(t, in)))
        return ISA_E_OPERAND;
    return ISA_OK;
}

/* Append the FLAT/GLOBAL/SCRATCH instruction in LLVM syntax. */
int isa_fmt_flat(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    size_t mark = f->len;
    if (uses_vdst(r, in)) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, in->dst, isa_otype_dwords(r->dst_t[0])))
            return -1;
    }
    fmt_sep(f, mark);
    if (fmt_addr(f, t, in))
        return -1;
    if (uses_vdata(r)) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, SRC_VGPR0 + in->vdata, isa_otype_dwords(r->src_t[0])))
            return -1;
    }
    if (in->seg != SEG_FLAT) {
        fmt_sep(f, mark);
        if (fmt_saddr(f, t, in))
            return -1;
    }
    fmt_mods(f, in);
    return 0;
}
