/* exec.h — running waves: decode-once programs, stepping, scheduling. */
#ifndef GCNSIM_EXEC_H
#define GCNSIM_EXEC_H

#include "sim/wave.h"

/* Decode words[0..ndw) (device address base) once: every dword offset,
 * with its handler.  Returns 0, or -1 when out of memory. */
int sim_prog_build(sim_prog_t *p, const isa_target_t *t, const uint32_t *words, size_t ndw, uint64_t base);
/* Release a program. */
void sim_prog_free(sim_prog_t *p);

/* Execute one instruction of a running wave (it may end, wait at a
 * barrier or fault). */
void wave_step(wave_t *w);

/* Run every wave of a work-group until all have ended (functional mode:
 * each wave runs until it waits at a barrier or ends; a barrier releases
 * when every wave that has not ended waits at it).  Returns 0, or -1 when
 * a wave faulted (its state is WAVE_FAULT). */
int sim_run_wg(sim_ctx_t *c, sim_wg_t *g);

#endif
