/* demangle.c — C++ kernel names: libstdc++'s demangler (the Itanium C++
 * ABI's, the one every Linux C++ toolchain uses) and the shorter forms a
 * user types. */
#include <stdlib.h>
#include <string.h>
#include "front/load/demangle.h"

/* libstdc++ (cxxabi.h declares it extern "C"). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

enum { DM_MAX = 4096 };

int dm_demangle(const char *sym, char *out, size_t n)
{
    if (n)
        out[0] = 0;
    if (strncmp(sym, "_Z", 2) != 0 || strlen(sym) > DM_MAX || n == 0)
        return -1;
    int status = 0;
    char *d = __cxa_demangle(sym, NULL, NULL, &status);
    if (!d || status != 0) {
        free(d);
        return -1;
    }
    size_t k = strlen(d);
    if (k >= n)
        k = n - 1;
    memcpy(out, d, k);
    out[k] = 0;
    free(d);
    return 0;
}

/* Index of the bracket opening the one that closes at s[end] (scanning
 * back, counting open/close pairs), or -1. */
static long opening(const char *s, long end, char open, char close)
{
    int depth = 0;
    for (long i = end; i >= 0; i--) {
        if (s[i] == close)
            depth++;
        else if (s[i] == open && --depth == 0)
            return i;
    }
    return -1;
}

/* Start of the last component of s[0, end) at bracket depth 0 after a
 * separator sep (" " for the return type, "::" for scopes). */
static long last_after(const char *s, long end, const char *sep)
{
    long at = 0, sl = (long)strlen(sep);
    int depth = 0;
    for (long i = 0; i < end; i++) {
        char c = s[i];
        depth += (c == '<' || c == '(') - (c == '>' || c == ')');
        if (depth == 0 && i + sl <= end && strncmp(s + i, sep, (size_t)sl) == 0)
            at = i + sl;
    }
    return at;
}

int dm_form(const char *d, int level, char *out, size_t n)
{
    if (level < 0 || level > 3 || n == 0)
        return -1;
    long b = 0, e = (long)strlen(d);
    if (level >= 1) {
        if (e > 0 && d[e - 1] == ')') {
            long p = opening(d, e - 1, '(', ')');
            if (p > 0)
                e = p;
        }
        b = last_after(d, e, " ");
    }
    if (level >= 2 && e > b && d[e - 1] == '>') {
        long p = opening(d, e - 1, '<', '>');
        if (p > b)
            e = p;
    }
    if (level >= 3)
        b += last_after(d + b, e - b, "::");
    size_t k = (size_t)(e - b);
    if (k >= n)
        k = n - 1;
    memcpy(out, d + b, k);
    out[k] = 0;
    return 0;
}
