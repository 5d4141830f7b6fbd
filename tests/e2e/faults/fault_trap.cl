/* fault_trap: work-item 70 (work-group 1 of 64, wave 0) executes s_trap. */
__kernel void fault_trap(__global uint *a)
{
    uint i = get_global_id(0);
    if (i == 70)
        __builtin_trap();
    a[i] = i;
}
