/* local_sort: bitonic sort of 256 keys per work-group entirely in LDS
 * (barriers inside nested loops, divergent compare-exchange). */
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void local_sort(__global uint *data)
{
    __local uint k[256];
    uint l = get_local_id(0), base = get_group_id(0) * 256;
    k[l] = data[base + l];
    k[l + 128] = data[base + l + 128];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint size = 2; size <= 256; size <<= 1)
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            uint pos = 2 * l - (l & (stride - 1));
            uint x = k[pos], y = k[pos + stride];
            bool up = ((pos & size) == 0);
            if ((x > y) == up) {
                k[pos] = y;
                k[pos + stride] = x;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    data[base + l] = k[l];
    data[base + l + 128] = k[l + 128];
}
