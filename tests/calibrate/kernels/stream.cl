// The four kernels of the BabelStream (GPU-STREAM) memory-bandwidth
// benchmark in double precision, written from its published method: one
// work-item per array element, global size = array length, each kernel
// a single streaming pass.  Bytes moved per element: copy and mul 16 (one
// read, one write), add and triad 24 (two reads, one write).  The scalar
// is an argument (the published versions use a constant: 3.0 in 1.0, 0.3
// in 2.0, 0.4 later; its value does not change the memory traffic).
//
// Two sets: stream_* as the OpenCL version is built (a work-group of at
// most 256 work-items, clang's default; AMD's OpenCL runtime picks 256 when
// the host gives no local size), and stream_*_wg1024, the same code
// allowed work-groups of 1024 work-items, as the HIP version launches
// them (TBSIZE 1024).
//
// Used by tests/calibrate/calibrate.py (make calibrate) and checked
// functionally by tests/calibrate/test_stream.py.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define WG1024 __attribute__((amdgpu_flat_work_group_size(1, 1024)))

#define STREAM_KERNELS(SUFFIX, ATTR)                                                        \
    /* c[i] = a[i] */                                                                       \
    ATTR kernel void stream_copy##SUFFIX(global const double *restrict a,                   \
                                         global double *restrict c)                         \
    {                                                                                       \
        size_t i = get_global_id(0);                                                        \
        c[i] = a[i];                                                                        \
    }                                                                                       \
    /* b[i] = scalar * c[i] */                                                              \
    ATTR kernel void stream_mul##SUFFIX(global double *restrict b,                          \
                                        global const double *restrict c, double scalar)     \
    {                                                                                       \
        size_t i = get_global_id(0);                                                        \
        b[i] = scalar * c[i];                                                               \
    }                                                                                       \
    /* c[i] = a[i] + b[i] */                                                                \
    ATTR kernel void stream_add##SUFFIX(global const double *restrict a,                    \
                                        global const double *restrict b,                    \
                                        global double *restrict c)                          \
    {                                                                                       \
        size_t i = get_global_id(0);                                                        \
        c[i] = a[i] + b[i];                                                                 \
    }                                                                                       \
    /* a[i] = b[i] + scalar * c[i] */                                                       \
    ATTR kernel void stream_triad##SUFFIX(global double *restrict a,                        \
                                          global const double *restrict b,                  \
                                          global const double *restrict c, double scalar)   \
    {                                                                                       \
        size_t i = get_global_id(0);                                                        \
        a[i] = b[i] + scalar * c[i];                                                        \
    }

STREAM_KERNELS(, )
STREAM_KERNELS(_wg1024, WG1024)
