/* denormals: f32, f64 and half arithmetic with subnormal inputs and
 * results, under each target's float mode (OpenCL C on gfx701/gfx803
 * flushes f32 subnormals, on gfx900 keeps them; f64/half keep them). */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void denormals(__global const float *a, __global const float *b, __global const double *c,
                        __global const double *d, __global const half *e, __global const half *f,
                        __global float *fo, __global double *dout, __global half *ho, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    double u = c[i], v = d[i];
    half p = e[i], q = f[i];
    __global float *o = fo + i * 4;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = fma(x, y, x);
    __global double *od = dout + i * 3;
    od[0] = u + v;
    od[1] = u * v;
    od[2] = fma(u, v, u);
    __global half *oh = ho + i * 3;
    oh[0] = p + q;
    oh[1] = p - q;
    oh[2] = p * q;
}
