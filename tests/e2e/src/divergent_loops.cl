/* divergent_loops: nested loops with per-lane trip counts, continue and
 * break, and data-dependent branches (EXEC masking, execz/vccnz skips). */
__kernel void divergent_loops(__global const uint *a, __global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = a[i];
    uint outer = x % 13, inner = (x >> 4) % 9, acc = i;
    for (uint p = 0; p < outer; p++) {
        if ((p ^ x) & 1)
            continue;
        for (uint q = 0; q <= inner; q++) {
            if (q * p > (x >> 12) % 20)
                break;
            if (acc & 4)
                acc = acc * 3u + q;
            else
                acc ^= (p << q) + x;
        }
        if (acc % 7 == 3)
            break;
    }
    while (acc > 1000000u)
        acc = (acc >> 3) + (acc & 7);
    out[i] = acc;
}
