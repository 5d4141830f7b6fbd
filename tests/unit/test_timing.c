/* test_timing.c — the cycle model (sim/cu.c) run end to end on committed
 * kernels, in the normal and the sanitizer build.  Oracles: the
 * functional model (same results and instruction counts), the issue
 * arithmetic of GCN-FACTS 1.3 (a dependent full-rate VALU op every 4
 * cycles), and invariants of the statistics (stall and hot-spot cycles
 * never exceed the wave-cycles; the categories sum to the instructions;
 * the same run twice gives the same numbers). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "check.h"
#include "front/launch/launch.h"
#include "sim/timing.h"

typedef struct {
    const char *file, *kernel;
    unsigned dims;
    uint32_t global[3], local[3];
    const char *args[10];
    size_t out_arg, out_bytes;   /* buffer compared with the functional run */
} job_t;

/* Run j; timing when cfg is set.  Returns the la_run status and copies
 * the output buffer into out (out_bytes). */
static int run_job(const job_t *j, tm_config_t *cfg, uint8_t *out, sim_result_t *r, uint64_t max_inst)
{
    char err[512];
    la_value_t v[10];
    memset(v, 0, sizeof v);
    size_t n = 0;
    for (; j->args[n]; n++)
        if (la_parse_value(j->args[n], &v[n], err, sizeof err))
            return -9;
    launch_t L;
    memset(&L, 0, sizeof L);
    int bad = la_prepare(&L, j->file, NULL, j->kernel, j->dims, j->global, j->local, v, n, err, sizeof err);
    for (size_t i = 0; i < n; i++)   /* la_setup copied the buffers' contents */
        if (v[i].kind == LA_BUF)
            free((void *)v[i].data);
    if (bad) {
        printf("      %s\n", err);
        return -9;
    }
    if (cfg)
        L.sl.timing = cfg;
    L.sl.max_inst = max_inst;
    int st = la_run(&L, r, err, sizeof err);
    if (st < 0)
        printf("      %s\n", err);
    if (out && j->out_bytes) {
        const void *h = la_host(L.m, L.arg_addr[j->out_arg], j->out_bytes);
        if (h)
            memcpy(out, h, j->out_bytes);
    }
    la_free(&L);
    return st;
}

/* A device: the default preset of the job's target (read from the file). */
static int config_for(const job_t *j, tm_config_t *cfg, unsigned cus)
{
    char err[256];
    la_module_t m;
    memset(&m, 0, sizeof m);
    if (la_open(&m, j->file, err, sizeof err))
        return -1;
    const device_t *d = dev_default_for(m.co.target);
    la_close(&m);
    if (!d)
        return -1;
    memset(cfg, 0, sizeof *cfg);
    cfg->dev = *d;
    if (cus)
        cfg->dev.p[DEV_cus] = cus;
    cfg->hotspots = 1;
    return 0;
}

static uint64_t sum(const uint64_t *a, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* Results, counts and invariants of one job under the model. */
static void check_job(const job_t *j, unsigned cus)
{
    uint8_t *fo = calloc(1, j->out_bytes + 1), *to = calloc(1, j->out_bytes + 1);
    sim_result_t fr, tr;
    tm_config_t cfg;
    if (!fo || !to || config_for(j, &cfg, cus)) {
        CHECK(0, "%s: set up", j->file);
        free(fo);
        free(to);
        return;
    }
    int fs = run_job(j, NULL, fo, &fr, 0), ts = run_job(j, &cfg, to, &tr, 0);
    const tm_stats_t *s = &cfg.stats;
    CHECK(fs == 0 && ts == 0, "%s on %s (%u CUs): both runs complete (%d, %d)", j->kernel, cfg.dev.name,
          cfg.dev.p[DEV_cus], fs, ts);
    CHECK(memcmp(fo, to, j->out_bytes) == 0, "%s: the output equals the functional run's", j->kernel);
    CHECK(fr.ninst == tr.ninst && fr.nwaves == tr.nwaves && fr.nwg == tr.nwg,
          "%s: same wave-instructions (%llu, %llu), waves and groups as the functional run", j->kernel,
          (unsigned long long)fr.ninst, (unsigned long long)tr.ninst);
    CHECK(sum(s->total.inst, TM_NCAT) == tr.ninst, "%s: the categories sum to the instructions", j->kernel);
    CHECK(sum(s->total.stall, TM_NSTALL) <= s->total.wave_cycles, "%s: stalls (%llu) <= wave-cycles (%llu)",
          j->kernel, (unsigned long long)sum(s->total.stall, TM_NSTALL), (unsigned long long)s->total.wave_cycles);
    uint64_t pc_count = 0, pc_cycles = 0, pc_stall = 0;
    for (size_t i = 0; i < s->ndw; i++) {
        pc_count += s->pc[i].count;
        pc_cycles += s->pc[i].cycles;
        pc_stall += sum(s->pc[i].stall, TM_NSTALL);
    }
    CHECK(pc_count == tr.ninst && pc_cycles <= s->total.wave_cycles && pc_stall == sum(s->total.stall, TM_NSTALL),
          "%s: hot spots count every instruction and every stall, within the wave-cycles", j->kernel);
    CHECK(s->total.active_cycles <= (uint64_t)s->ncu * s->cycles && s->total.valu_busy <= 4 * s->total.active_cycles &&
              s->total.waves == tr.nwaves && s->total.workgroups == tr.nwg,
          "%s: busy cycles within the CUs' active cycles; every wave and group placed", j->kernel);
    CHECK(tm_achieved_waves_per_simd(s) <= s->occ.waves_per_simd + 1e-9,
          "%s: achieved occupancy %.2f <= theoretical %u", j->kernel, tm_achieved_waves_per_simd(s),
          s->occ.waves_per_simd);
    /* determinism: a second run gives the same numbers */
    tm_config_t again;
    config_for(j, &again, cus);
    run_job(j, &again, NULL, &tr, 0);
    CHECK(again.stats.cycles == s->cycles && memcmp(&again.stats.total, &s->total, sizeof s->total) == 0 &&
              memcmp(again.stats.pc, s->pc, s->ndw * sizeof *s->pc) == 0,
          "%s: the same run twice gives the same statistics (%llu cycles)", j->kernel,
          (unsigned long long)s->cycles);
    tm_stats_free(&again.stats);
    tm_stats_free(&cfg.stats);
    free(fo);
    free(to);
}

/* Cycles of a one-wave micro kernel on one CU of the target's default preset. */
static uint64_t micro_cycles(const char *kernel, const char *target, const char *bytes)
{
    char file[128], arg[32];
    snprintf(file, sizeof file, "tests/micro/bin/%s-%s.co", kernel, target);
    snprintf(arg, sizeof arg, "zero:%s", bytes);
    job_t j = {file, kernel, 1, {64, 1, 1}, {64, 1, 1}, {arg, NULL}, 0, 0};
    tm_config_t cfg;
    sim_result_t r;
    if (config_for(&j, &cfg, 1) || run_job(&j, &cfg, NULL, &r, 0))
        return 0;
    uint64_t c = cfg.stats.cycles;
    tm_stats_free(&cfg.stats);
    return c;
}

static void test_issue_arithmetic(void)
{
    static const char *const targets[] = {"gfx701", "gfx803", "gfx900"};
    for (int i = 0; i < 3; i++) {
        uint64_t base = micro_cycles("empty_frame", targets[i], "1024");
        uint64_t chain = micro_cycles("valu_chain", targets[i], "1024");
        uint64_t mul = micro_cycles("mul_lo_chain", targets[i], "256");
        CHECK(base && chain - base == 256 * 4, "%s: 256 dependent v_add_f32 in one wave add %llu cycles (4 x 256)",
              targets[i], (unsigned long long)(chain - base));
        /* on gfx7 two 4-cycle fetch penalties (GCN-FACTS 1.2): the chain's
         * first v_mul_lo_u32 (after s_waitcnt, which hides nothing) and the
         * frame's flat_store start past the third dword of their 32-byte
         * blocks (dwords 5 and 3), where empty_frame has none */
        uint64_t pen = i == 0 ? 2 * 4 : 0;
        /* v_mul_lo_u32: 16 cycles (CLRX), 8 on Hawaii (gfx701's preset,
         * r9-290x: clpeak's INT32 rate, device.c mul32_cycles) */
        uint64_t cost = i == 0 ? 8 : 16;
        CHECK(base && mul - base == 65 * cost + pen, "%s: 65 dependent v_mul_lo_u32 add %llu cycles (%llu x 65 + %llu)",
              targets[i], (unsigned long long)(mul - base), (unsigned long long)cost, (unsigned long long)pen);
    }
}

static void test_fault_and_limit(void)
{
    job_t oob = {"tests/e2e/bin/fault_oob-gfx900.co", "fault_oob", 1, {64, 1, 1}, {64, 1, 1},
                 {"zero:256", "u32:59", NULL}, 0, 0};
    tm_config_t cfg;
    sim_result_t r;
    if (config_for(&oob, &cfg, 2) == 0) {
        int st = run_job(&oob, &cfg, NULL, &r, 0);
        CHECK(st == 1 && r.faulted && r.fault.kind == FAULT_MEMORY && r.fault.lane == 5,
              "an out-of-bounds store faults under the model too (status %d, lane %d)", st, r.fault.lane);
        tm_stats_free(&cfg.stats);
    }
    job_t gemm = {"front/workloads/bin/gemm-gfx900.co", "sgemm", 2, {64, 64, 1}, {16, 16, 1},
                  {"zero:262144", "zero:262144", "zero:262144", "u32:256", "u32:256", "u32:256", "f32:1", "f32:0",
                   NULL}, 2, 0};
    if (config_for(&gemm, &cfg, 4) == 0) {
        int st = run_job(&gemm, &cfg, NULL, &r, 5000);
        CHECK(st == 0 && r.hit_limit && r.ninst >= 5000 && r.ninst < 100000,
              "the instruction limit stops a timing run (%llu wave-instructions)", (unsigned long long)r.ninst);
        tm_stats_free(&cfg.stats);
    }
}

/* A file of n pseudo-random 32-bit words (floats in [0,1) when fp); its
 * "buf:PATH" spec is written to spec. */
static int random_file(char *spec, size_t len, size_t n, int fp, uint32_t seed)
{
    char path[] = "/tmp/gcnsim-test-timing-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "wb");
    for (size_t i = 0; f && i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        float x = (float)(seed >> 8) / 16777216.0f;
        uint32_t w = seed;
        if (fp)
            memcpy(&w, &x, 4);
        fwrite(&w, 4, 1, f);
    }
    if (!f || fclose(f))
        return -1;
    snprintf(spec, len, "buf:%s", path);
    return 0;
}

int main(void)
{
    test_issue_arithmetic();
    char a[64], b[64], c[64], in[64], keys[64];
    if (random_file(a, sizeof a, 128 * 128, 1, 1) || random_file(b, sizeof b, 128 * 128, 1, 2) ||
        random_file(c, sizeof c, 128 * 128, 1, 3) || random_file(in, sizeof in, 4096, 0, 4) ||
        random_file(keys, sizeof keys, 4096, 0, 5)) {
        CHECK(0, "temporary input files");
        return check_done();
    }
    job_t gemm = {"front/workloads/bin/gemm-gfx900.co", "sgemm", 2, {32, 32, 1}, {16, 16, 1},
                  {a, b, c, "u32:128", "u32:128", "u32:128", "f32:1", "f32:0.5", NULL}, 2, 65536};
    check_job(&gemm, 2);
    job_t gemm7 = gemm;
    gemm7.file = "front/workloads/bin/gemm-gfx701.co";
    check_job(&gemm7, 1);
    job_t red = {"front/workloads/bin/reduce-gfx803.co", "reduce_sum", 1, {4096, 1, 1}, {256, 1, 1},
                 {in, "zero:64", "local:1024", "u32:4096", NULL}, 1, 64};
    check_job(&red, 3);
    job_t bit = {"front/workloads/bin/bitonic-gfx900.co", "bitonic_step", 1, {2048, 1, 1}, {256, 1, 1},
                 {keys, "u32:3", "u32:1", "u32:1", NULL}, 0, 16384};
    check_job(&bit, 64);
    job_t part = {"tests/micro/bin/valu_chain-gfx803.co", "valu_chain", 1, {320, 1, 1}, {256, 1, 1},
                  {"zero:1280", NULL}, 0, 1280};   /* a 4-wave group and a 1-wave edge group */
    check_job(&part, 1);
    test_fault_and_limit();
    const char *files[] = {a, b, c, in, keys};
    for (int i = 0; i < 5; i++)
        remove(files[i] + 4);
    return check_done();
}
