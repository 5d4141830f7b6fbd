/* f64_arith: correctly rounded double-precision operations, including
 * division and square root (correctly rounded in OpenCL C). */
__kernel void f64_arith(__global const double *a, __global const double *b, __global const double *c,
                        __global double *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    double x = a[i], y = b[i], z = c[i];
    __global double *o = out + i * 14;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = fma(x, y, z);
    o[4] = x / y;
    o[5] = sqrt(fabs(x));
    o[6] = fmin(x, y);
    o[7] = fmax(x, y);
    o[8] = floor(x);
    o[9] = ceil(x);
    o[10] = trunc(x);
    o[11] = rint(x);
    o[12] = fabs(x) * -z;
    o[13] = (x > z) ? y : z;
}
