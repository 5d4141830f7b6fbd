/* check.h — minimal unit-test helpers.  Each check prints one line,
 * "PASS: name" or "FAIL: name (details)"; tests/run-tests.sh totals them.
 * check_done() returns the exit status for main(). */
#ifndef GCNSIM_CHECK_H
#define GCNSIM_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_failed_, check_passed_;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        if (cond) {                                                             \
            check_passed_++;                                                    \
            printf("PASS: ");                                                   \
            printf(__VA_ARGS__);                                                \
            printf("\n");                                                       \
        } else {                                                                \
            check_failed_++;                                                    \
            printf("FAIL: ");                                                   \
            printf(__VA_ARGS__);                                                \
            printf("  [%s:%d: %s]\n", __FILE__, __LINE__, #cond);               \
        }                                                                       \
    } while (0)

#define CHECK_STR(got, want, ...)                                               \
    do {                                                                        \
        const char *g_ = (got), *w_ = (want);                                   \
        int ok_ = g_ && w_ && strcmp(g_, w_) == 0;                              \
        CHECK(ok_, __VA_ARGS__);                                                \
        if (!ok_)                                                               \
            printf("      got:  \"%s\"\n      want: \"%s\"\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
    } while (0)

/* Advances the xorshift64 state *x (13, 7, 17; never 0) and returns it:
 * the tests' reproducible random inputs. */
static inline uint64_t check_xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static inline int check_done(void)
{
    return check_failed_ ? 1 : 0;
}

#endif
