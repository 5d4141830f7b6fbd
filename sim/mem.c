/* mem.c — simulated device memory (see mem.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sim/mem.h"

/* Serialises on_miss hooks: views on several threads share one. */
static pthread_mutex_t miss_lock = PTHREAD_MUTEX_INITIALIZER;

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
        if (!m->r[i].ext)
            free(m->r[i].data);
    free(m->r);
    mem_init(m);
}

/* Room for one more region. */
static int grow(mem_t *m)
{
    if (m->n < m->cap)
        return 0;
    size_t cap = m->cap ? 2 * m->cap : 16;
    mem_region_t *r = realloc(m->r, cap * sizeof *r);
    if (!r)
        return -1;
    m->r = r;
    m->cap = cap;
    return 0;
}

/* Index of the first region whose base is above addr. */
static size_t upper(const mem_t *m, uint64_t addr)
{
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->r[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The region overlapping [base, base+size) (size 0 counts as 1), or NULL. */
static const mem_region_t *overlap(const mem_t *m, uint64_t base, uint64_t size)
{
    uint64_t end = base + (size ? size : 1);
    size_t i = upper(m, end - 1);
    if (i == 0)
        return NULL;
    const mem_region_t *r = &m->r[i - 1];
    return r->base + (r->size ? r->size : 1) > base ? r : NULL;
}

/* Put region r in its place (regions stay sorted by base); grow() first. */
static void insert(mem_t *m, const mem_region_t *r)
{
    size_t i = upper(m, r->base);
    memmove(&m->r[i + 1], &m->r[i], (m->n - i) * sizeof *m->r);
    m->r[i] = *r;
    m->n++;
    m->last = 0;
}

static void set_name(mem_region_t *r, const char *name)
{
    strncpy(r->name, name ? name : "", sizeof r->name - 1);
    r->name[sizeof r->name - 1] = 0;
}

int mem_alloc(mem_t *m, uint64_t size, uint64_t align, const char *name, uint64_t *addr)
{
    if (align < 256)
        align = 256;
    if (grow(m))
        return -1;
    uint8_t *data = calloc(1, size ? size : 1);
    if (!data)
        return -1;
    uint64_t base = (m->next + align - 1) & ~(align - 1);
    const mem_region_t *o;
    /* step over host ranges mapped in (mem_map_host), guard gap included */
    while ((o = overlap(m, base, size + MEM_GUARD)) != NULL)
        base = (o->base + o->size + MEM_GUARD + align - 1) & ~(align - 1);
    mem_region_t r = {.base = base, .size = size, .data = data};
    set_name(&r, name);
    insert(m, &r);
    m->next = (base + size + MEM_GUARD + 0xfff) & ~0xfffull;
    *addr = base;
    return 0;
}

int mem_map_host(mem_t *m, uint64_t addr, uint64_t size, void *host, const char *name)
{
    if (!host || size == 0 || addr + size < addr || overlap(m, addr, size) || grow(m))
        return -1;
    mem_region_t r = {.base = addr, .size = size, .data = host, .ext = 1};
    set_name(&r, name);
    insert(m, &r);
    return 0;
}

static const mem_region_t *lookup(mem_t *m, uint64_t addr);

int mem_set_timing_base(mem_t *m, uint64_t addr, uint64_t tbase)
{
    if ((tbase ^ addr) & 0xfff)
        return -1;
    for (size_t i = 0; i < m->n; i++)
        if (m->r[i].base == addr) {
            m->r[i].tbase = tbase;
            return 0;
        }
    return -1;
}

const mem_region_t *mem_region_at(mem_t *m, uint64_t addr)
{
    const mem_region_t *r = lookup(m, addr);
    if (r || !m->on_miss)
        return r;
    pthread_mutex_lock(&miss_lock);
    r = m->on_miss(m->miss_arg, addr);
    pthread_mutex_unlock(&miss_lock);
    return r;
}

int mem_view(const mem_t *m, mem_t *v, uint64_t base, uint8_t *data)
{
    *v = *m;
    v->r = malloc((m->n ? m->n : 1) * sizeof *v->r);
    if (!v->r)
        return -1;
    memcpy(v->r, m->r, m->n * sizeof *v->r);
    v->cap = m->n;
    v->last = 0;
    for (size_t i = 0; data && i < m->n; i++)
        if (v->r[i].base == base)
            v->r[i].data = data;
    return 0;
}

void mem_view_free(mem_t *v)
{
    free(v->r);
    v->r = NULL;
    v->n = v->cap = 0;
}

/* The region holding addr, or NULL. */
static const mem_region_t *lookup(mem_t *m, uint64_t addr)
{
    if (m->n == 0)
        return NULL;
    const mem_region_t *c = &m->r[m->last < m->n ? m->last : 0];
    if (addr - c->base < c->size)
        return c;
    size_t lo = upper(m, addr);   /* regions are sorted by base */
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
            if (!m->r[i].ext)
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
    /* the allocations made after the mark are those at or above its next
     * address (mem_alloc's addresses only grow); host ranges stay */
    size_t j = 0;
    for (size_t i = 0; i < m->n; i++) {
        if (!m->r[i].ext && m->r[i].base >= mark.next) {
            free(m->r[i].data);
            continue;
        }
        m->r[j++] = m->r[i];
    }
    m->n = j;
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
