/* trace_diff.c — `gcnsim trace diff A B`: compare two traces wave by wave
 * and report the first divergence.
 *
 * Both files are streamed once.  Records are matched per wave (launch,
 * work-group, index in the work-group): the n-th record of a wave in A
 * against the n-th record of the same wave in B, so a different
 * interleaving of the waves is no difference.  A record whose counterpart
 * the other file has not reached yet waits, packed, in its wave's queue;
 * the reader always advances the file with fewer waiting records.  What is
 * buffered is therefore the skew between the two files' schedules: one
 * record or none for two runs in the same mode, at most the records that
 * one schedule runs ahead of the other otherwise; max_buffer bounds it.
 * The first divergence is the earliest in A's order among the waves' first
 * divergences; reading stops once no earlier one can appear.  A second
 * pass over A up to that record finds the context, the last write of the
 * differing register or address and the breakpoint count for the
 * debugger command.
 *
 * Here: streaming both files, the packed records, the waves, the matcher,
 * the whole comparison and the command.  What differs in a record and how
 * it is printed, the second pass and the debugger command are in
 * trace_diff_report.c; trace_diff_int.h is what the two share. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace.h"
#include "front/trace/trace_diff.h"
#include "front/trace/trace_diff_int.h"
#include "front/trace/trace_prog.h"
#include "isa/isa.h"

#define NONE UINT64_MAX

/* ---- packed records ------------------------------------------------------ */

/* (a packed record, qrec_t: trace_diff_int.h) */

static size_t packed_size(const trace_rec_t *r)
{
    size_t n = 8 + 1 + 4 * (size_t)r->ndw + 1 + 8 + 2 + 1 + 6 * (size_t)r->ns + 1 + 1 + 5 * (size_t)r->nh + 4
               + 13 * (size_t)r->nm;
    for (unsigned i = 0; i < r->nv; i++)
        n += 2 + 8 + 4 * (size_t)__builtin_popcountll(r->v[i].mask);
    return n;
}

static uint8_t *put(uint8_t *p, const void *v, size_t n)
{
    memcpy(p, v, n);
    return p + n;
}

/* Pack r (values of a record flagged non-deterministic are left out). */
qrec_t *td_pack(const trace_rec_t *r)
{
    size_t len = packed_size(r);
    qrec_t *q = malloc(sizeof *q + len);
    if (!q)
        return NULL;
    q->next = NULL;
    q->seq = r->seq, q->ci = r->cycle_issue, q->cd = r->cycle_done, q->wave = r->wave, q->flags = r->flags;
    q->len = (uint32_t)len;
    int nd = r->flags & TRACE_F_NONDET;
    uint8_t *p = q->d, u8;
    uint32_t zero = 0;
    p = put(p, &r->pc, 8);
    p = put(p, &r->ndw, 1);
    p = put(p, r->dw, 4 * (size_t)r->ndw);
    p = put(p, &r->flags, 1);
    p = put(p, &r->exec, 8);
    u8 = r->scc_written, p = put(p, &u8, 1);
    u8 = r->scc_written && !nd ? r->scc : 0, p = put(p, &u8, 1);
    u8 = (uint8_t)r->ns, p = put(p, &u8, 1);
    for (unsigned i = 0; i < r->ns; i++) {
        p = put(p, &r->s[i].reg, 2);
        p = put(p, nd ? &zero : &r->s[i].val, 4);
    }
    u8 = (uint8_t)r->nv, p = put(p, &u8, 1);
    for (unsigned i = 0; i < r->nv; i++) {
        p = put(p, &r->v[i].reg, 2);
        p = put(p, &r->v[i].mask, 8);
        for (uint64_t m = r->v[i].mask; m; m &= m - 1)
            p = put(p, nd ? &zero : &r->v[i].val[__builtin_ctzll(m)], 4);
    }
    u8 = (uint8_t)r->nh, p = put(p, &u8, 1);
    for (unsigned i = 0; i < r->nh; i++) {
        p = put(p, &r->h[i].id, 1);
        p = put(p, nd ? &zero : &r->h[i].val, 4);
    }
    uint32_t nm = r->nm;
    p = put(p, &nm, 4);
    for (unsigned i = 0; i < r->nm; i++) {
        p = put(p, &r->m[i].space, 1);
        p = put(p, &r->m[i].addr, 8);
        p = put(p, nd ? &zero : &r->m[i].val, 4);
    }
    return q;
}

static const uint8_t *get(const uint8_t *p, void *v, size_t n)
{
    memcpy(v, p, n);
    return p + n;
}

/* Unpack q into r (r->m is malloc'ed: release with free(r->m)); the wave
 * key fields are not in q and are left as they are.  Returns 0 or -1. */
int td_unpack(const qrec_t *q, trace_rec_t *r)
{
    const uint8_t *p = q->d;
    uint8_t u8;
    r->seq = q->seq, r->cycle_issue = q->ci, r->cycle_done = q->cd, r->wave = q->wave;
    p = get(p, &r->pc, 8);
    p = get(p, &r->ndw, 1);
    p = get(p, r->dw, 4 * (size_t)r->ndw);
    p = get(p, &r->flags, 1);
    p = get(p, &r->exec, 8);
    p = get(p, &r->scc_written, 1);
    p = get(p, &r->scc, 1);
    p = get(p, &u8, 1), r->ns = u8;
    for (unsigned i = 0; i < r->ns; i++) {
        p = get(p, &r->s[i].reg, 2);
        p = get(p, &r->s[i].val, 4);
    }
    p = get(p, &u8, 1), r->nv = u8;
    for (unsigned i = 0; i < r->nv; i++) {
        p = get(p, &r->v[i].reg, 2);
        p = get(p, &r->v[i].mask, 8);
        memset(r->v[i].val, 0, sizeof r->v[i].val);
        for (uint64_t m = r->v[i].mask; m; m &= m - 1)
            p = get(p, &r->v[i].val[__builtin_ctzll(m)], 4);
    }
    p = get(p, &u8, 1), r->nh = u8;
    for (unsigned i = 0; i < r->nh; i++) {
        p = get(p, &r->h[i].id, 1);
        p = get(p, &r->h[i].val, 4);
    }
    uint32_t nm;
    p = get(p, &nm, 4);
    r->nm = r->mcap = nm;
    r->m = nm ? malloc(nm * sizeof *r->m) : NULL;
    if (nm && !r->m)
        return -1;
    for (unsigned i = 0; i < nm; i++) {
        p = get(p, &r->m[i].space, 1);
        p = get(p, &r->m[i].addr, 8);
        p = get(p, &r->m[i].val, 4);
    }
    return 0;
}

/* ---- waves --------------------------------------------------------------- */

typedef struct {
    uint32_t launch, wg[3], wg_wave;     /* the key */
    qrec_t *qa, *qa_tail, *qb, *qb_tail; /* records not matched yet */
    uint64_t last_a, last_b;             /* seq of the last matched record, or NONE */
    uint8_t seen_a;                      /* A has shown a record of the wave */
    uint8_t ended;                       /* the wave's last instruction matched (s_endpgm, fault) */
    uint8_t a_cont;                      /* A has a record of it after the best divergence */
    uint8_t diverged;
} dwave_t;

typedef struct {
    dwave_t *w;
    size_t nw, cap;
    uint32_t *slot;   /* index + 1; 0 = free */
    size_t nslot;
} wtab_t;

static uint64_t wave_hash(const trace_rec_t *r)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    uint32_t k[5] = {r->launch, r->wg[0], r->wg[1], r->wg[2], r->wg_wave};
    for (int i = 0; i < 5; i++) {
        h ^= k[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 33;
    }
    return h;
}

static int wave_is(const dwave_t *w, const trace_rec_t *r)
{
    return w->launch == r->launch && w->wg[0] == r->wg[0] && w->wg[1] == r->wg[1] && w->wg[2] == r->wg[2] &&
           w->wg_wave == r->wg_wave;
}

static int wtab_grow(wtab_t *t)
{
    size_t n = t->nslot ? 2 * t->nslot : 1024;
    uint32_t *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nw; i++) {
        trace_rec_t key;
        key.launch = t->w[i].launch, key.wg_wave = t->w[i].wg_wave;
        memcpy(key.wg, t->w[i].wg, sizeof key.wg);
        size_t j = wave_hash(&key) & (n - 1);
        while (s[j])
            j = (j + 1) & (n - 1);
        s[j] = (uint32_t)i + 1;
    }
    free(t->slot);
    t->slot = s, t->nslot = n;
    return 0;
}

/* The wave of record r, created when new; NULL when out of memory. */
static dwave_t *wtab_get(wtab_t *t, const trace_rec_t *r)
{
    if (2 * (t->nw + 1) > t->nslot && wtab_grow(t))
        return NULL;
    size_t j = wave_hash(r) & (t->nslot - 1);
    for (; t->slot[j]; j = (j + 1) & (t->nslot - 1))
        if (wave_is(&t->w[t->slot[j] - 1], r))
            return &t->w[t->slot[j] - 1];
    if (t->nw == t->cap) {
        size_t c = t->cap ? 2 * t->cap : 256;
        dwave_t *w = realloc(t->w, c * sizeof *w);
        if (!w)
            return NULL;
        t->w = w, t->cap = c;
    }
    dwave_t *w = &t->w[t->nw];
    memset(w, 0, sizeof *w);
    w->launch = r->launch, w->wg_wave = r->wg_wave;
    memcpy(w->wg, r->wg, sizeof w->wg);
    w->last_a = w->last_b = NONE;
    t->slot[j] = (uint32_t)++t->nw;
    return w;
}

/* ---- the matcher --------------------------------------------------------- */

enum { DV_RECORD, DV_EXTRA_A, DV_EXTRA_B };   /* records differ; only A / only B has the record */

/* --all: one wave's first divergence, in short. */
typedef struct {
    uint64_t key, sa, sb, pc;   /* sa/sb: record numbers (NONE: no record) */
    uint32_t wave, wg[3], wg_wave, launch;
    char what[64];
} wsum_t;

typedef struct {
    const trace_diff_opts_t *o;
    const char *path[2];
    trace_reader_t *r[2];
    const trace_header_t *h[2];
    const isa_target_t *ta;
    trace_rec_t *rec[2];
    int eof[2], fin[2];
    uint64_t pos[2], npend[2], bytes, max_bytes;
    int64_t a_lt;        /* waiting A records with 2*seq < best */
    int64_t b_unknown;   /* waves with waiting B records whose A side is not known */
    int64_t open;        /* waves seen in A, not ended, not known to go on after best */
    /* the best (earliest) divergence: key 2*seq in A (+1: after that record) */
    uint64_t best;
    int kind;
    size_t bw;
    qrec_t *da, *db;
    wtab_t wt;
    wsum_t *all;         /* --all: every wave's first divergence */
    size_t nall, capall;
    uint64_t peak_n, peak_bytes;   /* most records waiting at once */
    char *err;
    size_t errlen;
} diff_t;

/* Divergences at or after this key cannot be the first one reported. */
static uint64_t cut(const diff_t *d)
{
    return d->o->all ? NONE : d->best;
}

static int is_unknown(const dwave_t *w)
{
    return w->qb && w->seen_a && !w->a_cont && !w->diverged;
}

static int is_open(const dwave_t *w)
{
    return w->seen_a && !w->ended && !w->diverged && !w->a_cont;
}

/* Counters of wave states: call before and after changing a wave. */
static void track(diff_t *d, const dwave_t *w, int sign)
{
    d->b_unknown += sign * is_unknown(w);
    d->open += sign * is_open(w);
}

static void push(diff_t *d, dwave_t *w, int side, qrec_t *q)
{
    qrec_t **head = side ? &w->qb : &w->qa, **tail = side ? &w->qb_tail : &w->qa_tail;
    if (*head)
        (*tail)->next = q;
    else
        *head = q;
    *tail = q;
    d->npend[side]++;
    d->bytes += sizeof *q + q->len;
    if (d->npend[0] + d->npend[1] > d->peak_n)
        d->peak_n = d->npend[0] + d->npend[1];
    if (d->bytes > d->peak_bytes)
        d->peak_bytes = d->bytes;
    if (!side && 2 * q->seq < d->best)
        d->a_lt++;
}

static qrec_t *pop(diff_t *d, dwave_t *w, int side)
{
    qrec_t **head = side ? &w->qb : &w->qa, *q = *head;
    *head = q->next;
    q->next = NULL;
    d->npend[side]--;
    d->bytes -= sizeof *q + q->len;
    if (!side && 2 * q->seq < d->best)
        d->a_lt--;
    return q;
}

static void drop_queues(diff_t *d, dwave_t *w)
{
    while (w->qa)
        free(pop(d, w, 0));
    while (w->qb)
        free(pop(d, w, 1));
}


static void recount_a_lt(diff_t *d)
{
    d->a_lt = 0;
    for (size_t i = 0; i < d->wt.nw; i++)
        for (const qrec_t *q = d->wt.w[i].qa; q && 2 * q->seq < d->best; q = q->next)
            d->a_lt++;
}

/* Wave w diverges at key with records a (A's, or NULL) and b (B's, or
 * NULL), which the call takes over: kept when earliest so far. */
static void summarize(diff_t *d, const dwave_t *w, uint64_t key, int kind, const qrec_t *a, const qrec_t *b);

static void diverge(diff_t *d, dwave_t *w, uint64_t key, int kind, qrec_t *a, qrec_t *b)
{
    if (d->o->all)
        summarize(d, w, key, kind, a, b);
    track(d, w, -1);
    w->diverged = 1;
    drop_queues(d, w);
    track(d, w, 1);
    if (key >= d->best) {
        free(a);
        free(b);
        return;
    }
    free(d->da);
    free(d->db);
    d->da = a, d->db = b, d->best = key, d->kind = kind, d->bw = (size_t)(w - d->wt.w);
    recount_a_lt(d);
}

/* True if q is a wave's last instruction (s_endpgm, or it faulted). */
static int terminal(const diff_t *d, const qrec_t *q)
{
    uint32_t dw[3];
    uint64_t pc;
    uint8_t ndw;
    memcpy(&pc, q->d, 8);
    memcpy(&ndw, q->d + 8, 1);
    memcpy(dw, q->d + 9, 4 * (size_t)ndw);
    if (q->flags & TRACE_F_FAULT)
        return 1;
    if (dw[0] >> 23 != 0x17f)   /* not SOPP */
        return 0;
    if (!d->ta)
        return dw[0] == 0xbf810000u;
    /* A's program: the instructions of its records, each decoded once */
    return trace_prog_inst(d->h[0]->prog, pc, dw, ndw)->op == ISA_OP_S_ENDPGM;
}

static int same(const diff_t *d, const qrec_t *a, const qrec_t *b)
{
    if (a->len != b->len || memcmp(a->d, b->d, a->len))
        return 0;
    return !d->o->timing || (a->ci == b->ci && a->cd == b->cd);
}

static void match(diff_t *d, dwave_t *w, qrec_t *a, qrec_t *b)
{
    if (!same(d, a, b)) {
        diverge(d, w, 2 * a->seq, DV_RECORD, a, b);
        return;
    }
    track(d, w, -1);
    w->last_a = a->seq, w->last_b = b->seq;
    if (terminal(d, a))
        w->ended = 1;
    track(d, w, 1);
    free(a);
    free(b);
}

/* Where a record only B has would sit in A's order: after the wave's last
 * record in A, or after all of A. */
static uint64_t extra_b_key(const diff_t *d, const dwave_t *w)
{
    return w->last_a != NONE ? 2 * w->last_a + 1 : 2 * trace_count(d->r[0]) + 1;
}

static void on_a(diff_t *d, dwave_t *w, qrec_t *q)
{
    if (w->diverged) {
        free(q);
        return;
    }
    track(d, w, -1);
    w->seen_a = 1;
    if (2 * q->seq >= cut(d)) {   /* cannot give an earlier divergence */
        w->a_cont = 1;
        track(d, w, 1);
        free(q);
        return;
    }
    track(d, w, 1);
    if (w->qb)
        match(d, w, q, pop(d, w, 1));
    else if (w->ended || d->eof[1])
        diverge(d, w, 2 * q->seq, DV_EXTRA_A, q, NULL);
    else
        push(d, w, 0, q);
}

static void on_b(diff_t *d, dwave_t *w, qrec_t *q)
{
    if (w->diverged)
        free(q);
    else if (w->qa)
        match(d, w, pop(d, w, 0), q);
    else if (w->ended || d->eof[0])
        diverge(d, w, extra_b_key(d, w), DV_EXTRA_B, NULL, q);
    else if (w->a_cont || (!w->seen_a && 2 * d->pos[0] >= cut(d)))
        free(q);   /* its counterpart in A comes after the best divergence */
    else {
        track(d, w, -1);
        push(d, w, 1, q);
        track(d, w, 1);
    }
}

/* One file reached its end: what waits for it has no counterpart. */
static void finish_side(diff_t *d, int side)
{
    d->fin[side] = 1;
    for (size_t i = 0; i < d->wt.nw; i++) {
        dwave_t *w = &d->wt.w[i];
        if (side == 1 && w->qa) {
            qrec_t *a = pop(d, w, 0);
            diverge(d, w, 2 * a->seq, DV_EXTRA_A, a, NULL);
        } else if (side == 0 && w->qb) {
            qrec_t *b = pop(d, w, 1);
            diverge(d, w, extra_b_key(d, w), DV_EXTRA_B, NULL, b);
        }
    }
}

/* Read one record of a side and match it.  0, or -1 (err set). */
static int step(diff_t *d, int side)
{
    trace_rec_t *r = d->rec[side];
    int k = trace_next(d->r[side], r, d->err, d->errlen);
    if (k < 0)
        return -1;
    if (k == 0) {
        d->eof[side] = 1;
        return 0;
    }
    d->pos[side]++;
    qrec_t *q = td_pack(r);
    dwave_t *w = q ? wtab_get(&d->wt, r) : NULL;
    if (!w) {
        free(q);
        snprintf(d->err, d->errlen, "out of memory");
        return -1;
    }
    if (side)
        on_b(d, w, q);
    else
        on_a(d, w, q);
    if (d->bytes > d->max_bytes) {
        snprintf(d->err, d->errlen,
                 "%s and %s: more than %" PRIu64 " MiB of records wait for their counterpart (the waves run in "
                 "very different orders; see --max-buffer)",
                 d->path[0], d->path[1], d->max_bytes >> 20);
        return -1;
    }
    return 0;
}

/* Nothing read from now on can give a divergence earlier than the best. */
static int settled(const diff_t *d)
{
    return !d->o->all && d->best != NONE && d->a_lt == 0 && (d->eof[0] || 2 * d->pos[0] >= d->best) && d->b_unknown == 0 &&
           (d->eof[1] || d->open == 0);
}

/* Stream both files until the first divergence is known.  0, or -1. */
static int compare(diff_t *d)
{
    for (;;) {
        for (int s = 0; s < 2; s++)
            if (d->eof[s] && !d->fin[s])
                finish_side(d, s);
        if (settled(d))
            return 0;
        int need_a = !d->eof[0] && (2 * d->pos[0] < cut(d) || d->b_unknown || d->open);
        int need_b = !d->eof[1];
        if (!need_a && !need_b)
            return 0;
        if (step(d, need_a && (!need_b || d->npend[0] <= d->npend[1]) ? 0 : 1))
            return -1;
    }
}

/* ---- the whole comparison ------------------------------------------------ */

static void hex16(const uint8_t *h, char *buf)
{
    for (int i = 0; i < 8; i++)
        sprintf(buf + 2 * i, "%02x", h[i]);
}

static const char *mode_name(unsigned m)
{
    return m == TRACE_MODE_TIMING ? "cycle-model" : "functional";
}

/* Header differences, first in the report. */
static void print_headers(FILE *out, const diff_t *d)
{
    const trace_header_t *a = d->h[0], *b = d->h[1];
    char ha[24], hb[24];
    if (strcmp(a->target, b->target))
        fprintf(out, "warning: the targets differ: A %s, B %s\n", a->target, b->target);
    if (memcmp(a->co_sha256, b->co_sha256, sizeof a->co_sha256)) {
        hex16(a->co_sha256, ha);
        hex16(b->co_sha256, hb);
        fprintf(out, "warning: the code objects differ: A sha256 %s..., B sha256 %s...\n", ha, hb);
    }
    if (strcmp(a->kernel, b->kernel))
        fprintf(out, "warning: the kernels differ: A %s, B %s\n", a->kernel, b->kernel);
    if (a->code_base != b->code_base)
        fprintf(out, "warning: the code is at different addresses: A 0x%" PRIx64 ", B 0x%" PRIx64 "\n", a->code_base,
                b->code_base);
    if (strcmp(a->options, b->options))
        fprintf(out, "warning: the options differ:\n  A: %s\n  B: %s\n", a->options, b->options);
    if (a->mode != b->mode)
        fprintf(out, "note: A is a %s trace, B a %s trace\n", mode_name(a->mode), mode_name(b->mode));
    if (d->o->timing && (a->mode != TRACE_MODE_TIMING || b->mode != TRACE_MODE_TIMING))
        fprintf(out, "warning: --timing: a functional trace records no cycles (they read 0)\n");
    if (strcmp(a->version, b->version))
        fprintf(out, "note: written by gcnsim %s (A) and %s (B)\n", a->version, b->version);
}

static trace_rec_t *unpacked(const qrec_t *q, const dwave_t *w)
{
    trace_rec_t *r = q ? calloc(1, sizeof *r) : NULL;
    if (!r)
        return NULL;
    if (td_unpack(q, r)) {
        free(r->m);
        free(r);
        return NULL;
    }
    r->launch = w->launch, r->wg_wave = w->wg_wave;
    memcpy(r->wg, w->wg, sizeof r->wg);
    return r;
}

static void free_rec(trace_rec_t *r)
{
    if (r)
        free(r->m);
    free(r);
}

/* The first line(s): which records, which wave, which instruction. */
static void print_where(FILE *out, const diff_t *d, const dwave_t *w, const trace_rec_t *a, const trace_rec_t *b)
{
    const trace_rec_t *r = a ? a : b;
    char dis[256];
    if (d->kind == DV_RECORD)
        fprintf(out, "first divergence: record %" PRIu64 " of A, record %" PRIu64 " of B\n", a->seq, b->seq);
    else if (d->kind == DV_EXTRA_A && w->last_b != NONE)
        fprintf(out, "first divergence: record %" PRIu64 " of A; B has no more records of this wave (its last: "
                "record %" PRIu64 ")\n", a->seq, w->last_b);
    else if (d->kind == DV_EXTRA_A)
        fprintf(out, "first divergence: record %" PRIu64 " of A; B has no record of this wave\n", a->seq);
    else if (w->last_a != NONE)
        fprintf(out, "first divergence: record %" PRIu64 " of B; A has no more records of this wave (its last: "
                "record %" PRIu64 ")\n", b->seq, w->last_a);
    else
        fprintf(out, "first divergence: record %" PRIu64 " of B; A has no record of this wave\n", b->seq);
    fprintf(out, "  wave %u (work-group %u,%u,%u, wave %u of the group", r->wave, w->wg[0], w->wg[1], w->wg[2],
            w->wg_wave);
    if (w->launch)
        fprintf(out, ", launch %u", w->launch);
    trace_disasm(d->h[a ? 0 : 1], r, dis, sizeof dis);
    fprintf(out, ")\n  pc 0x%" PRIx64 ": %s\n", r->pc, dis);
}

/* --all: keep wave w's first divergence in short. */
static void summarize(diff_t *d, const dwave_t *w, uint64_t key, int kind, const qrec_t *a, const qrec_t *b)
{
    if (d->nall == d->capall) {
        size_t c = d->capall ? 2 * d->capall : 64;
        wsum_t *n = realloc(d->all, c * sizeof *n);
        if (!n)
            return;   /* the list is only an addition: it comes out shorter */
        d->all = n, d->capall = c;
    }
    wsum_t *s = &d->all[d->nall++];
    memset(s, 0, sizeof *s);
    s->key = key, s->sa = a ? a->seq : NONE, s->sb = b ? b->seq : NONE;
    s->wave = (a ? a : b)->wave, s->launch = w->launch, s->wg_wave = w->wg_wave;
    memcpy(s->wg, w->wg, sizeof s->wg);
    trace_rec_t *ra = unpacked(a, w), *rb = unpacked(b, w);
    s->pc = ra ? ra->pc : rb ? rb->pc : 0;
    if (kind == DV_EXTRA_A)
        snprintf(s->what, sizeof s->what, "B has no more records of the wave");
    else if (kind == DV_EXTRA_B)
        snprintf(s->what, sizeof s->what, "A has no more records of the wave");
    else if (ra && rb) {
        dflist_t l;
        char name[64];
        td_collect(ra, rb, d->o->timing, &l);
        if (l.n)
            snprintf(s->what, sizeof s->what, "%s", td_item_name(d->h[0], &l.it[0], name, sizeof name));
    }
    free_rec(ra);
    free_rec(rb);
}

static int by_key(const void *x, const void *y)
{
    const wsum_t *a = x, *b = y;
    return a->key < b->key ? -1 : a->key > b->key;
}

static void print_all(FILE *out, diff_t *d)
{
    qsort(d->all, d->nall, sizeof *d->all, by_key);
    fprintf(out, "first divergence of each wave (%zu of %zu waves differ), in A's order:\n", d->nall, d->wt.nw);
    for (size_t i = 0; i < d->nall; i++) {
        const wsum_t *s = &d->all[i];
        char sa[24] = "-", sb[24] = "-", la[24] = "";
        if (s->launch)
            snprintf(la, sizeof la, ", launch %u", s->launch);
        if (s->sa != NONE)
            snprintf(sa, sizeof sa, "%" PRIu64, s->sa);
        if (s->sb != NONE)
            snprintf(sb, sizeof sb, "%" PRIu64, s->sb);
        fprintf(out, "  wave %u (wg %u,%u,%u #%u%s): A %s, B %s, pc 0x%" PRIx64 ": %s\n", s->wave, s->wg[0],
                s->wg[1], s->wg[2], s->wg_wave, la, sa, sb, s->pc, s->what);
    }
}

static int report(diff_t *d, FILE *out)
{
    dwave_t *w = &d->wt.w[d->bw];
    trace_rec_t *a = unpacked(d->da, w), *b = unpacked(d->db, w);
    if ((d->da && !a) || (d->db && !b)) {
        free_rec(a);
        free_rec(b);
        snprintf(d->err, d->errlen, "out of memory");
        return -1;
    }
    dflist_t l;
    l.n = l.more = 0;
    if (a && b)
        td_collect(a, b, d->o->timing, &l);
    const trace_rec_t *r = a ? a : b;
    pass2_t p;
    memset(&p, 0, sizeof p);
    p.launch = w->launch, p.wg_wave = w->wg_wave;
    memcpy(p.wg, w->wg, sizeof p.wg);
    p.limit = a ? a->seq : w->last_a == NONE ? 0 : w->last_a + 1;
    p.pc = (b ? b : a)->pc;   /* the debugger stops in B's run unless B lacks the record */
    p.it = l.n ? &l.it[0] : NULL;
    if (p.it && p.it->kind == DF_VREG && p.it->lanes)   /* a VGPR write with no lane has none to show */
        p.lane = (unsigned)__builtin_ctzll(p.it->lanes);
    p.nctx = d->o->context;
    int rc = td_pass2(d->path[0], td_dispatch(d->o), &p, d->err, d->errlen);
    if (!rc) {
        print_where(out, d, w, a, b);
        if (l.n)
            td_print_item(out, d->h, a, b, &l.it[0]);
        if (p.it && p.it->kind != DF_PC && p.it->kind != DF_ENC && p.it->kind != DF_FLAGS &&
            p.it->kind != DF_ISSUE && p.it->kind != DF_DONE && p.it->kind != DF_MEMLIST && p.it->kind != DF_LIST)
            td_print_last_write(out, d->h, &p);
        td_print_others(out, d->h[0], &l);
        unsigned n = p.nseen < p.nctx ? p.nseen : p.nctx;
        if (n)
            fprintf(out, "context: the %u previous record%s of wave %u in A\n", n, n == 1 ? "" : "s", r->wave);
        for (unsigned i = 0; i < n; i++)
            td_print_rec_line(out, d->h[0], p.ctx[(p.nseen - n + i) % p.nctx], "  ");
        const trace_rec_t *run = b ? b : a;   /* the run the debugger repeats: B's unless B lacks the record */
        td_print_debug(out, d->h[b != NULL], b ? "B" : "A", w->launch, run->wave, run->pc, p.hits,
                       d->o->is_workload);
    }
    td_pass2_free(&p);
    free_rec(a);
    free_rec(b);
    return rc;
}

static void diff_free(diff_t *d)
{
    for (size_t i = 0; i < d->wt.nw; i++)
        drop_queues(d, &d->wt.w[i]);
    free(d->wt.w);
    free(d->wt.slot);
    free(d->da);
    free(d->db);
    free(d->all);
    for (int s = 0; s < 2; s++) {
        if (d->rec[s])
            trace_rec_free(d->rec[s]);
        free(d->rec[s]);
        trace_close(d->r[s]);
    }
}

static int diff_open(diff_t *d, const char *a, const char *b)
{
    d->path[0] = a, d->path[1] = b;
    for (int s = 0; s < 2; s++) {
        if (!(d->r[s] = trace_open_dispatch(d->path[s], td_dispatch(d->o), d->err, d->errlen)))
            return -1;
        d->h[s] = trace_header(d->r[s]);
        if (!(d->rec[s] = calloc(1, sizeof *d->rec[s]))) {
            snprintf(d->err, d->errlen, "out of memory");
            return -1;
        }
    }
    d->ta = isa_target_by_name(d->h[0]->target);
    return 0;
}

int trace_diff_files(const char *a, const char *b, const trace_diff_opts_t *o, FILE *out, char *err,
                     size_t errlen)
{
    diff_t d;
    memset(&d, 0, sizeof d);
    d.o = o, d.err = err, d.errlen = errlen, d.best = NONE;
    d.max_bytes = o->max_buffer ? o->max_buffer : (uint64_t)1 << 30;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = NULL;
    int rc = diff_open(&d, a, b);
    if (!rc && !(mem = open_memstream(&text, &len))) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    if (!rc) {
        print_headers(mem, &d);
        rc = compare(&d);
    }
    if (!rc && d.best == NONE)
        fprintf(mem, "traces agree: %" PRIu64 " records of %zu waves\n", d.pos[0], d.wt.nw);
    else if (!rc)
        rc = report(&d, mem) ? -1 : 1;
    if (rc == 1 && o->all)
        print_all(mem, &d);
    if (rc >= 0 && o->stats)
        fprintf(mem, "stats: read %" PRIu64 " records of A and %" PRIu64 " of B; at most %" PRIu64
                " record%s (%" PRIu64 " bytes) waited for their counterpart\n",
                d.pos[0], d.pos[1], d.peak_n, d.peak_n == 1 ? "" : "s", d.peak_bytes);
    if (mem)
        fclose(mem);
    if (rc >= 0)
        fwrite(text, 1, len, out);
    free(text);
    diff_free(&d);
    return rc;
}

/* ---- gcnsim trace diff ---------------------------------------------------- */
