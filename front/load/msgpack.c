/* msgpack.c — MessagePack reader for code-object metadata.
 *
 * Why our own reader instead of libmsgpack: the metadata of a code object
 * is untrusted input, and when it is malformed the user needs to know the
 * byte offset where it goes wrong (a truncated str32, an array count larger
 * than the note) — a general library reports "parse error" at best.  LLVM
 * only writes a small subset (maps, arrays, str, bin, ints, bool, nil,
 * float; no ext types), which fits in a page of bounds-checked code, and it
 * keeps gcnsim free of one more build dependency.  Every read checks the
 * remaining length first; counts are checked against the bytes left before
 * anything is allocated; nesting is limited to MD_MAX_DEPTH. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/msgpack.h"

typedef struct {
    const uint8_t *p;
    size_t len, pos;
    size_t erroff;
    char *err;
    size_t errlen;
} mp_reader_t;

static int mp_fail(mp_reader_t *r, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int mp_fail(mp_reader_t *r, size_t off, const char *fmt, ...)
{
    va_list ap;
    r->erroff = off;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Read an n-byte big-endian unsigned number. */
static int mp_be(mp_reader_t *r, unsigned n, uint64_t *v, size_t at, const char *what)
{
    if (r->len - r->pos < n)
        return mp_fail(r, at, "msgpack %s truncated: needs %u more bytes, %zu left", what, n,
                       r->len - r->pos);
    uint64_t x = 0;
    for (unsigned i = 0; i < n; i++)
        x = x << 8 | r->p[r->pos + i];
    r->pos += n;
    *v = x;
    return 0;
}

static int mp_value(mp_reader_t *r, md_node_t *out, int depth);

static int mp_bytes(mp_reader_t *r, md_node_t *out, md_type_t type, uint64_t n, size_t at)
{
    if (n > r->len - r->pos)
        return mp_fail(r, at, "msgpack %s of %llu bytes runs past the end (%zu bytes left)",
                       type == MD_STR ? "string" : "binary", (unsigned long long)n, r->len - r->pos);
    out->v.s = malloc((size_t)n + 1);
    if (!out->v.s)
        return mp_fail(r, at, "out of memory");
    memcpy(out->v.s, r->p + r->pos, (size_t)n);
    out->v.s[n] = 0;
    out->type = type;
    out->n = (size_t)n;
    r->pos += (size_t)n;
    return 0;
}

static int mp_container(mp_reader_t *r, md_node_t *out, md_type_t type, uint64_t n, size_t at,
                        int depth)
{
    uint64_t k = type == MD_MAP ? 2 * n : n;
    if (depth >= MD_MAX_DEPTH)
        return mp_fail(r, at, "msgpack nesting deeper than %d", MD_MAX_DEPTH);
    if (k > r->len - r->pos)   /* every element takes at least one byte */
        return mp_fail(r, at, "msgpack %s of %llu %s cannot fit in the %zu bytes left",
                       type == MD_MAP ? "map" : "array", (unsigned long long)n,
                       type == MD_MAP ? "pairs" : "items", r->len - r->pos);
    out->v.kids = calloc(k ? (size_t)k : 1, sizeof *out->v.kids);
    if (!out->v.kids)
        return mp_fail(r, at, "out of memory");
    /* all k nodes exist (zeroed = nil) from here on, so a failure part-way
     * leaves a tree md_clear can free */
    out->type = type;
    out->n = (size_t)n;
    for (uint64_t i = 0; i < k; i++) {
        md_node_t *kid = &out->v.kids[i];
        if (mp_value(r, kid, depth + 1))
            return -1;
        if (type == MD_MAP && i % 2 == 0 && kid->type != MD_STR && kid->type != MD_UINT &&
            kid->type != MD_INT)
            return mp_fail(r, kid->off, "msgpack map key is a %s, not a string",
                           md_type_name(kid->type));
    }
    return 0;
}

static int mp_value(mp_reader_t *r, md_node_t *out, int depth)
{
    size_t at = r->pos;
    uint64_t v;
    memset(out, 0, sizeof *out);
    out->off = at;
    if (r->pos >= r->len)
        return mp_fail(r, at, "msgpack value expected, end of data");
    uint8_t b = r->p[r->pos++];
    if (b <= 0x7f || b >= 0xe0) {   /* positive / negative fixint */
        if (b <= 0x7f) {
            out->type = MD_UINT;
            out->v.u = b;
        } else {
            out->type = MD_INT;
            out->v.i = (int8_t)b;
        }
        return 0;
    }
    if (b >= 0x80 && b <= 0x8f)
        return mp_container(r, out, MD_MAP, b & 0x0f, at, depth);
    if (b >= 0x90 && b <= 0x9f)
        return mp_container(r, out, MD_ARRAY, b & 0x0f, at, depth);
    if (b >= 0xa0 && b <= 0xbf)
        return mp_bytes(r, out, MD_STR, b & 0x1f, at);
    switch (b) {
    case 0xc0:
        out->type = MD_NIL;
        return 0;
    case 0xc2:
    case 0xc3:
        out->type = MD_BOOL;
        out->v.b = b == 0xc3;
        return 0;
    case 0xc4: case 0xc5: case 0xc6: {   /* bin 8/16/32 */
        unsigned w = 1u << (b - 0xc4);
        if (mp_be(r, w, &v, at, "binary length"))
            return -1;
        return mp_bytes(r, out, MD_BIN, v, at);
    }
    case 0xca: case 0xcb: {   /* float 32/64 */
        if (mp_be(r, b == 0xca ? 4 : 8, &v, at, "float"))
            return -1;
        out->type = MD_FLOAT;
        if (b == 0xca) {
            uint32_t w32 = (uint32_t)v;
            float f;
            memcpy(&f, &w32, sizeof f);
            out->v.f = f;
        } else {
            memcpy(&out->v.f, &v, sizeof v);
        }
        return 0;
    }
    case 0xcc: case 0xcd: case 0xce: case 0xcf:   /* uint 8..64 */
        if (mp_be(r, 1u << (b - 0xcc), &v, at, "unsigned integer"))
            return -1;
        out->type = MD_UINT;
        out->v.u = v;
        return 0;
    case 0xd0: case 0xd1: case 0xd2: case 0xd3: {   /* int 8..64 */
        unsigned w = 1u << (b - 0xd0);
        if (mp_be(r, w, &v, at, "signed integer"))
            return -1;
        int64_t s;
        if (w < 8 && (v >> (8 * w - 1)) & 1)
            v |= ~UINT64_C(0) << (8 * w);   /* sign-extend */
        memcpy(&s, &v, sizeof s);
        if (s >= 0) {
            out->type = MD_UINT;
            out->v.u = (uint64_t)s;
        } else {
            out->type = MD_INT;
            out->v.i = s;
        }
        return 0;
    }
    case 0xd9: case 0xda: case 0xdb:   /* str 8/16/32 */
        if (mp_be(r, 1u << (b - 0xd9), &v, at, "string length"))
            return -1;
        return mp_bytes(r, out, MD_STR, v, at);
    case 0xdc: case 0xdd:   /* array 16/32 */
        if (mp_be(r, b == 0xdc ? 2 : 4, &v, at, "array length"))
            return -1;
        return mp_container(r, out, MD_ARRAY, v, at, depth);
    case 0xde: case 0xdf:   /* map 16/32 */
        if (mp_be(r, b == 0xde ? 2 : 4, &v, at, "map length"))
            return -1;
        return mp_container(r, out, MD_MAP, v, at, depth);
    default:
        return mp_fail(r, at, "msgpack type byte 0x%02x is not supported (%s)", b,
                       b == 0xc1 ? "never used" : "extension type");
    }
}

int mp_parse(const uint8_t *buf, size_t len, md_node_t **root, size_t *erroff, char *err,
             size_t errlen)
{
    mp_reader_t r = {buf, len, 0, 0, err, errlen};
    md_node_t *n = calloc(1, sizeof *n);
    *root = NULL;
    *erroff = 0;
    if (!n) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = mp_value(&r, n, 0);
    if (rc == 0 && r.pos != len)
        rc = mp_fail(&r, r.pos, "%zu bytes of data after the end of the msgpack document",
                     len - r.pos);
    if (rc) {
        md_free(n);
        *erroff = r.erroff;
        return -1;
    }
    *root = n;
    return 0;
}
