/* waits.c — the table of what s_waitcnt stalls waited for (waits.h). */
#include <stdlib.h>
#include <string.h>
#include "sim/waits.h"

static const char *const srv_names[] = {
#define TM_SRV_NAME(n) #n,
    TM_SRV_LIST(TM_SRV_NAME)
#undef TM_SRV_NAME
};

const char *tm_srv_name(tm_srv_t s)
{
    return (unsigned)s < TM_NSRV ? srv_names[s] : "?";
}

/* The entry of the waiting instruction at dword at, made when it has none;
 * NULL when out of memory or at is outside the code. */
static tm_wait_t *wait_slot(tm_waits_t *t, size_t ndw, uint32_t at)
{
    if (!t->ix) {
        if (!ndw || !(t->ix = calloc(ndw, sizeof *t->ix)))
            return NULL;
        t->ndw = ndw;
    }
    if (at >= t->ndw)
        return NULL;
    if (t->ix[at])
        return &t->w[t->ix[at] - 1];
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16;
        tm_wait_t *w = realloc(t->w, cap * sizeof *w);
        if (!w)
            return NULL;
        t->w = w;
        t->cap = cap;
    }
    tm_wait_t *w = &t->w[t->n++];
    memset(w, 0, sizeof *w);
    w->at = at;
    w->op[TM_WAIT_OPS].op = TM_WAIT_OTHER;
    t->ix[at] = (uint32_t)t->n;
    return w;
}

/* The entry of operation op in w: its own while there is room (first come,
 * first kept), else "other". */
static tm_wait_op_t *op_slot(tm_wait_t *w, uint32_t op)
{
    for (uint32_t i = 0; i < w->nops; i++)
        if (w->op[i].op == op)
            return &w->op[i];
    if (op == TM_WAIT_OTHER || w->nops == TM_WAIT_OPS)
        return &w->op[TM_WAIT_OPS];
    tm_wait_op_t *o = &w->op[w->nops++];
    o->op = op;
    return o;
}

int tm_waits_charge(tm_waits_t *t, size_t ndw, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles)
{
    tm_wait_t *w = (unsigned)srv < TM_NSRV ? wait_slot(t, ndw, at) : NULL;
    if (!w) {
        t->lost += cycles;
        return -1;
    }
    tm_wait_op_t *o = op_slot(w, op);
    o->cycles[srv] += cycles;
    o->count[srv]++;
    return 0;
}

int tm_waits_add(tm_waits_t *dst, const tm_waits_t *src, size_t ndw)
{
    dst->lost += src->lost;
    for (size_t i = 0; i < src->n; i++) {
        const tm_wait_t *s = &src->w[i];
        tm_wait_t *d = wait_slot(dst, ndw, s->at);
        if (!d)
            return -1;
        for (uint32_t k = 0; k <= TM_WAIT_OPS; k++) {
            const tm_wait_op_t *so = &s->op[k];
            if (k < TM_WAIT_OPS && k >= s->nops)
                continue;
            tm_wait_op_t *o = op_slot(d, so->op);
            for (unsigned v = 0; v < TM_NSRV; v++) {
                o->cycles[v] += so->cycles[v];
                o->count[v] += so->count[v];
            }
        }
    }
    return 0;
}

uint64_t tm_wait_op_cycles(const tm_wait_op_t *o)
{
    uint64_t c = 0;
    for (unsigned v = 0; v < TM_NSRV; v++)
        c += o->cycles[v];
    return c;
}

uint64_t tm_wait_cycles(const tm_wait_t *w)
{
    uint64_t c = tm_wait_op_cycles(&w->op[TM_WAIT_OPS]);
    for (uint32_t i = 0; i < w->nops; i++)
        c += tm_wait_op_cycles(&w->op[i]);
    return c;
}

void tm_waits_free(tm_waits_t *t)
{
    free(t->w);
    free(t->ix);
    memset(t, 0, sizeof *t);
}
