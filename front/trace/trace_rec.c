/* trace_rec.c — filling trace records from the simulator's effects record
 * (the on_step hook), and records as text (register names, disassembly). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace.h"
#include "front/trace/trace_prog.h"
#include "sim/dispatch.h"

void trace_recorder_init(trace_recorder_t *r, trace_writer_t *tw, int timing)
{
    r->tw = tw;
    r->timing = timing;
    r->failed = 0;
    r->err[0] = 0;
}

void trace_recorder_free(trace_recorder_t *r)
{
    trace_rec_free(&r->rec);
}

/* The dword at addr of a memory space as it is now (bytes outside every
 * allocation read 0); *last caches the allocation of the previous call. */
static uint32_t mem_now(wave_t *w, unsigned space, uint64_t addr, const mem_region_t **last)
{
    uint8_t b[4] = {0};
    const mem_region_t *g = *last;
    if (space != FX_SPACE_LDS && g && addr >= g->base && addr - g->base + 4 <= g->size) {
        uint32_t v;
        memcpy(&v, g->data + (addr - g->base), 4);
        return v;
    }
    if (space != FX_SPACE_LDS && (g = mem_region_at(w->ctx->mem, addr)) != NULL)
        *last = g;
    if (space == FX_SPACE_LDS && addr + 4 <= w->wg->lds_size) {
        uint32_t v;
        memcpy(&v, w->wg->lds + addr, 4);
        return v;
    }
    if (space == FX_SPACE_LDS) {
        for (unsigned i = 0; i < 4; i++)
            if (addr + i < w->wg->lds_size)
                b[i] = w->wg->lds[addr + i];
    } else {
        const uint8_t *p = mem_ptr(w->ctx->mem, addr, 4);
        if (p)
            memcpy(b, p, 4);
        else
            for (unsigned i = 0; i < 4; i++)
                if ((p = mem_ptr(w->ctx->mem, addr + i, 1)))
                    b[i] = *p;
    }
    uint32_t v;
    memcpy(&v, b, 4);
    return v;
}

/* SGPRs written, each once (the first write's position), with new values. */
static void take_sregs(trace_rec_t *t, const wave_t *w, const fx_t *fx)
{
    uint64_t seen[2] = {0, 0};
    t->ns = 0;
    for (unsigned i = 0; i < fx->ns; i++) {
        unsigned reg = fx->s[i].reg & 127;
        if (seen[reg >> 6] >> (reg & 63) & 1)
            continue;
        seen[reg >> 6] |= 1ull << (reg & 63);
        t->s[t->ns].reg = (uint16_t)reg;
        t->s[t->ns].val = w->sgpr[reg];
        t->ns++;
    }
}

/* Hardware registers written, with their new values. */
static void take_hwregs(trace_rec_t *t, const wave_t *w, const fx_t *fx)
{
    t->nh = 0;
    for (unsigned i = 0; i < fx->nh && i < TRACE_MAX_HWREG; i++)
        t->h[t->nh].id = fx->h[i].id, t->h[t->nh++].val = w->hwreg[fx->h[i].id & 31];
}

/* VGPRs written (lanes merged per register), pointing at the registers'
 * rows for the lanes' new values. */
static void take_vregs(trace_rec_t *t, const wave_t *w, const fx_t *fx)
{
    t->nv = 0;
    for (unsigned i = 0; i < fx->nv; i++) {
        unsigned reg = fx->v[i].reg;
        if (reg >= w->nvgpr)
            continue;
        trace_vreg_t *v = NULL;
        for (unsigned j = 0; j < t->nv; j++)
            if (t->v[j].reg == reg)
                v = &t->v[j];
        if (!v) {
            v = &t->v[t->nv++];
            v->reg = (uint16_t)reg;
            v->mask = 0;
            v->lanes = w->vgpr[reg];
        }
        v->mask |= fx->v[i].mask;
    }
}

/* Keep the first of the entries of one dword (lanes of an atomic or a
 * scattered store on the same address; each holds the final value). */
static void dedup_mem(trace_rec_t *t)
{
    enum { SLOTS = 1024 };   /* open addressing, at most half full */
    if (t->nm > SLOTS / 2) {
        unsigned n = 0;
        for (unsigned i = 0; i < t->nm; i++) {
            unsigned j = 0;
            while (j < n && (t->m[j].addr != t->m[i].addr || t->m[j].space != t->m[i].space))
                j++;
            if (j == n)
                t->m[n++] = t->m[i];
        }
        t->nm = n;
        return;
    }
    uint16_t slot[SLOTS];   /* 1 + index into the kept entries, 0: empty */
    memset(slot, 0, sizeof slot);
    unsigned n = 0;
    for (unsigned i = 0; i < t->nm; i++) {
        trace_mem_t m = t->m[i];
        unsigned h = (unsigned)(((m.addr >> 2) ^ (uint64_t)m.space << 40) * 0x9e3779b97f4a7c15ull >> 54);
        while (slot[h] && (t->m[slot[h] - 1].addr != m.addr || t->m[slot[h] - 1].space != m.space))
            h = (h + 1) & (SLOTS - 1);
        if (slot[h])
            continue;
        t->m[n] = m;
        slot[h] = (uint16_t)++n;
    }
    t->nm = n;
}

/* Memory dwords written, each once, with their values now. */
static int take_mem(trace_recorder_t *r, wave_t *w, const fx_t *fx)
{
    trace_rec_t *t = &r->rec;
    if (fx->nm > t->mcap) {
        unsigned cap = fx->nm < 256 ? 256 : fx->nm;
        trace_mem_t *m = realloc(t->m, cap * sizeof *m);
        if (!m)
            return -1;
        t->m = m;
        t->mcap = cap;
    }
    const mem_region_t *last = NULL;
    int ordered = 1;
    for (unsigned i = 0; i < fx->nm; i++) {
        t->m[i].space = fx->m[i].space;
        t->m[i].addr = fx->m[i].addr;
        t->m[i].val = mem_now(w, fx->m[i].space, fx->m[i].addr, &last);
        if (i && (t->m[i].space < t->m[i - 1].space ||
                  (t->m[i].space == t->m[i - 1].space && t->m[i].addr <= t->m[i - 1].addr)))
            ordered = 0;
    }
    t->nm = fx->nm;
    if (!ordered)
        dedup_mem(t);
    return 0;
}

/* Before an instruction: who runs it, where, with which EXEC. */
static void before(trace_recorder_t *r, const wave_t *w)
{
    trace_rec_t *t = &r->rec;
    t->launch = r->launch;
    t->wave = w->id;
    memcpy(t->wg, w->wg->id, sizeof t->wg);
    t->wg_wave = w->wg_wave;
    t->pc = w->pc;
    t->exec = wave_exec(w);
    r->cycle_before = w->ctx->cycle;
    const sim_prog_t *p = w->ctx->prog;
    uint64_t off = w->pc - p->base;
    t->ndw = 0;
    if (!(off & 3) && (off >> 2) < p->ndw) {
        const isa_inst_t *in = &p->inst[off >> 2];
        unsigned n = in->op < ISA_OP_COUNT ? in->ndw : 1;
        for (unsigned i = 0; i < n && i < 3 && (off >> 2) + i < p->ndw; i++)
            t->dw[t->ndw++] = p->words[(off >> 2) + i];
    }
}

/* After it: what it wrote. */
static void after(trace_recorder_t *r, wave_t *w, const fx_t *fx)
{
    trace_rec_t *t = &r->rec;
    t->flags = 0;
    t->ns = t->nv = t->nm = t->nh = 0;
    t->scc_written = t->scc = 0;
    if (w->state == WAVE_FAULT)
        t->flags |= TRACE_F_FAULT;
    int ran = fx->pc == t->pc;   /* an instruction faulting before it starts leaves fx as it was */
    if (ran) {
        take_sregs(t, w, fx);
        take_vregs(t, w, fx);
        if (fx->nm > TRACE_MAX_MEM || take_mem(r, w, fx))
            t->flags |= TRACE_F_OVERFLOW;
        if (fx->scc_written)
            t->scc_written = 1, t->scc = w->scc;
        take_hwregs(t, w, fx);
        if (fx->overflow)
            t->flags |= TRACE_F_OVERFLOW;
    }
    /* a faulting instruction gets no cycles from the model: the cycle it started */
    int timed = ran && w->state != WAVE_FAULT;
    t->cycle_issue = !r->timing ? 0 : timed ? fx->t_issue : r->cycle_before;
    t->cycle_done = !r->timing ? 0 : timed ? fx->t_done : r->cycle_before;
}

void trace_on_step(void *arg, wave_t *w, const fx_t *fx, int after_)
{
    trace_recorder_t *r = arg;
    if (r->failed)
        return;
    if (!after_) {
        before(r, w);
        return;
    }
    after(r, w, fx);
    if (trace_write(r->tw, &r->rec, r->err, sizeof r->err)) {
        r->failed = 1;
        w->ctx->stop = 1;
    }
}

/* ---- records as text ---------------------------------------------------- */

const char *trace_sreg_name(const trace_header_t *h, unsigned reg, char *buf)
{
    const isa_target_t *t = isa_target_by_name(h->target);
    if (!t)
        t = isa_target_by_name("gfx900");
    const char *name = isa_sreg32_name(t, reg);
    unsigned ttmp = t->gen >= ISA_GFX9 ? 108 : 112;
    if (name)
        snprintf(buf, 24, "%s", name);
    else if (reg < 106)
        snprintf(buf, 24, "s%u", reg);
    else if (reg >= ttmp && reg < ttmp + 16)
        snprintf(buf, 24, "ttmp%u", reg - ttmp);
    else
        snprintf(buf, 24, "sreg%u", reg);
    return buf;
}

const char *trace_space_name(unsigned space)
{
    static const char *names[] = {"global", "lds", "scratch", "gds", "scalar"};
    return space < sizeof names / sizeof names[0] ? names[space] : "?";
}

void trace_disasm(const trace_header_t *h, const trace_rec_t *r, char *buf, size_t buflen)
{
    const isa_target_t *t = isa_target_by_name(h->target);
    trace_prog_t *own = NULL, *p = h->prog;
    if (!p && t && !(p = own = trace_prog_new(t, h->code))) {   /* a header no reader gave */
        snprintf(buf, buflen, "<out of memory>");
        return;
    }
    const isa_inst_t *in = t ? trace_prog_inst(p, r->pc, r->dw, r->ndw) : NULL;
    if (!in || in->op >= ISA_OP_COUNT)
        snprintf(buf, buflen, "<invalid>");
    else
        isa_format(t, in, r->pc, buf, buflen);
    trace_prog_free(own);
}
