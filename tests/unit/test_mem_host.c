/* test_mem_host.c — host memory mapped into the simulated address space
 * (sim/mem.h mem_map_host), as the HSA path maps the runtime's buffers:
 * the device reads and writes the host bytes in place at their own
 * address, allocations step around the range, releases and frees leave
 * the host memory to its owner, overlaps are refused, lookups stay right
 * with regions no longer in address order of their creation, and the
 * on_miss hook serves ranges the owner made since. */
#include <stdlib.h>
#include <string.h>
#include "sim/mem.h"
#include "tests/unit/check.h"

static void test_in_place(void)
{
    mem_t m;
    mem_init(&m);
    uint32_t *host = calloc(1024, 4);
    uint64_t at = (uint64_t)(uintptr_t)host;
    CHECK(mem_map_host(&m, at, 4096, host, "host") == 0, "a host range maps at its own address");
    uint32_t v = 0xdeadbeef, back = 0;
    CHECK(mem_write(&m, at + 40, &v, 4) == 0 && host[10] == 0xdeadbeef, "a device write lands in the host bytes");
    host[11] = 0x12345678;
    CHECK(mem_read(&m, at + 44, &back, 4) == 0 && back == 0x12345678, "a device read sees the host's write");
    CHECK(mem_ptr(&m, at + 4093, 4) == NULL, "an access running past the range is refused");
    CHECK(mem_map_host(&m, at + 2048, 16, host + 512, "again") == -1, "an overlapping range is refused");
    CHECK(mem_map_host(&m, at, 0, host, "empty") == -1, "an empty range is refused");
    CHECK(mem_region_at(&m, at)->tbase == 0, "a mapped range is timed where it is (tbase 0)");
    uint64_t t = 0x800000000000ull + (at & 0xfff);
    CHECK(mem_set_timing_base(&m, at, t) == 0 && mem_region_at(&m, at + 100)->tbase == t,
          "mem_set_timing_base: the range is timed at another address");
    CHECK(mem_set_timing_base(&m, at, t + 64) == -1 && mem_region_at(&m, at)->tbase == t,
          "mem_set_timing_base: a timing address not page-aligned like the range is refused");
    CHECK(mem_set_timing_base(&m, at + 4096, 0x800000000000ull + ((at + 4096) & 0xfff)) == -1,
          "mem_set_timing_base: no range starts there: refused");
    mem_free(&m);
    CHECK(host[10] == 0xdeadbeef, "mem_free leaves the host memory to its owner");
    free(host);
}

static void test_around(void)
{
    mem_t m;
    mem_init(&m);
    /* a host range just above where allocations start (4 GiB) */
    uint8_t *host = calloc(1, 65536);
    uint64_t at = 0x100010000ull;
    CHECK(mem_map_host(&m, at, 65536, host, "host") == 0, "a range where allocations would go maps");
    uint64_t a, b;
    mem_mark_t k = mem_mark(&m);
    CHECK(mem_alloc(&m, 0x20000, 256, "a", &a) == 0 && (a + 0x20000 <= at || a >= at + 65536),
          "an allocation steps around the mapped range (0x%llx)", (unsigned long long)a);
    CHECK(mem_alloc(&m, 64, 256, "b", &b) == 0 && mem_region_at(&m, b) && mem_region_at(&m, at + 100) &&
          mem_region_at(&m, a) && mem_region_at(&m, b)->base == b && mem_region_at(&m, at)->base == at,
          "lookups find each region with regions out of creation order");
    mem_release(&m, k);
    CHECK(m.n == 1 && mem_ptr(&m, at, 65536) == host && !mem_ptr(&m, a, 1) && !mem_ptr(&m, b, 1),
          "mem_release frees the later allocations and keeps the host range");
    CHECK(mem_free_at(&m, at) == 0 && m.n == 0, "mem_free_at unmaps the range (its memory stays the owner's)");
    host[0] = 1;   /* still the owner's (ASan would object otherwise) */
    mem_free(&m);
    free(host);
}

/* An owner's range that the address space does not hold yet. */
static mem_region_t late;
static int misses;

static const mem_region_t *late_range(void *arg, uint64_t addr)
{
    (void)arg;
    misses++;
    return addr - late.base < late.size ? &late : NULL;
}

static void test_on_miss(void)
{
    mem_t m;
    mem_init(&m);
    uint8_t *host = calloc(1, 256);
    uint64_t at = (uint64_t)(uintptr_t)host, own;
    late = (mem_region_t){.base = at, .size = 256, .data = host, .ext = 1};
    CHECK(mem_ptr(&m, at, 4) == NULL && misses == 0, "without a hook, an unknown address is refused");
    m.on_miss = late_range;
    mem_alloc(&m, 64, 256, "own", &own);
    uint8_t v = 42;
    CHECK(mem_write(&m, at + 8, &v, 1) == 0 && host[8] == 42 && misses == 1,
          "the hook's region serves an address outside every allocation");
    CHECK(mem_ptr(&m, own, 64) != NULL && misses == 1, "allocations are found without asking the hook");
    CHECK(mem_ptr(&m, at + 300, 1) == NULL && misses == 2, "an address neither holds is refused");
    mem_free(&m);
    free(host);
}

int main(void)
{
    test_in_place();
    test_around();
    test_on_miss();
    return check_done();
}
