/* test_valu_e32.c — VOP1/VOP2/VOPC (e32) decoding and printing: vectors
 * whose text llvm-mc-16 --disassemble prints (gfx8/9) or llvm-mc-15
 * assembles to exactly these words (gfx6/7), the decoded fields the
 * simulator reads, and a decode of every VOP1/VOP2/VOPC row from its own
 * opcode. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"
#include "tests/unit/check.h"

typedef struct {
    const char *target;
    uint32_t w[3];
    unsigned ndw;       /* dwords LLVM consumes; 0 with text NULL: invalid */
    const char *text;
} vec_t;

static const vec_t vecs[] = {
    {"gfx803", {0x7e000301, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, v1"},
    {"gfx803", {0x7e0002ff, 0x3f800000, 0x00000000}, 2, "v_mov_b32_e32 v0, 1.0"},
    {"gfx803", {0x7e0002ff, 0x12345678, 0x00000000}, 2, "v_mov_b32_e32 v0, 0x12345678"},
    {"gfx803", {0x7e0002f0, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, 0.5"},
    {"gfx803", {0x7e0002f8, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, 0.15915494"},
    {"gfx803", {0x7e0002d0, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, -16"},
    {"gfx803", {0x7e0002c0, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, 64"},
    {"gfx803", {0x7e0002fe, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, src_lds_direct"},
    {"gfx803", {0x7e00027c, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, m0"},
    {"gfx803", {0x7e00027f, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, exec_hi"},
    {"gfx803", {0x7e000265, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, s101"},
    {"gfx803", {0x7e00027d, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, null"},
    {"gfx803", {0x7e0002eb, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, src_shared_base"},
    {"gfx803", {0x7e00026c, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, tba_lo"},
    {"gfx803", {0x7e0002d1, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7ffe03ff, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v255, v255"},
    {"gfx803", {0x7e000123, 0x00000000, 0x00000000}, 1, "v_nop"},
    {"gfx803", {0x7e020000, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e001301, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e010101, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e0604fe, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 s3, src_lds_direct"},
    {"gfx803", {0x7e0604d1, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e002101, 0x00000000, 0x00000000}, 1, "v_cvt_f64_f32_e32 v[0:1], v1"},
    {"gfx803", {0x7ffe2101, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e001e65, 0x00000000, 0x00000000}, 1, "v_cvt_f32_f64_e32 v0, s[100:101]"},
    {"gfx803", {0x7e001e6b, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e001eff, 0xfffffff0, 0x00000000}, 2, "v_cvt_f32_f64_e32 v0, 0xfffffff0"},
    {"gfx803", {0x7e001eff, 0x3ff00000, 0x00000000}, 2, "v_cvt_f32_f64_e32 v0, 0x3ff00000"},
    {"gfx803", {0x7e001ef8, 0x00000000, 0x00000000}, 1, "v_cvt_f32_f64_e32 v0, 0.15915494309189532"},
    {"gfx803", {0x7e001efe, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e001fff, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e007aff, 0x00003c00, 0x00000000}, 2, "v_rcp_f16_e32 v0, 1.0"},
    {"gfx803", {0x7e007aff, 0x06004000, 0x00000000}, 2, "v_rcp_f16_e32 v0, 0x4000"},
    {"gfx803", {0x7e007aff, 0x12345678, 0x00000000}, 2, "v_rcp_f16_e32 v0, 0x5678"},
    {"gfx803", {0x7e007af8, 0x00000000, 0x00000000}, 1, "v_rcp_f16_e32 v0, 0.15915494"},
    {"gfx803", {0x7e007aff, 0x3f800000, 0x00000000}, 2, "v_rcp_f16_e32 v0, 0"},
    {"gfx803", {0x7e0072f2, 0x00000000, 0x00000000}, 1, "v_cvt_f16_u16_e32 v0, 0x3c00"},
    {"gfx803", {0x7e0072ff, 0x0000fff0, 0x00000000}, 2, "v_cvt_f16_u16_e32 v0, -16"},
    {"gfx803", {0x7e009f01, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e0ea302, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7e066f01, 0x00000000, 0x00000000}, 1, "v_movrels_b32_e32 v3, v1"},
    {"gfx803", {0x7e066e01, 0x00000000, 0x00000000}, 1, "v_movrels_b32_e32 v3, s1/*Invalid register, operand has 'VGPR_32' register class*/"},
    {"gfx803", {0x7e0670f2, 0x00000000, 0x00000000}, 1, "v_movrelsd_b32_e32 v3, /*invalid immediate*/"},
    {"gfx803", {0x7e066c01, 0x00000000, 0x00000000}, 1, "v_movreld_b32_e32 v3, s1"},
    {"gfx803", {0x00000501, 0x00000000, 0x00000000}, 1, "v_cndmask_b32_e32 v0, v1, v2, vcc"},
    {"gfx803", {0x000004ff, 0x00001234, 0x00000000}, 2, "v_cndmask_b32_e32 v0, 0x1234, v2, vcc"},
    {"gfx803", {0x03fffe05, 0x00000000, 0x00000000}, 1, "v_add_f32_e32 v255, s5, v255"},
    {"gfx803", {0x32000501, 0x00000000, 0x00000000}, 1, "v_add_u32_e32 v0, vcc, v1, v2"},
    {"gfx803", {0x38000405, 0x00000000, 0x00000000}, 1, "v_addc_u32_e32 v0, vcc, s5, v2, vcc"},
    {"gfx803", {0x68000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x2e000501, 0x3f800000, 0x00000000}, 2, "v_madmk_f32 v0, v1, 0x3f800000, v2"},
    {"gfx803", {0x2e0004ff, 0x3f800000, 0x00000000}, 2, "v_madmk_f32 v0, 1.0, 0x3f800000, v2"},
    {"gfx803", {0x300004ff, 0x3f800001, 0x00000000}, 2, "v_madak_f32 v0, 0x3f800001, v2, 0x3f800001"},
    {"gfx803", {0x48000501, 0x12345678, 0x00000000}, 2, "v_madmk_f16 v0, v1, 0x12345678, v2"},
    {"gfx803", {0x4a000501, 0x00003c00, 0x00000000}, 2, "v_madak_f16 v0, v1, v2, 0x3c00"},
    {"gfx803", {0x2c0004ff, 0x00001234, 0x00000000}, 2, "v_mac_f32_e32 v0, 0x1234, v2"},
    {"gfx803", {0x4c0004f2, 0x00000000, 0x00000000}, 1, "v_add_u16_e32 v0, 0x3c00, v2"},
    {"gfx803", {0x540004f8, 0x00000000, 0x00000000}, 1, "v_lshlrev_b16_e32 v0, 0x3118, v2"},
    {"gfx803", {0x3e0004f8, 0x00000000, 0x00000000}, 1, "v_add_f16_e32 v0, 0.15915494, v2"},
    {"gfx803", {0x660004c1, 0x00000000, 0x00000000}, 1, "v_ldexp_f16_e32 v0, -1, v2"},
    {"gfx803", {0x240004ff, 0x0000001f, 0x00000000}, 2, "v_lshlrev_b32_e32 v0, 31, v2"},
    {"gfx803", {0x7a000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7c820501, 0x00000000, 0x00000000}, 1, "v_cmp_lt_f32_e32 vcc, v1, v2"},
    {"gfx803", {0x7ca604f2, 0x00000000, 0x00000000}, 1, "v_cmpx_le_f32_e32 vcc, 1.0, v2"},
    {"gfx803", {0x7dc204ff, 0xfffffff0, 0x00000000}, 2, "v_cmp_lt_i64_e32 vcc, 0xfffffff0, v[2:3]"},
    {"gfx803", {0x7dc20465, 0x00000000, 0x00000000}, 1, "v_cmp_lt_i64_e32 vcc, s[100:101], v[2:3]"},
    {"gfx803", {0x7dc2046b, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx803", {0x7dc2047e, 0x00000000, 0x00000000}, 1, "v_cmp_lt_i64_e32 vcc, exec, v[2:3]"},
    {"gfx803", {0x7df0047d, 0x00000000, 0x00000000}, 1, "v_cmpx_f_u64_e32 vcc, null, v[2:3]"},
    {"gfx900", {0x7e00026c, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, ttmp0"},
    {"gfx900", {0x7e006a00, 0x00000000, 0x00000000}, 1, "v_clrexcp"},
    {"gfx900", {0x7e00a101, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x7e0a0501, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 s5, v1"},
    {"gfx900", {0x7ef80501, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 m0, v1"},
    {"gfx900", {0x7e0a0401, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 s5, s1/*Invalid register, operand has 'VRegOrLds_32' register class*/"},
    {"gfx900", {0x7e0a04f2, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 s5, /*invalid immediate*/"},
    {"gfx900", {0x7ffc0501, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/, v1"},
    {"gfx900", {0x7ffe0501, 0x00001234, 0x00000000}, 2, "v_readfirstlane_b32 /*invalid immediate*/, v1"},
    {"gfx900", {0x7e001e7d, 0x00000000, 0x00000000}, 1, "v_cvt_f32_f64_e32 v0, null"},
    {"gfx900", {0x7e009eff, 0x12345678, 0x00000000}, 2, "v_sat_pk_u8_i16_e32 v0, 0x12345678"},
    {"gfx900", {0x7e009af2, 0x00000000, 0x00000000}, 1, "v_cvt_norm_i16_f16_e32 v0, 1.0"},
    {"gfx900", {0x7e0ea302, 0x00000000, 0x00000000}, 1, "v_swap_b32 v7, v2"},
    {"gfx900", {0x7e0ea201, 0x00000000, 0x00000000}, 1, "v_swap_b32 v7, v1"},
    {"gfx900", {0x7e066f01, 0x00000000, 0x00000000}, 1, "v_screen_partition_4se_b32_e32 v3, v1"},
    {"gfx900", {0x32000501, 0x00000000, 0x00000000}, 1, "v_add_co_u32_e32 v0, vcc, v1, v2"},
    {"gfx900", {0x38000405, 0x00000000, 0x00000000}, 1, "v_addc_co_u32_e32 v0, vcc, s5, v2, vcc"},
    {"gfx900", {0x680004ff, 0x3f800000, 0x00000000}, 2, "v_add_u32_e32 v0, 1.0, v2"},
    {"gfx900", {0x2e000401, 0x00000040, 0x00000000}, 2, "v_madmk_f32 v0, s1, 0x40, v2"},
    {"gfx900", {0x76000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x6e000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x7c260702, 0x00000000, 0x00000000}, 1, "v_cmpx_class_f64_e32 vcc, v[2:3], v3"},
    {"gfx900", {0x7cc3ff01, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x7c2804f2, 0x00000000, 0x00000000}, 1, "v_cmp_class_f16_e32 vcc, 1.0, v2"},
    {"gfx900", {0x7c5004ff, 0x06004000, 0x00000000}, 2, "v_cmp_u_f16_e32 vcc, 0x4000, v2"},
    {"gfx900", {0x7d5204f2, 0x00000000, 0x00000000}, 1, "v_cmp_lt_u16_e32 vcc, 0x3c00, v2"},
    {"gfx900", {0x7c000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x7c2c0501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx900", {0x7d3e0501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx906", {0x76000501, 0x00000000, 0x00000000}, 1, "v_fmac_f32_e32 v0, v1, v2"},
    {"gfx906", {0x7a000501, 0x00000000, 0x00000000}, 1, "v_xnor_b32_e32 v0, v1, v2"},
    {"gfx601", {0x7e000301, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, v1"},
    {"gfx601", {0x7e0002ff, 0x3e22f983, 0x00000000}, 2, "v_mov_b32_e32 v0, 0x3e22f983"},
    {"gfx601", {0x7e0002fe, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, src_lds_direct"},
    {"gfx601", {0x7e000000, 0x00000000, 0x00000000}, 1, "v_nop"},
    {"gfx601", {0x7e008200, 0x00000000, 0x00000000}, 1, "v_clrexcp"},
    {"gfx601", {0x7ef80501, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 m0, v1"},
    {"gfx601", {0x7e001e02, 0x00000000, 0x00000000}, 1, "v_cvt_f32_f64_e32 v0, s[2:3]"},
    {"gfx601", {0x7e001eff, 0xfffffff0, 0x00000000}, 2, "v_cvt_f32_f64_e32 v0, 0xfffffff0"},
    {"gfx601", {0x4a000501, 0x00000000, 0x00000000}, 1, "v_add_i32_e32 v0, vcc, v1, v2"},
    {"gfx601", {0x4e000485, 0x00000000, 0x00000000}, 1, "v_subrev_i32_e32 v0, vcc, 5, v2"},
    {"gfx601", {0x50000501, 0x00000000, 0x00000000}, 1, "v_addc_u32_e32 v0, vcc, v1, v2, vcc"},
    {"gfx601", {0x00000501, 0x00000000, 0x00000000}, 1, "v_cndmask_b32_e32 v0, v1, v2, vcc"},
    {"gfx601", {0x320004ff, 0x00001234, 0x00000000}, 2, "v_lshl_b32_e32 v0, 0x1234, v2"},
    {"gfx601", {0x2e000501, 0x00000000, 0x00000000}, 1, "v_ashr_i32_e32 v0, v1, v2"},
    {"gfx601", {0x0c000501, 0x00000000, 0x00000000}, 1, "v_mac_legacy_f32_e32 v0, v1, v2"},
    {"gfx601", {0x1a0004f3, 0x00000000, 0x00000000}, 1, "v_min_legacy_f32_e32 v0, -1.0, v2"},
    {"gfx601", {0x02017f01, 0x00000000, 0x00000000}, 1, "v_readlane_b32 s0, v1, 63"},
    {"gfx601", {0x02d4f901, 0x00000000, 0x00000000}, 1, "v_readlane_b32 vcc_lo, v1, m0"},
    {"gfx601", {0x04010401, 0x00000000, 0x00000000}, 1, "v_writelane_b32 v0, s1, 2"},
    {"gfx601", {0x04010aff, 0x00001234, 0x00000000}, 2, "v_writelane_b32 v0, 0x1234, 5"},
    {"gfx601", {0x40000501, 0x3f800000, 0x00000000}, 2, "v_madmk_f32 v0, v1, 0x3f800000, v2"},
    {"gfx601", {0x420004f2, 0x00000040, 0x00000000}, 2, "v_madak_f32 v0, 1.0, v2, 0x40"},
    {"gfx601", {0x56000501, 0x00000000, 0x00000000}, 1, "v_ldexp_f32_e32 v0, v1, v2"},
    {"gfx601", {0x3c000484, 0x00000000, 0x00000000}, 1, "v_bfm_b32_e32 v0, 4, v2"},
    {"gfx601", {0x5e000501, 0x00000000, 0x00000000}, 1, "v_cvt_pkrtz_f16_f32_e32 v0, v1, v2"},
    {"gfx601", {0x44000501, 0x00000000, 0x00000000}, 1, "v_bcnt_u32_b32_e32 v0, v1, v2"},
    {"gfx601", {0x460004c1, 0x00000000, 0x00000000}, 1, "v_mbcnt_lo_u32_b32_e32 v0, -1, v2"},
    {"gfx601", {0x58000501, 0x00000000, 0x00000000}, 1, "v_cvt_pkaccum_u8_f32_e32 v0, v1, v2"},
    {"gfx601", {0x7e006102, 0x00000000, 0x00000000}, 1, "v_rcp_clamp_f64_e32 v[0:1], v[2:3]"},
    {"gfx601", {0x7e004d01, 0x00000000, 0x00000000}, 1, "v_log_clamp_f32_e32 v0, v1"},
    {"gfx601", {0x7e005b01, 0x00000000, 0x00000000}, 1, "v_rsq_legacy_f32_e32 v0, v1"},
    {"gfx601", {0x7e008701, 0x00000000, 0x00000000}, 1, "v_movrels_b32_e32 v0, v1"},
    {"gfx601", {0x7e0084f2, 0x00000000, 0x00000000}, 1, "v_movreld_b32_e32 v0, 1.0"},
    {"gfx601", {0x7c020501, 0x00000000, 0x00000000}, 1, "v_cmp_lt_f32_e32 vcc, v1, v2"},
    {"gfx601", {0x7c820401, 0x00000000, 0x00000000}, 1, "v_cmps_lt_f32_e32 vcc, s1, v2"},
    {"gfx601", {0x7cfc0802, 0x00000000, 0x00000000}, 1, "v_cmpsx_nlt_f64_e32 vcc, s[2:3], v[4:5]"},
    {"gfx601", {0x7d500701, 0x00000000, 0x00000000}, 1, "v_cmp_class_f64_e32 vcc, v[1:2], v3"},
    {"gfx601", {0x7dea087e, 0x00000000, 0x00000000}, 1, "v_cmpx_ne_u64_e32 vcc, exec, v[4:5]"},
    {"gfx601", {0x7d0e0471, 0x00000000, 0x00000000}, 1, "v_cmp_t_i32_e32 vcc, ttmp1, v2"},
    {"gfx601", {0x7e0016f2, 0x00000000, 0x00000000}, 1, "v_cvt_f32_f16_e32 v0, 1.0"},
    {"gfx601", {0x7e0016ff, 0x00001234, 0x00000000}, 2, "v_cvt_f32_f16_e32 v0, 0x1234"},
    {"gfx601", {0x7e007a6c, 0x00000000, 0x00000000}, 1, "v_frexp_mant_f64_e32 v[0:1], tba"},
    {"gfx701", {0x7e002f02, 0x00000000, 0x00000000}, 1, "v_trunc_f64_e32 v[0:1], v[2:3]"},
    {"gfx701", {0x7e008b01, 0x00000000, 0x00000000}, 1, "v_log_legacy_f32_e32 v0, v1"},
    {"gfx701", {0x7e008d01, 0x00000000, 0x00000000}, 1, "v_exp_legacy_f32_e32 v0, v1"},
    {"gfx701", {0x7e000269, 0x00000000, 0x00000000}, 1, "v_mov_b32_e32 v0, flat_scratch_hi"},
    {"gfx701", {0x7dc40468, 0x00000000, 0x00000000}, 1, "v_cmp_eq_u64_e32 vcc, flat_scratch, v[2:3]"},
    {"gfx701", {0x7ed00501, 0x00000000, 0x00000000}, 1, "v_readfirstlane_b32 flat_scratch_lo, v1"},
    {"gfx701", {0x4c000401, 0x00000000, 0x00000000}, 1, "v_sub_i32_e32 v0, vcc, s1, v2"},
    {"gfx701", {0x54000501, 0x00000000, 0x00000000}, 1, "v_subbrev_u32_e32 v0, vcc, v1, v2, vcc"},
    {"gfx601", {0x7e002f02, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e008f01, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx701", {0x7e008f01, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x64000501, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e0002f8, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e00027d, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e0002eb, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e000268, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e000101, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e060401, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x0201ff01, 0x00000005, 0x00000000}, 0, NULL},
    {"gfx601", {0x04000701, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e068601, 0x00000000, 0x00000000}, 0, NULL},
    {"gfx601", {0x7e001e6b, 0x00000000, 0x00000000}, 0, NULL},
};

static void check_vectors(void)
{
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const vec_t *v = &vecs[i];
        const isa_target_t *t = isa_target_by_name(v->target);
        isa_inst_t in;
        char buf[256] = "";
        isa_status_t st = isa_decode(t, v->w, 3, &in);
        if (st == ISA_OK)
            isa_format(t, &in, 0, buf, sizeof buf);
        if (!v->text) {
            CHECK(isa_is_invalid(st), "%s %08x invalid (got \"%s\")", v->target, v->w[0], buf);
            continue;
        }
        CHECK_STR(st == ISA_OK ? buf : "(invalid)", v->text, "%s %08x %08x text", v->target, v->w[0], v->w[1]);
        CHECK(st != ISA_OK || in.ndw == v->ndw, "%s %08x length %u (want %u)", v->target, v->w[0], in.ndw, v->ndw);
    }
}

/* Decode one instruction that must be valid. */
static isa_inst_t dec(const char *target, uint32_t w0, uint32_t w1)
{
    uint32_t w[3] = {w0, w1, 0};
    isa_inst_t in;
    isa_status_t st = isa_decode(isa_target_by_name(target), w, 3, &in);
    CHECK(st == ISA_OK, "%s %08x decodes", target, w0);
    return in;
}

static void check_fields(void)
{
    /* v_add_co_u32_e32 v0, vcc, s5, v2 (gfx9): carry-out in sdst */
    isa_inst_t in = dec("gfx900", 0x32000405, 0);
    CHECK(in.op == ISA_OP_V_ADD_CO_U32 && in.enc == ISA_ENC_VOP2 && in.ndw == 1, "add_co op/enc/ndw");
    CHECK(in.dst == SRC_VGPR0 && in.sdst == SRC_VCC_LO && in.src[0] == 5 && in.src[1] == SRC_VGPR0 + 2,
          "add_co fields dst=%u sdst=%u src0=%u src1=%u", in.dst, in.sdst, in.src[0], in.src[1]);
    /* the same word on gfx8 is v_add_u32 (carry), on gfx6 v_add_i32 is VOP2 0x25 */
    CHECK(dec("gfx803", 0x32000405, 0).op == ISA_OP_V_ADD_U32_CO, "gfx8 v_add_u32 with carry");
    CHECK(dec("gfx601", 0x4a000405, 0).op == ISA_OP_V_ADD_I32, "gfx6 v_add_i32");
    CHECK(dec("gfx900", 0x68000405, 0).op == ISA_OP_V_ADD_U32, "gfx9 v_add_u32 without carry");
    /* v_addc_co_u32_e32 v3, vcc, v1, v2, vcc: carry-in in src[2] */
    in = dec("gfx900", 0x38060501, 0);
    CHECK(in.dst == SRC_VGPR0 + 3 && in.src[2] == SRC_VCC_LO && in.sdst == SRC_VCC_LO, "addc carry-in/out");
    /* v_cndmask_b32_e32 v0, v1, v2, vcc */
    in = dec("gfx803", 0x00000501, 0);
    CHECK(in.op == ISA_OP_V_CNDMASK_B32 && in.src[2] == SRC_VCC_LO && in.sdst == 0, "cndmask condition");
    /* v_madmk_f32 v0, v1, K, v2: src0 * K + vsrc1 */
    in = dec("gfx803", 0x2e000501, 0x3f800000);
    CHECK(in.ndw == 2 && in.has_lit && in.literal == 0x3f800000 && in.src[0] == SRC_VGPR0 + 1 &&
          in.src[1] == SRC_LITERAL && in.src[2] == SRC_VGPR0 + 2, "madmk fields");
    /* v_madak_f32 v0, v1, v2, K: src0 * vsrc1 + K */
    in = dec("gfx803", 0x30000501, 0x40);
    CHECK(in.ndw == 2 && in.src[1] == SRC_VGPR0 + 2 && in.src[2] == SRC_LITERAL && in.literal == 0x40,
          "madak fields");
    /* v_mov_b32_e32 v7, 0x12345678 */
    in = dec("gfx701", 0x7e0e02ff, 0x12345678);
    CHECK(in.op == ISA_OP_V_MOV_B32 && in.enc == ISA_ENC_VOP1 && in.ndw == 2 && in.dst == SRC_VGPR0 + 7 &&
          in.src[0] == SRC_LITERAL && in.literal == 0x12345678 && in.w[1] == 0x12345678, "mov literal");
    /* v_readfirstlane_b32 s5, v1: an SGPR destination in the scalar encoding */
    in = dec("gfx900", 0x7e0a0501, 0);
    CHECK(in.dst == 5 && in.src[0] == SRC_VGPR0 + 1, "readfirstlane sdst %u", in.dst);
    /* gfx6 v_readlane_b32 s0, v1, 63: lane select is a scalar source */
    in = dec("gfx601", 0x02017f01, 0);
    CHECK(in.op == ISA_OP_V_READLANE_B32 && in.dst == 0 && in.src[0] == SRC_VGPR0 + 1 && in.src[1] == 0xbf,
          "readlane fields");
    /* gfx6 v_writelane_b32 v0, s1, 2 */
    in = dec("gfx601", 0x04010401, 0);
    CHECK(in.op == ISA_OP_V_WRITELANE_B32 && in.dst == SRC_VGPR0 && in.src[0] == 1 && in.src[1] == 0x82,
          "writelane fields");
    /* VOPC: v_cmp_lt_f64_e32 vcc, s[4:5], v[2:3] */
    in = dec("gfx803", 0x7cc20404, 0);
    CHECK(in.op == ISA_OP_V_CMP_LT_F64 && in.enc == ISA_ENC_VOPC && in.sdst == SRC_VCC_LO && in.src[0] == 4 &&
          in.src[1] == SRC_VGPR0 + 2, "vopc fields");
    /* v_swap_b32 v7, v1 from a src0 field of 1 (LLVM reads a VGPR) */
    in = dec("gfx900", 0x7e0ea201, 0);
    CHECK(in.op == ISA_OP_V_SWAP_B32 && in.src[0] == SRC_VGPR0 + 1 && in.dst == SRC_VGPR0 + 7, "swap fields");
    /* src0 0xF9 / 0xFA on gfx8/9: SDWA / DPP */
    in = dec("gfx900", 0x7e0002f9, 0x00060601);
    CHECK(in.enc == ISA_ENC_SDWA && in.op == ISA_OP_V_MOV_B32 && in.ndw == 2, "sdwa delegated");
    in = dec("gfx803", 0x7e0002fa, 0xff00e401);
    CHECK(in.enc == ISA_ENC_DPP && in.op == ISA_OP_V_MOV_B32 && in.ndw == 2, "dpp delegated");
    /* a literal past the end of the buffer */
    uint32_t w = 0x7e0002ff;
    CHECK(isa_decode(isa_target_by_name("gfx900"), &w, 1, &in) == ISA_E_TRUNC, "truncated literal");
    /* row flags the cycle model and VOP3 printer rely on */
    CHECK((isa_row(ISA_OP_V_CMPX_LT_F32)->flags & (ISA_F_WRITE_EXEC | ISA_F_WRITE_VCC)) ==
              (ISA_F_WRITE_EXEC | ISA_F_WRITE_VCC), "cmpx writes exec and vcc");
    CHECK(isa_row(ISA_OP_V_MAC_F32)->flags & ISA_F_READ_DST, "mac reads dst");
    CHECK(isa_row(ISA_OP_V_MOVRELS_B32)->flags & ISA_F_READ_M0, "movrels reads m0");
    CHECK(isa_row(ISA_OP_V_RCP_F32)->timing == ISA_T_VALU_TRANS && isa_row(ISA_OP_V_RCP_F64)->timing == ISA_T_VALU_DP_MUL &&
          isa_row(ISA_OP_V_CMP_LT_U64)->timing == ISA_T_VALU_DP_ADD && isa_row(ISA_OP_V_SWAP_B32)->timing == ISA_T_VALU_SWAP,
          "timing classes");
}

/* Every VOP1/VOP2/VOPC row decodes from its own e32 opcode, in each target
 * where it has one, with plain VGPR operands (and a K where it needs one). */
static void check_rows(void)
{
    static const char *targets[] = {"gfx601", "gfx701", "gfx803", "gfx900", "gfx906"};
    unsigned n[5] = {0};
    for (unsigned ti = 0; ti < 5; ti++) {
        const isa_target_t *t = isa_target_by_name(targets[ti]);
        unsigned bad = 0;
        for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
            const isa_row_t *r = isa_row(op);
            if ((r->enc != ISA_ENC_VOP1 && r->enc != ISA_ENC_VOP2 && r->enc != ISA_ENC_VOPC) ||
                !isa_row_in_target(r, t))
                continue;
            unsigned op3 = (unsigned)r->opc[t->gen], fam = isa_valu_family(t->gen, op3);
            if (fam != r->enc)
                continue;                 /* VOP3-only in this generation */
            unsigned e = op3 - isa_vop3_from_e32(t->gen, fam, 0);
            int lane = op == ISA_OP_V_READLANE_B32 || op == ISA_OP_V_WRITELANE_B32;
            uint32_t w0 = fam == ISA_ENC_VOP1 ? 0x7e000000u | e << 9 | (r->nsrc ? 0x101u : 0)
                        : fam == ISA_ENC_VOPC ? 0x7c000000u | e << 17 | 2u << 9 | 0x101u
                        : e << 25 | (lane ? 0x82u << 9 : 2u << 9) | (op == ISA_OP_V_WRITELANE_B32 ? 1u : 0x101u);
            uint32_t w[3] = {w0, 0x3f800000, 0};
            isa_inst_t in;
            if (isa_decode(t, w, 3, &in) != ISA_OK || in.op != op) {
                bad++;
                CHECK(0, "%s row %s decodes from %08x", t->name, r->key, w0);
            }
            n[ti]++;
        }
        CHECK(!bad && n[ti] > 0, "%s: %u e32 rows decode from their opcodes", t->name, n[ti]);
    }
}

int main(void)
{
    check_vectors();
    check_fields();
    check_rows();
    return check_done();
}
