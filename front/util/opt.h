/* opt.h — one table of options per command: the same rows drive the
 * parsing (getopt_long, long names matched exactly), --help, the man page
 * and bash completion, and "did you mean" on a misspelt word (opt_near). */
#ifndef GCNSIM_OPT_H
#define GCNSIM_OPT_H

#include <stddef.h>
#include <stdio.h>

/* The i-th value of a list (device presets, --set keys, targets, ...),
 * NULL past the last: for completion and "did you mean". */
typedef const char *(*opt_values_fn)(size_t i);

enum {
    OPT_REPEAT = 1,   /* may be given more than once (each is taken in order) */
    OPT_PATH = 2,     /* the value is a file name (completion offers files) */
    OPT_DIR = 4,      /* the value is a directory name */
    OPT_LIST = 8,     /* the value is one of values(), or starts with one ending in ':' or '='
                         (completion offers them, without a space after those) */
    OPT_KEYS = 16,    /* values() are the keys of a KEY=VALUE value */
    OPT_TWO = 32,     /* takes two values: --opt A B (or --opt=A B); arg names both */
    OPT_OPT_NUM = 64, /* the value may be left out: --opt, --opt N or --opt=N (the next
                         argument is its value when it is a number: digits only) */
};

/* One option.  help: one or more sentences, wrapped to 80 columns when
 * printed; "\n" starts a new paragraph, and a paragraph that starts with
 * two spaces is printed as written (a table, a list of forms). */
typedef struct {
    const char *name;          /* long name without "--"; NULL for a short-only option */
    int letter;                /* the short option's letter, or 0 */
    const char *arg;           /* value placeholder ("NAME", "X[,Y[,Z]]"); NULL: a flag */
    const char *help;
    int id;                    /* what the command's take callback sees */
    unsigned flags;            /* OPT_* */
    opt_values_fn values;      /* with OPT_LIST or OPT_KEYS: the values, else NULL */
} opt_t;

/* A titled group of rows ("launch options"), ended by a row of all zeros. */
typedef struct {
    const char *title;
    const opt_t *rows;
} opt_table_t;

/* A command (or a subcommand such as "trace diff"). */
typedef struct opt_cmd opt_cmd_t;
struct opt_cmd {
    const char *name;                  /* "run", "trace diff" */
    const char *summary;               /* one line, no final period */
    const char *usage;                 /* "gcnsim run FILE ..." (lines after the first indented as printed) */
    const char *description;           /* paragraphs split by blank lines, kept as written */
    const opt_table_t *const *tables;  /* NULL-terminated; NULL: the command parses on its own */
    const char *trailer;               /* paragraphs after the options (exit status, notes) */
    int (*fn)(int argc, char **argv);  /* the entry point (argv[0]: the command's last word) */
    opt_values_fn positional;          /* completion of the operands: NULL: files */
    const opt_cmd_t *const *subs;      /* NULL-terminated subcommands, or NULL */
};

/* What a command does with each option and operand: o is the row (NULL
 * for an operand, value then the operand), value its value (NULL for a
 * flag), value2 the second value of an OPT_TWO row (NULL when missing).
 * Returns 0, or -1 after reporting the error. */
typedef int (*opt_take_fn)(void *ctx, const opt_t *o, const char *value, const char *value2);

/* Parse argv (argv[0]: the command's name) against c's tables in order
 * (operands come back in their place; "--" ends the options).  -h/--help
 * print opt_help on stdout and return 1.  A long option must be spelt
 * exactly; an unknown or abbreviated one, a missing value or a value
 * given to a flag is reported in one line ("gcnsim: CMD: unknown option
 * '--kern' (did you mean --kernel?)") and returns -1.  Else 0. */
int opt_parse(const opt_cmd_t *c, int argc, char **argv, opt_take_fn take, void *ctx);

/* Print "gcnsim: CMD: MESSAGE" on stderr (one line). */
void opt_error(const opt_cmd_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The help of c: usage, description, each table's options, trailer. */
void opt_help(FILE *out, const opt_cmd_t *c);

/* The "  -x, --name ARG" column of row o into buf. */
void opt_label(const opt_t *o, char *buf, size_t len);

/* The row of c named name (long name, or "-x" for a letter); NULL if none. */
const opt_t *opt_find(const opt_cmd_t *c, const char *name);

/* "Did you mean": the candidate nearest to a word, by edit distance
 * (transpositions count one) or as an extension of it. */
typedef struct {
    const char *word, *best;
    unsigned score;
} opt_near_t;

/* Start a search for the candidate nearest to word. */
void opt_near_init(opt_near_t *n, const char *word);
/* Consider candidate (kept if nearer than the best so far and near enough). */
void opt_near_add(opt_near_t *n, const char *candidate);
/* The nearest candidate, or NULL when none is near enough. */
const char *opt_near_best(const opt_near_t *n);
/* The value of list nearest to word, or NULL. */
const char *opt_suggest(const char *word, opt_values_fn list);

/* The man page of c as troff: gcnsim(1) for the top-level command (name
 * "gcnsim"; its subs listed as COMMANDS), else gcnsim-CMD(1) ("trace
 * diff": gcnsim-trace-diff(1)); sections NAME, SYNOPSIS, DESCRIPTION,
 * COMMANDS or OPTIONS, EXIT STATUS and NOTES (the trailer), SEE ALSO. */
void opt_man(FILE *out, const opt_cmd_t *c, const char *version);

/* A bash completion script for top (name "gcnsim") and its commands:
 * command names, each command's options, the values of OPT_LIST and
 * OPT_KEYS rows, files for OPT_PATH values and for operands. */
void opt_bash_completion(FILE *out, const opt_cmd_t *top);

/* Write text wrapped to 80 columns at indent spaces, the first line
 * starting at column col (col < indent: padded); paragraphs as opt_t.help. */
void opt_wrap(FILE *out, const char *text, unsigned indent, unsigned col);

#endif
