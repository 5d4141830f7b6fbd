/* valu_vop3.c — placeholder, replaced by the family's decoder/formatter. */
#include "isa/internal.h"
isa_status_t isa_dec_vop3(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_vop3(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_vop3p(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_vop3p(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_vintrp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_vintrp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
