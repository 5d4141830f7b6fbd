// Read-bandwidth kernels after clpeak's "global memory bandwidth" test,
// written from its published method: every work-item reads 16 elements
// of a vector type (float, float2, float4, float8 or float16) from the
// input, adds them up and writes one float.  Only the 16 reads count as
// traffic; the host sizes the launch so that the reads cover the input
// exactly once: global size = elements / 16 / width, work-groups of 256.
//
// Two access patterns, as in the published test, which reports the faster:
//   gbw_<T>_lstride  work-group g reads the block of 16 x local_size
//                    elements starting at g * 16 * local_size; its k-th
//                    read is element block + k * local_size + local id
//                    (consecutive work-items read consecutive elements,
//                    the 16 reads walk the block in steps of local_size)
//   gbw_<T>_gstride  the k-th read is element global id + k * global size
//                    (16 passes over the whole input)
// The sum is accumulated in read order in the vector type, then its
// components are added from the lowest up (for float16: the first eight,
// then the last eight added to that in order); the indices are 32-bit
// ints.  Used by tests/calibrate/calibrate.py (make calibrate) and
// checked functionally by tests/calibrate/test_global_bw.py.

#define READS 16

#define HSUM1(s)  (s)
#define HSUM2(s)  ((s).s0 + (s).s1)
#define HSUM4(s)  ((s).s0 + (s).s1 + (s).s2 + (s).s3)
#define HSUM8(s)  ((s).s0 + (s).s1 + (s).s2 + (s).s3 + (s).s4 + (s).s5 + (s).s6 + (s).s7)
#define HSUM16(s) (HSUM8((s).lo) + (s).s8 + (s).s9 + (s).sa + (s).sb + (s).sc + (s).sd + \
                   (s).se + (s).sf)

#define GBW_KERNELS(T, W)                                                                 \
    kernel void gbw_##T##_lstride(global const T *restrict in, global float *restrict out) \
    {                                                                                     \
        int step = (int)get_local_size(0);                                                \
        int i = (int)get_group_id(0) * step * READS + (int)get_local_id(0);               \
        T acc = (T)(0.0f);                                                                \
        _Pragma("unroll")                                                                 \
        for (int k = 0; k < READS; k++) {                                                 \
            acc += in[i];                                                                 \
            i += step;                                                                    \
        }                                                                                 \
        out[get_global_id(0)] = HSUM##W(acc);                                             \
    }                                                                                     \
    kernel void gbw_##T##_gstride(global const T *restrict in, global float *restrict out) \
    {                                                                                     \
        int step = (int)get_global_size(0);                                               \
        int i = (int)get_global_id(0);                                                    \
        T acc = (T)(0.0f);                                                                \
        _Pragma("unroll")                                                                 \
        for (int k = 0; k < READS; k++) {                                                 \
            acc += in[i];                                                                 \
            i += step;                                                                    \
        }                                                                                 \
        out[get_global_id(0)] = HSUM##W(acc);                                             \
    }

GBW_KERNELS(float, 1)
GBW_KERNELS(float2, 2)
GBW_KERNELS(float4, 4)
GBW_KERNELS(float8, 8)
GBW_KERNELS(float16, 16)
