/* test_valu_vop3.c — VOP3 (VOP3a/VOP3b, incl. the e64 forms of VOP1/VOP2/VOPC),
 * VOP3P and VINTRP on gfx6-gfx9: text and validity against LLVM (gfx8/9: the
 * text llvm-objdump-16 prints for these words; gfx6/7: text llvm-mc-15
 * assembles back to the same words), the decoded fields the simulator
 * reads, and the rows per generation. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"
#include "tests/unit/check.h"

/* Valid encodings LLVM cannot print (gfx6/7: llvm-mc-15 would not
 * assemble the text back): they decode and run, isa_format shows data. */
#define UNPRINTABLE "(unprintable)"

typedef struct {
    const char *target;
    uint32_t w[2];
    unsigned ndw;       /* LLVM's length in dwords */
    const char *text;   /* LLVM's text; NULL: invalid instruction encoding */
} vec_t;

static const vec_t vecs[] = {
    {"gfx900", {0xd1010005, 0x00020501}, 2, "v_add_f32_e64 v5, v1, v2"},
    {"gfx900", {0xd1cb8705, 0xfc0e0501}, 2, "v_fma_f32 v5, -|v1|, -|v2|, -|v3| clamp div:2"},
    {"gfx900", {0xd1cb0005, 0x3c0e0501}, 2, "v_fma_f32 v5, -v1, v2, v3 div:2"},
    {"gfx900", {0xd1cb0005, 0x240e05f0}, 2, "v_fma_f32 v5, -v240, v2, v3"},
    {"gfx900", {0xd1e00205, 0x040e0501}, 2, "v_div_scale_f32 v5, s[2:3], v1, v2, v3"},
    {"gfx900", {0xd1e88005, 0x040e0501}, 2, "v_mad_u64_u32 v[5:6], s[0:1], v1, v2, v[3:4] clamp"},
    {"gfx900", {0xd1190a05, 0x00020501}, 2, "v_add_co_u32_e64 v5, s[10:11], v1, v2"},
    {"gfx900", {0xd11c0005, 0x00220501}, 2, "v_addc_co_u32_e64 v5, s[0:1], v1, v2, s[8:9]"},
    {"gfx900", {0xd11c0005, 0x040e0501}, 2, "v_addc_co_u32_e64 v5, s[0:1], v1, v2, v[3:4]/*Invalid register, operand has 'SReg_1_XEXEC' register class*/"},
    {"gfx900", {0xd0c2006a, 0x00020501}, 2, "v_cmp_eq_i32_e64 vcc, v1, v2"},
    {"gfx900", {0xd0c20080, 0x00020501}, 2, "v_cmp_eq_i32_e64 /*invalid immediate*/, v1, v2"},
    {"gfx900", {0xd0420004, 0x60020501}, 2, "v_cmp_eq_f32_e64 s[4:5], -v1, -v2"},
    {"gfx900", {0xd0110004, 0x20020501}, 2, "v_cmpx_class_f32_e64 s[4:5], -v1, v2"},
    {"gfx900", {0xd1000005, 0x00320501}, 2, "v_cndmask_b32_e64 v5, v1, v2, s[12:13]"},
    {"gfx900", {0xd1000105, 0x001a0501}, 2, "v_cndmask_b32_e64 v5, |v1|, v2, s[6:7]"},
    {"gfx900", {0xd1000005, 0x01fa0501}, 2, "v_cndmask_b32_e64 v5, v1, v2, exec/*Invalid register, operand has 'SReg_1_XEXEC' register class*/"},
    {"gfx900", {0xd2890005, 0x00000501}, 2, "v_readlane_b32 s5, v1, s2"},
    {"gfx900", {0xd2890005, 0x00000402}, 2, "v_readlane_b32 s5, s2/*Invalid register, operand has 'VRegOrLds_32' register class*/, s2"},
    {"gfx900", {0xd28a0005, 0x000004c1}, 2, "v_writelane_b32 v5, -1, s2"},
    {"gfx900", {0xd28a0005, 0x00000501}, 2, "v_writelane_b32 v5, v1/*Invalid register, operand has 'SReg_32' register class*/, s2"},
    {"gfx900", {0xd1faf805, 0xfc0e0501}, 2, "v_med3_f16 v5, -v1, -v2, -v3 op_sel:[1,1,1,1] clamp div:2"},
    {"gfx900", {0xd2a0d805, 0x60020501}, 2, "v_pack_b32_f16 v5, -v1, -v2 op_sel:[1,1,1] clamp"},
    {"gfx900", {0xd1f1f805, 0x040e0501}, 2, "v_mad_u32_u16 v5, v1, v2, v3 op_sel:[1,1,1,1] clamp"},
    {"gfx900", {0xd1fa2005, 0x04020501}, 2, "v_med3_f16 v5, v1, v2, v0 op_sel:[0,0,1,0]"},
    {"gfx900", {0xd1ea0805, 0x040e0501}, 2, "v_mad_legacy_f16 v5, v1, v2, v3"},
    {"gfx900", {0xd2700005, 0x000202c1}, 2, "v_interp_p1_f32_e64 v5, v1, attr1.w"},
    {"gfx900", {0xd2720005, 0x00000400}, 2, "v_interp_mov_f32_e64 v5, p0, attr0.x"},
    {"gfx900", {0xd2758005, 0x0c0e0100}, 2, "v_interp_p1lv_f16 v5, v0, attr0.x, v3 high clamp mul:2"},
    {"gfx900", {0xd2700005, 0x00000400}, 2, "v_interp_p1_f32_e64 v5, s2/*Invalid register, operand has 'VGPR_32' register class*/, attr0.x"},
    {"gfx900", {0xd1dd0005, 0xc40e0501}, 2, "v_cvt_pk_u8_f32 v5, v1, sext(v2), sext(v3)"},
    {"gfx900", {0xd2880005, 0x40020501}, 2, "v_ldexp_f32 v5, v1, sext(v2)"},
    {"gfx900", {0xd2840105, 0x0002f001}, 2, "v_ldexp_f64 v[5:6], |s[0:1]|, v120"},
    {"gfx900", {0xd1ec0005, 0x03c1e0f0}, 2, "v_mad_legacy_i16 v5, 0x3800, 0x3800, 0x3800"},
    {"gfx900", {0xd1400000, 0x00000000}, 2, "v_nop"},
    {"gfx900", {0xd1400005, 0x00000000}, 2, NULL},
    {"gfx900", {0xd1410005, 0x00000001}, 2, "v_mov_b32_e64 v5, s1"},
    {"gfx900", {0xd1420005, 0x00000001}, 2, NULL},
    {"gfx900", {0xd2800005, 0x00000467}, 2, NULL},
    {"gfx900", {0xd2800005, 0x0000047d}, 2, "v_add_f64 v[5:6], null, s[2:3]"},
    {"gfx900", {0xd1e70005, 0x019a0501}, 2, "v_mqsad_u32_u8 v[5:8], v[1:2], v2, flat_scratch/*Invalid register, operand has 'VReg_128' register class*/"},
    {"gfx900", {0xd1e70005, 0x040e0501}, 2, "v_mqsad_u32_u8 v[5:8], v[1:2], v2, v[3:6]"},
    {"gfx900", {0xd1c80005, 0x240e0501}, 2, NULL},
    {"gfx900", {0xd1c80105, 0x040e0501}, 2, NULL},
    {"gfx900", {0xd1c88005, 0x040e0501}, 2, NULL},
    {"gfx900", {0xd1010005, 0x000205ff}, 2, "v_add_f32_e64 v5, v255, v2"},
    {"gfx900", {0xd38f4005, 0x18020501}, 2, "v_pk_add_f16 v5, v1, v2"},
    {"gfx900", {0xd38f9b05, 0x68020501}, 2, "v_pk_add_f16 v5, v1, v2 op_sel:[1,1] op_sel_hi:[1,0] neg_lo:[1,1] neg_hi:[1,1] clamp"},
    {"gfx900", {0xd38a0005, 0x0001e0f0}, 2, "v_pk_add_u16 v5, 0x3800, 0x3800 op_sel_hi:[0,0]"},
    {"gfx900", {0xd38e4005, 0x1c0e0501}, 2, "v_pk_fma_f16 v5, v1, v2, v3"},
    {"gfx900", {0xd3a0fb05, 0x6c0e0501}, 2, "v_mad_mix_f32 v5, -|v1|, -|v2|, v3 op_sel:[1,1,1] op_sel_hi:[1,0,1] clamp"},
    {"gfx900", {0xd3a00005, 0x240e05f0}, 2, "v_mad_mix_f32 v5, -v240, v2, v3"},
    {"gfx900", {0xd3a14005, 0x1c0e0501}, 2, "v_mad_mixlo_f16 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
    {"gfx900", {0xd3810005, 0x040e0501}, 2, NULL},
    {"gfx900", {0xd3814005, 0x58020501}, 2, NULL},
    {"gfx900", {0xd4140501, 0}, 1, "v_interp_p1_f32_e32 v5, v1, attr1.y"},
    {"gfx900", {0xd4160002, 0}, 1, "v_interp_mov_f32_e32 v5, p0, attr0.x"},
    {"gfx900", {0xd41600ff, 0}, 1, "v_interp_mov_f32_e32 v5, invalid_param_255, attr0.x"},
    {"gfx900", {0xd4170001, 0}, 1, NULL},
    {"gfx900", {0xd4157f03, 0}, 1, "v_interp_p2_f32_e32 v5, v3, attr31.w"},
    {"gfx803", {0xd1ea0005, 0x040e0501}, 2, "v_mad_f16 v5, v1, v2, v3"},
    {"gfx803", {0xd1ea4005, 0x040e0501}, 2, "v_mad_f16 v5, v1, v2, v3"},
    {"gfx803", {0xd1eb8005, 0x040e0501}, 2, "v_mad_u16 v5, v1, v2, v3 clamp"},
    {"gfx803", {0xd2760005, 0x040e0501}, 2, "v_interp_p2_f16 v5, v2, attr1.x, v3 high"},
    {"gfx803", {0xd1f10005, 0x040e0501}, 2, NULL},
    {"gfx803", {0xd1260005, 0x000205f0}, 2, "v_add_u16_e64 v5, v240, v2"},
    {"gfx803", {0xd0c00000, 0x00020501}, 2, "v_cmp_f_i32_e64 s[0:1], v1, v2"},
    {"gfx803", {0xd1190005, 0x00020501}, 2, "v_add_u32_e64 v5, s[0:1], v1, v2"},
    {"gfx803", {0xd2800005, 0x0002046c}, 2, "v_add_f64 v[5:6], tba, v[2:3]"},
    {"gfx803", {0xd2890005, 0x000004fe}, 2, "v_readlane_b32 s5, src_lds_direct, s2"},
    {"gfx906", {0xd3a30005, 0x040e0501}, 2, "v_dot2_f32_f16 v5, v1, v2, v3 op_sel_hi:[0,0,0]"},
    {"gfx906", {0xd3a34005, 0x1c0e0501}, 2, "v_dot2_f32_f16 v5, v1, v2, v3"},
    {"gfx906", {0xd3a84005, 0xfc0e0501}, 2, "v_dot4_i32_i8 v5, v1, v2, v3 neg_lo:[1,1,1]"},
    {"gfx906", {0xd3a64005, 0x5c0e0501}, 2, NULL},
    {"gfx906", {0xd3a04005, 0x1c0e0501}, 2, "v_fma_mix_f32 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
    {"gfx906", {0xd3a24005, 0x1c0e0501}, 2, "v_fma_mixhi_f16 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
    {"gfx904", {0xd3a04005, 0x1c0e0501}, 2, "v_fma_mix_f32 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
    {"gfx601", {0xd2060032, 0x00021701}, 2, "v_add_f32_e64 v50, v1, v11"},
    {"gfx601", {0xd2060932, 0x78021701}, 2, "v_add_f32_e64 v50, -|v1|, -v11 clamp div:2"},
    {"gfx601", {0xd2820032, 0xe4561701}, 2, "v_mad_f32 v50, -v1, -v11, -v21"},
    {"gfx601", {0xd2da0a32, 0x04561701}, 2, "v_div_scale_f32 v50, s[10:11], v1, v11, v21"},
    {"gfx601", {0xd2da0a32, 0x1c561701}, 2, "v_div_scale_f32 v50, s[10:11], v1, v11, v21 div:2"},
    {"gfx601", {0xd04a000a, 0x00021701}, 2, "v_cmp_lg_f64_e64 s[10:11], v[1:2], v[11:12]"},
    {"gfx601", {0xd110000a, 0x20021701}, 2, "v_cmp_class_f32_e64 s[10:11], -v1, v11"},
    {"gfx601", {0xd24a0a32, 0x00021701}, 2, "v_add_i32_e64 v50, s[10:11], v1, v11"},
    {"gfx601", {0xd2000005, 0x00120501}, 2, "v_cndmask_b32_e64 v5, v1, v2, s[4:5]"},
    {"gfx601", {0xd2a00032, 0x04561701}, 2, "v_mullit_f32 v50, v1, v11, v21"},
    {"gfx601", {0xd2c20032, 0x00021701}, 2, "v_lshl_b64 v[50:51], v[1:2], v11"},
    {"gfx601", {0xd2bc0032, 0xc4561701}, 2, "v_cvt_pk_u8_f32 v50, v1, sext(v11), sext(v21)"},
    {"gfx601", {0xd3160032, 0x000000f0}, 2, UNPRINTABLE},   /* f16 source, inline 0.5: llvm-mc-15 refuses */
    {"gfx601", {0xd2ca0032, 0x0002020a}, 2, "v_mul_f64 v[50:51], s[10:11], v[1:2]"},
    {"gfx601", {0xd3000000, 0x00000000}, 2, "v_nop_e64"},
    {"gfx601", {0xd2061032, 0x00021701}, 2, NULL},
    {"gfx601", {0xd2060032, 0x0002170b}, 2, "v_add_f32_e64 v50, v11, v11"},
    {"gfx601", {0xd2980032, 0x0002020a}, 2, UNPRINTABLE},   /* s10 and s1 on the constant bus */
    {"gfx601", {0xd2d00032, 0x00020f0a}, 2, "v_ldexp_f64 v[50:51], v[10:11], v7"},
    {"gfx601", {0xc8140501, 0}, 1, "v_interp_p1_f32 v5, v1, attr1.y"},
    {"gfx601", {0xc8160002, 0}, 1, "v_interp_mov_f32 v5, p0, attr0.x"},
    {"gfx601", {0xc8160003, 0}, 1, NULL},
    {"gfx601", {0xc8170001, 0}, 1, NULL},
    {"gfx701", {0xd2ec0a32, 0x04561701}, 2, "v_mad_u64_u32 v[50:51], s[10:11], v1, v11, v[21:22]"},
    {"gfx701", {0xd2e40032, 0x04562b01}, 2, "v_qsad_pk_u16_u8 v[50:51], v[1:2], v21, v[21:22]"},
    {"gfx701", {0xd2e40032, 0x04561701}, 2, "v_qsad_pk_u16_u8 v[50:51], v[1:2], v11, v[21:22]"},
    {"gfx701", {0xd2ea0032, 0x045a2b01}, 2, "v_mqsad_u32_u8 v[50:53], v[1:2], v21, v[22:25]"},
    {"gfx701", {0xd32e0032, 0x00000101}, 2, "v_trunc_f64_e64 v[50:51], v[1:2]"},
    {"gfx701", {0xd2de0032, 0x04561701}, 2, "v_div_fmas_f32 v50, v1, v11, v21"},
    {"gfx701", {0xd2de0032, 0x0456170a}, 2, "v_div_fmas_f32 v50, v10, v11, v21"},
    {"gfx701", {0xd3840032, 0x0000007c}, 2, "v_movreld_b32_e64 v50, m0"},
    {"gfx701", {0xd3840032, 0x00000000}, 2, UNPRINTABLE},   /* s0 and M0 on the constant bus */
    {"gfx701", {0xc8157f03, 0}, 1, "v_interp_p2_f32 v5, v3, attr31.w"},
};

static void check_vectors(void)
{
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const vec_t *v = &vecs[i];
        const isa_target_t *t = isa_target_by_name(v->target);
        isa_inst_t in;
        char text[512] = "";
        isa_status_t st = isa_decode(t, v->w, v->ndw, &in);
        int fr = st == ISA_OK ? isa_format(t, &in, 0, text, sizeof text) : 0;
        if (v->text && !strcmp(v->text, UNPRINTABLE)) {
            CHECK(st == ISA_OK && in.ndw == v->ndw && fr < 0 && !strncmp(text, ".long 0x", 8),
                  "%s %08x %08x decodes (it runs) but LLVM cannot print it: shown as data (got \"%s\")",
                  v->target, v->w[0], v->w[1], text);
            continue;
        }
        if (!v->text) {
            CHECK(isa_is_invalid(st), "%s %08x %08x is invalid (got \"%s\")", v->target, v->w[0],
                  v->w[1], text);
            continue;
        }
        CHECK(st == ISA_OK && in.ndw == v->ndw, "%s %08x %08x decodes to %u dwords", v->target, v->w[0],
              v->w[1], v->ndw);
        CHECK_STR(text, v->text, "%s %08x %08x text", v->target, v->w[0], v->w[1]);
    }
}

static isa_inst_t dec(const char *target, uint32_t w0, uint32_t w1)
{
    uint32_t w[2] = {w0, w1};
    isa_inst_t in;
    isa_decode(isa_target_by_name(target), w, 2, &in);
    return in;
}

#define V(n) (256 + (n))

static void check_fields(void)
{
    /* v_fma_f32 v5, -|v1|, -|v2|, -|v3| clamp div:2 (gfx900) */
    isa_inst_t in = dec("gfx900", 0xd1cb8705, 0xfc0e0501);
    CHECK(in.op == ISA_OP_V_FMA_F32 && in.enc == ISA_ENC_VOP3 && in.ndw == 2, "v_fma_f32 op");
    CHECK(in.dst == V(5) && in.src[0] == V(1) && in.src[1] == V(2) && in.src[2] == V(3), "v_fma_f32 registers");
    CHECK(in.neg == 7 && in.abs == 7 && in.clamp == 1 && in.omod == 3, "v_fma_f32 modifiers");
    /* v_div_scale_f32 v50, s[10:11], v1, v11, v21 div:2 (gfx601): VOP3b, omod */
    in = dec("gfx601", 0xd2da0a32, 0x1c561701);
    CHECK(in.op == ISA_OP_V_DIV_SCALE_F32 && in.dst == V(50) && in.sdst == 10 && in.abs == 0 &&
              in.omod == 3 && in.src[2] == V(21),
          "gfx6 v_div_scale_f32 sdst/omod");
    /* v_mad_u64_u32 v[5:6], s[0:1], v1, v2, v[3:4] clamp (gfx900) */
    in = dec("gfx900", 0xd1e88005, 0x040e0501);
    CHECK(in.op == ISA_OP_V_MAD_U64_U32 && in.sdst == 0 && in.clamp == 1 && in.src[2] == V(3),
          "v_mad_u64_u32 sdst/clamp");
    /* v_cmp_eq_i32_e64 vcc, v1, v2 (gfx900): the SGPR pair is sdst and dst */
    in = dec("gfx900", 0xd0c2006a, 0x00020501);
    CHECK(in.op == ISA_OP_V_CMP_EQ_I32 && in.enc == ISA_ENC_VOP3 && in.sdst == SRC_VCC_LO &&
              in.dst == SRC_VCC_LO,
          "v_cmp_eq_i32_e64 sdst");
    /* v_addc_co_u32_e64 v5, s[0:1], v1, v2, s[8:9]: the carry-in is src2 */
    in = dec("gfx900", 0xd11c0005, 0x00220501);
    CHECK(in.op == ISA_OP_V_ADDC_CO_U32 && in.sdst == 0 && in.src[2] == 8, "v_addc_co_u32_e64 carry-in");
    /* v_readlane_b32 s5, v1, s2 (gfx900): the destination is an SGPR */
    in = dec("gfx900", 0xd2890005, 0x00000501);
    CHECK(in.op == ISA_OP_V_READLANE_B32 && in.dst == 5 && in.src[0] == V(1) && in.src[1] == 2,
          "v_readlane_b32 sdst");
    /* v_med3_f16 ... op_sel:[1,1,1,1] clamp div:2 (gfx900) */
    in = dec("gfx900", 0xd1faf805, 0xfc0e0501);
    CHECK(in.op == ISA_OP_V_MED3_F16 && in.op_sel == 0xf && in.neg == 7 && in.clamp && in.omod == 3,
          "v_med3_f16 op_sel");
    /* v_interp_p1lv_f16 v5, v0, attr0.x, v3 high clamp mul:2 (gfx900) */
    in = dec("gfx900", 0xd2758005, 0x0c0e0100);
    CHECK(in.op == ISA_OP_V_INTERP_P1LV_F16 && in.attr == 0 && in.attrchan == 0 && (in.src[0] >> 8) == 1 &&
              in.src[1] == V(0) && in.src[2] == V(3) && in.omod == 1,
          "v_interp_p1lv_f16 attr/high");
    in = dec("gfx900", 0xd2700005, 0x000202c1);
    CHECK(in.op == ISA_OP_V_INTERP_P1_F32_E64 && in.attr == 1 && in.attrchan == 3 && in.src[1] == V(1),
          "v_interp_p1_f32_e64 attr1.w");
    /* v_pk_add_f16 v5, v1, v2 op_sel:[1,1] op_sel_hi:[1,0] neg_lo:[1,1] neg_hi:[1,1] clamp */
    in = dec("gfx900", 0xd38f9b05, 0x68020501);
    CHECK(in.op == ISA_OP_V_PK_ADD_F16 && in.enc == ISA_ENC_VOP3P && in.dst == V(5) && in.src[1] == V(2),
          "v_pk_add_f16 op");
    CHECK(in.op_sel == 3 && in.op_sel_hi == 1 && in.neg == 3 && in.neg_hi == 3 && in.clamp,
          "v_pk_add_f16 modifiers");
    /* v_mad_mix_f32 / v_fma_mix_f32 share an opcode */
    in = dec("gfx900", 0xd3a04005, 0x1c0e0501);
    CHECK(in.op == ISA_OP_V_MAD_MIX_F32 && in.op_sel_hi == 7, "gfx900 mix is v_mad_mix_f32");
    in = dec("gfx906", 0xd3a04005, 0x1c0e0501);
    CHECK(in.op == ISA_OP_V_FMA_MIX_F32, "gfx906 mix is v_fma_mix_f32");
    in = dec("gfx900", 0xd3a84005, 0x1c0e0501);
    CHECK(in.op == ISA_OP_COUNT, "v_dot4_i32_i8 needs gfx906");
    /* VINTRP */
    uint32_t w = 0xd4157f03;
    isa_decode(isa_target_by_name("gfx900"), &w, 1, &in);
    CHECK(in.op == ISA_OP_V_INTERP_P2_F32 && in.enc == ISA_ENC_VINTRP && in.ndw == 1 && in.dst == V(5) &&
              in.src[0] == V(3) && in.attr == 31 && in.attrchan == 3,
          "v_interp_p2_f32 fields");
    w = 0xc8160002;
    isa_decode(isa_target_by_name("gfx601"), &w, 1, &in);
    CHECK(in.op == ISA_OP_V_INTERP_MOV_F32 && in.src[0] == 2 && in.attr == 0, "v_interp_mov_f32 p0");
    /* truncated */
    uint32_t v3 = 0xd1010005;
    CHECK(isa_decode(isa_target_by_name("gfx900"), &v3, 1, &in) == ISA_E_TRUNC, "VOP3 needs two dwords");
}

static void check_rows(void)
{
    unsigned n[ISA_NGEN][3] = {{0}};
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        const isa_row_t *r = isa_row(i);
        int k = r->enc == ISA_ENC_VOP3 ? 0 : r->enc == ISA_ENC_VOP3P ? 1 : r->enc == ISA_ENC_VINTRP ? 2 : -1;
        for (int g = 0; k >= 0 && g < ISA_NGEN; g++)
            n[g][k] += r->opc[g] != ISA_NA;
    }
    static const unsigned want[ISA_NGEN][3] = {{52, 0, 3}, {56, 0, 3}, {66, 0, 3}, {97, 32, 3}};
    for (int g = 0; g < ISA_NGEN; g++)
        CHECK(n[g][0] == want[g][0] && n[g][1] == want[g][1] && n[g][2] == want[g][2],
              "gfx%d rows: VOP3-only %u VOP3P %u VINTRP %u", g + 6, n[g][0], n[g][1], n[g][2]);
    /* VOP3 opcodes with an instruction (VOP3-only and e64 forms), as found by
     * enumerating llvm-objdump-16 (gfx8/9) and llvm-mc-15 (gfx6/7) */
    static const struct { const char *target; unsigned n; } ops[] = {
        {"gfx601", 352}, {"gfx701", 362}, {"gfx803", 400}, {"gfx900", 435}, {"gfx906", 437},
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        const isa_target_t *t = isa_target_by_name(ops[k].target);
        unsigned cnt = 0, max = t->gen <= ISA_GFX7 ? 512 : 896;
        for (unsigned opc = 0; opc < max; opc++) {
            unsigned op = isa_lookup(t, ISA_ENC_VOP3, opc);
            if (op >= ISA_OP_COUNT)
                continue;
            const isa_row_t *r = isa_row(op);
            cnt += isa_valu_family(t->gen, opc) == ISA_ENC_VOP3 || !(r->flags & ISA_F_NO_E64);
        }
        CHECK(cnt == ops[k].n, "%s: %u VOP3 opcodes", ops[k].target, cnt);
    }
}

int main(void)
{
    check_vectors();
    check_fields();
    check_rows();
    return check_done();
}
