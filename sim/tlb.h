/* tlb.h — address translation for the cycle model: a translation
 * lookaside buffer per CU (UTCL1, fully associative, LRU) in front of one
 * shared by the device (UTCL2, 16-way, LRU), each entry covering one
 * fragment of tlb_frag_kib (the page table maps contiguous pages as one
 * fragment).  An L1 TLB miss takes one of the CU's tlb_l1_misses slots and
 * one cycle of the L2 TLB's port, and is back tlb_l2_latency later; an
 * L2 TLB miss adds the page walk (tlb_walk_levels reads through the L2,
 * the last from DRAM).  The shared TLB starts each dispatch warm (every
 * fragment met the first time is there: the buffers were used before);
 * the per-CU TLBs start empty.  A translation still on its way is waited
 * for (hit under miss).  All parameters come from a device_t; deterministic; no
 * I/O. */
#ifndef GCNSIM_TLB_H
#define GCNSIM_TLB_H

#include <stdint.h>
#include "sim/device.h"

typedef struct tlb tlb_t;

/* Counters of the translations asked for. */
typedef struct {
    uint64_t l1_hits, l1_misses;   /* per-CU TLB, fragments looked up */
    uint64_t l2_hits, l2_misses;   /* shared TLB (l2_misses: page walks) */
    uint64_t slot_waits;           /* L1 misses that waited for a free miss slot of their CU */
} tlb_stats_t;

/* The TLBs of device d.  NULL when out of memory or when d has no CU, no
 * entries or no miss slot. */
tlb_t *tlb_new(const device_t *d);
void tlb_free(tlb_t *b);
/* Forget every translation and reservation (a new dispatch starts cold). */
void tlb_reset(tlb_t *b);

/* log2 of the bytes one translation covers (tlb_frag_kib). */
unsigned tlb_frag_shift(const tlb_t *b);

/* The translation of fragment frag (address >> tlb_frag_shift) wanted by
 * CU cu at cycle t: returns the cycle it is ready (t on an L1 TLB hit
 * whose translation is there); *sent gets the cycle the request left the
 * CU's TLB (t, or later when a miss waited for a free miss slot). */
uint64_t tlb_translate(tlb_t *b, unsigned cu, uint64_t frag, uint64_t t, uint64_t *sent);

/* Counters so far. */
const tlb_stats_t *tlb_stats(const tlb_t *b);

#endif
