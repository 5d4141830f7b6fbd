/* ocl_tool.c — what running the compiler and the linker needs: a
 * temporary directory with the files they read and write, and a child
 * process whose messages become the build log. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "front/ocl/ocl.h"

extern char **environ;

int ocl_tmp_make(ocl_tmp_t *t)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(t->dir, sizeof t->dir, "%s/gcnsim-cl-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    return mkdtemp(t->dir) ? 0 : -1;
}

char *ocl_tmp_path(const ocl_tmp_t *t, const char *name, char *out, size_t n)
{
    size_t a = strlen(t->dir), b = strlen(name);
    out[0] = 0;
    if (a + b + 2 <= n) {
        memcpy(out, t->dir, a);
        out[a] = '/';
        memcpy(out + a + 1, name, b + 1);
    }
    return out;
}

/* Whether name is relative and has no "." or ".." component. */
static int safe_name(const char *name)
{
    if (!name[0] || name[0] == '/')
        return 0;
    for (const char *c = name; *c;) {
        size_t k = strcspn(c, "/");
        if (k == 0 || (k == 1 && c[0] == '.') || (k == 2 && c[0] == '.' && c[1] == '.'))
            return 0;
        c += k + (c[k] == '/');
    }
    return 1;
}

/* Make the directories of path below base (everything up to its last '/'). */
static int make_dirs(char *path, size_t base)
{
    for (char *s = path + base + 1; (s = strchr(s, '/')); s++) {
        *s = 0;
        int bad = mkdir(path, 0700) && errno != EEXIST;
        *s = '/';
        if (bad)
            return -1;
    }
    return 0;
}

int ocl_tmp_write(const ocl_tmp_t *t, const char *name, const void *data, size_t size)
{
    char path[8192];
    if (!safe_name(name) || strlen(t->dir) + strlen(name) + 2 > sizeof path)
        return -1;
    ocl_tmp_path(t, name, path, sizeof path);
    if (make_dirs(path, strlen(t->dir)))
        return -1;
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int bad = fwrite(data, 1, size, f) != size;
    return fclose(f) || bad ? -1 : 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void ocl_tmp_remove(const ocl_tmp_t *t)
{
    nftw(t->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *ocl_slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *b = malloc(cap + 1);
    for (size_t k; b && (k = fread(b + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) {
            char *nb = realloc(b, 2 * cap + 1);
            if (!nb) {
                free(b);
                b = NULL;
                break;
            }
            b = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (b) {
        b[n] = 0;
        *size = n;
    }
    return b;
}

void ocl_log_add(char **log, const char *m)
{
    size_t a = *log ? strlen(*log) : 0, b = strlen(m);
    char *n = realloc(*log, a + b + 1);
    if (!n)
        return;
    memcpy(n + a, m, b + 1);
    *log = n;
}

/* Spawn argv with stdout and stderr into logpath; its exit status, or -1. */
static int spawn_wait(char *const *argv, const char *logpath)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, logpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc)
        return -1;
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int ocl_run_tool(char *const *argv, const ocl_tmp_t *t, const char *var, char **log)
{
    char logp[4200];
    ocl_tmp_path(t, "tool.log", logp, sizeof logp);
    int st = spawn_wait(argv, logp);
    size_t n = 0;
    char *out = ocl_slurp(logp, &n);
    unlink(logp);
    if (out)
        ocl_log_add(log, out);
    free(out);
    if (st < 0) {
        char m[400];
        snprintf(m, sizeof m, "gcnsim: cannot run '%s' (install it, or set %s)\n", argv[0], var);
        ocl_log_add(log, m);
    }
    if (!*log)
        ocl_log_add(log, "");
    return st;
}
