/* test_trace_pred.c — the trace value predictor (front/trace/trace_pred.h) on
 * hand-made gfx900 records: its values against host arithmetic and LDS
 * contents the test itself keeps, refusals when a source is unknown, fills
 * from a writer's earlier chunks, and a trace of 70,000 predicted records
 * (more than one chunk) written and read back value for value.  The
 * encodings come from llvm-mc-15 -mcpu=gfx900 -show-encoding. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/trace/trace.h"
#include "front/trace/trace_code.h"
#include "front/trace/trace_pred.h"
#include "tests/unit/check.h"

static const uint32_t FMA[2] = {0xd1cb0002, 0x049a5327};     /* v_fma_f32 v2, v39, v41, v38 */
static const uint32_t READ2[2] = {0xd86e1000, 0x27000019};   /* ds_read2_b32 v[39:40], v25 offset1:16 */
static const uint32_t WRITE[2] = {0xd81a0100, 0x00001119};   /* ds_write_b32 v25, v17 offset:256 */
static const uint32_t ADD = 0x680a0903;                      /* v_add_u32_e32 v5, v3, v4 */
static const uint32_t CND = 0x000c0903;                      /* v_cndmask_b32_e32 v6, v3, v4, vcc */
static const uint32_t MOV1 = 0x7e0e02f2;                     /* v_mov_b32_e32 v7, 1.0 */

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t rnd32(void)
{
    return (uint32_t)check_xorshift(&rng);
}

static float rndf(void)
{
    return (float)((int32_t)rnd32()) / 2147483648.0f;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* A record of wave 0 in work-group 0 at pc running the given encoding. */
static void rec_init(trace_rec_t *r, uint64_t pc, const uint32_t *dw, unsigned ndw)
{
    memset(r, 0, sizeof *r);
    r->pc = pc;
    r->exec = ~0ull;
    r->ndw = (uint8_t)ndw;
    memcpy(r->dw, dw, 4 * ndw);
}

/* Add a full-row write of VGPR reg. */
static void rec_vreg(trace_rec_t *r, unsigned reg, const uint32_t val[64])
{
    trace_vreg_t *v = &r->v[r->nv++];
    v->reg = (uint16_t)reg;
    v->mask = ~0ull;
    memcpy(v->val, val, sizeof v->val);
}

/* A record that only writes VGPR reg (a load the predictor cannot know). */
static void learn(tp_state_t *p, unsigned reg, const uint32_t val[64])
{
    static const uint32_t nop = 0xbf800000;   /* s_nop 0: not predictable, writes what the record says */
    trace_rec_t r;
    rec_init(&r, 0x100, &nop, 1);
    rec_vreg(&r, reg, val);
    tp_update(p, &r);
}

static void test_fma(void)
{
    tp_state_t *p = tp_new(isa_target_by_name("gfx900"), NULL, 0);
    uint32_t a[64], b[64], c[64], want[64], got[64];
    for (unsigned l = 0; l < 64; l++)
        a[l] = fbits(rndf()), b[l] = fbits(rndf()), c[l] = fbits(rndf()),
        want[l] = fbits(fmaf(bitsf(a[l]), bitsf(b[l]), bitsf(c[l])));
    trace_rec_t r;
    rec_init(&r, 0x200, FMA, 2);
    rec_vreg(&r, 2, want);
    CHECK(!tp_predict(p, &r, 0, got), "predictor: v_fma_f32 with no source known is not predicted");
    learn(p, 39, a), learn(p, 41, b);
    CHECK(!tp_predict(p, &r, 0, got), "predictor: v_fma_f32 with v38 unknown is not predicted");
    learn(p, 38, c);
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, want, sizeof got),
          "predictor: v_fma_f32 v2, v39, v41, v38 equals the host's fmaf on all 64 lanes");
    tp_reset(p);
    CHECK(!tp_predict(p, &r, 0, got), "predictor: nothing is known after tp_reset (a new chunk)");
    tp_free(p);
}

static void test_int_and_select(void)
{
    tp_state_t *p = tp_new(isa_target_by_name("gfx900"), NULL, 0);
    uint32_t x[64], y[64], got[64], sum[64], sel[64], one[64];
    for (unsigned l = 0; l < 64; l++)
        x[l] = rnd32(), y[l] = rnd32(), sum[l] = x[l] + y[l], one[l] = 0x3f800000;
    learn(p, 3, x), learn(p, 4, y);
    trace_rec_t r;
    rec_init(&r, 0x300, &ADD, 1);
    rec_vreg(&r, 5, sum);
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, sum, sizeof got), "predictor: v_add_u32 v5, v3, v4");
    uint64_t vcc = ((uint64_t)rnd32() << 32) | rnd32();
    for (unsigned l = 0; l < 64; l++)
        sel[l] = vcc >> l & 1 ? y[l] : x[l];
    rec_init(&r, 0x304, &CND, 1);
    rec_vreg(&r, 6, sel);
    CHECK(!tp_predict(p, &r, 0, got), "predictor: v_cndmask_b32 with VCC unknown is not predicted");
    trace_rec_t s;
    static const uint32_t nop = 0xbf800000;
    rec_init(&s, 0x104, &nop, 1);
    s.ns = 2;
    s.s[0].reg = 106, s.s[0].val = (uint32_t)vcc;
    s.s[1].reg = 107, s.s[1].val = (uint32_t)(vcc >> 32);
    tp_update(p, &s);
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, sel, sizeof got),
          "predictor: v_cndmask_b32 v6, v3, v4, vcc selects by the VCC the records wrote");
    rec_init(&r, 0x308, &MOV1, 1);
    rec_vreg(&r, 7, one);
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, one, sizeof got),
          "predictor: v_mov_b32 v7, 1.0 gives 0x3f800000");
    tp_free(p);
}

static void test_lds(void)
{
    tp_state_t *p = tp_new(isa_target_by_name("gfx900"), NULL, 0);
    uint32_t addr[64], data[64], lo[64], hi[64], got[64], lds[1024] = {0};
    for (unsigned l = 0; l < 64; l++)
        addr[l] = 16 * ((l * 37) % 64), data[l] = rnd32();   /* scattered, distinct, dword aligned */
    learn(p, 25, addr), learn(p, 17, data);
    /* the store: MEM[v25 + 256] = v17, lane after lane */
    trace_rec_t w;
    rec_init(&w, 0x400, WRITE, 2);
    trace_mem_t m[64], mp[64];
    for (unsigned l = 0; l < 64; l++) {
        m[l].space = FX_SPACE_LDS, m[l].addr = addr[l] + 256, m[l].val = data[l];
        lds[(addr[l] + 256) / 4] = data[l];
    }
    w.m = m, w.nm = 64;
    unsigned n = 0;
    int same = tp_predict_mem(p, &w, mp, 64, &n) && n == 64;
    for (unsigned i = 0; i < n && same; i++)
        same = mp[i].space == m[i].space && mp[i].addr == m[i].addr && mp[i].val == m[i].val;
    CHECK(same, "predictor: ds_write_b32 v25, v17 offset:256 lists each lane's address + 256 and v17, in lane order");
    tp_update(p, &w);
    /* the load v39 = MEM[v25], v40 = MEM[v25 + 64]: only every 4th dword of it was written */
    for (unsigned l = 0; l < 64; l++)
        addr[l] = 256 + 4 * l;
    learn(p, 25, addr);
    trace_rec_t r;
    rec_init(&r, 0x404, READ2, 2);
    for (unsigned l = 0; l < 64; l++)
        lo[l] = lds[addr[l] / 4], hi[l] = lds[(addr[l] + 64) / 4];
    rec_vreg(&r, 39, lo);
    rec_vreg(&r, 40, hi);
    CHECK(!tp_predict(p, &r, 0, got), "predictor: ds_read2_b32 of LDS dwords no record wrote is not predicted");
    /* another store writes the whole window the load reads */
    trace_rec_t fill;
    rec_init(&fill, 0x408, WRITE, 2);
    trace_mem_t all[128];
    for (unsigned i = 0; i < 128; i++) {
        all[i].space = FX_SPACE_LDS, all[i].addr = 256 + 4 * i, all[i].val = rnd32();
        lds[64 + i] = all[i].val;
    }
    fill.m = all, fill.nm = 128;
    tp_update(p, &fill);
    for (unsigned l = 0; l < 64; l++)
        lo[l] = lds[addr[l] / 4], hi[l] = lds[(addr[l] + 64) / 4];
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, lo, sizeof got) && tp_predict(p, &r, 1, got) &&
              !memcmp(got, hi, sizeof got),
          "predictor: ds_read2_b32 v[39:40], v25 offset1:16 reads the dwords the records wrote (v40: 64 bytes on)");
    tp_free(p);
}

static void test_fills(void)
{
    tp_state_t *p = tp_new(isa_target_by_name("gfx900"), NULL, 1);
    uint32_t a[64], b[64], c[64], want[64], got[64];
    for (unsigned l = 0; l < 64; l++)
        a[l] = fbits(rndf()), b[l] = fbits(rndf()), c[l] = fbits(rndf()),
        want[l] = fbits(fmaf(bitsf(a[l]), bitsf(b[l]), bitsf(c[l])));
    learn(p, 39, a), learn(p, 41, b), learn(p, 38, c);
    tp_reset(p);
    trace_rec_t r;
    rec_init(&r, 0x200, FMA, 2);
    rec_vreg(&r, 2, want);
    CHECK(!tp_predict(p, &r, 0, got), "fills: after a new chunk the writer's state predicts nothing either");
    tp_fills_t f;
    tp_fills(p, &r, &f);
    int ok = f.nv == 3 && f.ns == 0 && f.nl == 0;
    for (unsigned i = 0; i < f.nv && ok; i++)
        ok = f.v[i].mask == ~0ull && !memcmp(f.v[i].val, f.v[i].reg == 39 ? a : f.v[i].reg == 41 ? b : c, 256);
    CHECK(ok, "fills: the writer's state offers v39, v41 and v38 from the earlier chunk, all lanes");
    tp_state_t *reader = tp_new(isa_target_by_name("gfx900"), NULL, 0);
    for (unsigned i = 0; i < f.nv; i++)
        tp_fill_vreg(p, &r, f.v[i].reg, f.v[i].mask, f.v[i].val),
            tp_fill_vreg(reader, &r, f.v[i].reg, f.v[i].mask, f.v[i].val);
    CHECK(tp_predict(p, &r, 0, got) && !memcmp(got, want, sizeof got) && tp_predict(reader, &r, 0, got) &&
              !memcmp(got, want, sizeof got),
          "fills: with them, a writer and a fresh reader both predict the FMA");
    tp_free(reader);
    tp_free(p);
}

/* 70,000 records of FMA chains (every value predictable once its sources
 * have been seen), written and read back. */
static void test_round_trip(void)
{
    char path[] = "/tmp/gcnsim-pred-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        CHECK(0, "round trip: a temporary file");
        return;
    }
    close(fd);
    trace_header_t h = {0};
    strcpy(h.target, "gfx900");
    strcpy(h.version, "test");
    strcpy(h.kernel, "fma_chain");
    h.options = "";
    char err[512] = "";
    trace_writer_t *tw = trace_write_open(path, &h, err, sizeof err);
    CHECK(tw != NULL, "round trip: writer opened (%s)", err);
    if (!tw)
        return;
    enum { N = 70000 };
    uint32_t a[64], b[64], acc[64];
    for (unsigned l = 0; l < 64; l++)
        a[l] = fbits(rndf()), b[l] = fbits(rndf()), acc[l] = 0;
    trace_rec_t *recs = calloc(N, sizeof *recs);
    int ok = recs != NULL;
    static const uint32_t nop = 0xbf800000;
    for (unsigned i = 0; i < N && ok; i++) {
        trace_rec_t *r = &recs[i];
        if (i % 1000 < 3) {   /* now and then new sources, coded raw */
            rec_init(r, 0x100 + 4 * (i % 3), &nop, 1);
            for (unsigned l = 0; l < 64; l++)
                (i % 1000 == 0 ? a : i % 1000 == 1 ? b : acc)[l] = fbits(rndf());
            rec_vreg(r, i % 1000 == 0 ? 39 : i % 1000 == 1 ? 41 : 38, i % 1000 == 0 ? a : i % 1000 == 1 ? b : acc);
        } else {   /* v2 = fma(v39, v41, v38); then v38 = v2 by the same instruction's successor */
            rec_init(r, 0x200, FMA, 2);
            for (unsigned l = 0; l < 64; l++)
                acc[l] = fbits(fmaf(bitsf(a[l]), bitsf(b[l]), bitsf(acc[l])));
            rec_vreg(r, 2, acc);
            r->v[0].reg = 2;
            /* the chain feeds back through v38: a second write of the same values */
            trace_vreg_t *v = &r->v[r->nv++];
            v->reg = 38, v->mask = ~0ull;
            memcpy(v->val, acc, sizeof v->val);
        }
        ok = trace_write(tw, r, err, sizeof err) == 0;
    }
    CHECK(ok && trace_write_close(tw, err, sizeof err) == 0, "round trip: 70000 records written (%s)", err);
    trace_reader_t *tr = trace_open(path, err, sizeof err);
    unsigned same = 0;
    trace_rec_t got;
    memset(&got, 0, sizeof got);
    for (unsigned i = 0; tr && i < N; i++) {
        if (trace_next(tr, &got, err, sizeof err) != 1)
            break;
        const trace_rec_t *w = &recs[i];
        int eq = got.pc == w->pc && got.nv == w->nv;
        for (unsigned j = 0; eq && j < w->nv; j++)
            eq = got.v[j].reg == w->v[j].reg && got.v[j].mask == w->v[j].mask &&
                 !memcmp(got.v[j].val, w->v[j].val, sizeof got.v[j].val);
        same += eq;
    }
    FILE *fp = fopen(path, "rb");
    long size = 0;
    if (fp && !fseek(fp, 0, SEEK_END))
        size = ftell(fp);
    if (fp)
        fclose(fp);
    CHECK(tr && same == N, "round trip: every record read back equal (%u of %d; %s)", same, N, err);
    CHECK(size > 0 && size < N * 16L,
          "round trip: %ld bytes, %.1f per record: the FMA results are predicted (raw rows would take 512)", size,
          (double)size / N);
    trace_rec_free(&got);
    trace_close(tr);
    free(recs);
    unlink(path);
}

/* Records of many waves interleaved (more than the predictor follows, and
 * over more than one chunk), with work-groups writing LDS: read back value
 * for value. */
static void test_many_waves(void)
{
    char path[] = "/tmp/gcnsim-pred-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        CHECK(0, "many waves: a temporary file");
        return;
    }
    close(fd);
    trace_header_t h = {0};
    strcpy(h.target, "gfx900");
    strcpy(h.version, "test");
    strcpy(h.kernel, "many");
    h.options = "";
    char err[512] = "";
    trace_writer_t *tw = trace_write_open(path, &h, err, sizeof err);
    if (!tw) {
        CHECK(0, "many waves: writer opened (%s)", err);
        return;
    }
    enum { WAVES = 5000, ROUNDS = 16, N = WAVES * ROUNDS };
    static const uint32_t nop = 0xbf800000;
    trace_rec_t *recs = calloc(N, sizeof *recs);
    trace_mem_t *mems = calloc(N, sizeof *mems);
    uint32_t(*acc)[64] = calloc(WAVES, sizeof *acc);
    int ok = recs && mems && acc;
    for (unsigned i = 0; i < N && ok; i++) {
        unsigned wv = (i * 7919u) % WAVES, round = i / WAVES;   /* every wave once per round, scattered */
        trace_rec_t *r = &recs[i];
        if (round < 3) {   /* the sources, raw */
            rec_init(r, 0x100 + 4 * round, &nop, 1);
            uint32_t val[64];
            for (unsigned l = 0; l < 64; l++)
                val[l] = fbits(rndf());
            if (round == 2)
                memcpy(acc[wv], val, sizeof val);
            rec_vreg(r, round == 0 ? 39 : round == 1 ? 41 : 38, val);
        } else {
            rec_init(r, 0x200, FMA, 2);
            /* the same position in rounds 0 and 1 is this wave's (i * 7919 mod WAVES repeats per round) */
            const trace_rec_t *a = &recs[i % WAVES], *b = &recs[WAVES + i % WAVES];
            for (unsigned l = 0; l < 64; l++)
                acc[wv][l] = fbits(fmaf(bitsf(a->v[0].val[l]), bitsf(b->v[0].val[l]), bitsf(acc[wv][l])));
            rec_vreg(r, 2, acc[wv]);
            trace_vreg_t *v = &r->v[r->nv++];
            v->reg = 38, v->mask = ~0ull;
            memcpy(v->val, acc[wv], sizeof v->val);
        }
        r->wave = wv;
        r->wg[0] = wv / 4, r->wg_wave = wv % 4;
        if (round == 1) {   /* and an LDS dword per wave */
            mems[i].space = FX_SPACE_LDS, mems[i].addr = 4 * (wv % 4), mems[i].val = rnd32();
            r->m = &mems[i], r->nm = 1;
        }
        ok = trace_write(tw, r, err, sizeof err) == 0;
    }
    CHECK(ok && trace_write_close(tw, err, sizeof err) == 0, "many waves: %d records of %d waves written (%s)", N,
          WAVES, err);
    trace_reader_t *tr = trace_open(path, err, sizeof err);
    unsigned same = 0;
    trace_rec_t got;
    memset(&got, 0, sizeof got);
    for (unsigned i = 0; tr && ok && i < N; i++) {
        if (trace_next(tr, &got, err, sizeof err) != 1)
            break;
        const trace_rec_t *w = &recs[i];
        int eq = got.pc == w->pc && got.wave == w->wave && got.nv == w->nv && got.nm == w->nm;
        for (unsigned j = 0; eq && j < w->nv; j++)
            eq = got.v[j].reg == w->v[j].reg && !memcmp(got.v[j].val, w->v[j].val, sizeof got.v[j].val);
        for (unsigned j = 0; eq && j < w->nm; j++)
            eq = got.m[j].addr == w->m[j].addr && got.m[j].val == w->m[j].val;
        same += eq;
    }
    CHECK(tr && same == N, "many waves: every record read back equal (%u of %d; %s)", same, N, err);
    trace_rec_free(&got);
    trace_close(tr);
    for (unsigned i = 0; i < N && recs; i++)
        recs[i].m = NULL;
    free(recs), free(mems), free(acc);
    unlink(path);
}

int main(void)
{
    test_fma();
    test_int_and_select();
    test_lds();
    test_fills();
    test_round_trip();
    test_many_waves();
    return check_done();
}
