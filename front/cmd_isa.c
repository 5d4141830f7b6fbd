/* cmd_isa.c — `gcnsim isa`: the instruction table of a target. */
#include <stdio.h>
#include <string.h>
#include "front/cli.h"
#include "isa/isa.h"

static const char isa_help[] =
    "usage: gcnsim isa --target gfxN [--names]\n"
    "\n"
    "List the instructions gcnsim knows for a target: mnemonic, encoding\n"
    "family, opcode (VALU: the VOP3 opcode), operand types (DSTS:SRCS) and\n"
    "timing class.  --names prints the mnemonics only, one per line.\n";

static const char *const timing_names[] = {
#define T_STR(n) #n,
    ISA_TIMING_LIST(T_STR)
#undef T_STR
};

int cmd_isa(int argc, char **argv)
{
    const char *target = NULL;
    int names = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(isa_help, stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc)
            target = argv[++i];
        else if (strcmp(argv[i], "--names") == 0)
            names = 1;
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
    unsigned n = 0;
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        const isa_row_t *r = isa_row(i);
        if (!isa_row_supported(r, t))
            continue;
        n++;
        if (names)
            printf("%s\n", r->name);
        else
            printf("%-28s %-6s 0x%03x  %-22s %s\n", r->name, isa_enc_name(r->enc), (unsigned)r->opc[t->gen],
                   r->sig[0] ? r->sig : "-", timing_names[r->timing]);
    }
    if (!names)
        printf("%u instructions for %s\n", n, t->name);
    return EXIT_OK;
}
