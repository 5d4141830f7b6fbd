/* trace.c — the trace file: gzip members, chunks of records, the index and
 * the footer; writer and reader (format in trace.h).
 *
 * Record encoding inside a chunk (all varints are LEB128, "zz" is the
 * zigzag map of a signed difference).  The coder's context (previous wave,
 * predicted pc, EXEC, per-lane history of recent VGPR values) starts fresh
 * in every chunk, so that a chunk decodes on its own.
 *   u8 bits   1 new wave, 2 pc not predicted, 4 EXEC changed, 8 flags,
 *             16 SCC written, 32 SCC value, 64 cycles, 128 hardware regs
 *   [new wave]  launch, wave, wg[0..2], wg_wave          (varints)
 *   [pc]        zz(pc - predicted)   (predicted: previous pc + its length)
 *   u8 ndw, ndw dwords (LE)
 *   [exec] u64 LE   [flags] u8   [cycles] zz(issue - previous issue), zz(done - issue)
 *   ns, then per SGPR: reg, value                          (varints)
 *   nv, then per VGPR: reg, u8 mode (bit 0: lanes = EXEC, else u64 LE mask
 *       follows; bit 1: per-lane codes, else linear: a, zz(s) with value
 *       a + lane * s), then the codes of the mask's lanes
 *   nm, then per dword: u8 space, zz(addr - (previous addr + 4)), value code
 *   [hardware regs] nh, then per register: u8 id, value
 * A value code is a varint c: c & 3 == 0: the previous value + unzz(c >> 2);
 * c & 3 == 1: the (c >> 2)-th most recent value written in the lane's history;
 * c == 2: four raw bytes follow.  Memory dwords use the history of the lanes
 * of EXEC taken in turn (a store writes lane after lane). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "front/trace.h"

enum { KIND_HEADER = 1, KIND_RECORDS = 2, KIND_INDEX = 3, KIND_FOOTER = 4 };
enum {
    GZ_HDR = 32,                       /* gzip header with the 'GT' extra subfield */
    GZ_TRAILER = 8,                    /* CRC-32, ISIZE */
    FOOTER_SIZE = GZ_HDR + 2 + GZ_TRAILER,
    CHUNK_BYTES = 256 << 10,           /* records per chunk: about this many bytes */
    MAX_MEMBER = 64 << 20,             /* larger members are corrupt */
    ZLEVEL = 6,
    HIST = 4,                          /* per-lane value history */
};
static const char magic[8] = {'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E'};
static const char index_magic[8] = {'G', 'C', 'N', 'T', 'I', 'N', 'D', 'X'};

/* ---- byte buffers ------------------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t n, cap;
    int oom;
} buf_t;

static int b_reserve(buf_t *b, size_t more)
{
    if (b->n + more <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + more)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

static void b_put(buf_t *b, const void *p, size_t n)
{
    if (b_reserve(b, n))
        return;
    memcpy(b->p + b->n, p, n);
    b->n += n;
}

static inline void b_u8(buf_t *b, unsigned v)
{
    if (b->n < b->cap || !b_reserve(b, 1))
        b->p[b->n++] = (uint8_t)v;
}

static inline void b_var(buf_t *b, uint64_t v)
{
    if (b->n + 10 > b->cap && b_reserve(b, 10))
        return;
    uint8_t *p = b->p + b->n;
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    b->n = (size_t)(p - b->p);
}

static void b_le(buf_t *b, uint64_t v, unsigned bytes)
{
    uint8_t t[8];
    for (unsigned i = 0; i < bytes; i++)
        t[i] = (uint8_t)(v >> 8 * i);
    b_put(b, t, bytes);
}

static void b_str(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    b_var(b, n);
    b_put(b, s, n);
}

static inline uint64_t zz(int64_t d)
{
    return ((uint64_t)d << 1) ^ (uint64_t)(d >> 63);
}

static inline int64_t unzz(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

/* A cursor over decoded bytes; bad is set on any overrun. */
typedef struct {
    const uint8_t *p, *end;
    int bad;
} rd_t;

static inline unsigned r_u8(rd_t *r)
{
    if (r->p >= r->end) {
        r->bad = 1;
        return 0;
    }
    return *r->p++;
}

static inline uint64_t r_var(rd_t *r)
{
    uint64_t v = 0;
    for (unsigned s = 0; s < 64; s += 7) {
        if (r->p >= r->end) {
            r->bad = 1;
            return 0;
        }
        uint8_t c = *r->p++;
        v |= (uint64_t)(c & 0x7f) << s;
        if (!(c & 0x80))
            return v;
    }
    r->bad = 1;
    return 0;
}

static uint64_t r_le(rd_t *r, unsigned bytes)
{
    if ((size_t)(r->end - r->p) < bytes) {
        r->bad = 1;
        r->p = r->end;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)r->p[i] << 8 * i;
    r->p += bytes;
    return v;
}

static void r_str(rd_t *r, char *out, size_t cap)
{
    uint64_t n = r_var(r);
    if (n >= cap || (uint64_t)(r->end - r->p) < n) {
        r->bad = 1;
        out[0] = 0;
        return;
    }
    memcpy(out, r->p, n);
    out[n] = 0;
    r->p += n;
}

/* ---- the coder's context ------------------------------------------------ */

typedef struct {
    int have_wave;
    uint32_t launch, wave, wg[3], wg_wave;
    uint64_t next_pc, exec, issue, maddr;
    uint32_t hist[64][HIST];
    uint8_t head[64];
} ctx_t;

static void ctx_reset(ctx_t *c)
{
    memset(c, 0, sizeof *c);
}

static inline void hist_push(ctx_t *c, unsigned lane, uint32_t v)
{
    c->hist[lane][c->head[lane]++ & (HIST - 1)] = v;
}

static inline uint32_t hist_get(const ctx_t *c, unsigned lane, unsigned j)
{
    return c->hist[lane][(unsigned)(c->head[lane] - 1 - j) & (HIST - 1)];
}

/* Code value v given the previous value prev and the history of lane. */
static inline void put_val(buf_t *b, const ctx_t *c, unsigned lane, uint32_t prev, uint32_t v)
{
    uint64_t d = zz((int32_t)(v - prev));
    if (d < 32) {
        b_u8(b, (unsigned)(d << 2));
        return;
    }
    for (unsigned j = 0; j < HIST; j++)
        if (hist_get(c, lane, j) == v) {
            b_u8(b, j << 2 | 1);
            return;
        }
    if (d < (1u << 19))
        b_var(b, d << 2);
    else {
        b_u8(b, 2);
        b_le(b, v, 4);
    }
}

static inline uint32_t get_val(rd_t *r, const ctx_t *c, unsigned lane, uint32_t prev)
{
    uint64_t code = r_var(r);
    switch (code & 3) {
    case 0:
        return prev + (uint32_t)unzz(code >> 2);
    case 1:
        if ((code >> 2) >= HIST)
            break;
        return hist_get(c, lane, (unsigned)(code >> 2));
    case 2:
        if (code != 2)
            break;
        return (uint32_t)r_le(r, 4);
    }
    r->bad = 1;
    return 0;
}

/* The next lane of exec after lane (cyclically), for memory values. */
static inline unsigned next_lane(uint64_t exec, unsigned lane)
{
    if (!exec)
        return 0;
    uint64_t above = lane >= 63 ? 0 : exec & (~0ull << (lane + 1));
    return (unsigned)__builtin_ctzll(above ? above : exec);
}

/* ---- encoding and decoding one record ----------------------------------- */

static int is_linear(const trace_vreg_t *v, uint32_t *a, uint32_t *s)
{
    uint64_t m = v->mask;
    unsigned l0 = (unsigned)__builtin_ctzll(m);
    uint64_t rest = m & (m - 1);
    uint32_t st = 0;
    if (rest) {
        unsigned l1 = (unsigned)__builtin_ctzll(rest);
        if (l1 == l0 + 1)
            st = v->val[l1] - v->val[l0];
    }
    uint32_t base = v->val[l0] - l0 * st;
    for (; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (v->val[l] != base + l * st)
            return 0;
    }
    *a = base;
    *s = st;
    return 1;
}

static void enc_vreg(buf_t *b, ctx_t *c, const trace_vreg_t *v, uint64_t exec)
{
    b_var(b, v->reg);
    uint32_t a, s;
    int lin = v->mask && is_linear(v, &a, &s);
    b_u8(b, (v->mask == exec) | (lin ? 0 : 2));
    if (v->mask != exec)
        b_le(b, v->mask, 8);
    if (lin) {
        b_var(b, a);
        b_var(b, zz((int32_t)s));
    }
    uint32_t prev = 0;
    for (uint64_t m = v->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (!lin)
            put_val(b, c, l, prev, v->val[l]);
        prev = v->val[l];
        hist_push(c, l, prev);
    }
}

static void enc_rec(buf_t *b, ctx_t *c, const trace_rec_t *r, int timing)
{
    int neww = !c->have_wave || r->wave != c->wave || r->launch != c->launch || r->wg[0] != c->wg[0] ||
               r->wg[1] != c->wg[1] || r->wg[2] != c->wg[2] || r->wg_wave != c->wg_wave;
    unsigned bits = neww | (r->pc != c->next_pc) << 1 | (r->exec != c->exec) << 2 | (r->flags != 0) << 3 |
                    (r->scc_written != 0) << 4 | (r->scc != 0) << 5 | (timing != 0) << 6 | (r->nh != 0) << 7;
    b_u8(b, bits);
    if (neww) {
        b_var(b, r->launch), b_var(b, r->wave);
        b_var(b, r->wg[0]), b_var(b, r->wg[1]), b_var(b, r->wg[2]), b_var(b, r->wg_wave);
        c->have_wave = 1, c->launch = r->launch, c->wave = r->wave, c->wg_wave = r->wg_wave;
        memcpy(c->wg, r->wg, sizeof c->wg);
    }
    if (bits & 2)
        b_var(b, zz((int64_t)(r->pc - c->next_pc)));
    unsigned ndw = r->ndw > 3 ? 3 : r->ndw;
    b_u8(b, ndw);
    for (unsigned i = 0; i < ndw; i++)
        b_le(b, r->dw[i], 4);
    c->next_pc = r->pc + 4 * (ndw ? ndw : 1);
    if (bits & 4)
        b_le(b, r->exec, 8);
    c->exec = r->exec;
    if (bits & 8)
        b_u8(b, r->flags);
    if (bits & 64) {
        b_var(b, zz((int64_t)(r->cycle_issue - c->issue)));
        b_var(b, zz((int64_t)(r->cycle_done - r->cycle_issue)));
        c->issue = r->cycle_issue;
    }
    b_var(b, r->ns);
    for (unsigned i = 0; i < r->ns; i++)
        b_var(b, r->s[i].reg), b_var(b, r->s[i].val);
    b_var(b, r->nv);
    for (unsigned i = 0; i < r->nv; i++)
        enc_vreg(b, c, &r->v[i], r->exec);
    b_var(b, r->nm);
    uint32_t prev = 0;
    unsigned lane = 63;
    for (unsigned i = 0; i < r->nm; i++) {
        const trace_mem_t *m = &r->m[i];
        b_u8(b, m->space);
        b_var(b, zz((int64_t)(m->addr - c->maddr)));
        c->maddr = m->addr + 4;
        lane = next_lane(r->exec, lane);
        put_val(b, c, lane, prev, m->val);
        prev = m->val;
    }
    if (bits & 128) {
        b_var(b, r->nh);
        for (unsigned i = 0; i < r->nh; i++)
            b_u8(b, r->h[i].id), b_var(b, r->h[i].val);
    }
}

static int dec_vreg(rd_t *rd, ctx_t *c, trace_vreg_t *v, uint64_t exec)
{
    v->reg = (uint16_t)r_var(rd);
    unsigned mode = r_u8(rd);
    v->mask = mode & 1 ? exec : r_le(rd, 8);
    uint32_t a = 0, s = 0;
    if (!(mode & 2)) {
        a = (uint32_t)r_var(rd);
        s = (uint32_t)unzz(r_var(rd));
    }
    uint32_t prev = 0;
    for (uint64_t m = v->mask; m && !rd->bad; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        prev = mode & 2 ? get_val(rd, c, l, prev) : a + l * s;
        v->val[l] = prev;
        hist_push(c, l, prev);
    }
    return mode > 3 ? -1 : 0;
}

static int grow_mem(trace_rec_t *r, uint64_t n)
{
    if (n <= r->mcap)
        return 0;
    if (n > (1u << 24))
        return -1;
    trace_mem_t *m = realloc(r->m, n * sizeof *m);
    if (!m)
        return -1;
    r->m = m;
    r->mcap = (unsigned)n;
    return 0;
}

/* Decode one record; returns 0, or -1 with a reason. */
static int dec_rec(rd_t *rd, ctx_t *c, trace_rec_t *r, const char **why)
{
    unsigned bits = r_u8(rd);
    if (bits & 1) {
        c->launch = (uint32_t)r_var(rd), c->wave = (uint32_t)r_var(rd);
        c->wg[0] = (uint32_t)r_var(rd), c->wg[1] = (uint32_t)r_var(rd), c->wg[2] = (uint32_t)r_var(rd);
        c->wg_wave = (uint32_t)r_var(rd);
        c->have_wave = 1;
    } else if (!c->have_wave) {
        *why = "record without its wave";
        return -1;
    }
    r->launch = c->launch, r->wave = c->wave, r->wg_wave = c->wg_wave;
    memcpy(r->wg, c->wg, sizeof r->wg);
    r->pc = c->next_pc;
    if (bits & 2)
        r->pc += (uint64_t)unzz(r_var(rd));
    r->ndw = (uint8_t)r_u8(rd);
    if (r->ndw > 3) {
        *why = "bad instruction length";
        return -1;
    }
    memset(r->dw, 0, sizeof r->dw);
    for (unsigned i = 0; i < r->ndw; i++)
        r->dw[i] = (uint32_t)r_le(rd, 4);
    c->next_pc = r->pc + 4 * (r->ndw ? r->ndw : 1);
    if (bits & 4)
        c->exec = r_le(rd, 8);
    r->exec = c->exec;
    r->flags = bits & 8 ? (uint8_t)r_u8(rd) : 0;
    r->scc_written = (bits & 16) != 0;
    r->scc = (bits & 32) != 0;
    r->cycle_issue = r->cycle_done = 0;
    if (bits & 64) {
        c->issue += (uint64_t)unzz(r_var(rd));
        r->cycle_issue = c->issue;
        r->cycle_done = c->issue + (uint64_t)unzz(r_var(rd));
    }
    uint64_t n = r_var(rd);
    if (n > TRACE_MAX_SREG) {
        *why = "too many scalar registers";
        return -1;
    }
    r->ns = (unsigned)n;
    for (unsigned i = 0; i < r->ns; i++)
        r->s[i].reg = (uint16_t)r_var(rd), r->s[i].val = (uint32_t)r_var(rd);
    n = r_var(rd);
    if (n > TRACE_MAX_VREG) {
        *why = "too many vector registers";
        return -1;
    }
    r->nv = (unsigned)n;
    for (unsigned i = 0; i < r->nv; i++)
        if (dec_vreg(rd, c, &r->v[i], r->exec)) {
            *why = "bad vector register coding";
            return -1;
        }
    n = r_var(rd);
    if (n > (uint64_t)(rd->end - rd->p) || grow_mem(r, n)) {
        *why = "bad memory write count";
        return -1;
    }
    r->nm = (unsigned)n;
    uint32_t prev = 0;
    unsigned lane = 63;
    for (unsigned i = 0; i < r->nm && !rd->bad; i++) {
        trace_mem_t *m = &r->m[i];
        m->space = (uint8_t)r_u8(rd);
        m->addr = c->maddr + (uint64_t)unzz(r_var(rd));
        c->maddr = m->addr + 4;
        lane = next_lane(r->exec, lane);
        m->val = prev = get_val(rd, c, lane, prev);
    }
    r->nh = 0;
    if (bits & 128) {
        n = r_var(rd);
        if (n > TRACE_MAX_HWREG) {
            *why = "too many hardware registers";
            return -1;
        }
        r->nh = (unsigned)n;
        for (unsigned i = 0; i < r->nh; i++)
            r->h[i].id = (uint8_t)r_u8(rd), r->h[i].val = (uint32_t)r_var(rd);
    }
    if (rd->bad) {
        *why = "record runs past the end of its chunk";
        return -1;
    }
    return 0;
}

/* ---- gzip members ------------------------------------------------------- */

static void put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << 8 * i;
    return v;
}

/* The 32-byte gzip header of a member of the given kind. */
static void member_header(uint8_t h[GZ_HDR], unsigned kind, uint32_t csize, uint64_t arg)
{
    static const uint8_t fixed[16] = {0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 255, 20, 0, 'G', 'T', 16, 0};
    memcpy(h, fixed, 16);
    h[16] = (uint8_t)kind;
    h[17] = TRACE_FORMAT_VERSION;
    h[18] = h[19] = 0;
    put_le(h + 20, csize, 4);
    put_le(h + 24, arg, 8);
}

struct trace_writer {
    FILE *fp;
    char *path;
    uint64_t off;              /* bytes written */
    uint64_t n;                /* records written */
    uint64_t chunk_first;      /* first record of the open chunk */
    int timing, failed;
    buf_t raw, z;              /* the open chunk's encoded records; compressed member */
    buf_t index;               /* per chunk: offset, first, count */
    uint64_t nchunks;
    ctx_t ctx;
    z_stream zs;
    int zinit;
};

static int w_fail(trace_writer_t *tw, char *err, size_t errlen, const char *what)
{
    if (!tw->failed)
        snprintf(err, errlen, "%s: %s: %s", tw->path, what, errno ? strerror(errno) : "out of memory");
    tw->failed = 1;
    return -1;
}

/* Compress data into one member of the given kind and write it. */
static int w_member(trace_writer_t *tw, unsigned kind, uint64_t arg, const uint8_t *data, size_t n, char *err,
                    size_t errlen)
{
    errno = 0;
    if (deflateReset(&tw->zs) != Z_OK)
        return w_fail(tw, err, errlen, "compression failed");
    tw->z.n = 0;
    size_t bound = deflateBound(&tw->zs, (uLong)n) + GZ_HDR + GZ_TRAILER;
    if (b_reserve(&tw->z, bound))
        return w_fail(tw, err, errlen, "cannot write");
    tw->zs.next_in = (Bytef *)data;
    tw->zs.avail_in = (uInt)n;
    tw->zs.next_out = tw->z.p + GZ_HDR;
    tw->zs.avail_out = (uInt)(bound - GZ_HDR - GZ_TRAILER);
    if (deflate(&tw->zs, Z_FINISH) != Z_STREAM_END)
        return w_fail(tw, err, errlen, "compression failed");
    size_t csize = GZ_HDR + tw->zs.total_out + GZ_TRAILER;
    member_header(tw->z.p, kind, (uint32_t)csize, arg);
    uint8_t *t = tw->z.p + GZ_HDR + tw->zs.total_out;
    put_le(t, crc32(crc32(0, NULL, 0), data, (uInt)n), 4);
    put_le(t + 4, (uint32_t)n, 4);
    if (fwrite(tw->z.p, 1, csize, tw->fp) != csize)
        return w_fail(tw, err, errlen, "cannot write");
    tw->off += csize;
    return 0;
}

static int w_flush_chunk(trace_writer_t *tw, char *err, size_t errlen)
{
    if (tw->n == tw->chunk_first)
        return 0;
    uint8_t e[20];
    put_le(e, tw->off, 8);
    put_le(e + 8, tw->chunk_first, 8);
    put_le(e + 16, tw->n - tw->chunk_first, 4);
    b_put(&tw->index, e, sizeof e);
    if (tw->index.oom)
        return w_fail(tw, err, errlen, "cannot write");
    if (w_member(tw, KIND_RECORDS, tw->chunk_first, tw->raw.p, tw->raw.n, err, errlen))
        return -1;
    tw->nchunks++;
    tw->raw.n = 0;
    tw->chunk_first = tw->n;
    ctx_reset(&tw->ctx);
    return 0;
}

trace_writer_t *trace_write_open(const char *path, const trace_header_t *h, char *err, size_t errlen)
{
    trace_writer_t *tw = calloc(1, sizeof *tw);
    if (!tw || !(tw->path = strdup(path))) {
        free(tw);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    tw->timing = h->mode == TRACE_MODE_TIMING;
    if (deflateInit2(&tw->zs, ZLEVEL, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(err, errlen, "%s: cannot start the compressor", path);
        free(tw->path), free(tw);
        return NULL;
    }
    tw->zinit = 1;
    if (!(tw->fp = fopen(path, "wb"))) {
        snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
        tw->failed = 1;
        trace_write_close(tw, NULL, 0);
        return NULL;
    }
    buf_t b = {0};
    b_put(&b, magic, sizeof magic);
    b_le(&b, TRACE_FORMAT_VERSION, 4);
    b_le(&b, h->mode, 4);
    b_str(&b, h->target);
    b_str(&b, h->version);
    b_str(&b, h->kernel);
    b_str(&b, h->options ? h->options : "");
    b_put(&b, h->co_sha256, 32);
    b_le(&b, h->code_base, 8);
    int bad = b.oom ? (errno = ENOMEM, w_fail(tw, err, errlen, "cannot write"))
                    : w_member(tw, KIND_HEADER, 0, b.p, b.n, err, errlen);
    free(b.p);
    if (bad) {
        trace_write_close(tw, NULL, 0);
        return NULL;
    }
    return tw;
}

int trace_write(trace_writer_t *tw, const trace_rec_t *r, char *err, size_t errlen)
{
    if (tw->failed) {
        snprintf(err, errlen, "%s: an earlier write failed", tw->path);
        return -1;
    }
    enc_rec(&tw->raw, &tw->ctx, r, tw->timing);
    if (tw->raw.oom) {
        errno = ENOMEM;
        return w_fail(tw, err, errlen, "cannot write");
    }
    tw->n++;
    if (tw->raw.n >= CHUNK_BYTES)
        return w_flush_chunk(tw, err, errlen);
    return 0;
}

uint64_t trace_write_count(const trace_writer_t *tw)
{
    return tw->n;
}

int trace_write_close(trace_writer_t *tw, char *err, size_t errlen)
{
    char dummy[8];
    if (!err)
        err = dummy, errlen = sizeof dummy;
    int rc = tw->failed ? -1 : 0;
    if (!tw->failed && w_flush_chunk(tw, err, errlen) == 0) {
        buf_t b = {0};
        b_put(&b, index_magic, sizeof index_magic);
        b_le(&b, tw->nchunks, 8);
        b_le(&b, tw->n, 8);
        if (tw->index.n)
            b_put(&b, tw->index.p, tw->index.n);
        uint64_t at = tw->off;
        if (b.oom) {
            errno = ENOMEM;
            rc = w_fail(tw, err, errlen, "cannot write");
        } else if (w_member(tw, KIND_INDEX, tw->nchunks, b.p, b.n, err, errlen) == 0) {
            uint8_t f[FOOTER_SIZE];
            member_header(f, KIND_FOOTER, FOOTER_SIZE, at);
            memcpy(f + GZ_HDR, "\x03\x00\0\0\0\0\0\0\0\0", 10);   /* empty final block, CRC 0, size 0 */
            errno = 0;
            if (fwrite(f, 1, sizeof f, tw->fp) != sizeof f)
                rc = w_fail(tw, err, errlen, "cannot write");
        } else
            rc = -1;
        free(b.p);
    } else
        rc = -1;
    if (tw->fp && fclose(tw->fp) != 0 && rc == 0) {
        snprintf(err, errlen, "%s: cannot write: %s", tw->path, strerror(errno));
        rc = -1;
    }
    if (tw->zinit)
        deflateEnd(&tw->zs);
    free(tw->raw.p), free(tw->z.p), free(tw->index.p), free(tw->path), free(tw);
    return rc;
}

/* ---- reader ------------------------------------------------------------- */

typedef struct {
    uint64_t off, first;
    uint32_t count;
} chunk_t;

struct trace_reader {
    FILE *fp;
    char *path;
    uint64_t size;             /* file bytes */
    trace_header_t h;
    char *options;
    chunk_t *chunks;
    uint64_t nchunks, count;
    /* position */
    uint64_t ci;               /* chunk loaded (nchunks: none) */
    uint64_t next;             /* number of the record trace_next returns */
    buf_t raw, z;              /* the loaded chunk decoded; compressed member */
    rd_t rd;
    ctx_t ctx;
    z_stream zs;
    int zinit;
};

static int r_err(const trace_reader_t *tr, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int r_err(const trace_reader_t *tr, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
{
    int n = snprintf(err, errlen, "%s: offset %llu: ", tr->path, (unsigned long long)off);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Read and check the member at off, of kind; its payload into tr->raw.
 * *arg: the header's arg; *csize: the member's size. */
static int read_member(trace_reader_t *tr, uint64_t off, unsigned kind, uint64_t *arg, uint64_t *csize, char *err,
                       size_t errlen)
{
    static const char *names[] = {"", "header", "records", "index", "footer"};
    uint8_t h[GZ_HDR];
    if (off > tr->size || tr->size - off < GZ_HDR + GZ_TRAILER)
        return r_err(tr, err, errlen, off, "truncated: the %s member is missing", names[kind]);
    if (fseeko(tr->fp, (off_t)off, SEEK_SET) || fread(h, 1, GZ_HDR, tr->fp) != GZ_HDR)
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    if (h[0] != 0x1f || h[1] != 0x8b)
        return r_err(tr, err, errlen, off, "not a gzip member (a gcnsim trace is made of gzip members)");
    uint8_t ref[GZ_HDR];
    member_header(ref, kind, 0, 0);
    if (memcmp(h, ref, 16) != 0 || h[18] || h[19])
        return r_err(tr, err, errlen, off, "not a gcnsim trace member (no 'GT' extra field)");
    if (h[16] != kind)
        return r_err(tr, err, errlen, off, "expected the %s member, found kind %u", names[kind], h[16]);
    if (h[17] != TRACE_FORMAT_VERSION)
        return r_err(tr, err, errlen, off, "trace format version %u, this gcnsim reads version %u", h[17],
                     TRACE_FORMAT_VERSION);
    uint64_t cs = get_le(h + 20, 4);
    *arg = get_le(h + 24, 8);
    if (cs < GZ_HDR + GZ_TRAILER || cs > MAX_MEMBER)
        return r_err(tr, err, errlen, off, "bad member size %llu", (unsigned long long)cs);
    if (cs > tr->size - off)
        return r_err(tr, err, errlen, off, "truncated: the %s member needs %llu bytes, the file has %llu", names[kind],
                     (unsigned long long)cs, (unsigned long long)(tr->size - off));
    *csize = cs;
    tr->z.n = 0;
    if (b_reserve(&tr->z, cs))
        return r_err(tr, err, errlen, off, "out of memory");
    if (fread(tr->z.p, 1, cs - GZ_HDR, tr->fp) != cs - GZ_HDR)
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    const uint8_t *t = tr->z.p + cs - GZ_HDR - GZ_TRAILER;
    uint32_t crc = (uint32_t)get_le(t, 4), isize = (uint32_t)get_le(t + 4, 4);
    if (isize > MAX_MEMBER)
        return r_err(tr, err, errlen, off, "corrupt: bad uncompressed size %u", isize);
    tr->raw.n = 0;
    if (b_reserve(&tr->raw, isize + 1))
        return r_err(tr, err, errlen, off, "out of memory");
    inflateReset(&tr->zs);
    tr->zs.next_in = tr->z.p;
    tr->zs.avail_in = (uInt)(cs - GZ_HDR - GZ_TRAILER);
    tr->zs.next_out = tr->raw.p;
    tr->zs.avail_out = isize + 1;
    int zr = inflate(&tr->zs, Z_FINISH);
    if (zr != Z_STREAM_END || tr->zs.avail_in != 0 || tr->zs.total_out != isize)
        return r_err(tr, err, errlen, off, "corrupt: the %s member does not decompress%s%s", names[kind],
                     tr->zs.msg ? ": " : "", tr->zs.msg ? tr->zs.msg : "");
    if (crc32(crc32(0, NULL, 0), tr->raw.p, isize) != crc)
        return r_err(tr, err, errlen, off, "corrupt: CRC-32 mismatch in the %s member", names[kind]);
    tr->raw.n = isize;
    return 0;
}

static int read_header(trace_reader_t *tr, char *err, size_t errlen)
{
    uint64_t arg, cs;
    if (tr->size == 0)
        return r_err(tr, err, errlen, 0, "empty file");
    if (read_member(tr, 0, KIND_HEADER, &arg, &cs, err, errlen))
        return -1;
    rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < sizeof magic || memcmp(r.p, magic, sizeof magic))
        return r_err(tr, err, errlen, 0, "not a gcnsim trace (bad magic)");
    r.p += sizeof magic;
    tr->h.format = (unsigned)r_le(&r, 4);
    tr->h.mode = (unsigned)r_le(&r, 4);
    r_str(&r, tr->h.target, sizeof tr->h.target);
    r_str(&r, tr->h.version, sizeof tr->h.version);
    r_str(&r, tr->h.kernel, sizeof tr->h.kernel);
    uint64_t n = r_var(&r);
    if (!r.bad && n <= (uint64_t)(r.end - r.p) && (tr->options = malloc(n + 1))) {
        memcpy(tr->options, r.p, n);
        tr->options[n] = 0;
        r.p += n;
    } else
        r.bad = 1;
    tr->h.options = tr->options;
    if ((size_t)(r.end - r.p) != 40)
        r.bad = 1;
    else {
        memcpy(tr->h.co_sha256, r.p, 32);
        r.p += 32;
        tr->h.code_base = r_le(&r, 8);
    }
    if (r.bad || tr->h.format != TRACE_FORMAT_VERSION || tr->h.mode > TRACE_MODE_TIMING)
        return r_err(tr, err, errlen, 0, "corrupt: bad header");
    return 0;
}

static int read_index(trace_reader_t *tr, char *err, size_t errlen)
{
    if (tr->size < GZ_HDR + FOOTER_SIZE)
        return r_err(tr, err, errlen, tr->size, "truncated: no footer");
    uint64_t foff = tr->size - FOOTER_SIZE;
    uint8_t f[FOOTER_SIZE], ref[FOOTER_SIZE];
    if (fseeko(tr->fp, (off_t)foff, SEEK_SET) || fread(f, 1, sizeof f, tr->fp) != sizeof f)
        return r_err(tr, err, errlen, foff, "cannot read: %s", strerror(errno));
    uint64_t ioff = get_le(f + 24, 8);
    member_header(ref, KIND_FOOTER, FOOTER_SIZE, ioff);
    memcpy(ref + GZ_HDR, "\x03\x00\0\0\0\0\0\0\0\0", 10);
    if (memcmp(f, ref, sizeof f) != 0)
        return r_err(tr, err, errlen, foff, "truncated or corrupt: no trace footer at the end of the file");
    uint64_t nch, cs;
    if (ioff >= foff)
        return r_err(tr, err, errlen, foff, "corrupt: the footer's index offset %llu is out of range",
                     (unsigned long long)ioff);
    if (read_member(tr, ioff, KIND_INDEX, &nch, &cs, err, errlen))
        return -1;
    if (ioff + cs != foff)
        return r_err(tr, err, errlen, ioff, "corrupt: bytes between the index and the footer");
    rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < 24 || memcmp(r.p, index_magic, 8))
        return r_err(tr, err, errlen, ioff, "corrupt: bad index");
    r.p += 8;
    uint64_t n = r_le(&r, 8);
    tr->count = r_le(&r, 8);
    if (n != nch || (uint64_t)(r.end - r.p) != n * 20)
        return r_err(tr, err, errlen, ioff, "corrupt: bad index size");
    if (n && !(tr->chunks = calloc(n, sizeof *tr->chunks)))
        return r_err(tr, err, errlen, ioff, "out of memory");
    uint64_t first = 0, off_min = 0;
    for (uint64_t i = 0; i < n; i++) {
        chunk_t *c = &tr->chunks[i];
        c->off = r_le(&r, 8), c->first = r_le(&r, 8), c->count = (uint32_t)r_le(&r, 4);
        if (c->first != first || c->count == 0 || c->off <= off_min || c->off >= ioff)
            return r_err(tr, err, errlen, ioff, "corrupt: index entry %llu is inconsistent", (unsigned long long)i);
        first += c->count;
        off_min = c->off;
    }
    if (first != tr->count)
        return r_err(tr, err, errlen, ioff, "corrupt: the index counts %llu records, its chunks %llu",
                     (unsigned long long)tr->count, (unsigned long long)first);
    tr->nchunks = n;
    return 0;
}

trace_reader_t *trace_open(const char *path, char *err, size_t errlen)
{
    trace_reader_t *tr = calloc(1, sizeof *tr);
    if (!tr || !(tr->path = strdup(path))) {
        free(tr);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    if (inflateInit2(&tr->zs, -15) != Z_OK) {
        snprintf(err, errlen, "%s: cannot start the decompressor", path);
        trace_close(tr);
        return NULL;
    }
    tr->zinit = 1;
    if (!(tr->fp = fopen(path, "rb"))) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        trace_close(tr);
        return NULL;
    }
    if (fseeko(tr->fp, 0, SEEK_END) || ftello(tr->fp) < 0) {
        snprintf(err, errlen, "%s: not a regular file (a trace must be seekable)", path);
        trace_close(tr);
        return NULL;
    }
    tr->size = (uint64_t)ftello(tr->fp);
    if (read_header(tr, err, errlen) || read_index(tr, err, errlen)) {
        trace_close(tr);
        return NULL;
    }
    tr->ci = tr->nchunks;
    return tr;
}

const trace_header_t *trace_header(const trace_reader_t *tr)
{
    return &tr->h;
}

uint64_t trace_count(const trace_reader_t *tr)
{
    return tr->count;
}

/* Load chunk i and position at its first record. */
static int load_chunk(trace_reader_t *tr, uint64_t i, char *err, size_t errlen)
{
    const chunk_t *c = &tr->chunks[i];
    uint64_t arg, cs;
    tr->ci = tr->nchunks;
    if (read_member(tr, c->off, KIND_RECORDS, &arg, &cs, err, errlen))
        return -1;
    if (arg != c->first)
        return r_err(tr, err, errlen, c->off, "corrupt: the chunk starts at record %llu, the index says %llu",
                     (unsigned long long)arg, (unsigned long long)c->first);
    tr->rd = (rd_t){tr->raw.p, tr->raw.p + tr->raw.n, 0};
    ctx_reset(&tr->ctx);
    tr->ci = i;
    return 0;
}

int trace_next(trace_reader_t *tr, trace_rec_t *r, char *err, size_t errlen)
{
    if (tr->next >= tr->count)
        return 0;
    if (tr->ci >= tr->nchunks) {   /* nothing loaded (start, or after an error) */
        if (trace_seek(tr, tr->next, err, errlen))
            return -1;
    } else if (tr->next >= tr->chunks[tr->ci].first + tr->chunks[tr->ci].count && load_chunk(tr, tr->ci + 1, err, errlen))
        return -1;
    const char *why = NULL;
    const chunk_t *c = &tr->chunks[tr->ci];
    if (dec_rec(&tr->rd, &tr->ctx, r, &why)) {
        tr->ci = tr->nchunks;
        return r_err(tr, err, errlen, c->off, "corrupt: record %llu: %s", (unsigned long long)tr->next, why);
    }
    r->seq = tr->next++;
    if (tr->next == c->first + c->count && tr->rd.p != tr->rd.end) {
        tr->ci = tr->nchunks;
        return r_err(tr, err, errlen, c->off, "corrupt: bytes after the chunk's last record");
    }
    return 1;
}

int trace_seek(trace_reader_t *tr, uint64_t n, char *err, size_t errlen)
{
    if (n > tr->count) {
        snprintf(err, errlen, "%s: record %llu is beyond the trace's %llu records", tr->path,
                 (unsigned long long)n, (unsigned long long)tr->count);
        return -1;
    }
    tr->next = n;
    if (n == tr->count)
        return 0;
    uint64_t lo = 0, hi = tr->nchunks;   /* the last chunk whose first <= n */
    while (hi - lo > 1) {
        uint64_t mid = (lo + hi) / 2;
        if (tr->chunks[mid].first <= n)
            lo = mid;
        else
            hi = mid;
    }
    if (load_chunk(tr, lo, err, errlen))
        return -1;
    trace_rec_t skip;
    memset(&skip, 0, sizeof skip);
    const char *why = NULL;
    int rc = 0;
    for (uint64_t k = tr->chunks[lo].first; k < n; k++)
        if (dec_rec(&tr->rd, &tr->ctx, &skip, &why)) {
            tr->ci = tr->nchunks;
            rc = r_err(tr, err, errlen, tr->chunks[lo].off, "corrupt: record %llu: %s", (unsigned long long)k, why);
            break;
        }
    trace_rec_free(&skip);
    return rc;
}

void trace_close(trace_reader_t *tr)
{
    if (!tr)
        return;
    if (tr->fp)
        fclose(tr->fp);
    if (tr->zinit)
        inflateEnd(&tr->zs);
    free(tr->chunks), free(tr->options), free(tr->raw.p), free(tr->z.p), free(tr->path), free(tr);
}

void trace_rec_free(trace_rec_t *r)
{
    free(r->m);
    r->m = NULL;
    r->mcap = r->nm = 0;
}
