/* test_sdwa_dpp.c — SDWA and DPP forms of VOP1/VOP2/VOPC (gfx8, gfx9):
 * text and validity against vectors printed by llvm-mc-16 --disassemble,
 * and the decoded fields the simulator reads. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"
#include "tests/unit/check.h"

typedef struct {
    const char *target;
    uint32_t w[2];
    unsigned ndw;       /* length LLVM decodes: 2 SDWA/DPP, 1 the e32 form */
    const char *text;   /* LLVM 16's text; NULL: invalid instruction encoding */
} vec_t;

/* (target, words, length, text) as llvm-mc-16 prints them.  Length 1 is
 * LLVM reading the first dword alone as an e32 instruction (v_nop,
 * v_swap_b32) after the SDWA/DPP decoding failed. */
static const vec_t vecs[] = {
    {"gfx803", {0x020004f9, 0x06050601}, 2, "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD"},
    {"gfx803", {0x020004f9, 0x05041501}, 2, "v_add_f32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_1"},
    {"gfx803", {0x020004f9, 0x00012c01}, 2, "v_add_f32_sdwa v0, v1, v2 clamp dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_1 src1_sel:BYTE_0"},
    {"gfx803", {0x020004f9, 0x36360e01}, 2, "v_add_f32_sdwa v0, -|v1|, -|v2| dst_sel:DWORD dst_unused:UNUSED_SEXT src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x020004f9, 0x06061e01}, 2, "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x020004f9, 0xb6b60601}, 2, "v_add_f32_sdwa v0, -|v1|, -|v2| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x020004f9, 0x8686c601}, 2, "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x260004f9, 0x0e0e0601}, 2, "v_and_b32_sdwa v0, sext(v1), sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x7e0002f9, 0x00060601}, 2, "v_mov_b32_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD"},
    {"gfx803", {0x7e0002f9, 0x00162601}, 0, NULL},
    {"gfx803", {0x7e0014f9, 0x00020405}, 2, "v_cvt_f16_f32_sdwa v0, v5 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:BYTE_2"},
    {"gfx803", {0x7c8404f9, 0x06060001}, 2, "v_cmp_eq_f32 vcc, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x7c8404f9, 0x06062001}, 2, "v_cmp_eq_f32 vcc, v1, v2 clamp src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x7d8404f9, 0x0e0e0001}, 2, "v_cmp_eq_i32 vcc, sext(v1), sext(v2) src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x7c2204f9, 0x0e260001}, 2, "v_cmpx_class_f32 vcc, |v1|, sext(v2) src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x320004f9, 0x06060601}, 2, "v_add_u32_sdwa v0, vcc, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x380004f9, 0x0e060601}, 2, "v_addc_u32_sdwa v0, vcc, v1, sext(v2), vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x000004f9, 0x36360601}, 2, "v_cndmask_b32_sdwa v0, -|v1|, -|v2|, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x2c0004f9, 0x06060601}, 2, "v_mac_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x4c0004f9, 0x06060601}, 2, "v_add_u16_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx803", {0x020004f9, 0x060e0601}, 0, NULL},
    {"gfx803", {0x260004f9, 0x06160601}, 0, NULL},
    {"gfx803", {0x7e0002f9, 0x01060601}, 0, NULL},
    {"gfx803", {0x7e0004f9, 0x00060601}, 0, NULL},
    {"gfx803", {0x7e0006f9, 0x00060601}, 0, NULL},
    {"gfx803", {0x7dc004f9, 0x06060001}, 0, NULL},
    {"gfx803", {0x7e0002fa, 0xff00e401}, 2, "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x7e0002fa, 0x00081b01}, 2, "v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0x0 bank_mask:0x0 bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff090101}, 2, "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff091f01}, 2, "v_mov_b32_dpp v0, v1 row_shr:15 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff092101}, 2, "v_mov_b32_dpp v0, v1 row_ror:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff093001}, 2, "v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff093401}, 2, "v_mov_b32_dpp v0, v1 wave_rol:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff093801}, 2, "v_mov_b32_dpp v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff093c01}, 2, "v_mov_b32_dpp v0, v1 wave_ror:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff094001}, 2, "v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff094101}, 2, "v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff094201}, 2, "v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff094301}, 2, "v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff090001}, 2, "v_mov_b32_dpp v0, v1 /* Invalid dpp_ctrl value */ row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff095001}, 2, "v_mov_b32_dpp v0, v1 /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */ row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xff096501}, 2, "v_mov_b32_dpp v0, v1 /* row_xmask is not supported on ASICs earlier than GFX10 */ row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0002fa, 0xa50de401}, 2, "v_mov_b32_dpp v0, v1 /* Invalid dpp_ctrl value */ row_mask:0xa bank_mask:0x5 bound_ctrl:1"},
    {"gfx803", {0x020004fa, 0xff30e401}, 2, "v_add_f32_dpp v0, -|v1|, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x020004fa, 0xfff0e401}, 2, "v_add_f32_dpp v0, -|v1|, -|v2| quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x000004fa, 0xffa0e401}, 2, "v_cndmask_b32_dpp v0, |v1|, |v2|, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x320004fa, 0xff00e401}, 2, "v_add_u32_dpp v0, vcc, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x380004fa, 0xff00e401}, 2, "v_addc_u32_dpp v0, vcc, v1, v2, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x2c0004fa, 0xff00e401}, 2, "v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x660004fa, 0xffd0e401}, 2, "v_ldexp_f16_dpp v0, -v1, sext(v2) quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx803", {0x7e0000fa, 0x5f0f5000}, 2, "v_nop /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */ row_mask:0x5 bank_mask:0xf bound_ctrl:1"},
    {"gfx803", {0x7e0000f9, 0x00001900}, 2, "v_nop"},
    {"gfx803", {0x7e0000f9, 0xc0c0c000}, 2, "v_nop"},
    {"gfx803", {0x7e0000f9, 0x00010000}, 1, "v_nop"},
    {"gfx803", {0x7e3500f9, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e006af9, 0x00000000}, 1, "v_clrexcp"},
    {"gfx803", {0x260004fa, 0xff10e401}, 0, NULL},
    {"gfx803", {0x7e0002fa, 0xff40e401}, 0, NULL},
    {"gfx803", {0x7c8404fa, 0xff00e401}, 0, NULL},
    {"gfx803", {0x7e0200fa, 0xff00e401}, 0, NULL},
    {"gfx803", {0x7e0000fa, 0xff00e401}, 1, "v_nop"},
    {"gfx900", {0x020004f9, 0x06050601}, 2, "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x06064601}, 2, "v_add_f32_sdwa v0, v1, v2 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x0606a601}, 2, "v_add_f32_sdwa v0, v1, v2 clamp mul:4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x0606e601}, 2, "v_add_f32_sdwa v0, v1, v2 clamp div:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x068606f0}, 2, "v_add_f32_sdwa v0, 0.5, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x069606f0}, 2, "v_add_f32_sdwa v0, neg(0.5), v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x06b60680}, 2, "v_add_f32_sdwa v0, -|0|, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x0686067e}, 2, "v_add_f32_sdwa v0, exec_lo, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x020004f9, 0x96060601}, 2, "v_add_f32_sdwa v0, v1, -s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x0201e0f9, 0x86060601}, 2, "v_add_f32_sdwa v0, v1, 0.5 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x0201f6f9, 0x86060601}, 2, "v_add_f32_sdwa v0, v1, src_vccz dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x260004f9, 0x068e06c1}, 2, "v_and_b32_sdwa v0, sext(-1), v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x260004f9, 0x068606ff}, 0, NULL},
    {"gfx900", {0x260004f9, 0x06860666}, 2, "v_and_b32_sdwa v0, flat_scratch_lo, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x4c0004f9, 0x068606f0}, 2, "v_add_u16_sdwa v0, 0x3800, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x4c0004f9, 0x068606c1}, 2, "v_add_u16_sdwa v0, -1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7e0002f9, 0x00860601}, 2, "v_mov_b32_sdwa v0, s1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD"},
    {"gfx900", {0x7e000af9, 0x00064601}, 2, "v_cvt_f32_i32_sdwa v0, v1 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD"},
    {"gfx900", {0x7e000ef9, 0x00064601}, 0, NULL},
    {"gfx900", {0x7c8404f9, 0x06060001}, 2, "v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x06068a01}, 2, "v_cmp_eq_f32_sdwa s[10:11], v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x0606ec01}, 2, "v_cmp_eq_f32_sdwa ttmp[0:1], v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x0606fd01}, 2, "v_cmp_eq_f32_sdwa null, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x0606fe01}, 2, "v_cmp_eq_f32_sdwa exec, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x0606e601}, 2, "v_cmp_eq_f32_sdwa flat_scratch, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x7c8404f9, 0x06067f01}, 2, "v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x320004f9, 0x06060601}, 2, "v_add_co_u32_sdwa v0, vcc, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x380004f9, 0x86860601}, 2, "v_addc_co_u32_sdwa v0, vcc, s1, s2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x680004f9, 0x06060601}, 2, "v_add_u32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x660004f9, 0x0e060601}, 2, "v_ldexp_f16_sdwa v0, v1, sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx900", {0x2c0004f9, 0x06060601}, 0, NULL},
    {"gfx900", {0x260004f9, 0x06064601}, 0, NULL},
    {"gfx900", {0x7e0002f9, 0x80060601}, 0, NULL},
    {"gfx900", {0x7c8404f9, 0x0606e701}, 0, NULL},
    {"gfx900", {0x020004f9, 0x068606ff}, 0, NULL},
    {"gfx900", {0x020004f9, 0x068606f9}, 0, NULL},
    {"gfx900", {0x7c8404f9, 0x0606fc01}, 0, NULL},
    {"gfx900", {0x7e00a2f9, 0x00060601}, 1, "v_swap_b32 v0, v249"},
    {"gfx900", {0x7e0000f9, 0x40401f00}, 2, "v_nop"},
    {"gfx900", {0x7e0000f9, 0x00004000}, 1, "v_nop"},
    {"gfx900", {0x7e0000f9, 0x00060601}, 1, "v_nop"},
    {"gfx900", {0x2c0004fa, 0xff00e401}, 2, "v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx900", {0x680004fa, 0xff08e401}, 2, "v_add_u32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx900", {0x660004fa, 0xff50e401}, 2, "v_ldexp_f16_dpp v0, -v1, sext(v2) quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx900", {0x660004fa, 0xff90e401}, 2, "v_ldexp_f16_dpp v0, -v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx900", {0x7e0002fa, 0xff095f01}, 2, "v_mov_b32_dpp v0, v1 /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */ row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx900", {0x7e0002fa, 0xff097001}, 2, "v_mov_b32_dpp v0, v1 /* Invalid dpp_ctrl value */ row_mask:0xf bank_mask:0xf bound_ctrl:1"},
    {"gfx906", {0x760004fa, 0xff00e401}, 2, "v_fmac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
    {"gfx906", {0x7a0004f9, 0x0e0e0601}, 2, "v_xnor_b32_sdwa v0, sext(v1), sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
    {"gfx906", {0x760004f9, 0x06060601}, 0, NULL},
};

/* Collapse runs of blanks (the oracle compares whitespace-normalised). */
static void norm(const char *s, char *out, size_t n)
{
    size_t k = 0;
    int sp = 0;
    for (; *s && k + 1 < n; s++) {
        if (*s == ' ' || *s == '\t') {
            sp = k > 0;
            continue;
        }
        if (sp && k + 1 < n)
            out[k++] = ' ';
        sp = 0;
        out[k++] = *s;
    }
    out[k] = 0;
}

/* Whether the table has the row of the op in the first dword. */
static int row_present(const isa_target_t *t, uint32_t w0)
{
    unsigned top7 = w0 >> 25;
    unsigned fam = top7 == 0x3F ? ISA_ENC_VOP1 : top7 == 0x3E ? ISA_ENC_VOPC : ISA_ENC_VOP2;
    unsigned opc = fam == ISA_ENC_VOP1 ? (w0 >> 9) & 0xff : fam == ISA_ENC_VOPC ? (w0 >> 17) & 0xff : (w0 >> 25) & 0x3f;
    return isa_lookup(t, ISA_ENC_VOP3, isa_vop3_from_e32(t->gen, fam, opc)) < ISA_OP_COUNT;
}

/* Direct decode with isa_dec_sdwa/isa_dec_dpp; returns the status. */
static isa_status_t dec_ext(const isa_target_t *t, const uint32_t *w, isa_inst_t *in)
{
    memset(in, 0, sizeof *in);
    if ((w[0] & 0x1ff) == 0xF9)
        return isa_dec_sdwa(t, w, 2, in);
    return isa_dec_dpp(t, w, 2, in);
}

static void check_vectors(void)
{
    /* does isa_decode reach the SDWA decoder yet (VOP1 delegation)? */
    const isa_target_t *g8 = isa_target_by_name("gfx803");
    static const uint32_t probe[2] = {0x7e0002f9, 0x00060601};
    isa_inst_t in;
    int wired = row_present(g8, probe[0]) && isa_decode(g8, probe, 2, &in) == ISA_OK && in.enc == ISA_ENC_SDWA;

    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const vec_t *v = &vecs[i];
        const isa_target_t *t = isa_target_by_name(v->target);
        char got[256], want[256], tmp[256];
        if (!t) {
            CHECK(0, "%s: unknown target", v->target);
            continue;
        }
        int ext = v->text && v->ndw == 2;
        if (!row_present(t, v->w[0]) && v->text) {
            printf("SKIP: %s %08x %08x (row not in the table yet)\n", v->target, v->w[0], v->w[1]);
            continue;
        }
        /* the SDWA/DPP decoder on its own */
        isa_status_t st = dec_ext(t, v->w, &in);
        if (ext) {
            int ok = st == ISA_OK && isa_format(t, &in, 0, tmp, sizeof tmp) >= 0;
            norm(ok ? tmp : "(invalid)", got, sizeof got);
            norm(v->text, want, sizeof want);
            CHECK_STR(got, want, "%s %08x %08x", v->target, v->w[0], v->w[1]);
            CHECK(!ok || (in.ndw == 2 && in.w[0] == v->w[0] && in.w[1] == v->w[1]),
                  "%s %08x %08x is two dwords", v->target, v->w[0], v->w[1]);
        } else {
            CHECK(st != ISA_OK && in.op == ISA_OP_COUNT, "%s %08x %08x is not an SDWA/DPP instruction (LLVM: %s)",
                  v->target, v->w[0], v->w[1], v->text ? v->text : "invalid");
        }
        /* the whole decoder, once the e32 decoders delegate */
        if (!wired)
            continue;
        st = isa_decode(t, v->w, 2, &in);
        if (!v->text) {
            CHECK(st != ISA_OK, "isa_decode %s %08x %08x is invalid", v->target, v->w[0], v->w[1]);
            continue;
        }
        int ok = st == ISA_OK && isa_format(t, &in, 0, tmp, sizeof tmp) >= 0;
        norm(ok ? tmp : "(invalid)", got, sizeof got);
        norm(v->text, want, sizeof want);
        CHECK_STR(got, want, "isa_decode %s %08x %08x", v->target, v->w[0], v->w[1]);
        CHECK(!ok || in.ndw == v->ndw, "isa_decode %s %08x %08x is %u dwords", v->target, v->w[0], v->w[1], v->ndw);
    }
    if (!wired)
        printf("SKIP: isa_decode path (the VOP1/VOP2/VOPC decoders do not reach SDWA/DPP yet)\n");
}

/* Decode words for the field checks; 0 if the row is missing (skipped). */
static int dec_for_fields(const char *target, uint32_t w0, uint32_t w1, isa_inst_t *in)
{
    const isa_target_t *t = isa_target_by_name(target);
    uint32_t w[2] = {w0, w1};
    if (!row_present(t, w0)) {
        printf("SKIP: fields of %s %08x %08x (row not in the table yet)\n", target, w0, w1);
        return 0;
    }
    isa_status_t st = dec_ext(t, w, in);
    CHECK(st == ISA_OK, "%s %08x %08x decodes", target, w0, w1);
    return st == ISA_OK;
}

static void check_fields(void)
{
    isa_inst_t in;
    /* v_add_f32_sdwa v0, v1, v2 clamp div:2 ... */
    if (dec_for_fields("gfx900", 0x020004f9, 0x0606e601, &in)) {
        CHECK(in.enc == ISA_ENC_SDWA && in.ndw == 2, "SDWA: enc and length");
        CHECK(in.dst == SRC_VGPR0 + 0 && in.src[0] == SRC_VGPR0 + 1 && in.src[1] == SRC_VGPR0 + 2,
              "SDWA: dst v0, src0 v1, src1 v2");
        CHECK(in.clamp == 1 && in.omod == 3, "SDWA gfx9: clamp and omod (div:2)");
        CHECK(in.dst_sel == 6 && in.dst_unused == 0 && in.src0_sel == 6 && in.src1_sel == 6, "SDWA: selects DWORD");
    }
    /* v_add_f32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_1 */
    if (dec_for_fields("gfx803", 0x020004f9, 0x05041501, &in))
        CHECK(in.dst_sel == 5 && in.dst_unused == 2 && in.src0_sel == 4 && in.src1_sel == 5 && in.omod == 0,
              "SDWA gfx8: dst_sel, dst_unused, src0_sel, src1_sel");
    /* v_add_f32_sdwa v0, neg(0.5), v2 */
    if (dec_for_fields("gfx900", 0x020004f9, 0x069606f0, &in))
        CHECK(in.src[0] == SRC_FLT_HALF && in.neg == 1 && in.abs == 0 && in.sdwa_sext == 0,
              "SDWA gfx9: inline constant src0 with neg");
    /* v_add_f32_sdwa v0, -|v1|, -|v2| (gfx8) */
    if (dec_for_fields("gfx803", 0x020004f9, 0xb6b60601, &in))
        CHECK(in.neg == 3 && in.abs == 3 && in.src[0] == SRC_VGPR0 + 1, "SDWA gfx8: neg/abs masks; s0 bit ignored");
    /* v_and_b32_sdwa v0, sext(v1), sext(v2) */
    if (dec_for_fields("gfx803", 0x260004f9, 0x0e0e0601, &in))
        CHECK(in.sdwa_sext == 3 && in.neg == 0 && in.abs == 0, "SDWA: sext mask");
    /* v_addc_co_u32_sdwa v0, vcc, s1, s2, vcc */
    if (dec_for_fields("gfx900", 0x380004f9, 0x86860601, &in))
        CHECK(in.src[0] == 1 && in.src[1] == 2 && in.sdst == SRC_VCC_LO, "SDWA gfx9: SGPR sources, vcc carry-out");
    /* v_cmp_eq_f32_sdwa s[10:11], v1, v2 */
    if (dec_for_fields("gfx900", 0x7c8404f9, 0x06068a01, &in))
        CHECK(in.sdst == 10 && in.sdwa_sdst == 1, "SDWA gfx9 VOPC: explicit sdst");
    /* v_cmp_eq_f32_sdwa vcc, v1, v2 (sd = 0: bits 46:40 ignored) */
    if (dec_for_fields("gfx900", 0x7c8404f9, 0x06067f01, &in))
        CHECK(in.sdst == SRC_VCC_LO && in.sdwa_sdst == 0, "SDWA gfx9 VOPC: vcc");
    /* v_mov_b32_dpp v0, v1 (invalid ctrl 0x1e4) row_mask:0xa bank_mask:0x5 bound_ctrl:1 */
    if (dec_for_fields("gfx803", 0x7e0002fa, 0xa50de401, &in)) {
        CHECK(in.enc == ISA_ENC_DPP && in.ndw == 2, "DPP: enc and length");
        CHECK(in.dpp_ctrl == 0x1e4 && in.bound_ctrl == 1 && in.row_mask == 0xa && in.bank_mask == 0x5,
              "DPP: dpp_ctrl, bound_ctrl, row_mask, bank_mask");
        CHECK(in.dst == SRC_VGPR0 && in.src[0] == SRC_VGPR0 + 1, "DPP: dst v0, src0 v1");
    }
    /* v_add_f32_dpp v0, -|v1|, -|v2| quad_perm:[0,1,2,3] */
    if (dec_for_fields("gfx803", 0x020004fa, 0xfff0e401, &in))
        CHECK(in.neg == 3 && in.abs == 3 && in.dpp_ctrl == 0xe4 && in.src[1] == SRC_VGPR0 + 2,
              "DPP: neg/abs masks, quad_perm, src1");
}

/* The double blank LLVM prints before the row_newbcast comment. */
static void check_spacing(void)
{
    const isa_target_t *t = isa_target_by_name("gfx900");
    uint32_t w[2] = {0x7e0002fa, 0xff095f01};
    isa_inst_t in;
    char buf[256];
    if (!row_present(t, w[0])) {
        printf("SKIP: row_newbcast spacing (row not in the table yet)\n");
        return;
    }
    CHECK(dec_ext(t, w, &in) == ISA_OK && isa_format(t, &in, 0, buf, sizeof buf) > 0 &&
              strstr(buf, "v1  /* row_newbcast/row_share") != NULL,
          "DPP row_newbcast comment spacing as LLVM prints it");
}

/* SDWA/DPP do not exist before gfx8: the decoders refuse them. */
static void check_old_gens(void)
{
    const isa_target_t *t = isa_target_by_name("gfx701");
    static const uint32_t s[2] = {0x020004f9, 0x06060601}, d[2] = {0x020004fa, 0xff00e401};
    isa_inst_t in;
    CHECK(isa_dec_sdwa(t, s, 2, &in) != ISA_OK && in.op == ISA_OP_COUNT, "no SDWA on gfx7");
    CHECK(isa_dec_dpp(t, d, 2, &in) != ISA_OK && in.op == ISA_OP_COUNT, "no DPP on gfx7");
    t = isa_target_by_name("gfx900");
    CHECK(isa_dec_sdwa(t, s, 1, &in) == ISA_E_TRUNC, "SDWA needs two dwords");
}

int main(void)
{
    check_vectors();
    check_fields();
    check_spacing();
    check_old_gens();
    return check_done();
}
