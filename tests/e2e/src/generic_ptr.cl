/* generic_ptr: OpenCL 2.0 generic pointers to global, local and private
 * memory passed to one function (flat instructions, apertures). */
__attribute__((noinline)) uint accumulate(uint *p, uint k, uint x)
{
    uint s = 0;
    for (uint j = 0; j < k; j++) {
        p[j] += x + j;
        s += p[j];
    }
    return s;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void generic_ptr(__global uint *g, __global uint *out, uint n)
{
    __local uint lds[64 * 4];
    uint priv[4];
    uint i = get_global_id(0), l = get_local_id(0);
    for (int j = 0; j < 4; j++) {
        lds[l * 4 + j] = l + j;
        priv[j] = i * (uint)j;
    }
    uint k = 1 + i % 4;
    uint a = i < n ? accumulate(g + i * 4, k, i) : 0;
    uint b = accumulate(lds + l * 4, k, 3u);
    uint c = accumulate(priv, k, 5u);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = a * 7u + b * 3u + c + lds[((l + 1) % 64) * 4];
}
