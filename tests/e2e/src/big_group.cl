/* big_group: a 1024-work-item work-group (16 waves) reducing and
 * exchanging through LDS with barriers, on a grid with a partial group. */
__kernel __attribute__((reqd_work_group_size(1024, 1, 1)))
void big_group(__global const uint *in, __global uint *out, uint n)
{
    __local uint s[1024];
    __local uint rev[1024];
    uint l = get_local_id(0), g = get_global_id(0), m = get_local_size(0);
    uint x = g < n ? in[g] : 0;
    s[l] = x;
    rev[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 512; k > 0; k >>= 1) {
        if (l < k && l + k < m)
            s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (g < n)
        out[g] = s[0] ^ rev[m - 1 - l];
}
