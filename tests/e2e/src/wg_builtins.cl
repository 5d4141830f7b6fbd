/* wg_builtins: OpenCL 2.0 work-group collective functions (reduce, scan,
 * broadcast, all/any) as the device libraries implement them. */
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void wg_builtins(__global const int *in, __global int *out)
{
    uint g = get_global_id(0), l = get_local_id(0);
    int x = in[g];
    __global int *o = out + g * 6;
    o[0] = work_group_reduce_add(x);
    o[1] = work_group_reduce_max(x);
    o[2] = work_group_scan_inclusive_add(x);
    o[3] = work_group_scan_exclusive_min(x);
    o[4] = work_group_broadcast(x, 5u);
    o[5] = work_group_any(x == 1000) + 2 * work_group_all(x > -20000);
    (void)l;
}
