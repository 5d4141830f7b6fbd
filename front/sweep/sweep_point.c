/* sweep_point.c — one point of a sweep: gcnsim run or bench as a child
 * process (a fault or crash of the point stays in the child), its report
 * and exit status gathered into the point's record, written to a
 * temporary file and renamed into place so that a record is either whole
 * or absent.  See sweep.h. */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "front/report/json.h"
#include "front/report/jsonread.h"
#include "front/sweep/sweep.h"
#include "front/util/strsafe.h"

sweep_state_t sweep_record_state(const char *dir, const char *id)
{
    char path[8192], err[256];
    snprintf(path, sizeof path, "%s/%s.json", dir, id);
    if (access(path, F_OK))
        return SWEEP_NONE;
    jr_doc_t d;
    if (jr_read_file(&d, path, err, sizeof err))
        return SWEEP_NONE;   /* not a record of ours: run the point again */
    const char *st = jr_string(jr_get(d.root, "status"));
    sweep_state_t r = !st ? SWEEP_NONE : !strcmp(st, "ok") ? SWEEP_OK : SWEEP_FAILED;
    jr_free(&d);
    return r;
}

/* The argument vector of point p's command (malloc'd, NULL-ended):
 * gcnsim run|bench WHAT ARGS --device P --set ... --json REPORT, or
 * gcnsim exec --device P --set ... --json REPORT -- PROGRAM ARGS. */
static char **point_argv(const sweep_point_t *p, const char *self, const char *report)
{
    size_t n = 0, max = p->run->nargs + 2 * p->nsets + 10;
    char **av = calloc(max, sizeof *av);
    static const char *const cmds[] = {"run", "bench", "exec"};
    int ex = p->run->kind == SWEEP_EXEC;
    av[n++] = strdup(self);
    av[n++] = strdup(cmds[p->run->kind]);
    if (!ex) {
        av[n++] = strdup(p->run->what);
        for (size_t i = 0; i < p->run->nargs; i++)
            av[n++] = strdup(p->run->args[i]);
    }
    av[n++] = strdup("--device");
    av[n++] = strdup(p->preset);
    for (size_t i = 0; i < p->nsets; i++) {
        char set[64];
        snprintf(set, sizeof set, "%s=%u", dev_param_key(p->sets[i].key), p->sets[i].value);
        av[n++] = strdup("--set");
        av[n++] = strdup(set);
    }
    av[n++] = strdup("--json");
    av[n++] = strdup(report);
    if (ex) {
        av[n++] = strdup("--");
        av[n++] = strdup(p->run->what);
        for (size_t i = 0; i < p->run->nargs; i++)
            av[n++] = strdup(p->run->args[i]);
    }
    return av;
}

static void free_argv(char **av)
{
    for (char **a = av; *a; a++)
        free(*a);
    free(av);
}

/* Start av in folder dir, its output to /dev/null and its errors to errpath. */
static pid_t start(char **av, const char *dir, const char *errpath)
{
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    int nul = open("/dev/null", O_RDWR), e = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (nul < 0 || e < 0 || dup2(nul, 0) < 0 || dup2(nul, 1) < 0 || dup2(e, 2) < 0 || chdir(dir))
        _exit(127);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execv(av[0], av);
    dprintf(2, "gcnsim: sweep: cannot start %s: %s\n", av[0], strerror(errno));
    _exit(127);
}

static volatile sig_atomic_t alarmed;

static void on_alarm(int sig)
{
    (void)sig;
    alarmed = 1;
}

/* Wait for pid; on a stop request (SIGINT/SIGTERM) pass it on; after
 * timeout seconds (0: none) send it SIGTERM (gcnsim then writes its
 * report marked partial), SIGKILL 5 s later, and set *timed_out.  The
 * wait status, or -1. */
static int wait_child(pid_t pid, const volatile int *stop, unsigned timeout, int *timed_out)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;   /* no SA_RESTART: the wait returns EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, &old);
    alarmed = 0;
    alarm(timeout);
    int st, passed = 0, rc = -1;
    for (;;) {
        if (waitpid(pid, &st, 0) == pid) {
            rc = st;
            break;
        }
        if (errno != EINTR)
            break;
        if (*stop && !passed)
            kill(pid, SIGTERM), passed = 1;
        if (alarmed) {
            alarmed = 0;
            kill(pid, *timed_out ? SIGKILL : SIGTERM);
            if (!*timed_out)
                alarm(5);
            *timed_out = 1;
        }
    }
    alarm(0);
    sigaction(SIGALRM, &old, NULL);
    return rc;
}

/* The last non-empty line of file path (without "gcnsim: ") into buf. */
static void last_line(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "r");
    char line[1024];
    buf[0] = '\0';
    while (fp && fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")])
            snprintf(buf, len, "%s", strncmp(line, "gcnsim: ", 8) ? line : line + 8);
    }
    if (fp)
        fclose(fp);
    str_one_line(buf);
}

/* Write the record of p to path: 0, or -1. */
static int write_record(const char *path, const sweep_point_t *p, const char *sweep_name, const char *status,
                        int st, const char *error, double secs, const jr_val_t *report)
{
    FILE *fp = fopen(path, "w");
    if (!fp)
        return -1;
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_int(&j, "gcnsim_sweep_record", 1);
    json_str(&j, "id", p->id);
    json_str(&j, "sweep", sweep_name);
    json_str(&j, "run", p->run->name);
    json_str(&j, "kind", sweep_kind_name(p->run->kind));
    json_str(&j, "what", p->run->what);
    json_begin_arr(&j, "args");
    for (size_t i = 0; i < p->run->nargs; i++)
        json_str(&j, NULL, p->run->args[i]);
    json_end(&j);
    json_str(&j, "preset", p->preset);
    json_begin_obj(&j, "axes");
    for (size_t i = 0; i < p->nsets; i++)
        json_uint(&j, dev_param_key(p->sets[i].key), p->sets[i].value);
    json_end(&j);
    json_str(&j, "status", status);
    if (WIFEXITED(st))
        json_int(&j, "exit", WEXITSTATUS(st));
    else
        json_null(&j, "exit");
    if (WIFSIGNALED(st))
        json_int(&j, "signal", WTERMSIG(st));
    if (error)
        json_str(&j, "error", error);
    else
        json_null(&j, "error");
    json_double(&j, "host_seconds", secs);
    if (report)
        jr_write(&j, "report", report);
    else
        json_null(&j, "report");
    json_end(&j);
    int bad = json_finish(&j) | fflush(fp) | fsync(fileno(fp));
    return (fclose(fp) | bad) ? -1 : 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether wait status st is an interruption (the point did not fail). */
static int interrupted(int st)
{
    if (WIFSIGNALED(st))
        return WTERMSIG(st) == SIGTERM || WTERMSIG(st) == SIGINT || WTERMSIG(st) == SIGKILL ||
               WTERMSIG(st) == SIGHUP;
    return WIFEXITED(st) && (WEXITSTATUS(st) == 130 || WEXITSTATUS(st) == 143);
}

/* This host's name as the temporary files carry it ("host" if unknown). */
static void host_name(char *h, size_t n)
{
    if (gethostname(h, n) || !h[0])
        snprintf(h, n, "host");
    h[n - 1] = '\0';
    for (char *c = h; *c; c++)
        if (*c == '/' || *c == '.')
            *c = '_';
}

/* Remove the temporary files of point id in dir that a runner on this host
 * left when it was killed (.ID.KIND.HOST.PID with no process PID): the
 * point runs again now.  Files of other hosts (a cluster's shared folder)
 * and of live processes stay. */
static void remove_stale(const char *dir, const char *id, const char *host)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t il = strlen(id), hl = strlen(host);
    for (struct dirent *e; (e = readdir(d));) {
        const char *n = e->d_name, *k;
        if (n[0] != '.' || strncmp(n + 1, id, il) || n[1 + il] != '.')
            continue;
        k = strchr(n + 2 + il, '.');   /* past KIND */
        if (!k || strncmp(k + 1, host, hl) || k[1 + hl] != '.')
            continue;
        char *end;
        long pid = strtol(k + 2 + hl, &end, 10);
        if (*end || pid <= 0 || pid == getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, n);
        unlink(path);
    }
    closedir(d);
}

int sweep_run_point(const sweep_t *s, const sweep_point_t *p, const char *dir, const char *self,
                    const volatile int *stop, sweep_state_t *state)
{
    char rep[8192], errp[8192], tmp[8192], rec[8192], axes[1024], error[1024], host[256];
    int me = (int)getpid();
    host_name(host, sizeof host);
    remove_stale(dir, p->id, host);
    snprintf(rep, sizeof rep, "%s/.%s.report.%s.%d", dir, p->id, host, me);
    snprintf(errp, sizeof errp, "%s/.%s.stderr.%s.%d", dir, p->id, host, me);
    snprintf(tmp, sizeof tmp, "%s/.%s.json.%s.%d", dir, p->id, host, me);
    snprintf(rec, sizeof rec, "%s/%s.json", dir, p->id);
    char **av = point_argv(p, self, rep);
    double t0 = now();
    pid_t pid = start(av, s->dir, errp);
    free_argv(av);
    int timed_out = 0;
    int st = pid < 0 ? -1 : wait_child(pid, stop, s->timeout, &timed_out);
    double secs = now() - t0;
    if (st == -1 || *stop || (interrupted(st) && !timed_out)) {
        unlink(rep), unlink(errp);
        if (st == -1)
            fprintf(stderr, "gcnsim: sweep: %s: cannot run gcnsim: %s\n", p->id, strerror(errno));
        return st == -1 ? -1 : 1;
    }
    jr_doc_t d = {0};
    char jerr[256];
    int have = access(rep, F_OK) == 0 && jr_read_file(&d, rep, jerr, sizeof jerr) == 0;
    int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0 && have && !timed_out;
    error[0] = '\0';
    if (timed_out)
        snprintf(error, sizeof error, "timed out after %u s (the sweep file's timeout:)", s->timeout);
    else if (!ok) {
        last_line(errp, error, sizeof error);
        if (!error[0])
            snprintf(error, sizeof error, WIFSIGNALED(st) ? "gcnsim %s killed by signal %d" : "gcnsim %s exited "
                     "with status %d", p->run->kind == SWEEP_KERNEL ? "run" : sweep_kind_name(p->run->kind),
                     WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
    }
    int wr = write_record(tmp, p, s->name, ok ? "ok" : "failed", st, ok ? NULL : error, secs, have ? d.root : NULL);
    if (have)
        jr_free(&d);
    unlink(rep), unlink(errp);
    if (wr || rename(tmp, rec)) {
        fprintf(stderr, "gcnsim: sweep: %s: cannot write %s: %s\n", p->id, rec, strerror(errno));
        unlink(tmp);
        return -1;
    }
    *state = ok ? SWEEP_OK : SWEEP_FAILED;
    sweep_point_axes(p, axes, sizeof axes);
    printf("%s %-6s %s %s %s%s%s\n", p->id, ok ? "ok" : "failed", p->run->name, p->preset, axes, ok ? "" : ": ",
           ok ? "" : error);
    fflush(stdout);
    return 0;
}
