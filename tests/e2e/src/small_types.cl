/* small_types: 8- and 16-bit loads and stores (sign/zero extension) and
 * arithmetic that wraps in those types. */
__kernel void small_types(__global const char *c, __global const uchar *uc, __global const short *s,
                          __global const ushort *us, __global char *oc, __global short *os, __global int *oi,
                          uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    char a = c[i];
    uchar b = uc[i];
    short d = s[i];
    ushort e = us[i];
    oc[i] = (char)(a * 3 + (char)b);
    oc[n + i] = (char)(b >> 1);
    os[i] = (short)(d * 5 - (short)e);
    os[n + i] = (short)((ushort)e >> 3);
    oi[i] = a + b + d + e;
    oi[n + i] = (int)a * (int)d - (int)b * (int)e;
}
