/* dispatch.c — kernel launch (see dispatch.h).  The register layout at
 * wave start follows LLVM's AMDGPUUsage "Initial Kernel Execution State"
 * (GCN-FACTS §5.3); the packet is an hsa_kernel_dispatch_packet_t (§5.6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/dispatch.h"
#include "sim/wg.h"
#include "sim/exec.h"
#include "sim/cu.h"
#include "sim/occupancy.h"
#include "sim/par.h"

enum { QUEUE_SIZE = 256, QUEUE_GROUP_APERTURE_HI = SIM_QUEUE_GROUP_APERTURE_HI,
       QUEUE_PRIVATE_APERTURE_HI = SIM_QUEUE_PRIVATE_APERTURE_HI };

static void put(uint8_t *p, uint32_t off, uint64_t v, uint32_t size)
{
    for (uint32_t i = 0; i < size && i < 8; i++)
        p[off + i] = (uint8_t)(v >> (8 * i));
}

/* ceil(a / b) without the 32-bit wrap of a + b - 1 (b > 0). */
static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0);
}



/* Value of a hidden argument for this launch on platform p. */
static uint64_t hidden_value(const sim_launch_t *l, const sim_platform_t *p, sim_hidden_t kind)
{
    switch (kind) {
    case SIM_HIDDEN_GLOBAL_OFFSET_X: return l->global_offset[0];
    case SIM_HIDDEN_GLOBAL_OFFSET_Y: return l->global_offset[1];
    case SIM_HIDDEN_GLOBAL_OFFSET_Z: return l->global_offset[2];
    case SIM_HIDDEN_BLOCK_COUNT_X: return ceil_div(l->grid[0], l->local[0]);
    case SIM_HIDDEN_BLOCK_COUNT_Y: return ceil_div(l->grid[1], l->local[1]);
    case SIM_HIDDEN_BLOCK_COUNT_Z: return ceil_div(l->grid[2], l->local[2]);
    case SIM_HIDDEN_GROUP_SIZE_X: return l->local[0];
    case SIM_HIDDEN_GROUP_SIZE_Y: return l->local[1];
    case SIM_HIDDEN_GROUP_SIZE_Z: return l->local[2];
    case SIM_HIDDEN_REMAINDER_X: return l->grid[0] % l->local[0];
    case SIM_HIDDEN_REMAINDER_Y: return l->grid[1] % l->local[1];
    case SIM_HIDDEN_REMAINDER_Z: return l->grid[2] % l->local[2];
    case SIM_HIDDEN_GRID_DIMS: return l->dims;
    case SIM_HIDDEN_DYNAMIC_LDS_SIZE: return l->dynamic_lds;
    case SIM_HIDDEN_PRIVATE_BASE: return p->private_base_hi;
    case SIM_HIDDEN_SHARED_BASE: return p->shared_base_hi;
    case SIM_HIDDEN_QUEUE_PTR: return p->queue_ptr;
    case SIM_HIDDEN_PRINTF_BUFFER: return l->printf_buffer;
    default: return 0;   /* hostcall/heap/queues are not provided */
    }
}

uint64_t sim_kernarg_size(const sim_launch_t *l)
{
    uint64_t ksize = l->kernarg_size;
    for (size_t i = 0; i < l->nhidden; i++)
        if ((uint64_t)l->hidden[i].offset + l->hidden[i].size > ksize)
            ksize = (uint64_t)l->hidden[i].offset + l->hidden[i].size;
    return ksize;
}

void sim_kernarg_build(const sim_launch_t *l, const sim_platform_t *p, uint8_t *out)
{
    uint64_t ksize = sim_kernarg_size(l);
    if (ksize > SIM_MAX_KERNARG)
        ksize = SIM_MAX_KERNARG;
    memset(out, 0, ksize);
    if (l->kernarg_size)
        memcpy(out, l->kernarg, l->kernarg_size < ksize ? l->kernarg_size : ksize);
    for (size_t i = 0; i < l->nhidden; i++) {
        const sim_hidden_arg_t *h = &l->hidden[i];
        uint32_t n = h->size < 8 ? h->size : 8;
        if (l->local[0] && l->local[1] && l->local[2] && (uint64_t)h->offset + n <= ksize)
            put(out, h->offset, hidden_value(l, p, h->kind), n);
    }
}

/* Kernarg segment, then the queue (whose address is a hidden argument), in
 * device memory at c's kernarg_addr and queue_addr. */
static int setup_kernarg(mem_t *mem, const sim_launch_t *l, sim_ctx_t *c)
{
    uint32_t ksize = (uint32_t)sim_kernarg_size(l);   /* checked by check_launch */
    /* zero padding after the arguments, as the runtimes' kernarg pools
     * have: the compiler widens a scalar load of the last three dwords
     * to four (s_load_dwordx4), reading up to 4 bytes past the segment */
    uint32_t asize = (ksize + 16 + 15) & ~15u;
    uint8_t *ka = calloc(1, asize);
    if (!ka || mem_alloc(mem, asize, 256, "kernarg segment", &c->kernarg_addr)) {
        free(ka);
        return -1;
    }
    uint8_t q[QUEUE_SIZE] = {0};
    put(q, QUEUE_GROUP_APERTURE_HI, c->shared_aperture >> 32, 4);
    put(q, QUEUE_PRIVATE_APERTURE_HI, c->private_aperture >> 32, 4);
    int bad = mem_alloc(mem, QUEUE_SIZE, 256, "queue (amd_queue_t)", &c->queue_addr) ||
              mem_write(mem, c->queue_addr, q, QUEUE_SIZE);
    sim_platform_t plat = {(uint32_t)(c->private_aperture >> 32), (uint32_t)(c->shared_aperture >> 32),
                           c->queue_addr};
    if (!bad) {
        sim_kernarg_build(l, &plat, ka);
        bad = mem_write(mem, c->kernarg_addr, ka, asize);
    }
    free(ka);
    return bad ? -1 : 0;
}

/* Queue, kernarg segment (unless the launch has them in place already)
 * and AQL packet in device memory. */
static int setup_memory(mem_t *mem, const sim_kernel_t *k, const sim_launch_t *l, sim_ctx_t *c, uint32_t lds,
                        char *err, size_t errlen)
{
    c->kernarg_addr = l->kernarg_addr;
    c->queue_addr = l->queue_addr;
    if (!l->kernarg_addr && setup_kernarg(mem, l, c))
        goto oom;
    uint8_t p[64] = {0};
    put(p, 0, 2 /* KERNEL_DISPATCH */ | 1u << 8 /* barrier */, 2);
    put(p, 2, l->dims, 2);
    for (int d = 0; d < 3; d++) {
        put(p, 4 + 2 * d, c->local[d], 2);
        put(p, 12 + 4 * d, c->grid[d], 4);
    }
    put(p, 24, k->private_segment_fixed_size, 4);
    put(p, 28, lds, 4);
    put(p, 32, k->desc_addr, 8);
    put(p, 40, c->kernarg_addr, 8);
    if (mem_alloc(mem, 64, 256, "dispatch packet", &c->packet_addr) || mem_write(mem, c->packet_addr, p, 64))
        goto oom;
    return 0;
oom:
    snprintf(err, errlen, "out of host memory setting up the launch");
    return -1;
}

static int check_sizes(const sim_kernel_t *k, const sim_launch_t *l, uint64_t lds, char *err, size_t errlen)
{
    const occ_params_t *op = occ_params(k->t->gen);
    uint32_t max_lds = op->lds_per_group_max, max_scratch = op->scratch_wave_max;
    if (lds > max_lds) {
        snprintf(err, errlen, "the kernel needs %llu bytes of LDS per work-group (static %u + dynamic %u); %s allows %u",
                 (unsigned long long)lds, k->group_segment_fixed_size, l->dynamic_lds, k->t->name, max_lds);
        return -1;
    }
    if ((uint64_t)k->private_segment_fixed_size * op->wave_size > max_scratch) {
        snprintf(err, errlen, "the kernel needs %u bytes of scratch per work-item; a wave has at most %u bytes "
                 "(%u per work-item)", k->private_segment_fixed_size, max_scratch, max_scratch / op->wave_size);
        return -1;
    }
    uint64_t ksize = sim_kernarg_size(l);
    if (ksize > SIM_MAX_KERNARG) {
        snprintf(err, errlen, "a kernarg segment of %llu bytes: gcnsim builds at most %u",
                 (unsigned long long)ksize, SIM_MAX_KERNARG);
        return -1;
    }
    return 0;
}

static int check_launch(const sim_kernel_t *k, const sim_launch_t *l, uint64_t lds, char *err, size_t errlen)
{
    if (l->dims < 1 || l->dims > 3) {
        snprintf(err, errlen, "a launch has 1 to 3 dimensions, not %u", l->dims);
        return -1;
    }
    uint64_t items = 1;
    unsigned __int128 groups = 1;
    for (int d = 0; d < 3; d++) {
        if (l->grid[d] == 0 || l->local[d] == 0) {
            snprintf(err, errlen, "global and local sizes must be at least 1 in every dimension");
            return -1;
        }
        items *= l->local[d];
        if (items > 1024) {   /* checked per dimension, so the product never wraps */
            snprintf(err, errlen, "a work-group of more than 1024 work-items (%ux%ux%u): the hardware allows "
                     "at most 1024", l->local[0], l->local[1], l->local[2]);
            return -1;
        }
        groups *= ceil_div(l->grid[d], l->local[d]);
    }
    if (groups >> 63) {
        snprintf(err, errlen, "a grid of %ux%ux%u work-items in groups of %ux%ux%u has 2^63 work-groups or more",
                 l->grid[0], l->grid[1], l->grid[2], l->local[0], l->local[1], l->local[2]);
        return -1;
    }
    if (check_sizes(k, l, lds, err, errlen))
        return -1;
    if (k->entry < k->code_base || (k->entry - k->code_base) / 4 >= k->ndw) {
        snprintf(err, errlen, "the kernel's entry point 0x%llx is outside its code", (unsigned long long)k->entry);
        return -1;
    }
    return 0;
}

int sim_dispatch_memory(mem_t *mem, const sim_kernel_t *k, const sim_launch_t *l, uint64_t *kernarg_addr,
                        uint64_t *queue_addr, char *err, size_t errlen)
{
    if (check_launch(k, l, (uint64_t)k->group_segment_fixed_size + l->dynamic_lds, err, errlen))
        return -1;
    sim_ctx_t c;
    memset(&c, 0, sizeof c);
    c.shared_aperture = SIM_SHARED_APERTURE;
    c.private_aperture = SIM_PRIVATE_APERTURE;
    if (setup_kernarg(mem, l, &c)) {
        snprintf(err, errlen, "out of host memory setting up the launch");
        return -1;
    }
    *kernarg_addr = c.kernarg_addr;
    *queue_addr = c.queue_addr;
    return 0;
}

/* How many threads the functional work-groups of launch l run on
 * (sim/par.h): 1 with a hook that sees every instruction, max_inst or
 * order-dependent communication between groups. */
static unsigned parallel(const sim_launch_t *l, const sim_prog_t *prog, uint64_t groups)
{
    unsigned n = par_threads(l->threads, groups);
    return n > 1 && !l->on_step && !l->max_inst && !par_order_dependent(prog) ? n : 1;
}

/* Zero the scratch of a work-group's wave slots, so that a group's private
 * memory starts the same whichever thread runs it and whichever group ran
 * before (sim/README, "Threads"). */
static void scratch_clear(sim_ctx_t *c)
{
    uint8_t *s = c->scratch_size ? mem_ptr(c->mem, c->scratch_addr, c->scratch_size) : NULL;
    if (s)
        memset(s, 0, c->scratch_size);
}

/* The functional scheduler on the calling thread: one work-group at a
 * time, in order.  0, 1 when a wave faulted, -1 (err) out of memory. */
static int run_serial(const sim_kernel_t *k, const sim_launch_t *l, sim_ctx_t *c, uint32_t lds_alloc,
                      uint32_t max_waves, sim_result_t *r, char *err, size_t errlen)
{
    uint32_t nv = ((k->rsrc1 & 0x3f) + 1) * 4;
    wave_t *waves = calloc(max_waves, sizeof *waves);
    uint32_t(*vgprs)[64] = calloc((size_t)max_waves * nv, sizeof *vgprs);
    uint8_t *ldsmem = calloc(1, lds_alloc ? lds_alloc : 1);
    int rc = 0;
    if (!waves || !vgprs || !ldsmem) {
        snprintf(err, errlen, "out of host memory for the work-group state");
        rc = -1;
        goto done;
    }
    uint64_t groups = c->groups, done = 0;
    uint32_t id[3];
    for (id[2] = 0; id[2] < c->ngroups[2] && rc == 0; id[2]++)
        for (id[1] = 0; id[1] < c->ngroups[1] && rc == 0; id[1]++)
            for (id[0] = 0; id[0] < c->ngroups[0] && rc == 0; id[0]++) {
                sim_wg_t g;
                memset(&g, 0, sizeof g);
                g.lds = ldsmem;
                scratch_clear(c);
                sim_wg_setup(k, c, &g, id, lds_alloc, vgprs, waves, NULL);
                r->nwaves += g.nwaves;
                int wr = sim_run_wg(c, &g);
                if (wr < 0) {
                    for (uint32_t i = 0; i < g.nwaves; i++)
                        if (waves[i].state == WAVE_FAULT) {
                            r->faulted = 1;
                            r->fault = waves[i].fault;
                            memcpy(r->fault_wg, id, sizeof id);
                            r->fault_wave = i;
                            break;
                        }
                    rc = 1;
                }
                c->groups_done = ++done;
                if (l->progress && (done & 63) == 0)
                    l->progress(l->progress_arg, done, groups, c->ninst, 0);
                if (c->stop && rc == 0) {
                    r->stopped = 1;
                    rc = 2;
                }
                if (rc == 0 && (wr > 0 || (done < groups && sim_limit_reached(c, NULL)))) {
                    sim_limit_result(c, r);   /* a limit: inside the group, or reached at its end */
                    rc = 2;
                }
            }
    if (rc == 2)
        rc = 0;
    r->nwg = done;
done:
    free(waves);
    free(vgprs);
    free(ldsmem);
    return rc;
}

/* The faulting instruction's text, when a wave faulted. */
int sim_dispatch(mem_t *mem, const sim_kernel_t *k, const sim_launch_t *l, sim_result_t *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    uint64_t lds64 = (uint64_t)k->group_segment_fixed_size + l->dynamic_lds;
    if (check_launch(k, l, lds64, err, errlen))
        return -1;
    uint32_t lds = (uint32_t)lds64;
    sim_ctx_t c;
    memset(&c, 0, sizeof c);
    c.t = k->t;
    c.mem = mem;
    c.shared_aperture = SIM_SHARED_APERTURE;
    c.private_aperture = SIM_PRIVATE_APERTURE;
    c.dispatch_id = 1;
    for (int d = 0; d < 3; d++) {
        c.grid[d] = l->grid[d];
        c.local[d] = l->local[d];
        c.ngroups[d] = (uint32_t)ceil_div(l->grid[d], l->local[d]);
    }
    c.progress = l->progress;
    c.progress_arg = l->progress_arg;
    c.groups = (uint64_t)c.ngroups[0] * c.ngroups[1] * c.ngroups[2];
    c.max_inst = l->max_inst;
    c.wave_cap = l->max_wave_inst;
    c.cancel = l->cancel;
    sim_limits_init(&c);
    if (setup_memory(mem, k, l, &c, lds, err, errlen))
        return -1;
    r->kernarg_addr = c.kernarg_addr;
    r->kernarg_size = sim_kernarg_size(l);
    r->queue_addr = c.queue_addr;
    /* scratch: one private segment per wave slot (functional mode runs one
     * work-group at a time; the cycle model has every slot of the device),
     * 64 lanes, 1 KiB granules */
    uint32_t max_waves = (uint32_t)ceil_div(l->local[0] * l->local[1] * l->local[2], 64);
    uint32_t slots = l->timing ? tm_scratch_slots(l->timing) : max_waves;
    c.scratch_per_wave = (k->private_segment_fixed_size * 64 + 1023) & ~1023u;   /* <= 8191 KiB */
    c.scratch_size = (uint64_t)c.scratch_per_wave * slots;
    if (c.scratch_per_wave &&
        mem_alloc(mem, (uint64_t)c.scratch_per_wave * slots, 1024, "scratch", &c.scratch_addr)) {
        snprintf(err, errlen, "out of host memory for %llu bytes of scratch",
                 (unsigned long long)c.scratch_per_wave * slots);
        return -1;
    }
    sim_prog_t own;
    memset(&own, 0, sizeof own);
    int shared = k->prog && k->prog->words == k->words && k->prog->ndw == k->ndw && k->prog->base == k->code_base;
    if (!shared && sim_prog_build(&own, k->t, k->words, k->ndw, k->code_base)) {
        snprintf(err, errlen, "out of host memory decoding the kernel");
        return -1;
    }
    const sim_prog_t *prog = shared ? k->prog : &own;
    c.prog = prog;
    fx_t fx;
    memset(&fx, 0, sizeof fx);
    c.on_step = l->on_step;
    c.step_arg = l->step_arg;
    c.fx = &fx;
    fx.no_old = l->step_no_old ? FX_OLD_ADDRS : FX_OLD_ALL;
    fx.no_acc = l->step_no_old && !l->timing;   /* the cycle model times memory by the access lists */
    if (l->timing) {
        int rc = tm_dispatch(&c, k, l, lds, r, err, errlen);
        if (r->faulted)
        sim_inst_text(prog, k->t, r->fault.pc, r->fault_disasm, sizeof r->fault_disasm);
        sim_prog_free(&own);
        free(fx.m);
        return rc;
    }
    /* the hardware checks LDS addresses against the work-group's
     * allocation, which is whole granules (256 bytes on gfx6, 512 after) */
    uint32_t granule = occ_params(k->t->gen)->lds_granule;
    uint32_t lds_alloc = (lds + granule - 1) / granule * granule;
    int rc;
    unsigned threads = parallel(l, prog, c.groups);
    if (threads > 1)
        rc = par_run(k, &c, lds_alloc, threads, r, err, errlen);
    else
        rc = run_serial(k, l, &c, lds_alloc, max_waves, r, err, errlen);
    if (rc > 0 && r->faulted)
        sim_inst_text(prog, k->t, r->fault.pc, r->fault_disasm, sizeof r->fault_disasm);
    r->ninst = c.ninst;
    r->lds_oob = c.lds_oob;
    r->scratch_oob = c.scratch_oob;
    memcpy(r->ninst_by_enc, c.ninst_by_enc, sizeof r->ninst_by_enc);
    sim_prog_free(&own);
    free(fx.m);
    return rc < 0 ? -1 : rc;
}
