/* Kernels that never end, for the limits of gcnsim run and debug
 * (test_limits.py). */

/* spin: every work-item waits for a flag nobody sets. */
kernel void spin(global volatile int *flag, global int *out)
{
    int n = 0;
    while (flag[0] == 0)
        n++;
    out[get_global_id(0)] = n;
}

/* barrier_spin: the first wave of the group waits at a barrier that the
 * other waves never reach, since they wait for a flag that the first wave
 * would set after it (a barrier in divergent code, undefined in OpenCL:
 * what a buggy kernel does). */
kernel void barrier_spin(global int *out)
{
    local volatile int flag;
    if (get_local_id(0) == 0)
        flag = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 64) {
        barrier(CLK_LOCAL_MEM_FENCE);
        flag = 1;
    } else {
        while (flag == 0)
            ;
    }
    out[get_global_id(0)] = flag;
}

/* count: a loop of n iterations per work-item (a kernel that ends, for
 * --max-inst), writing n to out. */
kernel void count(global int *out, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i & 1;
    out[get_global_id(0)] = s;
}
