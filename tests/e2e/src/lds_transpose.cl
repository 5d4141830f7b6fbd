/* lds_transpose: matrix transpose through a padded 16x17 LDS tile, on a
 * 2-D grid with partial edge work-groups. */
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void lds_transpose(__global const float *in, __global float *out, uint w, uint h)
{
    __local float tile[16][17];
    uint gx = get_group_id(0) * 16, gy = get_group_id(1) * 16;
    uint lx = get_local_id(0), ly = get_local_id(1);
    if (gx + lx < w && gy + ly < h)
        tile[ly][lx] = in[(gy + ly) * w + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint ox = gy + lx, oy = gx + ly;
    if (ox < h && oy < w)
        out[oy * h + ox] = tile[lx][ly];
}
