/* valu.cl — end-to-end kernels for the 32-bit integer and f32 VALU
 * instructions (see ../ref.c for the checks).  Each kernel reads a, b, c
 * and writes o[N * i + k] for its N result slots. */

kernel void iops(global int *o, global const int *a, global const int *b, global const int *c)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    o[4 * i + 0] = x + y * 3 - (x >> 3) + (y ^ x) + (x < y ? x : y) + (int)((uint)x >> 5);
    o[4 * i + 1] = x * y + mul24(x << 8 >> 8, y << 8 >> 8) + mul_hi(x, y);
    o[4 * i + 2] = (int)mul_hi((uint)x, (uint)y) + (int)mad24((uint)x & 0xffffff, (uint)y & 0xffffff, (uint)c[i]);
    o[4 * i + 3] = add_sat(x, y) ^ sub_sat(y, x) ^ (int)add_sat((uint)x, (uint)c[i]);
}

kernel void idiv(global int *o, global const int *a, global const int *b, global const int *c)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i] | 1;
    uint ux = (uint)x, uy = (uint)(c[i] >> 3) | 1u;
    o[4 * i + 0] = x / y;
    o[4 * i + 1] = x % y;
    o[4 * i + 2] = (int)(ux / uy);
    o[4 * i + 3] = (int)(ux % uy);
}

kernel void i64(global long *o, global const long *a, global const long *b, global const long *c)
{
    int i = get_global_id(0);
    long x = a[i], y = b[i];
    o[4 * i + 0] = x * y;
    o[4 * i + 1] = x + y * 3 - c[i];
    o[4 * i + 2] = (long)mul_hi((ulong)x, (ulong)y);
    o[4 * i + 3] = (x >> (y & 63)) ^ (long)((ulong)y << (x & 63));
}

kernel void bits(global uint *o, global const uint *a, global const uint *b, global const uint *c)
{
    int i = get_global_id(0);
    uint x = a[i], y = b[i];
    o[8 * i + 0] = clz(x) + 100 * ctz(y);
    o[8 * i + 1] = popcount(x ^ y);
    o[8 * i + 2] = rotate(x, y);
    o[8 * i + 3] = bitselect(x, y, c[i]);
    o[8 * i + 4] = (x >> (y & 31)) & ((1u << ((y >> 8) & 15)) - 1);
    o[8 * i + 5] = max(min(x, y), 1000u) + (uint)clamp((int)x, -5, 7000);
    o[8 * i + 6] = (uint)abs_diff((int)x, (int)y) + hadd(x, y);
    o[8 * i + 7] = upsample((ushort)x, (ushort)y) ^ (uint)(x > y) ^ ((uint)((int)x < (int)y) << 1);
}

kernel void small(global uchar4 *o, global const uchar4 *a, global const short2 *b, global const int *c)
{
    int i = get_global_id(0);
    uchar4 x = a[i];
    short2 y = b[i];
    uchar4 r = add_sat(x, (uchar4)(y.x, y.y, 7, 250)) ^ (x >> (uchar4)1);
    r.w = (uchar)(y.x * y.y + x.z);
    o[i] = r;
}

kernel void wg(global int *o, global const int *a, global const int *b, global const int *c)
{
    int i = get_global_id(0);
    o[3 * i + 0] = work_group_reduce_add(a[i]);
    o[3 * i + 1] = work_group_reduce_max(b[i]);
    o[3 * i + 2] = work_group_scan_inclusive_add(c[i] & 0xff);
}

kernel void farith(global float *o, global const float *a, global const float *b, global const float *c)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i], z = c[i];
    o[16 * i + 0] = x + y;
    o[16 * i + 1] = x * y - z;
    o[16 * i + 2] = fma(x, y, z);
    o[16 * i + 3] = x / y;
    o[16 * i + 4] = sqrt(fabs(x));
    o[16 * i + 5] = fmin(x, y);
    o[16 * i + 6] = fmax(x, z);
    o[16 * i + 7] = floor(x) + ceil(y) * 2.0f;
    o[16 * i + 8] = trunc(z) - rint(x);
    o[16 * i + 9] = round(y);
    o[16 * i + 10] = (float)(int)x + (float)(uint)fabs(y);
    o[16 * i + 11] = x < y ? z : -z;
    o[16 * i + 12] = ldexp(x, (int)z & 15);
    o[16 * i + 13] = copysign(x, y) * fract(z, &z);
    o[16 * i + 14] = rsqrt(fabs(y));
    o[16 * i + 15] = mad(x, y, z);
}

kernel void ftrans(global float *o, global const float *a, global const float *b, global const float *c)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    o[8 * i + 0] = exp(x * 0.01f);
    o[8 * i + 1] = log(fabs(y));
    o[8 * i + 2] = sin(x);
    o[8 * i + 3] = cos(y);
    o[8 * i + 4] = native_exp2(x * 0.01f);
    o[8 * i + 5] = native_log2(fabs(y));
    o[8 * i + 6] = pow(fabs(x), 0.37f);
    o[8 * i + 7] = tanh(y * 0.1f);
}

kernel void fconv(global int *o, global const float *a, global const float *b, global const float *c)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    o[4 * i + 0] = convert_int_rte(x);
    o[4 * i + 1] = convert_int_sat(y * 1e6f);
    o[4 * i + 2] = (int)convert_uint_sat(x * 1e7f);
    o[4 * i + 3] = isnan(x) + 2 * isinf(y) + 4 * signbit(x) + 8 * isnormal(y) + 16 * (x == y) + 32 * isless(x, y);
}
