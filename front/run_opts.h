/* run_opts.h — the launch options `run`, `validate` and `debug` share, as
 * option tables (front/util/opt.h) parsed in one place: FILE, --kernel,
 * --global, --grid, --local, --arg, --dump, ..., the device options
 * (--device, --set; bench's too) and each command's own. */
#ifndef GCNSIM_RUN_OPTS_H
#define GCNSIM_RUN_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include "front/launch/launch.h"
#include "front/report/report.h"
#include "front/util/opt.h"

/* The cycle-model options `run` and `bench` share. */
typedef struct {
    int functional;              /* --functional */
    int hotspots;                /* --hotspots [N]: N (10 when left out); 0: not given */
    const char *device;          /* --device NAME */
    const char *timeline;        /* --timeline PATH */
    const char *timeline_cus;    /* --timeline-cus LIST (NULL: every CU) */
    uint64_t timeline_max;       /* --timeline-max N: instruction slices (0: no cap) */
    int timeline_max_set;        /* --timeline-max given (else TL_MAX_INST) */
    const char **sets;           /* --set KEY=VALUE, in order */
    size_t nsets;
} run_model_opts_t;

/* The ids of the option rows (front/util/opt.h) that run_parse_args and
 * run_model_take understand. */
enum {
    RO_KERNEL = 1, RO_TARGET, RO_GLOBAL, RO_GRID, RO_LOCAL, RO_BLOCK, RO_DYNAMIC_LDS, RO_ARG, RO_DUMP,
    RO_DEVICE, RO_SET, RO_FUNCTIONAL, RO_HOTSPOTS, RO_TIMELINE,
    RO_MAX_INST, RO_MAX_WAVE_INST, RO_JSON, RO_TRACE, RO_ULP, RO_SCRIPT, RO_BATCH, RO_DISPATCH,
    RO_HTML, RO_TIMELINE_MAX, RO_TIMELINE_CUS, RO_PROGRESS, RO_NO_PROGRESS,
    RO_CSV, RO_STATS, RO_THREADS,
    RO_OWN = 100,    /* the first id free for a command's own rows */
};

/* The tables: the launch (FILE's kernel, sizes, arguments) and the device
 * options shared by run, validate and debug (the device's by bench too);
 * each command's own rows. */
extern const opt_table_t run_launch_table, run_device_table, run_run_table, run_exec_table,
    run_validate_table, run_debug_table;

/* Value lists for completion and "did you mean": the device presets, the
 * --set keys, the gfx targets. */
const char *run_preset_name(size_t i);
const char *run_set_key(size_t i);
const char *run_target_name(size_t i);

/* The help of --threads N (run, validate, debug, bench, exec). */
#define RUN_THREADS_HELP "host threads to simulate on, 1 to 256 (default: GCNSIM_THREADS, else the " \
    "machine's online cores): functional mode runs work-groups on them; results, reports, --json, --dump " \
    "and traces are the same for any N.  A kernel with atomics outside LDS (global, flat, buffer, image, " \
    "scalar; device printf uses one), GDS, GWS or ds_ordered_count, and a run with --trace, the debugger or " \
    "--max-inst, runs its work-groups in order on one thread"
/* --threads N for command cmd: the launches of this process and the
 * programs it starts (gcnsim exec) take N from GCNSIM_THREADS, which this
 * sets.  0, or -1 after one line naming a value that is not 1..256. */
int run_take_threads(const char *cmd, const char *v);
/* 0 when GCNSIM_THREADS is unset, empty or 1..256; else -1 after one line
 * for command cmd (call it after the options: --threads sets it). */
int run_check_threads_env(const char *cmd);

/* Take row id (RO_DEVICE, RO_SET, RO_FUNCTIONAL, RO_HOTSPOTS, RO_TIMELINE,
 * RO_TIMELINE_MAX, RO_TIMELINE_CUS)
 * with value v into o: 1 taken, 0 not one of those, -1 after reporting
 * for command c (out of memory). */
int run_model_take(run_model_opts_t *o, const opt_cmd_t *c, int id, const char *v);
/* 0, or -1 after reporting for c an option that needs the cycle model
 * given with --functional, an unknown device preset or --set key (with
 * the nearest as "did you mean"). */
int run_model_check(const run_model_opts_t *o, const opt_cmd_t *c);
/* 0 if name is a device preset; else -1 after reporting for c
 * "unknown device 'NAME' (did you mean ...? presets: ...SEE)" (see: NULL,
 * or a note after the list such as "; see gcnsim devices"). */
int run_check_preset(const char *name, const opt_cmd_t *c, const char *see);
/* 0 if assignment's KEY is a parameter's; else -1 after reporting for c
 * "--set: unknown device parameter 'KEY' (did you mean ...? keys: ...)". */
int run_check_set_key(const char *assignment, const opt_cmd_t *c);
/* Release what run_model_take allocated. */
void run_model_free(run_model_opts_t *o);

typedef struct {
    unsigned arg;
    const char *path;
    char *own;                     /* path without its ":TYPE" (owned), or NULL */
    const la_elem_t *elem;         /* ":TYPE": text, one element per line; NULL: raw bytes */
} run_dump_t;

typedef struct {
    const char *file, *kernel, *json, *trace;
    const char *html;              /* --html PATH */
    const char *csv;               /* --csv PATH: rocprof's results.csv */
    int stats;                     /* --stats: and PATH's .stats.csv */
    const char *target;            /* --target gfxN: the code object of a bundle or HIP program */
    char *options;                 /* the command line without --trace PATH, for the trace's header */
    unsigned dims;
    uint32_t global[3], local[3];
    unsigned grid_dims, local_dims;  /* --grid (blocks) given with this many sizes; --local/--block's */
    uint32_t grid[3];
    uint64_t dynamic_lds;          /* --dynamic-lds BYTES */
    la_value_t *vals;
    size_t nvals;
    run_dump_t *dumps;
    size_t ndumps;
    uint64_t max_inst;             /* --max-inst (0: no limit) */
    uint64_t max_wave_inst;        /* --max-wave-inst (LA_MAX_WAVE_INST unless given; 0: no limit) */
    uint64_t ulp;                  /* validate: --ulp N */
    const char *script;            /* debug: -x CMDFILE */
    int batch;                     /* debug: --batch */
    int progress;                  /* run: --progress PROG_ON, --no-progress PROG_OFF, else PROG_AUTO (0) */
    run_model_opts_t t;            /* the cycle-model options */
} run_opts_t;

/* Parse argv (argv[0]: the command) by c's tables into o (zeroed
 * beforehand); help is printed for -h/--help.  Returns 0, 1 when help was
 * printed, or -1 after reporting bad usage. */
int run_parse_args(const opt_cmd_t *c, int argc, char **argv, run_opts_t *o);
/* Write each --dump N=PATH: explicit argument N's buffer of L's module.
 * 0, or -1 after reporting for cmd. */
int run_write_dumps(launch_t *L, const run_opts_t *o, const char *cmd);
/* The processor whose code object to take from a container: --target, else
 * --device's preset's, else NULL. */
const char *run_want_gfx(const run_opts_t *o);
/* Release what run_parse_args allocated (argument data included). */
void run_opts_free(run_opts_t *o);

#endif
