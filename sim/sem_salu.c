/* sem_salu.c — scalar ALU and program-control semantics (SOP1, SOP2,
 * SOPK, SOPC, SOPP) for gfx6-gfx9.
 *
 * Conventions: sources are read with wave_sread/wave_sread64 (SGPRs,
 * special registers, inline constants, the literal); a 64-bit register
 * operand names its aligned pair; writes to `null` (125) are dropped.
 * "pc" in the pseudocode is the address of the NEXT instruction (the core
 * advances w->pc before calling a handler), so a branch target is
 * pc + simm16 * 4.  SCC follows the GCN3/Vega ISA manuals: carry/borrow
 * for the unsigned add/sub, signed overflow for the signed ones, result !=
 * 0 for logic, shift, bit-count and bit-field ops. */
#include <string.h>
#include "sim/wave.h"

/* ---- operands ------------------------------------------------------------ */

#define S32(i) wave_sread(w, in, in->src[i], OT_B32)
#define S64(i) wave_sread64(w, in, in->src[i], OT_B64)

enum { SREG_NULL = 125 };

/* Write a 32-bit scalar destination (null discards). */
static void d32(wave_t *w, unsigned reg, uint32_t v)
{
    if (reg != SREG_NULL)
        wave_set_sreg(w, reg, v);
}

/* Write a 64-bit scalar destination: the aligned register pair. */
static void d64(wave_t *w, unsigned reg, uint64_t v)
{
    if (reg < 128)
        reg &= ~1u;
    d32(w, reg, (uint32_t)v);
    d32(w, reg + 1, (uint32_t)(v >> 32));
}

/* Record a branch outcome in the effects record. */
static void fx_branch(wave_t *w, int taken)
{
    if (w->fx) {
        w->fx->branch = 1;
        w->fx->taken = taken != 0;
    }
}

/* Relative branch: pc = pc_next + simm16 * 4 when cond holds. */
static void rel_branch(wave_t *w, const isa_inst_t *in, int cond)
{
    fx_branch(w, cond);
    if (cond)
        w->pc += (uint64_t)((int64_t)in->simm * 4);
}

/* Absolute jump to a 64-bit address. */
static void jump(wave_t *w, uint64_t target)
{
    fx_branch(w, 1);
    w->pc = target;
}

static unsigned popc32(uint32_t x) { return (unsigned)__builtin_popcount(x); }
static unsigned popc64(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

/* Signed overflow of a + b = r and of a - b = r (32-bit). */
static int add_ovf(uint32_t a, uint32_t b, uint32_t r) { return ((~(a ^ b) & (a ^ r)) >> 31) & 1; }
static int sub_ovf(uint32_t a, uint32_t b, uint32_t r) { return (((a ^ b) & (a ^ r)) >> 31) & 1; }

/* ---- SOP1: moves, bit operations ---------------------------------------- */

/* D = S0 */
static void s_mov_b32(wave_t *w, const isa_inst_t *in) { d32(w, in->dst, S32(0)); }
static void s_mov_b64(wave_t *w, const isa_inst_t *in) { d64(w, in->dst, S64(0)); }

/* if (SCC) D = S0 */
static void s_cmov_b32(wave_t *w, const isa_inst_t *in)
{
    if (w->scc)
        d32(w, in->dst, S32(0));
}

static void s_cmov_b64(wave_t *w, const isa_inst_t *in)
{
    if (w->scc)
        d64(w, in->dst, S64(0));
}

/* Unary 32/64-bit ops whose SCC is (D != 0); x is the source. */
#define UNARY_SCC(name, bits, expr)                                   \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint##bits##_t x = S##bits(0), d = (expr);                    \
        d##bits(w, in->dst, d);                                       \
        wave_set_scc(w, d != 0);                                      \
    }

static uint32_t wqm32(uint32_t x)
{
    uint32_t d = 0;
    for (unsigned i = 0; i < 32; i += 4)
        if ((x >> i) & 15)
            d |= 15u << i;
    return d;
}

static uint64_t wqm64(uint64_t x)
{
    return (uint64_t)wqm32((uint32_t)(x >> 32)) << 32 | wqm32((uint32_t)x);
}

static uint64_t quadmask(uint64_t x, unsigned nquads)
{
    uint64_t d = 0;
    for (unsigned i = 0; i < nquads; i++)
        if ((x >> (4 * i)) & 15)
            d |= 1ull << i;
    return d;
}

/* D = ~S0; SCC = D != 0 */
UNARY_SCC(s_not_b32, 32, ~x)
UNARY_SCC(s_not_b64, 64, ~x)
/* D[4i+3:4i] = S0[4i+3:4i] != 0 ? 0xf : 0; SCC = D != 0 */
UNARY_SCC(s_wqm_b32, 32, wqm32(x))
UNARY_SCC(s_wqm_b64, 64, wqm64(x))
/* D[i] = S0[4i+3:4i] != 0; SCC = D != 0 */
UNARY_SCC(s_quadmask_b32, 32, (uint32_t)quadmask(x, 8))
UNARY_SCC(s_quadmask_b64, 64, quadmask(x, 16))

static uint32_t brev32(uint32_t x)
{
    x = (x >> 16) | (x << 16);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    return ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
}

/* D = bit-reverse(S0) */
static void s_brev_b32(wave_t *w, const isa_inst_t *in) { d32(w, in->dst, brev32(S32(0))); }

static void s_brev_b64(wave_t *w, const isa_inst_t *in)
{
    uint64_t x = S64(0);
    d64(w, in->dst, (uint64_t)brev32((uint32_t)x) << 32 | brev32((uint32_t)(x >> 32)));
}

/* Ops with a 32-bit result computed from a 32- or 64-bit source x. */
#define COUNT_OP(name, bits, expr, scc)                               \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint##bits##_t x = S##bits(0);                                \
        uint32_t d = (expr);                                          \
        d32(w, in->dst, d);                                           \
        if (scc)                                                      \
            wave_set_scc(w, d != 0);                                  \
    }

/* first set bit from the LSB, -1 if none */
static uint32_t ff1_64(uint64_t x) { return x ? (uint32_t)__builtin_ctzll(x) : 0xffffffffu; }
/* leading zeros before the first set bit from the MSB, -1 if none */
static uint32_t flbit_64(uint64_t x, unsigned bits)
{
    return x ? (uint32_t)(__builtin_clzll(x) - (64 - bits)) : 0xffffffffu;
}

/* D = count of 0 bits in S0; SCC = D != 0 */
COUNT_OP(s_bcnt0_i32_b32, 32, 32 - popc32(x), 1)
COUNT_OP(s_bcnt0_i32_b64, 64, 64 - popc64(x), 1)
/* D = count of 1 bits in S0; SCC = D != 0 */
COUNT_OP(s_bcnt1_i32_b32, 32, popc32(x), 1)
COUNT_OP(s_bcnt1_i32_b64, 64, popc64(x), 1)
/* D = index of the first 0 bit from the LSB, -1 if none */
COUNT_OP(s_ff0_i32_b32, 32, ff1_64((uint32_t)~x), 0)
COUNT_OP(s_ff0_i32_b64, 64, ff1_64(~x), 0)
/* D = index of the first 1 bit from the LSB, -1 if none */
COUNT_OP(s_ff1_i32_b32, 32, ff1_64(x), 0)
COUNT_OP(s_ff1_i32_b64, 64, ff1_64(x), 0)
/* D = number of 0 bits above the first 1 bit from the MSB, -1 if S0 == 0 */
COUNT_OP(s_flbit_i32_b32, 32, flbit_64(x, 32), 0)
COUNT_OP(s_flbit_i32_b64, 64, flbit_64(x, 64), 0)
/* D = bits before the first bit that differs from the sign, from the MSB;
 * -1 if S0 is 0 or -1 */
COUNT_OP(s_flbit_i32, 32, flbit_64((int32_t)x < 0 ? (uint32_t)~x : x, 32), 0)
COUNT_OP(s_flbit_i32_i64, 64, flbit_64((int64_t)x < 0 ? ~x : x, 64), 0)
/* D = sign-extend(S0[7:0]) / sign-extend(S0[15:0]) */
COUNT_OP(s_sext_i32_i8, 32, (uint32_t)(int32_t)(int8_t)x, 0)
COUNT_OP(s_sext_i32_i16, 32, (uint32_t)(int32_t)(int16_t)x, 0)

/* D[S0[4:0]] = 0 / 1; D[S0[5:0]] for the 64-bit forms */
static void s_bitset0_b32(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, w->sgpr[in->dst & 127] & ~(1u << (S32(0) & 31)));
}

static void s_bitset1_b32(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, w->sgpr[in->dst & 127] | 1u << (S32(0) & 31));
}

static uint64_t old64(const wave_t *w, unsigned reg)
{
    reg &= 126;
    return (uint64_t)w->sgpr[reg + 1] << 32 | w->sgpr[reg];
}

static void s_bitset0_b64(wave_t *w, const isa_inst_t *in)
{
    d64(w, in->dst, old64(w, in->dst) & ~(1ull << (S32(0) & 63)));
}

static void s_bitset1_b64(wave_t *w, const isa_inst_t *in)
{
    d64(w, in->dst, old64(w, in->dst) | 1ull << (S32(0) & 63));
}

/* D[2i+1:2i] = S0[i] ? 3 : 0 */
static void s_bitreplicate_b64_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t x = S32(0);
    uint64_t d = 0;
    for (unsigned i = 0; i < 32; i++)
        if ((x >> i) & 1)
            d |= 3ull << (2 * i);
    d64(w, in->dst, d);
}

/* D = |S0| (|INT_MIN| = INT_MIN); SCC = D != 0 */
UNARY_SCC(s_abs_i32, 32, (int32_t)x < 0 ? 0u - x : x)

/* ---- SOP1: program counter ----------------------------------------------- */

/* D = pc of the next instruction */
static void s_getpc_b64(wave_t *w, const isa_inst_t *in) { d64(w, in->dst, w->pc); }

/* pc = S0 */
static void s_setpc_b64(wave_t *w, const isa_inst_t *in) { jump(w, S64(0)); }

/* D = pc of the next instruction; pc = S0 */
static void s_swappc_b64(wave_t *w, const isa_inst_t *in)
{
    uint64_t target = S64(0);
    d64(w, in->dst, w->pc);
    jump(w, target);
}

/* D = pc of the next instruction; pc += simm16 * 4 (gfx9) */
static void s_call_b64(wave_t *w, const isa_inst_t *in)
{
    d64(w, in->dst, w->pc);
    rel_branch(w, in, 1);
}

/* ---- SOP1: EXEC ------------------------------------------------------------ */

/* D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0 */
#define SAVEEXEC(name, expr)                                          \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint64_t s = S64(0), e = wave_exec(w), n = (expr);            \
        d64(w, in->dst, e);                                           \
        wave_set_exec(w, n);                                          \
        wave_set_scc(w, n != 0);                                      \
    }

SAVEEXEC(s_and_saveexec_b64, s & e)
SAVEEXEC(s_or_saveexec_b64, s | e)
SAVEEXEC(s_xor_saveexec_b64, s ^ e)
SAVEEXEC(s_andn2_saveexec_b64, s & ~e)
SAVEEXEC(s_orn2_saveexec_b64, s | ~e)
SAVEEXEC(s_nand_saveexec_b64, ~(s & e))
SAVEEXEC(s_nor_saveexec_b64, ~(s | e))
SAVEEXEC(s_xnor_saveexec_b64, ~(s ^ e))
SAVEEXEC(s_andn1_saveexec_b64, ~s & e)
SAVEEXEC(s_orn1_saveexec_b64, ~s | e)

/* EXEC = f(S0, EXEC); D = EXEC (the new value); SCC = EXEC != 0 (gfx9) */
#define WREXEC(name, expr)                                            \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint64_t s = S64(0), e = wave_exec(w), n = (expr);            \
        wave_set_exec(w, n);                                          \
        d64(w, in->dst, n);                                           \
        wave_set_scc(w, n != 0);                                      \
    }

WREXEC(s_andn1_wrexec_b64, ~s & e)
WREXEC(s_andn2_wrexec_b64, s & ~e)

/* ---- SOP1: M0-relative SGPR moves ---------------------------------------- */

/* First register of an M0-relative access to base (width 1 or 2 dwords),
 * or -1 after faulting when it falls outside the wave's SGPRs. */
static int rel_sreg(wave_t *w, const char *name, unsigned base, unsigned width)
{
    uint64_t idx = (uint64_t)base + w->sgpr[SREG_M0];
    uint64_t limit = base < w->nsgpr ? w->nsgpr : 128;
    if (width == 2)
        idx &= ~1ull;
    if (base >= 128 || idx + width > limit) {
        wave_fault(w, FAULT_REGISTER, 0, -1, "%s: register %u + M0 (%u) is beyond the wave's %u SGPRs", name,
                   base, w->sgpr[SREG_M0], (unsigned)limit);
        return -1;
    }
    return (int)idx;
}

/* D = SGPR[S0.index + M0] */
static void s_movrels_b32(wave_t *w, const isa_inst_t *in)
{
    int r = rel_sreg(w, "s_movrels_b32", in->src[0], 1);
    if (r >= 0)
        d32(w, in->dst, w->sgpr[r]);
}

static void s_movrels_b64(wave_t *w, const isa_inst_t *in)
{
    int r = rel_sreg(w, "s_movrels_b64", in->src[0] & ~1u, 2);
    if (r >= 0)
        d64(w, in->dst, old64(w, (unsigned)r));
}

/* SGPR[D.index + M0] = S0 */
static void s_movreld_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t v = S32(0);
    int r = rel_sreg(w, "s_movreld_b32", in->dst, 1);
    if (r >= 0)
        d32(w, (unsigned)r, v);
}

static void s_movreld_b64(wave_t *w, const isa_inst_t *in)
{
    uint64_t v = S64(0);
    int r = rel_sreg(w, "s_movreld_b64", in->dst & ~1u, 2);
    if (r >= 0)
        d64(w, (unsigned)r, v);
}

/* ---- SOP2: arithmetic ---------------------------------------------------- */

/* D = S0 + S1; SCC = carry out */
static void s_add_u32(wave_t *w, const isa_inst_t *in)
{
    uint64_t r = (uint64_t)S32(0) + S32(1);
    d32(w, in->dst, (uint32_t)r);
    wave_set_scc(w, (unsigned)(r >> 32));
}

/* D = S0 + S1 + SCC; SCC = carry out */
static void s_addc_u32(wave_t *w, const isa_inst_t *in)
{
    uint64_t r = (uint64_t)S32(0) + S32(1) + w->scc;
    d32(w, in->dst, (uint32_t)r);
    wave_set_scc(w, (unsigned)(r >> 32));
}

/* D = S0 - S1; SCC = borrow (S1 > S0) */
static void s_sub_u32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = S32(1);
    d32(w, in->dst, a - b);
    wave_set_scc(w, b > a);
}

/* D = S0 - S1 - SCC; SCC = borrow */
static void s_subb_u32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = S32(1), c = w->scc;
    d32(w, in->dst, a - b - c);
    wave_set_scc(w, (uint64_t)b + c > a);
}

/* D = S0 + S1; SCC = signed overflow */
static void s_add_i32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = S32(1), r = a + b;
    d32(w, in->dst, r);
    wave_set_scc(w, add_ovf(a, b, r));
}

/* D = S0 - S1; SCC = signed overflow */
static void s_sub_i32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = S32(1), r = a - b;
    d32(w, in->dst, r);
    wave_set_scc(w, sub_ovf(a, b, r));
}

/* D = (S0 < S1) ? S0 : S1 (signed / unsigned); SCC = S0 < S1; max alike */
#define MINMAX(name, type, cmp)                                       \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        type a = (type)S32(0), b = (type)S32(1);                      \
        int c = a cmp b;                                              \
        d32(w, in->dst, (uint32_t)(c ? a : b));                       \
        wave_set_scc(w, c);                                           \
    }

MINMAX(s_min_i32, int32_t, <)
MINMAX(s_min_u32, uint32_t, <)
MINMAX(s_max_i32, int32_t, >)
MINMAX(s_max_u32, uint32_t, >)

/* D = SCC ? S0 : S1 */
static void s_cselect_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = S32(1);
    d32(w, in->dst, w->scc ? a : b);
}

static void s_cselect_b64(wave_t *w, const isa_inst_t *in)
{
    uint64_t a = S64(0), b = S64(1);
    d64(w, in->dst, w->scc ? a : b);
}

/* D = S0 * S1 (low 32 bits) */
static void s_mul_i32(wave_t *w, const isa_inst_t *in) { d32(w, in->dst, S32(0) * S32(1)); }

/* D = (S0 * S1) >> 32, unsigned / signed (gfx9) */
static void s_mul_hi_u32(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, (uint32_t)(((uint64_t)S32(0) * S32(1)) >> 32));
}

static void s_mul_hi_i32(wave_t *w, const isa_inst_t *in)
{
    int64_t p = (int64_t)(int32_t)S32(0) * (int32_t)S32(1);
    d32(w, in->dst, (uint32_t)((uint64_t)p >> 32));
}

/* D = |S0 - S1| (32-bit wrapping difference); SCC = D != 0 */
static void s_absdiff_i32(wave_t *w, const isa_inst_t *in)
{
    uint32_t r = S32(0) - S32(1);
    r = (int32_t)r < 0 ? 0u - r : r;
    d32(w, in->dst, r);
    wave_set_scc(w, r != 0);
}

/* D = (S0 << n) + S1; SCC = the 64-bit sum exceeds 32 bits (gfx9) */
#define LSHL_ADD(name, n)                                             \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint64_t r = ((uint64_t)S32(0) << n) + S32(1);                \
        d32(w, in->dst, (uint32_t)r);                                 \
        wave_set_scc(w, (r >> 32) != 0);                              \
    }

LSHL_ADD(s_lshl1_add_u32, 1)
LSHL_ADD(s_lshl2_add_u32, 2)
LSHL_ADD(s_lshl3_add_u32, 3)
LSHL_ADD(s_lshl4_add_u32, 4)

/* D = {S1[15:0], S0[15:0]} / {S1[31:16], S0[15:0]} / {S1[31:16], S0[31:16]} (gfx9) */
static void s_pack_ll_b32_b16(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, (S32(0) & 0xffff) | S32(1) << 16);
}

static void s_pack_lh_b32_b16(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, (S32(0) & 0xffff) | (S32(1) & 0xffff0000u));
}

static void s_pack_hh_b32_b16(wave_t *w, const isa_inst_t *in)
{
    d32(w, in->dst, S32(0) >> 16 | (S32(1) & 0xffff0000u));
}

/* ---- SOP2: logic and shifts ------------------------------------------------ */

/* D = f(S0, S1); SCC = D != 0, in 32- and 64-bit forms */
#define LOGIC(name, expr)                                             \
    static void name##_b32(wave_t *w, const isa_inst_t *in)           \
    {                                                                 \
        uint32_t a = S32(0), b = S32(1), d = (expr);                  \
        d32(w, in->dst, d);                                           \
        wave_set_scc(w, d != 0);                                      \
    }                                                                 \
    static void name##_b64(wave_t *w, const isa_inst_t *in)           \
    {                                                                 \
        uint64_t a = S64(0), b = S64(1), d = (expr);                  \
        d64(w, in->dst, d);                                           \
        wave_set_scc(w, d != 0);                                      \
    }

LOGIC(s_and, a & b)
LOGIC(s_or, a | b)
LOGIC(s_xor, a ^ b)
LOGIC(s_andn2, a & ~b)
LOGIC(s_orn2, a | ~b)
LOGIC(s_nand, ~(a & b))
LOGIC(s_nor, ~(a | b))
LOGIC(s_xnor, ~(a ^ b))

/* D = S0 shifted by S1[4:0] (32-bit) or S1[5:0] (64-bit); SCC = D != 0 */
#define SHIFT(name, bits, expr)                                       \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint##bits##_t a = S##bits(0), d;                             \
        unsigned n = S32(1) & (bits - 1);                             \
        d = (expr);                                                   \
        d##bits(w, in->dst, d);                                       \
        wave_set_scc(w, d != 0);                                      \
    }

SHIFT(s_lshl_b32, 32, a << n)
SHIFT(s_lshl_b64, 64, a << n)
SHIFT(s_lshr_b32, 32, a >> n)
SHIFT(s_lshr_b64, 64, a >> n)
SHIFT(s_ashr_i32, 32, (uint32_t)((int32_t)a >> n))
SHIFT(s_ashr_i64, 64, (uint64_t)((int64_t)a >> n))

/* ---- SOP2: bit fields ------------------------------------------------------ */

/* D = ((1 << S0[4:0]) - 1) << S1[4:0]; 64-bit: [5:0] */
static void s_bfm_b32(wave_t *w, const isa_inst_t *in)
{
    uint32_t width = S32(0) & 31, off = S32(1) & 31;
    d32(w, in->dst, ((1u << width) - 1) << off);
}

static void s_bfm_b64(wave_t *w, const isa_inst_t *in)
{
    uint32_t width = S32(0) & 63, off = S32(1) & 63;
    d64(w, in->dst, ((1ull << width) - 1) << off);
}

/* Extract the field of x at offset off, width bits (0..127), from a value
 * of size bits; sign-extended when sgn.  A field reaching past the top
 * takes every bit from off up (the sign fills above when sgn). */
static uint64_t bfe(uint64_t x, unsigned bits, unsigned off, unsigned width, int sgn)
{
    if (width == 0)
        return 0;
    if (bits == 32)
        x = sgn ? (uint64_t)(int64_t)(int32_t)x : (uint32_t)x;
    if (off + width >= bits)
        return sgn ? (uint64_t)((int64_t)x >> off) : x >> off;
    uint64_t f = (x >> off) & ((1ull << width) - 1);
    if (sgn && (f >> (width - 1)) & 1)
        f |= ~0ull << width;
    return f;
}

/* D = S0[off + width - 1 : off], off = S1[4:0] ([5:0] for 64-bit),
 * width = S1[22:16]; signed forms sign-extend the field; SCC = D != 0 */
#define BFE(name, bits, sgn)                                          \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        uint32_t s1 = S32(1);                                         \
        uint##bits##_t d = (uint##bits##_t)bfe(S##bits(0), bits,      \
            s1 & (bits - 1), (s1 >> 16) & 0x7f, sgn);                 \
        d##bits(w, in->dst, d);                                       \
        wave_set_scc(w, d != 0);                                      \
    }

BFE(s_bfe_u32, 32, 0)
BFE(s_bfe_i32, 32, 1)
BFE(s_bfe_u64, 64, 0)
BFE(s_bfe_i64, 64, 1)

/* ---- SOPC ------------------------------------------------------------------ */

/* SCC = S0 <cmp> S1 */
#define CMP(name, type, bits, op)                                     \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        wave_set_scc(w, (type)S##bits(0) op (type)S##bits(1));        \
    }

CMP(s_cmp_eq_i32, int32_t, 32, ==)
CMP(s_cmp_lg_i32, int32_t, 32, !=)
CMP(s_cmp_gt_i32, int32_t, 32, >)
CMP(s_cmp_ge_i32, int32_t, 32, >=)
CMP(s_cmp_lt_i32, int32_t, 32, <)
CMP(s_cmp_le_i32, int32_t, 32, <=)
CMP(s_cmp_eq_u32, uint32_t, 32, ==)
CMP(s_cmp_lg_u32, uint32_t, 32, !=)
CMP(s_cmp_gt_u32, uint32_t, 32, >)
CMP(s_cmp_ge_u32, uint32_t, 32, >=)
CMP(s_cmp_lt_u32, uint32_t, 32, <)
CMP(s_cmp_le_u32, uint32_t, 32, <=)
CMP(s_cmp_eq_u64, uint64_t, 64, ==)
CMP(s_cmp_lg_u64, uint64_t, 64, !=)

/* SCC = S0[S1[4:0]] == 0 / == 1; 64-bit: S1[5:0] */
static void s_bitcmp0_b32(wave_t *w, const isa_inst_t *in) { wave_set_scc(w, !((S32(0) >> (S32(1) & 31)) & 1)); }
static void s_bitcmp1_b32(wave_t *w, const isa_inst_t *in) { wave_set_scc(w, (S32(0) >> (S32(1) & 31)) & 1); }
static void s_bitcmp0_b64(wave_t *w, const isa_inst_t *in) { wave_set_scc(w, !((S64(0) >> (S32(1) & 63)) & 1)); }
static void s_bitcmp1_b64(wave_t *w, const isa_inst_t *in) { wave_set_scc(w, (S64(0) >> (S32(1) & 63)) & 1); }

/* ---- SOPK ------------------------------------------------------------------ */

/* D = sign-extend(simm16) */
static void s_movk_i32(wave_t *w, const isa_inst_t *in) { d32(w, in->dst, (uint32_t)in->simm); }

/* if (SCC) D = sign-extend(simm16) */
static void s_cmovk_i32(wave_t *w, const isa_inst_t *in)
{
    if (w->scc)
        d32(w, in->dst, (uint32_t)in->simm);
}

/* SCC = D <cmp> simm16 (sign-extended for _i32, zero-extended for _u32;
 * the decoder already extended in->simm by the row's operand type) */
#define CMPK(name, type, op)                                          \
    static void name(wave_t *w, const isa_inst_t *in)                 \
    {                                                                 \
        wave_set_scc(w, (type)S32(0) op (type)in->simm);              \
    }

CMPK(s_cmpk_eq_i32, int32_t, ==)
CMPK(s_cmpk_lg_i32, int32_t, !=)
CMPK(s_cmpk_gt_i32, int32_t, >)
CMPK(s_cmpk_ge_i32, int32_t, >=)
CMPK(s_cmpk_lt_i32, int32_t, <)
CMPK(s_cmpk_le_i32, int32_t, <=)
CMPK(s_cmpk_eq_u32, uint32_t, ==)
CMPK(s_cmpk_lg_u32, uint32_t, !=)
CMPK(s_cmpk_gt_u32, uint32_t, >)
CMPK(s_cmpk_ge_u32, uint32_t, >=)
CMPK(s_cmpk_lt_u32, uint32_t, <)
CMPK(s_cmpk_le_u32, uint32_t, <=)

/* D = D + sign-extend(simm16); SCC = signed overflow */
static void s_addk_i32(wave_t *w, const isa_inst_t *in)
{
    uint32_t a = S32(0), b = (uint32_t)in->simm, r = a + b;
    d32(w, in->dst, r);
    wave_set_scc(w, add_ovf(a, b, r));
}

/* D = D * sign-extend(simm16) */
static void s_mulk_i32(wave_t *w, const isa_inst_t *in) { d32(w, in->dst, S32(0) * (uint32_t)in->simm); }

/* ---- hardware registers (s_getreg / s_setreg) ------------------------------
 * simm16: size-1 [15:11], offset [10:6], id [5:0].  MODE (1) lives in
 * w->hwreg[1] and is what the VALU reads for rounding and denormals;
 * STATUS, GPR_ALLOC, LDS_ALLOC and gfx9 SH_MEM_BASES are derived from the
 * wave's state when read.  A user wave may write MODE and TRAPSTS; writes
 * to the other (read-only or privileged) registers are ignored. */

enum {
    HW_MODE = 1, HW_STATUS = 2, HW_TRAPSTS = 3, HW_HW_ID = 4, HW_GPR_ALLOC = 5, HW_LDS_ALLOC = 6,
    HW_SH_MEM_BASES = 15, HW_TBA_LO = 16, HW_TMA_HI = 19,
};
enum { MODE_GPR_IDX_SHIFT = 27, MODE_CSP_SHIFT = 29 };   /* MODE fields: VGPR index mode, fork/join stack */

static uint32_t hw_status(const wave_t *w)
{
    uint32_t s = w->scc;
    s |= (uint32_t)(w->prio & 3) << 3;                 /* WAVE_PRIO */
    s |= (uint32_t)(wave_exec(w) == 0) << 9;           /* EXECZ */
    s |= (uint32_t)(wave_vcc(w) == 0) << 10;           /* VCCZ */
    s |= (uint32_t)(w->wg && w->wg->nwaves > 1) << 11; /* IN_TG */
    s |= 1u << 16;                                     /* VALID */
    return s;
}

static uint32_t hwreg_read(const wave_t *w, unsigned id)
{
    const isa_target_t *t = w->ctx ? w->ctx->t : NULL;
    switch (id) {
    case HW_STATUS:
        return hw_status(w);
    case HW_GPR_ALLOC: {   /* VGPR_SIZE [13:8] in 4s, SGPR_SIZE [27:24] in 8s / 16s, minus one */
        unsigned sg = t && t->gen >= ISA_GFX8 ? 16 : 8;
        uint32_t v = w->nvgpr ? (w->nvgpr + 3u) / 4 - 1 : 0, s = (w->nsgpr + sg - 1) / sg - 1;
        return (v & 0x3f) << 8 | (s & 0xf) << 24;
    }
    case HW_LDS_ALLOC: {   /* LDS_SIZE [20:12] in 256-byte (gfx6) or 512-byte granules */
        unsigned g = t && t->gen == ISA_GFX6 ? 256 : 512;
        uint32_t n = w->wg ? (w->wg->lds_size + g - 1) / g : 0;
        return (n & 0x1ff) << 12;
    }
    case HW_SH_MEM_BASES:  /* gfx9: shared base [31:16], private base [15:0] (bits 63:48) */
        if (t && t->gen >= ISA_GFX9 && w->ctx)
            return (uint32_t)(w->ctx->shared_aperture >> 48) << 16 | (uint32_t)(w->ctx->private_aperture >> 48);
        return 0;
    default:
        if (id >= HW_TBA_LO && id <= HW_TMA_HI)
            return 0;      /* no trap handler */
        return id < 32 ? w->hwreg[id] : 0;
    }
}

static void hwreg_write(wave_t *w, unsigned simm16, uint32_t v)
{
    unsigned id = simm16 & 0x3f, off = (simm16 >> 6) & 31, size = ((simm16 >> 11) & 31) + 1;
    if (id != HW_MODE && id != HW_TRAPSTS)
        return;
    uint32_t mask = (size == 32 ? 0xffffffffu : (1u << size) - 1) << off;
    wave_set_hwreg(w, id, (w->hwreg[id] & ~mask) | ((v << off) & mask));
}

/* D = hwreg[id][offset + size - 1 : offset] */
static void s_getreg_b32(wave_t *w, const isa_inst_t *in)
{
    unsigned simm16 = (unsigned)in->simm & 0xffff;
    unsigned id = simm16 & 0x3f, off = (simm16 >> 6) & 31, size = ((simm16 >> 11) & 31) + 1;
    uint32_t v = hwreg_read(w, id) >> off;
    d32(w, in->dst, size == 32 ? v : v & ((1u << size) - 1));
}

/* hwreg[id][offset + size - 1 : offset] = S0[size - 1 : 0] */
static void s_setreg_b32(wave_t *w, const isa_inst_t *in) { hwreg_write(w, (unsigned)in->simm & 0xffff, S32(0)); }

/* hwreg[id][offset + size - 1 : offset] = literal[size - 1 : 0] */
static void s_setreg_imm32_b32(wave_t *w, const isa_inst_t *in) { hwreg_write(w, (unsigned)in->simm & 0xffff, in->literal); }

/* ---- fork / join (gfx6-gfx8 and gfx9 encodings) ---------------------------
 * The control-stack pointer CSP is MODE[31:29]; an entry is four SGPRs at
 * SGPR[CSP*4]: the 64-bit EXEC mask of the deferred path, then its pc
 * (the pseudocode of the SI/GCN3 manuals). */


static unsigned csp(const wave_t *w) { return w->hwreg[HW_MODE] >> MODE_CSP_SHIFT; }

static void set_csp(wave_t *w, unsigned v)
{
    wave_set_hwreg(w, HW_MODE, (w->hwreg[HW_MODE] & ~(7u << MODE_CSP_SHIFT)) | (v & 7) << MODE_CSP_SHIFT);
}

/* mask_pass = S0 & EXEC, mask_fail = ~S0 & EXEC; all pass: pc = target;
 * all fail: fall through; else run the smaller side first and push the
 * other (exec, pc) at SGPR[CSP*4], CSP++ */
static void fork(wave_t *w, uint64_t cond, uint64_t target)
{
    uint64_t e = wave_exec(w), pass = cond & e, fail = ~cond & e;
    if (pass == e) {
        jump(w, target);
        return;
    }
    if (fail == e) {
        fx_branch(w, 0);
        return;
    }
    unsigned c = csp(w);
    int run_fail = popc64(fail) < popc64(pass);
    d64(w, 4 * c, run_fail ? pass : fail);
    d64(w, 4 * c + 2, run_fail ? target : w->pc);
    set_csp(w, c + 1);
    wave_set_exec(w, run_fail ? fail : pass);
    if (run_fail)
        fx_branch(w, 0);
    else
        jump(w, target);
}

static void s_cbranch_g_fork(wave_t *w, const isa_inst_t *in)
{
    uint64_t cond = S64(0), target = S64(1);
    fork(w, cond, target);
}

static void s_cbranch_i_fork(wave_t *w, const isa_inst_t *in)
{
    fork(w, S64(0), w->pc + (uint64_t)((int64_t)in->simm * 4));
}

/* if (CSP == S0) fall through; else CSP--, {EXEC, pc} = SGPR[CSP*4 +: 4] */
static void s_cbranch_join(wave_t *w, const isa_inst_t *in)
{
    unsigned c = csp(w);
    if (c == (S32(0) & 7)) {
        fx_branch(w, 0);
        return;
    }
    c = (c - 1) & 7;
    set_csp(w, c);
    wave_set_exec(w, old64(w, 4 * c));
    jump(w, old64(w, 4 * c + 2));
}

/* ---- VGPR index mode (gfx8/gfx9) ------------------------------------------ */

/* M0[7:0] = S0[7:0] */
static void s_set_gpr_idx_idx(wave_t *w, const isa_inst_t *in)
{
    wave_set_sreg(w, SREG_M0, (w->sgpr[SREG_M0] & ~0xffu) | (S32(0) & 0xff));
}

/* M0[15:12] = simm16[3:0] */
static void s_set_gpr_idx_mode(wave_t *w, const isa_inst_t *in)
{
    wave_set_sreg(w, SREG_M0, (w->sgpr[SREG_M0] & ~0xf000u) | ((uint32_t)in->simm & 15) << 12);
}

/* MODE.gpr_idx_en = 0 */
static void s_set_gpr_idx_off(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    wave_set_hwreg(w, HW_MODE, w->hwreg[HW_MODE] & ~(1u << MODE_GPR_IDX_SHIFT));
}

/* MODE.gpr_idx_en = 1; M0[7:0] = S0[7:0]; M0[15:12] = the ssrc1 field's
 * operand enables (src0, src1, src2, dst), which the VALU then applies */
static void s_set_gpr_idx_on(wave_t *w, const isa_inst_t *in)
{
    uint32_t m0 = (w->sgpr[SREG_M0] & ~0xf0ffu) | (S32(0) & 0xff) | ((uint32_t)in->simm & 15) << 12;
    wave_set_sreg(w, SREG_M0, m0);
    wave_set_hwreg(w, HW_MODE, w->hwreg[HW_MODE] | 1u << MODE_GPR_IDX_SHIFT);
}

/* ---- SOPP --------------------------------------------------------------- */

/* s_endpgm (and s_endpgm_saved, s_endpgm_ordered_ps_done): the wave ends */
static void s_endpgm(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    w->state = WAVE_DONE;
}

/* s_nop, s_waitcnt, s_sleep, s_setkill, s_wakeup, s_icache_inv,
 * s_incperflevel, s_decperflevel, s_ttracedata: no functional effect
 * (memory operations complete when issued in functional mode) */
static void s_nothing(wave_t *w, const isa_inst_t *in)
{
    (void)w;
    (void)in;
}

/* s_barrier: wait until every wave of the work-group arrives */
static void s_barrier(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    w->state = WAVE_BARRIER;
}

/* pc += simm16 * 4 (taken / if SCC == 0 / SCC == 1 / VCC == 0 / VCC != 0 /
 * EXEC == 0 / EXEC != 0) */
static void s_branch(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, 1); }
static void s_cbranch_scc0(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, !w->scc); }
static void s_cbranch_scc1(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, w->scc); }
static void s_cbranch_vccz(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, wave_vcc(w) == 0); }
static void s_cbranch_vccnz(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, wave_vcc(w) != 0); }
static void s_cbranch_execz(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, wave_exec(w) == 0); }
static void s_cbranch_execnz(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, wave_exec(w) != 0); }

/* s_cbranch_cdbg*: branch on the conditional-debug STATUS bits, which are
 * never set in gcnsim: never taken */
static void s_cbranch_cdbg(wave_t *w, const isa_inst_t *in) { rel_branch(w, in, 0); }

/* HALT = simm16[0] */
static void s_sethalt(wave_t *w, const isa_inst_t *in)
{
    if (in->simm & 1)
        w->state = WAVE_HALT;
}

/* STATUS.WAVE_PRIO = simm16[1:0] */
static void s_setprio(wave_t *w, const isa_inst_t *in) { w->prio = (uint8_t)(in->simm & 3); }

/* s_sendmsg: no message of gfx6-gfx9 changes a compute wave's state
 * (MSG_INTERRUPT, MSG_GS*, MSG_SAVEWAVE, MSG_SYSMSG ... are accepted and
 * dropped); it counts on LGKM_CNT */
static void s_sendmsg(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    if (w->fx)
        w->fx->lgkm_cnt = 1;
}

/* s_sendmsghalt: send the message, then halt the wave */
static void s_sendmsghalt(wave_t *w, const isa_inst_t *in)
{
    s_sendmsg(w, in);
    w->state = WAVE_HALT;
}

/* s_trap: enter the trap handler with TRAP_ID = simm16[7:0]; gcnsim has
 * none, so the wave stops with a trap fault naming the id */
static void s_trap(wave_t *w, const isa_inst_t *in)
{
    unsigned id = (unsigned)in->simm & 0xff;
    const char *what = id == 2   ? "llvm.trap (__builtin_trap or abort)"
                       : id == 3 ? "llvm.debugtrap"
                       : id == 1 ? "a debugger breakpoint"
                                 : "a trap";
    wave_fault(w, FAULT_TRAP, 0, -1, "s_trap %u: the kernel executed %s", id, what);
}

/* s_rfe_b64: return from exception: pc = S0 */
static void s_rfe_b64(wave_t *w, const isa_inst_t *in) { jump(w, S64(0)); }

const sem_entry_t sem_salu_table[] = {
    /* SOP1 */
    {ISA_OP_S_MOV_B32, s_mov_b32}, {ISA_OP_S_MOV_B64, s_mov_b64},
    {ISA_OP_S_CMOV_B32, s_cmov_b32}, {ISA_OP_S_CMOV_B64, s_cmov_b64},
    {ISA_OP_S_NOT_B32, s_not_b32}, {ISA_OP_S_NOT_B64, s_not_b64},
    {ISA_OP_S_WQM_B32, s_wqm_b32}, {ISA_OP_S_WQM_B64, s_wqm_b64},
    {ISA_OP_S_BREV_B32, s_brev_b32}, {ISA_OP_S_BREV_B64, s_brev_b64},
    {ISA_OP_S_BCNT0_I32_B32, s_bcnt0_i32_b32}, {ISA_OP_S_BCNT0_I32_B64, s_bcnt0_i32_b64},
    {ISA_OP_S_BCNT1_I32_B32, s_bcnt1_i32_b32}, {ISA_OP_S_BCNT1_I32_B64, s_bcnt1_i32_b64},
    {ISA_OP_S_FF0_I32_B32, s_ff0_i32_b32}, {ISA_OP_S_FF0_I32_B64, s_ff0_i32_b64},
    {ISA_OP_S_FF1_I32_B32, s_ff1_i32_b32}, {ISA_OP_S_FF1_I32_B64, s_ff1_i32_b64},
    {ISA_OP_S_FLBIT_I32_B32, s_flbit_i32_b32}, {ISA_OP_S_FLBIT_I32_B64, s_flbit_i32_b64},
    {ISA_OP_S_FLBIT_I32, s_flbit_i32}, {ISA_OP_S_FLBIT_I32_I64, s_flbit_i32_i64},
    {ISA_OP_S_SEXT_I32_I8, s_sext_i32_i8}, {ISA_OP_S_SEXT_I32_I16, s_sext_i32_i16},
    {ISA_OP_S_BITSET0_B32, s_bitset0_b32}, {ISA_OP_S_BITSET0_B64, s_bitset0_b64},
    {ISA_OP_S_BITSET1_B32, s_bitset1_b32}, {ISA_OP_S_BITSET1_B64, s_bitset1_b64},
    {ISA_OP_S_GETPC_B64, s_getpc_b64}, {ISA_OP_S_SETPC_B64, s_setpc_b64},
    {ISA_OP_S_SWAPPC_B64, s_swappc_b64}, {ISA_OP_S_RFE_B64, s_rfe_b64},
    {ISA_OP_S_AND_SAVEEXEC_B64, s_and_saveexec_b64}, {ISA_OP_S_OR_SAVEEXEC_B64, s_or_saveexec_b64},
    {ISA_OP_S_XOR_SAVEEXEC_B64, s_xor_saveexec_b64}, {ISA_OP_S_ANDN2_SAVEEXEC_B64, s_andn2_saveexec_b64},
    {ISA_OP_S_ORN2_SAVEEXEC_B64, s_orn2_saveexec_b64}, {ISA_OP_S_NAND_SAVEEXEC_B64, s_nand_saveexec_b64},
    {ISA_OP_S_NOR_SAVEEXEC_B64, s_nor_saveexec_b64}, {ISA_OP_S_XNOR_SAVEEXEC_B64, s_xnor_saveexec_b64},
    {ISA_OP_S_ANDN1_SAVEEXEC_B64, s_andn1_saveexec_b64}, {ISA_OP_S_ORN1_SAVEEXEC_B64, s_orn1_saveexec_b64},
    {ISA_OP_S_ANDN1_WREXEC_B64, s_andn1_wrexec_b64}, {ISA_OP_S_ANDN2_WREXEC_B64, s_andn2_wrexec_b64},
    {ISA_OP_S_QUADMASK_B32, s_quadmask_b32}, {ISA_OP_S_QUADMASK_B64, s_quadmask_b64},
    {ISA_OP_S_MOVRELS_B32, s_movrels_b32}, {ISA_OP_S_MOVRELS_B64, s_movrels_b64},
    {ISA_OP_S_MOVRELD_B32, s_movreld_b32}, {ISA_OP_S_MOVRELD_B64, s_movreld_b64},
    {ISA_OP_S_CBRANCH_JOIN, s_cbranch_join}, {ISA_OP_S_ABS_I32, s_abs_i32},
    {ISA_OP_S_SET_GPR_IDX_IDX, s_set_gpr_idx_idx}, {ISA_OP_S_BITREPLICATE_B64_B32, s_bitreplicate_b64_b32},
    /* SOP2 */
    {ISA_OP_S_ADD_U32, s_add_u32}, {ISA_OP_S_SUB_U32, s_sub_u32},
    {ISA_OP_S_ADD_I32, s_add_i32}, {ISA_OP_S_SUB_I32, s_sub_i32},
    {ISA_OP_S_ADDC_U32, s_addc_u32}, {ISA_OP_S_SUBB_U32, s_subb_u32},
    {ISA_OP_S_MIN_I32, s_min_i32}, {ISA_OP_S_MIN_U32, s_min_u32},
    {ISA_OP_S_MAX_I32, s_max_i32}, {ISA_OP_S_MAX_U32, s_max_u32},
    {ISA_OP_S_CSELECT_B32, s_cselect_b32}, {ISA_OP_S_CSELECT_B64, s_cselect_b64},
    {ISA_OP_S_AND_B32, s_and_b32}, {ISA_OP_S_AND_B64, s_and_b64},
    {ISA_OP_S_OR_B32, s_or_b32}, {ISA_OP_S_OR_B64, s_or_b64},
    {ISA_OP_S_XOR_B32, s_xor_b32}, {ISA_OP_S_XOR_B64, s_xor_b64},
    {ISA_OP_S_ANDN2_B32, s_andn2_b32}, {ISA_OP_S_ANDN2_B64, s_andn2_b64},
    {ISA_OP_S_ORN2_B32, s_orn2_b32}, {ISA_OP_S_ORN2_B64, s_orn2_b64},
    {ISA_OP_S_NAND_B32, s_nand_b32}, {ISA_OP_S_NAND_B64, s_nand_b64},
    {ISA_OP_S_NOR_B32, s_nor_b32}, {ISA_OP_S_NOR_B64, s_nor_b64},
    {ISA_OP_S_XNOR_B32, s_xnor_b32}, {ISA_OP_S_XNOR_B64, s_xnor_b64},
    {ISA_OP_S_LSHL_B32, s_lshl_b32}, {ISA_OP_S_LSHL_B64, s_lshl_b64},
    {ISA_OP_S_LSHR_B32, s_lshr_b32}, {ISA_OP_S_LSHR_B64, s_lshr_b64},
    {ISA_OP_S_ASHR_I32, s_ashr_i32}, {ISA_OP_S_ASHR_I64, s_ashr_i64},
    {ISA_OP_S_BFM_B32, s_bfm_b32}, {ISA_OP_S_BFM_B64, s_bfm_b64},
    {ISA_OP_S_MUL_I32, s_mul_i32},
    {ISA_OP_S_BFE_U32, s_bfe_u32}, {ISA_OP_S_BFE_I32, s_bfe_i32},
    {ISA_OP_S_BFE_U64, s_bfe_u64}, {ISA_OP_S_BFE_I64, s_bfe_i64},
    {ISA_OP_S_CBRANCH_G_FORK, s_cbranch_g_fork}, {ISA_OP_S_ABSDIFF_I32, s_absdiff_i32},
    {ISA_OP_S_MUL_HI_U32, s_mul_hi_u32}, {ISA_OP_S_MUL_HI_I32, s_mul_hi_i32},
    {ISA_OP_S_LSHL1_ADD_U32, s_lshl1_add_u32}, {ISA_OP_S_LSHL2_ADD_U32, s_lshl2_add_u32},
    {ISA_OP_S_LSHL3_ADD_U32, s_lshl3_add_u32}, {ISA_OP_S_LSHL4_ADD_U32, s_lshl4_add_u32},
    {ISA_OP_S_PACK_LL_B32_B16, s_pack_ll_b32_b16}, {ISA_OP_S_PACK_LH_B32_B16, s_pack_lh_b32_b16},
    {ISA_OP_S_PACK_HH_B32_B16, s_pack_hh_b32_b16},
    /* SOPC */
    {ISA_OP_S_CMP_EQ_I32, s_cmp_eq_i32}, {ISA_OP_S_CMP_LG_I32, s_cmp_lg_i32},
    {ISA_OP_S_CMP_GT_I32, s_cmp_gt_i32}, {ISA_OP_S_CMP_GE_I32, s_cmp_ge_i32},
    {ISA_OP_S_CMP_LT_I32, s_cmp_lt_i32}, {ISA_OP_S_CMP_LE_I32, s_cmp_le_i32},
    {ISA_OP_S_CMP_EQ_U32, s_cmp_eq_u32}, {ISA_OP_S_CMP_LG_U32, s_cmp_lg_u32},
    {ISA_OP_S_CMP_GT_U32, s_cmp_gt_u32}, {ISA_OP_S_CMP_GE_U32, s_cmp_ge_u32},
    {ISA_OP_S_CMP_LT_U32, s_cmp_lt_u32}, {ISA_OP_S_CMP_LE_U32, s_cmp_le_u32},
    {ISA_OP_S_CMP_EQ_U64, s_cmp_eq_u64}, {ISA_OP_S_CMP_LG_U64, s_cmp_lg_u64},
    {ISA_OP_S_BITCMP0_B32, s_bitcmp0_b32}, {ISA_OP_S_BITCMP1_B32, s_bitcmp1_b32},
    {ISA_OP_S_BITCMP0_B64, s_bitcmp0_b64}, {ISA_OP_S_BITCMP1_B64, s_bitcmp1_b64},
    {ISA_OP_S_SET_GPR_IDX_ON, s_set_gpr_idx_on},
    /* SOPK */
    {ISA_OP_S_MOVK_I32, s_movk_i32}, {ISA_OP_S_CMOVK_I32, s_cmovk_i32},
    {ISA_OP_S_CMPK_EQ_I32, s_cmpk_eq_i32}, {ISA_OP_S_CMPK_LG_I32, s_cmpk_lg_i32},
    {ISA_OP_S_CMPK_GT_I32, s_cmpk_gt_i32}, {ISA_OP_S_CMPK_GE_I32, s_cmpk_ge_i32},
    {ISA_OP_S_CMPK_LT_I32, s_cmpk_lt_i32}, {ISA_OP_S_CMPK_LE_I32, s_cmpk_le_i32},
    {ISA_OP_S_CMPK_EQ_U32, s_cmpk_eq_u32}, {ISA_OP_S_CMPK_LG_U32, s_cmpk_lg_u32},
    {ISA_OP_S_CMPK_GT_U32, s_cmpk_gt_u32}, {ISA_OP_S_CMPK_GE_U32, s_cmpk_ge_u32},
    {ISA_OP_S_CMPK_LT_U32, s_cmpk_lt_u32}, {ISA_OP_S_CMPK_LE_U32, s_cmpk_le_u32},
    {ISA_OP_S_ADDK_I32, s_addk_i32}, {ISA_OP_S_MULK_I32, s_mulk_i32},
    {ISA_OP_S_CBRANCH_I_FORK, s_cbranch_i_fork},
    {ISA_OP_S_GETREG_B32, s_getreg_b32}, {ISA_OP_S_SETREG_B32, s_setreg_b32},
    {ISA_OP_S_SETREG_IMM32_B32, s_setreg_imm32_b32}, {ISA_OP_S_CALL_B64, s_call_b64},
    /* SOPP */
    {ISA_OP_S_NOP, s_nothing}, {ISA_OP_S_ENDPGM, s_endpgm}, {ISA_OP_S_BRANCH, s_branch},
    {ISA_OP_S_WAKEUP, s_nothing},
    {ISA_OP_S_CBRANCH_SCC0, s_cbranch_scc0}, {ISA_OP_S_CBRANCH_SCC1, s_cbranch_scc1},
    {ISA_OP_S_CBRANCH_VCCZ, s_cbranch_vccz}, {ISA_OP_S_CBRANCH_VCCNZ, s_cbranch_vccnz},
    {ISA_OP_S_CBRANCH_EXECZ, s_cbranch_execz}, {ISA_OP_S_CBRANCH_EXECNZ, s_cbranch_execnz},
    {ISA_OP_S_BARRIER, s_barrier}, {ISA_OP_S_SETKILL, s_nothing}, {ISA_OP_S_WAITCNT, s_nothing},
    {ISA_OP_S_SETHALT, s_sethalt}, {ISA_OP_S_SLEEP, s_nothing}, {ISA_OP_S_SETPRIO, s_setprio},
    {ISA_OP_S_SENDMSG, s_sendmsg}, {ISA_OP_S_SENDMSGHALT, s_sendmsghalt}, {ISA_OP_S_TRAP, s_trap},
    {ISA_OP_S_ICACHE_INV, s_nothing}, {ISA_OP_S_INCPERFLEVEL, s_nothing},
    {ISA_OP_S_DECPERFLEVEL, s_nothing}, {ISA_OP_S_TTRACEDATA, s_nothing},
    {ISA_OP_S_CBRANCH_CDBGSYS, s_cbranch_cdbg}, {ISA_OP_S_CBRANCH_CDBGUSER, s_cbranch_cdbg},
    {ISA_OP_S_CBRANCH_CDBGSYS_OR_USER, s_cbranch_cdbg}, {ISA_OP_S_CBRANCH_CDBGSYS_AND_USER, s_cbranch_cdbg},
    {ISA_OP_S_ENDPGM_SAVED, s_endpgm}, {ISA_OP_S_SET_GPR_IDX_OFF, s_set_gpr_idx_off},
    {ISA_OP_S_SET_GPR_IDX_MODE, s_set_gpr_idx_mode}, {ISA_OP_S_ENDPGM_ORDERED_PS_DONE, s_endpgm},
    {0, 0},
};
