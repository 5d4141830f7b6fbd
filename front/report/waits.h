/* waits.h — the report of what the wait-counter stalls waited for: per
 * instruction that stalled on vmcnt, lgkmcnt or expcnt (an s_waitcnt, or a
 * memory instruction held back by a full counter), hottest first, the
 * operations whose completion ended its stalls and where they were served
 * (sim/waits.h), as text after the hot spots and as the JSON member
 * "waits".  Offsets are from the kernel's first instruction, as in the hot
 * spots. */
#ifndef GCNSIM_REPORT_WAITS_H
#define GCNSIM_REPORT_WAITS_H

#include <stddef.h>
#include <stdio.h>
#include "front/load/codeobj.h"
#include "front/report/json.h"
#include "front/report/report.h"
#include "isa/isa.h"
#include "sim/wave.h"

/* Print the waits of the kernel that is the ndw dwords of prog from dword
 * first on (as rep_hotspots takes it): one line per waiting instruction,
 * "0x0098 s_waitcnt vmcnt(0): 987976 wave-cycles waiting for 0x0084
 * global_load_dword (DRAM 92%, L2 8%)", one more line per operation when
 * it waited for several.  Nothing when no per-pc counts were collected. */
void rep_waits_text(FILE *fp, const rep_launch_t *r, const isa_target_t *t, const sim_prog_t *prog, size_t first,
                    size_t ndw);

/* Write the member "waits" into the JSON object open in j, for kernel k
 * of code object f whose text section prog holds decoded: an array of
 * {"offset", "instruction", "cycles", "for": [{"offset", "instruction",
 * "cycles", "count", "served": {level: wave-cycles}, "served_count":
 * {level: stalls}}]} (the entry of operations beyond the eight kept has
 * offset and instruction null).
 * Nothing when no per-pc counts were collected (no --hotspots). */
void rep_waits_json(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                    const co_kernel_t *k);

#endif
