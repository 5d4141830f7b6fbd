/* cmd_exec.c — `gcnsim exec`: run an OpenCL program unchanged on the
 * simulator's OpenCL driver (front/ocl, found beside gcnsim) and, when it
 * exits, print a per-kernel summary in the spirit of rocprof --stats.  The
 * driver appends one line per dispatch to a private log (GCNSIM_EXEC_LOG,
 * front/ocl/ocl_record.c): a summary that this file aggregates, and the
 * dispatch's report as JSON, which --json copies as it is; and a line per
 * other command of a queue.  --trace and --timeline join the dispatches'
 * own files, kept beside the log, into one file each (trace_join,
 * tl_merge). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "front/cli.h"
#include "front/exec_kmt.h"
#include "front/exec_ns.h"
#include "front/load/demangle.h"
#include "front/report/json.h"
#include "front/report/report.h"
#include "front/report/rocprof_csv.h"
#include "front/report/timeline.h"
#include "front/run_opts.h"
#include "front/trace/trace.h"
#include "sim/device.h"
#include "sim/timing.h"

enum { EO_DEVICE = 1, EO_SET, EO_FUNCTIONAL, EO_JSON, EO_TRACE, EO_TIMELINE, EO_SAVE, EO_TIMELINE_MAX,
       EO_TIMELINE_CUS, EO_CSV, EO_STATS, EO_THREADS };
enum { EXEC_MAX_LIST = 64, EXEC_NOT_FOUND = 127, EXEC_CANNOT_RUN = 126 };

static const opt_t exec_rows[] = {
    {"device", 0, "NAME", "the device preset the program sees (GCNSIM_DEVICE; repeatable, or a comma list: "
     "one OpenCL device per preset, in order); by default GCNSIM_DEVICE's, else vega-64", EO_DEVICE,
     OPT_REPEAT | OPT_LIST, run_preset_name},
    {"set", 0, "KEY=VALUE", "override a parameter of the cycle model on every device, as gcnsim run --set "
     "does (GCNSIM_SET; repeatable)", EO_SET, OPT_REPEAT | OPT_KEYS, run_set_key},
    {"functional", 0, NULL, "run the kernels without the cycle model (GCNSIM_FUNCTIONAL=1): much faster; the "
     "summary then has calls and wave-instructions only, no times", EO_FUNCTIONAL, 0, NULL},
    {"threads", 0, "N", RUN_THREADS_HELP " (passed to the program's runtime as GCNSIM_THREADS)", EO_THREADS, 0,
     NULL},
    {"json", 0, "PATH", "write {\"program\", \"arguments\", \"exit_status\", \"mode\", \"dispatches\", "
     "\"kernels\"} to PATH (- for stdout): every dispatch's report (its queue, numbered as the program created "
     "them, and start on the queue's clock; the members gcnsim run --json writes, with its simulated ns, "
     "wave-instructions and status) in the order they ran, and the summary's rows",
     EO_JSON, OPT_PATH, NULL},
    {"trace", 0, "PATH", "record every dispatch's trace (as gcnsim run --trace) into one file: the dispatches "
     "in the order they ran, numbered as --json's, each its own trace (a dispatch's code object may differ from "
     "the previous one's).  gcnsim trace dump --dispatch N reads one; gcnsim trace diff compares two such files "
     "dispatch by dispatch and names the first dispatch and instruction that differ", EO_TRACE, OPT_PATH, NULL},
    {"timeline", 0, "PATH", "write one Chrome trace-event timeline of the whole program (for Perfetto) on the "
     "simulated clocks of its queues: per command queue a process \"DEVICE queue Q\" whose thread \"commands\" "
     "holds its kernels and buffer transfers at their profiled times, and processes \"DEVICE queue Q CU C\" "
     "with each dispatch's wave and instruction slices (as gcnsim run --timeline) from its start; instruction "
     "slices capped at 200000 for the whole program (--timeline-max), and counter tracks of each dispatch's "
     "occupancy, VALUBusy and DRAM bandwidth over time in its queue's process (not with --functional)",
     EO_TIMELINE, OPT_PATH, NULL},
    {"timeline-max", 0, "N", "with --timeline: the cap on the program's instruction slices (default 200000; 0: "
     "none)", EO_TIMELINE_MAX, 0, NULL},
    {"timeline-cus", 0, "LIST", "with --timeline: only the tracks of these CUs, numbers and ranges such as 0,3-5 "
     "(on every device)", EO_TIMELINE_CUS, 0, NULL},
    {"save-dispatch", 0, "KERNEL[:N] DIR", "(two values) save dispatch N (from 0; default 0) of the kernel named "
     "KERNEL (its symbol or its C++ name) into DIR before it runs: its code object, the buffers its arguments "
     "point to and DIR/debug.args, the arguments with which gcnsim run or gcnsim debug repeat it (gcnsim debug "
     "--dispatch does this for you)", EO_SAVE, OPT_TWO | OPT_DIR, NULL},
    {"csv", 0, "PATH", "write rocprof's results.csv to PATH: a row per dispatch in the order they ran (Index "
     "from 0, KernelName, gpu-id: the device's index in its context, queue-id: the queue's number, "
     "queue-index: the dispatch's number on its queue, pid, tid, grd, wgr, lds, scr, arch_vgpr, accum_vgpr, "
     "sgpr, wave_size, sig, obj, the rocprof-named metrics, DispatchNs, BeginNs, EndNs, CompleteNs, "
     "DurationNs on the queue's simulated clock), as gcnsim run --csv writes one; not with --functional",
     EO_CSV, OPT_PATH, NULL},
    {"stats", 0, NULL, "with --csv PATH: also write rocprof's results.stats.csv (PATH with .csv replaced by "
     ".stats.csv): per kernel Name, Calls, TotalDurationNs, AverageNs, Percentage, by total time", EO_STATS, 0,
     NULL},
    {0},
};
static const opt_table_t exec_table = {"options", exec_rows};
static const opt_table_t *const exec_tables[] = {&exec_table, NULL};

const opt_cmd_t cli_exec_cmd = {
    .name = "exec",
    .summary = "run an OpenCL or HIP program on the simulator and summarise its kernels",
    .usage = "gcnsim exec [--device NAME]... [--set KEY=VALUE]... [--functional]\n"
             "                   [--threads N] [--json PATH] [--trace PATH] [--timeline PATH\n"
             "                   [--timeline-max N] [--timeline-cus LIST]]\n"
             "                   [--save-dispatch KERNEL[:N] DIR] [--csv PATH [--stats]]\n"
             "                   [--] PROGRAM [ARGS]",
    .description = "Run PROGRAM with ARGS, an ordinary OpenCL host program, with gcnsim's\n"
                   "OpenCL driver as its only platform (OCL_ICD_VENDORS names the driver:\n"
                   "build/libgcnsim-opencl.so beside gcnsim in the source tree, else\n"
                   "../lib/libgcnsim-opencl.so from gcnsim's directory as make install puts\n"
                   "it; GCNSIM_OPENCL_DRIVER=PATH overrides both).  Every kernel the program\n"
                   "enqueues runs on the simulator, under the cycle model unless --functional.\n"
                   "\n"
                   "A HIP program (hipcc-built, for the preset's gfx803 or gfx900 target) runs\n"
                   "under Debian's own HIP and HSA runtimes with gcnsim's libhsakmt.so.1\n"
                   "(build/kmt beside gcnsim, else ../lib/gcnsim; GCNSIM_KMT_DIR=DIR overrides)\n"
                   "first on LD_LIBRARY_PATH: one simulated GPU, whose queues' packets run on\n"
                   "the simulator (the runtime's own copy kernels included).\n"
                   "\n"
                   "When the program exits, a table goes to stderr (the program's stdout stays\n"
                   "its own): per kernel (demangled, and with its device when there are\n"
                   "several), the calls, the total and mean simulated time (cycles and launch\n"
                   "overhead at the device's clock, what the events' profiling times say),\n"
                   "its share of all kernel time, VALUBusy weighted by time, the mean achieved\n"
                   "occupancy (waves per SIMD) and the stall reason with the most wave-cycles\n"
                   "over all its calls; sorted by total time, then name.  With --functional\n"
                   "the table has calls and wave-instructions only.  A program that\n"
                   "dispatches no kernel gets the line \"no kernels were dispatched\".\n"
                   "\n"
                   "Options of gcnsim exec come before PROGRAM; the first operand is the\n"
                   "program and everything after it is its own (or put -- before PROGRAM).",
    .tables = exec_tables,
    .trailer = "Exit status: the program's (128 + the signal's number when a signal\n"
               "killed it); 2 bad usage or no OpenCL driver found, or the program exited\n"
               "0 and --json, --trace, --timeline or --csv could not be written; as a shell\n"
               "does, 127 when PROGRAM is not found and 126 when it cannot be run.\n"
               "SIGINT and SIGQUIT go to the program; gcnsim exec waits for it and then\n"
               "prints the summary of what ran.",
    .fn = cmd_exec,
};

typedef struct {
    const char *devices[EXEC_MAX_LIST], *sets[EXEC_MAX_LIST], *json, *trace, *timeline, *csv;
    const char *timeline_max, *timeline_cus;   /* --timeline-max N, --timeline-cus LIST (checked) */
    int stats;                    /* --stats (with --csv) */
    char save_kernel[512];        /* --save-dispatch KERNEL[:N] DIR ("" if not given) */
    int quiet_save;               /* called by debug --dispatch: no hint where it went */
    unsigned long save_index;
    const char *save_dir;
    size_t ndev, nset;
    int functional;
    char **prog;                  /* PROGRAM and its arguments, NULL-terminated */
} exec_opts_t;

/* One dispatch of the log. */
typedef struct {
    char *kernel, *device, *json, *files[2];   /* files: its trace and timeline in the log's directory, or NULL */
    char *csv;                    /* its results.csv fields after Index ("-": none, functional) */
    unsigned queue;               /* the queue's number in the program */
    uint64_t start_ns;            /* on the queue's clock */
    uint64_t ns, insts, wave_cycles;
    int timed;
    double valu_busy, occupancy;
    uint64_t stall[TM_NSTALL];
} exec_rec_t;

/* A command of the log that is no dispatch (a buffer transfer, a map...). */
typedef struct {
    unsigned queue;
    char *device, *name;
    uint64_t start_ns, end_ns;
    size_t before;                /* dispatches of the log before it */
} exec_cmd_t;

/* The log: its dispatches and its other commands. */
typedef struct {
    exec_rec_t *recs;
    exec_cmd_t *cmds;
    size_t n, ncmd;
} exec_log_t;

/* One row of the summary: a kernel on a device. */
typedef struct {
    const char *kernel, *device;
    char name[512];               /* demangled */
    uint64_t calls, ns, insts, wave_cycles, stall[TM_NSTALL];
    double busy_ns, occupancy;    /* sum of VALUBusy x ns, sum of occupancy */
} exec_row_t;

/* --save-dispatch KERNEL[:N] DIR into o; 0, or -1 after reporting. */
static int take_save(exec_opts_t *o, const char *what, const char *dir)
{
    const char *colon = strrchr(what, ':');
    char *end = NULL;
    int has_n = colon && colon[1] && colon[-1] != ':';   /* ns::k names a scope, k:3 a dispatch */
    unsigned long n = has_n ? strtoul(colon + 1, &end, 10) : 0;
    size_t len = has_n ? (size_t)(colon - what) : strlen(what);
    if (!dir || !len || len >= sizeof o->save_kernel || (has_n && (*end || colon[1] == '-'))) {
        cli_error("exec: --save-dispatch '%s'%s%s: expected KERNEL[:N] DIR (N: the kernel's dispatch number, "
                  "from 0)", what, dir ? " " : "", dir ? dir : "");
        return -1;
    }
    memcpy(o->save_kernel, what, len);
    o->save_kernel[len] = 0;
    o->save_index = n;
    o->save_dir = dir;
    return 0;
}

/* opt_take_fn: one option of exec (the operands come after them). */
/* Whether every preset of the comma list v exists: 0, or -1 after one
 * line naming the first that does not (HIP programs learn of it no other
 * way than a failed device query). */
static int check_presets(const char *v)
{
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
        if (!dev_preset(name)) {
            cli_error("exec: --device or GCNSIM_DEVICE: unknown device preset '%s' (see gcnsim devices)", name);
            return -1;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

/* --timeline-max N (a count) and --timeline-cus LIST (its syntax; the
 * CUs are checked against each device as its dispatches run). */
static int take_timeline(exec_opts_t *o, int id, const char *v)
{
    char err[256];
    if (id == EO_TIMELINE_CUS) {
        if (tl_parse_cus(v, UINT32_MAX, NULL, err, sizeof err)) {
            cli_error("exec: --timeline-cus %s", err);
            return -1;
        }
        o->timeline_cus = v;
        return 0;
    }
    size_t i = 0;
    while (v[i] >= '0' && v[i] <= '9')
        i++;
    if (!i || v[i] || i > 19) {
        cli_error("exec: --timeline-max '%s': expected a number of instruction slices (0 = no cap)", v);
        return -1;
    }
    o->timeline_max = v;
    return 0;
}

static int exec_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    exec_opts_t *o = arg;
    (void)v2;
    if (!r) {
        cli_error("exec: unexpected argument '%s'", v);
        return -1;
    }
    if (r->id == EO_SAVE)
        return take_save(o, v, v2);
    if (r->id == EO_THREADS)
        return run_take_threads("exec", v);
    if (r->id == EO_FUNCTIONAL)
        o->functional = 1;
    else if (r->id == EO_CSV)
        o->csv = v;
    else if (r->id == EO_STATS)
        o->stats = 1;
    else if (r->id == EO_JSON)
        o->json = v;
    else if (r->id == EO_TRACE)
        o->trace = v;
    else if (r->id == EO_TIMELINE)
        o->timeline = v;
    else if (r->id == EO_TIMELINE_MAX || r->id == EO_TIMELINE_CUS)
        return take_timeline(o, r->id, v);
    else if ((r->id == EO_DEVICE ? o->ndev : o->nset) == EXEC_MAX_LIST) {
        cli_error("exec: more than %d --%s", EXEC_MAX_LIST, r->name);
        return -1;
    } else if (r->id == EO_DEVICE) {
        if (check_presets(v))
            return -1;
        o->devices[o->ndev++] = v;
    } else
        o->sets[o->nset++] = v;
    return 0;
}

/* Index of PROGRAM in argv: the first operand, or what follows "--";
 * *dashes tells whether "--" ends exec's options there.  argc when none. */
static int program_index(int argc, char **argv, int *dashes)
{
    *dashes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            *dashes = 1;
            return i + 1;
        }
        if (a[0] != '-' || !a[1])
            return i;
        if (a[1] != '-')
            continue;
        const opt_t *o = opt_find(&cli_exec_cmd, a + 2);
        if (!strchr(a, '=') && o && o->arg)
            i++;   /* its value */
        if (o && (o->flags & OPT_TWO))
            i++;   /* and its second one */
    }
    return argc;
}

/* The driver's path into buf: GCNSIM_OPENCL_DRIVER, or beside gcnsim.
 * 0, or -1 after saying where it looked. */
static int find_driver(char *buf, size_t n)
{
    const char *env = getenv("GCNSIM_OPENCL_DRIVER");
    if (env && env[0]) {
        snprintf(buf, n, "%s", env);
        if (access(buf, R_OK) == 0)
            return 0;
        cli_error("exec: no OpenCL driver at %s (GCNSIM_OPENCL_DRIVER)", env);
        return -1;
    }
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = 0;
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = 0;
    snprintf(buf, n, "%s/build/libgcnsim-opencl.so", exe);
    if (access(buf, R_OK) == 0)
        return 0;
    snprintf(buf, n, "%s/../lib/libgcnsim-opencl.so", exe);
    if (access(buf, R_OK) == 0)
        return 0;
    cli_error("exec: no OpenCL driver (looked for %s/build/libgcnsim-opencl.so and %s/../lib/"
              "libgcnsim-opencl.so; set GCNSIM_OPENCL_DRIVER=PATH)", exe, exe);
    return -1;
}

/* list joined with commas into a malloc'ed string ("" when n is 0). */
static char *join(const char *const *list, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(list[i]) + 1;
    char *s = calloc(1, len);
    for (size_t i = 0; s && i < n; i++) {
        if (i)
            strcat(s, ",");
        strcat(s, list[i]);
    }
    return s;
}

/* The environment of the program: the driver, the devices, the log. */
static int set_env(const exec_opts_t *o, const char *driver, const char *log)
{
    int bad = setenv("OCL_ICD_VENDORS", driver, 1) || setenv("GCNSIM_EXEC_LOG", log, 1) || exec_kmt_path();
    char *dev = join(o->devices, o->ndev), *set = join(o->sets, o->nset);
    if (!dev || !set)
        bad = 1;
    if (!bad && o->ndev)
        bad = setenv("GCNSIM_DEVICE", dev, 1);
    if (!bad && o->nset)
        bad = setenv("GCNSIM_SET", set, 1);
    if (!bad && o->functional)
        bad = setenv("GCNSIM_FUNCTIONAL", "1", 1);
    if (!bad)
        bad = o->trace ? setenv("GCNSIM_EXEC_TRACE", "1", 1) : unsetenv("GCNSIM_EXEC_TRACE");
    if (!bad)
        bad = o->timeline ? setenv("GCNSIM_EXEC_TIMELINE", "1", 1) : unsetenv("GCNSIM_EXEC_TIMELINE");
    if (!bad)
        bad = o->timeline_max ? setenv("GCNSIM_EXEC_TIMELINE_MAX", o->timeline_max, 1)
                              : unsetenv("GCNSIM_EXEC_TIMELINE_MAX");
    if (!bad)
        bad = o->timeline_cus ? setenv("GCNSIM_EXEC_TIMELINE_CUS", o->timeline_cus, 1)
                              : unsetenv("GCNSIM_EXEC_TIMELINE_CUS");
    if (!bad && o->save_dir) {
        char idx[32];
        snprintf(idx, sizeof idx, "%lu", o->save_index);
        bad = setenv("GCNSIM_SAVE_KERNEL", o->save_kernel, 1) || setenv("GCNSIM_SAVE_INDEX", idx, 1) ||
              setenv("GCNSIM_SAVE_DIR", o->save_dir, 1);
    }
    free(dev);
    free(set);
    return bad ? -1 : 0;
}

/* In the child: run the program (what rocminfo checks made in a mount
 * namespace of its own, ns the mount point: exec_ns.h); on failure send
 * errno through fd. */
static void child(char **prog, int fd, const char *ns)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    /* the same addresses on every run: a HIP program's buffers are host
     * memory at its own addresses, and the cycle model's caches and DRAM
     * channels see them (best effort: without it, runs may differ in time) */
    int pers = personality(0xffffffff);
    if (pers != -1)
        personality((unsigned long)pers | ADDR_NO_RANDOMIZE);
    exec_ns_kfd(ns);
    execvp(prog[0], prog);
    int e = errno;
    if (write(fd, &e, sizeof e) < 0)
        _exit(EXEC_CANNOT_RUN);
    _exit(e == ENOENT ? EXEC_NOT_FOUND : EXEC_CANNOT_RUN);
}

/* Run the program and wait for it: its exit status (128 + signal), or
 * 126/127 after one line saying why it could not be run (*ran then 0). */
static int run_program(char **prog, const char *ns, int *ran)
{
    *ran = 0;
    int pfd[2];
    if (pipe2(pfd, O_CLOEXEC)) {
        cli_error("exec: pipe: %s", strerror(errno));
        return EXIT_USAGE;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        cli_error("exec: fork: %s", strerror(errno));
        return EXIT_USAGE;
    }
    if (pid == 0)
        child(prog, pfd[1], ns);
    close(pfd[1]);
    void (*old_int)(int) = signal(SIGINT, SIG_IGN), (*old_quit)(int) = signal(SIGQUIT, SIG_IGN);
    int e = 0, st = 0;
    ssize_t got = read(pfd[0], &e, sizeof e);
    close(pfd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    signal(SIGINT, old_int);
    signal(SIGQUIT, old_quit);
    *ran = got != (ssize_t)sizeof e;
    if (!*ran) {
        cli_error("exec: cannot run %s: %s", prog[0], strerror(e));
        return e == ENOENT ? EXEC_NOT_FOUND : EXEC_CANNOT_RUN;
    }
    return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

/* "name=N,name=N,..." into stall[] (by tm_stall_name). */
static void parse_stalls(char *s, uint64_t stall[TM_NSTALL])
{
    for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq = 0;
        for (unsigned i = 0; i < TM_NSTALL; i++)
            if (!strcmp(tok, tm_stall_name((tm_stall_t)i)))
                stall[i] = strtoull(eq + 1, NULL, 10);
    }
}

/* One line of the log into r (its strings malloc'ed); 0, or -1 when it
 * is no record. */
static int parse_record(char *line, exec_rec_t *r)
{
    enum { NF = 16 };
    char *f[NF];
    size_t n = 0;
    for (char *p = line; n < NF; n++) {
        f[n] = p;
        char *tab = n < NF - 1 ? strchr(p, '\t') : NULL;
        if (n < NF - 1 && !tab)
            return -1;
        if (tab)
            *tab = 0;
        p = tab ? tab + 1 : p;
    }
    if (strcmp(f[0], "D"))
        return -1;
    memset(r, 0, sizeof *r);
    r->queue = (unsigned)strtoul(f[1], NULL, 10);
    r->start_ns = strtoull(f[2], NULL, 10);
    char **g = f + 2;   /* the fields after queue and start */
    r->kernel = strdup(g[1]);
    r->device = strdup(g[2]);
    r->ns = strtoull(g[3], NULL, 10);
    r->insts = strtoull(g[4], NULL, 10);
    r->timed = atoi(g[5]);
    r->valu_busy = strtod(g[6], NULL);
    r->occupancy = strtod(g[7], NULL);
    r->wave_cycles = strtoull(g[8], NULL, 10);
    parse_stalls(g[9], r->stall);
    for (int i = 0; i < 2; i++)
        r->files[i] = strcmp(g[10 + i], "-") && !strchr(g[10 + i], '/') ? strdup(g[10 + i]) : NULL;
    r->csv = strdup(g[12]);
    g[13][strcspn(g[13], "\n")] = 0;
    r->json = strdup(g[13]);
    return r->kernel && r->device && r->json && r->csv ? 0 : -1;
}

/* A "C" line of the log into c (its strings malloc'ed); 0, or -1 when it
 * is none. */
static int parse_command(char *line, exec_cmd_t *c)
{
    char *f[6], *save = NULL;
    size_t n = 0;
    line[strcspn(line, "\n")] = 0;
    for (char *tok = strtok_r(line, "\t", &save); tok && n < 6; tok = strtok_r(NULL, "\t", &save))
        f[n++] = tok;
    if (n != 6 || strcmp(f[0], "C"))
        return -1;
    memset(c, 0, sizeof *c);
    c->queue = (unsigned)strtoul(f[1], NULL, 10);
    c->device = strdup(f[2]);
    c->name = strdup(f[3]);
    c->start_ns = strtoull(f[4], NULL, 10);
    c->end_ns = strtoull(f[5], NULL, 10);
    return c->device && c->name ? 0 : -1;
}

/* Room for one more element of size sz in *arr (n used of *cap); 0 or -1. */
static int grow(void **arr, size_t n, size_t *cap, size_t sz)
{
    if (n < *cap)
        return 0;
    void *g = realloc(*arr, (*cap = *cap ? 2 * *cap : 16) * sz);
    if (!g)
        return -1;
    *arr = g;
    return 0;
}

/* The log at path into lg (arrays malloc'ed). */
static void read_log(const char *path, exec_log_t *lg)
{
    memset(lg, 0, sizeof *lg);
    FILE *fp = fopen(path, "r");
    if (!fp)
        return;
    size_t cap = 0, ccap = 0, len = 0;
    char *line = NULL;
    while (getline(&line, &len, fp) > 0) {
        if (line[0] == 'C') {
            if (grow((void **)&lg->cmds, lg->ncmd, &ccap, sizeof *lg->cmds))
                break;
            if (parse_command(line, &lg->cmds[lg->ncmd]) == 0)
                lg->cmds[lg->ncmd++].before = lg->n;
            continue;
        }
        if (grow((void **)&lg->recs, lg->n, &cap, sizeof *lg->recs))
            break;
        if (parse_record(line, &lg->recs[lg->n]) == 0)
            lg->n++;
    }
    free(line);
    fclose(fp);
}

/* The row of (kernel, device) among rows[0..*n), added when new. */
static exec_row_t *row_of(exec_row_t *rows, size_t *n, const exec_rec_t *r)
{
    for (size_t i = 0; i < *n; i++)
        if (!strcmp(rows[i].kernel, r->kernel) && !strcmp(rows[i].device, r->device))
            return &rows[i];
    exec_row_t *w = &rows[(*n)++];
    memset(w, 0, sizeof *w);
    w->kernel = r->kernel;
    w->device = r->device;
    if (dm_demangle(r->kernel, w->name, sizeof w->name))
        snprintf(w->name, sizeof w->name, "%s", r->kernel);
    return w;
}

/* Order of the summary: total time (wave-instructions when functional),
 * then name, then device. */
static int row_cmp(const void *a, const void *b)
{
    const exec_row_t *x = a, *y = b;
    uint64_t kx = x->ns ? x->ns : x->insts, ky = y->ns ? y->ns : y->insts;
    if (kx != ky)
        return kx > ky ? -1 : 1;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->device, y->device);
}

/* The summary's rows (malloc'ed, sorted); their count into *nrows. */
static exec_row_t *summarise(const exec_rec_t *recs, size_t n, int timed, size_t *nrows)
{
    exec_row_t *rows = calloc(n ? n : 1, sizeof *rows);
    *nrows = 0;
    for (size_t i = 0; rows && i < n; i++) {
        const exec_rec_t *r = &recs[i];
        exec_row_t *w = row_of(rows, nrows, r);
        w->calls++;
        w->ns += timed ? r->ns : 0;
        w->insts += r->insts;
        w->busy_ns += r->valu_busy * (double)r->ns;
        w->occupancy += r->occupancy;
        w->wave_cycles += r->wave_cycles;
        for (unsigned s = 0; s < TM_NSTALL; s++)
            w->stall[s] += r->stall[s];
    }
    if (rows)
        qsort(rows, *nrows, sizeof *rows, row_cmp);
    return rows;
}

/* Index of the stall reason with the most wave-cycles, or -1 when none. */
static int top_stall(const exec_row_t *w)
{
    int best = -1;
    for (unsigned s = 0; s < TM_NSTALL; s++)
        if (w->stall[s] && w->wave_cycles && (best < 0 || w->stall[s] > w->stall[best]))
            best = (int)s;
    return best;
}

/* The name column of row w: demangled, with the device when several. */
static const char *row_label(const exec_row_t *w, int several, char *buf, size_t n)
{
    if (several)
        snprintf(buf, n, "%s (%s)", w->name, w->device);
    else
        snprintf(buf, n, "%s", w->name);
    return buf;
}

static double mean_busy(const exec_row_t *w)
{
    return w->ns ? w->busy_ns / (double)w->ns : 0.0;
}

/* Whether the rows name more than one device. */
static int several_devices(const exec_row_t *rows, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (strcmp(rows[i].device, rows[0].device))
            return 1;
    return 0;
}

/* The table of a timing run on fp. */
static void print_timed(FILE *fp, const exec_row_t *rows, size_t n, uint64_t total_ns, size_t ndisp)
{
    int several = several_devices(rows, n);
    fprintf(fp, "gcnsim exec: %zu kernel dispatch%s, %.3f us of simulated kernel time%s%s\n", ndisp,
            ndisp == 1 ? "" : "es", (double)total_ns / 1000.0, several ? "" : " on ", several ? "" : rows[0].device);
    fprintf(fp, "%-32s %6s %12s %11s %6s %8s %6s  %s\n", "kernel", "calls", "total us", "mean us", "%",
            "VALUBusy", "occup.", "top stall (% of wave-cycles)");
    for (size_t i = 0; i < n; i++) {
        const exec_row_t *w = &rows[i];
        char label[600];
        int s = top_stall(w);
        char stall[64] = "-";
        if (s >= 0)
            snprintf(stall, sizeof stall, "%s %.1f%%", tm_stall_name((tm_stall_t)s),
                     rep_pct(w->stall[s], w->wave_cycles));
        fprintf(fp, "%-32s %6llu %12.3f %11.3f %5.1f%% %7.2f%% %6.2f  %s\n", row_label(w, several, label, sizeof label),
                (unsigned long long)w->calls, (double)w->ns / 1000.0, (double)w->ns / 1000.0 / (double)w->calls,
                rep_pct(w->ns, total_ns), mean_busy(w),
                w->occupancy / (double)w->calls, stall);
    }
}

/* The table of a functional run on fp. */
static void print_functional(FILE *fp, const exec_row_t *rows, size_t n, size_t ndisp)
{
    int several = several_devices(rows, n);
    fprintf(fp, "gcnsim exec: %zu kernel dispatch%s, functional (no cycle model): calls and wave-instructions "
            "only\n", ndisp, ndisp == 1 ? "" : "es");
    fprintf(fp, "%-40s %6s %16s\n", "kernel", "calls", "wave-insts");
    for (size_t i = 0; i < n; i++) {
        char label[600];
        fprintf(fp, "%-40s %6llu %16llu\n", row_label(&rows[i], several, label, sizeof label),
                (unsigned long long)rows[i].calls, (unsigned long long)rows[i].insts);
    }
}

/* The summary's rows as a JSON array (the "kernels" member). */
static void json_rows(FILE *fp, const exec_row_t *rows, size_t n, uint64_t total_ns, int timed)
{
    json_t j;
    json_init(&j, fp);
    json_begin_arr(&j, NULL);
    for (size_t i = 0; i < n; i++) {
        const exec_row_t *w = &rows[i];
        json_begin_obj(&j, NULL);
        json_str(&j, "kernel", w->kernel);
        json_str(&j, "name", w->name);
        json_str(&j, "device", w->device);
        json_uint(&j, "calls", w->calls);
        json_uint(&j, "wave_instructions", w->insts);
        if (timed) {
            int s = top_stall(w);
            json_uint(&j, "total_ns", w->ns);
            json_double(&j, "mean_ns", (double)w->ns / (double)w->calls);
            json_double(&j, "pct", rep_round2(rep_pct(w->ns, total_ns)));
            json_double(&j, "valu_busy_pct", rep_round2(mean_busy(w)));
            json_double(&j, "achieved_waves_per_simd", rep_round2(w->occupancy / (double)w->calls));
            json_str(&j, "top_stall", s >= 0 ? tm_stall_name((tm_stall_t)s) : NULL);
        }
        json_end(&j);
    }
    json_end(&j);
    json_finish(&j);
}

/* --json: program, arguments, status, the dispatches as recorded, the rows. */
static int write_json(const char *path, char **prog, int status, int timed, const exec_rec_t *recs, size_t n,
                      const exec_row_t *rows, size_t nrows, uint64_t total_ns)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!fp) {
        cli_error("exec: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("{\n  \"program\": ", fp);
    json_write_string(fp, prog[0]);
    fputs(",\n  \"arguments\": [", fp);
    for (size_t i = 1; prog[i]; i++) {
        fputs(i > 1 ? ", " : "", fp);
        json_write_string(fp, prog[i]);
    }
    fprintf(fp, "],\n  \"exit_status\": %d,\n  \"mode\": \"%s\",\n  \"dispatches\": [", status,
            timed ? "timing" : "functional");
    for (size_t i = 0; i < n; i++)
        fprintf(fp, "%s\n    {\"dispatch\": %zu, \"queue\": %u, \"start_ns\": %llu, %s", i ? "," : "", i, recs[i].queue,
                (unsigned long long)recs[i].start_ns, recs[i].json + 1);
    fputs(n ? "\n  ],\n  \"kernels\": " : "],\n  \"kernels\": ", fp);
    json_rows(fp, rows, nrows, total_ns, timed);
    fputs("}\n", fp);
    int bad = ferror(fp);
    if (fp != stdout)
        bad |= fclose(fp) != 0;
    else
        bad |= fflush(fp) != 0;
    if (bad)
        cli_error("exec: cannot write %s", path);
    return bad ? -1 : 0;
}

/* --trace: the dispatches' traces joined into one file, numbered as
 * --json's dispatches.  0, or -1 after one line saying why not. */
static int write_trace(const char *path, const char *dir, const exec_log_t *lg)
{
    trace_part_t *p = calloc(lg->n ? lg->n : 1, sizeof *p);
    char err[4600] = "out of memory";
    size_t have = 0;
    int rc = p ? 0 : -1;
    for (size_t i = 0; !rc && i < lg->n; i++) {
        const exec_rec_t *r = &lg->recs[i];
        char *file = NULL;
        if (r->files[0] && asprintf(&file, "%s/%s", dir, r->files[0]) < 0)
            rc = -1;
        trace_part_t t = {r->files[0] && !rc ? file : NULL, r->kernel, r->device};
        p[i] = t;
        have += t.path != NULL;
    }
    if (!rc)
        rc = trace_join(path, p, lg->n, err, sizeof err);
    if (rc)
        cli_error("exec: --trace: %s", err);
    else
        fprintf(stderr, "gcnsim exec: --trace: %s (%zu dispatch%s%s)\n", path, lg->n, lg->n == 1 ? "" : "es",
                have < lg->n ? ", some without a trace" : "");
    for (size_t i = 0; p && i < lg->n; i++)
        free((char *)p[i].path);
    free(p);
    return rc;
}

/* Dispatch i of the log as a command of the timeline: its name and
 * detail path malloc'ed (NULL name when out of memory). */
static tl_command_t dispatch_command(const exec_log_t *lg, size_t i, const char *dir)
{
    const exec_rec_t *r = &lg->recs[i];
    char name[1024], *detail = NULL;
    if (dm_demangle(r->kernel, name, sizeof name))
        snprintf(name, sizeof name, "%s", r->kernel);
    if (r->files[1] && asprintf(&detail, "%s/%s", dir, r->files[1]) < 0)
        detail = NULL;
    tl_command_t c = {r->queue, r->device, strdup(name), r->start_ns, r->start_ns + r->ns, (long)i, r->insts, detail};
    if (r->files[1] && !detail) {
        free((char *)c.name);
        c.name = NULL;
    }
    return c;
}

/* The log's commands for the timeline, in its order, into c (room for all);
 * their count, or -1 when out of memory. */
static long timeline_commands(const exec_log_t *lg, const char *dir, tl_command_t *c)
{
    size_t k = 0, d = 0;
    for (size_t i = 0; i <= lg->ncmd; i++) {
        for (size_t end = i < lg->ncmd ? lg->cmds[i].before : lg->n; d < end; d++)
            if (!(c[k++] = dispatch_command(lg, d, dir)).name)
                return -1;
        if (i < lg->ncmd) {
            const exec_cmd_t *x = &lg->cmds[i];
            tl_command_t t = {x->queue, x->device, x->name, x->start_ns, x->end_ns, -1, 0, NULL};
            c[k++] = t;
        }
    }
    return (long)k;
}

/* --timeline: one timeline of the program's commands, in the log's order.
 * 0, or -1 after one line saying why not. */
static int write_timeline(const char *path, const char *dir, const exec_log_t *lg)
{
    size_t n = lg->n + lg->ncmd;
    tl_command_t *c = calloc(n ? n : 1, sizeof *c);
    long k = c ? timeline_commands(lg, dir, c) : -1;
    char err[4600] = "out of memory";
    int rc = k < 0 ? -1 : tl_merge(path, c, (size_t)k, err, sizeof err);
    if (rc)
        cli_error("exec: --timeline: %s", err);
    else
        fprintf(stderr, "gcnsim exec: --timeline: %s (%zu dispatch%s, %zu other command%s)\n", path, lg->n,
                lg->n == 1 ? "" : "es", lg->ncmd, lg->ncmd == 1 ? "" : "s");
    for (size_t i = 0; c && i < n; i++)
        if (c[i].dispatch >= 0) {
            free((char *)c[i].name);
            free((char *)c[i].detail);
        }
    free(c);
    return rc;
}

/* Free what read_log allocated. */
static void free_log(exec_log_t *lg)
{
    for (size_t i = 0; i < lg->n; i++) {
        free(lg->recs[i].kernel);
        free(lg->recs[i].device);
        free(lg->recs[i].json);
        free(lg->recs[i].csv);
        free(lg->recs[i].files[0]);
        free(lg->recs[i].files[1]);
    }
    for (size_t i = 0; i < lg->ncmd; i++) {
        free(lg->cmds[i].device);
        free(lg->cmds[i].name);
    }
    free(lg->recs);
    free(lg->cmds);
}

/* --csv PATH [--stats]: every dispatch's row, as the driver wrote it
 * (rocprof_csv.h).  0, or -1 after reporting. */
static int write_csv(const exec_opts_t *o, const exec_rec_t *recs, size_t n)
{
    const char **fields = calloc(n ? n : 1, sizeof *fields);
    size_t k = 0;
    char err[1024];
    if (!fields) {
        cli_error("exec: --csv: out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (strcmp(recs[i].csv, "-"))
            fields[k++] = recs[i].csv;
    int rc = rp_csv_write(o->csv, fields, k, o->stats, err, sizeof err);
    if (rc)
        cli_error("exec: --csv: %s", err);
    free(fields);
    return rc;
}

/* Read the log, print the summary and write --json; -1 when --json failed. */
static int report(const exec_opts_t *o, const char *dir, const char *log, int status)
{
    exec_log_t lg;
    read_log(log, &lg);
    exec_rec_t *recs = lg.recs;
    size_t n = lg.n, nrows = 0;
    int timed = !o->functional;
    exec_row_t *rows = summarise(recs, n, timed, &nrows);
    uint64_t total = 0;
    for (size_t i = 0; i < nrows; i++)
        total += rows[i].ns;
    if (o->quiet_save)   /* debug --dispatch: the debugger speaks next */
        ;
    else if (!n)
        fprintf(stderr, "gcnsim exec: no kernels were dispatched\n");
    else if (timed)
        print_timed(stderr, rows, nrows, total, n);
    else
        print_functional(stderr, rows, nrows, n);
    int rc = o->json ? write_json(o->json, o->prog, status, timed, recs, n, rows, nrows, total) : 0;
    if (o->trace && write_trace(o->trace, dir, &lg))
        rc = -1;
    if (o->csv && write_csv(o, recs, n))
        rc = -1;
    if (o->timeline && write_timeline(o->timeline, dir, &lg))
        rc = -1;
    free_log(&lg);
    free(rows);
    return rc;
}

/* Remove directory dir and the files in it. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[8400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && unlink(path))
            rmdir(path);   /* the program's mount point (exec_ns.h) */
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* A private directory for the log; its path into dir (0, or -1). */
static int make_log_dir(char *dir, size_t n)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, n, "%s/gcnsim-exec-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (mkdtemp(dir))
        return 0;
    cli_error("exec: cannot create a directory in %s: %s", tmp && tmp[0] ? tmp : "/tmp", strerror(errno));
    return -1;
}

/* Parse exec's options (before PROGRAM) into o; 0, 1 (help printed) or -1. */
static int parse(int argc, char **argv, exec_opts_t *o)
{
    int dashes, p = program_index(argc, argv, &dashes);
    int rc = opt_parse(&cli_exec_cmd, p - dashes, argv, exec_take, o);
    if (rc)
        return rc;
    if (run_check_threads_env("exec"))
        return -1;
    if (p >= argc) {
        cli_error("exec: no PROGRAM to run (see gcnsim exec --help)");
        return -1;
    }
    if (o->timeline && o->functional) {
        cli_error("exec: --timeline needs the cycle model (not with --functional)");
        return -1;
    }
    if (!o->timeline && (o->timeline_max || o->timeline_cus)) {
        cli_error("exec: --%s needs --timeline PATH", o->timeline_cus ? "timeline-cus" : "timeline-max");
        return -1;
    }
    if (o->csv && o->functional) {
        cli_error("exec: --csv needs the cycle model (its metrics and times): leave out --functional");
        return -1;
    }
    if (o->stats && !o->csv) {
        cli_error("exec: --stats needs --csv PATH (it writes PATH's .stats.csv beside it)");
        return -1;
    }
    o->prog = argv + p;
    return 0;
}

/* After --save-dispatch: say where the dispatch went, or that the program
 * never made it (1). */
static int saved_note(const exec_opts_t *o)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/debug.args", o->save_dir);
    if (access(path, R_OK) != 0) {
        cli_error("%s: the program made no dispatch %lu of %s", o->quiet_save ? "debug: --dispatch"
                  : "exec: --save-dispatch", o->save_index, o->save_kernel);
        return 1;
    }
    if (!o->quiet_save)   /* debug --dispatch goes on by itself */
        fprintf(stderr, "gcnsim: exec: dispatch %lu of %s saved in %s: gcnsim debug $(cat %s)\n", o->save_index,
                o->save_kernel, o->save_dir, path);
    return 0;
}

int cmd_exec(int argc, char **argv)
{
    exec_opts_t o;
    memset(&o, 0, sizeof o);
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    const char *env_dev = getenv("GCNSIM_DEVICE");
    if (o.ndev == 0 && env_dev && env_dev[0] && check_presets(env_dev))
        return EXIT_USAGE;
    o.quiet_save = !strcmp(argv[0], "exec-for-debug");
    char driver[4200], dir[4096], log[4200];
    if (find_driver(driver, sizeof driver) || make_log_dir(dir, sizeof dir))
        return EXIT_USAGE;
    snprintf(log, sizeof log, "%s/dispatches", dir);
    if (set_env(&o, driver, log)) {
        cli_error("exec: cannot set the program's environment");
        remove_dir(dir);
        return EXIT_USAGE;
    }
    char ns[4200];
    snprintf(ns, sizeof ns, "%s/ns", dir);
    int ran, status = mkdir(ns, 0700) ? run_program(o.prog, NULL, &ran) : run_program(o.prog, ns, &ran);
    if (ran && report(&o, dir, log, status))
        status = status ? status : EXIT_USAGE;
    remove_dir(dir);
    if (ran && o.save_dir && saved_note(&o) && status == EXIT_OK)
        status = EXIT_USAGE;
    return status;
}
