/* f32_div_sqrt: single-precision division, reciprocal, square root. */
__kernel void f32_div_sqrt(__global const float *a, __global const float *b, __global float *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    __global float *o = out + i * 4;
    o[0] = x / y;
    o[1] = 1.0f / y;
    o[2] = sqrt(fabs(x));
    o[3] = rsqrt(fabs(y));
}
