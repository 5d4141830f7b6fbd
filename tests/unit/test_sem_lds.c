/* test_sem_lds.c — DS semantics on gfx6/7/8/9: reads of every width with
 * sign/zero extension and d16, read2/write2 and st64 offsets, writes,
 * every atomic (lanes colliding on one address, returned values),
 * wrxchg2, swizzle modes, permute/bpermute, append/consume, addtid, the
 * M0 limit (gfx6-8) and the allocation bound (gfx9), gfx6's negative-base
 * rule, alignment faults, GDS, partial EXEC and the effects record.
 * Expected values are computed here from the ISA definitions, on the
 * known LDS pattern lds_pat(). */
#include "tests/unit/memtest.h"

static const char *const TARGETS[] = {"gfx601", "gfx701", "gfx803", "gfx900"};
static const uint64_t PARTIAL = 0xf0f0ff00123400ffull;

static uint32_t pat32(uint32_t a)
{
    return lds_pat(a) | (uint32_t)lds_pat(a + 1) << 8 | (uint32_t)lds_pat(a + 2) << 16 | (uint32_t)lds_pat(a + 3) << 24;
}

static uint32_t lds32(uint32_t a)
{
    return S.lds[a] | (uint32_t)S.lds[a + 1] << 8 | (uint32_t)S.lds[a + 2] << 16 | (uint32_t)S.lds[a + 3] << 24;
}

static void put32(uint8_t *m, uint32_t a, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        m[a + i] = (uint8_t)(v >> 8 * i);
}

static void set_v(unsigned v, uint32_t (*f)(unsigned l))
{
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[v][l] = f(l);
}

static uint32_t sentinel(unsigned l) { return 0xdead0000u + l; }
static uint32_t addr16(unsigned l) { return l * 16; }
static uint32_t addr8(unsigned l) { return l * 8; }
static uint32_t addr1k(unsigned l) { return l * 1024; }
static uint32_t data_a(unsigned l) { return 0x11223344u * (l + 1) ^ 0x80808080u; }
static uint32_t data_b(unsigned l) { return 0x0badf00du + l * 0x01010101u; }

/* ---- reads -------------------------------------------------------------- */

static void test_reads(const char *target)
{
    mt_init(target, 16);
    int gen = S.t->gen;
    set_v(0, addr16);
    mt_exec(PARTIAL);
    struct {
        const char *text;
        unsigned off, kind;   /* kind: 0 b32, 1 u8, 2 i8, 3 u16, 4 i16 */
    } one[] = {
        {A("ds_read_b32 v1, v0 offset:4"), 4, 0},  {A("ds_read_u8 v1, v0 offset:1"), 1, 1},
        {A("ds_read_i8 v1, v0 offset:1"), 1, 2},   {A("ds_read_u16 v1, v0 offset:2"), 2, 3},
        {A("ds_read_i16 v1, v0 offset:2"), 2, 4},  {A("ds_read_u8 v1, v0 offset:7"), 7, 1},
        {A("ds_read_i8 v1, v0 offset:7"), 7, 2},   {A("ds_read_i16 v1, v0 offset:6"), 6, 4},
    };
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        set_v(1, sentinel);
        uint32_t want[64];
        for (unsigned l = 0; l < 64; l++) {
            uint32_t a = l * 16 + one[i].off, v = pat32(a);
            switch (one[i].kind) {
            case 1: v &= 0xff; break;
            case 2: v = (v & 0x80) ? (v & 0xff) | 0xffffff00u : v & 0xff; break;
            case 3: v &= 0xffff; break;
            case 4: v = (v & 0x8000) ? (v & 0xffff) | 0xffff0000u : v & 0xffff; break;
            }
            want[l] = PARTIAL >> l & 1 ? v : sentinel(l);
        }
        CHECK(mt_run(one[i].text) == 1, "%s: %s runs", target, one[i].text);
        CHECK_V(1, want, ~0ull, "%s: %s (inactive lanes unchanged)", target, one[i].text);
    }
    /* multi-dword reads */
    struct {
        const char *text;
        unsigned off, ndw, gen;
    } wide[] = {
        {A("ds_read_b64 v[2:3], v0 offset:8"), 8, 2, ISA_GFX6},
        {A("ds_read_b96 v[2:4], v0 offset:16"), 16, 3, ISA_GFX7},
        {A("ds_read_b128 v[2:5], v0 offset:16"), 16, 4, ISA_GFX7},
    };
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        if (gen < (int)wide[i].gen)
            continue;
        for (unsigned k = 0; k < 4; k++)
            set_v(2 + k, sentinel);
        CHECK(mt_run(wide[i].text) == 1, "%s: %s runs", target, wide[i].text);
        for (unsigned k = 0; k < 4; k++) {
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++)
                want[l] = (PARTIAL >> l & 1) && k < wide[i].ndw ? pat32(l * 16 + wide[i].off + 4 * k) : sentinel(l);
            CHECK_V(2 + k, want, ~0ull, "%s: %s dword %u", target, wide[i].text, k);
        }
    }
    if (gen == ISA_GFX9) {
        /* d16: one half replaced, the other kept; unaligned b128 allowed on gfx9 */
        struct {
            const char *text;
            int hi, sign, bytes;
        } d16[] = {
            {A("ds_read_u8_d16 v1, v0"), 0, 0, 1},  {A("ds_read_u8_d16_hi v1, v0"), 1, 0, 1},
            {A("ds_read_i8_d16 v1, v0"), 0, 1, 1},  {A("ds_read_i8_d16_hi v1, v0"), 1, 1, 1},
            {A("ds_read_u16_d16 v1, v0"), 0, 0, 2}, {A("ds_read_u16_d16_hi v1, v0"), 1, 0, 2},
        };
        uint32_t odd[64];
        for (unsigned l = 0; l < 64; l++)
            odd[l] = l * 16 + 3;   /* byte 3 of the pattern has bit 7 set in some lanes */
        memcpy(S.w.vgpr[0], odd, sizeof odd);
        for (size_t i = 0; i < sizeof d16 / sizeof d16[0]; i++) {
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[1][l] = 0x5a5a5a5au;
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++) {
                uint32_t v = pat32(odd[l]) & (d16[i].bytes == 1 ? 0xff : 0xffff);
                if (d16[i].sign && (v & 0x80))
                    v |= 0xff00;
                want[l] = d16[i].hi ? 0x5a5au | v << 16 : 0x5a5a0000u | v;
                if (!(PARTIAL >> l & 1))
                    want[l] = 0x5a5a5a5au;
            }
            CHECK(mt_run(d16[i].text) == 1, "%s: %s runs", target, d16[i].text);
            CHECK_V(1, want, ~0ull, "%s: %s (other half kept)", target, d16[i].text);
        }
        CHECK(mt_run(A("ds_read_b128 v[2:5], v0 offset:16")) == 1, "gfx900: ds_read_b128 at an odd address runs");
        uint32_t want[64];
        for (unsigned l = 0; l < 64; l++)
            want[l] = pat32(odd[l] + 16 + 12);
        CHECK_V(5, want, PARTIAL, "gfx900: unaligned ds_read_b128 reads bytes 12..15");
    }
    mt_done();
}

static void test_read2(const char *target)
{
    mt_init(target, 16);
    set_v(0, addr8);
    struct {
        const char *text;
        unsigned o0, o1, esize;
    } c[] = {
        {A("ds_read2_b32 v[2:3], v0 offset0:1 offset1:5"), 4, 20, 4},
        {A("ds_read2st64_b32 v[2:3], v0 offset0:1 offset1:2"), 256, 512, 4},
        {A("ds_read2_b64 v[2:5], v0 offset0:1 offset1:3"), 8, 24, 8},
        {A("ds_read2st64_b64 v[2:5], v0 offset0:1 offset1:2"), 512, 1024, 8},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        mt_exec(~0ull);
        CHECK(mt_run(c[i].text) == 1, "%s: %s runs", target, c[i].text);
        unsigned per = c[i].esize / 4;
        for (unsigned k = 0; k < 2 * per; k++) {
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++)
                want[l] = pat32(l * 8 + (k < per ? c[i].o0 : c[i].o1) + 4 * (k % per));
            CHECK_V(2 + k, want, ~0ull, "%s: %s dword %u", target, c[i].text, k);
        }
    }
    mt_done();
}

/* ---- writes ------------------------------------------------------------- */

static uint8_t img[65536];

static void img_reset(void)
{
    for (uint32_t i = 0; i < sizeof img; i++)
        img[i] = lds_pat(i);
}

/* Whether LDS equals img; reports the first difference. */
static int lds_same(const char *what)
{
    for (uint32_t i = 0; i < sizeof img; i++)
        if (S.lds[i] != img[i]) {
            printf("      %s: LDS byte 0x%x is 0x%02x, want 0x%02x\n", what, i, S.lds[i], img[i]);
            return 0;
        }
    return 1;
}

static void test_writes(const char *target)
{
    mt_init(target, 16);
    int gen = S.t->gen;
    set_v(0, addr16);
    set_v(1, data_a);
    set_v(2, data_a);
    set_v(3, data_b);
    set_v(4, sentinel);
    set_v(5, data_b);
    struct {
        const char *text;
        unsigned off, bytes, src, shift, gen;
    } c[] = {
        {A("ds_write_b8 v0, v1 offset:3"), 3, 1, 1, 0, ISA_GFX6},
        {A("ds_write_b16 v0, v1 offset:2"), 2, 2, 1, 0, ISA_GFX6},
        {A("ds_write_b32 v0, v1 offset:4"), 4, 4, 1, 0, ISA_GFX6},
        {A("ds_write_b64 v0, v[2:3] offset:8"), 8, 8, 2, 0, ISA_GFX6},
        {A("ds_write_b96 v0, v[2:4]"), 0, 12, 2, 0, ISA_GFX7},
        {A("ds_write_b128 v0, v[2:5]"), 0, 16, 2, 0, ISA_GFX7},
        {A("ds_write_b8_d16_hi v0, v1"), 0, 1, 1, 16, ISA_GFX9},
        {A("ds_write_b16_d16_hi v0, v1"), 0, 2, 1, 16, ISA_GFX9},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (gen < (int)c[i].gen)
            continue;
        mt_exec(PARTIAL);
        img_reset();
        memcpy(S.lds, img, sizeof img);
        for (unsigned l = 0; l < 64; l++) {
            if (!(PARTIAL >> l & 1))
                continue;
            for (unsigned b = 0; b < c[i].bytes; b++) {
                uint32_t v = S.w.vgpr[c[i].src + b / 4][l] >> c[i].shift;
                img[l * 16 + c[i].off + b] = (uint8_t)(v >> 8 * (b % 4));
            }
        }
        CHECK(mt_run(c[i].text) == 1 && lds_same(c[i].text), "%s: %s writes exactly its bytes in active lanes",
              target, c[i].text);
    }
    /* write2 forms: two elements per lane */
    struct {
        const char *text;
        unsigned o0, o1, esize;
    } w2[] = {
        {A("ds_write2_b32 v0, v1, v2 offset0:1 offset1:5"), 4, 20, 4},
        {A("ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:2"), 256, 512, 4},
        {A("ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:3"), 8, 24, 8},
        {A("ds_write2st64_b64 v0, v[2:3], v[4:5] offset1:1"), 0, 512, 8},
    };
    set_v(0, addr1k);   /* lanes 1 KiB apart: no two lanes write the same byte */
    for (size_t i = 0; i < sizeof w2 / sizeof w2[0]; i++) {
        mt_exec(PARTIAL);
        img_reset();
        memcpy(S.lds, img, sizeof img);
        unsigned per = w2[i].esize / 4;
        unsigned r0 = per == 1 ? 1 : 2, r1 = per == 1 ? 2 : 4;
        for (unsigned l = 0; l < 64; l++)
            if (PARTIAL >> l & 1)
                for (unsigned k = 0; k < per; k++) {
                    put32(img, l * 1024 + w2[i].o0 + 4 * k, S.w.vgpr[r0 + k][l]);
                    put32(img, l * 1024 + w2[i].o1 + 4 * k, S.w.vgpr[r1 + k][l]);
                }
        CHECK(mt_run(w2[i].text) == 1 && lds_same(w2[i].text), "%s: %s writes both elements", target,
              w2[i].text);
    }
    /* every lane writes the same dword: the highest active lane's value stays */
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 0x40;
    mt_exec(0x00ff00ff00ff00ffull);
    CHECK(mt_run(A("ds_write_b32 v0, v1 offset:4")) == 1 && lds32(0x44) == data_a(55),
          "%s: colliding ds_write_b32 leaves the highest active lane's data", target);
    mt_done();
}

/* ---- atomics ------------------------------------------------------------ */

enum { OPA_ADD, OPA_SUB, OPA_RSUB, OPA_INC, OPA_DEC, OPA_SMIN, OPA_SMAX, OPA_UMIN, OPA_UMAX, OPA_AND, OPA_OR,
       OPA_XOR, OPA_MSKOR, OPA_SWAP, OPA_CMPST, OPA_FMIN, OPA_FMAX, OPA_FADD, OPA_WRAP, OPA_FCMPST };

static float fl(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t bi(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

/* The ISA pseudocode of each op (32-bit); d0/d1 are DATA0/DATA1. */
static uint32_t ref32(int op, uint32_t m, uint32_t d0, uint32_t d1)
{
    switch (op) {
    case OPA_ADD: return m + d0;
    case OPA_SUB: return m - d0;
    case OPA_RSUB: return d0 - m;
    case OPA_INC: return d0 > m ? m + 1 : 0;
    case OPA_DEC: return (d0 >= m && m != 0) ? m - 1 : d0;
    case OPA_SMIN: return (int32_t)m < (int32_t)d0 ? m : d0;
    case OPA_SMAX: return (int32_t)m > (int32_t)d0 ? m : d0;
    case OPA_UMIN: return m < d0 ? m : d0;
    case OPA_UMAX: return m > d0 ? m : d0;
    case OPA_AND: return m & d0;
    case OPA_OR: return m | d0;
    case OPA_XOR: return m ^ d0;
    case OPA_MSKOR: return (m & ~d0) | d1;
    case OPA_SWAP: return d0;
    case OPA_CMPST: return m == d0 ? d1 : m;
    case OPA_FCMPST: return fl(m) == fl(d0) ? d1 : m;
    case OPA_FMIN: return fl(d0) < fl(m) ? d0 : m;
    case OPA_FMAX: return fl(d0) > fl(m) ? d0 : m;
    case OPA_FADD: return bi(fl(m) + fl(d0));
    case OPA_WRAP: return m >= d0 ? m - d0 : m + d1;
    }
    return m;
}

static uint64_t ref64(int op, uint64_t m, uint64_t d0, uint64_t d1)
{
    switch (op) {
    case OPA_ADD: return m + d0;
    case OPA_SUB: return m - d0;
    case OPA_RSUB: return d0 - m;
    case OPA_INC: return d0 > m ? m + 1 : 0;
    case OPA_DEC: return (d0 >= m && m != 0) ? m - 1 : d0;
    case OPA_SMIN: return (int64_t)m < (int64_t)d0 ? m : d0;
    case OPA_SMAX: return (int64_t)m > (int64_t)d0 ? m : d0;
    case OPA_UMIN: return m < d0 ? m : d0;
    case OPA_UMAX: return m > d0 ? m : d0;
    case OPA_AND: return m & d0;
    case OPA_OR: return m | d0;
    case OPA_XOR: return m ^ d0;
    case OPA_MSKOR: return (m & ~d0) | d1;
    case OPA_SWAP: return d0;
    case OPA_CMPST: return m == d0 ? d1 : m;
    }
    return m;
}

/* Data that exercises the ops: small values (inc/dec wrap, cmpst hits),
 * negative and large values (signed vs unsigned), floats. */
static uint32_t atom_d0(int op, unsigned l)
{
    if (op >= OPA_FMIN && op <= OPA_FADD)
        return bi((float)((int)(l * 7 % 13) - 6) * 0.75f);
    if (op == OPA_FCMPST)
        return bi((float)(l % 3));
    if (op == OPA_INC || op == OPA_DEC || op == OPA_WRAP)
        return l % 5 + 2;
    if (op == OPA_CMPST)
        return l % 3 == 0 ? 0 : 100 + l;   /* compare values */
    return l % 4 == 0 ? 0x80000000u + l : l % 4 == 1 ? 0xfffffff0u - l : l * 0x01010101u;
}

static uint32_t atom_d1(unsigned l) { return 0x300 + l; }

static uint32_t atom_mem0(int op, unsigned slot)
{
    if (op >= OPA_FMIN && op <= OPA_FCMPST)
        return bi(1.5f - (float)slot);
    if (op == OPA_CMPST)
        return 0;
    return 0x7ffffff0u + slot * 0x31u;
}

static void test_atomics(const char *target)
{
    int gen;
    struct {
        const char *rtn, *norm;
        int op, gen;
    } c[] = {
        {A("ds_add_rtn_u32 v3, v0, v1 offset:16"), A("ds_add_u32 v0, v1 offset:16"), OPA_ADD, ISA_GFX6},
        {A("ds_sub_rtn_u32 v3, v0, v1 offset:16"), A("ds_sub_u32 v0, v1 offset:16"), OPA_SUB, ISA_GFX6},
        {A("ds_rsub_rtn_u32 v3, v0, v1 offset:16"), A("ds_rsub_u32 v0, v1 offset:16"), OPA_RSUB, ISA_GFX6},
        {A("ds_inc_rtn_u32 v3, v0, v1 offset:16"), A("ds_inc_u32 v0, v1 offset:16"), OPA_INC, ISA_GFX6},
        {A("ds_dec_rtn_u32 v3, v0, v1 offset:16"), A("ds_dec_u32 v0, v1 offset:16"), OPA_DEC, ISA_GFX6},
        {A("ds_min_rtn_i32 v3, v0, v1 offset:16"), A("ds_min_i32 v0, v1 offset:16"), OPA_SMIN, ISA_GFX6},
        {A("ds_max_rtn_i32 v3, v0, v1 offset:16"), A("ds_max_i32 v0, v1 offset:16"), OPA_SMAX, ISA_GFX6},
        {A("ds_min_rtn_u32 v3, v0, v1 offset:16"), A("ds_min_u32 v0, v1 offset:16"), OPA_UMIN, ISA_GFX6},
        {A("ds_max_rtn_u32 v3, v0, v1 offset:16"), A("ds_max_u32 v0, v1 offset:16"), OPA_UMAX, ISA_GFX6},
        {A("ds_and_rtn_b32 v3, v0, v1 offset:16"), A("ds_and_b32 v0, v1 offset:16"), OPA_AND, ISA_GFX6},
        {A("ds_or_rtn_b32 v3, v0, v1 offset:16"), A("ds_or_b32 v0, v1 offset:16"), OPA_OR, ISA_GFX6},
        {A("ds_xor_rtn_b32 v3, v0, v1 offset:16"), A("ds_xor_b32 v0, v1 offset:16"), OPA_XOR, ISA_GFX6},
        {A("ds_mskor_rtn_b32 v3, v0, v1, v2 offset:16"), A("ds_mskor_b32 v0, v1, v2 offset:16"), OPA_MSKOR, ISA_GFX6},
        {A("ds_wrxchg_rtn_b32 v3, v0, v1 offset:16"), NULL, OPA_SWAP, ISA_GFX6},
        {A("ds_cmpst_rtn_b32 v3, v0, v1, v2 offset:16"), A("ds_cmpst_b32 v0, v1, v2 offset:16"), OPA_CMPST, ISA_GFX6},
        {A("ds_cmpst_rtn_f32 v3, v0, v1, v2 offset:16"), A("ds_cmpst_f32 v0, v1, v2 offset:16"), OPA_FCMPST, ISA_GFX6},
        {A("ds_min_rtn_f32 v3, v0, v1 offset:16"), A("ds_min_f32 v0, v1 offset:16"), OPA_FMIN, ISA_GFX6},
        {A("ds_max_rtn_f32 v3, v0, v1 offset:16"), A("ds_max_f32 v0, v1 offset:16"), OPA_FMAX, ISA_GFX6},
        {A("ds_add_rtn_f32 v3, v0, v1 offset:16"), A("ds_add_f32 v0, v1 offset:16"), OPA_FADD, ISA_GFX8},
        {A("ds_wrap_rtn_b32 v3, v0, v1, v2 offset:16"), NULL, OPA_WRAP, ISA_GFX7},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int rtn = 1; rtn >= 0; rtn--) {
            const char *text = rtn ? c[i].rtn : c[i].norm;
            mt_init(target, 8);
            gen = S.t->gen;
            if (!text || gen < c[i].gen)
                continue;
            int op = c[i].op;
            uint32_t mem[8], want_ret[64];
            for (unsigned k = 0; k < 8; k++) {
                mem[k] = atom_mem0(op, k);
                put32(S.lds, 16 + 8 * k, mem[k]);
            }
            for (unsigned l = 0; l < 64; l++) {
                S.w.vgpr[0][l] = 8 * (l % 8);   /* eight lanes per address */
                S.w.vgpr[1][l] = atom_d0(op, l);
                S.w.vgpr[2][l] = atom_d1(l);
                S.w.vgpr[3][l] = sentinel(l);
            }
            mt_exec(PARTIAL);
            for (unsigned l = 0; l < 64; l++) {   /* lane order */
                want_ret[l] = sentinel(l);
                if (!(PARTIAL >> l & 1))
                    continue;
                uint32_t *m = &mem[l % 8];
                want_ret[l] = rtn ? *m : sentinel(l);
                *m = ref32(op, *m, S.w.vgpr[1][l], S.w.vgpr[2][l]);
            }
            int ok = mt_run(text) == 1;
            for (unsigned k = 0; k < 8; k++)
                ok &= lds32(16 + 8 * k) == mem[k];
            CHECK(ok, "%s: %s: memory after eight lanes per address, in lane order", target, text);
            CHECK_V(3, want_ret, ~0ull, "%s: %s: returned pre-op values", target, text);
        }
    /* 64-bit */
    struct {
        const char *rtn, *norm;
        int op;
    } d[] = {
        {A("ds_add_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_add_u64 v0, v[1:2] offset:16"), OPA_ADD},
        {A("ds_sub_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_sub_u64 v0, v[1:2] offset:16"), OPA_SUB},
        {A("ds_rsub_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_rsub_u64 v0, v[1:2] offset:16"), OPA_RSUB},
        {A("ds_inc_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_inc_u64 v0, v[1:2] offset:16"), OPA_INC},
        {A("ds_dec_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_dec_u64 v0, v[1:2] offset:16"), OPA_DEC},
        {A("ds_min_rtn_i64 v[4:5], v0, v[1:2] offset:16"), A("ds_min_i64 v0, v[1:2] offset:16"), OPA_SMIN},
        {A("ds_max_rtn_i64 v[4:5], v0, v[1:2] offset:16"), A("ds_max_i64 v0, v[1:2] offset:16"), OPA_SMAX},
        {A("ds_min_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_min_u64 v0, v[1:2] offset:16"), OPA_UMIN},
        {A("ds_max_rtn_u64 v[4:5], v0, v[1:2] offset:16"), A("ds_max_u64 v0, v[1:2] offset:16"), OPA_UMAX},
        {A("ds_and_rtn_b64 v[4:5], v0, v[1:2] offset:16"), A("ds_and_b64 v0, v[1:2] offset:16"), OPA_AND},
        {A("ds_or_rtn_b64 v[4:5], v0, v[1:2] offset:16"), A("ds_or_b64 v0, v[1:2] offset:16"), OPA_OR},
        {A("ds_xor_rtn_b64 v[4:5], v0, v[1:2] offset:16"), A("ds_xor_b64 v0, v[1:2] offset:16"), OPA_XOR},
        {A("ds_mskor_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16"), A("ds_mskor_b64 v0, v[1:2], v[6:7] offset:16"),
         OPA_MSKOR},
        {A("ds_wrxchg_rtn_b64 v[4:5], v0, v[1:2] offset:16"), NULL, OPA_SWAP},
        {A("ds_cmpst_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16"), A("ds_cmpst_b64 v0, v[1:2], v[6:7] offset:16"),
         OPA_CMPST},
    };
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
        for (int rtn = 1; rtn >= 0; rtn--) {
            const char *text = rtn ? d[i].rtn : d[i].norm;
            if (!text)
                continue;
            mt_init(target, 8);
            int op = d[i].op;
            uint64_t mem[8], want[64];
            for (unsigned k = 0; k < 8; k++) {
                mem[k] = op == OPA_CMPST ? 5 : 0x7ffffffffffffff0ull + k * 0x123456789ull;
                put32(S.lds, 16 + 8 * k, (uint32_t)mem[k]);
                put32(S.lds, 20 + 8 * k, (uint32_t)(mem[k] >> 32));
            }
            for (unsigned l = 0; l < 64; l++) {
                uint64_t d0 = op == OPA_INC || op == OPA_DEC ? l % 5 + 2 + 0x7ffffffffffffff0ull * (l % 7 == 0)
                            : op == OPA_CMPST ? (l % 3 == 0 ? 5 : 6)
                            : (uint64_t)atom_d0(OPA_ADD, l) << 32 | data_b(l);
                uint64_t d1 = 0x1234567800000000ull + l;
                S.w.vgpr[0][l] = 8 * (l % 8);
                S.w.vgpr[1][l] = (uint32_t)d0;
                S.w.vgpr[2][l] = (uint32_t)(d0 >> 32);
                S.w.vgpr[6][l] = (uint32_t)d1;
                S.w.vgpr[7][l] = (uint32_t)(d1 >> 32);
                S.w.vgpr[4][l] = S.w.vgpr[5][l] = sentinel(l);
            }
            mt_exec(PARTIAL);
            for (unsigned l = 0; l < 64; l++) {
                want[l] = (uint64_t)sentinel(l) << 32 | sentinel(l);
                if (!(PARTIAL >> l & 1))
                    continue;
                uint64_t *m = &mem[l % 8];
                uint64_t d0 = (uint64_t)S.w.vgpr[2][l] << 32 | S.w.vgpr[1][l];
                uint64_t d1 = (uint64_t)S.w.vgpr[7][l] << 32 | S.w.vgpr[6][l];
                if (rtn)
                    want[l] = *m;
                *m = ref64(op, *m, d0, d1);
            }
            int ok = mt_run(text) == 1;
            for (unsigned k = 0; k < 8; k++)
                ok &= ((uint64_t)lds32(20 + 8 * k) << 32 | lds32(16 + 8 * k)) == mem[k];
            CHECK(ok, "%s: %s: 64-bit memory after colliding lanes", target, text);
            uint32_t lo[64], hi[64];
            for (unsigned l = 0; l < 64; l++) {
                lo[l] = (uint32_t)want[l];
                hi[l] = (uint32_t)(want[l] >> 32);
            }
            CHECK_V(4, lo, ~0ull, "%s: %s: returned low dword", target, text);
            CHECK_V(5, hi, ~0ull, "%s: %s: returned high dword", target, text);
        }
    mt_done();
}

/* f32/f64 min/max special values: -0 below +0, a NaN operand loses */
static void test_float_atomics(void)
{
    mt_init("gfx900", 8);
    struct {
        const char *text;
        uint32_t mem, data, want;
    } c[] = {
        {A("ds_min_f32 v0, v1"), 0x00000000u, 0x80000000u, 0x80000000u},
        {A("ds_max_f32 v0, v1"), 0x80000000u, 0x00000000u, 0x00000000u},
        {A("ds_min_f32 v0, v1"), 0x7fc00000u, 0x3f800000u, 0x3f800000u},
        {A("ds_max_f32 v0, v1"), 0x3f800000u, 0x7fc00000u, 0x3f800000u},
        {A("ds_add_f32 v0, v1"), 0x3fc00000u, 0x40200000u, 0x40800000u},   /* 1.5 + 2.5 = 4 */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        put32(S.lds, 0, c[i].mem);
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[0][l] = 0;
            S.w.vgpr[1][l] = c[i].data;
        }
        mt_exec(1);
        CHECK(mt_run(c[i].text) == 1 && lds32(0) == c[i].want, "%s: 0x%08x with 0x%08x gives 0x%08x (got 0x%08x)",
              c[i].text, c[i].mem, c[i].data, c[i].want, lds32(0));
    }
    /* f64 max with a NaN in memory keeps the number */
    uint64_t nan = 0x7ff8000000000000ull, two = 0x4000000000000000ull;
    put32(S.lds, 8, (uint32_t)nan);
    put32(S.lds, 12, (uint32_t)(nan >> 32));
    S.w.vgpr[0][0] = 8;
    S.w.vgpr[1][0] = (uint32_t)two;
    S.w.vgpr[2][0] = (uint32_t)(two >> 32);
    mt_exec(1);
    CHECK(mt_run(A("ds_max_rtn_f64 v[4:5], v0, v[1:2]")) == 1 && lds32(8) == 0 && lds32(12) == 0x40000000u &&
              S.w.vgpr[5][0] == 0x7ff80000u,
          "ds_max_rtn_f64: NaN in memory replaced by 2.0, NaN returned");
    mt_done();
}

static void test_wrxchg2(const char *target)
{
    struct {
        const char *text;
        unsigned o0, o1, esize;
    } c[] = {
        {A("ds_wrxchg2_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:3"), 4, 12, 4},
        {A("ds_wrxchg2st64_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:2"), 256, 512, 4},
        {A("ds_wrxchg2_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset0:1 offset1:3"), 8, 24, 8},
        {A("ds_wrxchg2st64_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset1:1"), 0, 512, 8},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        mt_init(target, 8);
        unsigned per = c[i].esize / 4, r0 = per == 1 ? 1 : 0, r1 = 2;
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[1][l] = data_a(l);
            S.w.vgpr[2][l] = data_b(l);
            S.w.vgpr[3][l] = data_a(l + 64);
            S.w.vgpr[0][l] = l * 1024;   /* address (and, for b64, the low dword of data0) */
        }
        img_reset();
        uint32_t want[4][64];
        for (unsigned l = 0; l < 64; l++)
            for (unsigned k = 0; k < per; k++) {
                want[k][l] = pat32(l * 1024 + c[i].o0 + 4 * k);
                want[per + k][l] = pat32(l * 1024 + c[i].o1 + 4 * k);
                put32(img, l * 1024 + c[i].o0 + 4 * k, S.w.vgpr[r0 + k][l]);
                put32(img, l * 1024 + c[i].o1 + 4 * k, S.w.vgpr[r1 + k][l]);
            }
        CHECK(mt_run(c[i].text) == 1 && lds_same(c[i].text), "%s: %s stores both elements", target, c[i].text);
        for (unsigned k = 0; k < 2 * per; k++)
            CHECK_V(4 + k, want[k], ~0ull, "%s: %s returns old dword %u", target, c[i].text, k);
    }
    mt_done();
}

/* ---- lane exchange ------------------------------------------------------ */

static unsigned swz_lane(unsigned pat, unsigned l)
{
    if (pat & 0x8000)
        return (l & 0x3c) | ((pat >> (2 * (l & 3))) & 3);
    unsigned and_m = pat & 31, or_m = (pat >> 5) & 31, xor_m = (pat >> 10) & 31;
    return (l & 32) | ((((l & 31) & and_m) | or_m) ^ xor_m);
}

static void test_swizzle(const char *target)
{
    struct {
        const char *text;
        unsigned pat;
    } c[] = {
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,3,2,1,0)"), 0x801b},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,0,0,2,1)"), 0x8060},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)"), 0x401f},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)"), 0x041f},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,32)"), 0x7c1f},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,4)"), 0x0c1f},
        {A("ds_swizzle_b32 v1, v0 offset:swizzle(BROADCAST,8,3)"), 0x0078},
        /* BITMASK_PERM "01pip" (bit 4 first: 0, 1, preserved, inverted,
         * preserved): and 0x07, or 0x08, xor 0x02 (LLVM 15 has no syntax) */
        {A("ds_swizzle_b32 v1, v0 offset:2311"), 0x07 | 0x08 << 5 | 0x02 << 10},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        mt_init(target, 4);
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[0][l] = 0xc0de0000u + l;
            S.w.vgpr[1][l] = sentinel(l);
        }
        uint64_t exec = 0xfffffffeffff7fffull;
        mt_exec(exec);
        uint32_t want[64];
        for (unsigned l = 0; l < 64; l++) {
            unsigned src = swz_lane(c[i].pat, l);
            want[l] = !(exec >> l & 1) ? sentinel(l) : (exec >> src & 1) ? 0xc0de0000u + src : 0;
        }
        CHECK(mt_run(c[i].text) == 1, "%s: %s runs", target, c[i].text);
        CHECK_V(1, want, ~0ull, "%s: %s (pattern 0x%04x; inactive sources give 0)", target, c[i].text, c[i].pat);
    }
    mt_done();
}

static void test_permute(const char *target)
{
    mt_init(target, 4);
    uint64_t exec = 0xff7fffffffff0ffeull;
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = ((l * 5 + 3) % 64) * 4 + (l & 1) * 0x100 + (l & 2);   /* high bits and byte bits ignored */
        S.w.vgpr[1][l] = 0xbeef0000u + l;
        S.w.vgpr[2][l] = sentinel(l);
    }
    mt_exec(exec);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++) {
        unsigned src = ((S.w.vgpr[0][l] + 4) / 4) % 64;
        want[l] = !(exec >> l & 1) ? sentinel(l) : (exec >> src & 1) ? 0xbeef0000u + src : 0;
    }
    CHECK(mt_run(A("ds_bpermute_b32 v2, v0, v1 offset:4")) == 1, "%s: ds_bpermute_b32 runs", target);
    CHECK_V(2, want, ~0ull, "%s: ds_bpermute_b32 pulls from lane (addr+4)/4 mod 64, 0 from inactive lanes", target);
    /* permute: lanes push; with 5l+3 mod 64 a bijection, every active receiver gets its sender's data */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[2][l] = sentinel(l);
        want[l] = exec >> l & 1 ? 0 : sentinel(l);
    }
    for (unsigned l = 0; l < 64; l++)
        if (exec >> l & 1) {
            unsigned dst = ((S.w.vgpr[0][l] + 4) / 4) % 64;
            if (exec >> dst & 1)
                want[dst] = 0xbeef0000u + l;
        }
    CHECK(mt_run(A("ds_permute_b32 v2, v0, v1 offset:4")) == 1, "%s: ds_permute_b32 runs", target);
    CHECK_V(2, want, ~0ull, "%s: ds_permute_b32 pushes to lane (addr+4)/4 mod 64, 0 where nobody sent", target);
    /* several senders to one lane: the highest wins */
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = (l % 4) * 4;
    mt_exec(~0ull);
    CHECK(mt_run(A("ds_permute_b32 v2, v0, v1")) == 1 && S.w.vgpr[2][0] == 0xbeef0000u + 60 &&
              S.w.vgpr[2][3] == 0xbeef0000u + 63 && S.w.vgpr[2][4] == 0,
          "%s: ds_permute_b32: the highest sending lane wins", target);
    mt_done();
}

/* ---- M0-based ------------------------------------------------------------ */

static void test_append(const char *target)
{
    mt_init(target, 4);
    S.w.sgpr[SREG_M0] = 0x100;
    put32(S.lds, 0x104, 10);
    uint64_t exec = 0x000f0000ffff0000ull;
    mt_exec(exec);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = sentinel(l);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++)
        want[l] = exec >> l & 1 ? 10 : sentinel(l);
    CHECK(mt_run(A("ds_append v1 offset:4")) == 1 && lds32(0x104) == 30, "%s: ds_append adds the 20 active lanes",
          target);
    CHECK_V(1, want, ~0ull, "%s: ds_append returns the old counter to every active lane", target);
    for (unsigned l = 0; l < 64; l++)
        want[l] = exec >> l & 1 ? 30 : sentinel(l);
    CHECK(mt_run(A("ds_consume v1 offset:4")) == 1 && lds32(0x104) == 10, "%s: ds_consume subtracts them", target);
    CHECK_V(1, want, ~0ull, "%s: ds_consume returns the old counter", target);
    mt_done();
}

static void test_addtid(void)
{
    mt_init("gfx900", 4);
    S.w.sgpr[SREG_M0] = 0x40;
    mt_exec(PARTIAL);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++)
        want[l] = pat32(0x40 + 8 + 4 * l);
    CHECK(mt_run(A("ds_read_addtid_b32 v1 offset:8")) == 1, "ds_read_addtid_b32 runs");
    CHECK_V(1, want, PARTIAL, "ds_read_addtid_b32 reads M0 + offset + lane*4");
    set_v(2, data_a);
    img_reset();
    for (unsigned l = 0; l < 64; l++)
        if (PARTIAL >> l & 1)
            put32(img, 0x40 + 4 * l, data_a(l));
    CHECK(mt_run(A("ds_write_addtid_b32 v2")) == 1 && lds_same("ds_write_addtid_b32"),
          "ds_write_addtid_b32 writes M0 + lane*4 in active lanes");
    mt_done();
}

/* ---- bounds, alignment, faults, effects ---------------------------------- */

static void test_bounds(void)
{
    /* gfx6-8: M0 limits the access; gfx9 ignores it */
    for (int t = 0; t < 4; t++) {
        mt_init(TARGETS[t], 4);
        int gen = S.t->gen;
        S.w.sgpr[SREG_M0] = 0x100;
        set_v(0, addr8);
        semtest_record(&S);
        uint32_t want[64];
        uint64_t oob = 0;
        for (unsigned l = 0; l < 64; l++) {
            int out = gen <= ISA_GFX8 && l * 8 + 4 > 0x100;
            want[l] = out ? 0 : pat32(l * 8);
            oob |= (uint64_t)out << l;
        }
        CHECK(mt_run(A("ds_read_b32 v1, v0")) == 1, "%s: ds_read_b32 with M0 = 0x100 runs", TARGETS[t]);
        CHECK_V(1, want, ~0ull, "%s: reads at or beyond M0 give 0 on gfx6-8, M0 ignored on gfx9", TARGETS[t]);
        CHECK(S.fx.nacc == 1 && S.fx.acc[0].oob == oob && S.fx.acc[0].mask == ~0ull,
              "%s: the out-of-range lanes are recorded in the effects", TARGETS[t]);
        set_v(1, data_b);
        img_reset();
        memcpy(S.lds, img, sizeof img);
        for (unsigned l = 0; l < 64; l++)
            if (!(oob >> l & 1))
                put32(img, l * 8, data_b(l));
        CHECK(mt_run(A("ds_write_b32 v0, v1")) == 1 && lds_same("M0 write"), "%s: writes beyond M0 are dropped",
              TARGETS[t]);
        /* a 64-bit read straddling the limit: the first dword in range, the second not */
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[0][l] = 0xf8;
        S.w.sgpr[SREG_M0] = 0xfc;
        uint32_t lo = lds32(0xf8);
        if (gen <= ISA_GFX8)
            CHECK(mt_run(A("ds_read_b64 v[2:3], v0")) == 1 && S.w.vgpr[2][0] == lo && S.w.vgpr[3][0] == 0,
                  "%s: ds_read_b64 across M0: low dword read, high dword 0", TARGETS[t]);
        mt_done();
    }
    /* gfx9: the allocation bounds */
    mt_init("gfx900", 4);
    S.wg.lds_size = 0x100;
    set_v(0, addr8);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++)
        want[l] = l * 8 + 4 <= 0x100 ? pat32(l * 8) : 0;
    CHECK(mt_run(A("ds_read_b32 v1, v0")) == 1, "gfx900: ds_read_b32 with 256 bytes of LDS runs");
    CHECK_V(1, want, ~0ull, "gfx900: reads beyond the group's LDS give 0");
    S.w.vgpr[0][0] = 0x200;
    S.w.vgpr[1][0] = 7;
    mt_exec(1);
    CHECK(mt_run(A("ds_add_u32 v0, v1")) == 1 && pat32(0x200) == lds32(0x200),
          "gfx900: an atomic beyond the LDS is dropped");
    mt_done();
    /* gfx6: a negative base is out of range even when base + offset is not */
    for (int t = 0; t < 2; t++) {
        mt_init(TARGETS[t], 4);
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[0][l] = 0xfffffff0u;
        S.w.sgpr[SREG_M0] = 0xffffffffu;
        uint32_t v = t == 0 ? 0 : pat32(0x10);
        CHECK(mt_run(A("ds_read_b32 v1, v0 offset:32")) == 1 && S.w.vgpr[1][0] == v && S.w.vgpr[1][63] == v,
              "%s: ADDR 0xfffffff0 + offset 32 %s", TARGETS[t],
              t == 0 ? "is out of range (gfx6 bounds-check rule)" : "wraps to 0x10");
        mt_done();
    }
}

static void test_alignment(void)
{
    mt_init("gfx803", 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 4;
    S.w.vgpr[0][9] = 0x26;
    CHECK(mt_run(A("ds_read_b32 v1, v0")) == 0 && S.w.fault.kind == FAULT_MISALIGNED && S.w.fault.lane == 9 &&
              S.w.fault.addr == 0x26,
          "gfx803: ds_read_b32 at 0x26 faults as misaligned (%s)", S.w.fault.msg);
    mt_init("gfx803", 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 4;
    S.w.vgpr[0][9] = 0x26;
    mt_exec(~(1ull << 9));
    CHECK(mt_run(A("ds_read_b32 v1, v0")) == 1 && S.w.vgpr[1][10] == pat32(40),
          "gfx803: an inactive lane's misaligned address is not accessed");
    mt_init("gfx803", 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 4;
    CHECK(mt_run(A("ds_read_b64 v[2:3], v0")) == 0 && S.w.fault.kind == FAULT_MISALIGNED,
          "gfx803: ds_read_b64 at 4 faults (8-byte alignment) (%s)", S.w.fault.msg);
    mt_init("gfx803", 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 4;
    CHECK(mt_run(A("ds_read2_b32 v[2:3], v0 offset1:1")) == 1 && S.w.vgpr[2][0] == pat32(4) &&
              S.w.vgpr[3][0] == pat32(8),
          "gfx803: ds_read2_b32 reads 8 bytes at a 4-byte aligned address");
    mt_init("gfx900", 4);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 0x21 + l;
    CHECK(mt_run(A("ds_read_b64 v[2:3], v0")) == 1 && S.w.vgpr[2][5] == pat32(0x26) && S.w.vgpr[3][5] == pat32(0x2a),
          "gfx900: ds_read_b64 at odd addresses reads the bytes there (unaligned mode)");
    CHECK(mt_run(A("ds_add_u32 v0, v1")) == 0 && S.w.fault.kind == FAULT_MISALIGNED && S.w.fault.lane == 0,
          "gfx900: a misaligned LDS atomic faults (%s)", S.w.fault.msg);
    mt_done();
}

static void test_faults(void)
{
    mt_init("gfx900", 4);
    CHECK(mt_run(A("ds_read_b32 v1, v0 gds")) == 0 && S.w.fault.kind == FAULT_UNIMPLEMENTED,
          "gfx900: a GDS access faults as not implemented (%s)", S.w.fault.msg);
    mt_init("gfx900", 4);
    CHECK(mt_run(A("ds_read_b128 v[2:5], v0")) == 0 && S.w.fault.kind == FAULT_REGISTER,
          "gfx900: ds_read_b128 into v[2:5] with 4 VGPRs faults (%s)", S.w.fault.msg);
    mt_init("gfx900", 4);
    CHECK(mt_run(A("ds_gws_init v0 gds")) == 0 && S.w.fault.kind == FAULT_UNIMPLEMENTED,
          "gfx900: ds_gws_init faults as not implemented (%s)", S.w.fault.msg);
    mt_done();
}

static void test_effects(void)
{
    mt_init("gfx900", 8);
    semtest_record(&S);
    set_v(0, addr8);
    set_v(1, data_a);
    mt_exec(PARTIAL);
    CHECK(mt_run(A("ds_write_b32 v0, v1 offset:4")) == 1, "effects: ds_write_b32 runs");
    int ok = S.fx.nacc == 1 && S.fx.acc[0].space == FX_SPACE_LDS && S.fx.acc[0].write && S.fx.acc[0].bytes == 4 &&
             S.fx.acc[0].mask == PARTIAL && S.fx.acc[0].oob == 0 && S.fx.lgkm_cnt == 1 && S.fx.vm_cnt == 0;
    for (unsigned l = 0; l < 64; l++)
        if (PARTIAL >> l & 1)
            ok &= S.fx.acc[0].addr[l] == l * 8 + 4;
    CHECK(ok, "effects: one LDS write access, 4 bytes, EXEC lanes, their addresses, lgkm +1");
    ok = S.fx.nm == (unsigned)__builtin_popcountll(PARTIAL);
    for (unsigned i = 0; ok && i < S.fx.nm; i++)
        ok = S.fx.m[i].space == FX_SPACE_LDS && S.fx.m[i].old == pat32((uint32_t)S.fx.m[i].addr) &&
             S.fx.m[i].addr % 8 == 4;
    CHECK(ok, "effects: every dword written is logged with its old value");
    CHECK(mt_run(A("ds_read2_b32 v[2:3], v0 offset0:1 offset1:5")) == 1 && S.fx.nacc == 2 &&
              S.fx.acc[0].addr[0] == 4 && S.fx.acc[1].addr[0] == 20 && !S.fx.acc[1].write && S.fx.nm == 0,
          "effects: ds_read2 records two accesses, writes nothing");
    S.w.vgpr[0][0] = 0x11;
    mt_exec(1);
    CHECK(mt_run(A("ds_write_b8 v0, v1")) == 1 && S.fx.nm == 1 && S.fx.m[0].addr == 0x10 &&
              S.fx.m[0].old == pat32(0x10),
          "effects: a byte write logs its whole dword");
    mt_done();
}

int main(void)
{
    for (int t = 0; t < 4; t++) {
        test_reads(TARGETS[t]);
        test_read2(TARGETS[t]);
        test_writes(TARGETS[t]);
        test_atomics(TARGETS[t]);
        test_wrxchg2(TARGETS[t]);
        test_swizzle(TARGETS[t]);
        test_append(TARGETS[t]);
    }
    test_permute("gfx803");
    test_permute("gfx900");
    test_float_atomics();
    test_addtid();
    test_bounds();
    test_alignment();
    test_faults();
    test_effects();
    return check_done();
}

/* Encodings of every instruction text above, from llvm-mc-15 (gfx601, gfx701) and
 * llvm-mc-16 (gfx803, gfx900): {generation, text, words, dwords}. */
const enc_t ENC[] = {
    /* BEGIN ENCODINGS */
    {2, "ds_add_f32 v0, v1", {0xd82a0000, 0x00000100}, 2},
    {3, "ds_add_f32 v0, v1", {0xd82a0000, 0x00000100}, 2},
    {2, "ds_add_f32 v0, v1 offset:16", {0xd82a0010, 0x00000100}, 2},
    {3, "ds_add_f32 v0, v1 offset:16", {0xd82a0010, 0x00000100}, 2},
    {2, "ds_add_rtn_f32 v3, v0, v1 offset:16", {0xd86a0010, 0x03000100}, 2},
    {3, "ds_add_rtn_f32 v3, v0, v1 offset:16", {0xd86a0010, 0x03000100}, 2},
    {0, "ds_add_rtn_u32 v3, v0, v1 offset:16", {0xd8800010, 0x03000100}, 2},
    {1, "ds_add_rtn_u32 v3, v0, v1 offset:16", {0xd8800010, 0x03000100}, 2},
    {2, "ds_add_rtn_u32 v3, v0, v1 offset:16", {0xd8400010, 0x03000100}, 2},
    {3, "ds_add_rtn_u32 v3, v0, v1 offset:16", {0xd8400010, 0x03000100}, 2},
    {0, "ds_add_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9800010, 0x04000100}, 2},
    {1, "ds_add_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9800010, 0x04000100}, 2},
    {2, "ds_add_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c00010, 0x04000100}, 2},
    {3, "ds_add_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c00010, 0x04000100}, 2},
    {0, "ds_add_u32 v0, v1", {0xd8000000, 0x00000100}, 2},
    {1, "ds_add_u32 v0, v1", {0xd8000000, 0x00000100}, 2},
    {2, "ds_add_u32 v0, v1", {0xd8000000, 0x00000100}, 2},
    {3, "ds_add_u32 v0, v1", {0xd8000000, 0x00000100}, 2},
    {0, "ds_add_u32 v0, v1 offset:16", {0xd8000010, 0x00000100}, 2},
    {1, "ds_add_u32 v0, v1 offset:16", {0xd8000010, 0x00000100}, 2},
    {2, "ds_add_u32 v0, v1 offset:16", {0xd8000010, 0x00000100}, 2},
    {3, "ds_add_u32 v0, v1 offset:16", {0xd8000010, 0x00000100}, 2},
    {0, "ds_add_u64 v0, v[1:2] offset:16", {0xd9000010, 0x00000100}, 2},
    {1, "ds_add_u64 v0, v[1:2] offset:16", {0xd9000010, 0x00000100}, 2},
    {2, "ds_add_u64 v0, v[1:2] offset:16", {0xd8800010, 0x00000100}, 2},
    {3, "ds_add_u64 v0, v[1:2] offset:16", {0xd8800010, 0x00000100}, 2},
    {0, "ds_and_b32 v0, v1 offset:16", {0xd8240010, 0x00000100}, 2},
    {1, "ds_and_b32 v0, v1 offset:16", {0xd8240010, 0x00000100}, 2},
    {2, "ds_and_b32 v0, v1 offset:16", {0xd8120010, 0x00000100}, 2},
    {3, "ds_and_b32 v0, v1 offset:16", {0xd8120010, 0x00000100}, 2},
    {0, "ds_and_b64 v0, v[1:2] offset:16", {0xd9240010, 0x00000100}, 2},
    {1, "ds_and_b64 v0, v[1:2] offset:16", {0xd9240010, 0x00000100}, 2},
    {2, "ds_and_b64 v0, v[1:2] offset:16", {0xd8920010, 0x00000100}, 2},
    {3, "ds_and_b64 v0, v[1:2] offset:16", {0xd8920010, 0x00000100}, 2},
    {0, "ds_and_rtn_b32 v3, v0, v1 offset:16", {0xd8a40010, 0x03000100}, 2},
    {1, "ds_and_rtn_b32 v3, v0, v1 offset:16", {0xd8a40010, 0x03000100}, 2},
    {2, "ds_and_rtn_b32 v3, v0, v1 offset:16", {0xd8520010, 0x03000100}, 2},
    {3, "ds_and_rtn_b32 v3, v0, v1 offset:16", {0xd8520010, 0x03000100}, 2},
    {0, "ds_and_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9a40010, 0x04000100}, 2},
    {1, "ds_and_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9a40010, 0x04000100}, 2},
    {2, "ds_and_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d20010, 0x04000100}, 2},
    {3, "ds_and_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d20010, 0x04000100}, 2},
    {0, "ds_append v1 offset:4", {0xd8f80004, 0x01000000}, 2},
    {1, "ds_append v1 offset:4", {0xd8f80004, 0x01000000}, 2},
    {2, "ds_append v1 offset:4", {0xd97c0004, 0x01000000}, 2},
    {3, "ds_append v1 offset:4", {0xd97c0004, 0x01000000}, 2},
    {2, "ds_bpermute_b32 v2, v0, v1 offset:4", {0xd87e0004, 0x02000100}, 2},
    {3, "ds_bpermute_b32 v2, v0, v1 offset:4", {0xd87e0004, 0x02000100}, 2},
    {0, "ds_cmpst_b32 v0, v1, v2 offset:16", {0xd8400010, 0x00020100}, 2},
    {1, "ds_cmpst_b32 v0, v1, v2 offset:16", {0xd8400010, 0x00020100}, 2},
    {2, "ds_cmpst_b32 v0, v1, v2 offset:16", {0xd8200010, 0x00020100}, 2},
    {3, "ds_cmpst_b32 v0, v1, v2 offset:16", {0xd8200010, 0x00020100}, 2},
    {0, "ds_cmpst_b64 v0, v[1:2], v[6:7] offset:16", {0xd9400010, 0x00060100}, 2},
    {1, "ds_cmpst_b64 v0, v[1:2], v[6:7] offset:16", {0xd9400010, 0x00060100}, 2},
    {2, "ds_cmpst_b64 v0, v[1:2], v[6:7] offset:16", {0xd8a00010, 0x00060100}, 2},
    {3, "ds_cmpst_b64 v0, v[1:2], v[6:7] offset:16", {0xd8a00010, 0x00060100}, 2},
    {0, "ds_cmpst_f32 v0, v1, v2 offset:16", {0xd8440010, 0x00020100}, 2},
    {1, "ds_cmpst_f32 v0, v1, v2 offset:16", {0xd8440010, 0x00020100}, 2},
    {2, "ds_cmpst_f32 v0, v1, v2 offset:16", {0xd8220010, 0x00020100}, 2},
    {3, "ds_cmpst_f32 v0, v1, v2 offset:16", {0xd8220010, 0x00020100}, 2},
    {0, "ds_cmpst_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8c00010, 0x03020100}, 2},
    {1, "ds_cmpst_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8c00010, 0x03020100}, 2},
    {2, "ds_cmpst_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8600010, 0x03020100}, 2},
    {3, "ds_cmpst_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8600010, 0x03020100}, 2},
    {0, "ds_cmpst_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd9c00010, 0x04060100}, 2},
    {1, "ds_cmpst_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd9c00010, 0x04060100}, 2},
    {2, "ds_cmpst_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd8e00010, 0x04060100}, 2},
    {3, "ds_cmpst_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd8e00010, 0x04060100}, 2},
    {0, "ds_cmpst_rtn_f32 v3, v0, v1, v2 offset:16", {0xd8c40010, 0x03020100}, 2},
    {1, "ds_cmpst_rtn_f32 v3, v0, v1, v2 offset:16", {0xd8c40010, 0x03020100}, 2},
    {2, "ds_cmpst_rtn_f32 v3, v0, v1, v2 offset:16", {0xd8620010, 0x03020100}, 2},
    {3, "ds_cmpst_rtn_f32 v3, v0, v1, v2 offset:16", {0xd8620010, 0x03020100}, 2},
    {0, "ds_consume v1 offset:4", {0xd8f40004, 0x01000000}, 2},
    {1, "ds_consume v1 offset:4", {0xd8f40004, 0x01000000}, 2},
    {2, "ds_consume v1 offset:4", {0xd97a0004, 0x01000000}, 2},
    {3, "ds_consume v1 offset:4", {0xd97a0004, 0x01000000}, 2},
    {0, "ds_dec_rtn_u32 v3, v0, v1 offset:16", {0xd8900010, 0x03000100}, 2},
    {1, "ds_dec_rtn_u32 v3, v0, v1 offset:16", {0xd8900010, 0x03000100}, 2},
    {2, "ds_dec_rtn_u32 v3, v0, v1 offset:16", {0xd8480010, 0x03000100}, 2},
    {3, "ds_dec_rtn_u32 v3, v0, v1 offset:16", {0xd8480010, 0x03000100}, 2},
    {0, "ds_dec_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9900010, 0x04000100}, 2},
    {1, "ds_dec_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9900010, 0x04000100}, 2},
    {2, "ds_dec_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c80010, 0x04000100}, 2},
    {3, "ds_dec_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c80010, 0x04000100}, 2},
    {0, "ds_dec_u32 v0, v1 offset:16", {0xd8100010, 0x00000100}, 2},
    {1, "ds_dec_u32 v0, v1 offset:16", {0xd8100010, 0x00000100}, 2},
    {2, "ds_dec_u32 v0, v1 offset:16", {0xd8080010, 0x00000100}, 2},
    {3, "ds_dec_u32 v0, v1 offset:16", {0xd8080010, 0x00000100}, 2},
    {0, "ds_dec_u64 v0, v[1:2] offset:16", {0xd9100010, 0x00000100}, 2},
    {1, "ds_dec_u64 v0, v[1:2] offset:16", {0xd9100010, 0x00000100}, 2},
    {2, "ds_dec_u64 v0, v[1:2] offset:16", {0xd8880010, 0x00000100}, 2},
    {3, "ds_dec_u64 v0, v[1:2] offset:16", {0xd8880010, 0x00000100}, 2},
    {0, "ds_gws_init v0 gds", {0xd8660000, 0x00000000}, 2},
    {1, "ds_gws_init v0 gds", {0xd8660000, 0x00000000}, 2},
    {2, "ds_gws_init v0 gds", {0xd9330000, 0x00000000}, 2},
    {3, "ds_gws_init v0 gds", {0xd9330000, 0x00000000}, 2},
    {0, "ds_inc_rtn_u32 v3, v0, v1 offset:16", {0xd88c0010, 0x03000100}, 2},
    {1, "ds_inc_rtn_u32 v3, v0, v1 offset:16", {0xd88c0010, 0x03000100}, 2},
    {2, "ds_inc_rtn_u32 v3, v0, v1 offset:16", {0xd8460010, 0x03000100}, 2},
    {3, "ds_inc_rtn_u32 v3, v0, v1 offset:16", {0xd8460010, 0x03000100}, 2},
    {0, "ds_inc_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd98c0010, 0x04000100}, 2},
    {1, "ds_inc_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd98c0010, 0x04000100}, 2},
    {2, "ds_inc_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c60010, 0x04000100}, 2},
    {3, "ds_inc_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c60010, 0x04000100}, 2},
    {0, "ds_inc_u32 v0, v1 offset:16", {0xd80c0010, 0x00000100}, 2},
    {1, "ds_inc_u32 v0, v1 offset:16", {0xd80c0010, 0x00000100}, 2},
    {2, "ds_inc_u32 v0, v1 offset:16", {0xd8060010, 0x00000100}, 2},
    {3, "ds_inc_u32 v0, v1 offset:16", {0xd8060010, 0x00000100}, 2},
    {0, "ds_inc_u64 v0, v[1:2] offset:16", {0xd90c0010, 0x00000100}, 2},
    {1, "ds_inc_u64 v0, v[1:2] offset:16", {0xd90c0010, 0x00000100}, 2},
    {2, "ds_inc_u64 v0, v[1:2] offset:16", {0xd8860010, 0x00000100}, 2},
    {3, "ds_inc_u64 v0, v[1:2] offset:16", {0xd8860010, 0x00000100}, 2},
    {0, "ds_max_f32 v0, v1", {0xd84c0000, 0x00000100}, 2},
    {1, "ds_max_f32 v0, v1", {0xd84c0000, 0x00000100}, 2},
    {2, "ds_max_f32 v0, v1", {0xd8260000, 0x00000100}, 2},
    {3, "ds_max_f32 v0, v1", {0xd8260000, 0x00000100}, 2},
    {0, "ds_max_f32 v0, v1 offset:16", {0xd84c0010, 0x00000100}, 2},
    {1, "ds_max_f32 v0, v1 offset:16", {0xd84c0010, 0x00000100}, 2},
    {2, "ds_max_f32 v0, v1 offset:16", {0xd8260010, 0x00000100}, 2},
    {3, "ds_max_f32 v0, v1 offset:16", {0xd8260010, 0x00000100}, 2},
    {0, "ds_max_i32 v0, v1 offset:16", {0xd8180010, 0x00000100}, 2},
    {1, "ds_max_i32 v0, v1 offset:16", {0xd8180010, 0x00000100}, 2},
    {2, "ds_max_i32 v0, v1 offset:16", {0xd80c0010, 0x00000100}, 2},
    {3, "ds_max_i32 v0, v1 offset:16", {0xd80c0010, 0x00000100}, 2},
    {0, "ds_max_i64 v0, v[1:2] offset:16", {0xd9180010, 0x00000100}, 2},
    {1, "ds_max_i64 v0, v[1:2] offset:16", {0xd9180010, 0x00000100}, 2},
    {2, "ds_max_i64 v0, v[1:2] offset:16", {0xd88c0010, 0x00000100}, 2},
    {3, "ds_max_i64 v0, v[1:2] offset:16", {0xd88c0010, 0x00000100}, 2},
    {0, "ds_max_rtn_f32 v3, v0, v1 offset:16", {0xd8cc0010, 0x03000100}, 2},
    {1, "ds_max_rtn_f32 v3, v0, v1 offset:16", {0xd8cc0010, 0x03000100}, 2},
    {2, "ds_max_rtn_f32 v3, v0, v1 offset:16", {0xd8660010, 0x03000100}, 2},
    {3, "ds_max_rtn_f32 v3, v0, v1 offset:16", {0xd8660010, 0x03000100}, 2},
    {0, "ds_max_rtn_f64 v[4:5], v0, v[1:2]", {0xd9cc0000, 0x04000100}, 2},
    {1, "ds_max_rtn_f64 v[4:5], v0, v[1:2]", {0xd9cc0000, 0x04000100}, 2},
    {2, "ds_max_rtn_f64 v[4:5], v0, v[1:2]", {0xd8e60000, 0x04000100}, 2},
    {3, "ds_max_rtn_f64 v[4:5], v0, v[1:2]", {0xd8e60000, 0x04000100}, 2},
    {0, "ds_max_rtn_i32 v3, v0, v1 offset:16", {0xd8980010, 0x03000100}, 2},
    {1, "ds_max_rtn_i32 v3, v0, v1 offset:16", {0xd8980010, 0x03000100}, 2},
    {2, "ds_max_rtn_i32 v3, v0, v1 offset:16", {0xd84c0010, 0x03000100}, 2},
    {3, "ds_max_rtn_i32 v3, v0, v1 offset:16", {0xd84c0010, 0x03000100}, 2},
    {0, "ds_max_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd9980010, 0x04000100}, 2},
    {1, "ds_max_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd9980010, 0x04000100}, 2},
    {2, "ds_max_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd8cc0010, 0x04000100}, 2},
    {3, "ds_max_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd8cc0010, 0x04000100}, 2},
    {0, "ds_max_rtn_u32 v3, v0, v1 offset:16", {0xd8a00010, 0x03000100}, 2},
    {1, "ds_max_rtn_u32 v3, v0, v1 offset:16", {0xd8a00010, 0x03000100}, 2},
    {2, "ds_max_rtn_u32 v3, v0, v1 offset:16", {0xd8500010, 0x03000100}, 2},
    {3, "ds_max_rtn_u32 v3, v0, v1 offset:16", {0xd8500010, 0x03000100}, 2},
    {0, "ds_max_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9a00010, 0x04000100}, 2},
    {1, "ds_max_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9a00010, 0x04000100}, 2},
    {2, "ds_max_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8d00010, 0x04000100}, 2},
    {3, "ds_max_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8d00010, 0x04000100}, 2},
    {0, "ds_max_u32 v0, v1 offset:16", {0xd8200010, 0x00000100}, 2},
    {1, "ds_max_u32 v0, v1 offset:16", {0xd8200010, 0x00000100}, 2},
    {2, "ds_max_u32 v0, v1 offset:16", {0xd8100010, 0x00000100}, 2},
    {3, "ds_max_u32 v0, v1 offset:16", {0xd8100010, 0x00000100}, 2},
    {0, "ds_max_u64 v0, v[1:2] offset:16", {0xd9200010, 0x00000100}, 2},
    {1, "ds_max_u64 v0, v[1:2] offset:16", {0xd9200010, 0x00000100}, 2},
    {2, "ds_max_u64 v0, v[1:2] offset:16", {0xd8900010, 0x00000100}, 2},
    {3, "ds_max_u64 v0, v[1:2] offset:16", {0xd8900010, 0x00000100}, 2},
    {0, "ds_min_f32 v0, v1", {0xd8480000, 0x00000100}, 2},
    {1, "ds_min_f32 v0, v1", {0xd8480000, 0x00000100}, 2},
    {2, "ds_min_f32 v0, v1", {0xd8240000, 0x00000100}, 2},
    {3, "ds_min_f32 v0, v1", {0xd8240000, 0x00000100}, 2},
    {0, "ds_min_f32 v0, v1 offset:16", {0xd8480010, 0x00000100}, 2},
    {1, "ds_min_f32 v0, v1 offset:16", {0xd8480010, 0x00000100}, 2},
    {2, "ds_min_f32 v0, v1 offset:16", {0xd8240010, 0x00000100}, 2},
    {3, "ds_min_f32 v0, v1 offset:16", {0xd8240010, 0x00000100}, 2},
    {0, "ds_min_i32 v0, v1 offset:16", {0xd8140010, 0x00000100}, 2},
    {1, "ds_min_i32 v0, v1 offset:16", {0xd8140010, 0x00000100}, 2},
    {2, "ds_min_i32 v0, v1 offset:16", {0xd80a0010, 0x00000100}, 2},
    {3, "ds_min_i32 v0, v1 offset:16", {0xd80a0010, 0x00000100}, 2},
    {0, "ds_min_i64 v0, v[1:2] offset:16", {0xd9140010, 0x00000100}, 2},
    {1, "ds_min_i64 v0, v[1:2] offset:16", {0xd9140010, 0x00000100}, 2},
    {2, "ds_min_i64 v0, v[1:2] offset:16", {0xd88a0010, 0x00000100}, 2},
    {3, "ds_min_i64 v0, v[1:2] offset:16", {0xd88a0010, 0x00000100}, 2},
    {0, "ds_min_rtn_f32 v3, v0, v1 offset:16", {0xd8c80010, 0x03000100}, 2},
    {1, "ds_min_rtn_f32 v3, v0, v1 offset:16", {0xd8c80010, 0x03000100}, 2},
    {2, "ds_min_rtn_f32 v3, v0, v1 offset:16", {0xd8640010, 0x03000100}, 2},
    {3, "ds_min_rtn_f32 v3, v0, v1 offset:16", {0xd8640010, 0x03000100}, 2},
    {0, "ds_min_rtn_i32 v3, v0, v1 offset:16", {0xd8940010, 0x03000100}, 2},
    {1, "ds_min_rtn_i32 v3, v0, v1 offset:16", {0xd8940010, 0x03000100}, 2},
    {2, "ds_min_rtn_i32 v3, v0, v1 offset:16", {0xd84a0010, 0x03000100}, 2},
    {3, "ds_min_rtn_i32 v3, v0, v1 offset:16", {0xd84a0010, 0x03000100}, 2},
    {0, "ds_min_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd9940010, 0x04000100}, 2},
    {1, "ds_min_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd9940010, 0x04000100}, 2},
    {2, "ds_min_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd8ca0010, 0x04000100}, 2},
    {3, "ds_min_rtn_i64 v[4:5], v0, v[1:2] offset:16", {0xd8ca0010, 0x04000100}, 2},
    {0, "ds_min_rtn_u32 v3, v0, v1 offset:16", {0xd89c0010, 0x03000100}, 2},
    {1, "ds_min_rtn_u32 v3, v0, v1 offset:16", {0xd89c0010, 0x03000100}, 2},
    {2, "ds_min_rtn_u32 v3, v0, v1 offset:16", {0xd84e0010, 0x03000100}, 2},
    {3, "ds_min_rtn_u32 v3, v0, v1 offset:16", {0xd84e0010, 0x03000100}, 2},
    {0, "ds_min_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd99c0010, 0x04000100}, 2},
    {1, "ds_min_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd99c0010, 0x04000100}, 2},
    {2, "ds_min_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8ce0010, 0x04000100}, 2},
    {3, "ds_min_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8ce0010, 0x04000100}, 2},
    {0, "ds_min_u32 v0, v1 offset:16", {0xd81c0010, 0x00000100}, 2},
    {1, "ds_min_u32 v0, v1 offset:16", {0xd81c0010, 0x00000100}, 2},
    {2, "ds_min_u32 v0, v1 offset:16", {0xd80e0010, 0x00000100}, 2},
    {3, "ds_min_u32 v0, v1 offset:16", {0xd80e0010, 0x00000100}, 2},
    {0, "ds_min_u64 v0, v[1:2] offset:16", {0xd91c0010, 0x00000100}, 2},
    {1, "ds_min_u64 v0, v[1:2] offset:16", {0xd91c0010, 0x00000100}, 2},
    {2, "ds_min_u64 v0, v[1:2] offset:16", {0xd88e0010, 0x00000100}, 2},
    {3, "ds_min_u64 v0, v[1:2] offset:16", {0xd88e0010, 0x00000100}, 2},
    {0, "ds_mskor_b32 v0, v1, v2 offset:16", {0xd8300010, 0x00020100}, 2},
    {1, "ds_mskor_b32 v0, v1, v2 offset:16", {0xd8300010, 0x00020100}, 2},
    {2, "ds_mskor_b32 v0, v1, v2 offset:16", {0xd8180010, 0x00020100}, 2},
    {3, "ds_mskor_b32 v0, v1, v2 offset:16", {0xd8180010, 0x00020100}, 2},
    {0, "ds_mskor_b64 v0, v[1:2], v[6:7] offset:16", {0xd9300010, 0x00060100}, 2},
    {1, "ds_mskor_b64 v0, v[1:2], v[6:7] offset:16", {0xd9300010, 0x00060100}, 2},
    {2, "ds_mskor_b64 v0, v[1:2], v[6:7] offset:16", {0xd8980010, 0x00060100}, 2},
    {3, "ds_mskor_b64 v0, v[1:2], v[6:7] offset:16", {0xd8980010, 0x00060100}, 2},
    {0, "ds_mskor_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8b00010, 0x03020100}, 2},
    {1, "ds_mskor_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8b00010, 0x03020100}, 2},
    {2, "ds_mskor_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8580010, 0x03020100}, 2},
    {3, "ds_mskor_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8580010, 0x03020100}, 2},
    {0, "ds_mskor_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd9b00010, 0x04060100}, 2},
    {1, "ds_mskor_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd9b00010, 0x04060100}, 2},
    {2, "ds_mskor_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd8d80010, 0x04060100}, 2},
    {3, "ds_mskor_rtn_b64 v[4:5], v0, v[1:2], v[6:7] offset:16", {0xd8d80010, 0x04060100}, 2},
    {0, "ds_or_b32 v0, v1 offset:16", {0xd8280010, 0x00000100}, 2},
    {1, "ds_or_b32 v0, v1 offset:16", {0xd8280010, 0x00000100}, 2},
    {2, "ds_or_b32 v0, v1 offset:16", {0xd8140010, 0x00000100}, 2},
    {3, "ds_or_b32 v0, v1 offset:16", {0xd8140010, 0x00000100}, 2},
    {0, "ds_or_b64 v0, v[1:2] offset:16", {0xd9280010, 0x00000100}, 2},
    {1, "ds_or_b64 v0, v[1:2] offset:16", {0xd9280010, 0x00000100}, 2},
    {2, "ds_or_b64 v0, v[1:2] offset:16", {0xd8940010, 0x00000100}, 2},
    {3, "ds_or_b64 v0, v[1:2] offset:16", {0xd8940010, 0x00000100}, 2},
    {0, "ds_or_rtn_b32 v3, v0, v1 offset:16", {0xd8a80010, 0x03000100}, 2},
    {1, "ds_or_rtn_b32 v3, v0, v1 offset:16", {0xd8a80010, 0x03000100}, 2},
    {2, "ds_or_rtn_b32 v3, v0, v1 offset:16", {0xd8540010, 0x03000100}, 2},
    {3, "ds_or_rtn_b32 v3, v0, v1 offset:16", {0xd8540010, 0x03000100}, 2},
    {0, "ds_or_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9a80010, 0x04000100}, 2},
    {1, "ds_or_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9a80010, 0x04000100}, 2},
    {2, "ds_or_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d40010, 0x04000100}, 2},
    {3, "ds_or_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d40010, 0x04000100}, 2},
    {2, "ds_permute_b32 v2, v0, v1", {0xd87c0000, 0x02000100}, 2},
    {3, "ds_permute_b32 v2, v0, v1", {0xd87c0000, 0x02000100}, 2},
    {2, "ds_permute_b32 v2, v0, v1 offset:4", {0xd87c0004, 0x02000100}, 2},
    {3, "ds_permute_b32 v2, v0, v1 offset:4", {0xd87c0004, 0x02000100}, 2},
    {0, "ds_read2_b32 v[2:3], v0 offset0:1 offset1:5", {0xd8dc0501, 0x02000000}, 2},
    {1, "ds_read2_b32 v[2:3], v0 offset0:1 offset1:5", {0xd8dc0501, 0x02000000}, 2},
    {2, "ds_read2_b32 v[2:3], v0 offset0:1 offset1:5", {0xd86e0501, 0x02000000}, 2},
    {3, "ds_read2_b32 v[2:3], v0 offset0:1 offset1:5", {0xd86e0501, 0x02000000}, 2},
    {0, "ds_read2_b32 v[2:3], v0 offset1:1", {0xd8dc0100, 0x02000000}, 2},
    {1, "ds_read2_b32 v[2:3], v0 offset1:1", {0xd8dc0100, 0x02000000}, 2},
    {2, "ds_read2_b32 v[2:3], v0 offset1:1", {0xd86e0100, 0x02000000}, 2},
    {3, "ds_read2_b32 v[2:3], v0 offset1:1", {0xd86e0100, 0x02000000}, 2},
    {0, "ds_read2_b64 v[2:5], v0 offset0:1 offset1:3", {0xd9dc0301, 0x02000000}, 2},
    {1, "ds_read2_b64 v[2:5], v0 offset0:1 offset1:3", {0xd9dc0301, 0x02000000}, 2},
    {2, "ds_read2_b64 v[2:5], v0 offset0:1 offset1:3", {0xd8ee0301, 0x02000000}, 2},
    {3, "ds_read2_b64 v[2:5], v0 offset0:1 offset1:3", {0xd8ee0301, 0x02000000}, 2},
    {0, "ds_read2st64_b32 v[2:3], v0 offset0:1 offset1:2", {0xd8e00201, 0x02000000}, 2},
    {1, "ds_read2st64_b32 v[2:3], v0 offset0:1 offset1:2", {0xd8e00201, 0x02000000}, 2},
    {2, "ds_read2st64_b32 v[2:3], v0 offset0:1 offset1:2", {0xd8700201, 0x02000000}, 2},
    {3, "ds_read2st64_b32 v[2:3], v0 offset0:1 offset1:2", {0xd8700201, 0x02000000}, 2},
    {0, "ds_read2st64_b64 v[2:5], v0 offset0:1 offset1:2", {0xd9e00201, 0x02000000}, 2},
    {1, "ds_read2st64_b64 v[2:5], v0 offset0:1 offset1:2", {0xd9e00201, 0x02000000}, 2},
    {2, "ds_read2st64_b64 v[2:5], v0 offset0:1 offset1:2", {0xd8f00201, 0x02000000}, 2},
    {3, "ds_read2st64_b64 v[2:5], v0 offset0:1 offset1:2", {0xd8f00201, 0x02000000}, 2},
    {3, "ds_read_addtid_b32 v1 offset:8", {0xd96c0008, 0x01000000}, 2},
    {1, "ds_read_b128 v[2:5], v0", {0xdbfc0000, 0x02000000}, 2},
    {2, "ds_read_b128 v[2:5], v0", {0xd9fe0000, 0x02000000}, 2},
    {3, "ds_read_b128 v[2:5], v0", {0xd9fe0000, 0x02000000}, 2},
    {1, "ds_read_b128 v[2:5], v0 offset:16", {0xdbfc0010, 0x02000000}, 2},
    {2, "ds_read_b128 v[2:5], v0 offset:16", {0xd9fe0010, 0x02000000}, 2},
    {3, "ds_read_b128 v[2:5], v0 offset:16", {0xd9fe0010, 0x02000000}, 2},
    {0, "ds_read_b32 v1, v0", {0xd8d80000, 0x01000000}, 2},
    {1, "ds_read_b32 v1, v0", {0xd8d80000, 0x01000000}, 2},
    {2, "ds_read_b32 v1, v0", {0xd86c0000, 0x01000000}, 2},
    {3, "ds_read_b32 v1, v0", {0xd86c0000, 0x01000000}, 2},
    {0, "ds_read_b32 v1, v0 gds", {0xd8da0000, 0x01000000}, 2},
    {1, "ds_read_b32 v1, v0 gds", {0xd8da0000, 0x01000000}, 2},
    {2, "ds_read_b32 v1, v0 gds", {0xd86d0000, 0x01000000}, 2},
    {3, "ds_read_b32 v1, v0 gds", {0xd86d0000, 0x01000000}, 2},
    {0, "ds_read_b32 v1, v0 offset:32", {0xd8d80020, 0x01000000}, 2},
    {1, "ds_read_b32 v1, v0 offset:32", {0xd8d80020, 0x01000000}, 2},
    {2, "ds_read_b32 v1, v0 offset:32", {0xd86c0020, 0x01000000}, 2},
    {3, "ds_read_b32 v1, v0 offset:32", {0xd86c0020, 0x01000000}, 2},
    {0, "ds_read_b32 v1, v0 offset:4", {0xd8d80004, 0x01000000}, 2},
    {1, "ds_read_b32 v1, v0 offset:4", {0xd8d80004, 0x01000000}, 2},
    {2, "ds_read_b32 v1, v0 offset:4", {0xd86c0004, 0x01000000}, 2},
    {3, "ds_read_b32 v1, v0 offset:4", {0xd86c0004, 0x01000000}, 2},
    {0, "ds_read_b64 v[2:3], v0", {0xd9d80000, 0x02000000}, 2},
    {1, "ds_read_b64 v[2:3], v0", {0xd9d80000, 0x02000000}, 2},
    {2, "ds_read_b64 v[2:3], v0", {0xd8ec0000, 0x02000000}, 2},
    {3, "ds_read_b64 v[2:3], v0", {0xd8ec0000, 0x02000000}, 2},
    {0, "ds_read_b64 v[2:3], v0 offset:8", {0xd9d80008, 0x02000000}, 2},
    {1, "ds_read_b64 v[2:3], v0 offset:8", {0xd9d80008, 0x02000000}, 2},
    {2, "ds_read_b64 v[2:3], v0 offset:8", {0xd8ec0008, 0x02000000}, 2},
    {3, "ds_read_b64 v[2:3], v0 offset:8", {0xd8ec0008, 0x02000000}, 2},
    {1, "ds_read_b96 v[2:4], v0 offset:16", {0xdbf80010, 0x02000000}, 2},
    {2, "ds_read_b96 v[2:4], v0 offset:16", {0xd9fc0010, 0x02000000}, 2},
    {3, "ds_read_b96 v[2:4], v0 offset:16", {0xd9fc0010, 0x02000000}, 2},
    {0, "ds_read_i16 v1, v0 offset:2", {0xd8ec0002, 0x01000000}, 2},
    {1, "ds_read_i16 v1, v0 offset:2", {0xd8ec0002, 0x01000000}, 2},
    {2, "ds_read_i16 v1, v0 offset:2", {0xd8760002, 0x01000000}, 2},
    {3, "ds_read_i16 v1, v0 offset:2", {0xd8760002, 0x01000000}, 2},
    {0, "ds_read_i16 v1, v0 offset:6", {0xd8ec0006, 0x01000000}, 2},
    {1, "ds_read_i16 v1, v0 offset:6", {0xd8ec0006, 0x01000000}, 2},
    {2, "ds_read_i16 v1, v0 offset:6", {0xd8760006, 0x01000000}, 2},
    {3, "ds_read_i16 v1, v0 offset:6", {0xd8760006, 0x01000000}, 2},
    {0, "ds_read_i8 v1, v0 offset:1", {0xd8e40001, 0x01000000}, 2},
    {1, "ds_read_i8 v1, v0 offset:1", {0xd8e40001, 0x01000000}, 2},
    {2, "ds_read_i8 v1, v0 offset:1", {0xd8720001, 0x01000000}, 2},
    {3, "ds_read_i8 v1, v0 offset:1", {0xd8720001, 0x01000000}, 2},
    {0, "ds_read_i8 v1, v0 offset:7", {0xd8e40007, 0x01000000}, 2},
    {1, "ds_read_i8 v1, v0 offset:7", {0xd8e40007, 0x01000000}, 2},
    {2, "ds_read_i8 v1, v0 offset:7", {0xd8720007, 0x01000000}, 2},
    {3, "ds_read_i8 v1, v0 offset:7", {0xd8720007, 0x01000000}, 2},
    {3, "ds_read_i8_d16 v1, v0", {0xd8b00000, 0x01000000}, 2},
    {3, "ds_read_i8_d16_hi v1, v0", {0xd8b20000, 0x01000000}, 2},
    {0, "ds_read_u16 v1, v0 offset:2", {0xd8f00002, 0x01000000}, 2},
    {1, "ds_read_u16 v1, v0 offset:2", {0xd8f00002, 0x01000000}, 2},
    {2, "ds_read_u16 v1, v0 offset:2", {0xd8780002, 0x01000000}, 2},
    {3, "ds_read_u16 v1, v0 offset:2", {0xd8780002, 0x01000000}, 2},
    {3, "ds_read_u16_d16 v1, v0", {0xd8b40000, 0x01000000}, 2},
    {3, "ds_read_u16_d16_hi v1, v0", {0xd8b60000, 0x01000000}, 2},
    {0, "ds_read_u8 v1, v0 offset:1", {0xd8e80001, 0x01000000}, 2},
    {1, "ds_read_u8 v1, v0 offset:1", {0xd8e80001, 0x01000000}, 2},
    {2, "ds_read_u8 v1, v0 offset:1", {0xd8740001, 0x01000000}, 2},
    {3, "ds_read_u8 v1, v0 offset:1", {0xd8740001, 0x01000000}, 2},
    {0, "ds_read_u8 v1, v0 offset:7", {0xd8e80007, 0x01000000}, 2},
    {1, "ds_read_u8 v1, v0 offset:7", {0xd8e80007, 0x01000000}, 2},
    {2, "ds_read_u8 v1, v0 offset:7", {0xd8740007, 0x01000000}, 2},
    {3, "ds_read_u8 v1, v0 offset:7", {0xd8740007, 0x01000000}, 2},
    {3, "ds_read_u8_d16 v1, v0", {0xd8ac0000, 0x01000000}, 2},
    {3, "ds_read_u8_d16_hi v1, v0", {0xd8ae0000, 0x01000000}, 2},
    {0, "ds_rsub_rtn_u32 v3, v0, v1 offset:16", {0xd8880010, 0x03000100}, 2},
    {1, "ds_rsub_rtn_u32 v3, v0, v1 offset:16", {0xd8880010, 0x03000100}, 2},
    {2, "ds_rsub_rtn_u32 v3, v0, v1 offset:16", {0xd8440010, 0x03000100}, 2},
    {3, "ds_rsub_rtn_u32 v3, v0, v1 offset:16", {0xd8440010, 0x03000100}, 2},
    {0, "ds_rsub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9880010, 0x04000100}, 2},
    {1, "ds_rsub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9880010, 0x04000100}, 2},
    {2, "ds_rsub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c40010, 0x04000100}, 2},
    {3, "ds_rsub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c40010, 0x04000100}, 2},
    {0, "ds_rsub_u32 v0, v1 offset:16", {0xd8080010, 0x00000100}, 2},
    {1, "ds_rsub_u32 v0, v1 offset:16", {0xd8080010, 0x00000100}, 2},
    {2, "ds_rsub_u32 v0, v1 offset:16", {0xd8040010, 0x00000100}, 2},
    {3, "ds_rsub_u32 v0, v1 offset:16", {0xd8040010, 0x00000100}, 2},
    {0, "ds_rsub_u64 v0, v[1:2] offset:16", {0xd9080010, 0x00000100}, 2},
    {1, "ds_rsub_u64 v0, v[1:2] offset:16", {0xd9080010, 0x00000100}, 2},
    {2, "ds_rsub_u64 v0, v[1:2] offset:16", {0xd8840010, 0x00000100}, 2},
    {3, "ds_rsub_u64 v0, v[1:2] offset:16", {0xd8840010, 0x00000100}, 2},
    {0, "ds_sub_rtn_u32 v3, v0, v1 offset:16", {0xd8840010, 0x03000100}, 2},
    {1, "ds_sub_rtn_u32 v3, v0, v1 offset:16", {0xd8840010, 0x03000100}, 2},
    {2, "ds_sub_rtn_u32 v3, v0, v1 offset:16", {0xd8420010, 0x03000100}, 2},
    {3, "ds_sub_rtn_u32 v3, v0, v1 offset:16", {0xd8420010, 0x03000100}, 2},
    {0, "ds_sub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9840010, 0x04000100}, 2},
    {1, "ds_sub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd9840010, 0x04000100}, 2},
    {2, "ds_sub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c20010, 0x04000100}, 2},
    {3, "ds_sub_rtn_u64 v[4:5], v0, v[1:2] offset:16", {0xd8c20010, 0x04000100}, 2},
    {0, "ds_sub_u32 v0, v1 offset:16", {0xd8040010, 0x00000100}, 2},
    {1, "ds_sub_u32 v0, v1 offset:16", {0xd8040010, 0x00000100}, 2},
    {2, "ds_sub_u32 v0, v1 offset:16", {0xd8020010, 0x00000100}, 2},
    {3, "ds_sub_u32 v0, v1 offset:16", {0xd8020010, 0x00000100}, 2},
    {0, "ds_sub_u64 v0, v[1:2] offset:16", {0xd9040010, 0x00000100}, 2},
    {1, "ds_sub_u64 v0, v[1:2] offset:16", {0xd9040010, 0x00000100}, 2},
    {2, "ds_sub_u64 v0, v[1:2] offset:16", {0xd8820010, 0x00000100}, 2},
    {3, "ds_sub_u64 v0, v[1:2] offset:16", {0xd8820010, 0x00000100}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:2311", {0xd8d40907, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:2311", {0xd8d40907, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:2311", {0xd87a0907, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:2311", {0xd87a0907, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(BROADCAST,8,3)", {0xd8d40078, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(BROADCAST,8,3)", {0xd8d40078, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(BROADCAST,8,3)", {0xd87a0078, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(BROADCAST,8,3)", {0xd87a0078, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,0,0,2,1)", {0xd8d48060, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,0,0,2,1)", {0xd8d48060, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,0,0,2,1)", {0xd87a8060, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,0,0,2,1)", {0xd87a8060, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,3,2,1,0)", {0xd8d4801b, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,3,2,1,0)", {0xd8d4801b, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,3,2,1,0)", {0xd87a801b, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,3,2,1,0)", {0xd87a801b, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,32)", {0xd8d47c1f, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,32)", {0xd8d47c1f, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,32)", {0xd87a7c1f, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,32)", {0xd87a7c1f, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,4)", {0xd8d40c1f, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,4)", {0xd8d40c1f, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,4)", {0xd87a0c1f, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(REVERSE,4)", {0xd87a0c1f, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)", {0xd8d4041f, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)", {0xd8d4041f, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)", {0xd87a041f, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)", {0xd87a041f, 0x01000000}, 2},
    {0, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)", {0xd8d4401f, 0x01000000}, 2},
    {1, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)", {0xd8d4401f, 0x01000000}, 2},
    {2, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)", {0xd87a401f, 0x01000000}, 2},
    {3, "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)", {0xd87a401f, 0x01000000}, 2},
    {1, "ds_wrap_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8d00010, 0x03020100}, 2},
    {2, "ds_wrap_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8680010, 0x03020100}, 2},
    {3, "ds_wrap_rtn_b32 v3, v0, v1, v2 offset:16", {0xd8680010, 0x03020100}, 2},
    {0, "ds_write2_b32 v0, v1, v2 offset0:1 offset1:5", {0xd8380501, 0x00020100}, 2},
    {1, "ds_write2_b32 v0, v1, v2 offset0:1 offset1:5", {0xd8380501, 0x00020100}, 2},
    {2, "ds_write2_b32 v0, v1, v2 offset0:1 offset1:5", {0xd81c0501, 0x00020100}, 2},
    {3, "ds_write2_b32 v0, v1, v2 offset0:1 offset1:5", {0xd81c0501, 0x00020100}, 2},
    {0, "ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:3", {0xd9380301, 0x00040200}, 2},
    {1, "ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:3", {0xd9380301, 0x00040200}, 2},
    {2, "ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:3", {0xd89c0301, 0x00040200}, 2},
    {3, "ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:3", {0xd89c0301, 0x00040200}, 2},
    {0, "ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:2", {0xd83c0201, 0x00020100}, 2},
    {1, "ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:2", {0xd83c0201, 0x00020100}, 2},
    {2, "ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:2", {0xd81e0201, 0x00020100}, 2},
    {3, "ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:2", {0xd81e0201, 0x00020100}, 2},
    {0, "ds_write2st64_b64 v0, v[2:3], v[4:5] offset1:1", {0xd93c0100, 0x00040200}, 2},
    {1, "ds_write2st64_b64 v0, v[2:3], v[4:5] offset1:1", {0xd93c0100, 0x00040200}, 2},
    {2, "ds_write2st64_b64 v0, v[2:3], v[4:5] offset1:1", {0xd89e0100, 0x00040200}, 2},
    {3, "ds_write2st64_b64 v0, v[2:3], v[4:5] offset1:1", {0xd89e0100, 0x00040200}, 2},
    {3, "ds_write_addtid_b32 v2", {0xd83a0000, 0x00000200}, 2},
    {1, "ds_write_b128 v0, v[2:5]", {0xdb7c0000, 0x00000200}, 2},
    {2, "ds_write_b128 v0, v[2:5]", {0xd9be0000, 0x00000200}, 2},
    {3, "ds_write_b128 v0, v[2:5]", {0xd9be0000, 0x00000200}, 2},
    {0, "ds_write_b16 v0, v1 offset:2", {0xd87c0002, 0x00000100}, 2},
    {1, "ds_write_b16 v0, v1 offset:2", {0xd87c0002, 0x00000100}, 2},
    {2, "ds_write_b16 v0, v1 offset:2", {0xd83e0002, 0x00000100}, 2},
    {3, "ds_write_b16 v0, v1 offset:2", {0xd83e0002, 0x00000100}, 2},
    {3, "ds_write_b16_d16_hi v0, v1", {0xd8aa0000, 0x00000100}, 2},
    {0, "ds_write_b32 v0, v1", {0xd8340000, 0x00000100}, 2},
    {1, "ds_write_b32 v0, v1", {0xd8340000, 0x00000100}, 2},
    {2, "ds_write_b32 v0, v1", {0xd81a0000, 0x00000100}, 2},
    {3, "ds_write_b32 v0, v1", {0xd81a0000, 0x00000100}, 2},
    {0, "ds_write_b32 v0, v1 offset:4", {0xd8340004, 0x00000100}, 2},
    {1, "ds_write_b32 v0, v1 offset:4", {0xd8340004, 0x00000100}, 2},
    {2, "ds_write_b32 v0, v1 offset:4", {0xd81a0004, 0x00000100}, 2},
    {3, "ds_write_b32 v0, v1 offset:4", {0xd81a0004, 0x00000100}, 2},
    {0, "ds_write_b64 v0, v[2:3] offset:8", {0xd9340008, 0x00000200}, 2},
    {1, "ds_write_b64 v0, v[2:3] offset:8", {0xd9340008, 0x00000200}, 2},
    {2, "ds_write_b64 v0, v[2:3] offset:8", {0xd89a0008, 0x00000200}, 2},
    {3, "ds_write_b64 v0, v[2:3] offset:8", {0xd89a0008, 0x00000200}, 2},
    {0, "ds_write_b8 v0, v1", {0xd8780000, 0x00000100}, 2},
    {1, "ds_write_b8 v0, v1", {0xd8780000, 0x00000100}, 2},
    {2, "ds_write_b8 v0, v1", {0xd83c0000, 0x00000100}, 2},
    {3, "ds_write_b8 v0, v1", {0xd83c0000, 0x00000100}, 2},
    {0, "ds_write_b8 v0, v1 offset:3", {0xd8780003, 0x00000100}, 2},
    {1, "ds_write_b8 v0, v1 offset:3", {0xd8780003, 0x00000100}, 2},
    {2, "ds_write_b8 v0, v1 offset:3", {0xd83c0003, 0x00000100}, 2},
    {3, "ds_write_b8 v0, v1 offset:3", {0xd83c0003, 0x00000100}, 2},
    {3, "ds_write_b8_d16_hi v0, v1", {0xd8a80000, 0x00000100}, 2},
    {1, "ds_write_b96 v0, v[2:4]", {0xdb780000, 0x00000200}, 2},
    {2, "ds_write_b96 v0, v[2:4]", {0xd9bc0000, 0x00000200}, 2},
    {3, "ds_write_b96 v0, v[2:4]", {0xd9bc0000, 0x00000200}, 2},
    {0, "ds_wrxchg2_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:3", {0xd8b80301, 0x04020100}, 2},
    {1, "ds_wrxchg2_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:3", {0xd8b80301, 0x04020100}, 2},
    {2, "ds_wrxchg2_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:3", {0xd85c0301, 0x04020100}, 2},
    {3, "ds_wrxchg2_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:3", {0xd85c0301, 0x04020100}, 2},
    {0, "ds_wrxchg2_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset0:1 offset1:3", {0xd9b80301, 0x04020000}, 2},
    {1, "ds_wrxchg2_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset0:1 offset1:3", {0xd9b80301, 0x04020000}, 2},
    {2, "ds_wrxchg2_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset0:1 offset1:3", {0xd8dc0301, 0x04020000}, 2},
    {3, "ds_wrxchg2_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset0:1 offset1:3", {0xd8dc0301, 0x04020000}, 2},
    {0, "ds_wrxchg2st64_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:2", {0xd8bc0201, 0x04020100}, 2},
    {1, "ds_wrxchg2st64_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:2", {0xd8bc0201, 0x04020100}, 2},
    {2, "ds_wrxchg2st64_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:2", {0xd85e0201, 0x04020100}, 2},
    {3, "ds_wrxchg2st64_rtn_b32 v[4:5], v0, v1, v2 offset0:1 offset1:2", {0xd85e0201, 0x04020100}, 2},
    {0, "ds_wrxchg2st64_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset1:1", {0xd9bc0100, 0x04020000}, 2},
    {1, "ds_wrxchg2st64_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset1:1", {0xd9bc0100, 0x04020000}, 2},
    {2, "ds_wrxchg2st64_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset1:1", {0xd8de0100, 0x04020000}, 2},
    {3, "ds_wrxchg2st64_rtn_b64 v[4:7], v0, v[0:1], v[2:3] offset1:1", {0xd8de0100, 0x04020000}, 2},
    {0, "ds_wrxchg_rtn_b32 v3, v0, v1 offset:16", {0xd8b40010, 0x03000100}, 2},
    {1, "ds_wrxchg_rtn_b32 v3, v0, v1 offset:16", {0xd8b40010, 0x03000100}, 2},
    {2, "ds_wrxchg_rtn_b32 v3, v0, v1 offset:16", {0xd85a0010, 0x03000100}, 2},
    {3, "ds_wrxchg_rtn_b32 v3, v0, v1 offset:16", {0xd85a0010, 0x03000100}, 2},
    {0, "ds_wrxchg_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9b40010, 0x04000100}, 2},
    {1, "ds_wrxchg_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9b40010, 0x04000100}, 2},
    {2, "ds_wrxchg_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8da0010, 0x04000100}, 2},
    {3, "ds_wrxchg_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8da0010, 0x04000100}, 2},
    {0, "ds_xor_b32 v0, v1 offset:16", {0xd82c0010, 0x00000100}, 2},
    {1, "ds_xor_b32 v0, v1 offset:16", {0xd82c0010, 0x00000100}, 2},
    {2, "ds_xor_b32 v0, v1 offset:16", {0xd8160010, 0x00000100}, 2},
    {3, "ds_xor_b32 v0, v1 offset:16", {0xd8160010, 0x00000100}, 2},
    {0, "ds_xor_b64 v0, v[1:2] offset:16", {0xd92c0010, 0x00000100}, 2},
    {1, "ds_xor_b64 v0, v[1:2] offset:16", {0xd92c0010, 0x00000100}, 2},
    {2, "ds_xor_b64 v0, v[1:2] offset:16", {0xd8960010, 0x00000100}, 2},
    {3, "ds_xor_b64 v0, v[1:2] offset:16", {0xd8960010, 0x00000100}, 2},
    {0, "ds_xor_rtn_b32 v3, v0, v1 offset:16", {0xd8ac0010, 0x03000100}, 2},
    {1, "ds_xor_rtn_b32 v3, v0, v1 offset:16", {0xd8ac0010, 0x03000100}, 2},
    {2, "ds_xor_rtn_b32 v3, v0, v1 offset:16", {0xd8560010, 0x03000100}, 2},
    {3, "ds_xor_rtn_b32 v3, v0, v1 offset:16", {0xd8560010, 0x03000100}, 2},
    {0, "ds_xor_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9ac0010, 0x04000100}, 2},
    {1, "ds_xor_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd9ac0010, 0x04000100}, 2},
    {2, "ds_xor_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d60010, 0x04000100}, 2},
    {3, "ds_xor_rtn_b64 v[4:5], v0, v[1:2] offset:16", {0xd8d60010, 0x04000100}, 2},
    /* END ENCODINGS */
    {0, NULL, {0}, 0},
};
