#!/usr/bin/env python3
"""The clpeak-style compute kernels of make calibrate
(tests/calibrate/kernels/compute.cl, committed as
tests/calibrate/bin/compute-GFX.co) compute what they should: each of
compute_sp_vN, compute_dp_vN and compute_int_vN for N = 1, 2, 4, 8, 16, on
every target built (gfx600, gfx701, gfx803, gfx900, gfx906), run through
`gcnsim run` under the cycle model (as make calibrate runs them) as two
work-groups of 256 with a chain of 64 steps (iters = 2: the loop's
back edge taken once), every output compared bit for bit with a reference
computed here:

- component c of x starts at a + c*K, of y at lid*b + c*K (lid the local
  id; K = -1/64 for float and double, 1 for int; width 1: c = 0 only);
- a step is x = y*x + y then y = x*y + x: for int modulo 2^32; for double
  one rounding (v_fma_f64); for float one rounding on gfx900 and gfx906
  (clang emits v_fma_f32 there) and two on gfx600-gfx803 (v_mad_f32 /
  v_mac_f32 round the product, then the sum), all to nearest even;
- out = (x's components added from the first up) + (y's likewise).

The float inputs (a = -1/2, b = -1/512) keep every value of every chain
between 2^-11 and 1/4, far from overflow and denormals (checked on the
reference).  This checks the kernels, not the timing: the accuracy of the
model against clpeak's published rates is make calibrate's report, never
a test.  GCNSIM names the binary (empty: ./gcnsim).  Prints
PASS:/FAIL:/SKIP:."""
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
FUSED_F32 = {"gfx900", "gfx906"}
WIDTHS = [1, 2, 4, 8, 16]
LOCAL = 256
GLOBAL = 512
ITERS = 2                    # blocks of 32 steps
A_FP, B_FP, K_FP = -0.5, -1.0 / 512, -1.0 / 64
A_INT, B_INT, K_INT = 0x9E3779B9 - (1 << 32), 40503, 1
TMP = gtest.tempdir("gcnsim-compute-")


def fma_round(a, b, c, bits):
    """a*b + c computed exactly and rounded once to nearest even with a `bits`-bit
    significand (the result in the normal range), as a float."""
    (na, da), (nb, db), (nc, dc) = (v.as_integer_ratio() for v in (a, b, c))
    d = max(da * db, dc)                      # all powers of two
    n = na * nb * (d // (da * db)) + nc * (d // dc)
    k = d.bit_length() - 1
    if n == 0:
        return 0.0
    sign = -1 if n < 0 else 1
    n = abs(n)
    shift = n.bit_length() - bits
    if shift > 0:
        q, r = divmod(n, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        return sign * math.ldexp(q, shift - k)
    return sign * math.ldexp(n, -k)


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def mad_f32_fused(a, b, c):
    return fma_round(a, b, c, 24)


def mad_f32_unfused(a, b, c):
    return f32(f32(a * b) + c)       # the product of two floats is exact in a double


def mad_f64(a, b, c):
    return fma_round(a, b, c, 53)


def mad_int(a, b, c):
    return (a * b + c) & 0xFFFFFFFF


class Unsafe(Exception):
    pass


def reference(kind, w, fused):
    """Expected output values (floats, or ints modulo 2^32) for the GLOBAL work-items."""
    if kind == "int":
        mad, add = mad_int, lambda p, q: (p + q) & 0xFFFFFFFF
        conv = lambda v: v & 0xFFFFFFFF                               # noqa: E731
        a, b, k = A_INT, B_INT, K_INT
    else:
        if kind == "sp":
            mad, add, conv = (mad_f32_fused if fused else mad_f32_unfused), \
                lambda p, q: f32(p + q), f32
        else:
            mad, add, conv = mad_f64, lambda p, q: p + q, float
        a, b, k = A_FP, B_FP, K_FP
    lo = 2.0 ** -11
    out = []
    for lid in range(LOCAL):          # the output depends on the local id alone
        xs, ys = [], []
        for c in range(w):
            off = conv(c * k) if w > 1 else conv(0)
            x = conv(conv(a) + off) if kind != "int" else conv(a + off)
            y = conv(conv(conv(lid) * b) + off) if kind != "int" else conv(lid * b + off)
            for _ in range(ITERS * 16):
                x = mad(y, x, y)
                y = mad(x, y, x)
                if kind != "int" and not all(v == 0 or lo <= abs(v) <= 0.25 for v in (x, y)):
                    raise Unsafe("local id %d component %d leaves [2^-11, 1/4]" % (lid, c))
            xs.append(x)
            ys.append(y)
        hx, hy = xs[0], ys[0]
        for c in range(1, w):
            hx = add(hx, xs[c])
            hy = add(hy, ys[c])
        out.append(add(hx, hy))
    return out * (GLOBAL // LOCAL)


def run(target, kernel, kind):
    """gcnsim run of kernel; returns (error text or None, output bytes)."""
    co = os.path.join(HERE, "bin", "compute-%s.co" % target)
    out = os.path.join(TMP, "out-%s-%s.bin" % (target, kernel))
    esz, typ, a, b = {"sp": (4, "f32", A_FP, B_FP), "dp": (8, "f64", A_FP, B_FP),
                      "int": (4, "i32", A_INT, B_INT)}[kind]
    cmd = ["run", co, "--kernel", kernel, "--global", str(GLOBAL), "--local", str(LOCAL),
           "--arg", "zero:%d" % (esz * GLOBAL), "--arg", "%s:%r" % (typ, a),
           "--arg", "%s:%r" % (typ, b), "--arg", "i32:%d" % ITERS, "--dump", "0=" + out]
    p = gcnsim(cmd, timeout=120)
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]), None
    with open(out, "rb") as f:
        return None, f.read()


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("compute kernels", "%s not built" % gtest.GCNSIM)
        gtest.done()
    refs = {}
    for kind in ("sp", "dp", "int"):
        for w in WIDTHS:
            for fused in ((False, True) if kind == "sp" else (True,)):
                try:
                    refs[(kind, w, fused)] = (reference(kind, w, fused), None)
                except Unsafe as e:
                    refs[(kind, w, fused)] = (None, str(e))

    def test_target(target):
        for kind in ("sp", "dp", "int"):
            fmt = {"sp": "<%df", "dp": "<%dd", "int": "<%dI"}[kind] % GLOBAL
            for w in WIDTHS:
                kernel = "compute_%s_v%d" % (kind, w)
                name = "%s on %s (%d work-items, %d steps)" % (kernel, target, GLOBAL, 32 * ITERS)
                want, why = refs[(kind, w, kind != "sp" or target in FUSED_F32)]
                if why:
                    check(name, False, "bad test input: " + why)
                    continue
                err, data = run(target, kernel, kind)
                if err:
                    check(name, False, err)
                    continue
                if len(data) != struct.calcsize(fmt):
                    check(name, False, "%d bytes of output, expected %d" %
                          (len(data), struct.calcsize(fmt)))
                    continue
                got = struct.unpack(fmt, data)
                # compare bits: the same value packed the same way
                bad = [j for j in range(GLOBAL)
                       if struct.pack(fmt[0] + fmt[-1], got[j]) !=
                       struct.pack(fmt[0] + fmt[-1], want[j])]
                check(name, not bad, bad and "work-item %d: %r, expected %r; %d of %d differ" % (
                    bad[0], got[bad[0]], want[bad[0]], len(bad), GLOBAL))

    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "compute-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("compute-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
