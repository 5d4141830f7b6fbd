/* ds.c — DS (LDS/GDS) decoder and formatter. */
#include "isa/internal.h"

/* The DS facts of every row (the ESIZE and FORM columns of ops/ds.def). */
#define OFF2 ISA_DS_OFF2
#define ST64 ISA_DS_ST64
#define SWIZZLE ISA_DS_SWIZZLE
#define NO_GDS ISA_DS_NO_GDS
#define GDS_ONLY ISA_DS_GDS_ONLY
#define DATA0_ONLY ISA_DS_DATA0_ONLY
#define NO_OFFSET ISA_DS_NO_OFFSET
static const isa_ds_info_t ds_info[ISA_OP_COUNT] = {
#define OP(...)
#define DS_OP(key, name, enc, g6, g7, g8, g9, sig, timing, flags, esize, form) \
    [ISA_OP_##key] = {(esize), ((form) & OFF2) ? 2 : 1, ((form) & ST64) ? 64 : 1, (form)},
#include "isa/ops/ds.def"
#undef DS_OP
#undef OP
};

isa_ds_info_t isa_ds_info(unsigned op)
{
    return op < ISA_OP_COUNT ? ds_info[op] : (isa_ds_info_t){0, 0, 0, 0};
}

static unsigned ds_form(unsigned op)
{
    return ds_info[op].form;
}

/* Which of the source fields addr/data0/data1 (bits 0/1/2) a row reads. */
static unsigned ds_src_fields(const isa_row_t *r, unsigned form)
{
    if (form & ISA_DS_DATA0_ONLY)
        return r->nsrc ? 2u : 0u;
    return (1u << r->nsrc) - 1;
}

/* Whether a row has a data register (vdst, data0/data1, or the gws
 * operand): LLVM only ignores gfx8/9 bit 25 for those. */
static int ds_has_data(const isa_row_t *r, unsigned form)
{
    return r->ndst || r->nsrc >= 2 || (r->nsrc && (form & (ISA_DS_DATA0_ONLY | ISA_DS_GDS_ONLY)));
}

/* DS: [31:26]=0x36; gfx6/7 offset0[7:0] offset1[15:8] gds[17] op[25:18];
 * gfx8/9 offset0[7:0] offset1[15:8] gds[16] op[24:17] ([25] ignored when
 * the op has a data register, else 0);
 * w1 addr[7:0] data0[15:8] data1[23:16] vdst[31:24].  Registers are stored
 * in the source encoding (VGPR n = 256+n): dst = vdst, src[] = the sources
 * in signature order, vaddr = addr, vdata = data0.  offset holds the 16-bit
 * offset, or offset0 with offset1 for the two-address forms. */
isa_status_t isa_dec_ds(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    int old = t->gen <= ISA_GFX7;
    out->enc = ISA_ENC_DS;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_DS, old ? (w0 >> 18) & 0xff : (w0 >> 17) & 0xff);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    const isa_row_t *r = isa_row(out->op);
    unsigned form = ds_form(out->op);
    unsigned fields[3] = {w1 & 0xff, (w1 >> 8) & 0xff, (w1 >> 16) & 0xff}, vdst = w1 >> 24;
    unsigned live = ds_src_fields(r, form);
    for (unsigned i = 0; i < 3; i++)
        if (!(live >> i & 1) && fields[i])
            return ISA_E_INVALID;
    if (!r->ndst && vdst)
        return ISA_E_INVALID;
    out->gds = (uint8_t)(old ? (w0 >> 17) & 1 : (w0 >> 16) & 1);
    if (((form & ISA_DS_NO_GDS) && out->gds) || ((form & ISA_DS_GDS_ONLY) && !out->gds))
        return ISA_E_INVALID;
    if ((form & ISA_DS_NO_OFFSET) && (w0 & 0xffff))
        return ISA_E_INVALID;
    if (!old && (w0 >> 25 & 1) && !ds_has_data(r, form))
        return ISA_E_INVALID;
    if (form & ISA_DS_OFF2) {
        out->offset = (int32_t)(w0 & 0xff);
        out->offset1 = (uint8_t)(w0 >> 8);
    } else {
        out->offset = (int32_t)(w0 & 0xffff);
    }
    if (r->ndst)
        out->dst = (uint16_t)(SRC_VGPR0 + vdst);
    for (unsigned i = 0, k = 0; i < 3; i++)
        if (live >> i & 1)
            out->src[k++] = (uint16_t)(SRC_VGPR0 + fields[i]);
    if (live & 1)
        out->vaddr = (uint16_t)(SRC_VGPR0 + fields[0]);
    if (live & 2)
        out->vdata = (uint16_t)(SRC_VGPR0 + fields[1]);
    return ISA_OK;
}

/* The ds_swizzle_b32 offset as LLVM prints it (swizzle(...) or a number). */
static void fmt_swizzle(isa_fmt_t *f, unsigned imm)
{
    if (imm == 0)
        return;
    fmt_puts(f, " offset:");
    if ((imm & 0xff00) == 0x8000) {   /* quad permute: 4 x 2-bit lane selects */
        fmt_puts(f, "swizzle(QUAD_PERM");
        for (unsigned i = 0; i < 4; i++, imm >>= 2)
            fmt_printf(f, ",%u", imm & 3);
        fmt_puts(f, ")");
        return;
    }
    if (imm & 0x8000) {
        fmt_printf(f, "%u", imm);
        return;
    }
    unsigned and_m = imm & 0x1f, or_m = (imm >> 5) & 0x1f, xor_m = (imm >> 10) & 0x1f;
    unsigned group = 0x20 - and_m;
    if (and_m == 0x1f && or_m == 0 && xor_m && !(xor_m & (xor_m - 1))) {
        fmt_printf(f, "swizzle(SWAP,%u)", xor_m);
    } else if (and_m == 0x1f && or_m == 0 && xor_m && !((xor_m + 1) & xor_m)) {
        fmt_printf(f, "swizzle(REVERSE,%u)", xor_m + 1);
    } else if (group > 1 && !(group & (group - 1)) && or_m < group && xor_m == 0) {
        fmt_printf(f, "swizzle(BROADCAST,%u,%u)", group, or_m);
    } else {
        /* per lane-id bit: 0/1 forced, p preserved, i inverted */
        unsigned p0 = or_m ^ xor_m, p1 = ((0x1f & and_m) | or_m) ^ xor_m;
        fmt_puts(f, "swizzle(BITMASK_PERM,\"");
        for (unsigned m = 0x10; m; m >>= 1)
            fmt_puts(f, (p0 & m) == (p1 & m) ? ((p0 & m) ? "1" : "0") : ((p0 & m) ? "i" : "p"));
        fmt_puts(f, "\")");
    }
}

/* The data and address registers are VGPR tuples inside v0..v255. */
isa_status_t isa_chk_ds(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (r->ndst && !isa_reg_ok(t, in->dst, isa_otype_dwords(r->dst_t[0])))
        return ISA_E_OPERAND;
    for (unsigned i = 0; i < r->nsrc; i++)
        if (!isa_reg_ok(t, in->src[i], isa_otype_dwords(r->src_t[i])))
            return ISA_E_OPERAND;
    return ISA_OK;
}

/* DS text: "name vdst, addr, data0, data1 [offset:N | offset0:N offset1:N]
 * [gds]" with the operands the row has. */
int isa_fmt_ds(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    unsigned form = ds_form(in->op);
    fmt_puts(f, r->name);
    size_t mark = f->len;
    if (r->ndst) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, in->dst, isa_otype_dwords(r->dst_t[0])))
            return -1;
    }
    for (unsigned i = 0; i < r->nsrc; i++) {
        fmt_sep(f, mark);
        if (fmt_reg(f, t, in->src[i], isa_otype_dwords(r->src_t[i])))
            return -1;
    }
    if (form & ISA_DS_SWIZZLE) {
        fmt_swizzle(f, (unsigned)in->offset);
    } else if (form & ISA_DS_OFF2) {
        if (in->offset)
            fmt_printf(f, " offset0:%d", in->offset);
        if (in->offset1)
            fmt_printf(f, " offset1:%u", in->offset1);
    } else if (in->offset) {
        fmt_printf(f, " offset:%d", in->offset);
    }
    if (in->gds)
        fmt_puts(f, " gds");
    return 0;
}
