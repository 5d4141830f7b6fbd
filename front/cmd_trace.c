/* cmd_trace.c — `gcnsim trace`: work with execution traces written by
 * `gcnsim run --trace` and `gcnsim bench --trace`; dispatches to the
 * subcommands (trace_cmd_*). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/trace/trace.h"
#include "front/trace/trace_diff.h"
#include "front/workloads/workloads.h"

/* The subcommands (argv[0] is the subcommand name). */
static int trace_cmd_dump(int argc, char **argv);
static int trace_cmd_diff(int argc, char **argv);
static const opt_cmd_t trace_dump_cmd, trace_diff_cmd;
static const opt_cmd_t *const trace_subs[] = {&trace_dump_cmd, &trace_diff_cmd, NULL};

const opt_cmd_t cli_trace_cmd = {
    .name = "trace",
    .summary = "inspect and compare execution traces (gcnsim run --trace)",
    .usage = "gcnsim trace SUBCOMMAND [ARGS]  (see gcnsim trace SUBCOMMAND --help)",
    .description = "Execution traces: `gcnsim run ... --trace PATH` records every executed\n"
                   "wave-instruction (sequence number, wave, pc, encoding, EXEC, every register,\n"
                   "lane and memory dword written; issue and completion cycles under the cycle\n"
                   "model) in a seekable gzip file (zcat reads it); `gcnsim bench WORKLOAD\n"
                   "--trace PATH` records every launch of a workload into one file, each\n"
                   "record carrying its launch number; `gcnsim exec --trace PATH` records\n"
                   "every dispatch of an OpenCL program into one file, each its own trace\n"
                   "(--dispatch N picks one).",
    .fn = cmd_trace,
    .subs = trace_subs,
};

int cmd_trace(int argc, char **argv)
{
    if (argc < 2) {
        opt_help(stderr, &cli_trace_cmd);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
        opt_help(stdout, &cli_trace_cmd);
        return EXIT_OK;
    }
    opt_near_t near;
    opt_near_init(&near, argv[1]);
    for (const opt_cmd_t *const *s = trace_subs; *s; s++) {
        const char *name = strchr((*s)->name, ' ') + 1;
        if (!strcmp(argv[1], name))
            return (*s)->fn(argc - 1, argv + 1);
        opt_near_add(&near, name);
    }
    if (opt_near_best(&near))
        cli_error("trace: unknown subcommand '%s' (did you mean %s?)", argv[1], opt_near_best(&near));
    else
        cli_error("trace: unknown subcommand '%s' (try gcnsim trace --help)", argv[1]);
    return EXIT_USAGE;
}

/* ---- trace dump --------------------------------------------------------- */

typedef struct {
    const char *path;
    int has_wave, has_launch;
    uint32_t wave, launch;
    uint64_t from, count;
    long dispatch;                /* -1: the file's only trace */
} dump_opts_t;

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 0);
    return *end || errno ? -1 : 0;
}

enum { TD_LAUNCH = 1, TD_WAVE, TD_FROM, TD_COUNT, TD_DISPATCH };

static const opt_t dump_rows[] = {
    {"dispatch", 0, "N", "dispatch N (from 0, as gcnsim exec --json numbers them) of a trace of a program's "
     "dispatches (gcnsim exec --trace); needed when it holds more than one", TD_DISPATCH, 0, NULL},
    {"launch", 0, "L", "only the records of launch L (0 = the first)", TD_LAUNCH, 0, NULL},
    {"wave", 0, "W", "only the records of wave W (the dispatch-wide wave id)", TD_WAVE, 0, NULL},
    {"from", 0, "N", "start at record N (the index finds it without reading the records before)", TD_FROM, 0,
     NULL},
    {"count", 0, "M", "print at most M records", TD_COUNT, 0, NULL},
    {0},
};
static const opt_table_t dump_table = {"options", dump_rows};
static const opt_table_t *const dump_tables[] = {&dump_table, NULL};

static const opt_cmd_t trace_dump_cmd = {
    .name = "trace dump",
    .summary = "print a trace's records with disassembly and the values written",
    .usage = "gcnsim trace dump PATH [--dispatch N] [--launch L] [--wave W] [--from N]\n"
             "                        [--count M]",
    .description = "Print the header and the records of a trace.  Each record is a line\n"
                   "  [SEQ] wave W (wg X,Y,Z #I) pc 0xPC exec 0xEXEC: DISASSEMBLY\n"
                   "([SEQ] launch L wave W ... for the records of launch L > 0 of a trace of\n"
                   "several launches, as gcnsim bench --trace writes)\n"
                   "then one indented line per thing the instruction wrote, with its new value:\n"
                   "  s5 = 0x00000010             a scalar register (vcc_lo, exec_hi, m0, ...)\n"
                   "  scc = 1\n"
                   "  v3 = {0x.., 0x.., ...}      a VGPR, the values of the lanes of EXEC in\n"
                   "                              lane order; v3 lanes 0xMASK = {...} when the\n"
                   "                              lanes written are not EXEC\n"
                   "  global[0xADDR] = {0x.., ...} consecutive memory dwords from ADDR (lds and\n"
                   "                              scratch likewise; lds addresses from 0)\n"
                   "  hwreg 1 = 0x...             a hardware register (s_setreg)\n"
                   "  cycles issue C done D       under the cycle model\n"
                   "  flags fault|overflow|nondet when set",
    .tables = dump_tables,
    .trailer = "Exit status: 0, or 2 on bad usage or an unreadable or corrupt trace.",
    .fn = trace_cmd_dump,
};

/* opt_take_fn: one option or operand of trace dump. */
static int dump_take(void *arg, const opt_t *r, const char *a, const char *v2)
{
    dump_opts_t *o = arg;
    uint64_t v;
    (void)v2;
    if (!r) {
        if (o->path) {
            cli_error("trace dump: more than one PATH given ('%s')", a);
            return -1;
        }
        o->path = a;
        return 0;
    }
    if (parse_u64(a, &v) || ((r->id == TD_WAVE || r->id == TD_LAUNCH || r->id == TD_DISPATCH) && v > UINT32_MAX)) {
        cli_error("trace dump: --%s '%s': expected a number", r->name, a);
        return -1;
    }
    if (r->id == TD_WAVE)
        o->has_wave = 1, o->wave = (uint32_t)v;
    else if (r->id == TD_LAUNCH)
        o->has_launch = 1, o->launch = (uint32_t)v;
    else if (r->id == TD_FROM)
        o->from = v;
    else if (r->id == TD_DISPATCH)
        o->dispatch = (long)v;
    else
        o->count = v;
    return 0;
}

static int dump_args(int argc, char **argv, dump_opts_t *o)
{
    o->count = UINT64_MAX;
    o->dispatch = -1;
    int rc = opt_parse(&trace_dump_cmd, argc, argv, dump_take, o);
    if (rc)
        return rc;
    if (!o->path) {
        cli_error("trace dump: no PATH given (see gcnsim trace dump --help)");
        return -1;
    }
    return 0;
}

static void print_header(const trace_header_t *h, uint64_t count)
{
    printf("# gcnsim trace, format %u: %s, kernel %s, %s, %" PRIu64 " records\n", h->format, h->target, h->kernel,
           h->mode == TRACE_MODE_TIMING ? "cycle model" : "functional", count);
    printf("# code object sha256 ");
    for (unsigned i = 0; i < 32; i++)
        printf("%02x", h->co_sha256[i]);
    printf(", code at 0x%" PRIx64 ", written by gcnsim %s\n", h->code_base, h->version);
    printf("# options: %s\n", h->options);
}

static void print_vreg(const trace_vreg_t *v, uint64_t exec)
{
    if (v->mask == exec)
        printf("    v%u = {", v->reg);
    else
        printf("    v%u lanes 0x%016" PRIx64 " = {", v->reg, v->mask);
    for (uint64_t m = v->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        printf("0x%08x%s", v->val[l], m & (m - 1) ? ", " : "");
    }
    printf("}\n");
}

/* Memory writes in runs of consecutive dwords of one space. */
static void print_mem(const trace_rec_t *r)
{
    for (unsigned i = 0; i < r->nm;) {
        unsigned j = i + 1;
        while (j < r->nm && r->m[j].space == r->m[i].space && r->m[j].addr == r->m[j - 1].addr + 4)
            j++;
        printf("    %s[0x%" PRIx64 "] = {", trace_space_name(r->m[i].space), r->m[i].addr);
        for (unsigned k = i; k < j; k++)
            printf("0x%08x%s", r->m[k].val, k + 1 < j ? ", " : "");
        printf("}\n");
        i = j;
    }
}

static void print_record(const trace_header_t *h, const trace_rec_t *r)
{
    char dis[256], name[24];
    trace_disasm(h, r, dis, sizeof dis);
    printf("[%" PRIu64 "] ", r->seq);
    if (r->launch)
        printf("launch %u ", r->launch);
    printf("wave %u (wg %u,%u,%u #%u) pc 0x%" PRIx64 " exec 0x%016" PRIx64 ": %s\n", r->wave, r->wg[0], r->wg[1],
           r->wg[2], r->wg_wave, r->pc, r->exec, dis);
    for (unsigned i = 0; i < r->ns; i++)
        printf("    %s = 0x%08x\n", trace_sreg_name(h, r->s[i].reg, name), r->s[i].val);
    if (r->scc_written)
        printf("    scc = %u\n", r->scc);
    for (unsigned i = 0; i < r->nv; i++)
        print_vreg(&r->v[i], r->exec);
    print_mem(r);
    for (unsigned i = 0; i < r->nh; i++)
        printf("    hwreg %u = 0x%08x\n", r->h[i].id, r->h[i].val);
    if (h->mode == TRACE_MODE_TIMING)
        printf("    cycles issue %" PRIu64 " done %" PRIu64 "\n", r->cycle_issue, r->cycle_done);
    if (r->flags)
        printf("    flags%s%s%s\n", r->flags & TRACE_F_FAULT ? " fault" : "",
               r->flags & TRACE_F_OVERFLOW ? " overflow" : "", r->flags & TRACE_F_NONDET ? " nondet" : "");
}

static int trace_cmd_dump(int argc, char **argv)
{
    dump_opts_t o;
    memset(&o, 0, sizeof o);
    int pr = dump_args(argc, argv, &o);
    if (pr)
        return pr > 0 ? EXIT_OK : EXIT_USAGE;
    char err[1024];
    trace_reader_t *tr = trace_open_dispatch(o.path, o.dispatch, err, sizeof err);
    if (!tr) {
        cli_error("trace dump: %s", err);
        return EXIT_USAGE;
    }
    const trace_header_t *h = trace_header(tr);
    print_header(h, trace_count(tr));
    int rc = EXIT_OK;
    if (o.from > trace_count(tr)) {
        cli_error("trace dump: --from %" PRIu64 ": the trace has %" PRIu64 " records", o.from, trace_count(tr));
        rc = EXIT_USAGE;
    } else if (o.from && trace_seek(tr, o.from, err, sizeof err)) {
        cli_error("trace dump: %s", err);
        rc = EXIT_USAGE;
    }
    trace_rec_t *r = calloc(1, sizeof *r);
    uint64_t shown = 0;
    while (rc == EXIT_OK && r && shown < o.count) {
        int k = trace_next(tr, r, err, sizeof err);
        if (k < 0) {
            cli_error("trace dump: %s", err);
            rc = EXIT_USAGE;
        }
        if (k <= 0)
            break;
        if ((o.has_wave && r->wave != o.wave) || (o.has_launch && r->launch != o.launch))
            continue;
        print_record(h, r);
        shown++;
    }
    if (!r) {
        cli_error("trace dump: out of memory");
        rc = EXIT_USAGE;
    } else
        trace_rec_free(r);
    free(r);
    trace_close(tr);
    return rc;
}

/* ---- gcnsim trace diff ------------------------------------------------------ */

/* Whether name is one of bench's workloads (trace diff's debugger hint). */
static int is_workload(const char *name)
{
    return wl_find(name) != NULL;
}

static int parse_num(const char *s, uint64_t *v)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

enum { TF_TIMING = 1, TF_ALL, TF_CONTEXT, TF_MAX_BUFFER, TF_STATS, TF_DISPATCH };

static const opt_t diff_rows[] = {
    {"dispatch", 0, "N", "compare only dispatch N (from 0) of two traces of a program's dispatches (gcnsim exec "
     "--trace); without it they are compared dispatch by dispatch up to the first that differs", TF_DISPATCH, 0,
     NULL},
    {"timing", 0, NULL, "also compare the issue and completion cycles", TF_TIMING, 0, NULL},
    {"all", 0, NULL, "then list the first divergence of every wave, one line each (reads both files to the "
     "end)", TF_ALL, 0, NULL},
    {"context", 0, "N", "previous records of the wave shown (default 3, at most 16)", TF_CONTEXT, 0, NULL},
    {"max-buffer", 0, "MIB", "records of one file that wait for the other, at most (default 1024 MiB): two "
     "runs in the same mode need almost none; different wave schedules need more", TF_MAX_BUFFER, 0, NULL},
    {"stats", 0, NULL, "end with the records read and the most that waited", TF_STATS, 0, NULL},
    {0},
};
static const opt_table_t diff_table = {"options", diff_rows};
static const opt_table_t *const diff_tables[] = {&diff_table, NULL};

static const opt_cmd_t trace_diff_cmd = {
    .name = "trace diff",
    .summary = "compare two traces wave by wave and report the first divergence",
    .usage = "gcnsim trace diff A B [--dispatch N] [--timing] [--all] [--context N]\n"
             "                        [--max-buffer MIB] [--stats]",
    .description = "Compare two traces (gcnsim run --trace, gcnsim bench --trace) wave by\n"
                   "wave: the records of each wave (launch, work-group and index in the\n"
                   "group) in A against those of the same wave in B, in order; waves may\n"
                   "interleave differently in the two files.\n"
                   "Compared: pc, encoding, EXEC and everything written (SGPRs, VCC, EXEC,\n"
                   "M0, SCC, VGPR lanes, memory and LDS dwords, hardware registers).  Values\n"
                   "flagged non-deterministic are not compared.\n"
                   "\n"
                   "The report names the first divergence (the earliest in A among the\n"
                   "waves' first differences): the record numbers in A and B, the wave, the\n"
                   "pc and disassembly, what differs with the expected (A) and actual (B)\n"
                   "values (register and lanes, memory address, pc, encoding, EXEC, a\n"
                   "memory dword only one record lists or listed more often or in another\n"
                   "order, or a record only one file has), the record that last wrote that\n"
                   "register or address before (global memory: in any earlier launch), the\n"
                   "wave's previous records, and the gcnsim debug command and breakpoint\n"
                   "that stop before that instruction (for a bench trace, first the gcnsim\n"
                   "bench --save-launch command that saves that launch).  Differences\n"
                   "between the headers (target, code object, kernel, options) are\n"
                   "reported first; the records are compared anyway.\n"
                   "\n"
                   "Traces of a program's dispatches (gcnsim exec --trace), e.g. of two runs\n"
                   "on two presets or with a changed kernel, are compared dispatch by\n"
                   "dispatch in order: the report starts with the first dispatch that\n"
                   "differs (\"dispatch N (KERNEL) differs (the N before it agree):\"), then\n"
                   "its first divergence as above; a file with more dispatches than the\n"
                   "other differs after the last common one.  --dispatch N compares that\n"
                   "dispatch only.",
    .tables = diff_tables,
    .trailer = "Both files are read once, as streams, and reading stops when no earlier\n"
               "divergence can appear; the context comes from a second read of A up to\n"
               "the divergence.\n"
               "\n"
               "Exit status (as diff): 0 the traces agree, 1 they differ, 2 bad usage or\n"
               "an unreadable, truncated or corrupt file.",
    .fn = trace_cmd_diff,
};

typedef struct {
    trace_diff_opts_t *o;
    const char *path[2];
    unsigned np;
} diff_ctx_t;

/* opt_take_fn: one option or operand of trace diff. */
static int diff_take(void *arg, const opt_t *r, const char *s, const char *v2)
{
    diff_ctx_t *d = arg;
    uint64_t v;
    (void)v2;
    if (!r) {
        if (d->np == 2) {
            cli_error("trace diff: more than two traces given ('%s')", s);
            return -1;
        }
        d->path[d->np++] = s;
    } else if (r->id == TF_TIMING)
        d->o->timing = 1;
    else if (r->id == TF_ALL)
        d->o->all = 1;
    else if (r->id == TF_STATS)
        d->o->stats = 1;
    else if (r->id == TF_DISPATCH) {
        if (parse_num(s, &v) || v > UINT32_MAX) {
            cli_error("trace diff: --dispatch '%s': expected a dispatch number", s);
            return -1;
        }
        d->o->has_dispatch = 1;
        d->o->dispatch = v;
    }
    else if (r->id == TF_CONTEXT) {
        if (parse_num(s, &v) || v > 16) {
            cli_error("trace diff: --context '%s': expected a number from 0 to 16", s);
            return -1;
        }
        d->o->context = (unsigned)v;
    } else {
        if (parse_num(s, &v) || !v || v > ((uint64_t)1 << 40)) {
            cli_error("trace diff: --max-buffer '%s': expected a positive number of MiB", s);
            return -1;
        }
        d->o->max_buffer = v << 20;
    }
    return 0;
}

static int diff_args(int argc, char **argv, trace_diff_opts_t *o, const char *path[2])
{
    diff_ctx_t d = {o, {NULL, NULL}, 0};
    o->context = 3;
    int rc = opt_parse(&trace_diff_cmd, argc, argv, diff_take, &d);
    if (rc)
        return rc;
    if (d.np < 2) {
        cli_error("trace diff: two traces are needed: gcnsim trace diff A B (see --help)");
        return -1;
    }
    path[0] = d.path[0];
    path[1] = d.path[1];
    return 0;
}

/* The kernel of dispatch i of the file at path into buf ("?" if unreadable). */
static const char *dispatch_kernel(const char *path, uint64_t i, char *buf, size_t n)
{
    char err[1024];
    trace_reader_t *tr = trace_open_dispatch(path, (long)i, err, sizeof err);
    snprintf(buf, n, "%s", tr ? trace_header(tr)->kernel : "?");
    trace_close(tr);
    return buf;
}

/* Dispatch i of both files compared into *text (malloc'ed): as
 * trace_diff_files returns. */
static int diff_one(const char *path[2], trace_diff_opts_t *o, uint64_t i, char **text, char *err, size_t errlen)
{
    size_t len = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &len);
    if (!mem) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    o->has_dispatch = 1;
    o->dispatch = i;
    int rc = trace_diff_files(path[0], path[1], o, mem, err, errlen);
    fclose(mem);
    return rc;
}

/* The notes before "traces agree" of dispatch i (header differences), each
 * line prefixed with the dispatch, unless they are those shown last. */
static void print_notes(uint64_t i, char *text, char **shown)
{
    char *end = strstr(text, "traces agree:");
    if (end)
        *end = 0;
    if (!*text || (*shown && !strcmp(*shown, text)))
        return;
    for (char *line = text, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl)
            nl = line + strlen(line) - 1;
        printf("dispatch %" PRIu64 ": %.*s\n", i, (int)(nl - line), line);
    }
    free(*shown);
    *shown = strdup(text);
}

/* Two traces of dispatches (n[0] and n[1] of them) compared dispatch by
 * dispatch up to the first that differs: 0 all agree, 1 one differs, -1
 * with err set. */
static int diff_dispatches(const char *path[2], const uint64_t n[2], trace_diff_opts_t *o, char *err,
                           size_t errlen)
{
    uint64_t common = n[0] < n[1] ? n[0] : n[1];
    char kernel[2][160], *shown = NULL;
    int rc = 0;
    for (uint64_t i = 0; i < common && !rc; i++) {
        char *text;
        rc = diff_one(path, o, i, &text, err, errlen);
        if (rc == 0 && text)
            print_notes(i, text, &shown);
        if (rc == 1) {
            dispatch_kernel(path[0], i, kernel[0], sizeof kernel[0]);
            dispatch_kernel(path[1], i, kernel[1], sizeof kernel[1]);
            if (strcmp(kernel[0], kernel[1]))
                printf("dispatch %" PRIu64 " (%s in A, %s in B) differs", i, kernel[0], kernel[1]);
            else
                printf("dispatch %" PRIu64 " (%s) differs", i, kernel[0]);
            printf(" (the %" PRIu64 " before it agree):\n%s", i, text);
        }
        free(text);
    }
    free(shown);
    if (rc)
        return rc;
    if (n[0] != n[1]) {
        printf("A has %" PRIu64 " dispatches, B %" PRIu64 ": the first %" PRIu64 " agree; dispatch %" PRIu64
               " is only in %s\n", n[0], n[1], common, common, n[0] > n[1] ? "A" : "B");
        return 1;
    }
    printf("traces agree: %" PRIu64 " dispatches\n", common);
    return 0;
}

static int trace_cmd_diff(int argc, char **argv)
{
    trace_diff_opts_t o;
    const char *path[2] = {NULL, NULL};
    memset(&o, 0, sizeof o);
    o.is_workload = is_workload;
    int pr = diff_args(argc, argv, &o, path);
    if (pr)
        return pr > 0 ? EXIT_OK : EXIT_USAGE;
    char err[1024];
    uint64_t n[2] = {1, 1};
    int joined = 0;
    for (int s = 0; s < 2 && !o.has_dispatch; s++) {
        int k = trace_dispatches(path[s], &n[s], err, sizeof err);
        if (k < 0) {
            cli_error("trace diff: %s", err);
            return EXIT_USAGE;
        }
        joined |= k;
    }
    int rc = joined && (n[0] != 1 || n[1] != 1) ? diff_dispatches(path, n, &o, err, sizeof err)
                                               : trace_diff_files(path[0], path[1], &o, stdout, err, sizeof err);
    if (rc < 0) {
        cli_error("trace diff: %s", err);
        return EXIT_USAGE;
    }
    return rc ? EXIT_DIFF : EXIT_OK;
}
