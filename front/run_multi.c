/* run_multi.c — gcnsim run --device a,b,... (see run_multi.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/report/compare.h"
#include "front/report/compare_html.h"
#include "front/report/rocprof_csv.h"
#include "front/run_multi.h"

typedef struct {
    char names[CMP_MAX_RUNS][64];
    jr_doc_t docs[CMP_MAX_RUNS];
    cmp_run_t runs[CMP_MAX_RUNS];
    char *csv[CMP_MAX_RUNS];      /* --csv: each run's row (NULL: none) */
    size_t n, ndevices;
} multi_t;

/* The presets of the list (checked by run_model_check); 0, or -1 after
 * reporting too many. */
static int split(multi_t *m, const char *list)
{
    for (const char *d = list; *d;) {
        size_t l = strcspn(d, ",");
        if (m->ndevices == CMP_MAX_RUNS) {
            cli_error("run: --device: more than %d presets", CMP_MAX_RUNS);
            return -1;
        }
        snprintf(m->names[m->ndevices++], sizeof m->names[0], "%.*s", (int)(l < 63 ? l : 63), d);
        d += l + (d[l] == ',');
    }
    return 0;
}

/* Run on preset i, its report parsed into the next slot; the exit status
 * (EXIT_USAGE also when the report cannot be built). */
static int run_one(multi_t *m, const run_opts_t *o, int argc, char **argv, size_t i)
{
    char *buf = NULL, err[256];
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    if (!fp) {
        cli_error("run: %s", strerror(errno));
        return EXIT_USAGE;
    }
    run_multi_t one = {m->names[i], fp, i + 1 == m->ndevices, (unsigned)i, &m->csv[i]};
    int rc = run_once(o, argc, argv, &one);
    int bad = fclose(fp) != 0;
    if (rc != EXIT_FAULT && rc != EXIT_USAGE && (bad || jr_parse(&m->docs[m->n], buf, len, err, sizeof err))) {
        cli_error("run: the report of the run on %s: %s", m->names[i], bad ? "out of memory" : err);
        rc = EXIT_USAGE;
    } else if (rc != EXIT_FAULT && rc != EXIT_USAGE) {
        m->runs[m->n] = (cmp_run_t){m->docs[m->n].root, m->names[i]};
        m->n++;
    }
    free(buf);
    return rc;
}

/* --json with several devices: {"runs": [...], "comparison": {...}}. */
static int write_json(const multi_t *m, const char *path)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!fp) {
        cli_error("run: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_begin_arr(&j, "runs");
    for (size_t k = 0; k < m->n; k++)
        jr_write(&j, NULL, m->runs[k].doc);
    json_end(&j);
    json_begin_obj(&j, "comparison");
    if (m->n >= 2)
        cmp_json(&j, m->runs, m->n);
    json_end(&j);
    json_end(&j);
    int bad = json_finish(&j);
    if (fp != stdout)
        bad |= fclose(fp) != 0;
    if (bad)
        cli_error("run: cannot write %s", path);
    return bad ? -1 : 0;
}

/* --csv with several devices: a row per run that has one (a faulted run
 * has none), gpu-id its place in the list.  0, or -1 with err. */
static int write_csv(const multi_t *m, const run_opts_t *o, char *err, size_t errlen)
{
    const char *rows[CMP_MAX_RUNS];
    size_t n = 0;
    for (size_t k = 0; k < m->ndevices; k++)
        if (m->csv[k])
            rows[n++] = m->csv[k];
    return rp_csv_write(o->csv, rows, n, o->stats, err, errlen);
}

int run_multi(const run_opts_t *o, int argc, char **argv)
{
    multi_t *m = calloc(1, sizeof *m);
    int rc = EXIT_USAGE, text = !o->json || strcmp(o->json, "-");
    if (!m) {
        cli_error("run: out of memory");
        return EXIT_USAGE;
    }
    if (o->trace || o->t.timeline) {
        cli_error("run: --%s records one run: give --device one preset", o->trace ? "trace" : "timeline");
        goto out;
    }
    if (split(m, o->t.device))
        goto out;
    rc = EXIT_OK;
    for (size_t i = 0; i < m->ndevices && (rc == EXIT_OK || rc == EXIT_LIMIT); i++) {
        int one = run_one(m, o, argc, argv, i);   /* --max-inst stops each run: they go on */
        rc = rc == EXIT_OK ? one : one == EXIT_LIMIT ? rc : one;
    }
    if (rc != EXIT_FAULT && rc != EXIT_USAGE && m->n >= 2 && text) {
        fputc('\n', stdout);
        cmp_text(stdout, m->runs, m->n);
    }
    if (rc != EXIT_FAULT && rc != EXIT_USAGE && o->json && write_json(m, o->json))
        rc = rc == EXIT_OK ? EXIT_USAGE : rc;
    char err[1024];
    if (o->csv && write_csv(m, o, err, sizeof err)) {
        cli_error("run: --csv: %s", err);
        rc = rc == EXIT_OK ? EXIT_USAGE : rc;
    }
    if (rc != EXIT_FAULT && rc != EXIT_USAGE && o->html && m->n &&
        cmp_html(o->html, "gcnsim run on several devices", m->runs, m->n, err, sizeof err)) {
        cli_error("run: --html: %s", err);
        rc = rc == EXIT_OK ? EXIT_USAGE : rc;
    }
out:
    for (size_t k = 0; k < m->n; k++)
        jr_free(&m->docs[k]);
    for (size_t k = 0; k < m->ndevices; k++)
        free(m->csv[k]);
    free(m);
    return rc;
}
