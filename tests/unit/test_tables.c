/* test_tables.c — the instruction table is consistent: no two rows share an
 * opcode in any target, every signature parses, every target resolves. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "tests/unit/check.h"

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
    return check_done();
}
