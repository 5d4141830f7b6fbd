/* cu.h — entry point of the cycle model for sim_dispatch (internal to sim/). */
#ifndef GCNSIM_CU_H
#define GCNSIM_CU_H

#include "sim/kernel.h"

/* Run every work-group of the launch under the cycle model of l->timing:
 * groups are placed on CUs as resources allow, waves issue as the
 * sequencer does, and the statistics are added to l->timing->stats.
 * Returns as sim_dispatch (0, 1 on a fault with r filled in, -1 with err). */
int tm_dispatch(sim_ctx_t *c, const sim_kernel_t *k, const sim_launch_t *l, uint32_t lds, sim_result_t *r,
                char *err, size_t errlen);

/* Wave slots of the device that scratch must be provided for (CUs x 4 x
 * wave slots): wave scratch slot = (cu * 4 + simd) * wave_slots + slot. */
uint32_t tm_scratch_slots(const tm_config_t *cfg);

#endif
