/* main.c — gcnsim: dispatch to the subcommands. */
#include <stdio.h>
#include <string.h>
#include "front/cli.h"

#ifndef GCNSIM_VERSION
#define GCNSIM_VERSION "0.1.0"
#endif

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
} commands[] = {
    {"run", cmd_run, "run a kernel on the simulated device"},
    {"validate", cmd_validate, "run a kernel on the simulator and on a real GPU, compare results and time"},
    {"debug", cmd_debug, "debug a kernel: breakpoints, stepping (also backward), registers, memory"},
    {"trace", cmd_trace, "inspect and compare execution traces (gcnsim run --trace)"},
    {"disasm", cmd_disasm, "disassemble a code object's kernels in LLVM syntax"},
    {"info", cmd_info, "resource usage, arguments, launch layout and occupancy of each kernel"},
    {"isa", cmd_isa, "list the instructions gcnsim knows for a target"},
    {"bench", cmd_bench, "run a built-in workload (bitonic, reduce, gemm), verify it, time it"},
    {"devices", cmd_devices, "list device presets and the cycle-model parameters"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: gcnsim COMMAND [ARGS]   (gcnsim COMMAND --help for each)\n\n"
                 "An instruction-level simulator for AMD GCN GPUs (gfx6-gfx9).\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("gcnsim %s\n", GCNSIM_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            int rc = commands[i].fn(argc - 1, argv + 1);
            if (fflush(stdout) != 0 || ferror(stdout)) {
                cli_error("error writing output");
                return EXIT_USAGE;
            }
            return rc;
        }
    cli_error("unknown command '%s' (try gcnsim --help)", argv[1]);
    return EXIT_USAGE;
}
