/* trace_join.c — one file of a program's dispatches from their traces
 * (gcnsim exec --trace): the traces' bytes in order, a dispatch table
 * member and a dispatch footer (format in trace.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "front/trace/trace_code.h"

enum { JOIN_ZLEVEL = 6 };

/* Append the file at from to out; its size into *size.  0, or -1. */
static int copy_part(FILE *out, const char *from, uint64_t *size, char *err, size_t errlen)
{
    FILE *in = fopen(from, "rb");
    if (!in) {
        snprintf(err, errlen, "cannot read %s: %s", from, strerror(errno));
        return -1;
    }
    char buf[65536];
    size_t got;
    int bad = 0;
    *size = 0;
    while (!bad && (got = fread(buf, 1, sizeof buf, in)) > 0) {
        bad = fwrite(buf, 1, got, out) != got;
        *size += got;
    }
    bad |= ferror(in);
    fclose(in);
    if (bad)
        snprintf(err, errlen, "cannot copy %s: %s", from, strerror(errno ? errno : EIO));
    return bad ? -1 : 0;
}

/* Write the table member (payload b, compressed) and the footer to out,
 * the table at offset at.  0, or -1. */
static int write_table(FILE *out, const tc_buf_t *b, uint64_t n, uint64_t at)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    if (deflateInit2(&zs, JOIN_ZLEVEL, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return -1;
    size_t bound = deflateBound(&zs, (uLong)b->n) + TC_GZ_HDR + TC_GZ_TRAILER;
    uint8_t *m = malloc(bound);
    int rc = -1;
    if (m) {
        zs.next_in = b->p;
        zs.avail_in = (uInt)b->n;
        zs.next_out = m + TC_GZ_HDR;
        zs.avail_out = (uInt)(bound - TC_GZ_HDR - TC_GZ_TRAILER);
        if (deflate(&zs, Z_FINISH) == Z_STREAM_END) {
            size_t csize = TC_GZ_HDR + zs.total_out + TC_GZ_TRAILER;
            tc_member_header(m, TC_KIND_TABLE, (uint32_t)csize, n);
            tc_put_le(m + TC_GZ_HDR + zs.total_out, crc32(crc32(0, NULL, 0), b->p, (uInt)b->n), 4);
            tc_put_le(m + TC_GZ_HDR + zs.total_out + 4, (uint32_t)b->n, 4);
            uint8_t f[TC_FOOTER_SIZE];
            tc_member_header(f, TC_KIND_JOIN_FOOTER, TC_FOOTER_SIZE, at);
            memcpy(f + TC_GZ_HDR, tc_footer_tail, sizeof tc_footer_tail);
            rc = fwrite(m, 1, csize, out) == csize && fwrite(f, 1, sizeof f, out) == sizeof f ? 0 : -1;
        }
    }
    deflateEnd(&zs);
    free(m);
    return rc;
}

int trace_join(const char *path, const trace_part_t *parts, size_t n, char *err, size_t errlen)
{
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    tc_buf_t b = {0};
    tc_put(&b, tc_table_magic, sizeof tc_table_magic);
    tc_le(&b, n, 8);
    uint64_t off = 0;
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        uint64_t size = 0;
        if (parts[i].path)
            rc = copy_part(out, parts[i].path, &size, err, errlen);
        tc_le(&b, size ? off : 0, 8);
        tc_le(&b, size, 8);
        tc_str(&b, parts[i].kernel ? parts[i].kernel : "");
        tc_str(&b, parts[i].device ? parts[i].device : "");
        off += size;
    }
    if (!rc && (b.oom || write_table(out, &b, n, off)))
        rc = -1, snprintf(err, errlen, "cannot write %s: %s", path, b.oom ? "out of memory" : strerror(errno ? errno : EIO));
    if (fclose(out) != 0 && !rc)
        rc = -1, snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    free(b.p);
    return rc;
}
