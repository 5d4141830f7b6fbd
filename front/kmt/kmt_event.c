/* kmt_event.c — events: what the runtime's interrupt signals sleep on.  As
 * the amdgpu driver does, an event set while threads wait wakes all of
 * them (and an auto-reset event is then clear again); set while nobody
 * waits, it stays set until one wait consumes it (or, manual-reset, until
 * reset).  Each event has a mailbox slot on an events page, which the GPU
 * can write too (it is mapped into the simulator's memory): the packet
 * processor and kernels (a device-side signal store, as HIP's hostcall
 * does for printf) write the event's id there, and the interrupt the
 * hardware raises then is a thread here that watches the page and sets
 * the events whose slots were written. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "front/kmt/kmt.h"

enum { KMT_MAX_EVENTS = 4096 };

typedef struct {
    HsaEvent ev;                /* what the runtime holds (first: the handle is its address) */
    int manual, set, waiters;
    uint64_t gen;               /* sets that woke waiters */
} kmt_event_t;

static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ev_cond;
static pthread_once_t cond_once = PTHREAD_ONCE_INIT;
static kmt_event_t *events[KMT_MAX_EVENTS];   /* by id (0 unused) */
static uint64_t *mailbox;                      /* the events page: a slot per id */
static pthread_t watcher;
static int watching, stop_watching;
static uint32_t top_id;                        /* the highest id given out */
enum { PAGE_BYTES = KMT_MAX_EVENTS * 8, WATCH_US = 50, IDLE_US = 1000 };

/* The interrupt: each written slot emptied and its event set, every
 * WATCH_US while slots are being written, every IDLE_US after 100 quiet
 * looks. */
static void *watch(void *arg)
{
    (void)arg;
    unsigned quiet = 0;
    while (!__atomic_load_n(&stop_watching, __ATOMIC_ACQUIRE)) {
        uint32_t top = __atomic_load_n(&top_id, __ATOMIC_ACQUIRE), hits = 0;
        for (uint32_t id = 1; id <= top; id++)
            if (__atomic_load_n(&mailbox[id], __ATOMIC_RELAXED) && __atomic_exchange_n(&mailbox[id], 0, __ATOMIC_ACQ_REL)) {
                kmt_event_fire(id);
                hits++;
            }
        quiet = hits ? 0 : quiet + 1;
        struct timespec ts = {0, (quiet < 100 ? WATCH_US : IDLE_US) * 1000L};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

/* Map the events page and start its watcher (page_lock held); 0, or -1. */
static int new_page(void)
{
    void *p = mmap(NULL, PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    mailbox = p;
    stop_watching = 0;
    if (kmt_mem_add_host(p, PAGE_BYTES, "events page") || pthread_create(&watcher, NULL, watch, NULL)) {
        mailbox = NULL;   /* (a range left in the list is released at closing) */
        return -1;
    }
    watching = 1;
    return 0;
}

static pthread_mutex_t page_lock = PTHREAD_MUTEX_INITIALIZER;

/* The events page, mapped into the simulator's memory, and its watcher;
 * 0, or -1. */
static int make_page(void)
{
    pthread_mutex_lock(&page_lock);
    int rc = 0;
    if (!mailbox)
        rc = new_page();
    pthread_mutex_unlock(&page_lock);
    return rc;
}

static void init_cond(void)
{
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&ev_cond, &a);
    pthread_condattr_destroy(&a);
}

HSAKMT_STATUS hsaKmtCreateEvent(HsaEventDescriptor *desc, bool manual, bool set, HsaEvent **out)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!desc || !out)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    pthread_once(&cond_once, init_cond);
    if (make_page())
        return HSAKMT_STATUS_NO_MEMORY;
    kmt_event_t *e = calloc(1, sizeof *e);
    if (!e)
        return HSAKMT_STATUS_NO_MEMORY;
    pthread_mutex_lock(&ev_lock);
    uint32_t id = 1;
    while (id < KMT_MAX_EVENTS && events[id])
        id++;
    if (id < KMT_MAX_EVENTS)
        events[id] = e;
    if (id < KMT_MAX_EVENTS && id > top_id)
        __atomic_store_n(&top_id, id, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&ev_lock);
    if (id == KMT_MAX_EVENTS) {
        free(e);
        return HSAKMT_STATUS_OUT_OF_RESOURCES;
    }
    e->ev.EventId = id;
    e->ev.EventData.EventType = desc->EventType;
    e->ev.EventData.EventData.SyncVar = desc->SyncVar;
    e->ev.EventData.HWData2 = (uint64_t)(uintptr_t)&mailbox[id];
    e->ev.EventData.HWData3 = id;
    e->manual = manual;
    e->set = set;
    *out = &e->ev;
    return HSAKMT_STATUS_SUCCESS;
}

/* The event behind handle ev (ev_lock held), or NULL. */
static kmt_event_t *lookup(const HsaEvent *ev)
{
    if (!ev || ev->EventId == 0 || ev->EventId >= KMT_MAX_EVENTS)
        return NULL;
    kmt_event_t *e = events[ev->EventId];
    return e && &e->ev == ev ? e : NULL;
}

HSAKMT_STATUS hsaKmtDestroyEvent(HsaEvent *ev)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&ev_lock);
    kmt_event_t *e = lookup(ev);
    if (e)
        events[e->ev.EventId] = NULL;
    pthread_mutex_unlock(&ev_lock);
    free(e);
    return e ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

/* Set e (ev_lock held). */
static void fire(kmt_event_t *e)
{
    if (e->waiters) {
        e->gen++;
        e->set = e->manual;
    } else {
        e->set = 1;
    }
    pthread_cond_broadcast(&ev_cond);
}

void kmt_event_fire(uint32_t id)
{
    if (mailbox && id < KMT_MAX_EVENTS)   /* the watcher need not set it again */
        __atomic_store_n(&mailbox[id], 0, __ATOMIC_RELEASE);
    pthread_mutex_lock(&ev_lock);
    if (id < KMT_MAX_EVENTS && events[id])
        fire(events[id]);
    pthread_mutex_unlock(&ev_lock);
}

int kmt_event_memory_fault(uint64_t addr)
{
    int n = 0;
    pthread_mutex_lock(&ev_lock);
    for (size_t i = 1; i < KMT_MAX_EVENTS; i++) {
        kmt_event_t *e = events[i];
        if (!e || e->ev.EventData.EventType != HSA_EVENTTYPE_MEMORY)
            continue;
        HsaMemoryAccessFault *f = &e->ev.EventData.EventData.MemoryAccessFault;
        memset(f, 0, sizeof *f);
        f->NodeId = KMT_GPU_NODE;
        f->VirtualAddress = addr;
        f->Failure.NotPresent = 1;
        f->Flags = HSA_EVENTID_MEMORY_FATAL_PROCESS;
        fire(e);
        n++;
    }
    pthread_mutex_unlock(&ev_lock);
    return n;
}

HSAKMT_STATUS hsaKmtSetEvent(HsaEvent *ev)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&ev_lock);
    kmt_event_t *e = lookup(ev);
    if (e)
        fire(e);
    pthread_mutex_unlock(&ev_lock);
    return e ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

HSAKMT_STATUS hsaKmtResetEvent(HsaEvent *ev)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&ev_lock);
    kmt_event_t *e = lookup(ev);
    if (e)
        e->set = 0;
    pthread_mutex_unlock(&ev_lock);
    return e ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

/* The deadline ms milliseconds from now on CLOCK_MONOTONIC. */
static struct timespec deadline(HSAuint32 ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* Whether the wait on es[0..n) is over (ev_lock held): all (or any) of
 * them set since gens[] were taken; consumes the auto-reset ones. */
static int done(kmt_event_t **es, const uint64_t *gens, HSAuint32 n, bool all)
{
    HSAuint32 hit = 0;
    for (HSAuint32 i = 0; i < n; i++)
        hit += es[i]->set || es[i]->gen != gens[i];
    if (hit == 0 || (all && hit < n))
        return 0;
    for (HSAuint32 i = 0; i < n; i++)
        if (!es[i]->manual)
            es[i]->set = 0;
    return 1;
}

HSAKMT_STATUS hsaKmtWaitOnMultipleEvents(HsaEvent *evs[], HSAuint32 n, bool all, HSAuint32 ms)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (!evs || n == 0 || n > KMT_MAX_EVENTS)
        return HSAKMT_STATUS_INVALID_PARAMETER;
    pthread_once(&cond_once, init_cond);
    kmt_event_t **es = calloc(n, sizeof *es);
    uint64_t *gens = calloc(n, sizeof *gens);
    HSAKMT_STATUS st = es && gens ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_NO_MEMORY;
    struct timespec until = deadline(ms);
    pthread_mutex_lock(&ev_lock);
    for (HSAuint32 i = 0; st == HSAKMT_STATUS_SUCCESS && i < n; i++)
        if (!(es[i] = lookup(evs[i])))
            st = HSAKMT_STATUS_INVALID_HANDLE;
    for (HSAuint32 i = 0; st == HSAKMT_STATUS_SUCCESS && i < n; i++) {
        gens[i] = es[i]->gen;
        es[i]->waiters++;
    }
    while (st == HSAKMT_STATUS_SUCCESS && !done(es, gens, n, all)) {
        int rc = ms == HSA_EVENTTIMEOUT_INFINITE ? pthread_cond_wait(&ev_cond, &ev_lock)
                                                 : pthread_cond_timedwait(&ev_cond, &ev_lock, &until);
        if (rc == ETIMEDOUT && !done(es, gens, n, all))
            st = HSAKMT_STATUS_WAIT_TIMEOUT;
        if (rc == ETIMEDOUT)
            break;
    }
    for (HSAuint32 i = 0; es && i < n && es[i] && st != HSAKMT_STATUS_INVALID_HANDLE; i++)
        es[i]->waiters--;
    pthread_mutex_unlock(&ev_lock);
    free(es);
    free(gens);
    return st;
}

HSAKMT_STATUS hsaKmtWaitOnEvent(HsaEvent *ev, HSAuint32 ms)
{
    return hsaKmtWaitOnMultipleEvents(&ev, 1, true, ms);
}

void kmt_event_close(void)
{
    if (watching) {
        __atomic_store_n(&stop_watching, 1, __ATOMIC_RELEASE);
        pthread_join(watcher, NULL);
        watching = 0;
    }
    pthread_mutex_lock(&ev_lock);
    for (size_t i = 0; i < KMT_MAX_EVENTS; i++) {
        free(events[i]);
        events[i] = NULL;
    }
    pthread_mutex_unlock(&ev_lock);
    pthread_mutex_lock(&page_lock);
    if (mailbox) {   /* (its range in kmt.mem goes with kmt.mem, after this) */
        munmap(mailbox, PAGE_BYTES);
        mailbox = NULL;
    }
    pthread_mutex_unlock(&page_lock);
}
