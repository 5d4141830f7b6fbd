/* gcnsim.h — the library's public interface: load an AMDGPU code object
 * (gfx6-gfx9), give a kernel its sizes and arguments, run it functionally
 * or under the cycle model of a device preset, read its buffers back and
 * its report.  Link build/libgcnsim.a (and -lelf -ldw -lz -lm -lstdc++).
 *
 * Every call reports a failure as a non-zero return with a one-line reason
 * in err (errlen bytes, always terminated); nothing is printed and the
 * process never exits.  Objects are independent: two threads may each run
 * their own module's launches at the same time (no two threads on one
 * module). */
#ifndef GCNSIM_API_H
#define GCNSIM_API_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gcnsim_module gcnsim_module_t;   /* a code object and its device memory */
typedef struct gcnsim_launch gcnsim_launch_t;   /* a kernel of a module with sizes and arguments */

/* What a run did. */
typedef struct {
    int status;                  /* 0 completed, 1 a wave faulted, 2 a limit stopped it */
    uint64_t wave_instructions;  /* wave-instructions executed */
    uint64_t workgroups, waves;
    uint64_t cycles;             /* the kernel's cycles (cycle model; 0 functional) */
    double time_us;              /* cycles at the device's clock (cycle model) */
    char fault[256];             /* status 1: the fault, one line */
} gcnsim_result_t;

/* Open the code object at path.  0, or -1 with the reason in err. */
int gcnsim_open(gcnsim_module_t **m, const char *path, char *err, size_t errlen);
/* Close a module: its buffers and launches go with it. */
void gcnsim_close(gcnsim_module_t *m);

/* A device buffer of size bytes in m's memory holding init (NULL: zeros):
 * 0 and its device address in *addr, or -1 (err). */
int gcnsim_buffer(gcnsim_module_t *m, uint64_t size, const void *init, uint64_t *addr, char *err, size_t errlen);
/* Copy size bytes at device address addr into out: 0, or -1 when the
 * range is not inside one buffer of m. */
int gcnsim_read(gcnsim_module_t *m, uint64_t addr, void *out, uint64_t size);

/* Bind kernel `kernel` of m (NULL: the only one) to a grid of dims
 * dimensions (1-3) of global work-items and work-groups of local
 * (NULL or local[0] 0: the kernel's default).  The arguments start at
 * zero; set each before running.  0, or -1 (err). */
int gcnsim_launch(gcnsim_launch_t **L, gcnsim_module_t *m, const char *kernel, unsigned dims,
                  const uint32_t global[3], const uint32_t local[3], char *err, size_t errlen);
/* Release a launch. */
void gcnsim_launch_free(gcnsim_launch_t *L);
/* Number of explicit arguments of the launch's kernel. */
size_t gcnsim_arg_count(const gcnsim_launch_t *L);
/* Set explicit argument i: a device address (a global pointer), a 32- or
 * 64-bit integer, a float, or the byte size of a __local pointer's LDS.
 * 0, or -1 (err: index or size not the argument's). */
int gcnsim_arg_addr(gcnsim_launch_t *L, size_t i, uint64_t addr, char *err, size_t errlen);
int gcnsim_arg_u32(gcnsim_launch_t *L, size_t i, uint32_t v, char *err, size_t errlen);
int gcnsim_arg_u64(gcnsim_launch_t *L, size_t i, uint64_t v, char *err, size_t errlen);
int gcnsim_arg_f32(gcnsim_launch_t *L, size_t i, float v, char *err, size_t errlen);
int gcnsim_arg_local(gcnsim_launch_t *L, size_t i, uint32_t bytes, char *err, size_t errlen);

/* Run the launch once: functionally when device is NULL, else under the
 * cycle model of the preset named device ("vega-64"; "" the target's
 * default) with the nsets "KEY=VALUE" overrides of `gcnsim --set`.
 * Buffers keep what the kernel wrote.  0 with *r filled in (a fault or a
 * limit is r->status, not an error), or -1 when it could not run (err). */
int gcnsim_run(gcnsim_launch_t *L, const char *device, const char *const *sets, size_t nsets,
               gcnsim_result_t *r, char *err, size_t errlen);
/* The profiler report of the last cycle-model run, as `gcnsim run` prints
 * it (text) or as the members of its JSON (json != 0, one object).  0, or
 * -1 when the last run was not under the cycle model. */
int gcnsim_report(const gcnsim_launch_t *L, FILE *out, int json);

#ifdef __cplusplus
}
#endif

#endif
