/* main.c — gcnsim: the command table, dispatch to the subcommands, and
 * `gcnsim help` (help, man pages and bash completion from the commands'
 * option tables). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"

static int cmd_help(int argc, char **argv);

static const opt_cmd_t help_cmd;

static const opt_cmd_t *const commands[] = {
    &cli_run_cmd, &cli_validate_cmd, &cli_debug_cmd, &cli_trace_cmd, &cli_disasm_cmd, &cli_info_cmd,
    &cli_isa_cmd, &cli_bench_cmd, &cli_exec_cmd, &cli_compare_cmd, &cli_devices_cmd, &cli_sweep_cmd, &help_cmd, NULL,
};

static const opt_t top_rows[] = {
    {"version", 0, NULL, "print gcnsim's version and exit", 1, 0, NULL},
    {0},
};
static const opt_table_t top_table = {"options", top_rows};
static const opt_table_t *const top_tables[] = {&top_table, NULL};

static const opt_cmd_t top_cmd = {
    .name = "gcnsim",
    .summary = "an instruction-level simulator and cycle model for AMD GCN GPUs",
    .usage = "gcnsim COMMAND [ARGS]   (gcnsim help COMMAND, or gcnsim COMMAND --help)",
    .description = "An instruction-level simulator for AMD GCN GPUs (gfx6-gfx9).",
    .tables = top_tables,
    .trailer = "Every command takes -h/--help.  A long option is spelt out whole (an\n"
               "abbreviation is refused with the option it may stand for); its value\n"
               "follows it as the next argument or after = (--kernel=NAME); -- ends the\n"
               "options.\n"
               "\n"
               "Exit status: 0 success; 1 a difference found (trace diff, validate,\n"
               "bench); 2 bad usage or input; 3 a wave faulted; 4 a limit stopped the\n"
               "run; 77 skipped (no GPU for validate); 130 or 143 stopped by SIGINT or\n"
               "SIGTERM.  Each command's page says which of these it uses.",
    .subs = commands,
};

/* The value list of command names (completion of gcnsim help CMD). */
static const char *command_name(size_t i)
{
    return commands[i] ? commands[i]->name : NULL;
}

enum { HO_MAN = 1, HO_BASH, HO_LIST };

static const opt_t help_rows[] = {
    {"man", 0, NULL, "print the man page (troff) of gcnsim, or of command CMD (gcnsim-CMD(1); a "
     "subcommand's: gcnsim-trace-diff(1)) instead of the help", HO_MAN, 0, NULL},
    {"bash-completion", 0, NULL, "print a bash completion script for gcnsim: the commands, each command's "
     "options and the values they take (device presets, --set keys, targets, workloads, files)", HO_BASH, 0,
     NULL},
    {"list", 0, NULL, "print the names of the commands and subcommands, one a line (trace dump, ...)", HO_LIST,
     0, NULL},
    {0},
};
static const opt_table_t help_table = {"options", help_rows};
static const opt_table_t *const help_tables[] = {&help_table, NULL};

static const opt_cmd_t help_cmd = {
    .name = "help",
    .summary = "the help of gcnsim or of a command, its man page, bash completion",
    .usage = "gcnsim help [CMD [SUBCOMMAND]]\n"
             "       gcnsim help --man [CMD [SUBCOMMAND]]\n"
             "       gcnsim help --bash-completion",
    .description = "Print the help of gcnsim, or of command CMD (the same as gcnsim CMD\n"
                   "--help), generated like the man pages and the completion script from\n"
                   "the commands' option tables.  make man writes them all into build/man\n"
                   "and build/gcnsim.bash-completion.",
    .tables = help_tables,
    .trailer = "Exit status: 0; 2 an unknown command.",
    .fn = cmd_help,
    .positional = command_name,
};

/* The command called name among list, or NULL after reporting it unknown
 * ("did you mean" the nearest) for parent. */
static const opt_cmd_t *find_cmd(const opt_cmd_t *const *list, const char *name, const char *parent)
{
    opt_near_t near;
    opt_near_init(&near, name);
    for (const opt_cmd_t *const *c = list; *c; c++) {
        const char *last = strrchr((*c)->name, ' ');
        last = last ? last + 1 : (*c)->name;
        if (!strcmp(last, name))
            return *c;
        opt_near_add(&near, last);
    }
    if (opt_near_best(&near))
        cli_error("%sunknown command '%s' (did you mean %s?)", parent, name, opt_near_best(&near));
    else
        cli_error("%sunknown command '%s' (try gcnsim --help)", parent, name);
    return NULL;
}

typedef struct {
    int man, bash, list;
    const char *words[3];
    int nwords;
} help_opts_t;

/* opt_take_fn: one option or operand of help. */
static int help_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    help_opts_t *h = arg;
    (void)v2;
    if (!r && h->nwords == 2) {
        cli_error("help: more than a command and a subcommand ('%s')", v);
        return -1;
    }
    if (!r)
        h->words[h->nwords++] = v;
    else if (r->id == HO_MAN)
        h->man = 1;
    else if (r->id == HO_BASH)
        h->bash = 1;
    else
        h->list = 1;
    return 0;
}

/* gcnsim help --list: every command, and each subcommand as "trace dump". */
static void list_commands(void)
{
    for (const opt_cmd_t *const *c = commands; *c; c++) {
        printf("%s\n", (*c)->name);
        for (const opt_cmd_t *const *s = (*c)->subs; s && *s; s++)
            printf("%s\n", (*s)->name);
    }
}

/* The help of c: generated from its tables, or its own --help. */
static int print_help(const opt_cmd_t *c)
{
    opt_help(stdout, c);
    return EXIT_OK;
}

static int cmd_help(int argc, char **argv)
{
    help_opts_t h;
    memset(&h, 0, sizeof h);
    int rc = opt_parse(&help_cmd, argc, argv, help_take, &h);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (h.bash || h.list) {
        if (h.bash)
            opt_bash_completion(stdout, &top_cmd);
        else
            list_commands();
        return EXIT_OK;
    }
    const opt_cmd_t *c = &top_cmd;
    for (int i = 0; i < h.nwords; i++) {
        if (!c->subs) {
            cli_error("help: %s has no subcommand '%s'", c->name, h.words[i]);
            return EXIT_USAGE;
        }
        char parent[64] = "";
        if (c != &top_cmd)
            snprintf(parent, sizeof parent, "%s: ", c->name);
        if (!(c = find_cmd(c->subs, h.words[i], parent)))
            return EXIT_USAGE;
    }
    if (h.man) {
        opt_man(stdout, c, GCNSIM_VERSION);
        return EXIT_OK;
    }
    return print_help(c);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        opt_help(stderr, &top_cmd);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1])) {
        opt_help(stdout, &top_cmd);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("gcnsim %s\n", GCNSIM_VERSION);
        return EXIT_OK;
    }
    if (argv[1][0] == '-') {
        opt_near_t n;
        opt_near_init(&n, argv[1] + strspn(argv[1], "-"));
        opt_near_add(&n, "version");
        opt_near_add(&n, "help");
        if (opt_near_best(&n))
            cli_error("unknown option '%s' (did you mean --%s?)", argv[1], opt_near_best(&n));
        else
            cli_error("unknown option '%s' (try gcnsim --help)", argv[1]);
        return EXIT_USAGE;
    }
    const opt_cmd_t *c = find_cmd(commands, argv[1], "");
    if (!c)
        return EXIT_USAGE;
    int rc = c->fn(argc - 1, argv + 1);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("error writing output");
        return EXIT_USAGE;
    }
    return rc;
}
