/* sem_mem.c — helpers shared by the memory semantics (see sem_mem.h). */
#include <stdio.h>
#include "sim/sem_mem.h"

/* min/max of two float bit patterns of type T (quiet: the quiet bit). */
#define MEM_FMINMAX_FN(name, T, FT, tof, quiet)                            \
    T name(T a, T b, int max)                                              \
    {                                                                      \
        FT x = tof(a), y = tof(b);                                         \
        if (x != x)                                                        \
            return y != y ? a | quiet : b;                                 \
        if (y != y)                                                        \
            return a;                                                      \
        if (x == y) /* equal, or +0 and -0: min takes the sign bit, max drops it */ \
            return max ? a & b : a | b;                                    \
        return (x > y) == (max != 0) ? a : b;                              \
    }
MEM_FMINMAX_FN(mem_fminmax32, uint32_t, float, mem_f32, 0x400000u)
MEM_FMINMAX_FN(mem_fminmax64, uint64_t, double, mem_f64, 0x8000000000000ull)

static const char *kind_verb(int kind)
{
    return kind == MEM_WRITE ? "writes" : kind == MEM_RMW ? "updates" : "reads";
}

const mem_region_t *mem_nearest(const mem_t *m, uint64_t addr)
{
    const mem_region_t *near = NULL;
    uint64_t best = ~0ull;
    for (size_t i = 0; i < m->n; i++) {
        const mem_region_t *r = &m->r[i];
        uint64_t last = r->base + (r->size ? r->size - 1 : 0);
        uint64_t d = addr < r->base ? r->base - addr : addr > last ? addr - last : 0;
        if (d < best) {
            best = d;
            near = r;
        }
    }
    return near;
}

void mem_fault_outside(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes, int kind)
{
    const mem_region_t *near = mem_nearest(w->ctx->mem, addr);
    if (near)
        wave_fault(w, FAULT_MEMORY, addr, lane,
                   "%s: lane %d %s %u bytes at 0x%llx, outside every allocation (nearest: buffer '%s' 0x%llx-0x%llx)",
                   mem_name(in), lane, kind_verb(kind), bytes, (unsigned long long)addr, near->name,
                   (unsigned long long)near->base, (unsigned long long)(near->base + near->size - 1));
    else
        wave_fault(w, FAULT_MEMORY, addr, lane, "%s: lane %d %s %u bytes at 0x%llx, outside every allocation",
                   mem_name(in), lane, kind_verb(kind), bytes, (unsigned long long)addr);
}

void mem_fault_misaligned(wave_t *w, const isa_inst_t *in, int lane, uint64_t addr, unsigned bytes, const char *why)
{
    wave_fault(w, FAULT_MISALIGNED, addr, lane, "%s: lane %d accesses %u bytes at misaligned address 0x%llx (%s)",
               mem_name(in), lane, bytes, (unsigned long long)addr, why);
}

void mem_plan_read(const mem_plan_t *pl, unsigned k, uint32_t out[64])
{
    uint8_t *const *p = pl->p[k];
    if (pl->psize == 4) {
        if (pl->mask == ~0ull) {
            for (unsigned l = 0; l < 64; l++) {
                uint32_t v = 0;
                if (p[l])
                    memcpy(&v, p[l], 4);
                out[l] = v;
            }
            return;
        }
        for (uint64_t m = pl->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint32_t v = 0;
            if (p[l])
                memcpy(&v, p[l], 4);
            out[l] = v;
        }
        return;
    }
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t v = 0;
        if (p[l])
            v = pl->psize == 1 ? p[l][0] : (uint32_t)p[l][0] | (uint32_t)p[l][1] << 8;
        out[l] = v;
    }
}

/* Bytes of the allocation (or LDS) that exist from address a on, capped at n. */
static unsigned present(wave_t *w, uint8_t space, uint64_t a, unsigned n)
{
    if (space == FX_SPACE_LDS)
        return a >= w->wg->lds_size ? 0 : (unsigned)(w->wg->lds_size - a < n ? w->wg->lds_size - a : n);
    const mem_region_t *r = mem_region_at(w->ctx->mem, a);
    if (!r)
        return 0;
    uint64_t left = r->base + r->size - a;
    return left < n ? (unsigned)left : n;
}

void mem_log_write(wave_t *w, uint8_t space, uint64_t a, const uint8_t *p, unsigned n)
{
    fx_t *fx = w->fx;
    if (fx->no_old == FX_OLD_NONE)
        return;
    if (fx->no_old == FX_OLD_ADDRS) {   /* the addresses, without reading the old bytes */
        for (uint64_t d = a & ~3ull; d < a + n; d += 4)
            fx_log_mem(fx, space, d, 0);
        return;
    }
    uint64_t first = a & ~3ull, end = a + n;
    for (uint64_t d = first; d < end; d += 4) {
        /* old dword: bytes before a and after the write come from memory when they exist */
        uint8_t b[4] = {0};
        if (d >= a) {
            memcpy(b, p + (d - a), present(w, space, d, 4));
        } else {
            unsigned lead = (unsigned)(a - d);
            /* the bytes below a belong to the same allocation only if they exist */
            unsigned have = present(w, space, d, lead);
            if (have == lead)
                memcpy(b, p - lead, lead);
            memcpy(b + lead, p, present(w, space, a, 4 - lead));
        }
        uint32_t old;
        memcpy(&old, b, 4);
        fx_log_mem(fx, space, d, old);
    }
}

void mem_plan_write(wave_t *w, const mem_plan_t *pl, unsigned k, const uint32_t val[64])
{
    uint8_t *const *p = pl->p[k];
    unsigned n = pl->psize;
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (!p[l])
            continue;
        if (w->fx)
            mem_log_write(w, pl->space[l], pl->a[k][l], p[l], n);
        if (n == 4)
            memcpy(p[l], &val[l], 4);
        else if (n == 2)
            memcpy(p[l], &val[l], 2);
        else
            p[l][0] = (uint8_t)val[l];
    }
}

void mem_plan_load(wave_t *w, const mem_plan_t *pl, unsigned ndw, unsigned ext, int d16, int hi, const uint32_t *d0,
                   uint32_t val[][64])
{
    for (unsigned k = 0; k < ndw; k++)
        mem_plan_read(pl, k, val[k]);
    if (ext != MEM_EXT_NONE)
        for (uint64_t m = pl->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            val[0][l] = mem_ext_d16(val[0][l], ext, d16 && d0, hi, d0 ? d0[l] : 0);
        }
    if (w->fx)
        mem_plan_fx(w, pl, MEM_READ, 0);
}

void mem_plan_store(wave_t *w, const mem_plan_t *pl, unsigned ndw, unsigned shift, uint32_t *const s[])
{
    for (unsigned k = 0; k < ndw; k++) {
        if (shift) {
            uint32_t x[64];
            for (unsigned l = 0; l < 64; l++)
                x[l] = s[k][l] >> shift;
            mem_plan_write(w, pl, k, x);
        } else {
            mem_plan_write(w, pl, k, s[k]);
        }
    }
    if (w->fx)
        mem_plan_fx(w, pl, MEM_WRITE, 0);
}

int mem_vregs(wave_t *w, unsigned v, unsigned n, uint32_t *regs[])
{
    for (unsigned i = 0; i < n; i++) {
        regs[i] = wave_vreg(w, v - 256 + i);
        if (!regs[i])
            return -1;
    }
    return 0;
}

static fx_access_t *fx_entry(wave_t *w)
{
    fx_t *fx = w->fx;
    if (fx->nacc >= sizeof fx->acc / sizeof fx->acc[0]) {
        fx->overflow = 1;
        return NULL;
    }
    return &fx->acc[fx->nacc++];
}

void mem_plan_fx(wave_t *w, const mem_plan_t *pl, int kind, unsigned split)
{
    uint64_t left = pl->mask;
    unsigned np = split ? split : pl->npieces;
    while (left) {
        uint8_t sp = pl->space[__builtin_ctzll(left)];
        uint64_t set = 0;
        for (uint64_t m = left; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (pl->space[l] == sp)
                set |= 1ull << l;
        }
        left &= ~set;
        for (unsigned part = 0; part < (split ? 2u : 1u); part++) {
            fx_access_t *a = fx_entry(w);
            if (!a)
                return;
            a->space = sp;
            a->write = kind != MEM_READ;
            a->bytes = (uint8_t)(np * pl->psize);
            a->mask = set;
            a->oob = pl->oob & set;
            for (uint64_t m = set; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                a->addr[l] = pl->a[part * np][l];
            }
        }
    }
}

void mem_lds_dma(wave_t *w, uint32_t ioff, const uint32_t val[64], uint64_t mask)
{
    mem_plan_t pl;
    pl.mask = mask;
    pl.oob = 0;
    pl.npieces = 1;
    pl.psize = 4;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a = (w->sgpr[SREG_M0] & 0xffff) + ioff + 4 * l;
        pl.space[l] = FX_SPACE_LDS;
        pl.a[0][l] = a;
        pl.p[0][l] = mem_lds(w, a, 4, w->wg->lds_size);
        if (!pl.p[0][l])
            pl.oob |= 1ull << l;
    }
    mem_plan_write(w, &pl, 0, val);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
}
