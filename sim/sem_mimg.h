/* sem_mimg.h — images: the image resource (T#) and sampler (S#)
 * descriptors as the generations lay them out, the texel formats gcnsim
 * converts, and the MIMG semantics table (sem_mimg.c; the facts and their
 * sources are at the top of that file). */
#ifndef GCNSIM_SEM_MIMG_H
#define GCNSIM_SEM_MIMG_H

#include <stdint.h>
#include "isa/isa.h"
#include "sim/wave.h"

/* Image resource types (T# word 3 [31:28]). */
enum { MIMG_TYPE_1D = 8, MIMG_TYPE_2D = 9, MIMG_TYPE_3D = 10, MIMG_TYPE_1D_ARRAY = 12, MIMG_TYPE_2D_ARRAY = 13 };

/* The fields of a T# gcnsim uses.  Sizes are in texels (not minus one). */
typedef struct {
    uint64_t base;          /* byte address of texel (0,0,0); 256-byte aligned */
    uint32_t width, height, depth, pitch;
    uint32_t last_array;    /* last array slice: gfx6-8 word 5 LAST_ARRAY, gfx9 DEPTH */
    uint8_t dfmt, nfmt, type, dst_sel[4];
    uint8_t tiling;         /* gfx6-8 TILING_INDEX, gfx9 SW_MODE (0 = linear) */
} mimg_tsharp_t;

/* Encode t as the 8 dwords of a T# of generation gen. */
void mimg_tsharp_encode(isa_gen_t gen, const mimg_tsharp_t *t, uint32_t d[8]);
/* Decode the 8 dwords of a T# of generation gen. */
void mimg_tsharp_decode(isa_gen_t gen, const uint32_t d[8], mimg_tsharp_t *t);
/* Largest width/height, depth and pitch a T# of gen can hold. */
void mimg_tsharp_limits(isa_gen_t gen, uint32_t *max_wh, uint32_t *max_depth, uint32_t *max_pitch);

/* A texel format gcnsim knows: its --arg name and what the T# and the
 * image object (for the device library) say about it. */
typedef struct {
    const char *name;       /* e.g. "rgba8" */
    const char *cl;         /* e.g. "CL_RGBA, CL_UNORM_INT8" */
    uint8_t dfmt, nfmt;     /* IMG_DATA_FORMAT / IMG_NUM_FORMAT */
    uint8_t nch, bytes;     /* channels, bytes per texel */
    uint8_t dst_sel[4];
    uint32_t hsa_type, hsa_order;   /* hsa_ext_image_channel_type/order_t */
} mimg_format_t;

/* The format named name, or NULL. */
const mimg_format_t *mimg_format(const char *name);
/* Format i of the table (NULL past the end). */
const mimg_format_t *mimg_format_at(unsigned i);
/* The format with the T#'s data and number formats, or NULL. */
const mimg_format_t *mimg_format_of(unsigned dfmt, unsigned nfmt);

/* Channel ch of a texel in format f as the register value a load returns
 * (floats for unorm/half/float, integers for uint/sint), before DST_SEL. */
uint32_t mimg_unpack(const mimg_format_t *f, const uint8_t *texel, unsigned ch);
/* Store register value v into channel ch of a texel in format f
 * (float->unorm8 clamped and rounded to nearest even, float->half
 * rounded to nearest even, integers saturated to the channel's range). */
void mimg_pack(const mimg_format_t *f, uint8_t *texel, unsigned ch, uint32_t v);

/* Fields of an S# gcnsim uses. */
typedef struct {
    uint8_t clamp[3];       /* SQ_TEX_CLAMP of x, y, z */
    uint8_t unnorm;         /* FORCE_UNNORMALIZED */
    uint8_t mag, min;       /* XY_MAG_FILTER / XY_MIN_FILTER (0 point) */
    uint8_t border;         /* BORDER_COLOR_TYPE */
} mimg_ssharp_t;

/* Encode s as the 4 dwords of an S# (the fields above, the others 0). */
void mimg_ssharp_encode(const mimg_ssharp_t *s, uint32_t d[4]);
/* Decode the 4 dwords of an S#. */
void mimg_ssharp_decode(const uint32_t d[4], mimg_ssharp_t *s);

/* Texel index of coordinate c on an axis of size n for nearest filtering
 * with address mode clamp (SQ_TEX_CLAMP_*), c normalized unless unnorm;
 * -1 when the coordinate takes the border colour. */
int64_t mimg_nearest(float c, uint32_t n, unsigned clamp, int unnorm);
/* Texel index i on an axis of size n after address mode clamp
 * (SQ_TEX_CLAMP_*); -1 when it takes the border colour. */
int64_t mimg_address(int64_t i, uint32_t n, unsigned clamp);
/* Linear filtering on one axis: the two texel indices i[0], i[1] (after
 * the address mode; -1 = border colour) and the weight *a of i[1] (a
 * multiple of 1/256: the coordinate is rounded to 1/256 texel as for
 * nearest filtering). */
void mimg_linear(float c, uint32_t n, unsigned clamp, int unnorm, int64_t i[2], float *a);
/* The slice index of array coordinate c on an array of n slices: c
 * rounded to nearest even, clamped to [0, n-1] (NaN -> 0). */
int64_t mimg_slice(float c, uint32_t n);

extern const sem_entry_t sem_mimg_table[];   /* MIMG */

#endif
