#!/usr/bin/env python3
"""HIP device code (tests/e2e/hip/hip_kernels.hip, compiled by clang-15 -x hip
without the HIP headers into tests/e2e/bin/hip_kernels-GFX.co by make
kernels; gfx900 also as code object v5) run through `gcnsim run`, each
result against a reference computed here:

- saxpy_struct (extern "C"): a structure {float a; int n; double b;} by
  value (--arg bytes:HEX), y = fma(a, x, y) + (float)b rounded as f32 (exact
  rationals, round to nearest even), elements past n unchanged; under the
  cycle model and functional;
- block_sum<int> and block_sum<unsigned long long> (called by their mangled
  names): a __shared__ tree sum with barriers per block, 32- and 64-bit
  wrap-around, a partial last block;
- histogram: device-scope atomic adds into 7 bins.

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import random
import struct
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402
from test_e2e import f32  # noqa: E402  (f32 rounding of exact rationals)

BUILDS = [("gfx701", ""), ("gfx803", ""), ("gfx900", ""), ("gfx900", "-v5")]
TMP = gtest.tempdir("gcnsim-hip-")


def co(target, variant):
    return os.path.join(HERE, "bin", "hip_kernels-%s%s.co" % (target, variant))


def write(name, fmt, values):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


def read(path, fmt):
    data = open(path, "rb").read()
    n = len(data) // struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (n, fmt), data[:n * struct.calcsize(fmt)]))


def run(build, kernel, glob, loc, args, dump, functional=False):
    """gcnsim run of kernel; returns (error text or None, the dumped values)."""
    target, variant = build
    out = os.path.join(TMP, "out.bin")
    cmd = ["run", co(target, variant), "--kernel", kernel, "--global", str(glob), "--local", str(loc)]
    for a in args:
        cmd += ["--arg", a]
    cmd += ["--dump", "%d=%s" % (dump[0], out)] + (["--functional"] if functional else [])
    p = gcnsim(cmd)
    if p.returncode != 0:
        return "exit %d: %s" % (p.returncode, p.stderr.strip()[:500]), None
    return None, read(out, dump[1])


def name(build, what):
    return "hip %s %s%s" % (what, build[0], build[1])


def test_saxpy(build, r):
    n, total = 1000, 1100
    a, b = f32(r.uniform(-4, 4)), r.uniform(-1, 1)
    x = [f32(r.uniform(-100, 100)) for _ in range(total)]
    y = [f32(r.uniform(-100, 100)) for _ in range(total)]
    want = [f32(f32(Fraction(a) * Fraction(x[i]) + Fraction(y[i])) + Fraction(f32(b))) if i < n else y[i]
            for i in range(total)]
    spec = "bytes:" + struct.pack("<fid", a, n, b).hex()
    for functional in (False, True):
        err, got = run(build, "saxpy_struct", total, 64, ["buf:" + write("y.bin", "f", y),
                                                          "buf:" + write("x.bin", "f", x), spec],
                       (0, "I"), functional)
        want_bits = list(struct.unpack("<%dI" % total, struct.pack("<%df" % total, *want)))
        bad = err or next(("y[%d] = 0x%08x, expected 0x%08x" % (i, g, w)
                           for i, (g, w) in enumerate(zip(got, want_bits)) if g != w), None)
        check(name(build, "saxpy_struct (a struct by value)%s" % (" functional" if functional else "")),
              bad is None, bad)


def test_block_sum(build, r):
    n, loc = 1000, 256
    blocks = (n + loc - 1) // loc
    for kernel, fmt, bits in [("_Z9block_sumIiEvPKT_PS0_i", "i", 32), ("_Z9block_sumIyEvPKT_PS0_i", "Q", 64)]:
        lo, hi = (-(1 << 31), (1 << 31) - 1) if bits == 32 else (0, (1 << 64) - 1)
        v = [r.randint(lo, hi) for _ in range(n)]
        want = []
        for blk in range(blocks):
            s = sum(v[blk * loc:(blk + 1) * loc]) & ((1 << bits) - 1)
            want.append(s - (1 << 32) if bits == 32 and s >= 1 << 31 else s)
        err, got = run(build, kernel, blocks * loc, loc, ["buf:" + write("in.bin", fmt, v),
                                                          "zero:%d" % (blocks * bits // 8), "i32:%d" % n],
                       (1, fmt))
        check(name(build, "block_sum<%s> (mangled name, __shared__, barriers)" % ("int" if bits == 32 else "ull")),
              err is None and got == want, err or "got %s, expected %s" % (got, want))


def test_histogram(build, r):
    n, nbins = 3000, 7
    v = [r.getrandbits(32) for _ in range(n)]
    want = [0] * nbins
    for x in v:
        want[x % nbins] += 1
    err, got = run(build, "histogram", 3072, 256, ["buf:" + write("h.bin", "I", v), "zero:%d" % (4 * nbins),
                                                   "i32:%d" % n, "u32:%d" % nbins], (1, "I"))
    check(name(build, "histogram (device-scope atomic adds)"), err is None and got == want,
          err or "got %s, expected %s" % (got, want))


def main():
    for build in BUILDS:
        if not os.path.exists(co(*build)):
            gtest.skip(name(build, "kernels"), "no %s (make kernels)" % os.path.relpath(co(*build), gtest.ROOT))
            continue
        r = random.Random("hip" + build[0] + build[1])
        test_saxpy(build, r)
        test_block_sum(build, r)
        test_histogram(build, r)


if __name__ == "__main__":
    main()
    gtest.done()
