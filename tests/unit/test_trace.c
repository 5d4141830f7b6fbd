/* test_trace.c — the trace file: records of every shape written and read
 * back (sequentially and through the index), several chunks, identical
 * bytes for identical input, SHA-256 test vectors, and damaged files
 * (every flipped byte, every truncation, empty, not gzip) that must give
 * an error and never a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/trace/trace.h"
#include "front/trace/trace_code.h"
#include "tests/unit/check.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    return check_xorshift(&rng);
}

static unsigned below(unsigned n)
{
    return (unsigned)(rnd() % n);
}

/* A VGPR row: linear, uniform, random, small steps, or lanes of recent rows. */
static void fill_vreg(trace_vreg_t *v, uint32_t recent[4][64])
{
    unsigned kind = below(6);
    uint32_t a = (uint32_t)rnd(), s = below(3) ? 4 : (uint32_t)rnd();
    for (unsigned l = 0; l < 64; l++) {
        switch (kind) {
        case 0: v->val[l] = a + l * s; break;
        case 1: v->val[l] = (uint32_t)rnd(); break;
        case 2: v->val[l] = a + below(40); break;
        case 3: v->val[l] = recent[below(2)][l]; break;
        case 4: v->val[l] = recent[below(4)][l] ^ (below(8) == 0); break;
        default: v->val[l] = below(4) ? recent[0][l] : (uint32_t)rnd(); break;
        }
    }
    memmove(recent[1], recent[0], 3 * sizeof recent[0]);
    memcpy(recent[0], v->val, sizeof recent[0]);
}

static uint64_t pick_mask(uint64_t exec)
{
    switch (below(5)) {
    case 0: return rnd();
    case 1: return rnd() & rnd();
    case 2: return 1ull << below(64);
    default: return exec;
    }
}

/* Record i of the test sequence (r->m allocated here). */
static void make_rec(trace_rec_t *r, unsigned i, int timing, uint32_t recent[4][64])
{
    static uint64_t pc = 0x1000, cycle = 0;
    static uint32_t wave = 0;
    if (below(20) == 0)
        wave = below(50);
    r->launch = wave / 40;
    r->wave = wave;
    r->wg[0] = wave / 4, r->wg[1] = below(30) == 0, r->wg[2] = 0;
    r->wg_wave = wave % 4;
    pc = below(10) == 0 ? 0x1000 + 4 * below(3000) : pc + 4 * (1 + below(2));
    r->pc = pc;
    r->ndw = (uint8_t)(i % 97 == 5 ? 0 : 1 + below(3));
    for (unsigned k = 0; k < 3; k++)
        r->dw[k] = k < r->ndw ? (uint32_t)(pc * 2654435761u) + k : 0;
    r->flags = below(50) == 0 ? (uint8_t)(1 + below(7)) : 0;
    r->exec = below(10) == 0 ? rnd() : below(10) == 0 ? 0 : ~0ull;
    if (timing) {
        cycle += below(100);
        r->cycle_issue = cycle;
        r->cycle_done = cycle + below(500);
    } else
        r->cycle_issue = r->cycle_done = 0;
    r->scc_written = below(3) == 0;
    r->scc = r->scc_written && below(2);
    r->ns = below(4) == 0 ? below(TRACE_MAX_SREG + 1) : below(3);
    for (unsigned k = 0; k < r->ns; k++) {
        r->s[k].reg = (uint16_t)below(128);
        r->s[k].val = below(2) ? (uint32_t)rnd() : below(100);
    }
    r->nv = below(8) == 0 ? below(TRACE_MAX_VREG + 1) : below(3);
    for (unsigned k = 0; k < r->nv; k++) {
        trace_vreg_t *v = &r->v[k];
        v->reg = (uint16_t)below(256);
        v->mask = pick_mask(r->exec);
        fill_vreg(v, recent);
    }
    unsigned nm = below(6) == 0 ? below(200) : below(40) == 0 ? 3000 : 0;
    r->m = calloc(nm ? nm : 1, sizeof *r->m);
    uint64_t addr = 0x100000000ull + 4 * below(100000);
    for (unsigned k = 0; k < nm; k++) {
        if (below(30) == 0)
            addr = 0x100000000ull + 4 * below(100000);
        r->m[k].space = (uint8_t)(below(10) == 0 ? below(5) : 0);
        r->m[k].addr = addr;
        r->m[k].val = below(3) ? recent[below(4)][k & 63] : (uint32_t)rnd();
        addr += 4;
    }
    r->nm = nm;
    r->nh = below(30) == 0 ? 1 + below(TRACE_MAX_HWREG) : 0;
    for (unsigned k = 0; k < r->nh; k++)
        r->h[k].id = (uint8_t)below(32), r->h[k].val = (uint32_t)rnd();
}

/* Same record?  Values compared in the lanes written only. */
static int same_rec(const trace_rec_t *a, const trace_rec_t *b, char *why, size_t n)
{
#define DIFF(c, ...) do { if (c) { snprintf(why, n, __VA_ARGS__); return 0; } } while (0)
    DIFF(a->launch != b->launch || a->wave != b->wave || a->wg_wave != b->wg_wave ||
             memcmp(a->wg, b->wg, sizeof a->wg), "wave");
    DIFF(a->pc != b->pc, "pc %llx vs %llx", (unsigned long long)a->pc, (unsigned long long)b->pc);
    DIFF(a->ndw != b->ndw || memcmp(a->dw, b->dw, 4u * a->ndw), "encoding");
    DIFF(a->exec != b->exec || a->flags != b->flags, "exec/flags");
    DIFF(a->cycle_issue != b->cycle_issue || a->cycle_done != b->cycle_done, "cycles");
    DIFF(a->scc_written != b->scc_written || a->scc != b->scc, "scc");
    DIFF(a->ns != b->ns || a->nv != b->nv || a->nm != b->nm || a->nh != b->nh, "counts");
    for (unsigned k = 0; k < a->ns; k++)
        DIFF(a->s[k].reg != b->s[k].reg || a->s[k].val != b->s[k].val, "sgpr %u", k);
    for (unsigned k = 0; k < a->nv; k++) {
        DIFF(a->v[k].reg != b->v[k].reg || a->v[k].mask != b->v[k].mask, "vgpr %u reg/mask", k);
        for (uint64_t m = a->v[k].mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            DIFF(a->v[k].val[l] != b->v[k].val[l], "vgpr %u lane %u", k, l);
        }
    }
    for (unsigned k = 0; k < a->nm; k++)
        DIFF(a->m[k].space != b->m[k].space || a->m[k].addr != b->m[k].addr || a->m[k].val != b->m[k].val,
             "memory dword %u", k);
    for (unsigned k = 0; k < a->nh; k++)
        DIFF(a->h[k].id != b->h[k].id || a->h[k].val != b->h[k].val, "hwreg %u", k);
    return 1;
#undef DIFF
}

enum { NREC = 2500 };
static trace_rec_t *recs;   /* the records written, for comparison */

static trace_header_t header(int timing)
{
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = timing ? TRACE_MODE_TIMING : TRACE_MODE_FUNCTIONAL;
    strcpy(h.target, "gfx803");
    strcpy(h.version, "9.8.7");
    strcpy(h.kernel, "k_name");
    for (unsigned i = 0; i < 32; i++)
        h.co_sha256[i] = (uint8_t)(i * 7);
    h.code_base = 0x100001000ull;
    h.options = "a.co --kernel k_name --global 64 --arg 'x y'";
    return h;
}

/* Write the test records to path (in the caller's thread when unthreaded);
 * returns 0 on success. */
static int write_all(const char *path, int timing, int unthreaded)
{
    char err[512];
    trace_header_t h = header(timing);
    trace_writer_t *tw = trace_write_open(path, &h, err, sizeof err);
    if (!tw) {
        printf("      %s\n", err);
        return -1;
    }
    if (unthreaded)
        tc_writer_unthreaded(tw);
    int rc = 0;
    for (unsigned i = 0; i < NREC && rc == 0; i++)
        rc = trace_write(tw, &recs[i], err, sizeof err);
    if (trace_write_close(tw, err, sizeof err) || rc) {
        printf("      %s\n", err);
        return -1;
    }
    return 0;
}

static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    *n = (size_t)ftell(fp);
    rewind(fp);
    uint8_t *p = malloc(*n ? *n : 1);
    if (p && fread(p, 1, *n, fp) != *n) {
        free(p);
        p = NULL;
    }
    fclose(fp);
    return p;
}

static void spit(const char *path, const uint8_t *p, size_t n)
{
    FILE *fp = fopen(path, "wb");
    if (fp) {
        if (n)
            fwrite(p, 1, n, fp);
        fclose(fp);
    }
}

/* Read the whole file: 0 when every record matches, 1 on a reader error
 * (err set), 2 on a mismatch. */
static int read_all(const char *path, char *err, size_t errlen, trace_rec_t *r)
{
    trace_reader_t *tr = trace_open(path, err, errlen);
    if (!tr)
        return 1;
    int rc = trace_count(tr) == NREC ? 0 : 2;
    char why[128];
    for (uint64_t i = 0; rc == 0; i++) {
        int k = trace_next(tr, r, err, errlen);
        if (k < 0)
            rc = 1;
        else if (k == 0)
            break;
        else if (r->seq != i || !same_rec(&recs[i], r, why, sizeof why))
            rc = 2;
    }
    trace_close(tr);
    return rc;
}

static void test_round_trip(const char *dir, int timing)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/t%d.trace.gz", dir, timing);
    const char *mode = timing ? "timing" : "functional";
    CHECK(write_all(path, timing, 0) == 0, "trace (%s): %d records of every shape written", mode, NREC);
    trace_reader_t *tr = trace_open(path, err, sizeof err);
    CHECK(tr != NULL, "trace (%s): the file opens", mode);
    if (!tr) {
        printf("      %s\n", err);
        return;
    }
    const trace_header_t *h = trace_header(tr);
    trace_header_t want = header(timing);
    CHECK(h->format == TRACE_FORMAT_VERSION && h->mode == want.mode && !strcmp(h->target, "gfx803") &&
              !strcmp(h->version, "9.8.7") && !strcmp(h->kernel, "k_name") &&
              !memcmp(h->co_sha256, want.co_sha256, 32) && h->code_base == want.code_base &&
              !strcmp(h->options, want.options),
          "trace (%s): the header reads back (target, version, kernel, hash, code base, options)", mode);
    CHECK(trace_count(tr) == NREC, "trace (%s): the index counts %d records", mode, NREC);
    trace_rec_t *r = calloc(1, sizeof *r);
    char why[128] = "";
    uint64_t bad = UINT64_MAX, n = 0;
    int k;
    while ((k = trace_next(tr, r, err, sizeof err)) == 1) {
        if (bad == UINT64_MAX && (r->seq != n || !same_rec(&recs[n], r, why, sizeof why)))
            bad = n;
        n++;
    }
    CHECK(k == 0 && n == NREC && bad == UINT64_MAX, "trace (%s): every record reads back as written", mode);
    if (bad != UINT64_MAX)
        printf("      record %llu: %s\n", (unsigned long long)bad, why);
    if (k < 0)
        printf("      %s\n", err);
    int seek_ok = 1;
    uint64_t at[] = {0, 1, NREC / 2, NREC - 1, NREC / 3, 17, NREC - 2, 2 * NREC / 3, NREC / 5, 1000};
    for (unsigned i = 0; i < sizeof at / sizeof at[0] && seek_ok; i++)
        for (uint64_t j = at[i]; j < at[i] + 3 && j < NREC && seek_ok; j++) {
            if (j == at[i] && trace_seek(tr, j, err, sizeof err))
                seek_ok = 0;
            else if (trace_next(tr, r, err, sizeof err) != 1 || r->seq != j || !same_rec(&recs[j], r, why, sizeof why))
                seek_ok = 0;
        }
    CHECK(seek_ok, "trace (%s): seeking through the index gives the same records as reading from the start", mode);
    CHECK(trace_seek(tr, NREC, err, sizeof err) == 0 && trace_next(tr, r, err, sizeof err) == 0,
          "trace (%s): seeking to the end, then no more records", mode);
    CHECK(trace_seek(tr, NREC + 1, err, sizeof err) == -1 && strstr(err, "beyond"),
          "trace (%s): seeking beyond the end is an error: %s", mode, err);
    trace_rec_free(r);
    free(r);
    trace_close(tr);

    /* identical input, identical bytes */
    char again[512];
    snprintf(again, sizeof again, "%s/t%d-again.trace.gz", dir, timing);
    size_t n1 = 0, n2 = 0;
    write_all(again, timing, 0);
    uint8_t *p1 = slurp(path, &n1), *p2 = slurp(again, &n2);
    CHECK(p1 && p2 && n1 == n2 && !memcmp(p1, p2, n1), "trace (%s): the same records give the same bytes (%zu)",
          mode, n1);
    free(p2);
    write_all(again, timing, 1);
    p2 = slurp(again, &n2);
    CHECK(p1 && p2 && n1 == n2 && !memcmp(p1, p2, n1),
          "trace (%s): the same bytes when coded in the caller's thread instead of the writer's", mode);
    free(p1), free(p2);
}

/* Damaged copies of a good trace: an error, never a crash or a wrong record. */
static void test_damage(const char *dir)
{
    char path[512], bad[512], err[512];
    snprintf(path, sizeof path, "%s/t0.trace.gz", dir);
    snprintf(bad, sizeof bad, "%s/bad.trace.gz", dir);
    size_t n = 0;
    uint8_t *p = slurp(path, &n);
    if (!p)
        return;
    trace_rec_t *r = calloc(1, sizeof *r);
    unsigned flips = 0, caught = 0, wrong = 0;
    size_t step = n / 200 + 1;
    for (size_t off = 0; off < n; off += (off < 64 || off + 64 > n) ? 1 : step) {
        p[off] ^= 0xff;
        spit(bad, p, n);
        p[off] ^= 0xff;
        flips++;
        int rc = read_all(bad, err, sizeof err, r);
        caught += rc == 1 && strstr(err, bad) && strstr(err, "offset");
        if (rc == 2 || (rc == 0))
            wrong++, printf("      flipped byte %zu: %s\n", off, rc == 0 ? "not noticed" : "a wrong record");
    }
    CHECK(caught == flips && wrong == 0, "trace: %u flipped bytes each give an error naming the file and offset",
          flips);
    unsigned cuts = 0, caught_cut = 0;
    for (size_t len = 0; len < n; len += len < 64 || len + 64 > n ? 1 : step) {
        spit(bad, p, len);
        cuts++;
        caught_cut += read_all(bad, err, sizeof err, r) == 1;
    }
    CHECK(caught_cut == cuts, "trace: %u truncations each give an error", cuts);
    spit(bad, p, 0);
    CHECK(read_all(bad, err, sizeof err, r) == 1 && strstr(err, "empty"), "trace: an empty file: %s", err);
    spit(bad, (const uint8_t *)"hello, this is not a trace at all\n", 34);
    CHECK(read_all(bad, err, sizeof err, r) == 1 && strstr(err, "not a gzip"), "trace: a text file: %s", err);
    CHECK(read_all("/nonexistent/x.trace.gz", err, sizeof err, r) == 1 && strstr(err, "cannot open"),
          "trace: a missing file: %s", err);
    trace_header_t h = header(0);
    trace_rec_t big;
    memset(&big, 0, sizeof big);
    big.ns = TRACE_MAX_SREG + 1;
    trace_writer_t *tw = trace_write_open(bad, &h, err, sizeof err);
    CHECK(tw && trace_write(tw, &big, err, sizeof err) == -1 && strstr(err, "more than the format holds"),
          "trace: a record with more registers than the format holds is refused: %s", err);
    if (tw)
        trace_write_close(tw, err, sizeof err);
    CHECK(trace_write_open("/nonexistent/dir/x.trace.gz", &h, err, sizeof err) == NULL && strstr(err, "cannot create"),
          "trace: writing into a missing directory: %s", err);
    trace_rec_free(r);
    free(r);
    free(p);
    unlink(bad);
}

static void test_sha256(void)
{
    static const struct { const char *in, *hex; } v[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint8_t d[32];
        char hex[65];
        trace_sha256(v[i].in, strlen(v[i].in), d);
        for (unsigned k = 0; k < 32; k++)
            snprintf(hex + 2 * k, 3, "%02x", d[k]);
        CHECK_STR(hex, v[i].hex, "sha256: FIPS 180-2 vector of %zu bytes", strlen(v[i].in));
    }
}

int main(void)
{
    char dir[] = "/tmp/gcnsim-trace-XXXXXX";
    if (!mkdtemp(dir)) {
        printf("FAIL: trace: no temporary directory\n");
        return 1;
    }
    test_sha256();
    for (int timing = 0; timing <= 1; timing++) {
        recs = calloc(NREC, sizeof *recs);
        uint32_t recent[4][64] = {{0}};
        rng = 0x9e3779b97f4a7c15ull + (uint64_t)timing;
        for (unsigned i = 0; i < NREC; i++)
            make_rec(&recs[i], i, timing, recent);
        test_round_trip(dir, timing);
        if (!timing)
            test_damage(dir);
        for (unsigned i = 0; i < NREC; i++)
            free(recs[i].m);
        free(recs);
    }
    char p[600];
    for (int t = 0; t <= 1; t++) {
        snprintf(p, sizeof p, "%s/t%d.trace.gz", dir, t);
        unlink(p);
        snprintf(p, sizeof p, "%s/t%d-again.trace.gz", dir, t);
        unlink(p);
    }
    rmdir(dir);
    return check_done();
}
