/* math_f64: double-precision built-in math functions (ROCm device
 * library code). */
__kernel void math_f64(__global const double *a, __global const double *b, __global double *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    double x = a[i], y = b[i];
    double ax = fabs(x) + 0.5;
    __global double *o = out + i * 11;
    o[0] = sin(x);
    o[1] = cos(x);
    o[2] = exp(x * 0.25);
    o[3] = log(ax);
    o[4] = pow(ax, y);
    o[5] = sqrt(ax);
    o[6] = rsqrt(ax);
    o[7] = cbrt(x);
    o[8] = atan(x);
    o[9] = exp2(y);
    o[10] = log2(ax);
}
