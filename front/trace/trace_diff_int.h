/* trace_diff_int.h — inside `gcnsim trace diff`: what the comparison
 * (trace_diff.c: streaming both files, packed records, waves, the matcher)
 * and its report (trace_diff_report.c: what differs in a record, how it is
 * printed, the second pass over A, the debugger command) share.  Not for
 * other users: they use trace_diff.h. */
#ifndef GCNSIM_TRACE_DIFF_INT_H
#define GCNSIM_TRACE_DIFF_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "front/trace/trace.h"
#include "front/trace/trace_diff.h"

/* ---- packed records (trace_diff.c) --------------------------------------- */

/* A record as waiting in a queue: seq, cycles and wave id aside, then the
 * architectural part packed in a canonical byte string (equal bytes =
 * equal state). */
typedef struct qrec {
    struct qrec *next;
    uint64_t seq, ci, cd;
    uint32_t wave;
    uint8_t flags;
    uint32_t len;
    uint8_t d[];
} qrec_t;

/* r packed (values of a record flagged non-deterministic left out), malloc'ed; NULL when out of memory. */
qrec_t *td_pack(const trace_rec_t *r);
/* q unpacked into r (r->m malloc'ed, the wave key fields left as they are); 0, or -1 when out of memory. */
int td_unpack(const qrec_t *q, trace_rec_t *r);

/* ---- what differs in a record (trace_diff_report.c) ---------------------- */

/* DF_MEMLIST: the same dwords with the same final values, listed a
 * different number of times or in another order; DF_LIST likewise for the
 * SGPRs (reg 0), VGPRs (1) or hardware registers (2) written. */
enum { DF_PC, DF_ENC, DF_EXEC, DF_FLAGS, DF_SREG, DF_SCC, DF_VREG, DF_MEM, DF_HWREG, DF_ISSUE, DF_DONE, DF_MEMLIST,
       DF_LIST };

typedef struct {
    int kind;
    unsigned reg;           /* SREG, VREG: the register; HWREG: its id */
    uint8_t space;          /* MEM */
    uint64_t addr;
    int in_a, in_b;         /* each record writes it */
    uint64_t va, vb;        /* values (all but VREG) */
    uint64_t lanes;         /* VREG: lanes that differ */
    int ia, ib;             /* VREG: index in v[] of each record */
} dfitem_t;

enum { MAX_ITEMS = 64 };
typedef struct {
    dfitem_t it[MAX_ITEMS];
    unsigned n, more;
} dflist_t;

/* Sets l to everything that differs between a and b (the cycles too when timing), the most telling first. */
void td_collect(const trace_rec_t *a, const trace_rec_t *b, int timing, dflist_t *l);
/* The short name of what it is about ("v3", "exec", ...): a constant string or buf (n bytes). */
const char *td_item_name(const trace_header_t *h, const dfitem_t *it, char *buf, size_t n);
/* Prints the difference it between a (A's, header h[0]) and b (B's, h[1]) in full, expected and actual. */
void td_print_item(FILE *out, const trace_header_t *const h[2], const trace_rec_t *a, const trace_rec_t *b,
                   const dfitem_t *it);
/* Prints the differences of l after the first, named ("also different: ..."); nothing when there are none. */
void td_print_others(FILE *out, const trace_header_t *h, const dflist_t *l);

/* ---- second pass and printing records (trace_diff_report.c) -------------- */

typedef struct {
    uint32_t launch, wg[3], wg_wave;    /* the diverging wave */
    uint64_t limit;                     /* records of A before the divergence */
    uint64_t pc;                        /* count the wave's executions of this pc */
    const dfitem_t *it;                 /* find the last write of this (NULL: nothing) */
    unsigned lane;                      /* VREG: of this lane */
    unsigned nctx;                      /* context records wanted (<= 16) */
    qrec_t *ctx[16];                    /* ring of the wave's last records */
    unsigned nseen;
    uint64_t hits;
    qrec_t *lw;                         /* the last write: its record */
    uint32_t lw_val, lw_wave, lw_wg[3], lw_wg_wave, lw_launch;
} pass2_t;

/* Reads file path (A; its dispatch as trace_open_dispatch takes it) again up to p->limit, filling in
 * p's results; 0, or -1 with a message in err. */
int td_pass2(const char *path, long dispatch, pass2_t *p, char *err, size_t errlen);
/* The dispatch the options name for trace_open_dispatch (-1: none). */
static inline long td_dispatch(const trace_diff_opts_t *o)
{
    return o->has_dispatch ? (long)o->dispatch : -1;
}
/* Releases the records p holds (not p itself). */
void td_pass2_free(pass2_t *p);
/* Prints q as one line, "[seq] pc ... exec ...: disassembly  -> what it writes", after indent. */
void td_print_rec_line(FILE *out, const trace_header_t *h, const qrec_t *q, const char *indent);
/* Prints where p->it (not NULL) was last written before the divergence, and that record. */
void td_print_last_write(FILE *out, const trace_header_t *h[2], const pass2_t *p);

/* ---- the debugger command (trace_diff_report.c) -------------------------- */

/* Prints the gcnsim debug command stopping before pc (hits earlier times) in wave of h's run, or why there is none;
 * is_workload (may be NULL) tells a bench workload's name in a bench trace's options. */
void td_print_debug(FILE *out, const trace_header_t *h, const char *which, uint32_t launch, uint32_t wave,
                    uint64_t pc, uint64_t hits, int (*is_workload)(const char *name));

#endif
