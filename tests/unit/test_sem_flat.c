/* test_sem_flat.c — FLAT (gfx7/8/9), GLOBAL and SCRATCH (gfx9) semantics:
 * loads/stores of every width and d16, aperture routing (global memory,
 * the group's LDS through the shared aperture, the lane's swizzled scratch
 * through the private aperture with gfx7/8 FLAT_SCRATCH_LO/HI or the gfx9
 * 64-bit flat_scratch), atomics of every op and width with and without
 * glc in each space, GLOBAL saddr/off forms with signed offsets, SCRATCH
 * vaddr/saddr forms, LDS DMA, faults (outside every allocation, beyond the
 * private segment, misaligned), counters and effects.  Expected values
 * come from the addressing rules computed here on known patterns. */
#include "tests/unit/memtest.h"

static const char *const TARGETS[] = {"gfx701", "gfx803", "gfx900"};
static const uint64_t PARTIAL = 0x0ff0f0f0ff331100ull | 0x8000000000000001ull;
enum { BUFSZ = 8192, PER_LANE = 64, WAVE_OFF = 1024, SCRSZ = WAVE_OFF + PER_LANE * 64 };

static uint8_t bpat(uint32_t i) { return (uint8_t)(i * 29 + 11); }
static uint8_t spat(uint32_t i) { return (uint8_t)(i * 7 + 101); }

static uint64_t buf, scr;   /* global buffer, scratch backing */

static uint32_t rd32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t gpat32(uint32_t off)
{
    return bpat(off) | (uint32_t)bpat(off + 1) << 8 | (uint32_t)bpat(off + 2) << 16 | (uint32_t)bpat(off + 3) << 24;
}

static uint32_t lpat32(uint32_t a)
{
    return lds_pat(a) | (uint32_t)lds_pat(a + 1) << 8 | (uint32_t)lds_pat(a + 2) << 16 | (uint32_t)lds_pat(a + 3) << 24;
}

/* Byte offset in the scratch backing of private byte off of lane l: the
 * wave's segment at WAVE_OFF, dwords of the 64 lanes interleaved. */
static uint32_t swz(uint32_t off, unsigned l)
{
    return WAVE_OFF + off / 4 * 256 + l * 4 + off % 4;
}

static void setup(const char *target, unsigned nvgpr)
{
    mt_init(target, nvgpr);
    uint8_t *b = malloc(SCRSZ > BUFSZ ? SCRSZ : BUFSZ);
    for (uint32_t i = 0; i < BUFSZ; i++)
        b[i] = bpat(i);
    buf = semtest_buffer(&S, b, BUFSZ);
    for (uint32_t i = 0; i < SCRSZ; i++)
        b[i] = spat(i);
    scr = semtest_buffer(&S, b, SCRSZ);
    free(b);
    S.ctx.scratch_addr = scr;
    S.ctx.scratch_per_wave = PER_LANE * 64;
    if (S.t->gen >= ISA_GFX9) {   /* flat_scratch = the wave's scratch address */
        S.w.sgpr[102] = (uint32_t)(scr + WAVE_OFF);
        S.w.sgpr[103] = (uint32_t)((scr + WAVE_OFF) >> 32);
    } else {                      /* FLAT_SCRATCH_LO = bytes per lane, _HI = wave offset / 256 */
        unsigned lo = S.t->gen == ISA_GFX7 ? 104 : 102;
        S.w.sgpr[lo] = PER_LANE;
        S.w.sgpr[lo + 1] = WAVE_OFF / 256;
    }
}

static uint8_t *gmem(void) { return mem_ptr(&S.mem, buf, BUFSZ); }
static uint8_t *smem(void) { return mem_ptr(&S.mem, scr, SCRSZ); }

static void set_addr(unsigned v, uint64_t a, unsigned l)
{
    S.w.vgpr[v][l] = (uint32_t)a;
    S.w.vgpr[v + 1][l] = (uint32_t)(a >> 32);
}

static uint32_t sentinel(unsigned l) { return 0xdead0000u + l; }

/* ---- global ------------------------------------------------------------------ */

static void test_global(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    struct {
        const char *text;
        unsigned ndw, kind, off;   /* kind: 0 dwords, 1 u8, 2 i8, 3 u16, 4 i16 */
    } c[] = {
        {A("flat_load_dword v1, v[6:7]"), 1, 0, 0},         {A("flat_load_ubyte v1, v[6:7]"), 1, 1, 0},
        {A("flat_load_sbyte v1, v[6:7]"), 1, 2, 0},         {A("flat_load_ushort v1, v[6:7]"), 1, 3, 0},
        {A("flat_load_sshort v1, v[6:7]"), 1, 4, 0},        {A("flat_load_dwordx2 v[1:2], v[6:7]"), 2, 0, 0},
        {A("flat_load_dwordx3 v[1:3], v[6:7]"), 3, 0, 0},   {A("flat_load_dwordx4 v[1:4], v[6:7]"), 4, 0, 0},
        {A("flat_load_dwordx4 v[1:4], v[6:7] offset:8"), 4, 0, 8},
        {A("global_load_dwordx2 v[1:2], v[6:7], off offset:-8"), 2, 0, (unsigned)-8},
        {A("global_load_sbyte v1, v[6:7], off offset:4095"), 1, 2, 4095},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if ((c[i].off || c[i].text[0] == 'g') && gen < ISA_GFX9)
            continue;
        for (unsigned l = 0; l < 64; l++) {
            set_addr(6, buf + 16 + l * 20 + (l & 3), l);
            for (unsigned k = 1; k <= 4; k++)
                S.w.vgpr[k][l] = sentinel(l);
        }
        mt_exec(PARTIAL);
        CHECK(mt_run(c[i].text) == 1, "%s: %s runs (%s)", target, c[i].text, S.w.fault.msg);
        for (unsigned k = 0; k < 4; k++) {
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++) {
                uint32_t v = gpat32(16 + l * 20 + (l & 3) + c[i].off + 4 * k);
                switch (c[i].kind) {
                case 1: v &= 0xff; break;
                case 2: v = (uint32_t)(int32_t)(int8_t)v; break;
                case 3: v &= 0xffff; break;
                case 4: v = (uint32_t)(int32_t)(int16_t)v; break;
                }
                want[l] = (PARTIAL >> l & 1) && k < c[i].ndw ? v : sentinel(l);
            }
            CHECK_V(1 + k, want, ~0ull, "%s: %s dword %u (unaligned addresses, inactive lanes untouched)", target,
                    c[i].text, k);
        }
    }
    /* stores */
    struct {
        const char *text;
        unsigned bytes, shift, gfx9;
    } s[] = {
        {A("flat_store_byte v[6:7], v1"), 1, 0, 0},        {A("flat_store_short v[6:7], v1"), 2, 0, 0},
        {A("flat_store_dword v[6:7], v1"), 4, 0, 0},       {A("flat_store_dwordx2 v[6:7], v[1:2]"), 8, 0, 0},
        {A("flat_store_dwordx3 v[6:7], v[1:3]"), 12, 0, 0}, {A("flat_store_dwordx4 v[6:7], v[1:4]"), 16, 0, 0},
        {A("flat_store_byte_d16_hi v[6:7], v1"), 1, 16, 1}, {A("flat_store_short_d16_hi v[6:7], v1"), 2, 16, 1},
        {A("global_store_dword v[6:7], v1, off"), 4, 0, 1},
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        if (s[i].gfx9 && gen < ISA_GFX9)
            continue;
        uint8_t *m = gmem(), img[BUFSZ];
        for (uint32_t j = 0; j < BUFSZ; j++)
            m[j] = img[j] = bpat(j);
        for (unsigned l = 0; l < 64; l++) {
            set_addr(6, buf + l * 32 + 3, l);
            for (unsigned k = 0; k < 4; k++)
                S.w.vgpr[1 + k][l] = 0x0a0b0c0du * (l + 1) + k * 0x01010101u;
            if (PARTIAL >> l & 1)
                for (unsigned b = 0; b < s[i].bytes; b++)
                    img[l * 32 + 3 + b] = (uint8_t)((S.w.vgpr[1 + b / 4][l] >> s[i].shift) >> (8 * (b % 4)));
        }
        mt_exec(PARTIAL);
        CHECK(mt_run(s[i].text) == 1 && memcmp(m, img, BUFSZ) == 0, "%s: %s writes exactly its bytes", target,
              s[i].text);
    }
    if (gen == ISA_GFX9) {
        struct {
            const char *text;
            int hi, sign, bytes;
        } d[] = {
            {A("flat_load_ubyte_d16 v1, v[6:7]"), 0, 0, 1},   {A("flat_load_ubyte_d16_hi v1, v[6:7]"), 1, 0, 1},
            {A("flat_load_sbyte_d16 v1, v[6:7]"), 0, 1, 1},   {A("flat_load_sbyte_d16_hi v1, v[6:7]"), 1, 1, 1},
            {A("flat_load_short_d16 v1, v[6:7]"), 0, 0, 2},   {A("flat_load_short_d16_hi v1, v[6:7]"), 1, 0, 2},
            {A("global_load_short_d16_hi v1, v[6:7], off"), 1, 0, 2},
        };
        uint8_t *m = gmem();
        for (uint32_t j = 0; j < BUFSZ; j++)
            m[j] = bpat(j);
        for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++) {
                set_addr(6, buf + l * 3, l);
                S.w.vgpr[1][l] = 0x5a5a5a5au;
                uint32_t v = gpat32(l * 3) & (d[i].bytes == 1 ? 0xff : 0xffff);
                if (d[i].sign && (v & 0x80))
                    v |= 0xff00;
                want[l] = d[i].hi ? 0x5a5au | v << 16 : 0x5a5a0000u | v;
            }
            mt_exec(~0ull);
            CHECK(mt_run(d[i].text) == 1, "gfx900: %s runs", d[i].text);
            CHECK_V(1, want, ~0ull, "gfx900: %s keeps the other half", d[i].text);
        }
    }
    mt_done();
}

/* ---- aperture routing ----------------------------------------------------------- */

static void test_routing(const char *target)
{
    setup(target, 16);
    uint64_t shared = S.ctx.shared_aperture, priv = S.ctx.private_aperture;
    /* lane % 3: 0 global, 1 LDS, 2 private */
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = l % 3 == 0 ? buf + 4 * l : l % 3 == 1 ? shared + 8 * l : priv + 4 * (l % 16);
        set_addr(6, a, l);
        S.w.vgpr[1][l] = sentinel(l);
    }
    mt_exec(~0ull);
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 1, "%s: a flat load over three apertures runs (%s)", target,
          S.w.fault.msg);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++)
        want[l] = l % 3 == 0 ? gpat32(4 * l) : l % 3 == 1 ? lpat32(8 * l) : rd32(smem() + swz(4 * (l % 16), l));
    CHECK_V(1, want, ~0ull, "%s: global lanes read memory, shared-aperture lanes LDS, private lanes their scratch",
            target);
    /* stores land in the three spaces */
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = 0xc0de0000u + l;
    CHECK(mt_run(A("flat_store_dword v[6:7], v1")) == 1, "%s: a flat store over three apertures runs", target);
    int ok = 1;
    for (unsigned l = 0; l < 64; l++) {
        uint32_t got = l % 3 == 0 ? rd32(gmem() + 4 * l) : l % 3 == 1 ? rd32(S.lds + 8 * l)
                                                          : rd32(smem() + swz(4 * (l % 16), l));
        ok &= got == 0xc0de0000u + l;
    }
    CHECK(ok, "%s: the flat store wrote each lane's space (private swizzled per lane)", target);
    /* effects: a FLAT op counts VM and LGKM; lanes of two spaces give two accesses */
    semtest_record(&S);
    mt_exec(0x3);   /* lane 0 global, lane 1 LDS */
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 1 && S.fx.vm_cnt == 1 && S.fx.lgkm_cnt == 1 &&
              S.fx.nacc == 2 && S.fx.acc[0].space == FX_SPACE_GLOBAL && S.fx.acc[0].mask == 1 &&
              S.fx.acc[0].addr[0] == buf && S.fx.acc[1].space == FX_SPACE_LDS && S.fx.acc[1].mask == 2 &&
              S.fx.acc[1].addr[1] == 8,
          "%s: effects: VM+1, LGKM+1, one access per space with space-relative LDS addresses", target);
    /* LDS through FLAT beyond the allocation: 0 / dropped */
    S.w.fx = NULL;
    S.wg.lds_size = 256;
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, shared + 8 * l, l);
    mt_exec(~0ull);
    for (unsigned l = 0; l < 64; l++)
        want[l] = 8 * l + 4 <= 256 ? rd32(S.lds + 8 * l) : 0;
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 1, "%s: flat load beyond the LDS runs", target);
    CHECK_V(1, want, ~0ull, "%s: flat LDS reads beyond the group's allocation give 0", target);
    mt_done();
}

/* ---- atomics ---------------------------------------------------------------------- */

enum { OPA_SWAP, OPA_CMPSWAP, OPA_ADD, OPA_SUB, OPA_SMIN, OPA_UMIN, OPA_SMAX, OPA_UMAX, OPA_AND, OPA_OR, OPA_XOR,
       OPA_INC, OPA_DEC };

static uint64_t ref(int op, uint64_t m, uint64_t d, uint64_t c, int bits)
{
    uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
    int64_t sm = bits == 64 ? (int64_t)m : (int64_t)(int32_t)m, sd = bits == 64 ? (int64_t)d : (int64_t)(int32_t)d;
    switch (op) {
    case OPA_SWAP: return d;
    case OPA_CMPSWAP: return m == c ? d : m;
    case OPA_ADD: return (m + d) & mask;
    case OPA_SUB: return (m - d) & mask;
    case OPA_SMIN: return sd < sm ? d : m;
    case OPA_UMIN: return d < m ? d : m;
    case OPA_SMAX: return sd > sm ? d : m;
    case OPA_UMAX: return d > m ? d : m;
    case OPA_AND: return m & d;
    case OPA_OR: return m | d;
    case OPA_XOR: return m ^ d;
    case OPA_INC: return m >= d ? 0 : m + 1;
    case OPA_DEC: return (m == 0 || m > d) ? d : m - 1;
    }
    return m;
}

/* Private offset of lane l's atomic slot (within the 64 bytes per lane). */
static uint32_t priv_off(unsigned l) { return 8 * (l % 7); }

/* Slot k of a space (0: global, 1: LDS through the shared aperture, 2:
 * lane k's own private slot, dwords 256 bytes apart). */
static uint8_t *slot_ptr(int space, unsigned k)
{
    if (space == 0)
        return gmem() + 64 + 8 * k;
    if (space == 1)
        return S.lds + 64 + 8 * k;
    return smem() + swz(priv_off(k), k);
}

static void test_atomics(const char *target, int space)
{
    struct {
        const char *glc, *plain;
        int op, bits;
    } c[] = {
        {A("flat_atomic_swap v1, v[6:7], v2 glc"), A("flat_atomic_swap v[6:7], v2"), OPA_SWAP, 32},
        {A("flat_atomic_cmpswap v1, v[6:7], v[2:3] glc"), A("flat_atomic_cmpswap v[6:7], v[2:3]"), OPA_CMPSWAP, 32},
        {A("flat_atomic_add v1, v[6:7], v2 glc"), A("flat_atomic_add v[6:7], v2"), OPA_ADD, 32},
        {A("flat_atomic_sub v1, v[6:7], v2 glc"), A("flat_atomic_sub v[6:7], v2"), OPA_SUB, 32},
        {A("flat_atomic_smin v1, v[6:7], v2 glc"), A("flat_atomic_smin v[6:7], v2"), OPA_SMIN, 32},
        {A("flat_atomic_umin v1, v[6:7], v2 glc"), A("flat_atomic_umin v[6:7], v2"), OPA_UMIN, 32},
        {A("flat_atomic_smax v1, v[6:7], v2 glc"), A("flat_atomic_smax v[6:7], v2"), OPA_SMAX, 32},
        {A("flat_atomic_umax v1, v[6:7], v2 glc"), A("flat_atomic_umax v[6:7], v2"), OPA_UMAX, 32},
        {A("flat_atomic_and v1, v[6:7], v2 glc"), A("flat_atomic_and v[6:7], v2"), OPA_AND, 32},
        {A("flat_atomic_or v1, v[6:7], v2 glc"), A("flat_atomic_or v[6:7], v2"), OPA_OR, 32},
        {A("flat_atomic_xor v1, v[6:7], v2 glc"), A("flat_atomic_xor v[6:7], v2"), OPA_XOR, 32},
        {A("flat_atomic_inc v1, v[6:7], v2 glc"), A("flat_atomic_inc v[6:7], v2"), OPA_INC, 32},
        {A("flat_atomic_dec v1, v[6:7], v2 glc"), A("flat_atomic_dec v[6:7], v2"), OPA_DEC, 32},
        {A("flat_atomic_swap_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_swap_x2 v[6:7], v[2:3]"), OPA_SWAP, 64},
        {A("flat_atomic_cmpswap_x2 v[0:1], v[6:7], v[2:5] glc"), A("flat_atomic_cmpswap_x2 v[6:7], v[2:5]"), OPA_CMPSWAP, 64},
        {A("flat_atomic_add_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_add_x2 v[6:7], v[2:3]"), OPA_ADD, 64},
        {A("flat_atomic_sub_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_sub_x2 v[6:7], v[2:3]"), OPA_SUB, 64},
        {A("flat_atomic_smin_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_smin_x2 v[6:7], v[2:3]"), OPA_SMIN, 64},
        {A("flat_atomic_umin_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_umin_x2 v[6:7], v[2:3]"), OPA_UMIN, 64},
        {A("flat_atomic_smax_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_smax_x2 v[6:7], v[2:3]"), OPA_SMAX, 64},
        {A("flat_atomic_umax_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_umax_x2 v[6:7], v[2:3]"), OPA_UMAX, 64},
        {A("flat_atomic_and_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_and_x2 v[6:7], v[2:3]"), OPA_AND, 64},
        {A("flat_atomic_or_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_or_x2 v[6:7], v[2:3]"), OPA_OR, 64},
        {A("flat_atomic_xor_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_xor_x2 v[6:7], v[2:3]"), OPA_XOR, 64},
        {A("flat_atomic_inc_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_inc_x2 v[6:7], v[2:3]"), OPA_INC, 64},
        {A("flat_atomic_dec_x2 v[0:1], v[6:7], v[2:3] glc"), A("flat_atomic_dec_x2 v[6:7], v[2:3]"), OPA_DEC, 64},
    };
    static const char *const sname[] = {"global", "LDS", "private"};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int glc = 1; glc >= 0; glc--) {
            const char *text = glc ? c[i].glc : c[i].plain;
            setup(target, 8);
            int op = c[i].op, b64 = c[i].bits == 64;
            unsigned dst = b64 ? 0 : 1, nslot = space == 2 ? 64 : 8;
            uint64_t mem[64];
            for (unsigned k = 0; k < nslot; k++) {
                mem[k] = op == OPA_CMPSWAP ? 7 : b64 ? 0x7ffffffffffffff0ull + k * 0x1234567ull : 0x7ffffff0u + k * 3;
                uint8_t *p = slot_ptr(space, k);
                for (unsigned b = 0; b < (b64 ? 8u : 4u); b++)   /* private: dwords 256 bytes apart */
                    (space == 2 && b >= 4 ? p + 252 : p)[b] = (uint8_t)(mem[k] >> (8 * b));
            }
            uint32_t reg[4][64];
            for (unsigned l = 0; l < 64; l++) {
                uint64_t d = op == OPA_INC || op == OPA_DEC ? l % 5 + 2
                           : op == OPA_CMPSWAP ? 0x1000 + l
                           : (l % 3 == 0 ? 0x80000000u + l : l % 3 == 1 ? 0xfffffff0u - l : l * 0x01010101u) |
                                 (b64 ? (uint64_t)(l * 0x10203u) << 32 : 0);
                uint64_t cmpv = l % 3 == 0 ? 7 : 0x1000 + l - 1;
                uint64_t a = space == 0 ? buf + 64 + 8 * (l % 8)
                           : space == 1 ? S.ctx.shared_aperture + 64 + 8 * (l % 8)
                                        : S.ctx.private_aperture + priv_off(l);
                set_addr(6, a, l);
                reg[0][l] = (uint32_t)d;
                reg[1][l] = b64 ? (uint32_t)(d >> 32) : (uint32_t)cmpv;
                reg[2][l] = (uint32_t)cmpv;
                reg[3][l] = 0;
                for (unsigned k = 0; k < 4; k++)
                    S.w.vgpr[2 + k][l] = reg[k][l];
                S.w.vgpr[0][l] = S.w.vgpr[1][l] = sentinel(l);
            }
            uint32_t want[2][64];
            for (unsigned l = 0; l < 64; l++) {
                want[0][l] = want[1][l] = sentinel(l);
                if (!(PARTIAL >> l & 1))
                    continue;
                /* private: each lane has its own slots */
                uint64_t *mm = &mem[space == 2 ? l : l % 8], d, cv;
                if (b64) {
                    d = (uint64_t)reg[1][l] << 32 | reg[0][l];
                    cv = (uint64_t)reg[3][l] << 32 | reg[2][l];
                } else {
                    d = reg[0][l];
                    cv = reg[1][l];
                }
                if (glc) {
                    want[0][l] = (uint32_t)*mm;
                    if (b64)
                        want[1][l] = (uint32_t)(*mm >> 32);
                }
                *mm = ref(op, *mm, d, cv, c[i].bits);
            }
            mt_exec(PARTIAL);
            int ok = mt_run(text) == 1;
            for (unsigned k = 0; k < nslot; k++) {
                if (space == 2 && !(PARTIAL >> k & 1))
                    continue;
                uint8_t *p = slot_ptr(space, k);
                uint64_t got = rd32(p);
                if (b64)
                    got |= (uint64_t)rd32(space == 2 ? p + 256 : p + 4) << 32;
                ok &= got == mem[k];
            }
            CHECK(ok, "%s: %s on %s memory: values after the lanes in order (%s)", target, text, sname[space],
                  S.w.fault.msg);
            for (unsigned k = 0; k < (b64 ? 2u : 1u); k++)
                CHECK_V(dst + k, want[k], ~0ull, "%s: %s on %s memory: VDST dword %u", target, text, sname[space], k);
        }
    mt_done();
}

/* ---- gfx9 GLOBAL and SCRATCH addressing -------------------------------------------- */

static void test_segments(void)
{
    setup("gfx900", 16);
    /* GLOBAL saddr: s[4:5] + zero-extended v0 + signed offset */
    S.w.sgpr[4] = (uint32_t)(buf + 64);
    S.w.sgpr[5] = (uint32_t)((buf + 64) >> 32);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = l * 12;
        want[l] = gpat32(64 + l * 12 - 16);
    }
    CHECK(mt_run(A("global_load_dword v1, v0, s[4:5] offset:-16")) == 1, "gfx900: global saddr load runs");
    CHECK_V(1, want, ~0ull, "gfx900: global_load_dword v1, v0, s[4:5] offset:-16 = MEM[s + v0 - 16]");
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[4][l] = 1;
        want[l] = gpat32(64 + l * 12);
    }
    CHECK(mt_run(A("global_atomic_add v1, v0, v4, s[4:5] glc")) == 1, "gfx900: global saddr atomic runs");
    CHECK_V(1, want, ~0ull, "gfx900: global_atomic_add saddr returns the old values");
    CHECK(rd32(gmem() + 64 + 12) == gpat32(64 + 12) + 1, "gfx900: and adds");
    /* LDS DMA: LDS[M0 + offset + lane*4] = MEM[s + v0 + offset] */
    S.w.sgpr[SREG_M0] = 0x200;
    CHECK(mt_run(A("global_load_dword v0, s[4:5] offset:16 lds")) == 1 && rd32(S.lds + 0x200 + 16 + 4 * 5) ==
              rd32(gmem() + 64 + 5 * 12 + 16) && S.w.vgpr[1][5] == want[5],
          "gfx900: global_load_dword lds writes LDS at M0 + offset + lane * 4, no VGPR");
    /* SCRATCH: private offset from a VGPR or an SGPR, swizzled */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = 4 * (l % 8);
        want[l] = rd32(smem() + swz(4 * (l % 8) + 8, l));
    }
    CHECK(mt_run(A("scratch_load_dword v1, v0, off offset:8")) == 1, "gfx900: scratch vaddr load runs");
    CHECK_V(1, want, ~0ull, "gfx900: scratch_load_dword v1, v0, off offset:8 reads the lane's swizzled dword");
    S.w.sgpr[4] = 12;
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = 0x77000000u + l;
    CHECK(mt_run(A("scratch_store_dword off, v1, s4 offset:4")) == 1 && rd32(smem() + swz(16, 0)) == 0x77000000u &&
              rd32(smem() + swz(16, 63)) == 0x7700003fu,
          "gfx900: scratch_store_dword off, v1, s4 offset:4 writes private dword 4 of every lane");
    CHECK(mt_run(A("scratch_load_dword v2, off, s4 offset:-4")) == 1 && S.w.vgpr[2][9] == rd32(smem() + swz(8, 9)),
          "gfx900: scratch saddr load with a negative offset");
    /* counters: GLOBAL/SCRATCH count VM only */
    semtest_record(&S);
    CHECK(mt_run(A("scratch_load_dword v1, v0, off offset:8")) == 1 && S.fx.vm_cnt == 1 && S.fx.lgkm_cnt == 0 &&
              S.fx.nacc == 1 && S.fx.acc[0].space == FX_SPACE_SCRATCH &&
              S.fx.acc[0].addr[3] == scr + swz(4 * 3 + 8, 3),
          "gfx900: scratch effects: VM+1 only, device addresses of the swizzled dwords");
    mt_done();
}

/* ---- faults ----------------------------------------------------------------------- */

static void test_faults(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, buf + 4 * l, l);
    set_addr(6, buf + BUFSZ - 8, 17);
    char msg[200];
    snprintf(msg, sizeof msg,
             "flat_load_dwordx4: lane 17 reads 16 bytes at 0x%llx, outside every allocation (nearest: buffer "
             "'buffer' 0x%llx-0x%llx)",
             (unsigned long long)(buf + BUFSZ - 8), (unsigned long long)buf, (unsigned long long)(buf + BUFSZ - 1));
    CHECK(mt_run(A("flat_load_dwordx4 v[1:4], v[6:7]")) == 0 && S.w.fault.kind == FAULT_MEMORY &&
              S.w.fault.lane == 17 && S.w.fault.addr == buf + BUFSZ - 8,
          "%s: a load running off the end of a buffer faults", target);
    CHECK_STR(S.w.fault.msg, msg, "%s: the message names instruction, lane, size, address, nearest buffer", target);
    /* a store faults before writing anything */
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++) {
        set_addr(6, buf + 4 * l, l);
        S.w.vgpr[1][l] = 0;
    }
    set_addr(6, 0x12345678ull, 40);
    CHECK(mt_run(A("flat_store_dword v[6:7], v1")) == 0 && S.w.fault.lane == 40 && rd32(gmem()) == gpat32(0),
          "%s: a faulting store writes no lane (%s)", target, S.w.fault.msg);
    /* a lane below the first active lane's buffer (the fast path once
     * formed a host pointer that far below the allocation: UBSan) */
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, buf + 4 * l, l);
    set_addr(6, 0x10, 5);
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 0 && S.w.fault.kind == FAULT_MEMORY && S.w.fault.lane == 5 &&
              S.w.fault.addr == 0x10,
          "%s: a lane at an address below every buffer faults (%s)", target, S.w.fault.msg);
    /* an inactive lane's wild address is not accessed */
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, buf + 4 * l, l);
    set_addr(6, 0x12345678ull, 9);
    mt_exec(~(1ull << 9));
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 1 && S.w.vgpr[1][10] == gpat32(40),
          "%s: an inactive lane's address outside memory is not accessed", target);
    /* private access beyond the per-lane size */
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, S.ctx.private_aperture + 4 * l, l);
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 0 && S.w.fault.kind == FAULT_MEMORY && S.w.fault.lane == 16,
          "%s: a private address beyond the work-item's segment faults (%s)", target, S.w.fault.msg);
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, S.ctx.private_aperture + 2, l);
    CHECK(mt_run(A("flat_load_dword v1, v[6:7]")) == 0 && S.w.fault.kind == FAULT_MISALIGNED,
          "%s: a private dword across a swizzle element faults (%s)", target, S.w.fault.msg);
    /* misaligned atomic, misaligned LDS (gfx7/8) */
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, buf + 8 * l + (l == 3 ? 4 : 0), l);
    CHECK(mt_run(A("flat_atomic_add_x2 v[6:7], v[2:3]")) == 0 && S.w.fault.kind == FAULT_MISALIGNED &&
              S.w.fault.lane == 3,
          "%s: a 64-bit atomic at a 4-byte boundary faults (%s)", target, S.w.fault.msg);
    setup(target, 16);
    for (unsigned l = 0; l < 64; l++)
        set_addr(6, S.ctx.shared_aperture + 4 * l + 2, l);
    int r = mt_run(A("flat_load_dword v1, v[6:7]"));
    if (gen <= ISA_GFX8)
        CHECK(r == 0 && S.w.fault.kind == FAULT_MISALIGNED, "%s: a misaligned LDS dword through FLAT faults (%s)",
              target, S.w.fault.msg);
    else
        CHECK(r == 1 && S.w.vgpr[1][1] == lpat32(6), "gfx900: a misaligned LDS dword through FLAT reads its bytes");
    mt_done();
}

int main(void)
{
    for (int t = 0; t < 3; t++) {
        test_global(TARGETS[t]);
        test_routing(TARGETS[t]);
        for (int space = 0; space < 3; space++)
            test_atomics(TARGETS[t], space);
        test_faults(TARGETS[t]);
    }
    test_segments();
    return check_done();
}

/* Encodings of every instruction text above, from llvm-mc-15 (gfx701) and
 * llvm-mc-16 (gfx803, gfx900): {generation, text, words, dwords}. */
const enc_t ENC[] = {
    /* BEGIN ENCODINGS */
    {1, "flat_atomic_add v1, v[6:7], v2 glc", {0xdcc90000, 0x01000206}, 2},
    {2, "flat_atomic_add v1, v[6:7], v2 glc", {0xdd090000, 0x01000206}, 2},
    {3, "flat_atomic_add v1, v[6:7], v2 glc", {0xdd090000, 0x01000206}, 2},
    {1, "flat_atomic_add v[6:7], v2", {0xdcc80000, 0x00000206}, 2},
    {2, "flat_atomic_add v[6:7], v2", {0xdd080000, 0x00000206}, 2},
    {3, "flat_atomic_add v[6:7], v2", {0xdd080000, 0x00000206}, 2},
    {1, "flat_atomic_add_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd490000, 0x00000206}, 2},
    {2, "flat_atomic_add_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd890000, 0x00000206}, 2},
    {3, "flat_atomic_add_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd890000, 0x00000206}, 2},
    {1, "flat_atomic_add_x2 v[6:7], v[2:3]", {0xdd480000, 0x00000206}, 2},
    {2, "flat_atomic_add_x2 v[6:7], v[2:3]", {0xdd880000, 0x00000206}, 2},
    {3, "flat_atomic_add_x2 v[6:7], v[2:3]", {0xdd880000, 0x00000206}, 2},
    {1, "flat_atomic_and v1, v[6:7], v2 glc", {0xdce50000, 0x01000206}, 2},
    {2, "flat_atomic_and v1, v[6:7], v2 glc", {0xdd210000, 0x01000206}, 2},
    {3, "flat_atomic_and v1, v[6:7], v2 glc", {0xdd210000, 0x01000206}, 2},
    {1, "flat_atomic_and v[6:7], v2", {0xdce40000, 0x00000206}, 2},
    {2, "flat_atomic_and v[6:7], v2", {0xdd200000, 0x00000206}, 2},
    {3, "flat_atomic_and v[6:7], v2", {0xdd200000, 0x00000206}, 2},
    {1, "flat_atomic_and_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd650000, 0x00000206}, 2},
    {2, "flat_atomic_and_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda10000, 0x00000206}, 2},
    {3, "flat_atomic_and_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda10000, 0x00000206}, 2},
    {1, "flat_atomic_and_x2 v[6:7], v[2:3]", {0xdd640000, 0x00000206}, 2},
    {2, "flat_atomic_and_x2 v[6:7], v[2:3]", {0xdda00000, 0x00000206}, 2},
    {3, "flat_atomic_and_x2 v[6:7], v[2:3]", {0xdda00000, 0x00000206}, 2},
    {1, "flat_atomic_cmpswap v1, v[6:7], v[2:3] glc", {0xdcc50000, 0x01000206}, 2},
    {2, "flat_atomic_cmpswap v1, v[6:7], v[2:3] glc", {0xdd050000, 0x01000206}, 2},
    {3, "flat_atomic_cmpswap v1, v[6:7], v[2:3] glc", {0xdd050000, 0x01000206}, 2},
    {1, "flat_atomic_cmpswap v[6:7], v[2:3]", {0xdcc40000, 0x00000206}, 2},
    {2, "flat_atomic_cmpswap v[6:7], v[2:3]", {0xdd040000, 0x00000206}, 2},
    {3, "flat_atomic_cmpswap v[6:7], v[2:3]", {0xdd040000, 0x00000206}, 2},
    {1, "flat_atomic_cmpswap_x2 v[0:1], v[6:7], v[2:5] glc", {0xdd450000, 0x00000206}, 2},
    {2, "flat_atomic_cmpswap_x2 v[0:1], v[6:7], v[2:5] glc", {0xdd850000, 0x00000206}, 2},
    {3, "flat_atomic_cmpswap_x2 v[0:1], v[6:7], v[2:5] glc", {0xdd850000, 0x00000206}, 2},
    {1, "flat_atomic_cmpswap_x2 v[6:7], v[2:5]", {0xdd440000, 0x00000206}, 2},
    {2, "flat_atomic_cmpswap_x2 v[6:7], v[2:5]", {0xdd840000, 0x00000206}, 2},
    {3, "flat_atomic_cmpswap_x2 v[6:7], v[2:5]", {0xdd840000, 0x00000206}, 2},
    {1, "flat_atomic_dec v1, v[6:7], v2 glc", {0xdcf50000, 0x01000206}, 2},
    {2, "flat_atomic_dec v1, v[6:7], v2 glc", {0xdd310000, 0x01000206}, 2},
    {3, "flat_atomic_dec v1, v[6:7], v2 glc", {0xdd310000, 0x01000206}, 2},
    {1, "flat_atomic_dec v[6:7], v2", {0xdcf40000, 0x00000206}, 2},
    {2, "flat_atomic_dec v[6:7], v2", {0xdd300000, 0x00000206}, 2},
    {3, "flat_atomic_dec v[6:7], v2", {0xdd300000, 0x00000206}, 2},
    {1, "flat_atomic_dec_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd750000, 0x00000206}, 2},
    {2, "flat_atomic_dec_x2 v[0:1], v[6:7], v[2:3] glc", {0xddb10000, 0x00000206}, 2},
    {3, "flat_atomic_dec_x2 v[0:1], v[6:7], v[2:3] glc", {0xddb10000, 0x00000206}, 2},
    {1, "flat_atomic_dec_x2 v[6:7], v[2:3]", {0xdd740000, 0x00000206}, 2},
    {2, "flat_atomic_dec_x2 v[6:7], v[2:3]", {0xddb00000, 0x00000206}, 2},
    {3, "flat_atomic_dec_x2 v[6:7], v[2:3]", {0xddb00000, 0x00000206}, 2},
    {1, "flat_atomic_inc v1, v[6:7], v2 glc", {0xdcf10000, 0x01000206}, 2},
    {2, "flat_atomic_inc v1, v[6:7], v2 glc", {0xdd2d0000, 0x01000206}, 2},
    {3, "flat_atomic_inc v1, v[6:7], v2 glc", {0xdd2d0000, 0x01000206}, 2},
    {1, "flat_atomic_inc v[6:7], v2", {0xdcf00000, 0x00000206}, 2},
    {2, "flat_atomic_inc v[6:7], v2", {0xdd2c0000, 0x00000206}, 2},
    {3, "flat_atomic_inc v[6:7], v2", {0xdd2c0000, 0x00000206}, 2},
    {1, "flat_atomic_inc_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd710000, 0x00000206}, 2},
    {2, "flat_atomic_inc_x2 v[0:1], v[6:7], v[2:3] glc", {0xddad0000, 0x00000206}, 2},
    {3, "flat_atomic_inc_x2 v[0:1], v[6:7], v[2:3] glc", {0xddad0000, 0x00000206}, 2},
    {1, "flat_atomic_inc_x2 v[6:7], v[2:3]", {0xdd700000, 0x00000206}, 2},
    {2, "flat_atomic_inc_x2 v[6:7], v[2:3]", {0xddac0000, 0x00000206}, 2},
    {3, "flat_atomic_inc_x2 v[6:7], v[2:3]", {0xddac0000, 0x00000206}, 2},
    {1, "flat_atomic_or v1, v[6:7], v2 glc", {0xdce90000, 0x01000206}, 2},
    {2, "flat_atomic_or v1, v[6:7], v2 glc", {0xdd250000, 0x01000206}, 2},
    {3, "flat_atomic_or v1, v[6:7], v2 glc", {0xdd250000, 0x01000206}, 2},
    {1, "flat_atomic_or v[6:7], v2", {0xdce80000, 0x00000206}, 2},
    {2, "flat_atomic_or v[6:7], v2", {0xdd240000, 0x00000206}, 2},
    {3, "flat_atomic_or v[6:7], v2", {0xdd240000, 0x00000206}, 2},
    {1, "flat_atomic_or_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd690000, 0x00000206}, 2},
    {2, "flat_atomic_or_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda50000, 0x00000206}, 2},
    {3, "flat_atomic_or_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda50000, 0x00000206}, 2},
    {1, "flat_atomic_or_x2 v[6:7], v[2:3]", {0xdd680000, 0x00000206}, 2},
    {2, "flat_atomic_or_x2 v[6:7], v[2:3]", {0xdda40000, 0x00000206}, 2},
    {3, "flat_atomic_or_x2 v[6:7], v[2:3]", {0xdda40000, 0x00000206}, 2},
    {1, "flat_atomic_smax v1, v[6:7], v2 glc", {0xdcdd0000, 0x01000206}, 2},
    {2, "flat_atomic_smax v1, v[6:7], v2 glc", {0xdd190000, 0x01000206}, 2},
    {3, "flat_atomic_smax v1, v[6:7], v2 glc", {0xdd190000, 0x01000206}, 2},
    {1, "flat_atomic_smax v[6:7], v2", {0xdcdc0000, 0x00000206}, 2},
    {2, "flat_atomic_smax v[6:7], v2", {0xdd180000, 0x00000206}, 2},
    {3, "flat_atomic_smax v[6:7], v2", {0xdd180000, 0x00000206}, 2},
    {1, "flat_atomic_smax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd5d0000, 0x00000206}, 2},
    {2, "flat_atomic_smax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd990000, 0x00000206}, 2},
    {3, "flat_atomic_smax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd990000, 0x00000206}, 2},
    {1, "flat_atomic_smax_x2 v[6:7], v[2:3]", {0xdd5c0000, 0x00000206}, 2},
    {2, "flat_atomic_smax_x2 v[6:7], v[2:3]", {0xdd980000, 0x00000206}, 2},
    {3, "flat_atomic_smax_x2 v[6:7], v[2:3]", {0xdd980000, 0x00000206}, 2},
    {1, "flat_atomic_smin v1, v[6:7], v2 glc", {0xdcd50000, 0x01000206}, 2},
    {2, "flat_atomic_smin v1, v[6:7], v2 glc", {0xdd110000, 0x01000206}, 2},
    {3, "flat_atomic_smin v1, v[6:7], v2 glc", {0xdd110000, 0x01000206}, 2},
    {1, "flat_atomic_smin v[6:7], v2", {0xdcd40000, 0x00000206}, 2},
    {2, "flat_atomic_smin v[6:7], v2", {0xdd100000, 0x00000206}, 2},
    {3, "flat_atomic_smin v[6:7], v2", {0xdd100000, 0x00000206}, 2},
    {1, "flat_atomic_smin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd550000, 0x00000206}, 2},
    {2, "flat_atomic_smin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd910000, 0x00000206}, 2},
    {3, "flat_atomic_smin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd910000, 0x00000206}, 2},
    {1, "flat_atomic_smin_x2 v[6:7], v[2:3]", {0xdd540000, 0x00000206}, 2},
    {2, "flat_atomic_smin_x2 v[6:7], v[2:3]", {0xdd900000, 0x00000206}, 2},
    {3, "flat_atomic_smin_x2 v[6:7], v[2:3]", {0xdd900000, 0x00000206}, 2},
    {1, "flat_atomic_sub v1, v[6:7], v2 glc", {0xdccd0000, 0x01000206}, 2},
    {2, "flat_atomic_sub v1, v[6:7], v2 glc", {0xdd0d0000, 0x01000206}, 2},
    {3, "flat_atomic_sub v1, v[6:7], v2 glc", {0xdd0d0000, 0x01000206}, 2},
    {1, "flat_atomic_sub v[6:7], v2", {0xdccc0000, 0x00000206}, 2},
    {2, "flat_atomic_sub v[6:7], v2", {0xdd0c0000, 0x00000206}, 2},
    {3, "flat_atomic_sub v[6:7], v2", {0xdd0c0000, 0x00000206}, 2},
    {1, "flat_atomic_sub_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd4d0000, 0x00000206}, 2},
    {2, "flat_atomic_sub_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd8d0000, 0x00000206}, 2},
    {3, "flat_atomic_sub_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd8d0000, 0x00000206}, 2},
    {1, "flat_atomic_sub_x2 v[6:7], v[2:3]", {0xdd4c0000, 0x00000206}, 2},
    {2, "flat_atomic_sub_x2 v[6:7], v[2:3]", {0xdd8c0000, 0x00000206}, 2},
    {3, "flat_atomic_sub_x2 v[6:7], v[2:3]", {0xdd8c0000, 0x00000206}, 2},
    {1, "flat_atomic_swap v1, v[6:7], v2 glc", {0xdcc10000, 0x01000206}, 2},
    {2, "flat_atomic_swap v1, v[6:7], v2 glc", {0xdd010000, 0x01000206}, 2},
    {3, "flat_atomic_swap v1, v[6:7], v2 glc", {0xdd010000, 0x01000206}, 2},
    {1, "flat_atomic_swap v[6:7], v2", {0xdcc00000, 0x00000206}, 2},
    {2, "flat_atomic_swap v[6:7], v2", {0xdd000000, 0x00000206}, 2},
    {3, "flat_atomic_swap v[6:7], v2", {0xdd000000, 0x00000206}, 2},
    {1, "flat_atomic_swap_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd410000, 0x00000206}, 2},
    {2, "flat_atomic_swap_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd810000, 0x00000206}, 2},
    {3, "flat_atomic_swap_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd810000, 0x00000206}, 2},
    {1, "flat_atomic_swap_x2 v[6:7], v[2:3]", {0xdd400000, 0x00000206}, 2},
    {2, "flat_atomic_swap_x2 v[6:7], v[2:3]", {0xdd800000, 0x00000206}, 2},
    {3, "flat_atomic_swap_x2 v[6:7], v[2:3]", {0xdd800000, 0x00000206}, 2},
    {1, "flat_atomic_umax v1, v[6:7], v2 glc", {0xdce10000, 0x01000206}, 2},
    {2, "flat_atomic_umax v1, v[6:7], v2 glc", {0xdd1d0000, 0x01000206}, 2},
    {3, "flat_atomic_umax v1, v[6:7], v2 glc", {0xdd1d0000, 0x01000206}, 2},
    {1, "flat_atomic_umax v[6:7], v2", {0xdce00000, 0x00000206}, 2},
    {2, "flat_atomic_umax v[6:7], v2", {0xdd1c0000, 0x00000206}, 2},
    {3, "flat_atomic_umax v[6:7], v2", {0xdd1c0000, 0x00000206}, 2},
    {1, "flat_atomic_umax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd610000, 0x00000206}, 2},
    {2, "flat_atomic_umax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd9d0000, 0x00000206}, 2},
    {3, "flat_atomic_umax_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd9d0000, 0x00000206}, 2},
    {1, "flat_atomic_umax_x2 v[6:7], v[2:3]", {0xdd600000, 0x00000206}, 2},
    {2, "flat_atomic_umax_x2 v[6:7], v[2:3]", {0xdd9c0000, 0x00000206}, 2},
    {3, "flat_atomic_umax_x2 v[6:7], v[2:3]", {0xdd9c0000, 0x00000206}, 2},
    {1, "flat_atomic_umin v1, v[6:7], v2 glc", {0xdcd90000, 0x01000206}, 2},
    {2, "flat_atomic_umin v1, v[6:7], v2 glc", {0xdd150000, 0x01000206}, 2},
    {3, "flat_atomic_umin v1, v[6:7], v2 glc", {0xdd150000, 0x01000206}, 2},
    {1, "flat_atomic_umin v[6:7], v2", {0xdcd80000, 0x00000206}, 2},
    {2, "flat_atomic_umin v[6:7], v2", {0xdd140000, 0x00000206}, 2},
    {3, "flat_atomic_umin v[6:7], v2", {0xdd140000, 0x00000206}, 2},
    {1, "flat_atomic_umin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd590000, 0x00000206}, 2},
    {2, "flat_atomic_umin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd950000, 0x00000206}, 2},
    {3, "flat_atomic_umin_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd950000, 0x00000206}, 2},
    {1, "flat_atomic_umin_x2 v[6:7], v[2:3]", {0xdd580000, 0x00000206}, 2},
    {2, "flat_atomic_umin_x2 v[6:7], v[2:3]", {0xdd940000, 0x00000206}, 2},
    {3, "flat_atomic_umin_x2 v[6:7], v[2:3]", {0xdd940000, 0x00000206}, 2},
    {1, "flat_atomic_xor v1, v[6:7], v2 glc", {0xdced0000, 0x01000206}, 2},
    {2, "flat_atomic_xor v1, v[6:7], v2 glc", {0xdd290000, 0x01000206}, 2},
    {3, "flat_atomic_xor v1, v[6:7], v2 glc", {0xdd290000, 0x01000206}, 2},
    {1, "flat_atomic_xor v[6:7], v2", {0xdcec0000, 0x00000206}, 2},
    {2, "flat_atomic_xor v[6:7], v2", {0xdd280000, 0x00000206}, 2},
    {3, "flat_atomic_xor v[6:7], v2", {0xdd280000, 0x00000206}, 2},
    {1, "flat_atomic_xor_x2 v[0:1], v[6:7], v[2:3] glc", {0xdd6d0000, 0x00000206}, 2},
    {2, "flat_atomic_xor_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda90000, 0x00000206}, 2},
    {3, "flat_atomic_xor_x2 v[0:1], v[6:7], v[2:3] glc", {0xdda90000, 0x00000206}, 2},
    {1, "flat_atomic_xor_x2 v[6:7], v[2:3]", {0xdd6c0000, 0x00000206}, 2},
    {2, "flat_atomic_xor_x2 v[6:7], v[2:3]", {0xdda80000, 0x00000206}, 2},
    {3, "flat_atomic_xor_x2 v[6:7], v[2:3]", {0xdda80000, 0x00000206}, 2},
    {1, "flat_load_dword v1, v[6:7]", {0xdc300000, 0x01000006}, 2},
    {2, "flat_load_dword v1, v[6:7]", {0xdc500000, 0x01000006}, 2},
    {3, "flat_load_dword v1, v[6:7]", {0xdc500000, 0x01000006}, 2},
    {1, "flat_load_dwordx2 v[1:2], v[6:7]", {0xdc340000, 0x01000006}, 2},
    {2, "flat_load_dwordx2 v[1:2], v[6:7]", {0xdc540000, 0x01000006}, 2},
    {3, "flat_load_dwordx2 v[1:2], v[6:7]", {0xdc540000, 0x01000006}, 2},
    {1, "flat_load_dwordx3 v[1:3], v[6:7]", {0xdc3c0000, 0x01000006}, 2},
    {2, "flat_load_dwordx3 v[1:3], v[6:7]", {0xdc580000, 0x01000006}, 2},
    {3, "flat_load_dwordx3 v[1:3], v[6:7]", {0xdc580000, 0x01000006}, 2},
    {1, "flat_load_dwordx4 v[1:4], v[6:7]", {0xdc380000, 0x01000006}, 2},
    {2, "flat_load_dwordx4 v[1:4], v[6:7]", {0xdc5c0000, 0x01000006}, 2},
    {3, "flat_load_dwordx4 v[1:4], v[6:7]", {0xdc5c0000, 0x01000006}, 2},
    {3, "flat_load_dwordx4 v[1:4], v[6:7] offset:8", {0xdc5c0008, 0x01000006}, 2},
    {1, "flat_load_sbyte v1, v[6:7]", {0xdc240000, 0x01000006}, 2},
    {2, "flat_load_sbyte v1, v[6:7]", {0xdc440000, 0x01000006}, 2},
    {3, "flat_load_sbyte v1, v[6:7]", {0xdc440000, 0x01000006}, 2},
    {3, "flat_load_sbyte_d16 v1, v[6:7]", {0xdc880000, 0x01000006}, 2},
    {3, "flat_load_sbyte_d16_hi v1, v[6:7]", {0xdc8c0000, 0x01000006}, 2},
    {3, "flat_load_short_d16 v1, v[6:7]", {0xdc900000, 0x01000006}, 2},
    {3, "flat_load_short_d16_hi v1, v[6:7]", {0xdc940000, 0x01000006}, 2},
    {1, "flat_load_sshort v1, v[6:7]", {0xdc2c0000, 0x01000006}, 2},
    {2, "flat_load_sshort v1, v[6:7]", {0xdc4c0000, 0x01000006}, 2},
    {3, "flat_load_sshort v1, v[6:7]", {0xdc4c0000, 0x01000006}, 2},
    {1, "flat_load_ubyte v1, v[6:7]", {0xdc200000, 0x01000006}, 2},
    {2, "flat_load_ubyte v1, v[6:7]", {0xdc400000, 0x01000006}, 2},
    {3, "flat_load_ubyte v1, v[6:7]", {0xdc400000, 0x01000006}, 2},
    {3, "flat_load_ubyte_d16 v1, v[6:7]", {0xdc800000, 0x01000006}, 2},
    {3, "flat_load_ubyte_d16_hi v1, v[6:7]", {0xdc840000, 0x01000006}, 2},
    {1, "flat_load_ushort v1, v[6:7]", {0xdc280000, 0x01000006}, 2},
    {2, "flat_load_ushort v1, v[6:7]", {0xdc480000, 0x01000006}, 2},
    {3, "flat_load_ushort v1, v[6:7]", {0xdc480000, 0x01000006}, 2},
    {1, "flat_store_byte v[6:7], v1", {0xdc600000, 0x00000106}, 2},
    {2, "flat_store_byte v[6:7], v1", {0xdc600000, 0x00000106}, 2},
    {3, "flat_store_byte v[6:7], v1", {0xdc600000, 0x00000106}, 2},
    {3, "flat_store_byte_d16_hi v[6:7], v1", {0xdc640000, 0x00000106}, 2},
    {1, "flat_store_dword v[6:7], v1", {0xdc700000, 0x00000106}, 2},
    {2, "flat_store_dword v[6:7], v1", {0xdc700000, 0x00000106}, 2},
    {3, "flat_store_dword v[6:7], v1", {0xdc700000, 0x00000106}, 2},
    {1, "flat_store_dwordx2 v[6:7], v[1:2]", {0xdc740000, 0x00000106}, 2},
    {2, "flat_store_dwordx2 v[6:7], v[1:2]", {0xdc740000, 0x00000106}, 2},
    {3, "flat_store_dwordx2 v[6:7], v[1:2]", {0xdc740000, 0x00000106}, 2},
    {1, "flat_store_dwordx3 v[6:7], v[1:3]", {0xdc7c0000, 0x00000106}, 2},
    {2, "flat_store_dwordx3 v[6:7], v[1:3]", {0xdc780000, 0x00000106}, 2},
    {3, "flat_store_dwordx3 v[6:7], v[1:3]", {0xdc780000, 0x00000106}, 2},
    {1, "flat_store_dwordx4 v[6:7], v[1:4]", {0xdc780000, 0x00000106}, 2},
    {2, "flat_store_dwordx4 v[6:7], v[1:4]", {0xdc7c0000, 0x00000106}, 2},
    {3, "flat_store_dwordx4 v[6:7], v[1:4]", {0xdc7c0000, 0x00000106}, 2},
    {1, "flat_store_short v[6:7], v1", {0xdc680000, 0x00000106}, 2},
    {2, "flat_store_short v[6:7], v1", {0xdc680000, 0x00000106}, 2},
    {3, "flat_store_short v[6:7], v1", {0xdc680000, 0x00000106}, 2},
    {3, "flat_store_short_d16_hi v[6:7], v1", {0xdc6c0000, 0x00000106}, 2},
    {3, "global_atomic_add v1, v0, v4, s[4:5] glc", {0xdd098000, 0x01040400}, 2},
    {3, "global_load_dword v0, s[4:5] offset:16 lds", {0xdc50a010, 0x00040000}, 2},
    {3, "global_load_dword v1, v0, s[4:5] offset:-16", {0xdc509ff0, 0x01040000}, 2},
    {3, "global_load_dwordx2 v[1:2], v[6:7], off offset:-8", {0xdc549ff8, 0x017f0006}, 2},
    {3, "global_load_sbyte v1, v[6:7], off offset:4095", {0xdc448fff, 0x017f0006}, 2},
    {3, "global_load_short_d16_hi v1, v[6:7], off", {0xdc948000, 0x017f0006}, 2},
    {3, "global_store_dword v[6:7], v1, off", {0xdc708000, 0x007f0106}, 2},
    {3, "scratch_load_dword v1, v0, off offset:8", {0xdc504008, 0x017f0000}, 2},
    {3, "scratch_load_dword v2, off, s4 offset:-4", {0xdc505ffc, 0x02040000}, 2},
    {3, "scratch_store_dword off, v1, s4 offset:4", {0xdc704004, 0x00040100}, 2},
    /* END ENCODINGS */
    {0, NULL, {0}, 0},
};
