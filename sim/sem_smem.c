/* sem_smem.c — scalar memory semantics: SMRD (gfx6/gfx7) and SMEM
 * (gfx8/gfx9) loads, gfx8/gfx9 stores, gfx9 atomics, s_memtime /
 * s_memrealtime and the cache controls.
 *
 * Address = base + offset, aligned down to a dword as the hardware does
 * (the low two bits are ignored):
 *   base    s_load/s_store/s_atomic: the 64-bit SGPR pair sbase;
 *           s_buffer_*: the 48-bit base of the buffer descriptor (V#) in
 *           the four SGPRs at sbase.
 *   offset  SMRD imm: offset field * 4 (dwords); SMRD SGPR: its value in
 *           bytes; gfx7 literal: literal * 4 (dwords); gfx8 imm: 20-bit
 *           unsigned bytes, else SGPR bytes; gfx9: signed 21-bit bytes
 *           when imm, plus SGPR soffset when soe (or the SGPR alone when
 *           neither).
 * s_buffer_* range check, per dword: a dword whose byte offset from the
 * descriptor base is at or beyond num_records (num_records * stride when
 * the stride is not 0) reads 0, or is not written.  Every other dword must
 * lie inside an allocation, or the wave faults naming the address and how
 * it was formed.
 * LGKM_CNT counts 1 for a single-dword access and 2 for wider ones
 * (GCN-FACTS 2.2).  s_memtime and s_memrealtime return the number of
 * instructions the wave has executed before them: deterministic, and
 * increasing through the program like a clock. */
#include <stdio.h>
#include "sim/sem_mem.h"

enum { SMEM_MAX_DW = 16 };

/* Dwords of an SMEM data operand type. */
static unsigned ot_dwords(unsigned ot)
{
    switch (ot) {
    case OT_B64: case OT_I64: case OT_U64: case OT_F64: return 2;
    case OT_B96: return 3;
    case OT_B128: return 4;
    case OT_B256: return 8;
    case OT_B512: return 16;
    case OT_NONE: return 0;
    default: return 1;
    }
}

/* Where an access goes and how it was formed (for fault messages). */
typedef struct {
    uint64_t base;       /* sbase pair, or the V# base */
    uint64_t off;        /* byte offset (two's complement when negative) */
    uint64_t addr;       /* (base + off) aligned down to 4 */
    uint64_t size;       /* buffer: bytes in range from base; else unused */
    int buffer;
    unsigned sbase;      /* first SGPR of the base */
} smem_at_t;

static uint64_t sreg64(const wave_t *w, unsigned r)
{
    return (uint64_t)w->sgpr[(r + 1) & 127] << 32 | w->sgpr[r & 127];
}

/* Byte offset of an SMRD/SMEM instruction (see the file comment). */
static uint64_t smem_offset(const wave_t *w, const isa_inst_t *in)
{
    if (in->enc == ISA_ENC_SMRD) {
        if (in->imm)
            return (uint64_t)(uint32_t)in->offset * 4;
        if (in->has_lit)
            return (uint64_t)in->literal * 4;
        return wave_sread(w, in, in->soffset, OT_B32);
    }
    uint64_t off = in->imm ? (uint64_t)(int64_t)in->offset : 0;
    if (!in->imm || in->soe)
        off += wave_sread(w, in, in->soffset, OT_B32);
    return off;
}

static void smem_address(const wave_t *w, const isa_inst_t *in, int buffer, smem_at_t *a)
{
    a->buffer = buffer;
    a->off = smem_offset(w, in);
    if (buffer) {
        a->sbase = in->src[0] & ~3u;
        uint32_t d1 = w->sgpr[(a->sbase + 1) & 127], nrec = w->sgpr[(a->sbase + 2) & 127];
        uint32_t stride = (d1 >> 16) & 0x3fff;
        a->base = (uint64_t)(d1 & 0xffff) << 32 | w->sgpr[a->sbase & 127];
        a->size = stride ? (uint64_t)nrec * stride : nrec;
    } else {
        a->sbase = in->src[0] & ~1u;
        a->base = sreg64(w, a->sbase);
        a->size = ~0ull;
    }
    a->addr = (a->base + a->off) & ~3ull;
}

/* Whether dword i of the access is inside the buffer's range. */
static int in_range(const smem_at_t *a, unsigned i)
{
    if (!a->buffer)
        return 1;
    uint64_t rel = a->addr + 4ull * i - a->base;   /* wraps to huge when below the base */
    return rel < a->size;
}

/* Fault: bytes at addr (dword i of the access) are outside every allocation. */
static void smem_fault(wave_t *w, const isa_inst_t *in, const smem_at_t *a, uint64_t addr, unsigned bytes,
                       const char *verb)
{
    const mem_region_t *near = mem_nearest(w->ctx->mem, addr);
    char nearby[120] = "";
    if (near && a->base != 0)
        snprintf(nearby, sizeof nearby, "; nearest: '%s' 0x%llx-0x%llx", near->name,
                 (unsigned long long)near->base, (unsigned long long)(near->base + near->size - 1));
    const char *hint = a->base == 0 ? " (a null pointer)" : a->base < (1ull << 32) ? " (a 32-bit value used as a pointer?)" : "";
    wave_fault(w, FAULT_MEMORY, addr, -1, "%s: %s %u bytes at 0x%llx, outside every allocation (%s s[%u:%u] = 0x%llx%s + offset 0x%llx%s)",
               isa_row(in->op)->name, verb, bytes, (unsigned long long)addr, a->buffer ? "buffer base in" : "base",
               a->sbase, a->sbase + (a->buffer ? 3 : 1), (unsigned long long)a->base, hint,
               (unsigned long long)a->off, nearby);
}

/* Record the access in the effects record. */
static void smem_fx(wave_t *w, const smem_at_t *a, unsigned ndw, int write)
{
    fx_t *fx = w->fx;
    if (!fx)
        return;
    fx->lgkm_cnt = ndw > 1 ? 2 : 1;
    fx_access_t *acc = &fx->acc[0];
    acc->space = FX_SPACE_SCALAR;
    acc->write = (uint8_t)write;
    acc->bytes = (uint8_t)(4 * ndw);
    acc->pat = 0;
    acc->mask = 1;
    acc->addr[0] = a->addr;
    fx->nacc = 1;
}

/* Host pointers of the ndw dwords of an access (NULL: out of the buffer's
 * range); returns 0, or -1 after faulting when a dword in range is outside
 * every allocation. */
static int smem_plan(wave_t *w, const isa_inst_t *in, const smem_at_t *a, unsigned ndw, const char *verb,
                     uint8_t *p[SMEM_MAX_DW])
{
    for (unsigned i = 0; i < ndw; i++) {
        p[i] = NULL;
        if (!in_range(a, i))
            continue;
        uint64_t at = a->addr + 4ull * i;
        p[i] = mem_ptr(w->ctx->mem, at, 4);
        if (!p[i]) {
            smem_fault(w, in, a, a->buffer ? at : a->addr, a->buffer ? 4 : 4 * ndw, verb);
            return -1;
        }
    }
    return 0;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(wave_t *w, uint8_t *p, uint64_t addr, uint32_t v)
{
    if (w->fx)
        fx_log_mem(w->fx, FX_SPACE_GLOBAL, addr, rd32(p));
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* First SGPR of an n-dword data operand (tuples are aligned as the
 * disassembler names them: pairs to 2, wider to 4). */
static unsigned data_reg(const isa_inst_t *in, unsigned n)
{
    unsigned r = in->dst;
    if (r < 128)
        r -= r % (n >= 4 ? 4 : n == 2 ? 2 : 1);
    return r;
}

/* ---- loads and stores ------------------------------------------------------ */

/* SDATA[i] = MEM[addr + 4i] for each dword (buffer: 0 out of range) */
static void smem_load(wave_t *w, const isa_inst_t *in, int buffer)
{
    unsigned ndw = ot_dwords(isa_row(in->op)->dst_t[0]);
    smem_at_t a;
    uint8_t *p[SMEM_MAX_DW];
    smem_address(w, in, buffer, &a);
    if (smem_plan(w, in, &a, ndw, "reads", p))
        return;
    uint32_t v[SMEM_MAX_DW];
    for (unsigned i = 0; i < ndw; i++)
        v[i] = p[i] ? rd32(p[i]) : 0;
    unsigned r = data_reg(in, ndw);
    for (unsigned i = 0; i < ndw; i++)
        wave_set_sreg(w, (r + i) & 127, v[i]);
    smem_fx(w, &a, ndw, 0);
}

/* MEM[addr + 4i] = SDATA[i] for each dword (buffer: dropped out of range) */
static void smem_store(wave_t *w, const isa_inst_t *in, int buffer)
{
    unsigned ndw = ot_dwords(isa_row(in->op)->src_t[0]);
    smem_at_t a;
    uint8_t *p[SMEM_MAX_DW];
    smem_address(w, in, buffer, &a);
    if (smem_plan(w, in, &a, ndw, "writes", p))
        return;
    unsigned r = data_reg(in, ndw);
    for (unsigned i = 0; i < ndw; i++)
        if (p[i])
            wr32(w, p[i], a.addr + 4ull * i, w->sgpr[(r + i) & 127]);
    smem_fx(w, &a, ndw, 1);
}

static void s_load(wave_t *w, const isa_inst_t *in) { smem_load(w, in, 0); }
static void s_buffer_load(wave_t *w, const isa_inst_t *in) { smem_load(w, in, 1); }
static void s_store(wave_t *w, const isa_inst_t *in) { smem_store(w, in, 0); }
static void s_buffer_store(wave_t *w, const isa_inst_t *in) { smem_store(w, in, 1); }

/* ---- atomics (gfx9) ---------------------------------------------------------
 * tmp = MEM[addr]; MEM[addr] = op(tmp, SDATA); SDATA = tmp when glc.
 * cmpswap: SDATA = {src, cmp} (a pair of 32- or 64-bit values),
 * MEM = tmp == cmp ? src : tmp. */

typedef enum { A_SWAP, A_CMPSWAP, A_ADD, A_SUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX, A_AND, A_OR, A_XOR, A_INC, A_DEC } aop_t;

static uint64_t atomic_op(aop_t op, uint64_t m, uint64_t a, uint64_t cmp, int is64)
{
    uint64_t mask = is64 ? ~0ull : 0xffffffffull;
    int64_t sm = is64 ? (int64_t)m : (int32_t)m, sa = is64 ? (int64_t)a : (int32_t)a;
    switch (op) {
    case A_SWAP: return a;
    case A_CMPSWAP: return m == cmp ? a : m;
    case A_ADD: return (m + a) & mask;
    case A_SUB: return (m - a) & mask;
    case A_SMIN: return sa < sm ? a : m;
    case A_UMIN: return a < m ? a : m;
    case A_SMAX: return sa > sm ? a : m;
    case A_UMAX: return a > m ? a : m;
    case A_AND: return m & a;
    case A_OR: return m | a;
    case A_XOR: return m ^ a;
    case A_INC: return m >= a ? 0 : m + 1;            /* wraps to 0 at the limit a */
    case A_DEC: return (m == 0 || m > a) ? a : m - 1; /* wraps to the limit a */
    }
    return m;
}

static void smem_atomic(wave_t *w, const isa_inst_t *in, int buffer, aop_t op, int is64)
{
    unsigned n = is64 ? 2 : 1, nsrc = op == A_CMPSWAP ? 2 * n : n;
    smem_at_t a;
    uint8_t *p[SMEM_MAX_DW];
    smem_address(w, in, buffer, &a);
    if (smem_plan(w, in, &a, n, "atomically updates", p))
        return;
    unsigned r = data_reg(in, nsrc);
    uint64_t src = w->sgpr[r & 127], cmp = w->sgpr[(r + n) & 127];
    if (is64) {
        src |= (uint64_t)w->sgpr[(r + 1) & 127] << 32;
        cmp = sreg64(w, r + 2);
    }
    uint64_t old = 0;
    for (unsigned i = 0; i < n; i++)
        old |= (uint64_t)(p[i] ? rd32(p[i]) : 0) << (32 * i);
    uint64_t val = atomic_op(op, old, src, cmp, is64);
    for (unsigned i = 0; i < n; i++)
        if (p[i])
            wr32(w, p[i], a.addr + 4ull * i, (uint32_t)(val >> (32 * i)));
    if (in->glc)
        for (unsigned i = 0; i < n; i++)
            wave_set_sreg(w, (r + i) & 127, (uint32_t)(old >> (32 * i)));
    smem_fx(w, &a, n, 1);
}

#define ATOMIC(name, buffer, op, is64) \
    static void name(wave_t *w, const isa_inst_t *in) { smem_atomic(w, in, buffer, op, is64); }

#define ATOMICS(stem, op)                                  \
    ATOMIC(s_atomic_##stem, 0, op, 0)                      \
    ATOMIC(s_atomic_##stem##_x2, 0, op, 1)                 \
    ATOMIC(s_buffer_atomic_##stem, 1, op, 0)               \
    ATOMIC(s_buffer_atomic_##stem##_x2, 1, op, 1)

ATOMICS(swap, A_SWAP)
ATOMICS(cmpswap, A_CMPSWAP)
ATOMICS(add, A_ADD)
ATOMICS(sub, A_SUB)
ATOMICS(smin, A_SMIN)
ATOMICS(umin, A_UMIN)
ATOMICS(smax, A_SMAX)
ATOMICS(umax, A_UMAX)
ATOMICS(and, A_AND)
ATOMICS(or, A_OR)
ATOMICS(xor, A_XOR)
ATOMICS(inc, A_INC)
ATOMICS(dec, A_DEC)

/* ---- time and cache controls ----------------------------------------------- */

/* SDATA[1:0] = the wave's executed-instruction count (see the file comment) */
static void s_memtime(wave_t *w, const isa_inst_t *in)
{
    unsigned r = data_reg(in, 2);
    wave_set_sreg(w, r & 127, (uint32_t)w->ninst);
    wave_set_sreg(w, (r + 1) & 127, (uint32_t)(w->ninst >> 32));
    if (w->fx)
        w->fx->lgkm_cnt = 2;
}

/* s_dcache_inv/wb(_vol), s_dcache_discard(_x2), s_atc_probe(_buffer):
 * gcnsim has no scalar cache; they count on LGKM_CNT and do nothing else */
static void s_cache_op(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    if (w->fx)
        w->fx->lgkm_cnt = 1;
}

#define ATOMIC_ROWS(STEM, stem)                                                              \
    {ISA_OP_S_ATOMIC_##STEM, s_atomic_##stem}, {ISA_OP_S_ATOMIC_##STEM##_X2, s_atomic_##stem##_x2}, \
    {ISA_OP_S_BUFFER_ATOMIC_##STEM, s_buffer_atomic_##stem},                                 \
    {ISA_OP_S_BUFFER_ATOMIC_##STEM##_X2, s_buffer_atomic_##stem##_x2}

const sem_entry_t sem_smem_table[] = {
    {ISA_OP_S_LOAD_DWORD, s_load}, {ISA_OP_S_LOAD_DWORDX2, s_load}, {ISA_OP_S_LOAD_DWORDX4, s_load},
    {ISA_OP_S_LOAD_DWORDX8, s_load}, {ISA_OP_S_LOAD_DWORDX16, s_load},
    {ISA_OP_S_BUFFER_LOAD_DWORD, s_buffer_load}, {ISA_OP_S_BUFFER_LOAD_DWORDX2, s_buffer_load},
    {ISA_OP_S_BUFFER_LOAD_DWORDX4, s_buffer_load}, {ISA_OP_S_BUFFER_LOAD_DWORDX8, s_buffer_load},
    {ISA_OP_S_BUFFER_LOAD_DWORDX16, s_buffer_load},
    {ISA_OP_S_STORE_DWORD, s_store}, {ISA_OP_S_STORE_DWORDX2, s_store}, {ISA_OP_S_STORE_DWORDX4, s_store},
    {ISA_OP_S_BUFFER_STORE_DWORD, s_buffer_store}, {ISA_OP_S_BUFFER_STORE_DWORDX2, s_buffer_store},
    {ISA_OP_S_BUFFER_STORE_DWORDX4, s_buffer_store},
    {ISA_OP_S_MEMTIME, s_memtime}, {ISA_OP_S_MEMREALTIME, s_memtime},
    {ISA_OP_S_DCACHE_INV, s_cache_op}, {ISA_OP_S_DCACHE_WB, s_cache_op},
    {ISA_OP_S_DCACHE_INV_VOL, s_cache_op}, {ISA_OP_S_DCACHE_WB_VOL, s_cache_op},
    {ISA_OP_S_DCACHE_DISCARD, s_cache_op}, {ISA_OP_S_DCACHE_DISCARD_X2, s_cache_op},
    {ISA_OP_S_ATC_PROBE, s_cache_op}, {ISA_OP_S_ATC_PROBE_BUFFER, s_cache_op},
    ATOMIC_ROWS(SWAP, swap), ATOMIC_ROWS(CMPSWAP, cmpswap), ATOMIC_ROWS(ADD, add), ATOMIC_ROWS(SUB, sub),
    ATOMIC_ROWS(SMIN, smin), ATOMIC_ROWS(UMIN, umin), ATOMIC_ROWS(SMAX, smax), ATOMIC_ROWS(UMAX, umax),
    ATOMIC_ROWS(AND, and), ATOMIC_ROWS(OR, or), ATOMIC_ROWS(XOR, xor), ATOMIC_ROWS(INC, inc),
    ATOMIC_ROWS(DEC, dec),
    {0, 0},
};
