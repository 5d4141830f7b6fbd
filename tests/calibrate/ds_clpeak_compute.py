"""clpeak's single, double and integer compute tests (rows C1-C14): the
dataset `clpeak_compute` of make calibrate."""
import os
import re

from common import HERE, PRESET_TARGET, Point, Run, board_sets

# The boards of rows C1-C14 with the CUs and (maximum) engine clock their
# logs print, and their FP64 rate as gcnsim's dp_factor (FP64 rate =
# 1/(2 * dp_factor)) from the SKU's published specification (the DP/SP
# ratio of each row agrees: CALIBRATION.md, section 3); set where it
# differs from the preset's.  Boards of no preset run on the preset of
# their generation with their own CUs, clock, FP64 rate and 32-bit integer
# multiply cost (mul32_cycles: 8 on Hawaii and Vega 20 dies, 16 elsewhere).
COMPUTE_BOARDS = {
    "C1": dict(name="Tahiti", clock_mhz=1125, cus=32, dp_factor=2),            # 1/4
    "C2": dict(name="R9 290X", clock_mhz=1040, cus=44, dp_factor=4),           # 1/8
    "C3": dict(name="R9 390", clock_mhz=1000, cus=40, dp_factor=4),            # 1/8
    "C4": dict(name="FirePro W8100", clock_mhz=824, cus=40, dp_factor=1),      # 1/2
    "C5": dict(name="R9 Nano", clock_mhz=1000, cus=64, dp_factor=8),           # 1/16
    # Tonga (gfx802) is GCN3 as Fiji
    "C6": dict(name="R9 380X (Tonga)", preset="r9-nano", clock_mhz=1040, cus=32,
               dp_factor=8),                                                   # 1/16
    "C7": dict(name="RX 570", clock_mhz=1268, cus=32, dp_factor=8, year=2019),  # 1/16
    # no clock printed: the HD 7750 of clpeak_bw's B17 (800 MHz) - an
    # assumption; the log's 835.89 SP GFLOPS needs at least 816 MHz on 8 CUs
    "C8": dict(name="Cape Verde (HD 7750?)", preset="hd-7970", clock_mhz=800, cus=8,
               dp_factor=8),                                                   # 1/16
    # Bonaire (gfx704) is GCN2 as Hawaii
    # and its 32-bit multiply is Tahiti's (16 cycles), not Hawaii's (8)
    "C9": dict(name="R7 260X (Bonaire)", preset="r9-290x", clock_mhz=1175, cus=14,
               dp_factor=8, mul32_cycles=16),                                  # 1/16
    "C10": dict(name="MI50 PCIe3", clock_mhz=1725, cus=60, dp_factor=1, year=2021),
    "C11": dict(name="MI50 PCIe4 ROCm 3.10", clock_mhz=1725, cus=60, dp_factor=1, year=2021),
    "C12": dict(name="Radeon-VII-Pro", clock_mhz=1700, cus=60, dp_factor=1, year=2021),
    "C13": dict(name="Radeon VII (Windows)", clock_mhz=1801, cus=60, dp_factor=2,
                year=2023),                                                    # 1/4
    "C14": dict(name="Radeon Pro VII (Win.)", clock_mhz=1700, cus=60, dp_factor=1, year=2023),
}
DP_RATE = {1: "1/2", 2: "1/4", 4: "1/8", 8: "1/16"}

# The grid.  clpeak launches CUs x 2048 work-groups of 256 (double
# precision from its 2019 code on: CUs x 512), each work-item doing 4096
# operations: far too many to simulate.  The run time grows linearly with
# the work-groups per CU once every SIMD has two waves (the chains are
# dependent, so one wave per SIMD leaves issue slots empty), so the kernel
# runs at 2 and at 4 work-groups per CU and its cycles are extrapolated
# along that line to the published grid; the launch and the ramp at the
# start and end, paid once per kernel, are then counted once, as in the
# published run.  Measured on eight kernels (sp float, float8, float16,
# dp double, double2, double16, int, int4 on mi50, r9-nano, r9-290x and
# hd-7970): the line through 2 and 4 work-groups per CU agrees with the
# line through 8 and 16 within 0.7% (through 1 and 2: up to 10% off); a
# single shrunk grid would need more than 16 work-groups per CU to come
# within 1% of the large-grid value on every kernel (at 16 per CU: 0.1% to
# 2.2% low, float the worst), 10 s a run for double precision on the
# 1/16-rate parts.
COMPUTE_WG = (2, 4)
COMPUTE_WG_PUBLISHED = 2048
COMPUTE_WG_PUBLISHED_DP_2019 = 512
COMPUTE_LOCAL = 256
COMPUTE_OPS = 4096         # operations per work-item, as clpeak counts them
COMPUTE_KIND = {"SP": ("compute_sp", "f32", 4), "DP": ("compute_dp", "f64", 8),
                "INT32": ("compute_int", "i32", 4)}


def compute_points(rows, wg=COMPUTE_WG):
    """Points of the clpeak compute rows, each with its two Runs (wg[0] and wg[1] work-groups per CU)."""
    pts = []
    for row in rows:
        m = re.match(r"clpeak (SP|DP|INT32) (?:GFLOPS|GIOPS) vector width x(\d+)$", row["quantity"])
        if not m:
            continue
        pt = Point("clpeak_compute", row)
        board = COMPUTE_BOARDS[pt.id.split(".")[0]]
        if "preset" in board:
            pt.preset = board["preset"]
            pt.notes.append("%s preset" % pt.preset)
        pt.gpu = board["name"]
        kind, w = m.group(1), int(m.group(2))
        prefix, typ, esz = COMPUTE_KIND[kind]
        sets = board_sets(pt.preset, board, ("clock_mhz", "cus", "dp_factor", "mul32_cycles"))
        co = os.path.join(HERE, "bin", "compute-%s.co" % PRESET_TARGET[pt.preset])
        iters = COMPUTE_OPS // (64 * w)
        pt.runs = []
        for k in wg:
            g = board["cus"] * k * COMPUTE_LOCAL
            args = ["zero:%d" % (esz * g), "%s:1.3" % typ if typ != "i32" else "i32:3",
                    "%s:1" % typ, "i32:%d" % iters]
            pt.runs.append(Run(co, pt.preset, "%s_v%d" % (prefix, w), g, COMPUTE_LOCAL, args, sets))
        pt.run = pt.runs[-1]
        pt.wg = wg
        pt.wg_published = (COMPUTE_WG_PUBLISHED_DP_2019 if kind == "DP" and board.get("year", 0) >= 2019
                           else COMPUTE_WG_PUBLISHED)
        pt.n, pt.local, pt.board = pt.run.n, COMPUTE_LOCAL, board
        pt.n_published = board["cus"] * pt.wg_published * COMPUTE_LOCAL
        pt.notes.append("%d,%d WG/CU -> %d" % (wg[0], wg[1], pt.wg_published))
        if sets:
            pt.notes.append(" ".join(s if not s.startswith("dp_factor") else
                                     "%s (DP %s)" % (s, DP_RATE[board["dp_factor"]]) for s in sets))
        pts.append(pt)
    return pts


def compute_value(pt):
    """GFLOPS/GIOPS as clpeak counts them (4096 per work-item / kernel time) at the
    published grid, its cycles extrapolated from the two shrunk runs."""
    if any(r.error is not None for r in pt.runs):
        pt.run = [r for r in pt.runs if r.error is not None][0]
        return None
    (k1, k2), (r1, r2) = pt.wg, pt.runs
    per_wg = (r2.report["cycles"] - r1.report["cycles"]) / float(k2 - k1)
    cycles = r2.report["cycles"] + (pt.wg_published - k2) * per_wg
    seconds = cycles / (r2.report["device_params"]["clock_mhz"] * 1e6)
    return pt.n_published * COMPUTE_OPS / seconds / 1e9
