/* cmd_info.c — `gcnsim info`: per-kernel resource report (registers,
 * LDS, scratch, arguments, launch register layout, float mode and
 * theoretical occupancy), as text or JSON. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/load/codeobj.h"
#include "front/report/json.h"
#include "front/run_opts.h"
#include "sim/occupancy.h"

typedef struct {
    const char *file;
    const char *kernel;
    const char *target;         /* --target gfxN: the code object of a bundle or HIP program */
    unsigned local[3];          /* 0 = default */
    unsigned dynamic_lds;
    const char *json;
} info_opts_t;

/* ---- descriptor fields ---------------------------------------------- */

#define BITS(v, lo, n) (((v) >> (lo)) & ((1u << (n)) - 1))

static const char *round_name(unsigned m)
{
    static const char *const n[] = {"nearest-even", "+infinity", "-infinity", "toward-zero"};
    return n[m & 3];
}

static const char *denorm_name(unsigned m)
{
    static const char *const n[] = {"flush-in-out", "flush-out", "flush-in", "preserve"};
    return n[m & 3];
}

/* One entry of the initial register state. */
typedef struct {
    char reg[16];       /* "s[0:3]", "s8", "v0" */
    unsigned first, count;
    int vgpr;
    const char *what;
} lay_t;

static void lay_add(lay_t *l, size_t *n, int vgpr, unsigned first, unsigned count, const char *what)
{
    lay_t *e = &l[(*n)++];
    e->vgpr = vgpr;
    e->first = first;
    e->count = count;
    e->what = what;
    if (count == 1)
        snprintf(e->reg, sizeof e->reg, "%c%u", vgpr ? 'v' : 's', first);
    else
        snprintf(e->reg, sizeof e->reg, "%c[%u:%u]", vgpr ? 'v' : 's', first, first + count - 1);
}

/* The launch register layout in the fixed order of GCN-FACTS §5.3;
 * returns the count of entries, *user = SGPRs the enabled user entries take. */
static size_t launch_layout(const co_kernel_t *k, int version, lay_t *l, unsigned *user)
{
    static const struct {
        unsigned bit, count;
        const char *what;
    } users[] = {
        {0, 4, "private segment buffer"}, {1, 2, "dispatch ptr"},    {2, 2, "queue ptr"},
        {3, 2, "kernarg segment ptr"},    {4, 2, "dispatch id"},     {5, 2, "flat scratch init"},
        {6, 1, "private segment size"},   {7, 1, "grid workgroup count x"},
        {8, 1, "grid workgroup count y"}, {9, 1, "grid workgroup count z"},
    };
    static const struct {
        unsigned bit;
        const char *what;
    } sys[] = {{7, "workgroup id x"}, {8, "workgroup id y"}, {9, "workgroup id z"},
               {10, "workgroup info"}, {0, "private segment wave offset"}};
    static const char *const wi[] = {"work-item id x", "work-item id y", "work-item id z"};
    size_t n = 0;
    unsigned s = 0, kcp = k->desc.kernel_code_properties, rsrc2 = k->desc.rsrc2;
    for (size_t i = 0; i < sizeof users / sizeof users[0]; i++) {
        if (users[i].bit >= 7 && version != 2)
            break;   /* grid work-group counts exist only in v2 */
        if (kcp >> users[i].bit & 1) {
            lay_add(l, &n, 0, s, users[i].count, users[i].what);
            s += users[i].count;
        }
    }
    *user = s;
    s = BITS(rsrc2, 1, 5);   /* system SGPRs follow USER_SGPR_COUNT */
    for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++)
        if (rsrc2 >> sys[i].bit & 1)
            lay_add(l, &n, 0, s++, 1, sys[i].what);
    for (unsigned i = 0; i <= BITS(rsrc2, 11, 2) && i < 3; i++)
        lay_add(l, &n, 1, i, 1, wi[i]);
    return n;
}

/* ---- occupancy ------------------------------------------------------ */

static void default_local(const co_kernel_t *k, const info_opts_t *o, unsigned wg[3])
{
    if (o->local[0]) {
        memcpy(wg, o->local, sizeof o->local);
    } else if (k->reqd_workgroup_size[0]) {
        memcpy(wg, k->reqd_workgroup_size, sizeof k->reqd_workgroup_size);
    } else {
        unsigned max = k->max_flat_workgroup_size;
        wg[0] = max && max < 256 ? max : 256;
        wg[1] = wg[2] = 1;
    }
    for (int i = 0; i < 3; i++)
        if (!wg[i])
            wg[i] = 1;
}

static void kernel_occupancy(const co_file_t *f, const co_kernel_t *k, const info_opts_t *o,
                             unsigned wg[3], occ_result_t *r)
{
    default_local(k, o, wg);
    unsigned long long size = (unsigned long long)wg[0] * wg[1] * wg[2];
    occ_input_t in = {
        .vgprs = occ_rsrc1_vgprs(k->desc.rsrc1),
        .sgprs = occ_rsrc1_sgprs(k->desc.rsrc1),
        .lds_bytes = k->desc.group_segment_fixed_size + o->dynamic_lds,
        .scratch_bytes = k->desc.private_segment_fixed_size,
        .wg_size = size > 1u << 20 ? 1u << 20 : (unsigned)size,
    };
    occ_compute((isa_gen_t)f->target->gen, &in, r);
}

/* ---- text ----------------------------------------------------------- */

#define ROW "  %-21s "

static void text_args(const co_kernel_t *k)
{
    static const char *const as[] = {"generic", "global", "region", "local", "constant", "private"};
    printf(ROW "%u bytes, align %u\n", "kernarg segment", k->kernarg_segment_size,
           k->kernarg_segment_align);
    if (!k->nargs) {
        printf(ROW "%s\n", "arguments", k->has_metadata ? "none" : "(no metadata)");
        return;
    }
    printf("  arguments\n    %6s %5s  %-26s %-14s %s\n", "offset", "size", "kind", "type", "name");
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        char q[80] = "";
        if (a->address_space >= 0 && a->address_space <= 5)
            snprintf(q, sizeof q, " %s", as[a->address_space]);
        if (a->access[0])
            snprintf(q + strlen(q), sizeof q - strlen(q), " %s", a->access);
        if (a->is_const)
            strncat(q, " const", sizeof q - strlen(q) - 1);
        if (a->is_restrict)
            strncat(q, " restrict", sizeof q - strlen(q) - 1);
        if (a->is_volatile)
            strncat(q, " volatile", sizeof q - strlen(q) - 1);
        if (a->is_pipe)
            strncat(q, " pipe", sizeof q - strlen(q) - 1);
        const char *kind = a->kind == CO_ARG_UNKNOWN ? a->kind_name : co_arg_kind_name(a->kind);
        printf("    %6u %5u  %-26s %-14s %s%s%s\n", a->offset, a->size, kind,
               a->type_name[0] ? a->type_name : "-", a->name[0] ? a->name : "-", q[0] ? "  " : "",
               q[0] ? q + 1 : "");
    }
}

static void text_registers(const co_file_t *f, const co_kernel_t *k, const occ_result_t *r)
{
    const occ_params_t *p = occ_params((isa_gen_t)f->target->gen);
    char used[32] = "?";
    if (k->vgpr_count)
        snprintf(used, sizeof used, "%u", k->vgpr_count);
    printf(ROW "%s used, %u allocated (rsrc1 encodes %u, granule %u)\n", "VGPRs", used, r->vgprs_alloc,
           occ_rsrc1_vgprs(k->desc.rsrc1), p->vgpr_granule);
    snprintf(used, sizeof used, "?");
    if (k->sgpr_count)
        snprintf(used, sizeof used, "%u", k->sgpr_count);
    printf(ROW "%s used, %u allocated (rsrc1 encodes %u, granule %u)\n", "SGPRs", used,
           r->sgprs_alloc, occ_rsrc1_sgprs(k->desc.rsrc1), p->sgpr_granule);
    printf(ROW "(SGPR counts include the VCC, FLAT_SCRATCH and XNACK_MASK SGPRs it reserves)\n", "");
    printf(ROW "%u SGPRs, %u VGPRs\n", "spills", k->sgpr_spill_count, k->vgpr_spill_count);
}

static void text_float_mode(const co_kernel_t *k)
{
    uint32_t r1 = k->desc.rsrc1;
    printf(ROW "round f32 %s, f16/f64 %s; denormals f32 %s, f16/f64 %s\n", "float mode",
           round_name(BITS(r1, 12, 2)), round_name(BITS(r1, 14, 2)), denorm_name(BITS(r1, 16, 2)),
           denorm_name(BITS(r1, 18, 2)));
    printf(ROW "IEEE mode %s, DX10 clamp %s\n", "", BITS(r1, 23, 1) ? "on" : "off",
           BITS(r1, 21, 1) ? "on" : "off");
}

static void text_layout(const co_file_t *f, const co_kernel_t *k)
{
    lay_t l[24];
    unsigned user;
    size_t n = launch_layout(k, f->version, l, &user);
    printf("  launch registers (USER_SGPR_COUNT %u)\n", BITS(k->desc.rsrc2, 1, 5));
    for (size_t i = 0; i < n; i++)
        printf("    %-9s %s\n", l[i].reg, l[i].what);
    if (user != BITS(k->desc.rsrc2, 1, 5))
        printf("    note: the enabled user SGPRs take %u, rsrc2.USER_SGPR_COUNT says %u\n", user,
               BITS(k->desc.rsrc2, 1, 5));
}

static void text_occupancy(const co_kernel_t *k, const unsigned wg[3], const occ_result_t *r,
                           unsigned dyn_lds)
{
    printf("  occupancy (work-group %ux%ux%u = %u wave%s of 64)\n", wg[0], wg[1], wg[2],
           r->waves_per_wg, r->waves_per_wg == 1 ? "" : "s");
    for (int l = 0; l < OCC_NLIMITS; l++) {
        char why[80] = "";
        if (l == OCC_VGPRS)
            snprintf(why, sizeof why, "%u VGPRs per lane", r->vgprs_alloc);
        else if (l == OCC_SGPRS)
            snprintf(why, sizeof why, "%u SGPRs per wave", r->sgprs_alloc);
        else if (l == OCC_LDS && r->lds_alloc)
            snprintf(why, sizeof why, "%u bytes per group (%u static + %u dynamic) -> %u groups/CU",
                     r->lds_alloc, k->desc.group_segment_fixed_size, dyn_lds, r->lds_groups);
        else if (l == OCC_LDS)
            snprintf(why, sizeof why, "no LDS");
        else if (l == OCC_WG_SLOTS)
            snprintf(why, sizeof why, "%u groups/CU", r->max_groups);
        printf("    %-18s %2u%s%s\n", occ_limit_name((occ_limit_t)l), r->limit[l], why[0] ? "  " : "", why);
    }
    if (r->error)
        printf("    => no work-group can be placed: %s\n", r->error);
    else
        printf("    => %u waves per SIMD, limited by %s; %u work-groups per CU\n", r->waves_per_simd,
               occ_limit_name(r->limiter), r->groups_per_cu);
}

static void text_kernel(const co_file_t *f, const co_kernel_t *k, const info_opts_t *o)
{
    unsigned wg[3];
    occ_result_t r;
    kernel_occupancy(f, k, o, wg, &r);
    printf("\nkernel %s\n", k->name);
    if (k->language[0])
        printf(ROW "%s %u.%u\n", "language", k->language, k->language_version[0], k->language_version[1]);
    printf(ROW "0x%llx, %llu bytes (descriptor %s at 0x%llx)\n", "code",
           (unsigned long long)k->code_addr, (unsigned long long)k->code_size, k->symbol,
           (unsigned long long)k->desc_addr);
    text_registers(f, k, &r);
    printf(ROW "%u bytes static\n", "LDS", k->desc.group_segment_fixed_size);
    printf(ROW "%u bytes per work-item (%u per wave)%s\n", "scratch",
           k->desc.private_segment_fixed_size, r.scratch_per_wave,
           k->uses_dynamic_stack ? " + dynamic stack" : "");
    if (k->reqd_workgroup_size[0])
        printf(ROW "required %ux%ux%u\n", "work-group size", k->reqd_workgroup_size[0],
               k->reqd_workgroup_size[1], k->reqd_workgroup_size[2]);
    if (k->max_flat_workgroup_size)
        printf(ROW "%u work-items\n", "max work-group size", k->max_flat_workgroup_size);
    if (k->wavefront_size)
        printf(ROW "%u\n", "wavefront size", k->wavefront_size);
    text_float_mode(k);
    printf(ROW "rsrc1 0x%08x  rsrc2 0x%08x  kernel_code_properties 0x%04x\n", "descriptor",
           k->desc.rsrc1, k->desc.rsrc2, k->desc.kernel_code_properties);
    text_args(k);
    text_layout(f, k);
    text_occupancy(k, wg, &r, o->dynamic_lds);
}

static void text_file(const co_file_t *f, const info_opts_t *o)
{
    printf("%s: HSA code object v%d, target %s", f->path, f->version, f->target->name);
    if (f->target_id[0])
        printf(" (%s)", f->target_id);
    if (f->xnack)
        printf(", xnack %s", co_feat_name(f->xnack));
    if (f->sramecc && f->target->gen == ISA_GFX9 && f->sramecc != CO_FEAT_OFF)
        printf(", sramecc %s", co_feat_name(f->sramecc));
    printf(", %zu kernel%s\n", f->nkernels, f->nkernels == 1 ? "" : "s");
    for (size_t i = 0; i < f->nkernels; i++)
        if (!o->kernel || strcmp(f->kernels[i].name, o->kernel) == 0)
            text_kernel(f, &f->kernels[i], o);
}

/* ---- JSON ----------------------------------------------------------- */

static void json_u32x(json_t *j, const char *key, const uint32_t *v, int n)
{
    json_begin_arr(j, key);
    for (int i = 0; i < n; i++)
        json_uint(j, NULL, v[i]);
    json_end(j);
}

static void json_args(json_t *j, const co_kernel_t *k)
{
    json_begin_arr(j, "args");
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        json_begin_obj(j, NULL);
        json_str(j, "name", a->name);
        json_str(j, "type_name", a->type_name);
        json_uint(j, "offset", a->offset);
        json_uint(j, "size", a->size);
        json_str(j, "value_kind", a->kind == CO_ARG_UNKNOWN ? a->kind_name : co_arg_kind_name(a->kind));
        if (a->address_space >= 0)
            json_int(j, "address_space", a->address_space);
        else
            json_null(j, "address_space");
        json_str(j, "access", a->access);
        json_bool(j, "is_const", a->is_const);
        json_bool(j, "is_restrict", a->is_restrict);
        json_bool(j, "is_volatile", a->is_volatile);
        json_bool(j, "is_pipe", a->is_pipe);
        json_end(j);
    }
    json_end(j);
}

static void json_regs(json_t *j, const co_file_t *f, const co_kernel_t *k, const occ_result_t *r)
{
    const occ_params_t *p = occ_params((isa_gen_t)f->target->gen);
    json_begin_obj(j, "vgprs");
    json_uint(j, "used", k->vgpr_count);
    json_uint(j, "encoded", occ_rsrc1_vgprs(k->desc.rsrc1));
    json_uint(j, "allocated", r->vgprs_alloc);
    json_uint(j, "granule", p->vgpr_granule);
    json_uint(j, "spills", k->vgpr_spill_count);
    json_end(j);
    json_begin_obj(j, "sgprs");
    json_uint(j, "used", k->sgpr_count);
    json_uint(j, "encoded", occ_rsrc1_sgprs(k->desc.rsrc1));
    json_uint(j, "allocated", r->sgprs_alloc);
    json_uint(j, "granule", p->sgpr_granule);
    json_uint(j, "spills", k->sgpr_spill_count);
    json_end(j);
}

static void json_desc(json_t *j, const co_kernel_t *k)
{
    uint32_t r1 = k->desc.rsrc1;
    json_begin_obj(j, "descriptor");
    json_uint(j, "address", k->desc_addr);
    json_uint(j, "group_segment_fixed_size", k->desc.group_segment_fixed_size);
    json_uint(j, "private_segment_fixed_size", k->desc.private_segment_fixed_size);
    json_uint(j, "kernarg_size", k->desc.kernarg_size);
    json_int(j, "kernel_code_entry_byte_offset", k->desc.entry_offset);
    json_uint(j, "compute_pgm_rsrc1", k->desc.rsrc1);
    json_uint(j, "compute_pgm_rsrc2", k->desc.rsrc2);
    json_uint(j, "compute_pgm_rsrc3", k->desc.rsrc3);
    json_uint(j, "kernel_code_properties", k->desc.kernel_code_properties);
    json_end(j);
    json_begin_obj(j, "float_mode");
    json_str(j, "round_f32", round_name(BITS(r1, 12, 2)));
    json_str(j, "round_f16_f64", round_name(BITS(r1, 14, 2)));
    json_str(j, "denorm_f32", denorm_name(BITS(r1, 16, 2)));
    json_str(j, "denorm_f16_f64", denorm_name(BITS(r1, 18, 2)));
    json_bool(j, "ieee", BITS(r1, 23, 1));
    json_bool(j, "dx10_clamp", BITS(r1, 21, 1));
    json_end(j);
}

static void json_layout(json_t *j, const co_file_t *f, const co_kernel_t *k)
{
    lay_t l[24];
    unsigned user;
    size_t n = launch_layout(k, f->version, l, &user);
    json_begin_obj(j, "launch");
    json_uint(j, "user_sgpr_count", BITS(k->desc.rsrc2, 1, 5));
    json_uint(j, "enabled_user_sgprs", user);
    json_begin_arr(j, "registers");
    for (size_t i = 0; i < n; i++) {
        json_begin_obj(j, NULL);
        json_str(j, "reg", l[i].reg);
        json_str(j, "file", l[i].vgpr ? "vgpr" : "sgpr");
        json_uint(j, "first", l[i].first);
        json_uint(j, "count", l[i].count);
        json_str(j, "value", l[i].what);
        json_end(j);
    }
    json_end(j);
    json_end(j);
}

static void json_occupancy(json_t *j, const unsigned wg[3], const occ_result_t *r, unsigned dyn_lds)
{
    static const char *const keys[OCC_NLIMITS] = {"wave_slots", "vgprs", "sgprs", "lds",
                                                  "workgroup_slots"};
    json_begin_obj(j, "occupancy");
    json_u32x(j, "workgroup_size", wg, 3);
    json_uint(j, "waves_per_workgroup", r->waves_per_wg);
    json_uint(j, "lds_bytes_allocated", r->lds_alloc);
    json_uint(j, "dynamic_lds_bytes", dyn_lds);
    json_uint(j, "scratch_bytes_per_wave", r->scratch_per_wave);
    json_begin_obj(j, "limits");
    for (int l = 0; l < OCC_NLIMITS; l++)
        json_uint(j, keys[l], r->limit[l]);
    json_end(j);
    json_uint(j, "waves_per_simd", r->waves_per_simd);
    json_uint(j, "workgroups_per_cu", r->groups_per_cu);
    if (r->error) {
        json_null(j, "limited_by");
        json_str(j, "error", r->error);
    } else {
        json_str(j, "limited_by", keys[r->limiter]);
        json_null(j, "error");
    }
    json_end(j);
}

static void json_kernel(json_t *j, const co_file_t *f, const co_kernel_t *k, const info_opts_t *o)
{
    unsigned wg[3];
    occ_result_t r;
    kernel_occupancy(f, k, o, wg, &r);
    json_begin_obj(j, NULL);
    json_str(j, "name", k->name);
    json_str(j, "symbol", k->symbol);
    json_str(j, "language", k->language);
    json_u32x(j, "language_version", k->language_version, 2);
    json_uint(j, "code_address", k->code_addr);
    json_uint(j, "code_size", k->code_size);
    json_regs(j, f, k, &r);
    json_uint(j, "lds_static", k->desc.group_segment_fixed_size);
    json_uint(j, "scratch_per_workitem", k->desc.private_segment_fixed_size);
    json_bool(j, "uses_dynamic_stack", k->uses_dynamic_stack);
    json_uint(j, "kernarg_segment_size", k->kernarg_segment_size);
    json_uint(j, "kernarg_segment_align", k->kernarg_segment_align);
    json_uint(j, "max_flat_workgroup_size", k->max_flat_workgroup_size);
    if (k->reqd_workgroup_size[0])
        json_u32x(j, "reqd_workgroup_size", k->reqd_workgroup_size, 3);
    else
        json_null(j, "reqd_workgroup_size");
    json_uint(j, "wavefront_size", k->wavefront_size);
    json_desc(j, k);
    json_args(j, k);
    json_layout(j, f, k);
    json_occupancy(j, wg, &r, o->dynamic_lds);
    json_end(j);
}

static int json_file(const co_file_t *f, const info_opts_t *o)
{
    FILE *fp = strcmp(o->json, "-") == 0 ? stdout : fopen(o->json, "w");
    if (!fp) {
        cli_error("info: %s: %s", o->json, strerror(errno));
        return EXIT_USAGE;
    }
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_str(&j, "file", f->path);
    json_uint(&j, "code_object_version", (unsigned)f->version);
    json_str(&j, "target", f->target->name);
    json_str(&j, "target_id", f->target_id);
    json_str(&j, "xnack", co_feat_name(f->xnack));
    json_str(&j, "sramecc", co_feat_name(f->sramecc));
    json_uint(&j, "e_flags", f->e_flags);
    json_begin_arr(&j, "kernels");
    for (size_t i = 0; i < f->nkernels; i++)
        if (!o->kernel || strcmp(f->kernels[i].name, o->kernel) == 0)
            json_kernel(&j, f, &f->kernels[i], o);
    json_end(&j);
    json_end(&j);
    int bad = json_finish(&j);
    if (fp != stdout && fclose(fp) != 0)
        bad = 1;
    if (bad) {
        cli_error("info: error writing JSON to %s", o->json);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* ---- options -------------------------------------------------------- */

static int parse_uint(const char *s, unsigned max, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (end == s || *end || errno || v > max || s[0] == '-')
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int parse_local(const char *s, unsigned wg[3])
{
    char buf[64];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    wg[0] = wg[1] = wg[2] = 1;
    int n = 0;
    for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == 3 || parse_uint(t, 1024, &wg[n]) || wg[n] == 0)
            return -1;
        n++;
    }
    return n ? 0 : -1;
}

enum { IO_KERNEL = 1, IO_TARGET, IO_LOCAL, IO_DYNAMIC_LDS, IO_JSON };

static const opt_t info_rows[] = {
    {"kernel", 0, "NAME", "only this kernel", IO_KERNEL, 0, NULL},
    {"target", 0, "GFX", "the code object to take from a clang offload bundle (hipcc --genco) or a HIP "
     "program or library (its .hip_fatbin): that of processor GFX, e.g. gfx900 (default: the only one the "
     "file has; with several and none chosen the error lists them)", IO_TARGET, OPT_LIST, run_target_name},
    {"local", 0, "X[,Y[,Z]]", "work-group size for the occupancy (default: the kernel's reqd_work_group_size "
     "if it has one, else 256 capped at its max_flat_workgroup_size)", IO_LOCAL, 0, NULL},
    {"dynamic-lds", 0, "BYTES", "LDS allocated at launch on top of the static LDS (for __local pointer "
     "arguments; default 0)", IO_DYNAMIC_LDS, 0, NULL},
    {"json", 0, "PATH|-", "write the report as JSON to PATH (- = stdout) instead of text", IO_JSON, OPT_PATH,
     NULL},
    {0},
};
static const opt_table_t info_table = {"options", info_rows};
static const opt_table_t *const info_tables[] = {&info_table, NULL};

const opt_cmd_t cli_info_cmd = {
    .name = "info",
    .summary = "resource usage, arguments, launch layout and occupancy of each kernel",
    .usage = "gcnsim info FILE [--kernel NAME] [--target GFX] [--local X[,Y[,Z]]]\n"
             "                        [--dynamic-lds BYTES] [--json PATH|-]",
    .description = "Report, for each kernel of an AMDGPU HSA code object (v2-v5): target and\n"
                   "code object version; VGPRs and SGPRs used (from the metadata) and allocated\n"
                   "(from COMPUTE_PGM_RSRC1, rounded to the hardware granule; the SGPR count\n"
                   "includes the extra VCC/FLAT_SCRATCH/XNACK_MASK SGPRs); spills; static LDS;\n"
                   "scratch per work-item; the kernel arguments (offset, size, kind, type, name);\n"
                   "the SGPRs and VGPRs a wave starts with (user SGPRs, then system SGPRs, then\n"
                   "work-item IDs); the float mode; and the theoretical occupancy in waves per\n"
                   "SIMD with the limit from each resource (wave slots, VGPRs, SGPRs, LDS,\n"
                   "work-group slots) and the one that limits it.\n"
                   "\n"
                   "FILE may also be a clang offload bundle or a host program or library with\n"
                   "HIP device code: --target picks its code object.",
    .tables = info_tables,
    .trailer = "Exit status: 0; 2 bad usage, or a file that cannot be read or is no code\n"
               "object (one line on stderr names the file and what is wrong).",
    .fn = cmd_info,
};

/* opt_take_fn: one option or operand of info. */
static int info_take(void *arg, const opt_t *r, const char *v, const char *v2)
{
    info_opts_t *o = arg;
    (void)v2;
    if (!r) {
        if (o->file) {
            opt_error(&cli_info_cmd, "more than one FILE given ('%s')", v);
            return -1;
        }
        o->file = v;
    } else if (r->id == IO_KERNEL)
        o->kernel = v;
    else if (r->id == IO_TARGET)
        o->target = v;
    else if (r->id == IO_JSON)
        o->json = v;
    else if (r->id == IO_LOCAL && parse_local(v, o->local)) {
        opt_error(&cli_info_cmd, "--local wants X[,Y[,Z]] with each 1 to 1024, not '%s'", v);
        return -1;
    } else if (r->id == IO_DYNAMIC_LDS && parse_uint(v, 65536, &o->dynamic_lds)) {
        opt_error(&cli_info_cmd, "--dynamic-lds wants a byte count 0 to 65536, not '%s'", v);
        return -1;
    }
    return 0;
}

/* EXIT_OK after --help, EXIT_USAGE after an error, -1 to go on. */
static int parse_opts(int argc, char **argv, info_opts_t *o)
{
    int rc = opt_parse(&cli_info_cmd, argc, argv, info_take, o);
    if (rc)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (!o->file) {
        cli_error("info: no FILE given (see gcnsim info --help)");
        return EXIT_USAGE;
    }
    return -1;
}

int cmd_info(int argc, char **argv)
{
    info_opts_t o = {0};
    int rc = parse_opts(argc, argv, &o);
    if (rc >= 0)
        return rc;
    co_file_t f;
    char err[512];
    if (co_load_for(o.file, o.target, o.kernel, &f, err, sizeof err)) {
        cli_error("%s", err);
        return EXIT_USAGE;
    }
    if (o.kernel && !co_find_kernel(&f, o.kernel)) {
        cli_error("%s: no kernel named '%s'", f.path, o.kernel);
        co_free(&f);
        return EXIT_USAGE;
    }
    rc = EXIT_OK;
    if (o.json)
        rc = json_file(&f, &o);
    else
        text_file(&f, &o);
    co_free(&f);
    return rc;
}
