/* cmd_debug.c — `gcnsim debug`: the interactive debugger's command line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/dbg.h"
#include "front/report.h"

static const char debug_help[] =
    "usage: gcnsim debug FILE [--kernel NAME] --global X[,Y[,Z]] [--local X[,Y[,Z]]]\n"
    "                    [--arg SPEC]... [--device NAME] [--set KEY=VALUE]...\n"
    "                    [--functional] [--max-inst N] [-x CMDFILE] [--batch]\n"
    "\n"
    "Debug a kernel on the simulated device, the way gdb/rocgdb debug a program:\n"
    "breakpoints on addresses and labels (with per-lane conditions), stepping\n"
    "one instruction of a wave, every register of every wave and lane, memory,\n"
    "watchpoints, catchpoints, and reverse execution.  Type help at the prompt.\n"
    "\n"
    "The launch options are those of gcnsim run (see gcnsim run --help); the\n"
    "kernel runs under the cycle model unless --functional is given.\n"
    "\n"
    "  -x CMDFILE   run the commands of CMDFILE and exit (as gdb -batch -x)\n"
    "  --batch      read commands from standard input without a prompt; this is\n"
    "               also the mode when standard input is not a terminal\n"
    "\n"
    "Batch output has no prompt and no escape codes; a command that fails prints\n"
    "its error and the script goes on.  Reverse execution (reverse-stepi,\n"
    "reverse-continue) runs the launch again from its start with device memory\n"
    "put back: the only checkpoint is the launch start, so memory stays bounded\n"
    "and a reverse step costs the re-execution of everything before it.\n"
    "\n"
    "Exit status: 0; 2 when the file, kernel, arguments or device cannot be set up.\n";

typedef struct {
    dbg_opts_t o;
    la_value_t *vals;
    size_t nvals;
    rep_opts_t t;
} debug_args_t;

static int parse_args(int argc, char **argv, debug_args_t *a)
{
    dbg_opts_t *o = &a->o;
    char err[512];
    int took;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int has = i + 1 < argc;
        if (cli_is_help(s)) {
            fputs(debug_help, stdout);
            return 1;
        } else if (!strcmp(s, "--kernel") && has)
            o->kernel = argv[++i];
        else if (!strcmp(s, "--global") && has) {
            if (!(o->dims = la_parse_dims(argv[++i], o->global))) {
                cli_error("debug: --global '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(s, "--local") && has) {
            if (!la_parse_dims(argv[++i], o->local)) {
                cli_error("debug: --local '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(s, "--arg") && has) {
            la_value_t *v = realloc(a->vals, (a->nvals + 1) * sizeof *v);
            if (!v) {
                cli_error("debug: out of memory");
                return -1;
            }
            a->vals = v;
            if (la_parse_value(argv[++i], &a->vals[a->nvals], err, sizeof err)) {
                cli_error("debug: %s", err);
                return -1;
            }
            a->nvals++;
        } else if (!strcmp(s, "--max-inst") && has)
            o->max_inst = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(s, "-x") && has)
            o->script = argv[++i];
        else if (!strcmp(s, "--batch"))
            o->batch = 1;
        else if (!strcmp(s, "--hotspots") || !strcmp(s, "--timeline")) {
            cli_error("debug: %s is an option of gcnsim run, not of debug", s);
            return -1;
        } else if ((took = rep_take_option(&a->t, argc, argv, &i, "debug")) != 0) {
            if (took < 0)
                return -1;
        } else if (s[0] == '-' && s[1]) {
            cli_error("debug: unknown or incomplete option '%s' (see gcnsim debug --help)", s);
            return -1;
        } else if (!o->file)
            o->file = s;
        else {
            cli_error("debug: more than one FILE given ('%s')", s);
            return -1;
        }
    }
    if (!o->file || !o->dims) {
        cli_error("debug: %s (see gcnsim debug --help)", !o->file ? "no FILE given" : "--global X[,Y[,Z]] is required");
        return -1;
    }
    if (rep_check_options(&a->t, "debug"))
        return -1;
    o->vals = a->vals;
    o->nvals = a->nvals;
    o->functional = a->t.functional;
    o->device = a->t.device;
    o->sets = a->t.sets;
    o->nsets = a->t.nsets;
    return 0;
}

int cmd_debug(int argc, char **argv)
{
    debug_args_t a;
    memset(&a, 0, sizeof a);
    int pr = parse_args(argc, argv, &a), rc = EXIT_USAGE;
    dbg_t *d = calloc(1, sizeof *d);
    FILE *script = NULL;
    char err[1024];
    if (pr || !d)
        goto out;
    if (a.o.script) {
        if (!(script = fopen(a.o.script, "r"))) {
            cli_error("debug: cannot read %s: %s", a.o.script, strerror(errno));
            goto out;
        }
        a.o.batch = 1;
    }
    if (!isatty(0))
        a.o.batch = 1;
    if (dbg_open(d, &a.o, err, sizeof err)) {
        cli_error("%s", err);
        dbg_close(d);
        goto out;
    }
    d->in = script ? script : stdin;
    rc = dbg_main(d);
    dbg_close(d);
out:
    if (script)
        fclose(script);
    free(d);
    for (size_t i = 0; i < a.nvals; i++)
        if (a.vals[i].kind == LA_BUF)
            free((void *)a.vals[i].data);
    free(a.vals);
    rep_opts_free(&a.t);
    return pr > 0 ? EXIT_OK : rc;
}
