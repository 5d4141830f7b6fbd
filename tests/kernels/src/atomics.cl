/* atomics.cl — global and local atomics. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

kernel void atomics_global(global int *counters, global uint *umax, global long *sum64,
                           global const int *a)
{
    size_t i = get_global_id(0);
    int x = a[i];
    atomic_add(&counters[0], x);
    atomic_sub(&counters[1], 1);
    atomic_min(&counters[2], x);
    atomic_max(&counters[3], x);
    atomic_max(&umax[0], (uint)x);
    atomic_xchg(&counters[4], x);
    atomic_or(&counters[5], 1 << (x & 31));
    int old = atomic_inc(&counters[6]);
    int expect = counters[7];
    while (atomic_cmpxchg(&counters[7], expect, expect + old) != expect)
        expect = counters[7];
    atom_add(&sum64[0], (long)x);
}

kernel void atomics_local(global int *out, global const int *a)
{
    local int hist[16];
    local int lmin;
    size_t l = get_local_id(0);
    if (l < 16)
        hist[l] = 0;
    if (l == 0)
        lmin = 0x7fffffff;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = a[get_global_id(0)];
    atomic_inc(&hist[x & 15]);
    atomic_min(&lmin, x);
    atomic_cmpxchg(&hist[(x >> 4) & 15], 0, x);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        out[get_group_id(0) * 17 + l] = hist[l];
    if (l == 0)
        out[get_group_id(0) * 17 + 16] = lmin;
}
