/* gcnsim.c — the library's public interface (contract in gcnsim.h) over
 * the loader, launches (front/launch) and the report (front/report). */
#include <stdlib.h>
#include <string.h>
#include "front/api/gcnsim.h"
#include "front/launch/launch.h"
#include "front/report/json.h"
#include "front/report/report.h"
#include "sim/timing.h"

struct gcnsim_module {
    la_module_t m;
};

struct gcnsim_launch {
    launch_t L;
    tm_config_t tc;          /* the cycle model of the last timing run */
    int timed;               /* the last run was under the cycle model */
};

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
}

int gcnsim_open(gcnsim_module_t **out, const char *path, char *err, size_t errlen)
{
    *out = NULL;
    gcnsim_module_t *m = calloc(1, sizeof *m);
    if (!m) {
        set_err(err, errlen, "out of host memory");
        return -1;
    }
    if (la_open(&m->m, path, err, errlen)) {
        free(m);
        return -1;
    }
    *out = m;
    return 0;
}

void gcnsim_close(gcnsim_module_t *m)
{
    if (!m)
        return;
    la_close(&m->m);
    free(m);
}

int gcnsim_buffer(gcnsim_module_t *m, uint64_t size, const void *init, uint64_t *addr, char *err, size_t errlen)
{
    return la_buffer(&m->m, size, init, "buffer", addr, err, errlen) ? -1 : 0;
}

int gcnsim_read(gcnsim_module_t *m, uint64_t addr, void *out, uint64_t size)
{
    const void *p = la_host(&m->m, addr, size);
    if (!p)
        return -1;
    memcpy(out, p, size);
    return 0;
}

/* A zero of the right kind for explicit argument a: 0, or -1 (err) for
 * the kinds this interface does not set (images, samplers, pipes, queues). */
static int zero_value(const co_arg_t *a, size_t i, la_value_t *v, uint8_t *zeros, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    snprintf(v->spec, sizeof v->spec, "0");
    switch (a->kind) {
    case CO_ARG_GLOBAL_BUFFER:
        v->kind = LA_ADDR;
        return 0;
    case CO_ARG_DYNAMIC_SHARED_POINTER:
        *v = la_local(0);
        return 0;
    case CO_ARG_BY_VALUE:
        v->kind = LA_BYTES;
        v->data = zeros;
        v->size = a->size;
        return 0;
    default:
        snprintf(err, errlen, "argument %zu (%s) is of a kind this interface does not set", i, a->kind_name);
        return -1;
    }
}

int gcnsim_launch(gcnsim_launch_t **out, gcnsim_module_t *m, const char *kernel, unsigned dims,
                  const uint32_t global[3], const uint32_t local[3], char *err, size_t errlen)
{
    *out = NULL;
    const co_kernel_t *k = la_kernel(&m->m, kernel, err, errlen);
    if (!k)
        return -1;
    if (dims < 1 || dims > 3) {
        snprintf(err, errlen, "%u dimensions: 1, 2 or 3", dims);
        return -1;
    }
    size_t n = la_explicit_count(k), e = 0;
    gcnsim_launch_t *g = calloc(1, sizeof *g);
    la_value_t *vals = calloc(n ? n : 1, sizeof *vals);
    uint8_t *zeros = calloc(1, LA_MAX_BYTES);
    int rc = -1;
    if (!g || !vals || !zeros) {
        set_err(err, errlen, "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        if (la_is_hidden(a->kind))
            continue;   /* the launch fills them in */
        if (e < n && zero_value(a, e, &vals[e], zeros, err, errlen))
            goto out;
        e++;
    }
    uint32_t grid[3] = {1, 1, 1};
    memcpy(grid, global, dims * sizeof *grid);
    uint32_t loc[3] = {0, 1, 1};
    if (local && local[0])
        memcpy(loc, local, dims * sizeof *loc);
    if (la_setup(&g->L, &m->m, k, dims, grid, loc, vals, n, err, errlen)) {
        la_free(&g->L);
        goto out;
    }
    *out = g;
    g = NULL;
    rc = 0;
out:
    free(g);
    free(vals);
    free(zeros);
    return rc;
}

void gcnsim_launch_free(gcnsim_launch_t *L)
{
    if (!L)
        return;
    tm_stats_free(&L->tc.stats);
    la_free(&L->L);
    free(L);
}

size_t gcnsim_arg_count(const gcnsim_launch_t *L)
{
    return L->L.nexplicit;
}

static int set_value(gcnsim_launch_t *L, size_t i, la_kind_t kind, uint64_t bits, uint64_t size, char *err,
                     size_t errlen)
{
    la_value_t v;
    memset(&v, 0, sizeof v);
    v.kind = kind;
    v.bits = bits;
    v.size = size;
    snprintf(v.spec, sizeof v.spec, "0x%llx", (unsigned long long)bits);
    return la_set_arg(&L->L, i, &v, err, errlen) ? -1 : 0;
}

int gcnsim_arg_addr(gcnsim_launch_t *L, size_t i, uint64_t addr, char *err, size_t errlen)
{
    return set_value(L, i, LA_ADDR, addr, 0, err, errlen);
}

int gcnsim_arg_u32(gcnsim_launch_t *L, size_t i, uint32_t v, char *err, size_t errlen)
{
    return set_value(L, i, LA_U32, v, 0, err, errlen);
}

int gcnsim_arg_u64(gcnsim_launch_t *L, size_t i, uint64_t v, char *err, size_t errlen)
{
    return set_value(L, i, LA_U64, v, 0, err, errlen);
}

int gcnsim_arg_f32(gcnsim_launch_t *L, size_t i, float v, char *err, size_t errlen)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return set_value(L, i, LA_F32, bits, 0, err, errlen);
}

int gcnsim_arg_local(gcnsim_launch_t *L, size_t i, uint32_t bytes, char *err, size_t errlen)
{
    la_value_t v = la_local(bytes);
    return la_set_arg(&L->L, i, &v, err, errlen) ? -1 : 0;
}

/* The cycle model of preset device ("" the target's default) with sets. */
static int setup_timing(gcnsim_launch_t *L, const char *device, const char *const *sets, size_t nsets, char *err,
                        size_t errlen)
{
    tm_stats_free(&L->tc.stats);
    memset(&L->tc, 0, sizeof L->tc);
    if (rep_device(&L->tc.dev, device[0] ? device : NULL, L->L.m->co.target, sets, nsets, err, errlen))
        return -1;
    L->L.sl.timing = &L->tc;
    return 0;
}

int gcnsim_run(gcnsim_launch_t *L, const char *device, const char *const *sets, size_t nsets,
               gcnsim_result_t *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    L->timed = 0;
    L->L.sl.timing = NULL;
    if (device && setup_timing(L, device, sets, nsets, err, errlen))
        return -1;
    sim_result_t sr;
    int st = la_run(&L->L, &sr, err, errlen);
    L->L.sl.timing = NULL;
    if (st < 0)
        return -1;
    r->status = st == 1 ? 1 : sr.hit_limit ? 2 : 0;
    r->wave_instructions = sr.ninst;
    r->workgroups = sr.nwg;
    r->waves = sr.nwaves;
    if (st == 1) {
        size_t k = strlen(sr.fault.msg) < sizeof r->fault ? strlen(sr.fault.msg) : sizeof r->fault - 1;
        memcpy(r->fault, sr.fault.msg, k);
        r->fault[k] = 0;
    }
    if (device) {
        L->timed = 1;
        r->cycles = L->tc.stats.cycles;
        r->time_us = (double)r->cycles / L->tc.dev.p[DEV_clock_mhz];
    }
    return 0;
}

int gcnsim_report(const gcnsim_launch_t *L, FILE *out, int json)
{
    if (!L->timed)
        return -1;
    const launch_t *l = &L->L;
    rep_launch_t rep = {l->k->name, l->m->co.target->name, &L->tc.dev, l->sl.dims,
                        {l->sl.grid[0], l->sl.grid[1], l->sl.grid[2]},
                        {l->sl.local[0], l->sl.local[1], l->sl.local[2]}, &L->tc.stats};
    if (!json) {
        rep_text(out, &rep);
        return 0;
    }
    json_t j;
    json_init(&j, out);
    json_begin_obj(&j, NULL);
    rep_json(&j, &rep);
    json_end(&j);
    json_finish(&j);
    return 0;
}
