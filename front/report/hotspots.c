/* hotspots.c — hot spots per instruction, source line, basic block and
 * loop, as text and JSON (see hotspots.h). */
#include <stdlib.h>
#include <string.h>
#include "front/report/cfg.h"
#include "front/report/flops.h"
#include "front/report/hotspots.h"
#include "front/report/waits.h"

typedef struct {
    uint64_t addr;
    unsigned op;                 /* ISA_OP_COUNT: not an instruction (shown as data) */
    const tm_pc_t *pc;           /* NULL: outside the counted code */
    char text[160];
    sl_loc_t loc;
    int has_loc;
} hs_inst_t;

/* The totals of one source line. */
typedef struct {
    unsigned file_id, line;
    const char *file;
    uint64_t count, cycles;
    size_t ninst;
} hs_line_t;

struct hs_kernel {
    const rep_launch_t *r;
    const isa_target_t *t;       /* the code analysed: its target, program and dwords */
    const sim_prog_t *prog;
    size_t first, ndw;
    uint64_t base;               /* the kernel's first address (offsets are from it) */
    hs_inst_t *ins;
    size_t n;
    cfg_t g;
    int have_cfg;
    hs_line_t *lines;            /* by wave-cycles */
    size_t nlines;
    uint64_t no_line_cycles;     /* of instructions without a line (when lines are known) */
    sl_table_t *sl;              /* NULL: no source lines */
    uint64_t sl_bias;            /* the line table's address of an instruction minus its device address */
    sl_table_t *owned;           /* the table hs_analyse_kernel read (freed with h) */
    char note[320];              /* why there are no source lines, or "" */
};

static const tm_pc_t zero_pc;

/* The per-pc counts of address a, or NULL. */
static const tm_pc_t *pc_at(const tm_stats_t *s, uint64_t a)
{
    if (!s->pc || a < s->code_base || (a - s->code_base) % 4 || (a - s->code_base) / 4 >= s->ndw)
        return NULL;
    return &s->pc[(a - s->code_base) / 4];
}

static const tm_pc_t *pc_or_zero(const hs_inst_t *x)
{
    return x->pc ? x->pc : &zero_pc;
}

/* The last part of a path ("tests/k/a.cl": "a.cl"). */
static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* ---- analysis --------------------------------------------------------------- */

/* The instructions of prog's ndw dwords from dword first on, as decoded
 * once; ci gets the graph's view.  An instruction running past the ndw
 * dwords shows as data, as when only they were decoded. */
static size_t read_insts(hs_kernel_t *h, const isa_target_t *t, const sim_prog_t *prog, size_t first, size_t ndw,
                         cfg_inst_t *ci)
{
    size_t n = 0;
    for (size_t i = 0; i < ndw;) {
        const isa_inst_t *in = &prog->inst[first + i];
        hs_inst_t *x = &h->ins[n];
        x->addr = prog->base + 4 * (first + i);
        x->op = ISA_OP_COUNT;
        x->pc = pc_at(h->r->s, x->addr);
        x->has_loc = h->sl && sl_lookup(h->sl, x->addr + h->sl_bias, &x->loc);
        const tm_pc_t *p = pc_or_zero(x);
        ci[n] = (cfg_inst_t){x->addr, 1, NULL, p->count, p->taken};
        n++;
        if (in->op >= ISA_OP_COUNT || in->ndw > ndw - i) {
            snprintf(x->text, sizeof x->text, ".long 0x%08x", prog->words[first + i]);
            i++;
            continue;
        }
        isa_format(t, in, x->addr, x->text, sizeof x->text);
        x->op = in->op;
        ci[n - 1].in = in;
        ci[n - 1].ndw = in->ndw ? in->ndw : 1;
        i += ci[n - 1].ndw;
    }
    return n;
}

static int by_file_line(const void *a, const void *b)
{
    const hs_line_t *x = a, *y = b;
    if (x->file_id != y->file_id)
        return x->file_id < y->file_id ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

static int line_by_cycles(const void *a, const void *b)
{
    const hs_line_t *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles < y->cycles ? 1 : -1;
    return by_file_line(a, b);
}

/* The totals per source line of the instructions that issued. */
static int sum_lines(hs_kernel_t *h)
{
    hs_line_t *v = malloc((h->n ? h->n : 1) * sizeof *v);
    size_t m = 0;
    if (!v)
        return -1;
    for (size_t i = 0; i < h->n; i++) {
        const hs_inst_t *x = &h->ins[i];
        const tm_pc_t *p = pc_or_zero(x);
        if (!p->count && !p->cycles)
            continue;
        if (!x->has_loc) {
            h->no_line_cycles += p->cycles;
            continue;
        }
        v[m++] = (hs_line_t){x->loc.file_id, x->loc.line, x->loc.file, p->count, p->cycles, 1};
    }
    qsort(v, m, sizeof *v, by_file_line);
    size_t k = 0;
    for (size_t i = 0; i < m; i++) {
        if (k && !by_file_line(&v[k - 1], &v[i])) {
            v[k - 1].count += v[i].count;
            v[k - 1].cycles += v[i].cycles;
            v[k - 1].ninst++;
        } else
            v[k++] = v[i];
    }
    qsort(v, k, sizeof *v, line_by_cycles);
    h->lines = v;
    h->nlines = k;
    return 0;
}

/* The instructions, their lines, and the graph (the graph is left out
 * when memory runs out: the report then has no blocks). */
static int analyse(hs_kernel_t *h, const isa_target_t *t, const sim_prog_t *prog, size_t first, size_t ndw)
{
    cfg_inst_t *ci = malloc((ndw ? ndw : 1) * sizeof *ci);
    h->ins = calloc(ndw ? ndw : 1, sizeof *h->ins);
    if (!ci || !h->ins) {
        free(ci);
        return -1;
    }
    h->base = prog->base + 4 * first;
    h->n = read_insts(h, t, prog, first, ndw, ci);
    h->have_cfg = h->n && cfg_build(&h->g, ci, h->n) == 0;
    free(ci);
    return sum_lines(h);
}

hs_kernel_t *hs_analyse(const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                        size_t ndw, sl_table_t *lines, uint64_t lines_base)
{
    hs_kernel_t *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->r = r;
    h->sl = lines && sl_count(lines) ? lines : NULL;
    h->sl_bias = lines_base - prog->base;
    if (first > prog->ndw)
        first = prog->ndw;
    if (ndw > prog->ndw - first)
        ndw = prog->ndw - first;
    h->t = t;
    h->prog = prog;
    h->first = first;
    h->ndw = ndw;
    if (analyse(h, t, prog, first, ndw)) {
        hs_free(h);
        return NULL;
    }
    return h;
}

hs_kernel_t *hs_analyse_kernel(const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                               const co_kernel_t *k)
{
    size_t total = prog->ndw, ndw = (size_t)(k->code_size / 4);
    size_t first = k->code_addr >= f->text_addr ? (size_t)((k->code_addr - f->text_addr) / 4) : total;
    if (first > total)
        first = total;
    if (ndw > total - first)
        ndw = total - first;
    char err[256] = "";
    sl_table_t *sl = sl_open(f, err, sizeof err);
    hs_kernel_t *h = hs_analyse(r, f->target, prog, first, ndw, sl, f->text_addr);
    if (!h) {
        sl_free(sl);
        return NULL;
    }
    h->owned = sl;
    if (!sl)
        snprintf(h->note, sizeof h->note, "source lines: %s", err);
    return h;
}

void hs_free(hs_kernel_t *h)
{
    if (!h)
        return;
    if (h->have_cfg)
        cfg_free(&h->g);
    sl_free(h->owned);
    free(h->ins);
    free(h->lines);
    free(h);
}

/* ---- figures per block and loop --------------------------------------------- */

/* A block's count (its first instruction's), wave-cycles and stalls. */
static void block_sum(const hs_kernel_t *h, size_t b, uint64_t *count, uint64_t *cycles, uint64_t *stall)
{
    const cfg_block_t *B = &h->g.b[b];
    *count = pc_or_zero(&h->ins[B->first])->count;
    *cycles = 0;
    if (stall)
        memset(stall, 0, TM_NSTALL * sizeof *stall);
    for (size_t i = B->first; i < B->first + B->n; i++) {
        const tm_pc_t *p = pc_or_zero(&h->ins[i]);
        *cycles += p->cycles;
        for (unsigned s = 0; stall && s < TM_NSTALL; s++)
            stall[s] += p->stall[s];
    }
}

static uint64_t loop_cycles(const hs_kernel_t *h, size_t l)
{
    uint64_t sum = 0, c, dummy;
    for (size_t k = 0; k < h->g.l[l].nblocks; k++) {
        block_sum(h, h->g.l[l].blocks[k], &dummy, &c, NULL);
        sum += c;
    }
    return sum;
}

/* The end offset of block b (its last instruction's end). */
static uint64_t block_end(const hs_kernel_t *h, size_t b)
{
    const cfg_block_t *B = &h->g.b[b];
    size_t i = B->first + B->n;
    if (i < h->n)
        return h->ins[i].addr - h->base;
    const hs_inst_t *x = &h->ins[i - 1];
    return x->addr - h->base + 4;
}

/* The loop's address range: its lowest block's start to its highest's end. */
static void loop_range(const hs_kernel_t *h, size_t l, uint64_t *lo, uint64_t *hi)
{
    const cfg_loop_t *L = &h->g.l[l];
    *lo = h->ins[h->g.b[L->blocks[0]].first].addr - h->base;
    *hi = block_end(h, L->blocks[L->nblocks - 1]);
}

/* Trips per entry of loop l: the header's count over its entries. */
static double loop_trips(const hs_kernel_t *h, size_t l)
{
    const cfg_loop_t *L = &h->g.l[l];
    uint64_t count = pc_or_zero(&h->ins[h->g.b[L->header].first])->count;
    return L->entries ? (double)count / (double)L->entries : 0.0;
}

/* The first source location found in block b, or NULL. */
static const sl_loc_t *block_loc(const hs_kernel_t *h, size_t b)
{
    const cfg_block_t *B = &h->g.b[b];
    for (size_t i = B->first; i < B->first + B->n; i++)
        if (h->ins[i].has_loc)
            return &h->ins[i].loc;
    return NULL;
}

/* A loop's source location: its header's, else its first block's with one. */
static const sl_loc_t *loop_loc(const hs_kernel_t *h, size_t l)
{
    const sl_loc_t *loc = block_loc(h, h->g.l[l].header);
    for (size_t k = 0; !loc && k < h->g.l[l].nblocks; k++)
        loc = block_loc(h, h->g.l[l].blocks[k]);
    return loc;
}

/* ---- text ----------------------------------------------------------------- */

/* "vmcnt 95%": the reason most of cycles' stalled wave-cycles went to. */
static void dominant_stall(const uint64_t *stall, uint64_t cycles, char *buf, size_t n)
{
    unsigned best = 0;
    for (unsigned i = 1; i < TM_NSTALL; i++)
        if (stall[i] > stall[best])
            best = i;
    if (!stall[best]) {
        snprintf(buf, n, "-");
        return;
    }
    const char *name = tm_stall_name((tm_stall_t)best);
    if (!strncmp(name, "waitcnt_", 8))
        name += 8;
    snprintf(buf, n, "%s %.0f%%", name, rep_pct(stall[best], cycles));
}

static const char hs_columns[] = "  offset     count  wave-cycles      %  top stall        instruction\n";

/* One instruction's row; with_loc: its "file:line" after the text. */
static void print_inst(FILE *fp, const hs_kernel_t *h, const hs_inst_t *x, int with_loc)
{
    unsigned long long off = (unsigned long long)(x->addr - h->base);
    char loc[96] = "";
    if (with_loc && x->has_loc)
        snprintf(loc, sizeof loc, "%s:%u", base_name(x->loc.file), x->loc.line);
    if (!x->pc || !x->pc->count) {
        fprintf(fp, "  0x%04llx %9s %12s %6s  %-16s %s\n", off, "", "", "", "", x->text);
        return;
    }
    char st[32];
    dominant_stall(x->pc->stall, x->pc->cycles, st, sizeof st);
    fprintf(fp, "  0x%04llx %9llu %12llu %5.1f%%  %-16s %-*s%s%s\n", off, (unsigned long long)x->pc->count,
            (unsigned long long)x->pc->cycles, rep_pct(x->pc->cycles, h->r->s->total.wave_cycles), st,
            loc[0] ? 36 : 0, x->text, loc[0] ? " " : "", loc);
}

static int inst_by_cycles(const void *a, const void *b)
{
    const hs_inst_t *x = *(const hs_inst_t *const *)a, *y = *(const hs_inst_t *const *)b;
    if (x->pc->cycles != y->pc->cycles)
        return x->pc->cycles < y->pc->cycles ? 1 : -1;
    return (x->addr > y->addr) - (x->addr < y->addr);
}

/* The instructions that issued, by wave-cycles; *m of them (malloc'd). */
static const hs_inst_t **issued(const hs_kernel_t *h, size_t *m)
{
    const hs_inst_t **ix = malloc((h->n ? h->n : 1) * sizeof *ix);
    *m = 0;
    if (!ix)
        return NULL;
    for (size_t i = 0; i < h->n; i++)
        if (h->ins[i].pc && (h->ins[i].pc->count || h->ins[i].pc->cycles))
            ix[(*m)++] = &h->ins[i];
    qsort(ix, *m, sizeof *ix, inst_by_cycles);
    return ix;
}

static void print_top(FILE *fp, const hs_kernel_t *h, size_t top)
{
    size_t m;
    const hs_inst_t **ix = issued(h, &m);
    if (!ix)
        return;
    size_t shown = 0;
    for (size_t i = 0; i < m; i++)
        shown += ix[i]->pc->count != 0 && shown < top;
    fprintf(fp, "hot spots of %s: the %zu instructions with the most wave-cycles\n", h->r->kernel, shown);
    fputs(hs_columns, fp);
    for (size_t i = 0, k = 0; i < m && k < top; i++)
        if (ix[i]->pc->count) {
            print_inst(fp, h, ix[i], 1);
            k++;
        }
    free((void *)ix);
}

static void print_lines(FILE *fp, const hs_kernel_t *h, size_t top)
{
    if (h->note[0])
        fprintf(fp, "\n%s\n", h->note);
    if (!h->sl)
        return;
    uint64_t wc = h->r->s->total.wave_cycles;
    fprintf(fp, "\nsource lines of %s: the %zu with the most wave-cycles\n", h->r->kernel,
            h->nlines < top ? h->nlines : top);
    fputs("  line                    count  wave-cycles      %  insts  source\n", fp);
    for (size_t i = 0; i < h->nlines && i < top; i++) {
        const hs_line_t *L = &h->lines[i];
        char where[96];
        snprintf(where, sizeof where, "%s:%u", base_name(L->file), L->line);
        const char *text = sl_text(h->sl, L->file_id, L->line);
        while (text && *text == ' ')
            text++;
        fprintf(fp, "  %-20s %9llu %12llu %5.1f%% %6zu  %s\n", where, (unsigned long long)L->count,
                (unsigned long long)L->cycles, rep_pct(L->cycles, wc), L->ninst, text ? text : "");
    }
    if (h->no_line_cycles)
        fprintf(fp, "  %-20s %9s %12llu %5.1f%%\n", "(no line)", "", (unsigned long long)h->no_line_cycles,
                rep_pct(h->no_line_cycles, wc));
}

typedef struct {
    size_t b;
    uint64_t cycles;
} hs_bkey_t;

static int block_by_cycles(const void *a, const void *b)
{
    const hs_bkey_t *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles < y->cycles ? 1 : -1;
    return (x->b > y->b) - (x->b < y->b);
}

static void print_blocks(FILE *fp, const hs_kernel_t *h, size_t top)
{
    hs_bkey_t *ix = malloc((h->g.nb ? h->g.nb : 1) * sizeof *ix);
    size_t m = h->g.nb;
    if (!ix)
        return;
    for (size_t b = 0; b < m; b++) {
        uint64_t count;
        ix[b].b = b;
        block_sum(h, b, &count, &ix[b].cycles, NULL);
    }
    qsort(ix, m, sizeof *ix, block_by_cycles);
    fprintf(fp, "\nbasic blocks of %s: the %zu of %zu with the most wave-cycles\n", h->r->kernel,
            m < top ? m : top, h->g.nb);
    fputs("  range              count  wave-cycles      %  top stall        loop  line\n", fp);
    for (size_t i = 0; i < m && i < top; i++) {
        uint64_t count, cycles, stall[TM_NSTALL];
        size_t b = ix[i].b;
        block_sum(h, b, &count, &cycles, stall);
        char range[40], st[32], lp[16] = "-", where[96] = "";
        snprintf(range, sizeof range, "0x%04llx-0x%04llx", (unsigned long long)(h->ins[h->g.b[b].first].addr -
                 h->base), (unsigned long long)block_end(h, b));
        dominant_stall(stall, cycles, st, sizeof st);
        if (h->g.b[b].loop >= 0)
            snprintf(lp, sizeof lp, "L%d", h->g.b[b].loop + 1);
        const sl_loc_t *loc = block_loc(h, b);
        if (loc)
            snprintf(where, sizeof where, "%s:%u", base_name(loc->file), loc->line);
        fprintf(fp, "  %-15s %9llu %12llu %5.1f%%  %-16s %-5s %s\n", range, (unsigned long long)count,
                (unsigned long long)cycles, rep_pct(cycles, h->r->s->total.wave_cycles), st, lp, where);
    }
    free(ix);
}

static void print_loops(FILE *fp, const hs_kernel_t *h)
{
    fprintf(fp, "\nloops of %s: %zu (natural loops; trips: the header's count per entry)\n", h->r->kernel,
            h->g.nl);
    if (!h->g.nl)
        return;
    fputs("  loop  in   header  range            entries     trips  wave-cycles      %  line\n", fp);
    for (size_t l = 0; l < h->g.nl; l++) {
        const cfg_loop_t *L = &h->g.l[l];
        uint64_t lo, hi, cyc = loop_cycles(h, l);
        loop_range(h, l, &lo, &hi);
        char range[40], in[16] = "-", where[96] = "";
        snprintf(range, sizeof range, "0x%04llx-0x%04llx", (unsigned long long)lo, (unsigned long long)hi);
        if (L->parent >= 0)
            snprintf(in, sizeof in, "L%d", L->parent + 1);
        const sl_loc_t *loc = loop_loc(h, l);
        if (loc)
            snprintf(where, sizeof where, "%s:%u", base_name(loc->file), loc->line);
        fprintf(fp, "  L%-4zu %-4s 0x%04llx  %-15s %8llu %9.2f %12llu %5.1f%%  %s\n", l + 1, in,
                (unsigned long long)(h->ins[h->g.b[L->header].first].addr - h->base), range,
                (unsigned long long)L->entries, loop_trips(h, l), (unsigned long long)cyc,
                rep_pct(cyc, h->r->s->total.wave_cycles), where);
    }
}

/* Under a source line heading: the inlined calls its instruction is in,
 * innermost first ("  ;   blend, inlined at srcline.cl:38"). */
static void print_inlined(FILE *fp, const hs_kernel_t *h, const hs_inst_t *x)
{
    sl_call_t c[8];
    size_t n = sl_inlined(h->sl, x->addr + h->sl_bias, c, 8);
    for (size_t k = 0; k < n && k < 8; k++)
        fprintf(fp, "  ;   %s, inlined at %s:%u\n", c[k].func[0] ? c[k].func : "(a function)", base_name(c[k].file),
                c[k].line);
}

/* Which inlined call x is in (0: none): the innermost call's site. */
static uint64_t inline_key(const hs_kernel_t *h, const hs_inst_t *x)
{
    sl_call_t c;
    if (!h->sl || !sl_inlined(h->sl, x->addr + h->sl_bias, &c, 1))
        return 0;
    return (uint64_t)c.file_id << 40 | (uint64_t)c.line << 12 | (c.col & 0xfff);
}

/* The annotated disassembly: each instruction's row, with the source
 * line heading the instructions that come from it. */
static void print_listing(FILE *fp, hs_kernel_t *h)
{
    fprintf(fp, "\nannotated disassembly of %s\n"
                "  (wave-cycles: from a wave's previous issue to this one, summed over waves;\n"
                "  %%: of the %llu resident wave-cycles; top stall: where most of them went)\n",
            h->r->kernel, (unsigned long long)h->r->s->total.wave_cycles);
    fputs(hs_columns, fp);
    const sl_loc_t *prev = NULL;
    uint64_t prev_call = 0;
    for (size_t i = 0; i < h->n; i++) {
        const hs_inst_t *x = &h->ins[i];
        uint64_t call = inline_key(h, x);
        if (x->has_loc && (!prev || prev->line != x->loc.line || prev->file_id != x->loc.file_id ||
                           call != prev_call)) {
            const char *text = sl_text(h->sl, x->loc.file_id, x->loc.line);
            fprintf(fp, "  ; %s:%u%s%s\n", base_name(x->loc.file), x->loc.line, text ? ": " : "", text ? text : "");
            print_inlined(fp, h, x);
        } else if (h->sl && !x->has_loc && (prev || i == 0))
            fputs("  ; (no source line)\n", fp);
        prev = x->has_loc ? &x->loc : NULL;
        prev_call = call;
        print_inst(fp, h, x, 0);
        /* per-pc extras (lines under an instruction) are printed here */
    }
}

void hs_print(FILE *fp, hs_kernel_t *h, size_t top)
{
    const tm_stats_t *s = h->r->s;
    if (!s->pc || !s->ndw) {
        fprintf(fp, "hot spots of %s: no per-instruction counts were collected\n", h->r->kernel);
        return;
    }
    if (!top)
        top = HS_TOP_DEFAULT;
    print_top(fp, h, top);
    print_lines(fp, h, top);
    if (h->have_cfg) {
        print_blocks(fp, h, top);
        print_loops(fp, h);
    }
    print_listing(fp, h);
    rep_waits_text(fp, h->r, h->t, h->prog, h->first, h->ndw);   /* what each s_waitcnt waited for */
}

/* ---- JSON ------------------------------------------------------------------ */

static void json_stalls(json_t *j, const uint64_t *stall)
{
    json_begin_obj(j, "stall");
    for (unsigned s = 0; s < TM_NSTALL; s++)
        json_uint(j, tm_stall_name((tm_stall_t)s), stall[s]);
    json_end(j);
}

/* The dominant stall reason's name, or null. */
static void json_top_stall(json_t *j, const uint64_t *stall)
{
    unsigned best = 0;
    for (unsigned i = 1; i < TM_NSTALL; i++)
        if (stall[i] > stall[best])
            best = i;
    json_str(j, "top_stall", stall[best] ? tm_stall_name((tm_stall_t)best) : NULL);
}

static void json_loc(json_t *j, const sl_loc_t *loc, int column)
{
    json_str(j, "file", loc ? loc->file : NULL);
    if (loc)
        json_uint(j, "line", loc->line);
    else
        json_null(j, "line");
    if (column && loc && loc->col)
        json_uint(j, "column", loc->col);
    else if (column)
        json_null(j, "column");
}

/* "inlined": the calls the instruction's code was inlined by, innermost first. */
static void json_inlined(json_t *j, const hs_kernel_t *h, const hs_inst_t *x)
{
    sl_call_t c[16];
    size_t n = h->sl ? sl_inlined(h->sl, x->addr + h->sl_bias, c, 16) : 0;
    json_begin_arr(j, "inlined");
    for (size_t k = 0; k < n && k < 16; k++) {
        json_begin_obj(j, NULL);
        json_str(j, "function", c[k].func);
        json_str(j, "file", c[k].file);
        json_uint(j, "line", c[k].line);
        json_uint(j, "column", c[k].col);
        json_end(j);
    }
    json_end(j);
}

static void json_hotspots(json_t *j, const hs_kernel_t *h)
{
    size_t m = 0;
    const hs_inst_t **ix = h->n ? issued(h, &m) : NULL;
    json_begin_arr(j, "hotspots");
    for (size_t i = 0; ix && i < m; i++) {
        const hs_inst_t *x = ix[i];
        json_begin_obj(j, NULL);
        json_uint(j, "offset", x->addr - h->base);
        json_uint(j, "address", x->addr);
        json_uint(j, "count", x->pc->count);
        json_uint(j, "cycles", x->pc->cycles);
        json_double(j, "pct", rep_round2(rep_pct(x->pc->cycles, h->r->s->total.wave_cycles)));
        json_uint(j, "lanes", x->pc->lanes);
        json_uint(j, "flops", x->pc->lanes * (x->op < ISA_OP_COUNT ? rep_flops_per_lane(x->op) : 0));
        json_top_stall(j, x->pc->stall);
        json_stalls(j, x->pc->stall);
        json_str(j, "instruction", x->text);
        json_loc(j, x->has_loc ? &x->loc : NULL, 1);
        json_inlined(j, h, x);
        json_end(j);
    }
    json_end(j);
    free((void *)ix);
}

static void json_lines(json_t *j, const hs_kernel_t *h)
{
    json_begin_arr(j, "lines");
    for (size_t i = 0; h->sl && i < h->nlines; i++) {
        const hs_line_t *L = &h->lines[i];
        json_begin_obj(j, NULL);
        json_str(j, "file", L->file);
        json_uint(j, "line", L->line);
        json_uint(j, "count", L->count);
        json_uint(j, "cycles", L->cycles);
        json_double(j, "pct", rep_round2(rep_pct(L->cycles, h->r->s->total.wave_cycles)));
        json_uint(j, "instructions", L->ninst);
        json_str(j, "text", sl_text(h->sl, L->file_id, L->line));
        json_end(j);
    }
    json_end(j);
}

static void json_blocks(json_t *j, const hs_kernel_t *h)
{
    json_begin_arr(j, "blocks");
    for (size_t b = 0; h->have_cfg && b < h->g.nb; b++) {
        uint64_t count, cycles, stall[TM_NSTALL];
        block_sum(h, b, &count, &cycles, stall);
        const cfg_block_t *B = &h->g.b[b];
        json_begin_obj(j, NULL);
        json_uint(j, "start", h->ins[B->first].addr - h->base);
        json_uint(j, "end", block_end(h, b));
        json_uint(j, "instructions", B->n);
        json_uint(j, "count", count);
        json_uint(j, "cycles", cycles);
        json_double(j, "pct", rep_round2(rep_pct(cycles, h->r->s->total.wave_cycles)));
        json_top_stall(j, stall);
        json_stalls(j, stall);
        json_begin_arr(j, "successors");
        for (unsigned e = 0; e < B->nsucc; e++) {
            json_begin_obj(j, NULL);
            json_uint(j, "start", h->ins[h->g.b[B->succ[e]].first].addr - h->base);
            json_uint(j, "count", B->edge[e]);
            json_end(j);
        }
        json_end(j);
        if (B->loop >= 0)
            json_uint(j, "loop", (uint64_t)B->loop + 1);
        else
            json_null(j, "loop");
        json_loc(j, block_loc(h, b), 0);
        json_end(j);
    }
    json_end(j);
}

static void json_loops(json_t *j, const hs_kernel_t *h)
{
    json_begin_arr(j, "loops");
    for (size_t l = 0; h->have_cfg && l < h->g.nl; l++) {
        const cfg_loop_t *L = &h->g.l[l];
        uint64_t lo, hi, cyc = loop_cycles(h, l);
        loop_range(h, l, &lo, &hi);
        json_begin_obj(j, NULL);
        json_uint(j, "id", l + 1);
        json_uint(j, "header", h->ins[h->g.b[L->header].first].addr - h->base);
        json_uint(j, "start", lo);
        json_uint(j, "end", hi);
        json_uint(j, "depth", L->depth);
        if (L->parent >= 0)
            json_uint(j, "parent", (uint64_t)L->parent + 1);
        else
            json_null(j, "parent");
        json_uint(j, "blocks", L->nblocks);
        json_uint(j, "count", pc_or_zero(&h->ins[h->g.b[L->header].first])->count);
        json_uint(j, "entries", L->entries);
        json_double(j, "trips", rep_round2(loop_trips(h, l)));
        json_uint(j, "cycles", cyc);
        json_double(j, "pct", rep_round2(rep_pct(cyc, h->r->s->total.wave_cycles)));
        json_loc(j, loop_loc(h, l), 0);
        json_end(j);
    }
    json_end(j);
}

void hs_json(json_t *j, const hs_kernel_t *h)
{
    static const hs_kernel_t none;
    if (!h->r->s->pc || !h->r->s->ndw)
        h = &none;   /* no per-pc counts: empty lists */
    json_hotspots(j, h);
    json_lines(j, h);
    json_blocks(j, h);
    json_loops(j, h);
}

/* ---- the report's entry points ----------------------------------------------- */

void rep_hotspots(FILE *fp, const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                  size_t ndw)
{
    hs_kernel_t *h = hs_analyse(r, t, prog, first, ndw, NULL, prog->base);
    if (!h) {
        fprintf(fp, "hot spots of %s: out of memory\n", r->kernel);
        return;
    }
    hs_print(fp, h, HS_TOP_DEFAULT);
    hs_free(h);
}

void rep_hotspots_kernel(FILE *fp, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                         const co_kernel_t *k, size_t top)
{
    hs_kernel_t *h = hs_analyse_kernel(r, f, prog, k);
    if (!h) {
        fprintf(fp, "hot spots of %s: out of memory\n", r->kernel);
        return;
    }
    hs_print(fp, h, top);
    hs_free(h);
}
