/* memtest.h — helpers of the memory-semantics unit tests (test_sem_lds.c,
 * test_sem_vmem.c, test_sem_flat.c): instructions by their assembly text,
 * looked up in the test's encodings table (bytes from llvm-mc-15 for
 * gfx6/7 and llvm-mc-16 for gfx8/9), run one at a time on one wave.
 *
 * Each test file defines `const enc_t ENC[]` (rows {gen, text, words,
 * ndw}, ended by a row with text NULL) and writes instructions as
 * A("text") so that the table can be regenerated from the source. */
#ifndef GCNSIM_MEMTEST_H
#define GCNSIM_MEMTEST_H

#include <stdio.h>
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

typedef struct {
    uint8_t gen;
    const char *text;
    uint32_t w[3];
    uint8_t n;
} enc_t;

extern const enc_t ENC[];

#define A(text) text

static semtest_t S;
static int S_live;

/* The LDS fill pattern: byte i of LDS holds lds_pat(i). */
static inline uint8_t lds_pat(uint32_t i)
{
    return (uint8_t)((i * 13 + 7) ^ (i >> 8));
}

/* Fresh wave on target with nvgpr VGPRs, EXEC all ones, M0 = -1 (as
 * compilers set it for LDS on gfx6-8); LDS filled with lds_pat(). */
static inline void mt_init(const char *target, unsigned nvgpr)
{
    if (S_live)
        semtest_free(&S);
    semtest_init(&S, target, nvgpr);
    S_live = 1;
    S.w.sgpr[SREG_M0] = 0xffffffffu;
    for (uint32_t i = 0; i < sizeof S.lds; i++)
        S.lds[i] = lds_pat(i);
}

static inline void mt_done(void)
{
    if (S_live)
        semtest_free(&S);
    S_live = 0;
}

static inline const enc_t *mt_find(unsigned gen, const char *text)
{
    for (const enc_t *e = ENC; e->text; e++)
        if (e->gen == gen && strcmp(e->text, text) == 0)
            return e;
    return NULL;
}

/* Run one instruction (assembly text for the wave's target).  Returns 1
 * when it ran without faulting, 0 after a fault, -1 when the text has no
 * encoding (a failed check is printed). */
static inline int mt_run(const char *text)
{
    const enc_t *e = mt_find(S.t->gen, text);
    if (!e) {
        CHECK(0, "%s has an encoding for %s", text, S.t->name);
        return -1;
    }
    uint32_t code[4];
    memcpy(code, e->w, e->n * 4);
    code[e->n] = 0xbf810000;   /* s_endpgm */
    free(S.code);
    S.code = NULL;
    semtest_load(&S, code, e->n + 1u);
    S.w.state = WAVE_RUN;
    if (S.w.fx) {
        S.fx.nm = 0;
        S.fx.nacc = 0;
    }
    semtest_step(&S, 1);
    return S.w.state == WAVE_FAULT ? 0 : 1;
}

static inline void mt_exec(uint64_t exec)
{
    S.w.sgpr[126] = (uint32_t)exec;
    S.w.sgpr[127] = (uint32_t)(exec >> 32);
}

/* First lane (of mask) where VGPR v differs from want[], or -1. */
static inline int mt_diff(unsigned v, const uint32_t want[64], uint64_t mask)
{
    for (unsigned l = 0; l < 64; l++)
        if ((mask >> l & 1) && S.w.vgpr[v][l] != want[l])
            return (int)l;
    return -1;
}

/* Check VGPR v against want[] in the lanes of mask, naming the case. */
#define CHECK_V(v, want, mask, ...)                                                          \
    do {                                                                                     \
        int bad_ = mt_diff((v), (want), (mask));                                             \
        CHECK(bad_ < 0, __VA_ARGS__);                                                        \
        if (bad_ >= 0)                                                                       \
            printf("      v%u lane %d: got 0x%08x want 0x%08x\n", (unsigned)(v), bad_,         \
                   S.w.vgpr[v][bad_], (want)[bad_]);                                         \
    } while (0)

#endif
