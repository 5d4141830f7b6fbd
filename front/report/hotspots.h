/* hotspots.h — the hot spots of a timing run: the instructions with the
 * most wave-cycles, the kernel's disassembly annotated per instruction
 * (issue count, wave-cycles, dominant stall reason) and, for a code object
 * built with -g, the source line of each instruction (the DWARF line
 * table, front/load/srcline.h) and the totals per source line; the totals
 * per basic block and per loop (front/report/cfg.h).  As text (--hotspots)
 * and as the JSON members "hotspots", "lines", "blocks" and "loops".
 * Every figure comes from the per-pc statistics of a tm_stats_t; lists are
 * ordered by wave-cycles, ties by address, so output is repeatable. */
#ifndef GCNSIM_HOTSPOTS_H
#define GCNSIM_HOTSPOTS_H

#include <stddef.h>
#include <stdio.h>
#include "front/load/codeobj.h"
#include "front/load/srcline.h"
#include "front/report/json.h"
#include "front/report/report.h"

#define HS_TOP_DEFAULT 10   /* rows of the top lists when --hotspots gives no N */

typedef struct hs_kernel hs_kernel_t;

/* Analyse the ndw dwords of prog (the code decoded once) from dword first
 * on, at device address prog->base + 4 * first (the addresses r->s->pc is
 * indexed by), with source lines from lines (NULL: none; not owned),
 * whose addresses are the code object's: prog's first dword at lines_base.
 * NULL when out of memory. */
hs_kernel_t *hs_analyse(const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                        size_t ndw, sl_table_t *lines, uint64_t lines_base);

/* The same for kernel k of code object f, whose text section prog holds
 * decoded (la_module_t.prog); the source lines are read from f's DWARF
 * (a malformed line table becomes a one-line note of the report, without
 * lines).  NULL when out of memory. */
hs_kernel_t *hs_analyse_kernel(const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                               const co_kernel_t *k);

/* Print the hot spots: the top instructions with the most wave-cycles,
 * the source lines, basic blocks and loops with the most (top rows each,
 * 0: HS_TOP_DEFAULT; every loop), then the whole kernel's disassembly
 * annotated per instruction, with its source lines.  Prints a note
 * instead when the statistics have no per-pc counts. */
void hs_print(FILE *fp, hs_kernel_t *h, size_t top);

/* Write the members "hotspots" (every instruction issued), "lines",
 * "blocks" and "loops" into the JSON object open in j (empty arrays when
 * no per-pc counts were collected). */
void hs_json(json_t *j, const hs_kernel_t *h);

/* Release h (NULL is allowed). */
void hs_free(hs_kernel_t *h);

/* hs_analyse, hs_print with the default rows, hs_free (no source lines). */
void rep_hotspots(FILE *fp, const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                  size_t ndw);
/* hs_analyse_kernel, hs_print with top rows, hs_free. */
void rep_hotspots_kernel(FILE *fp, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                         const co_kernel_t *k, size_t top);

#endif
