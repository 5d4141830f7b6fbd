/* sweep_plan.c — the points of a sweep (runs x presets x the axes'
 * product or the explicit points), their stable ids (FNV-1a 64 of a
 * canonical text: the run's command, the preset and the parameters in the
 * device table's order, so that reordering the file's axes keeps the ids),
 * and shards.  See sweep.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/sweep/sweep.h"

enum { PLAN_MAX_POINTS = 100000 };

char *sweep_point_text(const sweep_point_t *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    if (!fp)
        return NULL;
    fprintf(fp, "gcnsim sweep point 1\n%s=%s\n", sweep_kind_name(p->run->kind), p->run->what);
    for (size_t i = 0; i < p->run->nargs; i++)
        fprintf(fp, "arg=%s\n", p->run->args[i]);
    fprintf(fp, "preset=%s\n", p->preset);
    for (size_t i = 0; i < p->nsets; i++)
        fprintf(fp, "set=%s=%u\n", dev_param_key(p->sets[i].key), p->sets[i].value);
    return fclose(fp) ? (free(buf), NULL) : buf;
}

void sweep_point_axes(const sweep_point_t *p, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t i = 0; i < p->nsets; i++) {
        size_t u = strlen(buf);
        snprintf(buf + u, len - u, "%s%s=%u", i ? " " : "", dev_param_key(p->sets[i].key), p->sets[i].value);
    }
}

/* FNV-1a, 64 bits, of s. */
static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* Put set st into p, keeping the device table's order. */
static void add_set(sweep_point_t *p, sweep_set_t st)
{
    size_t i = p->nsets;
    while (i && p->sets[i - 1].key > st.key) {
        p->sets[i] = p->sets[i - 1];
        i--;
    }
    p->sets[i] = st;
    p->nsets++;
}

/* Finish point p (id, check against its preset, no repeat) and append it. */
static int add_point(sweep_t *s, sweep_point_t *p, size_t *cap, char *err, size_t errlen)
{
    char why[SWEEP_ERRLEN];
    const char *sets[DEV_NPARAMS];
    char setbuf[DEV_NPARAMS][64];
    for (size_t i = 0; i < p->nsets; i++) {
        snprintf(setbuf[i], sizeof setbuf[i], "%s=%u", dev_param_key(p->sets[i].key), p->sets[i].value);
        sets[i] = setbuf[i];
    }
    device_t d = *dev_preset(p->preset);
    if (dev_set_all(&d, sets, p->nsets, why, sizeof why)) {
        snprintf(err, errlen, "%s:%d: on %s: %s", s->path, p->line, p->preset, why);
        return -1;
    }
    char *text = sweep_point_text(p);
    if (!text) {
        snprintf(err, errlen, "%s:%d: out of memory", s->path, p->line);
        return -1;
    }
    snprintf(p->id, sizeof p->id, "%016llx", (unsigned long long)fnv1a(text));
    free(text);
    for (size_t k = 0; k < s->npoints; k++)
        if (!strcmp(s->points[k].id, p->id)) {
            snprintf(err, errlen, "%s:%d: this point (%s on %s) repeats the one from line %d", s->path, p->line,
                     p->run->name, p->preset, s->points[k].line);
            return -1;
        }
    if (s->npoints == PLAN_MAX_POINTS) {
        snprintf(err, errlen, "%s:%d: more than %d points", s->path, p->line, PLAN_MAX_POINTS);
        return -1;
    }
    if (s->npoints == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        s->points = realloc(s->points, *cap * sizeof *s->points);
    }
    s->points[s->npoints++] = *p;
    return 0;
}

/* Every combination of the axes for run on preset. */
static int plan_product(sweep_t *s, const sweep_run_t *run, const char *preset, size_t *cap, char *err,
                        size_t errlen)
{
    size_t idx[DEV_NPARAMS] = {0};
    for (;;) {
        sweep_point_t p = {.run = run, .preset = preset, .line = run->line};
        for (size_t a = 0; a < s->naxes; a++) {
            const sweep_axis_t *ax = &s->axes[a];
            add_set(&p, (sweep_set_t){ax->key, ax->values[idx[a]], ax->lines[idx[a]]});
            p.line = ax->lines[idx[a]];
        }
        if (add_point(s, &p, cap, err, errlen))
            return -1;
        size_t a = s->naxes;   /* the last axis varies fastest */
        while (a > 0 && ++idx[a - 1] == s->axes[a - 1].n)
            idx[--a] = 0;
        if (a == 0)
            return 0;
    }
}

/* The explicit points for run on preset (those naming another preset left out). */
static int plan_entries(sweep_t *s, const sweep_run_t *run, const char *preset, size_t *cap, char *err,
                        size_t errlen)
{
    for (size_t e = 0; e < s->nentries; e++) {
        const sweep_entry_t *en = &s->entries[e];
        if (en->preset && strcmp(en->preset, preset))
            continue;
        sweep_point_t p = {.run = run, .preset = preset, .line = en->line};
        for (size_t i = 0; i < en->nsets; i++)
            add_set(&p, en->sets[i]);
        if (add_point(s, &p, cap, err, errlen))
            return -1;
    }
    return 0;
}

int sweep_plan(sweep_t *s, char *err, size_t errlen)
{
    size_t cap = 0;
    for (size_t r = 0; r < s->nruns; r++)
        for (size_t k = 0; k < s->npresets; k++) {
            int rc = s->nentries ? plan_entries(s, &s->runs[r], s->presets[k], &cap, err, errlen)
                                 : plan_product(s, &s->runs[r], s->presets[k], &cap, err, errlen);
            if (rc)
                return -1;
        }
    /* an explicit point may name a preset not in presets: */
    for (size_t e = 0; e < s->nentries; e++) {
        const char *p = s->entries[e].preset;
        int listed = 0;
        for (size_t k = 0; p && k < s->npresets; k++)
            listed |= !strcmp(s->presets[k], p);
        for (size_t r = 0; p && !listed && r < s->nruns; r++) {
            sweep_point_t pt = {.run = &s->runs[r], .preset = p, .line = s->entries[e].line};
            for (size_t i = 0; i < s->entries[e].nsets; i++)
                add_set(&pt, s->entries[e].sets[i]);
            if (add_point(s, &pt, &cap, err, errlen))
                return -1;
        }
    }
    return 0;
}

int sweep_parse_shard(const char *s, unsigned *i, unsigned *n, char *err, size_t errlen)
{
    char *end;
    unsigned long a = strtoul(s, &end, 10), b;
    if (end == s || *end != '/' || s[0] == '-' || end[1] == '-' || end[1] == '+')
        goto bad;
    const char *t = end + 1;
    b = strtoul(t, &end, 10);
    if (end == t || *end || a < 1 || b < 1 || a > b || b > 100000)
        goto bad;
    *i = (unsigned)a, *n = (unsigned)b;
    return 0;
bad:
    snprintf(err, errlen, "--shard '%s': expected I/N with 1 <= I <= N (the I-th of N slices)", s);
    return -1;
}

int sweep_in_shard(size_t k, unsigned i, unsigned n)
{
    return n == 0 || k % n == i - 1;
}

const sweep_point_t *sweep_find_point(const sweep_t *s, const char *id)
{
    size_t len = strlen(id);
    const sweep_point_t *found = NULL;
    if (len < 4 || len > 16)
        return NULL;
    for (size_t k = 0; k < s->npoints; k++)
        if (!strncmp(s->points[k].id, id, len)) {
            if (found)
                return NULL;
            found = &s->points[k];
        }
    return found;
}

char *sweep_results_dir(const sweep_t *s, const char *out)
{
    char buf[8192];
    if (out)
        snprintf(buf, sizeof buf, "%s", out);
    else if (s->results)
        snprintf(buf, sizeof buf, "%s%s%s", s->results[0] == '/' ? "" : s->dir, s->results[0] == '/' ? "" : "/",
                 s->results);
    else {
        const char *base = strrchr(s->path, '/') ? strrchr(s->path, '/') + 1 : s->path;
        const char *dot = strrchr(base, '.');
        int blen = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
        snprintf(buf, sizeof buf, "%s/%.*s.results", s->dir, blen, base);
    }
    char *abs = realpath(buf, NULL);
    if (abs)
        return abs;
    if (buf[0] == '/')
        return strdup(buf);
    char cwd[4096], full[8192 + 4096 + 2];
    if (!getcwd(cwd, sizeof cwd))
        return strdup(buf);
    snprintf(full, sizeof full, "%s/%s", cwd, buf);
    return strdup(full);
}
