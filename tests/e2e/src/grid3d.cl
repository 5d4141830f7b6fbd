/* grid3d: a 3-D grid with partial work-groups in every dimension. */
__kernel void grid3d(__global uint *out)
{
    uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    uint idx = (z * get_global_size(1) + y) * get_global_size(0) + x;
    __global uint *o = out + idx * 3;
    o[0] = get_local_id(0) | get_local_id(1) << 8 | get_local_id(2) << 16 | get_work_dim() << 24;
    o[1] = get_group_id(0) | get_group_id(1) << 8 | get_group_id(2) << 16;
    o[2] = get_local_size(0) | get_local_size(1) << 8 | get_local_size(2) << 16 | (uint)get_local_linear_id() << 24;
}
