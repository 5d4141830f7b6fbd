/* embed.c — a program that embeds gcnsim through its public header
 * (front/api/gcnsim.h) and the library alone: it runs lds_reduce
 * (tests/kernels/src/lds.cl: work-group sums of 1024 floats in groups of
 * 256) from the committed code object for gfx900, functionally and under
 * the cycle model of vega-64, on two threads at once, each with its own
 * module.  Checks: the sums against a CPU reference, the two threads'
 * results (sums, wave-instructions, cycles) identical, the report's JSON
 * and text written, a bad path and a bad argument index refused with a
 * message.  Prints PASS:/FAIL: lines; exit status 1 on a failure.
 * Usage: embed [CODE_OBJECT] (default tests/kernels/bin/lds-gfx900.co). */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gcnsim.h"   /* the public header alone (front/api, or PREFIX/include installed) */

enum { N = 1024, LOCAL = 256, GROUPS = N / LOCAL, THREADS = 2 };

static const char *path = "tests/kernels/bin/lds-gfx900.co";
static int failed;

static void check(int ok, const char *what, const char *detail)
{
    printf("%s: %s%s%s\n", ok ? "PASS" : "FAIL", what, ok || !detail ? "" : ": ", ok || !detail ? "" : detail);
    failed += !ok;
}

typedef struct {
    float sums[2][GROUPS];          /* functional, cycle model */
    uint64_t winst[2], cycles;
    int ok;
    char err[256];
    char *report;                   /* the JSON report of the cycle-model run */
    size_t report_len;
} result_t;

/* Open, allocate, launch, run twice, read back: what each thread does. */
static void *work(void *arg)
{
    result_t *res = arg;
    gcnsim_module_t *m = NULL;
    gcnsim_launch_t *L = NULL;
    float a[N];
    for (int i = 0; i < N; i++)
        a[i] = (float)(i % 97) - 40.0f;
    uint64_t in, out;
    uint32_t global[3] = {N, 1, 1}, local[3] = {LOCAL, 1, 1};
    const char *sets[] = {"cus=4"};
    gcnsim_result_t r;
    if (gcnsim_open(&m, path, res->err, sizeof res->err) ||
        gcnsim_buffer(m, sizeof a, a, &in, res->err, sizeof res->err) ||
        gcnsim_buffer(m, GROUPS * sizeof(float), NULL, &out, res->err, sizeof res->err) ||
        gcnsim_launch(&L, m, "lds_reduce", 1, global, local, res->err, sizeof res->err) ||
        gcnsim_arg_addr(L, 0, out, res->err, sizeof res->err) || gcnsim_arg_addr(L, 1, in, res->err, sizeof res->err))
        goto done;
    for (int mode = 0; mode < 2; mode++) {
        if (gcnsim_run(L, mode ? "vega-64" : NULL, sets, 1, &r, res->err, sizeof res->err))
            goto done;
        if (r.status != 0) {
            snprintf(res->err, sizeof res->err, "status %d: %.200s", r.status, r.fault);
            goto done;
        }
        res->winst[mode] = r.wave_instructions;
        if (mode)
            res->cycles = r.cycles;
        if (gcnsim_read(m, out, res->sums[mode], sizeof res->sums[mode])) {
            snprintf(res->err, sizeof res->err, "cannot read the output buffer back");
            goto done;
        }
    }
    FILE *fp = open_memstream(&res->report, &res->report_len);
    if (fp) {
        gcnsim_report(L, fp, 1);
        fclose(fp);
    }
    res->ok = 1;
done:
    gcnsim_launch_free(L);
    gcnsim_close(m);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        path = argv[1];
    result_t res[THREADS];
    pthread_t th[THREADS];
    memset(res, 0, sizeof res);
    int started[THREADS];
    for (int t = 0; t < THREADS; t++)
        started[t] = pthread_create(&th[t], NULL, work, &res[t]) == 0;
    for (int t = 0; t < THREADS; t++)
        if (started[t])
            pthread_join(th[t], NULL);
    float want[GROUPS] = {0};
    for (int i = 0; i < N; i++)
        want[i / LOCAL] += (float)(i % 97) - 40.0f;   /* small integers: exact in any order */
    for (int t = 0; t < THREADS; t++) {
        char what[128];
        snprintf(what, sizeof what, "thread %d runs lds_reduce functionally and under the cycle model", t);
        check(res[t].ok == 1, what, res[t].err);
        snprintf(what, sizeof what, "thread %d: the four group sums equal the CPU's, in both runs", t);
        check(res[t].ok == 1 && !memcmp(res[t].sums[0], want, sizeof want) &&
                  !memcmp(res[t].sums[1], want, sizeof want), what, NULL);
    }
    check(res[0].ok == 1 && res[1].ok == 1 && res[0].winst[0] == res[1].winst[0] &&
              res[0].winst[1] == res[1].winst[1] && res[0].cycles == res[1].cycles && res[0].cycles > 0 &&
              res[0].report_len == res[1].report_len &&
              !memcmp(res[0].report, res[1].report, res[0].report_len),
          "the two threads give identical results: instructions, cycles and the report byte for byte", NULL);
    check(res[0].report && strstr(res[0].report, "\"cycles\"") && strstr(res[0].report, "\"stalls\""),
          "the report's JSON holds cycles and stalls", NULL);
    /* bad input: one line, no crash */
    gcnsim_module_t *m = NULL;
    char err[256] = "";
    check(gcnsim_open(&m, "no/such/file.co", err, sizeof err) != 0 && m == NULL && err[0] && !strchr(err, '\n'),
          "a missing file is refused with one line", err);
    gcnsim_launch_t *L = NULL;
    uint32_t g[3] = {N, 1, 1};
    err[0] = 0;
    int bad = gcnsim_open(&m, path, err, sizeof err) || gcnsim_launch(&L, m, "lds_reduce", 1, g, NULL, err, sizeof err);
    check(!bad && gcnsim_arg_count(L) == 2 && gcnsim_arg_u32(L, 7, 1, err, sizeof err) != 0 && err[0],
          "an argument index past the kernel's is refused", err);
    check(L && gcnsim_report(L, stdout, 0) != 0, "no report before a cycle-model run", NULL);
    gcnsim_launch_free(L);
    gcnsim_close(m);
    for (int t = 0; t < THREADS; t++)
        free(res[t].report);
    return failed ? 1 : 0;
}
