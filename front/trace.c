/* trace.c — the trace file: gzip members (header, chunks of records,
 * index, footer), the writer and the reader (format in trace.h; the coding
 * of records inside a chunk in trace_code.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "front/trace_code.h"

enum { KIND_HEADER = 1, KIND_RECORDS = 2, KIND_INDEX = 3, KIND_FOOTER = 4 };
enum {
    GZ_HDR = 32,                       /* gzip header with the 'GT' extra subfield */
    GZ_TRAILER = 8,                    /* CRC-32, ISIZE */
    FOOTER_SIZE = GZ_HDR + 2 + GZ_TRAILER,
    CHUNK_BYTES = 256 << 10,           /* records per chunk: about this many bytes */
    MAX_MEMBER = 64 << 20,             /* larger members are corrupt */
    ZLEVEL = 6,
};
static const char magic[8] = {'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E'};
static const char index_magic[8] = {'G', 'C', 'N', 'T', 'I', 'N', 'D', 'X'};

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
    tc_buf_t a, b;             /* the open chunk's streams A and B (trace_code.c) */
    tc_buf_t z;                /* a compressed member */
    tc_buf_t index;            /* per chunk: offset, first, count */
    uint64_t nchunks;
    tc_ctx_t ctx;
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

/* Write one member of the given kind whose payload is data (compressed)
 * then stored (deflate level 0: bytes that do not compress). */
static int w_member(trace_writer_t *tw, unsigned kind, uint64_t arg, const uint8_t *data, size_t n,
                    const uint8_t *stored, size_t ns, char *err, size_t errlen)
{
    errno = 0;
    if (deflateReset(&tw->zs) != Z_OK || deflateParams(&tw->zs, ZLEVEL, Z_DEFAULT_STRATEGY) != Z_OK)
        return w_fail(tw, err, errlen, "compression failed");
    tw->z.n = 0;
    size_t bound = deflateBound(&tw->zs, (uLong)(n + ns)) + ns / 8192 + 64 + GZ_HDR + GZ_TRAILER;
    if (tc_reserve(&tw->z, bound))
        return w_fail(tw, err, errlen, "cannot write");
    tw->zs.next_in = (Bytef *)data;
    tw->zs.avail_in = (uInt)n;
    tw->zs.next_out = tw->z.p + GZ_HDR;
    tw->zs.avail_out = (uInt)(bound - GZ_HDR - GZ_TRAILER);
    int zr = ns ? deflate(&tw->zs, Z_NO_FLUSH) : deflate(&tw->zs, Z_FINISH);
    if (ns && zr == Z_OK && deflateParams(&tw->zs, 0, Z_DEFAULT_STRATEGY) == Z_OK) {
        tw->zs.next_in = (Bytef *)stored;
        tw->zs.avail_in = (uInt)ns;
        zr = deflate(&tw->zs, Z_FINISH);
    }
    if (zr != Z_STREAM_END)
        return w_fail(tw, err, errlen, "compression failed");
    size_t csize = GZ_HDR + tw->zs.total_out + GZ_TRAILER;
    member_header(tw->z.p, kind, (uint32_t)csize, arg);
    uint8_t *t = tw->z.p + GZ_HDR + tw->zs.total_out;
    uLong crc = crc32(crc32(0, NULL, 0), data, (uInt)n);
    put_le(t, ns ? crc32(crc, stored, (uInt)ns) : crc, 4);
    put_le(t + 4, (uint32_t)(n + ns), 4);
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
    tc_put(&tw->index, e, sizeof e);
    if (tw->index.oom)
        return w_fail(tw, err, errlen, "cannot write");
    /* payload: u32 length of stream A, A (compressed), B (stored) */
    uint8_t len[4];
    put_le(len, tw->a.n - 4, 4);
    memcpy(tw->a.p, len, 4);
    if (w_member(tw, KIND_RECORDS, tw->chunk_first, tw->a.p, tw->a.n, tw->b.p, tw->b.n, err, errlen))
        return -1;
    tw->nchunks++;
    tw->a.n = 4;
    tw->b.n = 0;
    tw->chunk_first = tw->n;
    tc_reset(&tw->ctx);
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
    tc_reset(&tw->ctx);
    tc_put(&tw->a, "\0\0\0\0", 4);   /* room for the length of stream A */
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
    tc_buf_t b = {0};
    tc_put(&b, magic, sizeof magic);
    tc_le(&b, TRACE_FORMAT_VERSION, 4);
    tc_le(&b, h->mode, 4);
    tc_str(&b, h->target);
    tc_str(&b, h->version);
    tc_str(&b, h->kernel);
    tc_str(&b, h->options ? h->options : "");
    tc_put(&b, h->co_sha256, 32);
    tc_le(&b, h->code_base, 8);
    int bad = b.oom ? (errno = ENOMEM, w_fail(tw, err, errlen, "cannot write"))
                    : w_member(tw, KIND_HEADER, 0, b.p, b.n, NULL, 0, err, errlen);
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
    tc_encode(&tw->ctx, &tw->a, &tw->b, r, tw->timing);
    if (tw->a.oom || tw->b.oom) {
        errno = ENOMEM;
        return w_fail(tw, err, errlen, "cannot write");
    }
    tw->n++;
    if (tw->a.n + tw->b.n >= CHUNK_BYTES)
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
        tc_buf_t b = {0};
        tc_put(&b, index_magic, sizeof index_magic);
        tc_le(&b, tw->nchunks, 8);
        tc_le(&b, tw->n, 8);
        if (tw->index.n)
            tc_put(&b, tw->index.p, tw->index.n);
        uint64_t at = tw->off;
        if (b.oom) {
            errno = ENOMEM;
            rc = w_fail(tw, err, errlen, "cannot write");
        } else if (w_member(tw, KIND_INDEX, tw->nchunks, b.p, b.n, NULL, 0, err, errlen) == 0) {
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
    tc_free(&tw->ctx);
    free(tw->a.p), free(tw->b.p), free(tw->z.p), free(tw->index.p), free(tw->path), free(tw);
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
    tc_buf_t raw, z;              /* the loaded chunk decoded; compressed member */
    tc_rd_t ra, rb;            /* streams A and B of the loaded chunk */
    tc_ctx_t ctx;
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
    size_t have = off > tr->size ? 0 : tr->size - off < GZ_HDR ? (size_t)(tr->size - off) : GZ_HDR;
    if (have && (fseeko(tr->fp, (off_t)off, SEEK_SET) || fread(h, 1, have, tr->fp) != have))
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    if (have >= 2 && (h[0] != 0x1f || h[1] != 0x8b))
        return r_err(tr, err, errlen, off, "not a gzip member (a gcnsim trace is made of gzip members)");
    if (off > tr->size || tr->size - off < GZ_HDR + GZ_TRAILER)
        return r_err(tr, err, errlen, off, "truncated: the %s member is incomplete", names[kind]);
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
    if (tc_reserve(&tr->z, cs))
        return r_err(tr, err, errlen, off, "out of memory");
    if (fread(tr->z.p, 1, cs - GZ_HDR, tr->fp) != cs - GZ_HDR)
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    const uint8_t *t = tr->z.p + cs - GZ_HDR - GZ_TRAILER;
    uint32_t crc = (uint32_t)get_le(t, 4), isize = (uint32_t)get_le(t + 4, 4);
    if (isize > MAX_MEMBER)
        return r_err(tr, err, errlen, off, "corrupt: bad uncompressed size %u", isize);
    tr->raw.n = 0;
    if (tc_reserve(&tr->raw, isize + 1))
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
    if (arg != 0)
        return r_err(tr, err, errlen, 0, "corrupt: bad header member");
    tc_rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < sizeof magic || memcmp(r.p, magic, sizeof magic))
        return r_err(tr, err, errlen, 0, "not a gcnsim trace (bad magic)");
    r.p += sizeof magic;
    tr->h.format = (unsigned)tc_r_le(&r, 4);
    tr->h.mode = (unsigned)tc_r_le(&r, 4);
    tc_r_str(&r, tr->h.target, sizeof tr->h.target);
    tc_r_str(&r, tr->h.version, sizeof tr->h.version);
    tc_r_str(&r, tr->h.kernel, sizeof tr->h.kernel);
    uint64_t n = tc_r_var(&r);
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
        tr->h.code_base = tc_r_le(&r, 8);
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
    tc_rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < 24 || memcmp(r.p, index_magic, 8))
        return r_err(tr, err, errlen, ioff, "corrupt: bad index");
    r.p += 8;
    uint64_t n = tc_r_le(&r, 8);
    tr->count = tc_r_le(&r, 8);
    if (n != nch || (uint64_t)(r.end - r.p) != n * 20)
        return r_err(tr, err, errlen, ioff, "corrupt: bad index size");
    if (n && !(tr->chunks = calloc(n, sizeof *tr->chunks)))
        return r_err(tr, err, errlen, ioff, "out of memory");
    uint64_t first = 0, off_min = 0;
    for (uint64_t i = 0; i < n; i++) {
        chunk_t *c = &tr->chunks[i];
        c->off = tc_r_le(&r, 8), c->first = tc_r_le(&r, 8), c->count = (uint32_t)tc_r_le(&r, 4);
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
    uint64_t na = tr->raw.n >= 4 ? get_le(tr->raw.p, 4) : UINT64_MAX;
    if (na > tr->raw.n - 4)
        return r_err(tr, err, errlen, c->off, "corrupt: bad chunk layout");
    tr->ra = (tc_rd_t){tr->raw.p + 4, tr->raw.p + 4 + na, 0};
    tr->rb = (tc_rd_t){tr->raw.p + 4 + na, tr->raw.p + tr->raw.n, 0};
    tc_reset(&tr->ctx);
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
    if (tc_decode(&tr->ctx, &tr->ra, &tr->rb, r, tr->h.mode == TRACE_MODE_TIMING, &why)) {
        tr->ci = tr->nchunks;
        return r_err(tr, err, errlen, c->off, "corrupt: record %llu: %s", (unsigned long long)tr->next, why);
    }
    r->seq = tr->next++;
    if (tr->next == c->first + c->count && (tr->ra.p != tr->ra.end || tr->rb.p != tr->rb.end)) {
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
        if (tc_decode(&tr->ctx, &tr->ra, &tr->rb, &skip, tr->h.mode == TRACE_MODE_TIMING, &why)) {
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
    tc_free(&tr->ctx);
    free(tr->chunks), free(tr->options), free(tr->raw.p), free(tr->z.p), free(tr->path), free(tr);
}

void trace_rec_free(trace_rec_t *r)
{
    free(r->m);
    r->m = NULL;
    r->mcap = r->nm = 0;
}
