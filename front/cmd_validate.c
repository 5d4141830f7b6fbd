/* cmd_validate.c — `gcnsim validate`: run a kernel on the simulator (under
 * the cycle model) and on a real GPU with the same launch, compare every
 * buffer argument and the kernel time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/device/gpu_compare.h"
#include "front/device/gpu_mirror.h"
#include "front/launch/launch.h"
#include "front/run_opts.h"

static const opt_table_t *const validate_tables[] = {&run_launch_table, &run_validate_table,
                                                     &run_device_table, NULL};

const opt_cmd_t cli_validate_cmd = {
    .name = "validate",
    .summary = "run a kernel on the simulator and on a real GPU, compare results and time",
    .usage = "gcnsim validate FILE [--kernel NAME] --global X[,Y[,Z]]\n"
             "                       [--local X[,Y[,Z]]] [--grid X[,Y[,Z]] --block X[,Y[,Z]]]\n"
             "                       [--target GFX] [--dynamic-lds BYTES] [--arg SPEC]...\n"
             "                       [--dump N=PATH[:TYPE]]... [--ulp N] [--device NAME]\n"
             "                       [--set KEY=VALUE]... [--threads N]",
    .description = "Run a kernel on the simulator and on a real AMD GPU with the same launch,\n"
                   "and show where they agree: each buffer argument compared element by\n"
                   "element, the device's kernel time next to the simulated time at the\n"
                   "device's clock.  The GPU is reached through the ROCm HSA runtime\n"
                   "(libhsa-runtime64.so.1), loaded at run time; the device gets the same\n"
                   "code object, the same initial buffers, the same kernarg segment (explicit\n"
                   "and hidden arguments; buffer pointers moved to its own copies) and the\n"
                   "same dispatch packet (sizes, LDS and scratch bytes) as the simulator.\n"
                   "\n"
                   "FILE and the launch options are those of gcnsim run.  The simulation's\n"
                   "preset, unless --device names one, is the preset closest to the GPU: of\n"
                   "its gfx target if there is one, else of its generation, and among those\n"
                   "the nearest CU count; the GPU's CU count and clock are applied to it\n"
                   "before any --set.\n"
                   "\n"
                   "The table: the GPU (name, gfx target, CUs, clock) and the preset used with\n"
                   "its overrides; per buffer argument its bytes and 'identical', 'within N\n"
                   "ULP' or 'DIFFERS' with the number of differing elements and the first one's\n"
                   "index and both values; the device time (its dispatch timestamps), the\n"
                   "simulated time (cycles / clock) and their ratio.",
    .tables = validate_tables,
    .trailer = "Exit status: 0 every buffer agrees; 1 a buffer differs; 2 bad usage or\n"
               "input, or the device failed; 3 the simulated kernel faulted (it is not\n"
               "run on the device); 4 a simulated wave executed 2^26 instructions\n"
               "without ending (gcnsim run's --max-wave-inst default); 77 skipped, with\n"
               "one line saying why: no runtime, no GPU, or no GPU of the code object's\n"
               "target; 130 or 143 stopped by SIGINT or SIGTERM.",
    .fn = cmd_validate,
};

typedef struct {
    size_t nbuf, ndiff, nwithin;
} tally_t;

/* One buffer argument's row: compare the simulator's bytes with the
 * device's; counts into t. */
static int compare_arg(gpu_mirror_t *d, launch_t *L, size_t i, uint64_t ulp, tally_t *t, char *err, size_t errlen)
{
    const gpu_buf_t *b = gpu_mirror_find(d, L->arg_addr[i]);
    uint8_t *dev = b ? malloc(b->size ? b->size : 1) : NULL;
    if (!b || !dev || gpu_mirror_fetch(d, b, dev, err, errlen)) {
        if (!b || !dev)
            snprintf(err, errlen, "argument %zu: %s", i, b ? "out of host memory" : "no device copy");
        free(dev);
        return -1;
    }
    uint64_t off = L->arg_addr[i] - b->sim_base, size = L->arg_size[i];
    if (off + size > b->size)
        size = b->size - off;
    const uint8_t *sim = la_host(L->m, L->arg_addr[i], size);
    const co_arg_t *a = L->arg[i];
    gpu_elem_t e = gpu_elem_type(a->type_name);
    gpu_cmp_t c;
    gpu_compare(sim, dev + off, size, e, ulp, &c);
    char label[80];
    snprintf(label, sizeof label, "%s%s%s", a->name && a->name[0] ? a->name : "",
             a->name && a->name[0] ? " " : "", a->type_name && a->type_name[0] ? a->type_name : "(buffer)");
    char verdict[256];
    int v = gpu_cmp_describe(&c, e, sim, dev + off, ulp, verdict, sizeof verdict);
    printf("  %3zu  %-22s %10llu  %s\n", i, label, (unsigned long long)size, verdict);
    t->nbuf++;
    t->ndiff += v == GPU_DIFFERS;
    t->nwithin += v == GPU_WITHIN;
    free(dev);
    return 0;
}

static void print_header(const gpu_mirror_t *d, launch_t *L, const device_t *dev, const char *overrides)
{
    const gpu_info_t *g = &d->info;
    printf("validate %s (%s): the simulator and the GPU\n", L->k->name, L->m->co.target->name);
    printf("  device     %s, %s, %u CUs, %u MHz (%s)\n", g->name, g->target, g->cus, g->clock_mhz, g->runtime);
    printf("  simulated  preset %s (%s), overrides: %s\n", dev->name, dev->product, overrides);
    printf("  launch     global %ux%ux%u, local %ux%ux%u, LDS %llu bytes, scratch %u bytes per work-item\n",
           L->sl.grid[0], L->sl.grid[1], L->sl.grid[2], L->sl.local[0], L->sl.local[1], L->sl.local[2],
           (unsigned long long)la_group_segment_size(L), L->sk.private_segment_fixed_size);
    printf("\n  arg  buffer                      bytes  result\n");
}

static void print_time(uint64_t ns, uint64_t cycles, uint32_t mhz)
{
    double sim_us = mhz ? (double)cycles / mhz : 0.0;
    printf("\n  time       device %.3f us, simulated %.3f us (%llu cycles at %u MHz)", (double)ns / 1000.0, sim_us,
           (unsigned long long)cycles, mhz);
    if (sim_us > 0)
        printf("; device/simulated %.3f\n", (double)ns / 1000.0 / sim_us);
    else
        printf("\n");
}

/* The verdict line; returns the exit status. */
static int print_verdict(const tally_t *t, uint64_t ulp)
{
    if (t->ndiff) {
        printf("  result     DIFFER: %zu of %zu buffer%s differ%s\n", t->ndiff, t->nbuf, t->nbuf == 1 ? "" : "s",
               t->ndiff == 1 ? "s" : "");
        return EXIT_DIFF;
    }
    if (t->nwithin)
        printf("  result     AGREE: %zu buffer%s within %llu ULP, the rest identical\n", t->nwithin,
               t->nwithin == 1 ? "" : "s", (unsigned long long)ulp);
    else
        printf("  result     AGREE: %s\n", t->nbuf ? "every buffer identical, bit for bit" : "no buffer to compare");
    return EXIT_OK;
}

/* Simulate L under the cycle model on dev; 0, or the exit status. */
static int simulate(launch_t *L, tm_config_t *tc)
{
    char err[1024];
    sim_result_t r;
    L->sl.timing = tc;
    L->sl.cancel = cli_catch_stop();
    int st = la_run(L, &r, err, sizeof err);
    L->sl.timing = NULL;
    if (st < 0) {
        cli_error("validate: %s", err);
        return EXIT_USAGE;
    }
    if (st == 1) {
        la_print_fault(stderr, L, &r);
        cli_error("validate: the simulated kernel faulted; it is not run on the device");
        return EXIT_FAULT;
    }
    if (r.hit_limit) {
        la_print_limit(stderr, "validate", L, &r);
        return r.hit_limit == SIM_LIMIT_CANCEL ? 128 + cli_stop_signal() : EXIT_LIMIT;
    }
    la_print_warnings(stderr, "validate", L, &r);
    return 0;
}

/* Everything after the device is open: simulate, dispatch, compare. */
static int validate(gpu_mirror_t *d, launch_t *L, const run_opts_t *o)
{
    char err[1024], overrides[256];
    tm_config_t tc;
    memset(&tc, 0, sizeof tc);
    int rc = EXIT_USAGE;
    uint64_t ns = 0;
    if (gpu_sim_device(&tc.dev, &d->info, L->m->co.target, o->t.device, o->t.sets, o->t.nsets, overrides,
                       sizeof overrides, err, sizeof err)) {
        cli_error("validate: %s", err);
        goto out;
    }
    if (gpu_mirror_map(d, L, err, sizeof err)) {
        cli_error("validate: device: %s", err);
        goto out;
    }
    if ((rc = simulate(L, &tc)) != 0)
        goto out;
    rc = EXIT_USAGE;
    if (run_write_dumps(L, o, "validate"))
        goto out;
    if (gpu_mirror_run(d, L, &ns, err, sizeof err)) {
        cli_error("validate: device: %s", err);
        goto out;
    }
    print_header(d, L, &tc.dev, overrides);
    tally_t t = {0, 0, 0};
    for (size_t i = 0; i < L->nexplicit; i++)
        if (L->arg_addr[i] && compare_arg(d, L, i, o->ulp, &t, err, sizeof err)) {
            cli_error("validate: device: %s", err);
            goto out;
        }
    print_time(ns, tc.stats.cycles, tc.dev.p[DEV_clock_mhz]);
    rc = print_verdict(&t, o->ulp);
out:
    tm_stats_free(&tc.stats);
    return rc;
}

int cmd_validate(int argc, char **argv)
{
    run_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = run_parse_args(&cli_validate_cmd, argc, argv, &o);
    int rc = EXIT_USAGE;
    char err[1024];
    launch_t L;
    memset(&L, 0, sizeof L);
    gpu_mirror_t d;
    memset(&d, 0, sizeof d);
    if (pr)
        goto out;
    if (la_prepare(&L, o.file, run_want_gfx(&o), o.kernel, o.dims, o.global, o.local[0] ? o.local : NULL,
                   o.vals, o.nvals, err, sizeof err)) {
        cli_error("validate: %s", err);
        goto out;
    }
    L.extra_lds = (uint32_t)o.dynamic_lds;
    gpu_status_t gs = gpu_mirror_open(&d, L.m, err, sizeof err);
    if (gs != GPU_OK) {
        if (gs == GPU_ERROR)
            cli_error("validate: device: %s", err);
        else
            cli_error("validate skipped: %s", err);
        rc = gs == GPU_ERROR ? EXIT_USAGE : EXIT_SKIP;
        goto out;
    }
    rc = validate(&d, &L, &o);
out:
    gpu_mirror_close(&d);
    la_free(&L);
    run_opts_free(&o);
    return pr > 0 ? EXIT_OK : rc;
}
