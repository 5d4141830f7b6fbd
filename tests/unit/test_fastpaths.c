/* test_fastpaths.c — the fast paths of the semantics against independent
 * expectations and against the general paths on the same inputs:
 *   DS read/read2/write/write2: addresses consecutive per row, one per
 *     row, permuted, mixed, unaligned (gfx9), partial EXEC, lanes out of
 *     range (the general path), with and without the effects record (its
 *     access lists and logged writes);
 *   FLAT loads and stores: one allocation (fast) or two (general), partial
 *     EXEC, with the effects record;
 *   64-bit shifts (VOP3): a VGPR or scalar count, the destination the
 *     source, partial EXEC, recording, the general path (index mode);
 *   v_fma_f32 (VOP3): every MODE denormal setting, denormal, NaN and
 *     infinite operands, a scalar operand, the destination one of the
 *     sources, partial EXEC, with the effects record, and the general path
 *     (forced by VGPR index mode with no operand enabled).
 * Expected values come from the ISA definitions computed here: LDS and
 * memory bytes, the C library's correctly rounded fmaf with MODE's
 * flushes, and x86's NaN rule for several NaN operands (the host FMA the
 * simulator uses).  Encodings from llvm-mc-15 (gfx701) and llvm-mc-16
 * (gfx803, gfx900). */
#include <math.h>
#include <stdio.h>
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"
#include "sim/memtime.h"
#include "tests/unit/ldsrule.h"

enum { G7, G8, G9 };
static const char *const TARGET[] = {"gfx701", "gfx803", "gfx900"};

typedef struct {
    const char *text;
    uint32_t w[3][2];   /* gfx701, gfx803, gfx900 */
} inst_t;

static const inst_t DS_READ2 = {"ds_read2_b32 v[2:3], v0 offset1:16",
                                {{0xd8dc1000, 0x02000000}, {0xd86e1000, 0x02000000}, {0xd86e1000, 0x02000000}}};
static const inst_t DS_READ2_SELF = {"ds_read2_b32 v[0:1], v0 offset0:2 offset1:32",
                                     {{0xd8dc2002, 0x00000000}, {0xd86e2002, 0x00000000}, {0xd86e2002, 0x00000000}}};
static const inst_t DS_READ64 = {"ds_read_b64 v[2:3], v0 offset:8",
                                 {{0xd9d80008, 0x02000000}, {0xd8ec0008, 0x02000000}, {0xd8ec0008, 0x02000000}}};
static const inst_t DS_WRITE2 = {"ds_write2_b32 v0, v1, v2 offset1:16",
                                 {{0xd8381000, 0x00020100}, {0xd81c1000, 0x00020100}, {0xd81c1000, 0x00020100}}};
static const inst_t DS_WRITE = {"ds_write_b32 v0, v1 offset:4",
                                {{0xd8340004, 0x00000100}, {0xd81a0004, 0x00000100}, {0xd81a0004, 0x00000100}}};
static const inst_t FMA = {"v_fma_f32 v3, v0, v1, v2",
                           {{0xd2960003, 0x040a0300}, {0xd1cb0003, 0x040a0300}, {0xd1cb0003, 0x040a0300}}};
static const inst_t FMA_ACC = {"v_fma_f32 v2, v0, v1, v2",
                               {{0xd2960002, 0x040a0300}, {0xd1cb0002, 0x040a0300}, {0xd1cb0002, 0x040a0300}}};
static const inst_t FMA_SGPR = {"v_fma_f32 v3, v0, s4, v2",
                                {{0xd2960003, 0x04080900}, {0xd1cb0003, 0x04080900}, {0xd1cb0003, 0x04080900}}};
static const inst_t FLAT_LOAD = {"flat_load_dword v2, v[0:1]",
                                 {{0xdc300000, 0x02000000}, {0xdc500000, 0x02000000}, {0xdc500000, 0x02000000}}};
static const inst_t FLAT_STORE = {"flat_store_dword v[0:1], v2",
                                  {{0xdc700000, 0x00000200}, {0xdc700000, 0x00000200}, {0xdc700000, 0x00000200}}};

/* 64-bit shifts: the value in v[2:3], the count in v0 (or s6); gfx7
 * names them v_lshl_b64/v_ashr_i64 with the operands the other way round */
static const inst_t SHL64 = {"v_lshlrev_b64 v[4:5], v0, v[2:3]",
                             {{0xd2c20004, 0x00020102}, {0xd28f0004, 0x00020500}, {0xd28f0004, 0x00020500}}};
static const inst_t SAR64 = {"v_ashrrev_i64 v[4:5], v0, v[2:3]",
                             {{0xd2c60004, 0x00020102}, {0xd2910004, 0x00020500}, {0xd2910004, 0x00020500}}};
static const inst_t SHL64_S = {"v_lshlrev_b64 v[4:5], s6, v[2:3]",
                               {{0xd2c20004, 0x00000d02}, {0xd28f0004, 0x00020406}, {0xd28f0004, 0x00020406}}};
static const inst_t SHL64_SELF = {"v_lshlrev_b64 v[2:3], v0, v[2:3]",
                                  {{0xd2c20002, 0x00020102}, {0xd28f0002, 0x00020500}, {0xd28f0002, 0x00020500}}};

static semtest_t S;

static uint8_t pat(uint32_t i)
{
    return (uint8_t)((i * 29 + 3) ^ (i >> 7));
}

static void fresh(int g)
{
    semtest_free(&S);
    semtest_init(&S, TARGET[g], 8);
    S.w.sgpr[SREG_M0] = 0xffffffffu;
    for (uint32_t i = 0; i < sizeof S.lds; i++)
        S.lds[i] = pat(i);
}

static void set_exec(uint64_t e)
{
    S.w.sgpr[SREG_EXEC_LO] = (uint32_t)e;
    S.w.sgpr[SREG_EXEC_HI] = (uint32_t)(e >> 32);
}

/* Run one instruction; fx: with the effects record (cleared). */
static void run(const inst_t *in, int g, int fx)
{
    uint32_t code[3] = {in->w[g][0], in->w[g][1], 0xbf810000};
    free(S.code);
    S.code = NULL;
    semtest_load(&S, code, 3);
    S.w.state = WAVE_RUN;
    S.w.fx = fx ? &S.fx : NULL;
    S.fx.nm = S.fx.nacc = S.fx.nv = S.fx.ns = 0;
    S.fx.overflow = 0;
    semtest_step(&S, 1);
}

/* ---- DS ------------------------------------------------------------------ */

static uint32_t a_cons(unsigned l) { return 512 + 4 * l; }
static uint32_t a_rows(unsigned l) { return 1024 + 256 * (l / 16); }
static uint32_t a_gemm(unsigned l) { return 4 * (l % 16) + 64 * (l / 16); }
static uint32_t a_perm(unsigned l) { return 4 * ((l * 37 + 11) % 64) + 2048; }
static uint32_t a_mixed(unsigned l)
{
    unsigned r = l / 16, i = l % 16;
    return r == 0 ? 4 * i : r == 1 ? 4000 : r == 2 ? 4 * ((i * 7) % 16) + 8000 : 60000 + 4 * i;
}
static uint32_t a_unal(unsigned l) { return 3 + 4 * l; }                 /* gfx9 only: unaligned is legal */
static uint32_t a_oob(unsigned l) { return l == 37 ? 65532 : 4 * l; }    /* lane 37's second dword is out */

typedef struct {
    const char *name;
    uint32_t (*addr)(unsigned l);
    int gfx9_only;
} pattern_t;

static uint32_t a_bcast(unsigned l) { (void)l; return 400; }
static uint32_t a_stride2(unsigned l) { return 1024 + 8 * l; }                 /* a run of 2-dword lanes */
static uint32_t a_span32(unsigned l) { return 4096 + 4 * ((l * 5) % 32); }    /* 32 dwords, every bank */
static uint32_t a_span33(unsigned l) { return 4096 + 4 * ((l * 5) % 33); }    /* 33 dwords: one bank twice */
static uint32_t a_down(unsigned l) { return 8192 - 4 * l; }                    /* descending */
static uint32_t a_unal_span(unsigned l) { return 1 + 4 * ((l * 7) % 31) + (l & 2); }   /* gfx9: unaligned in 32 dwords */

static const pattern_t PATTERNS[] = {
    {"consecutive", a_cons, 0},
    {"one address per row", a_rows, 0},
    {"GEMM tile rows", a_gemm, 0},
    {"permuted", a_perm, 0},
    {"mixed rows", a_mixed, 0},
    {"unaligned", a_unal, 1},
    {"one lane out of range", a_oob, 0},
    {"broadcast", a_bcast, 0},
    {"two-dword stride", a_stride2, 0},
    {"within 32 dwords", a_span32, 0},
    {"over 33 dwords", a_span33, 0},
    {"descending", a_down, 0},
    {"unaligned within 32 dwords", a_unal_span, 1},
};

static unsigned npat_lds_free, npat_lds_other;   /* entries that came with FX_PAT_LDS_FREE, _OTHER */

/* An entry's pattern fact: FX_PAT_LDS_FREE when its definition holds,
 * FX_PAT_LDS_OTHER when not, and mt_lds_cycles the same with and without
 * it. */
static int check_pat(const fx_access_t *a)
{
    if (!a->pat)
        return 1;
    fx_access_t b = *a;
    b.pat = 0;
    unsigned ia, ib, ca = mt_lds_cycles(a, &ia), cb = mt_lds_cycles(&b, &ib);
    npat_lds_free += a->pat == FX_PAT_LDS_FREE;
    npat_lds_other += a->pat == FX_PAT_LDS_OTHER;
    return (a->pat == FX_PAT_LDS_FREE) == lds_free_rule(a) && (a->pat == FX_PAT_LDS_OTHER) == !lds_free_rule(a) &&
           ca == cb && ia == ib;
}
static const uint64_t EXECS[] = {~0ull, 0x00ff00ff0f0f1234ull, 0};

static uint32_t lds_dword(const uint8_t *m, uint32_t a)
{
    if ((uint64_t)a + 4 > 65536)
        return 0;
    return m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

/* The effects record of an LDS access of nparts address sets at addr[l] +
 * off[part] of bytes each, as the general path defines it. */
static int check_acc(uint64_t exec, const uint32_t *addr, const uint32_t *off, unsigned nparts, unsigned bytes,
                     int write, uint64_t oob)
{
    if (!exec)
        return S.fx.nacc == 0;
    if (S.fx.nacc != nparts || S.fx.overflow)
        return 0;
    for (unsigned p = 0; p < nparts; p++) {
        const fx_access_t *a = &S.fx.acc[p];
        if (a->space != FX_SPACE_LDS || a->write != write || a->bytes != bytes || a->mask != exec || a->oob != oob)
            return 0;
        for (unsigned l = 0; l < 64; l++)
            if ((exec >> l & 1) && a->addr[l] != (uint32_t)(addr[l] + off[p]))
                return 0;
        if (!check_pat(a))
            return 0;
    }
    return 1;
}

static void test_ds_reads(int g)
{
    for (size_t p = 0; p < sizeof PATTERNS / sizeof PATTERNS[0]; p++) {
        if (PATTERNS[p].gfx9_only && g != G9)
            continue;
        for (size_t e = 0; e < sizeof EXECS / sizeof EXECS[0]; e++)
            for (int fx = 0; fx < 2; fx++) {
                uint64_t exec = EXECS[e];
                const inst_t *ins[] = {&DS_READ2, &DS_READ2_SELF, &DS_READ64};
                const uint32_t offs[][2] = {{0, 64}, {8, 128}, {8, 12}};
                for (int k = 0; k < 3; k++) {
                    fresh(g);
                    uint32_t addr[64], want[2][64], old[4][64];
                    uint64_t oob = 0;
                    for (unsigned l = 0; l < 64; l++) {
                        addr[l] = PATTERNS[p].addr(l);
                        S.w.vgpr[0][l] = addr[l];
                        for (unsigned v = 1; v < 4; v++)
                            S.w.vgpr[v][l] = 0xdead0000u + 256 * v + l;
                        for (unsigned d = 0; d < 2; d++) {
                            uint32_t a = addr[l] + offs[k][d];
                            want[d][l] = lds_dword(S.lds, a);
                            if ((exec >> l & 1) && (uint64_t)a + 4 > 65536)
                                oob |= 1ull << l;
                        }
                    }
                    for (unsigned v = 0; v < 4; v++)
                        memcpy(old[v], S.w.vgpr[v], sizeof old[v]);
                    set_exec(exec);
                    run(ins[k], g, fx);
                    unsigned d0 = k == 1 ? 0 : 2;
                    int misaligned = 0;   /* ds_read_b64 on gfx7/8 needs 8-byte alignment: a fault */
                    for (unsigned l = 0; l < 64; l++)
                        misaligned |= k == 2 && g != G9 && (exec >> l & 1) && ((addr[l] + offs[k][0]) & 7);
                    if (misaligned) {
                        CHECK(S.w.state == WAVE_FAULT && S.w.fault.kind == FAULT_MISALIGNED,
                              "%s: %s, %s addresses, exec %016llx%s: a misalignment fault", TARGET[g], ins[k]->text,
                              PATTERNS[p].name, (unsigned long long)exec, fx ? ", recording" : "");
                        continue;
                    }
                    int ok = S.w.state != WAVE_FAULT;
                    for (unsigned l = 0; l < 64 && ok; l++)
                        for (unsigned d = 0; d < 2; d++)
                            ok &= S.w.vgpr[d0 + d][l] == ((exec >> l & 1) ? want[d][l] : old[d0 + d][l]);
                    CHECK(ok, "%s: %s, %s addresses, exec %016llx%s: the loaded dwords", TARGET[g], ins[k]->text,
                          PATTERNS[p].name, (unsigned long long)exec, fx ? ", recording" : "");
                    if (fx) {
                        /* ds_read_b64 is one access of 8 bytes, read2 two of 4 */
                        uint32_t off1[1] = {offs[k][0]};
                        int acc = k == 2 ? check_acc(exec, addr, off1, 1, 8, 0, oob)
                                         : check_acc(exec, addr, offs[k], 2, 4, 0, oob);
                        CHECK(acc, "%s: %s, %s addresses, exec %016llx: the access lists of the effects record",
                              TARGET[g], ins[k]->text, PATTERNS[p].name, (unsigned long long)exec);
                        int vlog = exec ? S.fx.nv == 2 && S.fx.v[0].reg == d0 && S.fx.v[0].mask == exec &&
                                              memcmp(S.fx.v[0].old, old[d0], sizeof old[d0]) == 0
                                        : 1;
                        CHECK(vlog, "%s: %s, %s addresses, exec %016llx: the VGPR writes in the effects record",
                              TARGET[g], ins[k]->text, PATTERNS[p].name, (unsigned long long)exec);
                    }
                }
            }
    }
}

/* One logged memory write of the expectation. */
typedef struct {
    uint64_t addr;
    uint32_t old;
} wlog_t;

static void test_ds_writes(int g)
{
    static uint8_t want[65536];
    for (size_t p = 0; p < sizeof PATTERNS / sizeof PATTERNS[0]; p++) {
        if (PATTERNS[p].gfx9_only && g != G9)
            continue;
        for (size_t e = 0; e < sizeof EXECS / sizeof EXECS[0]; e++)
            for (int fx = 0; fx < 2; fx++)
                for (int k = 0; k < 2; k++) {
                    uint64_t exec = EXECS[e];
                    const inst_t *in = k ? &DS_WRITE : &DS_WRITE2;
                    uint32_t off[2] = {k ? 4u : 0u, 64}, addr[64];
                    unsigned nparts = k ? 1 : 2;
                    fresh(g);
                    memcpy(want, S.lds, sizeof want);
                    wlog_t log[128];
                    unsigned nlog = 0;
                    uint64_t oob = 0;
                    for (unsigned l = 0; l < 64; l++) {
                        addr[l] = PATTERNS[p].addr(l);
                        S.w.vgpr[0][l] = addr[l];
                        S.w.vgpr[1][l] = 0x11110000u + l;
                        S.w.vgpr[2][l] = 0x22220000u + l;
                    }
                    /* element by element, lanes in order: a later lane wins */
                    for (unsigned d = 0; d < nparts; d++)
                        for (unsigned l = 0; l < 64; l++) {
                            uint32_t a = addr[l] + off[d];
                            if (!(exec >> l & 1))
                                continue;
                            if ((uint64_t)a + 4 > 65536) {
                                oob |= 1ull << l;
                                continue;
                            }
                            if ((a & 3) == 0)   /* the logged dword's old value (unaligned: two dwords) */
                                log[nlog++] = (wlog_t){a, lds_dword(want, a)};
                            else
                                nlog = 1000;    /* not compared entry by entry */
                            for (unsigned b = 0; b < 4; b++)
                                want[a + b] = (uint8_t)(S.w.vgpr[1 + d][l] >> 8 * b);
                        }
                    set_exec(exec);
                    run(in, g, fx);
                    CHECK(S.w.state != WAVE_FAULT && memcmp(S.lds, want, sizeof want) == 0,
                          "%s: %s, %s addresses, exec %016llx%s: LDS afterwards", TARGET[g], in->text,
                          PATTERNS[p].name, (unsigned long long)exec, fx ? ", recording" : "");
                    if (!fx)
                        continue;
                    CHECK(check_acc(exec, addr, off, nparts, 4, 1, oob),
                          "%s: %s, %s addresses, exec %016llx: the access lists of the effects record", TARGET[g],
                          in->text, PATTERNS[p].name, (unsigned long long)exec);
                    if (nlog <= 128) {
                        int ok = S.fx.nm == nlog;
                        for (unsigned i = 0; i < nlog && ok; i++)
                            ok = S.fx.m[i].addr == log[i].addr && S.fx.m[i].old == log[i].old &&
                                 S.fx.m[i].space == FX_SPACE_LDS;
                        CHECK(ok, "%s: %s, %s addresses, exec %016llx: the logged writes (order, old values)",
                              TARGET[g], in->text, PATTERNS[p].name, (unsigned long long)exec);
                    }
                }
    }
}

/* ---- FLAT ---------------------------------------------------------------- */

/* Byte offsets of lane l in the FLAT tests' buffer: permuted dwords;
 * consecutive dwords per 16-lane row, the rows apart; rows 0 and 2 on the
 * same dwords (stores: the later lane wins); consecutive but the last row
 * ending past the buffer's first 1 KiB (still inside). */
static uint32_t f_perm(unsigned l) { return 4 * ((l * 13 + 5) % 64) + 16; }
static uint32_t f_rows(unsigned l) { return 4 * (l % 16) + 100 * (l / 16) * 4 + 8; }
static uint32_t f_overlap(unsigned l) { return 4 * (l % 16) + ((l / 16) % 2) * 512; }
static uint32_t f_cons(unsigned l) { return 4 * l + 764; }

static const struct {
    const char *name;
    uint32_t (*off)(unsigned l);
} FLAT_PATTERNS[] = {{"permuted", f_perm}, {"consecutive rows", f_rows}, {"overlapping rows", f_overlap},
                     {"consecutive", f_cons}};

static uint32_t get32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void test_flat(int g)
{
    enum { N = 2048 };
    static uint8_t buf[N], want[2][N];
    for (unsigned i = 0; i < N; i++)
        buf[i] = pat(i * 3);
    for (size_t p = 0; p < sizeof FLAT_PATTERNS / sizeof FLAT_PATTERNS[0]; p++)
        for (int two = 0; two < 2; two++)
            for (size_t e = 0; e < 2; e++)
                for (int fx = 0; fx < 2; fx++)
                    for (int st = 0; st < 2; st++) {
                        uint64_t exec = EXECS[e];
                        fresh(g);
                        uint64_t b[2] = {semtest_buffer(&S, buf, N), semtest_buffer(&S, buf, N)}, addr[64];
                        uint32_t wantv[64];
                        wlog_t log[64];
                        unsigned nlog = 0;
                        memcpy(want[0], buf, N);
                        memcpy(want[1], buf, N);
                        for (unsigned l = 0; l < 64; l++) {
                            /* odd lanes in a second allocation with two */
                            unsigned which = two && (l & 1);
                            uint32_t o = FLAT_PATTERNS[p].off(l);
                            addr[l] = b[which] + o;
                            S.w.vgpr[0][l] = (uint32_t)addr[l];
                            S.w.vgpr[1][l] = (uint32_t)(addr[l] >> 32);
                            S.w.vgpr[2][l] = 0x5a5a0000u + l;
                            wantv[l] = (exec >> l & 1) && !st ? get32(buf + o) : 0x5a5a0000u + l;
                            if (st && (exec >> l & 1)) {   /* lanes in order */
                                log[nlog++] = (wlog_t){addr[l], get32(want[which] + o)};
                                for (unsigned k = 0; k < 4; k++)
                                    want[which][o + k] = (uint8_t)((0x5a5a0000u + l) >> 8 * k);
                            }
                        }
                        set_exec(exec);
                        const inst_t *in = st ? &FLAT_STORE : &FLAT_LOAD;
                        run(in, g, fx);
                        int ok = S.w.state != WAVE_FAULT;
                        if (st) {
                            uint8_t got[N];
                            for (unsigned i = 0; i < 2 && ok; i++)
                                ok = mem_read(&S.mem, b[i], got, N) == 0 && memcmp(got, want[i], N) == 0;
                        } else
                            ok &= memcmp(S.w.vgpr[2], wantv, sizeof wantv) == 0;
                        const char *where = two ? "two allocations" : "one allocation";
                        CHECK(ok, "%s: %s, %s, %s, exec %016llx%s: the %s", TARGET[g], in->text,
                              FLAT_PATTERNS[p].name, where, (unsigned long long)exec, fx ? ", recording" : "",
                              st ? "memory afterwards" : "loaded dwords");
                        if (!fx)
                            continue;
                        const fx_access_t *a = &S.fx.acc[0];
                        ok = S.fx.nacc == 1 && a->space == FX_SPACE_GLOBAL && a->write == st && a->bytes == 4 &&
                             a->mask == exec && a->oob == 0;
                        for (unsigned l = 0; l < 64 && ok; l++)
                            ok = !(exec >> l & 1) || a->addr[l] == addr[l];
                        CHECK(ok, "%s: %s, %s, %s, exec %016llx: the access list of the effects record", TARGET[g],
                              in->text, FLAT_PATTERNS[p].name, where, (unsigned long long)exec);
                        if (st) {
                            ok = S.fx.nm == nlog;
                            for (unsigned i = 0; i < nlog && ok; i++)
                                ok = S.fx.m[i].addr == log[i].addr && S.fx.m[i].old == log[i].old &&
                                     S.fx.m[i].space == FX_SPACE_GLOBAL;
                            CHECK(ok, "%s: %s, %s, %s, exec %016llx: the logged writes (order, old values)",
                                  TARGET[g], in->text, FLAT_PATTERNS[p].name, where, (unsigned long long)exec);
                        }
                    }
}

/* ---- v_fma_f32 ----------------------------------------------------------- */

static uint32_t bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float flt(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static int isnan32(uint32_t x)
{
    return (x & 0x7fffffffu) > 0x7f800000u;
}

static uint32_t flush(uint32_t x, int keep)
{
    return keep || (x & 0x7f800000u) ? x : x & 0x80000000u;
}

/* a * b + c as the x86 FMA the simulator runs on computes it, with MODE's
 * denormal setting: inputs flushed unless bit 0, the result unless bit 1;
 * with NaN operands the first NaN of a, b, c, quieted (signalling or not);
 * an invalid operation gives the default NaN. */
static uint32_t fma_want(uint32_t a, uint32_t b, uint32_t c, unsigned denorm)
{
    a = flush(a, denorm & 1), b = flush(b, denorm & 1), c = flush(c, denorm & 1);
    const uint32_t order[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (isnan32(order[i]))
            return order[i] | 0x400000u;
    uint32_t r = bits(fmaf(flt(a), flt(b), flt(c)));
    if (isnan32(r))
        r = 0xffc00000u;
    return flush(r, denorm & 2);
}

static const uint32_t SPECIAL[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
    0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0xff812345,
    0x7f7fffff, 0x00400000, 0x3f000001, 0x1f800000, 0x20000000, 0xa0000000, 0x0c000000, 0x33800000,
};

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
    return *s;
}

static void fma_inputs(uint32_t seed)
{
    uint32_t st = seed * 2654435761u + 1;
    unsigned ns = sizeof SPECIAL / sizeof SPECIAL[0];
    for (unsigned v = 0; v < 3; v++)
        for (unsigned l = 0; l < 64; l++) {
            uint32_t r = rnd(&st);
            /* mostly specials, some products that land near the denormal range */
            S.w.vgpr[v][l] = r % 3 ? SPECIAL[(r >> 8) % ns] : (r & 0x8fffffffu) | ((r >> 4) & 1 ? 0x10000000u : 0);
        }
    S.w.sgpr[4] = SPECIAL[seed % ns];
}

static void test_fma(int g)
{
    const inst_t *ins[] = {&FMA, &FMA_ACC, &FMA_SGPR};
    for (unsigned denorm = 0; denorm < 4; denorm++)
        for (int k = 0; k < 3; k++)
            for (int path = 0; path < 4; path++)   /* fast, recording, partial EXEC, general (index mode) */
                for (uint32_t seed = 1; seed <= 4; seed++) {
                    fresh(g);
                    S.w.hwreg[1] = (S.w.hwreg[1] & ~0xf0u) | denorm << 4 | denorm << 6;
                    fma_inputs(seed + 16 * (unsigned)k);
                    uint64_t exec = path == 2 ? 0x0123456789abcdefull : ~0ull;
                    if (path == 3) {   /* VGPR index mode on, no operand enabled: the general path */
                        S.w.hwreg[1] |= 1u << 27;
                        S.w.sgpr[SREG_M0] = 5;
                    }
                    uint32_t want[64], before[64];
                    unsigned dst = k == 1 ? 2 : 3;
                    memcpy(before, S.w.vgpr[dst], sizeof before);
                    for (unsigned l = 0; l < 64; l++) {
                        uint32_t b = k == 2 ? S.w.sgpr[4] : S.w.vgpr[1][l];
                        want[l] = (exec >> l & 1) ? fma_want(S.w.vgpr[0][l], b, S.w.vgpr[2][l], denorm) : before[l];
                    }
                    set_exec(exec);
                    run(ins[k], g, path == 1);
                    int bad = -1;
                    for (unsigned l = 0; l < 64 && bad < 0; l++)
                        if (S.w.vgpr[dst][l] != want[l])
                            bad = (int)l;
                    static const char *const how[] = {"", ", recording", ", partial EXEC", ", general path"};
                    CHECK(bad < 0 && S.w.state != WAVE_FAULT, "%s: %s, MODE denormals %u%s, inputs %u", TARGET[g],
                          ins[k]->text, denorm, how[path], seed);
                    if (bad >= 0)
                        printf("      lane %d: got 0x%08x want 0x%08x (a 0x%08x b 0x%08x c 0x%08x)\n", bad,
                               S.w.vgpr[dst][bad], want[bad], S.w.vgpr[0][bad],
                               k == 2 ? S.w.sgpr[4] : S.w.vgpr[1][bad], k == 1 ? before[bad] : S.w.vgpr[2][bad]);
                    if (path == 1)
                        CHECK(S.fx.nv == 1 && S.fx.v[0].reg == dst && S.fx.v[0].mask == exec &&
                                  memcmp(S.fx.v[0].old, before, sizeof before) == 0,
                              "%s: %s, MODE denormals %u: the effects record lists the write", TARGET[g],
                              ins[k]->text, denorm);
                }
}

/* ---- 64-bit shifts -------------------------------------------------------- */

static void test_shift64(int g)
{
    const inst_t *ins[] = {&SHL64, &SAR64, &SHL64_S, &SHL64_SELF};
    static const char *const how[] = {"", ", recording", ", partial EXEC", ", general path"};
    for (int k = 0; k < 4; k++)
        for (int path = 0; path < 4; path++) {
            fresh(g);
            uint32_t st = 12345u + 77u * (unsigned)k;
            for (unsigned l = 0; l < 64; l++) {
                S.w.vgpr[0][l] = rnd(&st);   /* counts: only bits 5:0 count */
                S.w.vgpr[2][l] = rnd(&st);
                S.w.vgpr[3][l] = l & 1 ? rnd(&st) | 0x80000000u : rnd(&st);
                S.w.vgpr[4][l] = S.w.vgpr[5][l] = 0xdeadbeefu;
            }
            S.w.sgpr[6] = 0x2a + 0x100u * (unsigned)k;
            uint64_t exec = path == 2 ? 0x0123456789abcdefull : ~0ull;
            if (path == 3) {
                S.w.hwreg[1] |= 1u << 27;
                S.w.sgpr[SREG_M0] = 5;
            }
            unsigned dst = k == 3 ? 2 : 4;
            uint32_t want[2][64], before[2][64];
            memcpy(before[0], S.w.vgpr[dst], sizeof before[0]);
            memcpy(before[1], S.w.vgpr[dst + 1], sizeof before[1]);
            for (unsigned l = 0; l < 64; l++) {
                uint64_t x = (uint64_t)S.w.vgpr[3][l] << 32 | S.w.vgpr[2][l];
                unsigned n = (k == 2 ? S.w.sgpr[6] : S.w.vgpr[0][l]) & 63;
                uint64_t r = k == 1 ? (uint64_t)((int64_t)x >> n) : x << n;
                int on = exec >> l & 1;
                want[0][l] = on ? (uint32_t)r : before[0][l];
                want[1][l] = on ? (uint32_t)(r >> 32) : before[1][l];
            }
            set_exec(exec);
            run(ins[k], g, path == 1);
            int ok = S.w.state != WAVE_FAULT && memcmp(S.w.vgpr[dst], want[0], sizeof want[0]) == 0 &&
                     memcmp(S.w.vgpr[dst + 1], want[1], sizeof want[1]) == 0;
            CHECK(ok, "%s: %s%s: the result", TARGET[g], ins[k]->text, how[path]);
            if (path == 1)
                CHECK(S.fx.nv == 2 && S.fx.v[0].reg == dst && S.fx.v[1].reg == dst + 1 && S.fx.v[0].mask == exec &&
                          memcmp(S.fx.v[0].old, before[0], sizeof before[0]) == 0 &&
                          memcmp(S.fx.v[1].old, before[1], sizeof before[1]) == 0,
                      "%s: %s: the effects record lists both writes", TARGET[g], ins[k]->text);
        }
}

int main(void)
{
    semtest_init(&S, "gfx900", 8);
    for (int g = G7; g <= G9; g++) {
        test_ds_reads(g);
        test_ds_writes(g);
        test_flat(g);
        test_fma(g);
        test_shift64(g);
    }
    /* the DS fast paths proved some of the patterns conflict-free */
    CHECK(npat_lds_free > 0 && npat_lds_other > 0, "entries with FX_PAT_LDS_FREE: %u, with FX_PAT_LDS_OTHER: %u",
          npat_lds_free, npat_lds_other);
    semtest_free(&S);
    return check_done();
}
