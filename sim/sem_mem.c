/* sem_mem.c — helpers shared by the memory semantics (see sem_mem.h). */
#include <math.h>
#include <stdio.h>
#include "sim/f16.h"
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
            fx_access_t *a = mem_fx_entry(w, sp, kind != MEM_READ, np * pl->psize, set);
            if (!a)
                return;
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
    mem_count_lds_oob(w, &pl);
    mem_plan_write(w, &pl, 0, val);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
}

/* ---- format conversions (buffer *_format_* ops and images) ---------------- */

/* The 32-bit register value of channel raw (bits wide) in number format nfmt. */
uint32_t mem_fmt_decode(uint32_t raw, unsigned bits, unsigned nfmt)
{
    uint32_t max = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    int32_t sx = bits == 32 ? (int32_t)raw : (int32_t)(raw << (32 - bits)) >> (32 - bits);
    switch (nfmt) {
    case NF_UNORM: return mem_bits32((float)raw / (float)max);
    case NF_SNORM: {
        float f = (float)sx / (float)(max >> 1);
        return mem_bits32(f < -1.0f ? -1.0f : f);
    }
    case NF_USCALED: return mem_bits32((float)raw);
    case NF_SSCALED: return mem_bits32((float)sx);
    case NF_UINT: return raw;
    case NF_SINT: return (uint32_t)sx;
    default: return bits == 16 ? f16_bits_to_f32(raw) : raw;
    }
}

/* The channel bits of register value x in number format nfmt.  UINT and
 * SINT values saturate to a narrower channel: OpenCL's write_imageui/i to
 * an image1d_buffer_t of 8- or 16-bit channels must store convert_*_sat of
 * the value, and the code clang and ROCm-Device-Libs make for it is one
 * buffer_store_format with no clamp of its own, so the format conversion
 * saturates; image stores use the same conversion. */
uint32_t mem_fmt_encode(uint32_t x, unsigned bits, unsigned nfmt)
{
    uint32_t max = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    float f = mem_f32(x);
    switch (nfmt) {
    case NF_UNORM:   /* the exact product x * max, rounded to nearest even */
        f = f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
        return (uint32_t)nearbyint((double)f * (double)max) & max;
    case NF_SNORM: {
        float lim = (float)(max >> 1);
        f = f != f ? 0.0f : f < -1.0f ? -1.0f : f > 1.0f ? 1.0f : f;
        float r = f * lim;
        return (uint32_t)(int32_t)(r < 0 ? r - 0.5f : r + 0.5f) & max;
    }
    case NF_USCALED:
        f = f != f ? 0.0f : f < 0.0f ? 0.0f : f > (float)max ? (float)max : f;
        return (uint32_t)f & max;
    case NF_SSCALED: {
        float lim = (float)(max >> 1);
        f = f != f ? 0.0f : f < -lim - 1 ? -lim - 1 : f > lim ? lim : f;
        return (uint32_t)(int32_t)f & max;
    }
    case NF_UINT: return x > max ? max : x;
    case NF_SINT: {
        int32_t v = (int32_t)x, hi = (int32_t)(max >> 1), lo = -hi - 1;
        return (uint32_t)(bits == 32 ? v : v > hi ? hi : v < lo ? lo : v) & max;
    }
    default: return bits == 16 ? f32_bits_to_f16(x) : x;
    }
}
