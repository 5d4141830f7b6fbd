// images.cl — OpenCL image kernels for gcnsim's image tests
// (tests/e2e/images/test_images.py computes every result in Python).

// dst(x,y) = src(x,y) * scale + bias, work-items outside the image idle
__kernel void scale2d(read_only image2d_t src, write_only image2d_t dst, float scale, float bias)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    if (p.x >= get_image_width(src) || p.y >= get_image_height(src))
        return;
    write_imagef(dst, p, read_imagef(src, p) * scale + bias);
}

// dst(x,y) = src(x,y) + (x, y, 1, 2) (unsigned integers)
__kernel void add_ui(read_only image2d_t src, write_only image2d_t dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    uint4 v = read_imageui(src, (int2)(x, y));
    write_imageui(dst, (int2)(x, y), v + (uint4)(x, y, 1, 2));
}

// dst(x,y) = -src(x,y) * 3 (signed integers)
__kernel void neg_i(read_only image2d_t src, write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagei(dst, p, -read_imagei(src, p) * 3);
}

// 1D: dst(x) = src(w - 1 - x)
__kernel void reverse1d(read_only image1d_t src, write_only image1d_t dst)
{
    int x = get_global_id(0), w = get_image_width(src);
    write_imagef(dst, x, read_imagef(src, w - 1 - x));
}

// 3D: out[(z*h + y)*w + x] = src(x,y,z)
__kernel void read3d(read_only image3d_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_image_width(src), h = get_image_height(src);
    out[(z * h + y) * w + x] = read_imagef(src, (int4)(x, y, z, 0));
}

// integer loads at coordinates from a buffer (some outside the image)
__kernel void load_at(read_only image2d_t src, __global const int2 *xy, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(src, xy[i]);
}

__kernel void info2d(read_only image2d_t a, __global int *o)
{
    o[0] = get_image_width(a);
    o[1] = get_image_height(a);
    o[2] = get_image_channel_data_type(a);
    o[3] = get_image_channel_order(a);
}

__kernel void info3d(read_only image3d_t a, __global int *o)
{
    o[0] = get_image_width(a);
    o[1] = get_image_height(a);
    o[2] = get_image_depth(a);
    o[3] = get_image_channel_data_type(a);
    o[4] = get_image_channel_order(a);
}

__kernel void info1d(read_only image1d_t a, __global int *o)
{
    o[0] = get_image_width(a);
    o[1] = get_image_channel_data_type(a);
    o[2] = get_image_channel_order(a);
}

// sampling with nearest filtering: out[i] = read_imagef(src, SAMPLER, uv[i])
#define SAMPLE(name, flags)                                                              \
    __kernel void name(read_only image2d_t src, __global const float2 *uv, __global float4 *out) \
    {                                                                                    \
        const sampler_t s = flags | CLK_FILTER_NEAREST;                                  \
        int i = get_global_id(0);                                                        \
        out[i] = read_imagef(src, s, uv[i]);                                             \
    }
SAMPLE(s_norm_edge, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE)
SAMPLE(s_norm_border, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP)
SAMPLE(s_norm_repeat, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT)
SAMPLE(s_norm_mirror, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT)
SAMPLE(s_unnorm_edge, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE)
SAMPLE(s_unnorm_border, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP)

// a linear-filtering sampler: gcnsim stops with a fault naming it
__kernel void s_linear(read_only image2d_t src, __global const float2 *uv, __global float4 *out)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
    int i = get_global_id(0);
    out[i] = read_imagef(src, s, uv[i]);
}

// 2D array: dst(x,y,l) = src(x,y,l) + (0, 0, 0, l)
__kernel void add_layer2d(read_only image2d_array_t src, write_only image2d_array_t dst)
{
    int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    write_imagef(dst, p, read_imagef(src, p) + (float4)(0, 0, 0, p.z));
}

// 1D array: dst(x,l) = src(x,l) + (0, 0, 0, l)
__kernel void add_layer1d(read_only image1d_array_t src, write_only image1d_array_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, p, read_imagef(src, p) + (float4)(0, 0, 0, p.y));
}

__kernel void info_arrays(read_only image1d_array_t a, read_only image2d_array_t b, __global int *o)
{
    o[0] = get_image_width(a);
    o[1] = get_image_array_size(a);
    o[2] = get_image_width(b);
    o[3] = get_image_height(b);
    o[4] = get_image_array_size(b);
    o[5] = get_image_channel_data_type(b);
}

// sampling arrays (the slice coordinate is never normalized)
__kernel void s_arr2d(read_only image2d_array_t src, __global const float4 *c, __global float4 *out)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    out[i] = read_imagef(src, s, c[i]);
}

__kernel void s_arr1d(read_only image1d_array_t src, __global const float2 *c, __global float4 *out)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    out[i] = read_imagef(src, s, c[i]);
}

// linear filtering: out[i] = read_imagef(src, SAMPLER, c[i]) for 1D, 2D, 3D
// images and 2D arrays
#define LINEAR(name, img, ctype, flags)                                                  \
    __kernel void name(read_only img src, __global const ctype *c, __global float4 *out) \
    {                                                                                    \
        const sampler_t s = flags | CLK_FILTER_LINEAR;                                   \
        int i = get_global_id(0);                                                        \
        out[i] = read_imagef(src, s, c[i]);                                              \
    }
LINEAR(l2_norm_edge, image2d_t, float2, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE)
LINEAR(l2_norm_border, image2d_t, float2, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP)
LINEAR(l2_norm_repeat, image2d_t, float2, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT)
LINEAR(l2_norm_mirror, image2d_t, float2, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT)
LINEAR(l2_unnorm_edge, image2d_t, float2, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE)
LINEAR(l2_unnorm_border, image2d_t, float2, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP)
LINEAR(l1_norm_repeat, image1d_t, float, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT)
LINEAR(l1_unnorm_border, image1d_t, float, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP)
LINEAR(l3_norm_mirror, image3d_t, float4, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT)
LINEAR(l3_unnorm_edge, image3d_t, float4, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE)
LINEAR(l2a_norm_border, image2d_array_t, float4, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP)

// an integer read with a linear sampler (undefined in OpenCL): a fault
__kernel void li_linear(read_only image2d_t src, __global const float2 *uv, __global uint4 *out)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
    int i = get_global_id(0);
    out[i] = read_imageui(src, s, uv[i]);
}

// image1d_buffer_t: clang reads and writes it with buffer_load/store_format
// through the buffer resource (V#) in dwords 0-3 of the image object.
// dst(x) = src(x) * scale + bias, work-items past the width idle
__kernel void buf_scale(read_only image1d_buffer_t src, write_only image1d_buffer_t dst, float scale, float bias)
{
    int x = get_global_id(0);
    if (x >= get_image_width(src))
        return;
    write_imagef(dst, x, read_imagef(src, x) * scale + bias);
}

// dst(x) = src(x) + (x, 1, 2, 3) (unsigned integers)
__kernel void buf_add_ui(read_only image1d_buffer_t src, write_only image1d_buffer_t dst)
{
    int x = get_global_id(0);
    write_imageui(dst, x, read_imageui(src, x) + (uint4)(x, 1, 2, 3));
}

// dst(x) = -src(x) * 3 (signed integers)
__kernel void buf_neg_i(read_only image1d_buffer_t src, write_only image1d_buffer_t dst)
{
    int x = get_global_id(0);
    write_imagei(dst, x, -read_imagei(src, x) * 3);
}

// loads and stores at indices from a buffer, some past the end:
// out[i] = src(idx[i]); dst(idx[i]) = (i, i + 0.5, -i, 1)
__kernel void buf_at(read_only image1d_buffer_t src, write_only image1d_buffer_t dst, __global const int *idx,
                     __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(src, idx[i]);
    write_imagef(dst, idx[i], (float4)(i, i + 0.5f, -i, 1));
}

// the same for unsigned integers: out[i] = src(idx[i]); dst(idx[i]) = (i, 2i, 3i, 4i)
__kernel void buf_at_ui(read_only image1d_buffer_t src, write_only image1d_buffer_t dst, __global const int *idx,
                        __global uint4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imageui(src, idx[i]);
    write_imageui(dst, idx[i], (uint4)(i, 2 * i, 3 * i, 4 * i));
}

__kernel void buf_info(read_only image1d_buffer_t a, __global int *o)
{
    o[0] = get_image_width(a);
    o[1] = get_image_channel_data_type(a);
    o[2] = get_image_channel_order(a);
}
