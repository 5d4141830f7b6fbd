/* test_launch.c — modules and launches (front/launch/launch.h): a code object
 * opened once and launched many times on persistent buffers, per-launch
 * allocations released, argument changes between launches, dynamic LDS
 * arguments, argument errors, and device-memory marks.  Uses the committed
 * workload code objects (front/workloads/bin). */
#include <stdlib.h>
#include <string.h>
#include "front/launch/launch.h"
#include "tests/unit/check.h"

static const char *co_path(const char *name, const char *target, char *buf, size_t n)
{
    snprintf(buf, n, "front/workloads/bin/%s-%s.co", name, target);
    return buf;
}

/* mem_mark/mem_release: later allocations go, their addresses are reused. */
static void test_mem_marks(void)
{
    mem_t m;
    mem_init(&m);
    uint64_t a, b, c;
    mem_alloc(&m, 100, 256, "a", &a);
    mem_mark_t k = mem_mark(&m);
    mem_alloc(&m, 5000, 256, "b", &b);
    mem_release(&m, k);
    CHECK(m.n == 1 && mem_ptr(&m, b, 4) == NULL && mem_ptr(&m, a, 100) != NULL,
          "mem_release frees what came after the mark, keeps what came before");
    mem_alloc(&m, 64, 256, "c", &c);
    CHECK(c == b, "an allocation after mem_release reuses the released address");
    mem_free(&m);
}

/* Bitonic sort of 1024 keys: 55 launches of one launch_t on one buffer. */
static void test_many_launches(const char *target)
{
    char path[256], err[512];
    la_module_t m;
    int ok = la_open(&m, co_path("bitonic", target, path, sizeof path), err, sizeof err) == 0;
    CHECK(ok, "%s: la_open %s (%s)", target, path, ok ? "" : err);
    if (!ok) {
        la_close(&m);
        return;
    }
    enum { N = 1024 };
    uint32_t keys[N];
    for (unsigned i = 0; i < N; i++)
        keys[i] = (i * 2654435761u) ^ (i >> 3);
    uint64_t buf;
    const co_kernel_t *k = la_kernel(&m, NULL, err, sizeof err);
    CHECK(k && strcmp(k->name, "bitonic_step") == 0, "%s: la_kernel(NULL) finds the only kernel", target);
    CHECK(la_buffer(&m, sizeof keys, keys, "keys", &buf, err, sizeof err) == 0, "%s: la_buffer", target);
    launch_t L;
    memset(&L, 0, sizeof L);
    uint32_t global[3] = {N / 2, 1, 1}, local[3] = {64, 1, 1};
    la_value_t v[4] = {la_addr(buf), la_u32(0), la_u32(0), la_u32(1)};
    ok = k && la_setup(&L, &m, k, 1, global, local, v, 4, err, sizeof err) == 0;
    CHECK(ok, "%s: la_setup (%s)", target, ok ? "" : err);
    CHECK(L.arg_addr[0] == buf && L.arg_size[0] == sizeof keys, "%s: a buffer given by address has its size", target);
    size_t regions = m.mem.n;
    int launches = 0, failed = 0, grew = 0;
    for (unsigned s = 0; ok && s < 10; s++)
        for (unsigned p = 0; p <= s; p++) {
            la_value_t vs = la_u32(s), vp = la_u32(p);
            sim_result_t r;
            if (la_set_arg(&L, 1, &vs, err, sizeof err) || la_set_arg(&L, 2, &vp, err, sizeof err) ||
                la_run(&L, &r, err, sizeof err) != 0)
                failed++;
            grew |= m.mem.n != regions;
            launches++;
        }
    CHECK(ok && launches == 55 && !failed, "%s: 55 launches of one launch_t run to completion", target);
    CHECK(!grew, "%s: each launch releases its kernarg, queue, packet and scratch (%zu regions)", target, m.mem.n);
    CHECK(m.prog_builds == 1 && L.sk.prog == &m.prog, "%s: the module's code was decoded once for the 55 launches",
          target);
    uint32_t *out = la_host(&m, buf, sizeof keys);
    int sorted = out != NULL;
    for (unsigned i = 1; sorted && i < N; i++)
        sorted = out[i - 1] <= out[i];
    CHECK(sorted, "%s: the persistent buffer ends up sorted", target);
    la_free(&L);
    la_close(&m);
}

/* Open the gfx900 reduce workload's module into m; 0, or -1 (a failed check). */
static int open_reduce(la_module_t *m)
{
    char path[256], err[512];
    if (la_open(m, co_path("reduce", "gfx900", path, sizeof path), err, sizeof err) == 0)
        return 0;
    CHECK(0, "la_open %s (%s)", path, err);
    la_close(m);
    return -1;
}

/* Argument changes that do not fit the kernel are refused with a message. */
static void test_arg_errors(void)
{
    char err[512];
    la_module_t m;
    if (open_reduce(&m))
        return;
    const co_kernel_t *k = la_kernel(&m, "reduce_sum", err, sizeof err);
    CHECK(la_kernel(&m, "nope", err, sizeof err) == NULL && strstr(err, "no kernel named 'nope'") &&
              strstr(err, "reduce_sum"),
          "la_kernel names a missing kernel and lists the others: %s", err);
    enum { N = 3000 };
    uint32_t data[N], want = 0;
    for (unsigned i = 0; i < N; i++)
        want += data[i] = i * 7919u + 1;
    uint64_t in, out;
    la_buffer(&m, sizeof data, data, "in", &in, err, sizeof err);
    la_buffer(&m, 4 * 4, NULL, "out", &out, err, sizeof err);
    launch_t L;
    memset(&L, 0, sizeof L);
    uint32_t global[3] = {256, 1, 1};
    la_value_t v[4] = {la_addr(in), la_addr(out), la_local(256 * 4), la_u32(N)};
    int ok = la_setup(&L, &m, k, 1, global, NULL, v, 4, err, sizeof err) == 0;
    CHECK(ok, "la_setup with a local:BYTES argument (%s)", ok ? "" : err);
    sim_result_t r;
    ok = ok && la_run(&L, &r, err, sizeof err) == 0;
    CHECK(ok && L.sl.dynamic_lds == 1024, "dynamic LDS of the __local argument: %u bytes", L.sl.dynamic_lds);
    uint32_t *got = la_host(&m, out, 4);
    CHECK(ok && got && *got == want, "one work-group sums 3000 values through dynamic LDS (0x%08x)", got ? *got : 0);
    la_value_t f = la_f32(1.0f), b = la_addr(in), l = la_local(16), u64v = {.kind = LA_U64, .bits = 1};
    snprintf(u64v.spec, sizeof u64v.spec, "u64:1");
    CHECK(la_set_arg(&L, 0, &f, err, sizeof err) == -1 && strstr(err, "global buffer"),
          "a scalar for a buffer argument: %s", err);
    CHECK(la_set_arg(&L, 3, &b, err, sizeof err) == -1 && strstr(err, "passed by value"),
          "a buffer for a by-value argument: %s", err);
    CHECK(la_set_arg(&L, 3, &u64v, err, sizeof err) == -1 && strstr(err, "another size"),
          "a 64-bit value for a 32-bit argument: %s", err);
    CHECK(la_set_arg(&L, 3, &l, err, sizeof err) == -1, "local:BYTES for a by-value argument: %s", err);
    CHECK(la_set_arg(&L, 2, &f, err, sizeof err) == -1 && strstr(err, "__local pointer"),
          "a scalar for a __local argument: %s", err);
    CHECK(la_set_arg(&L, 4, &f, err, sizeof err) == -1 && strstr(err, "no argument 4"),
          "an argument index past the end: %s", err);
    la_free(&L);
    memset(&L, 0, sizeof L);
    CHECK(la_setup(&L, &m, k, 1, global, NULL, v, 3, err, sizeof err) == -1 && strstr(err, "takes 4 arguments"),
          "la_setup with too few values: %s", err);
    la_free(&L);
    la_close(&m);
}

/* Sizes from a hostile code object that wrapped in 32 bits: an argument's
 * offset + size, the kernarg segment, static + dynamic LDS, scratch; each
 * refused with one message instead of writing past a buffer or launching
 * with a wrapped size. */
static void test_hostile_sizes(void)
{
    char err[512];
    la_module_t m;
    if (open_reduce(&m))
        return;
    const co_kernel_t *k0 = la_kernel(&m, "reduce_sum", err, sizeof err);
    co_kernel_t k = *k0;
    co_arg_t args[64];
    if (!k0 || k.nargs > 64) {
        CHECK(0, "reduce_sum has at most 64 arguments");
        la_close(&m);
        return;
    }
    memcpy(args, k0->args, k.nargs * sizeof *args);
    k.args = args;
    uint32_t global[3] = {256, 1, 1};
    la_value_t v[4] = {la_addr(0), la_addr(0), la_local(1024), la_u32(1)};
    launch_t L;
    /* the count argument (index 3) at offset 2^32 - 2: offset + 4 is 2 in 32 bits */
    size_t count = 0;
    for (size_t i = 0, e = 0; i < k.nargs; i++)
        if (args[i].kind == CO_ARG_BY_VALUE && e++ < 4)
            count = i;
    args[count].offset = 0xfffffffeu;
    memset(&L, 0, sizeof L);
    CHECK(la_setup(&L, &m, &k, 1, global, NULL, v, 4, err, sizeof err) == -1 && strstr(err, "ends past 65536"),
          "an argument at offset 2^32-2 is refused, not written past the kernarg buffer: %s", err);
    la_free(&L);
    args[count].offset = k0->args[count].offset;
    k.kernarg_segment_size = 0xffffffffu;
    memset(&L, 0, sizeof L);
    CHECK(la_setup(&L, &m, &k, 1, global, NULL, v, 4, err, sizeof err) == -1 &&
              strstr(err, "kernarg segment of 4294967295 bytes"),
          "a 4 GiB kernarg segment is refused before it is allocated: %s", err);
    la_free(&L);
    k.kernarg_segment_size = k0->kernarg_segment_size;
    /* static LDS 2^32 - 512 + 1 KiB dynamic: 512 in 32 bits */
    memset(&L, 0, sizeof L);
    int ok = la_setup(&L, &m, &k, 1, global, NULL, v, 4, err, sizeof err) == 0;
    sim_result_t r;
    L.sk.group_segment_fixed_size = 0xfffffe00u;
    CHECK(ok && la_run(&L, &r, err, sizeof err) == -1 && strstr(err, "4294967808 bytes of LDS"),
          "static + dynamic LDS past 2^32 is refused: %s", err);
    L.sk.group_segment_fixed_size = k0->desc.group_segment_fixed_size;
    L.sk.private_segment_fixed_size = 0xffffffffu;
    CHECK(ok && la_run(&L, &r, err, sizeof err) == -1 && strstr(err, "4294967295 bytes of scratch"),
          "4 GiB of scratch per work-item is refused: %s", err);
    L.sk.private_segment_fixed_size = 0;
    /* a hidden argument at 2^32 - 8 (sim_kernarg_size in 64 bits) */
    sim_hidden_arg_t h = {0xfffffff8u, 16, SIM_HIDDEN_GRID_DIMS};
    L.sl.hidden = &h, L.sl.nhidden = 1;
    CHECK(ok && sim_kernarg_size(&L.sl) == 0x100000008ull && la_run(&L, &r, err, sizeof err) == -1 &&
              strstr(err, "kernarg segment of 4294967304 bytes"),
          "a hidden argument ending past 2^32 is refused: %s", err);
    la_free(&L);
    la_close(&m);
}

/* la_prepare (the `gcnsim run` path) owns its module; failures free cleanly. */
static void test_prepare(void)
{
    char path[256], err[512];
    launch_t L;
    uint32_t global[3] = {64, 1, 1};
    la_value_t v[2] = {la_u32(0), la_u32(0)};
    CHECK(la_prepare(&L, "front/workloads/bin/missing.co", NULL, NULL, 1, global, NULL, v, 0, err, sizeof err) == -1 &&
              strstr(err, "missing.co"),
          "la_prepare of a missing file: %s", err);
    la_free(&L);
    CHECK(la_prepare(&L, co_path("bitonic", "gfx803", path, sizeof path), NULL, NULL, 1, global, NULL, v, 0, err,
                     sizeof err) == -1 &&
              strstr(err, "takes 4 arguments"),
          "la_prepare with no arguments: %s", err);
    la_free(&L);
}

int main(void)
{
    test_mem_marks();
    test_many_launches("gfx701");
    test_many_launches("gfx803");
    test_many_launches("gfx900");
    test_arg_errors();
    test_hostile_sizes();
    test_prepare();
    return check_done();
}
