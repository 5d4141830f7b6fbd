/* int64_arith: 64-bit integer operations (register pairs, carries). */
__kernel void int64_arith(__global const long *a, __global const long *b, __global long *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    int s = (int)(y & 63);
    __global long *o = out + i * 18;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = mul_hi(x, y);
    o[4] = (long)mul_hi(ux, uy);
    o[5] = x << s;
    o[6] = x >> s;
    o[7] = (long)(ux >> s);
    o[8] = (x & y) ^ (x | ~y);
    o[9] = min(x, y);
    o[10] = (long)max(ux, uy);
    o[11] = (long)abs(x);
    o[12] = (long)popcount(ux);
    o[13] = (long)clz(ux);
    o[14] = (long)ctz(uy);
    o[15] = (long)rotate(ux, uy);
    o[16] = (x < y) + 2 * (ux < uy) + 4 * (x == y);
    o[17] = (long)(int)x * (long)(int)y + (long)(uint)ux * (long)(uint)uy;
}
