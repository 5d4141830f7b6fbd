/* dbg_value.c — the debugger's value layer: register references, values
 * printed in gdb's formats, set var, breakpoint conditions, x/NFU on the
 * three address spaces, info registers and register names (dbg_value.h).
 *
 * Private memory: a lane's private byte offset lives in the wave's scratch
 * (w->scratch_addr) swizzled as sem_mem.h's mem_scratch_addr lays it out —
 * the same function scratch/flat instructions use, with the same base
 * (the kernel prologue's flat_scratch on gfx9, or backing + FLAT_SCRATCH_HI
 * * 256 on gfx7/8, is this wave's scratch_addr). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg_value.h"
#include "sim/f16.h"
#include "sim/sem_mem.h"

enum { REPEAT_THRESHOLD = 10 };   /* gdb's `print repeats`: longer runs collapse */
enum { HW_MODE = 1, HW_STATUS = 2, HW_TRAPSTS = 3 };

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static unsigned wave_gen(const wave_t *w)
{
    return w && w->ctx && w->ctx->t ? w->ctx->t->gen : ISA_GFX9;
}

/* Operand encoding of flat_scratch's low half, or -1 (gfx6 has none). */
static int flat_scratch_reg(const wave_t *w)
{
    unsigned g = wave_gen(w);
    return g >= ISA_GFX8 ? SREG_FLAT_SCR_LO_GFX8 : g == ISA_GFX7 ? SREG_FLAT_SCR_LO_GFX7 : -1;
}

/* ======================================================================
 * References
 * ====================================================================== */

enum { FS = 0xff00 };   /* reg placeholder: flat_scratch, resolved per generation */

/* The special registers the debugger knows, in the order of its register
 * names (completion).  The SGPR ones are named by isa/, as the disassembler
 * and the trace spell them (isa_format_reg: "vcc_lo", the pair "vcc");
 * scc, pc and the hardware registers are the debugger's own words.  info: the place in
 * `info registers special` (from 1), 0 when not listed there. */
static const struct {
    const char *name;   /* NULL: the ISA's name of the SGPR(s) at reg */
    uint8_t kind, nreg, hex, info;
    uint16_t reg;
} specials[] = {
    {NULL, DBG_REF_SREG, 2, 1, 2, SREG_EXEC_LO},
    {NULL, DBG_REF_SREG, 1, 1, 0, SREG_EXEC_LO},
    {NULL, DBG_REF_SREG, 1, 1, 0, SREG_EXEC_HI},
    {NULL, DBG_REF_SREG, 2, 1, 3, SREG_VCC_LO},
    {NULL, DBG_REF_SREG, 1, 1, 0, SREG_VCC_LO},
    {NULL, DBG_REF_SREG, 1, 1, 0, SREG_VCC_HI},
    {"scc", DBG_REF_SCC, 1, 0, 4, 0},
    {NULL, DBG_REF_SREG, 1, 0, 5, SREG_M0},
    {"pc", DBG_REF_PC, 2, 1, 1, 0},
    {NULL, DBG_REF_SREG, 2, 1, 6, FS},
    {NULL, DBG_REF_SREG, 1, 1, 0, FS},
    {NULL, DBG_REF_SREG, 1, 1, 0, FS + 1},
    {"mode", DBG_REF_HWREG, 1, 1, 7, HW_MODE},
    {"status", DBG_REF_HWREG, 1, 1, 8, HW_STATUS},
    {"trapsts", DBG_REF_HWREG, 1, 1, 9, HW_TRAPSTS},
};
enum { NSPECIALS = sizeof specials / sizeof specials[0] };

/* The name of specials[k]: its own, or the ISA's in gfx9's encoding (a
 * register gfx6 lacks keeps that name; the parser says it does not exist
 * there). */
static const char *special_name(unsigned k)
{
    static char names[NSPECIALS][24];
    static int init;
    if (!init) {
        const isa_target_t *t = isa_target_by_name("gfx900");
        for (unsigned i = 0; i < NSPECIALS; i++) {
            if (specials[i].name) {
                snprintf(names[i], sizeof names[i], "%s", specials[i].name);
                continue;
            }
            unsigned reg = specials[i].reg >= FS ? SREG_FLAT_SCR_LO_GFX8 + (specials[i].reg - FS) : specials[i].reg;
            if (isa_format_reg(t, reg, specials[i].nreg, names[i], sizeof names[i]) < 0)
                names[i][0] = 0;
        }
        init = 1;
    }
    return names[k];
}

/* Width in bits of one element of r (a literal: 64). */
static unsigned elem_bits(const dbg_ref_t *r)
{
    switch (r->kind) {
    case DBG_REF_SCC: return 1;
    case DBG_REF_PC:
    case DBG_REF_LIT: return 64;
    case DBG_REF_HWREG: return 32;
    default: return r->nreg == 2 ? 64 : 32;
    }
}

/* Registers per element: a range wider than a pair is an array of dwords. */
static unsigned words_per_lane(const dbg_ref_t *r)
{
    return r->kind == DBG_REF_VREG && r->nreg > 2 ? r->nreg : 1;
}

/* A VGPR with a value per lane (not indexed by one lane). */
static int per_lane(const dbg_ref_t *r)
{
    return r->kind == DBG_REF_VREG && !r->one_lane;
}

/* An array of registers per value (s[4:7], v[0:3]). */
static int wide(const dbg_ref_t *r)
{
    return (r->kind == DBG_REF_SREG || r->kind == DBG_REF_VREG) && r->nreg > 2;
}

static uint64_t lane_range_mask(const dbg_ref_t *r)
{
    if (!per_lane(r))
        return ~0ull;
    unsigned n = r->lane_hi - r->lane_lo + 1;
    return (n >= 64 ? ~0ull : ((1ull << n) - 1)) << r->lane_lo;
}

/* The value of a non-wide reference in lane (ignored unless per lane). */
static uint64_t ref_value(const wave_t *w, const dbg_ref_t *r, unsigned lane)
{
    switch (r->kind) {
    case DBG_REF_LIT: return r->value;
    case DBG_REF_SCC: return w->scc;
    case DBG_REF_PC: return w->pc;
    case DBG_REF_HWREG: return w->hwreg[r->reg & 31];
    case DBG_REF_SREG:
        return r->nreg == 2 ? (uint64_t)w->sgpr[(r->reg + 1) & 127] << 32 | w->sgpr[r->reg & 127]
                            : w->sgpr[r->reg & 127];
    case DBG_REF_VREG: {
        if (!w->vgpr)   /* a wave with no register file yet (parsing before a launch) */
            return 0;
        unsigned l = r->one_lane ? r->lane_lo : lane & 63;
        return r->nreg == 2 ? (uint64_t)w->vgpr[r->reg + 1][l] << 32 | w->vgpr[r->reg][l] : w->vgpr[r->reg][l];
    }
    }
    return 0;
}

/* Lane and register offset of word i of r in dbg_ref_read order. */
static void word_pos(const dbg_ref_t *r, size_t i, unsigned *lane, unsigned *k)
{
    unsigned per = words_per_lane(r);
    *lane = r->kind == DBG_REF_VREG ? (r->one_lane ? r->lane_lo : r->lane_lo + (unsigned)(i / per)) : 0;
    *k = r->kind == DBG_REF_SREG && r->nreg > 2 ? (unsigned)i : (unsigned)(i % per);
}

static uint64_t read_word(const wave_t *w, const dbg_ref_t *r, size_t i)
{
    unsigned lane, k;
    word_pos(r, i, &lane, &k);
    if (wide(r) && r->kind == DBG_REF_SREG)
        return w->sgpr[(r->reg + k) & 127];
    if (wide(r))
        return w->vgpr ? w->vgpr[r->reg + k][lane] : 0;
    return ref_value(w, r, lane);
}

static void write_word(wave_t *w, const dbg_ref_t *r, size_t i, uint64_t v)
{
    unsigned lane, k;
    word_pos(r, i, &lane, &k);
    if (r->kind == DBG_REF_VREG && !w->vgpr)
        return;
    switch (r->kind) {
    case DBG_REF_LIT: break;
    case DBG_REF_SCC: w->scc = (uint8_t)(v & 1); break;
    case DBG_REF_PC: w->pc = v; break;
    case DBG_REF_HWREG: w->hwreg[r->reg & 31] = (uint32_t)v; break;
    case DBG_REF_SREG:
        if (wide(r))
            w->sgpr[(r->reg + k) & 127] = (uint32_t)v;
        else {
            w->sgpr[r->reg & 127] = (uint32_t)v;
            if (r->nreg == 2)
                w->sgpr[(r->reg + 1) & 127] = (uint32_t)(v >> 32);
        }
        break;
    case DBG_REF_VREG:
        if (wide(r))
            w->vgpr[r->reg + k][lane] = (uint32_t)v;
        else {
            w->vgpr[r->reg][lane] = (uint32_t)v;
            if (r->nreg == 2)
                w->vgpr[r->reg + 1][lane] = (uint32_t)(v >> 32);
        }
        break;
    }
}

size_t dbg_ref_size(const dbg_ref_t *r)
{
    if (r->kind == DBG_REF_SREG)
        return r->nreg > 2 ? r->nreg : 1;
    if (r->kind == DBG_REF_VREG)
        return (size_t)(r->one_lane ? 1 : r->lane_hi - r->lane_lo + 1) * words_per_lane(r);
    return 1;
}

size_t dbg_ref_read(const wave_t *w, const dbg_ref_t *r, uint64_t *out, size_t max)
{
    size_t n = dbg_ref_size(r);
    if (n > max)
        n = max;
    for (size_t i = 0; i < n; i++)
        out[i] = read_word(w, r, i);
    return n;
}

/* ---- parsing ------------------------------------------------------------ */

/* A decimal register or lane number at *pp. */
static int parse_index(const char **pp, unsigned *out)
{
    const char *p = skip_ws(*pp);
    if (!isdigit((unsigned char)*p))
        return -1;
    unsigned long v = 0;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (unsigned)(*p++ - '0');
        if (v > 100000)
            return -1;
    }
    *out = (unsigned)v;
    *pp = p;
    return 0;
}

/* "[a:b]" or "[a]" at *pp (which points at '['). */
static int parse_range(const char **pp, unsigned *a, unsigned *b, const char *what, char *err, size_t errlen)
{
    const char *p = *pp + 1;
    if (parse_index(&p, a))
        return fail(err, errlen, "expected a %s number after '['", what);
    *b = *a;
    p = skip_ws(p);
    if (*p == ':') {
        p++;
        if (parse_index(&p, b))
            return fail(err, errlen, "expected a %s number after ':'", what);
        p = skip_ws(p);
    }
    if (*p != ']')
        return fail(err, errlen, "expected ']' after the %s range", what);
    if (*b < *a)
        return fail(err, errlen, "%s range [%u:%u] ends before it starts", what, *a, *b);
    *pp = p + 1;
    return 0;
}

/* A literal at *pp: decimal, 0x hex, negative, or a float (1.5, 1e3). */
static int parse_literal(const char **pp, dbg_ref_t *r, char *err, size_t errlen)
{
    const char *p = *pp, *start = p;
    int neg = 0;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    const char *num = p;
    int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    const char *q = hex ? p + 2 : p;
    while (hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q))
        q++;
    char *end;
    errno = 0;
    if (!hex && (*q == '.' || *q == 'e' || *q == 'E')) {
        double d = strtod(num, &end);
        if (end == num || errno == ERANGE)
            return fail(err, errlen, "invalid number \"%.*s\"", (int)(end - start + 1), start);
        if (neg)
            d = -d;
        r->is_float = 1;
        memcpy(&r->value, &d, 8);
    } else {
        if (q == (hex ? p + 2 : p))
            return fail(err, errlen, "invalid number \"%.20s\"", start);
        unsigned long long v = strtoull(num, &end, hex ? 16 : 10);
        if (errno == ERANGE)
            return fail(err, errlen, "number \"%.*s\" does not fit in 64 bits", (int)(end - start), start);
        r->value = neg ? (uint64_t)0 - v : v;
    }
    if (isalnum((unsigned char)*end) || *end == '_' || *end == '.')
        return fail(err, errlen, "invalid number \"%.*s\"", (int)(strcspn(start, " \t)=!<>&|,}")), start);
    r->kind = DBG_REF_LIT;
    snprintf(r->name, sizeof r->name, "%.*s", (int)(end - start), start);
    *pp = end;
    return 0;
}

/* sN, s[a:b], vN, v[a:b] and a VGPR's lane index, after the letter. */
static int parse_gpr(const char **pp, const char *id, const wave_t *w, dbg_ref_t *r, char *err, size_t errlen)
{
    const char *p = *pp;
    int vec = id[0] == 'v';
    unsigned a, b;
    if (id[1]) {
        a = b = (unsigned)strtoul(id + 1, NULL, 10);
        if (strlen(id + 1) > 5)
            return fail(err, errlen, "%s is not a register", id);
    } else if (parse_range(&p, &a, &b, "register", err, errlen))
        return -1;
    unsigned limit = vec ? w->nvgpr : w->nsgpr;
    if (b >= limit)
        return fail(err, errlen, "%c%u is beyond the wave's %u %s", id[0], b, limit, vec ? "VGPRs" : "SGPRs");
    r->kind = vec ? DBG_REF_VREG : DBG_REF_SREG;
    r->reg = a;
    r->nreg = b - a + 1;
    r->lane_lo = 0;
    r->lane_hi = 63;
    int n = a == b && id[1] ? snprintf(r->name, sizeof r->name, "%c%u", id[0], a)
                            : snprintf(r->name, sizeof r->name, "%c[%u:%u]", id[0], a, b);
    if (vec && *p == '[') {
        unsigned lo, hi;
        const char *close = strchr(p, ']');
        int span = close && memchr(p, ':', (size_t)(close - p)) != NULL;   /* [l:h], not [l] */
        if (parse_range(&p, &lo, &hi, "lane", err, errlen))
            return -1;
        if (hi > 63)
            return fail(err, errlen, "lane %u is beyond the wave's 64 lanes", hi);
        r->lane_lo = lo;
        r->lane_hi = hi;
        r->one_lane = (uint8_t)!span;
        if (span)
            snprintf(r->name + n, sizeof r->name - (size_t)n, "[%u:%u]", lo, hi);
        else
            snprintf(r->name + n, sizeof r->name - (size_t)n, "[%u]", lo);
    } else if (!vec && *p == '[')
        return fail(err, errlen, "scalar register %s has no lanes", r->name);
    *pp = p;
    return 0;
}

/* One reference or literal at *pp (leading blanks skipped); *pp is left
 * after it. */
static int parse_ref_at(const char **pp, const wave_t *w, dbg_ref_t *r, char *err, size_t errlen)
{
    const char *p = skip_ws(*pp);
    memset(r, 0, sizeof *r);
    r->lane_hi = 63;
    if (*p == '-' || *p == '+' || isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
        if (parse_literal(&p, r, err, errlen))
            return -1;
        *pp = p;
        return 0;
    }
    if (*p == '$')
        p++;
    char id[32];
    size_t n = 0;
    while (isalnum((unsigned char)*p) || *p == '_') {
        if (n + 1 >= sizeof id)
            return fail(err, errlen, "no register named \"%.31s...\"", p - n);
        id[n++] = (char)tolower((unsigned char)*p++);
    }
    id[n] = 0;
    if (!n && *p)
        return fail(err, errlen, "expected a register or a number at \"%.20s\"", p);
    if (!n)
        return fail(err, errlen, "expected a register or a number");
    if ((id[0] == 's' || id[0] == 'v') &&
        ((n == 1 && *p == '[') || (n > 1 && strspn(id + 1, "0123456789") == n - 1))) {
        if (parse_gpr(&p, id, w, r, err, errlen))
            return -1;
        *pp = p;
        return 0;
    }
    for (unsigned i = 0; i < NSPECIALS; i++) {
        if (strcmp(id, special_name(i)))
            continue;
        r->kind = specials[i].kind;
        r->nreg = specials[i].nreg;
        r->hex = specials[i].hex;
        r->reg = specials[i].reg;
        if (r->reg >= FS) {
            int fs = flat_scratch_reg(w);
            if (fs < 0)
                return fail(err, errlen, "%s does not exist on gfx6", id);
            r->reg = (unsigned)fs + (r->reg - FS);
        }
        snprintf(r->name, sizeof r->name, "%s", id);
        if (*p == '[')
            return fail(err, errlen, "%s has no lanes or elements to index", id);
        *pp = p;
        return 0;
    }
    return fail(err, errlen, "no register named \"%s\"", id);
}

int dbg_parse_ref(const char *text, const wave_t *w, dbg_ref_t *r, char *err, size_t errlen)
{
    const char *p = text;
    if (parse_ref_at(&p, w, r, err, errlen))
        return -1;
    p = skip_ws(p);
    if (*p)
        return fail(err, errlen, "unexpected \"%.20s\" after %s", p, r->name);
    return 0;
}

/* ======================================================================
 * Formatting
 * ====================================================================== */

int dbg_format_ok(char fmt)
{
    return fmt == 0 || strchr("xzduotfc", fmt) != NULL;
}

static int64_t sext(uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return (int64_t)v;
    uint64_t m = 1ull << (bits - 1);
    v &= (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

static uint64_t trunc_bits(uint64_t v, unsigned bits)
{
    return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

/* A float of bits 16/32/64 as gdb prints it (%g with the format's digits,
 * nan(0xPAYLOAD), inf). */
static void fmt_float(char *b, size_t n, uint64_t v, unsigned bits)
{
    double d;
    uint64_t mant;
    int digits;
    if (bits == 32) {
        float f;
        uint32_t u = (uint32_t)v;
        memcpy(&f, &u, 4);
        d = f;
        mant = u & 0x7fffff;
        digits = 9;
    } else if (bits == 64) {
        memcpy(&d, &v, 8);
        mant = v & 0xfffffffffffffull;
        digits = 17;
    } else {
        d = f16_to_f64((uint32_t)v & 0xffff);
        mant = v & 0x3ff;
        digits = 5;
    }
    if (isnan(d))
        snprintf(b, n, "%snan(0x%llx)", signbit(d) ? "-" : "", (unsigned long long)mant);
    else if (isinf(d))
        snprintf(b, n, "%sinf", d < 0 ? "-" : "");
    else
        snprintf(b, n, "%.*g", digits, d);
}

/* A character as gdb quotes it: 'A', '\n', '\377'. */
static void fmt_char(char *b, size_t n, uint8_t c)
{
    static const char esc[] = "\a\b\f\n\r\t\v", name[] = "abfnrtv";
    const char *e = c ? strchr(esc, c) : NULL;
    if (c == '\'' || c == '\\')
        snprintf(b, n, "'\\%c'", c);
    else if (e)
        snprintf(b, n, "'\\%c'", name[e - esc]);
    else if (c >= 32 && c < 127)
        snprintf(b, n, "'%c'", c);
    else
        snprintf(b, n, "'\\%03o'", c);
}

static void fmt_radix(char *b, size_t n, uint64_t v, unsigned bits, unsigned shift, int pad)
{
    char tmp[72];
    int len = 0;
    unsigned digits = pad ? (bits + shift - 1) / shift : 1;
    uint64_t mask = (1ull << shift) - 1;
    do {
        tmp[len++] = "0123456789abcdef"[v & mask];
        v >>= shift;
    } while (v || (unsigned)len < digits);
    size_t i = 0;
    while (len > 0 && i + 1 < n)
        b[i++] = tmp[--len];
    b[i] = 0;
}

/* One value of bits (1, 8, 16, 32, 64) in format fmt; pad: x/z/t padded to
 * the width (the x command); hex: the natural format is hex; sgn: the
 * natural format is signed decimal; flt: a float literal (bits: a double). */
static void fmt_value(char *b, size_t n, uint64_t v, unsigned bits, char fmt, int pad, int hex, int flt)
{
    if (bits == 1)
        bits = 8;
    if (flt && (fmt == 0 || fmt == 'f')) {
        fmt_float(b, n, v, 64);
        return;
    }
    if (flt) {   /* like the host's cast in gdb; out of range or NaN: x86's 0x8000000000000000 */
        double d;
        memcpy(&d, &v, 8);
        v = d >= -0x1p63 && d < 0x1p63 ? (uint64_t)(int64_t)d : 1ull << 63;
    }
    v = trunc_bits(v, bits);
    char t[72];
    switch (fmt) {
    case 0:
        if (hex)
            snprintf(b, n, "0x%llx", (unsigned long long)v);
        else
            snprintf(b, n, "%lld", (long long)sext(v, bits));
        break;
    case 'x':
    case 'z':
        fmt_radix(t, sizeof t, v, bits, 4, pad || fmt == 'z');
        snprintf(b, n, "0x%s", t);
        break;
    case 'o':
        fmt_radix(t, sizeof t, v, bits, 3, 0);
        snprintf(b, n, "%s%s", v ? "0" : "", t);
        break;
    case 't':
        fmt_radix(b, n, v, bits, 1, pad);
        break;
    case 'd': snprintf(b, n, "%lld", (long long)sext(v, bits)); break;
    case 'u': snprintf(b, n, "%llu", (unsigned long long)v); break;
    case 'f':
        if (bits == 16 || bits == 32 || bits == 64)
            fmt_float(b, n, v, bits);
        else
            snprintf(b, n, "%lld", (long long)sext(v, bits));
        break;
    case 'c':
        fmt_char(t, sizeof t, (uint8_t)v);
        snprintf(b, n, "%d %s", (int)(int8_t)v, t);
        break;
    default: snprintf(b, n, "?"); break;
    }
}

/* Elements of an array: n elements of stride words each (stride > 1: an
 * array of dwords itself); idx: the lane number of each element, or NULL
 * for a plain array.  Runs of more than REPEAT_THRESHOLD equal elements
 * (with consecutive indices) collapse as gdb does. */
static void print_array(FILE *fp, const uint64_t *v, const unsigned *idx, size_t n, unsigned stride, unsigned bits,
                        char fmt, int hex)
{
    char b[80];
    fputc('{', fp);
    for (size_t i = 0; i < n;) {
        size_t reps = 1;
        while (i + reps < n && !memcmp(v + i * stride, v + (i + reps) * stride, stride * sizeof *v) &&
               (!idx || idx[i + reps] == idx[i] + reps))
            reps++;
        if (i)
            fputs(", ", fp);
        if (idx)
            fprintf(fp, "[%u] = ", idx[i]);
        if (stride > 1)
            print_array(fp, v + i * stride, NULL, stride, 1, 32, fmt, hex);
        else {
            fmt_value(b, sizeof b, v[i], bits, fmt, 0, hex, 0);
            fputs(b, fp);
        }
        if (reps > REPEAT_THRESHOLD) {
            fprintf(fp, " <repeats %zu times>", reps);
            i += reps;
        } else
            i++;
    }
    fputc('}', fp);
}

int dbg_print_ref(FILE *fp, const wave_t *w, const dbg_ref_t *r, char fmt, uint64_t lane_filter)
{
    if (!dbg_format_ok(fmt))
        return -1;
    unsigned bits = elem_bits(r);
    char b[80];
    if (!per_lane(r) && !wide(r)) {
        fmt_value(b, sizeof b, ref_value(w, r, 0), bits, fmt, 0, r->hex, r->is_float);
        fputs(b, fp);
        return 0;
    }
    size_t n = dbg_ref_size(r);
    unsigned stride = words_per_lane(r);
    uint64_t *v = malloc(n * sizeof *v);
    unsigned idx[64];
    if (!v)
        return -1;
    dbg_ref_read(w, r, v, n);
    if (!per_lane(r))   /* s[4:7], v[0:3][5]: an array of dwords */
        print_array(fp, v, NULL, n, 1, 32, fmt, r->hex);
    else {
        size_t k = 0;
        unsigned span = r->lane_hi - r->lane_lo + 1;
        for (unsigned l = r->lane_lo; l <= r->lane_hi; l++)
            if (lane_filter >> l & 1) {
                memmove(v + k * stride, v + (size_t)(l - r->lane_lo) * stride, stride * sizeof *v);
                idx[k++] = l;
            }
        print_array(fp, v, k == span ? NULL : idx, k, stride, bits, fmt, r->hex);
    }
    free(v);
    return 0;
}

/* ======================================================================
 * set var
 * ====================================================================== */

/* Fit the value of source reference s (in lane) to bits for target name. */
static int convert(const wave_t *w, const dbg_ref_t *s, unsigned lane, unsigned bits, const char *name,
                   uint64_t *out, char *err, size_t errlen)
{
    uint64_t v = ref_value(w, s, lane);
    if (s->kind == DBG_REF_LIT && s->is_float) {
        double d;
        memcpy(&d, &v, 8);
        if (bits == 1)
            return fail(err, errlen, "%s takes 0 or 1, not %s", name, s->name);
        if (bits == 32)
            v = mem_bits32((float)d);
        *out = v;
        return 0;
    }
    if (s->kind == DBG_REF_LIT) {
        int fits = bits >= 64 || v <= trunc_bits(~0ull, bits) ||
                   (bits > 1 && (int64_t)v < 0 && (int64_t)v >= -(int64_t)(1ull << (bits - 1)));
        if (!fits)
            return fail(err, errlen, "%s does not fit in %u-bit %s", s->name, bits, name);
    }
    *out = trunc_bits(v, bits);
    return 0;
}

/* The source values of a set: one reference, or a "{a, b, ...}" list. */
enum { SET_MAX_ITEMS = 256 };

static int parse_items(const char *text, const wave_t *w, dbg_ref_t *items, size_t *nitems, char *err,
                       size_t errlen)
{
    const char *p = skip_ws(text);
    int list = *p == '{';
    if (list)
        p++;
    *nitems = 0;
    for (;;) {
        if (*nitems == SET_MAX_ITEMS)
            return fail(err, errlen, "more than %d values in the list", SET_MAX_ITEMS);
        if (parse_ref_at(&p, w, &items[*nitems], err, errlen))
            return -1;
        if (wide(&items[*nitems]))
            return fail(err, errlen, "%s is an array; assign its elements one by one", items[*nitems].name);
        ++*nitems;
        p = skip_ws(p);
        if (!list || *p != ',')
            break;
        p++;
    }
    if (list) {
        if (*p != '}')
            return *p ? fail(err, errlen, "expected ',' or '}' at \"%.20s\"", p) : fail(err, errlen, "expected '}'");
        p = skip_ws(p + 1);
    }
    if (*p)
        return fail(err, errlen, "unexpected \"%.20s\" after the value", p);
    return 0;
}

/* dbg_set_ref with its buffers: items for the values, v for the n words. */
static int set_values(wave_t *w, const dbg_ref_t *r, const char *value_text, dbg_ref_t *items, uint64_t *v,
                      char *err, size_t errlen)
{
    size_t nitems, n = dbg_ref_size(r);
    if (parse_items(value_text, w, items, &nitems, err, errlen))
        return -1;
    if (nitems != 1 && nitems != n)
        return fail(err, errlen, "%s takes %zu values, not %zu", r->name, n, nitems);
    unsigned bits = wide(r) ? 32 : elem_bits(r);
    for (size_t i = 0; i < n; i++) {
        const dbg_ref_t *s = &items[nitems == 1 ? 0 : i];
        unsigned lane, k;
        word_pos(r, i, &lane, &k);
        if (per_lane(s) && !(lane_range_mask(s) >> lane & 1))
            return fail(err, errlen, "%s has no lane %u", s->name, lane);
        if (convert(w, s, lane, bits, r->name, &v[i], err, errlen))
            return -1;
        if (r->kind == DBG_REF_PC && (v[i] & 3))
            return fail(err, errlen, "pc must be a multiple of 4, not 0x%llx", (unsigned long long)v[i]);
    }
    for (size_t i = 0; i < n; i++)   /* nothing changes unless every value is good */
        write_word(w, r, i, v[i]);
    return 0;
}

int dbg_set_ref(wave_t *w, const dbg_ref_t *r, const char *value_text, char *err, size_t errlen)
{
    if (r->kind == DBG_REF_LIT)
        return fail(err, errlen, "%s is a number, not a register", r->name);
    size_t n = dbg_ref_size(r);
    dbg_ref_t *items = malloc(SET_MAX_ITEMS * sizeof *items);
    uint64_t *v = malloc(n * sizeof *v);
    int rc = !items || !v ? fail(err, errlen, "out of host memory") : set_values(w, r, value_text, items, v, err, errlen);
    free(items);
    free(v);
    return rc;
}

/* ======================================================================
 * Conditions
 * ====================================================================== */

enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_TRUE, C_AND, C_OR, C_NOT };
enum { CMP_UNSIGNED, CMP_SIGNED, CMP_FLOAT };

typedef struct {
    const char *p;
    const wave_t *w;
    dbg_cond_t *c;
    char *err;
    size_t errlen;
    int depth;
} cparse_t;

static int new_node(cparse_t *cp, unsigned op, int a, int b, unsigned sgn)
{
    if (cp->c->nnode >= DBG_COND_MAX)
        return fail(cp->err, cp->errlen, "condition too long (at most %d terms)", DBG_COND_MAX);
    dbg_cond_node_t *nd = &cp->c->node[cp->c->nnode];
    nd->op = (uint8_t)op;
    nd->sgn = (uint8_t)sgn;
    nd->a = (int16_t)a;
    nd->b = (int16_t)b;
    return (int)cp->c->nnode++;
}

static int accept(cparse_t *cp, const char *tok)
{
    cp->p = skip_ws(cp->p);
    size_t n = strlen(tok);
    if (strncmp(cp->p, tok, n))
        return 0;
    cp->p += n;
    return 1;
}

/* A cast "(int)", "(unsigned)", "(float)" at the parser's position. */
static int parse_cast(cparse_t *cp, unsigned *kind)
{
    static const struct { const char *name; unsigned kind; } casts[] = {
        {"int", CMP_SIGNED}, {"signed", CMP_SIGNED}, {"long", CMP_SIGNED}, {"unsigned", CMP_UNSIGNED},
        {"float", CMP_FLOAT}, {"double", CMP_FLOAT},
    };
    const char *p = skip_ws(cp->p);
    if (*p != '(')
        return 0;
    p = skip_ws(p + 1);
    for (size_t i = 0; i < sizeof casts / sizeof casts[0]; i++) {
        size_t n = strlen(casts[i].name);
        if (!strncmp(p, casts[i].name, n) && !isalnum((unsigned char)p[n]) && *skip_ws(p + n) == ')') {
            *kind = casts[i].kind;
            cp->p = skip_ws(p + n) + 1;
            return 1;
        }
    }
    return 0;
}

/* An operand of a comparison: [cast] REF; returns the ref index. */
static int parse_operand(cparse_t *cp, int *cast)
{
    unsigned kind;
    *cast = -1;
    if (parse_cast(cp, &kind))
        *cast = (int)kind;
    if (cp->c->nref >= DBG_COND_MAX)
        return fail(cp->err, cp->errlen, "condition too long (at most %d values)", DBG_COND_MAX);
    dbg_ref_t *r = &cp->c->ref[cp->c->nref];
    if (parse_ref_at(&cp->p, cp->w, r, cp->err, cp->errlen))
        return -1;
    if (wide(r))
        return fail(cp->err, cp->errlen, "%s is an array; a condition compares single values", r->name);
    if (r->kind == DBG_REF_LIT && !r->is_float && (int64_t)r->value < 0 && *cast < 0)
        *cast = CMP_SIGNED;   /* a negative number: compare signed */
    if (r->kind == DBG_REF_LIT && r->is_float)
        *cast = CMP_FLOAT;
    return (int)cp->c->nref++;
}

static int parse_or(cparse_t *cp);

static int parse_compare(cparse_t *cp)
{
    static const struct { const char *tok; unsigned op; } ops[] = {
        {"==", C_EQ}, {"!=", C_NE}, {"<=", C_LE}, {">=", C_GE}, {"<", C_LT}, {">", C_GT},
    };
    int ca, cb;
    int a = parse_operand(cp, &ca);
    if (a < 0)
        return -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!accept(cp, ops[i].tok))
            continue;
        int b = parse_operand(cp, &cb);
        if (b < 0)
            return -1;
        int k = ca > cb ? ca : cb;   /* float over signed over unsigned */
        return new_node(cp, ops[i].op, a, b, k < 0 ? CMP_UNSIGNED : (unsigned)k);
    }
    return new_node(cp, C_TRUE, a, -1, ca == CMP_FLOAT ? CMP_FLOAT : CMP_UNSIGNED);
}

static int parse_unary(cparse_t *cp)
{
    if (++cp->depth > DBG_COND_MAX)
        return fail(cp->err, cp->errlen, "condition nested too deeply");
    int r;
    const char *save = skip_ws(cp->p);
    unsigned kind;
    if (*save == '!' && save[1] != '=') {
        cp->p = save + 1;
        int a = parse_unary(cp);
        r = a < 0 ? -1 : new_node(cp, C_NOT, a, -1, 0);
    } else if (*save == '(' && !parse_cast(cp, &kind)) {
        cp->p = save + 1;
        r = parse_or(cp);
        if (r >= 0 && !accept(cp, ")"))
            r = *cp->p ? fail(cp->err, cp->errlen, "expected ')' at \"%.20s\"", cp->p)
                       : fail(cp->err, cp->errlen, "expected ')'");
    } else {
        cp->p = save;   /* a cast belongs to the operand */
        r = parse_compare(cp);
    }
    cp->depth--;
    return r;
}

static int parse_and(cparse_t *cp)
{
    int a = parse_unary(cp);
    while (a >= 0 && accept(cp, "&&")) {
        int b = parse_unary(cp);
        a = b < 0 ? -1 : new_node(cp, C_AND, a, b, 0);
    }
    return a;
}

static int parse_or(cparse_t *cp)
{
    int a = parse_and(cp);
    while (a >= 0 && accept(cp, "||")) {
        int b = parse_and(cp);
        a = b < 0 ? -1 : new_node(cp, C_OR, a, b, 0);
    }
    return a;
}

int dbg_parse_cond(const char *text, const wave_t *w, dbg_cond_t *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    cparse_t cp = {text, w, c, err, errlen, 0};
    if (!*skip_ws(text))
        return fail(err, errlen, "empty condition");
    c->root = parse_or(&cp);
    if (c->root < 0)
        return -1;
    cp.p = skip_ws(cp.p);
    if (*cp.p)
        return fail(err, errlen, "unexpected \"%.20s\" in the condition", cp.p);
    return 0;
}

/* A compared value as a double (CMP_FLOAT). */
static double as_double(const dbg_ref_t *r, uint64_t v, unsigned bits)
{
    double d;
    if (r->kind == DBG_REF_LIT) {
        if (r->is_float)
            memcpy(&d, &v, 8);
        else
            d = (double)(int64_t)v;
    } else if (bits == 32)
        d = mem_f32((uint32_t)v);
    else if (bits == 64)
        memcpy(&d, &v, 8);
    else
        d = (double)v;
    return d;
}

static int compare(unsigned op, unsigned kind, const dbg_ref_t *ra, uint64_t a, const dbg_ref_t *rb, uint64_t b)
{
    unsigned ba = elem_bits(ra), bb = elem_bits(rb);
    if (ra->kind == DBG_REF_LIT && rb->kind != DBG_REF_LIT)   /* a number takes the register's width */
        ba = bb;
    if (rb->kind == DBG_REF_LIT && ra->kind != DBG_REF_LIT)
        bb = ba;
    int lt, eq;
    if (kind == CMP_FLOAT) {
        double x = as_double(ra, a, ba), y = as_double(rb, b, bb);
        lt = x < y;
        eq = x == y;
        if (isnan(x) || isnan(y))
            return op == C_NE;
    } else if (kind == CMP_SIGNED) {
        int64_t x = ba == 1 ? (int64_t)a : sext(a, ba), y = bb == 1 ? (int64_t)b : sext(b, bb);
        lt = x < y;
        eq = x == y;
    } else {
        uint64_t x = trunc_bits(a, ba), y = trunc_bits(b, bb);
        lt = x < y;
        eq = x == y;
    }
    switch (op) {
    case C_EQ: return eq;
    case C_NE: return !eq;
    case C_LT: return lt;
    case C_LE: return lt || eq;
    case C_GT: return !lt && !eq;
    default: return !lt;   /* C_GE */
    }
}

static uint64_t eval_node(const dbg_cond_t *c, int i, const wave_t *w)
{
    const dbg_cond_node_t *nd = &c->node[i];
    switch (nd->op) {
    case C_AND: return eval_node(c, nd->a, w) & eval_node(c, nd->b, w);
    case C_OR: return eval_node(c, nd->a, w) | eval_node(c, nd->b, w);
    case C_NOT: return ~eval_node(c, nd->a, w);
    default: break;
    }
    const dbg_ref_t *ra = &c->ref[nd->a], *rb = nd->op == C_TRUE ? NULL : &c->ref[nd->b];
    uint64_t dom = lane_range_mask(ra) & (rb ? lane_range_mask(rb) : ~0ull), out = 0;
    int lanes = per_lane(ra) || (rb && per_lane(rb));
    for (unsigned l = 0; l < (lanes ? 64u : 1u); l++) {
        if (!(dom >> l & 1))
            continue;
        uint64_t a = ref_value(w, ra, l), hit;
        if (rb)
            hit = (uint64_t)compare(nd->op, nd->sgn, ra, a, rb, ref_value(w, rb, l));
        else if (nd->sgn == CMP_FLOAT)
            hit = as_double(ra, a, elem_bits(ra)) != 0;
        else
            hit = trunc_bits(a, elem_bits(ra)) != 0;
        out |= hit << l;
    }
    return lanes ? out : out ? ~0ull : 0;
}

uint64_t dbg_eval_cond(const dbg_cond_t *c, const wave_t *w)
{
    if (!c->nnode || c->root < 0)
        return 0;
    return eval_node(c, c->root, w) & wave_exec(w);
}

/* ======================================================================
 * Memory
 * ====================================================================== */

uint64_t dbg_private_addr(const wave_t *w, unsigned lane, uint32_t off)
{
    return mem_scratch_addr(w->scratch_addr, off, lane & 63);
}

static const char *space_prefix[] = {"", "local:", "private:"};

static int parse_xspec(const char *spec, dbg_x_t *x, char *err, size_t errlen)
{
    const char *p = spec ? spec : "";
    if (*p == '/')
        p++;
    int unit_given = 0;
    x->count = 1;
    if (isdigit((unsigned char)*p)) {
        unsigned long n = strtoul(p, (char **)&p, 10);
        if (n == 0 || n > 65536)
            return fail(err, errlen, "x: count %lu out of range (1..65536)", n);
        x->count = (unsigned)n;
    }
    for (; *p && *p != ' '; p++) {
        if (strchr("bhwg", *p)) {
            x->unit = *p;
            unit_given = 1;
        } else if (strchr("xzduotfc", *p))
            x->fmt = *p;
        else if (*p == 'i' || *p == 's' || *p == 'a')
            return fail(err, errlen, "x/%c is not supported here; formats: x z d u o t f c", *p);
        else
            return fail(err, errlen, "invalid x format letter '%c' (formats x z d u o t f c, units b h w g)", *p);
    }
    if (x->fmt == 'c' && !unit_given)
        x->unit = 'b';
    return 0;
}

/* [space:]TERM{(+|-)TERM} into *space and *addr. */
static int parse_addr(const char *text, wave_t *w, int lane, int *space, uint64_t *addr, char *err, size_t errlen)
{
    const char *p = skip_ws(text);
    *space = DBG_SPACE_GLOBAL;
    static const char *names[] = {"global:", "local:", "private:"};
    for (int s = 0; s < 3; s++)
        if (!strncmp(p, names[s], strlen(names[s]))) {
            *space = s;
            p += strlen(names[s]);
        }
    uint64_t sum = 0;
    int neg = 0;
    for (;;) {
        dbg_ref_t r;
        if (parse_ref_at(&p, w, &r, err, errlen))
            return -1;
        if (wide(&r) || r.is_float)
            return fail(err, errlen, "%s is not an address", r.name);
        if (per_lane(&r) && (lane < 0 || lane > 63 || !(lane_range_mask(&r) >> lane & 1)))
            return fail(err, errlen, "%s: no lane selected for its value", r.name);
        uint64_t v = ref_value(w, &r, (unsigned)(lane < 0 ? 0 : lane));
        sum = neg ? sum - v : sum + v;
        p = skip_ws(p);
        if (*p != '+' && *p != '-')
            break;
        neg = *p++ == '-';
    }
    if (*p)
        return fail(err, errlen, "unexpected \"%.20s\" in the address", p);
    *addr = sum;
    return 0;
}

static int read_unit(wave_t *w, int space, uint64_t a, int lane, unsigned size, uint64_t *v, char *err, size_t errlen)
{
    uint8_t b[8] = {0};
    if (space == DBG_SPACE_GLOBAL) {
        if (!w->ctx || !w->ctx->mem || mem_read(w->ctx->mem, a, b, size))
            return fail(err, errlen, "Cannot access memory at address 0x%llx", (unsigned long long)a);
    } else if (space == DBG_SPACE_LOCAL) {
        uint32_t n = w->wg && w->wg->lds ? w->wg->lds_size : 0;
        if (a >= n || size > n - a)
            return fail(err, errlen, "Cannot access memory at address local:0x%llx (the work-group has %u bytes of LDS)",
                        (unsigned long long)a, n);
        memcpy(b, w->wg->lds + a, size);
    } else {
        uint32_t n = w->ctx ? w->ctx->scratch_per_wave / 64 : 0;
        if (lane < 0 || lane > 63)
            return fail(err, errlen, "private memory needs a lane");
        if (a >= n || size > n - a)
            return fail(err, errlen,
                        "Cannot access memory at address private:0x%llx (lane %d has %u bytes of private memory)",
                        (unsigned long long)a, lane, n);
        for (unsigned k = 0; k < size; k++)
            if (mem_read(w->ctx->mem, dbg_private_addr(w, (unsigned)lane, (uint32_t)(a + k)), &b[k], 1))
                return fail(err, errlen, "Cannot access memory at address private:0x%llx (scratch not mapped)",
                            (unsigned long long)(a + k));
    }
    uint64_t v64 = 0;
    for (unsigned k = size; k-- > 0;)
        v64 = v64 << 8 | b[k];
    *v = v64;
    return 0;
}

int dbg_examine(FILE *fp, wave_t *w, const char *fmt_spec, const char *addr_text, int lane, dbg_x_t *last,
                char *err, size_t errlen)
{
    dbg_x_t x = last ? *last : (dbg_x_t){0};
    if (!x.fmt)
        x.fmt = 'x';
    if (!x.unit)
        x.unit = 'w';
    if (parse_xspec(fmt_spec, &x, err, errlen))
        return -1;
    uint64_t a = x.next;
    if (addr_text && *skip_ws(addr_text)) {
        if (parse_addr(addr_text, w, lane, &x.space, &a, err, errlen))
            return -1;
        x.lane = lane;
    } else if (!last || !last->fmt)
        return fail(err, errlen, "Argument required (starting display address).");
    unsigned size = x.unit == 'b' ? 1 : x.unit == 'h' ? 2 : x.unit == 'w' ? 4 : 8;
    unsigned per_line = x.unit == 'g' ? 2 : x.unit == 'w' ? 4 : 8;
    int rc = 0;
    for (unsigned i = 0; i < x.count; i++) {
        uint64_t v = 0;
        if (read_unit(w, x.space, a, x.lane, size, &v, err, errlen)) {
            if (i % per_line)
                fputc('\n', fp);
            rc = -1;
            break;
        }
        if (i % per_line == 0)
            fprintf(fp, "%s0x%llx:", space_prefix[x.space], (unsigned long long)a);
        char b[80];
        fmt_value(b, sizeof b, v, size * 8, x.fmt, 1, 0, 0);
        fprintf(fp, "\t%s", b);
        if (i % per_line == per_line - 1 || i + 1 == x.count)
            fputc('\n', fp);
        a += size;
    }
    x.next = a;
    if (last)
        *last = x;
    return rc;
}

/* ======================================================================
 * info registers, names
 * ====================================================================== */

/* One register line as gdb's info registers prints it: name, hex value at
 * column 15, natural value at column 35 (arrays: hex only). */
static void print_reg_line(FILE *fp, const wave_t *w, const dbg_ref_t *r)
{
    char line[160], b[80];
    int n = snprintf(line, sizeof line, "%-15s", r->name);
    if (per_lane(r) || wide(r)) {
        fputs(line, fp);
        dbg_print_ref(fp, w, r, 'x', ~0ull);
        fputc('\n', fp);
        return;
    }
    uint64_t v = ref_value(w, r, 0);
    fmt_value(b, sizeof b, v, elem_bits(r), 'x', 0, 0, 0);
    n += snprintf(line + n, sizeof line - (size_t)n, "%s", b);
    n += snprintf(line + n, sizeof line - (size_t)n, "%*s", n < 35 ? 35 - n : 1, "");
    fmt_value(b, sizeof b, v, elem_bits(r), 0, 0, r->hex, 0);
    fprintf(fp, "%s%s\n", line, b);
}

static void print_named(FILE *fp, const wave_t *w, const char *name)
{
    dbg_ref_t r;
    char err[8];
    if (!dbg_parse_ref(name, w, &r, err, sizeof err))
        print_reg_line(fp, w, &r);
}

int dbg_print_registers(FILE *fp, const wave_t *w, const char *which, char *err, size_t errlen)
{
    const char *p = skip_ws(which ? which : "");
    int all = !*p || !strcmp(p, "all");
    char name[16];
    if (all || !strcmp(p, "s") || !strcmp(p, "scalar"))
        for (unsigned i = 0; i < w->nsgpr; i++) {
            snprintf(name, sizeof name, "s%u", i);
            print_named(fp, w, name);
        }
    if (all || !strcmp(p, "special"))
        for (unsigned at = 1; at <= NSPECIALS; at++)
            for (unsigned k = 0; k < NSPECIALS; k++)
                if (specials[k].info == at)
                    print_named(fp, w, special_name(k));   /* flat_scratch is skipped on gfx6 */
    if (all || !strcmp(p, "v") || !strcmp(p, "vector"))
        for (unsigned i = 0; i < w->nvgpr; i++) {
            snprintf(name, sizeof name, "v%u", i);
            print_named(fp, w, name);
        }
    if (all || !strcmp(p, "s") || !strcmp(p, "scalar") || !strcmp(p, "special") || !strcmp(p, "v") ||
        !strcmp(p, "vector"))
        return 0;
    /* a list of names: check them all before printing any */
    for (int pass = 0; pass < 2; pass++) {
        const char *q = p;
        while (*(q = skip_ws(q))) {
            size_t n = strcspn(q, " \t");
            char tok[64];
            dbg_ref_t r;
            snprintf(tok, sizeof tok, "%.*s", (int)(n < 63 ? n : 63), q);
            if (dbg_parse_ref(tok, w, &r, err, errlen))
                return -1;
            if (r.kind == DBG_REF_LIT)
                return fail(err, errlen, "Invalid register `%s'", tok);
            if (pass)
                print_reg_line(fp, w, &r);
            q += n;
        }
    }
    return 0;
}

const char *dbg_register_name(const wave_t *w, unsigned i)
{
    static char sname[128][6], vname[256][6];
    static int init;
    if (!init) {
        for (unsigned k = 0; k < 128; k++)
            snprintf(sname[k], sizeof sname[k], "s%u", k);
        for (unsigned k = 0; k < 256; k++)
            snprintf(vname[k], sizeof vname[k], "v%u", k);
        init = 1;
    }
    unsigned ns = w ? w->nsgpr : 104, nv = w ? w->nvgpr : 256;
    if (ns > 128)
        ns = 128;
    if (nv > 256)
        nv = 256;
    if (i < ns)
        return sname[i];
    i -= ns;
    if (i < nv)
        return vname[i];
    i -= nv;
    int fs = flat_scratch_reg(w);
    for (unsigned k = 0; k < NSPECIALS; k++) {
        if (specials[k].reg >= FS && fs < 0)
            continue;
        if (i-- == 0)
            return special_name(k);
    }
    return NULL;
}
