/* cli.c — helpers shared by the subcommands. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

static volatile sig_atomic_t stop_signo;
_Static_assert(sizeof(sig_atomic_t) == sizeof(int), "sig_atomic_t is an int");

static void on_stop(int sig)
{
    stop_signo = sig;
}

const volatile int *cli_catch_stop(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sa.sa_flags = SA_RESETHAND;   /* a second signal acts as if uncaught */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    return (const volatile int *)&stop_signo;
}

int cli_stop_signal(void)
{
    return stop_signo;
}
