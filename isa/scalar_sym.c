/* scalar_sym.c — symbolic immediates of the scalar instructions, spelled as
 * LLVM's printer spells them: hwreg(...), s_waitcnt counters, sendmsg(...)
 * and gpr_idx(...). */
#include "isa/scalar_sym.h"

/* ---- hwreg: simm16 = size-1 [15:11], offset [10:6], id [5:0] ---- */

static const char *hwreg_name(const isa_target_t *t, unsigned id)
{
    static const char *const base[] = {
        NULL, "HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS", "HW_REG_HW_ID",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS",
    };
    static const char *const gfx9[] = {
        "HW_REG_SH_MEM_BASES", "HW_REG_TBA_LO", "HW_REG_TBA_HI", "HW_REG_TMA_LO", "HW_REG_TMA_HI",
    };
    if (id < 8)
        return base[id];
    if (t->gen >= ISA_GFX9 && id >= 15 && id <= 19)
        return gfx9[id - 15];
    return NULL;
}

void sym_hwreg(isa_fmt_t *f, const isa_target_t *t, unsigned simm16)
{
    unsigned id = simm16 & 0x3f, off = (simm16 >> 6) & 0x1f, size = ((simm16 >> 11) & 0x1f) + 1;
    const char *name = hwreg_name(t, id);
    fmt_puts(f, "hwreg(");
    if (name)
        fmt_puts(f, name);
    else
        fmt_printf(f, "%u", id);
    if (off != 0 || size != 32)
        fmt_printf(f, ", %u, %u", off, size);
    fmt_puts(f, ")");
}

/* ---- s_waitcnt: vmcnt [3:0] (gfx9: + [15:14] as bits 5:4), expcnt [6:4],
 * lgkmcnt [11:8] ---- */

void sym_waitcnt(isa_fmt_t *f, const isa_target_t *t, unsigned simm16)
{
    unsigned vm = simm16 & 0xf, exp = (simm16 >> 4) & 7, lgkm = (simm16 >> 8) & 0xf;
    unsigned vm_max = 15;
    if (t->gen >= ISA_GFX9) {
        vm |= ((simm16 >> 14) & 3) << 4;
        vm_max = 63;
    }
    int all = vm == vm_max && exp == 7 && lgkm == 15;
    size_t mark = f->len;
    if (vm != vm_max || all)
        fmt_printf(f, "vmcnt(%u)", vm);
    if (exp != 7 || all)
        fmt_printf(f, "%sexpcnt(%u)", f->len > mark ? " " : "", exp);
    if (lgkm != 15 || all)
        fmt_printf(f, "%slgkmcnt(%u)", f->len > mark ? " " : "", lgkm);
}

/* ---- sendmsg: stream [9:8], op [6:4], message id [3:0] ---- */

enum { MSG_GS = 2, MSG_GS_DONE = 3, MSG_SYSMSG = 15 };

static const char *msg_name(const isa_target_t *t, unsigned id)
{
    static const char *const names[16] = {
        NULL, "MSG_INTERRUPT", "MSG_GS", "MSG_GS_DONE", "MSG_SAVEWAVE", "MSG_STALL_WAVE_GEN",
        "MSG_HALT_WAVES", "MSG_ORDERED_PS_DONE", "MSG_EARLY_PRIM_DEALLOC", "MSG_GS_ALLOC_REQ",
        "MSG_GET_DOORBELL", NULL, NULL, NULL, NULL, "MSG_SYSMSG",
    };
    if (id == 4 && t->gen < ISA_GFX8)
        return NULL;
    if (id >= 5 && id <= 10 && t->gen < ISA_GFX9)
        return NULL;
    return names[id];
}

static const char *msg_op_name(unsigned id, unsigned op)
{
    static const char *const gs[] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
    static const char *const sys[] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                      "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};
    if (id == MSG_GS || id == MSG_GS_DONE)
        return op < 4 && !(id == MSG_GS && op == 0) ? gs[op] : NULL;
    if (id == MSG_SYSMSG)
        return op < 5 ? sys[op] : NULL;
    return NULL;
}

/* Whether (id, op, stream) is a message LLVM prints by name. */
static int msg_symbolic(const isa_target_t *t, unsigned id, unsigned op, unsigned stream)
{
    if (!msg_name(t, id))
        return 0;
    int gs = id == MSG_GS || id == MSG_GS_DONE;
    if (gs || id == MSG_SYSMSG) {
        if (!msg_op_name(id, op))
            return 0;
    } else if (op != 0) {
        return 0;
    }
    if (gs && op != 0)
        return 1;          /* any stream 0..3 */
    return stream == 0;
}

void sym_sendmsg(isa_fmt_t *f, const isa_target_t *t, unsigned simm16)
{
    unsigned id = simm16 & 0xf, op = (simm16 >> 4) & 7, stream = (simm16 >> 8) & 3;
    unsigned canon = id | op << 4 | stream << 8;
    if (msg_symbolic(t, id, op, stream)) {
        fmt_puts(f, "sendmsg(");
        fmt_puts(f, msg_name(t, id));
        if (id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG) {
            fmt_puts(f, ", ");
            fmt_puts(f, msg_op_name(id, op));
            if (id != MSG_SYSMSG && op != 0)
                fmt_printf(f, ", %u", stream);
        }
        fmt_puts(f, ")");
    } else if (canon == simm16) {
        fmt_printf(f, "sendmsg(%u, %u, %u)", id, op, stream);
    } else {
        fmt_printf(f, "%u", simm16);
    }
}

/* ---- gpr_idx: SRC0 bit 0, SRC1 bit 1, SRC2 bit 2, DST bit 3 ---- */

void sym_gpr_idx(isa_fmt_t *f, unsigned mode)
{
    static const char *const names[] = {"SRC0", "SRC1", "SRC2", "DST"};
    if (mode & ~0xfu) {
        fmt_hex(f, mode);
        return;
    }
    fmt_puts(f, "gpr_idx(");
    const char *sep = "";
    for (unsigned i = 0; i < 4; i++)
        if (mode & (1u << i)) {
            fmt_printf(f, "%s%s", sep, names[i]);
            sep = ",";
        }
    fmt_puts(f, ")");
}
