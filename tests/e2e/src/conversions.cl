/* conversions: float/double/integer conversions with every rounding mode
 * and saturation, 64-bit <-> float, half storage. */
__kernel void conversions(__global const float *a, __global const long *b, __global int *io,
                          __global float *fo, __global double *dout, __global ushort *ho, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i];
    long y = b[i];
    __global int *o = io + i * 10;
    o[0] = convert_int(x);
    o[1] = convert_int_rte(x);
    o[2] = convert_int_rtp(x);
    o[3] = convert_int_rtn(x);
    o[4] = convert_int_sat(x * 1e4f);
    o[5] = (int)convert_uint_sat(x * 1e4f);
    o[6] = convert_char_sat((int)x);
    o[7] = convert_short_sat(y);
    o[8] = (int)convert_uchar_sat_rte(x);
    o[9] = (int)(convert_long(x * 1e6f) >> 7);
    __global float *f = fo + i * 4;
    f[0] = (float)y;
    f[1] = (float)(ulong)y;
    f[2] = (float)(int)y;
    f[3] = (float)(uint)y;
    __global double *d = dout + i * 3;
    d[0] = (double)y;
    d[1] = (double)x;
    d[2] = (double)(float)((double)x * 1.000000119);
    vstore_half(x, i, (__global half *)ho);
    vstore_half_rtz(x, n + i, (__global half *)ho);
}
