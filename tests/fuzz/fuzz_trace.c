/* fuzz_trace.c — libFuzzer target: decode arbitrary bytes as the payload of
 * a trace's records chunk (trace_code.c, the part of a trace file that CRCs
 * do not guard against a writer's or reader's own mistakes), then print
 * every decoded record the way `gcnsim trace dump` does.  Input: one byte
 * (bit 0: timing mode; bits 1-2: target gfx701, gfx803, gfx900 or none),
 * then the chunk payload (u32 length of stream A, A, B).  A crash, a
 * sanitizer report, a record outside trace.h's limits or a decode error
 * without a reason is a bug.
 * Seeds: the chunks of the golden traces in traces/.
 * fuzz-options: -max_len=16384
 * fuzz-runs: 600
 * fuzz-runs-long: 6000
 * fuzz-seed: traces */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace.h"
#include "front/trace/trace_code.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_trace: invariant broken: %s\n", what);
        abort();
    }
}

static const char *const targets[4] = {"gfx701", "gfx803", "gfx900", "gfx1234"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    int timing = data[0] & 1;
    trace_header_t h = {TRACE_FORMAT_VERSION, (unsigned)timing, "", "", "fuzz", {0}, 0x1000, ""};
    snprintf(h.target, sizeof h.target, "%s", targets[data[0] >> 1 & 3]);
    size_t na = (size_t)tc_get_le(data + 1, 4);
    if (na > size - 5)
        return 0;
    tc_rd_t a = {data + 5, data + 5 + na, 0}, b = {data + 5 + na, data + size, 0};
    static tc_ctx_t ctx;   /* large: not on the stack */
    memset(&ctx, 0, sizeof ctx);
    tc_reset(&ctx);
    require(tc_set_target(&ctx, h.target, NULL, 0) == 0, "tc_set_target");
    trace_rec_t *r = calloc(1, sizeof *r);
    require(r != NULL, "memory");
    char text[512];
    for (int n = 0; n < 70000 && (a.p != a.end || b.p != b.end); n++) {
        const char *why = NULL;
        if (tc_decode(&ctx, &a, &b, r, timing, &why)) {
            require(why != NULL && why[0] && !strchr(why, '\n'), "a decode error has a one-line reason");
            break;
        }
        require(r->ndw <= 3, "0..3 dwords");
        require(r->ns <= TRACE_MAX_SREG && r->nv <= TRACE_MAX_VREG && r->nh <= TRACE_MAX_HWREG &&
                    r->nm <= TRACE_MAX_MEM && r->nm <= r->mcap + (r->nm == 0),
                "write counts within trace.h's limits");
        require(a.p <= a.end && b.p <= b.end, "cursors inside their streams");
        trace_disasm(&h, r, text, sizeof text);
        require(memchr(text, 0, sizeof text) != NULL, "disassembly terminated");
        for (unsigned i = 0; i < r->ns; i++) {
            char buf[32];
            require(trace_sreg_name(&h, r->s[i].reg, buf) != NULL, "SGPR named");
        }
        for (unsigned i = 0; i < r->nm; i++)
            require(trace_space_name(r->m[i].space) != NULL, "memory space named");
    }
    trace_rec_free(r);
    free(r);
    tc_free(&ctx);
    return 0;
}
