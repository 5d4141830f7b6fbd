/* workloads.h — host drivers of the built-in workloads (bitonic sort,
 * reduction, GEMM): each sizes its problem, fills the inputs from a
 * fixed-seed generator, launches its kernel (front/workloads/NAME.cl) as
 * often as the algorithm needs on buffers that persist between launches,
 * checks the result against a CPU reference and counts what ran. */
#ifndef GCNSIM_WORKLOADS_H
#define GCNSIM_WORKLOADS_H

#include <stddef.h>
#include <stdint.h>
#include "front/device/gpu_mirror.h"
#include "front/launch/launch.h"
#include "front/report/timeline.h"
#include "front/trace/trace.h"
#include "sim/timing.h"

/* WL_STOPPED: the run stopped after wl_result_t.stop_after launches,
 * unchecked; WL_LIMIT: a launch was stopped by the per-wave limit or by
 * the cancel flag (reported on stderr), unchecked. */
typedef enum { WL_PASS, WL_FAIL, WL_FAULT, WL_ERROR, WL_STOPPED, WL_LIMIT } wl_status_t;

/* Timing mode: consecutive launches of one kernel with the same sizes form
 * a launch group, whose statistics the cycle model sums (bitonic: every
 * launch of the sort; reduce: each pass size). */
typedef struct {
    const co_kernel_t *k;
    unsigned dims;
    uint32_t global[3], local[3];
    tm_config_t tc;           /* the group's model configuration and statistics */
    uint64_t device_ns;       /* with a device: its time for the group's launches */
} wl_group_t;

/* What a workload run did. */
typedef struct {
    char problem[160];        /* e.g. "sort of 65536 uint keys, ascending" */
    char check[200];          /* how the result was checked, or the first mismatch */
    uint64_t n;
    uint64_t launches;
    uint64_t ninst;           /* wave-instructions, all launches */
    uint64_t nwg, nwaves;
    double sim_seconds;       /* wall time inside the launches */
    double host_seconds;      /* wall time of input generation and the CPU reference */
    int progress_shown;       /* a progress line was written to stderr */
    /* timing mode (set before the run): the configuration every group
     * starts from (NULL: functional), and an optional timeline */
    const tm_config_t *timing;
    tl_t *timeline;
    wl_group_t *groups;       /* out: the launch groups, in order */
    size_t ngroups;
    uint64_t cycles;          /* out: simulated cycles, all launches */
    /* optional (set before the run): every launch also runs on this GPU,
     * on device copies of the buffers (gpu_mirror.h) */
    gpu_mirror_t *device;
    /* optional (set before the run): every launch is recorded into this
     * recorder's trace, as launch 0, 1, 2 ... in launch order */
    trace_recorder_t *trace;
    /* optional (set before the run): called before each launch with its
     * number (0, 1, ...), e.g. to change an input between launches */
    void (*before_launch)(void *arg, launch_t *L, uint64_t launch);
    void *before_arg;
    /* optional (set before the run): stop after this many launches (0:
     * run them all); the workload then returns WL_STOPPED */
    uint64_t stop_after;
    /* optional (set before the run): a launch stops, and the workload
     * returns WL_LIMIT, once *cancel is nonzero (sim_launch_t.cancel) */
    const volatile int *cancel;
} wl_result_t;

typedef struct wl_workload {
    const char *name;         /* "bitonic" */
    const char *summary;
    uint64_t default_n;
    const char *n_rule;       /* what --n may be */
    /* Check/round n: 0 if acceptable, else -1 with a message. */
    int (*check_n)(uint64_t n, char *err, size_t errlen);
    /* Run on the opened module m.  On WL_FAULT the fault report has been
     * printed to stderr; on WL_ERROR err says why. */
    wl_status_t (*run)(la_module_t *m, uint64_t n, wl_result_t *r, char *err, size_t errlen);
} wl_workload_t;

extern const wl_workload_t wl_bitonic, wl_reduce, wl_gemm;

/* The workload called name, or NULL. */
const wl_workload_t *wl_find(const char *name);
/* The workloads, NULL-terminated. */
extern const wl_workload_t *const wl_all[];

/* ---- helpers shared by the drivers ---- */

/* Deterministic generator (splitmix64); every workload seeds it with a
 * fixed value so that runs are repeatable. */
typedef struct {
    uint64_t s;
} wl_rng_t;
uint64_t wl_rng_next(wl_rng_t *g);

/* Monotonic wall time in seconds. */
double wl_now(void);

/* Run L once and add its counts to r (in timing mode under the cycle
 * model, into its launch group; with r->trace recorded as the next launch
 * of the trace; with r->device also on the GPU, after the simulation,
 * adding its time to the group); returns WL_PASS, or WL_FAULT after
 * printing the report, or WL_ERROR with err set. */
wl_status_t wl_launch(launch_t *L, wl_result_t *r, char *err, size_t errlen);

/* Release the launch groups of r. */
void wl_result_free(wl_result_t *r);

#endif
