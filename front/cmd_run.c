/* cmd_run.c — `gcnsim run`: launch a kernel on the simulated device. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/json.h"
#include "front/launch.h"
#include "front/report.h"
#include "front/timeline.h"
#include "front/trace.h"
#include "sim/dispatch.h"

static const char run_help[] =
    "usage: gcnsim run FILE --kernel NAME --global X[,Y[,Z]] [--local X[,Y[,Z]]]\n"
    "                  [--arg SPEC]... [--dump N=PATH]... [--json PATH|-]\n"
    "                  [--device NAME] [--set KEY=VALUE]... [--hotspots]\n"
    "                  [--timeline PATH] [--functional] [--max-inst N]\n"
    "                  [--trace PATH]\n"
    "\n"
    "Run a kernel of an AMDGPU code object on the simulated device, under the\n"
    "cycle model of the GCN compute units, and print the profiler report:\n"
    "cycles and time, instruction mix, VALUBusy, SALUBusy, VALUUtilization,\n"
    "occupancy and what limits it, stalls by reason, cache hit rates.\n"
    "\n"
    "  --kernel NAME      the kernel (may be left out when the file has one)\n"
    "  --global X[,Y[,Z]] grid size in work-items (as clEnqueueNDRangeKernel)\n"
    "  --local X[,Y[,Z]]  work-group size (default: the kernel's required size,\n"
    "                     else its maximum flat size, at most 256, in X)\n"
    "  --arg SPEC         the kernel's explicit arguments, in order:\n"
    "                       i32:V u32:V i64:V u64:V f32:V f64:V  a scalar by value\n"
    "                       buf:PATH     a device buffer holding the file's bytes\n"
    "                       zero:BYTES   a zero-filled device buffer\n"
    "                       local:BYTES  dynamic LDS for a __local pointer argument\n"
    "                     hidden arguments (global offsets, sizes, ...) are filled in\n"
    "  --dump N=PATH      after the run, write the buffer of explicit argument N\n"
    "                     (0-based) to PATH\n"
    "  --device NAME      the device preset (default: the one for the code object's\n"
    "                     target; gcnsim devices lists them and their parameters)\n"
    "  --set KEY=VALUE    override a device parameter (repeatable), e.g. cus=1\n"
    "                     for the view of one CU, clock_mhz=1000, l2_kib=2048\n"
    "  --hotspots         add the hot spots to the report: the 10 instructions with\n"
    "                     the most wave-cycles, then the kernel's disassembly with\n"
    "                     each instruction's count, wave-cycles and top stall reason\n"
    "  --timeline PATH    write a Chrome trace-event JSON timeline (open it in\n"
    "                     ui.perfetto.dev): a track per wave slot of each CU, a\n"
    "                     slice per wave and per instruction; instruction slices\n"
    "                     stop after the first 200000 (wave slices go on), so that\n"
    "                     large kernels give a bounded file\n"
    "  --functional       functional simulation only: no cycle model, no report\n"
    "                     (faster; results are the same)\n"
    "  --max-inst N       stop after about N wave-instructions\n"
    "  --trace PATH       record every executed wave-instruction into PATH: wave,\n"
    "                     pc, encoding, EXEC and every value written (SGPRs, SCC,\n"
    "                     VGPR lanes, memory and LDS dwords), with the cycle model\n"
    "                     also the issue and completion cycles; a seekable gzip\n"
    "                     file (zcat reads it; gcnsim trace dump and diff too)\n"
    "  --json PATH|-      write the summary and the report as JSON to PATH\n"
    "                     (- = stdout, instead of the text)\n"
    "\n"
    "Exit status: 0 the kernel ran to completion; 2 bad usage or input (an\n"
    "unknown device or parameter, a device that cannot run the code object);\n"
    "3 a wave faulted (out-of-bounds or misaligned access, illegal or\n"
    "unimplemented instruction, s_trap): the fault report goes to stderr.\n";

typedef struct {
    unsigned arg;
    const char *path;
} dump_t;

typedef struct {
    const char *file, *kernel, *json, *trace;
    char *options;                 /* the command line without --trace PATH, for the trace's header */
    unsigned dims;
    uint32_t global[3], local[3];
    la_value_t *vals;
    size_t nvals;
    dump_t *dumps;
    size_t ndumps;
    uint64_t max_inst;
    rep_opts_t t;                  /* the cycle-model options */
} run_opts_t;

static int parse_dump(const char *s, dump_t *d)
{
    char *end;
    errno = 0;
    unsigned long n = strtoul(s, &end, 10);
    if (end == s || *end != '=' || !end[1] || errno || n > 1000)
        return -1;
    d->arg = (unsigned)n;
    d->path = end + 1;
    return 0;
}

static int parse_args(int argc, char **argv, run_opts_t *o)
{
    char err[512];
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (cli_is_help(a)) {
            fputs(run_help, stdout);
            return 1;
        } else if (!strcmp(a, "--kernel") && has)
            o->kernel = argv[++i];
        else if (!strcmp(a, "--global") && has) {
            if (!(o->dims = la_parse_dims(argv[++i], o->global))) {
                cli_error("run: --global '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--local") && has) {
            unsigned d = la_parse_dims(argv[++i], o->local);
            if (!d) {
                cli_error("run: --local '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--arg") && has) {
            o->vals = realloc(o->vals, (o->nvals + 1) * sizeof *o->vals);
            if (!o->vals || la_parse_value(argv[++i], &o->vals[o->nvals], err, sizeof err)) {
                cli_error("run: %s", o->vals ? err : "out of memory");
                return -1;
            }
            o->nvals++;
        } else if (!strcmp(a, "--dump") && has) {
            o->dumps = realloc(o->dumps, (o->ndumps + 1) * sizeof *o->dumps);
            if (!o->dumps || parse_dump(argv[++i], &o->dumps[o->ndumps])) {
                cli_error("run: --dump '%s': expected N=PATH", argv[i]);
                return -1;
            }
            o->ndumps++;
        } else if (!strcmp(a, "--json") && has)
            o->json = argv[++i];
        else if (!strcmp(a, "--trace") && has)
            o->trace = argv[++i];
        else if (!strcmp(a, "--max-inst") && has)
            o->max_inst = strtoull(argv[++i], NULL, 10);
        else if ((took = rep_take_option(&o->t, argc, argv, &i, "run")) != 0) {
            if (took < 0)
                return -1;
        } else if (a[0] == '-' && a[1]) {
            cli_error("run: unknown or incomplete option '%s' (see gcnsim run --help)", a);
            return -1;
        } else if (!o->file)
            o->file = a;
        else {
            cli_error("run: more than one FILE given ('%s')", a);
            return -1;
        }
    }
    if (!o->file || !o->dims) {
        cli_error("run: %s (see gcnsim run --help)", !o->file ? "no FILE given" : "--global X[,Y[,Z]] is required");
        return -1;
    }
    if (rep_check_options(&o->t, "run"))
        return -1;
    return 0;
}

static int write_dumps(launch_t *L, const run_opts_t *o)
{
    for (size_t i = 0; i < o->ndumps; i++) {
        const dump_t *d = &o->dumps[i];
        if (d->arg >= L->nexplicit || !L->arg_addr[d->arg]) {
            cli_error("run: --dump %u: explicit argument %u is not a buffer (buf: or zero:)", d->arg, d->arg);
            return -1;
        }
        const uint8_t *p = mem_ptr(&L->m->mem, L->arg_addr[d->arg], L->arg_size[d->arg]);
        FILE *fp = fopen(d->path, "wb");
        if (!fp || (L->arg_size[d->arg] && fwrite(p, 1, L->arg_size[d->arg], fp) != L->arg_size[d->arg]) ||
            fclose(fp) != 0) {
            cli_error("run: --dump %u: cannot write %s: %s", d->arg, d->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

static void json_functional(json_t *j, const launch_t *L, const sim_result_t *r)
{
    json_str(j, "kernel", L->k->name);
    json_str(j, "target", L->m->co.target->name);
    json_begin_arr(j, "global");
    for (unsigned d = 0; d < L->sl.dims; d++)
        json_uint(j, NULL, L->sl.grid[d]);
    json_end(j);
    json_begin_arr(j, "local");
    for (unsigned d = 0; d < L->sl.dims; d++)
        json_uint(j, NULL, L->sl.local[d]);
    json_end(j);
    json_uint(j, "workgroups", r->nwg);
    json_uint(j, "waves", r->nwaves);
}

/* The summary as JSON; rep: the report of a completed timing run (its
 * "instructions" are by category, those of the functional core by
 * encoding then go to "instructions_by_encoding"). */
static void write_json(FILE *fp, const launch_t *L, const sim_result_t *r, int st, int timing,
                       const rep_launch_t *rep)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    if (rep)
        rep_json(&j, rep);
    else
        json_functional(&j, L, r);
    json_str(&j, "mode", timing ? "timing" : "functional");
    json_begin_obj(&j, rep ? "instructions_by_encoding" : "instructions");
    json_uint(&j, "total", r->ninst);
    for (unsigned e = 1; e < ISA_ENC_COUNT; e++)
        if (r->ninst_by_enc[e])
            json_uint(&j, isa_enc_name(e), r->ninst_by_enc[e]);
    json_end(&j);
    json_str(&j, "status", st == 1 ? "fault" : r->hit_limit ? "stopped" : "completed");
    if (st == 1) {
        json_begin_obj(&j, "fault");
        json_str(&j, "message", r->fault.msg);
        json_uint(&j, "pc", r->fault.pc);
        json_str(&j, "instruction", r->fault_disasm);
        json_int(&j, "lane", r->fault.lane);
        json_uint(&j, "address", r->fault.addr);
        json_uint(&j, "wave", r->fault_wave);
        json_end(&j);
    }
    json_end(&j);
    json_finish(&j);
}

static void progress(void *arg, uint64_t done, uint64_t groups, uint64_t ninst)
{
    const time_t *start = arg;
    if (time(NULL) - *start >= 2)
        fprintf(stderr, "\rgcnsim: %llu/%llu work-groups, %llu wave-instructions",
                (unsigned long long)done, (unsigned long long)groups, (unsigned long long)ninst);
}

/* Timing mode: the device, the model's configuration, the timeline. */
static int setup_timing(launch_t *L, const run_opts_t *o, tm_config_t *tc, tl_t **tl, char *err, size_t errlen)
{
    if (rep_device(&tc->dev, o->t.device, L->m->co.target, o->t.sets, o->t.nsets, err, errlen))
        return -1;
    tc->hotspots = o->t.hotspots;
    if (o->t.timeline) {
        tl_code_t code = {L->sk.t, L->sk.words, L->sk.ndw, L->sk.code_base, L->sk.entry};
        if (!(*tl = tl_open(o->t.timeline, &tc->dev, &code, TL_MAX_INST, err, errlen)))
            return -1;
        tc->on_event = tl_event;
        tc->event_arg = *tl;
    }
    L->sl.timing = tc;
    return 0;
}

static void print_text(const launch_t *L, const sim_result_t *r, int st, const rep_launch_t *rep, int hotspots)
{
    printf("%s on %s: %u work-group%s of %ux%ux%u, %llu waves, %llu wave-instructions: %s\n", L->k->name,
           L->m->co.target->name, (unsigned)r->nwg, r->nwg == 1 ? "" : "s", L->sl.local[0], L->sl.local[1],
           L->sl.local[2], (unsigned long long)r->nwaves, (unsigned long long)r->ninst,
           st == 1 ? "FAULT" : r->hit_limit ? "stopped at --max-inst" : "completed");
    if (!rep)
        return;
    fputc('\n', stdout);
    rep_text(stdout, rep);
    if (hotspots) {
        fputc('\n', stdout);
        rep_hotspots_kernel(stdout, rep, L->m, L->k);
    }
}

static int write_json_file(const char *path, const launch_t *L, const sim_result_t *r, int st, int timing,
                           const rep_launch_t *rep)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!fp) {
        cli_error("run: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    write_json(fp, L, r, st, timing, rep);
    if (fp != stdout && fclose(fp) != 0) {
        cli_error("run: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* The command line's arguments (without --trace PATH), shell-quoted where
 * needed, for the trace's header. */
static char *options_text(int argc, char **argv)
{
    size_t n = 1;
    for (int i = 1; i < argc; i++)
        n += 4 * strlen(argv[i]) + 3;
    char *s = malloc(n), *p = s;
    if (!s)
        return NULL;
    *p = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
            i++;
            continue;
        }
        const char *a = argv[i];
        int plain = *a != 0;
        for (const char *c = a; *c; c++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%", *c))
                plain = 0;
        if (p != s)
            *p++ = ' ';
        if (plain)
            p += sprintf(p, "%s", a);
        else {
            *p++ = '\'';
            for (const char *c = a; *c; c++)
                p += *c == '\'' ? sprintf(p, "'\\''") : sprintf(p, "%c", *c);
            *p++ = '\'';
            *p = 0;
        }
    }
    return s;
}

/* --trace: create the file and point the launch's hook at the recorder. */
static trace_writer_t *setup_trace(launch_t *L, const run_opts_t *o, trace_recorder_t *rec, char *err,
                                   size_t errlen)
{
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = o->t.functional ? TRACE_MODE_FUNCTIONAL : TRACE_MODE_TIMING;
    snprintf(h.target, sizeof h.target, "%s", L->m->co.target->name);
    snprintf(h.version, sizeof h.version, "%s", GCNSIM_VERSION);
    snprintf(h.kernel, sizeof h.kernel, "%s", L->k->name);
    h.code_base = L->sk.code_base;
    h.options = o->options;
    if (trace_sha256_file(o->file, h.co_sha256, err, errlen))
        return NULL;
    trace_writer_t *tw = trace_write_open(o->trace, &h, err, errlen);
    if (!tw)
        return NULL;
    trace_recorder_init(rec, tw, !o->t.functional);
    L->sl.on_step = trace_on_step;
    L->sl.step_arg = rec;
    L->sl.step_no_old = 1;   /* the recorder reads new values only */
    return tw;
}

/* Finish the trace after the run; 0 or -1 (reported). */
static int finish_trace(trace_writer_t *tw, trace_recorder_t *rec)
{
    char err[1024];
    int bad = rec->failed;
    if (bad)
        cli_error("run: --trace: %s", rec->err);
    if (trace_write_close(tw, err, sizeof err) && !bad) {
        cli_error("run: --trace: %s", err);
        bad = 1;
    }
    trace_recorder_free(rec);
    return bad ? -1 : 0;
}

int cmd_run(int argc, char **argv)
{
    run_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = parse_args(argc, argv, &o), rc = EXIT_USAGE;
    launch_t L;
    memset(&L, 0, sizeof L);
    tm_config_t tc;
    memset(&tc, 0, sizeof tc);
    tl_t *tl = NULL;
    trace_writer_t *tw = NULL;
    trace_recorder_t rec;
    memset(&rec, 0, sizeof rec);
    char err[1024];
    if (pr)
        goto out;
    if (o.trace && !(o.options = options_text(argc, argv))) {
        cli_error("run: out of memory");
        goto out;
    }
    if (la_prepare(&L, o.file, o.kernel, o.dims, o.global, o.local[0] ? o.local : NULL, o.vals, o.nvals, err,
                   sizeof err)) {
        cli_error("%s", err);
        goto out;
    }
    if (!o.t.functional && setup_timing(&L, &o, &tc, &tl, err, sizeof err)) {
        cli_error("run: %s", err);
        goto out;
    }
    if (o.trace && !(tw = setup_trace(&L, &o, &rec, err, sizeof err))) {
        cli_error("run: --trace: %s", err);
        goto out;
    }
    time_t start = time(NULL);
    L.sl.max_inst = o.max_inst;
    if (isatty(2)) {
        L.sl.progress = progress;
        L.sl.progress_arg = &start;
    }
    sim_result_t r;
    int st = la_run(&L, &r, err, sizeof err);
    int trace_bad = tw && finish_trace(tw, &rec);
    tw = NULL;
    if (trace_bad) {
        rc = EXIT_USAGE;
        goto out;
    }
    if (L.sl.progress && time(NULL) - start >= 2)
        fputc('\n', stderr);
    if (st < 0) {
        cli_error("run: %s", err);
        goto out;
    }
    rep_launch_t rep = {L.k->name, L.m->co.target->name, &tc.dev, L.sl.dims, {0}, {0}, &tc.stats};
    memcpy(rep.global, L.sl.grid, sizeof rep.global);
    memcpy(rep.local, L.sl.local, sizeof rep.local);
    /* a report when the run completed (a fault or --max-inst leaves partial statistics) */
    const rep_launch_t *report = !o.t.functional && st == 0 && !r.hit_limit ? &rep : NULL;
    if (!o.json || strcmp(o.json, "-"))   /* with --json -, stdout holds only the JSON */
        print_text(&L, &r, st, report, o.t.hotspots);
    if (st == 1)
        la_print_fault(stderr, &L, &r);
    rc = st == 1 ? EXIT_FAULT : EXIT_OK;
    if (write_dumps(&L, &o))
        rc = EXIT_USAGE;
    if (o.json && write_json_file(o.json, &L, &r, st, !o.t.functional, report))
        rc = EXIT_USAGE;
out:
    if (tw)
        finish_trace(tw, &rec);
    free(o.options);
    if (tl && tl_close(tl, err, sizeof err)) {
        cli_error("run: --timeline: %s", err);
        rc = EXIT_USAGE;
    }
    tm_stats_free(&tc.stats);
    for (size_t i = 0; i < o.nvals; i++)
        if (o.vals[i].kind == LA_BUF)
            free((void *)o.vals[i].data);
    free(o.vals);
    free(o.dumps);
    rep_opts_free(&o.t);
    la_free(&L);
    return pr > 0 ? EXIT_OK : rc;
}
