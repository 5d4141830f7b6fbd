/* compare.c — runs side by side (see compare.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/compare.h"

enum { DEC_G = -1 };   /* decimals of a row: DEC_G prints up to 6 significant digits */
enum { HS_TOP = 10 };  /* hot spots listed per later run */

typedef struct {
    char name[160];              /* the figure's JSON path: "cache.l2_hit_pct", "kernels[sgemm].calls" */
    char label[64];              /* its name in the text, under its section */
    char section[96];
    int pct;                     /* a percentage: deltas are in points */
    int dec;                     /* decimals, or DEC_G */
    int is_str;                  /* a text figure: strs, no deltas */
    unsigned char has[CMP_MAX_RUNS];
    double v[CMP_MAX_RUNS];
    const char *strs[CMP_MAX_RUNS];
} row_t;

typedef struct {
    row_t *r;
    size_t n, cap;
} rows_t;

static int is_exec(const jr_val_t *doc)
{
    return jr_get(doc, "dispatches") && jr_get(doc, "kernels") && !jr_get(doc, "kernel");
}

int cmp_check(const jr_val_t *doc, char *err, size_t errlen)
{
    static const char *const kinds[] = {"null", "a boolean", "a number", "a string", "an array", "an object"};
    if (!doc || doc->kind != JR_OBJECT) {
        snprintf(err, errlen, "not a gcnsim report (the document is %s, not an object)",
                 doc ? kinds[doc->kind] : "empty");
        return -1;
    }
    const jr_val_t *d = jr_get(doc, "dispatches"), *k = jr_get(doc, "kernels");
    if (d && k && d->kind == JR_ARRAY && k->kind == JR_ARRAY)
        return 0;
    if (jr_string(jr_get(doc, "kernel")) && jr_string(jr_get(doc, "mode")))
        return 0;
    snprintf(err, errlen, "not a gcnsim report (neither \"kernel\" and \"mode\" of gcnsim run --json nor "
             "\"dispatches\" and \"kernels\" of gcnsim exec --json)");
    return -1;
}

int cmp_check_set(const cmp_run_t *runs, size_t n, char *err, size_t errlen)
{
    if (n < 2 || n > CMP_MAX_RUNS) {
        snprintf(err, errlen, "%zu report%s given: compare takes 2 to %d", n, n == 1 ? "" : "s", CMP_MAX_RUNS);
        return -1;
    }
    for (size_t k = 1; k < n; k++)
        if (is_exec(runs[k].doc) != is_exec(runs[0].doc)) {
            snprintf(err, errlen, "%s is a report of gcnsim %s and %s of gcnsim %s: compare reports of one kind",
                     runs[k].label, is_exec(runs[k].doc) ? "exec" : "run", runs[0].label,
                     is_exec(runs[0].doc) ? "exec" : "run");
            return -1;
        }
    return 0;
}

/* ---- the rows ------------------------------------------------------------- */

/* The row called name (a new one in section when there is none), or NULL
 * when out of memory. */
static row_t *row_at(rows_t *t, const char *section, const char *name, const char *label)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->r[i].name, name))
            return &t->r[i];
    if (t->n == t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 64;
        row_t *nr = realloc(t->r, nc * sizeof *nr);
        if (!nr)
            return NULL;
        t->r = nr, t->cap = nc;
    }
    row_t *r = &t->r[t->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->label, sizeof r->label, "%s", label);
    snprintf(r->section, sizeof r->section, "%s", section);
    r->dec = 0;
    return r;
}

/* Run k's value v (a number or a string) into row r. */
static void row_put(row_t *r, size_t k, const jr_val_t *v)
{
    if (!v)
        return;
    if (v->kind == JR_STRING) {
        r->is_str = 1;
        r->strs[k] = v->str;
        r->has[k] = 1;
        return;
    }
    if (v->kind != JR_NUMBER)
        return;
    r->v[k] = v->number;
    r->has[k] = 1;
    if (!v->is_int && r->dec == 0)
        r->dec = r->pct ? 2 : DEC_G;
}

/* A fixed figure at path of every report (dec decimals; pct: a percentage),
 * called label (NULL: the path's last member). */
static void add_fixed(rows_t *t, const cmp_run_t *runs, size_t n, const char *section, const char *path,
                      const char *label, int dec, int pct)
{
    const char *dot = strrchr(path, '.');
    row_t *r = row_at(t, section, path, label ? label : dot ? dot + 1 : path);
    if (!r)
        return;
    r->pct = pct;
    for (size_t k = 0; k < n; k++)
        row_put(r, k, jr_path(runs[k].doc, path));
    if (dec > 0)
        r->dec = dec;
}

static int ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && !strcmp(s + a - b, tail);
}

/* Every numeric member of object o of run k as a row "prefix.member" of
 * section (the members in the order the reports first have them), but
 * the counters of single block instances (NAME[i]). */
static void add_members(rows_t *t, const jr_val_t *o, size_t k, const char *section, const char *prefix, int pct)
{
    char name[160];
    for (size_t m = 0; o && o->kind == JR_OBJECT && m < o->len; m++) {
        if (o->items[m].kind != JR_NUMBER || strchr(o->keys[m], '['))
            continue;   /* a block instance's counter ("TA_TA_BUSY[3]"): its metric is compared */
        snprintf(name, sizeof name, "%s.%s", prefix, o->keys[m]);
        row_t *r = row_at(t, section, name, o->keys[m]);
        if (!r)
            return;
        r->pct = pct || ends_with(o->keys[m], "_pct");
        r->dec = r->pct && r->dec == 0 ? 2 : r->dec;
        row_put(r, k, &o->items[m]);
    }
}

static void add_object(rows_t *t, const cmp_run_t *runs, size_t n, const char *section, const char *key, int pct)
{
    for (size_t k = 0; k < n; k++)
        add_members(t, jr_get(runs[k].doc, key), k, section, key, pct);
}

static void rows_run(rows_t *t, const cmp_run_t *runs, size_t n)
{
    static const char *const times[] = {"cycles", "time_us", "overhead_cycles", "total_us", "launches"};
    static const char *const launch[] = {"workgroups", "waves", "cus"};
    static const char *const busy[] = {"valu_busy_pct", "salu_busy_pct", "valu_utilization_pct",
                                       "mem_unit_busy_pct", "lds_conflict_cycle_pct"};
    for (size_t i = 0; i < sizeof times / sizeof *times; i++)
        add_fixed(t, runs, n, "time", times[i], NULL, strstr(times[i], "_us") ? 3 : 0, 0);
    for (size_t i = 0; i < sizeof launch / sizeof *launch; i++)
        add_fixed(t, runs, n, "launch", launch[i], NULL, 0, 0);
    add_object(t, runs, n, "wave-instructions", "instructions", 0);
    for (size_t i = 0; i < sizeof busy / sizeof *busy; i++)
        add_fixed(t, runs, n, "busy and utilisation (%)", busy[i], NULL, 2, 1);
    add_fixed(t, runs, n, "occupancy (waves per SIMD)", "occupancy.theoretical_waves_per_simd", "theoretical", 0, 0);
    add_fixed(t, runs, n, "occupancy (waves per SIMD)", "occupancy.achieved_waves_per_simd", "achieved", 2, 0);
    add_fixed(t, runs, n, "occupancy (waves per SIMD)", "occupancy.limited_by", "limited by", 0, 0);
    add_fixed(t, runs, n, "stalls (% of resident wave-cycles)", "wave_cycles", NULL, 0, 0);
    add_object(t, runs, n, "stalls (% of resident wave-cycles)", "stall_pct", 1);
    add_object(t, runs, n, "caches and DRAM", "cache", 0);
    add_object(t, runs, n, "rocprof metrics", "rocprof", 0);
    add_object(t, runs, n, "rocprof counters", "counters", 0);
}

/* The key of row i of an exec report's "kernels": its name, with its
 * device when another row of the report has the same name. */
static void exec_key(const jr_val_t *rows, size_t i, char *buf, size_t n)
{
    const jr_val_t *w = &rows->items[i];
    const char *name = jr_string(jr_get(w, "name")), *dev = jr_string(jr_get(w, "device"));
    name = name ? name : jr_string(jr_get(w, "kernel"));
    int twice = 0;
    for (size_t j = 0; j < rows->len; j++) {
        const char *o = jr_string(jr_get(&rows->items[j], "name"));
        twice |= j != i && o && name && !strcmp(o, name);
    }
    snprintf(buf, n, "%s%s%s", name ? name : "?", twice && dev ? " on " : "", twice && dev ? dev : "");
}

static void rows_exec(rows_t *t, const cmp_run_t *runs, size_t n)
{
    char key[96], section[96], prefix[160];
    for (size_t k = 0; k < n; k++) {
        const jr_val_t *ks = jr_get(runs[k].doc, "kernels");
        for (size_t i = 0; ks && ks->kind == JR_ARRAY && i < ks->len; i++) {
            exec_key(ks, i, key, sizeof key);
            snprintf(section, sizeof section, "kernel %.88s", key);
            snprintf(prefix, sizeof prefix, "kernels[%s]", key);
            add_members(t, &ks->items[i], k, section, prefix, 0);
        }
    }
}

/* The rows of the comparison: those that at least one report has. */
static rows_t build_rows(const cmp_run_t *runs, size_t n)
{
    rows_t t = {NULL, 0, 0};
    if (is_exec(runs[0].doc))
        rows_exec(&t, runs, n);
    else
        rows_run(&t, runs, n);
    size_t kept = 0;
    for (size_t i = 0; i < t.n; i++) {
        int any = 0;
        for (size_t k = 0; k < n; k++)
            any |= t.r[i].has[k];
        if (any)
            t.r[kept++] = t.r[i];
    }
    t.n = kept;
    return t;
}

/* ---- numbers -------------------------------------------------------------- */

static double round_to(double v, int dec)
{
    if (dec < 0 || !isfinite(v))
        return v;
    double s = pow(10.0, dec);
    double r = round(v * s) / s;
    return r == 0 ? 0.0 : r;   /* no -0 */
}

/* v in at most w characters with dec decimals (sign when sign). */
static void fmt_num(char *buf, size_t n, double v, int dec, int sign, int w)
{
    v = round_to(v, dec);
    if (sign && v == 0)
        snprintf(buf, n, "0");
    else if (dec < 0)
        snprintf(buf, n, sign ? "%+.6g" : "%.6g", v);
    else
        snprintf(buf, n, sign ? "%+.*f" : "%.*f", dec, v);
    if ((int)strlen(buf) > w)
        snprintf(buf, n, sign ? "%+.3e" : "%.3e", v);
}

/* The relative delta of b against a, in %, or 0 with *none when a is 0. */
static double rel_pct(double a, double b, int *none)
{
    *none = a == 0 && b != 0;
    return a == 0 ? 0.0 : round_to(100.0 * (b - a) / fabs(a), 2);
}

/* ---- text ----------------------------------------------------------------- */

enum { W_LABEL = 31, W_VAL = 11, W_DELTA = 10, W_REL = 8, RUNS_PER_TABLE = 2 };   /* 100 columns */

static void text_header(FILE *fp, size_t first, size_t last)
{
    fprintf(fp, "%-*s%*s", W_LABEL, "", W_VAL, "run 1");
    for (size_t k = first; k < last; k++) {
        char h[32];
        snprintf(h, sizeof h, "run %zu", k + 1);
        fprintf(fp, "%*s%*s%*s", W_VAL, h, W_DELTA, "delta", W_REL, "rel");
    }
    fputc('\n', fp);
}

static void text_value(FILE *fp, const row_t *r, size_t k)
{
    char b[48];
    if (!r->has[k])
        snprintf(b, sizeof b, "-");
    else if (r->is_str)
        snprintf(b, sizeof b, "%.*s", W_VAL - 1, r->strs[k] ? r->strs[k] : "-");
    else
        fmt_num(b, sizeof b, r->v[k], r->dec, 0, W_VAL - 1);
    fprintf(fp, "%*s", W_VAL, b);
}

/* Run k's value, delta and relative delta against run 1. */
static void text_delta(FILE *fp, const row_t *r, size_t k)
{
    char d[48] = "-", p[48] = "-";
    text_value(fp, r, k);
    if (r->is_str && r->has[0] && r->has[k] && r->strs[0] && r->strs[k])
        snprintf(d, sizeof d, "%s", strcmp(r->strs[0], r->strs[k]) ? "differs" : "same");
    else if (!r->is_str && r->has[0] && r->has[k]) {
        int none;
        double rel = rel_pct(r->v[0], r->v[k], &none);
        fmt_num(d, sizeof d, r->v[k] - r->v[0], r->dec, 1, W_DELTA - 1);
        if (none)
            snprintf(p, sizeof p, "new");
        else
            fmt_num(p, sizeof p - 1, rel, 1, rel != 0, W_REL - 2), strcat(p, "%");
    }
    fprintf(fp, "%*s%*s", W_DELTA, d, W_REL, p);
}

static void text_table(FILE *fp, const rows_t *t, size_t first, size_t last)
{
    const char *section = "";
    text_header(fp, first, last);
    for (size_t i = 0; i < t->n; i++) {
        const row_t *r = &t->r[i];
        if (strcmp(section, r->section))
            fprintf(fp, "%.*s\n", 98, section = r->section);
        fprintf(fp, "  %-*.*s", W_LABEL - 2, W_LABEL - 3, r->label);
        text_value(fp, r, 0);
        for (size_t k = first; k < last; k++)
            text_delta(fp, r, k);
        fputc('\n', fp);
    }
}

/* "sgemm on vega-64 (gfx900), global 64x64, local 16x16: completed". */
static void run_summary(const jr_val_t *d, char *buf, size_t n)
{
    if (is_exec(d)) {
        const jr_val_t *ds = jr_get(d, "dispatches"), *st = jr_get(d, "exit_status");
        const char *prog = jr_string(jr_get(d, "program"));
        snprintf(buf, n, "gcnsim exec of %s: %zu dispatches, exit status %.0f", prog ? prog : "?",
                 ds ? ds->len : 0, st && st->kind == JR_NUMBER ? st->number : -1.0);
        return;
    }
    const char *kernel = jr_string(jr_get(d, "kernel")), *dev = jr_string(jr_get(d, "device"));
    const char *target = jr_string(jr_get(d, "target")), *status = jr_string(jr_get(d, "status"));
    const char *why = jr_string(jr_get(d, "partial_reason"));
    const jr_val_t *partial = jr_get(d, "partial");
    size_t k = (size_t)snprintf(buf, n, "%s on %s (%s)", kernel, dev ? dev : "the functional core",
                                target ? target : "?");
    static const char *const dims[] = {"global", "local"};
    for (int i = 0; i < 2 && k < n; i++) {
        const jr_val_t *a = jr_get(d, dims[i]);
        for (size_t j = 0; a && a->kind == JR_ARRAY && j < a->len && k < n; j++)
            k += (size_t)snprintf(buf + k, n - k, "%s%.0f", j ? "x" : i ? ", local " : ", global ",
                                  a->items[j].kind == JR_NUMBER ? a->items[j].number : 0.0);
    }
    if (k < n)
        k += (size_t)snprintf(buf + k, n - k, ": %s", status ? status : "?");
    if (k < n && partial && partial->kind == JR_BOOL && partial->boolean)
        snprintf(buf + k, n - k, " (partial: %s)", why ? why : "stopped early");
}

/* "  cycles: run 2 against run 1" ... the hot spots that moved most. */
static void text_hotspots(FILE *fp, const cmp_run_t *runs, size_t n);

void cmp_text(FILE *fp, const cmp_run_t *runs, size_t n)
{
    char s[512];
    fputs("runs\n", fp);
    for (size_t k = 0; k < n; k++) {
        run_summary(runs[k].doc, s, sizeof s);
        fprintf(fp, "  %zu  %.90s\n     %.92s\n", k + 1, runs[k].label, s);
    }
    fputs("delta: run N minus run 1 (points for the percentages); rel: delta / run 1\n", fp);
    rows_t t = build_rows(runs, n);
    for (size_t k = 1; k < n; k += RUNS_PER_TABLE) {
        fputc('\n', fp);
        text_table(fp, &t, k, k + RUNS_PER_TABLE < n ? k + RUNS_PER_TABLE : n);
    }
    free(t.r);
    if (!is_exec(runs[0].doc))
        text_hotspots(fp, runs, n);
}

/* ---- hot spots ------------------------------------------------------------ */

typedef struct {
    char key[256];               /* offset and instruction: what matches across runs */
    char off[24];                /* the offset as printed */
    const jr_val_t *offset;
    const char *inst;
    double cycles[2];            /* run 1, the later run */
    unsigned char has[2];
} hs_t;

/* The key and offset text of hot spot h. */
static void hs_key(const jr_val_t *h, char *key, size_t n, char *off, size_t offn)
{
    const jr_val_t *o = jr_get(h, "offset");
    const char *ins = jr_string(jr_get(h, "instruction"));
    if (o && o->kind == JR_NUMBER && o->is_int && o->i >= 0)
        snprintf(off, offn, "0x%04llx", (unsigned long long)o->u);
    else if (o && o->kind == JR_NUMBER)
        snprintf(off, offn, "%g", o->number);
    else
        snprintf(off, offn, "%s", jr_string(o) ? jr_string(o) : "?");
    snprintf(key, n, "%s\t%s", off, ins ? ins : "");
}

/* Add run side's (0: run 1, 1: the later run) hot spots of array a to v[*m]. */
static void hs_collect(const jr_val_t *a, int side, hs_t *v, size_t *m)
{
    char key[256], off[64];
    for (size_t i = 0; a && i < a->len; i++) {
        const jr_val_t *h = &a->items[i];
        double c;
        if (h->kind != JR_OBJECT || !jr_number(jr_get(h, "cycles"), &c))
            continue;
        hs_key(h, key, sizeof key, off, sizeof off);
        size_t j = 0;
        while (j < *m && strcmp(v[j].key, key))
            j++;
        if (j == *m) {
            memset(&v[j], 0, sizeof v[j]);
            snprintf(v[j].key, sizeof v[j].key, "%s", key);
            snprintf(v[j].off, sizeof v[j].off, "%.23s", off);
            v[j].offset = jr_get(h, "offset");
            v[j].inst = jr_string(jr_get(h, "instruction"));
            (*m)++;
        }
        v[j].cycles[side] += c;
        v[j].has[side] = 1;
    }
}

static int by_moved(const void *a, const void *b)
{
    const hs_t *x = a, *y = b;
    double dx = fabs(x->cycles[1] - x->cycles[0]), dy = fabs(y->cycles[1] - y->cycles[0]);
    if (dx != dy)
        return dx < dy ? 1 : -1;
    return strcmp(x->key, y->key);
}

/* The hot spots of run 1 and run k matched, sorted by how far they moved;
 * *m of them (a new array, NULL when out of memory). */
static hs_t *hs_pair(const cmp_run_t *runs, size_t k, size_t *m)
{
    const jr_val_t *a = jr_get(runs[0].doc, "hotspots"), *b = jr_get(runs[k].doc, "hotspots");
    hs_t *v = calloc(a->len + b->len + 1, sizeof *v);
    *m = 0;
    if (!v)
        return NULL;
    hs_collect(a, 0, v, m);
    hs_collect(b, 1, v, m);
    qsort(v, *m, sizeof *v, by_moved);
    return v;
}

/* NULL when every report has a "hotspots" array, else why not. */
static const char *hs_missing(const cmp_run_t *runs, size_t n, char *buf, size_t len)
{
    size_t without = 0, first = 0;
    for (size_t k = 0; k < n; k++) {
        const jr_val_t *a = jr_get(runs[k].doc, "hotspots");
        if (!a || a->kind != JR_ARRAY)
            first = without++ ? first : k;
    }
    if (!without)
        return NULL;
    if (without == n)
        snprintf(buf, len, "hot spots are not in the files (no \"hotspots\" member)");
    else
        snprintf(buf, len, "hot spots are not in all the files (%.80s has no \"hotspots\" member)",
                 runs[first].label);
    return buf;
}

static void text_hs_pair(FILE *fp, const cmp_run_t *runs, size_t k)
{
    size_t m, shown = 0;
    hs_t *v = hs_pair(runs, k, &m);
    char h[32], a[32], b[32], d[32], p[32];
    snprintf(h, sizeof h, "run %zu", k + 1);
    fprintf(fp, "\nhot spots that moved most, run %zu against run 1 (wave-cycles)\n", k + 1);
    fprintf(fp, "  %-8s %-36s%*s%*s%*s%*s\n", "offset", "instruction", W_DELTA, "run 1", W_DELTA, h, W_DELTA,
            "delta", W_REL, "rel");
    for (size_t i = 0; v && i < m && shown < HS_TOP; i++) {
        if (v[i].cycles[1] == v[i].cycles[0])
            continue;
        int none;
        double rel = rel_pct(v[i].cycles[0], v[i].cycles[1], &none);
        fmt_num(a, sizeof a, v[i].cycles[0], 0, 0, W_DELTA - 1);
        fmt_num(b, sizeof b, v[i].cycles[1], 0, 0, W_DELTA - 1);
        fmt_num(d, sizeof d, v[i].cycles[1] - v[i].cycles[0], 0, 1, W_DELTA - 1);
        if (none || !v[i].has[0] || !v[i].has[1])
            snprintf(p, sizeof p, "%s", v[i].has[0] ? "gone" : "new");
        else
            fmt_num(p, sizeof p - 1, rel, 1, 1, W_REL - 2), strcat(p, "%");
        fprintf(fp, "  %-8.8s %-36.36s%*s%*s%*s%*s\n", v[i].off, v[i].inst ? v[i].inst : "", W_DELTA,
                v[i].has[0] ? a : "-", W_DELTA, v[i].has[1] ? b : "-", W_DELTA, d, W_REL, p);
        shown++;
    }
    if (!shown)
        fprintf(fp, "  none moved\n");
    free(v);
}

static void text_hotspots(FILE *fp, const cmp_run_t *runs, size_t n)
{
    char why[160];
    if (hs_missing(runs, n, why, sizeof why)) {
        fprintf(fp, "\n%s\n", why);
        return;
    }
    for (size_t k = 1; k < n; k++)
        text_hs_pair(fp, runs, k);
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_runs(json_t *j, const cmp_run_t *runs, size_t n)
{
    static const char *const keys[] = {"kernel", "device", "target", "status", "program"};
    json_begin_arr(j, "runs");
    for (size_t k = 0; k < n; k++) {
        json_begin_obj(j, NULL);
        json_str(j, "label", runs[k].label);
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            if (jr_string(jr_get(runs[k].doc, keys[i])))
                json_str(j, keys[i], jr_string(jr_get(runs[k].doc, keys[i])));
        const jr_val_t *p = jr_get(runs[k].doc, "partial");
        json_bool(j, "partial", p && p->kind == JR_BOOL && p->boolean);
        if (jr_string(jr_get(runs[k].doc, "partial_reason")))
            json_str(j, "partial_reason", jr_string(jr_get(runs[k].doc, "partial_reason")));
        json_end(j);
    }
    json_end(j);
}

/* A number of a row (null when missing). */
static void json_num(json_t *j, int has, double v, int dec)
{
    if (!has)
        json_null(j, NULL);
    else if (dec == 0 && fabs(v) < 9e15)
        json_int(j, NULL, (int64_t)llround(v));
    else
        json_double(j, NULL, round_to(v, dec));
}

static void json_metric(json_t *j, const row_t *r, size_t n)
{
    json_begin_obj(j, NULL);
    json_str(j, "name", r->name);
    json_str(j, "section", r->section);
    json_begin_arr(j, "values");
    for (size_t k = 0; k < n; k++)
        json_num(j, r->has[k], r->v[k], r->dec);
    json_end(j);
    json_begin_arr(j, "delta");
    for (size_t k = 1; k < n; k++)
        json_num(j, r->has[0] && r->has[k], r->v[k] - r->v[0], r->dec);
    json_end(j);
    json_begin_arr(j, "rel_pct");
    for (size_t k = 1; k < n; k++) {
        int none;
        double rel = rel_pct(r->v[0], r->v[k], &none);
        if (!r->has[0] || !r->has[k] || none)
            json_null(j, NULL);
        else
            json_double(j, NULL, rel);
    }
    json_end(j);
    json_end(j);
}

static void json_strings(json_t *j, const rows_t *t, size_t n)
{
    json_begin_arr(j, "strings");
    for (size_t i = 0; i < t->n; i++) {
        if (!t->r[i].is_str)
            continue;
        json_begin_obj(j, NULL);
        json_str(j, "name", t->r[i].name);
        json_begin_arr(j, "values");
        for (size_t k = 0; k < n; k++)
            json_str(j, NULL, t->r[i].has[k] ? t->r[i].strs[k] : NULL);
        json_end(j);
        json_end(j);
    }
    json_end(j);
}

static void json_hs_pair(json_t *j, const cmp_run_t *runs, size_t k)
{
    size_t m, shown = 0;
    hs_t *v = hs_pair(runs, k, &m);
    json_begin_obj(j, NULL);
    json_uint(j, "run", k + 1);
    json_begin_arr(j, "moved");
    for (size_t i = 0; v && i < m && shown < HS_TOP; i++) {
        if (v[i].cycles[1] == v[i].cycles[0])
            continue;
        int none;
        double rel = rel_pct(v[i].cycles[0], v[i].cycles[1], &none);
        json_begin_obj(j, NULL);
        if (v[i].offset)
            jr_write(j, "offset", v[i].offset);
        json_str(j, "instruction", v[i].inst);
        json_begin_arr(j, "cycles");
        for (int s = 0; s < 2; s++)
            if (v[i].has[s])
                json_double(j, NULL, v[i].cycles[s]);
            else
                json_null(j, NULL);
        json_end(j);
        json_double(j, "delta", v[i].cycles[1] - v[i].cycles[0]);
        if (none || !v[i].has[0] || !v[i].has[1])
            json_null(j, "rel_pct");
        else
            json_double(j, "rel_pct", rel);
        json_end(j);
        shown++;
    }
    json_end(j);
    json_end(j);
    free(v);
}

void cmp_json(json_t *j, const cmp_run_t *runs, size_t n)
{
    rows_t t = build_rows(runs, n);
    json_runs(j, runs, n);
    json_begin_arr(j, "metrics");
    for (size_t i = 0; i < t.n; i++)
        if (!t.r[i].is_str)
            json_metric(j, &t.r[i], n);
    json_end(j);
    json_strings(j, &t, n);
    free(t.r);
    char why[160];
    if (is_exec(runs[0].doc) || hs_missing(runs, n, why, sizeof why)) {
        json_null(j, "hotspots");
        json_str(j, "hotspots_note", is_exec(runs[0].doc) ? "gcnsim exec reports have no hot spots" : why);
        return;
    }
    json_begin_arr(j, "hotspots");
    for (size_t k = 1; k < n; k++)
        json_hs_pair(j, runs, k);
    json_end(j);
}
