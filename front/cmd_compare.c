/* cmd_compare.c — `gcnsim compare`: reports of gcnsim run --json (or
 * gcnsim exec --json) side by side, with the deltas to the first
 * (front/report/compare.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/report/compare.h"
#include "front/report/compare_html.h"
#include "front/sweep/sweep.h"

enum { CO_JSON = 1, CO_HTML, CO_WHERE };

static const opt_t compare_rows[] = {
    {"json", 0, "PATH|-", "write the comparison as JSON to PATH (- = stdout, instead of the text): {\"runs\": "
     "[{label, kernel, device, target, status, partial}], \"metrics\": [{name, section, values, delta, "
     "rel_pct}], \"strings\": [{name, values}], \"hotspots\": [{run, moved: [{offset, instruction, cycles, "
     "delta, rel_pct}]}] or null with \"hotspots_note\"}; delta and rel_pct have one entry per report after "
     "the first, null where a report lacks the figure or the first is 0", CO_JSON, OPT_PATH, NULL},
    {"html", 0, "PATH", "also write one self-contained HTML page with the reports side by side (as gcnsim run "
     "--html draws one: summary, stalls, instruction mix, figures over time, CU balance, roofline, hot spots) "
     "and a table of the differences to the first", CO_HTML, OPT_PATH, NULL},
    {"where", 0, "EXPR", "with a database of gcnsim sweep collect (DB.sqlite) in place of the reports: also "
     "compare its points that have a report and match the SQL expression EXPR over its columns (cus = 32 AND "
     "run = 'gemm'), in id order, after the points named by id (or a unique prefix) as operands", CO_WHERE, 0,
     NULL},
    {0},
};
static const opt_table_t compare_table = {"options", compare_rows};
static const opt_table_t *const compare_tables[] = {&compare_table, NULL};

const opt_cmd_t cli_compare_cmd = {
    .name = "compare",
    .summary = "show runs side by side with the deltas to the first",
    .usage = "gcnsim compare A.json B.json [C.json ...] [--json PATH|-] [--html PATH]\n"
             "       gcnsim compare DB.sqlite [ID ...] [--where EXPR] [--json PATH|-] [--html PATH]",
    .description = "Read two or more reports written by gcnsim run --json (or by gcnsim exec\n"
                   "--json: then its per-kernel rows, matched by kernel name) and print them\n"
                   "side by side: the launch, cycles and time, the wave-instructions by\n"
                   "category, gcnsim's busy and utilisation figures, occupancy, the stall\n"
                   "shares, the cache hit rates and DRAM traffic, and every numeric member\n"
                   "of \"rocprof\" (rocprof's metrics) and \"counters\" (but the counters of\n"
                   "single block instances, NAME[i]) when the reports have them; each\n"
                   "figure of a later run with its absolute delta to the first run\n"
                   "(percentage points for percentages) and its relative delta (delta /\n"
                   "first).  A figure a report lacks shows as -.\n"
                   "\n"
                   "When the reports have per-instruction hot spots (\"hotspots\": offset,\n"
                   "instruction, cycles), the ten that moved most in wave-cycles follow,\n"
                   "matched by offset and instruction text; else a line says they are not\n"
                   "in the files.  A report marked \"partial\" (a run stopped early) says so.\n"
                   "gcnsim run --device a,b,... prints the same comparison for one kernel\n"
                   "on several devices.  Up to 16 reports; three or more are shown two\n"
                   "later runs at a time beside the first, within 100 columns.",
    .tables = compare_tables,
    .trailer = "Exit status: 0; 2 bad usage or input: fewer than two files, a file that\n"
               "cannot be read, is not JSON (the error gives the byte offset) or is not a\n"
               "report of gcnsim run or exec, reports of both kinds mixed, or --json\n"
               "that cannot be written.",
    .fn = cmd_compare,
};

typedef struct {
    const char *files[CMP_MAX_RUNS + 1];
    size_t n;
    const char *json, *html, *where;
} compare_opts_t;

/* opt_take_fn: a report file or --json. */
static int take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    compare_opts_t *o = arg;
    (void)v2;
    if (r) {
        *(r->id == CO_HTML ? &o->html : r->id == CO_WHERE ? &o->where : &o->json) = v;
        return 0;
    }
    if (o->n == CMP_MAX_RUNS) {
        opt_error(&cli_compare_cmd, "more than %d reports ('%s')", CMP_MAX_RUNS, v);
        return -1;
    }
    o->files[o->n++] = v;
    return 0;
}

/* Write the comparison to fp, opened for --json PATH; 0, or -1 after
 * reporting. */
static int write_json(FILE *fp, const char *path, const cmp_run_t *runs, size_t n)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    cmp_json(&j, runs, n);
    json_end(&j);
    int bad = json_finish(&j);
    if (fp != stdout)
        bad |= fclose(fp) != 0;
    if (bad)
        cli_error("compare: cannot write %s", path);
    return bad ? -1 : 0;
}

static int compare_runs(const compare_opts_t *o, const cmp_run_t *runs, size_t n);

/* gcnsim compare DB [ID...] [--where EXPR]: the chosen points' reports. */
static int compare_db(compare_opts_t *o)
{
    sweep_sel_t sel;
    char err[512];
    if (sweep_select(o->files[0], o->files + 1, o->n - 1, o->where, &sel, err, sizeof err)) {
        cli_error("compare: %s", err);
        return EXIT_USAGE;
    }
    jr_doc_t docs[CMP_MAX_RUNS];
    cmp_run_t runs[CMP_MAX_RUNS];
    size_t have = 0;
    int rc = EXIT_USAGE;
    if (sel.n < 2 || sel.n > CMP_MAX_RUNS)
        cli_error("compare: %zu points chosen from %s: compare takes 2 to %d", sel.n, o->files[0], CMP_MAX_RUNS);
    else {
        for (; have < sel.n; have++) {
            if (jr_parse(&docs[have], sel.reports[have], strlen(sel.reports[have]), err, sizeof err) ||
                cmp_check(docs[have].root, err, sizeof err)) {
                cli_error("compare: point %s: %s", sel.labels[have], err);
                have++;
                goto out;
            }
            runs[have] = (cmp_run_t){docs[have].root, sel.labels[have]};
        }
        rc = cmp_check_set(runs, have, err, sizeof err) ? (cli_error("compare: %s", err), EXIT_USAGE)
                                                        : compare_runs(o, runs, have);
    }
out:
    for (size_t k = 0; k < have; k++)
        jr_free(&docs[k]);
    sweep_sel_free(&sel);
    return rc;
}

int cmd_compare(int argc, char **argv)
{
    compare_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = opt_parse(&cli_compare_cmd, argc, argv, take, &o);
    if (pr)
        return pr > 0 ? EXIT_OK : EXIT_USAGE;
    jr_doc_t docs[CMP_MAX_RUNS];
    cmp_run_t runs[CMP_MAX_RUNS];
    char err[512];
    int rc = EXIT_USAGE;
    size_t have = 0;
    memset(docs, 0, sizeof docs);
    if (o.n && sweep_is_db(o.files[0]))
        return compare_db(&o);
    if (o.where) {
        opt_error(&cli_compare_cmd, "--where picks points of a database of gcnsim sweep collect: give it first");
        return EXIT_USAGE;
    }
    if (o.n < 2) {
        opt_error(&cli_compare_cmd, "%s (see gcnsim compare --help)",
                  o.n ? "one report given: compare needs two or more" : "no reports given: compare needs two or more");
        return EXIT_USAGE;
    }
    for (; have < o.n; have++) {
        if (jr_read_file(&docs[have], o.files[have], err, sizeof err) || cmp_check(docs[have].root, err, sizeof err)) {
            cli_error("compare: %s: %s", o.files[have], err);
            have++;
            goto out;
        }
        runs[have] = (cmp_run_t){docs[have].root, o.files[have]};
    }
    if (cmp_check_set(runs, o.n, err, sizeof err)) {
        cli_error("compare: %s", err);
        goto out;
    }
    rc = compare_runs(&o, runs, o.n);
out:
    for (size_t k = 0; k < have; k++)
        jr_free(&docs[k]);
    return rc;
}

/* The comparison of runs[] (n) as text, --json and --html: the exit status. */
static int compare_runs(const compare_opts_t *o, const cmp_run_t *runs, size_t n)
{
    char err[512];
    FILE *fp = !o->json ? NULL : strcmp(o->json, "-") ? fopen(o->json, "w") : stdout;
    if (o->json && !fp) {   /* before any output */
        cli_error("compare: cannot write %s: %s", o->json, strerror(errno));
        return EXIT_USAGE;
    }
    if (fp != stdout)
        cmp_text(stdout, runs, n);
    int rc = fp && write_json(fp, o->json, runs, n) ? EXIT_USAGE : EXIT_OK;
    if (o->html && cmp_html(o->html, "gcnsim compare", runs, n, err, sizeof err)) {
        cli_error("compare: --html: %s", err);
        rc = EXIT_USAGE;
    }
    return rc;
}
