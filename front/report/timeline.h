/* timeline.h — a tm_config_t.on_event sink that streams the cycle model's
 * events to a Chrome trace-event JSON file (the {"traceEvents": [...]}
 * object form), which Perfetto (ui.perfetto.dev) and chrome://tracing
 * open.
 *
 * Layout: one process per CU ("CU 3", pid 4: Perfetto treats pid and tid
 * 0 as the kernel's idle task, so both start at 1), one thread per wave
 * slot ("SIMD 1 slot 4", tid SIMD*16 + slot + 1).  A wave's lifetime is a
 * B/E slice on its slot ("wave 12 wg (1,0,0)"); each issued instruction is
 * an X slice inside it named by its mnemonic, with its category as "cat"
 * and its pc (offset from the code's start) and issue cycle in args.
 * Times are microseconds at the device's clock with 3 decimals (1 ns, the
 * resolution Perfetto keeps); an instruction's slice lasts from its issue
 * to the end of its issue cost, cut at the next issue of the same wave.
 *
 * The file is written as the events arrive (only the pending instruction
 * of each wave slot is held).  After max_inst instruction slices only the
 * wave slices are written, and the file says so (an instant event where
 * the cap was reached and "otherData": {"note": ...}).  Counter tracks
 * of the figures over time come last (tl_series). */
#ifndef GCNSIM_TIMELINE_H
#define GCNSIM_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include "isa/isa.h"
#include "sim/device.h"
#include "sim/timing.h"
#include "sim/wave.h"

/* Default cap on instruction slices. */
#define TL_MAX_INST 200000

typedef struct tl tl_t;

/* What the timeline needs to name instructions: the code the pcs of the
 * events point into. */
typedef struct {
    const sim_prog_t *prog;      /* the code decoded once (la_module_t.prog); NULL: none */
    uint64_t entry;              /* kernel entry: pcs in args are offsets from it */
} tl_code_t;

/* Create path and start the file for device d (its CU count and clock).
 * Returns the timeline, or NULL with "cannot write PATH: REASON" in err. */
tl_t *tl_open(const char *path, const device_t *d, const tl_code_t *code, uint64_t max_inst, char *err,
              size_t errlen);

/* Place t's events in a timeline of a whole program (tl_merge): from
 * base_ns on, in the processes of queue (tl_queue_pid), named "DEVICE
 * queue Q CU C"; its max_inst is what is left of the program's cap, and
 * capped says an earlier dispatch's file already marked where the cap
 * was reached.  Call before the first event. */
void tl_place(tl_t *t, uint64_t base_ns, unsigned queue, int capped);

/* Whether t reached its cap on instruction slices. */
int tl_capped(const tl_t *t);

/* The pid of queue's own process in a program's timeline; its CU c is
 * pid + 1 + c. */
unsigned tl_queue_pid(unsigned queue);

/* One command of a program (gcnsim exec) for tl_merge. */
typedef struct {
    unsigned queue;              /* the queue's number (tl_place's) */
    const char *device;          /* the queue's device preset */
    const char *name;            /* "write buffer", or the kernel's name */
    uint64_t start_ns, end_ns;   /* simulated, on the queue's clock */
    long dispatch;               /* a kernel's dispatch number, -1 for other commands */
    uint64_t wave_insts;         /* a kernel's wave-instructions */
    const char *detail;          /* a kernel's own timeline (tl_place'd), or NULL */
} tl_command_t;

/* Write the timeline of a program into path: per queue, a process "DEVICE
 * queue Q" with a thread "commands" holding a slice per command, then the
 * events of every kernel's detail file (its CUs, waves and instructions;
 * metadata events once).  Returns 0, or -1 with a one-line message in
 * err. */
int tl_merge(const char *path, const tl_command_t *cmds, size_t n, char *err, size_t errlen);

/* The sink: pass as tm_config_t.on_event with event_arg = the tl_t. */
void tl_event(void *arg, const tm_event_t *e);

/* The next dispatch's events (their cycles count from 0 again) follow the
 * previous ones: add cycles, the length of the dispatch just finished, to
 * their times. */
void tl_next_dispatch(tl_t *t, uint64_t cycles);

/* Keep only the tracks of the CUs in list ("0,3-5": numbers and ranges,
 * comma-separated) of t's device; the others' events are left out (and
 * do not count towards the cap).  Returns 0, or -1 with a one-line
 * message in err (bad syntax, a CU the device does not have). */
int tl_set_cus(tl_t *t, const char *list, char *err, size_t errlen);
/* Parse such a list for a device of ncu CUs, setting keep[c] (when keep
 * is not NULL) for each CU c named.  Returns 0, or -1 with the message. */
int tl_parse_cus(const char *list, unsigned ncu, uint8_t *keep, char *err, size_t errlen);

/* Add counter tracks from series s (the run's figures over time, sim/
 * timing.h; the values of front/report/series.h, as the JSON report's
 * "series" has them): "occupancy" {waves_per_simd}, "VALUBusy" {pct},
 * "DRAM bandwidth" {read_gbps, write_gbps}, a "C" event at the start of
 * each interval and one with zeros at the end, in a process "device
 * counters" (tl_place'd: the queue's process).  Nothing for a NULL or
 * empty series. */
void tl_series(tl_t *t, const tm_series_t *s);

/* Instruction slices written so far. */
uint64_t tl_inst_slices(const tl_t *t);

/* Finish the file, close it and free t.  Returns 0, or -1 with "cannot
 * write PATH: REASON" in err when any write failed. */
int tl_close(tl_t *t, char *err, size_t errlen);

#endif
