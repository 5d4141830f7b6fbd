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

/* ---- bench --save-launch ------------------------------------------------ */

/* A growing list of argument strings. */
typedef struct {
    char **v;
    size_t n;
} strv_t;

static int strv_add(strv_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int strv_add(strv_t *s, const char *fmt, ...)
{
    char **nv = realloc(s->v, (s->n + 1) * sizeof *nv);
    if (!nv)
        return -1;
    s->v = nv;
    va_list ap;
    va_start(ap, fmt);
    int k = vasprintf(&s->v[s->n], fmt, ap);
    va_end(ap);
    if (k < 0)
        return -1;
    s->n++;
    return 0;
}

static void strv_free(strv_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

/* A float (dbl: double) value's --arg: the shortest decimal that reads
 * back to the same bits, or the bits themselves for a NaN. */
static void float_spec(uint64_t bits, int dbl, char *buf, size_t n)
{
    float f;
    double d;
    uint32_t b32 = (uint32_t)bits;
    memcpy(&f, &b32, 4);
    memcpy(&d, &bits, 8);
    double v = dbl ? d : (double)f;
    if (isnan(v)) {
        snprintf(buf, n, dbl ? "u64:0x%016llx" : "u32:0x%08llx", (unsigned long long)bits);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%s:%.*g", dbl ? "f64" : "f32", prec, v);
        double bd = strtod(buf + 4, NULL);
        float bf = strtof(buf + 4, NULL);
        if (dbl ? !memcmp(&bd, &d, 8) : !memcmp(&bf, &f, 4))
            return;
    }
}

/* The --arg of by-value argument a (its bytes at p), spelled by its type. */
static int scalar_spec(const co_arg_t *a, const uint8_t *p, char *buf, size_t n)
{
    uint64_t bits = 0;
    const char *t = a->type_name ? a->type_name : "";
    if (a->size > 8)
        return -1;
    memcpy(&bits, p, a->size);
    if (a->size == 4 && !strcmp(t, "float"))
        float_spec(bits, 0, buf, n);
    else if (a->size == 8 && !strcmp(t, "double"))
        float_spec(bits, 1, buf, n);
    else if (a->size == 4 && !strcmp(t, "int"))
        snprintf(buf, n, "i32:%d", (int32_t)bits);
    else if (a->size == 8 && !strcmp(t, "long"))
        snprintf(buf, n, "i64:%lld", (long long)(int64_t)bits);
    else if (a->size == 8)
        snprintf(buf, n, "u64:%llu", (unsigned long long)bits);
    else   /* 4 bytes or fewer: gcnsim run passes a u32's low bytes */
        snprintf(buf, n, "u32:%llu", (unsigned long long)bits);
    return 0;
}

/* Write the allocation buffer argument i of L points to into path; it
 * must point at the start of one allocation no earlier argument uses. */
static int save_buffer(launch_t *L, size_t i, const char *path, char *err, size_t errlen)
{
    mem_t *mem = &L->m->mem;
    uint64_t addr = L->arg_addr[i];
    const mem_region_t *r = mem_region_at(mem, addr);
    if (!r || r->base != addr) {
        snprintf(err, errlen, r ? "argument %zu points 0x%llx bytes into buffer '%s': gcnsim run passes a buffer "
                                  "from its start" : "argument %zu (0x%llx) points into no buffer%s", i,
                 (unsigned long long)(r ? addr - r->base : addr), r ? r->name : "");
        return -1;
    }
    for (size_t j = 0; j < i; j++)
        if (L->arg[j]->kind == CO_ARG_GLOBAL_BUFFER && mem_region_at(mem, L->arg_addr[j]) == r) {
            snprintf(err, errlen, "arguments %zu and %zu share buffer '%s': gcnsim run gives each --arg its own", j,
                     i, r->name);
            return -1;
        }
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(r->data, 1, r->size, fp) != r->size || fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

/* "X[,Y[,Z]]" with dims sizes. */
static int dims_arg(strv_t *a, const char *opt, unsigned dims, const uint32_t n[3])
{
    return strv_add(a, "%s", opt) ||
           (dims >= 3 ? strv_add(a, "%u,%u,%u", n[0], n[1], n[2])
            : dims == 2 ? strv_add(a, "%u,%u", n[0], n[1]) : strv_add(a, "%u", n[0]));
}

/* Add argument i's --arg to a (writing its buffer into dir). */
static int arg_spec(launch_t *L, size_t i, const char *dir, strv_t *a, char *err, size_t errlen)
{
    const co_arg_t *k = L->arg[i];
    char spec[96], path[PATH_MAX];
    if (k->kind == CO_ARG_GLOBAL_BUFFER) {
        snprintf(path, sizeof path, "%s/arg%zu.bin", dir, i);
        if (save_buffer(L, i, path, err, errlen))
            return -1;
        snprintf(spec, sizeof spec, "buf:");
    } else if (k->kind == CO_ARG_DYNAMIC_SHARED_POINTER)
        snprintf(spec, sizeof spec, "local:%llu", (unsigned long long)L->local_size[i]);
    else if (k->kind != CO_ARG_BY_VALUE || scalar_spec(k, L->kernarg + k->offset, spec, sizeof spec)) {
        snprintf(err, errlen, "argument %zu: gcnsim run has no --arg for an argument of kind %s", i,
                 co_arg_kind_name(k->kind));
        return -1;
    }
    if (strv_add(a, "--arg") || (k->kind == CO_ARG_GLOBAL_BUFFER ? strv_add(a, "buf:%s", path)
                                                                  : strv_add(a, "%s", spec))) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    return 0;
}

/* dir, created if missing. */
static int make_dir(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return 0;
    snprintf(err, errlen, errno == EEXIST ? "%s exists and is not a directory" : "cannot create directory %s: %s",
             dir, strerror(errno));
    return -1;
}

/* dir/debug.args: line and a newline. */
static int write_args(const char *dir, const char *line, char *err, size_t errlen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/debug.args", dir);
    FILE *fp = fopen(path, "w");
    if (!fp || fprintf(fp, "%s\n", line) < 0 || fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

int wl_save_launch(launch_t *L, const char *co, const char *dir, const char *const *extra, size_t nextra,
                   char **line, char *err, size_t errlen)
{
    strv_t a = {NULL, 0};
    int rc = -1;
    *line = NULL;
    if (make_dir(dir, err, errlen))
        return -1;
    if (strv_add(&a, "%s", co) || strv_add(&a, "--kernel") || strv_add(&a, "%s", L->k->name) ||
        dims_arg(&a, "--global", L->sl.dims, L->sl.grid) || dims_arg(&a, "--local", L->sl.dims, L->sl.local)) {
        snprintf(err, errlen, "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < L->nexplicit; i++)
        if (arg_spec(L, i, dir, &a, err, errlen))
            goto out;
    for (size_t i = 0; i < nextra; i++)
        if (strv_add(&a, "%s", extra[i])) {
            snprintf(err, errlen, "out of host memory");
            goto out;
        }
    if (!(*line = str_args_line((int)a.n, a.v, 0, NULL))) {
        snprintf(err, errlen, "out of host memory");
        goto out;
    }
    if (write_args(dir, *line, err, errlen)) {
        free(*line);
        *line = NULL;
        goto out;
    }
    rc = 0;
out:
    strv_free(&a);
    return rc;
}

void wl_result_free(wl_result_t *r)
{
    for (size_t i = 0; i < r->ngroups; i++)
        tm_stats_free(&r->groups[i].tc.stats);
    free(r->groups);
    r->groups = NULL;
    r->ngroups = 0;
}
