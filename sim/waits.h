/* waits.h — what s_waitcnt stalls waited for: per waiting instruction,
 * the memory operations whose completion ended its stalls (by their
 * instruction) and where each was served, with the stalled wave-cycles
 * and the number of stalls.  The cycle model (cu.c) fills it when hot
 * spots are collected (tm_config_t.hotspots); tm_stats_t holds it. */
#ifndef GCNSIM_WAITS_H
#define GCNSIM_WAITS_H

#include <stddef.h>
#include <stdint.h>

/* Where an operation a wait counter tracks was served: the vector L1, the
 * L2, DRAM (an L2 miss), the LDS, the scalar cache (hit), a scalar-cache
 * miss (L2 or DRAM), GDS or a message (s_sendmsg), a write (stores and
 * atomics without return: complete when the L2 has them). */
#define TM_SRV_LIST(X) X(l1) X(l2) X(dram) X(lds) X(scalar) X(scalar_miss) X(gds) X(write)
typedef enum {
#define TM_SRV_ENUM(n) TM_SRV_##n,
    TM_SRV_LIST(TM_SRV_ENUM)
#undef TM_SRV_ENUM
    TM_NSRV
} tm_srv_t;

/* Name of a level ("dram", "scalar_miss"). */
const char *tm_srv_name(tm_srv_t s);

/* Operations kept per waiting instruction; stalls ended by further ones
 * are summed in an entry "other". */
enum { TM_WAIT_OPS = 8 };
#define TM_WAIT_OTHER UINT32_MAX

/* Stalls ended by one operation (instruction), by where it was served. */
typedef struct {
    uint32_t op;                 /* its instruction: dword index from tm_stats_t.code_base; TM_WAIT_OTHER */
    uint64_t cycles[TM_NSRV];    /* stalled wave-cycles charged to it */
    uint64_t count[TM_NSRV];     /* stalls it ended */
} tm_wait_op_t;

/* One waiting instruction. */
typedef struct {
    uint32_t at;                 /* dword index from tm_stats_t.code_base */
    uint32_t nops;               /* entries of op[] used, the "other" entry excluded */
    tm_wait_op_t op[TM_WAIT_OPS + 1];   /* op[TM_WAIT_OPS]: every other operation */
} tm_wait_t;

/* The waiting instructions of a kernel's code (ndw dwords), in the order
 * they first stalled. */
typedef struct {
    tm_wait_t *w;
    size_t n, cap;
    uint32_t *ix;                /* [ndw]: 1 + index in w of the instruction at that dword, 0: none */
    size_t ndw;
    uint64_t lost;               /* wave-cycles not recorded (out of host memory) */
} tm_waits_t;

/* Charge `cycles` stalled wave-cycles of the instruction at dword at (of
 * code of ndw dwords) and one stall to operation op served at srv.
 * Returns 0, or -1 when out of memory (the cycles count in lost). */
int tm_waits_charge(tm_waits_t *t, size_t ndw, uint32_t at, uint32_t op, tm_srv_t srv, uint64_t cycles);

/* Add src's entries to dst (the same code of ndw dwords).  Returns 0, or
 * -1 when out of memory. */
int tm_waits_add(tm_waits_t *dst, const tm_waits_t *src, size_t ndw);

/* The total wave-cycles charged to an entry / to a waiting instruction. */
uint64_t tm_wait_op_cycles(const tm_wait_op_t *o);
uint64_t tm_wait_cycles(const tm_wait_t *w);

/* Release what t holds (and zero it). */
void tm_waits_free(tm_waits_t *t);

#endif
