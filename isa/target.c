/* target.c — the gfx targets gcnsim knows: names, ELF machine numbers,
 * generation and feature bits.  Machine numbers are EF_AMDGPU_MACH values
 * (LLVM AMDGPUUsage, "AMDGPU ELF Header"); feature bits follow LLVM's
 * processor definitions (GCNProcessors.td). */
#include <string.h>
#include "isa/isa.h"

#define F_SI_FAST (ISA_FEAT_FAST_FMA | ISA_FEAT_HALF_DP)

static const isa_target_t targets[] = {
    /* name      mach  gen       maj min step  features */
    {"gfx600", 0x20, ISA_GFX6, 6, 0, 0, F_SI_FAST},            /* Tahiti */
    {"gfx601", 0x21, ISA_GFX6, 6, 0, 1, 0},                    /* Pitcairn, Verde */
    {"gfx602", 0x3a, ISA_GFX6, 6, 0, 2, 0},                    /* Hainan, Oland */
    {"gfx700", 0x22, ISA_GFX7, 7, 0, 0, ISA_FEAT_FLAT},        /* Kaveri */
    {"gfx701", 0x23, ISA_GFX7, 7, 0, 1, ISA_FEAT_FLAT | F_SI_FAST}, /* Hawaii */
    {"gfx702", 0x24, ISA_GFX7, 7, 0, 2, ISA_FEAT_FLAT | F_SI_FAST},
    {"gfx703", 0x25, ISA_GFX7, 7, 0, 3, ISA_FEAT_FLAT},        /* Kabini */
    {"gfx704", 0x26, ISA_GFX7, 7, 0, 4, ISA_FEAT_FLAT},        /* Bonaire */
    {"gfx705", 0x3b, ISA_GFX7, 7, 0, 5, ISA_FEAT_FLAT},
    {"gfx801", 0x28, ISA_GFX8, 8, 0, 1, ISA_FEAT_FLAT | ISA_FEAT_XNACK}, /* Carrizo */
    {"gfx802", 0x29, ISA_GFX8, 8, 0, 2, ISA_FEAT_FLAT},        /* Tonga, Iceland */
    {"gfx803", 0x2a, ISA_GFX8, 8, 0, 3, ISA_FEAT_FLAT},        /* Fiji, Polaris */
    {"gfx805", 0x3c, ISA_GFX8, 8, 0, 5, ISA_FEAT_FLAT},
    {"gfx810", 0x2b, ISA_GFX8, 8, 1, 0, ISA_FEAT_FLAT | ISA_FEAT_XNACK}, /* Stoney */
    {"gfx900", 0x2c, ISA_GFX9, 9, 0, 0, ISA_FEAT_FLAT | ISA_FEAT_MAD_MIX | ISA_FEAT_FAST_FMA},
    {"gfx902", 0x2d, ISA_GFX9, 9, 0, 2, ISA_FEAT_FLAT | ISA_FEAT_MAD_MIX | ISA_FEAT_FAST_FMA},
    {"gfx904", 0x2e, ISA_GFX9, 9, 0, 4, ISA_FEAT_FLAT | ISA_FEAT_FMA_MIX | ISA_FEAT_FAST_FMA},
    {"gfx906", 0x2f, ISA_GFX9, 9, 0, 6,
     ISA_FEAT_FLAT | ISA_FEAT_FMA_MIX | ISA_FEAT_DOT | ISA_FEAT_FAST_FMA | ISA_FEAT_HALF_DP},
    {"gfx909", 0x31, ISA_GFX9, 9, 0, 9, ISA_FEAT_FLAT | ISA_FEAT_MAD_MIX | ISA_FEAT_FAST_FMA},
    {"gfx90c", 0x32, ISA_GFX9, 9, 0, 12, ISA_FEAT_FLAT | ISA_FEAT_MAD_MIX | ISA_FEAT_FAST_FMA},
};

#define NTARGETS (sizeof targets / sizeof targets[0])

const isa_target_t *isa_target_by_name(const char *name)
{
    if (!name)
        return NULL;
    if (strncmp(name, "amdgcn-amd-amdhsa--", 19) == 0)
        name += 19;
    for (size_t i = 0; i < NTARGETS; i++) {
        size_t n = strlen(targets[i].name);
        /* accept target-id suffixes such as "gfx906:sramecc+:xnack-" */
        if (strncmp(name, targets[i].name, n) == 0 && (name[n] == 0 || name[n] == ':'))
            return &targets[i];
    }
    return NULL;
}

const isa_target_t *isa_target_by_mach(unsigned mach)
{
    for (size_t i = 0; i < NTARGETS; i++)
        if (targets[i].mach == (mach & 0xff))
            return &targets[i];
    return NULL;
}

const isa_target_t *isa_target_at(size_t i)
{
    return i < NTARGETS ? &targets[i] : NULL;
}
