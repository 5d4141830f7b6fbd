/* printf.c — the printf buffer of a launch and its records formatted
 * (see printf.h).  A conversion is formatted by the host's snprintf with
 * the same flags, width and precision, after the argument's bytes are
 * turned into the C type the conversion and length modifier name. */
#include <stdlib.h>
#include <string.h>
#include "front/launch/printf.h"
#include "sim/f16.h"

/* PF_MAX_WIDTH: the largest width or precision taken (a larger one, which
 * only a damaged file has, leaves its specification printed as written). */
enum { PF_HEADER = 8, PF_MAX_ARGS = 64, PF_SPEC = 48, PF_MAX_WIDTH = 4096 };

/* One format record of the metadata, parsed. */
typedef struct {
    uint32_t id, nargs;
    uint32_t size[PF_MAX_ARGS];
    uint64_t bytes;         /* record bytes: the id and every argument */
    const char *text;       /* the format, escapes as written */
} pf_fmt_t;

/* One conversion specification. */
typedef struct {
    char flags[8];
    int width, prec;        /* -1: not given */
    unsigned vec;           /* vector elements (0: a scalar) */
    int len;                /* 'H' hh, 'h' h, 'L' hl, 'l' l, 0 none */
    char conv;
} pf_spec_t;

int pf_alloc(mem_t *m, uint64_t *addr)
{
    uint32_t total = PF_HEADER + PF_BUFFER_SIZE + PF_SPILL_SIZE, hdr[2] = {0, total};
    if (mem_alloc(m, total, 256, "printf buffer", addr) || mem_write(m, *addr, hdr, sizeof hdr))
        return -1;
    return 0;
}

/* Parse "ID:NARGS:SIZE...:FORMAT" into *f; 0, or -1 if malformed. */
static int parse_fmt(const char *s, pf_fmt_t *f)
{
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || *end != ':' || v > UINT32_MAX)
        return -1;
    f->id = (uint32_t)v;
    s = end + 1;
    v = strtoul(s, &end, 10);
    if (end == s || *end != ':' || v > PF_MAX_ARGS)
        return -1;
    uint32_t nargs = (uint32_t)v;
    f->nargs = 0;
    f->bytes = 4;
    f->text = end + 1;
    /* fewer sizes than NARGS: clang-15 stores only the arguments of the
     * conversions it recognised (the first ones, in order) */
    while (f->nargs < nargs) {
        s = f->text;
        v = strtoul(s, &end, 10);
        if (end == s || *end != ':' || *s < '0' || *s > '9' || v == 0 || v > PF_BUFFER_SIZE)
            break;
        f->size[f->nargs++] = (uint32_t)v;
        f->bytes += v;
        f->text = end + 1;
    }
    return 0;
}

/* The format with id id, parsed into *f; 0, or -1 if none. */
static int find_fmt(char *const *fmts, size_t n, uint32_t id, pf_fmt_t *f)
{
    for (size_t i = 0; i < n; i++)
        if (parse_fmt(fmts[i], f) == 0 && f->id == id)
            return 0;
    return -1;
}

/* The character an escape the compiler wrote stands for (\n, \t ..., \72
 * octal) at *s (after the backslash); advances *s.  -1: not an escape. */
static int unescape(const char **s)
{
    static const char from[] = "abfnrtv", to[] = "\a\b\f\n\r\t\v";
    const char *p = strchr(from, **s);
    if (**s && p) {
        (*s)++;
        return to[p - from];
    }
    if (**s < '0' || **s > '7')
        return -1;
    int c = 0;
    for (int i = 0; i < 3 && **s >= '0' && **s <= '7'; i++)
        c = c * 8 + *(*s)++ - '0';
    return c & 0xff;
}

/* Parse a conversion specification at s (after the '%'); the character
 * after it, or NULL if s holds none. */
static const char *parse_spec(const char *s, pf_spec_t *sp)
{
    memset(sp, 0, sizeof *sp);
    sp->width = sp->prec = -1;
    size_t nf = 0;
    while (*s && strchr("-+ #0", *s) && nf < sizeof sp->flags - 1)
        sp->flags[nf++] = *s++;
    if (*s >= '0' && *s <= '9')
        for (sp->width = 0; *s >= '0' && *s <= '9'; s++)
            sp->width = sp->width < 100000 ? sp->width * 10 + (*s - '0') : sp->width;
    if (*s == '.')
        for (s++, sp->prec = 0; *s >= '0' && *s <= '9'; s++)
            sp->prec = sp->prec < 100000 ? sp->prec * 10 + (*s - '0') : sp->prec;
    if (sp->width > PF_MAX_WIDTH || sp->prec > PF_MAX_WIDTH)
        return NULL;
    if (*s == 'v') {
        char *end;
        unsigned long n = strtoul(s + 1, &end, 10);
        if (n != 2 && n != 3 && n != 4 && n != 8 && n != 16)
            return NULL;
        sp->vec = (unsigned)n;
        s = end;
    }
    if (s[0] == 'h' && s[1] == 'h')
        sp->len = 'H', s += 2;
    else if (s[0] == 'h' && s[1] == 'l')
        sp->len = 'L', s += 2;
    else if (*s == 'h' || *s == 'l')
        sp->len = *s++;
    if (!*s || !strchr("diouxXfFeEgGaAcsp", *s))
        return NULL;
    sp->conv = *s;
    return s + 1;
}

/* "%" flags width .prec, then len and conv, into out. */
static void host_spec(const pf_spec_t *sp, const char *len, char conv, char *out, size_t n)
{
    int k = snprintf(out, n, "%%%s", sp->flags);
    if (sp->width >= 0)
        k += snprintf(out + k, n - k, "%d", sp->width);
    if (sp->prec >= 0)
        k += snprintf(out + k, n - k, ".%d", sp->prec);
    snprintf(out + k, n - k, "%s%c", len, conv);
}

/* Integer of esz bytes at p, sign-extended if sgn. */
static uint64_t get_int(const uint8_t *p, unsigned esz, int sgn)
{
    uint64_t v = 0;
    memcpy(&v, p, esz > 8 ? 8 : esz);
    if (sgn && esz < 8 && (v >> (8 * esz - 1) & 1))
        v |= ~0ull << (8 * esz);
    return v;
}

/* Real of esz bytes at p: a half (2), float (4) or double (8); never
 * more bytes than esz (an odd size in a damaged file reads as the
 * largest of those it holds). */
static double get_real(const uint8_t *p, unsigned esz)
{
    if (esz >= 8) {
        double d;
        memcpy(&d, p, 8);
        return d;
    }
    if (esz >= 4) {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    return esz >= 2 ? f16_to_f64((uint32_t)p[0] | (uint32_t)p[1] << 8) : 0.0;
}

/* Bytes of the integer the length modifier names (0: the stored size). */
static unsigned len_bytes(int len)
{
    return len == 'H' ? 1 : len == 'h' ? 2 : len == 'L' ? 4 : len == 'l' ? 8 : 0;
}

/* One integer, real or character element of esz bytes at p. */
static void put_number(FILE *out, const pf_spec_t *sp, const uint8_t *p, unsigned esz)
{
    char spec[PF_SPEC];
    char c = sp->conv;
    if (strchr("fFeEgGaA", c)) {
        host_spec(sp, "", c, spec, sizeof spec);
        fprintf(out, spec, get_real(p, esz));
    } else if (c == 'c') {
        host_spec(sp, "", c, spec, sizeof spec);
        fprintf(out, spec, (int)(unsigned char)p[0]);
    } else {
        unsigned b = len_bytes(sp->len);
        if (!b || b > esz)
            b = esz < 4 ? esz : esz == 8 && sp->len == 'l' ? 8 : 4;
        uint64_t v = get_int(p, b, c == 'd' || c == 'i');
        host_spec(sp, "ll", c, spec, sizeof spec);
        fprintf(out, spec, (long long)v);
    }
}

/* A %s argument of size bytes at p: the string itself, or (8 bytes that
 * address device memory) a pointer to it. */
static void put_string(FILE *out, const pf_spec_t *sp, mem_t *m, const uint8_t *p, uint32_t size)
{
    char spec[PF_SPEC];
    host_spec(sp, "", 's', spec, sizeof spec);
    const char *s = (const char *)p;
    size_t n = strnlen(s, size);
    const mem_region_t *r = size == 8 ? mem_region_at(m, get_int(p, 8, 0)) : NULL;
    if (r) {
        uint64_t a = get_int(p, 8, 0);
        s = (const char *)r->data + (a - r->base);
        n = strnlen(s, r->base + r->size - a);
    }
    char *copy = strndup(s, n);
    fprintf(out, spec, copy ? copy : "");
    free(copy);
}

/* One conversion of the argument of size bytes at p. */
static void put_arg(FILE *out, const pf_spec_t *sp, mem_t *m, const uint8_t *p, uint32_t size)
{
    char spec[PF_SPEC];
    if (sp->conv == 's')
        return put_string(out, sp, m, p, size);
    if (sp->conv == 'p') {
        host_spec(sp, "", 'p', spec, sizeof spec);
        fprintf(out, spec, (void *)(uintptr_t)get_int(p, size < 8 ? size : 8, 0));
        return;
    }
    if (!sp->vec)
        return put_number(out, sp, p, size > 8 ? 8 : size);
    unsigned slots = sp->vec == 3 ? 4 : sp->vec, esz = len_bytes(sp->len);
    if (!esz || esz * slots > size)
        esz = size / slots;
    for (unsigned i = 0; i < sp->vec && esz; i++) {
        if (i)
            fputc(',', out);
        put_number(out, sp, p + i * esz, esz);
    }
}

/* Print one record (its argument bytes at args) with format f. */
static void put_record(FILE *out, mem_t *m, const pf_fmt_t *f, const uint8_t *args)
{
    const char *s = f->text;
    uint32_t a = 0;
    uint64_t off = 0;
    while (*s) {
        pf_spec_t sp;
        const char *next;
        if (*s == '\\') {
            s++;
            int c = unescape(&s);
            fputc(c < 0 ? '\\' : c, out);
        } else if (s[0] == '%' && s[1] == '%') {
            fputc('%', out);
            s += 2;
        } else if (*s == '%' && a < f->nargs && (next = parse_spec(s + 1, &sp))) {
            put_arg(out, &sp, m, args + off, f->size[a]);
            off += f->size[a++];
            s = next;
        } else
            fputc(*s++, out);
    }
}

size_t pf_flush(mem_t *m, uint64_t addr, char *const *fmts, size_t nfmts, FILE *out, FILE *warn)
{
    uint32_t used = 0;
    const uint8_t *buf = mem_ptr(m, addr, PF_HEADER + PF_BUFFER_SIZE + PF_SPILL_SIZE);
    if (!buf)
        return 0;
    memcpy(&used, buf, 4);
    uint64_t end = used > PF_BUFFER_SIZE + PF_SPILL_SIZE ? PF_BUFFER_SIZE + PF_SPILL_SIZE : used, off = 0;
    size_t printed = 0, dropped = 0;
    while (off + 4 <= end) {
        uint32_t id;
        pf_fmt_t f;
        memcpy(&id, buf + PF_HEADER + off, 4);
        if (find_fmt(fmts, nfmts, id, &f) || off + f.bytes > end) {
            fprintf(warn, "gcnsim: warning: printf record at offset %llu names no format of the code object "
                    "(id %u); the rest of the printf output is left out\n", (unsigned long long)off, id);
            break;
        }
        if (off + f.bytes <= PF_BUFFER_SIZE) {
            put_record(out, m, &f, buf + PF_HEADER + off + 4);
            printed++;
        } else
            dropped++;
        off += f.bytes;
    }
    fflush(out);
    if (dropped)
        fprintf(warn, "gcnsim: warning: %s%zu printf records did not fit in the %u-byte printf buffer and were "
                "dropped\n", used + 64 >= PF_BUFFER_SIZE + PF_SPILL_SIZE ? "at least " : "", dropped,
                PF_BUFFER_SIZE);
    return printed;
}
