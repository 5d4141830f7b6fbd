#!/usr/bin/env python3
"""CLBlast's SGEMM program of make calibrate (dataset sgemm: CLBlast 0.7.0's
Xgemm and TransposeMatrix kernels with the parameters of its database for
Tahiti, tests/calibrate/third_party/clblast/, committed as
tests/calibrate/bin/clblast_sgemm-GFX.co) computes what it should, run
through `gcnsim run --functional` on every target built.

Xgemm works on CLBlast's internal layout (column-major, A and C already
transposed by the routine): A is K x M (a[k*M + m]), B is K x N
(b[k*N + n]), C is N x M (c[n*M + m]), and it computes
C = alpha * A^T B + beta * C with work-groups of 32 x 8 work-items, each
group a 128 x 64 tile of C (m, n multiples of 128 and 64, k a multiple of
32, as the routine pads them).  Two checks per target:

- non-square M=256, N=128, K=96 (3 x 2 groups, 3 iterations of the K
  loop) with small integers in [-8, 8], alpha = 2, beta = 2: every
  product and partial sum is an integer below 2^24, exact in float32
  whatever the order or fusion of the operations, so every output must be
  bit-exact (a wrong index or a lost tile cannot hide in a tolerance);
- M=128, N=192, K=64 with values uniform in [-1, 1], alpha = 1.3 and
  beta = -0.7 (their float32 values): each output against the double-
  precision sum within the float32 bound gamma_(K+3) (|alpha| sum|a b| +
  |beta| |c|), gamma_n = n u / (1 - n u), u = 2^-24: the K products
  accumulate with at most K roundings per term (mad() may or may not be
  fused), then alpha * acc + beta * c adds at most three.  The double
  sum's own error (about K 2^-53 sum|a b|) is far below that.

TransposeMatrix (work-groups of 4 x 4, four float4 per work-item, the
group index shuffled): an 80 x 80 matrix (5 x 5 groups, not a power of
two) of random bit patterns must come out transposed bit for bit.

This checks the kernels, not the timing: the accuracy of the model against
the published times is make calibrate's report, never a test.  GCNSIM
names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx600", "gfx701", "gfx803", "gfx900", "gfx906"]
MWG, NWG, MDIMC, NDIMC = 128, 64, 32, 8     # the Tahiti parameters (sgemm_tahiti.cl)
TRA_DIM, TRA_WPT = 4, 4
TMP = gtest.tempdir("gcnsim-sgemm-")
U = 2.0 ** -24                              # float32 unit roundoff


def f32(x):
    """x rounded to float32 (round to nearest even)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def write(name, fmt, vals):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
    return path


def run(target, name, kernel, glob, local, args, dump):
    """gcnsim run --functional; the dumped buffer's bytes, or None after a FAIL line."""
    out = os.path.join(TMP, "out-%s-%s.bin" % (target, kernel))
    co = os.path.join(HERE, "bin", "clblast_sgemm-%s.co" % target)
    argv = ["run", co, "--kernel", kernel, "--global", glob, "--local", local, "--functional",
            "--dump", "%d=%s" % (dump, out)]
    for a in args:
        argv += ["--arg", a]
    p = gcnsim(argv, timeout=120)
    if p.returncode != 0:
        why = (p.stderr or p.stdout).strip()[:300]
        check(name, False, "exit status %d: %s" % (p.returncode, why))
        return None
    with open(out, "rb") as f:
        return f.read()


def gemm(target, tag, m, n, k, a, b, c, alpha, beta):
    """Run Xgemm on (a, b, c); the output floats or None."""
    name = "Xgemm on %s, %s, m=%d n=%d k=%d" % (target, tag, m, n, k)
    pa = write("a.bin", "f", a)
    pb = write("b.bin", "f", b)
    pc = write("c.bin", "f", c)
    data = run(target, name, "Xgemm", "%d,%d" % (m * MDIMC // MWG, n * NDIMC // NWG),
               "%d,%d" % (MDIMC, NDIMC),
               ["i32:%d" % m, "i32:%d" % n, "i32:%d" % k, "f32:%r" % alpha, "f32:%r" % beta,
                "buf:" + pa, "buf:" + pb, "buf:" + pc], 7)
    if data is None:
        return name, None
    if len(data) != 4 * m * n:
        check(name, False, "C is %d bytes, expected %d" % (len(data), 4 * m * n))
        return name, None
    return name, struct.unpack("<%df" % (m * n), data)


def test_exact(target, rnd):
    m, n, k = 256, 128, 96
    a = [float(rnd.randint(-8, 8)) for _ in range(k * m)]
    b = [float(rnd.randint(-8, 8)) for _ in range(k * n)]
    c = [float(rnd.randint(-8, 8)) for _ in range(n * m)]
    name, got = gemm(target, "integers, bit-exact", m, n, k, a, b, c, 2.0, 2.0)
    if got is None:
        return
    bad = None
    for j in range(n):
        for i in range(m):
            want = 2.0 * sum(a[p * m + i] * b[p * n + j] for p in range(k)) + 2.0 * c[j * m + i]
            if got[j * m + i] != want:
                bad = "C[n=%d][m=%d] = %r, expected %r" % (j, i, got[j * m + i], want)
                break
        if bad:
            break
    check(name, bad is None, bad or "")


def test_rounding(target, rnd):
    m, n, k = 128, 192, 64
    alpha, beta = f32(1.3), f32(-0.7)
    a = [f32(rnd.uniform(-1, 1)) for _ in range(k * m)]
    b = [f32(rnd.uniform(-1, 1)) for _ in range(k * n)]
    c = [f32(rnd.uniform(-1, 1)) for _ in range(n * m)]
    name, got = gemm(target, "random, float32 bound", m, n, k, a, b, c, alpha, beta)
    if got is None:
        return
    gamma = (k + 3) * U / (1 - (k + 3) * U)
    bad, worst = None, 0.0
    for j in range(n):
        for i in range(m):
            prods = [a[p * m + i] * b[p * n + j] for p in range(k)]
            cv = c[j * m + i]
            want = alpha * sum(prods) + beta * cv
            mag = abs(alpha) * sum(abs(x) for x in prods) + abs(beta) * abs(cv)
            bound = gamma * mag + 1e-12 * mag
            err = abs(got[j * m + i] - want)
            worst = max(worst, err / bound)
            if not err <= bound and bad is None:
                bad = "C[n=%d][m=%d] = %r, expected %r +- %.3g (error %.3g)" % (
                    j, i, got[j * m + i], want, bound, err)
    if check(name, bad is None, bad or ""):
        print("      largest error %.0f%% of its bound" % (100 * worst), flush=True)


def test_transpose(target, rnd):
    ld = 80
    src = [rnd.getrandbits(32) for _ in range(ld * ld)]
    name = "TransposeMatrix on %s, %d x %d, bit-exact" % (target, ld, ld)
    ps = write("src.bin", "I", src)
    pd = write("dst.bin", "I", [0] * (ld * ld))
    g = ld // TRA_WPT
    data = run(target, name, "TransposeMatrix", "%d,%d" % (g, g), "%d,%d" % (TRA_DIM, TRA_DIM),
               ["i32:%d" % ld, "buf:" + ps, "buf:" + pd], 2)
    if data is None:
        return
    got = struct.unpack("<%dI" % (ld * ld), data)
    bad = None
    for r in range(ld):
        for col in range(ld):
            if got[r * ld + col] != src[col * ld + r]:
                bad = "dest[%d][%d] = 0x%08x, expected src[%d][%d] = 0x%08x" % (
                    r, col, got[r * ld + col], col, r, src[col * ld + r])
                break
        if bad:
            break
    check(name, bad is None, bad or "")


def test_target(target):
    rnd = random.Random(int(target[3:]))          # a fixed seed per target
    test_exact(target, rnd)
    test_rounding(target, rnd)
    test_transpose(target, rnd)


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("clblast sgemm kernels", "%s not built" % gtest.GCNSIM)
        gtest.done()
    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "clblast_sgemm-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("clblast_sgemm-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
