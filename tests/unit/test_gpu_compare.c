/* test_gpu_compare.c — front/device/gpu_compare.c: element types from metadata
 * type names, bit-for-bit and ULP comparison (signed zeros, NaNs, sign
 * changes, a trailing partial element), the verdict text; and
 * sim_kernarg_build's hidden values for a launch with partial groups. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "front/device/gpu_compare.h"
#include "sim/dispatch.h"
#include "tests/unit/check.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void types(void)
{
    static const struct {
        const char *name, *want;
        unsigned size;
    } t[] = {{"float*", "float", 4},       {"const float4*", "float", 4}, {"__global double *", "double", 8},
             {"uint*", "uint", 4},         {"unsigned int*", "uint", 4},  {"int2*", "int", 4},
             {"int32_t*", "int", 4},       {"half*", "half", 2},          {"ulong*", "ulong", 8},
             {"size_t*", "ulong", 8},      {"char*", "char", 1},          {"uchar16*", "uchar", 1},
             {"struct point*", "byte", 1}, {"", "byte", 1},               {NULL, "byte", 1}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        gpu_elem_t e = gpu_elem_type(t[i].name);
        CHECK(!strcmp(e.name, t[i].want) && e.size == t[i].size, "element type of '%s': %s, %u bytes",
              t[i].name ? t[i].name : "(none)", t[i].want, t[i].size);
    }
}

static void floats(void)
{
    gpu_elem_t f = gpu_elem_type("float*");
    float a[6] = {1.0f, -2.5f, 0.0f, NAN, 3.0f, -0.0f};
    uint32_t b[6];
    for (int i = 0; i < 6; i++)
        b[i] = fbits(a[i]);
    gpu_cmp_t c;
    gpu_compare(a, b, sizeof a, f, 0, &c);
    CHECK(c.n == 6 && c.ndiff == 0 && c.nexact == 6, "identical floats (NaN bits included)");
    b[1] += 1;                       /* -2.5 -> one ULP further from zero */
    b[4] -= 2;                       /* 3.0 -> two ULP below */
    gpu_compare(a, b, sizeof a, f, 0, &c);
    CHECK(c.ndiff == 2 && c.first == 1, "ulp 0: two differ, the first is [1]");
    gpu_compare(a, b, sizeof a, f, 1, &c);
    CHECK(c.ndiff == 1 && c.first == 4 && c.max_ulp == 1, "ulp 1: [1] within, [4] (2 ULP) differs");
    gpu_compare(a, b, sizeof a, f, 2, &c);
    CHECK(c.ndiff == 0 && c.max_ulp == 2 && c.nexact == 4, "ulp 2: all within, at most 2 ULP");
    b[5] = fbits(0.0f);              /* -0 vs +0: 0 ULP apart, not the same bits */
    b[1] = fbits(-2.5f), b[4] = fbits(3.0f);
    gpu_compare(a, b, sizeof a, f, 0, &c);
    CHECK(c.ndiff == 1 && c.first == 5, "ulp 0: -0 and +0 differ");
    gpu_compare(a, b, sizeof a, f, 1, &c);
    CHECK(c.ndiff == 0, "ulp 1: -0 and +0 agree");
    b[3] = 0x7fc00001;               /* another NaN */
    gpu_compare(a, b, sizeof a, f, 1, &c);
    CHECK(c.ndiff == 0, "ulp 1: two NaNs agree");
    b[3] = fbits(1e30f);
    gpu_compare(a, b, sizeof a, f, 1000000000, &c);
    CHECK(c.ndiff == 1 && c.first == 3, "a NaN and a number never agree");
    float x = 1e-45f, y = -1e-45f;   /* smallest denormals of both signs: 2 ULP apart */
    gpu_compare(&x, &y, 4, f, 2, &c);
    CHECK(c.ndiff == 0 && c.max_ulp == 2, "across zero: +min and -min denormals are 2 ULP apart");
    gpu_compare(&x, &y, 4, f, 1, &c);
    CHECK(c.ndiff == 1, "... and not within 1 ULP");
}

static void ints_and_text(void)
{
    gpu_elem_t u = gpu_elem_type("uint*"), i = gpu_elem_type("int*");
    uint32_t a[3] = {1, 2, 0xffffffffu}, b[3] = {1, 3, 0xffffffffu};
    gpu_cmp_t c;
    gpu_compare(a, b, sizeof a, u, 5, &c);
    CHECK(c.ndiff == 1 && c.first == 1, "integers: --ulp does not apply");
    char buf[256];
    CHECK(gpu_cmp_describe(&c, u, a, b, 5, buf, sizeof buf) == GPU_DIFFERS, "verdict DIFFERS");
    CHECK_STR(buf, "DIFFERS in 1 of 3 uint elements; first [1]: simulator 2, device 3", "verdict text (uint)");
    gpu_elem_format(i, a, 2, buf, sizeof buf);
    CHECK_STR(buf, "-1", "int element format");
    float fa = 1.5f, fb = nextafterf(1.5f, 2.0f);
    gpu_elem_t f = gpu_elem_type("float*");
    gpu_compare(&fa, &fb, 4, f, 0, &c);
    gpu_cmp_describe(&c, f, &fa, &fb, 0, buf, sizeof buf);
    CHECK_STR(buf, "DIFFERS in 1 of 1 float elements; first [0]: simulator 1.5 (0x3fc00000), device 1.50000012 (0x3fc00001)",
              "verdict text (float)");
    gpu_compare(&fa, &fb, 4, f, 1, &c);
    CHECK(gpu_cmp_describe(&c, f, &fa, &fb, 1, buf, sizeof buf) == GPU_WITHIN, "verdict WITHIN");
    CHECK_STR(buf, "within 1 ULP (1 of 1 float elements differ, by at most 1 ULP)", "verdict text (within)");
    uint8_t p[6] = {1, 2, 3, 4, 5, 6}, q[6] = {1, 2, 3, 4, 5, 7};
    gpu_compare(p, q, 6, u, 0, &c);
    CHECK(c.n == 2 && c.ndiff == 1 && c.first == 1, "a trailing partial element is compared too");
    gpu_compare(p, p, 6, u, 0, &c);
    CHECK(gpu_cmp_describe(&c, u, p, p, 0, buf, sizeof buf) == GPU_SAME && !strcmp(buf, "identical"),
          "verdict identical");
}

static void kernarg(void)
{
    uint8_t explicit_bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    sim_hidden_arg_t h[] = {{16, 4, SIM_HIDDEN_BLOCK_COUNT_X}, {20, 4, SIM_HIDDEN_BLOCK_COUNT_Y},
                            {28, 2, SIM_HIDDEN_GROUP_SIZE_X},  {34, 2, SIM_HIDDEN_REMAINDER_X},
                            {36, 2, SIM_HIDDEN_REMAINDER_Y},   {40, 8, SIM_HIDDEN_GLOBAL_OFFSET_X},
                            {64, 2, SIM_HIDDEN_GRID_DIMS},     {72, 4, SIM_HIDDEN_DYNAMIC_LDS_SIZE},
                            {80, 4, SIM_HIDDEN_PRIVATE_BASE},  {84, 4, SIM_HIDDEN_SHARED_BASE},
                            {88, 8, SIM_HIDDEN_QUEUE_PTR},     {96, 8, SIM_HIDDEN_NONE}};
    sim_launch_t l;
    memset(&l, 0, sizeof l);
    l.dims = 2;
    l.grid[0] = 40, l.grid[1] = 24, l.grid[2] = 1;
    l.local[0] = 16, l.local[1] = 16, l.local[2] = 1;
    l.global_offset[0] = 7;
    l.dynamic_lds = 300;
    l.kernarg = explicit_bytes;
    l.kernarg_size = 8;
    l.hidden = h;
    l.nhidden = sizeof h / sizeof h[0];
    sim_platform_t p = {0x1234, 0x5678, 0xabcdef0123ull};
    CHECK(sim_kernarg_size(&l) == 104, "kernarg size: the last hidden argument's end (104)");
    uint8_t ka[104];
    memset(ka, 0xee, sizeof ka);
    sim_kernarg_build(&l, &p, ka);
    uint32_t u32;
    uint16_t u16;
    uint64_t u64;
    CHECK(!memcmp(ka, explicit_bytes, 8), "explicit bytes first");
    memcpy(&u32, ka + 16, 4);
    CHECK(u32 == 3, "block count x = ceil(40/16) = 3");
    memcpy(&u32, ka + 20, 4);
    CHECK(u32 == 2, "block count y = ceil(24/16) = 2");
    memcpy(&u16, ka + 28, 2);
    CHECK(u16 == 16, "group size x 16");
    memcpy(&u16, ka + 34, 2);
    CHECK(u16 == 8, "remainder x = 40 %% 16 = 8");
    memcpy(&u16, ka + 36, 2);
    CHECK(u16 == 8, "remainder y = 24 %% 16 = 8");
    memcpy(&u64, ka + 40, 8);
    CHECK(u64 == 7, "global offset x 7");
    memcpy(&u16, ka + 64, 2);
    CHECK(u16 == 2, "grid dims 2");
    memcpy(&u32, ka + 72, 4);
    CHECK(u32 == 300, "dynamic LDS 300");
    memcpy(&u32, ka + 80, 4);
    CHECK(u32 == 0x1234, "private base high half from the platform");
    memcpy(&u32, ka + 84, 4);
    CHECK(u32 == 0x5678, "shared base high half from the platform");
    memcpy(&u64, ka + 88, 8);
    CHECK(u64 == 0xabcdef0123ull, "queue pointer from the platform");
    int zero = 1;
    for (int i = 8; i < 16; i++)
        zero &= ka[i] == 0;
    for (int i = 96; i < 104; i++)
        zero &= ka[i] == 0;
    CHECK(zero, "gaps and hidden_none are zero");
}

int main(void)
{
    types();
    floats();
    ints_and_text();
    kernarg();
    return check_done();
}
