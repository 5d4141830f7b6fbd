/* strsafe.h — printable forms of untrusted strings (names and text read
 * from code objects and trace files) before they reach a terminal, a
 * one-line error message or a report.
 *
 * The printable form keeps printable ASCII and valid printable UTF-8
 * (accented identifiers stay as they are) and writes as \xNN (lower-case
 * hex) each byte of: ASCII controls (< 0x20) and DEL (0x7f); UTF-8
 * sequences of C1 controls (U+0080-U+009F), the line and paragraph
 * separators (U+2028, U+2029) and the bidirectional embedding, override
 * and isolate controls (U+202A-U+202E, U+2066-U+2069), which can make a
 * line display as something else; and every byte that does not start a
 * valid UTF-8 sequence (stray continuation bytes, overlong forms,
 * surrogates, values past U+10FFFF, sequences cut short).  A backslash
 * becomes \\ unless STR_KEEP_BACKSLASH is given, so that the form is
 * unambiguous: distinct byte strings have distinct printable forms. */
#ifndef GCNSIM_STRSAFE_H
#define GCNSIM_STRSAFE_H

#include <stddef.h>

enum {
    STR_KEEP_BACKSLASH = 1,   /* leave '\' as it is (display only, not an encoding) */
};

/* Length (without the terminating NUL) of the printable form of s[0..n). */
size_t str_printable_len(const char *s, size_t n, unsigned flags);

/* Write the printable form of s[0..n) to out (cap >= 1 bytes, always
 * NUL-terminated); if it does not fit, it is cut before the first unit
 * (character or escape) that does not fit.  Returns out. */
char *str_printable_to(char *out, size_t cap, const char *s, size_t n, unsigned flags);

/* The printable form of s[0..n) in a new malloc'd string; NULL when out
 * of memory. */
char *str_printable(const char *s, size_t n, unsigned flags);

/* Whether s[0..n) is its own printable form (nothing to escape). */
int str_is_printable(const char *s, size_t n, unsigned flags);

/* Make the NUL-terminated s one printable line in place: every byte the
 * printable form would escape becomes '?' (a backslash stays).  For a
 * finished message that might still hold raw bytes.  Returns s. */
char *str_one_line(char *s);

/* argv[first..argc) as one line, each argument shell-quoted where needed,
 * without the option skip and its value, given as "SKIP VALUE" or
 * "SKIP=VALUE" (skip NULL: all of them); for a
 * trace's header.  malloc'd; NULL when out of memory. */
char *str_args_line(int argc, char **argv, int first, const char *skip);

#endif
