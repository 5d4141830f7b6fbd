/* strsafe.c — printable forms of untrusted strings (see strsafe.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/util/strsafe.h"

/* The code point of the valid UTF-8 sequence at s[0..n) and its length in
 * *len, or -1 if no valid sequence starts there. */
static long utf8_at(const unsigned char *s, size_t n, size_t *len)
{
    unsigned char b = s[0];
    size_t k = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    static const long min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (b < 0xc2 || b > 0xf4 || k > n)
        return -1;
    long cp = b & (0x7f >> k);
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min[k] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    *len = k;
    return cp;
}

/* Code points kept valid but escaped: C1 controls, line/paragraph
 * separators, bidirectional embeddings, overrides and isolates. */
static int hidden_cp(long cp)
{
    return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The next unit of s[i..n): its length in bytes and how many bytes it
 * takes printed (1 per kept byte, 4 per \xNN, 2 for \\). */
static size_t next_unit(const unsigned char *s, size_t n, size_t i, unsigned flags, size_t *out_len)
{
    unsigned char b = s[i];
    if (b == '\\') {
        *out_len = flags & STR_KEEP_BACKSLASH ? 1 : 2;
        return 1;
    }
    if (b >= 0x20 && b < 0x7f) {
        *out_len = 1;
        return 1;
    }
    size_t len;
    long cp = b >= 0x80 ? utf8_at(s + i, n - i, &len) : -1;
    if (cp < 0) {
        *out_len = 4;
        return 1;
    }
    *out_len = hidden_cp(cp) ? 4 * len : len;
    return len;
}

size_t str_printable_len(const char *s, size_t n, unsigned flags)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t total = 0;
    for (size_t i = 0, w, k; i < n; i += k) {
        k = next_unit(u, n, i, flags, &w);
        total += w;
    }
    return total;
}

int str_is_printable(const char *s, size_t n, unsigned flags)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, w, k; i < n; i += k) {
        k = next_unit(u, n, i, flags, &w);
        if (w != k)
            return 0;
    }
    return 1;
}

char *str_printable_to(char *out, size_t cap, const char *s, size_t n, unsigned flags)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0, w, k; i < n; i += k) {
        k = next_unit(u, n, i, flags, &w);
        if (w >= cap - o)
            break;
        if (w == k) {
            memcpy(out + o, s + i, k);
            o += k;
        } else if (w == 2) {
            out[o++] = '\\';
            out[o++] = '\\';
        } else {
            for (size_t j = 0; j < k; j++) {
                out[o++] = '\\';
                out[o++] = 'x';
                out[o++] = hex[u[i + j] >> 4];
                out[o++] = hex[u[i + j] & 15];
            }
        }
    }
    out[o] = 0;
    return out;
}

char *str_printable(const char *s, size_t n, unsigned flags)
{
    size_t len = str_printable_len(s, n, flags);
    char *out = malloc(len + 1);
    return out ? str_printable_to(out, len + 1, s, n, flags) : NULL;
}

char *str_one_line(char *s)
{
    unsigned char *u = (unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, w, k; i < n; i += k) {
        k = next_unit(u, n, i, STR_KEEP_BACKSLASH, &w);
        if (w != k)
            memset(u + i, '?', k);
    }
    return s;
}

char *str_args_line(int argc, char **argv, int first, const char *skip)
{
    size_t n = 1;
    for (int i = first; i < argc; i++)
        n += 4 * strlen(argv[i]) + 3;
    char *s = malloc(n), *p = s;
    if (!s)
        return NULL;
    *p = 0;
    for (int i = first; i < argc; i++) {
        if (skip && !strcmp(argv[i], skip) && i + 1 < argc) {
            i++;
            continue;
        }
        if (skip && !strncmp(argv[i], skip, strlen(skip)) && argv[i][strlen(skip)] == '=')
            continue;   /* --trace=PATH */
        const char *a = argv[i];
        int plain = *a != 0;
        for (const char *c = a; *c; c++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%", *c))
                plain = 0;
        if (p != s)
            *p++ = ' ';
        if (plain)
            p += sprintf(p, "%s", a);
        else {
            *p++ = '\'';
            for (const char *c = a; *c; c++)
                p += *c == '\'' ? sprintf(p, "'\\''") : sprintf(p, "%c", *c);
            *p++ = '\'';
            *p = 0;
        }
    }
    return s;
}
