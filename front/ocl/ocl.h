/* ocl.h — the OpenCL driver (ICD) over gcnsim: its objects and the
 * helpers its files share.  Debian's ICD loader (ocl-icd) finds the
 * library through a .icd file and calls every OpenCL function through the
 * dispatch table each object starts with (the layout is ocl-icd's,
 * <ocl_icd.h>).  A command runs when it is enqueued unless it must wait
 * (for an event not complete, such as a user event, or in an in-order
 * queue for a command before it that waits): then it is kept as a command
 * record (ocl_cmd_t, ocl_cmd.c) and runs, on the thread whose call made
 * it runnable, when what it waits for completes.  Commands run in
 * simulated time: a queue's clock advances by each command's simulated
 * duration (a kernel's: the cycle model's cycles and launch overhead at
 * the preset's clock), and events carry those times.  Every handle is
 * checked against the set of live objects (ocl_obj.c), so that a stale
 * or made-up handle gets the specification's error code, never a crash. */
#ifndef GCNSIM_OCL_H
#define GCNSIM_OCL_H

#include <ocl_icd.h>
#include <stddef.h>
#include <stdint.h>
#include "front/launch/launch.h"
#include "sim/device.h"
#include "sim/mem.h"
#include "front/report/timeline.h"
#include "front/trace/trace.h"
#include "sim/timing.h"

/* What a handle is (ocl_obj_*). */
typedef enum {
    OCL_PLATFORM = 1, OCL_DEVICE, OCL_CONTEXT, OCL_QUEUE, OCL_MEM, OCL_PROGRAM, OCL_KERNEL, OCL_EVENT, OCL_SAMPLER
} ocl_kind_t;

/* The fields every object starts with: the loader's dispatch table first. */
#define OCL_HEAD \
    const struct _cl_icd_dispatch *dispatch; \
    ocl_kind_t kind; \
    cl_uint refs

struct _cl_platform_id {
    OCL_HEAD;
};

struct _cl_device_id {
    OCL_HEAD;
    device_t dev;                 /* the preset with GCNSIM_SET applied */
    const isa_target_t *target;   /* its gfx target */
    uint64_t mem_bytes;           /* the board's memory */
};

struct _cl_context {
    OCL_HEAD;
    cl_uint ndev;
    cl_device_id *devs;
    cl_context_properties props[3];   /* CL_CONTEXT_PLATFORM, the platform, 0 (or none) */
    size_t nprops;
    mem_t mem;                    /* the device memory of every buffer and program of the context */
    uint64_t buffer_bytes;        /* bytes of its live buffers (at most its devices' memory) */
    void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void *notify_data;
};

struct ocl_cmd;

struct _cl_command_queue {
    OCL_HEAD;
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue_properties props;
    uint64_t now_ns;              /* the queue's simulated clock: when its last command ended */
    unsigned seq;                 /* the process's queues numbered from 0 as created (gcnsim exec's timeline) */
    uint64_t dispatches;          /* kernel dispatches it ran (their results.csv rows' queue-index) */
    struct ocl_cmd *pending;      /* commands waiting to run, in enqueue order (ocl_cmd.c) */
};

/* One mapping of a buffer (clEnqueueMapBuffer until clEnqueueUnmapMemObject)
 * or of an image (clEnqueueMapImage: origin and region in the image's
 * view, see ocl_image_t). */
typedef struct ocl_map {
    struct ocl_map *next;
    void *ptr;
    size_t off, size;
    cl_map_flags flags;
    size_t origin[3], region[3];
} ocl_map_t;

/* What makes a cl_mem an image (ocl_image.c).  The texels are stored
 * linearly in device memory, rows of width texels, as `gcnsim run` lays
 * out an image argument, seen as a view of ext[0] x ext[1] x ext[2]
 * texels: a 1D array's layers are its third axis (ext {w, 1, layers}), a
 * 2D array's too ({w, h, layers}). */
typedef struct {
    cl_image_format fmt;
    cl_image_desc desc;           /* as created (buffer: a 1D buffer image's buffer) */
    const mimg_format_t *f;       /* the texel format */
    size_t ext[3];                /* the view's sizes */
    size_t row, slice;            /* the device copy's pitches in bytes */
    size_t host_row, host_slice;  /* CL_MEM_USE_HOST_PTR: the application's pitches */
    uint64_t obj;                 /* device address of the image object (64 bytes) kernels get */
} ocl_image_t;

struct _cl_mem {
    OCL_HEAD;
    cl_context ctx;
    cl_mem_flags flags;
    uint64_t addr;                /* device address in ctx->mem */
    size_t size;
    void *host_ptr;               /* CL_MEM_USE_HOST_PTR: the application's memory */
    cl_uint maps;                 /* mappings not yet unmapped */
    ocl_map_t *mapl;              /* and what they are */
    cl_mem parent;                /* a sub-buffer's buffer (retained), else NULL */
    size_t origin;                /* a sub-buffer's offset in it (addr = parent's + origin) */
    ocl_image_t *img;             /* an image's description, NULL for a buffer (a 1D buffer image:
                                     parent is its buffer) */
};

struct _cl_sampler {
    OCL_HEAD;
    cl_context ctx;
    cl_bool norm;
    cl_addressing_mode am;
    cl_filter_mode fm;
    uint64_t addr;                /* device address of its S# (16 bytes), what kernels get */
};

/* What a program is for one device of its context. */
typedef struct {
    cl_build_status status;
    cl_program_binary_type type;  /* what bin is: none, compiled object, library or executable */
    char *log;                    /* clang's and ld.lld's messages (or ours) */
    uint8_t *bin;                 /* the code object, or a compiled object or library (bitcode) */
    size_t bin_size;
    la_module_t mod;              /* bin opened into the context's memory (mod.open once built) */
} ocl_build_t;

struct _cl_program {
    OCL_HEAD;
    cl_context ctx;
    char *source;                 /* NULL: created from binaries */
    char *options;                /* of the last build */
    ocl_build_t *b;               /* per device of ctx, in ctx->devs order */
    cl_uint nkernels_made;        /* kernels created and not released (a build then fails) */
};

struct _cl_kernel {
    OCL_HEAD;
    cl_program prog;
    char *name;
    const co_kernel_t *k;         /* its metadata in the first built device's module */
    size_t nargs;                 /* explicit arguments */
    la_value_t *vals;             /* their values */
    uint8_t **bytes;              /* by-value bytes of each argument (malloc'ed) */
    uint8_t *set;                 /* whether each was set */
    void **objs;                  /* the cl_mem of each image argument, the cl_sampler of each sampler */
};

/* A callback of clSetEventCallback not yet called. */
typedef struct ocl_cb {
    struct ocl_cb *next;
    cl_int type;                  /* CL_SUBMITTED, CL_RUNNING or CL_COMPLETE */
    void (CL_CALLBACK *fn)(cl_event, cl_int, void *);
    void *data;
} ocl_cb_t;

struct _cl_event {
    OCL_HEAD;
    cl_context ctx;
    cl_command_queue q;           /* NULL for a user event */
    cl_command_type type;
    cl_int status;                /* CL_QUEUED ... CL_COMPLETE, or a negative error */
    cl_ulong t[4];                /* queued, submit, start, end (ns of simulated time) */
    ocl_cb_t *cbs;                /* callbacks waiting for their status, in registration order */
    int user_set;                 /* a user event whose status was set */
};

/* A command that may have to wait (ocl_cmd.c).  An enqueue function
 * checks its arguments, fills one on its stack and calls ocl_cmd_enqueue:
 *
 *     read_args_t a = {m, off, size, ptr};
 *     ocl_cmd_t c = {.q = q, .type = CL_COMMAND_READ_BUFFER, .nwait = nwait, .wait = wait,
 *                    .run = run_read, .args = &a, .args_size = sizeof a, .keep = keep_mem};
 *     return ocl_cmd_enqueue(&c, blocking, ev);
 *
 * With nothing to wait for, run is called at once and the command never
 * leaves the stack (the immediate path: the same result and simulated
 * times as running inline).  Otherwise the record, its args (args_size
 * bytes copied) and its wait list (retained) are kept on the queue, keep
 * copies or retains what args point to that the caller may free or
 * change after the call (drop undoes it), and run is called later, under
 * the driver's lock, when every event waited for is complete and (in an
 * in-order queue, or for a barrier) the commands before it have run.  A
 * command that waits for an event that failed does not run: its event
 * gets CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. */
typedef struct ocl_cmd {
    struct ocl_cmd *next;
    cl_command_queue q;
    cl_command_type type;
    int all_before;               /* waits for every command enqueued before it (barrier, marker
                                     without a wait list) */
    cl_uint nwait;
    const cl_event *wait;
    /* run the command: its status (CL_COMPLETE or negative), *ns its
     * simulated duration; an error of the enqueue call in *enq_err (the
     * event's status when the command had to wait) */
    cl_int (*run)(struct ocl_cmd *c, uint64_t *ns, cl_int *enq_err);
    void *args;
    size_t args_size;
    int (*keep)(struct ocl_cmd *c);   /* optional: 0, or -1 when out of memory */
    void (*drop)(struct ocl_cmd *c);  /* optional */
    cl_event ev;                  /* a waiting command's event */
} ocl_cmd_t;

/* The one platform (ocl_obj.c). */
extern struct _cl_platform_id ocl_platform;

/* ---- ocl_obj.c ---- */
/* Make table the dispatch table of the platform and of every object made
 * from now on (ocl_dispatch.c does, when the library is loaded). */
void ocl_set_dispatch(const struct _cl_icd_dispatch *table);
/* Register object o (its head filled in: dispatch, kind, refs 1). */
int ocl_obj_add(void *o, ocl_kind_t kind);
/* Whether p is a live object of kind kind. */
int ocl_obj_is(const void *p, ocl_kind_t kind);
/* Add delta (+1 or -1) to object o's reference count; the new count. */
cl_uint ocl_ref(void *o, int delta);
/* Forget object o (before it is freed). */
void ocl_obj_del(void *o);
/* The spec's answer to a get-info query: copy size bytes at v into out
 * (out_size bytes; NULL: none) and the size into *size_ret (if given).
 * CL_INVALID_VALUE when out is given and too small. */
cl_int ocl_info(const void *v, size_t size, size_t out_size, void *out, size_t *size_ret);
/* The same for a string (with its terminating 0). */
cl_int ocl_info_str(const char *s, size_t out_size, void *out, size_t *size_ret);
/* Store e in *errcode_ret when it is given; returns e. */
cl_int ocl_err(cl_int *errcode_ret, cl_int e);
/* Lock and unlock the driver (one lock: commands run on the caller's thread). */
void ocl_lock(void);
void ocl_unlock(void);
/* Wait (holding the lock once) until ocl_wake; the lock is held again after. */
void ocl_sleep(void);
/* Wake every thread in ocl_sleep. */
void ocl_wake(void);

/* ---- ocl_device.c ---- */
/* The devices GCNSIM_DEVICE selects (with GCNSIM_SET), *n of them (0 when
 * the variables name no preset; a line on stderr says why). */
cl_device_id *ocl_devices(cl_uint *n);
/* Index of device d in context c, or -1. */
int ocl_ctx_dev_index(cl_context c, cl_device_id d);

/* ---- ocl_tool.c ---- */
/* A temporary directory for the compiler's and linker's files. */
typedef struct {
    char dir[4096];
} ocl_tmp_t;
/* Make a fresh temporary directory (under TMPDIR, else /tmp); 0 or -1. */
int ocl_tmp_make(ocl_tmp_t *t);
/* The path of name inside t, written into out (n bytes); out. */
char *ocl_tmp_path(const ocl_tmp_t *t, const char *name, char *out, size_t n);
/* Write size bytes at data to name inside t, making its directories
 * (name relative, without ".." components); 0 or -1. */
int ocl_tmp_write(const ocl_tmp_t *t, const char *name, const void *data, size_t size);
/* Remove t and everything in it. */
void ocl_tmp_remove(const ocl_tmp_t *t);
/* The whole file at path (malloc'ed, 0-terminated) and its size; NULL if unreadable. */
char *ocl_slurp(const char *path, size_t *size);
/* Run argv (argv[0] found in PATH) with stdout and stderr appended to
 * *log (malloc'ed; made if NULL); its exit status, or -1 when it cannot
 * run (*log then says so, naming the variable that names another tool). */
int ocl_run_tool(char *const *argv, const ocl_tmp_t *t, const char *var, char **log);
/* Append the message m to *log (malloc'ed, made if NULL). */
void ocl_log_add(char **log, const char *m);

/* ---- ocl_build.c ---- */
/* What to compile: OpenCL C source for target gfx with the application's
 * options, to a code object, or (object) to a compiled object for
 * ocl_link; nheaders headers of those names and sources for #include. */
typedef struct {
    const char *source, *gfx, *options;
    int object;
    size_t nheaders;
    const char *const *header_names;
    const char *const *header_srcs;
} ocl_cc_t;
/* Compile as tests/kernels/clcc.sh does (clcc; an object is clang's -c
 * -emit-llvm output, for ocl_link): the result into *bin (malloc'ed) and
 * clang's messages into *log.  0, or -1 (log says why), or -2 when clang
 * refused one of the options. */
int ocl_compile(const ocl_cc_t *cc, uint8_t **bin, size_t *bin_size, char **log);

/* ---- ocl_build_printf.c ---- */
/* Whether the program's source or headers mention printf (then it is
 * built by ocl_compile_printf, which keeps the calls clang-15 drops). */
int ocl_calls_printf(const ocl_cc_t *cc);
/* Build the code object obj for gfx from clang's command argv (n words,
 * ending "-o OUT SRC", as ocl_compile makes it) so that printf calls
 * survive: typed-pointer bitcode, opt-15, llvm-link-15 with the device
 * libraries, clang; the tools' messages into *log.  0 or -1. */
int ocl_compile_printf(char *const *argv, int n, const ocl_tmp_t *t, const char *gfx, const char *obj, char **log);

/* ---- ocl_link.c ---- */
/* Link n compiled objects (LLVM bitcode) for target gfx as ROCm's
 * code-object manager does: llvm-link-15, then (unless library) clang-15
 * -c and ld.lld-16 -shared into a code object.  The result (a code object,
 * or a library: one bitcode module) into *bin (malloc'ed), the tools'
 * messages appended to *log; 0, or -1. */
int ocl_link(const uint8_t *const *objs, const size_t *sizes, size_t n, const char *gfx, int library,
             uint8_t **bin, size_t *bin_size, char **log);
/* What a program binary is: CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT for
 * LLVM bitcode (a compiled object or a library), else _EXECUTABLE. */
cl_program_binary_type ocl_binary_type(const uint8_t *bin, size_t size);

/* ---- ocl_program.c ---- */
/* A new program of context c, nothing built (NULL and *errcode_ret when out of memory). */
cl_program ocl_program_new(cl_context c, cl_int *errcode_ret);
/* Open device index i's executable (b->bin) into the context's memory;
 * CL_SUCCESS or CL_BUILD_PROGRAM_FAILURE (the log says why). */
cl_int ocl_program_open(cl_program p, cl_uint i);
/* Close device index i's executable (its code leaves the context's memory). */
void ocl_program_close(cl_program p, cl_uint i);
/* Whether p is built into an executable for device index i. */
int ocl_program_built(cl_program p, cl_uint i);

/* A command on q of type that waits for wait (nwait), run by run with the
 * arguments at args (a pointer to a struct on the caller's stack). */
#define OCL_CMD(q_, type_, nwait_, wait_, run_, args_) \
    ((ocl_cmd_t){.q = (q_), .type = (type_), .nwait = (nwait_), .wait = (wait_), .run = (run_), \
                 .args = (args_), .args_size = sizeof *(args_)})

/* ---- ocl_cmd.c ---- */
/* Run command c now, or keep it until it can run (see ocl_cmd_t); a
 * blocking command returns when it has run.  CL_SUCCESS, an error of the
 * enqueue call, or CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST when a
 * blocking command's wait list holds a failed event. */
cl_int ocl_cmd_enqueue(ocl_cmd_t *c, cl_bool blocking, cl_event *ev);
/* Run every command that can run now, in order (after an event's status
 * changed).  Under the driver's lock. */
void ocl_cmd_progress(void);
/* Keep functions for args that start with one or two cl_mem (retained
 * while the command waits). */
int ocl_keep_mem(ocl_cmd_t *c);
void ocl_drop_mem(ocl_cmd_t *c);
int ocl_keep_mem2(ocl_cmd_t *c);
void ocl_drop_mem2(ocl_cmd_t *c);

/* ---- ocl_event.c ---- */
/* A completed event of command type on q, [start, end) in simulated ns and
 * status st; NULL when out of memory. */
cl_event ocl_event_new(cl_command_queue q, cl_command_type type, cl_ulong start, cl_ulong end, cl_int st);
/* Check a wait list as the enqueue functions must: CL_SUCCESS or the error. */
cl_int ocl_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list);
/* Finish a command on q of duration ns with status st: advance the queue's
 * clock and hand an event out through *ev when asked.  Returns CL_SUCCESS or
 * CL_OUT_OF_HOST_MEMORY. */
cl_int ocl_complete(cl_command_queue q, cl_command_type type, uint64_t ns, cl_int st, cl_event *ev);
/* Set event e's status to st: its callbacks for the states st reaches
 * run (CL_SUBMITTED's, then CL_RUNNING's, then CL_COMPLETE's), and
 * threads waiting for events wake.  Under the driver's lock. */
void ocl_event_set(cl_event e, cl_int st);
/* Whether every event of list (n) is complete (status <= CL_COMPLETE). */
int ocl_events_done(cl_uint n, const cl_event *list);
/* A kernel's event e (start time set): its submit time is the device's
 * launch overhead (launch_ns: the command processor's packet processing
 * and dispatch set-up) before its start, and never before its queued
 * time; an event made when the kernel ran (made_at_run) is queued then
 * too.  The queue's clock is not moved: the overhead is already in the
 * kernel's duration (the cycle model's overhead_cycles). */
void ocl_event_kernel_submit(cl_event e, int made_at_run);

/* ---- ocl_kernel.c ---- */
/* Whether kernel k can be enqueued on q: CL_SUCCESS, CL_INVALID_KERNEL_ARGS
 * (an argument not set, or an image or sampler argument gone) or
 * CL_INVALID_PROGRAM_EXECUTABLE; its image arguments' image objects are
 * written for q's device. */
cl_int ocl_kernel_check(cl_command_queue q, cl_kernel k);
/* Run kernel k on queue q with argument values vals (k->vals, or a copy
 * taken when the command was enqueued): dims, offsets, global and local
 * sizes, and the kernel (ocl_kernel_check), already checked.  *ns gets its simulated duration; returns the
 * command's status (CL_COMPLETE, or a negative error after a guest fault)
 * or, before running, an error of clEnqueueNDRangeKernel in *enq_err. */
cl_int ocl_run_kernel(cl_command_queue q, cl_kernel k, const la_value_t *vals, unsigned dims, const uint64_t off[3],
                      const uint32_t global[3], const uint32_t local[3], uint64_t *ns, cl_int *enq_err);

/* ---- ocl_enqueue.c: shared by the buffer commands ---- */

/* A map command c of mapping mp (malloc'ed, filled in but for its list
 * link): mp joins m's mappings, c runs or waits (ocl_cmd_enqueue, m
 * retained while it waits); when that fails mp is taken back and freed.
 * CL_SUCCESS or the error.  Not under the lock. */
cl_int ocl_map_enqueue(cl_mem m, ocl_map_t *mp, ocl_cmd_t *c, cl_bool blocking, cl_event *ev);

/* Nanoseconds to move bytes at the DRAM bandwidth of q's device. */
uint64_t ocl_move_ns(cl_command_queue q, uint64_t bytes);
/* The checks every buffer command makes: queue, buffer of its context,
 * [off, off+size) inside it, the wait list. */
cl_int ocl_check_buffer_cmd(cl_command_queue q, cl_mem m, size_t off, size_t size, cl_uint nwait,
                            const cl_event *wait);
/* A blocking command waits for its wait list: an event that failed fails it. */
cl_int ocl_wait_ok(cl_uint nwait, const cl_event *wait);
/* The checks of every memory command: queue, memory object of its
 * context, the wait list. */
cl_int ocl_check_mem_cmd(cl_command_queue q, cl_mem m, cl_uint nwait, const cl_event *wait);

/* ---- ocl_mem.c ---- */
/* Check a memory object's flags and host pointer as clCreateBuffer and
 * clCreateImage do; CL_SUCCESS or the error. */
cl_int ocl_check_mem_flags(cl_mem_flags f, void *host_ptr);
/* Whether a memory object of size bytes fits: within the largest
 * allocation of c's devices and the memory their boards have left. */
int ocl_mem_fits(cl_context c, uint64_t size);

/* ---- ocl_image.c ---- */
/* The image object kernel argument a (an image type) of a kernel gets for
 * image m on device d, written into device memory at m->img->obj;
 * CL_SUCCESS, or CL_INVALID_ARG_VALUE when the argument's type is not
 * the image's. */
cl_int ocl_image_object(cl_mem m, cl_device_id d, const char *type_name);
/* Whether image m can be kernel argument a (type and access qualifier). */
cl_int ocl_image_arg_ok(cl_mem m, const co_arg_t *a);
/* Copy mapping mp of image m (CL_MEM_USE_HOST_PTR) from the application's
 * memory back to the device copy (at unmap). */
void ocl_image_unmap_copy(cl_mem m, const ocl_map_t *mp);
/* Free what makes m an image (its object's device memory). */
void ocl_image_free(cl_mem m);

/* ---- ocl_save.c ---- */

/* Save dispatch L before it runs when it is the one GCNSIM_SAVE_KERNEL,
 * GCNSIM_SAVE_INDEX and GCNSIM_SAVE_DIR name (gcnsim exec --save-dispatch). */
void ocl_save_dispatch(launch_t *L);

/* ---- ocl_aql.c ---- */
/* Run launch L on queue q's device as an AQL kernel-dispatch packet naming
 * the kernarg segment and queue la_run_begin wrote (in), through the
 * packet processor (aql_dispatch: under the cycle model when timed, the
 * dispatch recorded for gcnsim exec); *r, *ns (its simulated time) and
 * the status as aql_dispatch's. */
int ocl_aql_dispatch(launch_t *L, cl_command_queue q, const la_inplace_t *in, int timed, sim_result_t *r,
                     uint64_t *ns, char *err, size_t errlen);

/* ---- ocl_record.c ---- */
/* When GCNSIM_EXEC_LOG names a file: append one line for a command of q
 * other than a kernel dispatch (type), simulated from start to end ns. */
void ocl_record_command(cl_command_queue q, cl_command_type type, uint64_t start, uint64_t end);

#endif
