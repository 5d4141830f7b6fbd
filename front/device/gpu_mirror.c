/* gpu_mirror.c — simulated launches repeated on a real GPU (see
 * gpu_mirror.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/device/gpu_mirror.h"
#include "sim/occupancy.h"

gpu_status_t gpu_mirror_open(gpu_mirror_t *d, const la_module_t *m, char *msg, size_t msglen)
{
    d->m = m;
    return gpu_open(m->co.target->name, &d->g, &d->info, msg, msglen);
}

void gpu_mirror_close(gpu_mirror_t *d)
{
    gpu_close(d->g);
    free(d->kernels);
    free(d->bufs);
    memset(d, 0, sizeof *d);
}

const gpu_buf_t *gpu_mirror_find(const gpu_mirror_t *d, uint64_t addr)
{
    for (size_t i = 0; i < d->nbufs; i++)
        if (addr >= d->bufs[i].sim_base && addr - d->bufs[i].sim_base < d->bufs[i].size)
            return &d->bufs[i];
    return NULL;
}

/* A device copy of the region holding addr, made now if there is none. */
static int map_region(gpu_mirror_t *d, launch_t *L, size_t arg, uint64_t addr, char *err, size_t errlen)
{
    if (gpu_mirror_find(d, addr))
        return 0;
    const mem_region_t *r = mem_region_at(&L->m->mem, addr);
    if (!r) {
        snprintf(err, errlen, "buffer address 0x%llx is in no simulator buffer", (unsigned long long)addr);
        return -1;
    }
    gpu_buf_t *nb = realloc(d->bufs, (d->nbufs + 1) * sizeof *nb);
    if (!nb) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    d->bufs = nb;
    gpu_buf_t *b = &nb[d->nbufs];
    memset(b, 0, sizeof *b);
    b->sim_base = r->base;
    b->size = r->size;
    snprintf(b->name, sizeof b->name, "%s", r->name);
    b->type_name = L->arg[arg]->type_name;
    if (gpu_alloc(d->g, b->size, &b->dev, err, errlen) ||
        gpu_write(d->g, b->dev, r->data, b->size, err, errlen))
        return -1;
    d->nbufs++;
    return 0;
}

int gpu_mirror_map(gpu_mirror_t *d, launch_t *L, char *err, size_t errlen)
{
    for (size_t i = 0; i < L->nexplicit; i++) {
        const co_arg_t *a = L->arg[i];
        if (a->kind == CO_ARG_IMAGE || a->kind == CO_ARG_SAMPLER) {
            /* the simulator's image object is not one the runtime made */
            snprintf(err, errlen, "argument %zu (%s): image and sampler arguments are not sent to a GPU yet "
                     "(the device needs an HSA image object)", i, a->type_name[0] ? a->type_name : "image");
            return -1;
        }
        if (L->arg_addr[i] && map_region(d, L, i, L->arg_addr[i], err, errlen))
            return -1;
    }
    return 0;
}

/* The device's kernel object for L's kernel (its code object loaded once). */
static int kernel_object(gpu_mirror_t *d, const launch_t *L, uint64_t *obj, char *err, size_t errlen)
{
    for (size_t i = 0; i < d->nkernels; i++)
        if (d->kernels[i].k == L->k) {
            *obj = d->kernels[i].object;
            return 0;
        }
    struct gpu_kernel *nk = realloc(d->kernels, (d->nkernels + 1) * sizeof *nk);
    if (!nk) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    d->kernels = nk;
    const co_file_t *co = &L->m->co;
    if (gpu_load(d->g, co->image, co->size, L->k->name, co->version, obj, err, errlen))
        return -1;
    nk[d->nkernels].k = L->k;
    nk[d->nkernels++].object = *obj;
    return 0;
}

/* Move each buffer argument of kernarg segment ka to its device copy. */
static int relocate(const gpu_mirror_t *d, const launch_t *L, uint8_t *ka, char *err, size_t errlen)
{
    for (size_t i = 0; i < L->nexplicit; i++) {
        if (!L->arg_addr[i])
            continue;
        const gpu_buf_t *b = gpu_mirror_find(d, L->arg_addr[i]);
        if (!b) {
            snprintf(err, errlen, "argument %zu: buffer not mapped to the device", i);
            return -1;
        }
        uint64_t dev = b->dev + (L->arg_addr[i] - b->sim_base);
        const co_arg_t *a = L->arg[i];
        memcpy(ka + a->offset, &dev, a->size < 8 ? a->size : 8);
    }
    return 0;
}

int gpu_mirror_run(gpu_mirror_t *d, launch_t *L, uint64_t *ns, char *err, size_t errlen)
{
    gpu_dispatch_t p;
    memset(&p, 0, sizeof p);
    if (kernel_object(d, L, &p.kernel_object, err, errlen))
        return -1;
    sim_platform_t plat;
    gpu_platform(d->g, &plat);
    uint8_t *ka;
    uint32_t size;
    uint64_t lds = la_group_segment_size(L);
    uint32_t max_lds = occ_params(L->sk.t->gen)->lds_per_group_max;
    if (lds > max_lds) {
        snprintf(err, errlen, "the kernel needs %llu bytes of LDS per work-group; %s allows %u",
                 (unsigned long long)lds, L->sk.t->name, max_lds);
        return -1;
    }
    if (la_kernarg(L, &plat, &ka, &size)) {
        snprintf(err, errlen, "out of host memory for the kernarg segment, or one past %u bytes", SIM_MAX_KERNARG);
        return -1;
    }
    int rc = relocate(d, L, ka, err, errlen);
    p.dims = L->sl.dims;
    memcpy(p.grid, L->sl.grid, sizeof p.grid);
    memcpy(p.local, L->sl.local, sizeof p.local);
    p.group_segment_size = (uint32_t)lds;
    p.private_segment_size = L->sk.private_segment_fixed_size;
    if (rc == 0)
        rc = gpu_dispatch(d->g, &p, ka, size, ns, err, errlen);
    free(ka);
    if (rc == 0) {
        d->dispatches++;
        d->total_ns += *ns;
    }
    return rc;
}

int gpu_mirror_fetch(gpu_mirror_t *d, const gpu_buf_t *b, void *host, char *err, size_t errlen)
{
    return gpu_read(d->g, host, b->dev, b->size, err, errlen);
}

/* The preset closest to the GPU that can run t: of the GPU's gfx target
 * if there is one, else of its generation; among those the nearest CU
 * count (the first on a tie). */
static const device_t *nearest_preset(const gpu_info_t *info, const isa_target_t *t)
{
    const isa_target_t *gt = isa_target_by_name(info->target);
    unsigned gen = gt ? gt->gen : t->gen;
    const device_t *best = NULL;
    char e[256];
    for (int same_target = 1; same_target >= 0 && !best; same_target--)
        for (size_t i = 0; i < dev_preset_count(); i++) {
            const device_t *p = dev_preset_at(i);
            if (p->gen != gen || dev_check_target(p, t, e, sizeof e) ||
                (same_target && strcmp(p->target, info->target)))
                continue;
            if (!best || labs((long)p->p[DEV_cus] - (long)info->cus) < labs((long)best->p[DEV_cus] - (long)info->cus))
                best = p;
        }
    return best;
}

/* Set parameter key to v on d, noting it in desc when it changes. */
static int override(device_t *d, dev_param_t key, uint32_t v, char *desc, size_t desclen, char *err, size_t errlen)
{
    if (!v || d->p[key] == v)
        return 0;
    char set[64];
    size_t n = strlen(desc);
    snprintf(desc + n, desclen - n, "%s%s=%u (preset %u)", n ? ", " : "", dev_param_key(key), v, d->p[key]);
    snprintf(set, sizeof set, "%s=%u", dev_param_key(key), v);
    return dev_set(d, set, err, errlen);
}

int gpu_sim_device(device_t *out, const gpu_info_t *info, const isa_target_t *t, const char *name,
                   const char *const *sets, size_t nsets, char *desc, size_t desclen, char *err, size_t errlen)
{
    desc[0] = 0;
    const device_t *p = name ? dev_preset(name) : nearest_preset(info, t);
    if (!p && !name)
        p = dev_default_for(t);
    if (!p) {
        snprintf(err, errlen, name ? "unknown device '%s' (see gcnsim devices)" : "no device preset runs %s code",
                 name ? name : t->name);
        return -1;
    }
    if (dev_check_target(p, t, err, errlen))
        return -1;
    *out = *p;
    if (override(out, DEV_cus, info->cus, desc, desclen, err, errlen) ||
        override(out, DEV_clock_mhz, info->clock_mhz, desc, desclen, err, errlen))
        return -1;
    for (size_t i = 0; i < nsets; i++) {
        size_t n = strlen(desc);
        snprintf(desc + n, desclen - n, "%s%s (--set)", n ? ", " : "", sets[i]);
    }
    if (dev_set_all(out, sets, nsets, err, errlen))
        return -1;
    if (!desc[0])
        snprintf(desc, desclen, "none");
    return 0;
}
