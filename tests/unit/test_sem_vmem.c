/* test_sem_vmem.c — MUBUF/MTBUF semantics on gfx6/7/8/9: every addressing
 * mode (offen, idxen, both, addr64, soffset, instruction offset), loads and
 * stores of every width with extension and d16, num_records range checks
 * (dwords per component, atomics and formats as a whole), swizzled
 * addressing as the private segment buffer uses it, atomics with and
 * without glc (lanes colliding), LDS DMA, tfe, formats and dst_sel,
 * faults (outside every allocation, misaligned), partial EXEC and the
 * effects record.  Expected values are computed here from the ISA's
 * addressing formulas on a known memory pattern. */
#include <math.h>
#include "tests/unit/memtest.h"

static const char *const TARGETS[] = {"gfx601", "gfx701", "gfx803", "gfx900"};
static const uint64_t PARTIAL = 0xff0f00f0f0ff3311ull;
enum { BUFSZ = 8192, DSEL = 4 | 5 << 3 | 6 << 6 | 7 << 9 };

static uint8_t bpat(uint32_t i) { return (uint8_t)(i * 29 + 11); }

static uint64_t buf;   /* device address of the test buffer (BUFSZ bytes of bpat) */

static void setup(const char *target, unsigned nvgpr)
{
    mt_init(target, nvgpr);
    uint8_t *b = malloc(BUFSZ);
    for (uint32_t i = 0; i < BUFSZ; i++)
        b[i] = bpat(i);
    buf = semtest_buffer(&S, b, BUFSZ);
    free(b);
}

/* Restore the buffer's pattern. */
static void refill(void)
{
    uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ);
    for (uint32_t i = 0; i < BUFSZ; i++)
        m[i] = bpat(i);
}

static uint32_t mem32(uint64_t a)
{
    uint32_t v = 0;
    memcpy(&v, mem_ptr(&S.mem, a, 4), 4);
    return v;
}

static uint32_t pat32(uint32_t off)
{
    return bpat(off) | (uint32_t)bpat(off + 1) << 8 | (uint32_t)bpat(off + 2) << 16 | (uint32_t)bpat(off + 3) << 24;
}

/* V# in s[4:7] */
static void vsharp(uint64_t base, unsigned stride, uint32_t numrec, uint32_t d3, int swz)
{
    S.w.sgpr[4] = (uint32_t)base;
    S.w.sgpr[5] = (uint32_t)(base >> 32) & 0xffff;
    S.w.sgpr[5] |= stride << 16 | (uint32_t)swz << 31;
    S.w.sgpr[6] = numrec;
    S.w.sgpr[7] = d3;
}

static uint32_t sentinel(unsigned l) { return 0xdead0000u + l; }

/* ---- addressing ----------------------------------------------------------- */

static void test_loads(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    vsharp(buf, 0, BUFSZ, DSEL, 0);
    S.w.sgpr[8] = 24;   /* soffset */
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 20 + (l & 3);   /* byte offsets, some unaligned */
    struct {
        const char *text;
        unsigned ndw, kind, gen;   /* kind: 0 dwords, 1 u8, 2 i8, 3 u16, 4 i16 */
    } c[] = {
        {A("buffer_load_dword v1, v0, s[4:7], s8 offen offset:4"), 1, 0, ISA_GFX6},
        {A("buffer_load_ubyte v1, v0, s[4:7], s8 offen offset:4"), 1, 1, ISA_GFX6},
        {A("buffer_load_sbyte v1, v0, s[4:7], s8 offen offset:4"), 1, 2, ISA_GFX6},
        {A("buffer_load_ushort v1, v0, s[4:7], s8 offen offset:4"), 1, 3, ISA_GFX6},
        {A("buffer_load_sshort v1, v0, s[4:7], s8 offen offset:4"), 1, 4, ISA_GFX6},
        {A("buffer_load_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4"), 2, 0, ISA_GFX6},
        {A("buffer_load_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:4"), 3, 0, ISA_GFX6},
        {A("buffer_load_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:4"), 4, 0, ISA_GFX6},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (gen == ISA_GFX6 && c[i].kind != 1 && c[i].kind != 2) {
            /* gfx6 needs aligned shorts and dwords: use aligned offsets */
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[0][l] = l * 20;
        } else {
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[0][l] = l * 20 + (l & 3);
        }
        for (unsigned k = 1; k <= 4; k++)
            for (unsigned l = 0; l < 64; l++)
                S.w.vgpr[k][l] = sentinel(l);
        mt_exec(PARTIAL);
        CHECK(mt_run(c[i].text) == 1, "%s: %s runs (%s)", target, c[i].text, S.w.fault.msg);
        for (unsigned k = 0; k < 4; k++) {
            uint32_t want[64];
            for (unsigned l = 0; l < 64; l++) {
                uint32_t v = pat32(S.w.vgpr[0][l] + 24 + 4 + 4 * k);
                switch (c[i].kind) {
                case 1: v &= 0xff; break;
                case 2: v = (uint32_t)(int32_t)(int8_t)v; break;
                case 3: v &= 0xffff; break;
                case 4: v = (uint32_t)(int32_t)(int16_t)v; break;
                }
                want[l] = (PARTIAL >> l & 1) && k < c[i].ndw ? v : sentinel(l);
            }
            CHECK_V(1 + k, want, ~0ull, "%s: %s dword %u (inactive lanes untouched)", target, c[i].text, k);
        }
    }
    /* idxen: base + index * stride + offset (num_records large enough in records and in bytes) */
    vsharp(buf, 12, BUFSZ, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 63 - l;
    mt_exec(~0ull);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++)
        want[l] = pat32((63 - l) * 12 + 8);
    CHECK(mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 idxen offset:8")) == 1, "%s: idxen load runs", target);
    CHECK_V(1, want, ~0ull, "%s: idxen: base + index * stride + offset", target);
    /* idxen + offen: index in v0, offset in v1 */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = l;
        S.w.vgpr[1][l] = (l % 3) * 4;
        want[l] = pat32(l * 12 + (l % 3) * 4 + 4 + 24);
    }
    CHECK(mt_run(A("buffer_load_dword v2, v[0:1], s[4:7], s8 idxen offen offset:4")) == 1,
          "%s: idxen offen load runs", target);
    CHECK_V(2, want, ~0ull, "%s: idxen+offen: index * stride + VGPR offset + offset + soffset", target);
    /* instruction offset and an inline-constant soffset only */
    vsharp(buf + 256, 0, BUFSZ - 256, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        want[l] = pat32(256 + 4092 + 64);
    CHECK(mt_run(A("buffer_load_dword v3, off, s[4:7], 64 offset:4092")) == 1, "%s: off, soffset 64 runs", target);
    CHECK_V(3, want, ~0ull, "%s: no VGPR: base + 64 + 4092 in every lane", target);
    /* addr64 (gfx6/7): base + 64-bit VGPR address + offset, not range-checked */
    if (gen <= ISA_GFX7) {
        vsharp(0, 0, 0, DSEL, 0);
        for (unsigned l = 0; l < 64; l++) {
            uint64_t a = buf + l * 8;
            S.w.vgpr[2][l] = (uint32_t)a;
            S.w.vgpr[3][l] = (uint32_t)(a >> 32);
            want[l] = pat32(l * 8 + 8);
        }
        CHECK(mt_run(A("buffer_load_dword v1, v[2:3], s[4:7], 0 addr64 offset:8")) == 1,
              "%s: addr64 with num_records 0 runs", target);
        CHECK_V(1, want, ~0ull, "%s: addr64 reads VGPR address + offset", target);
    }
    if (gen == ISA_GFX9) {
        vsharp(buf, 0, BUFSZ, DSEL, 0);
        struct {
            const char *text;
            int hi, sign, bytes;
        } d[] = {
            {A("buffer_load_ubyte_d16 v1, v0, s[4:7], 0 offen"), 0, 0, 1},
            {A("buffer_load_ubyte_d16_hi v1, v0, s[4:7], 0 offen"), 1, 0, 1},
            {A("buffer_load_sbyte_d16 v1, v0, s[4:7], 0 offen"), 0, 1, 1},
            {A("buffer_load_sbyte_d16_hi v1, v0, s[4:7], 0 offen"), 1, 1, 1},
            {A("buffer_load_short_d16 v1, v0, s[4:7], 0 offen"), 0, 0, 2},
            {A("buffer_load_short_d16_hi v1, v0, s[4:7], 0 offen"), 1, 0, 2},
        };
        for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
            for (unsigned l = 0; l < 64; l++) {
                S.w.vgpr[0][l] = l * 3;
                S.w.vgpr[1][l] = 0x5a5a5a5au;
                uint32_t v = pat32(l * 3) & (d[i].bytes == 1 ? 0xff : 0xffff);
                if (d[i].sign && (v & 0x80))
                    v |= 0xff00;
                want[l] = d[i].hi ? 0x5a5au | v << 16 : 0x5a5a0000u | v;
            }
            CHECK(mt_run(d[i].text) == 1, "gfx900: %s runs", d[i].text);
            CHECK_V(1, want, ~0ull, "gfx900: %s keeps the other half", d[i].text);
        }
    }
    mt_done();
}

static void test_stores(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    vsharp(buf, 0, BUFSZ, DSEL, 0);
    S.w.sgpr[8] = 8;
    struct {
        const char *text;
        unsigned bytes, shift, gen;
    } c[] = {
        {A("buffer_store_byte v1, v0, s[4:7], s8 offen offset:3"), 1, 0, ISA_GFX6},
        {A("buffer_store_short v1, v0, s[4:7], s8 offen offset:3"), 2, 0, ISA_GFX7},
        {A("buffer_store_dword v1, v0, s[4:7], s8 offen offset:3"), 4, 0, ISA_GFX7},
        {A("buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:3"), 8, 0, ISA_GFX7},
        {A("buffer_store_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:3"), 12, 0, ISA_GFX7},
        {A("buffer_store_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:3"), 16, 0, ISA_GFX7},
        {A("buffer_store_byte_d16_hi v1, v0, s[4:7], s8 offen offset:3"), 1, 16, ISA_GFX9},
        {A("buffer_store_short_d16_hi v1, v0, s[4:7], s8 offen offset:3"), 2, 16, ISA_GFX9},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (gen < (int)c[i].gen)
            continue;
        uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ), img[BUFSZ];
        for (uint32_t j = 0; j < BUFSZ; j++)
            m[j] = img[j] = bpat(j);
        for (unsigned l = 0; l < 64; l++) {
            S.w.vgpr[0][l] = l * 32;   /* + 8 + 3: unaligned on gfx7+ */
            for (unsigned k = 0; k < 4; k++)
                S.w.vgpr[1 + k][l] = 0x01020304u * (l + 1) + k * 0x11111111u;
            if (!(PARTIAL >> l & 1))
                continue;
            for (unsigned b = 0; b < c[i].bytes; b++)
                img[l * 32 + 11 + b] = (uint8_t)((S.w.vgpr[1 + b / 4][l] >> c[i].shift) >> (8 * (b % 4)));
        }
        mt_exec(PARTIAL);
        int ok = mt_run(c[i].text) == 1 && memcmp(m, img, BUFSZ) == 0;
        CHECK(ok, "%s: %s writes exactly its bytes in active lanes (%s)", target, c[i].text, S.w.fault.msg);
    }
    if (gen == ISA_GFX6) {
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[0][l] = l * 32;
        CHECK(mt_run(A("buffer_store_dword v1, v0, s[4:7], s8 offen offset:3")) == 0 &&
                  S.w.fault.kind == FAULT_MISALIGNED,
              "gfx601: an unaligned dword store faults (%s)", S.w.fault.msg);
    }
    mt_done();
}

/* ---- range checks ------------------------------------------------------------ */

static void test_bounds(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    /* raw buffer of 100 bytes: each dword of a dwordx4 checked on its own */
    vsharp(buf, 0, 100, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 4;
    for (unsigned k = 1; k <= 4; k++)
        for (unsigned l = 0; l < 64; l++)
            S.w.vgpr[k][l] = sentinel(l);
    mt_exec(~0ull);
    CHECK(mt_run(A("buffer_load_dwordx4 v[1:4], v0, s[4:7], 0 offen")) == 1, "%s: dwordx4 over num_records runs",
          target);
    for (unsigned k = 0; k < 4; k++) {
        uint32_t want[64];
        for (unsigned l = 0; l < 64; l++)
            want[l] = l * 4 + 4 * k + 4 <= 100 ? pat32(l * 4 + 4 * k) : 0;
        CHECK_V(1 + k, want, ~0ull, "%s: dword %u is 0 where offset + 4 > num_records", target, k);
    }
    /* stores beyond num_records are dropped */
    uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = 0xabcdef00u + l;
    semtest_record(&S);
    CHECK(mt_run(A("buffer_store_dword v1, v0, s[4:7], 0 offen")) == 1 && mem32(buf + 96) == 0xabcdef00u + 24 &&
              m[100] == bpat(100) && mem32(buf + 200) == pat32(200),
          "%s: stores at or beyond num_records are dropped", target);
    uint64_t oob = ~0ull << 25;
    CHECK(S.fx.nacc == 1 && S.fx.acc[0].oob == oob && S.fx.nm == 25, "%s: dropped lanes recorded as out of range",
          target);
    S.w.fx = NULL;
    /* a negative VGPR offset: out of range before gfx9, wraps on gfx9 */
    refill();
    vsharp(buf, 0, 0xffffffffu, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 0xfffffffcu;
    CHECK(mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 offen offset:8")) == 1 &&
              S.w.vgpr[1][0] == (gen >= ISA_GFX9 ? pat32(4) : 0u),
          "%s: VGPR offset -4 + offset 8 %s", target, gen >= ISA_GFX9 ? "wraps to 4" : "is out of range");
    /* structured buffer: stride 16, num_records 10 */
    vsharp(buf, 16, 10, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l;
    CHECK(mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4")) == 1, "%s: idxen over num_records runs",
          target);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++) {
        /* gfx6/7 and gfx9 (idxen): index < 10; gfx8 unswizzled: bytes index*16 + 4 + 4 <= 10 */
        int in = gen == ISA_GFX8 ? l * 16 + 8 <= 10 : l < 10;
        want[l] = in ? pat32(l * 16 + 4) : 0;
    }
    CHECK_V(1, want, ~0ull, "%s: structured range check (num_records in %s)", target,
          gen == ISA_GFX8 ? "bytes on gfx8" : "records");
    /* an in-range access outside every allocation faults, naming the lane and the nearest buffer */
    vsharp(buf, 0, 0xffffffffu, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 4;
    uint32_t past = gen == ISA_GFX6 ? BUFSZ : BUFSZ - 2;   /* gfx6: aligned, else straddling the end */
    S.w.vgpr[0][37] = past;
    int r = mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 offen"));
    char msg[200];
    snprintf(msg, sizeof msg,
             "buffer_load_dword: lane 37 reads 4 bytes at 0x%llx, outside every allocation (nearest: buffer 'buffer' "
             "0x%llx-0x%llx)",
             (unsigned long long)(buf + past), (unsigned long long)buf, (unsigned long long)(buf + BUFSZ - 1));
    CHECK(r == 0 && S.w.fault.kind == FAULT_MEMORY && S.w.fault.lane == 37, "%s: a load past the allocation faults",
          target);
    CHECK_STR(S.w.fault.msg, msg, "%s: the fault message names instruction, lane, address and nearest buffer",
              target);
    /* ... but not when that lane is inactive */
    setup(target, 16);
    vsharp(buf, 0, 0xffffffffu, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 4;
    S.w.vgpr[0][37] = 0x7fff0000u;
    mt_exec(~(1ull << 37));
    CHECK(mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 offen")) == 1 && S.w.vgpr[1][36] == pat32(36 * 4),
          "%s: an inactive lane's wild address is not accessed", target);
    mt_done();
}

/* ---- swizzled (private segment buffer) addressing ------------------------------ */

static void test_swizzle(const char *target)
{
    setup(target, 16);
    int gen = S.t->gen;
    /* as the dispatch builds it: swizzled, add_tid, element size 4, index stride 64, stride 0 */
    uint32_t d3 = DSEL | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
    vsharp(buf, 0, 0xffffffffu, d3, 1);
    S.w.sgpr[8] = 256;   /* soffset: a wave offset, not swizzled */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = 8;   /* private offset 8 + offset 4 = 12 */
        S.w.vgpr[1][l] = 0x5a005000u + l;
        S.w.vgpr[2][l] = 0x6b006000u + l;
    }
    uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ);
    CHECK(mt_run(A("buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4")) == 1,
          "%s: swizzled dwordx2 store runs", target);
    int ok = 1;
    for (unsigned l = 0; l < 64; l++) {
        /* dword 3 and 4 of each lane's private memory: 256 + (12/4)*256 + l*4 and +256 */
        ok &= mem32(buf + 256 + 3 * 256 + l * 4) == 0x5a005000u + l &&
              mem32(buf + 256 + 4 * 256 + l * 4) == 0x6b006000u + l;
    }
    ok &= m[256 + 2 * 256] == bpat(256 + 2 * 256);
    CHECK(ok, "%s: swizzled store: dword k of lane l at soffset + (offset/4 + k) * 256 + l * 4", target);
    CHECK(mt_run(A("buffer_load_dwordx2 v[3:4], v0, s[4:7], s8 offen offset:4")) == 1 &&
              S.w.vgpr[3][17] == 0x5a005011u && S.w.vgpr[4][63] == 0x6b00603fu,
          "%s: the swizzled load reads them back", target);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 13;   /* a byte inside a dword */
    CHECK(mt_run(A("buffer_load_ubyte v5, v0, s[4:7], s8 offen offset:2")) == 1 && S.w.vgpr[5][9] == 0x5a &&
              S.w.vgpr[5][10] == 0x5a,
          "%s: a byte at private offset 15 is byte 3 of the lane's dword 3", target);
    CHECK(mt_run(A("buffer_load_dword v5, v0, s[4:7], s8 offen offset:2")) == 0 &&
              S.w.fault.kind == FAULT_MISALIGNED,
          "%s: a dword across a swizzle element faults (%s)", target, S.w.fault.msg);
    /* a structured swizzled buffer with idxen: stride 8, index stride 16, element size 4 */
    setup(target, 16);
    vsharp(buf, 8, 0xffffffffu, DSEL | (gen <= ISA_GFX7 ? 1u << 19 : 0) | 1u << 21, 1);
    uint32_t want[64];
    for (unsigned l = 0; l < 64; l++) {
        unsigned idx = l * 3, off = 4;
        S.w.vgpr[0][l] = idx;
        want[l] = pat32((idx / 16 * 8 + off / 4 * 4) * 16 + idx % 16 * 4 + off % 4);
    }
    CHECK(mt_run(A("buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4")) == 1, "%s: swizzled idxen load runs",
          target);
    CHECK_V(1, want, ~0ull, "%s: swizzled: (index/16 * stride + offset/4*4) * 16 + index%%16 * 4", target);
    mt_done();
}

/* ---- atomics --------------------------------------------------------------------- */

enum { OPA_SWAP, OPA_CMPSWAP, OPA_ADD, OPA_SUB, OPA_SMIN, OPA_UMIN, OPA_SMAX, OPA_UMAX, OPA_AND, OPA_OR, OPA_XOR,
       OPA_INC, OPA_DEC };

/* The ISA pseudocode: data d, compare c (cmpswap: DATA[0] is the new value, DATA[1] the compare). */
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

static void test_atomics(const char *target)
{
    struct {
        const char *glc, *plain;
        int op, bits;
    } c[] = {
        {A("buffer_atomic_swap v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_swap v1, v0, s[4:7], 0 offen"), OPA_SWAP, 32},
        {A("buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen"), OPA_CMPSWAP, 32},
        {A("buffer_atomic_add v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_add v1, v0, s[4:7], 0 offen"), OPA_ADD, 32},
        {A("buffer_atomic_sub v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_sub v1, v0, s[4:7], 0 offen"), OPA_SUB, 32},
        {A("buffer_atomic_smin v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_smin v1, v0, s[4:7], 0 offen"), OPA_SMIN, 32},
        {A("buffer_atomic_umin v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_umin v1, v0, s[4:7], 0 offen"), OPA_UMIN, 32},
        {A("buffer_atomic_smax v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_smax v1, v0, s[4:7], 0 offen"), OPA_SMAX, 32},
        {A("buffer_atomic_umax v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_umax v1, v0, s[4:7], 0 offen"), OPA_UMAX, 32},
        {A("buffer_atomic_and v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_and v1, v0, s[4:7], 0 offen"), OPA_AND, 32},
        {A("buffer_atomic_or v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_or v1, v0, s[4:7], 0 offen"), OPA_OR, 32},
        {A("buffer_atomic_xor v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_xor v1, v0, s[4:7], 0 offen"), OPA_XOR, 32},
        {A("buffer_atomic_inc v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_inc v1, v0, s[4:7], 0 offen"), OPA_INC, 32},
        {A("buffer_atomic_dec v1, v0, s[4:7], 0 offen glc"), A("buffer_atomic_dec v1, v0, s[4:7], 0 offen"), OPA_DEC, 32},
        {A("buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_SWAP, 64},
        {A("buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen glc"), A("buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen"), OPA_CMPSWAP, 64},
        {A("buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_ADD, 64},
        {A("buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_SUB, 64},
        {A("buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_SMIN, 64},
        {A("buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_UMIN, 64},
        {A("buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_SMAX, 64},
        {A("buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_UMAX, 64},
        {A("buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_AND, 64},
        {A("buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_OR, 64},
        {A("buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_XOR, 64},
        {A("buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_INC, 64},
        {A("buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen glc"), A("buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen"), OPA_DEC, 64},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int glc = 1; glc >= 0; glc--) {
            const char *text = glc ? c[i].glc : c[i].plain;
            setup(target, 8);
            int op = c[i].op, b64 = c[i].bits == 64;
            unsigned per = b64 ? 2 : 1;
            vsharp(buf, 0, BUFSZ, DSEL, 0);
            uint64_t mem[8];
            uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ);
            for (unsigned k = 0; k < 8; k++) {
                mem[k] = op == OPA_CMPSWAP ? 7 : b64 ? 0x7ffffffffffffff0ull + k * 0x1234567ull : 0x7ffffff0u + k * 3;
                memcpy(m + 64 + 8 * k, &mem[k], b64 ? 8 : 4);
            }
            uint32_t reg[4][64];
            for (unsigned l = 0; l < 64; l++) {
                uint64_t d = op == OPA_INC || op == OPA_DEC ? l % 5 + 2
                           : op == OPA_CMPSWAP ? 0x1000 + l
                           : (l % 3 == 0 ? 0x80000000u + l : l % 3 == 1 ? 0xfffffff0u - l : l * 0x01010101u) |
                                 (b64 ? (uint64_t)(l * 0x10203u) << 32 : 0);
                uint64_t cmpv = l % 3 == 0 ? 7 : 0x1000 + l - 1;
                S.w.vgpr[0][l] = 64 + 8 * (l % 8);   /* eight lanes per address */
                reg[0][l] = (uint32_t)d;
                reg[1][l] = b64 ? (uint32_t)(d >> 32) : (uint32_t)cmpv;
                reg[2][l] = (uint32_t)cmpv;
                reg[3][l] = 0;
                for (unsigned k = 0; k < 4; k++)
                    S.w.vgpr[1 + k][l] = reg[k][l];
            }
            uint32_t want[2][64];
            for (unsigned l = 0; l < 64; l++) {
                want[0][l] = reg[0][l];
                want[1][l] = reg[1][l];
                if (!(PARTIAL >> l & 1))
                    continue;
                uint64_t *mm = &mem[l % 8], d, cv;
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
            for (unsigned k = 0; k < 8; k++) {
                uint64_t got = 0;
                memcpy(&got, m + 64 + 8 * k, b64 ? 8 : 4);
                ok &= got == mem[k];
            }
            CHECK(ok, "%s: %s: memory after eight lanes per address in lane order (%s)", target, text, S.w.fault.msg);
            for (unsigned k = 0; k < per; k++)
                CHECK_V(1 + k, want[k], ~0ull, "%s: %s: VDATA dword %u (%s)", target, text, k,
                        glc ? "old value" : "unchanged");
        }
    /* misaligned atomic */
    setup(target, 8);
    vsharp(buf, 0, BUFSZ, DSEL, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = 8 * l + (l == 5 ? 2 : 0);
    CHECK(mt_run(A("buffer_atomic_add v1, v0, s[4:7], 0 offen glc")) == 0 && S.w.fault.kind == FAULT_MISALIGNED &&
              S.w.fault.lane == 5,
          "%s: a misaligned buffer atomic faults (%s)", target, S.w.fault.msg);
    /* an atomic beyond num_records is dropped and returns 0 */
    setup(target, 8);
    vsharp(buf, 0, 16, DSEL, 0);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = 4 * l;
        S.w.vgpr[1][l] = 1;
    }
    CHECK(mt_run(A("buffer_atomic_add v1, v0, s[4:7], 0 offen glc")) == 1 && S.w.vgpr[1][3] == pat32(12) &&
              S.w.vgpr[1][4] == 0 && mem32(buf + 16) == pat32(16) && mem32(buf + 12) == pat32(12) + 1,
          "%s: atomics at or beyond num_records do nothing and return 0", target);
    mt_done();
}

/* ---- LDS DMA, tfe, cache ops, formats ---------------------------------------------- */

static void test_lds_dma(const char *target)
{
    setup(target, 8);
    vsharp(buf, 0, BUFSZ, DSEL, 0);
    S.w.sgpr[SREG_M0] = 0x100;
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l * 8;
    mt_exec(PARTIAL);
    int ok = mt_run(A("buffer_load_dword v0, s[4:7], 0 offen offset:16 lds")) == 1;
    for (unsigned l = 0; l < 64; l++) {
        uint32_t a = 0x100 + 16 + 4 * l;
        uint32_t got = S.lds[a] | S.lds[a + 1] << 8 | S.lds[a + 2] << 16 | (uint32_t)S.lds[a + 3] << 24;
        uint32_t want = PARTIAL >> l & 1 ? pat32(l * 8 + 16) : (uint32_t)(lds_pat(a) | lds_pat(a + 1) << 8 |
                                                                          lds_pat(a + 2) << 16 | (uint32_t)lds_pat(a + 3) << 24);
        ok &= got == want;
    }
    CHECK(ok && S.w.vgpr[0][1] == 8, "%s: buffer_load_dword lds: LDS[M0 + offset + lane*4] = MEM, no VGPR written",
          target);
    mt_done();
}

static void test_misc(const char *target)
{
    setup(target, 8);
    int gen = S.t->gen;
    vsharp(buf, 0, BUFSZ, DSEL, 0);
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[0][l] = 4 * l;
        S.w.vgpr[2][l] = 0x77;
    }
    const char *tfe = gen >= ISA_GFX8 ? A("buffer_load_dword v[1:2], v0, s[4:7], 0 offen tfe")
                                      : A("buffer_load_dword v1, v0, s[4:7], 0 offen tfe");
    CHECK(mt_run(tfe) == 1 && S.w.vgpr[1][3] == pat32(12) && S.w.vgpr[2][3] == 0,
          "%s: tfe writes a 0 status dword after the data", target);
    semtest_record(&S);
    CHECK(mt_run(gen >= ISA_GFX7 ? A("buffer_wbinvl1_vol") : A("buffer_wbinvl1")) == 1 && S.fx.vm_cnt == 1 &&
              S.fx.nacc == 0 && S.fx.nm == 0,
          "%s: buffer_wbinvl1 does nothing but count", target);
    /* effects of a store: VM +1 (gfx6: EXP too), the access, old dwords */
    mt_exec(0xf);
    CHECK(mt_run(A("buffer_store_dword v2, v0, s[4:7], 0 offen offset:4")) == 1 && S.fx.vm_cnt == 1 &&
              S.fx.exp_cnt == (gen == ISA_GFX6) && S.fx.lgkm_cnt == 0 && S.fx.nacc == 1 &&
              S.fx.acc[0].space == FX_SPACE_GLOBAL && S.fx.acc[0].write && S.fx.acc[0].bytes == 4 &&
              S.fx.acc[0].mask == 0xf && S.fx.acc[0].addr[2] == buf + 12 && S.fx.nm == 4 &&
              S.fx.m[1].addr == buf + 8 && S.fx.m[1].old == pat32(8),
          "%s: store effects: counters, access addresses, old dwords", target);
    mt_done();
}

static uint32_t fb(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

/* f32 bits of an f16 (infinities and NaNs with their payload) */
static uint32_t f16bits(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    uint32_t s = (uint32_t)(h & 0x8000) << 16;
    if (e == 31)
        return s | 0x7f800000u | (uint32_t)m << 13;
    float v = e ? (float)(1024 + m) * ldexpf(1.0f, e - 25) : (float)m * ldexpf(1.0f, -24);
    return s | fb(v);
}

static void test_formats(const char *target)
{
    setup(target, 8);
    int gen = S.t->gen;
    /* V#: 8_8_8_8 UNORM, dst_sel W Z Y X (reversed) */
    vsharp(buf, 4, BUFSZ / 4, 7 | 6 << 3 | 5 << 6 | 4 << 9 | 0u << 12 | 10u << 15, 0);
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[0][l] = l;
    CHECK(mt_run(A("buffer_load_format_xyzw v[1:4], v0, s[4:7], 0 idxen")) == 1, "%s: load_format_xyzw runs", target);
    uint32_t want[4][64];
    for (unsigned l = 0; l < 64; l++)
        for (unsigned c = 0; c < 4; c++)
            want[c][l] = fb((float)bpat(l * 4 + (3 - c)) / 255.0f);
    for (unsigned c = 0; c < 4; c++)
        CHECK_V(1 + c, want[c], ~0ull, "%s: 8_8_8_8 UNORM through dst_sel WZYX, component %u", target, c);
    /* tbuffer 16_16 FLOAT: two f16 channels to f32; a missing z is 0, w is 1.0 */
    vsharp(buf, 4, BUFSZ / 4, DSEL, 0);
    CHECK(mt_run(A("tbuffer_load_format_xyzw v[1:4], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen")) == 1,
          "%s: tbuffer_load_format_xyzw 16_16 float runs", target);
    for (unsigned l = 0; l < 64; l++) {
        want[0][l] = f16bits((uint16_t)(pat32(l * 4) & 0xffff));
        want[1][l] = f16bits((uint16_t)(pat32(l * 4) >> 16));
        want[2][l] = 0;
        want[3][l] = 0x3f800000u;
    }
    for (unsigned c = 0; c < 4; c++)
        CHECK_V(1 + c, want[c], ~0ull, "%s: 16_16 FLOAT component %u (z = 0, w = 1.0)", target, c);
    /* tbuffer 16 SINT */
    CHECK(mt_run(A("tbuffer_load_format_x v1, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen")) == 1,
          "%s: tbuffer_load_format_x 16 sint runs", target);
    for (unsigned l = 0; l < 64; l++)
        want[0][l] = (uint32_t)(int32_t)(int16_t)(pat32(l * 4) & 0xffff);
    CHECK_V(1, want[0], ~0ull, "%s: 16 SINT sign-extends", target);
    /* stores: 8_8 UNORM from floats (clamped), 32 UINT */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = fb((float)l / 63.0f);
        S.w.vgpr[2][l] = fb(l & 1 ? 2.0f : -1.0f);
    }
    CHECK(mt_run(A("tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen")) == 1,
          "%s: tbuffer_store_format_xy 8_8 unorm runs", target);
    int ok = 1;
    uint8_t *m = mem_ptr(&S.mem, buf, BUFSZ);
    for (unsigned l = 0; l < 64; l++)
        ok &= m[l * 4] == (uint8_t)(l * 255 / 63.0f + 0.5f) && m[l * 4 + 1] == (l & 1 ? 255 : 0) &&
              m[l * 4 + 2] == bpat(l * 4 + 2);
    CHECK(ok, "%s: 8_8 UNORM store rounds, clamps, leaves the next bytes", target);
    /* 0x3f010101 * 255 = 128.4999999404 (exact in double), which rounds to 128.5
     * in f32: the store rounds the exact product (128), as image_store does */
    for (unsigned l = 0; l < 64; l++)
        S.w.vgpr[1][l] = S.w.vgpr[2][l] = 0x3f010101u;
    CHECK(mt_run(A("tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen")) == 1,
          "%s: tbuffer_store_format_xy 8_8 unorm runs (near tie)", target);
    ok = 1;
    for (unsigned l = 0; l < 64; l++)
        ok &= m[l * 4] == 128 && m[l * 4 + 1] == 128;
    CHECK(ok, "%s: 8_8 UNORM store of a product just below 128.5 gives 128", target);
    /* 8_8 UINT and 16 SINT stores saturate to the channel (OpenCL's
     * convert_*_sat for write_imageui/i on a buffer image) */
    for (unsigned l = 0; l < 64; l++) {
        S.w.vgpr[1][l] = l * 7;                       /* 0..441: above 255 from lane 37 */
        S.w.vgpr[2][l] = l & 1 ? 0xffffffffu : 255;   /* 2^32-1 -> 255 */
        S.w.vgpr[3][l] = (uint32_t)((int32_t)l * 1500 - 48000);   /* -48000..46500 */
    }
    CHECK(mt_run(A("tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen")) == 1,
          "%s: tbuffer_store_format_xy 8_8 uint runs", target);
    ok = 1;
    for (unsigned l = 0; l < 64; l++)
        ok &= m[l * 4] == (l * 7 > 255 ? 255 : l * 7) && m[l * 4 + 1] == 255;
    CHECK(ok, "%s: 8_8 UINT store saturates at 255", target);
    CHECK(mt_run(A("tbuffer_store_format_x v3, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen")) == 1,
          "%s: tbuffer_store_format_x 16 sint runs", target);
    ok = 1;
    for (unsigned l = 0; l < 64; l++) {
        int32_t v = (int32_t)l * 1500 - 48000, sat = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
        int16_t got;
        memcpy(&got, m + l * 4, 2);
        ok &= got == sat;
    }
    CHECK(ok, "%s: 16 SINT store saturates to [-32768, 32767]", target);
    if (gen >= ISA_GFX8) {
        /* d16: gfx9 packs two halves per dword, gfx803 one per dword */
        refill();
        vsharp(buf, 4, BUFSZ / 4, DSEL | 7u << 12 | 5u << 15, 0);   /* 16_16 FLOAT */
        const char *t = gen == ISA_GFX9 ? A("buffer_load_format_d16_xy v1, v0, s[4:7], 0 idxen")
                                        : A("buffer_load_format_d16_xy v[1:2], v0, s[4:7], 0 idxen");
        CHECK(mt_run(t) == 1, "%s: %s runs", target, t);
        for (unsigned l = 0; l < 64; l++) {
            uint32_t p = pat32(l * 4);
            want[0][l] = gen == ISA_GFX9 ? p : p & 0xffff;
            want[1][l] = p >> 16;
        }
        CHECK_V(1, want[0], ~0ull, "%s: d16 format load keeps the f16 bits (%s)", target,
                gen == ISA_GFX9 ? "packed" : "unpacked");
        if (gen == ISA_GFX8)
            CHECK_V(2, want[1], ~0ull, "%s: unpacked d16: y in the next VGPR", target);
    }
    /* an unimplemented format faults clearly */
    vsharp(buf, 4, BUFSZ / 4, DSEL | 0u << 12 | 6u << 15, 0);
    CHECK(mt_run(A("buffer_load_format_x v1, v0, s[4:7], 0 idxen")) == 0 && S.w.fault.kind == FAULT_UNIMPLEMENTED,
          "%s: data format 10_11_11 faults as not implemented (%s)", target, S.w.fault.msg);
    mt_done();
}

int main(void)
{
    for (int t = 0; t < 4; t++) {
        test_loads(TARGETS[t]);
        test_stores(TARGETS[t]);
        test_bounds(TARGETS[t]);
        test_swizzle(TARGETS[t]);
        test_atomics(TARGETS[t]);
        test_lds_dma(TARGETS[t]);
        test_misc(TARGETS[t]);
        test_formats(TARGETS[t]);
    }
    return check_done();
}

/* Encodings of every instruction text above, from llvm-mc-15 (gfx601,
 * gfx701) and llvm-mc-16 (gfx803, gfx900): {generation, text, words, dwords}. */
const enc_t ENC[] = {
    /* BEGIN ENCODINGS */
    {0, "buffer_atomic_add v1, v0, s[4:7], 0 offen", {0xe0c81000, 0x80010100}, 2},
    {1, "buffer_atomic_add v1, v0, s[4:7], 0 offen", {0xe0c81000, 0x80010100}, 2},
    {2, "buffer_atomic_add v1, v0, s[4:7], 0 offen", {0xe1081000, 0x80010100}, 2},
    {3, "buffer_atomic_add v1, v0, s[4:7], 0 offen", {0xe1081000, 0x80010100}, 2},
    {0, "buffer_atomic_add v1, v0, s[4:7], 0 offen glc", {0xe0c85000, 0x80010100}, 2},
    {1, "buffer_atomic_add v1, v0, s[4:7], 0 offen glc", {0xe0c85000, 0x80010100}, 2},
    {2, "buffer_atomic_add v1, v0, s[4:7], 0 offen glc", {0xe1085000, 0x80010100}, 2},
    {3, "buffer_atomic_add v1, v0, s[4:7], 0 offen glc", {0xe1085000, 0x80010100}, 2},
    {0, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1481000, 0x80010100}, 2},
    {1, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1481000, 0x80010100}, 2},
    {2, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1881000, 0x80010100}, 2},
    {3, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1881000, 0x80010100}, 2},
    {0, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1485000, 0x80010100}, 2},
    {1, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1485000, 0x80010100}, 2},
    {2, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1885000, 0x80010100}, 2},
    {3, "buffer_atomic_add_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1885000, 0x80010100}, 2},
    {0, "buffer_atomic_and v1, v0, s[4:7], 0 offen", {0xe0e41000, 0x80010100}, 2},
    {1, "buffer_atomic_and v1, v0, s[4:7], 0 offen", {0xe0e41000, 0x80010100}, 2},
    {2, "buffer_atomic_and v1, v0, s[4:7], 0 offen", {0xe1201000, 0x80010100}, 2},
    {3, "buffer_atomic_and v1, v0, s[4:7], 0 offen", {0xe1201000, 0x80010100}, 2},
    {0, "buffer_atomic_and v1, v0, s[4:7], 0 offen glc", {0xe0e45000, 0x80010100}, 2},
    {1, "buffer_atomic_and v1, v0, s[4:7], 0 offen glc", {0xe0e45000, 0x80010100}, 2},
    {2, "buffer_atomic_and v1, v0, s[4:7], 0 offen glc", {0xe1205000, 0x80010100}, 2},
    {3, "buffer_atomic_and v1, v0, s[4:7], 0 offen glc", {0xe1205000, 0x80010100}, 2},
    {0, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1641000, 0x80010100}, 2},
    {1, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1641000, 0x80010100}, 2},
    {2, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a01000, 0x80010100}, 2},
    {3, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a01000, 0x80010100}, 2},
    {0, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1645000, 0x80010100}, 2},
    {1, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1645000, 0x80010100}, 2},
    {2, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a05000, 0x80010100}, 2},
    {3, "buffer_atomic_and_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a05000, 0x80010100}, 2},
    {0, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen", {0xe0c41000, 0x80010100}, 2},
    {1, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen", {0xe0c41000, 0x80010100}, 2},
    {2, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen", {0xe1041000, 0x80010100}, 2},
    {3, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen", {0xe1041000, 0x80010100}, 2},
    {0, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen glc", {0xe0c45000, 0x80010100}, 2},
    {1, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen glc", {0xe0c45000, 0x80010100}, 2},
    {2, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen glc", {0xe1045000, 0x80010100}, 2},
    {3, "buffer_atomic_cmpswap v[1:2], v0, s[4:7], 0 offen glc", {0xe1045000, 0x80010100}, 2},
    {0, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen", {0xe1441000, 0x80010100}, 2},
    {1, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen", {0xe1441000, 0x80010100}, 2},
    {2, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen", {0xe1841000, 0x80010100}, 2},
    {3, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen", {0xe1841000, 0x80010100}, 2},
    {0, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen glc", {0xe1445000, 0x80010100}, 2},
    {1, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen glc", {0xe1445000, 0x80010100}, 2},
    {2, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen glc", {0xe1845000, 0x80010100}, 2},
    {3, "buffer_atomic_cmpswap_x2 v[1:4], v0, s[4:7], 0 offen glc", {0xe1845000, 0x80010100}, 2},
    {0, "buffer_atomic_dec v1, v0, s[4:7], 0 offen", {0xe0f41000, 0x80010100}, 2},
    {1, "buffer_atomic_dec v1, v0, s[4:7], 0 offen", {0xe0f41000, 0x80010100}, 2},
    {2, "buffer_atomic_dec v1, v0, s[4:7], 0 offen", {0xe1301000, 0x80010100}, 2},
    {3, "buffer_atomic_dec v1, v0, s[4:7], 0 offen", {0xe1301000, 0x80010100}, 2},
    {0, "buffer_atomic_dec v1, v0, s[4:7], 0 offen glc", {0xe0f45000, 0x80010100}, 2},
    {1, "buffer_atomic_dec v1, v0, s[4:7], 0 offen glc", {0xe0f45000, 0x80010100}, 2},
    {2, "buffer_atomic_dec v1, v0, s[4:7], 0 offen glc", {0xe1305000, 0x80010100}, 2},
    {3, "buffer_atomic_dec v1, v0, s[4:7], 0 offen glc", {0xe1305000, 0x80010100}, 2},
    {0, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1741000, 0x80010100}, 2},
    {1, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1741000, 0x80010100}, 2},
    {2, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1b01000, 0x80010100}, 2},
    {3, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1b01000, 0x80010100}, 2},
    {0, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1745000, 0x80010100}, 2},
    {1, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1745000, 0x80010100}, 2},
    {2, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1b05000, 0x80010100}, 2},
    {3, "buffer_atomic_dec_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1b05000, 0x80010100}, 2},
    {0, "buffer_atomic_inc v1, v0, s[4:7], 0 offen", {0xe0f01000, 0x80010100}, 2},
    {1, "buffer_atomic_inc v1, v0, s[4:7], 0 offen", {0xe0f01000, 0x80010100}, 2},
    {2, "buffer_atomic_inc v1, v0, s[4:7], 0 offen", {0xe12c1000, 0x80010100}, 2},
    {3, "buffer_atomic_inc v1, v0, s[4:7], 0 offen", {0xe12c1000, 0x80010100}, 2},
    {0, "buffer_atomic_inc v1, v0, s[4:7], 0 offen glc", {0xe0f05000, 0x80010100}, 2},
    {1, "buffer_atomic_inc v1, v0, s[4:7], 0 offen glc", {0xe0f05000, 0x80010100}, 2},
    {2, "buffer_atomic_inc v1, v0, s[4:7], 0 offen glc", {0xe12c5000, 0x80010100}, 2},
    {3, "buffer_atomic_inc v1, v0, s[4:7], 0 offen glc", {0xe12c5000, 0x80010100}, 2},
    {0, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1701000, 0x80010100}, 2},
    {1, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1701000, 0x80010100}, 2},
    {2, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1ac1000, 0x80010100}, 2},
    {3, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1ac1000, 0x80010100}, 2},
    {0, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1705000, 0x80010100}, 2},
    {1, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1705000, 0x80010100}, 2},
    {2, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1ac5000, 0x80010100}, 2},
    {3, "buffer_atomic_inc_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1ac5000, 0x80010100}, 2},
    {0, "buffer_atomic_or v1, v0, s[4:7], 0 offen", {0xe0e81000, 0x80010100}, 2},
    {1, "buffer_atomic_or v1, v0, s[4:7], 0 offen", {0xe0e81000, 0x80010100}, 2},
    {2, "buffer_atomic_or v1, v0, s[4:7], 0 offen", {0xe1241000, 0x80010100}, 2},
    {3, "buffer_atomic_or v1, v0, s[4:7], 0 offen", {0xe1241000, 0x80010100}, 2},
    {0, "buffer_atomic_or v1, v0, s[4:7], 0 offen glc", {0xe0e85000, 0x80010100}, 2},
    {1, "buffer_atomic_or v1, v0, s[4:7], 0 offen glc", {0xe0e85000, 0x80010100}, 2},
    {2, "buffer_atomic_or v1, v0, s[4:7], 0 offen glc", {0xe1245000, 0x80010100}, 2},
    {3, "buffer_atomic_or v1, v0, s[4:7], 0 offen glc", {0xe1245000, 0x80010100}, 2},
    {0, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1681000, 0x80010100}, 2},
    {1, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1681000, 0x80010100}, 2},
    {2, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a41000, 0x80010100}, 2},
    {3, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a41000, 0x80010100}, 2},
    {0, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1685000, 0x80010100}, 2},
    {1, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1685000, 0x80010100}, 2},
    {2, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a45000, 0x80010100}, 2},
    {3, "buffer_atomic_or_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a45000, 0x80010100}, 2},
    {0, "buffer_atomic_smax v1, v0, s[4:7], 0 offen", {0xe0dc1000, 0x80010100}, 2},
    {1, "buffer_atomic_smax v1, v0, s[4:7], 0 offen", {0xe0dc1000, 0x80010100}, 2},
    {2, "buffer_atomic_smax v1, v0, s[4:7], 0 offen", {0xe1181000, 0x80010100}, 2},
    {3, "buffer_atomic_smax v1, v0, s[4:7], 0 offen", {0xe1181000, 0x80010100}, 2},
    {0, "buffer_atomic_smax v1, v0, s[4:7], 0 offen glc", {0xe0dc5000, 0x80010100}, 2},
    {1, "buffer_atomic_smax v1, v0, s[4:7], 0 offen glc", {0xe0dc5000, 0x80010100}, 2},
    {2, "buffer_atomic_smax v1, v0, s[4:7], 0 offen glc", {0xe1185000, 0x80010100}, 2},
    {3, "buffer_atomic_smax v1, v0, s[4:7], 0 offen glc", {0xe1185000, 0x80010100}, 2},
    {0, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe15c1000, 0x80010100}, 2},
    {1, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe15c1000, 0x80010100}, 2},
    {2, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1981000, 0x80010100}, 2},
    {3, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1981000, 0x80010100}, 2},
    {0, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe15c5000, 0x80010100}, 2},
    {1, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe15c5000, 0x80010100}, 2},
    {2, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1985000, 0x80010100}, 2},
    {3, "buffer_atomic_smax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1985000, 0x80010100}, 2},
    {0, "buffer_atomic_smin v1, v0, s[4:7], 0 offen", {0xe0d41000, 0x80010100}, 2},
    {1, "buffer_atomic_smin v1, v0, s[4:7], 0 offen", {0xe0d41000, 0x80010100}, 2},
    {2, "buffer_atomic_smin v1, v0, s[4:7], 0 offen", {0xe1101000, 0x80010100}, 2},
    {3, "buffer_atomic_smin v1, v0, s[4:7], 0 offen", {0xe1101000, 0x80010100}, 2},
    {0, "buffer_atomic_smin v1, v0, s[4:7], 0 offen glc", {0xe0d45000, 0x80010100}, 2},
    {1, "buffer_atomic_smin v1, v0, s[4:7], 0 offen glc", {0xe0d45000, 0x80010100}, 2},
    {2, "buffer_atomic_smin v1, v0, s[4:7], 0 offen glc", {0xe1105000, 0x80010100}, 2},
    {3, "buffer_atomic_smin v1, v0, s[4:7], 0 offen glc", {0xe1105000, 0x80010100}, 2},
    {0, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1541000, 0x80010100}, 2},
    {1, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1541000, 0x80010100}, 2},
    {2, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1901000, 0x80010100}, 2},
    {3, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1901000, 0x80010100}, 2},
    {0, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1545000, 0x80010100}, 2},
    {1, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1545000, 0x80010100}, 2},
    {2, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1905000, 0x80010100}, 2},
    {3, "buffer_atomic_smin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1905000, 0x80010100}, 2},
    {0, "buffer_atomic_sub v1, v0, s[4:7], 0 offen", {0xe0cc1000, 0x80010100}, 2},
    {1, "buffer_atomic_sub v1, v0, s[4:7], 0 offen", {0xe0cc1000, 0x80010100}, 2},
    {2, "buffer_atomic_sub v1, v0, s[4:7], 0 offen", {0xe10c1000, 0x80010100}, 2},
    {3, "buffer_atomic_sub v1, v0, s[4:7], 0 offen", {0xe10c1000, 0x80010100}, 2},
    {0, "buffer_atomic_sub v1, v0, s[4:7], 0 offen glc", {0xe0cc5000, 0x80010100}, 2},
    {1, "buffer_atomic_sub v1, v0, s[4:7], 0 offen glc", {0xe0cc5000, 0x80010100}, 2},
    {2, "buffer_atomic_sub v1, v0, s[4:7], 0 offen glc", {0xe10c5000, 0x80010100}, 2},
    {3, "buffer_atomic_sub v1, v0, s[4:7], 0 offen glc", {0xe10c5000, 0x80010100}, 2},
    {0, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen", {0xe14c1000, 0x80010100}, 2},
    {1, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen", {0xe14c1000, 0x80010100}, 2},
    {2, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen", {0xe18c1000, 0x80010100}, 2},
    {3, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen", {0xe18c1000, 0x80010100}, 2},
    {0, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe14c5000, 0x80010100}, 2},
    {1, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe14c5000, 0x80010100}, 2},
    {2, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe18c5000, 0x80010100}, 2},
    {3, "buffer_atomic_sub_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe18c5000, 0x80010100}, 2},
    {0, "buffer_atomic_swap v1, v0, s[4:7], 0 offen", {0xe0c01000, 0x80010100}, 2},
    {1, "buffer_atomic_swap v1, v0, s[4:7], 0 offen", {0xe0c01000, 0x80010100}, 2},
    {2, "buffer_atomic_swap v1, v0, s[4:7], 0 offen", {0xe1001000, 0x80010100}, 2},
    {3, "buffer_atomic_swap v1, v0, s[4:7], 0 offen", {0xe1001000, 0x80010100}, 2},
    {0, "buffer_atomic_swap v1, v0, s[4:7], 0 offen glc", {0xe0c05000, 0x80010100}, 2},
    {1, "buffer_atomic_swap v1, v0, s[4:7], 0 offen glc", {0xe0c05000, 0x80010100}, 2},
    {2, "buffer_atomic_swap v1, v0, s[4:7], 0 offen glc", {0xe1005000, 0x80010100}, 2},
    {3, "buffer_atomic_swap v1, v0, s[4:7], 0 offen glc", {0xe1005000, 0x80010100}, 2},
    {0, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1401000, 0x80010100}, 2},
    {1, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1401000, 0x80010100}, 2},
    {2, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1801000, 0x80010100}, 2},
    {3, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1801000, 0x80010100}, 2},
    {0, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1405000, 0x80010100}, 2},
    {1, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1405000, 0x80010100}, 2},
    {2, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1805000, 0x80010100}, 2},
    {3, "buffer_atomic_swap_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1805000, 0x80010100}, 2},
    {0, "buffer_atomic_umax v1, v0, s[4:7], 0 offen", {0xe0e01000, 0x80010100}, 2},
    {1, "buffer_atomic_umax v1, v0, s[4:7], 0 offen", {0xe0e01000, 0x80010100}, 2},
    {2, "buffer_atomic_umax v1, v0, s[4:7], 0 offen", {0xe11c1000, 0x80010100}, 2},
    {3, "buffer_atomic_umax v1, v0, s[4:7], 0 offen", {0xe11c1000, 0x80010100}, 2},
    {0, "buffer_atomic_umax v1, v0, s[4:7], 0 offen glc", {0xe0e05000, 0x80010100}, 2},
    {1, "buffer_atomic_umax v1, v0, s[4:7], 0 offen glc", {0xe0e05000, 0x80010100}, 2},
    {2, "buffer_atomic_umax v1, v0, s[4:7], 0 offen glc", {0xe11c5000, 0x80010100}, 2},
    {3, "buffer_atomic_umax v1, v0, s[4:7], 0 offen glc", {0xe11c5000, 0x80010100}, 2},
    {0, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1601000, 0x80010100}, 2},
    {1, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1601000, 0x80010100}, 2},
    {2, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe19c1000, 0x80010100}, 2},
    {3, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen", {0xe19c1000, 0x80010100}, 2},
    {0, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1605000, 0x80010100}, 2},
    {1, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1605000, 0x80010100}, 2},
    {2, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe19c5000, 0x80010100}, 2},
    {3, "buffer_atomic_umax_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe19c5000, 0x80010100}, 2},
    {0, "buffer_atomic_umin v1, v0, s[4:7], 0 offen", {0xe0d81000, 0x80010100}, 2},
    {1, "buffer_atomic_umin v1, v0, s[4:7], 0 offen", {0xe0d81000, 0x80010100}, 2},
    {2, "buffer_atomic_umin v1, v0, s[4:7], 0 offen", {0xe1141000, 0x80010100}, 2},
    {3, "buffer_atomic_umin v1, v0, s[4:7], 0 offen", {0xe1141000, 0x80010100}, 2},
    {0, "buffer_atomic_umin v1, v0, s[4:7], 0 offen glc", {0xe0d85000, 0x80010100}, 2},
    {1, "buffer_atomic_umin v1, v0, s[4:7], 0 offen glc", {0xe0d85000, 0x80010100}, 2},
    {2, "buffer_atomic_umin v1, v0, s[4:7], 0 offen glc", {0xe1145000, 0x80010100}, 2},
    {3, "buffer_atomic_umin v1, v0, s[4:7], 0 offen glc", {0xe1145000, 0x80010100}, 2},
    {0, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1581000, 0x80010100}, 2},
    {1, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1581000, 0x80010100}, 2},
    {2, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1941000, 0x80010100}, 2},
    {3, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1941000, 0x80010100}, 2},
    {0, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1585000, 0x80010100}, 2},
    {1, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1585000, 0x80010100}, 2},
    {2, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1945000, 0x80010100}, 2},
    {3, "buffer_atomic_umin_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1945000, 0x80010100}, 2},
    {0, "buffer_atomic_xor v1, v0, s[4:7], 0 offen", {0xe0ec1000, 0x80010100}, 2},
    {1, "buffer_atomic_xor v1, v0, s[4:7], 0 offen", {0xe0ec1000, 0x80010100}, 2},
    {2, "buffer_atomic_xor v1, v0, s[4:7], 0 offen", {0xe1281000, 0x80010100}, 2},
    {3, "buffer_atomic_xor v1, v0, s[4:7], 0 offen", {0xe1281000, 0x80010100}, 2},
    {0, "buffer_atomic_xor v1, v0, s[4:7], 0 offen glc", {0xe0ec5000, 0x80010100}, 2},
    {1, "buffer_atomic_xor v1, v0, s[4:7], 0 offen glc", {0xe0ec5000, 0x80010100}, 2},
    {2, "buffer_atomic_xor v1, v0, s[4:7], 0 offen glc", {0xe1285000, 0x80010100}, 2},
    {3, "buffer_atomic_xor v1, v0, s[4:7], 0 offen glc", {0xe1285000, 0x80010100}, 2},
    {0, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen", {0xe16c1000, 0x80010100}, 2},
    {1, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen", {0xe16c1000, 0x80010100}, 2},
    {2, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a81000, 0x80010100}, 2},
    {3, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen", {0xe1a81000, 0x80010100}, 2},
    {0, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe16c5000, 0x80010100}, 2},
    {1, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe16c5000, 0x80010100}, 2},
    {2, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a85000, 0x80010100}, 2},
    {3, "buffer_atomic_xor_x2 v[1:2], v0, s[4:7], 0 offen glc", {0xe1a85000, 0x80010100}, 2},
    {0, "buffer_load_dword v0, s[4:7], 0 offen offset:16 lds", {0xe0311010, 0x80010000}, 2},
    {1, "buffer_load_dword v0, s[4:7], 0 offen offset:16 lds", {0xe0311010, 0x80010000}, 2},
    {2, "buffer_load_dword v0, s[4:7], 0 offen offset:16 lds", {0xe0511010, 0x80010000}, 2},
    {3, "buffer_load_dword v0, s[4:7], 0 offen offset:16 lds", {0xe0511010, 0x80010000}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4", {0xe0302004, 0x80010100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4", {0xe0302004, 0x80010100}, 2},
    {2, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4", {0xe0502004, 0x80010100}, 2},
    {3, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:4", {0xe0502004, 0x80010100}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:8", {0xe0302008, 0x80010100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:8", {0xe0302008, 0x80010100}, 2},
    {2, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:8", {0xe0502008, 0x80010100}, 2},
    {3, "buffer_load_dword v1, v0, s[4:7], 0 idxen offset:8", {0xe0502008, 0x80010100}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], 0 offen", {0xe0301000, 0x80010100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], 0 offen", {0xe0301000, 0x80010100}, 2},
    {2, "buffer_load_dword v1, v0, s[4:7], 0 offen", {0xe0501000, 0x80010100}, 2},
    {3, "buffer_load_dword v1, v0, s[4:7], 0 offen", {0xe0501000, 0x80010100}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], 0 offen offset:8", {0xe0301008, 0x80010100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], 0 offen offset:8", {0xe0301008, 0x80010100}, 2},
    {2, "buffer_load_dword v1, v0, s[4:7], 0 offen offset:8", {0xe0501008, 0x80010100}, 2},
    {3, "buffer_load_dword v1, v0, s[4:7], 0 offen offset:8", {0xe0501008, 0x80010100}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], 0 offen tfe", {0xe0301000, 0x80810100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], 0 offen tfe", {0xe0301000, 0x80810100}, 2},
    {0, "buffer_load_dword v1, v0, s[4:7], s8 offen offset:4", {0xe0301004, 0x08010100}, 2},
    {1, "buffer_load_dword v1, v0, s[4:7], s8 offen offset:4", {0xe0301004, 0x08010100}, 2},
    {2, "buffer_load_dword v1, v0, s[4:7], s8 offen offset:4", {0xe0501004, 0x08010100}, 2},
    {3, "buffer_load_dword v1, v0, s[4:7], s8 offen offset:4", {0xe0501004, 0x08010100}, 2},
    {0, "buffer_load_dword v1, v[2:3], s[4:7], 0 addr64 offset:8", {0xe0308008, 0x80010102}, 2},
    {1, "buffer_load_dword v1, v[2:3], s[4:7], 0 addr64 offset:8", {0xe0308008, 0x80010102}, 2},
    {0, "buffer_load_dword v2, v[0:1], s[4:7], s8 idxen offen offset:4", {0xe0303004, 0x08010200}, 2},
    {1, "buffer_load_dword v2, v[0:1], s[4:7], s8 idxen offen offset:4", {0xe0303004, 0x08010200}, 2},
    {2, "buffer_load_dword v2, v[0:1], s[4:7], s8 idxen offen offset:4", {0xe0503004, 0x08010200}, 2},
    {3, "buffer_load_dword v2, v[0:1], s[4:7], s8 idxen offen offset:4", {0xe0503004, 0x08010200}, 2},
    {0, "buffer_load_dword v3, off, s[4:7], 64 offset:4092", {0xe0300ffc, 0xc0010300}, 2},
    {1, "buffer_load_dword v3, off, s[4:7], 64 offset:4092", {0xe0300ffc, 0xc0010300}, 2},
    {2, "buffer_load_dword v3, off, s[4:7], 64 offset:4092", {0xe0500ffc, 0xc0010300}, 2},
    {3, "buffer_load_dword v3, off, s[4:7], 64 offset:4092", {0xe0500ffc, 0xc0010300}, 2},
    {0, "buffer_load_dword v5, v0, s[4:7], s8 offen offset:2", {0xe0301002, 0x08010500}, 2},
    {1, "buffer_load_dword v5, v0, s[4:7], s8 offen offset:2", {0xe0301002, 0x08010500}, 2},
    {2, "buffer_load_dword v5, v0, s[4:7], s8 offen offset:2", {0xe0501002, 0x08010500}, 2},
    {3, "buffer_load_dword v5, v0, s[4:7], s8 offen offset:2", {0xe0501002, 0x08010500}, 2},
    {2, "buffer_load_dword v[1:2], v0, s[4:7], 0 offen tfe", {0xe0501000, 0x80810100}, 2},
    {3, "buffer_load_dword v[1:2], v0, s[4:7], 0 offen tfe", {0xe0501000, 0x80810100}, 2},
    {0, "buffer_load_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0341004, 0x08010100}, 2},
    {1, "buffer_load_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0341004, 0x08010100}, 2},
    {2, "buffer_load_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0541004, 0x08010100}, 2},
    {3, "buffer_load_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0541004, 0x08010100}, 2},
    {0, "buffer_load_dwordx2 v[3:4], v0, s[4:7], s8 offen offset:4", {0xe0341004, 0x08010300}, 2},
    {1, "buffer_load_dwordx2 v[3:4], v0, s[4:7], s8 offen offset:4", {0xe0341004, 0x08010300}, 2},
    {2, "buffer_load_dwordx2 v[3:4], v0, s[4:7], s8 offen offset:4", {0xe0541004, 0x08010300}, 2},
    {3, "buffer_load_dwordx2 v[3:4], v0, s[4:7], s8 offen offset:4", {0xe0541004, 0x08010300}, 2},
    {0, "buffer_load_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:4", {0xe03c1004, 0x08010100}, 2},
    {1, "buffer_load_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:4", {0xe03c1004, 0x08010100}, 2},
    {2, "buffer_load_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:4", {0xe0581004, 0x08010100}, 2},
    {3, "buffer_load_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:4", {0xe0581004, 0x08010100}, 2},
    {0, "buffer_load_dwordx4 v[1:4], v0, s[4:7], 0 offen", {0xe0381000, 0x80010100}, 2},
    {1, "buffer_load_dwordx4 v[1:4], v0, s[4:7], 0 offen", {0xe0381000, 0x80010100}, 2},
    {2, "buffer_load_dwordx4 v[1:4], v0, s[4:7], 0 offen", {0xe05c1000, 0x80010100}, 2},
    {3, "buffer_load_dwordx4 v[1:4], v0, s[4:7], 0 offen", {0xe05c1000, 0x80010100}, 2},
    {0, "buffer_load_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:4", {0xe0381004, 0x08010100}, 2},
    {1, "buffer_load_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:4", {0xe0381004, 0x08010100}, 2},
    {2, "buffer_load_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:4", {0xe05c1004, 0x08010100}, 2},
    {3, "buffer_load_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:4", {0xe05c1004, 0x08010100}, 2},
    {3, "buffer_load_format_d16_xy v1, v0, s[4:7], 0 idxen", {0xe0242000, 0x80010100}, 2},
    {2, "buffer_load_format_d16_xy v[1:2], v0, s[4:7], 0 idxen", {0xe0242000, 0x80010100}, 2},
    {0, "buffer_load_format_x v1, v0, s[4:7], 0 idxen", {0xe0002000, 0x80010100}, 2},
    {1, "buffer_load_format_x v1, v0, s[4:7], 0 idxen", {0xe0002000, 0x80010100}, 2},
    {2, "buffer_load_format_x v1, v0, s[4:7], 0 idxen", {0xe0002000, 0x80010100}, 2},
    {3, "buffer_load_format_x v1, v0, s[4:7], 0 idxen", {0xe0002000, 0x80010100}, 2},
    {0, "buffer_load_format_xyzw v[1:4], v0, s[4:7], 0 idxen", {0xe00c2000, 0x80010100}, 2},
    {1, "buffer_load_format_xyzw v[1:4], v0, s[4:7], 0 idxen", {0xe00c2000, 0x80010100}, 2},
    {2, "buffer_load_format_xyzw v[1:4], v0, s[4:7], 0 idxen", {0xe00c2000, 0x80010100}, 2},
    {3, "buffer_load_format_xyzw v[1:4], v0, s[4:7], 0 idxen", {0xe00c2000, 0x80010100}, 2},
    {0, "buffer_load_sbyte v1, v0, s[4:7], s8 offen offset:4", {0xe0241004, 0x08010100}, 2},
    {1, "buffer_load_sbyte v1, v0, s[4:7], s8 offen offset:4", {0xe0241004, 0x08010100}, 2},
    {2, "buffer_load_sbyte v1, v0, s[4:7], s8 offen offset:4", {0xe0441004, 0x08010100}, 2},
    {3, "buffer_load_sbyte v1, v0, s[4:7], s8 offen offset:4", {0xe0441004, 0x08010100}, 2},
    {3, "buffer_load_sbyte_d16 v1, v0, s[4:7], 0 offen", {0xe0881000, 0x80010100}, 2},
    {3, "buffer_load_sbyte_d16_hi v1, v0, s[4:7], 0 offen", {0xe08c1000, 0x80010100}, 2},
    {3, "buffer_load_short_d16 v1, v0, s[4:7], 0 offen", {0xe0901000, 0x80010100}, 2},
    {3, "buffer_load_short_d16_hi v1, v0, s[4:7], 0 offen", {0xe0941000, 0x80010100}, 2},
    {0, "buffer_load_sshort v1, v0, s[4:7], s8 offen offset:4", {0xe02c1004, 0x08010100}, 2},
    {1, "buffer_load_sshort v1, v0, s[4:7], s8 offen offset:4", {0xe02c1004, 0x08010100}, 2},
    {2, "buffer_load_sshort v1, v0, s[4:7], s8 offen offset:4", {0xe04c1004, 0x08010100}, 2},
    {3, "buffer_load_sshort v1, v0, s[4:7], s8 offen offset:4", {0xe04c1004, 0x08010100}, 2},
    {0, "buffer_load_ubyte v1, v0, s[4:7], s8 offen offset:4", {0xe0201004, 0x08010100}, 2},
    {1, "buffer_load_ubyte v1, v0, s[4:7], s8 offen offset:4", {0xe0201004, 0x08010100}, 2},
    {2, "buffer_load_ubyte v1, v0, s[4:7], s8 offen offset:4", {0xe0401004, 0x08010100}, 2},
    {3, "buffer_load_ubyte v1, v0, s[4:7], s8 offen offset:4", {0xe0401004, 0x08010100}, 2},
    {0, "buffer_load_ubyte v5, v0, s[4:7], s8 offen offset:2", {0xe0201002, 0x08010500}, 2},
    {1, "buffer_load_ubyte v5, v0, s[4:7], s8 offen offset:2", {0xe0201002, 0x08010500}, 2},
    {2, "buffer_load_ubyte v5, v0, s[4:7], s8 offen offset:2", {0xe0401002, 0x08010500}, 2},
    {3, "buffer_load_ubyte v5, v0, s[4:7], s8 offen offset:2", {0xe0401002, 0x08010500}, 2},
    {3, "buffer_load_ubyte_d16 v1, v0, s[4:7], 0 offen", {0xe0801000, 0x80010100}, 2},
    {3, "buffer_load_ubyte_d16_hi v1, v0, s[4:7], 0 offen", {0xe0841000, 0x80010100}, 2},
    {0, "buffer_load_ushort v1, v0, s[4:7], s8 offen offset:4", {0xe0281004, 0x08010100}, 2},
    {1, "buffer_load_ushort v1, v0, s[4:7], s8 offen offset:4", {0xe0281004, 0x08010100}, 2},
    {2, "buffer_load_ushort v1, v0, s[4:7], s8 offen offset:4", {0xe0481004, 0x08010100}, 2},
    {3, "buffer_load_ushort v1, v0, s[4:7], s8 offen offset:4", {0xe0481004, 0x08010100}, 2},
    {0, "buffer_store_byte v1, v0, s[4:7], s8 offen offset:3", {0xe0601003, 0x08010100}, 2},
    {1, "buffer_store_byte v1, v0, s[4:7], s8 offen offset:3", {0xe0601003, 0x08010100}, 2},
    {2, "buffer_store_byte v1, v0, s[4:7], s8 offen offset:3", {0xe0601003, 0x08010100}, 2},
    {3, "buffer_store_byte v1, v0, s[4:7], s8 offen offset:3", {0xe0601003, 0x08010100}, 2},
    {3, "buffer_store_byte_d16_hi v1, v0, s[4:7], s8 offen offset:3", {0xe0641003, 0x08010100}, 2},
    {0, "buffer_store_dword v1, v0, s[4:7], 0 offen", {0xe0701000, 0x80010100}, 2},
    {1, "buffer_store_dword v1, v0, s[4:7], 0 offen", {0xe0701000, 0x80010100}, 2},
    {2, "buffer_store_dword v1, v0, s[4:7], 0 offen", {0xe0701000, 0x80010100}, 2},
    {3, "buffer_store_dword v1, v0, s[4:7], 0 offen", {0xe0701000, 0x80010100}, 2},
    {0, "buffer_store_dword v1, v0, s[4:7], s8 offen offset:3", {0xe0701003, 0x08010100}, 2},
    {1, "buffer_store_dword v1, v0, s[4:7], s8 offen offset:3", {0xe0701003, 0x08010100}, 2},
    {2, "buffer_store_dword v1, v0, s[4:7], s8 offen offset:3", {0xe0701003, 0x08010100}, 2},
    {3, "buffer_store_dword v1, v0, s[4:7], s8 offen offset:3", {0xe0701003, 0x08010100}, 2},
    {0, "buffer_store_dword v2, v0, s[4:7], 0 offen offset:4", {0xe0701004, 0x80010200}, 2},
    {1, "buffer_store_dword v2, v0, s[4:7], 0 offen offset:4", {0xe0701004, 0x80010200}, 2},
    {2, "buffer_store_dword v2, v0, s[4:7], 0 offen offset:4", {0xe0701004, 0x80010200}, 2},
    {3, "buffer_store_dword v2, v0, s[4:7], 0 offen offset:4", {0xe0701004, 0x80010200}, 2},
    {0, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:3", {0xe0741003, 0x08010100}, 2},
    {1, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:3", {0xe0741003, 0x08010100}, 2},
    {2, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:3", {0xe0741003, 0x08010100}, 2},
    {3, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:3", {0xe0741003, 0x08010100}, 2},
    {0, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0741004, 0x08010100}, 2},
    {1, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0741004, 0x08010100}, 2},
    {2, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0741004, 0x08010100}, 2},
    {3, "buffer_store_dwordx2 v[1:2], v0, s[4:7], s8 offen offset:4", {0xe0741004, 0x08010100}, 2},
    {0, "buffer_store_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:3", {0xe07c1003, 0x08010100}, 2},
    {1, "buffer_store_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:3", {0xe07c1003, 0x08010100}, 2},
    {2, "buffer_store_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:3", {0xe0781003, 0x08010100}, 2},
    {3, "buffer_store_dwordx3 v[1:3], v0, s[4:7], s8 offen offset:3", {0xe0781003, 0x08010100}, 2},
    {0, "buffer_store_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:3", {0xe0781003, 0x08010100}, 2},
    {1, "buffer_store_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:3", {0xe0781003, 0x08010100}, 2},
    {2, "buffer_store_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:3", {0xe07c1003, 0x08010100}, 2},
    {3, "buffer_store_dwordx4 v[1:4], v0, s[4:7], s8 offen offset:3", {0xe07c1003, 0x08010100}, 2},
    {0, "buffer_store_short v1, v0, s[4:7], s8 offen offset:3", {0xe0681003, 0x08010100}, 2},
    {1, "buffer_store_short v1, v0, s[4:7], s8 offen offset:3", {0xe0681003, 0x08010100}, 2},
    {2, "buffer_store_short v1, v0, s[4:7], s8 offen offset:3", {0xe0681003, 0x08010100}, 2},
    {3, "buffer_store_short v1, v0, s[4:7], s8 offen offset:3", {0xe0681003, 0x08010100}, 2},
    {3, "buffer_store_short_d16_hi v1, v0, s[4:7], s8 offen offset:3", {0xe06c1003, 0x08010100}, 2},
    {0, "buffer_wbinvl1", {0xe1c40000, 0x00000000}, 2},
    {1, "buffer_wbinvl1", {0xe1c40000, 0x00000000}, 2},
    {2, "buffer_wbinvl1", {0xe0f80000, 0x00000000}, 2},
    {3, "buffer_wbinvl1", {0xe0f80000, 0x00000000}, 2},
    {1, "buffer_wbinvl1_vol", {0xe1c00000, 0x00000000}, 2},
    {2, "buffer_wbinvl1_vol", {0xe0fc0000, 0x00000000}, 2},
    {3, "buffer_wbinvl1_vol", {0xe0fc0000, 0x00000000}, 2},
    {0, "tbuffer_load_format_x v1, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea902000, 0x80010100}, 2},
    {1, "tbuffer_load_format_x v1, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea902000, 0x80010100}, 2},
    {2, "tbuffer_load_format_x v1, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea902000, 0x80010100}, 2},
    {3, "tbuffer_load_format_x v1, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea902000, 0x80010100}, 2},
    {0, "tbuffer_load_format_xyzw v[1:4], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen", {0xebab2000, 0x80010100}, 2},
    {1, "tbuffer_load_format_xyzw v[1:4], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen", {0xebab2000, 0x80010100}, 2},
    {2, "tbuffer_load_format_xyzw v[1:4], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen", {0xeba9a000, 0x80010100}, 2},
    {3, "tbuffer_load_format_xyzw v[1:4], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen", {0xeba9a000, 0x80010100}, 2},
    {0, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen", {0xe81d2000, 0x80010100}, 2},
    {1, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen", {0xe81d2000, 0x80010100}, 2},
    {2, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen", {0xe81aa000, 0x80010100}, 2},
    {3, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] idxen", {0xe81aa000, 0x80010100}, 2},
    {0, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen", {0xea1d2000, 0x80010100}, 2},
    {0, "tbuffer_store_format_x v3, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea942000, 0x80010300}, 2},
    {1, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen", {0xea1d2000, 0x80010100}, 2},
    {1, "tbuffer_store_format_x v3, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea942000, 0x80010300}, 2},
    {2, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen", {0xea1aa000, 0x80010100}, 2},
    {2, "tbuffer_store_format_x v3, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea922000, 0x80010300}, 2},
    {3, "tbuffer_store_format_xy v[1:2], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen", {0xea1aa000, 0x80010100}, 2},
    {3, "tbuffer_store_format_x v3, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", {0xea922000, 0x80010300}, 2},
    /* END ENCODINGS */
    {0, NULL, {0}, 0},
};
