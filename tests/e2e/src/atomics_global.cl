/* atomics_global: global atomics from every work-item: add, sub, inc
 * (returning unique tickets), min, max, and, or, xor, xchg, a 64-bit add,
 * and a compare-and-swap loop. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void atomics_global(__global const int *v, __global int *acc, __global uint *tickets,
                             __global long *acc64, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    int x = v[i];
    atomic_add(&acc[0], x);
    atomic_sub(&acc[1], x);
    tickets[i] = atomic_inc((__global uint *)&acc[2]);
    atomic_min(&acc[3], x);
    atomic_max(&acc[4], x);
    atomic_min((__global uint *)&acc[5], (uint)x);
    atomic_max((__global uint *)&acc[6], (uint)x);
    atomic_and(&acc[7], ~(1 << (i % 32)) | x);
    atomic_or(&acc[8], 1 << (i % 29));
    atomic_xor(&acc[9], x);
    atomic_xchg(&acc[10], (int)i);
    atom_add(&acc64[0], (long)x * 65537L);
    /* compare-and-swap loop: acc[11] += x (mod 2^32) */
    int old = acc[11], seen;
    while ((seen = atomic_cmpxchg(&acc[11], old, old + x)) != old)
        old = seen;
    atomic_dec((__global uint *)&acc[12]);
}
