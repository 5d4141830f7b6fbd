/* dbg_value.h — the debugger's value layer: naming, printing and changing
 * the registers and memory of one wave, in gdb/rocgdb spelling.
 *
 * References (dbg_parse_ref), an optional leading '$' everywhere:
 *   s5  s[4:7]  v3  v[0:1]  v3[0:15] (lanes 0..15)  v3[5]  v[0:1][5] (one lane)
 *   exec vcc flat_scratch (64-bit)  exec_lo exec_hi vcc_lo vcc_hi m0 (32-bit)
 *   scc (1 bit)  pc (64-bit)  mode status trapsts (hardware registers)
 *   literals: 42, -7, 0x1f, 1.5 (a float: its f32 bits)
 * Values: a register pair (s[4:5], v[0:1], exec) is one 64-bit value; a
 * wider range (s[4:7], v[0:3]) is an array of dwords.  A VGPR is one value
 * per lane, printed as an array over its lanes.
 *
 * Formats (print/F, x/NFU): 0 natural, x hex, z zero-padded hex, d signed,
 * u unsigned, o octal, t binary, f float (32 bits as float, 64 bits as
 * double), c char.  Natural: general registers and literals signed decimal
 * (rocgdb types them int32/int64), masks and addresses (exec, vcc, pc,
 * flat_scratch, hardware registers) hex, scc 0/1.  Arrays print as gdb
 * prints them: "{0, 4, 8}", a run of 10 or more equal elements as
 * "7 <repeats 12 times>".
 *
 * Nothing here prints a "$N = " prefix or reads a terminal: the caller owns
 * the value history and I/O; every function writes only to the FILE* given
 * and reports errors in err. */
#ifndef GCNSIM_DBG_VALUE_H
#define GCNSIM_DBG_VALUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "sim/wave.h"

typedef enum {
    DBG_REF_LIT,     /* a literal: value */
    DBG_REF_SREG,    /* scalar registers reg .. reg+nreg-1 (operand encoding: vcc 106, exec 126 ...) */
    DBG_REF_VREG,    /* vector registers v[reg .. reg+nreg-1] in lanes lane_lo .. lane_hi */
    DBG_REF_SCC,
    DBG_REF_PC,
    DBG_REF_HWREG,   /* hardware register reg (s_getreg numbering: MODE 1, STATUS 2, TRAPSTS 3) */
} dbg_ref_kind_t;

typedef struct {
    dbg_ref_kind_t kind;
    unsigned reg, nreg;        /* first register, consecutive registers (1, 2 = 64-bit, more = array) */
    unsigned lane_lo, lane_hi; /* VREG: lanes (0..63 when not indexed) */
    uint8_t one_lane;          /* VREG indexed by one lane (v3[5]): a single value, not an array */
    uint8_t hex;               /* natural format is hex (a mask or an address) */
    uint8_t is_float;          /* LIT written as a float (value holds the bits of the double) */
    uint64_t value;            /* LIT */
    char name[32];             /* canonical spelling ("s[4:7]", "v3[5]", "exec"), for messages */
} dbg_ref_t;

/* Parse a register reference or literal for wave w (register numbers are
 * checked against its allocation).  Returns 0, or -1 with the problem in
 * err ("v300 is beyond the wave's 24 VGPRs"). */
int dbg_parse_ref(const char *text, const wave_t *w, dbg_ref_t *r, char *err, size_t errlen);

/* Whether fmt is a valid print format letter (0 = natural, x z d u o t f c). */
int dbg_format_ok(char fmt);

/* Print the value of r in format fmt (no "$N = " prefix, no newline).  For
 * a VGPR with a value per lane, only the lanes in lane_filter are printed:
 * all of them as a plain array, a subset with their lane numbers
 * ("{[2] = 8, [5] = 20}"); one lane (v3[5]) prints whatever the filter.
 * Returns 0, or -1 if fmt is not a format. */
int dbg_print_ref(FILE *fp, const wave_t *w, const dbg_ref_t *r, char fmt, uint64_t lane_filter);

/* Number of 64-bit words dbg_ref_read fills for r (for watchpoints). */
size_t dbg_ref_size(const dbg_ref_t *r);
/* Copy the current value of r into out[0 .. dbg_ref_size(r)-1]: one word
 * per lane (VGPRs, lane_lo first) and per register (arrays); returns the
 * number of words, at most max. */
size_t dbg_ref_read(const wave_t *w, const dbg_ref_t *r, uint64_t *out, size_t max);

/* `set var REF = VALUE`: store value_text (an integer, a float such as 1.5
 * stored as f32 bits in 32-bit registers and as f64 in 64-bit ones, another
 * scalar reference, a VGPR (copied lane by lane), or "{a, b, ...}" with one
 * element per register of an array or per lane of a VGPR, in dbg_ref_read
 * order; a single value fills every element) into r: every lane of the
 * reference's lane range, whatever EXEC is; nothing is written unless every
 * value fits.  Returns 0, or -1 with the problem in err (a
 * literal, a value that does not fit). */
int dbg_set_ref(wave_t *w, const dbg_ref_t *r, const char *value_text, char *err, size_t errlen);

/* A breakpoint condition: comparisons REF OP REF|LITERAL (== != < <= > >=,
 * unsigned unless a side is cast with (int)), a bare REF (nonzero), !,
 * && (binds tighter) and ||, parentheses. */
enum { DBG_COND_MAX = 32 };
typedef struct {
    uint8_t op;                /* internal node kind */
    uint8_t sgn;               /* signed comparison */
    int16_t a, b;              /* operand nodes / refs */
} dbg_cond_node_t;

typedef struct {
    unsigned nnode, nref;
    int root;
    dbg_cond_node_t node[DBG_COND_MAX];
    dbg_ref_t ref[DBG_COND_MAX];
} dbg_cond_t;

/* Parse condition text for wave w.  Returns 0, or -1 with the problem in err. */
int dbg_parse_cond(const char *text, const wave_t *w, dbg_cond_t *c, char *err, size_t errlen);
/* The active lanes (EXEC) of w where c holds.  A condition on scalars only
 * holds in all active lanes or none; a lane-indexed VGPR (v3[5]) gives that
 * lane's value to every lane; a lane range (v3[0:15]) is false outside it. */
uint64_t dbg_eval_cond(const dbg_cond_t *c, const wave_t *w);

/* gdb's x command state: the last format, unit, count and the next address,
 * so that a bare "x" continues where the last one stopped. */
typedef struct {
    char fmt, unit;            /* 0 before the first use: x and w */
    unsigned count;
    int space;                 /* DBG_SPACE_* */
    uint64_t next;             /* address after the last unit shown */
    int lane;                  /* private: the lane */
} dbg_x_t;

enum { DBG_SPACE_GLOBAL, DBG_SPACE_LOCAL, DBG_SPACE_PRIVATE };

/* `x/NFU ADDR`: fmt_spec is "NFU" (any part may be missing, "" too: the
 * last ones); addr_text is [global:|local:|private:]EXPR[+-OFF] where EXPR
 * is a literal or a scalar reference (a VGPR reads lane's value), NULL or
 * "" to continue after the last x.  global: device memory; local: the
 * work-group's LDS (byte offsets); private: lane's private memory (byte
 * offsets into the wave's swizzled scratch).  Prints gdb's lines
 * ("0x100001000:\t0x00000001\t0x00000002 ..."; local:0x10: and private:0x10:
 * for the other spaces), 8 units a line for b/h, 4 for w, 2 for g.
 * last (may be NULL) supplies and keeps the defaults.  Returns 0, or -1
 * with the problem in err (nothing printed past the first unmapped unit). */
int dbg_examine(FILE *fp, wave_t *w, const char *fmt_spec, const char *addr_text, int lane, dbg_x_t *last,
                char *err, size_t errlen);

/* Device address of byte off of lane's private memory (the wave's scratch,
 * dwords of the 64 lanes interleaved, as scratch and flat instructions
 * address it). */
uint64_t dbg_private_addr(const wave_t *w, unsigned lane, uint32_t off);

/* `info registers [WHICH]`: which is NULL/"" or "all" (scalars, specials,
 * vectors), "s", "v", "special", or register names separated by spaces.
 * Scalars one per line as gdb: name, hex, natural; VGPRs compact in hex.
 * Returns 0, or -1 with an unknown name in err. */
int dbg_print_registers(FILE *fp, const wave_t *w, const char *which, char *err, size_t errlen);

/* The i-th register name of w (s0.., v0.., exec, vcc, ... pc) for
 * completion, NULL past the last; w NULL: the names of the largest wave. */
const char *dbg_register_name(const wave_t *w, unsigned i);

#endif
