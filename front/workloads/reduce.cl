/* reduce.cl — sum of 32-bit unsigned integers (mod 2^32).
 *
 * Each work-item first adds its elements with a grid-wide stride, then the
 * work-group adds its partial sums in a tree in LDS (one barrier per level)
 * and work-item 0 writes the group's sum to out[group].  The host runs the
 * kernel again on the partial sums with a single work-group. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce_sum(__global const uint *in, __global uint *out, __local uint *part, uint n)
{
    uint lid = get_local_id(0);
    uint stride = get_global_size(0);
    uint acc = 0;
    for (uint i = get_global_id(0); i < n; i += stride)
        acc += in[i];
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            part[lid] += part[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = part[0];
}
