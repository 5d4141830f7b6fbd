/* cmd_isa.c — `gcnsim isa`: the instruction table of a target. */
#include <stdio.h>
#include <string.h>
#include "front/cli.h"
#include "front/run_opts.h"
#include "isa/isa.h"
#include "sim/exec.h"

enum { IS_TARGET = 1, IS_NAMES, IS_UNEXECUTED };

static const opt_t isa_rows[] = {
    {"target", 0, "GFX", "the target whose instructions to list (gfx600 ... gfx90c); required", IS_TARGET, OPT_LIST,
     run_target_name},
    {"names", 0, NULL, "the mnemonics only, one per line", IS_NAMES, 0, NULL},
    {"unexecuted", 0, NULL, "only the instructions gcnsim does not execute: mnemonic, encoding family, opcode, "
     "group and why (the committed list sim/unexecuted.def); with --names, their mnemonics only", IS_UNEXECUTED, 0,
     NULL},
    {0},
};
static const opt_table_t isa_table = {"options", isa_rows};
static const opt_table_t *const isa_tables[] = {&isa_table, NULL};

const opt_cmd_t cli_isa_cmd = {
    .name = "isa",
    .summary = "list the instructions gcnsim knows for a target",
    .usage = "gcnsim isa --target GFX [--names] [--unexecuted]",
    .description = "List the instructions gcnsim knows for a target: mnemonic, encoding\n"
                   "family, opcode (VALU: the VOP3 opcode), operand types (DSTS:SRCS) and\n"
                   "timing class; \"not-executed\" ends the line of an instruction gcnsim\n"
                   "decodes and disassembles but does not execute (a wave that reaches one\n"
                   "stops with a fault).  The last line counts both.",
    .tables = isa_tables,
    .trailer = "Exit status: 0; 2 bad usage (no or an unknown target).",
    .fn = cmd_isa,
    .positional = NULL,
};

typedef struct {
    const char *target;
    int names, unexec_only;
} isa_opts_t;

/* opt_take_fn: one option of isa (it takes no operands). */
static int isa_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    isa_opts_t *o = arg;
    (void)v2;
    if (!r) {
        opt_error(&cli_isa_cmd, "unexpected argument '%s' (see gcnsim isa --help)", v);
        return -1;
    }
    if (r->id == IS_TARGET)
        o->target = v;
    else if (r->id == IS_NAMES)
        o->names = 1;
    else
        o->unexec_only = 1;
    return 0;
}

static const char *const timing_names[] = {
#define T_STR(n) #n,
    ISA_TIMING_LIST(T_STR)
#undef T_STR
};

int cmd_isa(int argc, char **argv)
{
    isa_opts_t o = {0};
    int rc = opt_parse(&cli_isa_cmd, argc, argv, isa_take, &o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    const char *target = o.target;
    int names = o.names, unexec_only = o.unexec_only;
    const isa_target_t *t = target ? isa_target_by_name(target) : NULL;
    if (!t) {
        const char *near = target ? opt_suggest(target, run_target_name) : NULL;
        if (!target)
            cli_error("isa: --target GFX is required (gfx600 ... gfx90c)");
        else if (near)
            cli_error("isa: unknown target '%s' (did you mean %s?)", target, near);
        else
            cli_error("isa: unknown target '%s' (gfx600 ... gfx90c)", target);
        return EXIT_USAGE;
    }
    unsigned n = 0, nun = 0;
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        const isa_row_t *r = isa_row(i);
        if (!isa_row_supported(r, t))
            continue;
        const char *why = sem_unexecuted_reason(i);
        n++;
        nun += why != NULL;
        if (unexec_only && !why)
            continue;
        if (names)
            printf("%s\n", r->name);
        else if (unexec_only)
            printf("%-28s %-6s 0x%03x  %-14s %s\n", r->name, isa_enc_name(r->enc), (unsigned)r->opc[t->gen],
                   sem_unexecuted_group(i), why);
        else if (why)
            printf("%-28s %-6s 0x%03x  %-22s %-13s not-executed\n", r->name, isa_enc_name(r->enc),
                   (unsigned)r->opc[t->gen], r->sig[0] ? r->sig : "-", timing_names[r->timing]);
        else
            printf("%-28s %-6s 0x%03x  %-22s %s\n", r->name, isa_enc_name(r->enc), (unsigned)r->opc[t->gen],
                   r->sig[0] ? r->sig : "-", timing_names[r->timing]);
    }
    if (!names && unexec_only)
        printf("%u of the %u instructions for %s are not executed\n", nun, n, t->name);
    else if (!names)
        printf("%u instructions for %s, %u not executed\n", n, t->name, nun);
    return EXIT_OK;
}
