/* sweep_run.c — running a slice of a sweep: the points not finished yet,
 * one after another here (--jobs 1) or N at a time through GNU parallel,
 * each point a `gcnsim sweep run FILE --point ID` of its own; then the
 * summary.  See sweep.h. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "front/sweep/sweep.h"

int sweep_make_dirs(const char *path)
{
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *c = buf + 1;; c++) {
        if (*c != '/' && *c)
            continue;
        char was = *c;
        *c = '\0';
        if (mkdir(buf, 0777) && errno != EEXIST) {
            fprintf(stderr, "gcnsim: sweep: cannot create %s: %s\n", buf, strerror(errno));
            return -1;
        }
        if (!was)
            return 0;
        *c = was;
    }
}

/* Run ids[] (n) through GNU parallel, jobs at a time: parallel's exit
 * status, or -1 after reporting that it could not start. */
static int run_parallel(const sweep_t *s, const sweep_run_opts_t *o, const char *dir, const char *self,
                        const char *const *ids, size_t n)
{
    char jobs[16], log[8192], *file = realpath(s->path, NULL);
    snprintf(jobs, sizeof jobs, "%u", o->jobs);
    if (o->nshards)
        snprintf(log, sizeof log, "%s/parallel-%u-of-%u.log", dir, o->shard, o->nshards);
    else
        snprintf(log, sizeof log, "%s/parallel.log", dir);
    const char *av[24];
    size_t k = 0;
    av[k++] = "parallel", av[k++] = "--jobs", av[k++] = jobs, av[k++] = "--halt", av[k++] = "never";
    av[k++] = "--joblog", av[k++] = log, av[k++] = "-q";
    av[k++] = self, av[k++] = "sweep", av[k++] = "run", av[k++] = file ? file : s->path;
    av[k++] = "--out", av[k++] = dir;
    if (o->retry_failed)
        av[k++] = "--retry-failed";
    av[k++] = "--point", av[k++] = "{}", av[k] = NULL;
    int in[2];
    if (pipe(in)) {
        free(file);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        close(in[0]), close(in[1]);
        execvp(av[0], (char *const *)av);
        dprintf(2, "gcnsim: sweep: cannot start GNU parallel (%s); install it (Debian package parallel) or run "
                "with --jobs 1\n", strerror(errno));
        _exit(127);
    }
    free(file);
    close(in[0]);
    signal(SIGPIPE, SIG_IGN);
    FILE *fp = fdopen(in[1], "w");
    for (size_t i = 0; fp && i < n; i++)
        fprintf(fp, "%s\n", ids[i]);
    if (fp)
        fclose(fp);
    const volatile int *stop = o->stop;
    int st, passed = 0;
    while (waitpid(pid, &st, 0) != pid) {
        if (errno != EINTR)
            return -1;
        if (*stop && !passed)
            kill(pid, SIGTERM), passed = 1;   /* parallel lets its running points finish */
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The points of o's slice, one after another here. */
static void run_here(const sweep_t *s, const sweep_run_opts_t *o, const char *dir, const char *self,
                     const sweep_point_t *const *todo, size_t n)
{
    for (size_t i = 0; i < n && !*o->stop; i++) {
        sweep_state_t st;
        sweep_run_point(s, todo[i], dir, self, o->stop, &st);
    }
}

int sweep_run(const sweep_t *s, const sweep_run_opts_t *o, const char *self)
{
    char *dir = sweep_results_dir(s, o->out);
    if (sweep_make_dirs(dir)) {
        free(dir);
        return 2;
    }
    char *real = realpath(dir, NULL);
    if (real)
        free(dir), dir = real;
    const sweep_point_t **todo = calloc(s->npoints + 1, sizeof *todo);
    const char **ids = calloc(s->npoints + 1, sizeof *ids);
    size_t scope = 0, ntodo = 0, skipped = 0;
    for (size_t k = 0; k < s->npoints; k++) {
        if (!sweep_in_shard(k, o->shard, o->nshards))
            continue;
        scope++;
        sweep_state_t st = sweep_record_state(dir, s->points[k].id);
        if (st == SWEEP_OK || (st == SWEEP_FAILED && !o->retry_failed)) {
            skipped++;
            continue;
        }
        todo[ntodo] = &s->points[k];
        ids[ntodo++] = s->points[k].id;
    }
    char slice[64] = "";
    if (o->nshards)
        snprintf(slice, sizeof slice, " (shard %u/%u of %zu)", o->shard, o->nshards, s->npoints);
    printf("sweep %s: %zu points%s, %zu finished earlier, %zu to run %s into %s\n", s->name, scope, slice, skipped,
           ntodo, o->jobs > 1 ? "through GNU parallel" : "here", dir);
    fflush(stdout);
    int prc = 0;
    if (ntodo && o->jobs > 1)
        prc = run_parallel(s, o, dir, self, ids, ntodo);
    else if (ntodo)
        run_here(s, o, dir, self, todo, ntodo);
    size_t ok = 0, failed = 0, missing = 0, all_failed = 0;
    for (size_t i = 0; i < ntodo; i++) {
        sweep_state_t st = sweep_record_state(dir, todo[i]->id);
        ok += st == SWEEP_OK, failed += st == SWEEP_FAILED, missing += st == SWEEP_NONE;
    }
    for (size_t k = 0; k < s->npoints; k++)
        if (sweep_in_shard(k, o->shard, o->nshards))
            all_failed += sweep_record_state(dir, s->points[k].id) == SWEEP_FAILED;
    printf("sweep %s: %zu points: %zu succeeded, %zu failed, %zu skipped (finished earlier), %zu not run\n", s->name,
           scope, ok, failed, skipped, missing);
    if (prc < 0)
        fprintf(stderr, "gcnsim: sweep: GNU parallel could not be started\n");
    free(todo), free(ids), free(dir);
    return missing || all_failed || prc < 0 ? 1 : 0;
}
