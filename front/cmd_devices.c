/* cmd_devices.c — `gcnsim devices`: the device presets and the parameters
 * of the cycle model, with each default's source. */
#include <stdio.h>
#include <string.h>
#include "front/cli.h"
#include "front/report/json.h"
#include "front/run_opts.h"
#include "sim/device.h"

enum { DO_SET = 1, DO_JSON };

static const opt_t devices_rows[] = {
    {"set", 0, "KEY=VALUE", "override a parameter, as gcnsim run --set does (shows the values a run would "
     "use; needs NAME; repeatable)", DO_SET, OPT_REPEAT | OPT_KEYS, run_set_key},
    {"json", 0, NULL, "write JSON to stdout instead of text", DO_JSON, 0, NULL},
    {0},
};
static const opt_table_t devices_table = {"options", devices_rows};
static const opt_table_t *const devices_tables[] = {&devices_table, NULL};

const opt_cmd_t cli_devices_cmd = {
    .name = "devices",
    .summary = "list device presets and the cycle-model parameters",
    .usage = "gcnsim devices [NAME] [--set KEY=VALUE]... [--json]",
    .description = "Without NAME: a table of the device presets (name, gfx target, compute\n"
                   "units, shader clock, FP64 rate, L2 size, DRAM bandwidth, product) and the\n"
                   "keys of the cycle-model parameters.  With NAME: every parameter of that\n"
                   "preset with its value, unit, meaning and where the default comes from\n"
                   "(a GCN-FACTS section and source, or a calibration choice).",
    .tables = devices_tables,
    .trailer = "Exit status: 0; 2 bad usage, an unknown preset or parameter, or a value\n"
               "out of range.",
    .fn = cmd_devices,
    .positional = run_preset_name,
};

typedef struct {
    const char *name, *sets[64];
    size_t nset;
    int json;
} devices_opts_t;

/* opt_take_fn: one option or operand of devices. */
static int devices_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    devices_opts_t *o = arg;
    (void)v2;
    if (!r && o->name) {
        cli_error("devices: unexpected argument '%s' (see gcnsim devices --help)", v);
        return -1;
    }
    if (!r)
        o->name = v;
    else if (r->id == DO_JSON)
        o->json = 1;
    else if (o->nset == sizeof o->sets / sizeof o->sets[0]) {
        cli_error("devices: more than %zu --set", o->nset);
        return -1;
    } else
        o->sets[o->nset++] = v;
    return 0;
}

/* "1/16": the FP64 rate of DPFACTOR dp (GCN-FACTS 1.3). */
static void fp64_rate(unsigned dp, char *buf, size_t len)
{
    snprintf(buf, len, "1/%u", 2 * dp);
}

/* "768 KiB", "4 MiB". */
static void kib_text(unsigned kib, char *buf, size_t len)
{
    if (kib >= 1024 && kib % 1024 == 0)
        snprintf(buf, len, "%u MiB", kib / 1024);
    else
        snprintf(buf, len, "%u KiB", kib);
}

static void list_text(void)
{
    printf("%-9s %-7s %4s %9s %5s %8s %9s  %s\n", "name", "target", "CUs", "clock", "FP64", "L2", "DRAM",
           "product");
    for (size_t i = 0; i < dev_preset_count(); i++) {
        const device_t *d = dev_preset_at(i);
        char rate[16], l2[24], clock[24], dram[24];
        fp64_rate(d->p[DEV_dp_factor], rate, sizeof rate);
        kib_text(d->p[DEV_l2_kib], l2, sizeof l2);
        snprintf(clock, sizeof clock, "%u MHz", d->p[DEV_clock_mhz]);
        snprintf(dram, sizeof dram, "%u GB/s", d->p[DEV_dram_gbps]);
        printf("%-9s %-7s %4u %9s %5s %8s %9s  %s\n", d->name, d->target, d->p[DEV_cus], clock, rate, l2, dram,
               d->product);
    }
    printf("\nparameters (gcnsim devices NAME: values and sources; override with --set KEY=VALUE):\n");
    for (unsigned i = 0; i < DEV_NPARAMS; i++) {
        const char *unit = dev_param_unit((dev_param_t)i);
        printf("  %-18s %-9s %s\n", dev_param_key((dev_param_t)i), unit[0] ? unit : "-",
               dev_param_desc((dev_param_t)i));
    }
}

static void detail_text(const device_t *d)
{
    printf("%s: %s, %s (gfx%u)\n\n", d->name, d->product, d->target, d->gen + 6u);
    for (unsigned i = 0; i < DEV_NPARAMS; i++) {
        dev_param_t k = (dev_param_t)i;
        printf("  %-18s %8u %-9s %s\n", dev_param_key(k), d->p[i], dev_param_unit(k), dev_param_desc(k));
        printf("  %-18s %8s %-9s source: %s\n", "", "", "", dev_param_source(d, k));
    }
}

static void params_json(json_t *j, const device_t *d, int sources)
{
    json_begin_arr(j, "params");
    for (unsigned i = 0; i < DEV_NPARAMS; i++) {
        dev_param_t k = (dev_param_t)i;
        json_begin_obj(j, NULL);
        json_str(j, "key", dev_param_key(k));
        if (d)
            json_uint(j, "value", d->p[i]);
        json_str(j, "unit", dev_param_unit(k));
        json_str(j, "description", dev_param_desc(k));
        if (d && sources)
            json_str(j, "source", dev_param_source(d, k));
        json_end(j);
    }
    json_end(j);
}

static void device_json(json_t *j, const device_t *d, int sources)
{
    char gen[8];
    snprintf(gen, sizeof gen, "gfx%u", d->gen + 6u);
    json_begin_obj(j, NULL);
    json_str(j, "name", d->name);
    json_str(j, "product", d->product);
    json_str(j, "target", d->target);
    json_str(j, "generation", gen);
    if (sources)
        params_json(j, d, 1);
    else {
        json_begin_obj(j, "params");
        for (unsigned i = 0; i < DEV_NPARAMS; i++)
            json_uint(j, dev_param_key((dev_param_t)i), d->p[i]);
        json_end(j);
    }
    json_end(j);
}

static int write_json(const device_t *d)
{
    json_t j;
    json_init(&j, stdout);
    if (d)
        device_json(&j, d, 1);
    else {
        json_begin_obj(&j, NULL);
        json_begin_arr(&j, "presets");
        for (size_t i = 0; i < dev_preset_count(); i++)
            device_json(&j, dev_preset_at(i), 0);
        json_end(&j);
        params_json(&j, NULL, 0);
        json_end(&j);
    }
    if (json_finish(&j) != 0) {
        cli_error("devices: error writing JSON");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int cmd_devices(int argc, char **argv)
{
    devices_opts_t o;
    memset(&o, 0, sizeof o);
    int rc = opt_parse(&cli_devices_cmd, argc, argv, devices_take, &o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (!o.name) {
        if (o.nset) {
            cli_error("devices: --set needs a preset NAME");
            return EXIT_USAGE;
        }
        if (o.json)
            return write_json(NULL);
        list_text();
        return EXIT_OK;
    }
    if (run_check_preset(o.name, &cli_devices_cmd, NULL))
        return EXIT_USAGE;
    for (size_t i = 0; i < o.nset; i++)
        if (run_check_set_key(o.sets[i], &cli_devices_cmd))
            return EXIT_USAGE;
    device_t d = *dev_preset(o.name);
    char err[512];
    if (dev_set_all(&d, (const char *const *)o.sets, o.nset, err, sizeof err) != 0) {
        cli_error("devices: --set %s", err);
        return EXIT_USAGE;
    }
    if (o.json)
        return write_json(&d);
    detail_text(&d);
    return EXIT_OK;
}
