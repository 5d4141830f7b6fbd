/* exp.c — EXP (export) decoder and formatter.
 *
 * Decoded fields: tgt, en, compr, done, vm; src[0..3] = 256 + vsrcN.
 * gfx8/gfx9 follow LLVM 16 (every word decodes; unknown targets print as
 * invalid_target_N).  On gfx6/gfx7 only words LLVM's assembler can produce
 * are accepted: a named target, zero unused bits, zero registers in
 * disabled lanes, and for compr the lane pairs it writes (en 0, 3, 0xc, 0xf
 * with vsrc0/vsrc1). */
#include "isa/internal.h"

/* Whether export target tgt has a name (mrt0-7, mrtz, null, pos0-3,
 * param0-31). */
static int exp_target_named(unsigned tgt)
{
    return tgt <= 9 || (tgt >= 12 && tgt <= 15) || (tgt >= 32 && tgt <= 63);
}

/* Append the name of export target tgt, LLVM's invalid_target_N when it
 * has none. */
static void fmt_target(isa_fmt_t *f, unsigned tgt)
{
    if (tgt <= 7)
        fmt_printf(f, "mrt%u", tgt);
    else if (tgt == 8)
        fmt_puts(f, "mrtz");
    else if (tgt == 9)
        fmt_puts(f, "null");
    else if (tgt >= 12 && tgt <= 15)
        fmt_printf(f, "pos%u", tgt - 12);
    else if (tgt >= 32 && tgt <= 63)
        fmt_printf(f, "param%u", tgt - 32);
    else
        fmt_printf(f, "invalid_target_%u", tgt);
}

/* Whether a gfx6/gfx7 word is exactly what the assembler produces for the
 * text we print. */
static int canonical_old(const isa_inst_t *in)
{
    uint32_t w1 = in->w[1];
    if (in->w[0] & 0x03ffe000)
        return 0;
    if (in->compr) {
        if (in->en != 0 && in->en != 3 && in->en != 0xc && in->en != 0xf)
            return 0;
        if (w1 >> 16)
            return 0;
        if (!(in->en & 1) && (w1 & 0xff))
            return 0;
        return (in->en & 4) || !((w1 >> 8) & 0xff);
    }
    for (unsigned i = 0; i < 4; i++)
        if (!(in->en & (1u << i)) && ((w1 >> (8 * i)) & 0xff))
            return 0;
    return 1;
}

/* EXP: w0 [31:26]=111110 (gfx6/7) or 110001 (gfx8/9), en[3:0], tgt[9:4],
 * compr[10], done[11], vm[12]; w1 vsrc0[7:0] vsrc1[15:8] vsrc2[23:16]
 * vsrc3[31:24] */
isa_status_t isa_dec_exp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    out->enc = ISA_ENC_EXP;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->en = w0 & 0xf;
    out->tgt = (w0 >> 4) & 0x3f;
    out->compr = (w0 >> 10) & 1;
    out->done = (w0 >> 11) & 1;
    out->vm = (w0 >> 12) & 1;
    for (unsigned i = 0; i < 4; i++)
        out->src[i] = (uint16_t)(SRC_VGPR0 + ((w1 >> (8 * i)) & 0xff));
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_EXP, 0);
    if (t->gen <= ISA_GFX7 && !canonical_old(out))
        out->op = ISA_OP_COUNT;
    return ISA_OK;
}

/* gfx6/7: llvm-mc-15 cannot write an unnamed target; the enabled sources
 * are VGPRs. */
isa_status_t isa_chk_exp(const isa_target_t *t, const isa_inst_t *in)
{
    if (t->gen <= ISA_GFX7 && !exp_target_named(in->tgt))
        return ISA_E_FIELD;
    for (unsigned i = 0; i < 4; i++)
        if ((in->en & (1u << i)) && !isa_reg_ok(t, in->src[in->compr ? i / 2 : i], 1))
            return ISA_E_OPERAND;
    return ISA_OK;
}

/* Append the export in LLVM syntax. */
int isa_fmt_exp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    fmt_puts(f, "exp ");
    fmt_target(f, in->tgt);
    for (unsigned i = 0; i < 4; i++) {
        /* compressed exports print the lane pairs as src0, src0, src1, src1 */
        unsigned s = in->compr ? i / 2 : i;
        fmt_puts(f, i ? ", " : " ");
        if (!(in->en & (1u << i)))
            fmt_puts(f, "off");
        else if (fmt_reg(f, t, in->src[s], 1))
            return -1;
    }
    if (in->done)
        fmt_puts(f, " done");
    if (in->compr)
        fmt_puts(f, " compr");
    if (in->vm)
        fmt_puts(f, " vm");
    return 0;
}
