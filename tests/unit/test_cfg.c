/* test_cfg.c — the hot spots' control-flow graph (front/report/cfg.c) on
 * small hand-written programs of SOPP words whose blocks, edges, loops,
 * nesting and trip counts are worked out by hand: nested loops, a
 * self-loop, an irreducible cycle (no natural loop), unreachable code, a
 * branch out of the code, a call. */
#include <stdio.h>
#include <string.h>
#include "front/report/cfg.h"
#include "tests/unit/check.h"

#define NOP 0xbf800000u                      /* s_nop 0 */
#define ENDPGM 0xbf810000u                   /* s_endpgm */
#define BRANCH(s) (0xbf820000u | ((s) & 0xffffu))   /* s_branch: to pc + 4 + 4 * s */
#define CBR(s) (0xbf840000u | ((s) & 0xffffu))      /* s_cbranch_scc0 */

static isa_inst_t dec[16];

/* The instructions of words (one dword each) at address 0x100 on, with
 * counts and taken counts. */
static size_t program(const uint32_t *w, size_t n, const uint64_t *count, const uint64_t *taken, cfg_inst_t *out)
{
    const isa_target_t *t = isa_target_by_name("gfx900");
    for (size_t i = 0; i < n; i++) {
        isa_decode(t, &w[i], 1, &dec[i]);
        out[i] = (cfg_inst_t){0x100 + 4 * i, 1, &dec[i], count ? count[i] : 0, taken ? taken[i] : 0};
    }
    return n;
}

static int succ_is(const cfg_block_t *b, size_t a, uint64_t ca, size_t c, uint64_t cc)
{
    return b->nsucc == 2 && b->succ[0] == a && b->edge[0] == ca && b->succ[1] == c && b->edge[1] == cc;
}

/* entry; outer loop header 1; inner loop 2-3; 4 the outer's latch; 5 end.
 * One wave: outer 3 times, inner 5 times per outer trip. */
static void test_nested(void)
{
    const uint32_t w[] = {NOP, NOP, NOP, CBR(-2), CBR(-4), ENDPGM};
    const uint64_t count[] = {1, 3, 15, 15, 3, 1}, taken[] = {0, 0, 0, 12, 2, 0};
    cfg_inst_t ins[6];
    cfg_t g;
    CHECK(cfg_build(&g, ins, program(w, 6, count, taken, ins)) == 0, "nested: the graph builds");
    CHECK(g.nb == 5 && g.b[2].first == 2 && g.b[2].n == 2, "nested: 5 blocks, the inner loop's one of 2 (%zu)", g.nb);
    CHECK(succ_is(&g.b[2], 2, 12, 3, 3), "nested: the inner latch goes back 12 times and on 3");
    CHECK(succ_is(&g.b[3], 1, 2, 4, 1), "nested: the outer latch goes back 2 times and on once");
    CHECK(g.nl == 2, "nested: two loops (%zu)", g.nl);
    if (g.nl == 2) {
        CHECK(g.l[0].header == 1 && g.l[0].nblocks == 3 && g.l[0].parent == -1 && g.l[0].depth == 1,
              "nested: the outer loop: header block 1, blocks 1-3, depth 1");
        CHECK(g.l[1].header == 2 && g.l[1].nblocks == 1 && g.l[1].parent == 0 && g.l[1].depth == 2,
              "nested: the inner loop: header block 2 alone, inside the outer, depth 2");
        CHECK(g.l[0].entries == 1 && g.l[1].entries == 3, "nested: entries 1 (outer) and 3 (inner: once per outer trip)");
        CHECK(g.b[0].loop == -1 && g.b[1].loop == 0 && g.b[2].loop == 1 && g.b[3].loop == 0 && g.b[4].loop == -1,
              "nested: each block's innermost loop");
        CHECK(cfg_loop_has(&g, 0, 2) && !cfg_loop_has(&g, 1, 3), "nested: cfg_loop_has");
    }
    cfg_free(&g);
}

static void test_self_loop(void)
{
    const uint32_t w[] = {NOP, CBR(-1), ENDPGM};
    const uint64_t count[] = {2, 14, 2}, taken[] = {0, 12, 0};
    cfg_inst_t ins[3];
    cfg_t g;
    CHECK(cfg_build(&g, ins, program(w, 3, count, taken, ins)) == 0 && g.nb == 3, "self-loop: 3 blocks");
    CHECK(g.nl == 1 && g.l[0].header == 1 && g.l[0].nblocks == 1 && g.l[0].entries == 2,
          "self-loop: one loop of one block entered twice (14 / 2 = 7 trips)");
    cfg_free(&g);
}

/* 0 branches to 2 or falls into 1; 1 and 2 jump to each other: a cycle
 * entered at both, no block of it dominates the other. */
static void test_irreducible(void)
{
    const uint32_t w[] = {CBR(1), NOP, CBR(-2), ENDPGM};
    cfg_inst_t ins[4];
    cfg_t g;
    CHECK(cfg_build(&g, ins, program(w, 4, NULL, NULL, ins)) == 0 && g.nb == 4, "irreducible: 4 blocks (%zu)", g.nb);
    CHECK(g.nl == 0, "irreducible: a cycle with two entries is no natural loop (%zu)", g.nl);
    cfg_free(&g);
}

/* code after s_endpgm that loops on itself is never reached: no loop;
 * a branch out of the code has no edge. */
static void test_unreachable(void)
{
    const uint32_t w[] = {CBR(100), ENDPGM, NOP, BRANCH(-2)};
    cfg_inst_t ins[4];
    cfg_t g;
    CHECK(cfg_build(&g, ins, program(w, 4, NULL, NULL, ins)) == 0, "unreachable: the graph builds");
    CHECK(g.nb == 3 && g.b[0].nsucc == 1 && g.b[0].succ[0] == 1, "unreachable: the branch out of the code: one edge");
    CHECK(g.b[1].nsucc == 0, "unreachable: s_endpgm ends with no successor");
    CHECK(g.nl == 0, "unreachable: a cycle no path reaches is not listed (%zu)", g.nl);
    cfg_free(&g);
}

int main(void)
{
    test_nested();
    test_self_loop();
    test_irreducible();
    test_unreachable();
    return check_done();
}
