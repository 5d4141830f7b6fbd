// Compute-throughput kernels after clpeak's single, double and integer
// compute tests, written from its published method: every work-item runs
// a dependent chain of multiply-adds on two variables of a vector type,
// each step feeding the next,
//     x = y * x + y;   y = x * y + x;
// with mad() for float and double and plain y * x + y for int.  A block
// of 32 such steps (16 pairs) is unrolled and repeated `iters` times; a
// step on an N-wide type counts as 2 * N operations, so one block is
// 64 * N of them and 4096 operations per work-item take
// iters = 4096 / (64 * N): 64 for width 1 down to 4 for width 16.
// The trip count is an argument so that the functional test can run a
// short chain whose values stay finite; the chain itself cannot be
// folded either way: x starts from the argument a and y from the local
// id (times the argument b).  Component c of both starts offset by -c / 64
// (by c for int) so that no two components compute the same thing.  The
// work-item writes the sum of the components of x and y (all of them, so
// that no component is dead), added from the lowest up, x's then y's.
//
// What clang-15 -O2 makes of the unrolled block (gcnsim disasm): on
// gfx600-gfx803 v_mad_f32 / v_mac_f32 for float, v_fma_f64 for double,
// v_mul_lo_u32 + v_add for int; on gfx900 and gfx906 v_fma_f32,
// v_fma_f64, and v_mad_u64_u32 for int (multiply and add in one).
//
// Used by tests/calibrate/calibrate.py (make calibrate) and checked
// functionally by tests/calibrate/test_compute.py.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define STEP2(x, y, MAD) x = MAD(y, x, y); y = MAD(x, y, x);
#define STEP8(x, y, MAD) STEP2(x, y, MAD) STEP2(x, y, MAD) STEP2(x, y, MAD) STEP2(x, y, MAD)
#define BLOCK(x, y, MAD) STEP8(x, y, MAD) STEP8(x, y, MAD) STEP8(x, y, MAD) STEP8(x, y, MAD)

#define IMAD(a, b, c) ((a) * (b) + (c))

#define HSUM1(s)  (s)
#define HSUM2(s)  ((s).s0 + (s).s1)
#define HSUM4(s)  ((s).s0 + (s).s1 + (s).s2 + (s).s3)
#define HSUM8(s)  ((s).s0 + (s).s1 + (s).s2 + (s).s3 + (s).s4 + (s).s5 + (s).s6 + (s).s7)
#define HSUM16(s) (HSUM8((s).lo) + (s).s8 + (s).s9 + (s).sa + (s).sb + (s).sc + (s).sd + \
                   (s).se + (s).sf)

#define OFS1(S, k)  ((S)0)
#define OFS2(S, k)  ((S##2)((S)0, (S)1 * (k)))
#define OFS4(S, k)  ((S##4)((S)0, (S)1 * (k), (S)2 * (k), (S)3 * (k)))
#define OFS8(S, k)  ((S##8)((S)0, (S)1 * (k), (S)2 * (k), (S)3 * (k), (S)4 * (k), (S)5 * (k), \
                            (S)6 * (k), (S)7 * (k)))
#define OFS16(S, k) ((S##16)((S)0, (S)1 * (k), (S)2 * (k), (S)3 * (k), (S)4 * (k), (S)5 * (k), \
                             (S)6 * (k), (S)7 * (k), (S)8 * (k), (S)9 * (k), (S)10 * (k),     \
                             (S)11 * (k), (S)12 * (k), (S)13 * (k), (S)14 * (k), (S)15 * (k)))

// NAME: kernel name; S: scalar type; T: vector type; W: width; MAD: the step; K: offset unit
#define COMPUTE_KERNEL(NAME, S, T, W, MAD, K)                                           \
    kernel void NAME(global S *restrict out, S a, S b, int iters)                       \
    {                                                                                   \
        T x = (T)(a) + OFS##W(S, K);                                                    \
        T y = (T)((S)get_local_id(0) * b) + OFS##W(S, K);                               \
        for (int i = 0; i < iters; i++) {                                               \
            BLOCK(x, y, MAD)                                                            \
        }                                                                               \
        out[get_global_id(0)] = HSUM##W(x) + HSUM##W(y);                                \
    }

#define COMPUTE_WIDTHS(P, S, MAD, K)                                                    \
    COMPUTE_KERNEL(P##_v1, S, S, 1, MAD, K)                                             \
    COMPUTE_KERNEL(P##_v2, S, S##2, 2, MAD, K)                                          \
    COMPUTE_KERNEL(P##_v4, S, S##4, 4, MAD, K)                                          \
    COMPUTE_KERNEL(P##_v8, S, S##8, 8, MAD, K)                                          \
    COMPUTE_KERNEL(P##_v16, S, S##16, 16, MAD, K)

COMPUTE_WIDTHS(compute_sp, float, mad, -0.015625f)
COMPUTE_WIDTHS(compute_dp, double, mad, -0.015625)
COMPUTE_WIDTHS(compute_int, int, IMAD, 1)
