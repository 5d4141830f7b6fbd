/* f16_arith: half-precision arithmetic (cl_khr_fp16), scalar and half2,
 * and conversions between half and float. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void f16_arith(__global const half *a, __global const half *b, __global half *out,
                        __global float *fout, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    half x = a[i], y = b[i];
    __global half *o = out + i * 10;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = fmin(x, y);
    o[4] = fmax(x, y);
    o[5] = -fabs(x);
    o[6] = x / y;
    half2 p = (half2)(x, y), q = (half2)(y, x);
    half2 r = p * q + p;
    o[7] = r.x;
    o[8] = r.y;
    o[9] = (half)((float)x * 0.5f);
    fout[i] = (float)x + (float)y;
}
