/* cli.h — the gcnsim command-line subcommands and their shared helpers. */
#ifndef GCNSIM_CLI_H
#define GCNSIM_CLI_H

#include <stdio.h>
#include "front/util/opt.h"

#ifndef GCNSIM_VERSION
#define GCNSIM_VERSION "0.1.0"   /* gcnsim --version, and the header of a trace */
#endif

/* Catch SIGINT and SIGTERM: the first one sets the returned flag (for
 * sim_launch_t.cancel: the run stops and reports what it did), a second
 * one ends the process as the signal would. */
const volatile int *cli_catch_stop(void);
/* The signal that set the flag (0: none yet). */
int cli_stop_signal(void);

/* Exit statuses shared by every subcommand. */
enum { EXIT_OK = 0, EXIT_DIFF = 1, EXIT_USAGE = 2, EXIT_FAULT = 3, EXIT_LIMIT = 4, EXIT_SKIP = 77 };
/* A run ended by SIGINT or SIGTERM exits with 128 + the signal's number
 * (130, 143), as a shell reports a command the signal killed. */

/* Each subcommand: argv[0] is the subcommand name; returns the exit status. */
int cmd_disasm(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_isa(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_debug(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_exec(int argc, char **argv);
int cmd_compare(int argc, char **argv);

/* Each converted command's description and option tables (front/util/opt.h):
 * its parsing, --help, gcnsim help CMD, its man page and completion. */
extern const opt_cmd_t cli_run_cmd, cli_validate_cmd, cli_debug_cmd, cli_info_cmd, cli_bench_cmd,
    cli_devices_cmd, cli_trace_cmd, cli_disasm_cmd, cli_isa_cmd, cli_exec_cmd, cli_compare_cmd;
/* gcnsim sweep (front/cmd_sweep.c) */
int cmd_sweep(int argc, char **argv);
extern const opt_cmd_t cli_sweep_cmd;

/* Print "gcnsim: MESSAGE" on stderr (one line). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* True if s is "-h" or "--help". */
int cli_is_help(const char *s);

/* Catch SIGINT and SIGTERM: the first one sets the returned flag (for
 * sim_launch_t.cancel: the run stops and reports what it did), a second
 * one ends the process as the signal would. */
const volatile int *cli_catch_stop(void);
/* The signal that set the flag (0: none yet). */
int cli_stop_signal(void);

#endif
