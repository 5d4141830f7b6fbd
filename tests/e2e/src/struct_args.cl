/* struct_args.cl — structures passed by value (--arg bytes:HEX): a 16-byte
 * one and a 32-byte one with padding between its fields and a float4. */
typedef struct {
    uint a;
    int n;
    ulong d;
} small_t;

typedef struct {
    uchar c;    /* offset 0 */
    short s;    /* offset 2 */
    int i;      /* offset 4 */
    long l;     /* offset 8 */
    float4 v;   /* offset 16 */
} padded_t;

__kernel void struct_args(__global uint *out, small_t p, padded_t q)
{
    int g = get_global_id(0);
    if (g >= p.n)
        return;
    out[4 * g + 0] = p.a + (uint)g;
    out[4 * g + 1] = (uint)(p.d >> 32) ^ (uint)p.d ^ (uint)q.c;
    out[4 * g + 2] = (uint)q.s * 3u + (uint)q.i + (uint)(q.l >> 20);
    out[4 * g + 3] = (as_uint(q.v.x) ^ as_uint(q.v.y) ^ as_uint(q.v.z) ^ as_uint(q.v.w)) + (uint)g;
}
