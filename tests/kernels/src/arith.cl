/* arith.cl — straight-line arithmetic in f32, f64, f16 and integers. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

/* f32: add/mul/mad, division, min/max, fabs, copysign, floor/ceil */
kernel void arith_f32(global float *out, global const float *a, global const float *b, float k)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    float r = x * y + k;
    r += x / (y + 1.0f);
    r = fmax(r, fmin(x, y)) - fabs(x - y);
    r += copysign(floor(x), y) + ceil(y * 0.5f);
    out[i] = r;
}

/* f64: the same operations in double precision, plus a division */
kernel void arith_f64(global double *out, global const double *a, global const double *b, double k)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    double r = x * y + k;
    r += x / (y + 3.0);
    r = fmax(r, fmin(x, y)) - fabs(x - y);
    out[i] = r + trunc(x) + rint(y);
}

/* f16: half arithmetic (packed on gfx9, scalar on gfx8, promoted earlier) */
kernel void arith_f16(global half *out, global const half *a, global const half *b)
{
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    half r = x * y + (half)1.5f;
    r = fmax(r, x) - fmin(y, (half)0.25f);
    half2 p = (half2)(x, y) * (half2)(r, x) + (half2)(y, r);
    out[i] = r + p.x - p.y;
}

/* 32-bit and 64-bit integers: division, modulo, shifts, mul_hi, mad24 */
kernel void arith_int(global int *out, global long *out64, global const int *a, global const int *b)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i] | 1;
    uint ux = (uint)x, uy = (uint)y;
    int r = x / y + x % y;
    r += (int)(ux / uy) ^ (int)(ux % uy);
    r += mul_hi(x, y) + mad24(x, y, r) + (x >> (y & 31)) + (int)(ux >> 3);
    long lx = (long)x * 0x123456789LL, ly = (long)y << 17;
    long lr = lx / (ly | 1) + lx % 1000003 + (lx >> 7) + (long)((ulong)lx >> 33) + lx * ly;
    out[i] = r;
    out64[i] = lr;
}
