/* mubuf.c — MUBUF (untyped buffer) and MTBUF (typed buffer) decoders and
 * formatters. */
#include "isa/internal.h"

/* Whether the target keeps each 16-bit component of a D16 buffer access in
 * its own dword (LLVM FeatureUnpackedD16VMem: gfx801-gfx805, not gfx810). */
static int unpacked_d16(const isa_target_t *t)
{
    return t->gen == ISA_GFX8 && t->minor == 0;
}

static int is_half(unsigned ot)
{
    return ot == OT_F16 || ot == OT_V2F16;
}

/* Width in dwords of a list of data types, D16 components unpacked when
 * the target does so. */
static unsigned data_dwords(const isa_target_t *t, const uint8_t *types, unsigned n)
{
    unsigned dw = 0;
    for (unsigned i = 0; i < n; i++)
        dw += unpacked_d16(t) && is_half(types[i]) ? (types[i] == OT_V2F16 ? 2u : 1u)
                                                     : isa_otype_dwords(types[i]);
    return dw;
}

/* Width of the VDATA operand of a row without tfe: the data read for
 * stores and atomics, the data returned for loads. */
static unsigned vdata_dwords(const isa_target_t *t, const isa_row_t *r)
{
    return r->nsrc ? data_dwords(t, r->src_t, r->nsrc) : data_dwords(t, r->dst_t, r->ndst);
}

/* Fill the fields MUBUF and MTBUF share: offset[11:0] offen[12] idxen[13]
 * glc[14], gfx6/7 addr64[15]; w1 vaddr[7:0] vdata[15:8] srsrc[20:16]
 * tfe[23] soffset[31:24].  Registers in the source encoding: vaddr and
 * vdata as 256+n, srsrc as its first SGPR, soffset as a scalar source. */
static void dec_buf_common(const isa_target_t *t, uint32_t w0, uint32_t w1, isa_inst_t *out)
{
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->offset = (int32_t)(w0 & 0xfff);
    out->offen = (uint8_t)(w0 >> 12 & 1);
    out->idxen = (uint8_t)(w0 >> 13 & 1);
    out->glc = (uint8_t)(w0 >> 14 & 1);
    out->addr64 = (uint8_t)(t->gen <= ISA_GFX7 ? w0 >> 15 & 1 : 0);
    out->vaddr = (uint16_t)(SRC_VGPR0 + (w1 & 0xff));
    out->vdata = (uint16_t)(SRC_VGPR0 + (w1 >> 8 & 0xff));
    out->srsrc = (uint16_t)((w1 >> 16 & 0x1f) * 4);
    out->tfe = (uint8_t)(w1 >> 23 & 1);
    out->soffset = (uint16_t)(w1 >> 24);
}

/* Set dst/src[0] from vdata as the row's signature says. */
static void set_data_regs(isa_inst_t *out)
{
    const isa_row_t *r = isa_row(out->op);
    if (r->ndst)
        out->dst = out->vdata;
    if (r->nsrc)
        out->src[0] = out->vdata;
}

/* Whether a MUBUF row is a cache control op without operands. */
static int is_cache_op(const isa_row_t *r)
{
    return !r->ndst && !r->nsrc && !(r->flags & ISA_F_LDS);
}

/* MUBUF: [31:26]=0x38, op[24:18], lds[16]; gfx8/9 slc[17] ([15] ignored),
 * gfx6/7 slc in w1[22] ([17] ignored); other fields as dec_buf_common;
 * [25] and w1[21] ignored.
 * LLVM ignores vdata when lds is set, tfe on atomics and on
 * buffer_store_lds_dword, and every field but [16:12] of buffer_wbinvl1*. */
isa_status_t isa_dec_mubuf(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    out->enc = ISA_ENC_MUBUF;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_MUBUF, (w0 >> 18) & 0x7f);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    const isa_row_t *r = isa_row(out->op);
    if (is_cache_op(r)) {
        out->ndw = 2;
        out->w[0] = w0;
        out->w[1] = w1;
        return (w0 & 0x1f000) ? ISA_E_INVALID : ISA_OK;
    }
    int lds_store = out->op == ISA_OP_BUFFER_STORE_LDS_DWORD;
    dec_buf_common(t, w0, w1, out);
    out->lds = (uint8_t)(w0 >> 16 & 1);
    out->slc = (uint8_t)(t->gen <= ISA_GFX7 ? w1 >> 22 & 1 : w0 >> 17 & 1);
    if (out->addr64 && (out->offen || out->idxen))
        return ISA_E_INVALID;
    if (lds_store && (!out->lds || out->offen || out->idxen))
        return ISA_E_INVALID;
    if (out->lds && (!(r->flags & ISA_F_LDS) || (out->tfe && !lds_store)))
        return ISA_E_INVALID;
    if ((r->flags & ISA_F_ATOMIC) || lds_store)
        out->tfe = 0;
    if (!out->lds)
        set_data_regs(out);
    return ISA_OK;
}

/* MTBUF: [31:26]=0x3a, dfmt[22:19], nfmt[25:23]; gfx6/7 op[18:16],
 * gfx8/9 op[18:15]; w1 slc[22]; other fields as dec_buf_common.  w1[21]
 * ignored; gfx8/9 ignore tfe. */
isa_status_t isa_dec_mtbuf(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    int old = t->gen <= ISA_GFX7;
    out->enc = ISA_ENC_MTBUF;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_MTBUF, old ? (w0 >> 16) & 7 : (w0 >> 15) & 0xf);
    if (out->op >= ISA_OP_COUNT)
        return ISA_E_INVALID;
    dec_buf_common(t, w0, w1, out);
    out->dfmt = (uint8_t)(w0 >> 19 & 0xf);
    out->nfmt = (uint8_t)(w0 >> 23 & 7);
    out->slc = (uint8_t)(w1 >> 22 & 1);
    if (!old)
        out->tfe = 0;
    if (out->addr64 && (out->offen || out->idxen))
        return ISA_E_INVALID;
    set_data_regs(out);
    return ISA_OK;
}

/* Whether srsrc s is a quad LLVM decodes (see fmt_srsrc). */
static int srsrc_ok(const isa_target_t *t, unsigned s)
{
    return s <= 100 || (t->gen >= ISA_GFX8 && s == 104) || (t->gen == ISA_GFX8 && s == 108) ||
           isa_reg_ok(t, s, 4);
}

/* srsrc as LLVM prints it: an aligned SGPR quad or ttmp quad; LLVM 16
 * names the gfx8/9 quads at 104 (and gfx8 108) after the 64-bit special
 * register there, with a comment. */
static int fmt_srsrc(isa_fmt_t *f, const isa_target_t *t, unsigned s)
{
    static const char bad128[] = "/*Invalid register, operand has 'SReg_128' register class*/";
    if (s <= 100) {
        fmt_printf(f, "s[%u:%u]", s, s + 3);
        return 0;
    }
    if (t->gen >= ISA_GFX8 && s == 104) {
        fmt_printf(f, "xnack_mask%s", bad128);
        return 0;
    }
    if (t->gen == ISA_GFX8 && s == 108) {
        fmt_printf(f, "tba%s", bad128);
        return 0;
    }
    return fmt_reg(f, t, s, 4);
}

/* soffset: any 32-bit scalar source but a literal; gfx6/7 lack the src_*
 * apertures and lds_direct, which LLVM 16 prints with a comment. */
static int soffset_ok(const isa_target_t *t, const isa_inst_t *in)
{
    unsigned s = in->soffset;
    if (s == SRC_LITERAL || (t->gen <= ISA_GFX7 && ((s >= 235 && s <= 239) || s == SRC_LDS_DIRECT)))
        return 0;
    return isa_src_ok(t, in, s, OT_B32);
}

static int fmt_soffset(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    unsigned s = in->soffset;
    if (fmt_src(f, t, in, s, OT_B32))
        return -1;
    if (s == SRC_LDS_DIRECT)
        fmt_puts(f, "/*Invalid register, operand has 'SReg_32' register class*/");
    return 0;
}

/* The width of vaddr. */
static unsigned vaddr_dwords(const isa_inst_t *in)
{
    return (in->offen && in->idxen) || in->addr64 ? 2 : 1;
}

/* Whether vaddr (if used), srsrc and soffset are ones LLVM decodes. */
static int addr_ok(const isa_target_t *t, const isa_inst_t *in)
{
    if ((in->offen || in->idxen || in->addr64) && !isa_reg_ok(t, in->vaddr, vaddr_dwords(in)))
        return 0;
    return srsrc_ok(t, in->srsrc) && soffset_ok(t, in);
}

/* "vaddr|off, srsrc, soffset" (the caller printed the separator). */
static int fmt_addr(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    if (in->offen || in->idxen || in->addr64) {
        if (fmt_reg(f, t, in->vaddr, vaddr_dwords(in)))
            return -1;
    } else {
        fmt_puts(f, "off");
    }
    fmt_puts(f, ", ");
    if (fmt_srsrc(f, t, in->srsrc))
        return -1;
    fmt_puts(f, ", ");
    return fmt_soffset(f, t, in);
}

/* " idxen offen addr64 offset:N" as far as set. */
static void fmt_addr_mods(isa_fmt_t *f, const isa_inst_t *in)
{
    if (in->idxen)
        fmt_puts(f, " idxen");
    if (in->offen)
        fmt_puts(f, " offen");
    if (in->addr64)
        fmt_puts(f, " addr64");
    if (in->offset)
        fmt_printf(f, " offset:%d", in->offset);
}

static void fmt_cache_mods(isa_fmt_t *f, const isa_inst_t *in)
{
    if (in->glc)
        fmt_puts(f, " glc");
    if (in->slc)
        fmt_puts(f, " slc");
}

/* The width of vdata: tfe adds a status dword on gfx8/9 (LLVM 16). */
static unsigned vdata_width(const isa_target_t *t, const isa_inst_t *in)
{
    return vdata_dwords(t, isa_row(in->op)) + (in->tfe && t->gen >= ISA_GFX8);
}

static int fmt_vdata(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in)
{
    return fmt_reg(f, t, in->vdata, vdata_width(t, in));
}

isa_status_t isa_chk_mubuf(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    if (is_cache_op(r))
        return ISA_OK;
    if (in->op == ISA_OP_BUFFER_STORE_LDS_DWORD)
        return srsrc_ok(t, in->srsrc) && soffset_ok(t, in) ? ISA_OK : ISA_E_OPERAND;
    if (!in->lds && !isa_reg_ok(t, in->vdata, vdata_width(t, in)))
        return ISA_E_OPERAND;
    return addr_ok(t, in) ? ISA_OK : ISA_E_OPERAND;
}

isa_status_t isa_chk_mtbuf(const isa_target_t *t, const isa_inst_t *in)
{
    return isa_reg_ok(t, in->vdata, vdata_width(t, in)) && addr_ok(t, in) ? ISA_OK : ISA_E_OPERAND;
}

/* MUBUF text: "name vdata, vaddr|off, srsrc, soffset [idxen offen addr64
 * offset:N glc slc lds tfe]"; lds forms drop vdata. */
int isa_fmt_mubuf(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    fmt_puts(f, r->name);
    if (is_cache_op(r))
        return 0;
    fmt_puts(f, " ");
    if (in->op == ISA_OP_BUFFER_STORE_LDS_DWORD) {
        if (fmt_srsrc(f, t, in->srsrc))
            return -1;
        fmt_puts(f, ", ");
        if (fmt_soffset(f, t, in))
            return -1;
        fmt_addr_mods(f, in);
        fmt_puts(f, " lds");
        fmt_cache_mods(f, in);
        return 0;
    }
    if (!in->lds) {
        if (fmt_vdata(f, t, in))
            return -1;
        fmt_puts(f, ", ");
    }
    if (fmt_addr(f, t, in))
        return -1;
    fmt_addr_mods(f, in);
    fmt_cache_mods(f, in);
    if (in->lds)
        fmt_puts(f, " lds");
    if (in->tfe)
        fmt_puts(f, " tfe");
    return 0;
}

/* " format:[DFMT,NFMT]" leaving out the defaults (BUF_DATA_FORMAT_8,
 * BUF_NUM_FORMAT_UNORM); nothing when both are the default. */
static void fmt_format(isa_fmt_t *f, const isa_target_t *t, unsigned dfmt, unsigned nfmt)
{
    static const char *const dfmts[16] = {
        "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
        "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16", "32_32_32",
        "32_32_32_32", "RESERVED_15"};
    static const char *const nfmts[8] = {"UNORM", "SNORM", "USCALED", "SSCALED",
                                         "UINT", "SINT", "RESERVED_6", "FLOAT"};
    if (dfmt == 1 && nfmt == 0)
        return;
    fmt_puts(f, " format:[");
    if (dfmt != 1)
        fmt_printf(f, "BUF_DATA_FORMAT_%s%s", dfmts[dfmt], nfmt ? "," : "");
    if (nfmt)
        fmt_printf(f, "BUF_NUM_FORMAT_%s",
                   nfmt == 6 && t->gen <= ISA_GFX7 ? "SNORM_OGL" : nfmts[nfmt]);
    fmt_puts(f, "]");
}

/* MTBUF text: "name vdata, vaddr|off, srsrc, soffset [format:[..] idxen
 * offen addr64 offset:N glc slc tfe]" (tfe only on gfx6/7). */
int isa_fmt_mtbuf(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    fmt_puts(f, isa_row(in->op)->name);
    fmt_puts(f, " ");
    if (fmt_vdata(f, t, in))
        return -1;
    fmt_puts(f, ", ");
    if (fmt_addr(f, t, in))
        return -1;
    fmt_format(f, t, in->dfmt, in->nfmt);
    fmt_addr_mods(f, in);
    fmt_cache_mods(f, in);
    if (in->tfe)
        fmt_puts(f, " tfe");
    return 0;
}
