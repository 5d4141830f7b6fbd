/* grid2d: a 2-D grid whose size is not a multiple of the work-group size
 * (partial work-groups at the right and bottom edges). */
__kernel void grid2d(__global uint *out, uint w)
{
    uint x = get_global_id(0), y = get_global_id(1);
    __global uint *o = out + (y * w + x) * 4;
    o[0] = get_local_id(0) | get_local_id(1) << 8 | get_group_id(0) << 16 | get_group_id(1) << 24;
    o[1] = get_local_size(0) | get_local_size(1) << 8 | get_num_groups(0) << 16 | get_num_groups(1) << 24;
    o[2] = get_global_size(0) | get_global_size(1) << 16;
    o[3] = get_work_dim() | get_enqueued_local_size(0) << 8 | get_enqueued_local_size(1) << 16;
}
