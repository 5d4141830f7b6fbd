/* launch.h — turning a kernel, sizes and argument values into simulated
 * launches.  A module is a code object opened once and mapped into a
 * device memory that lives as long as the module, so buffers persist from
 * one launch to the next; a launch_t binds one kernel of a module to its
 * sizes and arguments and can be run many times (changing arguments in
 * between).  Used by `run` and `bench`, so that every path launches a
 * kernel the same way. */
#ifndef GCNSIM_LAUNCH_H
#define GCNSIM_LAUNCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "front/load/codeobj.h"
#include "sim/dispatch.h"
#include "sim/mem.h"
#include "sim/sem_mimg.h"

/* The largest value bytes:HEX gives (a by-value argument of the kernarg segment). */
enum { LA_MAX_BYTES = 4096 };
/* The largest buffer, image or file an argument may give: 4 GiB, what a
 * buffer resource's 32-bit NUM_RECORDS can reach (and all the memory of a
 * 4 GiB board). */
#define LA_MAX_BUFFER (1ull << 32)

/* The default per-wave limit (sim_launch_t.max_wave_inst) of a launch: a
 * wave that executes 2^26 instructions without ending is taken to run away
 * (a spinning wave reaches it in seconds of functional simulation; the
 * longest waves of the built-in workloads and test kernels execute under
 * 2^20).  Under the cycle model, where the resident waves take turns, it
 * takes about as many times longer as waves are resident. */
#define LA_MAX_WAVE_INST (1ull << 26)

/* The host threads a dispatch uses unless told (sim_launch_t.threads):
 * GCNSIM_THREADS when it is a number from 1 to LA_MAX_THREADS, else the
 * machine's online cores (at most LA_MAX_THREADS). */
#define LA_MAX_THREADS 256
unsigned la_default_threads(void);

/* One argument value, as `--arg SPEC` gives it (LA_ADDR: only from code). */
typedef enum { LA_I32, LA_U32, LA_I64, LA_U64, LA_F32, LA_F64, LA_BUF, LA_ZERO, LA_LOCAL, LA_ADDR, LA_IMAGE,
               LA_BYTES } la_kind_t;

typedef struct {
    la_kind_t kind;
    uint64_t bits;          /* scalar value bits (LA_I32 ... LA_F64); LA_ADDR: device address (of a
                               buffer; for an image or sampler argument, of its image object or
                               S#, already in device memory) */
    const void *data;       /* LA_BUF/LA_IMAGE: initial contents (copied); LA_BYTES: the bytes */
    uint64_t size;          /* LA_BUF/LA_ZERO/LA_LOCAL/LA_IMAGE/LA_BYTES: bytes */
    const mimg_format_t *img_fmt;   /* LA_IMAGE: texel format */
    uint32_t img_size[3];   /* LA_IMAGE: width, height, depth (1 if not given) */
    unsigned img_dims;      /* LA_IMAGE: sizes given (1-3) */
    char spec[96];          /* as written, for messages */
} la_value_t;

/* A code object loaded and mapped into its own device memory (or one
 * shared with other modules: la_open_shared). */
typedef struct {
    co_file_t co;
    mem_t mem;              /* its own device memory (empty when shared) */
    mem_t *dm;              /* the memory it is mapped into and its launches use: a shared one, or
                               &mem (NULL also means &mem) */
    uint64_t image_base;    /* device address of the code object's vaddr 0 */
    uint32_t *words;        /* the code as dwords */
    sim_prog_t prog;        /* the code decoded, once for every launch */
    unsigned prog_builds;   /* times it was decoded (1) */
    int open;
} la_module_t;

/* One kernel of a module with its sizes and arguments. */
typedef struct {
    la_module_t *m;         /* the module (own, when la_prepare opened it) */
    la_module_t own;
    const co_kernel_t *k;
    sim_kernel_t sk;
    sim_launch_t sl;
    uint8_t *kernarg;
    sim_hidden_arg_t *hidden;
    uint64_t *arg_addr;     /* per explicit argument: device buffer address (0 if none) */
    uint64_t *arg_size;     /* per explicit argument: buffer bytes */
    uint64_t *local_size;   /* per explicit argument: LDS bytes of a __local pointer (0 if none) */
    const co_arg_t **arg;   /* per explicit argument: its metadata */
    size_t nexplicit;
    uint32_t extra_lds;     /* dynamic LDS bytes after the __local arguments' (--dynamic-lds; HIP's
                               dynamic shared memory) */
    uint8_t *last_kernarg;  /* the kernarg segment the last la_run's waves read */
    uint32_t last_kernarg_size;
    uint64_t last_queue;    /* and the simulated queue's address then */
    FILE *printf_out;       /* where la_run writes the kernel's printf output (NULL: stdout) */
    int save_extents;       /* la_save_launch saves arg_size bytes from each buffer argument's address
                               (buffers a runtime sub-allocates), not the allocation it starts */
} launch_t;

/* Parse "i32:V", "buf:PATH" (file read here), "zero:BYTES", "local:BYTES",
 * "image:FORMAT:W[,H[,D]]:PATH|zero", the generated buffers "iota:TYPE:N"
 * (0, 1, ... N-1), "fill:TYPE:N:V" and "rand:TYPE:N[:SEED]" (splitmix64
 * from SEED, default 1: integers take all the type's bits, floats are
 * uniform in [0, 1)) into *v (argval.c).  Sizes and counts take K, M, G
 * (and KiB, MiB, GiB: all powers of 1024).  Returns 0, or -1 with a
 * message in err. */
int la_parse_value(const char *spec, la_value_t *v, char *err, size_t errlen);
/* Release what la_parse_value allocated in *v (file contents, bytes). */
void la_value_free(la_value_t *v);
/* An element type of generated buffers and typed dumps. */
typedef struct {
    const char *name;       /* "i8" ... "u64", "f16", "f32", "f64" */
    unsigned bytes;
    int is_signed, is_float;
} la_elem_t;
/* The element type named by the len bytes at name; NULL if none. */
const la_elem_t *la_elem(const char *name, size_t len);
/* Element e at p as text ("%.9g" for f32, decimal integers) into out. */
int la_format_elem(const la_elem_t *e, const uint8_t *p, char *out, size_t n);
/* A size "N", "NK", "NKiB", "NM", ... (powers of 1024; N decimal or 0x
 * hex) at most max into *out; 0, or -1 if s is no such size. */
int la_parse_size(const char *s, uint64_t max, uint64_t *out);
/* Parse "X[,Y[,Z]]" into n[3] (missing = 1; each positive, at most
 * 2^32-1, K/M/G suffixes allowed: "1M" is 1048576); returns dims or 0 if
 * bad. */
unsigned la_parse_dims(const char *s, uint32_t n[3]);

/* Values built in code: a 32-bit unsigned, a float, an existing buffer's
 * device address, LDS bytes for a __local pointer. */
la_value_t la_u32(uint32_t v);
la_value_t la_f32(float v);
la_value_t la_addr(uint64_t addr);
la_value_t la_local(uint32_t bytes);

/* Load FILE and map it into a fresh device memory.  Returns 0, or -1 with
 * a one-line message in err. */
int la_open(la_module_t *m, const char *file, char *err, size_t errlen);
/* Load the code object of size bytes at data (name: the file it came
 * from, for messages) and map it into mem, a device memory the caller owns
 * and may share with other modules and buffers (an OpenCL context's): the
 * module's launches allocate there, la_close leaves it (and the code's
 * allocation in it) to its owner.  Returns 0, or -1 with a one-line
 * message in err (la_close either way). */
int la_open_shared(la_module_t *m, const char *name, const void *data, size_t size, mem_t *mem, char *err,
                   size_t errlen);
/* Release a module and every buffer in its own memory (a shared memory
 * stays as it is). */
void la_close(la_module_t *m);
/* The device memory module m's code, buffers and launches live in: a
 * shared one (la_open_shared), else its own (also when dm was left 0). */
mem_t *la_module_mem(la_module_t *m);
/* The kernel named name (NULL: the only one), by its symbol or its
 * demangled C++ name (co_match_kernel).  Returns it, or NULL with a
 * message listing the kernels (and their demangled names) in err. */
const co_kernel_t *la_kernel(const la_module_t *m, const char *name, char *err, size_t errlen);
/* Allocate a device buffer of size bytes holding init (NULL: zeros).
 * Returns 0 and its address, or -1 with a message in err. */
int la_buffer(la_module_t *m, uint64_t size, const void *init, const char *name, uint64_t *addr, char *err,
              size_t errlen);
/* Host view of [addr, addr+size) of a module's device memory (NULL if not
 * inside one buffer). */
void *la_host(la_module_t *m, uint64_t addr, uint64_t size);

/* Bind kernel k of module m to sizes and argument values (L zeroed
 * beforehand; buffers given as buf:/zero: are allocated in the module's
 * memory).  local[0] == 0 (or local NULL) selects the kernel's default
 * size.  Returns 0, or -1 with a one-line message in err; la_free(L)
 * either way. */
int la_setup(launch_t *L, la_module_t *m, const co_kernel_t *k, unsigned dims, const uint32_t global[3],
             const uint32_t local[3], const la_value_t *vals, size_t nvals, char *err, size_t errlen);
/* Change explicit argument i for the following runs. */
int la_set_arg(launch_t *L, size_t i, const la_value_t *v, char *err, size_t errlen);
/* Run the launch once.  A kernel that calls printf gets a printf buffer
 * (printf.h) whose records are written to L->printf_out after the run.
 * The kernarg segment, queue, packet, printf buffer and scratch of
 * the dispatch are released afterwards; buffers stay.  Returns as
 * sim_dispatch: 0 completed, 1 a wave faulted, -1 not launched (err). */
int la_run(launch_t *L, sim_result_t *r, char *err, size_t errlen);

/* What la_run_begin wrote into the module's memory for one run, which a
 * dispatch packet then names: the kernarg segment (kernarg_size bytes,
 * hidden arguments in it) and the amd_queue_t; mark: what la_run_end
 * releases. */
typedef struct {
    uint64_t kernarg_addr, queue_addr;
    uint32_t kernarg_size;
    mem_mark_t mark;
} la_inplace_t;
/* la_run in two halves around a dispatch the caller runs from a packet of
 * its own: la_run_begin lays out the LDS, allocates the printf buffer (a
 * kernel that prints) and writes the kernarg segment and queue
 * (sim_dispatch_memory) into *in; 0, or -1 (err; nothing kept).  la_run_end,
 * after the dispatch (st and *r as sim_dispatch's), keeps the kernarg
 * segment, writes the printf output and releases what the run
 * allocated. */
int la_run_begin(launch_t *L, la_inplace_t *in, char *err, size_t errlen);
void la_run_end(launch_t *L, const la_inplace_t *in, int st, const sim_result_t *r);

/* The kernarg segment of the next run on platform p (explicit bytes,
 * __local pointer offsets, hidden arguments), as la_run's dispatch builds
 * it: *size bytes at *out (malloc'ed; the caller frees).  Returns 0, or -1
 * when out of memory or past SIM_MAX_KERNARG. */
int la_kernarg(launch_t *L, const sim_platform_t *p, uint8_t **out, uint32_t *size);
/* LDS bytes per work-group of the next run: the kernel's static LDS plus
 * the dynamic LDS of its __local pointer arguments. */
uint64_t la_group_segment_size(launch_t *L);

/* Print the fault report of a run that faulted (r->faulted): kind, kernel,
 * work-group, wave, pc, the instruction, lane and message. */
void la_print_fault(FILE *fp, const launch_t *L, const sim_result_t *r);

/* Print why a run stopped early (r->hit_limit: --max-inst, the per-wave
 * limit with the wave, its pc and instruction, or an interrupt) as one
 * line "gcnsim: CMD: ...". */
void la_print_limit(FILE *fp, const char *cmd, const launch_t *L, const sim_result_t *r);

/* The processor of device preset preset ("vega-64": "gfx900"); NULL when
 * preset is NULL or names no preset. */
const char *la_preset_gfx(const char *preset);
/* Warn (one line "gcnsim: CMD: warning: ...") about what a run did that
 * the hardware allows but a kernel rarely means: lane accesses outside
 * the work-group's LDS. */
void la_print_warnings(FILE *fp, const char *cmd, launch_t *L, const sim_result_t *r);
/* la_open + la_kernel + la_setup on a module owned by L (as `gcnsim run`);
 * from a container of code objects, the one for processor gfx (NULL: the
 * only one) that has the kernel (co_load_for). */
int la_prepare(launch_t *L, const char *file, const char *gfx, const char *kernel, unsigned dims,
               const uint32_t global[3], const uint32_t local[3], const la_value_t *vals, size_t nvals, char *err,
               size_t errlen);
/* Save launch L into directory dir (created if missing): write
 * what gcnsim run and gcnsim debug need to repeat launch L from the state
 * its buffers hold now (co: its code object file; NULL: the module's
 * code object written as dir/code.co): dir/argN.bin, the device contents of the
 * allocation explicit argument N points to (at its start), and
 * dir/debug.args, one line of arguments (shell-quoted where needed): co,
 * --kernel, --global, --local, one --arg per explicit argument
 * (buf:dir/argN.bin, local:BYTES, scalars with their exact bits), then
 * extra.  Sets *line to that line (malloc'ed).  0, or -1 with a message
 * in err. */
int la_save_launch(launch_t *L, const char *co, const char *dir, const char *const *extra, size_t nextra,
                   char **line, char *err, size_t errlen);
/* Is the kernel with symbol sym the one a user named want: the symbol, or
 * a form of its demangled C++ name (dm_form, levels 0 to 3)?  What exec
 * --save-dispatch and debug --dispatch match a dispatch's kernel by. */
int la_kernel_named(const char *sym, const char *want);

/* Release what la_setup (and la_prepare) made; a shared module stays open. */
void la_free(launch_t *L);
/* The image object of an image argument for target generation gen: the
 * T# of a linear image of format f and size sz[3] (1 if unused; W,L for
 * an image1d_array_t and W,H,L for an image2d_array_t of L slices) of the
 * kernel's image type type_name ("image1d_t", "image2d_t", "image3d_t",
 * "image1d_array_t", "image2d_array_t") at texel address base, or for an
 * "image1d_buffer_t" of W texels a buffer resource (V#) in dwords 0-3,
 * then the fields the device library reads (dword 8 channel type, 9
 * channel order, 10 width).  Returns 0, or -1 with a one-line message in
 * err. */
int la_image_object(isa_gen_t gen, const char *type_name, const mimg_format_t *f, const uint32_t sz[3], uint64_t base,
                    uint32_t obj[16], char *err, size_t errlen);
/* Whether an argument of kind k is hidden (filled in by the launch). */
int la_is_hidden(co_arg_kind_t k);
/* Number of explicit (non-hidden) arguments of a kernel. */
size_t la_explicit_count(const co_kernel_t *k);

#endif
