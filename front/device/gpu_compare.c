/* gpu_compare.c — element-wise buffer comparison (see gpu_compare.h). */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/device/gpu_compare.h"
#include "sim/f16.h"

static const struct {
    const char *names;        /* spellings, space-separated, each between spaces */
    gpu_elem_t e;
} types[] = {
    {" char signed_char int8_t ", {GPU_E_I8, 1, 0, "char"}},
    {" uchar unsigned_char uint8_t bool ", {GPU_E_U8, 1, 0, "uchar"}},
    {" short int16_t ", {GPU_E_I16, 2, 0, "short"}},
    {" ushort unsigned_short uint16_t ", {GPU_E_U16, 2, 0, "ushort"}},
    {" half _Float16 __fp16 ", {GPU_E_F16, 2, 1, "half"}},
    {" int int32_t signed_int ", {GPU_E_I32, 4, 0, "int"}},
    {" uint unsigned_int unsigned uint32_t ", {GPU_E_U32, 4, 0, "uint"}},
    {" float ", {GPU_E_F32, 4, 1, "float"}},
    {" long long_long int64_t ", {GPU_E_I64, 8, 0, "long"}},
    {" ulong unsigned_long unsigned_long_long uint64_t size_t ", {GPU_E_U64, 8, 0, "ulong"}},
    {" double ", {GPU_E_F64, 8, 1, "double"}},
};

/* type_name without qualifiers, pointer stars and vector width, words
 * joined by '_': "const uint4*" -> "uint". */
static void base_name(const char *type_name, char *out, size_t n)
{
    static const char *const quals[] = {"const", "volatile", "restrict", "__restrict", "__global", "global",
                                        "__constant", "constant", "struct"};
    size_t k = 0;
    const char *s = type_name ? type_name : "";
    while (*s && k + 1 < n) {
        while (*s && !isalnum((unsigned char)*s) && *s != '_')
            s++;
        const char *w = s;
        while (isalnum((unsigned char)*s) || *s == '_')
            s++;
        size_t len = (size_t)(s - w), q;
        if (!len)
            break;
        for (q = 0; q < sizeof quals / sizeof quals[0]; q++)
            if (strlen(quals[q]) == len && !strncmp(w, quals[q], len))
                break;
        if (q < sizeof quals / sizeof quals[0])
            continue;
        k += (size_t)snprintf(out + k, n - k, "%s%.*s", k ? "_" : "", (int)len, w);
        if (k >= n)
            k = n - 1;
    }
    out[k] = 0;
    /* OpenCL vector types: float4 -> float, uint2 -> uint */
    static const char *const vec[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                      "half", "float", "double"};
    size_t stem = k;
    while (stem && isdigit((unsigned char)out[stem - 1]))
        stem--;
    for (size_t i = 0; stem < k && i < sizeof vec / sizeof vec[0]; i++)
        if (strlen(vec[i]) == stem && !strncmp(out, vec[i], stem))
            out[stem] = 0;
}

gpu_elem_t gpu_elem_type(const char *type_name)
{
    char b[96], key[100];
    base_name(type_name, b, sizeof b);
    snprintf(key, sizeof key, " %s ", b);
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (b[0] && strstr(types[i].names, key))
            return types[i].e;
    gpu_elem_t bytes = {GPU_E_U8, 1, 0, "byte"};
    return bytes;
}

static uint64_t load(const void *p, uint64_t i, unsigned size)
{
    uint64_t v = 0;
    memcpy(&v, (const uint8_t *)p + i * size, size);
    return v;
}

/* Position of a float's bits on the number line (ordered by value). */
static int64_t ordinal(uint64_t bits, unsigned size)
{
    uint64_t sign = 1ull << (8 * size - 1);
    return bits & sign ? -(int64_t)(bits & (sign - 1)) : (int64_t)bits;
}

static int is_nan(uint64_t bits, gpu_elem_kind_t k)
{
    if (k == GPU_E_F16)
        return f16_is_nan((uint32_t)bits);
    if (k == GPU_E_F32)
        return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu);
    return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits & 0xfffffffffffffull);
}

/* Whether two elements' bits agree within ulp (ULP distance into *dist). */
static int within(uint64_t x, uint64_t y, gpu_elem_t e, uint64_t ulp, uint64_t *dist)
{
    *dist = 0;
    if (x == y)
        return 1;
    if (!e.is_float || !ulp)
        return 0;
    int nx = is_nan(x, e.kind), ny = is_nan(y, e.kind);
    if (nx || ny)
        return nx && ny;
    int64_t a = ordinal(x, e.size), b = ordinal(y, e.size);
    *dist = a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
    return *dist <= ulp;
}

void gpu_compare(const void *a, const void *b, uint64_t bytes, gpu_elem_t e, uint64_t ulp, gpu_cmp_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t n = bytes / e.size;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = load(a, i, e.size), y = load(b, i, e.size), d;
        if (x == y)
            out->nexact++;
        else if (within(x, y, e, ulp, &d)) {
            if (d > out->max_ulp)
                out->max_ulp = d;
        } else if (out->ndiff++ == 0)
            out->first = i;
    }
    out->n = n;
    /* a trailing partial element, byte by byte, as one more element */
    if (bytes % e.size) {
        out->n++;
        if (memcmp((const uint8_t *)a + n * e.size, (const uint8_t *)b + n * e.size, bytes % e.size)) {
            if (out->ndiff++ == 0)
                out->first = n;
        } else
            out->nexact++;
    }
}

void gpu_elem_format(gpu_elem_t e, const void *p, uint64_t i, char *buf, size_t n)
{
    uint64_t v = load(p, i, e.size);
    switch (e.kind) {
    case GPU_E_I8: snprintf(buf, n, "%d", (int)(int8_t)v); break;
    case GPU_E_I16: snprintf(buf, n, "%d", (int)(int16_t)v); break;
    case GPU_E_I32: snprintf(buf, n, "%" PRId32, (int32_t)v); break;
    case GPU_E_I64: snprintf(buf, n, "%" PRId64, (int64_t)v); break;
    case GPU_E_F16: snprintf(buf, n, "%.5g (0x%04x)", f16_to_f64((uint32_t)v), (unsigned)v); break;
    case GPU_E_F32: {
        float f;
        uint32_t u = (uint32_t)v;
        memcpy(&f, &u, 4);
        snprintf(buf, n, "%.9g (0x%08x)", (double)f, u);
        break;
    }
    case GPU_E_F64: {
        double d;
        memcpy(&d, &v, 8);
        snprintf(buf, n, "%.17g (0x%016" PRIx64 ")", d, v);
        break;
    }
    case GPU_E_U8:
        snprintf(buf, n, e.name[0] == 'b' ? "0x%02x" : "%u", (unsigned)v);
        break;
    default: snprintf(buf, n, "%" PRIu64, v); break;
    }
}

int gpu_cmp_describe(const gpu_cmp_t *c, gpu_elem_t e, const void *a, const void *b, uint64_t ulp, char *buf,
                     size_t n)
{
    if (c->ndiff) {
        char av[64], bv[64];
        gpu_elem_format(e, a, c->first, av, sizeof av);
        gpu_elem_format(e, b, c->first, bv, sizeof bv);
        snprintf(buf, n, "DIFFERS in %llu of %llu %s elements; first [%llu]: simulator %s, device %s",
                 (unsigned long long)c->ndiff, (unsigned long long)c->n, e.name, (unsigned long long)c->first, av, bv);
        return GPU_DIFFERS;
    }
    if (c->nexact == c->n) {
        snprintf(buf, n, "identical");
        return GPU_SAME;
    }
    snprintf(buf, n, "within %llu ULP (%llu of %llu %s elements differ, by at most %llu ULP)", (unsigned long long)ulp,
             (unsigned long long)(c->n - c->nexact), (unsigned long long)c->n, e.name,
             (unsigned long long)c->max_ulp);
    return GPU_WITHIN;
}
