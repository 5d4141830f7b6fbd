/* run_opts.c — the launch options of `run`, `validate` and `debug` (see run_opts.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/run_opts.h"
#include "front/report/hotspots.h"
#include "isa/isa.h"
#include "sim/device.h"

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

/* ---- the rows ------------------------------------------------------------- */

const char *run_preset_name(size_t i)
{
    const device_t *d = dev_preset_at(i);
    return d ? d->name : NULL;
}

const char *run_set_key(size_t i)
{
    return i < DEV_NPARAMS ? dev_param_key((dev_param_t)i) : NULL;
}

const char *run_target_name(size_t i)
{
    const isa_target_t *t = isa_target_at(i);
    return t ? t->name : NULL;
}

/* The --arg types, for completion ("buf:", ...). */
static const char *arg_type(size_t i)
{
    static const char *const t[] = {"i32:", "u32:", "i64:", "u64:", "f32:", "f64:", "bytes:", "buf:", "zero:",
                                    "iota:", "fill:", "rand:", "image:", "local:"};
    return i < sizeof t / sizeof t[0] ? t[i] : NULL;
}

static const opt_t launch_rows[] = {
    {"kernel", 0, "NAME", "the kernel (may be left out when the file has one); a C++ kernel also by its "
     "demangled name, whole or without its parameters or template arguments (block_sum<int>, block_sum, "
     "blas::saxpy)", RO_KERNEL, 0, NULL},
    {"target", 0, "GFX", "the code object to take from a clang offload bundle (hipcc --genco) or a HIP "
     "program or library (its .hip_fatbin): that of processor GFX, e.g. gfx900 (default: --device's "
     "processor, else the only one the file has; with several and none chosen the error lists them)",
     RO_TARGET, OPT_LIST, run_target_name},
    {"global", 0, "X[,Y[,Z]]", "grid size in work-items (as clEnqueueNDRangeKernel); each size decimal or "
     "0x hex, K, M or G multiplying by 2^10, 2^20, 2^30 (1M = 1048576)", RO_GLOBAL, 0, NULL},
    {"grid", 0, "X[,Y[,Z]]", "instead of --global: the grid in work-groups (HIP's gridDim, blocks); needs "
     "--block, and the global size is their product", RO_GRID, 0, NULL},
    {"local", 0, "X[,Y[,Z]]", "work-group size (default: the kernel's required size, else its maximum flat "
     "size, at most 256, in X)", RO_LOCAL, 0, NULL},
    {"block", 0, "X[,Y[,Z]]", "the same as --local (HIP's blockDim)", RO_BLOCK, 0, NULL},
    {"dynamic-lds", 0, "BYTES", "LDS allocated per work-group at launch on top of the kernel's static LDS "
     "(HIP's dynamic shared memory, extern __shared__); K suffix allowed (default 0)", RO_DYNAMIC_LDS, 0, NULL},
    {"arg", 0, "SPEC", "the kernel's explicit arguments, one --arg each, in order:\n"
     "  i32:V u32:V i64:V u64:V f32:V f64:V  a scalar by value\n"
     "  bytes:HEX     any by-value argument (a struct...): its\n"
     "                bytes in memory order, as hex digit pairs\n"
     "  buf:PATH      a device buffer holding the file's bytes\n"
     "  zero:BYTES    a zero-filled device buffer\n"
     "  iota:TYPE:N   a buffer of N elements 0, 1, 2, ...\n"
     "  fill:TYPE:N:V a buffer of N elements equal to V\n"
     "  rand:TYPE:N[:SEED]  N pseudo-random elements (splitmix64\n"
     "                from SEED, default 1: the same on every\n"
     "                host; floats in [0, 1), integers any bits)\n"
     "  image:FORMAT:W[,H[,D]]:PATH|zero  an image (linear;\n"
     "                FORMAT r, rg or rgba, then 8 16 or 32\n"
     "                bits and unorm (none), sn (snorm), ui,\n"
     "                i or f: rgba8 rg16f r32ui rgba8sn ...;\n"
     "                intensity or luminance 8, 16, 16f, 32f;\n"
     "                PATH holds the texels, rows packed;\n"
     "                arrays: W,L or W,H,L for L slices)\n"
     "  local:BYTES   dynamic LDS for a __local pointer argument\n"
    "TYPE is one of i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64; N and BYTES are decimal or 0x hex with an "
     "optional K, M or G suffix (2^10, 2^20, 2^30).  The hidden arguments (global offsets, sizes, ...) are "
     "filled in.", RO_ARG, OPT_REPEAT | OPT_LIST, arg_type},
    {0},
};
const opt_table_t run_launch_table = {"launch options", launch_rows};

#define DUMP_ROW(extra)                                                                                        \
    {"dump", 0, "N=PATH[:TYPE]", "after the run, write the buffer of explicit argument N (0-based) to PATH: "  \
     "its raw bytes, or with :TYPE (i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64) as text, one element per "      \
     "line (floats with the digits that read back exactly)" extra, RO_DUMP, OPT_REPEAT | OPT_PATH, NULL}

static const opt_t device_rows[] = {
    {"device", 0, "NAME", "the device preset (default: the one for the code object's target; gcnsim devices "
     "lists them and their parameters); gcnsim run also takes a comma list NAME,NAME,...: the kernel runs on "
     "each preset in turn and the runs are compared as gcnsim compare does", RO_DEVICE, OPT_LIST,
     run_preset_name},
    {"set", 0, "KEY=VALUE", "override a device parameter (repeatable), e.g. cus=1 for the view of one CU, "
     "clock_mhz=1000, l2_kib=2048 (gcnsim devices lists the keys)", RO_SET, OPT_REPEAT | OPT_KEYS, run_set_key},
    {0},
};
const opt_table_t run_device_table = {"device options", device_rows};

static const opt_t run_rows[] = {
    DUMP_ROW(""),
    {"json", 0, "PATH|-", "write the summary and the report as JSON to PATH (- = stdout, instead of the "
     "text)", RO_JSON, OPT_PATH, NULL},
    {"hotspots", 0, "N", "add the hot spots to the report: the N instructions with the most wave-cycles "
     "(10 when N is left out), the N source lines with the most (from the DWARF line table of a code object "
     "built with -g), the N basic blocks with the most and every loop (trips: the header's count per entry), "
     "then the kernel's disassembly with each instruction's count, wave-cycles, top stall reason and source "
     "line; with --json the same lists go into the JSON (\"hotspots\", \"lines\", \"blocks\", \"loops\")",
     RO_HOTSPOTS, OPT_OPT_NUM, NULL},
    {"timeline", 0, "PATH", "write a Chrome trace-event JSON timeline (open it in ui.perfetto.dev): a track "
     "per wave slot of each CU, a slice per wave and per instruction; instruction slices stop after the first "
     "200000 (wave slices go on; --timeline-max), so that large kernels give a bounded file; counter tracks "
     "show occupancy, VALUBusy and DRAM bandwidth over time", RO_TIMELINE, OPT_PATH, NULL},
    {"timeline-max", 0, "N", "with --timeline: the cap on instruction slices (default 200000; 0: none)",
     RO_TIMELINE_MAX, 0, NULL},
    {"timeline-cus", 0, "LIST", "with --timeline: only the tracks of these CUs, numbers and ranges such as "
     "0,3-5 (the counter tracks stay the device's)", RO_TIMELINE_CUS, 0, NULL},
    {"html", 0, "PATH", "write the report as one self-contained HTML page (no network needed): stalls, "
     "instruction mix, occupancy, VALU busy and DRAM bandwidth over time, balance across CUs, a roofline "
     "and the disassembly with each instruction's wave-cycles", RO_HTML, OPT_PATH, NULL},
    {"trace", 0, "PATH", "record every executed wave-instruction into PATH: wave, pc, encoding, EXEC and "
     "every value written (SGPRs, SCC, VGPR lanes, memory and LDS dwords), with the cycle model also the "
     "issue and completion cycles; a seekable gzip file (zcat reads it; gcnsim trace dump and diff too)",
     RO_TRACE, OPT_PATH, NULL},
    {"progress", 0, NULL, "show the progress of the run on stderr (work-groups done, simulated time, "
     "wave-instructions per second, ETA) even when stderr is not a terminal, then one line per update, two a "
     "second at most (default: on a terminal only, rewritten in place, from two seconds into the run)",
     RO_PROGRESS, 0, NULL},
    {"no-progress", 0, NULL, "never show the progress line", RO_NO_PROGRESS, 0, NULL},
    {"csv", 0, "PATH", "write rocprof's results.csv to PATH: one row of the dispatch's columns (Index, "
     "KernelName, gpu-id, ..., grd, wgr, lds, scr, arch_vgpr, sgpr, ...), the rocprof-named metrics and "
     "DispatchNs, BeginNs, EndNs, CompleteNs, DurationNs (simulated ns); not with --functional",
     RO_CSV, OPT_PATH, NULL},
    {"stats", 0, NULL, "with --csv PATH: also write rocprof's results.stats.csv (PATH with .csv replaced by "
     ".stats.csv): Name, Calls, TotalDurationNs, AverageNs, Percentage", RO_STATS, 0, NULL},
    {0},
};
const opt_table_t run_run_table = {"run options", run_rows};

static const opt_t exec_rows[] = {
    {"functional", 0, NULL, "functional simulation only: no cycle model, no report (faster; results are the "
     "same)", RO_FUNCTIONAL, 0, NULL},
    {"max-inst", 0, "N", "stop after about N wave-instructions in all (0: no limit, the default)", RO_MAX_INST,
     0, NULL},
    {"max-wave-inst", 0, "N", "stop when one wave has executed N instructions without ending: it runs away "
     "(default 67108864 = 2^26; 0: no limit); under the cycle model the resident waves take turns, so this "
     "takes as many times longer", RO_MAX_WAVE_INST, 0, NULL},
    {"threads", 0, "N", RUN_THREADS_HELP, RO_THREADS, 0, NULL},
    {0},
};
const opt_table_t run_exec_table = {"execution options", exec_rows};

static const opt_t validate_rows[] = {
    DUMP_ROW(" (the simulator's buffer)"),
    {"ulp", 0, "N", "float buffers (by the argument's type in the metadata: half, float, double and their "
     "vectors) agree when every element is within N units in the last place (default 0: bit for bit); other "
     "buffers are always compared exactly", RO_ULP, 0, NULL},
    {"threads", 0, "N", RUN_THREADS_HELP, RO_THREADS, 0, NULL},
    {0},
};
const opt_table_t run_validate_table = {"validate options", validate_rows};

static const opt_t debug_rows[] = {
    {NULL, 'x', "CMDFILE", "run the commands of CMDFILE and exit (as gdb -batch -x)", RO_SCRIPT, OPT_PATH, NULL},
    {"batch", 0, NULL, "read commands from standard input without a prompt; this is also the mode when "
     "standard input is not a terminal", RO_BATCH, 0, NULL},
    {"dispatch", 0, "KERNEL[:N]", "debug dispatch N (from 0; default 0) of the kernel named KERNEL (its symbol or "
     "its C++ name) in an OpenCL program given after --: gcnsim debug --dispatch KERNEL[:N] [options] -- PROGRAM "
     "[ARGS] runs the program under gcnsim exec until that dispatch is saved (gcnsim exec --save-dispatch), then "
     "debugs it with the buffers it had; no FILE or launch options then", RO_DISPATCH, 0, NULL},
    {0},
};
const opt_table_t run_debug_table = {"debugger options", debug_rows};

/* ---- taking the values ------------------------------------------------------ */

static int take_list(run_opts_t *o, const opt_cmd_t *c, int id, const char *v)
{
    char err[1024];
    if (id == RO_ARG) {
        la_value_t *nv = realloc(o->vals, (o->nvals + 1) * sizeof *nv);
        if (nv)
            o->vals = nv;
        if (!nv || la_parse_value(v, &o->vals[o->nvals], err, sizeof err)) {
            opt_error(c, "%s", nv ? err : "out of memory");
            return -1;
        }
        o->nvals++;
        return 0;
    }
    run_dump_t *nd = realloc(o->dumps, (o->ndumps + 1) * sizeof *nd);
    if (nd)
        o->dumps = nd;
    if (!nd || parse_dump(v, &o->dumps[o->ndumps])) {
        opt_error(c, "--dump '%s': expected N=PATH (raw bytes) or N=PATH:TYPE (text; TYPE i8 u8 i16 u16 i32 u32 "
                  "i64 u64 f16 f32 f64)", v);
        return -1;
    }
    o->ndumps++;
    return 0;
}

/* The sizes: --global, --grid, --local/--block, --dynamic-lds. */
static int take_size(run_opts_t *o, const opt_cmd_t *c, const opt_t *r, const char *v)
{
    int bad = 0;
    if (r->id == RO_GLOBAL)
        bad = !(o->dims = la_parse_dims(v, o->global));
    else if (r->id == RO_GRID)
        bad = !(o->grid_dims = la_parse_dims(v, o->grid));
    else if (r->id == RO_LOCAL || r->id == RO_BLOCK)
        bad = !(o->local_dims = la_parse_dims(v, o->local));
    else if (la_parse_size(v, UINT32_MAX / 2, &o->dynamic_lds)) {
        opt_error(c, "--dynamic-lds '%s': expected bytes of LDS per work-group (K suffix allowed)", v);
        return -1;
    }
    if (bad)
        opt_error(c, "--%s '%s': expected X[,Y[,Z]] %s", r->name, v,
                  r->id == RO_GRID ? "work-groups (blocks), positive" : "with positive sizes");
    return bad ? -1 : 0;
}

/* Whether v is a thread count, 1..LA_MAX_THREADS, into *n. */
static int threads_ok(const char *v, uint64_t *n)
{
    return !parse_count(v, n) && *n >= 1 && *n <= LA_MAX_THREADS;
}

int run_check_threads_env(const char *cmd)
{
    const char *e = getenv("GCNSIM_THREADS");
    uint64_t n;
    if (!e || !*e || threads_ok(e, &n))
        return 0;
    cli_error("%s: GCNSIM_THREADS '%s': expected a number of host threads from 1 to %d", cmd, e, LA_MAX_THREADS);
    return -1;
}

int run_take_threads(const char *cmd, const char *v)
{
    uint64_t n;
    if (!threads_ok(v, &n)) {
        cli_error("%s: --threads '%s': expected a number of host threads from 1 to %d", cmd, v, LA_MAX_THREADS);
        return -1;
    }
    char s[24];
    snprintf(s, sizeof s, "%u", (unsigned)n);
    if (setenv("GCNSIM_THREADS", s, 1)) {
        cli_error("%s: --threads: out of memory", cmd);
        return -1;
    }
    return 0;
}

/* The counts: --max-inst, --max-wave-inst, --ulp. */
static int take_count(run_opts_t *o, const opt_cmd_t *c, int id, const char *v)
{
    uint64_t *out = id == RO_MAX_INST ? &o->max_inst : id == RO_MAX_WAVE_INST ? &o->max_wave_inst : &o->ulp;
    if (parse_count(v, out)) {
        opt_error(c, "--%s '%s': expected a number of %s", id == RO_MAX_INST ? "max-inst" : id == RO_ULP ? "ulp"
                  : "max-wave-inst", v, id == RO_MAX_INST ? "wave-instructions (0 = no limit)"
                  : id == RO_ULP ? "units in the last place (0 = bit for bit)" : "instructions (0 = no limit)");
        return -1;
    }
    return 0;
}

typedef struct {
    run_opts_t *o;
    const opt_cmd_t *c;
} take_ctx_t;

/* opt_take_fn: one option or operand into the run_opts_t. */
static int take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    take_ctx_t *t = arg;
    run_opts_t *o = t->o;
    (void)v2;
    if (!r) {
        if (o->file) {
            opt_error(t->c, "more than one FILE given ('%s')", v);
            return -1;
        }
        o->file = v;
        return 0;
    }
    int took = run_model_take(&o->t, t->c, r->id, v);
    if (took)
        return took < 0 ? -1 : 0;
    switch (r->id) {
    case RO_KERNEL: o->kernel = v; return 0;
    case RO_TARGET: o->target = v; return 0;
    case RO_JSON: o->json = v; return 0;
    case RO_HTML: o->html = v; return 0;
    case RO_TRACE: o->trace = v; return 0;
    case RO_CSV: o->csv = v; return 0;
    case RO_STATS: o->stats = 1; return 0;
    case RO_SCRIPT: o->script = v; return 0;
    case RO_BATCH: o->batch = 1; return 0;
    case RO_PROGRESS: case RO_NO_PROGRESS: o->progress = r->id == RO_PROGRESS ? 1 : -1; return 0;
    case RO_DISPATCH:
        cli_error("debug: --dispatch KERNEL[:N] needs -- PROGRAM [ARGS] after the options");
        return -1;
    case RO_ARG: case RO_DUMP: return take_list(o, t->c, r->id, v);
    case RO_MAX_INST: case RO_MAX_WAVE_INST: case RO_ULP: return take_count(o, t->c, r->id, v);
    case RO_THREADS: return run_take_threads(t->c->name, v);
    default: return take_size(o, t->c, r, v);
    }
}

/* --grid (work-groups) and --block into the global size; 0, or -1 after
 * reporting. */
static int grid_to_global(run_opts_t *o, const opt_cmd_t *c)
{
    if (o->dims) {
        opt_error(c, "--grid and --global both given: --grid counts work-groups (HIP blocks), --global "
                  "work-items; give one");
        return -1;
    }
    if (!o->local_dims) {
        opt_error(c, "--grid needs --block X[,Y[,Z]] (work-items per work-group)");
        return -1;
    }
    o->dims = o->grid_dims > o->local_dims ? o->grid_dims : o->local_dims;
    for (int d = 0; d < 3; d++) {
        uint64_t g = (uint64_t)o->grid[d] * o->local[d];
        if (g > UINT32_MAX) {
            opt_error(c, "--grid %u x --block %u in dimension %d is %llu work-items, more than 2^32-1",
                      o->grid[d], o->local[d], d, (unsigned long long)g);
            return -1;
        }
        o->global[d] = (uint32_t)g;
    }
    return 0;
}

int run_parse_args(const opt_cmd_t *c, int argc, char **argv, run_opts_t *o)
{
    take_ctx_t t = {o, c};
    o->max_wave_inst = LA_MAX_WAVE_INST;
    int rc = opt_parse(c, argc, argv, take, &t);
    if (rc)
        return rc;
    if (run_check_threads_env(c->name))
        return -1;
    if (o->grid_dims && grid_to_global(o, c))
        return -1;
    if (!o->file || !o->dims) {
        opt_error(c, "%s (see gcnsim %s --help)",
                  !o->file ? "no FILE given" : "--global X[,Y[,Z]] (or --grid with --block) is required", c->name);
        return -1;
    }
    if (o->stats && !o->csv) {
        opt_error(c, "--stats needs --csv PATH (it writes PATH's .stats.csv beside it)");
        return -1;
    }
    if (o->csv && o->t.functional) {
        opt_error(c, "--csv needs the cycle model (its metrics and times): leave out --functional");
        return -1;
    }
    return run_model_check(&o->t, c);
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

int run_model_take(run_model_opts_t *o, const opt_cmd_t *c, int id, const char *v)
{
    if (id == RO_FUNCTIONAL)
        o->functional = 1;
    else if (id == RO_HOTSPOTS) {
        char *end;
        unsigned long n = v ? strtoul(v, &end, 10) : HS_TOP_DEFAULT;
        if (v && (*end || !*v || n == 0 || n > 1000000)) {
            opt_error(c, "--hotspots: N must be a number from 1 to 1000000 ('%s')", v);
            return -1;
        }
        o->hotspots = (int)n;
    }
    else if (id == RO_DEVICE)
        o->device = v;
    else if (id == RO_TIMELINE)
        o->timeline = v;
    else if (id == RO_TIMELINE_CUS)
        o->timeline_cus = v;
    else if (id == RO_TIMELINE_MAX) {
        if (parse_count(v, &o->timeline_max)) {
            opt_error(c, "--timeline-max '%s': expected a number of instruction slices (0 = no cap)", v);
            return -1;
        }
        o->timeline_max_set = 1;
    }
    else if (id == RO_SET) {
        const char **ns = realloc(o->sets, (o->nsets + 1) * sizeof *ns);
        if (!ns) {
            opt_error(c, "out of memory");
            return -1;
        }
        o->sets = ns;
        o->sets[o->nsets++] = v;
    } else
        return 0;
    return 1;
}

/* "a, b, c" of list into buf. */
static void list_text(opt_values_fn list, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; list(i) && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", list(i));
}

int run_check_preset(const char *name, const opt_cmd_t *c, const char *see)
{
    char names[512], mean[96] = "";
    if (dev_preset(name))
        return 0;
    list_text(run_preset_name, names, sizeof names);
    const char *near = opt_suggest(name, run_preset_name);
    if (near)
        snprintf(mean, sizeof mean, "did you mean %s? ", near);
    opt_error(c, "unknown device '%s' (%spresets: %s%s)", name, mean, names, see ? see : "");
    return -1;
}

int run_check_set_key(const char *assignment, const opt_cmd_t *c)
{
    char keys[1024], key[64], mean[96] = "";
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment)
        return 0;   /* dev_set says what is wrong */
    snprintf(key, sizeof key, "%.*s", (int)(eq - assignment < 60 ? eq - assignment : 60), assignment);
    for (size_t i = 0; run_set_key(i); i++)
        if (!strcmp(run_set_key(i), key))
            return 0;
    list_text(run_set_key, keys, sizeof keys);
    const char *near = opt_suggest(key, run_set_key);
    if (near)
        snprintf(mean, sizeof mean, "did you mean %s? ", near);
    opt_error(c, "--set: unknown device parameter '%s' (%skeys: %s)", key, mean, keys);
    return -1;
}

int run_model_check(const run_model_opts_t *o, const opt_cmd_t *c)
{
    if (o->functional && (o->hotspots || o->timeline || o->device || o->nsets)) {
        opt_error(c, "--%s needs the cycle model: leave out --functional",
                  o->hotspots ? "hotspots" : o->timeline ? "timeline" : o->device ? "device" : "set");
        return -1;
    }
    if (!o->timeline && (o->timeline_cus || o->timeline_max_set)) {
        opt_error(c, "--%s needs --timeline PATH", o->timeline_cus ? "timeline-cus" : "timeline-max");
        return -1;
    }
    if (o->device && strchr(o->device, ',') && strcmp(c->name, "run")) {
        opt_error(c, "--device '%s': one preset here (gcnsim run takes a list)", o->device);
        return -1;
    }
    for (const char *d = o->device; d && *d;) {
        size_t l = strcspn(d, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(l < 63 ? l : 63), d);
        if (run_check_preset(name, c, "; see gcnsim devices"))
            return -1;
        d += l + (d[l] == ',');
    }
    for (size_t i = 0; i < o->nsets; i++)
        if (run_check_set_key(o->sets[i], c))
            return -1;
    return 0;
}

void run_model_free(run_model_opts_t *o)
{
    free(o->sets);
    o->sets = NULL;
    o->nsets = 0;
}
