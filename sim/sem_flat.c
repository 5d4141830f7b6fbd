/* sem_flat.c — FLAT (gfx7+) and gfx9 GLOBAL / SCRATCH semantics: loads,
 * stores and atomics of every width, d16 forms, LDS DMA of gfx9 global
 * and scratch loads.
 *
 * Addresses per lane (offset: gfx9 only; signed 13-bit for GLOBAL and
 * SCRATCH, 12-bit for FLAT):
 *   FLAT     v[vaddr:vaddr+1] + offset, then routed by its high 32 bits:
 *            the shared aperture (4 GiB at ctx->shared_aperture) is the
 *            group's LDS, the private aperture the lane's scratch,
 *            anything else global memory.
 *   GLOBAL   saddr off: v[vaddr:vaddr+1] + offset;
 *            else s[saddr:saddr+1] + zero-extended v[vaddr] + offset.
 *   SCRATCH  private offset (saddr off ? v[vaddr] : s[saddr]) + offset.
 * A private offset of lane l lives at the wave's scratch base + swizzle:
 * dword (off / 4) of the 64 lanes interleaved (sem_mem.h), where the base
 * is the 64-bit flat_scratch on gfx9 and, on gfx7/8, the scratch backing
 * + FLAT_SCRATCH_HI * 256 (the kernel prologue's wave offset); the bytes
 * per lane are FLAT_SCRATCH_LO on gfx7/8 and the dispatch's scratch per
 * lane on gfx9.  A private access beyond that, or any global access
 * outside every allocation, faults (FAULT_MEMORY).  LDS through FLAT is
 * bounded by the group's allocation (reads 0, writes dropped), with the
 * DS alignment rules; device memory accepts any alignment except for
 * atomics.  Counters: FLAT VM_CNT and LGKM_CNT +1, GLOBAL/SCRATCH VM_CNT
 * +1. */
#include <stdio.h>
#include "sim/sem_mem.h"

enum { SEG_FLAT = ISA_SEG_FLAT, SEG_SCRATCH = ISA_SEG_SCRATCH, SEG_GLOBAL = ISA_SEG_GLOBAL };
enum { SADDR_OFF = ISA_SADDR_OFF };

static void flat_count(wave_t *w, const isa_inst_t *in)
{
    if (!w->fx)
        return;
    w->fx->vm_cnt++;
    if (in->seg == SEG_FLAT)
        w->fx->lgkm_cnt++;
}

/* The wave's scratch base and bytes of private memory per lane for flat
 * and scratch addressing. */
static void private_base(const wave_t *w, uint64_t *base, uint32_t *per_lane)
{
    const sim_ctx_t *c = w->ctx;
    if (c->t->gen >= ISA_GFX9) {
        *base = (uint64_t)w->sgpr[SREG_FLAT_SCR_LO_GFX8 + 1] << 32 | w->sgpr[SREG_FLAT_SCR_LO_GFX8];
        *per_lane = c->scratch_per_wave / 64;
    } else {
        unsigned lo = c->t->gen == ISA_GFX7 ? SREG_FLAT_SCR_LO_GFX7 : SREG_FLAT_SCR_LO_GFX8;
        *base = c->scratch_addr + (uint64_t)w->sgpr[lo + 1] * 256;
        *per_lane = w->sgpr[lo];
    }
}

/* Plan the pieces of lane l at private offset off (32-bit). */
static int plan_private(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, unsigned l, uint32_t off, int kind,
                        uint64_t base, uint32_t per_lane, const mem_region_t **rc)
{
    unsigned n = pl->npieces, ps = pl->psize;
    pl->space[l] = FX_SPACE_SCRATCH;
    for (unsigned k = 0; k < n; k++) {
        uint32_t o = off + k * ps;
        if ((uint64_t)o + ps > per_lane) {
            wave_fault(w, FAULT_MEMORY, o, (int)l,
                       "%s: lane %u %s %u bytes at private address 0x%x, beyond the %u bytes of private memory "
                       "per work-item",
                       mem_name(in), l, kind == MEM_READ ? "reads" : kind == MEM_WRITE ? "writes" : "updates", ps, o,
                       per_lane);
            return -1;
        }
        if ((o & 3) + ps > 4) {
            mem_fault_misaligned(w, in, (int)l, o, ps, "private memory is swizzled per dword");
            return -1;
        }
        uint64_t a = mem_scratch_addr(base, o, l);
        pl->a[k][l] = a;
        pl->p[k][l] = mem_device_rc(w, in, (int)l, a, ps, kind, rc);
        if (!pl->p[k][l])
            return -1;
    }
    return 0;
}

/* Plan the pieces of lane l at LDS offset off (FLAT into the shared aperture). */
static int plan_lds(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, unsigned l, uint32_t off, int kind)
{
    unsigned n = pl->npieces, ps = pl->psize, bytes = n * ps;
    pl->space[l] = FX_SPACE_LDS;
    if (mem_lds_misaligned(w, off, bytes, kind == MEM_RMW)) {
        mem_fault_misaligned(w, in, (int)l, off, bytes,
                             kind == MEM_RMW ? "atomics need natural alignment" : "LDS on gfx7/8 needs natural alignment");
        return -1;
    }
    int whole_out = kind == MEM_RMW && (uint64_t)off + bytes > w->wg->lds_size;
    for (unsigned k = 0; k < n; k++) {
        uint64_t a = (uint64_t)off + k * ps;
        pl->a[k][l] = a;
        pl->p[k][l] = whole_out ? NULL : mem_lds(w, a, ps, w->wg->lds_size);
        if (!pl->p[k][l])
            pl->oob |= 1ull << l;
    }
    return 0;
}

/* Plan the pieces of lane l at global address a. */
static int plan_global(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, unsigned l, uint64_t a, int kind,
                       unsigned align, const mem_region_t **rc)
{
    unsigned n = pl->npieces, ps = pl->psize;
    pl->space[l] = FX_SPACE_GLOBAL;
    if (align && (a & (align - 1))) {
        mem_fault_misaligned(w, in, (int)l, a, align, "atomics need natural alignment");
        return -1;
    }
    uint8_t *p = mem_device_rc(w, in, (int)l, a, n * ps, kind, rc);
    if (!p)
        return -1;
    for (unsigned k = 0; k < n; k++) {
        pl->a[k][l] = a + k * ps;
        pl->p[k][l] = p + k * ps;
    }
    return 0;
}

/* Plan the access of every active lane: npieces pieces of psize bytes at
 * consecutive addresses; align: an atomic's natural alignment (else 0).
 * Returns 0, or -1 after a fault. */
static int flat_plan(wave_t *w, const isa_inst_t *in, mem_plan_t *pl, unsigned npieces, unsigned psize, int kind,
                     unsigned align)
{
    const sim_ctx_t *c = w->ctx;
    int seg = in->seg, gfx9 = c->t->gen >= ISA_GFX9;
    int64_t off = gfx9 ? in->offset : 0;
    const uint32_t *lo = wave_vreg(w, in->vaddr), *hi = NULL;
    if (!lo)
        return -1;
    int pair = seg == SEG_FLAT || (seg == SEG_GLOBAL && in->saddr == SADDR_OFF);
    if (pair && !(hi = wave_vreg(w, in->vaddr + 1u)))
        return -1;
    uint64_t sbase = 0;
    if (seg == SEG_GLOBAL && in->saddr != SADDR_OFF)   /* the aligned pair; null (125) reads 0 */
        sbase = wave_sread64(w, in, in->saddr == 125 ? 125 : in->saddr & 126u, OT_B64);
    if (seg == SEG_SCRATCH && in->saddr != SADDR_OFF)
        sbase = wave_sread(w, in, in->saddr, OT_B32);
    uint64_t pbase = 0;
    uint32_t per_lane = 0;
    private_base(w, &pbase, &per_lane);
    uint32_t shared_hi = (uint32_t)(c->shared_aperture >> 32), private_hi = (uint32_t)(c->private_aperture >> 32);
    const mem_region_t *rc = NULL;
    pl->mask = wave_exec(w);
    pl->oob = 0;
    pl->npieces = npieces;
    pl->psize = psize;
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        int r;
        if (seg == SEG_SCRATCH) {
            uint32_t o = (uint32_t)((in->saddr == SADDR_OFF ? lo[l] : (uint32_t)sbase) + (uint32_t)off);
            r = plan_private(w, in, pl, l, o, kind, pbase, per_lane, &rc);
        } else if (seg == SEG_GLOBAL) {
            uint64_t a = in->saddr == SADDR_OFF ? ((uint64_t)hi[l] << 32 | lo[l]) : sbase + lo[l];
            r = plan_global(w, in, pl, l, a + (uint64_t)off, kind, align, &rc);
        } else {
            uint64_t a = ((uint64_t)hi[l] << 32 | lo[l]) + (uint64_t)off;
            uint32_t ahi = (uint32_t)(a >> 32);
            if (ahi == shared_hi)
                r = plan_lds(w, in, pl, l, (uint32_t)a, kind);
            else if (ahi == private_hi)
                r = plan_private(w, in, pl, l, (uint32_t)a, kind, pbase, per_lane, &rc);
            else
                r = plan_global(w, in, pl, l, a, kind, align, &rc);
        }
        if (r)
            return -1;
    }
    mem_count_lds_oob(w, pl);
    return 0;
}

/* Fast path of global loads and stores: FLAT or GLOBAL, and every active
 * lane's bytes [a, a + bytes) inside the allocation of the first active
 * lane (so no lane is in an aperture or outside memory).  Fills ptr[] and
 * *rg (that allocation) and returns 1, or returns 0 for the general path.
 * The fast path fills the effects record as the general path does
 * (flat_fast_fx). */
static int flat_fast(wave_t *w, const isa_inst_t *in, unsigned bytes, uint64_t exec, const mem_region_t **rg,
                     uint8_t *ptr[64])
{
    if (in->seg == SEG_SCRATCH || !exec)
        return 0;
    int64_t off = w->ctx->t->gen >= ISA_GFX9 ? in->offset : 0;
    const uint32_t *lo = in->vaddr < w->nvgpr ? w->vgpr[in->vaddr] : NULL, *hi = NULL;
    int pair = in->seg == SEG_FLAT || in->saddr == SADDR_OFF;
    if (!lo || (pair && in->vaddr + 1u >= w->nvgpr))
        return 0;
    uint64_t sbase = 0;
    if (pair)
        hi = w->vgpr[in->vaddr + 1];
    else
        sbase = wave_sread64(w, in, in->saddr == 125 ? 125 : in->saddr & 126u, OT_B64);
    unsigned first = (unsigned)__builtin_ctzll(exec);
    uint64_t a0 = (pair ? ((uint64_t)hi[first] << 32 | lo[first]) : sbase + lo[first]) + (uint64_t)off;
    const mem_region_t *r = mem_region_at(w->ctx->mem, a0);
    if (!r || r->size < bytes)
        return 0;
    *rg = r;
    uint64_t base = r->base - (uint64_t)off, room = r->size - bytes, bad = 0;
    if (exec == ~0ull && pair) {
        for (unsigned l = 0; l < 64; l++) {
            uint64_t d = ((uint64_t)hi[l] << 32 | lo[l]) - base;
            bad |= d > room;
            ptr[l] = r->data + (d > room ? 0 : d);   /* no pointer past the allocation */
        }
    } else {
        for (uint64_t m = exec; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint64_t d = (pair ? ((uint64_t)hi[l] << 32 | lo[l]) : sbase + lo[l]) - base;
            bad |= d > room;
            ptr[l] = r->data + (d > room ? 0 : d);   /* no pointer past the allocation */
        }
    }
    return !bad;
}

/* The fast path's effects record: the one access entry (global memory,
 * bytes per lane, every lane of exec in range) the general path
 * (mem_plan_fx) makes for the same access. */
static void flat_fast_fx(wave_t *w, const mem_region_t *rg, uint8_t *const ptr[64], uint64_t exec, unsigned bytes,
                         int write)
{
    fx_access_t *a = w->fx ? mem_fx_entry(w, FX_SPACE_GLOBAL, write, bytes, exec) : NULL;
    if (!a)
        return;
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        a->addr[l] = rg->base + (uint64_t)(ptr[l] - rg->data);
    }
}

/* Row fast path of plain dword loads and stores: every lane active, FLAT
 * or GLOBAL, each 16-lane row's addresses consecutive dwords and every row
 * inside the allocation of the first.  Fills ra[] (each row's address)
 * and *rg and returns 1, or returns 0 for the other paths. */
static int flat_rows(wave_t *w, const isa_inst_t *in, uint64_t exec, const mem_region_t **rg, uint64_t ra[4])
{
    if (exec != ~0ull || in->seg == SEG_SCRATCH || in->vaddr >= w->nvgpr)
        return 0;
    int64_t off = w->ctx->t->gen >= ISA_GFX9 ? in->offset : 0;
    int pair = in->seg == SEG_FLAT || in->saddr == SADDR_OFF;
    const uint32_t *lo = w->vgpr[in->vaddr];
    uint64_t sbase = 0;
    if (pair) {
        if (in->vaddr + 1u >= w->nvgpr || !mem_all_same(w->vgpr[in->vaddr + 1]))
            return 0;
        sbase = (uint64_t)w->vgpr[in->vaddr + 1][0] << 32;
    } else
        sbase = wave_sread64(w, in, in->saddr == 125 ? 125 : in->saddr & 126u, OT_B64);
    for (unsigned r = 0; r < 4; r++) {
        if (!mem_row_consecutive(lo + 16 * r))
            return 0;
        ra[r] = (pair ? (sbase | lo[16 * r]) : sbase + lo[16 * r]) + (uint64_t)off;
    }
    const mem_region_t *g = mem_region_at(w->ctx->mem, ra[0]);
    if (!g || g->size < 64)
        return 0;
    for (unsigned r = 0; r < 4; r++)
        if (ra[r] - g->base > g->size - 64)
            return 0;
    *rg = g;
    return 1;
}

/* The row fast path's effects record: the general path's one entry. */
static void flat_rows_fx(wave_t *w, const uint64_t ra[4], int write)
{
    fx_access_t *a = w->fx ? mem_fx_entry(w, FX_SPACE_GLOBAL, write, 4, ~0ull) : NULL;
    if (!a)
        return;
    for (unsigned l = 0; l < 64; l++)
        a->addr[l] = ra[l / 16] + 4 * (l % 16);
}

/* ---- loads and stores ----------------------------------------------------- */

/* VDST = MEM[addr] (ndw dwords, or one extended byte/short; d16: the low
 * (hi: high) half of VDST only); with lds (gfx9) the dword goes to LDS */
static inline void flat_load(wave_t *w, const isa_inst_t *in, unsigned ndw, unsigned psize, unsigned ext, int d16,
                             int hi)
{
    uint32_t *d[4] = {0, 0, 0, 0};
    if (!in->lds && mem_vregs(w, in->dst, ndw, d))
        return;
    uint32_t val[4][64];
    uint64_t exec = wave_exec(w);
    uint8_t *ptr[64];
    const mem_region_t *rg;
    uint64_t ra[4];
    if (!in->lds && ndw == 1 && psize == 4 && flat_rows(w, in, exec, &rg, ra)) {
        for (unsigned r = 0; r < 4; r++)
            memcpy(val[0] + 16 * r, rg->data + (ra[r] - rg->base), 64);
        wave_write_vreg(w, in->dst - 256, val[0], exec);
        flat_rows_fx(w, ra, 0);
        flat_count(w, in);
        return;
    }
    if (!in->lds && flat_fast(w, in, ndw * psize, exec, &rg, ptr)) {
        for (unsigned k = 0; k < ndw; k++)
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                uint32_t x = 0;
                if (psize == 4)
                    memcpy(&x, ptr[l] + 4 * k, 4);
                else if (psize == 2)
                    memcpy(&x, ptr[l], 2);
                else
                    x = ptr[l][0];
                if (ext != MEM_EXT_NONE)
                    x = mem_ext_d16(x, ext, d16, hi, d[0][l]);
                val[k][l] = x;
            }
        for (unsigned k = 0; k < ndw; k++)
            wave_write_vreg(w, in->dst - 256 + k, val[k], exec);
        flat_fast_fx(w, rg, ptr, exec, ndw * psize, 0);
        flat_count(w, in);
        return;
    }
    mem_plan_t pl;
    if (flat_plan(w, in, &pl, ndw, psize, MEM_READ, 0))
        return;
    mem_plan_load(w, &pl, ndw, ext, d16, hi, in->lds ? NULL : d[0], val);
    if (in->lds)
        mem_lds_dma(w, (uint32_t)in->offset, val[0], pl.mask);
    else
        for (unsigned k = 0; k < ndw; k++)
            wave_write_vreg(w, in->dst - 256 + k, val[k], pl.mask);
    flat_count(w, in);
}

/* flat_/global_/scratch_load_*: VDST = MEM[addr] (the variants: MEM_LOADS) */
#define FLAT_LOAD(sfx, ndw, psize, ext, d16, hi) \
    static void flat_##sfx(wave_t *w, const isa_inst_t *in) { flat_load(w, in, ndw, psize, ext, d16, hi); }
MEM_LOADS(FLAT_LOAD)

/* MEM[addr] = VDATA (ndw dwords, or the low byte/short; shift 16: the high half) */
static inline void flat_store(wave_t *w, const isa_inst_t *in, unsigned ndw, unsigned psize, unsigned shift)
{
    uint32_t *s[4];
    if (mem_vregs(w, in->vdata + 256u, ndw, s))
        return;
    uint64_t exec = wave_exec(w);
    uint8_t *ptr[64];
    const mem_region_t *rg;
    uint64_t ra[4];
    if (ndw == 1 && psize == 4 && shift == 0 && flat_rows(w, in, exec, &rg, ra)) {
        /* rows in order (a later lane wins where rows overlap); a row's
         * lanes are distinct dwords */
        for (unsigned r = 0; r < 4; r++) {
            uint8_t *p = rg->data + (ra[r] - rg->base);
            if (w->fx)
                for (unsigned i = 0; i < 16; i++)
                    mem_log_write(w, FX_SPACE_GLOBAL, ra[r] + 4 * i, p + 4 * i, 4);
            memcpy(p, s[0] + 16 * r, 64);
        }
        flat_rows_fx(w, ra, 1);
        flat_count(w, in);
        return;
    }
    if (flat_fast(w, in, ndw * psize, exec, &rg, ptr)) {   /* dword by dword, lanes in order, as the general path */
        for (unsigned k = 0; k < ndw; k++)
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                uint32_t x = s[k][l] >> shift;
                if (w->fx)   /* the effects record lists the write, as the general path does */
                    mem_log_write(w, FX_SPACE_GLOBAL, rg->base + (uint64_t)(ptr[l] + psize * k - rg->data),
                                  ptr[l] + psize * k, psize);
                if (psize == 4)
                    memcpy(ptr[l] + 4 * k, &x, 4);
                else if (psize == 2)
                    memcpy(ptr[l], &x, 2);
                else
                    ptr[l][0] = (uint8_t)x;
            }
        flat_fast_fx(w, rg, ptr, exec, ndw * psize, 1);
        flat_count(w, in);
        return;
    }
    mem_plan_t pl;
    if (flat_plan(w, in, &pl, ndw, psize, MEM_WRITE, 0))
        return;
    mem_plan_store(w, &pl, ndw, shift, s);
    flat_count(w, in);
}

/* flat_/global_/scratch_store_*: MEM[addr] = VDATA (the variants: MEM_STORES) */
#define FLAT_STORE(sfx, ndw, psize, shift) \
    static void flat_##sfx(wave_t *w, const isa_inst_t *in) { flat_store(w, in, ndw, psize, shift); }
MEM_STORES(FLAT_STORE)

/* ---- atomics --------------------------------------------------------------- */

/* MEM = op(MEM, VDATA); with glc VDST = MEM's old value.  cmpswap:
 * VDATA[0] = new value, VDATA[1] = compare value (64-bit: [1:0], [3:2]). */
static inline void flat_atomic(wave_t *w, const isa_inst_t *in, atom_t op, unsigned esize)
{
    unsigned per = esize / 4, cmp = op == AT_CMPSWAP || op == AT_FCMPSWAP;
    uint32_t *s[4], *d[2];
    mem_plan_t pl;
    if (mem_vregs(w, in->vdata + 256u, per * (1 + cmp), s) || (in->glc && mem_vregs(w, in->dst, per, d)) ||
        flat_plan(w, in, &pl, per, 4, MEM_RMW, esize))
        return;
    uint32_t old[2][64];
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        old[0][l] = old[1][l] = 0;
        if (!pl.p[0][l])
            continue;
        for (unsigned k = 0; k < per; k++) {
            memcpy(&old[k][l], pl.p[k][l], 4);
            if (w->fx)
                mem_log_write(w, pl.space[l], pl.a[k][l], pl.p[k][l], 4);
        }
        uint64_t n = mem_atom(op, esize, cmp, (uint64_t)old[1][l] << 32 | old[0][l], s, l);
        for (unsigned k = 0; k < per; k++) {
            uint32_t x = (uint32_t)(n >> 32 * k);
            memcpy(pl.p[k][l], &x, 4);
        }
    }
    if (in->glc)
        for (unsigned k = 0; k < per; k++)
            wave_write_vreg(w, in->dst - 256 + k, old[k], pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_RMW, 0);
    flat_count(w, in);
}

#define FLAT_ATOMIC(fn, op, esize) \
    static void fn(wave_t *w, const isa_inst_t *in) { flat_atomic(w, in, op, esize); }

FLAT_ATOMIC(flat_atomic_swap, AT_SWAP, 4)
FLAT_ATOMIC(flat_atomic_cmpswap, AT_CMPSWAP, 4)
FLAT_ATOMIC(flat_atomic_add, AT_ADD, 4)
FLAT_ATOMIC(flat_atomic_sub, AT_SUB, 4)
FLAT_ATOMIC(flat_atomic_smin, AT_SMIN, 4)
FLAT_ATOMIC(flat_atomic_umin, AT_UMIN, 4)
FLAT_ATOMIC(flat_atomic_smax, AT_SMAX, 4)
FLAT_ATOMIC(flat_atomic_umax, AT_UMAX, 4)
FLAT_ATOMIC(flat_atomic_and, AT_AND, 4)
FLAT_ATOMIC(flat_atomic_or, AT_OR, 4)
FLAT_ATOMIC(flat_atomic_xor, AT_XOR, 4)
FLAT_ATOMIC(flat_atomic_inc, AT_INC, 4)
FLAT_ATOMIC(flat_atomic_dec, AT_DEC, 4)
FLAT_ATOMIC(flat_atomic_fcmpswap, AT_FCMPSWAP, 4)
FLAT_ATOMIC(flat_atomic_fmin, AT_FMIN, 4)
FLAT_ATOMIC(flat_atomic_fmax, AT_FMAX, 4)
FLAT_ATOMIC(flat_atomic_swap_x2, AT_SWAP, 8)
FLAT_ATOMIC(flat_atomic_cmpswap_x2, AT_CMPSWAP, 8)
FLAT_ATOMIC(flat_atomic_add_x2, AT_ADD, 8)
FLAT_ATOMIC(flat_atomic_sub_x2, AT_SUB, 8)
FLAT_ATOMIC(flat_atomic_smin_x2, AT_SMIN, 8)
FLAT_ATOMIC(flat_atomic_umin_x2, AT_UMIN, 8)
FLAT_ATOMIC(flat_atomic_smax_x2, AT_SMAX, 8)
FLAT_ATOMIC(flat_atomic_umax_x2, AT_UMAX, 8)
FLAT_ATOMIC(flat_atomic_and_x2, AT_AND, 8)
FLAT_ATOMIC(flat_atomic_or_x2, AT_OR, 8)
FLAT_ATOMIC(flat_atomic_xor_x2, AT_XOR, 8)
FLAT_ATOMIC(flat_atomic_inc_x2, AT_INC, 8)
FLAT_ATOMIC(flat_atomic_dec_x2, AT_DEC, 8)
FLAT_ATOMIC(flat_atomic_fcmpswap_x2, AT_FCMPSWAP, 8)
FLAT_ATOMIC(flat_atomic_fmin_x2, AT_FMIN, 8)
FLAT_ATOMIC(flat_atomic_fmax_x2, AT_FMAX, 8)

/* The handler of each op (the segment comes from the decoded instruction). */
#define ROW3(name, fn) {ISA_OP_FLAT_##name, fn}, {ISA_OP_GLOBAL_##name, fn}, {ISA_OP_SCRATCH_##name, fn}
#define ROW2(name, fn) {ISA_OP_FLAT_##name, fn}, {ISA_OP_GLOBAL_##name, fn}

const sem_entry_t sem_flat_table[] = {
    ROW3(LOAD_DWORD, flat_load_dword),
    ROW3(LOAD_DWORDX2, flat_load_dwordx2),
    ROW3(LOAD_DWORDX3, flat_load_dwordx3),
    ROW3(LOAD_DWORDX4, flat_load_dwordx4),
    ROW3(LOAD_UBYTE, flat_load_ubyte),
    ROW3(LOAD_SBYTE, flat_load_sbyte),
    ROW3(LOAD_USHORT, flat_load_ushort),
    ROW3(LOAD_SSHORT, flat_load_sshort),
    ROW3(LOAD_UBYTE_D16, flat_load_ubyte_d16),
    ROW3(LOAD_UBYTE_D16_HI, flat_load_ubyte_d16_hi),
    ROW3(LOAD_SBYTE_D16, flat_load_sbyte_d16),
    ROW3(LOAD_SBYTE_D16_HI, flat_load_sbyte_d16_hi),
    ROW3(LOAD_SHORT_D16, flat_load_short_d16),
    ROW3(LOAD_SHORT_D16_HI, flat_load_short_d16_hi),
    ROW3(STORE_DWORD, flat_store_dword),
    ROW3(STORE_DWORDX2, flat_store_dwordx2),
    ROW3(STORE_DWORDX3, flat_store_dwordx3),
    ROW3(STORE_DWORDX4, flat_store_dwordx4),
    ROW3(STORE_BYTE, flat_store_byte),
    ROW3(STORE_SHORT, flat_store_short),
    ROW3(STORE_BYTE_D16_HI, flat_store_byte_d16_hi),
    ROW3(STORE_SHORT_D16_HI, flat_store_short_d16_hi),
    ROW2(ATOMIC_SWAP, flat_atomic_swap),
    ROW2(ATOMIC_CMPSWAP, flat_atomic_cmpswap),
    ROW2(ATOMIC_ADD, flat_atomic_add),
    ROW2(ATOMIC_SUB, flat_atomic_sub),
    ROW2(ATOMIC_SMIN, flat_atomic_smin),
    ROW2(ATOMIC_UMIN, flat_atomic_umin),
    ROW2(ATOMIC_SMAX, flat_atomic_smax),
    ROW2(ATOMIC_UMAX, flat_atomic_umax),
    ROW2(ATOMIC_AND, flat_atomic_and),
    ROW2(ATOMIC_OR, flat_atomic_or),
    ROW2(ATOMIC_XOR, flat_atomic_xor),
    ROW2(ATOMIC_INC, flat_atomic_inc),
    ROW2(ATOMIC_DEC, flat_atomic_dec),
    ROW2(ATOMIC_SWAP_X2, flat_atomic_swap_x2),
    ROW2(ATOMIC_CMPSWAP_X2, flat_atomic_cmpswap_x2),
    ROW2(ATOMIC_ADD_X2, flat_atomic_add_x2),
    ROW2(ATOMIC_SUB_X2, flat_atomic_sub_x2),
    ROW2(ATOMIC_SMIN_X2, flat_atomic_smin_x2),
    ROW2(ATOMIC_UMIN_X2, flat_atomic_umin_x2),
    ROW2(ATOMIC_SMAX_X2, flat_atomic_smax_x2),
    ROW2(ATOMIC_UMAX_X2, flat_atomic_umax_x2),
    ROW2(ATOMIC_AND_X2, flat_atomic_and_x2),
    ROW2(ATOMIC_OR_X2, flat_atomic_or_x2),
    ROW2(ATOMIC_XOR_X2, flat_atomic_xor_x2),
    ROW2(ATOMIC_INC_X2, flat_atomic_inc_x2),
    ROW2(ATOMIC_DEC_X2, flat_atomic_dec_x2),
    {ISA_OP_FLAT_ATOMIC_FCMPSWAP, flat_atomic_fcmpswap},
    {ISA_OP_FLAT_ATOMIC_FMIN, flat_atomic_fmin},
    {ISA_OP_FLAT_ATOMIC_FMAX, flat_atomic_fmax},
    {ISA_OP_FLAT_ATOMIC_FCMPSWAP_X2, flat_atomic_fcmpswap_x2},
    {ISA_OP_FLAT_ATOMIC_FMIN_X2, flat_atomic_fmin_x2},
    {ISA_OP_FLAT_ATOMIC_FMAX_X2, flat_atomic_fmax_x2},
    {0, 0},
};
