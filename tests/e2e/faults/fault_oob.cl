/* fault_oob: work-items from lane 5 on store past the end of a 64-uint
 * buffer when called with off = 59 (the store faults, naming lane 5 and
 * the address just past the buffer). */
__kernel void fault_oob(__global uint *a, uint off)
{
    uint i = get_global_id(0);
    a[i + off] = i;
}
