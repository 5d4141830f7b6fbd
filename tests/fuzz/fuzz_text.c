/* fuzz_text.c — libFuzzer target: the text a user types — `--arg SPEC`
 * and `--global X,Y,Z` of run/validate/debug, and the debugger's register
 * references, conditions, `set var`, `x/NFU ADDR` and `info registers` —
 * against a gfx900 wave with a device buffer.  Input: lines; each line is
 * given to every parser (specs that read files, buf:PATH and
 * image:...:PATH, are skipped).  A crash, a sanitizer report or an error
 * that is empty or not one line is a bug.
 * Seeds: tests/fuzz/seeds/fuzz_text (commands from the README and tests).
 * fuzz-options: -max_len=512
 * fuzz-runs: 4000
 * fuzz-runs-long: 15000
 * fuzz-seed: tests/fuzz/seeds/fuzz_text */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg_value.h"
#include "front/launch/launch.h"
#include "tests/unit/semtest.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_text: invariant broken: %s\n", what);
        abort();
    }
}

/* rc -1 must come with a one-line message; 0 with none needed. */
static void check_err(int rc, const char *err, const char *what)
{
    if (rc)
        require(err[0] && !strchr(err, '\n'), what);
}

static semtest_t S;
static FILE *sink;

static void one_line(const char *line, const char *next)
{
    char err[512] = "";
    size_t len = strlen(line);
    int reads_file = strncmp(line, "buf:", 4) == 0 ||
                     (strncmp(line, "image:", 6) == 0 && (len < 5 || strcmp(line + len - 5, ":zero") != 0));
    if (!reads_file) {
        la_value_t v;
        int rc = la_parse_value(line, &v, err, sizeof err);
        check_err(rc, err, "la_parse_value error is one line");
        if (rc == 0)
            la_value_free(&v);
    }
    uint32_t n[3];
    unsigned d = la_parse_dims(line, n);
    require(d <= 3, "la_parse_dims: at most 3 dimensions");
    dbg_ref_t r;
    err[0] = 0;
    int rc = dbg_parse_ref(line, &S.w, &r, err, sizeof err);
    check_err(rc, err, "dbg_parse_ref error is one line");
    if (rc == 0) {
        static const char fmts[] = "xzduotfc";
        for (const char *f = fmts; *f; f++) {
            require(dbg_format_ok(*f), "print formats known");
            dbg_print_ref(sink, &S.w, &r, *f, 0xf0f0f0f0f0f0f0f0ull);
        }
        dbg_print_ref(sink, &S.w, &r, 0, ~0ull);
        uint64_t out[64];
        require(dbg_ref_read(&S.w, &r, out, 64) <= 64, "dbg_ref_read within max");
        err[0] = 0;
        check_err(dbg_set_ref(&S.w, &r, next, err, sizeof err), err, "dbg_set_ref error is one line");
    }
    static dbg_cond_t c;
    err[0] = 0;
    rc = dbg_parse_cond(line, &S.w, &c, err, sizeof err);
    check_err(rc, err, "dbg_parse_cond error is one line");
    if (rc == 0)
        require((dbg_eval_cond(&c, &S.w) & ~wave_exec(&S.w)) == 0, "a condition holds only in active lanes");
    err[0] = 0;
    check_err(dbg_print_registers(sink, &S.w, line, err, sizeof err), err, "info registers error is one line");
    dbg_x_t last = {0};
    err[0] = 0;
    check_err(dbg_examine(sink, &S.w, line, next, (int)(strlen(line) % 64), &last, err, sizeof err), err,
              "x error is one line");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink) {
        sink = fopen("/dev/null", "w");
        semtest_init(&S, "gfx900", 16);
        semtest_buffer(&S, NULL, 4096);
        S.w.sgpr[126] = S.w.sgpr[127] = 0x00ff00ffu;
    }
    char *text = malloc(size + 1);
    require(text != NULL, "memory");
    memcpy(text, data, size);
    text[size] = 0;
    char *lines[16];
    int n = 0;
    for (char *p = text; n < 16 && p; n++) {
        lines[n] = p;
        p = strchr(p, '\n');
        if (p)
            *p++ = 0;
    }
    for (int i = 0; i < n; i++)
        one_line(lines[i], i + 1 < n ? lines[i + 1] : "0");
    free(text);
    return 0;
}
