/* cli.c — helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "front/cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("gcnsim: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_is_help(const char *s)
{
    return strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0;
}
