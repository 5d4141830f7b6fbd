/* fault_illegal: an ordinary kernel whose first instruction build.sh
 * replaces with the invalid word 0xbf9f0000 (patch_illegal.py). */
__kernel void fault_illegal(__global uint *a)
{
    uint i = get_global_id(0);
    a[i] = i * 3u;
}
