/* dbg_rl.c — the debugger's line input: a GNU readline prompt (history,
 * Ctrl-R search, tab completion of commands, labels and register names)
 * when interactive; plain lines without a prompt or escape codes from a
 * script or a pipe in batch mode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/history.h>
#include <readline/readline.h>
#include "front/dbg/dbg.h"

static dbg_t *rl_dbg;     /* the session completion asks */
static int rl_start;      /* where the word being completed starts */

static char *generator(const char *text, int state)
{
    static unsigned i;
    if (state == 0)
        i = 0;
    const char *s = dbg_complete(rl_dbg, rl_line_buffer, rl_start, text, i++);
    return s ? strdup(s) : NULL;
}

static char **attempt(const char *text, int start, int end)
{
    (void)end;
    rl_start = start;
    rl_attempted_completion_over = 1;   /* never file names */
    return rl_completion_matches(text, generator);
}

void dbg_rl_init(dbg_t *d)
{
    if (d->o.batch) {
        if (!d->in)
            d->in = stdin;
        return;
    }
    rl_dbg = d;
    rl_readline_name = "gcnsim";
    rl_attempted_completion_function = attempt;
    rl_basic_word_break_characters = " \t\n";
    rl_completer_word_break_characters = " \t\n";
    using_history();
}

/* The longest line a script or pipe may give the debugger. */
enum { MAX_LINE = 1 << 16 };

/* One line of fp without its end of line, at most MAX_LINE bytes (a
 * longer one, say from /dev/zero, ends the input with a message); NULL at
 * the end. */
static char *read_line(FILE *fp)
{
    char *line = malloc(MAX_LINE + 1);
    size_t n = 0;
    int ch = EOF;
    if (!line)
        return NULL;
    while (n < MAX_LINE && (ch = getc(fp)) != EOF && ch != '\n')
        line[n++] = (char)ch;
    if (n == MAX_LINE && ch != '\n' && (ch = getc(fp)) != EOF && ch != '\n') {
        fprintf(stderr, "gcnsim: debug: an input line longer than %d bytes: the input ends here\n", MAX_LINE);
        free(line);
        return NULL;
    }
    if (n == 0 && ch == EOF) {
        free(line);
        return NULL;
    }
    while (n > 0 && line[n - 1] == '\r')
        n--;
    line[n] = 0;
    return line;
}

char *dbg_rl_read(dbg_t *d)
{
    if (!d->o.batch) {
        char *line = readline("(gcnsim) ");
        if (!line) {
            printf("quit\n");
            return NULL;
        }
        if (*line && line[strspn(line, " \t")])
            add_history(line);
        return line;
    }
    return read_line(d->in);
}

void dbg_rl_done(dbg_t *d)
{
    if (!d->o.batch)
        clear_history();
    rl_dbg = NULL;
}
