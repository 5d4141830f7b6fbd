/* byval_args: scalar kernel arguments of every size (char, short, int,
 * long, float, double) read from the kernarg segment. */
__kernel void byval_args(__global long *out, char c, short s, int i, long l, float f, double d, uint u, ulong ul)
{
    uint g = get_global_id(0);
    __global long *o = out + g * 6;
    o[0] = c * (long)g + s;
    o[1] = (long)i * g - l;
    o[2] = (long)(f * (float)g);
    o[3] = (long)(d * g);
    o[4] = (long)u + (long)(ul >> 3);
    o[5] = as_long(d) ^ (long)as_int(f);
}
