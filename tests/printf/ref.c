/* ref.c — what print_all of tests/kernels/printf/printf.cl prints, made by
 * the host C library's printf from the same values (the oracle of
 * test_printf.py).  Vector conversions print each element with the scalar
 * conversion, separated by commas (OpenCL C 1.2 section 6.12.13.2).
 * Usage: ref I U L F D STRING */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VEC(fmt, n, a) do { for (int k_ = 0; k_ < (n); k_++) printf(k_ ? "," fmt : fmt, (a)[k_]); } while (0)

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: ref I U L F D STRING\n");
        return 2;
    }
    int i = (int)strtol(argv[1], NULL, 0);
    unsigned u = (unsigned)strtoul(argv[2], NULL, 0);
    long long l = strtoll(argv[3], NULL, 0);
    float f = strtof(argv[4], NULL);
    double d = strtod(argv[5], NULL);
    const char *s = argv[6];
    printf("d=%d i=%i u=%u x=%x X=%X o=%o\n", i, i, u, u, u, u);
    printf("c=%c%c s=%s s2=%s%%\n", 'A' + (i & 7), (int)('a' + (u % 26)), "constant", s);
    printf("f=%f F=%F e=%e E=%E g=%g G=%G A=%A a=%a\n", f, f, f, f, f, f, f, f);
    printf("df=%f de=%.10e dg=%.15g da=%a\n", d, d, d, d);
    printf("flags [%5d] [%-5d] [%05d] [%+d] [% d] [%#x] [%#o] [%.3d] [%8.3f] [%-10s] [%.2s] [%+.2e]\n",
           i, i, i, -i, -i, u, u, i & 7, f, "left", s, d);
    printf("long ld=%lld lu=%llu lx=%llx lX=%llX lo=%llo\n", l, (unsigned long long)l, (unsigned long long)l,
           (unsigned long long)l, (unsigned long long)l);
    printf("short hd=%hd hu=%hu hx=%hx hhd=%hhd hhu=%hhu hhx=%hhx\n", (short)i, (unsigned short)u,
           (unsigned short)u, (signed char)i, (unsigned char)u, (unsigned char)u);
    int i4[4] = {i, i + 1, -i, 7};
    unsigned u2[2] = {u, u >> 4};
    float f3[3] = {f, -f, f * 2.0f}, f4[4] = {f, 0.5f, -0.25f, f * f};
    double d2[2] = {d, -d};
    long long l4[4] = {l, -l, l / 3, 5};
    short s4[4] = {(short)i, (short)u, -3, 300};
    unsigned char c8[8] = {(unsigned char)u, 1, 2, 3, 250, 251, 252, (unsigned char)i};
    signed char c16[16] = {(signed char)i, -1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12, -13, 14, -15};
    double h2[2] = {(double)(_Float16)f, -0.5};
    printf("v4hld="); VEC("%d", 4, i4); printf(" v2hlx="); VEC("%x", 2, u2);
    printf(" v3hlf="); VEC("%f", 3, f3); printf(" v4hle="); VEC("%e", 4, f4); printf("\n");
    printf("v2lf="); VEC("%f", 2, d2); printf(" v4ld="); VEC("%lld", 4, l4);
    printf(" v4hd="); VEC("%hd", 4, s4); printf(" v8hhu="); VEC("%hhu", 8, c8); printf("\n");
    printf("v16hhd="); VEC("%hhd", 16, c16); printf(" v2hf="); VEC("%f", 2, h2);
    printf(" v4hlg="); VEC("%g", 4, f4); printf("\n");
    printf("vflags ["); VEC("%+d", 2, i4); printf("] ["); VEC("%5d", 2, i4 + 2); printf("] [");
    VEC("%-8.2f", 3, f3); printf("] ["); VEC("%#x", 2, u2); printf("]\n");
    printf("p=%p null=%p\n", (void *)(uintptr_t)(unsigned long long)l, (void *)0);
    printf("none\n");
    return 0;
}
