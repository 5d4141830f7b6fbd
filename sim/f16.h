/* f16.h — IEEE-754 binary16 on bit patterns: classification, exact
 * conversion to double and float, rounding of a double (or of an exact sum
 * s + e) to f16 in the four GCN rounding modes, f32 rounding of such sums,
 * and a fast nearest-even float -> f16 rounding.  Rounding modes use the
 * MODE register encoding.  All inline: the f16 semantics call them per
 * lane. */
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

/* Whether a discarded remainder rem (of a value with sign and kept low
 * bit odd) rounds the kept magnitude up: half is the weight of the first
 * discarded bit, rem == half is a tie. */
static inline int f16_round_up_(uint64_t rem, uint64_t half, int odd, int sign, unsigned rm)
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
static inline uint16_t f16_overflow_(int sign, unsigned rm)
{
    int to_max = rm == RM_TOWARD_ZERO || (rm == RM_PLUS_INF && sign) || (rm == RM_MINUS_INF && !sign);
    return (uint16_t)((sign ? 0x8000 : 0) | (to_max ? F16_MAX : F16_INF));
}

/* x rounded to f16 in rounding mode rm (overflow gives inf or the largest
 * finite value as the mode says).  A NaN keeps its sign and the top payload
 * bits and is quieted.  Inline: the f16 semantics call it per lane. */
static inline uint16_t f16_from_f64(double x, unsigned rm)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    int sign = (int)(b >> 63);
    uint16_t s16 = (uint16_t)(sign << 15);
    uint64_t mag = b & 0x7fffffffffffffffull;
    if (rm == RM_NEAREST_EVEN && mag < 0x40effe0000000000ull) {   /* below 65520: no overflow */
        if (mag < 0x3f10000000000000ull) {                        /* below 2^-14: a denormal */
            double t, a;
            memcpy(&a, &mag, 8);
            t = a + 0x1p28;                                        /* rounds to a multiple of 2^-24 */
            uint64_t tb;
            memcpy(&tb, &t, 8);
            return (uint16_t)(s16 | (tb - 0x41b0000000000000ull));
        }
        mag += ((uint64_t)(15 - 1023) << 52) + 0x1ffffffffffull + ((mag >> 42) & 1);
        return (uint16_t)(s16 | (mag >> 42));
    }
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
        return f16_overflow_(sign, rm);
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
    q += (uint64_t)f16_round_up_(rem, half, (int)(q & 1), sign, rm);
    if (ue < -14)
        return (uint16_t)(s16 | q);     /* denormal (0x400 is the smallest normal) */
    int be = ue + 15;
    if (q == 0x800) {
        q = 0x400;
        be++;
    }
    if (be >= 31)
        return f16_overflow_(sign, rm);
    return (uint16_t)(s16 | be << 10 | (q & 0x3ff));
}


/* Round to odd: s when its last bit is set, else s moved one double ulp
 * towards the sign of e (s finite and nonzero).  The result is never an
 * f16/f32 rounding boundary (those are even doubles) and lies on the same
 * side of every boundary as s + e. */
static inline double f16_to_odd_(double s, double e)
{
    uint64_t b;
    memcpy(&b, &s, 8);
    if (b & 1)
        return s;
    b = (e > 0) == (s > 0) ? b + 1 : b - 1;
    memcpy(&s, &b, 8);
    return s;
}

/* The exact value s + e rounded once to f16, where s = fl(s + e) and e is
 * its error (from an error-free transformation such as two_sum): s is
 * rounded to odd first, which decides ties and directed roundings
 * correctly because f16 has far fewer bits than double. */
static inline uint16_t f16_from_sum(double s, double e, unsigned rm)
{
    if (e != 0 && s != 0 && s - s == 0)
        s = f16_to_odd_(s, e);
    return f16_from_f64(s, rm);
}

/* The same rounding to f32 (bit pattern), round to nearest even. */
static inline uint32_t f32_from_sum(double s, double e)
{
    if (e != 0 && s != 0 && s - s == 0)
        s = f16_to_odd_(s, e);
    float f = (float)s;
    uint32_t r;
    memcpy(&r, &f, 4);
    return r;
}

/* ---- fast f16 <-> f32 (round to nearest even) ----------------------------
 * f16 sums, differences and products computed in f32 and rounded once more
 * to f16 are correctly rounded (f32 has 24 >= 2*11 + 2 bits; products and
 * tiny sums are even exact in f32). */

/* f16 bits to f32 bits (exact; a NaN keeps its payload): the format
 * conversions of buffer and image loads. */
static inline uint32_t f16_bits_to_f32(uint32_t h)
{
    uint32_t s = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f)
        return s | 0x7f800000u | m << 13;
    if (e == 0) {
        if (!m)
            return s;
        e = 113;
        while (!(m & 0x400)) {
            m <<= 1;
            e--;
        }
        return s | e << 23 | (m & 0x3ff) << 13;
    }
    return s | (e + 112) << 23 | m << 13;
}

/* f32 bits to f16 bits, nearest even (a NaN quiet, its top payload bits
 * kept): the format conversions of buffer and image stores. */
static inline uint32_t f32_bits_to_f16(uint32_t f)
{
    uint32_t s = (f >> 16) & 0x8000u, e = (f >> 23) & 0xff, m = f & 0x7fffff;
    if (e == 0xff)
        return s | 0x7c00u | (m ? 0x200u | m >> 13 : 0);
    int ue = (int)e - 127 + 15;
    if (ue >= 0x1f)
        return s | 0x7c00u;
    uint32_t mant = m | (e ? 0x800000u : 0);
    int shift = ue > 0 ? 13 : 14 - ue;
    if (shift > 24)
        return s;
    uint32_t q = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    return s | ((ue > 0 ? (uint32_t)ue << 10 : 0) + (ue > 0 ? q - 0x400 : q));
}

/* An f16 as float (exact; NaNs keep their payload, quieting is left to the
 * caller). */
static inline float f16_to_f32f(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16, e = h & 0x7c00u, b;
    if (e == 0x7c00u)
        b = sign | 0x7f800000u | (h & 0x3ffu) << 13;
    else if (e)
        b = sign | (((h & 0x7fffu) << 13) + ((127u - 15u) << 23));
    else {
        float f = (float)(h & 0x3ffu) * 0x1p-24f;
        return sign ? -f : f;
    }
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* A float rounded to f16, nearest even (NaN: quiet, top payload bits). */
static inline uint32_t f16_from_f32_rne(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u)
        return sign | (x > 0x7f800000u ? F16_QNAN | ((x >> 13) & 0x3ffu) : F16_INF);
    if (x >= 0x477ff000u)                      /* 65520 and above round to inf */
        return sign | F16_INF;
    if (x < 0x38800000u) {                     /* below 2^-14: an f16 denormal */
        float a, t;
        memcpy(&a, &x, 4);
        t = a + 0.5f;                          /* the FPU rounds to a multiple of 2^-24 */
        uint32_t tb;
        memcpy(&tb, &t, 4);
        return sign | (tb - 0x3f000000u);
    }
    x += ((uint32_t)(15 - 127) << 23) + 0xfffu + ((x >> 13) & 1);   /* rebias, round half to even */
    return sign | (x >> 13);
}

/* Two-sum: s = fl(a + b) and e = (a + b) - s exactly. */
static inline double two_sum(double a, double b, double *e)
{
    double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}

#endif
