/* trace_pred.h — predicting the VGPR values a trace record holds from the
 * records before it in the same chunk, so that the results of f32
 * arithmetic and of LDS loads cost no bytes (trace_code.c).
 *
 * Writer and reader keep the same shadow state, rebuilt from the records
 * themselves: per wave, the VGPR lanes and SGPRs the chunk's records have
 * written; per work-group, the LDS dwords they have written.  A prediction
 * evaluates a few instructions (v_fma/v_mac/v_fmac/v_mad/v_mul/v_add/v_sub
 * _f32, v_mov_b32, DS dword loads) on that state with host arithmetic.  The
 * writer uses a prediction only when it equals the values written on every
 * lane, and the reader computes the same prediction from the same records,
 * so a file never depends on the simulator's semantics being right. */
#ifndef GCNSIM_TRACE_PRED_H
#define GCNSIM_TRACE_PRED_H

#include <stdint.h>
#include "front/trace.h"
#include "isa/isa.h"

typedef struct tp_state tp_state_t;

/* A predictor for code of target t (NULL: predicts nothing).  NULL when out
 * of memory. */
tp_state_t *tp_new(const isa_target_t *t);
/* Forget everything (a new chunk starts). */
void tp_reset(tp_state_t *p);
/* Release (NULL is fine). */
void tp_free(tp_state_t *p);
/* The values of VGPR write i of record r (before r's writes are applied)
 * into out[] for the lanes of r->v[i].mask.  Returns 1 when every one of
 * those lanes is predicted, else 0 (out then unspecified). */
int tp_predict(tp_state_t *p, const trace_rec_t *r, unsigned i, uint32_t out[64]);
/* Apply record r's register and LDS writes to the shadow state. */
void tp_update(tp_state_t *p, const trace_rec_t *r);

#endif
