/* waits.c — what the wait-counter stalls waited for (see waits.h). */
#include <stdlib.h>
#include <string.h>
#include "front/report/waits.h"

/* How the text names a level. */
static const char *srv_label(unsigned v)
{
    static const char *const label[TM_NSRV] = {"L1", "L2", "DRAM", "LDS", "scalar cache", "scalar miss",
                                               "GDS/message", "write"};
    return v < TM_NSRV ? label[v] : "?";
}

/* The dwords [first, first + n) of prog that a kernel is, clamped; 0 when
 * the statistics do not index prog's code. */
static int kernel_range(const tm_stats_t *s, const sim_prog_t *prog, size_t *first, size_t *n)
{
    if (!s->pc || !s->waits.n || s->code_base != prog->base || s->ndw != prog->ndw)
        return 0;
    if (*first > prog->ndw)
        *first = prog->ndw;
    if (*n > prog->ndw - *first)
        *n = prog->ndw - *first;
    return 1;
}

/* The instruction at dword i of prog in llvm-objdump's syntax. */
static void inst_text(const isa_target_t *t, const sim_prog_t *prog, size_t i, char *buf, size_t n)
{
    if (i >= prog->ndw || prog->inst[i].op >= ISA_OP_COUNT) {
        snprintf(buf, n, ".long 0x%08x", i < prog->ndw ? prog->words[i] : 0);
        return;
    }
    isa_format(t, &prog->inst[i], prog->base + 4 * i, buf, n);
}

static int by_wait_cycles(const void *a, const void *b)
{
    const tm_wait_t *x = *(const tm_wait_t *const *)a, *y = *(const tm_wait_t *const *)b;
    uint64_t cx = tm_wait_cycles(x), cy = tm_wait_cycles(y);
    if (cx != cy)
        return cx < cy ? 1 : -1;
    return (x->at > y->at) - (x->at < y->at);
}

static int by_op_cycles(const void *a, const void *b)
{
    const tm_wait_op_t *x = *(const tm_wait_op_t *const *)a, *y = *(const tm_wait_op_t *const *)b;
    uint64_t cx = tm_wait_op_cycles(x), cy = tm_wait_op_cycles(y);
    if (cx != cy)
        return cx < cy ? 1 : -1;
    return (x->op > y->op) - (x->op < y->op);
}

/* The waiting instructions of dwords [first, first + n) with stalled
 * cycles, hottest first, into a new array (*count of them); NULL when
 * there are none or out of memory. */
static const tm_wait_t **sorted_waits(const tm_waits_t *w, size_t first, size_t n, size_t *count)
{
    const tm_wait_t **ix = malloc((w->n ? w->n : 1) * sizeof *ix);
    size_t m = 0;
    if (!ix)
        return NULL;
    for (size_t i = 0; i < w->n; i++)
        if (w->w[i].at >= first && w->w[i].at - first < n && tm_wait_cycles(&w->w[i]))
            ix[m++] = &w->w[i];
    qsort(ix, m, sizeof *ix, by_wait_cycles);
    *count = m;
    return ix;
}

/* The operations of w with cycles, most first, into ops[TM_WAIT_OPS + 1]; returns how many. */
static size_t sorted_ops(const tm_wait_t *w, const tm_wait_op_t **ops)
{
    size_t n = 0;
    for (uint32_t i = 0; i < w->nops; i++)
        if (tm_wait_op_cycles(&w->op[i]))
            ops[n++] = &w->op[i];
    qsort(ops, n, sizeof *ops, by_op_cycles);
    if (tm_wait_op_cycles(&w->op[TM_WAIT_OPS]))   /* "other" last */
        ops[n++] = &w->op[TM_WAIT_OPS];
    return n;
}

/* Byte offset of dword i from the kernel's first dword (negative for code
 * before it: a function it called). */
static int64_t offset_of(uint32_t i, size_t first)
{
    return 4 * ((int64_t)i - (int64_t)first);
}

/* ---- text ----------------------------------------------------------------- */

/* "0x0084" ("-0x0010" before the kernel). */
static void offset_text(int64_t off, char *buf, size_t n)
{
    snprintf(buf, n, "%s0x%04llx", off < 0 ? "-" : "", (unsigned long long)(off < 0 ? -off : off));
}

/* "0x0084 global_load_dword" (the mnemonic only), or "other operations". */
static void op_name(const isa_target_t *t, const sim_prog_t *prog, size_t first, const tm_wait_op_t *o, char *buf,
                    size_t n)
{
    if (o->op == TM_WAIT_OTHER) {
        snprintf(buf, n, "other operations");
        return;
    }
    char text[160], off[24];
    inst_text(t, prog, o->op, text, sizeof text);
    text[strcspn(text, " ")] = 0;
    offset_text(offset_of(o->op, first), off, sizeof off);
    snprintf(buf, n, "%s %s", off, text);
}

/* "DRAM 92%, L2 8%": the levels that served o, by their share of its cycles. */
static void served_text(const tm_wait_op_t *o, char *buf, size_t n)
{
    unsigned order[TM_NSRV], k = 0;
    for (unsigned v = 0; v < TM_NSRV; v++)
        if (o->cycles[v]) {
            unsigned j = k++;
            for (; j > 0 && o->cycles[order[j - 1]] < o->cycles[v]; j--)
                order[j] = order[j - 1];
            order[j] = v;
        }
    size_t len = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < k && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s %.0f%%", i ? ", " : "", srv_label(order[i]),
                                rep_pct(o->cycles[order[i]], tm_wait_op_cycles(o)));
}

static void text_wait(FILE *fp, const isa_target_t *t, const sim_prog_t *prog, size_t first, const tm_wait_t *w)
{
    const tm_wait_op_t *ops[TM_WAIT_OPS + 1];
    size_t n = sorted_ops(w, ops);
    uint64_t total = tm_wait_cycles(w);
    char text[160], name[200], srv[128], off[24];
    inst_text(t, prog, w->at, text, sizeof text);
    offset_text(offset_of(w->at, first), off, sizeof off);
    fprintf(fp, "  %s %s: %llu wave-cycles waiting for", off, text, (unsigned long long)total);
    for (size_t i = 0; i < n; i++) {
        op_name(t, prog, first, ops[i], name, sizeof name);
        served_text(ops[i], srv, sizeof srv);
        if (n == 1)
            fprintf(fp, " %s (%s)\n", name, srv);
        else
            fprintf(fp, "\n      %5.1f%% %s (%s)", rep_pct(tm_wait_op_cycles(ops[i]), total), name, srv);
    }
    if (n != 1)
        fputc('\n', fp);
}

void rep_waits_text(FILE *fp, const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                    size_t ndw)
{
    const tm_stats_t *s = r->s;
    size_t count = 0;
    if (!s->pc || !s->ndw)
        return;
    int any = kernel_range(s, prog, &first, &ndw);
    const tm_wait_t **ix = any ? sorted_waits(&s->waits, first, ndw, &count) : NULL;
    fprintf(fp, "\nwaits of %s: per instruction that stalled on vmcnt, lgkmcnt or expcnt,\n"
                "  the operations whose completion ended its stalls (each stall's wave-cycles\n"
                "  go to one) and where they were served (share of those wave-cycles)\n", r->kernel);
    if (any && !ix)
        fputs("  (out of host memory)\n", fp);
    else if (!count)
        fputs("  (no stalls on the wait counters)\n", fp);
    for (size_t i = 0; i < count; i++)
        text_wait(fp, t, prog, first, ix[i]);
    if (s->waits.lost)
        fprintf(fp, "  (%llu wave-cycles not attributed: out of host memory)\n", (unsigned long long)s->waits.lost);
    free(ix);
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_op(json_t *j, const isa_target_t *t, const sim_prog_t *prog, size_t first, const tm_wait_op_t *o)
{
    char text[160];
    json_begin_obj(j, NULL);
    if (o->op == TM_WAIT_OTHER) {
        json_null(j, "offset");
        json_null(j, "instruction");
    } else {
        inst_text(t, prog, o->op, text, sizeof text);
        json_int(j, "offset", offset_of(o->op, first));
        json_str(j, "instruction", text);
    }
    json_uint(j, "cycles", tm_wait_op_cycles(o));
    uint64_t count = 0;
    for (unsigned v = 0; v < TM_NSRV; v++)
        count += o->count[v];
    json_uint(j, "count", count);
    json_begin_obj(j, "served");
    for (unsigned v = 0; v < TM_NSRV; v++)
        if (o->cycles[v] || o->count[v])
            json_uint(j, tm_srv_name((tm_srv_t)v), o->cycles[v]);
    json_end(j);
    json_begin_obj(j, "served_count");
    for (unsigned v = 0; v < TM_NSRV; v++)
        if (o->cycles[v] || o->count[v])
            json_uint(j, tm_srv_name((tm_srv_t)v), o->count[v]);
    json_end(j);
    json_end(j);
}

void rep_waits_json(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                    const co_kernel_t *k)
{
    const tm_stats_t *s = r->s;
    if (!s->pc || !s->ndw)
        return;
    size_t ndw = (size_t)(k->code_size / 4), count = 0;
    size_t first = k->code_addr >= f->text_addr ? (size_t)((k->code_addr - f->text_addr) / 4) : prog->ndw;
    const tm_wait_t **ix = kernel_range(s, prog, &first, &ndw) ? sorted_waits(&s->waits, first, ndw, &count) : NULL;
    json_begin_arr(j, "waits");
    for (size_t i = 0; i < count; i++) {
        const tm_wait_t *w = ix[i];
        const tm_wait_op_t *ops[TM_WAIT_OPS + 1];
        size_t n = sorted_ops(w, ops);
        char text[160];
        inst_text(f->target, prog, w->at, text, sizeof text);
        json_begin_obj(j, NULL);
        json_int(j, "offset", offset_of(w->at, first));
        json_str(j, "instruction", text);
        json_uint(j, "cycles", tm_wait_cycles(w));
        json_begin_arr(j, "for");
        for (size_t o = 0; o < n; o++)
            json_op(j, f->target, prog, first, ops[o]);
        json_end(j);
        json_end(j);
    }
    json_end(j);
    free(ix);
}
