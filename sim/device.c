/* device.c — the device presets (data), their parameters' sources, and
 * overriding a parameter by name.  Facts cite GCN-FACTS sections and the
 * source tags used there; values with no published primary number are
 * marked "calibration:" with the reasoning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/device.h"

/* ---- parameter names ------------------------------------------------------ */

static const struct {
    const char *key, *unit, *desc;
} params[DEV_NPARAMS] = {
#define DEV_PARAM_ROW(key, unit, desc) {#key, unit, desc},
    DEV_PARAM_LIST(DEV_PARAM_ROW)
#undef DEV_PARAM_ROW
};

/* ---- sources shared by every preset --------------------------------------- */

/* Latencies have no primary published numbers (GCN-FACTS 4.4): they are
 * calibration choices, the same number of cycles on every preset (the
 * caches and the CU run in the shader clock domain).  DRAM latency is a
 * time, converted per preset (see DRAM_SRC). */
static const char *const shared_src[DEV_NPARAMS] = {
    [DEV_wave_slots] = "GCN-FACTS 1.1 [LLVM] getMaxWavesPerEU: 10 on gfx6-gfx9",
    [DEV_valu_sgpr_delay] = "GCN-FACTS 1.2/1.4 [CLRX] GcnTimings: VALU writes SGPR -> SALU reads, 16 cycles measured",
    [DEV_branch_taken] = "GCN-FACTS 1.2 [CLRX] GcnTimings: jumps ~20 cycles if taken",
    [DEV_branch_not_taken] = "GCN-FACTS 1.2 [CLRX] GcnTimings: jumps 4 cycles not taken",
    [DEV_wg_launch] = "calibration: no published number; order of the SPI's register "
                      "initialisation (user/system SGPRs, up to 3 VGPRs of work-item ids at "
                      "16 lanes/clock) and slot allocation; same on every preset",
    [DEV_barrier_latency] = "calibration: no published number (LLVM's 500 is a scheduling guess, "
                            "GCN-FACTS 1.4); a few issue cycles after the last wave arrives; same on every preset",
    [DEV_lds_latency] = "calibration: no published number (GCN-FACTS 4.1: LLVM says 'between 2 and 64', "
                        "MGPUSim 14); the upper end, 64; same on every preset",
    [DEV_smem_latency] = "calibration: no published number (GCN-FACTS 4.4: 'much lower' than vector "
                         "memory); 40 cycles, a third of the L1 hit; same on every preset",
    [DEV_ifetch_lines] = "calibration: no published number; 10 lines (640 B) ahead stream 8-byte "
                         "instructions at full rate (one per 4 cycles: 320 cycles) from the L2 (l2_latency 288): GCN-FACTS 1.2 "
                         "[CLRX] 'GCN 1.2 can fetch double-dword instructions at full speed'; same on every preset",
    [DEV_l1_kib] = "GCN-FACTS 4.2 [KFD] [MESA] TCP L1 16 KiB per CU, 64 B lines, gfx6-gfx9",
    [DEV_l1_ways] = "GCN-FACTS 4.2 [UNVERIFIED] whitepaper: vector L1 4-way (MGPUSim R9 Nano: 4-way)",
    [DEV_l1_latency] = "calibration: fitted to: L1 (CSCS pointer chase within the vector L1 on ault:amdvega, "
                       "gfx906-class: 140 cycles per load, of which 4 are the chase's own instructions): "
                       "136 cycles load-to-use for an L1 hit; same on every preset (no number for gfx6-gfx8)",
    [DEV_l2_ways] = "GCN-FACTS 4.2 [UNVERIFIED] whitepaper: L2 16-way (MGPUSim R9 Nano: 16-way)",
    [DEV_launch_ns] = "calibration: fitted to: O14 (CSCS kernel_latency on ault:amdvega, gfx906-class: empty "
                      "kernel <<<1,1>>> launched back to back, 2.64 us per launch) less the empty kernel's own "
                      "simulated time on mi50 (317 cycles at 1200 MHz: 0.26 us): 2380 ns; same on every preset "
                      "(no published number for gfx6-gfx8)",
    [DEV_wave_launch] = "calibration: no published number (CALIBRATION.md gap 5); one wave per cycle per "
                        "shader engine's workgroup manager; same on every preset",
    [DEV_l2_mshr] = "calibration: no published number (MGPUSim's R9 Nano L2: 64 MSHRs per bank); "
                    "fitted to: B10-B23 (enough misses in flight for the data-sheet bandwidth at the "
                    "DRAM latency); same on every preset",
    [DEV_tlb_l1_entries] = "calibration: no published number for GCN (omniperf's vL1D: a UTCL1 with an L1 "
                           "TLB per CU, size not given); MGPUSim's R9 Nano model: 64 entries, fully associative; "
                           "no dataset here moves with it (FluidX3D, 38 fragments per cell: within 1% at 32); "
                           "same on every preset",
    [DEV_tlb_l1_misses] = "calibration: no published number; MGPUSim's R9 Nano model: 16 MSHRs in its L1 "
                          "vector TLB; same on every preset",
    [DEV_tlb_l2_entries] = "Linux commit 352e683b (drm/amdgpu, 2022): the gfx9 UTCL2 reaches 8 GiB, at 2 MiB "
                           "fragments 4096 entries; the same number assumed on gfx6-gfx8 (no published size)",
    [DEV_tlb_l2_latency] = "calibration: no published number; the round trip beyond the L1 to the L2 block "
                           "where the UTCL2 sits: l2_latency - l1_latency = 288 - 136 = 152 cycles; same on every preset",
    [DEV_l2_latency] = "calibration: fitted to: L2 (CSCS pointer chase within the L2 on ault:amdvega, "
                       "gfx906-class: 290 cycles per load): 288 cycles load-to-use for an L2 hit (L1 miss, "
                       "crossbar to the channel and back); same on every preset (no number for gfx6-gfx8)",
};

/* ---- sources that depend on the generation -------------------------------- */

#define K_GFX6 "GCN-FACTS 4.2 [UNVERIFIED] whitepaper: K$ 16 KiB shared by up to 4 CUs (gfx6)"
#define K_GFX7 "GCN-FACTS 4.2 and 7 item 4: 16 KiB K$ per group of up to 4 CUs (KFD lists the same " \
               "hardware per bank: 8 KiB, 2 CUs)"
#define K_GFX8 "GCN-FACTS 4.2 [KFD] fiji/polaris: K$ 16 KiB shared by 4 CUs"
#define K_GFX9 "GCN-FACTS 4.2 [KFD] [ROCM-DOC] gpu-specs: K$ 16 KiB shared by 3 CUs on gfx9"
#define I_GFX6 "GCN-FACTS 4.2 [UNVERIFIED] whitepaper: I$ 32 KiB shared by up to 4 CUs (gfx6)"
#define I_GFX7 "GCN-FACTS 4.2 and 7 item 4: 32 KiB I$ per group of up to 4 CUs (KFD lists the same " \
               "hardware per bank: 16 KiB, 2 CUs)"
#define I_GFX8 "GCN-FACTS 4.2 [KFD] fiji/polaris: I$ 32 KiB shared by 4 CUs"
#define I_GFX9 "GCN-FACTS 4.2 [KFD] [ROCM-DOC] gpu-specs: I$ 32 KiB shared by 3 CUs on gfx9"

#define MUL32_FAST "calibration: fitted to: C2-C4, C10-C14 (clpeak INT32/SP = 0.337 on Hawaii R9 290X, R9 390, W8100 " \
                 "and 0.33-0.34 on Vega 20 MI50, Radeon VII, Radeon Pro VII, against 0.20 on Tahiti, Fiji, Tonga, " \
                 "Polaris, Cape Verde, Bonaire: y*x+y as v_mul_lo_u32 + v_add at 8 + 4 cycles); CLRX's 16 " \
                 "(GCN-FACTS 1.3) measured on other chips"
#define MUL32_SLOW "GCN-FACTS 1.3 [CLRX] v_mul_lo_u32 16 cycles; clpeak INT32/SP = 0.20 on Tahiti, Fiji, Tonga, Polaris " \
                 "(C1, C5-C9: v_mul_lo_u32 + v_add at 16 + 4 cycles)"

#define FMA_FAST(chip) "GCN-FACTS 1.3 [CLRX] v_fma_f32 4 cycles on DP >= 1/8 parts; [LLVM] fast-fmaf on " chip
#define FMA_SLOW(chip) "GCN-FACTS 1.3 [CLRX] v_fma_f32 16 cycles on DP 1/16 parts; [LLVM] no fast-fmaf on " chip

#define DRAM_SRC(mhz, cyc) "calibration: fitted to: L3 (CSCS pointer chase into DRAM on ault:amdvega, " \
                           "625 cycles per load on the mi50 preset): 232 ns from the L2 miss's DRAM burst " \
                           "to the data's return (set by the memory, not the shader clock), at " mhz " MHz = " cyc " cycles"

/* DRAM organisation and timing per memory type.  The organisation (bus
 * width per channel, banks, row size) is the JEDEC standard's; the
 * timings are the standards' typical speed-bin values where cited, else
 * calibration choices. */
#define GDDR5_SRC_CH(bus) "GCN-FACTS 4.5: " bus "-bit GDDR5 = " bus "/32 chips of 32 bits, each an independent " \
                          "channel (JESD212 x32 mode)"
#define GDDR5_VALUES(ch) [DEV_dram_channels] = ch, [DEV_dram_banks] = 16, [DEV_dram_page] = 2048, \
    [DEV_dram_row_ns] = 24, [DEV_dram_act_ns] = 6, [DEV_dram_refi_ns] = 1953, [DEV_dram_rfc_ns] = 65, \
    [DEV_dram_turn_ns] = 10, [DEV_dram_wq] = 20
#define GDDR5_SRCS(bus) \
    [DEV_dram_channels] = GDDR5_SRC_CH(bus), \
    [DEV_dram_banks] = "JESD212 GDDR5: 16 banks in 4 bank groups", \
    [DEV_dram_page] = "JESD212 GDDR5 x32: 2 KiB page [UNVERIFIED datasheet]", \
    [DEV_dram_row_ns] = "calibration: tRP + tRCD of 2-4 Gb GDDR5 speed bins, about 12 + 12 ns [UNVERIFIED]", \
    [DEV_dram_act_ns] = "calibration: tRRD of GDDR5, about 6 ns [UNVERIFIED]", \
    [DEV_dram_refi_ns] = "JESD212 GDDR5: 16K refreshes per 32 ms = 1953 ns", \
    [DEV_dram_rfc_ns] = "calibration: tRFC of 2 Gb GDDR5, about 65 ns [UNVERIFIED]", \
    [DEV_dram_turn_ns] = "calibration: tWTR + tRTW of GDDR5, about 10 ns [UNVERIFIED]", \
    [DEV_dram_wq] = "calibration: fitted to: B1, B2, B6, B8 (BabelStream Copy/Mul/Add/Triad: 20 lines " \
                    "per batch, 16 to 32 tried; the write batches' turnarounds set the read-write efficiency)"
#define HBM_VALUES(ch, banks, page, rfc) [DEV_dram_channels] = ch, [DEV_dram_banks] = banks, \
    [DEV_dram_page] = page, [DEV_dram_row_ns] = 28, [DEV_dram_act_ns] = 4, [DEV_dram_refi_ns] = 3900, \
    [DEV_dram_rfc_ns] = rfc, [DEV_dram_turn_ns] = 10, [DEV_dram_wq] = 20
#define HBM_SRCS(chsrc, banksrc, pagesrc, rfcsrc) \
    [DEV_dram_channels] = chsrc, [DEV_dram_banks] = banksrc, [DEV_dram_page] = pagesrc, \
    [DEV_dram_row_ns] = "calibration: tRP + tRCD of HBM, about 14 + 14 ns [UNVERIFIED]", \
    [DEV_dram_act_ns] = "calibration: tRRD of HBM, about 4 ns [UNVERIFIED]", \
    [DEV_dram_refi_ns] = "JESD235 HBM: tREFI 3.9 us [UNVERIFIED]", \
    [DEV_dram_rfc_ns] = rfcsrc, \
    [DEV_dram_turn_ns] = "calibration: tWTR + tRTW of HBM, about 10 ns [UNVERIFIED]", \
    [DEV_dram_wq] = "calibration: fitted to: B1, B2, B6, B8 (BabelStream Copy/Mul/Add/Triad: 20 lines " \
                    "per batch, 16 to 32 tried; the write batches' turnarounds set the read-write efficiency)"

#define SHARED_VALUES \
    [DEV_wave_slots] = 10, [DEV_valu_sgpr_delay] = 16, [DEV_branch_taken] = 20, \
    [DEV_branch_not_taken] = 4, [DEV_wg_launch] = 64, [DEV_barrier_latency] = 16, \
    [DEV_lds_latency] = 64, [DEV_smem_latency] = 40, [DEV_l1_kib] = 16, [DEV_l1_ways] = 4, \
    [DEV_l1_latency] = 136, [DEV_l2_ways] = 16, [DEV_l2_latency] = 288, [DEV_ifetch_lines] = 10, [DEV_l2_mshr] = 512, \
    [DEV_launch_ns] = 2380, [DEV_wave_launch] = 1, \
    [DEV_tlb_l1_entries] = 64, [DEV_tlb_l1_misses] = 16, [DEV_tlb_l2_entries] = 4096, [DEV_tlb_l2_latency] = 152

#define CACHES_GFX6_8 [DEV_scalar_cache_kib] = 16, [DEV_scalar_cache_cus] = 4, \
                      [DEV_icache_kib] = 32, [DEV_icache_cus] = 4, [DEV_tlb_frag_kib] = 64, [DEV_tlb_walk_levels] = 2
#define CACHES_GFX9   [DEV_scalar_cache_kib] = 16, [DEV_scalar_cache_cus] = 3, \
                      [DEV_icache_kib] = 32, [DEV_icache_cus] = 3, [DEV_tlb_frag_kib] = 2048, [DEV_tlb_walk_levels] = 3

/* Address translation per generation (Linux's amdgpu driver, which sets
 * up the GPU's page tables). */
#define TLB_GFX6_8 [DEV_tlb_frag_kib] = "Linux amdgpu_drv.c vm_fragment_size: '4 = 64K (default)' on gfx6-gfx8", \
    [DEV_tlb_walk_levels] = "Linux gmc_v6_0/v7_0/v8_0.c amdgpu_vm_adjust_size(adev, 64, 9, 1, 40): max level 1, " \
                            "a page directory and a page table"
#define TLB_GFX9 [DEV_tlb_frag_kib] = "Linux gmc_v9_0.c amdgpu_vm_adjust_size(adev, 256 * 1024, 9, 3, 48): " \
                                      "fragment size 9 = 2 MiB on gfx9", \
    [DEV_tlb_walk_levels] = "Linux gmc_v9_0.c amdgpu_vm_adjust_size(..., 9, 3, 48): four levels, of which the " \
                            "last is skipped for 2 MiB fragments (the PDB0 entry maps them: AMDGPU_PDE_PTE)"

/* ---- the presets ------------------------------------------------------------ */

typedef struct {
    device_t d;
    const char *src[DEV_NPARAMS];   /* this preset's sources; NULL: shared_src */
} preset_t;

static const preset_t presets[] = {
    {{"hd-7970", "Radeon HD 7970 (Tahiti XT)", "gfx600", ISA_GFX6,
      {SHARED_VALUES, CACHES_GFX6_8, [DEV_cus] = 32, [DEV_clock_mhz] = 925, [DEV_dp_factor] = 2,
       [DEV_fast_fma] = 1, [DEV_shader_engines] = 2, [DEV_mul32_cycles] = 16, [DEV_l2_kib] = 768, [DEV_l2_channels] = 12, [DEV_dram_latency] = 215,
       [DEV_dram_gbps] = 264, [DEV_mem_mib] = 3072, GDDR5_VALUES(12)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v6_0: 2 SE x 2 SH x 8 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5: 925 MHz engine clock (no boost on the HD 7970) [UNVERIFIED]",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [CLRX] DPFACTOR 2 (DP 1/4) on Tahiti HD 7970",
      [DEV_fast_fma] = FMA_FAST("tahiti"),
      [DEV_shader_engines] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v6_0: Tahiti 2 SE x 2 SH x 8 CUs",
      [DEV_mul32_cycles] = MUL32_SLOW,
      [DEV_scalar_cache_kib] = K_GFX6, [DEV_scalar_cache_cus] = K_GFX6,
      [DEV_icache_kib] = I_GFX6, [DEV_icache_cus] = I_GFX6, TLB_GFX6_8,
      [DEV_l2_kib] = "GCN-FACTS 4.2 [MESA] Tahiti 64 KiB per channel x 12 = 768 KiB; [SPEC] guru3d '768KB'",
      [DEV_l2_channels] = "GCN-FACTS 4.2 [AMDGPU-KMD] gfx_v6_0 TAHITI max_texture_channel_caches 12",
      [DEV_dram_latency] = DRAM_SRC("925", "215"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 384-bit GDDR5, twelve 32-bit chips; [SPEC] 3 GB: 2 Gbit (256 MiB) chips",
      [DEV_dram_gbps] = "GCN-FACTS 4.5: 384-bit GDDR5; [SPEC] HD 7970 memory at 5.5 Gbps: 384/8 x 5.5 = 264 GB/s",
      GDDR5_SRCS("384")}},

    {{"r9-290x", "Radeon R9 290X (Hawaii XT)", "gfx701", ISA_GFX7,
      {SHARED_VALUES, CACHES_GFX6_8, [DEV_cus] = 44, [DEV_clock_mhz] = 1000, [DEV_dp_factor] = 4,
       [DEV_fast_fma] = 1, [DEV_shader_engines] = 4, [DEV_mul32_cycles] = 8, [DEV_l2_kib] = 1024, [DEV_l2_channels] = 16, [DEV_dram_latency] = 232,
       [DEV_dram_gbps] = 320, [DEV_mem_mib] = 4096, GDDR5_VALUES(16)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v7_0: 4 SE x 11 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5: 'up to' 1000 MHz, the only published engine clock (no base "
                        "clock; reference boards throttle below it)",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [CLRX] DPFACTOR 4 (DP 1/8) on consumer Hawaii R9 290/290X",
      [DEV_fast_fma] = FMA_FAST("hawaii"),
      [DEV_shader_engines] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v7_0: Hawaii 4 SE x 11 CUs",
      [DEV_mul32_cycles] = MUL32_FAST,
      [DEV_scalar_cache_kib] = K_GFX7, [DEV_scalar_cache_cus] = K_GFX7,
      [DEV_icache_kib] = I_GFX7, [DEV_icache_cus] = I_GFX7, TLB_GFX6_8,
      [DEV_l2_kib] = "GCN-FACTS 4.2/4.5 [MESA] Hawaii 64 KiB per channel x 16 = 1 MiB",
      [DEV_l2_channels] = "GCN-FACTS 4.2 [AMDGPU-KMD] gfx_v7_0 HAWAII max_texture_channel_caches 16",
      [DEV_dram_latency] = DRAM_SRC("1000", "232"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 512-bit GDDR5, sixteen 32-bit chips; [SPEC] 4 GB: 2 Gbit (256 MiB) chips",
      [DEV_dram_gbps] = "GCN-FACTS 4.5 [SPEC] 512-bit GDDR5 at 5 Gbps = 320 GB/s",
      GDDR5_SRCS("512")}},

    {{"r9-nano", "Radeon R9 Nano (Fiji XT)", "gfx803", ISA_GFX8,
      {SHARED_VALUES, CACHES_GFX6_8, [DEV_cus] = 64, [DEV_clock_mhz] = 1000, [DEV_dp_factor] = 8,
       [DEV_fast_fma] = 0, [DEV_shader_engines] = 4, [DEV_mul32_cycles] = 16, [DEV_l2_kib] = 2048, [DEV_l2_channels] = 16, [DEV_dram_latency] = 232,
       [DEV_dram_gbps] = 512, [DEV_mem_mib] = 4096, HBM_VALUES(32, 8, 2048, 160)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v8_0 FIJI: 4 SE x 16 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5 [SPEC]: 'up to' 1000 MHz, the only published engine clock "
                        "(no base clock; 175 W limit lowers it under load)",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [CLRX] DPFACTOR 8 (DP 1/16) on Fiji",
      [DEV_fast_fma] = FMA_SLOW("fiji"),
      [DEV_shader_engines] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v8_0 FIJI: 4 SE x 16 CUs",
      [DEV_mul32_cycles] = MUL32_SLOW,
      [DEV_scalar_cache_kib] = K_GFX8, [DEV_scalar_cache_cus] = K_GFX8,
      [DEV_icache_kib] = I_GFX8, [DEV_icache_cus] = I_GFX8, TLB_GFX6_8,
      [DEV_l2_kib] = "GCN-FACTS 4.2/4.5 [MESA] Fiji 128 KiB per channel x 16 = 2 MiB",
      [DEV_l2_channels] = "GCN-FACTS 4.2 [AMDGPU-KMD] gfx_v8_0 FIJI max_texture_channel_caches 16",
      [DEV_dram_latency] = DRAM_SRC("1000", "232"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 4096-bit HBM, four 1024-bit stacks; [SPEC] 4 GB: 1 GiB per first-generation HBM stack",
      [DEV_dram_gbps] = "GCN-FACTS 4.5 [SPEC] 4096-bit HBM at 500 MHz (1 Gbps) = 512 GB/s",
      HBM_SRCS("GCN-FACTS 4.5: 4096-bit HBM = 4 stacks x 8 channels of 128 bits (JESD235)",
               "JESD235 HBM (1 GiB stacks, 1 Gb per channel): 8 banks [UNVERIFIED]",
               "JESD235 HBM: 2 KiB page per channel [UNVERIFIED]",
               "calibration: tRFC of HBM, about 160 ns [UNVERIFIED]")}},

    {{"rx-480", "Radeon RX 480 (Polaris 10)", "gfx803", ISA_GFX8,
      {SHARED_VALUES, CACHES_GFX6_8, [DEV_cus] = 36, [DEV_clock_mhz] = 1120, [DEV_dp_factor] = 8,
       [DEV_fast_fma] = 0, [DEV_shader_engines] = 4, [DEV_mul32_cycles] = 16, [DEV_l2_kib] = 2048, [DEV_l2_channels] = 8, [DEV_dram_latency] = 260,
       [DEV_dram_gbps] = 256, [DEV_mem_mib] = 8192, GDDR5_VALUES(8)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [SPEC] fpsbench/TPU: 36 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5 [SPEC]: 1120 MHz base clock (boost 1266 MHz not used: "
                        "GCN-FACTS says use the sustained, not the boost, clock)",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [CLRX] DPFACTOR 8; [SPEC] RX 480 FP64 1:16",
      [DEV_fast_fma] = FMA_SLOW("polaris"),
      [DEV_shader_engines] = "calibration: 4, as the other gfx8/gfx9 chips of 32 or more CUs in GCN-FACTS 4.5 (Polaris 10: 4 x 9 CUs [UNVERIFIED])",
      [DEV_mul32_cycles] = MUL32_SLOW,
      [DEV_scalar_cache_kib] = K_GFX8, [DEV_scalar_cache_cus] = K_GFX8,
      [DEV_icache_kib] = I_GFX8, [DEV_icache_cus] = I_GFX8, TLB_GFX6_8,
      [DEV_l2_kib] = "GCN-FACTS 4.2/4.5 [MESA] Polaris10 256 KiB per channel x 8 = 2 MiB; [SPEC] 'L2 2 MB'",
      [DEV_l2_channels] = "GCN-FACTS 4.2 Polaris10 8 channels (from atombios)",
      [DEV_dram_latency] = DRAM_SRC("1120", "260"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 256-bit GDDR5, eight 32-bit chips; [SPEC] 8 GB on the reference board: 8 Gbit (1 GiB) chips (a 4 GB model also exists)",
      [DEV_dram_gbps] = "GCN-FACTS 4.5 [SPEC] 256-bit GDDR5 at 8 Gbps = 256 GB/s",
      GDDR5_SRCS("256")}},

    {{"vega-64", "Radeon RX Vega 64 (Vega 10)", "gfx900", ISA_GFX9,
      {SHARED_VALUES, CACHES_GFX9, [DEV_cus] = 64, [DEV_clock_mhz] = 1247, [DEV_dp_factor] = 8,
       [DEV_fast_fma] = 1, [DEV_shader_engines] = 4, [DEV_mul32_cycles] = 16, [DEV_l2_kib] = 4096, [DEV_l2_channels] = 16, [DEV_dram_latency] = 289,
       [DEV_dram_gbps] = 484, [DEV_mem_mib] = 8192, HBM_VALUES(32, 16, 1024, 260)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v9_0 VEGA10: 4 SE x 16 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5 [SPEC]: 1247 MHz base clock (boost 1546 MHz not used: "
                        "GCN-FACTS says use the sustained, not the boost, clock)",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [SPEC] Vega10 FP64 1:16: DPFACTOR 8",
      [DEV_fast_fma] = FMA_FAST("gfx900"),
      [DEV_shader_engines] = "GCN-FACTS 4.5 [AMDGPU-KMD] gfx_v9_0 VEGA10: 4 SE x 16 CUs",
      [DEV_mul32_cycles] = MUL32_SLOW,
      [DEV_scalar_cache_kib] = K_GFX9, [DEV_scalar_cache_cus] = K_GFX9,
      [DEV_icache_kib] = I_GFX9, [DEV_icache_cus] = I_GFX9, TLB_GFX9,
      [DEV_l2_kib] = "GCN-FACTS 4.2/4.5 [MESA] gfx9 256 KiB per channel x 16 = 4 MiB",
      [DEV_l2_channels] = "GCN-FACTS 4.2 [AMDGPU-KMD] gfx_v9_0 VEGA10 max_texture_channel_caches 16",
      [DEV_dram_latency] = DRAM_SRC("1247", "289"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 2048-bit HBM2, two 1024-bit stacks; [SPEC] 8 GB: 4 GiB stacks",
      [DEV_dram_gbps] = "GCN-FACTS 4.5 [SPEC] 2048-bit HBM2, about 484 GB/s",
      HBM_SRCS("GCN-FACTS 4.5: 2048-bit HBM2 = 2 stacks x 16 pseudo-channels of 64 bits (JESD235A)",
               "JESD235A HBM2: 16 banks (4 bank groups) per pseudo-channel [UNVERIFIED]",
               "JESD235A HBM2 pseudo-channel: 1 KiB page [UNVERIFIED]",
               "calibration: tRFC of 8 Gb HBM2, about 260 ns [UNVERIFIED]")}},

    {{"mi50", "Radeon Instinct MI50 (Vega 20)", "gfx906", ISA_GFX9,
      {SHARED_VALUES, CACHES_GFX9, [DEV_cus] = 60, [DEV_clock_mhz] = 1200, [DEV_dp_factor] = 1,
       [DEV_fast_fma] = 1, [DEV_shader_engines] = 4, [DEV_mul32_cycles] = 8, [DEV_l2_kib] = 4096, [DEV_l2_channels] = 16, [DEV_dram_latency] = 278,
       [DEV_dram_gbps] = 1024, [DEV_mem_mib] = 16384, HBM_VALUES(64, 16, 1024, 260)}},
     {[DEV_cus] = "GCN-FACTS 4.5 [ROCM-DOC] gpu-specs: 60 CUs",
      [DEV_clock_mhz] = "GCN-FACTS 4.5 [SPEC]: 1200 MHz base clock (boost 1746 MHz not used: "
                        "GCN-FACTS says use the sustained, not the boost, clock)",
      [DEV_dp_factor] = "GCN-FACTS 1.3 [SPEC] MI50 FP64 1:2 (6.7 TFLOPS): DPFACTOR 1",
      [DEV_fast_fma] = FMA_FAST("gfx906"),
      [DEV_shader_engines] = "calibration: 4, as Vega 10 (GCN-FACTS 4.5: 4 SE x 16 CUs); Vega 20 keeps its layout with 60 of 64 CUs [UNVERIFIED]",
      [DEV_mul32_cycles] = MUL32_FAST,
      [DEV_scalar_cache_kib] = K_GFX9, [DEV_scalar_cache_cus] = K_GFX9,
      [DEV_icache_kib] = I_GFX9, [DEV_icache_cus] = I_GFX9, TLB_GFX9,
      [DEV_l2_kib] = "GCN-FACTS 4.2/4.5 [ROCM-DOC] gpu-specs 4 MiB (KFD's 8 MiB disagrees, 7 item 3)",
      [DEV_l2_channels] = "GCN-FACTS 4.2 [MESA] 4 MiB at 256 KiB per gfx9 channel = 16 channels "
                          "(as Vega10)",
      [DEV_dram_latency] = DRAM_SRC("1200", "278"),
      [DEV_mem_mib] = "GCN-FACTS 4.5: 4096-bit HBM2, four 1024-bit stacks; [SPEC] 16 GB: 4 GiB stacks (a 32 GB model came later)",
      [DEV_dram_gbps] = "GCN-FACTS 4.5 [SPEC] 4096-bit HBM2 at 2 Gbps = 1024 GB/s",
      HBM_SRCS("GCN-FACTS 4.5: 4096-bit HBM2 = 4 stacks x 16 pseudo-channels of 64 bits (JESD235A)",
               "JESD235A HBM2: 16 banks (4 bank groups) per pseudo-channel [UNVERIFIED]",
               "JESD235A HBM2 pseudo-channel: 1 KiB page [UNVERIFIED]",
               "calibration: tRFC of 8 Gb HBM2, about 260 ns [UNVERIFIED]")}},
};

#define NPRESETS (sizeof presets / sizeof presets[0])

size_t dev_preset_count(void)
{
    return NPRESETS;
}

const device_t *dev_preset_at(size_t i)
{
    return i < NPRESETS ? &presets[i].d : NULL;
}

const device_t *dev_preset(const char *name)
{
    for (size_t i = 0; name && i < NPRESETS; i++)
        if (strcmp(presets[i].d.name, name) == 0)
            return &presets[i].d;
    return NULL;
}

/* ---- targets ---------------------------------------------------------------- */

/* Instructions that exist only on some chips of a generation and that a
 * preset's chip must have to run the code: the dot products and v_fma_mix
 * of gfx904/gfx906.  (gfx900 code with v_mad_mix is accepted on a gfx906
 * preset: the semantics follow the code's own target; the preset gives
 * only the timing.) */
#define DEV_FEAT_REQUIRED (ISA_FEAT_DOT | ISA_FEAT_FMA_MIX)

/* Features of t that preset d's own target lacks. */
static uint32_t missing_features(const device_t *d, const isa_target_t *t)
{
    const isa_target_t *own = isa_target_by_name(d->target);
    uint32_t have = own ? own->feat : 0;
    return t->feat & DEV_FEAT_REQUIRED & ~have;
}

static int can_run(const device_t *d, const isa_target_t *t)
{
    return d->gen == t->gen && missing_features(d, t) == 0;
}

const device_t *dev_default_for(const isa_target_t *t)
{
    if (!t)
        return NULL;
    for (size_t i = 0; i < NPRESETS; i++)
        if (strcmp(presets[i].d.target, t->name) == 0)
            return &presets[i].d;
    for (size_t i = 0; i < NPRESETS; i++)
        if (can_run(&presets[i].d, t))
            return &presets[i].d;
    return NULL;
}

/* "vega-64 or mi50": the presets that can run t, into buf. */
static void list_fitting(const isa_target_t *t, char *buf, size_t len)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < NPRESETS; i++)
        n += can_run(&presets[i].d, t);
    buf[0] = '\0';
    for (size_t i = 0; i < NPRESETS; i++) {
        if (!can_run(&presets[i].d, t))
            continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", k == 0 ? "" : k + 1 == n ? " or " : ", ",
                 presets[i].d.name);
        k++;
    }
}

int dev_check_target(const device_t *d, const isa_target_t *t, char *err, size_t errlen)
{
    char fit[128];
    if (!d || !t) {
        snprintf(err, errlen, "no device or no target");
        return -1;
    }
    if (can_run(d, t))
        return 0;
    list_fitting(t, fit, sizeof fit);
    if (d->gen != t->gen) {
        if (fit[0])
            snprintf(err, errlen, "device %s (%s, gfx%u) cannot run %s code: choose a gfx%u preset such as %s",
                     d->name, d->target, d->gen + 6u, t->name, t->gen + 6u, fit);
        else
            snprintf(err, errlen, "device %s (%s, gfx%u) cannot run %s code, and no preset is a gfx%u device",
                     d->name, d->target, d->gen + 6u, t->name, t->gen + 6u);
        return -1;
    }
    uint32_t miss = missing_features(d, t);
    snprintf(err, errlen, "device %s (%s) cannot run %s code: it lacks the %s%s%s instructions%s%s", d->name,
             d->target, t->name, miss & ISA_FEAT_DOT ? "dot-product" : "",
             (miss & ISA_FEAT_DOT) && (miss & ISA_FEAT_FMA_MIX) ? " and " : "",
             miss & ISA_FEAT_FMA_MIX ? "v_fma_mix" : "", fit[0] ? "; choose " : "", fit);
    return -1;
}

/* ---- parameters --------------------------------------------------------------- */

const char *dev_param_key(dev_param_t i)
{
    return (unsigned)i < DEV_NPARAMS ? params[i].key : NULL;
}

const char *dev_param_unit(dev_param_t i)
{
    return (unsigned)i < DEV_NPARAMS ? params[i].unit : NULL;
}

const char *dev_param_desc(dev_param_t i)
{
    return (unsigned)i < DEV_NPARAMS ? params[i].desc : NULL;
}

const char *dev_param_source(const device_t *d, dev_param_t i)
{
    if (!d || (unsigned)i >= DEV_NPARAMS)
        return NULL;
    for (size_t k = 0; k < NPRESETS; k++) {
        const preset_t *p = &presets[k];
        if (strcmp(p->d.name, d->name) != 0)
            continue;
        if (d->p[i] != p->d.p[i])
            return "overridden (KEY=VALUE); not the preset's default";
        return p->src[i] ? p->src[i] : shared_src[i];
    }
    return "not a preset: no source";
}

/* Accepted range of each parameter (dp_factor is further limited to powers
 * of two; cache geometry is checked across parameters in geometry_err). */
static const struct {
    uint32_t min, max;
} limits[DEV_NPARAMS] = {
    [DEV_cus] = {1, 256},
    [DEV_clock_mhz] = {1, 5000},
    [DEV_wave_slots] = {1, 10},
    [DEV_dp_factor] = {1, 8},
    [DEV_fast_fma] = {0, 1},
    [DEV_mul32_cycles] = {4, 64},
    [DEV_valu_sgpr_delay] = {0, 10000},
    [DEV_branch_taken] = {1, 10000},
    [DEV_branch_not_taken] = {1, 10000},
    [DEV_shader_engines] = {1, 16},
    [DEV_wave_launch] = {0, 10000},
    [DEV_wg_launch] = {0, 1000000},
    [DEV_launch_ns] = {0, 1000000000},
    [DEV_barrier_latency] = {0, 1000000},
    [DEV_lds_latency] = {0, 1000000},
    [DEV_smem_latency] = {0, 1000000},
    [DEV_scalar_cache_kib] = {1, 1024},
    [DEV_scalar_cache_cus] = {1, 256},
    [DEV_icache_kib] = {1, 1024},
    [DEV_icache_cus] = {1, 256},
    [DEV_ifetch_lines] = {1, 16},
    [DEV_l1_kib] = {1, 1024},
    [DEV_l1_ways] = {1, 64},
    [DEV_l1_latency] = {0, 1000000},
    [DEV_l2_kib] = {1, 65536},
    [DEV_l2_channels] = {1, 64},
    [DEV_l2_ways] = {1, 64},
    [DEV_l2_latency] = {0, 1000000},
    [DEV_l2_mshr] = {1, 4096},
    [DEV_dram_latency] = {0, 1000000},
    [DEV_dram_gbps] = {1, 100000},
    [DEV_mem_mib] = {1, 1048576},
    [DEV_dram_channels] = {1, 64},
    [DEV_dram_banks] = {1, 64},
    [DEV_dram_page] = {256, 65536},
    [DEV_dram_row_ns] = {0, 1000},
    [DEV_dram_act_ns] = {0, 1000},
    [DEV_dram_refi_ns] = {100, 1000000},
    [DEV_dram_rfc_ns] = {0, 10000},
    [DEV_dram_turn_ns] = {0, 1000},
    [DEV_dram_wq] = {1, 1024},
    [DEV_tlb_frag_kib] = {4, 1048576},
    [DEV_tlb_l1_entries] = {1, 4096},
    [DEV_tlb_l1_misses] = {1, 1024},
    [DEV_tlb_l2_entries] = {1, 1048576},
    [DEV_tlb_l2_latency] = {0, 1000000},
    [DEV_tlb_walk_levels] = {0, 8},
};

/* The geometry of d is consistent: every cache holds at least one set of
 * its ways of 64-byte lines (the L2 per channel), the DRAM page is a power
 * of two and a refresh fits in its interval.  0 or -1 with the reason in
 * err. */
static int geometry_err(const device_t *d, char *err, size_t errlen)
{
    uint64_t l1 = (uint64_t)d->p[DEV_l1_kib] * 1024, l1_need = (uint64_t)d->p[DEV_l1_ways] * 64;
    uint64_t l2 = (uint64_t)d->p[DEV_l2_kib] * 1024 / d->p[DEV_l2_channels];
    uint64_t l2_need = (uint64_t)d->p[DEV_l2_ways] * 64;
    if (l1 < l1_need) {
        snprintf(err, errlen, "a %u KiB L1 cannot hold %u ways of 64-byte lines", d->p[DEV_l1_kib],
                 d->p[DEV_l1_ways]);
        return -1;
    }
    if (d->p[DEV_dram_page] & (d->p[DEV_dram_page] - 1)) {
        snprintf(err, errlen, "a DRAM page of %u bytes is not a power of two", d->p[DEV_dram_page]);
        return -1;
    }
    if (d->p[DEV_tlb_frag_kib] & (d->p[DEV_tlb_frag_kib] - 1)) {
        snprintf(err, errlen, "a TLB fragment of %u KiB is not a power of two", d->p[DEV_tlb_frag_kib]);
        return -1;
    }
    if (d->p[DEV_tlb_l2_entries] > 16 && d->p[DEV_tlb_l2_entries] % 16) {
        snprintf(err, errlen, "a shared TLB of %u entries is not 16-way (a multiple of 16, or at most 16)",
                 d->p[DEV_tlb_l2_entries]);
        return -1;
    }
    if (d->p[DEV_dram_rfc_ns] >= d->p[DEV_dram_refi_ns]) {
        snprintf(err, errlen, "a refresh of %u ns does not fit in its interval of %u ns", d->p[DEV_dram_rfc_ns],
                 d->p[DEV_dram_refi_ns]);
        return -1;
    }
    if (l2 < l2_need) {
        snprintf(err, errlen, "a %u KiB L2 in %u channels cannot hold %u ways of 64-byte lines per channel",
                 d->p[DEV_l2_kib], d->p[DEV_l2_channels], d->p[DEV_l2_ways]);
        return -1;
    }
    return 0;
}

/* The keys, "cus, clock_mhz, ...", into buf. */
static void list_keys(char *buf, size_t len)
{
    buf[0] = '\0';
    for (unsigned i = 0; i < DEV_NPARAMS; i++) {
        size_t used = strlen(buf);
        if (used + 1 >= len)
            break;
        snprintf(buf + used, len - used, "%s%s", i ? ", " : "", params[i].key);
    }
}

/* Parse an unsigned decimal of at most 32 bits: 0, or -1 when s is not one. */
static int parse_u32(const char *s, uint32_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
        if (v > UINT32_MAX)
            return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* Apply "KEY=VALUE" to d (key, number and range checked); with
 * check_geometry the result must also pass geometry_err. */
static int set_one(device_t *d, const char *assignment, int check_geometry, char *err, size_t errlen);

int dev_set(device_t *d, const char *assignment, char *err, size_t errlen)
{
    return set_one(d, assignment, 1, err, errlen);
}

int dev_set_all(device_t *d, const char *const *sets, size_t n, char *err, size_t errlen)
{
    device_t t = *d;
    for (size_t i = 0; i < n; i++)
        if (set_one(&t, sets[i], 0, err, errlen))
            return -1;
    char why[160];
    if (n && geometry_err(&t, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s (with every KEY=VALUE given applied)", why);
        return -1;
    }
    *d = t;
    return 0;
}

static int set_one(device_t *d, const char *assignment, int check_geometry, char *err, size_t errlen)
{
    char keys[1024];
    const char *eq = assignment ? strchr(assignment, '=') : NULL;
    if (!d || !eq || eq == assignment) {
        snprintf(err, errlen, "expected KEY=VALUE, got '%s'", assignment ? assignment : "");
        return -1;
    }
    size_t klen = (size_t)(eq - assignment);
    unsigned i;
    for (i = 0; i < DEV_NPARAMS; i++)
        if (strlen(params[i].key) == klen && strncmp(params[i].key, assignment, klen) == 0)
            break;
    if (i == DEV_NPARAMS) {
        list_keys(keys, sizeof keys);
        snprintf(err, errlen, "unknown device parameter '%.*s' (keys: %s)", (int)klen, assignment, keys);
        return -1;
    }
    uint32_t v;
    if (parse_u32(eq + 1, &v) != 0) {
        snprintf(err, errlen, "%s: '%s' is not an unsigned decimal integer below 2^32", params[i].key, eq + 1);
        return -1;
    }
    if (v < limits[i].min || v > limits[i].max) {
        int unit_shown = params[i].unit[0] && strcmp(params[i].unit, "0/1") != 0;
        snprintf(err, errlen, "%s=%u is out of range (%u..%u%s%s)", params[i].key, v, limits[i].min,
                 limits[i].max, unit_shown ? " " : "", unit_shown ? params[i].unit : "");
        return -1;
    }
    if (i == DEV_dp_factor && (v & (v - 1)) != 0) {
        snprintf(err, errlen, "dp_factor=%u: must be 1, 2, 4 or 8", v);
        return -1;
    }
    device_t t = *d;
    t.p[i] = v;
    char why[160];
    if (check_geometry && geometry_err(&t, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s=%u: %s", params[i].key, v, why);
        return -1;
    }
    d->p[i] = v;
    return 0;
}
