/* test_ds_buf.c — DS, MUBUF and MTBUF (gfx6-gfx9): text and validity
 * against LLVM (gfx8/9: llvm-mc-16 --disassemble; gfx6/7: the text
 * llvm-mc-15 prints when it assembles these words), and the decoded fields
 * the simulator reads. */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "isa/internal.h"
#include "tests/unit/check.h"

typedef struct {
    const char *target;
    uint32_t w[2];
    const char *text;   /* LLVM's text; NULL: invalid instruction encoding */
} vec_t;

static const vec_t vecs[] = {
    {"gfx900", {0xd81a0010, 0x00000201}, "ds_write_b32 v1, v2 offset:16"},
    {"gfx900", {0xd86e0201, 0x04000001}, "ds_read2_b32 v[4:5], v1 offset0:1 offset1:2"},
    {"gfx900", {0xd86e0200, 0x04000001}, "ds_read2_b32 v[4:5], v1 offset1:2"},
    {"gfx900", {0xd86e0000, 0x04000001}, "ds_read2_b32 v[4:5], v1"},
    {"gfx900", {0xd9fe0000, 0x04000001}, "ds_read_b128 v[4:7], v1"},
    {"gfx900", {0xd9bc0008, 0x00030201}, NULL},
    {"gfx900", {0xd9be0000, 0x00000201}, "ds_write_b128 v1, v[2:5]"},
    {"gfx900", {0xd87a8055, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(QUAD_PERM,1,1,1,1)"},
    {"gfx900", {0xd87a041f, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(SWAP,1)"},
    {"gfx900", {0xd87a0c1f, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(REVERSE,4)"},
    {"gfx900", {0xd87a003c, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(BROADCAST,4,1)"},
    {"gfx900", {0xd87a07ff, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM,\"11110\")"},
    {"gfx900", {0xd87ac055, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:49237"},
    {"gfx900", {0xd87b0201, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM,\"1000p\") gds"},
    {"gfx900", {0xd87c0004, 0x04000201}, "ds_permute_b32 v4, v1, v2 offset:4"},
    {"gfx900", {0xd87d0000, 0x04000201}, NULL},
    {"gfx900", {0xd97c0004, 0x04000000}, "ds_append v4 offset:4"},
    {"gfx900", {0xd97a0000, 0x04000000}, "ds_consume v4"},
    {"gfx900", {0xd9330000, 0x00000001}, "ds_gws_init v1 gds"},
    {"gfx900", {0xd9320000, 0x00000001}, NULL},
    {"gfx900", {0xd8280000, 0x00000000}, "ds_nop"},
    {"gfx900", {0xd96c0000, 0x04000000}, "ds_read_addtid_b32 v4"},
    {"gfx900", {0xd83a0000, 0x00000200}, "ds_write_addtid_b32 v2"},
    {"gfx900", {0xd8ae0004, 0x04000001}, "ds_read_u8_d16_hi v4, v1 offset:4"},
    {"gfx900", {0xd8a80004, 0x00000201}, "ds_write_b8_d16_hi v1, v2 offset:4"},
    {"gfx900", {0xd8c00000, 0x04000201}, "ds_add_rtn_u64 v[4:5], v1, v[2:3]"},
    {"gfx900", {0xd8e00008, 0x04030201}, "ds_cmpst_rtn_b64 v[4:5], v1, v[2:3], v[3:4] offset:8"},
    {"gfx900", {0xd9dc0000, 0x04030201}, NULL},
    {"gfx900", {0xd9000004, 0x00000001}, "ds_add_src2_u32 v1 offset:4"},
    {"gfx900", {0xd81a0010, 0x04000201}, NULL},
    {"gfx900", {0xd87d0000, 0x04000201}, NULL},
    {"gfx900", {0xd9320000, 0x00000001}, NULL},
    {"gfx900", {0xdb000000, 0x00000001}, NULL},
    {"gfx900", {0xd8280004, 0x00000000}, NULL},
    {"gfx900", {0xd8ec0000, 0xff000001}, NULL},
    {"gfx900", {0xd81a0010, 0x00030201}, NULL},
    {"gfx900", {0xe0500004, 0x01010201}, "buffer_load_dword v2, off, s[4:7], s1 offset:4"},
    {"gfx900", {0xe0501004, 0x01010201}, "buffer_load_dword v2, v1, s[4:7], s1 offen offset:4"},
    {"gfx900", {0xe0503004, 0x01010201}, "buffer_load_dword v2, v[1:2], s[4:7], s1 idxen offen offset:4"},
    {"gfx900", {0xe0524004, 0x01810201}, "buffer_load_dword v[2:3], off, s[4:7], s1 offset:4 glc slc tfe"},
    {"gfx900", {0xe05c0000, 0x80010201}, "buffer_load_dwordx4 v[2:5], off, s[4:7], 0"},
    {"gfx900", {0xe0510004, 0x01010201}, "buffer_load_dword off, s[4:7], s1 offset:4 lds"},
    {"gfx900", {0xe0534004, 0x01010201}, "buffer_load_dword off, s[4:7], s1 offset:4 glc slc lds"},
    {"gfx900", {0xe0f50004, 0x01010201}, "buffer_store_lds_dword s[4:7], s1 offset:4 lds"},
    {"gfx900", {0xe0f74000, 0x01010201}, "buffer_store_lds_dword s[4:7], s1 lds glc slc"},
    {"gfx900", {0xe0f80000, 0x00000000}, "buffer_wbinvl1"},
    {"gfx900", {0xe1c40000, 0xffffffff}, "buffer_wbinvl1"},
    {"gfx900", {0xe0fc0000, 0x00000000}, "buffer_wbinvl1_vol"},
    {"gfx900", {0xe1044004, 0x01010201}, "buffer_atomic_cmpswap v[2:3], off, s[4:7], s1 offset:4 glc"},
    {"gfx900", {0xe1040004, 0x01810201}, "buffer_atomic_cmpswap v[2:3], off, s[4:7], s1 offset:4"},
    {"gfx900", {0xe1844004, 0x01010201}, "buffer_atomic_cmpswap_x2 v[2:5], off, s[4:7], s1 offset:4 glc"},
    {"gfx900", {0xe0280000, 0x01010201}, "buffer_load_format_d16_xyz v[2:3], off, s[4:7], s1"},
    {"gfx900", {0xe0281000, 0x01810201}, "buffer_load_format_d16_xyz v[2:4], v1, s[4:7], s1 offen tfe"},
    {"gfx900", {0xe0840000, 0xf0010201}, "buffer_load_ubyte_d16_hi v2, off, s[4:7], 0.5"},
    {"gfx900", {0xe0500000, 0xd0010201}, "buffer_load_dword v2, off, s[4:7], -16"},
    {"gfx900", {0xe0500000, 0xf8010201}, "buffer_load_dword v2, off, s[4:7], 0.15915494"},
    {"gfx900", {0xe0500000, 0xfe010201}, "buffer_load_dword v2, off, s[4:7], src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/"},
    {"gfx900", {0xe0500000, 0x7d1a0201}, "buffer_load_dword v2, off, xnack_mask/*Invalid register, operand has 'SReg_128' register class*/, null"},
    {"gfx900", {0xe0500000, 0x6c190201}, "buffer_load_dword v2, off, s[100:103], ttmp0"},
    {"gfx900", {0xe0500000, 0x6c1b0201}, "buffer_load_dword v2, off, ttmp[0:3], ttmp0"},
    {"gfx900", {0xe0588000, 0x01010201}, "buffer_load_dwordx3 v[2:4], off, s[4:7], s1"},
    {"gfx900", {0xe2500000, 0x01010201}, "buffer_load_dword v2, off, s[4:7], s1"},
    {"gfx900", {0xe0500000, 0xff010201}, NULL},
    {"gfx900", {0xe0500000, 0x011f0201}, NULL},
    {"gfx900", {0xe0550000, 0x01010201}, NULL},
    {"gfx900", {0xe0510000, 0x01810201}, NULL},
    {"gfx900", {0xe0f40000, 0x01010201}, NULL},
    {"gfx900", {0xe0541000, 0x0101ff01}, NULL},
    {"gfx900", {0xe0f90000, 0x00000000}, NULL},
    {"gfx900", {0xe9080004, 0x01010201}, "tbuffer_load_format_x v2, off, s[4:7], s1 format:[BUF_NUM_FORMAT_USCALED] offset:4"},
    {"gfx900", {0xe8800004, 0x01010201}, "tbuffer_load_format_x v2, off, s[4:7], s1 format:[BUF_DATA_FORMAT_INVALID,BUF_NUM_FORMAT_SNORM] offset:4"},
    {"gfx900", {0xe8880004, 0x01010201}, "tbuffer_load_format_x v2, off, s[4:7], s1 format:[BUF_NUM_FORMAT_SNORM] offset:4"},
    {"gfx900", {0xebf8f004, 0x01c10201}, "tbuffer_load_format_xy v[2:3], v[1:2], s[4:7], s1 format:[BUF_DATA_FORMAT_RESERVED_15,BUF_NUM_FORMAT_FLOAT] idxen offen offset:4 glc slc"},
    {"gfx900", {0xe8240000, 0x01010201}, "tbuffer_load_format_d16_x v2, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"},
    {"gfx900", {0xe8258000, 0x01810201}, "tbuffer_load_format_d16_xyzw v[2:3], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"},
    {"gfx900", {0xe8000000, 0x01010201}, "tbuffer_load_format_x v2, off, s[4:7], s1 format:[BUF_DATA_FORMAT_INVALID]"},
    {"gfx803", {0xd87a8055, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(QUAD_PERM,1,1,1,1)"},
    {"gfx803", {0xd9300000, 0x00000001}, NULL},
    {"gfx803", {0xd96c0000, 0x04000000}, NULL},
    {"gfx803", {0xe0280000, 0x01010201}, "buffer_load_format_d16_xyz v[2:4], off, s[4:7], s1"},
    {"gfx803", {0xe0281000, 0x01810201}, "buffer_load_format_d16_xyz v[2:5], v1, s[4:7], s1 offen tfe"},
    {"gfx803", {0xe0500000, 0x6c1b0201}, "buffer_load_dword v2, off, tba/*Invalid register, operand has 'SReg_128' register class*/, tba_lo"},
    {"gfx803", {0xe0500000, 0x70010201}, "buffer_load_dword v2, off, s[4:7], ttmp0"},
    {"gfx803", {0xe8240000, 0x01010201}, "tbuffer_load_format_d16_x v2, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"},
    {"gfx803", {0xe8250000, 0x01010201}, "tbuffer_load_format_d16_xyz v[2:4], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"},
    {"gfx803", {0xe0f50004, 0x01010201}, "buffer_store_lds_dword s[4:7], s1 offset:4 lds"},
    {"gfx803", {0xe1c40000, 0x00000000}, "buffer_wbinvl1"},
    {"gfx810", {0xe0280000, 0x01010201}, "buffer_load_format_d16_xyz v[2:3], off, s[4:7], s1"},
    {"gfx810", {0xe8250000, 0x01010201}, "tbuffer_load_format_d16_xyz v[2:3], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"},
    {"gfx601", {0xd8340010, 0x00000201}, "ds_write_b32 v1, v2 offset:16"},
    {"gfx601", {0xd8dc0201, 0x04000001}, "ds_read2_b32 v[4:5], v1 offset0:1 offset1:2"},
    {"gfx601", {0xd8d48055, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(QUAD_PERM,1,1,1,1)"},
    {"gfx601", {0xd8660201, 0x00000001}, "ds_gws_init v1 offset:513 gds"},
    {"gfx601", {0xd8f80004, 0x04000000}, "ds_append v4 offset:4"},
    {"gfx601", {0xd8fe0000, 0x04000001}, "ds_ordered_count v4, v1 gds"},
    {"gfx601", {0xd9c20008, 0x04060201}, "ds_cmpst_rtn_b64 v[4:5], v1, v[2:3], v[6:7] offset:8 gds"},
    {"gfx601", {0xe030c004, 0x80c10201}, "buffer_load_dword v2, v[1:2], s[4:7], 0 addr64 offset:4 glc slc tfe"},
    {"gfx601", {0xe031c004, 0x01410001}, "buffer_load_dword v[1:2], s[4:7], s1 addr64 offset:4 glc slc lds"},
    {"gfx601", {0xe0781000, 0x03020201}, "buffer_store_dwordx4 v[2:5], v1, s[8:11], s3 offen"},
    {"gfx601", {0xe1784000, 0x01010200}, "buffer_atomic_fcmpswap_x2 v[2:5], off, s[4:7], s1 glc"},
    {"gfx601", {0xe1c00000, 0x00000000}, "buffer_wbinvl1_sc"},
    {"gfx601", {0xe1c40000, 0x00000000}, "buffer_wbinvl1"},
    {"gfx601", {0xe03c3fff, 0x7c010201}, "buffer_load_dwordx3 v[2:4], v[1:2], s[4:7], m0 idxen offen offset:4095"},
    {"gfx601", {0xeb20c004, 0x80c10201}, "tbuffer_load_format_x v2, v[1:2], s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM_OGL] addr64 offset:4 glc slc tfe"},
    {"gfx601", {0xe8070000, 0x01010200}, "tbuffer_store_format_xyzw v[2:5], off, s[4:7], s1 format:[BUF_DATA_FORMAT_INVALID]"},
    {"gfx701", {0xdbfc0040, 0x04000001}, "ds_read_b128 v[4:7], v1 offset:64"},
    {"gfx701", {0xdb780000, 0x00000201}, "ds_write_b96 v1, v[2:4]"},
    {"gfx701", {0xd8620000, 0x00000000}, "ds_gws_sema_release_all gds"},
    {"gfx701", {0xd8d40907, 0x04000001}, "ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM,\"01pip\")"},
    {"gfx701", {0xd8d00002, 0x04030201}, "ds_wrap_rtn_b32 v4, v1, v2, v3 offset:2"},
    {"gfx701", {0xe1c00000, 0x00000000}, "buffer_wbinvl1_vol"},
    {"gfx701", {0xe0210004, 0x01010000}, "buffer_load_ubyte off, s[4:7], s1 offset:4 lds"},
    {"gfx701", {0xe0c8c004, 0x80410201}, "buffer_atomic_add v2, v[1:2], s[4:7], 0 addr64 offset:4 glc slc"},
    {"gfx701", {0xe0300000, 0x68010200}, "buffer_load_dword v2, off, s[4:7], flat_scratch_lo"},
    {"gfx701", {0xe0300000, 0xfd190200}, "buffer_load_dword v2, off, s[100:103], src_scc"},
    {"gfx701", {0xebc23000, 0xc01d0201}, "tbuffer_load_format_xyz v[2:4], v[1:2], ttmp[4:7], 64 format:[BUF_DATA_FORMAT_10_10_10_2,BUF_NUM_FORMAT_FLOAT] idxen offen"},
};

static void check_vectors(void)
{
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const vec_t *v = &vecs[i];
        const isa_target_t *t = isa_target_by_name(v->target);
        isa_inst_t in;
        char text[512] = "";
        isa_status_t st = isa_decode(t, v->w, 2, &in);
        if (st == ISA_OK)
            isa_format(t, &in, 0, text, sizeof text);
        if (!v->text) {
            CHECK(isa_is_invalid(st), "%s %08x %08x is invalid (got \"%s\")", v->target, v->w[0],
                  v->w[1], text);
            continue;
        }
        CHECK(st == ISA_OK && in.ndw == 2, "%s %08x %08x decodes to 2 dwords", v->target, v->w[0],
              v->w[1]);
        CHECK_STR(text, v->text, "%s %08x %08x text", v->target, v->w[0], v->w[1]);
    }
}

static isa_inst_t dec(const char *target, uint32_t w0, uint32_t w1)
{
    uint32_t w[2] = {w0, w1};
    isa_inst_t in;
    isa_decode(isa_target_by_name(target), w, 2, &in);
    return in;
}

#define V(n) (256 + (n))

static void check_fields(void)
{
    /* ds_cmpst_rtn_b64 v[4:5], v1, v[2:3], v[6:7] offset:8 gds (gfx601) */
    isa_inst_t in = dec("gfx601", 0xd9c20008, 0x04060201);
    CHECK(in.op == ISA_OP_DS_CMPST_RTN_B64 && in.enc == ISA_ENC_DS, "ds_cmpst_rtn_b64 op");
    CHECK(in.dst == V(4) && in.src[0] == V(1) && in.src[1] == V(2) && in.src[2] == V(6),
          "ds_cmpst_rtn_b64 registers dst/addr/data0/data1");
    CHECK(in.vaddr == V(1) && in.vdata == V(2) && in.offset == 8 && in.gds == 1, "ds_cmpst_rtn_b64 fields");
    /* ds_read2_b32 v[4:5], v1 offset0:1 offset1:2 (gfx900) */
    in = dec("gfx900", 0xd86e0201, 0x04000001);
    CHECK(in.offset == 1 && in.offset1 == 2 && in.gds == 0 && in.src[0] == V(1), "ds_read2_b32 offsets");
    /* ds_write_addtid_b32 v2: the data is in data0, there is no address */
    in = dec("gfx900", 0xd83a0000, 0x00000200);
    CHECK(in.op == ISA_OP_DS_WRITE_ADDTID_B32 && in.src[0] == V(2) && in.vdata == V(2),
          "ds_write_addtid_b32 source is data0");
    /* ds_swizzle_b32: the offset holds the pattern */
    in = dec("gfx803", 0xd87a8055, 0x04000001);
    CHECK(in.offset == 0x8055 && in.dst == V(4), "ds_swizzle_b32 pattern");

    /* buffer_load_dword v[2:3], v[1:2], s[4:7], s1 idxen offen offset:4 glc slc tfe (gfx900) */
    in = dec("gfx900", 0xe0527004, 0x01810201);
    CHECK(in.op == ISA_OP_BUFFER_LOAD_DWORD && in.enc == ISA_ENC_MUBUF, "buffer_load_dword op");
    CHECK(in.vaddr == V(1) && in.vdata == V(2) && in.dst == V(2) && in.srsrc == 4 && in.soffset == 1,
          "buffer_load_dword registers");
    CHECK(in.offset == 4 && in.offen && in.idxen && in.glc && in.slc && in.tfe && !in.lds && !in.addr64,
          "buffer_load_dword modifiers");
    /* gfx7: addr64 and slc in the second dword */
    in = dec("gfx701", 0xe0c8c004, 0x80410201);
    CHECK(in.op == ISA_OP_BUFFER_ATOMIC_ADD && in.addr64 && in.glc && in.slc && in.soffset == 128 &&
              in.src[0] == V(2) && in.dst == V(2),
          "gfx7 buffer_atomic_add addr64 glc slc");
    /* lds load: no vdata register */
    in = dec("gfx900", 0xe0534004, 0x01010201);
    CHECK(in.lds && in.glc && in.slc && in.dst == 0, "buffer_load_dword lds");
    /* atomics ignore tfe */
    in = dec("gfx900", 0xe1040004, 0x01810201);
    CHECK(in.op == ISA_OP_BUFFER_ATOMIC_CMPSWAP && in.tfe == 0 && in.glc == 0, "atomic tfe ignored");
    /* the gfx6/7 wbinvl1 opcode also decodes on gfx8/9 */
    in = dec("gfx900", 0xe1c40000, 0xffffffff);
    CHECK(in.op == ISA_OP_BUFFER_WBINVL1_ALT && in.offset == 0 && in.soffset == 0, "wbinvl1 (0x71) fields");

    /* tbuffer_load_format_xyz v[2:4], v[1:2], ttmp[4:7], 64 format:[10_10_10_2,FLOAT] idxen offen (gfx701) */
    in = dec("gfx701", 0xebc23000, 0xc01d0201);
    CHECK(in.op == ISA_OP_TBUFFER_LOAD_FORMAT_XYZ && in.enc == ISA_ENC_MTBUF, "tbuffer op");
    CHECK(in.dfmt == 8 && in.nfmt == 7 && in.idxen && in.offen && in.srsrc == 116 && in.soffset == 0xc0,
          "tbuffer fields");
    /* gfx9 MTBUF: slc in w1[22], tfe ignored */
    in = dec("gfx900", 0xebf8f004, 0x01c10201);
    CHECK(in.slc && !in.tfe && in.glc && in.dfmt == 15 && in.nfmt == 7, "gfx9 tbuffer slc, tfe ignored");
}

static void check_rows(void)
{
    unsigned n[ISA_NGEN][3] = {{0}};
    for (unsigned i = 0; i < ISA_OP_COUNT; i++) {
        const isa_row_t *r = isa_row(i);
        int k = r->enc == ISA_ENC_DS ? 0 : r->enc == ISA_ENC_MUBUF ? 1 : r->enc == ISA_ENC_MTBUF ? 2 : -1;
        for (int g = 0; k >= 0 && g < ISA_NGEN; g++)
            n[g][k] += r->opc[g] != ISA_NA;
    }
    /* opcodes LLVM decodes (gfx8/9) or assembles (gfx6/7) per generation */
    static const unsigned want[ISA_NGEN][3] = {{131, 56, 8}, {139, 56, 8}, {144, 60, 16}, {154, 70, 16}};
    for (int g = 0; g < ISA_NGEN; g++)
        CHECK(n[g][0] == want[g][0] && n[g][1] == want[g][1] && n[g][2] == want[g][2],
              "gfx%d rows: DS %u MUBUF %u MTBUF %u", g + 6, n[g][0], n[g][1], n[g][2]);
}

int main(void)
{
    check_vectors();
    check_fields();
    check_rows();
    return check_done();
}
