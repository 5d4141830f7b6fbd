/* fuzz_decode.c — libFuzzer target: decode and format arbitrary bytes as
 * instructions of every target, the way `gcnsim disasm` walks code.  Any
 * crash, sanitizer report or broken invariant is a bug.
 * fuzz-options: -max_len=256
 * fuzz-runs: 1200
 * fuzz-runs-long: 5000
 * fuzz-seed: text */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "isa/isa.h"

#define MAX_WORDS 1024

/* Trap on a broken invariant so that libFuzzer records the input. */
static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_decode: invariant broken: %s\n", what);
        abort();
    }
}

/* Walk words[0..n) for one target, decoding and formatting each instruction. */
static void walk(const isa_target_t *t, const uint32_t *w, size_t n)
{
    char text[256], tiny[8];
    size_t i = 0;
    while (i < n) {
        isa_inst_t in;
        isa_status_t st = isa_decode(t, w + i, n - i, &in);
        require(in.ndw >= 1 && in.ndw <= 3, "ndw out of 1..3");
        if (st == ISA_OK) {
            require(in.ndw <= n - i, "instruction longer than the input");
            require(in.op < ISA_OP_COUNT && isa_row(in.op) != NULL, "valid op id");
            int len = isa_format(t, &in, 4 * i, text, sizeof text);
            /* validity is the decoder's alone: a decoded instruction prints,
             * or (gfx6/7) is one LLVM cannot print and shows as data */
            require(len >= 0 || (len == ISA_FMT_UNPRINTABLE && t->gen <= ISA_GFX7 &&
                                 strncmp(text, ".long 0x", 8) == 0),
                    "a decoded instruction formats (gfx6/7: or is unprintable, shown as .long data)");
            require(strlen(text) < sizeof text, "text terminated");
            int len2 = isa_format(t, &in, 4 * i, tiny, sizeof tiny);
            require((len2 >= 0) == (len >= 0) && strlen(tiny) < sizeof tiny, "truncated format terminated");
            (void)isa_branch_target(&in, 4 * i);
            i += in.ndw;
        } else {
            require(in.op == ISA_OP_COUNT, "invalid word has op == ISA_OP_COUNT");
            require(st == in.status && isa_status_text(st) && st != ISA_E_INVALID, "a specific status");
            require(isa_format(t, &in, 0, text, sizeof text) == -1, "invalid word does not format");
            i++;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint32_t w[MAX_WORDS];
    size_t n = size / 4;
    if (n > MAX_WORDS)
        n = MAX_WORDS;
    for (size_t k = 0; k < n; k++)
        w[k] = (uint32_t)data[4 * k] | (uint32_t)data[4 * k + 1] << 8 |
               (uint32_t)data[4 * k + 2] << 16 | (uint32_t)data[4 * k + 3] << 24;
    for (size_t ti = 0; isa_target_at(ti); ti++) {
        const isa_target_t *t = isa_target_at(ti);
        walk(t, w, n);
        /* also the register printer on the first bytes */
        if (size >= 2) {
            char reg[64];
            (void)isa_format_reg(t, data[0] | (data[1] & 1u) << 8, 1 + (data[1] >> 1) % 16, reg, sizeof reg);
        }
    }
    return 0;
}
