/* conversions_f64: double to integers (each rounding mode, saturated),
 * 64-bit integers to double, double to float in each rounding mode. */
__kernel void conversions_f64(__global const double *a, __global const ulong *b, __global long *io,
                              __global double *dout, __global float *fo, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    double x = a[i];
    ulong y = b[i];
    __global long *o = io + i * 8;
    o[0] = convert_int(x);
    o[1] = convert_int_rte(x);
    o[2] = convert_int_rtn(x);
    o[3] = convert_int_sat(x * 1e3);
    o[4] = convert_uint_sat(x * 1e3);
    o[5] = convert_long(x * 1e6);
    o[6] = (long)convert_ulong_sat(x * 1e9);
    o[7] = convert_long_sat_rtp(x * 1e12);
    __global double *d = dout + i * 2;
    d[0] = convert_double(y);
    d[1] = convert_double((long)y);
    __global float *f = fo + i * 4;
    f[0] = convert_float(x);
    f[1] = convert_float_rtz(x);
    f[2] = convert_float_rtp(x);
    f[3] = convert_float_rtn(x);
}
