/* cmd_run.c — `gcnsim run`: launch a kernel on the simulated device. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "front/util/strsafe.h"
#include "front/cli.h"
#include "front/report/json.h"
#include "front/report/waits.h"
#include "front/launch/launch.h"
#include "front/report/hotspots.h"
#include "front/report/flops.h"
#include "front/report/html.h"
#include "front/report/progress.h"
#include "front/report/report.h"
#include "front/run_multi.h"
#include "front/report/rocprof_csv.h"
#include "front/run_opts.h"
#include "front/report/timeline.h"
#include "front/trace/trace.h"
#include "sim/dispatch.h"

static const opt_table_t *const run_tables[] = {&run_launch_table, &run_device_table, &run_run_table,
                                                &run_exec_table, NULL};

const opt_cmd_t cli_run_cmd = {
    .name = "run",
    .summary = "run a kernel on the simulated device",
    .usage = "gcnsim run FILE [--kernel NAME] --global X[,Y[,Z]] [--local X[,Y[,Z]]]\n"
             "                  [--grid X[,Y[,Z]] --block X[,Y[,Z]]] [--target GFX]\n"
             "                  [--dynamic-lds BYTES] [--arg SPEC]...\n"
             "                  [--dump N=PATH[:TYPE]]... [--json PATH|-]\n"
             "                  [--device NAME[,NAME...]] [--set KEY=VALUE]... [--hotspots [N]]\n"
             "                  [--html PATH] [--timeline PATH [--timeline-max N]\n"
             "                  [--timeline-cus LIST]] [--functional] [--max-inst N]\n"
             "                  [--max-wave-inst N] [--trace PATH] [--progress|--no-progress]\n"
             "                  [--csv PATH [--stats]] [--threads N]",
    .description = "Run a kernel of an AMDGPU code object on the simulated device, under the\n"
                   "cycle model of the GCN compute units, and print the profiler report:\n"
                   "cycles and time, instruction mix, rocprof's metrics by rocprof's formulas\n"
                   "(VALUBusy, SALUBusy, VALUUtilization, MemUnitBusy, LDSBankConflict,\n"
                   "FetchSize, ... per wave where rocprof divides by SQ_WAVES), occupancy and\n"
                   "what limits it, stalls by reason, cache hit rates.  --csv writes the\n"
                   "dispatch as a row of rocprof's results.csv.\n"
                   "\n"
                   "FILE is a code object (v2-v5), a clang offload bundle (hipcc --genco) or a\n"
                   "host program or library with HIP device code (--target picks the code\n"
                   "object).  An option's value follows it (--kernel NAME) or is joined to it\n"
                   "with = (--kernel=NAME); -- ends the options.",
    .tables = run_tables,
    .trailer = "Ctrl-C (SIGINT) or SIGTERM stops the run: the report, --json, --dump and\n"
               "--trace cover what ran; a second one ends gcnsim at once.  A run stopped\n"
               "so or by --max-inst or --max-wave-inst is a partial report: the text says\n"
               "so and --json has \"partial\": true and \"partial_reason\" (\"interrupted by\n"
               "SIGINT\", \"interrupted by SIGTERM\", \"--max-inst\", \"--max-wave-inst\");\n"
               "a complete run has \"partial\": false.\n"
               "\n"
               "With --device a,b,... the kernel runs on each preset in turn with the same\n"
               "arguments (each must run the code object's target); a line per run, then\n"
               "the comparison of gcnsim compare.  --json then writes {\"runs\": [the\n"
               "report of each run], \"comparison\": {what gcnsim compare --json writes}};\n"
               "--dump writes the buffers of the last run; --trace and --timeline are\n"
               "refused.  A fault, an error or a signal ends the list there (the runs made\n"
               "so far are compared); --max-inst and --max-wave-inst stop each run in\n"
               "turn.  The exit status is that of the first run that did not complete,\n"
               "else 0.\n"
               "\n"
               "Exit status: 0 the kernel ran to completion; 2 bad usage or input (an\n"
               "unknown device or parameter, a device that cannot run the code object);\n"
               "3 a wave faulted (out-of-bounds or misaligned access, illegal or\n"
               "unimplemented instruction, s_trap): the fault report goes to stderr;\n"
               "4 stopped by --max-inst or --max-wave-inst (what stopped it goes to\n"
               "stderr); 130 or 143 stopped by SIGINT or SIGTERM.",
    .fn = cmd_run,
};

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

/* What the simulator dispatched (the last run): packet fields, the
 * kernarg segment its waves read, its queue and the buffer arguments. */
static void json_dispatch(json_t *j, launch_t *L)
{
    json_begin_obj(j, "dispatch");
    json_uint(j, "dims", L->sl.dims);
    json_begin_arr(j, "grid");
    for (int d = 0; d < 3; d++)
        json_uint(j, NULL, L->sl.grid[d]);
    json_end(j);
    json_begin_arr(j, "workgroup");
    for (int d = 0; d < 3; d++)
        json_uint(j, NULL, L->sl.local[d]);
    json_end(j);
    json_uint(j, "group_segment_size", la_group_segment_size(L));
    json_uint(j, "private_segment_size", L->sk.private_segment_fixed_size);
    char *hex = malloc(2 * (size_t)L->last_kernarg_size + 1);
    if (hex) {
        for (uint32_t i = 0; i < L->last_kernarg_size; i++)
            sprintf(hex + 2 * i, "%02x", L->last_kernarg[i]);
        hex[2 * (size_t)L->last_kernarg_size] = 0;
    }
    json_str(j, "kernarg", hex ? hex : "");
    free(hex);
    json_uint(j, "queue", L->last_queue);
    json_uint(j, "private_base_hi", SIM_PRIVATE_APERTURE >> 32);
    json_uint(j, "shared_base_hi", SIM_SHARED_APERTURE >> 32);
    json_begin_arr(j, "buffers");
    for (size_t i = 0; i < L->nexplicit; i++)
        if (L->arg_addr[i]) {
            json_begin_obj(j, NULL);
            json_uint(j, "arg", i);
            json_uint(j, "offset", L->arg[i]->offset);
            json_uint(j, "address", L->arg_addr[i]);
            json_uint(j, "size", L->arg_size[i]);
            json_end(j);
        }
    json_end(j);
    json_end(j);
}

/* Why the run stopped early: "limit": {"kind": "max-inst" | "max-wave-inst"
 * | "interrupted", and for the per-wave limit the wave and where it was}. */
static void json_limit(json_t *j, const sim_result_t *r)
{
    static const char *kinds[] = {"", "max-inst", "max-wave-inst", "interrupted"};
    json_begin_obj(j, "limit");
    json_str(j, "kind", kinds[r->hit_limit & 3]);
    if (r->hit_limit == SIM_LIMIT_WAVE) {
        json_begin_arr(j, "workgroup");
        for (int d = 0; d < 3; d++)
            json_uint(j, NULL, r->limit_wg[d]);
        json_end(j);
        json_uint(j, "wave", r->limit_wave);
        json_uint(j, "wave_instructions", r->limit_wave_inst);
        json_uint(j, "pc", r->limit_pc);
        json_str(j, "instruction", r->limit_disasm);
    }
    json_end(j);
}

/* Why a run stopped early (JSON "partial_reason", the text's partial line). */
static const char *partial_reason(int limit)
{
    if (limit == SIM_LIMIT_CANCEL)
        return cli_stop_signal() == SIGTERM ? "interrupted by SIGTERM" : "interrupted by SIGINT";
    return limit == SIM_LIMIT_INST ? "--max-inst" : "--max-wave-inst";
}

/* The summary as JSON; rep: the report of a completed timing run (its
 * "instructions" are by category, those of the functional core by
 * encoding then go to "instructions_by_encoding"). */
static void write_json(FILE *fp, launch_t *L, const sim_result_t *r, int st, int timing,
                       const rep_launch_t *rep, const hs_kernel_t *hs)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    if (rep) {
        rep_json(&j, rep);
        if (hs) {   /* --hotspots or --html: "hotspots", "lines", "blocks", "loops" */
            rep_json_flops(&j, rep, &L->m->co, &L->m->prog, L->k);
            hs_json(&j, hs);
        }
    } else
        json_functional(&j, L, r);
    if (rep)
        rep_waits_json(&j, rep, &L->m->co, &L->m->prog, L->k);
    json_str(&j, "mode", timing ? "timing" : "functional");
    json_begin_obj(&j, rep ? "instructions_by_encoding" : "instructions");
    json_uint(&j, "total", r->ninst);
    for (unsigned e = 1; e < ISA_ENC_COUNT; e++)
        if (r->ninst_by_enc[e])
            json_uint(&j, isa_enc_name(e), r->ninst_by_enc[e]);
    json_end(&j);
    json_str(&j, "status", st == 1 ? "fault" : r->hit_limit ? "stopped" : "completed");
    json_bool(&j, "partial", st != 1 && r->hit_limit);
    if (st != 1 && r->hit_limit)
        json_str(&j, "partial_reason", partial_reason(r->hit_limit));
    if (L->last_kernarg)
        json_dispatch(&j, L);
    if (st != 1 && r->hit_limit)
        json_limit(&j, r);
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

/* Timing mode: the device, the model's configuration, the timeline. */
static int setup_timing(launch_t *L, const run_opts_t *o, tm_config_t *tc, tl_t **tl, char *err, size_t errlen)
{
    if (rep_device(&tc->dev, o->t.device, L->m->co.target, o->t.sets, o->t.nsets, err, errlen))
        return -1;
    tc->hotspots = o->t.hotspots || o->html;   /* the page shows the instructions' cycles */
    if (o->t.timeline) {
        tl_code_t code = {L->sk.prog, L->sk.entry};
        uint64_t cap = !o->t.timeline_max_set ? TL_MAX_INST : o->t.timeline_max ? o->t.timeline_max : UINT64_MAX;
        if (!(*tl = tl_open(o->t.timeline, &tc->dev, &code, cap, err, errlen)))
            return -1;
        char why[256];
        if (o->t.timeline_cus && tl_set_cus(*tl, o->t.timeline_cus, why, sizeof why)) {
            snprintf(err, errlen, "--timeline-cus %s", why);
            return -1;
        }
        tc->on_event = tl_event;
        tc->event_arg = *tl;
    }
    L->sl.timing = tc;
    return 0;
}

static const char *stop_text(int limit)
{
    return limit == SIM_LIMIT_INST ? "stopped at --max-inst"
           : limit == SIM_LIMIT_WAVE ? "stopped at --max-wave-inst"
           : limit == SIM_LIMIT_CANCEL ? "interrupted" : "completed";
}

static void print_text(const launch_t *L, const sim_result_t *r, int st, const rep_launch_t *rep,
                       hs_kernel_t *hs, int hotspots)
{
    printf("%s on %s: %u work-group%s of %ux%ux%u, %llu waves, %llu wave-instructions: %s\n", L->k->name,
           L->m->co.target->name, (unsigned)r->nwg, r->nwg == 1 ? "" : "s", L->sl.local[0], L->sl.local[1],
           L->sl.local[2], (unsigned long long)r->nwaves, (unsigned long long)r->ninst,
           st == 1 ? "FAULT" : stop_text(r->hit_limit));
    if (!rep)
        return;
    fputc('\n', stdout);
    if (r->hit_limit)
        printf("partial report (%s): the dispatch was stopped before its end; the figures cover what ran\n",
               partial_reason(r->hit_limit));
    rep_text(stdout, rep);
    if (hotspots) {
        fputc('\n', stdout);
        if (hs)
            hs_print(stdout, hs, (size_t)hotspots);
        else
            printf("hot spots of %s: out of memory\n", L->k->name);
    }
}

static int write_json_file(const char *path, launch_t *L, const sim_result_t *r, int st, int timing,
                           const rep_launch_t *rep, const hs_kernel_t *hs)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!fp) {
        cli_error("run: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    write_json(fp, L, r, st, timing, rep, hs);
    if (fp != stdout && fclose(fp) != 0) {
        cli_error("run: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* --html: the JSON report made in memory, then the page around it. */
static int write_html_file(const char *path, launch_t *L, const sim_result_t *r, int st, int timing,
                           const rep_launch_t *rep, const hs_kernel_t *hs, const device_t *dev)
{
    char *doc = NULL, title[512], err[256];
    size_t n = 0;
    FILE *m = open_memstream(&doc, &n), *fp = NULL;
    if (m) {
        write_json(m, L, r, st, timing, rep, hs);
        fclose(m);
    }
    snprintf(title, sizeof title, "gcnsim: %s on %s", L->k->name, timing ? dev->name : "the functional simulator");
    const char *docs[1] = {doc};
    snprintf(err, sizeof err, "%s", !m || !doc ? "out of memory" : "");
    int bad = !m || !doc || !(fp = fopen(path, "w")) || html_write(fp, title, docs, NULL, 1, err, sizeof err);
    if (fp && fclose(fp) != 0 && !bad) {
        snprintf(err, sizeof err, "%s", strerror(errno));
        bad = 1;
    }
    if (bad)
        cli_error("run: --html: cannot write %s: %s", path, err[0] ? err : strerror(errno));
    free(doc);
    return bad ? -1 : 0;
}

/* The --csv row's fields of the dispatch (rep: its report) on GPU
 * gpu_id, malloc'ed in *fields (NULL after a fault: rep NULL).  0, or -1
 * after reporting. */
static int csv_fields(const launch_t *L, const rep_launch_t *rep, unsigned gpu_id, char **fields)
{
    rp_row_t row;
    *fields = NULL;
    if (!rep)
        return 0;
    rp_row_fill(&row, L, rep, 0);
    row.gpu_id = gpu_id;
    if (!(*fields = rp_csv_fields_str(&row))) {
        cli_error("run: --csv: out of memory");
        return -1;
    }
    return 0;
}

/* --csv PATH [--stats]: rocprof's results.csv of the dispatch (rep: its
 * report; NULL after a fault: no row).  0, or -1 after reporting. */
static int write_csv(const run_opts_t *o, const launch_t *L, const rep_launch_t *rep)
{
    char err[1024];
    char *fields;
    if (csv_fields(L, rep, 0, &fields))
        return -1;
    const char *const list[1] = {fields};
    int rc = rp_csv_write(o->csv, list, fields ? 1 : 0, o->stats, err, sizeof err);
    free(fields);
    if (rc)
        cli_error("run: --csv: %s", err);
    return rc;
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
    h.code = &L->m->prog;   /* the recorder and the writer's predictor look instructions up there */
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

int run_once(const run_opts_t *opts, int argc, char **argv, const run_multi_t *multi)
{
    run_opts_t o = *opts;   /* a view: cmd_run frees what it holds */
    int rc = EXIT_USAGE;
    launch_t L;
    memset(&L, 0, sizeof L);
    tm_config_t tc;
    memset(&tc, 0, sizeof tc);
    tl_t *tl = NULL;
    trace_writer_t *tw = NULL;
    trace_recorder_t rec;
    memset(&rec, 0, sizeof rec);
    hs_kernel_t *hs = NULL;
    char err[1024];
    if (multi)
        o.t.device = multi->device;
    if (o.trace && !(o.options = str_args_line(argc, argv, 1, "--trace"))) {
        cli_error("run: out of memory");
        goto out;
    }
    if (la_prepare(&L, o.file, run_want_gfx(&o), o.kernel, o.dims, o.global, o.local[0] ? o.local : NULL,
                   o.vals, o.nvals, err, sizeof err)) {
        cli_error("%s", err);
        goto out;
    }
    L.extra_lds = (uint32_t)o.dynamic_lds;
    if (!o.t.functional && setup_timing(&L, &o, &tc, &tl, err, sizeof err)) {
        cli_error("run: %s", err);
        goto out;
    }
    if (o.trace && !(tw = setup_trace(&L, &o, &rec, err, sizeof err))) {
        cli_error("run: --trace: %s", err);
        goto out;
    }
    prog_t prog;
    prog_init(&prog, stderr, o.progress, o.t.functional ? 0 : tc.dev.p[DEV_clock_mhz], o.max_inst,
              multi ? multi->device : NULL);
    L.sl.max_inst = o.max_inst;
    L.sl.max_wave_inst = o.max_wave_inst;
    L.sl.cancel = cli_catch_stop();
    if (prog.on) {
        L.sl.progress = prog_update;
        L.sl.progress_arg = &prog;
    }
    if (o.json && !strcmp(o.json, "-"))
        L.printf_out = stderr;   /* the kernel's printf output: stdout holds only the JSON */
    sim_result_t r;
    int st = la_run(&L, &r, err, sizeof err);
    prog_clear(&prog);
    int trace_bad = tw && finish_trace(tw, &rec);
    tw = NULL;
    if (trace_bad) {
        rc = EXIT_USAGE;
        goto out;
    }
    if (st < 0) {
        cli_error("run: %s", err);
        goto out;
    }
    rep_launch_t rep = {L.k->name, L.m->co.target->name, &tc.dev, L.sl.dims, {0}, {0}, &tc.stats};
    memcpy(rep.global, L.sl.grid, sizeof rep.global);
    memcpy(rep.local, L.sl.local, sizeof rep.local);
    /* a report unless a wave faulted (a limit leaves partial statistics, said so) */
    const rep_launch_t *report = !o.t.functional && st == 0 ? &rep : NULL;
    if (report && (o.t.hotspots || o.html))
        hs = hs_analyse_kernel(report, &L.m->co, &L.m->prog, L.k);
    if (multi && (!o.json || strcmp(o.json, "-")))
        printf("%s: ", multi->device);
    if (!o.json || strcmp(o.json, "-"))   /* with --json -, stdout holds only the JSON */
        print_text(&L, &r, st, multi ? NULL : report, hs, o.t.hotspots);
    if (st == 1)
        la_print_fault(stderr, &L, &r);
    else if (r.hit_limit)
        la_print_limit(stderr, "run", &L, &r);
    if (st != 1)
        la_print_warnings(stderr, "run", &L, &r);
    rc = st == 1 ? EXIT_FAULT : r.hit_limit == SIM_LIMIT_CANCEL ? 128 + cli_stop_signal()
         : r.hit_limit ? EXIT_LIMIT : EXIT_OK;
    if ((!multi || multi->last) && run_write_dumps(&L, &o, "run") && rc == EXIT_OK)
        rc = EXIT_USAGE;   /* a fault's or a limit's status says more */
    if (multi)
        write_json(multi->json, &L, &r, st, !o.t.functional, report, hs);
    else if (o.json && write_json_file(o.json, &L, &r, st, !o.t.functional, report, hs) && rc == EXIT_OK)
        rc = EXIT_USAGE;
    if (!multi && o.html && write_html_file(o.html, &L, &r, st, !o.t.functional, report, hs, &tc.dev) &&
        rc == EXIT_OK)
        rc = EXIT_USAGE;
    if (multi && o.csv && csv_fields(&L, report, multi->index, multi->csv) && rc == EXIT_OK)
        rc = EXIT_USAGE;
    if (!multi && o.csv && write_csv(&o, &L, report) && rc == EXIT_OK)
        rc = EXIT_USAGE;
out:
    if (tl)
        tl_series(tl, tc.stats.series);
    if (tw)
        finish_trace(tw, &rec);
    if (tl && tl_close(tl, err, sizeof err)) {
        cli_error("run: --timeline: %s", err);
        rc = EXIT_USAGE;
    }
    hs_free(hs);
    tm_stats_free(&tc.stats);
    free(o.options);
    la_free(&L);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    run_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = run_parse_args(&cli_run_cmd, argc, argv, &o), rc = EXIT_USAGE;
    if (!pr)
        rc = o.t.device && strchr(o.t.device, ',') ? run_multi(&o, argc, argv) : run_once(&o, argc, argv, NULL);
    run_opts_free(&o);
    return pr > 0 ? EXIT_OK : rc;
}
