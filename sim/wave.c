/* wave.c — register access, operand fetch, effects logging and faults. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/wave.h"

void fx_log_sreg(fx_t *fx, unsigned reg, uint32_t old)
{
    if (fx->ns < FX_MAX_SREG) {
        fx->s[fx->ns].reg = (uint16_t)reg;
        fx->s[fx->ns].old = old;
        fx->ns++;
    } else
        fx->overflow = 1;
}

void fx_log_vreg(fx_t *fx, unsigned reg, uint64_t mask, const uint32_t old[64])
{
    if (fx->nv < FX_MAX_VREG) {
        fx_vreg_t *v = &fx->v[fx->nv++];
        v->reg = (uint16_t)reg;
        v->mask = mask;
        if (!fx->no_old)
            memcpy(v->old, old, sizeof v->old);
    } else
        fx->overflow = 1;
}

void fx_log_mem(fx_t *fx, uint8_t space, uint64_t addr, uint32_t old)
{
    if (fx->no_old == FX_OLD_NONE)
        return;
    if (fx->nm == fx->mcap) {
        unsigned cap = fx->mcap ? 2 * fx->mcap : 256;
        fx_memw_t *m = realloc(fx->m, cap * sizeof *m);
        if (!m) {
            fx->overflow = 1;
            return;
        }
        fx->m = m;
        fx->mcap = cap;
    }
    fx->m[fx->nm].addr = addr;
    fx->m[fx->nm].old = old;
    fx->m[fx->nm].space = space;
    fx->nm++;
}

const char *wave_fault_kind_name(unsigned k)
{
    static const char *const names[] = {
#define WAVE_FAULT_TEXT(name, text) text,
        WAVE_FAULT_LIST(WAVE_FAULT_TEXT)
#undef WAVE_FAULT_TEXT
    };
    return k < sizeof names / sizeof names[0] ? names[k] : "";
}

void wave_fault(wave_t *w, fault_kind_t kind, uint64_t addr, int lane, const char *fmt, ...)
{
    if (w->state == WAVE_FAULT)
        return;   /* keep the first fault */
    w->state = WAVE_FAULT;
    w->fault.kind = kind;
    w->fault.addr = addr;
    w->fault.lane = lane;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->fault.msg, sizeof w->fault.msg, fmt, ap);
    va_end(ap);
}

void wave_write_vreg_any(wave_t *w, unsigned n, const uint32_t val[64], uint64_t mask)
{
    uint32_t *d = wave_vreg(w, n);
    if (!d)
        return;
    if (w->fx)
        fx_log_vreg(w->fx, n, mask, d);
    if (mask == ~0ull) {
        memcpy(d, val, 64 * sizeof *d);
        return;
    }
    for (unsigned l = 0; l < 64; l++)
        if (mask >> l & 1)
            d[l] = val[l];
}

void wave_write_vreg64(wave_t *w, unsigned n, const uint64_t val[64], uint64_t mask)
{
    uint32_t lo[64], hi[64];
    for (unsigned l = 0; l < 64; l++) {
        lo[l] = (uint32_t)val[l];
        hi[l] = (uint32_t)(val[l] >> 32);
    }
    wave_write_vreg(w, n, lo, mask);
    wave_write_vreg(w, n + 1, hi, mask);
}

static int is16(unsigned ot)
{
    return ot == OT_B16 || ot == OT_I16 || ot == OT_U16 || ot == OT_F16 || ot == OT_V2F16 ||
           ot == OT_V2I16 || ot == OT_V2B16;
}

/* Aperture registers 235..238 (gfx9) as 64-bit values. */
static uint64_t aperture(const wave_t *w, unsigned v)
{
    const sim_ctx_t *c = w->ctx;
    switch (v) {
    case 235: return c ? c->shared_aperture : 0;                  /* src_shared_base */
    case 236: return c ? c->shared_aperture + 0xffffffffull : 0;  /* src_shared_limit */
    case 237: return c ? c->private_aperture : 0;                 /* src_private_base */
    case 238: return c ? c->private_aperture + 0xffffffffull : 0; /* src_private_limit */
    default: return 0;
    }
}

uint32_t wave_sread(const wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot)
{
    if (v < 128)
        return v == 125 ? 0 : w->sgpr[v];
    if (v <= 192)
        return v - 128;
    if (v <= 208)
        return (uint32_t)-(int32_t)(v - 192);
    if (v >= 240 && v <= 248)
        return (uint32_t)isa_inline_value(v, is16(ot) ? OT_F16 : OT_F32);   /* the f16 or f32 pattern */
    switch (v) {
    case 235: case 236: case 237: case 238: return (uint32_t)(aperture(w, v) >> 32);
    case 239: return 0;                                  /* src_pops_exiting_wave_id */
    case 251: return wave_vcc(w) == 0;                   /* vccz */
    case 252: return wave_exec(w) == 0;                  /* execz */
    case 253: return w->scc;
    case 255: return in->literal;
    default: return 0;
    }
}

uint64_t wave_sread64(const wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot)
{
    if (v < 128) {
        if (v == 125)
            return 0;
        v &= ~1u;
        return (uint64_t)w->sgpr[v + 1] << 32 | w->sgpr[v];
    }
    if (v <= 192)
        return v - 128;
    if (v <= 208)
        return (uint64_t)-(int64_t)(v - 192);
    if (v >= 240 && v <= 248)
        return isa_inline_value(v, OT_F64);
    if (v >= 235 && v <= 238)
        return aperture(w, v);
    if (v == 255)
        return ot == OT_F64 ? (uint64_t)in->literal << 32 : in->literal;
    return wave_sread(w, in, v, OT_B32);
}

const uint32_t *wave_vsrc_any(wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot, uint32_t tmp[64])
{
    if (v >= 256)
        return wave_vreg(w, v - 256);
    if (v == 254) {
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "lds_direct operands are not implemented");
        return NULL;
    }
    uint32_t s = wave_sread(w, in, v, ot);
    for (unsigned l = 0; l < 64; l++)
        tmp[l] = s;
    return tmp;
}

int wave_vsrc64(wave_t *w, const isa_inst_t *in, unsigned v, unsigned ot, uint64_t out[64])
{
    if (v >= 256) {
        const uint32_t *lo = wave_vreg(w, v - 256), *hi = lo ? wave_vreg(w, v - 255) : NULL;
        if (!hi)
            return -1;
        for (unsigned l = 0; l < 64; l++)
            out[l] = (uint64_t)hi[l] << 32 | lo[l];
        return 0;
    }
    uint64_t s = wave_sread64(w, in, v, ot);
    for (unsigned l = 0; l < 64; l++)
        out[l] = s;
    return 0;
}
