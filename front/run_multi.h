/* run_multi.h — gcnsim run --device a,b,...: one kernel run on several
 * device presets in turn, each report built as JSON in memory, then the
 * comparison of gcnsim compare (front/report/compare.h). */
#ifndef GCNSIM_RUN_MULTI_H
#define GCNSIM_RUN_MULTI_H

#include <stdio.h>
#include "front/run_opts.h"

/* One run of a list: its preset, where its JSON report goes, whether it
 * is the last (its buffers are the ones --dump writes), its place in the
 * list (the gpu-id of its --csv row) and where its row's fields go
 * (malloc'ed; NULL after a fault). */
typedef struct {
    const char *device;
    FILE *json;
    int last;
    unsigned index;
    char **csv;
} run_multi_t;

/* Run o's launch once (cmd_run.c): on its --device, printing the report
 * and writing --json; or, with multi, on multi->device, printing the
 * summary line only and writing the JSON report to multi->json.  Returns
 * the exit status. */
int run_once(const run_opts_t *o, int argc, char **argv, const run_multi_t *multi);
/* Run o's launch on each preset of the comma list o->t.device, then print
 * (and with --json write) the comparison; --csv gets a row per preset
 * (gpu-id: its place in the list) and --html one page of all.  Returns the exit status. */
int run_multi(const run_opts_t *o, int argc, char **argv);

#endif
