/* cfg.c — basic blocks, dominators and natural loops of a kernel's code
 * (see cfg.h). */
#include <stdlib.h>
#include <string.h>
#include "front/report/cfg.h"

#define NONE ((size_t)-1)

/* How an instruction ends its block. */
enum { K_NONE, K_END, K_JUMP, K_COND, K_CALL, K_INDIRECT };

static int kind(const isa_inst_t *in)
{
    if (!in || in->op >= ISA_OP_COUNT)
        return K_NONE;
    switch (in->op) {
    case ISA_OP_S_ENDPGM: case ISA_OP_S_ENDPGM_SAVED: case ISA_OP_S_ENDPGM_ORDERED_PS_DONE: case ISA_OP_S_TRAP:
        return K_END;
    case ISA_OP_S_BRANCH:
        return K_JUMP;
    case ISA_OP_S_SWAPPC_B64: case ISA_OP_S_CALL_B64:
        return K_CALL;
    case ISA_OP_S_CBRANCH_I_FORK:
        return K_COND;
    default:
        break;
    }
    if (!(isa_row(in->op)->flags & ISA_F_BRANCH))
        return K_NONE;
    return isa_branch_target(in, (uint64_t)1 << 40) >= 0 ? K_COND : K_INDIRECT;   /* a SOPP branch */
}

/* The direct target of ins[i], or -1. */
static int64_t target(const cfg_inst_t *x)
{
    if (x->in && x->in->op == ISA_OP_S_CBRANCH_I_FORK)
        return (int64_t)(x->addr + 4 + (int64_t)(int16_t)x->in->simm * 4);
    return x->in ? isa_branch_target(x->in, x->addr) : -1;
}

/* The instruction starting at addr, or NONE. */
static size_t inst_at(const cfg_inst_t *ins, size_t n, int64_t addr)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((int64_t)ins[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && (int64_t)ins[lo].addr == addr ? lo : NONE;
}

/* ---- blocks ------------------------------------------------------------------ */

static void mark_leaders(const cfg_inst_t *ins, size_t n, uint8_t *lead)
{
    lead[0] = 1;
    for (size_t i = 0; i < n; i++) {
        int k = kind(ins[i].in);
        if (k == K_NONE)
            continue;
        if (i + 1 < n)
            lead[i + 1] = 1;
        size_t t = (k == K_JUMP || k == K_COND) ? inst_at(ins, n, target(&ins[i])) : NONE;
        if (t != NONE)
            lead[t] = 1;
    }
}

static void add_succ(cfg_block_t *b, size_t to, uint64_t count)
{
    if (to == NONE)
        return;
    if (b->nsucc && b->succ[0] == to) {   /* both ways to one block */
        b->edge[0] += count;
        return;
    }
    b->succ[b->nsucc] = to;
    b->edge[b->nsucc++] = count;
}

/* The edges of block bi, whose last instruction is x (index i). */
static void block_edges(cfg_t *g, const cfg_inst_t *ins, size_t n, size_t bi)
{
    cfg_block_t *b = &g->b[bi];
    size_t i = b->first + b->n - 1;
    const cfg_inst_t *x = &ins[i];
    size_t next = i + 1 < n ? g->block_of[i + 1] : NONE;
    size_t t = inst_at(ins, n, target(x));
    t = t == NONE ? NONE : g->block_of[t];
    uint64_t taken = x->taken < x->count ? x->taken : x->count;
    switch (kind(x->in)) {
    case K_END: case K_INDIRECT:
        break;
    case K_JUMP:
        add_succ(b, t, x->count);
        break;
    case K_COND:
        add_succ(b, t, taken);
        add_succ(b, next, x->count - taken);
        break;
    default:   /* K_NONE, K_CALL: on to the next instruction */
        add_succ(b, next, x->count);
        break;
    }
}

static int make_blocks(cfg_t *g, const cfg_inst_t *ins, size_t n)
{
    uint8_t *lead = calloc(n, 1);
    if (!lead)
        return -1;
    mark_leaders(ins, n, lead);
    for (size_t i = 0; i < n; i++)
        g->nb += lead[i];
    g->b = calloc(g->nb, sizeof *g->b);
    if (!g->b) {
        free(lead);
        return -1;
    }
    size_t k = NONE;
    for (size_t i = 0; i < n; i++) {
        if (lead[i]) {
            k = k == NONE ? 0 : k + 1;
            g->b[k].first = i;
            g->b[k].loop = -1;
        }
        g->b[k].n++;
        g->block_of[i] = k;
    }
    free(lead);
    for (size_t b = 0; b < g->nb; b++)
        block_edges(g, ins, n, b);
    return 0;
}

/* ---- dominators (Cooper, Harvey and Kennedy's iteration) ---------------------- */

typedef struct {
    size_t *rpo;                 /* blocks reachable from the entry, in reverse post-order */
    size_t nrpo;
    size_t *order;               /* [block]: its position in rpo, NONE unreachable */
    size_t *idom;                /* [block]: its immediate dominator (entry: itself) */
} dom_t;

/* Reverse post-order of the blocks reachable from block 0 (iterative DFS). */
static int post_order(const cfg_t *g, dom_t *d)
{
    size_t *stack = malloc(g->nb * sizeof *stack), *next = calloc(g->nb, sizeof *next), sp = 0, np = 0;
    uint8_t *seen = calloc(g->nb, 1);
    if (!stack || !next || !seen) {
        free(stack), free(next), free(seen);
        return -1;
    }
    stack[sp++] = 0;
    seen[0] = 1;
    while (sp) {
        size_t b = stack[sp - 1];
        if (next[b] < g->b[b].nsucc) {
            size_t s = g->b[b].succ[next[b]++];
            if (!seen[s]) {
                seen[s] = 1;
                stack[sp++] = s;
            }
            continue;
        }
        d->rpo[g->nb - 1 - np++] = b;   /* filled from the end: reversed */
        sp--;
    }
    memmove(d->rpo, d->rpo + (g->nb - np), np * sizeof *d->rpo);
    d->nrpo = np;
    free(stack), free(next), free(seen);
    return 0;
}

static size_t intersect(const dom_t *d, size_t a, size_t b)
{
    while (a != b) {
        while (d->order[a] > d->order[b])
            a = d->idom[a];
        while (d->order[b] > d->order[a])
            b = d->idom[b];
    }
    return a;
}

/* The predecessors of every block: preds[pstart[b] .. pstart[b + 1]). */
static int predecessors(const cfg_t *g, size_t **pstart, size_t **preds)
{
    size_t *st = calloc(g->nb + 1, sizeof *st), total = 0;
    if (!st)
        return -1;
    for (size_t b = 0; b < g->nb; b++)
        for (unsigned k = 0; k < g->b[b].nsucc; k++)
            st[g->b[b].succ[k] + 1]++;
    for (size_t b = 0; b < g->nb; b++)
        st[b + 1] += st[b];
    total = st[g->nb];
    size_t *p = malloc((total ? total : 1) * sizeof *p), *fill = calloc(g->nb, sizeof *fill);
    if (!p || !fill) {
        free(st), free(p), free(fill);
        return -1;
    }
    for (size_t b = 0; b < g->nb; b++)
        for (unsigned k = 0; k < g->b[b].nsucc; k++) {
            size_t s = g->b[b].succ[k];
            p[st[s] + fill[s]++] = b;
        }
    free(fill);
    *pstart = st;
    *preds = p;
    return 0;
}

static int dominators(const cfg_t *g, dom_t *d, const size_t *pst, const size_t *pr)
{
    d->rpo = malloc(g->nb * sizeof *d->rpo);
    d->order = malloc(g->nb * sizeof *d->order);
    d->idom = malloc(g->nb * sizeof *d->idom);
    if (!d->rpo || !d->order || !d->idom || post_order(g, d))
        return -1;
    for (size_t b = 0; b < g->nb; b++)
        d->order[b] = d->idom[b] = NONE;
    for (size_t i = 0; i < d->nrpo; i++)
        d->order[d->rpo[i]] = i;
    d->idom[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 1; i < d->nrpo; i++) {
            size_t b = d->rpo[i], nd = NONE;
            for (size_t k = pst[b]; k < pst[b + 1]; k++) {
                size_t p = pr[k];
                if (d->idom[p] != NONE)
                    nd = nd == NONE ? p : intersect(d, p, nd);
            }
            if (nd != d->idom[b]) {
                d->idom[b] = nd;
                changed = 1;
            }
        }
    }
    return 0;
}

/* Whether block a dominates block b (both reachable). */
static int dominates(const dom_t *d, size_t a, size_t b)
{
    for (;;) {
        if (a == b)
            return 1;
        if (b == 0 || d->idom[b] == NONE || d->idom[b] == b)
            return 0;
        b = d->idom[b];
    }
}

/* ---- loops ----------------------------------------------------------------- */

/* The body of the loop headed by h: h and what reaches a back edge's
 * source without passing h; mark[] set for its blocks; returns the count. */
static size_t loop_body(const cfg_t *g, const dom_t *d, const size_t *pst, const size_t *pr, size_t h,
                        uint8_t *mark, size_t *stack)
{
    size_t sp = 0, n = 1;
    memset(mark, 0, g->nb);
    mark[h] = 1;
    for (size_t k = pst[h]; k < pst[h + 1]; k++) {
        size_t p = pr[k];
        if (d->order[p] != NONE && dominates(d, h, p) && !mark[p]) {
            mark[p] = 1;
            stack[sp++] = p;
            n++;
        }
    }
    while (sp) {
        size_t b = stack[--sp];
        for (size_t k = pst[b]; k < pst[b + 1]; k++) {
            size_t p = pr[k];
            if (!mark[p] && d->order[p] != NONE) {
                mark[p] = 1;
                stack[sp++] = p;
                n++;
            }
        }
    }
    return n;
}

/* Whether some edge into h comes from a block h dominates (a back edge). */
static int is_header(const dom_t *d, const size_t *pst, const size_t *pr, size_t h)
{
    if (d->order[h] == NONE)
        return 0;
    for (size_t k = pst[h]; k < pst[h + 1]; k++)
        if (d->order[pr[k]] != NONE && dominates(d, h, pr[k]))
            return 1;
    return 0;
}

static int add_loop(cfg_t *g, size_t h, const uint8_t *mark, size_t n, const size_t *pst, const size_t *pr)
{
    cfg_loop_t *nl = realloc(g->l, (g->nl + 1) * sizeof *nl);
    if (!nl)
        return -1;
    g->l = nl;
    cfg_loop_t *L = &g->l[g->nl];
    memset(L, 0, sizeof *L);
    if (!(L->blocks = malloc(n * sizeof *L->blocks)))
        return -1;
    for (size_t b = 0; b < g->nb; b++)
        if (mark[b])
            L->blocks[L->nblocks++] = b;
    L->header = h;
    L->parent = -1;
    for (size_t k = pst[h]; k < pst[h + 1]; k++)
        if (!mark[pr[k]]) {
            const cfg_block_t *p = &g->b[pr[k]];
            for (unsigned e = 0; e < p->nsucc; e++)
                if (p->succ[e] == h)
                    L->entries += p->edge[e];
        }
    g->nl++;
    return 0;
}

static int find_loops(cfg_t *g, const dom_t *d, const size_t *pst, const size_t *pr)
{
    uint8_t *mark = malloc(g->nb);
    size_t *stack = malloc(g->nb * sizeof *stack);
    int rc = mark && stack ? 0 : -1;
    for (size_t h = 0; rc == 0 && h < g->nb; h++)
        if (is_header(d, pst, pr, h))
            rc = add_loop(g, h, mark, loop_body(g, d, pst, pr, h, mark, stack), pst, pr);
    free(mark);
    free(stack);
    return rc;
}

int cfg_loop_has(const cfg_t *g, size_t l, size_t b)
{
    const cfg_loop_t *L = &g->l[l];
    size_t lo = 0, hi = L->nblocks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (L->blocks[mid] < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < L->nblocks && L->blocks[lo] == b;
}

/* Parents (the smallest other loop holding the header), depths, and each
 * block's innermost loop. */
static void nest(cfg_t *g)
{
    for (size_t i = 0; i < g->nl; i++)
        for (size_t j = 0; j < g->nl; j++)
            if (j != i && g->l[j].nblocks > g->l[i].nblocks && cfg_loop_has(g, j, g->l[i].header) &&
                (g->l[i].parent < 0 || g->l[j].nblocks < g->l[g->l[i].parent].nblocks))
                g->l[i].parent = (int)j;
    for (size_t i = 0; i < g->nl; i++) {
        unsigned depth = 1;
        for (int p = g->l[i].parent; p >= 0 && depth <= g->nl; p = g->l[p].parent)
            depth++;
        g->l[i].depth = depth;
        for (size_t k = 0; k < g->l[i].nblocks; k++) {
            cfg_block_t *b = &g->b[g->l[i].blocks[k]];
            if (b->loop < 0 || g->l[b->loop].nblocks > g->l[i].nblocks)
                b->loop = (int)i;
        }
    }
}

int cfg_build(cfg_t *g, const cfg_inst_t *ins, size_t n)
{
    memset(g, 0, sizeof *g);
    dom_t d = {0};
    size_t *pst = NULL, *pr = NULL;
    int rc = -1;
    if (!n || !(g->block_of = malloc(n * sizeof *g->block_of)))
        goto out;
    if (make_blocks(g, ins, n) || predecessors(g, &pst, &pr) || dominators(g, &d, pst, pr) ||
        find_loops(g, &d, pst, pr))
        goto out;
    nest(g);
    rc = 0;
out:
    free(d.rpo), free(d.order), free(d.idom), free(pst), free(pr);
    if (rc)
        cfg_free(g);
    return rc;
}

void cfg_free(cfg_t *g)
{
    for (size_t i = 0; i < g->nl; i++)
        free(g->l[i].blocks);
    free(g->l);
    free(g->b);
    free(g->block_of);
    memset(g, 0, sizeof *g);
}
