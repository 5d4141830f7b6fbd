#!/usr/bin/env python3
"""The LDS-bandwidth and copy kernels of make calibrate
(tests/calibrate/kernels/lds_bw.cl and copy.cl, committed as
tests/calibrate/bin/lds_bw-GFX.co and copy-GFX.co) compute what they should,
on every target built (gfx600, gfx701, gfx803, gfx900, gfx906), run through
`gcnsim run` under the cycle model (as make calibrate runs them):

- lds_swap_double, 3 work-groups of 256 on 3 x 1024 doubles (every bit
  pattern kept: NaN payloads, -0.0, denormals), 0, 1, 2, 3 and 5
  iterations: an iteration reverses the order of a group's four segments
  of 256 doubles (the swaps 0-1, 2-3, then 0-2, 1-3), so out is in after
  an even count and in with each group's segments reversed after an odd
  one;
- copy_uint4 on 4096 uint4 of random bytes: dst is src;
- blit_copy (the runtime's grid-stride method) with a grid of 256 over
  4059 of them: those copied, the rest of dst keeps its sentinel bytes.

This checks the kernels, not the timing: the accuracy of the model against
the published bandwidths is make calibrate's report, never a test.
GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
GROUPS = 3
SEG = 256
ITERS = [0, 1, 2, 3, 5]
COPY_N = 4096                # uint4s
BLIT_N = COPY_N - 37         # uint4s blit_copy copies
TMP = gtest.tempdir("gcnsim-lds-")


def lds_input():
    """GROUPS*4*SEG doubles as 8-byte patterns: random bits, with NaNs, -0.0 and denormals."""
    rnd = random.Random(26)
    vals = []
    for i in range(GROUPS * 4 * SEG):
        k = rnd.random()
        if k < 0.02:
            v = 0x7FF0000000000000 | rnd.randint(1, (1 << 52) - 1)        # NaN with a payload
        elif k < 0.03:
            v = 0x8000000000000000                                       # -0.0
        elif k < 0.06:
            v = rnd.randint(1, (1 << 52) - 1)                            # denormal
        else:
            v = rnd.getrandbits(64)
        vals.append(v)
    return vals


def lds_expected(vals, iters):
    if iters % 2 == 0:
        return list(vals)
    out = []
    for g in range(GROUPS):
        for s in range(4):
            src = (4 * g + 3 - s) * SEG
            out += vals[src:src + SEG]
    return out


def run(cmd, outpath):
    p = gcnsim(cmd, timeout=120)
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]), None
    with open(outpath, "rb") as f:
        return None, f.read()


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("lds_bw and copy kernels", "%s not built" % gtest.GCNSIM)
        gtest.done()
    vals = lds_input()
    lds_in = os.path.join(TMP, "lds-in.bin")
    with open(lds_in, "wb") as f:
        f.write(struct.pack("<%dQ" % len(vals), *vals))
    rnd = random.Random(24)
    src = bytes(rnd.getrandbits(8) for _ in range(16 * COPY_N))
    copy_in = os.path.join(TMP, "copy-in.bin")
    with open(copy_in, "wb") as f:
        f.write(src)
    sentinel = os.path.join(TMP, "sentinel.bin")
    with open(sentinel, "wb") as f:
        f.write(b"\xab" * (16 * COPY_N))

    def test_target(target):
        co = os.path.join(HERE, "bin", "lds_bw-%s.co" % target)
        for iters in ITERS:
            name = "lds_swap_double on %s (%d groups, %d iterations)" % (target, GROUPS, iters)
            out = os.path.join(TMP, "lds-out-%s-%d.bin" % (target, iters))
            err, data = run(["run", co, "--kernel", "lds_swap_double", "--global",
                             str(GROUPS * SEG), "--local", str(SEG), "--arg", "buf:" + lds_in,
                             "--arg", "zero:%d" % (8 * len(vals)), "--arg", "i32:%d" % iters,
                             "--dump", "1=" + out], out)
            if err:
                check(name, False, err)
                continue
            got = struct.unpack("<%dQ" % (len(data) // 8), data)
            want = lds_expected(vals, iters)
            bad = [i for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
            check(name, not bad and len(got) == len(want), bad and
                  "double %d: 0x%016x, expected 0x%016x; %d differ" % (
                      bad[0], got[bad[0]] if bad[0] < len(got) else 0, want[bad[0]], len(bad)))
        co = os.path.join(HERE, "bin", "copy-%s.co" % target)
        name = "copy_uint4 on %s (%d uint4)" % (target, COPY_N)
        out = os.path.join(TMP, "copy-out-%s.bin" % target)
        err, data = run(["run", co, "--kernel", "copy_uint4", "--global", str(COPY_N),
                         "--local", "256", "--arg", "buf:" + copy_in,
                         "--arg", "zero:%d" % (16 * COPY_N), "--dump", "1=" + out], out)
        if err:
            check(name, False, err)
        else:
            bad = [i for i in range(len(src)) if i >= len(data) or data[i] != src[i]]
            check(name, not bad and len(data) == len(src),
                  bad and "byte %d differs (%d of %d)" % (bad[0], len(bad), len(src)))
        # the runtime's method: a grid of 256 work-items striding over
        # BLIT_N uint4s (not a multiple of the grid); past them the
        # destination keeps its sentinel bytes
        name = "blit_copy on %s (%d uint4 by a grid of 256)" % (target, BLIT_N)
        out = os.path.join(TMP, "blit-out-%s.bin" % target)
        err, data = run(["run", co, "--kernel", "blit_copy", "--global", "256", "--local", "64",
                         "--arg", "buf:" + copy_in, "--arg", "buf:" + sentinel,
                         "--arg", "u64:%d" % BLIT_N, "--dump", "1=" + out], out)
        if err:
            check(name, False, err)
        else:
            want = src[:16 * BLIT_N] + b"\xab" * (16 * (COPY_N - BLIT_N))
            bad = [i for i in range(len(want)) if i >= len(data) or data[i] != want[i]]
            check(name, not bad and len(data) == len(want),
                  bad and "byte %d differs (%d of %d)" % (bad[0], len(bad), len(want)))

    tests = []
    for t in TARGETS:
        missing = [k for k in ("lds_bw", "copy")
                   if not os.path.exists(os.path.join(HERE, "bin", "%s-%s.co" % (k, t)))]
        if missing:
            check("%s-%s.co present" % (missing[0], t), False, "run tests/calibrate/build.sh")
        else:
            tests.append(lambda t=t: test_target(t))
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
