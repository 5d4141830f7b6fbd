/* mixed_precision: float/double mixed expressions, mad/fma contraction
 * on exactly representable data, integer-float round trips. */
__kernel void mixed_precision(__global const int *a, __global const int *b, __global float *fo,
                              __global double *dout, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = (float)a[i] * 0.25f, y = (float)b[i] * 0.125f;
    fo[i] = mad(x, y, x) - y;
    fo[n + i] = (float)((double)x * (double)y * 3.0);
    dout[i] = (double)x * y + (double)a[i] * (double)b[i];
    dout[n + i] = (double)(long)(x * 1024.0f) / 4.0;
}
