/* cmd_sweep.c — `gcnsim sweep`: design-space sweeps (front/sweep): plan,
 * run (here or through GNU parallel, a shard at a time), a Slurm
 * job-array script, and the results gathered into SQLite and CSV. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/sweep/sweep.h"

static int sweep_cmd_plan(int argc, char **argv);
static int sweep_cmd_run(int argc, char **argv);
static int sweep_cmd_slurm(int argc, char **argv);
static int sweep_cmd_collect(int argc, char **argv);
static const opt_cmd_t sweep_plan_cmd, sweep_run_cmd, sweep_slurm_cmd, sweep_collect_cmd;
static const opt_cmd_t *const sweep_subs[] = {&sweep_plan_cmd, &sweep_run_cmd, &sweep_slurm_cmd,
                                              &sweep_collect_cmd, NULL};

const opt_cmd_t cli_sweep_cmd = {
    .name = "sweep",
    .summary = "design-space sweeps: points run through GNU parallel or Slurm, gathered into SQLite",
    .usage = "gcnsim sweep SUBCOMMAND [ARGS]  (see gcnsim sweep SUBCOMMAND --help)",
    .description = "A sweep file (YAML) names runs (kernel: FILE with its gcnsim run arguments,\n"
                   "bench: WORKLOAD, or exec: PROGRAM, an OpenCL host program run by gcnsim\n"
                   "exec), device presets, and parameter axes (any --set KEY\n"
                   "of gcnsim devices, each with a list of values) whose every combination\n"
                   "is a point, or an explicit list of points.  Each point has a stable id:\n"
                   "16 hex digits hashing its command, preset and parameters.\n"
                   "\n"
                   "  name: l2-study                   # optional\n"
                   "  results: l2-study.results        # optional; relative to this file\n"
                   "  timeout: 3600                    # optional: seconds a point may run\n"
                   "  presets: [vega-64, rx-480]\n"
                   "  runs:\n"
                   "    - kernel: vadd.co               # paths relative to this file\n"
                   "      args: --kernel vadd --global 64K --arg zero:256K --arg rand:f32:64K\n"
                   "    - bench: reduce\n"
                   "      args: [--n, 65536]\n"
                   "  axes:                             # or  points: [{cus: 32}, {cus: 64, l2_kib: 4096}]\n"
                   "    cus: [16, 32]\n"
                   "    l2_kib: [1024, 4096]\n"
                   "\n"
                   "sweep run writes one record per point, ID.json, into the results\n"
                   "folder, atomically: a stopped or repeated sweep starts where it\n"
                   "stopped.  sweep collect gathers the records into SQLite and CSV;\n"
                   "gcnsim compare DB --where EXPR shows chosen points side by side.",
    .fn = cmd_sweep,
    .subs = sweep_subs,
};

int cmd_sweep(int argc, char **argv)
{
    if (argc < 2) {
        opt_help(stderr, &cli_sweep_cmd);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
        opt_help(stdout, &cli_sweep_cmd);
        return EXIT_OK;
    }
    opt_near_t near;
    opt_near_init(&near, argv[1]);
    for (const opt_cmd_t *const *s = sweep_subs; *s; s++) {
        const char *name = strchr((*s)->name, ' ') + 1;
        if (!strcmp(argv[1], name))
            return (*s)->fn(argc - 1, argv + 1);
        opt_near_add(&near, name);
    }
    if (opt_near_best(&near))
        cli_error("sweep: unknown subcommand '%s' (did you mean %s?)", argv[1], opt_near_best(&near));
    else
        cli_error("sweep: unknown subcommand '%s' (try gcnsim sweep --help)", argv[1]);
    return EXIT_USAGE;
}

/* ---- shared --------------------------------------------------------------- */

enum { SO_OUT = 1, SO_SHARD, SO_IDS, SO_JOBS, SO_RETRY, SO_POINT, SO_SHARDS, SO_CPUS, SO_SCRIPT, SO_SBATCH,
       SO_DB, SO_CSV, SO_SWEEP };

#define ROW_OUT {"out", 0, "DIR", "the results folder (default: the file's results:, else FILE without its " \
                 "extension plus .results, beside FILE)", SO_OUT, OPT_DIR, NULL}
#define ROW_SHARD {"shard", 0, "I/N", "only the I-th of N slices of the points (1 <= I <= N): point k of the " \
                   "plan (from 0) is in slice k mod N + 1", SO_SHARD, 0, NULL}

typedef struct {
    const opt_cmd_t *cmd;
    const char *file, *out, *point, *script, *db, *csv;
    const char *dirs[64], *sbatch[32];
    size_t ndirs, nsbatch;
    unsigned shard, nshards, jobs, shards, cpus;
    int ids, retry;
} sw_opts_t;

/* A count of 1..max from v for option name: 0, or -1 after reporting. */
static int count_of(const opt_cmd_t *c, const char *name, const char *v, unsigned max, unsigned *out)
{
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (!*v || *end || *v == '-' || n < 1 || n > max) {
        opt_error(c, "--%s '%s': expected a number from 1 to %u", name, v, max);
        return -1;
    }
    *out = (unsigned)n;
    return 0;
}

/* opt_take_fn of every subcommand. */
static int take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    sw_opts_t *o = arg;
    char err[SWEEP_ERRLEN];
    (void)v2;
    if (!r) {
        if (o->cmd == &sweep_collect_cmd && o->ndirs < 64)
            return o->dirs[o->ndirs++] = v, 0;
        if (o->file || o->cmd == &sweep_collect_cmd) {
            opt_error(o->cmd, "one %s only ('%s')", o->cmd == &sweep_collect_cmd ? "folder list" : "sweep file", v);
            return -1;
        }
        o->file = v;
        return 0;
    }
    switch (r->id) {
    case SO_OUT: o->out = v; return 0;
    case SO_SHARD:
        if (sweep_parse_shard(v, &o->shard, &o->nshards, err, sizeof err))
            return opt_error(o->cmd, "%s", err), -1;
        return 0;
    case SO_IDS: o->ids = 1; return 0;
    case SO_JOBS: return count_of(o->cmd, "jobs", v, 1024, &o->jobs);
    case SO_RETRY: o->retry = 1; return 0;
    case SO_POINT: o->point = v; return 0;
    case SO_SHARDS: return count_of(o->cmd, "shards", v, 100000, &o->shards);
    case SO_CPUS: return count_of(o->cmd, "cpus", v, 1024, &o->cpus);
    case SO_SCRIPT: o->script = v; return 0;
    case SO_SBATCH:
        if (o->nsbatch == 32)
            return opt_error(o->cmd, "more than 32 --sbatch options"), -1;
        o->sbatch[o->nsbatch++] = v;
        return 0;
    case SO_DB: o->db = v; return 0;
    case SO_SWEEP: o->file = v; return 0;
    default: o->csv = v; return 0;
    }
}

/* Parse a subcommand's arguments, then load and plan its sweep file: 0,
 * 1 (--help printed) or -1 after reporting. */
static int parse_load(const opt_cmd_t *c, int argc, char **argv, sw_opts_t *o, sweep_t *s)
{
    memset(o, 0, sizeof *o);
    o->cmd = c;
    o->jobs = 1;
    int rc = opt_parse(c, argc, argv, take, o);
    if (rc)
        return rc > 0 ? 1 : -1;
    if (!o->file) {
        opt_error(c, "no sweep file given (see gcnsim %s --help)", c->name);
        return -1;
    }
    char err[SWEEP_ERRLEN];
    if (sweep_load(s, o->file, err, sizeof err) || (sweep_plan(s, err, sizeof err) && (sweep_free(s), 1))) {
        cli_error("%s", err);
        return -1;
    }
    return 0;
}

/* The path of this gcnsim binary (to run the points with). */
static void self_path(char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0)
        snprintf(buf, len, "gcnsim");
    else
        buf[n] = '\0';
}

/* ---- plan ----------------------------------------------------------------- */

static const opt_t plan_rows[] = {
    ROW_SHARD,
    {"ids", 0, NULL, "print the ids only, one a line", SO_IDS, 0, NULL},
    ROW_OUT,
    {0},
};
static const opt_table_t plan_table = {"options", plan_rows};
static const opt_table_t *const plan_tables[] = {&plan_table, NULL};

static const opt_cmd_t sweep_plan_cmd = {
    .name = "sweep plan",
    .summary = "list a sweep's points: id, run, preset, parameters and state",
    .usage = "gcnsim sweep plan FILE [--shard I/N] [--ids] [--out DIR]",
    .description = "Read and check sweep file FILE and list its points, one a line: id,\n"
                   "state in the results folder (ok, failed, or - when not run yet), run,\n"
                   "preset and parameters.  The runs are outermost, then the presets, then\n"
                   "the axes in the file's order, the last varying fastest.  An error in\n"
                   "the file is one line naming the file, the line and the reason.",
    .tables = plan_tables,
    .trailer = "Exit status: 0; 2 bad usage or a bad sweep file.",
    .fn = sweep_cmd_plan,
};

static int sweep_cmd_plan(int argc, char **argv)
{
    sw_opts_t o;
    sweep_t s;
    int rc = parse_load(&sweep_plan_cmd, argc, argv, &o, &s);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    char *dir = sweep_results_dir(&s, o.out), axes[1024];
    for (size_t k = 0; k < s.npoints; k++) {
        const sweep_point_t *p = &s.points[k];
        if (!sweep_in_shard(k, o.shard, o.nshards))
            continue;
        if (o.ids) {
            printf("%s\n", p->id);
            continue;
        }
        sweep_state_t st = sweep_record_state(dir, p->id);
        sweep_point_axes(p, axes, sizeof axes);
        printf("%s %-6s %s %s %s\n", p->id, st == SWEEP_OK ? "ok" : st == SWEEP_FAILED ? "failed" : "-",
               p->run->name, p->preset, axes);
    }
    free(dir);
    sweep_free(&s);
    return EXIT_OK;
}

/* ---- run ------------------------------------------------------------------ */

static const opt_t run_rows[] = {
    {"jobs", 'j', "N", "run N points at a time through GNU parallel (default 1: one after another, "
     "without parallel)", SO_JOBS, 0, NULL},
    ROW_SHARD,
    ROW_OUT,
    {"retry-failed", 0, NULL, "run the points whose record is a failure again (default: a recorded "
     "failure counts as finished)", SO_RETRY, 0, NULL},
    {"point", 0, "ID", "run this point only (its id, or a unique prefix of 4 digits or more): what "
     "each job of GNU parallel runs", SO_POINT, 0, NULL},
    {0},
};
static const opt_table_t run_table = {"options", run_rows};
static const opt_table_t *const run_tables[] = {&run_table, NULL};

static const opt_cmd_t sweep_run_cmd = {
    .name = "sweep run",
    .summary = "run a sweep's points not finished yet, here or through GNU parallel",
    .usage = "gcnsim sweep run FILE [--jobs N] [--shard I/N] [--out DIR] [--retry-failed]\n"
             "                      [--point ID]",
    .description = "Run the points of sweep file FILE (of one shard with --shard) that have no\n"
                   "record in the results folder yet.  Each point is gcnsim run FILE ARGS (or\n"
                   "gcnsim bench WORKLOAD ARGS) --device PRESET --set KEY=VALUE... --json\n"
                   "(gcnsim exec --device ... --json -- PROGRAM ARGS for exec:), run as a\n"
                   "child process in the sweep file's folder; its record ID.json (the point,\n"
                   "status ok or failed, exit status, the error's last line, host seconds and\n"
                   "the whole report) is written to a temporary file and renamed into place,\n"
                   "so that it is whole or absent.  A failed point (a guest fault, a bad\n"
                   "argument, a failed check, or longer than the file's timeout: SECONDS) is\n"
                   "recorded with its error and the sweep goes on; a point stopped by a signal\n"
                   "leaves no record and runs again next time.  With --jobs N > 1 GNU parallel\n"
                   "runs N points at a time (its job log: DIR/parallel.log, or\n"
                   "DIR/parallel-I-of-N.log for a shard).  A line per point, then the summary:\n"
                   "how many succeeded, failed, were skipped as finished earlier, and were not\n"
                   "run.",
    .tables = run_tables,
    .trailer = "Exit status: 0 every point of the slice succeeded; 1 some failed or were\n"
               "not run; 2 bad usage or a bad sweep file; 130 or 143 stopped by SIGINT\n"
               "or SIGTERM.  With --point: 0 the record is written (the point may have\n"
               "failed), 2 it could not be.",
    .fn = sweep_cmd_run,
};

/* sweep run --point ID: one point, unless finished. */
static int run_one(const sweep_t *s, const sw_opts_t *o, const char *self)
{
    const sweep_point_t *p = sweep_find_point(s, o->point);
    if (!p) {
        cli_error("sweep run: no point of %s has id '%s' (gcnsim sweep plan lists them)", o->file,
                  o->point);
        return EXIT_USAGE;
    }
    char *dir = sweep_results_dir(s, o->out);
    sweep_state_t st = sweep_record_state(dir, p->id);
    int rc = EXIT_OK;
    if (sweep_make_dirs(dir))
        rc = EXIT_USAGE;
    else if (st == SWEEP_OK || (st == SWEEP_FAILED && !o->retry))
        printf("%s skipped (finished earlier)\n", p->id);
    else {
        int r = sweep_run_point(s, p, dir, self, cli_catch_stop(), &st);
        rc = r < 0 ? EXIT_USAGE : r > 0 ? 128 + (cli_stop_signal() ? cli_stop_signal() : 15) : EXIT_OK;
    }
    free(dir);
    return rc;
}

static int sweep_cmd_run(int argc, char **argv)
{
    sw_opts_t o;
    sweep_t s;
    int rc = parse_load(&sweep_run_cmd, argc, argv, &o, &s);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    char self[PATH_MAX];
    self_path(self, sizeof self);
    if (o.point)
        rc = run_one(&s, &o, self);
    else {
        sweep_run_opts_t ro = {o.out, o.jobs, o.shard, o.nshards, o.retry, cli_catch_stop()};
        rc = sweep_run(&s, &ro, self);
        if (cli_stop_signal())
            rc = 128 + cli_stop_signal();
    }
    sweep_free(&s);
    return rc;
}

/* ---- slurm ---------------------------------------------------------------- */

static const opt_t slurm_rows[] = {
    {"shards", 0, "N", "array tasks, each running one shard (default: one per point, at most 1000)", SO_SHARDS, 0,
     NULL},
    {"cpus", 0, "C", "CPUs per task (--cpus-per-task); a task runs C points at a time through GNU parallel "
     "when C > 1 (default 1)", SO_CPUS, 0, NULL},
    ROW_OUT,
    {"script", 'o', "PATH", "where to write the script (default: DIR/sweep.sbatch; - = stdout)", SO_SCRIPT,
     OPT_PATH, NULL},
    {"sbatch", 0, "OPTION", "a further #SBATCH line (--partition=debug, --time=10:00, ...)", SO_SBATCH,
     OPT_REPEAT, NULL},
    {0},
};
static const opt_table_t slurm_table = {"options", slurm_rows};
static const opt_table_t *const slurm_tables[] = {&slurm_table, NULL};

static const opt_cmd_t sweep_slurm_cmd = {
    .name = "sweep slurm",
    .summary = "write a Slurm job-array script for a sweep (one task per shard)",
    .usage = "gcnsim sweep slurm FILE [--shards N] [--cpus C] [--out DIR] [--script PATH]\n"
             "                        [--sbatch OPTION]...",
    .description = "Write a batch script for sbatch: a job array of N tasks, task I running\n"
                   "gcnsim sweep run FILE --shard I/N --jobs C with this gcnsim binary, the\n"
                   "sweep file and the results folder by absolute path (the cluster's nodes\n"
                   "are expected to share them), each task's output in\n"
                   "DIR/slurm-JOB_TASK.out.  Submit it with sbatch; a task that is\n"
                   "repeated or requeued skips the points already recorded.  Then gcnsim\n"
                   "sweep collect DIR.",
    .tables = slurm_tables,
    .trailer = "Exit status: 0; 2 bad usage, a bad sweep file or a script that cannot be\n"
               "written.",
    .fn = sweep_cmd_slurm,
};

static int sweep_cmd_slurm(int argc, char **argv)
{
    sw_opts_t o;
    sweep_t s;
    int rc = parse_load(&sweep_slurm_cmd, argc, argv, &o, &s);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    char self[PATH_MAX], err[SWEEP_ERRLEN], script[8192];
    self_path(self, sizeof self);
    char *dir = sweep_results_dir(&s, o.out);
    unsigned shards = o.shards ? o.shards : (unsigned)(s.npoints < 1000 ? s.npoints : 1000);
    snprintf(script, sizeof script, "%s/sweep.sbatch", dir);
    if (sweep_make_dirs(dir)) {   /* the tasks' output goes there */
        free(dir);
        sweep_free(&s);
        return EXIT_USAGE;
    }
    rc = sweep_slurm_write(&s, o.script ? o.script : script, self, dir, shards, o.cpus ? o.cpus : 1, o.sbatch,
                           o.nsbatch, err, sizeof err);
    if (rc)
        cli_error("sweep slurm: %s", err);
    else if (!o.script || strcmp(o.script, "-"))
        printf("%s: %u tasks over %zu points; submit with: sbatch %s\n", o.script ? o.script : script, shards,
               s.npoints, o.script ? o.script : script);
    free(dir);
    sweep_free(&s);
    return rc ? EXIT_USAGE : EXIT_OK;
}

/* ---- collect -------------------------------------------------------------- */

static const opt_t collect_rows[] = {
    {"db", 0, "PATH", "the SQLite database to write (replaced; default: DIR/sweep.sqlite of the first DIR)",
     SO_DB, OPT_PATH, NULL},
    {"csv", 0, "PATH", "the CSV file to write (default: DIR/sweep.csv of the first DIR)", SO_CSV, OPT_PATH,
     NULL},
    {"sweep", 0, "FILE", "only the points of sweep file FILE (records of points since edited out of it are "
     "left out), and say how many of its points have no record yet", SO_SWEEP, OPT_PATH, NULL},
    {0},
};
static const opt_table_t collect_table = {"options", collect_rows};
static const opt_table_t *const collect_tables[] = {&collect_table, NULL};

static const opt_cmd_t sweep_collect_cmd = {
    .name = "sweep collect",
    .summary = "gather a sweep's records into an SQLite database and a CSV file",
    .usage = "gcnsim sweep collect DIR [DIR...] [--db PATH] [--csv PATH] [--sweep FILE]",
    .description = "Read every record (ID.json) of the results folders (of shards run apart,\n"
                   "say) and write one SQLite database and one CSV file with a row per\n"
                   "point, in id order; a point recorded in several folders is taken once,\n"
                   "from the first.  Table points: id, sweep, run, kind, preset, the\n"
                   "parameters (a column per axis), status (ok or failed), exit, error,\n"
                   "cycles, time_us (simulated; a bench's launch groups or a program's\n"
                   "dispatches summed), every rocprof metric of the report (\"rocprof\"; of\n"
                   "a bench's launch group or a program's dispatch with the most cycles),\n"
                   "host_seconds, and report (the whole JSON\n"
                   "report, for SQLite's json_extract and gcnsim compare).  The CSV has\n"
                   "the same columns but report.",
    .tables = collect_tables,
    .trailer = "Exit status: 0; 2 bad usage, a folder without records, or an output that\n"
               "cannot be written.",
    .fn = sweep_cmd_collect,
};

static int sweep_cmd_collect(int argc, char **argv)
{
    sw_opts_t o;
    memset(&o, 0, sizeof o);
    o.cmd = &sweep_collect_cmd;
    int rc = opt_parse(&sweep_collect_cmd, argc, argv, take, &o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (!o.ndirs) {
        opt_error(&sweep_collect_cmd, "no results folder given (see gcnsim sweep collect --help)");
        return EXIT_USAGE;
    }
    char db[8192], csv[8192], err[SWEEP_ERRLEN];
    snprintf(db, sizeof db, "%s/sweep.sqlite", o.dirs[0]);
    snprintf(csv, sizeof csv, "%s/sweep.csv", o.dirs[0]);
    sweep_t s = {0};
    const char **only = NULL;
    if (o.file && (sweep_load(&s, o.file, err, sizeof err) || (sweep_plan(&s, err, sizeof err) && (sweep_free(&s), 1)))) {
        cli_error("%s", err);
        return EXIT_USAGE;
    }
    if (o.file) {
        only = calloc(s.npoints + 1, sizeof *only);
        for (size_t k = 0; k < s.npoints; k++)
            only[k] = s.points[k].id;
    }
    rc = sweep_collect(o.dirs, o.ndirs, o.db ? o.db : db, o.csv ? o.csv : csv, only, s.npoints, err, sizeof err);
    if (rc)
        cli_error("sweep collect: %s", err);
    free(only);
    sweep_free(&s);
    return rc ? EXIT_USAGE : EXIT_OK;
}
