/* test_strsafe.c — printable forms of untrusted strings (front/util/strsafe.c):
 * controls, DEL, C1 controls, bidirectional overrides and invalid UTF-8
 * become \xNN, a backslash \\, printable ASCII and UTF-8 stay; truncation
 * never splits an escape or a character; str_one_line. */
#include <stdlib.h>
#include <string.h>
#include "front/util/strsafe.h"
#include "tests/unit/check.h"

static void expect(const char *in, size_t n, unsigned flags, const char *want, const char *what)
{
    char *got = str_printable(in, n, flags);
    CHECK_STR(got, want, "printable: %s", what);
    CHECK(got && str_printable_len(in, n, flags) == strlen(got) &&
              str_is_printable(in, n, flags) == (strlen(want) == n && memcmp(in, want, n) == 0),
          "printable: %s: length and is_printable agree", what);
    free(got);
}

#define E(in, want, what) expect(in, sizeof in - 1, 0, want, what)

static void forms(void)
{
    E("lds_reduce", "lds_reduce", "an identifier is unchanged");
    E("_Z6kernelPfS_ii", "_Z6kernelPfS_ii", "a mangled C++ name is unchanged");
    E("float*, int __attribute__((ext_vector_type(4)))", "float*, int __attribute__((ext_vector_type(4)))",
      "a type name with spaces and punctuation is unchanged");
    E("caf\xc3\xa9_\xe6\xbc\xa2\xf0\x9f\x98\x80", "caf\xc3\xa9_\xe6\xbc\xa2\xf0\x9f\x98\x80",
      "valid UTF-8 (2, 3 and 4 bytes) is kept");
    E("a\x1b[2Jb", "a\\x1b[2Jb", "ESC becomes \\x1b");
    E("ok\nPASS: all", "ok\\x0aPASS: all", "a newline becomes \\x0a");
    E("\r\t\x7f", "\\x0d\\x09\\x7f", "CR, tab and DEL are escaped");
    E("a\\x1b", "a\\\\x1b", "a backslash is doubled (the form is unambiguous)");
    E("\xc2\x9b" "31m", "\\xc2\\x9b31m", "the C1 control CSI (U+009B) is escaped byte by byte");
    E("\xc2\xa0", "\xc2\xa0", "U+00A0 (first after C1) is kept");
    E("x\xe2\x80\xaeyz", "x\\xe2\\x80\\xaeyz", "RIGHT-TO-LEFT OVERRIDE is escaped");
    E("\xe2\x80\xa8", "\\xe2\\x80\\xa8", "LINE SEPARATOR is escaped");
    E("\xe2\x81\xa6", "\\xe2\\x81\\xa6", "LEFT-TO-RIGHT ISOLATE is escaped");
    E("\xff\xfe", "\\xff\\xfe", "bytes that are never UTF-8 are escaped");
    E("\x80x", "\\x80x", "a stray continuation byte is escaped");
    E("\xc0\xaf", "\\xc0\\xaf", "an overlong '/' is escaped");
    E("\xe0\x80\xaf", "\\xe0\\x80\\xaf", "a 3-byte overlong form is escaped");
    E("\xed\xa0\x80", "\\xed\\xa0\\x80", "a UTF-16 surrogate is escaped");
    E("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", "a code point past U+10FFFF is escaped");
    E("ab\xe6\xbc", "ab\\xe6\\xbc", "a sequence cut short by the end is escaped");
    E("\xe6\xbc" "x", "\\xe6\\xbcx", "a sequence cut short by ASCII is escaped");
    expect("a\0b", 3, 0, "a\\x00b", "an embedded NUL is escaped");
    expect("a\\b\n", 4, STR_KEEP_BACKSLASH, "a\\b\\x0a", "STR_KEEP_BACKSLASH keeps '\\'");
    E("", "", "the empty string");
}

static void truncation(void)
{
    char out[8];
    str_printable_to(out, sizeof out, "abc\x1b" "def", 7, 0);
    CHECK_STR(out, "abc\\x1b", "a 7-byte buffer holds abc + the whole escape");
    str_printable_to(out, 6, "abc\x1b" "def", 7, 0);
    CHECK_STR(out, "abc", "an escape that does not fit is left out whole");
    str_printable_to(out, 6, "abcd\xc3\xa9", 6, 0);
    CHECK_STR(out, "abcd", "a character that does not fit is left out whole");
    str_printable_to(out, 1, "abc", 3, 0);
    CHECK_STR(out, "", "a 1-byte buffer gets the empty string");
}

static void one_line(void)
{
    char s[] = "kernel 'a\x1b[2J\nb\xff\xc2\x85' caf\xc3\xa9 \\n";
    CHECK_STR(str_one_line(s), "kernel 'a?[2J?b?\?\?' caf\xc3\xa9 \\n",
              "str_one_line: controls, C1 and invalid bytes become '?', UTF-8 and '\\' stay");
}

/* Whether bytes a, b are one printable 2-byte UTF-8 character (not C1). */
static int kept_pair(unsigned a, unsigned b)
{
    return a >= 0xc2 && a <= 0xdf && b >= 0x80 && b <= 0xbf && !(a == 0xc2 && b < 0xa0);
}

/* Every single byte and every pair: the form is printable (only ASCII
 * 0x20-0x7e or kept UTF-8) and distinct inputs give distinct forms. */
static void exhaustive(void)
{
    int bad = 0;
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++) {
            char in[2] = {(char)a, (char)b};
            char *p = str_printable(in, 2, 0);
            for (const unsigned char *q = (const unsigned char *)p; p && *q; q++)
                bad += *q < 0x20 || *q == 0x7f || (*q >= 0x80 && !kept_pair(a, b));
            bad += !p || !str_is_printable(p, strlen(p), STR_KEEP_BACKSLASH);
            free(p);
        }
    CHECK(bad == 0, "all 65536 two-byte strings: the form has no control or stray byte and needs no further escaping");
    char x[] = "\\x41", y[] = "A";
    char *px = str_printable(x, 4, 0), *py = str_printable(y, 1, 0);
    CHECK(px && py && strcmp(px, py) != 0, "the text \\x41 and the byte A print differently (%s, %s)", px, py);
    free(px);
    free(py);
}

/* str_args_line leaves out the skipped option in both spellings. */
static void args_line(void)
{
    char *argv[] = {"run", "k.co", "--trace", "a.gz", "--global=64", "--trace=b.gz", "--arg", "buf:x y", NULL};
    char *s = str_args_line(8, argv, 1, "--trace");
    CHECK_STR(s, "k.co --global=64 --arg 'buf:x y'", "--trace PATH and --trace=PATH left out, the rest in order");
    free(s);
}

int main(void)
{
    args_line();
    forms();
    truncation();
    one_line();
    exhaustive();
    return check_done();
}
