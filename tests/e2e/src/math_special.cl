/* math_special: exact library functions on floats: ldexp, frexp, ilogb,
 * modf, fmod, remainder, nextafter, fract; classification and NaN
 * handling of fmin/fmax and comparisons. */
__kernel void math_special(__global const float *a, __global const float *b, __global float *out,
                           __global int *iout, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    __global float *o = out + i * 10;
    __global int *io = iout + i * 4;
    int e;
    float ip, fl;
    o[0] = ldexp(x, (int)(i % 40) - 20);
    o[1] = frexp(x, &e);
    io[0] = e;
    io[1] = ilogb(x);
    o[2] = modf(x, &ip);
    o[3] = ip;
    o[4] = fmod(x, y);
    o[5] = remainder(x, y);
    o[6] = nextafter(x, y);
    o[7] = fract(x, &fl);
    o[8] = fmin(x, y);
    o[9] = fmax(y, x);
    io[2] = isnan(x) | isinf(y) << 1 | isfinite(x) << 2 | signbit(y) << 3 | isnormal(x) << 4;
    io[3] = (x == y) | (x != y) << 1 | (x < y) << 2 | (x >= y) << 3 | isunordered(x, y) << 4;
}
