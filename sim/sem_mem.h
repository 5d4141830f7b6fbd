/* sem_mem.h — what the memory semantics (sem_lds.c DS, sem_vmem.c
 * MUBUF/MTBUF, sem_flat.c FLAT/GLOBAL/SCRATCH) share: atomic operations,
 * the per-lane access plan (host pointers resolved and checked before
 * anything is written), device-memory faults, LDS bounds, swizzled
 * scratch addressing, alignment rules, and the effects record.
 *
 * Rules (the hardware's, as ROCm configures it):
 * - LDS out of range (beyond the group's allocation; on gfx6-8 also beyond
 *   M0): reads return 0, writes are dropped; no fault.  The lanes are
 *   recorded in fx->acc[].oob.
 * - Device memory: an access whose bytes are not inside one allocation
 *   faults (FAULT_MEMORY), naming the lane, the address and the nearest
 *   allocation.  Buffer (MUBUF/MTBUF) range checks against num_records
 *   happen first: out-of-range components read 0 / are dropped.
 * - Alignment (FAULT_MISALIGNED; the hardware silently ignores the low
 *   address bits instead): atomics need natural alignment everywhere;
 *   LDS on gfx6-8 needs the natural alignment of each element (b16 2,
 *   b32 4, b64 8, b96/b128 16); gfx9 LDS and gfx7+ device memory accept
 *   any alignment (unaligned access mode); gfx6 device memory needs 2 for
 *   shorts and 4 for dwords; swizzled (scratch) accesses may not cross a
 *   swizzle element. */
#ifndef GCNSIM_SEM_MEM_H
#define GCNSIM_SEM_MEM_H

#include <string.h>
#include "sim/wave.h"

/* ---- atomics ------------------------------------------------------------ */

typedef enum {
    AT_SWAP, AT_CMPSWAP, AT_ADD, AT_SUB, AT_RSUB, AT_SMIN, AT_UMIN, AT_SMAX, AT_UMAX,
    AT_AND, AT_OR, AT_XOR, AT_INC, AT_DEC, AT_MSKOR, AT_WRAP,
    AT_FMIN, AT_FMAX, AT_FADD, AT_FCMPSWAP,
} atom_t;

static inline float mem_f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline uint32_t mem_bits32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

/* Number formats of buffer and image resources (NUM_FORMAT). */
enum { NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT, NF_SNORM_OGL, NF_FLOAT };
/* The 32-bit register value of a channel holding raw (bits wide, 8/16/32)
 * in number format nfmt: normalised and scaled formats as floats, f16
 * widened, integers extended. */
uint32_t mem_fmt_decode(uint32_t raw, unsigned bits, unsigned nfmt);
/* The channel bits (bits wide) of register value x in number format nfmt:
 * floats clamped and rounded to nearest even, integers saturated. */
uint32_t mem_fmt_encode(uint32_t x, unsigned bits, unsigned nfmt);
static inline double mem_f64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
static inline uint64_t mem_bits64(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }

/* min/max of two f32 bit patterns as the ALU does it: a NaN operand loses
 * to a number, -0 is below +0. */
uint32_t mem_fminmax32(uint32_t a, uint32_t b, int max);
uint64_t mem_fminmax64(uint64_t a, uint64_t b, int max);

/* New memory value of a 32-bit (atom32) or 64-bit (atom64, float ops on
 * f64) atomic on old value m with data a and second operand b (cmpswap:
 * a = new value, b = compare value; mskor: a = mask, b = bits; wrap:
 * a = limit, b = step). */
#define MEM_ATOM_FN(name, T, ST, fminmax, tof, bits)                       \
    static inline T name(atom_t op, T m, T a, T b)                         \
    {                                                                      \
        switch (op) {                                                      \
        case AT_SWAP: return a;                                            \
        case AT_CMPSWAP: return m == b ? a : m;                            \
        case AT_ADD: return m + a;                                         \
        case AT_SUB: return m - a;                                         \
        case AT_RSUB: return a - m;                                        \
        case AT_SMIN: return (ST)a < (ST)m ? a : m;                        \
        case AT_UMIN: return a < m ? a : m;                                \
        case AT_SMAX: return (ST)a > (ST)m ? a : m;                        \
        case AT_UMAX: return a > m ? a : m;                                \
        case AT_AND: return m & a;                                         \
        case AT_OR: return m | a;                                          \
        case AT_XOR: return m ^ a;                                         \
        case AT_INC: return m >= a ? 0 : m + 1;                            \
        case AT_DEC: return (m == 0 || m > a) ? a : m - 1;                 \
        case AT_MSKOR: return (m & ~a) | b;                                \
        case AT_WRAP: return m >= a ? m - a : m + b;                       \
        case AT_FMIN: return fminmax(m, a, 0);                             \
        case AT_FMAX: return fminmax(m, a, 1);                             \
        case AT_FADD: return bits(tof(m) + tof(a));                        \
        case AT_FCMPSWAP: return tof(m) == tof(b) ? a : m;                 \
        }                                                                  \
        return m;                                                          \
    }
MEM_ATOM_FN(atom32, uint32_t, int32_t, mem_fminmax32, mem_f32, mem_bits32)
MEM_ATOM_FN(atom64, uint64_t, int64_t, mem_fminmax64, mem_f64, mem_bits64)

/* New value of a VMEM atomic of esize bytes (4 or 8) on old value o for
 * lane l, the data in the VDATA rows s (cmp: the compare value follows
 * the data, as cmpswap's VDATA[1] or VDATA[3:2]). */
static inline uint64_t mem_atom(atom_t op, unsigned esize, int cmp, uint64_t o, uint32_t *const s[], unsigned l)
{
    if (esize == 4)
        return atom32(op, (uint32_t)o, s[0][l], cmp ? s[1][l] : 0);
    uint64_t a = (uint64_t)s[1][l] << 32 | s[0][l];
    uint64_t b = cmp ? (uint64_t)s[3][l] << 32 | s[2][l] : 0;
    return atom64(op, o, a, b);
}

/* Zero/sign extension of a loaded byte or short. */
enum { MEM_EXT_NONE, MEM_EXT_U8, MEM_EXT_I8, MEM_EXT_U16, MEM_EXT_I16 };

static inline uint32_t mem_ext(uint32_t v, unsigned ext)
{
    switch (ext) {
    case MEM_EXT_U8: return v & 0xff;
    case MEM_EXT_I8: return (uint32_t)(int32_t)(int8_t)v;
    case MEM_EXT_U16: return v & 0xffff;
    case MEM_EXT_I16: return (uint32_t)(int32_t)(int16_t)v;
    default: return v;
    }
}

/* A byte/short load's register value: x extended, and with d16 put in
 * the low (hi: high) half of the register's old value old, the other
 * half kept. */
static inline uint32_t mem_ext_d16(uint32_t x, unsigned ext, int d16, int hi, uint32_t old)
{
    x = mem_ext(x, ext);
    if (d16)
        x = hi ? (old & 0xffffu) | x << 16 : (old & 0xffff0000u) | (x & 0xffff);
    return x;
}

/* The plain load and store variants FLAT/GLOBAL/SCRATCH and MUBUF share,
 * for X-macro expansion as LOAD(suffix, ndw, psize, ext, d16, hi) and
 * STORE(suffix, ndw, psize, shift):
 *   load_dword..x4: VDST = MEM[addr], 1-4 dwords
 *   load_ubyte/sbyte/ushort/sshort: VDST = zero/sign-extended byte or short
 *   load_*_d16 (_hi): VDST[15:0] ([31:16]) = extended byte/short, the
 *     other half kept (gfx9)
 *   store_dword..x4: MEM[addr] = VDATA, 1-4 dwords
 *   store_byte/short: MEM[addr] = VDATA[7:0] / [15:0]; _d16_hi:
 *     VDATA[23:16] / [31:16] (gfx9) */
#define MEM_LOADS(LOAD)                                   \
    LOAD(load_dword, 1, 4, MEM_EXT_NONE, 0, 0)            \
    LOAD(load_dwordx2, 2, 4, MEM_EXT_NONE, 0, 0)          \
    LOAD(load_dwordx3, 3, 4, MEM_EXT_NONE, 0, 0)          \
    LOAD(load_dwordx4, 4, 4, MEM_EXT_NONE, 0, 0)          \
    LOAD(load_ubyte, 1, 1, MEM_EXT_U8, 0, 0)              \
    LOAD(load_sbyte, 1, 1, MEM_EXT_I8, 0, 0)              \
    LOAD(load_ushort, 1, 2, MEM_EXT_U16, 0, 0)            \
    LOAD(load_sshort, 1, 2, MEM_EXT_I16, 0, 0)            \
    LOAD(load_ubyte_d16, 1, 1, MEM_EXT_U8, 1, 0)          \
    LOAD(load_ubyte_d16_hi, 1, 1, MEM_EXT_U8, 1, 1)       \
    LOAD(load_sbyte_d16, 1, 1, MEM_EXT_I8, 1, 0)          \
    LOAD(load_sbyte_d16_hi, 1, 1, MEM_EXT_I8, 1, 1)       \
    LOAD(load_short_d16, 1, 2, MEM_EXT_U16, 1, 0)         \
    LOAD(load_short_d16_hi, 1, 2, MEM_EXT_U16, 1, 1)
#define MEM_STORES(STORE)                                 \
    STORE(store_dword, 1, 4, 0)                           \
    STORE(store_dwordx2, 2, 4, 0)                         \
    STORE(store_dwordx3, 3, 4, 0)                         \
    STORE(store_dwordx4, 4, 4, 0)                         \
    STORE(store_byte, 1, 1, 0)                            \
    STORE(store_short, 1, 2, 0)                           \
    STORE(store_byte_d16_hi, 1, 1, 16)                    \
    STORE(store_short_d16_hi, 1, 2, 16)

/* ---- access plans ------------------------------------------------------- */

/* One memory instruction's accesses, resolved before any side effect: for
 * every active lane up to four pieces (dwords, or one byte/short), each
 * with its address and host pointer (NULL: out of range, reads 0 and
 * writes are dropped). */
enum { MEM_PIECES = 4 };
enum { MEM_READ, MEM_WRITE, MEM_RMW };

typedef struct {
    uint64_t mask;                   /* lanes that access memory */
    uint64_t oob;                    /* lanes with a piece out of range */
    unsigned npieces, psize;         /* pieces per lane and bytes per piece (1, 2 or 4) */
    uint8_t *p[MEM_PIECES][64];
    uint64_t a[MEM_PIECES][64];      /* device address, or offset for LDS */
    uint8_t space[64];               /* FX_SPACE_* of each lane */
} mem_plan_t;

/* Name of the instruction (for messages). */
static inline const char *mem_name(const isa_inst_t *in)
{
    return isa_row(in->op)->name;
}

/* Fault the wave: lane's access (kind MEM_READ/WRITE/RMW) of bytes at
 * device address addr lies outside every allocation. */
void mem_fault_outside(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes, int kind);
/* Fault the wave for a misaligned access; why says what alignment is needed. */
void mem_fault_misaligned(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes, const char *why);
/* The allocation nearest to device address addr, or NULL when there is none. */
const mem_region_t *mem_nearest(const mem_t *m, uint64_t addr);

/* Host pointer to [addr, addr+bytes) of device memory, or NULL after
 * faulting the wave. */
static inline uint8_t *mem_device(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes, int kind)
{
    uint8_t *p = mem_ptr(w->ctx->mem, addr, bytes);
    if (!p)
        mem_fault_outside(w, in, lane, addr, bytes, kind);
    return p;
}

/* mem_device with a region cache *rc for runs of nearby addresses. */
static inline uint8_t *mem_device_rc(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes,
                                     int kind, const mem_region_t **rc)
{
    const mem_region_t *r = *rc;
    if (r && addr - r->base < r->size && bytes <= r->size - (addr - r->base))
        return r->data + (addr - r->base);
    uint8_t *p = mem_device(w, in, lane, addr, bytes, kind);
    if (p)
        *rc = mem_region_at(w->ctx->mem, addr);
    return p;
}

/* Whether device memory at addr needs more alignment than it has for a
 * piece of psize bytes (gfx6 only; see the rules above). */
static inline int mem_device_misaligned(const wave_t *w, uint64_t addr, unsigned psize)
{
    return w->ctx->t->gen == ISA_GFX6 && psize > 1 && (addr & (psize - 1));
}

/* Bytes of the group's LDS a DS instruction may address: the allocation,
 * on gfx6-8 further limited by M0. */
static inline uint32_t mem_lds_limit(const wave_t *w, int use_m0)
{
    uint32_t lim = w->wg->lds_size;
    if (use_m0 && w->ctx->t->gen <= ISA_GFX8 && w->sgpr[SREG_M0] < lim)
        lim = w->sgpr[SREG_M0];
    return lim;
}

/* Host pointer to LDS bytes [off, off+n) below limit, or NULL when out of range. */
static inline uint8_t *mem_lds(const wave_t *w, uint64_t off, unsigned n, uint32_t limit)
{
    return off + n <= limit ? w->wg->lds + off : NULL;
}

/* Whether an LDS element of esize bytes at off breaks the alignment rule. */
static inline int mem_lds_misaligned(const wave_t *w, uint64_t off, unsigned esize, int atomic)
{
    if (!atomic && w->ctx->t->gen >= ISA_GFX9)
        return 0;
    unsigned need = esize >= 12 ? 16 : esize;
    return (off & (need - 1)) != 0;
}

/* Device address of byte off of lane's private memory in a wave's
 * scratch at base, swizzled as the private segment buffer and flat
 * scratch lay it out: dwords of the 64 lanes interleaved (element size 4,
 * index stride 64). */
static inline uint64_t mem_scratch_addr(uint64_t base, uint32_t off, unsigned lane)
{
    return base + (uint64_t)(off >> 2) * 256 + lane * 4u + (off & 3);
}

/* ---- data --------------------------------------------------------------- */

/* Read piece k of every planned lane into out[] (0 where out of range). */
void mem_plan_read(const mem_plan_t *pl, unsigned k, uint32_t out[64]);
/* Write piece k of every planned lane from val[] (dropped where out of
 * range), logging old values into the effects record. */
void mem_plan_write(wave_t *w, const mem_plan_t *pl, unsigned k, const uint32_t val[64]);
/* Log the bytes [p, p+n) about to be written at address a of a space into
 * the effects record (whole dwords). */
void mem_log_write(wave_t *w, uint8_t space, uint64_t a, const uint8_t *p, unsigned n);
/* The general path of a VMEM load: val[k] = piece k of every planned lane
 * (k < ndw); with ext the first piece extended by mem_ext_d16 (old
 * values from d0, the destination's first VGPR row, used with d16); the
 * reads recorded in the effects record. */
void mem_plan_load(wave_t *w, const mem_plan_t *pl, unsigned ndw, unsigned ext, int d16, int hi, const uint32_t *d0,
                   uint32_t val[][64]);
/* The general path of a VMEM store: piece k of every planned lane =
 * s[k] >> shift (k < ndw), recorded in the effects record. */
void mem_plan_store(wave_t *w, const mem_plan_t *pl, unsigned ndw, unsigned shift, uint32_t *const s[]);

/* The n consecutive VGPRs starting at v (operand encoding 256+n), or -1
 * after faulting when one is beyond the allocation. */
static inline int mem_vregs(wave_t *w, unsigned v, unsigned n, uint32_t *regs[])
{
    if (v >= 256 && v - 256u + n <= w->nvgpr) {   /* all in range: no fault to raise */
        for (unsigned i = 0; i < n; i++)
            regs[i] = w->vgpr[v - 256 + i];
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        regs[i] = wave_vreg(w, v - 256 + i);
        if (!regs[i])
            return -1;
    }
    return 0;
}

/* A new access entry of w's effects record with its space, direction,
 * bytes per lane and lanes filled in (addresses and oob left to the
 * caller; no FX_PAT_* fact), or NULL when the record is full (then marked overflowed). */
static inline fx_access_t *mem_fx_entry(wave_t *w, uint8_t space, int write, unsigned bytes, uint64_t mask)
{
    fx_t *fx = w->fx;
    if (fx->nacc >= sizeof fx->acc / sizeof fx->acc[0]) {
        fx->overflow = 1;
        return NULL;
    }
    fx_access_t *a = &fx->acc[fx->nacc++];
    a->space = space;
    a->write = (uint8_t)write;
    a->bytes = (uint8_t)bytes;
    a->pat = 0;
    a->mask = mask;
    a->oob = 0;
    return a;
}

/* Record the plan in the effects record: one access entry per space the
 * lanes use (FLAT may mix spaces; more than two entries overflow), or,
 * when split > 0, two entries for pieces [0, split) and [split, npieces)
 * (the two addresses of DS read2/write2). */
void mem_plan_fx(wave_t *w, const mem_plan_t *pl, int kind, unsigned split);

/* Count the lanes of a plan that fell outside the LDS (sim_ctx_t.lds_oob). */
static inline void mem_count_lds_oob(wave_t *w, const mem_plan_t *pl)
{
    for (uint64_t m = pl->oob; m; m &= m - 1)
        w->ctx->lds_oob += pl->space[__builtin_ctzll(m)] == FX_SPACE_LDS;
}

/* LDS DMA of a load with the lds bit: LDS[M0[15:0] + ioff + lane * 4] =
 * val[lane] in the lanes of mask (out of range dropped); recorded as an
 * LDS write access. */
void mem_lds_dma(wave_t *w, uint32_t ioff, const uint32_t val[64], uint64_t mask);

/* Whether the 16 lanes of b hold consecutive dwords b[0] + 4 i without
 * wrapping past 2^32 (SSE2 vector code). */
typedef uint32_t mem_v4u __attribute__((vector_size(16)));

static inline __attribute__((always_inline)) int mem_row_consecutive(const uint32_t *b)
{
    mem_v4u b0 = (mem_v4u){0, 0, 0, 0} + b[0], diff = {0, 0, 0, 0};
    for (unsigned q = 0; q < 4; q++) {
        mem_v4u x, step = {16 * q, 16 * q + 4, 16 * q + 8, 16 * q + 12};
        memcpy(&x, b + 4 * q, sizeof x);
        diff |= x ^ (b0 + step);
    }
    return !(diff[0] | diff[1] | diff[2] | diff[3]) && b[0] <= 0xffffffffu - 60;
}

/* Whether the 64 lanes of v all hold v[0] (SSE2 vector code). */
static inline __attribute__((always_inline)) int mem_all_same(const uint32_t *v)
{
    mem_v4u v0 = (mem_v4u){0, 0, 0, 0} + v[0], diff = {0, 0, 0, 0};
    for (unsigned q = 0; q < 16; q++) {
        mem_v4u x;
        memcpy(&x, v + 4 * q, sizeof x);
        diff |= x ^ v0;
    }
    return !(diff[0] | diff[1] | diff[2] | diff[3]);
}

static inline unsigned mem_popcount(uint64_t m)
{
    return (unsigned)__builtin_popcountll(m);
}

#endif
