/* ocl_images.c — images and samplers through the driver, as an ordinary
 * OpenCL program, each result checked against a CPU reference computed
 * here: writes and reads of regions with host pitches, copies between
 * images and to and from buffers, fills (converted as the specification's
 * rules say: float -> unorm8 rounds x*255 to nearest even, integers
 * saturate), maps (of the device copy and of CL_MEM_USE_HOST_PTR
 * memory); kernels that sample with read_imagef and samplers of every
 * address mode, nearest and linear, normalized and not (the expected
 * values from the OpenCL 1.2 formulas of section 8.2, coded here), that
 * store with write_imagef and load with read_imageui, and that query
 * get_image_width and the rest on each image type; and the error codes
 * the specification names; and every listed format read with read_image*
 * against the specification's conversions and written back. */
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS   /* clCreateImage2D and 3D are checked too */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "ocl_test.h"

/* OpenCL 2.0's, which the headers leave out for a 1.2 target. */
extern CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context, const cl_ulong *, cl_int *);

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static cl_program prog;

static const char *src =
    "__kernel void sample2d(read_only image2d_t im, sampler_t s, __global const float2 *c, __global float4 *o)\n"
    "{ size_t i = get_global_id(0); o[i] = read_imagef(im, s, c[i]); }\n"
    "__kernel void store(write_only image2d_t im, __global const float4 *v)\n"
    "{ int x = get_global_id(0), y = get_global_id(1);\n"
    "  write_imagef(im, (int2)(x, y), v[y * get_global_size(0) + x]); }\n"
    "__kernel void load_ui(read_only image2d_t im, __global uint4 *o)\n"
    "{ int x = get_global_id(0), y = get_global_id(1);\n"
    "  o[y * get_global_size(0) + x] = read_imageui(im, (int2)(x, y)); }\n"
    "__kernel void q2d(read_only image2d_t im, __global int *o)\n"
    "{ o[0] = get_image_width(im); o[1] = get_image_height(im);\n"
    "  o[2] = get_image_channel_data_type(im); o[3] = get_image_channel_order(im); }\n"
    "__kernel void q3d(read_only image3d_t im, __global int *o)\n"
    "{ o[0] = get_image_width(im); o[1] = get_image_height(im); o[2] = get_image_depth(im);\n"
    "  o[3] = get_image_channel_data_type(im); o[4] = get_image_channel_order(im); }\n"
    "__kernel void q2da(read_only image2d_array_t im, __global int *o)\n"
    "{ o[0] = get_image_width(im); o[1] = get_image_height(im); o[2] = (int)get_image_array_size(im); }\n"
    "__kernel void q1da(read_only image1d_array_t im, __global int *o)\n"
    "{ o[0] = get_image_width(im); o[1] = (int)get_image_array_size(im); }\n"
    "__kernel void buf1d(read_only image1d_buffer_t im, __global float4 *o)\n"
    "{ o[0] = (float4)((float)get_image_width(im)); o[1] = read_imagef(im, 3); }\n"
    "__kernel void rd_f(read_only image2d_t im, __global float4 *o)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); o[y * get_global_size(0) + x] = read_imagef(im, (int2)(x, y)); }\n"
    "__kernel void rd_i(read_only image2d_t im, __global int4 *o)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); o[y * get_global_size(0) + x] = read_imagei(im, (int2)(x, y)); }\n"
    "__kernel void rd_ui(read_only image2d_t im, __global uint4 *o)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); o[y * get_global_size(0) + x] = read_imageui(im, (int2)(x, y)); }\n"
    "__kernel void wr_f(write_only image2d_t im, __global const float4 *v)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); write_imagef(im, (int2)(x, y), v[y * get_global_size(0) + x]); }\n"
    "__kernel void wr_i(write_only image2d_t im, __global const int4 *v)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); write_imagei(im, (int2)(x, y), v[y * get_global_size(0) + x]); }\n"
    "__kernel void wr_ui(write_only image2d_t im, __global const uint4 *v)\n"
    "{ int x = get_global_id(0), y = get_global_id(1); write_imageui(im, (int2)(x, y), v[y * get_global_size(0) + x]); }\n"
    "__kernel void layer(read_only image2d_array_t im, sampler_t s, __global float4 *o)\n"
    "{ for (int i = 0; i < 5; i++) o[i] = read_imagef(im, s, (float4)(1.5f, 0.5f, (float)i, 0.f)); }\n";

static const cl_image_format RGBA8 = {CL_RGBA, CL_UNORM_INT8}, RGBA32F = {CL_RGBA, CL_FLOAT}, R32F = {CL_R, CL_FLOAT},
                             R8UI = {CL_R, CL_UNSIGNED_INT8}, RGBA32UI = {CL_RGBA, CL_UNSIGNED_INT32};

static cl_mem image(cl_mem_flags f, const cl_image_format *fmt, cl_mem_object_type t, size_t w, size_t h, size_t d,
                    size_t layers, size_t row, size_t slice, void *host, cl_int *e)
{
    cl_image_desc desc = {.image_type = t, .image_width = w, .image_height = h, .image_depth = d,
                          .image_array_size = layers, .image_row_pitch = row, .image_slice_pitch = slice};
    return clCreateImage(ctx, f, fmt, &desc, host, e);
}

static void test_device(void)
{
    cl_bool img = CL_FALSE;
    size_t w2 = 0, w3 = 0, d3 = 0, arr = 0, buf = 0;
    cl_uint rd = 0, wr = 0, ns = 0;
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof img, &img, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof w2, &w2, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_WIDTH, sizeof w3, &w3, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof d3, &d3, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof arr, &arr, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof buf, &buf, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof rd, &rd, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof wr, &wr, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_SAMPLERS, sizeof ns, &ns, NULL);
    check(img == CL_TRUE, "CL_DEVICE_IMAGE_SUPPORT");
    /* the OpenCL 1.2 full profile's minimums (table 4.3) */
    check(w2 >= 8192 && w3 >= 2048 && d3 >= 2048 && arr >= 2048 && buf >= 65536 && rd >= 128 && wr >= 8 && ns >= 16,
          "image limits at least the full profile's minimums");
    cl_uint n = 0;
    cl_image_format f[40];
    cl_int e = clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 40, f, &n);
    int rgba8 = 0, r32f = 0;
    for (cl_uint i = 0; i < n && i < 32; i++) {
        rgba8 |= f[i].image_channel_order == CL_RGBA && f[i].image_channel_data_type == CL_UNORM_INT8;
        r32f |= f[i].image_channel_order == CL_R && f[i].image_channel_data_type == CL_FLOAT;
    }
    check(e == CL_SUCCESS && n == 40 && rgba8 && r32f, "clGetSupportedImageFormats: 40 formats, RGBA8 and R32F among them");
    /* OpenCL 1.2's minimum list (table 5.8) for CL_RGBA: every one listed */
    static const cl_channel_type rgba_min[] = {CL_UNORM_INT8, CL_UNORM_INT16, CL_SIGNED_INT8, CL_SIGNED_INT16,
                                               CL_SIGNED_INT32, CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                               CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT};
    int all = 1;
    for (size_t j = 0; j < sizeof rgba_min / sizeof *rgba_min; j++) {
        int found = 0;
        for (cl_uint i = 0; i < n && i < 32; i++)
            found |= f[i].image_channel_order == CL_RGBA && f[i].image_channel_data_type == rgba_min[j];
        all &= found;
    }
    check(all, "clGetSupportedImageFormats: the ten CL_RGBA formats of OpenCL 1.2's minimum list");
    int made = 1;
    for (cl_uint i = 0; i < n && i < 32; i++) {
        cl_mem m = image(CL_MEM_READ_WRITE, &f[i], CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
        made &= e == CL_SUCCESS;
        clReleaseMemObject(m);
    }
    check(made, "a 2D image of each listed format can be created");
}

/* Texel bytes of a w x h x d RGBA8 image: byte i = i * 13 + seed. */
static void pattern(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 13 + seed);
}

/* CPU reference of a region copy between two pitched layouts. */
static void cpu_copy(uint8_t *dst, size_t drow, size_t dslice, const uint8_t *srcp, size_t srow, size_t sslice,
                     size_t rowbytes, size_t h, size_t d)
{
    for (size_t z = 0; z < d; z++)
        for (size_t y = 0; y < h; y++)
            memcpy(dst + z * dslice + y * drow, srcp + z * sslice + y * srow, rowbytes);
}

static void test_rw(void)
{
    enum { W = 37, H = 11, ROW = W * 4 + 20 };
    static uint8_t host[ROW * H], tight[W * H * 4], got[W * H * 4], want[W * H * 4];
    pattern(host, sizeof host, 5);
    cl_int e;
    cl_mem m = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, ROW, 0, host,
                     &e);
    check_err(e, CL_SUCCESS, "clCreateImage 2D RGBA8 37x11, CL_MEM_COPY_HOST_PTR with a row pitch of 168");
    cpu_copy(tight, W * 4, 0, host, ROW, 0, W * 4, H, 1);
    size_t o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    e = clEnqueueReadImage(q, m, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, tight, sizeof got), "read back whole: the host's rows without the padding");
    size_t info[4] = {0};
    clGetImageInfo(m, CL_IMAGE_ROW_PITCH, sizeof info[0], &info[0], NULL);
    clGetImageInfo(m, CL_IMAGE_ELEMENT_SIZE, sizeof info[1], &info[1], NULL);
    clGetImageInfo(m, CL_IMAGE_WIDTH, sizeof info[2], &info[2], NULL);
    clGetImageInfo(m, CL_IMAGE_HEIGHT, sizeof info[3], &info[3], NULL);
    check(info[0] >= W * 4 && info[1] == 4 && info[2] == W && info[3] == H,
          "clGetImageInfo: row pitch, element size 4, width, height");
    /* write a 5x3 region at (7, 4) from a buffer of row pitch 64 */
    uint8_t src[64 * 3];
    pattern(src, sizeof src, 99);
    size_t o2[3] = {7, 4, 0}, r2[3] = {5, 3, 1};
    e = clEnqueueWriteImage(q, m, CL_TRUE, o2, r2, 64, 0, src, 0, NULL, NULL);
    memcpy(want, tight, sizeof want);
    cpu_copy(want + (4 * W + 7) * 4, W * 4, 0, src, 64, 0, 5 * 4, 3, 1);
    clEnqueueReadImage(q, m, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, want, sizeof got), "write a 5x3 region at (7,4) with row pitch 64");
    /* read a 9x6 region at (20, 5) into rows of 50 bytes */
    uint8_t part[50 * 6], pwant[50 * 6];
    memset(part, 0xee, sizeof part);
    memset(pwant, 0xee, sizeof pwant);
    size_t o3[3] = {20, 5, 0}, r3[3] = {9, 6, 1};
    e = clEnqueueReadImage(q, m, CL_TRUE, o3, r3, 50, 0, part, 0, NULL, NULL);
    cpu_copy(pwant, 50, 0, want + (5 * W + 20) * 4, W * 4, 0, 9 * 4, 6, 1);
    check(e == CL_SUCCESS && !memcmp(part, pwant, sizeof part), "read a 9x6 region at (20,5) into a row pitch of 50");
    clReleaseMemObject(m);

    /* a 3D R32F image: row and slice pitches on both sides */
    enum { X = 6, Y = 5, Z = 4, HR = 32, HS = HR * Y + 32 };
    static uint8_t h3[HS * Z], t3[X * Y * Z * 4], g3[X * Y * Z * 4];
    pattern(h3, sizeof h3, 1);
    m = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &R32F, CL_MEM_OBJECT_IMAGE3D, X, Y, Z, 0, HR, HS, h3, &e);
    check_err(e, CL_SUCCESS, "clCreateImage 3D R32F 6x5x4 with row pitch 32 and slice pitch 192");
    cpu_copy(t3, X * 4, X * Y * 4, h3, HR, HS, X * 4, Y, Z);
    size_t r4[3] = {X, Y, Z};
    e = clEnqueueReadImage(q, m, CL_TRUE, o, r4, 0, 0, g3, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(g3, t3, sizeof g3), "3D: read back whole");
    uint8_t s3[40 * 3 * 2 + 16], p3[16 * 2 * 3];
    pattern(s3, sizeof s3, 77);
    size_t o5[3] = {2, 1, 1}, r5[3] = {4, 3, 2};
    e = clEnqueueWriteImage(q, m, CL_TRUE, o5, r5, 40, 40 * 3 + 16, s3, 0, NULL, NULL);
    cpu_copy(t3 + ((1 * Y + 1) * X + 2) * 4, X * 4, X * Y * 4, s3, 40, 40 * 3 + 16, 16, 3, 2);
    clEnqueueReadImage(q, m, CL_TRUE, o, r4, 0, 0, g3, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(g3, t3, sizeof g3), "3D: write a 4x3x2 box at (2,1,1) with pitches 40 and 136");
    size_t o6[3] = {1, 2, 0}, r6[3] = {4, 2, 3};
    e = clEnqueueReadImage(q, m, CL_TRUE, o6, r6, 0, 0, p3, 0, NULL, NULL);
    uint8_t pw3[sizeof p3];
    cpu_copy(pw3, 16, 32, t3 + (2 * X + 1) * 4, X * 4, X * Y * 4, 16, 2, 3);
    check(e == CL_SUCCESS && !memcmp(p3, pw3, sizeof p3), "3D: read a 4x2x3 box at (1,2,0) tightly packed");
    size_t sp = 0;
    clGetImageInfo(m, CL_IMAGE_SLICE_PITCH, sizeof sp, &sp, NULL);
    check(sp >= X * Y * 4, "3D: CL_IMAGE_SLICE_PITCH");
    clReleaseMemObject(m);
}

static void test_copy_fill(void)
{
    enum { W = 16, H = 8 };
    static uint8_t a[W * H * 4], b[W * H * 4], got[W * H * 4];
    pattern(a, sizeof a, 3);
    pattern(b, sizeof b, 200);
    cl_int e;
    cl_mem ma = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, a, &e);
    cl_mem mb = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, b, &e);
    size_t so[3] = {2, 1, 0}, dor[3] = {9, 3, 0}, r[3] = {6, 4, 1}, o[3] = {0, 0, 0}, all[3] = {W, H, 1};
    e = clEnqueueCopyImage(q, ma, mb, so, dor, r, 0, NULL, NULL);
    cpu_copy(b + (3 * W + 9) * 4, W * 4, 0, a + (1 * W + 2) * 4, W * 4, 0, 6 * 4, 4, 1);
    clEnqueueReadImage(q, mb, CL_TRUE, o, all, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, b, sizeof b), "clEnqueueCopyImage: a 6x4 region from (2,1) to (9,3)");
    /* a 2D region into slice 2 of a 3D image and back out through a buffer */
    cl_mem m3 = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE3D, W, H, 4, 0, 0, 0, NULL, &e);
    size_t d3[3] = {0, 0, 2};
    e = clEnqueueCopyImage(q, ma, m3, o, d3, all, 0, NULL, NULL);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 100 + sizeof a, NULL, &e);
    cl_int e2 = clEnqueueCopyImageToBuffer(q, m3, buf, d3, all, 100, 0, NULL, NULL);
    memset(got, 0, sizeof got);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 100, sizeof got, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && e2 == CL_SUCCESS && !memcmp(got, a, sizeof a),
          "copy a 2D image into slice 2 of a 3D image, that slice to a buffer at offset 100");
    /* rows 2..4 of a 2D image into layers 1..3 of a 1D array (OpenCL:
     * the array's region is width x layers), then layer 2 read alone */
    cl_mem la = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE1D_ARRAY, W, 1, 1, 5, 0, 0, NULL, &e);
    size_t s2[3] = {0, 2, 0}, l1[3] = {0, 1, 0}, rr[3] = {W, 3, 1}, l2[3] = {0, 2, 0}, r1[3] = {W, 1, 1};
    e = clEnqueueCopyImage(q, ma, la, s2, l1, rr, 0, NULL, NULL);
    memset(got, 0, sizeof got);
    e2 = clEnqueueReadImage(q, la, CL_TRUE, l2, r1, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && e2 == CL_SUCCESS && !memcmp(got, a + 3 * W * 4, W * 4),
          "copy rows 2..4 of a 2D image to layers 1..3 of a 1D array: layer 2 is row 3");
    clReleaseMemObject(la);
    /* buffer -> image: bytes of the buffer at 100 into a 4x2 region at (5,5) of ma */
    uint8_t bb[100 + 32];
    pattern(bb, sizeof bb, 42);
    clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof bb, bb, 0, NULL, NULL);
    size_t o4[3] = {5, 5, 0}, r4[3] = {4, 2, 1};
    e = clEnqueueCopyBufferToImage(q, buf, ma, 100, o4, r4, 0, NULL, NULL);
    cpu_copy(a + (5 * W + 5) * 4, W * 4, 0, bb + 100, 16, 0, 16, 2, 1);
    clEnqueueReadImage(q, ma, CL_TRUE, o, all, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, a, sizeof a), "clEnqueueCopyBufferToImage: 4x2 texels at (5,5)");
    /* fill: float colour into RGBA8 (x*255 rounded to nearest even, clamped) */
    float c[4] = {0.5f, -1.0f, 2.0f, 1.0f / 3};
    size_t fo[3] = {3, 2, 0}, fr[3] = {5, 4, 1};
    e = clEnqueueFillImage(q, ma, c, fo, fr, 0, NULL, NULL);
    uint8_t t[4];
    for (int i = 0; i < 4; i++) {
        double x = c[i] < 0 ? 0 : c[i] > 1 ? 1 : c[i];
        t[i] = (uint8_t)nearbyint(x * 255.0);
    }
    for (size_t y = 0; y < 4; y++)
        for (size_t x = 0; x < 5; x++)
            memcpy(a + ((2 + y) * W + 3 + x) * 4, t, 4);
    clEnqueueReadImage(q, ma, CL_TRUE, o, all, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && t[0] == 128 && !memcmp(got, a, sizeof a),
          "clEnqueueFillImage RGBA8 with (0.5, -1, 2, 1/3): (128, 0, 255, 85) in the region only");
    cl_mem mu = image(CL_MEM_READ_WRITE, &R8UI, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    cl_uint uc[4] = {300, 0, 0, 0};
    uint8_t ug[16];
    size_t r44[3] = {4, 4, 1};
    e = clEnqueueFillImage(q, mu, uc, o, r44, 0, NULL, NULL);
    clEnqueueReadImage(q, mu, CL_TRUE, o, r44, 0, 0, ug, 0, NULL, NULL);
    int sat = 1;
    for (int i = 0; i < 16; i++)
        sat &= ug[i] == 255;
    check(e == CL_SUCCESS && sat, "clEnqueueFillImage R8UI with 300 saturates to 255");
    clReleaseMemObject(mu);
    clReleaseMemObject(buf);
    clReleaseMemObject(m3);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
}

static void test_map(void)
{
    enum { W = 10, H = 6 };
    static uint8_t a[W * H * 4], got[W * H * 4];
    pattern(a, sizeof a, 9);
    cl_int e;
    cl_mem m = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, a, &e);
    size_t o[3] = {3, 2, 0}, r[3] = {4, 3, 1}, all[3] = {W, H, 1}, z[3] = {0, 0, 0}, row = 0, slice = 7;
    uint8_t *p = clEnqueueMapImage(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o, r, &row, &slice, 0, NULL, NULL, &e);
    int same = p && row >= 16;
    for (size_t y = 0; same && y < 3; y++)
        same &= !memcmp(p + y * row, a + ((2 + y) * W + 3) * 4, 16);
    check(e == CL_SUCCESS && same && slice == 0, "clEnqueueMapImage: the region's rows at the row pitch given, slice pitch 0");
    for (size_t y = 0; p && y < 3; y++) {
        memset(p + y * row, 0x11 * (int)(y + 1), 16);
        memset(a + ((2 + y) * W + 3) * 4, 0x11 * (int)(y + 1), 16);
    }
    e = clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL);
    clEnqueueReadImage(q, m, CL_TRUE, z, all, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, a, sizeof a), "writes through the mapping land in the image after unmap");
    clReleaseMemObject(m);
    /* CL_MEM_USE_HOST_PTR: the mapping is the application's memory, at its pitch */
    enum { ROW = W * 4 + 8 };
    static uint8_t h[ROW * H];
    pattern(h, sizeof h, 4);
    m = image(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, ROW, 0, h, &e);
    void *hp = NULL;
    clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL);
    uint8_t blue[4] = {0, 0, 255, 255};
    float fb[4] = {0, 0, 1, 1};
    size_t fo[3] = {1, 1, 0}, fr[3] = {1, 1, 1};
    clEnqueueFillImage(q, m, fb, fo, fr, 0, NULL, NULL);
    p = clEnqueueMapImage(q, m, CL_TRUE, CL_MAP_READ, z, all, &row, NULL, 0, NULL, NULL, &e);
    check(e == CL_SUCCESS && hp == h && p == h && row == ROW && !memcmp(h + ROW + 4, blue, 4),
          "CL_MEM_USE_HOST_PTR: the mapping is host_ptr at its row pitch and shows the device's writes");
    clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL);
    clReleaseMemObject(m);
}

/* ---- sampling ----------------------------------------------------------- */

enum { SW = 8, SH = 4 };
static float tex[SH][SW][4];

/* The OpenCL 1.2 formulas (8.2): texel index i of coordinate s on an axis
 * of n texels for nearest filtering; -1 = border colour. */
static int nearest(float s, int n, int norm, cl_addressing_mode am)
{
    float u = norm ? s * n : s;
    int i;
    if (am == CL_ADDRESS_REPEAT) {
        u = (s - floorf(s)) * n;
        i = (int)floorf(u);
        return i > n - 1 ? i - n : i;
    }
    if (am == CL_ADDRESS_MIRRORED_REPEAT) {
        float m = 2.0f * rintf(0.5f * s);
        u = fabsf(s - m) * n;
        i = (int)floorf(u);
        return i < n - 1 ? i : n - 1;
    }
    i = (int)floorf(u);
    if (am == CL_ADDRESS_CLAMP_TO_EDGE)
        return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
    return i < 0 || i > n - 1 ? -1 : i;   /* CL_ADDRESS_CLAMP */
}

/* The same for linear filtering: indices i[2] and the weight *a. */
static void linear(float s, int n, int norm, cl_addressing_mode am, int i[2], float *a)
{
    float u = norm ? s * n : s;
    if (am == CL_ADDRESS_REPEAT)
        u = (s - floorf(s)) * n;
    if (am == CL_ADDRESS_MIRRORED_REPEAT)
        u = fabsf(s - 2.0f * rintf(0.5f * s)) * n;
    i[0] = (int)floorf(u - 0.5f);
    i[1] = i[0] + 1;
    *a = (u - 0.5f) - floorf(u - 0.5f);
    for (int k = 0; k < 2; k++) {
        if (am == CL_ADDRESS_REPEAT)
            i[k] = i[k] < 0 ? i[k] + n : i[k] > n - 1 ? i[k] - n : i[k];
        else if (am == CL_ADDRESS_CLAMP_TO_EDGE || am == CL_ADDRESS_MIRRORED_REPEAT)
            i[k] = i[k] < 0 ? 0 : i[k] > n - 1 ? n - 1 : i[k];
        else if (i[k] < 0 || i[k] > n - 1)
            i[k] = -1;
    }
}

/* Channel ch of texel (x, y), the border colour (0,0,0,0 for RGBA) at -1. */
static float texel(int x, int y, int ch)
{
    return x < 0 || y < 0 ? 0.0f : tex[y][x][ch];
}

static void cpu_sample(float s, float t, int norm, cl_addressing_mode am, cl_filter_mode fm, float out[4])
{
    if (fm == CL_FILTER_NEAREST) {
        int x = nearest(s, SW, norm, am), y = nearest(t, SH, norm, am);
        for (int ch = 0; ch < 4; ch++)
            out[ch] = texel(x, y, ch);
        return;
    }
    int i[2], j[2];
    float a, b;
    linear(s, SW, norm, am, i, &a);
    linear(t, SH, norm, am, j, &b);
    for (int ch = 0; ch < 4; ch++)
        out[ch] = (1 - a) * (1 - b) * texel(i[0], j[0], ch) + a * (1 - b) * texel(i[1], j[0], ch) +
                  (1 - a) * b * texel(i[0], j[1], ch) + a * b * texel(i[1], j[1], ch);
}

static void test_sampling(void)
{
    for (int y = 0; y < SH; y++)
        for (int x = 0; x < SW; x++)
            for (int ch = 0; ch < 4; ch++)
                tex[y][x][ch] = (float)(x + 1) / 16 + (float)y / 4 + (float)ch / 64;
    cl_int e;
    cl_mem im = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA32F, CL_MEM_OBJECT_IMAGE2D, SW, SH, 1, 0, 0, 0, tex,
                      &e);
    /* coordinates on multiples of 1/8 texel, inside and outside the image */
    enum { NC = 30 * 18 };
    static float coords[NC][2], out[NC][4];
    int n = 0;
    for (int kx = -21; kx < 8 * SW + 21; kx += 3)
        for (int ky = -13; ky < 8 * SH + 13 && n < NC; ky += 3, n++) {
            coords[n][0] = (float)kx / 8;
            coords[n][1] = (float)ky / 8;
        }
    cl_mem cb = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof coords, NULL, &e);
    cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &e);
    cl_kernel k = clCreateKernel(prog, "sample2d", &e);
    static const struct { cl_bool norm; cl_addressing_mode am; cl_filter_mode fm; const char *name; } modes[] = {
        {CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, "normalized, clamp to edge, nearest"},
        {CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, "normalized, clamp (border), nearest"},
        {CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST, "normalized, repeat, nearest"},
        {CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST, "normalized, mirrored repeat, nearest"},
        {CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, "unnormalized, clamp to edge, nearest"},
        {CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, "normalized, clamp to edge, linear"},
        {CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, "normalized, clamp (border), linear"},
        {CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, "normalized, repeat, linear"},
        {CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR, "normalized, mirrored repeat, linear"},
        {CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, "unnormalized, clamp (border), linear"},
    };
    for (size_t mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
        static float c[NC][2];
        for (int i = 0; i < n; i++) {   /* texel-space eighths: normalized as s = k / (8 n) */
            c[i][0] = modes[mi].norm ? coords[i][0] / SW : coords[i][0];
            c[i][1] = modes[mi].norm ? coords[i][1] / SH : coords[i][1];
        }
        clEnqueueWriteBuffer(q, cb, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL);
        cl_sampler s = clCreateSampler(ctx, modes[mi].norm, modes[mi].am, modes[mi].fm, &e);
        clSetKernelArg(k, 0, sizeof im, &im);
        e = clSetKernelArg(k, 1, sizeof s, &s);
        clSetKernelArg(k, 2, sizeof cb, &cb);
        clSetKernelArg(k, 3, sizeof ob, &ob);
        size_t g = (size_t)n;
        cl_int e2 = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
        memset(out, 0xff, sizeof out);
        clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
        int bad = -1;
        float w[4] = {0};
        for (int i = 0; i < n && bad < 0; i++) {
            cpu_sample(c[i][0], c[i][1], modes[mi].norm, modes[mi].am, modes[mi].fm, w);
            for (int ch = 0; ch < 4; ch++)
                if (!(fabsf(out[i][ch] - w[ch]) <= 1e-6f))
                    bad = i;
        }
        char name[160];
        snprintf(name, sizeof name, "read_imagef, %s: %d coordinates as the spec's formulas", modes[mi].name, n);
        check(e == CL_SUCCESS && e2 == CL_SUCCESS && bad < 0, name);
        if (bad >= 0)
            printf("  at (%g, %g): got (%g %g %g %g), expected (%g %g %g %g)\n", c[bad][0], c[bad][1], out[bad][0],
                   out[bad][1], out[bad][2], out[bad][3], w[0], w[1], w[2], w[3]);
        clReleaseSampler(s);
    }
    clReleaseKernel(k);
    clReleaseMemObject(cb);
    clReleaseMemObject(ob);
    clReleaseMemObject(im);
}

static void test_kernels(void)
{
    enum { W = 8, H = 4 };
    cl_int e;
    /* write_imagef into RGBA8, read back: x*255 clamped, rounded to nearest even */
    static float v[W * H][4];
    static uint8_t got[W * H * 4], want[W * H * 4];
    for (int i = 0; i < W * H * 4; i++) {
        float x = (float)(i * 37 % 700 - 100) / 510.0f;
        v[i / 4][i % 4] = x;
        double cx = x < 0 ? 0 : x > 1 ? 1 : x;
        want[i] = (uint8_t)nearbyint((double)cx * 255.0);
    }
    cl_mem vb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof v, v, &e);
    cl_mem im = image(CL_MEM_WRITE_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, NULL, &e);
    cl_kernel k = clCreateKernel(prog, "store", &e);
    clSetKernelArg(k, 0, sizeof im, &im);
    clSetKernelArg(k, 1, sizeof vb, &vb);
    size_t g[2] = {W, H}, o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    e = clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL);
    clEnqueueReadImage(q, im, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(got, want, sizeof got), "write_imagef to RGBA8: the CPU's conversion of each value");
    clReleaseKernel(k);
    clReleaseMemObject(im);
    clReleaseMemObject(vb);
    /* read_imageui of RGBA32UI */
    static cl_uint u[W * H * 4], ug[W * H * 4];
    for (int i = 0; i < W * H * 4; i++)
        u[i] = (cl_uint)i * 2654435761u;
    im = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA32UI, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, u, &e);
    cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof ug, NULL, &e);
    k = clCreateKernel(prog, "load_ui", &e);
    clSetKernelArg(k, 0, sizeof im, &im);
    clSetKernelArg(k, 1, sizeof ob, &ob);
    e = clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL);
    clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof ug, ug, 0, NULL, NULL);
    check(e == CL_SUCCESS && !memcmp(ug, u, sizeof u), "read_imageui of RGBA32UI: every texel's four channels");
    clReleaseKernel(k);
    clReleaseMemObject(ob);
    clReleaseMemObject(im);
}

/* ---- every listed format through read_image* and write_image* ---------- */

/* Channels in memory of a channel order (what the driver lists). */
static int order_channels(cl_channel_order o)
{
    return o == CL_R || o == CL_INTENSITY || o == CL_LUMINANCE ? 1 : o == CL_RG ? 2 : 4;
}

/* The memory channel read_image* returns as component c of order o (-1:
 * 0, -2: 1), OpenCL 1.2 section 8.3: R (r, 0, 0, 1), RG (r, g, 0, 1),
 * INTENSITY (I, I, I, I), LUMINANCE (L, L, L, 1). */
static int order_component(cl_channel_order o, int c)
{
    if (o == CL_INTENSITY)
        return 0;
    if (o == CL_LUMINANCE)
        return c < 3 ? 0 : -2;
    return c < order_channels(o) ? c : c == 3 ? -2 : -1;
}

/* Bytes of one channel of data type t. */
static int type_bytes(cl_channel_type t)
{
    switch (t) {
    case CL_UNORM_INT8: case CL_SNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return 1;
    case CL_UNORM_INT16: case CL_SNORM_INT16: case CL_SIGNED_INT16: case CL_UNSIGNED_INT16: case CL_HALF_FLOAT: return 2;
    default: return 4;
    }
}

/* 0 float (read_imagef), 1 signed (read_imagei), 2 unsigned (read_imageui). */
static int type_kind(cl_channel_type t)
{
    return t == CL_SIGNED_INT8 || t == CL_SIGNED_INT16 || t == CL_SIGNED_INT32 ? 1
           : t == CL_UNSIGNED_INT8 || t == CL_UNSIGNED_INT16 || t == CL_UNSIGNED_INT32 ? 2 : 0;
}

/* IEEE half bits h as a float (the specification's CL_HALF_FLOAT). */
static float half_to_float(uint16_t h)
{
    int ex = (h >> 10) & 31, m = h & 1023;
    float v = ex == 0 ? ldexpf((float)m, -24) : ex == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), ex - 25);
    return h & 0x8000 ? -v : v;
}

/* Channel raw (bytes wide) of type t as the 32 bits read_image* returns
 * (OpenCL 1.2 section 8.3.1: unorm x/max, snorm max(-1, x/max), integers
 * extended, half and float as they are). */
static uint32_t cpu_decode(cl_channel_type t, uint32_t raw)
{
    float f;
    switch (t) {
    case CL_UNORM_INT8: f = (float)raw / 255.0f; break;
    case CL_UNORM_INT16: f = (float)raw / 65535.0f; break;
    case CL_SNORM_INT8: f = fmaxf(-1.0f, (float)(int8_t)raw / 127.0f); break;
    case CL_SNORM_INT16: f = fmaxf(-1.0f, (float)(int16_t)raw / 32767.0f); break;
    case CL_HALF_FLOAT: f = half_to_float((uint16_t)raw); break;
    case CL_SIGNED_INT8: return (uint32_t)(int32_t)(int8_t)raw;
    case CL_SIGNED_INT16: return (uint32_t)(int32_t)(int16_t)raw;
    default: return raw;   /* 8/16/32-bit unsigned, signed 32, float */
    }
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_one_format(const cl_image_format *fm)
{
    enum { W = 8, H = 2 };
    int nch = order_channels(fm->image_channel_order), cb = type_bytes(fm->image_channel_data_type);
    int kind = type_kind(fm->image_channel_data_type);
    size_t tb = (size_t)nch * cb;
    uint8_t raw[W * H * 16], back[W * H * 16];
    for (size_t i = 0; i < W * H * tb; i++)
        raw[i] = (uint8_t)(i * 73 + 11);
    if (fm->image_channel_data_type == CL_HALF_FLOAT || fm->image_channel_data_type == CL_FLOAT)
        for (size_t i = 0; i < W * H * tb; i += cb)   /* finite values: clear the exponent's top bit */
            raw[i + cb - 1] &= 0xbf;
    cl_int e;
    cl_mem im = image(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, fm, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, raw, &e);
    cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, W * H * 16, NULL, &e);
    static const char *rd[] = {"rd_f", "rd_i", "rd_ui"}, *wr[] = {"wr_f", "wr_i", "wr_ui"};
    cl_kernel k = clCreateKernel(prog, rd[kind], &e);
    clSetKernelArg(k, 0, sizeof im, &im);
    clSetKernelArg(k, 1, sizeof ob, &ob);
    size_t g[2] = {W, H}, o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    cl_int er = clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL);
    uint32_t got[W * H * 4];
    clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    clReleaseKernel(k);
    uint32_t one = kind ? 1u : 0x3f800000u;
    int ok = er == CL_SUCCESS;
    for (int t = 0; t < W * H; t++)
        for (int c = 0; c < 4; c++) {
            int mc = order_component(fm->image_channel_order, c);
            uint32_t rawc = 0;
            if (mc >= 0)
                memcpy(&rawc, raw + t * tb + mc * cb, cb);
            uint32_t want = mc >= 0 ? cpu_decode(fm->image_channel_data_type, rawc) : mc == -2 ? one : 0;
            ok &= got[t * 4 + c] == want;
        }
    char what[160];
    snprintf(what, sizeof what, "format 0x%x/0x%x: %s of every texel is the specification's conversion",
             fm->image_channel_order, fm->image_channel_data_type, rd[kind]);
    check(ok, what);
    /* write the values read back into a second image: the raw bytes return
     * (snorm's most negative code reads -1.0, which writes as -max) */
    cl_mem im2 = image(CL_MEM_READ_WRITE, fm, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, NULL, &e);
    k = clCreateKernel(prog, wr[kind], &e);
    clSetKernelArg(k, 0, sizeof im2, &im2);
    clSetKernelArg(k, 1, sizeof ob, &ob);
    er = clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL);
    clEnqueueReadImage(q, im2, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL);
    clReleaseKernel(k);
    ok = er == CL_SUCCESS;
    for (size_t i = 0; i < W * H * tb; i += cb) {
        uint32_t a = 0, b = 0;
        memcpy(&a, raw + i, cb);
        memcpy(&b, back + i, cb);
        if (fm->image_channel_data_type == CL_SNORM_INT8 && a == 0x80)
            a = 0x81;
        if (fm->image_channel_data_type == CL_SNORM_INT16 && a == 0x8000)
            a = 0x8001;
        ok &= a == b;
    }
    snprintf(what, sizeof what, "format 0x%x/0x%x: %s of those values stores the same bytes",
             fm->image_channel_order, fm->image_channel_data_type, wr[kind]);
    check(ok, what);
    clReleaseMemObject(im2);
    clReleaseMemObject(ob);
    clReleaseMemObject(im);
}

static void test_formats(void)
{
    cl_uint n = 0;
    cl_image_format f[40];
    clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 40, f, &n);
    for (cl_uint i = 0; i < n && i < 40; i++)
        test_one_format(&f[i]);
}

/* Image commands that wait for a user event run when it is set, in order;
 * after a failed one they do not run. */
static void test_wait(void)
{
    enum { W = 8, H = 4 };
    uint8_t src[W * H * 4], got[W * H * 4], zero[W * H * 4] = {0};
    pattern(src, sizeof src, 5);
    memset(got, 0, sizeof got);
    cl_int e;
    size_t o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    cl_mem im = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 1, 0, 0, 0, NULL, &e);
    cl_event u = clCreateUserEvent(ctx, &e), w, rd;
    clEnqueueWriteImage(q, im, CL_FALSE, o, r, 0, 0, src, 1, &u, &w);
    clEnqueueReadImage(q, im, CL_FALSE, o, r, 0, 0, got, 1, &w, &rd);
    cl_int st = 0;
    clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    check(st == CL_QUEUED && !memcmp(got, zero, sizeof got), "an image read waiting for a user event has not run");
    clSetUserEventStatus(u, CL_COMPLETE);
    clFinish(q);
    clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    check(st == CL_COMPLETE && !memcmp(got, src, sizeof got), "once it is set, the write then the read ran: the texels");
    clReleaseEvent(u), clReleaseEvent(w), clReleaseEvent(rd);
    u = clCreateUserEvent(ctx, &e);
    float black[4] = {0, 0, 0, 0};
    clEnqueueFillImage(q, im, black, o, r, 1, &u, &w);
    clSetUserEventStatus(u, -5);
    clFinish(q);
    clGetEventInfo(w, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    clEnqueueReadImage(q, im, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL);
    check(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST && !memcmp(got, src, sizeof got),
          "a fill after a failed user event ends in error and leaves the texels");
    clReleaseEvent(u), clReleaseEvent(w);
    clReleaseMemObject(im);
}

/* Run kernel name on image m (and sampler s when given) with an output
 * buffer of n ints; the ints into out. */
static cl_int run_query(const char *name, cl_mem m, cl_sampler s, int *out, size_t n)
{
    cl_int e;
    cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof *out, NULL, &e);
    cl_kernel k = clCreateKernel(prog, name, &e);
    e = clSetKernelArg(k, 0, sizeof m, &m);
    cl_uint a = 1;
    if (s)
        clSetKernelArg(k, a++, sizeof s, &s);
    clSetKernelArg(k, a, sizeof ob, &ob);
    size_t g = 1;
    if (e == CL_SUCCESS)
        e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    clEnqueueReadBuffer(q, ob, CL_TRUE, 0, n * sizeof *out, out, 0, NULL, NULL);
    clReleaseKernel(k);
    clReleaseMemObject(ob);
    return e;
}

/* get_image_channel_data_type and _order return the CLK_ values, the
 * same numbers as the host's CL_ ones (opencl-c.h, cl.h). */
static void test_queries(void)
{
    cl_int e;
    int o[5] = {0};
    cl_mem m = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 13, 7, 1, 0, 0, 0, NULL, &e);
    e = run_query("q2d", m, NULL, o, 4);
    check(e == CL_SUCCESS && o[0] == 13 && o[1] == 7 && o[2] == CL_UNORM_INT8 && o[3] == CL_RGBA,
          "get_image_width, _height, _channel_data_type, _channel_order of a 13x7 RGBA8 image");
    clReleaseMemObject(m);
    m = image(CL_MEM_READ_ONLY, &R32F, CL_MEM_OBJECT_IMAGE3D, 5, 6, 7, 0, 0, 0, NULL, &e);
    e = run_query("q3d", m, NULL, o, 5);
    check(e == CL_SUCCESS && o[0] == 5 && o[1] == 6 && o[2] == 7 && o[3] == CL_FLOAT && o[4] == CL_R,
          "get_image_width, _height, _depth, data type and order of a 5x6x7 R32F 3D image");
    clReleaseMemObject(m);
    m = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D_ARRAY, 9, 3, 1, 5, 0, 0, NULL, &e);
    e = run_query("q2da", m, NULL, o, 3);
    check(e == CL_SUCCESS && o[0] == 9 && o[1] == 3 && o[2] == 5, "a 9x3 2D array of 5: width, height, array size");
    clReleaseMemObject(m);
    m = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE1D_ARRAY, 11, 1, 1, 4, 0, 0, NULL, &e);
    e = run_query("q1da", m, NULL, o, 2);
    check(e == CL_SUCCESS && o[0] == 11 && o[1] == 4, "a 1D array of 4 images of 11: width, array size");
    clReleaseMemObject(m);
    /* a 1D buffer image sees its buffer's bytes */
    float fb[16 * 4];
    for (int i = 0; i < 64; i++)
        fb[i] = (float)i * 0.25f;
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof fb, fb, &e);
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 16, .buffer = buf};
    m = clCreateImage(ctx, CL_MEM_READ_ONLY, &RGBA32F, &d, NULL, &e);
    check_err(e, CL_SUCCESS, "clCreateImage of a 1D buffer image of 16 RGBA32F texels");
    cl_mem assoc = NULL, ib = NULL;
    clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL);
    clGetImageInfo(m, CL_IMAGE_BUFFER, sizeof ib, &ib, NULL);
    check(assoc == buf && ib == buf, "CL_MEM_ASSOCIATED_MEMOBJECT and CL_IMAGE_BUFFER name the buffer");
    float four[4] = {9.5f, 8.5f, 7.5f, 6.5f}, r[8] = {0};
    clEnqueueWriteBuffer(q, buf, CL_TRUE, 3 * 16, 16, four, 0, NULL, NULL);
    e = run_query("buf1d", m, NULL, (int *)r, 8);
    check(e == CL_SUCCESS && r[0] == 16.0f && !memcmp(r + 4, four, 16),
          "image1d_buffer_t: get_image_width 16, read_imagef(3) the texel written through the buffer");
    clReleaseMemObject(m);
    clReleaseMemObject(buf);
    /* a 2D array sampled at layer coordinates 0..4 (unnormalized, nearest) */
    static float layers[4][2][3][4];
    for (int l = 0; l < 4; l++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++)
                for (int ch = 0; ch < 4; ch++)
                    layers[l][y][x][ch] = (float)(l * 1000 + y * 100 + x * 10 + ch);
    m = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA32F, CL_MEM_OBJECT_IMAGE2D_ARRAY, 3, 2, 1, 4, 0, 0,
              layers, &e);
    cl_sampler s = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &e);
    float lo[5][4];
    e = run_query("layer", m, s, (int *)lo, 20);
    int ok = e == CL_SUCCESS;
    for (int l = 0; l < 5; l++)   /* layer 4 clamps to 3 (OpenCL: clamp(rint(z), 0, d - 1)) */
        ok &= !memcmp(lo[l], layers[l < 4 ? l : 3][0][1], 16);
    check(ok, "read_imagef of a 2D array at (1.5, 0.5, layer 0..4): texel (1, 0) of each layer, clamped to the last");
    clReleaseSampler(s);
    clReleaseMemObject(m);
}

static void test_args(void)
{
    cl_int e;
    cl_kernel k = clCreateKernel(prog, "sample2d", &e);
    cl_mem i2 = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    cl_mem i3 = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE3D, 4, 4, 4, 0, 0, 0, NULL, &e);
    cl_mem wo = image(CL_MEM_WRITE_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
    cl_sampler s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &e);
    check_err(clSetKernelArg(k, 0, sizeof i2, &i2), CL_SUCCESS, "clSetKernelArg: a 2D image for an image2d_t");
    check_err(clSetKernelArg(k, 0, sizeof i3, &i3), CL_INVALID_ARG_VALUE, "clSetKernelArg: a 3D image for an image2d_t");
    check_err(clSetKernelArg(k, 0, sizeof wo, &wo), CL_INVALID_ARG_VALUE,
              "clSetKernelArg: a CL_MEM_WRITE_ONLY image for a read_only image2d_t");
    check_err(clSetKernelArg(k, 0, sizeof b, &b), CL_INVALID_MEM_OBJECT, "clSetKernelArg: a buffer for an image");
    check_err(clSetKernelArg(k, 0, 4, &i2), CL_INVALID_ARG_SIZE, "clSetKernelArg: an image of 4 bytes");
    check_err(clSetKernelArg(k, 2, sizeof i2, &i2), CL_INVALID_MEM_OBJECT, "clSetKernelArg: an image for a buffer");
    check_err(clSetKernelArg(k, 1, sizeof s, &s), CL_SUCCESS, "clSetKernelArg: a sampler");
    check_err(clSetKernelArg(k, 1, sizeof b, &b), CL_INVALID_SAMPLER, "clSetKernelArg: a buffer for a sampler");
    check_err(clSetKernelArg(k, 1, sizeof s, NULL), CL_INVALID_SAMPLER, "clSetKernelArg: no sampler value");
    char tn[32] = "";
    cl_kernel_arg_access_qualifier aq = 0;
    clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL);
    clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof aq, &aq, NULL);
    check(!strcmp(tn, "image2d_t") && aq == CL_KERNEL_ARG_ACCESS_READ_ONLY,
          "clGetKernelArgInfo: type image2d_t, read_only");
    clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL);
    check(!strcmp(tn, "sampler_t"), "clGetKernelArgInfo: type sampler_t");
    cl_bool norm = CL_FALSE;
    cl_addressing_mode am = 0;
    cl_filter_mode fm = 0;
    cl_uint refs = 0;
    cl_context sc = NULL;
    clRetainSampler(s);
    clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof norm, &norm, NULL);
    clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL);
    clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL);
    clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof sc, &sc, NULL);
    check(norm == CL_TRUE && am == CL_ADDRESS_REPEAT && fm == CL_FILTER_LINEAR && refs == 2 && sc == ctx,
          "clGetSamplerInfo: the modes, reference count 2 after a retain, the context");
    check_err(clGetSamplerInfo(s, 0x7777, sizeof fm, &fm, NULL), CL_INVALID_VALUE, "clGetSamplerInfo: an unknown query");
    check_err(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, 2, &fm, NULL), CL_INVALID_VALUE,
              "clGetSamplerInfo: 2 bytes of room for a cl_filter_mode");
    clReleaseSampler(s);
    clReleaseSampler(s);
    const cl_ulong props[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
    s = clCreateSamplerWithProperties(ctx, props, &e);
    clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL);
    clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof norm, &norm, NULL);
    check(e == CL_SUCCESS && am == CL_ADDRESS_CLAMP && norm == CL_TRUE,
          "clCreateSamplerWithProperties: the defaults (normalized, clamp) where not given");
    clReleaseSampler(s);
    clCreateSampler(ctx, CL_TRUE, 0x1234, CL_FILTER_NEAREST, &e);
    check_err(e, CL_INVALID_VALUE, "clCreateSampler: an unknown addressing mode");
    clCreateSampler(NULL, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e);
    check_err(e, CL_INVALID_CONTEXT, "clCreateSampler: no context");
    clReleaseMemObject(b);
    clReleaseMemObject(wo);
    clReleaseMemObject(i3);
    clReleaseMemObject(i2);
    clReleaseKernel(k);
}

static void test_errors(void)
{
    cl_int e;
    cl_image_format bad = {CL_RGB, CL_FLOAT}, unsup = {CL_BGRA, CL_UNORM_INT8};
    image(0, NULL, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "clCreateImage: no format");
    image(0, &bad, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "clCreateImage: CL_RGB with CL_FLOAT");
    image(0, &unsup, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_IMAGE_FORMAT_NOT_SUPPORTED, "clCreateImage: CL_BGRA, CL_UNORM_INT8 (not listed)");
    clCreateImage(ctx, 0, &RGBA8, NULL, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: no descriptor");
    image(0, &RGBA8, CL_MEM_OBJECT_BUFFER, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: type CL_MEM_OBJECT_BUFFER");
    image(0, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 0, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: width 0");
    image(0, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 16, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: a row pitch without a host pointer");
    uint8_t host[64 * 64];
    image(CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 12, 0, host, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: a row pitch smaller than a row");
    image(CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 18, 0, host, &e);
    check_err(e, CL_INVALID_IMAGE_DESCRIPTOR, "clCreateImage: a row pitch not a multiple of the texel");
    size_t w2 = 0, w3 = 0;
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof w2, &w2, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_WIDTH, sizeof w3, &w3, NULL);
    image(0, &RGBA8, CL_MEM_OBJECT_IMAGE2D, w2 + 1, 1, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_SIZE, "clCreateImage: width CL_DEVICE_IMAGE2D_MAX_WIDTH + 1");
    image(0, &RGBA8, CL_MEM_OBJECT_IMAGE3D, 2, 2, w3 + 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_SIZE, "clCreateImage: 3D depth CL_DEVICE_IMAGE3D_MAX_DEPTH + 1");
    image(0, &RGBA32F, CL_MEM_OBJECT_IMAGE2D_ARRAY, w2, w2, 1, 5, 0, 0, NULL, &e);
    check_err(e, CL_MEM_OBJECT_ALLOCATION_FAILURE,
              "clCreateImage: a 2D array of 5 of the largest RGBA32F images, 20 GiB, past CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    image(CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_HOST_PTR, "clCreateImage: CL_MEM_COPY_HOST_PTR without a pointer");
    image(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 0, 0, 0, NULL, &e);
    check_err(e, CL_INVALID_VALUE, "clCreateImage: read-only and write-only");
    clCreateImage2D(ctx, 0, &RGBA8, 0, 4, 0, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_SIZE, "clCreateImage2D: width 0");
    cl_mem i3 = clCreateImage3D(ctx, 0, &R32F, 4, 4, 2, 0, 0, NULL, &e);
    check_err(e, CL_SUCCESS, "clCreateImage3D 4x4x2");
    clReleaseMemObject(i3);
    cl_mem m = image(0, &RGBA8, CL_MEM_OBJECT_IMAGE2D, 8, 8, 1, 0, 0, 0, NULL, &e);
    cl_mem f = image(0, &R32F, CL_MEM_OBJECT_IMAGE2D, 8, 8, 1, 0, 0, 0, NULL, &e);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &e);
    uint8_t buf[8 * 8 * 4];
    size_t o[3] = {0, 0, 0}, r[3] = {8, 8, 1}, past[3] = {1, 0, 0}, r0[3] = {0, 1, 1}, z1[3] = {0, 0, 1};
    size_t half[3] = {4, 4, 1}, o22[3] = {2, 2, 0};
    check_err(clEnqueueReadImage(q, m, CL_TRUE, past, r, 0, 0, buf, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueReadImage: a region past the image");
    check_err(clEnqueueReadImage(q, m, CL_TRUE, o, r0, 0, 0, buf, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueReadImage: a region of width 0");
    check_err(clEnqueueReadImage(q, m, CL_TRUE, z1, half, 0, 0, buf, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueReadImage: origin[2] 1 on a 2D image");
    check_err(clEnqueueReadImage(q, m, CL_TRUE, o, r, 16, 0, buf, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueReadImage: a row pitch smaller than the region's row");
    check_err(clEnqueueReadImage(q, m, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueReadImage: no pointer");
    check_err(clEnqueueReadImage(q, b, CL_TRUE, o, r, 0, 0, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
              "clEnqueueReadImage on a buffer");
    check_err(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 4, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
              "clEnqueueReadBuffer on an image");
    check_err(clEnqueueCopyImage(q, m, f, o, o, half, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH,
              "clEnqueueCopyImage: RGBA8 to R32F");
    check_err(clEnqueueCopyImage(q, m, m, o, o22, half, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
              "clEnqueueCopyImage: overlapping regions of one image");
    check_err(clEnqueueCopyImageToBuffer(q, m, b, o, r, 4, 0, NULL, NULL), CL_INVALID_VALUE,
              "clEnqueueCopyImageToBuffer: 8x8 texels (256 bytes) at offset 4 of a buffer of 256");
    check_err(clEnqueueCopyImageToBuffer(q, m, b, o, r, 0, 0, NULL, NULL), CL_SUCCESS,
              "clEnqueueCopyImageToBuffer: 8x8 texels at offset 0 of a buffer of 256");
    check_err(clEnqueueFillImage(q, m, NULL, o, r, 0, NULL, NULL), CL_INVALID_VALUE, "clEnqueueFillImage: no colour");
    clEnqueueMapImage(q, m, CL_TRUE, CL_MAP_READ, o, r, NULL, NULL, 0, NULL, NULL, &e);
    check_err(e, CL_INVALID_VALUE, "clEnqueueMapImage: no row pitch pointer");
    size_t sz = 0;
    check_err(clGetImageInfo(b, CL_IMAGE_WIDTH, sizeof sz, &sz, NULL), CL_INVALID_MEM_OBJECT,
              "clGetImageInfo on a buffer");
    cl_mem_object_type t = 0;
    clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof t, &t, NULL);
    clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof sz, &sz, NULL);
    check(t == CL_MEM_OBJECT_IMAGE2D && sz >= 8 * 8 * 4, "clGetMemObjectInfo: CL_MEM_TYPE and CL_MEM_SIZE of an image");
    cl_buffer_region reg = {0, 64};
    clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &e);
    check_err(e, CL_INVALID_MEM_OBJECT, "clCreateSubBuffer of an image");
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 65, .buffer = b};
    clCreateImage(ctx, 0, &RGBA8, &d, NULL, &e);
    check_err(e, CL_INVALID_IMAGE_SIZE, "a 1D buffer image of 65 texels on a buffer of 64");
    clReleaseMemObject(b);
    clReleaseMemObject(f);
    clReleaseMemObject(m);
}

int main(void)
{
    cl_platform_id pf;
    cl_int e;
    if (gcnsim_device(&pf, &dev)) {
        printf("FAIL: no gcnsim device\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueue(ctx, dev, 0, &e);
    prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    e = clBuildProgram(prog, 1, &dev, NULL, NULL, NULL);
    if (e != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FAIL: build: %d\n%s\n", e, log);
        return 1;
    }
    test_device();
    test_rw();
    test_copy_fill();
    test_map();
    test_sampling();
    test_kernels();
    test_formats();
    test_wait();
    test_queries();
    test_args();
    test_errors();
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_failed;
}
