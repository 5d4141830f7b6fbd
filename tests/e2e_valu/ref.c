/* ref.c — end-to-end checks of the 32-bit integer and f32 VALU
 * instructions: runs the kernels of src/valu.cl (compiled to
 * bin/valu-GFX.co) through `gcnsim run` on gfx601, gfx701, gfx803 and
 * gfx900 and compares every result buffer with a C reference computed here
 * from the same inputs.  Integer results and correctly rounded f32
 * operations must match exactly; results OpenCL allows to be approximate
 * are held to the OpenCL 2.0 ULP bounds (division 2.5, rsqrt 2, exp/log 3,
 * sin/cos 4, tanh 5, pow 16).  gfx6-8 kernels run with f32 denormals
 * flushed (the compiler's default), gfx9 kernels with denormals; the
 * references follow the same mode.
 *
 *   ref GCNSIM BINDIR TMPDIR     prints PASS:/FAIL: lines, exits 1 on a failure */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_SUITE "e2e_valu"
#define REF_SEED 2024
#include "../e2e_ref.h"

enum { N = 256 };

/* Run kernel k of target t on N work-items with inputs in{a,b,c}.bin
 * (prefix: "i" or "f"); the result buffer of out_bytes goes to
 * out-K-T.bin, then into out. */
static int run(const char *k, const char *t, const char *in, size_t out_bytes, void *out)
{
    char global[16], args[512], name[128];
    snprintf(global, sizeof global, "%d", N);
    snprintf(args, sizeof args, "--arg zero:%zu --arg buf:%sa.bin --arg buf:%sb.bin --arg buf:%sc.bin --dump 0=out-%s-%s.bin",
             out_bytes, in, in, in, k, t);
    if (ref_run("valu", k, t, global, "128", args))
        return -1;
    snprintf(name, sizeof name, "out-%s-%s.bin", k, t);
    if (load(name, out, out_bytes)) {
        printf("FAIL: e2e_valu %s %s: no result buffer\n", k, t);
        failed = 1;
        return -1;
    }
    return 0;
}

/* ---- inputs ------------------------------------------------------------- */

static int32_t ia[2 * N], ib[2 * N], ic[2 * N];   /* also read as N int64 */
static float fa[N], fb[N], fc[N];

static int32_t rnd_int(void)
{
    static const int32_t special[] = {0, 1, -1, INT32_MAX, INT32_MIN, 7, -7, 1000, 0x00ffffff, -0x800000};
    uint32_t r = rnd() % 10;
    if (r == 0)
        return special[rnd() % (sizeof special / sizeof special[0])];
    if (r < 4)
        return (int32_t)(rnd() % 2001) - 1000;
    return (int32_t)rnd();
}

static float rnd_float(void)
{
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.5f, -2.5f, 3.5f, 1e-40f, -1e-42f,
                                    INFINITY, -INFINITY, NAN, 3e38f, -3e38f, 1e-38f, 16777217.0f,
                                    2147483648.0f, -2147483904.0f, 4294967296.0f};
    if (rnd() % 10 == 0)
        return special[rnd() % (sizeof special / sizeof special[0])];
    float m = (float)(int32_t)rnd() / 2147483648.0f;
    return ldexpf(m, (int)(rnd() % 61) - 30);
}

static void make_inputs(void)
{
    for (int i = 0; i < 2 * N; i++) {
        ia[i] = rnd_int();
        ib[i] = rnd_int();
        ic[i] = rnd_int();
    }
    for (int i = 0; i < N; i++) {
        fa[i] = rnd_float();
        fb[i] = rnd_float();
        fc[i] = rnd_float();
    }
    save("ia.bin", ia, sizeof ia);
    save("ib.bin", ib, sizeof ib);
    save("ic.bin", ic, sizeof ic);
    save("fa.bin", fa, sizeof fa);
    save("fb.bin", fb, sizeof fb);
    save("fc.bin", fc, sizeof fc);
}

/* ---- comparison ------------------------------------------------------- */

static int ftz;   /* the target flushes f32 denormals */

static float fz(float x)
{
    return ftz && x != 0 && fabsf(x) < 0x1p-126f ? copysignf(0, x) : x;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Distance in ULPs between got and want (NaN matches NaN; zeros of either
 * sign match when denormals are flushed). */
static double ulps(float got, float want)
{
    if (want != want || got != got)
        return (want != want) == (got != got) ? 0 : 1e30;
    if (ftz && got == 0 && want == 0)
        return 0;
    int64_t g = (int32_t)bits(got), w = (int32_t)bits(want);
    g = g < 0 ? (int64_t)INT32_MIN - g : g;
    w = w < 0 ? (int64_t)INT32_MIN - w : w;
    return fabs((double)(g - w));
}

/* One PASS/FAIL line for a kernel: bad results, the first described. */
static void verdict(const char *k, const char *t, int bad, int total, const char *first, const char *extra)
{
    if (bad) {
        printf("FAIL: e2e_valu %s %s: %d of %d results wrong; first: %s\n", k, t, bad, total, first);
        failed = 1;
    } else
        printf("PASS: e2e_valu %s %s: %d results%s%s\n", k, t, total, extra ? " " : "", extra ? extra : "");
}

#define MISMATCH(...)                                                           \
    do {                                                                        \
        if (!bad++)                                                             \
            snprintf(first, sizeof first, __VA_ARGS__);                         \
    } while (0)

/* ---- integer kernels ---------------------------------------------------- */

static int32_t sat_add(int32_t x, int32_t y)
{
    int64_t s = (int64_t)x + y;
    return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
}

static void check_iops(const char *t)
{
    uint32_t o[4 * N];
    if (run("iops", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        int32_t x = ia[i], y = ib[i];
        uint32_t ux = (uint32_t)x, uy = (uint32_t)y, uc = (uint32_t)ic[i], w[4];
        int32_t x24 = (int32_t)(ux << 8) >> 8, y24 = (int32_t)(uy << 8) >> 8;
        w[0] = ux + uy * 3 - (uint32_t)(x >> 3) + (uy ^ ux) + (uint32_t)(x < y ? x : y) + (ux >> 5);
        w[1] = ux * uy + (uint32_t)(x24 * y24) + (uint32_t)(((int64_t)x * y) >> 32);
        w[2] = (uint32_t)(((uint64_t)ux * uy) >> 32) + (ux & 0xffffff) * (uy & 0xffffff) + uc;
        uint64_t us = (uint64_t)ux + uc;
        w[3] = (uint32_t)sat_add(x, y) ^ (uint32_t)(int32_t)fmax(fmin((double)y - x, INT32_MAX), INT32_MIN) ^
               (uint32_t)(us > 0xffffffffu ? 0xffffffffu : us);
        for (int k = 0; k < 4; k++)
            if (o[4 * i + k] != w[k])
                MISMATCH("[%d].%d x=%d y=%d: 0x%08x, want 0x%08x", i, k, x, y, o[4 * i + k], w[k]);
    }
    verdict("iops", t, bad, 4 * N, first, NULL);
}

static void check_idiv(const char *t)
{
    uint32_t o[4 * N];
    if (run("idiv", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        int32_t x = ia[i], y = ib[i] | 1;
        uint32_t ux = (uint32_t)x, uy = (uint32_t)(ic[i] >> 3) | 1u, w[4];
        int ovf = x == INT32_MIN && y == -1;   /* undefined in C: the hardware sequence gives these */
        w[0] = ovf ? (uint32_t)INT32_MIN : (uint32_t)(x / y);
        w[1] = ovf ? 0 : (uint32_t)(x % y);
        w[2] = ux / uy;
        w[3] = ux % uy;
        for (int k = 0; k < 4; k++)
            if (o[4 * i + k] != w[k])
                MISMATCH("[%d].%d x=%d y=%d: 0x%08x, want 0x%08x", i, k, x, y, o[4 * i + k], w[k]);
    }
    verdict("idiv", t, bad, 4 * N, first, NULL);
}

static void check_i64(const char *t)
{
    uint64_t o[4 * N];
    if (run("i64", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        int64_t x, y, z;
        memcpy(&x, ia + 2 * i, 8);
        memcpy(&y, ib + 2 * i, 8);
        memcpy(&z, ic + 2 * i, 8);
        uint64_t w[4];
        w[0] = (uint64_t)x * (uint64_t)y;
        w[1] = (uint64_t)x + (uint64_t)y * 3 - (uint64_t)z;
        w[2] = (uint64_t)(((unsigned __int128)(uint64_t)x * (uint64_t)y) >> 64);
        w[3] = (uint64_t)(x >> (y & 63)) ^ ((uint64_t)y << (x & 63));
        for (int k = 0; k < 4; k++)
            if (o[4 * i + k] != w[k])
                MISMATCH("[%d].%d: 0x%016llx, want 0x%016llx", i, k, (unsigned long long)o[4 * i + k],
                         (unsigned long long)w[k]);
    }
    verdict("i64", t, bad, 4 * N, first, NULL);
}

static void check_bits(const char *t)
{
    uint32_t o[8 * N];
    if (run("bits", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        uint32_t x = (uint32_t)ia[i], y = (uint32_t)ib[i], c = (uint32_t)ic[i], w[8];
        w[0] = (uint32_t)(x ? __builtin_clz(x) : 32) + 100u * (uint32_t)(y ? __builtin_ctz(y) : 32);
        w[1] = (uint32_t)__builtin_popcount(x ^ y);
        w[2] = (y & 31) ? (x << (y & 31)) | (x >> (32 - (y & 31))) : x;
        w[3] = (x & ~c) | (y & c);
        w[4] = (x >> (y & 31)) & ((1u << ((y >> 8) & 15)) - 1);
        uint32_t mn = x < y ? x : y;
        int32_t cl = (int32_t)x < -5 ? -5 : (int32_t)x > 7000 ? 7000 : (int32_t)x;
        w[5] = (mn > 1000u ? mn : 1000u) + (uint32_t)cl;
        int64_t d = (int64_t)(int32_t)x - (int32_t)y;
        w[6] = (uint32_t)(d < 0 ? -d : d) + (uint32_t)(((uint64_t)x + y) >> 1);
        w[7] = ((x & 0xffff) << 16 | (y & 0xffff)) ^ (uint32_t)(x > y) ^ ((uint32_t)((int32_t)x < (int32_t)y) << 1);
        for (int k = 0; k < 8; k++)
            if (o[8 * i + k] != w[k])
                MISMATCH("[%d].%d x=0x%08x y=0x%08x: 0x%08x, want 0x%08x", i, k, x, y, o[8 * i + k], w[k]);
    }
    verdict("bits", t, bad, 8 * N, first, NULL);
}

static void check_small(const char *t)
{
    uint8_t o[4 * N];
    if (run("small", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    const uint8_t *a8 = (const uint8_t *)ia;
    for (int i = 0; i < N; i++) {
        int16_t y0, y1;
        memcpy(&y0, (const uint8_t *)ib + 4 * i, 2);
        memcpy(&y1, (const uint8_t *)ib + 4 * i + 2, 2);
        const uint8_t *x = a8 + 4 * i;
        uint8_t yy[4] = {(uint8_t)y0, (uint8_t)y1, 7, 250}, w[4];
        for (int k = 0; k < 4; k++) {
            unsigned s = (unsigned)x[k] + yy[k];
            w[k] = (uint8_t)((s > 255 ? 255 : s) ^ (x[k] >> 1));
        }
        w[3] = (uint8_t)(y0 * y1 + x[2]);
        for (int k = 0; k < 4; k++)
            if (o[4 * i + k] != w[k])
                MISMATCH("[%d].%d: 0x%02x, want 0x%02x", i, k, o[4 * i + k], w[k]);
    }
    verdict("small", t, bad, 4 * N, first, NULL);
}

static void check_wg(const char *t)
{
    uint32_t o[3 * N];
    if (run("wg", t, "i", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        int g = i / 128 * 128;
        uint32_t sum = 0, scan = 0;
        int32_t mx = INT32_MIN;
        for (int k = g; k < g + 128; k++) {
            sum += (uint32_t)ia[k];
            mx = ib[k] > mx ? ib[k] : mx;
            if (k <= i)
                scan += (uint32_t)ic[k] & 0xff;
        }
        uint32_t w[3] = {sum, (uint32_t)mx, scan};
        for (int k = 0; k < 3; k++)
            if (o[3 * i + k] != w[k])
                MISMATCH("[%d].%d: 0x%08x, want 0x%08x", i, k, o[3 * i + k], w[k]);
    }
    verdict("wg", t, bad, 3 * N, first, NULL);
}

/* ---- f32 kernels -------------------------------------------------------- */

static int32_t sat_i32(double v)
{
    return v != v ? 0 : v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN : (int32_t)v;
}

static uint32_t sat_u32(double v)
{
    return !(v > 0) ? 0 : v >= 4294967295.0 ? UINT32_MAX : (uint32_t)v;
}

/* OpenCL fract: min(x - floor(x), largest float below 1); +-0 for +-inf */
static float fract_cl(float x)
{
    if (x != x)
        return x;
    if (isinf(x))
        return copysignf(0, x);
    return fminf(x - floorf(x), 0x1.fffffep-1f);
}

static void check_farith(const char *t)
{
    static const double tol[16] = {0, 0, 0, 2.5, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0};
    float o[16 * N];
    if (run("farith", t, "f", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    double worst[16] = {0};
    for (int i = 0; i < N; i++) {
        float x = fz(fa[i]), y = fz(fb[i]), z = fz(fc[i]), w[16], alt[16];
        for (int k = 0; k < 16; k++)
            alt[k] = NAN;
        w[0] = fz(x + y);
        w[1] = fz(fz(x * y) - z);            /* contracted: v_mad (unfused) or v_fma */
        alt[1] = fz(fmaf(x, y, -z));
        w[2] = fz(fmaf(x, y, z));
        w[3] = fz(x / y);
        w[4] = fz(sqrtf(fabsf(x)));
        w[5] = fminf(x, y);
        w[6] = fmaxf(x, z);
        w[7] = fz(floorf(x) + ceilf(y) * 2.0f);
        w[8] = fz(truncf(z) - rintf(x));
        w[9] = roundf(y);
        int skip10 = !(fabsf(x) < 2147483648.0f) || !(fabsf(y) < 4294967296.0f);   /* undefined */
        w[10] = fz((float)(int32_t)(skip10 ? 0 : x) + (float)(uint32_t)(skip10 ? 0 : fabsf(y)));
        w[11] = x < y ? fc[i] : -fc[i];      /* a select and a sign flip pass the raw bits */
        w[12] = fz(ldexpf(x, sat_i32(z) & 15));
        w[13] = fz(copysignf(x, y) * fract_cl(z));
        w[14] = fz((float)(1.0 / sqrt(fabs((double)y))));
        float zi = isinf(z) ? z : floorf(z);  /* fract(z, &z) left floor(z) in z */
        w[15] = fz(fz(x * y) + zi);
        alt[15] = fz(fmaf(x, y, zi));
        for (int k = 0; k < 16; k++) {
            if (k == 10 && skip10)
                continue;
            float g = o[16 * i + k];
            double u = ulps(g, w[k]);
            if (alt[k] == alt[k] && ulps(g, alt[k]) < u)
                u = ulps(g, alt[k]);
            worst[k] = u > worst[k] ? u : worst[k];
            if (u > tol[k])
                MISMATCH("[%d].%d x=%a y=%a z=%a: %a, want %a (%.0f ulp)", i, k, x, y, z, g, w[k], u);
        }
    }
    char extra[128];
    snprintf(extra, sizeof extra, "(worst ulp: division %g, sqrt %g, rsqrt %g; others exact)", worst[3], worst[4],
             worst[14]);
    verdict("farith", t, bad, 16 * N, first, extra);
}

static void check_ftrans(const char *t)
{
    static const double tol[8] = {3, 3, 4, 4, 4096, 4096, 16, 5};
    float o[8 * N];
    if (run("ftrans", t, "f", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    double worst = 0;
    for (int i = 0; i < N; i++) {
        float x = fz(fa[i]), y = fz(fb[i]);
        double e = (double)fz(x * 0.01f), w[8];
        w[0] = exp(e);
        w[1] = log(fabs((double)y));
        w[2] = sin((double)x);
        w[3] = cos((double)y);
        w[4] = exp2(e);
        w[5] = log2(fabsf(y) < 0x1p-126f ? 0.0 : fabs((double)y));   /* v_log_f32: no denormal inputs */
        w[6] = pow(fabs((double)x), (double)0.37f);
        w[7] = tanh((double)fz(y * 0.1f));
        for (int k = 0; k < 8; k++) {
            float want = (float)w[k];
            want = k == 4 && fabsf(want) < 0x1p-126f ? 0 : fz(want);   /* v_exp_f32: no denormal results */
            double u = ulps(o[8 * i + k], want);
            worst = k < 4 && u > worst ? u : worst;
            if (u > tol[k])
                MISMATCH("[%d].%d x=%a y=%a: %a, want %a (%.0f ulp)", i, k, x, y, o[8 * i + k], want, u);
        }
    }
    char extra[128];
    snprintf(extra, sizeof extra, "(worst exp/log/sin/cos error %g ulp)", worst);
    verdict("ftrans", t, bad, 8 * N, first, extra);
}

static void check_fconv(const char *t)
{
    int32_t o[4 * N];
    if (run("fconv", t, "f", sizeof o, o))
        return;
    int bad = 0;
    char first[200] = "";
    for (int i = 0; i < N; i++) {
        float x = fz(fa[i]), y = fz(fb[i]);
        int32_t w[4];
        int skip0 = !(fabsf(x) < 2147483648.0f);   /* undefined */
        w[0] = skip0 ? 0 : (int32_t)rintf(x);
        w[1] = sat_i32(fz(y * 1e6f));
        w[2] = (int32_t)sat_u32(fz(x * 1e7f));
        w[3] = (x != x) + 2 * (isinf(y) != 0) + 4 * (signbit(x) != 0) + 8 * (isnormal(y) != 0) + 16 * (x == y) +
               32 * (x < y);
        for (int k = skip0; k < 4; k++)
            if (o[4 * i + k] != w[k])
                MISMATCH("[%d].%d x=%a y=%a: %d, want %d", i, k, x, y, o[4 * i + k], w[k]);
    }
    verdict("fconv", t, bad, 4 * N, first, NULL);
}

int main(int argc, char **argv)
{
    if (ref_args(argc, argv))
        return 2;
    make_inputs();
    static const char *const targets[] = {"gfx601", "gfx701", "gfx803", "gfx900"};
    for (int i = 0; i < 4; i++) {
        const char *t = targets[i];
        ftz = strcmp(t, "gfx900") != 0;
        check_iops(t);
        check_idiv(t);
        check_i64(t);
        check_bits(t);
        check_small(t);
        check_wg(t);
        check_farith(t);
        check_ftrans(t);
        check_fconv(t);
    }
    return failed;
}
