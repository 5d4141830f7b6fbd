/* aql.c — the AQL packet processor (see aql.h).  Layouts (HSA Platform
 * System Architecture 1.2, section 2.9, and ROCr's amd_hsa_signal.h and
 * amd_hsa_kernel_code.h): every packet has its 16-bit header at 0 (type
 * in bits 0-7) and its completion signal at 56; a kernel dispatch has its
 * setup (dimensions) at 2, work-group sizes at 4, grid sizes at 12, the
 * group segment size at 28, the kernel object at 32 and the kernarg
 * address at 40; a barrier has five dependency signals at 8.  A signal
 * handle is the address of an amd_signal_t: value at 8, event mailbox
 * pointer at 16, event id at 24, start and end timestamps at 32 and 40
 * (written for every packet on its queue's simulated clock, which is what
 * the runtime's profiling and HIP's events read: each queue's clock runs
 * with its own dispatches, and a barrier waits for the end of what it
 * depends on, as queues that run side by side). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/aql/aql.h"
#include "front/aql/aql_record.h"
#include "front/aql/aql_save.h"
#include "front/launch/launch.h"
#include "sim/dispatch.h"
#include "sim/timing.h"

enum { PKT_VENDOR = 0, PKT_INVALID = 1, PKT_DISPATCH = 2, PKT_BARRIER_AND = 3, PKT_AGENT = 4, PKT_BARRIER_OR = 5 };
enum { AMD_FORMAT_PM4 = 1, AMD_FORMAT_BARRIER_VALUE = 2 };
enum { SIG_VALUE = 8, SIG_MAILBOX = 16, SIG_EVENT_ID = 24, SIG_START = 32, SIG_END = 40 };

static uint64_t rd(const uint8_t *p, unsigned off, unsigned n)
{
    uint64_t v = 0;
    memcpy(&v, p + off, n);
    return v;
}

/* The value of the signal with handle h. */
static int64_t signal_value(uint64_t h)
{
    return __atomic_load_n((volatile int64_t *)(uintptr_t)(h + SIG_VALUE), __ATOMIC_ACQUIRE);
}

/* Complete signal h (0: none): decrement its value, then interrupt
 * through its event, as the command processor does. */
static void signal_complete(aql_proc_t *p, uint64_t h)
{
    if (!h)
        return;
    __atomic_fetch_sub((volatile int64_t *)(uintptr_t)(h + SIG_VALUE), 1, __ATOMIC_SEQ_CST);
    uint64_t mailbox = __atomic_load_n((volatile uint64_t *)(uintptr_t)(h + SIG_MAILBOX), __ATOMIC_ACQUIRE);
    uint32_t id = (uint32_t)rd((const uint8_t *)(uintptr_t)h, SIG_EVENT_ID, 4);
    if (mailbox) {
        __atomic_store_n((volatile uint64_t *)(uintptr_t)mailbox, id, __ATOMIC_RELEASE);
        if (p->interrupt)
            p->interrupt(p->arg, id);
    }
}

/* Whether barrier packet pkt's dependencies are met (or: any one of them). */
static int barrier_ready(const uint8_t *pkt, int any)
{
    int deps = 0, met = 0;
    for (unsigned i = 0; i < 5; i++) {
        uint64_t h = rd(pkt, 8 + 8 * i, 8);
        if (!h)
            continue;
        deps++;
        met += signal_value(h) == 0;
    }
    return any ? deps == 0 || met > 0 : met == deps;
}

/* Whether an AMD barrier-value packet's condition holds: (value & mask)
 * compared with its operand (0 ==, 1 !=, 2 <, 3 >=). */
static int barrier_value_ready(const uint8_t *pkt)
{
    uint64_t h = rd(pkt, 8, 8);
    if (!h)
        return 1;
    int64_t v = signal_value(h) & (int64_t)rd(pkt, 24, 8), want = (int64_t)rd(pkt, 16, 8);
    switch (rd(pkt, 32, 4)) {
    case 0: return v == want;
    case 1: return v != want;
    case 2: return v < want;
    default: return v >= want;
    }
}

/* The decoded code of the memory range holding entry, decoding it on
 * first use.  NULL (err set) when entry is in no mapped memory. */
static const aql_code_t *code_at(aql_proc_t *p, uint64_t entry, char *err, size_t errlen)
{
    const mem_region_t *r = mem_region_at(p->mem, entry);
    if (!r || (r->base & 3)) {
        snprintf(err, errlen, "the kernel's code at 0x%llx is in no memory of the device",
                 (unsigned long long)entry);
        return NULL;
    }
    for (size_t i = 0; i < p->ncode; i++)
        if (p->code[i].base == r->base && p->code[i].size == r->size)
            return &p->code[i];
    aql_code_t *c = realloc(p->code, (p->ncode + 1) * sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    p->code = c;
    c = &p->code[p->ncode];
    memset(c, 0, sizeof *c);
    c->base = r->base;
    c->size = r->size;
    if (sim_prog_build(&c->prog, p->t, (const uint32_t *)r->data, r->size / 4, r->base)) {
        snprintf(err, errlen, "out of host memory decoding the kernel");
        return NULL;
    }
    p->ncode++;
    return c;
}

/* The kernel of dispatch packet pkt as the hardware needs it (its kernel
 * descriptor: group and private segment sizes at 0 and 4, kernarg size at
 * 8, entry offset at 16, rsrc1, rsrc2 and code properties at 48, 52, 56). */
static int dispatch_kernel(aql_proc_t *p, const uint8_t *pkt, const aql_origin_t *o, sim_kernel_t *k,
                           uint32_t *kernarg_size, char *err, size_t errlen)
{
    uint64_t ko = rd(pkt, 32, 8);
    if (o->kernel) {   /* the runtime's own view of the descriptor the packet names */
        if (ko != o->kernel->desc_addr) {
            snprintf(err, errlen, "the kernel object 0x%llx is not the kernel's descriptor 0x%llx",
                     (unsigned long long)ko, (unsigned long long)o->kernel->desc_addr);
            return -1;
        }
        *k = *o->kernel;
        *kernarg_size = 0;
        return 0;
    }
    const uint8_t *kd = mem_ptr(p->mem, ko, 64);
    if (!kd) {
        snprintf(err, errlen, "the kernel object 0x%llx is in no memory of the device", (unsigned long long)ko);
        return -1;
    }
    memset(k, 0, sizeof *k);
    k->t = p->t;
    k->desc_addr = ko;
    k->entry = ko + rd(kd, 16, 8);
    const aql_code_t *c = code_at(p, k->entry, err, errlen);
    if (!c)
        return -1;
    k->code_base = c->base;
    k->words = c->prog.words;
    k->ndw = c->prog.ndw;
    k->prog = &c->prog;
    k->group_segment_fixed_size = (uint32_t)rd(kd, 0, 4);
    k->private_segment_fixed_size = (uint32_t)rd(kd, 4, 4);
    k->rsrc1 = (uint32_t)rd(kd, 48, 4);
    k->rsrc2 = (uint32_t)rd(kd, 52, 4);
    k->kernel_code_properties = (uint16_t)rd(kd, 56, 2);
    k->code_object_version = 4;
    k->name = "kernel";
    *kernarg_size = (uint32_t)rd(kd, 8, 4);
    return 0;
}

/* Nanoseconds of a run under the cycle model: its cycles and the launch
 * overhead at the device's clock. */
static uint64_t run_ns(const tm_config_t *tc)
{
    uint64_t mhz = tc->dev.p[DEV_clock_mhz] ? tc->dev.p[DEV_clock_mhz] : 1;
    return (tc->stats.cycles + tc->stats.overhead_cycles) * 1000 / mhz;
}

/* Tell the dispatch log (aql_record.h) about a dispatch of kernel name
 * that ran; its simulated ns. */
static uint64_t record(aql_proc_t *p, aql_queue_t *q, const char *name, const sim_kernel_t *k, const sim_launch_t *l,
                       const sim_result_t *r, int st, aql_files_t *f, const aql_origin_t *o)
{
    const tm_config_t *tc = l->timing;
    uint64_t ns = tc ? run_ns(tc) : p->dev->p[DEV_launch_ns];
    aql_rec_t rec = {name, p->t->name, p->dev, q->seq, q->dispatches++, k, q->now_ns, ns, l, r,
                     tc ? &tc->stats : NULL, st == 1 ? "fault" : r->hit_limit ? "stopped" : "completed", o};
    aql_record(&rec, f);
    q->now_ns += ns;
    return ns;
}

/* The launch of dispatch packet pkt of kernel k (setup dimensions at 2,
 * work-group sizes at 4, grid sizes at 12, group segment size at 28,
 * kernarg address at 40; the descriptor's kernarg size ksize). */
static void launch_of(aql_proc_t *p, const uint8_t *pkt, const sim_kernel_t *k, uint32_t ksize, const aql_origin_t *o,
                      sim_launch_t *l)
{
    memset(l, 0, sizeof *l);
    l->dims = (unsigned)(rd(pkt, 2, 2) & 3);
    for (int d = 0; d < 3; d++) {
        l->local[d] = (uint32_t)rd(pkt, 4 + 2 * d, 2);
        l->grid[d] = (uint32_t)rd(pkt, 12 + 4 * d, 4);
    }
    uint32_t group = (uint32_t)rd(pkt, 28, 4);
    l->dynamic_lds = group > k->group_segment_fixed_size ? group - k->group_segment_fixed_size : 0;
    uint64_t ka = rd(pkt, 40, 8);
    l->max_wave_inst = LA_MAX_WAVE_INST;
    l->threads = la_default_threads();
    if (o->queue_addr) {   /* complete, in place */
        l->kernarg_addr = ka;
        l->queue_addr = o->queue_addr;
        l->kernarg_size = o->kernarg_size;
        return;
    }
    const mem_region_t *kr = mem_region_at(p->mem, ka);
    if (!ksize && kr)   /* a descriptor that leaves the size out (the runtime's own kernels): what the
                           memory holds, up to HIP's most (4 KiB of arguments and 256 of hidden ones) */
        ksize = (uint32_t)(kr->base + kr->size - ka < 4352 ? kr->base + kr->size - ka : 4352);
    l->kernarg = ksize ? mem_ptr(p->mem, ka, ksize) : NULL;
    l->kernarg_size = l->kernarg ? ksize : 0;
}

/* Say how a dispatch of kernel name that did not complete ended (st as
 * sim_dispatch's; err its message); a fault goes to the runtime too, and
 * then q stops. */
static void report_end(aql_proc_t *p, aql_queue_t *q, const char *name, int st, const sim_result_t *r,
                       const char *err)
{
    if (st < 0) {
        fprintf(stderr, "gcnsim HSA: dispatch of %s: %s\n", name, err);
    } else if (st == 1) {
        fprintf(stderr, "gcnsim HSA: kernel %s: %s in work-group (%u,%u,%u) wave %u at pc 0x%llx (%s): %s\n", name,
                wave_fault_kind_name(r->fault.kind), r->fault_wg[0], r->fault_wg[1], r->fault_wg[2], r->fault_wave,
                (unsigned long long)r->fault.pc, r->fault_disasm, r->fault.msg);
        if (p->fault && p->fault(p->arg, r->fault.addr ? r->fault.addr : r->fault.pc))
            q->stopped = 1;
    } else if (r->hit_limit) {
        fprintf(stderr, "gcnsim HSA: kernel %s: stopped after %llu wave-instructions (a wave ran away); its "
                "results are incomplete\n", name, (unsigned long long)r->ninst);
    }
}

const aql_origin_t aql_hsa_origin = {"HIP", "HSA", 'h', NULL, NULL, 0, 0, 0, 0};

int aql_dispatch(aql_proc_t *p, aql_queue_t *q, const uint8_t *pkt, const aql_origin_t *o, sim_result_t *r,
                 uint64_t *ns, char *err, size_t errlen)
{
    char name[256];
    sim_kernel_t k;
    sim_launch_t l;
    uint32_t ksize;
    *ns = 0;
    memset(r, 0, sizeof *r);
    if (dispatch_kernel(p, pkt, o, &k, &ksize, err, errlen))
        return -2;
    launch_of(p, pkt, &k, ksize, o, &l);
    tm_config_t tc;
    memset(&tc, 0, sizeof tc);
    tc.dev = *p->dev;
    l.timing = p->functional ? NULL : &tc;
    if (o->kernel)   /* a runtime that names its kernel (the OpenCL driver, which saves its own dispatches) */
        snprintf(name, sizeof name, "%s", k.name);
    else {
        aql_kernel_name(p->mem, k.desc_addr, name, sizeof name);
        aql_save_dispatch(p->mem, name, &k, &l);
    }
    aql_files_t files;
    aql_start_t start = {name, p->t->name, p->dev, &k, &l, l.timing, q->seq, q->now_ns, o};
    aql_record_begin(&files, &start);
    mem_mark_t mark = mem_mark(p->mem);
    int st = sim_dispatch(p->mem, &k, &l, r, err, errlen);
    mem_release(p->mem, mark);
    if (st >= 0)
        *ns = record(p, q, name, &k, &l, r, st, &files, o);
    else
        aql_record(NULL, &files);
    tm_stats_free(&tc.stats);
    p->dispatches++;
    return st;
}

/* Run dispatch packet pkt of q on the simulator, the device's clock
 * advanced by its simulated time; 0, or -1 (a line on stderr, or in
 * q->last for a runtime that tells it itself; q->stopped set when a fault
 * went to the runtime). */
static int run_dispatch(aql_proc_t *p, aql_queue_t *q, const uint8_t *pkt)
{
    char err[512], name[256];
    sim_result_t r;
    uint64_t ns;
    if (q->origin) {
        q->last_st = aql_dispatch(p, q, pkt, q->origin, &q->last, &ns, q->last_err, sizeof q->last_err);
        return q->last_st == 0 && !q->last.hit_limit ? 0 : -1;
    }
    int st = aql_dispatch(p, q, pkt, &aql_hsa_origin, &r, &ns, err, sizeof err);
    if (st == -2) {
        fprintf(stderr, "gcnsim HSA: dispatch: %s\n", err);
        return -1;
    }
    if (st == 0 && !r.hit_limit)
        return 0;
    aql_kernel_name(p->mem, rd(pkt, 32, 8), name, sizeof name);
    report_end(p, q, name, st, &r, err);
    return -1;
}

/* A barrier packet pkt's queue clock: not before the end of any
 * dependency this processor completed (its end timestamp on the clocks);
 * signals the host completes carry no time and are passed over. */
static void barrier_clock(aql_proc_t *p, aql_queue_t *q, const uint8_t *pkt, unsigned type)
{
    unsigned n = type == PKT_BARRIER_AND || type == PKT_BARRIER_OR ? 5
                 : type == PKT_VENDOR && rd(pkt, 2, 2) == AMD_FORMAT_BARRIER_VALUE ? 1 : 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t h = rd(pkt, 8 + 8 * i, 8), end;
        if (!h)
            continue;
        memcpy(&end, (const uint8_t *)(uintptr_t)h + SIG_END, 8);
        if (end > p->clock_base && end - p->clock_base > q->now_ns && end - p->clock_base < (1ull << 50))
            q->now_ns = end - p->clock_base;
    }
}

/* Whether packet pkt can run now. */
static int ready(const uint8_t *pkt, unsigned type)
{
    if (type == PKT_BARRIER_AND || type == PKT_BARRIER_OR)
        return barrier_ready(pkt, type == PKT_BARRIER_OR);
    if (type == PKT_VENDOR && rd(pkt, 2, 2) == AMD_FORMAT_BARRIER_VALUE)
        return barrier_value_ready(pkt);
    return 1;
}

unsigned aql_process(aql_proc_t *p, aql_queue_t *q)
{
    unsigned n = 0;
    while (!q->stopped) {
        uint64_t rix = __atomic_load_n(q->read, __ATOMIC_ACQUIRE);
        if (rix >= __atomic_load_n(q->write, __ATOMIC_ACQUIRE))
            break;
        uint8_t *pkt = q->ring + (rix & (q->size - 1)) * 64;
        unsigned type = __atomic_load_n((volatile uint16_t *)pkt, __ATOMIC_ACQUIRE) & 0xff;
        if (type == PKT_INVALID || !ready(pkt, type))
            break;
        uint64_t sig = rd(pkt, 56, 8);
        barrier_clock(p, q, pkt, type);
        uint64_t start = p->clock_base + q->now_ns;
        if (type == PKT_DISPATCH)
            run_dispatch(p, q, pkt);
        if (q->stopped)
            break;
        if (sig) {
            uint64_t end = p->clock_base + q->now_ns;
            memcpy((uint8_t *)(uintptr_t)sig + SIG_START, &start, 8);
            memcpy((uint8_t *)(uintptr_t)sig + SIG_END, &end, 8);
        }
        __atomic_store_n((volatile uint16_t *)pkt, (uint16_t)PKT_INVALID, __ATOMIC_RELEASE);
        __atomic_store_n(q->read, rix + 1, __ATOMIC_RELEASE);
        signal_complete(p, sig);
        n++;
    }
    return n;
}

void aql_forget(aql_proc_t *p, uint64_t base, uint64_t size)
{
    for (size_t i = 0; i < p->ncode;)
        if (p->code[i].base < base + size && base < p->code[i].base + p->code[i].size) {
            sim_prog_free(&p->code[i].prog);
            p->code[i] = p->code[--p->ncode];
        } else {
            i++;
        }
}

void aql_free(aql_proc_t *p)
{
    for (size_t i = 0; i < p->ncode; i++)
        sim_prog_free(&p->code[i].prog);
    free(p->code);
    p->code = NULL;
    p->ncode = 0;
}
