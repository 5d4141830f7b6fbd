/* test_mimg_flat.c — MIMG, FLAT (with gfx9 GLOBAL/SCRATCH) and EXP:
 * disassembly vectors and decoded fields.
 *
 * gfx8/gfx9 expected texts are llvm-mc-16 --disassemble output for the
 * words; gfx6/gfx7 texts were assembled with llvm-mc-15 -show-encoding to
 * exactly these words.  NULL means the word must decode as invalid (LLVM
 * rejects it, or on gfx6/gfx7 the assembler cannot produce it). */
#include <stdio.h>
#include <string.h>
#include "isa/isa.h"
#include "tests/unit/check.h"

static const struct {
    const char *target;
    uint32_t w[2];
    const char *text;
} vectors[] = {
    {"gfx803", {0xdc500000, 0x01000002}, "flat_load_dword v1, v[2:3]"},
    {"gfx803", {0xdc531fff, 0x01000002}, "flat_load_dword v1, v[2:3] offset:8191 glc slc"},
    {"gfx803", {0xdd090000, 0x03000102}, "flat_atomic_add v3, v[2:3], v1 glc"},
    {"gfx803", {0xdd0a0000, 0x03000102}, "flat_atomic_add v[2:3], v1 slc"},
    {"gfx803", {0xdd840000, 0x00000402}, "flat_atomic_cmpswap_x2 v[2:3], v[4:7]"},
    {"gfx803", {0xdc7c0000, 0x0000fc02}, "flat_store_dwordx4 v[2:3], v[252:255]"},
    {"gfx803", {0xdc502000, 0x01000002}, NULL},
    {"gfx803", {0xdc500000, 0x01040002}, NULL},
    {"gfx803", {0xf0001f00, 0x0005040f}, "image_load v[4:7], v15, s[20:27] dmask:0xf unorm"},
    {"gfx803", {0xf0800100, 0x80821404}, "image_sample v20, v4, s[8:15], s[16:19] dmask:0x1 d16"},
    {"gfx803", {0xf0810f00, 0x00021404}, "image_sample v[20:24], v4, s[8:15], s[0:3] dmask:0xf tfe"},
    {"gfx803", {0xf0008100, 0x00021404}, "image_load v20, v4, s[8:15] dmask:0x1 r128"},
    {"gfx803", {0xf0440300, 0x00021404}, "image_atomic_cmpswap v[20:21], v4, s[8:15] dmask:0x3"},
    {"gfx803", {0xf0800100, 0x03420004}, "image_sample v0, v4, s[8:15], xnack_mask/*Invalid register, operand has 'SReg_128' register class*/ dmask:0x1"},
    {"gfx803", {0xf0800100, 0x03620004}, "image_sample v0, v4, s[8:15], tba/*Invalid register, operand has 'SReg_128' register class*/ dmask:0x1"},
    {"gfx803", {0xf0000100, 0x00821404}, NULL},
    {"gfx803", {0xf0000101, 0x00021404}, NULL},
    {"gfx803", {0xf0480100, 0x80021404}, NULL},
    {"gfx803", {0xf1000f00, 0x8082fc04}, "image_gather4 v[252:255], v4, s[8:15], s[16:19] dmask:0xf d16"},
    {"gfx803", {0xc400180f, 0x03020100}, "exp mrt0 v0, v1, v2, v3 done vm"},
    {"gfx803", {0xc400040f, 0x03020100}, "exp mrt0 v0, v0, v1, v1 compr"},
    {"gfx803", {0xc400000a, 0x03020100}, "exp mrt0 off, v1, off, v3"},
    {"gfx803", {0xc40000af, 0x03020100}, "exp invalid_target_10 v0, v1, v2, v3"},
    {"gfx810", {0xf0800f00, 0x80821404}, "image_sample v[20:21], v4, s[8:15], s[16:19] dmask:0xf d16"},
    {"gfx810", {0xf0810f00, 0x80821404}, "image_sample v[20:22], v4, s[8:15], s[16:19] dmask:0xf tfe d16"},
    {"gfx810", {0xf1000100, 0x80821404}, "image_gather4 v[20:21], v4, s[8:15], s[16:19] dmask:0x1 d16"},
    {"gfx900", {0xdc508000, 0x017f0002}, "global_load_dword v1, v[2:3], off"},
    {"gfx900", {0xdc509ff8, 0x017f0002}, "global_load_dword v1, v[2:3], off offset:-8"},
    {"gfx900", {0xdc508000, 0x01040002}, "global_load_dword v1, v2, s[4:5]"},
    {"gfx900", {0xdc504000, 0x017f0002}, "scratch_load_dword v1, v2, off"},
    {"gfx900", {0xdc704000, 0x00030100}, "scratch_store_dword off, v1, s3"},
    {"gfx900", {0xdd098000, 0x017f0302}, "global_atomic_add v1, v[2:3], v3, off glc"},
    {"gfx900", {0xdc648000, 0x017f0302}, "global_store_byte_d16_hi v[2:3], v3, off"},
    {"gfx900", {0xdc848000, 0x017f0002}, "global_load_ubyte_d16_hi v1, v[2:3], off"},
    {"gfx900", {0xdc508000, 0x017d0002}, "global_load_dword v1, v2, null"},
    {"gfx900", {0xdc508000, 0x01670002}, NULL},
    {"gfx900", {0xdc50a000, 0x017f0002}, "global_load_dword v[2:3], off lds"},
    {"gfx900", {0xdc44a000, 0x00060002}, "global_load_sbyte v2, s[6:7] lds"},
    {"gfx900", {0xdc500000, 0x017f0002}, NULL},
    {"gfx900", {0xdc50c000, 0x017f0002}, NULL},
    {"gfx900", {0xdc704000, 0x007c0100}, "scratch_store_dword off, v1, m0"},
    {"gfx900", {0xdd094010, 0x03040102}, NULL},
    {"gfx900", {0xdc44a000, 0x00860002}, NULL},
    {"gfx900", {0xdc708000, 0x007f0102}, "global_store_dword v[2:3], v1, off"},
    {"gfx900", {0xf0008f00, 0x00021404}, "image_load v[20:23], v4, s[8:15] dmask:0xf a16"},
    {"gfx900", {0xf1000f00, 0x80821404}, "image_gather4 v[20:21], v4, s[8:15], s[16:19] dmask:0xf d16"},
    {"gfx900", {0xf1010f00, 0x80821404}, "image_gather4 v[20:23], v4, s[8:15], s[16:19] dmask:0xf tfe d16"},
    {"gfx900", {0xf0010f00, 0x0002fe04}, "image_load v254, v4, s[8:15] dmask:0xf tfe"},
    {"gfx900", {0xf0800100, 0x03420004}, "image_sample v0, v4, s[8:15], xnack_mask/*Invalid register, operand has 'SReg_128' register class*/ dmask:0x1"},
    {"gfx900", {0xf0800100, 0x03620004}, "image_sample v0, v4, s[8:15], ttmp[0:3] dmask:0x1"},
    {"gfx900", {0xf1000100, 0x0082fd04}, NULL},
    {"gfx900", {0xf0442f00, 0x00021404}, "image_atomic_cmpswap v[20:23], v4, s[8:15] dmask:0xf glc"},
    {"gfx900", {0xc4000c0f, 0x03020100}, "exp mrt0 v0, v0, v1, v1 done compr"},
    {"gfx900", {0xc40003ff, 0xfffefdfc}, "exp param31 v252, v253, v254, v255"},
    {"gfx601", {0xf0007f00, 0x00020004}, "image_load v[0:3], v4, s[8:15] dmask:0xf unorm glc da"},
    {"gfx601", {0xf0808100, 0x03a20004}, "image_sample v0, v4, s[8:15], ttmp[4:7] dmask:0x1 r128"},
    {"gfx601", {0xf1230200, 0x00820004}, "image_gather4_c v[0:4], v[4:5], s[8:15], s[16:19] dmask:0x2 tfe lwe"},
    {"gfx601", {0xf0402f00, 0x00180004}, "image_atomic_cmpswap v[0:3], v4, s[96:103] dmask:0xf glc"},
    {"gfx601", {0xf24c0100, 0x00010102}, "image_atomic_rsub v1, v2, s[4:11] dmask:0x1 slc"},
    {"gfx601", {0xf800180f, 0x03020100}, "exp mrt0 v0, v1, v2, v3 done vm"},
    {"gfx601", {0xf80004cf, 0x00000100}, "exp pos0 v0, v0, v1, v1 compr"},
    {"gfx601", {0xf80003fa, 0xff000100}, "exp param31 off, v1, off, v255"},
    {"gfx701", {0xdc330000, 0x01000002}, "flat_load_dword v1, v[2:3] glc slc"},
    {"gfx701", {0xdc7c0000, 0x00000402}, "flat_store_dwordx3 v[2:3], v[4:6]"},
    {"gfx701", {0xdd450000, 0x00000402}, "flat_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7] glc"},
    {"gfx701", {0xdd000000, 0x00000102}, "flat_atomic_fmax v[2:3], v1"},
    {"gfx701", {0xdc380000, 0xfc0000fe}, "flat_load_dwordx4 v[252:255], v[254:255]"},
    {"gfx701", {0xf0782100, 0x00010102}, "image_atomic_fmin v1, v2, s[4:11] dmask:0x1 glc"},
    {"gfx701", {0xf8000081, 0x00000001}, "exp mrtz v1, off, off, off"},
    {"gfx701", {0xdc300004, 0x01000002}, NULL},
    {"gfx701", {0xdc300000, 0x01800002}, NULL},
    {"gfx701", {0xdc300000, 0x01000102}, NULL},
    {"gfx701", {0xdc700000, 0x05000102}, NULL},
    {"gfx701", {0xde300000, 0x01000002}, NULL},
    {"gfx601", {0xf8000000, 0x00000001}, NULL},
    {"gfx601", {0xf80000af, 0x03020100}, NULL},
    {"gfx601", {0xf800040f, 0x03020100}, NULL},
    {"gfx601", {0xf1000300, 0x00820004}, NULL},
    {"gfx601", {0xf0000100, 0x80020004}, NULL},
    {"gfx601", {0xf0440700, 0x00020004}, NULL},
};

static void check_vectors(void)
{
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        const isa_target_t *t = isa_target_by_name(vectors[i].target);
        isa_inst_t in;
        char buf[256] = "";
        isa_status_t st = isa_decode(t, vectors[i].w, 2, &in);
        if (!vectors[i].text) {
            CHECK(isa_is_invalid(st) && in.ndw == 1, "%s %08x %08x is invalid", vectors[i].target,
                  vectors[i].w[0], vectors[i].w[1]);
            continue;
        }
        if (st == ISA_OK)
            isa_format(t, &in, 0, buf, sizeof buf);
        CHECK_STR(buf, vectors[i].text, "%s %08x %08x", vectors[i].target, vectors[i].w[0], vectors[i].w[1]);
        CHECK(st != ISA_OK || in.ndw == 2, "%s %08x is 2 dwords", vectors[i].target, vectors[i].w[0]);
    }
}

static int decode(const char *target, uint32_t w0, uint32_t w1, isa_inst_t *in)
{
    uint32_t w[2] = {w0, w1};
    return isa_decode(isa_target_by_name(target), w, 2, in) == ISA_OK;
}

static void check_flat_fields(void)
{
    isa_inst_t in;
    /* global_atomic_add v3, v2, v1, s[4:5] offset:-16 glc slc */
    int ok = decode("gfx900", 0xdd0b9ff0, 0x03040102, &in);
    CHECK(ok && in.op == ISA_OP_GLOBAL_ATOMIC_ADD, "gfx9 seg 2 op 0x42 is global_atomic_add");
    CHECK(ok && in.seg == 2 && in.offset == -16 && in.glc && in.slc && !in.lds,
          "global: seg, signed offset, glc, slc");
    CHECK(ok && in.vaddr == 2 && in.vdata == 1 && in.saddr == 4 && in.dst == 256 + 3,
          "global: vaddr, vdata, saddr, vdst");
    /* scratch_store_dword off, v1, s5 offset:-16 */
    ok = decode("gfx900", 0xdc735ff0, 0x03050102, &in);
    CHECK(ok && in.op == ISA_OP_SCRATCH_STORE_DWORD && in.seg == 1 && in.saddr == 5 && in.offset == -16,
          "scratch: row, seg, saddr, offset");
    /* flat offsets are unsigned */
    ok = decode("gfx900", 0xdc531fff, 0x01000002, &in);
    CHECK(ok && in.op == ISA_OP_FLAT_LOAD_DWORD && in.offset == 8191 && in.seg == 0, "flat offset unsigned");
    /* lds form: data to LDS, flagged row */
    ok = decode("gfx900", 0xdc50a000, 0x017f0002, &in);
    CHECK(ok && in.lds && (isa_row(in.op)->flags & ISA_F_LDS), "global_load_dword lds");
    /* gfx7 opcodes differ from gfx8 */
    ok = decode("gfx701", 0xdc7c0000, 0x00000402, &in);
    CHECK(ok && in.op == ISA_OP_FLAT_STORE_DWORDX3 && in.vdata == 4, "gfx7 flat_store_dwordx3 is opcode 0x1f");
    ok = decode("gfx803", 0xdc7c0000, 0x00000402, &in);
    CHECK(ok && in.op == ISA_OP_FLAT_STORE_DWORDX4, "gfx8 flat_store_dwordx4 is opcode 0x1f");
    /* FLAT does not exist on gfx6 */
    uint32_t w[2] = {0xdc300000, 0x01000002};
    CHECK(isa_is_invalid(isa_decode(isa_target_by_name("gfx601"), w, 2, &in)), "no FLAT on gfx6");
    CHECK(isa_decode(isa_target_by_name("gfx900"), w, 1, &in) == ISA_E_TRUNC, "FLAT needs two dwords");
}

static void check_mimg_fields(void)
{
    isa_inst_t in;
    /* image_sample v[20:22], v4, s[8:15], s[16:19] dmask:0xf tfe d16 (gfx810) */
    int ok = decode("gfx810", 0xf0810f00, 0x80821404, &in);
    CHECK(ok && in.op == ISA_OP_IMAGE_SAMPLE && in.dmask == 0xf && in.tfe && in.d16,
          "image_sample: dmask, tfe, d16");
    CHECK(ok && in.vaddr == 4 && in.vdata == 20 && in.srsrc == 8 && in.ssamp == 16 && in.dst == 256 + 20,
          "image_sample: vaddr, vdata, srsrc, ssamp");
    /* image_load ... dmask:0x1 unorm glc slc a16 tfe lwe da d16 (gfx900) */
    ok = decode("gfx900", 0xf203f100, 0x80021404, &in);
    CHECK(ok && in.unorm && in.glc && in.slc && in.r128 && in.tfe && in.lwe && in.da && in.d16,
          "image_load: every modifier bit");
    /* opcode numbers move between gfx7 and gfx8 */
    ok = decode("gfx601", 0xf0442100, 0x00020004, &in);
    CHECK(ok && in.op == ISA_OP_IMAGE_ATOMIC_ADD, "gfx6 image_atomic_add is opcode 0x11");
    ok = decode("gfx803", 0xf0482100, 0x00020004, &in);
    CHECK(ok && in.op == ISA_OP_IMAGE_ATOMIC_ADD, "gfx8 image_atomic_add is opcode 0x12");
    CHECK((isa_row(ISA_OP_IMAGE_ATOMIC_ADD)->flags & (ISA_F_ATOMIC | ISA_F_RET)) == (ISA_F_ATOMIC | ISA_F_RET) &&
              isa_row(ISA_OP_IMAGE_ATOMIC_ADD)->timing == ISA_T_VMEM_ATOMIC,
          "image atomics: flags and timing");
    CHECK(isa_row(ISA_OP_IMAGE_SAMPLE)->timing == ISA_T_VMEM_LOAD &&
              isa_row(ISA_OP_IMAGE_STORE)->timing == ISA_T_VMEM_STORE,
          "image load/store timing");
}

static void check_exp_fields(void)
{
    isa_inst_t in;
    /* exp pos0 v0, v0, v1, v1 compr done vm (gfx900 encoding) */
    int ok = decode("gfx900", 0xc4001ccf, 0x00000100, &in);
    CHECK(ok && in.op == ISA_OP_EXP && in.tgt == 12 && in.en == 0xf && in.compr && in.done && in.vm,
          "exp: tgt, en, compr, done, vm");
    CHECK(ok && in.src[0] == 256 && in.src[1] == 257, "exp: sources as 256 + vgpr");
    CHECK(isa_row(ISA_OP_EXP)->timing == ISA_T_EXPORT, "exp timing class");
}

/* Every FLAT and MIMG row decodes from its own opcode in each generation
 * it exists in (one target per generation). */
static void check_row_roundtrip(void)
{
    static const char *const names[ISA_NGEN] = {"gfx601", "gfx701", "gfx803", "gfx900"};
    for (int g = 0; g < ISA_NGEN; g++) {
        const isa_target_t *t = isa_target_by_name(names[g]);
        unsigned n = 0, bad = 0;
        for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
            const isa_row_t *r = isa_row(op);
            if (r->opc[g] == ISA_NA || (r->enc != ISA_ENC_FLAT && r->enc != ISA_ENC_MIMG))
                continue;
            uint32_t w[2];
            unsigned opc = (unsigned)r->opc[g];
            if (r->enc == ISA_ENC_FLAT) {
                unsigned seg = opc / 128;
                w[0] = 0xdc000000u | (opc % 128) << 18 | seg << 14;
                w[1] = seg ? 0x007f0000u : 0;
            } else {
                /* dmask 0x1, 0x3 for cmpswap (two dwords of data) */
                unsigned dmask = (r->flags & ISA_F_ATOMIC) && r->dst_t[0] == OT_B64 ? 3 : 1;
                w[0] = 0xf0000000u | opc << 18 | dmask << 8;
                w[1] = 0;
            }
            isa_inst_t in;
            n++;
            if (isa_decode(t, w, 2, &in) != ISA_OK || in.op != op) {
                bad++;
                printf("      %s: row %s does not decode from its opcode\n", names[g], r->key);
            }
        }
        CHECK(n > 0 && bad == 0, "%s: %u FLAT/MIMG rows decode from their opcodes", names[g], n);
    }
}

static void check_rows(void)
{
    CHECK(isa_row(ISA_OP_GLOBAL_LOAD_DWORD)->opc[ISA_GFX9] == 2 * 128 + 0x14 &&
              isa_row(ISA_OP_SCRATCH_LOAD_DWORD)->opc[ISA_GFX9] == 1 * 128 + 0x14 &&
              isa_row(ISA_OP_FLAT_LOAD_DWORD)->opc[ISA_GFX9] == 0x14,
          "gfx9 FLAT lookup space is seg * 128 + op");
    CHECK(isa_row(ISA_OP_FLAT_ATOMIC_CMPSWAP_X2)->src_t[0] == OT_B128 &&
              isa_row(ISA_OP_FLAT_ATOMIC_CMPSWAP_X2)->dst_t[0] == OT_B64,
          "cmpswap_x2 signature b64:b128");
    CHECK(isa_row(ISA_OP_FLAT_LOAD_DWORD)->opc[ISA_GFX6] == ISA_NA, "FLAT rows absent on gfx6");
}

int main(void)
{
    check_vectors();
    check_flat_fields();
    check_mimg_fields();
    check_exp_fields();
    check_rows();
    check_row_roundtrip();
    return check_done();
}
