#!/usr/bin/env python3
"""The D3Q19 lattice-Boltzmann kernel of make calibrate (dataset fluidx3d:
tests/calibrate/kernels/lbm.cl, committed as tests/calibrate/bin/lbm-GFX.co)
computes what it should: one time step of stream_collide (pull streaming
from buffer A into buffer B, periodic boundaries, SRT collision) on every
target built (gfx600, gfx701, gfx803, gfx900, gfx906), run through
`gcnsim run --functional` on a 15 x 12 x 7 box (odd sizes, so that a mix-up
of the axes or of the periodic wrap shows; 1260 cells, global size rounded
up to 1280: the 20 work-items past the box must write nothing) with random
populations within +-50% of the weights, a few solid cells (flag bit 0:
nothing written, their sentinel values in B must stay) and fluid cells
with other flag bits set.  Every population written is compared with a
reference computed here, and every one not written must keep its bits.

The tolerance, per value: the reference follows the kernel's order of
operations in double precision (exact up to about 1e-16) and carries a
running first-order bound of the float32 rounding errors (unit roundoff
u = 2^-24): each add, subtract or multiply adds u * |result|, the errors of
its operands propagated (|a| e_b + |b| e_a + e_a e_b for a product), the
reciprocal 1/rho 2u (one ulp: v_rcp_f32, or the correctly rounded
division).  Contraction into an FMA or v_mad_f32 only leaves out roundings,
so the bound covers every target's code whichever way the compiler fused
it.  The constants are the float32 values the kernel uses (1/3, 1/18, 1/36
rounded).  The bound comes to a few 1e-7 here (a few ulps of 1.0, at which
scale density and velocity are computed); the largest error seen and the
bound are printed with each check.

This checks the kernel, not the timing: the accuracy of the model against
the published MLUPs/s is make calibrate's report, never a test.  GCNSIM
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
NX, NY, NZ = 15, 12, 7
N = NX * NY * NZ                    # 1260 cells
GLOBAL = (N + 63) // 64 * 64        # 1280: work-groups of 64, as make calibrate runs it
LOCAL = 64
OMEGA = 1.7                         # exact in neither format: the float32 value is used
TMP = gtest.tempdir("gcnsim-lbm-")
U = 2.0 ** -24                      # float32 unit roundoff

# velocity set in the kernel's order: rest, the axes, the face diagonals in opposite pairs
C = [(0, 0, 0), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1),
     (1, 1, 0), (-1, -1, 0), (1, 0, 1), (-1, 0, -1), (0, 1, 1), (0, -1, -1),
     (1, -1, 0), (-1, 1, 0), (1, 0, -1), (-1, 0, 1), (0, 1, -1), (0, -1, 1)]
W = [1 / 3] + [1 / 18] * 6 + [1 / 36] * 12


def f32(x):
    """x rounded to float32 (round to nearest even)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


class E:
    """A value computed in double and the bound of its float32 rounding error."""
    __slots__ = ("v", "e")

    def __init__(self, v, e=0.0):
        self.v, self.e = v, e

    def _round(self, v, e):
        return E(v, e + U * (abs(v) + e))

    def __add__(self, o):
        o = o if isinstance(o, E) else E(o)
        return self._round(self.v + o.v, self.e + o.e)

    def __sub__(self, o):
        o = o if isinstance(o, E) else E(o)
        return self._round(self.v - o.v, self.e + o.e)

    def __mul__(self, o):
        o = o if isinstance(o, E) else E(o)
        return self._round(self.v * o.v, abs(self.v) * o.e + abs(o.v) * self.e + self.e * o.e)

    def recip(self):
        """1/x to one ulp (2u relative), the operand's error propagated."""
        v = 1.0 / self.v
        e = self.e / (abs(self.v) * (abs(self.v) - self.e))
        return E(v, e + 2 * U * (abs(v) + e))


K3, K18, K36 = f32(1 / 3), f32(1 / 18), f32(1 / 36)


def collide(f, omega):
    """The kernel's stream_collide arithmetic on the 19 pulled populations (floats): E values."""
    f = [E(x) for x in f]
    rho = ((((f[0] + f[1]) + (f[2] + f[3])) + ((f[4] + f[5]) + (f[6] + f[7]))) +
           (((f[8] + f[9]) + (f[10] + f[11])) + ((f[12] + f[13]) + (f[14] + f[15])))) + \
        ((f[16] + f[17]) + f[18])
    jx = (((f[1] - f[2]) + (f[7] - f[8])) + ((f[9] - f[10]) + (f[13] - f[14]))) + (f[15] - f[16])
    jy = (((f[3] - f[4]) + (f[7] - f[8])) + ((f[11] - f[12]) + (f[14] - f[13]))) + (f[17] - f[18])
    jz = (((f[5] - f[6]) + (f[9] - f[10])) + ((f[11] - f[12]) + (f[16] - f[15]))) + (f[18] - f[17])
    rrho = rho.recip()
    ux, uy, uz = jx * rrho, jy * rrho, jz * rrho
    c1 = E(1.0) - E(1.5) * (((ux * ux) + (uy * uy)) + (uz * uz))
    rw0, rwa, rwd = rho * K3, rho * K18, rho * K36
    feq = [None] * 19
    feq[0] = rw0 * c1
    for a, b, rw, cu in ((1, 2, rwa, ux), (3, 4, rwa, uy), (5, 6, rwa, uz),
                         (7, 8, rwd, ux + uy), (9, 10, rwd, ux + uz), (11, 12, rwd, uy + uz),
                         (13, 14, rwd, ux - uy), (15, 16, rwd, ux - uz), (17, 18, rwd, uy - uz)):
        s = c1 + (E(4.5) * cu) * cu
        feq[a] = rw * (s + E(3.0) * cu)
        feq[b] = rw * (s - E(3.0) * cu)
    om = E(omega)
    return [f[q] + om * (feq[q] - f[q]) for q in range(19)]


def reference(fa, flags, omega):
    """Buffer B after one step: {index: E} for every population written (fluid cells)."""
    out = {}
    for z in range(NZ):
        for y in range(NY):
            for x in range(NX):
                n = x + (y + z * NY) * NX
                if flags[n] & 1:
                    continue
                pulled = []
                for q, (cx, cy, cz) in enumerate(C):
                    j = (x - cx) % NX + ((y - cy) % NY + ((z - cz) % NZ) * NY) * NX
                    pulled.append(fa[j + q * N])
                for q, v in enumerate(collide(pulled, omega)):
                    out[n + q * N] = v
    return out


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def test_target(target):
    rnd = random.Random(int(target[3:]))          # a fixed seed per target
    fa = [f32(W[q] * rnd.uniform(0.5, 1.5)) for q in range(19) for _ in range(N)]
    flags = [0] * N
    for n in rnd.sample(range(N), 40):
        flags[n] = rnd.choice([0x01, 0x03, 0x81, 0x02, 0x40, 0xfe])  # odd: solid
    sentinel = [rnd.getrandbits(32) for _ in range(19 * N)]     # any bits, NaNs too
    omega = f32(OMEGA)
    pa = write("fa.bin", struct.pack("<%df" % len(fa), *fa))
    pb = write("fb.bin", struct.pack("<%dI" % len(sentinel), *sentinel))
    pf = write("flags.bin", bytes(flags))
    out = os.path.join(TMP, "out-%s.bin" % target)
    co = os.path.join(HERE, "bin", "lbm-%s.co" % target)
    name = "stream_collide on %s (%dx%dx%d, local %d)" % (target, NX, NY, NZ, LOCAL)
    p = gcnsim(["run", co, "--kernel", "stream_collide", "--global", str(GLOBAL),
                "--local", str(LOCAL), "--functional", "--arg", "buf:" + pa, "--arg", "buf:" + pb,
                "--arg", "buf:" + pf, "--arg", "u32:%d" % NX, "--arg", "u32:%d" % NY,
                "--arg", "u32:%d" % NZ, "--arg", "f32:%r" % omega, "--dump", "1=" + out],
               timeout=120)
    if p.returncode != 0:
        check(name, False, "exit status %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]))
        return
    data = open(out, "rb").read()
    if len(data) != 4 * 19 * N:
        check(name, False, "buffer B is %d bytes, expected %d" % (len(data), 4 * 19 * N))
        return
    got = struct.unpack("<%df" % (19 * N), data)
    raw = struct.unpack("<%dI" % (19 * N), data)
    want = reference(fa, flags, omega)
    worst, worst_ratio, bound_max, bad = 0.0, 0.0, 0.0, None
    for i in range(19 * N):
        if i not in want:
            if raw[i] != sentinel[i] and bad is None:
                bad = "B[%d] (solid cell %d, q %d) written: 0x%08x, was 0x%08x" % (
                    i, i % N, i // N, raw[i], sentinel[i])
            continue
        w = want[i]
        err = abs(got[i] - w.v)
        bound_max = max(bound_max, w.e)
        worst = max(worst, err)
        worst_ratio = max(worst_ratio, err / w.e)
        if not err <= w.e + 1e-15 and bad is None:
            bad = "B[%d] (cell %d, q %d): %r, expected %r +- %.3g (error %.3g)" % (
                i, i % N, i // N, got[i], w.v, w.e, err)
    detail = bad or ""
    ok = check(name, bad is None, detail)
    if ok:
        print("      largest error %.3g (%.0f%% of its bound; largest bound %.3g = %.1f ulp of 1.0)"
              % (worst, 100 * worst_ratio, bound_max, bound_max / 2 ** -23), flush=True)


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("lbm kernel", "%s not built" % gtest.GCNSIM)
        gtest.done()
    tests = []
    for t in TARGETS:
        if os.path.exists(os.path.join(HERE, "bin", "lbm-%s.co" % t)):
            tests.append(lambda t=t: test_target(t))
        else:
            check("lbm-%s.co present" % t, False, "run tests/calibrate/build.sh")
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
