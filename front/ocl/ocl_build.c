/* ocl_build.c — OpenCL C to a code object at clBuildProgram time: clang-15
 * run as tests/kernels/clcc.sh runs it (-x cl -cl-std=CL2.0 -target
 * amdgcn-amd-amdhsa -mcpu=TARGET --rocm-device-lib-path=DEVLIBS, then the
 * application's options, which may override -cl-std), its messages kept
 * as the build log.  GCNSIM_CLANG and GCNSIM_DEVLIBS name another compiler
 * or device-library directory. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "front/ocl/ocl.h"

extern char **environ;

#define DEFAULT_CLANG "clang-15"
#define DEFAULT_DEVLIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
enum { MAX_ARGS = 256 };

/* The whole file at path (malloc'ed, 0-terminated) and its size; NULL if unreadable. */
static char *slurp(const char *path, size_t *size)
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

static int write_file(const char *path, const char *s)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t n = strlen(s);
    int bad = fwrite(s, 1, n, f) != n;
    return fclose(f) || bad ? -1 : 0;
}

/* Split options at blank space ("double quotes" group) into argv[*n...]; the
 * words are written into buf (strlen(options)+1 bytes).  -1 if too many. */
static int split_options(const char *o, char *buf, char **argv, int *n)
{
    while (*o) {
        while (*o == ' ' || *o == '\t' || *o == '\n')
            o++;
        if (!*o)
            break;
        if (*n >= MAX_ARGS - 8)
            return -1;
        argv[(*n)++] = buf;
        int q = 0;
        for (; *o && (q || (*o != ' ' && *o != '\t' && *o != '\n')); o++)
            if (*o == '"')
                q = !q;
            else
                *buf++ = *o;
        *buf++ = 0;
    }
    return 0;
}

static char *dup_msg(const char *m)
{
    return strdup(m);
}

/* Run argv with stdout and stderr into logpath; clang's exit status, or -1. */
static int run(char **argv, const char *logpath)
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

int ocl_compile(const char *source, const char *gfx, const char *options, uint8_t **bin, size_t *bin_size,
                char **log)
{
    *bin = NULL;
    *log = NULL;
    const char *tmp = getenv("TMPDIR");
    char dir[4096], src[4200], out[4200], logp[4200], mcpu[64], libs[4200];
    snprintf(dir, sizeof dir, "%s/gcnsim-cl-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        *log = dup_msg("gcnsim: cannot make a temporary directory for the compiler");
        return -1;
    }
    snprintf(src, sizeof src, "%s/program.cl", dir);
    snprintf(out, sizeof out, "%s/program.co", dir);
    snprintf(logp, sizeof logp, "%s/clang.log", dir);
    const char *clang = getenv("GCNSIM_CLANG"), *devlibs = getenv("GCNSIM_DEVLIBS");
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", gfx);
    snprintf(libs, sizeof libs, "--rocm-device-lib-path=%s", devlibs && devlibs[0] ? devlibs : DEFAULT_DEVLIBS);
    char *argv[MAX_ARGS], *words = malloc(strlen(options ? options : "") + 1);
    int n = 0, rc = -1;
    argv[n++] = (char *)(clang && clang[0] ? clang : DEFAULT_CLANG);
    const char *fixed[] = {"-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa", mcpu, libs};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        argv[n++] = (char *)fixed[i];
    if (!words || split_options(options ? options : "", words, argv, &n)) {
        *log = dup_msg(words ? "gcnsim: too many build options" : "gcnsim: out of host memory");
        goto out;
    }
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n++] = src;
    argv[n] = NULL;
    if (write_file(src, source)) {
        *log = dup_msg("gcnsim: cannot write the program's source to a temporary file");
        goto out;
    }
    int st = run(argv, logp);
    size_t lsize = 0;
    *log = slurp(logp, &lsize);
    if (st < 0) {
        free(*log);
        char m[300];
        snprintf(m, sizeof m, "gcnsim: cannot run the OpenCL C compiler '%s' (install clang-15, or set GCNSIM_CLANG)",
                 argv[0]);
        *log = dup_msg(m);
    } else if (st == 0 && (*bin = (uint8_t *)slurp(out, bin_size)))
        rc = 0;
    if (!*log)
        *log = dup_msg("");
out:
    unlink(src);
    unlink(out);
    unlink(logp);
    rmdir(dir);
    free(words);
    return rc;
}
