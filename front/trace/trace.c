/* trace.c — reading a trace: the header, footer and index members, then
 * chunks of records on demand (format in trace.h, the coding of records in
 * trace_code.c; the writer is trace_write.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "front/util/strsafe.h"
#include "front/trace/trace_code.h"

/* ---- reader ------------------------------------------------------------- */

typedef struct {
    uint64_t off, first;
    uint32_t count;
} chunk_t;

struct trace_reader {
    FILE *fp;
    char *path;
    uint64_t base;             /* where the trace starts in the file (a dispatch of a joined file) */
    uint64_t size;             /* the trace's bytes (from base) */
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
    trace_prog_t *prog;        /* the records' instructions, each decoded once (h.prog) */
    z_stream zs;
    int zinit;
};

static int r_err(const trace_reader_t *tr, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int r_err(const trace_reader_t *tr, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
{
    int n = snprintf(err, errlen, "%s: offset %llu: ", tr->path, (unsigned long long)(tr->base + off));
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
    static const char *names[] = {"", "header", "records", "index", "footer", "dispatch table", "dispatch footer"};
    uint8_t h[TC_GZ_HDR];
    size_t have = off > tr->size ? 0 : tr->size - off < TC_GZ_HDR ? (size_t)(tr->size - off) : TC_GZ_HDR;
    if (have && (fseeko(tr->fp, (off_t)(tr->base + off), SEEK_SET) || fread(h, 1, have, tr->fp) != have))
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    if (have >= 2 && (h[0] != 0x1f || h[1] != 0x8b))
        return r_err(tr, err, errlen, off, "not a gzip member (a gcnsim trace is made of gzip members)");
    if (off > tr->size || tr->size - off < TC_GZ_HDR + TC_GZ_TRAILER)
        return r_err(tr, err, errlen, off, "truncated: the %s member is incomplete", names[kind]);
    uint8_t ref[TC_GZ_HDR];
    tc_member_header(ref, kind, 0, 0);
    if (memcmp(h, ref, 16) != 0 || h[18] || h[19])
        return r_err(tr, err, errlen, off, "not a gcnsim trace member (no 'GT' extra field)");
    if (h[16] != kind)
        return r_err(tr, err, errlen, off, "expected the %s member, found kind %u", names[kind], h[16]);
    if (h[17] != TRACE_FORMAT_VERSION)
        return r_err(tr, err, errlen, off, "trace format version %u, this gcnsim reads version %u", h[17],
                     TRACE_FORMAT_VERSION);
    uint64_t cs = tc_get_le(h + 20, 4);
    *arg = tc_get_le(h + 24, 8);
    if (cs < TC_GZ_HDR + TC_GZ_TRAILER || cs > TC_MAX_MEMBER)
        return r_err(tr, err, errlen, off, "bad member size %llu", (unsigned long long)cs);
    if (cs > tr->size - off)
        return r_err(tr, err, errlen, off, "truncated: the %s member needs %llu bytes, the file has %llu", names[kind],
                     (unsigned long long)cs, (unsigned long long)(tr->size - off));
    *csize = cs;
    tr->z.n = 0;
    if (tc_reserve(&tr->z, cs))
        return r_err(tr, err, errlen, off, "out of memory");
    if (fread(tr->z.p, 1, cs - TC_GZ_HDR, tr->fp) != cs - TC_GZ_HDR)
        return r_err(tr, err, errlen, off, "cannot read: %s", strerror(errno));
    const uint8_t *t = tr->z.p + cs - TC_GZ_HDR - TC_GZ_TRAILER;
    uint32_t crc = (uint32_t)tc_get_le(t, 4), isize = (uint32_t)tc_get_le(t + 4, 4);
    if (isize > TC_MAX_MEMBER)
        return r_err(tr, err, errlen, off, "corrupt: bad uncompressed size %u", isize);
    tr->raw.n = 0;
    if (tc_reserve(&tr->raw, isize + 1))
        return r_err(tr, err, errlen, off, "out of memory");
    inflateReset(&tr->zs);
    tr->zs.next_in = tr->z.p;
    tr->zs.avail_in = (uInt)(cs - TC_GZ_HDR - TC_GZ_TRAILER);
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

/* A header string (NUL-terminated, cap bytes) in its printable form, cut to
 * fit: the file may say anything, and these go to terminals and messages.
 * A backslash stays (the names gcnsim writes are already printable). */
static void printable_field(char *s, size_t cap)
{
    char tmp[256];
    if (cap > sizeof tmp)
        cap = sizeof tmp;
    str_printable_to(tmp, cap, s, strlen(s), STR_KEEP_BACKSLASH);
    memcpy(s, tmp, strlen(tmp) + 1);
}

static int read_header(trace_reader_t *tr, char *err, size_t errlen)
{
    uint64_t arg, cs;
    if (tr->size == 0)
        return r_err(tr, err, errlen, 0, "empty file");
    if (read_member(tr, 0, TC_KIND_HEADER, &arg, &cs, err, errlen))
        return -1;
    if (arg != 0)
        return r_err(tr, err, errlen, 0, "corrupt: bad header member");
    tc_rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < sizeof tc_magic || memcmp(r.p, tc_magic, sizeof tc_magic))
        return r_err(tr, err, errlen, 0, "not a gcnsim trace (bad magic)");
    r.p += sizeof tc_magic;
    tr->h.format = (unsigned)tc_r_le(&r, 4);
    tr->h.mode = (unsigned)tc_r_le(&r, 4);
    tc_r_str(&r, tr->h.target, sizeof tr->h.target);
    tc_r_str(&r, tr->h.version, sizeof tr->h.version);
    tc_r_str(&r, tr->h.kernel, sizeof tr->h.kernel);
    printable_field(tr->h.target, sizeof tr->h.target);
    printable_field(tr->h.version, sizeof tr->h.version);
    printable_field(tr->h.kernel, sizeof tr->h.kernel);
    uint64_t n = tc_r_var(&r);
    if (!r.bad && n <= (uint64_t)(r.end - r.p) &&
        (tr->options = str_printable((const char *)r.p, strnlen((const char *)r.p, (size_t)n), STR_KEEP_BACKSLASH)))
        r.p += n;
    else
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
    if (tr->size < TC_GZ_HDR + TC_FOOTER_SIZE)
        return r_err(tr, err, errlen, tr->size, "truncated: no footer");
    uint64_t foff = tr->size - TC_FOOTER_SIZE;
    uint8_t f[TC_FOOTER_SIZE], ref[TC_FOOTER_SIZE];
    if (fseeko(tr->fp, (off_t)(tr->base + foff), SEEK_SET) || fread(f, 1, sizeof f, tr->fp) != sizeof f)
        return r_err(tr, err, errlen, foff, "cannot read: %s", strerror(errno));
    uint64_t ioff = tc_get_le(f + 24, 8);
    tc_member_header(ref, TC_KIND_FOOTER, TC_FOOTER_SIZE, ioff);
    memcpy(ref + TC_GZ_HDR, tc_footer_tail, 10);
    if (memcmp(f, ref, sizeof f) != 0)
        return r_err(tr, err, errlen, foff, "truncated or corrupt: no trace footer at the end of the file");
    uint64_t nch, cs;
    if (ioff >= foff)
        return r_err(tr, err, errlen, foff, "corrupt: the footer's index offset %llu is out of range",
                     (unsigned long long)ioff);
    if (read_member(tr, ioff, TC_KIND_INDEX, &nch, &cs, err, errlen))
        return -1;
    if (ioff + cs != foff)
        return r_err(tr, err, errlen, ioff, "corrupt: bytes between the index and the footer");
    tc_rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < 24 || memcmp(r.p, tc_index_magic, 8))
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

/* Whether the file ends with a dispatch footer; its table's offset into *at. */
static int is_joined(trace_reader_t *tr, uint64_t *at)
{
    uint8_t f[TC_FOOTER_SIZE], ref[TC_FOOTER_SIZE];
    if (tr->size < TC_FOOTER_SIZE || fseeko(tr->fp, (off_t)(tr->size - TC_FOOTER_SIZE), SEEK_SET) ||
        fread(f, 1, sizeof f, tr->fp) != sizeof f)
        return 0;
    *at = tc_get_le(f + 24, 8);
    tc_member_header(ref, TC_KIND_JOIN_FOOTER, TC_FOOTER_SIZE, *at);
    memcpy(ref + TC_GZ_HDR, tc_footer_tail, 10);
    return !memcmp(f, ref, sizeof f);
}

/* Skip a length-prefixed string. */
static void skip_str(tc_rd_t *r)
{
    uint64_t n = tc_r_var(r);
    if (r->bad || (uint64_t)(r->end - r->p) < n)
        r->bad = 1;
    else
        r->p += n;
}

/* The dispatch table of a joined file (at offset at) into *count, and
 * dispatch want's offset and size into *off, *size (when want < count).
 * 0, or -1 with err set. */
static int read_table(trace_reader_t *tr, uint64_t at, uint64_t want, uint64_t *count, uint64_t *off,
                      uint64_t *size, char *err, size_t errlen)
{
    uint64_t n, cs;
    if (at >= tr->size || read_member(tr, at, TC_KIND_TABLE, &n, &cs, err, errlen))
        return at >= tr->size ? r_err(tr, err, errlen, at, "corrupt: the dispatch table's offset is out of range")
                              : -1;
    if (at + cs + TC_FOOTER_SIZE != tr->size)
        return r_err(tr, err, errlen, at, "corrupt: bytes between the dispatch table and the footer");
    tc_rd_t r = {tr->raw.p, tr->raw.p + tr->raw.n, 0};
    if (tr->raw.n < 16 || memcmp(r.p, tc_table_magic, 8))
        return r_err(tr, err, errlen, at, "corrupt: bad dispatch table");
    r.p += 8;
    if (tc_r_le(&r, 8) != n)
        return r_err(tr, err, errlen, at, "corrupt: bad dispatch table");
    uint64_t end = 0;
    for (uint64_t i = 0; i < n && !r.bad; i++) {
        uint64_t o = tc_r_le(&r, 8), sz = tc_r_le(&r, 8);
        skip_str(&r);
        skip_str(&r);
        if (sz && (o < end || sz > at - o))
            return r_err(tr, err, errlen, at, "corrupt: dispatch %llu's trace is out of range", (unsigned long long)i);
        end = sz ? o + sz : end;
        if (i == want)
            *off = o, *size = sz;
    }
    if (r.bad || r.p != r.end)
        return r_err(tr, err, errlen, at, "corrupt: bad dispatch table");
    *count = n;
    return 0;
}

/* Open tr's file and find its size (0, or -1 with err set). */
static int open_file(trace_reader_t *tr, const char *path, char *err, size_t errlen)
{
    if (!(tr->fp = fopen(path, "rb"))) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    if (fseeko(tr->fp, 0, SEEK_END) || ftello(tr->fp) < 0) {
        snprintf(err, errlen, "%s: not a regular file (a trace must be seekable)", path);
        return -1;
    }
    tr->size = (uint64_t)ftello(tr->fp);
    return 0;
}

/* Narrow tr to dispatch n of a joined file (n < 0: its only one); a plain
 * trace is dispatch 0.  0, or -1 with err set. */
static int pick_dispatch(trace_reader_t *tr, long n, char *err, size_t errlen)
{
    uint64_t at, count = 0, off = 0, size = 0;
    if (!is_joined(tr, &at)) {
        if (n > 0) {
            snprintf(err, errlen, "%s: a trace of one launch has no dispatch %ld (only 0)", tr->path, n);
            return -1;
        }
        return 0;
    }
    if (read_table(tr, at, n < 0 ? 0 : (uint64_t)n, &count, &off, &size, err, errlen))
        return -1;
    if (!count) {
        snprintf(err, errlen, "%s holds no dispatch (gcnsim exec --trace of a program that ran no kernel)", tr->path);
        return -1;
    }
    if (n < 0 && count != 1) {
        snprintf(err, errlen, "%s holds %llu dispatches (gcnsim exec --trace): choose one with --dispatch N", tr->path,
                 (unsigned long long)count);
        return -1;
    }
    if ((uint64_t)(n < 0 ? 0 : n) >= count || !size) {
        snprintf(err, errlen, "%s: %s dispatch %ld (it holds %llu, from 0)", tr->path,
                 (uint64_t)(n < 0 ? 0 : n) >= count ? "no" : "no trace was written of", n < 0 ? 0 : n,
                 (unsigned long long)count);
        return -1;
    }
    tr->base = off;
    tr->size = size;
    return 0;
}

int trace_dispatches(const char *path, uint64_t *n, char *err, size_t errlen)
{
    trace_reader_t tr;
    memset(&tr, 0, sizeof tr);
    tr.path = (char *)path;
    uint64_t at, off, size;
    int rc = open_file(&tr, path, err, errlen);
    if (!rc && inflateInit2(&tr.zs, -15) != Z_OK)
        rc = -1, snprintf(err, errlen, "%s: cannot start the decompressor", path);
    else if (!rc) {
        rc = is_joined(&tr, &at);
        *n = 1;
        if (rc && read_table(&tr, at, UINT64_MAX, n, &off, &size, err, errlen))
            rc = -1;
        inflateEnd(&tr.zs);
    }
    if (tr.fp)
        fclose(tr.fp);
    free(tr.z.p);
    free(tr.raw.p);
    return rc;
}

trace_reader_t *trace_open(const char *path, char *err, size_t errlen)
{
    return trace_open_dispatch(path, -1, err, errlen);
}

trace_reader_t *trace_open_dispatch(const char *path, long n, char *err, size_t errlen)
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
    if (open_file(tr, path, err, errlen) || pick_dispatch(tr, n, err, errlen) || read_header(tr, err, errlen) ||
        read_index(tr, err, errlen)) {
        trace_close(tr);
        return NULL;
    }
    tr->h.code = NULL;
    tr->h.prog = tr->prog = trace_prog_new(isa_target_by_name(tr->h.target), NULL);
    if (!tr->prog || tc_set_target(&tr->ctx, tr->h.target, tr->prog, 0)) {
        snprintf(err, errlen, "%s: out of memory", path);
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
    if (read_member(tr, c->off, TC_KIND_RECORDS, &arg, &cs, err, errlen))
        return -1;
    if (arg != c->first)
        return r_err(tr, err, errlen, c->off, "corrupt: the chunk starts at record %llu, the index says %llu",
                     (unsigned long long)arg, (unsigned long long)c->first);
    uint64_t na = tr->raw.n >= 4 ? tc_get_le(tr->raw.p, 4) : UINT64_MAX;
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
    trace_prog_free(tr->prog);
    free(tr->chunks), free(tr->options), free(tr->raw.p), free(tr->z.p), free(tr->path), free(tr);
}

void trace_rec_free(trace_rec_t *r)
{
    free(r->m);
    r->m = NULL;
    r->mcap = r->nm = 0;
}
