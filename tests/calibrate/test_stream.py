#!/usr/bin/env python3
"""The BabelStream kernels of make calibrate (tests/calibrate/kernels/stream.cl,
committed as tests/calibrate/bin/stream-GFX.co) compute what they should:
each of stream_copy, stream_mul, stream_add, stream_triad and their _wg1024
twins, on every target built (gfx600, gfx701, gfx803, gfx900, gfx906), run
through `gcnsim run` under the cycle model (as make calibrate runs them) on
3072 elements, every output element compared bit for bit with a reference
computed here:

- copy c = a: the bits of a, a NaN payload, -0.0 and denormals included;
- mul b = s*c and add c = a + b: IEEE double arithmetic of the host;
- triad a = b + s*c: clang contracts it into one v_fma_f64, so the exact
  b + s*c rounded once to nearest even (exact rationals).

The other arrays are passed too and must come back unchanged.  This checks
the kernels, not the timing: the accuracy of the model against the
published bandwidths is make calibrate's report, never a test.
GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import random
import struct
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
N = 3072                     # a multiple of both work-group sizes (256, 1024)
SCALAR = 0.4
TMP = gtest.tempdir("gcnsim-stream-")


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def fma(s, c, b):
    """b + s*c rounded once (round to nearest even), for finite inputs with a nonzero result."""
    return float(Fraction(s) * Fraction(c) + Fraction(b))


def inputs(seed):
    """Three arrays of N finite, nonzero doubles of mixed sign and magnitude (some denormal)."""
    rnd = random.Random(seed)

    def one():
        k = rnd.random()
        if k < 0.05:
            return rnd.choice([1, -1]) * rnd.randint(1, 1 << 40) * 5e-324   # denormal
        if k < 0.10:
            return rnd.choice([1, -1]) * rnd.uniform(1, 2) * 2.0 ** rnd.randint(-1000, 1000)
        return rnd.uniform(-1e3, 1e3) or 1.0
    return [[one() for _ in range(N)] for _ in range(3)]


def write(name, values):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%dd" % len(values), *values))
    return path


def read(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%dd" % (len(data) // 8), data))


def run(target, kernel, local, arrays, scalar):
    """gcnsim run of kernel on arrays (lists of doubles); returns (error text or None, arrays after)."""
    co = os.path.join(HERE, "bin", "stream-%s.co" % target)
    cmd = ["run", co, "--kernel", kernel, "--global", str(N), "--local", str(local)]
    outs = []
    for i, arr in enumerate(arrays):
        cmd += ["--arg", "buf:" + write("in%d.bin" % i, arr)]
        outs.append(os.path.join(TMP, "out%d.bin" % i))
        cmd += ["--dump", "%d=%s" % (i, outs[-1])]
    if scalar is not None:
        cmd += ["--arg", "f64:%r" % scalar]
    p = gcnsim(cmd, timeout=120)
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]), None
    return None, [read(o) for o in outs]


def compare(name, got, want):
    """One check: the arrays equal bit for bit (the first difference as detail)."""
    for k, (g, w) in enumerate(zip(got, want)):
        if len(g) != len(w):
            return check(name, False, "array %d: %d elements, expected %d" % (k, len(g), len(w)))
        for i, (x, y) in enumerate(zip(g, w)):
            if bits(x) != bits(y):
                return check(name, False, "array %d element %d: %r (0x%016x), expected %r (0x%016x)"
                             % (k, i, x, bits(x), y, bits(y)))
    return check(name, True)


def test_target(target):
    a, b, c = inputs(int(target[3:]))        # a fixed seed per target
    # copy: a carries a NaN with a payload, -0.0 and a denormal, copied as bits
    a_copy = list(a)
    a_copy[5] = struct.unpack("<d", struct.pack("<Q", 0x7ff4000000abcdef))[0]
    a_copy[6] = -0.0
    a_copy[7] = 5e-324
    cases = [
        ("stream_copy", [a_copy, c], None, lambda: [a_copy, a_copy]),
        ("stream_mul", [b, c], SCALAR, lambda: [[SCALAR * x for x in c], c]),
        ("stream_add", [a, b, c], None, lambda: [a, b, [x + y for x, y in zip(a, b)]]),
        ("stream_triad", [a, b, c], SCALAR,
         lambda: [[fma(SCALAR, z, y) for y, z in zip(b, c)], b, c]),
    ]
    for kernel, arrays, scalar, want in cases:
        for suffix, local in (("", 256), ("_wg1024", 1024)):
            name = "%s%s on %s (local %d)" % (kernel, suffix, target, local)
            err, got = run(target, kernel + suffix, local, arrays, scalar)
            if err:
                check(name, False, err)
                continue
            compare(name, got, want())


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("stream kernels", "%s not built" % gtest.GCNSIM)
        gtest.done()
    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "stream-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("stream-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
