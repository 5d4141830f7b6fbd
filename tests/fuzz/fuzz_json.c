/* fuzz_json.c — libFuzzer target: the JSON reader (front/report/jsonread.c)
 * and gcnsim compare's reading of what it parsed (front/report/compare.c).
 * Input: any bytes, parsed as one document.  A parse error must be one
 * line "offset N: ..." with N within the input; a document that parses is
 * written back (jr_write) and must parse again to the same text; one that
 * compare takes as a report is compared with itself and with an altered
 * copy, as text and as JSON.  A crash, a sanitizer report or a broken rule
 * is a bug.
 * Seeds: tests/fuzz/seeds/fuzz_json (reports of gcnsim run --json, cut
 * down, and hostile snippets).
 * fuzz-options: -max_len=4096
 * fuzz-runs: 8000
 * fuzz-runs-long: 30000
 * fuzz-seed: tests/fuzz/seeds/fuzz_json */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/compare.h"
#include "front/report/jsonread.h"

static FILE *sink;

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_json: invariant broken: %s\n", what);
        abort();
    }
}

/* The error of a failed parse: "offset N: ..." on one line, N <= size. */
static void check_error(const char *err, size_t size)
{
    unsigned long long at;
    require(sscanf(err, "offset %llu:", &at) == 1, "a parse error starts with its offset");
    require(at <= size, "the offset lies within the input");
    require(!strchr(err, '\n'), "a parse error is one line");
}

/* v written back parses to a document that is written back the same. */
static void check_round_trip(const jr_val_t *v)
{
    char *a = NULL, *b = NULL, err[256];
    size_t na = 0, nb = 0;
    FILE *fp = open_memstream(&a, &na);
    json_t j;
    json_init(&j, fp);
    jr_write(&j, NULL, v);
    int deep = json_finish(&j) != 0;   /* the writer refuses more than JSON_MAX_DEPTH levels */
    fclose(fp);
    jr_doc_t d2;
    if (!deep) {
        require(jr_parse(&d2, a, na, err, sizeof err) == 0, "what jr_write wrote parses");
        fp = open_memstream(&b, &nb);
        json_init(&j, fp);
        jr_write(&j, NULL, d2.root);
        json_finish(&j);
        fclose(fp);
        require(na == nb && !memcmp(a, b, na), "writing back is stable");
        jr_free(&d2);
    }
    free(a);
    free(b);
}

static void compare_with_itself(const jr_val_t *v)
{
    cmp_run_t runs[3] = {{v, "a"}, {v, "b"}, {v, "c"}};
    char err[256];
    if (cmp_check(v, err, sizeof err)) {
        require(err[0] && !strchr(err, '\n'), "cmp_check's reason is one line");
        return;
    }
    require(cmp_check_set(runs, 3, err, sizeof err) == 0, "three copies of a report can be compared");
    cmp_text(sink, runs, 3);
    json_t j;
    json_init(&j, sink);
    json_begin_obj(&j, NULL);
    cmp_json(&j, runs, 3);
    json_end(&j);
    require(json_finish(&j) == 0, "the comparison is well-formed JSON");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink)
        sink = fopen("/dev/null", "w");
    jr_doc_t d;
    char err[256] = "";
    if (jr_parse(&d, (const char *)data, size, err, sizeof err)) {
        require(d.root == NULL, "a failed parse leaves no document");
        check_error(err, size);
        return 0;
    }
    check_round_trip(d.root);
    compare_with_itself(d.root);
    jr_free(&d);
    return 0;
}
