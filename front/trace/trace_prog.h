/* trace_prog.h — the instructions of a trace, each decoded once.
 *
 * A trace file holds no code section: every record carries its pc and its
 * encoding.  A trace_prog_t is the trace's program as the records show it:
 * the instruction at a pc is decoded the first time a record names it and
 * looked up by pc afterwards (a record whose encoding differs from the one
 * seen at its pc, as in a corrupt or hand-made file, is decoded anew).
 * While a launch is recorded, the launch's own decoded program
 * (la_module_t.prog) serves the lookups and nothing is decoded.
 *
 * Users: records as text (trace_disasm, through the reader's header), the
 * value predictor of the writer and of the reader (trace_pred.c), and
 * `gcnsim trace diff`. */
#ifndef GCNSIM_TRACE_PROG_H
#define GCNSIM_TRACE_PROG_H

#include <stdint.h>
#include "isa/isa.h"
#include "sim/wave.h"

typedef struct trace_prog trace_prog_t;

/* The program of a trace of code for target t (NULL: no instruction
 * decodes), over code, the decoded program the records were recorded from
 * when it is at hand (NULL: none; it must outlive the trace_prog_t).
 * NULL when out of memory. */
trace_prog_t *trace_prog_new(const isa_target_t *t, const sim_prog_t *code);
/* Release (NULL is fine). */
void trace_prog_free(trace_prog_t *p);
/* The instruction at pc encoded as dw[0..ndw) (op == ISA_OP_COUNT when
 * the words are none, ndw is not 1..3 or there is no target), as isa_decode
 * gives it from those ndw words.  Valid until the next call on p. */
const isa_inst_t *trace_prog_inst(trace_prog_t *p, uint64_t pc, const uint32_t *dw, unsigned ndw);
/* Instructions p has decoded so far (for tests: each pc once). */
uint64_t trace_prog_decodes(const trace_prog_t *p);

#endif
