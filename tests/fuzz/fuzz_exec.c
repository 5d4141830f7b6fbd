/* fuzz_exec.c — libFuzzer target: execute arbitrary instruction words on
 * the waves of a small launch, the way a hostile or miscompiled kernel
 * would run.  Input: one control dword, then the code (dwords; an
 * s_endpgm is appended).  Control byte 0 picks the target (every gfx6-gfx9
 * target isa_target_at lists), byte 1 the VGPRs (bit 6 set: bits 0-5 are
 * granules of 4, else 256), byte 2 the float mode, DX10 clamp and IEEE bits
 * of COMPUTE_PGM_RSRC1, byte 3 bit 0 the cycle model, bit 1 the work-group
 * size (64 or 128), bit 2 the dimensions (1 or 3), bit 3 the per-step
 * hook, bit 4 the hook's cheaper records, bit 5 hot spots, bit 6 the hook
 * filling the free SGPRs and VGPRs before the first instruction with edge
 * values (NaN, infinities, shift counts, sign bits ...), a V# and
 * addresses of a buffer, bit 7 a per-wave limit (max_wave_inst).  The kernel gets the user SGPRs of a compiled kernel
 * (scratch V#, dispatch and kernarg
 * pointers, flat scratch), work-group ids, work-item ids in v0-v2, LDS and
 * scratch, and a kernarg segment holding two 4 KiB buffers' addresses, a
 * count and a buffer resource (V#) of the first buffer; the run is bounded
 * (MAX_INST wave-instructions).  A guest fault is an expected outcome; a
 * crash, a sanitizer report, a hang, a -1 from sim_dispatch or a fault
 * without a one-line message is a bug.
 * Seeds: 256-byte chunks of the .text of the committed code objects.
 * fuzz-options: -max_len=1024
 * fuzz-runs: 1200
 * fuzz-runs-long: 8000
 * fuzz-seed: text */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/device.h"
#include "sim/dispatch.h"
#include "sim/mem.h"
#include "sim/timing.h"

enum { MAX_INST = 4096, BUF_BYTES = 4096, KARG_BYTES = 64, S_ENDPGM = 0xbf810000u };

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_exec: invariant broken: %s\n", what);
        abort();
    }
}

/* Values that find edge cases: zero, one, sign bits, shift counts, NaN,
 * infinities, denormals, halves and doubles' high words, lane and byte masks. */
static const uint32_t edge[32] = {
    0, 1, 2, 31, 32, 33, 63, 64, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
    0x7f800001u, 0x00000001u, 0x807fffffu, 0x3f800000u, 0xbf800000u, 0x4f800000u, 0xcf000000u, 0x5f800000u,
    0x7c00u, 0xfc00u, 0x7e00u, 0x3c003c00u, 0x7ff00000u, 0xfff80000u, 0x41e00000u, 0x43e00000u, 0xffffu, 0x8000u};

/* What the hook fills registers from: the control dword and the buffers. */
typedef struct {
    uint32_t seed;
    uint64_t b0, b1;
    const uint8_t *kernarg;
} fill_t;

/* Before a wave's first instruction: s[16:19] the V# of buffer 0, s[20:21]
 * and s[22:23] the buffers' addresses, the other free SGPRs edge values;
 * every eighth VGPR pair from v4 lane addresses in buffer 0 (4 bytes
 * apart), the other VGPRs after v0-v2 edge values. */
static void fill_registers(wave_t *w, const fill_t *f)
{
    for (unsigned r = 24; r < 104 && r < w->nsgpr; r++)
        w->sgpr[r] = edge[(r * 7 + f->seed) & 31];
    memcpy(&w->sgpr[16], f->kernarg + 32, 16);
    w->sgpr[20] = (uint32_t)f->b0;
    w->sgpr[21] = (uint32_t)(f->b0 >> 32);
    w->sgpr[22] = (uint32_t)f->b1;
    w->sgpr[23] = (uint32_t)(f->b1 >> 32);
    for (unsigned r = 3; r < w->nvgpr; r++) {
        if (r % 8 == 4 && r + 1u < w->nvgpr) {
            for (unsigned l = 0; l < 64; l++) {
                w->vgpr[r][l] = (uint32_t)f->b0 + 4 * l;
                w->vgpr[r + 1][l] = (uint32_t)(f->b0 >> 32);
            }
            r++;
            continue;
        }
        for (unsigned l = 0; l < 64; l++)
            w->vgpr[r][l] = edge[(r * 5 + l * 3 + (f->seed >> 8)) & 31];
    }
}

/* The per-step hook: fills the registers (control bit 30, fill_registers)
 * before a wave's first instruction; ends the dispatch after MAX_INST
 * wave-instructions (as max_inst does). */
static void bound_steps(void *arg, wave_t *w, const fx_t *fx, int after)
{
    (void)fx;
    const fill_t *f = arg;
    if (!after && w->ninst == 0 && (f->seed >> 30 & 1))
        fill_registers(w, f);
    if (after && w->ctx->ninst >= MAX_INST)
        w->ctx->stop = 1;
}

/* Number of targets isa_target_at lists. */
static int count_targets(void)
{
    int n = 0;
    while (isa_target_at((size_t)n))
        n++;
    return n;
}

/* The kernarg segment: buffer addresses, a count, a float, a V# of buffer 0. */
static void fill_kernarg(uint8_t ka[KARG_BYTES], uint64_t b0, uint64_t b1)
{
    uint32_t n = BUF_BYTES / 4, one = 0x3f800000u;
    uint32_t vsharp[4] = {(uint32_t)b0, (uint32_t)(b0 >> 32) & 0xffff, BUF_BYTES,
                          4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 15 | 7u << 12};
    memset(ka, 0, KARG_BYTES);
    memcpy(ka, &b0, 8);
    memcpy(ka + 8, &b1, 8);
    memcpy(ka + 16, &n, 4);
    memcpy(ka + 20, &one, 4);
    memcpy(ka + 32, vsharp, sizeof vsharp);
}

/* Code and descriptor in device memory; the kernel as the dispatch needs it. */
static int make_kernel(mem_t *mem, const isa_target_t *t, const uint8_t ctl[4], const uint32_t *words, size_t ndw,
                       sim_kernel_t *k)
{
    uint64_t code, desc;
    if (mem_alloc(mem, ndw * 4, 256, "code", &code) || mem_write(mem, code, words, ndw * 4) ||
        mem_alloc(mem, 64, 64, "descriptor", &desc))
        return -1;
    memset(k, 0, sizeof *k);
    k->t = t;
    k->code_base = k->entry = code;
    k->words = words;
    k->ndw = ndw;
    k->desc_addr = desc;
    /* VGPR granules, 16 SGPR granules, float mode, DX10 clamp, IEEE */
    k->rsrc1 = (ctl[1] & 0x40 ? ctl[1] & 0x3fu : 0x3fu) | 3u << 6 | (uint32_t)(ctl[2] & 0xff) << 12 | (ctl[2] & 1u) << 21 |
               (ctl[2] >> 1 & 1u) << 23;
    /* 10 user SGPRs, scratch wave offset, work-group ids x/y/z and info,
     * work-item ids x/y/z */
    k->rsrc2 = 1u | 10u << 1 | 7u << 7 | 1u << 10 | 2u << 11;
    k->kernel_code_properties = 1u << 0 | 1u << 1 | 1u << 3 | 1u << 5;
    k->group_segment_fixed_size = 4096;
    k->private_segment_fixed_size = 64;
    k->code_object_version = 4;
    k->name = "fuzz";
    return 0;
}

/* Check what a run returned. */
static void check_result(int rc, const sim_result_t *r, const char *err)
{
    if (rc < 0)
        fprintf(stderr, "fuzz_exec: sim_dispatch: %s\n", err);
    require(rc == 0 || rc == 1, "sim_dispatch returns 0 or 1 for a valid launch");
    if (rc == 1) {
        require(r->faulted, "a fault is reported");
        require(r->fault.msg[0] && !strchr(r->fault.msg, '\n'), "fault message is one line");
        require(memchr(r->fault_disasm, 0, sizeof r->fault_disasm) && r->fault_disasm[0], "faulting instruction named");
    }
    require(r->ninst <= MAX_INST + 64, "the bound on instructions holds");
    require(r->hit_limit >= 0 && r->hit_limit <= SIM_LIMIT_CANCEL, "a known limit");
    require(!r->hit_limit || !r->faulted, "a limit or a fault, not both");
}

/* One bounded launch of the code on target t, under the cycle model or not. */
static void run(const isa_target_t *t, const uint8_t ctl[4], const uint32_t *words, size_t ndw)
{
    mem_t mem;
    mem_init(&mem);
    sim_kernel_t k;
    uint64_t b0 = 0, b1 = 0;
    uint8_t ka[KARG_BYTES];
    require(make_kernel(&mem, t, ctl, words, ndw, &k) == 0 && mem_alloc(&mem, BUF_BYTES, 256, "buffer 0", &b0) == 0 &&
                mem_alloc(&mem, BUF_BYTES, 256, "buffer 1", &b1) == 0,
            "set-up memory");
    fill_kernarg(ka, b0, b1);
    int wide = ctl[3] >> 1 & 1, three = ctl[3] >> 2 & 1;
    sim_launch_t l = {.dims = three ? 3 : 1, .kernarg = ka, .kernarg_size = KARG_BYTES, .max_inst = MAX_INST};
    l.local[0] = wide ? 128 : 64;
    l.local[1] = l.local[2] = 1;
    l.grid[0] = 2 * l.local[0];
    l.grid[1] = three ? 2 : 1;
    l.grid[2] = 1;
    fill_t fill = {0, b0, b1, ka};
    memcpy(&fill.seed, ctl, 4);
    if (ctl[3] & 0x80)
        l.max_wave_inst = MAX_INST / 4;
    if (ctl[3] & 8) {
        l.on_step = bound_steps;
        l.step_arg = &fill;
        l.step_no_old = ctl[3] >> 4 & 1;
    }
    tm_config_t *tc = NULL;
    if (ctl[3] & 1) {
        const device_t *d = dev_default_for(t);
        require(d != NULL, "a device preset for every target");
        tc = calloc(1, sizeof *tc);
        require(tc != NULL, "host memory");
        tc->dev = *d;
        char why[256];
        require(dev_set(&tc->dev, "cus=1", why, sizeof why) == 0, "one CU");
        tc->hotspots = ctl[3] >> 5 & 1;
        l.timing = tc;
    }
    sim_result_t r;
    char err[512];
    err[0] = 0;
    int rc = sim_dispatch(&mem, &k, &l, &r, err, sizeof err);
    check_result(rc, &r, err);
    if (tc) {
        tm_stats_free(&tc->stats);
        free(tc);
    }
    mem_free(&mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ntargets;
    if (!ntargets)
        ntargets = count_targets();
    if (size < 4)
        return 0;
    size_t n = (size - 4) / 4;
    uint32_t *words = malloc((n + 1) * 4);
    require(words != NULL, "host memory");
    memcpy(words, data + 4, n * 4);
    words[n] = S_ENDPGM;
    run(isa_target_at(data[0] % (unsigned)ntargets), data, words, n + 1);
    free(words);
    return 0;
}
