/* valu_vop3.c — the VOP3 encoding (VOP3a and VOP3b): decoder and formatter
 * for the VOP3-only instructions and for the e64 forms of VOP1/VOP2/VOPC.
 *
 * Which modifiers an instruction takes in this encoding (abs/neg/sext per
 * source, clamp, omod, op_sel) follows from the operand types the way
 * LLVM's instruction profiles derive it, plus the exceptions the rows carry
 * as flags (ISA_F_INT_CLAMP, ISA_F_NO_OMOD, ISA_F_LANE ... in isa.h).
 * The result is cached per generation and row. */
#include <pthread.h>
#include <string.h>
#include "isa/internal.h"

/* ---- profiles ------------------------------------------------------------ */

/* How the abs/neg bits of one source are used. */
enum {
    MOD_NONE,   /* both bits must be zero */
    MOD_FP,     /* |x| and -x */
    MOD_INT,    /* neg is sext(x); abs is ignored (gfx8/9) or invalid (gfx6/7) */
    MOD_IGN,    /* both ignored (gfx9 op_sel integer ops) */
};

/* Operand classes narrower than a VALU source (what LLVM prints without an
 * "invalid register" remark). */
enum { RC_ANY, RC_VGPR, RC_VGPR_LDS, RC_SREG32, RC_SREG32_DST, RC_SREG64, RC_SREG64_XEXEC };

/* Operand layouts. */
enum {
    K_NORMAL,   /* vdst[, sdst], src0.. */
    K_VOPC,     /* sdst (SGPR pair in the vdst field), src0, src1 */
    K_INTERP,   /* vdst, vsrc, attrN.c[, vsrc2] [high] */
    K_INTERP_MOV, /* vdst, p10/p20/p0, attrN.c */
};

typedef struct {
    uint8_t ready, exists;
    uint8_t kind;
    uint8_t e64;            /* print the _e64 suffix */
    uint8_t sdst;           /* VOP3b: SGPR pair in [14:8] */
    uint8_t nsrc;           /* source fields in use */
    uint8_t dst_t, dst_rc;  /* vdst type and class (RC_ANY means a VGPR) */
    uint8_t src_t[3], rc[3], mods[3];
    uint8_t clamp, omod;
    uint8_t opsel;          /* gfx9: op_sel printed ([src0..srcN-1, dst]) */
    uint8_t high;           /* interp f16: "high" in src0 bit 8 */
    /* what llvm-mc-15 refuses to assemble on gfx6/7 */
    uint8_t clobber;        /* vdst overlapping a VGPR source */
    uint8_t rev;            /* lds_direct in a reversed-operand op */
    uint8_t vcc_in, m0_in;  /* implicit vcc / m0 reads use the constant bus */
} vop3_prof_t;

static int is_float(unsigned t)
{
    return t == OT_F16 || t == OT_F32 || t == OT_F64 || t == OT_V2F16;
}

static int is_16bit(unsigned t)
{
    return t == OT_B16 || t == OT_I16 || t == OT_U16 || t == OT_F16;
}

/* Operand layout of the interpolation ops in VOP3 (gfx8/9). */
static void prof_interp(vop3_prof_t *p, const isa_row_t *r)
{
    p->e64 = (r->flags & ISA_F_E64_NAME) != 0;   /* p1/p2/mov_f32 also exist as VINTRP */
    p->dst_t = r->dst_t[0];
    if (r->nsrc == 0) {
        p->kind = K_INTERP_MOV;
        p->nsrc = 2;
    } else {
        p->kind = K_INTERP;
        p->nsrc = (uint8_t)(r->nsrc == 2 ? 3 : 2);
        p->high = !p->e64;
        p->mods[1] = MOD_FP;
        p->rc[1] = RC_VGPR;
        p->src_t[1] = OT_F32;
        if (r->nsrc == 2) {
            p->mods[2] = MOD_FP;
            p->rc[2] = RC_VGPR;
            p->src_t[2] = OT_F32;
        }
    }
    p->clamp = 1;
    p->omod = is_float(r->dst_t[0]) && r->dst_t[0] != OT_F16;
}

/* Clamp: float results/sources (float compares only on gfx8/9), plus the
 * integer ops LLVM gives a clamp bit on gfx8/9. */
static int prof_clamp(const vop3_prof_t *p, const isa_row_t *r, unsigned gen, uint64_t q, int any_fsrc)
{
    if (gen <= ISA_GFX7) {
        if (p->kind == K_VOPC || p->sdst)
            return 0;   /* VOP3b has no clamp bit on gfx6/7 */
        return r->ndst && is_float(r->dst_t[0]);
    }
    if (q & ISA_F_INT_CLAMP)
        return 1;
    if (p->kind == K_VOPC)
        return r->nsrc == 2 && is_float(r->src_t[0]) && is_float(r->src_t[1]);
    return any_fsrc || (r->ndst && is_float(r->dst_t[0]));
}

/* Sources: types, register classes and abs/neg use; returns whether any
 * source is a float. */
static int prof_srcs(vop3_prof_t *p, const isa_row_t *r, unsigned gen, unsigned fam, uint64_t q)
{
    p->nsrc = r->nsrc;
    int any_fsrc = 0;
    for (unsigned i = 0; i < r->nsrc && i < 3; i++) {
        p->src_t[i] = r->src_t[i];
        any_fsrc |= is_float(r->src_t[i]);
    }
    /* the vcc input of a VOP2 op (v_cndmask, v_addc) is src2 in VOP3 */
    if (fam == ISA_ENC_VOP2 && (r->flags & ISA_F_READ_VCC) && p->nsrc == 2) {
        p->nsrc = 3;
        p->src_t[2] = OT_SREG64;
        p->rc[2] = RC_SREG64_XEXEC;
    }
    if (q & ISA_F_LANE) {
        p->rc[0] = (q & ISA_F_SGPR_DST) ? RC_VGPR_LDS : RC_SREG32;
        p->rc[1] = RC_SREG32;
    }
    if (q & ISA_F_SRC2_VGPR)
        p->rc[2] = RC_VGPR;
    if (q & ISA_F_SRC0_VGPR)
        p->rc[0] = RC_VGPR;
    int is16 = 0;
    for (unsigned i = 0; i < p->nsrc; i++)
        is16 |= is_16bit(p->src_t[i]);
    /* gfx9's new 16-bit VOP3 ops take op_sel; the renamed gfx8 ones do not */
    p->opsel = gen >= ISA_GFX9 && fam == ISA_ENC_VOP3 && is16 && !(r->flags & ISA_F_NO_OPSEL);
    for (unsigned i = 0; i < p->nsrc; i++) {
        if (p->rc[i] != RC_ANY && p->rc[i] != RC_VGPR)
            continue;
        if (is_float(p->src_t[i]) || ((q & ISA_F_FP_MODS) && p->src_t[i] != OT_SREG64))
            p->mods[i] = MOD_FP;
        else if (p->opsel)
            p->mods[i] = MOD_IGN;
        else if (any_fsrc && i > 0 && p->kind != K_VOPC)
            p->mods[i] = MOD_INT;
    }
    return any_fsrc;
}

static void prof_build(vop3_prof_t *p, const isa_row_t *r, unsigned gen)
{
    unsigned opc = (unsigned)r->opc[gen];
    unsigned fam = isa_valu_family(gen, opc);
    uint64_t q = r->flags;
    memset(p, 0, sizeof *p);
    p->ready = 1;
    if (r->opc[gen] == ISA_NA || (fam != ISA_ENC_VOP3 && (r->flags & ISA_F_NO_E64)))
        return;
    p->exists = 1;
    /* LLVM drops _e64 for operand-less ops; gfx6/7 text keeps it to re-assemble as VOP3 */
    p->e64 = fam != ISA_ENC_VOP3 && (r->ndst || r->nsrc || gen <= ISA_GFX7);
    if (r->flags & ISA_F_INTERP) {
        prof_interp(p, r);
        return;
    }
    p->kind = fam == ISA_ENC_VOPC ? K_VOPC : K_NORMAL;
    p->sdst = (r->flags & ISA_F_VOP3B) != 0;
    p->dst_t = r->ndst ? r->dst_t[0] : OT_NONE;
    if (q & ISA_F_SGPR_DST)
        p->dst_rc = RC_SREG32_DST;
    int any_fsrc = prof_srcs(p, r, gen, fam, q);
    p->clamp = (uint8_t)prof_clamp(p, r, gen, q, any_fsrc);
    p->clobber = (q & ISA_F_CLOBBER) != 0;
    p->rev = (r->flags & ISA_F_REV) != 0;
    p->vcc_in = fam == ISA_ENC_VOP3 && (r->flags & ISA_F_READ_VCC);
    p->m0_in = (r->flags & ISA_F_READ_M0) != 0;
    /* omod: float results, and one-source ops reading a float */
    int dst_f = r->ndst && is_float(r->dst_t[0]);
    p->omod = p->kind != K_VOPC && !(q & ISA_F_NO_OMOD) &&
              (dst_f || (r->nsrc == 1 && is_float(r->src_t[0])));
}

static vop3_prof_t prof_cache[ISA_NGEN][ISA_OP_COUNT];
static pthread_once_t prof_once = PTHREAD_ONCE_INIT;

/* Every VALU row's profile in every generation, once (pthread_once: the
 * first decode or format of a VOP3 word, from whichever thread). */
static void prof_build_all(void)
{
    for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
        const isa_row_t *r = isa_row(op);
        int valu = r->enc == ISA_ENC_VOP1 || r->enc == ISA_ENC_VOP2 || r->enc == ISA_ENC_VOPC ||
                   r->enc == ISA_ENC_VOP3;
        for (unsigned gen = 0; gen < ISA_NGEN; gen++) {
            if (valu)
                prof_build(&prof_cache[gen][op], r, gen);
            else
                prof_cache[gen][op].ready = 1;   /* exists = 0 */
        }
    }
}

/* The VOP3 profile of row op in generation gen. */
static const vop3_prof_t *prof_get(unsigned gen, unsigned op)
{
    pthread_once(&prof_once, prof_build_all);
    return &prof_cache[gen][op];
}

/* ---- decoder ------------------------------------------------------------- */

/* VOP3 gfx6/7: [31:26]=110100, op[25:17], clamp[11], abs[10:8], vdst[7:0]
 *   (VOP3b: sdst[14:8]);  gfx8/9: op[25:16], clamp[15], op_sel[14:11] (gfx9),
 *   abs[10:8], vdst[7:0] (VOP3b: sdst[14:8]).  Second dword: src0[8:0],
 *   src1[17:9], src2[26:18], omod[28:27], neg[31:29].  No literal.
 *   Interpolation ops keep attr[5:0], attrchan[7:6] and high[8] in src0. */
isa_status_t isa_dec_vop3(const isa_target_t *t, const uint32_t *w, size_t n, isa_inst_t *out)
{
    if (n < 2)
        return ISA_E_TRUNC;
    uint32_t w0 = w[0], w1 = w[1];
    int old = t->gen <= ISA_GFX7;
    unsigned opc = old ? (w0 >> 17) & 0x1ff : (w0 >> 16) & 0x3ff;
    out->enc = ISA_ENC_VOP3;
    out->ndw = 2;
    out->w[0] = w0;
    out->w[1] = w1;
    out->op = (uint16_t)isa_lookup(t, ISA_ENC_VOP3, opc);
    if (out->op >= ISA_OP_COUNT || !prof_get(t->gen, out->op)->exists) {
        out->op = ISA_OP_COUNT;
        return ISA_E_INVALID;
    }
    const vop3_prof_t *p = prof_get(t->gen, out->op);
    out->src[0] = w1 & 0x1ff;
    out->src[1] = (w1 >> 9) & 0x1ff;
    out->src[2] = (w1 >> 18) & 0x1ff;
    out->omod = (w1 >> 27) & 3;
    out->neg = (w1 >> 29) & 7;
    out->clamp = old ? (w0 >> 11) & 1 : (w0 >> 15) & 1;
    if (p->sdst) {
        out->sdst = (w0 >> 8) & 0x7f;
        out->clamp = old ? 0 : out->clamp;
    } else {
        out->abs = (w0 >> 8) & 7;
        out->op_sel = old ? 0 : (w0 >> 11) & 0xf;
    }
    if (p->kind == K_VOPC) {
        out->sdst = w0 & 0xff;
        out->dst = out->sdst;
    } else {
        out->dst = (uint16_t)((w0 & 0xff) + (p->dst_rc == RC_ANY ? SRC_VGPR0 : 0));
    }
    if (p->kind == K_INTERP || p->kind == K_INTERP_MOV) {
        out->attr = w1 & 0x3f;
        out->attrchan = (w1 >> 6) & 3;
    }
    return ISA_OK;
}

/* ---- operand checks ------------------------------------------------------ */

/* Whether v (a register, not a constant) is in class rc as LLVM 16 checks it. */
static int rc_accepts(unsigned rc, unsigned v)
{
    int vgpr = v >= SRC_VGPR0;
    /* null and the src_* values are never reported as the wrong class */
    int unchecked = v == 125 || (v >= 235 && v <= 239) || (v >= SRC_VCCZ && v <= SRC_SCC);
    switch (rc) {
    case RC_VGPR:
        return vgpr || unchecked;
    case RC_VGPR_LDS:
        return vgpr || unchecked || v == SRC_LDS_DIRECT;
    case RC_SREG32:
    case RC_SREG32_DST:
        return !vgpr && v != SRC_LDS_DIRECT;
    case RC_SREG64_XEXEC:
        return !vgpr && v != SRC_EXEC_LO;
    default:
        return !vgpr;
    }
}

/* LLVM's name of class rc for an operand of width dwords. */
static const char *rc_name(unsigned rc, unsigned width)
{
    switch (rc) {
    case RC_VGPR: return width >= 4 ? "VReg_128" : width == 2 ? "VReg_64" : "VGPR_32";
    case RC_VGPR_LDS: return "VRegOrLds_32";
    case RC_SREG32: case RC_SREG32_DST: return "SReg_32";
    case RC_SREG64_XEXEC: return "SReg_1_XEXEC";
    default: return "SReg_64";
    }
}

/* gfx6/7 text must re-assemble to the same bits: a scalar tuple has to be
 * aligned (LLVM would otherwise print the aligned tuple). */
static int aligned_for_old(const isa_target_t *t, unsigned v, unsigned width)
{
    if (t->gen > ISA_GFX7 || v >= 128 || width < 2)
        return 1;
    return v % (width >= 4 ? 4 : 2) == 0;
}

/* Whether register v is in class rc as LLVM checks it (gfx6/7: as
 * llvm-mc-15 does, which takes no scalar value in a VGPR operand). */
static int rc_ok(const isa_target_t *t, unsigned rc, unsigned v)
{
    return rc_accepts(rc, v) && !(t->gen <= ISA_GFX7 && rc == RC_VGPR && v < SRC_VGPR0);
}

/* Whether operand v of type ot and class rc is one LLVM 16 decodes: no
 * literal, no 64-bit lds_direct, a register or constant of the type.  A
 * constant in a register-only operand or a register outside the class
 * decodes (and prints with a remark), but such text cannot be assembled,
 * so gfx6/7 reject it, and a misaligned tuple there. */
static int src_ok(const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot, unsigned rc)
{
    unsigned width = isa_otype_dwords(ot);
    int old = t->gen <= ISA_GFX7;
    if (!aligned_for_old(t, v, width) || v == SRC_LITERAL || (width >= 2 && v == SRC_LDS_DIRECT))
        return 0;
    if (rc == RC_ANY)
        return isa_src_ok(t, in, v, ot);
    if (isa_is_inline(t, v))
        return rc == RC_SREG32 || !old;
    if (old && !rc_ok(t, rc, v))
        return 0;
    /* a wide operand names the 64-bit specials (and null) as such */
    int special = width > 2 && v >= 102 && v < 128 && !old;
    return isa_src_ok(t, in, v, ot) || (special && isa_src_ok(t, in, v, OT_B64));
}

/* Print operand v of type ot and class rc as LLVM 16 does (src_ok): a
 * constant in a register-only operand prints as a remark, a register
 * outside the class gets one. */
static int put_src(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, unsigned v, unsigned ot,
                   unsigned rc)
{
    if (rc == RC_ANY)
        return fmt_src(f, t, in, v, ot);
    if (isa_is_inline(t, v)) {
        if (rc == RC_SREG32)
            return fmt_src(f, t, in, v, ot);
        fmt_puts(f, "/*invalid immediate*/");
        return 0;
    }
    if (fmt_src(f, t, in, v, isa_src_ok(t, in, v, ot) ? ot : OT_B64))
        return -1;
    if (!rc_ok(t, rc, v))
        fmt_printf(f, "/*Invalid register, operand has '%s' register class*/",
                   rc_name(rc, isa_otype_dwords(ot)));
    return 0;
}

/* Whether source i's modifier bits are ones its kind takes (gfx6/7: no
 * abs on an integer source) and the source is one LLVM decodes. */
static isa_status_t src_mods_chk(const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p, unsigned i)
{
    int neg = (in->neg >> i) & 1, abs = (in->abs >> i) & 1;
    if ((p->mods[i] == MOD_INT && abs && t->gen <= ISA_GFX7) || (p->mods[i] == MOD_NONE && (neg || abs)))
        return ISA_E_FIELD;
    return src_ok(t, in, in->src[i], p->src_t[i], p->rc[i]) ? ISA_OK : ISA_E_OPERAND;
}

/* One source with its modifiers. */
static int put_src_mods(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p,
                        unsigned i)
{
    int neg = (in->neg >> i) & 1, abs = (in->abs >> i) & 1;
    unsigned v = in->src[i];
    switch (p->mods[i]) {
    case MOD_FP: {
        /* a negated constant without abs is written neg(c) */
        int negc = neg && !abs && isa_is_inline(t, v);
        fmt_puts(f, negc ? "neg(" : neg ? (abs ? "-|" : "-") : (abs ? "|" : ""));
        if (put_src(f, t, in, v, p->src_t[i], p->rc[i]))
            return -1;
        fmt_puts(f, negc ? ")" : abs ? "|" : "");
        return 0;
    }
    case MOD_INT:
        fmt_puts(f, neg ? "sext(" : "");
        if (put_src(f, t, in, v, p->src_t[i], p->rc[i]))
            return -1;
        fmt_puts(f, neg ? ")" : "");
        return 0;
    default:
        return put_src(f, t, in, v, p->src_t[i], p->rc[i]);
    }
}

/* Fields the profile leaves unused must be zero (LLVM fixes them to 0). */
static int unused_bits_clear(const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p)
{
    uint32_t w0 = in->w[0];
    if (t->gen <= ISA_GFX7 && (w0 & (p->sdst ? 0x18000u : 0x1f000u)))
        return 0;
    if (p->kind == K_NORMAL && !p->dst_t && (w0 & 0xff))
        return 0;
    for (unsigned i = p->nsrc; i < 3; i++)
        if (in->src[i] || ((in->neg | in->abs) >> i & 1))
            return 0;
    if ((in->clamp && !p->clamp) || (in->omod && !p->omod))
        return 0;
    /* op_sel of a source that does not exist */
    if (p->opsel && p->nsrc < 3 && (in->op_sel & 4))
        return 0;
    return 1;
}

/* gfx6/7: rules of llvm-mc-15 that a printed instruction must also meet to
 * assemble back: one scalar value on the constant bus, f16 operands without
 * inline constants, lds_direct restrictions, early-clobber destinations. */
static int old_asm_ok(const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p)
{
    unsigned sv[5], sw[5], ns = 0;
    if (p->vcc_in) {
        sv[ns] = SRC_VCC_LO;
        sw[ns++] = 2;
    }
    if (p->m0_in) {
        sv[ns] = SRC_M0;
        sw[ns++] = 1;
    }
    for (unsigned i = 0; i < p->nsrc; i++) {
        unsigned v = in->src[i], w = isa_otype_dwords(p->src_t[i]);
        if (is_16bit(p->src_t[i]) && isa_is_inline(t, v))
            return 0;
        if (v == SRC_LDS_DIRECT && (p->rev || i))
            return 0;
        if (v >= SRC_VGPR0 || v == SRC_LDS_DIRECT || isa_is_inline(t, v))
            continue;
        unsigned k = 0;
        while (k < ns && !(sv[k] == v && sw[k] == w))
            k++;
        if (k == ns) {
            sv[ns] = v;
            sw[ns++] = w;
        }
    }
    if (ns > 1)
        return 0;
    if (p->clobber) {
        unsigned d = in->dst, dw = isa_otype_dwords(p->dst_t);
        for (unsigned i = 0; i < p->nsrc; i++) {
            unsigned v = in->src[i], w = isa_otype_dwords(p->src_t[i]);
            if (v >= SRC_VGPR0 && v < d + dw && d < v + w)
                return 0;
        }
    }
    return 1;
}

/* ---- formatter ----------------------------------------------------------- */

static void put_opsel(isa_fmt_t *f, const isa_inst_t *in, const vop3_prof_t *p)
{
    if (!in->op_sel)
        return;
    fmt_puts(f, " op_sel:[");
    for (unsigned i = 0; i < p->nsrc; i++)
        fmt_printf(f, "%u,", (in->op_sel >> i) & 1);
    fmt_printf(f, "%u]", (in->op_sel >> 3) & 1);
}

static void put_clamp_omod(isa_fmt_t *f, const isa_inst_t *in)
{
    static const char *const omod[] = {"", " mul:2", " mul:4", " div:2"};
    if (in->clamp)
        fmt_puts(f, " clamp");
    fmt_puts(f, omod[in->omod & 3]);
}

/* The interpolation operands: "high" only where the op has it, no
 * modifiers on the attribute operand (nor the parameter of mov). */
static isa_status_t interp_chk(const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p)
{
    int high = (in->src[0] >> 8) & 1;
    if ((high && !p->high) || (in->neg & 1) || (in->abs & 1))
        return ISA_E_FIELD;
    isa_status_t st = ISA_OK;
    if (p->kind == K_INTERP_MOV) {
        if ((in->neg | in->abs) & 2)
            return ISA_E_FIELD;
    } else {
        st = src_mods_chk(t, in, p, 1);
    }
    if (st == ISA_OK && p->nsrc == 3)
        st = src_mods_chk(t, in, p, 2);
    return st;
}

/* vdst, vsrc, attrN.c[, vsrc2] [high] / vdst, pNN, attrN.c */
static int fmt_interp(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p)
{
    static const char chan[] = "xyzw";
    static const char *const param[] = {"p10", "p20", "p0"};
    int high = (in->src[0] >> 8) & 1;
    fmt_printf(f, " v%u, ", in->dst - SRC_VGPR0);
    if (p->kind == K_INTERP_MOV) {
        if (in->src[1] < 3)
            fmt_puts(f, param[in->src[1]]);
        else
            fmt_printf(f, "invalid_param_%u", in->src[1]);
    } else if (put_src_mods(f, t, in, p, 1)) {
        return -1;
    }
    fmt_printf(f, ", attr%u.%c", in->attr, chan[in->attrchan]);
    if (p->nsrc == 3) {
        fmt_puts(f, ", ");
        if (put_src_mods(f, t, in, p, 2))
            return -1;
    }
    if (high)
        fmt_puts(f, " high");
    put_clamp_omod(f, in);
    return 0;
}

/* Whether the destinations are registers LLVM decodes. */
static int dsts_ok(const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p, const isa_row_t *r)
{
    if (p->kind == K_VOPC)
        return src_ok(t, in, in->sdst, OT_SREG64, RC_SREG64);
    if (!r->ndst)
        return 1;
    if (p->dst_rc != RC_ANY ? !src_ok(t, in, in->dst, p->dst_t, p->dst_rc)
                            : !isa_reg_ok(t, in->dst, isa_otype_dwords(p->dst_t)))
        return 0;
    return !p->sdst || src_ok(t, in, in->sdst, OT_SREG64, RC_SREG64);
}

static int fmt_dsts(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, const vop3_prof_t *p,
                    const isa_row_t *r)
{
    if (p->kind == K_VOPC) {
        fmt_puts(f, " ");
        return put_src(f, t, in, in->sdst, OT_SREG64, RC_SREG64);
    }
    if (!r->ndst)
        return 0;
    fmt_puts(f, " ");
    if (p->dst_rc != RC_ANY) {
        if (put_src(f, t, in, in->dst, p->dst_t, p->dst_rc))
            return -1;
    } else if (fmt_reg(f, t, in->dst, isa_otype_dwords(p->dst_t))) {
        return -1;
    }
    if (p->sdst) {
        fmt_puts(f, ", ");
        if (put_src(f, t, in, in->sdst, OT_SREG64, RC_SREG64))
            return -1;
    }
    return 0;
}

/* Fields and operands of a decoded VOP3 word.  A gfx6/7 word llvm-mc
 * cannot assemble back is valid whatever its operands (it runs; the
 * formatter shows it as data). */
isa_status_t isa_chk_vop3(const isa_target_t *t, const isa_inst_t *in)
{
    const isa_row_t *r = isa_row(in->op);
    const vop3_prof_t *p = prof_get(t->gen, in->op);
    if (!p->exists || !unused_bits_clear(t, in, p))
        return ISA_E_FIELD;
    if (t->gen <= ISA_GFX7 && !old_asm_ok(t, in, p))
        return ISA_OK;
    if (p->kind == K_INTERP || p->kind == K_INTERP_MOV)
        return interp_chk(t, in, p);
    if (!dsts_ok(t, in, p, r))
        return ISA_E_OPERAND;
    for (unsigned i = 0; i < p->nsrc; i++) {
        isa_status_t st = src_mods_chk(t, in, p, i);
        if (st != ISA_OK)
            return st;
    }
    return ISA_OK;
}

/* Append a checked VOP3 instruction in LLVM's syntax; ISA_FMT_UNPRINTABLE
 * if (gfx6/7) llvm-mc could not assemble the text back to the same words. */
int isa_fmt_vop3(isa_fmt_t *f, const isa_target_t *t, const isa_inst_t *in, uint64_t pc)
{
    (void)pc;
    const isa_row_t *r = isa_row(in->op);
    const vop3_prof_t *p = prof_get(t->gen, in->op);
    if (t->gen <= ISA_GFX7 && !old_asm_ok(t, in, p))
        return ISA_FMT_UNPRINTABLE;   /* valid: it runs; LLVM cannot write it back */
    fmt_puts(f, r->name);
    if (p->e64)
        fmt_puts(f, "_e64");
    if (p->kind == K_INTERP || p->kind == K_INTERP_MOV)
        return fmt_interp(f, t, in, p);
    size_t mark = f->len;
    if (fmt_dsts(f, t, in, p, r))
        return -1;
    for (unsigned i = 0; i < p->nsrc; i++) {
        fmt_sep(f, mark);
        if (put_src_mods(f, t, in, p, i))
            return -1;
    }
    if (p->opsel)
        put_opsel(f, in, p);
    put_clamp_omod(f, in);
    return 0;
}
