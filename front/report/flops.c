/* flops.c — FP32 flops from the per-instruction lane counts (see flops.h). */
#include "front/report/flops.h"

unsigned rep_flops_per_lane(unsigned op)
{
    switch (op) {
    case ISA_OP_V_FMA_F32: case ISA_OP_V_MAC_F32: case ISA_OP_V_MAD_F32: case ISA_OP_V_FMAC_F32:
    case ISA_OP_V_MADAK_F32: case ISA_OP_V_MADMK_F32: case ISA_OP_V_MAD_LEGACY_F32: case ISA_OP_V_MAC_LEGACY_F32:
        return 2;
    case ISA_OP_V_ADD_F32: case ISA_OP_V_SUB_F32: case ISA_OP_V_SUBREV_F32: case ISA_OP_V_MUL_F32:
    case ISA_OP_V_MUL_LEGACY_F32:
        return 1;
    default:
        return 0;
    }
}

/* The dword range [*first, *first + *ndw) of kernel k in prog. */
static void kernel_range(const co_file_t *f, const sim_prog_t *prog, const co_kernel_t *k, size_t *first,
                         size_t *ndw)
{
    size_t total = prog->ndw;
    *first = k->code_addr >= f->text_addr ? (size_t)((k->code_addr - f->text_addr) / 4) : total;
    if (*first > total)
        *first = total;
    *ndw = (size_t)(k->code_size / 4);
    if (*ndw > total - *first)
        *ndw = total - *first;
}

void rep_json_flops(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                    const co_kernel_t *k)
{
    const tm_stats_t *s = r->s;
    if (!s->pc || !s->ndw)
        return;
    size_t first, ndw;
    kernel_range(f, prog, k, &first, &ndw);
    uint64_t flops = 0;
    for (size_t i = 0; i < ndw;) {
        const isa_inst_t *in = &prog->inst[first + i];
        uint64_t a = prog->base + 4 * (first + i), d = (a - s->code_base) / 4;
        if (in->op < ISA_OP_COUNT && a >= s->code_base && d < s->ndw)
            flops += s->pc[d].lanes * rep_flops_per_lane(in->op);
        i += in->op >= ISA_OP_COUNT || !in->ndw ? 1 : in->ndw;
    }
    json_uint(j, "flops_fp32", flops);
}
