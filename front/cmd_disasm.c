/* cmd_disasm.c — `gcnsim disasm`: llvm-objdump-style disassembly. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/run_opts.h"
#include "front/load/codeobj.h"
#include "isa/isa.h"
#include "sim/exec.h"

enum { DA_KERNEL = 1, DA_TARGET, DA_RAW, DA_HEX };

static const opt_t disasm_rows[] = {
    {"kernel", 0, "NAME", "only the code of this kernel or function symbol (a C++ kernel also by its "
     "demangled name: jacobi, block_sum<int>)", DA_KERNEL, 0, NULL},
    {"target", 0, "GFX", "the target for --raw and --hex (gfx600 ... gfx90c); of an offload bundle (hipcc "
     "--genco) or a HIP program, the code object to show; of a code object, the target to decode it for",
     DA_TARGET, OPT_LIST, run_target_name},
    {"raw", 0, NULL, "FILE is a bare code blob (little-endian dwords) at address 0", DA_RAW, 0, NULL},
    {"hex", 0, NULL, "FILE is text: each line holds hex dwords (0x7e020280 or 7e020280); each line is decoded "
     "on its own, like llvm-mc --disassemble does with byte lists", DA_HEX, 0, NULL},
    {0},
};
static const opt_table_t disasm_table = {"options", disasm_rows};
static const opt_table_t *const disasm_tables[] = {&disasm_table, NULL};

const opt_cmd_t cli_disasm_cmd = {
    .name = "disasm",
    .summary = "disassemble a code object's kernels in LLVM syntax",
    .usage = "gcnsim disasm FILE [--kernel NAME] [--target GFX]\n"
             "       gcnsim disasm FILE --raw --target GFX\n"
             "       gcnsim disasm FILE --hex --target GFX",
    .description = "Disassemble the code of an AMDGPU code object (HSA v2-v5) in the syntax and\n"
                   "layout of llvm-objdump -d: one instruction per line, then // ADDRESS: WORDS.\n"
                   "Branches show the raw offset and the target as <symbol+0xNN>, or, as\n"
                   "llvm-objdump does, the name of a label (an untyped symbol such as old\n"
                   "LLVM's BB0_2) at the target in place of the offset.  Words that\n"
                   "are not a valid instruction print as .long and decoding resumes at the\n"
                   "next dword.",
    .tables = disasm_tables,
    .trailer = "Exit status: 0; 2 bad usage, or a file that cannot be read or is no code\n"
               "object (one line on stderr names the file and what is wrong).",
    .fn = cmd_disasm,
};

typedef struct {
    const char *file, *kernel, *target;
    int raw, hex;
} disasm_opts_t;

/* opt_take_fn: one option or operand of disasm. */
static int disasm_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    disasm_opts_t *o = arg;
    (void)v2;
    if (!r) {
        if (o->file) {
            opt_error(&cli_disasm_cmd, "more than one FILE given ('%s')", v);
            return -1;
        }
        o->file = v;
    } else if (r->id == DA_KERNEL)
        o->kernel = v;
    else if (r->id == DA_TARGET)
        o->target = v;
    else if (r->id == DA_RAW)
        o->raw = 1;
    else
        o->hex = 1;
    return 0;
}

/* Append the encoding comment and branch annotation to one output line. */
/* The label (an STT_NOTYPE symbol) at addr, or NULL. */
static const co_symbol_t *label_at(const co_file_t *f, uint64_t addr)
{
    for (size_t i = co_sym_after(f, addr); i > 0 && f->syms[i - 1].addr == addr; i--)
        if (f->syms[i - 1].is_label)
            return &f->syms[i - 1];
    return NULL;
}

static void print_line(const co_file_t *f, const char *text, uint64_t addr, const uint32_t *w,
                       unsigned ndw, int64_t target)
{
    char line[512];
    const co_symbol_t *label = target >= 0 && f ? label_at(f, (uint64_t)target) : NULL;
    int n;
    if (label) {   /* as llvm-objdump: the label in place of the offset, no comment */
        const char *sp = strrchr(text, ' ');
        int keep = sp ? (int)(sp - text) + 1 : (int)strlen(text);
        n = snprintf(line, sizeof line, "\t%.*s%s", keep, text, label->name);
    } else
        n = snprintf(line, sizeof line, "\t%s", text);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof line)
        n = (int)sizeof line - 1;
    while (n < 60 && (size_t)n < sizeof line - 1)
        line[n++] = ' ';
    line[n] = 0;
    fputs(line, stdout);
    printf("// %012llX:", (unsigned long long)addr);
    for (unsigned i = 0; i < ndw; i++)
        printf(" %08X", w[i]);
    if (target >= 0 && f && !label) {
        size_t after = co_sym_after(f, (uint64_t)target);   /* the last symbol at or before it */
        const co_symbol_t *best = after ? &f->syms[after - 1] : NULL;
        if (best && (uint64_t)target == best->addr)
            printf(" <%s>", best->name);
        else if (best)
            printf(" <%s+0x%llx>", best->name, (unsigned long long)((uint64_t)target - best->addr));
    }
    putchar('\n');
}

/* Print the n dwords of prog (the code decoded once) from dword first on,
 * located at address base, walking instruction by instruction as if only
 * those n dwords were there: an instruction that runs past them shows as
 * data, like a truncated one. */
static void disasm_range(const co_file_t *f, const isa_target_t *t, const sim_prog_t *prog, size_t first, size_t n,
                         uint64_t base)
{
    size_t i = 0;
    char text[512];   /* a MUBUF line with LLVM's invalid-register comments runs past 256 */
    while (i < n) {
        const isa_inst_t *in = &prog->inst[first + i];
        const uint32_t *words = prog->words + first + i;
        uint64_t addr = base + 4 * i;
        /* words that are no instruction, and instructions LLVM cannot
         * print, show as data, one dword, as llvm-objdump shows them */
        if (in->op >= ISA_OP_COUNT || in->ndw > n - i || isa_format(t, in, addr, text, sizeof text) < 0) {
            snprintf(text, sizeof text, ".long 0x%08x", words[0]);
            print_line(f, text, addr, words, 1, -1);
            i++;
            continue;
        }
        print_line(f, text, addr, words, in->ndw, isa_branch_target(in, addr));
        i += in->ndw;
    }
}

static uint32_t *load_words(const uint8_t *p, size_t bytes, size_t *nw)
{
    *nw = bytes / 4;
    uint32_t *w = malloc((*nw ? *nw : 1) * sizeof *w);
    if (!w)
        return NULL;
    for (size_t i = 0; i < *nw; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    return w;
}

/* Where the instructions under a symbol start: a code object v2 kernel
 * symbol points at its 256-byte amd_kernel_code_t header, which is data;
 * say so in one comment line and start at the entry point. */
static uint64_t code_start(const co_file_t *f, const co_symbol_t *sym, uint64_t end)
{
    const co_kernel_t *kn = co_kernel_at(f, sym->addr);
    for (; kn && kn < f->kernels + f->nkernels && kn->desc_addr == sym->addr; kn++) {
        if (kn->code_addr > sym->addr && kn->code_addr <= end) {
            printf("\t// amd_kernel_code_t header, %llu bytes (code object v2; see gcnsim info)\n",
                   (unsigned long long)(kn->code_addr - sym->addr));
            return kn->code_addr;
        }
    }
    return sym->addr;
}

/* The symbol a --kernel name means: itself when a symbol has it, else the
 * kernel whose demangled name it is (co_match_kernel), else itself. */
static const char *symbol_for(const co_file_t *f, const char *name)
{
    int n;
    for (size_t s = 0; s < f->nsyms; s++)
        if (strcmp(f->syms[s].name, name) == 0)
            return name;
    const co_kernel_t *k = co_match_kernel(f, name, &n);
    return k ? k->name : name;
}

static int disasm_file(const co_file_t *f, const char *kernel)
{
    size_t nw;
    if (kernel)
        kernel = symbol_for(f, kernel);
    uint32_t *words = load_words(f->text, f->text_size, &nw);
    sim_prog_t prog;   /* the text decoded once, every symbol's code printed from it */
    if (!words || sim_prog_build(&prog, f->target, words, nw, f->text_addr)) {
        free(words);
        cli_error("out of memory");
        return EXIT_USAGE;
    }
    int found = 0;
    if (f->version)
        printf("\n%s:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n", f->path);
    for (size_t s = 0; s < f->nsyms; s++) {
        const co_symbol_t *sym = &f->syms[s];
        if (kernel && strcmp(sym->name, kernel) != 0)
            continue;
        found = 1;
        uint64_t end = f->text_addr + f->text_size;
        size_t next = co_sym_after(f, sym->addr);
        if (next < f->nsyms)
            end = f->syms[next].addr;
        if (s + 1 < f->nsyms && f->syms[s + 1].addr == sym->addr)
            end = sym->addr;   /* aliases: print the code under the last name */
        printf("\n%016llx <%s>:\n", (unsigned long long)sym->addr, sym->name);
        uint64_t start = code_start(f, sym, end);
        size_t first = (size_t)((start - f->text_addr) / 4), last = (size_t)((end - f->text_addr) / 4);
        if (last > nw)
            last = nw;
        if (first < last)
            disasm_range(f, f->target, &prog, first, last - first, start);
    }
    sim_prog_free(&prog);
    free(words);
    if (kernel && !found) {
        cli_error("%s: no kernel or function named '%s'", f->path, kernel);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Parse one line of hex dwords; returns count or -1 on a bad token. */
static int parse_hex_line(char *line, uint32_t *w, int max, char **bad)
{
    int n = 0;
    for (char *tok = strtok(line, " \t,\r\n"); tok; tok = strtok(NULL, " \t,\r\n")) {
        if (tok[0] == '#' || (tok[0] == '/' && tok[1] == '/'))
            break;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(tok, &end, 16);
        if (*end || errno || v > 0xffffffffull || n >= max) {
            *bad = tok;
            return -1;
        }
        w[n++] = (uint32_t)v;
    }
    return n;
}

static int disasm_hex(const char *path, const isa_target_t *t)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!fp) {
        cli_error("%s: %s", path, strerror(errno));
        return EXIT_USAGE;
    }
    char line[4096];
    unsigned lineno = 0;
    int rc = EXIT_OK;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        uint32_t w[64];
        char *bad = NULL;
        int n = parse_hex_line(line, w, 64, &bad);
        if (n < 0) {
            cli_error("%s:%u: '%s' is not a hex dword", path, lineno, bad);
            rc = EXIT_USAGE;
            break;
        }
        sim_prog_t prog;   /* the line decoded once */
        if (n > 0 && sim_prog_build(&prog, t, w, (size_t)n, 0)) {
            cli_error("out of memory");
            rc = EXIT_USAGE;
            break;
        }
        if (n > 0) {
            disasm_range(NULL, t, &prog, 0, (size_t)n, 0);
            sim_prog_free(&prog);
        }
    }
    if (fp != stdin)
        fclose(fp);
    return rc;
}

int cmd_disasm(int argc, char **argv)
{
    disasm_opts_t o = {0};
    int rc = opt_parse(&cli_disasm_cmd, argc, argv, disasm_take, &o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    const char *file = o.file, *kernel = o.kernel, *target = o.target;
    int raw = o.raw, hex = o.hex;
    if (!file) {
        cli_error("disasm: no FILE given (see gcnsim disasm --help)");
        return EXIT_USAGE;
    }
    const isa_target_t *t = NULL;
    if (target && !(t = isa_target_by_name(target))) {
        const char *near = opt_suggest(target, run_target_name);
        if (near)
            cli_error("disasm: unknown target '%s' (did you mean %s?)", target, near);
        else
            cli_error("disasm: unknown target '%s' (gfx600 ... gfx90c)", target);
        return EXIT_USAGE;
    }
    if ((raw || hex) && !t) {
        cli_error("disasm: --raw and --hex need --target GFX");
        return EXIT_USAGE;
    }
    if (hex)
        return disasm_hex(file, t);
    co_file_t f;
    char err[512];
    int bad = raw ? co_load_raw(file, t, &f, err, sizeof err) : co_load_for(file, target, kernel, &f, err, sizeof err);
    if (bad) {
        cli_error("%s", err);
        return EXIT_USAGE;
    }
    if (t && !raw && t != f.target)
        f.target = t;   /* --target overrides the ELF's own */
    rc = disasm_file(&f, kernel);
    co_free(&f);
    return rc;
}
