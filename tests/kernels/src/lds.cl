/* lds.cl — local memory with barriers: a reduction and a 2-D tile transpose. */

kernel void lds_reduce(global float *out, global const float *a)
{
    local float buf[256];
    size_t l = get_local_id(0), n = get_local_size(0);
    buf[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            buf[l] += buf[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = buf[0];
}

/* 2-D grid: transpose through a 16x17 tile (padding avoids bank conflicts) */
kernel void lds_transpose(global float *out, global const float *in, int width, int height)
{
    local float tile[16][17];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (x < width && y < height)
        tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * 16 + lx, ty = get_group_id(0) * 16 + ly;
    if (tx < height && ty < width)
        out[ty * height + tx] = tile[lx][ly];
}
