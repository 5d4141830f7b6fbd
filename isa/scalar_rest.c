/* scalar_rest.c — placeholder, replaced by the family's decoder/formatter. */
#include "isa/internal.h"
isa_status_t isa_dec_sop2(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_sop2(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_sopk(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_sopk(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_sopc(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_sopc(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_sopp(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_sopp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_smrd(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_smrd(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
isa_status_t isa_dec_smem(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{ (void)t; (void)w; (void)n; (void)out; return ISA_E_INVALID; }
int isa_fmt_smem(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{ (void)f; (void)t; (void)in; (void)pc; return -1; }
