/* cmd_isa.c — `gcnsim isa`: the instruction table of a target. */
#include <stdio.h>
#include <string.h>
#include "front/cli.h"
#include "isa/isa.h"
#include "sim/exec.h"

static const char isa_help[] =
    "usage: gcnsim isa --target gfxN [--names] [--unexecuted]\n"
    "\n"
    "List the instructions gcnsim knows for a target: mnemonic, encoding\n"
    "family, opcode (VALU: the VOP3 opcode), operand types (DSTS:SRCS) and\n"
    "timing class; \"not-executed\" ends the line of an instruction gcnsim\n"
    "decodes and disassembles but does not execute (a wave that reaches one\n"
    "stops with a fault).  The last line counts both.\n"
    "  --names       the mnemonics only, one per line\n"
    "  --unexecuted  only the instructions gcnsim does not execute: mnemonic,\n"
    "                encoding family, opcode, group and why (the committed list\n"
    "                sim/unexecuted.def); with --names, their mnemonics only\n";

static const char *const timing_names[] = {
#define T_STR(n) #n,
    ISA_TIMING_LIST(T_STR)
#undef T_STR
};

int cmd_isa(int argc, char **argv)
{
    const char *target = NULL;
    int names = 0, unexec_only = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(isa_help, stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc)
            target = argv[++i];
        else if (strcmp(argv[i], "--names") == 0)
            names = 1;
        else if (strcmp(argv[i], "--unexecuted") == 0)
            unexec_only = 1;
        else {
            cli_error("isa: unexpected argument '%s' (see gcnsim isa --help)", argv[i]);
            return EXIT_USAGE;
        }
    }
    const isa_target_t *t = target ? isa_target_by_name(target) : NULL;
    if (!t) {
        cli_error(target ? "isa: unknown target '%s' (gfx600 ... gfx90c)" : "isa: --target gfxN is required%s",
                  target ? target : "");
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
