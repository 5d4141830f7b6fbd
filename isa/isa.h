/* isa.h — public interface of the GCN ISA layer: targets, instruction table,
 * decoder and disassembler (LLVM syntax).  This layer does no I/O and
 * depends on nothing else in gcnsim. */
#ifndef GCNSIM_ISA_H
#define GCNSIM_ISA_H

#include <stddef.h>
#include <stdint.h>

/* ---- generations and targets ------------------------------------------ */

typedef enum { ISA_GFX6, ISA_GFX7, ISA_GFX8, ISA_GFX9, ISA_NGEN } isa_gen_t;

/* Optional features that vary inside one generation. */
enum {
    ISA_FEAT_MAD_MIX = 1u << 0,   /* gfx900/902/909: v_mad_mix_* */
    ISA_FEAT_FMA_MIX = 1u << 1,   /* gfx906/908: v_fma_mix_* */
    ISA_FEAT_DOT     = 1u << 2,   /* gfx906/908: v_dot*, v_fmac_f32 */
    ISA_FEAT_XNACK   = 1u << 3,   /* xnack_mask is a register, 4 extra SGPRs */
    ISA_FEAT_FLAT    = 1u << 4,   /* FLAT instructions exist (gfx7+) */
    ISA_FEAT_FAST_FMA = 1u << 5,  /* v_fma_f32 at full rate */
    ISA_FEAT_HALF_DP = 1u << 6,   /* half-rate 64-bit ops in the ISA */
};

typedef struct {
    const char *name;     /* "gfx803" */
    uint16_t mach;        /* ELF EF_AMDGPU_MACH value */
    uint8_t gen;          /* isa_gen_t */
    uint8_t major, minor, stepping;
    uint32_t feat;        /* ISA_FEAT_* */
} isa_target_t;

/* Look up a target by name ("gfx803"); NULL when unknown. */
const isa_target_t *isa_target_by_name(const char *name);
/* Look up a target by ELF e_flags EF_AMDGPU_MACH (low byte); NULL when unknown. */
const isa_target_t *isa_target_by_mach(unsigned mach);
/* The i-th known target (for listings); NULL past the end. */
const isa_target_t *isa_target_at(size_t i);

/* ---- encodings ---------------------------------------------------------- */

#define ISA_ENC_LIST(X) \
    X(INVALID) X(SOP1) X(SOP2) X(SOPK) X(SOPC) X(SOPP) X(SMRD) X(SMEM) \
    X(VOP1) X(VOP2) X(VOPC) X(VOP3) X(VOP3P) X(SDWA) X(DPP) X(VINTRP) \
    X(DS) X(MUBUF) X(MTBUF) X(MIMG) X(FLAT) X(EXP)

typedef enum {
#define ISA_ENC_ENUM(n) ISA_ENC_##n,
    ISA_ENC_LIST(ISA_ENC_ENUM)
#undef ISA_ENC_ENUM
    ISA_ENC_COUNT
} isa_enc_t;

/* Name of an encoding ("VOP3"). */
const char *isa_enc_name(unsigned enc);

/* ---- the instruction table --------------------------------------------- */

/* Operand types used in operand signatures (see isa/ops/README). */
typedef enum {
    OT_NONE = 0,
    OT_B16, OT_I16, OT_U16, OT_F16, OT_V2F16, OT_V2I16, OT_V2B16,
    OT_B32, OT_I32, OT_U32, OT_F32,
    OT_B64, OT_I64, OT_U64, OT_F64,
    OT_B96, OT_B128, OT_B256, OT_B512,
    OT_SREG64,   /* a 64-bit SGPR pair destination such as a VOP3b carry-out */
    OT_COUNT
} isa_otype_t;

/* Timing classes, consumed by the cycle model. */
#define ISA_TIMING_LIST(X) \
    X(NONE) X(SALU) X(SALU8) X(SMEM) X(BRANCH) X(INTERNAL) X(MSG) \
    X(VALU) X(VALU_QUARTER) X(VALU_MUL32) X(VALU_TRANS) X(VALU_FMA32) X(VALU_DP_ADD) X(VALU_DP_MUL) \
    X(VALU_64SHIFT) X(VALU_SWAP) X(LDS) X(VMEM_LOAD) X(VMEM_STORE) X(VMEM_ATOMIC) \
    X(FLAT_LOAD) X(FLAT_STORE) X(FLAT_ATOMIC) X(EXPORT)

typedef enum {
#define ISA_TIMING_ENUM(n) ISA_T_##n,
    ISA_TIMING_LIST(ISA_TIMING_ENUM)
#undef ISA_TIMING_ENUM
    ISA_T_COUNT
} isa_timing_t;

/* Row flags. */
enum {
    ISA_F_NO_E32   = 1u << 0,   /* VALU: only the VOP3 encoding exists */
    ISA_F_NO_E64   = 1u << 1,   /* VALU: no VOP3 encoding (madmk/madak/...) */
    ISA_F_NO_SDWA  = 1u << 2,
    ISA_F_NO_DPP   = 1u << 3,
    ISA_F_READ_VCC = 1u << 4,   /* implicit reads/writes */
    ISA_F_WRITE_VCC = 1u << 5,
    ISA_F_READ_SCC = 1u << 6,
    ISA_F_WRITE_SCC = 1u << 7,
    ISA_F_READ_EXEC = 1u << 8,
    ISA_F_WRITE_EXEC = 1u << 9,
    ISA_F_READ_M0  = 1u << 10,
    ISA_F_WRITE_M0 = 1u << 11,
    ISA_F_VOP3B    = 1u << 12,  /* VOP3 form carries an SGPR-pair sdst */
    ISA_F_BRANCH   = 1u << 13,  /* changes the pc */
    ISA_F_REQ_MAD_MIX = 1u << 14,
    ISA_F_REQ_FMA_MIX = 1u << 15,
    ISA_F_REQ_DOT  = 1u << 16,
    ISA_F_LDS      = 1u << 17,  /* memory op with the lds bit */
    ISA_F_RET      = 1u << 18,  /* atomic that returns (glc) */
    ISA_F_STORE    = 1u << 19,
    ISA_F_LOAD     = 1u << 20,
    ISA_F_ATOMIC   = 1u << 21,
    ISA_F_READ_DST = 1u << 22,  /* VALU: the destination is also a source (v_mac, v_writelane) */
};

/* Row flags an encoding's decoder and formatter need that neither the
 * signature nor the flags above tell (found by probing LLVM); 64-bit. */
#define ISA_F_BIT(n) ((uint64_t)1 << (n))
#define ISA_F_INT_CLAMP ISA_F_BIT(23)  /* VALU gfx8/9: a clamp bit on an integer op (VOP3) */
#define ISA_F_NO_OMOD   ISA_F_BIT(24)  /* VALU: no omod although the result is float-like (VOP3) */
#define ISA_F_SGPR_DST  ISA_F_BIT(25)  /* VALU: the VOP3 destination is an SGPR (v_readlane) */
#define ISA_F_LANE      ISA_F_BIT(26)  /* VALU: lane-op operand classes in VOP3 (v_readlane/v_writelane) */
#define ISA_F_SRC2_VGPR ISA_F_BIT(27)  /* VALU: src2 must be a VGPR tuple (VOP3) */
#define ISA_F_FP_MODS   ISA_F_BIT(28)  /* VALU: abs/neg on its untyped 32-bit sources (v_cndmask; VOP3, SDWA, DPP) */
#define ISA_F_SRC0_VGPR ISA_F_BIT(29)  /* VALU: src0 must be a VGPR (v_movrels; VOP3) */
#define ISA_F_CLOBBER   ISA_F_BIT(30)  /* VALU: vdst may not overlap a source (gfx6/7 llvm-mc, VOP3) */
#define ISA_F_NO_OPSEL  ISA_F_BIT(31)  /* VALU gfx9: a 16-bit VOP3 op without op_sel (the renamed gfx8 *_legacy ones) */
#define ISA_F_REV       ISA_F_BIT(32)  /* VALU: reversed operands (v_subrev, v_lshlrev...): no lds_direct (gfx6/7 VOP3) */
#define ISA_F_INTERP    ISA_F_BIT(33)  /* VALU: interpolation op in VOP3 (attribute in the src0 field) */
#define ISA_F_E64_NAME  ISA_F_BIT(34)  /* VALU: a VOP3 interpolation op also in VINTRP: printed with _e64 */
#define ISA_F_EXT_NOP   ISA_F_BIT(35)  /* VALU: SDWA and DPP forms without operands (v_nop) */
#define ISA_F_NEG_ALL   ISA_F_BIT(36)  /* VOP3P: neg_lo/neg_hi on every source although integer (v_dot4/v_dot8) */
#define ISA_F_NEG_SRC02 ISA_F_BIT(37)  /* VOP3P: neg_lo/neg_hi on src0 and src2 (v_dot2) */
#define ISA_F_MIX       ISA_F_BIT(38)  /* VOP3P: mixed precision: neg/abs printed -x/|x|, op_sel_hi default 0 */
#define ISA_F_GATHER4   ISA_F_BIT(39)  /* MIMG: a gather (4 data dwords, one dmask bit) */
#define ISA_F_NO_D16    ISA_F_BIT(40)  /* MIMG: no d16 (the pck forms, image_get_*) */
#define ISA_F_SBUF      ISA_F_BIT(41)  /* SMEM: the base is a buffer resource (4 SGPRs) */

#define ISA_NA (-1)

typedef struct {
    const char *key;        /* "V_ADD_F32" */
    const char *name;       /* mnemonic as LLVM prints it, without _e32/_e64 */
    uint8_t enc;            /* native family: for VALU rows VOP1/VOP2/VOPC/VOP3 */
    int16_t opc[ISA_NGEN];  /* opcode per generation, ISA_NA where absent;
                               VALU rows: the VOP3 opcode (e32 opcode derived) */
    const char *sig;        /* operand signature, e.g. "f32:f32,f32" */
    uint8_t timing;         /* isa_timing_t */
    uint64_t flags;         /* ISA_F_* */
    /* derived at init from sig */
    uint8_t ndst, nsrc;
    uint8_t dst_t[2], src_t[4];
} isa_row_t;

/* Row ids: ISA_OP_<KEY>, in table order. */
typedef enum {
#define OP(key, ...) ISA_OP_##key,
#include "ops/all.def"
#undef OP
    ISA_OP_COUNT
} isa_op_t;

/* The rows with their derived fields, once built (NULL before); read
 * through isa_row. */
extern const isa_row_t *isa_rows_ready;
/* Build the rows' derived fields (once, from whichever thread first asks:
 * pthread_once) and return the table. */
const isa_row_t *isa_rows_build(void);

/* The table row of an op id (never NULL for id < ISA_OP_COUNT).  Inline:
 * the cycle model asks for rows several times per instruction. */
static inline const isa_row_t *isa_row(unsigned op)
{
    const isa_row_t *r = __atomic_load_n(&isa_rows_ready, __ATOMIC_ACQUIRE);
    if (__builtin_expect(r == NULL, 0))
        r = isa_rows_build();
    return &r[op < ISA_OP_COUNT ? op : ISA_OP_COUNT];
}
/* Width in registers (dwords) of an operand type (OT_*): 16- and 32-bit
 * types 1, OT_NONE 0. */
unsigned isa_otype_dwords(unsigned t);
/* Whether a row exists in a target (opcode present, features met). */
int isa_row_supported(const isa_row_t *r, const isa_target_t *t);
/* Number of rows valid in a generation. */
unsigned isa_count_for_gen(unsigned gen);
/* Check that no two rows share (encoding, opcode) in any generation and that
 * every signature parses; writes a message to err and returns nonzero on a
 * problem. */
int isa_check_tables(char *err, size_t errlen);

/* ---- DS rows: element size, stride, operand form -------------------------
 * The ESIZE and FORM columns of the DS rows (isa/ops/ds.def, where each is
 * described), for the decoder, the formatter and the semantics alike. */

/* FORM flags of a DS row. */
enum {
    ISA_DS_OFF2 = 1u << 0,       /* two addresses, offset0/offset1 in elements */
    ISA_DS_ST64 = 1u << 1,       /* with OFF2: in units of 64 elements */
    ISA_DS_SWIZZLE = 1u << 2,    /* the offset is a swizzle pattern */
    ISA_DS_NO_GDS = 1u << 3,     /* gds must be 0 */
    ISA_DS_GDS_ONLY = 1u << 4,   /* gds must be 1 */
    ISA_DS_DATA0_ONLY = 1u << 5, /* the single source is data0, there is no addr */
    ISA_DS_NO_OFFSET = 1u << 6,  /* the offset field must be 0 */
};

typedef struct {
    uint8_t esize;   /* bytes of the element a lane accesses at an address (0: no LDS memory) */
    uint8_t nel;     /* addresses (elements) per lane: 2 with ISA_DS_OFF2, else 1 */
    uint8_t stride;  /* elements per unit of offset0/offset1: 64 with ISA_DS_ST64, else 1 */
    uint8_t form;    /* ISA_DS_* */
} isa_ds_info_t;

/* The DS facts of row op; all zero for a row that is not DS. */
isa_ds_info_t isa_ds_info(unsigned op);

/* The same facts as constants that semantics can fold: ISA_DS_ESIZE_<KEY>
 * and ISA_DS_STRIDE_<KEY> (1, or 64 for the st64 forms) of every DS row. */
#define OFF2 ISA_DS_OFF2
#define ST64 ISA_DS_ST64
#define SWIZZLE ISA_DS_SWIZZLE
#define NO_GDS ISA_DS_NO_GDS
#define GDS_ONLY ISA_DS_GDS_ONLY
#define DATA0_ONLY ISA_DS_DATA0_ONLY
#define NO_OFFSET ISA_DS_NO_OFFSET
enum {
#define OP(...)
#define DS_OP(key, name, enc, g6, g7, g8, g9, sig, timing, flags, esize, form) \
    ISA_DS_ESIZE_##key = (esize), ISA_DS_STRIDE_##key = ((form) & ISA_DS_ST64) ? 64 : 1,
#include "ops/ds.def"
#undef DS_OP
#undef OP
};
#undef OFF2
#undef ST64
#undef SWIZZLE
#undef NO_GDS
#undef GDS_ONLY
#undef DATA0_ONLY
#undef NO_OFFSET

/* ---- decoded instructions ---------------------------------------------- */

/* One decoded instruction.  Fixed size; the hot loops of the simulator use
 * these and never parse bits again.  Operand fields hold the encoded value:
 * scalar sources 0..255 in the GCN source encoding (SGPRs, specials, inline
 * constants, 255 = literal); VALU sources 0..511 (256+n = vn). */
typedef struct isa_inst {
    uint16_t op;            /* isa_op_t; ISA_OP_COUNT when invalid */
    uint8_t enc;            /* encoding actually used (VOP3 form of a VOP2 op: VOP3) */
    uint8_t ndw;            /* length in dwords, literal included */
    uint32_t w[3];          /* raw dwords (w[2] only for a literal after 64-bit) */
    uint32_t literal;       /* literal constant when one follows */
    uint8_t has_lit;
    /* registers */
    uint16_t dst;           /* vdst/sdst in the source encoding (VGPR as 256+n) */
    uint16_t sdst;          /* VOP3b sdst / VOPC e64 sdst */
    uint16_t src[4];        /* src0..src2, (MUBUF etc. use named fields below) */
    /* VALU modifiers */
    uint8_t neg, abs, neg_hi, op_sel, op_sel_hi, clamp, omod;
    /* SDWA */
    uint8_t dst_sel, dst_unused, src0_sel, src1_sel, sdwa_sext, sdwa_sdst;
    /* DPP */
    uint16_t dpp_ctrl;
    uint8_t row_mask, bank_mask, bound_ctrl;
    /* scalar immediates */
    int32_t simm;           /* SOPK/SOPP simm16 (sign per op), SMEM offset */
    /* memory */
    int32_t offset;         /* DS offset, MUBUF/FLAT/SMEM offset */
    uint8_t offset1;        /* DS offset1 */
    uint16_t vaddr, vdata, srsrc, ssamp, soffset, saddr;
    uint8_t glc, slc, tfe, lds, offen, idxen, addr64, gds, dmask, unorm, da,
            r128, lwe, d16, seg, dfmt, nfmt, imm, soe, nv;
    /* VINTRP / EXP */
    uint8_t attr, attrchan, tgt, en, compr, done, vm;
    uint8_t status;         /* isa_status_t of the decode (ISA_OK, or why invalid) */
} isa_inst_t;

/* Value of inline constant v (128..208 integers, 240..248 floats) as the
 * bits of operand type ot (f16, f32 or f64 patterns for the floats). */
uint64_t isa_inline_value(unsigned v, unsigned ot);

/* FLAT instructions: isa_inst_t.seg, and the saddr value meaning none (gfx9). */
enum { ISA_SEG_FLAT = 0, ISA_SEG_SCRATCH = 1, ISA_SEG_GLOBAL = 2, ISA_SADDR_OFF = 0x7f };

/* Decode status: why words are no instruction of the target (isa_decode
 * returns the specific ones; ISA_E_INVALID is what an encoding family's
 * decoder reports before isa_decode says which). */
typedef enum {
    ISA_OK = 0,
    ISA_E_TRUNC,      /* the instruction runs past the end of the buffer */
    ISA_E_INVALID,    /* not an instruction (a family decoder's answer) */
    ISA_E_ENCODING,   /* the leading bits name no encoding family of the generation */
    ISA_E_OPCODE,     /* the family has no instruction with this opcode in the target */
    ISA_E_FIELD,      /* a field holds a value the instruction does not allow (reserved bits, modifiers) */
    ISA_E_OPERAND,    /* an operand names no register or constant the instruction can take */
} isa_status_t;

/* Whether status s says the words are not an instruction (any ISA_E_*
 * but truncation). */
static inline int isa_is_invalid(isa_status_t s)
{
    return s >= ISA_E_INVALID;
}
/* One line on status s ("unknown opcode"). */
const char *isa_status_text(isa_status_t s);

/* Decode one instruction at words[0..nwords).  An instruction LLVM can
 * decode but not print or assemble back is valid (it runs; isa_format
 * says so).  Fills *out (op = ISA_OP_COUNT and ndw = 1 when invalid, so a
 * caller can resynchronise one dword on). */
isa_status_t isa_decode(const isa_target_t *t, const uint32_t *words,
                        size_t nwords, isa_inst_t *out);

/* LLVM's name of the 32-bit special register at scalar operand encoding v
 * (102-127: flat_scratch_lo, xnack_mask_hi, vcc_lo, tba_lo, m0, null,
 * exec_hi ... as the target has them), NULL when v names none (an SGPR,
 * a trap temporary or a reserved value).  The one home of these names. */
const char *isa_sreg32_name(const isa_target_t *t, unsigned v);

/* What isa_format returns for a valid instruction LLVM cannot print. */
enum { ISA_FMT_UNPRINTABLE = -2 };

/* Format a decoded instruction in llvm-objdump's syntax into buf (no
 * trailing newline).  pc is the byte address of the instruction, used for
 * branch targets (printed as LLVM prints them: the raw signed offset).
 * Returns the length written (truncated to buflen-1); ISA_FMT_UNPRINTABLE
 * for a valid instruction LLVM cannot print (gfx6/7: llvm-mc-15 refuses
 * its operands, e.g. a destination overlapping a source of
 * v_mqsad_pk_u16_u8, an f16 inline constant, two scalar values on the
 * constant bus); -1 for words that are no instruction.  In both failing
 * cases buf holds ".long 0x%08x" of the first dword, as the disassembler
 * shows it. */
int isa_format(const isa_target_t *t, const isa_inst_t *in, uint64_t pc,
               char *buf, size_t buflen);

/* Branch target byte address of a SOPP branch at pc, or -1 if in is not a
 * direct branch. */
int64_t isa_branch_target(const isa_inst_t *in, uint64_t pc);

/* Print the name of the scalar operand encoded as v (0..255 or 256+ for
 * VGPRs) with the given width in dwords ("s[4:7]", "vcc", "v3"). */
int isa_format_reg(const isa_target_t *t, unsigned v, unsigned width,
                   char *buf, size_t buflen);

#endif
