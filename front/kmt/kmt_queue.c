/* kmt_queue.c — queues: an AQL compute queue is the runtime's ring with
 * its read and write dispatch ids and a doorbell page handed out here; a
 * packet processor thread runs the packets (front/aql/aql.h) whenever a
 * queue's write index is ahead of its read index, each queue in order and
 * the queues in the order they were created.  SDMA queues are refused:
 * the runtime then copies with its blit kernels, which run here like any
 * kernel. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "front/kmt/kmt.h"
#include "front/aql/aql.h"

enum { KMT_MAX_QUEUES = 128 };

typedef struct {
    int used;
    aql_queue_t q;
    uint64_t *doorbell;         /* a page of its own */
} kmt_queue_t;

static kmt_queue_t queues[KMT_MAX_QUEUES];
static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t worker;
static int running, stopping;
static aql_proc_t proc;

static void interrupt(void *arg, uint32_t id)
{
    (void)arg;
    kmt_event_fire(id);
}

static int fault(void *arg, uint64_t addr)
{
    (void)arg;
    return kmt_event_memory_fault(addr) > 0;
}

static int functional(void)
{
    const char *f = getenv("GCNSIM_FUNCTIONAL");
    return f && f[0] && strcmp(f, "0");
}

/* One pass over the queues (q_lock held); packets processed. */
static unsigned pass(void)
{
    unsigned n = 0;
    for (size_t i = 0; i < KMT_MAX_QUEUES; i++) {
        if (!queues[i].used)
            continue;
        pthread_mutex_lock(&kmt.lock);
        kmt_mem_sync();
        n += aql_process(&proc, &queues[i].q);
        kmt_mem_sync();
        pthread_mutex_unlock(&kmt.lock);
    }
    return n;
}

/* The packet processor: polls the queues' indexes, yielding while packets
 * came recently and sleeping a little longer each time once idle. */
static void *work(void *arg)
{
    (void)arg;
    unsigned idle = 0;
    for (;;) {
        pthread_mutex_lock(&q_lock);
        int stop = stopping;
        unsigned n = stop ? 0 : pass();
        pthread_mutex_unlock(&q_lock);
        if (stop)
            break;
        idle = n ? 0 : idle + 1;
        if (idle < 200) {
            sched_yield();
        } else {
            long us = idle < 2000 ? 20 : 200;
            struct timespec ts = {0, us * 1000};
            nanosleep(&ts, NULL);
        }
    }
    return NULL;
}

/* Start the packet processor if it is not running (q_lock held). */
static int start(void)
{
    if (running)
        return 0;
    proc.mem = &kmt.mem;
    proc.t = kmt.t;
    proc.dev = &kmt.dev;
    proc.functional = functional();
    proc.interrupt = interrupt;
    proc.fault = fault;
    proc.clock_base = kmt_now_ns();   /* after the runtime read the clocks first: its timestamps are later */
    stopping = 0;
    if (pthread_create(&worker, NULL, work, NULL))
        return -1;
    running = 1;
    return 0;
}

HSAKMT_STATUS hsaKmtCreateQueue(HSAuint32 node, HSA_QUEUE_TYPE type, HSAuint32 pct, HSA_QUEUE_PRIORITY prio,
                                void *addr, HSAuint64 size, HsaEvent *ev, HsaQueueResource *res)
{
    (void)pct;
    (void)prio;
    (void)ev;
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    if (node != KMT_GPU_NODE)
        return HSAKMT_STATUS_INVALID_NODE_UNIT;
    if (type != HSA_QUEUE_COMPUTE_AQL)
        return HSAKMT_STATUS_NOT_SUPPORTED;   /* SDMA and PM4 queues: not simulated */
    if (!addr || !res || !res->Queue_read_ptr_aql || !res->Queue_write_ptr_aql || size < 64 ||
        (size & (size - 1)))
        return HSAKMT_STATUS_INVALID_PARAMETER;
    void *db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (db == MAP_FAILED)
        return HSAKMT_STATUS_NO_MEMORY;
    pthread_mutex_lock(&q_lock);
    size_t i = 0;
    while (i < KMT_MAX_QUEUES && queues[i].used)
        i++;
    HSAKMT_STATUS st = i == KMT_MAX_QUEUES ? HSAKMT_STATUS_OUT_OF_RESOURCES
                       : start()          ? HSAKMT_STATUS_ERROR
                                          : HSAKMT_STATUS_SUCCESS;
    if (st == HSAKMT_STATUS_SUCCESS) {
        kmt_queue_t *k = &queues[i];
        k->used = 1;
        k->doorbell = db;
        k->q.ring = addr;
        k->q.size = (uint32_t)(size / 64);
        k->q.read = res->Queue_read_ptr_aql;
        k->q.write = res->Queue_write_ptr_aql;
        k->q.seq = (unsigned)i;
        k->q.now_ns = 0;
        res->QueueId = i + 1;
        res->Queue_DoorBell_aql = db;
    }
    pthread_mutex_unlock(&q_lock);
    if (st != HSAKMT_STATUS_SUCCESS)
        munmap(db, 4096);
    return st;
}

/* The queue of id (q_lock held), or NULL. */
static kmt_queue_t *lookup(HSA_QUEUEID id)
{
    return id >= 1 && id <= KMT_MAX_QUEUES && queues[id - 1].used ? &queues[id - 1] : NULL;
}

HSAKMT_STATUS hsaKmtUpdateQueue(HSA_QUEUEID id, HSAuint32 pct, HSA_QUEUE_PRIORITY prio, void *addr, HSAuint64 size,
                                HsaEvent *ev)
{
    (void)pct;
    (void)prio;
    (void)ev;
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&q_lock);
    kmt_queue_t *k = lookup(id);
    HSAKMT_STATUS st = !k ? HSAKMT_STATUS_INVALID_HANDLE
                       : !addr || size < 64 || (size & (size - 1)) ? HSAKMT_STATUS_INVALID_PARAMETER
                                                                   : HSAKMT_STATUS_SUCCESS;
    if (st == HSAKMT_STATUS_SUCCESS) {
        k->q.ring = addr;
        k->q.size = (uint32_t)(size / 64);
    }
    pthread_mutex_unlock(&q_lock);
    return st;
}

HSAKMT_STATUS hsaKmtDestroyQueue(HSA_QUEUEID id)
{
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&q_lock);
    kmt_queue_t *k = lookup(id);
    if (k) {
        munmap(k->doorbell, 4096);
        memset(k, 0, sizeof *k);
    }
    pthread_mutex_unlock(&q_lock);
    return k ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

HSAKMT_STATUS hsaKmtSetQueueCUMask(HSA_QUEUEID id, HSAuint32 count, HSAuint32 *mask)
{
    (void)count;
    (void)mask;
    if (!kmt_is_open())
        return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
    pthread_mutex_lock(&q_lock);
    int ok = lookup(id) != NULL;
    pthread_mutex_unlock(&q_lock);
    return ok ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

HSAKMT_STATUS hsaKmtAllocQueueGWS(HSA_QUEUEID id, HSAuint32 n, HSAuint32 *first)
{
    (void)id;
    (void)n;
    (void)first;
    return kmt_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

void kmt_code_freed(uint64_t base, uint64_t size)
{
    aql_forget(&proc, base, size);
}

void kmt_queue_close(void)
{
    pthread_mutex_lock(&q_lock);
    int was = running;
    stopping = 1;
    pthread_mutex_unlock(&q_lock);
    if (was)
        pthread_join(worker, NULL);
    pthread_mutex_lock(&q_lock);
    for (size_t i = 0; i < KMT_MAX_QUEUES; i++)
        if (queues[i].used)
            munmap(queues[i].doorbell, 4096);
    memset(queues, 0, sizeof queues);
    running = 0;
    aql_free(&proc);
    pthread_mutex_unlock(&q_lock);
}
