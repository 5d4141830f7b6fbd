/* trace_code.c — the coding of trace records inside a chunk.
 *
 * A chunk's payload is: u32 LE length of stream A, stream A, stream B.
 * Stream A holds the records' structure and every value a prediction
 * covers; stream B the raw 32-bit values nothing predicts (loaded data,
 * results of arithmetic on it).  The writer compresses A with zlib and
 * stores B (deflate level 0), so that incompressible data costs no
 * compression time.  Varints are LEB128; zz(d) maps a signed difference
 * to unsigned (0, -1, 1, -2 ... -> 0, 1, 2, 3 ...).
 *
 * The context (previous wave, predicted pc, EXEC, the encodings seen by
 * pc, the last 8 VGPR rows written, lanes not written counting as 0, and
 * the predictor's shadow registers and LDS) starts fresh in every chunk.
 *
 * Record, in stream A:
 *   u8 bits      1 new wave, 2 pc not predicted, 4 EXEC changed, 8 extra
 *                byte, 16 SCC written, 32 SCC value, 64 encoding as last
 *                seen at this pc (128: never set)
 *   [1]   launch, wave, wg[0], wg[1], wg[2], wg_wave           varints
 *   [2]   zz(pc - predicted), predicted = previous pc + its length
 *   [!64] u8 ndw (0..3), ndw dwords LE
 *   [4]   u64 LE EXEC (before the instruction)
 *   [8]   u8: bits 0-2 flags, bit 7 hardware registers: nh, then
 *         per register u8 id and varint value
 *   [file in timing mode] zz(issue - previous issue), zz(done - issue)
 *   u8 shape     bits 0-2 ns (7: varint ns follows), bits 3-4 nv (3: varint
 *                nv follows), bit 5 memory writes follow, bit 6 fills follow,
 *                bit 7 the memory writes are the predictor's (tp_predict_mem;
 *                not with bit 5)
 *   ns x         varint reg (operand encoding), varint value
 *   nv x         varint reg, u8 mode: bit 0 lanes = EXEC (else a u64 LE
 *                mask follows), bits 1-2 how the lanes' values are coded:
 *                0 linear: varint a, zz(s), lane l holds a + l * s;
 *                1 a value code per lane, in lane order;
 *                2 every lane raw: the values are the next words of B;
 *                bit 3 (bits 1-2 then 0): every lane holds the value the
 *                predictor (trace_pred.h) gives, and nothing follows
 *   [fills]      (shape bit 6) what the predictor's chunk state lacks and
 *                the record's predictions read: varint nv, per VGPR varint
 *                reg, then its lanes as a VGPR write without bit 3; varint
 *                ns, per SGPR varint reg, varint value; varint nl, per LDS
 *                dword zz(address - the previous one's), its value in B
 *   [mem]        varint runs; per run: u8 space, zz(addr - end of the
 *                previous run), varint dwords, a value code per dword
 * Value code (varint c, with prev the value coded before in the same
 * register or run, 0 at its start, and a lane's history):
 *   c & 3 == 0   prev + unzz(c >> 2)
 *   c & 3 == 1   the lane's value in the (c >> 2)-th most recent VGPR row
 *   c == 2       the next four bytes of stream B
 * Memory dwords take the history of the lanes of EXEC in turn (a store
 * writes lane after lane): the first dword lane 0's ... of EXEC's lanes. */
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace_code.h"

/* ---- file layout -------------------------------------------------------- */

const char tc_magic[8] = {'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E'};
const char tc_index_magic[8] = {'G', 'C', 'N', 'T', 'I', 'N', 'D', 'X'};
const char tc_table_magic[8] = {'G', 'C', 'N', 'T', 'D', 'I', 'S', 'P'};
const uint8_t tc_footer_tail[10] = {3, 0, 0, 0, 0, 0, 0, 0, 0, 0};

void tc_put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

uint64_t tc_get_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << 8 * i;
    return v;
}

void tc_member_header(uint8_t h[TC_GZ_HDR], unsigned kind, uint32_t csize, uint64_t arg)
{
    static const uint8_t fixed[16] = {0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 255, 20, 0, 'G', 'T', 16, 0};
    memcpy(h, fixed, 16);
    h[16] = (uint8_t)kind;
    h[17] = TRACE_FORMAT_VERSION;
    h[18] = h[19] = 0;
    tc_put_le(h + 20, csize, 4);
    tc_put_le(h + 24, arg, 8);
}

/* ---- buffers and cursors ------------------------------------------------ */

int tc_reserve(tc_buf_t *b, size_t more)
{
    if (b->n + more <= b->cap)
        return 0;
    if (b->oom)
        return -1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + more)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

void tc_put(tc_buf_t *b, const void *p, size_t n)
{
    if (n && !tc_reserve(b, n)) {
        memcpy(b->p + b->n, p, n);
        b->n += n;
    }
}

void tc_le(tc_buf_t *b, uint64_t v, unsigned bytes)
{
    uint8_t t[8];
    for (unsigned i = 0; i < bytes; i++)
        t[i] = (uint8_t)(v >> 8 * i);
    tc_put(b, t, bytes);
}

void tc_str(tc_buf_t *b, const char *s)
{
    size_t n = strlen(s);
    tc_var(b, n);
    tc_put(b, s, n);
}

unsigned tc_r_u8(tc_rd_t *r)
{
    if (r->p >= r->end) {
        r->bad = 1;
        return 0;
    }
    return *r->p++;
}

uint64_t tc_r_var(tc_rd_t *r)
{
    uint64_t v = 0;
    for (unsigned s = 0; s < 64; s += 7) {
        if (r->p >= r->end)
            break;
        uint8_t c = *r->p++;
        v |= (uint64_t)(c & 0x7f) << s;
        if (!(c & 0x80))
            return v;
    }
    r->bad = 1;
    return 0;
}

uint64_t tc_r_le(tc_rd_t *r, unsigned bytes)
{
    if ((size_t)(r->end - r->p) < bytes) {
        r->bad = 1;
        r->p = r->end;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)r->p[i] << 8 * i;
    r->p += bytes;
    return v;
}

void tc_r_str(tc_rd_t *r, char *out, size_t cap)
{
    uint64_t n = tc_r_var(r);
    if (r->bad || n >= cap || (uint64_t)(r->end - r->p) < n) {
        r->bad = 1;
        out[0] = 0;
        return;
    }
    memcpy(out, r->p, n);
    out[n] = 0;
    r->p += n;
}

/* ---- values ------------------------------------------------------------- */

static inline uint64_t zz(int64_t d)
{
    return ((uint64_t)d << 1) ^ (uint64_t)(d >> 63);
}

static inline int64_t unzz(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

void tc_reset(tc_ctx_t *c)
{
    tc_buf_t keep = c->tmp;
    tp_state_t *tp = c->tp;
    tp_fills_t *fills = c->fills;
    memset(c, 0, sizeof *c);
    c->tmp = keep;
    c->tp = tp, c->fills = fills;
    if (tp)
        tp_reset(tp);
}

int tc_set_target(tc_ctx_t *c, const char *target, trace_prog_t *prog, int writer)
{
    tp_free(c->tp);
    free(c->fills);
    c->tp = tp_new(isa_target_by_name(target), prog, writer);
    c->fills = writer ? malloc(sizeof *c->fills) : NULL;
    return c->tp && (c->fills || !writer) ? 0 : -1;
}

void tc_free(tc_ctx_t *c)
{
    free(c->tmp.p);
    c->tmp = (tc_buf_t){0};
    tp_free(c->tp);
    free(c->fills);
    c->tp = NULL;
    c->fills = NULL;
}

/* Push a VGPR row (val[] of the lanes of mask; the others count as 0). */
static inline void hist_push(tc_ctx_t *c, const uint32_t val[64], uint64_t mask)
{
    uint32_t *row = c->hist[c->head++ & (TC_HIST - 1)];
    if (mask == ~0ull) {
        memcpy(row, val, 64 * sizeof *row);
        return;
    }
    memset(row, 0, 64 * sizeof *row);
    for (; mask; mask &= mask - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mask);
        row[l] = val[l];
    }
}

/* Lane's value in the j-th most recent row. */
static inline uint32_t hist_get(const tc_ctx_t *c, unsigned lane, unsigned j)
{
    return c->hist[(c->head - 1 - j) & (TC_HIST - 1)][lane];
}

/* A group of at most 64 values to code: a VGPR's lanes, or up to 64
 * dwords of a memory run, each with the lane whose history it may match. */
typedef struct {
    unsigned n;
    int dense;                 /* lane[i] == i for every i (a full VGPR row) */
    uint8_t lane[64];
    uint32_t val[64];
} group_t;

/* How a group's values are coded (a VGPR's mode byte: bits 1-2), and the
 * mode byte's bit for a VGPR whose lanes all hold the predictor's values. */
enum { G_LINEAR, G_CODES, G_RAW, G_PICK };
enum { MODE_PREDICTED = 8 };

/* Whether a group looks unpredictable: 8 values spread over it neither
 * found in the history nor a small step from their neighbour.  The writer
 * then stores it raw without looking further (a choice of the writer: the
 * reader follows the mode it wrote). */
static int group_random(const tc_ctx_t *c, const group_t *g)
{
    if (g->n < 16)
        return 0;
    unsigned step = g->n / 8;
    for (unsigned i = 0; i + 1 < g->n; i += step) {
        uint32_t v = g->val[i], d = g->val[i + 1] - v;
        if (d + 64 < 128)
            return 0;
        for (unsigned j = 0; j < TC_HIST; j++)
            if (c->hist[j][g->lane[i]] == v)
                return 0;
    }
    return 1;
}

/* Which history rows hold each value: m[i] bit j = row j. */
static void group_matches(const tc_ctx_t *c, const group_t *g, uint8_t m[64])
{
    memset(m, 0, 64);
    for (unsigned j = 0; j < TC_HIST; j++) {
        const uint32_t *row = c->hist[(c->head - 1 - j) & (TC_HIST - 1)];
        if (g->dense)
            for (unsigned i = 0; i < 64; i++)
                m[i] |= (uint8_t)((row[i] == g->val[i]) << j);
        else
            for (unsigned i = 0; i < g->n; i++)
                m[i] |= (uint8_t)((row[g->lane[i]] == g->val[i]) << j);
    }
}

/* Two rows j0, j1 that hold every value between them (G_PICK), or -1. */
static int group_pick(const group_t *g, const uint8_t m[64], unsigned *j0, unsigned *j1)
{
    uint8_t all = 0xff;
    for (unsigned i = 0; i < g->n; i++) {
        if (!m[i])
            return -1;
        all &= m[i];
    }
    if (all) {
        *j0 = *j1 = (unsigned)__builtin_ctz(all);
        return 0;
    }
    for (unsigned cand = m[0]; cand; cand &= cand - 1) {
        unsigned j = (unsigned)__builtin_ctz(cand);
        uint8_t rest = 0xff;
        for (unsigned i = 0; i < g->n; i++)
            if (!(m[i] >> j & 1))
                rest &= m[i];
        if (rest) {
            *j0 = j;
            *j1 = (unsigned)__builtin_ctz(rest);
            return 0;
        }
    }
    return -1;
}

/* Per-value codes into a (raw values into b); returns 1 if every value was raw. */
static int group_codes(tc_buf_t *a, tc_buf_t *b, const group_t *g, const uint8_t m[64])
{
    uint8_t out[64 * 3];
    uint32_t raw[64];
    unsigned na = 0, nraw = 0;
    uint32_t prev = 0;
    for (unsigned i = 0; i < g->n; i++) {
        uint32_t v = g->val[i], d = (uint32_t)zz((int32_t)(v - prev));
        prev = v;
        if (d < 32)
            out[na++] = (uint8_t)(d << 2);
        else if (m[i])
            out[na++] = (uint8_t)((unsigned)__builtin_ctz(m[i]) << 2 | 1);
        else if (d < (1u << 19)) {
            for (d <<= 2; d >= 0x80; d >>= 7)
                out[na++] = (uint8_t)(d | 0x80);
            out[na++] = (uint8_t)d;
        } else {
            out[na++] = 2;
            raw[nraw++] = v;
        }
    }
    if (nraw && !tc_reserve(b, 4 * nraw)) {
        uint8_t *p = b->p + b->n;
        for (unsigned i = 0; i < nraw; i++, p += 4)
            p[0] = (uint8_t)raw[i], p[1] = (uint8_t)(raw[i] >> 8), p[2] = (uint8_t)(raw[i] >> 16),
            p[3] = (uint8_t)(raw[i] >> 24);
        b->n += 4 * nraw;
    }
    if (nraw == g->n)
        return 1;
    tc_put(a, out, na);
    return 0;
}

/* Code a group: its bytes for stream A into tmp (the caller writes them
 * after the mode), raw values to b.  Returns the G_* mode. */
static unsigned group_put(tc_buf_t *b, const tc_ctx_t *c, const group_t *g, tc_buf_t *tmp)
{
    uint8_t m[64];
    unsigned j0, j1;
    tmp->n = 0;
    if (group_random(c, g)) {
        if (!tc_reserve(b, 4 * g->n)) {
            uint8_t *p = b->p + b->n;
            for (unsigned i = 0; i < g->n; i++, p += 4)
                tc_put_le(p, g->val[i], 4);
            b->n += 4 * g->n;
        }
        return G_RAW;
    }
    group_matches(c, g, m);
    if (group_pick(g, m, &j0, &j1) == 0) {
        tc_u8(tmp, j0 | j1 << 3);
        if (j0 != j1) {
            uint8_t bits[8] = {0};
            for (unsigned i = 0; i < g->n; i++)
                if (!(m[i] >> j0 & 1))
                    bits[i >> 3] |= (uint8_t)(1u << (i & 7));
            tc_put(tmp, bits, (g->n + 7) / 8);
        }
        return G_PICK;
    }
    return group_codes(tmp, b, g, m) ? G_RAW : G_CODES;
}

/* The lane of exec after lane, cyclically (the lanes memory values take). */
static inline unsigned next_lane(uint64_t exec, unsigned lane)
{
    if (!exec)
        return 0;
    uint64_t above = lane >= 63 ? 0 : exec & (~0ull << (lane + 1));
    return (unsigned)__builtin_ctzll(above ? above : exec);
}

/* ---- encoding ----------------------------------------------------------- */

static int is_linear(const trace_vreg_t *v, uint32_t *a, uint32_t *s)
{
    const uint32_t *val = trace_vreg_vals(v);
    uint64_t m = v->mask;
    unsigned l0 = (unsigned)__builtin_ctzll(m);
    uint64_t rest = m & (m - 1);
    uint32_t st = 0;
    if (rest && (unsigned)__builtin_ctzll(rest) == l0 + 1)
        st = val[l0 + 1] - val[l0];
    uint32_t base = val[l0] - l0 * st;
    if (m == ~0ull) {
        for (unsigned l = 0; l < 64; l++)
            if (val[l] != base + l * st)
                return 0;
    } else
        for (; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (val[l] != base + l * st)
                return 0;
        }
    *a = base;
    *s = st;
    return 1;
}

/* Whether lanes of mask hold the same values in a and b. */
static int lanes_equal(const uint32_t *a, const uint32_t *b, uint64_t mask)
{
    if (mask == ~0ull)
        return !memcmp(a, b, 64 * sizeof *a);
    for (; mask; mask &= mask - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mask);
        if (a[l] != b[l])
            return 0;
    }
    return 1;
}

static void enc_plain(tc_buf_t *a, tc_buf_t *b, tc_ctx_t *c, const trace_vreg_t *v, uint64_t exec, tc_buf_t *tmp);

/* VGPR write i of r; predicted: its lanes all equal the predictor's. */
static void enc_vreg(tc_buf_t *a, tc_buf_t *b, tc_ctx_t *c, const trace_rec_t *r, unsigned i, int predicted,
                     tc_buf_t *tmp)
{
    const trace_vreg_t *v = &r->v[i];
    uint64_t exec = r->exec;
    tc_var(a, v->reg);
    if (predicted) {
        tc_u8(a, (v->mask == exec) | MODE_PREDICTED);
        if (v->mask != exec)
            tc_le(a, v->mask, 8);
        hist_push(c, trace_vreg_vals(v), v->mask);
        return;
    }
    enc_plain(a, b, c, v, exec, tmp);
}

/* A VGPR's lanes without prediction: mode byte, mask, values (pushed to the history). */
static void enc_plain(tc_buf_t *a, tc_buf_t *b, tc_ctx_t *c, const trace_vreg_t *v, uint64_t exec, tc_buf_t *tmp)
{
    const uint32_t *val = trace_vreg_vals(v);
    uint32_t base = 0, st = 0;
    unsigned mode = G_LINEAR;
    if (v->mask && !is_linear(v, &base, &st)) {
        group_t g;
        g.n = 0;
        g.dense = v->mask == ~0ull;
        if (g.dense) {
            g.n = 64;
            memcpy(g.val, val, sizeof g.val);
            for (unsigned l = 0; l < 64; l++)
                g.lane[l] = (uint8_t)l;
        } else
            for (uint64_t m = v->mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                g.lane[g.n] = (uint8_t)l;
                g.val[g.n++] = val[l];
            }
        mode = group_put(b, c, &g, tmp);
    }
    tc_u8(a, (v->mask == exec) | mode << 1);
    if (v->mask != exec)
        tc_le(a, v->mask, 8);
    if (mode == G_LINEAR) {
        tc_var(a, base);
        tc_var(a, zz((int32_t)st));
    } else
        tc_put(a, tmp->p, tmp->n);
    hist_push(c, val, v->mask);
}

static void enc_mem(tc_buf_t *a, tc_buf_t *b, tc_ctx_t *c, const trace_rec_t *r, tc_buf_t *tmp)
{
    unsigned runs = 0;
    for (unsigned i = 0; i < r->nm; i++)
        runs += i == 0 || r->m[i].space != r->m[i - 1].space || r->m[i].addr != r->m[i - 1].addr + 4;
    tc_var(a, runs);
    unsigned lane = 63;
    for (unsigned i = 0; i < r->nm;) {
        unsigned j = i + 1;
        while (j < r->nm && r->m[j].space == r->m[i].space && r->m[j].addr == r->m[j - 1].addr + 4)
            j++;
        tc_u8(a, r->m[i].space);
        tc_var(a, zz((int64_t)(r->m[i].addr - c->maddr)));
        tc_var(a, j - i);
        c->maddr = r->m[j - 1].addr + 4;
        while (i < j) {   /* groups of up to 64 dwords: u8 mode, then its bytes */
            group_t g;
            g.n = 0;
            g.dense = 0;
            for (; i < j && g.n < 64; i++) {
                lane = next_lane(r->exec, lane);
                g.lane[g.n] = (uint8_t)lane;
                g.val[g.n++] = r->m[i].val;
            }
            unsigned mode = group_put(b, c, &g, tmp);
            tc_u8(a, mode);
            tc_put(a, tmp->p, tmp->n);
        }
    }
}

/* The record's wave fields as the context's, or 1 if they differ. */
static int new_wave(const tc_ctx_t *c, const trace_rec_t *r)
{
    return !c->have_wave || r->wave != c->wave || r->launch != c->launch || r->wg[0] != c->wg[0] ||
           r->wg[1] != c->wg[1] || r->wg[2] != c->wg[2] || r->wg_wave != c->wg_wave;
}

/* 1 if the record's encoding is the one last seen at its pc (and remember it). */
static int enc_cached(tc_ctx_t *c, const trace_rec_t *r, unsigned ndw)
{
    unsigned k = (unsigned)(r->pc >> 2) & (TC_PCS - 1);
    if (c->pcs[k].pc == r->pc && c->pcs[k].ndw == ndw && ndw && c->pcs[k].dw[0] == r->dw[0] &&
        (ndw < 2 || c->pcs[k].dw[1] == r->dw[1]) && (ndw < 3 || c->pcs[k].dw[2] == r->dw[2]))
        return 1;
    c->pcs[k].pc = r->pc;
    c->pcs[k].ndw = (uint8_t)ndw;
    memset(c->pcs[k].dw, 0, sizeof c->pcs[k].dw);
    memcpy(c->pcs[k].dw, r->dw, 4 * ndw);
    return 0;
}

/* Whether n memory writes agree in space, address and value. */
static int mem_equal(const trace_mem_t *x, const trace_mem_t *y, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (x[i].addr != y[i].addr || x[i].val != y[i].val || x[i].space != y[i].space)
            return 0;
    return 1;
}

/* The fills a record carries: varint nv, per VGPR varint reg and its lanes
 * (as a VGPR write without prediction); varint ns, per SGPR varint reg and
 * varint value; varint nl, per LDS dword zz(address - the previous one's)
 * and its value in stream B; each given to the predictor at once. */
static void enc_fills(tc_buf_t *a, tc_buf_t *b, tc_ctx_t *c, const trace_rec_t *r, const tp_fills_t *f)
{
    tc_var(a, f->nv);
    for (unsigned i = 0; i < f->nv; i++) {
        trace_vreg_t v = {.reg = f->v[i].reg, .mask = f->v[i].mask};
        memcpy(v.val, f->v[i].val, sizeof v.val);
        tc_var(a, v.reg);
        enc_plain(a, b, c, &v, r->exec, &c->tmp);
    }
    tc_var(a, f->ns);
    for (unsigned i = 0; i < f->ns; i++)
        tc_var(a, f->s[i].reg), tc_var(a, f->s[i].val);
    tc_var(a, f->nl);
    uint32_t prev = 0;
    for (unsigned i = 0; i < f->nl; i++) {
        tc_var(a, zz((int64_t)f->l[i].addr - prev));
        tc_le(b, f->l[i].val, 4);
        prev = f->l[i].addr;
    }
}

/* Give the predictor's chunk state a record's fills (the reader does as it
 * decodes them). */
static void apply_fills(tc_ctx_t *c, const trace_rec_t *r, const tp_fills_t *f)
{
    for (unsigned i = 0; i < f->nv; i++)
        tp_fill_vreg(c->tp, r, f->v[i].reg, f->v[i].mask, f->v[i].val);
    for (unsigned i = 0; i < f->ns; i++)
        tp_fill_sreg(c->tp, r, f->s[i].reg, f->s[i].val);
    for (unsigned i = 0; i < f->nl; i++)
        tp_fill_lds(c->tp, r, f->l[i].addr, f->l[i].val);
}

/* Bit i set: VGPR write i of r (not yet in ok) equals its prediction. */
static unsigned predict_vregs(tc_ctx_t *c, const trace_rec_t *r, unsigned ok, uint32_t pred[64])
{
    for (unsigned i = 0; i < r->nv; i++)
        if (!(ok >> i & 1) && tp_predict(c->tp, r, i, pred) &&
            lanes_equal(pred, trace_vreg_vals(&r->v[i]), r->v[i].mask))
            ok |= 1u << i;
    return ok;
}

/* Whether r's memory writes are exactly the predictor's. */
static int predict_mem(tc_ctx_t *c, const trace_rec_t *r, unsigned *n)
{
    return tp_predict_mem(c->tp, r, c->mpred, TC_MEM_PRED, n) && *n == r->nm && mem_equal(c->mpred, r->m, r->nm);
}

void tc_encode(tc_ctx_t *c, tc_buf_t *a, tc_buf_t *b, const trace_rec_t *r, int timing)
{
    unsigned ndw = r->ndw > 3 ? 3 : r->ndw, extra = (r->flags & 7) | (r->nh ? 128 : 0);
    int neww = new_wave(c, r), cached = enc_cached(c, r, ndw);
    unsigned bits = neww | (r->pc != c->next_pc) << 1 | (r->exec != c->exec) << 2 | (extra != 0) << 3 |
                    (r->scc_written != 0) << 4 | (r->scc_written && r->scc) << 5 | cached << 6;
    tc_u8(a, bits);
    if (neww) {
        tc_var(a, r->launch), tc_var(a, r->wave);
        tc_var(a, r->wg[0]), tc_var(a, r->wg[1]), tc_var(a, r->wg[2]), tc_var(a, r->wg_wave);
        c->have_wave = 1, c->launch = r->launch, c->wave = r->wave, c->wg_wave = r->wg_wave;
        memcpy(c->wg, r->wg, sizeof c->wg);
    }
    if (bits & 2)
        tc_var(a, zz((int64_t)(r->pc - c->next_pc)));
    if (!cached) {
        tc_u8(a, ndw);
        for (unsigned i = 0; i < ndw; i++)
            tc_le(a, r->dw[i], 4);
    }
    c->next_pc = r->pc + 4 * (ndw ? ndw : 1);
    if (bits & 4)
        tc_le(a, r->exec, 8);
    c->exec = r->exec;
    if (extra) {
        tc_u8(a, extra);
        if (r->nh) {
            tc_var(a, r->nh);
            for (unsigned i = 0; i < r->nh; i++)
                tc_u8(a, r->h[i].id), tc_var(a, r->h[i].val);
        }
    }
    if (timing) {
        tc_var(a, zz((int64_t)(r->cycle_issue - c->issue)));
        tc_var(a, zz((int64_t)(r->cycle_done - r->cycle_issue)));
        c->issue = r->cycle_issue;
    }
    /* predictions first; a writer gives the chunk's state what failed ones
     * lack (fills, written below) and predicts those again */
    uint32_t pred[64];
    unsigned okv = predict_vregs(c, r, 0, pred), full = (1u << r->nv) - 1, npred = 0;
    int mem_pred = r->nm && predict_mem(c, r, &npred);
    tp_fills_t *f = c->fills;
    int fill = 0;
    if (f && (okv != full || (r->nm && !mem_pred))) {
        tp_fills(c->tp, r, f);
        fill = f->nv || f->ns || f->nl;
        if (fill) {
            apply_fills(c, r, f);
            okv = predict_vregs(c, r, okv, pred);
            mem_pred = r->nm && predict_mem(c, r, &npred);
        }
    }
    tc_u8(a, (r->ns < 7 ? r->ns : 7) | (r->nv < 3 ? r->nv : 3) << 3 | (r->nm && !mem_pred) << 5 | fill << 6 |
             mem_pred << 7);
    if (r->ns >= 7)
        tc_var(a, r->ns);
    if (r->nv >= 3)
        tc_var(a, r->nv);
    if (fill)
        enc_fills(a, b, c, r, f);
    for (unsigned i = 0; i < r->ns; i++)
        tc_var(a, r->s[i].reg), tc_var(a, r->s[i].val);
    for (unsigned i = 0; i < r->nv; i++)
        enc_vreg(a, b, c, r, i, okv >> i & 1, &c->tmp);
    if (r->nm && !mem_pred)
        enc_mem(a, b, c, r, &c->tmp);
    tp_update(c->tp, r);
}

/* ---- decoding ----------------------------------------------------------- */

static inline uint32_t get_val(tc_rd_t *a, tc_rd_t *b, const tc_ctx_t *c, unsigned lane, uint32_t prev)
{
    uint64_t code = tc_r_var(a);
    switch (code & 3) {
    case 0:
        return prev + (uint32_t)unzz(code >> 2);
    case 1:
        if ((code >> 2) < TC_HIST)
            return hist_get(c, lane, (unsigned)(code >> 2));
        break;
    case 2:
        if (code == 2)
            return (uint32_t)tc_r_le(b, 4);
        break;
    }
    a->bad = 1;
    return 0;
}

/* Decode the values of group g (its lanes set) coded in mode. */
static int group_get(tc_rd_t *a, tc_rd_t *b, const tc_ctx_t *c, group_t *g, unsigned mode)
{
    if (mode == G_PICK) {
        unsigned js = tc_r_u8(a), j0 = js & 7, j1 = js >> 3;
        if (j1 >= TC_HIST)
            return -1;
        uint8_t bits[8] = {0};
        if (j0 != j1)
            for (unsigned k = 0; k < (g->n + 7) / 8; k++)
                bits[k] = (uint8_t)tc_r_u8(a);
        for (unsigned i = 0; i < g->n; i++)
            g->val[i] = hist_get(c, g->lane[i], bits[i >> 3] >> (i & 7) & 1 ? j1 : j0);
        return 0;
    }
    uint32_t prev = 0;
    for (unsigned i = 0; i < g->n && !a->bad && !b->bad; i++)
        g->val[i] = prev = mode == G_RAW ? (uint32_t)tc_r_le(b, 4) : get_val(a, b, c, g->lane[i], prev);
    return mode == G_RAW || mode == G_CODES ? 0 : -1;
}

static int dec_plain(tc_rd_t *a, tc_rd_t *b, tc_ctx_t *c, trace_vreg_t *v, uint64_t exec, unsigned byte);

static int dec_vreg(tc_rd_t *a, tc_rd_t *b, tc_ctx_t *c, trace_rec_t *r, unsigned i)
{
    trace_vreg_t *v = &r->v[i];
    uint64_t exec = r->exec;
    v->reg = (uint16_t)tc_r_var(a);
    unsigned byte = tc_r_u8(a), mode = byte >> 1 & 3;
    if (byte & ~(1u | 6u | MODE_PREDICTED) || ((byte & MODE_PREDICTED) && mode))
        return -1;
    if (!(byte & MODE_PREDICTED))
        return dec_plain(a, b, c, v, exec, byte);
    v->mask = byte & 1 ? exec : tc_r_le(a, 8);
    memset(v->val, 0, sizeof v->val);
    uint32_t pred[64];
    if (!v->mask || !tp_predict(c->tp, r, i, pred))
        return -1;
    for (uint64_t m = v->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        v->val[l] = pred[l];
    }
    hist_push(c, v->val, v->mask);
    return 0;
}

/* The lanes of a VGPR coded without prediction, after its mode byte. */
static int dec_plain(tc_rd_t *a, tc_rd_t *b, tc_ctx_t *c, trace_vreg_t *v, uint64_t exec, unsigned byte)
{
    unsigned mode = byte >> 1 & 3;
    if (byte & ~7u)
        return -1;
    v->mask = byte & 1 ? exec : tc_r_le(a, 8);
    memset(v->val, 0, sizeof v->val);
    if (mode == G_LINEAR) {
        uint32_t base = (uint32_t)tc_r_var(a), st = (uint32_t)unzz(tc_r_var(a));
        for (uint64_t m = v->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            v->val[l] = base + l * st;
        }
    } else {
        group_t g;
        g.n = 0;
        for (uint64_t m = v->mask; m; m &= m - 1)
            g.lane[g.n++] = (uint8_t)__builtin_ctzll(m);
        if (g.n == 0 || group_get(a, b, c, &g, mode))
            return -1;
        for (unsigned i = 0; i < g.n; i++)
            v->val[g.lane[i]] = g.val[i];
    }
    hist_push(c, v->val, v->mask);
    return 0;
}

static int grow_mem(trace_rec_t *r, uint64_t n)
{
    if (n <= r->mcap)
        return 0;
    if (n > TRACE_MAX_MEM)
        return -1;
    trace_mem_t *m = realloc(r->m, n * sizeof *m);
    if (!m)
        return -1;
    r->m = m;
    r->mcap = (unsigned)n;
    return 0;
}

static int dec_mem(tc_rd_t *a, tc_rd_t *b, tc_ctx_t *c, trace_rec_t *r, const char **why)
{
    uint64_t runs = tc_r_var(a);
    unsigned lane = 63;
    r->nm = 0;
    *why = "bad memory run";
    for (uint64_t k = 0; k < runs && !a->bad; k++) {
        unsigned space = tc_r_u8(a);
        uint64_t addr = c->maddr + (uint64_t)unzz(tc_r_var(a)), n = tc_r_var(a);
        /* every 64 dwords take at least a byte of stream A */
        if (n == 0 || n / 64 > (uint64_t)(a->end - a->p) || grow_mem(r, r->nm + n))
            return -1;
        for (uint64_t i = 0; i < n;) {
            group_t g;
            g.n = 0;
            for (uint64_t e = i; e < n && g.n < 64; e++) {
                lane = next_lane(r->exec, lane);
                g.lane[g.n++] = (uint8_t)lane;
            }
            if (group_get(a, b, c, &g, tc_r_u8(a)))
                return -1;
            for (unsigned e = 0; e < g.n; e++, i++) {
                trace_mem_t *m = &r->m[r->nm++];
                m->space = (uint8_t)space;
                m->addr = addr + 4 * i;
                m->val = g.val[e];
            }
        }
        c->maddr = addr + 4 * n;
    }
    return 0;
}

/* The fills enc_fills wrote, given to the predictor. */
static int dec_fills(tc_rd_t *a, tc_rd_t *b, tc_ctx_t *c, const trace_rec_t *r)
{
    uint64_t nv = tc_r_var(a);
    if (nv > TP_FILL_V)
        return -1;
    for (uint64_t i = 0; i < nv; i++) {
        trace_vreg_t v;
        v.reg = (uint16_t)tc_r_var(a);
        if (dec_plain(a, b, c, &v, r->exec, tc_r_u8(a)))
            return -1;
        tp_fill_vreg(c->tp, r, v.reg, v.mask, v.val);
    }
    uint64_t ns = tc_r_var(a);
    if (ns > TP_FILL_S)
        return -1;
    for (uint64_t i = 0; i < ns; i++) {
        unsigned reg = (unsigned)tc_r_var(a);
        tp_fill_sreg(c->tp, r, reg, (uint32_t)tc_r_var(a));
    }
    uint64_t nl = tc_r_var(a);
    if (nl > TP_FILL_L)
        return -1;
    uint32_t addr = 0;
    for (uint64_t i = 0; i < nl && !a->bad && !b->bad; i++) {
        addr += (uint32_t)unzz(tc_r_var(a));
        tp_fill_lds(c->tp, r, addr, (uint32_t)tc_r_le(b, 4));
    }
    return a->bad || b->bad ? -1 : 0;
}

int tc_decode(tc_ctx_t *c, tc_rd_t *a, tc_rd_t *b, trace_rec_t *r, int timing, const char **why)
{
    unsigned bits = tc_r_u8(a);
    *why = "bad record header";
    if (bits & 128)
        return -1;
    if (bits & 1) {
        c->launch = (uint32_t)tc_r_var(a), c->wave = (uint32_t)tc_r_var(a);
        c->wg[0] = (uint32_t)tc_r_var(a), c->wg[1] = (uint32_t)tc_r_var(a), c->wg[2] = (uint32_t)tc_r_var(a);
        c->wg_wave = (uint32_t)tc_r_var(a);
        c->have_wave = 1;
    } else if (!c->have_wave)
        return -1;
    r->launch = c->launch, r->wave = c->wave, r->wg_wave = c->wg_wave;
    memcpy(r->wg, c->wg, sizeof r->wg);
    r->pc = c->next_pc;
    if (bits & 2)
        r->pc += (uint64_t)unzz(tc_r_var(a));
    unsigned k = (unsigned)(r->pc >> 2) & (TC_PCS - 1);
    if (bits & 64) {
        if (c->pcs[k].pc != r->pc || !c->pcs[k].ndw)
            return -1;
        r->ndw = c->pcs[k].ndw;
        memcpy(r->dw, c->pcs[k].dw, sizeof r->dw);
    } else {
        r->ndw = (uint8_t)tc_r_u8(a);
        if (r->ndw > 3)
            return -1;
        memset(r->dw, 0, sizeof r->dw);
        for (unsigned i = 0; i < r->ndw; i++)
            r->dw[i] = (uint32_t)tc_r_le(a, 4);
        c->pcs[k].pc = r->pc;
        c->pcs[k].ndw = r->ndw;
        memcpy(c->pcs[k].dw, r->dw, sizeof r->dw);
    }
    c->next_pc = r->pc + 4 * (r->ndw ? r->ndw : 1);
    if (bits & 4)
        c->exec = tc_r_le(a, 8);
    r->exec = c->exec;
    r->scc_written = (bits & 16) != 0;
    r->scc = (bits & 32) != 0;
    r->flags = 0;
    r->nh = 0;
    if (bits & 8) {
        unsigned extra = tc_r_u8(a);
        if ((extra & 0x78) || !extra)
            return -1;
        r->flags = (uint8_t)(extra & 7);
        if (extra & 128) {
            uint64_t n = tc_r_var(a);
            if (n == 0 || n > TRACE_MAX_HWREG)
                return -1;
            r->nh = (unsigned)n;
            for (unsigned i = 0; i < r->nh; i++)
                r->h[i].id = (uint8_t)tc_r_u8(a), r->h[i].val = (uint32_t)tc_r_var(a);
        }
    }
    r->cycle_issue = r->cycle_done = 0;
    if (timing) {
        c->issue += (uint64_t)unzz(tc_r_var(a));
        r->cycle_issue = c->issue;
        r->cycle_done = c->issue + (uint64_t)unzz(tc_r_var(a));
    }
    unsigned shape = tc_r_u8(a);
    if ((shape & 0xa0) == 0xa0)
        return -1;
    uint64_t ns = shape & 7, nv = shape >> 3 & 3;
    if (ns == 7)
        ns = tc_r_var(a);
    if (nv == 3)
        nv = tc_r_var(a);
    if (ns > TRACE_MAX_SREG || nv > TRACE_MAX_VREG) {
        *why = "too many registers";
        return -1;
    }
    r->ns = (unsigned)ns, r->nv = (unsigned)nv;
    if ((shape & 64) && dec_fills(a, b, c, r)) {
        *why = "bad predictor fill";
        return -1;
    }
    for (unsigned i = 0; i < r->ns; i++)
        r->s[i].reg = (uint16_t)tc_r_var(a), r->s[i].val = (uint32_t)tc_r_var(a);
    for (unsigned i = 0; i < r->nv; i++)
        if (dec_vreg(a, b, c, r, i)) {
            *why = "bad vector register coding";
            return -1;
        }
    r->nm = 0;
    if ((shape & 32) && dec_mem(a, b, c, r, why))
        return -1;
    if (shape & 128) {   /* the memory writes the predictor expects */
        unsigned n;
        if (grow_mem(r, TC_MEM_PRED) || !tp_predict_mem(c->tp, r, r->m, TC_MEM_PRED, &n) || !n) {
            *why = "bad predicted memory writes";
            return -1;
        }
        r->nm = n;
    }
    if (a->bad || b->bad) {
        *why = "record runs past the end of its chunk";
        return -1;
    }
    tp_update(c->tp, r);
    return 0;
}
