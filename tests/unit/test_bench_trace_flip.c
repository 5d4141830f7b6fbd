/* test_bench_trace_flip.c — a bench trace (every launch of the bitonic
 * sort in one file, recorded as gcnsim bench --trace does) against the
 * trace of the same sort with one bit of one key flipped just before a
 * later launch (wl_result_t.before_launch).  The prediction, made here
 * from the sort's index arithmetic (front/workloads/bitonic.cl) and the
 * key's value read from device memory before the flip: trace diff names
 * that launch, the work-group, wave and lane of the work-item that loads
 * the key, and the key before and after the flip; no earlier launch
 * differs; instead of a gcnsim debug command, the bench launch line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/trace/trace.h"
#include "front/trace/trace_diff.h"
#include "front/workloads/workloads.h"
#include "tests/unit/check.h"

/* The bench workloads' names, as gcnsim trace diff recognises them. */
static int is_workload(const char *name)
{
    return wl_find(name) != NULL;
}

enum { N = 1024, STAGE = 5, PASS = 2, ELEM = 700, BIT = 13 };
static const char *const CO = "front/workloads/bin/bitonic-gfx900.co";
static const char *const OPTIONS = "bench bitonic --n 1024 --functional";

typedef struct {
    uint64_t launch;          /* flip before this launch */
    uint32_t before, after;   /* the key then */
    int done;
} flip_t;

static void flip_key(void *arg, launch_t *L, uint64_t launch)
{
    flip_t *f = arg;
    if (launch != f->launch)
        return;
    uint32_t *k = la_host(L->m, L->arg_addr[0] + 4 * ELEM, 4);
    if (!k)
        return;
    f->before = *k;
    *k ^= 1u << BIT;
    f->after = *k;
    f->done = 1;
}

/* The sort of N keys recorded into path, with f (or none).  Returns the
 * workload's status, or -1 when the trace could not be written. */
static int record_sort(const char *path, flip_t *f, uint64_t *launches, uint64_t *ninst)
{
    la_module_t m;
    char err[1024];
    if (la_open(&m, CO, err, sizeof err)) {
        printf("      %s\n", err);
        return -1;
    }
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = TRACE_MODE_FUNCTIONAL;
    snprintf(h.target, sizeof h.target, "%s", m.co.target->name);
    snprintf(h.version, sizeof h.version, "test");
    snprintf(h.kernel, sizeof h.kernel, "bitonic_step");
    h.code_base = m.image_base + m.co.text_addr;
    h.options = OPTIONS;
    trace_recorder_t rec;
    memset(&rec, 0, sizeof rec);
    trace_writer_t *tw = trace_write_open(path, &h, err, sizeof err);
    if (!tw) {
        printf("      %s\n", err);
        la_close(&m);
        return -1;
    }
    trace_recorder_init(&rec, tw, 0);
    wl_result_t r;
    memset(&r, 0, sizeof r);
    r.trace = &rec;
    if (f) {
        r.before_launch = flip_key;
        r.before_arg = f;
    }
    int st = (int)wl_bitonic.run(&m, N, &r, err, sizeof err);
    if (st == WL_ERROR)
        printf("      %s\n", err);
    if (trace_write_close(tw, err, sizeof err)) {
        printf("      %s\n", err);
        st = -1;
    }
    trace_recorder_free(&rec);
    *launches = r.launches, *ninst = r.ninst;
    wl_result_free(&r);
    la_close(&m);
    return st;
}

/* Launch number of (stage, pass): stages before it have 1, 2, ... passes. */
static uint64_t launch_of(unsigned stage, unsigned pass)
{
    return (uint64_t)stage * (stage + 1) / 2 + pass;
}

int main(void)
{
    if (access(CO, R_OK)) {
        printf("SKIP: bench trace flip (%s is missing; make kernels)\n", CO);
        return 0;
    }
    char dir[] = "/tmp/gcnsim-tbflip-XXXXXX";
    if (!mkdtemp(dir)) {
        printf("FAIL: bench trace flip: no temporary directory\n");
        return 1;
    }
    char a[600], b[600];
    snprintf(a, sizeof a, "%s/a.trace.gz", dir);
    snprintf(b, sizeof b, "%s/b.trace.gz", dir);
    flip_t f = {launch_of(STAGE, PASS), 0, 0, 0};
    uint64_t la, lb, ia, ib;
    int sa = record_sort(a, NULL, &la, &ia), sb = record_sort(b, &f, &lb, &ib);
    CHECK(sa == WL_PASS && la == 55, "bench trace flip: the sort of %d keys verifies, 55 launches recorded", N);
    CHECK(sb == WL_FAIL && f.done && f.after == (f.before ^ (1u << BIT)),
          "bench trace flip: key %d bit %d flipped before launch %llu; the sort then fails its check", ELEM, BIT,
          (unsigned long long)f.launch);
    trace_reader_t *tr = trace_open(a, (char[256]){0}, 256);
    CHECK(tr && trace_count(tr) == ia, "bench trace flip: the trace holds every launch's records (%llu)",
          (unsigned long long)ia);
    trace_close(tr);

    /* the work-item that loads key ELEM in the launch of (STAGE, PASS) */
    unsigned sh = STAGE - PASS, dist = 1u << sh;
    unsigned lo = (ELEM >> sh) & 1 ? ELEM - dist : ELEM;
    unsigned t = (lo & (dist - 1)) + ((lo >> (sh + 1)) << sh);
    unsigned wg = t / 256, wave = t % 256 / 64, lane = t % 64;

    char *text = NULL, err[512];
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    trace_diff_opts_t o;
    memset(&o, 0, sizeof o);
    o.context = 2;
    o.is_workload = is_workload;
    int rc = fp ? trace_diff_files(a, b, &o, fp, err, sizeof err) : -1;
    if (fp)
        fclose(fp);
    const char *out = text ? text : "";
    char want[256];
    CHECK(rc == 1, "bench trace flip: trace diff: the traces differ");
    snprintf(want, sizeof want, "(work-group %u,0,0, wave %u of the group, launch %llu)\n", wg, wave,
             (unsigned long long)f.launch);
    CHECK(strstr(out, want) != NULL, "bench trace flip: the first divergence is in launch %llu, work-group %u, wave %u",
          (unsigned long long)f.launch, wg, wave);
    snprintf(want, sizeof want, " differs in 1 lane (%u):\n    lane %2u: expected 0x%08x, actual 0x%08x\n", lane, lane,
             f.before, f.after);
    CHECK(strstr(out, want) != NULL, "bench trace flip: one lane (%u) of the loaded register, the key before and after",
          lane);
    snprintf(want, sizeof want, "  gcnsim bench bitonic --n 1024 --functional --save-launch %llu bitonic-launch%llu\n",
             (unsigned long long)f.launch, (unsigned long long)f.launch);
    CHECK(strstr(out, want) && strstr(out, "(gcnsim) break 0x"),
          "bench trace flip: the steps that save launch %llu and stop in the debugger", (unsigned long long)f.launch);
    if (check_failed_)
        printf("      rc %d %s\n%s\n", rc, rc < 0 ? err : "", out);
    free(text);
    unlink(a);
    unlink(b);
    rmdir(dir);
    return check_done();
}
