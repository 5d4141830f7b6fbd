/* f32_arith: correctly rounded single-precision operations. */
__kernel void f32_arith(__global const float *a, __global const float *b, __global const float *c,
                        __global float *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i], y = b[i], z = c[i];
    __global float *o = out + i * 16;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = fma(x, y, z);
    o[4] = fmin(x, y);
    o[5] = fmax(x, y);
    o[6] = fabs(x) - y;
    o[7] = floor(x);
    o[8] = ceil(x);
    o[9] = trunc(x);
    o[10] = rint(x);
    o[11] = round(x);
    o[12] = copysign(x, y);
    o[13] = -x * z;
    o[14] = (x < y) ? x : z;
    o[15] = fdim(x, y);
}
