/* atomics_local: LDS atomics (inc, add, min, max, or, cmpxchg) build a
 * per-group histogram and statistics, merged with global atomics. */
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void atomics_local(__global const uint *v, __global uint *hist, __global int *stats, uint n)
{
    __local uint h[32];
    __local int s[4];
    uint i = get_global_id(0), l = get_local_id(0);
    if (l < 32)
        h[l] = 0;
    if (l == 0) {
        s[0] = 0x7fffffff;
        s[1] = -0x7fffffff - 1;
        s[2] = 0;
        s[3] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) {
        uint x = v[i];
        atomic_inc(&h[x & 31]);
        atomic_add(&h[(x >> 5) & 31], 2u);
        atomic_min(&s[0], (int)x);
        atomic_max(&s[1], (int)x);
        atomic_or(&s[2], (int)(1u << (x % 31)));
        int old = s[3], seen;
        while ((seen = atomic_cmpxchg(&s[3], old, old ^ (int)x)) != old)
            old = seen;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 32)
        atomic_add(&hist[l], h[l]);
    if (l == 0) {
        atomic_min(&stats[0], s[0]);
        atomic_max(&stats[1], s[1]);
        atomic_or(&stats[2], s[2]);
        atomic_xor(&stats[3], s[3]);
    }
}
