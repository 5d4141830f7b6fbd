/* trace_pred.c — predicting a record's VGPR values from the shadow state the
 * chunk's earlier records build (trace_pred.h).
 *
 * The shadow follows up to TP_WAVES waves and TP_GROUPS work-groups (the
 * waves a device holds at once, for the cycle model's traces); a new one
 * takes the next slot round-robin, so writer and reader evict the same
 * ones.  Waves are found through their dispatch-wide ids, work-groups
 * through a small hash of their ids; VGPR rows and LDS pages are allocated
 * when first written.  A lane, SGPR or LDS dword counts as known once a
 * record of the chunk has written it; anything unknown makes the
 * prediction fail. */
#include <stdlib.h>
#include <string.h>
#include "front/trace/trace_pred.h"
#include "sim/valu.h"

enum {
    TP_WAVES = 4096, TP_GROUPS = 1024, TP_VGPRS = 256, TP_LDS_DW = 16384, TP_GMAP = 4096,
    TP_ROWS_BLOCK = 16, TP_PROBES = 8, TP_MAX_WAVE = 1 << 24, TP_CODE = 4096,
};

typedef struct {
    int used;                    /* known in this chunk (what a reader knows) */
    int have;                    /* the slot holds launch/wave's values (a writer's ever-known masks) */
    uint32_t launch, wave;
    uint32_t *row[TP_VGPRS];     /* 64 lanes per VGPR, allocated (in blocks) when first written */
    uint64_t vk[TP_VGPRS];       /* lanes known in this chunk per VGPR */
    uint64_t ve[TP_VGPRS];       /* writer: lanes ever known (vk is a subset) */
    uint32_t s[128];             /* SGPRs by operand encoding */
    uint64_t sk[2], se[2];       /* SGPRs known in this chunk / ever */
} tp_wave_t;

typedef struct {
    int used, have;              /* as for waves */
    uint32_t launch, wg[3];
    uint32_t *d;                 /* LDS dwords [0, cap): grown to the highest one written */
    uint8_t *k;                  /* per dword: bit 0 known in this chunk, bit 1 ever known */
    uint32_t cap;
} tp_group_t;

/* What a pc's instruction lets us predict. */
enum {
    K_NONE, K_DS,
    /* f32 arithmetic (host float, round to nearest even) */
    K_FMA, K_MAD, K_MAC, K_FMAC, K_MUL, K_ADD, K_SUB, K_SUBREV,
    /* 32-bit integer and bit operations */
    K_MOV, K_IADD, K_ISUB, K_ISUBREV, K_LSHLREV, K_LSHRREV, K_ASHRREV, K_LSHL, K_LSHR, K_AND, K_OR, K_XOR,
    K_MUL_LO, K_MUL_U24, K_MAD_U24, K_LSHL_OR, K_LSHL_ADD, K_ADD_LSHL, K_ADD3, K_OR3, K_AND_OR,
    K_MIN_U32, K_MAX_U32, K_MIN_I32, K_MAX_I32,
    /* with a lane mask from an SGPR pair: carry in, select */
    K_ADDC, K_CNDMASK,
    /* 64-bit shifts: two VGPRs */
    K_LSHLREV64, K_LSHL64,
    /* stores: the memory dwords they write (tp_predict_mem) */
    K_DS_STORE, K_FLAT_STORE,
    K_COUNT
};

/* Sources each kind reads (the destination too for K_MAC/K_FMAC). */
static const uint8_t k_nsrc[K_COUNT] = {
    [K_FMA] = 3, [K_MAD] = 3, [K_MAC] = 2, [K_FMAC] = 2, [K_MUL] = 2, [K_ADD] = 2, [K_SUB] = 2, [K_SUBREV] = 2,
    [K_MOV] = 1, [K_IADD] = 2, [K_ISUB] = 2, [K_ISUBREV] = 2, [K_LSHLREV] = 2, [K_LSHRREV] = 2, [K_ASHRREV] = 2,
    [K_LSHL] = 2, [K_LSHR] = 2, [K_AND] = 2, [K_OR] = 2, [K_XOR] = 2, [K_MUL_LO] = 2, [K_MUL_U24] = 2,
    [K_MAD_U24] = 3, [K_LSHL_OR] = 3, [K_LSHL_ADD] = 3, [K_ADD_LSHL] = 3, [K_ADD3] = 3, [K_OR3] = 3,
    [K_AND_OR] = 3, [K_MIN_U32] = 2, [K_MAX_U32] = 2, [K_MIN_I32] = 2, [K_MAX_I32] = 2, [K_ADDC] = 2,
    [K_CNDMASK] = 2, [K_LSHLREV64] = 2, [K_LSHL64] = 2,
};

/* A pc's instruction, as much of it as predictions use. */
typedef struct {
    uint64_t pc;
    uint32_t dw[3];
    uint8_t ndw, kind, valid, vop3, has_lit, abs, neg, per;   /* per: K_DS dwords per element */
    uint8_t inv2pi;                            /* source 248 is 1/(2*pi) (gfx8 and later) */
    uint8_t endpgm;                            /* s_endpgm: the wave ends */
    uint16_t dst, src[3], vaddr;
    uint32_t literal, off[2];                  /* K_DS*: byte offsets of the elements */
    unsigned nel;                              /* K_DS*: elements (1, or 2 for read2/write2) */
    uint16_t data[2];                          /* stores: first VGPR of each element's data (0-based) */
    uint8_t pair;                              /* K_FLAT_STORE: 64-bit VGPR address (else none) */
    int32_t foff;                              /* K_FLAT_STORE: the immediate offset (gfx9) */
} tp_code_t;

struct tp_state {
    const isa_target_t *t;
    int writer;                  /* keep ever-known values for fills */
    tp_wave_t *w[TP_WAVES];      /* slots (allocated when first taken) */
    unsigned wnext;
    uint16_t freel[TP_WAVES];    /* slots of waves that ended in this chunk, taken first (last first) */
    unsigned nfree;
    tp_wave_t *wlast;            /* the slot found last */
    int32_t *wmap;               /* wave id -> slot + 1 (0: none), for launch wmap_launch */
    uint32_t wmap_n, wmap_launch;
    tp_group_t *g[TP_GROUPS];
    unsigned gnext;
    tp_group_t *glast;           /* the slot found last */
    /* the work-groups claimed in this chunk: slot + 1 (0: empty); reset with
     * the chunk, so that writer and reader hold the same table */
    struct { uint32_t launch, wg[3]; int32_t slot; } gmap[TP_GMAP];
    tp_code_t code[TP_CODE];
    tp_code_t *last;             /* the entry code_of gave last */
    trace_prog_t *prog;          /* the trace's instructions, each decoded once */
    trace_prog_t *own;           /* prog when the predictor made it */
};

tp_state_t *tp_new(const isa_target_t *t, trace_prog_t *prog, int writer)
{
    tp_state_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->t = t, p->writer = writer;
    p->prog = prog ? prog : (p->own = trace_prog_new(t, NULL));
    if (!p->prog) {
        free(p);
        return NULL;
    }
    return p;
}

/* Forget the chunk's knowledge of a work-group's LDS (keeps what a writer
 * knew from before). */
static void group_forget(tp_group_t *g)
{
    for (uint32_t i = 0; i < g->cap; i++)
        g->k[i] &= 2;
    g->used = 0;
}

void tp_reset(tp_state_t *p)
{
    for (unsigned i = 0; i < TP_WAVES; i++)
        if (p->w[i])
            p->w[i]->used = 0;
    for (unsigned i = 0; i < TP_GROUPS; i++)
        if (p->g[i] && p->g[i]->used)
            group_forget(p->g[i]);
    p->wnext = p->gnext = p->nfree = 0;
    p->wlast = NULL;
    p->glast = NULL;
    memset(p->gmap, 0, sizeof p->gmap);   /* it maps only the work-groups this chunk claims */
}

void tp_free(tp_state_t *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < TP_WAVES; i++)
        if (p->w[i]) {
            for (unsigned r = 0; r < TP_VGPRS; r += TP_ROWS_BLOCK)
                free(p->w[i]->row[r]);
            free(p->w[i]);
        }
    for (unsigned i = 0; i < TP_GROUPS; i++)
        if (p->g[i])
            free(p->g[i]->d), free(p->g[i]->k), free(p->g[i]);
    free(p->wmap);
    trace_prog_free(p->own);
    free(p);
}

/* ---- shadow slots ------------------------------------------------------- */

static int wave_is(const tp_wave_t *w, const trace_rec_t *r)
{
    return w && w->have && w->wave == r->wave && w->launch == r->launch;
}

/* The slot that holds (used or not) the values of r's wave, or NULL. */
static tp_wave_t *wave_slot(tp_state_t *p, const trace_rec_t *r)
{
    if (wave_is(p->wlast, r))
        return p->wlast;
    if (r->launch != p->wmap_launch || r->wave >= p->wmap_n || !p->wmap[r->wave])
        return NULL;
    tp_wave_t *w = p->w[p->wmap[r->wave] - 1];
    return wave_is(w, r) ? w : NULL;
}

static tp_wave_t *wave_find(tp_state_t *p, const trace_rec_t *r)
{
    tp_wave_t *w = wave_slot(p, r);
    if (!w || !w->used)
        return NULL;
    p->wlast = w;
    return w;
}

/* Remember that wave (of launch) lives in slot i. */
static void wave_map(tp_state_t *p, uint32_t launch, uint32_t wave, unsigned i)
{
    if (launch != p->wmap_launch) {
        if (p->wmap)
            memset(p->wmap, 0, p->wmap_n * sizeof *p->wmap);
        p->wmap_launch = launch;
    }
    if (wave >= TP_MAX_WAVE)
        return;
    if (wave >= p->wmap_n) {
        uint32_t n = p->wmap_n ? p->wmap_n : 1024;
        while (n <= wave)
            n *= 2;
        int32_t *m = realloc(p->wmap, n * sizeof *m);
        if (!m)
            return;
        memset(m + p->wmap_n, 0, (n - p->wmap_n) * sizeof *m);
        p->wmap = m, p->wmap_n = n;
    }
    p->wmap[wave] = (int32_t)i + 1;
}

/* The slot of r's wave in this chunk, taking the next slot round-robin for
 * a wave new to the chunk (as a reader does).  A writer first moves the
 * wave's values from earlier chunks, if a slot unused in this chunk still
 * holds them, into that slot: only what the chunk knows decides
 * predictions, so slots are just storage. */
static tp_wave_t *wave_claim(tp_state_t *p, const trace_rec_t *r)
{
    tp_wave_t *w = wave_find(p, r);
    if (w)
        return w;
    unsigned i = p->nfree ? p->freel[--p->nfree] : p->wnext++ % TP_WAVES;
    tp_wave_t *old = p->writer ? wave_slot(p, r) : NULL;
    if (old && old != p->w[i] && !old->used) {
        unsigned j = (unsigned)(p->wmap[r->wave] - 1);
        tp_wave_t *y = p->w[i];   /* the slot's wave: forgotten by this chunk, kept in slot j */
        p->w[i] = old, p->w[j] = y;
        if (y) {
            y->used = 0;
            if (y->have && y->launch == p->wmap_launch && y->wave < p->wmap_n)
                p->wmap[y->wave] = (int32_t)j + 1;
        }
    }
    if (!p->w[i] && !(p->w[i] = calloc(1, sizeof *p->w[i])))
        return NULL;
    w = p->w[i];
    if (!wave_is(w, r)) {
        w->have = 1, w->launch = r->launch, w->wave = r->wave;
        memset(w->ve, 0, sizeof w->ve);
        memset(w->se, 0, sizeof w->se);
    }
    w->used = 1;
    memset(w->vk, 0, sizeof w->vk);
    memset(w->sk, 0, sizeof w->sk);
    wave_map(p, r->launch, r->wave, i);
    p->wlast = w;
    return w;
}

/* VGPR reg's row of w, allocated if need be (NULL: out of memory). */
static uint32_t *row_for_write(tp_wave_t *w, unsigned reg)
{
    if (!w->row[reg]) {   /* rows come in blocks of TP_ROWS_BLOCK neighbours */
        unsigned b = reg - reg % TP_ROWS_BLOCK;
        uint32_t *block = malloc(TP_ROWS_BLOCK * 64 * sizeof *block);
        if (!block)
            return NULL;
        for (unsigned i = 0; i < TP_ROWS_BLOCK; i++)
            w->row[b + i] = block + 64 * i;
    }
    return w->row[reg];
}

static int group_is(const tp_group_t *g, const trace_rec_t *r)
{
    return g && g->have && g->launch == r->launch && !memcmp(g->wg, r->wg, sizeof g->wg);
}

static unsigned group_hash(const trace_rec_t *r)
{
    uint64_t h = ((uint64_t)r->launch * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)r->wg[0] * 0xc2b2ae3d27d4eb4full) ^
                 ((uint64_t)r->wg[1] * 0x165667b19e3779f9ull) ^ ((uint64_t)r->wg[2] * 0x85ebca77c2b2ae63ull);
    return (unsigned)(h >> 52) & (TP_GMAP - 1);
}

/* The slot that holds (used or not) the LDS of r's work-group, or NULL;
 * *at its map entry. */
static tp_group_t *group_slot(tp_state_t *p, const trace_rec_t *r, unsigned *at)
{
    if (!at && group_is(p->glast, r))
        return p->glast;
    unsigned h = group_hash(r);
    for (unsigned k = 0; k < TP_PROBES; k++) {
        unsigned e = (h + k) & (TP_GMAP - 1);
        if (p->gmap[e].slot && group_is(p->g[p->gmap[e].slot - 1], r)) {
            if (at)
                *at = e;
            return p->glast = p->g[p->gmap[e].slot - 1];
        }
    }
    return NULL;
}

static tp_group_t *group_find(tp_state_t *p, const trace_rec_t *r)
{
    tp_group_t *g = group_slot(p, r, NULL);
    return g && g->used ? g : NULL;
}

/* Map entry for r's work-group: its own, an empty one or a stale one among
 * the probes, else the first. */
static unsigned group_entry(tp_state_t *p, const trace_rec_t *r)
{
    unsigned h = group_hash(r), at;
    if (group_slot(p, r, &at))
        return at;
    for (unsigned k = 0; k < TP_PROBES; k++) {
        unsigned e = (h + k) & (TP_GMAP - 1);
        const tp_group_t *o = p->gmap[e].slot ? p->g[p->gmap[e].slot - 1] : NULL;
        if (!o || o->launch != p->gmap[e].launch || memcmp(o->wg, p->gmap[e].wg, sizeof o->wg))
            return e;
    }
    return h;
}

/* As wave_claim, for r's work-group's LDS. */
static tp_group_t *group_claim(tp_state_t *p, const trace_rec_t *r)
{
    tp_group_t *g = group_find(p, r);
    if (g)
        return g;
    unsigned i = p->gnext++ % TP_GROUPS, j = 0;
    tp_group_t *old = NULL;
    if (p->writer)   /* its values from earlier chunks, in a slot this chunk has not used */
        for (j = 0; j < TP_GROUPS && !old; j++)
            if (p->g[j] && !p->g[j]->used && group_is(p->g[j], r))
                old = p->g[j];
    if (old && old != p->g[i]) {
        j--;
        tp_group_t *y = p->g[i];   /* the slot's group: forgotten by this chunk, kept in slot j */
        p->g[i] = old, p->g[j] = y;
        if (y && y->used)
            group_forget(y);   /* (the map is left as a reader's: y's entry, if any, goes stale) */
    }
    if (!p->g[i] && !(p->g[i] = calloc(1, sizeof *p->g[i])))
        return NULL;
    g = p->g[i];
    if (!group_is(g, r)) {
        if (g->cap)
            memset(g->k, 0, g->cap);
        g->have = 1, g->launch = r->launch;
        memcpy(g->wg, r->wg, sizeof g->wg);
    }
    g->used = 1;
    unsigned e = group_entry(p, r);
    p->gmap[e].launch = r->launch, p->gmap[e].slot = (int32_t)i + 1;
    memcpy(p->gmap[e].wg, r->wg, sizeof p->gmap[e].wg);
    return g;
}

/* The knowledge byte of LDS dword dw (0 beyond what was ever written). */
static inline unsigned lds_kbyte(const tp_group_t *g, uint32_t dw)
{
    return dw < g->cap ? g->k[dw] : 0;
}

static inline uint32_t lds_val(const tp_group_t *g, uint32_t dw)
{
    return g->d[dw];
}

/* LDS dword dw = val, known in this chunk and ever. */
static void lds_set(tp_group_t *g, uint32_t dw, uint32_t val)
{
    if (dw >= g->cap) {
        uint32_t cap = g->cap ? g->cap : 256;
        while (cap <= dw)
            cap *= 2;
        uint32_t *d = realloc(g->d, cap * sizeof *d);
        if (d)
            g->d = d;
        uint8_t *k = d ? realloc(g->k, cap) : NULL;
        if (!k)
            return;
        g->k = k;
        memset(k + g->cap, 0, cap - g->cap);
        g->cap = cap;
    }
    g->d[dw] = val;
    g->k[dw] = 3;
}

/* ---- instructions ------------------------------------------------------- */

static unsigned valu_kind(const isa_inst_t *in)
{
    if (in->enc != ISA_ENC_VOP1 && in->enc != ISA_ENC_VOP2 && in->enc != ISA_ENC_VOP3)
        return K_NONE;
    if (in->clamp || in->omod)
        return K_NONE;
    switch (in->op) {
    case ISA_OP_V_FMA_F32: return K_FMA;
    case ISA_OP_V_MAD_F32: return K_MAD;
    case ISA_OP_V_MAC_F32: return K_MAC;
    case ISA_OP_V_FMAC_F32: return K_FMAC;
    case ISA_OP_V_MUL_F32: return K_MUL;
    case ISA_OP_V_ADD_F32: return K_ADD;
    case ISA_OP_V_SUB_F32: return K_SUB;
    case ISA_OP_V_SUBREV_F32: return K_SUBREV;
    case ISA_OP_V_MOV_B32: return in->enc == ISA_ENC_VOP1 ? K_MOV : K_NONE;
    case ISA_OP_V_ADD_U32: case ISA_OP_V_ADD_U32_CO: case ISA_OP_V_ADD_CO_U32: case ISA_OP_V_ADD_I32:
    case ISA_OP_V_ADD_I32_GFX9: return K_IADD;
    case ISA_OP_V_SUB_U32: case ISA_OP_V_SUB_U32_CO: case ISA_OP_V_SUB_CO_U32: case ISA_OP_V_SUB_I32:
    case ISA_OP_V_SUB_I32_GFX9: return K_ISUB;
    case ISA_OP_V_ADDC_U32: case ISA_OP_V_ADDC_CO_U32: return K_ADDC;
    case ISA_OP_V_CNDMASK_B32: return K_CNDMASK;
    case ISA_OP_V_MIN_U32: return K_MIN_U32;
    case ISA_OP_V_MAX_U32: return K_MAX_U32;
    case ISA_OP_V_MIN_I32: return K_MIN_I32;
    case ISA_OP_V_MAX_I32: return K_MAX_I32;
    case ISA_OP_V_LSHLREV_B32: return K_LSHLREV;
    case ISA_OP_V_LSHRREV_B32: return K_LSHRREV;
    case ISA_OP_V_ASHRREV_I32: return K_ASHRREV;
    case ISA_OP_V_LSHL_B32: return K_LSHL;
    case ISA_OP_V_LSHR_B32: return K_LSHR;
    case ISA_OP_V_AND_B32: return K_AND;
    case ISA_OP_V_OR_B32: return K_OR;
    case ISA_OP_V_XOR_B32: return K_XOR;
    case ISA_OP_V_MUL_LO_U32: case ISA_OP_V_MUL_LO_I32: return K_MUL_LO;
    case ISA_OP_V_MUL_U32_U24: return K_MUL_U24;
    case ISA_OP_V_MAD_U32_U24: return K_MAD_U24;
    case ISA_OP_V_LSHL_OR_B32: return K_LSHL_OR;
    case ISA_OP_V_LSHL_ADD_U32: return K_LSHL_ADD;
    case ISA_OP_V_ADD_LSHL_U32: return K_ADD_LSHL;
    case ISA_OP_V_ADD3_U32: return K_ADD3;
    case ISA_OP_V_OR3_B32: return K_OR3;
    case ISA_OP_V_AND_OR_B32: return K_AND_OR;
    case ISA_OP_V_LSHLREV_B64: return K_LSHLREV64;
    case ISA_OP_V_LSHL_B64: return K_LSHL64;
    default: return K_NONE;
    }
}

/* The dwords per element and, for the two-address forms, the offset unit
 * in dwords of a DS row that loads (ISA_F_LOAD) or stores whole dwords at
 * an address (ds_read/write_b32..b128, read2/write2, st64), from the row's
 * DS facts (isa_ds_info); 0 for any other row. */
static unsigned ds_dword_form(unsigned op, uint32_t flag, unsigned min_src, unsigned *nel, unsigned *stride)
{
    const isa_row_t *r = isa_row(op);
    isa_ds_info_t d = isa_ds_info(op);
    if (r->enc != ISA_ENC_DS || !(r->flags & flag) || d.esize < 4 || r->nsrc < min_src ||
        (d.form & ISA_DS_DATA0_ONLY))
        return 0;
    *nel = d.nel;
    *stride = (d.form & ISA_DS_OFF2) ? d.stride : 0;
    return d.esize / 4u;
}

/* DS dword loads: elements, dwords per element and offsets into k. */
static unsigned ds_kind(const isa_inst_t *in, tp_code_t *k)
{
    if (in->enc != ISA_ENC_DS || in->gds)
        return K_NONE;
    unsigned nel, stride, per = ds_dword_form(in->op, ISA_F_LOAD, 1, &nel, &stride);
    if (!per)
        return K_NONE;
    k->nel = nel, k->per = (uint8_t)per;
    if (stride) {   /* read2: offset0/offset1 in units of the element size times the stride */
        k->off[0] = (uint32_t)in->offset * 4 * per * stride;
        k->off[1] = (uint32_t)in->offset1 * 4 * per * stride;
    } else
        k->off[0] = (uint32_t)in->offset;
    return K_DS;
}

/* DS dword stores and FLAT/GLOBAL dword stores with a 64-bit VGPR address. */
static unsigned store_kind(const isa_inst_t *in, const isa_target_t *t, tp_code_t *k)
{
    if (in->enc == ISA_ENC_DS && !in->gds) {
        unsigned nel, stride, per = ds_dword_form(in->op, ISA_F_STORE, 2, &nel, &stride);
        if (!per)
            return K_NONE;
        k->nel = nel, k->per = (uint8_t)per;
        k->off[0] = stride ? (uint32_t)in->offset * 4 * per * stride : (uint32_t)in->offset;
        k->off[1] = (uint32_t)in->offset1 * 4 * per * stride;
        k->data[0] = (uint16_t)(in->src[1] - 256u), k->data[1] = (uint16_t)(in->src[2] - 256u);
        return in->src[1] >= 256 && (nel == 1 || in->src[2] >= 256) ? K_DS_STORE : K_NONE;
    }
    if (in->enc != ISA_ENC_FLAT)
        return K_NONE;
    unsigned per;
    switch (in->op) {
    case ISA_OP_FLAT_STORE_DWORD: case ISA_OP_GLOBAL_STORE_DWORD: per = 1; break;
    case ISA_OP_FLAT_STORE_DWORDX2: case ISA_OP_GLOBAL_STORE_DWORDX2: per = 2; break;
    case ISA_OP_FLAT_STORE_DWORDX3: case ISA_OP_GLOBAL_STORE_DWORDX3: per = 3; break;
    case ISA_OP_FLAT_STORE_DWORDX4: case ISA_OP_GLOBAL_STORE_DWORDX4: per = 4; break;
    default: return K_NONE;
    }
    if (!(in->seg == ISA_SEG_FLAT || (in->seg == ISA_SEG_GLOBAL && in->saddr == ISA_SADDR_OFF)))
        return K_NONE;
    k->nel = 1, k->per = (uint8_t)per, k->pair = 1;
    k->foff = t->gen >= ISA_GFX9 ? in->offset : 0;
    k->data[0] = in->vdata;
    return K_FLAT_STORE;
}

/* The decoded instruction of record r (cached by pc and encoding). */
static const tp_code_t *code_of(tp_state_t *p, const trace_rec_t *r)
{
    tp_code_t *k = p->last;
    if (k && k->pc == r->pc && k->ndw == r->ndw && k->dw[0] == r->dw[0] && (r->ndw < 2 || k->dw[1] == r->dw[1]) &&
        (r->ndw < 3 || k->dw[2] == r->dw[2]))
        return k;
    k = p->last = &p->code[(r->pc >> 2) & (TP_CODE - 1)];
    if (k->valid && k->pc == r->pc && k->ndw == r->ndw && k->dw[0] == r->dw[0] &&
        (r->ndw < 2 || k->dw[1] == r->dw[1]) &&
        (r->ndw < 3 || k->dw[2] == r->dw[2]))
        return k;
    memset(k, 0, sizeof *k);
    k->valid = 1, k->pc = r->pc, k->ndw = r->ndw;
    memcpy(k->dw, r->dw, 4u * (r->ndw <= 3 ? r->ndw : 3));
    const isa_inst_t *in = trace_prog_inst(p->prog, r->pc, r->dw, r->ndw);
    if (in->op >= ISA_OP_COUNT)
        return k;
    k->endpgm = in->op == ISA_OP_S_ENDPGM;
    k->kind = (uint8_t)valu_kind(in);
    if (k->kind == K_NONE)
        k->kind = (uint8_t)ds_kind(in, k);
    if (k->kind == K_NONE)
        k->kind = (uint8_t)store_kind(in, p->t, k);
    k->vop3 = in->enc == ISA_ENC_VOP3, k->has_lit = in->has_lit, k->abs = in->abs, k->neg = in->neg;
    k->inv2pi = p->t->gen >= ISA_GFX8;
    k->dst = in->dst, k->vaddr = in->vaddr, k->literal = in->literal;
    memcpy(k->src, in->src, sizeof k->src);
    if ((k->kind == K_ADDC || k->kind == K_CNDMASK) && !k->vop3)
        k->src[2] = 106;   /* VOP2 form: the lane mask (carry, select) comes from VCC */
    if (k->kind >= K_MOV && (k->abs || k->neg))
        k->kind = K_NONE;   /* float modifiers on integer operands: not predicted */
    return k;
}

/* ---- values ------------------------------------------------------------- */

/* Operand s of the lanes of mask (VGPRs, SGPRs, integer inline constants,
 * the literal): a pointer to its 64 lanes (a shadow row, or buf filled
 * with the scalar); NULL when a value is not known. */
static const uint32_t *operand(const tp_wave_t *w, const tp_code_t *in, unsigned s, uint64_t mask, uint32_t buf[64])
{
    uint32_t x;
    if (s >= 256) {
        unsigned reg = s - 256;
        if (reg >= TP_VGPRS || (w->vk[reg] & mask) != mask)
            return NULL;
        return w->row[reg];
    }
    if (s < 128 && s != 125) {
        if (!(w->sk[s >> 6] >> (s & 63) & 1))
            return NULL;
        x = w->s[s];
    } else if ((s >= 128 && s <= 208) || (s >= 240 && s <= 247) || (s == 248 && in->inv2pi))
        x = (uint32_t)isa_inline_value(s, OT_B32);   /* integers, and f32 patterns for the floats */
    else if (s == 255 && in->has_lit)
        x = in->literal;
    else
        return NULL;
    for (unsigned l = 0; l < 64; l++)
        buf[l] = x;
    return buf;
}

/* Source k's float modifiers (VOP3 neg/abs): *v, or buf holding the
 * modified lanes. */
static inline const uint32_t *modifiers(const tp_code_t *in, unsigned k, const uint32_t *v, uint32_t buf[64])
{
    if (!in->vop3 || !((in->abs | in->neg) >> k & 1))
        return v;
    uint32_t clear = in->abs >> k & 1 ? 0x7fffffffu : 0xffffffffu, flip = in->neg >> k & 1 ? 0x80000000u : 0;
    for (unsigned l = 0; l < 64; l++)
        buf[l] = (v[l] & clear) ^ flip;
    return buf;
}


/* A 64-bit scalar operand (an SGPR pair) as a lane mask; 0 when unknown. */
static int mask_operand(const tp_wave_t *w, unsigned s, uint64_t *m)
{
    if (s >= 127 || (s & 1) || !(w->sk[s >> 6] >> (s & 63) & 1) || !(w->sk[(s + 1) >> 6] >> ((s + 1) & 63) & 1))
        return 0;
    *m = (uint64_t)w->s[s + 1] << 32 | w->s[s];
    return 1;
}

/* The 64-bit operand s (a register pair) of the lanes of mask: its halves. */
static int pair_operand(const tp_wave_t *w, const tp_code_t *in, unsigned s, uint64_t mask, const uint32_t **lo,
                        const uint32_t **hi, uint32_t buf[2][64])
{
    if (!(s >= 256 || s < 126))
        return 0;
    return (*lo = operand(w, in, s, mask, buf[0])) && (*hi = operand(w, in, s + 1, mask, buf[1]));
}

/* f32 results of kind into out[] from sources s[]. */
static void f32_lanes(unsigned kind, const uint32_t *const s[3], uint32_t out[64])
{
    switch (kind) {
    case K_FMA: case K_FMAC:
        valu_fma_f32_lanes(out, s[0], s[1], s[2]);   /* rounded once (coder thread: nearest even) */
        break;
    case K_MAD: case K_MAC:
        for (unsigned l = 0; l < 64; l++) {
            float prod = f32_of(s[0][l]) * f32_of(s[1][l]);
            out[l] = bits_of_f32(prod + f32_of(s[2][l]));
        }
        break;
#define F32_LANES(expr) for (unsigned l = 0; l < 64; l++) out[l] = bits_of_f32(expr); break
    case K_MUL: F32_LANES(f32_of(s[0][l]) * f32_of(s[1][l]));
    case K_ADD: F32_LANES(f32_of(s[0][l]) + f32_of(s[1][l]));
    case K_SUB: F32_LANES(f32_of(s[0][l]) - f32_of(s[1][l]));
    default: F32_LANES(f32_of(s[1][l]) - f32_of(s[0][l]));   /* K_SUBREV */
#undef F32_LANES
    }
}

/* 32-bit integer results of kind into out[] from sources a, b, c. */
static void int_lanes(unsigned kind, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t out[64])
{
#define LANES(expr) for (unsigned l = 0; l < 64; l++) out[l] = (expr); break
    switch (kind) {
    case K_MOV: LANES(a[l]);
    case K_IADD: LANES(a[l] + b[l]);
    case K_ISUB: LANES(a[l] - b[l]);
    case K_ISUBREV: LANES(b[l] - a[l]);
    case K_LSHLREV: LANES(b[l] << (a[l] & 31));
    case K_LSHRREV: LANES(b[l] >> (a[l] & 31));
    case K_ASHRREV: LANES((uint32_t)((int32_t)b[l] >> (a[l] & 31)));
    case K_LSHL: LANES(a[l] << (b[l] & 31));
    case K_LSHR: LANES(a[l] >> (b[l] & 31));
    case K_AND: LANES(a[l] & b[l]);
    case K_OR: LANES(a[l] | b[l]);
    case K_XOR: LANES(a[l] ^ b[l]);
    case K_MUL_LO: LANES(a[l] * b[l]);
    case K_MUL_U24: LANES((a[l] & 0xffffff) * (b[l] & 0xffffff));
    case K_MAD_U24: LANES((a[l] & 0xffffff) * (b[l] & 0xffffff) + c[l]);
    case K_LSHL_OR: LANES(a[l] << (b[l] & 31) | c[l]);
    case K_LSHL_ADD: LANES((a[l] << (b[l] & 31)) + c[l]);
    case K_ADD_LSHL: LANES((a[l] + b[l]) << (c[l] & 31));
    case K_ADD3: LANES(a[l] + b[l] + c[l]);
    case K_OR3: LANES(a[l] | b[l] | c[l]);
    case K_MIN_U32: LANES(a[l] < b[l] ? a[l] : b[l]);
    case K_MAX_U32: LANES(a[l] > b[l] ? a[l] : b[l]);
    case K_MIN_I32: LANES((int32_t)a[l] < (int32_t)b[l] ? a[l] : b[l]);
    case K_MAX_I32: LANES((int32_t)a[l] > (int32_t)b[l] ? a[l] : b[l]);
    default: LANES((a[l] & b[l]) | c[l]);   /* K_AND_OR */
    }
#undef LANES
}

/* 64-bit shift of kind, half hi of the result, into out[]. */
static int shift64_lanes(const tp_wave_t *w, const tp_code_t *k, uint64_t mask, unsigned hi, uint32_t out[64])
{
    uint32_t buf[3][64], pb[2][64];
    unsigned vs = k->kind == K_LSHLREV64 ? 1 : 0;   /* which source is the 64-bit value */
    const uint32_t *amt = operand(w, k, k->src[1 - vs], mask, buf[0]), *lo, *h;
    if (!amt || !pair_operand(w, k, k->src[vs], mask, &lo, &h, pb))
        return 0;
    for (unsigned l = 0; l < 64; l++) {
        uint64_t x = ((uint64_t)h[l] << 32 | lo[l]) << (amt[l] & 63);
        out[l] = (uint32_t)(x >> (hi ? 32 : 0));
    }
    return 1;
}

static int predict_valu(const tp_wave_t *w, const tp_code_t *k, const trace_vreg_t *v, uint32_t out[64])
{
    int pair = k->kind == K_LSHLREV64 || k->kind == K_LSHL64;   /* writes dst and dst + 1 */
    if (k->dst < 256 || v->reg < k->dst - 256u || v->reg > k->dst - 256u + pair)
        return 0;
    if (pair)
        return shift64_lanes(w, k, v->mask, v->reg - (k->dst - 256u), out);
    uint32_t buf[3][64], mod[3][64];
    const uint32_t *s[3] = {NULL, NULL, NULL};
    unsigned n = k_nsrc[k->kind];
    for (unsigned i = 0; i < n; i++)
        if (!(s[i] = operand(w, k, k->src[i], v->mask, buf[i])) || !(s[i] = modifiers(k, i, s[i], mod[i])))
            return 0;
    if (k->kind == K_MAC || k->kind == K_FMAC) {   /* the destination is the addend */
        if (!(s[2] = operand(w, k, k->dst, v->mask, buf[2])) || !(s[2] = modifiers(k, 2, s[2], mod[2])))
            return 0;
    }
    if (k->kind < K_MOV) {
        f32_lanes(k->kind, s, out);
        return 1;
    }
    if (k->kind == K_ADDC || k->kind == K_CNDMASK) {
        uint64_t lm;
        if (!mask_operand(w, k->src[2], &lm))
            return 0;
        if (k->kind == K_ADDC)
            for (unsigned l = 0; l < 64; l++)
                out[l] = s[0][l] + s[1][l] + (uint32_t)(lm >> l & 1);
        else
            for (unsigned l = 0; l < 64; l++)
                out[l] = lm >> l & 1 ? s[1][l] : s[0][l];
        return 1;
    }
    int_lanes(k->kind, s[0], s[1], s[2], out);
    return 1;
}

static int predict_ds(tp_state_t *p, const tp_wave_t *w, const tp_code_t *k, const trace_rec_t *r,
                      const trace_vreg_t *v, uint32_t out[64])
{
    unsigned d = v->reg - (k->dst - 256u), e, j;
    if (k->dst < 256 || v->reg < k->dst - 256u || d >= k->nel * k->per)
        return 0;
    e = d / k->per, j = d % k->per;
    uint32_t off = k->off[e];
    unsigned areg = k->vaddr - 256u;
    const tp_group_t *g = group_find(p, r);
    if (!g || k->vaddr < 256 || areg >= TP_VGPRS || (w->vk[areg] & v->mask) != v->mask)
        return 0;
    const uint32_t *base = w->row[areg];
    off += 4 * j;
    if (v->mask == ~0ull) {   /* every lane: the checks as one pass, then the loads */
        uint32_t bad = 0, known = 1, lim = 4 * g->cap;
        for (unsigned l = 0; l < 64; l++)
            bad |= ((base[l] + off) & 3) | ((base[l] + off) >= lim);
        if (bad)
            return 0;
        for (unsigned l = 0; l < 64; l++) {
            uint32_t a = (base[l] + off) / 4;
            known &= g->k[a];   /* bit 0: known in this chunk */
            out[l] = g->d[a];
        }
        return known & 1;
    }
    for (uint64_t m = v->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a = base[l] + off;
        if ((a & 3) || a / 4 >= TP_LDS_DW || !(lds_kbyte(g, a / 4) & 1))
            return 0;
        out[l] = lds_val(g, a / 4);
    }
    return 1;
}

int tp_predict(tp_state_t *p, const trace_rec_t *r, unsigned i, uint32_t out[64])
{
    if (!p || !p->t || (r->flags & (TRACE_F_FAULT | TRACE_F_OVERFLOW | TRACE_F_NONDET)) || !r->v[i].mask)
        return 0;
    const tp_code_t *k = code_of(p, r);
    if (k->kind == K_NONE)
        return 0;
    const tp_wave_t *w = wave_find(p, r);
    if (!w || k->kind == K_DS_STORE || k->kind == K_FLAT_STORE)
        return 0;
    if (k->kind == K_DS)
        return predict_ds(p, w, k, r, &r->v[i], out);
    return predict_valu(w, k, &r->v[i], out);
}

/* ---- learning from a record ---------------------------------------------- */

void tp_update(tp_state_t *p, const trace_rec_t *r)
{
    if (!p || !p->t)
        return;
    tp_wave_t *w = wave_claim(p, r);
    if (!w)
        return;
    for (unsigned i = 0; i < r->ns; i++)
        if (r->s[i].reg < 128) {
            w->s[r->s[i].reg] = r->s[i].val;
            w->sk[r->s[i].reg >> 6] |= 1ull << (r->s[i].reg & 63);
            w->se[r->s[i].reg >> 6] |= 1ull << (r->s[i].reg & 63);
        }
    for (unsigned i = 0; i < r->nv; i++) {
        const trace_vreg_t *v = &r->v[i];
        if (v->reg >= TP_VGPRS)
            continue;
        const uint32_t *val = trace_vreg_vals(v);
        uint32_t *row = row_for_write(w, v->reg);
        if (!row)
            continue;
        if (v->mask == ~0ull)
            memcpy(row, val, 64 * sizeof *val);
        else
            for (uint64_t m = v->mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                row[l] = val[l];
            }
        w->vk[v->reg] |= v->mask;
        w->ve[v->reg] |= v->mask;
    }
    tp_group_t *g = NULL;
    for (unsigned i = 0; i < r->nm; i++) {
        const trace_mem_t *m = &r->m[i];
        if (m->space != FX_SPACE_LDS || (m->addr & 3) || m->addr / 4 >= TP_LDS_DW)
            continue;
        if (!g && !(g = group_claim(p, r)))
            return;
        lds_set(g, (uint32_t)(m->addr / 4), m->val);
    }
    if (code_of(p, r)->endpgm) {   /* the wave has ended: its slot goes first to the next new wave */
        w->used = 0, w->have = 0;
        p->wlast = NULL;
        if (r->launch == p->wmap_launch && r->wave < p->wmap_n && p->wmap[r->wave] && p->nfree < TP_WAVES)
            p->freel[p->nfree++] = (uint16_t)(p->wmap[r->wave] - 1);
    }
}

/* ---- fills ---------------------------------------------------------------- */

/* Operands (VGPRs as 256 + n, SGPRs as their encoding) the prediction of
 * a VGPR write of instruction k reads, into src[]; returns how many. */
static unsigned sources(const tp_code_t *k, uint16_t src[8])
{
    unsigned n = 0;
    if (k->kind == K_DS_STORE || k->kind == K_FLAT_STORE) {   /* address and data VGPRs, as 256 + n */
        unsigned a = k->kind == K_DS_STORE ? k->vaddr : k->vaddr + 256u;
        src[n++] = (uint16_t)a;
        if (k->pair)
            src[n++] = (uint16_t)(a + 1);
        for (unsigned e = 0; e < k->nel; e++)
            for (unsigned j = 0; j < k->per && n < 8; j++)
                src[n++] = (uint16_t)(256u + k->data[e] + j);
        return n;
    }
    if (k->kind == K_DS) {
        src[n++] = k->vaddr;
        return n;
    }
    if (k->kind == K_LSHLREV64 || k->kind == K_LSHL64) {
        unsigned vs = k->kind == K_LSHLREV64 ? 1 : 0;
        src[n++] = k->src[1 - vs];
        src[n++] = k->src[vs];
        src[n++] = (uint16_t)(k->src[vs] + 1);
        return n;
    }
    for (unsigned i = 0; i < k_nsrc[k->kind]; i++)
        src[n++] = k->src[i];
    if (k->kind == K_MAC || k->kind == K_FMAC)
        src[n++] = k->dst;
    if (k->kind == K_ADDC || k->kind == K_CNDMASK) {
        src[n++] = k->src[2];
        src[n++] = (uint16_t)(k->src[2] + 1);
    }
    return n;
}

/* A writer's values of r's wave or work-group: in this chunk's slot, or in
 * a slot unused in this chunk that still holds them (found without
 * claiming one, so the chunk's slots change only where a reader's do). */
static tp_wave_t *wave_held(tp_state_t *p, const trace_rec_t *r)
{
    return wave_slot(p, r);
}

static tp_group_t *group_held(tp_state_t *p, const trace_rec_t *r)
{
    tp_group_t *g = group_find(p, r);
    for (unsigned j = 0; !g && j < TP_GROUPS; j++)
        if (p->g[j] && group_is(p->g[j], r))
            g = p->g[j];
    return g;
}

static void add_vfill(tp_fills_t *f, const tp_wave_t *w, unsigned reg)
{
    for (unsigned i = 0; i < f->nv; i++)
        if (f->v[i].reg == reg)
            return;
    if (f->nv == TP_FILL_V)
        return;
    f->v[f->nv].reg = (uint16_t)reg;
    f->v[f->nv].mask = w->ve[reg] & ~(w->used ? w->vk[reg] : 0);
    for (unsigned l = 0; l < 64; l++)
        f->v[f->nv].val[l] = f->v[f->nv].mask >> l & 1 ? w->row[reg][l] : 0;
    f->nv++;
}

static void add_sfill(tp_fills_t *f, const tp_wave_t *w, unsigned reg)
{
    for (unsigned i = 0; i < f->ns; i++)
        if (f->s[i].reg == reg)
            return;
    if (f->ns == TP_FILL_S)
        return;
    f->s[f->ns].reg = (uint16_t)reg;
    f->s[f->ns].val = w->s[reg];
    f->ns++;
}

/* LDS dwords a DS load of the lanes of mask reads that the chunk lacks and
 * the writer knows (addresses from the VGPR's ever-known lanes). */
static void lds_fills(const tp_group_t *g, const tp_wave_t *w, const tp_code_t *k, const trace_vreg_t *v,
                      tp_fills_t *f)
{
    unsigned d = v->reg - (k->dst - 256u), areg = k->vaddr - 256u;
    if (k->dst < 256 || v->reg < k->dst - 256u || d >= k->nel * k->per || k->vaddr < 256 || areg >= TP_VGPRS ||
        (w->ve[areg] & v->mask) != v->mask)
        return;
    uint32_t off = k->off[d / k->per] + 4 * (d % k->per);
    for (uint64_t m = v->mask; m; m &= m - 1) {
        uint32_t a = w->row[areg][__builtin_ctzll(m)] + off;
        if ((a & 3) || a / 4 >= TP_LDS_DW || lds_kbyte(g, a / 4) != 2)
            continue;
        unsigned i = 0;
        while (i < f->nl && f->l[i].addr != a)
            i++;
        if (i == f->nl && f->nl < TP_FILL_L) {
            f->l[f->nl].addr = a;
            f->l[f->nl].val = lds_val(g, a / 4);
            f->nl++;
        }
    }
}

void tp_fills(tp_state_t *p, const trace_rec_t *r, tp_fills_t *f)
{
    f->nv = f->ns = f->nl = 0;
    if (!p || !p->t || !p->writer || (r->flags & (TRACE_F_FAULT | TRACE_F_OVERFLOW | TRACE_F_NONDET)))
        return;
    const tp_code_t *k = code_of(p, r);
    int store = k->kind == K_DS_STORE || k->kind == K_FLAT_STORE;
    if (k->kind == K_NONE || (store ? !r->nm : !r->nv))
        return;
    const tp_wave_t *w = wave_held(p, r);
    if (!w)
        return;
    const tp_group_t *g = k->kind == K_DS ? group_held(p, r) : NULL;
    uint16_t src[8];
    unsigned n = sources(k, src);
    for (unsigned i = 0; i < (store ? 1 : r->nv); i++) {
        uint64_t need = store ? r->exec : r->v[i].mask;
        for (unsigned j = 0; j < n; j++) {
            unsigned s = src[j];
            if (s >= 256 && s - 256 < TP_VGPRS) {
                unsigned reg = s - 256;
                if (((w->used ? w->vk[reg] : 0) & need) != need && (w->ve[reg] & need) == need)
                    add_vfill(f, w, reg);
            } else if (s < 128 && s != 125) {
                uint64_t bit = 1ull << (s & 63);
                if (!((w->used ? w->sk[s >> 6] : 0) & bit) && (w->se[s >> 6] & bit))
                    add_sfill(f, w, s);
            }
        }
        if (g && !store)
            lds_fills(g, w, k, &r->v[i], f);
    }
}

void tp_fill_vreg(tp_state_t *p, const trace_rec_t *r, unsigned reg, uint64_t mask, const uint32_t val[64])
{
    tp_wave_t *w;
    uint32_t *row;
    if (!p || !p->t || reg >= TP_VGPRS || !(w = wave_claim(p, r)) || !(row = row_for_write(w, reg)))
        return;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        row[l] = val[l];
    }
    w->vk[reg] |= mask;
    w->ve[reg] |= mask;
}

void tp_fill_sreg(tp_state_t *p, const trace_rec_t *r, unsigned reg, uint32_t val)
{
    tp_wave_t *w;
    if (!p || !p->t || reg >= 128 || !(w = wave_claim(p, r)))
        return;
    w->s[reg] = val;
    w->sk[reg >> 6] |= 1ull << (reg & 63);
    w->se[reg >> 6] |= 1ull << (reg & 63);
}

void tp_fill_lds(tp_state_t *p, const trace_rec_t *r, uint32_t addr, uint32_t val)
{
    tp_group_t *g;
    if (!p || !p->t || (addr & 3) || addr / 4 >= TP_LDS_DW || !(g = group_claim(p, r)))
        return;
    lds_set(g, addr / 4, val);
}

/* ---- memory writes ------------------------------------------------------ */

int tp_predict_mem(tp_state_t *p, const trace_rec_t *r, trace_mem_t *out, unsigned max, unsigned *n)
{
    if (!p || !p->t || (r->flags & (TRACE_F_FAULT | TRACE_F_OVERFLOW | TRACE_F_NONDET)))
        return 0;
    const tp_code_t *k = code_of(p, r);
    if (k->kind != K_DS_STORE && k->kind != K_FLAT_STORE)
        return 0;
    const tp_wave_t *w = wave_find(p, r);
    uint64_t mask = r->exec;
    unsigned areg = k->kind == K_DS_STORE ? k->vaddr - 256u : k->vaddr;
    if (!w || !mask || areg + k->pair >= TP_VGPRS || (w->vk[areg] & mask) != mask ||
        (k->pair && (w->vk[areg + 1] & mask) != mask))
        return 0;
    unsigned cnt = 0, per = k->per;
    for (unsigned e = 0; e < k->nel; e++)
        for (unsigned j = 0; j < per; j++) {
            unsigned dreg = k->data[e] + j;
            if (dreg >= TP_VGPRS || (w->vk[dreg] & mask) != mask)
                return 0;
            for (uint64_t m = mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                if (cnt == max)
                    return 0;
                trace_mem_t *o = &out[cnt++];
                if (k->kind == K_DS_STORE) {
                    o->space = FX_SPACE_LDS;
                    o->addr = (uint32_t)(w->row[areg][l] + k->off[e] + 4 * j);
                } else {
                    o->space = FX_SPACE_GLOBAL;
                    o->addr = ((uint64_t)w->row[areg + 1][l] << 32 | w->row[areg][l]) + (uint64_t)(int64_t)k->foff +
                              4 * j;
                }
                o->val = w->row[dreg][l];
            }
        }
    *n = cnt;
    return 1;
}
