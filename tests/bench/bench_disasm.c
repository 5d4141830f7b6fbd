/* bench_disasm.c — disassembly speed: instructions per second of decode
 * alone and of decode + LLVM-syntax formatting over the .text of code
 * objects.  Reports the median of 7 timed passes of at least 0.2 s each. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "front/load/codeobj.h"
#include "isa/isa.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One pass over the words; returns instructions decoded. */
static size_t pass(const isa_target_t *t, const uint32_t *w, size_t n, int format, size_t *chars)
{
    size_t i = 0, count = 0;
    char buf[256];
    while (i < n) {
        isa_inst_t in;
        if (isa_decode(t, w + i, n - i, &in) != ISA_OK) {
            i++;
            continue;
        }
        if (format)
            *chars += (size_t)isa_format(t, &in, 4 * i, buf, sizeof buf);
        i += in.ndw;
        count++;
    }
    return count;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median_rate(const isa_target_t *t, const uint32_t *w, size_t n, int format)
{
    double rates[7];
    size_t chars = 0;
    for (int r = 0; r < 7; r++) {
        size_t insts = 0;
        double t0 = now(), el;
        do {
            insts += pass(t, w, n, format, &chars);
            el = now() - t0;
        } while (el < 0.2);
        rates[r] = insts / el;
    }
    qsort(rates, 7, sizeof rates[0], cmp);
    return rates[3];
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_disasm FILE.co...\n");
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        co_file_t f;
        char err[512];
        if (co_load(argv[a], &f, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        size_t n = f.text_size / 4;
        uint32_t *w = malloc((n ? n : 1) * 4);
        for (size_t i = 0; i < n; i++)
            w[i] = (uint32_t)f.text[4 * i] | (uint32_t)f.text[4 * i + 1] << 8 |
                   (uint32_t)f.text[4 * i + 2] << 16 | (uint32_t)f.text[4 * i + 3] << 24;
        size_t chars = 0, insts = pass(f.target, w, n, 0, &chars);
        double dec = median_rate(f.target, w, n, 0), full = median_rate(f.target, w, n, 1);
        printf("disasm %-40s %-7s %7zu instructions: decode %6.2f M inst/s, decode+format %6.2f M inst/s\n",
               argv[a], f.target->name, insts, dec / 1e6, full / 1e6);
        free(w);
        co_free(&f);
    }
    return 0;
}
