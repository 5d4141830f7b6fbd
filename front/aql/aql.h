/* aql.h — a packet processor for HSA AQL queues, in the layouts the HSA
 * runtime (ROCr) uses: a ring of 64-byte packets with read and write
 * indexes, completion signals that are amd_signal_t objects in memory
 * (decremented when a packet completes, their event woken through its
 * mailbox), kernel objects that are kernel descriptors.  Kernel dispatches
 * run on the simulator (sim_dispatch) against one device memory in which
 * the descriptors, code and kernarg segments are mapped at their own
 * addresses; barrier-AND/OR, AMD barrier-value and PM4 (cache flush)
 * packets are served too.  Packets are processed in queue order, each
 * only once its header is no longer INVALID. */
#ifndef GCNSIM_AQL_H
#define GCNSIM_AQL_H

#include <stdint.h>
#include "isa/isa.h"
#include "sim/device.h"
#include "sim/exec.h"
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
} aql_queue_t;

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
