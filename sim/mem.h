/* mem.h — simulated device memory: a 64-bit address space made of
 * allocations.  An access outside every allocation is reported, never
 * performed; allocations are separated by unmapped guard gaps so that
 * running off the end of a buffer faults. */
#ifndef GCNSIM_MEM_H
#define GCNSIM_MEM_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t base, size;
    uint8_t *data;
    int ext;             /* data is host memory mapped in (mem_map_host), not owned */
    uint64_t tbase;      /* where the cycle model times it (mem_set_timing_base); 0: at base */
    char name[40];
} mem_region_t;

typedef struct {
    mem_region_t *r;     /* sorted by base */
    size_t n, cap;
    uint64_t next;       /* where the next allocation goes */
    size_t last;         /* index of the last region hit (lookup cache) */
    /* optional (called by one thread at a time): called when an address is in no allocation: a region
     * holding it that the owner made since (a host range another thread
     * created while a kernel runs, which the owner adds for good between
     * dispatches; the region stays valid until then), or NULL */
    const mem_region_t *(*on_miss)(void *arg, uint64_t addr);
    void *miss_arg;
} mem_t;

/* Initialise an empty address space (allocations start at 4 GiB so that
 * truncating an address to 32 bits faults; no on_miss hook). */
void mem_init(mem_t *m);
/* Free every allocation. */
void mem_free(mem_t *m);
/* Allocate size bytes (zeroed) aligned to align (power of two, >= 256).
 * Returns 0 and the address, or -1 when out of host memory. */
int mem_alloc(mem_t *m, uint64_t size, uint64_t align, const char *name, uint64_t *addr);
/* Map size bytes of host memory at host into the address space at addr
 * (the simulated device reads and writes them in place; they stay the
 * caller's: mem_free and mem_free_at leave them, mem_release keeps them).
 * Later allocations step around the range.  0, or -1 when the range
 * overlaps an allocation, wraps, is empty or host memory runs out. */
int mem_map_host(mem_t *m, uint64_t addr, uint64_t size, void *host, const char *name);
/* Have the cycle model time accesses to the allocation that starts at
 * addr as if it started at tbase instead (tbase and addr equal modulo
 * 4096): host memory mapped in where the host put it, which may differ
 * from run to run while the timing should not.  0, or -1 when no
 * allocation starts at addr or tbase is not page-aligned like it. */
int mem_set_timing_base(mem_t *m, uint64_t addr, uint64_t tbase);
/* Host pointer to [addr, addr+len) if it lies inside one allocation, else
 * NULL.  len 0 is treated as 1. */
uint8_t *mem_ptr(mem_t *m, uint64_t addr, uint64_t len);
/* The allocation containing addr, or NULL. */
const mem_region_t *mem_region_at(mem_t *m, uint64_t addr);
/* A view of m for one host thread (work-groups run on several): the same
 * allocations and on_miss hook, with a lookup cache of its own, and the
 * allocation starting at base backed by data (same size) instead when
 * data is not NULL (a thread's own scratch at the same device address).
 * Valid while m gets no allocation, no mem_map_host and no free; allocate
 * nothing in a view.  0, or -1 when out of host memory. */
int mem_view(const mem_t *m, mem_t *v, uint64_t base, uint8_t *data);
/* Release a view (the allocations stay m's). */
void mem_view_free(mem_t *v);

/* Copy in/out of device memory; return -1 if the range is not mapped. */
int mem_write(mem_t *m, uint64_t addr, const void *src, uint64_t len);
int mem_read(mem_t *m, uint64_t addr, void *dst, uint64_t len);

/* Free the allocation that starts at base (its addresses are not given
 * again).  0, or -1 when no allocation starts there.  Not while a mark
 * taken before it is in use. */
int mem_free_at(mem_t *m, uint64_t base);

/* A point in the allocation history (see mem_release). */
typedef struct {
    size_t n;
    uint64_t next;
} mem_mark_t;

/* The current point: allocations made after it can be released together. */
mem_mark_t mem_mark(const mem_t *m);
/* Free every allocation made after mark; their addresses are reused by
 * later allocations (a launch's kernarg, queue and scratch, for example). */
void mem_release(mem_t *m, mem_mark_t mark);

/* A copy of the contents of every allocation (to run a launch again from
 * the same memory, as a debugger's reverse execution does). */
typedef struct {
    mem_region_t *r;
    size_t n;
} mem_snap_t;

/* Copy every allocation of m into s.  Returns 0, or -1 when out of host
 * memory (s empty). */
int mem_snapshot(const mem_t *m, mem_snap_t *s);
/* Put back the contents s holds into the allocations of m that still
 * exist at the same address. */
void mem_restore(mem_t *m, const mem_snap_t *s);
/* Release a snapshot. */
void mem_snap_free(mem_snap_t *s);

#endif
