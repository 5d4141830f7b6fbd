/* mem.cl — kernels that exercise the memory instructions end to end:
 * scratch of every element size, LDS of every type and width, LDS and
 * global atomics (32/64-bit), lane exchange (swizzle, permute, bpermute),
 * generic pointers into global/local/private memory, ds_append, and f16
 * loads (gfx9 d16 forms).  References: tests/e2e_mem/ref.c. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* private arrays of char/short/int/long/double indexed at run time */
__kernel void priv_mixed(__global const int *in, __global long *out)
{
    int g = get_global_id(0);
    char c[40];
    short s[24];
    int a[20];
    long q[12];
    double d[6];
    for (int i = 0; i < 40; i++)
        c[i] = (char)(g * 3 + i * 7);
    for (int i = 0; i < 24; i++)
        s[i] = (short)(g * 1001 - i * 313);
    for (int i = 0; i < 20; i++)
        a[i] = in[(g + i) & 255] ^ (i << 20);
    for (int i = 0; i < 12; i++)
        q[i] = (long)a[i] * (long)(g + 1) + ((long)i << 40);
    for (int i = 0; i < 6; i++)
        d[i] = (double)a[i] * 0.25;
    int k = in[g] & 0xff;
    c[k % 40] += 5;
    s[k % 24] = (short)(s[(k + 1) % 24] + c[k % 40]);
    a[k % 20] += s[k % 24];
    q[k % 12] ^= (long)a[(k + 3) % 20] << 8;
    d[k % 6] += 1.5;
    long r = 0;
    for (int i = 0; i < 3; i++) {
        int j = (k + i * 11) & 0xff;
        r = r * 31 + c[j % 40] + s[j % 24] * 7 + a[j % 20] + q[j % 12] + (long)(d[j % 6] * 4.0);
    }
    out[g] = r;
}

/* LDS arrays of uchar/ushort/uint/ulong/double, written by one lane and
 * read back by another after a barrier; float4 through a 4-byte-aligned
 * pointer, long2 stores */
__kernel void lds_types(__global const uint *in, __global ulong *out)
{
    __local uchar lb[256];
    __local ushort ls[256];
    __local uint li[256];
    __local ulong ll[256];
    __local double ld[128];
    __local float lf[260];
    __local long2 l2[128];
    int l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);
    uint v = in[g];
    lb[l] = (uchar)v;
    ls[l] = (ushort)(v >> 3);
    li[l] = v * 2654435761u;
    ll[l] = (ulong)v << 29 | l;
    if (l < 128)
        ld[l] = (double)v / 8.0;
    lf[l] = (float)(v & 0xffff);
    if (l < 4)
        lf[256 + l] = (float)l;
    if (l < 128)
        l2[l] = (long2)(v, -(long)v);
    barrier(CLK_LOCAL_MEM_FENCE);
    int p = (l * 7 + 3) % n, q = (l * 13 + 5) % n;
    float4 f = vload4(0, lf + 1 + (p & ~3));
    ulong r = lb[p] + ((ulong)ls[q] << 8) + li[(p + q) % n] + ll[q] + (ulong)(long)(ld[p % 128] * 8.0);
    r += (ulong)(f.x + 2 * f.y + 3 * f.z + 4 * f.w) + (ulong)l2[q % 128].y;
    out[g] = r;
}

/* LDS atomics 32 and 64-bit: per-group results, tickets from atomic_inc */
__kernel void lds_atomics(__global const uint *in, __global uint *out, __global ulong *out64, __global uint *tick)
{
    __local uint c[12];
    __local ulong c64[4];
    int l = get_local_id(0), g = get_global_id(0), grp = get_group_id(0);
    if (l < 12)
        c[l] = l == 4 || l == 6 ? 0xffffffffu : l == 9 ? 100 : 0;
    if (l < 4)
        c64[l] = l == 1 ? ~0ul : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = in[g];
    atomic_add(&c[0], v);
    atomic_sub(&c[1], v >> 4);
    atomic_max(&c[2], v);
    atomic_max((__local int *)&c[3], (int)v);
    atomic_min(&c[4], v);
    atomic_or(&c[5], v & 0x0f0f0f0f);
    atomic_and(&c[6], v | 0x10101010);
    atomic_xor(&c[7], v);
    uint t = atomic_inc(&c[8]);
    atomic_cmpxchg(&c[9], 100, (uint)l);   /* exactly one lane wins */
    atomic_min((__local int *)&c[10], (int)v);
    if (l == 5)
        atomic_xchg(&c[11], v);
    atom_add(&c64[0], (ulong)v << 20);
    atom_min(&c64[1], (ulong)v * 3);
    atom_max(&c64[2], (ulong)v << 30);
    atom_xor(&c64[3], (ulong)v << 33 | v);
    tick[grp * get_local_size(0) + t] = (uint)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 12)
        out[grp * 12 + l] = c[l];
    if (l < 4)
        out64[grp * 4 + l] = c64[l];
}

/* global atomics 32 and 64-bit with returned values, cmpxchg loops */
__kernel void global_atomics(__global const uint *in, __global uint *c, __global ulong *c64, __global uint *tick,
                             __global float *fsum)
{
    int g = get_global_id(0);
    uint v = in[g];
    atomic_add(&c[0], v);
    atomic_sub(&c[1], v >> 3);
    atomic_max(&c[2], v);
    atomic_min((__global int *)&c[3], (int)v);
    atomic_or(&c[4], v & 0x01010101);
    atomic_and(&c[5], v | 0xf0f0f0f0);
    atomic_xor(&c[6], v);
    tick[atomic_inc(&c[7])] = (uint)g;
    atomic_dec(&c[8]);
    atomic_cmpxchg(&c[9], 0u, (uint)g + 1);
    atom_add(&c64[0], (ulong)v << 24);
    atom_max(&c64[1], (ulong)v << 31);
    atom_min(&c64[2], (ulong)v * 5 + 1);
    atom_or(&c64[3], (ulong)1 << (v & 63));
    /* float add by compare-and-swap (integer-valued: exact in any order) */
    float x = (float)(v & 0xff);
    uint old = as_uint(*fsum), seen;
    do {
        seen = old;
        old = atomic_cmpxchg((__global uint *)fsum, seen, as_uint(as_float(seen) + x));
    } while (old != seen);
}

/* lane exchange inside a wave */
__kernel void lanes(__global const int *in, __global int *out)
{
    int g = get_global_id(0), v = in[g];
    int r0 = __builtin_amdgcn_ds_swizzle(v, 0x401f);          /* swap 16 */
    int r1 = __builtin_amdgcn_ds_swizzle(v, 0x801b);          /* quad reverse */
    int r2 = __builtin_amdgcn_ds_swizzle(v, 0x00b8);          /* broadcast lane 5 of 8 */
#if defined(__GFX8__) || defined(__GFX9__)
    int r3 = __builtin_amdgcn_ds_bpermute((v & 63) * 4, g);
    int r4 = __builtin_amdgcn_ds_permute((63 - (g & 63)) * 4, v);
#else
    int r3 = 0, r4 = 0;
#endif
    out[g * 5 + 0] = r0;
    out[g * 5 + 1] = r1;
    out[g * 5 + 2] = r2;
    out[g * 5 + 3] = r3;
    out[g * 5 + 4] = r4;
}

/* a generic pointer per work-item into global, local or private memory
 * (FLAT: gfx7 and later) */
#ifndef __GFX6__
__attribute__((noinline)) int touch(int *p, int i, int v)
{
    p[i] += v;
    int old = atomic_fetch_add_explicit((volatile atomic_int *)&p[i + 1], v, memory_order_relaxed);
    return p[i] * 3 + old + p[i + 2];
}

__kernel void gen_ptr(__global int *gm, __global int *out)
{
    __local int lm[64 * 4];
    int priv[8];
    int g = get_global_id(0), l = get_local_id(0);
    for (int i = 0; i < 4; i++)
        lm[l * 4 + i] = g * 10 + i;
    for (int i = 0; i < 8; i++)
        priv[i] = g * 100 + i;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *p = priv + (g & 3);
    if (g % 3 == 0)
        p = gm + g * 4;
    else if (g % 3 == 1)
        p = lm + l * 4;
    int r = touch(p, 0, g + 1);
    out[g * 3] = r;
    out[g * 3 + 1] = p[0] + p[1] + p[2];
    out[g * 3 + 2] = priv[(g & 3) + 1];
}

#endif

/* ds_append per wave in divergent control flow */
__kernel void append(__global int *out, __global int *total)
{
    __local int ctr[2];
    int l = get_local_id(0), g = get_global_id(0);
    if (l == 0)
        ctr[1] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int r = -1;
    if (l % 3 != 0)
        r = __builtin_amdgcn_ds_append(&ctr[1]);
    out[g] = r;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        total[get_group_id(0)] = ctr[1];
}

/* half loads from global, local and private memory packed into half2
 * (gfx9: d16 / d16_hi loads) */
__kernel void halves(__global const half *a, __global half2 *o)
{
    __local half lh[128];
    half ph[8];
    int g = get_global_id(0), l = get_local_id(0);
    lh[l] = a[g * 2 + 1];
    for (int i = 0; i < 8; i++)
        ph[i] = a[(g + i * 5) & 511];
    barrier(CLK_LOCAL_MEM_FENCE);
    int k = (int)(as_ushort(a[g]) & 7);
    o[g * 3] = (half2)(a[g + 3], a[g * 2]);
    o[g * 3 + 1] = (half2)(lh[(l + 1) % 64], lh[(l * 5) % 64]);
    o[g * 3 + 2] = (half2)(ph[k], ph[(k + 3) & 7]);
}
