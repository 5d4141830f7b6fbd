/* cfg.h — the control-flow graph of a kernel's decoded code, for the hot
 * spots' totals per basic block and per loop.
 *
 * A block starts at the kernel's first instruction, at each direct branch
 * target inside the kernel and after each instruction that ends a block:
 * a branch (s_branch, s_cbranch_*, s_setpc_b64, s_swappc_b64, s_call_b64,
 * the fork/join and debugger branches), s_endpgm and s_trap.  Its edges:
 * the taken and fall-through ways of a direct branch (each with its count
 * of wave-instructions, from the taken counts the cycle model keeps per
 * pc), the return point of a call, the next instruction after any other
 * instruction; s_setpc_b64, s_cbranch_join and g_fork jump where a
 * register says, so the graph does not follow them.
 * Loops are natural loops: a back edge goes to a block that dominates its
 * source (the loop's header); the loop is the header and every block that
 * reaches a back edge's source without passing the header; back edges to
 * one header make one loop.  Loops nest by their bodies; a cycle entered
 * at two places (irreducible) is no natural loop and is not listed. */
#ifndef GCNSIM_CFG_H
#define GCNSIM_CFG_H

#include <stddef.h>
#include <stdint.h>
#include "isa/isa.h"

/* One instruction of the code, in address order. */
typedef struct {
    uint64_t addr;               /* device address */
    unsigned ndw;                /* its length in dwords */
    const isa_inst_t *in;        /* NULL: words that are no instruction */
    uint64_t count, taken;       /* wave-instructions issued, of which a branch took */
} cfg_inst_t;

typedef struct {
    size_t first, n;             /* instructions [first, first + n) */
    size_t succ[2];              /* successor blocks */
    uint64_t edge[2];            /* wave-instructions that went each way */
    unsigned nsucc;
    int loop;                    /* the innermost loop holding it, -1: none */
} cfg_block_t;

typedef struct {
    size_t header;               /* its header block */
    size_t *blocks;              /* its blocks, by address (header included) */
    size_t nblocks;
    int parent;                  /* the loop it is nested in, -1: none */
    unsigned depth;              /* 1: outermost */
    uint64_t entries;            /* wave-instructions entering the header from outside the loop */
} cfg_loop_t;

typedef struct {
    cfg_block_t *b;              /* by address */
    size_t nb;
    cfg_loop_t *l;               /* by header address (one loop per header) */
    size_t nl;
    size_t *block_of;            /* [instruction]: its block */
} cfg_t;

/* Build the graph of the n instructions ins (n >= 1).  Returns 0, or -1
 * when out of memory (g is then empty). */
int cfg_build(cfg_t *g, const cfg_inst_t *ins, size_t n);

/* Whether loop l holds block b. */
int cfg_loop_has(const cfg_t *g, size_t l, size_t b);

/* Release what g holds (and zero it). */
void cfg_free(cfg_t *g);

#endif
