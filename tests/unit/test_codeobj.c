/* test_codeobj.c — the code-object loader on the committed objects of
 * tests/kernels/bin (v2, v3, v4, v5 of the same source must agree), and on
 * damaged copies of them: each targeted corruption gives its one-line
 * message with the file name and offset; truncations and random byte
 * mutations never crash (this test also runs under ASan/UBSan). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/codeobj.h"
#include "tests/unit/check.h"

#define DIR "tests/kernels/bin/"

static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long len = ftell(fp);
    rewind(fp);
    uint8_t *b = malloc(len > 0 ? (size_t)len : 1);
    *n = b ? fread(b, 1, (size_t)len, fp) : 0;
    fclose(fp);
    return b;
}

static const co_section_t *section(const co_file_t *f, const char *name)
{
    for (size_t i = 0; i < f->nsecs; i++)
        if (strcmp(f->secs[i].name, name) == 0)
            return &f->secs[i];
    return NULL;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* ---- real code objects ---------------------------------------------- */

static void lds_file(const char *variant, int version)
{
    char path[128], err[512];
    co_file_t f;
    snprintf(path, sizeof path, DIR "lds-gfx803%s.co", variant);
    if (co_load(path, &f, err, sizeof err)) {
        CHECK(0, "%s loads (%s)", path, err);
        return;
    }
    CHECK(f.version == version && strcmp(f.target->name, "gfx803") == 0 && f.nkernels == 2,
          "%s: v%d, gfx803, 2 kernels (got v%d %s %zu)", path, version, f.version, f.target->name, f.nkernels);
    const co_kernel_t *r = co_find_kernel(&f, "lds_reduce"), *t = co_find_kernel(&f, "lds_transpose");
    if (!r || !t) {
        CHECK(0, "%s: both kernels found", path);
        co_free(&f);
        return;
    }
    CHECK(r->desc.group_segment_fixed_size == 1024 && t->desc.group_segment_fixed_size == 1088,
          "%s: static LDS 1024 and 1088 bytes", path);
    CHECK(r->has_metadata && r->nargs >= 2 && r->args[0].kind == CO_ARG_GLOBAL_BUFFER &&
              r->args[0].offset == 0 && r->args[1].offset == 8 && r->args[1].is_const &&
              r->args[0].address_space == 1 && strcmp(r->args[1].type_name, "float*") == 0,
          "%s: lds_reduce args 0/8, global float*, the second const", path);
    CHECK(t->nargs >= 4 && t->args[2].kind == CO_ARG_BY_VALUE && t->args[2].offset == 16 &&
              t->args[3].offset == 20 && t->args[3].size == 4,
          "%s: lds_transpose int args at 16 and 20", path);
    int hidden = 0;
    for (size_t i = 0; i < r->nargs; i++)
        hidden += r->args[i].kind >= CO_ARG_HIDDEN_GLOBAL_OFFSET_X && r->args[i].kind < CO_ARG_UNKNOWN;
    CHECK(hidden > 0 && r->kernarg_segment_size == (version == 5 ? 272u : 72u),
          "%s: hidden arguments present, kernarg %u bytes", path, r->kernarg_segment_size);
    CHECK(r->vgpr_count == 5 && r->sgpr_count >= 12 && r->max_flat_workgroup_size == 256 &&
              r->wavefront_size == 64 && strcmp(r->language, "OpenCL C") == 0,
          "%s: lds_reduce 5 VGPRs, >= 12 SGPRs, max 256, wave64, OpenCL C", path);
    CHECK(r->desc.kernel_code_properties & 8 && (r->desc.rsrc2 >> 7 & 1),
          "%s: kernarg segment ptr and workgroup id x enabled", path);
    CHECK(r->code_addr >= f.text_addr && r->code_addr + r->code_size <= f.text_addr + f.text_size &&
              co_bytes_at(&f, r->code_addr, 4) == f.text + (r->code_addr - f.text_addr),
          "%s: code inside .text, co_bytes_at agrees", path);
    CHECK(co_bytes_at(&f, f.text_addr + f.text_size - 2, 4) == NULL, "%s: co_bytes_at refuses a range past .text", path);
    int sorted = 1, found = 0;
    for (size_t i = 0; i < f.nsyms; i++) {
        if (i && f.syms[i - 1].addr > f.syms[i].addr)
            sorted = 0;
        found += strcmp(f.syms[i].name, "lds_reduce") == 0 && f.syms[i].is_func;
    }
    CHECK(sorted && found == 1, "%s: .text symbols sorted, lds_reduce is a function", path);
    if (version >= 3)
        CHECK(strcmp(r->symbol, "lds_reduce.kd") == 0 && r->code_addr == r->desc_addr + (uint64_t)r->desc.entry_offset,
              "%s: v3+ entry = kd + kernel_code_entry_byte_offset", path);
    else
        CHECK(r->desc.entry_offset == 256 && r->code_addr == r->desc_addr + 256,
              "%s: v2 code 256 bytes after amd_kernel_code_t", path);
    co_free(&f);
}

static void versions_agree(void)
{
    static const char *const v[] = {"-v2", "-v3", ""};
    co_file_t f[3];
    char err[512];
    for (int i = 0; i < 3; i++) {
        char path[128];
        snprintf(path, sizeof path, DIR "atomics-gfx900%s.co", v[i]);
        if (co_load(path, &f[i], err, sizeof err)) {
            CHECK(0, "%s loads (%s)", path, err);
            for (int k = 0; k < i; k++)
                co_free(&f[k]);
            return;
        }
    }
    int same = f[0].nkernels == f[1].nkernels && f[1].nkernels == f[2].nkernels;
    for (size_t k = 0; same && k < f[0].nkernels; k++) {
        const co_kernel_t *a = &f[0].kernels[k], *b = &f[1].kernels[k], *c = &f[2].kernels[k];
        same = strcmp(a->name, c->name) == 0 && strcmp(b->name, c->name) == 0 &&
               a->desc.rsrc2 == c->desc.rsrc2 && b->desc.rsrc1 == c->desc.rsrc1 &&
               a->desc.group_segment_fixed_size == c->desc.group_segment_fixed_size &&
               a->nargs == c->nargs && a->kernarg_segment_size == c->kernarg_segment_size;
        for (size_t i = 0; same && i < a->nargs; i++)
            same = a->args[i].offset == c->args[i].offset && a->args[i].kind == c->args[i].kind &&
                   a->args[i].size == c->args[i].size && b->args[i].offset == c->args[i].offset;
    }
    CHECK(same, "atomics-gfx900 v2/v3/v4: same kernels, descriptors and argument layouts");
    CHECK(f[0].xnack == CO_FEAT_ON && f[1].xnack == CO_FEAT_ON && f[2].xnack == CO_FEAT_ANY,
          "gfx900 xnack: v2/v3 on, v4 any");
    for (int i = 0; i < 3; i++)
        co_free(&f[i]);
}

static void raw_blob(void)
{
    char err[512];
    co_file_t f;
    const char *path = "build/tests/raw-test.bin";
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        printf("SKIP: raw blob (cannot write %s)\n", path);
        return;
    }
    fwrite("\x00\x00\x81\xbf\x00\x00\x80\xbf", 1, 8, fp);
    fclose(fp);
    const isa_target_t *t = isa_target_by_name("gfx900");
    int rc = co_load_raw(path, t, &f, err, sizeof err);
    CHECK(rc == 0 && f.version == 0 && f.target == t && f.text_size == 8 && f.text_addr == 0 && f.nsyms == 1 &&
              strcmp(f.syms[0].name, "raw-test.bin") == 0 && f.nkernels == 1,
          "raw blob: 8 bytes at address 0, one symbol named after the file");
    if (rc == 0)
        co_free(&f);
    fp = fopen(path, "wb");
    fwrite("\x00\x00\x81", 1, 3, fp);
    fclose(fp);
    rc = co_load_raw(path, t, &f, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "raw-test.bin") && strstr(err, "dwords"), "raw blob of 3 bytes is refused (%s)", err);
    remove(path);
    rc = co_load_raw("build/tests/no-such-file", t, &f, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "no-such-file"), "missing raw file: %s", err);
}

/* ---- damaged copies ------------------------------------------------- */

typedef void (*damage_fn)(uint8_t *img, size_t n, const co_file_t *f);

static void expect_damage(const char *path, const char *what, damage_fn fn, const char *want)
{
    size_t n;
    uint8_t *img = slurp(path, &n);
    char err[512] = "";
    co_file_t f, g;
    if (!img || co_load_mem(path, img, n, &f, err, sizeof err)) {
        CHECK(0, "%s: the clean file loads (%s)", path, err);
        free(img);
        return;
    }
    fn(img, n, &f);
    co_free(&f);
    int rc = co_load_mem(path, img, n, &g, err, sizeof err);
    CHECK(rc != 0 && strncmp(err, path, strlen(path)) == 0 && strstr(err, ": offset 0x") && strstr(err, want) &&
              !strchr(err, '\n'),
          "%s: %s -> one line with file, offset and \"%s\"  [%s]", path, what, want, err);
    if (rc == 0)
        co_free(&g);
    free(img);
}

static void d_machine(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[18] = 62; p[19] = 0; }
static void d_class(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[4] = 1; }
static void d_endian(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[5] = 2; }
static void d_magic(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[1] = 'X'; }
static void d_shoff(uint8_t *p, size_t n, const co_file_t *f) { (void)f; wr64(p + 40, n - 10); }
static void d_mach(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[48] = 0x36; }
static void d_target(uint8_t *p, size_t n, const co_file_t *f) { (void)n; (void)f; p[48] = 0x2c; }

static size_t shdr(const uint8_t *p, const co_file_t *f, const co_section_t *s)
{
    return (size_t)(p[40] | p[41] << 8 | p[42] << 16 | (uint32_t)p[43] << 24) + (size_t)(s - f->secs) * 64;
}

static void d_text_size(uint8_t *p, size_t n, const co_file_t *f)
{
    wr64(p + shdr(p, f, section(f, ".text")) + 32, n);
}

/* The descriptors' section (.rodata) becomes SHT_NULL with its contents
 * "at" the last 8 bytes of the file: it must count as having no contents. */
static void d_kd_null_section(uint8_t *p, size_t n, const co_file_t *f)
{
    size_t h = shdr(p, f, section(f, ".rodata"));
    wr32(p + h + 4, 0);   /* sh_type = SHT_NULL */
    wr64(p + h + 24, n - 8);
}

static void d_note_size(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    wr32(p + section(f, ".note")->offset + 4, 0x7ffffff0);
}

static size_t desc_of_last_note(const uint8_t *p, const co_file_t *f, size_t *len)
{
    const co_section_t *s = section(f, ".note");
    size_t pos = (size_t)s->offset, end = pos + (size_t)s->size, desc = 0;
    while (pos + 12 <= end) {
        uint32_t nn = p[pos] | p[pos + 1] << 8, dn = p[pos + 4] | p[pos + 5] << 8 | p[pos + 6] << 16;
        desc = pos + 12 + ((nn + 3u) & ~3u);
        *len = dn;
        pos = desc + ((dn + 3u) & ~3u);
    }
    return desc;
}

static void d_msgpack(uint8_t *p, size_t n, const co_file_t *f)
{
    size_t len, d = desc_of_last_note(p, f, &len);
    (void)n;
    p[d + 1] = 0xc1;   /* the first key of the top-level map */
}

static void d_yaml(uint8_t *p, size_t n, const co_file_t *f)
{
    size_t len, d = desc_of_last_note(p, f, &len);
    (void)n;
    char *k = memmem(p + d, len, "\nKernels:", 9);
    if (k)
        memcpy(k, "\n\tKernel", 8);   /* a tab in the indentation */
}

/* The symbol table entry of a symbol (from .symtab). */
static uint8_t *sym_entry(uint8_t *p, const co_file_t *f, const char *name)
{
    const co_section_t *st = section(f, ".symtab"), *str = section(f, ".strtab");
    for (size_t i = 0; st && str && i < st->size / 24; i++) {
        uint8_t *e = p + st->offset + 24 * i;
        uint32_t nm = e[0] | e[1] << 8 | e[2] << 16;
        if (nm < str->size && strcmp((char *)p + str->offset + nm, name) == 0)
            return e;
    }
    return NULL;
}

static void d_sym_value(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    uint8_t *e = sym_entry(p, f, "lds_transpose");
    if (e)
        wr64(e + 8, f->text_addr + f->text_size + 0x100);
}

static void d_kd_entry(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    const co_section_t *ro = section(f, ".rodata");
    const co_kernel_t *k = co_find_kernel(f, "lds_reduce");
    wr64(p + ro->offset + (k->desc_addr - ro->addr) + 16, 0x100000);
}

static void d_v2_entry(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    const co_kernel_t *k = co_find_kernel(f, "lds_reduce");
    const co_section_t *t = section(f, ".text");
    wr64(p + t->offset + (k->desc_addr - t->addr) + 16, (uint64_t)-0x10000);
}

static void d_kd_symbol(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    uint8_t *e = sym_entry(p, f, "lds_reduce.kd");
    if (e)
        wr64(e + 8, 0xfffffffff0ull);
}

static void d_strtab(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    uint8_t *e = sym_entry(p, f, "lds_reduce");
    if (e)
        wr32(e, 0x7fffffff);
}

/* The v3+ descriptor of lds_reduce, a 32-bit field at off set to v. */
static void kd_field(uint8_t *p, const co_file_t *f, size_t off, uint32_t v)
{
    const co_section_t *ro = section(f, ".rodata");
    const co_kernel_t *k = co_find_kernel(f, "lds_reduce");
    wr32(p + ro->offset + (k->desc_addr - ro->addr) + off, v);
}

static void d_kd_lds(uint8_t *p, size_t n, const co_file_t *f) { (void)n; kd_field(p, f, 0, 65537); }
static void d_kd_scratch(uint8_t *p, size_t n, const co_file_t *f) { (void)n; kd_field(p, f, 4, 131057); }
static void d_kd_kernarg(uint8_t *p, size_t n, const co_file_t *f) { (void)n; kd_field(p, f, 8, 0xffffffffu); }

static void d_akc_kernarg(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    const co_kernel_t *k = co_find_kernel(f, "lds_reduce");
    const co_section_t *t = section(f, ".text");
    wr64(p + t->offset + (k->desc_addr - t->addr) + 72, 1ull << 40);
}

static void d_akc_lds(uint8_t *p, size_t n, const co_file_t *f)
{
    (void)n;
    const co_kernel_t *k = co_find_kernel(f, "lds_reduce");
    const co_section_t *t = section(f, ".text");
    wr32(p + t->offset + (k->desc_addr - t->addr) + 64, 0xffffffffu);
}

static void damaged(void)
{
    const char *v4 = DIR "lds-gfx803.co", *v2 = DIR "lds-gfx803-v2.co";
    expect_damage(v4, "e_machine x86-64", d_machine, "e_machine is 62 (x86-64), not EM_AMDGPU (224)");
    expect_damage(v4, "32-bit class", d_class, "ELF class 1");
    expect_damage(v4, "big-endian", d_endian, "big-endian");
    expect_damage(v4, "bad magic", d_magic, "not an ELF file");
    expect_damage(v4, "section headers past the end", d_shoff, "section header table");
    expect_damage(v4, "gfx10 machine", d_mach, "not a gfx6-gfx9 target");
    expect_damage(v4, "e_flags says gfx900", d_target, "disagrees with e_flags");
    expect_damage(v4, ".text size past the end", d_text_size, "run past the end of the file");
    expect_damage(v4, "note description size", d_note_size, "note description size");
    expect_damage(v4, "msgpack garbage", d_msgpack, "metadata: msgpack type byte 0xc1");
    expect_damage(v4, "symbol outside .text", d_sym_value, "lies outside .text");
    expect_damage(v4, "kd entry offset outside .text", d_kd_entry, "outside .text");
    expect_damage(v4, "kd symbol outside its section", d_kd_symbol, "kernel descriptor 'lds_reduce.kd'");
    expect_damage(v4, "kd in a SHT_NULL section", d_kd_null_section, "not inside a section with contents");
    expect_damage(v4, "symbol name outside the string table", d_strtab, "outside the string table");
    expect_damage(v2, "YAML with a tab", d_yaml, "metadata: YAML: tab");
    expect_damage(v2, "amd_kernel_code_t entry outside .text", d_v2_entry, "outside .text");
    expect_damage(v4, "kd LDS 64 KiB + 1", d_kd_lds,
                  "kernel 'lds_reduce': descriptor group_segment_fixed_size 65537 is more than the 65536 bytes");
    expect_damage(v4, "kd scratch 131057", d_kd_scratch, "private_segment_fixed_size 131057 is more than the 131056");
    expect_damage(v4, "kd kernarg 4 GiB - 1", d_kd_kernarg, "descriptor kernarg_size 4294967295 is more than the 65536");
    expect_damage(v2, "v2 kernarg 2^40 (was clamped to 32 bits)", d_akc_kernarg,
                  "amd_kernel_code_t kernarg_segment_byte_size 1099511627776");
    expect_damage(v2, "v2 LDS 4 GiB - 1", d_akc_lds, "workgroup_group_segment_byte_size 4294967295");
}

/* Names from the file are stored printable; the look-ups find kernels and
 * symbols by name and address. */
static void names_and_lookups(void)
{
    const char *path = DIR "lds-gfx803.co";
    size_t n;
    uint8_t *img = slurp(path, &n);
    char err[512];
    co_file_t f;
    if (!img || co_load_mem(path, img, n, &f, err, sizeof err)) {
        CHECK(0, "%s loads (%s)", path, err);
        free(img);
        return;
    }
    const co_kernel_t *r = co_find_kernel(&f, "lds_reduce"), *t = co_find_kernel(&f, "lds_transpose");
    CHECK(r && t && r != t && co_kernel_at(&f, r->desc_addr) == r && co_kernel_at(&f, t->desc_addr) == t &&
              co_kernel_at(&f, r->desc_addr + 4) == NULL && co_find_kernel(&f, "lds") == NULL &&
              co_find_kernel(&f, "lds_reduce.kd") == NULL,
          "co_find_kernel and co_kernel_at find both kernels, nothing else");
    size_t i = co_sym_after(&f, r->code_addr);
    CHECK(i > 0 && f.syms[i - 1].addr <= r->code_addr && (i == f.nsyms || f.syms[i].addr > r->code_addr) &&
              co_sym_after(&f, 0) == 0 && co_sym_after(&f, UINT64_MAX) == f.nsyms,
          "co_sym_after: the first symbol past an address");
    uint8_t *e = sym_entry(img, &f, "lds_reduce");
    const co_section_t *str = section(&f, ".strtab");
    if (e)
        memcpy(img + str->offset + (e[0] | e[1] << 8 | e[2] << 16), "l\x1b[2J\nP\xff\xc2\x85", 10);
    co_free(&f);
    if (co_load_mem(path, img, n, &f, err, sizeof err)) {
        CHECK(0, "%s with an escape sequence in a symbol name loads (%s)", path, err);
        free(img);
        return;
    }
    int found = 0;
    for (size_t k = 0; k < f.nsyms; k++)
        found += strcmp(f.syms[k].name, "l\\x1b[2J\\x0aP\\xff\\xc2\\x85") == 0;
    CHECK(found == 1 && co_find_kernel(&f, "lds_reduce") != NULL,
          "a symbol name with ESC, newline, a non-UTF-8 byte and C1 is stored escaped");
    co_free(&f);
    free(img);
}

/* Every truncation and many random mutations: no crash; each error is one
 * line naming the file. */
static void fuzz_file(const char *path)
{
    size_t n;
    uint8_t *img = slurp(path, &n);
    if (!img) {
        printf("SKIP: %s (missing)\n", path);
        return;
    }
    char err[512];
    co_file_t f;
    int bad = 0, loaded = 0;
    for (size_t len = 0; len < n; len += 1 + len / 64) {
        err[0] = 0;
        if (co_load_mem(path, img, len, &f, err, sizeof err) == 0) {
            loaded++;
            co_free(&f);
        } else if (strncmp(err, path, strlen(path)) != 0 || strchr(err, '\n')) {
            bad++;
        }
    }
    CHECK(bad == 0 && loaded == 0, "%s: truncations all fail with a one-line message (%d bad, %d loaded)", path,
          bad, loaded);
    uint8_t *m = malloc(n);
    unsigned seed = 12345;
    for (int i = 0; i < 3000; i++) {
        memcpy(m, img, n);
        for (int k = 0; k < 1 + i % 8; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 4) % n;
            if (i % 3 == 0)   /* aim at the headers and the section/symbol tables */
                at = i % 2 ? at % 64 : n - 1 - (seed >> 12) % (n < 1024 ? n : 1024);
            m[at] = (uint8_t)(seed >> 16 ^ seed >> 24);
        }
        err[0] = 0;
        if (co_load_mem(path, m, n, &f, err, sizeof err) == 0)
            co_free(&f);
        else if (strncmp(err, path, strlen(path)) != 0 || strchr(err, '\n'))
            bad++;
    }
    CHECK(bad == 0, "%s: 3000 mutated copies load or fail with a one-line message", path);
    free(m);
    free(img);
}

/* co_target_gfx against the target-id and ISA-name forms of the ABI
 * (LLVM AMDGPUUsage: v2 "amdgcn-amd-amdhsa-amdgizcl-gfx803" with an
 * environment component from old toolchains, v3 features with '+', v4+
 * with ':'). */
static void target_names(void)
{
    static const struct {
        const char *id, *want;
    } cases[] = {
        {"amdgcn-amd-amdhsa--gfx900:xnack-", "gfx900"},
        {"amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-", "gfx906"},
        {"amdgcn-amd-amdhsa--gfx900+xnack", "gfx900"},
        {"amdgcn-amd-amdhsa-amdgizcl-gfx803", "gfx803"},
        {"amdgcn-amd-amdhsa-opencl-gfx701", "gfx701"},
        {"amdgcn-amd-amdhsa--gfx803", "gfx803"},
        {"gfx803", "gfx803"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[32];
        co_target_gfx(cases[i].id, out, sizeof out);
        CHECK_STR(out, cases[i].want, "co_target_gfx(\"%s\")", cases[i].id);
    }
    char small[4];
    co_target_gfx("amdgcn-amd-amdhsa--gfx900", small, sizeof small);
    CHECK_STR(small, "gfx", "co_target_gfx truncates to the room given");
}

int main(void)
{
    FILE *probe = fopen(DIR "lds-gfx803.co", "rb");
    if (!probe) {
        printf("SKIP: test_codeobj (run from the repository root; " DIR " missing)\n");
        return 0;
    }
    fclose(probe);
    lds_file("-v2", 2);
    lds_file("-v3", 3);
    lds_file("", 4);
    lds_file("-v5", 5);
    versions_agree();
    raw_blob();
    damaged();
    names_and_lookups();
    target_names();
    fuzz_file(DIR "lds-gfx803.co");
    fuzz_file(DIR "lds-gfx803-v2.co");
    fuzz_file(DIR "atomics-gfx900-v5.co");
    char err[512];
    co_file_t f;
    CHECK(co_load("tests/no/such.co", &f, err, sizeof err) != 0 && strstr(err, "tests/no/such.co: No such file"),
          "missing file: %s", err);
    CHECK(co_load_mem("empty.co", "", 0, &f, err, sizeof err) != 0 && strstr(err, "empty.co: offset 0x0: empty file"),
          "empty input: %s", err);
    return check_done();
}
