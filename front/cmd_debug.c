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
             "                    [--max-wave-inst N] [-x CMDFILE] [--batch]\n"
             "       gcnsim debug --dispatch KERNEL[:N] [--device NAME] [--set KEY=VALUE]...\n"
             "                    [--functional] [-x CMDFILE] [--batch] -- PROGRAM [ARGS]",
    .description = "Debug a kernel on the simulated device, the way gdb/rocgdb debug a program:\n"
                   "breakpoints on addresses and labels (with per-lane conditions), stepping\n"
                   "one instruction of a wave, every register of every wave and lane, memory,\n"
                   "watchpoints, catchpoints, and reverse execution.  Type help at the prompt.\n"
                   "\n"
                   "The launch options are those of gcnsim run; the kernel runs under the\n"
                   "cycle model unless --functional is given.  A wave that executes\n"
                   "--max-wave-inst instructions (default 2^26) without ending stops the\n"
                   "kernel there, as a breakpoint would, and again after as many more if\n"
                   "continued.  When the kernel ends (not by a fault), the warnings gcnsim\n"
                   "run prints follow on stderr (LDS or scratch accesses out of range).\n"
                   "\n"
                   "With --dispatch, gcnsim exec runs PROGRAM (OpenCL or HIP) and saves\n"
                   "dispatch N (from 0) of KERNEL (its symbol or its C++ name) as it is about\n"
                   "to run; that dispatch is debugged.",
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

/* ---- debug --dispatch: a dispatch of an OpenCL or HIP program ---------- */

/* Index of --dispatch (or --dispatch=V) before any "--" in argv, or 0. */
static int find_dispatch(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--dispatch") || !strncmp(argv[i], "--dispatch=", 11))
            return i;
    return 0;
}

/* Split a line of shell-quoted words (str_args_line's: '...' and '\'')
 * into av (at most max-1 words, NULL-terminated, pointing into line). */
static int split_words(char *line, char **av, int max)
{
    int n = 0;
    char *p = line;
    while (*p && n < max - 1) {
        while (*p == ' ' || *p == '\n')
            p++;
        if (!*p)
            break;
        char *w = p, *o = p;
        av[n++] = w;
        while (*p && *p != ' ' && *p != '\n') {
            if (*p == '\'') {
                for (p++; *p && *p != '\''; )
                    *o++ = *p++;
                if (*p)
                    p++;
            } else if (*p == '\\' && p[1]) {
                *o++ = p[1];
                p += 2;
            } else
                *o++ = *p++;
        }
        if (*p)
            p++;
        *o = 0;
    }
    av[n] = NULL;
    return n;
}

/* The exec command line that saves dispatch what into dir: exec's options
 * (--device, --set, --functional) taken from the debug options opts. */
static int exec_argv(char **opts, int nopts, const char *what, const char *dir, char **prog, int nprog, char **av)
{
    int n = 0;
    av[n++] = "exec-for-debug";   /* exec, without its hint of what to run next */
    for (int i = 0; i < nopts; i++) {
        const char *a = opts[i];
        int two = (!strcmp(a, "--device") || !strcmp(a, "--set")) && i + 1 < nopts;
        if (two || !strncmp(a, "--device=", 9) || !strncmp(a, "--set=", 6) || !strcmp(a, "--functional")) {
            av[n++] = opts[i];
            if (two)
                av[n++] = opts[++i];
        }
    }
    av[n++] = "--save-dispatch";
    av[n++] = (char *)what;
    av[n++] = (char *)dir;
    av[n++] = "--";
    for (int i = 0; i < nprog; i++)
        av[n++] = prog[i];
    av[n] = NULL;
    return n;
}

/* Remove the saved dispatch's files and directory. */
static void remove_saved(const char *dir)
{
    char path[4200];
    const char *names[] = {"debug.args", "code.co"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    for (int i = 0; i < 1000; i++) {
        snprintf(path, sizeof path, "%s/arg%d.bin", dir, i);
        unlink(path);
    }
    rmdir(dir);
}

/* gcnsim debug --dispatch KERNEL[:N] [options] -- PROGRAM [ARGS]. */
static int debug_dispatch(int argc, char **argv, int di)
{
    int eq = argv[di][10] == '=', dd = di + (eq ? 1 : 2), sep = dd;
    const char *what = eq ? argv[di] + 11 : di + 1 < argc ? argv[di + 1] : NULL;
    while (sep < argc && strcmp(argv[sep], "--"))
        sep++;
    if (!what || !*what || sep + 1 >= argc) {
        cli_error("debug: --dispatch KERNEL[:N] needs -- PROGRAM [ARGS] after the options");
        return EXIT_USAGE;
    }
    /* the debug options: those before and after --dispatch's, up to "--" */
    int nopts = 0;
    char **opts = calloc((size_t)argc + 1, sizeof *opts), **av = calloc((size_t)argc + 16, sizeof *av);
    char tmpl[] = "/tmp/gcnsim-dispatch-XXXXXX", dir[64], line[16384];
    if (!opts || !av || !mkdtemp(tmpl)) {
        cli_error("debug: --dispatch: %s", strerror(errno));
        free(opts);
        free(av);
        return EXIT_USAGE;
    }
    for (int i = 1; i < sep; i++)
        if (i < di || i >= dd)
            opts[nopts++] = argv[i];
    snprintf(dir, sizeof dir, "%s/d", tmpl);
    int n = exec_argv(opts, nopts, what, dir, argv + sep + 1, argc - sep - 1, av);
    int rc = cmd_exec(n, av);
    char path[128];
    snprintf(path, sizeof path, "%s/debug.args", dir);
    FILE *fp = fopen(path, "r");
    size_t got = fp ? fread(line, 1, sizeof line - 1, fp) : 0;
    if (fp)
        fclose(fp);
    if (got) {
        line[got] = 0;
        char **dv = calloc(sizeof line / 2 + (size_t)nopts + 2, sizeof *dv);
        int k = dv ? split_words(line, dv + 1, (int)(sizeof line / 2)) + 1 : 0;
        if (dv) {
            dv[0] = "debug";
            for (int i = 0; i < nopts; i++)
                dv[k++] = opts[i];
            dv[k] = NULL;
            rc = cmd_debug(k, dv);
        }
        free(dv);
    } else if (rc == EXIT_OK)
        rc = EXIT_USAGE;   /* exec said the dispatch never came */
    remove_saved(dir);
    rmdir(tmpl);
    free(opts);
    free(av);
    return rc;
}

int cmd_debug(int argc, char **argv)
{
    int di = find_dispatch(argc, argv);
    if (di)
        return debug_dispatch(argc, argv, di);
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
