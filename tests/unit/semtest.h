/* semtest.h — run single instructions on one wave for semantic unit tests.
 *
 *   semtest_t s;
 *   semtest_init(&s, "gfx900", 16);                 target, VGPRs
 *   uint32_t code[] = {0x7e020280, 0xbf810000};      v_mov_b32 v1, 0; s_endpgm
 *   semtest_load(&s, code, 2);
 *   s.w.vgpr[0][5] = 7;  s.w.sgpr[4] = 3;            set registers
 *   semtest_step(&s, 1);                             run N instructions
 *   CHECK(s.w.vgpr[1][5] == 0, "...");
 *   semtest_free(&s);
 *
 * The wave starts with EXEC = all lanes, MODE = IEEE + DX10 clamp, f32 and
 * f64 denormals allowed; s.mem is a device address space for buffers. */
#ifndef GCNSIM_SEMTEST_H
#define GCNSIM_SEMTEST_H

#include <stdlib.h>
#include <string.h>
#include "sim/exec.h"
#include "sim/mem.h"
#include "sim/wave.h"

typedef struct {
    const isa_target_t *t;
    mem_t mem;
    sim_ctx_t ctx;
    sim_prog_t prog;
    sim_wg_t wg;
    wave_t w;
    uint32_t (*vgpr)[64];
    uint8_t lds[65536];
    uint32_t *code;
    uint64_t code_addr;
    fx_t fx;
} semtest_t;

static inline void semtest_init(semtest_t *s, const char *target, unsigned nvgpr)
{
    memset(s, 0, sizeof *s);
    s->t = isa_target_by_name(target);
    mem_init(&s->mem);
    s->ctx.t = s->t;
    s->ctx.mem = &s->mem;
    s->ctx.shared_aperture = 0x0001000000000000ull;
    s->ctx.private_aperture = 0x0002000000000000ull;
    s->ctx.prog = &s->prog;
    s->vgpr = calloc(nvgpr ? nvgpr : 1, sizeof *s->vgpr);
    s->w.vgpr = s->vgpr;
    s->w.nvgpr = (uint16_t)nvgpr;
    s->w.nsgpr = s->t->gen >= ISA_GFX8 ? 102 : 104;
    s->w.ctx = &s->ctx;
    s->w.wg = &s->wg;
    s->wg.lds = s->lds;
    s->wg.lds_size = sizeof s->lds;
    s->wg.waves = &s->w;
    s->wg.nwaves = 1;
    s->wg.size[0] = 64;
    s->wg.size[1] = s->wg.size[2] = 1;
    s->w.sgpr[126] = s->w.sgpr[127] = 0xffffffffu;
    s->w.hwreg[1] = 0xf0 | 1u << 8 | 1u << 9;   /* denormals allowed, DX10 clamp, IEEE */
    s->w.state = WAVE_RUN;
}

/* Place code (dwords) in device memory and decode it; the wave's pc is set
 * to its start.  Returns 0 or -1. */
static inline int semtest_load(semtest_t *s, const uint32_t *code, size_t ndw)
{
    if (mem_alloc(&s->mem, ndw * 4 + 16, 256, "code", &s->code_addr) ||
        mem_write(&s->mem, s->code_addr, code, ndw * 4))
        return -1;
    s->code = malloc(ndw * 4 + 16);
    memcpy(s->code, code, ndw * 4);
    memset(s->code + ndw, 0, 16);
    sim_prog_free(&s->prog);
    if (sim_prog_build(&s->prog, s->t, s->code, ndw, s->code_addr))
        return -1;
    s->w.pc = s->code_addr;
    return 0;
}

/* Run up to n instructions while the wave runs; returns how many ran. */
static inline unsigned semtest_step(semtest_t *s, unsigned n)
{
    unsigned i = 0;
    for (; i < n && s->w.state == WAVE_RUN; i++)
        wave_step(&s->w);
    return i;
}

/* Record effects of the following steps in s->fx (see wave.h). */
static inline void semtest_record(semtest_t *s)
{
    s->w.fx = &s->fx;
}

/* Allocate a device buffer holding bytes (NULL: zeros); returns its address. */
static inline uint64_t semtest_buffer(semtest_t *s, const void *bytes, uint64_t size)
{
    uint64_t a = 0;
    mem_alloc(&s->mem, size, 256, "buffer", &a);
    if (bytes)
        mem_write(&s->mem, a, bytes, size);
    return a;
}

static inline void semtest_free(semtest_t *s)
{
    sim_prog_free(&s->prog);
    mem_free(&s->mem);
    free(s->vgpr);
    free(s->code);
    free(s->fx.m);
}

#endif
