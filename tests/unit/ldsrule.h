/* ldsrule.h — the unit tests' own statement of FX_PAT_LDS_FREE (sim/wave.h),
 * written over 64-bit integers lane by lane, independent of the fast paths
 * that record it and of memtime.c's vector checks. */
#ifndef GCNSIM_LDSRULE_H
#define GCNSIM_LDSRULE_H

#include <stdint.h>
#include "sim/wave.h"

/* The dwords of the active lanes within 32 consecutive ones, or each
 * lane's first dword dws past the previous active lane's. */
static inline int lds_free_rule(const fx_access_t *a)
{
    uint64_t m = a->mask & ~a->oob, dws = a->bytes > 4 ? (a->bytes + 3u) / 4 : 1, lo = ~0ull, hi = 0, prev = 0;
    int run = 1, first = 1;
    for (unsigned l = 0; l < 64; l++) {
        if (!(m >> l & 1))
            continue;
        uint64_t d = a->addr[l] >> 2;
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
        run &= first || d == prev + dws;
        prev = d;
        first = 0;
    }
    return m && (run || hi + dws - lo <= 32);
}

#endif
