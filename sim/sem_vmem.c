/* sem_vmem.c — MUBUF and MTBUF semantics: buffer loads and stores (bytes,
 * shorts, 1-4 dwords, gfx8/9 d16 and d16_hi), format loads/stores and
 * tbuffer (the common 8/16/32-bit formats), atomics with glc returning
 * the old value, LDS DMA (lds bit, buffer_store_lds_dword), cache
 * invalidations (no-ops).
 *
 * Addressing, from the buffer resource V# in s[srsrc:srsrc+3]: base
 * [47:0], stride [61:48], swizzle_en [63], num_records [95:64], dst_sel
 * [107:96], num/data format [110:108]/[114:111], element size [116:115]
 * (gfx6/7; 4 bytes on gfx8/9), index stride [118:117], add_tid [119].
 *   index  = (idxen ? VGPR : 0) + (add_tid ? lane : 0)
 *   offset = (offen ? VGPR : 0) + inst_offset  (the next VGPR when both)
 *   linear:   address = base + soffset + index * stride + offset
 *   swizzled: address = base + soffset + (index / index_stride * stride +
 *             offset / element_size * element_size) * index_stride +
 *             index % index_stride * element_size + offset % element_size
 *   gfx6/7 addr64: address = base + VGPR pair + soffset + inst_offset,
 *             no range check.
 * Range check (soffset not included), per dword for dword loads/stores,
 * as a whole for format ops and atomics; out of range reads 0 and drops
 * writes (recorded in fx->acc[].oob):
 *   gfx6/7: stride == 0 ? offset + size > num_records : index >= num_records
 *   gfx8:   swizzled with stride ? index >= num_records
 *                                : index * stride + offset + size > num_records
 *   gfx9:   idxen ? index >= num_records : offset + size > num_records
 * The offset is 32-bit (wrapping) on gfx9 and unbounded before, so a
 * negative VGPR offset is out of range on gfx6-8 (LLVM relies on gfx9
 * wrapping).  An in-range access outside every allocation faults.
 * Counters: VM_CNT +1; on gfx6 stores and atomics also EXP_CNT +1. */
#include "sim/f16.h"
#include "sim/sem_mem.h"

/* ---- the buffer resource ------------------------------------------------ */

typedef struct {
    uint64_t base;
    uint32_t stride, numrec, elsize, idxstride;
    uint8_t swz, addtid, dfmt, nfmt, dst_sel[4];
} vsharp_t;

static void vsharp(const wave_t *w, unsigned s, vsharp_t *v)
{
    const uint32_t *d = &w->sgpr[s & 127];
    uint32_t d3 = s + 3 < 128 ? d[3] : 0;
    v->base = (uint64_t)(d[1] & 0xffff) << 32 | d[0];
    v->stride = (d[1] >> 16) & 0x3fff;
    v->swz = (uint8_t)(d[1] >> 31);
    v->numrec = d[2];
    for (int i = 0; i < 4; i++)
        v->dst_sel[i] = (uint8_t)((d3 >> (3 * i)) & 7);
    v->nfmt = (uint8_t)((d3 >> 12) & 7);
    v->dfmt = (uint8_t)((d3 >> 15) & 15);
    v->elsize = w->ctx->t->gen <= ISA_GFX7 ? 2u << ((d3 >> 19) & 3) : 4u;
    v->idxstride = 8u << ((d3 >> 21) & 3);
    v->addtid = (uint8_t)((d3 >> 23) & 1);
}

static void buf_count(wave_t *w, int store)
{
    if (!w->fx)
        return;
    w->fx->vm_cnt++;
    if (store && w->ctx->t->gen == ISA_GFX6)
        w->fx->exp_cnt++;
}

/* Whether the access of size bytes at (index, offset) is out of range. */
static int buf_oor(const wave_t *w, const isa_inst_t *in, const vsharp_t *v, uint32_t idx, uint64_t off, unsigned size)
{
    switch (w->ctx->t->gen) {
    case ISA_GFX6:
    case ISA_GFX7:
        return v->stride == 0 ? off + size > v->numrec : idx >= v->numrec;
    case ISA_GFX8:
        if (v->swz && v->stride)
            return idx >= v->numrec;
        return (uint64_t)idx * v->stride + off + size > v->numrec;
    default:
        return in->idxen ? idx >= v->numrec : off + size > v->numrec;
    }
}

/* Byte offset from base + soffset of (index, offset). */
static uint64_t buf_offset(const vsharp_t *v, uint32_t idx, uint64_t off)
{
    if (!v->swz)
        return (uint64_t)idx * v->stride + off;
    uint64_t imsb = idx / v->idxstride, ilsb = idx % v->idxstride;
    uint64_t omsb = off / v->elsize, olsb = off % v->elsize;
    return (imsb * v->stride + omsb * v->elsize) * v->idxstride + ilsb * v->elsize + olsb;
}

/* Plan the access of every active lane: npieces pieces of psize bytes at
 * consecutive offsets.  whole: range-checked as one access (format ops,
 * atomics); align: natural alignment an atomic needs (0 otherwise).
 * Returns 0, or -1 after a fault. */
static int buf_plan(wave_t *w, const isa_inst_t *in, const vsharp_t *v, mem_plan_t *pl, unsigned npieces,
                    unsigned psize, int whole, int kind, unsigned align)
{
    const uint32_t *va = NULL, *vb = NULL;
    if (in->addr64 || in->idxen || in->offen) {
        va = wave_vreg(w, in->vaddr - 256);
        if (!va)
            return -1;
        if (in->addr64 || (in->idxen && in->offen)) {
            vb = wave_vreg(w, in->vaddr - 255);
            if (!vb)
                return -1;
        }
    }
    int gfx9 = w->ctx->t->gen >= ISA_GFX9;
    uint32_t soff = wave_sread(w, in, in->soffset, OT_B32), ioff = (uint32_t)in->offset & 0xfff;
    const mem_region_t *rc = NULL;
    pl->mask = wave_exec(w);
    pl->oob = 0;
    pl->npieces = npieces;
    pl->psize = psize;
    /* the private segment buffer (swizzled, ADD_TID, based in the scratch
     * allocation, which the kernel may have moved to its wave's part): a
     * lane's piece outside its wave's scratch is counted */
    const sim_ctx_t *c = w->ctx;
    int scratch = v->swz && v->addtid && !in->addr64 && c->scratch_size && v->base >= c->scratch_addr &&
                  v->base - c->scratch_addr < c->scratch_size;
    for (uint64_t m = pl->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        pl->space[l] = FX_SPACE_GLOBAL;
        uint32_t idx = (in->idxen ? va[l] : 0) + (v->addtid ? l : 0);
        uint32_t voff = in->offen ? (in->idxen ? vb[l] : va[l]) : 0;
        int dead = 0;
        for (unsigned k = 0; k < npieces; k++) {
            uint64_t a, off = gfx9 ? (uint32_t)(voff + ioff + k * psize) : (uint64_t)voff + ioff + k * psize;
            int out;
            if (in->addr64) {
                a = v->base + ((uint64_t)vb[l] << 32 | va[l]) + soff + ioff + k * psize;
                out = 0;
            } else {
                a = v->base + soff + buf_offset(v, idx, off);
                if (whole)
                    out = k == 0 ? (dead = buf_oor(w, in, v, idx, off, npieces * psize)) : dead;
                else
                    out = buf_oor(w, in, v, idx, off, psize);
                if (!out && v->swz && off % v->elsize + psize > v->elsize) {
                    mem_fault_misaligned(w, in, (int)l, a, psize, "a swizzled access may not cross an element");
                    return -1;
                }
            }
            a &= 0xffffffffffffull;
            if (scratch && !out && (a < w->scratch_addr || a - w->scratch_addr >= w->ctx->scratch_per_wave))
                w->ctx->scratch_oob++;
            pl->a[k][l] = a;
            pl->p[k][l] = NULL;
            if (out) {
                pl->oob |= 1ull << l;
                continue;
            }
            if ((align && k == 0 && (a & (align - 1))) || mem_device_misaligned(w, a, psize)) {
                mem_fault_misaligned(w, in, (int)l, a, align ? align : psize,
                                     align ? "atomics need natural alignment" : "gfx6 needs aligned dwords and shorts");
                return -1;
            }
            /* an atomic's pieces must lie in one allocation */
            unsigned span = align && k == 0 ? npieces * psize : psize;
            if (!align || k == 0) {
                uint8_t *p = mem_device_rc(w, in, (int)l, a, span, kind, &rc);
                if (!p)
                    return -1;
                pl->p[k][l] = p;
            } else {
                pl->p[k][l] = pl->p[0][l] + k * psize;
            }
        }
    }
    return 0;
}

/* ---- loads and stores ----------------------------------------------------- */

/* Write a load's results: ndw dwords to VDATA (and a 0 status dword with
 * tfe), or with the lds bit the first dword to LDS. */
static void buf_result(wave_t *w, const isa_inst_t *in, uint32_t v[][64], unsigned ndw, uint64_t mask)
{
    if (in->lds) {
        mem_lds_dma(w, (uint32_t)in->offset & 0xfff, v[0], mask);
        return;
    }
    for (unsigned k = 0; k < ndw; k++)
        wave_write_vreg(w, in->vdata - 256 + k, v[k], mask);
    if (in->tfe) {
        uint32_t zero[64] = {0};
        wave_write_vreg(w, in->vdata - 256 + ndw, zero, mask);
    }
}

/* VDATA = MEM[addr] (ndw dwords, or one extended byte/short); d16: the
 * low (hi: high) half of VDATA only */
static inline void buf_load(wave_t *w, const isa_inst_t *in, unsigned ndw, unsigned psize, unsigned ext, int d16,
                            int hi)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    uint32_t *d[5];
    mem_plan_t pl;
    if ((!in->lds && mem_vregs(w, in->vdata, ndw + in->tfe, d)) || buf_plan(w, in, &v, &pl, ndw, psize, 0, MEM_READ, 0))
        return;
    uint32_t val[4][64];
    mem_plan_load(w, &pl, ndw, ext, d16, hi, in->lds ? NULL : d[0], val);
    buf_result(w, in, val, ndw, pl.mask);
    buf_count(w, 0);
}

/* buffer_load_*: VDATA = MEM[addr] (the variants: MEM_LOADS) */
#define BUF_LOAD(sfx, ndw, psize, ext, d16, hi) \
    static void buffer_##sfx(wave_t *w, const isa_inst_t *in) { buf_load(w, in, ndw, psize, ext, d16, hi); }
MEM_LOADS(BUF_LOAD)

/* MEM[addr] = VDATA (ndw dwords, or the low byte/short; shift 16: the high half) */
static inline void buf_store(wave_t *w, const isa_inst_t *in, unsigned ndw, unsigned psize, unsigned shift)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    uint32_t *s[4];
    mem_plan_t pl;
    if (mem_vregs(w, in->vdata, ndw, s) || buf_plan(w, in, &v, &pl, ndw, psize, 0, MEM_WRITE, 0))
        return;
    mem_plan_store(w, &pl, ndw, shift, s);
    buf_count(w, 1);
}

/* buffer_store_*: MEM[addr] = VDATA (the variants: MEM_STORES) */
#define BUF_STORE(sfx, ndw, psize, shift) \
    static void buffer_##sfx(wave_t *w, const isa_inst_t *in) { buf_store(w, in, ndw, psize, shift); }
MEM_STORES(BUF_STORE)

/* MEM[addr] = MEM_LDS[M0 + inst_offset + lane * 4] (gfx8/9) */
static void buffer_store_lds_dword(wave_t *w, const isa_inst_t *in)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    mem_plan_t pl;
    if (buf_plan(w, in, &v, &pl, 1, 4, 0, MEM_WRITE, 0))
        return;
    uint32_t x[64];
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a = (w->sgpr[SREG_M0] & 0xffff) + ((uint32_t)in->offset & 0xfff) + 4 * l;
        const uint8_t *p = mem_lds(w, a, 4, w->wg->lds_size);
        x[l] = 0;
        if (p)
            memcpy(&x[l], p, 4);
    }
    mem_plan_write(w, &pl, 0, x);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
    buf_count(w, 1);
}

/* ---- atomics --------------------------------------------------------------- */

/* MEM = op(MEM, VDATA); with glc VDATA = MEM's old value.  cmpswap:
 * VDATA[0] = new value, VDATA[1] = compare value (64-bit: [1:0], [3:2]). */
static inline void buf_atomic(wave_t *w, const isa_inst_t *in, atom_t op, unsigned esize)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    unsigned per = esize / 4, cmp = op == AT_CMPSWAP || op == AT_FCMPSWAP;
    uint32_t *s[4];
    mem_plan_t pl;
    if (mem_vregs(w, in->vdata, per * (1 + cmp), s) || buf_plan(w, in, &v, &pl, per, 4, 1, MEM_RMW, esize))
        return;
    uint32_t old[2][64];
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t *p = pl.p[0][l];
        old[0][l] = old[1][l] = 0;
        if (!p)
            continue;
        if (w->fx)
            mem_log_write(w, FX_SPACE_GLOBAL, pl.a[0][l], p, esize);
        uint64_t o = 0;
        memcpy(&o, p, esize);   /* little-endian host: the dwords in order */
        uint64_t n = mem_atom(op, esize, cmp, o, s, l);
        memcpy(p, &n, esize);
        old[0][l] = (uint32_t)o;
        old[1][l] = (uint32_t)(o >> 32);
    }
    if (in->glc)
        for (unsigned k = 0; k < per; k++)
            wave_write_vreg(w, in->vdata - 256 + k, old[k], pl.mask);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_RMW, 0);
    buf_count(w, 1);
}

#define BUF_ATOMIC(fn, op, esize) \
    static void fn(wave_t *w, const isa_inst_t *in) { buf_atomic(w, in, op, esize); }

BUF_ATOMIC(buffer_atomic_swap, AT_SWAP, 4)
BUF_ATOMIC(buffer_atomic_cmpswap, AT_CMPSWAP, 4)
BUF_ATOMIC(buffer_atomic_add, AT_ADD, 4)
BUF_ATOMIC(buffer_atomic_sub, AT_SUB, 4)
BUF_ATOMIC(buffer_atomic_smin, AT_SMIN, 4)
BUF_ATOMIC(buffer_atomic_umin, AT_UMIN, 4)
BUF_ATOMIC(buffer_atomic_smax, AT_SMAX, 4)
BUF_ATOMIC(buffer_atomic_umax, AT_UMAX, 4)
BUF_ATOMIC(buffer_atomic_and, AT_AND, 4)
BUF_ATOMIC(buffer_atomic_or, AT_OR, 4)
BUF_ATOMIC(buffer_atomic_xor, AT_XOR, 4)
BUF_ATOMIC(buffer_atomic_inc, AT_INC, 4)
BUF_ATOMIC(buffer_atomic_dec, AT_DEC, 4)
BUF_ATOMIC(buffer_atomic_fcmpswap, AT_FCMPSWAP, 4)
BUF_ATOMIC(buffer_atomic_fmin, AT_FMIN, 4)
BUF_ATOMIC(buffer_atomic_fmax, AT_FMAX, 4)
BUF_ATOMIC(buffer_atomic_swap_x2, AT_SWAP, 8)
BUF_ATOMIC(buffer_atomic_cmpswap_x2, AT_CMPSWAP, 8)
BUF_ATOMIC(buffer_atomic_add_x2, AT_ADD, 8)
BUF_ATOMIC(buffer_atomic_sub_x2, AT_SUB, 8)
BUF_ATOMIC(buffer_atomic_smin_x2, AT_SMIN, 8)
BUF_ATOMIC(buffer_atomic_umin_x2, AT_UMIN, 8)
BUF_ATOMIC(buffer_atomic_smax_x2, AT_SMAX, 8)
BUF_ATOMIC(buffer_atomic_umax_x2, AT_UMAX, 8)
BUF_ATOMIC(buffer_atomic_and_x2, AT_AND, 8)
BUF_ATOMIC(buffer_atomic_or_x2, AT_OR, 8)
BUF_ATOMIC(buffer_atomic_xor_x2, AT_XOR, 8)
BUF_ATOMIC(buffer_atomic_inc_x2, AT_INC, 8)
BUF_ATOMIC(buffer_atomic_dec_x2, AT_DEC, 8)
BUF_ATOMIC(buffer_atomic_fcmpswap_x2, AT_FCMPSWAP, 8)
BUF_ATOMIC(buffer_atomic_fmin_x2, AT_FMIN, 8)
BUF_ATOMIC(buffer_atomic_fmax_x2, AT_FMAX, 8)

/* ---- formats ---------------------------------------------------------------- */

/* Channels and bits per channel of the data formats gcnsim converts:
 * 8, 16, 8_8, 32, 16_16, 8_8_8_8, 32_32, 16_16_16_16, 32_32_32, 32_32_32_32. */
static int fmt_layout(unsigned dfmt, unsigned *nch, unsigned *bits)
{
    static const uint8_t ch[15] = {0, 1, 1, 2, 1, 2, 0, 0, 0, 0, 4, 2, 4, 3, 4};
    static const uint8_t b[15] = {0, 8, 16, 8, 32, 16, 0, 0, 0, 0, 8, 32, 16, 32, 32};
    if (dfmt >= 15 || !ch[dfmt])
        return -1;
    *nch = ch[dfmt];
    *bits = b[dfmt];
    return 0;
}

static int fmt_ok(unsigned nfmt, unsigned bits)
{
    if (nfmt == NF_SNORM_OGL)
        return 0;
    if (nfmt == NF_FLOAT)
        return bits != 8;
    if (nfmt <= NF_SSCALED)
        return bits != 32;
    return 1;
}

static int fmt_is_int(unsigned nfmt)
{
    return nfmt == NF_UINT || nfmt == NF_SINT;
}


/* The format (data, number) of a format op: the instruction's for tbuffer,
 * the V#'s otherwise; -1 after faulting on an unsupported one. */
static int fmt_of(wave_t *w, const isa_inst_t *in, const vsharp_t *v, unsigned *nch, unsigned *bits, unsigned *nfmt)
{
    unsigned dfmt = in->enc == ISA_ENC_MTBUF ? in->dfmt : v->dfmt;
    *nfmt = in->enc == ISA_ENC_MTBUF ? in->nfmt : v->nfmt;
    if (fmt_layout(dfmt, nch, bits) || !fmt_ok(*nfmt, *bits)) {
        wave_fault(w, FAULT_UNIMPLEMENTED, 0, -1, "%s: data format %u with number format %u is not implemented",
                   mem_name(in), dfmt, *nfmt);
        return -1;
    }
    return 0;
}

/* Whether D16 components are packed two per dword (gfx9, gfx810) rather than one per dword (gfx80x). */
static int d16_packed(const wave_t *w)
{
    return !(w->ctx->t->gen == ISA_GFX8 && w->ctx->t->minor == 0);
}

/* Plan a format access: one element of nch channels; pieces are dwords
 * for 32-bit channels, else a single piece of the element's bytes read as
 * up to 4 bytes at a time. */
static int fmt_plan(wave_t *w, const isa_inst_t *in, const vsharp_t *v, mem_plan_t *pl, unsigned nch, unsigned bits,
                    int kind)
{
    unsigned bytes = nch * bits / 8;
    if (bits == 32)
        return buf_plan(w, in, v, pl, nch, 4, 1, kind, 0);
    return buf_plan(w, in, v, pl, bytes > 4 ? 2 : 1, bytes > 4 ? 4 : bytes, 1, kind, 0);
}

/* VDATA = the first ncomp components of the formatted element, missing
 * channels 0 (w: 1), through the V#'s dst_sel; d16: as f16 / 16-bit
 * integers (hi: into VDATA[31:16]) */
static inline void buf_load_format(wave_t *w, const isa_inst_t *in, unsigned ncomp, int d16, int hi)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    unsigned nch, bits, nfmt;
    if (fmt_of(w, in, &v, &nch, &bits, &nfmt))
        return;
    int packed = d16 && d16_packed(w);
    unsigned ndw = !d16 ? ncomp : packed ? (ncomp + 1) / 2 : ncomp;
    uint32_t *d[5];
    mem_plan_t pl;
    if ((!in->lds && mem_vregs(w, in->vdata, ndw + in->tfe, d)) || fmt_plan(w, in, &v, &pl, nch, bits, MEM_READ))
        return;
    /* a d16 load of f16 channels moves their bits unconverted */
    int raw16 = d16 && nfmt == NF_FLOAT && bits == 16;
    uint32_t raw[4][64], val[4][64];
    uint32_t one = fmt_is_int(nfmt) ? 1 : raw16 ? 0x3c00u : 0x3f800000u;
    for (unsigned k = 0; k < pl.npieces; k++)
        mem_plan_read(&pl, k, raw[k]);
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t ch[4] = {0, 0, 0, one};
        int in_range = pl.p[0][l] != NULL;
        for (unsigned c = 0; c < nch; c++) {
            uint32_t r;
            if (bits == 32)
                r = raw[c][l];
            else {
                uint64_t all = (uint64_t)raw[1][l] << 32 | raw[0][l];
                r = (uint32_t)(all >> (c * bits)) & ((1u << bits) - 1);
            }
            ch[c] = !in_range ? 0 : raw16 ? r : mem_fmt_decode(r, bits, nfmt);
        }
        if (!in_range)
            ch[3] = 0;
        uint32_t comp[4];
        for (unsigned c = 0; c < 4; c++) {
            unsigned sel = v.dst_sel[c];
            comp[c] = sel >= 4 ? ch[sel - 4] : sel == 1 ? one : 0;
        }
        if (!d16) {
            for (unsigned c = 0; c < ncomp; c++)
                val[c][l] = comp[c];
            continue;
        }
        if (!raw16)
            for (unsigned c = 0; c < ncomp; c++)
                comp[c] = fmt_is_int(nfmt) ? comp[c] & 0xffff : f32_bits_to_f16(comp[c]);
        if (hi)
            val[0][l] = (d[0][l] & 0xffff) | comp[0] << 16;
        else if (!packed)
            for (unsigned c = 0; c < ncomp; c++)
                val[c][l] = comp[c];
        else
            for (unsigned k = 0; k < ndw; k++)
                val[k][l] = comp[2 * k] | (2 * k + 1 < ncomp ? comp[2 * k + 1] << 16 : 0);
    }
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_READ, 0);
    buf_result(w, in, val, ndw, pl.mask);
    buf_count(w, 0);
}

#define BUF_LOAD_FORMAT(fn, ncomp, d16, hi) \
    static void fn(wave_t *w, const isa_inst_t *in) { buf_load_format(w, in, ncomp, d16, hi); }

/* VDATA = formatted x / xy / xyz / xyzw (also tbuffer_load_format_*) */
BUF_LOAD_FORMAT(buffer_load_format_x, 1, 0, 0)
BUF_LOAD_FORMAT(buffer_load_format_xy, 2, 0, 0)
BUF_LOAD_FORMAT(buffer_load_format_xyz, 3, 0, 0)
BUF_LOAD_FORMAT(buffer_load_format_xyzw, 4, 0, 0)
BUF_LOAD_FORMAT(buffer_load_format_d16_x, 1, 1, 0)
BUF_LOAD_FORMAT(buffer_load_format_d16_xy, 2, 1, 0)
BUF_LOAD_FORMAT(buffer_load_format_d16_xyz, 3, 1, 0)
BUF_LOAD_FORMAT(buffer_load_format_d16_xyzw, 4, 1, 0)
BUF_LOAD_FORMAT(buffer_load_format_d16_hi_x, 1, 1, 1)

/* MEM = the first ncomp components of VDATA (d16: f16 / 16-bit integers,
 * hi: VDATA[31:16]) converted to the format's channels */
static inline void buf_store_format(wave_t *w, const isa_inst_t *in, unsigned ncomp, int d16, int hi)
{
    vsharp_t v;
    vsharp(w, in->srsrc, &v);
    unsigned nch, bits, nfmt;
    if (fmt_of(w, in, &v, &nch, &bits, &nfmt))
        return;
    int packed = d16 && d16_packed(w);
    unsigned ndw = !d16 ? ncomp : packed ? (ncomp + 1) / 2 : ncomp;
    uint32_t *s[4];
    mem_plan_t pl;
    if (mem_vregs(w, in->vdata, ndw, s) || fmt_plan(w, in, &v, &pl, nch, bits, MEM_WRITE))
        return;
    /* channels beyond ncomp keep their memory contents */
    uint32_t raw[4][64];
    for (unsigned k = 0; k < pl.npieces; k++)
        mem_plan_read(&pl, k, raw[k]);
    for (uint64_t m = pl.mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        for (unsigned c = 0; c < nch && c < ncomp; c++) {
            uint32_t x;
            if (!d16)
                x = s[c][l];
            else {
                uint32_t h = hi ? s[0][l] >> 16 : packed ? s[c / 2][l] >> (16 * (c & 1)) : s[c][l];
                h &= 0xffff;
                x = fmt_is_int(nfmt) ? h : f16_bits_to_f32(h);
                if (nfmt == NF_FLOAT && bits == 16)
                    x = h;   /* f16 channels take the bits unconverted */
            }
            uint32_t r = d16 && nfmt == NF_FLOAT && bits == 16 ? x : mem_fmt_encode(x, bits, nfmt);
            if (bits == 32) {
                raw[c][l] = r;
            } else {
                uint64_t all = (uint64_t)raw[1][l] << 32 | raw[0][l], mask = ((1ull << bits) - 1) << (c * bits);
                all = (all & ~mask) | (uint64_t)r << (c * bits);
                raw[0][l] = (uint32_t)all;
                raw[1][l] = (uint32_t)(all >> 32);
            }
        }
    }
    for (unsigned k = 0; k < pl.npieces; k++)
        mem_plan_write(w, &pl, k, raw[k]);
    if (w->fx)
        mem_plan_fx(w, &pl, MEM_WRITE, 0);
    buf_count(w, 1);
}

#define BUF_STORE_FORMAT(fn, ncomp, d16, hi) \
    static void fn(wave_t *w, const isa_inst_t *in) { buf_store_format(w, in, ncomp, d16, hi); }

BUF_STORE_FORMAT(buffer_store_format_x, 1, 0, 0)
BUF_STORE_FORMAT(buffer_store_format_xy, 2, 0, 0)
BUF_STORE_FORMAT(buffer_store_format_xyz, 3, 0, 0)
BUF_STORE_FORMAT(buffer_store_format_xyzw, 4, 0, 0)
BUF_STORE_FORMAT(buffer_store_format_d16_x, 1, 1, 0)
BUF_STORE_FORMAT(buffer_store_format_d16_xy, 2, 1, 0)
BUF_STORE_FORMAT(buffer_store_format_d16_xyz, 3, 1, 0)
BUF_STORE_FORMAT(buffer_store_format_d16_xyzw, 4, 1, 0)
BUF_STORE_FORMAT(buffer_store_format_d16_hi_x, 1, 1, 1)

/* buffer_wbinvl1*: write back / invalidate the vector L1 — nothing to do
 * functionally (memory is coherent); counts as a VMEM operation */
static void buffer_wbinvl1(wave_t *w, const isa_inst_t *in)
{
    (void)in;
    buf_count(w, 0);
}

const sem_entry_t sem_vmem_table[] = {
    {ISA_OP_BUFFER_LOAD_DWORD, buffer_load_dword},
    {ISA_OP_BUFFER_LOAD_DWORDX2, buffer_load_dwordx2},
    {ISA_OP_BUFFER_LOAD_DWORDX3, buffer_load_dwordx3},
    {ISA_OP_BUFFER_LOAD_DWORDX4, buffer_load_dwordx4},
    {ISA_OP_BUFFER_LOAD_UBYTE, buffer_load_ubyte},
    {ISA_OP_BUFFER_LOAD_SBYTE, buffer_load_sbyte},
    {ISA_OP_BUFFER_LOAD_USHORT, buffer_load_ushort},
    {ISA_OP_BUFFER_LOAD_SSHORT, buffer_load_sshort},
    {ISA_OP_BUFFER_LOAD_UBYTE_D16, buffer_load_ubyte_d16},
    {ISA_OP_BUFFER_LOAD_UBYTE_D16_HI, buffer_load_ubyte_d16_hi},
    {ISA_OP_BUFFER_LOAD_SBYTE_D16, buffer_load_sbyte_d16},
    {ISA_OP_BUFFER_LOAD_SBYTE_D16_HI, buffer_load_sbyte_d16_hi},
    {ISA_OP_BUFFER_LOAD_SHORT_D16, buffer_load_short_d16},
    {ISA_OP_BUFFER_LOAD_SHORT_D16_HI, buffer_load_short_d16_hi},
    {ISA_OP_BUFFER_STORE_DWORD, buffer_store_dword},
    {ISA_OP_BUFFER_STORE_DWORDX2, buffer_store_dwordx2},
    {ISA_OP_BUFFER_STORE_DWORDX3, buffer_store_dwordx3},
    {ISA_OP_BUFFER_STORE_DWORDX4, buffer_store_dwordx4},
    {ISA_OP_BUFFER_STORE_BYTE, buffer_store_byte},
    {ISA_OP_BUFFER_STORE_SHORT, buffer_store_short},
    {ISA_OP_BUFFER_STORE_BYTE_D16_HI, buffer_store_byte_d16_hi},
    {ISA_OP_BUFFER_STORE_SHORT_D16_HI, buffer_store_short_d16_hi},
    {ISA_OP_BUFFER_STORE_LDS_DWORD, buffer_store_lds_dword},
    {ISA_OP_BUFFER_ATOMIC_SWAP, buffer_atomic_swap},
    {ISA_OP_BUFFER_ATOMIC_CMPSWAP, buffer_atomic_cmpswap},
    {ISA_OP_BUFFER_ATOMIC_ADD, buffer_atomic_add},
    {ISA_OP_BUFFER_ATOMIC_SUB, buffer_atomic_sub},
    {ISA_OP_BUFFER_ATOMIC_SMIN, buffer_atomic_smin},
    {ISA_OP_BUFFER_ATOMIC_UMIN, buffer_atomic_umin},
    {ISA_OP_BUFFER_ATOMIC_SMAX, buffer_atomic_smax},
    {ISA_OP_BUFFER_ATOMIC_UMAX, buffer_atomic_umax},
    {ISA_OP_BUFFER_ATOMIC_AND, buffer_atomic_and},
    {ISA_OP_BUFFER_ATOMIC_OR, buffer_atomic_or},
    {ISA_OP_BUFFER_ATOMIC_XOR, buffer_atomic_xor},
    {ISA_OP_BUFFER_ATOMIC_INC, buffer_atomic_inc},
    {ISA_OP_BUFFER_ATOMIC_DEC, buffer_atomic_dec},
    {ISA_OP_BUFFER_ATOMIC_FCMPSWAP, buffer_atomic_fcmpswap},
    {ISA_OP_BUFFER_ATOMIC_FMIN, buffer_atomic_fmin},
    {ISA_OP_BUFFER_ATOMIC_FMAX, buffer_atomic_fmax},
    {ISA_OP_BUFFER_ATOMIC_SWAP_X2, buffer_atomic_swap_x2},
    {ISA_OP_BUFFER_ATOMIC_CMPSWAP_X2, buffer_atomic_cmpswap_x2},
    {ISA_OP_BUFFER_ATOMIC_ADD_X2, buffer_atomic_add_x2},
    {ISA_OP_BUFFER_ATOMIC_SUB_X2, buffer_atomic_sub_x2},
    {ISA_OP_BUFFER_ATOMIC_SMIN_X2, buffer_atomic_smin_x2},
    {ISA_OP_BUFFER_ATOMIC_UMIN_X2, buffer_atomic_umin_x2},
    {ISA_OP_BUFFER_ATOMIC_SMAX_X2, buffer_atomic_smax_x2},
    {ISA_OP_BUFFER_ATOMIC_UMAX_X2, buffer_atomic_umax_x2},
    {ISA_OP_BUFFER_ATOMIC_AND_X2, buffer_atomic_and_x2},
    {ISA_OP_BUFFER_ATOMIC_OR_X2, buffer_atomic_or_x2},
    {ISA_OP_BUFFER_ATOMIC_XOR_X2, buffer_atomic_xor_x2},
    {ISA_OP_BUFFER_ATOMIC_INC_X2, buffer_atomic_inc_x2},
    {ISA_OP_BUFFER_ATOMIC_DEC_X2, buffer_atomic_dec_x2},
    {ISA_OP_BUFFER_ATOMIC_FCMPSWAP_X2, buffer_atomic_fcmpswap_x2},
    {ISA_OP_BUFFER_ATOMIC_FMIN_X2, buffer_atomic_fmin_x2},
    {ISA_OP_BUFFER_ATOMIC_FMAX_X2, buffer_atomic_fmax_x2},
    {ISA_OP_BUFFER_LOAD_FORMAT_X, buffer_load_format_x},
    {ISA_OP_BUFFER_LOAD_FORMAT_XY, buffer_load_format_xy},
    {ISA_OP_BUFFER_LOAD_FORMAT_XYZ, buffer_load_format_xyz},
    {ISA_OP_BUFFER_LOAD_FORMAT_XYZW, buffer_load_format_xyzw},
    {ISA_OP_BUFFER_LOAD_FORMAT_D16_X, buffer_load_format_d16_x},
    {ISA_OP_BUFFER_LOAD_FORMAT_D16_XY, buffer_load_format_d16_xy},
    {ISA_OP_BUFFER_LOAD_FORMAT_D16_XYZ, buffer_load_format_d16_xyz},
    {ISA_OP_BUFFER_LOAD_FORMAT_D16_XYZW, buffer_load_format_d16_xyzw},
    {ISA_OP_BUFFER_LOAD_FORMAT_D16_HI_X, buffer_load_format_d16_hi_x},
    {ISA_OP_BUFFER_STORE_FORMAT_X, buffer_store_format_x},
    {ISA_OP_BUFFER_STORE_FORMAT_XY, buffer_store_format_xy},
    {ISA_OP_BUFFER_STORE_FORMAT_XYZ, buffer_store_format_xyz},
    {ISA_OP_BUFFER_STORE_FORMAT_XYZW, buffer_store_format_xyzw},
    {ISA_OP_BUFFER_STORE_FORMAT_D16_X, buffer_store_format_d16_x},
    {ISA_OP_BUFFER_STORE_FORMAT_D16_XY, buffer_store_format_d16_xy},
    {ISA_OP_BUFFER_STORE_FORMAT_D16_XYZ, buffer_store_format_d16_xyz},
    {ISA_OP_BUFFER_STORE_FORMAT_D16_XYZW, buffer_store_format_d16_xyzw},
    {ISA_OP_BUFFER_STORE_FORMAT_D16_HI_X, buffer_store_format_d16_hi_x},
    {ISA_OP_TBUFFER_LOAD_FORMAT_X, buffer_load_format_x},
    {ISA_OP_TBUFFER_LOAD_FORMAT_XY, buffer_load_format_xy},
    {ISA_OP_TBUFFER_LOAD_FORMAT_XYZ, buffer_load_format_xyz},
    {ISA_OP_TBUFFER_LOAD_FORMAT_XYZW, buffer_load_format_xyzw},
    {ISA_OP_TBUFFER_LOAD_FORMAT_D16_X, buffer_load_format_d16_x},
    {ISA_OP_TBUFFER_LOAD_FORMAT_D16_XY, buffer_load_format_d16_xy},
    {ISA_OP_TBUFFER_LOAD_FORMAT_D16_XYZ, buffer_load_format_d16_xyz},
    {ISA_OP_TBUFFER_LOAD_FORMAT_D16_XYZW, buffer_load_format_d16_xyzw},
    {ISA_OP_TBUFFER_STORE_FORMAT_X, buffer_store_format_x},
    {ISA_OP_TBUFFER_STORE_FORMAT_XY, buffer_store_format_xy},
    {ISA_OP_TBUFFER_STORE_FORMAT_XYZ, buffer_store_format_xyz},
    {ISA_OP_TBUFFER_STORE_FORMAT_XYZW, buffer_store_format_xyzw},
    {ISA_OP_TBUFFER_STORE_FORMAT_D16_X, buffer_store_format_d16_x},
    {ISA_OP_TBUFFER_STORE_FORMAT_D16_XY, buffer_store_format_d16_xy},
    {ISA_OP_TBUFFER_STORE_FORMAT_D16_XYZ, buffer_store_format_d16_xyz},
    {ISA_OP_TBUFFER_STORE_FORMAT_D16_XYZW, buffer_store_format_d16_xyzw},
    {ISA_OP_BUFFER_WBINVL1, buffer_wbinvl1},
    {ISA_OP_BUFFER_WBINVL1_VOL, buffer_wbinvl1},
    {ISA_OP_BUFFER_WBINVL1_ALT, buffer_wbinvl1},
    {ISA_OP_BUFFER_WBINVL1_SC, buffer_wbinvl1},
    {0, 0},
};
