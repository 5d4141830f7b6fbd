/* run_opts.h — the launch options `run`, `validate` and `debug` share,
 * parsed in one place: FILE, --kernel, --global, --local, --arg, --dump, the
 * cycle-model options (--device, --set, ...) and each command's own. */
#ifndef GCNSIM_RUN_OPTS_H
#define GCNSIM_RUN_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include "front/launch/launch.h"
#include "front/report/report.h"

/* The cycle-model options `run` and `bench` share. */
typedef struct {
    int functional, hotspots;    /* --functional, --hotspots */
    const char *device;          /* --device NAME */
    const char *timeline;        /* --timeline PATH */
    const char **sets;           /* --set KEY=VALUE, in order */
    size_t nsets;
} run_model_opts_t;

/* If argv[*i] is one of --functional, --hotspots, --device NAME,
 * --timeline PATH, --set KEY=VALUE, take it into o (moving *i past its
 * value) and return 1; 0 when it is not; -1 when out of memory (reported
 * for command cmd). */
int run_model_take(run_model_opts_t *o, int argc, char **argv, int *i, const char *cmd);
/* 0, or -1 after reporting for cmd an option that needs the cycle model
 * given with --functional. */
int run_model_check(const run_model_opts_t *o, const char *cmd);
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
    run_model_opts_t t;            /* the cycle-model options */
} run_opts_t;

/* Which options a command takes besides the shared ones. */
enum {
    RUN_OPTS_RUN = 1,              /* --json, --trace, --max-inst, --max-wave-inst, --functional, --hotspots, --timeline */
    RUN_OPTS_VALIDATE = 2,         /* --ulp N */
    RUN_OPTS_DEBUG = 4,            /* --max-inst, --max-wave-inst, --functional, -x CMDFILE, --batch (no --dump) */
};

/* Parse argv (argv[0]: the command cmd) into o (zeroed beforehand); help
 * is printed for -h/--help.  Returns 0, 1 when help was printed, or -1
 * after reporting bad usage. */
int run_parse_args(int argc, char **argv, run_opts_t *o, const char *cmd, const char *help, unsigned flags);
/* Write each --dump N=PATH: explicit argument N's buffer of L's module.
 * 0, or -1 after reporting for cmd. */
int run_write_dumps(launch_t *L, const run_opts_t *o, const char *cmd);
/* The processor whose code object to take from a container: --target, else
 * --device's preset's, else NULL. */
const char *run_want_gfx(const run_opts_t *o);
/* Release what run_parse_args allocated (argument data included). */
void run_opts_free(run_opts_t *o);

#endif
