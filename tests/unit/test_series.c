/* test_series.c — tm_series_add and the series of tm_stats_add (sim/
 * timing.h): where the sums of a span of cycles land (whole in the
 * interval holding them, split in proportion to the overlap), the
 * interval doubling past TM_SERIES_MAX points with no sum lost, and two
 * launches put one after the other.  The expected values are worked out
 * by hand from the spans added. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sim/timing.h"

static tm_point_t pt(uint64_t w, uint64_t v, uint64_t r, uint64_t wr)
{
    tm_point_t p = {w, v, r, wr};
    return p;
}

static uint64_t total_valu(const tm_series_t *s)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < s->n; i++)
        t += s->pt[i].valu_busy;
    return t;
}

static void test_spans(void)
{
    tm_series_t *s = calloc(1, sizeof *s);
    tm_point_t a = pt(640, 64, 128, 0);
    tm_series_add(s, 0, 64, &a);
    CHECK(s->interval == 64 && s->n == 1 && s->cycles == 64 && s->pt[0].wave_cycles == 640 &&
              s->pt[0].dram_read == 128, "a span of one interval lands whole in it");
    tm_point_t b = pt(0, 128, 0, 0);   /* [32, 160): 1 per cycle */
    tm_series_add(s, 32, 160, &b);
    CHECK(s->n == 3 && s->pt[0].valu_busy == 64 + 32 && s->pt[1].valu_busy == 64 && s->pt[2].valu_busy == 32 &&
              s->cycles == 160, "a span over three intervals is split by overlap: 32, 64, 32");
    tm_point_t c = pt(0, 0, 0, 7);     /* 7 bytes over [60, 70): 4 before 64, 6 after; rounded down, rest last */
    tm_series_add(s, 60, 70, &c);
    CHECK(s->pt[0].dram_write == 2 && s->pt[1].dram_write == 5, "an odd sum split 10 cycles 4:6 gives 2 and 5 "
          "(the shares of cumulative cycles, rounded down: nothing lost)");
    free(s);
}

static void test_coarsen(void)
{
    tm_series_t *s = calloc(1, sizeof *s);
    uint64_t added = 0;
    for (uint64_t i = 0; i < 512; i++) {
        tm_point_t p = pt(0, i + 1, 0, 0);
        tm_series_add(s, i * 64, i * 64 + 64, &p);
        added += i + 1;
    }
    CHECK(s->interval == 64 && s->n == 512, "512 intervals of 64 cycles fill the series");
    tm_point_t p = pt(0, 1000, 0, 0);
    tm_series_add(s, 512 * 64, 512 * 64 + 1, &p);
    added += 1000;
    CHECK(s->interval == 128 && s->n == 257 && s->pt[0].valu_busy == 1 + 2 && s->pt[255].valu_busy == 511 + 512 &&
              s->pt[256].valu_busy == 1000, "one cycle more doubles the interval: pairs merged, 257 points");
    CHECK(total_valu(s) == added, "no sum lost in the doubling");
    tm_series_add(s, 0, 1000000, &p);
    added += 1000;
    unsigned n = s->n;
    CHECK(s->interval == 2048 && n == 489 && s->cycles == 1000000 && total_valu(s) == added,
          "a span to cycle 10^6: interval 2048 (the first power of two x 64 with 10^6 / I <= 512), 489 points, "
          "sums kept (got interval %llu, %u points)", (unsigned long long)s->interval, n);
    free(s);
}

static void test_launches(void)
{
    tm_stats_t a, b, sum;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&sum, 0, sizeof sum);
    a.series = calloc(1, sizeof *a.series);
    b.series = calloc(1, sizeof *b.series);
    tm_point_t p = pt(100, 0, 0, 0), q = pt(300, 0, 0, 0);
    tm_series_add(a.series, 0, 100, &p);    /* launch 1: 100 cycles */
    tm_series_add(b.series, 0, 96, &q);     /* launch 2: 96 cycles, after it */
    a.cycles = 100;
    b.cycles = 96;
    int rc = tm_stats_add(&sum, &a) | tm_stats_add(&sum, &b);
    const tm_series_t *s = sum.series;
    /* launch 1: [0,64) 64, [64,100) 36; launch 2 at 100: its [0,64) (200) to [100,164): 28 cycles in
     * [64,128) = 87.5, 36 in [128,192) = 112.5 -> 87, 113; its [64,96) (100) to [164,196): 28 in
     * [128,192) = 87.5 -> 87, 4 in [192,256) = 12.5 -> 13 */
    CHECK(rc == 0 && s && s->cycles == 196 && s->n == 4 && s->pt[0].wave_cycles == 64 &&
              s->pt[1].wave_cycles == 36 + 87 && s->pt[2].wave_cycles == 113 + 87 && s->pt[3].wave_cycles == 13,
          "two launches one after the other: the second's series from cycle 100 on, split across the intervals");
    tm_stats_free(&a);
    tm_stats_free(&b);
    tm_stats_free(&sum);
}

int main(void)
{
    test_spans();
    test_coarsen();
    test_launches();
    return check_done();
}
