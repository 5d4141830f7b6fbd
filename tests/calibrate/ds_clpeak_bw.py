"""clpeak's global memory bandwidth (rows B10-B23): the dataset `clpeak_bw` of make calibrate."""
import os
import re

from common import HERE, PRESET_TARGET, Point, Run, board_sets, pow2

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


