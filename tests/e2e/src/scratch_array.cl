/* scratch_array: a private array indexed with run-time values (placed in
 * scratch memory: buffer/scratch loads and stores through the private
 * segment). */
__kernel void scratch_array(__global const uint *a, __global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = a[i];
    uint t[80];
    for (int k = 0; k < 80; k++)
        t[k] = x * (uint)k + (uint)(k ^ (int)i);
    uint acc = 0;
    for (int k = 0; k < 40; k++) {
        uint j = (x >> (k % 25)) % 80;
        t[j] += acc;
        acc = acc * 31u + t[(j * 7u + (uint)k) % 80];
    }
    out[i] = acc;
    out[n + i] = t[x % 80];
}
