/* hotspots.c — per-instruction counts and FP32 flops as JSON (see hotspots.h). */
#include "front/report/hotspots.h"

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

/* The counts of device address a, or NULL. */
static const tm_pc_t *counts_at(const tm_stats_t *s, uint64_t a)
{
    if (a < s->code_base || (a - s->code_base) % 4 || (a - s->code_base) / 4 >= s->ndw)
        return NULL;
    return &s->pc[(a - s->code_base) / 4];
}

static void json_one(json_t *j, const tm_pc_t *p, uint64_t off, unsigned op, const char *text)
{
    json_begin_obj(j, NULL);
    json_uint(j, "offset", off);
    json_uint(j, "count", p ? p->count : 0);
    json_uint(j, "cycles", p ? p->cycles : 0);
    json_uint(j, "lanes", p ? p->lanes : 0);
    json_uint(j, "flops", p ? p->lanes * rep_flops_per_lane(op) : 0);
    json_begin_obj(j, "stall");
    for (unsigned i = 0; p && i < TM_NSTALL; i++)
        if (p->stall[i])
            json_uint(j, tm_stall_name((tm_stall_t)i), p->stall[i]);
    json_end(j);
    json_str(j, "instruction", text);
    json_end(j);
}

void rep_json_hotspots(json_t *j, const rep_launch_t *r, const co_file_t *f, const sim_prog_t *prog,
                       const co_kernel_t *k)
{
    const tm_stats_t *s = r->s;
    if (!s->pc || !s->ndw)
        return;
    size_t first, ndw;
    kernel_range(f, prog, k, &first, &ndw);
    uint64_t flops = 0;
    for (size_t i = 0; i < ndw; i++) {
        const isa_inst_t *in = &prog->inst[first + i];
        const tm_pc_t *p = counts_at(s, prog->base + 4 * (first + i));
        if (p && in->op < ISA_OP_COUNT)
            flops += p->lanes * rep_flops_per_lane(in->op);
    }
    json_uint(j, "flops_fp32", flops);
    json_begin_arr(j, "hotspots");
    for (size_t i = 0; i < ndw;) {
        const isa_inst_t *in = &prog->inst[first + i];
        uint64_t a = prog->base + 4 * (first + i);
        char text[160];
        int bad = in->op >= ISA_OP_COUNT || in->ndw > ndw - i;
        if (bad)
            snprintf(text, sizeof text, ".long 0x%08x", prog->words[first + i]);
        else
            isa_format(f->target, in, a, text, sizeof text);
        json_one(j, counts_at(s, a), 4 * i, bad ? ISA_OP_COUNT : in->op, text);
        i += bad || !in->ndw ? 1 : in->ndw;
    }
    json_end(j);
}
