/* math_f32: single-precision built-in math functions (ROCm device
 * library code). */
__kernel void math_f32(__global const float *a, __global const float *b, __global float *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    float ax = fabs(x) + 0.5f;
    __global float *o = out + i * 16;
    o[0] = sin(x);
    o[1] = cos(x);
    o[2] = tan(x);
    o[3] = exp(x * 0.25f);
    o[4] = exp2(x * 0.25f);
    o[5] = log(ax);
    o[6] = log2(ax);
    o[7] = log10(ax);
    o[8] = pow(ax, y);
    o[9] = sqrt(ax);
    o[10] = rsqrt(ax);
    o[11] = cbrt(x);
    o[12] = atan(x);
    o[13] = atan2(x, y);
    o[14] = asin(y / 8.0f);
    o[15] = tanh(y);
}
