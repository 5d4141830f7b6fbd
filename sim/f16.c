/* f16.c — rounding of doubles to IEEE-754 binary16 (see f16.h). */
#include "sim/f16.h"

/* Whether a discarded remainder rem (of a value with sign and kept low
 * bit odd) rounds the kept magnitude up: half is the weight of the first
 * discarded bit, rem == half is a tie. */
static int round_up(uint64_t rem, uint64_t half, int odd, int sign, unsigned rm)
{
    switch (rm & 3) {
    case RM_NEAREST_EVEN: return rem > half || (rem == half && odd);
    case RM_PLUS_INF: return rem != 0 && !sign;
    case RM_MINUS_INF: return rem != 0 && sign;
    default: return 0;
    }
}

/* What an overflowing magnitude becomes: inf, or the largest finite value
 * when the mode rounds towards zero for this sign. */
static uint16_t overflow16(int sign, unsigned rm)
{
    int to_max = rm == RM_TOWARD_ZERO || (rm == RM_PLUS_INF && sign) || (rm == RM_MINUS_INF && !sign);
    return (uint16_t)((sign ? 0x8000 : 0) | (to_max ? F16_MAX : F16_INF));
}

uint16_t f16_from_f64(double x, unsigned rm)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    int sign = (int)(b >> 63);
    uint16_t s16 = (uint16_t)(sign << 15);
    int e = (int)((b >> 52) & 0x7ff);
    uint64_t m = b & 0xfffffffffffffull;
    if (e == 0x7ff)
        return m ? (uint16_t)(s16 | F16_QNAN | (m >> 42)) : (uint16_t)(s16 | F16_INF);
    if (e == 0 && m == 0)
        return s16;
    if (e == 0)
        e = 1;          /* a double denormal: far below the f16 range */
    else
        m |= 1ull << 52;
    int ue = e - 1023;  /* x = m * 2^(ue - 52) */
    if (ue > 15)
        return overflow16(sign, rm);
    /* keep 11 bits for normal results, fewer below 2^-14 */
    int shift = 42 + (ue < -14 ? -14 - ue : 0);
    uint64_t q, rem, half;
    if (shift >= 64) {
        q = 0;
        rem = 1;        /* nonzero, below half */
        half = 2;
    } else {
        q = m >> shift;
        rem = m & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    }
    q += (uint64_t)round_up(rem, half, (int)(q & 1), sign, rm);
    if (ue < -14)
        return (uint16_t)(s16 | q);     /* denormal (0x400 is the smallest normal) */
    int be = ue + 15;
    if (q == 0x800) {
        q = 0x400;
        be++;
    }
    if (be >= 31)
        return overflow16(sign, rm);
    return (uint16_t)(s16 | be << 10 | (q & 0x3ff));
}

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
