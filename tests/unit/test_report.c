/* test_report.c — the report (front/report/report.c) and the timeline
 * (front/report/timeline.c) on hand-built statistics and events: the JSON parses
 * and has every key the report promises, the percentages are the
 * definitions applied to the known counters (VALUBusy = 100 * VALU-busy
 * SIMD-cycles / (4 * CUs * cycles), ...), the text shows them, the hot
 * spots list every instruction, the timeline is valid trace-event JSON with
 * the times the clock gives, capped, and reports write errors. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/hotspots.h"
#include "front/report/report.h"
#include "front/report/timeline.h"
#include "sim/exec.h"
#include "tests/unit/check.h"

/* ---- a small JSON reader: validates and records every value by path ---- */

typedef struct {
    char path[96];
    const char *v;               /* the value's text */
    size_t len;
    char kind;                   /* 's' string, 'n' number, 'o' object, 'a' array, 'b' bool, 'z' null */
} jv_t;

typedef struct {
    const char *p;
    jv_t *vals;
    size_t n, cap;
    int bad;
} jr_t;

static void ws(jr_t *r)
{
    while (*r->p == ' ' || *r->p == '\n' || *r->p == '\t' || *r->p == '\r')
        r->p++;
}

static void record(jr_t *r, const char *path, const char *v, size_t len, char kind)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        r->vals = realloc(r->vals, r->cap * sizeof *r->vals);
    }
    jv_t *x = &r->vals[r->n++];
    snprintf(x->path, sizeof x->path, "%s", path);
    x->v = v;
    x->len = len;
    x->kind = kind;
}

static int jstring(jr_t *r)
{
    if (*r->p != '"')
        return -1;
    for (r->p++; *r->p && *r->p != '"'; r->p++)
        if (*r->p == '\\' && !*++r->p)
            return -1;
        else if ((unsigned char)*r->p < 0x20)
            return -1;
    if (*r->p != '"')
        return -1;
    r->p++;
    return 0;
}

static int jvalue(jr_t *r, const char *path);

static int jcontainer(jr_t *r, const char *path, char close)
{
    r->p++;
    ws(r);
    if (*r->p == close) {
        r->p++;
        return 0;
    }
    for (size_t i = 0;; i++) {
        char sub[96];
        ws(r);
        if (close == '}') {
            const char *k = r->p + 1;
            if (jstring(r))
                return -1;
            snprintf(sub, sizeof sub, "%s%s%.*s", path, *path ? "." : "", (int)(r->p - 1 - k), k);
            ws(r);
            if (*r->p++ != ':')
                return -1;
        } else {
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
        }
        if (jvalue(r, sub))
            return -1;
        ws(r);
        if (*r->p == ',') {
            r->p++;
            continue;
        }
        if (*r->p++ != close)
            return -1;
        return 0;
    }
}

static int jvalue(jr_t *r, const char *path)
{
    ws(r);
    const char *s = r->p;
    char kind;
    int rc;
    if (*s == '{' || *s == '[') {
        kind = *s == '{' ? 'o' : 'a';
        rc = jcontainer(r, path, *s == '{' ? '}' : ']');
    } else if (*s == '"') {
        kind = 's';
        rc = jstring(r);
    } else if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4)) {
        kind = *s == 't' ? 'b' : 'z';
        r->p += 4;
        rc = 0;
    } else if (!strncmp(s, "false", 5)) {
        kind = 'b';
        r->p += 5;
        rc = 0;
    } else {
        char *end;
        strtod(s, &end);
        kind = 'n';
        rc = end == s || !(*s == '-' || (*s >= '0' && *s <= '9')) ? -1 : 0;
        r->p = end;
    }
    if (!rc)
        record(r, path, s, (size_t)(r->p - s), kind);
    return rc;
}

/* Parse text; 0 when it is one well-formed JSON value. */
static int jparse(jr_t *r, const char *text)
{
    memset(r, 0, sizeof *r);
    r->p = text;
    if (jvalue(r, ""))
        return -1;
    ws(r);
    return *r->p ? -1 : 0;
}

static const jv_t *jget(const jr_t *r, const char *path)
{
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->vals[i].path, path))
            return &r->vals[i];
    return NULL;
}

static double jnum(const jr_t *r, const char *path)
{
    const jv_t *v = jget(r, path);
    return v && v->kind == 'n' ? strtod(v->v, NULL) : NAN;
}

static int jstr_is(const jr_t *r, const char *path, const char *want)
{
    const jv_t *v = jget(r, path);
    return v && v->kind == 's' && v->len == strlen(want) + 2 && !strncmp(v->v + 1, want, strlen(want));
}

/* ---- fixtures ----------------------------------------------------------- */

static device_t test_device(void)
{
    device_t d;
    memset(&d, 0, sizeof d);
    d.name = "testdev";
    d.product = "a test device";
    d.target = "gfx900";
    d.gen = ISA_GFX9;
    for (unsigned i = 0; i < DEV_NPARAMS; i++)
        d.p[i] = 10 + i;
    d.p[DEV_cus] = 2;
    d.p[DEV_clock_mhz] = 1000;
    return d;
}

/* Two CUs, 1000 cycles; CU 0 did all the work. */
static void test_stats(tm_stats_t *s, tm_counters_t cu[2])
{
    memset(s, 0, sizeof *s);
    memset(cu, 0, 2 * sizeof *cu);
    cu[0].active_cycles = 800;
    cu[0].valu_busy = 2000;          /* VALUBusy = 100*2000/(4*2*1000) = 25 */
    cu[0].salu_busy = 300;           /* SALUBusy = 100*300/(2*1000) = 15 */
    cu[0].mem_busy = 100;            /* MemUnitBusy = 100*100/(2*1000) = 5 */
    cu[0].lds_busy = 40;
    cu[0].lds_conflict = 10;         /* 25 */
    cu[0].inst[TM_CAT_valu] = 500;
    cu[0].inst[TM_CAT_salu] = 200;
    cu[0].inst[TM_CAT_smem] = 10;
    cu[0].inst[TM_CAT_vmem] = 20;
    cu[0].inst[TM_CAT_lds] = 30;
    cu[0].inst[TM_CAT_branch] = 40;
    cu[0].inst[TM_CAT_other] = 200;  /* total 1000 */
    cu[0].valu_lanes = 500 * 48;     /* VALUUtilization = 75 */
    cu[0].valu_quads = 500;          /* rocprof's VALUBusy = 100*500*4/(4*2 SIMDs)/1000 = 25 */
    cu[0].valu_thread_quads = 500 * 48;   /* rocprof's VALUUtilization = 100*24000/(500*64) = 75 */
    cu[0].wave_cycles = 6400;        /* achieved = 6400/(4*800) = 2 */
    cu[0].stall[TM_STALL_waitcnt_vmcnt] = 1600;   /* 25% of wave-cycles */
    cu[0].stall[TM_STALL_dependency] = 640;       /* 10% */
    cu[0].workgroups = 4;
    cu[0].waves = 8;
    cu[0].peak_waves = 8;
    s->cycles = 1000;
    s->ncu = 2;
    s->cu = cu;
    s->total = cu[0];
    s->mem.l1_hits = 3;
    s->mem.l1_misses = 1;            /* 75 */
    s->mem.l2_hits = 1;
    s->mem.l2_misses = 1;            /* 50 */
    s->mem.dram_bytes = 4096;
    s->occ_ok = 1;
    s->occ.waves_per_simd = 8;
    s->occ.limiter = OCC_VGPRS;
    s->launches = 1;
}


/* ---- the JSON ------------------------------------------------------------ */

static const char *const required[] = {
    "kernel", "device", "target", "global", "local", "workgroups", "waves", "cycles", "time_us",
    "instructions.total", "instructions.valu", "instructions.salu", "instructions.smem", "instructions.vmem",
    "instructions.lds", "instructions.branch", "instructions.other", "valu_busy_pct", "salu_busy_pct",
    "valu_utilization_pct", "mem_unit_busy_pct", "lds_conflict_cycle_pct", "occupancy.theoretical_waves_per_simd",
    "occupancy.limited_by", "occupancy.achieved_waves_per_simd", "stalls.waitcnt_vmcnt", "stalls.waitcnt_lgkmcnt",
    "stalls.waitcnt_expcnt", "stalls.barrier", "stalls.dependency", "stalls.arbitration", "stalls.fetch",
    "stalls.sleep", "per_cu", "cus", "cache.l1_hit_pct", "cache.l2_hit_pct", "cache.scalar_hit_pct",
    "cache.icache_hit_pct", "cache.dram_bytes", "device_params.cus", "device_params.clock_mhz",
    "device_params.dram_gbps", "per_cu[0].cu", "per_cu[0].workgroups", "per_cu[0].valu_busy_pct",
    "per_cu[0].salu_busy_pct", "per_cu[0].peak_waves", "per_cu[0].active_cycles", "stall_pct.waitcnt_vmcnt",
    "rocprof.VALUBusy", "rocprof.LDSBankConflict", "rocprof.FetchSize", "counters.SQ_WAVES",
    "counters.GRBM_GUI_ACTIVE", "counters.TA_TA_BUSY[15]",
};

static void test_json(const rep_launch_t *r)
{
    size_t n;
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, &n);
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    rep_json(&j, r);
    json_end(&j);
    CHECK(json_finish(&j) == 0, "report JSON: the writer saw balanced, well-formed calls");
    fclose(fp);
    jr_t jr;
    CHECK(jparse(&jr, buf) == 0, "report JSON parses");
    for (size_t i = 0; i < sizeof required / sizeof *required; i++)
        CHECK(jget(&jr, required[i]) != NULL, "report JSON has %s", required[i]);
    CHECK(jstr_is(&jr, "kernel", "k") && jstr_is(&jr, "device", "testdev") && jstr_is(&jr, "target", "gfx900"),
          "kernel, device, target");
    CHECK(jnum(&jr, "global[0]") == 512 && jnum(&jr, "local[0]") == 64 && !jget(&jr, "global[1]"),
          "global and local: the used dimensions");
    CHECK(jnum(&jr, "cycles") == 1000 && jnum(&jr, "time_us") == 1.0, "1000 cycles at 1000 MHz: 1 us");
    CHECK(jnum(&jr, "instructions.total") == 1000 && jnum(&jr, "instructions.valu") == 500 &&
              jnum(&jr, "instructions.other") == 200,
          "instruction mix: total is the sum of the categories");
    CHECK(jnum(&jr, "valu_busy_pct") == 25, "VALUBusy = 100*2000/(4 SIMDs*2 CUs*1000 cycles) = 25 (got %g)",
          jnum(&jr, "valu_busy_pct"));
    CHECK(jnum(&jr, "salu_busy_pct") == 15, "SALUBusy = 100*300/(2 CUs*1000) = 15");
    CHECK(jnum(&jr, "valu_utilization_pct") == 75, "VALUUtilization = 48 lanes of 64 = 75");
    CHECK(jnum(&jr, "mem_unit_busy_pct") == 5, "MemUnitBusy = 100*100/(2*1000) = 5");
    CHECK(jnum(&jr, "lds_conflict_cycle_pct") == 25, "LDS conflict cycles 10 of 40 bank cycles = 25");
    CHECK(jnum(&jr, "rocprof.VALUBusy") == 25 && jnum(&jr, "rocprof.VALUUtilization") == 75,
          "rocprof: VALUBusy = 100*500*4/SIMD_NUM 8/1000 = 25, VALUUtilization = 100*24000/(500*64) = 75");
    CHECK(jnum(&jr, "rocprof.LDSBankConflict") == 0.5 && jnum(&jr, "rocprof.SALUBusy") == 15,
          "rocprof: LDSBankConflict = 100*10/1000/CU_NUM 2 = 0.5, SALUBusy = 100*300*4/8/1000 = 15");
    CHECK(jnum(&jr, "rocprof.Wavefronts") == 8 && jnum(&jr, "rocprof.VALUInsts") == 62.5,
          "rocprof: Wavefronts = SQ_WAVES 8, VALUInsts = 500/8 = 62.5 per wave");
    CHECK(jnum(&jr, "counters.GRBM_GUI_ACTIVE") == 1000 && jnum(&jr, "counters.TCC_HIT_sum") == 1,
          "counters: GRBM_GUI_ACTIVE = cycles, TCC_HIT_sum = L2 hits");
    CHECK(jnum(&jr, "occupancy.theoretical_waves_per_simd") == 8 && jstr_is(&jr, "occupancy.limited_by", "VGPRs") &&
              jnum(&jr, "occupancy.achieved_waves_per_simd") == 2,
          "occupancy: 8 theoretical (VGPRs), achieved 6400/(4*800) = 2");
    CHECK(jnum(&jr, "stalls.waitcnt_vmcnt") == 1600 && jnum(&jr, "stall_pct.waitcnt_vmcnt") == 25 &&
              jnum(&jr, "stall_pct.dependency") == 10 && jnum(&jr, "stall_pct.sleep") == 0,
          "stalls in wave-cycles and as %% of the 6400 resident wave-cycles");
    CHECK(jnum(&jr, "cache.l1_hit_pct") == 75 && jnum(&jr, "cache.l2_hit_pct") == 50 &&
              jnum(&jr, "cache.scalar_hit_pct") == 0 && jnum(&jr, "cache.dram_bytes") == 4096,
          "cache hit rates (0 without accesses) and DRAM bytes");
    CHECK(jnum(&jr, "cus") == 2 && jget(&jr, "per_cu[0]") && !jget(&jr, "per_cu[1]") &&
              jnum(&jr, "per_cu[0].cu") == 0 && jnum(&jr, "per_cu[0].workgroups") == 4,
          "per_cu: only the CU that received work, of 2");
    CHECK(jnum(&jr, "per_cu[0].valu_busy_pct") == 50 && jnum(&jr, "per_cu[0].salu_busy_pct") == 30,
          "per_cu: VALUBusy over one CU = 100*2000/(4*1000) = 50, SALUBusy 30");
    CHECK(jnum(&jr, "device_params.cus") == 2 && jnum(&jr, "device_params.clock_mhz") == 1000 &&
              jnum(&jr, "device_params.dram_gbps") == 10 + DEV_dram_gbps,
          "device_params: every parameter of the device used");
    free(jr.vals);
    free(buf);
}

/* ---- the text ----------------------------------------------------------- */

static int max_width(const char *s)
{
    int w = 0, cur = 0;
    for (; *s; s++)
        if (*s == '\n')
            cur = 0;
        else if (++cur > w)
            w = cur;
    return w;
}

static void test_text(const rep_launch_t *r)
{
    size_t n;
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, &n);
    rep_text(fp, r);
    fclose(fp);
    CHECK(strstr(buf, "k on testdev (gfx900, 2 CUs at 1000 MHz)") != NULL, "text: header");
    CHECK(strstr(buf, "global 512, local 64: 4 work-groups, 8 waves") != NULL, "text: launch line");
    CHECK(strstr(buf, "1000 (1.000 us)") != NULL, "text: cycles and time");
    CHECK(strstr(buf, "VALUBusy              25.00%") != NULL && strstr(buf, "SALUBusy              15.00%") != NULL,
          "text: rocprof's VALUBusy and SALUBusy");
    CHECK(strstr(buf, "VALUUtilization       75.00%") != NULL, "text: rocprof's VALUUtilization");
    CHECK(strstr(buf, "LDSBankConflict        0.50%") != NULL && strstr(buf, "LDS conflict cycles 25.00%") != NULL,
          "text: rocprof's LDSBankConflict and gcnsim's own LDS conflict cycles");
    CHECK(strstr(buf, "8 waves/SIMD theoretical (limited by VGPRs), 2.00 achieved") != NULL, "text: occupancy");
    CHECK(strstr(buf, "waitcnt_vmcnt    25.00%") != NULL && strstr(buf, "dependency       10.00%") != NULL,
          "text: stalls as %% of wave-cycles");
    CHECK(strstr(buf, "VALU         500  50.0%") != NULL, "text: instruction mix");
    CHECK(strstr(buf, "L1 75.00%, L2 50.00%, scalar -") != NULL, "text: cache hits, '-' without accesses");
    CHECK(strstr(buf, "DRAM traffic      4.00 KiB (4096 bytes)") != NULL, "text: DRAM traffic");
    CHECK(strstr(buf, "CUs used          1 of 2") != NULL, "text: CUs used");
    CHECK(max_width(buf) <= 80, "text: at most 80 columns (widest %d)", max_width(buf));
    size_t n2;
    char *buf2 = NULL;
    FILE *again = open_memstream(&buf2, &n2);
    rep_text(again, r);
    fclose(again);
    CHECK(n == n2 && !memcmp(buf, buf2, n), "text: the same statistics print the same bytes");
    free(buf);
    free(buf2);
}

/* ---- hot spots ------------------------------------------------------------ */

static void test_hotspots(rep_launch_t *r, tm_stats_t *s)
{
    /* gfx900: s_nop 0; v_add_f32_e32 v0, v0, v0; s_waitcnt vmcnt(0); s_endpgm */
    const uint32_t code[] = {0xbf800000, 0x02000100, 0xbf8c0f70, 0xbf810000};
    tm_pc_t pc[4];
    memset(pc, 0, sizeof pc);
    pc[0].count = 8, pc[0].cycles = 100;
    pc[1].count = 8, pc[1].cycles = 200, pc[1].stall[TM_STALL_dependency] = 150;
    pc[2].count = 8, pc[2].cycles = 3200, pc[2].stall[TM_STALL_waitcnt_vmcnt] = 3000;
    s->code_base = 0x1000;
    s->ndw = 4;
    s->pc = pc;
    sim_prog_t prog;
    CHECK(sim_prog_build(&prog, isa_target_by_name("gfx900"), code, 4, 0x1000) == 0, "hot spots: the code decoded");
    size_t n;
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, &n);
    rep_hotspots(fp, r, isa_target_by_name("gfx900"), &prog, 0, 4);
    fclose(fp);
    CHECK(strstr(buf, "the 3 instructions with the most wave-cycles") != NULL, "hot spots: 3 issued instructions");
    const char *top = strstr(buf, "s_waitcnt vmcnt(0)"), *second = strstr(buf, "v_add_f32");
    CHECK(top && second && top < second, "hot spots: the waitcnt (3200 wave-cycles) ranks first");
    CHECK(strstr(buf, "0x0008         8         3200  50.0%  vmcnt 94%        s_waitcnt") != NULL,
          "hot spots: count, wave-cycles, 3200 of 6400 = 50%%, vmcnt 3000 of 3200 = 94%%");
    CHECK(strstr(buf, "dependency 75%") != NULL, "hot spots: v_add's top stall is dependency (150 of 200)");
    const char *ann = strstr(buf, "annotated disassembly");
    CHECK(ann && strstr(ann, "s_nop 0") && strstr(ann, "v_add_f32_e32 v0, v0, v0") &&
              strstr(ann, "s_waitcnt vmcnt(0)") && strstr(ann, "s_endpgm"),
          "hot spots: the annotated disassembly lists every instruction");
    free(buf);
    s->pc = NULL;
    s->ndw = 0;
    buf = NULL;
    fp = open_memstream(&buf, &n);
    rep_hotspots(fp, r, isa_target_by_name("gfx900"), &prog, 0, 4);
    fclose(fp);
    CHECK(strstr(buf, "no per-instruction counts") != NULL, "hot spots: a note when none were collected");
    free(buf);
    sim_prog_free(&prog);
}

/* ---- timeline --------------------------------------------------------------- */

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, fp) != (size_t)n) {
        free(b);
        b = NULL;
    }
    if (b)
        b[n] = 0;
    fclose(fp);
    return b;
}

static tm_event_t ev(int kind, unsigned cu, unsigned simd, unsigned slot, uint64_t pc, uint64_t start, uint64_t end)
{
    tm_event_t e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.cat = TM_CAT_valu;
    e.cu = (uint16_t)cu, e.simd = (uint16_t)simd, e.slot = (uint16_t)slot;
    e.wave = 3;
    e.wg[0] = 1;
    e.pc = pc;
    e.start = start, e.end = end;
    return e;
}

/* One wave on CU 1, SIMD 2, slot 3 with three instructions (the second's
 * issue cost runs past the third's issue). */
static int feed(tl_t *t)
{
    tm_event_t e[] = {
        ev(TM_EV_WAVE_BEGIN, 1, 2, 3, 0, 10, 10),   ev(TM_EV_INST, 1, 2, 3, 0x1000, 12, 16),
        ev(TM_EV_INST, 1, 2, 3, 0x1004, 16, 24),    ev(TM_EV_INST, 1, 2, 3, 0x100c, 20, 21),
        ev(TM_EV_WAVE_END, 1, 2, 3, 0x100c, 30, 30),
    };
    for (size_t i = 0; i < sizeof e / sizeof *e; i++)
        tl_event(t, &e[i]);
    return 0;
}

static void test_timeline(void)
{
    device_t d = test_device();
    d.p[DEV_clock_mhz] = 2000;   /* 0.5 ns per cycle */
    const uint32_t code[] = {0xbf800000, 0x02000100, 0xbf8c0f70, 0xbf810000};
    sim_prog_t prog;
    CHECK(sim_prog_build(&prog, isa_target_by_name("gfx900"), code, 4, 0x1000) == 0, "timeline: the code decoded");
    tl_code_t c = {&prog, 0x1000};
    char path[] = "/tmp/gcnsim-test-timeline-XXXXXX", err[256];
    int fd = mkstemp(path);
    CHECK(fd >= 0, "timeline: temporary file");
    if (fd < 0) {
        sim_prog_free(&prog);
        return;
    }
    tl_t *t = tl_open(path, &d, &c, TL_MAX_INST, err, sizeof err);
    CHECK(t != NULL, "timeline: opens %s", path);
    if (!t) {
        sim_prog_free(&prog);
        return;
    }
    feed(t);
    CHECK(tl_inst_slices(t) == 3, "timeline: 3 instruction slices");
    CHECK(tl_close(t, err, sizeof err) == 0, "timeline: closes without error");
    char *text = slurp(path);
    jr_t jr;
    CHECK(text && jparse(&jr, text) == 0, "timeline: the file parses as JSON");
    CHECK(jget(&jr, "traceEvents") && jget(&jr, "traceEvents")->kind == 'a', "timeline: a traceEvents array");
    int names = 0, x = 0, b = 0, e = 0;
    char buf[64];
    for (size_t i = 0; i < 40; i++) {
        snprintf(buf, sizeof buf, "traceEvents[%zu].ph", i);
        const jv_t *ph = jget(&jr, buf);
        if (!ph)
            break;
        names += ph->v[1] == 'M';
        x += ph->v[1] == 'X';
        b += ph->v[1] == 'B';
        e += ph->v[1] == 'E';
    }
    CHECK(names == 4 && x == 3 && b == 1 && e == 1,
          "timeline: process/thread names and sort indices, 1 wave B/E, 3 X (got %d M %d X %d B %d E)", names, x, b, e);
    CHECK(strstr(text, "\"args\":{\"name\":\"CU 1\"}") && strstr(text, "\"args\":{\"name\":\"SIMD 2 slot 3\"}"),
          "timeline: names CU 1 and SIMD 2 slot 3");
    CHECK(strstr(text, "\"pid\":2,\"tid\":36") != NULL, "timeline: pid = CU + 1, tid = SIMD*16 + slot + 1");
    /* 2000 MHz: cycle 12 = 6 ns; the second instruction (16..24) is cut at
     * the third's issue (20): 8..10 ns */
    CHECK(strstr(text, "\"name\":\"s_nop\",\"cat\":\"valu\",\"ph\":\"X\",\"pid\":2,\"tid\":36,\"ts\":0.006,\"dur\":0.002") != NULL,
          "timeline: s_nop at cycle 12 = 0.006 us, 4 cycles = 0.002 us");
    CHECK(strstr(text, "\"name\":\"v_add_f32\"") && strstr(text, "\"ts\":0.008,\"dur\":0.002"),
          "timeline: v_add_f32's slice cut at the next issue (8..10 ns)");
    CHECK(strstr(text, "\"args\":{\"pc\":\"0xc\",\"cycle\":20}") != NULL, "timeline: args pc offset and cycle");
    CHECK(strstr(text, "\"ph\":\"E\",\"pid\":2,\"tid\":36,\"ts\":0.015") != NULL, "timeline: the wave ends at cycle 30");
    free(jr.vals);
    free(text);

    /* the cap */
    t = tl_open(path, &d, &c, 2, err, sizeof err);
    feed(t);
    tl_next_dispatch(t, 1000);
    feed(t);
    CHECK(tl_inst_slices(t) == 2, "timeline cap 2: 2 instruction slices of 6");
    CHECK(t && tl_close(t, err, sizeof err) == 0, "timeline cap: closes");
    text = slurp(path);
    CHECK(text && jparse(&jr, text) == 0, "timeline cap: parses");
    CHECK(text && strstr(text, "capped at 2") && strstr(text, "\"note\":"), "timeline cap: the file says so");
    CHECK(text && strstr(text, "\"ph\":\"E\",\"pid\":2,\"tid\":36,\"ts\":0.515"),
          "timeline: the second dispatch follows the first (cycle 1030 = 515 ns)");
    free(jr.vals);
    free(text);
    remove(path);

    /* write errors */
    t = tl_open("/dev/full", &d, &c, TL_MAX_INST, err, sizeof err);
    CHECK(t != NULL, "timeline: /dev/full opens");
    if (t) {
        for (int i = 0; i < 2000; i++)
            feed(t);
        int rc = tl_close(t, err, sizeof err);
        CHECK(rc == -1 && strstr(err, "cannot write /dev/full: ") && strstr(err, strerror(ENOSPC)),
              "timeline: a write error is reported with the path and errno text ('%s')", err);
    }
    t = tl_open("/nonexistent-dir/t.json", &d, &c, TL_MAX_INST, err, sizeof err);
    CHECK(!t && strstr(err, "cannot write /nonexistent-dir/t.json: No such file"), "timeline: open error ('%s')", err);
    sim_prog_free(&prog);
}

int main(void)
{
    device_t d = test_device();
    tm_stats_t s;
    tm_counters_t cu[2];
    test_stats(&s, cu);
    rep_launch_t r = {"k", "gfx900", &d, 1, {512, 1, 1}, {64, 1, 1}, &s};
    test_json(&r);
    test_text(&r);
    test_hotspots(&r, &s);
    test_timeline();

    /* rep_device */
    device_t dev;
    char err[512];
    const isa_target_t *g9 = isa_target_by_name("gfx900"), *g8 = isa_target_by_name("gfx803");
    const char *sets[] = {"cus=1", "clock_mhz=1000"};
    CHECK(rep_device(&dev, NULL, g9, sets, 2, err, sizeof err) == 0 && dev.p[DEV_cus] == 1 &&
              dev.p[DEV_clock_mhz] == 1000,
          "rep_device: the default device for gfx900 with cus=1, clock_mhz=1000");
    CHECK(rep_device(&dev, "no-such-gpu", g9, NULL, 0, err, sizeof err) == -1 && strstr(err, "unknown device") &&
              strstr(err, "presets: ") && !strchr(err, '\n'),
          "rep_device: an unknown name lists the presets in one line");
    const char *bad[] = {"bogus=1"};
    CHECK(rep_device(&dev, NULL, g9, bad, 1, err, sizeof err) == -1 && !strchr(err, '\n'),
          "rep_device: --set bogus=1 refused in one line ('%s')", err);
    const device_t *d9 = dev_default_for(g9);
    CHECK(d9 && rep_device(&dev, d9->name, g8, NULL, 0, err, sizeof err) == -1,
          "rep_device: the gfx900 preset refuses gfx803 code ('%s')", err);
    return check_done();
}
