/* test_dbg_value.c — the debugger's value layer (front/dbg/dbg_value.c):
 * references and their errors, printed text in every format (expected
 * strings built here from the values the test puts in the registers),
 * set var round trips, condition lane masks, x/NFU on device memory, LDS
 * and private memory (against the swizzle computed here, and against a
 * real scratch_store_dword), info registers and register names. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg_value.h"
#include "tests/unit/check.h"
#include "tests/unit/semtest.h"

static semtest_t S;
static wave_t *W;
static char err[256];

/* ---- helpers ------------------------------------------------------------ */

/* Append printf text to a growing string. */
typedef struct { char buf[8192]; size_t n; } str_t;

static void sadd(str_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sadd(str_t *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(s->buf + s->n, sizeof s->buf - s->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        s->n += (size_t)k;
}

static char out[65536];

/* print/fmt of text with a lane filter into out; returns out, or an error text. */
static const char *pr(const char *text, char fmt, uint64_t filter)
{
    dbg_ref_t r;
    if (dbg_parse_ref(text, W, &r, err, sizeof err)) {
        snprintf(out, sizeof out, "parse error: %s", err);
        return out;
    }
    out[0] = 0;
    FILE *fp = fmemopen(out, sizeof out, "w");
    int rc = dbg_print_ref(fp, W, &r, fmt, filter);
    fclose(fp);
    if (rc)
        snprintf(out, sizeof out, "print failed");
    return out;
}

static const char *p(const char *text, char fmt)
{
    return pr(text, fmt, ~0ull);
}

/* The parse error of text ("" when it parses). */
static const char *perr(const char *text)
{
    dbg_ref_t r;
    if (!dbg_parse_ref(text, W, &r, err, sizeof err))
        return "";
    return err;
}

/* set var text = value; returns 0 or -1 (err holds the message). */
static int set(const char *text, const char *value)
{
    dbg_ref_t r;
    if (dbg_parse_ref(text, W, &r, err, sizeof err))
        return -2;
    return dbg_set_ref(W, &r, value, err, sizeof err);
}

/* The lane mask of a condition, or 0xdead with err set when it does not parse. */
static uint64_t cond(const char *text)
{
    static dbg_cond_t c;
    if (dbg_parse_cond(text, W, &c, err, sizeof err))
        return 0xdead;
    return dbg_eval_cond(&c, W);
}

static const char *cerr(const char *text)
{
    static dbg_cond_t c;
    if (!dbg_parse_cond(text, W, &c, err, sizeof err))
        return "";
    return err;
}

/* x/spec addr (lane) into out; rc receives the return code. */
static const char *xm(const char *spec, const char *addr, int lane, dbg_x_t *last, int *rc)
{
    out[0] = 0;
    FILE *fp = fmemopen(out, sizeof out, "w");
    *rc = dbg_examine(fp, W, spec, addr, lane, last, err, sizeof err);
    fclose(fp);
    return out;
}

static uint32_t f32bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t f64bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

#define EXEC 0x00000000ffff00ffull   /* lanes 0-7 and 16-31 */

/* The registers every section starts from. */
static void reset_regs(void)
{
    for (unsigned l = 0; l < 64; l++) {
        W->vgpr[0][l] = 4 * l;                        /* v0 = 4 * lane */
        W->vgpr[1][l] = l;                            /* v1 = lane */
        W->vgpr[2][l] = 7;                            /* v2 = 7 everywhere */
        W->vgpr[3][l] = f32bits(0.5f * (float)l);     /* v3 = lane / 2 as f32 */
        W->vgpr[4][l] = l;                            /* v[4:5] = (lane & 1) << 32 | lane */
        W->vgpr[5][l] = l & 1;
        /* v6: 16 zeros, 10 ones, 11 twos, then the lane number */
        W->vgpr[6][l] = l < 16 ? 0 : l < 26 ? 1 : l < 37 ? 2 : l;
        W->vgpr[7][l] = 0;
    }
    memset(W->sgpr, 0, sizeof W->sgpr);
    W->sgpr[4] = 0x10;
    W->sgpr[5] = 7;
    W->sgpr[6] = 0xffffffffu;
    W->sgpr[7] = 3;
    W->sgpr[8] = (uint32_t)f64bits(2.25);
    W->sgpr[9] = (uint32_t)(f64bits(2.25) >> 32);
    W->sgpr[10] = 0x7fc00000u;    /* quiet NaN */
    W->sgpr[11] = 0xff800000u;    /* -inf */
    W->sgpr[12] = f32bits(0.1f);
    W->sgpr[13] = 65;             /* 'A' */
    W->sgpr[14] = 200;            /* a char above 127 */
    W->sgpr[SREG_EXEC_LO] = (uint32_t)EXEC;
    W->sgpr[SREG_EXEC_HI] = (uint32_t)(EXEC >> 32);
    W->sgpr[SREG_VCC_LO] = 5;
    W->sgpr[SREG_M0] = 0xffffffffu;
    W->sgpr[SREG_FLAT_SCR_LO_GFX8] = 0x1000;
    W->sgpr[SREG_FLAT_SCR_LO_GFX8 + 1] = 0x1;
    W->scc = 1;
    W->pc = 0x100001000ull;
    W->hwreg[1] = 0x3f0;
}

/* ---- references --------------------------------------------------------- */

static void test_parse(void)
{
    dbg_ref_t r;
    static const struct {
        const char *text;
        int kind;
        unsigned reg, nreg, lo, hi, one, hex;
        const char *name;
    } ok[] = {
        {"s5", DBG_REF_SREG, 5, 1, 0, 63, 0, 0, "s5"},
        {"$s5", DBG_REF_SREG, 5, 1, 0, 63, 0, 0, "s5"},
        {"s[4:7]", DBG_REF_SREG, 4, 4, 0, 63, 0, 0, "s[4:7]"},
        {" s[ 4 : 5 ] ", DBG_REF_SREG, 4, 2, 0, 63, 0, 0, "s[4:5]"},
        {"s101", DBG_REF_SREG, 101, 1, 0, 63, 0, 0, "s101"},
        {"v3", DBG_REF_VREG, 3, 1, 0, 63, 0, 0, "v3"},
        {"$v3", DBG_REF_VREG, 3, 1, 0, 63, 0, 0, "v3"},
        {"v3[0:15]", DBG_REF_VREG, 3, 1, 0, 15, 0, 0, "v3[0:15]"},
        {"v3[5]", DBG_REF_VREG, 3, 1, 5, 5, 1, 0, "v3[5]"},
        {"v3[5:5]", DBG_REF_VREG, 3, 1, 5, 5, 0, 0, "v3[5:5]"},
        {"v[0:1]", DBG_REF_VREG, 0, 2, 0, 63, 0, 0, "v[0:1]"},
        {"v[0:1][63]", DBG_REF_VREG, 0, 2, 63, 63, 1, 0, "v[0:1][63]"},
        {"v[4:7]", DBG_REF_VREG, 4, 4, 0, 63, 0, 0, "v[4:7]"},
        {"v7", DBG_REF_VREG, 7, 1, 0, 63, 0, 0, "v7"},
        {"exec", DBG_REF_SREG, SREG_EXEC_LO, 2, 0, 63, 0, 1, "exec"},
        {"$exec", DBG_REF_SREG, SREG_EXEC_LO, 2, 0, 63, 0, 1, "exec"},
        {"EXEC", DBG_REF_SREG, SREG_EXEC_LO, 2, 0, 63, 0, 1, "exec"},
        {"exec_lo", DBG_REF_SREG, SREG_EXEC_LO, 1, 0, 63, 0, 1, "exec_lo"},
        {"exec_hi", DBG_REF_SREG, SREG_EXEC_HI, 1, 0, 63, 0, 1, "exec_hi"},
        {"vcc", DBG_REF_SREG, SREG_VCC_LO, 2, 0, 63, 0, 1, "vcc"},
        {"vcc_lo", DBG_REF_SREG, SREG_VCC_LO, 1, 0, 63, 0, 1, "vcc_lo"},
        {"vcc_hi", DBG_REF_SREG, SREG_VCC_HI, 1, 0, 63, 0, 1, "vcc_hi"},
        {"m0", DBG_REF_SREG, SREG_M0, 1, 0, 63, 0, 0, "m0"},
        {"flat_scratch", DBG_REF_SREG, SREG_FLAT_SCR_LO_GFX8, 2, 0, 63, 0, 1, "flat_scratch"},
        {"flat_scratch_hi", DBG_REF_SREG, SREG_FLAT_SCR_LO_GFX8 + 1, 1, 0, 63, 0, 1, "flat_scratch_hi"},
        {"scc", DBG_REF_SCC, 0, 1, 0, 63, 0, 0, "scc"},
        {"pc", DBG_REF_PC, 0, 2, 0, 63, 0, 1, "pc"},
        {"$pc", DBG_REF_PC, 0, 2, 0, 63, 0, 1, "pc"},
        {"mode", DBG_REF_HWREG, 1, 1, 0, 63, 0, 1, "mode"},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        int rc = dbg_parse_ref(ok[i].text, W, &r, err, sizeof err);
        CHECK(rc == 0 && (int)r.kind == ok[i].kind && r.reg == ok[i].reg && r.nreg == ok[i].nreg &&
                  r.lane_lo == ok[i].lo && r.lane_hi == ok[i].hi && r.one_lane == ok[i].one && r.hex == ok[i].hex &&
                  !strcmp(r.name, ok[i].name),
              "parse \"%s\" (rc %d, kind %d reg %u nreg %u lanes %u..%u one %u name %s) %s", ok[i].text, rc, r.kind,
              r.reg, r.nreg, r.lane_lo, r.lane_hi, r.one_lane, r.name, rc ? err : "");
    }
    /* literals */
    static const struct { const char *text; uint64_t v; int flt; } lit[] = {
        {"42", 42, 0}, {"-7", (uint64_t)-7, 0}, {"0x1f", 0x1f, 0}, {"0XFF", 0xff, 0}, {"-0x10", (uint64_t)-16, 0},
        {"18446744073709551615", ~0ull, 0}, {"1.5", 0, 1}, {"-2.5e1", 0, 1},
    };
    for (size_t i = 0; i < sizeof lit / sizeof lit[0]; i++) {
        int rc = dbg_parse_ref(lit[i].text, W, &r, err, sizeof err);
        uint64_t want = lit[i].v;
        if (lit[i].flt)
            want = f64bits(strtod(lit[i].text, NULL));
        CHECK(rc == 0 && r.kind == DBG_REF_LIT && r.value == want && r.is_float == lit[i].flt,
              "parse literal \"%s\" = 0x%llx", lit[i].text, (unsigned long long)r.value);
    }
    /* errors name the problem */
    static const struct { const char *text, *want; } bad[] = {
        {"v300", "v300 is beyond the wave's 8 VGPRs"},
        {"v8", "v8 is beyond the wave's 8 VGPRs"},
        {"v[6:9]", "v9 is beyond the wave's 8 VGPRs"},
        {"s102", "s102 is beyond the wave's 102 SGPRs"},
        {"s[100:103]", "s103 is beyond the wave's 102 SGPRs"},
        {"v3[64]", "lane 64 is beyond the wave's 64 lanes"},
        {"v3[0:64]", "lane 64 is beyond the wave's 64 lanes"},
        {"v[3:2]", "register range [3:2] ends before it starts"},
        {"v3[9:2]", "lane range [9:2] ends before it starts"},
        {"v[0:1", "expected ']' after the register range"},
        {"v[", "expected a register number after '['"},
        {"v3[1:]", "expected a lane number after ':'"},
        {"foo", "no register named \"foo\""},
        {"ttmp0", "no register named \"ttmp0\""},
        {"s5 x", "unexpected \"x\" after s5"},
        {"s5[3]", "scalar register s5 has no lanes"},
        {"exec[1]", "exec has no lanes or elements to index"},
        {"12ab", "invalid number \"12ab\""},
        {"0x", "invalid number \"0x\""},
        {"99999999999999999999", "number \"99999999999999999999\" does not fit in 64 bits"},
        {"", "expected a register or a number"},
        {"+", "invalid number \"+\""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_STR(perr(bad[i].text), bad[i].want, "parse error of \"%s\"", bad[i].text);

    /* flat_scratch by generation */
    const isa_target_t *t9 = S.ctx.t;
    S.ctx.t = isa_target_by_name("gfx701");
    CHECK(dbg_parse_ref("flat_scratch", W, &r, err, sizeof err) == 0 && r.reg == SREG_FLAT_SCR_LO_GFX7,
          "flat_scratch on gfx7 is s[104:105]");
    S.ctx.t = isa_target_by_name("gfx803");
    CHECK(dbg_parse_ref("flat_scratch_lo", W, &r, err, sizeof err) == 0 && r.reg == SREG_FLAT_SCR_LO_GFX8,
          "flat_scratch_lo on gfx8 is s102");
    S.ctx.t = isa_target_by_name("gfx601");
    CHECK_STR(perr("flat_scratch"), "flat_scratch does not exist on gfx6", "no flat_scratch on gfx6");
    S.ctx.t = t9;
}

/* ---- printing ----------------------------------------------------------- */

static void test_print(void)
{
    str_t s = {0};
    /* v0 = 4 * lane: 64 distinct values */
    sadd(&s, "{");
    for (unsigned l = 0; l < 64; l++)
        sadd(&s, "%s%u", l ? ", " : "", 4 * l);
    sadd(&s, "}");
    CHECK_STR(p("v0", 0), s.buf, "p v0: all 64 lanes");
    s.n = 0;
    sadd(&s, "{");
    for (unsigned l = 0; l < 64; l++)
        sadd(&s, "%s0x%x", l ? ", " : "", 4 * l);
    sadd(&s, "}");
    CHECK_STR(p("v0", 'x'), s.buf, "p/x v0");
    CHECK_STR(p("v2", 0), "{7 <repeats 64 times>}", "p v2: one run collapses");
    /* v6: a run of 16 collapses, 10 do not (gdb's threshold), 11 do */
    s.n = 0;
    sadd(&s, "{0 <repeats 16 times>, ");
    for (unsigned k = 0; k < 10; k++)
        sadd(&s, "1, ");
    sadd(&s, "2 <repeats 11 times>");
    for (unsigned l = 37; l < 64; l++)
        sadd(&s, ", %u", l);
    sadd(&s, "}");
    CHECK_STR(p("v6", 0), s.buf, "p v6: runs of 16 and 11 collapse, 10 does not");
    CHECK_STR(p("v0[0:3]", 'x'), "{0x0, 0x4, 0x8, 0xc}", "p/x v0[0:3]");
    CHECK_STR(p("v0[60:63]", 'd'), "{240, 244, 248, 252}", "p/d v0[60:63]");
    CHECK_STR(p("v0[5]", 0), "20", "p v0[5]");
    CHECK_STR(p("v6[0:15]", 0), "{0 <repeats 16 times>}", "p v6[0:15]");
    CHECK_STR(p("v6[16:25]", 0), "{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}", "p v6[16:25]");

    /* scalars in every format */
    CHECK_STR(p("s5", 0), "7", "p s5");
    CHECK_STR(p("$s5", 'x'), "0x7", "p/x $s5");
    CHECK_STR(p("s5", 'z'), "0x00000007", "p/z s5");
    CHECK_STR(p("s5", 't'), "111", "p/t s5");
    CHECK_STR(p("s5", 'o'), "07", "p/o s5");
    CHECK_STR(p("s7", 'u'), "3", "p/u s7");
    CHECK_STR(p("s6", 0), "-1", "p s6: natural is signed");
    CHECK_STR(p("s6", 'd'), "-1", "p/d s6");
    CHECK_STR(p("s6", 'u'), "4294967295", "p/u s6");
    CHECK_STR(p("s6", 'x'), "0xffffffff", "p/x s6");
    CHECK_STR(p("s6", 'o'), "037777777777", "p/o s6");
    CHECK_STR(p("s13", 'c'), "65 'A'", "p/c s13");
    CHECK_STR(p("s14", 'c'), "-56 '\\310'", "p/c s14 (200)");
    CHECK_STR(p("s0", 'o'), "0", "p/o s0 (zero)");
    CHECK_STR(p("s0", 't'), "0", "p/t s0 (zero)");
    CHECK_STR(p("s[4:7]", 0), "{16, 7, -1, 3}", "p s[4:7]: an array of 4");
    CHECK_STR(p("s[4:7]", 'x'), "{0x10, 0x7, 0xffffffff, 0x3}", "p/x s[4:7]");
    snprintf(s.buf, sizeof s.buf, "%llu", (unsigned long long)(7ull << 32 | 0x10));
    CHECK_STR(p("s[4:5]", 0), s.buf, "p s[4:5]: one 64-bit value");
    CHECK_STR(p("s[4:5]", 'x'), "0x700000010", "p/x s[4:5]");
    snprintf(s.buf, sizeof s.buf, "%lld", (long long)(3ll << 32 | 0xffffffffll));
    CHECK_STR(p("s[6:7]", 'd'), s.buf, "p/d s[6:7] (3 << 32 | 0xffffffff)");
    /* floats */
    CHECK_STR(p("s[8:9]", 'f'), "2.25", "p/f s[8:9]: a double");
    CHECK_STR(p("s10", 'f'), "nan(0x400000)", "p/f s10: NaN");
    CHECK_STR(p("s11", 'f'), "-inf", "p/f s11: -inf");
    CHECK_STR(p("s12", 'f'), "0.100000001", "p/f s12: 0.1f with 9 digits");
    CHECK_STR(p("v3[3]", 'f'), "1.5", "p/f v3[3]");
    s.n = 0;
    sadd(&s, "{");
    for (unsigned l = 0; l < 64; l++)
        sadd(&s, "%s%g", l ? ", " : "", 0.5 * l);
    sadd(&s, "}");
    CHECK_STR(p("v3", 'f'), s.buf, "p/f v3: lane / 2 as floats");
    /* specials */
    CHECK_STR(p("exec", 0), "0xffff00ff", "p exec: a mask in hex");
    CHECK_STR(p("exec", 'd'), "4294902015", "p/d exec");
    CHECK_STR(p("exec_lo", 't'), "11111111111111110000000011111111", "p/t exec_lo");
    CHECK_STR(p("exec_hi", 0), "0x0", "p exec_hi");
    CHECK_STR(p("vcc", 0), "0x5", "p vcc");
    CHECK_STR(p("scc", 0), "1", "p scc");
    CHECK_STR(p("scc", 'x'), "0x1", "p/x scc");
    CHECK_STR(p("m0", 0), "-1", "p m0");
    CHECK_STR(p("m0", 'x'), "0xffffffff", "p/x m0");
    CHECK_STR(p("$pc", 0), "0x100001000", "p $pc");
    CHECK_STR(p("pc", 'd'), "4294971392", "p/d pc");
    CHECK_STR(p("flat_scratch", 0), "0x100001000", "p flat_scratch");
    CHECK_STR(p("mode", 0), "0x3f0", "p mode");
    /* 64-bit lanes */
    s.n = 0;
    sadd(&s, "{");
    for (unsigned l = 0; l < 64; l++)
        sadd(&s, "%s%llu", l ? ", " : "", (unsigned long long)((uint64_t)(l & 1) << 32 | l));
    sadd(&s, "}");
    CHECK_STR(p("v[4:5]", 0), s.buf, "p v[4:5]: 64 64-bit values");
    CHECK_STR(p("v[4:5][3]", 0), "4294967299", "p v[4:5][3]");
    CHECK_STR(p("v[4:5][0:1]", 'x'), "{0x0, 0x100000001}", "p/x v[4:5][0:1]");
    /* wider VGPR ranges: a dword array per lane */
    CHECK_STR(p("v[0:2][1]", 0), "{4, 1, 7}", "p v[0:2][1]");
    CHECK_STR(p("v[0:2][0:1]", 0), "{{0, 0, 7}, {4, 1, 7}}", "p v[0:2][0:1]");
    for (unsigned l = 0; l < 16; l++)
        W->vgpr[5][l] = 0;
    CHECK_STR(p("v[5:7][0:15]", 0), "{{0, 0, 0} <repeats 16 times>}", "p v[5:7][0:15]: equal rows collapse");
    CHECK_STR(p("v[5:7][0:11]", 'x'), "{{0x0, 0x0, 0x0} <repeats 12 times>}", "p/x v[5:7][0:11]");
    CHECK_STR(p("v[5:7][0:9]", 0), "{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, "
              "{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}", "p v[5:7][0:9]: 10 equal rows do not collapse");
    for (unsigned l = 0; l < 16; l++)
        W->vgpr[5][l] = l & 1;
    /* lane filters: the lanes listed with their numbers */
    s.n = 0;
    sadd(&s, "{");
    for (unsigned l = 0, k = 0; l < 64; l++)
        if (EXEC >> l & 1)
            sadd(&s, "%s[%u] = %u", k++ ? ", " : "", l, 4 * l);
    sadd(&s, "}");
    CHECK_STR(pr("v0", 0, EXEC), s.buf, "p v0 for the active lanes");
    s.n = 0;
    sadd(&s, "{");
    for (unsigned l = 0; l < 8; l++)
        sadd(&s, "[%u] = 7, ", l);
    sadd(&s, "[16] = 7 <repeats 16 times>}");
    CHECK_STR(pr("v2", 0, EXEC), s.buf, "p v2 for the active lanes: runs only over consecutive lanes");
    CHECK_STR(pr("v0[0:3]", 0, 0x5), "{[0] = 0, [2] = 8}", "p v0[0:3] for lanes 0 and 2");
    CHECK_STR(pr("v0[4:7]", 0, 0xf), "{}", "p v0[4:7] with no lane selected");
    CHECK_STR(pr("v0[0:3]", 0, 0xf), "{0, 4, 8, 12}", "p v0[0:3], all its lanes selected: a plain array");
    /* literals */
    CHECK_STR(p("42", 0), "42", "p 42");
    CHECK_STR(p("-7", 0), "-7", "p -7");
    CHECK_STR(p("-1", 'x'), "0xffffffffffffffff", "p/x -1");
    CHECK_STR(p("0x20", 'd'), "32", "p/d 0x20");
    CHECK_STR(p("1.5", 0), "1.5", "p 1.5");
    CHECK_STR(p("-2.5", 'd'), "-2", "p/d -2.5: truncated, as C's cast");
    CHECK_STR(p("421e282", 'x'), "0x8000000000000000", "p/x 4.21e284: out of range, x86's integer indefinite");
    CHECK_STR(p("-9.3e18", 'd'), "-9223372036854775808", "p/d -9.3e18: below INT64_MIN");
    /* bad format */
    dbg_ref_t r;
    dbg_parse_ref("s5", W, &r, err, sizeof err);
    out[0] = 0;
    FILE *fp = fmemopen(out, sizeof out, "w");
    CHECK(dbg_print_ref(fp, W, &r, 'q', ~0ull) == -1, "p/q is refused");
    fclose(fp);
    CHECK(dbg_format_ok(0) && dbg_format_ok('x') && dbg_format_ok('f') && !dbg_format_ok('i') && !dbg_format_ok('s'),
          "format letters");
    /* dbg_ref_read / size, the values a watchpoint compares */
    uint64_t v[256];
    CHECK(dbg_parse_ref("v0", W, &r, err, sizeof err) == 0 && dbg_ref_size(&r) == 64 &&
              dbg_ref_read(W, &r, v, 256) == 64 && v[0] == 0 && v[63] == 252,
          "read v0: 64 words");
    CHECK(dbg_parse_ref("v[4:5][2:3]", W, &r, err, sizeof err) == 0 && dbg_ref_size(&r) == 2 &&
              dbg_ref_read(W, &r, v, 256) == 2 && v[0] == 2 && v[1] == (1ull << 32 | 3),
          "read v[4:5][2:3]: 2 64-bit words");
    CHECK(dbg_parse_ref("v[0:2][1:2]", W, &r, err, sizeof err) == 0 && dbg_ref_size(&r) == 6 &&
              dbg_ref_read(W, &r, v, 256) == 6 && v[0] == 4 && v[1] == 1 && v[2] == 7 && v[3] == 8 && v[4] == 2,
          "read v[0:2][1:2]: lane-major dwords");
    CHECK(dbg_parse_ref("s[4:7]", W, &r, err, sizeof err) == 0 && dbg_ref_size(&r) == 4 &&
              dbg_ref_read(W, &r, v, 2) == 2 && v[0] == 0x10 && v[1] == 7,
          "read s[4:7] into 2 words: truncated to max");
    CHECK(dbg_parse_ref("exec", W, &r, err, sizeof err) == 0 && dbg_ref_size(&r) == 1 &&
              dbg_ref_read(W, &r, v, 4) == 1 && v[0] == EXEC,
          "read exec");
}

/* ---- set var ------------------------------------------------------------ */

static void test_set(void)
{
    reset_regs();
    int ok = set("v3", "5") == 0, all = 1;
    for (unsigned l = 0; l < 64; l++)
        all &= W->vgpr[3][l] == 5;
    CHECK(ok && all, "set var v3 = 5: every lane, active or not");
    ok = set("v3[0:15]", "9") == 0;
    all = 1;
    for (unsigned l = 0; l < 64; l++)
        all &= W->vgpr[3][l] == (l < 16 ? 9u : 5u);
    CHECK(ok && all, "set var v3[0:15] = 9: that lane range only");
    CHECK(set("v3[7]", "0x42") == 0 && W->vgpr[3][7] == 0x42 && W->vgpr[3][6] == 9, "set var v3[7] = 0x42");
    CHECK(set("s[4:5]", "0x100000000") == 0 && W->sgpr[4] == 0 && W->sgpr[5] == 1, "set var s[4:5] = 0x100000000");
    CHECK_STR(p("s[4:5]", 'x'), "0x100000000", "p/x s[4:5] after set");
    CHECK(set("s5", "0x100000000") == -1 && W->sgpr[5] == 1, "set var s5 = 0x100000000 is refused");
    CHECK_STR(err, "0x100000000 does not fit in 32-bit s5", "... naming the value and the register");
    CHECK(set("s5", "-1") == 0 && W->sgpr[5] == 0xffffffffu, "set var s5 = -1");
    CHECK(set("s5", "-2147483648") == 0 && W->sgpr[5] == 0x80000000u, "set var s5 = INT32_MIN");
    CHECK(set("s5", "-2147483649") == -1, "set var s5 = INT32_MIN - 1 is refused");
    CHECK(set("$pc", "0x100001010") == 0 && W->pc == 0x100001010ull, "set var $pc = 0x100001010");
    CHECK(set("pc", "0x100001003") == -1 && W->pc == 0x100001010ull, "set var pc to a misaligned address is refused");
    CHECK_STR(err, "pc must be a multiple of 4, not 0x100001003", "... saying why");
    CHECK(set("exec", "0xffff") == 0 && wave_exec(W) == 0xffff, "set var exec = 0xffff (64-bit: high half cleared)");
    CHECK(set("exec_hi", "1") == 0 && wave_exec(W) == (1ull << 32 | 0xffff), "set var exec_hi = 1");
    CHECK(set("vcc_lo", "3") == 0 && wave_vcc(W) == 3, "set var vcc_lo = 3");
    CHECK(set("m0", "0x10000") == 0 && W->sgpr[SREG_M0] == 0x10000, "set var m0");
    CHECK(set("v3", "1.5") == 0 && W->vgpr[3][0] == 0x3fc00000u && W->vgpr[3][63] == 0x3fc00000u,
          "set var v3 = 1.5 stores f32 bits");
    CHECK(set("s[8:9]", "-0.75") == 0 && ((uint64_t)W->sgpr[9] << 32 | W->sgpr[8]) == f64bits(-0.75),
          "set var s[8:9] = -0.75 stores f64 bits");
    CHECK(set("v[4:5][2]", "0x123456789") == 0 && W->vgpr[4][2] == 0x23456789u && W->vgpr[5][2] == 1,
          "set var v[4:5][2] = 0x123456789");
    CHECK(set("scc", "0") == 0 && W->scc == 0, "set var scc = 0");
    CHECK(set("scc", "2") == -1 && W->scc == 0, "set var scc = 2 is refused");
    CHECK(set("scc", "1.0") == -1, "set var scc = 1.0 is refused");
    CHECK(set("mode", "0x1f0") == 0 && W->hwreg[1] == 0x1f0, "set var mode");
    CHECK(set("s[4:7]", "{1, 2, 3, 4}") == 0 && W->sgpr[4] == 1 && W->sgpr[5] == 2 && W->sgpr[6] == 3 &&
              W->sgpr[7] == 4,
          "set var s[4:7] = {1, 2, 3, 4}");
    CHECK_STR(p("s[4:7]", 0), "{1, 2, 3, 4}", "p s[4:7] after set");
    CHECK(set("s[4:7]", "0") == 0 && W->sgpr[4] == 0 && W->sgpr[7] == 0, "set var s[4:7] = 0: every element");
    CHECK(set("s[4:7]", "{1, 2, 3}") == -1, "set var s[4:7] = {1, 2, 3}: wrong count refused");
    CHECK_STR(err, "s[4:7] takes 4 values, not 3", "... saying how many");
    CHECK(set("s[4:7]", "{1, 2, 0x100000000, 4}") == -1 && W->sgpr[4] == 0,
          "a bad element: nothing written");
    CHECK(set("v1", "v0") == 0 && W->vgpr[1][9] == 36 && W->vgpr[1][63] == 252, "set var v1 = v0: lane by lane");
    CHECK(set("v1[0:3]", "{10, 11, 12, 13}") == 0 && W->vgpr[1][0] == 10 && W->vgpr[1][3] == 13 &&
              W->vgpr[1][4] == 16,
          "set var v1[0:3] = {10, 11, 12, 13}");
    CHECK(set("v1[0:3]", "v2[5]") == 0 && W->vgpr[1][0] == 7 && W->vgpr[1][3] == 7, "set var v1[0:3] = v2[5]");
    CHECK(set("v1", "v0[0:15]") == -1, "set var v1 = v0[0:15]: lanes missing, refused");
    CHECK_STR(err, "v0[0:15] has no lane 16", "... naming the lane");
    CHECK(set("s6", "s7") == 0 && W->sgpr[6] == W->sgpr[7], "set var s6 = s7");
    CHECK(set("s6", "exec") == 0 && W->sgpr[6] == 0xffff, "set var s6 = exec: truncated like C");
    CHECK(set("v[0:1][0]", "{1, 2}") == -1, "a 64-bit lane takes one value");
    CHECK(set("v[0:2][0]", "{1, 2, 3}") == 0 && W->vgpr[0][0] == 1 && W->vgpr[1][0] == 2 && W->vgpr[2][0] == 3,
          "set var v[0:2][0] = {1, 2, 3}");
    CHECK(set("s5", "{1, 2") == -1, "unclosed list refused");
    CHECK(set("s5", "1 2") == -1, "trailing text refused");
    CHECK(set("s5", "s[4:7]") == -1, "an array as a value refused");
    dbg_ref_t lit;
    dbg_parse_ref("5", W, &lit, err, sizeof err);
    CHECK(dbg_set_ref(W, &lit, "3", err, sizeof err) == -1, "set var 5 = 3 refused");
    /* round trip through printing */
    reset_regs();
    CHECK(set("v7", "v0") == 0 && !strcmp(p("v7", 'x'), p("v0", 'x')) && strcmp(p("v7", 0), "{0 <repeats 64 times>}"),
          "p/x v7 == p/x v0 after set var v7 = v0");
}

/* ---- conditions --------------------------------------------------------- */

static void test_cond(void)
{
    reset_regs();
    enum { GE26 = 26 };   /* lanes with 4 * lane > 100 */
    const struct { const char *text; uint64_t want; } c[] = {
        {"v0 == 8", 1ull << 2},
        {"v0 == 40", 0},                               /* lane 10: inactive */
        {"v0 == 64", 1ull << 16},
        {"s5 == 7", EXEC},
        {"s5 != 7", 0},
        {"v0 < 8 || v0 >= 248", 0x3},                  /* lanes 62, 63 inactive */
        {"v0 == 8 || v0 == 12 && s5 == 0", 1ull << 2}, /* && binds tighter */
        {"(v0 == 8 || v0 == 12) && s5 == 7", 0xc},
        {"v0[3] == 12", EXEC},                         /* one lane's value for every lane */
        {"v0[10] == 40", EXEC},                        /* ... even an inactive lane's */
        {"v0[0:15] >= 0", EXEC & 0xffff},              /* false outside the range */
        {"v0[0:15] == v1[4:19]", 0},
        {"v1 <= 5", EXEC & 0x3f},
        {"v1 > 29", EXEC & (3ull << 30)},
        {"v0 == v1", 1},
        {"v0 != v1", EXEC & ~1ull},
        {"(int)s6 < 0", EXEC},
        {"s6 < 0", 0},                                 /* unsigned */
        {"s6 == -1", EXEC},                            /* -1 takes s6's width */
        {"s6 > -2", EXEC},                             /* a negative number compares signed */
        {"(unsigned)s6 > 5", EXEC},
        {"v3 > 1.0", EXEC & ~7ull},                    /* f32 compare: lane / 2 > 1 */
        {"(float)v3 == 0.5", 2},
        {"!(v0 == 8)", EXEC & ~4ull},
        {"!scc", 0},
        {"scc", EXEC},
        {"vcc", EXEC},
        {"exec_hi", 0},
        {"v1", EXEC & ~1ull},                          /* nonzero lanes */
        {"v[4:5] == 0x100000001", 2},                  /* 64-bit per lane */
        {"v[4:5] > 0xffffffff", EXEC & 0xaaaaaaaaaaaaaaaaull},
        {"exec_lo == 0xffff00ff", EXEC},
        {"exec == 0xffff00ff", EXEC},
        {"$pc == 0x100001000", EXEC},
        {"m0 == 0xffffffff", EXEC},
        {"v0 > 100 && s5 == 7", EXEC & (~0ull << GE26)},
        {"v0 > 100 && s5 == 8", 0},
        {"  v0==8  ", 4},
        {"1 == 1", EXEC},
        {"0", 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint64_t got = cond(c[i].text);
        CHECK(got == c[i].want, "condition \"%s\" = 0x%llx (want 0x%llx)%s%s", c[i].text, (unsigned long long)got,
              (unsigned long long)c[i].want, got == 0xdead ? ": " : "", got == 0xdead ? err : "");
    }
    W->sgpr[SREG_EXEC_LO] = W->sgpr[SREG_EXEC_HI] = 0;
    CHECK(cond("s5 == 7") == 0 && cond("v0 >= 0") == 0, "EXEC = 0: no lane holds");
    reset_regs();
    static const struct { const char *text, *want; } bad[] = {
        {"", "empty condition"},
        {"v0 ==", "expected a register or a number"},
        {"v0 == 8 &&", "expected a register or a number"},
        {"(v0 == 8", "expected ')'"},
        {"v0 == 8)", "unexpected \")\" in the condition"},
        {"s[4:7] == 1", "s[4:7] is an array; a condition compares single values"},
        {"v0 = 8", "unexpected \"= 8\" in the condition"},
        {"v9 == 1", "v9 is beyond the wave's 8 VGPRs"},
        {"v0 == 8 & s5", "unexpected \"& s5\" in the condition"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_STR(cerr(bad[i].text), bad[i].want, "condition error of \"%s\"", bad[i].text);
    char big[1024] = "v0 == 0";
    for (int i = 0; i < 40; i++)
        strcat(big, " || v0 == 4");
    CHECK_STR(cerr(big), "condition too long (at most 32 values)", "too many terms refused");
    char deep[256] = "";
    for (int i = 0; i < 40; i++)
        strcat(deep, "(");
    CHECK_STR(cerr(deep), "condition nested too deeply", "deep nesting refused");
}

/* ---- memory ------------------------------------------------------------- */

static void test_examine(void)
{
    reset_regs();
    uint32_t words[16];
    for (unsigned i = 0; i < 16; i++)
        words[i] = i + 1;
    words[8] = 0xfffffffeu;                  /* -2 */
    words[9] = f32bits(-1.25f);
    uint64_t a = semtest_buffer(&S, words, sizeof words);
    char addr[64], want[512];
    int rc;
    snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)a);
    snprintf(want, sizeof want, "0x%llx:\t0x00000001\t0x00000002\t0x00000003\t0x00000004\n", (unsigned long long)a);
    CHECK_STR(xm("4xw", addr, 0, NULL, &rc), want, "x/4xw ADDR");
    CHECK(rc == 0, "x/4xw returns 0");
    snprintf(addr, sizeof addr, "global:0x%llx", (unsigned long long)a);
    CHECK_STR(xm("/4xw", addr, 0, NULL, &rc), want, "x/4xw global:ADDR (and a leading /)");
    snprintf(want, sizeof want,
             "0x%llx:\t0x00000001\t0x00000002\t0x00000003\t0x00000004\n0x%llx:\t0x00000005\t0x00000006\n",
             (unsigned long long)a, (unsigned long long)a + 16);
    CHECK_STR(xm("6x", addr, 0, NULL, &rc), want, "x/6x: 4 a line, unit w by default");
    snprintf(want, sizeof want, "0x%llx:\t0x0000000200000001\t0x0000000400000003\n", (unsigned long long)a);
    CHECK_STR(xm("2xg", addr, 0, NULL, &rc), want, "x/2xg");
    snprintf(want, sizeof want, "0x%llx:\t0x01\t0x00\t0x00\t0x00\t0x02\t0x00\t0x00\t0x00\n0x%llx:\t0x03\n",
             (unsigned long long)a, (unsigned long long)a + 8);
    CHECK_STR(xm("9xb", addr, 0, NULL, &rc), want, "x/9xb: 8 a line");
    snprintf(want, sizeof want, "0x%llx:\t0x0001\t0x0000\t0x0002\n", (unsigned long long)a);
    CHECK_STR(xm("3xh", addr, 0, NULL, &rc), want, "x/3xh");
    snprintf(addr, sizeof addr, "0x%llx+32", (unsigned long long)a);
    snprintf(want, sizeof want, "0x%llx:\t-2\t%d\n", (unsigned long long)a + 32, (int32_t)f32bits(-1.25f));
    CHECK_STR(xm("2dw", addr, 0, NULL, &rc), want, "x/2dw ADDR+32: signed");
    snprintf(want, sizeof want, "0x%llx:\t4294967294\n", (unsigned long long)a + 32);
    CHECK_STR(xm("uw", addr, 0, NULL, &rc), want, "x/uw");
    snprintf(want, sizeof want, "0x%llx:\t65534\t65535\n", (unsigned long long)a + 32);
    CHECK_STR(xm("2uh", addr, 0, NULL, &rc), want, "x/2uh");
    snprintf(addr, sizeof addr, "0x%llx+36", (unsigned long long)a);
    snprintf(want, sizeof want, "0x%llx:\t-1.25\n", (unsigned long long)a + 36);
    CHECK_STR(xm("fw", addr, 0, NULL, &rc), want, "x/fw: a float");
    snprintf(want, sizeof want, "0x%llx:\t0x%08x\n", (unsigned long long)a + 36, f32bits(-1.25f));
    CHECK_STR(xm("x", addr, 0, NULL, &rc), want, "x/x ADDR+36");
    snprintf(want, sizeof want, "0x%llx:\t00000000000000000000000000000001\n", (unsigned long long)a);
    snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)a);
    CHECK_STR(xm("tw", addr, 0, NULL, &rc), want, "x/tw: zero-padded binary");
    snprintf(want, sizeof want, "0x%llx:\t1\t0\n", (unsigned long long)a);
    CHECK_STR(xm("2db", addr, 0, NULL, &rc), want, "x/2db");

    /* characters */
    uint64_t sa = semtest_buffer(&S, "Hi\n\377", 4);
    snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)sa);
    snprintf(want, sizeof want, "0x%llx:\t72 'H'\t105 'i'\t10 '\\n'\t-1 '\\377'\n", (unsigned long long)sa);
    CHECK_STR(xm("4c", addr, 0, NULL, &rc), want, "x/4c: unit b by default");

    /* an address from registers, and continuing */
    W->sgpr[20] = (uint32_t)a;
    W->sgpr[21] = (uint32_t)(a >> 32);
    dbg_x_t last = {0};
    snprintf(want, sizeof want, "0x%llx:\t0x00000003\t0x00000004\n", (unsigned long long)a + 8);
    CHECK_STR(xm("2xw", "s[20:21] + 8", 0, &last, &rc), want, "x/2xw s[20:21] + 8");
    CHECK(last.fmt == 'x' && last.unit == 'w' && last.next == a + 16, "x keeps the format, unit and next address");
    snprintf(want, sizeof want, "0x%llx:\t0x00000005\t0x00000006\n", (unsigned long long)a + 16);
    CHECK_STR(xm("2", NULL, 0, &last, &rc), want, "x/2 continues where the last x stopped");
    snprintf(want, sizeof want, "0x%llx:\t7\n", (unsigned long long)a + 24);
    CHECK_STR(xm("d", "", 0, &last, &rc), want, "x/d continues with the new format");
    CHECK(last.fmt == 'd', "x remembers /d");
    for (unsigned l = 0; l < 64; l++) {   /* v[6:7] = a + 4 * lane */
        W->vgpr[6][l] = (uint32_t)(a + 4 * l);
        W->vgpr[7][l] = (uint32_t)((a + 4 * l) >> 32);
    }
    snprintf(want, sizeof want, "0x%llx:\t6\n", (unsigned long long)a + 20);
    CHECK_STR(xm("dw", "v[6:7]", 5, NULL, &rc), want, "x/dw v[6:7] in lane 5");
    xm("dw", "v[6:7]", -1, NULL, &rc);
    CHECK(rc == -1, "x of a VGPR address without a lane is refused");
    CHECK_STR(err, "v[6:7]: no lane selected for its value", "... saying why");

    /* unmapped memory */
    xm("4xw", "0x1000", 0, NULL, &rc);
    CHECK(rc == -1 && out[0] == 0, "x/4xw 0x1000: nothing printed");
    CHECK_STR(err, "Cannot access memory at address 0x1000", "... and the address named");
    snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)a + 56);
    snprintf(want, sizeof want, "0x%llx:\t0x0000000f\t0x00000010\n", (unsigned long long)a + 56);
    uint64_t end = a + 64;
    const mem_region_t *reg = mem_region_at(&S.mem, a);
    if (reg)
        end = reg->base + reg->size;
    if (end == a + 64) {
        CHECK_STR(xm("4xw", addr, 0, NULL, &rc), want, "x/4xw over the end of an allocation: the mapped units");
        char e[96];
        snprintf(e, sizeof e, "Cannot access memory at address 0x%llx", (unsigned long long)end);
        CHECK(rc == -1 && !strcmp(err, e), "... then the first unmapped address (%s)", err);
    }
    /* formats */
    xm("4iw", addr, 0, NULL, &rc);
    CHECK(rc == -1, "x/i is refused (disassemble's)");
    xm("0xw", addr, 0, NULL, &rc);
    CHECK(rc == -1, "x/0xw is refused");
    xm("4qw", addr, 0, NULL, &rc);
    CHECK(rc == -1, "x/4qw is refused");
    xm("4xw", NULL, 0, NULL, &rc);
    CHECK(rc == -1 && !strcmp(err, "Argument required (starting display address)."), "x without an address at first");
    xm("4xw", "s[4:7]", 0, NULL, &rc);
    CHECK(rc == -1, "x of an array is refused");

    /* LDS */
    for (unsigned i = 0; i < 8; i++) {
        uint32_t v = 0xa0 + i;
        memcpy(S.lds + 16 + 4 * i, &v, 4);
    }
    CHECK_STR(xm("2xw", "local:16", 0, NULL, &rc), "local:0x10:\t0x000000a0\t0x000000a1\n", "x/2xw local:16");
    CHECK_STR(xm("4xb", "local:0x14", 0, NULL, &rc), "local:0x14:\t0xa1\t0x00\t0x00\t0x00\n", "x/4xb local:0x14");
    S.wg.lds_size = 64;
    xm("xw", "local:64", 0, NULL, &rc);
    CHECK(rc == -1, "x/xw local:64 beyond 64 bytes of LDS is refused");
    CHECK_STR(err, "Cannot access memory at address local:0x40 (the work-group has 64 bytes of LDS)",
              "... saying how much LDS there is");
    xm("xw", "local:62", 0, NULL, &rc);
    CHECK(rc == -1, "x/xw local:62 crossing the end is refused");
    S.wg.lds_size = sizeof S.lds;
}

/* Private memory: an independent layout (dword d of lane l at scratch +
 * d * 256 + l * 4) and a real scratch_store_dword. */
static void test_private(void)
{
    reset_regs();
    enum { PER_LANE = 64 };
    S.ctx.scratch_per_wave = PER_LANE * 64;
    uint64_t base = semtest_buffer(&S, NULL, 2 * PER_LANE * 64);
    S.ctx.scratch_addr = base;
    W->scratch_addr = base + PER_LANE * 64;   /* the second wave slot */
    int same = 1;
    for (unsigned l = 0; l < 64; l += 7)
        for (uint32_t off = 0; off < PER_LANE; off += 3)
            same &= dbg_private_addr(W, l, off) == W->scratch_addr + (off / 4) * 256 + l * 4 + off % 4;
    CHECK(same, "dbg_private_addr: dword off/4 of the 64 lanes interleaved");
    /* lane 5's dwords 2 and 3 = 0x11111111 * (d + 1) */
    for (unsigned d = 0; d < 4; d++) {
        uint32_t v = 0x11111111u * (d + 1);
        mem_write(&S.mem, W->scratch_addr + d * 256 + 5 * 4, &v, 4);
        v = 0xdead0000u + d;
        mem_write(&S.mem, W->scratch_addr + d * 256 + 6 * 4, &v, 4);   /* lane 6: other values */
    }
    int rc;
    CHECK_STR(xm("2xw", "private:8", 5, NULL, &rc), "private:0x8:\t0x33333333\t0x44444444\n", "x/2xw private:8 lane 5");
    CHECK_STR(xm("xw", "private:8", 6, NULL, &rc), "private:0x8:\t0xdead0002\n", "x/xw private:8 lane 6");
    CHECK_STR(xm("xg", "private:8", 5, NULL, &rc), "private:0x8:\t0x4444444433333333\n",
              "x/xg private:8: two dwords that are 256 bytes apart in the backing");
    CHECK_STR(xm("4xb", "private:6", 5, NULL, &rc), "private:0x6:\t0x22\t0x22\t0x33\t0x33\n",
              "x/4xb private:6 across a dword");
    xm("xw", "private:64", 5, NULL, &rc);
    CHECK(rc == -1, "x private:64 beyond 64 bytes per lane is refused");
    CHECK_STR(err, "Cannot access memory at address private:0x40 (lane 5 has 64 bytes of private memory)",
              "... saying how much there is");
    xm("xw", "private:0", -1, NULL, &rc);
    CHECK(rc == -1 && !strcmp(err, "private memory needs a lane"), "x private without a lane is refused");

    /* a real scratch_store_dword v1, v2, off offset:8 (gfx9: flat_scratch is the base) */
    static const uint32_t code[] = {0xdc704008, 0x007f0201, 0xbf810000};
    semtest_load(&S, code, 3);
    W->sgpr[SREG_FLAT_SCR_LO_GFX8] = (uint32_t)W->scratch_addr;
    W->sgpr[SREG_FLAT_SCR_LO_GFX8 + 1] = (uint32_t)(W->scratch_addr >> 32);
    W->sgpr[SREG_EXEC_LO] = W->sgpr[SREG_EXEC_HI] = 0xffffffffu;
    for (unsigned l = 0; l < 64; l++) {
        W->vgpr[1][l] = 4 * (l % 5);   /* private offset */
        W->vgpr[2][l] = 1000 + l;      /* data */
    }
    W->state = WAVE_RUN;
    semtest_step(&S, 1);
    CHECK(W->state == WAVE_RUN, "scratch_store_dword ran (%s)", W->fault.msg);
    int good = 1;
    for (unsigned l = 0; l < 64; l++) {
        char want[64];
        snprintf(want, sizeof want, "private:0x%x:\t%u\n", 8 + 4 * (l % 5), 1000 + l);
        xm("dw", "private:v1+8", (int)l, NULL, &rc);
        if (rc || strcmp(out, want)) {
            good = 0;
            printf("      lane %u: got \"%s\" want \"%s\" %s\n", l, out, want, rc ? err : "");
        }
    }
    CHECK(good, "x/dw private:v1+8 in every lane reads what scratch_store_dword wrote");
    S.ctx.scratch_per_wave = 0;
}

/* gfx8: private memory written by flat_store_dword through the private
 * aperture (base: backing + FLAT_SCRATCH_HI * 256, as the kernel prologue
 * sets it) and by buffer_store_dword through the private segment buffer
 * (swizzled V#, soffset = the wave's offset), read back with x private:. */
static semtest_t S8;

static void test_private_gfx8(void)
{
    semtest_t *t = &S8;
    semtest_init(t, "gfx803", 8);
    wave_t *saved = W;
    W = &t->w;
    enum { PER_LANE = 64 };
    t->ctx.scratch_per_wave = PER_LANE * 64;
    t->ctx.scratch_addr = semtest_buffer(t, NULL, 2 * PER_LANE * 64);
    W->scratch_addr = t->ctx.scratch_addr + PER_LANE * 64;   /* the second wave slot */
    static const uint32_t code[] = {0xdc700000, 0x00000203,   /* flat_store_dword v[3:4], v2 */
                                    0xe0701008, 0x04000201,   /* buffer_store_dword v2, v1, s[0:3], s4 offen offset:8 */
                                    0xbf810000};
    semtest_load(t, code, 5);
    W->sgpr[SREG_FLAT_SCR_LO_GFX8] = PER_LANE;                                   /* bytes per lane */
    W->sgpr[SREG_FLAT_SCR_LO_GFX8 + 1] = (uint32_t)((W->scratch_addr - t->ctx.scratch_addr) / 256);
    uint64_t sa = t->ctx.scratch_addr;   /* private segment buffer V#: swizzled, ADD_TID, element 4, stride 64 */
    W->sgpr[0] = (uint32_t)sa;
    W->sgpr[1] = (uint32_t)(sa >> 32) & 0xffff;
    W->sgpr[1] |= 1u << 31;
    W->sgpr[2] = 0xffffffffu;
    W->sgpr[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
    W->sgpr[4] = (uint32_t)(W->scratch_addr - sa);
    for (unsigned l = 0; l < 64; l++) {
        uint64_t fa = t->ctx.private_aperture + 4 * (l % 7);
        W->vgpr[3][l] = (uint32_t)fa;
        W->vgpr[4][l] = (uint32_t)(fa >> 32);
        W->vgpr[2][l] = 2000 + l;
        W->vgpr[1][l] = 32 + 4 * (l % 3);
    }
    semtest_step(t, 1);
    CHECK(W->state == WAVE_RUN, "gfx8 flat_store_dword to private ran (%s)", W->fault.msg);
    for (unsigned l = 0; l < 64; l++)
        W->vgpr[2][l] = 3000 + l;
    semtest_step(t, 1);
    CHECK(W->state == WAVE_RUN, "gfx8 buffer_store_dword to scratch ran (%s)", W->fault.msg);
    int good = 1, rc;
    for (unsigned l = 0; l < 64; l++) {
        char a[32], want[64];
        snprintf(a, sizeof a, "private:%u", 4 * (l % 7));
        snprintf(want, sizeof want, "private:0x%x:\t%u\n", 4 * (l % 7), 2000 + l);
        xm("dw", a, (int)l, NULL, &rc);
        good &= !rc && !strcmp(out, want);
        snprintf(want, sizeof want, "private:0x%x:\t%u\n", 40 + 4 * (l % 3), 3000 + l);
        xm("dw", "private:v1 + 8", (int)l, NULL, &rc);
        good &= !rc && !strcmp(out, want);
    }
    CHECK(good, "gfx8: x private: reads what flat_store_dword and buffer_store_dword wrote, in every lane");
    W = saved;
    semtest_free(t);
}

/* A wave with sizes but no register file and no context (a debugger's
 * prototype before the launch): references and conditions parse, reads
 * give zeros, nothing crashes. */
static void test_proto(void)
{
    static wave_t proto;
    proto.nvgpr = 8;
    proto.nsgpr = 102;
    wave_t *saved = W;
    W = &proto;
    dbg_cond_t *c = malloc(sizeof *c);
    CHECK(dbg_parse_cond("v0 == 8 && s5 == 0", &proto, c, err, sizeof err) == 0, "a condition parses before the launch");
    CHECK(dbg_eval_cond(c, &proto) == 0, "... and holds nowhere (EXEC 0)");
    CHECK_STR(p("v[0:1][0:11]", 'x'), "{0x0 <repeats 12 times>}", "p/x v[0:1][0:11] of no register file: zeros");
    CHECK(set("v3", "1") == 0, "set var on no register file does nothing");
    CHECK_STR(perr("flat_scratch"), "", "flat_scratch without a target: gfx9's");
    int rc;
    xm("xw", "0x1000", 0, NULL, &rc);
    CHECK(rc == -1 && !strcmp(err, "Cannot access memory at address 0x1000"), "x without device memory");
    xm("xw", "local:0", 0, NULL, &rc);
    CHECK(rc == -1, "x local: without a work-group");
    xm("xw", "private:0", 0, NULL, &rc);
    CHECK(rc == -1, "x private: without a dispatch");
    free(c);
    W = saved;
}

/* ---- info registers, names ---------------------------------------------- */

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static const char *regs(const char *which, int *rc)
{
    out[0] = 0;
    FILE *fp = fmemopen(out, sizeof out, "w");
    *rc = dbg_print_registers(fp, W, which, err, sizeof err);
    fclose(fp);
    return out;
}

static void test_registers(void)
{
    reset_regs();
    int rc;
    str_t s0 = {0};
    /* gdb columns: name at 0, hex at 15, natural at 35 */
    CHECK_STR(regs("s5", &rc), "s5             0x7                 7\n", "info registers s5");
    CHECK_STR(regs("$s6 exec", &rc),
              "s6             0xffffffff          -1\n"
              "exec           0xffff00ff          0xffff00ff\n",
              "info registers $s6 exec");
    CHECK_STR(regs("scc pc", &rc),
              "scc            0x1                 1\n"
              "pc             0x100001000         0x100001000\n",
              "info registers scc pc");
    snprintf(s0.buf, sizeof s0.buf, "s[8:9]         0x4002000000000000  %lld\n", (long long)f64bits(2.25));
    CHECK_STR(regs("s[8:9]", &rc), s0.buf, "info registers s[8:9]: 64-bit, hex and natural");
    str_t s = {0};
    sadd(&s, "v0             {");
    for (unsigned l = 0; l < 64; l++)
        sadd(&s, "%s0x%x", l ? ", " : "", 4 * l);
    sadd(&s, "}\n");
    CHECK_STR(regs("v0", &rc), s.buf, "info registers v0: hex array");
    CHECK_STR(regs("v2 s[4:7]", &rc), "v2             {0x7 <repeats 64 times>}\ns[4:7]         {0x10, 0x7, 0xffffffff, 0x3}\n",
              "info registers v2 s[4:7]");
    regs("s", &rc);
    CHECK(rc == 0 && count_lines(out) == W->nsgpr && !strncmp(out, "s0             0x0", 18),
          "info registers s: one line per SGPR (%d)", count_lines(out));
    regs("v", &rc);
    CHECK(rc == 0 && count_lines(out) == W->nvgpr, "info registers v: one line per VGPR");
    regs("special", &rc);
    CHECK(rc == 0 && count_lines(out) == 9 && strstr(out, "\nexec ") && strstr(out, "\nflat_scratch ") &&
              strstr(out, "\nm0             0xffffffff          -1\n"),
          "info registers special: pc exec vcc scc m0 flat_scratch mode status trapsts");
    regs("", &rc);
    CHECK(rc == 0 && count_lines(out) == W->nsgpr + 9 + W->nvgpr, "info registers: all of them");
    regs("s5 foo", &rc);
    CHECK(rc == -1 && out[0] == 0 && !strcmp(err, "no register named \"foo\""),
          "info registers s5 foo: refused before printing");
    regs("s5 42", &rc);
    CHECK(rc == -1 && !strcmp(err, "Invalid register `42'"), "info registers 42 refused");
    S.ctx.t = isa_target_by_name("gfx601");
    regs("special", &rc);
    CHECK(rc == 0 && count_lines(out) == 8 && !strstr(out, "flat_scratch"), "gfx6: no flat_scratch line");
    S.ctx.t = isa_target_by_name("gfx900");

    /* names */
    unsigned n = 0;
    int parse_all = 1, has_v7 = 0, has_exec = 0, has_fs = 0, has_pc = 0;
    for (const char *nm; (nm = dbg_register_name(W, n)); n++) {
        dbg_ref_t r;
        parse_all &= dbg_parse_ref(nm, W, &r, err, sizeof err) == 0;
        has_v7 |= !strcmp(nm, "v7");
        has_exec |= !strcmp(nm, "exec");
        has_fs |= !strcmp(nm, "flat_scratch");
        has_pc |= !strcmp(nm, "pc");
    }
    CHECK(n == W->nsgpr + W->nvgpr + 15u && parse_all && has_v7 && has_exec && has_fs && has_pc,
          "register names: %u, every one parses", n);
    CHECK(dbg_register_name(W, 0) && !strcmp(dbg_register_name(W, 0), "s0") &&
              !strcmp(dbg_register_name(W, W->nsgpr), "v0"),
          "register names start s0 ... v0 ...");
    S.ctx.t = isa_target_by_name("gfx601");
    n = 0;
    while (dbg_register_name(W, n))
        n++;
    CHECK(n == W->nsgpr + W->nvgpr + 12u, "gfx6: no flat_scratch names");
    S.ctx.t = isa_target_by_name("gfx900");
    n = 0;
    while (dbg_register_name(NULL, n))
        n++;
    CHECK(n == 104 + 256 + 15u, "register names without a wave: the largest one");

    /* the special SGPRs' names are the disassembler's: s_mov_b32/b64 with
     * the register as destination prints the same name, on every target
     * that has it */
    static const char *const tgts[] = {"gfx601", "gfx701", "gfx803", "gfx900"};
    for (unsigned ti = 0; ti < 4; ti++) {
        const isa_target_t *t = S.ctx.t = isa_target_by_name(tgts[ti]);
        int same = 1;
        unsigned nspecial = 0;
        for (unsigned k = W->nsgpr + W->nvgpr; dbg_register_name(W, k); k++) {
            const char *nm = dbg_register_name(W, k);
            dbg_ref_t r;
            if (dbg_parse_ref(nm, W, &r, err, sizeof err) || r.kind != DBG_REF_SREG)
                continue;
            /* SOP1 s_mov_b32 / s_mov_b64 REG, exec(_lo) */
            unsigned op = r.nreg == 2 ? (t->gen >= ISA_GFX8 ? 0x01 : 0x04) : (t->gen >= ISA_GFX8 ? 0x00 : 0x03);
            uint32_t word = 0xbe800000u | (unsigned)r.reg << 16 | op << 8 | 126;
            isa_inst_t in;
            char text[64], want[64];
            snprintf(want, sizeof want, "s_mov_b%u %s, exec%s", r.nreg == 2 ? 64 : 32, nm, r.nreg == 2 ? "" : "_lo");
            if (isa_decode(t, &word, 1, &in) != ISA_OK || isa_format(t, &in, 0, text, sizeof text) < 0 ||
                strcmp(text, want)) {
                same = 0;
                printf("%s: %s: disassembles as \"%s\"\n", tgts[ti], nm, text);
            }
            nspecial++;
        }
        CHECK(same && nspecial == (ti ? 10u : 7u), "%s: the debugger's %u special SGPR names are the disassembler's",
              tgts[ti], nspecial);
    }
    S.ctx.t = isa_target_by_name("gfx900");
}

int main(void)
{
    semtest_init(&S, "gfx900", 8);
    W = &S.w;
    reset_regs();
    test_parse();
    reset_regs();
    test_print();
    test_set();
    test_cond();
    test_examine();
    test_private();
    test_private_gfx8();
    test_registers();
    test_proto();
    semtest_free(&S);
    return check_done();
}
