/* test_occupancy.c — occupancy arithmetic against the worked examples of
 * GCN-FACTS §3.4 (the independent oracle) and the per-resource tables of
 * §3.2/§3.3.  (LLVM's own Occupancy remarks are compared in
 * tests/cli/test_info.py.) */
#include "sim/occupancy.h"
#include "tests/unit/check.h"

static occ_result_t run(isa_gen_t gen, unsigned v, unsigned s, unsigned lds, unsigned wg)
{
    occ_input_t in = {.vgprs = v, .sgprs = s, .lds_bytes = lds, .wg_size = wg};
    occ_result_t r;
    occ_compute(gen, &in, &r);
    return r;
}

static void worked_examples(void)
{
    /* 1. gfx803, 40 VGPRs, 30+6 SGPRs, 16 KiB LDS, WG 256 -> 4 (LDS) */
    unsigned s1 = 30 + occ_extra_sgprs(ISA_GFX8, 1, 1, 1);
    occ_result_t r = run(ISA_GFX8, 40, s1, 16384, 256);
    CHECK(s1 == 36, "example 1: gfx8 extra SGPRs VCC+FLAT_SCRATCH+XNACK = 6 (got %u)", s1 - 30);
    CHECK(r.limit[OCC_VGPRS] == 6, "example 1: VGPR limit 6 (got %u)", r.limit[OCC_VGPRS]);
    CHECK(r.limit[OCC_SGPRS] == 10, "example 1: SGPR limit 10 (got %u)", r.limit[OCC_SGPRS]);
    CHECK(r.lds_groups == 4 && r.limit[OCC_LDS] == 4, "example 1: 4 groups/CU, LDS limit 4 (got %u, %u)",
          r.lds_groups, r.limit[OCC_LDS]);
    CHECK(r.max_groups == 10 && r.limit[OCC_WG_SLOTS] == 10, "example 1: WG cap 10 (got %u, %u)",
          r.max_groups, r.limit[OCC_WG_SLOTS]);
    CHECK(r.waves_per_simd == 4 && r.limiter == OCC_LDS && !r.error,
          "example 1: occupancy 4 waves/SIMD limited by LDS (got %u, %s)", r.waves_per_simd,
          occ_limit_name(r.limiter));
    CHECK(r.groups_per_cu == 4, "example 1: 4 work-groups = 16 waves per CU (got %u)", r.groups_per_cu);

    /* 2. gfx701, 24 VGPRs, 50+4 SGPRs, no LDS, WG 64 -> 9 (SGPRs) */
    unsigned s2 = 50 + occ_extra_sgprs(ISA_GFX7, 1, 1, 0);
    r = run(ISA_GFX7, 24, s2, 0, 64);
    CHECK(s2 == 54, "example 2: gfx7 extra SGPRs FLAT_SCRATCH+VCC = 4 (got %u)", s2 - 50);
    CHECK(r.limit[OCC_VGPRS] == 10 && r.limit[OCC_SGPRS] == 9, "example 2: VGPR 10, SGPR 9 (got %u, %u)",
          r.limit[OCC_VGPRS], r.limit[OCC_SGPRS]);
    CHECK(r.max_groups == 40, "example 2: WG cap 40 single-wave groups (got %u)", r.max_groups);
    CHECK(r.waves_per_simd == 9 && r.limiter == OCC_SGPRS, "example 2: 9 waves/SIMD limited by SGPRs (got %u, %s)",
          r.waves_per_simd, occ_limit_name(r.limiter));

    /* 3. gfx900, 84 VGPRs, WG 1024, 32 KiB LDS: cannot be placed; 64 VGPRs -> 4 */
    r = run(ISA_GFX9, 84, 16, 32768, 1024);
    CHECK(r.limit[OCC_VGPRS] == 3 && r.wg_waves_per_simd == 4, "example 3: VGPR limit 3 < 4 needed (got %u, %u)",
          r.limit[OCC_VGPRS], r.wg_waves_per_simd);
    CHECK(r.waves_per_simd == 0 && r.error != NULL, "example 3: a 1024-item group with 84 VGPRs cannot be placed");
    r = run(ISA_GFX9, 64, 16, 32768, 1024);
    CHECK(r.limit[OCC_VGPRS] == 4 && r.lds_groups == 2 && r.limit[OCC_LDS] == 8,
          "example 3: 64 VGPRs -> VGPR 4, LDS 2 groups/CU = 8/SIMD (got %u, %u, %u)", r.limit[OCC_VGPRS],
          r.lds_groups, r.limit[OCC_LDS]);
    CHECK(r.waves_per_simd == 4 && r.limiter == OCC_VGPRS && r.groups_per_cu == 1,
          "example 3: 4 waves/SIMD, one 1024-item group per CU (got %u, %s, %u)", r.waves_per_simd,
          occ_limit_name(r.limiter), r.groups_per_cu);

    /* 4. gfx6, 32 VGPRs, 40+2 SGPRs, 20000 B LDS, WG 128 -> 2 (LDS) */
    r = run(ISA_GFX6, 32, 40 + occ_extra_sgprs(ISA_GFX6, 1, 0, 0), 20000, 128);
    CHECK(r.lds_alloc == 20224, "example 4: 20000 B rounds to 20224 B on gfx6 (got %u)", r.lds_alloc);
    CHECK(r.lds_groups == 3, "example 4: 3 groups per CU (got %u)", r.lds_groups);
    CHECK(r.limit[OCC_VGPRS] == 8 && r.limit[OCC_SGPRS] == 10, "example 4: VGPR 8, SGPR 10 (got %u, %u)",
          r.limit[OCC_VGPRS], r.limit[OCC_SGPRS]);
    CHECK(r.waves_per_simd == 2 && r.limiter == OCC_LDS, "example 4: 2 waves/SIMD limited by LDS (got %u, %s)",
          r.waves_per_simd, occ_limit_name(r.limiter));

    /* 5. gfx803 12 + 6 = 18 SGPRs -> SGPRBlocks 2, gfx900 14 -> 1, VGPRBlocks 0 */
    CHECK(occ_sgpr_blocks(12 + occ_extra_sgprs(ISA_GFX8, 1, 1, 0)) == 2, "example 5: gfx803 18 SGPRs -> SGPRBlocks 2");
    CHECK(occ_sgpr_blocks(14) == 1, "example 5: gfx900 14 SGPRs -> SGPRBlocks 1");
    CHECK(occ_vgpr_blocks(3) == 0 && occ_vgpr_blocks(0) == 0, "example 5: VGPRBlocks 0 for <= 4 VGPRs");
    r = run(ISA_GFX8, 4, 18, 0, 256);
    CHECK(r.waves_per_simd == 10, "example 5: occupancy 10 (got %u)", r.waves_per_simd);
}

/* §3.2: waves/SIMD from VGPRs (gfx6-9): <=24:10 <=28:9 <=32:8 <=36:7 <=40:6 <=48:5 <=64:4 <=84:3 <=128:2 else 1 */
static void vgpr_table(void)
{
    static const unsigned hi[] = {24, 28, 32, 36, 40, 48, 64, 84, 128, 256};
    static const unsigned w[] = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    int bad = 0;
    for (unsigned g = ISA_GFX6; g <= ISA_GFX9; g++) {
        unsigned lo = 1;
        for (int i = 0; i < 10; i++) {
            for (unsigned v = lo; v <= hi[i]; v++)
                if (run((isa_gen_t)g, v, 16, 0, 64).limit[OCC_VGPRS] != w[i]) {
                    printf("      gen %u: %u VGPRs -> %u, want %u\n", g, v,
                           run((isa_gen_t)g, v, 16, 0, 64).limit[OCC_VGPRS], w[i]);
                    bad++;
                }
            lo = hi[i] + 1;
        }
    }
    CHECK(bad == 0, "VGPR limit table of GCN-FACTS 3.2 for 1..256 VGPRs on gfx6-9");
}

/* SGPR limits from the allocation granule: gfx6/7 512 SGPRs in 8s
 * (<=48:10 <=56:9 <=64:8 <=72:7 <=80:6 <=96:5, as §3.2 and CLRX), gfx8/9
 * 800 in 16s (<=80:10, then 96:8, 112:7). */
static void sgpr_table(void)
{
    static const struct {
        isa_gen_t g;
        unsigned s, w;
    } t[] = {
        {ISA_GFX6, 48, 10}, {ISA_GFX6, 49, 9}, {ISA_GFX6, 56, 9}, {ISA_GFX6, 64, 8}, {ISA_GFX6, 72, 7},
        {ISA_GFX7, 80, 6},  {ISA_GFX7, 81, 5}, {ISA_GFX7, 96, 5}, {ISA_GFX7, 104, 4},
        {ISA_GFX8, 80, 10}, {ISA_GFX8, 81, 8}, {ISA_GFX8, 96, 8}, {ISA_GFX8, 97, 7},
        {ISA_GFX9, 16, 10}, {ISA_GFX9, 88, 8}, {ISA_GFX9, 112, 7},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        occ_result_t r = run(t[i].g, 4, t[i].s, 0, 64);
        CHECK(r.limit[OCC_SGPRS] == t[i].w, "gen %d: %u SGPRs -> %u waves/SIMD (got %u)", t[i].g, t[i].s,
              t[i].w, r.limit[OCC_SGPRS]);
    }
}

static void extras_and_encoding(void)
{
    CHECK(occ_extra_sgprs(ISA_GFX6, 1, 0, 0) == 2, "gfx6 extra SGPRs: VCC 2");
    CHECK(occ_extra_sgprs(ISA_GFX7, 1, 1, 0) == 4, "gfx7 extra SGPRs with flat scratch: 4");
    CHECK(occ_extra_sgprs(ISA_GFX7, 1, 0, 1) == 2, "gfx7 has no XNACK_MASK: 2");
    CHECK(occ_extra_sgprs(ISA_GFX8, 1, 0, 1) == 4, "gfx8 extra SGPRs with XNACK: 4");
    CHECK(occ_extra_sgprs(ISA_GFX9, 1, 1, 0) == 6, "gfx9 extra SGPRs with flat scratch: 6");
    CHECK(occ_extra_sgprs(ISA_GFX9, 0, 0, 0) == 0, "no VCC, no extras: 0");
    /* vadd gfx803: rsrc1 0x00ac0041 -> 8 VGPRs, 16 SGPRs (GCN-FACTS 5.2) */
    CHECK(occ_rsrc1_vgprs(0x00ac0041) == 8 && occ_rsrc1_sgprs(0x00ac0041) == 16,
          "rsrc1 0x00ac0041 encodes 8 VGPRs and 16 SGPRs");
    CHECK(occ_vgpr_blocks(40) == 9 && occ_sgpr_blocks(36) == 4, "blocks: 40 VGPRs -> 9, 36 SGPRs -> 4");
}

static void granules_and_limits(void)
{
    occ_result_t r = run(ISA_GFX8, 5, 11, 0, 256);
    CHECK(r.vgprs_alloc == 8 && r.sgprs_alloc == 16, "gfx8 granules: 5 VGPRs -> 8, 11 SGPRs -> 16 (got %u, %u)",
          r.vgprs_alloc, r.sgprs_alloc);
    r = run(ISA_GFX7, 5, 11, 1, 64);
    CHECK(r.sgprs_alloc == 16 && r.lds_alloc == 512, "gfx7 granules: 11 SGPRs -> 16, 1 B LDS -> 512 (got %u, %u)",
          r.sgprs_alloc, r.lds_alloc);
    r = run(ISA_GFX6, 5, 9, 1, 64);
    CHECK(r.sgprs_alloc == 16 && r.lds_alloc == 256, "gfx6 granules: 9 SGPRs -> 16, 1 B LDS -> 256 (got %u, %u)",
          r.sgprs_alloc, r.lds_alloc);
    r = run(ISA_GFX9, 4, 16, 0, 256);
    CHECK(r.waves_per_simd == 10 && r.limiter == OCC_WAVE_SLOTS, "small kernel: 10 waves/SIMD, wave slots");
    r = run(ISA_GFX9, 4, 16, 0, 128);
    CHECK(r.max_groups == 16 && r.limit[OCC_WG_SLOTS] == 8 && r.waves_per_simd == 8,
          "2-wave groups: 16 barrier slots -> 8 waves/SIMD (got %u, %u)", r.max_groups, r.waves_per_simd);
    r = run(ISA_GFX9, 4, 16, 0, 1024);
    CHECK(r.max_groups == 2 && r.waves_per_simd == 8, "1024-item groups: 40/16 = 2 per CU -> 8 waves/SIMD");
    r = run(ISA_GFX9, 4, 16, 0, 65);
    CHECK(r.waves_per_wg == 2, "65 work-items take 2 waves");
    r = run(ISA_GFX6, 4, 16, 32768 + 1, 64);
    CHECK(r.error && r.waves_per_simd == 0, "gfx6: more than 32 KiB LDS per group cannot be placed");
    r = run(ISA_GFX7, 4, 16, 32768 + 1, 64);
    CHECK(!r.error && r.lds_groups == 1 && r.limit[OCC_LDS] == 1, "gfx7: 32 KiB + 1 B LDS: one group per CU");
    r = run(ISA_GFX7, 4, 16, 65536 + 1, 64);
    CHECK(r.error != NULL, "gfx7: more than 64 KiB LDS cannot be placed");
    r = run(ISA_GFX9, 4, 16, 0, 1025);
    CHECK(r.error != NULL, "work-group of 1025 items is rejected");
    r = run(ISA_GFX9, 4, 16, 0, 0);
    CHECK(r.error != NULL, "work-group of 0 items is rejected");
    r = run(ISA_GFX9, 257, 16, 0, 64);
    CHECK(r.error != NULL, "257 VGPRs are rejected");
    r = run(ISA_GFX9, 4, 16, 0, 64);
    r.scratch_per_wave = 0;
    occ_input_t in = {.vgprs = 4, .sgprs = 16, .scratch_bytes = 260, .wg_size = 64};
    occ_compute(ISA_GFX8, &in, &r);
    CHECK(r.scratch_per_wave == 17408, "260 B scratch per item -> 17408 B per wave (1 KiB granule) (got %u)",
          r.scratch_per_wave);
    CHECK(occ_compute(ISA_NGEN, &in, &r) != 0 && r.error, "unknown generation is an error");
    CHECK(occ_params(ISA_GFX6)->lds_per_group_max == 32768 && occ_params(ISA_GFX9)->sgprs_per_simd == 800,
          "parameter table: gfx6 32 KiB per group, gfx9 800 SGPRs");
}

int main(void)
{
    worked_examples();
    vgpr_table();
    sgpr_table();
    extras_and_encoding();
    granules_and_limits();
    return check_done();
}
