/* tables.c — the instruction table (expanded from the isa/ops .def files), operand
 * signatures, per-target opcode lookup and the table self-check. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"

/* short names usable in the .def rows */
#define NA ISA_NA
#define NO_E32 ISA_F_NO_E32
#define NO_E64 ISA_F_NO_E64
#define NO_SDWA ISA_F_NO_SDWA
#define NO_DPP ISA_F_NO_DPP
#define R_VCC ISA_F_READ_VCC
#define W_VCC ISA_F_WRITE_VCC
#define R_SCC ISA_F_READ_SCC
#define W_SCC ISA_F_WRITE_SCC
#define R_EXEC ISA_F_READ_EXEC
#define W_EXEC ISA_F_WRITE_EXEC
#define R_M0 ISA_F_READ_M0
#define W_M0 ISA_F_WRITE_M0
#define VOP3B ISA_F_VOP3B
#define BRANCH ISA_F_BRANCH
#define REQ_MAD_MIX ISA_F_REQ_MAD_MIX
#define REQ_FMA_MIX ISA_F_REQ_FMA_MIX
#define REQ_DOT ISA_F_REQ_DOT
#define LDS ISA_F_LDS
#define RET ISA_F_RET
#define STORE ISA_F_STORE
#define LOAD ISA_F_LOAD
#define ATOMIC ISA_F_ATOMIC
#define R_DST ISA_F_READ_DST
#define INT_CLAMP ISA_F_INT_CLAMP
#define NO_OMOD ISA_F_NO_OMOD
#define SGPR_DST ISA_F_SGPR_DST
#define LANE ISA_F_LANE
#define SRC2_VGPR ISA_F_SRC2_VGPR
#define FP_MODS ISA_F_FP_MODS
#define SRC0_VGPR ISA_F_SRC0_VGPR
#define CLOBBER ISA_F_CLOBBER
#define NO_OPSEL ISA_F_NO_OPSEL
#define REV ISA_F_REV
#define INTERP ISA_F_INTERP
#define E64_NAME ISA_F_E64_NAME
#define EXT_NOP ISA_F_EXT_NOP
#define NEG_ALL ISA_F_NEG_ALL
#define NEG_SRC02 ISA_F_NEG_SRC02
#define MIX ISA_F_MIX
#define GATHER4 ISA_F_GATHER4
#define NO_D16 ISA_F_NO_D16
#define SBUF ISA_F_SBUF

static isa_row_t rows[ISA_OP_COUNT + 1] = {
#define OP(key, name, enc, g6, g7, g8, g9, sig, timing, flags) \
    {#key, name, ISA_ENC_##enc, {g6, g7, g8, g9}, sig, ISA_T_##timing, (flags), 0, 0, {0}, {0}},
/* a DS row: the same, its ESIZE and FORM columns read by ds.c (spelt out:
 * through OP, the timing column LDS would expand to the flag first) */
#define DS_OP(key, name, enc, g6, g7, g8, g9, sig, timing, flags, esize, form) \
    {#key, name, ISA_ENC_##enc, {g6, g7, g8, g9}, sig, ISA_T_##timing, (flags), 0, 0, {0}, {0}},
#include "isa/ops/all.def"
#undef DS_OP
#undef OP
    {"INVALID", "<invalid>", ISA_ENC_INVALID, {NA, NA, NA, NA}, "", ISA_T_NONE, 0, 0, 0, {0}, {0}},
};

static const char *const enc_names[] = {
#define ISA_ENC_STR(n) #n,
    ISA_ENC_LIST(ISA_ENC_STR)
#undef ISA_ENC_STR
};

const char *isa_enc_name(unsigned enc)
{
    return enc < ISA_ENC_COUNT ? enc_names[enc] : "?";
}

static const struct { const char *s; uint8_t t; } otype_names[] = {
    {"b16", OT_B16}, {"i16", OT_I16}, {"u16", OT_U16}, {"f16", OT_F16},
    {"v2f16", OT_V2F16}, {"v2i16", OT_V2I16}, {"v2b16", OT_V2B16},
    {"b32", OT_B32}, {"i32", OT_I32}, {"u32", OT_U32}, {"f32", OT_F32},
    {"b64", OT_B64}, {"i64", OT_I64}, {"u64", OT_U64}, {"f64", OT_F64},
    {"b96", OT_B96}, {"b128", OT_B128}, {"b256", OT_B256}, {"b512", OT_B512},
    {"s64", OT_SREG64},
};

unsigned isa_otype_dwords(unsigned t)
{
    switch (t) {
    case OT_NONE: return 0;
    case OT_B64: case OT_I64: case OT_U64: case OT_F64: case OT_SREG64: return 2;
    case OT_B96: return 3;
    case OT_B128: return 4;
    case OT_B256: return 8;
    case OT_B512: return 16;
    default: return 1;
    }
}

/* Parse one comma-separated list of types; returns count or -1. */
static int parse_types(const char *s, const char *end, uint8_t *out, int max)
{
    int n = 0;
    while (s < end) {
        const char *c = memchr(s, ',', (size_t)(end - s));
        if (!c)
            c = end;
        size_t len = (size_t)(c - s);
        int found = 0;
        for (size_t i = 0; i < sizeof otype_names / sizeof otype_names[0]; i++)
            if (strlen(otype_names[i].s) == len && memcmp(otype_names[i].s, s, len) == 0) {
                if (n >= max)
                    return -1;
                out[n++] = otype_names[i].t;
                found = 1;
                break;
            }
        if (!found)
            return -1;
        s = c < end ? c + 1 : end;
    }
    return n;
}

static int parse_sig(isa_row_t *r)
{
    const char *s = r->sig, *colon = strchr(s, ':');
    if (!colon)
        return *s ? -1 : 0;   /* "" means no operands */
    int nd = parse_types(s, colon, r->dst_t, 2);
    int ns = parse_types(colon + 1, colon + 1 + strlen(colon + 1), r->src_t, 4);
    if (nd < 0 || ns < 0)
        return -1;
    r->ndst = (uint8_t)nd;
    r->nsrc = (uint8_t)ns;
    return 0;
}

/* ---- lookup ------------------------------------------------------------- */

/* Size of the opcode space of each lookup family. */
static unsigned space(unsigned enc)
{
    switch (enc) {
    case ISA_ENC_SOP1: return 256;
    case ISA_ENC_SOP2: return 128;
    case ISA_ENC_SOPK: return 32;
    case ISA_ENC_SOPC: return 128;
    case ISA_ENC_SOPP: return 128;
    case ISA_ENC_SMRD: return 32;
    case ISA_ENC_SMEM: return 256;
    case ISA_ENC_VOP3: return 1024;   /* every VALU op in VOP3 numbering */
    case ISA_ENC_VOP3P: return 128;
    case ISA_ENC_VINTRP: return 4;
    case ISA_ENC_DS: return 256;
    case ISA_ENC_MUBUF: return 128;
    case ISA_ENC_MTBUF: return 16;
    case ISA_ENC_MIMG: return 128;
    case ISA_ENC_FLAT: return 512;    /* seg * 128 + op on gfx9 */
    case ISA_ENC_EXP: return 1;
    default: return 0;
    }
}

/* Family a row is looked up in: all VALU rows share the VOP3 space. */
static unsigned lookup_family(unsigned enc)
{
    switch (enc) {
    case ISA_ENC_VOP1: case ISA_ENC_VOP2: case ISA_ENC_VOPC: case ISA_ENC_VOP3:
        return ISA_ENC_VOP3;
    default:
        return enc;
    }
}

#define MAX_TARGETS 32
static uint16_t *lut[MAX_TARGETS][ISA_ENC_COUNT];
static uint16_t lut_store[MAX_TARGETS][256 + 128 + 32 + 128 + 128 + 32 + 256 + 1024 + 128 + 4 +
                                       256 + 128 + 16 + 128 + 512 + 1];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_sigs(void)
{
    for (unsigned i = 0; i < ISA_OP_COUNT; i++)
        parse_sig(&rows[i]);   /* errors reported by isa_check_tables */
}

static size_t target_index(const isa_target_t *t)
{
    for (size_t i = 0; isa_target_at(i); i++)
        if (isa_target_at(i) == t)
            return i;
    return 0;
}

int isa_row_in_target(const isa_row_t *r, const isa_target_t *t)
{
    if (r->opc[t->gen] == ISA_NA)
        return 0;
    if ((r->flags & ISA_F_REQ_MAD_MIX) && !(t->feat & ISA_FEAT_MAD_MIX))
        return 0;
    if ((r->flags & ISA_F_REQ_FMA_MIX) && !(t->feat & ISA_FEAT_FMA_MIX))
        return 0;
    if ((r->flags & ISA_F_REQ_DOT) && !(t->feat & ISA_FEAT_DOT))
        return 0;
    if (r->enc == ISA_ENC_FLAT && !(t->feat & ISA_FEAT_FLAT))
        return 0;
    return 1;
}

static void build_lut(const isa_target_t *t)
{
    size_t ti = target_index(t);
    uint16_t *p = lut_store[ti];
    for (unsigned e = 0; e < ISA_ENC_COUNT; e++) {
        unsigned n = space(e);
        if (!n) {
            lut[ti][e] = NULL;
            continue;
        }
        lut[ti][e] = p;
        for (unsigned i = 0; i < n; i++)
            p[i] = ISA_OP_COUNT;
        p += n;
    }
    /* first matching row wins; isa_check_tables reports any collision */
    for (unsigned i = ISA_OP_COUNT; i-- > 0;) {
        const isa_row_t *r = &rows[i];
        if (!isa_row_in_target(r, t))
            continue;
        unsigned f = lookup_family(r->enc), opc = (unsigned)r->opc[t->gen];
        if (lut[ti][f] && opc < space(f))
            lut[ti][f][opc] = (uint16_t)i;
    }
}

/* The row signatures and every target's lookup tables, built once (the
 * first lookup, from whichever thread: pthread_once). */
static void build_tables(void)
{
    init_sigs();
    for (size_t i = 0; isa_target_at(i) && i < MAX_TARGETS; i++)
        build_lut(isa_target_at(i));
}

unsigned isa_lookup(const isa_target_t *t, unsigned family, unsigned opc)
{
    size_t ti = target_index(t);
    pthread_once(&tables_once, build_tables);
    if (family >= ISA_ENC_COUNT || !lut[ti][family] || opc >= space(family))
        return ISA_OP_COUNT;
    return lut[ti][family][opc];
}

unsigned isa_valu_family(unsigned gen, unsigned opc3)
{
    if (opc3 < 0x100)
        return ISA_ENC_VOPC;
    if (opc3 < 0x140)
        return ISA_ENC_VOP2;
    if (gen <= ISA_GFX7)
        return opc3 < 0x180 ? ISA_ENC_VOP3 : ISA_ENC_VOP1;
    return opc3 < 0x1c0 ? ISA_ENC_VOP1 : ISA_ENC_VOP3;
}

unsigned isa_vop3_from_e32(unsigned gen, unsigned family, unsigned opc)
{
    switch (family) {
    case ISA_ENC_VOPC: return opc;
    case ISA_ENC_VOP2: return 0x100 + opc;
    case ISA_ENC_VOP1: return (gen <= ISA_GFX7 ? 0x180 : 0x140) + opc;
    default: return opc;
    }
}

const isa_row_t *isa_rows_ready;

const isa_row_t *isa_rows_build(void)
{
    pthread_once(&tables_once, build_tables);
    __atomic_store_n(&isa_rows_ready, rows, __ATOMIC_RELEASE);
    return rows;
}

int isa_row_supported(const isa_row_t *r, const isa_target_t *t)
{
    return isa_row_in_target(r, t);
}

unsigned isa_count_for_gen(unsigned gen)
{
    unsigned n = 0;
    for (unsigned i = 0; i < ISA_OP_COUNT; i++)
        if (rows[i].opc[gen] != ISA_NA)
            n++;
    return n;
}

int isa_check_tables(char *err, size_t errlen)
{
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        isa_row_t tmp = rows[i];
        if (parse_sig(&tmp)) {
            snprintf(err, errlen, "row %s: bad operand signature \"%s\"", rows[i].key, rows[i].sig);
            return 1;
        }
        for (int g = 0; g < ISA_NGEN; g++) {
            unsigned f = lookup_family(rows[i].enc);
            if (rows[i].opc[g] != ISA_NA && (rows[i].opc[g] < 0 || (unsigned)rows[i].opc[g] >= space(f))) {
                snprintf(err, errlen, "row %s: opcode 0x%x out of range for gen %d", rows[i].key,
                         (unsigned)rows[i].opc[g], g);
                return 1;
            }
        }
    }
    for (size_t ti = 0; isa_target_at(ti); ti++) {
        const isa_target_t *t = isa_target_at(ti);
        for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
            const isa_row_t *a = &rows[i];
            if (!isa_row_in_target(a, t))
                continue;
            for (unsigned j = i + 1; j < ISA_OP_COUNT; j++) {
                const isa_row_t *b = &rows[j];
                if (!isa_row_in_target(b, t) || lookup_family(a->enc) != lookup_family(b->enc) ||
                    a->opc[t->gen] != b->opc[t->gen])
                    continue;
                snprintf(err, errlen, "%s: rows %s and %s share %s opcode 0x%x", t->name, a->key,
                         b->key, isa_enc_name(lookup_family(a->enc)), (unsigned)a->opc[t->gen]);
                return 1;
            }
        }
    }
    return 0;
}
