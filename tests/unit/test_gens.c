/* test_gens.c — sim/gens.h: entries go stale at each new generation, a
 * marked entry is current until the next, and a wrap of the counter makes
 * every entry stale again (it would otherwise match a stale entry's old
 * generation number). */
#include "sim/gens.h"
#include "tests/unit/check.h"

int main(void)
{
    gens_t g;
    CHECK(gens_init(&g, 100) == 0, "gens_init: 100 entries");
    unsigned stale = 0;
    for (size_t i = 0; i < 100; i++)
        stale += (unsigned)gens_stale(&g, i);
    CHECK(stale == 100, "a new table: every entry stale (%u of 100)", stale);
    gens_mark(&g, 7);
    gens_mark(&g, 99);
    CHECK(!gens_stale(&g, 7) && !gens_stale(&g, 99) && gens_stale(&g, 8), "marked entries are current, others not");
    gens_next(&g);
    CHECK(gens_stale(&g, 7) && gens_stale(&g, 99), "a new generation: the marked entries are stale again");
    gens_mark(&g, 7);
    CHECK(!gens_stale(&g, 7), "marked in the new generation: current");
    /* the counter's wrap: entry 5 marked in generation 1 long ago would match
     * generation 1 after the wrap unless the table is cleared */
    gens_t w;
    CHECK(gens_init(&w, 10) == 0, "gens_init: 10 entries");
    gens_mark(&w, 5);   /* generation 1 */
    w.cur = UINT32_MAX;
    gens_mark(&w, 6);
    gens_next(&w);      /* wraps to 0, restarts at 1 */
    CHECK(w.cur == 1, "the wrap restarts at generation 1 (got %u)", w.cur);
    CHECK(gens_stale(&w, 5) && gens_stale(&w, 6), "after the wrap every entry is stale, one of generation 1 too");
    gens_free(&g);
    gens_free(&w);
    CHECK(g.of == NULL, "gens_free clears the table pointer");
    return check_done();
}
