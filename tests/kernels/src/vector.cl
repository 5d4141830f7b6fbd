/* vector.cl — vector types, conversions and bit operations. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void vec_float4(global float4 *out, global const float4 *a, global const float *b)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = vload4(i, b);
    float4 r = x * y + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    r.xy = r.yx + dot(x, y);
    r = select(r, -r, x < y) + cross(x, y);
    vstore4(r, i + 1, (global float *)out);
    out[i] = r.wzyx + length(x);
}

kernel void conversions(global int *oi, global float *of, global uchar *oc, global half *oh,
                        global const float *a, global const long *l)
{
    size_t i = get_global_id(0);
    float x = a[i];
    oi[i] = convert_int_sat_rte(x * 1000.0f) + (int)x + (int)(uint)fabs(x);
    of[i] = convert_float(l[i]) + (float)(ulong)l[i] + convert_float((short)x) + (float)(uchar)x;
    oc[i] = convert_uchar_sat(x);
    vstore_half(x, i, oh);
}

kernel void bit_ops(global uint *out, global const uint *a, global const ulong *b)
{
    size_t i = get_global_id(0);
    uint x = a[i];
    ulong y = b[i];
    uint r = popcount(x) + clz(x) + ctz(x) + rotate(x, 7u) + bitselect(x, ~x, 0x0f0f0f0fu);
    r += (uint)popcount(y) + (uint)clz(y) + (uint)(y >> 35) + upsample((ushort)x, (ushort)r);
    r ^= (x & 0x80000000u) ? (x >> 3) : (x << 2);
    r += hadd(x, r) + abs_diff(x, r) + (uint)(((int)x) >> 5) + (x > r ? 11u : 3u);
    out[i] = r;
}
