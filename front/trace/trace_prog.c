/* trace_prog.c — the instructions of a trace, each decoded once (see
 * trace_prog.h): an open-addressing table by pc. */
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace_prog.h"

/* The table grows to at most this many entries; the pcs of a hostile file
 * beyond it are decoded on each lookup. */
enum { TP_MIN = 256, TP_MAX = 1 << 22 };

typedef struct {
    uint64_t pc;
    uint32_t dw[3];
    uint8_t ndw;               /* 0: empty slot */
    isa_inst_t in;
} entry_t;

struct trace_prog {
    const isa_target_t *t;
    const sim_prog_t *code;
    entry_t *e;
    size_t cap, n;             /* slots (a power of two), used */
    entry_t *last;             /* the entry found last */
    entry_t scratch;           /* a lookup the table has no room for */
    isa_inst_t none;           /* no instruction */
    uint64_t decodes;
};

trace_prog_t *trace_prog_new(const isa_target_t *t, const sim_prog_t *code)
{
    trace_prog_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->t = t, p->code = code;
    p->none.op = ISA_OP_COUNT;
    p->none.enc = ISA_ENC_INVALID;
    p->none.ndw = 1;
    p->none.status = ISA_E_INVALID;
    return p;
}

void trace_prog_free(trace_prog_t *p)
{
    if (!p)
        return;
    free(p->e);
    free(p);
}

uint64_t trace_prog_decodes(const trace_prog_t *p)
{
    return p->decodes;
}

static inline size_t slot_of(uint64_t pc, size_t cap)
{
    return (size_t)((pc >> 2) * 0x9e3779b97f4a7c15ull >> 32) & (cap - 1);
}

static inline int same_words(const entry_t *e, uint64_t pc, const uint32_t *dw, unsigned ndw)
{
    return e->ndw == ndw && e->pc == pc && !memcmp(e->dw, dw, 4u * ndw);
}

/* Double the table (or make the first); 0, or -1 when it may not grow. */
static int grow(trace_prog_t *p)
{
    size_t cap = p->cap ? 2 * p->cap : TP_MIN;
    if (cap > TP_MAX)
        return -1;
    entry_t *e = calloc(cap, sizeof *e);
    if (!e)
        return -1;
    for (size_t i = 0; i < p->cap; i++) {
        if (!p->e[i].ndw)
            continue;
        size_t j = slot_of(p->e[i].pc, cap);
        while (e[j].ndw)
            j = (j + 1) & (cap - 1);
        e[j] = p->e[i];
    }
    free(p->e);
    p->e = e, p->cap = cap;
    p->last = NULL;
    return 0;
}

/* Decode dw[0..ndw) at pc into entry e. */
static const isa_inst_t *fill(trace_prog_t *p, entry_t *e, uint64_t pc, const uint32_t *dw, unsigned ndw)
{
    e->pc = pc;
    e->ndw = (uint8_t)ndw;
    memset(e->dw, 0, sizeof e->dw);
    memcpy(e->dw, dw, 4u * ndw);
    isa_decode(p->t, dw, ndw, &e->in);
    p->decodes++;
    p->last = e;
    return &e->in;
}

/* The recorded launch's instruction at pc, when it is the one encoded as
 * dw[0..ndw) (what decoding those words alone gives); else NULL. */
static const isa_inst_t *in_code(const sim_prog_t *c, uint64_t pc, const uint32_t *dw, unsigned ndw)
{
    uint64_t off = pc - c->base;
    if (pc < c->base || off % 4 || off / 4 >= c->ndw)
        return NULL;
    size_t i = (size_t)(off / 4);
    const isa_inst_t *in = &c->inst[i];
    if (in->op >= ISA_OP_COUNT || in->ndw != ndw || i + ndw > c->ndw || memcmp(c->words + i, dw, 4u * ndw))
        return NULL;
    return in;
}

const isa_inst_t *trace_prog_inst(trace_prog_t *p, uint64_t pc, const uint32_t *dw, unsigned ndw)
{
    if (!p->t || ndw < 1 || ndw > 3)
        return &p->none;
    if (p->last && same_words(p->last, pc, dw, ndw))
        return &p->last->in;
    if (p->code) {
        const isa_inst_t *in = in_code(p->code, pc, dw, ndw);
        if (in)
            return in;
    }
    if ((p->n + 1) * 2 > p->cap && grow(p))
        return fill(p, &p->scratch, pc, dw, ndw);
    size_t i = slot_of(pc, p->cap);
    while (p->e[i].ndw && p->e[i].pc != pc)
        i = (i + 1) & (p->cap - 1);
    entry_t *e = &p->e[i];
    if (e->ndw && same_words(e, pc, dw, ndw)) {
        p->last = e;
        return &e->in;
    }
    if (!e->ndw)
        p->n++;
    return fill(p, e, pc, dw, ndw);   /* a new pc, or another encoding at it: this one now */
}
