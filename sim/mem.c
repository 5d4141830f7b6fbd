/* mem.c — simulated device memory (see mem.h). */
#include <stdlib.h>
#include <string.h>
#include "sim/mem.h"

#define MEM_START 0x100000000ull   /* 4 GiB */
#define MEM_GUARD 0x10000ull       /* unmapped gap after every allocation */

void mem_init(mem_t *m)
{
    memset(m, 0, sizeof *m);
    m->next = MEM_START;
}

void mem_free(mem_t *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->r[i].data);
    free(m->r);
    mem_init(m);
}

int mem_alloc(mem_t *m, uint64_t size, uint64_t align, const char *name, uint64_t *addr)
{
    if (align < 256)
        align = 256;
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 16;
        mem_region_t *r = realloc(m->r, cap * sizeof *r);
        if (!r)
            return -1;
        m->r = r;
        m->cap = cap;
    }
    uint8_t *data = calloc(1, size ? size : 1);
    if (!data)
        return -1;
    uint64_t base = (m->next + align - 1) & ~(align - 1);
    mem_region_t *r = &m->r[m->n++];
    r->base = base;
    r->size = size;
    r->data = data;
    strncpy(r->name, name ? name : "", sizeof r->name - 1);
    r->name[sizeof r->name - 1] = 0;
    m->next = (base + size + MEM_GUARD + 0xfff) & ~0xfffull;
    *addr = base;
    return 0;
}

const mem_region_t *mem_region_at(mem_t *m, uint64_t addr)
{
    if (m->n == 0)
        return NULL;
    const mem_region_t *c = &m->r[m->last < m->n ? m->last : 0];
    if (addr - c->base < c->size)
        return c;
    /* binary search: regions are sorted because bases only grow */
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->r[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    const mem_region_t *r = &m->r[lo - 1];
    if (addr - r->base >= r->size)
        return NULL;
    m->last = lo - 1;
    return r;
}

uint8_t *mem_ptr(mem_t *m, uint64_t addr, uint64_t len)
{
    const mem_region_t *r = mem_region_at(m, addr);
    if (!r)
        return NULL;
    uint64_t off = addr - r->base;
    if (len == 0)
        len = 1;
    if (len > r->size - off)
        return NULL;
    return r->data + off;
}

int mem_write(mem_t *m, uint64_t addr, const void *src, uint64_t len)
{
    uint8_t *p = mem_ptr(m, addr, len);
    if (!p)
        return -1;
    memcpy(p, src, len);
    return 0;
}

int mem_read(mem_t *m, uint64_t addr, void *dst, uint64_t len)
{
    uint8_t *p = mem_ptr(m, addr, len);
    if (!p)
        return -1;
    memcpy(dst, p, len);
    return 0;
}

int mem_free_at(mem_t *m, uint64_t base)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->r[i].base == base) {
            free(m->r[i].data);
            memmove(&m->r[i], &m->r[i + 1], (m->n - i - 1) * sizeof *m->r);
            m->n--;
            m->last = 0;
            return 0;
        }
    return -1;
}

mem_mark_t mem_mark(const mem_t *m)
{
    mem_mark_t k = {m->n, m->next};
    return k;
}

void mem_release(mem_t *m, mem_mark_t mark)
{
    if (mark.n > m->n)
        return;
    for (size_t i = mark.n; i < m->n; i++)
        free(m->r[i].data);
    m->n = mark.n;
    m->next = mark.next;
    m->last = 0;
}

int mem_snapshot(const mem_t *m, mem_snap_t *s)
{
    memset(s, 0, sizeof *s);
    s->r = calloc(m->n ? m->n : 1, sizeof *s->r);
    if (!s->r)
        return -1;
    for (size_t i = 0; i < m->n; i++) {
        mem_region_t *d = &s->r[i];
        *d = m->r[i];
        d->data = malloc(d->size ? d->size : 1);
        if (!d->data) {
            s->n = i;
            mem_snap_free(s);
            return -1;
        }
        memcpy(d->data, m->r[i].data, d->size);
    }
    s->n = m->n;
    return 0;
}

void mem_restore(mem_t *m, const mem_snap_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        const mem_region_t *r = &s->r[i];
        uint8_t *p = mem_ptr(m, r->base, r->size);
        if (p && mem_region_at(m, r->base)->base == r->base)
            memcpy(p, r->data, r->size);
    }
}

void mem_snap_free(mem_snap_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->r[i].data);
    free(s->r);
    memset(s, 0, sizeof *s);
}
