/* test_mem_host.c — host memory mapped into the simulated address space
 * (sim/mem.h mem_map_host), as the HSA path maps the runtime's buffers:
 * the device reads and writes the host bytes in place at their own
 * address, allocations step around the range, releases and frees leave
 * the host memory to its owner, overlaps are refused, and lookups stay
 * right with regions no longer in address order of their creation. */
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

int main(void)
{
    test_in_place();
    test_around();
    return check_done();
}
