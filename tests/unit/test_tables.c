/* test_tables.c — the instruction table is consistent: no two rows share an
 * opcode in any target, every signature parses, every target resolves. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "tests/unit/check.h"

/* The DS facts of the rows (ESIZE/FORM columns of ds.def): the same through
 * isa_ds_info() and the constants, consistent with each row's signature,
 * and what the hardware documents for a few forms. */
static void check_ds_rows(void)
{
    static const struct { unsigned op, esize, nel, stride; } known[] = {
        {ISA_OP_DS_READ_B32, 4, 1, 1},        {ISA_OP_DS_READ_U8, 1, 1, 1},
        {ISA_OP_DS_READ_I16, 2, 1, 1},        {ISA_OP_DS_READ_U16_D16_HI, 2, 1, 1},
        {ISA_OP_DS_WRITE_B8_D16_HI, 1, 1, 1}, {ISA_OP_DS_READ_B96, 12, 1, 1},
        {ISA_OP_DS_WRITE_B128, 16, 1, 1},     {ISA_OP_DS_READ2_B32, 4, 2, 1},
        {ISA_OP_DS_READ2ST64_B64, 8, 2, 64},  {ISA_OP_DS_WRITE2ST64_B32, 4, 2, 64},
        {ISA_OP_DS_WRXCHG2ST64_RTN_B64, 8, 2, 64}, {ISA_OP_DS_CMPST_RTN_B64, 8, 1, 1},
        {ISA_OP_DS_ADD_RTN_F32, 4, 1, 1},     {ISA_OP_DS_SWIZZLE_B32, 0, 1, 1},
        {ISA_OP_DS_APPEND, 4, 1, 1},          {ISA_OP_DS_READ_ADDTID_B32, 4, 1, 1},
    };
    int ok = 1;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        isa_ds_info_t d = isa_ds_info(known[i].op);
        if (d.esize != known[i].esize || d.nel != known[i].nel || d.stride != known[i].stride) {
            ok = 0;
            printf("%s: esize %u nel %u stride %u\n", isa_row(known[i].op)->name, d.esize, d.nel, d.stride);
        }
    }
    CHECK(ok, "DS element sizes and strides of representative forms");
    CHECK(ISA_DS_ESIZE_DS_READ2ST64_B64 == 8 && ISA_DS_STRIDE_DS_READ2ST64_B64 == 64 && ISA_DS_STRIDE_DS_READ2_B64 == 1 &&
              ISA_DS_ESIZE_DS_READ_I8_D16 == 1,
          "the DS constants come from the same columns");
    /* every DS row: the data a load returns / a store sends is nel elements */
    int sig_ok = 1, other_ok = 1;
    for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
        const isa_row_t *r = isa_row(op);
        isa_ds_info_t d = isa_ds_info(op);
        if (r->enc != ISA_ENC_DS) {
            other_ok &= d.esize == 0 && d.nel == 0 && d.stride == 0 && d.form == 0;
            continue;
        }
        unsigned want_dw = d.esize < 4 ? 1 : d.nel * d.esize / 4, bad = 0;
        if (d.nel != ((d.form & ISA_DS_OFF2) ? 2u : 1u) || d.stride != ((d.form & ISA_DS_ST64) ? 64u : 1u) ||
            ((d.form & ISA_DS_ST64) && !(d.form & ISA_DS_OFF2)))
            bad = 1;
        if ((r->flags & ISA_F_LOAD) && (!r->ndst || isa_otype_dwords(r->dst_t[0]) != want_dw))
            bad = 1;
        if ((r->flags & ISA_F_STORE) && r->nsrc >= 2) {
            unsigned per = d.esize < 4 ? 1 : d.esize / 4;
            for (unsigned k = 1; k < r->nsrc; k++)
                bad |= isa_otype_dwords(r->src_t[k]) != per;
        }
        if ((r->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC)) && !d.esize)
            bad = 1;
        if (bad) {
            sig_ok = 0;
            printf("%s: esize %u nel %u stride %u form 0x%x against \"%s\"\n", r->name, d.esize, d.nel, d.stride,
                   d.form, r->sig);
        }
    }
    CHECK(sig_ok, "every DS row's element size and count agree with its signature");
    CHECK(other_ok && isa_ds_info(ISA_OP_COUNT).esize == 0, "rows that are not DS have no DS facts");
}

int main(void)
{
    char err[256] = "";
    int bad = isa_check_tables(err, sizeof err);
    CHECK(!bad, "no two rows collide in any target and all signatures parse%s%s", bad ? ": " : "", err);

    static const char *gens[] = {"gfx6", "gfx7", "gfx8", "gfx9"};
    for (int g = 0; g < ISA_NGEN; g++) {
        unsigned n = isa_count_for_gen((unsigned)g);
        printf("rows in %s: %u\n", gens[g], n);
        CHECK(n > 0, "%s has instructions in the table", gens[g]);
    }
    int names_ok = 1;
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        const isa_row_t *r = isa_row(i);
        if (!r->name || !r->name[0] || r->timing >= ISA_T_COUNT || r->enc == ISA_ENC_INVALID) {
            names_ok = 0;
            printf("bad row %s\n", r->key);
        }
    }
    CHECK(names_ok, "every row has a mnemonic, an encoding family and a timing class");

    CHECK(isa_target_by_name("gfx803") && isa_target_by_name("gfx803")->gen == ISA_GFX8, "gfx803 is gfx8");
    CHECK(isa_target_by_name("amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-") == isa_target_by_name("gfx906"),
          "target-id suffixes resolve");
    CHECK(isa_target_by_mach(0x2c) == isa_target_by_name("gfx900"), "EF_AMDGPU_MACH 0x2c is gfx900");
    CHECK(isa_target_by_mach(0x23) == isa_target_by_name("gfx701"), "EF_AMDGPU_MACH 0x23 is gfx701");
    CHECK(isa_target_by_name("gfx1030") == NULL, "unknown targets are refused");
    check_ds_rows();
    return check_done();
}
