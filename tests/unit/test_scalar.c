/* test_scalar.c — scalar encodings SOP1, SOP2, SOPC, SOPK, SOPP, SMRD and
 * SMEM: text and validity against vectors printed by llvm-mc-16 (gfx8/9)
 * or assembled by llvm-mc-15 from the expected text (gfx6/7), and the
 * decoded fields the simulator reads. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"
#include "tests/unit/check.h"

typedef struct {
    const char *target;
    uint32_t w[2];
    unsigned ndw;       /* length in dwords; 0: invalid instruction encoding */
    const char *text;   /* LLVM's text; NULL when invalid */
} vec_t;

static const vec_t vecs[] = {
    {"gfx803", {0xbe8000ff, 0x00001234}, 2, "s_mov_b32 s0, 0x1234"},
    {"gfx803", {0xbe8000ff, 0xbf800000}, 2, "s_mov_b32 s0, -1.0"},
    {"gfx803", {0xbe8401ff, 0xffffffff}, 2, "s_mov_b64 s[4:5], 0xffffffff"},
    {"gfx803", {0xbe840109, 0}, 1, "s_mov_b64 s[4:5], s[8:9]"},
    {"gfx803", {0xbefd0008, 0}, 1, "s_mov_b32 null, s8"},
    {"gfx803", {0xbefe0108, 0}, 1, "s_mov_b64 exec, s[8:9]"},
    {"gfx803", {0xbe8000fe, 0}, 1, "s_mov_b32 s0, src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/"},
    {"gfx803", {0xbe802a80, 0}, 1, "s_movrels_b32 s0, /*invalid immediate*/"},
    {"gfx803", {0xbe802aff, 0x00000005}, 2, "s_movrels_b32 s0, /*invalid immediate*/"},
    {"gfx803", {0xbe841c08, 0}, 1, "s_getpc_b64 s[4:5]"},
    {"gfx803", {0xbe801d08, 0}, 1, "s_setpc_b64 s[8:9]"},
    {"gfx803", {0xbe84200a, 0}, 1, "s_and_saveexec_b64 s[4:5], s[10:11]"},
    {"gfx803", {0xbe802e7c, 0}, 1, "s_cbranch_join m0"},
    {"gfx803", {0xbe8001f8, 0}, 1, "s_mov_b64 s[0:1], 0.15915494309189532"},
    {"gfx803", {0xbe8000eb, 0}, 1, "s_mov_b32 s0, src_shared_base"},
    {"gfx803", {0xbe8001c0, 0}, 1, "s_mov_b64 s[0:1], 64"},
    {"gfx803", {0xbe843208, 0}, 1, "s_set_gpr_idx_idx s8"},
    {"gfx803", {0xbe803308, 0}, 0, NULL},
    {"gfx803", {0x80840c08, 0}, 1, "s_sub_u32 s4, s8, s12"},
    {"gfx803", {0x85840c08, 0}, 1, "s_cselect_b64 s[4:5], s[8:9], s[12:13]"},
    {"gfx803", {0x8084ffff, 0x12345678}, 2, "s_sub_u32 s4, 0x12345678, 0x12345678"},
    {"gfx803", {0x94800c08, 0}, 1, "s_cbranch_g_fork s[8:9], s[12:13]"},
    {"gfx803", {0x95800c08, 0}, 1, "s_rfe_restore_b64 s[8:9], s12"},
    {"gfx803", {0x96000c08, 0}, 0, NULL},
    {"gfx803", {0xbf120804, 0}, 1, "s_cmp_eq_u64 s[4:5], s[8:9]"},
    {"gfx803", {0xbf110904, 0}, 1, "s_set_gpr_idx_on s4, gpr_idx(SRC0,DST)"},
    {"gfx803", {0xbf111004, 0}, 1, "s_set_gpr_idx_on s4, 0x10"},
    {"gfx803", {0xbf0e0804, 0}, 1, "s_bitcmp0_b64 s[4:5], s8"},
    {"gfx803", {0xbf100804, 0}, 1, "s_setvskip s4, s8"},
    {"gfx803", {0xb0048000, 0}, 1, "s_movk_i32 s4, 0x8000"},
    {"gfx803", {0xb484ffff, 0}, 1, "s_cmpk_lg_u32 s4, 0xffff"},
    {"gfx803", {0xb804ffff, 0}, 1, "s_cbranch_i_fork s[4:5], 65535"},
    {"gfx803", {0xb884f801, 0}, 1, "s_getreg_b32 s4, hwreg(HW_REG_MODE)"},
    {"gfx803", {0xb884f841, 0}, 1, "s_getreg_b32 s4, hwreg(HW_REG_MODE, 1, 32)"},
    {"gfx803", {0xb884000f, 0}, 1, "s_getreg_b32 s4, hwreg(15, 0, 1)"},
    {"gfx803", {0xb9040802, 0}, 1, "s_setreg_b32 hwreg(HW_REG_STATUS, 0, 2), s4"},
    {"gfx803", {0xba000000, 0x00000005}, 2, "s_setreg_imm32_b32 hwreg(0, 0, 1), 5"},
    {"gfx803", {0xba000000, 0x3f800000}, 2, "s_setreg_imm32_b32 hwreg(0, 0, 1), 1.0"},
    {"gfx803", {0xba840000, 0}, 0, NULL},
    {"gfx803", {0xbf800040, 0}, 1, "s_nop 64"},
    {"gfx803", {0xbf800041, 0}, 1, "s_nop 0x41"},
    {"gfx803", {0xbf810000, 0}, 1, "s_endpgm"},
    {"gfx803", {0xbf810003, 0}, 1, "s_endpgm 3"},
    {"gfx803", {0xbf82ffff, 0}, 1, "s_branch 65535"},
    {"gfx803", {0xbf850021, 0}, 1, "s_cbranch_scc1 33"},
    {"gfx803", {0xbf8a0000, 0}, 1, "s_barrier"},
    {"gfx803", {0xbf8a0001, 0}, 0, NULL},
    {"gfx803", {0xbf8c0f70, 0}, 1, "s_waitcnt vmcnt(0)"},
    {"gfx803", {0xbf8c007f, 0}, 1, "s_waitcnt lgkmcnt(0)"},
    {"gfx803", {0xbf8c0000, 0}, 1, "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)"},
    {"gfx803", {0xbf8c0f7f, 0}, 1, "s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)"},
    {"gfx803", {0xbf8cc07f, 0}, 1, "s_waitcnt lgkmcnt(0)"},
    {"gfx803", {0xbf900003, 0}, 1, "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)"},
    {"gfx803", {0xbf900022, 0}, 1, "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)"},
    {"gfx803", {0xbf900002, 0}, 1, "s_sendmsg sendmsg(2, 0, 0)"},
    {"gfx803", {0xbf900009, 0}, 1, "s_sendmsg sendmsg(9, 0, 0)"},
    {"gfx803", {0xbf9001ff, 0}, 1, "s_sendmsg 511"},
    {"gfx803", {0xbf90001f, 0}, 1, "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)"},
    {"gfx803", {0xbf9d0009, 0}, 1, "s_set_gpr_idx_mode gpr_idx(SRC0,DST)"},
    {"gfx803", {0xbf920002, 0}, 1, "s_trap 2"},
    {"gfx803", {0xbf9b0000, 0}, 1, "s_endpgm_saved"},
    {"gfx803", {0xbf9e0000, 0}, 0, NULL},
    {"gfx803", {0xc0020402, 0x00000010}, 2, "s_load_dword s16, s[4:5], 0x10"},
    {"gfx803", {0xc0000402, 0x00000010}, 2, "s_load_dword s16, s[4:5], s16"},
    {"gfx803", {0xc0030402, 0x000fffff}, 2, "s_load_dword s16, s[4:5], 0xfffff glc"},
    {"gfx803", {0xc0220401, 0x00000010}, 2, "s_buffer_load_dword s16, s[0:3], 0x10"},
    {"gfx803", {0xc0121602, 0x00000010}, 2, "s_load_dwordx16 s[88:103], s[4:5], 0x10"},
    {"gfx803", {0xc00e1902, 0x00000010}, 0, NULL},
    {"gfx803", {0xc0021f02, 0x00000010}, 2, "s_load_dword m0/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/, s[4:5], 0x10"},
    {"gfx803", {0xc0061f82, 0x00000010}, 2, "s_load_dwordx2 exec/*Invalid register, operand has 'SReg_64_XEXEC' register class*/, s[4:5], 0x10"},
    {"gfx803", {0xc00a1a82, 0x00000010}, 2, "s_load_dwordx4 vcc/*Invalid register, operand has 'SReg_128' register class*/, s[4:5], 0x10"},
    {"gfx803", {0xc0981fc2, 0x00000010}, 2, "s_atc_probe 0x7f, s[4:5], s16"},
    {"gfx803", {0xc0900400, 0x00000000}, 2, "s_memtime s[16:17]"},
    {"gfx803", {0xc0920400, 0x00000000}, 0, NULL},
    {"gfx803", {0xc0800000, 0x00000000}, 2, "s_dcache_inv"},
    {"gfx803", {0xc0940400, 0x00000000}, 2, "s_memrealtime s[16:17]"},
    {"gfx803", {0xc0421402, 0x00000010}, 2, "s_store_dword s80, s[4:5], 0x10"},
    {"gfx803", {0xc0a21fc2, 0x00000010}, 0, NULL},
    {"gfx900", {0xbe803308, 0}, 1, "s_andn1_saveexec_b64 s[0:1], s[8:9]"},
    {"gfx900", {0xbe843708, 0}, 1, "s_bitreplicate_b64_b32 s[4:5], s8"},
    {"gfx900", {0x97000c08, 0}, 1, "s_lshl1_add_u32 s0, s8, s12"},
    {"gfx900", {0x99000c08, 0}, 1, "s_pack_ll_b32_b16 s0, s8, s12"},
    {"gfx900", {0xbf9d0009, 0}, 1, "s_set_gpr_idx_mode gpr_idx(SRC0,DST)"},
    {"gfx900", {0xb884000f, 0}, 1, "s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 0, 1)"},
    {"gfx900", {0xba840010, 0}, 1, "s_call_b64 s[4:5], 16"},
    {"gfx900", {0xbf8c0f7f, 0}, 1, "s_waitcnt vmcnt(15)"},
    {"gfx900", {0xbf8ccf7f, 0}, 1, "s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)"},
    {"gfx900", {0xbf8c4f7f, 0}, 1, "s_waitcnt vmcnt(31)"},
    {"gfx900", {0xbf900009, 0}, 1, "s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)"},
    {"gfx900", {0xbf9e0000, 0}, 1, "s_endpgm_ordered_ps_done"},
    {"gfx900", {0xc0024402, 0xfe000010}, 2, "s_load_dword s16, s[4:5], exec_hi offset:0x10"},
    {"gfx900", {0xc0004402, 0xfe000010}, 2, "s_load_dword s16, s[4:5], exec_hi"},
    {"gfx900", {0xc0020402, 0x001fffff}, 2, "s_load_dword s16, s[4:5], -0x1"},
    {"gfx900", {0xc0a21fc2, 0x00000010}, 2, "s_dcache_discard s[4:5], 0x10"},
    {"gfx900", {0xc0a01fc2, 0x00000010}, 2, "s_dcache_discard s[4:5], s16"},
    {"gfx900", {0xc0a64402, 0x001fffff}, 2, "s_dcache_discard_x2 s[4:5], s0 offset:-0x1"},
    {"gfx900", {0xc2070402, 0x00000010}, 2, "s_atomic_cmpswap s[16:17], s[4:5], 0x10 glc"},
    {"gfx900", {0xc2861a82, 0x00000010}, 2, "s_atomic_cmpswap_x2 vcc/*Invalid register, operand has 'SReg_128' register class*/, s[4:5], 0x10"},
    {"gfx900", {0xc0150402, 0x00000010}, 2, "s_scratch_load_dword s16, s[4:5], s16 glc"},
    {"gfx900", {0xc0561fc2, 0x00000010}, 2, "s_scratch_store_dword exec_hi/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/, s[4:5], 0x10"},
    {"gfx900", {0xc0028402, 0x00000010}, 2, "s_load_dword s16, s[4:5], 0x10"},
    {"gfx601", {0xbe800301, 0}, 1, "s_mov_b32 s0, s1"},
    {"gfx601", {0xbee703ff, 0x00001234}, 2, "s_mov_b32 s103, 0x1234"},
    {"gfx601", {0xbe803204, 0}, 1, "s_cbranch_join s4"},
    {"gfx601", {0xb1041234, 0}, 1, "s_cmovk_i32 s4, 0x1234"},
    {"gfx601", {0x95800804, 0}, 1, "s_cbranch_g_fork s[4:5], s[8:9]"},
    {"gfx601", {0xb904f801, 0}, 1, "s_getreg_b32 s4, hwreg(HW_REG_MODE)"},
    {"gfx601", {0xba800002, 0x00001234}, 2, "s_setreg_imm32_b32 hwreg(HW_REG_STATUS, 0, 1), 0x1234"},
    {"gfx601", {0x96000201, 0}, 1, "s_absdiff_i32 s0, s1, s2"},
    {"gfx601", {0xbf8c0070, 0}, 1, "s_waitcnt vmcnt(0) lgkmcnt(0)"},
    {"gfx601", {0xbf900122, 0}, 1, "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)"},
    {"gfx601", {0xbf900004, 0}, 1, "s_sendmsg sendmsg(4, 0, 0)"},
    {"gfx601", {0xc0080510, 0}, 1, "s_load_dword s16, s[4:5], 0x10"},
    {"gfx601", {0xc0880408, 0}, 1, "s_load_dwordx4 s[16:19], s[4:5], s8"},
    {"gfx601", {0xc2c805ff, 0}, 1, "s_buffer_load_dwordx8 s[16:23], s[4:7], 0xff"},
    {"gfx601", {0xc7820000, 0}, 1, "s_memtime s[4:5]"},
    {"gfx601", {0xc7c00000, 0}, 1, "s_dcache_inv"},
    {"gfx601", {0xbeec0400, 0}, 1, "s_mov_b64 tba, s[0:1]"},
    {"gfx601", {0xc03d847c, 0}, 1, "s_load_dword ttmp11, s[4:5], m0"},
    {"gfx701", {0xc00804ff, 0x00012345}, 2, "s_load_dword s16, s[4:5], 0x12345"},
    {"gfx701", {0xc20804ff, 0x00000100}, 2, "s_buffer_load_dword s16, s[4:7], 0x100"},
    {"gfx701", {0xc7400000, 0}, 1, "s_dcache_inv_vol"},
    {"gfx701", {0xc0340501, 0}, 1, "s_load_dword flat_scratch_lo, s[4:5], 0x1"},
    {"gfx701", {0xbee80400, 0}, 1, "s_mov_b64 flat_scratch, s[0:1]"},
    {"gfx701", {0xb884ffff, 0}, 1, "s_cbranch_i_fork s[4:5], 65535"},
    {"gfx701", {0xbf8c0f7f, 0}, 1, "s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)"},
    {"gfx701", {0xbe802008, 0}, 1, "s_setpc_b64 s[8:9]"},
    {"gfx701", {0x800001ff, 0x12345678}, 2, "s_add_u32 s0, 0x12345678, s1"},
    {"gfx601", {0xc7400000, 0}, 0, NULL},
    {"gfx601", {0xc00804ff, 0x00012345}, 0, NULL},
    {"gfx601", {0xbf830000, 0}, 0, NULL},
};

static void check_vectors(void)
{
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const vec_t *v = &vecs[i];
        const isa_target_t *t = isa_target_by_name(v->target);
        isa_inst_t in;
        /* a spare dword after the instruction, as in a code stream */
        uint32_t words[3] = {v->w[0], v->w[1], 0xbf800000};
        isa_status_t st = isa_decode(t, words, 3, &in);
        if (!v->text) {
            CHECK(isa_is_invalid(st), "%s %08x invalid", v->target, v->w[0]);
            continue;
        }
        char buf[256];
        isa_format(t, &in, 0, buf, sizeof buf);
        CHECK_STR(st == ISA_OK ? buf : "(invalid)", v->text, "%s %08x %08x text", v->target, v->w[0], v->w[1]);
        CHECK(in.ndw == v->ndw, "%s %08x length %u", v->target, v->w[0], v->ndw);
    }
}

static isa_inst_t dec(const char *target, uint32_t w0, uint32_t w1)
{
    isa_inst_t in;
    uint32_t w[3] = {w0, w1, 0xbf800000};
    isa_decode(isa_target_by_name(target), w, 3, &in);
    return in;
}

/* Decoded fields of SOP* instructions. */
static void check_sop_fields(void)
{
    isa_inst_t in = dec("gfx900", 0xbf82ffff, 0);          /* s_branch 65535 */
    CHECK(in.op == ISA_OP_S_BRANCH && in.simm == -1, "s_branch simm16 sign-extended");
    CHECK(isa_branch_target(&in, 0x100) == 0x100, "s_branch -1 targets itself");
    in = dec("gfx803", 0xbf850021, 0);                     /* s_cbranch_scc1 33 */
    CHECK(isa_branch_target(&in, 0x1740) == 0x1740 + 4 + 33 * 4, "s_cbranch_scc1 target");
    CHECK(isa_row(in.op)->flags & ISA_F_READ_SCC, "s_cbranch_scc1 reads SCC");
    in = dec("gfx803", 0xbf8c0f70, 0);                     /* s_waitcnt vmcnt(0) */
    CHECK(isa_branch_target(&in, 0) == -1 && in.simm == 0xf70, "s_waitcnt is no branch, simm raw");
    in = dec("gfx803", 0xb0048000, 0);                     /* s_movk_i32 s4, 0x8000 */
    CHECK(in.op == ISA_OP_S_MOVK_I32 && in.dst == 4 && in.simm == -32768, "s_movk_i32 sign-extends");
    in = dec("gfx803", 0xb484ffff, 0);                     /* s_cmpk_lg_u32 s4, 0xffff */
    CHECK(in.simm == 0xffff && in.src[0] == 4, "s_cmpk_lg_u32 zero-extends, sdst read as src0");
    in = dec("gfx803", 0x8084ffff, 0x12345678);            /* s_sub_u32 s4, lit, lit */
    CHECK(in.op == ISA_OP_S_SUB_U32 && in.dst == 4 && in.src[0] == 255 && in.src[1] == 255 &&
          in.has_lit && in.literal == 0x12345678 && in.ndw == 2, "SOP2 shared literal");
    CHECK(isa_row(in.op)->flags & ISA_F_WRITE_SCC, "s_sub_u32 writes SCC");
    in = dec("gfx803", 0xbe84200a, 0);                     /* s_and_saveexec_b64 */
    CHECK((isa_row(in.op)->flags & (ISA_F_READ_EXEC | ISA_F_WRITE_EXEC | ISA_F_WRITE_SCC)) ==
          (ISA_F_READ_EXEC | ISA_F_WRITE_EXEC | ISA_F_WRITE_SCC) && isa_row(in.op)->timing == ISA_T_SALU8,
          "s_and_saveexec_b64 effects and timing");
    in = dec("gfx803", 0xbf110904, 0);                     /* s_set_gpr_idx_on s4, gpr_idx(SRC0,DST) */
    CHECK(in.src[0] == 4 && in.simm == 9 && in.ndw == 1, "s_set_gpr_idx_on mode in simm");
    in = dec("gfx803", 0xba000000, 0x5);                   /* s_setreg_imm32_b32 */
    CHECK(in.src[0] == 255 && in.literal == 5 && in.ndw == 2, "s_setreg_imm32_b32 literal");
    in = dec("gfx601", 0xbe800301, 0);                     /* s_mov_b32 s0, s1 (SI numbering) */
    CHECK(in.op == ISA_OP_S_MOV_B32 && in.dst == 0 && in.src[0] == 1, "gfx6 s_mov_b32 opcode 3");
    in = dec("gfx900", 0xbe80012a, 0);                     /* s_mov_b64 s[0:1], s[42:43] (gfx8+ numbering) */
    CHECK(in.op == ISA_OP_S_MOV_B64 && in.src[0] == 42, "gfx9 s_mov_b64 opcode 1");
    CHECK(isa_row(ISA_OP_S_MOVRELS_B32)->flags & ISA_F_READ_M0, "s_movrels reads M0");
    CHECK(isa_row(ISA_OP_S_CBRANCH_VCCZ)->flags & ISA_F_READ_VCC, "s_cbranch_vccz reads VCC");
    CHECK(isa_row(ISA_OP_S_ADDC_U32)->flags & ISA_F_READ_SCC, "s_addc_u32 reads SCC");
    CHECK(isa_row(ISA_OP_S_SENDMSG)->timing == ISA_T_MSG, "s_sendmsg timing MSG");
    CHECK(isa_row(ISA_OP_S_WAITCNT)->timing == ISA_T_INTERNAL, "s_waitcnt timing INTERNAL");
}

/* Decoded fields of SMRD/SMEM instructions. */
static void check_mem_fields(void)
{
    isa_inst_t in = dec("gfx900", 0xc0020402, 0x1fffff);   /* s_load_dword s16, s[4:5], -0x1 */
    CHECK(in.enc == ISA_ENC_SMEM && in.op == ISA_OP_S_LOAD_DWORD && in.dst == 16 && in.src[0] == 4 &&
          in.imm && in.offset == -1 && in.ndw == 2, "gfx9 SMEM signed 21-bit offset");
    in = dec("gfx803", 0xc0030402, 0xfffff);               /* ... 0xfffff glc */
    CHECK(in.offset == 0xfffff && in.glc, "gfx8 SMEM 20-bit offset, glc");
    in = dec("gfx900", 0xc0024402, 0xfe000010);            /* ... exec_hi offset:0x10 */
    CHECK(in.soe && in.imm && in.soffset == 127 && in.offset == 0x10, "gfx9 soe: soffset and offset");
    in = dec("gfx803", 0xc0000402, 0x10);                  /* ... s16 */
    CHECK(!in.imm && in.soffset == 16, "gfx8 SGPR offset");
    in = dec("gfx601", 0xc0080510, 0);                     /* s_load_dword s16, s[4:5], 0x10 */
    CHECK(in.enc == ISA_ENC_SMRD && in.op == ISA_OP_S_LOAD_DWORD && in.dst == 16 && in.src[0] == 4 &&
          in.imm && in.offset == 0x10 && in.ndw == 1, "SMRD dword offset");
    in = dec("gfx701", 0xc00804ff, 0x12345);               /* gfx7 literal offset */
    CHECK(!in.imm && in.has_lit && in.offset == 0x12345 && in.ndw == 2, "gfx7 SMRD literal offset");
    in = dec("gfx601", 0xc0880408, 0);                     /* ... s8 */
    CHECK(!in.imm && in.soffset == 8 && in.op == ISA_OP_S_LOAD_DWORDX4, "SMRD SGPR offset");
    CHECK(isa_row(ISA_OP_S_LOAD_DWORDX4)->timing == ISA_T_SMEM &&
          (isa_row(ISA_OP_S_LOAD_DWORDX4)->flags & ISA_F_LOAD), "s_load timing and flags");
}

int main(void)
{
    check_vectors();
    check_sop_fields();
    check_mem_fields();
    return check_done();
}
