#!/usr/bin/env python3
"""The clpeak-style read-bandwidth kernels of make calibrate
(tests/calibrate/kernels/global_bw.cl, committed as
tests/calibrate/bin/global_bw-GFX.co) compute what they should: each of
gbw_T_lstride and gbw_T_gstride for T = float, float2, float4, float8,
float16, on every target built (gfx600, gfx701, gfx803, gfx900, gfx906),
run through `gcnsim run` under the cycle model (as make calibrate runs
them) with work-groups of 256 on an input of 2^17 floats, every output
float compared bit for bit with a reference computed here in IEEE single
precision (each addition rounded to nearest even):

- lstride: work-item j of work-group g (local id l) reads the T elements
  g*16*256 + l + k*256, k = 0..15;
- gstride: work-item j reads the T elements j + k*G, G the global size;
- the 16 reads are added in that order per component, starting from 0,
  then the components from the first up; out[j] is that sum.

Every input element is read exactly once by each kernel (checked here on
the reference's indices too).  This checks the kernels, not the timing:
the accuracy of the model against clpeak's published bandwidths is make
calibrate's report, never a test.  GCNSIM names the binary (empty:
./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import random
import struct
import sys
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
WIDTHS = {"float": 1, "float2": 2, "float4": 4, "float8": 8, "float16": 16}
N = 1 << 17                  # floats of input: 2 work-groups of 256 for float16
READS = 16
LOCAL = 256
TMP = gtest.tempdir("gcnsim-gbw-")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def inputs():
    """N finite floats of mixed sign and magnitude (a few tiny, a few huge, some denormal)."""
    rnd = random.Random(906)
    vals = []
    for _ in range(N):
        k = rnd.random()
        if k < 0.03:
            v = rnd.choice([1, -1]) * rnd.randint(1, 1 << 22) * 2.0 ** -149    # denormal
        elif k < 0.08:
            v = rnd.choice([1, -1]) * rnd.uniform(1, 2) * 2.0 ** rnd.randint(-100, 100)
        else:
            v = rnd.uniform(-1e3, 1e3)
        vals.append(f32(v))
    return vals


def indices(pattern, w):
    """For each work-item: the 16 T-element indices it reads, in order."""
    g = N // READS // w
    out = []
    for j in range(g):
        if pattern == "lstride":
            base = (j // LOCAL) * LOCAL * READS + j % LOCAL
            out.append([base + k * LOCAL for k in range(READS)])
        else:
            out.append([j + k * g for k in range(READS)])
    return out


def reference(vals, pattern, w):
    """The expected output floats, or an error text when the pattern does not read every element once."""
    idx = indices(pattern, w)
    seen = sorted(i for row in idx for i in row)
    if seen != list(range(N // w)):
        return None, "%s/%d does not read every element exactly once" % (pattern, w)
    res = []
    for row in idx:
        acc = [0.0] * w
        for i in row:
            for c in range(w):
                acc[c] = f32(acc[c] + vals[i * w + c])
        h = acc[0]
        for c in range(1, w):
            h = f32(h + acc[c])
        res.append(h)
    return res, None


def run(target, kernel, inp, g):
    """gcnsim run of kernel; returns (error text or None, output floats)."""
    co = os.path.join(HERE, "bin", "global_bw-%s.co" % target)
    out = os.path.join(TMP, "out-%s-%s.bin" % (target, kernel))
    cmd = ["run", co, "--kernel", kernel, "--global", str(g), "--local", str(LOCAL),
           "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * g), "--dump", "1=" + out]
    p = gcnsim(cmd, timeout=120)
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]), None
    a = array("f")
    with open(out, "rb") as f:
        a.frombytes(f.read())
    if sys.byteorder != "little":
        a.byteswap()
    return None, list(a)


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("global_bw kernels", "%s not built" % gtest.GCNSIM)
        gtest.done()
    vals = inputs()
    inp = os.path.join(TMP, "in.bin")
    with open(inp, "wb") as f:
        f.write(struct.pack("<%df" % N, *vals))
    refs = {}
    for t, w in WIDTHS.items():
        for pattern in ("lstride", "gstride"):
            refs[(t, pattern)] = reference(vals, pattern, w)

    def test_target(target):
        for t, w in WIDTHS.items():
            for pattern in ("lstride", "gstride"):
                kernel = "gbw_%s_%s" % (t, pattern)
                name = "%s on %s (%d floats, local %d)" % (kernel, target, N, LOCAL)
                want, why = refs[(t, pattern)]
                if why:
                    check(name, False, why)
                    continue
                err, got = run(target, kernel, inp, N // READS // w)
                if err:
                    check(name, False, err)
                    continue
                if len(got) != len(want):
                    check(name, False, "%d outputs, expected %d" % (len(got), len(want)))
                    continue
                bad = [j for j, (x, y) in enumerate(zip(got, want)) if bits(x) != bits(y)]
                check(name, not bad, bad and "work-item %d: %r (0x%08x), expected %r (0x%08x); "
                      "%d of %d differ" % (bad[0], got[bad[0]], bits(got[bad[0]]), want[bad[0]],
                                           bits(want[bad[0]]), len(bad), len(want)))

    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "global_bw-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("global_bw-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
