/* math.cl — library math: transcendental and exponent functions. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void math_f32(global float *out, global int *eout, global const float *a)
{
    size_t i = get_global_id(0);
    float x = a[i];
    int e;
    float m = frexp(x, &e);
    float r = sin(x) + cos(x) * exp(x) - log(fabs(x) + 1.0f);
    r += pow(fabs(x), 1.7f) + sqrt(fabs(x)) + rsqrt(fabs(x) + 2.0f);
    r += fma(x, m, r) + ldexp(m, e + 1) + native_recip(x + 4.0f) + exp2(x) + log2(x + 9.0f);
    out[i] = r;
    eout[i] = e;
}

kernel void math_f64(global double *out, global const double *a)
{
    size_t i = get_global_id(0);
    double x = a[i];
    double r = sqrt(fabs(x)) + exp(x) + fma(x, x, 1.0) + sin(x) + ldexp(x, 7);
    out[i] = r;
}
