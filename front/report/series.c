/* series.c — the figures over time of the report (see series.h). */
#include <math.h>
#include "front/report/series.h"

static double r2(double v)
{
    return isfinite(v) ? round(v * 100.0) / 100.0 : 0.0;
}

rep_point_t rep_series_point(const tm_series_t *s, unsigned i, const device_t *d)
{
    rep_point_t p;
    const tm_point_t *t = &s->pt[i];
    p.start = (uint64_t)i * s->interval;
    p.cycles = s->cycles > p.start ? s->cycles - p.start : 0;
    if (p.cycles > s->interval)
        p.cycles = s->interval;
    double c = p.cycles ? (double)p.cycles : 1.0, simds = 4.0 * (d->p[DEV_cus] ? d->p[DEV_cus] : 1);
    double mhz = d->p[DEV_clock_mhz];
    p.occupancy = r2((double)t->wave_cycles / (simds * c));
    p.valu_busy_pct = r2(100.0 * (double)t->valu_busy / (simds * c));
    p.dram_read_gbps = r2((double)t->dram_read * mhz / (c * 1000.0));
    p.dram_write_gbps = r2((double)t->dram_write * mhz / (c * 1000.0));
    return p;
}

void rep_json_series(json_t *j, const tm_series_t *s, const device_t *d)
{
    if (!s || !s->n)
        return;
    static const char *const keys[] = {"occupancy", "valu_busy_pct", "dram_read_gbps", "dram_write_gbps"};
    json_begin_obj(j, "series");
    json_uint(j, "interval_cycles", s->interval);
    json_uint(j, "cycles", s->cycles);
    json_uint(j, "points", s->n);
    for (unsigned k = 0; k < 4; k++) {
        json_begin_arr(j, keys[k]);
        for (unsigned i = 0; i < s->n; i++) {
            rep_point_t p = rep_series_point(s, i, d);
            double v[4] = {p.occupancy, p.valu_busy_pct, p.dram_read_gbps, p.dram_write_gbps};
            json_double(j, NULL, v[k]);
        }
        json_end(j);
    }
    json_end(j);
}
