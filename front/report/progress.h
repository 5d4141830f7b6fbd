/* progress.h — the progress line of a long run on stderr: work-groups
 * done of all, the simulated time so far, wave-instructions per second of
 * host time and an estimate of the time left:
 *
 *   gcnsim: vega-64: 312/1024 work-groups, 1.204 ms simulated, 3.52 M wave-inst/s, ETA 14 s
 *
 * On a terminal the line is rewritten in place (at most four times a
 * second, from two seconds into the run) and erased by prog_clear before
 * the report; forced onto anything else (a pipe, a file) it is one line
 * per update, at most two a second. */
#ifndef GCNSIM_PROGRESS_H
#define GCNSIM_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

enum { PROG_AUTO = 0, PROG_ON = 1, PROG_OFF = -1 };

typedef struct {
    FILE *fp;
    int on;                      /* updates are shown */
    int tty;                     /* fp is a terminal: one line rewritten */
    double start, last, after, every;   /* host seconds (monotonic) */
    unsigned clock_mhz;          /* the device's clock (0: functional, no simulated time) */
    uint64_t max_inst;           /* --max-inst (0: none): the ETA also counts toward it */
    int shown;                   /* a line is on the terminal */
    size_t width;                /* its length, to erase it */
    char label[64];              /* "vega-64: " or "" */
} prog_t;

/* Start the clock for a run: mode PROG_AUTO shows progress only when fp
 * is a terminal, PROG_ON always, PROG_OFF never; label (NULL: none) goes
 * before the figures. */
void prog_init(prog_t *p, FILE *fp, int mode, unsigned clock_mhz, uint64_t max_inst, const char *label);
/* sim_launch_t.progress: arg is a prog_t; shows a line when one is due. */
void prog_update(void *arg, uint64_t done, uint64_t groups, uint64_t ninst, uint64_t cycle);
/* Erase the line from the terminal (nothing for a pipe). */
void prog_clear(prog_t *p);

#endif
