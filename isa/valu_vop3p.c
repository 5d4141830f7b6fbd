/* valu_vop3p.c — the gfx9 VOP3P encoding (packed 16-bit math, v_mad_mix /
 * v_fma_mix, v_dot*): decoder and formatter. */
#include "isa/internal.h"

/* Sources whose neg/neg_hi bits LLVM accepts, as a mask over src0..src2:
 * all sources of float ops, src0 only of the integer v_pk ops, and what
 * the row says (ISA_F_NEG_ALL, ISA_F_NEG_SRC02: v_dot*). */
static unsigned neg_mask(const isa_row_t *r)
{
    if (r->flags & ISA_F_NEG_SRC02)
        return 5;
    int fp = r->src_t[0] == OT_V2F16 || r->src_t[0] == OT_F32 || (r->flags & ISA_F_NEG_ALL);
    return fp ? (1u << r->nsrc) - 1 : 1;
}

/* mixed-precision ops print neg/neg_hi as -x / |x| and op_sel_hi defaults to 0 */
static int is_mix(const isa_row_t *r)
{
    return (r->flags & ISA_F_MIX) != 0;
}

/* VOP3P: [31:23]=0x1A7, op[22:16], clamp[15], op_sel_hi[2] [14], op_sel[13:11],
 *   neg_hi[10:8], vdst[7:0]; second dword: src0[8:0], src1[17:9], src2[26:18],
 *   op_sel_hi[1:0] [28:27], neg (neg_lo) [31:29].  No literal. */
isa_status_t isa_dec_vop3p(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    out->enc = ISA_ENC_VOP3P;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_VOP3P, (w0 >> 16) & 0x7f);
    out->dst = (uint16_t)(SRC_VGPR0 + (w0 & 0xff));
    out->neg_hi = (w0 >> 8) & 7;
    out->op_sel = (w0 >> 11) & 7;
    out->op_sel_hi = (uint8_t)(((w0 >> 12) & 4) | ((w1 >> 27) & 3));
    out->clamp = (w0 >> 15) & 1;
    out->src[0] = w1 & 0x1ff;
    out->src[1] = (w1 >> 9) & 0x1ff;
    out->src[2] = (w1 >> 18) & 0x1ff;
    out->neg = (w1 >> 29) & 7;
    return out->op < ISA_OP_COUNT ? ISA_OK : ISA_E_INVALID;
}

/* " name:[a,b(,c)]" over n sources */
static void put_bits(isa_fmt_t *f, const char *name, unsigned bits, unsigned n)
{
    fmt_printf(f, " %s:[", name);
    for (unsigned i = 0; i < n; i++)
        fmt_printf(f, i ? ",%u" : "%u", (bits >> i) & 1);
    fmt_puts(f, "]");
}

static int put_mix_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned i, unsigned ot)
{
    int neg = (in->neg >> i) & 1, abs = (in->neg_hi >> i) & 1;
    int negc = neg && !abs && isa_is_inline(t, in->src[i]);
    fmt_puts(f, negc ? "neg(" : neg ? (abs ? "-|" : "-") : (abs ? "|" : ""));
    if (fmt_src(f, t, in, in->src[i], ot))
        return -1;
    fmt_puts(f, negc ? ")" : abs ? "|" : "");
    return 0;
}

/* Fields of absent sources and modifiers an op does not take are fixed to
 * zero (op_sel_hi[2] is ignored); the sources are ones LLVM decodes. */
isa_status_t isa_chk_vop3p(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    unsigned n = r->nsrc;
    if ((n < 3 && (in->src[2] || (in->op_sel & 4))) || ((in->neg | in->neg_hi) & ~neg_mask(r)))
        return ISA_E_FIELD;
    for (unsigned i = 0; i < n; i++)
        if (!isa_src_ok(t, in, in->src[i], r->src_t[i]))
            return ISA_E_OPERAND;
    return ISA_OK;
}

/* Append a VOP3P instruction in LLVM's syntax. */
int isa_fmt_vop3p(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned n = r->nsrc, all = (1u << n) - 1, mix = is_mix(r);
    fmt_printf(f, "%s v%u", r->name, in->dst - SRC_VGPR0);
    for (unsigned i = 0; i < n; i++) {
        fmt_puts(f, ", ");
        if (mix ? put_mix_src(f, t, in, i, r->src_t[i]) : fmt_src(f, t, in, in->src[i], r->src_t[i]))
            return -1;
    }
    unsigned osh = in->op_sel_hi & all;
    if (in->op_sel & all)
        put_bits(f, "op_sel", in->op_sel, n);
    if (mix ? osh != 0 : osh != all)
        put_bits(f, "op_sel_hi", osh, n);
    if (!mix && in->neg)
        put_bits(f, "neg_lo", in->neg, n);
    if (!mix && in->neg_hi)
        put_bits(f, "neg_hi", in->neg_hi, n);
    if (in->clamp)
        fmt_puts(f, " clamp");
    return 0;
}
