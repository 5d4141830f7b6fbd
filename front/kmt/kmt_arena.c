/* kmt_arena.c — where allocations go: one range of address space reserved
 * at a fixed address (1 TiB from 32 TiB, or wherever the system puts it if
 * that is taken), handed out first-fit in the order the runtime asks, so
 * that a program's buffers get the same addresses on every run (their
 * addresses are the simulated GPU's: they reach kernel arguments, traces
 * and the cycle model's caches and DRAM channels). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "front/kmt/kmt.h"

#define ARENA_HINT 0x200000000000ull   /* 32 TiB */
#define ARENA_SIZE 0x10000000000ull    /* 1 TiB */

typedef struct {
    uint64_t base, size;
} extent_t;

static uint8_t *arena;           /* the reservation (PROT_NONE where free) */
static extent_t *holes;          /* free extents, by address */
static size_t nholes, cap;

/* Reserve the arena (lock held); 0, or -1. */
static int reserve(void)
{
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    void *p = mmap((void *)(uintptr_t)ARENA_HINT, ARENA_SIZE, PROT_NONE, flags | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED)
        p = mmap(NULL, ARENA_SIZE, PROT_NONE, flags, -1, 0);
    if (p == MAP_FAILED || !(holes = malloc(16 * sizeof *holes)))
        return -1;
    arena = p;
    cap = 16;
    holes[0].base = (uint64_t)(uintptr_t)p;
    holes[0].size = ARENA_SIZE;
    nholes = 1;
    return 0;
}

void *kmt_arena_alloc(uint64_t len)
{
    if (!arena && reserve())
        return NULL;
    for (size_t i = 0; i < nholes; i++) {
        if (holes[i].size < len)
            continue;
        uint64_t at = holes[i].base;
        void *p = mmap((void *)(uintptr_t)at, len, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        holes[i].base += len;
        holes[i].size -= len;
        if (holes[i].size == 0) {
            memmove(&holes[i], &holes[i + 1], (nholes - i - 1) * sizeof *holes);
            nholes--;
        }
        return p;
    }
    return NULL;
}

/* Room for one more hole; 0, or -1. */
static int grow(void)
{
    if (nholes < cap)
        return 0;
    extent_t *h = realloc(holes, 2 * cap * sizeof *h);
    if (!h)
        return -1;
    holes = h;
    cap *= 2;
    return 0;
}

void kmt_arena_free(void *p, uint64_t len)
{
    uint64_t at = (uint64_t)(uintptr_t)p;
    /* give the pages back, keep the reservation */
    mmap(p, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    size_t i = 0;
    while (i < nholes && holes[i].base < at)
        i++;
    int prev = i > 0 && holes[i - 1].base + holes[i - 1].size == at;
    int next = i < nholes && at + len == holes[i].base;
    if (prev && next) {
        holes[i - 1].size += len + holes[i].size;
        memmove(&holes[i], &holes[i + 1], (nholes - i - 1) * sizeof *holes);
        nholes--;
    } else if (prev) {
        holes[i - 1].size += len;
    } else if (next) {
        holes[i].base = at;
        holes[i].size += len;
    } else if (grow() == 0) {
        memmove(&holes[i + 1], &holes[i], (nholes - i) * sizeof *holes);
        holes[i].base = at;
        holes[i].size = len;
        nholes++;
    }   /* else: out of memory for the list; the range stays reserved, unused */
}

void kmt_arena_close(void)
{
    if (arena)
        munmap(arena, ARENA_SIZE);
    arena = NULL;
    free(holes);
    holes = NULL;
    nholes = cap = 0;
}
