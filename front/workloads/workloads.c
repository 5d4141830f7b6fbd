/* workloads.c — the workload list and helpers shared by the drivers (see
 * workloads.h). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "front/util/strsafe.h"
#include "front/workloads/workloads.h"

const wl_workload_t *const wl_all[] = {&wl_bitonic, &wl_reduce, &wl_gemm, NULL};

const wl_workload_t *wl_find(const char *name)
{
    for (size_t i = 0; wl_all[i]; i++)
        if (strcmp(wl_all[i]->name, name) == 0)
            return wl_all[i];
    return NULL;
}

uint64_t wl_rng_next(wl_rng_t *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double wl_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The launch group L belongs to: the last one when it has L's kernel and
 * sizes, else a new one.  NULL when out of memory. */
static wl_group_t *group_of(const launch_t *L, wl_result_t *r)
{
    wl_group_t *g = r->ngroups ? &r->groups[r->ngroups - 1] : NULL;
    if (g && g->k == L->k && g->dims == L->sl.dims && !memcmp(g->global, L->sl.grid, sizeof g->global) &&
        !memcmp(g->local, L->sl.local, sizeof g->local))
        return g;
    wl_group_t *ng = realloc(r->groups, (r->ngroups + 1) * sizeof *ng);
    if (!ng)
        return NULL;
    r->groups = ng;
    g = &ng[r->ngroups++];
    memset(g, 0, sizeof *g);
    g->k = L->k;
    g->dims = L->sl.dims;
    memcpy(g->global, L->sl.grid, sizeof g->global);
    memcpy(g->local, L->sl.local, sizeof g->local);
    g->tc = *r->timing;
    memset(&g->tc.stats, 0, sizeof g->tc.stats);
    if (r->timeline) {
        g->tc.on_event = tl_event;
        g->tc.event_arg = r->timeline;
    }
    return g;
}

/* la_run, in timing mode under the group's configuration. */
static int run_once(launch_t *L, wl_result_t *r, sim_result_t *sr, char *err, size_t errlen)
{
    wl_group_t *g = NULL;
    if (r->timing && !(g = group_of(L, r))) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    uint64_t before = g ? g->tc.stats.cycles : 0;
    L->sl.timing = g ? &g->tc : NULL;
    int st = la_run(L, sr, err, errlen);
    L->sl.timing = NULL;
    if (g) {
        r->cycles += g->tc.stats.cycles - before;
        if (r->timeline)
            tl_next_dispatch(r->timeline, g->tc.stats.cycles - before);
    }
    return st;
}

/* The same launch on the device (buffers mapped before the simulation). */
static int run_device(launch_t *L, wl_result_t *r, char *err, size_t errlen)
{
    char e[768];
    uint64_t ns = 0;
    if (gpu_mirror_run(r->device, L, &ns, e, sizeof e)) {
        snprintf(err, errlen, "device: launch %llu: %s", (unsigned long long)r->launches + 1, e);
        return -1;
    }
    if (r->ngroups)
        r->groups[r->ngroups - 1].device_ns += ns;
    return 0;
}

/* Point L's step hook at the trace recorder (launch: its number), or take
 * it away (rec NULL). */
static void hook_trace(launch_t *L, trace_recorder_t *rec, uint64_t launch)
{
    if (rec)
        rec->launch = (uint32_t)launch;
    L->sl.on_step = rec ? trace_on_step : NULL;
    L->sl.step_arg = rec;
    L->sl.step_no_old = rec != NULL;   /* the recorder reads new values only */
}

wl_status_t wl_launch(launch_t *L, wl_result_t *r, char *err, size_t errlen)
{
    sim_result_t sr;
    char e[768];
    if (r->device && gpu_mirror_map(r->device, L, e, sizeof e)) {
        snprintf(err, errlen, "device: %s", e);
        return WL_ERROR;
    }
    if (r->before_launch)
        r->before_launch(r->before_arg, L, r->launches);
    if (r->trace)
        hook_trace(L, r->trace, r->launches);
    L->sl.cancel = r->cancel;
    double t0 = wl_now();
    int st = run_once(L, r, &sr, err, errlen);
    r->sim_seconds += wl_now() - t0;
    if (r->trace) {
        hook_trace(L, NULL, 0);
        if (r->trace->failed) {
            snprintf(err, errlen, "--trace: launch %llu: %s", (unsigned long long)r->launches, r->trace->err);
            return WL_ERROR;
        }
    }
    if (st < 0 || (st == 0 && r->device && run_device(L, r, err, errlen)))
        return WL_ERROR;
    r->launches++;
    r->ninst += sr.ninst;
    if (r->sim_seconds >= 2.0 && isatty(2)) {   /* long runs: progress on a terminal */
        fprintf(stderr, "\rgcnsim: %llu launches, %llu wave-instructions so far",
                (unsigned long long)r->launches, (unsigned long long)r->ninst);
        r->progress_shown = 1;
    }
    r->nwg += sr.nwg;
    r->nwaves += sr.nwaves;
    if (st == 1) {
        la_print_fault(stderr, L, &sr);
        return WL_FAULT;
    }
    if (sr.hit_limit) {
        la_print_limit(stderr, "bench", L, &sr);
        return WL_LIMIT;
    }
    return r->stop_after && r->launches >= r->stop_after ? WL_STOPPED : WL_PASS;
}

void wl_result_free(wl_result_t *r)
{
    for (size_t i = 0; i < r->ngroups; i++)
        tm_stats_free(&r->groups[i].tc.stats);
    free(r->groups);
    r->groups = NULL;
    r->ngroups = 0;
}
