/* trace_diff.h — compare two traces wave by wave and report the first
 * divergence (`gcnsim trace diff`; the command itself is trace_cmd_diff in
 * trace.h). */
#ifndef GCNSIM_TRACE_DIFF_H
#define GCNSIM_TRACE_DIFF_H

#include <stdint.h>
#include <stdio.h>

typedef struct {
    int timing;             /* also compare the issue and completion cycles */
    int all;                /* also list every wave's first divergence (reads both files whole) */
    int stats;              /* end with the records read and the most that waited at once */
    unsigned context;       /* records of the diverging wave shown before the divergence */
    uint64_t max_buffer;    /* bytes of not-yet-matched records held at most (0: 1 GiB) */
    int (*is_workload)(const char *name);   /* a bench workload's name? (NULL: none known) */
    int has_dispatch;       /* compare dispatch `dispatch` of both files (gcnsim exec --trace) */
    uint64_t dispatch;
} trace_diff_opts_t;

/* Compare trace files a (expected) and b (actual) and print to out either
 * "traces agree" or the first divergence report.  Returns 0 when they
 * agree, 1 when they differ, -1 with a one-line message in err when a file
 * cannot be read (or the buffering limit is exceeded). */
int trace_diff_files(const char *a, const char *b, const trace_diff_opts_t *o, FILE *out, char *err,
                     size_t errlen);

#endif
