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
calibrate has (m=n=k=4096: 512 work-groups x 4 waves x 200,000
wave-instructions each, about 3 minutes of simulation per size):

- Xgemm.  With 64 VGPRs a wave, a CU holds 4 work-groups (4 waves per
  SIMD), so the HD 7970's 32 CUs run the grid in rounds of 128
  work-groups: (n/128)(n/64)/128 rounds, 2.25 to 42.25 here.  One round
  is simulated: a grid of g0 x g1 = 128 work-groups at the corner of the
  full grid, g0 the largest power of two up to the n/128 groups of a row
  (8 x 16 for n=1536, 16 x 8 for 2048-3584, 32 x 4 from 4096), with the
  full sizes as kernel arguments and full-size buffers, so every address
  and stride is the full problem's.  (A real round is 128 consecutive
  groups in launch order, the full width of a row; the rectangle has the
  same number of groups and strides but fewer distinct A columns.)  The
  K loop is shrunk too: the round runs at k = 256 and k = 1024 (8 and 32
  iterations of KWG) and its cycles are extrapolated along that line to
  the full k (the loop's iterations cost the same; the line's intercept
  is the launch, the C tile's read-modify-write and the ramp).  Rounds
  with a quarter round left over (n/128 x n/64 not a multiple of 128:
  n = 1536, 2560, 3584, 4608, 5632, 6656) add a tail of 32 work-groups
  (one per CU), simulated in the same way (8 x 4, 16 x 2 or 32 x 1
  groups).  Xgemm time = whole rounds x round + tail.
- TransposeMatrix.  A band of the grid's first rows of work-groups, about
  8192 groups of its (n/16)^2 (the grid's full width, so the shuffle of
  the group index is the full grid's; full-size buffers), scaled by the
  grid's rows / the band's rows; simulated once per size and counted
  three times (A, C in, C out: the same kernel on n x n floats).

Checked against full runs (hd-7970 preset, one round at full k against
the line through 256 and 1024; bands against the full transposes):
see SGEMM_CHECK below.

Rows not reproduced:
- K1 and K2 (m=n=k=512 and 1024): the published CLBlast times (1.94 and
  2.39 ms) are host-dominated (the GEMM's arithmetic is 0.27 and 2.1
  GFLOP, 0.07 and 0.57 ms at the board's peak; clBLAS does the 512 in
  1.01 ms): the two buffer allocations, four enqueues and the wait of
  each call, which the cycle model does not have.
- The clBLAS column (K1-K13.clBLAS): clBLAS generates its OpenCL GEMM
  kernels at run time from its own generator and picks one by its
  internal rules (tile sizes, vector widths, the kernel variant for sizes
  that are multiples of the tile) and the device it sees; which kernel
  and which parameters ran on the measured board is not published.
  Rebuilding that choice would mean running clBLAS's generator host code
  outside an OpenCL runtime and guessing its device queries, so those
  rows are left out.
"""
import os

from common import HERE, PRESET_TARGET, Point, Run, preset_defaults

SGEMM_QUANTITY = "SGEMM m=n=k="
SGEMM_MIN = 1536            # K1 and K2 (512, 1024) are left out (host-dominated)
SGEMM_K = (256, 1024)       # the two K-loop lengths simulated (multiples of KWG = 32)
MWG, NWG, MDIMC, NDIMC = 128, 64, 32, 8     # Xgemm's Tahiti parameters
TRA_DIM, TRA_WPT = 4, 4                     # TransposeMatrix's
WG_PER_CU = 4               # Xgemm: 64 VGPRs -> 4 waves per SIMD -> 4 groups of 4 waves per CU
TRA_BAND = 8192             # transpose work-groups simulated (about)
SGEMM_CHECK = """
"""


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
    r.cost = 16 * g0 * g1 * k     # about the work-items of a run of the same time in the other datasets
    return r


_cus = {}


def sgemm_points(rows):
    """Points of the CLBlast SGEMM rows (m=n=k >= 1536), each with its Runs."""
    pts = []
    for row in rows:
        if not (row["quantity"].startswith(SGEMM_QUANTITY) and row["quantity"].endswith(" CLBlast")):
            continue
        n = _size(row["quantity"])
        if n < SGEMM_MIN:
            continue
        pt = Point("sgemm", row)
        co = os.path.join(HERE, "bin", "clblast_sgemm-%s.co" % PRESET_TARGET[pt.preset])
        gx, gy = n // MWG, n // NWG                 # Xgemm's grid in work-groups
        if pt.preset not in _cus:
            _cus[pt.preset] = int(preset_defaults(pt.preset)["cus"])
        cus = _cus[pt.preset]
        per_round = cus * WG_PER_CU
        rounds, tail = divmod(gx * gy, per_round)
        g0 = _pow2_upto(gx, per_round)
        pt.round_runs = [_gemm_run(co, pt.preset, n, k, g0, per_round // g0) for k in SGEMM_K]
        pt.tail_runs = []
        if tail:
            t0 = _pow2_upto(gx, tail)
            pt.tail_runs = [_gemm_run(co, pt.preset, n, k, t0, tail // t0) for k in SGEMM_K]
        tg = n // (TRA_DIM * TRA_WPT)               # transpose grid: tg x tg groups
        band = max(1, min(tg, round(TRA_BAND / tg)))
        pt.tra_run = Run(co, pt.preset, "TransposeMatrix", "%d,%d" % (tg * TRA_DIM, band * TRA_DIM),
                         "%d,%d" % (TRA_DIM, TRA_DIM),
                         ["i32:%d" % n, "zero:%d" % (4 * n * n), "zero:%d" % (4 * n * n)], [])
        pt.tra_run.cost = tg * band * 16
        pt.tra_scale = tg / float(band)
        pt.runs = pt.round_runs + pt.tail_runs + [pt.tra_run]
        pt.run = pt.round_runs[-1]
        pt.n_size, pt.k, pt.rounds, pt.tail = n, n, rounds, tail
        pt.n, pt.local = pt.run.n, pt.run.local
        pt.n_published = "%d,%d" % (gx * MDIMC, gy * NDIMC)
        pt.notes.append("Xgemm %dx%d of %dx%d WGs, k %d,%d -> %d, x%d%s; 3 transposes %d/%d rows" % (
            g0, per_round // g0, gx, gy, SGEMM_K[0], SGEMM_K[1], n, rounds,
            " + tail %d" % tail if tail else "", band, tg))
        pts.append(pt)
    return pts


def _line(runs, k):
    """Cycles at K-loop length k on the line through the two runs at SGEMM_K."""
    (k1, k2), (r1, r2) = SGEMM_K, runs
    c1, c2 = r1.report["cycles"], r2.report["cycles"]
    return c2 + (k - k2) * (c2 - c1) / float(k2 - k1)


def sgemm_value(pt):
    """The routine's time in ms: 3 transposes + Xgemm (rounds x round + tail) + 4 launches."""
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
    cycles = pt.rounds * _line(pt.round_runs, pt.k)
    if pt.tail_runs:
        cycles += _line(pt.tail_runs, pt.k)
    cycles += 3 * pt.tra_scale * pt.tra_run.report["cycles"]
    seconds = cycles / clock + 4 * dp.get("launch_ns", 0) * 1e-9
    return seconds * 1e3


def sgemm_intro():
    return ("\nCLBlast SGEMM on the HD 7970 (S5; ms per call, m=n=k, row-major, alpha=beta=2): "
            "CLBlast 0.7.0's own kernels with its Tahiti parameters "
            "(tests/calibrate/third_party/clblast, clang-15 -O2 for gfx600), as its routine "
            "runs them: TransposeMatrix of A and of C, Xgemm (128 x 64 tiles, work-groups of "
            "32 x 8), TransposeMatrix of C back; time = the four kernels' simulated times + "
            "4 x launch_ns.  Shrunk (ds_sgemm.py): Xgemm simulated for one round of 128 "
            "work-groups (4 per CU) at k = %d and %d, extrapolated along that line to the full "
            "k and multiplied by the grid's whole rounds, plus a simulated tail of 32 groups "
            "where a quarter round is left; each transpose from a band of its grid's rows, "
            "scaled.  hd-7970 preset at its clock (925 MHz; the thread states none).  K1, K2 "
            "(host-dominated) and the clBLAS column (kernels generated and chosen inside "
            "clBLAS) not reproduced.\n" % SGEMM_K)
