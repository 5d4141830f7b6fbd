/* test_effects.c — the effects record is complete: for every instruction of
 * real kernels (the corpus in tests/kernels on gfx701, gfx803 and gfx900),
 * undoing what the record says (old register values, old memory dwords,
 * SCC, hardware registers, pc) on a copy of the state after the instruction
 * gives back exactly the state before it — every SGPR, VGPR, LDS byte and
 * byte of device memory.  The debugger's reverse-step and the trace rely on
 * this. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/launch/launch.h"
#include "tests/unit/check.h"

typedef struct {
    uint32_t sgpr[128], hwreg[32];
    uint8_t scc;
    uint64_t pc;
    uint32_t (*vgpr)[64];
} regs_t;

typedef struct {
    launch_t *L;
    regs_t before, after;
    uint8_t **mem_before, **mem_work;   /* per region */
    uint8_t *lds_before, *lds_work;
    size_t nregions;
    uint64_t checked;
    char failure[512];
} undo_check_t;

static void save_regs(regs_t *r, const wave_t *w)
{
    memcpy(r->sgpr, w->sgpr, sizeof r->sgpr);
    memcpy(r->hwreg, w->hwreg, sizeof r->hwreg);
    r->scc = w->scc;
    r->pc = w->pc;
    memcpy(r->vgpr, w->vgpr, (size_t)w->nvgpr * sizeof *r->vgpr);
}

/* The first difference between two register states, or NULL. */
static const char *regs_diff(const regs_t *a, const regs_t *b, unsigned nvgpr, char *buf, size_t n)
{
    for (unsigned i = 0; i < 128; i++)
        if (a->sgpr[i] != b->sgpr[i]) {
            snprintf(buf, n, "scalar register %u: 0x%x after undo, 0x%x before", i, a->sgpr[i], b->sgpr[i]);
            return buf;
        }
    for (unsigned i = 0; i < 32; i++)
        if (a->hwreg[i] != b->hwreg[i]) {
            snprintf(buf, n, "hardware register %u: 0x%x after undo, 0x%x before", i, a->hwreg[i], b->hwreg[i]);
            return buf;
        }
    if (a->scc != b->scc || a->pc != b->pc) {
        snprintf(buf, n, "scc/pc: %u/0x%llx after undo, %u/0x%llx before", a->scc, (unsigned long long)a->pc, b->scc,
                 (unsigned long long)b->pc);
        return buf;
    }
    for (unsigned v = 0; v < nvgpr; v++)
        for (unsigned l = 0; l < 64; l++)
            if (a->vgpr[v][l] != b->vgpr[v][l]) {
                snprintf(buf, n, "v%u lane %u: 0x%x after undo, 0x%x before", v, l, a->vgpr[v][l], b->vgpr[v][l]);
                return buf;
            }
    return NULL;
}

static void undo_regs(regs_t *r, const fx_t *fx)
{
    for (unsigned i = fx->nh; i-- > 0;)
        r->hwreg[fx->h[i].id & 31] = fx->h[i].old;
    for (unsigned i = fx->nv; i-- > 0;)
        for (unsigned l = 0; l < 64; l++)
            if (fx->v[i].mask >> l & 1)
                r->vgpr[fx->v[i].reg][l] = fx->v[i].old[l];
    for (unsigned i = fx->ns; i-- > 0;)
        r->sgpr[fx->s[i].reg & 127] = fx->s[i].old;
    if (fx->scc_written)
        r->scc = fx->old_scc;
    r->pc = fx->pc;
}

static void hook(void *arg, wave_t *w, const fx_t *fx, int after)
{
    undo_check_t *u = arg;
    mem_t *m = &u->L->m->mem;
    if (u->failure[0])
        return;
    if (!after) {
        save_regs(&u->before, w);
        for (size_t i = 0; i < u->nregions && i < m->n; i++)
            memcpy(u->mem_before[i], m->r[i].data, m->r[i].size);
        memcpy(u->lds_before, w->wg->lds, w->wg->lds_size);
        return;
    }
    char why[256];
    const char *bad = NULL;
    if (w->state == WAVE_FAULT)
        return;   /* a fault stops the dispatch; nothing to undo */
    if (fx->overflow)
        bad = "the record overflowed";
    save_regs(&u->after, w);
    undo_regs(&u->after, fx);
    if (!bad)
        bad = regs_diff(&u->after, &u->before, w->nvgpr, why, sizeof why);
    for (size_t i = 0; i < u->nregions && i < m->n; i++)
        memcpy(u->mem_work[i], m->r[i].data, m->r[i].size);
    memcpy(u->lds_work, w->wg->lds, w->wg->lds_size);
    for (unsigned i = fx->nm; i-- > 0 && !bad;) {
        const fx_memw_t *e = &fx->m[i];
        if (e->space == FX_SPACE_LDS) {
            if (e->addr + 4 <= w->wg->lds_size)
                memcpy(u->lds_work + e->addr, &e->old, 4);
            continue;
        }
        size_t k = 0;
        while (k < m->n && !(e->addr >= m->r[k].base && e->addr + 4 <= m->r[k].base + m->r[k].size))
            k++;
        if (k < u->nregions)
            memcpy(u->mem_work[k] + (e->addr - m->r[k].base), &e->old, 4);
    }
    for (size_t i = 0; i < u->nregions && i < m->n && !bad; i++)
        if (memcmp(u->mem_work[i], u->mem_before[i], m->r[i].size)) {
            size_t o = 0;
            while (u->mem_work[i][o] == u->mem_before[i][o])
                o++;
            snprintf(why, sizeof why, "memory '%s' byte 0x%llx differs after undo (an unrecorded write)",
                     m->r[i].name, (unsigned long long)(m->r[i].base + o));
            bad = why;
        }
    if (!bad && memcmp(u->lds_work, u->lds_before, w->wg->lds_size))
        bad = "LDS differs after undo (an unrecorded write)";
    if (bad) {
        const sim_prog_t *p = w->ctx->prog;
        char text[128] = "?";
        uint64_t off = (fx->pc - p->base) / 4;
        if (off < p->ndw)
            isa_format(w->ctx->t, &p->inst[off], fx->pc, text, sizeof text);
        snprintf(u->failure, sizeof u->failure, "after '%s' at pc 0x%llx: %s", text, (unsigned long long)fx->pc, bad);
        return;
    }
    u->checked++;
}

/* Argument values from the metadata: buffers of small integers, scalars. */
static size_t make_args(const co_kernel_t *k, la_value_t *v, uint8_t *data, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        if (a->kind == CO_ARG_GLOBAL_BUFFER) {
            memset(&v[n], 0, sizeof v[n]);
            v[n].kind = LA_BUF;
            v[n].data = data;
            v[n].size = size;
            snprintf(v[n].spec, sizeof v[n].spec, "buffer %zu", n);
            n++;
        } else if (a->kind == CO_ARG_DYNAMIC_SHARED_POINTER) {
            v[n++] = la_local(1024);
        } else if (a->kind == CO_ARG_BY_VALUE) {
            const char *t = a->type_name ? a->type_name : "";
            la_value_t x = la_u32(16);
            if (strstr(t, "double") || (a->size == 8 && strstr(t, "float") == NULL)) {
                x.kind = strstr(t, "double") ? LA_F64 : LA_U64;
                double d = 0.75;
                if (x.kind == LA_F64)
                    memcpy(&x.bits, &d, 8);
                else
                    x.bits = 16;
            } else if (strstr(t, "float"))
                x = la_f32(1.5f);
            v[n++] = x;
        }
    }
    return n;
}

static void check_kernel(const char *file, const co_kernel_t *k0)
{
    enum { BUF = 8192 };
    static uint8_t data[BUF];
    for (size_t i = 0; i < BUF / 4; i++) {
        uint32_t x = (uint32_t)(i * 2654435761u) >> 28;   /* small integers 0..15 */
        memcpy(data + 4 * i, &x, 4);
    }
    la_value_t vals[16];
    size_t nv = make_args(k0, vals, data, BUF);
    launch_t L;
    memset(&L, 0, sizeof L);
    char err[512];
    uint32_t global[3] = {256, 1, 1}, local[3] = {64, 1, 1};
    if (la_prepare(&L, file, NULL, k0->name, 1, global, local, vals, nv, err, sizeof err)) {
        CHECK(0, "effects %s %s: launch set-up: %s", file, k0->name, err);
        la_free(&L);
        return;
    }
    undo_check_t u;
    memset(&u, 0, sizeof u);
    u.L = &L;
    unsigned nvg = ((L.sk.rsrc1 & 0x3f) + 1) * 4;
    u.before.vgpr = calloc(nvg, sizeof *u.before.vgpr);
    u.after.vgpr = calloc(nvg, sizeof *u.after.vgpr);
    u.lds_before = calloc(1, 65536);
    u.lds_work = calloc(1, 65536);
    /* regions existing before the run, plus the few the dispatch adds */
    u.nregions = L.m->mem.n + 8;
    u.mem_before = calloc(u.nregions, sizeof *u.mem_before);
    u.mem_work = calloc(u.nregions, sizeof *u.mem_work);
    for (size_t i = 0; i < u.nregions; i++) {
        u.mem_before[i] = calloc(1, 1 << 20);
        u.mem_work[i] = calloc(1, 1 << 20);
    }
    L.sl.on_step = hook;
    L.sl.step_arg = &u;
    sim_result_t r;
    int st = la_run(&L, &r, err, sizeof err);
    int big = 0;
    for (size_t i = 0; i < L.m->mem.n; i++)
        big |= L.m->mem.r[i].size > (1u << 20);
    CHECK(st >= 0 && !big && !u.failure[0] && u.checked > 0,
          "effects %s %s: %llu instructions undone exactly%s%s%s", file, k0->name, (unsigned long long)u.checked,
          u.failure[0] ? "; " : "", u.failure, st < 0 ? err : big ? " (a region exceeds the test's 1 MiB)" : "");
    for (size_t i = 0; i < u.nregions; i++) {
        free(u.mem_before[i]);
        free(u.mem_work[i]);
    }
    free(u.mem_before);
    free(u.mem_work);
    free(u.before.vgpr);
    free(u.after.vgpr);
    free(u.lds_before);
    free(u.lds_work);
    la_free(&L);
}

int main(void)
{
    static const char *files[] = {"arith", "atomics", "control", "lds", "math", "vector"};
    static const char *targets[] = {"gfx701", "gfx803", "gfx900"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++)
        for (size_t t = 0; t < 3; t++) {
            char path[256];
            snprintf(path, sizeof path, "tests/kernels/bin/%s-%s.co", files[f], targets[t]);
            co_file_t co;
            char err[512];
            if (co_load(path, &co, err, sizeof err)) {
                CHECK(0, "effects: %s", err);
                continue;
            }
            for (size_t k = 0; k < co.nkernels; k++)
                check_kernel(path, &co.kernels[k]);
            co_free(&co);
        }
    return check_done();
}
