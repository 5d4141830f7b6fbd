/* argval.c — the argument language of `gcnsim run` and its kin: scalar
 * values, buffers from files, zeroed or generated (iota, fill, rand),
 * images, LDS sizes, sizes with K/M/G suffixes, and typed element
 * formats for dumps. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "front/launch/launch.h"
#include "sim/f16.h"

/* Read at most max bytes of path (a larger file is an error: /dev/zero
 * or a pipe that never ends must not read without bound). */
static int read_file(const char *path, uint64_t max, void **data, uint64_t *size, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        fclose(fp);
        snprintf(err, errlen, "%s: not a file or a pipe (a device or directory has no size to read)", path);
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (n < cap || n > max)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf && n > max) {
        free(buf);
        fclose(fp);
        snprintf(err, errlen, "%s: more than %llu bytes (the largest buffer an argument may have)", path,
                 (unsigned long long)max);
        return -1;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (!buf || bad) {
        free(buf);
        snprintf(err, errlen, "%s: %s", path, buf ? "read error" : "out of memory");
        return -1;
    }
    *data = buf;
    *size = n;
    return 0;
}

static int parse_int(const char *s, int is_signed, int64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    if (is_signed) {
        long long v = strtoll(s, &end, 0);
        if (!*s || *end || errno || v < lo || (v > 0 && (uint64_t)v > hi))
            return -1;
        *out = (uint64_t)v;
    } else {
        if (*s == '-')
            return -1;
        unsigned long long v = strtoull(s, &end, 0);
        if (!*s || *end || errno || v > hi)
            return -1;
        *out = v;
    }
    return 0;
}

/* The format names of the image: spec, for messages. */
static void format_list(char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (unsigned i = 0; mimg_format_at(i) && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? " " : "", mimg_format_at(i)->name);
}

/* "FORMAT:W[,H[,D]]:PATH|zero" (after "image:") into *v; the file is read
 * here and must hold exactly the W*H*D texels. */
static int parse_image(const char *spec, const char *val, la_value_t *v, char *err, size_t errlen)
{
    char fmt[32], dims[64], names[400];
    const char *c1 = strchr(val, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    format_list(names, sizeof names);
    if (!c1 || !c2 || c2 == c1 + 1 || !c2[1]) {
        snprintf(err, errlen, "--arg '%s': expected image:FORMAT:W[,H[,D]]:PATH or image:FORMAT:W[,H[,D]]:zero", spec);
        return -1;
    }
    snprintf(fmt, sizeof fmt, "%.*s", (int)(c1 - val), val);
    snprintf(dims, sizeof dims, "%.*s", (int)(c2 - c1 - 1), c1 + 1);
    v->kind = LA_IMAGE;
    if (!(v->img_fmt = mimg_format(fmt))) {
        snprintf(err, errlen, "--arg '%s': unknown image format '%s' (%s)", spec, fmt, names);
        return -1;
    }
    if (!(v->img_dims = la_parse_dims(dims, v->img_size))) {
        snprintf(err, errlen, "--arg '%s': bad image size '%s' (W, W,H or W,H,D: positive integers)", spec, dims);
        return -1;
    }
    uint64_t bytes = (uint64_t)v->img_size[0] * v->img_size[1] * v->img_size[2] * v->img_fmt->bytes;
    if (bytes > LA_MAX_BUFFER) {
        snprintf(err, errlen, "--arg '%s': image of %llu bytes is too large", spec, (unsigned long long)bytes);
        return -1;
    }
    v->size = bytes;
    if (!strcmp(c2 + 1, "zero"))
        return 0;
    void *data;
    uint64_t got;
    if (read_file(c2 + 1, bytes, &data, &got, err, errlen))
        return -1;
    if (got != bytes) {
        free(data);
        snprintf(err, errlen, "--arg '%s': %s holds %llu bytes, the image needs %llu (%ux%ux%u texels of %u bytes)",
                 spec, c2 + 1, (unsigned long long)got, (unsigned long long)bytes, v->img_size[0], v->img_size[1],
                 v->img_size[2], v->img_fmt->bytes);
        return -1;
    }
    v->data = data;
    return 0;
}

/* "HEX" (after "bytes:"): the bytes of a value passed by value, in memory
 * order, two hex digits each. */
static int parse_bytes(const char *spec, const char *val, la_value_t *v, char *err, size_t errlen)
{
    size_t n = strlen(val);
    v->kind = LA_BYTES;
    if (n == 0 || n % 2 || n / 2 > LA_MAX_BYTES || strspn(val, "0123456789abcdefABCDEF") != n) {
        snprintf(err, errlen, "--arg '%s': expected bytes:HEX, 1 to %d bytes as pairs of hex digits in memory "
                 "order", spec, LA_MAX_BYTES);
        return -1;
    }
    uint8_t *b = malloc(n / 2);
    if (!b) {
        snprintf(err, errlen, "--arg '%s': out of host memory", spec);
        return -1;
    }
    for (size_t k = 0; k < n / 2; k++) {
        char pair[3] = {val[2 * k], val[2 * k + 1], 0};
        b[k] = (uint8_t)strtoul(pair, NULL, 16);
    }
    v->data = b;
    v->size = n / 2;
    return 0;
}

void la_value_free(la_value_t *v)
{
    if (v->kind == LA_BUF || v->kind == LA_IMAGE || v->kind == LA_BYTES)
        free((void *)v->data);
    v->data = NULL;
}

/* ---- sizes and element types ------------------------------------------------ */

int la_parse_size(const char *s, uint64_t max, uint64_t *out)
{
    static const struct {
        const char *suffix;
        unsigned shift;
    } units[] = {{"", 0}, {"K", 10}, {"KiB", 10}, {"M", 20}, {"MiB", 20}, {"G", 30}, {"GiB", 30}};
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9')
        return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');   /* decimal, or 0x hex (never octal) */
    unsigned long long v = strtoull(s, &end, hex ? 16 : 10);
    if (errno || end == s + 2 * hex)
        return -1;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(end, units[i].suffix) != 0)
            continue;
        if (v > (max >> units[i].shift))
            return -1;
        *out = (uint64_t)v << units[i].shift;
        return 0;
    }
    return -1;
}

static const la_elem_t elems[] = {
    {"i8", 1, 1, 0}, {"u8", 1, 0, 0}, {"i16", 2, 1, 0}, {"u16", 2, 0, 0}, {"i32", 4, 1, 0}, {"u32", 4, 0, 0},
    {"i64", 8, 1, 0}, {"u64", 8, 0, 0}, {"f16", 2, 1, 1}, {"f32", 4, 1, 1}, {"f64", 8, 1, 1},
};

const la_elem_t *la_elem(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof elems / sizeof elems[0]; i++)
        if (strlen(elems[i].name) == len && strncmp(elems[i].name, name, len) == 0)
            return &elems[i];
    return NULL;
}

/* Store value x (integer bits, or a double for a float type) as element e at p. */
static void put_elem(const la_elem_t *e, uint8_t *p, uint64_t bits, double x)
{
    if (e->is_float) {
        if (e->bytes == 2) {
            uint16_t h = (uint16_t)f16_from_f64(x, 0);
            memcpy(p, &h, 2);
            return;
        }
        if (e->bytes == 4) {
            float f = (float)x;
            memcpy(p, &f, 4);
        } else
            memcpy(p, &x, 8);
        return;
    }
    memcpy(p, &bits, e->bytes);   /* little-endian host: the low bytes */
}

int la_format_elem(const la_elem_t *e, const uint8_t *p, char *out, size_t n)
{
    uint64_t u = 0;
    memcpy(&u, p, e->bytes);
    if (e->is_float) {
        double x;
        if (e->bytes == 2)
            x = f16_to_f32f((uint32_t)u);
        else if (e->bytes == 4) {
            float f;
            memcpy(&f, p, 4);
            x = f;
        } else
            memcpy(&x, p, 8);
        return snprintf(out, n, e->bytes == 2 ? "%.5g" : e->bytes == 4 ? "%.9g" : "%.17g", x);
    }
    if (e->is_signed) {
        unsigned sh = 64 - 8 * e->bytes;
        int64_t v = (int64_t)(u << sh) >> sh;
        return snprintf(out, n, "%" PRId64, v);
    }
    return snprintf(out, n, "%" PRIu64, u);
}

/* ---- generated buffers ------------------------------------------------------ */

/* splitmix64: a fixed, portable sequence for rand:, the same on every host. */
static uint64_t next_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The value s of fill: for element e: integer bits that fit the type, or
 * a double for a float type.  0, or -1 if s is no such value. */
static int parse_fill(const la_elem_t *e, const char *s, uint64_t *bits, double *x)
{
    char *end;
    errno = 0;
    if (e->is_float) {
        *x = strtod(s, &end);
        return !*s || *end || errno ? -1 : 0;
    }
    unsigned b = 8 * e->bytes;
    if (e->is_signed) {
        int64_t lo = b == 64 ? INT64_MIN : -(INT64_C(1) << (b - 1));
        uint64_t hi = b == 64 ? INT64_MAX : (UINT64_C(1) << (b - 1)) - 1;
        return parse_int(s, 1, lo, hi, bits);
    }
    return parse_int(s, 0, 0, b == 64 ? UINT64_MAX : (UINT64_C(1) << b) - 1, bits);
}

/* "iota:TYPE:N", "fill:TYPE:N:V", "rand:TYPE:N[:SEED]" (gen names which)
 * after the generator's name: a buffer of N elements. */
static int parse_gen(const char *spec, const char *gen, const char *val, la_value_t *v, char *err, size_t errlen)
{
    char count[64];
    const char *c1 = strchr(val, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    int fill = !strcmp(gen, "fill"), rnd = !strcmp(gen, "rand");
    const la_elem_t *e = c1 ? la_elem(val, (size_t)(c1 - val)) : NULL;
    snprintf(count, sizeof count, "%.*s", c1 ? (int)(c2 ? c2 - c1 - 1 : (long)strlen(c1 + 1)) : 0, c1 ? c1 + 1 : "");
    uint64_t n = 0, seed = 1, bits = 0;
    double x = 0;
    int bad = !e || la_parse_size(count, LA_MAX_BUFFER, &n) || n > LA_MAX_BUFFER / e->bytes ||
              (fill && !c2) || (!fill && !rnd && c2);
    if (!bad && fill)
        bad = parse_fill(e, c2 + 1, &bits, &x);
    if (!bad && rnd && c2)
        bad = la_parse_size(c2 + 1, UINT64_MAX, &seed);
    if (bad) {
        snprintf(err, errlen, "--arg '%s': expected %s:TYPE:N%s (TYPE i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64; N "
                 "elements, K/M/G suffixes allowed, at most 4 GiB in all)", spec, gen,
                 fill ? ":VALUE" : rnd ? "[:SEED]" : "");
        return -1;
    }
    uint64_t bytes = n * e->bytes;
    uint8_t *b = malloc(bytes ? bytes : 1);
    if (!b) {
        snprintf(err, errlen, "--arg '%s': out of host memory", spec);
        return -1;
    }
    uint64_t state = seed;
    for (uint64_t i = 0; i < n; i++) {
        if (rnd) {
            uint64_t r = next_rand(&state);
            put_elem(e, b + i * e->bytes, r, (double)(r >> 11) * 0x1.0p-53);   /* floats: [0, 1) */
        } else if (fill)
            put_elem(e, b + i * e->bytes, bits, x);
        else
            put_elem(e, b + i * e->bytes, i, (double)i);
    }
    v->kind = LA_BUF;
    v->data = b;
    v->size = n * e->bytes;
    return 0;
}

/* ---- one argument ----------------------------------------------------------- */

#define TYPES "i32 u32 i64 u64 f32 f64 bytes buf zero local image iota fill rand"

int la_parse_value(const char *spec, la_value_t *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    snprintf(v->spec, sizeof v->spec, "%s", spec);
    const char *colon = strchr(spec, ':');
    if (!colon) {
        snprintf(err, errlen, "--arg '%s': expected TYPE:VALUE (" TYPES ")", spec);
        return -1;
    }
    size_t tl = (size_t)(colon - spec);
    const char *val = colon + 1;
#define IS(name) (tl == strlen(name) && strncmp(spec, name, tl) == 0)
    int bad = 0;
    char *end;
    if (IS("i32")) {
        v->kind = LA_I32;
        bad = parse_int(val, 1, INT32_MIN, INT32_MAX, &v->bits);
        v->bits &= 0xffffffffu;
    } else if (IS("u32")) {
        v->kind = LA_U32;
        bad = parse_int(val, 0, 0, UINT32_MAX, &v->bits);
    } else if (IS("i64")) {
        v->kind = LA_I64;
        bad = parse_int(val, 1, INT64_MIN, INT64_MAX, &v->bits);
    } else if (IS("u64")) {
        v->kind = LA_U64;
        bad = parse_int(val, 0, 0, UINT64_MAX, &v->bits);
    } else if (IS("f32")) {
        v->kind = LA_F32;
        errno = 0;
        float f = strtof(val, &end);
        bad = !*val || *end;
        uint32_t b;
        memcpy(&b, &f, 4);
        v->bits = b;
    } else if (IS("f64")) {
        v->kind = LA_F64;
        double d = strtod(val, &end);
        bad = !*val || *end;
        memcpy(&v->bits, &d, 8);
    } else if (IS("buf")) {
        v->kind = LA_BUF;
        void *data;
        if (read_file(val, LA_MAX_BUFFER, &data, &v->size, err, errlen))
            return -1;
        v->data = data;
        return 0;
    } else if (IS("image")) {
        return parse_image(spec, val, v, err, errlen);
    } else if (IS("bytes")) {
        return parse_bytes(spec, val, v, err, errlen);
    } else if (IS("iota") || IS("fill") || IS("rand")) {
        char gen[8];
        snprintf(gen, sizeof gen, "%.*s", (int)tl, spec);
        return parse_gen(spec, gen, val, v, err, errlen);
    } else if (IS("zero") || IS("local")) {
        v->kind = IS("zero") ? LA_ZERO : LA_LOCAL;
        bad = la_parse_size(val, LA_MAX_BUFFER, &v->size);
    } else {
        snprintf(err, errlen, "--arg '%s': unknown type '%.*s' (" TYPES ")", spec, (int)tl, spec);
        return -1;
    }
#undef IS
    if (bad) {
        snprintf(err, errlen, "--arg '%s': '%s' is not a valid value of that type%s", spec, val,
                 v->kind == LA_ZERO || v->kind == LA_LOCAL ? " (bytes, K/M/G suffixes allowed, at most 4 GiB)" : "");
        return -1;
    }
    return 0;
}

unsigned la_parse_dims(const char *s, uint32_t n[3])
{
    n[0] = n[1] = n[2] = 1;
    unsigned d = 0;
    char part[32];
    while (d < 3) {
        size_t k = strcspn(s, ",");
        uint64_t v;
        if (k == 0 || k >= sizeof part)
            return 0;
        memcpy(part, s, k);
        part[k] = 0;
        if (la_parse_size(part, UINT32_MAX, &v) || v == 0)
            return 0;
        n[d++] = (uint32_t)v;
        if (s[k] == 0)
            return d;
        s += k + 1;
    }
    return 0;
}
