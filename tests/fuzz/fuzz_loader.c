/* fuzz_loader.c — libFuzzer target: load arbitrary bytes as a code object
 * (co_load_mem), then walk everything the loader returns the way `gcnsim
 * info` and `gcnsim disasm` do; look into them as a container of code
 * objects (co_container_scan: offload bundles, .hip_fatbin) and find each
 * kernel by its demangled names; read its DWARF line table and inlined
 * calls (srcline.h) and look every code address up.  A crash, a sanitizer report, a multi-line
 * or unnamed error message, or a returned range outside the image is a bug.
 * Seeds: the committed code objects (tests/kernels/bin).
 * fuzz-options: -max_len=32768
 * fuzz-runs: 25000
 * fuzz-runs-long: 150000 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/bundle.h"
#include "front/load/codeobj.h"
#include "front/load/demangle.h"
#include "front/load/srcline.h"
#include "sim/occupancy.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_loader: invariant broken: %s\n", what);
        abort();
    }
}

static int inside(const co_file_t *f, const uint8_t *p, uint64_t len)
{
    return p >= f->image && len <= f->size && (uint64_t)(p - f->image) <= f->size - len;
}

/* Touch every string and check the ranges of one kernel. */
static void walk_kernel(const co_file_t *f, const co_kernel_t *k)
{
    volatile size_t sum = strlen(k->name) + strlen(k->symbol) + strlen(k->language);
    for (size_t i = 0; i < k->nargs; i++) {
        const co_arg_t *a = &k->args[i];
        sum += strlen(a->name) + strlen(a->type_name) + strlen(a->kind_name) + strlen(a->access);
        sum += strlen(co_arg_kind_name(a->kind));
    }
    (void)sum;
    require(k->code_addr >= f->text_addr && k->code_addr - f->text_addr < f->text_size, "code inside .text");
    require(k->code_size <= f->text_size - (k->code_addr - f->text_addr), "code size inside .text");
    const uint8_t *code = co_bytes_at(f, k->code_addr, (size_t)k->code_size);
    require(code && inside(f, code, k->code_size), "co_bytes_at(code) inside the image");
    occ_input_t in = {occ_rsrc1_vgprs(k->desc.rsrc1), occ_rsrc1_sgprs(k->desc.rsrc1),
                      k->desc.group_segment_fixed_size, k->desc.private_segment_fixed_size, 256};
    occ_result_t r;
    if (occ_compute((isa_gen_t)f->target->gen, &in, &r) == 0)
        require(r.waves_per_simd >= 1 && r.waves_per_simd <= 10, "occupancy in 1..10");
}

/* The bytes as a container: entries inside, errors one named line. */
static void scan_container(const uint8_t *data, size_t size)
{
    co_container_t c;
    char err[512] = "";
    int rc = co_container_scan("fuzz.co", data, size, &c, err, sizeof err);
    if (rc < 0) {
        require(strncmp(err, "fuzz.co: ", 9) == 0 && strchr(err, '\n') == NULL, "container error: one named line");
        return;
    }
    for (size_t i = 0; i < c.n; i++)
        require(c.e[i].off <= size && c.e[i].size <= size - c.e[i].off && strlen(c.e[i].gfx) < sizeof c.e[i].gfx,
                "container entry inside the file");
    char list[256];
    co_container_gfx_list(&c, list, sizeof list);
    co_container_free(&c);
}

/* Each kernel is found by the forms of its demangled name. */
static void match_names(const co_file_t *f)
{
    for (size_t i = 0; i < f->nkernels; i++) {
        char d[1024], form[1024];
        int n;
        if (dm_demangle(f->kernels[i].name, d, sizeof d))
            continue;
        for (int level = 0; level <= 3; level++) {
            require(dm_form(d, level, form, sizeof form) == 0, "every form of a demangled name");
            const co_kernel_t *k = co_match_kernel(f, form, &n);
            require((k != NULL) == (n == 1), "one match, or a count of several");
        }
    }
}

/* The source lines (front/load/srcline.c): a table or one named error
 * line; every code address looked up; a line found is a line with code. */
static void walk_lines(const co_file_t *f)
{
    char err[512] = "";
    sl_table_t *t = sl_open(f, err, sizeof err);
    if (!t) {
        require(strncmp(err, "fuzz.co: ", 9) == 0 && strchr(err, '\n') == NULL, "line table error: one named line");
        return;
    }
    for (size_t i = 0; i < f->nkernels; i++) {
        const co_kernel_t *k = &f->kernels[i];
        for (uint64_t a = k->code_addr; a < k->code_addr + k->code_size && a - k->code_addr < 65536; a += 4) {
            sl_loc_t loc;
            sl_call_t calls[4];
            size_t n = sl_inlined(t, a, calls, 4);
            for (size_t c = 0; c < n && c < 4; c++)
                require(calls[c].func && calls[c].file, "an inlined call names its function and file");
            if (!sl_lookup(t, a, &loc))
                continue;
            require(loc.file && loc.line > 0 && sl_file(t, loc.file_id) == loc.file, "a line names its file");
            uint64_t addrs[8];
            int ambiguous;
            require(sl_line_addrs(t, loc.file, loc.line, addrs, 8, &ambiguous) > 0 || ambiguous,
                    "a line found at an address has code");
        }
    }
    sl_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    co_file_t f;
    char err[512];
    err[0] = 0;
    scan_container(data, size);
    if (co_load_mem("fuzz.co", data, size, &f, err, sizeof err)) {
        require(strncmp(err, "fuzz.co: ", 9) == 0, "error names the file");
        require(strchr(err, '\n') == NULL, "error is one line");
        return 0;
    }
    require(f.target != NULL && f.version >= 2 && f.version <= 5, "target and version set");
    require(f.text && inside(&f, f.text, f.text_size), ".text inside the image");
    for (size_t i = 0; i < f.nsyms; i++) {
        require(i == 0 || f.syms[i - 1].addr <= f.syms[i].addr, "symbols sorted");
        require(f.syms[i].addr >= f.text_addr && f.syms[i].addr - f.text_addr <= f.text_size, "symbol in .text");
        require(strlen(f.syms[i].name) > 0, "symbol named");
    }
    for (size_t i = 0; i < f.nkernels; i++) {
        walk_kernel(&f, &f.kernels[i]);
        require(co_find_kernel(&f, f.kernels[i].name) != NULL, "kernel findable by name");
    }
    match_names(&f);
    walk_lines(&f);
    for (size_t i = 0; i < f.nsecs; i++)
        require(f.secs[i].name != NULL, "section named");
    co_free(&f);
    return 0;
}
