/* gpu_compare.h — comparing a buffer the simulator computed with the one
 * a device computed, element by element in the buffer's element type (from
 * the kernel argument's type name in the metadata): bit for bit, or for
 * floating-point elements within N units in the last place. */
#ifndef GCNSIM_GPU_COMPARE_H
#define GCNSIM_GPU_COMPARE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    GPU_E_U8, GPU_E_I8, GPU_E_U16, GPU_E_I16, GPU_E_F16, GPU_E_U32, GPU_E_I32, GPU_E_F32, GPU_E_U64, GPU_E_I64,
    GPU_E_F64,
} gpu_elem_kind_t;

typedef struct {
    gpu_elem_kind_t kind;
    unsigned size;            /* bytes */
    int is_float;
    const char *name;         /* "float", "uint", ... ("byte" when unknown) */
} gpu_elem_t;

/* The element type of a buffer argument whose metadata type name is
 * type_name ("float*", "const uint4*", "__global double *"); unknown or
 * absent names give bytes. */
gpu_elem_t gpu_elem_type(const char *type_name);

typedef struct {
    uint64_t n;               /* elements compared */
    uint64_t ndiff;           /* elements outside the tolerance */
    uint64_t first;           /* index of the first of them */
    uint64_t nexact;          /* elements with the same bits */
    uint64_t max_ulp;         /* largest ULP distance among float elements within tolerance */
} gpu_cmp_t;

/* Compare bytes of a (the simulator's) and b (the device's) as elements
 * of type e (a trailing partial element as bytes); float elements within
 * ulp units in the last place count as agreeing (ulp 0: bit for bit; with
 * ulp > 0 two NaNs agree). */
void gpu_compare(const void *a, const void *b, uint64_t bytes, gpu_elem_t e, uint64_t ulp, gpu_cmp_t *out);

/* Element i of p as text: the value in its type and, for floats, its bits
 * ("1.5 (0x3fc00000)"). */
void gpu_elem_format(gpu_elem_t e, const void *p, uint64_t i, char *buf, size_t n);

/* The verdict on a comparison of a (the simulator's) with b (the
 * device's) as one line in buf: "identical", "within N ULP (...)" or
 * "DIFFERS in K of N float elements; first [i]: simulator V, device V".
 * Returns GPU_SAME, GPU_WITHIN or GPU_DIFFERS. */
enum { GPU_SAME, GPU_WITHIN, GPU_DIFFERS };
int gpu_cmp_describe(const gpu_cmp_t *c, gpu_elem_t e, const void *a, const void *b, uint64_t ulp, char *buf,
                     size_t n);

#endif
