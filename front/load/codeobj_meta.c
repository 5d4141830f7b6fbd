/* codeobj_meta.c — kernel metadata (v3+ msgpack / v2 YAML) to co_kernel_t.
 * Field names per schema live in tables; unknown keys are ignored (newer
 * compilers add some), a known key with the wrong type is an error that
 * points at the value's file offset.  Strings are stored in their printable
 * form (strsafe.h); sizes, offsets and alignments are checked here, in
 * 64-bit arithmetic, against the kernarg cap and the kernel's own kernarg
 * segment (the target-dependent limits are checked by the loader). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/codeobj_meta.h"
#include "front/load/msgpack.h"
#include "front/util/strsafe.h"
#include "front/load/yaml.h"
#include "sim/dispatch.h"

typedef struct {
    size_t base;          /* file offset of the note description */
    char *err;
    size_t errlen;
} md_ctx_t;

static int md_fail(md_ctx_t *c, const md_node_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int md_fail(md_ctx_t *c, const md_node_t *at, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->errlen, "offset 0x%zx: metadata: %s", c->base + (at ? at->off : 0), msg);
    co_one_line(c->err);
    return -1;
}

/* ---- field tables --------------------------------------------------- */

typedef enum { F_STR, F_U32, F_BOOL, F_U32X2, F_U32X3 } ftype_t;

typedef struct {
    const char *key;
    ftype_t type;
    size_t off;
} field_t;

#define KF(key, type, member) {key, type, offsetof(co_kernel_t, member)}
#define AF(key, type, member) {key, type, offsetof(co_arg_t, member)}
#define NFIELDS(t) (sizeof t / sizeof t[0])

static const field_t kernel_v3[] = {
    KF(".name", F_STR, name),
    KF(".symbol", F_STR, symbol),
    KF(".language", F_STR, language),
    KF(".language_version", F_U32X2, language_version),
    KF(".kernarg_segment_size", F_U32, kernarg_segment_size),
    KF(".kernarg_segment_align", F_U32, kernarg_segment_align),
    KF(".sgpr_count", F_U32, sgpr_count),
    KF(".vgpr_count", F_U32, vgpr_count),
    KF(".sgpr_spill_count", F_U32, sgpr_spill_count),
    KF(".vgpr_spill_count", F_U32, vgpr_spill_count),
    KF(".max_flat_workgroup_size", F_U32, max_flat_workgroup_size),
    KF(".reqd_workgroup_size", F_U32X3, reqd_workgroup_size),
    KF(".workgroup_size_hint", F_U32X3, workgroup_size_hint),
    KF(".vec_type_hint", F_STR, vec_type_hint),
    KF(".wavefront_size", F_U32, wavefront_size),
    KF(".uses_dynamic_stack", F_BOOL, uses_dynamic_stack),
};

static const field_t kernel_v2[] = {
    KF("Name", F_STR, name),
    KF("SymbolName", F_STR, symbol),
    KF("Language", F_STR, language),
    KF("LanguageVersion", F_U32X2, language_version),
};

static const field_t codeprops_v2[] = {
    KF("KernargSegmentSize", F_U32, kernarg_segment_size),
    KF("KernargSegmentAlign", F_U32, kernarg_segment_align),
    KF("NumSGPRs", F_U32, sgpr_count),
    KF("NumVGPRs", F_U32, vgpr_count),
    KF("NumSpilledSGPRs", F_U32, sgpr_spill_count),
    KF("NumSpilledVGPRs", F_U32, vgpr_spill_count),
    KF("MaxFlatWorkGroupSize", F_U32, max_flat_workgroup_size),
    KF("WavefrontSize", F_U32, wavefront_size),
    KF("IsDynamicCallStack", F_BOOL, uses_dynamic_stack),
};

static const field_t attrs_v2[] = {
    KF("ReqdWorkGroupSize", F_U32X3, reqd_workgroup_size),
    KF("WorkGroupSizeHint", F_U32X3, workgroup_size_hint),
    KF("VecTypeHint", F_STR, vec_type_hint),
};

static const field_t arg_v3[] = {
    AF(".name", F_STR, name),
    AF(".type_name", F_STR, type_name),
    AF(".offset", F_U32, offset),
    AF(".size", F_U32, size),
    AF(".pointee_align", F_U32, pointee_align),
    AF(".is_const", F_BOOL, is_const),
    AF(".is_restrict", F_BOOL, is_restrict),
    AF(".is_volatile", F_BOOL, is_volatile),
    AF(".is_pipe", F_BOOL, is_pipe),
};

static const field_t arg_v2[] = {
    AF("Name", F_STR, name),
    AF("TypeName", F_STR, type_name),
    AF("Size", F_U32, size),
    AF("Align", F_U32, align),
    AF("PointeeAlign", F_U32, pointee_align),
    AF("IsConst", F_BOOL, is_const),
    AF("IsRestrict", F_BOOL, is_restrict),
    AF("IsVolatile", F_BOOL, is_volatile),
    AF("IsPipe", F_BOOL, is_pipe),
};

/* Value kinds: v3+ spelling, v2 spelling (NULL where v2 has none). */
static const struct {
    const char *v3, *v2;
    co_arg_kind_t kind;
} kinds[] = {
    {"by_value", "ByValue", CO_ARG_BY_VALUE},
    {"global_buffer", "GlobalBuffer", CO_ARG_GLOBAL_BUFFER},
    {"dynamic_shared_pointer", "DynamicSharedPointer", CO_ARG_DYNAMIC_SHARED_POINTER},
    {"image", "Image", CO_ARG_IMAGE},
    {"sampler", "Sampler", CO_ARG_SAMPLER},
    {"pipe", "Pipe", CO_ARG_PIPE},
    {"queue", "Queue", CO_ARG_QUEUE},
    {"hidden_global_offset_x", "HiddenGlobalOffsetX", CO_ARG_HIDDEN_GLOBAL_OFFSET_X},
    {"hidden_global_offset_y", "HiddenGlobalOffsetY", CO_ARG_HIDDEN_GLOBAL_OFFSET_Y},
    {"hidden_global_offset_z", "HiddenGlobalOffsetZ", CO_ARG_HIDDEN_GLOBAL_OFFSET_Z},
    {"hidden_none", "HiddenNone", CO_ARG_HIDDEN_NONE},
    {"hidden_printf_buffer", "HiddenPrintfBuffer", CO_ARG_HIDDEN_PRINTF_BUFFER},
    {"hidden_hostcall_buffer", "HiddenHostcallBuffer", CO_ARG_HIDDEN_HOSTCALL_BUFFER},
    {"hidden_default_queue", "HiddenDefaultQueue", CO_ARG_HIDDEN_DEFAULT_QUEUE},
    {"hidden_completion_action", "HiddenCompletionAction", CO_ARG_HIDDEN_COMPLETION_ACTION},
    {"hidden_multigrid_sync_arg", "HiddenMultiGridSyncArg", CO_ARG_HIDDEN_MULTIGRID_SYNC_ARG},
    {"hidden_block_count_x", NULL, CO_ARG_HIDDEN_BLOCK_COUNT_X},
    {"hidden_block_count_y", NULL, CO_ARG_HIDDEN_BLOCK_COUNT_Y},
    {"hidden_block_count_z", NULL, CO_ARG_HIDDEN_BLOCK_COUNT_Z},
    {"hidden_group_size_x", NULL, CO_ARG_HIDDEN_GROUP_SIZE_X},
    {"hidden_group_size_y", NULL, CO_ARG_HIDDEN_GROUP_SIZE_Y},
    {"hidden_group_size_z", NULL, CO_ARG_HIDDEN_GROUP_SIZE_Z},
    {"hidden_remainder_x", NULL, CO_ARG_HIDDEN_REMAINDER_X},
    {"hidden_remainder_y", NULL, CO_ARG_HIDDEN_REMAINDER_Y},
    {"hidden_remainder_z", NULL, CO_ARG_HIDDEN_REMAINDER_Z},
    {"hidden_grid_dims", NULL, CO_ARG_HIDDEN_GRID_DIMS},
    {"hidden_heap_v1", NULL, CO_ARG_HIDDEN_HEAP_V1},
    {"hidden_dynamic_lds_size", NULL, CO_ARG_HIDDEN_DYNAMIC_LDS_SIZE},
    {"hidden_private_base", NULL, CO_ARG_HIDDEN_PRIVATE_BASE},
    {"hidden_shared_base", NULL, CO_ARG_HIDDEN_SHARED_BASE},
    {"hidden_queue_ptr", NULL, CO_ARG_HIDDEN_QUEUE_PTR},
};

/* Address spaces: v3+ spelling, v2 spelling, number. */
static const struct {
    const char *v3, *v2;
    int as;
} spaces[] = {
    {"generic", "Generic", 0}, {"global", "Global", 1}, {"region", "Region", 2},
    {"local", "Local", 3},     {"constant", "Constant", 4}, {"private", "Private", 5},
};

/* Access qualifiers: v3+ spelling, v2 spelling. */
static const struct {
    const char *v3, *v2;
} accesses[] = {
    {"", "Default"}, {"read_only", "ReadOnly"}, {"write_only", "WriteOnly"}, {"read_write", "ReadWrite"},
};

const char *co_arg_kind_name(co_arg_kind_t k)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].kind == k)
            return kinds[i].v3;
    return "unknown";
}

/* ---- generic readers ------------------------------------------------ */

static int get_u32(md_ctx_t *c, const md_node_t *n, uint32_t *out, const char *ctx, const char *key)
{
    uint64_t v;
    if (md_to_u64(n, &v))
        return md_fail(c, n, "%s: %s is a %s, expected an unsigned integer", ctx, key,
                       md_type_name(n->type));
    if (v > UINT32_MAX)
        return md_fail(c, n, "%s: %s = %llu does not fit in 32 bits", ctx, key, (unsigned long long)v);
    *out = (uint32_t)v;
    return 0;
}

static int get_field(md_ctx_t *c, const md_node_t *n, const field_t *f, void *rec, const char *ctx)
{
    char *dst = (char *)rec + f->off;
    switch (f->type) {
    case F_STR: {
        const char *s = md_to_str(n);
        if (!s)
            return md_fail(c, n, "%s: %s is a %s, expected a string", ctx, f->key, md_type_name(n->type));
        char *copy = str_printable(s, n->n, 0);
        if (!copy)
            return md_fail(c, n, "out of memory");
        free(*(char **)dst);
        *(char **)dst = copy;
        return 0;
    }
    case F_U32:
        return get_u32(c, n, (uint32_t *)dst, ctx, f->key);
    case F_BOOL: {
        int b;
        if (md_to_bool(n, &b))
            return md_fail(c, n, "%s: %s is a %s, expected true or false", ctx, f->key,
                           md_type_name(n->type));
        *(int *)dst = b;
        return 0;
    }
    case F_U32X2:
    case F_U32X3: {
        size_t want = f->type == F_U32X2 ? 2 : 3;
        if (n->type != MD_ARRAY || n->n != want)
            return md_fail(c, n, "%s: %s should be an array of %zu integers", ctx, f->key, want);
        for (size_t i = 0; i < want; i++)
            if (get_u32(c, md_item(n, i), (uint32_t *)dst + i, ctx, f->key))
                return -1;
        return 0;
    }
    }
    return 0;
}

/* Read every field of table t that map has. */
static int get_fields(md_ctx_t *c, const md_node_t *map, const field_t *t, size_t nt, void *rec,
                      const char *ctx)
{
    for (size_t i = 0; i < nt; i++) {
        const md_node_t *n = md_get(map, t[i].key);
        if (n && n->type != MD_NIL && get_field(c, n, &t[i], rec, ctx))
            return -1;
    }
    return 0;
}

static int dup_empty(md_ctx_t *c, char **s)
{
    if (!*s && !(*s = strdup("")))
        return md_fail(c, NULL, "out of memory");
    return 0;
}

/* ---- limits --------------------------------------------------------- */

/* How each schema spells the fields the limit checks name. */
typedef struct {
    const char *args, *offset, *size, *pointee, *segment, *seg_align;
} names_t;

static const names_t names_v3 = {".args", ".offset", ".size", ".pointee_align", ".kernarg_segment_size",
                                 ".kernarg_segment_align"};
static const names_t names_v2 = {"Args", "offset", "Size", "PointeeAlign", "KernargSegmentSize",
                                 "KernargSegmentAlign"};

static int pow2_upto(uint64_t v, uint64_t max)
{
    return v && !(v & (v - 1)) && v <= max;
}

/* The node of key in map a, else in map b, else a (for a message's offset). */
static const md_node_t *node_of(const md_node_t *a, const md_node_t *b, const char *key)
{
    const md_node_t *n = key ? md_get(a, key) : NULL;
    if (!n && b && key)
        n = md_get(b, key);
    return n ? n : a;
}

/* A v2 hidden argument past KernargSegmentSize: toolchains of 2017 sized
 * the segment for the explicit arguments only, yet listed the hidden ones
 * after them, and their kernels read them (the runtime of the day made
 * room for them); the segment grows to hold such an argument. */
static int beyond_segment(const co_kernel_t *k, const co_arg_t *a)
{
    int hidden = a->kind >= CO_ARG_HIDDEN_GLOBAL_OFFSET_X && a->kind != CO_ARG_UNKNOWN;
    return hidden && a->size && (uint64_t)a->offset + a->size > k->kernarg_segment_size;
}

/* The argument i of k (read from map m): 1 to SIM_MAX_KERNARG bytes, inside
 * the kernarg segment (the metadata's size when it gives one, else the
 * cap); a pointee alignment is a power of two. */
static int check_arg(md_ctx_t *c, const md_node_t *m, const co_kernel_t *k, size_t i, int has_seg,
                     const names_t *nm)
{
    const co_arg_t *a = &k->args[i];
    uint64_t seg = has_seg ? k->kernarg_segment_size : SIM_MAX_KERNARG, end = (uint64_t)a->offset + a->size;
    char segtext[80];
    if (a->size == 0 || a->size > SIM_MAX_KERNARG)
        return md_fail(c, node_of(m, NULL, nm->size), "kernel '%s': %s[%zu] %s %u is not 1 to %u bytes", k->name,
                       nm->args, i, nm->size, a->size, SIM_MAX_KERNARG);
    if (has_seg)
        snprintf(segtext, sizeof segtext, "%s %llu", nm->segment, (unsigned long long)seg);
    else
        snprintf(segtext, sizeof segtext, "no %s; the cap is %u", nm->segment, SIM_MAX_KERNARG);
    if (end > seg)
        return md_fail(c, node_of(m, NULL, nm->offset), "kernel '%s': %s[%zu] %s %u + %s %u runs past the "
                       "kernarg segment (%s)", k->name, nm->args, i, nm->offset, a->offset, nm->size, a->size,
                       segtext);
    if (a->pointee_align && !pow2_upto(a->pointee_align, UINT32_MAX))
        return md_fail(c, node_of(m, NULL, nm->pointee), "kernel '%s': %s[%zu] %s %u is not a power of two",
                       k->name, nm->args, i, nm->pointee, a->pointee_align);
    return 0;
}

/* The kernarg segment of k (map m, v2 also CodeProps cp): within the
 * cap, its alignment a power of two.  (The loader checks the limits that
 * depend on the target: registers, work-group size, LDS, scratch.) */
static int check_kernel(md_ctx_t *c, const md_node_t *m, const md_node_t *cp, const co_kernel_t *k,
                        const names_t *nm)
{
    if (k->kernarg_segment_size > SIM_MAX_KERNARG)
        return md_fail(c, node_of(m, cp, nm->segment), "kernel '%s': %s %u is more than the %u-byte cap on "
                       "kernel arguments", k->name, nm->segment, k->kernarg_segment_size, SIM_MAX_KERNARG);
    if (k->kernarg_segment_align && !pow2_upto(k->kernarg_segment_align, SIM_MAX_KERNARG))
        return md_fail(c, node_of(m, cp, nm->seg_align), "kernel '%s': %s %u is not a power of two up to %u",
                       k->name, nm->seg_align, k->kernarg_segment_align, SIM_MAX_KERNARG);
    return 0;
}

/* ---- arguments ------------------------------------------------------ */

/* The printable form of string node n (text s) in buf, for a message. */
static const char *printable(const char *s, const md_node_t *n, char *buf, size_t len)
{
    return str_printable_to(buf, len, s, n->n, 0);
}

static int get_arg_enums(md_ctx_t *c, const md_node_t *m, co_arg_t *a, int v2, const char *ctx)
{
    char buf[64];
    const md_node_t *n = md_get(m, v2 ? "ValueKind" : ".value_kind");
    const char *s = md_to_str(n);
    if (!s)
        return md_fail(c, n ? n : m, "%s: %s %s", ctx, v2 ? "ValueKind" : ".value_kind",
                       n ? "is not a string" : "is missing");
    a->kind = CO_ARG_UNKNOWN;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(s, v2 ? (kinds[i].v2 ? kinds[i].v2 : "") : kinds[i].v3) == 0)
            a->kind = kinds[i].kind;
    if (!(a->kind_name = str_printable(s, n->n, 0)))
        return md_fail(c, n, "out of memory");

    a->address_space = -1;
    n = md_get(m, v2 ? "AddrSpaceQual" : ".address_space");
    if (n && n->type != MD_NIL) {
        if (!(s = md_to_str(n)))
            return md_fail(c, n, "%s: address space is not a string", ctx);
        for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
            if (strcmp(s, v2 ? spaces[i].v2 : spaces[i].v3) == 0)
                a->address_space = spaces[i].as;
        if (a->address_space < 0)
            return md_fail(c, n, "%s: unknown address space '%s'", ctx, printable(s, n, buf, sizeof buf));
    }

    n = md_get(m, v2 ? "AccQual" : ".access");
    const char *acc = "";
    if (n && n->type != MD_NIL) {
        if (!(s = md_to_str(n)))
            return md_fail(c, n, "%s: access qualifier is not a string", ctx);
        acc = NULL;
        for (size_t i = 0; i < sizeof accesses / sizeof accesses[0]; i++)
            if (strcmp(s, v2 ? accesses[i].v2 : accesses[i].v3) == 0 && s[0])
                acc = accesses[i].v3;
        if (!acc)
            return md_fail(c, n, "%s: unknown access qualifier '%s'", ctx, printable(s, n, buf, sizeof buf));
    }
    if (!(a->access = strdup(acc)))
        return md_fail(c, n, "out of memory");
    return 0;
}

static int get_args(md_ctx_t *c, const md_node_t *arr, co_kernel_t *k, int v2, int has_seg)
{
    const names_t *nm = v2 ? &names_v2 : &names_v3;
    char ctx[200];
    if (!arr || arr->type == MD_NIL)
        return 0;
    snprintf(ctx, sizeof ctx, "kernel '%s'", k->name);
    if (arr->type != MD_ARRAY)
        return md_fail(c, arr, "%s: %s is a %s, expected an array", ctx, v2 ? "Args" : ".args",
                       md_type_name(arr->type));
    k->args = calloc(arr->n ? arr->n : 1, sizeof *k->args);
    if (!k->args)
        return md_fail(c, arr, "out of memory");
    uint64_t next = 0;   /* v2 has no offsets: arguments are laid out in order */
    for (size_t i = 0; i < arr->n; i++) {
        const md_node_t *m = md_item(arr, i);
        co_arg_t *a = &k->args[k->nargs++];
        snprintf(ctx, sizeof ctx, "kernel '%s': %s[%zu]", k->name, nm->args, i);
        if (m->type != MD_MAP)
            return md_fail(c, m, "%s is a %s, expected a map", ctx, md_type_name(m->type));
        if (get_fields(c, m, v2 ? arg_v2 : arg_v3, v2 ? NFIELDS(arg_v2) : NFIELDS(arg_v3), a, ctx) ||
            get_arg_enums(c, m, a, v2, ctx) || dup_empty(c, &a->name) || dup_empty(c, &a->type_name))
            return -1;
        if (!md_get(m, v2 ? "Size" : ".size"))
            return md_fail(c, m, "%s: %s is missing", ctx, v2 ? "Size" : ".size");
        if (v2) {
            uint32_t al = a->align ? a->align : 1;
            if (!pow2_upto(al, SIM_MAX_KERNARG))
                return md_fail(c, md_get(m, "Align"), "%s Align %u is not a power of two up to %u", ctx, al,
                               SIM_MAX_KERNARG);
            next = (next + al - 1) / al * al;   /* < 2 * SIM_MAX_KERNARG: each check_arg bounds it */
            a->offset = (uint32_t)next;
            next += a->size;
        } else if (!md_get(m, ".offset")) {
            return md_fail(c, m, "%s: .offset is missing", ctx);
        }
        if (v2 && has_seg && beyond_segment(k, a))
            k->kernarg_segment_size = a->offset + a->size;   /* <= 2 * SIM_MAX_KERNARG; check_arg bounds it */
        if (check_arg(c, m, k, i, has_seg, nm))
            return -1;
    }
    return 0;
}

/* ---- kernels -------------------------------------------------------- */

static int get_kernel(md_ctx_t *c, const md_node_t *m, co_kernel_t *k, int v2)
{
    if (m->type != MD_MAP)
        return md_fail(c, m, "kernel entry is a %s, expected a map", md_type_name(m->type));
    if (get_fields(c, m, v2 ? kernel_v2 : kernel_v3, v2 ? NFIELDS(kernel_v2) : NFIELDS(kernel_v3), k,
                   "kernel"))
        return -1;
    if (!k->name || !k->name[0])
        return md_fail(c, m, "kernel entry without %s", v2 ? "Name" : ".name");
    char ctx[200];
    snprintf(ctx, sizeof ctx, "kernel '%s'", k->name);
    const md_node_t *cp = NULL, *at = NULL;
    if (v2) {
        cp = md_get(m, "CodeProps");
        at = md_get(m, "Attrs");
        if (cp && cp->type != MD_NIL && cp->type != MD_MAP)
            return md_fail(c, cp, "%s: CodeProps is not a map", ctx);
        if (at && at->type != MD_NIL && at->type != MD_MAP)
            return md_fail(c, at, "%s: Attrs is not a map", ctx);
        if (get_fields(c, cp, codeprops_v2, NFIELDS(codeprops_v2), k, ctx) ||
            get_fields(c, at, attrs_v2, NFIELDS(attrs_v2), k, ctx))
            return -1;
        if (k->wavefront_size == 6)   /* toolchains of 2017 wrote WavefrontSize as its log2 */
            k->wavefront_size = 64;
        /* v2 SymbolName is "NAME@kd"; the ELF symbol is NAME */
        if (k->symbol) {
            size_t n = strlen(k->symbol);
            if (n > 3 && strcmp(k->symbol + n - 3, "@kd") == 0)
                k->symbol[n - 3] = 0;
        }
    } else if (!k->symbol) {
        return md_fail(c, m, "%s: .symbol is missing", ctx);
    }
    const names_t *nm = v2 ? &names_v2 : &names_v3;
    const md_node_t *seg = md_get(v2 ? cp : m, nm->segment);
    int has_seg = seg && seg->type != MD_NIL;
    if (check_kernel(c, m, cp, k, nm) || get_args(c, md_get(m, v2 ? "Args" : ".args"), k, v2, has_seg))
        return -1;
    k->has_metadata = 1;
    if (dup_empty(c, &k->language) || dup_empty(c, &k->symbol))
        return -1;
    if (!k->symbol[0]) {
        free(k->symbol);
        if (!(k->symbol = strdup(k->name)))
            return md_fail(c, m, "out of memory");
    }
    return 0;
}

static int key_cmp(const void *a, const void *b)
{
    const co_meta_key_t *x = a, *y = b;
    int d = strcmp(x->symbol, y->symbol);
    return d ? d : (x->i > y->i) - (x->i < y->i);
}

/* Sort the kernels by symbol into meta->by_symbol (n log n); a symbol
 * described twice is an error at its second entry (ks: the array). */
static int index_symbols(md_ctx_t *c, const md_node_t *ks, co_meta_t *meta)
{
    size_t n = meta->n, dup = n;
    co_meta_key_t *by = malloc((n ? n : 1) * sizeof *by);
    if (!by)
        return md_fail(c, ks, "out of memory");
    for (size_t i = 0; i < n; i++)
        by[i] = (co_meta_key_t){meta->kernels[i].symbol, i};
    qsort(by, n, sizeof *by, key_cmp);
    meta->by_symbol = by;
    for (size_t i = 1; i < n; i++)
        if (strcmp(by[i - 1].symbol, by[i].symbol) == 0 && by[i].i < dup)
            dup = by[i].i;
    if (dup < n)
        return md_fail(c, md_item(ks, dup), "kernel '%s' is described twice", meta->kernels[dup].name);
    return 0;
}

long co_meta_find(const co_meta_t *m, const char *symbol)
{
    size_t lo = 0, hi = m->by_symbol ? m->n : 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(m->by_symbol[mid].symbol, symbol) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return m->by_symbol && lo < m->n && strcmp(m->by_symbol[lo].symbol, symbol) == 0 ? (long)m->by_symbol[lo].i
                                                                                        : -1;
}

static int get_kernels(md_ctx_t *c, const md_node_t *root, co_meta_t *meta, int v2)
{
    const char *key = v2 ? "Kernels" : "amdhsa.kernels";
    if (root->type != MD_MAP)
        return md_fail(c, root, "the document is a %s, expected a map", md_type_name(root->type));
    const md_node_t *ks = md_get(root, key);
    if (!ks || ks->type == MD_NIL)
        return 0;
    if (ks->type != MD_ARRAY)
        return md_fail(c, ks, "%s is a %s, expected an array", key, md_type_name(ks->type));
    meta->kernels = calloc(ks->n ? ks->n : 1, sizeof *meta->kernels);
    meta->offsets = calloc(ks->n ? ks->n : 1, sizeof *meta->offsets);
    if (!meta->kernels || !meta->offsets)
        return md_fail(c, ks, "out of memory");
    for (size_t i = 0; i < ks->n; i++) {
        const md_node_t *m = md_item(ks, i);
        meta->offsets[i] = c->base + m->off;
        meta->n++;
        if (get_kernel(c, m, &meta->kernels[i], v2))
            return -1;
    }
    return index_symbols(c, ks, meta);
}

/* The printf format records (amdhsa.printf, v2 Printf): an array of
 * strings, kept byte for byte (the formats' escapes are the compiler's). */
static int get_printf(md_ctx_t *c, const md_node_t *root, co_meta_t *meta, int v2)
{
    const md_node_t *a = md_get(root, v2 ? "Printf" : "amdhsa.printf");
    if (!a)
        return 0;
    if (a->type != MD_ARRAY)
        return md_fail(c, a, "%s is a %s, expected an array", v2 ? "Printf" : "amdhsa.printf",
                       md_type_name(a->type));
    meta->printf_fmts = calloc(a->n ? a->n : 1, sizeof *meta->printf_fmts);
    if (!meta->printf_fmts)
        return md_fail(c, a, "out of memory");
    for (size_t i = 0; i < a->n; i++) {
        const md_node_t *s = md_item(a, i);
        const char *t = md_to_str(s);
        if (!t)
            return md_fail(c, s, "printf format %zu is a %s, expected a string", i, md_type_name(s->type));
        if (!(meta->printf_fmts[meta->nprintf] = strndup(t, s->n)))
            return md_fail(c, s, "out of memory");
        meta->nprintf++;
    }
    return 0;
}

static int read_meta(md_node_t *root, size_t base, co_meta_t *meta, int v2, char *err, size_t errlen)
{
    md_ctx_t c = {base, err, errlen};
    memset(meta, 0, sizeof *meta);
    int rc = get_kernels(&c, root, meta, v2);
    if (rc == 0)
        rc = get_printf(&c, root, meta, v2);
    if (rc == 0 && !v2) {
        const md_node_t *t = md_get(root, "amdhsa.target");
        if (t && !md_to_str(t))
            rc = md_fail(&c, t, "amdhsa.target is a %s, expected a string", md_type_name(t->type));
        else if (t)
            meta->target_off = base + t->off;
        if (rc == 0 && !(meta->target = t ? str_printable(md_to_str(t), t->n, 0) : strdup("")))
            rc = md_fail(&c, t, "out of memory");
    }
    md_free(root);
    if (rc)
        co_meta_free(meta);
    return rc;
}

int co_meta_msgpack(const uint8_t *desc, size_t len, size_t base, co_meta_t *m, char *err, size_t errlen)
{
    md_node_t *root;
    size_t eoff;
    char msg[200];
    memset(m, 0, sizeof *m);
    if (mp_parse(desc, len, &root, &eoff, msg, sizeof msg)) {
        snprintf(err, errlen, "offset 0x%zx: metadata: %s", base + eoff, msg);
        co_one_line(err);
        return -1;
    }
    return read_meta(root, base, m, 0, err, errlen);
}

int co_meta_yaml(const uint8_t *desc, size_t len, size_t base, co_meta_t *m, char *err, size_t errlen)
{
    md_node_t *root;
    size_t eoff;
    char msg[200];
    memset(m, 0, sizeof *m);
    if (yaml_parse((const char *)desc, len, &root, &eoff, msg, sizeof msg)) {
        snprintf(err, errlen, "offset 0x%zx: metadata: %s", base + eoff, msg);
        co_one_line(err);
        return -1;
    }
    if (root->type == MD_NIL) {   /* empty document */
        md_free(root);
        return 0;
    }
    return read_meta(root, base, m, 1, err, errlen);
}

char *co_one_line(char *s)
{
    return str_one_line(s);
}

void co_kernel_clear(co_kernel_t *k)
{
    for (size_t i = 0; i < k->nargs; i++) {
        co_arg_t *a = &k->args[i];
        free(a->name);
        free(a->type_name);
        free(a->kind_name);
        free(a->access);
    }
    free(k->args);
    free(k->name);
    free(k->language);
    free(k->vec_type_hint);
    free(k->symbol);
    memset(k, 0, sizeof *k);
}

void co_meta_free(co_meta_t *m)
{
    for (size_t i = 0; i < m->n; i++)
        co_kernel_clear(&m->kernels[i]);
    free(m->kernels);
    free(m->offsets);
    free(m->by_symbol);
    free(m->target);
    for (size_t i = 0; i < m->nprintf; i++)
        free(m->printf_fmts[i]);
    free(m->printf_fmts);
    memset(m, 0, sizeof *m);
}
