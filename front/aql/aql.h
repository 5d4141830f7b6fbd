/* aql.h — a packet processor for HSA AQL queues, in the layouts the HSA
 * runtime (ROCr) uses: a ring of 64-byte packets with read and write
 * indexes, completion signals that are amd_signal_t objects in memory
 * (decremented when a packet completes, their event woken through its
 * mailbox), kernel objects that are kernel descriptors.  Kernel dispatches
 * run on the simulator (sim_dispatch) against one device memory in which
 * the descriptors, code and kernarg segments are mapped at their own
 * addresses; barrier-AND/OR, AMD barrier-value and PM4 (cache flush)
 * packets are served too.  Packets are processed in queue order, each
 * only once its header is no longer INVALID.  The OpenCL driver hands its
 * dispatches to the same code as packets (aql_dispatch). */
#ifndef GCNSIM_AQL_H
#define GCNSIM_AQL_H

#include <stdint.h>
#include "isa/isa.h"
#include "sim/device.h"
#include "sim/exec.h"
#include "sim/kernel.h"
#include "sim/mem.h"

/* One decoded code range (a code object's memory), kept across dispatches. */
typedef struct {
    uint64_t base, size;
    sim_prog_t prog;
} aql_code_t;

/* The processor: the device memory, target and device, and what to call
 * when a completion signal names an event. */
typedef struct {
    mem_t *mem;
    const isa_target_t *t;
    const device_t *dev;
    int functional;             /* run without the cycle model */
    /* a completion signal with an event mailbox completed: the hardware's
     * interrupt (mailbox already written with event_id) */
    void (*interrupt)(void *arg, uint32_t event_id);
    /* a wave faulted (at address addr: the access's, else the pc): return
     * nonzero when the fault was reported to the host's runtime, which then
     * ends the program as on a real GPU (the queue stops: the packet's
     * signal is never completed); 0 to carry on (NULL: carry on) */
    int (*fault)(void *arg, uint64_t addr);
    void *arg;
    /* where the clocks start: the completion signals' timestamps are
     * clock_base (set by the caller: the host's clock when the device
     * started, in ns) plus the packet's queue's clock (aql_queue_t.now_ns) */
    uint64_t clock_base;
    aql_code_t *code;           /* decoded code ranges */
    size_t ncode;
    uint64_t dispatches;        /* kernel dispatches run */
} aql_proc_t;

/* Where a dispatch packet comes from, when its runtime knows its kernel
 * better than the memory shows (an OpenCL driver that wrote the packet
 * itself): what the records name and the dispatch uses instead of what the
 * processor finds in memory.  aql_process's packets (the HSA runtime's)
 * have aql_hsa_origin. */
typedef struct {
    const char *api, *who;      /* the trace's "gcnsim exec: API dispatch" and the messages' "gcnsim WHO:" */
    char file_prefix;           /* the first letter of the record files' names */
    const sim_kernel_t *kernel; /* the packet's kernel as its runtime loaded it: code decoded, name,
                                   descriptor (NULL: the descriptor at the packet's kernel object and the
                                   memory holding its entry, decoded here) */
    const void *image;          /* the code object the trace's header hashes (NULL: the code) */
    size_t image_size;
    uint64_t queue_addr;        /* nonzero: the packet's kernarg segment is complete (kernarg_size bytes,
                                   sim_dispatch_memory) and used in place, with this amd_queue_t */
    uint32_t kernarg_size;
    unsigned gpu_id;            /* the results.csv row's gpu-id */
} aql_origin_t;

/* A queue as the runtime created it: ring of size packets (a power of two)
 * and the addresses of its read and write dispatch ids. */
typedef struct {
    uint8_t *ring;
    uint32_t size;
    volatile uint64_t *read, *write;
    unsigned seq;               /* its number in the process (the dispatch log's) */
    int stopped;                /* a dispatch faulted and the runtime was told: nothing more runs */
    uint64_t now_ns;            /* its simulated clock: its dispatches' times so far, and waits for what
                                   its barriers depend on */
    uint64_t dispatches;        /* dispatches it ran */
    /* a runtime that says itself how its dispatches ended (the OpenCL
     * driver): where its packets come from, and how the last one ended
     * (status as aql_dispatch's, result and message); NULL: the HSA
     * runtime's, told here */
    const aql_origin_t *origin;
    int last_st;
    sim_result_t last;
    char last_err[512];
} aql_queue_t;

/* The origin of the HSA runtime's packets. */
extern const aql_origin_t aql_hsa_origin;

/* Run kernel dispatch packet pkt of q (from origin o) on the simulator and
 * record it (aql_record.h), q's clock advanced by its simulated time (*ns).
 * Returns as sim_dispatch (0, 1 a wave faulted, -1 not launched), with *r
 * and err, or -2 when the packet's kernel is in no memory of the device
 * (err); says nothing. */
int aql_dispatch(aql_proc_t *p, aql_queue_t *q, const uint8_t *pkt, const aql_origin_t *o, sim_result_t *r,
                 uint64_t *ns, char *err, size_t errlen);
/* Process q's packets from its read index while they are ready (header
 * not INVALID, below the write index) and, for barriers, their
 * dependencies are met.  Returns the number of packets processed. */
unsigned aql_process(aql_proc_t *p, aql_queue_t *q);
/* Forget the decoded code of any range overlapping [base, base+size) (its
 * memory is freed or reused). */
void aql_forget(aql_proc_t *p, uint64_t base, uint64_t size);
/* Release everything p holds. */
void aql_free(aql_proc_t *p);

#endif
