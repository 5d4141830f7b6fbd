/* int_arith: 32-bit integer ALU operations, 26 results per work-item. */
__kernel void int_arith(__global const int *a, __global const int *b, __global int *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    int s = y & 31;
    __global int *o = out + i * 26;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = mul_hi(x, y);
    o[4] = (int)mul_hi(ux, uy);
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ ~y;
    o[8] = x << s;
    o[9] = x >> s;
    o[10] = (int)(ux >> s);
    o[11] = min(x, y);
    o[12] = max(x, y);
    o[13] = (int)min(ux, uy);
    o[14] = (int)max(ux, uy);
    o[15] = (int)abs(x);
    o[16] = (int)rotate(ux, (uint)y);
    o[17] = (int)clz(ux);
    o[18] = (int)popcount(ux);
    o[19] = (int)ctz(uy);
    o[20] = add_sat(x, y);
    o[21] = sub_sat(x, y);
    o[22] = hadd(x, y);
    o[23] = rhadd(x, y);
    o[24] = (int)abs_diff(x, y);
    o[25] = mad24(x >> 8, y >> 8, x) + (x < y) * 3 + (ux >= uy) * 5 + (x == y) * 7;
}
