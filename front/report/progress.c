/* progress.c — the progress line of a long run (see progress.h). */
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "front/report/progress.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void prog_init(prog_t *p, FILE *fp, int mode, unsigned clock_mhz, uint64_t max_inst, const char *label)
{
    memset(p, 0, sizeof *p);
    p->fp = fp;
    p->tty = isatty(fileno(fp));
    p->on = mode == PROG_ON || (mode == PROG_AUTO && p->tty);
    p->start = now_s();
    p->after = mode == PROG_ON ? 0.5 : 2.0;
    p->every = p->tty ? 0.25 : 0.5;
    p->last = p->start - p->every;
    p->clock_mhz = clock_mhz;
    p->max_inst = max_inst;
    if (label)
        snprintf(p->label, sizeof p->label, "%.60s: ", label);
}

/* "1.204 ms simulated" (or nothing in functional mode) into buf. */
static void sim_time(const prog_t *p, uint64_t cycle, char *buf, size_t n)
{
    double us = p->clock_mhz ? (double)cycle / p->clock_mhz : 0;
    if (!p->clock_mhz)
        buf[0] = 0;
    else if (us < 1000)
        snprintf(buf, n, ", %.1f us simulated", us);
    else if (us < 1e6)
        snprintf(buf, n, ", %.3f ms simulated", us / 1e3);
    else
        snprintf(buf, n, ", %.3f s simulated", us / 1e6);
}

/* "ETA 14 s" from the share done (of the work-groups, or of --max-inst
 * when that is further along), or "ETA -" before any. */
static void eta(const prog_t *p, double elapsed, uint64_t done, uint64_t groups, uint64_t ninst, char *buf,
                size_t n)
{
    double f = groups ? (double)done / (double)groups : 0;
    if (p->max_inst && (double)ninst / (double)p->max_inst > f)
        f = (double)ninst / (double)p->max_inst;
    if (f <= 0 || f > 1) {
        snprintf(buf, n, "ETA -");
        return;
    }
    double left = elapsed * (1 - f) / f;
    if (left < 120)
        snprintf(buf, n, "ETA %.0f s", left);
    else if (left < 7200)
        snprintf(buf, n, "ETA %.0f min", left / 60);
    else
        snprintf(buf, n, "ETA %.1f h", left / 3600);
}

void prog_update(void *arg, uint64_t done, uint64_t groups, uint64_t ninst, uint64_t cycle)
{
    prog_t *p = arg;
    double t = now_s();
    if (!p->on || t - p->start < p->after || t - p->last < p->every)
        return;
    p->last = t;
    double elapsed = t - p->start;
    char st[48], e[32], line[256];
    sim_time(p, cycle, st, sizeof st);
    eta(p, elapsed, done, groups, ninst, e, sizeof e);
    int w = snprintf(line, sizeof line, "gcnsim: %s%llu/%llu work-groups%s, %.2f M wave-inst/s, %s", p->label,
                     (unsigned long long)done, (unsigned long long)groups, st,
                     elapsed > 0 ? (double)ninst / elapsed / 1e6 : 0.0, e);
    size_t len = w < 0 ? 0 : (size_t)w < sizeof line ? (size_t)w : sizeof line - 1;
    if (p->tty) {
        /* pad over a longer previous line */
        fprintf(p->fp, "\r%s%*s", line, p->width > len ? (int)(p->width - len) : 0, "");
        p->width = len;
        p->shown = 1;
    } else {
        fprintf(p->fp, "%s\n", line);
    }
    fflush(p->fp);
}

void prog_clear(prog_t *p)
{
    if (!p->shown)
        return;
    fprintf(p->fp, "\r%*s\r", (int)p->width, "");
    fflush(p->fp);
    p->shown = 0;
    p->width = 0;
}
