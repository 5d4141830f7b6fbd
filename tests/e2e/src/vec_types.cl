/* vec_types: vector types: float4/int4 arithmetic, vload/vstore,
 * swizzles, shuffle, dot/length on exactly representable values, vector
 * compares and select, uchar4 packing. */
__kernel void vec_types(__global const float *a, __global const int *b, __global float *fo, __global int *io,
                        __global uchar *uo, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float4 x = vload4(i, a);
    int4 y = vload4(i, b);
    float4 s = x.wzyx * 2.0f + x;
    vstore4(s, i, fo);
    fo[4 * n + i] = dot(x, (float4)(1.0f, -2.0f, 0.5f, 4.0f));
    int4 t = y * (int4)(3, -1, 7, 2) + (y >> 2);
    int4 m = x > (float4)(0.0f);
    int4 sel = select(y, t, m);
    vstore4(sel, i, io);
    uint4 mask = (uint4)(3, 0, 2, 1);
    int4 sh = shuffle(y, mask);
    io[4 * n + i] = sh.x + 2 * sh.y + 3 * sh.z + 4 * sh.w;
    uchar4 u = convert_uchar4_sat(y);
    vstore4(u, i, uo);
    int2 lo = y.lo + y.hi;
    io[5 * n + i] = lo.x * lo.y + (int)any(y < 0) + 2 * (int)all(y > -100);
}
