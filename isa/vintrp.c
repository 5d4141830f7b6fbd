/* vintrp.c — the VINTRP encoding (v_interp_p1_f32, v_interp_p2_f32,
 * v_interp_mov_f32): decoder and formatter. */
#include "isa/internal.h"

/* VINTRP: [31:26]=110010 (gfx6/7) or 110101 (gfx8/9), vdst[25:18], op[17:16],
 *   attr[15:10], attrchan[9:8], vsrc[7:0] (v_interp_mov: 0=p10 1=p20 2=p0). */
isa_status_t isa_dec_vintrp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 1)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0];
    out->enc = ISA_ENC_VINTRP;
    out->ndw = 1;
    out->w[0] = w0;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_VINTRP, (w0 >> 16) & 3);
    out->dst = (uint16_t)(SRC_VGPR0 + ((w0 >> 18) & 0xff));
    out->attr = (w0 >> 10) & 0x3f;
    out->attrchan = (w0 >> 8) & 3;
    out->src[0] = (uint16_t)(w0 & 0xff);
    const isa_row_t *r = isa_row(out->op);
    if (r->nsrc)
        out->src[0] += SRC_VGPR0;   /* p1/p2 read a VGPR; mov keeps the parameter number */
    return out->op < ISA_OP_COUNT ? ISA_OK : ISA_E_INVALID;
}

/* gfx6/7: llvm-mc-15 cannot write a v_interp_mov parameter other than
 * p10, p20, p0. */
isa_status_t isa_chk_vintrp(const isa_target_t *t, const isa_inst_t *in)
{
    return isa_row(in->op)->nsrc || in->src[0] < 3 || t->gen >= ISA_GFX8 ? ISA_OK : ISA_E_OPERAND;
}

/* Append a VINTRP instruction in LLVM's syntax (gfx8/9 names end in _e32). */
int isa_fmt_vintrp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    static const char chan[] = "xyzw";
    static const char *const param[] = {"p10", "p20", "p0"};
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    /* gfx8/9 also have VOP3 forms, so LLVM names these _e32 there */
    fmt_printf(f, "%s%s v%u, ", r->name, t->gen >= ISA_GFX8 ? "_e32" : "", in->dst - SRC_VGPR0);
    if (r->nsrc)
        fmt_printf(f, "v%u", in->src[0] - SRC_VGPR0);
    else if (in->src[0] < 3)
        fmt_puts(f, param[in->src[0]]);
    else
        fmt_printf(f, "invalid_param_%u", in->src[0]);
    fmt_printf(f, ", attr%u.%c", in->attr, chan[in->attrchan]);
    return 0;
}
