/* test_sem_valu_ext.c — semantics of the f64, 64-bit integer, f16, 16-bit
 * integer, packed (VOP3P), mixed-precision, dot, SAD and cube VALU
 * instructions on gfx6-gfx9.  Encodings come from llvm-mc-16 (gfx8/9) and
 * llvm-mc-15 (gfx6/7); the text is kept next to each.  Expected values are
 * hand-derived constants or host computations independent of gcnsim:
 * IEEE double/long double arithmetic, GCC's _Float16, integer bit
 * manipulation.  Each instruction runs once per table of vectors, vector k
 * in lane k: sources in v2, v4, v6 (v[2:3], v[4:5], v[6:7] when 64-bit),
 * the result in v0 (v[0:1]). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

typedef struct {
    uint32_t w[3];
    unsigned n;
    const char *text;
} enc_t;

static const enc_t ADD_F64 = {{0xd2800000, 0x00020902}, 2, "v_add_f64 v[0:1], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t MUL_F64 = {{0xd2810000, 0x00020902}, 2, "v_mul_f64 v[0:1], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t FMA_F64 = {{0xd1cc0000, 0x041a0902}, 2, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]"}; /* gfx900 */
static const enc_t MIN_F64 = {{0xd2820000, 0x00020902}, 2, "v_min_f64 v[0:1], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t MAX_F64 = {{0xd2830000, 0x00020902}, 2, "v_max_f64 v[0:1], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t LDEXP_F64 = {{0xd2840000, 0x00020902}, 2, "v_ldexp_f64 v[0:1], v[2:3], v4"}; /* gfx900 */
static const enc_t ADD_F64_NEG_ABS = {{0xd2800200, 0x20020902}, 2, "v_add_f64 v[0:1], -v[2:3], |v[4:5]|"}; /* gfx900 */
static const enc_t ADD_F64_CLAMP = {{0xd2808000, 0x00020902}, 2, "v_add_f64 v[0:1], v[2:3], v[4:5] clamp"}; /* gfx900 */
static const enc_t MUL_F64_OMOD2 = {{0xd2810000, 0x08020902}, 2, "v_mul_f64 v[0:1], v[2:3], v[4:5] mul:2"}; /* gfx900 */
static const enc_t ADD_F64_INL_ONE = {{0xd2800000, 0x000208f2}, 2, "v_add_f64 v[0:1], 1.0, v[4:5]"}; /* gfx900 */
static const enc_t ADD_F64_INL_INT1 = {{0xd2800000, 0x00020881}, 2, "v_add_f64 v[0:1], 1, v[4:5]"}; /* gfx900 */
static const enc_t ADD_F64_INL_M4 = {{0xd2800000, 0x0001ef02}, 2, "v_add_f64 v[0:1], v[2:3], -4.0"}; /* gfx900 */
static const enc_t MUL_F64_INV2PI = {{0xd2810000, 0x000208f8}, 2, "v_mul_f64 v[0:1], 0.15915494309189532, v[4:5]"}; /* gfx900 */
static const enc_t ADD_F64_SGPR = {{0xd2800000, 0x00020808}, 2, "v_add_f64 v[0:1], s[8:9], v[4:5]"}; /* gfx900 */
static const enc_t TRUNC_F64 = {{0x7e002f02}, 1, "v_trunc_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t CEIL_F64 = {{0x7e003102}, 1, "v_ceil_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t FLOOR_F64 = {{0x7e003502}, 1, "v_floor_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t RNDNE_F64 = {{0x7e003302}, 1, "v_rndne_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t FRACT_F64 = {{0x7e006502}, 1, "v_fract_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t FREXP_MANT_F64 = {{0x7e006302}, 1, "v_frexp_mant_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t FREXP_EXP_F64 = {{0x7e006102}, 1, "v_frexp_exp_i32_f64_e32 v0, v[2:3]"}; /* gfx900 */
static const enc_t RCP_F64 = {{0x7e004b02}, 1, "v_rcp_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t RSQ_F64 = {{0x7e004d02}, 1, "v_rsq_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t SQRT_F64 = {{0x7e005102}, 1, "v_sqrt_f64_e32 v[0:1], v[2:3]"}; /* gfx900 */
static const enc_t RCP_F64_LIT = {{0x7e004aff, 0x40100000}, 2, "v_rcp_f64_e32 v[0:1], 0x40100000"}; /* gfx900 */
static const enc_t CVT_F32_F64_LIT = {{0x7e001eff, 0x3ff80000}, 2, "v_cvt_f32_f64_e32 v0, 0x3ff80000"}; /* gfx900 */
static const enc_t DIV_SCALE_F64 = {{0xd1e10a00, 0x041a0902}, 2, "v_div_scale_f64 v[0:1], s[10:11], v[2:3], v[4:5], v[6:7]"}; /* gfx900 */
static const enc_t DIV_FMAS_F64 = {{0xd1e30000, 0x041a0902}, 2, "v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]"}; /* gfx900 */
static const enc_t DIV_FIXUP_F64 = {{0xd1df0000, 0x041a0902}, 2, "v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]"}; /* gfx900 */
static const enc_t TRIG_PREOP_F64 = {{0xd2920000, 0x00020902}, 2, "v_trig_preop_f64 v[0:1], v[2:3], v4"}; /* gfx900 */
static const enc_t CVT_F64_F32 = {{0x7e002102}, 1, "v_cvt_f64_f32_e32 v[0:1], v2"}; /* gfx900 */
static const enc_t CVT_F32_F64 = {{0x7e001f02}, 1, "v_cvt_f32_f64_e32 v0, v[2:3]"}; /* gfx900 */
static const enc_t CVT_F64_I32 = {{0x7e000902}, 1, "v_cvt_f64_i32_e32 v[0:1], v2"}; /* gfx900 */
static const enc_t CVT_F64_U32 = {{0x7e002d02}, 1, "v_cvt_f64_u32_e32 v[0:1], v2"}; /* gfx900 */
static const enc_t CVT_I32_F64 = {{0x7e000702}, 1, "v_cvt_i32_f64_e32 v0, v[2:3]"}; /* gfx900 */
static const enc_t CVT_U32_F64 = {{0x7e002b02}, 1, "v_cvt_u32_f64_e32 v0, v[2:3]"}; /* gfx900 */
static const enc_t CMP_CLASS_F64 = {{0x7c240902}, 1, "v_cmp_class_f64_e32 vcc, v[2:3], v4"}; /* gfx900 */
static const enc_t CMP_LT_F64 = {{0x7cc20902}, 1, "v_cmp_lt_f64_e32 vcc, v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMP_NGE_F64_E64 = {{0xd069000a, 0x00020902}, 2, "v_cmp_nge_f64_e64 s[10:11], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMPX_EQ_F64 = {{0x7ce40902}, 1, "v_cmpx_eq_f64_e32 vcc, v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMP_U_F64_LIT = {{0x7cd008ff, 0x7ff80000}, 2, "v_cmp_u_f64_e32 vcc, 0x7ff80000, v[4:5]"}; /* gfx900 */
static const enc_t LSHLREV_B64 = {{0xd28f0000, 0x00020504}, 2, "v_lshlrev_b64 v[0:1], v4, v[2:3]"}; /* gfx900 */
static const enc_t LSHRREV_B64 = {{0xd2900000, 0x00020504}, 2, "v_lshrrev_b64 v[0:1], v4, v[2:3]"}; /* gfx900 */
static const enc_t ASHRREV_I64 = {{0xd2910000, 0x00020504}, 2, "v_ashrrev_i64 v[0:1], v4, v[2:3]"}; /* gfx900 */
static const enc_t LSHLREV_B64_INL = {{0xd28f0000, 0x00020483}, 2, "v_lshlrev_b64 v[0:1], 3, v[2:3]"}; /* gfx803 */
static const enc_t CMP_LT_I64 = {{0x7dc20902}, 1, "v_cmp_lt_i64_e32 vcc, v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMP_LT_U64 = {{0x7dd20902}, 1, "v_cmp_lt_u64_e32 vcc, v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMPX_NE_U64_E64 = {{0xd0fd000a, 0x00020902}, 2, "v_cmpx_ne_u64_e64 s[10:11], v[2:3], v[4:5]"}; /* gfx900 */
static const enc_t CMP_GE_I64_INL = {{0x7dcc08c1}, 1, "v_cmp_ge_i64_e32 vcc, -1, v[4:5]"}; /* gfx900 */
static const enc_t ADD_F64_G6 = {{0xd2c80000, 0x00020902}, 2, "v_add_f64 v[0:1], v[2:3], v[4:5]"}; /* gfx601 */
static const enc_t LSHL_B64_G6 = {{0xd2c20000, 0x00020902}, 2, "v_lshl_b64 v[0:1], v[2:3], v4"}; /* gfx601 */
static const enc_t LSHR_B64_G7 = {{0xd2c40000, 0x00020902}, 2, "v_lshr_b64 v[0:1], v[2:3], v4"}; /* gfx701 */
static const enc_t ASHR_I64_G7 = {{0xd2c60000, 0x00020902}, 2, "v_ashr_i64 v[0:1], v[2:3], v4"}; /* gfx701 */
static const enc_t TRUNC_F64_G7 = {{0x7e002f02}, 1, "v_trunc_f64_e32 v[0:1], v[2:3]"}; /* gfx701 */
static const enc_t RCP_CLAMP_F64_G7 = {{0x7e006102}, 1, "v_rcp_clamp_f64_e32 v[0:1], v[2:3]"}; /* gfx701 */
static const enc_t RSQ_CLAMP_F64_G6 = {{0x7e006502}, 1, "v_rsq_clamp_f64_e32 v[0:1], v[2:3]"}; /* gfx601 */
static const enc_t CMP_GT_I64_G7 = {{0x7d480902}, 1, "v_cmp_gt_i64_e32 vcc, v[2:3], v[4:5]"}; /* gfx701 */
static const enc_t CMPS_LT_F64_G6 = {{0x7cc20902}, 1, "v_cmps_lt_f64_e32 vcc, v[2:3], v[4:5]"}; /* gfx601 */
static const enc_t CMPX_LE_U64_G7 = {{0x7de60902}, 1, "v_cmpx_le_u64_e32 vcc, v[2:3], v[4:5]"}; /* gfx701 */
static const enc_t CVT_F16_F32_G7 = {{0x7e001502}, 1, "v_cvt_f16_f32_e32 v0, v2"}; /* gfx701 */
static const enc_t CVT_F32_F16_G6 = {{0x7e001702}, 1, "v_cvt_f32_f16_e32 v0, v2"}; /* gfx601 */
static const enc_t CVT_PKRTZ_G7 = {{0x5e000902}, 1, "v_cvt_pkrtz_f16_f32_e32 v0, v2, v4"}; /* gfx701 */
static const enc_t MQSAD_PK_G7 = {{0xd2e60000, 0x041a0902}, 2, "v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]"}; /* gfx701 */
static const enc_t ADD_F16 = {{0x3e000902}, 1, "v_add_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t ADD_F16_G8 = {{0x3e000902}, 1, "v_add_f16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t SUB_F16 = {{0x40000902}, 1, "v_sub_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t SUBREV_F16 = {{0x42000902}, 1, "v_subrev_f16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t MUL_F16 = {{0x44000902}, 1, "v_mul_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MIN_F16 = {{0x5c000902}, 1, "v_min_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MAX_F16 = {{0x5a000902}, 1, "v_max_f16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t MAC_F16 = {{0x46000902}, 1, "v_mac_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MAC_F16_G8 = {{0x46000902}, 1, "v_mac_f16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t MADMK_F16 = {{0x48000902, 0x00004000}, 2, "v_madmk_f16 v0, v2, 0x4000, v4"}; /* gfx900 */
static const enc_t MADAK_F16 = {{0x4a000902, 0x00003c00}, 2, "v_madak_f16 v0, v2, v4, 0x3c00"}; /* gfx803 */
static const enc_t MAD_F16 = {{0xd2030000, 0x041a0902}, 2, "v_mad_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MAD_F16_G8 = {{0xd1ea0000, 0x041a0902}, 2, "v_mad_f16 v0, v2, v4, v6"}; /* gfx803 */
static const enc_t MAD_LEGACY_F16 = {{0xd1ea0000, 0x041a0902}, 2, "v_mad_legacy_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t FMA_F16 = {{0xd2060000, 0x041a0902}, 2, "v_fma_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t FMA_F16_G8 = {{0xd1ee0000, 0x041a0902}, 2, "v_fma_f16 v0, v2, v4, v6"}; /* gfx803 */
static const enc_t FMA_F16_OPSEL = {{0xd2065800, 0x041a0902}, 2, "v_fma_f16 v0, v2, v4, v6 op_sel:[1,1,0,1]"}; /* gfx900 */
static const enc_t DIV_FIXUP_F16 = {{0xd2070000, 0x041a0902}, 2, "v_div_fixup_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MIN3_F16 = {{0xd1f40000, 0x041a0902}, 2, "v_min3_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MAX3_F16 = {{0xd1f70000, 0x041a0902}, 2, "v_max3_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MED3_F16 = {{0xd1fa0000, 0x041a0902}, 2, "v_med3_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t LDEXP_F16 = {{0x66000902}, 1, "v_ldexp_f16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t ADD_F16_E64_NEG_CLAMP = {{0xd11f8200, 0x20020902}, 2, "v_add_f16_e64 v0, -v2, |v4| clamp"}; /* gfx900 */
static const enc_t MUL_F16_OMOD = {{0xd1220000, 0x08020902}, 2, "v_mul_f16_e64 v0, v2, v4 mul:2"}; /* gfx803 */
static const enc_t ADD_F16_INL_ONE = {{0x3e0008f2}, 1, "v_add_f16_e32 v0, 1.0, v4"}; /* gfx900 */
static const enc_t ADD_F16_INL_INT = {{0x3e000881}, 1, "v_add_f16_e32 v0, 1, v4"}; /* gfx900 */
static const enc_t ADD_F16_INL_INV2PI = {{0x3e0008f8}, 1, "v_add_f16_e32 v0, 0.15915494309189532, v4"}; /* gfx900 */
static const enc_t ADD_F16_LIT = {{0x3e0008f0}, 1, "v_add_f16_e32 v0, 0x3800, v4"}; /* gfx803 */
static const enc_t ADD_F16_SDWA = {{0x3e0008f9, 0x04051502}, 2, "v_add_f16_sdwa v0, v2, v4 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0"}; /* gfx900 */
static const enc_t ADD_F16_DPP = {{0x3e0008fa, 0xff00b102}, 2, "v_add_f16_dpp v0, v2, v4 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf"}; /* gfx900 */
static const enc_t TRUNC_F16 = {{0x7e008d02}, 1, "v_trunc_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CEIL_F16 = {{0x7e008b02}, 1, "v_ceil_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t FLOOR_F16 = {{0x7e008902}, 1, "v_floor_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t RNDNE_F16 = {{0x7e008f02}, 1, "v_rndne_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t FRACT_F16 = {{0x7e009102}, 1, "v_fract_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t FREXP_MANT_F16 = {{0x7e008502}, 1, "v_frexp_mant_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t FREXP_EXP_F16 = {{0x7e008702}, 1, "v_frexp_exp_i16_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t RCP_F16 = {{0x7e007b02}, 1, "v_rcp_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t SQRT_F16 = {{0x7e007d02}, 1, "v_sqrt_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t RSQ_F16 = {{0x7e007f02}, 1, "v_rsq_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t EXP_F16 = {{0x7e008302}, 1, "v_exp_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t LOG_F16 = {{0x7e008102}, 1, "v_log_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t SIN_F16 = {{0x7e009302}, 1, "v_sin_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t COS_F16 = {{0x7e009502}, 1, "v_cos_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_F16_F32 = {{0x7e001502}, 1, "v_cvt_f16_f32_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_F32_F16 = {{0x7e001702}, 1, "v_cvt_f32_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_F16_U16 = {{0x7e007302}, 1, "v_cvt_f16_u16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_F16_I16 = {{0x7e007502}, 1, "v_cvt_f16_i16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_U16_F16 = {{0x7e007702}, 1, "v_cvt_u16_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_I16_F16 = {{0x7e007902}, 1, "v_cvt_i16_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_NORM_I16_F16 = {{0x7e009b02}, 1, "v_cvt_norm_i16_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_NORM_U16_F16 = {{0x7e009d02}, 1, "v_cvt_norm_u16_f16_e32 v0, v2"}; /* gfx900 */
static const enc_t CVT_F32_F16_SDWA = {{0x7e0016f9, 0x00050602}, 2, "v_cvt_f32_f16_sdwa v0, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1"}; /* gfx900 */
static const enc_t CMP_LT_F16 = {{0x7c420902}, 1, "v_cmp_lt_f16_e32 vcc, v2, v4"}; /* gfx900 */
static const enc_t CMP_LG_F16_E64 = {{0xd025000a, 0x00020902}, 2, "v_cmp_lg_f16_e64 s[10:11], v2, v4"}; /* gfx803 */
static const enc_t CMPX_U_F16 = {{0x7c700902}, 1, "v_cmpx_u_f16_e32 vcc, v2, v4"}; /* gfx900 */
static const enc_t CMP_CLASS_F16 = {{0x7c280902}, 1, "v_cmp_class_f16_e32 vcc, v2, v4"}; /* gfx900 */
static const enc_t ADD_U16 = {{0x4c000902}, 1, "v_add_u16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t ADD_U16_CLAMP = {{0xd1268000, 0x00020902}, 2, "v_add_u16_e64 v0, v2, v4 clamp"}; /* gfx900 */
static const enc_t SUB_U16 = {{0x4e000902}, 1, "v_sub_u16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t SUBREV_U16_CLAMP = {{0xd1288000, 0x00020902}, 2, "v_subrev_u16_e64 v0, v2, v4 clamp"}; /* gfx900 */
static const enc_t MUL_LO_U16 = {{0x52000902}, 1, "v_mul_lo_u16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t LSHLREV_B16 = {{0x54000902}, 1, "v_lshlrev_b16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t LSHRREV_B16 = {{0x56000902}, 1, "v_lshrrev_b16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t ASHRREV_I16 = {{0x58000902}, 1, "v_ashrrev_i16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MAX_U16 = {{0x5e000902}, 1, "v_max_u16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MAX_I16 = {{0x60000902}, 1, "v_max_i16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MIN_U16 = {{0x62000902}, 1, "v_min_u16_e32 v0, v2, v4"}; /* gfx900 */
static const enc_t MIN_I16 = {{0x64000902}, 1, "v_min_i16_e32 v0, v2, v4"}; /* gfx803 */
static const enc_t ADD_I16_CLAMP = {{0xd29e8000, 0x00020902}, 2, "v_add_i16 v0, v2, v4 clamp"}; /* gfx900 */
static const enc_t SUB_I16_OPSEL = {{0xd29f4800, 0x00020902}, 2, "v_sub_i16 v0, v2, v4 op_sel:[1,0,1]"}; /* gfx900 */
static const enc_t MAD_U16 = {{0xd2040000, 0x041a0902}, 2, "v_mad_u16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MAD_U16_OPSEL = {{0xd2046800, 0x041a0902}, 2, "v_mad_u16 v0, v2, v4, v6 op_sel:[1,0,1,1]"}; /* gfx900 */
static const enc_t MAD_U16_CLAMP = {{0xd1eb8000, 0x041a0902}, 2, "v_mad_u16 v0, v2, v4, v6 clamp"}; /* gfx803 */
static const enc_t MAD_I16 = {{0xd2050000, 0x041a0902}, 2, "v_mad_i16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MAD_U32_U16 = {{0xd1f11000, 0x041a0902}, 2, "v_mad_u32_u16 v0, v2, v4, v6 op_sel:[0,1,0,0]"}; /* gfx900 */
static const enc_t MAD_I32_I16 = {{0xd1f20000, 0x041a0902}, 2, "v_mad_i32_i16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MED3_I16 = {{0xd1fb0000, 0x041a0902}, 2, "v_med3_i16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MIN3_U16 = {{0xd1f60000, 0x041a0902}, 2, "v_min3_u16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t MAX3_I16 = {{0xd1f80000, 0x041a0902}, 2, "v_max3_i16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t SAT_PK_U8_I16 = {{0x7e009f02}, 1, "v_sat_pk_u8_i16_e32 v0, v2"}; /* gfx900 */
static const enc_t CMP_LT_I16 = {{0x7d420902}, 1, "v_cmp_lt_i16_e32 vcc, v2, v4"}; /* gfx900 */
static const enc_t CMP_LT_U16 = {{0x7d520902}, 1, "v_cmp_lt_u16_e32 vcc, v2, v4"}; /* gfx803 */
static const enc_t CMPX_GE_I16 = {{0x7d6c0902}, 1, "v_cmpx_ge_i16_e32 vcc, v2, v4"}; /* gfx900 */
static const enc_t CVT_PKRTZ = {{0xd2960000, 0x00020902}, 2, "v_cvt_pkrtz_f16_f32 v0, v2, v4"}; /* gfx900 */
static const enc_t CVT_PKNORM_I16_F32 = {{0xd2940000, 0x00020902}, 2, "v_cvt_pknorm_i16_f32 v0, v2, v4"}; /* gfx900 */
static const enc_t CVT_PKNORM_U16_F32 = {{0xd2950000, 0x00020902}, 2, "v_cvt_pknorm_u16_f32 v0, v2, v4"}; /* gfx803 */
static const enc_t CVT_PKNORM_I16_F16 = {{0xd2990000, 0x00020902}, 2, "v_cvt_pknorm_i16_f16 v0, v2, v4"}; /* gfx900 */
static const enc_t CVT_PKNORM_U16_F16 = {{0xd29a0800, 0x00020902}, 2, "v_cvt_pknorm_u16_f16 v0, v2, v4 op_sel:[1,0,0]"}; /* gfx900 */
static const enc_t CVT_PK_U16_U32 = {{0xd2970000, 0x00020902}, 2, "v_cvt_pk_u16_u32 v0, v2, v4"}; /* gfx900 */
static const enc_t CVT_PK_I16_I32 = {{0xd2980000, 0x00020902}, 2, "v_cvt_pk_i16_i32 v0, v2, v4"}; /* gfx900 */
static const enc_t PACK_B32_F16 = {{0xd2a00800, 0x00020902}, 2, "v_pack_b32_f16 v0, v2, v4 op_sel:[1,0,0]"}; /* gfx900 */
static const enc_t PACK_B32_F16_NEG = {{0xd2a00200, 0x20020902}, 2, "v_pack_b32_f16 v0, -v2, |v4|"}; /* gfx900 */
static const enc_t CVT_PK_U8_F32 = {{0xd1dd0000, 0x041a0902}, 2, "v_cvt_pk_u8_f32 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t PK_ADD_F16 = {{0xd38f4000, 0x18020902}, 2, "v_pk_add_f16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_ADD_F16_SEL = {{0xd38f4800, 0x10020902}, 2, "v_pk_add_f16 v0, v2, v4 op_sel:[1,0] op_sel_hi:[0,1]"}; /* gfx900 */
static const enc_t PK_ADD_F16_NEG = {{0xd38f4200, 0x38020902}, 2, "v_pk_add_f16 v0, v2, v4 neg_lo:[1,0] neg_hi:[0,1]"}; /* gfx900 */
static const enc_t PK_ADD_F16_INL = {{0xd38f4000, 0x1801e502}, 2, "v_pk_add_f16 v0, v2, 1.0"}; /* gfx900 */
static const enc_t PK_MUL_F16_CLAMP = {{0xd390c000, 0x18020902}, 2, "v_pk_mul_f16 v0, v2, v4 clamp"}; /* gfx900 */
static const enc_t PK_FMA_F16 = {{0xd38e4000, 0x1c1a0902}, 2, "v_pk_fma_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t PK_MIN_F16 = {{0xd3914000, 0x18020902}, 2, "v_pk_min_f16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_MAX_F16 = {{0xd3924000, 0x18020902}, 2, "v_pk_max_f16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_MAD_U16_CLAMP = {{0xd389c000, 0x1c1a0902}, 2, "v_pk_mad_u16 v0, v2, v4, v6 clamp"}; /* gfx900 */
static const enc_t PK_MAD_I16 = {{0xd3804000, 0x1c1a0902}, 2, "v_pk_mad_i16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t PK_MUL_LO_U16 = {{0xd3814000, 0x18020902}, 2, "v_pk_mul_lo_u16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_ADD_U16 = {{0xd38a4000, 0x18020902}, 2, "v_pk_add_u16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_SUB_I16_CLAMP = {{0xd383c000, 0x18020902}, 2, "v_pk_sub_i16 v0, v2, v4 clamp"}; /* gfx900 */
static const enc_t PK_ADD_I16 = {{0xd3824000, 0x18020902}, 2, "v_pk_add_i16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_SUB_U16 = {{0xd38b4000, 0x18020902}, 2, "v_pk_sub_u16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_LSHLREV_B16 = {{0xd3844000, 0x18020902}, 2, "v_pk_lshlrev_b16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_LSHRREV_B16 = {{0xd3854000, 0x18020902}, 2, "v_pk_lshrrev_b16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_ASHRREV_I16 = {{0xd3864000, 0x10020902}, 2, "v_pk_ashrrev_i16 v0, v2, v4 op_sel_hi:[0,1]"}; /* gfx900 */
static const enc_t PK_MAX_I16 = {{0xd3874000, 0x18020902}, 2, "v_pk_max_i16 v0, v2, v4"}; /* gfx900 */
static const enc_t PK_MIN_U16 = {{0xd38d4000, 0x18020902}, 2, "v_pk_min_u16 v0, v2, v4"}; /* gfx900 */
static const enc_t MAD_MIX_F32 = {{0xd3a04000, 0x0c1a0902}, 2, "v_mad_mix_f32 v0, v2, v4, v6 op_sel_hi:[1,0,1]"}; /* gfx900 */
static const enc_t MAD_MIX_F32_SEL = {{0xd3a00a00, 0x3c1a0902}, 2, "v_mad_mix_f32 v0, -v2, |v4|, v6 op_sel:[1,0,0] op_sel_hi:[1,1,0]"}; /* gfx900 */
static const enc_t MAD_MIXLO_F16 = {{0xd3a14000, 0x1c1a0902}, 2, "v_mad_mixlo_f16 v0, v2, v4, v6 op_sel_hi:[1,1,1]"}; /* gfx900 */
static const enc_t MAD_MIXHI_F16 = {{0xd3a20000, 0x041a0902}, 2, "v_mad_mixhi_f16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t FMA_MIX_F32 = {{0xd3a00000, 0x1c1a0902}, 2, "v_fma_mix_f32 v0, v2, v4, v6 op_sel_hi:[1,1,0]"}; /* gfx906 */
static const enc_t FMA_MIXLO_F16 = {{0xd3a10000, 0x041a0902}, 2, "v_fma_mixlo_f16 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT2_F32_F16 = {{0xd3a34000, 0x1c1a0902}, 2, "v_dot2_f32_f16 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT2_I32_I16 = {{0xd3a64000, 0x1c1a0902}, 2, "v_dot2_i32_i16 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT2_U32_U16 = {{0xd3a74000, 0x1c1a0902}, 2, "v_dot2_u32_u16 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT4_I32_I8 = {{0xd3a84000, 0x1c1a0902}, 2, "v_dot4_i32_i8 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT4_U32_U8_CLAMP = {{0xd3a9c000, 0x1c1a0902}, 2, "v_dot4_u32_u8 v0, v2, v4, v6 clamp"}; /* gfx906 */
static const enc_t DOT8_I32_I4 = {{0xd3aa4000, 0x1c1a0902}, 2, "v_dot8_i32_i4 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t DOT8_U32_U4 = {{0xd3ab4000, 0x1c1a0902}, 2, "v_dot8_u32_u4 v0, v2, v4, v6"}; /* gfx906 */
static const enc_t SAD_U8 = {{0xd1d90000, 0x041a0902}, 2, "v_sad_u8 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t SAD_HI_U8 = {{0xd1da0000, 0x041a0902}, 2, "v_sad_hi_u8 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t SAD_U16 = {{0xd1db0000, 0x041a0902}, 2, "v_sad_u16 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t SAD_U32 = {{0xd1dc0000, 0x041a0902}, 2, "v_sad_u32 v0, v2, v4, v6"}; /* gfx803 */
static const enc_t SAD_U32_CLAMP = {{0xd1dc8000, 0x041a0902}, 2, "v_sad_u32 v0, v2, v4, v6 clamp"}; /* gfx900 */
static const enc_t MSAD_U8 = {{0xd1e40000, 0x041a0902}, 2, "v_msad_u8 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t QSAD_PK = {{0xd1e50000, 0x041a0902}, 2, "v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]"}; /* gfx900 */
static const enc_t MQSAD_PK = {{0xd1e60000, 0x041a0902}, 2, "v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]"}; /* gfx900 */
static const enc_t MQSAD_U32 = {{0xd1e70008, 0x04320902}, 2, "v_mqsad_u32_u8 v[8:11], v[2:3], v4, v[12:15]"}; /* gfx900 */
static const enc_t LERP_U8 = {{0xd1cd0000, 0x041a0902}, 2, "v_lerp_u8 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t CUBEID = {{0xd1c40000, 0x041a0902}, 2, "v_cubeid_f32 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t CUBESC = {{0xd1c50000, 0x041a0902}, 2, "v_cubesc_f32 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t CUBETC = {{0xd1c60000, 0x041a0902}, 2, "v_cubetc_f32 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t CUBEMA = {{0xd1c70000, 0x041a0902}, 2, "v_cubema_f32 v0, v2, v4, v6"}; /* gfx900 */
static const enc_t CUBEMA_G6 = {{0xd28e0000, 0x041a0902}, 2, "v_cubema_f32 v0, v2, v4, v6"}; /* gfx601 */

/* ---- harness ------------------------------------------------------------ */

static semtest_t S;
enum { NVGPR = 32 };
enum { MODE_DEFAULT = 0xf0 | 1u << 8 | 1u << 9 };   /* denormals on, DX10 clamp, IEEE */

/* Load one instruction followed by s_endpgm on a fresh wave. */
static void start(const char *target, const enc_t *e)
{
    uint32_t code[4] = {0};
    for (unsigned i = 0; i < e->n; i++)
        code[i] = e->w[i];
    code[e->n] = 0xbf810000;   /* s_endpgm */
    semtest_init(&S, target, NVGPR);
    semtest_load(&S, code, e->n + 1);
}

/* Execute the instruction; 0 if it ran without a fault. */
static int step(const enc_t *e)
{
    semtest_step(&S, 1);
    if (S.w.state != WAVE_RUN) {
        printf("      %s: wave stopped: %s\n", e->text, S.w.fault.msg);
        return -1;
    }
    return 0;
}

static void set64(unsigned n, unsigned l, uint64_t v)
{
    S.w.vgpr[n][l] = (uint32_t)v;
    S.w.vgpr[n + 1][l] = (uint32_t)(v >> 32);
}

static uint64_t get64(unsigned n, unsigned l)
{
    return (uint64_t)S.w.vgpr[n + 1][l] << 32 | S.w.vgpr[n][l];
}

static uint64_t sreg64(unsigned n)
{
    return (uint64_t)S.w.sgpr[n + 1] << 32 | S.w.sgpr[n];
}

static uint64_t db(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static double bd(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint32_t fb(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bf(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* f16 through the compiler's _Float16 */
static uint32_t hb(_Float16 h)
{
    uint16_t b;
    memcpy(&b, &h, 2);
    return b;
}

static _Float16 bh(uint32_t b)
{
    uint16_t u = (uint16_t)b;
    _Float16 h;
    memcpy(&h, &u, 2);
    return h;
}

static int h_nan(uint32_t h)
{
    return (h & 0x7fff) > 0x7c00;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    return check_xorshift(&rng);
}

/* One vector: sources a, b, c and the expected result. */
typedef struct {
    uint64_t a, b, c, want;
} vec_t;

/* Operand widths and destination set-up for run_vecs. */
enum {
    W0 = 1, W1 = 2, W2 = 4, WD = 8,   /* 64-bit src0/src1/src2/result */
    DST_C = 16,                        /* v0 starts as c (v_mac) */
    NO_MODE_CHECK = 32,
};

static uint32_t mode_for_run = MODE_DEFAULT;
static uint64_t sentinel = 0xdeadbeefcafef00dull;   /* v0/v1 before the instruction */

/* Run e on target once per 64 vectors; count and show mismatches. */
static void run_vecs(const char *target, const enc_t *e, unsigned f, const vec_t *v, unsigned n)
{
    unsigned bad = 0, faults = 0;
    for (unsigned base = 0; base < n; base += 64) {
        start(target, e);
        S.w.hwreg[1] = mode_for_run;
        for (unsigned l = 0; l < 64 && base + l < n; l++) {
            const vec_t *x = &v[base + l];
            if (f & W0) set64(2, l, x->a); else S.w.vgpr[2][l] = (uint32_t)x->a;
            if (f & W1) set64(4, l, x->b); else S.w.vgpr[4][l] = (uint32_t)x->b;
            if (f & W2) set64(6, l, x->c); else S.w.vgpr[6][l] = (uint32_t)x->c;
            set64(0, l, (f & DST_C) ? x->c : sentinel);
        }
        if (step(e)) {
            faults++;
            semtest_free(&S);
            continue;
        }
        for (unsigned l = 0; l < 64 && base + l < n; l++) {
            const vec_t *x = &v[base + l];
            uint64_t got = (f & WD) ? get64(0, l) : S.w.vgpr[0][l];
            if (got != x->want) {
                if (bad < 6)
                    printf("      %s [%u]: a=%llx b=%llx c=%llx -> %llx, want %llx\n", e->text, base + l,
                           (unsigned long long)x->a, (unsigned long long)x->b, (unsigned long long)x->c,
                           (unsigned long long)got, (unsigned long long)x->want);
                bad++;
            }
        }
        semtest_free(&S);
    }
    CHECK(!bad && !faults, "%s (%s): %u vectors%s", e->text, target, n, bad ? " mismatch" : "");
}

#define VECS(target, e, f, ...)                                                    \
    do {                                                                           \
        const vec_t vv_[] = {__VA_ARGS__};                                  \
        run_vecs(target, &(e), f, vv_, sizeof vv_ / sizeof vv_[0]);                \
    } while (0)

/* Run a compare: want is 0/1 per vector; the mask lands in SGPR pair sdst
 * (106 = vcc) and, for v_cmpx, in EXEC too. */
static void run_cmp(const char *target, const enc_t *e, unsigned f, unsigned sdst, int cmpx, const vec_t *v,
                    unsigned n)
{
    unsigned bad = 0, faults = 0;
    for (unsigned base = 0; base < n; base += 64) {
        start(target, e);
        S.w.hwreg[1] = mode_for_run;
        uint64_t want = 0;
        for (unsigned l = 0; l < 64 && base + l < n; l++) {
            const vec_t *x = &v[base + l];
            if (f & W0) set64(2, l, x->a); else S.w.vgpr[2][l] = (uint32_t)x->a;
            if (f & W1) set64(4, l, x->b); else S.w.vgpr[4][l] = (uint32_t)x->b;
            want |= (x->want & 1) << l;
        }
        uint64_t active = base + 64 <= n ? ~0ull : (1ull << (n - base)) - 1;
        S.w.sgpr[126] = (uint32_t)active;
        S.w.sgpr[127] = (uint32_t)(active >> 32);
        S.w.sgpr[sdst] = S.w.sgpr[sdst + 1] = 0x5a5a5a5a;
        if (step(e)) {
            faults++;
            semtest_free(&S);
            continue;
        }
        uint64_t got = sreg64(sdst);
        if (got != want || (cmpx && sreg64(126) != want)) {
            if (bad < 4)
                printf("      %s: mask %016llx exec %016llx, want %016llx\n", e->text, (unsigned long long)got,
                       (unsigned long long)sreg64(126), (unsigned long long)want);
            bad++;
        }
        semtest_free(&S);
    }
    CHECK(!bad && !faults, "%s (%s): %u compare vectors", e->text, target, n);
}

#define CMPS(target, e, f, sdst, cmpx, ...)                                        \
    do {                                                                           \
        const vec_t vv_[] = {__VA_ARGS__};                                  \
        run_cmp(target, &(e), f, sdst, cmpx, vv_, sizeof vv_ / sizeof vv_[0]);     \
    } while (0)

/* Frequently used constants. */
#define QNAN64 0x7ff8000000000000ull
#define INF64 0x7ff0000000000000ull
#define NINF64 0xfff0000000000000ull
#define SNAN64 0x7ff0000000000001ull
#define NZERO64 0x8000000000000000ull
#define DMIN64 0x0000000000000001ull   /* smallest denormal */
#define MAXF64 0x7fefffffffffffffull

/* ======================================================================
 * f64
 * ==================================================================== */

/* host references with the NaN rule: first NaN source quieted, else the
 * default NaN */
static uint64_t nan_of(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t s[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if ((s[i] & ~NZERO64) > INF64)
            return s[i] | 1ull << 51;
    return QNAN64;
}

static uint64_t ref_add64(uint64_t a, uint64_t b)
{
    double r = bd(a) + bd(b);
    return r != r ? nan_of(a, b, 0) : db(r);
}

static uint64_t ref_mul64(uint64_t a, uint64_t b)
{
    double r = bd(a) * bd(b);
    return r != r ? nan_of(a, b, 0) : db(r);
}

static uint64_t ref_fma64(uint64_t a, uint64_t b, uint64_t c)
{
    double r = fma(bd(a), bd(b), bd(c));
    return r != r ? nan_of(a, b, c) : db(r);
}

static const uint64_t f64_specials[] = {
    0, NZERO64, DMIN64, 0x000fffffffffffffull, 0x0010000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x3ff0000000000001ull, 0x4340000000000000ull, MAXF64, INF64, NINF64,
    0x3fe0000000000000ull, 0xc00921fb54442d18ull, 0x7fe0000000000000ull, 0x0008000000000000ull,
    QNAN64 | 3, SNAN64 | 0x8000000000000000ull,
};
enum { NSPEC64 = sizeof f64_specials / sizeof f64_specials[0] };

/* A random double: mixed exponents, sometimes special. */
static uint64_t rnd64(void)
{
    uint64_t r = rnd();
    switch (r & 7) {
    case 0: return f64_specials[(r >> 8) % NSPEC64];
    case 1: return (r & 0x800fffffffffffffull) | (uint64_t)((r >> 20) % 60) << 52;   /* tiny / denormal */
    default: return (r & 0x800fffffffffffffull) | (uint64_t)(1023 - 40 + (r >> 53) % 80) << 52;
    }
}

/* Random and special-value vectors for a two/three-source f64 op. */
static void f64_table(const enc_t *e, int nsrc, uint64_t (*ref2)(uint64_t, uint64_t),
                      uint64_t (*ref3)(uint64_t, uint64_t, uint64_t))
{
    enum { N = 64 * 8 };
    static vec_t v[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = i < NSPEC64 * NSPEC64 ? f64_specials[i / NSPEC64] : rnd64();
        uint64_t b = i < NSPEC64 * NSPEC64 ? f64_specials[i % NSPEC64] : rnd64();
        uint64_t c = rnd64();
        if (nsrc == 3 && (i & 3) == 1)
            c = db(-bd(a) * bd(b));   /* cancellation */
        v[i] = (vec_t){a, b, c, nsrc == 3 ? ref3(a, b, c) : ref2(a, b)};
    }
    run_vecs("gfx900", e, W0 | W1 | W2 | WD, v, N);
}

/* IEEE mode: a signalling NaN gives its quiet NaN (src0 first), a quiet
 * NaN the other operand */
static int snan64(uint64_t a)
{
    return (a & ~NZERO64) > INF64 && !(a & 1ull << 51);
}

static uint64_t ref_min64(uint64_t a, uint64_t b)
{
    double x = bd(a), y = bd(b);
    if (snan64(a) || snan64(b))
        return (snan64(a) ? a : b) | 1ull << 51;
    if (x != x)
        return b;
    if (y != y)
        return a;
    if (x == y)
        return a | b;   /* -0 below +0 */
    return x < y ? a : b;
}

static uint64_t ref_max64(uint64_t a, uint64_t b)
{
    double x = bd(a), y = bd(b);
    if (snan64(a) || snan64(b))
        return (snan64(a) ? a : b) | 1ull << 51;
    if (x != x)
        return b;
    if (y != y)
        return a;
    if (x == y)
        return a & b;
    return x > y ? a : b;
}

static void test_f64_arith(void)
{
    f64_table(&ADD_F64, 2, ref_add64, NULL);
    f64_table(&MUL_F64, 2, ref_mul64, NULL);
    f64_table(&FMA_F64, 3, NULL, ref_fma64);
    /* NaN operands: the first NaN wins, quieted; invalid gives the default NaN */
    VECS("gfx900", ADD_F64, W0 | W1 | WD,
         {SNAN64, 0x7ff8000000000123ull, 0, 0x7ff8000000000001ull},
         {db(1), 0xfff0000000000010ull, 0, 0xfff8000000000010ull},
         {INF64, NINF64, 0, QNAN64},
         {NZERO64, NZERO64, 0, NZERO64},
         {NZERO64, 0, 0, 0},
         {db(1), db(0x1p-53), 0, db(1)},                              /* tie to even */
         {db(1), db(0x1.8p-53), 0, db(1 + 0x1p-52)},
         {0x000fffffffffffffull, DMIN64, 0, 0x0010000000000000ull},  /* denormals add exactly */
         {MAXF64, MAXF64, 0, INF64});
    VECS("gfx900", MUL_F64, W0 | W1 | WD,
         {0, INF64, 0, QNAN64},
         {db(0x1p-1000), db(0x1p-74), 0, DMIN64},
         {db(0x1.8p-1000), db(0x1p-74), 0, 2},                       /* 1.5 * 2^-1074: the tie rounds to even */
         {db(0x1.8p-1000), db(0x1p-75), 0, 1},                       /* 0.75 * 2^-1074 rounds up */
         {db(-3), NZERO64, 0, 0});
    VECS("gfx900", FMA_F64, W0 | W1 | W2 | WD,
         {db(1 + 0x1p-52), db(1 - 0x1p-53), db(-1), db(0x1p-53 - 0x1p-105)},   /* exact residual */
         {db(0x1p-600), db(0x1p-600), db(1), db(1)},
         {INF64, 0, QNAN64 | 5, QNAN64 | 5},                                   /* a NaN source beats inf*0 */
         {INF64, 0, db(1), QNAN64},
         {db(2), db(3), SNAN64, 0x7ff8000000000001ull});
    f64_table(&MIN_F64, 2, ref_min64, NULL);
    f64_table(&MAX_F64, 2, ref_max64, NULL);
    /* MODE.ieee off: a signalling NaN is an ordinary missing operand */
    mode_for_run = MODE_DEFAULT & ~(1u << 9);
    VECS("gfx900", MIN_F64, W0 | W1 | WD, {SNAN64, db(2), 0, db(2)}, {db(2), SNAN64, 0, db(2)});
    mode_for_run = MODE_DEFAULT;
    VECS("gfx900", MIN_F64, W0 | W1 | WD, {SNAN64, db(2), 0, QNAN64 | 1}, {QNAN64, db(2), 0, db(2)});
    VECS("gfx900", LDEXP_F64, W0 | WD,
         {db(1.5), 3, 0, db(12)},
         {db(1), (uint32_t)-1074, 0, DMIN64},
         {db(1.5), (uint32_t)-1074, 0, 2},                      /* 1.5 * 2^-1074 ties to even 2 * 2^-1074 */
         {db(1.25), (uint32_t)-1074, 0, 1},
         {db(1), 1024, 0, INF64},
         {db(-1), 0x7fffffff, 0, NINF64},
         {db(1), 0x80000000u, 0, 0},
         {QNAN64 | 7, 1, 0, QNAN64 | 7},
         {DMIN64, 1074, 0, db(1)});
    /* MODE f64 rounding (bits 3:2): toward zero, +inf, -inf */
    mode_for_run = MODE_DEFAULT | 3u << 2;
    VECS("gfx900", ADD_F64, W0 | W1 | WD, {db(1), db(0x1.8p-53), 0, db(1)}, {MAXF64, MAXF64, 0, MAXF64},
         {db(-1), db(-0x1.8p-53), 0, db(-1)});
    mode_for_run = MODE_DEFAULT | 1u << 2;
    VECS("gfx900", FMA_F64, W0 | W1 | W2 | WD, {db(1), db(1), db(0x1p-80), db(1 + 0x1p-52)},
         {db(-1), db(1), db(-0x1p-80), db(-1)});
    mode_for_run = MODE_DEFAULT | 2u << 2;
    VECS("gfx900", MUL_F64, W0 | W1 | WD, {db(1 + 0x1p-52), db(1 + 0x1p-52), 0, db(1 + 0x1p-51)},
         {db(-(1 + 0x1p-52)), db(1 + 0x1p-52), 0, db(-(1 + 0x1.8p-51))});
    mode_for_run = MODE_DEFAULT;
    /* modifiers: -a + |b| */
    VECS("gfx900", ADD_F64_NEG_ABS, W0 | W1 | WD, {db(2), db(-5), 0, db(3)}, {db(-2), db(-0.5), 0, db(2.5)});
    VECS("gfx900", ADD_F64_CLAMP, W0 | W1 | WD,
         {db(2), db(3), 0, db(1)}, {db(-2), db(1), 0, 0}, {db(0.25), db(0.5), 0, db(0.75)},
         {INF64, NINF64, 0, 0} /* NaN clamps to 0 with DX10 clamp */);
    /* omod applies when f64 output denormals are flushed */
    mode_for_run = (MODE_DEFAULT & ~0xc0u) | 0x40u;
    VECS("gfx900", MUL_F64_OMOD2, W0 | W1 | WD, {db(3), db(5), 0, db(30)});
    mode_for_run = MODE_DEFAULT;
    /* inline constants: 1.0, the integer 1 (bit pattern 1), -4.0, 1/(2*pi) */
    VECS("gfx900", ADD_F64_INL_ONE, W1 | WD, {0, db(2.5), 0, db(3.5)});
    VECS("gfx900", ADD_F64_INL_INT1, W1 | WD, {0, 0, 0, DMIN64}, {0, DMIN64, 0, 2});
    VECS("gfx900", ADD_F64_INL_M4, W0 | WD, {db(10), 0, 0, db(6)});
    VECS("gfx900", MUL_F64_INV2PI, W1 | WD, {0, db(2), 0, 0x3fd45f306dc9c882ull});
    /* denormal flushing: MODE f64/f16 denormals off flushes inputs and outputs */
    mode_for_run = MODE_DEFAULT & ~0xc0u;
    VECS("gfx900", ADD_F64, W0 | W1 | WD,
         {DMIN64, 0, 0, 0},
         {0x8000000000000005ull, NZERO64, 0, NZERO64},
         {0x8000000000000005ull, 0, 0, 0},
         {db(0x1p-1021), db(-0x1.8p-1022), 0, 0},     /* the exact result is denormal */
         {db(0x1p-1022), db(0x1p-1022), 0, db(0x1p-1021)});
    mode_for_run = MODE_DEFAULT;
}

/* An SGPR pair source and partial EXEC: inactive lanes keep their value. */
static void test_f64_sgpr_exec(void)
{
    start("gfx900", &ADD_F64_SGPR);
    S.w.sgpr[8] = 0;
    S.w.sgpr[9] = 0x40000000;   /* 2.0 */
    uint64_t exec = 0xf0f0f0f00000ffffull;
    S.w.sgpr[126] = (uint32_t)exec;
    S.w.sgpr[127] = (uint32_t)(exec >> 32);
    for (unsigned l = 0; l < 64; l++) {
        set64(4, l, db(l));
        set64(0, l, 0x1111111122222222ull);
    }
    int ok = step(&ADD_F64_SGPR) == 0;
    for (unsigned l = 0; l < 64; l++)
        ok &= get64(0, l) == ((exec >> l & 1) ? db(l + 2.0) : 0x1111111122222222ull);
    CHECK(ok, "v_add_f64 with an SGPR pair under partial EXEC: active lanes written, others kept");
    semtest_free(&S);
}

/* unary f64 references: NaN sources give their quiet NaN */
static uint64_t q64(uint64_t a)
{
    return a | 1ull << 51;
}

static int nan64_(uint64_t a)
{
    return (a & ~NZERO64) > INF64;
}

/* Within n ulps (same sign, finite) of a long double reference. */
static int near_ulps(uint64_t got, long double ref, unsigned n)
{
    double g = bd(got);
    if (isinf(ref) || ref == 0)
        return g == (double)ref;
    long double ulp = ldexpl(1.0L, ilogbl(ref) - 52);
    return fabsl((long double)g - ref) <= n * ulp;
}

static void test_f64_unary(void)
{
    enum { N = 256 };
    static vec_t tr[N], ce[N], fl[N], rn[N], fr[N], fm[N], fe[N], rc[N], sq[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = i < NSPEC64 ? f64_specials[i] : rnd64();
        if (i >= NSPEC64 && (i & 1))   /* values with fractions and halves */
            a = db((double)(int64_t)(rnd() % 4001 - 2000) / 8);
        double x = bd(a);
        int nan = nan64_(a), e = 0;
        tr[i] = (vec_t){a, 0, 0, nan ? q64(a) : db(trunc(x))};
        ce[i] = (vec_t){a, 0, 0, nan ? q64(a) : db(ceil(x))};
        fl[i] = (vec_t){a, 0, 0, nan ? q64(a) : db(floor(x))};
        rn[i] = (vec_t){a, 0, 0, nan ? q64(a) : db(nearbyint(x))};
        double f = x - floor(x);
        fr[i] = (vec_t){a, 0, 0, nan ? q64(a) : isinf(x) ? QNAN64 : db(f < 1 ? f : 0x1.fffffffffffffp-1)};
        fm[i] = (vec_t){a, 0, 0, nan ? q64(a) : isinf(x) ? a : db(frexp(x, &e))};
        e = 0;
        if (!nan && !isinf(x))
            frexp(x, &e);
        fe[i] = (vec_t){a, 0, 0, (uint32_t)e};
        double r = 1.0 / x;
        rc[i] = (vec_t){a, 0, 0, nan ? q64(a) : fpclassify(r) == FP_SUBNORMAL ? db(r) & NZERO64 : db(r)};
        sq[i] = (vec_t){a, 0, 0, nan ? q64(a) : x < 0 ? QNAN64 : db(sqrt(x))};
    }
    run_vecs("gfx900", &TRUNC_F64, W0 | WD, tr, N);
    run_vecs("gfx900", &CEIL_F64, W0 | WD, ce, N);
    run_vecs("gfx900", &FLOOR_F64, W0 | WD, fl, N);
    run_vecs("gfx900", &RNDNE_F64, W0 | WD, rn, N);
    run_vecs("gfx900", &FRACT_F64, W0 | WD, fr, N);
    run_vecs("gfx900", &FREXP_MANT_F64, W0 | WD, fm, N);
    run_vecs("gfx900", &FREXP_EXP_F64, W0, fe, N);
    run_vecs("gfx900", &RCP_F64, W0 | WD, rc, N);
    run_vecs("gfx900", &SQRT_F64, W0 | WD, sq, N);
    run_vecs("gfx701", &TRUNC_F64_G7, W0 | WD, tr, N);
    VECS("gfx900", FRACT_F64, W0 | WD,
         {db(-0x1p-60), 0, 0, db(0x1.fffffffffffffp-1)},   /* 1 - 2^-60 rounds to 1: clamped below 1 */
         {db(-2.25), 0, 0, db(0.75)}, {NINF64, 0, 0, QNAN64});
    VECS("gfx900", RNDNE_F64, W0 | WD, {db(2.5), 0, 0, db(2)}, {db(-3.5), 0, 0, db(-4)}, {db(-0.5), 0, 0, NZERO64});
    VECS("gfx900", RCP_F64, W0 | WD,
         {0, 0, 0, INF64}, {NZERO64, 0, 0, NINF64}, {INF64, 0, 0, 0}, {db(-4), 0, 0, db(-0.25)},
         {db(0x1p1023), 0, 0, 0} /* the denormal result flushes */, {db(0x1p-1023), 0, 0, db(0x1p1023)},
         {db(0x1p-1024), 0, 0, INF64});
    VECS("gfx900", RCP_F64_LIT, WD, {0, 0, 0, db(0.25)});
    VECS("gfx900", SQRT_F64, W0 | WD, {NZERO64, 0, 0, NZERO64}, {INF64, 0, 0, INF64}, {db(-1), 0, 0, QNAN64},
         {DMIN64, 0, 0, db(0x1p-537)});
    /* v_rsq_f64: within 1 ulp of 1/sqrt(x) (long double reference) */
    unsigned bad = 0;
    start("gfx900", &RSQ_F64);
    for (unsigned l = 0; l < 64; l++)
        set64(2, l, l < 4 ? db(4.0 * (l + 1)) : (rnd64() & ~NZERO64) | (l == 63 ? 0 : 0));
    set64(2, 63, DMIN64);
    uint64_t in[64];
    for (unsigned l = 0; l < 64; l++)
        in[l] = get64(2, l);
    if (step(&RSQ_F64) == 0)
        for (unsigned l = 0; l < 64; l++) {
            double x = bd(in[l]);
            if (nan64_(in[l]))
                continue;
            long double ref = x == 0 ? INFINITY : 1.0L / sqrtl((long double)x);
            if (!near_ulps(get64(0, l), ref, 1) && bad++ < 4)
                printf("      v_rsq_f64(%a) = %a\n", x, bd(get64(0, l)));
        }
    else
        bad++;
    semtest_free(&S);
    CHECK(!bad, "v_rsq_f64: within 1 ulp of 1/sqrt(x) on 64 values");
    VECS("gfx900", RSQ_F64, W0 | WD, {db(4), 0, 0, db(0.5)}, {0, 0, 0, INF64}, {NZERO64, 0, 0, NINF64},
         {INF64, 0, 0, 0}, {db(-4), 0, 0, QNAN64});
    /* gfx6/7 clamped forms: infinities become the largest finite value */
    VECS("gfx701", RCP_CLAMP_F64_G7, W0 | WD, {0, 0, 0, MAXF64}, {NZERO64, 0, 0, MAXF64 | NZERO64},
         {db(8), 0, 0, db(0.125)});
    VECS("gfx601", RSQ_CLAMP_F64_G6, W0 | WD, {0, 0, 0, MAXF64}, {db(16), 0, 0, db(0.25)});
}

/* v_div_scale/v_div_fmas/v_div_fixup: the special cases, then the whole
 * division sequence clang emits for gfx9 against the host's x / y. */
static void test_f64_div(void)
{
    /* div_scale(S0, den, num): VCC set for quotients near overflow or denormal */
    start("gfx900", &DIV_SCALE_F64);
    struct { double s0, den, num; uint64_t want; int vcc; } ds[] = {
        {3, 3, 6, db(3), 0},
        {6, 3, 6, db(6), 0},
        {0x1p-1030, 0x1p-1030, 1, db(0x1p-902), 1},          /* 1 / denormal overflows: denominator scaled */
        {1, 0x1p-1030, 1, db(1), 1},
        {0x1p-1030, 0x1p-1030, 0x1p-300, db(0x1p-902), 0},   /* denormal denominator: both scaled up */
        {0x1p-300, 0x1p-1030, 0x1p-300, db(0x1p-172), 0},
        {0x1p-1000, 1, 0x1p-1000, db(0x1p-872), 0},          /* tiny numerator (exp <= 53) */
        {1, 1, 0x1p1000, db(0x1p128), 1},                    /* near overflow: denominator scaled */
        {0x1p1000, 1, 0x1p1000, db(0x1p1000), 1},
        {0x1p-1000, 0x1p40, 0x1p-1000, db(0x1p-872), 1},     /* denormal quotient: numerator scaled */
        {0x1p40, 0x1p40, 0x1p-1000, db(0x1p40), 1},
        {0x1p1023, 0x1p1023, 1, db(0x1p895), 1},             /* 1/den and num/den denormal */
        {0x1p1023, 0x1p1023, 0x1p200, db(0x1p895), 0},       /* only 1/den denormal: both scaled down */
        {0x1p200, 0x1p1023, 0x1p200, db(0x1p72), 0},
        {1, 0, 1, QNAN64, 0},
    };
    unsigned n = sizeof ds / sizeof ds[0], bad = 0;
    for (unsigned l = 0; l < n; l++) {
        set64(2, l, db(ds[l].s0));
        set64(4, l, db(ds[l].den));
        set64(6, l, db(ds[l].num));
    }
    if (step(&DIV_SCALE_F64) == 0) {
        for (unsigned l = 0; l < n; l++)
            if (get64(0, l) != ds[l].want || ((sreg64(10) >> l) & 1) != (uint64_t)ds[l].vcc) {
                if (bad++ < 4)
                    printf("      div_scale[%u] = %a vcc %d\n", l, bd(get64(0, l)), (int)(sreg64(10) >> l & 1));
            }
    } else
        bad++;
    semtest_free(&S);
    CHECK(!bad, "v_div_scale_f64: scaled values and the VCC flag (%u cases)", n);

    /* div_fixup(q, den, num) */
    VECS("gfx900", DIV_FIXUP_F64, W0 | W1 | W2 | WD,
         {db(2), db(3), db(6), db(2)},
         {db(2), db(-3), db(6), db(-2)},
         {db(-2), db(-3), db(-6), db(2)},
         {db(5), 0, 0, 0xfff8000000000000ull},                  /* 0/0 */
         {db(5), INF64, NINF64, 0xfff8000000000000ull},         /* inf/inf */
         {db(5), NZERO64, db(1), NINF64},                       /* x/0 */
         {db(5), db(2), NINF64, NINF64},                        /* inf/x */
         {db(5), INF64, db(-1), NZERO64},                       /* x/inf */
         {db(5), db(3), 0, 0},                                  /* 0/x */
         {db(5), QNAN64 | 9, SNAN64, QNAN64 | 1},               /* the numerator's NaN first */
         {db(5), SNAN64 | 2, db(1), QNAN64 | 3},
         {db(5), db(0x1p600), db(0x1p-500), 0},                 /* underflow */
         {QNAN64 | 4, db(-1), db(1), NINF64});                  /* a NaN quotient: overflow */
    /* div_fmas: VCC lanes rescale by 2^+-128 */
    start("gfx900", &DIV_FMAS_F64);
    S.w.sgpr[106] = 0xe;
    S.w.sgpr[107] = 0;
    /* lane 2: 0.25 + 2^-1000 scaled by 2^-128 rounds to 2^-130; lane 3:
     * (1 + 2^-40)(1 - 2^-40) 2^-947 + 2^-1026 = 2^-947 (1 + 2^-80), scaled
     * by 2^-128 just above half the smallest denormal: rounds up, which a
     * rounding before the scaling would miss (it would tie to 0) */
    double fa[5][3] = {{1, 2, 3}, {1, 2, 3}, {0x1p-1, 0x1p-1, 0x1p-1000},
                       {0x1.0000000001p+0, 0x1.fffffffffep-948, 0x1p-1026}, {0x1p700, 2, 0x1p700}};
    uint64_t fw[5] = {db(5), db(0x1.4p130), db(0x1p-130), DMIN64, db(0x1.8p701)};
    for (unsigned l = 0; l < 5; l++) {
        set64(2, l, db(fa[l][0]));
        set64(4, l, db(fa[l][1]));
        set64(6, l, db(fa[l][2]));
    }
    bad = 0;
    if (step(&DIV_FMAS_F64) == 0) {
        for (unsigned l = 0; l < 5; l++)
            if (get64(0, l) != fw[l] && bad++ < 4)
                printf("      div_fmas[%u] = %a\n", l, bd(get64(0, l)));
    } else
        bad++;
    semtest_free(&S);
    CHECK(!bad, "v_div_fmas_f64: fma, scaled up or down in VCC lanes");

    /* the sequence clang-15 emits for a / b on gfx900 (x in v[2:3], y in
     * v[4:5], quotient to v[2:3]) */
    static const uint32_t seq[] = {
        0xd1e10006, 0x040a0904,   /* v_div_scale_f64 v[6:7], s[0:1], v[4:5], v[4:5], v[2:3] */
        0xd1e16a0c, 0x040a0902,   /* v_div_scale_f64 v[12:13], vcc, v[2:3], v[4:5], v[2:3] */
        0x7e104b06,               /* v_rcp_f64_e32 v[8:9], v[6:7] */
        0xd1cc000a, 0x23ca1106,   /* v_fma_f64 v[10:11], -v[6:7], v[8:9], 1.0 */
        0xd1cc0008, 0x04221508,   /* v_fma_f64 v[8:9], v[8:9], v[10:11], v[8:9] */
        0xd1cc000a, 0x23ca1106,
        0xd1cc0008, 0x04221508,
        0xd281000a, 0x0002110c,   /* v_mul_f64 v[10:11], v[12:13], v[8:9] */
        0xd1cc0006, 0x24321506,   /* v_fma_f64 v[6:7], -v[6:7], v[10:11], v[12:13] */
        0xd1e30006, 0x042a1106,   /* v_div_fmas_f64 v[6:7], v[6:7], v[8:9], v[10:11] */
        0xd1df0002, 0x040a0906,   /* v_div_fixup_f64 v[2:3], v[6:7], v[4:5], v[2:3] */
        0xbf810000,
    };
    unsigned total = 0;
    bad = 0;
    for (unsigned round = 0; round < 64; round++) {
        double xs[64], ys[64];
        semtest_init(&S, "gfx900", NVGPR);
        semtest_load(&S, seq, sizeof seq / 4);
        for (unsigned l = 0; l < 64; l++) {
            uint64_t r = rnd();
            double x, y;
            switch ((round + l) % 6) {
            case 0:   /* ordinary */
                x = ldexp((double)(r >> 11), -(int)(r % 40) - 30);
                y = ldexp((double)((rnd() >> 11) | 1), -(int)(rnd() % 40) - 30);
                break;
            case 1:   /* denormal and tiny quotients */
                x = ldexp((double)(r >> 11), -1000 - (int)(r % 60) - 53);
                y = ldexp((double)(rnd() >> 11), (int)(rnd() % 200) - 53);
                break;
            case 2:   /* huge quotients, overflow */
                x = ldexp((double)(r >> 11), 900 + (int)(r % 120) - 53);
                y = ldexp((double)(rnd() >> 11), -(int)(rnd() % 200) - 53);
                break;
            case 3:   /* huge denominators */
                x = ldexp((double)(r >> 11), (int)(r % 2000) - 1000 - 53);
                y = ldexp((double)(rnd() >> 11), 1000 + (int)(rnd() % 23) - 53);
                break;
            case 4:   /* denormal operands */
                x = bd(rnd() & 0x800fffffffffffffull);
                y = bd((rnd() & 0x800fffffffffffffull) | 1);
                break;
            default:  /* special values */
                x = bd(f64_specials[r % NSPEC64]);
                y = bd(f64_specials[(r >> 8) % NSPEC64]);
                break;
            }
            xs[l] = (r & 1u << 20) ? -x : x;
            ys[l] = y;
            set64(2, l, db(xs[l]));
            set64(4, l, db(ys[l]));
        }
        semtest_step(&S, 20);
        if (S.w.state != WAVE_DONE) {
            printf("      division sequence: %s\n", S.w.fault.msg);
            bad++;
        }
        for (unsigned l = 0; l < 64; l++, total++) {
            double want = xs[l] / ys[l], got = bd(get64(2, l));
            int same = (want != want && got != got) || db(want) == db(got);
            if (!same && bad++ < 6)
                printf("      %a / %a = %a, want %a\n", xs[l], ys[l], got, want);
        }
        semtest_free(&S);
    }
    CHECK(!bad, "f64 division sequence (div_scale, rcp, fma, div_fmas, div_fixup): %u quotients equal the host's",
          total);
}

/* 2/pi in hexadecimal (bc: scale=400; obase=16; 2/(4*a(1))), the
 * reference for v_trig_preop_f64 read bit by bit from the text. */
static const char two_pi_hex[] =
    "A2F9836E4E441529FC2757D1F534DDC0DB6295993C439041FE5163ABDEBBC561B7246E3A424DD2E006492EEA09D1921CFE1DEB1CB1"
    "29A73EE88235F52EBB4484E99C7026B45F7E413991D639835339F49C845F8BBDF9283B1FF897FFDE05980FEF2F118B5A0A6D1F6D"
    "367ECF27CB09B74F463F669E5FEA2D7527BAC7EBE5F17B3D0739F78A5292EA6BFB5FB11F8D5D0856033046";

static unsigned two_pi_bit(unsigned k)   /* fraction bit k, 0 = the first */
{
    char ch = two_pi_hex[k / 4];
    unsigned d = ch <= '9' ? (unsigned)(ch - '0') : (unsigned)(ch - 'A' + 10);
    return (d >> (3 - k % 4)) & 1;
}

static uint64_t ref_trig_preop(uint64_t a, uint32_t seg)
{
    if (nan64_(a))
        return q64(a);
    unsigned e = (a >> 52) & 0x7ff;
    unsigned shift = (seg & 31) * 53 + (e > 1077 ? e - 1077 : 0);
    if ((shift >> 5) + 2 >= 37)   /* past the 37-word table: 0 */
        return 0;
    uint64_t v = 0;
    for (unsigned k = 0; k < 53; k++)
        v = v << 1 | two_pi_bit(shift + k);
    return db(ldexp((double)v, -53 - (int)shift + (e >= 1968 ? 128 : 0)));
}

static void test_trig_preop(void)
{
    enum { N = 128 };
    static vec_t v[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = i < 32 ? db(1.5) : i < 64 ? db(ldexp(1.0, 1000 + (int)i)) : rnd64();
        uint32_t seg = i < 32 ? i : (uint32_t)rnd() % 40;
        v[i] = (vec_t){a, seg, 0, ref_trig_preop(a, seg)};
    }
    run_vecs("gfx900", &TRIG_PREOP_F64, W0 | WD, v, N);
    /* the first three segments of 2/pi sum to it */
    VECS("gfx900", TRIG_PREOP_F64, W0 | WD,
         {db(1), 0, 0, 0x3fe45f306dc9c882ull},   /* 2/pi truncated to 53 bits: 0.6366197723675813 */
         {QNAN64 | 1, 0, 0, QNAN64 | 1});
}

static void test_f64_cvt(void)
{
    VECS("gfx900", CVT_F64_F32, WD,
         {fb(1.5f), 0, 0, db(1.5)}, {0x00000001, 0, 0, db(0x1p-149)}, {0xff800000, 0, 0, NINF64},
         {0x7fa00001, 0, 0, 0x7ffc000020000000ull}, {0x80000000, 0, 0, NZERO64});
    VECS("gfx900", CVT_F32_F64, W0,
         {db(1.5), 0, 0, fb(1.5f)}, {db(1 + 0x1p-24), 0, 0, fb(1.0f)}, {db(1 + 0x1.8p-24), 0, 0, 0x3f800001},
         {db(0x1p-149), 0, 0, 1}, {db(0x1p-150), 0, 0, 0}, {db(0x1.8p-150), 0, 0, 1}, {db(1e300), 0, 0, 0x7f800000},
         {0xfff4000000000000ull | 0xabcull << 29, 0, 0, 0xffe00abc}, {NZERO64, 0, 0, 0x80000000});
    /* MODE f32 rounding toward zero */
    mode_for_run = MODE_DEFAULT | 3;
    VECS("gfx900", CVT_F32_F64, W0, {db(1 + 0x1.8p-24), 0, 0, fb(1.0f)}, {db(1e300), 0, 0, 0x7f7fffff});
    mode_for_run = MODE_DEFAULT;
    VECS("gfx900", CVT_F32_F64_LIT, 0, {0, 0, 0, fb(1.5f)});
    VECS("gfx900", CVT_F64_I32, WD, {0x80000000u, 0, 0, db(-2147483648.0)}, {7, 0, 0, db(7)});
    VECS("gfx900", CVT_F64_U32, WD, {0xffffffffu, 0, 0, db(4294967295.0)});
    VECS("gfx900", CVT_I32_F64, W0,
         {db(-2.9), 0, 0, (uint32_t)-2}, {db(3e9), 0, 0, 0x7fffffff}, {db(-3e9), 0, 0, 0x80000000},
         {QNAN64, 0, 0, 0}, {NINF64, 0, 0, 0x80000000}, {db(2147483647.9), 0, 0, 0x7fffffff});
    VECS("gfx900", CVT_U32_F64, W0,
         {db(-2.9), 0, 0, 0}, {db(4294967295.5), 0, 0, 0xffffffff}, {db(5e9), 0, 0, 0xffffffff},
         {QNAN64, 0, 0, 0}, {db(123.99), 0, 0, 123});
}

/* f64 compares and the class test */
static void test_f64_cmp(void)
{
    enum { N = 64 * 6 };
    static vec_t lt[N], nge[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = i < NSPEC64 * NSPEC64 ? f64_specials[i / NSPEC64] : rnd64();
        uint64_t b = i < NSPEC64 * NSPEC64 ? f64_specials[i % NSPEC64] : (i & 1) ? a : rnd64();
        lt[i] = (vec_t){a, b, 0, bd(a) < bd(b)};
        nge[i] = (vec_t){a, b, 0, !(bd(a) >= bd(b))};
    }
    run_cmp("gfx900", &CMP_LT_F64, W0 | W1, 106, 0, lt, N);
    run_cmp("gfx900", &CMP_NGE_F64_E64, W0 | W1, 10, 0, nge, N);
    run_cmp("gfx601", &CMPS_LT_F64_G6, W0 | W1, 106, 0, lt, N);
    CMPS("gfx900", CMPX_EQ_F64, W0 | W1, 106, 1, {db(1), db(1), 0, 1}, {0, NZERO64, 0, 1},
         {QNAN64, QNAN64, 0, 0}, {db(1), db(2), 0, 0});
    CMPS("gfx900", CMP_U_F64_LIT, W1, 106, 0, {0, db(1), 0, 1}, {0, QNAN64, 0, 1});
    /* class: each value against each single-bit mask */
    const uint64_t cls[10] = {SNAN64, QNAN64, NINF64, db(-1), 0x8000000000000001ull, NZERO64, 0, DMIN64,
                              db(1), INF64};
    static vec_t cv[100];
    for (unsigned i = 0; i < 100; i++)
        cv[i] = (vec_t){cls[i / 10], 1u << (i % 10), 0, i / 10 == i % 10};
    run_cmp("gfx900", &CMP_CLASS_F64, W0, 106, 0, cv, 100);
    /* denormals classify as denormal even when MODE flushes them */
    mode_for_run = MODE_DEFAULT & ~0xc0u;
    CMPS("gfx900", CMP_CLASS_F64, W0, 106, 0, {DMIN64, 1u << 7, 0, 1}, {0x8000000000000001ull, 1u << 4, 0, 1});
    mode_for_run = MODE_DEFAULT;
}

/* ======================================================================
 * f16
 * ==================================================================== */

#define QNAN16 0x7e00u

static uint32_t nan16_of(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t s[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (h_nan(s[i]))
            return (s[i] | 0x200) & 0xffff;
    return QNAN16;
}

static uint32_t r_add16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_nan(a) || h_nan(b))
        return nan16_of(a, b, 0);
    uint32_t r = hb((_Float16)(bh(a) + bh(b)));
    return h_nan(r) ? QNAN16 : r;
}

static uint32_t r_sub16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_nan(a) || h_nan(b))
        return nan16_of(a, b, 0);
    uint32_t r = hb((_Float16)(bh(a) - bh(b)));
    return h_nan(r) ? QNAN16 : r;
}

static uint32_t r_subrev16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_nan(a) || h_nan(b))
        return nan16_of(a, b, 0);
    uint32_t r = hb((_Float16)(bh(b) - bh(a)));
    return h_nan(r) ? QNAN16 : r;
}

static uint32_t r_mul16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_nan(a) || h_nan(b))
        return nan16_of(a, b, 0);
    uint32_t r = hb((_Float16)(bh(a) * bh(b)));
    return h_nan(r) ? QNAN16 : r;
}

/* a * b + c with one rounding: exact in long double whenever the two-sum
 * error is zero (the generator keeps to such vectors) */
static uint32_t r_fma16(uint32_t a, uint32_t b, uint32_t c)
{
    if (h_nan(a) || h_nan(b) || h_nan(c))
        return nan16_of(a, b, c);
    long double p = (long double)bh(a) * (long double)bh(b), q = bh(c), s = p + q;
    if (s != s)
        return QNAN16;
    return hb((_Float16)s);
}

static int fma16_exact(uint32_t a, uint32_t b, uint32_t c)
{
    long double p = (long double)bh(a) * (long double)bh(b), q = bh(c), s = p + q, bb = s - p;
    return s != s || isinf(s) || ((p - (s - bb)) + (q - bb)) == 0;
}

static uint32_t r_mad16(uint32_t a, uint32_t b, uint32_t c)
{
    if (h_nan(a) || h_nan(b) || h_nan(c))
        return nan16_of(a, b, c);
    uint32_t p = r_mul16(a, b, 0);
    return r_add16(p, c, 0);
}

static int h_snan(uint32_t a)
{
    return h_nan(a) && !(a & 0x200);
}

static uint32_t r_min16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_snan(a) || h_snan(b))
        return ((h_snan(a) ? a : b) | 0x200) & 0xffff;
    if (h_nan(a))
        return b;
    if (h_nan(b))
        return a;
    float x = bh(a), y = bh(b);
    return x < y ? a : y < x ? b : (a | b);
}

static uint32_t r_max16(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    if (h_snan(a) || h_snan(b))
        return ((h_snan(a) ? a : b) | 0x200) & 0xffff;
    if (h_nan(a))
        return b;
    if (h_nan(b))
        return a;
    float x = bh(a), y = bh(b);
    return x > y ? a : y > x ? b : (a & b);
}

static const uint32_t f16_specials[] = {
    0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x3c01, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
    0x3800, 0x7e00, 0x7d01, 0xfe05,
};
enum { NSPEC16 = sizeof f16_specials / sizeof f16_specials[0] };

/* A random f16 pattern: specials, denormals, or a normal of moderate
 * exponent (no NaN unless special). */
static uint32_t rnd16(void)
{
    uint64_t r = rnd();
    switch (r & 7) {
    case 0: return f16_specials[(r >> 8) % NSPEC16];
    case 1: return (uint32_t)(r >> 16) & 0x83ff;
    default: return ((uint32_t)(r >> 16) & 0x83ff) | (uint32_t)(1 + (r >> 32) % 30) << 10;
    }
}

/* Vectors for a 16-bit op from a reference: garbage in the unused high
 * halves of the sources; keep = the high half of v0 the op preserves (the
 * initial v0 is c). */
static void f16_table(const char *t, const enc_t *e, uint32_t (*ref)(uint32_t, uint32_t, uint32_t), int fma,
                      uint32_t keep)
{
    enum { N = 64 * 12 };
    static vec_t v[N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = i < NSPEC16 * NSPEC16 ? f16_specials[i / NSPEC16] : rnd16();
        uint32_t b = i < NSPEC16 * NSPEC16 ? f16_specials[i % NSPEC16] : rnd16();
        uint32_t c = rnd16();
        if ((i & 3) == 3)   /* near-cancellation */
            c = r_mul16(a, b, 0) ^ 0x8000 ^ (uint32_t)(rnd() & 3);
        if (fma && !fma16_exact(a, b, c))
            c = 0;
        uint32_t hi = (uint32_t)rnd() & 0xffff0000u;
        v[i] = (vec_t){a | hi, b | (hi >> 3 & 0xffff0000u), c | hi, ref(a, b, c) | (hi & keep)};
    }
    run_vecs(t, e, DST_C, v, N);
}

static void test_f16_arith(void)
{
    f16_table("gfx900", &ADD_F16, r_add16, 0, 0);
    f16_table("gfx803", &ADD_F16_G8, r_add16, 0, 0);
    f16_table("gfx900", &SUB_F16, r_sub16, 0, 0);
    f16_table("gfx803", &SUBREV_F16, r_subrev16, 0, 0);
    f16_table("gfx900", &MUL_F16, r_mul16, 0, 0);
    f16_table("gfx900", &MIN_F16, r_min16, 0, 0);
    f16_table("gfx803", &MAX_F16, r_max16, 0, 0);
    /* v_mac_f16: gfx9 keeps the high half of the accumulator, gfx8 zeroes it */
    f16_table("gfx900", &MAC_F16, r_mad16, 0, 0xffff0000u);
    f16_table("gfx803", &MAC_F16_G8, r_mad16, 0, 0);
    /* VOP3 (sources in v2, v4, v6; gfx9 op_sel ops keep the high half) */
    f16_table("gfx900", &FMA_F16, r_fma16, 1, 0xffff0000u);
    f16_table("gfx803", &FMA_F16_G8, r_fma16, 1, 0);
    f16_table("gfx900", &MAD_F16, r_mad16, 0, 0xffff0000u);
    f16_table("gfx803", &MAD_F16_G8, r_mad16, 0, 0);
    f16_table("gfx900", &MAD_LEGACY_F16, r_mad16, 0, 0);
    /* rounding and special cases by hand */
    VECS("gfx900", ADD_F16, 0,
         {0x3c00, 0x1000, 0, 0x3c00},     /* 1 + 2^-11: tie to even */
         {0x3c00, 0x1001, 0, 0x3c01},
         {0x7bff, 0x5000, 0, 0x7c00},     /* 65504 + 32 rounds to inf */
         {0x7bff, 0x4b00, 0, 0x7bff},     /* 65518 stays */
         {0x0001, 0x0001, 0, 0x0002},     /* denormals */
         {0x8000, 0x0000, 0, 0x0000},
         {0x8000, 0x8000, 0, 0x8000},
         {0x7c00, 0xfc00, 0, QNAN16},
         {0x7d00, 0x7e01, 0, 0x7f00},     /* sNaN quieted, first NaN wins */
         {0x3c00, 0xfe01, 0, 0xfe01});
    /* (v0 starts as c below: the gfx9 op_sel ops keep its high half 0x1234) */
    VECS("gfx900", MADMK_F16, DST_C, {0x3c00, 0x3800, 0x12340000, 0x12344100});   /* 1 * 2 + 0.5 */
    VECS("gfx803", MADAK_F16, 0, {0x4000, 0x4200, 0, 0x4700});                     /* 2 * 3 + 1 */
    VECS("gfx900", FMA_F16, DST_C,
         {0x3c01, 0x3bff, 0x1234bc00, 0x12340ffe},   /* (1+2^-10)(1-2^-11) - 1 = 2^-11 - 2^-21, exact */
         {0x7bff, 0x4000, 0x1234fbff, 0x12347bff});  /* 2*65504 - 65504: no intermediate overflow */
    /* mad rounds the product: 65504 * 2 overflows first */
    VECS("gfx900", MAD_F16, DST_C, {0x7bff, 0x4000, 0x1234fbff, 0x12347c00});
    VECS("gfx900", MIN3_F16, DST_C, {0x4000, 0x3c00, 0x12344200, 0x12343c00}, {0x7e00, 0x4000, 0x12343c00, 0x12343c00});
    VECS("gfx900", MAX3_F16, DST_C, {0x4000, 0x3c00, 0x12344200, 0x12344200}, {0x8000, 0x0000, 0x1234bc00, 0x12340000});
    VECS("gfx900", MED3_F16, DST_C,
         {0x4000, 0x3c00, 0x12344200, 0x12344000}, {0x4200, 0x4000, 0x12343c00, 0x12344000},
         {0x3c00, 0x4200, 0x12344000, 0x12344000}, {0x7e00, 0x4200, 0x12344000, 0x12344000},   /* NaN: min(min) */
         {0xfc00, 0x4200, 0x12347c00, 0x12344200});
    VECS("gfx900", DIV_FIXUP_F16, DST_C,
         {0x4000, 0x4200, 0x12344600, 0x12344000},   /* q = 2 of 6 / 3 */
         {0x4000, 0xc200, 0x12344600, 0x1234c000},
         {0x4000, 0x0000, 0x12340000, 0x1234fe00},   /* 0/0 */
         {0x4000, 0x8000, 0x12343c00, 0x1234fc00},   /* x/-0 */
         {0x4000, 0x7c00, 0x12343c00, 0x12340000},   /* x/inf */
         {0x4000, 0x3c00, 0x12347d00, 0x12347f00},   /* NaN numerator */
         {0x7e00, 0xbc00, 0x12343c00, 0x1234fc00});  /* NaN quotient: overflow */
    VECS("gfx900", LDEXP_F16, 0,
         {0x3e00, 3, 0, 0x4a00}, {0x3c00, (uint32_t)-24, 0, 0x0001}, {0x3e00, (uint32_t)-24, 0, 0x0002},
         {0x3c00, 16, 0, 0x7c00}, {0x3c00, 0x80000000u, 0, 0x0000}, {0x7d00, 1, 0, 0x7f00});
}

/* modifiers, constants, literals, SDWA, DPP, op_sel, MODE */
static void test_f16_forms(void)
{
    VECS("gfx900", ADD_F16_E64_NEG_CLAMP, 0,
         {0x3c00, 0xc000, 0, 0x3c00},    /* -1 + 2 = 1 */
         {0x3800, 0x3400, 0, 0x0000},    /* -0.5 + 0.25 clamps to 0 */
         {0xc000, 0x3c00, 0, 0x3c00});   /* 2 + 1 clamps to 1 */
    mode_for_run = (MODE_DEFAULT & ~0xc0u) | 0x40u;   /* f16 output denormals flushed: omod applies */
    VECS("gfx803", MUL_F16_OMOD, 0, {0x3c00, 0x4200, 0, 0x4600}, {0x0400, 0x3800, 0, 0x0400});   /* omod, then flush */
    mode_for_run = MODE_DEFAULT;
    VECS("gfx900", ADD_F16_INL_ONE, 0, {0, 0x3c00, 0, 0x4000});
    VECS("gfx900", ADD_F16_INL_INT, 0, {0, 0x0001, 0, 0x0002}, {0, 0x3c00, 0, 0x3c00});   /* 1 = bits 0x0001 */
    VECS("gfx900", ADD_F16_INL_INV2PI, 0, {0, 0x0000, 0, 0x3118});
    VECS("gfx803", ADD_F16_LIT, 0, {0, 0x3800, 0, 0x3c00});
    /* SDWA: src0 high word + src1 low word into the high word, low word kept */
    VECS("gfx900", ADD_F16_SDWA, DST_C, {0x3c000000, 0x12344000, 0xbeef0000u | 0x5555, 0x42005555});
    /* f16 denormals flushed on input and output when MODE says so */
    mode_for_run = MODE_DEFAULT & ~0xc0u;
    VECS("gfx900", ADD_F16, 0, {0x0001, 0x0000, 0, 0x0000}, {0x0401, 0x8400, 0, 0x0000}, {0x83ff, 0x8000, 0, 0x8000},
         {0x0400, 0x8300, 0, 0x0400});
    mode_for_run = MODE_DEFAULT;
    /* rounding modes (MODE f16/f64 field) */
    mode_for_run = MODE_DEFAULT | 3u << 2;    /* toward zero */
    VECS("gfx900", ADD_F16, 0, {0x3c00, 0x1001, 0, 0x3c00}, {0x7bff, 0x5000, 0, 0x7bff});
    mode_for_run = MODE_DEFAULT | 1u << 2;    /* toward +inf */
    VECS("gfx900", ADD_F16, 0, {0x3c00, 0x0001, 0, 0x3c01}, {0xbc00, 0x8001, 0, 0xbc00});
    mode_for_run = MODE_DEFAULT | 2u << 2;    /* toward -inf */
    VECS("gfx900", ADD_F16, 0, {0xbc00, 0x8001, 0, 0xbc01}, {0x3c00, 0xbc00, 0, 0x8000});
    mode_for_run = MODE_DEFAULT;
    /* DPP: quad_perm [1,0,3,2] swaps neighbours' src0 */
    start("gfx900", &ADD_F16_DPP);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[2][l] = l & 1 ? 0x4000 : 0x3c00;   /* 2 in odd lanes, 1 in even */
        S.w.vgpr[4][l] = 0x3800;
    }
    int ok = step(&ADD_F16_DPP) == 0;
    for (unsigned l = 0; l < 64; l++)
        ok &= S.w.vgpr[0][l] == (l & 1 ? 0x3e00u : 0x4100u);   /* odd: 1 + 0.5, even: 2 + 0.5 */
    semtest_free(&S);
    CHECK(ok, "v_add_f16_dpp quad_perm:[1,0,3,2] (gfx900)");
    /* gfx9 op_sel: v_fma_f16 op_sel:[1,1,0,1]: a and b from the high halves,
     * c from the low half, the result to the high half (low half kept) */
    VECS("gfx900", FMA_F16_OPSEL, DST_C,
         {0x40001111, 0x42002222, 0x77773c00, 0x4700u << 16 | 0x3c00});   /* 2 * 3 + 1 = 7 */
}

/* Within 1 ulp of a long double reference (same sign); exact at specials. */
static int near16(uint32_t got, long double ref)
{
    if (ref != ref)
        return h_nan(got);
    if (isinf(ref))
        return got == (ref > 0 ? 0x7c00u : 0xfc00u);
    long double g = bh(got), lo = ref, hi = ref;
    /* the f16 neighbours of ref */
    _Float16 r = (_Float16)ref;
    long double rr = r;
    long double ulp = (fabsl(rr) < 0x1p-14L) ? 0x1p-24L : ldexpl(1.0L, ilogbl(rr) - 10);
    lo = ref - ulp;
    hi = ref + ulp;
    return g >= lo && g <= hi;
}

static void test_f16_unary(void)
{
    static vec_t tr[64 * 6], ce[64 * 6], fl[64 * 6], rn[64 * 6], fr[64 * 6], fm[64 * 6], fe[64 * 6];
    unsigned n = 64 * 6;
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = i < NSPEC16 ? f16_specials[i] : rnd16();
        if (i >= NSPEC16 && (i & 1))
            a = hb((_Float16)((float)((int)(rnd() % 801) - 400) / 8));
        float x = bh(a);
        int nan = h_nan(a), e = 0;
        uint32_t q = (a | 0x200) & 0xffff;
        tr[i] = (vec_t){a, 0, 0, nan ? q : hb((_Float16)truncf(x))};
        ce[i] = (vec_t){a, 0, 0, nan ? q : hb((_Float16)ceilf(x))};
        fl[i] = (vec_t){a, 0, 0, nan ? q : hb((_Float16)floorf(x))};
        rn[i] = (vec_t){a, 0, 0, nan ? q : hb((_Float16)nearbyintf(x))};
        double f = (double)x - floor((double)x);
        uint32_t fh = hb((_Float16)f);
        fr[i] = (vec_t){a, 0, 0, nan ? q : isinf(x) ? QNAN16 : fh >= 0x3c00 ? 0x3bff : fh};
        fm[i] = (vec_t){a, 0, 0, nan ? q : isinf(x) ? a : hb((_Float16)frexpf(x, &e))};
        e = 0;
        if (!nan && !isinf(x))
            frexpf(x, &e);
        fe[i] = (vec_t){a, 0, 0, (uint32_t)e & 0xffff};
    }
    run_vecs("gfx900", &TRUNC_F16, 0, tr, n);
    run_vecs("gfx900", &CEIL_F16, 0, ce, n);
    run_vecs("gfx900", &FLOOR_F16, 0, fl, n);
    run_vecs("gfx900", &RNDNE_F16, 0, rn, n);
    run_vecs("gfx900", &FRACT_F16, 0, fr, n);
    run_vecs("gfx900", &FREXP_MANT_F16, 0, fm, n);
    run_vecs("gfx900", &FREXP_EXP_F16, 0, fe, n);
    VECS("gfx900", FREXP_EXP_F16, 0, {0xfc00, 0, 0, 0}, {0x0001, 0, 0, 0xffe9} /* -23 */, {0xc200, 0, 0, 2});
    /* transcendentals: every finite input within 1 ulp of the long double
     * function; specials exact */
    static const enc_t *ops[] = {&RCP_F16, &SQRT_F16, &RSQ_F16, &EXP_F16, &LOG_F16, &SIN_F16, &COS_F16};
    static const char *names[] = {"v_rcp_f16", "v_sqrt_f16", "v_rsq_f16", "v_exp_f16", "v_log_f16", "v_sin_f16",
                                  "v_cos_f16"};
    for (unsigned k = 0; k < 7; k++) {
        unsigned bad = 0, tested = 0;
        for (uint32_t base = 0; base < 0x10000; base += 64) {
            start("gfx900", ops[k]);
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[2][l] = base + l;
            if (step(ops[k])) {
                bad++;
                semtest_free(&S);
                break;
            }
            for (unsigned l = 0; l < 64; l++) {
                uint32_t a = base + l, got = S.w.vgpr[0][l];
                if (h_nan(a)) {
                    bad += got != (a | 0x200);
                    continue;
                }
                long double x = bh(a), ref;
                switch (k) {
                case 0: ref = 1.0L / x; break;
                case 1: ref = x < 0 ? NAN : sqrtl(x); break;
                case 2: ref = x < 0 ? NAN : 1.0L / sqrtl(x); break;
                case 3: ref = exp2l(x); break;
                case 4: ref = x < 0 ? NAN : log2l(x); break;
                case 5: ref = isinf(x) ? NAN : sinl(2 * 3.14159265358979323846264338327950288L * fmodl(x, 1)); break;
                default: ref = isinf(x) ? NAN : cosl(2 * 3.14159265358979323846264338327950288L * fmodl(x, 1)); break;
                }
                tested++;
                if (!near16(got, ref) && bad++ < 4)
                    printf("      %s(%04x) = %04x, want ~%Lg\n", names[k], a, got, ref);
            }
            semtest_free(&S);
        }
        CHECK(!bad, "%s: all %u f16 inputs within 1 ulp (specials exact)", names[k], tested);
    }
    VECS("gfx900", RCP_F16, 0, {0x0000, 0, 0, 0x7c00}, {0x8000, 0, 0, 0xfc00}, {0x7c00, 0, 0, 0}, {0x4400, 0, 0, 0x3400});
    VECS("gfx900", SQRT_F16, 0, {0x8000, 0, 0, 0x8000}, {0x4400, 0, 0, 0x4000}, {0xbc00, 0, 0, QNAN16});
    VECS("gfx900", EXP_F16, 0, {0xfc00, 0, 0, 0}, {0x4000, 0, 0, 0x4400}, {0x0000, 0, 0, 0x3c00});
    VECS("gfx900", LOG_F16, 0, {0x0000, 0, 0, 0xfc00}, {0x4400, 0, 0, 0x4000}, {0xbc00, 0, 0, QNAN16});
    VECS("gfx900", SIN_F16, 0, {0x3400, 0, 0, 0x3c00} /* sin(pi/2) */, {0x4500, 0, 0, 0x0000}, {0xb400, 0, 0, 0xbc00});
    VECS("gfx900", COS_F16, 0, {0x3800, 0, 0, 0xbc00} /* cos(pi) */, {0x0000, 0, 0, 0x3c00});
}

/* f16 conversions: exhaustive where the input is 16 bits */
static uint32_t r_f32_of_f16(uint32_t h)
{
    if (h_nan(h))
        return (h & 0x8000) << 16 | 0x7fc00000 | (h & 0x3ff) << 13;
    return fb((float)bh(h));
}

static uint32_t r_f16_of_f32(uint32_t f)
{
    if ((f & 0x7fffffff) > 0x7f800000)
        return (f >> 16 & 0x8000) | 0x7e00 | (f >> 13 & 0x3ff);
    return hb((_Float16)bf(f));
}

/* toward zero: the nearest-even result stepped back when it overshoots */
static uint32_t r_f16_rtz(uint32_t f)
{
    if ((f & 0x7fffffff) > 0x7f800000)
        return r_f16_of_f32(f);
    uint32_t r = hb((_Float16)bf(f));
    if (fabs((double)bh(r)) > fabs((double)bf(f)))
        r = (r & 0x8000) | ((r & 0x7fff) - 1);
    return r;
}

static uint32_t r_u16_of_f16(uint32_t h)
{
    float x = bh(h);
    return h_nan(h) || !(x > 0) ? 0 : x >= 65535 ? 0xffff : (uint32_t)x;
}

static uint32_t r_i16_of_f16(uint32_t h)
{
    float x = bh(h);
    return h_nan(h) ? 0 : x >= 32767 ? 0x7fff : x <= -32768 ? 0x8000 : (uint32_t)(int32_t)x & 0xffff;
}

static void run_all16(const char *t, const enc_t *e, uint32_t (*ref)(uint32_t))
{
    static vec_t v[65536];
    for (uint32_t i = 0; i < 65536; i++)
        v[i] = (vec_t){i | ((uint32_t)rnd() & 0xffff0000u), 0, 0, ref(i)};
    run_vecs(t, e, 0, v, 65536);
}

static uint32_t r_f16_of_u16(uint32_t u)
{
    return hb((_Float16)(float)u);
}

static uint32_t r_f16_of_i16(uint32_t u)
{
    return hb((_Float16)(float)(int16_t)u);
}

static void test_f16_cvt(void)
{
    run_all16("gfx900", &CVT_F32_F16, r_f32_of_f16);
    run_all16("gfx601", &CVT_F32_F16_G6, r_f32_of_f16);
    run_all16("gfx900", &CVT_F16_U16, r_f16_of_u16);
    run_all16("gfx900", &CVT_F16_I16, r_f16_of_i16);
    run_all16("gfx900", &CVT_U16_F16, r_u16_of_f16);
    run_all16("gfx900", &CVT_I16_F16, r_i16_of_f16);
    enum { N = 64 * 64 };
    static vec_t v[N], z[N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t f = (uint32_t)rnd();
        if (i & 1)   /* exponents around the f16 range */
            f = (f & 0x807fffff) | (uint32_t)(127 - 28 + (rnd() % 48)) << 23;
        if ((i & 7) == 2)   /* ties */
            f &= ~0x1fffu, f |= 0x1000;
        v[i] = (vec_t){f, 0, 0, r_f16_of_f32(f)};
        z[i] = (vec_t){f, (uint32_t)rnd(), 0, 0};
        z[i].want = r_f16_rtz((uint32_t)z[i].b) << 16 | r_f16_rtz(f);
    }
    run_vecs("gfx900", &CVT_F16_F32, 0, v, N);
    run_vecs("gfx701", &CVT_F16_F32_G7, 0, v, N);
    run_vecs("gfx900", &CVT_PKRTZ, 0, z, N);
    run_vecs("gfx701", &CVT_PKRTZ_G7, 0, z, N);
    VECS("gfx900", CVT_F16_F32, 0,
         {fb(65520.0f), 0, 0, 0x7c00}, {fb(65519.0f), 0, 0, 0x7bff}, {fb(0x1p-25f), 0, 0, 0},
         {fb(0x1.000002p-25f), 0, 0, 1}, {0xffc00001, 0, 0, 0xfe00}, {0x7f800000, 0, 0, 0x7c00});
    VECS("gfx900", CVT_PKRTZ, 0, {fb(65520.0f), fb(-1e9f), 0, 0xfbff7bff}, {fb(1.0f), fb(0.1f), 0, 0x2e663c00});
    VECS("gfx900", CVT_NORM_I16_F16, 0,
         {0x3c00, 0, 0, 0x7fff}, {0xbc00, 0, 0, 0x8001}, {0x4000, 0, 0, 0x7fff}, {0x3800, 0, 0, 0x4000},
         {0x7e00, 0, 0, 0}, {0xc000, 0, 0, 0x8001});
    VECS("gfx900", CVT_NORM_U16_F16, 0, {0x3c00, 0, 0, 0xffff}, {0x3800, 0, 0, 0x8000}, {0xbc00, 0, 0, 0});
    VECS("gfx900", CVT_F32_F16_SDWA, 0, {0x3c00bc00, 0, 0, fb(1.0f)});
    /* with MODE f16 denormals off the input is flushed */
    mode_for_run = MODE_DEFAULT & ~0xc0u;
    VECS("gfx900", CVT_F32_F16, 0, {0x0001, 0, 0, 0}, {0x8200, 0, 0, 0x80000000});
    VECS("gfx900", CVT_F16_F32, 0, {fb(0x1p-20f), 0, 0, 0});
    mode_for_run = MODE_DEFAULT;
}

/* f16 and 16-bit integer compares */
static void test_cmp16(void)
{
    enum { N = 64 * 8 };
    static vec_t lt[N], lg[N], un[N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = i < NSPEC16 * NSPEC16 ? f16_specials[i / NSPEC16] : rnd16();
        uint32_t b = i < NSPEC16 * NSPEC16 ? f16_specials[i % NSPEC16] : (i & 1) ? a : rnd16();
        float x = bh(a), y = bh(b);
        lt[i] = (vec_t){a | 0xabcd0000u, b, 0, x < y};
        lg[i] = (vec_t){a, b, 0, x < y || x > y};
        un[i] = (vec_t){a, b, 0, x != x || y != y};
    }
    run_cmp("gfx900", &CMP_LT_F16, 0, 106, 0, lt, N);
    run_cmp("gfx803", &CMP_LG_F16_E64, 0, 10, 0, lg, N);
    run_cmp("gfx900", &CMPX_U_F16, 0, 106, 1, un, N);
    static const uint32_t cls[10] = {0x7d00, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0x0000, 0x0001, 0x3c00, 0x7c00};
    static vec_t cv[100];
    for (unsigned i = 0; i < 100; i++)
        cv[i] = (vec_t){cls[i / 10], 1u << (i % 10), 0, i / 10 == i % 10};
    run_cmp("gfx900", &CMP_CLASS_F16, 0, 106, 0, cv, 100);
    static vec_t il[N], ul[N], ge[N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = (uint32_t)rnd(), b = (i & 3) ? (uint32_t)rnd() : a;
        if (i & 4)
            b = (b & 0xffff0000u) | (a & 0xfff0) | (b & 0xf);   /* close values */
        il[i] = (vec_t){a, b, 0, (int16_t)a < (int16_t)b};
        ul[i] = (vec_t){a, b, 0, (uint16_t)a < (uint16_t)b};
        ge[i] = (vec_t){a, b, 0, (int16_t)a >= (int16_t)b};
    }
    run_cmp("gfx900", &CMP_LT_I16, 0, 106, 0, il, N);
    run_cmp("gfx803", &CMP_LT_U16, 0, 106, 0, ul, N);
    run_cmp("gfx900", &CMPX_GE_I16, 0, 106, 1, ge, N);
}

/* 16-bit integer operations */
static uint32_t u16sat(int64_t v)
{
    return v < 0 ? 0 : v > 0xffff ? 0xffff : (uint32_t)v;
}

static uint32_t i16sat(int64_t v)
{
    return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffff;
}

static void test_i16(void)
{
    enum { N = 64 * 4 };
    static vec_t v[16][N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = (uint32_t)rnd(), b = (uint32_t)rnd(), c = (uint32_t)rnd();
        if (i & 1)
            b = (b & 0xffff0000u) | (rnd() & 0x1f);   /* small counts and values */
        uint32_t a16 = a & 0xffff, b16 = b & 0xffff, c16 = c & 0xffff;
        int32_t sa = (int16_t)a16, sb = (int16_t)b16;
        v[0][i] = (vec_t){a, b, c, (a16 + b16) & 0xffff};
        v[1][i] = (vec_t){a, b, c, u16sat((int64_t)a16 + b16)};
        v[2][i] = (vec_t){a, b, c, (a16 - b16) & 0xffff};
        v[3][i] = (vec_t){a, b, c, u16sat((int64_t)b16 - a16)};
        v[4][i] = (vec_t){a, b, c, (a16 * b16) & 0xffff};
        v[5][i] = (vec_t){a, b, c, (b16 << (a16 & 15)) & 0xffff};
        v[6][i] = (vec_t){a, b, c, b16 >> (a16 & 15)};
        v[7][i] = (vec_t){a, b, c, (uint32_t)(sb >> (a16 & 15)) & 0xffff};
        v[8][i] = (vec_t){a, b, c, a16 > b16 ? a16 : b16};
        v[9][i] = (vec_t){a, b, c, (uint32_t)(sa > sb ? sa : sb) & 0xffff};
        v[10][i] = (vec_t){a, b, c, a16 < b16 ? a16 : b16};
        v[11][i] = (vec_t){a, b, c, (uint32_t)(sa < sb ? sa : sb) & 0xffff};
        v[12][i] = (vec_t){a, b, c, i16sat((int64_t)sa + sb) | (c & 0xffff0000u)};
        /* v_sub_i16 op_sel:[1,0,1]: a's high half minus b's low half, into the high half */
        v[13][i] = (vec_t){a, b, c, (((uint32_t)((int16_t)(a >> 16) - sb) & 0xffff) << 16) | (c & 0xffff)};
        v[14][i] = (vec_t){a, b, c, ((a16 * b16 + c16) & 0xffff) | (c & 0xffff0000u)};
        /* v_mad_u16 op_sel:[1,0,1,1]: a.hi * b.lo + c.hi into the high half */
        v[15][i] = (vec_t){a, b, c, ((((a >> 16) * b16 + (c >> 16)) & 0xffff) << 16) | (c & 0xffff)};
    }
    run_vecs("gfx900", &ADD_U16, 0, v[0], N);
    run_vecs("gfx900", &ADD_U16_CLAMP, 0, v[1], N);
    run_vecs("gfx803", &SUB_U16, 0, v[2], N);
    run_vecs("gfx900", &SUBREV_U16_CLAMP, 0, v[3], N);
    run_vecs("gfx900", &MUL_LO_U16, 0, v[4], N);
    run_vecs("gfx900", &LSHLREV_B16, 0, v[5], N);
    run_vecs("gfx900", &LSHRREV_B16, 0, v[6], N);
    run_vecs("gfx900", &ASHRREV_I16, 0, v[7], N);
    run_vecs("gfx900", &MAX_U16, 0, v[8], N);
    run_vecs("gfx900", &MAX_I16, 0, v[9], N);
    run_vecs("gfx900", &MIN_U16, 0, v[10], N);
    run_vecs("gfx803", &MIN_I16, 0, v[11], N);
    run_vecs("gfx900", &ADD_I16_CLAMP, DST_C, v[12], N);
    run_vecs("gfx900", &SUB_I16_OPSEL, DST_C, v[13], N);
    run_vecs("gfx900", &MAD_U16, DST_C, v[14], N);
    run_vecs("gfx900", &MAD_U16_OPSEL, DST_C, v[15], N);
    VECS("gfx803", MAD_U16_CLAMP, 0, {0x100, 0x100, 5, 0xffff}, {3, 4, 5, 17});
    VECS("gfx900", MAD_I16, DST_C, {0xfffe, 3, 0x00010001, 0x0001fffb}, {0x8000, 2, 0, 0});   /* -2*3+1 = -5 */
    VECS("gfx900", MAD_U32_U16, 0, {0xffff, 0xffff0000u, 1, 0xfffe0002u});   /* 0xffff * 0xffff + 1 (b from its high half) */
    VECS("gfx900", MAD_I32_I16, 0, {0x8000, 0x8000, 0xffffffffu, 0x3fffffffu}, {0xffff, 2, 10, 8});
    VECS("gfx900", MED3_I16, DST_C, {0xfff0, 5, 0x00010000u, 0x00010000u}, {0x7fff, 0x8000, 0x22220003u, 0x22220003u});
    VECS("gfx900", MIN3_U16, DST_C, {9, 7, 0x33330008u, 0x33330007u});
    VECS("gfx900", MAX3_I16, DST_C, {0xffff, 0x8000, 0x4444fffeu, 0x4444ffffu});
    VECS("gfx900", SAT_PK_U8_I16, 0, {0x0100ff80u, 0, 0, 0xff00}, {0x007f0005u, 0, 0, 0x7f05});
    VECS("gfx900", ADD_I16_CLAMP, DST_C, {0x7fff, 1, 0x55550000u, 0x55557fffu}, {0x8000, 0xffff, 0, 0x8000});
}

/* packing conversions */
static void test_pack(void)
{
    VECS("gfx900", CVT_PKNORM_I16_F32, 0,
         {fb(1.0f), fb(-1.0f), 0, 0x80017fff}, {fb(0.5f), fb(-2.0f), 0, 0x80014000},
         {fb(NAN), fb(1e-9f), 0, 0x00000000}, {fb(-0.25f), fb(0.75f), 0, 0x5fffe000});
    VECS("gfx803", CVT_PKNORM_U16_F32, 0, {fb(1.0f), fb(-1.0f), 0, 0x0000ffff}, {fb(0.5f), fb(2.0f), 0, 0xffff8000});
    VECS("gfx900", CVT_PKNORM_I16_F16, 0, {0x3c00, 0xb800, 0, 0xc0007fff});
    VECS("gfx900", CVT_PKNORM_U16_F16, 0, {0x38000000, 0x3c00, 0, 0xffff8000});   /* op_sel: src0 high half */
    VECS("gfx900", CVT_PK_U16_U32, 0, {0x12345, 0xffff, 0, 0xffffffff}, {7, 0x10000, 0, 0xffff0007});
    VECS("gfx900", CVT_PK_I16_I32, 0, {0x12345, (uint32_t)-5, 0, 0xfffb7fff}, {(uint32_t)-70000, 300, 0, 0x012c8000});
    VECS("gfx900", PACK_B32_F16, 0, {0x3c004000, 0x1234bc00, 0, 0xbc003c00});
    VECS("gfx900", PACK_B32_F16_NEG, 0, {0x3c00, 0xc000, 0, 0x4000bc00});
    VECS("gfx900", CVT_PK_U8_F32, 0,
         {fb(3.5f), 0, 0x11223344, 0x11223304},      /* 3.5 rounds to even 4 into byte 0 */
         {fb(300.0f), 1, 0x11223344, 0x1122ff44}, {fb(-7.0f), 2, 0x11223344, 0x11003344},
         {fb(2.5f), 3, 0x11223344, 0x02223344}, {fb(NAN), 7, 0xffffffff, 0x00ffffff});
}

/* VOP3P packed math */
static uint32_t pk(uint32_t hi, uint32_t lo)
{
    return hi << 16 | (lo & 0xffff);
}

static void test_vop3p(void)
{
    enum { N = 64 * 4 };
    static vec_t add[N], sel[N], neg[N], mul[N], fmav[N], mn[N], mx[N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = pk(rnd16(), rnd16()), b = pk(rnd16(), rnd16()), c = pk(rnd16(), rnd16());
        uint32_t al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh_ = b >> 16, cl = c & 0xffff, ch = c >> 16;
        if (!fma16_exact(al, bl, cl))
            cl = 0;
        if (!fma16_exact(ah, bh_, ch))
            ch = 0;
        c = pk(ch, cl);
        add[i] = (vec_t){a, b, c, pk(r_add16(ah, bh_, 0), r_add16(al, bl, 0))};
        sel[i] = (vec_t){a, b, c, pk(r_add16(al, bh_, 0), r_add16(ah, bl, 0))};
        neg[i] = (vec_t){a, b, c, pk(r_add16(ah, bh_ ^ 0x8000, 0), r_add16(al ^ 0x8000, bl, 0))};
        mul[i] = (vec_t){a, b, c, pk(r_mul16(ah, bh_, 0), r_mul16(al, bl, 0))};
        fmav[i] = (vec_t){a, b, c, pk(r_fma16(ah, bh_, ch), r_fma16(al, bl, cl))};
        mn[i] = (vec_t){a, b, c, pk(r_min16(ah, bh_, 0), r_min16(al, bl, 0))};
        mx[i] = (vec_t){a, b, c, pk(r_max16(ah, bh_, 0), r_max16(al, bl, 0))};
    }
    run_vecs("gfx900", &PK_ADD_F16, 0, add, N);
    run_vecs("gfx900", &PK_ADD_F16_SEL, 0, sel, N);
    run_vecs("gfx900", &PK_ADD_F16_NEG, 0, neg, N);
    run_vecs("gfx900", &PK_FMA_F16, 0, fmav, N);
    run_vecs("gfx900", &PK_MIN_F16, 0, mn, N);
    run_vecs("gfx900", &PK_MAX_F16, 0, mx, N);
    (void)mul;
    VECS("gfx900", PK_MUL_F16_CLAMP, 0, {0x40003800, 0x4000bc00, 0, 0x3c000000}, {0x7e003400, 0x3c003c00, 0, 0x00003400});
    /* an inline constant holds the f16 value in its low half and 0 above */
    VECS("gfx900", PK_ADD_F16_INL, 0, {0x40003c00, 0, 0, 0x40004000});
    static vec_t iv[9][N];
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = (uint32_t)rnd(), b = (uint32_t)rnd(), c = (uint32_t)rnd();
        if (i & 1)
            a &= 0x000f000f;   /* shift counts */
        uint32_t al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh_ = b >> 16, cl = c & 0xffff, ch = c >> 16;
        iv[0][i] = (vec_t){a, b, c, pk(u16sat((int64_t)ah * bh_ + ch), u16sat((int64_t)al * bl + cl))};
        iv[1][i] = (vec_t){a, b, c, pk((uint32_t)((int16_t)ah * (int16_t)bh_ + (int16_t)ch),
                                       (uint32_t)((int16_t)al * (int16_t)bl + (int16_t)cl))};
        iv[2][i] = (vec_t){a, b, c, pk(ah * bh_, al * bl)};
        iv[3][i] = (vec_t){a, b, c, pk(ah + bh_, al + bl)};
        iv[4][i] = (vec_t){a, b, c, pk(i16sat((int16_t)ah - (int16_t)bh_), i16sat((int16_t)al - (int16_t)bl))};
        iv[5][i] = (vec_t){a, b, c, pk(bh_ << (ah & 15), bl << (al & 15))};
        iv[6][i] = (vec_t){a, b, c, pk(bh_ >> (ah & 15), bl >> (al & 15))};
        /* op_sel_hi:[0,1]: the high result shifts b.hi by a.lo */
        iv[7][i] = (vec_t){a, b, c, pk((uint32_t)((int16_t)bh_ >> (al & 15)), (uint32_t)((int16_t)bl >> (al & 15)))};
        iv[8][i] = (vec_t){a, b, c, pk((int16_t)ah > (int16_t)bh_ ? ah : bh_, (int16_t)al > (int16_t)bl ? al : bl)};
    }
    run_vecs("gfx900", &PK_MAD_U16_CLAMP, 0, iv[0], N);
    run_vecs("gfx900", &PK_MAD_I16, 0, iv[1], N);
    run_vecs("gfx900", &PK_MUL_LO_U16, 0, iv[2], N);
    run_vecs("gfx900", &PK_ADD_U16, 0, iv[3], N);
    run_vecs("gfx900", &PK_SUB_I16_CLAMP, 0, iv[4], N);
    run_vecs("gfx900", &PK_LSHLREV_B16, 0, iv[5], N);
    run_vecs("gfx900", &PK_LSHRREV_B16, 0, iv[6], N);
    run_vecs("gfx900", &PK_ASHRREV_I16, 0, iv[7], N);
    run_vecs("gfx900", &PK_MAX_I16, 0, iv[8], N);
    VECS("gfx900", PK_ADD_I16, 0, {0x7fff8000, 0x0001ffff, 0, 0x80007fff});
    VECS("gfx900", PK_SUB_U16, 0, {0x00000005, 0x00010007, 0, 0xfffffffe});
    VECS("gfx900", PK_MIN_U16, 0, {0xffff0001, 0x00020000, 0, 0x00020000});
}

/* mixed precision and dot products */
static void test_mix_dot(void)
{
    /* v_mad_mix_f32 op_sel_hi:[1,0,1]: a and c are f16 (low halves), b is f32 */
    VECS("gfx900", MAD_MIX_F32, 0,
         {0x4200, fb(1.5f), 0x3c00, fb(5.5f)},
         {0x3c01, fb(1 + 0x1p-20f), 0xbc00, fb(0x1p-10f + 0x1p-20f)},   /* (1+2^-10)(1+2^-20) - 1: the product's 2^-30 is rounded away first */
         {0x7e00, fb(1.0f), 0x3c00, 0x7fc00000 | (0x200u << 13)});
    /* -a.hi(f16) * |b.lo(f16)| + c(f32) */
    VECS("gfx900", MAD_MIX_F32_SEL, 0, {0x40000000, 0x0000c200, fb(1.0f), fb(-5.0f)});
    VECS("gfx906", FMA_MIX_F32, 0, {0x3c01, 0x3c01, fb(-1.0f), fb(0x1p-9f + 0x1p-20f)});   /* fused */
    /* mixlo keeps the high half, mixhi the low half (v0 starts as c here, an
     * f16 source too) */
    VECS("gfx900", MAD_MIXLO_F16, DST_C, {0x4000, 0x4200, 0x12343c00, 0x12344700});
    VECS("gfx900", MAD_MIXHI_F16, DST_C, {fb(2.0f), fb(3.0f), fb(1.0f), 0x4700u << 16});
    VECS("gfx906", FMA_MIXLO_F16, DST_C, {fb(65504.0f), fb(2.0f), fb(-65504.0f), (fb(-65504.0f) & 0xffff0000u) | 0x7bff});
    /* dot products */
    VECS("gfx906", DOT2_F32_F16, 0, {pk(0x4000, 0x3c00), pk(0x4200, 0x4400), fb(0.5f), fb(10.5f)},
         {pk(0x7bff, 0x7bff), pk(0x7bff, 0xfbff), fb(1.0f), fb(1.0f)});
    VECS("gfx906", DOT2_I32_I16, 0, {pk(0xffff, 2), pk(3, 0x8000), 100, (uint32_t)(-3 - 65536 + 100)});
    VECS("gfx906", DOT2_U32_U16, 0, {pk(0xffff, 2), pk(3, 0x8000), 100, 3 * 0xffff + 0x10000 + 100});
    VECS("gfx906", DOT4_I32_I8, 0, {0x80ff0102, 0x7f020304, 5, (uint32_t)(-128 * 127 - 2 + 3 + 8 + 5)});
    VECS("gfx906", DOT4_U32_U8_CLAMP, 0, {0xffffffff, 0xffffffff, 0xfffffff0u, 0xffffffff}, {0x01020304, 0x01010101, 1, 11});
    VECS("gfx906", DOT8_I32_I4, 0, {0x12345678, 0xffffffff, 0, (uint32_t)-(1 + 2 + 3 + 4 + 5 + 6 + 7 - 8)});
    VECS("gfx906", DOT8_U32_U4, 0, {0x12345678, 0x11111111, 1, 37});
}

/* SAD, lerp and the cube-map helpers */
static void test_sad_cube(void)
{
    VECS("gfx900", SAD_U8, 0, {0x01020304, 0x04030201, 10, 10 + 3 + 1 + 1 + 3}, {0xff00ff00, 0x00ff00ff, 0, 1020});
    VECS("gfx900", SAD_HI_U8, 0, {0x01020304, 0x04030201, 10, (8 << 16) + 10});
    VECS("gfx900", SAD_U16, 0, {0x0001ffff, 0x00050000, 1, 4 + 0xffff + 1});
    VECS("gfx803", SAD_U32, 0, {5, 0xfffffffb, 3, 0xfffffff6 + 3}, {0xffffffff, 0, 2, 1});   /* wraps */
    VECS("gfx900", SAD_U32_CLAMP, 0, {0xffffffff, 0, 2, 0xffffffff});
    VECS("gfx900", MSAD_U8, 0, {0x01020304, 0x04000201, 0, 3 + 1 + 3});   /* byte 2 of b is 0: skipped */
    VECS("gfx900", LERP_U8, 0, {0x01ff0203, 0x03ff0204, 0x01000001, 0x02ff0204});
    /* qsad: four SADs of a sliding 32-bit window of a (bytes 0-3, 1-4, 2-5, 3-6) */
    VECS("gfx900", QSAD_PK, W0 | W2 | WD, {0x0706050403020100ull, 0x03020100, 0x0001000100010001ull,
                                           0x000d000900050001ull});
    /* masked: the zero bytes 0 and 2 of the reference are skipped */
    VECS("gfx900", MQSAD_PK, W0 | W2 | WD, {0x0706050403020100ull, 0x03000100, 0, 0x0006000400020000ull});
    VECS("gfx701", MQSAD_PK_G7, W0 | W2 | WD, {0x0706050403020100ull, 0x03000100, 0x0001000100010001ull,
                                                0x0007000500030001ull});
    /* v_mqsad_u32_u8 v[8:11], v[2:3], v4, v[12:15] */
    start("gfx900", &MQSAD_U32);
    for (unsigned l = 0; l < 64; l++) {
        set64(2, l, 0x0706050403020100ull);
        S.w.vgpr[4][l] = 0x03000100;
        for (unsigned k = 0; k < 4; k++)
            S.w.vgpr[12 + k][l] = 1000 * k;
    }
    int ok = step(&MQSAD_U32) == 0;
    for (unsigned l = 0; l < 64; l++)
        ok &= S.w.vgpr[8][l] == 0 && S.w.vgpr[9][l] == 1002 && S.w.vgpr[10][l] == 2004 && S.w.vgpr[11][l] == 3006;
    semtest_free(&S);
    CHECK(ok, "v_mqsad_u32_u8: four masked SADs plus a 128-bit accumulator (gfx900)");
    /* cube: x, y, z in v2, v4, v6 */
    VECS("gfx900", CUBEID, 0,
         {fb(1), fb(2), fb(3), fb(4)}, {fb(1), fb(2), fb(-3), fb(5)}, {fb(1), fb(-4), fb(3), fb(3)},
         {fb(1), fb(4), fb(3), fb(2)}, {fb(-5), fb(4), fb(3), fb(1)}, {fb(5), fb(4), fb(3), fb(0)},
         {fb(2), fb(2), fb(2), fb(4)});   /* ties favour z, then y */
    VECS("gfx900", CUBESC, 0,
         {fb(1), fb(2), fb(3), fb(1)}, {fb(1), fb(2), fb(-3), fb(-1)}, {fb(1), fb(-4), fb(3), fb(1)},
         {fb(-5), fb(4), fb(3), fb(3)}, {fb(5), fb(4), fb(3), fb(-3)});
    VECS("gfx900", CUBETC, 0,
         {fb(1), fb(2), fb(3), fb(-2)}, {fb(1), fb(-4), fb(3), fb(-3)}, {fb(1), fb(4), fb(3), fb(3)},
         {fb(5), fb(4), fb(3), fb(-4)});
    VECS("gfx900", CUBEMA, 0, {fb(1), fb(2), fb(-3), fb(-6)}, {fb(5), fb(4), fb(3), fb(10)});
    VECS("gfx601", CUBEMA_G6, 0, {fb(1), fb(-7), fb(3), fb(-14)});
}

/* 64-bit shifts and compares, gfx6-9 */
static void test_b64(void)
{
    enum { N = 64 * 2 };
    static vec_t sl[N], sr[N], sa[N], sl6[N], sr7[N], sa7[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t v = rnd();
        uint32_t c = i < 70 ? i : (uint32_t)rnd();   /* counts 0..69 then random (low 6 bits used) */
        unsigned n = c & 63;
        uint64_t ar = n ? (v >> n) | ((v >> 63) ? ~0ull << (64 - n) : 0) : v;
        sl[i] = (vec_t){v, c, 0, v << n};
        sr[i] = (vec_t){v, c, 0, v >> n};
        sa[i] = (vec_t){v, c, 0, ar};
    }
    /* rev forms: the count is src0 (v4 here is src0: v_lshlrev_b64 v[0:1], v4, v[2:3]) */
    for (unsigned i = 0; i < N; i++) {
        sl6[i] = sl[i];
        sr7[i] = sr[i];
        sa7[i] = sa[i];
    }
    run_vecs("gfx900", &LSHLREV_B64, W0 | WD, sl, N);
    run_vecs("gfx900", &LSHRREV_B64, W0 | WD, sr, N);
    run_vecs("gfx900", &ASHRREV_I64, W0 | WD, sa, N);
    run_vecs("gfx601", &LSHL_B64_G6, W0 | WD, sl6, N);
    run_vecs("gfx701", &LSHR_B64_G7, W0 | WD, sr7, N);
    run_vecs("gfx701", &ASHR_I64_G7, W0 | WD, sa7, N);
    VECS("gfx803", LSHLREV_B64_INL, W0 | WD, {0x8000000000000001ull, 0, 0, 8});
    static vec_t lt[N], ltu[N], ne[N], gt[N], leu[N];
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = rnd(), b = (i & 3) == 0 ? a : (i & 3) == 1 ? a ^ 0x8000000000000000ull : rnd();
        if ((i & 7) == 5)
            b = a + 1;
        lt[i] = (vec_t){a, b, 0, (int64_t)a < (int64_t)b};
        ltu[i] = (vec_t){a, b, 0, a < b};
        ne[i] = (vec_t){a, b, 0, a != b};
        gt[i] = (vec_t){a, b, 0, (int64_t)a > (int64_t)b};
        leu[i] = (vec_t){a, b, 0, a <= b};
    }
    run_cmp("gfx900", &CMP_LT_I64, W0 | W1, 106, 0, lt, N);
    run_cmp("gfx900", &CMP_LT_U64, W0 | W1, 106, 0, ltu, N);
    run_cmp("gfx900", &CMPX_NE_U64_E64, W0 | W1, 10, 1, ne, N);
    run_cmp("gfx701", &CMP_GT_I64_G7, W0 | W1, 106, 0, gt, N);
    run_cmp("gfx701", &CMPX_LE_U64_G7, W0 | W1, 106, 1, leu, N);
    CMPS("gfx900", CMP_GE_I64_INL, W1, 106, 0, {0, (uint64_t)-1, 0, 1}, {0, 0, 0, 0}, {0, (uint64_t)-2, 0, 1});
    VECS("gfx601", ADD_F64_G6, W0 | W1 | WD, {db(1.5), db(2.25), 0, db(3.75)}, {INF64, NINF64, 0, QNAN64});

    /* compares under partial EXEC: inactive lanes read 0, v_cmpx narrows EXEC */
    start("gfx900", &CMPX_EQ_F64);
    uint64_t exec = 0x00ff00ff00ff00ffull;
    S.w.sgpr[126] = (uint32_t)exec;
    S.w.sgpr[127] = (uint32_t)(exec >> 32);
    for (unsigned l = 0; l < 64; l++) {
        set64(2, l, db(l % 3));
        set64(4, l, db(0));
    }
    uint64_t want = 0;
    for (unsigned l = 0; l < 64; l++)
        want |= (uint64_t)((exec >> l & 1) && l % 3 == 0) << l;
    int ok = step(&CMPX_EQ_F64) == 0 && sreg64(106) == want && sreg64(126) == want;
    semtest_free(&S);
    CHECK(ok, "v_cmpx_eq_f64 under partial EXEC: VCC and EXEC hold the active lanes' results");
}

int main(void)
{
    test_f64_arith();
    test_f64_sgpr_exec();
    test_f64_unary();
    test_f64_div();
    test_trig_preop();
    test_f64_cvt();
    test_f64_cmp();
    test_b64();
    test_f16_arith();
    test_f16_forms();
    test_f16_unary();
    test_f16_cvt();
    test_cmp16();
    test_i16();
    test_pack();
    test_vop3p();
    test_mix_dot();
    test_sad_cube();
    return check_done();
}
