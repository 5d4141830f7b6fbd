/* report.h — the profiler-style report of a timing run: a text block
 * (launch, cycles and time, instruction mix, rocprof's metrics by
 * rocprof's formulas (front/report/rocprof.h), occupancy and its limiter,
 * stalls, caches) and the same figures as JSON members (the hot spots are
 * front/report/hotspots.h's).  Every figure comes from a tm_stats_t; the derived
 * percentages are those of sim/timing.h.  Floating-point values are
 * printed at fixed precision (2 decimals) so that output is byte-for-byte
 * repeatable. */
#ifndef GCNSIM_REPORT_H
#define GCNSIM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "front/report/json.h"
#include "front/load/codeobj.h"
#include "isa/isa.h"
#include "sim/device.h"
#include "sim/timing.h"
#include "sim/wave.h"

/* What was run, and what the model counted. */
typedef struct {
    const char *kernel;          /* kernel name */
    const char *target;          /* gfx target of the code object: "gfx900" */
    const device_t *dev;         /* the device the model ran (overrides applied) */
    unsigned dims;               /* 1..3 */
    uint32_t global[3], local[3];
    const tm_stats_t *s;         /* statistics, summed over s->launches dispatches */
} rep_launch_t;

/* The device of a timing run: the preset named name (NULL: the default
 * for target t), checked against t, with the "KEY=VALUE" assignments of
 * sets applied in order.  Returns 0, or -1 with a one-line message in err
 * (an unknown name lists the presets). */
int rep_device(device_t *out, const char *name, const isa_target_t *t, const char *const *sets, size_t nsets,
               char *err, size_t errlen);

/* Percentage 100 * part / whole, 0 when whole is 0. */
double rep_pct(uint64_t part, uint64_t whole);
/* v rounded to 2 decimals (what the JSON holds). */
double rep_round2(double v);

/* Print the text report (about 20 lines, at most 80 columns). */
void rep_text(FILE *fp, const rep_launch_t *r);

/* Write the report's members into the JSON object currently open in j:
 * kernel, device, target, global, local, workgroups, waves, cycles,
 * time_us, launches, instructions, gcnsim's own busy figures, occupancy,
 * stalls, stall_pct, cache, cus, per_cu (CUs that received work),
 * device_params, series (front/report/series.h), rocprof {metric: value}
 * and counters {counter: value}. */
void rep_json(json_t *j, const rep_launch_t *r);

/* The hot spots (per instruction, source line, block and loop) are
 * front/report/hotspots.h's. */

#endif
