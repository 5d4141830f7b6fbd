/* test_mimg.c — the image descriptors and texel conversions of
 * sim/sem_mimg.c against independent references: T# encode/decode round
 * trips and hand-computed words for both layouts, the image object built
 * by front/launch/launch.c (image arrays too; the V# of an image1d_buffer_t), the S# fields
 * (decoded and encoded against clang's words), nearest-filtering
 * address modes, the sampled array slice, linear-filtering indices and
 * weights against the OpenCL formulas, and
 * the conversions exhaustively (all 256 unorm8 values against x/255 and
 * the OpenCL rounding rule, all 65536 halfs against the host's _Float16). */
#include <math.h>
#include <string.h>
#include "front/launch/launch.h"
#include "sim/f16.h"
#include "sim/sem_mimg.h"
#include "tests/unit/check.h"

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bitsf(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* encode then decode gives back every field, on both layouts */
static void test_tsharp_round_trip(void)
{
    for (int g = ISA_GFX6; g <= ISA_GFX9; g++) {
        mimg_tsharp_t t = {.base = 0x123456789a00ull, .width = 16384, .height = 3, .depth = 8192,
                           .pitch = g == ISA_GFX9 ? 65536 : 16384, .dfmt = 14, .nfmt = 7, .type = MIMG_TYPE_3D,
                           .dst_sel = {4, 0, 1, 7}}, u;
        uint32_t d[8];
        mimg_tsharp_encode((isa_gen_t)g, &t, d);
        mimg_tsharp_decode((isa_gen_t)g, d, &u);
        CHECK(u.base == t.base && u.width == t.width && u.height == t.height && u.depth == t.depth &&
                  u.pitch == t.pitch && u.dfmt == t.dfmt && u.nfmt == t.nfmt && u.type == t.type &&
                  !memcmp(u.dst_sel, t.dst_sel, 4) && u.tiling == 0,
              "T# round trip, gen %d (largest sizes)", g);
    }
}

/* the words of a 2D rgba8 image, computed by hand from the field tables */
static void test_tsharp_words(void)
{
    const mimg_format_t *f = mimg_format("rgba8");
    uint32_t sz[3] = {13, 7, 1}, o[16];
    char err[200];
    int ok = la_image_object(ISA_GFX9, "image2d_t", f, sz, 0x100002300ull, o, err, sizeof err) == 0;
    CHECK(ok, "la_image_object image2d_t rgba8 gfx9 %s", ok ? "" : err);
    CHECK(o[0] == 0x01000023u && o[1] == (10u << 20 | 0u << 26) && o[2] == (12u | 6u << 14) &&
              o[3] == (4u | 5u << 3 | 6u << 6 | 7u << 9 | 9u << 28) && o[4] == (0u | 12u << 13) && o[5] == 0,
          "gfx9 T# words of a 13x7 rgba8 image: %08x %08x %08x %08x %08x", o[0], o[1], o[2], o[3], o[4]);
    CHECK(o[8] == 2 && o[9] == 8 && o[10] == 13, "image object dwords 8-10: type UNORM_INT8 2, order RGBA 8, width 13");
    f = mimg_format("r32f");
    uint32_t sz3[3] = {5, 6, 7};
    ok = la_image_object(ISA_GFX8, "image3d_t", f, sz3, 0x100000000ull, o, err, sizeof err) == 0;
    CHECK(ok && o[0] == 0x01000000u && o[1] == (4u << 20 | 7u << 26) && o[3] == (4u | 0u << 3 | 0u << 6 | 1u << 9 | 10u << 28) &&
              o[4] == (6u | 4u << 13) && o[8] == 15 && o[9] == 1 && o[10] == 5,
          "gfx8 T# of a 5x6x7 r32f 3D image (DST_SEL X,0,0,1; depth-1, pitch-1)");
    uint32_t big[3] = {16385, 1, 1};
    CHECK(la_image_object(ISA_GFX9, "image2d_t", f, big, 0, o, err, sizeof err) == -1 && strstr(err, "beyond"),
          "a width of 16385 is refused: %s", err);
    CHECK(la_image_object(ISA_GFX9, "image2d_depth_t", f, sz, 0, o, err, sizeof err) == -1 &&
              strstr(err, "image2d_depth_t"),
          "an unsupported image type is refused: %s", err);
}

/* image1d_buffer_t: a V# in dwords 0-3 (base [47:0], stride [61:48] =
 * texel bytes, num_records in records on gfx7/gfx9 and in bytes on gfx8,
 * DST_SEL [107:96], NUM_FORMAT [110:108], DATA_FORMAT [114:111]), dwords
 * 4-7 zero, then type, order and width as for the other images */
static void test_buffer_vsharp(void)
{
    static const struct { const char *fmt; uint32_t dsel, nfmt, dfmt, bytes; } c[] = {
        {"rgba8", 04 | 05 << 3 | 06 << 6 | 07 << 9, 0, 10, 4}, {"rgba16f", 04 | 05 << 3 | 06 << 6 | 07 << 9, 7, 12, 8},
        {"rgba32ui", 04 | 05 << 3 | 06 << 6 | 07 << 9, 4, 14, 16}, {"r32f", 04 | 0 << 3 | 0 << 6 | 01 << 9, 7, 4, 4},
        {"r8ui", 04 | 0 << 3 | 0 << 6 | 01 << 9, 4, 1, 1}};
    uint32_t sz[3] = {300, 1, 1}, o[16];
    char err[200];
    for (int g = ISA_GFX7; g <= ISA_GFX9; g++)
        for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
            const mimg_format_t *f = mimg_format(c[i].fmt);
            int ok = la_image_object((isa_gen_t)g, "image1d_buffer_t", f, sz, 0x123456789a00ull, o, err,
                                     sizeof err) == 0;
            uint32_t rec = g == ISA_GFX8 ? 300 * c[i].bytes : 300;
            CHECK(ok && o[0] == 0x56789a00u && o[1] == (0x1234u | c[i].bytes << 16) && o[2] == rec &&
                      o[3] == (c[i].dsel | c[i].nfmt << 12 | c[i].dfmt << 15) && !o[4] && !o[5] && !o[6] && !o[7] &&
                      o[8] == f->hsa_type && o[9] == f->hsa_order && o[10] == 300,
                  "gen %d V# of a 300-texel %s image1d_buffer_t: %08x %08x %08x %08x", g, c[i].fmt, o[0], o[1], o[2],
                  o[3]);
        }
    const mimg_format_t *f = mimg_format("rgba32f");
    CHECK(la_image_object(ISA_GFX9, "image1d_buffer_t", f, (uint32_t[3]){4, 2, 1}, 0, o, err, sizeof err) == -1 &&
              strstr(err, "has 1 dimension"),
          "an image1d_buffer_t takes W only: %s", err);
    uint32_t big[3] = {1u << 28, 1, 1};
    CHECK(la_image_object(ISA_GFX8, "image1d_buffer_t", f, big, 0, o, err, sizeof err) == -1 &&
              strstr(err, "beyond the buffer resource's range"),
          "gfx8: 2^28 rgba32f texels (4 GiB) do not fit num_records in bytes: %s", err);
    CHECK(la_image_object(ISA_GFX9, "image1d_buffer_t", f, big, 0, o, err, sizeof err) == 0 && o[2] == 1u << 28,
          "gfx9: 2^28 texels fit num_records in records");
}

/* image arrays: the slice count in w4 DEPTH on every generation, and in
 * w5 LAST_ARRAY [25:13] on gfx6-8 (what the device library reads for
 * get_image_array_size there); decode gives the last slice back */
static void test_array_tsharp(void)
{
    const mimg_format_t *f = mimg_format("r32f");
    uint32_t sz[3] = {4, 3, 7}, o[16];
    char err[200];
    mimg_tsharp_t t;
    for (int g = ISA_GFX6; g <= ISA_GFX9; g++) {
        int ok = la_image_object((isa_gen_t)g, "image2d_array_t", f, sz, 0x100000000ull, o, err, sizeof err) == 0;
        mimg_tsharp_decode((isa_gen_t)g, o, &t);
        CHECK(ok && o[2] == (3u | 2u << 14) && o[3] >> 28 == 13 && (o[4] & 0x1fff) == 6 &&
                  o[5] == (g == ISA_GFX9 ? 0 : 6u << 13) && t.last_array == 6 && t.depth == 7 && o[10] == 4,
              "gen %d T# of a 4x3 r32f 2D array of 7 slices: w2 %08x w3 %08x w4 %08x w5 %08x", g, o[2], o[3], o[4],
              o[5]);
    }
    f = mimg_format("rgba8");
    uint32_t sz1[3] = {9, 6, 1};
    int ok = la_image_object(ISA_GFX7, "image1d_array_t", f, sz1, 0x100000000ull, o, err, sizeof err) == 0;
    CHECK(ok && o[2] == 8u && o[3] >> 28 == 12 && o[4] == (5u | 8u << 13) && o[5] == 5u << 13,
          "gfx7 T# of a 9-texel rgba8 1D array of 6 slices (height 1, slices in DEPTH and LAST_ARRAY)");
    uint32_t many[3] = {4, 8193, 1};
    CHECK(la_image_object(ISA_GFX9, "image1d_array_t", f, many, 0, o, err, sizeof err) == -1 && strstr(err, "beyond"),
          "8193 slices are refused: %s", err);
    CHECK(la_image_object(ISA_GFX9, "image1d_array_t", f, (uint32_t[3]){4, 2, 3}, 0, o, err, sizeof err) == -1 &&
              strstr(err, "has 2 dimensions"),
          "a 1D array takes W,L: %s", err);
}

/* the sampled slice: rounded to nearest even, clamped to [0, n-1] */
static void test_slice(void)
{
    static const struct { float c; int64_t want; } cases[] = {
        {-0.5f, 0}, {0.5f, 0}, {0.51f, 1}, {1.5f, 2}, {2.5f, 2}, {3.49f, 3}, {5.5f, 6}, {6.6f, 6}, {-3.0f, 0},
        {1e30f, 6}, {-INFINITY, 0}, {INFINITY, 6}, {NAN, 0}};
    int bad = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad += mimg_slice(cases[i].c, 7) != cases[i].want;
    CHECK(bad == 0, "slice of an array of 7: 13 coordinates rounded to even and clamped (%d wrong)", bad);
}

/* the S# words clang-15/ockl emit for OpenCL constant samplers */
static void test_ssharp(void)
{
    mimg_ssharp_t s;
    mimg_ssharp_decode((const uint32_t[4]){0x1000b1b6u, 0xfff000u, 0x80000000u, 0}, &s);
    CHECK(s.clamp[0] == 6 && s.clamp[1] == 6 && s.clamp[2] == 6 && s.unnorm == 1 && s.mag == 0 && s.min == 0 &&
              s.border == 0,
          "S# of CLK_NORMALIZED_COORDS_FALSE|CLK_ADDRESS_CLAMP|CLK_FILTER_NEAREST");
    mimg_ssharp_decode((const uint32_t[4]){0x10003049u, 0xfff000u, 0x80500000u, 0x80000000u}, &s);
    CHECK(s.clamp[0] == 1 && s.unnorm == 0 && s.mag == 1 && s.min == 1 && s.border == 2,
          "S# mirror, bilinear, opaque white border");
    /* encoding those fields (as the OpenCL driver's samplers do) gives
     * clang's words in the bits gcnsim reads: clamp x/y/z and
     * FORCE_UNNORMALIZED (w0 0x81ff), the filters (w2 0xf00000), the
     * border type (w3 [31:30]) */
    static const uint32_t clang[2][4] = {{0x1000b1b6u, 0xfff000u, 0x80000000u, 0},
                                         {0x10003049u, 0xfff000u, 0x80500000u, 0x80000000u}};
    for (int i = 0; i < 2; i++) {
        uint32_t d[4];
        mimg_ssharp_decode(clang[i], &s);
        mimg_ssharp_encode(&s, d);
        CHECK((d[0] & 0x81ffu) == (clang[i][0] & 0x81ffu) && (d[2] & 0xf00000u) == (clang[i][2] & 0xf00000u) &&
                  d[3] >> 30 == clang[i][3] >> 30 && (d[0] & ~0x81ffu) == 0 && d[1] == 0,
              "mimg_ssharp_encode gives clang's S# bits");
    }
}

/* nearest texel per address mode, against the OpenCL 2.0 section 8.2 formulas */
static void test_nearest(void)
{
    int bad = 0;
    for (int k = -40; k < 40; k++)
        for (int q = 1; q < 4; q++) {
            float u = ((float)k + 0.25f * (float)q) / 8.0f;   /* exact in binary */
            int64_t fl = (int64_t)floor((double)u * 8);
            int64_t wrap = ((fl % 8) + 8) % 8;
            double s = fabs((double)u - 2 * nearbyint(0.5 * u));
            int64_t mir = (int64_t)floor(s * 8) > 7 ? 7 : (int64_t)floor(s * 8);
            int64_t edge = fl < 0 ? 0 : fl > 7 ? 7 : fl;
            int64_t border = fl < 0 || fl > 7 ? -1 : fl;
            bad += mimg_nearest(u, 8, 0, 0) != wrap || mimg_nearest(u, 8, 1, 0) != mir ||
                   mimg_nearest(u, 8, 2, 0) != edge || mimg_nearest(u, 8, 6, 0) != border ||
                   mimg_nearest(u * 8, 8, 2, 1) != edge || mimg_nearest(u * 8, 8, 6, 1) != border;
        }
    CHECK(bad == 0, "nearest: wrap, mirror, clamp-last-texel, border; normalized and not (%d wrong)", bad);
}

/* linear filtering on one axis against the OpenCL 2.0 CLK_FILTER_LINEAR
 * formulas (clamp/none, repeat, mirrored repeat), on coordinates exact in
 * binary (multiples of 1/64 texel, so the 1/256 rounding changes nothing) */
static void test_linear_axis(void)
{
    int bad = 0;
    for (int k = -200; k < 200; k++) {
        double u = k / 64.0 / 8.0;          /* normalized; u * 8 = k/64 texels */
        int64_t i[2];
        float a;
        double t = u * 8 - 0.5, fl = floor(t), fa = t - fl;
        int64_t e0 = (int64_t)fl, e1 = e0 + 1;
        /* repeat: u' = (s - floor(s)) * w; i0 < 0 wraps, i1 > w-1 wraps */
        double ur = (u - floor(u)) * 8;
        int64_t r0 = (int64_t)floor(ur - 0.5), r1 = r0 + 1;
        r0 = r0 < 0 ? 8 + r0 : r0;
        r1 = r1 > 7 ? r1 - 8 : r1;
        double ra = ur - 0.5 - floor(ur - 0.5);
        mimg_linear((float)u, 8, 0, 0, i, &a);
        bad += i[0] != r0 || i[1] != r1 || a != (float)ra;
        /* mirrored repeat: s' = |s - 2 rint(s/2)|, i0 = max(i0, 0), i1 = min(i1, w-1) */
        double um = fabs(u - 2 * nearbyint(0.5 * u)) * 8;
        int64_t m0 = (int64_t)floor(um - 0.5), m1 = m0 + 1;
        double ma = um - 0.5 - floor(um - 0.5);
        m0 = m0 < 0 ? 0 : m0;
        m1 = m1 > 7 ? 7 : m1;
        mimg_linear((float)u, 8, 1, 0, i, &a);
        /* the reflected coordinate runs backwards on odd periods (the same
         * texels, weights swapped): compare the weight each texel gets */
        double ws[8] = {0}, wg[8] = {0};
        ws[m0] += 1 - ma;
        ws[m1] += ma;
        wg[i[0]] += 1 - (double)a;
        wg[i[1]] += a;
        bad += memcmp(ws, wg, sizeof ws) != 0;
        /* clamp to edge and clamp (border = -1), normalized and not */
        int64_t c0 = e0 < 0 ? 0 : e0 > 7 ? 7 : e0, c1 = e1 < 0 ? 0 : e1 > 7 ? 7 : e1;
        int64_t b0 = e0 < 0 || e0 > 7 ? -1 : e0, b1 = e1 < 0 || e1 > 7 ? -1 : e1;
        mimg_linear((float)u, 8, 2, 0, i, &a);
        bad += i[0] != c0 || i[1] != c1 || a != (float)fa;
        mimg_linear((float)(u * 8), 8, 6, 1, i, &a);
        bad += i[0] != b0 || i[1] != b1 || a != (float)fa;
    }
    CHECK(bad == 0, "linear: i0, i1 and a for repeat, mirror, clamp-to-edge, clamp (%d wrong)", bad);
    int64_t i[2];
    float a;
    mimg_linear(2.5f + 1e-4f, 8, 2, 1, i, &a);
    CHECK(i[0] == 2 && i[1] == 3 && a == 0.0f, "linear: u rounded to 1/256 texel, 2.5001 is a texel centre (a = 0)");
    mimg_linear(2.5f / 8.0f, 8, 6, 0, i, &a);
    CHECK(i[0] == 2 && i[1] == 3 && a == 0.0f, "linear: the normalized centre of texel 2 of 8 gives a = 0 exactly");
    mimg_linear(0.2f, 8, 6, 1, i, &a);
    CHECK(i[0] == -1 && i[1] == 0 && a == 0.69921875f,
          "linear: u = 0.2 (51.2/256, rounded to 51/256) takes the border and texel 0, a = 179/256");
    /* the weights are multiples of 1/256 per axis: their products are exact in f32 */
    bad = 0;
    for (int x = 0; x < 256; x += 7)
        for (int y = 0; y < 256; y += 5)
            for (int z = 0; z < 256; z += 11) {
                float ax = (float)x / 256, ay = (float)y / 256, az = (float)z / 256;
                bad += (double)((1.0f - ax) * ay * (1.0f - az)) != (1.0 - x / 256.0) * (y / 256.0) * (1.0 - z / 256.0);
            }
    CHECK(bad == 0, "linear: products of three 1/256 weights are exact in f32 (%d inexact)", bad);
}

/* all 256 unorm8 values to float (x/255 correctly rounded) and back */
static void test_unorm8(void)
{
    const mimg_format_t *f = mimg_format("rgba8");
    int bad = 0;
    for (unsigned x = 0; x < 256; x++) {
        uint8_t t[4] = {(uint8_t)x, 0, 0, 0}, u[4] = {0};
        float want = (float)((double)x / 255.0);
        uint32_t got = mimg_unpack(f, t, 0);
        mimg_pack(f, u, 0, got);
        bad += got != fbits(want) || u[0] != x;
    }
    CHECK(bad == 0, "unorm8: 256 values to x/255 and back (%d wrong)", bad);
    /* float -> unorm8: clamp, x*255 rounded to nearest even (exact in double) */
    bad = 0;
    for (uint32_t i = 0; i < 2000000; i++) {
        uint32_t b = i * 2654435761u;
        float v = bitsf(b);
        if (i < 1000000)
            v = (float)i / 1000000.0f * 1.25f - 0.125f;
        double r = v != v || v <= 0 ? 0 : v >= 1 ? 255 : (double)v * 255.0;
        double fl = floor(r), want = r - fl > 0.5 ? fl + 1 : r - fl < 0.5 ? fl : (fmod(fl, 2) == 0 ? fl : fl + 1);
        uint8_t u[4] = {0};
        mimg_pack(f, u, 0, fbits(v));
        bad += u[0] != (uint8_t)want;
    }
    CHECK(bad == 0, "float -> unorm8: 2,000,000 values (NaN, +-inf, denormals, [-0.125, 1.125)) (%d wrong)", bad);
    /* 0.5 is the only float whose x*255 is halfway (127.5): to even, 128 */
    uint8_t u[4] = {0};
    mimg_pack(f, u, 0, fbits(0.5f));
    mimg_pack(f, u, 1, fbits(nextafterf(0.5f, 0.0f)));
    CHECK(u[0] == 128 && u[1] == 127, "float -> unorm8 at the one halfway case: 0.5 -> 128, below it 127");
}

/* all 65536 halfs to float and back, against the host's _Float16 */
static void test_half(void)
{
    int bad = 0, badr = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        _Float16 x;
        uint16_t hb = (uint16_t)h;
        memcpy(&x, &hb, 2);
        float want = (float)x;
        uint32_t got = f16_bits_to_f32(h);
        if (want != want ? bitsf(got) == bitsf(got) : got != fbits(want))
            bad++;
        if (want == want && f32_bits_to_f16(got) != h)
            badr++;
    }
    CHECK(bad == 0 && badr == 0, "half: 65536 values to float and back (%d, %d wrong)", bad, badr);
    bad = 0;
    for (uint32_t i = 0; i < 4000000; i++) {
        uint32_t b = i * 2654435761u;
        float v = bitsf(b);
        _Float16 x = (_Float16)v;
        uint16_t hb;
        memcpy(&hb, &x, 2);
        uint32_t got = f32_bits_to_f16(b);
        if (v != v ? (got & 0x7c00) != 0x7c00 || !(got & 0x3ff) : got != hb)
            bad++;
    }
    CHECK(bad == 0, "float -> half: 4,000,000 floats against the host's round-to-nearest-even (%d wrong)", bad);
}

/* integer channels: 32-bit as is, 8-bit saturated on store */
static void test_ints(void)
{
    const mimg_format_t *f = mimg_format("r8ui");
    uint8_t t[4] = {0};
    mimg_pack(f, t, 0, 300);
    uint32_t a = mimg_unpack(f, t, 0);
    mimg_pack(f, t, 0, 77);
    CHECK(a == 255 && mimg_unpack(f, t, 0) == 77, "r8ui: 300 saturates to 255, 77 round trips");
    f = mimg_format("rgba32i");
    uint8_t q[16];
    mimg_pack(f, q, 2, 0x80000000u);
    CHECK(mimg_unpack(f, q, 2) == 0x80000000u, "rgba32i: INT_MIN round trips");
    CHECK(mimg_format("nope") == NULL && mimg_format_of(10, 0) == mimg_format("rgba8"),
          "format lookup by name and by (data format, number format)");
}

int main(void)
{
    test_tsharp_round_trip();
    test_tsharp_words();
    test_array_tsharp();
    test_buffer_vsharp();
    test_slice();
    test_ssharp();
    test_nearest();
    test_linear_axis();
    test_unorm8();
    test_half();
    test_ints();
    return check_done();
}
