/* run_opts.c — the launch options of `run`, `validate` and `debug` (see run_opts.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/run_opts.h"

/* "N=PATH" or "N=PATH:TYPE" (TYPE an element type: text dump). */
static int parse_dump(const char *s, run_dump_t *d)
{
    char *end;
    memset(d, 0, sizeof *d);
    errno = 0;
    unsigned long n = strtoul(s, &end, 10);
    if (end == s || *end != '=' || !end[1] || errno || n > 1000)
        return -1;
    d->arg = (unsigned)n;
    d->path = end + 1;
    const char *colon = strrchr(d->path, ':');
    if (colon && colon > d->path && (d->elem = la_elem(colon + 1, strlen(colon + 1)))) {
        if (!(d->own = strndup(d->path, (size_t)(colon - d->path))))
            return -1;
        d->path = d->own;
    }
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
    else if (!strcmp(a, "--target"))
        o->target = v;
    else if (!strcmp(a, "--global")) {
        if (!(o->dims = la_parse_dims(v, o->global))) {
            cli_error("%s: --global '%s': expected X[,Y[,Z]] with positive sizes", cmd, v);
            return -1;
        }
    } else if (!strcmp(a, "--grid")) {
        if (!(o->grid_dims = la_parse_dims(v, o->grid))) {
            cli_error("%s: --grid '%s': expected X[,Y[,Z]] work-groups (blocks), positive", cmd, v);
            return -1;
        }
    } else if (!strcmp(a, "--local") || !strcmp(a, "--block")) {
        if (!(o->local_dims = la_parse_dims(v, o->local))) {
            cli_error("%s: %s '%s': expected X[,Y[,Z]] with positive sizes", cmd, a, v);
            return -1;
        }
    } else if (!strcmp(a, "--dynamic-lds")) {
        if (la_parse_size(v, UINT32_MAX / 2, &o->dynamic_lds)) {
            cli_error("%s: --dynamic-lds '%s': expected bytes of LDS per work-group (K suffix allowed)", cmd, v);
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
            cli_error("%s: --dump '%s': expected N=PATH (raw bytes) or N=PATH:TYPE (text; TYPE i8 u8 i16 u16 i32 u32 "
                      "i64 u64 f16 f32 f64)", cmd, v);
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

/* --grid (work-groups) and --block into the global size; 0, or -1 after
 * reporting. */
static int grid_to_global(run_opts_t *o, const char *cmd)
{
    if (o->dims) {
        cli_error("%s: --grid and --global both given: --grid counts work-groups (HIP blocks), --global "
                  "work-items; give one", cmd);
        return -1;
    }
    if (!o->local_dims) {
        cli_error("%s: --grid needs --block X[,Y[,Z]] (work-items per work-group)", cmd);
        return -1;
    }
    o->dims = o->grid_dims > o->local_dims ? o->grid_dims : o->local_dims;
    for (int d = 0; d < 3; d++) {
        uint64_t g = (uint64_t)o->grid[d] * o->local[d];
        if (g > UINT32_MAX) {
            cli_error("%s: --grid %u x --block %u in dimension %d is %llu work-items, more than 2^32-1", cmd,
                      o->grid[d], o->local[d], d, (unsigned long long)g);
            return -1;
        }
        o->global[d] = (uint32_t)g;
    }
    return 0;
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
    if (o->grid_dims && grid_to_global(o, cmd))
        return -1;
    if (!o->file || !o->dims) {
        cli_error("%s: %s (see gcnsim %s --help)", cmd,
                  !o->file ? "no FILE given" : "--global X[,Y[,Z]] (or --grid with --block) is required", cmd);
        return -1;
    }
    return check_model_options(o, cmd, flags);
}

/* Write buffer bytes p[0, n) to fp as elements of e, one per line. */
static int write_text(FILE *fp, const la_elem_t *e, const uint8_t *p, uint64_t n)
{
    char buf[64];
    for (uint64_t i = 0; i + e->bytes <= n; i += e->bytes) {
        la_format_elem(e, p + i, buf, sizeof buf);
        if (fprintf(fp, "%s\n", buf) < 0)
            return -1;
    }
    return 0;
}

int run_write_dumps(launch_t *L, const run_opts_t *o, const char *cmd)
{
    for (size_t i = 0; i < o->ndumps; i++) {
        const run_dump_t *d = &o->dumps[i];
        if (d->arg >= L->nexplicit || !L->arg_addr[d->arg]) {
            cli_error("%s: --dump %u: explicit argument %u is not a buffer or image (buf:, zero:, image:, iota:, "
                      "fill:, rand:)", cmd, d->arg, d->arg);
            return -1;
        }
        uint64_t n = L->arg_size[d->arg];
        if (d->elem && n % d->elem->bytes) {
            cli_error("%s: --dump %u: the buffer's %llu bytes are not a whole number of %s elements", cmd, d->arg,
                      (unsigned long long)n, d->elem->name);
            return -1;
        }
        const uint8_t *p = mem_ptr(&L->m->mem, L->arg_addr[d->arg], n);
        FILE *fp = fopen(d->path, d->elem ? "w" : "wb");
        int bad = !fp || (d->elem ? write_text(fp, d->elem, p, n) : n && fwrite(p, 1, n, fp) != n);
        if ((fp && fclose(fp) != 0) || bad) {
            cli_error("%s: --dump %u: cannot write %s: %s", cmd, d->arg, d->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

const char *run_want_gfx(const run_opts_t *o)
{
    return o->target ? o->target : la_preset_gfx(o->t.device);
}

void run_opts_free(run_opts_t *o)
{
    for (size_t i = 0; i < o->nvals; i++)
        la_value_free(&o->vals[i]);
    free(o->vals);
    for (size_t i = 0; i < o->ndumps; i++)
        free(o->dumps[i].own);
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
