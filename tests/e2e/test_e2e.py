#!/usr/bin/env python3
"""End-to-end tests: OpenCL C kernels (tests/e2e/src/NAME.cl) compiled by
clang-15 for gfx701, gfx803 and gfx900 (tests/e2e/bin/NAME-GFX.co, rebuilt
by `make kernels`) run through `gcnsim run`; every result buffer is compared
with a reference computed here in Python from the same inputs.

Prints "PASS: e2e NAME GFX", "FAIL: e2e NAME GFX: why" or "SKIP: ..." per
(kernel, target), and for the kernels also built at -O0 (O0_KERNELS) a
line "... NAME GFX -O0" for that build.  Options: -k SUBSTRING (only matching kernels),
-t GFX (only that target), -v (print the gcnsim command of failures),
-j N (parallel runs, default: the number of CPUs).

Kernel table (tolerances: "exact" compares bit patterns, with any NaN
matching any NaN; "N ULP" is |device - exact| / ulp(exact) <= N, where the
exact value is computed in double or with fractions, and the bounds are
OpenCL C 2.0's accuracy requirements for the function (full profile)):

  kernel           what it covers                                   tolerance
  int_arith        32-bit add/sub/mul/mul_hi, logic, shifts, min/max,  exact
                   abs, rotate, clz/ctz/popcount, saturating ops,
                   hadd/rhadd/abs_diff, mad24, compares
  int_divmod       32-bit signed/unsigned / and %, by run-time values   exact
                   and by constants
  int64_arith      64-bit add/sub/mul/mul_hi, shifts, logic, min/max,   exact
                   popcount/clz/ctz/rotate, compares, 32x32->64
  int64_divmod     64-bit signed/unsigned / and %                       exact
  f32_arith        f32 add/sub/mul/fma, fmin/fmax, floor/ceil/trunc/    exact
                   rint/round, copysign, fdim, select (round as LLVM
                   15 lowers it: +0.0 for x in (-0.5, -0.0])
  f32_div_sqrt     x/y, 1/y, sqrt, rsqrt                                2.5, 2.5,
                                                                        3, 2 ULP
  f64_arith        f64 add/sub/mul/fma/div/sqrt, min/max, rounding      exact
  f16_arith        half add/sub/mul/min/max/neg, half2 multiply-add,    exact; x/y
                   conversions (cl_khr_fp16)                            1 ULP;
                                                                        p*q+p fused
                                                                        or not
  math_f32         sin cos tan exp exp2 log log2 log10 pow sqrt rsqrt   4 4 5 3 3 3 3 3
                   cbrt atan atan2 asin tanh (device libraries)         16 3 2 2 5 6 4 5
  math_f64         sin cos exp log pow sqrt rsqrt cbrt atan exp2 log2   (4 4 3 3 16 0 2
                                                                        2 5 3 3) + 1
                                                                        ULP for the
                                                                        libm reference
  math_special     ldexp frexp ilogb modf fmod remainder nextafter      exact
                   fract fmin/fmax with NaN, classification, unordered
                   compares
  atomics_global   global atomic add/sub/inc/dec/min/max/and/or/xor/    exact (xchg:
                   xchg, 64-bit add, cmpxchg loop                       one of the
                                                                        values)
  atomics_local    LDS atomic inc/add/min/max/or, cmpxchg loop, merged  exact
                   with global atomics
  scratch_array    run-time indexed private array (scratch)             exact
  divergent_loops  nested loops with per-lane trip counts, break,       exact
                   continue
  grid2d           2-D grid with partial work-groups: ids and sizes     exact
  grid3d           3-D grid with partial work-groups (get_local_linear_ exact
                   id as the device library computes it: with the
                   enqueued sizes)
  dyn_lds          two __local pointer arguments (local:BYTES),         exact
                   partial work-group
  barrier_scan     work-group prefix sum in LDS, partial work-group     exact
  vec_types        float4/int4, vload/vstore, swizzles, shuffle, dot,   exact
                   select, any/all, convert_uchar4_sat
  conversions      float->int in every rounding mode and saturated,     exact
                   64-bit->float/double, double->float, float->half
                   (rte, rtz)
  small_types      char/uchar/short/ushort loads, stores, wrapping      exact
  lds_transpose    padded LDS tile transpose, 2-D                       exact
  local_sort       bitonic sort of 256 keys per group in LDS            exact
  byval_args       char/short/int/long/float/double/uint/ulong          exact
                   arguments by value
  generic_ptr      generic pointers to global, local and private        exact
                   memory in a called function (flat, apertures)
  calls_stack      non-inlined calls with a stack frame, struct         exact
                   returns
  wg_builtins      work_group_reduce/scan/broadcast/any/all             exact
  mixed_precision  mixed float/double/integer expressions               exact
  denormals        f32/f64/half add/sub/mul/fma with subnormal inputs   exact (f32 on
                   and results, per target float mode (f32 flushed on   gfx701/803:
                   gfx701/gfx803, kept on gfx900)                       flushed before
                                                                        or after
                                                                        rounding)
  subgroups        cl_khr_subgroups reduce/scan/broadcast/any/all, ids  exact
  program_scope    __constant table, program-scope __global variables   exact
                   (data segments, relocations), atomic_inc on one
  big_group        1024-work-item group (16 waves), LDS tree, barriers,  exact
                   partial group
  conversions_f64  double->int/long in each rounding mode and          exact
                   saturated, 64-bit->double, double->float rte/rtz/
                   rtp/rtn
  atomics64        64-bit global atomics: add min max and or xor xchg   exact (xchg:
                   inc, cmpxchg loop                                    one of the
                                                                        values)
  struct_args      structures by value (--arg bytes:HEX): 16 bytes,     exact
                   and 32 with padding and a float4
"""
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GCNSIM = os.path.join(ROOT, "gcnsim")
TARGETS = ["gfx701", "gfx803", "gfx900"]
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1

# ---------------------------------------------------------------- numbers


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


def u32(x):
    return x & M32


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def u64(x):
    return x & M64


def round_frac(q, mant, emin, mode="rte"):
    """Round the rational q to a binary float with `mant` significand bits
    and minimum exponent `emin` (gradual underflow); returns a Python
    float (exact: every result fits a double).  Overflow is not handled
    (callers keep results in range)."""
    if q == 0:
        return q if isinstance(q, float) else 0.0   # keeps the sign of -0.0
    q = Fraction(q)
    neg = q < 0
    a = -q if neg else q
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    scale = Fraction(2) ** (mant - 1 - e)
    m = a * scale
    n = m.numerator // m.denominator
    rem = m - n
    if mode == "rte":
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
            n += 1
    elif mode == "rtp":
        n += rem > 0 and not neg
    elif mode == "rtn":
        n += rem > 0 and neg
    r = float(Fraction(n) / scale)
    return -r if neg else r


def f32(q):
    """Round a number (float or Fraction) to single precision, RNE."""
    if isinstance(q, float) and (math.isnan(q) or math.isinf(q)):
        return q
    return round_frac(q, 24, -126)


def exact_or_zero(q, d, rnd):
    """rnd(q) for the exact rational result q of an operation, or, when q
    is zero, the double-precision result d of the same operation (which is
    then exactly +-0 with IEEE's sign rules)."""
    return rnd(q) if q != 0 else d


def add32(x, y):
    return exact_or_zero(Fraction(x) + Fraction(y), x + y, f32)


def sub32(x, y):
    return exact_or_zero(Fraction(x) - Fraction(y), x - y, f32)


def mul32(x, y):
    return f32(x * y)   # exact in double


def fma32(x, y, z):
    return exact_or_zero(Fraction(x) * Fraction(y) + Fraction(z), x * y + z, f32)


def f16(q, mode="rte"):
    return round_frac(q, 11, -14, mode)


def f2b(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b & M32))[0]


def d2b(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def zero_like(r, x):
    """A rounded-to-integer result with the sign of x when it is zero."""
    return math.copysign(0.0, x) if r == 0 else float(r)


def ulp(x, mant, emin):
    """Unit in the last place of x's binade in a format with `mant`
    significand bits and minimum exponent emin."""
    x = abs(x)
    if x == 0 or math.isinf(x) or math.isnan(x):
        return 2.0 ** (emin - mant + 1)
    e = max(math.frexp(x)[1] - 1, emin)
    return 2.0 ** (e - mant + 1)


def rand_f32(r, lo_exp, hi_exp):
    """A random single-precision value with exponent in [lo_exp, hi_exp]."""
    m = 1 + r.getrandbits(23) / float(1 << 23)
    return math.ldexp(m, r.randint(lo_exp, hi_exp)) * r.choice((-1, 1))


def rand_f64(r, lo_exp, hi_exp):
    m = 1 + r.getrandbits(52) / float(1 << 52)
    return math.ldexp(m, r.randint(lo_exp, hi_exp)) * r.choice((-1, 1))


def rand_f16(r, lo_exp, hi_exp):
    m = 1 + r.getrandbits(10) / 1024.0
    return math.ldexp(m, r.randint(lo_exp, hi_exp)) * r.choice((-1, 1))


# ---------------------------------------------------------------- arguments


class Arg:
    def __init__(self, spec, data=None):
        self.spec, self.data = spec, data


def buf(fmt, values):
    return Arg("buf", struct.pack("<%d%s" % (len(values), fmt), *values))


def zero(nbytes):
    return Arg("zero:%d" % nbytes)


def scalar(kind, v):
    return Arg("%s:%s" % (kind, v))


def local(nbytes):
    return Arg("local:%d" % nbytes)


class Out:
    """Expected contents of the buffer of argument `arg` after the run.
    fmt: struct letter; want: list of expected values (compared as the
    bits of fmt), or None with `check` a function(got) -> error or None;
    tol: None (exact) or a function(index) -> (ULPs or None, mant, emin),
    the error measured against ref[index] (the unrounded value) if given;
    alt: for index i, a list of further acceptable values; label:
    function(index) -> text naming the element."""

    def __init__(self, arg, fmt, want=None, tol=None, alt=None, label=None, check=None, ref=None):
        self.arg, self.fmt, self.want, self.tol, self.ref = arg, fmt, want, tol, ref
        self.alt, self.label, self.check = alt, label, check


class Case:
    def __init__(self, glob, args, outs, loc=None):
        self.glob, self.args, self.outs, self.loc = glob, args, outs, loc


def per(names):
    """Label elements of an output laid out as [item][len(names)]."""
    return lambda i: "item %d %s" % (i // len(names), names[i % len(names)])


def same_bits(fmt, a, b):
    if fmt in "fde":
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return struct.pack("<" + fmt, a) == struct.pack("<" + fmt, b)
    return a == b


def show(fmt, v):
    if fmt == "f":
        return "%r (0x%08x)" % (v, f2b(v))
    if fmt == "d":
        return "%r (0x%016x)" % (v, d2b(v))
    if fmt == "e":
        return "%r (0x%04x)" % (v, struct.unpack("<H", struct.pack("<e", v))[0])
    return "%d (0x%x)" % (v, v & ((1 << (8 * struct.calcsize(fmt))) - 1))


def compare(o, got):
    """None if got matches o, else a description of the first mismatch."""
    if o.check:
        return o.check(got)
    if len(got) != len(o.want):
        return "buffer has %d elements, want %d" % (len(got), len(o.want))
    for i, (g, w) in enumerate(zip(got, o.want)):
        if same_bits(o.fmt, g, w):
            continue
        if o.alt and any(same_bits(o.fmt, g, a) for a in o.alt(i)):
            continue
        name = o.label(i) if o.label else "element %d" % i
        if o.tol:
            n, mant, emin = o.tol(i)
            if n is not None and not (math.isnan(g) or math.isnan(w) or math.isinf(g) or math.isinf(w)):
                x = o.ref[i] if o.ref else w
                err = abs(g - x) / ulp(x, mant, emin)
                if err <= n:
                    continue
                return "argument %d, %s: %s, want %r: %.2f ULP > %g" % (o.arg, name, show(o.fmt, g), x, err, n)
        return "argument %d, %s: got %s, want %s" % (o.arg, name, show(o.fmt, g), show(o.fmt, w))
    return None


# ---------------------------------------------------------------- kernels

KERNELS = {}


def kernel(fn):
    KERNELS[fn.__name__[2:]] = fn
    return fn


def int_inputs(r, n, bits=32):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    special = [0, 1, -1, lo, hi, 2, -2, 31, 32, 63, 64, 7, -7]
    v = []
    for i in range(n):
        k = r.random()
        if k < 0.1:
            v.append(r.choice(special))
        elif k < 0.4:
            v.append(r.randint(-1000, 1000))
        else:
            v.append(r.randint(lo, hi))
    return v


@kernel
def k_int_arith(r, target):
    n = 1000
    a, b = int_inputs(r, n), int_inputs(r, n)
    names = ["add", "sub", "mul", "mul_hi", "mul_hi u", "and", "or", "xor~", "shl", "ashr", "lshr", "min",
             "max", "umin", "umax", "abs", "rotate", "clz", "popcount", "ctz", "add_sat", "sub_sat", "hadd",
             "rhadd", "abs_diff", "mad24+cmp"]
    want = []
    for x, y in zip(a, b):
        ux, uy, s = u32(x), u32(y), y & 31
        rot = uy % 32
        want += [s32(x + y), s32(x - y), s32(x * y), s32((x * y) >> 32), s32((ux * uy) >> 32), x & y, x | y,
                 s32(x ^ ~y), s32(x << s), x >> s, s32(ux >> s), min(x, y), max(x, y), s32(min(ux, uy)),
                 s32(max(ux, uy)), s32(abs(x)), s32((ux << rot | ux >> (32 - rot)) & M32),
                 32 - ux.bit_length(), bin(ux).count("1"), (uy & -uy).bit_length() - 1 if uy else 32,
                 max(INT_MIN, min(INT_MAX, x + y)), max(INT_MIN, min(INT_MAX, x - y)), (x + y) >> 1,
                 (x + y + 1) >> 1, s32(abs(x - y)),
                 s32((x >> 8) * (y >> 8) + x + (x < y) * 3 + (ux >= uy) * 5 + (x == y) * 7)]
    return Case([n], [buf("i", a), buf("i", b), zero(4 * 26 * n), scalar("u32", n)],
                [Out(2, "i", want, label=per(names))])


def cdiv(x, y):
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def cmod(x, y):
    return x - cdiv(x, y) * y


@kernel
def k_int_divmod(r, target):
    n = 1000
    a = int_inputs(r, n)
    b = [y if y != 0 else 3 for y in int_inputs(r, n)]
    b = [r.randint(1, 100) * r.choice((-1, 1)) if r.random() < 0.3 else y for y in b]
    for i in range(n):
        if a[i] == INT_MIN and b[i] == -1:
            b[i] = 1
    names = ["x/y", "x%y", "ux/uy", "ux%uy", "x/7", "x%-3", "ux/1000", "ux%641", "x/16", "(ux>>3)/(uy&255+1)"]
    want = []
    for x, y in zip(a, b):
        ux, uy = u32(x), u32(y)
        want += [s32(cdiv(x, y)), cmod(x, y), s32(ux // uy), s32(ux % uy), cdiv(x, 7), cmod(x, -3),
                 ux // 1000, ux % 641, cdiv(x, 16), (ux >> 3) // ((uy & 0xff) + 1)]
    return Case([n], [buf("i", a), buf("i", b), zero(4 * 10 * n), scalar("u32", n)],
                [Out(2, "i", want, label=per(names))])


@kernel
def k_int64_arith(r, target):
    n = 700
    a, b = int_inputs(r, n, 64), int_inputs(r, n, 64)
    names = ["add", "sub", "mul", "mul_hi", "mul_hi u", "shl", "ashr", "lshr", "logic", "min", "umax", "abs",
             "popcount", "clz", "ctz", "rotate", "compares", "32x32->64"]
    want = []
    for x, y in zip(a, b):
        ux, uy, s = u64(x), u64(y), y & 63
        rot = uy % 64
        want += [s64(x + y), s64(x - y), s64(x * y), s64((x * y) >> 64), s64((ux * uy) >> 64), s64(x << s),
                 x >> s, s64(ux >> s), s64((x & y) ^ (x | ~y)), min(x, y), s64(max(ux, uy)), s64(abs(x)),
                 bin(ux).count("1"), 64 - ux.bit_length(), (uy & -uy).bit_length() - 1 if uy else 64,
                 s64((ux << rot | ux >> (64 - rot)) & M64), (x < y) + 2 * (ux < uy) + 4 * (x == y),
                 s64(s32(x) * s32(y) + u32(x) * u32(y))]
    return Case([n], [buf("q", a), buf("q", b), zero(8 * 18 * n), scalar("u32", n)],
                [Out(2, "q", want, label=per(names))])


@kernel
def k_int64_divmod(r, target):
    n = 700
    a = int_inputs(r, n, 64)
    b = []
    for i in range(n):
        k = r.random()
        y = (r.randint(1, 1000) if k < 0.3 else r.randint(1, M32) if k < 0.6 else r.randint(1, 1 << 63))
        b.append(y * r.choice((-1, 1)))
    for i in range(n):
        if a[i] == -(1 << 63) and b[i] == -1:
            b[i] = 1
    names = ["x/y", "x%y", "ux/uy", "ux%uy", "x/1000000007", "ux%12345"]
    want = []
    for x, y in zip(a, b):
        ux, uy = u64(x), u64(y)
        want += [s64(cdiv(x, y)), cmod(x, y), s64(ux // uy), s64(ux % uy), cdiv(x, 1000000007), ux % 12345]
    return Case([n], [buf("q", a), buf("q", b), zero(8 * 6 * n), scalar("u32", n)],
                [Out(2, "q", want, label=per(names))])


def f32_inputs(r, n, lo=-20, hi=20):
    special = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -0.0, 0.0, 1.0, -1.0, 100.25, -7.5, f32(0.49999997)]
    return [r.choice(special) if r.random() < 0.1 else f32(rand_f32(r, lo, hi)) for _ in range(n)]


def llvm_round(x):
    """round() as LLVM 15 lowers it for AMDGPU: trunc(x) + (|x - trunc(x)|
    >= 0.5 ? copysign(1, x) : +0.0), which is C's round() except that it
    gives +0.0 (not -0.0) for x in (-0.5, -0.0]."""
    t = zero_like(math.trunc(x), x)
    return t + (math.copysign(1.0, x) if abs(x - t) >= 0.5 else 0.0)


@kernel
def k_f32_arith(r, target):
    n = 1000
    a, b, c = f32_inputs(r, n), f32_inputs(r, n), f32_inputs(r, n)
    for i in range(n):
        if a[i] == 0 and b[i] == 0:
            b[i] = 1.0
    names = ["add", "sub", "mul", "fma", "fmin", "fmax", "fabs-y", "floor", "ceil", "trunc", "rint", "round",
             "copysign", "-x*z", "select", "fdim"]
    want = []
    for x, y, z in zip(a, b, c):
        ax = abs(x)
        want += [add32(x, y), sub32(x, y), mul32(x, y), fma32(x, y, z), min(x, y),
                 max(x, y), sub32(ax, y), zero_like(math.floor(x), x), zero_like(math.ceil(x), x),
                 zero_like(math.trunc(x), x), zero_like(round(x), x),
                 llvm_round(x), math.copysign(x, y), mul32(-x, z),
                 x if x < y else z, sub32(x, y) if x > y else 0.0]
    return Case([n], [buf("f", a), buf("f", b), buf("f", c), zero(4 * 16 * n), scalar("u32", n)],
                [Out(3, "f", want, label=per(names))])


@kernel
def k_f32_div_sqrt(r, target):
    n = 1000
    a, b = f32_inputs(r, n), f32_inputs(r, n)
    b = [y if y != 0 else 3.0 for y in b]
    names = ["x/y", "1/y", "sqrt", "rsqrt"]
    tols = [2.5, 2.5, 3, 2]
    want = []
    for x, y in zip(a, b):
        want += [x / y, 1.0 / y, math.sqrt(abs(x)), 1.0 / math.sqrt(abs(y))]
    return Case([n], [buf("f", a), buf("f", b), zero(4 * 4 * n), scalar("u32", n)],
                [Out(2, "f", [f32(w) for w in want], ref=want, tol=lambda i: (tols[i % 4], 24, -126),
                     label=per(names))])


@kernel
def k_f64_arith(r, target):
    n = 800
    sp = [0.5, -0.5, 1.5, -2.5, 3.0, -0.0, 0.0, 1.0, -7.5, 4503599627370497.0]
    a, b, c = ([r.choice(sp) if r.random() < 0.1 else rand_f64(r, -30, 30) for _ in range(n)] for _ in range(3))
    b = [y if y != 0 else 2.0 for y in b]
    names = ["add", "sub", "mul", "fma", "div", "sqrt", "fmin", "fmax", "floor", "ceil", "trunc", "rint",
             "fabs*-z", "select"]
    want = []
    for x, y, z in zip(a, b, c):
        want += [x + y, x - y, x * y, exact_or_zero(Fraction(x) * Fraction(y) + Fraction(z), x * y + z, float), x / y, math.sqrt(abs(x)),
                 min(x, y), max(x, y), zero_like(math.floor(x), x), zero_like(math.ceil(x), x),
                 zero_like(math.trunc(x), x), zero_like(round(x), x), abs(x) * -z, y if x > z else z]
    return Case([n], [buf("d", a), buf("d", b), buf("d", c), zero(8 * 14 * n), scalar("u32", n)],
                [Out(3, "d", want, label=per(names))])


@kernel
def k_f16_arith(r, target):
    n = 1000
    a = [rand_f16(r, -5, 6) for _ in range(n)]
    b = [rand_f16(r, -5, 6) for _ in range(n)]
    names = ["add", "sub", "mul", "fmin", "fmax", "-fabs", "div", "p*q+p x", "p*q+p y", "x*0.5"]
    F = Fraction
    want, alts = [], {}
    for i, (x, y) in enumerate(zip(a, b)):
        want += [f16(F(x) + F(y)), f16(F(x) - F(y)), f16(F(x) * F(y)), min(x, y), max(x, y), -abs(x),
                 f16(F(x) / F(y)), f16(F(x) * F(y) + F(x)), f16(F(y) * F(x) + F(y)), x * 0.5]
        # p*q+p: fused, or rounded after the multiply (half or float)
        alts[i * 10 + 7] = [f16(F(f16(F(x) * F(y))) + F(x)), f16(f32(F(x) * F(y) + F(x)))]
        alts[i * 10 + 8] = [f16(F(f16(F(x) * F(y))) + F(y)), f16(f32(F(x) * F(y) + F(y)))]
    return Case([n], [buf("e", a), buf("e", b), zero(2 * 10 * n), zero(4 * n), scalar("u32", n)],
                [Out(2, "e", want, tol=lambda i: (1 if i % 10 == 6 else None, 11, -14), alt=lambda i: alts.get(i, []),
                     label=per(names)),
                 Out(3, "f", [x + y for x, y in zip(a, b)])])


@kernel
def k_math_f32(r, target):
    n = 600
    a = [f32(r.uniform(-10, 10)) for _ in range(n)]
    b = [f32(r.uniform(-4, 4)) for _ in range(n)]
    names = ["sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "pow", "sqrt", "rsqrt", "cbrt", "atan",
             "atan2", "asin", "tanh"]
    tols = [4, 4, 5, 3, 3, 3, 3, 3, 16, 3, 2, 2, 5, 6, 4, 5]
    want = []
    for x, y in zip(a, b):
        ax = f32(abs(x) + 0.5)
        want += [math.sin(x), math.cos(x), math.tan(x), math.exp(x * 0.25), 2.0 ** (x * 0.25), math.log(ax),
                 math.log2(ax), math.log10(ax), math.pow(ax, y), math.sqrt(ax), 1 / math.sqrt(ax), math.cbrt(x),
                 math.atan(x), math.atan2(x, y), math.asin(y / 8), math.tanh(y)]
    return Case([n], [buf("f", a), buf("f", b), zero(4 * 16 * n), scalar("u32", n)],
                [Out(2, "f", [f32(w) for w in want], label=per(names),
                     ref=want, tol=lambda i: (tols[i % 16], 24, -126))])


@kernel
def k_math_f64(r, target):
    n = 500
    a = [r.uniform(-10, 10) for _ in range(n)]
    b = [r.uniform(-4, 4) for _ in range(n)]
    names = ["sin", "cos", "exp", "log", "pow", "sqrt", "rsqrt", "cbrt", "atan", "exp2", "log2"]
    tols = [4, 4, 3, 3, 16, 0, 2, 2, 5, 3, 3]
    want = []
    for x, y in zip(a, b):
        ax = abs(x) + 0.5
        want += [math.sin(x), math.cos(x), math.exp(x * 0.25), math.log(ax), math.pow(ax, y), math.sqrt(ax),
                 1 / math.sqrt(ax), math.cbrt(x), math.atan(x), 2.0 ** y, math.log2(ax)]
    # +1 ULP: the reference (the host's libm) is itself within 1 ULP
    return Case([n], [buf("d", a), buf("d", b), zero(8 * 11 * n), scalar("u32", n)],
                [Out(2, "d", want, label=per(names), tol=lambda i: (tols[i % 11] + (tols[i % 11] > 0), 53, -1022))])


def nextafter32(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y:
        return y
    if x == 0:
        return math.copysign(b2f(1), y)
    b = f2b(x)
    b = b + 1 if (y > x) == (x > 0) else b - 1
    return b2f(b)


@kernel
def k_math_special(r, target):
    n = 800
    a = f32_inputs(r, n)
    a = [x if x != -0.0 or r.random() < 0.5 else 0.0 for x in a]
    sp = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0]
    b = [r.choice(sp) if r.random() < 0.2 else x for x in f32_inputs(r, n)]
    b = [1.0 if x == 0 and y == 0 else y for x, y in zip(a, b)]
    names = ["ldexp", "frexp m", "modf frac", "modf int", "fmod", "remainder", "nextafter", "fract", "fmin",
             "fmax"]
    inames = ["frexp e", "ilogb", "classify", "compare"]
    want, iwant = [], []
    for i, (x, y) in enumerate(zip(a, b)):
        m, e = math.frexp(x)
        frac, ip = math.modf(x)
        ip = math.copysign(ip, x)
        frac = math.copysign(frac, x)
        if y == 0 or math.isnan(y):
            fm = rm = math.nan
        elif math.isinf(y):
            fm = rm = x
        else:
            fm, rm = math.fmod(x, y), math.remainder(x, y)
        fl = zero_like(math.floor(x), x)
        fr = min(f32(Fraction(x) - Fraction(fl)), b2f(0x3f7fffff))
        want += [math.ldexp(x, i % 40 - 20), m, frac, ip, fm, rm, nextafter32(x, y), fr,
                 x if math.isnan(y) else min(x, y), x if math.isnan(y) else max(y, x)]
        il = INT_MIN if x == 0 else e - 1
        isnormal = x != 0
        cls = (math.isnan(x) | math.isinf(y) << 1 | (not math.isinf(x) and not math.isnan(x)) << 2 |
               (math.copysign(1, y) < 0) << 3 | isnormal << 4)
        un = math.isnan(x) or math.isnan(y)
        cmpv = (x == y) | (x != y) << 1 | (x < y) << 2 | (x >= y) << 3 | un << 4
        iwant += [e, il, cls, cmpv]
    return Case([n], [buf("f", a), buf("f", b), zero(4 * 10 * n), zero(4 * 4 * n), scalar("u32", n)],
                [Out(2, "f", want, label=per(names)), Out(3, "i", iwant, label=per(inames))])


@kernel
def k_atomics_global(r, target):
    n = 1000
    v = [r.randint(-5000, 5000) if r.random() < 0.8 else r.randint(INT_MIN, INT_MAX) for _ in range(n)]
    init = [0, 0, 0, INT_MAX, INT_MIN, -1, 0, -1, 0, 0, -1, 0, 5000]
    land = M32
    for i, x in enumerate(v):
        land &= u32(~(1 << (i % 32)) | x)
    lor = 0
    for i in range(n):
        lor |= 1 << (i % 29)
    xor = 0
    for x in v:
        xor ^= x
    total = sum(v)
    want = [s32(total), s32(-total), n, min(v), max(v), s32(min(u32(x) for x in v)), s32(max(u32(x) for x in v)),
            s32(land), lor, s32(xor), None, s32(total), 5000 - n]

    def check_acc(got):
        for i, w in enumerate(want):
            if w is None:
                if not 0 <= got[i] < n:
                    return "acc[10] (xchg) = %d is not one of the work-item ids" % got[i]
            elif got[i] != w:
                return "acc[%d] = %d, want %d" % (i, got[i], w)
        return None

    def check_tickets(got):
        if sorted(got) != list(range(n)):
            missing = sorted(set(range(n)) - set(got))[:5]
            return "atomic_inc tickets are not a permutation of 0..%d (missing %s)" % (n - 1, missing)
        return None

    return Case([n], [buf("i", v), buf("i", init), zero(4 * n), zero(8), scalar("u32", n)],
                [Out(1, "i", check=check_acc), Out(2, "I", check=check_tickets),
                 Out(3, "q", [s64(sum(x * 65537 for x in v))])])


@kernel
def k_atomics_local(r, target):
    n = 1000
    v = [r.getrandbits(32) for _ in range(n)]
    hist = [0] * 32
    for x in v:
        hist[x & 31] += 1
        hist[(x >> 5) & 31] += 2
    o = x_ = 0
    for x in v:
        o |= 1 << (x % 31)
        x_ ^= x
    stats = [min(s32(x) for x in v), max(s32(x) for x in v), s32(o), s32(x_)]
    return Case([n], [buf("I", v), zero(4 * 32), buf("i", [INT_MAX, INT_MIN, 0, 0]), scalar("u32", n)],
                [Out(1, "I", hist), Out(2, "i", stats, label=lambda i: ["min", "max", "or", "xor"][i])])


@kernel
def k_scratch_array(r, target):
    n = 500
    a = [r.getrandbits(32) for _ in range(n)]
    o1, o2 = [], []
    for i, x in enumerate(a):
        t = [u32(x * k + (k ^ i)) for k in range(80)]
        acc = 0
        for k in range(40):
            j = (x >> (k % 25)) % 80
            t[j] = u32(t[j] + acc)
            acc = u32(acc * 31 + t[(j * 7 + k) % 80])
        o1.append(acc)
        o2.append(t[x % 80])
    return Case([n], [buf("I", a), zero(8 * n), scalar("u32", n)], [Out(1, "I", o1 + o2)])


@kernel
def k_divergent_loops(r, target):
    n = 1000
    a = [r.getrandbits(32) for _ in range(n)]
    want = []
    for i, x in enumerate(a):
        outer, inner, acc = x % 13, (x >> 4) % 9, i
        for p in range(outer):
            if (p ^ x) & 1:
                continue
            for q in range(inner + 1):
                if q * p > (x >> 12) % 20:
                    break
                if acc & 4:
                    acc = u32(acc * 3 + q)
                else:
                    acc ^= u32((p << q) + x)
            if acc % 7 == 3:
                break
        while acc > 1000000:
            acc = (acc >> 3) + (acc & 7)
        want.append(acc)
    return Case([n], [buf("I", a), zero(4 * n), scalar("u32", n)], [Out(1, "I", want)])


@kernel
def k_grid2d(r, target):
    W, H, LX, LY = 37, 23, 8, 4
    want = []
    for y in range(H):
        for x in range(W):
            gx, gy = x // LX, y // LY
            sx, sy = min(LX, W - gx * LX), min(LY, H - gy * LY)
            want += [x % LX | (y % LY) << 8 | gx << 16 | gy << 24,
                     sx | sy << 8 | -(-W // LX) << 16 | -(-H // LY) << 24, W | H << 16, 2 | LX << 8 | LY << 16]
    return Case([W, H], [zero(4 * 4 * W * H), scalar("u32", W)],
                [Out(0, "I", want, label=per(["ids", "sizes", "global size", "dim/enqueued"]))], loc=[LX, LY])


@kernel
def k_grid3d(r, target):
    G, L = (9, 7, 5), (4, 3, 2)
    want = []
    for z in range(G[2]):
        for y in range(G[1]):
            for x in range(G[0]):
                p = (x, y, z)
                lid = [p[d] % L[d] for d in range(3)]
                gid = [p[d] // L[d] for d in range(3)]
                sz = [min(L[d], G[d] - gid[d] * L[d]) for d in range(3)]
                # the device library computes the linear id with the
                # enqueued (not the actual) sizes of a partial group
                lin = (lid[2] * L[1] + lid[1]) * L[0] + lid[0]
                want += [lid[0] | lid[1] << 8 | lid[2] << 16 | 3 << 24, gid[0] | gid[1] << 8 | gid[2] << 16,
                         sz[0] | sz[1] << 8 | sz[2] << 16 | lin << 24]
    return Case(list(G), [zero(4 * 3 * G[0] * G[1] * G[2])],
                [Out(0, "I", want, label=per(["local ids", "group ids", "sizes/linear id"]))], loc=list(L))


@kernel
def k_dyn_lds(r, target):
    n, L = 1000, 96
    a = [f32(r.uniform(-100, 100)) for _ in range(n)]
    want = []
    for g in range(n):
        base = g // L * L
        m = min(L, n - base)
        l = g - base
        k = (l + 1) % m
        s = u32((base + (l + 5) % m) * 3)
        want.append(f32(Fraction(a[base + m - 1 - k]) * 2 + s))
    return Case([n], [buf("f", a), zero(4 * n), local(4 * L), local(4 * L)], [Out(1, "f", want)], loc=[L])


@kernel
def k_barrier_scan(r, target):
    n = 1000
    a = [r.getrandbits(32) for _ in range(n)]
    want = []
    for g in range(n):
        base = g // 256 * 256
        want.append(u32(sum(a[base:g + 1])))
    return Case([n], [buf("I", a), zero(4 * n), scalar("u32", n)], [Out(1, "I", want)])


@kernel
def k_vec_types(r, target):
    n = 500
    a = [r.randint(-64, 64) * 0.25 for _ in range(4 * n)]
    b = [r.randint(-300, 300) for _ in range(4 * n)]
    fo, io, uo = [0.0] * 5 * n, [0] * 6 * n, [0] * 4 * n
    for i in range(n):
        x, y = a[4 * i:4 * i + 4], b[4 * i:4 * i + 4]
        for k in range(4):
            fo[4 * i + k] = x[3 - k] * 2 + x[k]
            t = y[k] * (3, -1, 7, 2)[k] + (y[k] >> 2)
            io[4 * i + k] = t if x[k] > 0 else y[k]
            uo[4 * i + k] = max(0, min(255, y[k]))
        fo[4 * n + i] = x[0] - 2 * x[1] + 0.5 * x[2] + 4 * x[3]
        io[4 * n + i] = y[3] + 2 * y[0] + 3 * y[2] + 4 * y[1]
        io[5 * n + i] = (y[0] + y[2]) * (y[1] + y[3]) + int(any(v < 0 for v in y)) + 2 * int(all(v > -100 for v in y))
    return Case([n], [buf("f", a), buf("i", b), zero(4 * 5 * n), zero(4 * 6 * n), zero(4 * n), scalar("u32", n)],
                [Out(2, "f", fo), Out(3, "i", io), Out(4, "B", uo)])


def rnd_int(x, mode):
    if mode == "rtz":
        return math.trunc(x)
    if mode == "rte":
        return round(x)
    if mode == "rtp":
        return math.ceil(x)
    return math.floor(x)


@kernel
def k_conversions(r, target):
    n = 800
    a = []
    for _ in range(n):
        k = r.random()
        a.append(f32(r.randint(-600, 600) * 0.5) if k < 0.3 else f32(r.uniform(-300, 300)) if k < 0.8
                 else f32(r.uniform(-1e8, 1e8)))
    b = []
    for _ in range(n):
        k = r.random()
        b.append(r.randint(-40000, 40000) if k < 0.3 else r.randint(-(1 << 63), (1 << 63) - 1) if k < 0.7
                 else r.randint(-(1 << 40), 1 << 40))
    iw, fw, dw, hw = [], [], [], []
    F = Fraction
    for x, y in zip(a, b):
        x4 = f32(x * 1e4)
        x6 = f32(x * 1e6)
        iw += [s32(rnd_int(x, "rtz")) if abs(x) < 2 ** 31 else 0, s32(rnd_int(x, "rte")) if abs(x) < 2 ** 31 else 0,
               s32(rnd_int(x, "rtp")) if abs(x) < 2 ** 31 else 0, s32(rnd_int(x, "rtn")) if abs(x) < 2 ** 31 else 0,
               max(INT_MIN, min(INT_MAX, math.trunc(x4))), s32(max(0, min(M32, math.trunc(x4)))),
               max(-128, min(127, math.trunc(x))), max(-32768, min(32767, y)), max(0, min(255, round(x))),
               s32(math.trunc(x6) >> 7)]
        fw += [f32(F(y)), f32(F(u64(y))), f32(F(s32(y))), f32(F(u32(y)))]
        dw += [float(y), x, f32(x * 1.000000119)]
        hw.append(half_bits(x, "rte"))
    hw += [half_bits(x, "rtz") for x in a]
    inames = ["int", "int_rte", "int_rtp", "int_rtn", "int_sat", "uint_sat", "char_sat", "short_sat",
              "uchar_sat_rte", "long>>7"]
    return Case([n], [buf("f", a), buf("q", b), zero(4 * 10 * n), zero(4 * 4 * n), zero(8 * 3 * n), zero(2 * 2 * n),
                      scalar("u32", n)],
                [Out(2, "i", iw, label=per(inames)),
                 Out(3, "f", fw, label=per(["long", "ulong", "int", "uint"])),
                 Out(4, "d", dw, label=per(["long->double", "float->double", "double->float"])),
                 Out(5, "H", hw, label=lambda i: ("rte %d" if i < n else "rtz %d") % (i % n))])


def half_bits(x, mode):
    """The binary16 encoding of x rounded to half (rte or rtz), with
    overflow to infinity (rte) or to the largest finite value (rtz)."""
    if mode == "rte" and abs(x) >= 65520:
        h = math.copysign(math.inf, x)
    elif mode == "rtz" and abs(x) >= 65536:
        h = math.copysign(65504.0, x)
    else:
        h = f16(Fraction(x), mode)
    return struct.unpack("<H", struct.pack("<e", h))[0]


def s8(x):
    x &= 0xff
    return x - 256 if x & 0x80 else x


def s16(x):
    x &= 0xffff
    return x - 65536 if x & 0x8000 else x


@kernel
def k_small_types(r, target):
    n = 1000
    c = [r.randint(-128, 127) for _ in range(n)]
    uc = [r.randint(0, 255) for _ in range(n)]
    s = [r.randint(-32768, 32767) for _ in range(n)]
    us = [r.randint(0, 65535) for _ in range(n)]
    oc = [s8(a * 3 + s8(b)) for a, b in zip(c, uc)] + [b >> 1 for b in uc]
    os_ = [s16(d * 5 - s16(e)) for d, e in zip(s, us)] + [e >> 3 for e in us]
    oi = [a + b + d + e for a, b, d, e in zip(c, uc, s, us)] + [a * d - b * e for a, b, d, e in zip(c, uc, s, us)]
    return Case([n], [buf("b", c), buf("B", uc), buf("h", s), buf("H", us), zero(2 * n), zero(4 * n), zero(8 * n),
                      scalar("u32", n)],
                [Out(4, "b", oc), Out(5, "h", os_), Out(6, "i", oi)])


@kernel
def k_lds_transpose(r, target):
    w, h = 37, 29
    a = [f32(r.uniform(-1, 1)) for _ in range(w * h)]
    want = [0.0] * (w * h)
    for y in range(h):
        for x in range(w):
            want[x * h + y] = a[y * w + x]
    return Case([48, 32], [buf("f", a), zero(4 * w * h), scalar("u32", w), scalar("u32", h)],
                [Out(1, "f", want)], loc=[16, 16])


@kernel
def k_local_sort(r, target):
    groups = 7
    a = [r.getrandbits(32) if r.random() < 0.8 else r.randint(0, 9) for _ in range(256 * groups)]
    want = []
    for g in range(groups):
        want += sorted(a[256 * g:256 * g + 256])
    return Case([128 * groups], [buf("I", a)], [Out(0, "I", want)], loc=[128])


@kernel
def k_byval_args(r, target):
    c, s, i, l, f, d, u, ul = -5, -1234, 123456789, -9876543210123, 3.25, -2.5e10, 3000000000, 0xfedcba9876543210
    want = []
    fb = struct.unpack("<i", struct.pack("<f", f))[0]
    for g in range(64):
        want += [c * g + s, i * g - l, math.trunc(f * g), math.trunc(d * g), u + (ul >> 3), s64(d2b(d) ^ u64(fb))]
    return Case([64], [zero(8 * 6 * 64), scalar("i32", c), scalar("i32", s), scalar("i32", i), scalar("i64", l),
                       scalar("f32", f), scalar("f64", d), scalar("u32", u), scalar("u64", ul)],
                [Out(0, "q", want, label=per(["char,short", "int,long", "float", "double", "uint,ulong", "bits"]))])


def accumulate(mem, base, k, x):
    s = 0
    for j in range(k):
        mem[base + j] = u32(mem[base + j] + x + j)
        s = u32(s + mem[base + j])
    return s


@kernel
def k_generic_ptr(r, target):
    n, total = 1000, 1024
    g = [r.getrandbits(32) for _ in range(4 * n)]
    gw, out = list(g), []
    for grp in range(total // 64):
        lds = [0] * 256
        for l in range(64):
            for j in range(4):
                lds[l * 4 + j] = l + j
        res = {}
        for l in range(64):
            i = grp * 64 + l
            priv = [u32(i * j) for j in range(4)]
            k = 1 + i % 4
            a = accumulate(gw, i * 4, k, i) if i < n else 0
            b = accumulate(lds, l * 4, k, 3)
            c = accumulate(priv, 0, k, 5)
            res[l] = (a, b, c)
        for l in range(64):
            i = grp * 64 + l
            if i < n:
                a, b, c = res[l]
                out.append(u32(a * 7 + b * 3 + c + lds[((l + 1) % 64) * 4]))
    return Case([total], [buf("I", g), zero(4 * n), scalar("u32", n)], [Out(0, "I", gw), Out(1, "I", out)], loc=[64])


@kernel
def k_calls_stack(r, target):
    n = 600
    a = [r.getrandbits(32) for _ in range(n)]
    want = []
    for i, x in enumerate(a):
        t = (x, i, 7)
        arr = [x >> j for j in range(12)]
        for j in range(x & 7):
            t = (t[1] ^ j, u32(t[2] + t[0]), u32(t[0] * 3 + j))
        s = 0
        for j in range(3 + (x & 7)):
            s = u32(s * 17 + arr[(j * 5) % 12])
        want.append(u32(t[0] + t[1] * 2 + t[2] * 3 + s))
    return Case([n], [buf("I", a), zero(4 * n), scalar("u32", n)], [Out(1, "I", want)])


@kernel
def k_wg_builtins(r, target):
    n, L = 1024, 128
    a = [1000 if r.random() < 0.004 else r.randint(-10000, 10000) for _ in range(n)]
    want = []
    for g in range(n):
        base = g // L * L
        grp = a[base:base + L]
        l = g - base
        want += [s32(sum(grp)), max(grp), s32(sum(grp[:l + 1])), min(grp[:l]) if l else INT_MAX, grp[5],
                 int(1000 in grp) + 2]
    return Case([n], [buf("i", a), zero(4 * 6 * n)],
                [Out(1, "i", want, label=per(["reduce_add", "reduce_max", "scan_incl_add", "scan_excl_min",
                                              "broadcast", "any/all"]))], loc=[L])


@kernel
def k_mixed_precision(r, target):
    n = 1000
    a = [r.randint(-1000, 1000) for _ in range(n)]
    b = [r.randint(-1000, 1000) for _ in range(n)]
    fo, do = [], []
    for x, y in zip(a, b):
        fx, fy = x * 0.25, y * 0.125
        fo.append(fx * fy + fx - fy)
        do.append(fx * fy + float(x) * float(y))
    fo += [f32(x * 0.25 * y * 0.125 * 3.0) for x, y in zip(a, b)]
    do += [math.trunc(x * 0.25 * 1024.0) / 4.0 for x in a]
    return Case([n], [buf("i", a), buf("i", b), zero(4 * 2 * n), zero(8 * 2 * n), scalar("u32", n)],
                [Out(2, "f", fo), Out(3, "d", do)])


def f32_denormal(r):
    """A random single-precision subnormal."""
    return b2f(r.randint(1, 0x7fffff) | r.choice((0, 0x80000000)))


def rand_tiny32(r):
    k = r.random()
    if k < 0.3:
        return f32_denormal(r)
    return f32(rand_f32(r, -126, -110) if k < 0.65 else rand_f32(r, -30, 10))


def ftz(x):
    return math.copysign(0.0, x) if x != 0 and abs(x) < 2.0 ** -126 else x


def flushed_results(q, d):
    """The f32 results a flush-to-zero target may give for the exact value
    q (d: the double-precision result, for the sign of zeros): the rounded
    value with a subnormal result flushed, where subnormal means either
    after rounding or before it (exact |q| < 2^-126)."""
    v = exact_or_zero(q, d, f32)
    sign0 = math.copysign(0.0, v if v != 0 else d)
    after = sign0 if abs(v) < 2.0 ** -126 else v
    before = sign0 if q != 0 and abs(q) < Fraction(2) ** -126 else v
    return after, before


@kernel
def k_denormals(r, target):
    n = 800
    flush = target in ("gfx701", "gfx803")   # the kernels' f32 float mode
    a = [rand_tiny32(r) for _ in range(n)]
    b = [rand_tiny32(r) for _ in range(n)]
    c = [math.ldexp(r.random(), r.randint(-1074, -1000)) * r.choice((1, -1)) if r.random() < 0.6
         else rand_f64(r, -1022, -900) for _ in range(n)]
    d = [math.ldexp(r.random(), r.randint(-1074, -1000)) * r.choice((1, -1)) if r.random() < 0.3
         else rand_f64(r, -60, 10) for _ in range(n)]
    e = [f16(math.ldexp(r.randint(1, 1023), -24)) * r.choice((1, -1)) if r.random() < 0.5
         else rand_f16(r, -14, 4) for _ in range(n)]
    f = [f16(math.ldexp(r.randint(1, 1023), -24)) * r.choice((1, -1)) if r.random() < 0.3
         else rand_f16(r, -10, 2) for _ in range(n)]
    F = Fraction
    fw, alts, dw, hw = [], {}, [], []
    for i, (x, y) in enumerate(zip(a, b)):
        if flush:
            x, y = ftz(x), ftz(y)
        ops = [(F(x) + F(y), x + y), (F(x) - F(y), x - y), (F(x) * F(y), x * y), (F(x) * F(y) + F(x), x * y + x)]
        for k, (q, dd) in enumerate(ops):
            if flush:
                after, before = flushed_results(q, dd)
                fw.append(after)
                alts[4 * i + k] = [before]
            else:
                fw.append(exact_or_zero(q, dd, f32))
    for u, v in zip(c, d):
        dw += [u + v, u * v, exact_or_zero(F(u) * F(v) + F(u), u * v + u, float)]
    for p, q in zip(e, f):
        hw += [exact_or_zero(F(p) + F(q), p + q, f16), exact_or_zero(F(p) - F(q), p - q, f16),
               exact_or_zero(F(p) * F(q), p * q, f16)]
    return Case([n], [buf("f", a), buf("f", b), buf("d", c), buf("d", d), buf("e", e), buf("e", f),
                      zero(4 * 4 * n), zero(8 * 3 * n), zero(2 * 3 * n), scalar("u32", n)],
                [Out(6, "f", fw, alt=lambda i: alts.get(i, []), label=per(["add", "sub", "mul", "fma"])),
                 Out(7, "d", dw, label=per(["add", "mul", "fma"])),
                 Out(8, "e", hw, label=per(["add", "sub", "mul"]))])


@kernel
def k_subgroups(r, target):
    n = 1024
    a = [77 if r.random() < 0.01 else r.randint(-10000, 10000) for _ in range(n)]
    want = []
    for g in range(n):
        base, lane = g // 64 * 64, g % 64
        wv = a[base:base + 64]
        want += [s32(sum(wv)), s32(sum(wv[:lane + 1])), wv[3], max(wv), lane | (g % 128 // 64) << 8 | 64 << 16,
                 int(77 in wv) + 2]
    return Case([n], [buf("i", a), zero(4 * 6 * n)],
                [Out(1, "i", want, label=per(["reduce_add", "scan_incl_add", "broadcast", "reduce_max", "ids",
                                              "any/all"]))], loc=[128])


@kernel
def k_program_scope(r, target):
    n = 1000
    table = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]
    scale = [0.5, 1.5, 2.5, 3.5]
    a = [r.randint(-1000, 1000) for _ in range(n)]
    want = [table[x & 15] * 1000 + math.trunc(scale[g & 3] * x) for g, x in enumerate(a)]

    def check(got):
        for g in range(n):
            if got[g] != want[g]:
                return "out[%d] = %d, want %d" % (g, got[g], want[g])
        if sorted(got[n:]) != list(range(5, 5 + n)):
            return "atomic_inc on a program-scope variable starting at 5 gave no permutation of 5..%d" % (4 + n)
        return None

    return Case([n], [buf("i", a), zero(4 * 2 * n)], [Out(1, "i", check=check)])


@kernel
def k_big_group(r, target):
    n = 2000
    a = [r.getrandbits(32) for _ in range(n)]
    want = []
    for g in range(n):
        base = g // 1024 * 1024
        m = min(1024, n - base)
        l = g - base
        want.append(u32(sum(a[base:base + m])) ^ a[base + m - 1 - l])
    return Case([n], [buf("I", a), zero(4 * n), scalar("u32", n)], [Out(1, "I", want)])


@kernel
def k_conversions_f64(r, target):
    n = 800
    a = []
    for _ in range(n):
        k = r.random()
        a.append(r.randint(-20000, 20000) * 0.5 if k < 0.3 else r.uniform(-1e4, 1e4) if k < 0.7
                 else r.uniform(-1e9, 1e9) if k < 0.9 else rand_f64(r, -30, 5))
    b = [r.getrandbits(64) if r.random() < 0.6 else r.getrandbits(40) for _ in range(n)]
    iw, dw, fw = [], [], []
    F = Fraction

    def sat(v, lo, hi):
        return max(lo, min(hi, v))
    for x, y in zip(a, b):
        x3, x6, x9, x12 = x * 1e3, x * 1e6, x * 1e9, x * 1e12
        iw += [s64(s32(math.trunc(x))), s64(s32(round(x))), s64(s32(math.floor(x))),
               sat(math.trunc(x3), INT_MIN, INT_MAX), sat(math.trunc(x3), 0, M32), math.trunc(x6),
               s64(sat(math.trunc(x9), 0, M64)), sat(math.ceil(x12), -(1 << 63), (1 << 63) - 1)]
        dw += [float(y), float(s64(y))]
        fw += [round_frac(F(x), 24, -126, m) if x != 0 else x for m in ("rte", "rtz", "rtp", "rtn")]
    return Case([n], [buf("d", a), buf("Q", b), zero(8 * 8 * n), zero(8 * 2 * n), zero(4 * 4 * n), scalar("u32", n)],
                [Out(2, "q", iw, label=per(["int", "int_rte", "int_rtn", "int_sat", "uint_sat", "long",
                                            "ulong_sat", "long_sat_rtp"])),
                 Out(3, "d", dw, label=per(["ulong", "long"])),
                 Out(4, "f", fw, label=per(["rte", "rtz", "rtp", "rtn"]))])


@kernel
def k_atomics64(r, target):
    n = 1000
    v = [r.randint(-(1 << 63), (1 << 63) - 1) if r.random() < 0.5 else r.randint(-100000, 100000) for _ in range(n)]
    L_MIN, L_MAX = -(1 << 63), (1 << 63) - 1
    init = [0, L_MAX, L_MIN, -1, 0, -1, 0, 0, -1, 0, 0]
    land, lor, lx = M64, 0, 0
    for i, x in enumerate(v):
        land &= u64(x | (1 << (i % 64)))
        lor |= 1 << (i % 61)
        lx ^= u64(x)
    want = [s64(sum(v)), min(v), max(v), s64(min(u64(x) for x in v)), s64(max(u64(x) for x in v)), s64(land),
            s64(lor), s64(lx), None, n, s64(3 * sum(v))]
    names = ["add", "min", "max", "umin", "umax", "and", "or", "xor", "xchg", "inc", "cmpxchg loop"]

    def check_acc(got):
        for i, w in enumerate(want):
            if w is None:
                if not 0 <= got[i] < n:
                    return "acc[8] (xchg) = %d is not one of the work-item ids" % got[i]
            elif got[i] != w:
                return "acc[%d] (%s) = %d, want %d" % (i, names[i], got[i], w)
        return None

    def check_tickets(got):
        return None if sorted(got) == list(range(n)) else "atom_inc tickets are not a permutation of 0..%d" % (n - 1)

    return Case([n], [buf("q", v), buf("q", init), zero(8 * n), scalar("u32", n)],
                [Out(1, "q", check=check_acc), Out(2, "Q", check=check_tickets)])


@kernel
def k_struct_args(r, target):
    n = 200
    a, d = r.getrandbits(32), r.getrandbits(64)
    c, sh, i, l = r.getrandbits(8), r.randrange(-32768, 32768), r.randrange(INT_MIN, INT_MAX), r.getrandbits(63) - (1 << 62)
    v = [r.getrandbits(32) for _ in range(4)]
    small = struct.pack("<IiQ", a, n, d)
    padded = struct.pack("<BxhiqIIII", c, sh, i, l, *v)   # the OpenCL C layout: s at 2, i at 4, l at 8, v at 16
    want = []
    for g in range(n):
        want += [u32(a + g), u32((d >> 32) ^ (d & M32) ^ c), u32(u32(sh) * 3 + u32(i) + u32(l >> 20)),
                 u32((v[0] ^ v[1] ^ v[2] ^ v[3]) + g)]
    return Case([n + 56], [zero(16 * (n + 56)), scalar("bytes", small.hex()), scalar("bytes", padded.hex())],
                [Out(0, "I", want + [0] * (4 * 56))], loc=[64])


# ---------------------------------------------------------------- running

# kernels also built at -O0 (bin/NAME-GFX-O0.co: unoptimised code, values
# through scratch), checked against the same references
O0_KERNELS = {"int_arith", "divergent_loops", "scratch_array", "calls_stack", "f32_arith", "local_sort",
              "conversions", "math_f32", "atomics_local"}


def run_case(name, target, verbose, variant=""):
    co = os.path.join(HERE, "bin", "%s-%s%s.co" % (name, target, variant))
    if not os.path.exists(co):
        return "SKIP", "no %s (run make kernels)" % os.path.relpath(co, ROOT)
    case = KERNELS[name](random.Random(name), target)
    with tempfile.TemporaryDirectory(prefix="gcnsim-e2e-") as tmp:
        cmd = [GCNSIM, "run", co, "--kernel", name, "--global", ",".join(map(str, case.glob))]
        if case.loc:
            cmd += ["--local", ",".join(map(str, case.loc))]
        for i, a in enumerate(case.args):
            if a.data is not None:
                p = os.path.join(tmp, "in%d.bin" % i)
                with open(p, "wb") as f:
                    f.write(a.data)
                cmd += ["--arg", "buf:" + p]
            else:
                cmd += ["--arg", a.spec]
        for o in case.outs:
            cmd += ["--dump", "%d=%s" % (o.arg, os.path.join(tmp, "out%d.bin" % o.arg))]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return "FAIL", "timed out after 300 s"
        shown = " ".join(x if " " not in x else repr(x) for x in cmd)
        if p.returncode != 0:
            err = [l.strip() for l in p.stderr.splitlines() if l.strip()]
            why = "exit %d: %s" % (p.returncode, " | ".join(err[:3]) if err else "(no message)")
            return "FAIL", why + ("\n    " + shown if verbose else "")
        for o in case.outs:
            data = open(os.path.join(tmp, "out%d.bin" % o.arg), "rb").read()
            sz = struct.calcsize(o.fmt)
            got = list(struct.unpack("<%d%s" % (len(data) // sz, o.fmt), data[:len(data) // sz * sz]))
            bad = compare(o, got)
            if bad:
                return "FAIL", bad + ("\n    " + shown if verbose else "")
    return "PASS", ""


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="gcnsim end-to-end kernel tests")
    ap.add_argument("-k", default="", help="only kernels whose name contains this")
    ap.add_argument("-t", default="", help="only this target")
    ap.add_argument("-v", action="store_true", help="print the command of failures")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    if not os.access(GCNSIM, os.X_OK):
        print("FAIL: e2e (%s is not built; run make)" % GCNSIM)
        return 1
    jobs = [(k, t, v) for k in KERNELS if args.k in k for t in TARGETS if not args.t or t == args.t
            for v in ([""] + (["-O0"] if k in O0_KERNELS else []))]
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(lambda job: run_case(job[0], job[1], args.v, job[2]), jobs))
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    per_target = {t: [0, 0] for t in TARGETS}
    for (k, t, v), (st, why) in zip(jobs, results):
        counts[st] += 1
        if st != "SKIP":
            per_target[t][st == "PASS"] += 1
        print("%s: e2e %s %s%s%s" % (st, k, t, " " + v if v else "", ": " + why if why else ""))
    print("# " + ", ".join("%s %d/%d" % (t, p[1], p[0] + p[1]) for t, p in per_target.items() if p[0] + p[1]))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
