/* run_opts.c — the launch options of `run`, `validate` and `debug` (see run_opts.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/run_opts.h"

static int parse_dump(const char *s, run_dump_t *d)
{
    char *end;
    errno = 0;
    unsigned long n = strtoul(s, &end, 10);
    if (end == s || *end != '=' || !end[1] || errno || n > 1000)
        return -1;
    d->arg = (unsigned)n;
    d->path = end + 1;
    return 0;
}

static int parse_count(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *s == '-' || *end || errno)
        return -1;
    *out = v;
    return 0;
}

/* The launch options both commands take; 1 taken, 0 not, -1 error. */
static int take_launch(int argc, char **argv, int *i, run_opts_t *o, const char *cmd)
{
    const char *a = argv[*i];
    char err[512];
    if (*i + 1 >= argc)
        return 0;
    const char *v = argv[*i + 1];
    if (!strcmp(a, "--kernel"))
        o->kernel = v;
    else if (!strcmp(a, "--global")) {
        if (!(o->dims = la_parse_dims(v, o->global))) {
            cli_error("%s: --global '%s': expected X[,Y[,Z]] with positive sizes", cmd, v);
            return -1;
        }
    } else if (!strcmp(a, "--local")) {
        if (!la_parse_dims(v, o->local)) {
            cli_error("%s: --local '%s': expected X[,Y[,Z]] with positive sizes", cmd, v);
            return -1;
        }
    } else if (!strcmp(a, "--arg")) {
        la_value_t *nv = realloc(o->vals, (o->nvals + 1) * sizeof *nv);
        if (nv)
            o->vals = nv;
        if (!nv || la_parse_value(v, &o->vals[o->nvals], err, sizeof err)) {
            cli_error("%s: %s", cmd, nv ? err : "out of memory");
            return -1;
        }
        o->nvals++;
    } else if (!strcmp(a, "--dump")) {
        run_dump_t *nd = realloc(o->dumps, (o->ndumps + 1) * sizeof *nd);
        if (nd)
            o->dumps = nd;
        if (!nd || parse_dump(v, &o->dumps[o->ndumps])) {
            cli_error("%s: --dump '%s': expected N=PATH", cmd, v);
            return -1;
        }
        o->ndumps++;
    } else
        return 0;
    ++*i;
    return 1;
}

/* A command's own options; 1 taken, 0 not, -1 error. */
static int take_own(int argc, char **argv, int *i, run_opts_t *o, const char *cmd, unsigned flags)
{
    const char *a = argv[*i];
    if ((flags & RUN_OPTS_DEBUG) && !strcmp(a, "--batch")) {
        o->batch = 1;
        return 1;
    }
    if (*i + 1 >= argc)
        return 0;
    const char *v = argv[*i + 1];
    if ((flags & RUN_OPTS_DEBUG) && !strcmp(a, "-x"))
        o->script = v;
    else if ((flags & (RUN_OPTS_RUN | RUN_OPTS_DEBUG)) && !strcmp(a, "--max-inst")) {
        if (parse_count(v, &o->max_inst)) {
            cli_error("%s: --max-inst '%s': expected a number of wave-instructions (0 = no limit)", cmd, v);
            return -1;
        }
    } else if ((flags & (RUN_OPTS_RUN | RUN_OPTS_DEBUG)) && !strcmp(a, "--max-wave-inst")) {
        if (parse_count(v, &o->max_wave_inst)) {
            cli_error("%s: --max-wave-inst '%s': expected a number of instructions (0 = no limit)", cmd, v);
            return -1;
        }
    }
    else if ((flags & RUN_OPTS_RUN) && !strcmp(a, "--json"))
        o->json = v;
    else if ((flags & RUN_OPTS_RUN) && !strcmp(a, "--trace"))
        o->trace = v;
    else if ((flags & RUN_OPTS_VALIDATE) && !strcmp(a, "--ulp")) {
        if (parse_count(v, &o->ulp)) {
            cli_error("%s: --ulp '%s': expected a number of units in the last place (0 = bit for bit)", cmd, v);
            return -1;
        }
    } else
        return 0;
    ++*i;
    return 1;
}

/* The cycle-model options, those a command without RUN_OPTS_RUN refuses. */
static int check_model_options(const run_opts_t *o, const char *cmd, unsigned flags)
{
    int functional = o->t.functional && !(flags & RUN_OPTS_DEBUG), dump = o->ndumps && (flags & RUN_OPTS_DEBUG);
    if (!(flags & RUN_OPTS_RUN) && (functional || o->t.hotspots || o->t.timeline || dump)) {
        cli_error("%s: --%s is an option of gcnsim run (see gcnsim %s --help)", cmd,
                  functional ? "functional" : o->t.hotspots ? "hotspots" : o->t.timeline ? "timeline" : "dump", cmd);
        return -1;
    }
    return run_model_check(&o->t, cmd);
}

int run_parse_args(int argc, char **argv, run_opts_t *o, const char *cmd, const char *help, unsigned flags)
{
    int took;
    o->max_wave_inst = LA_MAX_WAVE_INST;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(help, stdout);
            return 1;
        }
        if ((took = take_launch(argc, argv, &i, o, cmd)) != 0 ||
            (took = take_own(argc, argv, &i, o, cmd, flags)) != 0 ||
            (took = run_model_take(&o->t, argc, argv, &i, cmd)) != 0) {
            if (took < 0)
                return -1;
        } else if (a[0] == '-' && a[1]) {
            cli_error("%s: unknown or incomplete option '%s' (see gcnsim %s --help)", cmd, a, cmd);
            return -1;
        } else if (!o->file)
            o->file = a;
        else {
            cli_error("%s: more than one FILE given ('%s')", cmd, a);
            return -1;
        }
    }
    if (!o->file || !o->dims) {
        cli_error("%s: %s (see gcnsim %s --help)", cmd,
                  !o->file ? "no FILE given" : "--global X[,Y[,Z]] is required", cmd);
        return -1;
    }
    return check_model_options(o, cmd, flags);
}

int run_write_dumps(launch_t *L, const run_opts_t *o, const char *cmd)
{
    for (size_t i = 0; i < o->ndumps; i++) {
        const run_dump_t *d = &o->dumps[i];
        if (d->arg >= L->nexplicit || !L->arg_addr[d->arg]) {
            cli_error("%s: --dump %u: explicit argument %u is not a buffer or image (buf:, zero:, image:)", cmd, d->arg, d->arg);
            return -1;
        }
        const uint8_t *p = mem_ptr(&L->m->mem, L->arg_addr[d->arg], L->arg_size[d->arg]);
        FILE *fp = fopen(d->path, "wb");
        if (!fp || (L->arg_size[d->arg] && fwrite(p, 1, L->arg_size[d->arg], fp) != L->arg_size[d->arg]) ||
            fclose(fp) != 0) {
            cli_error("%s: --dump %u: cannot write %s: %s", cmd, d->arg, d->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

void run_opts_free(run_opts_t *o)
{
    for (size_t i = 0; i < o->nvals; i++)
        la_value_free(&o->vals[i]);
    free(o->vals);
    free(o->dumps);
    free(o->options);
    run_model_free(&o->t);
    memset(o, 0, sizeof *o);
}

int run_model_take(run_model_opts_t *o, int argc, char **argv, int *i, const char *cmd)
{
    const char *a = argv[*i];
    int has = *i + 1 < argc;
    if (!strcmp(a, "--functional"))
        o->functional = 1;
    else if (!strcmp(a, "--hotspots"))
        o->hotspots = 1;
    else if (!strcmp(a, "--device") && has)
        o->device = argv[++*i];
    else if (!strcmp(a, "--timeline") && has)
        o->timeline = argv[++*i];
    else if (!strcmp(a, "--set") && has) {
        const char **ns = realloc(o->sets, (o->nsets + 1) * sizeof *ns);
        if (!ns) {
            cli_error("%s: out of memory", cmd);
            return -1;
        }
        o->sets = ns;
        o->sets[o->nsets++] = argv[++*i];
    } else
        return 0;
    return 1;
}

int run_model_check(const run_model_opts_t *o, const char *cmd)
{
    if (o->functional && (o->hotspots || o->timeline || o->device || o->nsets)) {
        cli_error("%s: --%s needs the cycle model: leave out --functional", cmd,
                  o->hotspots ? "hotspots" : o->timeline ? "timeline" : o->device ? "device" : "set");
        return -1;
    }
    return 0;
}

void run_model_free(run_model_opts_t *o)
{
    free(o->sets);
    o->sets = NULL;
    o->nsets = 0;
}
