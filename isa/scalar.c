/* scalar.c — SOP1 decoder and formatter. */
#include "isa/internal.h"

/* SOP1: [31:23]=0x17D, sdst[22:16], op[15:8], ssrc0[7:0]; literal if ssrc0==255 */
isa_status_t isa_dec_sop1(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    uint32_t w0 = w[0];
    out->enc = ISA_ENC_SOP1;
    out->ndw = 1;
    out->w[0] = w0;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_SOP1, (w0 >> 8) & 0xff);
    out->dst = (w0 >> 16) & 0x7f;
    out->src[0] = w0 & 0xff;
    if (out->src[0] == SRC_LITERAL)
        return isa_take_literal(w, n, 1, out);
    return ISA_OK;
}

int isa_fmt_sop1(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    size_t mark = f->len;
    if (r->ndst) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, in->dst, isa_otype_dwords(r->dst_t[0])))
            return -1;
    }
    if (r->nsrc) {
        fmt_sep(f, mark);
        if (fmt_src(f, t, in, in->src[0], r->src_t[0]))
            return -1;
    }
    return 0;
}
