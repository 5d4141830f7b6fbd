/* e2e_ref.h — what the C references of the end-to-end tests share
 * (tests/e2e_mem/ref.c, tests/e2e_valu/ref.c): the command line, the
 * pseudo-random inputs, files in the temporary directory and running one
 * kernel through `gcnsim run`.  Each ref.c is one translation unit that
 * defines REF_SUITE (the name on its PASS/FAIL lines) and REF_SEED (the
 * first seed of rnd) before including this header. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *gcnsim, *bindir, *tmp;
static int failed;

/* The next pseudo-random word (a fixed sequence from REF_SEED). */
static uint32_t seed = REF_SEED;
static inline uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed ^ (seed >> 13);
}

/* Write n bytes at p to TMP/name; exits with status 2 if it cannot. */
static inline void save(const char *name, const void *p, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n) {
        fprintf(stderr, "ref: cannot write %s\n", path);
        exit(2);
    }
    fclose(f);
}

/* Read exactly n bytes of TMP/name into p: 0, or -1 if missing or short. */
static inline int load(const char *name, void *p, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got = fread(p, 1, n, f);
    fclose(f);
    return got == n ? 0 : -1;
}

/* Run kernel k of BINDIR/co-t.co in TMP with the given sizes and
 * --arg/--dump options: 0, or -1 after a FAIL line with gcnsim's stderr. */
static inline int ref_run(const char *co, const char *k, const char *t, const char *global, const char *local,
                          const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "cd %s && %s run %s/%s-%s.co --kernel %s --global %s --local %s %s >/dev/null 2>err-%s-%s.txt",
             tmp, gcnsim, bindir, co, t, k, global, local, args, k, t);
    int rc = system(cmd);
    if (rc == 0)
        return 0;
    char err[600] = "", path[512];
    snprintf(path, sizeof path, "%s/err-%s-%s.txt", tmp, k, t);
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(err, 1, sizeof err - 1, f);
        err[n] = 0;
        fclose(f);
        for (char *c = err; *c; c++)
            if (*c == '\n')
                *c = ' ';
    }
    printf("FAIL: " REF_SUITE " %s %s: gcnsim exited with %d: %s\n", k, t, rc, err);
    failed = 1;
    return -1;
}

/* Take GCNSIM BINDIR TMPDIR from the command line: 0, or 2 after a usage line. */
static inline int ref_args(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: ref GCNSIM BINDIR TMPDIR\n");
        return 2;
    }
    gcnsim = argv[1];
    bindir = argv[2];
    tmp = argv[3];
    return 0;
}
