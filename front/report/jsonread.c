/* jsonread.c — a small JSON reader (see jsonread.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/json.h"
#include "front/report/jsonread.h"

typedef struct {
    const char *s;
    size_t n, i;
    int depth;
    char *err;
    size_t errlen;
    int failed;
} jr_in_t;

/* Record the first error, at byte offset at. */
static int fail(jr_in_t *in, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(jr_in_t *in, size_t at, const char *fmt, ...)
{
    if (in->failed++)
        return -1;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(in->err, in->errlen, "offset %zu: %s", at, what);
    return -1;
}

static void skip_ws(jr_in_t *in)
{
    while (in->i < in->n && (in->s[in->i] == ' ' || in->s[in->i] == '\t' || in->s[in->i] == '\n' ||
                             in->s[in->i] == '\r'))
        in->i++;
}

/* A printable view of the byte at the cursor, for messages. */
static const char *seen(const jr_in_t *in, char *buf, size_t n)
{
    if (in->i >= in->n)
        return "the end of the input";
    unsigned char c = (unsigned char)in->s[in->i];
    if (c >= 0x20 && c < 0x7f)
        snprintf(buf, n, "'%c'", c);
    else
        snprintf(buf, n, "byte 0x%02x", c);
    return buf;
}

static void val_free(jr_val_t *v)
{
    free(v->str);
    for (size_t k = 0; v->items && k < v->len; k++)
        val_free(&v->items[k]);
    for (size_t k = 0; v->keys && k < v->len; k++)
        free(v->keys[k]);
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

static int parse_value(jr_in_t *in, jr_val_t *v);

/* ---- strings -------------------------------------------------------------- */

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        char c = p[k];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
        if (d > 15)
            return -1;
        v = v * 16 + d;
    }
    *out = v;
    return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xc0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12);
        o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18);
    o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* \uXXXX at in->i (after the backslash and u), with its low surrogate when
 * it is a high one; the code point into *cp. */
static int unicode_escape(jr_in_t *in, unsigned *cp)
{
    size_t at = in->i - 2;
    if (in->n - in->i < 4 || hex4(in->s + in->i, cp))
        return fail(in, at, "\\u needs four hex digits");
    in->i += 4;
    if (*cp >= 0xdc00 && *cp <= 0xdfff)
        return fail(in, at, "lone low surrogate \\u%04x", *cp);
    if (*cp < 0xd800 || *cp > 0xdbff)
        return 0;
    unsigned lo;
    if (in->n - in->i < 6 || in->s[in->i] != '\\' || in->s[in->i + 1] != 'u' || hex4(in->s + in->i + 2, &lo) ||
        lo < 0xdc00 || lo > 0xdfff)
        return fail(in, at, "high surrogate \\u%04x without its low surrogate", *cp);
    in->i += 6;
    *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
    return 0;
}

/* One escape after a backslash (in->i on the letter) into o; bytes written. */
static int escape(jr_in_t *in, char *o, size_t *wrote)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (in->i >= in->n)
        return fail(in, in->i, "unterminated string");
    char c = in->s[in->i++];
    const char *p = c ? strchr(from, c) : NULL;
    if (p) {
        *o = to[p - from];
        *wrote = 1;
        return 0;
    }
    if (c != 'u')
        return fail(in, in->i - 2, "bad escape '\\%c' in a string", c >= 0x20 && c < 0x7f ? c : '?');
    unsigned cp;
    if (unicode_escape(in, &cp))
        return -1;
    *wrote = put_utf8(o, cp);
    return 0;
}

/* A string at in->i (on the opening quote) into a new buffer *out of *len bytes. */
static int parse_string(jr_in_t *in, char **out, size_t *len)
{
    size_t start = in->i++, end = in->i;
    while (end < in->n && in->s[end] != '"')
        end += in->s[end] == '\\' ? 2 : 1;
    if (end >= in->n)
        return fail(in, start, "unterminated string");
    char *o = malloc(end - in->i + 1);   /* escapes never grow: the output fits */
    size_t k = 0;
    if (!o)
        return fail(in, start, "out of memory");
    while (in->i < end) {
        unsigned char c = (unsigned char)in->s[in->i];
        size_t w = 1;
        if (c < 0x20) {
            free(o);
            return fail(in, in->i, "control character 0x%02x in a string (write it as \\u%04x)", c, c);
        }
        if (c != '\\')
            o[k] = (char)c, in->i++;
        else if (in->i++, escape(in, o + k, &w)) {
            free(o);
            return -1;
        }
        k += w;
    }
    in->i = end + 1;
    o[k] = 0;
    *out = o;
    *len = k;
    return 0;
}

/* ---- numbers ------------------------------------------------------------- */

static size_t digits(const jr_in_t *in, size_t i)
{
    while (i < in->n && in->s[i] >= '0' && in->s[i] <= '9')
        i++;
    return i;
}

/* The end of the number starting at in->i by RFC 8259's grammar, or 0. */
static size_t number_end(jr_in_t *in, int *is_int)
{
    size_t i = in->i;
    if (i < in->n && in->s[i] == '-')
        i++;
    if (i >= in->n || in->s[i] < '0' || in->s[i] > '9')
        return 0;
    i = in->s[i] == '0' ? i + 1 : digits(in, i);
    *is_int = 1;
    if (i < in->n && in->s[i] == '.') {
        size_t j = digits(in, i + 1);
        if (j == i + 1)
            return 0;
        i = j, *is_int = 0;
    }
    if (i < in->n && (in->s[i] == 'e' || in->s[i] == 'E')) {
        i++;
        if (i < in->n && (in->s[i] == '+' || in->s[i] == '-'))
            i++;
        size_t j = digits(in, i);
        if (j == i)
            return 0;
        i = j, *is_int = 0;
    }
    if (i < in->n && in->s[i] >= '0' && in->s[i] <= '9')
        return 0;   /* a leading zero followed by digits */
    return i;
}

static int parse_number(jr_in_t *in, jr_val_t *v)
{
    char buf[400];
    int is_int = 0;
    size_t end = number_end(in, &is_int), len = end - in->i;
    if (!end)
        return fail(in, in->i, "malformed number");
    if (len >= sizeof buf)
        return fail(in, in->i, "number of %zu characters (at most %zu)", len, sizeof buf - 1);
    memcpy(buf, in->s + in->i, len);
    buf[len] = 0;
    v->kind = JR_NUMBER;
    v->number = strtod(buf, NULL);
    if (isinf(v->number))
        return fail(in, in->i, "number out of range");
    if (is_int) {
        errno = 0;
        if (buf[0] == '-')
            v->number = (double)(v->i = strtoll(buf, NULL, 10));
        else
            v->number = (double)(v->u = strtoull(buf, NULL, 10));
        v->is_int = errno == 0 && !(buf[0] == '-' && v->i == 0);   /* -0 stays a double */
        if (!v->is_int)
            v->number = strtod(buf, NULL);
    }
    in->i = end;
    return 0;
}

/* ---- containers ---------------------------------------------------------- */

/* Room for one more member of v (an array or object). */
static int grow(jr_in_t *in, jr_val_t *v, size_t *cap)
{
    if (v->len < *cap)
        return 0;
    size_t nc = *cap ? 2 * *cap : 4;
    jr_val_t *ni = realloc(v->items, nc * sizeof *ni);
    if (ni)
        v->items = ni;
    if (ni && v->kind == JR_OBJECT) {
        char **nk = realloc(v->keys, nc * sizeof *nk);
        if (!nk)
            return fail(in, in->i, "out of memory");
        v->keys = nk;
    }
    if (!ni)
        return fail(in, in->i, "out of memory");
    *cap = nc;
    return 0;
}

/* After a member: ',' (1, more follow) or the closing bracket (0). */
static int separator(jr_in_t *in, char close, const char *what)
{
    char b[16];
    skip_ws(in);
    if (in->i < in->n && in->s[in->i] == ',') {
        in->i++;
        return 1;
    }
    if (in->i < in->n && in->s[in->i] == close) {
        in->i++;
        return 0;
    }
    return fail(in, in->i, "expected ',' or '%c' in %s, found %s", close, what, seen(in, b, sizeof b));
}

static int object_member(jr_in_t *in, jr_val_t *v, size_t *cap)
{
    char b[16];
    skip_ws(in);
    if (in->i >= in->n || in->s[in->i] != '"')
        return fail(in, in->i, "expected a member name (a string) in an object, found %s", seen(in, b, sizeof b));
    if (grow(in, v, cap))
        return -1;
    char *key;
    size_t klen;
    if (parse_string(in, &key, &klen))
        return -1;
    skip_ws(in);
    if (in->i >= in->n || in->s[in->i] != ':') {
        free(key);
        return fail(in, in->i, "expected ':' after a member name, found %s", seen(in, b, sizeof b));
    }
    in->i++;
    jr_val_t m;
    memset(&m, 0, sizeof m);
    if (parse_value(in, &m)) {
        free(key);
        val_free(&m);
        return -1;
    }
    v->keys[v->len] = key;
    v->items[v->len++] = m;
    return 0;
}

static int array_member(jr_in_t *in, jr_val_t *v, size_t *cap)
{
    if (grow(in, v, cap))
        return -1;
    jr_val_t m;
    memset(&m, 0, sizeof m);
    if (parse_value(in, &m)) {
        val_free(&m);
        return -1;
    }
    v->items[v->len++] = m;
    return 0;
}

/* An array or object at in->i (on its bracket). */
static int parse_container(jr_in_t *in, jr_val_t *v, int is_obj)
{
    char close = is_obj ? '}' : ']';
    size_t cap = 0;
    if (++in->depth > JR_MAX_DEPTH)
        return fail(in, in->i, "nesting deeper than %d levels", JR_MAX_DEPTH);
    v->kind = is_obj ? JR_OBJECT : JR_ARRAY;
    in->i++;
    skip_ws(in);
    if (in->i < in->n && in->s[in->i] == close) {
        in->i++;
        in->depth--;
        return 0;
    }
    for (;;) {
        if ((is_obj ? object_member(in, v, &cap) : array_member(in, v, &cap)))
            return -1;
        int more = separator(in, close, is_obj ? "an object" : "an array");
        if (more < 0)
            return -1;
        if (!more)
            break;
    }
    in->depth--;
    return 0;
}

/* true, false, null at in->i. */
static int parse_word(jr_in_t *in, jr_val_t *v)
{
    static const char *const words[] = {"true", "false", "null"};
    for (int k = 0; k < 3; k++) {
        size_t l = strlen(words[k]);
        if (in->n - in->i >= l && !memcmp(in->s + in->i, words[k], l)) {
            v->kind = k < 2 ? JR_BOOL : JR_NULL;
            v->boolean = k == 0;
            in->i += l;
            return 0;
        }
    }
    char b[16];
    return fail(in, in->i, "expected a value, found %s", seen(in, b, sizeof b));
}

static int parse_value(jr_in_t *in, jr_val_t *v)
{
    skip_ws(in);
    v->offset = in->i;
    if (in->i >= in->n)
        return fail(in, in->i, "expected a value, found the end of the input");
    char c = in->s[in->i];
    if (c == '{' || c == '[')
        return parse_container(in, v, c == '{');
    if (c == '"') {
        v->kind = JR_STRING;
        return parse_string(in, &v->str, &v->len);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return parse_number(in, v);
    return parse_word(in, v);
}

/* ---- the document -------------------------------------------------------- */

int jr_parse(jr_doc_t *d, const char *text, size_t len, char *err, size_t errlen)
{
    jr_in_t in = {text, len, 0, 0, err, errlen, 0};
    d->root = NULL;
    if (len > JR_MAX_BYTES)
        return fail(&in, 0, "%zu bytes, more than the %zu a document may have", len, JR_MAX_BYTES);
    jr_val_t *root = calloc(1, sizeof *root);
    if (!root)
        return fail(&in, 0, "out of memory");
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        in.i = 3;   /* a UTF-8 byte-order mark */
    int rc = parse_value(&in, root);
    skip_ws(&in);
    char b[16];
    if (!rc && in.i < in.n)
        rc = fail(&in, in.i, "%s after the document's value", seen(&in, b, sizeof b));
    if (rc) {
        val_free(root);
        free(root);
        return -1;
    }
    d->root = root;
    return 0;
}

/* The whole of fp into a new buffer *out of *n bytes; 0, or -1 with errno
 * (EFBIG past JR_MAX_BYTES). */
static int slurp(FILE *fp, char **out, size_t *n)
{
    size_t cap = 65536, k = 0;
    char *buf = malloc(cap);
    if (!buf)
        return -1;
    for (;;) {
        if (k == cap) {
            char *nb = cap > JR_MAX_BYTES ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                errno = cap > JR_MAX_BYTES ? EFBIG : ENOMEM;
                return -1;
            }
            buf = nb, cap *= 2;
        }
        size_t got = fread(buf + k, 1, cap - k, fp);
        k += got;
        if (!got)
            break;
    }
    if (ferror(fp)) {
        free(buf);
        errno = errno ? errno : EIO;
        return -1;
    }
    *out = buf;
    *n = k;
    return 0;
}

int jr_read_file(jr_doc_t *d, const char *path, char *err, size_t errlen)
{
    d->root = NULL;
    char *buf = NULL;
    size_t n = 0;
    errno = 0;
    FILE *fp = fopen(path, "rb");
    if (!fp || slurp(fp, &buf, &n)) {
        snprintf(err, errlen, "cannot read: %s", errno == EFBIG ? "larger than 1 GiB" : strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    fclose(fp);
    int rc = jr_parse(d, buf, n, err, errlen);
    free(buf);
    return rc;
}

void jr_free(jr_doc_t *d)
{
    if (d->root) {
        val_free(d->root);
        free(d->root);
    }
    d->root = NULL;
}

/* ---- lookups ------------------------------------------------------------- */

const jr_val_t *jr_get(const jr_val_t *o, const char *key)
{
    if (!o || o->kind != JR_OBJECT)
        return NULL;
    for (size_t k = 0; k < o->len; k++)
        if (!strcmp(o->keys[k], key))
            return &o->items[k];
    return NULL;
}

const jr_val_t *jr_path(const jr_val_t *o, const char *path)
{
    char key[128];
    while (o && *path) {
        size_t l = strcspn(path, ".");
        if (l >= sizeof key)
            return NULL;
        memcpy(key, path, l);
        key[l] = 0;
        o = jr_get(o, key);
        path += l + (path[l] == '.');
    }
    return o;
}

int jr_number(const jr_val_t *v, double *out)
{
    if (!v || v->kind != JR_NUMBER)
        return 0;
    *out = v->number;
    return 1;
}

const char *jr_string(const jr_val_t *v)
{
    return v && v->kind == JR_STRING ? v->str : NULL;
}

void jr_write(json_t *j, const char *key, const jr_val_t *v)
{
    switch (v->kind) {
    case JR_NULL: json_null(j, key); break;
    case JR_BOOL: json_bool(j, key, v->boolean); break;
    case JR_STRING: json_str(j, key, v->str); break;
    case JR_NUMBER:
        if (v->is_int && v->i < 0)
            json_int(j, key, v->i);
        else if (v->is_int)
            json_uint(j, key, v->u);
        else
            json_double(j, key, v->number);
        break;
    case JR_ARRAY:
    case JR_OBJECT:
        if (v->kind == JR_ARRAY)
            json_begin_arr(j, key);
        else
            json_begin_obj(j, key);
        for (size_t k = 0; k < v->len; k++)
            jr_write(j, v->kind == JR_OBJECT ? v->keys[k] : NULL, &v->items[k]);
        json_end(j);
        break;
    }
}

char *jr_text(const jr_val_t *v)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    if (!fp)
        return NULL;
    json_t j;
    json_init(&j, fp);
    jr_write(&j, NULL, v);
    int bad = json_finish(&j);
    bad |= fclose(fp) != 0;
    if (bad) {
        free(buf);
        return NULL;
    }
    return buf;
}
