/* int_divmod: 32-bit signed and unsigned division and remainder, by
 * run-time divisors and by constants (multiply-high sequences). */
__kernel void int_divmod(__global const int *a, __global const int *b, __global int *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    __global int *o = out + i * 10;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (int)(ux / uy);
    o[3] = (int)(ux % uy);
    o[4] = x / 7;
    o[5] = x % -3;
    o[6] = (int)(ux / 1000u);
    o[7] = (int)(ux % 641u);
    o[8] = x / 16;
    o[9] = (int)((ux >> 3) / ((uy & 0xff) + 1));
}
