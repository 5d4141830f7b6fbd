/* wg.h — setting up a work-group: its size at the grid's edge, its waves
 * and their initial registers (user and system SGPRs, work-item ids, EXEC,
 * MODE) as the hardware's dispatcher writes them; used by both schedulers
 * (sim/dispatch.c and the cycle model, sim/cu.c). */
#ifndef GCNSIM_WG_H
#define GCNSIM_WG_H

#include <stdint.h>
#include "sim/kernel.h"

/* Initialise work-group id's waves (for schedulers: sim_dispatch and the
 * cycle model): g->lds must point at lds bytes; vgprs and waves have room
 * for the group; slots[i] is wave i's scratch slot (NULL: i). */
int sim_wg_setup(const sim_kernel_t *k, sim_ctx_t *c, sim_wg_t *g, const uint32_t id[3], uint32_t lds,
                 uint32_t (*vgprs)[64], wave_t *waves, const uint32_t *slots);

#endif
