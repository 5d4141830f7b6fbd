/* workloads.c — the workload list and helpers shared by the drivers (see
 * workloads.h). */
#include <string.h>
#include <time.h>
#include <unistd.h>
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

wl_status_t wl_launch(launch_t *L, wl_result_t *r, char *err, size_t errlen)
{
    sim_result_t sr;
    double t0 = wl_now();
    int st = la_run(L, &sr, err, errlen);
    r->sim_seconds += wl_now() - t0;
    if (st < 0)
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
    return WL_PASS;
}
