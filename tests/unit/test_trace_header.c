/* test_trace_header.c — the trace reader keeps the strings of a trace's
 * header (target, version, kernel, options: whatever the file says)
 * printable: controls, C1 controls and bytes that are not UTF-8 come back
 * as \xNN, ordinary text and backslashes unchanged, long fields cut whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace.h"
#include "tests/unit/check.h"

/* Write a trace with header h and no records, read its header back. */
static int round_trip(const char *path, const trace_header_t *h, trace_header_t *out, char *opts, size_t n)
{
    char err[512];
    trace_writer_t *tw = trace_write_open(path, h, err, sizeof err);
    if (!tw || trace_write_close(tw, err, sizeof err)) {
        printf("      %s\n", err);
        return -1;
    }
    trace_reader_t *tr = trace_open(path, err, sizeof err);
    if (!tr) {
        printf("      %s\n", err);
        return -1;
    }
    *out = *trace_header(tr);
    snprintf(opts, n, "%s", out->options);
    out->options = opts;
    trace_close(tr);
    return 0;
}

int main(void)
{
    const char *path = "build/tests/trace-header-test.trace.gz";
    trace_header_t h, got;
    char opts[512];
    memset(&h, 0, sizeof h);
    h.mode = TRACE_MODE_FUNCTIONAL;
    strcpy(h.target, "gfx803");
    strcpy(h.version, "1.0\x1b[2J");
    strcpy(h.kernel, "k\nPASS: all\xff\xc2\x9b" "caf\xc3\xa9\\x");
    h.options = "a.co --kernel 'k\x1b]0;t\x07' --arg 'x\\y'";
    if (round_trip(path, &h, &got, opts, sizeof opts)) {
        CHECK(0, "trace header: written and read back");
        return check_done();
    }
    CHECK_STR(got.target, "gfx803", "trace header: an ordinary target reads back unchanged");
    CHECK_STR(got.version, "1.0\\x1b[2J", "trace header: an escape sequence in the version is escaped");
    CHECK_STR(got.kernel, "k\\x0aPASS: all\\xff\\xc2\\x9b" "caf\xc3\xa9\\x",
              "trace header: newline, a non-UTF-8 byte and a C1 control escaped, UTF-8 and '\\' kept");
    CHECK_STR(got.options, "a.co --kernel 'k\\x1b]0;t\\x07' --arg 'x\\y'", "trace header: options escaped");
    memset(h.kernel, '\x1b', sizeof h.kernel - 1);
    h.kernel[sizeof h.kernel - 1] = 0;
    if (round_trip(path, &h, &got, opts, sizeof opts) == 0) {
        size_t n = strlen(got.kernel);
        CHECK(n < sizeof got.kernel && n % 4 == 0 && strncmp(got.kernel, "\\x1b\\x1b", 8) == 0,
              "trace header: a kernel name of 127 ESC bytes is cut to whole escapes (%zu bytes)", n);
    }
    remove(path);
    return check_done();
}
