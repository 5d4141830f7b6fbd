"""CLBlast's SGEMM on the Radeon HD 7970 (rows K3-K13, column CLBlast): the
dataset `sgemm` of make calibrate.

The published method (CALIBRATION.md, S5): clblast_client_xgemm of
CLBlast's development branch of 2016-05-04, single precision, m = n = k,
row-major, no transposes, alpha = beta = 2; per size the minimum over a few
runs of a host timer around the whole routine call (clblast::Gemm and a
wait on its event), in ms.  The kernels here are CLBlast's own, unmodified
(tests/calibrate/third_party/clblast: tag 0.7.0, whose kernel files and
Tahiti parameters are those of that day), compiled with clang-15 -O2 for
gfx600 with the parameters of CLBlast's database for "Tahiti": Xgemm with
KWG=32 KWI=2 MDIMA=16 MDIMC=32 MWG=128 NDIMB=16 NDIMC=8 NWG=64 SA=SB=0
STRM=STRN=0 VWM=4 VWN=1 (work-groups of 32 x 8, each a 128 x 64 tile of C,
A and B read straight from global memory, no LDS) and TransposeMatrix with
TRA_DIM=4 TRA_WPT=4 TRA_PAD=0 TRA_SHUFFLE=1 (work-groups of 4 x 4, 16 x 16
floats each).

What the routine runs (src/routines/level3/xgemm.cc at the tag): Xgemm
works on column-major A^T, B and C^T, so for row-major inputs without
transposes it transposes A into a temporary (TransposeMatrix: the fast
kernel, since every size here is a multiple of 128), uses B as it is,
transposes C into a temporary (beta is not zero), runs Xgemm and
transposes the temporary back into C: three n x n transposes and one Xgemm
of (n/128) x (n/64) work-groups.  The simulated time is the sum of the
four kernels' simulated times plus four times the preset's launch_ns; the
host's part of the published time (allocating the two temporary buffers
on every call, enqueueing, the wait) is not modelled.

Shrunk, because the full grids cannot be simulated in the time make
calibrate has (m=n=k=2048, 512 work-groups x 4 waves x 100,000
wave-instructions each: 2.5 minutes; 6656: more than an hour):

- Xgemm.  With 64 VGPRs a wave, a CU holds 4 work-groups (4 waves per
  SIMD), so the HD 7970's 32 CUs run the grid in rounds of 128
  work-groups: (n/128)(n/64)/128 = 2.25 to 42.25 rounds here.  Three
  runs per size, each with the full sizes as kernel arguments and
  full-size buffers (every address and stride is the full problem's) but
  a corner of the grid and a shorter K loop: one round, a grid of
  g0 x g1 = 128 groups (g0 the largest power of two up to the n/128
  groups of a row: 8 x 16 for n=1536, 16 x 8 for 2048-3584, 32 x 4 from
  4096), at k = 256 and k = 1024 (8 and 32 iterations of KWG); and two
  rounds (g0 x 2 g1; for n=1536, whose grid is 12 x 24, the whole grid)
  at k = 512.  The round's cycles go along the line through its two K
  lengths to the full k (the loop's iterations cost the same; the
  intercept is the launch, the C tile's read-modify-write and the ramp);
  each further round adds r times the first, r = two rounds / one round
  - 1 at k = 512 (one round there read off its line; r is below 1: a
  round's drain overlaps the next round's start):
  Xgemm = first x (1 + (rounds - 1) r).  A real round is
  128 consecutive groups in launch order, the full width of a row; the
  corner has the same number of groups and strides (exactly the same
  groups for n = 2048 and 4096) but fewer distinct columns of A for
  n = 2560-3584 and 4608-6656.
- TransposeMatrix.  A band of the grid's first rows of work-groups, about
  8192 groups of its (n/16)^2 (the grid's full width, so the shuffle of
  the group index is the full grid's; full-size buffers), scaled by the
  grid's rows / the band's rows; simulated once per size and counted
  three times (A, C in, C out: the same kernel on n x n floats).

Checked against full simulations (hd-7970 preset, cycles):
  one round at the full k against its line through k = 256 and 1024
  (buffers of k rows for A and B here):
    n=1536 (8 x 16)   1,605,459 against 1,616,300   +0.7%
    n=4096 (32 x 4)   4,224,651 against 4,229,700   +0.1%
    n=4608 (32 x 4)   4,731,497 against 4,735,700   +0.1%
  the whole Xgemm grid at the full k against this method's estimate:
    n=1536            3,432,504 against 3,441,900   +0.3%
    n=2048            7,907,157 against 8,080,100   +2.2%
    n=2560           15,271,559 against 14,958,600   -2.1%  (16 x 8 corner
                                          of a 20-wide grid, 6.25 rounds)
  (at n=2048 the line through one and two rounds at k = 2048 gives the
  whole grid to 0.01%; r is 0.979 at k = 256, 0.931 at 512 and 0.912
  at 2048: the drain grows with the loop, so the estimate runs high,
  and the more so the more rounds there are: about 2% at 42 rounds if r
  falls there as at n=2048 (not checked: a whole n=6656 grid takes more
  than an hour); the two rounds at k = 1024 would add nearly half again to
  this dataset's time)
  TransposeMatrix, band against the whole grid:
    n=2048 (64 of 128 rows)    334,888 against   333,410   -0.4%
    n=6656 (20 of 416 rows)  3,836,608 against 3,809,400   -0.7%

Rows not reproduced:
- K1 and K2 (m=n=k=512 and 1024): host-dominated.  K1's 1.94 ms is for
  0.27 GFLOP (0.07 ms at the board's peak; clBLAS takes 1.01 ms), so
  about 1.7 ms of each call is outside the kernels (the two buffer
  allocations, four enqueues, the wait), which would be most of K2's
  2.39 ms too; the cycle model has none of it.  How much of it K3 and K4
  still carry is not known.
- The clBLAS column (K1-K13.clBLAS): clBLAS picks its SGEMM kernel by
  its own selection code (AutoGemm's generated kernels and tables,
  hand-written kernels for some tiles, or its older run-time kernel
  generator) from the size, layout and device; the clBLAS version of the
  measurement is not stated, so which kernel and parameters ran is not
  known.  Those rows are left out.
"""
import os

from common import HERE, PRESET_TARGET, Point, Run, preset_defaults

SGEMM_QUANTITY = "SGEMM m=n=k="
SGEMM_MIN = 1536            # K1 and K2 (512, 1024) are left out (host-dominated)
SGEMM_K = (256, 1024)       # the K-loop lengths of the round's two runs (multiples of KWG = 32)
SGEMM_K_TWO = 512           # the K-loop length of the two rounds' run
MWG, NWG, MDIMC, NDIMC = 128, 64, 32, 8     # Xgemm's Tahiti parameters
TRA_DIM, TRA_WPT = 4, 4                     # TransposeMatrix's
WG_PER_CU = 4               # Xgemm: 64 VGPRs -> 4 waves per SIMD -> 4 groups of 4 waves per CU
TRA_BAND = 8192             # transpose work-groups simulated (about)


def _size(quantity):
    """m=n=k of a row: 'SGEMM m=n=k=1536 CLBlast' -> 1536, '... =2K ...' -> 2048."""
    v = quantity[len(SGEMM_QUANTITY):].split()[0]
    return int(v[:-1]) * 1024 if v.endswith("K") else int(v)


def _pow2_upto(x, cap):
    p = 1
    while p * 2 <= min(x, cap):
        p *= 2
    return p


def _gemm_run(co, preset, n, k, g0, g1):
    args = ["i32:%d" % n, "i32:%d" % n, "i32:%d" % k, "f32:2", "f32:2",
            "zero:%d" % (4 * n * n), "zero:%d" % (4 * n * n), "zero:%d" % (4 * n * n)]
    r = Run(co, preset, "Xgemm", "%d,%d" % (g0 * MDIMC, g1 * NDIMC), "%d,%d" % (MDIMC, NDIMC),
            args, [])
    r.cost = 16 * g0 * g1 * k     # of the order of the other datasets' runs of the same time
    return r


_cus = {}


def sgemm_points(rows):
    """Points of the CLBlast SGEMM rows (m=n=k >= 1536), each with its Runs."""
    pts = []
    for row in rows:
        q = row["quantity"]
        if not (q.startswith(SGEMM_QUANTITY) and q.endswith(" CLBlast")):
            continue
        n = _size(q)
        if n < SGEMM_MIN:
            continue
        pt = Point("sgemm", row)
        co = os.path.join(HERE, "bin", "clblast_sgemm-%s.co" % PRESET_TARGET[pt.preset])
        gx, gy = n // MWG, n // NWG                 # Xgemm's grid in work-groups
        if pt.preset not in _cus:
            _cus[pt.preset] = int(preset_defaults(pt.preset)["cus"])
        cus = _cus[pt.preset]
        per_round = cus * WG_PER_CU
        g0 = _pow2_upto(gx, per_round)
        g1 = per_round // g0
        # the second band: two rounds, or the whole grid where two rounds do not fit
        if 2 * g1 <= gy:
            h0, h1 = g0, 2 * g1
        elif 2 * g0 <= gx:
            h0, h1 = 2 * g0, g1
        else:
            h0, h1 = gx, gy
        pt.gemm_runs = [_gemm_run(co, pt.preset, n, SGEMM_K[0], g0, g1),
                        _gemm_run(co, pt.preset, n, SGEMM_K[1], g0, g1),
                        _gemm_run(co, pt.preset, n, SGEMM_K_TWO, h0, h1)]
        pt.groups, pt.round, pt.band2 = gx * gy, per_round, h0 * h1
        tg = n // (TRA_DIM * TRA_WPT)               # transpose grid: tg x tg groups
        band = max(1, min(tg, round(TRA_BAND / tg)))
        pt.tra_run = Run(co, pt.preset, "TransposeMatrix", "%d,%d" % (tg * TRA_DIM, band * TRA_DIM),
                         "%d,%d" % (TRA_DIM, TRA_DIM),
                         ["i32:%d" % n, "zero:%d" % (4 * n * n), "zero:%d" % (4 * n * n)], [])
        pt.tra_run.cost = tg * band * 16
        pt.tra_scale = tg / float(band)
        pt.runs = pt.gemm_runs + [pt.tra_run]
        pt.run = pt.gemm_runs[1]
        pt.k = n
        pt.n, pt.local = pt.run.n, pt.run.local
        pt.n_published = "%d,%d" % (gx * MDIMC, gy * NDIMC)
        pt.notes.append("Xgemm %dx%d k %d,%d; %dx%d k %d; of %dx%d WGs, k %d; "
                        "transposes %d/%d rows" % (g0, g1, SGEMM_K[0], SGEMM_K[1], h0, h1,
                                                   SGEMM_K_TWO, gx, gy, n, band, tg))
        pts.append(pt)
    return pts


def _gemm_cycles(pt):
    """Xgemm's cycles on the whole grid at the full k: the round's line in k
    (runs 0 and 1) at the full k, times 1 + (rounds - 1) r, r the extra
    cycles of each further round relative to the first at SGEMM_K_TWO
    (run 2 against the line there)."""
    (k1, k2) = SGEMM_K
    c1, c2, cb = (r.report["cycles"] for r in pt.gemm_runs)
    slope = (c2 - c1) / float(k2 - k1)
    first = c2 + (pt.k - k2) * slope
    at_two = c2 + (SGEMM_K_TWO - k2) * slope
    r = (cb / at_two - 1) / (pt.band2 / float(pt.round) - 1)
    return first * (1 + (pt.groups / float(pt.round) - 1) * r)


def sgemm_value(pt):
    """The routine's time in ms: 3 transposes + Xgemm + 4 launches."""
    failed = [r for r in pt.runs if r.error is not None]
    if failed:
        pt.run = failed[0]
        return None
    rep = pt.run.report
    occ = rep.get("occupancy", {}).get("theoretical_waves_per_simd")
    if occ is not None and occ != WG_PER_CU:
        pt.run.error = "Xgemm at %s waves per SIMD, the rounds assume %d" % (occ, WG_PER_CU)
        return None
    dp = rep["device_params"]
    clock = dp["clock_mhz"] * 1e6
    gemm = _gemm_cycles(pt)
    tra = 3 * pt.tra_scale * pt.tra_run.report["cycles"]
    pt.notes.append("Xgemm %.1f + transposes %.2f ms" % (gemm / clock * 1e3, tra / clock * 1e3))
    seconds = (gemm + tra) / clock + 4 * dp.get("launch_ns", 0) * 1e-9
    return seconds * 1e3


def sgemm_intro():
    return ("\nCLBlast SGEMM on the HD 7970 (S5; ms per call, m=n=k, row-major, alpha=beta=2): "
            "CLBlast 0.7.0's own kernels with its Tahiti parameters "
            "(tests/calibrate/third_party/clblast, clang-15 -O2 for gfx600), as its routine "
            "runs them: TransposeMatrix of A and of C, Xgemm (128 x 64 tiles, work-groups of "
            "32 x 8), TransposeMatrix of C back; time = the four kernels' simulated times + "
            "4 x launch_ns (the host's part of the call is not modelled).  Shrunk "
            "(ds_sgemm.py): Xgemm simulated for one round of 128 work-groups (4 per CU) at "
            "k = %d and %d and for two rounds at k = %d, with the full problem's sizes and "
            "buffers; the round's line in k taken to the full k, each further round adding "
            "the second round's share of the first; each transpose from a band of its grid's "
            "rows, scaled, counted three times.  hd-7970 preset at its clock (925 MHz; the "
            "thread states none).  K1, K2 (host-dominated) and the clBLAS column (kernel "
            "chosen inside clBLAS, its version not stated) not reproduced.\n"
            % (SGEMM_K[0], SGEMM_K[1], SGEMM_K_TWO))
