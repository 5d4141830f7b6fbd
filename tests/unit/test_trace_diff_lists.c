/* test_trace_diff_lists.c — trace diff on records that write the same
 * registers and dwords with the same final values but list them
 * differently (a dword listed twice, another order, a register listed
 * twice), next to the cases with an address only one record lists, and
 * the line that replaces the debugger command in a bench trace.  The
 * traces are written here through the trace API, record by record, so
 * each case is exactly the difference it names. */
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

static char dir[] = "/tmp/gcnsim-tdlists-XXXXXX";

enum { S_NOP = 0xbf800000u, S_ENDPGM = 0xbf810000u };

/* What the second record of a trace writes. */
typedef struct {
    unsigned nm;
    trace_mem_t m[4];
    unsigned ns;
    trace_sreg_t s[4];
    unsigned nv;            /* VGPR writes: v[reg] with no lane (an EXEC of 0) */
    uint16_t vreg;
    uint32_t launch;
} shape_t;

/* A trace of one wave: s_nop, s_nop writing what sh says, s_endpgm (all
 * of launch sh->launch); options as given.  Returns the path. */
static const char *write_trace(const char *name, const shape_t *sh, const char *options)
{
    static char path[8][600];
    static unsigned next;
    char *p = path[next++ % 8], err[512];
    snprintf(p, sizeof path[0], "%s/%s.trace.gz", dir, name);
    trace_header_t h;
    memset(&h, 0, sizeof h);
    strcpy(h.target, "gfx900");
    strcpy(h.version, "1.0");
    strcpy(h.kernel, "bitonic_step");
    h.code_base = 0x100001000ull;
    h.options = options;
    trace_writer_t *tw = trace_write_open(p, &h, err, sizeof err);
    if (!tw) {
        printf("      %s\n", err);
        return NULL;
    }
    static trace_rec_t r;
    trace_mem_t m[4];
    memset(&r, 0, sizeof r);
    r.launch = sh->launch;
    r.ndw = 1, r.exec = ~0ull;
    int rc = 0;
    for (unsigned i = 0; i < 3 && !rc; i++) {
        r.pc = h.code_base + 4 * i;
        r.dw[0] = i == 2 ? S_ENDPGM : S_NOP;
        r.nm = r.ns = r.nv = 0;
        r.m = NULL;
        if (i == 1) {
            memcpy(m, sh->m, sizeof m);
            r.m = m, r.nm = sh->nm;
            memcpy(r.s, sh->s, sizeof sh->s);
            r.ns = sh->ns;
            r.nv = sh->nv;
            if (sh->nv) {
                memset(&r.v[0], 0, sizeof r.v[0]);
                r.v[0].reg = sh->vreg;   /* mask 0: a write with no lane */
            }
        }
        rc = trace_write(tw, &r, err, sizeof err);
    }
    if (trace_write_close(tw, err, sizeof err) || rc) {
        printf("      %s\n", err);
        return NULL;
    }
    return p;
}

/* trace diff a b: its exit code (0, 1, -1) and its report in out. */
static int diff(const char *a, const char *b, char *out, size_t n)
{
    char *text = NULL, err[512];
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    trace_diff_opts_t o;
    memset(&o, 0, sizeof o);
    o.context = 1;
    o.is_workload = is_workload;
    int rc = a && b && fp ? trace_diff_files(a, b, &o, fp, err, sizeof err) : -1;
    if (fp)
        fclose(fp);
    snprintf(out, n, "%s", rc < 0 ? err : text ? text : "");
    free(text);
    return rc;
}

static const trace_mem_t X = {FX_SPACE_GLOBAL, 0x100010000ull, 0x11111111}, Y = {FX_SPACE_GLOBAL, 0x100010004ull, 0x22222222},
                         Z = {FX_SPACE_LDS, 0x40, 0x33333333};

static void check_case(const char *name, const shape_t *a, const shape_t *b, const char *want)
{
    char out[8192];
    const char *opts = "k.co --kernel bitonic_step --global 64";
    int rc = diff(write_trace("a", a, opts), write_trace(name, b, opts), out, sizeof out);
    int ok = rc == 1 && strstr(out, want) != NULL;
    CHECK(ok, "trace diff, %s: what differs is named", name);
    if (!ok)
        printf("      rc %d, report:\n%s\n", rc, out);
}

static void test_lists(void)
{
    shape_t a = {.nm = 2, .m = {X, Y}, .ns = 1, .s = {{5, 7}}};
    shape_t b = a;
    /* an address only one record lists: named with its value (as before) */
    b.nm = 3, b.m[2] = Z;
    check_case("extra-dword", &a, &b, "  lds[0x40] is written by B only (0x33333333)\n");
    b = a, b.nm = 1;
    check_case("missing-dword", &a, &b, "  global[0x100010004] is written by A only (0x22222222)\n");
    /* the same dwords and values, one listed twice: the counts and that dword */
    b = a, b.nm = 3, b.m[2] = X;
    check_case("dword-twice", &a, &b,
               "  the memory dwords listed differ: A lists 2, B 3; global[0x100010000] (0x11111111) is listed once "
               "by A and twice by B\n");
    /* as many entries each, different multiplicities: X X Y against X Y Y */
    shape_t c = a;
    c.nm = 3, c.m[0] = X, c.m[1] = X, c.m[2] = Y;
    b = a, b.nm = 3, b.m[0] = X, b.m[1] = Y, b.m[2] = Y;
    {
        char out[8192];
        const char *opts = "k.co --kernel bitonic_step --global 64";
        int rc = diff(write_trace("xxy", &c, opts), write_trace("xyy", &b, opts), out, sizeof out);
        const char *want = "  the memory dwords listed differ: A lists 3, B 3; global[0x100010000] (0x11111111) is "
                           "listed twice by A and once by B\n";
        CHECK(rc == 1 && strstr(out, want), "trace diff, X X Y against X Y Y: the first dword counted differently");
        if (!(rc == 1 && strstr(out, want)))
            printf("      rc %d, report:\n%s\n", rc, out);
    }
    /* the same dwords in another order */
    b = a, b.m[0] = Y, b.m[1] = X;
    check_case("dword-order", &a, &b,
               "  the memory dwords are listed in another order (2 in each): entry 0 is global[0x100010000] "
               "(0x11111111) in A, global[0x100010004] (0x22222222) in B\n");
    /* an SGPR listed twice, its last value the same */
    b = a, b.ns = 2, b.s[0] = (trace_sreg_t){5, 9}, b.s[1] = (trace_sreg_t){5, 7};
    check_case("sreg-twice", &a, &b,
               "  the SGPRs written are listed differently (the last value of each agrees): expected 1 (s5), "
               "actual 2 (s5 s5)\n");
    /* a VGPR written in no lane (EXEC 0) by A only: named, and no lane of
     * it chosen for the debugger (ctz of an empty mask is undefined) */
    b = a, b.nv = 1, b.vreg = 3;
    check_case("vreg-no-lane", &b, &a, "v3");
    /* the same records: no difference */
    char out[4096];
    const char *opts = "k.co --kernel bitonic_step --global 64";
    int rc = diff(write_trace("a", &a, opts), write_trace("same", &a, opts), out, sizeof out);
    CHECK(rc == 0 && strstr(out, "traces agree: 3 records of 1 waves"), "trace diff, the same records agree");
}

/* A bench trace (options from "bench"): instead of the debugger command,
 * which launch of which workload it is; a run's trace keeps the command. */
static void test_bench_line(void)
{
    shape_t a = {.nm = 1, .m = {X}, .launch = 7}, b = a;
    b.m[0].val ^= 1u << 9;
    char out[8192];
    const char *opts = "bench --n 1024 bitonic --functional";
    int rc = diff(write_trace("bench-a", &a, opts), write_trace("bench-b", &b, opts), out, sizeof out);
    const char *want = "  gcnsim bench --n 1024 bitonic --functional --save-launch 7 bitonic-launch7\n"
                       "  gcnsim debug $(cat bitonic-launch7/debug.args)\n";
    CHECK(rc == 1 && strstr(out, want) && !strstr(out, "gcnsim debug bench") && strstr(out, "(gcnsim) break"),
          "trace diff, bench trace, launch 7: save launch 7 with the bench's options, then debug it");
    CHECK(strstr(out, "wave 0 of the group, launch 7)") != NULL, "trace diff, bench trace: the wave line names launch 7");
    if (rc != 1 || !strstr(out, want))
        printf("      rc %d, report:\n%s\n", rc, out);
    a.launch = b.launch = 0;
    rc = diff(write_trace("bench-a0", &a, opts), write_trace("bench-b0", &b, opts), out, sizeof out);
    CHECK(rc == 1 && strstr(out, "(launch 0 of gcnsim bench bitonic, kernel bitonic_step), save that launch") &&
              strstr(out, " --save-launch 0 bitonic-launch0\n") && !strstr(out, "gcnsim debug bench"),
          "trace diff, bench trace, launch 0: the save step too (its options are not a run's)");
    opts = "k.co --kernel bitonic_step --global 64";
    rc = diff(write_trace("run-a", &a, opts), write_trace("run-b", &b, opts), out, sizeof out);
    CHECK(rc == 1 && strstr(out, "  gcnsim debug k.co --kernel bitonic_step --global 64\n") &&
              strstr(out, "(gcnsim) break 0x100001004 wave 0"),
          "trace diff, a run's trace: the debugger command as before");
}

int main(void)
{
    if (!mkdtemp(dir)) {
        printf("FAIL: trace diff lists: no temporary directory\n");
        return 1;
    }
    test_lists();
    test_bench_line();
    static const char *names[] = {"a", "extra-dword", "missing-dword", "dword-twice", "xxy", "xyy", "dword-order",
                                  "sreg-twice", "vreg-no-lane", "same", "bench-a", "bench-b", "bench-a0", "bench-b0", "run-a",
                                  "run-b"};
    char p[700];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(p, sizeof p, "%s/%s.trace.gz", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
    return check_done();
}
