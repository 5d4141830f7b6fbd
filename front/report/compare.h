/* compare.h — runs side by side: the reports of gcnsim run --json (or the
 * per-kernel rows of gcnsim exec --json), each figure with its absolute
 * and relative delta to the first run, and the hot spots that moved most
 * when the reports have per-instruction data ("hotspots").
 *
 * The figures compared: the time (cycles, time_us, total_us, ...), the
 * launch (work-groups, waves, CUs), every member of "instructions",
 * the busy and utilisation figures, occupancy, every member of
 * "stall_pct" and "cache", and every numeric member of "rocprof" and
 * "counters" (but a single block instance's, NAME[i]) when the reports
 * have them.  A member missing from a report
 * shows as "-".  Output is deterministic and at most 100 columns wide. */
#ifndef GCNSIM_COMPARE_H
#define GCNSIM_COMPARE_H

#include <stddef.h>
#include <stdio.h>
#include "front/report/json.h"
#include "front/report/jsonread.h"

#define CMP_MAX_RUNS 16

typedef struct {
    const jr_val_t *doc;         /* the report: a JSON object */
    const char *label;           /* how to name it: its file, or its device */
} cmp_run_t;

/* 0 if doc is a report compare reads (of gcnsim run --json: an object with
 * "kernel" and "mode"; of gcnsim exec --json: "dispatches" and "kernels");
 * else -1 with a one-line reason in err. */
int cmp_check(const jr_val_t *doc, char *err, size_t errlen);
/* 0 if the n reports can be compared (2..CMP_MAX_RUNS, all of one kind);
 * else -1 with a one-line reason in err. */
int cmp_check_set(const cmp_run_t *runs, size_t n, char *err, size_t errlen);

/* Print the comparison of runs[0, n) (checked by cmp_check_set). */
void cmp_text(FILE *fp, const cmp_run_t *runs, size_t n);
/* Write the comparison's members into the JSON object open in j: "runs"
 * (label, kernel, device, target, status, partial), "metrics" (name,
 * section, values, delta and rel_pct against the first run; null where a
 * report lacks the figure or the first is 0), "strings" (text figures
 * such as occupancy.limited_by) and "hotspots" (per later run the ten that
 * moved most; a hot spot missing from one list counts as 0 cycles there for
 * the delta, its cycles null and rel_pct null) or null with
 * "hotspots_note". */
void cmp_json(json_t *j, const cmp_run_t *runs, size_t n);

#endif
