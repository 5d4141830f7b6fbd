/* timeline.c — Chrome trace-event JSON from the cycle model's events (see
 * timeline.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/series.h"
#include "front/report/timeline.h"

enum { SIMDS = 4, SLOTS = 16 };

typedef struct {
    uint8_t named;               /* thread_name written */
    uint8_t pending;             /* an instruction waits for its end to be known */
    uint8_t cat;
    uint64_t pc, start, end;     /* the pending instruction (cycles) */
    uint64_t last;               /* no slice of this slot may start before this cycle */
} tl_slot_t;

struct tl {
    FILE *fp;
    char *path;
    int err;                     /* errno of the first failed write, or 0 */
    unsigned mhz, ncu;
    tl_code_t code;
    uint64_t offset;             /* cycles of the dispatches before this one */
    uint64_t base_ns;            /* tl_place: where cycle 0 is */
    unsigned pid_base;           /* tl_place: the queue's pid (0: gcnsim run's layout) */
    int placed;
    unsigned queue;
    uint64_t ninst, max_inst;
    int capped;
    uint64_t nev;                /* events written */
    uint8_t *cu_named;           /* [ncu] */
    uint8_t *cu_skip;            /* [ncu]: left out by tl_set_cus (NULL: none) */
    const device_t *dev;
    tl_slot_t *slot;             /* [ncu * SIMDS * SLOTS] */
    const char *device;
};

/* printf to the file unless a write already failed; remember errno. */
static void put(tl_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(tl_t *t, const char *fmt, ...)
{
    if (t->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(t->fp, fmt, ap);
    va_end(ap);
    if (n < 0 || ferror(t->fp))
        t->err = errno ? errno : EIO;
}

/* Start the next event of the array. */
static void next_event(tl_t *t)
{
    put(t, t->nev++ ? ",\n" : "\n");
}

/* Write cycle c (of the current dispatch) as microseconds, 3 decimals. */
static void put_ts(tl_t *t, const char *key, uint64_t ns)
{
    put(t, ",\"%s\":%llu.%03llu", key, (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

static uint64_t ns_of(const tl_t *t, uint64_t c)
{
    return t->base_ns + (t->offset + c) * 1000 / t->mhz;
}

/* The pid of CU cu. */
static unsigned cu_pid(const tl_t *t, unsigned cu)
{
    return t->pid_base + cu + 1;
}

static void name_cu(tl_t *t, unsigned cu)
{
    if (t->cu_named[cu])
        return;
    t->cu_named[cu] = 1;
    next_event(t);
    if (t->placed)
        put(t, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":\"%s queue %u CU %u\"}}",
            cu_pid(t, cu), t->device, t->queue, cu);
    else
        put(t, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":\"CU %u\"}}", cu_pid(t, cu), cu);
    next_event(t);
    put(t, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"sort_index\":%u}}", cu_pid(t, cu),
        cu_pid(t, cu));
}

static void name_slot(tl_t *t, unsigned cu, unsigned simd, unsigned slot, tl_slot_t *s)
{
    name_cu(t, cu);
    if (s->named)
        return;
    s->named = 1;
    unsigned tid = simd * SLOTS + slot + 1;
    next_event(t);
    put(t, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":\"SIMD %u slot %u\"}}",
        cu_pid(t, cu), tid, simd, slot);
    next_event(t);
    put(t, "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"sort_index\":%u}}",
        cu_pid(t, cu), tid, tid);
}

/* Mnemonic of the instruction at device address pc. */
static const char *mnemonic(tl_t *t, uint64_t pc)
{
    const sim_prog_t *p = t->code.prog;
    if (!p || pc < p->base || (pc - p->base) % 4 || (pc - p->base) / 4 >= p->ndw)
        return "unknown";
    unsigned op = p->inst[(pc - p->base) / 4].op;
    return op < ISA_OP_COUNT ? isa_row(op)->name : "unknown";
}

/* Write the pending instruction of slot s, ending at most at cycle limit. */
static void flush_inst(tl_t *t, const tm_event_t *e, tl_slot_t *s, uint64_t limit)
{
    if (!s->pending)
        return;
    s->pending = 0;
    uint64_t end = s->end < limit ? s->end : limit;
    if (end < s->start)
        end = s->start;
    s->last = end;
    uint64_t a = ns_of(t, s->start), b = ns_of(t, end);
    next_event(t);
    put(t, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":%u", mnemonic(t, s->pc),
        tm_cat_name((tm_cat_t)s->cat), cu_pid(t, e->cu), e->simd * SLOTS + e->slot + 1u);
    put_ts(t, "ts", a);
    put_ts(t, "dur", b - a);
    put(t, ",\"args\":{\"pc\":\"0x%llx\",\"cycle\":%llu}}", (unsigned long long)(s->pc - t->code.entry),
        (unsigned long long)(t->offset + s->start));
}

static void wave_begin(tl_t *t, const tm_event_t *e, tl_slot_t *s)
{
    flush_inst(t, e, s, e->start);
    name_slot(t, e->cu, e->simd, e->slot, s);
    s->last = e->start;
    next_event(t);
    put(t, "{\"name\":\"wave %u wg (%u,%u,%u)\",\"cat\":\"wave\",\"ph\":\"B\",\"pid\":%u,\"tid\":%u", e->wave,
        e->wg[0], e->wg[1], e->wg[2], cu_pid(t, e->cu), e->simd * SLOTS + e->slot + 1u);
    put_ts(t, "ts", ns_of(t, e->start));
    put(t, ",\"args\":{\"wave\":%u,\"cycle\":%llu}}", e->wave, (unsigned long long)(t->offset + e->start));
}

static void wave_end(tl_t *t, const tm_event_t *e, tl_slot_t *s)
{
    uint64_t end = e->end > s->last ? e->end : s->last;
    flush_inst(t, e, s, end);
    next_event(t);
    put(t, "{\"ph\":\"E\",\"pid\":%u,\"tid\":%u", cu_pid(t, e->cu), e->simd * SLOTS + e->slot + 1u);
    put_ts(t, "ts", ns_of(t, end));
    put(t, "}");
    s->last = end;
}

static void cap_note(tl_t *t, const tm_event_t *e)
{
    t->capped = 1;
    next_event(t);
    if (t->placed)   /* the cap is the program's, what is left of it the dispatch's */
        put(t, "{\"name\":\"the program's instruction slices capped: only wave slices from here on\"");
    else
        put(t, "{\"name\":\"instruction slices capped at %llu: only wave slices from here on\"",
            (unsigned long long)t->max_inst);
    put(t, ",\"ph\":\"i\",\"s\":\"g\",\"pid\":%u,\"tid\":%u", cu_pid(t, e->cu), e->simd * SLOTS + e->slot + 1u);
    put_ts(t, "ts", ns_of(t, e->start));
    put(t, "}");
}

static void inst(tl_t *t, const tm_event_t *e, tl_slot_t *s)
{
    flush_inst(t, e, s, e->start);
    if (t->ninst >= t->max_inst) {
        if (!t->capped)
            cap_note(t, e);
        return;
    }
    t->ninst++;
    s->pending = 1;
    s->cat = e->cat;
    s->pc = e->pc;
    s->start = e->start > s->last ? e->start : s->last;
    s->end = e->end;
}

void tl_event(void *arg, const tm_event_t *e)
{
    tl_t *t = arg;
    if (e->cu >= t->ncu || e->simd >= SIMDS || e->slot >= SLOTS || (t->cu_skip && t->cu_skip[e->cu]))
        return;
    tl_slot_t *s = &t->slot[((size_t)e->cu * SIMDS + e->simd) * SLOTS + e->slot];
    if (e->kind == TM_EV_WAVE_BEGIN)
        wave_begin(t, e, s);
    else if (e->kind == TM_EV_WAVE_END)
        wave_end(t, e, s);
    else
        inst(t, e, s);
}

static void set_err(char *err, size_t errlen, const char *path, int e)
{
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
}

tl_t *tl_open(const char *path, const device_t *d, const tl_code_t *code, uint64_t max_inst, char *err,
              size_t errlen)
{
    tl_t *t = calloc(1, sizeof *t);
    unsigned ncu = d->p[DEV_cus] ? d->p[DEV_cus] : 1;
    if (!t || !(t->path = strdup(path)) || !(t->cu_named = calloc(ncu, 1)) ||
        !(t->slot = calloc((size_t)ncu * SIMDS * SLOTS, sizeof *t->slot))) {
        snprintf(err, errlen, "timeline: out of memory");
        goto fail;
    }
    if (!(t->fp = fopen(path, "w"))) {
        set_err(err, errlen, path, errno);
        goto fail;
    }
    t->ncu = ncu;
    t->mhz = d->p[DEV_clock_mhz] ? d->p[DEV_clock_mhz] : 1;
    t->max_inst = max_inst;
    t->device = d->name;
    t->dev = d;
    if (code)
        t->code = *code;
    put(t, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    return t;
fail:
    if (t) {
        free(t->path);
        free(t->cu_named);
        free(t->slot);
        free(t);
    }
    return NULL;
}

void tl_place(tl_t *t, uint64_t base_ns, unsigned queue, int capped)
{
    t->capped = capped;
    t->base_ns = base_ns;
    t->queue = queue;
    t->pid_base = tl_queue_pid(queue);
    t->placed = 1;
}

unsigned tl_queue_pid(unsigned queue)
{
    return (queue + 1) << 16;   /* room for 65535 CUs */
}

void tl_next_dispatch(tl_t *t, uint64_t cycles)
{
    t->offset += cycles;
}

int tl_capped(const tl_t *t)
{
    return t->capped;
}

uint64_t tl_inst_slices(const tl_t *t)
{
    return t->ninst;
}

int tl_close(tl_t *t, char *err, size_t errlen)
{
    put(t, "\n],\"otherData\":{\"device\":\"%s\",\"clock_mhz\":%u,\"instruction_slices\":%llu", t->device ? t->device : "",
        t->mhz, (unsigned long long)t->ninst);
    if (t->capped)
        put(t, ",\"note\":\"instruction slices stop after the first %llu; later instructions are not shown, "
               "wave slices are complete\"",
            (unsigned long long)t->max_inst);
    put(t, "}}\n");
    if (fflush(t->fp) != 0 && !t->err)
        t->err = errno ? errno : EIO;
    if (fclose(t->fp) != 0 && !t->err)
        t->err = errno ? errno : EIO;
    int rc = t->err ? -1 : 0;
    if (rc)
        set_err(err, errlen, t->path, t->err);
    free(t->path);
    free(t->cu_named);
    free(t->cu_skip);
    free(t->slot);
    free(t);
    return rc;
}

/* One number of "A" or "A-B" at *s into *lo, *hi; 0, or -1. */
static int cu_range(const char **s, unsigned long *lo, unsigned long *hi)
{
    char *end;
    if (**s < '0' || **s > '9')
        return -1;
    *lo = *hi = strtoul(*s, &end, 10);
    if (*end == '-') {
        const char *b = end + 1;
        if (*b < '0' || *b > '9')
            return -1;
        *hi = strtoul(b, &end, 10);
    }
    *s = end;
    return *lo <= *hi ? 0 : -1;
}

int tl_parse_cus(const char *list, unsigned ncu, uint8_t *keep, char *err, size_t errlen)
{
    const char *s = list;
    for (;;) {
        unsigned long lo, hi;
        if (cu_range(&s, &lo, &hi) || (*s && *s != ',')) {
            snprintf(err, errlen, "'%s': expected CU numbers and ranges such as 0,3-5", list);
            return -1;
        }
        if (hi >= ncu) {
            snprintf(err, errlen, "CU %lu is not on the device (it has CUs 0-%u)", hi, ncu - 1);
            return -1;
        }
        if (keep)
            memset(keep + lo, 1, hi - lo + 1);
        if (!*s++)
            return 0;
    }
}

int tl_set_cus(tl_t *t, const char *list, char *err, size_t errlen)
{
    uint8_t *keep = calloc(t->ncu, 1);
    if (!keep) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (tl_parse_cus(list, t->ncu, keep, err, errlen)) {
        free(keep);
        return -1;
    }
    for (unsigned i = 0; i < t->ncu; i++)
        keep[i] = !keep[i];   /* now: skip */
    free(t->cu_skip);
    t->cu_skip = keep;
    return 0;
}

/* A counter event "name" at cycle c (from the first dispatch's start). */
static void counter(tl_t *t, const char *name, uint64_t c, unsigned pid, const char *args)
{
    next_event(t);
    put(t, "{\"name\":\"%s\",\"ph\":\"C\",\"pid\":%u", name, pid);
    put_ts(t, "ts", t->base_ns + c * 1000 / t->mhz);
    put(t, ",\"args\":{%s}}", args);
}

void tl_series(tl_t *t, const tm_series_t *s)
{
    if (!s || !s->n || !t->dev)
        return;
    unsigned pid = t->placed ? t->pid_base : t->ncu + 1;
    if (!t->placed) {
        next_event(t);
        put(t, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":\"device counters\"}}", pid);
        next_event(t);
        put(t, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"sort_index\":0}}", pid);
    }
    char a[128];
    for (unsigned i = 0; i <= s->n; i++) {
        rep_point_t p = {s->cycles, 0, 0, 0, 0, 0};
        if (i < s->n)
            p = rep_series_point(s, i, t->dev);
        snprintf(a, sizeof a, "\"waves_per_simd\":%.2f", p.occupancy);
        counter(t, "occupancy", p.start, pid, a);
        snprintf(a, sizeof a, "\"pct\":%.2f", p.valu_busy_pct);
        counter(t, "VALUBusy", p.start, pid, a);
        snprintf(a, sizeof a, "\"read_gbps\":%.2f,\"write_gbps\":%.2f", p.dram_read_gbps, p.dram_write_gbps);
        counter(t, "DRAM bandwidth", p.start, pid, a);
    }
}
