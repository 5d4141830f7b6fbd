/* par.h — functional mode on several host threads: work-groups handed out
 * in order to workers, each with its own context copy (counters), waves,
 * registers, LDS and scratch, their counts committed in group order, so
 * that results and reports are the same for any number of threads.
 *
 * The rules (sim/README, "Threads"): a kernel whose work-groups may
 * communicate in an order-dependent way (any global, flat, buffer, image
 * or scalar atomic, GDS, GWS, ds_ordered_count: par_order_dependent) runs
 * its groups in order on one thread, as do launches with an on_step hook
 * or max_inst.  A fault or the per-wave limit reports the first group in
 * order that met it, with the counts of the groups before it and its own;
 * later groups are not handed out, but some may have run already: the
 * device memory of a dispatch that faulted or hit a limit is unspecified
 * beyond what the groups before the reported one wrote. */
#ifndef GCNSIM_PAR_H
#define GCNSIM_PAR_H

#include <stddef.h>
#include "sim/kernel.h"

/* Whether prog has an instruction through which work-groups communicate
 * in an order-dependent way (atomics outside LDS, GDS, GWS, ordered
 * count), found by a linear sweep of its code. */
int par_order_dependent(const sim_prog_t *prog);

/* How many of threads host threads a dispatch of groups work-groups
 * uses: at most one per PAR_MIN_GROUPS groups (starting a thread costs
 * about as much as a small work-group), at least 1. */
enum { PAR_MIN_GROUPS = 4 };
unsigned par_threads(unsigned threads, uint64_t groups);

/* Run the work-groups of a functional dispatch on threads host threads
 * (the calling one among them; threads >= 2): c is set up (memory,
 * scratch at c->scratch_addr with one slot per wave of a group, limits),
 * lds_alloc the bytes of LDS a group has.  Puts the committed groups'
 * counts into c (ninst, ninst_by_enc, lds_oob, scratch_oob, groups_done)
 * and r's nwg, nwaves and fault or limit, as sim_dispatch's serial loop
 * does (not fault_disasm).  Returns 0 (also when stopped by a limit), 1
 * when a wave faulted, -1 when out of host memory (err says so). */
int par_run(const sim_kernel_t *k, sim_ctx_t *c, uint32_t lds_alloc, unsigned threads, sim_result_t *r,
            char *err, size_t errlen);

#endif
