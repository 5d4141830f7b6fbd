/* dispatch.h — launching a kernel as the ROCm runtime and the hardware do:
 * kernarg segment with hidden arguments, AQL packet and queue in simulated
 * memory, scratch, then the work-groups (sim/wg.h) run functionally or
 * under the cycle model (sim/cu.h).  The types are sim/kernel.h's. */
#ifndef GCNSIM_DISPATCH_H
#define GCNSIM_DISPATCH_H

#include <stddef.h>
#include <stdint.h>
#include "sim/kernel.h"

/* Bytes of launch l's kernarg segment: its explicit bytes and every hidden
 * argument (64-bit: a caller checks it against SIM_MAX_KERNARG). */
uint64_t sim_kernarg_size(const sim_launch_t *l);
/* Build l's kernarg segment into out (sim_kernarg_size(l) bytes, at most
 * SIM_MAX_KERNARG; a hidden argument that does not fit is skipped): the
 * explicit bytes as given, then each hidden argument's value for this
 * launch on platform p (the simulator and a real device both use this). */
void sim_kernarg_build(const sim_launch_t *l, const sim_platform_t *p, uint8_t *out);

/* Write launch l's kernarg segment (with its hidden arguments) and an
 * amd_queue_t into mem, where sim_dispatch would, their addresses in
 * *kernarg_addr and *queue_addr: what a runtime does before it writes a
 * dispatch packet, which then names them (sim_launch_t.kernarg_addr,
 * queue_addr).  Checks the launch as sim_dispatch does first.  Returns 0,
 * or -1 (err says why). */
int sim_dispatch_memory(mem_t *mem, const sim_kernel_t *k, const sim_launch_t *l, uint64_t *kernarg_addr,
                        uint64_t *queue_addr, char *err, size_t errlen);
/* Run a launch to completion.  Returns 0 when every wave ended, 1 when a
 * wave faulted (r->fault says where and why; the dispatch stops there),
 * -1 when the launch cannot be set up (err says why: bad sizes, LDS or
 * registers beyond what the hardware has, out of memory). */
int sim_dispatch(mem_t *mem, const sim_kernel_t *k, const sim_launch_t *l, sim_result_t *r, char *err,
                 size_t errlen);

#endif
