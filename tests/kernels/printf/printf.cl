/* printf.cl — OpenCL C printf of every conversion, length modifier,
 * vector specifier and flag (OpenCL C 1.2 section 6.12.13); the values come
 * from the arguments so that the device formats run-time data.
 * tests/printf/test_printf.py compares the output with the host C
 * library's printf of the same values. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void print_all(int i, uint u, long l, float f, double d, global const char *s)
{
    if (get_global_id(0) != 0)
        return;
    printf("d=%d i=%i u=%u x=%x X=%X o=%o\n", i, i, u, u, u, u);
    printf("c=%c%c s=%s s2=%s%%\n", 'A' + (i & 7), 'a' + (u % 26), "constant", s);
    printf("f=%f F=%F e=%e E=%E g=%g G=%G A=%A a=%a\n", f, f, f, f, f, f, f, f);
    printf("df=%f de=%.10e dg=%.15g da=%a\n", d, d, d, d);
    printf("flags [%5d] [%-5d] [%05d] [%+d] [% d] [%#x] [%#o] [%.3d] [%8.3f] [%-10s] [%.2s] [%+.2e]\n",
           i, i, i, -i, -i, u, u, i & 7, f, "left", s, d);
    printf("long ld=%ld lu=%lu lx=%lx lX=%lX lo=%lo\n", l, (ulong)l, (ulong)l, (ulong)l, (ulong)l);
    printf("short hd=%hd hu=%hu hx=%hx hhd=%hhd hhu=%hhu hhx=%hhx\n", (short)i, (ushort)u, (ushort)u,
           (char)i, (uchar)u, (uchar)u);
    int4 i4 = (int4)(i, i + 1, -i, 7);
    uint2 u2 = (uint2)(u, u >> 4);
    float3 f3 = (float3)(f, -f, f * 2.0f);
    float4 f4 = (float4)(f, 0.5f, -0.25f, f * f);
    double2 d2 = (double2)(d, -d);
    long4 l4 = (long4)(l, -l, l / 3, 5);
    short4 s4 = (short4)((short)i, (short)u, -3, 300);
    uchar8 c8 = (uchar8)((uchar)u, 1, 2, 3, 250, 251, 252, (uchar)i);
    char16 c16 = (char16)((char)i, -1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12, -13, 14, -15);
    half2 h2 = (half2)((half)f, (half)-0.5f);
    printf("v4hld=%v4hld v2hlx=%v2hlx v3hlf=%v3hlf v4hle=%v4hle\n", i4, u2, f3, f4);
    printf("v2lf=%v2lf v4ld=%v4ld v4hd=%v4hd v8hhu=%v8hhu\n", d2, l4, s4, c8);
    printf("v16hhd=%v16hhd v2hf=%v2hf v4hlg=%v4hlg\n", c16, h2, f4);
    printf("vflags [%+v2hld] [%5v2hld] [%-8.2v3hlf] [%#v2hlx]\n", i4.xy, i4.zw, f3, u2);
    printf("p=%p null=%p\n", (global void *)(ulong)l, (global void *)0);
    printf("none\n");
}

/* Every work-item prints one line: the records of all of them. */
kernel void print_items(global const int *in)
{
    size_t g = get_global_id(0);
    printf("item %u group %u value %d\n", (uint)g, (uint)get_group_id(0), in[g]);
}

/* n records of 4 + 128 bytes each: more than the printf buffer holds. */
kernel void print_many(int n)
{
    for (int k = 0; k < n; k++)
        printf("%v16ld\n", (long16)(k));
}
