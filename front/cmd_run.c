/* cmd_run.c — `gcnsim run`: launch a kernel on the simulated device. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/json.h"
#include "front/launch.h"
#include "sim/dispatch.h"

static const char run_help[] =
    "usage: gcnsim run FILE --kernel NAME --global X[,Y[,Z]] [--local X[,Y[,Z]]]\n"
    "                  [--arg SPEC]... [--dump N=PATH]... [--functional] [--json PATH|-]\n"
    "\n"
    "Run a kernel of an AMDGPU code object on the simulated device.\n"
    "\n"
    "  --kernel NAME      the kernel (may be left out when the file has one)\n"
    "  --global X[,Y[,Z]] grid size in work-items (as clEnqueueNDRangeKernel)\n"
    "  --local X[,Y[,Z]]  work-group size (default: the kernel's required size,\n"
    "                     else its maximum flat size, at most 256, in X)\n"
    "  --arg SPEC         the kernel's explicit arguments, in order:\n"
    "                       i32:V u32:V i64:V u64:V f32:V f64:V  a scalar by value\n"
    "                       buf:PATH     a device buffer holding the file's bytes\n"
    "                       zero:BYTES   a zero-filled device buffer\n"
    "                       local:BYTES  dynamic LDS for a __local pointer argument\n"
    "                     hidden arguments (global offsets, sizes, ...) are filled in\n"
    "  --dump N=PATH      after the run, write the buffer of explicit argument N\n"
    "                     (0-based) to PATH\n"
    "  --functional       functional simulation only (the only mode so far)\n"
    "  --max-inst N       stop after about N wave-instructions\n"
    "  --json PATH|-      write a summary as JSON to PATH (- = stdout)\n"
    "\n"
    "Exit status: 0 the kernel ran to completion; 2 bad usage or input;\n"
    "3 a wave faulted (out-of-bounds or misaligned access, illegal or\n"
    "unimplemented instruction, s_trap): the fault report goes to stderr.\n";

typedef struct {
    unsigned arg;
    const char *path;
} dump_t;

typedef struct {
    const char *file, *kernel, *json;
    unsigned dims;
    uint32_t global[3], local[3];
    la_value_t *vals;
    size_t nvals;
    dump_t *dumps;
    size_t ndumps;
    uint64_t max_inst;
} run_opts_t;

static int parse_dump(const char *s, dump_t *d)
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

static int parse_args(int argc, char **argv, run_opts_t *o)
{
    char err[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (cli_is_help(a)) {
            fputs(run_help, stdout);
            return 1;
        } else if (!strcmp(a, "--kernel") && has)
            o->kernel = argv[++i];
        else if (!strcmp(a, "--global") && has) {
            if (!(o->dims = la_parse_dims(argv[++i], o->global))) {
                cli_error("run: --global '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--local") && has) {
            unsigned d = la_parse_dims(argv[++i], o->local);
            if (!d) {
                cli_error("run: --local '%s': expected X[,Y[,Z]] with positive sizes", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--arg") && has) {
            o->vals = realloc(o->vals, (o->nvals + 1) * sizeof *o->vals);
            if (!o->vals || la_parse_value(argv[++i], &o->vals[o->nvals], err, sizeof err)) {
                cli_error("run: %s", o->vals ? err : "out of memory");
                return -1;
            }
            o->nvals++;
        } else if (!strcmp(a, "--dump") && has) {
            o->dumps = realloc(o->dumps, (o->ndumps + 1) * sizeof *o->dumps);
            if (!o->dumps || parse_dump(argv[++i], &o->dumps[o->ndumps])) {
                cli_error("run: --dump '%s': expected N=PATH", argv[i]);
                return -1;
            }
            o->ndumps++;
        } else if (!strcmp(a, "--json") && has)
            o->json = argv[++i];
        else if (!strcmp(a, "--max-inst") && has)
            o->max_inst = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--functional"))
            ;
        else if (a[0] == '-' && a[1]) {
            cli_error("run: unknown or incomplete option '%s' (see gcnsim run --help)", a);
            return -1;
        } else if (!o->file)
            o->file = a;
        else {
            cli_error("run: more than one FILE given ('%s')", a);
            return -1;
        }
    }
    if (!o->file || !o->dims) {
        cli_error("run: %s (see gcnsim run --help)", !o->file ? "no FILE given" : "--global X[,Y[,Z]] is required");
        return -1;
    }
    if (o->local[0] && o->dims && !o->local[0])
        return -1;
    return 0;
}

static int write_dumps(launch_t *L, const run_opts_t *o)
{
    for (size_t i = 0; i < o->ndumps; i++) {
        const dump_t *d = &o->dumps[i];
        if (d->arg >= L->nexplicit || !L->arg_addr[d->arg]) {
            cli_error("run: --dump %u: explicit argument %u is not a buffer (buf: or zero:)", d->arg, d->arg);
            return -1;
        }
        const uint8_t *p = mem_ptr(&L->m->mem, L->arg_addr[d->arg], L->arg_size[d->arg]);
        FILE *fp = fopen(d->path, "wb");
        if (!fp || (L->arg_size[d->arg] && fwrite(p, 1, L->arg_size[d->arg], fp) != L->arg_size[d->arg]) ||
            fclose(fp) != 0) {
            cli_error("run: --dump %u: cannot write %s: %s", d->arg, d->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

static void write_json(FILE *fp, const launch_t *L, const sim_result_t *r, int rc)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_str(&j, "kernel", L->k->name);
    json_str(&j, "target", L->m->co.target->name);
    json_str(&j, "mode", "functional");
    json_begin_arr(&j, "global");
    for (unsigned d = 0; d < L->sl.dims; d++)
        json_uint(&j, NULL, L->sl.grid[d]);
    json_end(&j);
    json_begin_arr(&j, "local");
    for (unsigned d = 0; d < L->sl.dims; d++)
        json_uint(&j, NULL, L->sl.local[d]);
    json_end(&j);
    json_uint(&j, "workgroups", r->nwg);
    json_uint(&j, "waves", r->nwaves);
    json_begin_obj(&j, "instructions");
    json_uint(&j, "total", r->ninst);
    for (unsigned e = 1; e < ISA_ENC_COUNT; e++)
        if (r->ninst_by_enc[e])
            json_uint(&j, isa_enc_name(e), r->ninst_by_enc[e]);
    json_end(&j);
    json_str(&j, "status", rc == 1 ? "fault" : r->hit_limit ? "stopped" : "completed");
    if (rc == 1) {
        json_begin_obj(&j, "fault");
        json_str(&j, "message", r->fault.msg);
        json_uint(&j, "pc", r->fault.pc);
        json_str(&j, "instruction", r->fault_disasm);
        json_int(&j, "lane", r->fault.lane);
        json_uint(&j, "address", r->fault.addr);
        json_uint(&j, "wave", r->fault_wave);
        json_end(&j);
    }
    json_end(&j);
    json_finish(&j);
}

static void progress(void *arg, uint64_t done, uint64_t groups, uint64_t ninst)
{
    const time_t *start = arg;
    if (time(NULL) - *start >= 2)
        fprintf(stderr, "\rgcnsim: %llu/%llu work-groups, %llu wave-instructions",
                (unsigned long long)done, (unsigned long long)groups, (unsigned long long)ninst);
}

int cmd_run(int argc, char **argv)
{
    run_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = parse_args(argc, argv, &o), rc = EXIT_USAGE;
    launch_t L;
    memset(&L, 0, sizeof L);
    char err[1024];
    if (pr)
        goto out;
    if (la_prepare(&L, o.file, o.kernel, o.dims, o.global, o.local[0] ? o.local : NULL, o.vals, o.nvals, err,
                   sizeof err)) {
        cli_error("%s", err);
        goto out;
    }
    time_t start = time(NULL);
    L.sl.max_inst = o.max_inst;
    if (isatty(2)) {
        L.sl.progress = progress;
        L.sl.progress_arg = &start;
    }
    sim_result_t r;
    int st = la_run(&L, &r, err, sizeof err);
    if (L.sl.progress && time(NULL) - start >= 2)
        fputc('\n', stderr);
    if (st < 0) {
        cli_error("run: %s", err);
        goto out;
    }
    printf("%s on %s: %u work-group%s of %ux%ux%u, %llu waves, %llu wave-instructions: %s\n", L.k->name,
           L.m->co.target->name, (unsigned)r.nwg, r.nwg == 1 ? "" : "s", L.sl.local[0], L.sl.local[1], L.sl.local[2],
           (unsigned long long)r.nwaves, (unsigned long long)r.ninst,
           st == 1 ? "FAULT" : r.hit_limit ? "stopped at --max-inst" : "completed");
    if (st == 1)
        la_print_fault(stderr, &L, &r);
    rc = st == 1 ? EXIT_FAULT : EXIT_OK;
    if (write_dumps(&L, &o))
        rc = EXIT_USAGE;
    if (o.json) {
        FILE *fp = strcmp(o.json, "-") == 0 ? stdout : fopen(o.json, "w");
        if (!fp) {
            cli_error("run: cannot write %s: %s", o.json, strerror(errno));
            rc = EXIT_USAGE;
        } else {
            write_json(fp, &L, &r, st);
            if (fp != stdout)
                fclose(fp);
        }
    }
out:
    for (size_t i = 0; i < o.nvals; i++)
        if (o.vals[i].kind == LA_BUF)
            free((void *)o.vals[i].data);
    free(o.vals);
    free(o.dumps);
    la_free(&L);
    return pr > 0 ? EXIT_OK : rc;
}
