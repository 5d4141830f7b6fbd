/* series.h — the cycle model's figures over time (tm_series_t) as the
 * report shows them: per interval, device-wide occupancy in waves per
 * SIMD, VALU busy share and DRAM bandwidth read and written; for the JSON
 * report's "series" member and the timeline's counter tracks, so that
 * both give the same numbers. */
#ifndef GCNSIM_SERIES_H
#define GCNSIM_SERIES_H

#include "front/report/json.h"
#include "sim/device.h"
#include "sim/timing.h"

/* The figures of one interval, rounded to 2 decimals as the JSON holds them. */
typedef struct {
    uint64_t start, cycles;      /* the interval: first cycle and length (the last may be shorter) */
    double occupancy;            /* wave_cycles / (4 SIMDs x CUs x cycles): waves per SIMD */
    double valu_busy_pct;        /* 100 x valu_busy / (4 x CUs x cycles) */
    double dram_read_gbps;       /* bytes x clock_mhz / (cycles x 1000): 10^9 bytes per second */
    double dram_write_gbps;
} rep_point_t;

/* Point i (< s->n) of series s of a run on device d. */
rep_point_t rep_series_point(const tm_series_t *s, unsigned i, const device_t *d);

/* Write "series": {"interval_cycles", "cycles", "points", "occupancy",
 * "valu_busy_pct", "dram_read_gbps", "dram_write_gbps"} into the object
 * open in j; nothing when s is NULL or empty. */
void rep_json_series(json_t *j, const tm_series_t *s, const device_t *d);

#endif
