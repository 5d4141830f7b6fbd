/* opt.c — parsing a command line against a command's option tables, and
 * its help (see opt.h). */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "front/util/opt.h"

#define HELP_ID (-1000)
static const opt_t help_row = {"help", 'h', NULL, "print this help and exit", HELP_ID, 0, NULL};

void opt_error(const opt_cmd_t *c, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("gcnsim: ", stderr);
    if (c && strcmp(c->name, "gcnsim"))
        fprintf(stderr, "%s: ", c->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- the rows of a command ---------------------------------------------- */

/* Every row of c's tables, then the help row, into a malloc'd array. */
static const opt_t **collect(const opt_cmd_t *c, size_t *n)
{
    size_t k = 0;
    for (const opt_table_t *const *t = c->tables; t && *t; t++)
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++)
            k++;
    const opt_t **rows = malloc((k + 1) * sizeof *rows);
    if (!rows)
        return NULL;
    k = 0;
    for (const opt_table_t *const *t = c->tables; t && *t; t++)
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++)
            rows[k++] = o;
    rows[k++] = &help_row;
    *n = k;
    return rows;
}

const opt_t *opt_find(const opt_cmd_t *c, const char *name)
{
    if (!strcmp(name, "help") || !strcmp(name, "-h"))
        return &help_row;
    for (const opt_table_t *const *t = c->tables; t && *t; t++)
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++)
            if ((o->name && !strcmp(o->name, name)) || (o->letter && name[0] == '-' && name[1] == o->letter &&
                                                         !name[2]))
                return o;
    return NULL;
}

/* The getopt_long tables for rows: long options return 256 + the row's
 * index; OPT_TWO rows take their values by hand (optional_argument). */
static void build(const opt_t **rows, size_t n, struct option *lo, char *shorts)
{
    size_t k = 0, s = 0;
    shorts[s++] = '-';   /* operands come back in order, argv is not permuted */
    shorts[s++] = ':';   /* a missing value returns ':' */
    for (size_t i = 0; i < n; i++) {
        const opt_t *o = rows[i];
        if (o->name) {
            int has = !o->arg ? no_argument : (o->flags & (OPT_TWO | OPT_OPT_NUM)) ? optional_argument
                                                                                 : required_argument;
            lo[k++] = (struct option){o->name, has, NULL, 256 + (int)i};
        }
        if (o->letter) {
            shorts[s++] = (char)o->letter;
            if (o->arg)
                shorts[s++] = ':';
        }
    }
    lo[k] = (struct option){NULL, 0, NULL, 0};
    shorts[s] = 0;
}

/* ---- errors --------------------------------------------------------------- */

/* "unknown option 'TEXT'" with the nearest long option, or where to look. */
static void unknown(const opt_cmd_t *c, const opt_t **rows, size_t n, const char *text)
{
    size_t len = strcspn(text, "=");
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(len < 60 ? len : 60), text);
    const char *w = word + (word[1] == '-' ? 2 : 1);
    opt_near_t near;
    opt_near_init(&near, w);
    for (size_t i = 0; i < n; i++)
        if (rows[i]->name)
            opt_near_add(&near, rows[i]->name);
    if (opt_near_best(&near))
        opt_error(c, "unknown option '%s' (did you mean --%s?)", word, opt_near_best(&near));
    else
        opt_error(c, "unknown option '%s' (see gcnsim %s --help)", word, c->name);
}

/* A '?' from getopt: an unknown or ambiguous option, or a flag given a value. */
static void bad_option(const opt_cmd_t *c, const opt_t **rows, size_t n, const char *text)
{
    if (text[0] == '-' && text[1] == '-' && strchr(text, '=')) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(text + 2, "="), text + 2);
        const opt_t *o = opt_find(c, name);
        if (o && !o->arg) {
            opt_error(c, "--%s takes no value ('%s')", name, text);
            return;
        }
    }
    unknown(c, rows, n, text);
}

/* A ':' from getopt: an option at the end of the line without its value. */
static void missing(const opt_cmd_t *c, const opt_t **rows, size_t n, const char *text, int letter)
{
    const opt_t *o = NULL;
    if (text[0] == '-' && text[1] == '-') {
        o = opt_find(c, text + 2);
        if (!o) {
            unknown(c, rows, n, text);   /* an abbreviation */
            return;
        }
    } else {
        char s[3] = {'-', (char)letter, 0};
        if (!(o = opt_find(c, s))) {
            unknown(c, rows, n, text);
            return;
        }
    }
    char label[128], nm[80];
    opt_label(o, label, sizeof label);
    if (o->name)
        snprintf(nm, sizeof nm, "--%s", o->name);
    else
        snprintf(nm, sizeof nm, "-%c", o->letter);
    opt_error(c, "%s needs a value: %s", nm, label);
}

/* ---- parsing -------------------------------------------------------------- */

/* Take the row's value(s) from getopt's state (OPT_TWO: the next arguments). */
static int take_row(const opt_t *o, int argc, char **argv, opt_take_fn take, void *ctx)
{
    const char *v = optarg, *v2 = NULL;
    if (o->flags & OPT_TWO) {
        if (!v && optind < argc)
            v = argv[optind++];
        if (v && optind < argc)
            v2 = argv[optind++];
    }
    if ((o->flags & OPT_OPT_NUM) && !v && optind < argc && argv[optind][0] &&
        strspn(argv[optind], "0123456789") == strlen(argv[optind]))
        v = argv[optind++];
    return take(ctx, o, v, v2);
}

/* One getopt_long result ch for the argument text: 0 go on, 1 help, -1 error. */
static int one(const opt_cmd_t *c, const opt_t **rows, size_t n, int ch, const char *text, int argc, char **argv,
               opt_take_fn take, void *ctx)
{
    if (ch == 1)
        return take(ctx, NULL, optarg, NULL);
    if (ch == '?') {
        bad_option(c, rows, n, text);
        return -1;
    }
    if (ch == ':') {
        missing(c, rows, n, text, optopt);
        return -1;
    }
    const opt_t *o = NULL;
    if (ch >= 256) {
        o = rows[ch - 256];
        if (strncmp(text + 2, o->name, strlen(o->name)) || (text[2 + strlen(o->name)] &&
                                                            text[2 + strlen(o->name)] != '=')) {
            unknown(c, rows, n, text);   /* getopt_long took an abbreviation: refused */
            return -1;
        }
    } else
        for (size_t i = 0; i < n && !o; i++)
            if (rows[i]->letter == ch)
                o = rows[i];
    if (!o) {
        unknown(c, rows, n, text);
        return -1;
    }
    if (o->id == HELP_ID) {
        opt_help(stdout, c);
        return 1;
    }
    return take_row(o, argc, argv, take, ctx);
}

int opt_parse(const opt_cmd_t *c, int argc, char **argv, opt_take_fn take, void *ctx)
{
    size_t n;
    const opt_t **rows = collect(c, &n);
    struct option *lo = rows ? malloc((n + 1) * sizeof *lo) : NULL;
    char *shorts = lo ? malloc(2 * n + 3) : NULL;
    if (!shorts) {
        free(rows);
        free(lo);
        opt_error(c, "out of memory");
        return -1;
    }
    build(rows, n, lo, shorts);
    int rc = 0, save_opterr = opterr;
    opterr = 0;
    optind = 0;   /* a fresh scan (glibc re-initialises) */
    for (;;) {
        int before = optind ? optind : 1;
        int ch = getopt_long(argc, argv, shorts, lo, NULL);
        if (ch == -1)
            break;
        if ((rc = one(c, rows, n, ch, before < argc ? argv[before] : "", argc, argv, take, ctx)) != 0)
            break;
    }
    for (int i = optind; rc == 0 && i < argc; i++)   /* the operands after "--" */
        rc = take(ctx, NULL, argv[i], NULL);
    opterr = save_opterr;
    free(rows);
    free(lo);
    free(shorts);
    return rc;
}

/* ---- help ----------------------------------------------------------------- */

void opt_label(const opt_t *o, char *buf, size_t len)
{
    size_t k = 0;
    if (o->letter)
        k += (size_t)snprintf(buf + k, len - k, "-%c%s", o->letter, o->name ? ", " : "");
    if (o->name && k < len)
        k += (size_t)snprintf(buf + k, len - k, "--%s", o->name);
    if (o->arg && k < len)
        snprintf(buf + k, len - k, (o->flags & OPT_OPT_NUM) ? " [%s]" : " %s", o->arg);
}

/* Write one paragraph (len bytes at p) word-wrapped from column *col. */
static void wrap_para(FILE *out, const char *p, size_t len, unsigned indent, unsigned *col)
{
    const char *end = p + len;
    int first = 1;
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        const char *w = p;
        while (p < end && *p != ' ')
            p++;
        unsigned wl = (unsigned)(p - w);
        if (!wl)
            break;
        if (!first && *col + 1 + wl > 80) {
            fprintf(out, "\n%*s", (int)indent, "");
            *col = indent;
        } else if (!first) {
            fputc(' ', out);
            ++*col;
        }
        fwrite(w, 1, wl, out);
        *col += wl;
        first = 0;
    }
}

void opt_wrap(FILE *out, const char *text, unsigned indent, unsigned col)
{
    if (col && col + 1 > indent) {   /* no room for a space after the label */
        fputc('\n', out);
        col = 0;
    }
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, "%*s", (int)(indent - col), "");
        col = indent;
        if (p[0] == ' ' && p[1] == ' ')
            fwrite(p + 2, 1, len - 2, out);   /* as written, at the indent */
        else
            wrap_para(out, p, len, indent, &col);
        fputc('\n', out);
        col = 0;
        p += len + (p[len] == '\n');
    }
}

/* The rows of one table: "  LABEL  help" (help at column 23). */
static void help_rows(FILE *out, const opt_t *rows)
{
    char label[128];
    for (const opt_t *o = rows; o->name || o->letter; o++) {
        opt_label(o, label, sizeof label);
        fprintf(out, "  %s", label);
        opt_wrap(out, o->help, 23, 2 + (unsigned)strlen(label));
    }
}

/* The list of subcommands: "  NAME       summary". */
static void help_subs(FILE *out, const opt_cmd_t *c)
{
    fprintf(out, "\n%s:\n", strcmp(c->name, "gcnsim") ? "subcommands" : "commands");
    for (const opt_cmd_t *const *s = c->subs; *s; s++) {
        const char *last = strrchr((*s)->name, ' ');
        fprintf(out, "  %-10s %s\n", last ? last + 1 : (*s)->name, (*s)->summary);
    }
}

void opt_help(FILE *out, const opt_cmd_t *c)
{
    fprintf(out, "usage: %s\n", c->usage);
    if (c->description)
        fprintf(out, "\n%s\n", c->description);
    if (c->subs)
        help_subs(out, c);
    for (const opt_table_t *const *t = c->tables; t && *t; t++) {
        fprintf(out, "\n%s:\n", (*t)->title);
        help_rows(out, (*t)->rows);
    }
    static const opt_t help_only[] = {{"help", 'h', NULL, "print this help and exit", HELP_ID, 0, NULL}, {0}};
    if (!c->tables || !c->tables[0])
        fprintf(out, "\noptions:\n");
    help_rows(out, help_only);
    if (c->trailer)
        fprintf(out, "\n%s\n", c->trailer);
}

/* ---- did you mean --------------------------------------------------------- */

/* Optimal string alignment distance of a and b (a transposition counts one). */
static unsigned distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 99;
    unsigned d[64][64];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned cost = a[i - 1] != b[j - 1], v = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

void opt_near_init(opt_near_t *n, const char *word)
{
    n->word = word;
    n->best = NULL;
    n->score = ~0u;
}

void opt_near_add(opt_near_t *n, const char *candidate)
{
    size_t wl = strlen(n->word);
    unsigned limit = wl < 6 ? 2 : (unsigned)(wl / 3);
    unsigned s = distance(n->word, candidate);
    if (wl >= 2 && !strncmp(candidate, n->word, wl))
        s = 1;   /* an abbreviation of it */
    if (s <= limit && s < n->score) {
        n->best = candidate;
        n->score = s;
    }
}

const char *opt_near_best(const opt_near_t *n)
{
    return n->best;
}

const char *opt_suggest(const char *word, opt_values_fn list)
{
    opt_near_t n;
    opt_near_init(&n, word);
    for (size_t i = 0; list && list(i); i++)
        opt_near_add(&n, list(i));
    return opt_near_best(&n);
}
