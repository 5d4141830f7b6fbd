/* ocl_record.c — the dispatch log `gcnsim exec` reads: when GCNSIM_EXEC_LOG
 * names a file, every kernel dispatch appends one line to it, written with
 * one write() on an O_APPEND descriptor so that records of several threads
 * or processes never interleave.  A line is a tab-separated summary that
 * exec aggregates (VALUBusy by rocprof's formula, front/report/rocprof.h;
 * the other figures as sim/timing.h derives them) and then the
 * dispatch's report as one-line JSON (front/report's rep_json, the members
 * `gcnsim run --json` writes):
 *
 *   D \t queue \t start_ns \t kernel \t device \t ns \t wave-insts \t timed
 *     \t valu_busy_pct \t achieved_waves_per_simd \t wave_cycles
 *     \t stall=N,stall=N,... \t trace file \t timeline file \t CSV fields \t JSON
 *
 * (queue: the queue's number in the process, ocl_queue.seq; start_ns: the
 * queue's clock when the dispatch began; CSV fields: the dispatch's row of
 * rocprof's results.csv after its Index, rp_csv_fields, or "-" without the
 * cycle model).  Every other command of a queue
 * (buffer transfers, maps, markers...) appends
 *
 *   C \t queue \t device \t command \t start_ns \t end_ns
 *
 * The trace and the timeline (when GCNSIM_EXEC_TRACE or _TIMELINE is 1)
 * are one file per dispatch, in the log's directory (a trace holds the
 * code of one code object; a program's dispatches may come from several),
 * named "-" in the line when there is none; gcnsim exec joins them into
 * one file each.  A dispatch's timeline is placed already (tl_place): at
 * its start on its queue's clock, in its queue's processes.  Without
 * GCNSIM_EXEC_LOG nothing is recorded (one getenv per command). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/ocl/ocl.h"
#include "front/report/report.h"
#include "front/report/rocprof.h"
#include "front/report/rocprof_csv.h"

#ifndef GCNSIM_OCL_VERSION   /* the Makefile gives gcnsim's version (front/cli.h) */
#define GCNSIM_OCL_VERSION "0"
#endif

/* The dispatch's report as JSON into fp (an open memory stream). */
static void record_json(FILE *fp, const launch_t *L, const sim_result_t *r, const tm_config_t *tc, uint64_t ns,
                        const char *status)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    if (tc) {
        rep_launch_t rep = {L->k->name, L->m->co.target->name, &tc->dev, L->sl.dims, {0}, {0}, &tc->stats};
        memcpy(rep.global, L->sl.grid, sizeof rep.global);
        memcpy(rep.local, L->sl.local, sizeof rep.local);
        rep_json(&j, &rep);
    } else {
        json_str(&j, "kernel", L->k->name);
        json_str(&j, "target", L->m->co.target->name);
        json_begin_arr(&j, "global");
        for (unsigned d = 0; d < L->sl.dims; d++)
            json_uint(&j, NULL, L->sl.grid[d]);
        json_end(&j);
        json_begin_arr(&j, "local");
        for (unsigned d = 0; d < L->sl.dims; d++)
            json_uint(&j, NULL, L->sl.local[d]);
        json_end(&j);
        json_uint(&j, "workgroups", r->nwg);
        json_uint(&j, "waves", r->nwaves);
    }
    json_str(&j, "mode", tc ? "timing" : "functional");
    json_uint(&j, "ns", ns);
    json_uint(&j, "wave_instructions", r->ninst);
    json_str(&j, "status", status);
    json_end(&j);
    json_finish(&j);
}

/* The number of this dispatch on queue q (from 0): the row's queue-index. */
static uint64_t queue_dispatch(cl_command_queue q)
{
    static struct qseen { struct qseen *next; cl_command_queue q; unsigned seq; uint64_t n; } *list;   /* under the lock */
    struct qseen *s = list;
    while (s && !(s->q == q && s->seq == q->seq))
        s = s->next;
    if (!s && (s = calloc(1, sizeof *s))) {
        s->q = q;
        s->seq = q->seq;
        s->next = list;
        list = s;
    }
    return s ? s->n++ : 0;
}

/* The dispatch's results.csv fields (malloc'ed), or NULL without the
 * cycle model or memory. */
static char *record_csv(const launch_t *L, cl_command_queue q, const tm_config_t *tc)
{
    if (!tc)
        return NULL;
    rep_launch_t rep = {L->k->name, L->m->co.target->name, &tc->dev, L->sl.dims, {0}, {0}, &tc->stats};
    memcpy(rep.global, L->sl.grid, sizeof rep.global);
    memcpy(rep.local, L->sl.local, sizeof rep.local);
    rp_row_t row;
    rp_row_fill(&row, L, &rep, q->now_ns);
    int dev = ocl_ctx_dev_index(q->ctx, q->dev);
    row.gpu_id = dev > 0 ? (unsigned)dev : 0;
    row.queue_id = q->seq;
    row.queue_index = queue_dispatch(q);
    return rp_csv_fields_str(&row);
}

/* Remove the writer's line breaks and indentation: a raw newline never
 * occurs inside a JSON string (it is escaped), so every one is layout. */
static void one_line(char *s)
{
    char *w = s;
    for (const char *p = s; *p; p++) {
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            continue;
        }
        *w++ = *p;
    }
    *w = 0;
}

/* rocprof's VALUBusy of L's timing run tc (front/report/rocprof.h). */
static double valu_busy(const launch_t *L, const tm_config_t *tc)
{
    rep_launch_t rep = {L->k->name, L->m->co.target->name, &tc->dev, L->sl.dims, {0}, {0}, &tc->stats};
    rp_counters_t c;
    rp_counters(&rep, &c);
    return rp_value(&c, "VALUBusy");
}

/* The summary fields of the line (before the JSON) into fp. */
static void record_summary(FILE *fp, const launch_t *L, cl_command_queue q, const sim_result_t *r,
                           const tm_config_t *tc, uint64_t ns)
{
    const tm_stats_t *s = tc ? &tc->stats : NULL;
    fprintf(fp, "D\t%u\t%llu\t%s\t%s\t%llu\t%llu\t%d\t%.4f\t%.4f\t%llu\t", q->seq, (unsigned long long)q->now_ns,
            L->k->name, q->dev->dev.name, (unsigned long long)ns,
            (unsigned long long)r->ninst, tc != NULL, tc ? valu_busy(L, tc) : 0.0,
            s ? tm_achieved_waves_per_simd(s) : 0.0, s ? (unsigned long long)s->total.wave_cycles : 0ull);
    for (unsigned i = 0; i < TM_NSTALL; i++)
        fprintf(fp, "%s%s=%llu", i ? "," : "", tm_stall_name((tm_stall_t)i),
                s ? (unsigned long long)s->total.stall[i] : 0ull);
    fputc('\t', fp);
}

/* Append line to the log at path with one write(). */
static void append(const char *path, const char *line)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    if (write(fd, line, strlen(line)) < 0)
        fprintf(stderr, "gcnsim OpenCL: cannot append to GCNSIM_EXEC_LOG %s\n", path);
    close(fd);
}

/* Whether the variable name is set to something other than 0. */
static int asked(const char *name)
{
    const char *v = getenv(name);
    return v && v[0] && strcmp(v, "0");
}

/* The path of file name in the log's directory into buf. */
static void beside_log(const char *log, const char *name, char *buf, size_t n)
{
    const char *slash = strrchr(log, '/');
    int dir = slash ? (int)(slash - log) : 1;
    snprintf(buf, n, "%.*s/%s", dir, slash ? log : ".", name);
}

/* The number of this dispatch among those of L's kernel (from 0), as
 * gcnsim exec --save-dispatch and gcnsim debug --dispatch count them. */
static unsigned long kernel_dispatch(const launch_t *L)
{
    static struct seen { struct seen *next; unsigned long n; char name[]; } *list;   /* under the lock */
    struct seen *s = list;
    while (s && strcmp(s->name, L->k->name))
        s = s->next;
    if (!s && (s = calloc(1, sizeof *s + strlen(L->k->name) + 1))) {
        strcpy(s->name, L->k->name);
        s->next = list;
        list = s;
    }
    return s ? s->n++ : 0;
}

/* The trace of L into path (header: its module's kernels). */
static int open_trace(launch_t *L, int timing, const char *path, ocl_rec_files_t *f, char *err, size_t errlen)
{
    char options[600];
    snprintf(options, sizeof options, "gcnsim exec: OpenCL dispatch %s:%lu", L->k->name, kernel_dispatch(L));
    const la_module_t *m = L->m;
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = timing ? TRACE_MODE_TIMING : TRACE_MODE_FUNCTIONAL;
    snprintf(h.target, sizeof h.target, "%s", m->co.target->name);
    snprintf(h.version, sizeof h.version, "%s", GCNSIM_OCL_VERSION);
    snprintf(h.kernel, sizeof h.kernel, "%s", L->k->name);
    h.code_base = L->sk.code_base;
    h.code = &m->prog;
    h.options = options;
    trace_sha256(m->co.image, m->co.size, h.co_sha256);
    if (!(f->tw = trace_write_open(path, &h, err, errlen)))
        return -1;
    trace_recorder_init(&f->rec, f->tw, timing);
    L->sl.on_step = trace_on_step;
    L->sl.step_arg = &f->rec;
    L->sl.step_no_old = 1;
    return 0;
}

static uint64_t tl_slices;   /* instruction slices of the dispatches' timelines so far (under the lock) */
static int tl_noted;         /* one of them marked where the cap was reached */

/* The cap on the program's instruction slices: GCNSIM_EXEC_TIMELINE_MAX
 * (gcnsim exec --timeline-max; 0: none), else TL_MAX_INST. */
static uint64_t tl_cap(void)
{
    const char *v = getenv("GCNSIM_EXEC_TIMELINE_MAX");
    char *end;
    unsigned long long n = v && *v ? strtoull(v, &end, 10) : TL_MAX_INST;
    return v && *v && *end ? TL_MAX_INST : n ? n : UINT64_MAX;
}

/* The timeline of L on queue q into path (tc's events), placed at q's
 * clock; the instruction slices of all of them capped at tl_cap(); only
 * the CUs of GCNSIM_EXEC_TIMELINE_CUS when it is set. */
static int open_timeline(launch_t *L, cl_command_queue q, tm_config_t *tc, const char *path, ocl_rec_files_t *f,
                         char *err, size_t errlen)
{
    tl_code_t code = {&L->m->prog, L->m->image_base + L->k->code_addr};
    uint64_t cap = tl_cap(), left = tl_slices < cap ? cap - tl_slices : 0;
    const char *cus = getenv("GCNSIM_EXEC_TIMELINE_CUS");
    if (!(f->tl = tl_open(path, &tc->dev, &code, left, err, errlen)))
        return -1;
    char why[256];
    if (cus && *cus && tl_set_cus(f->tl, cus, why, sizeof why)) {
        snprintf(err, errlen, "--timeline-cus %s", why);
        tl_close(f->tl, why, sizeof why);
        f->tl = NULL;
        return -1;
    }
    tl_place(f->tl, q->now_ns, q->seq, tl_noted);
    tc->on_event = tl_event;
    tc->event_arg = f->tl;
    return 0;
}

void ocl_record_begin(launch_t *L, cl_command_queue q, tm_config_t *tc, ocl_rec_files_t *f)
{
    static unsigned seq;   /* dispatches of this process (under the driver's lock) */
    memset(f, 0, sizeof *f);
    ocl_save_dispatch(L);
    const char *log = getenv("GCNSIM_EXEC_LOG");
    if (!log || !log[0] || (!asked("GCNSIM_EXEC_TRACE") && !asked("GCNSIM_EXEC_TIMELINE")))
        return;
    char path[4200], err[512];
    unsigned n = seq++;
    if (asked("GCNSIM_EXEC_TRACE")) {
        snprintf(f->trace, sizeof f->trace, "d%ld-%u.trace", (long)getpid(), n);
        beside_log(log, f->trace, path, sizeof path);
        if (open_trace(L, tc != NULL, path, f, err, sizeof err)) {
            fprintf(stderr, "gcnsim OpenCL: trace: %s\n", err);
            f->trace[0] = 0;
        }
    }
    if (tc && asked("GCNSIM_EXEC_TIMELINE")) {
        snprintf(f->timeline, sizeof f->timeline, "d%ld-%u.json", (long)getpid(), n);
        beside_log(log, f->timeline, path, sizeof path);
        if (open_timeline(L, q, tc, path, f, err, sizeof err)) {
            fprintf(stderr, "gcnsim OpenCL: timeline: %s\n", err);
            f->timeline[0] = 0;
        }
    }
}

/* Close f's files (a file that failed is dropped from the record); the
 * timeline gets the counter tracks of tc's figures over time. */
static void close_files(ocl_rec_files_t *f, const tm_config_t *tc)
{
    char err[512];
    if (f->tw) {
        if (trace_write_close(f->tw, err, sizeof err) || f->rec.failed) {
            fprintf(stderr, "gcnsim OpenCL: trace: %s\n", f->rec.failed ? f->rec.err : err);
            f->trace[0] = 0;
        }
        trace_recorder_free(&f->rec);
    }
    if (f->tl) {
        if (tc)
            tl_series(f->tl, tc->stats.series);
        tl_slices += tl_inst_slices(f->tl);
        tl_noted |= tl_capped(f->tl);
    }
    if (f->tl && tl_close(f->tl, err, sizeof err)) {
        fprintf(stderr, "gcnsim OpenCL: timeline: %s\n", err);
        f->timeline[0] = 0;
    }
}

void ocl_record_dispatch(const launch_t *L, cl_command_queue q, const sim_result_t *r, const tm_config_t *tc,
                         uint64_t ns, const char *status, ocl_rec_files_t *f)
{
    close_files(f, tc);
    const char *path = getenv("GCNSIM_EXEC_LOG");
    if (!path || !path[0] || !r)
        return;
    char *json = NULL, *line = NULL;
    size_t jn = 0, ln = 0;
    FILE *fp = open_memstream(&json, &jn);
    if (!fp)
        return;
    record_json(fp, L, r, tc, ns, status);
    fclose(fp);
    one_line(json);
    char *csv = record_csv(L, q, tc);
    if ((fp = open_memstream(&line, &ln))) {
        record_summary(fp, L, q, r, tc, ns);
        fprintf(fp, "%s\t%s\t%s\t%s\n", f->trace[0] ? f->trace : "-", f->timeline[0] ? f->timeline : "-",
                csv ? csv : "-", json);
        fclose(fp);
        append(path, line);
    }
    free(csv);
    free(line);
    free(json);
}

/* The name of a command type in the timeline. */
static const char *command_name(cl_command_type type)
{
    static const struct { cl_command_type type; const char *name; } names[] = {
        {CL_COMMAND_READ_BUFFER, "read buffer"}, {CL_COMMAND_WRITE_BUFFER, "write buffer"},
        {CL_COMMAND_COPY_BUFFER, "copy buffer"}, {CL_COMMAND_FILL_BUFFER, "fill buffer"},
        {CL_COMMAND_MAP_BUFFER, "map buffer"}, {CL_COMMAND_UNMAP_MEM_OBJECT, "unmap"},
        {CL_COMMAND_MARKER, "marker"}, {CL_COMMAND_BARRIER, "barrier"},
        {CL_COMMAND_MIGRATE_MEM_OBJECTS, "migrate"}, {CL_COMMAND_READ_BUFFER_RECT, "read buffer rect"},
        {CL_COMMAND_WRITE_BUFFER_RECT, "write buffer rect"}, {CL_COMMAND_COPY_BUFFER_RECT, "copy buffer rect"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].type == type)
            return names[i].name;
    return "command";
}

void ocl_record_command(cl_command_queue q, cl_command_type type, uint64_t start, uint64_t end)
{
    const char *path = getenv("GCNSIM_EXEC_LOG");
    if (!path || !path[0])
        return;
    char line[512];
    snprintf(line, sizeof line, "C\t%u\t%s\t%s\t%llu\t%llu\n", q->seq, q->dev->dev.name, command_name(type),
             (unsigned long long)start, (unsigned long long)end);
    append(path, line);
}
