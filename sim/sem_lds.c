/* sem_lds.c — DS semantics: LDS reads and writes (b8..b128, sign/zero
 * extension, gfx9 d16/d16_hi), read2/write2 (st64), atomics with and
 * without return (32/64-bit, integer and float), wrxchg2, swizzle,
 * permute/bpermute, append/consume, gfx9 addtid.
 *
 * The LDS address of a lane is ADDR + offset in 32 bits (wrapping).  On
 * gfx6-8 an access at or beyond min(M0, LDS allocation) is out of range,
 * on gfx9 beyond the allocation: reads return 0, writes are dropped, as
 * the hardware does (recorded in fx->acc[].oob).  gfx6 also treats every
 * access whose ADDR is negative as out of range (its bounds-check bug,
 * which LLVM works around).  A multi-dword access is range-checked per
 * dword, an atomic as a whole.  Alignment rules: sim/sem_mem.h.  GDS
 * (gds bit), the GWS ops, ds_ordered_count, the src2 ops and
 * ds_condxchg32 are not executed (sim/unexecuted.def).  Every DS
 * instruction counts one LGKM event.  Element sizes and the st64 strides
 * come from the rows (the ESIZE and FORM columns of isa/ops/ds.def, as
 * ISA_DS_ESIZE_<KEY> and ISA_DS_STRIDE_<KEY>). */
#include "sim/sem_mem.h"

/* Fault for a GDS access (not simulated); returns nonzero then. */
static int ds_gds(wave_t *w, const isa_inst_t *in)
{
    if (!in->gds)
        return 0;
    wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: GDS accesses are not implemented by gcnsim", mem_name(in));
    return 1;
}

static void ds_count(wave_t *w)
{
    if (w->fx)
        w->fx->lgkm_cnt++;
}

/* Plan the LDS access of every active lane: nel elements of esize bytes at
 * base[l] + off[e] (32-bit), split into dword pieces (one piece when
 * esize < 4).  An atomic element is in or out of range as a whole.
 * Returns 0, or -1 after an alignment fault. */
static int ds_plan(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, const uint32_t *base, const uint32_t *off,
                   unsigned nel, unsigned esize, int kind, uint32_t limit, int neg_bug)
{
    unsigned per = esize < 4 ? 1 : esize / 4, psize = esize < 4 ? esize : 4;
    pl->mask = wave_exec(w);
    pl->oob = 0;
    pl->npieces = nel * per;
    pl->psize = psize;
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        pl->space[l] = FX_SPACE_LDS;
        int dead = neg_bug && (int32_t)base[l] < 0;
        for (unsigned e = 0; e < nel; e++) {
            uint32_t a = base[l] + off[e];
            if (mem_lds_misaligned(w, a, esize, kind == MEM_RMW)) {
                mem_fault_misaligned(w, in, (int)l, a, esize,
                                     kind == MEM_RMW ? "atomics need natural alignment"
                                                     : "LDS on gfx6-8 needs natural alignment");
                return -1;
            }
            int out = dead || (kind == MEM_RMW && (uint64_t)a + esize > limit);
            for (unsigned j = 0; j < per; j++) {
                uint64_t pa = (uint64_t)a + 4 * j;
                uint8_t *p = out ? NULL : mem_lds(w, pa, psize, limit);
                pl->a[e * per + j][l] = pa;
                pl->p[e * per + j][l] = p;
                if (!p)
                    pl->oob |= 1ull << l;
            }
        }
    }
    mem_count_lds_oob(w, pl);
    return 0;
}

/* The usual LDS limit and the gfx6 negative-base rule of ordinary DS ops. */
static int ds_plan_std(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, const uint32_t *base, const uint32_t *off,
                       unsigned nel, unsigned esize, int kind)
{
    return ds_plan(w, in, pl, base, off, nel, esize, kind, mem_lds_limit(w, 1), w->ctx->t->gen == ISA_GFX6);
}

/* Whether the fast path of plain dword accesses applies: every element of
 * every active lane aligned (by the rule) and inside the limit.  Otherwise
 * the general path runs, with the same results plus faults and
 * out-of-range handling.  The fast path fills the effects record as the
 * general path does (ds_fast_fx). */
static inline __attribute__((always_inline)) int ds_fast(const wave_t *w, const uint32_t *base, const uint32_t *off, unsigned nel, unsigned esize,
                          uint64_t exec)
{
    int gen = w->ctx->t->gen;
    uint32_t amask = gen >= ISA_GFX9 ? 0 : esize >= 12 ? 15 : esize - 1, neg = gen == ISA_GFX6 ? 0x80000000u : 0;
    uint64_t lim = mem_lds_limit(w, 1), bad = 0;
    if (exec == ~0ull) {
        /* all lanes: one vectorisable pass (OR and max of the bases) decides;
         * a misaligned offset or a sum past 32 bits takes the general path */
        uint64_t maxoff = 0;
        for (unsigned e = 0; e < nel; e++) {
            if (off[e] & amask)
                return 0;
            maxoff = off[e] > maxoff ? off[e] : maxoff;
        }
        if (maxoff + esize > lim || lim - maxoff - esize >= 0x80000000u)
            return 0;
        /* every base[l] <= top, so base[l] + off[e] + esize <= lim (no
         * wrap): with top below 2^31, base[l] > top exactly when base[l]
         * or top - base[l] has bit 31 set (integer ops only: vectorises) */
        uint32_t top = (uint32_t)(lim - maxoff - esize), any = 0, over = 0;
        for (unsigned l = 0; l < 64; l++) {
            any |= base[l];
            over |= (top - base[l]) | base[l];
        }
        return (any & (amask | neg)) == 0 && !(over & 0x80000000u);
    } else {
        for (uint64_t m = exec; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            for (unsigned e = 0; e < nel; e++) {
                uint32_t a = base[l] + off[e];
                bad |= (a & amask) | (base[l] & neg) | ((uint64_t)a + esize > lim);
            }
        }
    }
    return bad == 0;
}

/* How the 16 lanes of each row of a wave address the LDS: DS_ROW_CONS
 * consecutive dwords (base[r] + 4 i), DS_ROW_SAME one address, else
 * DS_ROW_ANY (one dword per lane). */
enum { DS_ROW_ANY, DS_ROW_CONS, DS_ROW_SAME };

static inline __attribute__((always_inline)) void ds_row_kinds(const uint32_t *base, uint8_t kind[4])
{
#pragma GCC unroll 4
    for (unsigned r = 0; r < 4; r++) {
        const uint32_t *b = base + 16 * r;
        mem_v4u b0 = (mem_v4u){0, 0, 0, 0} + b[0], same = {0, 0, 0, 0};
        for (unsigned q = 0; q < 4; q++) {
            mem_v4u x;
            memcpy(&x, b + 4 * q, sizeof x);
            same |= x ^ b0;
        }
        kind[r] = mem_row_consecutive(b) ? DS_ROW_CONS : !(same[0] | same[1] | same[2] | same[3]) ? DS_ROW_SAME
                                                                                                  : DS_ROW_ANY;
    }
}

/* out[l] = the dword at LDS offset base[l] + o for all 64 lanes (every one
 * in range), a row at a time where ds_row_kinds found a pattern. */
static inline __attribute__((always_inline)) void ds_gather64(const uint8_t *lds, const uint32_t *base, uint32_t o, const uint8_t kind[4],
                               uint32_t *out)
{
#pragma GCC unroll 4
    for (unsigned r = 0; r < 64; r += 16) {
        const uint32_t *b = base + r;
        const uint8_t *p = lds + (uint32_t)(b[0] + o);
        if (kind[r / 16] == DS_ROW_CONS)
            memcpy(out + r, p, 64);
        else if (kind[r / 16] == DS_ROW_SAME) {
            uint32_t x;
            memcpy(&x, p, 4);
            for (unsigned i = 0; i < 16; i++)
                out[r + i] = x;
        } else
            for (unsigned i = 0; i < 16; i++)
                memcpy(&out[r + i], lds + (uint32_t)(b[i] + o), 4);
    }
}

/* Fast path: dword k of element e of every active lane into v[e * per + k]. */
static inline __attribute__((always_inline)) void ds_fast_read(const wave_t *w, const uint32_t *base, const uint32_t *off, unsigned nel, unsigned per,
                                uint64_t exec, uint32_t *const v[])
{
    const uint8_t *lds = w->wg->lds;
    uint8_t kind[4] = {0, 0, 0, 0};
    if (exec == ~0ull)
        ds_row_kinds(base, kind);
    for (unsigned e = 0; e < nel; e++)
        for (unsigned k = 0; k < per; k++) {
            uint32_t *out = v[e * per + k], o = off[e] + 4 * k;
            if (exec == ~0ull)
                ds_gather64(lds, base, o, kind, out);
            else
                for (uint64_t m = exec; m; m &= m - 1) {
                    unsigned l = (unsigned)__builtin_ctzll(m);
                    memcpy(&out[l], lds + (uint32_t)(base[l] + o), 4);
                }
        }
}

/* addr[l] = base[l] + o for all 64 lanes (none wraps); returns
 * FX_PAT_LDS_FREE when their dwords, dws per lane, lie within 32
 * consecutive dwords or form one run in lane order (wave.h), else
 * FX_PAT_LDS_OTHER.  In
 * 32 bits (the LDS offsets are), so that it vectorises. */
static inline __attribute__((always_inline)) uint8_t ds_fx_addrs64(uint64_t *addr, const uint32_t *base, uint32_t o,
                                                                  unsigned dws)
{
    uint32_t d0 = (base[0] + o) >> 2, lo = d0, hi = d0, run = 0;
    for (unsigned l = 0; l < 64; l++) {
        uint32_t x = base[l] + o, d = x >> 2;
        addr[l] = x;
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
        run |= d - d0 - l * dws;   /* 0 for every lane of one run */
    }
    return run == 0 || hi - lo + dws <= 32 ? FX_PAT_LDS_FREE : FX_PAT_LDS_OTHER;
}

/* The fast path's effects record: the access entries the general path
 * (mem_plan_fx) makes for nparts address sets of bytes bytes each at
 * base[l] + off[part], every lane of exec in range, none when exec is 0. */
static inline __attribute__((always_inline)) void ds_fast_fx(wave_t *w, const uint32_t *base, const uint32_t *off,
                                                            unsigned nparts, unsigned bytes, uint64_t exec, int write)
{
    fx_t *fx = w->fx;
    if (!fx || !exec)
        return;
    for (unsigned part = 0; part < nparts; part++) {
        fx_access_t *a = mem_fx_entry(w, FX_SPACE_LDS, write, bytes, exec);
        if (!a)
            return;
        if (exec == ~0ull)
            a->pat = ds_fx_addrs64(a->addr, base, off[part], bytes > 4 ? (bytes + 3u) / 4 : 1);
        else
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                a->addr[l] = (uint32_t)(base[l] + off[part]);
            }
    }
}

/* The rows the fast path of a read of ndw dwords to VGPR dst reads into:
 * the destination rows themselves when every lane is written, nothing is
 * recorded and none of them is the address row (then returns 1), else
 * the rows of buf (returns 0; the caller writes them back). */
static inline __attribute__((always_inline)) int ds_read_rows(wave_t *w, unsigned dst, unsigned ndw, unsigned vaddr, uint64_t exec,
                               uint32_t buf[][64], uint32_t *rows[])
{
    int direct = exec == ~0ull && !w->fx && (vaddr < dst || vaddr >= dst + ndw);
    for (unsigned k = 0; k < ndw; k++)
        rows[k] = direct ? w->vgpr[dst + k] : buf[k];
    return direct;
}

/* Fast path: dword k of element e of every active lane from s[e * per +
 * k], in the general path's order (dword by dword, lanes in order), each
 * write listed in the effects record when there is one. */
static inline void ds_fast_write(wave_t *w, const uint32_t *base, const uint32_t *off, unsigned nel, unsigned per,
                                 uint64_t exec, uint32_t *const s[])
{
    uint8_t *lds = w->wg->lds;
    if (exec == ~0ull && !w->fx) {   /* a row at a time; rows in order, so a later lane still wins */
        uint8_t kind[4];
        ds_row_kinds(base, kind);
        for (unsigned e = 0; e < nel; e++)
            for (unsigned k = 0; k < per; k++) {
                const uint32_t *in = s[e * per + k];
                uint32_t o = off[e] + 4 * k;
                for (unsigned r = 0; r < 64; r += 16) {
                    if (kind[r / 16] == DS_ROW_CONS)
                        memcpy(lds + (uint32_t)(base[r] + o), in + r, 64);
                    else if (kind[r / 16] == DS_ROW_SAME)
                        memcpy(lds + (uint32_t)(base[r] + o), in + r + 15, 4);
                    else
                        for (unsigned l = r; l < r + 16; l++)
                            memcpy(lds + (uint32_t)(base[l] + o), &in[l], 4);
                }
            }
        return;
    }
    for (unsigned e = 0; e < nel; e++)
        for (unsigned k = 0; k < per; k++) {
            const uint32_t *in = s[e * per + k];
            uint32_t o = off[e] + 4 * k;
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                uint32_t a = base[l] + o;
                if (w->fx)
                    mem_log_write(w, FX_SPACE_LDS, a, lds + a, 4);
                memcpy(lds + a, &in[l], 4);
            }
        }
}

/* ---- reads -------------------------------------------------------------- */

enum { EXT_NONE, EXT_U8, EXT_I8, EXT_U16, EXT_I16 };

/* The 32-bit register value of a sub-dword read: extended to 32 bits, or
 * (d16) extended to 16 bits into the low or (hi) high half of old. */
static inline uint32_t ds_ext(uint32_t v, unsigned ext, int d16, int hi, uint32_t old)
{
    switch (ext) {
    case EXT_U8: v &= 0xff; break;
    case EXT_I8: v = (uint32_t)(int32_t)(int8_t)v; break;
    case EXT_U16: v &= 0xffff; break;
    case EXT_I16: v = (uint32_t)(int32_t)(int16_t)v; break;
    default: break;
    }
    if (!d16)
        return v;
    return hi ? (old & 0xffffu) | v << 16 : (old & 0xffff0000u) | (v & 0xffff);
}

/* VDST = MEM[ADDR + offset] (esize bytes; sub-dword sizes extended) */
static inline void ds_read(wave_t *w, const isa_inst_t *in, unsigned esize, unsigned ext, int d16, int hi)
{
    if (ds_gds(w, in))
        return;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off = (uint32_t)in->offset, *d[4];
    unsigned ndw = esize < 4 ? 1 : esize / 4;
    if (!addr || mem_vregs(w, in->dst, ndw, d))
        return;
    uint32_t v[4][64], *rows[4];
    uint64_t exec = wave_exec(w);
    if (esize >= 4 && ds_fast(w, addr, &off, 1, esize, exec)) {
        int direct = ds_read_rows(w, in->dst - 256u, ndw, in->vaddr - 256u, exec, v, rows);
        ds_fast_read(w, addr, &off, 1, ndw, exec, rows);
        ds_fast_fx(w, addr, &off, 1, esize, exec, 0);
        if (!direct)
            for (unsigned k = 0; k < ndw; k++)
                wave_write_vreg(w, in->dst - 256 + k, v[k], exec);
        ds_count(w);
        return;
    }
    mem_plan_t pl;
    if (ds_plan_std(w, in, &pl, addr, &off, 1, esize, MEM_READ))
        return;
    for (unsigned k = 0; k < ndw; k++)
        mem_plan_read(&pl, k, v[k]);
    if (ext != EXT_NONE)
        for (uint64_t m = pl.mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            v[0][l] = ds_ext(v[0][l], ext, d16, hi, d[0][l]);
        }
    for (unsigned k = 0; k < ndw; k++)
        wave_write_vreg(w, in->dst - 256 + k, v[k], pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, 0);
    ds_count(w);
}

/* fn: the handler of row KEY, its element size from the row */
#define DS_READ(fn, KEY, ext, d16, hi) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_read(w, in, ISA_DS_ESIZE_##KEY, ext, d16, hi); }

/* VDST = MEM[ADDR + offset], 1/2/3/4 dwords */
DS_READ(ds_read_b32, DS_READ_B32, EXT_NONE, 0, 0)
DS_READ(ds_read_b64, DS_READ_B64, EXT_NONE, 0, 0)
DS_READ(ds_read_b96, DS_READ_B96, EXT_NONE, 0, 0)
DS_READ(ds_read_b128, DS_READ_B128, EXT_NONE, 0, 0)
/* VDST = zero/sign-extended byte or short at ADDR + offset */
DS_READ(ds_read_u8, DS_READ_U8, EXT_U8, 0, 0)
DS_READ(ds_read_i8, DS_READ_I8, EXT_I8, 0, 0)
DS_READ(ds_read_u16, DS_READ_U16, EXT_U16, 0, 0)
DS_READ(ds_read_i16, DS_READ_I16, EXT_I16, 0, 0)
/* VDST[15:0] = extended byte/short, VDST[31:16] kept (gfx9) */
DS_READ(ds_read_u8_d16, DS_READ_U8_D16, EXT_U8, 1, 0)
DS_READ(ds_read_i8_d16, DS_READ_I8_D16, EXT_I8, 1, 0)
DS_READ(ds_read_u16_d16, DS_READ_U16_D16, EXT_U16, 1, 0)
/* VDST[31:16] = extended byte/short, VDST[15:0] kept (gfx9) */
DS_READ(ds_read_u8_d16_hi, DS_READ_U8_D16_HI, EXT_U8, 1, 1)
DS_READ(ds_read_i8_d16_hi, DS_READ_I8_D16_HI, EXT_I8, 1, 1)
DS_READ(ds_read_u16_d16_hi, DS_READ_U16_D16_HI, EXT_U16, 1, 1)

/* VDST = MEM[ADDR + offset0 * esize * stride], MEM[ADDR + offset1 * esize * stride] */
static inline __attribute__((always_inline)) void ds_read2(wave_t *w, const isa_inst_t *in, unsigned esize, unsigned stride)
{
    if (ds_gds(w, in))
        return;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off[2] = {(uint32_t)in->offset * esize * stride, (uint32_t)in->offset1 * esize * stride}, *d[4];
    unsigned ndw = 2 * esize / 4;
    if (!addr || mem_vregs(w, in->dst, ndw, d))
        return;
    uint32_t v[4][64], *rows[4];
    uint64_t exec = wave_exec(w);
    if (ds_fast(w, addr, off, 2, esize, exec)) {
        int direct = ds_read_rows(w, in->dst - 256u, ndw, in->vaddr - 256u, exec, v, rows);
        ds_fast_read(w, addr, off, 2, esize / 4, exec, rows);
        ds_fast_fx(w, addr, off, 2, esize, exec, 0);
        if (!direct)
            for (unsigned k = 0; k < ndw; k++)
                wave_write_vreg(w, in->dst - 256 + k, v[k], exec);
        ds_count(w);
        return;
    }
    mem_plan_t pl;
    if (ds_plan_std(w, in, &pl, addr, off, 2, esize, MEM_READ))
        return;
    for (unsigned k = 0; k < ndw; k++)
        mem_plan_read(&pl, k, v[k]);
    for (unsigned k = 0; k < ndw; k++)
        wave_write_vreg(w, in->dst - 256 + k, v[k], pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, ndw / 2);
    ds_count(w);
}

#define DS_READ2(fn, KEY) \
    __attribute__((target_clones("arch=x86-64-v3", "default"))) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_read2(w, in, ISA_DS_ESIZE_##KEY, ISA_DS_STRIDE_##KEY); }

DS_READ2(ds_read2_b32, DS_READ2_B32)
DS_READ2(ds_read2st64_b32, DS_READ2ST64_B32)
DS_READ2(ds_read2_b64, DS_READ2_B64)
DS_READ2(ds_read2st64_b64, DS_READ2ST64_B64)

/* ---- writes ------------------------------------------------------------- */

/* MEM[ADDR + offset] = DATA0 (esize bytes; d16_hi: the high half) */
static inline void ds_write(wave_t *w, const isa_inst_t *in, unsigned esize, unsigned shift)
{
    if (ds_gds(w, in))
        return;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off = (uint32_t)in->offset, *s[4];
    unsigned ndw = esize < 4 ? 1 : esize / 4;
    if (!addr || mem_vregs(w, in->vdata, ndw, s))
        return;
    uint64_t exec = wave_exec(w);
    if (esize >= 4 && ds_fast(w, addr, &off, 1, esize, exec)) {
        ds_fast_write(w, addr, &off, 1, ndw, exec, s);
        ds_fast_fx(w, addr, &off, 1, esize, exec, 1);
        ds_count(w);
        return;
    }
    mem_plan_t pl;
    if (ds_plan_std(w, in, &pl, addr, &off, 1, esize, MEM_WRITE))
        return;
    for (unsigned k = 0; k < ndw; k++) {
        uint32_t v[64];
        for (uint64_t m = pl.mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            v[l] = s[k][l] >> shift;
        }
        mem_plan_write(w, &pl, k, v);
    }
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
    ds_count(w);
}

#define DS_WRITE(fn, KEY, shift) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_write(w, in, ISA_DS_ESIZE_##KEY, shift); }

/* MEM[ADDR + offset] = DATA0, 1/2/3/4 dwords */
DS_WRITE(ds_write_b32, DS_WRITE_B32, 0)
DS_WRITE(ds_write_b64, DS_WRITE_B64, 0)
DS_WRITE(ds_write_b96, DS_WRITE_B96, 0)
DS_WRITE(ds_write_b128, DS_WRITE_B128, 0)
/* MEM[ADDR + offset] = DATA0[7:0] / DATA0[15:0] */
DS_WRITE(ds_write_b8, DS_WRITE_B8, 0)
DS_WRITE(ds_write_b16, DS_WRITE_B16, 0)
/* MEM[ADDR + offset] = DATA0[23:16] / DATA0[31:16] (gfx9) */
DS_WRITE(ds_write_b8_d16_hi, DS_WRITE_B8_D16_HI, 16)
DS_WRITE(ds_write_b16_d16_hi, DS_WRITE_B16_D16_HI, 16)

/* MEM[ADDR + offset0 * esize * stride] = DATA0; MEM[ADDR + offset1 * esize * stride] = DATA1 */
static inline void ds_write2(wave_t *w, const isa_inst_t *in, unsigned esize, unsigned stride)
{
    if (ds_gds(w, in))
        return;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off[2] = {(uint32_t)in->offset * esize * stride, (uint32_t)in->offset1 * esize * stride}, *s[4];
    unsigned per = esize / 4;
    if (!addr || mem_vregs(w, in->src[1], per, s) || mem_vregs(w, in->src[2], per, s + per))
        return;
    uint64_t exec = wave_exec(w);
    if (ds_fast(w, addr, off, 2, esize, exec)) {
        ds_fast_write(w, addr, off, 2, per, exec, s);
        ds_fast_fx(w, addr, off, 2, esize, exec, 1);
        ds_count(w);
        return;
    }
    mem_plan_t pl;
    if (ds_plan_std(w, in, &pl, addr, off, 2, esize, MEM_WRITE))
        return;
    for (unsigned k = 0; k < 2 * per; k++)
        mem_plan_write(w, &pl, k, s[k]);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, per);
    ds_count(w);
}

#define DS_WRITE2(fn, KEY) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_write2(w, in, ISA_DS_ESIZE_##KEY, ISA_DS_STRIDE_##KEY); }

DS_WRITE2(ds_write2_b32, DS_WRITE2_B32)
DS_WRITE2(ds_write2st64_b32, DS_WRITE2ST64_B32)
DS_WRITE2(ds_write2_b64, DS_WRITE2_B64)
DS_WRITE2(ds_write2st64_b64, DS_WRITE2ST64_B64)

/* ---- atomics ------------------------------------------------------------ */

/* Read-modify-write the element starting at piece k of every planned lane
 * in lane order; old[] receives the pre-operation values (0 where out of
 * range). */
static inline void ds_rmw(wave_t *w, const mem_plan_t *pl, unsigned k, atom_t op, unsigned esize,
                          uint32_t *const a[2], uint32_t *const b[2], uint32_t old[2][64])
{
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t *p = pl->p[k][l];
        if (!p) {
            old[0][l] = old[1][l] = 0;
            continue;
        }
        if (esize == 4) {
            uint32_t o;
            memcpy(&o, p, 4);
            uint32_t n = atom32(op, o, a[0][l], b[0] ? b[0][l] : 0);
            if (w->fx)
                mem_log_write(w, FX_SPACE_LDS, pl->a[k][l], p, 4);
            memcpy(p, &n, 4);
            old[0][l] = o;
        } else {
            uint64_t o;
            memcpy(&o, p, 8);
            uint64_t av = (uint64_t)a[1][l] << 32 | a[0][l];
            uint64_t bv = b[0] ? (uint64_t)b[1][l] << 32 | b[0][l] : 0;
            uint64_t n = atom64(op, o, av, bv);
            if (w->fx)
                mem_log_write(w, FX_SPACE_LDS, pl->a[k][l], p, 8);
            memcpy(p, &n, 8);
            old[0][l] = (uint32_t)o;
            old[1][l] = (uint32_t)(o >> 32);
        }
    }
}

/* Plan atomic elements (each in or out of range as a whole). */
static int ds_atomic_plan(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, const uint32_t *addr,
                          const uint32_t *off, unsigned nel, unsigned esize, uint32_t limit, int neg_bug)
{
    return ds_plan(w, in, pl, addr, off, nel, esize, MEM_RMW, limit, neg_bug);
}

/* MEM = op(MEM, DATA0[, DATA1]); RETURN MEM's old value when rtn.
 * ds_cmpst compares with DATA0 and stores DATA1 (clang's lowering of
 * atomic_cmpxchg: ds_cmpst_rtn_b32 vdst, addr, cmp, new); mskor:
 * (MEM & ~DATA0) | DATA1; wrap: MEM >= DATA0 ? MEM - DATA0 : MEM + DATA1. */
static inline void ds_atomic(wave_t *w, const isa_inst_t *in, atom_t op, unsigned esize, int rtn)
{
    if (ds_gds(w, in))
        return;
    const isa_row_t *r = isa_row(in->op);
    unsigned per = esize / 4;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off = (uint32_t)in->offset, *d0[2] = {0, 0}, *d1[2] = {0, 0}, *dst[2];
    mem_plan_t pl;
    if (!addr || mem_vregs(w, in->src[1], per, d0) || (r->nsrc > 2 && mem_vregs(w, in->src[2], per, d1)) ||
        (rtn && mem_vregs(w, in->dst, per, dst)) ||
        ds_atomic_plan(w, in, &pl, addr, &off, 1, esize, mem_lds_limit(w, 1), w->ctx->t->gen == ISA_GFX6))
        return;
    int cmp = op == AT_CMPSWAP || op == AT_FCMPSWAP;
    uint32_t old[2][64];
    ds_rmw(w, &pl, 0, op, esize, cmp ? d1 : d0, cmp ? d0 : d1, old);
    if (rtn)
        for (unsigned k = 0; k < per; k++)
            wave_write_vreg(w, in->dst - 256 + k, old[k], pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_RMW, 0);
    ds_count(w);
}

#define DS_ATOMIC(fn, op, KEY, rtn) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_atomic(w, in, op, ISA_DS_ESIZE_##KEY, rtn); }

/* 32-bit: MEM = op(MEM, DATA) */
DS_ATOMIC(ds_add_u32, AT_ADD, DS_ADD_U32, 0)
DS_ATOMIC(ds_sub_u32, AT_SUB, DS_SUB_U32, 0)
DS_ATOMIC(ds_rsub_u32, AT_RSUB, DS_RSUB_U32, 0)
DS_ATOMIC(ds_inc_u32, AT_INC, DS_INC_U32, 0)
DS_ATOMIC(ds_dec_u32, AT_DEC, DS_DEC_U32, 0)
DS_ATOMIC(ds_min_i32, AT_SMIN, DS_MIN_I32, 0)
DS_ATOMIC(ds_max_i32, AT_SMAX, DS_MAX_I32, 0)
DS_ATOMIC(ds_min_u32, AT_UMIN, DS_MIN_U32, 0)
DS_ATOMIC(ds_max_u32, AT_UMAX, DS_MAX_U32, 0)
DS_ATOMIC(ds_and_b32, AT_AND, DS_AND_B32, 0)
DS_ATOMIC(ds_or_b32, AT_OR, DS_OR_B32, 0)
DS_ATOMIC(ds_xor_b32, AT_XOR, DS_XOR_B32, 0)
DS_ATOMIC(ds_mskor_b32, AT_MSKOR, DS_MSKOR_B32, 0)
DS_ATOMIC(ds_cmpst_b32, AT_CMPSWAP, DS_CMPST_B32, 0)
DS_ATOMIC(ds_cmpst_f32, AT_FCMPSWAP, DS_CMPST_F32, 0)
DS_ATOMIC(ds_min_f32, AT_FMIN, DS_MIN_F32, 0)
DS_ATOMIC(ds_max_f32, AT_FMAX, DS_MAX_F32, 0)
DS_ATOMIC(ds_add_f32, AT_FADD, DS_ADD_F32, 0)
/* 32-bit, RETURN = old MEM */
DS_ATOMIC(ds_add_rtn_u32, AT_ADD, DS_ADD_RTN_U32, 1)
DS_ATOMIC(ds_sub_rtn_u32, AT_SUB, DS_SUB_RTN_U32, 1)
DS_ATOMIC(ds_rsub_rtn_u32, AT_RSUB, DS_RSUB_RTN_U32, 1)
DS_ATOMIC(ds_inc_rtn_u32, AT_INC, DS_INC_RTN_U32, 1)
DS_ATOMIC(ds_dec_rtn_u32, AT_DEC, DS_DEC_RTN_U32, 1)
DS_ATOMIC(ds_min_rtn_i32, AT_SMIN, DS_MIN_RTN_I32, 1)
DS_ATOMIC(ds_max_rtn_i32, AT_SMAX, DS_MAX_RTN_I32, 1)
DS_ATOMIC(ds_min_rtn_u32, AT_UMIN, DS_MIN_RTN_U32, 1)
DS_ATOMIC(ds_max_rtn_u32, AT_UMAX, DS_MAX_RTN_U32, 1)
DS_ATOMIC(ds_and_rtn_b32, AT_AND, DS_AND_RTN_B32, 1)
DS_ATOMIC(ds_or_rtn_b32, AT_OR, DS_OR_RTN_B32, 1)
DS_ATOMIC(ds_xor_rtn_b32, AT_XOR, DS_XOR_RTN_B32, 1)
DS_ATOMIC(ds_mskor_rtn_b32, AT_MSKOR, DS_MSKOR_RTN_B32, 1)
DS_ATOMIC(ds_wrxchg_rtn_b32, AT_SWAP, DS_WRXCHG_RTN_B32, 1)
DS_ATOMIC(ds_cmpst_rtn_b32, AT_CMPSWAP, DS_CMPST_RTN_B32, 1)
DS_ATOMIC(ds_cmpst_rtn_f32, AT_FCMPSWAP, DS_CMPST_RTN_F32, 1)
DS_ATOMIC(ds_min_rtn_f32, AT_FMIN, DS_MIN_RTN_F32, 1)
DS_ATOMIC(ds_max_rtn_f32, AT_FMAX, DS_MAX_RTN_F32, 1)
DS_ATOMIC(ds_wrap_rtn_b32, AT_WRAP, DS_WRAP_RTN_B32, 1)
DS_ATOMIC(ds_add_rtn_f32, AT_FADD, DS_ADD_RTN_F32, 1)
/* 64-bit: MEM = op(MEM, DATA) */
DS_ATOMIC(ds_add_u64, AT_ADD, DS_ADD_U64, 0)
DS_ATOMIC(ds_sub_u64, AT_SUB, DS_SUB_U64, 0)
DS_ATOMIC(ds_rsub_u64, AT_RSUB, DS_RSUB_U64, 0)
DS_ATOMIC(ds_inc_u64, AT_INC, DS_INC_U64, 0)
DS_ATOMIC(ds_dec_u64, AT_DEC, DS_DEC_U64, 0)
DS_ATOMIC(ds_min_i64, AT_SMIN, DS_MIN_I64, 0)
DS_ATOMIC(ds_max_i64, AT_SMAX, DS_MAX_I64, 0)
DS_ATOMIC(ds_min_u64, AT_UMIN, DS_MIN_U64, 0)
DS_ATOMIC(ds_max_u64, AT_UMAX, DS_MAX_U64, 0)
DS_ATOMIC(ds_and_b64, AT_AND, DS_AND_B64, 0)
DS_ATOMIC(ds_or_b64, AT_OR, DS_OR_B64, 0)
DS_ATOMIC(ds_xor_b64, AT_XOR, DS_XOR_B64, 0)
DS_ATOMIC(ds_mskor_b64, AT_MSKOR, DS_MSKOR_B64, 0)
DS_ATOMIC(ds_cmpst_b64, AT_CMPSWAP, DS_CMPST_B64, 0)
DS_ATOMIC(ds_cmpst_f64, AT_FCMPSWAP, DS_CMPST_F64, 0)
DS_ATOMIC(ds_min_f64, AT_FMIN, DS_MIN_F64, 0)
DS_ATOMIC(ds_max_f64, AT_FMAX, DS_MAX_F64, 0)
/* 64-bit, RETURN = old MEM */
DS_ATOMIC(ds_add_rtn_u64, AT_ADD, DS_ADD_RTN_U64, 1)
DS_ATOMIC(ds_sub_rtn_u64, AT_SUB, DS_SUB_RTN_U64, 1)
DS_ATOMIC(ds_rsub_rtn_u64, AT_RSUB, DS_RSUB_RTN_U64, 1)
DS_ATOMIC(ds_inc_rtn_u64, AT_INC, DS_INC_RTN_U64, 1)
DS_ATOMIC(ds_dec_rtn_u64, AT_DEC, DS_DEC_RTN_U64, 1)
DS_ATOMIC(ds_min_rtn_i64, AT_SMIN, DS_MIN_RTN_I64, 1)
DS_ATOMIC(ds_max_rtn_i64, AT_SMAX, DS_MAX_RTN_I64, 1)
DS_ATOMIC(ds_min_rtn_u64, AT_UMIN, DS_MIN_RTN_U64, 1)
DS_ATOMIC(ds_max_rtn_u64, AT_UMAX, DS_MAX_RTN_U64, 1)
DS_ATOMIC(ds_and_rtn_b64, AT_AND, DS_AND_RTN_B64, 1)
DS_ATOMIC(ds_or_rtn_b64, AT_OR, DS_OR_RTN_B64, 1)
DS_ATOMIC(ds_xor_rtn_b64, AT_XOR, DS_XOR_RTN_B64, 1)
DS_ATOMIC(ds_mskor_rtn_b64, AT_MSKOR, DS_MSKOR_RTN_B64, 1)
DS_ATOMIC(ds_wrxchg_rtn_b64, AT_SWAP, DS_WRXCHG_RTN_B64, 1)
DS_ATOMIC(ds_cmpst_rtn_b64, AT_CMPSWAP, DS_CMPST_RTN_B64, 1)
DS_ATOMIC(ds_cmpst_rtn_f64, AT_FCMPSWAP, DS_CMPST_RTN_F64, 1)
DS_ATOMIC(ds_min_rtn_f64, AT_FMIN, DS_MIN_RTN_F64, 1)
DS_ATOMIC(ds_max_rtn_f64, AT_FMAX, DS_MAX_RTN_F64, 1)

/* RETURN = MEM[ADDR + offset0 * esize * stride], MEM[ADDR + offset1 * ...];
 * those locations = DATA0, DATA1 (two atomic exchanges) */
static inline void ds_wrxchg2(wave_t *w, const isa_inst_t *in, unsigned esize, unsigned stride)
{
    if (ds_gds(w, in))
        return;
    unsigned per = esize / 4;
    const uint32_t *addr = wave_vreg(w, in->vaddr - 256);
    uint32_t off[2] = {(uint32_t)in->offset * esize * stride, (uint32_t)in->offset1 * esize * stride};
    uint32_t *d0[2] = {0, 0}, *d1[2] = {0, 0}, *dst[4], *none[2] = {0, 0};
    mem_plan_t pl;
    if (!addr || mem_vregs(w, in->src[1], per, d0) || mem_vregs(w, in->src[2], per, d1) ||
        mem_vregs(w, in->dst, 2 * per, dst) ||
        ds_atomic_plan(w, in, &pl, addr, off, 2, esize, mem_lds_limit(w, 1), w->ctx->t->gen == ISA_GFX6))
        return;
    uint32_t old0[2][64], old1[2][64];
    ds_rmw(w, &pl, 0, AT_SWAP, esize, d0, none, old0);
    ds_rmw(w, &pl, per, AT_SWAP, esize, d1, none, old1);
    for (unsigned k = 0; k < per; k++) {
        wave_write_vreg(w, in->dst - 256 + k, old0[k], pl.mask);
        wave_write_vreg(w, in->dst - 256 + per + k, old1[k], pl.mask);
    }
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_RMW, per);
    ds_count(w);
}

#define DS_WRXCHG2(fn, KEY) \
    static void fn(wave_t *w, const isa_inst_t *in) { ds_wrxchg2(w, in, ISA_DS_ESIZE_##KEY, ISA_DS_STRIDE_##KEY); }

DS_WRXCHG2(ds_wrxchg2_rtn_b32, DS_WRXCHG2_RTN_B32)
DS_WRXCHG2(ds_wrxchg2st64_rtn_b32, DS_WRXCHG2ST64_RTN_B32)
DS_WRXCHG2(ds_wrxchg2_rtn_b64, DS_WRXCHG2_RTN_B64)
DS_WRXCHG2(ds_wrxchg2st64_rtn_b64, DS_WRXCHG2ST64_RTN_B64)

/* ---- counters (M0 holds the LDS address) --------------------------------- */

/* RETURN = MEM[M0[15:0] + offset] in every active lane; MEM +/-= the number of active lanes */
static inline void ds_counter(wave_t *w, const isa_inst_t *in, int dir)
{
    if (ds_gds(w, in))
        return;
    uint32_t base[64], off = (uint32_t)in->offset, *dst[1];
    uint64_t exec = wave_exec(w);
    for (unsigned l = 0; l < 64; l++)
        base[l] = w->sgpr[SREG_M0] & 0xffff;
    mem_plan_t pl;
    if (mem_vregs(w, in->dst, 1, dst) ||
        ds_atomic_plan(w, in, &pl, base, &off, 1, ISA_DS_ESIZE_DS_APPEND, w->wg->lds_size, 0))
        return;
    uint32_t old = 0, v[64];
    int first = exec ? __builtin_ctzll(exec) : -1;
    if (first >= 0 && pl.p[0][first]) {
        uint8_t *p = pl.p[0][first];
        memcpy(&old, p, 4);
        uint32_t n = old + (uint32_t)dir * mem_popcount(exec);
        if (w->fx)
            mem_log_write(w, FX_SPACE_LDS, pl.a[0][first], p, 4);
        memcpy(p, &n, 4);
    }
    for (unsigned l = 0; l < 64; l++)
        v[l] = old;
    wave_write_vreg(w, in->dst - 256, v, exec);
    if (w->fx) {
        pl.mask = first >= 0 ? 1ull << first : 0;
        pl.npieces = 1;
        mem_plan_fx(w, &pl, MEM_RMW, 0);
    }
    ds_count(w);
}

/* RETURN = counter at M0 + offset; counter += popcount(EXEC) */
static void ds_append(wave_t *w, const isa_inst_t *in) { ds_counter(w, in, 1); }
/* RETURN = counter at M0 + offset; counter -= popcount(EXEC) */
static void ds_consume(wave_t *w, const isa_inst_t *in) { ds_counter(w, in, -1); }

/* Base lane addresses M0[15:0] + lane * 4 of the gfx9 addtid ops. */
static void addtid_base(const wave_t *w, uint32_t base[64])
{
    for (unsigned l = 0; l < 64; l++)
        base[l] = (w->sgpr[SREG_M0] & 0xffff) + 4 * l;
}

/* VDST = MEM[M0 + offset + lane * 4] (gfx9) */
static void ds_read_addtid_b32(wave_t *w, const isa_inst_t *in)
{
    if (ds_gds(w, in))
        return;
    uint32_t base[64], off = (uint32_t)in->offset, *d[1], v[64];
    addtid_base(w, base);
    mem_plan_t pl;
    if (mem_vregs(w, in->dst, 1, d) ||
        ds_plan(w, in, &pl, base, &off, 1, ISA_DS_ESIZE_DS_READ_ADDTID_B32, MEM_READ, w->wg->lds_size, 0))
        return;
    mem_plan_read(&pl, 0, v);
    wave_write_vreg(w, in->dst - 256, v, pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, 0);
    ds_count(w);
}

/* MEM[M0 + offset + lane * 4] = DATA0 (gfx9) */
static void ds_write_addtid_b32(wave_t *w, const isa_inst_t *in)
{
    if (ds_gds(w, in))
        return;
    uint32_t base[64], off = (uint32_t)in->offset, *s[1];
    addtid_base(w, base);
    mem_plan_t pl;
    if (mem_vregs(w, in->vdata, 1, s) ||
        ds_plan(w, in, &pl, base, &off, 1, ISA_DS_ESIZE_DS_WRITE_ADDTID_B32, MEM_WRITE, w->wg->lds_size, 0))
        return;
    mem_plan_write(w, &pl, 0, s[0]);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
    ds_count(w);
}

/* ---- lane exchange (no LDS memory) --------------------------------------- */

/* VDST[l] = DATA[src(l)], 0 when lane src(l) is inactive.  offset[15] = 1:
 * quad permute, src = (l & ~3) | offset[2(l&3)+1:2(l&3)]; else bit mode
 * inside each 32-lane half: src = ((l & and) | or) ^ xor with and =
 * offset[4:0], or = offset[9:5], xor = offset[14:10]. */
static void ds_swizzle_b32(wave_t *w, const isa_inst_t *in)
{
    const uint32_t *s = wave_vreg(w, in->vaddr - 256);
    if (!s || !wave_vreg(w, in->dst - 256))
        return;
    uint64_t exec = wave_exec(w);
    unsigned pat = (unsigned)in->offset & 0xffff, v[64];
    uint32_t out[64];
    for (unsigned l = 0; l < 64; l++) {
        if (pat & 0x8000)
            v[l] = (l & ~3u) | ((pat >> (2 * (l & 3))) & 3);
        else
            v[l] = (l & 32) | ((((l & 31) & (pat & 31)) | ((pat >> 5) & 31)) ^ ((pat >> 10) & 31));
    }
    for (unsigned l = 0; l < 64; l++)
        out[l] = (exec >> v[l] & 1) ? s[v[l]] : 0;
    wave_write_vreg(w, in->dst - 256, out, exec);
    ds_count(w);
}

/* VDST[l] = DATA0[((ADDR[l] + offset) / 4) mod 64], 0 when that lane is inactive */
static void ds_bpermute_b32(wave_t *w, const isa_inst_t *in)
{
    const uint32_t *a = wave_vreg(w, in->vaddr - 256), *d = a ? wave_vreg(w, in->vdata - 256) : NULL;
    if (!d || !wave_vreg(w, in->dst - 256))
        return;
    uint64_t exec = wave_exec(w);
    uint32_t out[64];
    for (unsigned l = 0; l < 64; l++) {
        unsigned src = ((a[l] + (uint32_t)in->offset) >> 2) & 63;
        out[l] = (exec >> src & 1) ? d[src] : 0;
    }
    wave_write_vreg(w, in->dst - 256, out, exec);
    ds_count(w);
}

/* Each active lane l sends DATA0[l] to lane ((ADDR[l] + offset) / 4) mod 64
 * (the highest sender wins); VDST = what the lane received, else 0 */
static void ds_permute_b32(wave_t *w, const isa_inst_t *in)
{
    const uint32_t *a = wave_vreg(w, in->vaddr - 256), *d = a ? wave_vreg(w, in->vdata - 256) : NULL;
    if (!d || !wave_vreg(w, in->dst - 256))
        return;
    uint64_t exec = wave_exec(w);
    uint32_t out[64] = {0};
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        out[((a[l] + (uint32_t)in->offset) >> 2) & 63] = d[l];
    }
    wave_write_vreg(w, in->dst - 256, out, exec);
    ds_count(w);
}

/* ds_nop: nothing */
static void ds_nop(wave_t *w, const isa_inst_t *in)
{
    (void)w;
    (void)in;
}

const sem_entry_t sem_lds_table[] = {
    {ISA_OP_DS_READ_B32, ds_read_b32},
    {ISA_OP_DS_READ_B64, ds_read_b64},
    {ISA_OP_DS_READ_B96, ds_read_b96},
    {ISA_OP_DS_READ_B128, ds_read_b128},
    {ISA_OP_DS_READ_U8, ds_read_u8},
    {ISA_OP_DS_READ_I8, ds_read_i8},
    {ISA_OP_DS_READ_U16, ds_read_u16},
    {ISA_OP_DS_READ_I16, ds_read_i16},
    {ISA_OP_DS_READ_U8_D16, ds_read_u8_d16},
    {ISA_OP_DS_READ_I8_D16, ds_read_i8_d16},
    {ISA_OP_DS_READ_U16_D16, ds_read_u16_d16},
    {ISA_OP_DS_READ_U8_D16_HI, ds_read_u8_d16_hi},
    {ISA_OP_DS_READ_I8_D16_HI, ds_read_i8_d16_hi},
    {ISA_OP_DS_READ_U16_D16_HI, ds_read_u16_d16_hi},
    {ISA_OP_DS_READ2_B32, ds_read2_b32},
    {ISA_OP_DS_READ2ST64_B32, ds_read2st64_b32},
    {ISA_OP_DS_READ2_B64, ds_read2_b64},
    {ISA_OP_DS_READ2ST64_B64, ds_read2st64_b64},
    {ISA_OP_DS_WRITE_B32, ds_write_b32},
    {ISA_OP_DS_WRITE_B64, ds_write_b64},
    {ISA_OP_DS_WRITE_B96, ds_write_b96},
    {ISA_OP_DS_WRITE_B128, ds_write_b128},
    {ISA_OP_DS_WRITE_B8, ds_write_b8},
    {ISA_OP_DS_WRITE_B16, ds_write_b16},
    {ISA_OP_DS_WRITE_B8_D16_HI, ds_write_b8_d16_hi},
    {ISA_OP_DS_WRITE_B16_D16_HI, ds_write_b16_d16_hi},
    {ISA_OP_DS_WRITE2_B32, ds_write2_b32},
    {ISA_OP_DS_WRITE2ST64_B32, ds_write2st64_b32},
    {ISA_OP_DS_WRITE2_B64, ds_write2_b64},
    {ISA_OP_DS_WRITE2ST64_B64, ds_write2st64_b64},
    {ISA_OP_DS_ADD_U32, ds_add_u32},
    {ISA_OP_DS_SUB_U32, ds_sub_u32},
    {ISA_OP_DS_RSUB_U32, ds_rsub_u32},
    {ISA_OP_DS_INC_U32, ds_inc_u32},
    {ISA_OP_DS_DEC_U32, ds_dec_u32},
    {ISA_OP_DS_MIN_I32, ds_min_i32},
    {ISA_OP_DS_MAX_I32, ds_max_i32},
    {ISA_OP_DS_MIN_U32, ds_min_u32},
    {ISA_OP_DS_MAX_U32, ds_max_u32},
    {ISA_OP_DS_AND_B32, ds_and_b32},
    {ISA_OP_DS_OR_B32, ds_or_b32},
    {ISA_OP_DS_XOR_B32, ds_xor_b32},
    {ISA_OP_DS_MSKOR_B32, ds_mskor_b32},
    {ISA_OP_DS_CMPST_B32, ds_cmpst_b32},
    {ISA_OP_DS_CMPST_F32, ds_cmpst_f32},
    {ISA_OP_DS_MIN_F32, ds_min_f32},
    {ISA_OP_DS_MAX_F32, ds_max_f32},
    {ISA_OP_DS_ADD_F32, ds_add_f32},
    {ISA_OP_DS_ADD_RTN_U32, ds_add_rtn_u32},
    {ISA_OP_DS_SUB_RTN_U32, ds_sub_rtn_u32},
    {ISA_OP_DS_RSUB_RTN_U32, ds_rsub_rtn_u32},
    {ISA_OP_DS_INC_RTN_U32, ds_inc_rtn_u32},
    {ISA_OP_DS_DEC_RTN_U32, ds_dec_rtn_u32},
    {ISA_OP_DS_MIN_RTN_I32, ds_min_rtn_i32},
    {ISA_OP_DS_MAX_RTN_I32, ds_max_rtn_i32},
    {ISA_OP_DS_MIN_RTN_U32, ds_min_rtn_u32},
    {ISA_OP_DS_MAX_RTN_U32, ds_max_rtn_u32},
    {ISA_OP_DS_AND_RTN_B32, ds_and_rtn_b32},
    {ISA_OP_DS_OR_RTN_B32, ds_or_rtn_b32},
    {ISA_OP_DS_XOR_RTN_B32, ds_xor_rtn_b32},
    {ISA_OP_DS_MSKOR_RTN_B32, ds_mskor_rtn_b32},
    {ISA_OP_DS_WRXCHG_RTN_B32, ds_wrxchg_rtn_b32},
    {ISA_OP_DS_CMPST_RTN_B32, ds_cmpst_rtn_b32},
    {ISA_OP_DS_CMPST_RTN_F32, ds_cmpst_rtn_f32},
    {ISA_OP_DS_MIN_RTN_F32, ds_min_rtn_f32},
    {ISA_OP_DS_MAX_RTN_F32, ds_max_rtn_f32},
    {ISA_OP_DS_WRAP_RTN_B32, ds_wrap_rtn_b32},
    {ISA_OP_DS_ADD_RTN_F32, ds_add_rtn_f32},
    {ISA_OP_DS_ADD_U64, ds_add_u64},
    {ISA_OP_DS_SUB_U64, ds_sub_u64},
    {ISA_OP_DS_RSUB_U64, ds_rsub_u64},
    {ISA_OP_DS_INC_U64, ds_inc_u64},
    {ISA_OP_DS_DEC_U64, ds_dec_u64},
    {ISA_OP_DS_MIN_I64, ds_min_i64},
    {ISA_OP_DS_MAX_I64, ds_max_i64},
    {ISA_OP_DS_MIN_U64, ds_min_u64},
    {ISA_OP_DS_MAX_U64, ds_max_u64},
    {ISA_OP_DS_AND_B64, ds_and_b64},
    {ISA_OP_DS_OR_B64, ds_or_b64},
    {ISA_OP_DS_XOR_B64, ds_xor_b64},
    {ISA_OP_DS_MSKOR_B64, ds_mskor_b64},
    {ISA_OP_DS_CMPST_B64, ds_cmpst_b64},
    {ISA_OP_DS_CMPST_F64, ds_cmpst_f64},
    {ISA_OP_DS_MIN_F64, ds_min_f64},
    {ISA_OP_DS_MAX_F64, ds_max_f64},
    {ISA_OP_DS_ADD_RTN_U64, ds_add_rtn_u64},
    {ISA_OP_DS_SUB_RTN_U64, ds_sub_rtn_u64},
    {ISA_OP_DS_RSUB_RTN_U64, ds_rsub_rtn_u64},
    {ISA_OP_DS_INC_RTN_U64, ds_inc_rtn_u64},
    {ISA_OP_DS_DEC_RTN_U64, ds_dec_rtn_u64},
    {ISA_OP_DS_MIN_RTN_I64, ds_min_rtn_i64},
    {ISA_OP_DS_MAX_RTN_I64, ds_max_rtn_i64},
    {ISA_OP_DS_MIN_RTN_U64, ds_min_rtn_u64},
    {ISA_OP_DS_MAX_RTN_U64, ds_max_rtn_u64},
    {ISA_OP_DS_AND_RTN_B64, ds_and_rtn_b64},
    {ISA_OP_DS_OR_RTN_B64, ds_or_rtn_b64},
    {ISA_OP_DS_XOR_RTN_B64, ds_xor_rtn_b64},
    {ISA_OP_DS_MSKOR_RTN_B64, ds_mskor_rtn_b64},
    {ISA_OP_DS_WRXCHG_RTN_B64, ds_wrxchg_rtn_b64},
    {ISA_OP_DS_CMPST_RTN_B64, ds_cmpst_rtn_b64},
    {ISA_OP_DS_CMPST_RTN_F64, ds_cmpst_rtn_f64},
    {ISA_OP_DS_MIN_RTN_F64, ds_min_rtn_f64},
    {ISA_OP_DS_MAX_RTN_F64, ds_max_rtn_f64},
    {ISA_OP_DS_WRXCHG2_RTN_B32, ds_wrxchg2_rtn_b32},
    {ISA_OP_DS_WRXCHG2ST64_RTN_B32, ds_wrxchg2st64_rtn_b32},
    {ISA_OP_DS_WRXCHG2_RTN_B64, ds_wrxchg2_rtn_b64},
    {ISA_OP_DS_WRXCHG2ST64_RTN_B64, ds_wrxchg2st64_rtn_b64},
    {ISA_OP_DS_APPEND, ds_append},
    {ISA_OP_DS_CONSUME, ds_consume},
    {ISA_OP_DS_READ_ADDTID_B32, ds_read_addtid_b32},
    {ISA_OP_DS_WRITE_ADDTID_B32, ds_write_addtid_b32},
    {ISA_OP_DS_SWIZZLE_B32, ds_swizzle_b32},
    {ISA_OP_DS_PERMUTE_B32, ds_permute_b32},
    {ISA_OP_DS_BPERMUTE_B32, ds_bpermute_b32},
    {ISA_OP_DS_NOP, ds_nop},
    {0, 0},
};
