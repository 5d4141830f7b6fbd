/* kmt.h — gcnsim's libhsakmt.so.1: the kernel-driver interface library
 * (the "thunk") that Debian's HSA runtime (ROCr 5.2.3) calls, answering for
 * one simulated GPU instead of the amdgpu driver.  Node 0 is the host CPU,
 * node 1 the GPU of the device preset GCNSIM_DEVICE names (default
 * vega-64, overridden by GCNSIM_SET).  Every allocation is host memory
 * whose GPU address equals its host address, mapped into the simulator's
 * memory as it is; the AQL packets the runtime writes into its queues run
 * on the simulator (front/aql/aql.h).  The hsaKmt* entry points follow
 * <hsakmt.h>; this header holds what the files of the library share. */
#ifndef GCNSIM_KMT_H
#define GCNSIM_KMT_H

#include <hsakmt.h>
#include <pthread.h>
#include <stdint.h>
#include "isa/isa.h"
#include "sim/device.h"
#include "sim/mem.h"

/* The node of the simulated GPU (node 0 is the CPU). */
enum { KMT_GPU_NODE = 1, KMT_NODES = 2 };

/* The state of the open library. */
typedef struct {
    int opened;                 /* hsaKmtOpenKFD calls not yet closed */
    device_t dev;               /* the preset with GCNSIM_SET applied */
    const isa_target_t *t;      /* its target */
    pthread_mutex_t lock;       /* guards mem (the packet processor holds it while a packet runs; the
                                   allocation list has a lock of its own: kmt_mem.c) */
    mem_t mem;                  /* the simulated GPU's view of host memory */
} kmt_state_t;

extern kmt_state_t kmt;

/* Whether the library is open (else the entry points answer
 * HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED). */
int kmt_is_open(void);

/* Topology (kmt_topo.c): fill the properties of node from the preset. */
HSAKMT_STATUS kmt_node_props(HSAuint32 node, HsaNodeProperties *p);

/* The arena (kmt_arena.c, kmt.lock held): len bytes (a multiple of the
 * page size) of fresh zeroed memory at the next free address, the same on
 * every run that asks in the same order; NULL when out of room. */
void *kmt_arena_alloc(uint64_t len);
/* Give back [p, p+len) of the arena. */
void kmt_arena_free(void *p, uint64_t len);
/* Release the whole arena (closing). */
void kmt_arena_close(void);

/* Memory (kmt_mem.c), kmt.lock held: bring kmt.mem up to date with the
 * allocations made and freed since (never while a kernel runs); the
 * number of ranges it mapped. */
int kmt_mem_sync(void);
/* kmt.mem's on_miss hook: the region of a range made since kmt.mem last
 * caught up that holds addr, or NULL. */
const mem_region_t *kmt_mem_miss(uint64_t addr);
/* Map size bytes of host memory at p (the library's own: the events page)
 * into the simulated GPU's view, as registered memory; 0, or -1. */
int kmt_mem_add_host(void *p, uint64_t size, const char *what);
/* Release every allocation (closing). */
void kmt_mem_close(void);

/* Events (kmt_event.c): wake the waiters of the event with id id, as the
 * hardware's interrupt does when a packet's completion signal names it. */
void kmt_event_fire(uint32_t id);
/* Report a GPU memory fault at addr to the runtime, as the driver does:
 * every memory event (HSA_EVENTTYPE_MEMORY) gets the fault's data, marked
 * fatal to the process, and is set.  Returns the number of such events
 * (0: nobody listens). */
int kmt_event_memory_fault(uint64_t addr);
/* Destroy every event (closing). */
void kmt_event_close(void);

/* Queues (kmt_queue.c): stop the packet processor and forget every queue
 * (closing). */
void kmt_queue_close(void);

/* Forget the decoded code of [base, base+size), memory being freed (kmt.lock
 * held). */
void kmt_code_freed(uint64_t base, uint64_t size);

/* The host clock in nanoseconds (CLOCK_MONOTONIC_RAW), the clock every
 * counter of hsaKmtGetClockCounters and the signals' timestamps use. */
uint64_t kmt_now_ns(void);

#endif
