/* test_semcore.c — the execution core itself: stepping, ending, faults for
 * invalid and unimplemented instructions and for a pc outside the code,
 * register bounds, and the effects record of a scalar write. */
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

int main(void)
{
    semtest_t s;
    /* s_nop 0; s_endpgm */
    uint32_t ok[] = {0xbf800000, 0xbf810000};
    semtest_init(&s, "gfx900", 8);
    semtest_load(&s, ok, 2);
    CHECK(semtest_step(&s, 10) == 2 && s.w.state == WAVE_DONE, "s_nop; s_endpgm: two instructions, the wave ends");
    CHECK(s.w.ninst == 2 && s.ctx.ninst == 2, "instruction counts: wave %llu, dispatch %llu",
          (unsigned long long)s.w.ninst, (unsigned long long)s.ctx.ninst);
    semtest_free(&s);

    /* an invalid word faults as an illegal instruction at its pc */
    uint32_t bad[] = {0xffffffff, 0xbf810000};
    semtest_init(&s, "gfx900", 8);
    semtest_load(&s, bad, 2);
    semtest_step(&s, 10);
    CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_ILLEGAL && s.w.fault.pc == s.code_addr,
          "invalid word: illegal-instruction fault at its pc (%s)", s.w.fault.msg);
    semtest_free(&s);

    /* valid encodings LLVM cannot write back run (decode is not print):
     * gfx7 v_cvt_f32_f16_e64 v0, 1.0 (an f16 inline constant), and
     * v_mqsad_pk_u16_u8 v[4:5], v[4:5], v6, v[8:9] (the destination
     * overlapping a source) gives what the same instruction writing
     * v[10:11] gives: the sources are read before the write */
    uint32_t cvt[] = {0xd3160000, 0x000000f2, 0xbf810000};
    semtest_init(&s, "gfx701", 16);
    semtest_load(&s, cvt, 3);
    semtest_step(&s, 10);
    CHECK(s.w.state == WAVE_DONE && wave_vreg(&s.w, 0)[0] == 0x3f800000 && wave_vreg(&s.w, 0)[63] == 0x3f800000,
          "gfx7 v_cvt_f32_f16_e64 v0, 1.0 runs: v0 = 1.0f (%s)", s.w.state == WAVE_FAULT ? s.w.fault.msg : "");
    semtest_free(&s);
    uint32_t mq[2][3] = {{0xd2e60004, 0x04220d04, 0xbf810000}, {0xd2e6000a, 0x04220d04, 0xbf810000}};
    uint32_t got[2][2][64];
    int ran = 1;
    for (int k = 0; k < 2; k++) {
        semtest_init(&s, "gfx701", 16);
        for (unsigned r = 4; r < 10; r++)
            for (unsigned l = 0; l < 64; l++)
                wave_vreg(&s.w, r)[l] = 0x9e3779b9u * (r * 64 + l + 1) ^ (l << 7);
        semtest_load(&s, mq[k], 3);
        semtest_step(&s, 10);
        ran &= s.w.state == WAVE_DONE;
        unsigned d = k ? 10 : 4;
        memcpy(got[k][0], wave_vreg(&s.w, d), sizeof got[k][0]);
        memcpy(got[k][1], wave_vreg(&s.w, d + 1), sizeof got[k][1]);
        semtest_free(&s);
    }
    CHECK(ran && !memcmp(got[0], got[1], sizeof got[0]),
          "gfx7 v_mqsad_pk_u16_u8 v[4:5], v[4:5], v6, v[8:9] runs and writes what a separate destination gets");

    /* why words are no instruction, as isa_decode says (GCN3 ISA manual's
     * encoding prefixes for gfx8): 0xec000000's bits 111011 start no
     * encoding; 0xbf9f0000 is SOPP opcode 0x1f, which gfx8 lacks; a VOP3
     * word without its second dword is truncated; the fault names it */
    {
        const isa_target_t *g8 = isa_target_by_name("gfx803");
        uint32_t enc[] = {0xec000000}, opc[] = {0xbf9f0000}, tr[] = {0xd1000000};
        isa_inst_t in;
        CHECK(isa_decode(g8, enc, 1, &in) == ISA_E_ENCODING && in.status == ISA_E_ENCODING,
              "0xec000000 on gfx8: no encoding (%s)", isa_status_text(ISA_E_ENCODING));
        CHECK(isa_decode(g8, opc, 1, &in) == ISA_E_OPCODE, "0xbf9f0000 on gfx8: unknown opcode (%s)",
              isa_status_text((isa_status_t)in.status));
        CHECK(isa_decode(g8, tr, 1, &in) == ISA_E_TRUNC && !isa_is_invalid(ISA_E_TRUNC),
              "a VOP3 word alone: truncated, not invalid");
        uint32_t prog[] = {0xbf9f0000, 0xbf810000};
        semtest_init(&s, "gfx803", 8);
        semtest_load(&s, prog, 2);
        semtest_step(&s, 10);
        CHECK(s.w.state == WAVE_FAULT && strstr(s.w.fault.msg, "unknown opcode"),
              "the illegal-instruction fault says why (%s)", s.w.fault.msg);
        semtest_free(&s);
    }

    /* running off the end of the code faults instead of reading beyond it */
    uint32_t nop[] = {0xbf800000};
    semtest_init(&s, "gfx803", 8);
    semtest_load(&s, nop, 1);
    semtest_step(&s, 10);
    CHECK(s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_ILLEGAL && s.w.fault.pc == s.code_addr + 4,
          "pc past the code: fault at that pc (%s)", s.w.fault.msg);
    semtest_free(&s);

    /* a register beyond the allocation faults */
    semtest_init(&s, "gfx900", 4);
    CHECK(wave_vreg(&s.w, 3) != NULL && s.w.state == WAVE_RUN, "v3 of 4 allocated VGPRs is accessible");
    CHECK(wave_vreg(&s.w, 4) == NULL && s.w.state == WAVE_FAULT && s.w.fault.kind == FAULT_REGISTER,
          "v4 of 4 allocated VGPRs faults (%s)", s.w.fault.msg);
    semtest_free(&s);

    /* effects: a scalar write records the old value */
    semtest_init(&s, "gfx900", 4);
    semtest_record(&s);
    s.w.sgpr[5] = 11;
    wave_set_sreg(&s.w, 5, 22);
    CHECK(s.fx.ns == 1 && s.fx.s[0].reg == 5 && s.fx.s[0].old == 11 && s.w.sgpr[5] == 22,
          "effects record: s5 written, old value 11 kept");
    semtest_free(&s);

    /* inline constants and literals by operand type */
    semtest_init(&s, "gfx900", 4);
    isa_inst_t in;
    memset(&in, 0, sizeof in);
    in.literal = 0x12345678;
    CHECK(wave_sread(&s.w, &in, 128 + 64, OT_B32) == 64 && wave_sread(&s.w, &in, 193, OT_B32) == 0xffffffffu,
          "inline integers 64 and -1");
    CHECK(wave_sread(&s.w, &in, 242, OT_F32) == 0x3f800000u && wave_sread(&s.w, &in, 242, OT_F16) == 0x3c00u,
          "inline 1.0 as f32 and f16");
    CHECK(wave_sread64(&s.w, &in, 242, OT_F64) == 0x3ff0000000000000ull, "inline 1.0 as f64");
    CHECK(wave_sread64(&s.w, &in, 255, OT_F64) == 0x1234567800000000ull &&
              wave_sread64(&s.w, &in, 255, OT_B64) == 0x12345678ull,
          "a literal is the high half of an f64 operand and zero-extended for integers");
    s.w.scc = 1;
    CHECK(wave_sread(&s.w, &in, 253, OT_B32) == 1 && wave_sread(&s.w, &in, 252, OT_B32) == 0,
          "src_scc reads SCC; src_execz is 0 with all lanes active");
    semtest_free(&s);

    /* the fault kinds' names, from their one home (WAVE_FAULT_LIST) */
    CHECK_STR(wave_fault_kind_name(FAULT_MEMORY), "memory fault", "FAULT_MEMORY's name");
    CHECK_STR(wave_fault_kind_name(FAULT_REGISTER), "register out of range", "FAULT_REGISTER's name");
    CHECK_STR(wave_fault_kind_name(FAULT_NONE), "", "FAULT_NONE has no name");
    CHECK_STR(wave_fault_kind_name(FAULT_REGISTER + 1), "", "a value past the kinds has no name");
    int distinct = 1;
    for (unsigned a = FAULT_MEMORY; a <= FAULT_REGISTER; a++)
        for (unsigned b = FAULT_NONE; b < a; b++)
            distinct &= wave_fault_kind_name(a)[0] && strcmp(wave_fault_kind_name(a), wave_fault_kind_name(b)) != 0;
    CHECK(distinct, "every fault kind has a name of its own");
    return check_done();
}
