/* dram.h — timing of the device memory behind the L2: independent
 * channels, each with banks that hold one open row (page), a data bus that
 * moves one 64-byte burst at a time, activation (row miss) cost, the
 * spacing of activations on a channel, periodic refresh, and writes
 * drained from a per-channel write queue in batches with a bus turnaround
 * before and after.  Addresses map to channels in 256-byte chunks, with
 * the higher address bits folded into the choice so that strides do not
 * collapse onto one channel or bank.  The bus is a calendar: a request
 * takes the earliest free burst slot at or after the cycle its row is
 * open, so row hits of other banks fill the gaps while a row is being
 * activated (as a controller that reorders ready requests does).
 * Reservation based: requests are timed when they are issued, in issue
 * order.  All parameters come from a device_t.  Deterministic; no I/O. */
#ifndef GCNSIM_DRAM_H
#define GCNSIM_DRAM_H

#include <stdint.h>
#include "sim/device.h"

typedef struct dram dram_t;

/* Statistics of the device memory. */
typedef struct {
    uint64_t reads, writes;      /* 64-byte bursts */
    uint64_t row_hits, row_misses;
    uint64_t refresh_waits;      /* bursts moved past a refresh */
    uint64_t turnarounds;        /* write batches (each costs two turnarounds) */
} dram_stats_t;

/* The device memory of d; NULL when out of memory. */
dram_t *dram_new(const device_t *d);
void dram_free(dram_t *m);
/* Forget open rows, reservations, queued writes and statistics. */
void dram_reset(dram_t *m);

/* A 64-byte read of the line holding addr, wanted at shader cycle t:
 * returns the cycle its data has crossed the bus (the fixed latency,
 * dram_latency, is added by the caller). */
uint64_t dram_read(dram_t *m, uint64_t addr, uint64_t t);

/* A 64-byte write of the line holding addr at shader cycle t (a dirty line
 * leaving the L2): queued; a full queue is drained onto the bus.  Returns
 * the cycles from t to the end of the drain's last burst (0 when only
 * queued). */
uint64_t dram_write(dram_t *m, uint64_t addr, uint64_t t);

/* The channel (0 .. n-1) of the 256-byte chunk holding addr among n
 * channels: the chunk index mod n, offset by a fold of the higher bits.
 * Consecutive chunks take consecutive channels; shared with the L2. */
uint32_t dram_chunk_channel(uint64_t addr, uint32_t n);

const dram_stats_t *dram_stats(const dram_t *m);

#endif
