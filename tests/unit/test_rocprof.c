/* test_rocprof.c — front/report/rocprof.c and rocprof_csv.c on hand-built
 * statistics: the table holds rocprof's metric names in rocprofiler's
 * order, each with its formula, unit, source and generations, and the
 * README lists each name with the same formula; the counters of 8 CUs in
 * 4 shader engines land on the TA instances rocprof's SE broadcast reads;
 * the DRAM requests are counted in 32-byte units on gfx8 and 64-byte ones
 * on gfx9 and give the same FetchSize; the statistics file aggregates,
 * divides and sorts as rocprof's SQL view does, and its path is rocprof's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/report/rocprof.h"
#include "front/report/rocprof_csv.h"
#include "tests/unit/check.h"

/* rocprofiler rocm-5.7.1 metrics.xml: the metrics gcnsim computes */
static const char *const names[] = {
    "GPUBusy", "Wavefronts", "VALUInsts", "SALUInsts", "SFetchInsts", "GDSInsts", "VFetchInsts", "VWriteInsts",
    "LDSInsts", "FlatVMemInsts", "FlatLDSInsts", "VALUUtilization", "VALUBusy", "SALUBusy", "MemUnitBusy",
    "MemUnitStalled", "WriteUnitStalled", "ALUStalledByLDS", "LDSBankConflict", "L2CacheHit", "FetchSize",
    "WriteSize", "MemWrites32B",
};

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (b && fread(b, 1, (size_t)n, f) == (size_t)n)
        b[n] = 0;
    else {
        free(b);
        b = NULL;
    }
    fclose(f);
    return b;
}

static void test_table(void)
{
    unsigned n = rp_nmetrics();
    CHECK(n == sizeof names / sizeof names[0] && !rp_metric_at(n), "the table: %u metrics", n);
    char *readme = slurp("README");
    CHECK(readme != NULL, "README read (run from the source tree)");
    for (unsigned i = 0; i < n && i < sizeof names / sizeof names[0]; i++) {
        const rp_metric_t *m = rp_metric_at(i);
        CHECK(!strcmp(m->name, names[i]) && m->formula[0] && m->unit[0] && strstr(m->source, "metrics.xml") &&
                  m->gens[0] && m->fn,
              "metric %u is %s with formula, unit, source and generations", i, names[i]);
        char head[64];
        snprintf(head, sizeof head, "\n  %s (", m->name);
        const char *at = readme ? strstr(readme, head) : NULL;
        const char *next = at ? strstr(at + 1, "\n  ") : NULL;
        next = next && next[3] == ' ' ? strstr(next + 1, "\n  ") : next;   /* the formula's own line */
        const char *f = at ? strstr(at, m->formula) : NULL;
        CHECK(at && f && (!next || f < next + 200), "README lists %s with its formula %s", m->name, m->formula);
    }
    free(readme);
}

static device_t dev8(void)
{
    device_t d;
    memset(&d, 0, sizeof d);
    d.name = "testdev";
    d.p[DEV_cus] = 8;
    d.p[DEV_shader_engines] = 4;
    d.p[DEV_clock_mhz] = 1000;
    return d;
}

static void test_counters(void)
{
    device_t d = dev8();
    tm_counters_t cu[8];
    memset(cu, 0, sizeof cu);
    tm_stats_t s;
    memset(&s, 0, sizeof s);
    s.cycles = 1000;
    s.ncu = 8;
    s.cu = cu;
    for (unsigned i = 0; i < 8; i++)
        cu[i].mem_busy = 10 * (i + 1);   /* CU i: engine i mod 4, index i / 4 */
    s.total.waves = 4;
    s.mem.dram_reads = 100;
    s.mem.dram_writes = 10;
    s.mem.release_writes = 6;
    rep_launch_t r9 = {"k", "gfx900", &d, 1, {64, 1, 1}, {64, 1, 1}, &s};
    rp_counters_t c9, c8;
    rp_counters(&r9, &c9);
    CHECK(c9.ta_busy[0] == 10 + 20 + 30 + 40 && c9.ta_busy[1] == 50 + 60 + 70 + 80 && c9.ta_busy[2] == 0,
          "TA_TA_BUSY[i]: CU i of each engine, summed over the 4 engines (100, 260, 0)");
    CHECK(c9.se_num == 4 && c9.simd_num == 32 && c9.cu_num == 8, "constants: SE_NUM 4, SIMD_NUM 32, CU_NUM 8");
    double mub = 0, fetch9 = 0, fetch8 = 0, wr9 = 0, wr8 = 0;
    for (unsigned i = 0; i < rp_nmetrics(); i++) {
        const rp_metric_t *m = rp_metric_at(i);
        if (!strcmp(m->name, "MemUnitBusy"))
            mub = m->fn(&c9);
    }
    CHECK(mub == 100.0 * 260 / 1000 / 4, "MemUnitBusy = 100*max(TA_TA_BUSY,16)/GRBM_GUI_ACTIVE/SE_NUM = 6.5 (%g)",
          mub);
    rep_launch_t r8 = r9;
    r8.target = "gfx803";
    rp_counters(&r8, &c8);
    CHECK(!strcmp(rp_counter_name(RP_TCC_RDREQ_sum, RP_GFX8), "TCC_MC_RDREQ_sum") &&
              !strcmp(rp_counter_name(RP_TCC_RDREQ_sum, RP_GFX9), "TCC_EA_RDREQ_sum") &&
              rp_counter_name(RP_TCC_WRREQ_64B_sum, RP_GFX8) == NULL,
          "request counters named per generation (MC on gfx8, EA on gfx9; no 64B counter on gfx8)");
    CHECK(c8.v[RP_TCC_RDREQ_sum] == 200 && c9.v[RP_TCC_RDREQ_sum] == 100 && c9.v[RP_TCC_WRREQ_64B_sum] == 16,
          "100 lines read: 200 32-byte MC requests, 100 64-byte EA requests; 16 lines written");
    for (unsigned i = 0; i < rp_nmetrics(); i++) {
        const rp_metric_t *m = rp_metric_at(i);
        if (!strcmp(m->name, "FetchSize")) {
            fetch9 = m->fn(&c9);
            fetch8 = m->fn(&c8);
        }
        if (!strcmp(m->name, "WriteSize")) {
            wr9 = m->fn(&c9);
            wr8 = m->fn(&c8);
        }
    }
    CHECK(fetch9 == 6400.0 / 1024 && fetch8 == fetch9 && wr9 == 1024.0 / 1024 && wr8 == wr9,
          "FetchSize 6.25 KB and WriteSize 1 KB by gfx9's and gfx8's formulas alike (%g %g %g %g)", fetch9, fetch8,
          wr9, wr8);
    CHECK(rp_gen_of("gfx906") == RP_GFX906 && rp_gen_of("gfx900") == RP_GFX9 && rp_gen_of("gfx701") == RP_GFX8,
          "sections: gfx906 its own, gfx900 gfx9, gfx7 takes gfx8's");
}

static void test_stats(void)
{
    char *p1 = rp_stats_path("out/results.csv"), *p2 = rp_stats_path("results.txt");
    CHECK(p1 && !strcmp(p1, "out/results.stats.csv") && p2 && !strcmp(p2, "results.txt.stats.csv"),
          "stats path: .csv replaced by .stats.csv, else appended");
    free(p1);
    free(p2);
    char path[] = "/tmp/gcnsim-rp-statsXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "temporary file");
    if (fd < 0)
        return;
    rp_call_t calls[] = {{"a", 10}, {"b", 25}, {"a", 11}, {"c", 5}, {"b", 1}};
    char err[256];
    CHECK(rp_stats_write(path, calls, 5, err, sizeof err) == 0, "stats written");
    char *got = slurp(path);
    const char *want = "\"Name\",\"Calls\",\"TotalDurationNs\",\"AverageNs\",\"Percentage\"\n"
                       "\"b\",2,26,13,50.0\n"
                       "\"a\",2,21,10,40.38461538461539\n"
                       "\"c\",1,5,5,9.615384615384615\n";
    CHECK(got && !strcmp(got, want), "stats: grouped by name, sorted by total, AverageNs 21/2 = 10, shares as "
          "Python prints them");
    if (got && strcmp(got, want))
        printf("got:\n%s", got);
    free(got);
    unlink(path);
}

int main(void)
{
    test_table();
    test_counters();
    test_stats();
    return check_done();
}
