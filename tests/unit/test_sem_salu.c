/* test_sem_salu.c — semantics of the scalar ALU and program-control
 * instructions (SOP1, SOP2, SOPC, SOPK, SOPP) on gfx6, gfx7, gfx8 and gfx9.
 *
 * Encodings were produced by llvm-mc-15 (gfx601, gfx701) and llvm-mc-16
 * (gfx803, gfx900) from the text in each row; every row runs on each of the
 * four targets whose assembler accepts it.  Expected values were derived by
 * hand from the ISA definitions (carry/borrow/overflow, SCC = result != 0,
 * bit positions), not by running gcnsim.
 *
 * ALU rows: s[0:1] starts as `init`, s[2:3] = a, s[4:5] = b, SCC = scc_in;
 * after one step s0 (and s1 when ndst = 2) must equal d, SCC must equal
 * scc_out (K: SCC is neither written nor changed), the sources are intact
 * and the pc is at the next instruction. */
#include <stdio.h>
#include "sim/valu.h"
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

#define DI 0xdeadbeefcafef00dull   /* initial s[0:1] */
#define K (-1)                     /* SCC not written */

static const char *const targets[4] = {"gfx601", "gfx701", "gfx803", "gfx900"};

typedef struct {
    const char *text;
    uint32_t e67[2], e89[2];   /* encoding on gfx6/7 and on gfx8/9 */
    uint8_t gens;              /* bit i: accepted for targets[i] */
    uint64_t init, a, b;
    int scc_in;
    uint64_t d;
    int scc_out;
    int ndst;                  /* dwords of s[0:1] written (0: none) */
} alu_vec_t;

static const alu_vec_t alu[] = {
    /* SOP2: add/sub with carry, borrow and signed overflow */
    {"s_add_u32 s0, s2, s4", {0x80000402}, {0x80000402}, 0xf, DI, 0xffffffff, 1, 0, 0, 1, 1},
    {"s_add_u32 s0, s2, s4", {0x80000402}, {0x80000402}, 0xf, DI, 0x7fffffff, 1, 1, 0x80000000, 0, 1},
    {"s_add_u32 s0, s2, -1", {0x8000c102}, {0x8000c102}, 0xf, DI, 5, 0, 0, 4, 1, 1},
    {"s_add_u32 s0, 0x80000000, s2", {0x800002ff, 0x80000000}, {0x800002ff, 0x80000000}, 0xf, DI, 0x80000000, 0, 0, 0, 1, 1},
    {"s_add_u32 s0, s2, 64", {0x8000c002}, {0x8000c002}, 0xf, DI, 0xffffffc0, 0, 1, 0, 1, 1},
    {"s_addc_u32 s0, s2, s4", {0x82000402}, {0x82000402}, 0xf, DI, 0xffffffff, 0, 1, 0, 1, 1},
    {"s_addc_u32 s0, s2, s4", {0x82000402}, {0x82000402}, 0xf, DI, 0xfffffffe, 1, 0, 0xffffffff, 0, 1},
    {"s_addc_u32 s0, s2, s4", {0x82000402}, {0x82000402}, 0xf, DI, 0xffffffff, 0xffffffff, 1, 0xffffffff, 1, 1},
    {"s_addc_u32 s0, s2, 0", {0x82008002}, {0x82008002}, 0xf, DI, 7, 0, 1, 8, 0, 1},
    {"s_sub_u32 s0, s2, s4", {0x80800402}, {0x80800402}, 0xf, DI, 1, 2, 0, 0xffffffff, 1, 1},
    {"s_sub_u32 s0, s2, s4", {0x80800402}, {0x80800402}, 0xf, DI, 2, 2, 1, 0, 0, 1},
    {"s_sub_u32 s0, s2, -1", {0x8080c102}, {0x8080c102}, 0xf, DI, 0xfffffffe, 0, 0, 0xffffffff, 1, 1},
    {"s_subb_u32 s0, s2, s4", {0x82800402}, {0x82800402}, 0xf, DI, 2, 2, 1, 0xffffffff, 1, 1},
    {"s_subb_u32 s0, s2, s4", {0x82800402}, {0x82800402}, 0xf, DI, 0, 0xffffffff, 1, 0, 1, 1},
    {"s_subb_u32 s0, s2, s4", {0x82800402}, {0x82800402}, 0xf, DI, 5, 3, 1, 1, 0, 1},
    {"s_subb_u32 s0, s2, s4", {0x82800402}, {0x82800402}, 0xf, DI, 5, 5, 0, 0, 0, 1},
    {"s_add_i32 s0, s2, s4", {0x81000402}, {0x81000402}, 0xf, DI, 0x7fffffff, 1, 0, 0x80000000, 1, 1},
    {"s_add_i32 s0, s2, s4", {0x81000402}, {0x81000402}, 0xf, DI, 0x80000000, 0xffffffff, 0, 0x7fffffff, 1, 1},
    {"s_add_i32 s0, s2, s4", {0x81000402}, {0x81000402}, 0xf, DI, 0xffffffff, 1, 1, 0, 0, 1},
    {"s_add_i32 s0, s2, -16", {0x8100d002}, {0x8100d002}, 0xf, DI, 10, 0, 1, 0xfffffffa, 0, 1},
    {"s_add_i32 s0, s2, 0xc0000000", {0x8100f502}, {0x8100f502}, 0xf, DI, 0xc0000000, 0, 0, 0x80000000, 0, 1},
    {"s_add_i32 s0, s2, 0xc0000000", {0x8100f502}, {0x8100f502}, 0xf, DI, 0xbfffffff, 0, 0, 0x7fffffff, 1, 1},
    {"s_sub_i32 s0, s2, s4", {0x81800402}, {0x81800402}, 0xf, DI, 0x80000000, 1, 0, 0x7fffffff, 1, 1},
    {"s_sub_i32 s0, s2, s4", {0x81800402}, {0x81800402}, 0xf, DI, 0x7fffffff, 0xffffffff, 0, 0x80000000, 1, 1},
    {"s_sub_i32 s0, s2, s4", {0x81800402}, {0x81800402}, 0xf, DI, 3, 5, 1, 0xfffffffe, 0, 1},
    {"s_sub_i32 s0, s2, s4", {0x81800402}, {0x81800402}, 0xf, DI, 0xfffffffe, 0x7fffffff, 0, 0x7fffffff, 1, 1},
    /* SOP2: min/max (SCC = S0 chosen), select, multiply */
    {"s_min_i32 s0, s2, s4", {0x83000402}, {0x83000402}, 0xf, DI, 0xfffffffe, 1, 0, 0xfffffffe, 1, 1},
    {"s_min_i32 s0, s2, s4", {0x83000402}, {0x83000402}, 0xf, DI, 1, 0xfffffffe, 1, 0xfffffffe, 0, 1},
    {"s_min_i32 s0, s2, s4", {0x83000402}, {0x83000402}, 0xf, DI, 7, 7, 1, 7, 0, 1},
    {"s_min_u32 s0, s2, s4", {0x83800402}, {0x83800402}, 0xf, DI, 0xfffffffe, 1, 0, 1, 0, 1},
    {"s_min_u32 s0, s2, s4", {0x83800402}, {0x83800402}, 0xf, DI, 1, 0xfffffffe, 0, 1, 1, 1},
    {"s_max_i32 s0, s2, s4", {0x84000402}, {0x84000402}, 0xf, DI, 0xfffffffe, 1, 1, 1, 0, 1},
    {"s_max_i32 s0, s2, s4", {0x84000402}, {0x84000402}, 0xf, DI, 0x7fffffff, 0x80000000, 0, 0x7fffffff, 1, 1},
    {"s_max_u32 s0, s2, s4", {0x84800402}, {0x84800402}, 0xf, DI, 0xfffffffe, 1, 0, 0xfffffffe, 1, 1},
    {"s_max_u32 s0, s2, s4", {0x84800402}, {0x84800402}, 0xf, DI, 9, 9, 1, 9, 0, 1},
    {"s_cselect_b32 s0, s2, s4", {0x85000402}, {0x85000402}, 0xf, DI, 11, 22, 1, 11, K, 1},
    {"s_cselect_b32 s0, s2, s4", {0x85000402}, {0x85000402}, 0xf, DI, 11, 22, 0, 22, K, 1},
    {"s_cselect_b32 s0, -1, 0", {0x850080c1}, {0x850080c1}, 0xf, DI, 0, 0, 1, 0xffffffff, K, 1},
    {"s_cselect_b64 s[0:1], s[2:3], s[4:5]", {0x85800402}, {0x85800402}, 0xf, DI, 0x1111111122222222, 0x3333333344444444, 0, 0x3333333344444444, K, 2},
    {"s_cselect_b64 s[0:1], s[2:3], s[4:5]", {0x85800402}, {0x85800402}, 0xf, DI, 0x1111111122222222, 0x3333333344444444, 1, 0x1111111122222222, K, 2},
    {"s_cselect_b64 s[0:1], -1, 0", {0x858080c1}, {0x858080c1}, 0xf, DI, 0, 0, 1, 0xffffffffffffffff, K, 2},
    {"s_mul_i32 s0, s2, s4", {0x93000402}, {0x92000402}, 0xf, DI, 0xfffffffd, 7, 1, 0xffffffeb, K, 1},
    {"s_mul_i32 s0, s2, s4", {0x93000402}, {0x92000402}, 0xf, DI, 0x10000, 0x10001, 0, 0x10000, K, 1},
    {"s_mul_i32 s0, s2, 0x10001", {0x9300ff02, 0x00010001}, {0x9200ff02, 0x00010001}, 0xf, DI, 0xffffffff, 0, 0, 0xfffeffff, K, 1},
    {"s_mul_hi_u32 s0, s2, s4", {0}, {0x96000402}, 0x8, DI, 0xffffffff, 0xffffffff, 0, 0xfffffffe, K, 1},
    {"s_mul_hi_u32 s0, s2, s4", {0}, {0x96000402}, 0x8, DI, 0x80000000, 4, 1, 2, K, 1},
    {"s_mul_hi_i32 s0, s2, s4", {0}, {0x96800402}, 0x8, DI, 0xffffffff, 0xffffffff, 0, 0, K, 1},
    {"s_mul_hi_i32 s0, s2, s4", {0}, {0x96800402}, 0x8, DI, 0x80000000, 0x80000000, 0, 0x40000000, K, 1},
    {"s_mul_hi_i32 s0, s2, s4", {0}, {0x96800402}, 0x8, DI, 0xfffffffe, 3, 0, 0xffffffff, K, 1},
    {"s_absdiff_i32 s0, s2, s4", {0x96000402}, {0x95000402}, 0xf, DI, 3, 10, 0, 7, 1, 1},
    {"s_absdiff_i32 s0, s2, s4", {0x96000402}, {0x95000402}, 0xf, DI, 10, 10, 1, 0, 0, 1},
    {"s_absdiff_i32 s0, s2, s4", {0x96000402}, {0x95000402}, 0xf, DI, 0x80000000, 1, 0, 0x7fffffff, 1, 1},
    {"s_absdiff_i32 s0, s2, s4", {0x96000402}, {0x95000402}, 0xf, DI, 0x7fffffff, 0xffffffff, 0, 0x80000000, 1, 1},
    {"s_absdiff_i32 s0, s2, s4", {0x96000402}, {0x95000402}, 0xf, DI, 0xfffffffb, 5, 0, 10, 1, 1},
    {"s_lshl1_add_u32 s0, s2, s4", {0}, {0x97000402}, 0x8, DI, 0x80000000, 1, 0, 1, 1, 1},
    {"s_lshl1_add_u32 s0, s2, s4", {0}, {0x97000402}, 0x8, DI, 3, 4, 1, 10, 0, 1},
    {"s_lshl2_add_u32 s0, s2, s4", {0}, {0x97800402}, 0x8, DI, 0x40000000, 0, 0, 0, 1, 1},
    {"s_lshl3_add_u32 s0, s2, s4", {0}, {0x98000402}, 0x8, DI, 1, 0xfffffff8, 0, 0, 1, 1},
    {"s_lshl4_add_u32 s0, s2, s4", {0}, {0x98800402}, 0x8, DI, 0x0fffffff, 0xf, 1, 0xffffffff, 0, 1},
    {"s_pack_ll_b32_b16 s0, s2, s4", {0}, {0x99000402}, 0x8, DI, 0x11112222, 0x33334444, 0, 0x44442222, K, 1},
    {"s_pack_lh_b32_b16 s0, s2, s4", {0}, {0x99800402}, 0x8, DI, 0x11112222, 0x33334444, 0, 0x33332222, K, 1},
    {"s_pack_hh_b32_b16 s0, s2, s4", {0}, {0x9a000402}, 0x8, DI, 0x11112222, 0x33334444, 0, 0x33331111, K, 1},
    /* SOP2: logic (SCC = result != 0), 32 and 64 bits */
    {"s_and_b32 s0, s2, s4", {0x87000402}, {0x86000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0xf000f000, 1, 1},
    {"s_and_b32 s0, s2, s4", {0x87000402}, {0x86000402}, 0xf, DI, 0xf0f0f0f0, 0x0f0f0f0f, 1, 0, 0, 1},
    {"s_or_b32 s0, s2, s4", {0x88000402}, {0x87000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0xfff0fff0, 1, 1},
    {"s_or_b32 s0, s2, s4", {0x88000402}, {0x87000402}, 0xf, DI, 0, 0, 1, 0, 0, 1},
    {"s_xor_b32 s0, s2, s4", {0x89000402}, {0x88000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0x0ff00ff0, 1, 1},
    {"s_xor_b32 s0, s2, s4", {0x89000402}, {0x88000402}, 0xf, DI, 0x12345678, 0x12345678, 1, 0, 0, 1},
    {"s_andn2_b32 s0, s2, s4", {0x8a000402}, {0x89000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0x00f00f00, 1, 1},
    {"s_orn2_b32 s0, s2, s4", {0x8b000402}, {0x8a000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0xf0ffff0f, 1, 1},
    {"s_nand_b32 s0, s2, s4", {0x8c000402}, {0x8b000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0x0fff0fff, 1, 1},
    {"s_nand_b32 s0, s2, s4", {0x8c000402}, {0x8b000402}, 0xf, DI, 0xffffffff, 0xffffffff, 1, 0, 0, 1},
    {"s_nor_b32 s0, s2, s4", {0x8d000402}, {0x8c000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0x000f000f, 1, 1},
    {"s_nor_b32 s0, s2, s4", {0x8d000402}, {0x8c000402}, 0xf, DI, 0xffffffff, 0, 1, 0, 0, 1},
    {"s_xnor_b32 s0, s2, s4", {0x8e000402}, {0x8d000402}, 0xf, DI, 0xf0f0ff00, 0xff00f0f0, 0, 0xf00ff00f, 1, 1},
    {"s_and_b32 s0, s2, 0xffff", {0x8700ff02, 0x0000ffff}, {0x8600ff02, 0x0000ffff}, 0xf, DI, 0x12345678, 0, 0, 0x5678, 1, 1},
    {"s_and_b64 s[0:1], s[2:3], s[4:5]", {0x87800402}, {0x86800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0xf000f00000000001, 1, 2},
    {"s_and_b64 s[0:1], s[2:3], s[4:5]", {0x87800402}, {0x86800402}, 0xf, DI, 0x0000000100000000, 0x00000000ffffffff, 1, 0, 0, 2},
    {"s_and_b64 s[0:1], s[2:3], s[4:5]", {0x87800402}, {0x86800402}, 0xf, DI, 0x0000000100000000, 0x0000000100000000, 0, 0x0000000100000000, 1, 2},
    {"s_or_b64 s[0:1], s[2:3], s[4:5]", {0x88800402}, {0x87800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0xfff0fff000000003, 1, 2},
    {"s_xor_b64 s[0:1], s[2:3], s[4:5]", {0x89800402}, {0x88800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0x0ff00ff000000002, 1, 2},
    {"s_andn2_b64 s[0:1], s[2:3], s[4:5]", {0x8a800402}, {0x89800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0x00f00f0000000000, 1, 2},
    {"s_orn2_b64 s[0:1], s[2:3], s[4:5]", {0x8b800402}, {0x8a800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0xf0ffff0ffffffffd, 1, 2},
    {"s_nand_b64 s[0:1], s[2:3], s[4:5]", {0x8c800402}, {0x8b800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0x0fff0ffffffffffe, 1, 2},
    {"s_nor_b64 s[0:1], s[2:3], s[4:5]", {0x8d800402}, {0x8c800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0x000f000ffffffffc, 1, 2},
    {"s_xnor_b64 s[0:1], s[2:3], s[4:5]", {0x8e800402}, {0x8d800402}, 0xf, DI, 0xf0f0ff0000000001, 0xff00f0f000000003, 0, 0xf00ff00ffffffffd, 1, 2},
    {"s_xnor_b64 s[0:1], s[2:3], s[4:5]", {0x8e800402}, {0x8d800402}, 0xf, DI, 0x0123456789abcdef, 0xfedcba9876543210, 1, 0, 0, 2},
    {"s_and_b64 s[0:1], s[2:3], -1", {0x8780c102}, {0x8680c102}, 0xf, DI, 0x8000000000000000, 0, 0, 0x8000000000000000, 1, 2},
    {"s_or_b64 s[0:1], s[2:3], 0xffff0000", {0x8880ff02, 0xffff0000}, {0x8780ff02, 0xffff0000}, 0xf, DI, 0x1234567800000000, 0, 0, 0x12345678ffff0000, 1, 2},
    /* SOP2: shifts (SCC = result != 0) */
    {"s_lshl_b32 s0, s2, s4", {0x8f000402}, {0x8e000402}, 0xf, DI, 0x80000001, 1, 0, 2, 1, 1},
    {"s_lshl_b32 s0, s2, s4", {0x8f000402}, {0x8e000402}, 0xf, DI, 0x80000000, 1, 1, 0, 0, 1},
    {"s_lshl_b32 s0, s2, s4", {0x8f000402}, {0x8e000402}, 0xf, DI, 1, 33, 0, 2, 1, 1},
    {"s_lshl_b32 s0, s2, 4", {0x8f008402}, {0x8e008402}, 0xf, DI, 0x12345678, 0, 0, 0x23456780, 1, 1},
    {"s_lshr_b32 s0, s2, s4", {0x90000402}, {0x8f000402}, 0xf, DI, 0x80000000, 31, 0, 1, 1, 1},
    {"s_lshr_b32 s0, s2, s4", {0x90000402}, {0x8f000402}, 0xf, DI, 1, 1, 1, 0, 0, 1},
    {"s_ashr_i32 s0, s2, s4", {0x91000402}, {0x90000402}, 0xf, DI, 0x80000000, 31, 0, 0xffffffff, 1, 1},
    {"s_ashr_i32 s0, s2, s4", {0x91000402}, {0x90000402}, 0xf, DI, 0x80000000, 4, 0, 0xf8000000, 1, 1},
    {"s_ashr_i32 s0, s2, s4", {0x91000402}, {0x90000402}, 0xf, DI, 0x40000000, 32, 0, 0x40000000, 1, 1},
    {"s_ashr_i32 s0, s2, s4", {0x91000402}, {0x90000402}, 0xf, DI, 0x40000000, 31, 1, 0, 0, 1},
    {"s_lshl_b64 s[0:1], s[2:3], s4", {0x8f800402}, {0x8e800402}, 0xf, DI, 0x0000000080000001, 1, 0, 0x0000000100000002, 1, 2},
    {"s_lshl_b64 s[0:1], s[2:3], s4", {0x8f800402}, {0x8e800402}, 0xf, DI, 1, 63, 0, 0x8000000000000000, 1, 2},
    {"s_lshl_b64 s[0:1], s[2:3], s4", {0x8f800402}, {0x8e800402}, 0xf, DI, 1, 64, 0, 1, 1, 2},
    {"s_lshl_b64 s[0:1], s[2:3], s4", {0x8f800402}, {0x8e800402}, 0xf, DI, 0x8000000000000000, 1, 1, 0, 0, 2},
    {"s_lshr_b64 s[0:1], s[2:3], s4", {0x90800402}, {0x8f800402}, 0xf, DI, 0x8000000000000000, 63, 0, 1, 1, 2},
    {"s_lshr_b64 s[0:1], s[2:3], s4", {0x90800402}, {0x8f800402}, 0xf, DI, 0x0000000100000000, 32, 0, 1, 1, 2},
    {"s_lshr_b64 s[0:1], s[2:3], s4", {0x90800402}, {0x8f800402}, 0xf, DI, 0x0000000100000000, 33, 1, 0, 0, 2},
    {"s_ashr_i64 s[0:1], s[2:3], s4", {0x91800402}, {0x90800402}, 0xf, DI, 0x8000000000000000, 63, 0, 0xffffffffffffffff, 1, 2},
    {"s_ashr_i64 s[0:1], s[2:3], s4", {0x91800402}, {0x90800402}, 0xf, DI, 0x8000000000000000, 36, 0, 0xfffffffff8000000, 1, 2},
    {"s_ashr_i64 s[0:1], s[2:3], s4", {0x91800402}, {0x90800402}, 0xf, DI, 0x4000000000000000, 100, 0, 0x0000000004000000, 1, 2},
    /* SOP2: bit-field mask and extract */
    {"s_bfm_b32 s0, s2, s4", {0x92000402}, {0x91000402}, 0xf, DI, 4, 8, 0, 0xf00, K, 1},
    {"s_bfm_b32 s0, s2, s4", {0x92000402}, {0x91000402}, 0xf, DI, 0, 5, 1, 0, K, 1},
    {"s_bfm_b32 s0, s2, s4", {0x92000402}, {0x91000402}, 0xf, DI, 31, 1, 0, 0xfffffffe, K, 1},
    {"s_bfm_b32 s0, s2, s4", {0x92000402}, {0x91000402}, 0xf, DI, 33, 0, 0, 1, K, 1},
    {"s_bfm_b64 s[0:1], s2, s4", {0x92800402}, {0x91800402}, 0xf, DI, 36, 4, 0, 0xfffffffff0, K, 2},
    {"s_bfm_b64 s[0:1], s2, s4", {0x92800402}, {0x91800402}, 0xf, DI, 63, 1, 0, 0xfffffffffffffffe, K, 2},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x12345678, 0x80008, 0, 0x56, 1, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x12345678, 0x8001c, 0, 1, 1, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x12345678, 4, 1, 0, 0, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0xffffffff, 0x200000, 0, 0xffffffff, 1, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x12345678, 0x7f0004, 0, 0x01234567, 1, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x12345678, 0x40000, 1, 8, 1, 1},
    {"s_bfe_u32 s0, s2, s4", {0x93800402}, {0x92800402}, 0xf, DI, 0x0000ff00, 0x80000, 1, 0, 0, 1},
    {"s_bfe_u32 s0, s2, 0x80008", {0x9380ff02, 0x00080008}, {0x9280ff02, 0x00080008}, 0xf, DI, 0x12345678, 0, 0, 0x56, 1, 1},
    {"s_bfe_i32 s0, s2, s4", {0x94000402}, {0x93000402}, 0xf, DI, 0x000000f0, 0x40004, 0, 0xffffffff, 1, 1},
    {"s_bfe_i32 s0, s2, s4", {0x94000402}, {0x93000402}, 0xf, DI, 0x00000070, 0x40004, 0, 7, 1, 1},
    {"s_bfe_i32 s0, s2, s4", {0x94000402}, {0x93000402}, 0xf, DI, 0x80000000, 0x8001c, 0, 0xfffffff8, 1, 1},
    {"s_bfe_i32 s0, s2, s4", {0x94000402}, {0x93000402}, 0xf, DI, 0x12345678, 0, 1, 0, 0, 1},
    {"s_bfe_i32 s0, s2, s4", {0x94000402}, {0x93000402}, 0xf, DI, 0x00008000, 0x100000, 0, 0xffff8000, 1, 1},
    {"s_bfe_u64 s[0:1], s[2:3], s4", {0x94800402}, {0x93800402}, 0xf, DI, 0x123456789abcdef0, 0x10001c, 0, 0x6789, 1, 2},
    {"s_bfe_u64 s[0:1], s[2:3], s4", {0x94800402}, {0x93800402}, 0xf, DI, 0x123456789abcdef0, 0x8003c, 0, 1, 1, 2},
    {"s_bfe_u64 s[0:1], s[2:3], s4", {0x94800402}, {0x93800402}, 0xf, DI, 0xffffffffffffffff, 0x400000, 0, 0xffffffffffffffff, 1, 2},
    {"s_bfe_u64 s[0:1], s[2:3], s4", {0x94800402}, {0x93800402}, 0xf, DI, 0xffffffffffffffff, 0x200020, 1, 0xffffffff, 1, 2},
    {"s_bfe_u64 s[0:1], s[2:3], s4", {0x94800402}, {0x93800402}, 0xf, DI, 0xffffffff00000000, 0x100000, 1, 0, 0, 2},
    {"s_bfe_i64 s[0:1], s[2:3], s4", {0x95000402}, {0x94000402}, 0xf, DI, 0x0000000080000000, 0x100010, 0, 0xffffffffffff8000, 1, 2},
    {"s_bfe_i64 s[0:1], s[2:3], s4", {0x95000402}, {0x94000402}, 0xf, DI, 0x8000000000000000, 0x4003e, 0, 0xfffffffffffffffe, 1, 2},
    {"s_bfe_i64 s[0:1], s[2:3], s4", {0x95000402}, {0x94000402}, 0xf, DI, 0x0000000012345678, 0x280000, 0, 0x12345678, 1, 2},
    {"s_bfe_i64 s[0:1], s[2:3], s4", {0x95000402}, {0x94000402}, 0xf, DI, 0x0000008012345678, 0x280000, 0, 0xffffff8012345678, 1, 2},
    /* SOP1: moves with registers, inline constants and literals */
    {"s_mov_b32 s0, s2", {0xbe800302}, {0xbe800002}, 0xf, DI, 0x12345678, 0, 1, 0x12345678, K, 1},
    {"s_mov_b32 s0, 0x87654321", {0xbe8003ff, 0x87654321}, {0xbe8000ff, 0x87654321}, 0xf, DI, 0, 0, 0, 0x87654321, K, 1},
    {"s_mov_b32 s0, -16", {0xbe8003d0}, {0xbe8000d0}, 0xf, DI, 0, 0, 0, 0xfffffff0, K, 1},
    {"s_mov_b32 s0, 64", {0xbe8003c0}, {0xbe8000c0}, 0xf, DI, 0, 0, 0, 64, K, 1},
    {"s_mov_b32 s0, 1.0", {0xbe8003f2}, {0xbe8000f2}, 0xf, DI, 0, 0, 0, 0x3f800000, K, 1},
    {"s_mov_b32 s0, -4.0", {0xbe8003f7}, {0xbe8000f7}, 0xf, DI, 0, 0, 0, 0xc0800000, K, 1},
    {"s_mov_b32 s0, 0.5", {0xbe8003f0}, {0xbe8000f0}, 0xf, DI, 0, 0, 0, 0x3f000000, K, 1},
    {"s_mov_b32 s0, 0.15915494", {0xbe8003ff, 0x3e22f983}, {0xbe8000f8}, 0xf, DI, 0, 0, 0, 0x3e22f983, K, 1},
    {"s_mov_b64 s[0:1], s[2:3]", {0xbe800402}, {0xbe800102}, 0xf, DI, 0x0123456789abcdef, 0, 0, 0x0123456789abcdef, K, 2},
    {"s_mov_b64 s[0:1], -1", {0xbe8004c1}, {0xbe8001c1}, 0xf, DI, 0, 0, 0, 0xffffffffffffffff, K, 2},
    {"s_mov_b64 s[0:1], -7", {0xbe8004c7}, {0xbe8001c7}, 0xf, DI, 0, 0, 0, 0xfffffffffffffff9, K, 2},
    {"s_mov_b64 s[0:1], 1.0", {0xbe8004f2}, {0xbe8001f2}, 0xf, DI, 0, 0, 0, 0x3ff0000000000000, K, 2},
    {"s_mov_b64 s[0:1], -0.5", {0xbe8004f1}, {0xbe8001f1}, 0xf, DI, 0, 0, 0, 0xbfe0000000000000, K, 2},
    {"s_mov_b64 s[0:1], 0xffffffff", {0xbe8004ff, 0xffffffff}, {0xbe8001ff, 0xffffffff}, 0xf, DI, 0, 0, 0, 0x00000000ffffffff, K, 2},
    {"s_mov_b64 s[0:1], 0x12345678", {0xbe8004ff, 0x12345678}, {0xbe8001ff, 0x12345678}, 0xf, DI, 0, 0, 0, 0x12345678, K, 2},
    {"s_cmov_b32 s0, s2", {0xbe800502}, {0xbe800202}, 0xf, DI, 0x12345678, 0, 1, 0x12345678, K, 1},
    {"s_cmov_b32 s0, s2", {0xbe800502}, {0xbe800202}, 0xf, DI, 0x12345678, 0, 0, 0xcafef00d, K, 1},
    {"s_cmov_b64 s[0:1], s[2:3]", {0xbe800602}, {0xbe800302}, 0xf, DI, 0x0123456789abcdef, 0, 1, 0x0123456789abcdef, K, 2},
    {"s_cmov_b64 s[0:1], s[2:3]", {0xbe800602}, {0xbe800302}, 0xf, DI, 0x0123456789abcdef, 0, 0, 0xdeadbeefcafef00d, K, 2},
    /* SOP1: bit operations */
    {"s_not_b32 s0, s2", {0xbe800702}, {0xbe800402}, 0xf, DI, 0xffffffff, 0, 1, 0, 0, 1},
    {"s_not_b32 s0, s2", {0xbe800702}, {0xbe800402}, 0xf, DI, 0x0f0f0f0f, 0, 0, 0xf0f0f0f0, 1, 1},
    {"s_not_b64 s[0:1], s[2:3]", {0xbe800802}, {0xbe800502}, 0xf, DI, 0xffffffff00000000, 0, 0, 0x00000000ffffffff, 1, 2},
    {"s_not_b64 s[0:1], s[2:3]", {0xbe800802}, {0xbe800502}, 0xf, DI, 0xffffffffffffffff, 0, 1, 0, 0, 2},
    {"s_wqm_b32 s0, s2", {0xbe800902}, {0xbe800602}, 0xf, DI, 0x00010f20, 0, 0, 0x000f0ff0, 1, 1},
    {"s_wqm_b32 s0, s2", {0xbe800902}, {0xbe800602}, 0xf, DI, 0, 0, 1, 0, 0, 1},
    {"s_wqm_b64 s[0:1], s[2:3]", {0xbe800a02}, {0xbe800702}, 0xf, DI, 0x8000000000000001, 0, 0, 0xf00000000000000f, 1, 2},
    {"s_brev_b32 s0, s2", {0xbe800b02}, {0xbe800802}, 0xf, DI, 1, 0, 1, 0x80000000, K, 1},
    {"s_brev_b32 s0, s2", {0xbe800b02}, {0xbe800802}, 0xf, DI, 0x12345678, 0, 0, 0x1e6a2c48, K, 1},
    {"s_brev_b64 s[0:1], s[2:3]", {0xbe800c02}, {0xbe800902}, 0xf, DI, 1, 0, 0, 0x8000000000000000, K, 2},
    {"s_brev_b64 s[0:1], s[2:3]", {0xbe800c02}, {0xbe800902}, 0xf, DI, 0x1234567800000000, 0, 0, 0x000000001e6a2c48, K, 2},
    {"s_bcnt0_i32_b32 s0, s2", {0xbe800d02}, {0xbe800a02}, 0xf, DI, 0xffffffff, 0, 1, 0, 0, 1},
    {"s_bcnt0_i32_b32 s0, s2", {0xbe800d02}, {0xbe800a02}, 0xf, DI, 0x0000ffff, 0, 0, 16, 1, 1},
    {"s_bcnt0_i32_b64 s0, s[2:3]", {0xbe800e02}, {0xbe800b02}, 0xf, DI, 0xffffffff00000000, 0, 0, 32, 1, 1},
    {"s_bcnt0_i32_b64 s0, s[2:3]", {0xbe800e02}, {0xbe800b02}, 0xf, DI, 0xffffffffffffffff, 0, 1, 0, 0, 1},
    {"s_bcnt1_i32_b32 s0, s2", {0xbe800f02}, {0xbe800c02}, 0xf, DI, 0x80000001, 0, 0, 2, 1, 1},
    {"s_bcnt1_i32_b32 s0, s2", {0xbe800f02}, {0xbe800c02}, 0xf, DI, 0, 0, 1, 0, 0, 1},
    {"s_bcnt1_i32_b64 s0, s[2:3]", {0xbe801002}, {0xbe800d02}, 0xf, DI, 0xffffffffffffffff, 0, 0, 64, 1, 1},
    {"s_bcnt1_i32_b64 s0, s[2:3]", {0xbe801002}, {0xbe800d02}, 0xf, DI, 0x8000000000000000, 0, 0, 1, 1, 1},
    {"s_ff0_i32_b32 s0, s2", {0xbe801102}, {0xbe800e02}, 0xf, DI, 0x0000ffff, 0, 1, 16, K, 1},
    {"s_ff0_i32_b32 s0, s2", {0xbe801102}, {0xbe800e02}, 0xf, DI, 0xffffffff, 0, 0, 0xffffffff, K, 1},
    {"s_ff0_i32_b64 s0, s[2:3]", {0xbe801202}, {0xbe800f02}, 0xf, DI, 0x00000000ffffffff, 0, 0, 32, K, 1},
    {"s_ff0_i32_b64 s0, s[2:3]", {0xbe801202}, {0xbe800f02}, 0xf, DI, 0xffffffffffffffff, 0, 0, 0xffffffff, K, 1},
    {"s_ff1_i32_b32 s0, s2", {0xbe801302}, {0xbe801002}, 0xf, DI, 0x00010000, 0, 0, 16, K, 1},
    {"s_ff1_i32_b32 s0, s2", {0xbe801302}, {0xbe801002}, 0xf, DI, 0, 0, 1, 0xffffffff, K, 1},
    {"s_ff1_i32_b64 s0, s[2:3]", {0xbe801402}, {0xbe801102}, 0xf, DI, 0x8000000000000000, 0, 0, 63, K, 1},
    {"s_ff1_i32_b64 s0, s[2:3]", {0xbe801402}, {0xbe801102}, 0xf, DI, 0, 0, 0, 0xffffffff, K, 1},
    {"s_flbit_i32_b32 s0, s2", {0xbe801502}, {0xbe801202}, 0xf, DI, 0x00010000, 0, 0, 15, K, 1},
    {"s_flbit_i32_b32 s0, s2", {0xbe801502}, {0xbe801202}, 0xf, DI, 0x80000000, 0, 1, 0, K, 1},
    {"s_flbit_i32_b32 s0, s2", {0xbe801502}, {0xbe801202}, 0xf, DI, 1, 0, 0, 31, K, 1},
    {"s_flbit_i32_b32 s0, s2", {0xbe801502}, {0xbe801202}, 0xf, DI, 0, 0, 0, 0xffffffff, K, 1},
    {"s_flbit_i32_b64 s0, s[2:3]", {0xbe801602}, {0xbe801302}, 0xf, DI, 0x0000000080000000, 0, 0, 32, K, 1},
    {"s_flbit_i32_b64 s0, s[2:3]", {0xbe801602}, {0xbe801302}, 0xf, DI, 1, 0, 0, 63, K, 1},
    {"s_flbit_i32_b64 s0, s[2:3]", {0xbe801602}, {0xbe801302}, 0xf, DI, 0, 0, 0, 0xffffffff, K, 1},
    {"s_flbit_i32 s0, s2", {0xbe801702}, {0xbe801402}, 0xf, DI, 0x40000000, 0, 0, 1, K, 1},
    {"s_flbit_i32 s0, s2", {0xbe801702}, {0xbe801402}, 0xf, DI, 0xffff0000, 0, 0, 16, K, 1},
    {"s_flbit_i32 s0, s2", {0xbe801702}, {0xbe801402}, 0xf, DI, 0x80000000, 0, 0, 1, K, 1},
    {"s_flbit_i32 s0, s2", {0xbe801702}, {0xbe801402}, 0xf, DI, 0xffffffff, 0, 0, 0xffffffff, K, 1},
    {"s_flbit_i32 s0, s2", {0xbe801702}, {0xbe801402}, 0xf, DI, 0, 0, 1, 0xffffffff, K, 1},
    {"s_flbit_i32_i64 s0, s[2:3]", {0xbe801802}, {0xbe801502}, 0xf, DI, 0xfffffffe00000000, 0, 0, 31, K, 1},
    {"s_flbit_i32_i64 s0, s[2:3]", {0xbe801802}, {0xbe801502}, 0xf, DI, 1, 0, 0, 63, K, 1},
    {"s_flbit_i32_i64 s0, s[2:3]", {0xbe801802}, {0xbe801502}, 0xf, DI, 0xffffffffffffffff, 0, 0, 0xffffffff, K, 1},
    {"s_sext_i32_i8 s0, s2", {0xbe801902}, {0xbe801602}, 0xf, DI, 0x1280, 0, 0, 0xffffff80, K, 1},
    {"s_sext_i32_i8 s0, s2", {0xbe801902}, {0xbe801602}, 0xf, DI, 0xffffff7f, 0, 0, 0x7f, K, 1},
    {"s_sext_i32_i16 s0, s2", {0xbe801a02}, {0xbe801702}, 0xf, DI, 0x00018000, 0, 0, 0xffff8000, K, 1},
    {"s_sext_i32_i16 s0, s2", {0xbe801a02}, {0xbe801702}, 0xf, DI, 0xffff7fff, 0, 0, 0x7fff, K, 1},
    {"s_bitset0_b32 s0, s2", {0xbe801b02}, {0xbe801802}, 0xf, DI, 2, 0, 0, 0xcafef009, K, 1},
    {"s_bitset0_b32 s0, s2", {0xbe801b02}, {0xbe801802}, 0xf, DI, 35, 0, 0, 0xcafef005, K, 1},
    {"s_bitset1_b32 s0, s2", {0xbe801d02}, {0xbe801a02}, 0xf, DI, 4, 0, 0, 0xcafef01d, K, 1},
    {"s_bitset0_b64 s[0:1], s2", {0xbe801c02}, {0xbe801902}, 0xf, DI, 63, 0, 0, 0x5eadbeefcafef00d, K, 2},
    {"s_bitset1_b64 s[0:1], s2", {0xbe801e02}, {0xbe801b02}, 0xf, DI, 36, 0, 0, 0xdeadbeffcafef00d, K, 2},
    {"s_quadmask_b32 s0, s2", {0xbe802c02}, {0xbe802802}, 0xf, DI, 0x0f000010, 0, 0, 0x42, 1, 1},
    {"s_quadmask_b32 s0, s2", {0xbe802c02}, {0xbe802802}, 0xf, DI, 0, 0, 1, 0, 0, 1},
    {"s_quadmask_b64 s[0:1], s[2:3]", {0xbe802d02}, {0xbe802902}, 0xf, DI, 0x1000000000000001, 0, 0, 0x8001, 1, 2},
    {"s_abs_i32 s0, s2", {0xbe803402}, {0xbe803002}, 0xf, DI, 0xfffffff6, 0, 0, 10, 1, 1},
    {"s_abs_i32 s0, s2", {0xbe803402}, {0xbe803002}, 0xf, DI, 0, 0, 1, 0, 0, 1},
    {"s_abs_i32 s0, s2", {0xbe803402}, {0xbe803002}, 0xf, DI, 0x80000000, 0, 0, 0x80000000, 1, 1},
    {"s_bitreplicate_b64_b32 s[0:1], s2", {0}, {0xbe803702}, 0x8, DI, 0x80000005, 0, 0, 0xc000000000000033, K, 2},
    /* SOPC: compares (SCC only) */
    {"s_cmp_eq_i32 s2, s4", {0xbf000402}, {0xbf000402}, 0xf, DI, 5, 5, 0, 0, 1, 0},
    {"s_cmp_eq_i32 s2, s4", {0xbf000402}, {0xbf000402}, 0xf, DI, 5, 6, 1, 0, 0, 0},
    {"s_cmp_lg_i32 s2, s4", {0xbf010402}, {0xbf010402}, 0xf, DI, 5, 6, 0, 0, 1, 0},
    {"s_cmp_gt_i32 s2, s4", {0xbf020402}, {0xbf020402}, 0xf, DI, 1, 0xffffffff, 0, 0, 1, 0},
    {"s_cmp_gt_u32 s2, s4", {0xbf080402}, {0xbf080402}, 0xf, DI, 1, 0xffffffff, 1, 0, 0, 0},
    {"s_cmp_ge_i32 s2, s4", {0xbf030402}, {0xbf030402}, 0xf, DI, 0x80000000, 0x80000000, 0, 0, 1, 0},
    {"s_cmp_ge_u32 s2, s4", {0xbf090402}, {0xbf090402}, 0xf, DI, 0x7fffffff, 0x80000000, 1, 0, 0, 0},
    {"s_cmp_lt_i32 s2, s4", {0xbf040402}, {0xbf040402}, 0xf, DI, 0x80000000, 0, 0, 0, 1, 0},
    {"s_cmp_lt_u32 s2, s4", {0xbf0a0402}, {0xbf0a0402}, 0xf, DI, 0x80000000, 0, 1, 0, 0, 0},
    {"s_cmp_le_i32 s2, s4", {0xbf050402}, {0xbf050402}, 0xf, DI, 3, 3, 0, 0, 1, 0},
    {"s_cmp_le_u32 s2, s4", {0xbf0b0402}, {0xbf0b0402}, 0xf, DI, 4, 3, 1, 0, 0, 0},
    {"s_cmp_eq_u32 s2, s4", {0xbf060402}, {0xbf060402}, 0xf, DI, 0xffffffff, 0xffffffff, 0, 0, 1, 0},
    {"s_cmp_lg_u32 s2, s4", {0xbf070402}, {0xbf070402}, 0xf, DI, 0xffffffff, 0xffffffff, 1, 0, 0, 0},
    {"s_cmp_eq_u32 s2, 0x12345678", {0xbf06ff02, 0x12345678}, {0xbf06ff02, 0x12345678}, 0xf, DI, 0x12345678, 0, 0, 0, 1, 0},
    {"s_cmp_lt_i32 s2, -1", {0xbf04c102}, {0xbf04c102}, 0xf, DI, 0xfffffffe, 0, 0, 0, 1, 0},
    {"s_cmp_gt_u32 s2, 64", {0xbf08c002}, {0xbf08c002}, 0xf, DI, 65, 0, 0, 0, 1, 0},
    {"s_cmp_eq_u64 s[2:3], s[4:5]", {0}, {0xbf120402}, 0xc, DI, 0x0000000100000005, 0x0000000200000005, 1, 0, 0, 0},
    {"s_cmp_eq_u64 s[2:3], s[4:5]", {0}, {0xbf120402}, 0xc, DI, 0x0000000100000005, 0x0000000100000005, 0, 0, 1, 0},
    {"s_cmp_lg_u64 s[2:3], s[4:5]", {0}, {0xbf130402}, 0xc, DI, 0x0000000100000005, 0x0000000200000005, 0, 0, 1, 0},
    {"s_cmp_lg_u64 s[2:3], 0", {0}, {0xbf138002}, 0xc, DI, 0, 0, 1, 0, 0, 0},
    {"s_bitcmp0_b32 s2, s4", {0xbf0c0402}, {0xbf0c0402}, 0xf, DI, 0xfffffffb, 2, 0, 0, 1, 0},
    {"s_bitcmp0_b32 s2, s4", {0xbf0c0402}, {0xbf0c0402}, 0xf, DI, 0xffffffff, 2, 1, 0, 0, 0},
    {"s_bitcmp1_b32 s2, s4", {0xbf0d0402}, {0xbf0d0402}, 0xf, DI, 4, 2, 0, 0, 1, 0},
    {"s_bitcmp1_b32 s2, s4", {0xbf0d0402}, {0xbf0d0402}, 0xf, DI, 4, 34, 0, 0, 1, 0},
    {"s_bitcmp0_b64 s[2:3], s4", {0xbf0e0402}, {0xbf0e0402}, 0xf, DI, 0x8000000000000000, 63, 1, 0, 0, 0},
    {"s_bitcmp1_b64 s[2:3], s4", {0xbf0f0402}, {0xbf0f0402}, 0xf, DI, 0x8000000000000000, 63, 0, 0, 1, 0},
    {"s_bitcmp1_b64 s[2:3], s4", {0xbf0f0402}, {0xbf0f0402}, 0xf, DI, 0x8000000000000000, 127, 0, 0, 1, 0},
    /* SOPK: the destination is also the source */
    {"s_movk_i32 s0, 0x8000", {0xb0008000}, {0xb0008000}, 0xf, DI, 0, 0, 0, 0xffff8000, K, 1},
    {"s_movk_i32 s0, 0x7fff", {0xb0007fff}, {0xb0007fff}, 0xf, DI, 0, 0, 1, 0x7fff, K, 1},
    {"s_cmovk_i32 s0, 0x1234", {0xb1001234}, {0xb0801234}, 0xf, DI, 0, 0, 1, 0x1234, K, 1},
    {"s_cmovk_i32 s0, 0x1234", {0xb1001234}, {0xb0801234}, 0xf, DI, 0, 0, 0, 0xcafef00d, K, 1},
    {"s_cmpk_eq_i32 s0, 0xfffe", {0xb180fffe}, {0xb100fffe}, 0xf, 0xfffffffe, 0, 0, 0, 0xfffffffe, 1, 1},
    {"s_cmpk_eq_u32 s0, 0xfffe", {0xb480fffe}, {0xb400fffe}, 0xf, 0x0000fffe, 0, 0, 0, 0x0000fffe, 1, 1},
    {"s_cmpk_eq_u32 s0, 0xfffe", {0xb480fffe}, {0xb400fffe}, 0xf, 0xfffffffe, 0, 0, 1, 0xfffffffe, 0, 1},
    {"s_cmpk_lg_i32 s0, 5", {0xb2000005}, {0xb1800005}, 0xf, 5, 0, 0, 1, 5, 0, 1},
    {"s_cmpk_lg_u32 s0, 5", {0xb5000005}, {0xb4800005}, 0xf, 6, 0, 0, 0, 6, 1, 1},
    {"s_cmpk_gt_i32 s0, 0xffff", {0xb280ffff}, {0xb200ffff}, 0xf, 0, 0, 0, 0, 0, 1, 1},
    {"s_cmpk_gt_u32 s0, 0x8000", {0xb5808000}, {0xb5008000}, 0xf, 0x8001, 0, 0, 0, 0x8001, 1, 1},
    {"s_cmpk_ge_i32 s0, 0x8000", {0xb3008000}, {0xb2808000}, 0xf, 0xffff8000, 0, 0, 0, 0xffff8000, 1, 1},
    {"s_cmpk_ge_u32 s0, 0x8000", {0xb6008000}, {0xb5808000}, 0xf, 0xffff8000, 0, 0, 0, 0xffff8000, 1, 1},
    {"s_cmpk_lt_i32 s0, 0", {0xb3800000}, {0xb3000000}, 0xf, 0x80000000, 0, 0, 0, 0x80000000, 1, 1},
    {"s_cmpk_lt_u32 s0, 0", {0xb6800000}, {0xb6000000}, 0xf, 0x80000000, 0, 0, 1, 0x80000000, 0, 1},
    {"s_cmpk_le_i32 s0, 0xfffe", {0xb400fffe}, {0xb380fffe}, 0xf, 0xfffffffd, 0, 0, 0, 0xfffffffd, 1, 1},
    {"s_cmpk_le_u32 s0, 0xfffe", {0xb700fffe}, {0xb680fffe}, 0xf, 0xfffffffd, 0, 0, 1, 0xfffffffd, 0, 1},
    {"s_addk_i32 s0, 1", {0xb7800001}, {0xb7000001}, 0xf, 0x7fffffff, 0, 0, 0, 0x80000000, 1, 1},
    {"s_addk_i32 s0, 0xfffa", {0xb780fffa}, {0xb700fffa}, 0xf, 5, 0, 0, 1, 0xffffffff, 0, 1},
    {"s_addk_i32 s0, 0xffff", {0xb780ffff}, {0xb700ffff}, 0xf, 0x80000000, 0, 0, 0, 0x7fffffff, 1, 1},
    {"s_addk_i32 s0, 0x8000", {0xb7808000}, {0xb7008000}, 0xf, 0x10000, 0, 0, 1, 0x8000, 0, 1},
    {"s_mulk_i32 s0, 0xfffd", {0xb800fffd}, {0xb780fffd}, 0xf, 7, 0, 0, 1, 0xffffffeb, K, 1},
    {"s_mulk_i32 s0, 4", {0xb8000004}, {0xb7800004}, 0xf, 0x40000000, 0, 0, 0, 0, K, 1},
};

typedef struct {
    const char *text;
    uint32_t e67[2], e89[2];
    uint8_t gens;
    int scc;
    uint64_t vcc, exec;        /* exec (uint64_t)-1: all lanes */
    int taken;
    int simm;                  /* branch offset in dwords */
} br_vec_t;

static const br_vec_t br[] = {
    {"s_branch 3", {0xbf820003}, {0xbf820003}, 0xf, 0, 0, -1, 1, 3},
    {"s_branch 65534", {0xbf82fffe}, {0xbf82fffe}, 0xf, 0, 0, -1, 1, -2},
    {"s_cbranch_scc0 5", {0xbf840005}, {0xbf840005}, 0xf, 0, 0, -1, 1, 5},
    {"s_cbranch_scc0 5", {0xbf840005}, {0xbf840005}, 0xf, 1, 0, -1, 0, 5},
    {"s_cbranch_scc1 5", {0xbf850005}, {0xbf850005}, 0xf, 1, 0, -1, 1, 5},
    {"s_cbranch_scc1 5", {0xbf850005}, {0xbf850005}, 0xf, 0, 0, -1, 0, 5},
    {"s_cbranch_vccz 2", {0xbf860002}, {0xbf860002}, 0xf, 0, 0, -1, 1, 2},
    {"s_cbranch_vccz 2", {0xbf860002}, {0xbf860002}, 0xf, 0, 0x100000000, -1, 0, 2},
    {"s_cbranch_vccnz 2", {0xbf870002}, {0xbf870002}, 0xf, 0, 0x100000000, -1, 1, 2},
    {"s_cbranch_vccnz 2", {0xbf870002}, {0xbf870002}, 0xf, 1, 0, -1, 0, 2},
    {"s_cbranch_execz 7", {0xbf880007}, {0xbf880007}, 0xf, 0, 0, 0, 1, 7},
    {"s_cbranch_execz 7", {0xbf880007}, {0xbf880007}, 0xf, 0, 0, 0x8000000000000000, 0, 7},
    {"s_cbranch_execnz 7", {0xbf890007}, {0xbf890007}, 0xf, 0, 0, 0x8000000000000000, 1, 7},
    {"s_cbranch_execnz 65535", {0xbf89ffff}, {0xbf89ffff}, 0xf, 0, 0, 0x8000000000000000, 1, -1},
    {"s_cbranch_execnz 7", {0xbf890007}, {0xbf890007}, 0xf, 1, 1, 0, 0, 7},
    {"s_cbranch_cdbgsys 4", {0xbf970004}, {0xbf970004}, 0xf, 1, 1, -1, 0, 4},
    {"s_cbranch_cdbguser 4", {0xbf980004}, {0xbf980004}, 0xf, 0, 0, -1, 0, 4},
    {"s_cbranch_cdbgsys_or_user 4", {0xbf990004}, {0xbf990004}, 0xf, 1, 0, -1, 0, 4},
    {"s_cbranch_cdbgsys_and_user 4", {0xbf9a0004}, {0xbf9a0004}, 0xf, 0, 1, -1, 0, 4},
};

/* ---- harness -------------------------------------------------------------- */

static void set64(semtest_t *s, unsigned r, uint64_t v)
{
    s->w.sgpr[r] = (uint32_t)v;
    s->w.sgpr[r + 1] = (uint32_t)(v >> 32);
}

static uint64_t get64(const semtest_t *s, unsigned r)
{
    return (uint64_t)s->w.sgpr[r + 1] << 32 | s->w.sgpr[r];
}

/* A fresh wave on target running the instruction in w (one or two dwords)
 * followed by s_endpgm, recording effects.  Returns the instruction's
 * length in dwords. */
static unsigned start(semtest_t *s, const char *target, const uint32_t *w)
{
    uint32_t code[4] = {w[0], w[1], 0xbf810000, 0xbf810000};
    semtest_init(s, target, 8);
    semtest_load(s, code, 4);
    semtest_record(s);
    return s->prog.inst[0].ndw;
}

static const uint32_t *pick(const uint32_t e67[2], const uint32_t e89[2], int g)
{
    return g < 2 ? e67 : e89;
}

static void run_alu(const alu_vec_t *v, int g)
{
    semtest_t s;
    unsigned ndw = start(&s, targets[g], pick(v->e67, v->e89, g));
    set64(&s, 0, v->init);
    set64(&s, 2, v->a);
    set64(&s, 4, v->b);
    s.w.scc = (uint8_t)v->scc_in;
    semtest_step(&s, 1);
    uint64_t want = v->ndst == 2 ? v->d : v->ndst == 1 ? (v->init & ~0xffffffffull) | (uint32_t)v->d : v->init;
    int scc_want = v->scc_out == K ? v->scc_in : v->scc_out;
    int ok = s.w.state == WAVE_RUN && s.w.pc == s.code_addr + 4 * ndw && get64(&s, 0) == want &&
             s.w.scc == scc_want && s.fx.scc_written == (v->scc_out != K) && get64(&s, 2) == v->a &&
             get64(&s, 4) == v->b;
    CHECK(ok, "%s: %s (a=0x%llx b=0x%llx scc=%d) -> s[0:1]=0x%llx scc=%d%s (want 0x%llx scc=%d%s) %s", targets[g],
          v->text, (unsigned long long)v->a, (unsigned long long)v->b, v->scc_in,
          (unsigned long long)get64(&s, 0), s.w.scc, s.fx.scc_written ? " written" : "", (unsigned long long)want,
          scc_want, v->scc_out == K ? " kept" : "", s.w.state == WAVE_FAULT ? s.w.fault.msg : "");
    semtest_free(&s);
}

static void run_br(const br_vec_t *v, int g)
{
    semtest_t s;
    start(&s, targets[g], pick(v->e67, v->e89, g));
    s.w.scc = (uint8_t)v->scc;
    set64(&s, 106, v->vcc);
    set64(&s, 126, v->exec);
    semtest_step(&s, 1);
    uint64_t want = s.code_addr + 4 + (v->taken ? (uint64_t)((int64_t)v->simm * 4) : 0);
    int ok = s.w.state == WAVE_RUN && s.w.pc == want && s.fx.branch && s.fx.taken == v->taken && !s.fx.scc_written;
    CHECK(ok, "%s: %s (scc=%d vcc=0x%llx exec=0x%llx) %s: pc=code%+lld (want %+lld)", targets[g], v->text, v->scc,
          (unsigned long long)v->vcc, (unsigned long long)v->exec, v->taken ? "taken" : "not taken",
          (long long)(s.w.pc - s.code_addr), (long long)(want - s.code_addr));
    semtest_free(&s);
}

/* Encodings of the instructions the hand-written tests below use:
 * {gfx6/7, gfx8/9}, 0 where the instruction does not exist. */
typedef struct {
    uint32_t e67[2], e89[2];
    int gfx9_only;
} enc_t;

static const enc_t E_GETPC = {{0xbe801f00}, {0xbe801c00}};            /* s_getpc_b64 s[0:1] */
static const enc_t E_SETPC = {{0xbe802002}, {0xbe801d02}};            /* s_setpc_b64 s[2:3] */
static const enc_t E_SWAPPC = {{0xbe802102}, {0xbe801e02}};           /* s_swappc_b64 s[0:1], s[2:3] */
static const enc_t E_RFE = {{0xbe802202}, {0xbe801f02}};              /* s_rfe_b64 s[2:3] */
static const enc_t E_CALL = {{0}, {0xba800004}, 1};                      /* s_call_b64 s[0:1], 4 (gfx9) */
static const enc_t E_XOR_EXEC = {{0x89fe027e}, {0x88fe027e}};         /* s_xor_b64 exec, exec, s[2:3] */
static const enc_t E_MOV_EXEC = {{0xbefe04c1}, {0xbefe01c1}};         /* s_mov_b64 exec, -1 */
static const enc_t E_AND_VCC = {{0x87ea027e}, {0x86ea027e}};          /* s_and_b64 vcc, exec, s[2:3] */
static const enc_t E_MOVRELS32 = {{0xbe802e0a}, {0xbe802a0a}};        /* s_movrels_b32 s0, s10 */
static const enc_t E_MOVRELS64 = {{0xbe802f0a}, {0xbe802b0a}};        /* s_movrels_b64 s[0:1], s[10:11] */
static const enc_t E_MOVRELD32 = {{0xbe8a3002}, {0xbe8a2c02}};        /* s_movreld_b32 s10, s2 */
static const enc_t E_MOVRELD64 = {{0xbe8a3102}, {0xbe8a2d02}};        /* s_movreld_b64 s[10:11], s[2:3] */
static const enc_t E_GETREG_MODE = {{0xb900f801}, {0xb880f801}};      /* s_getreg_b32 s0, hwreg(HW_REG_MODE) */
static const enc_t E_GETREG_MODE42 = {{0xb9000901}, {0xb8800901}};    /* s_getreg_b32 s0, hwreg(HW_REG_MODE, 4, 2) */
static const enc_t E_SETREG_MODE42 = {{0xb9820901}, {0xb9020901}};    /* s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s2 */
static const enc_t E_SETREG_MODE = {{0xb982f801}, {0xb902f801}};      /* s_setreg_b32 hwreg(HW_REG_MODE), s2 */
static const enc_t E_SETREGI_RND = {{0xba801801, 0xf}, {0xba001801, 0xf}}; /* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xf */
static const enc_t E_SETREGI_DEN = {{0xba800901, 0}, {0xba000901, 0}};    /* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0 */
static const enc_t E_GETREG_STATUS = {{0xb900f802}, {0xb880f802}};    /* s_getreg_b32 s0, hwreg(HW_REG_STATUS) */
static const enc_t E_GETREG_ST92 = {{0xb9000a42}, {0xb8800a42}};      /* s_getreg_b32 s0, hwreg(HW_REG_STATUS, 9, 2) */
static const enc_t E_SETREG_HWID = {{0xb982f804}, {0xb902f804}};      /* s_setreg_b32 hwreg(HW_REG_HW_ID), s2 */
static const enc_t E_GETREG_HWID = {{0xb900f804}, {0xb880f804}};      /* s_getreg_b32 s0, hwreg(HW_REG_HW_ID) */
static const enc_t E_GETREG_SHMEM = {{0}, {0xb8807c0f}, 1};              /* s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES, 16, 16) */
static const enc_t E_SETREG_TRAPSTS = {{0xb9823803}, {0xb9023803}};   /* s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 8), s2 */
static const enc_t E_GETREG_TRAPSTS = {{0xb900f803}, {0xb880f803}};   /* s_getreg_b32 s0, hwreg(HW_REG_TRAPSTS) */
static const enc_t E_ENDPGM = {{0xbf810000}, {0xbf810000}};           /* s_endpgm */
static const enc_t E_BARRIER = {{0xbf8a0000}, {0xbf8a0000}};          /* s_barrier */
static const enc_t E_TRAP2 = {{0xbf920002}, {0xbf920002}};            /* s_trap 2 */
static const enc_t E_TRAP3 = {{0xbf920003}, {0xbf920003}};            /* s_trap 3 */
static const enc_t E_SETHALT1 = {{0xbf8d0001}, {0xbf8d0001}};         /* s_sethalt 1 */
static const enc_t E_SETHALT0 = {{0xbf8d0000}, {0xbf8d0000}};         /* s_sethalt 0 */
static const enc_t E_SENDMSG = {{0xbf900001}, {0xbf900001}};          /* s_sendmsg sendmsg(MSG_INTERRUPT) */
static const enc_t E_SENDMSGHALT = {{0xbf910001}, {0xbf910001}};      /* s_sendmsghalt sendmsg(MSG_INTERRUPT) */
static const enc_t E_SETPRIO = {{0xbf8f0003}, {0xbf8f0003}};          /* s_setprio 3 */
static const enc_t E_GPR_IDX_ON = {{0}, {0xbf110102}};                /* s_set_gpr_idx_on s2, gpr_idx(SRC0) */
static const enc_t E_GPR_IDX_OFF = {{0}, {0xbf9c0000}};               /* s_set_gpr_idx_off */
static const enc_t E_GPR_IDX_IDX = {{0}, {0xbe803202}};               /* s_set_gpr_idx_idx s2 */
static const enc_t E_GPR_IDX_MODE = {{0}, {0xbf9d0009}};              /* s_set_gpr_idx_mode gpr_idx(SRC0,DST) */
static const enc_t E_I_FORK = {{0xb8820003}, {0xb8020003}};           /* s_cbranch_i_fork s[2:3], 3 */
static const enc_t E_G_FORK = {{0x95800402}, {0x94800402}};           /* s_cbranch_g_fork s[2:3], s[4:5] */
static const enc_t E_JOIN = {{0xbe803206}, {0xbe802e06}};             /* s_cbranch_join s6 */
static const enc_t E_ENDPGM_SAVED = {{0}, {0xbf9b0000}};              /* s_endpgm_saved */
static const enc_t E_V_ADD_F32 = {{0x06020702}, {0x02020702}};        /* v_add_f32 v1, v2, v3 */
static const enc_t E_MOV_EXECZ = {{0xbe8003fc}, {0xbe8000fc}};        /* s_mov_b32 s0, src_execz */
static const enc_t E_MOV_VCCZ = {{0xbe8003fb}, {0xbe8000fb}};         /* s_mov_b32 s0, src_vccz */
static const enc_t E_MOV_SCC = {{0xbe8003fd}, {0xbe8000fd}};          /* s_mov_b32 s0, src_scc */
static const enc_t E_ADD_U32 = {{0x80000402}, {0x80000402}};          /* s_add_u32 s0, s2, s4 */

/* No-effect SOPP instructions: s_nop 7, s_sleep 2, s_waitcnt vmcnt(0)
 * lgkmcnt(0), s_icache_inv, s_incperflevel 1, s_decperflevel 1,
 * s_ttracedata, s_setkill 1, s_wakeup (gfx8+) */
static const enc_t E_NOEFFECT[] = {
    {{0xbf800007}, {0xbf800007}}, {{0xbf8e0002}, {0xbf8e0002}}, {{0xbf8c0070}, {0xbf8c0070}},
    {{0xbf930000}, {0xbf930000}}, {{0xbf940001}, {0xbf940001}}, {{0xbf950001}, {0xbf950001}},
    {{0xbf960000}, {0xbf960000}}, {{0xbf8b0001}, {0xbf8b0001}}, {{0}, {0xbf830000}},
};

/* Start a wave for a hand-written test; returns 0 when the instruction
 * does not exist on targets[g]. */
static int start_enc(semtest_t *s, const enc_t *e, int g)
{
    const uint32_t *w = pick(e->e67, e->e89, g);
    if (!w[0] || (e->gfx9_only && g < 3))
        return 0;
    start(s, targets[g], w);
    return 1;
}

/* Start a wave running two one-dword instructions, then s_endpgm. */
static void start2(semtest_t *s, const enc_t *a, const enc_t *b, int g)
{
    uint32_t code[3] = {pick(a->e67, a->e89, g)[0], pick(b->e67, b->e89, g)[0], 0xbf810000};
    semtest_init(s, targets[g], 8);
    semtest_load(s, code, 3);
    semtest_record(s);
}

#define FOR_TARGETS(g) for (int g = 0; g < 4; g++)

/* ---- s_*_saveexec_b64 and *_wrexec: EXEC = 0xff00..., S0 = 0xf0f0... ---- */

typedef struct {
    const char *text;
    enc_t e;
    uint64_t exec_out;   /* hand-derived */
    int wrexec;          /* D = new EXEC instead of old */
} sx_vec_t;

static const sx_vec_t sx[] = {
    {"s_and_saveexec_b64 s[0:1], s[2:3]", {{0xbe802402}, {0xbe802002}}, 0xf000f000f000f000ull, 0},
    {"s_or_saveexec_b64 s[0:1], s[2:3]", {{0xbe802502}, {0xbe802102}}, 0xfff0fff0fff0fff0ull, 0},
    {"s_xor_saveexec_b64 s[0:1], s[2:3]", {{0xbe802602}, {0xbe802202}}, 0x0ff00ff00ff00ff0ull, 0},
    {"s_andn2_saveexec_b64 s[0:1], s[2:3]", {{0xbe802702}, {0xbe802302}}, 0x00f000f000f000f0ull, 0},
    {"s_orn2_saveexec_b64 s[0:1], s[2:3]", {{0xbe802802}, {0xbe802402}}, 0xf0fff0fff0fff0ffull, 0},
    {"s_nand_saveexec_b64 s[0:1], s[2:3]", {{0xbe802902}, {0xbe802502}}, 0x0fff0fff0fff0fffull, 0},
    {"s_nor_saveexec_b64 s[0:1], s[2:3]", {{0xbe802a02}, {0xbe802602}}, 0x000f000f000f000full, 0},
    {"s_xnor_saveexec_b64 s[0:1], s[2:3]", {{0xbe802b02}, {0xbe802702}}, 0xf00ff00ff00ff00full, 0},
    {"s_andn1_saveexec_b64 s[0:1], s[2:3]", {{0}, {0xbe803302}, 1}, 0x0f000f000f000f00ull, 0},
    {"s_orn1_saveexec_b64 s[0:1], s[2:3]", {{0}, {0xbe803402}, 1}, 0xff0fff0fff0fff0full, 0},
    {"s_andn1_wrexec_b64 s[0:1], s[2:3]", {{0}, {0xbe803502}, 1}, 0x0f000f000f000f00ull, 1},
    {"s_andn2_wrexec_b64 s[0:1], s[2:3]", {{0}, {0xbe803602}, 1}, 0x00f000f000f000f0ull, 1},
};

static void test_saveexec(void)
{
    const uint64_t e0 = 0xff00ff00ff00ff00ull, s0 = 0xf0f0f0f0f0f0f0f0ull;
    for (size_t i = 0; i < sizeof sx / sizeof sx[0]; i++)
        FOR_TARGETS(g) {
            semtest_t s;
            if (!start_enc(&s, &sx[i].e, g))
                continue;
            set64(&s, 126, e0);
            set64(&s, 2, s0);
            semtest_step(&s, 1);
            uint64_t d = sx[i].wrexec ? sx[i].exec_out : e0;
            CHECK(s.w.state == WAVE_RUN && wave_exec(&s.w) == sx[i].exec_out && get64(&s, 0) == d && s.w.scc == 1,
                  "%s: %s: exec 0x%llx (want 0x%llx), s[0:1] 0x%llx (want 0x%llx), scc %d", targets[g], sx[i].text,
                  (unsigned long long)wave_exec(&s.w), (unsigned long long)sx[i].exec_out,
                  (unsigned long long)get64(&s, 0), (unsigned long long)d, s.w.scc);
            semtest_free(&s);
        }
    /* EXEC becoming zero clears SCC; the old EXEC is saved */
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &sx[0].e, g);
        set64(&s, 126, e0);
        set64(&s, 2, 0x00ff00ff00ff00ffull);
        s.w.scc = 1;
        semtest_step(&s, 1);
        CHECK(wave_exec(&s.w) == 0 && s.w.scc == 0 && get64(&s, 0) == e0,
              "%s: s_and_saveexec_b64 to an empty mask: exec 0, scc 0, old exec saved", targets[g]);
        CHECK(s.fx.ns == 4 && s.fx.s[2].reg == 126 && s.fx.s[2].old == (uint32_t)e0 && s.fx.s[3].reg == 127,
              "%s: s_and_saveexec_b64: effects record holds s0, s1, exec_lo, exec_hi with old values", targets[g]);
        semtest_free(&s);
    }
    /* EXEC and VCC as SOP2 operands */
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &E_XOR_EXEC, g);
        set64(&s, 126, 0x00000000ffffffffull);
        set64(&s, 2, 0x0000000100000001ull);
        semtest_step(&s, 1);
        CHECK(wave_exec(&s.w) == 0x00000001fffffffeull && s.w.scc == 1, "%s: s_xor_b64 exec, exec, s[2:3]", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_MOV_EXEC, g);
        set64(&s, 126, 0);
        semtest_step(&s, 1);
        CHECK(wave_exec(&s.w) == ~0ull && !s.fx.scc_written, "%s: s_mov_b64 exec, -1", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_AND_VCC, g);
        set64(&s, 126, 0x8000000000000001ull);
        set64(&s, 2, 0x8000000000000000ull);
        semtest_step(&s, 1);
        CHECK(wave_vcc(&s.w) == 0x8000000000000000ull && s.w.scc == 1, "%s: s_and_b64 vcc, exec, s[2:3]", targets[g]);
        semtest_free(&s);
    }
}

/* ---- pc: s_getpc/setpc/swappc/rfe/call ------------------------------------ */

static void test_pc(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &E_GETPC, g);
        semtest_step(&s, 1);
        CHECK(get64(&s, 0) == s.code_addr + 4 && s.w.pc == s.code_addr + 4 && !s.fx.branch,
              "%s: s_getpc_b64 gives the address of the next instruction (0x%llx)", targets[g],
              (unsigned long long)get64(&s, 0));
        semtest_free(&s);

        start_enc(&s, &E_SETPC, g);
        set64(&s, 2, s.code_addr + 8);
        semtest_step(&s, 1);
        CHECK(s.w.pc == s.code_addr + 8 && s.fx.branch && s.fx.taken, "%s: s_setpc_b64 jumps to s[2:3]", targets[g]);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_DONE, "%s: s_setpc_b64 target (s_endpgm) runs", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_SWAPPC, g);
        set64(&s, 2, s.code_addr + 12);
        semtest_step(&s, 1);
        CHECK(s.w.pc == s.code_addr + 12 && get64(&s, 0) == s.code_addr + 4 && s.fx.taken,
              "%s: s_swappc_b64: pc = s[2:3], s[0:1] = return address", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_RFE, g);
        set64(&s, 2, s.code_addr + 8);
        semtest_step(&s, 1);
        CHECK(s.w.pc == s.code_addr + 8, "%s: s_rfe_b64 returns to s[2:3]", targets[g]);
        semtest_free(&s);

        if (start_enc(&s, &E_CALL, g)) {
            semtest_step(&s, 1);
            CHECK(s.w.pc == s.code_addr + 4 + 16 && get64(&s, 0) == s.code_addr + 4 && s.fx.branch && s.fx.taken,
                  "%s: s_call_b64 s[0:1], 4: pc = next + 16, s[0:1] = next", targets[g]);
            semtest_free(&s);
        }
    }
}

/* ---- M0-relative SGPR moves ------------------------------------------------ */

static void test_movrel(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &E_MOVRELS32, g);
        s.w.sgpr[124] = 5;
        s.w.sgpr[15] = 0x15151515;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 0x15151515, "%s: s_movrels_b32 s0, s10 with m0=5 reads s15", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_MOVRELS64, g);
        s.w.sgpr[124] = 4;
        set64(&s, 14, 0x1414141415151515ull);
        semtest_step(&s, 1);
        CHECK(get64(&s, 0) == 0x1414141415151515ull, "%s: s_movrels_b64 s[0:1], s[10:11] with m0=4 reads s[14:15]",
              targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_MOVRELD32, g);
        s.w.sgpr[124] = 3;
        s.w.sgpr[2] = 0xabcd;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[13] == 0xabcd && s.w.sgpr[10] == 0, "%s: s_movreld_b32 s10, s2 with m0=3 writes s13",
              targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_MOVRELD64, g);
        s.w.sgpr[124] = 6;
        set64(&s, 2, 0x0102030405060708ull);
        semtest_step(&s, 1);
        CHECK(get64(&s, 16) == 0x0102030405060708ull, "%s: s_movreld_b64 s[10:11], s[2:3] with m0=6 writes s[16:17]",
              targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_MOVRELS32, g);
        s.w.sgpr[124] = 200;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_REGISTER,
              "%s: s_movrels_b32 beyond the SGPRs faults (%s)", targets[g], s.w.fault.msg);
        semtest_free(&s);
    }
}

/* ---- hardware registers --------------------------------------------------- */

static void test_hwreg(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        /* MODE read back whole and as a field */
        start_enc(&s, &E_GETREG_MODE, g);
        s.w.hwreg[1] = 0x3f0;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 0x3f0, "%s: s_getreg_b32 hwreg(HW_REG_MODE) = 0x%x", targets[g], s.w.sgpr[0]);
        semtest_free(&s);
        start_enc(&s, &E_GETREG_MODE42, g);
        s.w.hwreg[1] = 0x3e0;   /* FP_DENORM f32 = 2 */
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 2, "%s: s_getreg_b32 hwreg(HW_REG_MODE, 4, 2) extracts bits 5:4", targets[g]);
        semtest_free(&s);

        /* s_setreg_b32 of a field changes only that field */
        start_enc(&s, &E_SETREG_MODE42, g);
        s.w.hwreg[1] = 0x3f0;
        s.w.sgpr[2] = 0xfffffffd;   /* only bits 1:0 (= 1) are used */
        semtest_step(&s, 1);
        CHECK(s.w.hwreg[1] == 0x3d0 && !s.fx.scc_written, "%s: s_setreg_b32 hwreg(HW_REG_MODE, 4, 2): MODE 0x3f0 -> 0x%x (want 0x3d0)",
              targets[g], s.w.hwreg[1]);
        semtest_free(&s);

        /* round trip: setreg whole MODE, getreg it back */
        start2(&s, &E_SETREG_MODE, &E_GETREG_MODE, g);
        s.w.sgpr[2] = 0x000002c5;
        semtest_step(&s, 3);
        CHECK(s.w.state == WAVE_DONE && s.w.hwreg[1] == 0x2c5 && s.w.sgpr[0] == 0x2c5,
              "%s: s_setreg_b32 hwreg(HW_REG_MODE), s2; s_getreg_b32 s0, hwreg(HW_REG_MODE): 0x2c5 round trip",
              targets[g]);
        semtest_free(&s);

        /* s_setreg_imm32_b32: rounding mode bits */
        start_enc(&s, &E_SETREGI_RND, g);
        s.w.hwreg[1] = 0x3f0;
        semtest_step(&s, 1);
        CHECK(s.w.hwreg[1] == 0x3ff && MODE_ROUND_F32(s.w.hwreg[1]) == 3 && MODE_ROUND_F64(s.w.hwreg[1]) == 3,
              "%s: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xf sets both rounding modes toward zero", targets[g]);
        semtest_free(&s);

        /* MODE written by s_setreg is the mode the VALU reads: an f32
         * denormal input is kept, then flushed after FP_DENORM = 0 */
        semtest_init(&s, targets[g], 8);
        uint32_t code_den[3] = {pick(E_SETREGI_DEN.e67, E_SETREGI_DEN.e89, g)[0], 0, 0xbf810000};
        semtest_load(&s, code_den, 3);
        isa_inst_t vadd;
        isa_decode(s.t, pick(E_V_ADD_F32.e67, E_V_ADD_F32.e89, g), 1, &vadd);
        uint32_t out[64];
        for (int l = 0; l < 64; l++)
            s.w.vgpr[2][l] = 0x80000001u;   /* -denormal */
        valu_src32(&s.w, &vadd, 0, OT_F32, out);
        int before = out[0] == 0x80000001u;
        semtest_step(&s, 1);
        valu_src32(&s.w, &vadd, 0, OT_F32, out);
        CHECK(before && MODE_DENORM_F32(s.w.hwreg[1]) == 0 && out[0] == 0x80000000u,
              "%s: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0 makes the VALU flush f32 input denormals", targets[g]);
        semtest_free(&s);

        /* STATUS reflects SCC, EXECZ, VCCZ and the wave's validity */
        start_enc(&s, &E_GETREG_STATUS, g);
        s.w.scc = 1;
        set64(&s, 126, 0);
        set64(&s, 106, 0);
        semtest_step(&s, 1);
        CHECK((s.w.sgpr[0] & 1) && (s.w.sgpr[0] >> 9 & 1) && (s.w.sgpr[0] >> 10 & 1) && (s.w.sgpr[0] >> 16 & 1),
              "%s: s_getreg_b32 hwreg(HW_REG_STATUS): SCC, EXECZ, VCCZ, VALID set (0x%x)", targets[g], s.w.sgpr[0]);
        semtest_free(&s);
        start_enc(&s, &E_GETREG_ST92, g);
        set64(&s, 126, 1);
        set64(&s, 106, 0);
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 2, "%s: hwreg(HW_REG_STATUS, 9, 2) with EXEC != 0, VCC == 0 is 2", targets[g]);
        semtest_free(&s);

        /* HW_ID is read-only; TRAPSTS is writable */
        start2(&s, &E_SETREG_HWID, &E_GETREG_HWID, g);
        s.w.hwreg[4] = 0x21;
        s.w.sgpr[2] = 0xffff;
        semtest_step(&s, 2);
        CHECK(s.w.hwreg[4] == 0x21 && s.w.sgpr[0] == 0x21, "%s: s_setreg_b32 hwreg(HW_REG_HW_ID) is ignored", targets[g]);
        semtest_free(&s);
        start2(&s, &E_SETREG_TRAPSTS, &E_GETREG_TRAPSTS, g);
        s.w.sgpr[2] = 0x1ff;
        semtest_step(&s, 2);
        CHECK(s.w.sgpr[0] == 0xff, "%s: s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 8) writes 8 bits", targets[g]);
        semtest_free(&s);

        /* gfx9 SH_MEM_BASES: the shared aperture's bits 63:48 in [31:16] */
        if (start_enc(&s, &E_GETREG_SHMEM, g)) {
            semtest_step(&s, 1);
            CHECK(s.w.sgpr[0] == (uint32_t)(s.ctx.shared_aperture >> 48),
                  "%s: hwreg(HW_REG_SH_MEM_BASES, 16, 16) << 16 is the shared aperture's high half (0x%x)",
                  targets[g], s.w.sgpr[0]);
            semtest_free(&s);
        }
    }
}

/* ---- SOPP: ending, barriers, traps, halts, messages, no-ops --------------- */

static void test_sopp(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &E_ENDPGM, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_DONE, "%s: s_endpgm ends the wave", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_BARRIER, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_BARRIER && s.w.pc == s.code_addr + 4, "%s: s_barrier waits", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_TRAP2, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_TRAP && s.w.fault.pc == s.code_addr &&
                  strstr(s.w.fault.msg, "s_trap 2") && strstr(s.w.fault.msg, "llvm.trap"),
              "%s: s_trap 2 faults as a trap naming the id (%s)", targets[g], s.w.fault.msg);
        semtest_free(&s);
        start_enc(&s, &E_TRAP3, g);
        semtest_step(&s, 1);
        CHECK(s.w.fault.kind == FAULT_TRAP && strstr(s.w.fault.msg, "s_trap 3"), "%s: s_trap 3 (%s)", targets[g],
              s.w.fault.msg);
        semtest_free(&s);

        start_enc(&s, &E_SETHALT1, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_HALT, "%s: s_sethalt 1 halts the wave", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_SETHALT0, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN, "%s: s_sethalt 0 keeps running", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_SENDMSG, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && s.fx.lgkm_cnt == 1 && s.w.pc == s.code_addr + 4,
              "%s: s_sendmsg: no effect on the wave, one LGKM count", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_SENDMSGHALT, g);
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_HALT, "%s: s_sendmsghalt halts the wave", targets[g]);
        semtest_free(&s);

        start_enc(&s, &E_SETPRIO, g);
        semtest_step(&s, 1);
        CHECK(s.w.prio == 3, "%s: s_setprio 3", targets[g]);
        semtest_free(&s);

        for (size_t i = 0; i < sizeof E_NOEFFECT / sizeof E_NOEFFECT[0]; i++) {
            if (!start_enc(&s, &E_NOEFFECT[i], g))
                continue;
            s.w.scc = 1;
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_RUN && s.w.pc == s.code_addr + 4 && s.fx.ns == 0 && !s.fx.scc_written &&
                      !s.fx.branch,
                  "%s: 0x%08x has no functional effect", targets[g], pick(E_NOEFFECT[i].e67, E_NOEFFECT[i].e89, g)[0]);
            semtest_free(&s);
        }

        if (start_enc(&s, &E_ENDPGM_SAVED, g)) {
            semtest_step(&s, 1);
            CHECK(s.w.state == WAVE_DONE, "%s: s_endpgm_saved ends the wave", targets[g]);
            semtest_free(&s);
        }

        /* src_execz / src_vccz / src_scc as scalar sources */
        start_enc(&s, &E_MOV_EXECZ, g);
        set64(&s, 126, 0);
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 1, "%s: s_mov_b32 s0, src_execz with EXEC = 0", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_MOV_VCCZ, g);
        set64(&s, 106, 0x100000000ull);
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 0, "%s: s_mov_b32 s0, src_vccz with VCC != 0", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_MOV_SCC, g);
        s.w.scc = 1;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[0] == 1, "%s: s_mov_b32 s0, src_scc", targets[g]);
        semtest_free(&s);
    }
}

/* ---- VGPR index mode (gfx8/gfx9) ------------------------------------------ */

static void test_gpr_idx(void)
{
    for (int g = 2; g < 4; g++) {
        semtest_t s;
        start_enc(&s, &E_GPR_IDX_ON, g);
        s.w.sgpr[124] = 0xffff0f00;
        s.w.sgpr[2] = 0x1ab;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && s.w.sgpr[124] == 0xffff1fab && (s.w.hwreg[1] >> 27 & 1),
              "%s: s_set_gpr_idx_on s2, gpr_idx(SRC0): M0[7:0] = s2[7:0], M0[15:12] = 1, MODE.gpr_idx_en (m0 0x%x)",
              targets[g], s.w.sgpr[124]);
        semtest_free(&s);

        /* the VALU applies the index: s_set_gpr_idx_on s2, gpr_idx(SRC0,DST); v_mov_b32 v1, v2 moves v5
         * to v4 (index 3); after s_set_gpr_idx_off, v_mov_b32 v3, v2 reads v2 */
        uint32_t code[5] = {0xbf110902, 0x7e020302, 0xbf9c0000, 0x7e060302, 0xbf810000};
        semtest_init(&s, targets[g], 8);
        semtest_load(&s, code, 5);
        s.w.sgpr[2] = 3;
        for (int l = 0; l < 64; l++) {
            s.w.vgpr[2][l] = 200 + l;
            s.w.vgpr[5][l] = 500 + l;
        }
        semtest_step(&s, 5);
        CHECK(s.w.state == WAVE_DONE && s.w.vgpr[4][7] == 507 && s.w.vgpr[1][7] == 0 && s.w.vgpr[3][7] == 207 &&
                  !(s.w.hwreg[1] >> 27 & 1),
              "%s: VGPR index mode on: v_mov_b32 v1, v2 acts as v4 = v5; off again: v3 = v2 (%s)", targets[g],
              s.w.state == WAVE_FAULT ? s.w.fault.msg : "");
        semtest_free(&s);
        start_enc(&s, &E_GPR_IDX_IDX, g);
        s.w.sgpr[124] = 0x12345678;
        s.w.sgpr[2] = 0x1ab;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[124] == 0x123456ab, "%s: s_set_gpr_idx_idx s2 sets M0[7:0]", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_GPR_IDX_MODE, g);
        s.w.sgpr[124] = 0xffff00ff;
        semtest_step(&s, 1);
        CHECK(s.w.sgpr[124] == 0xffff90ff, "%s: s_set_gpr_idx_mode gpr_idx(SRC0,DST) sets M0[15:12] = 9", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_GPR_IDX_OFF, g);
        s.w.hwreg[1] |= 1u << 27;
        semtest_step(&s, 1);
        CHECK(s.w.state == WAVE_RUN && !(s.w.hwreg[1] >> 27 & 1), "%s: s_set_gpr_idx_off", targets[g]);
        semtest_free(&s);
    }
}

/* ---- fork / join ------------------------------------------------------------
 * code: 0 s_cbranch_i_fork s[2:3], 3 (target 16)   4 s_nop   8 s_nop
 *       12 s_nop   16 s_cbranch_join s6   20 s_endpgm */

static void test_fork_join(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        uint32_t code[6] = {pick(E_I_FORK.e67, E_I_FORK.e89, g)[0], 0xbf800000, 0xbf800000, 0xbf800000,
                            pick(E_JOIN.e67, E_JOIN.e89, g)[0], 0xbf810000};
        semtest_init(&s, targets[g], 8);
        semtest_load(&s, code, 6);
        semtest_record(&s);
        set64(&s, 126, 0xffull);
        set64(&s, 2, 0x07ull);       /* 3 lanes pass, 5 fail: the passing side runs first */
        s.w.sgpr[6] = 0;             /* CSP saved before the fork */
        semtest_step(&s, 1);
        int ok1 = s.w.pc == s.code_addr + 16 && wave_exec(&s.w) == 0x07 && (s.w.hwreg[1] >> 29) == 1 &&
                  get64(&s, 0) == 0xf8 && get64(&s, 2) == s.code_addr + 4;
        CHECK(ok1, "%s: s_cbranch_i_fork: run the 3 passing lanes at the target, push {0xf8, pc+4}", targets[g]);
        semtest_step(&s, 1);        /* join: pop the failing side */
        int ok2 = s.w.pc == s.code_addr + 4 && wave_exec(&s.w) == 0xf8 && (s.w.hwreg[1] >> 29) == 0;
        CHECK(ok2, "%s: s_cbranch_join pops {exec 0xf8, pc 4}", targets[g]);
        semtest_step(&s, 4);        /* nops, then join with an empty stack falls through */
        CHECK(s.w.pc == s.code_addr + 20 && wave_exec(&s.w) == 0xf8, "%s: s_cbranch_join at the saved CSP falls through",
              targets[g]);
        semtest_free(&s);

        /* uniform conditions do not push */
        start_enc(&s, &E_G_FORK, g);
        set64(&s, 126, 0xf0ull);
        set64(&s, 2, 0xff);
        set64(&s, 4, s.code_addr + 12);
        semtest_step(&s, 1);
        CHECK(s.w.pc == s.code_addr + 12 && wave_exec(&s.w) == 0xf0 && (s.w.hwreg[1] >> 29) == 0,
              "%s: s_cbranch_g_fork with every lane passing jumps to s[4:5]", targets[g]);
        semtest_free(&s);
        start_enc(&s, &E_G_FORK, g);
        set64(&s, 126, 0xf0ull);
        set64(&s, 2, 0x0f);
        set64(&s, 4, s.code_addr + 12);
        semtest_step(&s, 1);
        CHECK(s.w.pc == s.code_addr + 4 && wave_exec(&s.w) == 0xf0 && (s.w.hwreg[1] >> 29) == 0,
              "%s: s_cbranch_g_fork with every lane failing falls through", targets[g]);
        semtest_free(&s);
    }
}

/* ---- effects record and literal/inline details ---------------------------- */

static void test_effects(void)
{
    FOR_TARGETS(g) {
        semtest_t s;
        start_enc(&s, &E_ADD_U32, g);
        s.w.sgpr[0] = 77;
        s.w.sgpr[2] = 1;
        s.w.sgpr[4] = 2;
        s.w.scc = 1;
        semtest_step(&s, 1);
        CHECK(s.fx.ns == 1 && s.fx.s[0].reg == 0 && s.fx.s[0].old == 77 && s.fx.scc_written && s.fx.old_scc == 1 &&
                  s.fx.pc == s.code_addr && s.fx.next_pc == s.code_addr + 4 && !s.fx.branch,
              "%s: s_add_u32 s0, s2, s4: effects record old s0, old SCC, pc, next pc", targets[g]);
        semtest_free(&s);
    }
}

int main(void)
{
    size_t nalu = sizeof alu / sizeof alu[0], nbr = sizeof br / sizeof br[0];
    unsigned per_gen[4] = {0};
    for (size_t i = 0; i < nalu; i++)
        FOR_TARGETS(g) {
            if (alu[i].gens >> g & 1) {
                run_alu(&alu[i], g);
                per_gen[g]++;
            }
        }
    for (size_t i = 0; i < nbr; i++)
        FOR_TARGETS(g) {
            if (br[i].gens >> g & 1)
                run_br(&br[i], g);
        }
    test_saveexec();
    test_pc();
    test_movrel();
    test_hwreg();
    test_sopp();
    test_gpr_idx();
    test_fork_join();
    test_effects();
    printf("ALU vectors run: gfx6 %u, gfx7 %u, gfx8 %u, gfx9 %u\n", per_gen[0], per_gen[1], per_gen[2], per_gen[3]);
    return check_done();
}
