/* rocprof_csv.h — rocprof's files of a profiled run, written the same way
 * by `gcnsim run` and `gcnsim exec`: results.csv (one row per dispatch:
 * the dispatch's columns as rocprofiler ROCm >= 5.3 names and computes
 * them, the rocprof-named metrics of front/report/rocprof.h, then the
 * timestamps and DurationNs) and results.stats.csv (per kernel name:
 * Calls, TotalDurationNs, AverageNs, Percentage, sorted by total time). */
#ifndef GCNSIM_ROCPROF_CSV_H
#define GCNSIM_ROCPROF_CSV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "front/launch/launch.h"
#include "front/report/report.h"

enum { RP_CSV_MAX_METRICS = 32 };

/* One row of results.csv after its Index. */
typedef struct {
    const char *kernel;            /* KernelName (written quoted) */
    unsigned gpu_id, queue_id, pid, tid;
    uint64_t queue_index;
    uint64_t grd, wgr, lds, scr;   /* work-items, work-items, LDS bytes (512-byte granules), scratch bytes */
    unsigned arch_vgpr, accum_vgpr, sgpr, wave_size;
    uint64_t sig, obj;             /* completion signal (none simulated: 0), kernel descriptor address */
    double metric[RP_CSV_MAX_METRICS];
    uint64_t dispatch_ns, begin_ns, end_ns, complete_ns;
} rp_row_t;

/* A dispatch for the statistics: kernel name and DurationNs. */
typedef struct {
    const char *kernel;
    uint64_t duration_ns;
} rp_call_t;

/* Fill row from launch L after its la_run and the report rep of its
 * timing run (one dispatch), queued at dispatch_ns on its queue's clock:
 * BeginNs after the launch overhead, EndNs after the kernel's cycles (at
 * the device's clock), CompleteNs = EndNs.  gpu_id, queue_id,
 * queue_index and sig are left 0 for the caller. */
void rp_row_fill(rp_row_t *row, const launch_t *L, const rep_launch_t *rep, uint64_t dispatch_ns);

/* Write the header line of results.csv. */
void rp_csv_header(FILE *fp);
/* Write the fields of row after its Index (",\"kernel\",gpu-id,...,DurationNs"
 * without the line end). */
void rp_csv_fields(FILE *fp, const rp_row_t *row);
/* rp_csv_fields as a malloc'ed string (NULL when out of memory). */
char *rp_csv_fields_str(const rp_row_t *row);

/* Write results.csv to path: the header, then row i as Index i and the
 * fields text fields[i] (rp_csv_fields' output, from this process or from
 * another's log); with stats also rp_stats_path(path), from the rows'
 * KernelName and DurationNs.  0, or -1 with a one-line message in err. */
int rp_csv_write(const char *path, const char *const *fields, size_t n, int stats, char *err, size_t errlen);

/* The statistics file's path for csv_path: its ".csv" replaced by
 * ".stats.csv" (as rocprof does), or ".stats.csv" appended when it does
 * not end in ".csv".  malloc'ed; NULL when out of memory. */
char *rp_stats_path(const char *csv_path);
/* Write results.stats.csv of n calls to path: Name, Calls,
 * TotalDurationNs, AverageNs (integer division), Percentage, one row per
 * kernel name, by TotalDurationNs descending (then name).  0, or -1 with
 * a message in err. */
int rp_stats_write(const char *path, const rp_call_t *calls, size_t n, char *err, size_t errlen);

#endif
