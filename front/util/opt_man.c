/* opt_man.c — a command's man page (troff, man macros) from its option
 * tables (see opt.h, opt_man). */
#include <ctype.h>
#include <string.h>
#include "front/util/opt.h"

/* Write len bytes of s escaped for troff (no request can start the line). */
static void esc(FILE *out, const char *s, size_t len, int line_start)
{
    if (line_start && len && (s[0] == '.' || s[0] == '\''))
        fputs("\\&", out);
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\\')
            fputs("\\e", out);
        else if (s[i] == '-')
            fputs("\\-", out);
        else
            fputc(s[i], out);
    }
}

static void esc_line(FILE *out, const char *s)
{
    esc(out, s, strlen(s), 1);
    fputc('\n', out);
}

/* Text as man source: lines that start with a space are kept as written
 * (.nf), the others filled; a blank line (or, with para_nl, every line
 * break) starts a new paragraph with request para. */
static void man_text(FILE *out, const char *text, int para_nl, const char *para)
{
    int nf = 0, first = 1;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        int verbatim = p[0] == ' ';
        if (len == 0 || (para_nl && !verbatim && !nf && !first)) {
            if (nf)
                fputs(".fi\n", out);
            nf = 0;
            fprintf(out, "%s\n", para);
        }
        if (len && verbatim != nf) {
            fputs(verbatim ? ".nf\n" : ".fi\n", out);
            nf = verbatim;
        }
        if (len) {
            const char *q = p;
            while (!nf && *q == ' ')
                q++;
            esc(out, q, len - (size_t)(q - p), 1);
            fputc('\n', out);
        }
        first = 0;
        p += len + (p[len] == '\n');
    }
    if (nf)
        fputs(".fi\n", out);
}

/* "gcnsim-trace-diff" for "trace diff"; "gcnsim" for the top level. */
static void page_name(const opt_cmd_t *c, char *buf, size_t len)
{
    if (!strcmp(c->name, "gcnsim"))
        snprintf(buf, len, "gcnsim");
    else
        snprintf(buf, len, "gcnsim-%s", c->name);
    for (char *p = buf; *p; p++)
        if (*p == ' ')
            *p = '-';
}

static void man_head(FILE *out, const opt_cmd_t *c, const char *version)
{
    char name[64], up[64];
    page_name(c, name, sizeof name);
    size_t i;
    for (i = 0; name[i] && i + 1 < sizeof up; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[i] = 0;
    fprintf(out, ".TH \"%s\" \"1\" \"\" \"gcnsim %s\" \"gcnsim manual\"\n.SH NAME\n", up, version);
    esc(out, name, strlen(name), 1);
    fputs(" \\- ", out);
    esc_line(out, c->summary);
    fputs(".SH SYNOPSIS\n.nf\n", out);
    for (const char *p = c->usage; *p;) {
        size_t len = strcspn(p, "\n"), skip = 0;
        while (p != c->usage && skip < 7 && skip < len && p[skip] == ' ')
            skip++;   /* continuation lines were indented under "usage: " */
        esc(out, p + skip, len - skip, 1);
        fputc('\n', out);
        p += len + (p[len] == '\n');
    }
    fputs(".fi\n", out);
    if (c->description) {
        fputs(".SH DESCRIPTION\n", out);
        man_text(out, c->description, 0, ".PP");
    }
}

static void man_subs(FILE *out, const opt_cmd_t *c)
{
    fprintf(out, ".SH %s\n", strcmp(c->name, "gcnsim") ? "SUBCOMMANDS" : "COMMANDS");
    for (const opt_cmd_t *const *s = c->subs; *s; s++) {
        fputs(".TP\n\\fBgcnsim ", out);
        esc(out, (*s)->name, strlen((*s)->name), 0);
        fputs("\\fR\n", out);
        esc_line(out, (*s)->summary);
    }
}

/* ".TP" and "\fB--name\fR \fIARG\fR", then the help. */
static void man_row(FILE *out, const opt_t *o)
{
    fputs(".TP\n", out);
    if (o->letter)
        fprintf(out, "\\fB\\-%c\\fR%s", o->letter, o->name ? ", " : "");
    if (o->name) {
        fputs("\\fB\\-\\-", out);
        esc(out, o->name, strlen(o->name), 0);
        fputs("\\fR", out);
    }
    if (o->arg) {
        fputs((o->flags & OPT_OPT_NUM) ? " [\\fI" : " \\fI", out);
        esc(out, o->arg, strlen(o->arg), 0);
        fputs((o->flags & OPT_OPT_NUM) ? "\\fR]" : "\\fR", out);
    }
    fputc('\n', out);
    man_text(out, o->help, 1, ".IP");
}

static void man_options(FILE *out, const opt_cmd_t *c)
{
    static const opt_t help = {"help", 'h', NULL, "print the help and exit", 0, 0, NULL};
    fputs(".SH OPTIONS\n", out);
    for (const opt_table_t *const *t = c->tables; t && *t; t++) {
        if (strcmp((*t)->title, "options")) {   /* a command's only table needs no heading */
            fputs(".SS ", out);
            esc_line(out, (*t)->title);
        }
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++)
            man_row(out, o);
    }
    if (!c->tables)
        fputs(".PP\nThe command's options are described under DESCRIPTION.\n", out);
    man_row(out, &help);
}

/* The trailer's paragraphs: those that start "Exit status" under EXIT
 * STATUS, the others under NOTES. */
static void man_trailer(FILE *out, const char *t, int exit_part)
{
    int any = 0;
    for (const char *p = t; *p;) {
        const char *end = strstr(p, "\n\n");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int is_exit = strncmp(p, "Exit status", 11) == 0;
        if (is_exit == exit_part) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), p);
            fputs(any ? ".PP\n" : exit_part ? ".SH \"EXIT STATUS\"\n" : ".SH NOTES\n", out);
            man_text(out, buf, 0, ".PP");
            any = 1;
        }
        p += len;
        while (*p == '\n')
            p++;
    }
}

static void man_see_also(FILE *out, const opt_cmd_t *c)
{
    char name[64];
    int n = 0;
    fputs(".SH \"SEE ALSO\"\n", out);
    if (strcmp(c->name, "gcnsim")) {
        fputs("\\fBgcnsim\\fR(1)", out);
        n++;
    }
    const char *sp = strchr(c->name, ' ');
    if (sp) {   /* a subcommand: its command's page */
        fputs(",\n\\fBgcnsim\\-", out);
        esc(out, c->name, (size_t)(sp - c->name), 0);
        fputs("\\fR(1)", out);
    }
    for (const opt_cmd_t *const *s = c->subs; s && *s; s++) {
        page_name(*s, name, sizeof name);
        fputs(n++ ? ",\n\\fB" : "\\fB", out);
        esc(out, name, strlen(name), 0);
        fputs("\\fR(1)", out);
    }
    fputc('\n', out);
}

void opt_man(FILE *out, const opt_cmd_t *c, const char *version)
{
    man_head(out, c, version);
    if (c->subs)
        man_subs(out, c);
    man_options(out, c);
    if (c->trailer) {
        man_trailer(out, c->trailer, 1);
        man_trailer(out, c->trailer, 0);
    }
    man_see_also(out, c);
}
