/* test_decode_valid.c — validity is the decoder's alone: on random words of
 * every encoding family and target, a word isa_decode accepts formats (or,
 * gfx6/7, is one LLVM cannot print: ISA_FMT_UNPRINTABLE, shown as data),
 * and a word it rejects has a specific status and does not format.  Plus
 * the statuses of a few words each rule of the checkers rejects. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "tests/unit/check.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    return (uint32_t)(check_xorshift(&rng) >> 16);
}

/* Fixed leading bits of each encoding family (and of SDWA/DPP forms). */
static const struct {
    uint32_t val, mask;
} fam[] = {
    {0xBE800000u, 0xFF800000u}, {0xBF000000u, 0xFF800000u}, {0xBF800000u, 0xFF800000u},
    {0xB0000000u, 0xF0000000u}, {0x80000000u, 0xC0000000u}, {0x00000000u, 0x80000000u},
    {0x7E000000u, 0xFE000000u}, {0x7C000000u, 0xFE000000u}, {0xC0000000u, 0xF8000000u},
    {0xC0000000u, 0xFC000000u}, {0xC4000000u, 0xFC000000u}, {0xC8000000u, 0xFC000000u},
    {0xD0000000u, 0xFC000000u}, {0xD3800000u, 0xFF800000u}, {0xD4000000u, 0xFC000000u},
    {0xD8000000u, 0xFC000000u}, {0xDC000000u, 0xFC000000u}, {0xE0000000u, 0xFC000000u},
    {0xE8000000u, 0xFC000000u}, {0xF0000000u, 0xFC000000u}, {0xF8000000u, 0xFC000000u},
    {0x7E0001F9u, 0xFE0001FFu}, {0x7E0001FAu, 0xFE0001FFu}, {0x000000F9u, 0x800001FFu},
    {0x000000FAu, 0x800001FFu}, {0x7C0000F9u, 0xFE0001FFu},
};
#define NFAM (sizeof fam / sizeof fam[0])
#define PER_FAMILY 3000

static void random_words(const isa_target_t *t)
{
    unsigned nstat[16] = {0}, bad = 0, unprintable = 0;
    for (unsigned f = 0; f < NFAM; f++) {
        for (unsigned k = 0; k < PER_FAMILY; k++) {
            uint32_t w[3] = {rnd(), rnd(), rnd()};
            w[0] = (w[0] & ~fam[f].mask) | fam[f].val;
            if (k % 8 == 0)   /* a source in the constants and specials */
                w[1] = (w[1] & ~0x1ffu) | (0xf0 + k / 8 % 16);
            isa_inst_t in;
            char text[256];
            isa_status_t st = isa_decode(t, w, 3, &in);
            int len = isa_format(t, &in, 0, text, sizeof text);
            nstat[st & 15]++;
            int ok = st == ISA_OK ? len >= 0 || (len == ISA_FMT_UNPRINTABLE && t->gen <= ISA_GFX7)
                                  : len == -1 && in.status == st && st != ISA_E_INVALID && st != ISA_E_TRUNC;
            unprintable += len == ISA_FMT_UNPRINTABLE;
            if (!ok && bad++ < 5)
                printf("  %s %08x %08x %08x: status %d (%s), format %d \"%s\"\n", t->name, w[0], w[1], w[2],
                       st, isa_status_text(st), len, text);
        }
    }
    CHECK(bad == 0, "%s: %u random words: decoded ones format (%u unprintable), rejected ones do not (%u operand, %u field, %u opcode)",
          t->name, (unsigned)(NFAM * PER_FAMILY), unprintable, nstat[ISA_E_OPERAND], nstat[ISA_E_FIELD],
          nstat[ISA_E_OPCODE]);
}

/* One word and the status its decode must give. */
static void status_of(const char *target, uint32_t w0, uint32_t w1, isa_status_t want, const char *what)
{
    const isa_target_t *t = isa_target_by_name(target);
    uint32_t w[3] = {w0, w1, 0};
    isa_inst_t in;
    isa_status_t st = isa_decode(t, w, 3, &in);
    CHECK(st == want, "%s %08x %08x: %s (status %d, want %d)", target, w0, w1, what, st, want);
}

int main(void)
{
    for (size_t i = 0; isa_target_at(i); i++)
        random_words(isa_target_at(i));

    status_of("gfx900", 0xBE8000D1u, 0, ISA_E_OPERAND, "s_mov_b32 from the reserved source 209");
    status_of("gfx900", 0xBF8A0001u, 0, ISA_E_FIELD, "s_barrier with a nonzero simm16");
    status_of("gfx900", 0xBF8A0000u, 0, ISA_OK, "s_barrier");
    status_of("gfx601", 0xBE8003EBu, 0, ISA_E_OPERAND, "s_mov_b32 from src_shared_base before gfx8");
    status_of("gfx803", 0xBE8000EBu, 0, ISA_OK, "s_mov_b32 from src_shared_base");
    status_of("gfx900", 0xD1010000u, 0x000000FFu, ISA_E_OPERAND, "VOP3 with a literal source");
    status_of("gfx900", 0xD1018000u, 0x00000000u, ISA_OK, "v_add_f32_e64 v0, s0, s0 clamp");
    status_of("gfx900", 0xD1290000u, 0x20000000u, ISA_E_FIELD, "neg on a source v_add_u32_e64 takes no modifier on");
    status_of("gfx900", 0xD8D800FFu, 0xFF0000FFu, ISA_E_OPERAND, "ds_read_b64 into v[255:256]");
    status_of("gfx700", 0xF80000A0u, 0, ISA_E_FIELD, "export to an unnamed target (gfx7)");
    return check_done();
}
