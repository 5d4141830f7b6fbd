/* barrier_scan: inclusive prefix sum within each work-group (Hillis-Steele,
 * double-buffered in LDS, a barrier per step). */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void barrier_scan(__global const uint *in, __global uint *out, uint n)
{
    __local uint buf[2][256];
    uint l = get_local_id(0), g = get_global_id(0);
    int cur = 0;
    buf[0][l] = g < n ? in[g] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < 256; d <<= 1) {
        uint v = buf[cur][l];
        if (l >= d)
            v += buf[cur][l - d];
        buf[cur ^ 1][l] = v;
        cur ^= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (g < n)
        out[g] = buf[cur][l];
}
