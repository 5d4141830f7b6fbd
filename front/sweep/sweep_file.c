/* sweep_file.c — reading a sweep file (YAML, through libyaml, which gives
 * the line of every node so that each error names it): its runs, presets,
 * and the parameter axes or explicit points, each checked against the
 * device table (sim/device.c) the command line uses.  See sweep.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "front/sweep/sweep.h"
#include "front/util/opt.h"

typedef struct {
    const char *path;
    yaml_document_t *doc;
    sweep_t *s;
    char *err;
    size_t errlen;
} rd_t;

/* Report "PATH:LINE: message" at node n (NULL: line 1); returns -1. */
static int fail(rd_t *r, const yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(rd_t *r, const yaml_node_t *n, const char *fmt, ...)
{
    char msg[SWEEP_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errlen, "%s:%lu: %s", r->path, n ? (unsigned long)n->start_mark.line + 1 : 1ul, msg);
    return -1;
}

static int line_of(const yaml_node_t *n)
{
    return (int)n->start_mark.line + 1;
}

static yaml_node_t *node(rd_t *r, int i)
{
    return yaml_document_get_node(r->doc, i);
}

/* The text of scalar n, or NULL after reporting what is (where) wanted. */
static const char *scalar(rd_t *r, const yaml_node_t *n, const char *what)
{
    if (n->type != YAML_SCALAR_NODE) {
        fail(r, n, "%s: expected a single value, not a %s", what,
             n->type == YAML_SEQUENCE_NODE ? "list" : "mapping");
        return NULL;
    }
    return (const char *)n->data.scalar.value;
}

/* Check that mapping m has only keys of allowed[] and none twice. */
static int check_keys(rd_t *r, const yaml_node_t *m, const char *what, const char *const *allowed)
{
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
        const char *k = scalar(r, node(r, p->key), what);
        if (!k)
            return -1;
        size_t i;
        opt_near_t near;
        opt_near_init(&near, k);
        for (i = 0; allowed[i] && strcmp(allowed[i], k); i++)
            opt_near_add(&near, allowed[i]);
        if (!allowed[i]) {
            char keys[256] = "";
            for (size_t j = 0; allowed[j]; j++)
                snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s", j ? ", " : "", allowed[j]);
            if (opt_near_best(&near))
                return fail(r, node(r, p->key), "%s: unknown key '%s' (did you mean %s?)", what, k,
                            opt_near_best(&near));
            return fail(r, node(r, p->key), "%s: unknown key '%s' (keys: %s)", what, k, keys);
        }
        for (yaml_node_pair_t *q = m->data.mapping.pairs.start; q < p; q++)
            if (!strcmp((const char *)node(r, q->key)->data.scalar.value, k))
                return fail(r, node(r, p->key), "%s: key '%s' given twice (first on line %d)", what, k,
                            line_of(node(r, q->key)));
    }
    return 0;
}

/* The value of key in mapping m, or NULL. */
static yaml_node_t *get(rd_t *r, const yaml_node_t *m, const char *key)
{
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(r, p->key);
        if (k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key))
            return node(r, p->value);
    }
    return NULL;
}

static int want(rd_t *r, const yaml_node_t *n, yaml_node_type_t type, const char *what)
{
    static const char *const names[] = {"nothing", "a single value", "a list", "a mapping"};
    if (n->type == type)
        return 0;
    return fail(r, n, "%s: expected %s, not %s", what, names[type], names[n->type]);
}

/* ---- runs ----------------------------------------------------------------- */

/* Options the sweep sets itself and a run may not give. */
static int reserved_arg(const char *a)
{
    static const char *const own[] = {"--device", "--set", "--json", NULL};
    for (size_t i = 0; own[i]; i++) {
        size_t n = strlen(own[i]);
        if (!strncmp(a, own[i], n) && (a[n] == '\0' || a[n] == '='))
            return 1;
    }
    return 0;
}

static int add_arg(sweep_run_t *run, const char *a, size_t len)
{
    char **na = realloc(run->args, (run->nargs + 1) * sizeof *na);
    if (!na)
        return -1;
    run->args = na;
    run->args[run->nargs++] = strndup(a, len);
    return 0;
}

/* args: a list of words, or one string split at spaces. */
static int read_args_raw(rd_t *r, sweep_run_t *run, const yaml_node_t *n, const char *what)
{
    if (n->type == YAML_SCALAR_NODE) {
        for (const char *a = (const char *)n->data.scalar.value; *a;) {
            size_t sp = strspn(a, " \t\n"), w;
            a += sp;
            if (!*a)
                break;
            w = strcspn(a, " \t\n");
            add_arg(run, a, w);
            a += w;
        }
    } else if (want(r, n, YAML_SEQUENCE_NODE, what) == 0) {
        for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
            const char *a = scalar(r, node(r, *i), what);
            if (!a)
                return -1;
            add_arg(run, a, strlen(a));
        }
    } else
        return -1;
    return 0;
}

/* args of gcnsim run or bench, but the options the sweep sets itself. */
static int read_args(rd_t *r, sweep_run_t *run, const yaml_node_t *n, const char *what)
{
    if (read_args_raw(r, run, n, what))
        return -1;
    for (size_t i = 0; i < run->nargs; i++)
        if (reserved_arg(run->args[i]))
            return fail(r, n, "%s: %s is set by the sweep (presets: and axes: give --device and --set, and "
                        "each point's report is its --json)", what, run->args[i]);
    return 0;
}

const char *sweep_kind_name(sweep_kind_t k)
{
    return k == SWEEP_KERNEL ? "kernel" : k == SWEEP_BENCH ? "bench" : "exec";
}

static int read_run(rd_t *r, sweep_run_t *run, const yaml_node_t *n, size_t k)
{
    static const char *const keys[] = {"name", "kernel", "bench", "exec", "args", NULL};
    char what[48];
    snprintf(what, sizeof what, "runs[%zu]", k + 1);
    if (want(r, n, YAML_MAPPING_NODE, what) || check_keys(r, n, what, keys))
        return -1;
    run->line = line_of(n);
    yaml_node_t *kinds[3] = {get(r, n, "kernel"), get(r, n, "bench"), get(r, n, "exec")}, *wn = NULL;
    yaml_node_t *nn = get(r, n, "name"), *an = get(r, n, "args");
    int given = 0;
    for (int i = 0; i < 3; i++)
        if (kinds[i])
            given++, wn = kinds[i], run->kind = (sweep_kind_t)i;
    if (given != 1)
        return fail(r, n, "%s: give one of kernel: FILE (gcnsim run FILE), bench: WORKLOAD (gcnsim bench) and "
                    "exec: PROGRAM (gcnsim exec)", what);
    const char *w = scalar(r, wn, what);
    if (!w)
        return -1;
    if (!*w)
        return fail(r, wn, "%s: empty %s", what, sweep_kind_name(run->kind));
    run->what = strdup(w);
    const char *name = nn ? scalar(r, nn, what) : NULL;
    if (nn && !name)
        return -1;
    if (!name)
        name = strrchr(w, '/') ? strrchr(w, '/') + 1 : w;
    run->name = strdup(name);
    return an && run->kind != SWEEP_EXEC ? read_args(r, run, an, what) : an ? read_args_raw(r, run, an, what) : 0;
}

static int read_runs(rd_t *r, const yaml_node_t *n)
{
    if (!n)
        return fail(r, NULL, "no runs: (a list of kernel: FILE or bench: WORKLOAD entries)");
    if (want(r, n, YAML_SEQUENCE_NODE, "runs"))
        return -1;
    size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (!cnt)
        return fail(r, n, "runs: the list is empty");
    r->s->runs = calloc(cnt, sizeof *r->s->runs);
    for (size_t k = 0; k < cnt; k++) {
        r->s->nruns = k + 1;
        if (read_run(r, &r->s->runs[k], node(r, n->data.sequence.items.start[k]), k))
            return -1;
    }
    return 0;
}

/* ---- presets -------------------------------------------------------------- */

static const char *preset_name(size_t i)
{
    const device_t *d = dev_preset_at(i);
    return d ? d->name : NULL;
}

/* The preset called name at n, or NULL after reporting it unknown. */
static const char *check_preset(rd_t *r, const yaml_node_t *n, const char *name)
{
    if (dev_preset(name))
        return name;
    const char *near = opt_suggest(name, preset_name);
    if (near)
        fail(r, n, "presets: unknown device preset '%s' (did you mean %s?)", name, near);
    else
        fail(r, n, "presets: unknown device preset '%s' (gcnsim devices lists them)", name);
    return NULL;
}

static int read_presets(rd_t *r, const yaml_node_t *n)
{
    if (!n)
        return fail(r, NULL, "no presets: (a list of device presets, as gcnsim devices lists them)");
    sweep_t *s = r->s;
    if (n->type == YAML_SCALAR_NODE) {
        s->presets = calloc(1, sizeof *s->presets);
        s->preset_lines = calloc(1, sizeof *s->preset_lines);
        if (!check_preset(r, n, (const char *)n->data.scalar.value))
            return -1;
        s->presets[s->npresets] = strdup((const char *)n->data.scalar.value);
        s->preset_lines[s->npresets++] = line_of(n);
        return 0;
    }
    if (want(r, n, YAML_SEQUENCE_NODE, "presets"))
        return -1;
    size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (!cnt)
        return fail(r, n, "presets: the list is empty");
    s->presets = calloc(cnt, sizeof *s->presets);
    s->preset_lines = calloc(cnt, sizeof *s->preset_lines);
    for (size_t k = 0; k < cnt; k++) {
        yaml_node_t *p = node(r, n->data.sequence.items.start[k]);
        const char *name = scalar(r, p, "presets");
        if (!name || !check_preset(r, p, name))
            return -1;
        for (size_t j = 0; j < s->npresets; j++)
            if (!strcmp(s->presets[j], name))
                return fail(r, p, "presets: '%s' given twice (first on line %d)", name, s->preset_lines[j]);
        s->presets[s->npresets] = strdup(name);
        s->preset_lines[s->npresets++] = line_of(p);
    }
    return 0;
}

/* ---- parameters ----------------------------------------------------------- */

static const char *param_name(size_t i)
{
    return i < DEV_NPARAMS ? dev_param_key((dev_param_t)i) : NULL;
}

/* The parameter called key at n, or -1 after reporting it unknown. */
static int param_of(rd_t *r, const yaml_node_t *n, const char *key, const char *what)
{
    for (unsigned i = 0; i < DEV_NPARAMS; i++)
        if (!strcmp(dev_param_key((dev_param_t)i), key))
            return (int)i;
    const char *near = opt_suggest(key, param_name);
    if (near)
        fail(r, n, "%s: unknown device parameter '%s' (did you mean %s?)", what, key, near);
    else
        fail(r, n, "%s: unknown device parameter '%s' (gcnsim devices lists them)", what, key);
    return -1;
}

/* Value n of parameter key, checked as --set KEY=VALUE is on the first
 * preset (number and range): 0, or -1 after reporting. */
static int param_value(rd_t *r, const yaml_node_t *n, dev_param_t key, uint32_t *out, const char *what)
{
    const char *v = scalar(r, n, what);
    if (!v)
        return -1;
    char set[128], why[SWEEP_ERRLEN];
    snprintf(set, sizeof set, "%s=%s", dev_param_key(key), v);
    device_t d = *dev_preset(r->s->presets[0]);
    const char *sets[1] = {set};
    if (dev_set_all(&d, sets, 1, why, sizeof why))
        return fail(r, n, "%s: %s", what, why);
    *out = d.p[key];
    return 0;
}

static int read_axis(rd_t *r, sweep_axis_t *a, const yaml_node_t *kn, const yaml_node_t *vn)
{
    const char *key = scalar(r, kn, "axes");
    if (!key)
        return -1;
    int p = param_of(r, kn, key, "axes");
    if (p < 0)
        return -1;
    a->key = (dev_param_t)p;
    a->line = line_of(kn);
    char what[96];
    snprintf(what, sizeof what, "axes: %s", key);
    if (vn->type == YAML_SCALAR_NODE) {   /* one value: a fixed setting */
        a->values = calloc(1, sizeof *a->values);
        a->lines = calloc(1, sizeof *a->lines);
        a->lines[0] = line_of(vn);
        a->n = 1;
        return param_value(r, vn, a->key, &a->values[0], what);
    }
    if (want(r, vn, YAML_SEQUENCE_NODE, what))
        return -1;
    size_t cnt = (size_t)(vn->data.sequence.items.top - vn->data.sequence.items.start);
    if (!cnt)
        return fail(r, vn, "%s: the axis is empty (give one value or more)", what);
    a->values = calloc(cnt, sizeof *a->values);
    a->lines = calloc(cnt, sizeof *a->lines);
    for (size_t k = 0; k < cnt; k++) {
        yaml_node_t *v = node(r, vn->data.sequence.items.start[k]);
        if (param_value(r, v, a->key, &a->values[k], what))
            return -1;
        for (size_t j = 0; j < k; j++)
            if (a->values[j] == a->values[k])
                return fail(r, v, "%s: value %u given twice (first on line %d)", what, a->values[k], a->lines[j]);
        a->lines[k] = line_of(v);
        a->n = k + 1;
    }
    return 0;
}

static int read_axes(rd_t *r, const yaml_node_t *n)
{
    if (want(r, n, YAML_MAPPING_NODE, "axes"))
        return -1;
    size_t cnt = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    if (!cnt)
        return fail(r, n, "axes: no parameters (give KEY: [VALUES], or leave axes: out)");
    r->s->axes = calloc(cnt, sizeof *r->s->axes);
    for (size_t k = 0; k < cnt; k++) {
        yaml_node_pair_t *p = &n->data.mapping.pairs.start[k];
        r->s->naxes = k + 1;   /* freed by sweep_free even when incomplete */
        if (read_axis(r, &r->s->axes[k], node(r, p->key), node(r, p->value)))
            return -1;
        for (size_t j = 0; j < k; j++)
            if (r->s->axes[j].key == r->s->axes[k].key)
                return fail(r, node(r, p->key), "axes: %s given twice (first on line %d)",
                            dev_param_key(r->s->axes[k].key), r->s->axes[j].line);
    }
    return 0;
}

/* One entry of points: {preset: NAME, KEY: VALUE, ...}. */
static int read_entry(rd_t *r, sweep_entry_t *e, const yaml_node_t *n, size_t k)
{
    char what[48];
    snprintf(what, sizeof what, "points[%zu]", k + 1);
    if (want(r, n, YAML_MAPPING_NODE, what))
        return -1;
    e->line = line_of(n);
    size_t cnt = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    e->sets = calloc(cnt ? cnt : 1, sizeof *e->sets);
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *kn = node(r, p->key), *vn = node(r, p->value);
        const char *key = scalar(r, kn, what);
        if (!key)
            return -1;
        if (!strcmp(key, "preset")) {
            const char *pv = scalar(r, vn, what);
            if (!pv || !check_preset(r, vn, pv))
                return -1;
            free(e->preset);
            e->preset = strdup(pv);
            continue;
        }
        int pi = param_of(r, kn, key, what);
        if (pi < 0)
            return -1;
        for (size_t j = 0; j < e->nsets; j++)
            if (e->sets[j].key == (dev_param_t)pi)
                return fail(r, kn, "%s: %s given twice", what, key);
        sweep_set_t *st = &e->sets[e->nsets];
        st->key = (dev_param_t)pi;
        st->line = line_of(vn);
        if (param_value(r, vn, st->key, &st->value, what))
            return -1;
        e->nsets++;
    }
    return 0;
}

static int read_entries(rd_t *r, const yaml_node_t *n)
{
    if (want(r, n, YAML_SEQUENCE_NODE, "points"))
        return -1;
    size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (!cnt)
        return fail(r, n, "points: the list is empty");
    r->s->entries = calloc(cnt, sizeof *r->s->entries);
    for (size_t k = 0; k < cnt; k++) {
        r->s->nentries = k + 1;
        if (read_entry(r, &r->s->entries[k], node(r, n->data.sequence.items.start[k]), k))
            return -1;
    }
    return 0;
}

/* ---- the file ------------------------------------------------------------- */

/* timeout: SECONDS (1 to 10^6) a point may run before it is stopped and
 * recorded as failed. */
static int read_timeout(rd_t *r, const yaml_node_t *n)
{
    if (!n)
        return 0;
    const char *v = scalar(r, n, "timeout");
    if (!v)
        return -1;
    char *end;
    unsigned long t = strtoul(v, &end, 10);
    if (!*v || *end || *v == '-' || *v == '+' || t < 1 || t > 1000000)
        return fail(r, n, "timeout: '%s' is not a number of seconds from 1 to 1000000", v);
    r->s->timeout = (unsigned)t;
    return 0;
}

static int read_doc(rd_t *r)
{
    static const char *const keys[] = {"name", "results", "timeout", "runs", "presets", "axes", "points", NULL};
    yaml_node_t *root = yaml_document_get_root_node(r->doc);
    if (!root)
        return fail(r, NULL, "the file is empty (a sweep needs runs: and presets:)");
    if (want(r, root, YAML_MAPPING_NODE, "the sweep") || check_keys(r, root, "the sweep", keys))
        return -1;
    yaml_node_t *nm = get(r, root, "name"), *res = get(r, root, "results"), *ax = get(r, root, "axes"),
                *pt = get(r, root, "points");
    const char *v;
    if (nm && (v = scalar(r, nm, "name")) == NULL)
        return -1;
    if (nm)
        r->s->name = strdup(v);
    else {   /* the file's name without its folder and extension */
        const char *base = strrchr(r->path, '/') ? strrchr(r->path, '/') + 1 : r->path, *dot = strrchr(base, '.');
        r->s->name = strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
    }
    if (res && ((v = scalar(r, res, "results")) == NULL || !*v))
        return res && v ? fail(r, res, "results: empty folder name") : -1;
    r->s->results = res ? strdup(v) : NULL;
    if (read_timeout(r, get(r, root, "timeout")))
        return -1;
    if (read_presets(r, get(r, root, "presets")) || read_runs(r, get(r, root, "runs")))
        return -1;
    if (ax && pt)
        return fail(r, pt, "points: give axes: (every combination of their values) or points: (an explicit "
                    "list), not both");
    if (ax && read_axes(r, ax))
        return -1;
    return pt ? read_entries(r, pt) : 0;
}

int sweep_load(sweep_t *s, const char *path, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: cannot open: %m", path);
        return -1;
    }
    s->path = strdup(path);
    const char *slash = strrchr(path, '/');
    s->dir = slash ? strndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, fp);
    int rc = -1;
    if (!yaml_parser_load(&parser, &doc)) {
        yaml_mark_t m = parser.problem_mark;
        snprintf(err, errlen, "%s:%lu: YAML syntax: %s%s%s", path, (unsigned long)m.line + 1,
                 parser.problem ? parser.problem : "unreadable", parser.context ? " " : "",
                 parser.context ? parser.context : "");
    } else {
        rd_t r = {path, &doc, s, err, errlen};
        rc = read_doc(&r);
        yaml_document_delete(&doc);
        yaml_document_t more;
        if (!rc && yaml_parser_load(&parser, &more)) {   /* a second document ("---") */
            yaml_node_t *root = yaml_document_get_root_node(&more);
            if (root) {
                snprintf(err, errlen, "%s:%lu: a second YAML document: a sweep file holds one", path,
                         (unsigned long)root->start_mark.line + 1);
                rc = -1;
            }
            yaml_document_delete(&more);
        } else if (!rc) {
            snprintf(err, errlen, "%s:%lu: YAML syntax: %s", path, (unsigned long)parser.problem_mark.line + 1,
                     parser.problem ? parser.problem : "unreadable");
            rc = -1;
        }
    }
    yaml_parser_delete(&parser);
    fclose(fp);
    if (rc)
        sweep_free(s);
    return rc;
}

void sweep_free(sweep_t *s)
{
    for (size_t i = 0; i < s->nruns; i++) {
        for (size_t j = 0; j < s->runs[i].nargs; j++)
            free(s->runs[i].args[j]);
        free(s->runs[i].args);
        free(s->runs[i].name);
        free(s->runs[i].what);
    }
    for (size_t i = 0; i < s->npresets; i++)
        free(s->presets[i]);
    for (size_t i = 0; i < s->naxes; i++)
        free(s->axes[i].values), free(s->axes[i].lines);
    for (size_t i = 0; i < s->nentries; i++)
        free(s->entries[i].sets), free(s->entries[i].preset);
    free(s->runs), free(s->presets), free(s->preset_lines), free(s->axes), free(s->entries), free(s->points);
    free(s->path), free(s->dir), free(s->name), free(s->results);
    memset(s, 0, sizeof *s);
}
