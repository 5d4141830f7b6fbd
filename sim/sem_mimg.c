/* sem_mimg.c — MIMG semantics: image_load, image_store, image_sample and
 * image_sample_lz (nearest and bilinear filtering, mip level 0) on linear
 * 1D/2D/3D images and 1D/2D image arrays, with the T#/S# descriptors and
 * the texel formats gcnsim knows.
 *
 * Facts used, with their sources:
 *
 * Image resource T# (8 dwords; AMD "Southern Islands" / "Sea Islands" /
 * "GCN3" / "Vega" ISA guides, "Image Resource" tables; field names as in
 * Mesa src/amd/common/sid.h, S_008F1x_* / S_008F2x_*):
 *   w0 [31:0]  BASE_ADDRESS (address >> 8)
 *   w1 [7:0]   BASE_ADDRESS_HI (address >> 40), [19:8] MIN_LOD,
 *      [25:20] DATA_FORMAT (IMG_DATA_FORMAT), [29:26] NUM_FORMAT
 *      (IMG_NUM_FORMAT), gfx6-8 [31:30] MTYPE
 *   w2 [13:0]  WIDTH-1, [27:14] HEIGHT-1, [30:28] PERF_MOD
 *   w3 [2:0] [5:3] [8:6] [11:9] DST_SEL_X/Y/Z/W (0 = 0, 1 = 1, 4..7 =
 *      channel X..W), [15:12] BASE_LEVEL, [19:16] LAST_LEVEL, [24:20]
 *      gfx6-8 TILING_INDEX / gfx9 SW_MODE (0 = linear), [31:28] TYPE
 *      (8 1D, 9 2D, 10 3D, 11 cube, 12 1D array, 13 2D array, 14/15 MSAA)
 *   w4 [12:0]  DEPTH: 3D depth-1; for arrays gfx6-8 the slice count-1,
 *      gfx9 the last accessible slice; PITCH-1 in texels: gfx6-8
 *      [26:13], gfx9 [28:13]
 *   w5 gfx6-8 [12:0] BASE_ARRAY, [25:13] LAST_ARRAY (gfx9: [12:0]
 *      BASE_ARRAY, no LAST_ARRAY; DEPTH is the last slice)
 *   w6-w7      metadata (compression): 0 here.
 * The array fields as Mesa's radv/radeonsi fill them (si_make_texture_
 * descriptor: gfx9 "Depth is the last accessible layer", gfx6-8
 * LAST_ARRAY(last_layer)), and as the device library reads them for
 * get_image_array_size ([EXP] clang-15 + ROCm-Device-Libs: gfx900 T# w4
 * [12:0] + 1, gfx701/gfx803 w5 [25:13] + 1).  Arrays take the slice as
 * the last address VGPR (1D array: x, slice; 2D array: x, y, slice) and
 * clang sets the instruction's DA bit; an integer slice outside the array
 * loads 0 / stores nothing like any other outside coordinate; a sampled
 * slice is rounded to nearest even and clamped to [0, slices-1] whatever
 * the address mode (OpenCL 2.0 "Image Coordinates": the array coordinate
 * is never normalized; ockl rounds it with v_rndne_f32 itself before
 * image_sample, so the hardware's own rounding does not show).
 * IMG_DATA_FORMAT 1 = 8, 2 = 16, 3 = 8_8, 4 = 32, 5 = 16_16, 10 = 8_8_8_8,
 * 11 = 32_32, 12 = 16_16_16_16, 14 = 32_32_32_32; IMG_NUM_FORMAT 0 UNORM,
 * 1 SNORM, 4 UINT, 5 SINT, 7 FLOAT (the
 * same numbering as the buffer formats; Mesa sid.h V_008F14_IMG_*).
 *
 * Sampler S# (4 dwords; same sources, S_008F3x_*):
 *   w0 [2:0] [5:3] [8:6] CLAMP_X/Y/Z (SQ_TEX_CLAMP: 0 WRAP, 1 MIRROR,
 *      2 CLAMP_LAST_TEXEL, 3 MIRROR_ONCE_LAST_TEXEL, 4 CLAMP_HALF_BORDER,
 *      5 MIRROR_ONCE_HALF_BORDER, 6 CLAMP_BORDER, 7 MIRROR_ONCE_BORDER),
 *      [15] FORCE_UNNORMALIZED
 *   w2 [21:20] XY_MAG_FILTER, [23:22] XY_MIN_FILTER (0 point, 1 bilinear)
 *   w3 [31:30] BORDER_COLOR_TYPE (0 transparent black, 1 opaque black,
 *      2 opaque white, 3 from the border colour table)
 * Confirmed by what clang-15 and ROCm-Device-Libs emit for OpenCL constant
 * samplers (gfx900, [EXP]): CLK_ADDRESS_CLAMP_TO_EDGE -> clamp 2,
 * CLK_ADDRESS_CLAMP -> 6, REPEAT -> 0, MIRRORED_REPEAT -> 1,
 * CLK_NORMALIZED_COORDS_FALSE -> bit 15, CLK_FILTER_LINEAR -> w2 bits 20
 * and 22; border type 0 always.
 *
 * The image object an image2d_t argument points to (what the device
 * library reads, [EXP] from the code clang-15 + ROCm-Device-Libs ockl
 * generate for get_image_* on gfx701/gfx803/gfx900, consistent with
 * ROCR's image library which writes it): dwords 0-7 the T#; dword 8 the
 * channel data type and dword 9 the channel order as hsa_ext_image_
 * channel_type_t / _order_t (ockl maps them to the CLK_* values through
 * tables); dword 10 the width (get_image_width reads it, not the T#);
 * height = T# w2 [27:14] + 1, depth = T# w4 [12:0] + 1.  hsa_ext_image_
 * channel_type_t: SNORM_INT8 0, SNORM_INT16 1, UNORM_INT8 2, UNORM_INT16
 * 3, SIGNED_INT8 8, SIGNED_INT16 9, SIGNED_INT32 10, UNSIGNED_INT8 11,
 * UNSIGNED_INT16 12, UNSIGNED_INT32 13, HALF_FLOAT 14, FLOAT 15;
 * _order_t: R 1, RG 3, RGBA 8, INTENSITY 16, LUMINANCE 17 (hsa_ext_image.h).
 * An intensity or luminance image is one channel in memory that DST_SEL
 * spreads: (I, I, I, I) and (L, L, L, 1), as OpenCL's read_image*
 * returns them; its stores write the first component (the table's
 * formats of one channel share their data and number formats, so a T#
 * finds the R format's layout and its own DST_SEL does the rest).
 *
 * Behaviour chosen where no primary text was available [UNVERIFIED]:
 * - image_load with a coordinate outside the image returns 0 in every
 *   returned component; image_store outside it writes nothing (D3D/Vulkan
 *   robust-access semantics, which GCN's texture unit implements for
 *   out-of-bounds integer coordinates).
 * - A linear image's texel (x,y,z) is at base + ((z*height + y)*pitch + x)
 *   * bytes per texel.  ROCR pads the pitch of linear images to the
 *   hardware's alignment (AddrLib); gcnsim accepts any pitch the T# gives.
 * - Nearest filtering: the texel coordinate t = u * size (u as given when
 *   FORCE_UNNORMALIZED) is rounded to 1/256 texel (8 bits of sub-texel
 *   precision, the D3D minimum) before floor, so that ockl's snapped
 *   coordinates floor(u*size)*rcp(size) land on the texel they name; then
 *   the address mode as in the OpenCL 2.0 spec, section 8.2: wrap =
 *   floor(t) mod size, mirror = period 2*size reflected, clamp-last-texel
 *   = clamped to [0, size-1], border = out of range takes the border
 *   colour (not passed through DST_SEL).
 * - Linear filtering (S# XY_MAG_FILTER = 1; image_sample(_lz) samples
 *   mip 0, a magnification): the OpenCL 2.0 formulas ("Image Addressing
 *   and Filtering", CLK_FILTER_LINEAR: i0 = address(floor(u - 0.5)), i1 =
 *   address(floor(u - 0.5) + 1), a = frac(u - 0.5), the weighted sum of
 *   the 2 / 2x2 / 2x2x2 texels, a border texel taking the border colour)
 *   for float-returning formats; the integer formats fault (OpenCL leaves
 *   read_imagei/ui with a linear sampler undefined).  AMD does not document
 *   the texture unit's fixed-point weight format, and the OpenCL spec
 *   leaves the precision of linear filtering undefined ("Precision of
 *   Addressing and Filter Modes"), so gcnsim computes in f32 in a stated
 *   order and results may differ from a GPU in the low bits: u in texel
 *   space rounded to 1/256 texel as for nearest (so a, b, c are multiples
 *   of 1/256 and the weights (1-a or a) * (1-b or b) * (1-c or c) are
 *   exact in f32), then the sum over the corners in the spec's order (x
 *   fastest, then y, then z), each weight * texel rounded to f32 and added
 *   in f32.  At a texel centre a = 0 and the result is the texel exactly.
 *   The cycle model times a linear sample as one texel access per lane
 *   (the first corner's): the footprint's other texels are read but not
 *   timed.
 * - float -> unorm8 clamps to [0,1] (NaN -> 0) and rounds x*255 to nearest
 *   even; unorm8 -> float is x/255 correctly rounded; integer stores to
 *   narrower channels saturate (OpenCL's convert_*_sat rules).
 * Counters: VM_CNT +1 per instruction; on gfx6 stores also EXP_CNT +1 (as
 * buffer stores). */
#include <math.h>
#include "sim/sem_mem.h"
#include "sim/sem_mimg.h"

/* ---- descriptors ---------------------------------------------------------- */

static uint32_t bits_of(uint32_t v, unsigned lo, unsigned n)
{
    return (v >> lo) & ((1u << n) - 1);
}

void mimg_tsharp_limits(isa_gen_t gen, uint32_t *max_wh, uint32_t *max_depth, uint32_t *max_pitch)
{
    *max_wh = 1u << 14;
    *max_depth = 1u << 13;
    *max_pitch = gen >= ISA_GFX9 ? 1u << 16 : 1u << 14;
}

void mimg_tsharp_encode(isa_gen_t gen, const mimg_tsharp_t *t, uint32_t d[8])
{
    unsigned pitch_bits = gen >= ISA_GFX9 ? 16 : 14;
    memset(d, 0, 8 * sizeof *d);
    d[0] = (uint32_t)(t->base >> 8);
    d[1] = (uint32_t)(t->base >> 40) & 0xff;
    d[1] |= (uint32_t)(t->dfmt & 0x3f) << 20 | (uint32_t)(t->nfmt & 0xf) << 26;
    d[2] = ((t->width - 1) & 0x3fff) | ((t->height - 1) & 0x3fff) << 14;
    for (unsigned i = 0; i < 4; i++)
        d[3] |= (uint32_t)(t->dst_sel[i] & 7) << (3 * i);
    d[3] |= (uint32_t)(t->tiling & 0x1f) << 20 | (uint32_t)(t->type & 0xf) << 28;
    d[4] = ((t->depth - 1) & 0x1fff) | ((t->pitch - 1) & ((1u << pitch_bits) - 1)) << 13;
    if (gen < ISA_GFX9)
        d[5] = (t->last_array & 0x1fff) << 13;
}

void mimg_tsharp_decode(isa_gen_t gen, const uint32_t d[8], mimg_tsharp_t *t)
{
    t->base = ((uint64_t)(d[1] & 0xff) << 40 | (uint64_t)d[0] << 8) & 0xffffffffffffull;
    t->dfmt = (uint8_t)bits_of(d[1], 20, 6);
    t->nfmt = (uint8_t)bits_of(d[1], 26, 4);
    t->width = bits_of(d[2], 0, 14) + 1;
    t->height = bits_of(d[2], 14, 14) + 1;
    for (unsigned i = 0; i < 4; i++)
        t->dst_sel[i] = (uint8_t)bits_of(d[3], 3 * i, 3);
    t->tiling = (uint8_t)bits_of(d[3], 20, 5);
    t->type = (uint8_t)bits_of(d[3], 28, 4);
    t->depth = bits_of(d[4], 0, 13) + 1;
    t->pitch = bits_of(d[4], 13, gen >= ISA_GFX9 ? 16 : 14) + 1;
    t->last_array = gen >= ISA_GFX9 ? t->depth - 1 : bits_of(d[5], 13, 13);
}

void mimg_ssharp_encode(const mimg_ssharp_t *s, uint32_t d[4])
{
    memset(d, 0, 4 * sizeof *d);
    for (unsigned i = 0; i < 3; i++)
        d[0] |= (uint32_t)(s->clamp[i] & 7) << (3 * i);
    d[0] |= (uint32_t)(s->unnorm & 1) << 15;
    d[2] = (uint32_t)(s->mag & 3) << 20 | (uint32_t)(s->min & 3) << 22;
    d[3] = (uint32_t)(s->border & 3) << 30;
}

void mimg_ssharp_decode(const uint32_t d[4], mimg_ssharp_t *s)
{
    for (unsigned i = 0; i < 3; i++)
        s->clamp[i] = (uint8_t)bits_of(d[0], 3 * i, 3);
    s->unnorm = (uint8_t)bits_of(d[0], 15, 1);
    s->mag = (uint8_t)bits_of(d[2], 20, 2);
    s->min = (uint8_t)bits_of(d[2], 22, 2);
    s->border = (uint8_t)bits_of(d[3], 30, 2);
}

/* ---- formats ---------------------------------------------------------------- */

enum { DF_8 = 1, DF_16 = 2, DF_88 = 3, DF_32 = 4, DF_1616 = 5, DF_8888 = 10, DF_3232 = 11, DF_16161616 = 12,
       DF_32323232 = 14 };
enum { SEL_0 = 0, SEL_1 = 1, SEL_X = 4, SEL_Y = 5, SEL_Z = 6, SEL_W = 7 };

static const mimg_format_t formats[] = {
    {"rgba8", "CL_RGBA, CL_UNORM_INT8", DF_8888, NF_UNORM, 4, 4, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 2, 8},
    {"rgba16f", "CL_RGBA, CL_HALF_FLOAT", DF_16161616, NF_FLOAT, 4, 8, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 14, 8},
    {"rgba32f", "CL_RGBA, CL_FLOAT", DF_32323232, NF_FLOAT, 4, 16, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 15, 8},
    {"rgba32ui", "CL_RGBA, CL_UNSIGNED_INT32", DF_32323232, NF_UINT, 4, 16, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 13, 8},
    {"rgba32i", "CL_RGBA, CL_SIGNED_INT32", DF_32323232, NF_SINT, 4, 16, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 10, 8},
    {"r32f", "CL_R, CL_FLOAT", DF_32, NF_FLOAT, 1, 4, {SEL_X, SEL_0, SEL_0, SEL_1}, 15, 1},
    {"r8ui", "CL_R, CL_UNSIGNED_INT8", DF_8, NF_UINT, 1, 1, {SEL_X, SEL_0, SEL_0, SEL_1}, 11, 1},
    {"rgba8ui", "CL_RGBA, CL_UNSIGNED_INT8", DF_8888, NF_UINT, 4, 4, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 11, 8},
    {"rgba8i", "CL_RGBA, CL_SIGNED_INT8", DF_8888, NF_SINT, 4, 4, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 8, 8},
    {"rgba8sn", "CL_RGBA, CL_SNORM_INT8", DF_8888, NF_SNORM, 4, 4, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 0, 8},
    {"rgba16", "CL_RGBA, CL_UNORM_INT16", DF_16161616, NF_UNORM, 4, 8, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 3, 8},
    {"rgba16sn", "CL_RGBA, CL_SNORM_INT16", DF_16161616, NF_SNORM, 4, 8, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 1, 8},
    {"rgba16ui", "CL_RGBA, CL_UNSIGNED_INT16", DF_16161616, NF_UINT, 4, 8, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 12, 8},
    {"rgba16i", "CL_RGBA, CL_SIGNED_INT16", DF_16161616, NF_SINT, 4, 8, {SEL_X, SEL_Y, SEL_Z, SEL_W}, 9, 8},
    {"rg8", "CL_RG, CL_UNORM_INT8", DF_88, NF_UNORM, 2, 2, {SEL_X, SEL_Y, SEL_0, SEL_1}, 2, 3},
    {"rg8ui", "CL_RG, CL_UNSIGNED_INT8", DF_88, NF_UINT, 2, 2, {SEL_X, SEL_Y, SEL_0, SEL_1}, 11, 3},
    {"rg8i", "CL_RG, CL_SIGNED_INT8", DF_88, NF_SINT, 2, 2, {SEL_X, SEL_Y, SEL_0, SEL_1}, 8, 3},
    {"rg16f", "CL_RG, CL_HALF_FLOAT", DF_1616, NF_FLOAT, 2, 4, {SEL_X, SEL_Y, SEL_0, SEL_1}, 14, 3},
    {"rg16", "CL_RG, CL_UNORM_INT16", DF_1616, NF_UNORM, 2, 4, {SEL_X, SEL_Y, SEL_0, SEL_1}, 3, 3},
    {"rg16ui", "CL_RG, CL_UNSIGNED_INT16", DF_1616, NF_UINT, 2, 4, {SEL_X, SEL_Y, SEL_0, SEL_1}, 12, 3},
    {"rg16i", "CL_RG, CL_SIGNED_INT16", DF_1616, NF_SINT, 2, 4, {SEL_X, SEL_Y, SEL_0, SEL_1}, 9, 3},
    {"rg32f", "CL_RG, CL_FLOAT", DF_3232, NF_FLOAT, 2, 8, {SEL_X, SEL_Y, SEL_0, SEL_1}, 15, 3},
    {"rg32ui", "CL_RG, CL_UNSIGNED_INT32", DF_3232, NF_UINT, 2, 8, {SEL_X, SEL_Y, SEL_0, SEL_1}, 13, 3},
    {"rg32i", "CL_RG, CL_SIGNED_INT32", DF_3232, NF_SINT, 2, 8, {SEL_X, SEL_Y, SEL_0, SEL_1}, 10, 3},
    {"r8", "CL_R, CL_UNORM_INT8", DF_8, NF_UNORM, 1, 1, {SEL_X, SEL_0, SEL_0, SEL_1}, 2, 1},
    {"r8i", "CL_R, CL_SIGNED_INT8", DF_8, NF_SINT, 1, 1, {SEL_X, SEL_0, SEL_0, SEL_1}, 8, 1},
    {"r16f", "CL_R, CL_HALF_FLOAT", DF_16, NF_FLOAT, 1, 2, {SEL_X, SEL_0, SEL_0, SEL_1}, 14, 1},
    {"r16", "CL_R, CL_UNORM_INT16", DF_16, NF_UNORM, 1, 2, {SEL_X, SEL_0, SEL_0, SEL_1}, 3, 1},
    {"r16ui", "CL_R, CL_UNSIGNED_INT16", DF_16, NF_UINT, 1, 2, {SEL_X, SEL_0, SEL_0, SEL_1}, 12, 1},
    {"r16i", "CL_R, CL_SIGNED_INT16", DF_16, NF_SINT, 1, 2, {SEL_X, SEL_0, SEL_0, SEL_1}, 9, 1},
    {"r32ui", "CL_R, CL_UNSIGNED_INT32", DF_32, NF_UINT, 1, 4, {SEL_X, SEL_0, SEL_0, SEL_1}, 13, 1},
    {"r32i", "CL_R, CL_SIGNED_INT32", DF_32, NF_SINT, 1, 4, {SEL_X, SEL_0, SEL_0, SEL_1}, 10, 1},
    {"intensity8", "CL_INTENSITY, CL_UNORM_INT8", DF_8, NF_UNORM, 1, 1, {SEL_X, SEL_X, SEL_X, SEL_X}, 2, 16},
    {"intensity16", "CL_INTENSITY, CL_UNORM_INT16", DF_16, NF_UNORM, 1, 2, {SEL_X, SEL_X, SEL_X, SEL_X}, 3, 16},
    {"intensity16f", "CL_INTENSITY, CL_HALF_FLOAT", DF_16, NF_FLOAT, 1, 2, {SEL_X, SEL_X, SEL_X, SEL_X}, 14, 16},
    {"intensity32f", "CL_INTENSITY, CL_FLOAT", DF_32, NF_FLOAT, 1, 4, {SEL_X, SEL_X, SEL_X, SEL_X}, 15, 16},
    {"luminance8", "CL_LUMINANCE, CL_UNORM_INT8", DF_8, NF_UNORM, 1, 1, {SEL_X, SEL_X, SEL_X, SEL_1}, 2, 17},
    {"luminance16", "CL_LUMINANCE, CL_UNORM_INT16", DF_16, NF_UNORM, 1, 2, {SEL_X, SEL_X, SEL_X, SEL_1}, 3, 17},
    {"luminance16f", "CL_LUMINANCE, CL_HALF_FLOAT", DF_16, NF_FLOAT, 1, 2, {SEL_X, SEL_X, SEL_X, SEL_1}, 14, 17},
    {"luminance32f", "CL_LUMINANCE, CL_FLOAT", DF_32, NF_FLOAT, 1, 4, {SEL_X, SEL_X, SEL_X, SEL_1}, 15, 17},
};

const mimg_format_t *mimg_format_at(unsigned i)
{
    return i < sizeof formats / sizeof formats[0] ? &formats[i] : NULL;
}

const mimg_format_t *mimg_format(const char *name)
{
    for (const mimg_format_t *f = formats; f < formats + sizeof formats / sizeof formats[0]; f++)
        if (!strcmp(f->name, name))
            return f;
    return NULL;
}

const mimg_format_t *mimg_format_of(unsigned dfmt, unsigned nfmt)
{
    for (const mimg_format_t *f = formats; f < formats + sizeof formats / sizeof formats[0]; f++)
        if (f->dfmt == dfmt && f->nfmt == nfmt)
            return f;
    return NULL;
}

static unsigned chan_bytes(const mimg_format_t *f)
{
    return f->bytes / f->nch;
}

uint32_t mimg_unpack(const mimg_format_t *f, const uint8_t *texel, unsigned ch)
{
    unsigned cb = chan_bytes(f);
    uint32_t raw = 0;
    memcpy(&raw, texel + ch * cb, cb);
    return mem_fmt_decode(raw, 8 * cb, f->nfmt);
}

void mimg_pack(const mimg_format_t *f, uint8_t *texel, unsigned ch, uint32_t v)
{
    unsigned cb = chan_bytes(f);
    uint32_t raw = mem_fmt_encode(v, 8 * cb, f->nfmt);
    memcpy(texel + ch * cb, &raw, cb);
}

/* The register value of DST_SEL sel for a texel whose channels are c[]. */
static uint32_t dst_select(const mimg_format_t *f, unsigned sel, const uint32_t c[4])
{
    if (sel >= SEL_X)
        return sel - SEL_X < f->nch ? c[sel - SEL_X] : 0;
    if (sel == SEL_1)
        return f->nfmt == NF_UINT || f->nfmt == NF_SINT ? 1u : 0x3f800000u;
    return 0;
}

/* ---- nearest filtering -------------------------------------------------- */

static int64_t floor_mod(int64_t a, int64_t n)
{
    int64_t m = a % n;
    return m < 0 ? m + n : m;
}

/* The texel-space coordinate of c on an axis of n texels (c normalized
 * unless unnorm; the product c*n in f32), rounded to 1/256 texel; NaN ->
 * 0, clamped to +-1e15. */
static double texel_coord(float c, uint32_t n, int unnorm)
{
    double t = unnorm ? (double)c : (double)(c * (float)n);
    if (t != t)
        t = 0;
    if (t > 1e15)
        t = 1e15;
    if (t < -1e15)
        t = -1e15;
    return nearbyint(t * 256.0) / 256.0;
}

int64_t mimg_nearest(float c, uint32_t n, unsigned clamp, int unnorm)
{
    return mimg_address((int64_t)floor(texel_coord(c, n, unnorm)), n, clamp);
}

int64_t mimg_slice(float c, uint32_t n)
{
    double s = nearbyint((double)c);
    if (s != s || s < 0)
        return 0;
    return s > (double)n - 1 ? (int64_t)n - 1 : (int64_t)s;
}

void mimg_linear(float c, uint32_t n, unsigned clamp, int unnorm, int64_t i[2], float *a)
{
    double t = texel_coord(c, n, unnorm) - 0.5, fl = floor(t);
    *a = (float)(t - fl);
    i[0] = mimg_address((int64_t)fl, n, clamp);
    i[1] = mimg_address((int64_t)fl + 1, n, clamp);
}

int64_t mimg_address(int64_t i, uint32_t n, unsigned clamp)
{
    int64_t sz = n;
    switch (clamp) {
    case 0: return floor_mod(i, sz);
    case 1: {
        int64_t m = floor_mod(i, 2 * sz);
        return m < sz ? m : 2 * sz - 1 - m;
    }
    case 2: return i < 0 ? 0 : i >= sz ? sz - 1 : i;
    case 3:
        i = i < 0 ? -1 - i : i;
        return i >= sz ? sz - 1 : i;
    case 5:
    case 7:
        i = i < 0 ? -1 - i : i;
        return i >= sz ? -1 : i;
    default: return i < 0 || i >= sz ? -1 : i;
    }
}

/* ---- semantics -------------------------------------------------------------- */

static int is_array(const mimg_tsharp_t *t)
{
    return t->type == MIMG_TYPE_1D_ARRAY || t->type == MIMG_TYPE_2D_ARRAY;
}

/* Read and check the T# at s[srsrc:srsrc+7]; the texel format into *f.
 * Returns 0, or -1 after faulting on what gcnsim does not simulate. */
static int tsharp(wave_t *w, const isa_inst_t *in, mimg_tsharp_t *t, const mimg_format_t **f)
{
    const char *name = mem_name(in);
    if (in->srsrc + 8 > 104)
        return wave_fault(w, FAULT_ILLEGAL, 0, -1, "%s: resource s[%u:%u] out of range", name, in->srsrc,
                          in->srsrc + 7), -1;
    mimg_tsharp_decode(w->ctx->t->gen, &w->sgpr[in->srsrc], t);
    if (t->type < MIMG_TYPE_1D || t->type > MIMG_TYPE_2D_ARRAY || t->type == 11)
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: image type %u (T# word 3 [31:28]) is not simulated "
                          "(1D, 2D, 3D, 1D array and 2D array are)", name, t->type), -1;
    if (w->ctx->t->gen >= ISA_GFX9 && t->tiling)
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: swizzle mode %u is not simulated (linear only)", name,
                          t->tiling), -1;
    if (!(*f = mimg_format_of(t->dfmt, t->nfmt)))
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: data format %u with number format %u is not simulated",
                          name, t->dfmt, t->nfmt), -1;
    if (in->d16 || in->tfe || in->lwe || (w->ctx->t->gen >= ISA_GFX9 && in->r128))
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: d16, tfe, lwe and a16 are not simulated", name), -1;
    if (!in->da != !is_array(t))
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: da %s with image type %u is not simulated (arrays, "
                          "types 12 and 13, take da; the others do not)", name, in->da ? "set" : "clear", t->type), -1;
    return 0;
}

/* Number of address VGPRs of the image's type: x[, y][, z or slice]. */
static unsigned type_dims(const mimg_tsharp_t *t)
{
    static const uint8_t dims[] = {1, 2, 3, 0, 2, 3};
    return dims[t->type - MIMG_TYPE_1D];
}

/* The texel extent of the image along x, y and z (z: slices for arrays). */
static void extent(const mimg_tsharp_t *t, uint32_t sz[3])
{
    int one_d = t->type == MIMG_TYPE_1D || t->type == MIMG_TYPE_1D_ARRAY;
    sz[0] = t->width;
    sz[1] = one_d ? 1 : t->height;
    sz[2] = t->type == MIMG_TYPE_3D ? t->depth : is_array(t) ? t->last_array + 1 : 1;
}

/* The texel position (x, y, z) of address VGPR values v[] (1D arrays
 * give x and the slice: the slice goes to z). */
static void place(const mimg_tsharp_t *t, const int64_t v[3], int64_t xyz[3])
{
    int one_d_array = t->type == MIMG_TYPE_1D_ARRAY;
    xyz[0] = v[0];
    xyz[1] = one_d_array ? 0 : v[1];
    xyz[2] = one_d_array ? v[1] : v[2];
}

/* The byte address of texel xyz of an image of extent sz. */
static uint64_t texel_addr(const mimg_tsharp_t *t, const mimg_format_t *f, const uint32_t sz[3], const int64_t xyz[3])
{
    return t->base + (((uint64_t)xyz[2] * sz[1] + (uint64_t)xyz[1]) * t->pitch + (uint64_t)xyz[0]) * f->bytes;
}

/* Plan the texel access of lane l at texel (x,y,z) (x < 0: out of range). */
static int plan_texel(wave_t *w, const isa_inst_t *in, const mimg_tsharp_t *t, const mimg_format_t *f,
                      mem_plan_t *pl, unsigned l, const int64_t xyz[3], int kind, const mem_region_t **rc)
{
    uint32_t sz[3];
    extent(t, sz);
    pl->space[l] = FX_SPACE_GLOBAL;
    int out = xyz[0] < 0 || xyz[0] >= sz[0] || xyz[1] < 0 || xyz[1] >= sz[1] || xyz[2] < 0 || xyz[2] >= sz[2];
    uint64_t a = texel_addr(t, f, sz, xyz);
    for (unsigned k = 0; k < pl->npieces; k++) {
        pl->a[k][l] = out ? t->base : (a + k * pl->psize) & 0xffffffffffffull;
        pl->p[k][l] = NULL;
    }
    if (out) {
        pl->oob |= 1ull << l;
        return 0;
    }
    uint8_t *p = mem_device_rc(w, in, (int)l, pl->a[0][l], f->bytes, kind, rc);
    if (!p)
        return -1;
    for (unsigned k = 0; k < pl->npieces; k++)
        pl->p[k][l] = p + k * pl->psize;
    return 0;
}

static void plan_init(wave_t *w, mem_plan_t *pl, const mimg_format_t *f)
{
    pl->mask = wave_exec(w);
    pl->oob = 0;
    pl->psize = f->bytes < 4 ? f->bytes : 4;
    pl->npieces = f->bytes < 4 ? 1 : f->bytes / 4;
}

/* The integer coordinates of every active lane from VADDR (dims VGPRs). */
static int int_coords(wave_t *w, const isa_inst_t *in, unsigned dims, const uint32_t *c[3])
{
    for (unsigned i = 0; i < 3; i++) {
        c[i] = NULL;
        if (i < dims && !(c[i] = wave_vreg(w, in->vaddr + i)))
            return -1;
    }
    return 0;
}

static void mimg_count(wave_t *w, int store)
{
    if (!w->fx)
        return;
    w->fx->vm_cnt++;
    if (store && w->ctx->t->gen == ISA_GFX6)
        w->fx->exp_cnt++;
}

/* Write the dmask components of texel values c[lane][4] to VDATA. */
static void write_result(wave_t *w, const isa_inst_t *in, uint32_t c[4][64], uint64_t mask)
{
    unsigned k = 0;
    for (unsigned i = 0; i < 4; i++)
        if (in->dmask & (1u << i))
            wave_write_vreg(w, in->vdata + k++, c[i], mask);
}

/* Check that VDATA holds the dmask components; returns -1 after a fault. */
static int vdata_ok(wave_t *w, const isa_inst_t *in, uint32_t *regs[4])
{
    unsigned n = (unsigned)__builtin_popcount(in->dmask & 0xf);
    for (unsigned k = 0; k < n; k++)
        if (!(regs[k] = wave_vreg(w, in->vdata + k)))
            return -1;
    return 0;
}

/* The DST_SEL'ed channels of the texel at p, as register values. */
static void texel_regs(const mimg_tsharp_t *t, const mimg_format_t *f, const uint8_t *p, uint32_t r[4])
{
    uint32_t ch[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < f->nch; i++)
        ch[i] = mimg_unpack(f, p, i);
    for (unsigned i = 0; i < 4; i++)
        r[i] = dst_select(f, t->dst_sel[i], ch);
}

/* The DST_SEL'ed channels of the texel of lane l (0 when out of range). */
static void texel_value(const mimg_tsharp_t *t, const mimg_format_t *f, const mem_plan_t *pl, unsigned l,
                        uint32_t c[4][64])
{
    uint32_t r[4] = {0, 0, 0, 0};
    if (pl->p[0][l])
        texel_regs(t, f, pl->p[0][l], r);
    for (unsigned i = 0; i < 4; i++)
        c[i][l] = r[i];
}

/* The T#, format, integer coordinate rows and VDATA rows of image_load
 * and image_store; -1 after a fault. */
static int int_access(wave_t *w, const isa_inst_t *in, mimg_tsharp_t *t, const mimg_format_t **f,
                      const uint32_t *c[3], uint32_t *d[4])
{
    return tsharp(w, in, t, f) || int_coords(w, in, type_dims(t), c) || vdata_ok(w, in, d) ? -1 : 0;
}

/* Plan lane l's access (kind) to the texel at its integer coordinates in
 * the rows c; -1 after a fault. */
static int plan_int_lane(wave_t *w, const isa_inst_t *in, const mimg_tsharp_t *t, const mimg_format_t *f,
                         mem_plan_t *pl, unsigned l, const uint32_t *const c[3], int kind, const mem_region_t **rc)
{
    int64_t v[3] = {(int32_t)c[0][l], c[1] ? (int32_t)c[1][l] : 0, c[2] ? (int32_t)c[2][l] : 0}, xyz[3];
    place(t, v, xyz);
    return plan_texel(w, in, t, f, pl, l, xyz, kind, rc);
}

/* image_load: VDATA = the dmask components of the texel at the integer
 * coordinates in VADDR (x, y, z as the image type has them); mip 0 */
static void image_load(wave_t *w, const isa_inst_t *in)
{
    mimg_tsharp_t t;
    const mimg_format_t *f;
    const uint32_t *c[3];
    uint32_t *d[4];
    if (int_access(w, in, &t, &f, c, d))
        return;
    mem_plan_t pl;
    plan_init(w, &pl, f);
    const mem_region_t *rc = NULL;
    uint32_t val[4][64];
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (plan_int_lane(w, in, &t, f, &pl, l, c, MEM_READ, &rc))
            return;
        texel_value(&t, f, &pl, l, val);
    }
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, 0);
    write_result(w, in, val, pl.mask);
    mimg_count(w, 0);
}

/* image_store: the texel at the integer coordinates in VADDR = the dmask
 * components of VDATA (channels not in dmask written as 0); mip 0 */
static void image_store(wave_t *w, const isa_inst_t *in)
{
    mimg_tsharp_t t;
    const mimg_format_t *f;
    const uint32_t *c[3];
    uint32_t *d[4];
    if (int_access(w, in, &t, &f, c, d))
        return;
    mem_plan_t pl;
    plan_init(w, &pl, f);
    const mem_region_t *rc = NULL;
    uint32_t raw[4][64];
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (plan_int_lane(w, in, &t, f, &pl, l, c, MEM_WRITE, &rc))
            return;
        uint8_t texel[16] = {0};
        for (unsigned i = 0, k = 0; i < f->nch; i++)
            mimg_pack(f, texel, i, in->dmask & (1u << i) ? d[k++][l] : 0);
        for (unsigned k = 0; k < pl.npieces; k++)
            memcpy(&raw[k][l], texel + k * pl.psize, pl.psize);
    }
    mem_plan_store(w, &pl, pl.npieces, 0, (uint32_t *const[]){raw[0], raw[1], raw[2], raw[3]});
    mimg_count(w, 1);
}

/* The border colour of S# type border, as register values for format f. */
static void border_colour(wave_t *w, const mimg_format_t *f, unsigned border, uint32_t out[4])
{
    uint32_t one = f->nfmt == NF_UINT || f->nfmt == NF_SINT ? 1u : 0x3f800000u;
    (void)w;
    for (unsigned i = 0; i < 4; i++)
        out[i] = border == 2 || (border == 1 && i == 3) ? one : 0;
}

/* Read and check the S# at s[ssamp:ssamp+3]; -1 after a fault. */
static int ssharp(wave_t *w, const isa_inst_t *in, mimg_ssharp_t *s)
{
    if (in->ssamp + 4 > 104)
        return wave_fault(w, FAULT_ILLEGAL, 0, -1, "%s: sampler s[%u:%u] out of range", mem_name(in), in->ssamp,
                          in->ssamp + 3), -1;
    mimg_ssharp_decode(&w->sgpr[in->ssamp], s);
    if (s->mag > 1 || s->min > 1)
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: anisotropic filtering (XY_MAG/MIN_FILTER %u/%u) is not "
                          "simulated", mem_name(in), s->mag, s->min), -1;
    if (s->border == 3)
        return wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: border colours from the border colour table are not "
                          "simulated", mem_name(in)), -1;
    return 0;
}

/* What the lanes of one image_sample share. */
typedef struct {
    wave_t *w;
    const isa_inst_t *in;
    const mimg_tsharp_t *t;
    const mimg_ssharp_t *s;
    const mimg_format_t *f;
    const uint32_t **c;             /* the address VGPRs */
    mem_plan_t *pl;
    const mem_region_t **rc;
    uint32_t size[3], bc[4];        /* extent; border colour */
    unsigned nd, fd;                /* address VGPRs; filtered axes */
} sampling_t;

/* Nearest filtering for lane l: val[*][l] = the texel (or the border
 * colour); -1 after a fault. */
static int sample_nearest(sampling_t *sm, unsigned l, uint32_t val[4][64])
{
    int64_t v[3] = {0, 0, 0}, xyz[3];
    int border = 0;
    for (unsigned i = 0; i < sm->fd; i++)
        border |= (v[i] = mimg_nearest(mem_f32(sm->c[i][l]), sm->size[i], sm->s->clamp[i], sm->s->unnorm)) < 0;
    if (sm->fd < sm->nd)
        v[sm->fd] = mimg_slice(mem_f32(sm->c[sm->fd][l]), sm->size[2]);
    place(sm->t, v, xyz);
    if (plan_texel(sm->w, sm->in, sm->t, sm->f, sm->pl, l, xyz, MEM_READ, sm->rc))
        return -1;
    texel_value(sm->t, sm->f, sm->pl, l, val);
    if (border) {
        sm->pl->oob &= ~(1ull << l);
        for (unsigned i = 0; i < 4; i++)
            val[i][l] = sm->bc[i];
    }
    return 0;
}

/* Corner k of lane l's linear footprint at texel xyz into r[4] (the
 * border colour when border); corner 0 is the lane's timed access.
 * Returns -1 after a fault. */
static int corner_texel(sampling_t *sm, unsigned l, unsigned k, const int64_t xyz[3], int border, uint32_t r[4])
{
    if (k == 0) {
        if (plan_texel(sm->w, sm->in, sm->t, sm->f, sm->pl, l, xyz, MEM_READ, sm->rc))
            return -1;
        if (border)
            sm->pl->oob &= ~(1ull << l);
    }
    if (border) {
        memcpy(r, sm->bc, sizeof sm->bc);
        return 0;
    }
    const uint8_t *p = mem_device_rc(sm->w, sm->in, (int)l, texel_addr(sm->t, sm->f, sm->size, xyz) & 0xffffffffffffull,
                                     sm->f->bytes, MEM_READ, sm->rc);
    if (!p)
        return -1;
    texel_regs(sm->t, sm->f, p, r);
    return 0;
}

/* Linear filtering for lane l: val[*][l] = the f32 weighted sum of the
 * 2^fd texels around the coordinate (see the top of the file for the
 * order of operations); -1 after a fault. */
static int sample_linear(sampling_t *sm, unsigned l, uint32_t val[4][64])
{
    int64_t idx[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    float a[3] = {0, 0, 0}, sum[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < sm->fd; i++)
        mimg_linear(mem_f32(sm->c[i][l]), sm->size[i], sm->s->clamp[i], sm->s->unnorm, idx[i], &a[i]);
    for (unsigned k = 0; k < 1u << sm->fd; k++) {
        int64_t v[3] = {0, 0, 0}, xyz[3];
        float wt = 1.0f;
        int border = 0;
        for (unsigned i = 0; i < sm->fd; i++) {
            unsigned b = k >> i & 1;
            border |= (v[i] = idx[i][b]) < 0;
            wt *= b ? a[i] : 1.0f - a[i];
        }
        if (sm->fd < sm->nd)
            v[sm->fd] = mimg_slice(mem_f32(sm->c[sm->fd][l]), sm->size[2]);
        place(sm->t, v, xyz);
        uint32_t r[4];
        if (corner_texel(sm, l, k, xyz, border, r))
            return -1;
        for (unsigned ch = 0; ch < 4; ch++) {
            float term = wt * mem_f32(r[ch]);
            sum[ch] = k ? sum[ch] + term : term;
        }
    }
    for (unsigned ch = 0; ch < 4; ch++)
        val[ch][l] = mem_bits32(sum[ch]);
    return 0;
}

/* image_sample, image_sample_lz: VDATA = the dmask components of the
 * texel nearest to the float coordinates in VADDR, or with a linear S#
 * their bilinear/trilinear blend, with the S#'s address modes and border
 * colour (arrays: the slice rounded and clamped); mip 0 (image_sample
 * takes no LOD in compute) */
static void image_sample_lz(wave_t *w, const isa_inst_t *in)
{
    mimg_tsharp_t t;
    mimg_ssharp_t s;
    const mimg_format_t *f;
    const uint32_t *c[3];
    uint32_t *d[4];
    if (tsharp(w, in, &t, &f) || ssharp(w, in, &s) || int_coords(w, in, type_dims(&t), c) || vdata_ok(w, in, d))
        return;
    if (s.mag && (f->nfmt == NF_UINT || f->nfmt == NF_SINT)) {
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: linear filtering of the integer format %s is undefined in "
                   "OpenCL (read_imagei/ui take nearest samplers) and not simulated", mem_name(in), f->name);
        return;
    }
    mem_plan_t pl;
    plan_init(w, &pl, f);
    const mem_region_t *rc = NULL;
    sampling_t sm = {.w = w, .in = in, .t = &t, .s = &s, .f = f, .c = c, .pl = &pl, .rc = &rc};
    uint32_t val[4][64];
    extent(&t, sm.size);
    sm.nd = type_dims(&t);
    sm.fd = is_array(&t) ? sm.nd - 1 : sm.nd;
    border_colour(w, f, s.border, sm.bc);
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (s.mag ? sample_linear(&sm, l, val) : sample_nearest(&sm, l, val))
            return;
    }
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, 0);
    write_result(w, in, val, pl.mask);
    mimg_count(w, 0);
}

const sem_entry_t sem_mimg_table[] = {
    {ISA_OP_IMAGE_LOAD, image_load},
    {ISA_OP_IMAGE_STORE, image_store},
    {ISA_OP_IMAGE_SAMPLE, image_sample_lz},
    {ISA_OP_IMAGE_SAMPLE_LZ, image_sample_lz},
    {0, 0},
};
