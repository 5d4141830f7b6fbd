/* launch.h — turning a kernel, sizes and argument values into a simulated
 * launch: device memory with the code object and the buffers, the explicit
 * kernarg bytes and the hidden-argument list.  Used by `run`, `bench` and
 * `validate`, so that every path launches a kernel the same way. */
#ifndef GCNSIM_LAUNCH_H
#define GCNSIM_LAUNCH_H

#include <stddef.h>
#include <stdint.h>
#include "front/codeobj.h"
#include "sim/dispatch.h"
#include "sim/mem.h"

/* One argument value, as `--arg SPEC` gives it. */
typedef enum { LA_I32, LA_U32, LA_I64, LA_U64, LA_F32, LA_F64, LA_BUF, LA_ZERO, LA_LOCAL } la_kind_t;

typedef struct {
    la_kind_t kind;
    uint64_t bits;          /* scalar value bits (LA_I32 ... LA_F64) */
    const void *data;       /* LA_BUF: initial contents (copied) */
    uint64_t size;          /* LA_BUF/LA_ZERO/LA_LOCAL: bytes */
    char spec[96];          /* as written, for messages */
} la_value_t;

typedef struct {
    co_file_t co;
    const co_kernel_t *k;
    mem_t mem;
    uint64_t image_base;    /* device address of the code object's vaddr 0 */
    sim_kernel_t sk;
    sim_launch_t sl;
    uint8_t *kernarg;
    sim_hidden_arg_t *hidden;
    uint64_t *arg_addr;     /* per explicit argument: device buffer address (0 if none) */
    uint64_t *arg_size;     /* per explicit argument: buffer bytes */
    size_t nexplicit;
    uint32_t *words;        /* the code as dwords */
} launch_t;

/* Parse "i32:V", "buf:PATH" (file read here), "zero:BYTES", "local:BYTES"...
 * into *v.  Returns 0, or -1 with a message in err. */
int la_parse_value(const char *spec, la_value_t *v, char *err, size_t errlen);
/* Parse "X[,Y[,Z]]" into n[3] (missing = 1); returns dims or 0 if bad. */
unsigned la_parse_dims(const char *s, uint32_t n[3]);

/* Load FILE, find the kernel, map it, allocate buffers for the values and
 * build the launch.  local[0] == 0 selects the kernel's default size.
 * Returns 0, or -1 with a one-line message in err. */
int la_prepare(launch_t *L, const char *file, const char *kernel, unsigned dims, const uint32_t global[3],
               const uint32_t local[3], const la_value_t *vals, size_t nvals, char *err, size_t errlen);
/* Release everything la_prepare made. */
void la_free(launch_t *L);
/* Number of explicit (non-hidden) arguments of a kernel. */
size_t la_explicit_count(const co_kernel_t *k);

#endif
