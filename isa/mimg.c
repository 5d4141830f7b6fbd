/* mimg.c — MIMG (image) decoder and formatter.
 *
 * Decoded fields: vaddr, vdata = VGPR numbers; srsrc, ssamp = first SGPR of
 * the resource / sampler (field * 4); dmask, unorm, glc, slc, r128 (printed
 * a16 on gfx9), tfe, lwe, da, d16; dst = 256 + vdata.  The data width
 * follows from dmask/d16/tfe (mimg_data_dwords).
 *
 * gfx8/gfx9 follow LLVM 16's decoder, including how it sizes vdata: the
 * width implied by dmask/d16/tfe is used only when LLVM has an instruction
 * variant of that width and the register tuple fits below v256; otherwise
 * the row's default width is printed.  On gfx6/gfx7 only words LLVM's
 * assembler can produce are accepted (ignored bits zero, vdata width
 * matching dmask and tfe, gather4 with one dmask bit). */
#include "isa/internal.h"

/* Kinds of image instruction that change operands or widths. */
static int is_atomic(const isa_row_t *r) { return (r->flags & ISA_F_ATOMIC) != 0; }
static int is_gather4(const isa_row_t *r) { return (r->flags & ISA_F_GATHER4) != 0; }
static int has_sampler(const isa_row_t *r, const isa_target_t *t) { return r->opc[t->gen] >= 0x20; }

/* d16 exists for the formatted loads/stores, samples and gathers, not for
 * the packed (pck) forms, atomics, get_lod or get_resinfo. */
static int allows_d16(const isa_row_t *r)
{
    return !is_atomic(r) && !(r->flags & ISA_F_NO_D16);
}

/* Targets whose d16 data is packed two halves per register (gfx8.1+). */
static int packed_d16(const isa_target_t *t)
{
    return t->gen >= ISA_GFX9 || (t->gen == ISA_GFX8 && t->minor >= 1);
}

static unsigned popcount4(unsigned v)
{
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

/* Data dwords implied by dmask, d16 and tfe (before LLVM's fallback). */
static unsigned mimg_data_dwords(const isa_target_t *t, const isa_row_t *r, const isa_inst_t *in)
{
    unsigned n = is_gather4(r) ? 4 : popcount4(in->dmask);
    if (n == 0)
        n = 1;
    if (in->d16 && packed_d16(t))
        n = (n + 1) / 2;
    return n + in->tfe;
}

/* Whether LLVM has a variant of the row with n data dwords: atomics come
 * in the default width and twice it, gathers in 2 (d16), 4 and 5 (tfe),
 * everything else in 1 to 5. */
static int has_variant(const isa_row_t *r, unsigned n)
{
    unsigned def = isa_otype_dwords(r->dst_t[0]);
    if (is_atomic(r))
        return n == def || n == 2 * def;
    if (is_gather4(r))
        return n == 2 || n == 4 || n == 5;
    return n >= 1 && n <= 5;
}

/* The vdata width printed, and whether it is the implied width (as the
 * assembler requires) rather than the row default. */
static unsigned vdata_dwords(const isa_target_t *t, const isa_row_t *r, const isa_inst_t *in, int *exact)
{
    unsigned n = mimg_data_dwords(t, r, in);
    *exact = has_variant(r, n) && in->vdata + n <= 256;
    return *exact ? n : isa_otype_dwords(r->dst_t[0]);
}

/* Whether the resource (width 8) or sampler (width 4) tuple starting at
 * SGPR encoding v is one LLVM's decoder names: SGPR tuples up to s105 and
 * TTMP tuples up to ttmp15 exist even where the target has fewer
 * registers; a sampler on the 64-bit specials xnack_mask (and tba before
 * gfx9) decodes with LLVM's register-class complaint.  gfx6/7: what the
 * assembler accepts (s0-s103, ttmp0-ttmp11). */
static int stuple_ok(const isa_target_t *t, unsigned v, unsigned width)
{
    int old = t->gen <= ISA_GFX7;
    unsigned ttmp0 = t->gen >= ISA_GFX9 ? SRC_TTMP0_GFX9 : SRC_TTMP0_GFX6;
    if (v < (old ? 104u : 102u))
        return v + width <= (old ? 104u : 106u);
    if (v >= ttmp0 && v < SRC_M0)
        return v - ttmp0 + width <= (old ? 12u : 16u);
    return width == 4 && !old && (v == SRC_XNACK_LO || v == SRC_TBA_LO);
}

/* Append the tuple (stuple_ok) as LLVM names it. */
static int fmt_stuple(isa_fmt_t *f, const isa_target_t *t, unsigned v, unsigned width)
{
    unsigned nsgpr = t->gen <= ISA_GFX7 ? 104 : 102;
    unsigned ttmp0 = t->gen >= ISA_GFX9 ? SRC_TTMP0_GFX9 : SRC_TTMP0_GFX6;
    if (!stuple_ok(t, v, width))
        return -1;
    if (v < nsgpr)
        fmt_printf(f, "s[%u:%u]", v, v + width - 1);
    else if (v >= ttmp0 && v < SRC_M0)
        fmt_printf(f, "ttmp[%u:%u]", v - ttmp0, v - ttmp0 + width - 1);
    else
        fmt_printf(f, "%s/*Invalid register, operand has 'SReg_128' register class*/",
                   v == SRC_XNACK_LO ? "xnack_mask" : "tba");
    return 0;
}

/* Reject encodings LLVM would not decode (gfx8/9) or not re-assemble
 * (gfx6/7); returns 0 when the word is acceptable. */
static int check_fields(const isa_target_t *t, const isa_row_t *r, const isa_inst_t *in)
{
    uint32_t w0 = in->w[0], w1 = in->w[1];
    if (w0 & 1)                                   /* opcode bit 7 */
        return -1;
    /* LLVM first decodes vdata at the row's default width */
    if (in->vdata + isa_otype_dwords(r->dst_t[0]) > 256)
        return -1;
    if (!has_sampler(r, t) && ((w1 >> 21) & 0x1f))
        return -1;
    if (in->d16 && (t->gen <= ISA_GFX7 || !allows_d16(r)))
        return -1;
    if (t->gen >= ISA_GFX8)
        return 0;
    int exact;
    vdata_dwords(t, r, in, &exact);
    if ((w0 & 0xfe) || (w1 & 0x7c000000) || !exact)
        return -1;
    if (is_gather4(r) && popcount4(in->dmask) != 1)
        return -1;
    if (is_atomic(r) && in->dmask != 1 && in->dmask != 3 && in->dmask != 0xf)
        return -1;
    return 0;
}

/* MIMG: w0 [31:26]=111100, op[0] = opcode bit 7, dmask[11:8], unorm[12],
 * glc[13], da[14], r128/a16[15], tfe[16], lwe[17], op[24:18], slc[25];
 * w1 vaddr[7:0], vdata[15:8], srsrc[20:16] (x4), ssamp[25:21] (x4), d16[31] */
isa_status_t isa_dec_mimg(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    out->enc = ISA_ENC_MIMG;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->dmask = (w0 >> 8) & 0xf;
    out->unorm = (w0 >> 12) & 1;
    out->glc = (w0 >> 13) & 1;
    out->da = (w0 >> 14) & 1;
    out->r128 = (w0 >> 15) & 1;
    out->tfe = (w0 >> 16) & 1;
    out->lwe = (w0 >> 17) & 1;
    out->slc = (w0 >> 25) & 1;
    out->vaddr = w1 & 0xff;
    out->vdata = (w1 >> 8) & 0xff;
    out->srsrc = ((w1 >> 16) & 0x1f) * 4;
    out->ssamp = ((w1 >> 21) & 0x1f) * 4;
    out->d16 = (w1 >> 31) & 1;
    out->dst = (uint16_t)(SRC_VGPR0 + out->vdata);
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_MIMG, (w0 >> 18) & 0x7f);
    if (out->op < ISA_OP_COUNT && check_fields(t, isa_row(out->op), out))
        out->op = ISA_OP_COUNT;
    return ISA_OK;
}

static void fmt_mods(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    if (in->dmask)
        fmt_printf(f, " dmask:0x%x", in->dmask);
    if (in->unorm)
        fmt_puts(f, " unorm");
    if (in->glc)
        fmt_puts(f, " glc");
    if (in->slc)
        fmt_puts(f, " slc");
    if (in->r128)
        fmt_puts(f, t->gen >= ISA_GFX9 ? " a16" : " r128");
    if (in->tfe)
        fmt_puts(f, " tfe");
    if (in->lwe)
        fmt_puts(f, " lwe");
    if (in->da)
        fmt_puts(f, " da");
    if (in->d16)
        fmt_puts(f, " d16");
}

/* Whether the registers are ones LLVM decodes. */
isa_status_t isa_chk_mimg(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    int exact;
    unsigned nd = vdata_dwords(t, r, in, &exact);
    if (!isa_reg_ok(t, SRC_VGPR0 + in->vdata, nd) ||
        !isa_reg_ok(t, SRC_VGPR0 + in->vaddr, isa_otype_dwords(r->src_t[0])) ||
        !stuple_ok(t, in->srsrc, 8) || (has_sampler(r, t) && !stuple_ok(t, in->ssamp, 4)))
        return ISA_E_OPERAND;
    return ISA_OK;
}

/* Append the image instruction in LLVM syntax. */
int isa_fmt_mimg(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    int exact;
    unsigned nd = vdata_dwords(t, r, in, &exact);
    fmt_puts(f, r->name);
    fmt_puts(f, " ");
    if (fmt_reg(f, t, SRC_VGPR0 + in->vdata, nd))
        return -1;
    fmt_puts(f, ", ");
    if (fmt_reg(f, t, SRC_VGPR0 + in->vaddr, isa_otype_dwords(r->src_t[0])))
        return -1;
    fmt_puts(f, ", ");
    if (fmt_stuple(f, t, in->srsrc, 8))
        return -1;
    if (has_sampler(r, t)) {
        fmt_puts(f, ", ");
        if (fmt_stuple(f, t, in->ssamp, 4))
            return -1;
    }
    fmt_mods(f, t, in);
    return 0;
}
