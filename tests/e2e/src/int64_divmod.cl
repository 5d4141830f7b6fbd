/* int64_divmod: 64-bit signed and unsigned division and remainder. */
__kernel void int64_divmod(__global const long *a, __global const long *b, __global long *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    __global long *o = out + i * 6;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (long)(ux / uy);
    o[3] = (long)(ux % uy);
    o[4] = x / 1000000007L;
    o[5] = (long)(ux % 12345ul);
}
