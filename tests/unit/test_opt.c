/* test_opt.c — the option tables (front/util/opt.c): parsing in order with
 * getopt_long (operands in place, --opt=value, "--", short options, a
 * two-value option), exact long names (abbreviations refused), help on
 * -h, the "did you mean" suggester, help wrapping and the man page. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/util/opt.h"
#include "tests/unit/check.h"

static const char *colours(size_t i)
{
    static const char *const c[] = {"red", "green", "blue"};
    return i < 3 ? c[i] : NULL;
}

static const opt_t rows[] = {
    {"kernel", 'k', "NAME", "the kernel", 1, 0, NULL},
    {"colour", 0, "C", "a colour", 2, OPT_LIST, colours},
    {"flag", 0, NULL, "a flag", 3, 0, NULL},
    {"pair", 0, "A B", "two values", 4, OPT_TWO, NULL},
    {"flagged", 0, NULL, "another flag, whose name extends --flag", 5, 0, NULL},
    {0},
};
static const opt_table_t table = {"options", rows};
static const opt_table_t *const tables[] = {&table, NULL};
static const opt_cmd_t cmd = {"demo", "a demonstration", "gcnsim demo [FILE]...", "A command.", tables,
                              "Exit status: 0.", NULL, NULL, NULL};

/* What the take callback saw: "id=value[,value2]" or "@operand", joined by spaces. */
static char seen[512];

static int take(void *ctx, const opt_t *o, const char *v, const char *v2)
{
    (void)ctx;
    size_t n = strlen(seen);
    if (!o)
        snprintf(seen + n, sizeof seen - n, "%s@%s", n ? " " : "", v);
    else
        snprintf(seen + n, sizeof seen - n, "%s%d=%s%s%s", n ? " " : "", o->id, v ? v : "", v2 ? "," : "",
                 v2 ? v2 : "");
    return 0;
}

/* Parse the NULL-terminated words (after "demo") with stderr quieted. */
static int parse(const char *const *words)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = "demo";
    for (; *words && argc < 15; words++)
        argv[argc++] = (char *)*words;
    argv[argc] = NULL;
    seen[0] = 0;
    fflush(stderr);
    int save = dup(2);
    FILE *null = freopen("/dev/null", "w", stderr);
    int rc = opt_parse(&cmd, argc, argv, take, NULL);
    fflush(stderr);
    dup2(save, 2);
    close(save);
    (void)null;
    return rc;
}

static void parsing(void)
{
    CHECK(parse((const char *[]){"a", "--kernel", "k1", "b", "--colour=red", "-kx", "--flag", NULL}) == 0, "parses");
    CHECK_STR(seen, "@a 1=k1 @b 2=red 1=x 3=", "operands in their place, --opt value, --opt=value, -kVALUE");
    CHECK(parse((const char *[]){"--pair", "1", "d", "--pair=2", "e", "f", NULL}) == 0, "two values");
    CHECK_STR(seen, "4=1,d 4=2,e @f", "--pair A B and --pair=A B");
    CHECK(parse((const char *[]){"--pair", "1", NULL}) == 0 && !strcmp(seen, "4=1"), "a missing second value: NULL");
    CHECK(parse((const char *[]){"x", "--", "--flag", "-k", NULL}) == 0, "-- ends the options");
    CHECK_STR(seen, "@x @--flag @-k", "after --, operands");
    CHECK(parse((const char *[]){"--fla", NULL}) == -1, "an ambiguous abbreviation is refused");
    CHECK(parse((const char *[]){"--kern=x", NULL}) == -1, "an unambiguous abbreviation is refused too");
    CHECK(parse((const char *[]){"--flagged", NULL}) == 0 && !strcmp(seen, "5="), "an exact name that extends another");
    CHECK(parse((const char *[]){"--flag=1", NULL}) == -1, "a flag given a value");
    CHECK(parse((const char *[]){"a", "--kernel", NULL}) == -1 && !strcmp(seen, "@a"), "a missing value");
    CHECK(parse((const char *[]){"-q", NULL}) == -1, "an unknown short option");
    CHECK(parse((const char *[]){"a", "-", NULL}) == 0 && !strcmp(seen, "@a @-"), "- alone is an operand");
    CHECK(parse((const char *[]){"a", "b", NULL}) == 0 && parse((const char *[]){"c", NULL}) == 0 &&
              !strcmp(seen, "@c"), "each parse starts afresh");
}

static void suggest(void)
{
    CHECK_STR(opt_suggest("gren", colours), "green", "a letter missing");
    CHECK_STR(opt_suggest("rde", colours), "red", "two letters swapped");
    CHECK_STR(opt_suggest("bl", colours), "blue", "an abbreviation");
    CHECK(opt_suggest("purple", colours) == NULL, "nothing near: NULL");
    CHECK(opt_suggest("x", colours) == NULL, "a single letter is near nothing");
}

/* The output of f(out, &cmd) as a malloc'd string. */
static char *capture(void (*f)(FILE *, const opt_cmd_t *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    f(out, &cmd);
    fclose(out);
    return buf;
}

static void man_page(FILE *out, const opt_cmd_t *c)
{
    opt_man(out, c, "1.0");
}

static void help_and_man(void)
{
    char *h = capture(opt_help), *m = capture(man_page);
    const char *want = "usage: gcnsim demo [FILE]...\n\nA command.\n\noptions:\n  -k, --kernel NAME    the kernel\n";
    CHECK(h && !strncmp(h, want, strlen(want)), "help: usage, description, the rows in columns");
    CHECK(h && strstr(h, "  --pair A B           two values\n") && strstr(h, "  -h, --help           print this help"),
          "help: a two-value row and the help row");
    CHECK(m && strstr(m, ".TH \"GCNSIM-DEMO\" \"1\"") && strstr(m, "\\fB\\-k\\fR, \\fB\\-\\-kernel\\fR \\fINAME\\fR") &&
              strstr(m, ".SH \"EXIT STATUS\""), "man: title, an option's label, exit status");
    free(h);
    free(m);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    opt_wrap(out, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr", 10, 0);
    fclose(out);
    CHECK_STR(buf, "          aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn\n"
                   "          oooo pppp qqqq rrrr\n", "wrapped at 80 columns at the indent");
    free(buf);
}

int main(void)
{
    parsing();
    suggest();
    help_and_man();
    return check_done();
}
