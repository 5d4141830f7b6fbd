/* f16.c — rounding of exact sums s + e to f16 and f32 (see f16.h). */
#include "sim/f16.h"

/* Round to odd: s when its last bit is set, else s moved one double ulp
 * towards the sign of e (s finite and nonzero).  The result is never an
 * f16/f32 rounding boundary (those are even doubles) and lies on the same
 * side of every boundary as s + e. */
static double to_odd(double s, double e)
{
    uint64_t b;
    memcpy(&b, &s, 8);
    if (b & 1)
        return s;
    b = (e > 0) == (s > 0) ? b + 1 : b - 1;
    memcpy(&s, &b, 8);
    return s;
}

uint16_t f16_from_sum(double s, double e, unsigned rm)
{
    if (e != 0 && s != 0 && s - s == 0)
        s = to_odd(s, e);
    return f16_from_f64(s, rm);
}

uint32_t f32_from_sum(double s, double e)
{
    if (e != 0 && s != 0 && s - s == 0)
        s = to_odd(s, e);
    float f = (float)s;
    uint32_t r;
    memcpy(&r, &f, 4);
    return r;
}
