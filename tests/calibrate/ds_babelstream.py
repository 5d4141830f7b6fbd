"""BabelStream (rows B1-B9): the dataset `babelstream` of make calibrate."""
import os
import re

from common import HERE, PRESET_TARGET, Point, Run, board_sets, execute, pow2

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


def stream_value(pt):
    """MB/s (1e6 B/s) as BabelStream counts it: bytes of the arrays read and written / kernel time."""
    return pt.bytes / pt.run.seconds_simulated() / 1e6


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


