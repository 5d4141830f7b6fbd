/* f16.h — IEEE-754 binary16 on bit patterns: classification, exact
 * conversion to double, rounding of a double (or of an exact sum s + e) to
 * f16 in the four GCN rounding modes, and f32 rounding of such sums.
 * Rounding modes use the MODE register encoding. */
#ifndef GCNSIM_F16_H
#define GCNSIM_F16_H

#include <stdint.h>
#include <string.h>

enum { RM_NEAREST_EVEN = 0, RM_PLUS_INF = 1, RM_MINUS_INF = 2, RM_TOWARD_ZERO = 3 };

enum {
    F16_QNAN = 0x7e00,        /* the default NaN the hardware produces */
    F16_QUIET = 0x0200,       /* quiet bit of a NaN */
    F16_INF = 0x7c00,
    F16_MAX = 0x7bff,         /* 65504 */
    F16_ONE = 0x3c00,
};

static inline int f16_is_nan(uint32_t h)
{
    return (h & 0x7fff) > 0x7c00;
}

static inline int f16_is_snan(uint32_t h)
{
    return f16_is_nan(h) && !(h & F16_QUIET);
}

static inline int f16_is_inf(uint32_t h)
{
    return (h & 0x7fff) == 0x7c00;
}

static inline int f16_is_denorm(uint32_t h)
{
    return (h & 0x7c00) == 0 && (h & 0x3ff) != 0;
}

/* The value of a finite or infinite f16 as a double (exact).  NaNs give a
 * quiet double NaN carrying the payload. */
static inline double f16_to_f64(uint32_t h)
{
    uint64_t sign = (uint64_t)(h >> 15 & 1) << 63;
    unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    uint64_t b;
    if (e == 0x1f)
        b = sign | 0x7ff0000000000000ull | (m ? 1ull << 51 : 0) | (uint64_t)m << 42;
    else if (e)
        b = sign | (uint64_t)(e - 15 + 1023) << 52 | (uint64_t)m << 42;
    else if (m)
        return (sign ? -1.0 : 1.0) * (double)m * 0x1p-24;   /* denormal */
    else
        b = sign;
    double d;
    memcpy(&d, &b, 8);
    return d;
}

/* x rounded to f16 in rounding mode rm (overflow gives inf or the largest
 * finite value as the mode says).  A NaN keeps its sign and the top payload
 * bits and is quieted. */
uint16_t f16_from_f64(double x, unsigned rm);

/* The exact value s + e rounded once to f16, where s = fl(s + e) and e is
 * its error (from an error-free transformation such as two_sum): s is
 * rounded to odd first, which decides ties and directed roundings
 * correctly because f16 has far fewer bits than double. */
uint16_t f16_from_sum(double s, double e, unsigned rm);

/* The same rounding to f32 (bit pattern), round to nearest even. */
uint32_t f32_from_sum(double s, double e);

/* Two-sum: s = fl(a + b) and e = (a + b) - s exactly. */
static inline double two_sum(double a, double b, double *e)
{
    double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}

#endif
