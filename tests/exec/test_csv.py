#!/usr/bin/env python3
"""rocprof's files, as `gcnsim run --csv PATH [--stats]` and `gcnsim exec
--csv PATH [--stats]` write them, read with Python's csv module and checked
against rocprofiler's layout (ROCm >= 5.3, tag rocm-5.7.1: tool.cpp's
dispatch line, tblextr.py's column order, dform.py's statistics view):

- the header: Index, KernelName, gpu-id, queue-id, queue-index, pid, tid,
  grd, wgr, lds, scr, arch_vgpr, accum_vgpr, sgpr, wave_size, sig, obj,
  rocprof's metric names, DispatchNs, BeginNs, EndNs, CompleteNs,
  DurationNs;
- run: one row; grd and wgr the sizes given, lds the group segment rounded
  up to 512 bytes (with --dynamic-lds), arch_vgpr and sgpr by rocprof's
  formulas from the descriptor as llvm-objdump decodes it, obj the
  descriptor's address; the metrics equal --json's "rocprof"; DurationNs =
  EndNs - BeginNs = the cycles at the preset's clock;
- exec of tests/ocl/ocl_two_kernels (scale and add_one, 3 calls each): 6
  rows in dispatch order, Index and queue-index 0..5, one pid, the kernels
  alternating with their sizes, each dispatch starting when the previous
  one ended on the queue's clock, DurationNs = --json's cycles at the clock;
- --stats: Name, Calls, TotalDurationNs, AverageNs, Percentage computed
  here from the rows (integer division for AverageNs), sorted by total
  time, descending; the path with .csv replaced by .stats.csv;
- usage errors: --stats without --csv, --csv with --functional (one line,
  status 2).
Prints PASS:/FAIL: lines."""
import csv
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check  # noqa: E402

G = gtest.GCNSIM
PROG = os.path.join(ROOT, "build", "ocl", "ocl_two_kernels")
MICRO = os.path.join(ROOT, "tests", "micro", "bin")
TMP = gtest.tempdir("gcnsim-csv-")
# rocprofiler rocm-5.7.1: tool.cpp's dispatch line (>= 5.3), then the metrics, then the timestamps
HEAD = ["Index", "KernelName", "gpu-id", "queue-id", "queue-index", "pid", "tid", "grd", "wgr", "lds", "scr",
        "arch_vgpr", "accum_vgpr", "sgpr", "wave_size", "sig", "obj"]
TAIL = ["DispatchNs", "BeginNs", "EndNs", "CompleteNs", "DurationNs"]
METRICS = ["GPUBusy", "Wavefronts", "VALUInsts", "SALUInsts", "SFetchInsts", "GDSInsts", "VFetchInsts",
           "VWriteInsts", "LDSInsts", "FlatVMemInsts", "FlatLDSInsts", "VALUUtilization", "VALUBusy", "SALUBusy",
           "MemUnitBusy", "MemUnitStalled", "WriteUnitStalled", "ALUStalledByLDS", "LDSBankConflict",
           "L2CacheHit", "FetchSize", "WriteSize", "MemWrites32B"]
STATS = ["Name", "Calls", "TotalDurationNs", "AverageNs", "Percentage"]


def env():
    e = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "GCNSIM_EXEC_LOG", "GCNSIM_OPENCL_DRIVER",
              "OCL_ICD_VENDORS", "OCL_ICD_FILENAMES"):
        e.pop(k, None)
    return e


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


def descriptor(co, kernel):
    """.amdhsa_next_free_vgpr and _sgpr as llvm-objdump decodes the
    kernel descriptor (from its granulated fields)."""
    p = subprocess.run(["llvm-objdump-16", "-d", "-j", ".rodata", co], stdout=subprocess.PIPE, text=True)
    text = p.stdout.split(f"<{kernel}.kd>:", 1)[-1]
    v = re.search(r"\.amdhsa_next_free_vgpr (\d+)", text)
    s = re.search(r"\.amdhsa_next_free_sgpr (\d+)", text)
    return int(v.group(1)), int(s.group(1))


def check_stats(path, rows, what):
    head, got = read(path)
    check(f"csv/{what} stats header", head == STATS, f"{head}")
    bins = {}
    for r in rows:
        b = bins.setdefault(r["KernelName"], [0, 0])
        b[0] += 1
        b[1] += int(r["DurationNs"])
    total = sum(b[1] for b in bins.values())
    want = sorted(bins.items(), key=lambda kv: -kv[1][1])
    ok = len(got) == len(want)
    for g, (name, (calls, dur)) in zip(got, want):
        ok &= (g["Name"] == name and int(g["Calls"]) == calls and int(g["TotalDurationNs"]) == dur and
               int(g["AverageNs"]) == dur // calls and abs(float(g["Percentage"]) - 100.0 * dur / total) < 1e-9)
    check(f"csv/{what} stats rows", ok, f"{got}, expected {want} (sum {total})")
    tot = [int(g["TotalDurationNs"]) for g in got]
    check(f"csv/{what} stats sorted by TotalDurationNs descending", tot == sorted(tot, reverse=True) and
          abs(sum(float(g["Percentage"]) for g in got) - 100) < 1e-6, f"{tot}")


def test_run():
    co = os.path.join(MICRO, "lds_stride32-gfx900.co")
    out = os.path.join(TMP, "run.csv")
    argv = [G, "run", co, "--kernel", "lds_stride32", "--global", "128", "--local", "64", "--arg", "zero:512",
            "--dynamic-lds", "100", "--csv", out, "--stats", "--json", "-"]
    p = gtest.run(argv, env=env())
    check("csv/run exit status", p.returncode == 0, p.stderr.strip())
    j = json.loads(p.stdout)
    head, rows = read(out)
    check("csv/run header: rocprof's columns in rocprof's order", head == HEAD + METRICS + TAIL, f"{head}")
    check("csv/run one row", len(rows) == 1, f"{len(rows)} rows")
    r = rows[0]
    vgpr, sgpr = descriptor(co, "lds_stride32")
    # rocprof: arch_vgpr (GRANULATED_WORKITEM_VGPR_COUNT+1)*4, sgpr
    # (GRANULATED_WAVEFRONT_SGPR_COUNT/2+1)*16; gfx9's SGPR granule is 8
    want_sgpr = ((sgpr // 8 - 1) // 2 + 1) * 16
    want = {"Index": "0", "KernelName": "lds_stride32", "grd": "128", "wgr": "64", "lds": str(-(-(8192 + 100) // 512) * 512),
            "scr": "0", "arch_vgpr": str(vgpr), "accum_vgpr": "0", "sgpr": str(want_sgpr), "wave_size": "64",
            "gpu-id": "0", "queue-id": "0", "queue-index": "0"}
    bad = {k: (r[k], v) for k, v in want.items() if r[k] != v}
    check("csv/run dispatch columns", not bad, f"(got, expected): {bad}")
    check("csv/run pid, sig, obj", r["pid"].isdigit() and int(r["pid"]) > 0 and r["sig"] == "0x0" and
          re.fullmatch(r"0x[0-9a-f]+", r["obj"]) is not None, f"{r['pid']} {r['sig']} {r['obj']}")
    bad = [m for m in METRICS if abs(float(r[m]) - j["rocprof"][m]) > 1e-6 * max(1, abs(j["rocprof"][m]))]
    check("csv/run metrics = --json's rocprof", not bad, f"differ: {bad}")
    mhz = j["device_params"]["clock_mhz"]
    d, b, e, c = (int(r[k]) for k in ("DispatchNs", "BeginNs", "EndNs", "CompleteNs"))
    check("csv/run times", int(r["DurationNs"]) == e - b == j["cycles"] * 1000 // mhz and d == 0 and
          b == j["overhead_cycles"] * 1000 // mhz and c == e,
          f"{r['DispatchNs']} {r['BeginNs']} {r['EndNs']} {r['DurationNs']}; cycles {j['cycles']} at {mhz} MHz")
    check_stats(os.path.join(TMP, "run.stats.csv"), rows, "run")


def test_exec():
    if not os.access(PROG, os.X_OK):
        check("csv/exec program built", False, f"{PROG} missing (make builds it)")
        return
    out = os.path.join(TMP, "exec.csv")
    js = os.path.join(TMP, "exec.json")
    p = gtest.run([G, "exec", "--csv", out, "--stats", "--json", js, PROG], env=env())
    check("csv/exec exit status and the program's checks", p.returncode == 0 and "FAIL" not in p.stdout,
          p.stderr.strip()[-300:])
    head, rows = read(out)
    check("csv/exec header", head == HEAD + METRICS + TAIL, f"{head}")
    check("csv/exec one row per dispatch", len(rows) == 6, f"{len(rows)} rows")
    names = [r["KernelName"] for r in rows]
    grd = [int(r["grd"]) for r in rows]
    check("csv/exec kernels and sizes in dispatch order",
          names == ["scale", "add_one"] * 3 and grd == [4096, 4096, 8192, 8192, 16384, 16384] and
          all(r["wgr"] == "64" for r in rows), f"{names} {grd}")
    check("csv/exec Index, queue-index, pid",
          [r["Index"] for r in rows] == [str(i) for i in range(6)] and
          [r["queue-index"] for r in rows] == [str(i) for i in range(6)] and len({r["pid"] for r in rows}) == 1,
          f"{[(r['Index'], r['queue-index'], r['pid']) for r in rows]}")
    check("csv/exec Wavefronts = grd / 64", all(float(r["Wavefronts"]) == int(r["grd"]) / 64 for r in rows),
          f"{[r['Wavefronts'] for r in rows]}")
    with open(js) as f:
        disp = json.load(f)["dispatches"]
    ok = len(disp) == 6
    for i, (r, dj) in enumerate(zip(rows, disp)):
        mhz = dj["device_params"]["clock_mhz"]
        ok &= int(r["DurationNs"]) == dj["cycles"] * 1000 // mhz == int(r["EndNs"]) - int(r["BeginNs"])
        ok &= int(r["BeginNs"]) - int(r["DispatchNs"]) == dj["overhead_cycles"] * 1000 // mhz
        ok &= i == 0 or int(r["DispatchNs"]) >= int(rows[i - 1]["EndNs"])
        ok &= abs(float(r["VALUBusy"]) - dj["rocprof"]["VALUBusy"]) < 1e-6
    check("csv/exec times on the queue's clock and metrics = --json's dispatches", ok,
          f"{[(r['DispatchNs'], r['BeginNs'], r['EndNs'], r['DurationNs']) for r in rows]}")
    check_stats(os.path.join(TMP, "exec.stats.csv"), rows, "exec")


def test_usage():
    co = os.path.join(MICRO, "valu_chain-gfx900.co")
    base = [G, "run", co, "--kernel", "valu_chain", "--global", "64", "--arg", "zero:256"]
    for extra, want in ((["--stats"], "--stats needs --csv"),
                        (["--csv", os.path.join(TMP, "f.csv"), "--functional"], "--csv needs the cycle model")):
        p = gtest.run(base + extra, env=env())
        err = p.stderr.strip()
        check(f"csv/run {' '.join(extra[:1] + extra[2:])} refused", p.returncode == 2 and want in err and
              len(err.splitlines()) == 1, f"status {p.returncode}: {err}")
    p = gtest.run([G, "exec", "--csv", os.path.join(TMP, "g.csv"), "--functional", "true"], env=env())
    check("csv/exec --csv --functional refused", p.returncode == 2 and "--csv needs the cycle model" in p.stderr,
          f"status {p.returncode}: {p.stderr.strip()}")


if __name__ == "__main__":
    if not shutil.which("llvm-objdump-16"):
        check("csv/llvm-objdump-16 installed (.ci/packages: llvm-16)", False, "missing")
    gtest.run_each([test_run, test_exec, test_usage])
    gtest.done()
