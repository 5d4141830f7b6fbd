#!/usr/bin/env python3
"""make calibrate: the cycle model against published measurements of real GCN boards.

Reads the calibration set (calibration_points.csv, by default
../shared/calibration/ beside the repository, as CI has it; --points PATH or
$CALIBRATION_POINTS otherwise), selects the rows of the datasets this script
can reproduce with our own kernels (for sgemm: CLBlast's own, vendored), runs
each on the row's preset with the measured board's clock and CU count
(`gcnsim run --device PRESET --set clock_mhz=... --set cus=...` where they
differ from the preset; for the compute rows also the SKU's FP64 rate, --set
dp_factor=...) under the cycle model, and prints per dataset: id, GPU,
published value, simulated value, error; then the mean and maximum absolute
error per preset, per dataset and overall.  The same rows go to
build/calibrate/calibrate.csv.

Datasets (each in its module here: ds_NAME.py; what they share in common.py):
  babelstream     BabelStream's Copy/Mul/Add/Triad in double precision (rows
                  B1-B9), our kernels in tests/calibrate/kernels/stream.cl.
  clpeak_bw       clpeak's global memory bandwidth, float to float16 (rows
                  B10-B23), our kernels in tests/calibrate/kernels/global_bw.cl.
  clpeak_compute  clpeak's SP, DP and INT32 compute throughput, widths 1 to
                  16 (rows C1-C14), dependent mad chains in
                  tests/calibrate/kernels/compute.cl, each run at 2 and 4
                  work-groups per CU and extrapolated to the published grid
                  (ds_clpeak_compute.py says why).
  pointer_chase   CSCS's pointer chase on ault:amdvega, cycles per dependent
                  load for lists of 16, 5000 and 2,000,000 nodes 256 B apart
                  (rows L1-L3), tests/calibrate/kernels/chase.cl, from the
                  difference of two runs with different jump counts.  L4
                  (s_memtime's own latency) and L5 (another GPU's memory) are
                  left out: gcnsim's s_memtime counts instructions, not
                  cycles, and it simulates one GPU.
  lds_bw          CSCS's LDS bandwidth on ault:amdvega, double (row B26),
                  tests/calibrate/kernels/lds_bw.cl (ds_cscs.py: the method's
                  byte count and what was assumed).
  d2d_copy        CSCS's device-to-device copy on ault:amdvega (row B24),
                  hipMemcpy's method as the ROCm runtime's copy kernel does it
                  (tests/calibrate/kernels/copy.cl, blit_copy).
  launch          CSCS's kernel_latency on ault:amdvega, back-to-back launches
                  of an empty kernel (row O14): the simulated kernel time plus
                  the launch overhead (launch_ns, fitted to this row).  O13
                  (a host synchronisation after each launch) and O1-O12 (the
                  OpenCL runtimes' queued-to-start latency) measure host
                  software: not reproduced.
  fluidx3d        FluidX3D's D3Q19 lattice-Boltzmann stream_collide, FP32
                  arithmetic and storage (rows K26-K37, MLUPs/s), our kernel
                  in tests/calibrate/kernels/lbm.cl (pull streaming, two
                  buffers, 153 B per cell), one time step on a 128^3 box.
                  The FP32/FP16S and FP32/FP16C columns (16-bit storage in
                  FluidX3D's own number formats and conversion code, under
                  its non-commercial licence) are not reproduced.
  sgemm           CLBlast's SGEMM on the HD 7970, m=n=k=1536 to 6656 (rows
                  K3-K13, column CLBlast, ms per call): CLBlast 0.7.0's own
                  Xgemm and TransposeMatrix kernels with its Tahiti
                  parameters (tests/calibrate/third_party/clblast), the
                  routine's three transposes and Xgemm; one round of
                  work-groups at two K-loop lengths and two rounds at one,
                  extrapolated to the full k and grid (ds_sgemm.py says
                  how and how close that comes).  K1, K2
                  (host-dominated) and the clBLAS column (kernels generated
                  and chosen inside clBLAS) are not reproduced.

Accuracy is reported, not checked: the exit status is 0 when every run
completed, 1 when a run failed, 2 on bad usage.

Options:
  --points PATH   the calibration CSV
  --only IDS      only rows whose id starts with one of these (comma-separated: B1,B5.Triad)
  --full          BabelStream at the published array sizes instead of the shrunk ones
                  (slower; the clpeak rows keep theirs: its logs print no size)
  --size N        array elements for every BabelStream run (overrides the shrink)
  --bw-size N     input floats for every clpeak bandwidth run (overrides the shrink;
                  a multiple of 65536)
  --lbm-size N    the edge of the FluidX3D box (default 128; published 256; a multiple of 4)
  --compute-wg A,B  work-groups per CU of the two clpeak compute runs (default 2,4)
  --scan          the size scan: every BabelStream row at 2^20 ... 2^24 elements and at the
                  published size; the bandwidth at each size and its difference
                  from the published size's
  --icd-all       clpeak_icd on every preset's board (default: bandwidth on mi50, compute
                  on hd-7970; each board's compute or bandwidth run takes minutes)
  --jobs N        gcnsim runs at once (default: 2, or 1 on a single core)
  --out DIR       where the CSV goes (default build/calibrate)
"""
import argparse
import csv
import os
import sys
import time

from common import ROOT, GCNSIM, execute, pow2, print_dataset, summarise, write_csv
from ds_babelstream import STREAM_SHRUNK, scan, stream_points, stream_value
from ds_clpeak_bw import CLPEAK_SHRUNK, clpeak_points, clpeak_value
from ds_clpeak_compute import COMPUTE_WG, compute_points, compute_value
from ds_cscs import (CHASE_JUMPS, COPY_BYTES, LDS_ITERS, chase_value, copy_value,
                     cscs_points, launch_value, lds_value)
from ds_clpeak_icd import icd_intro, icd_points, icd_value
from ds_fluidx3d import lbm_intro, lbm_points, lbm_value
from ds_sgemm import sgemm_intro, sgemm_points, sgemm_value

DEFAULT_POINTS = os.path.join(ROOT, "..", "shared", "calibration", "calibration_points.csv")

VALUE = {"babelstream": lambda p: stream_value(p) if p.run.error is None else None,
         "clpeak_bw": clpeak_value, "clpeak_compute": compute_value,
         "pointer_chase": chase_value, "lds_bw": lds_value, "d2d_copy": copy_value,
         "launch": launch_value, "fluidx3d": lbm_value, "sgemm": sgemm_value, "clpeak_icd": icd_value}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--points", default=os.environ.get("CALIBRATION_POINTS") or DEFAULT_POINTS)
    ap.add_argument("--only", default="")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--size", type=int, default=0)
    ap.add_argument("--bw-size", type=int, default=0)
    ap.add_argument("--lbm-size", type=int, default=0)
    ap.add_argument("--compute-wg", default="")
    ap.add_argument("--scan", action="store_true")
    ap.add_argument("--icd-all", action="store_true")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "calibrate"))
    a = ap.parse_args()
    if not os.path.exists(a.points):
        print("calibrate: %s not found (the calibration set; --points PATH)" % a.points,
              file=sys.stderr)
        return 2
    if a.size and (a.size < 0 or a.size % 1024):
        print("calibrate: --size %d: a positive multiple of 1024 (the largest work-group)" % a.size,
              file=sys.stderr)
        return 2
    if a.bw_size and (a.bw_size < 0 or a.bw_size % 65536):
        print("calibrate: --bw-size %d: a positive multiple of 65536 (16 reads x 16 floats x 256)"
              % a.bw_size, file=sys.stderr)
        return 2
    if a.lbm_size and (a.lbm_size < 0 or a.lbm_size % 4):
        print("calibrate: --lbm-size %d: a positive multiple of 4 (cells a multiple of 64)"
              % a.lbm_size, file=sys.stderr)
        return 2
    wg = COMPUTE_WG
    if a.compute_wg:
        try:
            wg = tuple(int(x) for x in a.compute_wg.split(","))
        except ValueError:
            wg = ()
        if len(wg) != 2 or not 0 < wg[0] < wg[1]:
            print("calibrate: --compute-wg %s: two increasing positive counts A,B" % a.compute_wg,
                  file=sys.stderr)
            return 2
    if not os.access(GCNSIM, os.X_OK):
        print("calibrate: %s not built (make)" % GCNSIM, file=sys.stderr)
        return 2
    with open(a.points, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if a.only:
        pre = tuple(x.strip() for x in a.only.split(",") if x.strip())
        rows = [r for r in rows if r["id"].startswith(pre)]
    out = sys.stdout
    out.write("gcnsim calibration, %s, %s\n" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                               os.path.relpath(a.points, ROOT)))
    if a.scan:
        return scan(rows, a.jobs, out)

    pts = stream_points(rows, size=a.size or None, full=a.full)
    pts += clpeak_points(rows, size=a.bw_size or None)
    pts += compute_points(rows, wg)
    pts += cscs_points(rows)
    pts += lbm_points(rows, edge=a.lbm_size or None)
    pts += sgemm_points(rows)
    icd = icd_points(rows, every=a.icd_all)
    pts += icd
    wall, nrun = execute([r for p in pts for r in getattr(p, "runs", [p.run])], a.jobs)
    failed = 0
    for p in pts:
        p.simulated = VALUE[p.dataset](p)
        if p.simulated is None:
            failed += 1
            print("calibrate: %s: %s" % (p.id, p.run.error), file=sys.stderr)

    datasets = {}
    for p in pts:
        datasets.setdefault(p.dataset, []).append(p)
    intro = {}
    intro["babelstream"] = (
        "\nBabelStream (double precision): our kernels (tests/calibrate/kernels/stream.cl, "
        "clang-15 -O2), one work-item per element, work-groups of 256 (OpenCL rows) or "
        "1024 (HIP rows); MB/s = bytes read and written / simulated kernel time "
        "(cycles / clock).\n")
    if not a.full:
        intro["babelstream"] += (
            "Array size shrunk to %s doubles per array (published: 400 MiB = 52,428,800 "
            "or 268.4 MB = 2^25; `--full` runs those); clocks and CUs of the measured "
            "boards (their specifications) set where they differ from the preset.\n"
            % pow2(a.size or STREAM_SHRUNK))
    intro["clpeak_bw"] = (
        "\nclpeak global memory bandwidth: our kernels (tests/calibrate/kernels/global_bw.cl, "
        "clang-15 -O2), 16 reads of floatN per work-item, work-groups of 256, both "
        "access patterns (lstride: local-size stride, gstride: global-size stride) run and "
        "the faster reported, as clpeak does (the other's GB/s in brackets); GB/s = input "
        "bytes / simulated kernel time.  Input shrunk to %s floats (the logs print no "
        "size); CUs and clock as the log prints them, DRAM bandwidth the board's data "
        "sheet, set where they differ from the preset; boards of no preset on their "
        "generation's.\n" % pow2(a.bw_size or CLPEAK_SHRUNK))
    intro["clpeak_compute"] = (
        "\nclpeak compute (SP/DP GFLOPS, INT32 GIOPS): our kernels "
        "(tests/calibrate/kernels/compute.cl, clang-15 -O2), a dependent chain of mad() on "
        "floatN/doubleN (int: y*x+y), 4096 operations per work-item, work-groups of 256; "
        "each kernel run at %d and %d work-groups per CU and its cycles extrapolated along "
        "that line to the published grid (CUs x 2048 work-groups; DP from the 2019 logs on: "
        "CUs x 512), GFLOPS = 4096 x work-items / time.  CUs and clock as the log prints "
        "them, dp_factor (FP64 rate) the SKU's, set where they differ from the preset; "
        "boards of no preset on their generation's.\n" % wg)
    intro["pointer_chase"] = (
        "\nCSCS pointer chase (ault:amdvega, see L0): our kernel "
        "(tests/calibrate/kernels/chase.cl), one work-item, cyclic lists of 8-byte nodes "
        "256 B apart built here; cycles per jump = difference of the simulated kernel cycles "
        "of %d and %d jumps / %d (the published 400,000 jumps timed with s_memtime, which "
        "gcnsim does not model as a clock).  mi50 preset at its clock (not stated).  L4 "
        "(s_memtime latency) and L5 (remote GPU) not reproduced.\n"
        % (CHASE_JUMPS[0], CHASE_JUMPS[1], CHASE_JUMPS[1] - CHASE_JUMPS[0]))
    intro["lds_bw"] = (
        "\nCSCS LDS bandwidth (ault:amdvega, double): our kernel "
        "(tests/calibrate/kernels/lds_bw.cl), four LDS segments of 256 doubles per group "
        "swapped in two rounds per iteration, bytes counted as published (3 x 4 x 8 per "
        "work-item and iteration; the kernel moves 128); rate from the difference of "
        "%d and %d iterations (published 4096), one resident round of groups.  mi50 preset "
        "at its clock (not stated).\n" % LDS_ITERS)
    intro["d2d_copy"] = (
        "\nCSCS device-to-device copy (ault:amdvega): hipMemcpy's method, as the ROCm runtime's copy "
        "kernel of 2020-2021 does it (tests/calibrate/kernels/copy.cl, blit_copy: 4 waves per CU "
        "striding over the buffer, a uint4 per work-item and iteration), over %s bytes for the "
        "published 1 GiB; 2 x bytes / time in 2^30 B/s.  mi50 preset at its clock (not stated).\n"
        % pow2(COPY_BYTES))
    intro["launch"] = (
        "\nCSCS kernel launch (ault:amdvega): an empty kernel (tests/calibrate/kernels/empty.cl), "
        "one work-item: simulated kernel time + launch overhead (launch_ns, fitted to O14) "
        "per launch.  mi50 preset at its clock (not stated).\n")
    intro["fluidx3d"] = lbm_intro(a.lbm_size or None)
    intro["sgemm"] = sgemm_intro()
    intro["clpeak_icd"] = icd_intro(a.icd_all)
    for name, dpts in datasets.items():
        out.write(intro[name])
        print_dataset(name, dpts, out)
    if not icd and not a.only:
        out.write(intro["clpeak_icd"])
    mean, mx, k = summarise(pts)
    if k:
        out.write("\noverall: mean |error| %.1f%%, max %.1f%% over %d points "
                  "(%d gcnsim and clpeak runs, %.0f s with %d jobs)\n" % (mean, mx, k, nrun, wall, a.jobs))
    path = os.path.join(a.out, "calibrate.csv")
    write_csv(path, pts)
    out.write("CSV: %s\n" % os.path.relpath(path, ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
