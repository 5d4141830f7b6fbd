/* gens.h — emptying many entries lazily by generations: a reset bumps one
 * counter, and an entry whose generation is older is emptied by its owner
 * when first used (memtime.c's cache sets, tlb.c's CU entries and shared
 * sets), so that a reset costs nothing per entry. */
#ifndef GCNSIM_GENS_H
#define GCNSIM_GENS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t cur;   /* the current generation (from 1) */
    uint32_t *of;   /* [n]: each entry's generation; 0 = never used */
    size_t n;
} gens_t;

/* n entries, every one older than the first generation.  0, or -1 when
 * out of host memory. */
static inline int gens_init(gens_t *g, size_t n)
{
    g->cur = 1;
    g->n = n;
    g->of = calloc(n ? n : 1, sizeof *g->of);
    return g->of ? 0 : -1;
}

/* Frees the table. */
static inline void gens_free(gens_t *g)
{
    free(g->of);
    g->of = NULL;
}

/* A new generation: every entry is older (a wrap clears the table). */
static inline void gens_next(gens_t *g)
{
    if (++g->cur == 0) {
        memset(g->of, 0, g->n * sizeof *g->of);
        g->cur = 1;
    }
}

/* Whether entry i is of an older generation (to be emptied before use). */
static inline int gens_stale(const gens_t *g, size_t i)
{
    return g->of[i] != g->cur;
}

/* Entry i, just emptied, belongs to the current generation. */
static inline void gens_mark(gens_t *g, size_t i)
{
    g->of[i] = g->cur;
}

#endif
