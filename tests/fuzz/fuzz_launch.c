/* fuzz_launch.c — libFuzzer target: load arbitrary bytes as a code object
 * (co_load_mem), map it as `gcnsim run` does (a la_module_t built from
 * co_load_mem and dev_map_code_object), then for each kernel (at most
 * MAX_KERNELS) give every argument a value its metadata asks for (a 4 KiB
 * global buffer of small integers, local:256 for a __local pointer, 64 or
 * 1.0 for a scalar, bytes for other sizes, an 8x8 rgba8 image), set up a
 * launch of two work-groups with la_setup, build its kernarg segment
 * (la_kernarg) and run it with la_run, bounded to MAX_INST
 * wave-instructions (sim_launch_t.max_inst, and for half of the inputs a
 * per-step hook too, which takes the recording path), in functional mode
 * or, for a quarter of the inputs (by a hash of the input), under the cycle
 * model of the target's default device with one CU.  A crash, a sanitizer report, a hang, an error that
 * is empty or not one line, a result other than 0, 1 or -1, or a fault
 * without a one-line message is a bug.
 * Seeds: the committed code objects (tests/kernels/bin).
 * fuzz-options: -max_len=32768
 * fuzz-runs: 300
 * fuzz-runs-long: 3000 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/codeobj.h"
#include "front/launch/devimage.h"
#include "front/launch/launch.h"
#include "sim/device.h"

enum { MAX_KERNELS = 4, MAX_INST = 20000, BUF_BYTES = 4096, LOCAL_BYTES = 256, MAX_VALUE_BYTES = 1 << 16 };

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_launch: invariant broken: %s\n", what);
        abort();
    }
}

/* An error message: present (what) and one line. */
static void check_err(const char *err, const char *what)
{
    require(err[0] != 0, what);
    require(strchr(err, '\n') == NULL, "an error is one line");
}

/* The per-step hook: ends the dispatch after MAX_INST wave-instructions. */
static void bound_steps(void *arg, wave_t *w, const fx_t *fx, int after)
{
    (void)arg;
    (void)fx;
    if (after && w->ctx->ninst >= MAX_INST)
        w->ctx->stop = 1;
}

/* la_open from memory: load, then map as la_open does. */
static int open_mem(la_module_t *m, const uint8_t *data, size_t size, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    mem_init(&m->mem);
    m->open = 1;
    if (co_load_mem("fuzz.co", data, size, &m->co, err, errlen))
        return -1;
    if (dev_map_code_object(&m->co, &m->mem, &m->image_base, err, errlen))
        return -1;
    m->words = malloc(m->co.text_size ? m->co.text_size : 4);
    require(m->words != NULL, "host memory");
    memcpy(m->words, m->co.text, m->co.text_size);
    return 0;
}

/* The contents of every global buffer: dwords 0, 1, ... 63, 0, 1, ... */
static const uint8_t *buffer_pattern(void)
{
    static uint8_t pat[BUF_BYTES];
    for (size_t i = 0; i < BUF_BYTES; i += 4) {
        uint32_t v = (uint32_t)(i / 4 % 64);
        memcpy(pat + i, &v, 4);
    }
    return pat;
}

/* A by-value argument: a scalar of its size, else bytes (NULL data: too large). */
static la_value_t by_value(const co_arg_t *a)
{
    static const uint8_t ones[MAX_VALUE_BYTES] = {1};
    int fp = strstr(a->type_name, "float") || strstr(a->type_name, "double");
    la_value_t v = la_u32(64);
    if (a->size == 4 && fp)
        v = la_f32(1.0f);
    else if (a->size == 8) {
        double one = 1.0;
        v.kind = fp ? LA_F64 : LA_U64;
        v.bits = 64;
        if (fp)
            memcpy(&v.bits, &one, 8);
    } else if (a->size > 4 || a->size == 3) {
        v.kind = LA_BYTES;
        v.data = a->size <= MAX_VALUE_BYTES ? ones : NULL;
        v.size = a->size;
    }
    return v;
}

/* The value for argument a (data NULL for LA_BYTES: the harness gives up). */
static la_value_t value_for(const co_arg_t *a)
{
    la_value_t v;
    memset(&v, 0, sizeof v);
    switch (a->kind) {
    case CO_ARG_BY_VALUE:
        return by_value(a);
    case CO_ARG_GLOBAL_BUFFER:
        v.kind = LA_BUF;
        v.data = buffer_pattern();
        v.size = BUF_BYTES;
        snprintf(v.spec, sizeof v.spec, "buf:pattern");
        return v;
    case CO_ARG_DYNAMIC_SHARED_POINTER:
        return la_local(LOCAL_BYTES);
    case CO_ARG_IMAGE:
        v.kind = LA_IMAGE;
        v.img_fmt = mimg_format("rgba8");
        v.img_size[0] = v.img_size[1] = 8;
        v.img_size[2] = 1;
        v.img_dims = 2;
        v.size = 8 * 8 * 4;
        snprintf(v.spec, sizeof v.spec, "image:rgba8:8,8:zero");
        return v;
    default:
        return la_u32(0);
    }
}

/* Run launch L once, bounded, under the cycle model when tc is set. */
static void run_once(launch_t *L, tm_config_t *tc, int hook, FILE *sink)
{
    char err[1024];
    sim_result_t r;
    L->sl.max_inst = MAX_INST;
    L->sl.timing = tc;
    if (hook) {   /* the recording path, which the hook also bounds */
        L->sl.on_step = bound_steps;
        L->sl.step_no_old = 1;
    }
    uint8_t *ka = NULL;
    uint32_t kasize = 0;
    sim_platform_t plat = {1, 2, 0x1000};
    if (la_kernarg(L, &plat, &ka, &kasize) == 0)
        free(ka);
    (void)la_group_segment_size(L);
    err[0] = 0;
    int st = la_run(L, &r, err, sizeof err);
    require(st >= -1 && st <= 1, "la_run returns 0, 1 or -1");
    if (st < 0)
        check_err(err, "la_run -1 comes with a message");
    if (st == 1) {
        require(r.faulted && r.fault.msg[0] && !strchr(r.fault.msg, '\n'), "a fault with a one-line message");
        la_print_fault(sink, L, &r);
    }
    require(r.ninst <= MAX_INST + 64 || st < 0, "the bound on instructions holds");
    require(r.hit_limit >= 0 && r.hit_limit <= SIM_LIMIT_CANCEL, "a known limit");
}

/* Set up kernel k of m with values from its metadata and run it. */
static void launch_kernel(la_module_t *m, const co_kernel_t *k, uint32_t h, FILE *sink)
{
    size_t ne = la_explicit_count(k), n = 0;
    la_value_t *vals = calloc(ne ? ne : 1, sizeof *vals);
    require(vals != NULL, "host memory");
    for (size_t i = 0; i < k->nargs; i++)
        if (k->args[i].kind < CO_ARG_HIDDEN_GLOBAL_OFFSET_X || k->args[i].kind == CO_ARG_UNKNOWN) {
            vals[n] = value_for(&k->args[i]);
            if (vals[n].kind == LA_BYTES && !vals[n].data)
                goto out;   /* larger than the harness gives */
            n++;
        }
    launch_t *L = calloc(1, sizeof *L);
    require(L != NULL, "host memory");
    char err[1024];
    err[0] = 0;
    uint32_t global[3] = {h & 4 ? 64u : 128u, 1, 1};
    if (la_setup(L, m, k, 1, global, NULL, vals, n, err, sizeof err)) {
        check_err(err, "la_setup -1 comes with a message");
    } else {
        tm_config_t *tc = NULL;
        if ((h & 3) == 0) {
            const device_t *d = dev_default_for(m->co.target);
            require(d != NULL, "a device preset for every target");
            tc = calloc(1, sizeof *tc);
            require(tc != NULL, "host memory");
            tc->dev = *d;
            require(dev_set(&tc->dev, "cus=1", err, sizeof err) == 0, "one CU");
        }
        run_once(L, tc, h >> 3 & 1, sink);
        if (tc) {
            tm_stats_free(&tc->stats);
            free(tc);
        }
    }
    la_free(L);
    free(L);
out:
    free(vals);
}

/* FNV-1a of the input: picks the mode of its runs. */
static uint32_t hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    require(sink != NULL, "/dev/null");
    la_module_t *m = malloc(sizeof *m);
    require(m != NULL, "host memory");
    char err[1024];
    err[0] = 0;
    if (open_mem(m, data, size, err, sizeof err)) {
        check_err(err, "loading fails with a message");
    } else {
        uint32_t h = hash(data, size);
        for (size_t i = 0; i < m->co.nkernels && i < MAX_KERNELS; i++)
            launch_kernel(m, &m->co.kernels[i], h >> (4 * i), sink);
    }
    la_close(m);
    free(m);
    return 0;
}
