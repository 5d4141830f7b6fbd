/* fmt_common.c — text building and the operand spellings LLVM uses:
 * registers, special registers, inline constants and literals. */
#include <stdio.h>
#include <string.h>
#include "isa/internal.h"

void fmt_puts(isa_fmt_t *f, const char *s)
{
    size_t n = strlen(s);
    if (f->cap == 0)
        return;
    if (f->len + n >= f->cap)
        n = f->cap - 1 - f->len;
    memcpy(f->buf + f->len, s, n);
    f->len += n;
    f->buf[f->len] = 0;
}

void fmt_printf(isa_fmt_t *f, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    fmt_puts(f, tmp);
}

void fmt_sep(isa_fmt_t *f, size_t mark)
{
    fmt_puts(f, f->len > mark ? ", " : " ");
}

void fmt_hex(isa_fmt_t *f, uint32_t v)
{
    fmt_printf(f, "0x%x", v);
}

/* Number of SGPRs addressable by encoding in a generation (s0..s(n-1)). */
static unsigned num_sgpr_enc(unsigned gen)
{
    return gen <= ISA_GFX7 ? 104 : 102;
}

/* Name of a 32-bit special register; see isa.h. */
const char *isa_sreg32_name(const isa_target_t *t, unsigned v)
{
    switch (v) {
    case 102: return t->gen >= ISA_GFX8 ? "flat_scratch_lo" : NULL;
    case 103: return t->gen >= ISA_GFX8 ? "flat_scratch_hi" : NULL;
    case 104: return t->gen >= ISA_GFX8 ? "xnack_mask_lo" : t->gen == ISA_GFX7 ? "flat_scratch_lo" : NULL;
    case 105: return t->gen >= ISA_GFX8 ? "xnack_mask_hi" : t->gen == ISA_GFX7 ? "flat_scratch_hi" : NULL;
    case 106: return "vcc_lo";
    case 107: return "vcc_hi";
    case 124: return "m0";
    case 125: return t->gen >= ISA_GFX8 ? "null" : NULL;
    case 126: return "exec_lo";
    case 127: return "exec_hi";
    default: break;
    }
    if (t->gen <= ISA_GFX8) {
        static const char *tb[] = {"tba_lo", "tba_hi", "tma_lo", "tma_hi"};
        if (v >= 108 && v <= 111)
            return tb[v - 108];
    }
    return NULL;
}

/* Name of a 64-bit special register pair starting at v, NULL if none. */
static const char *special64(const isa_target_t *t, unsigned v)
{
    switch (v) {
    case 102: return t->gen >= ISA_GFX8 ? "flat_scratch" : NULL;
    case 104: return t->gen >= ISA_GFX8 ? "xnack_mask" : t->gen == ISA_GFX7 ? "flat_scratch" : NULL;
    case 106: return "vcc";
    case 108: return t->gen <= ISA_GFX8 ? "tba" : NULL;
    case 110: return t->gen <= ISA_GFX8 ? "tma" : NULL;
    case 124: return NULL;
    case 125: return t->gen >= ISA_GFX8 ? "null" : NULL;
    case 126: return "exec";
    default: return NULL;
    }
}

static unsigned ttmp_base(const isa_target_t *t)
{
    return t->gen >= ISA_GFX9 ? SRC_TTMP0_GFX9 : SRC_TTMP0_GFX6;
}

/* Alignment (in registers) LLVM rounds a scalar tuple down to. */
static unsigned sreg_align(unsigned width)
{
    return width >= 4 ? 4 : width == 2 ? 2 : 1;
}

int isa_reg_ok(const isa_target_t *t, unsigned v, unsigned width)
{
    if (width == 0)
        width = 1;
    if (v >= SRC_VGPR0)
        return v - SRC_VGPR0 + width <= 256;
    unsigned a = sreg_align(width);
    if (v < num_sgpr_enc(t->gen))
        /* LLVM's tuples may run past the last encodable SGPR into s105 */
        return v - v % a + width <= (t->gen <= ISA_GFX7 ? 104u : 106u);
    unsigned tb = ttmp_base(t);
    if (v >= tb && v <= 123) {
        unsigned n = v - tb;
        /* LLVM has ttmp tuples up to ttmp15 from gfx8 on */
        return n - n % a + width <= (t->gen >= ISA_GFX8 ? 16u : 12u);
    }
    if (width == 1)
        return isa_sreg32_name(t, v) != NULL;
    return width == 2 && (v % 2 == 0 || v == 125) && special64(t, v) != NULL;
}

int fmt_reg(isa_fmt_t *f, const isa_target_t *t, unsigned v, unsigned width)
{
    if (width == 0)
        width = 1;
    if (!isa_reg_ok(t, v, width))
        return -1;
    if (v >= SRC_VGPR0) {
        unsigned n = v - SRC_VGPR0;
        if (width == 1)
            fmt_printf(f, "v%u", n);
        else
            fmt_printf(f, "v[%u:%u]", n, n + width - 1);
        return 0;
    }
    unsigned a = sreg_align(width), tb = ttmp_base(t);
    if (v < num_sgpr_enc(t->gen)) {
        v -= v % a;
        if (width == 1)
            fmt_printf(f, "s%u", v);
        else
            fmt_printf(f, "s[%u:%u]", v, v + width - 1);
        return 0;
    }
    if (v >= tb && v <= 123) {
        unsigned n = v - tb;
        n -= n % a;
        if (width == 1)
            fmt_printf(f, "ttmp%u", n);
        else
            fmt_printf(f, "ttmp[%u:%u]", n, n + width - 1);
        return 0;
    }
    fmt_puts(f, width == 1 ? isa_sreg32_name(t, v) : special64(t, v));
    return 0;
}

int isa_is_inline(const isa_target_t *t, unsigned v)
{
    if (v >= 128 && v <= 208)
        return 1;
    if (v >= 240 && v <= 247)
        return 1;
    return v == SRC_INV_2PI && t->gen >= ISA_GFX8;
}

uint64_t isa_inline_value(unsigned v, unsigned ot)
{
    static const uint32_t f32[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                   0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
    static const uint16_t f16[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    static const uint64_t f64[] = {0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
                                   0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
                                   0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
    unsigned dw = isa_otype_dwords(ot);
    if (v >= 128 && v <= 192)
        return v - 128;
    if (v >= 193 && v <= 208)
        return (uint64_t)-(int64_t)(v - 192);
    unsigned i = v - 240;
    if (dw == 2)
        return f64[i];
    if (ot == OT_B16 || ot == OT_I16 || ot == OT_U16 || ot == OT_F16 || ot == OT_V2F16 ||
        ot == OT_V2I16 || ot == OT_V2B16)
        return f16[i];
    return f32[i];
}

/* LLVM's printImmediate16/32/64: a 16-bit operand prints its low half as
 * an integer or in hex, and a float name only when the whole value is that
 * half (a literal with high bits set never prints as one); integer 16-bit
 * operands never print a float name (LLVM's printImmediateInt16).  Which
 * float name bits print as: 0..7 the constants 0.5..-4.0 (240..247), 8
 * 1/(2pi), -1 none (an integer or hex).  *val gets the value printed. */
static int imm_float_name(const isa_target_t *t, uint64_t bits, unsigned ot, uint64_t *val)
{
    unsigned dw = isa_otype_dwords(ot);
    int is16 = ot == OT_B16 || ot == OT_I16 || ot == OT_U16 || ot == OT_F16 || ot == OT_V2F16 ||
               ot == OT_V2I16 || ot == OT_V2B16;
    int int16 = ot == OT_B16 || ot == OT_I16 || ot == OT_U16 || ot == OT_V2I16 || ot == OT_V2B16;
    if (dw != 2)
        bits &= 0xffffffff;
    if (is16 && bits > 0xffff) {     /* only the low half can print */
        int16 = 1;
        bits &= 0xffff;
    }
    *val = bits;
    int64_t s = dw == 2 ? (int64_t)bits : is16 ? (int16_t)bits : (int32_t)bits;
    if (s >= -16 && s <= 64)
        return -1;
    for (unsigned i = 0; i < 8 && !int16; i++)
        if (isa_inline_value(240 + i, ot) == bits)
            return (int)i;
    if (t->gen >= ISA_GFX8 && !int16 && isa_inline_value(SRC_INV_2PI, ot) == bits)
        return 8;
    return -1;
}

int isa_imm_prints_float(const isa_target_t *t, uint64_t bits, unsigned ot)
{
    uint64_t v;
    return imm_float_name(t, bits, ot, &v) >= 0;
}

/* Print an immediate the way LLVM does (see imm_float_name). */
static void print_imm(isa_fmt_t *f, const isa_target_t *t, uint64_t bits, unsigned ot)
{
    static const char *names[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};
    unsigned dw = isa_otype_dwords(ot);
    int is16 = ot == OT_B16 || ot == OT_I16 || ot == OT_U16 || ot == OT_F16 || ot == OT_V2F16 ||
               ot == OT_V2I16 || ot == OT_V2B16;
    int k = imm_float_name(t, bits, ot, &bits);
    int64_t s = dw == 2 ? (int64_t)bits : is16 ? (int16_t)bits : (int32_t)bits;
    if (k == 8)
        fmt_puts(f, dw == 2 ? "0.15915494309189532" : "0.15915494");
    else if (k >= 0)
        fmt_puts(f, names[k]);
    else if (s >= -16 && s <= 64)
        fmt_printf(f, "%lld", (long long)s);
    else
        fmt_printf(f, "0x%llx", (unsigned long long)bits);
}

int isa_src_ok(const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot)
{
    unsigned dw = isa_otype_dwords(ot);
    if (v == SRC_LITERAL)
        return in->has_lit;
    if (isa_is_inline(t, v))
        return 1;
    if (v >= 235 && v <= 239)
        return t->gen >= ISA_GFX8;
    if (v == SRC_LDS_DIRECT)
        return dw != 2;
    if (v >= SRC_VCCZ && v <= SRC_SCC)
        return 1;
    return isa_reg_ok(t, v, dw ? dw : 1);
}

int fmt_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot)
{
    unsigned dw = isa_otype_dwords(ot);
    if (!isa_src_ok(t, in, v, ot))
        return -1;
    if (v == SRC_LITERAL) {
        /* a 32-bit literal in a 64-bit operand is zero-extended */
        print_imm(f, t, in->literal, ot == OT_SREG64 ? OT_B64 : ot);
        return 0;
    }
    if (isa_is_inline(t, v)) {
        print_imm(f, t, isa_inline_value(v, ot), ot);
        return 0;
    }
    switch (v) {
    case 235: fmt_puts(f, "src_shared_base"); return 0;
    case 236: fmt_puts(f, "src_shared_limit"); return 0;
    case 237: fmt_puts(f, "src_private_base"); return 0;
    case 238: fmt_puts(f, "src_private_limit"); return 0;
    case 239: fmt_puts(f, "src_pops_exiting_wave_id"); return 0;
    case SRC_VCCZ: fmt_puts(f, "src_vccz"); return 0;
    case SRC_EXECZ: fmt_puts(f, "src_execz"); return 0;
    case SRC_SCC: fmt_puts(f, "src_scc"); return 0;
    case SRC_LDS_DIRECT: fmt_puts(f, "src_lds_direct"); return 0;
    default: break;
    }
    return fmt_reg(f, t, v, dw ? dw : 1);
}

isa_status_t isa_take_literal(const uint32_t *w, size_t n, unsigned nbase, isa_inst_t *out)
{
    if (n <= nbase)
        return ISA_E_TRUNC;
    out->literal = w[nbase];
    out->has_lit = 1;
    out->w[nbase < 3 ? nbase : 2] = w[nbase];
    out->ndw = (uint8_t)(nbase + 1);
    return ISA_OK;
}

int isa_format_reg(const isa_target_t *t, unsigned v, unsigned width, char *buf, size_t buflen)
{
    isa_fmt_t f = {buf, buflen, 0};
    if (buflen)
        buf[0] = 0;
    return fmt_reg(&f, t, v, width) ? -1 : (int)f.len;
}
