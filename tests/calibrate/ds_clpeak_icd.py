"""clpeak itself through the OpenCL driver: the dataset `clpeak_icd` of make calibrate.

Debian's clpeak (1.1.2, a third-party program: its own kernels, sizes,
iteration counts and arithmetic) runs single tests through the ICD loader
on build/libgcnsim-opencl.so (OCL_ICD_VENDORS=build/vendors) with
--use-event-timer, and the numbers it prints are set beside the published
clpeak logs of the same boards: global memory bandwidth (rows B10-B23),
single-precision compute (C1-C14, SP) and the kernel launch latency
(O1-O12).  One board per preset that has published points (the board the
preset was built from), with its CUs, clock and DRAM bandwidth set as the
clpeak_bw dataset sets them (GCNSIM_SET)."""
import os
import re
import shutil
import subprocess
import time

from common import ROOT, Point, board_sets
from ds_clpeak_bw import CLPEAK_BOARDS

VENDORS = os.path.join(ROOT, "build", "vendors")

# The board of each preset: (bandwidth row, compute row, latency row or None).
ICD_BOARDS = {"hd-7970": ("B10", "C1", "O1"), "r9-290x": ("B11", "C2", "O2"),
              "r9-nano": ("B14", "C5", None), "rx-480": ("B16", "C7", "O6"),
              "mi50": ("B19", "C10", "O9")}
# The boards make calibrate runs by default (--icd-all: every one above):
# clpeak's bandwidth test makes 510 launches of 2^22 floats (106 s of one
# core on mi50) and its compute test 155 of 262,144 work-items (252 s on
# hd-7970): bandwidth on mi50 (its 2021 logs are of the clpeak
# closest to Debian's 1.1.2), compute on hd-7970 (32 CUs: clpeak's 1024
# work-groups fall evenly on them), the latency (seconds) on every board.
ICD_DEFAULT = {"bw": ("mi50",), "sp": ("hd-7970",), "latency": tuple(ICD_BOARDS)}

# Device memory per test (GCNSIM_SET mem_mib; CL_DEVICE_MAX_MEM_ALLOC_SIZE
# is the whole memory).  Bandwidth: clpeak reads half the largest
# allocation, 32 MiB -> 2^22 floats (16 MiB; the logs' runs read 2^25 or
# more).  Compute: clpeak's grid, CUs x 2048 work-groups of 256, is
# clipped to the largest allocation of floats, 1 MiB -> 262,144 work-items
# (the published runs: 16 to 31 million).  Latency: functionally and on one
# CU (the time from queued to start is the launch overhead whatever the
# kernel; clpeak makes 20,000 launches).
ICD_SETS = {"bw": ["mem_mib=32"], "sp": ["mem_mib=1"], "latency": ["mem_mib=32", "cus=1"]}
ICD_FLAGS = {"bw": "--global-bandwidth", "sp": "--compute-sp", "latency": "--kernel-latency"}


class ClpeakRun:
    """One clpeak test through the driver on a preset: its printed numbers, or an error.
    It has what common.execute and write_csv ask of a Run."""

    def __init__(self, test, preset, sets):
        self.test, self.preset, self.sets = test, preset, sets
        self.kernel, self.n, self.local, self.args = "clpeak " + ICD_FLAGS[test], 0, 256, []
        self.cost = 1 << 40          # longer than any gcnsim run: started first
        self.report, self.error, self.seconds = None, None, 0.0

    def key(self):
        return ("clpeak", self.test, self.preset, tuple(self.sets))

    def env(self):
        e = {k: v for k, v in os.environ.items() if not k.startswith(("GCNSIM_", "OCL_ICD_"))}
        e.update(OCL_ICD_VENDORS=VENDORS, GCNSIM_DEVICE=self.preset, GCNSIM_SET=",".join(self.sets))
        if self.test == "latency":
            e["GCNSIM_FUNCTIONAL"] = "1"
        return e

    def execute(self):
        t0 = time.time()
        try:
            p = subprocess.run(["clpeak", ICD_FLAGS[self.test], "--use-event-timer"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, timeout=3600, env=self.env(), cwd=ROOT)
            vals = parse(p.stdout)
            if p.returncode != 0 or not vals:
                self.error = "clpeak exit status %d: %s" % (p.returncode, (p.stdout + p.stderr).strip()[-300:])
            else:
                self.report = {"values": vals, "device_params": parse_device(p.stdout)}
        except (subprocess.TimeoutExpired, OSError) as e:
            self.error = repr(e)
        self.seconds = time.time() - t0
        return self


def parse(out):
    """clpeak's printed numbers: {"float": GB/s or GFLOPS, ..., "latency": us}."""
    vals = {}
    for m in re.finditer(r"^\s+(float\d*)\s*:\s*([0-9.]+)\s*$", out, re.M):
        vals[m.group(1)] = float(m.group(2))
    m = re.search(r"Kernel launch latency\s*:\s*([0-9.]+)\s*us", out)
    if m:
        vals["latency"] = float(m.group(1))
    return vals


def parse_device(out):
    """The CUs and clock clpeak printed for the device."""
    d = {}
    for key, name in (("cus", "Compute units"), ("clock_mhz", "Clock frequency")):
        m = re.search(r"%s\s*:\s*(\d+)" % name, out)
        if m:
            d[key] = int(m.group(1))
    return d


def icd_points(rows, every=False):
    """Points of the clpeak rows of each preset's board, with their ClpeakRuns
    (none when clpeak or the driver is missing: the caller says so)."""
    if not shutil.which("clpeak") or not os.path.isdir(VENDORS):
        return []
    want = {}
    for preset, ids in ICD_BOARDS.items():
        for test, rid in zip(("bw", "sp", "latency"), ids):
            if rid and (every or preset in ICD_DEFAULT[test]):
                want[rid] = (test, preset, ids[0])
    runs, pts = {}, []
    for row in rows:
        rid = row["id"].split(".")[0]
        q = row["quantity"]
        if rid not in want:
            continue
        test, preset, bw_id = want[rid]
        if test == "bw":
            m = re.match(r"clpeak global memory bandwidth (float\d*)$", q)
            key = m and m.group(1)
        elif test == "sp":
            m = re.match(r"clpeak SP GFLOPS vector width x(\d+)$", q)
            key = m and "float" + ("" if m.group(1) == "1" else m.group(1))
        else:
            key = "latency" if q.startswith("clpeak kernel launch latency") else None
        if not key:
            continue
        pt = Point("clpeak_icd", row)
        board = CLPEAK_BOARDS[bw_id]
        pt.preset, pt.gpu, pt.key = preset, board["name"], key
        pt.unit = pt.unit or "us"
        sets = (board_sets(preset, board, ("clock_mhz", "dram_gbps")) if test == "latency"
                else board_sets(preset, board)) + ICD_SETS[test]
        run = runs.setdefault((test, preset), ClpeakRun(test, preset, sets))
        pt.run, pt.runs = run, [run]
        pt.n_published = None
        pt.notes.append("clpeak %s; %s" % (ICD_FLAGS[test], " ".join(sets)))
        if test == "latency":
            pt.notes.append("functional")
        pts.append(pt)
    return pts


def icd_value(pt):
    """The number clpeak printed for the point."""
    if pt.run.error is not None:
        return None
    return pt.run.report["values"].get(pt.key)


def icd_intro(every):
    if not shutil.which("clpeak") or not os.path.isdir(VENDORS):
        return ("\nclpeak through the OpenCL driver: not run (%s).\n"
                % ("clpeak not installed (Debian package clpeak)" if shutil.which("clpeak") is None
                   else "the driver is not built: make"))
    return (
        "\nclpeak through the OpenCL driver: Debian's clpeak (1.1.2: its own kernels, built by the driver with "
        "clang-15, its own grid, iterations and arithmetic) run by the ICD loader on build/libgcnsim-opencl.so "
        "with --use-event-timer, one test per run, under the cycle model; the simulated column is the number "
        "clpeak printed.  Each preset's own board (%s), its CUs, clock and DRAM bandwidth as in clpeak_bw.  "
        "Sizes from the device memory (GCNSIM_SET mem_mib): bandwidth 2^22 floats read (mem_mib=32; the logs: "
        "2^25 or more), compute 262,144 work-items (mem_mib=1; the logs: CUs x 2048 x 256), so the launch "
        "overhead inside each event (2.38 us) weighs more than on the boards.  Kernel launch latency "
        "(START - QUEUED, as clpeak 1.1.2 takes it) is the launch overhead, the same on every preset (run "
        "functionally on one CU); the published 10-120 us are the host runtimes' submission, which gcnsim "
        "does not model.%s\n" % (
            ", ".join("%s %s" % (p, ICD_BOARDS[p][0]) for p in ICD_BOARDS),
            "" if every else "  By default bandwidth on mi50 and compute on hd-7970 only (minutes "
            "each); --icd-all runs every preset's board."))
