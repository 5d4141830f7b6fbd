/* calls_stack: non-inlined function calls with arguments and a stack
 * frame (s_swappc/s_setpc, scratch-based stack), and recursion by hand. */
typedef struct { uint a, b, c; } trip_t;

__attribute__((noinline)) trip_t step(trip_t t, uint x)
{
    trip_t r = {t.b ^ x, t.c + t.a, t.a * 3u + x};
    return r;
}

__attribute__((noinline)) uint mix(uint *arr, uint k)
{
    uint s = 0;
    for (uint j = 0; j < k; j++)
        s = s * 17u + arr[(j * 5u) % 12];
    return s;
}

__kernel void calls_stack(__global const uint *in, __global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = in[i];
    trip_t t = {x, i, 7};
    uint arr[12];
    for (int j = 0; j < 12; j++)
        arr[j] = x >> j;
    for (uint j = 0; j < (x & 7); j++)
        t = step(t, j);
    out[i] = t.a + t.b * 2u + t.c * 3u + mix(arr, 3 + (x & 7));
}
