/* scalar_sym.h — symbolic immediate operands of the scalar instructions
 * (hwreg, s_waitcnt counters, sendmsg, gpr_idx), shared by the scalar
 * formatters of isa/. */
#ifndef GCNSIM_ISA_SCALAR_SYM_H
#define GCNSIM_ISA_SCALAR_SYM_H

#include "isa/internal.h"

/* Append "hwreg(NAME|id[, offset, size])" for a SOPK simm16. */
void sym_hwreg(isa_fmt_t *f, const isa_target_t *t, unsigned simm16);
/* Append the s_waitcnt operand ("vmcnt(0) lgkmcnt(0)"); bits outside the
 * counter fields are not shown. */
void sym_waitcnt(isa_fmt_t *f, const isa_target_t *t, unsigned simm16);
/* Append the s_sendmsg operand ("sendmsg(MSG_GS, GS_OP_EMIT, 0)", or the
 * plain number LLVM falls back to). */
void sym_sendmsg(isa_fmt_t *f, const isa_target_t *t, unsigned simm16);
/* Append a VGPR index mode ("gpr_idx(SRC0,DST)", or hex when bits beyond
 * the four enables are set). */
void sym_gpr_idx(isa_fmt_t *f, unsigned mode);

#endif
