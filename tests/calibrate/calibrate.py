#!/usr/bin/env python3
"""make calibrate: the cycle model against published measurements of real GCN boards.

Reads the calibration set (calibration_points.csv, by default
../shared/calibration/ beside the repository, as CI has it; --points PATH or
$CALIBRATION_POINTS otherwise), selects the rows of the datasets this script
can reproduce with our own kernels, runs each on the row's preset with the
measured board's clock and CU count (`gcnsim run --device PRESET --set
clock_mhz=... --set cus=...` where they differ from the preset) under the
cycle model, and prints per dataset: id, GPU, published value, simulated
value, error; then the mean and maximum absolute error per preset, per
dataset and overall.  The same rows go to build/calibrate/calibrate.csv.

Datasets so far:
  babelstream  BabelStream's Copy/Mul/Add/Triad in double precision (rows
               B1-B9), our kernels in tests/calibrate/kernels/stream.cl.
  clpeak_bw    clpeak's global memory bandwidth, float to float16 (rows
               B10-B23), our kernels in tests/calibrate/kernels/global_bw.cl.

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
  --scan          the size scan: every BabelStream row at 2^20 ... 2^24 elements and at the
                  published size; the bandwidth at each size and its difference
                  from the published size's
  --jobs N        gcnsim runs at once (default: 2, or 1 on a single core)
  --out DIR       where the CSV goes (default build/calibrate)
"""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
GCNSIM = os.environ.get("GCNSIM") or os.path.join(ROOT, "gcnsim")
DEFAULT_POINTS = os.path.join(ROOT, "..", "shared", "calibration", "calibration_points.csv")

# Target of each preset (as `gcnsim devices` lists them): which committed
# code object a preset runs.
PRESET_TARGET = {"hd-7970": "gfx600", "r9-290x": "gfx701", "r9-nano": "gfx803",
                 "rx-480": "gfx803", "vega-64": "gfx900", "mi50": "gfx906"}

# ---------------------------------------------------------------- BabelStream
#
# The measured boards of rows B1-B9.  BabelStream prints neither clock nor
# CU count, so these are the boards' published specifications (AMD's
# product pages and data sheets): the peak engine clock, the CUs and the
# memory bandwidth.  A value equal to the preset's is not passed to gcnsim.
STREAM_BOARDS = {
    "B1": dict(board="Radeon HD 7970", clock_mhz=925, cus=32, dram_gbps=264),
    "B2": dict(board="Radeon R9 290X", clock_mhz=1000, cus=44, dram_gbps=320),
    "B3": dict(board="FirePro S9150", clock_mhz=900, cus=44, dram_gbps=320),
    "B4": dict(board="FirePro S9150", clock_mhz=900, cus=44, dram_gbps=320),
    "B5": dict(board="Radeon R9 Fury X", clock_mhz=1050, cus=64, dram_gbps=512),
    "B6": dict(board="Radeon R9 Fury X", clock_mhz=1050, cus=64, dram_gbps=512),
    "B7": dict(board="Radeon R9 Nano", clock_mhz=1000, cus=64, dram_gbps=512),
    "B8": dict(board="Radeon R9 Nano", clock_mhz=1000, cus=64, dram_gbps=512),
    "B9": dict(board="FirePro S9300 x2 (one GPU)", clock_mhz=850, cus=64, dram_gbps=512),
}

# Array size of the shrunk runs, in doubles per array.  The published runs
# use 52,428,800 (400 MiB, GPU-STREAM 0.9/1.0) or 33,554,432 (268.4 MB,
# 2.0); both are far larger than any preset's L2 (at most 4 MiB), and the
# simulated bandwidth depends on the size only through the L2 (the writes
# still held there when the kernel ends are not counted as DRAM traffic
# yet): it falls towards the full-size value as 1/size.  `--scan` measures
# it; 2^23 doubles (64 MiB per array) is the smallest power of two whose
# every row is within 1% of its published-size value (README, Accuracy).
STREAM_SHRUNK = 1 << 23

STREAM_KERNELS = {"Copy": ("stream_copy", 2), "Mul": ("stream_mul", 2),
                  "Add": ("stream_add", 3), "Triad": ("stream_triad", 3)}
STREAM_SCALAR = 0.4     # BabelStream's startScalar since 2.0 (3.0 in 1.0); no effect on timing


def stream_parse(row):
    """What a BabelStream row ran: kernel, published array length, stack (OpenCL/HIP)."""
    q = row["quantity"]
    m = re.match(r"BabelStream (Copy|Mul|Add|Triad) \(double\)", q)
    if not m:
        raise ValueError("%s: not a BabelStream double-precision kernel: %r" % (row["id"], q))
    if "400 MiB" in q:
        n = 400 * 1024 * 1024 // 8          # GPU-STREAM 0.9/1.0: 52,428,800 doubles
    elif "268.4 MB" in q:
        n = 33554432                        # 2.0: 2^25 doubles
    else:
        raise ValueError("%s: array size not recognised in %r" % (row["id"], q))
    stack = "HIP" if "HIP" in q else "OpenCL"
    return m.group(1), n, stack


class Run:
    """One gcnsim launch: its command and, once run, its JSON report or error."""

    def __init__(self, co, preset, kernel, n, local, args, sets):
        self.co, self.preset, self.kernel, self.n, self.local = co, preset, kernel, n, local
        self.args, self.sets = args, sets
        self.report = None
        self.error = None
        self.seconds = 0.0

    def key(self):
        return (self.co, self.preset, self.kernel, self.n, self.local, tuple(self.args),
                tuple(self.sets))

    def argv(self):
        a = [GCNSIM, "run", self.co, "--kernel", self.kernel, "--global", str(self.n),
             "--local", str(self.local), "--device", self.preset]
        for s in self.sets:
            a += ["--set", s]
        for x in self.args:
            a += ["--arg", x]
        return a + ["--json", "-"]

    def execute(self):
        t0 = time.time()
        try:
            p = subprocess.run(self.argv(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=1800, cwd=ROOT)
            if p.returncode != 0:
                self.error = "gcnsim exit status %d: %s" % (p.returncode, p.stderr.strip()[:300])
            else:
                self.report = json.loads(p.stdout)
        except (subprocess.TimeoutExpired, ValueError, OSError) as e:
            self.error = repr(e)
        self.seconds = time.time() - t0
        return self

    def seconds_simulated(self):
        """Kernel time: cycles / clock (the JSON's time_us rounded to ns)."""
        r = self.report
        return r["cycles"] / (r["device_params"]["clock_mhz"] * 1e6)


class Point:
    """A row of the calibration set and how it is reproduced."""

    def __init__(self, dataset, row):
        self.dataset, self.row = dataset, row
        self.id, self.preset = row["id"], row["preset"]
        # the GPU as the set names it, without its preset hint ("(`hd-7970`)")
        self.gpu = re.sub(r"\s*\(`[^`]*`[^)]*\)", "", row["gpu"])
        self.published = float(row["value"])
        self.unit = row["unit"]
        self.run = None
        self.simulated = None
        self.notes = []          # how this run differs from the published set-up

    def error_pct(self):
        if self.simulated is None:
            return None
        return 100.0 * (self.simulated - self.published) / self.published


def preset_defaults(preset):
    """The preset's parameters (`gcnsim devices NAME`) as a dict of ints/floats."""
    p = subprocess.run([GCNSIM, "devices", preset], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, cwd=ROOT)
    if p.returncode != 0:
        raise RuntimeError("gcnsim devices %s: %s" % (preset, p.stderr.strip()))
    vals = {}
    for line in p.stdout.splitlines():
        m = re.match(r"\s+([a-z0-9_]+)\s+([0-9.]+)\s", line)
        if m:
            vals[m.group(1)] = float(m.group(2))
    return vals


_defaults = {}


def board_sets(preset, board):
    """--set KEY=VALUE for the board's clock, CUs and DRAM bandwidth where they differ from the preset."""
    if preset not in _defaults:
        _defaults[preset] = preset_defaults(preset)
    d = _defaults[preset]
    sets = []
    for key in ("clock_mhz", "cus", "dram_gbps"):
        if float(board[key]) != d.get(key):
            sets.append("%s=%g" % (key, board[key]))
    return sets


def stream_points(rows, size=None, full=False):
    """Points (with their Run) of the BabelStream rows; size/full choose the array length."""
    pts = []
    for row in rows:
        if not row["quantity"].startswith("BabelStream "):
            continue
        pt = Point("babelstream", row)
        kname, n_pub, stack = stream_parse(row)
        board = STREAM_BOARDS[pt.id.split(".")[0]]
        n = n_pub if full else (size or STREAM_SHRUNK)
        kernel, arrays = STREAM_KERNELS[kname]
        local = 1024 if stack == "HIP" else 256
        if local == 1024:
            kernel += "_wg1024"
        args = ["zero:%d" % (8 * n)] * arrays         # the kernel's array arguments
        if kname in ("Mul", "Triad"):
            args.append("f64:%r" % STREAM_SCALAR)
        sets = board_sets(pt.preset, board)
        co = os.path.join(HERE, "bin", "stream-%s.co" % PRESET_TARGET[pt.preset])
        pt.run = Run(co, pt.preset, kernel, n, local, args, sets)
        pt.bytes = arrays * 8 * n
        pt.n, pt.n_published, pt.local, pt.board = n, n_pub, local, board
        if n != n_pub:
            pt.notes.append("size %s of %s" % (pow2(n), pow2(n_pub)))
        if sets:
            pt.notes.append(" ".join(sets))
        pts.append(pt)
    return pts


# ------------------------------------------------------------- clpeak_bw
#
# Rows B10-B23: clpeak's "Global memory bandwidth" on the boards its logs
# name.  The logs print the CUs and the (maximum) engine clock, which are
# used; they print no memory clock, so dram_gbps is the board's data-sheet
# bandwidth.  Boards of no preset run on the preset of their generation
# (preset key below) with their own CUs, clock and DRAM bandwidth; the
# L2 and everything else stay the preset's.
CLPEAK_BOARDS = {
    # the log names the chip only; 32 CUs at 1125 MHz is a factory-clocked
    # HD 7970 / R9 280X class board: the preset's 264 GB/s is kept
    "B10": dict(name="Tahiti", clock_mhz=1125, cus=32, dram_gbps=264),
    "B11": dict(name="R9 290X", clock_mhz=1040, cus=44, dram_gbps=320),
    "B12": dict(name="R9 390", clock_mhz=1000, cus=40, dram_gbps=384),
    "B13": dict(name="FirePro W8100", clock_mhz=824, cus=40, dram_gbps=320),
    "B14": dict(name="R9 Nano", clock_mhz=1000, cus=64, dram_gbps=512),
    # Tonga (gfx802) is GCN3 as Fiji: 256-bit GDDR5 at 5.7 Gbps = 182.4 GB/s
    "B15": dict(name="R9 380X (Tonga)", preset="r9-nano", clock_mhz=1040, cus=32,
                dram_gbps=182),
    "B16": dict(name="RX 570", clock_mhz=1268, cus=32, dram_gbps=224),
    # no clock printed: 8 CUs is the HD 7750 (800 MHz, 128-bit GDDR5 at
    # 4.5 Gbps = 72 GB/s) - an assumption, the log names the chip only
    # logged in January 2014, before clpeak had the global-stride kernels
    # (added 2014-05-24): its only kernel is the local-stride one
    "B17": dict(name="Cape Verde (HD 7750?)", preset="hd-7970", clock_mhz=800, cus=8,
                dram_gbps=72, patterns=("lstride",)),
    # Bonaire (gfx704) is GCN2 as Hawaii: 128-bit GDDR5 at 6.5 Gbps = 104 GB/s
    "B18": dict(name="R7 260X (Bonaire)", preset="r9-290x", clock_mhz=1175, cus=14,
                dram_gbps=104),
    "B19": dict(name="MI50 PCIe3", clock_mhz=1725, cus=60, dram_gbps=1024),
    "B20": dict(name="MI50 PCIe4 ROCm 3.10", clock_mhz=1725, cus=60, dram_gbps=1024),
    "B21": dict(name="Radeon-VII-Pro", clock_mhz=1700, cus=60, dram_gbps=1024),
    "B22": dict(name="Radeon VII (Windows)", clock_mhz=1801, cus=60, dram_gbps=1024),
    "B23": dict(name="Radeon Pro VII (Win.)", clock_mhz=1700, cus=60, dram_gbps=1024),
}

# Input size of the shrunk runs, in floats.  clpeak takes the largest
# power of two (2014-2016) or multiple of 65,536 (2019 on) of floats not
# above CL_DEVICE_MAX_MEM_ALLOC_SIZE / 8 (a buffer of half the largest allocation), at most
# 2^29 from 2019; the logs print neither the allocation limit nor the size.
# A read-only stream from an empty L2 depends on the size only through the
# ramp at start and end, and, for float8 and float16, through how the
# strided passes meet the L2 and DRAM channels: --bw-size 2^25, 2^26 and
# 2^27 on B10, B14, B16 and B19 (README, Accuracy) differ by at most 0.6%
# for float to float4, while float16 on r9-nano falls 263 -> 255 -> 248
# GB/s; 2^26 floats (256 MiB) is within 2.8% of 2^27 on every point.
CLPEAK_SHRUNK = 1 << 26
CLPEAK_READS = 16          # reads per work-item
CLPEAK_LOCAL = 256         # CL_DEVICE_MAX_WORK_GROUP_SIZE of AMD's OpenCL drivers
CLPEAK_WIDTHS = {"float": 1, "float2": 2, "float4": 4, "float8": 8, "float16": 16}


def clpeak_points(rows, size=None):
    """Points of the clpeak bandwidth rows, each with its two Runs (local and global stride)."""
    pts = []
    for row in rows:
        m = re.match(r"clpeak global memory bandwidth (float\d*)$", row["quantity"])
        if not m:
            continue
        pt = Point("clpeak_bw", row)
        board = CLPEAK_BOARDS[pt.id.split(".")[0]]
        if "preset" in board:
            pt.preset = board["preset"]
            pt.notes.append("%s preset" % pt.preset)
        pt.gpu = board["name"]
        t = m.group(1)
        w = CLPEAK_WIDTHS[t]
        n = size or CLPEAK_SHRUNK
        g = n // CLPEAK_READS // w
        sets = board_sets(pt.preset, board)
        co = os.path.join(HERE, "bin", "global_bw-%s.co" % PRESET_TARGET[pt.preset])
        args = ["zero:%d" % (4 * n), "zero:%d" % (4 * g)]
        pt.runs = [Run(co, pt.preset, "gbw_%s_%s" % (t, k), g, CLPEAK_LOCAL, args, sets)
                   for k in board.get("patterns", ("lstride", "gstride"))]
        pt.run = pt.runs[0]
        pt.bytes = 4 * n
        pt.n, pt.n_published, pt.local, pt.board = n, None, CLPEAK_LOCAL, board
        pt.notes.append("size %s" % pow2(n))
        if sets:
            pt.notes.append(" ".join(sets))
        pts.append(pt)
    return pts


def clpeak_value(pt):
    """GB/s (1e9 B/s) as clpeak counts it: input bytes / time of the faster of the two kernels."""
    ok = [r for r in pt.runs if r.error is None]
    if len(ok) < len(pt.runs):
        pt.run = [r for r in pt.runs if r.error is not None][0]
        return None
    pt.run = min(ok, key=lambda r: r.seconds_simulated())
    other = [r for r in ok if r is not pt.run]
    pt.notes.insert(0, pt.run.kernel.rsplit("_", 1)[1] + "".join(
        " (%s %.1f)" % (r.kernel.rsplit("_", 1)[1], pt.bytes / r.seconds_simulated() / 1e9)
        for r in other) + ("" if other else " only (clpeak of 2014)"))
    return pt.bytes / pt.run.seconds_simulated() / 1e9


def stream_value(pt):
    """MB/s (1e6 B/s) as BabelStream counts it: bytes of the arrays read and written / kernel time."""
    return pt.bytes / pt.run.seconds_simulated() / 1e6


def pow2(n):
    """2^k when n is a power of two, else the number with thousands separators."""
    if n & (n - 1) == 0:
        return "2^%d" % (n.bit_length() - 1)
    return "{:,}".format(n)


def execute(runs, jobs):
    """Run each distinct Run once (runs sharing a key share the result); returns the wall time."""
    unique = {}
    for r in runs:
        unique.setdefault(r.key(), r)
    t0 = time.time()
    todo = sorted(unique.values(), key=lambda r: -r.n)       # longest first
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        list(ex.map(lambda r: r.execute(), todo))
    for r in runs:
        u = unique[r.key()]
        r.report, r.error, r.seconds = u.report, u.error, u.seconds
    return time.time() - t0, len(unique)


def fmt(v, width=12):
    return ("%*.1f" % (width, v)) if v is not None else "%*s" % (width, "-")


def summarise(pts):
    errs = [abs(p.error_pct()) for p in pts if p.error_pct() is not None]
    if not errs:
        return None, None, 0
    return sum(errs) / len(errs), max(errs), len(errs)


def print_dataset(name, pts, out):
    w = max(len(p.gpu) for p in pts)
    w = min(w, 34)
    out.write("\n%s: %d points (%s)\n" % (name, len(pts), pts[0].unit))
    out.write("  %-11s %-*s %-8s %12s %12s %8s  %s\n" % (
        "id", w, "GPU", "preset", "published", "simulated", "error", "reproduction"))
    for p in pts:
        e = p.error_pct()
        out.write("  %-11s %-*s %-8s %s %s %8s  %s\n" % (
            p.id, w, p.gpu[:w], p.preset, fmt(p.published), fmt(p.simulated),
            ("%+.1f%%" % e) if e is not None else "FAILED", "; ".join(p.notes)))
    for preset in sorted(set(p.preset for p in pts)):
        mean, mx, k = summarise([p for p in pts if p.preset == preset])
        if k:
            out.write("  %-22s mean |error| %5.1f%%  max %5.1f%%  (%d points)\n" % (
                preset, mean, mx, k))
    mean, mx, k = summarise(pts)
    if k:
        out.write("  %-22s mean |error| %5.1f%%  max %5.1f%%  (%d points)\n" % (
            name + " all", mean, mx, k))


def write_csv(path, pts):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["dataset", "id", "preset", "gpu", "unit", "published", "simulated",
                    "error_pct", "clock_mhz", "cus", "kernel", "elements", "published_elements",
                    "local", "cycles", "sets", "run_seconds", "error"])
        for p in pts:
            r = p.run
            rep = r.report or {}
            dp = rep.get("device_params", {})
            e = p.error_pct()
            w.writerow([p.dataset, p.id, p.preset, p.gpu, p.unit, p.row["value"],
                        "%.3f" % p.simulated if p.simulated is not None else "",
                        "%.3f" % e if e is not None else "",
                        dp.get("clock_mhz", ""), dp.get("cus", ""), r.kernel, r.n,
                        p.n_published, r.local, rep.get("cycles", ""), " ".join(r.sets),
                        "%.2f" % r.seconds, r.error or ""])


def scan(rows, jobs, out):
    """The size scan: every BabelStream row at 2^20..2^24 elements and at its published size."""
    sizes = [1 << k for k in range(20, 25)]
    full = stream_points(rows, full=True)
    per_size = {s: stream_points(rows, size=s) for s in sizes}
    runs = [p.run for p in full] + [p.run for s in sizes for p in per_size[s]]
    wall, nrun = execute(runs, jobs)
    for p in full + [p for s in sizes for p in per_size[s]]:
        if p.run.error is None:
            p.simulated = stream_value(p)
    out.write("size scan (%d runs, %.0f s): simulated MB/s at each size, and its difference "
              "from the published size's\n" % (nrun, wall))
    out.write("  %-10s %-8s" % ("id", "preset") + "".join("%18s" % pow2(s) for s in sizes)
              + "%14s\n" % "published")
    worst = {s: 0.0 for s in sizes}
    for i, f in enumerate(full):
        line = "  %-10s %-8s" % (f.id, f.preset)
        for s in sizes:
            p = per_size[s][i]
            if p.simulated is None or f.simulated is None:
                line += "%18s" % "FAILED"
                worst[s] = float("inf")
                continue
            d = 100.0 * (p.simulated - f.simulated) / f.simulated
            worst[s] = max(worst[s], abs(d))
            line += "%10.0f %+6.2f%%" % (p.simulated, d)
        line += "%14.0f\n" % f.simulated if f.simulated is not None else "%14s\n" % "FAILED"
        out.write(line)
    out.write("  largest |difference| per size: " +
              ", ".join("%s %.2f%%" % (pow2(s), worst[s]) for s in sizes) + "\n")
    ok = [s for s in sizes if worst[s] <= 1.0]
    out.write("  smallest size within 1%% of the published size on every row: %s\n" %
              (pow2(ok[0]) if ok else "none of them"))
    return 0 if all(p.run.error is None for p in full) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--points", default=os.environ.get("CALIBRATION_POINTS") or DEFAULT_POINTS)
    ap.add_argument("--only", default="")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--size", type=int, default=0)
    ap.add_argument("--bw-size", type=int, default=0)
    ap.add_argument("--scan", action="store_true")
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
    bw = clpeak_points(rows, size=a.bw_size or None)
    wall, nrun = execute([p.run for p in pts] + [r for p in bw for r in p.runs], a.jobs)
    pts += bw
    failed = 0
    for p in pts:
        p.simulated = clpeak_value(p) if p.dataset == "clpeak_bw" else (
            stream_value(p) if p.run.error is None else None)
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
    for name, dpts in datasets.items():
        out.write(intro[name])
        print_dataset(name, dpts, out)
    mean, mx, k = summarise(pts)
    if k:
        out.write("\noverall: mean |error| %.1f%%, max %.1f%% over %d points "
                  "(%d gcnsim runs, %.0f s with %d jobs)\n" % (mean, mx, k, nrun, wall, a.jobs))
    path = os.path.join(a.out, "calibrate.csv")
    write_csv(path, pts)
    out.write("CSV: %s\n" % os.path.relpath(path, ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
