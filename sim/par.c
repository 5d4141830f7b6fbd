/* par.c — functional work-groups on several host threads (see par.h).
 * One mutex guards the hand-out (next group in order), the commit (each
 * group's counts folded in group order) and the first fault or limit;
 * a worker takes it once per chunk of work-groups, never while it runs
 * one. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/par.h"
#include "sim/exec.h"
#include "sim/wg.h"

/* PAR_WINDOW: work-groups a worker may start ahead of the oldest one not
 * yet ended (the slots that keep their counts until their turn to be
 * committed); PAR_CHUNK_MAX: the most groups a worker takes at a time. */
enum { PAR_WINDOW = 1024, PAR_CHUNK_MAX = 32 };

/* What one work-group added to the dispatch's counters. */
typedef struct {
    uint64_t ninst, lds_oob, scratch_oob, nwaves;
    uint64_t by_enc[ISA_ENC_COUNT];
    int done;                  /* ended, waiting for its turn */
} par_count_t;

typedef struct par par_t;

/* A host thread's state: its own context, memory view, waves, registers,
 * LDS and (but for the calling thread's) scratch backing.  Aligned to a
 * cache line pair, so that the counters one thread bumps on every
 * instruction share no line with another's. */
typedef struct {
    _Alignas(128) par_t *p;
    int is_main;               /* the calling thread: reports progress */
    sim_ctx_t c;
    mem_t view;
    uint8_t *own_scratch;      /* this thread's scratch backing (NULL: the allocation's) */
    uint8_t *scratch;          /* host address of the scratch it uses (NULL: none) */
    wave_t *waves;
    uint32_t (*vgprs)[64];
    uint8_t *lds;
    pthread_t tid;
} par_worker_t;

struct par {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    const sim_kernel_t *k;
    const sim_ctx_t *c0;       /* the dispatch's context (read only while workers run) */
    uint32_t lds_alloc;
    uint64_t groups, next, stop_at, committed, reported;
    uint64_t chunk;            /* groups taken at a time */
    par_count_t *slots;        /* PAR_WINDOW of them, group i in slot i % PAR_WINDOW */
    par_count_t total;         /* of the committed groups */
    uint64_t fail_at;          /* the first group (in order) that faulted or hit a limit; UINT64_MAX: none */
    int fail_rc;               /* sim_run_wg's -1 or 1 for it */
    sim_result_t fail;         /* its fault or limit */
    int cancelled;             /* the cancel flag stopped the hand-out */
};

unsigned par_threads(unsigned threads, uint64_t groups)
{
    uint64_t most = groups / PAR_MIN_GROUPS;
    return threads <= most ? (threads ? threads : 1) : most ? (unsigned)most : 1;
}

int par_order_dependent(const sim_prog_t *prog)
{
    for (size_t i = 0; i < prog->ndw;) {
        const isa_inst_t *in = &prog->inst[i];
        if (in->op >= ISA_OP_COUNT) {
            i++;
            continue;
        }
        const isa_row_t *row = isa_row(in->op);
        if (row->enc == ISA_ENC_DS) {
            if (in->gds || (isa_ds_info(in->op).form & ISA_DS_GDS_ONLY))
                return 1;
        } else if (row->flags & ISA_F_ATOMIC)
            return 1;
        i += in->ndw ? in->ndw : 1;
    }
    return 0;
}

/* Run group i (in x-fastest order) on worker w: its counts into d; on a
 * fault or limit, what it was into fr.  sim_run_wg's result. */
static int run_group(par_worker_t *w, uint64_t i, par_count_t *d, sim_result_t *fr)
{
    sim_ctx_t *c = &w->c;
    uint32_t id[3] = {(uint32_t)(i % c->ngroups[0]), (uint32_t)(i / c->ngroups[0] % c->ngroups[1]),
                      (uint32_t)(i / c->ngroups[0] / c->ngroups[1])};
    uint64_t ninst = c->ninst, lds_oob = c->lds_oob, scratch_oob = c->scratch_oob, by_enc[ISA_ENC_COUNT];
    memcpy(by_enc, c->ninst_by_enc, sizeof by_enc);
    if (w->scratch)   /* every group starts from zeroed scratch, whichever thread runs it */
        memset(w->scratch, 0, c->scratch_size);
    sim_wg_t g;
    memset(&g, 0, sizeof g);
    g.lds = w->lds;
    sim_wg_setup(w->p->k, c, &g, id, w->p->lds_alloc, w->vgprs, w->waves, NULL);
    int wr = sim_run_wg(c, &g);
    d->ninst = c->ninst - ninst;
    d->lds_oob = c->lds_oob - lds_oob;
    d->scratch_oob = c->scratch_oob - scratch_oob;
    d->nwaves = g.nwaves;
    for (int e = 0; e < ISA_ENC_COUNT; e++)
        d->by_enc[e] = c->ninst_by_enc[e] - by_enc[e];
    if (wr < 0) {
        for (uint32_t j = 0; j < g.nwaves; j++)
            if (w->waves[j].state == WAVE_FAULT) {
                fr->faulted = 1;
                fr->fault = w->waves[j].fault;
                memcpy(fr->fault_wg, id, sizeof id);
                fr->fault_wave = j;
                break;
            }
    } else if (wr > 0)
        sim_limit_result(c, fr);
    return wr;
}

/* Stop the hand-out before group i (p->mu held; workers read it without). */
static void stop_before(par_t *p, uint64_t i)
{
    if (i < p->stop_at)
        __atomic_store_n(&p->stop_at, i, __ATOMIC_RELAXED);
}

/* Groups i0 .. i0+n-1 ended, their counts in their slots; the last one
 * with sim_run_wg's wr (and fr when wr != 0).  Fold what is ready, in
 * order (p->mu held). */
static void finish(par_t *p, uint64_t i0, uint64_t n, int wr, const sim_result_t *fr)
{
    for (uint64_t i = i0; i < i0 + n; i++)
        p->slots[i % PAR_WINDOW].done = 1;
    uint64_t last = i0 + n - 1;
    if (n && wr != 0 && last < p->fail_at) {
        p->fail_at = last;
        p->fail_rc = wr;
        p->fail = *fr;
        stop_before(p, last + 1);
    }
    while (p->committed < p->stop_at && p->slots[p->committed % PAR_WINDOW].done) {
        par_count_t *t = &p->slots[p->committed % PAR_WINDOW];
        p->total.ninst += t->ninst;
        p->total.lds_oob += t->lds_oob;
        p->total.scratch_oob += t->scratch_oob;
        p->total.nwaves += t->nwaves;
        for (int e = 0; e < ISA_ENC_COUNT; e++)
            p->total.by_enc[e] += t->by_enc[e];
        t->done = 0;
        p->committed++;
    }
    pthread_cond_broadcast(&p->cv);
}

/* The calling thread reports progress every 64 committed groups, as the
 * serial loop does (p->mu held; released while the callback runs). */
static void progress(par_t *p)
{
    const sim_ctx_t *c0 = p->c0;
    if (!c0->progress || p->committed / 64 == p->reported / 64)
        return;
    p->reported = p->committed;
    uint64_t done = p->committed, ninst = p->total.ninst;
    pthread_mutex_unlock(&p->mu);
    c0->progress(c0->progress_arg, done, p->groups, ninst, 0);
    pthread_mutex_lock(&p->mu);
}

/* Run groups i0 .. i0+n-1 on w, their counts into their slots, until one
 * faults or hits a limit or the hand-out stops before the next: how many
 * ran; *wr and fr say how the last ended. */
static uint64_t run_chunk(par_worker_t *w, uint64_t i0, uint64_t n, int *wr, sim_result_t *fr)
{
    par_t *p = w->p;
    uint64_t ran = 0;
    *wr = 0;
    while (ran < n && *wr == 0 && i0 + ran < __atomic_load_n(&p->stop_at, __ATOMIC_RELAXED)) {
        *wr = run_group(w, i0 + ran, &p->slots[(i0 + ran) % PAR_WINDOW], fr);
        ran++;
    }
    return ran;
}

/* A worker: take the next groups in order (a chunk), run them, commit;
 * until none is left or a fault, limit or the cancel flag stops the
 * hand-out. */
static void work(par_worker_t *w)
{
    par_t *p = w->p;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->next < p->stop_at && p->next >= p->committed + PAR_WINDOW)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->next < p->stop_at && p->c0->cancel && *p->c0->cancel) {
            p->cancelled = 1;
            stop_before(p, p->next);
            pthread_cond_broadcast(&p->cv);
        }
        if (p->next >= p->stop_at)
            break;
        uint64_t i0 = p->next, n = p->chunk;
        if (n > p->stop_at - i0)
            n = p->stop_at - i0;
        if (n > p->committed + PAR_WINDOW - i0)
            n = p->committed + PAR_WINDOW - i0;
        p->next += n;
        pthread_mutex_unlock(&p->mu);
        int wr;
        sim_result_t fr;
        memset(&fr, 0, sizeof fr);
        uint64_t ran = run_chunk(w, i0, n, &wr, &fr);
        pthread_mutex_lock(&p->mu);
        finish(p, i0, ran, wr, &fr);
        if (w->is_main)
            progress(p);
    }
    pthread_mutex_unlock(&p->mu);
}

static void *worker_main(void *arg)
{
    work(arg);
    return NULL;
}

/* Set up worker w (w->p set): its context copy, memory view and group
 * state.  0, or -1 when out of host memory. */
static int worker_init(par_worker_t *w, const sim_kernel_t *k, uint32_t max_waves, int main_thread)
{
    const sim_ctx_t *c0 = w->p->c0;
    w->is_main = main_thread;
    w->c = *c0;
    w->c.ninst = w->c.lds_oob = w->c.scratch_oob = 0;
    memset(w->c.ninst_by_enc, 0, sizeof w->c.ninst_by_enc);
    w->c.progress = NULL;   /* the calling thread reports, between groups */
    w->c.on_step = NULL;
    w->c.fx = NULL;
    w->c.groups_done = 0;
    sim_limits_init(&w->c);
    if (c0->scratch_size && !main_thread && !(w->own_scratch = malloc(c0->scratch_size)))
        return -1;
    if (mem_view(c0->mem, &w->view, c0->scratch_addr, w->own_scratch))
        return -1;
    w->c.mem = &w->view;
    if (c0->scratch_size)
        w->scratch = mem_ptr(&w->view, c0->scratch_addr, c0->scratch_size);
    uint32_t nv = ((k->rsrc1 & 0x3f) + 1) * 4;
    w->waves = calloc(max_waves, sizeof *w->waves);
    w->vgprs = calloc((size_t)max_waves * nv, sizeof *w->vgprs);
    w->lds = calloc(1, w->p->lds_alloc ? w->p->lds_alloc : 1);
    return w->waves && w->vgprs && w->lds && (!c0->scratch_size || w->scratch) ? 0 : -1;
}

static void worker_free(par_worker_t *w)
{
    mem_view_free(&w->view);
    free(w->own_scratch);
    free(w->waves);
    free(w->vgprs);
    free(w->lds);
}

/* The result of the run (every worker ended) into c and r. */
static int result(par_t *p, sim_ctx_t *c, sim_result_t *r)
{
    c->ninst = p->total.ninst;
    c->lds_oob = p->total.lds_oob;
    c->scratch_oob = p->total.scratch_oob;
    memcpy(c->ninst_by_enc, p->total.by_enc, sizeof c->ninst_by_enc);
    c->groups_done = p->committed;
    r->nwg = p->committed;
    r->nwaves = p->total.nwaves;
    if (p->fail_at != UINT64_MAX) {
        const sim_result_t *f = &p->fail;
        r->faulted = f->faulted;
        r->fault = f->fault;
        memcpy(r->fault_wg, f->fault_wg, sizeof r->fault_wg);
        r->fault_wave = f->fault_wave;
        r->hit_limit = f->hit_limit;
        memcpy(r->limit_wg, f->limit_wg, sizeof r->limit_wg);
        r->limit_wave = f->limit_wave;
        r->limit_pc = f->limit_pc;
        r->limit_wave_inst = f->limit_wave_inst;
        memcpy(r->limit_disasm, f->limit_disasm, sizeof r->limit_disasm);
        return p->fail_rc < 0 ? 1 : 0;
    }
    if (p->cancelled)
        r->hit_limit = SIM_LIMIT_CANCEL;
    return 0;
}

int par_run(const sim_kernel_t *k, sim_ctx_t *c, uint32_t lds_alloc, unsigned threads, sim_result_t *r,
            char *err, size_t errlen)
{
    par_t p;
    memset(&p, 0, sizeof p);
    p.k = k;
    p.c0 = c;
    p.lds_alloc = lds_alloc;
    p.groups = p.stop_at = c->groups;
    p.fail_at = UINT64_MAX;
    if (threads > c->groups)
        threads = (unsigned)c->groups;
    /* chunks: fewer trips through the lock for small groups, and at most
     * a 64th of a thread's share, so that the threads end together */
    p.chunk = c->groups / ((uint64_t)threads * 64);
    p.chunk = p.chunk < 1 ? 1 : p.chunk > PAR_CHUNK_MAX ? PAR_CHUNK_MAX : p.chunk;
    uint32_t max_waves = (c->local[0] * c->local[1] * c->local[2] + 63) / 64;
    par_worker_t *w = aligned_alloc(_Alignof(par_worker_t), threads * sizeof *w);
    if (w)
        memset(w, 0, threads * sizeof *w);
    p.slots = calloc(PAR_WINDOW, sizeof *p.slots);
    int rc = w && p.slots ? 0 : -1;
    for (unsigned i = 0; i < threads && rc == 0; i++) {
        w[i].p = &p;
        rc = worker_init(&w[i], k, max_waves, i == 0);
    }
    if (rc) {
        snprintf(err, errlen, "out of host memory for the work-groups' state on %u threads", threads);
        goto out;
    }
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.cv, NULL);
    unsigned started = 1;   /* a thread that cannot start leaves its share to the others */
    for (; started < threads && pthread_create(&w[started].tid, NULL, worker_main, &w[started]) == 0; started++)
        ;
    work(&w[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(w[i].tid, NULL);
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.mu);
    rc = result(&p, c, r);
out:
    for (unsigned i = 0; w && i < threads; i++)
        worker_free(&w[i]);
    free(w);
    free(p.slots);
    return rc;
}
