/* program_scope: a __constant table and program-scope __global variables
 * (the code object's data segments, reached through relocations), one of
 * them incremented atomically by every work-item. */
__constant int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
__global int counter = 5;
__global float scale[4] = {0.5f, 1.5f, 2.5f, 3.5f};
__kernel void program_scope(__global const int *in, __global int *out)
{
    uint g = get_global_id(0);
    int x = in[g];
    int t = atomic_inc(&counter);
    out[g] = table[x & 15] * 1000 + (int)(scale[g & 3] * (float)x);
    out[get_global_size(0) + g] = t;
}
