/* decode.c — encoding classification of the first dword, and dispatch to
 * the family decoders and formatters. */
#include <stdio.h>
#include <string.h>
#include "isa/internal.h"

unsigned isa_classify(unsigned gen, uint32_t w0)
{
    unsigned top9 = w0 >> 23, top6 = w0 >> 26;
    if (top9 == 0x17D)
        return ISA_ENC_SOP1;
    if (top9 == 0x17E)
        return ISA_ENC_SOPC;
    if (top9 == 0x17F)
        return ISA_ENC_SOPP;
    if ((w0 >> 28) == 0xB)
        return ISA_ENC_SOPK;
    if ((w0 >> 30) == 0x2)
        return ISA_ENC_SOP2;
    if (!(w0 >> 31)) {
        unsigned top7 = w0 >> 25;
        return top7 == 0x3F ? ISA_ENC_VOP1 : top7 == 0x3E ? ISA_ENC_VOPC : ISA_ENC_VOP2;
    }
    if (gen <= ISA_GFX7) {
        if ((w0 >> 27) == 0x18)
            return ISA_ENC_SMRD;
        switch (top6) {
        case 0x32: return ISA_ENC_VINTRP;
        case 0x34: return ISA_ENC_VOP3;
        case 0x36: return ISA_ENC_DS;
        case 0x37: return gen == ISA_GFX7 ? ISA_ENC_FLAT : ISA_ENC_INVALID;
        case 0x38: return ISA_ENC_MUBUF;
        case 0x3A: return ISA_ENC_MTBUF;
        case 0x3C: return ISA_ENC_MIMG;
        case 0x3E: return ISA_ENC_EXP;
        default: return ISA_ENC_INVALID;
        }
    }
    switch (top6) {
    case 0x30: return ISA_ENC_SMEM;
    case 0x31: return ISA_ENC_EXP;
    case 0x34: return (gen >= ISA_GFX9 && top9 == 0x1A7) ? ISA_ENC_VOP3P : ISA_ENC_VOP3;
    case 0x35: return ISA_ENC_VINTRP;
    case 0x36: return ISA_ENC_DS;
    case 0x37: return ISA_ENC_FLAT;
    case 0x38: return ISA_ENC_MUBUF;
    case 0x3A: return ISA_ENC_MTBUF;
    case 0x3C: return ISA_ENC_MIMG;
    default: return ISA_ENC_INVALID;
    }
}

typedef isa_status_t (*dec_fn)(const isa_target_t *, const uint32_t *, size_t, isa_inst_t *);
typedef isa_status_t (*chk_fn)(const isa_target_t *, const isa_inst_t *);
typedef int (*fmt_fn)(isa_fmt_t *, const isa_target_t *, const isa_inst_t *, uint64_t);

static const struct {
    dec_fn dec;
    chk_fn chk;
    fmt_fn fmt;
} family[ISA_ENC_COUNT] = {
    [ISA_ENC_SOP1] = {isa_dec_sop1, isa_chk_sop1, isa_fmt_sop1},
    [ISA_ENC_SOP2] = {isa_dec_sop2, isa_chk_sop2, isa_fmt_sop2},
    [ISA_ENC_SOPK] = {isa_dec_sopk, isa_chk_sopk, isa_fmt_sopk},
    [ISA_ENC_SOPC] = {isa_dec_sopc, isa_chk_sopc, isa_fmt_sopc},
    [ISA_ENC_SOPP] = {isa_dec_sopp, isa_chk_sopp, isa_fmt_sopp},
    [ISA_ENC_SMRD] = {isa_dec_smrd, isa_chk_smrd, isa_fmt_smrd},
    [ISA_ENC_SMEM] = {isa_dec_smem, isa_chk_smem, isa_fmt_smem},
    [ISA_ENC_VOP1] = {isa_dec_vop1, isa_chk_vop1, isa_fmt_vop1},
    [ISA_ENC_VOP2] = {isa_dec_vop2, isa_chk_vop2, isa_fmt_vop2},
    [ISA_ENC_VOPC] = {isa_dec_vopc, isa_chk_vopc, isa_fmt_vopc},
    [ISA_ENC_VOP3] = {isa_dec_vop3, isa_chk_vop3, isa_fmt_vop3},
    [ISA_ENC_VOP3P] = {isa_dec_vop3p, isa_chk_vop3p, isa_fmt_vop3p},
    [ISA_ENC_SDWA] = {isa_dec_sdwa, isa_chk_sdwa, isa_fmt_sdwa},
    [ISA_ENC_DPP] = {isa_dec_dpp, isa_chk_dpp, isa_fmt_dpp},
    [ISA_ENC_VINTRP] = {isa_dec_vintrp, isa_chk_vintrp, isa_fmt_vintrp},
    [ISA_ENC_DS] = {isa_dec_ds, isa_chk_ds, isa_fmt_ds},
    [ISA_ENC_MUBUF] = {isa_dec_mubuf, isa_chk_mubuf, isa_fmt_mubuf},
    [ISA_ENC_MTBUF] = {isa_dec_mtbuf, isa_chk_mtbuf, isa_fmt_mtbuf},
    [ISA_ENC_MIMG] = {isa_dec_mimg, isa_chk_mimg, isa_fmt_mimg},
    [ISA_ENC_FLAT] = {isa_dec_flat, isa_chk_flat, isa_fmt_flat},
    [ISA_ENC_EXP] = {isa_dec_exp, isa_chk_exp, isa_fmt_exp},
};

static void set_invalid(isa_inst_t *out, const uint32_t *w, size_t n)
{
    memset(out, 0, sizeof *out);
    out->op = ISA_OP_COUNT;
    out->enc = ISA_ENC_INVALID;
    out->ndw = 1;
    out->w[0] = n ? w[0] : 0;
}

const char *isa_status_text(isa_status_t s)
{
    switch (s) {
    case ISA_OK: return "a valid instruction";
    case ISA_E_TRUNC: return "truncated: the instruction runs past the end of the code";
    case ISA_E_ENCODING: return "its leading bits name no encoding of the generation";
    case ISA_E_OPCODE: return "unknown opcode in its encoding for the target";
    case ISA_E_FIELD: return "a field holds a value the instruction does not allow";
    case ISA_E_OPERAND: return "an operand names no register or constant the instruction takes";
    default: return "not an instruction of the target";
    }
}

/* Mark *out invalid with status st and return st. */
static isa_status_t invalid(isa_inst_t *out, const uint32_t *w, size_t n, isa_status_t st)
{
    set_invalid(out, w, n);
    out->status = (uint8_t)st;
    return st;
}

isa_status_t isa_decode(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    set_invalid(out, w, n);
    if (n == 0)
        return invalid(out, w, n, ISA_E_TRUNC);
    unsigned enc = isa_classify(t->gen, w[0]);
    if (enc == ISA_ENC_INVALID || !family[enc].dec)
        return invalid(out, w, n, ISA_E_ENCODING);
    isa_status_t st = family[enc].dec(t, w, n, out);
    if (st == ISA_E_TRUNC)
        return invalid(out, w, n, ISA_E_TRUNC);
    if (out->op >= ISA_OP_COUNT)
        return invalid(out, w, n, ISA_E_OPCODE);
    if (st != ISA_OK)
        return invalid(out, w, n, ISA_E_FIELD);
    /* operands and fields the instruction does not take make the word
     * invalid; an instruction LLVM only cannot print or assemble back stays
     * valid and runs (isa_format shows it as data) */
    st = family[out->enc].chk(t, out);
    if (st != ISA_OK)
        return invalid(out, w, n, st);
    return ISA_OK;
}

int isa_format(const isa_target_t *t, const isa_inst_t *in, uint64_t pc, char *buf, size_t buflen)
{
    isa_fmt_t f = {buf, buflen, 0};
    if (buflen)
        buf[0] = 0;
    int r = -1;
    if (in->op < ISA_OP_COUNT && in->enc < ISA_ENC_COUNT && family[in->enc].fmt &&
        family[in->enc].chk(t, in) == ISA_OK)
        r = family[in->enc].fmt(&f, t, in, pc);
    if (r < 0) {
        if (buflen)
            snprintf(buf, buflen, ".long 0x%08x", in->w[0]);
        return r == ISA_FMT_UNPRINTABLE ? ISA_FMT_UNPRINTABLE : -1;
    }
    return (int)f.len;
}

int64_t isa_branch_target(const isa_inst_t *in, uint64_t pc)
{
    if (in->op >= ISA_OP_COUNT || in->enc != ISA_ENC_SOPP || !(isa_row(in->op)->flags & ISA_F_BRANCH))
        return -1;
    return (int64_t)(pc + 4 + (int64_t)(int16_t)in->simm * 4);
}
