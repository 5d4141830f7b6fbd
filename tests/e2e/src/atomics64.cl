/* atomics64: 64-bit global atomics: add, min, max, and, or, xor, xchg,
 * cmpxchg loop, inc (cl_khr_int64_base/extended_atomics). */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics64(__global const long *v, __global long *acc, __global ulong *tickets, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    long x = v[i];
    atom_add(&acc[0], x);
    atom_min(&acc[1], x);
    atom_max(&acc[2], x);
    atom_min((__global ulong *)&acc[3], (ulong)x);
    atom_max((__global ulong *)&acc[4], (ulong)x);
    atom_and(&acc[5], x | (1L << (i % 64)));
    atom_or(&acc[6], 1L << (i % 61));
    atom_xor(&acc[7], x);
    atom_xchg(&acc[8], (long)i);
    tickets[i] = atom_inc((__global ulong *)&acc[9]);
    long old = acc[10], seen;
    while ((seen = atom_cmpxchg(&acc[10], old, old + 3 * x)) != old)
        old = seen;
}
