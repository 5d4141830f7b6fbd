/* cmd_debug.c — `gcnsim debug`: the interactive debugger's command line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/dbg/dbg.h"
#include "front/report/report.h"
#include "front/run_opts.h"

static const opt_table_t *const debug_tables[] = {&run_launch_table, &run_device_table, &run_exec_table,
                                                  &run_debug_table, NULL};

const opt_cmd_t cli_debug_cmd = {
    .name = "debug",
    .summary = "debug a kernel: breakpoints, stepping (also backward), registers, memory",
    .usage = "gcnsim debug FILE [--kernel NAME] --global X[,Y[,Z]] [--local X[,Y[,Z]]]\n"
             "                    [--grid X[,Y[,Z]] --block X[,Y[,Z]]] [--target GFX]\n"
             "                    [--dynamic-lds BYTES] [--arg SPEC]... [--device NAME]\n"
             "                    [--set KEY=VALUE]... [--functional] [--max-inst N]\n"
             "                    [--max-wave-inst N] [-x CMDFILE] [--batch]",
    .description = "Debug a kernel on the simulated device, the way gdb/rocgdb debug a program:\n"
                   "breakpoints on addresses and labels (with per-lane conditions), stepping\n"
                   "one instruction of a wave, every register of every wave and lane, memory,\n"
                   "watchpoints, catchpoints, and reverse execution.  Type help at the prompt.\n"
                   "\n"
                   "The launch options are those of gcnsim run; the kernel runs under the\n"
                   "cycle model unless --functional is given.  A wave that executes\n"
                   "--max-wave-inst instructions (default 2^26) without ending stops the\n"
                   "kernel there, as a breakpoint would, and again after as many more if\n"
                   "continued.",
    .tables = debug_tables,
    .trailer = "Batch output has no prompt and no escape codes; a command that fails prints\n"
               "its error and the script goes on.  Reverse execution (reverse-stepi,\n"
               "reverse-continue) runs the launch again from its start with device memory\n"
               "put back: the only checkpoint is the launch start, so memory stays bounded\n"
               "and a reverse step costs the re-execution of everything before it.\n"
               "\n"
               "Exit status: 0; 2 when the file, kernel, arguments or device cannot be set up.",
    .fn = cmd_debug,
};

/* Parse the command line into r (zeroed beforehand) and o: 0, 1 after
 * --help, -1 after reporting bad usage. */
static int parse_args(int argc, char **argv, run_opts_t *r, dbg_opts_t *o)
{
    int pr = run_parse_args(&cli_debug_cmd, argc, argv, r);
    if (pr)
        return pr;
    o->file = r->file, o->kernel = r->kernel;
    o->dims = r->dims;
    memcpy(o->global, r->global, sizeof o->global);
    memcpy(o->local, r->local, sizeof o->local);
    o->vals = r->vals, o->nvals = r->nvals;
    o->dynamic_lds = (uint32_t)r->dynamic_lds;
    o->max_inst = r->max_inst;
    o->max_wave_inst = r->max_wave_inst;
    o->script = r->script, o->batch = r->batch;
    o->functional = r->t.functional;
    o->device = r->t.device;
    o->gfx = run_want_gfx(r);
    o->sets = r->t.sets, o->nsets = r->t.nsets;
    return 0;
}

int cmd_debug(int argc, char **argv)
{
    run_opts_t r;
    dbg_opts_t o;
    memset(&r, 0, sizeof r);
    memset(&o, 0, sizeof o);
    int pr = parse_args(argc, argv, &r, &o), rc = EXIT_USAGE;
    dbg_t *d = calloc(1, sizeof *d);
    FILE *script = NULL;
    char err[1024];
    if (pr || !d)
        goto out;
    if (o.script) {
        if (!(script = fopen(o.script, "r"))) {
            cli_error("debug: cannot read %s: %s", o.script, strerror(errno));
            goto out;
        }
        o.batch = 1;
    }
    if (!isatty(0))
        o.batch = 1;
    if (dbg_open(d, &o, err, sizeof err)) {
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
    run_opts_free(&r);
    return pr > 0 ? EXIT_OK : rc;
}
