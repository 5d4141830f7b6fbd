/* launch.c — modules (a code object mapped into device memory once) and
 * launches of their kernels with sizes and argument values (see launch.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/launch/devimage.h"
#include "front/launch/launch.h"
#include "front/launch/printf.h"
#include "front/load/demangle.h"
#include "sim/exec.h"
#include "sim/occupancy.h"

int la_is_hidden(co_arg_kind_t k)
{
    return k >= CO_ARG_HIDDEN_GLOBAL_OFFSET_X && k != CO_ARG_UNKNOWN;
}

size_t la_explicit_count(const co_kernel_t *k)
{
    size_t n = 0;
    for (size_t i = 0; i < k->nargs; i++)
        n += !la_is_hidden(k->args[i].kind);
    return n;
}

static sim_hidden_t hidden_kind(co_arg_kind_t k)
{
    switch (k) {
    case CO_ARG_HIDDEN_GLOBAL_OFFSET_X: return SIM_HIDDEN_GLOBAL_OFFSET_X;
    case CO_ARG_HIDDEN_GLOBAL_OFFSET_Y: return SIM_HIDDEN_GLOBAL_OFFSET_Y;
    case CO_ARG_HIDDEN_GLOBAL_OFFSET_Z: return SIM_HIDDEN_GLOBAL_OFFSET_Z;
    case CO_ARG_HIDDEN_PRINTF_BUFFER: return SIM_HIDDEN_PRINTF_BUFFER;
    case CO_ARG_HIDDEN_HOSTCALL_BUFFER: return SIM_HIDDEN_HOSTCALL_BUFFER;
    case CO_ARG_HIDDEN_DEFAULT_QUEUE: return SIM_HIDDEN_DEFAULT_QUEUE;
    case CO_ARG_HIDDEN_COMPLETION_ACTION: return SIM_HIDDEN_COMPLETION_ACTION;
    case CO_ARG_HIDDEN_MULTIGRID_SYNC_ARG: return SIM_HIDDEN_MULTIGRID_SYNC_ARG;
    case CO_ARG_HIDDEN_BLOCK_COUNT_X: return SIM_HIDDEN_BLOCK_COUNT_X;
    case CO_ARG_HIDDEN_BLOCK_COUNT_Y: return SIM_HIDDEN_BLOCK_COUNT_Y;
    case CO_ARG_HIDDEN_BLOCK_COUNT_Z: return SIM_HIDDEN_BLOCK_COUNT_Z;
    case CO_ARG_HIDDEN_GROUP_SIZE_X: return SIM_HIDDEN_GROUP_SIZE_X;
    case CO_ARG_HIDDEN_GROUP_SIZE_Y: return SIM_HIDDEN_GROUP_SIZE_Y;
    case CO_ARG_HIDDEN_GROUP_SIZE_Z: return SIM_HIDDEN_GROUP_SIZE_Z;
    case CO_ARG_HIDDEN_REMAINDER_X: return SIM_HIDDEN_REMAINDER_X;
    case CO_ARG_HIDDEN_REMAINDER_Y: return SIM_HIDDEN_REMAINDER_Y;
    case CO_ARG_HIDDEN_REMAINDER_Z: return SIM_HIDDEN_REMAINDER_Z;
    case CO_ARG_HIDDEN_GRID_DIMS: return SIM_HIDDEN_GRID_DIMS;
    case CO_ARG_HIDDEN_HEAP_V1: return SIM_HIDDEN_HEAP_V1;
    case CO_ARG_HIDDEN_DYNAMIC_LDS_SIZE: return SIM_HIDDEN_DYNAMIC_LDS_SIZE;
    case CO_ARG_HIDDEN_PRIVATE_BASE: return SIM_HIDDEN_PRIVATE_BASE;
    case CO_ARG_HIDDEN_SHARED_BASE: return SIM_HIDDEN_SHARED_BASE;
    case CO_ARG_HIDDEN_QUEUE_PTR: return SIM_HIDDEN_QUEUE_PTR;
    default: return SIM_HIDDEN_NONE;
    }
}

static const char *arg_desc(const co_arg_t *a, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s%s, %u bytes", a->name && a->name[0] ? a->name : "",
             a->name && a->name[0] ? " " : "", a->type_name && a->type_name[0] ? a->type_name : "",
             a->type_name && a->type_name[0] ? "" : co_arg_kind_name(a->kind), a->size);
    return buf;
}

la_value_t la_u32(uint32_t v)
{
    la_value_t x = {.kind = LA_U32, .bits = v};
    snprintf(x.spec, sizeof x.spec, "u32:%u", v);
    return x;
}

la_value_t la_f32(float v)
{
    la_value_t x = {.kind = LA_F32};
    uint32_t b;
    memcpy(&b, &v, 4);
    x.bits = b;
    snprintf(x.spec, sizeof x.spec, "f32:%g", (double)v);
    return x;
}

la_value_t la_addr(uint64_t addr)
{
    la_value_t x = {.kind = LA_ADDR, .bits = addr};
    snprintf(x.spec, sizeof x.spec, "buffer at 0x%llx", (unsigned long long)addr);
    return x;
}

la_value_t la_local(uint32_t bytes)
{
    la_value_t x = {.kind = LA_LOCAL, .size = bytes};
    snprintf(x.spec, sizeof x.spec, "local:%u", bytes);
    return x;
}

/* ---- modules ------------------------------------------------------------ */

mem_t *la_module_mem(la_module_t *m)
{
    return m->dm ? m->dm : &m->mem;
}

/* Map a loaded code object into its device memory and keep its code as dwords. */
static int map_module(la_module_t *m, char *err, size_t errlen)
{
    if (dev_map_code_object(&m->co, la_module_mem(m), &m->image_base, err, errlen))
        return -1;
    m->words = malloc(m->co.text_size ? m->co.text_size : 4);
    if (!m->words) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    memcpy(m->words, m->co.text, m->co.text_size);
    /* the code decoded once for every launch of the module */
    if (sim_prog_build(&m->prog, m->co.target, m->words, m->co.text_size / 4, m->image_base + m->co.text_addr)) {
        snprintf(err, errlen, "out of host memory decoding the code");
        return -1;
    }
    m->prog_builds++;
    return 0;
}

static void init_module(la_module_t *m)
{
    memset(m, 0, sizeof *m);
    mem_init(&m->mem);
    m->open = 1;
}

unsigned la_default_threads(void)
{
    const char *e = getenv("GCNSIM_THREADS");
    char *end;
    unsigned long v = e ? strtoul(e, &end, 10) : 0;
    if (e && *e && !*end && v >= 1 && v <= LA_MAX_THREADS)
        return (unsigned)v;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > LA_MAX_THREADS ? LA_MAX_THREADS : (unsigned)n;
}

int la_open(la_module_t *m, const char *file, char *err, size_t errlen)
{
    init_module(m);
    if (co_load(file, &m->co, err, errlen))
        return -1;
    return map_module(m, err, errlen);
}

int la_open_shared(la_module_t *m, const char *name, const void *data, size_t size, mem_t *mem, char *err,
                   size_t errlen)
{
    init_module(m);
    m->dm = mem;
    if (co_load_mem(name, data, size, &m->co, err, errlen))
        return -1;
    return map_module(m, err, errlen);
}

void la_close(la_module_t *m)
{
    if (!m->open)
        return;
    mem_free(&m->mem);
    co_free(&m->co);
    sim_prog_free(&m->prog);
    free(m->words);
    memset(m, 0, sizeof *m);
}

const co_kernel_t *la_kernel(const la_module_t *m, const char *name, char *err, size_t errlen)
{
    const co_file_t *co = &m->co;
    int nmatch = 0;
    if (name) {
        const co_kernel_t *k = co_match_kernel(co, name, &nmatch);
        if (k)
            return k;
    } else if (co->nkernels == 1)
        return &co->kernels[0];
    size_t n;
    if (!name)
        n = (size_t)snprintf(err, errlen, "%s: --kernel NAME needed; kernels:", co->path);
    else if (nmatch)
        n = (size_t)snprintf(err, errlen, "%s: '%s' names %d kernels (give its template arguments, or the "
                             "symbol); kernels:", co->path, name, nmatch);
    else
        n = (size_t)snprintf(err, errlen, "%s: no kernel named '%s'; kernels:", co->path, name);
    for (size_t i = 0; i < co->nkernels && n < errlen; i++) {
        char d[1024], form[1024];
        const char *k = co->kernels[i].name;
        if (dm_demangle(k, d, sizeof d) == 0 && dm_form(d, 1, form, sizeof form) == 0)
            n += (size_t)snprintf(err + n, errlen - n, " %s (%s)", k, form);
        else
            n += (size_t)snprintf(err + n, errlen - n, " %s", k);
    }
    return NULL;
}

int la_buffer(la_module_t *m, uint64_t size, const void *init, const char *name, uint64_t *addr, char *err,
              size_t errlen)
{
    if (mem_alloc(la_module_mem(m), size ? size : 1, 256, name, addr) ||
        (init && size && mem_write(la_module_mem(m), *addr, init, size))) {
        snprintf(err, errlen, "out of host memory for %llu bytes ('%s')", (unsigned long long)size, name);
        return -1;
    }
    return 0;
}

void *la_host(la_module_t *m, uint64_t addr, uint64_t size)
{
    return mem_ptr(la_module_mem(m), addr, size);
}

/* ---- launches ----------------------------------------------------------- */

/* The buffer resource (V#) of an image1d_buffer_t of w texels of format f
 * at base in d[0..3]: stride = texel bytes, num_records in records
 * (bytes on gfx8), no swizzle, the format's DST_SEL and buffer data/number
 * formats (the same numbers as the image formats for every format of the table).
 * -1 with a message when w does not fit num_records. */
static int buffer_vsharp(isa_gen_t gen, const mimg_format_t *f, uint32_t w, uint64_t base, uint32_t d[4], char *err,
                         size_t errlen)
{
    uint64_t records = gen == ISA_GFX8 ? (uint64_t)w * f->bytes : w;
    if (records > 0xffffffffu) {
        snprintf(err, errlen, "an image1d_buffer_t of %u texels of %u bytes is beyond the buffer resource's range "
                 "(4 GiB - 1 bytes on gfx8)", w, f->bytes);
        return -1;
    }
    d[0] = (uint32_t)base;
    d[1] = (uint32_t)(base >> 32) & 0xffff;
    d[1] |= (uint32_t)f->bytes << 16;
    d[2] = (uint32_t)records;
    d[3] = 0;
    for (unsigned i = 0; i < 4; i++)
        d[3] |= (uint32_t)(f->dst_sel[i] & 7) << (3 * i);
    d[3] |= (uint32_t)(f->nfmt & 7) << 12 | (uint32_t)(f->dfmt & 15) << 15;
    return 0;
}

/* The image object of an image1d_buffer_t (see la_image_object). */
static int buffer_image_object(isa_gen_t gen, const mimg_format_t *f, const uint32_t sz[3], uint64_t base,
                               uint32_t obj[16], char *err, size_t errlen)
{
    if (sz[1] != 1 || sz[2] != 1) {
        snprintf(err, errlen, "an image1d_buffer_t has 1 dimension, the size gives more");
        return -1;
    }
    memset(obj, 0, 16 * sizeof *obj);
    if (buffer_vsharp(gen, f, sz[0], base, obj, err, errlen))
        return -1;
    obj[8] = f->hsa_type;
    obj[9] = f->hsa_order;
    obj[10] = sz[0];
    return 0;
}

int la_image_object(isa_gen_t gen, const char *type_name, const mimg_format_t *f, const uint32_t sz[3], uint64_t base,
                    uint32_t obj[16], char *err, size_t errlen)
{
    static const struct { const char *name; uint8_t type, dims; } types[] = {
        {"image1d_t", MIMG_TYPE_1D, 1}, {"image2d_t", MIMG_TYPE_2D, 2}, {"image3d_t", MIMG_TYPE_3D, 3},
        {"image1d_array_t", MIMG_TYPE_1D_ARRAY, 2}, {"image2d_array_t", MIMG_TYPE_2D_ARRAY, 3}};
    unsigned t = 0, nt = sizeof types / sizeof types[0];
    if (type_name && !strcmp(type_name, "image1d_buffer_t"))
        return buffer_image_object(gen, f, sz, base, obj, err, errlen);
    while (t < nt && (!type_name || strcmp(type_name, types[t].name)))
        t++;
    if (t == nt) {
        snprintf(err, errlen, "image type '%s' is not supported (image1d_t, image2d_t, image3d_t, image1d_array_t, "
                 "image2d_array_t, image1d_buffer_t are)", type_name ? type_name : "");
        return -1;
    }
    for (unsigned d = types[t].dims; d < 3; d++)
        if (sz[d] != 1) {
            snprintf(err, errlen, "an %s has %u dimension%s, the size gives more", types[t].name, types[t].dims,
                     types[t].dims == 1 ? "" : "s");
            return -1;
        }
    /* width, height, depth or slices: a 1D array's second size is its slices */
    int a1 = types[t].type == MIMG_TYPE_1D_ARRAY, arr = a1 || types[t].type == MIMG_TYPE_2D_ARRAY;
    uint32_t h = a1 ? 1 : sz[1], d = a1 ? sz[1] : sz[2];
    uint32_t max_wh, max_d, max_pitch;
    mimg_tsharp_limits(gen, &max_wh, &max_d, &max_pitch);
    if (sz[0] > max_wh || h > max_wh || d > max_d || sz[0] > max_pitch) {
        snprintf(err, errlen, "image size %ux%ux%u is beyond the image resource's limits (width and height %u, "
                 "depth and slices %u)", sz[0], sz[1], sz[2], max_wh < max_pitch ? max_wh : max_pitch, max_d);
        return -1;
    }
    mimg_tsharp_t ts = {.base = base, .width = sz[0], .height = h, .depth = d, .pitch = sz[0],
                        .last_array = arr ? d - 1 : 0, .dfmt = f->dfmt, .nfmt = f->nfmt, .type = types[t].type};
    memcpy(ts.dst_sel, f->dst_sel, 4);
    memset(obj, 0, 16 * sizeof *obj);
    mimg_tsharp_encode(gen, &ts, obj);
    obj[8] = f->hsa_type;
    obj[9] = f->hsa_order;
    obj[10] = sz[0];
    return 0;
}

/* Argument i, an image: allocate its texels and its image object, and put
 * the object's address in the kernarg bytes at p. */
static int set_image(launch_t *L, size_t i, const co_arg_t *a, const la_value_t *v, uint8_t *p, char *err,
                     size_t errlen)
{
    char d[160], why[200];
    if (v->kind == LA_ADDR) {   /* an image object already in device memory (the OpenCL driver's) */
        memcpy(p, &v->bits, a->size < 8 ? a->size : 8);
        return 0;
    }
    if (v->kind != LA_IMAGE) {
        snprintf(err, errlen, "argument %zu (%s) is an image: give image:FORMAT:W[,H[,D]]:PATH or ...:zero, not '%s'", i,
                 arg_desc(a, d, sizeof d), v->spec);
        return -1;
    }
    uint32_t obj[16];
    uint64_t texels, objaddr;
    if (la_image_object(L->m->co.target->gen, a->type_name, v->img_fmt, v->img_size, 0, obj, why, sizeof why)) {
        snprintf(err, errlen, "argument %zu (%s): '%s': %s", i, arg_desc(a, d, sizeof d), v->spec, why);
        return -1;
    }
    if (la_buffer(L->m, v->size, v->data, v->spec, &texels, d, sizeof d) ||
        la_buffer(L->m, sizeof obj, NULL, "image object", &objaddr, d, sizeof d)) {
        snprintf(err, errlen, "out of host memory for argument %zu ('%s')", i, v->spec);
        return -1;
    }
    la_image_object(L->m->co.target->gen, a->type_name, v->img_fmt, v->img_size, texels, obj, why, sizeof why);
    mem_write(la_module_mem(L->m), objaddr, obj, sizeof obj);
    L->arg_addr[i] = texels;
    L->arg_size[i] = v->size;
    memcpy(p, &objaddr, a->size < 8 ? a->size : 8);
    return 0;
}

int la_set_arg(launch_t *L, size_t i, const la_value_t *v, char *err, size_t errlen)
{
    char d[160];
    if (i >= L->nexplicit) {
        snprintf(err, errlen, "kernel %s has no argument %zu", L->k->name, i);
        return -1;
    }
    const co_arg_t *a = L->arg[i];
    uint8_t *p = L->kernarg + a->offset;
    switch (a->kind) {
    case CO_ARG_BY_VALUE: {
        if (v->kind == LA_BYTES) {
            if (v->size != a->size) {
                snprintf(err, errlen, "argument %zu (%s) is passed by value: '%s' gives %llu bytes", i,
                         arg_desc(a, d, sizeof d), v->spec, (unsigned long long)v->size);
                return -1;
            }
            memcpy(p, v->data, a->size);
            return 0;
        }
        unsigned vs = (v->kind == LA_I32 || v->kind == LA_U32 || v->kind == LA_F32) ? 4
                      : (v->kind == LA_I64 || v->kind == LA_U64 || v->kind == LA_F64) ? 8 : 0;
        int narrow_ok = vs == 4 && (v->kind == LA_I32 || v->kind == LA_U32) && a->size < 4;
        if (!vs || (vs != a->size && !narrow_ok)) {
            snprintf(err, errlen, "argument %zu (%s) is passed by value: '%s' is %s", i, arg_desc(a, d, sizeof d),
                     v->spec, vs ? "a value of another size" : "not a scalar value");
            return -1;
        }
        memcpy(p, &v->bits, a->size);
        return 0;
    }
    case CO_ARG_GLOBAL_BUFFER: {
        uint64_t addr;
        if (v->kind == LA_ADDR) {
            addr = v->bits;
            const mem_region_t *r = mem_region_at(la_module_mem(L->m), addr);
            L->arg_size[i] = r ? r->base + r->size - addr : 0;
        } else if (v->kind == LA_BUF || v->kind == LA_ZERO) {
            if (la_buffer(L->m, v->size, v->kind == LA_BUF ? v->data : NULL, v->spec, &addr, d, sizeof d)) {
                snprintf(err, errlen, "out of host memory for argument %zu ('%s')", i, v->spec);
                return -1;
            }
            L->arg_size[i] = v->size;
        } else {
            snprintf(err, errlen, "argument %zu (%s) is a global buffer: give buf:PATH or zero:BYTES, not '%s'", i,
                     arg_desc(a, d, sizeof d), v->spec);
            return -1;
        }
        L->arg_addr[i] = addr;
        memcpy(p, &addr, a->size < 8 ? a->size : 8);
        return 0;
    }
    case CO_ARG_IMAGE:
        return set_image(L, i, a, v, p, err, errlen);
    case CO_ARG_SAMPLER:   /* the address of an S# in device memory (the OpenCL driver's) */
        if (v->kind != LA_ADDR) {
            snprintf(err, errlen, "argument %zu (%s) is a sampler: gcnsim run has no --arg for one (a kernel's "
                     "constant samplers need none)", i, arg_desc(a, d, sizeof d));
            return -1;
        }
        memcpy(p, &v->bits, a->size < 8 ? a->size : 8);
        return 0;
    case CO_ARG_DYNAMIC_SHARED_POINTER:
        if (v->kind != LA_LOCAL) {
            snprintf(err, errlen, "argument %zu (%s) is a __local pointer: give local:BYTES, not '%s'", i,
                     arg_desc(a, d, sizeof d), v->spec);
            return -1;
        }
        L->local_size[i] = v->size;
        return 0;
    default:
        snprintf(err, errlen, "argument %zu (%s) of kind %s is not supported", i, arg_desc(a, d, sizeof d),
                 co_arg_kind_name(a->kind));
        return -1;
    }
}

static void default_local(const co_kernel_t *k, unsigned dims, const uint32_t global[3], uint32_t local[3])
{
    if (k->reqd_workgroup_size[0]) {
        memcpy(local, k->reqd_workgroup_size, 3 * sizeof *local);
        return;
    }
    uint32_t max = k->max_flat_workgroup_size ? k->max_flat_workgroup_size : 256;
    local[0] = global[0] < max ? global[0] : max;
    local[1] = local[2] = 1;
    (void)dims;
}

static int count_error(const co_kernel_t *k, size_t nexplicit, size_t nvals, char *err, size_t errlen)
{
    size_t n = (size_t)snprintf(err, errlen, "kernel %s takes %zu argument%s, %zu --arg given:", k->name, nexplicit,
                                nexplicit == 1 ? "" : "s", nvals);
    for (size_t i = 0, e = 0; i < k->nargs && n < errlen; i++)
        if (!la_is_hidden(k->args[i].kind)) {
            char d[160];
            n += (size_t)snprintf(err + n, errlen - n, "%s %zu: %s", e ? ";" : "", e, arg_desc(&k->args[i], d, sizeof d));
            e++;
        }
    return -1;
}

/* Bytes of k's kernarg segment: its stated size, grown to hold every
 * argument; -1 (err) past SIM_MAX_KERNARG, in 64-bit arithmetic. */
static int kernarg_bytes(const co_kernel_t *k, uint32_t *out, char *err, size_t errlen)
{
    uint64_t ksize = k->kernarg_segment_size;
    for (size_t i = 0; i < k->nargs; i++) {
        uint64_t end = (uint64_t)k->args[i].offset + k->args[i].size;
        if (end > SIM_MAX_KERNARG) {
            snprintf(err, errlen, "kernel %s: argument %zu (offset %u, %u bytes) ends past %u bytes, the largest "
                     "kernarg segment gcnsim builds", k->name, i, k->args[i].offset, k->args[i].size,
                     SIM_MAX_KERNARG);
            return -1;
        }
        if (end > ksize)
            ksize = end;
    }
    if (ksize > SIM_MAX_KERNARG) {
        snprintf(err, errlen, "kernel %s: a kernarg segment of %llu bytes; gcnsim builds at most %u", k->name,
                 (unsigned long long)ksize, SIM_MAX_KERNARG);
        return -1;
    }
    *out = (uint32_t)ksize;
    return 0;
}

/* The kernel's code and descriptor as the dispatch needs them. */
static void fill_kernel(sim_kernel_t *sk, const la_module_t *m, const co_kernel_t *k)
{
    sk->t = m->co.target;
    sk->code_base = m->image_base + m->co.text_addr;
    sk->words = m->words;
    sk->ndw = m->co.text_size / 4;
    sk->entry = m->image_base + k->code_addr;
    sk->desc_addr = m->image_base + k->desc_addr;
    sk->rsrc1 = k->desc.rsrc1;
    sk->rsrc2 = k->desc.rsrc2;
    sk->kernel_code_properties = k->desc.kernel_code_properties;
    sk->group_segment_fixed_size = k->desc.group_segment_fixed_size;
    sk->private_segment_fixed_size = k->desc.private_segment_fixed_size;
    sk->code_object_version = m->co.version;
    sk->name = k->name;
    sk->prog = m->prog.inst ? &m->prog : NULL;
}

int la_setup(launch_t *L, la_module_t *m, const co_kernel_t *k, unsigned dims, const uint32_t global[3],
             const uint32_t local[3], const la_value_t *vals, size_t nvals, char *err, size_t errlen)
{
    L->m = m;
    L->k = k;
    L->nexplicit = la_explicit_count(k);
    if (nvals != L->nexplicit)
        return count_error(k, L->nexplicit, nvals, err, errlen);
    uint32_t ksize;
    if (kernarg_bytes(k, &ksize, err, errlen))
        return -1;
    size_t ne = L->nexplicit ? L->nexplicit : 1;
    L->kernarg = calloc(1, ksize ? ksize : 1);
    L->hidden = calloc(k->nargs ? k->nargs : 1, sizeof *L->hidden);
    L->arg_addr = calloc(ne, sizeof *L->arg_addr);
    L->arg_size = calloc(ne, sizeof *L->arg_size);
    L->local_size = calloc(ne, sizeof *L->local_size);
    L->arg = calloc(ne, sizeof *L->arg);
    if (!L->kernarg || !L->hidden || !L->arg_addr || !L->arg_size || !L->local_size || !L->arg) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    size_t e = 0, nh = 0;
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        if (la_is_hidden(a->kind)) {
            L->hidden[nh].offset = a->offset;
            L->hidden[nh].size = a->size;
            L->hidden[nh].kind = hidden_kind(a->kind);
            nh++;
        } else
            L->arg[e++] = a;
    }
    for (e = 0; e < L->nexplicit; e++)
        if (la_set_arg(L, e, &vals[e], err, errlen))
            return -1;
    fill_kernel(&L->sk, m, k);
    sim_launch_t *sl = &L->sl;
    sl->dims = dims;
    memcpy(sl->grid, global, sizeof sl->grid);
    if (local && local[0])
        memcpy(sl->local, local, sizeof sl->local);
    else
        default_local(k, dims, global, sl->local);
    uint32_t items = sl->local[0] * sl->local[1] * sl->local[2];
    if (k->max_flat_workgroup_size && items > k->max_flat_workgroup_size) {
        snprintf(err, errlen, "work-group of %u work-items: kernel %s was compiled for at most %u", items, k->name,
                 k->max_flat_workgroup_size);
        return -1;
    }
    sl->kernarg = L->kernarg;
    sl->kernarg_size = ksize;
    sl->max_wave_inst = LA_MAX_WAVE_INST;
    sl->threads = la_default_threads();
    sl->hidden = L->hidden;
    sl->nhidden = nh;
    return 0;
}

/* Offsets of the __local pointer arguments after the static LDS, in
 * argument order, 16-byte aligned; sets the launch's dynamic LDS bytes. */
static void layout_lds(launch_t *L)
{
    uint64_t end = L->k->desc.group_segment_fixed_size;
    for (size_t i = 0; i < L->nexplicit; i++) {
        const co_arg_t *a = L->arg[i];
        if (a->kind != CO_ARG_DYNAMIC_SHARED_POINTER)
            continue;
        uint64_t off = (end + 15) & ~15ull;
        uint32_t off32 = off > UINT32_MAX ? UINT32_MAX : (uint32_t)off;
        memcpy(L->kernarg + a->offset, &off32, a->size < 4 ? a->size : 4);
        end = off + L->local_size[i];
    }
    end += L->extra_lds;
    end -= L->k->desc.group_segment_fixed_size;
    L->sl.dynamic_lds = end > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)end;
}

/* Keep a copy of the kernarg segment the dispatch built (before it is released). */
static void keep_kernarg(launch_t *L, const sim_result_t *r)
{
    const uint8_t *ka = r->kernarg_size ? mem_ptr(la_module_mem(L->m), r->kernarg_addr, r->kernarg_size) : NULL;
    uint8_t *copy = ka ? realloc(L->last_kernarg, r->kernarg_size) : NULL;
    if (!copy)
        return;
    memcpy(copy, ka, r->kernarg_size);
    L->last_kernarg = copy;
    L->last_kernarg_size = r->kernarg_size;
    L->last_queue = r->queue_addr;
}

/* Whether the launch's kernel has a hidden_printf_buffer argument. */
static int uses_printf(const launch_t *L)
{
    for (size_t i = 0; i < L->sl.nhidden; i++)
        if (L->hidden[i].kind == SIM_HIDDEN_PRINTF_BUFFER)
            return 1;
    return 0;
}

/* The first half of a run: the LDS laid out, the memory mark taken and
 * the printf buffer allocated (a kernel that prints).  0, or -1 (err). */
static int run_prepare(launch_t *L, mem_mark_t *mark, char *err, size_t errlen)
{
    layout_lds(L);
    mem_t *mem = la_module_mem(L->m);
    *mark = mem_mark(mem);
    L->sl.printf_buffer = 0;
    if (uses_printf(L) && pf_alloc(mem, &L->sl.printf_buffer)) {
        mem_release(mem, *mark);
        snprintf(err, errlen, "out of host memory for the printf buffer");
        return -1;
    }
    return 0;
}

/* The second half: after a dispatch that returned st, the kernarg segment
 * kept, the printf output written and the run's memory released. */
static void run_finish(launch_t *L, mem_mark_t mark, int st, const sim_result_t *r)
{
    mem_t *mem = la_module_mem(L->m);
    if (st >= 0)
        keep_kernarg(L, r);
    if (st >= 0 && L->sl.printf_buffer)
        pf_flush(mem, L->sl.printf_buffer, L->m->co.printf_fmts, L->m->co.nprintf,
                 L->printf_out ? L->printf_out : stdout, stderr);
    L->sl.printf_buffer = 0;
    mem_release(mem, mark);
}

int la_run(launch_t *L, sim_result_t *r, char *err, size_t errlen)
{
    mem_mark_t mark;
    if (run_prepare(L, &mark, err, errlen))
        return -1;
    int st = sim_dispatch(la_module_mem(L->m), &L->sk, &L->sl, r, err, errlen);
    run_finish(L, mark, st, r);
    return st;
}

int la_run_begin(launch_t *L, la_inplace_t *in, char *err, size_t errlen)
{
    if (run_prepare(L, &in->mark, err, errlen))
        return -1;
    in->kernarg_size = (uint32_t)sim_kernarg_size(&L->sl);
    if (sim_dispatch_memory(la_module_mem(L->m), &L->sk, &L->sl, &in->kernarg_addr, &in->queue_addr, err,
                            errlen)) {
        L->sl.printf_buffer = 0;
        mem_release(la_module_mem(L->m), in->mark);
        return -1;
    }
    return 0;
}

void la_run_end(launch_t *L, const la_inplace_t *in, int st, const sim_result_t *r)
{
    run_finish(L, in->mark, st, r);
}

int la_kernarg(launch_t *L, const sim_platform_t *p, uint8_t **out, uint32_t *size)
{
    layout_lds(L);
    uint64_t n = sim_kernarg_size(&L->sl);
    if (n > SIM_MAX_KERNARG || !(*out = malloc(n ? n : 1)))
        return -1;
    *size = (uint32_t)n;
    sim_kernarg_build(&L->sl, p, *out);
    return 0;
}

uint64_t la_group_segment_size(launch_t *L)
{
    layout_lds(L);
    return (uint64_t)L->sk.group_segment_fixed_size + L->sl.dynamic_lds;
}

void la_print_fault(FILE *fp, const launch_t *L, const sim_result_t *r)
{
    fflush(stdout);
    fprintf(fp, "gcnsim: %s in kernel %s, work-group (%u,%u,%u), wave %u, pc 0x%llx (%s+0x%llx):\n",
            wave_fault_kind_name(r->fault.kind), L->k->name, r->fault_wg[0], r->fault_wg[1], r->fault_wg[2], r->fault_wave,
            (unsigned long long)r->fault.pc, L->k->name,
            (unsigned long long)(r->fault.pc - (L->m->image_base + L->k->code_addr)));
    fprintf(fp, "    %s\n", r->fault_disasm);
    if (r->fault.lane >= 0)
        fprintf(fp, "  lane %d: %s\n", r->fault.lane, r->fault.msg);
    else
        fprintf(fp, "  %s\n", r->fault.msg);
}

void la_print_warnings(FILE *fp, const char *cmd, launch_t *L, const sim_result_t *r)
{
    fflush(stdout);
    if (r->scratch_oob)
        fprintf(fp, "gcnsim: %s: warning: kernel %s: %llu private (scratch) accesses fell outside their wave's %u "
                "bytes of scratch and reached other waves' (the hardware does not check them either)\n", cmd,
                L->k->name, (unsigned long long)r->scratch_oob, L->k->desc.private_segment_fixed_size * 64);
    if (!r->lds_oob)
        return;
    /* the hardware checks the allocation: whole granules */
    uint64_t asked = la_group_segment_size(L), g = occ_params((isa_gen_t)L->m->co.target->gen)->lds_granule;
    uint64_t alloc = (asked + g - 1) / g * g;
    char why[96] = "";
    if (alloc != asked)
        snprintf(why, sizeof why, " (%llu asked for, allocated in %llu-byte granules)", (unsigned long long)asked,
                 (unsigned long long)g);
    fprintf(fp, "gcnsim: %s: warning: kernel %s: %llu lane accesses fell outside the work-group's %llu bytes of "
            "LDS%s (reads gave 0, writes were dropped, as on the hardware)%s\n", cmd, L->k->name,
            (unsigned long long)r->lds_oob, (unsigned long long)alloc, why,
            L->sl.dynamic_lds ? "" : "; dynamic LDS (HIP extern __shared__) is given with --dynamic-lds BYTES");
}

void la_print_limit(FILE *fp, const char *cmd, const launch_t *L, const sim_result_t *r)
{
    fflush(stdout);
    if (r->hit_limit == SIM_LIMIT_WAVE)
        fprintf(fp, "gcnsim: %s: kernel %s, work-group (%u,%u,%u), wave %u executed %llu instructions without "
                "ending (the limit of --max-wave-inst; 0 removes it), at pc 0x%llx (%s+0x%llx): %s\n", cmd,
                L->k->name, r->limit_wg[0], r->limit_wg[1], r->limit_wg[2], r->limit_wave,
                (unsigned long long)r->limit_wave_inst, (unsigned long long)r->limit_pc, L->k->name,
                (unsigned long long)(r->limit_pc - (L->m->image_base + L->k->code_addr)), r->limit_disasm);
    else if (r->hit_limit == SIM_LIMIT_INST)
        fprintf(fp, "gcnsim: %s: kernel %s stopped at --max-inst %llu after %llu wave-instructions\n", cmd,
                L->k->name, (unsigned long long)L->sl.max_inst, (unsigned long long)r->ninst);
    else if (r->hit_limit == SIM_LIMIT_CANCEL)
        fprintf(fp, "gcnsim: %s: kernel %s interrupted after %llu wave-instructions\n", cmd, L->k->name,
                (unsigned long long)r->ninst);
}

const char *la_preset_gfx(const char *preset)
{
    const device_t *d = preset ? dev_preset(preset) : NULL;
    return d ? d->target : NULL;
}

int la_prepare(launch_t *L, const char *file, const char *gfx, const char *kernel, unsigned dims,
               const uint32_t global[3], const uint32_t local[3], const la_value_t *vals, size_t nvals, char *err,
               size_t errlen)
{
    memset(L, 0, sizeof *L);
    init_module(&L->own);
    if (co_load_for(file, gfx, kernel, &L->own.co, err, errlen))
        return -1;
    /* checked before mapping: the kernel, then the argument count */
    const co_kernel_t *k = la_kernel(&L->own, kernel, err, errlen);
    if (!k)
        return -1;
    L->k = k;
    L->m = &L->own;
    size_t ne = la_explicit_count(k);
    if (nvals != ne)
        return count_error(k, ne, nvals, err, errlen);
    if (map_module(&L->own, err, errlen))
        return -1;
    return la_setup(L, &L->own, k, dims, global, local, vals, nvals, err, errlen);
}

void la_free(launch_t *L)
{
    la_close(&L->own);
    free(L->kernarg);
    free(L->hidden);
    free(L->arg_addr);
    free(L->arg_size);
    free(L->local_size);
    free(L->arg);
    free(L->last_kernarg);
    memset(L, 0, sizeof *L);
}
