/* sweep.h — design-space sweeps (gcnsim sweep): a sweep file's runs,
 * presets and parameter axes (sweep_file.c), its points and their ids
 * (sweep_plan.c), running one point into an atomically written record
 * (sweep_point.c), running a slice of the points here or through GNU
 * parallel (sweep_run.c), a Slurm job-array script (sweep_slurm.c), the
 * records gathered into SQLite and CSV (sweep_collect.c) and points picked
 * back out of that database (sweep_select.c). */
#ifndef GCNSIM_SWEEP_H
#define GCNSIM_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "front/report/jsonread.h"
#include "sim/device.h"

enum { SWEEP_ERRLEN = 512 };

/* What a run executes: gcnsim run FILE ARGS, gcnsim bench WORKLOAD ARGS
 * or gcnsim exec -- PROGRAM ARGS. */
typedef enum { SWEEP_KERNEL, SWEEP_BENCH, SWEEP_EXEC } sweep_kind_t;

/* The kind's key in a sweep file ("kernel", "bench", "exec"). */
const char *sweep_kind_name(sweep_kind_t k);

typedef struct {
    char *name;                  /* label (default: the file's base name or the workload) */
    sweep_kind_t kind;
    char *what;                  /* the code object, the workload or the program */
    char **args;                 /* further arguments, as on the command line */
    size_t nargs;
    int line;
} sweep_run_t;

/* One parameter value (an axis value or a point's assignment). */
typedef struct {
    dev_param_t key;
    uint32_t value;
    int line;
} sweep_set_t;

/* An axis: a parameter and its values (the product of the axes), or one
 * entry of an explicit list of points (nvals == 1 per set). */
typedef struct {
    dev_param_t key;
    uint32_t *values;
    int *lines;
    size_t n;
    int line;
} sweep_axis_t;

/* An explicit point: its assignments and optionally its preset. */
typedef struct {
    sweep_set_t *sets;
    size_t nsets;
    char *preset;                /* NULL: every preset of the file */
    int line;
} sweep_entry_t;

/* One point of the sweep: a run on a preset with parameters set. */
typedef struct {
    const sweep_run_t *run;
    const char *preset;
    sweep_set_t sets[DEV_NPARAMS];   /* in the device table's order */
    size_t nsets;
    char id[17];                 /* 16 hex digits: FNV-1a 64 of the canonical text */
    int line;                    /* where the point comes from in the file */
} sweep_point_t;

typedef struct {
    char *path;                  /* the sweep file as given */
    char *dir;                   /* its directory: runs' relative paths are relative to it */
    char *name;
    char *results;               /* results: (relative to dir), or NULL */
    unsigned timeout;            /* timeout: seconds a point may run (0: no limit) */
    sweep_run_t *runs;
    size_t nruns;
    char **presets;
    int *preset_lines;
    size_t npresets;
    sweep_axis_t *axes;
    size_t naxes;
    sweep_entry_t *entries;      /* points: (an explicit list instead of axes) */
    size_t nentries;
    sweep_point_t *points;       /* the plan (sweep_plan) */
    size_t npoints;
} sweep_t;

/* Read and check the sweep file path into s.  0, or -1 with one line
 * "PATH:LINE: reason" in err (s freed). */
int sweep_load(sweep_t *s, const char *path, char *err, size_t errlen);
/* Free what sweep_load and sweep_plan allocated. */
void sweep_free(sweep_t *s);

/* Expand s's runs x presets x (axes product | explicit points) into
 * s->points, each with its id; every point's parameters checked together
 * against its preset (dev_set_all).  0, or -1 with "PATH:LINE: reason". */
int sweep_plan(sweep_t *s, char *err, size_t errlen);
/* The canonical text of point p, what its id hashes (malloc'd; NULL when
 * out of memory). */
char *sweep_point_text(const sweep_point_t *p);
/* "cus=32 l2_kib=2048" (the point's parameters) into buf. */
void sweep_point_axes(const sweep_point_t *p, char *buf, size_t len);
/* Parse "I/N" (1 <= I <= N): 0, or -1 with the reason in err. */
int sweep_parse_shard(const char *s, unsigned *i, unsigned *n, char *err, size_t errlen);
/* Whether point k of the plan belongs to shard i of n (round robin;
 * n == 0: no sharding). */
int sweep_in_shard(size_t k, unsigned i, unsigned n);
/* The point with id (a unique prefix of at least 4 digits), or NULL. */
const sweep_point_t *sweep_find_point(const sweep_t *s, const char *id);

/* The results folder: out when given, else the file's results:, else
 * FILE's name without its extension plus ".results", beside the file.
 * Malloc'd, absolute. */
char *sweep_results_dir(const sweep_t *s, const char *out);

/* mkdir -p path: 0, or -1 after reporting the folder that could not be made. */
int sweep_make_dirs(const char *path);

/* A point's record state in the results folder dir. */
typedef enum { SWEEP_NONE, SWEEP_OK, SWEEP_FAILED } sweep_state_t;
sweep_state_t sweep_record_state(const char *dir, const char *id);

/* Run point p (gcnsim run/bench as a child process, in the sweep file's
 * folder) and write its record dir/ID.json atomically (a temporary file
 * renamed into place): the report, or the error of a failed point; print
 * a line saying so.  self is the gcnsim binary; *stop set (by a SIGINT or
 * SIGTERM handler) passes SIGTERM on to the child.  Returns 0 when the
 * record is written (status in *state), 1 when the point was stopped by a
 * signal (no record), -1 after reporting on stderr an error that kept the
 * record from being written. */
int sweep_run_point(const sweep_t *s, const sweep_point_t *p, const char *dir, const char *self,
                    const volatile int *stop, sweep_state_t *state);

/* Options of sweep run. */
typedef struct {
    const char *out;
    unsigned jobs;               /* 1: one after another here; more: GNU parallel */
    unsigned shard, nshards;     /* nshards 0: every point */
    int retry_failed;            /* run points whose record is a failure again */
    const volatile int *stop;    /* set by a SIGINT/SIGTERM handler: start no more points */
} sweep_run_opts_t;

/* Run the points of o's shard not finished yet, print a line per point
 * and the summary.  Returns 0 when every point of the shard succeeded, 1
 * when some failed or were not run, 2 when the results folder cannot be
 * made (reported on stderr). */
int sweep_run(const sweep_t *s, const sweep_run_opts_t *o, const char *self);

/* Write the Slurm job-array script for s (nshards tasks, each running
 * sweep run --shard I/N with cpus jobs) to path.  extra: further #SBATCH
 * options.  0, or -1 with the reason in err. */
int sweep_slurm_write(const sweep_t *s, const char *path, const char *self, const char *dir, unsigned nshards,
                      unsigned cpus, const char *const *extra, size_t nextra, char *err, size_t errlen);

/* Gather every record of the folders dirs[] into the SQLite database db
 * (replaced atomically) and the CSV file csv (NULL: none): one row per
 * point (a point in several folders once, from the first); with only
 * (nonly ids) those points alone.  Prints a summary line.  0, or -1 with
 * the reason in err. */
int sweep_collect(const char *const *dirs, size_t ndirs, const char *db, const char *csv,
                  const char *const *only, size_t nonly, char *err, size_t errlen);

/* The part of a point's report its figures come from: the report of
 * gcnsim run, the launch group with the most cycles of gcnsim bench's,
 * the dispatch with the most cycles of gcnsim exec's. */
const jr_val_t *sweep_report_main(const jr_val_t *report);

/* Whether path is an SQLite database (its header). */
int sweep_is_db(const char *path);

/* Points picked from a database of sweep collect for gcnsim compare. */
typedef struct {
    char **labels;               /* "ID run preset cus=32" */
    char **reports;              /* the report's JSON text (of a bench: its main launch group's, with
                                    the bench's "mode", as a report of gcnsim run) */
    size_t n;
} sweep_sel_t;

/* Pick from db the points with the ids ids[] (unique prefixes), in that
 * order, then those matching the SQL expression where (NULL: none), in
 * id order.  Every picked point must have a report.  0, or -1 with the
 * reason in err. */
int sweep_select(const char *db, const char *const *ids, size_t nids, const char *where, sweep_sel_t *out,
                 char *err, size_t errlen);
void sweep_sel_free(sweep_sel_t *sel);

#endif
