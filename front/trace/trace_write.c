/* trace_write.c — writing a trace (format in trace.h).
 *
 * The caller's thread only copies each record, compactly, into a batch;
 * a worker thread codes the batches' records into chunks (trace_code.c),
 * compresses them and writes them, so that a simulation recording its
 * trace loses little wall time to coding and zlib.  The bytes written do
 * not depend on the threads: chunk boundaries follow the coded sizes, in
 * record order.  When no thread can be started, trace_write codes and
 * compresses in place. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "front/trace/trace_code.h"

enum {
    ZLEVEL = 1,              /* zlib level of stream A (stream B is stored) */
    BATCH_BYTES = 1 << 20,   /* records handed to the worker at a time: about this many bytes */
};

/* The coder's side: the open chunk and the compressed output. */
typedef struct {
    tc_buf_t a, b;           /* streams A (its first 4 bytes: the length of the rest) and B */
    uint64_t first, count;   /* records in the chunk */
    tc_ctx_t ctx;
    trace_prog_t *prog;      /* the records' instructions (over the header's code) */
    trace_rec_t rec;         /* a record unpacked from a batch */
    uint64_t off;            /* bytes written */
    tc_buf_t z;              /* a compressed member */
    tc_buf_t index;          /* per chunk: u64 offset, u64 first record, u32 count */
    uint64_t nchunks;
    z_stream zs;
    int zinit, failed;
    char err[512];
} coder_t;

/* What the previous packed record of the batch carried. */
typedef struct {
    int valid;
    uint64_t exec;
    uint32_t key[6];         /* launch, wave, wg[3], wg_wave */
} pk_prev_t;

/* The caller's fields, the worker's and the hand-over's lie in separate
 * cache lines, so that the two threads do not slow each other down. */
struct trace_writer {
    FILE *fp;
    char *path;
    int timing;
    coder_t cd;              /* the worker's while it runs */
    /* the caller's */
    _Alignas(64) uint64_t n; /* records written */
    int failed;
    pk_prev_t pk;            /* the batch's previous record, for packing */
    tc_buf_t fill;           /* records packed by the caller */
    /* the hand-over of batches */
    _Alignas(64) tc_buf_t work;   /* the batch the worker codes */
    int threaded, busy, quit;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

/* ---- members ------------------------------------------------------------ */

static int c_fail(coder_t *cd, const char *path, const char *what)
{
    if (!cd->failed)
        snprintf(cd->err, sizeof cd->err, "%s: %s: %s", path, what, errno ? strerror(errno) : "out of memory");
    cd->failed = 1;
    return -1;
}

/* Write one member of the given kind whose payload is data (compressed)
 * then stored (deflate level 0: bytes that do not compress). */
static int w_member(trace_writer_t *tw, unsigned kind, uint64_t arg, const uint8_t *data, size_t n,
                    const uint8_t *stored, size_t ns)
{
    coder_t *cd = &tw->cd;
    errno = 0;
    if (deflateReset(&cd->zs) != Z_OK || deflateParams(&cd->zs, ZLEVEL, Z_DEFAULT_STRATEGY) != Z_OK)
        return c_fail(cd, tw->path, "compression failed");
    cd->z.n = 0;
    size_t bound = deflateBound(&cd->zs, (uLong)(n + ns)) + ns / 8192 + 64 + TC_GZ_HDR + TC_GZ_TRAILER;
    if (tc_reserve(&cd->z, bound))
        return c_fail(cd, tw->path, "cannot write");
    cd->zs.next_in = (Bytef *)data;
    cd->zs.avail_in = (uInt)n;
    cd->zs.next_out = cd->z.p + TC_GZ_HDR;
    cd->zs.avail_out = (uInt)(bound - TC_GZ_HDR - TC_GZ_TRAILER);
    int zr = ns ? deflate(&cd->zs, Z_NO_FLUSH) : deflate(&cd->zs, Z_FINISH);
    if (ns && zr == Z_OK && deflateParams(&cd->zs, 0, Z_DEFAULT_STRATEGY) == Z_OK) {
        cd->zs.next_in = (Bytef *)stored;
        cd->zs.avail_in = (uInt)ns;
        zr = deflate(&cd->zs, Z_FINISH);
    }
    if (zr != Z_STREAM_END)
        return c_fail(cd, tw->path, "compression failed");
    size_t csize = TC_GZ_HDR + cd->zs.total_out + TC_GZ_TRAILER;
    tc_member_header(cd->z.p, kind, (uint32_t)csize, arg);
    uint8_t *t = cd->z.p + TC_GZ_HDR + cd->zs.total_out;
    uLong crc = crc32(crc32(0, NULL, 0), data, (uInt)n);
    tc_put_le(t, ns ? crc32(crc, stored, (uInt)ns) : crc, 4);
    tc_put_le(t + 4, (uint32_t)(n + ns), 4);
    if (fwrite(cd->z.p, 1, csize, tw->fp) != csize)
        return c_fail(cd, tw->path, "cannot write");
    cd->off += csize;
    return 0;
}

/* Compress and write the open chunk, and start the next one. */
static void w_chunk(trace_writer_t *tw)
{
    coder_t *cd = &tw->cd;
    if (!cd->count || cd->failed)
        return;
    uint8_t e[20];
    tc_put_le(e, cd->off, 8);
    tc_put_le(e + 8, cd->first, 8);
    tc_put_le(e + 16, cd->count, 4);
    tc_put(&cd->index, e, sizeof e);
    tc_put_le(cd->a.p, cd->a.n - 4, 4);
    errno = ENOMEM;
    if (cd->index.oom || cd->a.oom || cd->b.oom) {
        c_fail(cd, tw->path, "cannot write");
        return;
    }
    if (w_member(tw, TC_KIND_RECORDS, cd->first, cd->a.p, cd->a.n, cd->b.p, cd->b.n))
        return;
    cd->nchunks++;
    cd->first += cd->count;
    cd->count = 0;
    cd->a.n = 0;
    cd->b.n = 0;
    tc_put(&cd->a, "\0\0\0\0", 4);   /* room for the length of stream A */
    tc_reset(&cd->ctx);
}

/* Code one record into the open chunk (a full chunk is written). */
static void w_code(trace_writer_t *tw, const trace_rec_t *r)
{
    coder_t *cd = &tw->cd;
    if (cd->failed)
        return;
    tc_encode(&cd->ctx, &cd->a, &cd->b, r, tw->timing);
    cd->count++;
    if (cd->a.n + cd->b.n >= TC_CHUNK_BYTES || cd->count >= TC_CHUNK_RECORDS)
        w_chunk(tw);
}

/* ---- batches: records packed by the caller, unpacked by the worker ------
 *
 * A packed record: u32 bits (counts, flags, which optional parts follow),
 * u64 pc, [u64 EXEC if it changed], [u32 launch, wave, wg[3], wg_wave if
 * the wave changed], ndw u32 encoding dwords, [u64 issue, done cycles in
 * timing mode], [u32 nm if memory was written]; then ns trace_sreg_t, nh
 * trace_hwreg_t, per VGPR u16 reg, 2 zero bytes, u64 mask and the lanes of
 * mask (4 bytes each), then nm trace_mem_t.  "Changed" is against the
 * batch's previous record (the first of a batch carries both). */
enum {
    PK_NV = 6, PK_NH = 11, PK_NDW = 14, PK_FLAGS = 16,   /* shifts; ns is bits 0-5 */
    PK_SCCW = 1u << 19, PK_SCC = 1u << 20, PK_WAVE = 1u << 21, PK_EXEC = 1u << 22,
    PK_MEM = 1u << 23, PK_CYCLES = 1u << 24,
    PK_HEAD_MAX = 4 + 8 + 8 + 24 + 12 + 16 + 4,
};

/* The most bytes a packed record of these counts takes. */
static inline size_t packed_size(unsigned ns, unsigned nh, unsigned nv, unsigned nm)
{
    return PK_HEAD_MAX + ns * sizeof(trace_sreg_t) + nh * sizeof(trace_hwreg_t) + nv * (4 + 8 + 256) +
           (size_t)nm * sizeof(trace_mem_t);
}

/* The counts and flags of a packed record's first word. */
static inline uint32_t pack_bits(unsigned ns, unsigned nv, unsigned nh, unsigned flags, int scc_written, int scc)
{
    return ns | nv << PK_NV | nh << PK_NH | (flags & 7) << PK_FLAGS | (scc_written ? PK_SCCW : 0) |
           (scc_written && scc ? PK_SCC : 0);
}

/* A VGPR write packed at p (lanes of mask from val[]); returns the end. */
static inline uint8_t *pack_vreg(uint8_t *p, uint16_t reg, uint64_t mask, const uint32_t *val)
{
    memcpy(p, &reg, 2), memset(p + 2, 0, 2), p += 4;   /* keeps the lanes 4-byte aligned */
    memcpy(p, &mask, 8), p += 8;
    if (mask == ~0ull) {
        memcpy(p, val, 256);
        return p + 256;
    }
    for (; mask; mask &= mask - 1, p += 4)
        memcpy(p, &val[__builtin_ctzll(mask)], 4);
    return p;
}

/* Every part of a packed record is a multiple of 4 bytes, so the VGPR lanes
 * the worker reads in place are 4-byte aligned. */
_Static_assert(sizeof(trace_sreg_t) % 4 == 0 && sizeof(trace_hwreg_t) % 4 == 0 && sizeof(trace_mem_t) % 4 == 0,
               "packed records keep 4-byte alignment");

/* Pack, at p, the header parts of record t that precede its writes (pc,
 * and EXEC, the wave, the encoding, the cycles and nm where they apply),
 * leaving the first word to the caller; *bits gets the optional parts'
 * flags.  Returns the end of the header. */
static uint8_t *pack_head(trace_writer_t *tw, uint8_t *p, const trace_rec_t *t, uint32_t *bits)
{
    pk_prev_t *q = &tw->pk;
    uint32_t b = (uint32_t)(t->ndw > 3 ? 3 : t->ndw) << PK_NDW;
    p += 4;   /* the first word: the caller's */
    memcpy(p, &t->pc, 8), p += 8;
    if (!q->valid || t->exec != q->exec) {
        b |= PK_EXEC;
        memcpy(p, &t->exec, 8), p += 8;
        q->exec = t->exec;
    }
    if (!q->valid || t->wave != q->key[1] || t->launch != q->key[0] || t->wg[0] != q->key[2] ||
        t->wg[1] != q->key[3] || t->wg[2] != q->key[4] || t->wg_wave != q->key[5]) {
        uint32_t k[6] = {t->launch, t->wave, t->wg[0], t->wg[1], t->wg[2], t->wg_wave};
        b |= PK_WAVE;
        memcpy(p, k, sizeof k), p += sizeof k;
        memcpy(q->key, k, sizeof k);
    }
    q->valid = 1;
    memcpy(p, t->dw, 12), p += 4u * (b >> PK_NDW & 3);   /* the room holds 12; the rest is overwritten */
    if (tw->timing) {
        b |= PK_CYCLES;
        memcpy(p, &t->cycle_issue, 8), memcpy(p + 8, &t->cycle_done, 8), p += 16;
    }
    if (t->nm) {
        uint32_t n = t->nm;
        b |= PK_MEM;
        memcpy(p, &n, 4), p += 4;
    }
    *bits = b;
    return p;
}

/* Pack r at p (room for packed_size() bytes); returns the end. */
static uint8_t *pack(trace_writer_t *tw, uint8_t *p, const trace_rec_t *r)
{
    uint8_t *p0 = p;
    uint32_t bits;
    p = pack_head(tw, p, r, &bits);
    memcpy(p, r->s, r->ns * sizeof r->s[0]), p += r->ns * sizeof r->s[0];
    memcpy(p, r->h, r->nh * sizeof r->h[0]), p += r->nh * sizeof r->h[0];
    for (unsigned i = 0; i < r->nv; i++)
        p = pack_vreg(p, r->v[i].reg, r->v[i].mask, trace_vreg_vals(&r->v[i]));
    if (r->nm)
        memcpy(p, r->m, (size_t)r->nm * sizeof r->m[0]), p += (size_t)r->nm * sizeof r->m[0];
    bits |= pack_bits(r->ns, r->nv, r->nh, r->flags, r->scc_written, r->scc);
    memcpy(p0, &bits, 4);
    return p;
}

/* Unpack the record at *p into r; returns the next position, or NULL when
 * out of memory. */
static const uint8_t *unpack(const uint8_t *p, trace_rec_t *r)
{
    uint32_t bits, nm = 0;
    memcpy(&bits, p, 4), p += 4;
    memcpy(&r->pc, p, 8), p += 8;
    if (bits & PK_EXEC)   /* else as the batch's previous record */
        memcpy(&r->exec, p, 8), p += 8;
    if (bits & PK_WAVE) {
        uint32_t k[6];
        memcpy(k, p, sizeof k), p += sizeof k;
        r->launch = k[0], r->wave = k[1], r->wg[0] = k[2], r->wg[1] = k[3], r->wg[2] = k[4], r->wg_wave = k[5];
    }
    r->ndw = (uint8_t)(bits >> PK_NDW & 3);
    memset(r->dw, 0, sizeof r->dw);
    memcpy(r->dw, p, 4u * r->ndw), p += 4u * r->ndw;
    r->cycle_issue = r->cycle_done = 0;
    if (bits & PK_CYCLES)
        memcpy(&r->cycle_issue, p, 8), memcpy(&r->cycle_done, p + 8, 8), p += 16;
    if (bits & PK_MEM)
        memcpy(&nm, p, 4), p += 4;
    r->flags = (uint8_t)(bits >> PK_FLAGS & 7);
    r->scc_written = (bits & PK_SCCW) != 0, r->scc = (bits & PK_SCC) != 0;
    r->ns = bits & 63, r->nv = bits >> PK_NV & 31, r->nh = bits >> PK_NH & 7, r->nm = 0;
    memcpy(r->s, p, r->ns * sizeof r->s[0]), p += r->ns * sizeof r->s[0];
    memcpy(r->h, p, r->nh * sizeof r->h[0]), p += r->nh * sizeof r->h[0];
    for (unsigned i = 0; i < r->nv; i++) {
        trace_vreg_t *v = &r->v[i];
        memcpy(&v->reg, p, 2), p += 4;
        memcpy(&v->mask, p, 8), p += 8;
        if (v->mask == ~0ull) {   /* the coder reads the lanes where they are in the batch */
            v->lanes = (const uint32_t *)p, p += 256;
            continue;
        }
        v->lanes = NULL;
        for (uint64_t m = v->mask; m; m &= m - 1, p += 4)
            memcpy(&v->val[__builtin_ctzll(m)], p, 4);
    }
    if (nm > r->mcap) {
        trace_mem_t *m = realloc(r->m, (size_t)nm * sizeof *m);
        if (!m)
            return NULL;
        r->m = m;
        r->mcap = nm;
    }
    r->nm = nm;
    if (r->nm)
        memcpy(r->m, p, (size_t)r->nm * sizeof r->m[0]), p += (size_t)r->nm * sizeof r->m[0];
    return p;
}

/* Code every record of a batch. */
static void w_batch(trace_writer_t *tw, const tc_buf_t *b)
{
    const uint8_t *p = b->p, *end = b->p + b->n;
    while (p && p < end && !tw->cd.failed) {
        p = unpack(p, &tw->cd.rec);
        if (!p) {
            errno = ENOMEM;
            c_fail(&tw->cd, tw->path, "cannot write");
        } else
            w_code(tw, &tw->cd.rec);
    }
}

static void *w_thread(void *arg)
{
    trace_writer_t *tw = arg;
    pthread_mutex_lock(&tw->mu);
    for (;;) {
        while (!tw->busy && !tw->quit)
            pthread_cond_wait(&tw->cv, &tw->mu);
        if (!tw->busy)
            break;
        pthread_mutex_unlock(&tw->mu);
        w_batch(tw, &tw->work);
        pthread_mutex_lock(&tw->mu);
        tw->busy = 0;
        pthread_cond_broadcast(&tw->cv);
    }
    pthread_mutex_unlock(&tw->mu);
    return NULL;
}

/* Wait for the worker to finish its batch; -1 with its error if it failed. */
static int w_wait(trace_writer_t *tw, char *err, size_t errlen)
{
    if (tw->threaded) {
        pthread_mutex_lock(&tw->mu);
        while (tw->busy)
            pthread_cond_wait(&tw->cv, &tw->mu);
        pthread_mutex_unlock(&tw->mu);
    }
    if (tw->cd.failed) {
        snprintf(err, errlen, "%s", tw->cd.err);
        tw->failed = 1;
        return -1;
    }
    return 0;
}

/* Hand the filled batch to the worker. */
static int w_hand_over(trace_writer_t *tw, char *err, size_t errlen)
{
    if (w_wait(tw, err, errlen))
        return -1;
    if (tw->fill.oom) {
        snprintf(err, errlen, "%s: cannot write: out of memory", tw->path);
        tw->failed = 1;
        return -1;
    }
    tc_buf_t t = tw->work;
    tw->work = tw->fill;
    tw->fill = t;
    tw->fill.n = 0;
    pthread_mutex_lock(&tw->mu);
    tw->busy = 1;
    pthread_cond_broadcast(&tw->cv);
    pthread_mutex_unlock(&tw->mu);
    return 0;
}

static void w_start_thread(trace_writer_t *tw)
{
    if (pthread_mutex_init(&tw->mu, NULL) != 0)
        return;
    if (pthread_cond_init(&tw->cv, NULL) == 0) {
        if (pthread_create(&tw->th, NULL, w_thread, tw) == 0) {
            tw->threaded = 1;
            return;
        }
        pthread_cond_destroy(&tw->cv);
    }
    pthread_mutex_destroy(&tw->mu);
}

/* Stop the worker (after its batch). */
static void w_stop_thread(trace_writer_t *tw)
{
    if (!tw->threaded)
        return;
    pthread_mutex_lock(&tw->mu);
    tw->quit = 1;
    pthread_cond_broadcast(&tw->cv);
    pthread_mutex_unlock(&tw->mu);
    pthread_join(tw->th, NULL);
    pthread_cond_destroy(&tw->cv);
    pthread_mutex_destroy(&tw->mu);
    tw->threaded = 0;
}

void tc_writer_unthreaded(trace_writer_t *tw)
{
    w_stop_thread(tw);
}

/* ---- the interface ------------------------------------------------------ */

static int w_header(trace_writer_t *tw, const trace_header_t *h)
{
    tc_buf_t b = {0};
    tc_put(&b, tc_magic, sizeof tc_magic);
    tc_le(&b, TRACE_FORMAT_VERSION, 4);
    tc_le(&b, h->mode, 4);
    tc_str(&b, h->target);
    tc_str(&b, h->version);
    tc_str(&b, h->kernel);
    tc_str(&b, h->options ? h->options : "");
    tc_put(&b, h->co_sha256, 32);
    tc_le(&b, h->code_base, 8);
    errno = ENOMEM;
    int rc = b.oom ? c_fail(&tw->cd, tw->path, "cannot write") : w_member(tw, TC_KIND_HEADER, 0, b.p, b.n, NULL, 0);
    free(b.p);
    return rc;
}

static void w_free(trace_writer_t *tw)
{
    coder_t *cd = &tw->cd;
    if (cd->zinit)
        deflateEnd(&cd->zs);
    tc_free(&cd->ctx);
    trace_prog_free(cd->prog);
    trace_rec_free(&cd->rec);
    free(cd->a.p), free(cd->b.p), free(cd->z.p), free(cd->index.p);
    free(tw->fill.p), free(tw->work.p), free(tw->path), free(tw);
}

trace_writer_t *trace_write_open(const char *path, const trace_header_t *h, char *err, size_t errlen)
{
    trace_writer_t *tw = aligned_alloc(64, (sizeof *tw + 63) & ~(size_t)63);   /* its cache-line alignment */
    if (tw)
        memset(tw, 0, sizeof *tw);
    if (!tw || !(tw->path = strdup(path))) {
        free(tw);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    tw->timing = h->mode == TRACE_MODE_TIMING;
    tc_reset(&tw->cd.ctx);
    /* the predictor looks instructions up in the launch's program */
    tw->cd.prog = trace_prog_new(isa_target_by_name(h->target), h->code);
    if (!tw->cd.prog || tc_set_target(&tw->cd.ctx, h->target, tw->cd.prog, 1)) {
        snprintf(err, errlen, "%s: out of memory", path);
        w_free(tw);
        return NULL;
    }
    tc_put(&tw->cd.a, "\0\0\0\0", 4);   /* room for the length of stream A */
    if (deflateInit2(&tw->cd.zs, ZLEVEL, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(err, errlen, "%s: cannot start the compressor", path);
        w_free(tw);
        return NULL;
    }
    tw->cd.zinit = 1;
    if (!(tw->fp = fopen(path, "wb"))) {
        snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
        w_free(tw);
        return NULL;
    }
    if (w_header(tw, h)) {
        snprintf(err, errlen, "%s", tw->cd.err);
        fclose(tw->fp);
        w_free(tw);
        return NULL;
    }
    w_start_thread(tw);
    return tw;
}

/* Room for one packed record of at most most bytes at the end of the
 * batch, or NULL (writer failed or out of memory). */
static uint8_t *record_room(trace_writer_t *tw, size_t most)
{
    if (tw->failed || tc_reserve(&tw->fill, most))
        return NULL;
    if (!tw->fill.n)
        tw->pk.valid = 0;   /* a batch's first record carries its whole header */
    return tw->fill.p + tw->fill.n;
}

/* The packed record at the room's start ends at end: count it and hand a
 * full batch to the worker. */
static int record_done(trace_writer_t *tw, uint8_t *end, char *err, size_t errlen)
{
    tw->n++;
    tw->fill.n = (size_t)(end - tw->fill.p);
    if (!tw->threaded) {   /* code it here, from the packed copy as the worker would */
        w_batch(tw, &tw->fill);
        tw->fill.n = 0;
        return w_wait(tw, err, errlen);
    }
    if (tw->fill.n >= BATCH_BYTES)
        return w_hand_over(tw, err, errlen);
    return 0;
}

/* Why no room could be had (record_room gave NULL): -1 with a message. */
static int room_failed(trace_writer_t *tw, char *err, size_t errlen)
{
    if (tw->failed)
        snprintf(err, errlen, "%s: an earlier write failed", tw->path);
    else
        snprintf(err, errlen, "%s: cannot write: out of memory", tw->path);
    tw->failed = 1;
    return -1;
}

int trace_write(trace_writer_t *tw, const trace_rec_t *r, char *err, size_t errlen)
{
    if (tw->failed)
        return room_failed(tw, err, errlen);
    if (r->ns > TRACE_MAX_SREG || r->nv > TRACE_MAX_VREG || r->nh > TRACE_MAX_HWREG || r->ndw > 3 || r->flags > 7 ||
        r->nm > TRACE_MAX_MEM) {
        snprintf(err, errlen, "%s: a record with more than the format holds", tw->path);
        return -1;
    }
    size_t most = packed_size(r->ns, r->nh, r->nv, r->nm);
    uint8_t *p = record_room(tw, most);
    if (!p)
        return room_failed(tw, err, errlen);
    return record_done(tw, pack(tw, p, r), err, errlen);
}


uint64_t trace_write_count(const trace_writer_t *tw)
{
    return tw->n;
}

uint64_t trace_write_decodes(const trace_writer_t *tw)
{
    return trace_prog_decodes(tw->cd.prog);
}

/* The index member and the footer. */
static int w_index(trace_writer_t *tw)
{
    coder_t *cd = &tw->cd;
    tc_buf_t b = {0};
    tc_put(&b, tc_index_magic, sizeof tc_index_magic);
    tc_le(&b, cd->nchunks, 8);
    tc_le(&b, tw->n, 8);
    if (cd->index.n)
        tc_put(&b, cd->index.p, cd->index.n);
    uint64_t at = cd->off;
    errno = ENOMEM;
    int rc = b.oom ? c_fail(cd, tw->path, "cannot write") : w_member(tw, TC_KIND_INDEX, cd->nchunks, b.p, b.n, NULL, 0);
    free(b.p);
    if (rc == 0) {
        uint8_t f[TC_FOOTER_SIZE];
        tc_member_header(f, TC_KIND_FOOTER, TC_FOOTER_SIZE, at);
        memcpy(f + TC_GZ_HDR, tc_footer_tail, sizeof tc_footer_tail);
        errno = 0;
        if (fwrite(f, 1, sizeof f, tw->fp) != sizeof f)
            rc = c_fail(cd, tw->path, "cannot write");
    }
    return rc;
}

int trace_write_close(trace_writer_t *tw, char *err, size_t errlen)
{
    int rc = tw->failed ? -1 : 0;
    if (rc == 0 && tw->threaded && tw->fill.n)
        rc = w_hand_over(tw, err, errlen);
    if (rc == 0)
        rc = w_wait(tw, err, errlen);
    w_stop_thread(tw);
    if (rc == 0) {
        w_chunk(tw);
        if (!tw->cd.failed)
            w_index(tw);
        rc = w_wait(tw, err, errlen);
    }
    if (fclose(tw->fp) != 0 && rc == 0) {
        snprintf(err, errlen, "%s: cannot write: %s", tw->path, strerror(errno));
        rc = -1;
    }
    w_free(tw);
    return rc;
}
