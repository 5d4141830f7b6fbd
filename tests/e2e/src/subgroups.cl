/* subgroups: cl_khr_subgroups collectives (a sub-group is a wavefront of
 * 64): reduce, scan, broadcast, any/all, sub-group ids (DPP, swizzles,
 * permutes, readlane). */
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void subgroups(__global const int *in, __global int *out)
{
    uint g = get_global_id(0);
    int x = in[g];
    __global int *o = out + g * 6;
    o[0] = sub_group_reduce_add(x);
    o[1] = sub_group_scan_inclusive_add(x);
    o[2] = sub_group_broadcast(x, 3u);
    o[3] = sub_group_reduce_max(x);
    o[4] = (int)get_sub_group_local_id() | (int)get_sub_group_id() << 8 | (int)get_sub_group_size() << 16;
    o[5] = sub_group_any(x == 77) + 2 * sub_group_all(x > -20000);
}
