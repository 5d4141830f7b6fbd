/* dbg.c — the debugger's session: the code and its labels, the launch
 * (started, restarted, replayed), the on_step hook that decides where to
 * stop, breakpoints, watchpoints and catchpoints, stepping and reverse
 * execution (see dbg.h for the model). */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg.h"
#include "front/report/report.h"
#include "sim/occupancy.h"

static dbg_t *sig_dbg;   /* the session SIGINT interrupts */

void dbg_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Append to the lines that explain the stop being prepared. */
static void why(dbg_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why(dbg_t *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (d->nwhy + (size_t)n + 1 > d->capwhy) {
        size_t cap = (d->nwhy + (size_t)n + 1) * 2;
        char *p = realloc(d->why, cap);
        if (!p)
            return;
        d->why = p;
        d->capwhy = cap;
    }
    va_start(ap, fmt);
    vsnprintf(d->why + d->nwhy, d->capwhy - d->nwhy, fmt, ap);
    va_end(ap);
    d->nwhy += (size_t)n;
}

/* ---- the code and its labels --------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_sym(const void *a, const void *b)
{
    const dbg_sym_t *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->name, y->name);
}

/* Whether sym is a code object v2 kernel symbol (its amd_kernel_code_t header). */
static int is_v2_header(const co_file_t *f, const co_symbol_t *s)
{
    const co_kernel_t *end = f->kernels + f->nkernels;
    for (const co_kernel_t *k = co_kernel_at(f, s->addr); k && k < end && k->desc_addr == s->addr; k++)
        if (k->code_addr > s->addr)
            return 1;
    return 0;
}

/* The instructions of the text from every code start (kernel entries,
 * functions) to the next, walked in the module's decoded program. */
static int load_code(dbg_t *d)
{
    const co_file_t *f = &d->L.m->co;
    uint64_t base = d->L.m->image_base, t0 = f->text_addr, t1 = f->text_addr + f->text_size;
    uint64_t *start = malloc((f->nkernels + f->nsyms + 1) * sizeof *start);
    size_t ns = 0, cap = f->text_size / 4 + 1;
    if (!start || !(d->code = malloc(cap * sizeof *d->code))) {
        free(start);
        return -1;
    }
    for (size_t k = 0; k < f->nkernels; k++)
        start[ns++] = f->kernels[k].code_addr;
    for (size_t s = 0; s < f->nsyms; s++)
        if (f->syms[s].is_func && !is_v2_header(f, &f->syms[s]))
            start[ns++] = f->syms[s].addr;
    qsort(start, ns, sizeof *start, cmp_u64);
    for (size_t i = 0; i < ns; i++) {
        if ((i && start[i] == start[i - 1]) || start[i] < t0 || start[i] >= t1 || (start[i] - t0) % 4)
            continue;
        size_t j = i + 1;
        while (j < ns && start[j] == start[i])
            j++;
        uint64_t end = j < ns && start[j] < t1 ? start[j] : t1;
        for (uint64_t a = start[i]; a + 4 <= end && d->ncode < cap;) {
            size_t w = (a - t0) / 4;
            dbg_inst_t *di = &d->code[d->ncode];
            di->in = d->L.m->prog.inst[w];
            di->addr = base + a;
            d->ncode++;
            a += 4u * (di->in.ndw ? di->in.ndw : 1);
        }
    }
    free(start);
    return 0;
}

/* Labels: the kernels (at their first instruction) and the functions. */
static int load_syms(dbg_t *d)
{
    const co_file_t *f = &d->L.m->co;
    uint64_t base = d->L.m->image_base;
    d->sym = calloc(f->nkernels + f->nsyms + 1, sizeof *d->sym);
    if (!d->sym)
        return -1;
    for (size_t k = 0; k < f->nkernels; k++) {
        const co_kernel_t *kn = &f->kernels[k];
        d->sym[d->nsym++] = (dbg_sym_t){kn->name, base + kn->code_addr, base + kn->code_addr + kn->code_size};
    }
    for (size_t s = 0; s < f->nsyms; s++) {
        const co_symbol_t *sy = &f->syms[s];
        if (!sy->is_func || co_find_kernel(f, sy->name))
            continue;
        d->sym[d->nsym++] = (dbg_sym_t){sy->name, base + sy->addr, base + sy->addr + sy->size};
    }
    qsort(d->sym, d->nsym, sizeof *d->sym, cmp_sym);
    return 0;
}

size_t dbg_inst_index(const dbg_t *d, uint64_t addr)
{
    size_t lo = 0, hi = d->ncode;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->code[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const dbg_inst_t *dbg_inst_at(const dbg_t *d, uint64_t addr)
{
    size_t i = dbg_inst_index(d, addr);
    return i < d->ncode && d->code[i].addr == addr ? &d->code[i] : NULL;
}

void dbg_symbolize(const dbg_t *d, uint64_t addr, char *buf, size_t len)
{
    const dbg_sym_t *best = NULL;
    for (size_t i = 0; i < d->nsym && d->sym[i].addr <= addr; i++)
        if (addr < d->sym[i].end || (d->sym[i].end == d->sym[i].addr && (!best || best->addr < d->sym[i].addr)))
            best = &d->sym[i];
    if (!best)
        snprintf(buf, len, "%s", "");
    else if (addr == best->addr)
        snprintf(buf, len, "<%s>", best->name);
    else
        snprintf(buf, len, "<%s+%llu>", best->name, (unsigned long long)(addr - best->addr));
}

const dbg_sym_t *dbg_find_sym(const dbg_t *d, const char *s)
{
    const dbg_sym_t *named = NULL;
    size_t nnamed = 0;
    for (size_t i = 0; i < d->nsym; i++) {
        if (!strcmp(d->sym[i].name, s))
            return &d->sym[i];
        if (la_kernel_named(d->sym[i].name, s) && nnamed++ == 0)   /* a C++ name, as --kernel takes it */
            named = &d->sym[i];
    }
    return nnamed == 1 ? named : NULL;
}

/* The instruction's text, with the target of a direct branch. */
static void inst_text(const dbg_t *d, const dbg_inst_t *i, char *buf, size_t len)
{
    if (i->in.op >= ISA_OP_COUNT) {
        snprintf(buf, len, ".long 0x%08x", i->in.w[0]);
        return;
    }
    int n = isa_format(d->t, &i->in, i->addr, buf, len);
    int64_t target = isa_branch_target(&i->in, i->addr);
    if (target >= 0 && n > 0 && (size_t)n < len) {
        char s[160];
        dbg_symbolize(d, (uint64_t)target, s, sizeof s);
        snprintf(buf + n, len - (size_t)n, " // 0x%llx%s%s", (unsigned long long)target, *s ? " " : "", s);
    }
}

void dbg_print_inst(const dbg_t *d, const dbg_inst_t *i, const char *mark)
{
    char s[160], text[600];
    dbg_symbolize(d, i->addr, s, sizeof s);
    inst_text(d, i, text, sizeof text);
    printf("%s0x%llx%s%s:\t%s\n", mark, (unsigned long long)i->addr, *s ? " " : "", s, text);
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 0);
    return *end ? -1 : 0;
}

int dbg_parse_location(const dbg_t *d, const char *text, uint64_t *pc, char *err, size_t errlen)
{
    while (*text == '*' || *text == ' ')
        text++;
    if (!*text) {
        snprintf(err, errlen, "no location given (PC, LABEL or LABEL+OFF)");
        return -1;
    }
    int src = dbg_src_location(d, text, pc, err, errlen);   /* FILE:LINE */
    if (src)
        return src < 0 ? -1 : 0;
    uint64_t a = 0;
    if (text[0] >= '0' && text[0] <= '9') {
        if (parse_u64(text, &a)) {
            snprintf(err, errlen, "'%s' is not an address", text);
            return -1;
        }
        if (a < d->L.m->image_base)   /* an address as `gcnsim disasm` shows it */
            a += d->L.m->image_base;
    } else {
        char name[256];
        const char *plus = strchr(text, '+');
        size_t n = plus ? (size_t)(plus - text) : strlen(text);
        if (n >= sizeof name)
            n = sizeof name - 1;
        memcpy(name, text, n);
        name[n] = 0;
        while (n && name[n - 1] == ' ')
            name[--n] = 0;
        const dbg_sym_t *s = dbg_find_sym(d, name);
        uint64_t off = 0;
        if (!s) {
            snprintf(err, errlen, "Function \"%s\" not defined.", name);
            return -1;
        }
        if (plus) {
            const char *o = plus + 1;
            while (*o == ' ')
                o++;
            if (parse_u64(o, &off)) {
                snprintf(err, errlen, "'%s' is not an offset", plus + 1);
                return -1;
            }
        }
        a = s->addr + off;
    }
    if (!dbg_inst_at(d, a)) {
        char s[160];
        dbg_symbolize(d, a, s, sizeof s);
        snprintf(err, errlen, "no instruction starts at 0x%llx%s%s", (unsigned long long)a, *s ? " " : "", s);
        return -1;
    }
    *pc = a;
    return 0;
}

/* ---- waves ------------------------------------------------------------------ */

unsigned dbg_waves(dbg_t *d, sim_wave_info_t **out)
{
    *out = d->wl;
    if (!d->running || !d->ctx || !d->ctx->list_waves)
        return 0;
    for (;;) {
        if (!d->wl || d->wlcap == 0) {
            d->wlcap = 256;
            if (!(d->wl = malloc(d->wlcap * sizeof *d->wl)))
                return d->wlcap = 0;
        }
        unsigned n = d->ctx->list_waves(d->ctx->sched, d->wl, d->wlcap);
        if (n < d->wlcap) {
            *out = d->wl;
            return n;
        }
        sim_wave_info_t *p = realloc(d->wl, 2 * d->wlcap * sizeof *p);
        if (!p)
            return n;
        d->wl = p;
        d->wlcap *= 2;
    }
}

wave_t *dbg_find_wave(dbg_t *d, uint32_t id, sim_wave_info_t *info)
{
    sim_wave_info_t *wl;
    unsigned n = dbg_waves(d, &wl);
    for (unsigned i = 0; i < n; i++)
        if (wl[i].w->id == id) {
            if (info)
                *info = wl[i];
            return wl[i].w;
        }
    if (d->stopped && d->hook_w && d->hook_w->id == id) {
        if (info)
            *info = (sim_wave_info_t){d->hook_w, -1, -1, -1, NULL, 0, 0, 0};
        return d->hook_w;
    }
    return NULL;
}

wave_t *dbg_wave(dbg_t *d)
{
    if (!d->stopped || d->sel_wave < 0)
        return NULL;
    return dbg_find_wave(d, (uint32_t)d->sel_wave, NULL);
}

void dbg_print_where(const dbg_t *d, const wave_t *w)
{
    if (w->state == WAVE_DONE || w->state == WAVE_HALT) {
        printf("[wave %u] ended after %llu instructions\n", w->id, (unsigned long long)w->ninst);
        return;
    }
    const dbg_inst_t *i = dbg_inst_at(d, w->pc);
    char s[160], text[600];
    dbg_symbolize(d, w->pc, s, sizeof s);
    if (i)
        inst_text(d, i, text, sizeof text);
    else
        snprintf(text, sizeof text, "(no instruction here)");
    printf("[wave %u] 0x%llx%s%s:\t%s\n", w->id, (unsigned long long)w->pc, *s ? " " : "", s, text);
}

void dbg_show_displays(dbg_t *d, int num)
{
    wave_t *w = dbg_wave(d);
    if (!w)
        return;
    for (size_t k = 0; k < d->ndisp; k++) {
        const dbg_disp_t *p = &d->disp[k];
        if (num >= 0 && p->num != num)
            continue;
        if (p->fmt == 'i') {
            printf("%d: x/i $pc\n", p->num);
            const dbg_inst_t *i = dbg_inst_at(d, w->pc);
            if (i && w->state != WAVE_DONE)
                dbg_print_inst(d, i, "=> ");
            else
                printf("=> 0x%llx:\t(no instruction)\n", (unsigned long long)w->pc);
            continue;
        }
        dbg_ref_t r;
        char err[200];
        if (dbg_parse_ref(p->expr, w, &r, err, sizeof err)) {
            printf("%d: %s%s%s = <%s>\n", p->num, p->fmt ? "/" : "", p->fmt ? (char[]){p->fmt, ' ', 0} : "",
                   p->expr, err);
            continue;
        }
        printf("%d: %s%s%s = ", p->num, p->fmt ? "/" : "", p->fmt ? (char[]){p->fmt, ' ', 0} : "", p->expr);
        dbg_print_ref(stdout, w, &r, p->fmt, ~0ull);
        putchar('\n');
    }
}

/* ---- breakpoints ------------------------------------------------------------ */

void dbg_bp_changed(dbg_t *d)
{
    d->nactive = d->nwatch = 0;
    memset(d->catch_on, 0, sizeof d->catch_on);
    for (size_t i = 0; i < d->nbp; i++) {
        const dbg_bp_t *b = &d->bp[i];
        if (!b->enabled)
            continue;
        if (b->type == DBG_BP_WATCH)
            d->nwatch++;
        else
            d->nactive++;
        if (b->type == DBG_BP_CATCH)
            d->catch_on[b->what]++;
    }
}

dbg_bp_t *dbg_bp_add(dbg_t *d, const dbg_bp_t *b)
{
    dbg_bp_t *p = realloc(d->bp, (d->nbp + 1) * sizeof *p);
    if (!p)
        return NULL;
    d->bp = p;
    p = &d->bp[d->nbp++];
    *p = *b;
    p->num = ++d->next_bp;
    dbg_bp_changed(d);
    return p;
}

int dbg_bp_delete(dbg_t *d, int num)
{
    int n = 0;
    size_t j = 0;
    for (size_t i = 0; i < d->nbp; i++) {
        if (num < 0 || d->bp[i].num == num) {
            free(d->bp[i].val);
            n++;
            continue;
        }
        d->bp[j++] = d->bp[i];
    }
    d->nbp = j;
    dbg_bp_changed(d);
    return n;
}

/* The raw dwords of a watched register (VGPRs: 64 lanes per register). */
static size_t watch_words(const dbg_bp_t *b)
{
    if (b->wmem)
        return 1;
    if (b->ref.kind == DBG_REF_VREG)
        return (size_t)b->ref.nreg * 64;
    if (b->ref.kind == DBG_REF_SREG)
        return b->ref.nreg;
    return 2;
}

static void watch_raw(const dbg_bp_t *b, const wave_t *w, uint64_t *out)
{
    const dbg_ref_t *r = &b->ref;
    switch (r->kind) {
    case DBG_REF_VREG:
        for (unsigned k = 0; k < r->nreg; k++)
            for (unsigned l = 0; l < 64; l++)
                out[k * 64 + l] = r->reg + k < w->nvgpr ? w->vgpr[r->reg + k][l] : 0;
        break;
    case DBG_REF_SREG:
        for (unsigned k = 0; k < r->nreg; k++)
            out[k] = w->sgpr[(r->reg + k) & 127];
        break;
    case DBG_REF_SCC:
        out[0] = w->scc, out[1] = 0;
        break;
    case DBG_REF_PC:
        out[0] = w->pc, out[1] = 0;
        break;
    case DBG_REF_HWREG:
        out[0] = w->hwreg[r->reg & 31], out[1] = 0;
        break;
    default:
        out[0] = out[1] = 0;
    }
}

int dbg_watch_read(dbg_t *d, dbg_bp_t *b, wave_t *w)
{
    size_t n = watch_words(b);
    if (!b->val && !(b->val = calloc(n, sizeof *b->val)))
        return -1;
    b->nval = n;
    if (b->wmem) {
        uint32_t v;
        if (mem_read(&d->L.m->mem, b->addr, &v, 4))
            return -1;
        b->val[0] = v;
        b->have = 1;
        return 0;
    }
    if (!w && d->stopped)
        w = dbg_find_wave(d, (uint32_t)b->wwave, NULL);
    if (!w)
        return -1;
    watch_raw(b, w, b->val);
    b->have = 1;
    return 0;
}

/* The lanes (or, for scalars, bit 0) of a register watch whose value changed. */
static uint64_t watch_changed(const dbg_bp_t *b, const uint64_t *now)
{
    if (b->ref.kind != DBG_REF_VREG) {
        for (size_t k = 0; k < b->nval; k++)
            if (now[k] != b->val[k])
                return 1;
        return 0;
    }
    uint64_t lanes = 0;
    for (unsigned k = 0; k < b->ref.nreg; k++)
        for (unsigned l = b->ref.lane_lo; l <= b->ref.lane_hi && l < 64; l++)
            if (now[k * 64 + l] != b->val[k * 64 + l])
                lanes |= 1ull << l;
    return lanes;
}

/* Print the value a register watch held (its old raw dwords) in the
 * value layer's format: a copy of the wave with the old values put back. */
static void print_old(FILE *fp, const dbg_bp_t *b, const wave_t *w, uint64_t lanes)
{
    wave_t c = *w;
    uint32_t (*rows)[64] = NULL;
    const dbg_ref_t *r = &b->ref;
    if (r->kind == DBG_REF_VREG) {
        rows = malloc((size_t)(w->nvgpr ? w->nvgpr : 1) * sizeof *rows);
        if (!rows)
            return;
        memcpy(rows, w->vgpr, (size_t)w->nvgpr * sizeof *rows);
        for (unsigned k = 0; k < r->nreg && r->reg + k < w->nvgpr; k++)
            for (unsigned l = 0; l < 64; l++)
                rows[r->reg + k][l] = (uint32_t)b->val[k * 64 + l];
        c.vgpr = rows;
    } else if (r->kind == DBG_REF_SREG) {
        for (unsigned k = 0; k < r->nreg; k++)
            c.sgpr[(r->reg + k) & 127] = (uint32_t)b->val[k];
    } else if (r->kind == DBG_REF_SCC)
        c.scc = (uint8_t)b->val[0];
    else if (r->kind == DBG_REF_PC)
        c.pc = b->val[0];
    else if (r->kind == DBG_REF_HWREG)
        c.hwreg[r->reg & 31] = (uint32_t)b->val[0];
    dbg_print_ref(fp, &c, r, 0, lanes);
    free(rows);
}

/* Lanes as ranges: "0-4,7". */
static void lanes_text(uint64_t m, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (int l = 0; l < 64 && n < len;) {
        if (!(m >> l & 1)) {
            l++;
            continue;
        }
        int e = l;
        while (e + 1 < 64 && (m >> (e + 1) & 1))
            e++;
        n += (size_t)snprintf(buf + n, len - n, n ? ",%d" : "%d", l);
        if (e > l && n < len)
            n += (size_t)snprintf(buf + n, len - n, "-%d", e);
        l = e + 1;
    }
}

/* ---- the hook ------------------------------------------------------------- */

dbg_pos_t dbg_pos(const dbg_t *d)
{
    return d->pos;
}

static int pos_eq(dbg_pos_t a, uint64_t seq, int after)
{
    return a.seq == seq && a.after == after;
}

static void apply_edits(dbg_t *d, wave_t *w, uint64_t seq, int after)
{
    for (size_t i = 0; i < d->nedit; i++) {
        const dbg_edit_t *e = &d->edit[i];
        if (!pos_eq(e->pos, seq, after))
            continue;
        wave_t *x = w->id == e->wave ? w : NULL;
        if (!x)   /* another resident wave */
            x = dbg_find_wave(d, e->wave, NULL);
        dbg_ref_t r;
        char err[200];
        if (x && !dbg_parse_ref(e->ref, x, &r, err, sizeof err))
            dbg_set_ref(x, &r, e->value, err, sizeof err);
    }
}

void dbg_note_edit(dbg_t *d, uint32_t wave, const char *ref, const char *value)
{
    dbg_edit_t *p = realloc(d->edit, (d->nedit + 1) * sizeof *p);
    if (!p)
        return;
    d->edit = p;
    dbg_edit_t *e = &d->edit[d->nedit++];
    memset(e, 0, sizeof *e);
    e->pos = d->pos;
    e->wave = wave;
    snprintf(e->ref, sizeof e->ref, "%s", ref);
    snprintf(e->value, sizeof e->value, "%s", value);
}

/* The op of the instruction wave w is about to execute. */
static unsigned op_at(const wave_t *w)
{
    const sim_prog_t *p = w->ctx->prog;
    if (!p || w->pc < p->base || (w->pc - p->base) / 4 >= p->ndw || (w->pc - p->base) % 4)
        return ISA_OP_COUNT;
    return p->inst[(w->pc - p->base) / 4].op;
}

const char *const dbg_catch_names[DBG_NCATCH] = {"fault", "barrier", "waitcnt", "endpgm"};

/* Breakpoints and catchpoints before w's next instruction.  mode 0: only
 * say whether one holds; 1: a real stop (hit counts, ignore counts, the
 * report lines); 2: describe a stop reached by a replay. */
static int events_before(dbg_t *d, wave_t *w, int mode)
{
    int hit = 0;
    unsigned op = ISA_OP_COUNT;
    int any_catch = d->catch_on[DBG_CATCH_BARRIER] | d->catch_on[DBG_CATCH_WAITCNT] | d->catch_on[DBG_CATCH_ENDPGM];
    if (any_catch)
        op = op_at(w);
    for (size_t i = 0; i < d->nbp; i++) {
        dbg_bp_t *b = &d->bp[i];
        if (!b->enabled)
            continue;
        if (b->type == DBG_BP_BREAK) {
            if (b->pc != w->pc || (b->wave >= 0 && (uint32_t)b->wave != w->id))
                continue;
            uint64_t lanes = b->has_cond ? dbg_eval_cond(&b->cond, w) : wave_exec(w);
            if (b->has_cond && !lanes)
                continue;
            if (mode == 0) {
                hit = 1;
                continue;
            }
            if (mode == 1) {
                b->hits++;
                if (b->ignore) {
                    b->ignore--;
                    continue;
                }
                d->stop_bp = b->num;
            }
            hit = 1;
            why(d, "\n%s %d, wave %u", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num, w->id);
            if (b->has_cond) {
                char lt[256];
                lanes_text(lanes, lt, sizeof lt);
                why(d, ", lane%s %s", (lanes & (lanes - 1)) ? "s" : "", lt);
                if (!(lanes >> d->sel_lane & 1))
                    d->sel_lane = (unsigned)__builtin_ctzll(lanes);
            }
            why(d, "\n");
        } else if (b->type == DBG_BP_CATCH && b->what != DBG_CATCH_FAULT) {
            static const unsigned ops[DBG_NCATCH] = {ISA_OP_COUNT, ISA_OP_S_BARRIER, ISA_OP_S_WAITCNT,
                                                     ISA_OP_S_ENDPGM};
            if (op != ops[b->what])
                continue;
            hit = 1;
            if (mode == 0)
                continue;
            if (mode == 1) {
                b->hits++;
                d->stop_bp = b->num;
            }
            why(d, "\nCatchpoint %d (%s), wave %u\n", b->num, dbg_catch_names[b->what], w->id);
        }
    }
    return hit;
}

/* The report of watchpoint b that changed (cur: its new raw value; lanes:
 * the lanes that changed) after w's instruction fx. */
static void watch_report(dbg_t *d, dbg_bp_t *b, wave_t *w, const fx_t *fx, const uint64_t *cur, uint64_t lanes)
{
    d->stop_bp = b->num;
    b->hits++;
    why(d, "\nWatchpoint %d: %s\n\nOld value = ", b->num, b->expr);
    if (b->wmem)
        why(d, "%lld (0x%08llx)\nNew value = %lld (0x%08llx)\n", (long long)(int32_t)b->val[0],
            (unsigned long long)b->val[0], (long long)(int32_t)cur[0], (unsigned long long)cur[0]);
    else {   /* the value layer prints to a FILE: capture both values */
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            print_old(m, b, w, lanes);
            fputs("\nNew value = ", m);
            dbg_print_ref(m, w, &b->ref, 0, lanes);
            fclose(m);
            why(d, "%s\n", buf ? buf : "");
            free(buf);
        }
    }
    const dbg_inst_t *in = dbg_inst_at(d, fx ? fx->pc : 0);
    if (in) {
        char s[160], text[600];
        dbg_symbolize(d, in->addr, s, sizeof s);
        inst_text(d, in, text, sizeof text);
        why(d, "written by wave %u at 0x%llx%s%s:\t%s\n", w->id, (unsigned long long)in->addr, *s ? " " : "", s,
            text);
    }
}

/* Watchpoints after w's instruction: update the values seen; report the
 * changes (report 1) or only say whether one changed (0). */
static int check_watches(dbg_t *d, wave_t *w, const fx_t *fx, int report)
{
    int hit = 0;
    uint64_t now[256 + 2];
    for (size_t i = 0; i < d->nbp; i++) {
        dbg_bp_t *b = &d->bp[i];
        if (b->type != DBG_BP_WATCH || !b->enabled || (!b->wmem && (uint32_t)b->wwave != w->id))
            continue;
        if (!b->have) {
            dbg_watch_read(d, b, w);
            continue;
        }
        uint64_t *cur = now, *big = NULL, lanes;
        if (b->nval > sizeof now / sizeof now[0]) {
            if (!(big = malloc(b->nval * sizeof *big)))
                continue;
            cur = big;
        }
        if (b->wmem) {
            uint32_t v = 0;
            mem_read(&d->L.m->mem, b->addr, &v, 4);
            cur[0] = v;
            lanes = cur[0] != b->val[0];
        } else {
            watch_raw(b, w, cur);
            lanes = watch_changed(b, cur);
        }
        if (lanes) {
            hit = 1;
            if (report)
                watch_report(d, b, w, fx, cur, lanes);
            memcpy(b->val, cur, b->nval * sizeof *cur);
        }
        free(big);
    }
    return hit;
}

static void fault_report(dbg_t *d, wave_t *w)
{
    sim_result_t r;
    memset(&r, 0, sizeof r);
    r.faulted = 1;
    r.fault = w->fault;
    memcpy(r.fault_wg, w->wg->id, sizeof r.fault_wg);
    r.fault_wave = w->wg_wave;
    const dbg_inst_t *i = dbg_inst_at(d, w->fault.pc);
    if (i)
        inst_text(d, i, r.fault_disasm, sizeof r.fault_disasm);
    for (size_t k = 0; k < d->nbp; k++)
        if (d->bp[k].enabled && d->bp[k].type == DBG_BP_CATCH && d->bp[k].what == DBG_CATCH_FAULT) {
            why(d, "\nCatchpoint %d (fault), wave %u\n", d->bp[k].num, w->id);
            d->bp[k].hits++;
            d->stop_bp = d->bp[k].num;
        }
    /* la_print_fault's report, captured for the stop */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m) {
        la_print_fault(m, &d->L, &r);
        fclose(m);
        const char *text = buf ? buf : "";
        if (!strncmp(text, "gcnsim: ", 8))
            text += 8;
        why(d, "\nWave %u faulted: %s", w->id, text);
        free(buf);
    }
    w->pc = w->fault.pc;   /* stopped at the faulting instruction */
}

/* Stop in wave w (before or after its instruction): report, prompt. */
static void stop(dbg_t *d, wave_t *w, int after)
{
    sim_ctx_t *c = w->ctx;
    d->stopped = 1;
    d->hook_w = w;
    d->pos = (dbg_pos_t){d->seq, after};
    d->go = DBG_GO_CONT;
    d->next_left = 0;
    if (d->sel_wave != (int)w->id) {
        if (d->sel_wave >= 0)
            printf("[Switching to wave %u]\n", w->id);
        d->sel_wave = (int)w->id;
    }
    if (d->nwhy) {
        fputs(d->why, stdout);
        d->nwhy = 0;
        d->why[0] = 0;
    }
    if (d->replay_note) {
        printf("%s\n", d->replay_note);
        d->replay_note = NULL;
    }
    dbg_print_where(d, w);
    if (w->state != WAVE_DONE && w->state != WAVE_HALT)
        dbg_src_print_stop(d, w->pc);
    for (size_t i = 0; i < d->nbp; i++)   /* a temporary breakpoint goes once hit */
        if (d->bp[i].temp && d->bp[i].hits && d->bp[i].num == d->stop_bp)
            dbg_bp_delete(d, d->bp[i].num);
    dbg_show_displays(d, -1);
    dbg_repl(d);
    if (d->quit || d->restart || d->killed)
        c->stop = 1;
    d->stopped = 0;
    d->hook_w = NULL;
    d->stop_bp = 0;
}

/* RECORD reached the position reverse-continue started from: replay to
 * the last event seen before it, or to the start. */
static void record_done(dbg_t *d, sim_ctx_t *c)
{
    if (d->rec_found)
        d->t_pos = d->rec_pos;
    else {
        d->t_pos = (dbg_pos_t){0, 0};
        d->replay_note = "\nNo more reverse-execution history.";
    }
    d->go = DBG_GO_REPLAY_POS;
    d->restart = 1;
    c->stop = 1;
}

/* next: the target for stepping wave w over one instruction (a call runs
 * to its return address). */
void dbg_next_target(dbg_t *d, wave_t *w)
{
    const dbg_inst_t *i = dbg_inst_at(d, w->pc);
    d->t_wave = w->id;
    if (i && (i->in.op == ISA_OP_S_SWAPPC_B64 || i->in.op == ISA_OP_S_CALL_B64)) {
        d->t_pc = w->pc + 4u * i->in.ndw;
        d->go = DBG_GO_UNTIL;
    } else {
        d->t_ninst = w->ninst + 1;
        d->go = DBG_GO_STEP;
    }
}

static void hook_before(dbg_t *d, wave_t *w)
{
    sim_ctx_t *c = w->ctx;
    if (d->nedit)
        apply_edits(d, w, d->seq, 0);
    if (d->nwatch)
        for (size_t i = 0; i < d->nbp; i++)
            if (d->bp[i].type == DBG_BP_WATCH && !d->bp[i].have && d->bp[i].enabled && !d->bp[i].wmem &&
                (uint32_t)d->bp[i].wwave == w->id)
                dbg_watch_read(d, &d->bp[i], w);
    switch (d->go) {
    case DBG_GO_REPLAY_WAVE:
        if (w->id == d->t_wave && w->ninst == d->t_ninst)
            stop(d, w, 0);
        return;
    case DBG_GO_REPLAY_POS:
        if (pos_eq(d->t_pos, d->seq, 0)) {
            if (d->nactive)
                events_before(d, w, 2);
            stop(d, w, 0);
        }
        return;
    case DBG_GO_RECORD:
        if (pos_eq(d->t_pos, d->seq, 0))
            record_done(d, c);
        else if (d->nactive && events_before(d, w, 0)) {
            d->rec_found = 1;
            d->rec_pos = (dbg_pos_t){d->seq, 0};
        }
        return;
    default:
        break;
    }
    int hit = 0, reached = 0;
    if (d->interrupt) {
        d->interrupt = 0;
        why(d, "\nInterrupted.\n");
        hit = 1;
    }
    uint64_t cap = d->o.max_wave_inst;
    if (cap && w->ninst && w->ninst % cap == 0) {   /* the per-wave limit stops here, as a breakpoint */
        why(d, "\nWave %u executed %llu instructions without ending: it may be running away (--max-wave-inst "
            "%llu: continue runs it that much further, kill ends the kernel).\n", w->id,
            (unsigned long long)w->ninst, (unsigned long long)cap);
        hit = 1;
    }
    if (d->nactive)
        hit |= events_before(d, w, 1);
    switch (d->go) {
    case DBG_GO_STEP:
        reached = w->id == d->t_wave && w->ninst >= d->t_ninst;
        break;
    case DBG_GO_STEP_ANY:
        reached = 1;
        break;
    case DBG_GO_UNTIL:
        reached = w->id == d->t_wave && w->pc == d->t_pc;
        break;
    case DBG_GO_CYCLE:
        if (c->cycle >= d->t_cycle) {
            reached = 1;
            why(d, "[cycle %llu]\n", (unsigned long long)c->cycle);
        }
        break;
    default:
        break;
    }
    if (reached && !hit && d->next_left > 0) {   /* next N: this instruction begins the following step */
        int left = d->next_left - 1;
        dbg_next_target(d, w);
        d->next_left = left;
        return;
    }
    if (hit || reached)
        stop(d, w, 0);
}

static void hook_after(dbg_t *d, wave_t *w, const fx_t *fx)
{
    uint64_t seq = d->seq;
    if (d->nedit)
        apply_edits(d, w, seq, 1);
    int normal = d->go < DBG_GO_REPLAY_WAVE;
    int at_target = d->go == DBG_GO_REPLAY_POS && pos_eq(d->t_pos, seq, 1);
    int hit = 0;
    if (d->nwatch)
        hit = check_watches(d, w, fx, normal || at_target);
    if (d->go == DBG_GO_RECORD) {
        if (pos_eq(d->t_pos, seq, 1))
            record_done(d, w->ctx);
        else if (hit) {
            d->rec_found = 1;
            d->rec_pos = (dbg_pos_t){seq, 1};
        }
    } else if (at_target) {
        if (w->state == WAVE_FAULT)
            fault_report(d, w);
        stop(d, w, 1);
    } else if (normal) {
        if (w->state == WAVE_FAULT) {
            fault_report(d, w);
            hit = 1;
        }
        if ((d->go == DBG_GO_STEP || d->go == DBG_GO_UNTIL || d->go == DBG_GO_FINISH) && w->id == d->t_wave &&
            (w->state == WAVE_DONE || w->state == WAVE_HALT)) {
            why(d, "[wave %u ended]\n", w->id);
            hit = 1;
        }
        if (hit)
            stop(d, w, 1);
    }
    d->seq = seq + 1;
}

static void on_step(void *arg, wave_t *w, const fx_t *fx, int after)
{
    dbg_t *d = arg;
    if (w->ctx->stop)
        return;
    d->ctx = w->ctx;
    if (after)
        hook_after(d, w, fx);
    else
        hook_before(d, w);
}

/* ---- resuming ------------------------------------------------------------- */

void dbg_resume(dbg_t *d, dbg_go_t go)
{
    d->go = go;
}

void dbg_restart(dbg_t *d, dbg_go_t go)
{
    d->go = go;
    if (d->running)
        d->restart = 1;
    else
        d->want_run = 1;
}

/* ---- the launch ------------------------------------------------------------- */

static void sigint(int sig)
{
    (void)sig;
    if (sig_dbg && sig_dbg->running && !sig_dbg->stopped)
        sig_dbg->interrupt = 1;
}

/* Put device memory back as it was before the first run; reset what a
 * run accumulates. */
static int prepare_run(dbg_t *d, char *err, size_t errlen)
{
    if (!d->have_snap) {
        if (mem_snapshot(&d->L.m->mem, &d->snap)) {
            snprintf(err, errlen, "out of memory for the copy of device memory");
            return -1;
        }
        d->have_snap = 1;
    } else
        mem_restore(&d->L.m->mem, &d->snap);
    d->seq = 0;
    d->restart = d->killed = 0;
    d->stopped = 0;
    d->interrupt = 0;
    for (size_t i = 0; i < d->nbp; i++) {
        dbg_bp_t *b = &d->bp[i];
        b->have = 0;
        if (b->type == DBG_BP_WATCH && b->wmem)
            dbg_watch_read(d, b, NULL);
    }
    if (d->timing) {
        tm_stats_free(&d->tc.stats);
        memset(&d->tc.stats, 0, sizeof d->tc.stats);
    }
    return 0;
}

static void announce(const dbg_t *d)
{
    const launch_t *L = &d->L;
    printf("Starting kernel %s on %s: global %u,%u,%u, local %u,%u,%u (%s)\n", L->k->name, d->t->name,
           L->sl.grid[0], L->sl.grid[1], L->sl.grid[2], L->sl.local[0], L->sl.local[1], L->sl.local[2],
           d->timing ? "cycle model" : "functional");
}

static void report_end(dbg_t *d, int st, const sim_result_t *r)
{
    const char *name = d->L.k->name;
    if (d->killed) {
        printf("[kernel %s killed]\n", name);
        return;
    }
    if (d->go >= DBG_GO_REPLAY_WAVE)
        printf("(the replay ended before reaching its target)\n");
    if (st == 1)
        printf("[kernel %s terminated by a fault in wave %u of work-group (%u,%u,%u)]\n", name, r->fault_wave,
               r->fault_wg[0], r->fault_wg[1], r->fault_wg[2]);
    else if (r->hit_limit)
        printf("[kernel %s stopped at --max-inst after %llu wave-instructions]\n", name,
               (unsigned long long)r->ninst);
    else if (d->timing)
        printf("[kernel %s exited normally: %llu waves, %llu wave-instructions, %llu cycles]\n", name,
               (unsigned long long)r->nwaves, (unsigned long long)r->ninst,
               (unsigned long long)d->tc.stats.cycles);
    else
        printf("[kernel %s exited normally: %llu waves, %llu wave-instructions]\n", name,
               (unsigned long long)r->nwaves, (unsigned long long)r->ninst);
}

/* Run the launch (again and again while a command asks for a restart). */
static void launch(dbg_t *d)
{
    char err[1024];
    for (;;) {
        if (prepare_run(d, err, sizeof err)) {
            dbg_error("run: %s", err);
            return;
        }
        if (d->fresh) {
            announce(d);
            d->fresh = 0;
        }
        d->L.sl.on_step = on_step;
        d->L.sl.step_arg = d;
        d->running = 1;
        d->runs++;
        sim_result_t r;
        int st = la_run(&d->L, &r, err, sizeof err);
        d->running = 0;
        d->stopped = 0;
        d->ctx = NULL;
        if (st < 0) {
            dbg_error("run: %s", err);
            d->go = DBG_GO_CONT;
            return;
        }
        if (d->quit)
            return;
        if (d->restart)
            continue;
        report_end(d, st, &r);
        if (st != 1 && !d->killed)   /* as gcnsim run ends: what fell outside LDS or scratch */
            la_print_warnings(stderr, "debug", &d->L, &r);
        d->killed = 0;
        d->go = DBG_GO_CONT;
        return;
    }
}

/* ---- session ---------------------------------------------------------------- */

int dbg_open(dbg_t *d, const dbg_opts_t *o, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->o = *o;
    d->sel_wave = -1;
    d->go = DBG_GO_CONT;
    if (la_prepare(&d->L, o->file, o->gfx, o->kernel, o->dims, o->global,
                   o->local[0] ? o->local : NULL, o->vals, o->nvals, err, errlen))
        return -1;
    d->L.extra_lds = o->dynamic_lds;
    d->t = d->L.m->co.target;
    d->L.sl.max_inst = o->max_inst;
    d->L.sl.max_wave_inst = 0;   /* the debugger stops at such a wave instead (hook_before) */
    if (!o->functional) {
        if (rep_device(&d->tc.dev, o->device, d->t, o->sets, o->nsets, err, errlen))
            return -1;
        d->L.sl.timing = &d->tc;
        d->timing = 1;
    }
    if (load_code(d) || load_syms(d)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (dbg_src_open(d, err, errlen)) {   /* a malformed line table: no source lines */
        fprintf(stderr, "gcnsim: debug: warning: %s\n", err);
        err[0] = 0;
    }
    d->proto_ctx.t = d->t;
    d->proto_ctx.mem = &d->L.m->mem;
    d->proto.ctx = &d->proto_ctx;
    d->proto.nvgpr = (uint16_t)occ_rsrc1_vgprs(d->L.sk.rsrc1);
    d->proto.nsgpr = d->t->gen >= ISA_GFX8 ? 102 : 104;
    d->proto.state = WAVE_RUN;
    return 0;
}

void dbg_close(dbg_t *d)
{
    if (d->have_snap)
        mem_snap_free(&d->snap);
    dbg_bp_delete(d, -1);
    free(d->bp);
    free(d->disp);
    free(d->edit);
    free(d->why);
    free(d->wl);
    free(d->code);
    free(d->sym);
    dbg_src_close(d);
    tm_stats_free(&d->tc.stats);
    la_free(&d->L);
}

int dbg_main(dbg_t *d)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sigint;
    sigemptyset(&sa.sa_mask);
    sig_dbg = d;
    sigaction(SIGINT, &sa, &old);
    dbg_rl_init(d);
    while (!d->quit) {
        int r = dbg_repl(d);
        if (d->quit)
            break;
        if (r == DBG_LEAVE && d->want_run) {
            d->want_run = 0;
            launch(d);
        }
    }
    dbg_rl_done(d);
    sigaction(SIGINT, &old, NULL);
    sig_dbg = NULL;
    return 0;
}
