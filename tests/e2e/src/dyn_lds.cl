/* dyn_lds: two dynamically sized __local arguments (local:BYTES): the
 * group reverses its block through one and rotates it through the other. */
__kernel void dyn_lds(__global const float *in, __global float *out, __local float *a, __local uint *b)
{
    uint l = get_local_id(0), m = get_local_size(0), g = get_global_id(0);
    a[l] = in[g];
    b[l] = (uint)g * 3u;
    barrier(CLK_LOCAL_MEM_FENCE);
    float r = a[m - 1 - l];
    uint s = b[(l + 5) % m];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = r * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = a[(l + 1) % m] + (float)s;
}
