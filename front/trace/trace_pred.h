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
#include "front/trace/trace.h"
#include "front/trace/trace_prog.h"
#include "isa/isa.h"

typedef struct tp_state tp_state_t;

/* A predictor for code of target t (NULL: predicts nothing) that looks the
 * records' instructions up in prog (the trace's, shared; NULL: the
 * predictor keeps its own); writer: keep what earlier chunks wrote, for
 * fills.  NULL when out of memory. */
tp_state_t *tp_new(const isa_target_t *t, trace_prog_t *prog, int writer);
/* Forget everything (a new chunk starts). */
void tp_reset(tp_state_t *p);
/* Release (NULL is fine). */
void tp_free(tp_state_t *p);
/* The values of VGPR write i of record r (before r's writes are applied)
 * into out[] for the lanes of r->v[i].mask.  Returns 1 when every one of
 * those lanes is predicted, else 0 (out then unspecified). */
int tp_predict(tp_state_t *p, const trace_rec_t *r, unsigned i, uint32_t out[64]);
/* The memory dwords record r (a DS or FLAT/GLOBAL dword store) writes, as
 * its address and data VGPRs say, in the order the simulator lists them
 * (dword by dword, lanes of EXEC in order), into out[] (room for max);
 * 1 and their number in *n, or 0 when not predicted.  (A store whose lanes
 * share an address, or that writes outside memory, lists other dwords: the
 * writer then codes them as usual.) */
int tp_predict_mem(tp_state_t *p, const trace_rec_t *r, trace_mem_t *out, unsigned max, unsigned *n);
/* Apply record r's register and LDS writes to the shadow state. */
void tp_update(tp_state_t *p, const trace_rec_t *r);

/* ---- fills: what a chunk lacks, from a writer's longer memory -----------
 * A writer's state (tp_new(t, 1)) also keeps, per wave and work-group, the
 * values earlier chunks wrote.  When a prediction of record r fails for
 * want of a register or LDS dword the chunk has not seen but the writer
 * knows, the record carries those values ("fills"), which writer and
 * reader give to the chunk's state with tp_fill_* before r's predictions. */
enum { TP_FILL_V = 8, TP_FILL_S = 8, TP_FILL_L = 256 };
typedef struct {
    unsigned nv, ns, nl;
    struct { uint16_t reg; uint64_t mask; uint32_t val[64]; } v[TP_FILL_V];   /* VGPR lanes of mask */
    struct { uint16_t reg; uint32_t val; } s[TP_FILL_S];                     /* SGPRs by encoding */
    struct { uint32_t addr, val; } l[TP_FILL_L];                             /* LDS dwords */
} tp_fills_t;

/* The fills record r's predictions need (a writer's state; none otherwise). */
void tp_fills(tp_state_t *p, const trace_rec_t *r, tp_fills_t *f);
/* Give the chunk's state, for r's wave or work-group: VGPR reg's lanes of
 * mask, SGPR reg, or the LDS dword at addr. */
void tp_fill_vreg(tp_state_t *p, const trace_rec_t *r, unsigned reg, uint64_t mask, const uint32_t val[64]);
void tp_fill_sreg(tp_state_t *p, const trace_rec_t *r, unsigned reg, uint32_t val);
void tp_fill_lds(tp_state_t *p, const trace_rec_t *r, uint32_t addr, uint32_t val);

#endif
