"""CSCS ReFrame references of the `ault:amdvega` partition: the datasets
`pointer_chase` (rows L1-L3), `lds_bw` (B26) and `d2d_copy` (B24) of make
calibrate.  The partition's GPU is most likely a gfx906 (MI50-class)
board (CALIBRATION.md, caveat L0), its clock is not stated: the rows run
on the mi50 preset at the preset's clock.

Not reproduced: L4 (the latency of s_memtime itself: gcnsim's s_memtime
returns the wave's executed-instruction count, not a clock) and L5 (a
pointer chase into another GPU's memory: gcnsim simulates one device)."""
import array
import atexit
import os
import re
import shutil
import sys
import tempfile

from common import HERE, PRESET_TARGET, Point, Run, preset_defaults

CSCS_PRESET = "mi50"

# ------------------------------------------------------------ pointer_chase
#
# One work-item follows a cyclic list of 8-byte nodes 256 B apart (stride
# 32 ulongs), built here (tests/calibrate/kernels/chase.cl).  The published
# value is the average of s_memtime cycles over 400,000 jumps.  Here the
# kernel runs twice, with CHASE_JUMPS[0] and CHASE_JUMPS[1] jumps; the
# difference of the simulated kernel cycles divided by the difference of
# the jumps is the cycles per jump, without the launch, the set-up pass
# (which turns the list's offsets into addresses and warms the L2 with the
# nodes it writes, as the published run's first laps warm its caches) and
# the end.  2048 more jumps: every jump of the 16-node list hits the L1
# after its first lap, every jump of the 5000-node list misses the L1
# (16 KiB) and hits the L2, and the 2,000,000-node list's first 3072
# nodes, past the set-up pass's reach in the L2, come from DRAM.  Measured
# on mi50: 2048 -> 6144 jumps (and for L3 6144 -> 16384, for L1 and L2
# 16 -> 400,000, the published count) give the same cycles per jump.
CHASE_STRIDE = 32                       # ulongs between nodes: 256 B
CHASE_JUMPS = (1024, 3072)              # multiples of 16 (the unrolled chase)
CHASE_LOCAL = 256                       # the set-up pass's work-group
CHASE_NODES = {"L1": 16, "L2": 5000, "L3": 2000000}

_tmp = []


def chase_list(nodes):
    """The path of a file holding the list of `nodes` nodes (built once per length)."""
    if not _tmp:
        _tmp.append(tempfile.mkdtemp(prefix="gcnsim-chase-"))
        atexit.register(shutil.rmtree, _tmp[0], True)
    path = os.path.join(_tmp[0], "list-%d.bin" % nodes)
    if not os.path.exists(path):
        a = array.array("Q", bytes(8 * CHASE_STRIDE * nodes))
        # node i holds the byte offset of node i + 1; the last the first's
        a[0::CHASE_STRIDE] = array.array("Q", [((i + 1) % nodes) * CHASE_STRIDE * 8
                                               for i in range(nodes)])
        if a.itemsize != 8:
            raise RuntimeError("array('Q') is not 8 bytes here")
        with open(path, "wb") as f:
            f.write(a.tobytes() if sys.byteorder == "little" else _swapped(a))
    return path


def _swapped(a):
    b = array.array("Q", a)
    b.byteswap()
    return b.tobytes()


def chase_points(rows, jumps=CHASE_JUMPS):
    pts = []
    for row in rows:
        if row["id"] not in CHASE_NODES:
            continue
        pt = Point("pointer_chase", row)
        pt.preset, pt.gpu, pt.unit = CSCS_PRESET, "ault:amdvega", "cycles per jump"
        nodes = CHASE_NODES[pt.id]
        co = os.path.join(HERE, "bin", "chase-%s.co" % PRESET_TARGET[pt.preset])
        path = chase_list(nodes)
        pt.runs = [Run(co, pt.preset, "chase", CHASE_LOCAL, CHASE_LOCAL,
                       ["buf:" + path, "u32:%d" % nodes, "u32:%d" % CHASE_STRIDE,
                        "u32:%d" % j, "zero:8"], []) for j in jumps]
        for r, j in zip(pt.runs, jumps):
            r.cost = nodes + j           # the set-up pass over the nodes, then the jumps
        pt.jumps = jumps
        pt.run = pt.runs[-1]
        pt.n, pt.n_published, pt.local, pt.board = jumps[1], 400000, 1, None
        pt.notes += ["mi50 preset (L0), clock not stated: preset's",
                     "%d nodes, %d-%d jumps" % (nodes, jumps[1], jumps[0])]
        pts.append(pt)
    return pts


def chase_value(pt):
    """Cycles per dependent load: the difference of the two runs' cycles over that of their jumps."""
    if any(r.error is not None for r in pt.runs):
        pt.run = [r for r in pt.runs if r.error is not None][0]
        return None
    c1, c2 = (r.report["cycles"] for r in pt.runs)
    return (c2 - c1) / float(pt.jumps[1] - pt.jumps[0])


# ------------------------------------------------------------------- lds_bw
#
# Row B26: CSCS `shmem` in double precision, 256 work-items per group, four
# LDS segments swapped 4096 times, a 64 MiB buffer (one group per 256
# doubles: 32,768 groups); the reported bandwidth counts 4096 x size x 3 x 4
# bytes (size = the buffer's 64 MiB), i.e. 3 x 4 x 8 bytes per work-item
# and iteration: four swaps of 3 element moves.  Our kernel
# (tests/calibrate/kernels/lds_bw.cl) does four swaps per iteration as two
# rounds between barriers (what the method leaves open, assumed there; it
# moves 128 bytes per work-item and iteration, 8 reads and 8 writes, for
# the 96 counted), and this counts as the published method does.  Shrunk:
# LDS_GROUPS_PER_CU groups per CU (8: as many as are resident at once, 8 KiB
# of LDS each), LDS_ITERS[0] and LDS_ITERS[1] iterations, the difference
# of the two runs' cycles for the difference of the iterations (without
# the launch and the global loads and stores).  Measured on mi50: 16->64
# and 64->256 iterations differ by 0.8%, 16 groups per CU (two rounds) is
# 1.0% faster than 8.
LDS_GROUPS_PER_CU = 8
LDS_ITERS = (16, 64)
LDS_LOCAL = 256
LDS_COUNTED = 3 * 4 * 8     # bytes counted per work-item and iteration (double)


def lds_points(rows):
    pts = []
    cus = None
    for row in rows:
        if row["id"] != "B26":
            continue
        pt = Point("lds_bw", row)
        pt.preset, pt.gpu, pt.unit = CSCS_PRESET, "ault:amdvega", "GB/s"
        cus = cus or int(preset_defaults(CSCS_PRESET)["cus"])
        groups = cus * LDS_GROUPS_PER_CU
        co = os.path.join(HERE, "bin", "lds_bw-%s.co" % PRESET_TARGET[pt.preset])
        n = groups * 4 * LDS_LOCAL
        pt.runs = [Run(co, pt.preset, "lds_swap_double", groups * LDS_LOCAL, LDS_LOCAL,
                       ["zero:%d" % (8 * n), "zero:%d" % (8 * n), "i32:%d" % it], [])
                   for it in LDS_ITERS]
        for r, it in zip(pt.runs, LDS_ITERS):
            r.cost = 4 * groups * it
        pt.run = pt.runs[-1]
        pt.groups = groups
        pt.n, pt.n_published, pt.local, pt.board = groups * LDS_LOCAL, 32768 * LDS_LOCAL, \
            LDS_LOCAL, None
        pt.notes += ["mi50 preset (L0), clock not stated: preset's",
                     "%d groups of 32768, %d-%d iterations of 4096" % (
                         groups, LDS_ITERS[1], LDS_ITERS[0])]
        pts.append(pt)
    return pts


def lds_value(pt):
    """GB/s (1e9 B/s) as shmem counts them, per iteration from the difference of the two runs."""
    if any(r.error is not None for r in pt.runs):
        pt.run = [r for r in pt.runs if r.error is not None][0]
        return None
    c1, c2 = (r.report["cycles"] for r in pt.runs)
    clock = pt.runs[1].report["device_params"]["clock_mhz"] * 1e6
    counted = pt.groups * LDS_LOCAL * LDS_COUNTED * (LDS_ITERS[1] - LDS_ITERS[0])
    return counted / ((c2 - c1) / clock) / 1e9


# ----------------------------------------------------------------- d2d_copy
#
# Row B24: hipMemcpy DeviceToDevice of 1 GiB, 2 x size / time divided by
# 1024^3 (printed "GB/s").  hipMemcpy runs the ROCm runtime's copy kernel;
# blit_copy (tests/calibrate/kernels/copy.cl) follows its method as the
# runtime of 2020-2021 launched it (ROCR-Runtime amd_blit_kernel.cpp): 4
# waves per CU in work-groups of 64, a grid-stride loop of one uint4 per
# work-item per iteration, each load waited for before its store.  Shrunk
# to COPY_BYTES (each work-item still loops 546 times at 2^27 bytes on
# 60 CUs): 2^26, 2^27 and 2^28 bytes give 616.4, 615.6 and 615.2 GiB/s.
COPY_BYTES = 1 << 27
COPY_LOCAL = 64
COPY_WAVES_PER_CU = 4


def copy_points(rows, nbytes=COPY_BYTES):
    pts = []
    for row in rows:
        if row["id"] != "B24":
            continue
        pt = Point("d2d_copy", row)
        pt.preset, pt.gpu, pt.unit = CSCS_PRESET, "ault:amdvega", "GiB/s (2^30 B/s)"
        co = os.path.join(HERE, "bin", "copy-%s.co" % PRESET_TARGET[pt.preset])
        grid = 64 * COPY_WAVES_PER_CU * int(preset_defaults(pt.preset)["cus"])
        pt.run = Run(co, pt.preset, "blit_copy", grid, COPY_LOCAL,
                     ["zero:%d" % nbytes, "zero:%d" % nbytes, "u64:%d" % (nbytes // 16)], [])
        pt.runs = [pt.run]
        pt.bytes = nbytes
        pt.n, pt.n_published, pt.local, pt.board = grid, grid, COPY_LOCAL, None
        pt.notes += ["mi50 preset (L0), clock not stated: preset's",
                     "size 2^%d of 2^30 B" % (nbytes.bit_length() - 1),
                     "the runtime's blit method: 4 waves/CU, grid-stride uint4 loop"]
        pts.append(pt)
    return pts


def copy_value(pt):
    """GiB/s as the check counts it: bytes read and written / kernel time / 2^30."""
    if pt.run.error is not None:
        return None
    r = pt.run.report
    return 2 * pt.bytes / (r["cycles"] / (r["device_params"]["clock_mhz"] * 1e6)) / 2 ** 30


# ------------------------------------------------------------------- launch
#
# Row O14: CSCS kernel_latency, an empty null_kernel<<<1,1>>> launched 5000
# times back to back with one synchronisation at the end: host time per
# launch.  Here: the empty kernel (tests/calibrate/kernels/empty.cl), one
# work-item, its simulated time plus the per-launch overhead outside it
# (launch_ns): the JSON's total_us.  launch_ns was fitted to this row, so
# it checks only that the two add up.  Not reproduced: O13 (the same with a
# host synchronisation after each launch: the host's round trip) and
# O1-O12 (clpeak's queued-to-start latency of the OpenCL runtimes, host
# software).
def launch_points(rows):
    pts = []
    for row in rows:
        if row["id"] != "O14":
            continue
        pt = Point("launch", row)
        pt.preset, pt.gpu, pt.unit = CSCS_PRESET, "ault:amdvega", "us per launch"
        co = os.path.join(HERE, "bin", "empty-%s.co" % PRESET_TARGET[pt.preset])
        pt.run = Run(co, pt.preset, "empty_kernel", 1, 1, [], [])
        pt.runs = [pt.run]
        pt.n, pt.n_published, pt.local, pt.board = 1, 1, 1, None
        pt.notes += ["mi50 preset (L0), clock not stated: preset's",
                     "launch_ns fitted to this row"]
        pts.append(pt)
    return pts


def launch_value(pt):
    """Microseconds per back-to-back launch: the kernel's time plus the launch overhead."""
    if pt.run.error is not None:
        return None
    return pt.run.report["total_us"]


def cscs_points(rows):
    return chase_points(rows) + lds_points(rows) + copy_points(rows) + launch_points(rows)
