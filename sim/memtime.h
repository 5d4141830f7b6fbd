/* memtime.h — timing of the memory system for the cycle model: LDS bank
 * conflicts, vector-memory address processing and coalescing into 64-byte
 * lines, the per-CU vector L1, the scalar data cache and instruction cache
 * shared by groups of CUs, the L2 (channels by hashed 256-byte chunk,
 * misses in flight per channel, atomics), through sim/tlb.h the address
 * translation of vector accesses and, through sim/dram.h, the
 * device memory.  Reservation based: each request is timed when
 * it is issued, in issue order; caches keep tags only (no data) and the
 * cycle each line's data arrives, so a hit on a line still being filled
 * waits for it (hit under miss).  All
 * parameters come from a device_t.  Deterministic; no I/O. */
#ifndef GCNSIM_MEMTIME_H
#define GCNSIM_MEMTIME_H

#include <stdint.h>
#include "sim/device.h"
#include "sim/wave.h"

/* ---- LDS ------------------------------------------------------------------ */

/* Bank cycles of one DS access (a.space == FX_SPACE_LDS): the lanes of
 * a.mask are served 32 dwords per cycle over the 32 banks (bank =
 * (addr >> 2) & 31); lanes that touch different dwords of one bank take one
 * cycle each, lanes on the same dword share it (broadcast).  An access of
 * B bytes per lane touches ceil(B/4) consecutive dwords per lane; lanes are
 * taken in order in groups of 32 dwords.  *ideal gets the cycles without
 * conflicts (ceil(lanes * dwords / 32), at least 1).  Returns the cycles
 * (>= *ideal; 0 when no lane is active). */
unsigned mt_lds_cycles(const fx_access_t *a, unsigned *ideal);

/* ---- vector memory -------------------------------------------------------- */

/* Address-processing cycles of one vector-memory access on a CU's texture
 * addresser: 4 when the active lanes access consecutive dwords in lane
 * order, each lane at most a dword within its own (the coalesced 1-D path
 * of "32-bit (or smaller) single-channel" loads: dwords, and bytes or
 * shorts at dword strides), else one quad (4 lanes) per cycle: 16 for a
 * full wave (GCN-FACTS 4.3).  0 when no lane is active. */
unsigned mt_addr_cycles(const fx_access_t *a);

/* Number of distinct 64-byte lines an access touches (lanes of a.mask;
 * each lane touches [addr, addr + bytes)). */
unsigned mt_lines(const fx_access_t *a);

/* The most distinct lines one access touches: 64 lanes of at most 255
 * bytes, each lane spanning at most 5 lines. */
enum { MT_MAX_LINES = 64 * 5 };

/* The distinct 64-byte lines of access a (lanes of a.mask not oob) in the
 * order the lanes first touch them, into lines[MT_MAX_LINES]; returns
 * their number (mt_lines). */
unsigned mt_line_list(const fx_access_t *a, uint64_t *lines);

typedef struct mt mt_t;   /* the memory system of a device */

/* L2 channel instances a performance counter tells apart (rocprof reads
 * 16 TCC instances on gfx8 and gfx9); channel c counts as c mod MT_TCC. */
enum { MT_TCC = 16 };

/* Statistics of the memory system. */
typedef struct {
    uint64_t l1_hits, l1_misses;          /* vector L1, in 64-byte lines */
    uint64_t l2_hits, l2_misses;          /* L2, lines (vector, scalar and instruction misses) */
    uint64_t k_hits, k_misses;            /* scalar data cache, lines */
    uint64_t i_hits, i_misses;            /* instruction cache, lines */
    uint64_t dram_bytes;                  /* bytes moved to or from DRAM */
    uint64_t dram_row_hits, dram_row_misses;   /* 64-byte bursts to an open row / needing an activation */
    uint64_t l2_queue_waits;              /* L2 misses that waited for a free entry (l2_mshr) */
    uint64_t tlb_l1_hits, tlb_l1_misses;  /* per-CU TLB, fragments looked up by vector accesses */
    uint64_t tlb_l2_hits, tlb_walks;      /* shared TLB: hits, and misses that walk the page table */
    uint64_t dram_reads, dram_writes;     /* 64-byte lines read from DRAM (L2 misses), written (dirty evictions) */
    uint64_t release_writes;              /* dirty lines left in the L2 at the end (mt_release) */
    uint64_t l2_wr_stall[MT_TCC];         /* per L2 channel mod MT_TCC: cycles its writes held the DRAM bus */
} mt_stats_t;

/* A memory system for device d (cus CUs).  NULL when out of memory. */
mt_t *mt_new(const device_t *d);
/* Done with m.  The last one freed is kept (reachable, not freed) and
 * mt_reset for the next mt_new of a device with the same parameters,
 * which then allocates nothing. */
void mt_free(mt_t *m);
/* Forget every cached line and reservation (a new dispatch starts cold),
 * and mt_alias's ranges. */
void mt_reset(mt_t *m);

/* An address range timed elsewhere (mt_alias). */
typedef struct {
    uint64_t base, size, tbase;
} mt_alias_t;
/* Time the accesses to each of the n ranges [base, base + size) as if at
 * tbase + (address - base) (vector, scalar and L2 preload; tbase and
 * base equal modulo 64, else the range is left as it is), so that their
 * caches, channels and DRAM rows do not depend on where the host put
 * them (mem_set_timing_base); until the next call or mt_reset.  0, or -1
 * when out of host memory. */
int mt_alias(mt_t *m, const mt_alias_t *a, unsigned n);

/* Vector memory: time the lines of access a issued by CU cu at cycle now,
 * its data later by the wait for the translations of the fragments they
 * lie in (sim/tlb.h; none for a device without tlb_l1_entries, as only a
 * hand-built one is; the caches and channels are reserved as if from now,
 * so that a translation's latency does not hold other CUs' requests
 * behind it), through L1 (loads allocate; stores write through without allocating),
 * L2 (channel of the line's 256-byte chunk, dram_chunk_channel; one line
 * per channel per cycle; at most l2_mshr misses in flight per channel, the
 * channel's queue waiting in order for a free entry) and DRAM (sim/dram.h,
 * after the fixed dram_latency).  Returns the cycle at which the last
 * line's data is back (loads) or written to L2 (stores/atomics);
 * *accepted (when not NULL) gets the cycle the last line was accepted by
 * its L2 channel (the CU cannot send further requests before: back
 * pressure; also not before the access's TLB misses got their slots). */
uint64_t mt_vmem(mt_t *m, unsigned cu, const fx_access_t *a, uint64_t now, uint64_t *accepted);
/* mt_vmem for access a whose n lines mt_line_list gave in lines. */
uint64_t mt_vmem_listed(mt_t *m, unsigned cu, const fx_access_t *a, const uint64_t *lines, unsigned n, uint64_t now,
                        uint64_t *accepted);

/* Vector atomics: as mt_vmem for a write, but each line is read into the
 * L2 on a miss (the operation needs its data) and holds its L2 channel for
 * as many cycles as the largest number of active lanes on one address in
 * it (same-address lanes serialise in the L2's atomic unit; distinct
 * addresses take one cycle per line).  Returns, for a returning atomic
 * (glc), the cycle the last result is back (L2 hit latency or DRAM, then
 * the serialised operations); otherwise the cycle the request is in the
 * L2 (as a store). */
uint64_t mt_vmem_atomic(mt_t *m, unsigned cu, const fx_access_t *a, uint64_t now, int returning,
                        uint64_t *accepted);

/* The cycle the translations of the last vector access (mt_vmem,
 * mt_vmem_atomic) were ready: its start when every one hit. */
uint64_t mt_translated(const mt_t *m);

/* Scalar memory: bytes at addr read by CU cu at cycle now through the
 * scalar data cache of its group, then L2.  Returns the cycle the data is
 * back. */
uint64_t mt_smem(mt_t *m, unsigned cu, uint64_t addr, unsigned bytes, uint64_t now);

/* Instruction fetch: the 64-byte line holding pc, wanted by CU cu at cycle
 * now.  Returns the cycle it is available (now on a hit). */
uint64_t mt_ifetch(mt_t *m, unsigned cu, uint64_t pc, uint64_t now);

/* Put the lines of [addr, addr + bytes) into the L2, clean, without
 * timing or statistics: data the host wrote through the L2 before the
 * dispatch (the kernel's code as the runtime uploads it). */
void mt_l2_preload(mt_t *m, uint64_t addr, uint64_t bytes);

/* The end of a dispatch: its release (system scope, as a kernel's end
 * is) writes the L2's dirty lines back to DRAM.  Counted in
 * release_writes (not timed: the kernel has ended); the lines stay
 * cached, clean. */
void mt_release(mt_t *m);
/* The 64-byte lines read from DRAM whose data had crossed the bus before
 * cycle (to 64 cycles; all of them for UINT64_MAX).  cycle must not go
 * back between calls. */
uint64_t mt_dram_read_lines_before(mt_t *m, uint64_t cycle);
/* Where the data of an access came from (mt_served). */
typedef enum { MT_SRC_NONE, MT_SRC_L1, MT_SRC_L2, MT_SRC_DRAM } mt_src_t;

/* Where the last vector access (mt_vmem, mt_vmem_atomic) or scalar read
 * (mt_smem) was served: the level of its slowest line (the latest data
 * back; on a tie the farther level): its first-level cache (the CU's
 * vector L1, or the scalar cache for mt_smem), the L2, or DRAM (an L2
 * miss).  A hit on a line whose fill is still under way counts as the
 * level the fill comes from (the data is that far away).  A store's lines
 * count as L2 (written there, allocated on a miss).  MT_SRC_NONE when the
 * access touched no line. */
mt_src_t mt_served(const mt_t *m);

/* Statistics so far (the DRAM's counters brought up to date). */
const mt_stats_t *mt_stats(mt_t *m);

/* The hit paths of mt_ifetch and mt_smem alone: when every line is in
 * the CU's instruction (scalar data) cache, do what mt_ifetch (mt_smem)
 * does, give its result in *ready (*done, and in *src what mt_served
 * would give) and return 1; otherwise change nothing and return 0.  They
 * touch only the cache of the CU's group, with its own LRU clock and hit
 * count (mt_stats adds the groups' counts up), so threads that each own whole groups of CUs may call
 * them at once while calls that reach the L2 are made in order by one
 * thread at a time (sim/cupar.h). */
int mt_ifetch_hit(mt_t *m, unsigned cu, uint64_t pc, uint64_t now, uint64_t *ready);
int mt_smem_hit(mt_t *m, unsigned cu, uint64_t addr, unsigned bytes, uint64_t now, uint64_t *done, mt_src_t *src);

/* Groups of CUs whose instruction and scalar caches are their own: CUs
 * cu / mt_cache_group(d) share no such cache with another group. */
unsigned mt_cache_group(const device_t *d);

#endif
