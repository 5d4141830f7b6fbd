/* cmd_bench.c — `gcnsim bench`: run a built-in workload (bitonic sort,
 * reduction, GEMM) end to end on the simulated device, verify it against a
 * CPU reference and report the work and the speed. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/util/strsafe.h"
#include "front/cli.h"
#include "front/run_opts.h"
#include "front/device/gpu_compare.h"
#include "front/device/gpu_mirror.h"
#include "front/launch/launch.h"
#include "front/report/json.h"
#include "front/report/hotspots.h"
#include "front/report/report.h"
#include "front/report/timeline.h"
#include "front/report/waits.h"
#include "front/trace/trace.h"
#include "front/workloads/workloads.h"

typedef struct {
    const wl_workload_t *w;
    uint64_t n;
    const char *target, *co, *json;
    const char *trace;             /* --trace PATH */
    const char *save_dir;          /* --save-launch L DIR */
    uint64_t save_launch;
    int save;
    char *options;                 /* the command line, for the trace's header */
    int validate;                  /* --validate */
    int have_n;                    /* --n given */
    run_model_opts_t t;                  /* the cycle-model options */
} bench_opts_t;

/* --save-launch L DIR (dir NULL: missing): 0, or -1 after reporting. */
static int parse_save(const char *l, const char *dir, bench_opts_t *o)
{
    if (!l || !dir) {
        cli_error("bench: --save-launch needs a launch number and a directory: --save-launch L DIR");
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(l, &end, 10);
    if (!*l || *end || errno || l[0] == '-') {
        cli_error("bench: --save-launch '%s': expected a launch number (0 = the first)", l);
        return -1;
    }
    struct stat st;
    if (!*dir || (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))) {
        cli_error("bench: --save-launch %llu: '%s' %s", v, dir, *dir ? "exists and is not a directory"
                                                                  : "is no directory name");
        return -1;
    }
    o->save = 1;
    o->save_launch = v;
    o->save_dir = dir;
    return 0;
}

enum { BO_N = RO_OWN, BO_TARGET, BO_CO, BO_JSON, BO_TRACE, BO_SAVE, BO_VALIDATE };

static const char *bench_target(size_t i)
{
    static const char *const t[] = {"gfx701", "gfx803", "gfx900"};
    return i < 3 ? t[i] : NULL;
}

static const char *bench_workload(size_t i)
{
    for (size_t k = 0; wl_all[k]; k++)
        if (k == i)
            return wl_all[k]->name;
    return NULL;
}

static const opt_t bench_rows[] = {
    {"n", 0, "N", "problem size (default: the workload's); K, M or G suffix allowed (2^10, 2^20, 2^30)", BO_N,
     0, NULL},
    {"target", 0, "GFX", "which build of the workload's kernel to run: gfx701, gfx803 or gfx900 (default "
     "gfx900)", BO_TARGET, OPT_LIST, bench_target},
    {"co", 0, "FILE", "the code object to use instead of the built-in one (looked up in $GCNSIM_WORKLOADS, "
     "as front/workloads/bin/WORKLOAD-GFX.co next to the gcnsim executable, in ../share/gcnsim/workloads "
     "beside an installed one, or in front/workloads/bin of the working directory)", BO_CO,
     OPT_PATH, NULL},
    {"json", 0, "PATH|-", "also write the numbers (and each group's report) as JSON to PATH (- = stdout, "
     "instead of the text)", BO_JSON, OPT_PATH, NULL},
    {"functional", 0, NULL, "functional simulation only: no cycle model, no report", RO_FUNCTIONAL, 0, NULL},
    {"threads", 0, "N", RUN_THREADS_HELP, RO_THREADS, 0, NULL},
    {"hotspots", 0, "N", "add each group's hot spots: the N instructions, source lines (code objects built "
     "with -g) and basic blocks with the most wave-cycles (10 when N is left out), the loops, the annotated "
     "disassembly", RO_HOTSPOTS, OPT_OPT_NUM, NULL},
    {"timeline", 0, "PATH", "write a Chrome trace-event JSON timeline of all launches, one after the other "
     "(instruction slices stop after the first 200000; wave slices go on)", RO_TIMELINE, OPT_PATH, NULL},
    {"validate", 0, NULL, "also run every launch on a real AMD GPU (the ROCm HSA runtime, loaded at run time; "
     "see gcnsim validate), on device copies of the buffers that persist across launches as the simulator's "
     "do; compare the final buffers bit for bit and each launch group's device time with its simulated time.  "
     "The simulation uses the preset closest to the GPU (as gcnsim validate; or --device), with the GPU's CU "
     "count and clock", BO_VALIDATE, 0, NULL},
    {"trace", 0, "PATH", "record every launch into one trace file (as gcnsim run --trace): the records of "
     "launch 0, then launch 1, ... in launch order, each record carrying its launch number; the header names "
     "the workload's kernel and this command line.  gcnsim trace dump and diff read it", BO_TRACE, OPT_PATH,
     NULL},
    {"save-launch", 0, "L DIR", "(two values: --save-launch L DIR, or --save-launch=L DIR) make launch L "
     "(0-based, as trace dump --launch counts) debuggable: just before it runs, write into DIR (created if "
     "missing) argN.bin, the device contents of each buffer argument N, and debug.args, the arguments of "
     "gcnsim run and gcnsim debug that repeat the launch (code object, --kernel, --global, --local, one --arg "
     "per argument, --device, --set, --functional as given here); run launch L (into --trace too), then stop "
     "without the check, the report or --json, printing one line: launch L saved: gcnsim debug ARGS",
     BO_SAVE, OPT_TWO | OPT_DIR, NULL},
    {0},
};
static const opt_table_t bench_table = {"bench options", bench_rows};
static const opt_table_t *const bench_tables[] = {&bench_table, &run_device_table, NULL};

const opt_cmd_t cli_bench_cmd = {
    .name = "bench",
    .summary = "run a built-in workload (bitonic, reduce, gemm), verify it, time it",
    .usage = "gcnsim bench WORKLOAD [--n N] [--target gfx701|gfx803|gfx900]\n"
             "                    [--co FILE] [--json PATH|-] [--device NAME]\n"
             "                    [--set KEY=VALUE]... [--hotspots [N]] [--timeline PATH]\n"
             "                    [--functional] [--threads N] [--validate] [--trace PATH]\n"
             "                    [--save-launch L DIR]",
    .description = "Run a built-in workload on the simulated device under the cycle model,\n"
                   "check its result against a CPU reference, and print the problem, PASS or\n"
                   "FAIL, the wave-instructions executed, the launches and the wall time,\n"
                   "then the profiler report of each launch group (consecutive launches of\n"
                   "the kernel with the same sizes: all launches of the bitonic sort are one\n"
                   "group, each pass size of the reduction one; the figures are summed over\n"
                   "the group's launches).\n"
                   "\n"
                   "workloads:\n"
                   "  bitonic   bitonic sort of N uint keys (N a power of two, default 65536):\n"
                   "            one launch per stage and pass; checked exactly against qsort\n"
                   "  reduce    sum of N uint values mod 2^32 (default 1048576): work-group\n"
                   "            tree reductions in LDS, then a final pass; checked exactly\n"
                   "  gemm      C = alpha*A*B + beta*C, N x N floats (N a multiple of 64,\n"
                   "            default 256): 64x64 LDS tiles, 4x4 per work-item; checked\n"
                   "            against a double reference within the dot-product rounding\n"
                   "            bound (K+4)*2^-24*(|alpha|*sum|a*b| + |beta*c|)",
    .tables = bench_tables,
    .trailer = "Exit status: 0 verified (and with --validate: the device's buffers equal\n"
               "the simulator's; with --save-launch: saved); 1 the result is wrong or\n"
               "differs from the device's; 2 bad usage or input, the device failed, or\n"
               "--save-launch L beyond the last launch; 3 a wave faulted (the fault\n"
               "report goes to stderr); 4 a wave executed 2^26 instructions without\n"
               "ending (gcnsim run's --max-wave-inst default; said on stderr); 77\n"
               "--validate skipped, with one line saying why (no runtime, no GPU, or no\n"
               "GPU of the target); 130 or 143 stopped by SIGINT or SIGTERM (--trace\n"
               "then holds the launches up to there).",
    .fn = cmd_bench,
    .positional = bench_workload,
};

/* The workload operand: 0, or -1 after reporting. */
static int take_workload(bench_opts_t *o, const char *a)
{
    if (o->w) {
        cli_error("bench: more than one workload given ('%s')", a);
        return -1;
    }
    if (!(o->w = wl_find(a))) {
        const char *near = opt_suggest(a, bench_workload);
        if (near)
            cli_error("bench: unknown workload '%s' (did you mean %s? bitonic, reduce, gemm)", a, near);
        else
            cli_error("bench: unknown workload '%s' (bitonic, reduce, gemm)", a);
        return -1;
    }
    return 0;
}

static int take_n(bench_opts_t *o, const char *v)
{
    uint64_t n;
    if (la_parse_size(v, UINT64_MAX, &n)) {
        cli_error("bench: --n '%s': expected a positive number (decimal or 0x hex; K, M or G suffix allowed)", v);
        return -1;
    }
    o->n = n;
    o->have_n = 1;
    return 0;
}

/* opt_take_fn: one option or operand of bench. */
static int bench_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    bench_opts_t *o = arg;
    if (!r)
        return take_workload(o, v);
    int took = run_model_take(&o->t, &cli_bench_cmd, r->id, v);
    if (took)
        return took < 0 ? -1 : 0;
    switch (r->id) {
    case BO_N: return take_n(o, v);
    case RO_THREADS: return run_take_threads("bench", v);
    case BO_TARGET:
        o->target = v;
        if (strcmp(v, "gfx701") && strcmp(v, "gfx803") && strcmp(v, "gfx900")) {
            const char *near = opt_suggest(v, bench_target);
            cli_error("bench: --target '%s': the workloads are built for gfx701, gfx803 and gfx900%s%s%s", v,
                      near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
            return -1;
        }
        return 0;
    case BO_CO: o->co = v; return 0;
    case BO_JSON: o->json = v; return 0;
    case BO_TRACE: o->trace = v; return 0;
    case BO_VALIDATE: o->validate = 1; return 0;
    default: return parse_save(v, v2, o);
    }
}

static int parse_args(int argc, char **argv, bench_opts_t *o)
{
    o->target = "gfx900";
    int rc = opt_parse(&cli_bench_cmd, argc, argv, bench_take, o);
    if (rc)
        return rc;
    if (run_check_threads_env("bench"))
        return -1;
    if (!o->w) {
        cli_error("bench: no workload given: bitonic, reduce or gemm (see gcnsim bench --help)");
        return -1;
    }
    if (run_model_check(&o->t, &cli_bench_cmd))
        return -1;
    if (o->validate && o->t.functional) {
        cli_error("bench: --validate compares times with the cycle model: leave out --functional");
        return -1;
    }
    if (o->validate && o->save) {
        cli_error("bench: --save-launch saves a launch for the simulator alone: leave out --validate");
        return -1;
    }
    if (o->validate && o->json && !strcmp(o->json, "-")) {
        cli_error("bench: --validate prints its comparison on stdout: give --json a file, not -");
        return -1;
    }
    if (!o->have_n)
        o->n = o->w->default_n;
    char err[256];
    if (o->w->check_n(o->n, err, sizeof err)) {
        cli_error("%s", err);
        return -1;
    }
    return 0;
}

/* The workload's code object: --co, $GCNSIM_WORKLOADS, next to the
 * executable in the source tree (front/workloads/bin), where `make
 * install` put it (EXE/../share/gcnsim/workloads), or relative to the
 * working directory. */
static const char *find_co(const bench_opts_t *o, char *buf, size_t n)
{
    static const char *const beside[] = {"%s/front/workloads/bin/%s-%s.co", "%s/../share/gcnsim/workloads/%s-%s.co"};
    if (o->co)
        return o->co;
    const char *env = getenv("GCNSIM_WORKLOADS");
    if (env && *env) {
        snprintf(buf, n, "%s/%s-%s.co", env, o->w->name, o->target);
        return buf;
    }
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = len > 0 ? (exe[len] = 0, strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = 0;
        for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
            snprintf(buf, n, beside[i], exe, o->w->name, o->target);
            if (access(buf, R_OK) == 0)
                return buf;
        }
    }
    snprintf(buf, n, "front/workloads/bin/%s-%s.co", o->w->name, o->target);
    if (access(buf, R_OK) != 0) {
        cli_error("bench: no %s-%s.co in front/workloads/bin beside gcnsim, in ../share/gcnsim/workloads "
                  "beside it or in the working directory: set GCNSIM_WORKLOADS=DIR or give --co FILE",
                  o->w->name, o->target);
        return NULL;
    }
    return buf;
}

static const char *status_name(wl_status_t s)
{
    return s == WL_PASS ? "PASS" : s == WL_FAIL ? "FAIL" : s == WL_FAULT ? "FAULT" : s == WL_LIMIT ? "STOPPED" : "ERROR";
}

/* Whether the run ended before its check: a fault, or a limit. */
static int ended_early(wl_status_t s)
{
    return s == WL_FAULT || s == WL_LIMIT;
}

static long max_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

/* The report of launch group i of r. */
static rep_launch_t group_report(const la_module_t *m, const wl_group_t *g)
{
    rep_launch_t rep = {g->k->name, m->co.target->name, &g->tc.dev, g->dims, {0}, {0}, &g->tc.stats};
    memcpy(rep.global, g->global, sizeof rep.global);
    memcpy(rep.local, g->local, sizeof rep.local);
    return rep;
}

static void write_json(FILE *fp, const bench_opts_t *o, const la_module_t *m, const wl_result_t *r, wl_status_t st)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_str(&j, "workload", o->w->name);
    json_str(&j, "target", m->co.target ? m->co.target->name : o->target);
    json_str(&j, "mode", r->timing ? "timing" : "functional");
    if (r->timing)
        json_str(&j, "device", r->timing->dev.name);
    json_uint(&j, "n", o->n);
    json_str(&j, "problem", r->problem);
    json_str(&j, "verification", status_name(st));
    json_str(&j, "check", r->check);
    json_uint(&j, "launches", r->launches);
    json_uint(&j, "workgroups", r->nwg);
    json_uint(&j, "waves", r->nwaves);
    json_uint(&j, "wave_instructions", r->ninst);
    json_double(&j, "sim_seconds", r->sim_seconds);
    json_double(&j, "host_seconds", r->host_seconds);
    json_double(&j, "wave_instructions_per_second", r->sim_seconds > 0 ? (double)r->ninst / r->sim_seconds : 0);
    if (r->timing) {
        json_uint(&j, "cycles", r->cycles);
        json_double(&j, "cycles_per_second", r->sim_seconds > 0 ? (double)r->cycles / r->sim_seconds : 0);
    }
    json_int(&j, "max_rss_kib", max_rss_kib());
    if (r->timing && !ended_early(st)) {
        json_begin_arr(&j, "groups");
        for (size_t i = 0; i < r->ngroups; i++) {
            rep_launch_t rep = group_report(m, &r->groups[i]);
            json_begin_obj(&j, NULL);
            rep_json(&j, &rep);
            rep_waits_json(&j, &rep, &m->co, &m->prog, r->groups[i].k);
            json_end(&j);
        }
        json_end(&j);
    }
    json_end(&j);
    json_finish(&j);
}

static void print_text(const bench_opts_t *o, const la_module_t *m, const wl_result_t *r, wl_status_t st)
{
    printf("%s on %s: %s\n", o->w->name, m->co.target->name, r->problem);
    if (!ended_early(st))
        printf("  verification       %s: %s\n", status_name(st), r->check);
    else
        printf("  verification       not done: %s in launch %llu\n",
               st == WL_FAULT ? "a wave faulted" : "the run was stopped", (unsigned long long)r->launches);
    printf("  wave-instructions  %llu (%llu work-groups, %llu waves)\n", (unsigned long long)r->ninst,
           (unsigned long long)r->nwg, (unsigned long long)r->nwaves);
    printf("  launches           %llu\n", (unsigned long long)r->launches);
    printf("  wall time          %.3f s simulating (%.1f M wave-instructions/s), %.3f s host setup and check\n",
           r->sim_seconds, r->sim_seconds > 0 ? (double)r->ninst / r->sim_seconds / 1e6 : 0.0, r->host_seconds);
    if (!r->timing || ended_early(st))
        return;
    printf("  model speed        %.2f M simulated cycles/s on %s\n",
           r->sim_seconds > 0 ? (double)r->cycles / r->sim_seconds / 1e6 : 0.0, r->timing->dev.name);
    for (size_t i = 0; i < r->ngroups; i++) {
        const wl_group_t *g = &r->groups[i];
        rep_launch_t rep = group_report(m, g);
        printf("\nlaunch group %zu of %zu: %u launch%s of %s\n", i + 1, r->ngroups, g->tc.stats.launches,
               g->tc.stats.launches == 1 ? "" : "es", g->k->name);
        rep_text(stdout, &rep);
        if (o->t.hotspots) {
            fputc('\n', stdout);
            rep_hotspots_kernel(stdout, &rep, &m->co, &m->prog, g->k, (size_t)o->t.hotspots);
        }
    }
}

/* --validate: the device, each mirrored buffer against the simulator's,
 * each launch group's device and simulated time.  Returns the number of
 * buffers that differ, or -1 after reporting a device error. */
static int print_validation(gpu_mirror_t *d, la_module_t *m, const wl_result_t *r, const char *overrides)
{
    const gpu_info_t *g = &d->info;
    char err[768], verdict[256];
    int ndiff = 0;
    printf("\nvalidation: %llu launches also run on %s, %s, %u CUs, %u MHz (%s)\n",
           (unsigned long long)d->dispatches, g->name, g->target, g->cus, g->clock_mhz, g->runtime);
    printf("  simulated  preset %s, overrides: %s\n", r->timing->dev.name, overrides);
    for (size_t i = 0; i < d->nbufs; i++) {
        const gpu_buf_t *b = &d->bufs[i];
        uint8_t *dev = malloc(b->size ? b->size : 1);
        if (!dev || gpu_mirror_fetch(d, b, dev, err, sizeof err)) {
            cli_error("bench: device: %s", dev ? err : "out of host memory");
            free(dev);
            return -1;
        }
        gpu_elem_t e = gpu_elem_type(b->type_name);
        gpu_cmp_t c;
        const void *sim = la_host(m, b->sim_base, b->size);
        gpu_compare(sim, dev, b->size, e, 0, &c);
        ndiff += gpu_cmp_describe(&c, e, sim, dev, 0, verdict, sizeof verdict) == GPU_DIFFERS;
        printf("  buffer     %s (%s, %llu bytes): %s\n", b->name, b->type_name && *b->type_name ? b->type_name : "?",
               (unsigned long long)b->size, verdict);
        free(dev);
    }
    for (size_t i = 0; i < r->ngroups; i++) {
        const wl_group_t *gr = &r->groups[i];
        uint32_t mhz = gr->tc.dev.p[DEV_clock_mhz];
        double sim_us = mhz ? (double)gr->tc.stats.cycles / mhz : 0.0, dev_us = (double)gr->device_ns / 1000.0;
        printf("  group %-4zu %u launch%s of %s: device %.3f us, simulated %.3f us (%llu cycles at %u MHz)", i + 1,
               gr->tc.stats.launches, gr->tc.stats.launches == 1 ? "" : "es", gr->k->name, dev_us, sim_us,
               (unsigned long long)gr->tc.stats.cycles, mhz);
        if (sim_us > 0)
            printf("; device/simulated %.3f", dev_us / sim_us);
        printf("\n");
    }
    printf("  result     %s\n", ndiff ? "DIFFER: the device's buffers are not the simulator's"
                                      : "AGREE: every buffer identical, bit for bit");
    return ndiff;
}

/* Timing mode: the device and the model's configuration (and timeline);
 * with a GPU (gpu, --validate) the preset nearest to it, its overrides
 * described in overrides. */
static int setup_timing(const bench_opts_t *o, const la_module_t *m, const gpu_mirror_t *gpu, tm_config_t *tc,
                        tl_t **tl, char *overrides, size_t olen, char *err, size_t errlen)
{
    memset(tc, 0, sizeof *tc);
    if (gpu ? gpu_sim_device(&tc->dev, &gpu->info, m->co.target, o->t.device, o->t.sets, o->t.nsets, overrides,
                             olen, err, errlen)
            : rep_device(&tc->dev, o->t.device, m->co.target, o->t.sets, o->t.nsets, err, errlen))
        return -1;
    tc->hotspots = o->t.hotspots;
    if (o->t.timeline) {
        tl_code_t code = {&m->prog, 0};
        const co_kernel_t *k = m->co.nkernels ? &m->co.kernels[0] : NULL;
        code.entry = k ? m->image_base + k->code_addr : m->prog.base;
        if (!(*tl = tl_open(o->t.timeline, &tc->dev, &code, TL_MAX_INST, err, errlen)))
            return -1;
    }
    return 0;
}


/* --trace: create the file (header: the module's kernels, the command
 * line) and make rec record into it.  Returns the writer, or NULL with a
 * message in err. */
static trace_writer_t *setup_trace(const bench_opts_t *o, const la_module_t *m, const char *file,
                                   trace_recorder_t *rec, char *err, size_t errlen)
{
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = o->t.functional ? TRACE_MODE_FUNCTIONAL : TRACE_MODE_TIMING;
    snprintf(h.target, sizeof h.target, "%s", m->co.target->name);
    snprintf(h.version, sizeof h.version, "%s", GCNSIM_VERSION);
    size_t k = 0;
    for (size_t i = 0; i < m->co.nkernels && k < sizeof h.kernel; i++)
        k += (size_t)snprintf(h.kernel + k, sizeof h.kernel - k, "%s%s", i ? "," : "", m->co.kernels[i].name);
    h.code_base = m->image_base + m->co.text_addr;
    h.code = &m->prog;   /* the recorder and the writer's predictor look instructions up there */
    h.options = o->options;
    if (trace_sha256_file(file, h.co_sha256, err, errlen))
        return NULL;
    trace_writer_t *tw = trace_write_open(o->trace, &h, err, errlen);
    if (tw)
        trace_recorder_init(rec, tw, !o->t.functional);
    return tw;
}

/* Finish the trace after the run: 0, or -1 after reporting why (a
 * recorder that failed has been reported by the run: wl_launch). */
static int finish_trace(trace_writer_t *tw, trace_recorder_t *rec)
{
    char err[1024];
    int bad = rec->failed;
    if (trace_write_close(tw, err, sizeof err) && !bad) {
        cli_error("bench: --trace: %s", err);
        bad = 1;
    }
    trace_recorder_free(rec);
    return bad ? -1 : 0;
}

/* --save-launch: what the hook before each launch needs, and its result. */
typedef struct {
    const bench_opts_t *o;
    char co[PATH_MAX + 64];        /* the code object, as debug.args names it */
    const char **extra;            /* --functional, --device, --set as given */
    size_t nextra;
    char *line;                    /* once saved: debug.args (malloc'ed) */
    int failed;
    char err[768];
} save_t;

/* wl_result_t.before_launch for --save-launch: save launch o->save_launch. */
static void save_hook(void *arg, launch_t *L, uint64_t launch)
{
    save_t *s = arg;
    if (launch == s->o->save_launch && !s->line && !s->failed)
        s->failed = la_save_launch(L, s->co, s->o->save_dir, s->extra, s->nextra, &s->line, s->err, sizeof s->err);
}

/* path relative to the working directory when it lies below it (the
 * built-in code objects are found by absolute path), else path. */
static void short_path(const char *path, char *out, size_t n)
{
    char cwd[PATH_MAX];
    size_t k;
    if (path[0] == '/' && getcwd(cwd, sizeof cwd) && (k = strlen(cwd)) > 1 && !strncmp(path, cwd, k) &&
        path[k] == '/')
        path += k + 1;
    snprintf(out, n, "%s", path);
}

/* --save-launch: set up s and r to save launch L of the run of file and
 * stop after it.  0, or -1 when out of memory. */
static int setup_save(const bench_opts_t *o, const char *file, save_t *s, wl_result_t *r)
{
    s->o = o;
    short_path(file, s->co, sizeof s->co);
    if (!(s->extra = malloc((3 + 2 * o->t.nsets) * sizeof *s->extra)))
        return -1;
    if (o->t.functional)
        s->extra[s->nextra++] = "--functional";
    if (o->t.device) {
        s->extra[s->nextra++] = "--device";
        s->extra[s->nextra++] = o->t.device;
    }
    for (size_t i = 0; i < o->t.nsets; i++) {
        s->extra[s->nextra++] = "--set";
        s->extra[s->nextra++] = o->t.sets[i];
    }
    r->before_launch = save_hook;
    r->before_arg = s;
    r->stop_after = o->save_launch + 1;
    return 0;
}

/* --save-launch after the run (status st, exit status rc so far): the
 * saved launch's line, or why there is none.  Returns the exit status. */
static int finish_save(const bench_opts_t *o, const save_t *s, const wl_result_t *r, wl_status_t st, int rc)
{
    unsigned long long l = o->save_launch, n = r->launches;
    if (s->line) {
        printf("launch %llu saved: gcnsim debug %s\n", l, s->line);
        return rc;
    }
    if (s->failed)
        cli_error("bench: --save-launch %llu: %s", l, s->err);
    else if (st == WL_PASS || st == WL_FAIL)
        cli_error("bench: --save-launch %llu: the run has %llu launch%s (0-%llu)", l, n, n == 1 ? "" : "es", n - 1);
    else if (ended_early(st))
        cli_error("bench: --save-launch %llu: not saved: %s in launch %llu", l,
                  st == WL_FAULT ? "a wave faulted" : "the run was stopped", n);
    return ended_early(st) ? rc : EXIT_USAGE;
}

/* Everything one bench run holds open (zeroed before bench_setup). */
typedef struct {
    la_module_t m;
    wl_result_t r;
    tm_config_t tc;
    tl_t *tl;
    gpu_mirror_t gpu;
    char overrides[256];
    trace_writer_t *tw;
    trace_recorder_t rec;
    save_t save;
} bench_run_t;

/* Open the code object file and set up what the options ask for (device,
 * cycle model, trace, --save-launch) in b.  0, or the exit status after
 * reporting the problem. */
static int bench_setup(bench_opts_t *o, bench_run_t *b, const char *file, int argc, char **argv)
{
    char err[1024];
    if (o->trace && !(o->options = str_args_line(argc, argv, 0, "--trace"))) {
        cli_error("bench: out of memory");
        return EXIT_USAGE;
    }
    if (la_open(&b->m, file, err, sizeof err)) {
        cli_error("bench: %s", err);
        return EXIT_USAGE;
    }
    if (o->validate) {
        gpu_status_t gs = gpu_mirror_open(&b->gpu, &b->m, err, sizeof err);
        if (gs != GPU_OK) {
            cli_error(gs == GPU_ERROR ? "bench: device: %s" : "bench --validate skipped: %s", err);
            return gs == GPU_ERROR ? EXIT_USAGE : EXIT_SKIP;
        }
        b->r.device = &b->gpu;
    }
    if (!o->t.functional) {
        if (setup_timing(o, &b->m, o->validate ? &b->gpu : NULL, &b->tc, &b->tl, b->overrides,
                         sizeof b->overrides, err, sizeof err)) {
            cli_error("bench: %s", err);
            return EXIT_USAGE;
        }
        b->r.timing = &b->tc;
        b->r.timeline = b->tl;
    }
    if (o->trace) {
        if (!(b->tw = setup_trace(o, &b->m, file, &b->rec, err, sizeof err))) {
            cli_error("bench: --trace: %s", err);
            return EXIT_USAGE;
        }
        b->r.trace = &b->rec;
    }
    if (o->save && setup_save(o, file, &b->save, &b->r)) {
        cli_error("bench: out of memory");
        return EXIT_USAGE;
    }
    return 0;
}

/* The report of a finished run (text, --validate table, --json) given the
 * workload's status st; returns the exit status, starting from rc. */
static int bench_report(const bench_opts_t *o, bench_run_t *b, wl_status_t st, int rc)
{
    int json_stdout = o->json && strcmp(o->json, "-") == 0;
    if (!json_stdout)   /* with --json -, stdout holds only the JSON */
        print_text(o, &b->m, &b->r, st);
    if (o->validate && (st == WL_PASS || st == WL_FAIL) && !json_stdout) {
        int nd = print_validation(&b->gpu, &b->m, &b->r, b->overrides);
        if (nd < 0)
            rc = EXIT_USAGE;
        else if (nd > 0 && rc == EXIT_OK)
            rc = EXIT_DIFF;
    }
    if (o->json) {
        FILE *fp = json_stdout ? stdout : fopen(o->json, "w");
        if (!fp) {
            cli_error("bench: cannot write %s: %s", o->json, strerror(errno));
            return EXIT_USAGE;
        }
        write_json(fp, o, &b->m, &b->r, st);
        if (fp != stdout)
            fclose(fp);
    }
    return rc;
}

/* Close what bench_setup opened; rc, or EXIT_USAGE when the timeline
 * cannot be finished. */
static int bench_close(bench_opts_t *o, bench_run_t *b, int rc)
{
    char err[1024];
    if (b->tw)
        finish_trace(b->tw, &b->rec);
    if (b->tl && tl_close(b->tl, err, sizeof err)) {
        cli_error("bench: --timeline: %s", err);
        rc = EXIT_USAGE;
    }
    free(o->options);
    free(b->save.extra);
    free(b->save.line);
    wl_result_free(&b->r);
    gpu_mirror_close(&b->gpu);
    la_close(&b->m);
    run_model_free(&o->t);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    bench_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = parse_args(argc, argv, &o);
    if (pr) {
        run_model_free(&o.t);
        return pr > 0 ? EXIT_OK : EXIT_USAGE;
    }
    char path[PATH_MAX + 64], err[1024];
    const char *file = find_co(&o, path, sizeof path);
    bench_run_t *b = file ? calloc(1, sizeof *b) : NULL;
    if (!file) {
        run_model_free(&o.t);
        return EXIT_USAGE;
    }
    if (!b) {
        cli_error("bench: out of memory");
        run_model_free(&o.t);
        return EXIT_USAGE;
    }
    int rc = bench_setup(&o, b, file, argc, argv);
    if (rc)
        goto out;
    b->r.n = o.n;
    b->r.cancel = cli_catch_stop();
    wl_status_t st = o.w->run(&b->m, o.n, &b->r, err, sizeof err);
    if (b->r.progress_shown)
        fputc('\n', stderr);
    rc = st == WL_PASS || st == WL_STOPPED ? EXIT_OK
         : st == WL_FAIL                    ? EXIT_DIFF
         : st == WL_FAULT                   ? EXIT_FAULT
         : st == WL_LIMIT                   ? (cli_stop_signal() ? 128 + cli_stop_signal() : EXIT_LIMIT)
                                            : EXIT_USAGE;
    int trace_bad = b->tw && finish_trace(b->tw, &b->rec);
    b->tw = NULL;
    if (st == WL_ERROR)
        cli_error("bench: %s", err);
    else if (trace_bad)
        rc = EXIT_USAGE;
    else if (o.save)   /* the saved line instead of the report */
        rc = finish_save(&o, &b->save, &b->r, st, rc);
    else
        rc = bench_report(&o, b, st, rc);
out:
    rc = bench_close(&o, b, rc);
    free(b);
    return rc;
}
