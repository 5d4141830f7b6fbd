/* test_vreg_write.c — wave_write_vreg (its inline path for a whole-wave
 * write, taken without a record and with a record that keeps no old
 * values, as the cycle model's) against what the effects record promises
 * (sim/README, wave.h): the lanes of the mask written and no other, one
 * entry per write with the register and the mask, the old values only
 * when the record keeps them (FX_OLD_ALL), overflow past FX_MAX_VREG
 * entries, a register beyond the allocation a fault with nothing written.
 * Masks: all lanes, none, one, random; records empty, nearly full, full. */
#include <stdlib.h>
#include <string.h>
#include "sim/wave.h"
#include "tests/unit/check.h"

enum { NV = 12 };

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_rand(void)
{
    return check_xorshift(&rng);
}

/* One write of a random value to VGPR n in the lanes of mask, the record
 * (NULL: none) holding `filled` entries first; 1 when everything is as
 * promised. */
static int one(fx_t *fx, unsigned no_old, unsigned filled, unsigned n, uint64_t mask)
{
    static uint32_t regs[NV][64], before[NV][64], val[64];
    wave_t w;
    memset(&w, 0, sizeof w);
    w.vgpr = regs;
    w.nvgpr = NV;
    w.fx = fx;
    for (unsigned r = 0; r < NV; r++)
        for (unsigned l = 0; l < 64; l++)
            regs[r][l] = before[r][l] = (uint32_t)next_rand();
    for (unsigned l = 0; l < 64; l++)
        val[l] = (uint32_t)next_rand();
    if (fx) {
        memset(fx, 0, sizeof *fx);
        fx->no_old = (uint8_t)no_old;
        fx->nv = filled;
        for (unsigned i = 0; i < filled; i++)
            fx->v[i].reg = 0xffff;
    }
    wave_write_vreg(&w, n, val, mask);
    int ok = 1;
    if (n >= NV) {   /* a fault, nothing written or recorded */
        ok &= w.state == WAVE_FAULT && w.fault.kind == FAULT_REGISTER;
        ok &= memcmp(regs, before, sizeof regs) == 0;
        return ok && (!fx || (fx->nv == filled && !fx->overflow));
    }
    ok &= w.state == WAVE_RUN;
    for (unsigned r = 0; r < NV; r++)
        for (unsigned l = 0; l < 64; l++)
            ok &= regs[r][l] == (r == n && (mask >> l & 1) ? val[l] : before[r][l]);
    if (!fx)
        return ok;
    if (filled == FX_MAX_VREG)
        return ok && fx->overflow && fx->nv == FX_MAX_VREG;
    ok &= !fx->overflow && fx->nv == filled + 1;
    ok &= fx->v[filled].reg == n && fx->v[filled].mask == mask;
    for (unsigned i = 0; i < filled; i++)
        ok &= fx->v[i].reg == 0xffff;
    if (no_old == FX_OLD_ALL)
        for (unsigned l = 0; l < 64; l++)
            ok &= !(mask >> l & 1) || fx->v[filled].old[l] == before[n][l];
    return ok;
}

int main(void)
{
    fx_t *fx = calloc(1, sizeof *fx);
    if (!fx)
        return 1;
    static const char *const rec[] = {"old values (FX_OLD_ALL)", "addresses only (FX_OLD_ADDRS)",
                                      "no old values (FX_OLD_NONE)", "no record"};
    for (unsigned k = 0; k < 4; k++) {
        fx_t *f = k < 3 ? fx : NULL;
        const uint64_t masks[] = {~0ull, 0, 1, 1ull << 63, 0x00000000ffffffffull};
        int ok = 1;
        for (unsigned mi = 0; mi < sizeof masks / sizeof masks[0]; mi++)
            for (unsigned filled = 0; filled <= FX_MAX_VREG; filled += FX_MAX_VREG / 2)
                ok &= one(f, k, filled, 3, masks[mi]);
        CHECK(ok, "write v3 with all, no, one lane and half of them, record empty, half and full: %s", rec[k]);
        ok = 1;
        for (unsigned i = 0; i < 2000; i++) {
            uint64_t mask = (i & 3) == 0 ? ~0ull : next_rand() & next_rand();
            unsigned filled = (unsigned)(next_rand() % (FX_MAX_VREG + 1));
            ok &= one(f, k, filled, (unsigned)(next_rand() % NV), mask);
        }
        CHECK(ok, "2000 random writes (register, mask, record fill): %s", rec[k]);
        ok = 1;
        for (unsigned filled = 0; filled <= FX_MAX_VREG; filled += FX_MAX_VREG)
            ok &= one(f, k, filled, NV, ~0ull) && one(f, k, filled, NV + 100, 5);
        CHECK(ok, "a register beyond the allocation faults, nothing written or recorded: %s", rec[k]);
    }
    free(fx);
    return check_done();
}
