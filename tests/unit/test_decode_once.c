/* test_decode_once.c — one decoded program per module serves every tool.
 * On one module (the gfx900 bitonic workload): a timing run with hot spots,
 * a timeline and a trace recording decodes the code once (la_open); the
 * trace writer looks instructions up in that program and decodes nothing;
 * reading the trace back (records as text, the value predictor) decodes
 * each pc once; trace diff runs on that program; a debugger session's
 * instruction table is the module's program.  (Many launches of one
 * module: test_launch; that no other file of front/ calls isa_decode:
 * tests/layers/test_layers.py.) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/dbg/dbg.h"
#include "front/launch/launch.h"
#include "front/report/hotspots.h"
#include "front/report/report.h"
#include "front/report/timeline.h"
#include "front/trace/trace.h"
#include "front/trace/trace_code.h"
#include "front/trace/trace_diff.h"
#include "tests/unit/check.h"

#define CO "front/workloads/bin/bitonic-gfx900.co"
enum { N = 1024 };

/* Distinct pcs of a trace's records (the kernel's dwords: few). */
typedef struct {
    uint64_t pc[4096];
    size_t n;
} pcset_t;

static void pc_add(pcset_t *s, uint64_t pc)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->pc[i] == pc)
            return;
    if (s->n < sizeof s->pc / sizeof s->pc[0])
        s->pc[s->n++] = pc;
}

/* Read the trace at path back as text: the reader decodes each pc once. */
static void read_back(const char *path, uint64_t written)
{
    char err[512], dis[256];
    trace_reader_t *tr = trace_open(path, err, sizeof err);
    CHECK(tr != NULL, "trace read back (%s)", tr ? "" : err);
    if (!tr)
        return;
    const trace_header_t *h = trace_header(tr);
    static pcset_t pcs;
    pcs.n = 0;
    trace_rec_t r;
    memset(&r, 0, sizeof r);
    uint64_t n = 0, invalid = 0;
    int st;
    while ((st = trace_next(tr, &r, err, sizeof err)) == 1) {
        trace_disasm(h, &r, dis, sizeof dis);
        invalid += strcmp(dis, "<invalid>") == 0;
        pc_add(&pcs, r.pc);
        n++;
    }
    CHECK(st == 0 && n == written && !invalid, "trace: %llu records read back and shown as text",
          (unsigned long long)n);
    CHECK(h->prog && trace_prog_decodes(h->prog) == pcs.n,
          "trace reader: the predictor and the records as text decoded each of the %zu pcs once (%llu decodes)",
          pcs.n, (unsigned long long)(h->prog ? trace_prog_decodes(h->prog) : 0));
    trace_rec_free(&r);
    trace_close(tr);
}

/* A timing run with hot spots, a timeline and a trace of one launch. */
static void test_run_tools(void)
{
    char err[512], tl_path[] = "/tmp/gcnsim-test-once-tl-XXXXXX", tr_path[] = "/tmp/gcnsim-test-once-tr-XXXXXX";
    la_module_t m;
    int ok = la_open(&m, CO, err, sizeof err) == 0;
    CHECK(ok, "la_open %s (%s)", CO, ok ? "" : err);
    if (!ok) {
        la_close(&m);
        return;
    }
    uint32_t keys[N];
    for (unsigned i = 0; i < N; i++)
        keys[i] = (i * 2654435761u) ^ (i >> 3);
    uint64_t buf;
    const co_kernel_t *k = la_kernel(&m, NULL, err, sizeof err);
    launch_t L;
    memset(&L, 0, sizeof L);
    uint32_t global[3] = {N / 2, 1, 1}, local[3] = {64, 1, 1};
    ok = k && la_buffer(&m, sizeof keys, keys, "keys", &buf, err, sizeof err) == 0;
    la_value_t v[4] = {la_addr(buf), la_u32(3), la_u32(1), la_u32(1)};
    ok = ok && la_setup(&L, &m, k, 1, global, local, v, 4, err, sizeof err) == 0;
    CHECK(ok, "la_setup (%s)", ok ? "" : err);
    tm_config_t tc;
    memset(&tc, 0, sizeof tc);
    ok = ok && rep_device(&tc.dev, NULL, m.co.target, NULL, 0, err, sizeof err) == 0;
    tc.hotspots = 1;
    int fd1 = mkstemp(tl_path), fd2 = mkstemp(tr_path);
    CHECK(fd1 >= 0 && fd2 >= 0, "temporary files");
    if (fd1 >= 0)
        close(fd1);
    if (fd2 >= 0)
        close(fd2);
    tl_code_t code = {&m.prog, L.sk.entry};
    tl_t *tl = ok ? tl_open(tl_path, &tc.dev, &code, TL_MAX_INST, err, sizeof err) : NULL;
    CHECK(tl != NULL, "timeline opens (%s)", tl ? "" : err);
    tc.on_event = tl_event;
    tc.event_arg = tl;
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = TRACE_MODE_TIMING;
    snprintf(h.target, sizeof h.target, "%s", m.co.target->name);
    snprintf(h.version, sizeof h.version, "test");
    snprintf(h.kernel, sizeof h.kernel, "%s", k ? k->name : "");
    h.code_base = L.sk.code_base;
    h.code = &m.prog;
    h.options = "";
    trace_writer_t *tw = tl ? trace_write_open(tr_path, &h, err, sizeof err) : NULL;
    CHECK(tw != NULL, "trace writer opens (%s)", tw ? "" : err);
    if (!tw) {
        if (tl)
            tl_close(tl, err, sizeof err);
        la_free(&L);
        la_close(&m);
        return;
    }
    tc_writer_unthreaded(tw);   /* each record coded as it comes: the count below is final */
    trace_recorder_t rec;
    memset(&rec, 0, sizeof rec);
    trace_recorder_init(&rec, tw, 1);
    L.sl.timing = &tc;
    L.sl.on_step = trace_on_step;
    L.sl.step_arg = &rec;
    L.sl.step_no_old = 1;
    sim_result_t r;
    ok = la_run(&L, &r, err, sizeof err) == 0 && !rec.failed;
    CHECK(ok, "a timing run with a timeline and a trace (%s)", ok ? "" : err);
    uint64_t written = trace_write_count(tw);
    CHECK(written > 0 && trace_write_decodes(tw) == 0,
          "trace writer: %llu records coded, no instruction decoded (the predictor looks them up in the module's "
          "program)", (unsigned long long)written);
    CHECK(trace_write_close(tw, err, sizeof err) == 0, "trace closes");
    trace_recorder_free(&rec);
    CHECK(tl_inst_slices(tl) > 0, "timeline: instruction slices named from the module's program");
    CHECK(tl_close(tl, err, sizeof err) == 0, "timeline closes");

    rep_launch_t rep = {k->name, m.co.target->name, &tc.dev, 1, {N / 2, 1, 1}, {64, 1, 1}, &tc.stats};
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    rep_hotspots_kernel(fp, &rep, &m.co, &m.prog, k, HS_TOP_DEFAULT);
    fclose(fp);
    CHECK(text && strstr(text, "hot spots of bitonic_step") && strstr(text, "s_endpgm") && !strstr(text, ".long"),
          "hot spots: the kernel's annotated disassembly from the module's program");
    free(text);
    CHECK(m.prog_builds == 1 && L.sk.prog == &m.prog,
          "run, hot spots, timeline and trace recording: the module's code was decoded once (%u)", m.prog_builds);
    tm_stats_free(&tc.stats);
    la_free(&L);
    la_close(&m);

    read_back(tr_path, written);
    trace_diff_opts_t o;
    memset(&o, 0, sizeof o);
    o.timing = 1;
    FILE *out = fopen("/dev/null", "w");
    CHECK(out && trace_diff_files(tr_path, tr_path, &o, out, err, sizeof err) == 0,
          "trace diff of the trace with itself: the same (its readers' programs)");
    if (out)
        fclose(out);
    remove(tl_path);
    remove(tr_path);
}

/* A debugger session: its instruction table is the module's program. */
static void test_debugger(void)
{
    char err[512];
    la_value_t v[4];
    int ok = la_parse_value("zero:4096", &v[0], err, sizeof err) == 0;
    v[1] = la_u32(0), v[2] = la_u32(0), v[3] = la_u32(1);
    dbg_opts_t o;
    memset(&o, 0, sizeof o);
    o.file = CO;
    o.dims = 1;
    o.global[0] = 512, o.global[1] = o.global[2] = 1;
    o.local[0] = 64, o.local[1] = o.local[2] = 1;
    o.vals = v;
    o.nvals = 4;
    o.batch = 1;
    static dbg_t d;
    memset(&d, 0, sizeof d);
    ok = ok && dbg_open(&d, &o, err, sizeof err) == 0;
    CHECK(ok, "debugger session opens (%s)", ok ? "" : err);
    if (!ok) {
        la_value_free(&v[0]);
        return;
    }
    /* a scripted session, its output in a file */
    char path[] = "/tmp/gcnsim-test-once-dbg-XXXXXX";
    int fd = mkstemp(path);
    FILE *in = fd >= 0 ? fdopen(fd, "w+") : NULL;
    CHECK(in != NULL, "debugger: a script file");
    if (!in) {
        dbg_close(&d);
        la_value_free(&v[0]);
        return;
    }
    fputs("break bitonic_step\nrun\nstepi 20\ndisassemble\nx/8i $pc\ndelete\ncontinue\n", in);
    rewind(in);
    d.in = in;
    fflush(stdout);
    fflush(stderr);
    char opath[] = "/tmp/gcnsim-test-once-out-XXXXXX";
    int ofd = mkstemp(opath), out = dup(1), errfd = dup(2);
    if (ofd >= 0 && out >= 0 && errfd >= 0)
        dup2(ofd, 1), dup2(ofd, 2);
    dbg_main(&d);
    fflush(stdout);
    fflush(stderr);
    if (ofd >= 0 && out >= 0 && errfd >= 0)
        dup2(out, 1), dup2(errfd, 2);
    if (out >= 0)
        close(out);
    if (errfd >= 0)
        close(errfd);
    char text[65536] = "";
    ssize_t got = ofd >= 0 ? pread(ofd, text, sizeof text - 1, 0) : -1;
    if (got > 0)
        text[got] = 0;
    if (ofd >= 0)
        close(ofd);
    CHECK(strstr(text, "Breakpoint 1") && strstr(text, "Dump of assembler code") && strstr(text, "=> 0x") &&
              strstr(text, "exited normally"),
          "debugger: break, run, stepi, disassemble, x/i and continue ran");
    fclose(in);
    remove(path);
    remove(opath);
    const sim_prog_t *p = &d.L.m->prog;
    size_t same = 0;
    for (size_t i = 0; i < d.ncode; i++) {
        uint64_t off = d.code[i].addr - p->base;
        const isa_inst_t *in = off / 4 < p->ndw ? &p->inst[off / 4] : NULL;
        same += in && in->op == d.code[i].in.op && in->ndw == d.code[i].in.ndw && in->w[0] == d.code[i].in.w[0];
    }
    CHECK(d.ncode > 0 && same == d.ncode, "debugger: its %zu instructions are the module's program's", d.ncode);
    CHECK(d.L.m->prog_builds == 1 && d.L.sk.prog == p,
          "debugger: the session decoded the module's code once, and its runs share it (%u)", d.L.m->prog_builds);
    dbg_close(&d);
    la_value_free(&v[0]);
}

int main(void)
{
    test_run_tools();
    test_debugger();
    return check_done();
}
