/* yaml.c — reader for the block-style YAML subset of code object v2
 * metadata.  The text is cut into lines (indentation, content, offset);
 * a recursive descent over the lines builds mappings and sequences by
 * indentation.  A "- " item is handled by moving that line's indentation
 * to the column after the dash, so "- Name: x" followed by "  Size: 8"
 * reads as one mapping.  Anything outside the subset (tabs in indentation,
 * block scalars, anchors, multi-line flows) is an error with its offset. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/yaml.h"

typedef struct {
    const char *s;    /* content, after the indentation */
    size_t len;       /* content length, trailing blanks removed */
    int indent;       /* column of s */
    size_t off;       /* offset of s in the text */
} y_line_t;

typedef struct {
    const char *text;
    y_line_t *lines;
    size_t n, i;
    size_t erroff;
    char *err;
    size_t errlen;
} y_parser_t;

static int y_fail(y_parser_t *p, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int y_fail(y_parser_t *p, size_t off, const char *fmt, ...)
{
    va_list ap;
    p->erroff = off;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- lines ---------------------------------------------------------- */

/* Split text into content lines; stops at "..." or a second "---". */
static int y_split(y_parser_t *p, size_t len)
{
    size_t cap = 0, pos = 0;
    int docs = 0;
    while (pos < len) {
        size_t start = pos, end = pos;
        while (end < len && p->text[end] != '\n')
            end++;
        pos = end < len ? end + 1 : end;
        size_t e = end;
        while (e > start && (p->text[e - 1] == '\r' || p->text[e - 1] == ' '))
            e--;
        size_t c = start;
        while (c < e && p->text[c] == ' ')
            c++;
        if (c < e && p->text[c] == '\t')
            return y_fail(p, c, "YAML: tab in indentation");
        if (c == e || p->text[c] == '#')
            continue;
        const char *s = p->text + c;
        size_t n = e - c;
        if (c == start && n >= 3 && memcmp(s, "...", 3) == 0 && (n == 3 || s[3] == ' '))
            break;
        if (c == start && n >= 3 && memcmp(s, "---", 3) == 0 && (n == 3 || s[3] == ' ')) {
            if (docs++ || p->n)
                break;
            continue;
        }
        if (c == start && s[0] == '%' && !p->n)
            continue;   /* directive */
        if (p->n == cap) {
            cap = cap ? 2 * cap : 64;
            y_line_t *nl = realloc(p->lines, cap * sizeof *nl);
            if (!nl)
                return y_fail(p, c, "out of memory");
            p->lines = nl;
        }
        if (c - start > 10000)
            return y_fail(p, c, "YAML: indentation of %zu columns", c - start);
        p->lines[p->n++] = (y_line_t){s, n, (int)(c - start), c};
    }
    return 0;
}

static int y_is_seq(const y_line_t *l)
{
    return l->s[0] == '-' && (l->len == 1 || l->s[1] == ' ');
}

/* ---- scalars -------------------------------------------------------- */

static int y_set_str(y_parser_t *p, md_node_t *out, const char *s, size_t n, size_t off)
{
    out->v.s = malloc(n + 1);
    if (!out->v.s)
        return y_fail(p, off, "out of memory");
    memcpy(out->v.s, s, n);
    out->v.s[n] = 0;
    out->type = MD_STR;
    out->n = n;
    return 0;
}

static int y_hex(const char *s, size_t n, unsigned *v)
{
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
        if (d == 16)
            return -1;
        *v = *v << 4 | d;
    }
    return 0;
}

/* Append code point u as UTF-8. */
static size_t y_utf8(char *o, unsigned u)
{
    if (u < 0x80) {
        o[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        o[0] = (char)(0xc0 | u >> 6);
        o[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    o[0] = (char)(0xe0 | u >> 12);
    o[1] = (char)(0x80 | ((u >> 6) & 0x3f));
    o[2] = (char)(0x80 | (u & 0x3f));
    return 3;
}

/* A quoted scalar starting at s[*pos] (the quote); *pos ends after the
 * closing quote. */
static int y_quoted(y_parser_t *p, const char *s, size_t len, size_t *pos, size_t off, md_node_t *out)
{
    char q = s[*pos];
    size_t i = *pos + 1;
    char *buf = malloc(len + 1);   /* unescaped text is never longer */
    size_t o = 0;
    if (!buf)
        return y_fail(p, off + *pos, "out of memory");
    for (;;) {
        if (i >= len) {
            free(buf);
            return y_fail(p, off + *pos, "YAML: unterminated %s-quoted string",
                          q == '\'' ? "single" : "double");
        }
        char c = s[i];
        if (c == q) {
            if (q == '\'' && i + 1 < len && s[i + 1] == '\'') {
                buf[o++] = '\'';
                i += 2;
                continue;
            }
            i++;
            break;
        }
        if (q == '"' && c == '\\') {
            if (i + 1 >= len) {
                free(buf);
                return y_fail(p, off + i, "YAML: escape at end of line");
            }
            char e = s[i + 1];
            const char *from = "\\\"/ntr0ab";
            const char *to = "\\\"/\n\t\r\0\a\b";
            const char *hit = e ? strchr(from, e) : NULL;
            unsigned u;
            size_t w = e == 'x' ? 2 : e == 'u' ? 4 : 0;
            if (hit) {
                buf[o++] = to[hit - from];
                i += 2;
            } else if (w && i + 2 + w <= len && y_hex(s + i + 2, w, &u) == 0) {
                o += y_utf8(buf + o, u);
                i += 2 + w;
            } else {
                free(buf);
                return y_fail(p, off + i, "YAML: unsupported escape '\\%c'", e > 0x20 && e < 0x7f ? e : '?');
            }
            continue;
        }
        buf[o++] = c;
        i++;
    }
    *pos = i;
    int rc = y_set_str(p, out, buf, o, off);
    free(buf);
    return rc;
}

/* A whole-line scalar s[0..len): quoted, or plain up to a " #" comment. */
static int y_scalar(y_parser_t *p, const char *s, size_t len, size_t off, md_node_t *out)
{
    out->off = off;
    if (s[0] == '\'' || s[0] == '"') {
        size_t pos = 0;
        if (y_quoted(p, s, len, &pos, off, out))
            return -1;
        while (pos < len && s[pos] == ' ')
            pos++;
        if (pos < len && s[pos] != '#')
            return y_fail(p, off + pos, "YAML: unexpected text after a quoted string");
        return 0;
    }
    if (s[0] == '|' || s[0] == '>')
        return y_fail(p, off, "YAML: block scalars ('%c') are not supported", s[0]);
    if (s[0] == '&' || s[0] == '*' || s[0] == '!')
        return y_fail(p, off, "YAML: anchors, aliases and tags are not supported");
    size_t n = 0;
    while (n < len && !(s[n] == '#' && n > 0 && s[n - 1] == ' '))
        n++;
    while (n > 0 && s[n - 1] == ' ')
        n--;
    if (n == 0 || (n == 1 && s[0] == '~') || (n == 4 && memcmp(s, "null", 4) == 0)) {
        out->type = MD_NIL;
        return 0;
    }
    return y_set_str(p, out, s, n, off);
}

/* ---- containers ----------------------------------------------------- */

/* Make room for `more` nodes after the first `used` kids of c. */
static int y_grow(y_parser_t *p, md_node_t *c, size_t used, size_t more, size_t *cap, size_t off)
{
    if (used + more <= *cap)
        return 0;
    size_t ncap = *cap ? 2 * *cap : 8;
    while (ncap < used + more)
        ncap *= 2;
    md_node_t *k = realloc(c->v.kids, ncap * sizeof *k);
    if (!k)
        return y_fail(p, off, "out of memory");
    memset(k + *cap, 0, (ncap - *cap) * sizeof *k);
    c->v.kids = k;
    *cap = ncap;
    return 0;
}

/* Where "key: value" splits: returns 1 and the end of the key and the start
 * of the value, or 0 if the text is not a mapping entry. */
static int y_key_split(const char *s, size_t len, size_t *kend, size_t *vstart)
{
    size_t i = 0;
    if (s[0] == '[' || s[0] == '{')
        return 0;
    if (s[0] == '\'' || s[0] == '"') {
        char q = s[0];
        for (i = 1; i < len; i++) {
            if (s[i] == q && q == '\'' && i + 1 < len && s[i + 1] == '\'')
                i++;
            else if (s[i] == '\\' && q == '"')
                i++;
            else if (s[i] == q)
                break;
        }
        if (i >= len)
            return 0;
        i++;
        size_t k = i;
        while (i < len && s[i] == ' ')
            i++;
        if (i < len && s[i] == ':' && (i + 1 == len || s[i + 1] == ' ')) {
            *kend = k;
            *vstart = i + 1;
            return 1;
        }
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (s[i] == '#' && i > 0 && s[i - 1] == ' ')
            return 0;
        if (s[i] == ':' && (i + 1 == len || s[i + 1] == ' ')) {
            *kend = i;
            while (*kend > 0 && s[*kend - 1] == ' ')
                (*kend)--;
            *vstart = i + 1;
            return 1;
        }
    }
    return 0;
}

static int y_flow(y_parser_t *p, const char *s, size_t len, size_t *pos, size_t off, md_node_t *out,
                  int depth);

/* One item inside a flow collection, ending at ',', ']', '}' (or ':' for a
 * key). */
static int y_flow_item(y_parser_t *p, const char *s, size_t len, size_t *pos, size_t off,
                       md_node_t *out, int depth, int is_key)
{
    while (*pos < len && s[*pos] == ' ')
        (*pos)++;
    out->off = off + *pos;
    if (*pos >= len)
        return y_fail(p, off + *pos, "YAML: flow collection not closed on its line");
    char c = s[*pos];
    if (c == '[' || c == '{')
        return y_flow(p, s, len, pos, off, out, depth + 1);
    if (c == '\'' || c == '"')
        return y_quoted(p, s, len, pos, off, out);
    size_t b = *pos;
    while (*pos < len && s[*pos] != ',' && s[*pos] != ']' && s[*pos] != '}' &&
           !(is_key && s[*pos] == ':'))
        (*pos)++;
    size_t e = *pos;
    while (e > b && s[e - 1] == ' ')
        e--;
    if (e == b) {
        out->type = MD_NIL;
        return 0;
    }
    return y_set_str(p, out, s + b, e - b, off + b);
}

/* A flow sequence [a, b] or mapping {k: v} starting at s[*pos]. */
static int y_flow(y_parser_t *p, const char *s, size_t len, size_t *pos, size_t off, md_node_t *out,
                  int depth)
{
    char open = s[*pos], close = open == '[' ? ']' : '}';
    size_t cap = 0, used = 0, at = off + *pos;
    if (depth >= MD_MAX_DEPTH)
        return y_fail(p, at, "YAML: nesting deeper than %d", MD_MAX_DEPTH);
    out->type = open == '[' ? MD_ARRAY : MD_MAP;
    out->off = at;
    out->n = 0;
    (*pos)++;
    for (;;) {
        while (*pos < len && s[*pos] == ' ')
            (*pos)++;
        if (*pos < len && s[*pos] == close && used == 0) {
            (*pos)++;
            return 0;
        }
        size_t per = open == '[' ? 1 : 2;
        if (y_grow(p, out, used, per, &cap, off + *pos))
            return -1;
        md_node_t *kid = &out->v.kids[used];
        used += per;
        out->n = used / per;
        if (y_flow_item(p, s, len, pos, off, kid, depth, open == '{'))
            return -1;
        if (open == '{') {
            while (*pos < len && s[*pos] == ' ')
                (*pos)++;
            if (*pos >= len || s[*pos] != ':')
                return y_fail(p, off + *pos, "YAML: ':' expected in a flow mapping");
            (*pos)++;
            if (y_flow_item(p, s, len, pos, off, kid + 1, depth, 0))
                return -1;
        }
        while (*pos < len && s[*pos] == ' ')
            (*pos)++;
        if (*pos < len && s[*pos] == ',') {
            (*pos)++;
            continue;
        }
        if (*pos < len && s[*pos] == close) {
            (*pos)++;
            return 0;
        }
        if (*pos >= len)
            return y_fail(p, off + *pos, "YAML: flow collection not closed on its line");
        return y_fail(p, off + *pos, "YAML: ',' or '%c' expected in a flow collection", close);
    }
}

/* A value written on the line itself: a flow collection or a scalar. */
static int y_inline(y_parser_t *p, const char *s, size_t len, size_t off, md_node_t *out, int depth)
{
    if (s[0] != '[' && s[0] != '{')
        return y_scalar(p, s, len, off, out);
    size_t pos = 0;
    if (y_flow(p, s, len, &pos, off, out, depth))
        return -1;
    while (pos < len && s[pos] == ' ')
        pos++;
    if (pos < len && s[pos] != '#')
        return y_fail(p, off + pos, "YAML: unexpected text after a flow collection");
    return 0;
}

static int y_block(y_parser_t *p, int indent, md_node_t *out, int depth);

/* The value after "key:" with nothing else on the line. */
static int y_nested(y_parser_t *p, int indent, md_node_t *out, int depth)
{
    if (p->i < p->n && p->lines[p->i].indent > indent)
        return y_block(p, p->lines[p->i].indent, out, depth + 1);
    if (p->i < p->n && p->lines[p->i].indent == indent && y_is_seq(&p->lines[p->i]))
        return y_block(p, indent, out, depth + 1);
    out->type = MD_NIL;
    return 0;
}

static int y_map(y_parser_t *p, int indent, md_node_t *out, int depth)
{
    size_t cap = 0, used = 0;
    out->type = MD_MAP;
    out->off = p->lines[p->i].off;
    out->n = 0;
    while (p->i < p->n) {
        y_line_t *l = &p->lines[p->i];
        if (l->indent < indent)
            break;
        if (l->indent > indent)
            return y_fail(p, l->off, "YAML: unexpected indentation (column %d, the mapping is at %d)",
                          l->indent, indent);
        if (y_is_seq(l))
            return y_fail(p, l->off, "YAML: sequence item where a mapping key was expected");
        size_t kend, vstart;
        if (!y_key_split(l->s, l->len, &kend, &vstart))
            return y_fail(p, l->off, "YAML: 'key: value' expected");
        if (y_grow(p, out, used, 2, &cap, l->off))
            return -1;
        md_node_t *kv = &out->v.kids[used];
        used += 2;
        out->n = used / 2;
        if (y_scalar(p, l->s, kend, l->off, kv))
            return -1;
        if (kv->type != MD_STR)
            return y_fail(p, l->off, "YAML: empty mapping key");
        while (vstart < l->len && l->s[vstart] == ' ')
            vstart++;
        if (vstart < l->len && l->s[vstart] != '#') {
            if (y_inline(p, l->s + vstart, l->len - vstart, l->off + vstart, kv + 1, depth))
                return -1;
            p->i++;
        } else {
            kv[1].off = l->off + l->len;
            p->i++;
            if (y_nested(p, indent, kv + 1, depth))
                return -1;
        }
    }
    return 0;
}

static int y_seq(y_parser_t *p, int indent, md_node_t *out, int depth)
{
    size_t cap = 0, used = 0;
    out->type = MD_ARRAY;
    out->off = p->lines[p->i].off;
    out->n = 0;
    while (p->i < p->n && p->lines[p->i].indent == indent && y_is_seq(&p->lines[p->i])) {
        y_line_t *l = &p->lines[p->i];
        if (y_grow(p, out, used, 1, &cap, l->off))
            return -1;
        md_node_t *item = &out->v.kids[used++];
        out->n = used;
        size_t skip = 1;
        while (skip < l->len && l->s[skip] == ' ')
            skip++;
        if (skip == l->len || l->s[skip] == '#') {
            item->off = l->off;
            p->i++;
            if (p->i < p->n && p->lines[p->i].indent > indent) {
                if (y_block(p, p->lines[p->i].indent, item, depth + 1))
                    return -1;
            } else {
                item->type = MD_NIL;
            }
            continue;
        }
        /* "- rest": the rest is a node at the column after the dash */
        l->s += skip;
        l->len -= skip;
        l->off += skip;
        l->indent += (int)skip;
        if (y_block(p, l->indent, item, depth + 1))
            return -1;
    }
    if (p->i < p->n && p->lines[p->i].indent > indent)
        return y_fail(p, p->lines[p->i].off, "YAML: unexpected indentation after a sequence item");
    return 0;
}

/* The node whose first line is p->lines[p->i], at column indent. */
static int y_block(y_parser_t *p, int indent, md_node_t *out, int depth)
{
    y_line_t *l = &p->lines[p->i];
    size_t kend, vstart;
    if (depth >= MD_MAX_DEPTH)
        return y_fail(p, l->off, "YAML: nesting deeper than %d", MD_MAX_DEPTH);
    if (y_is_seq(l))
        return y_seq(p, indent, out, depth);
    if (y_key_split(l->s, l->len, &kend, &vstart))
        return y_map(p, indent, out, depth);
    if (y_inline(p, l->s, l->len, l->off, out, depth))
        return -1;
    p->i++;
    return 0;
}

int yaml_parse(const char *text, size_t len, md_node_t **root, size_t *erroff, char *err, size_t errlen)
{
    y_parser_t p = {text, NULL, 0, 0, 0, err, errlen};
    md_node_t *n = calloc(1, sizeof *n);
    const char *nul = memchr(text, 0, len);
    *root = NULL;
    *erroff = 0;
    if (!n) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (nul)
        len = (size_t)(nul - text);
    int rc = y_split(&p, len);
    if (rc == 0 && p.n == 0) {
        n->type = MD_NIL;
    } else if (rc == 0) {
        rc = y_block(&p, p.lines[0].indent, n, 0);
        if (rc == 0 && p.i < p.n)
            rc = y_fail(&p, p.lines[p.i].off, "YAML: unexpected indentation (column %d)",
                        p.lines[p.i].indent);
    }
    free(p.lines);
    if (rc) {
        md_free(n);
        *erroff = p.erroff;
        return -1;
    }
    *root = n;
    return 0;
}
