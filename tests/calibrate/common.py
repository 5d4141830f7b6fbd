"""What the datasets of make calibrate share: a gcnsim run, a calibration
point, the presets' parameters, running them all, the table and the CSV."""
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
GCNSIM = os.environ.get("GCNSIM") or os.path.join(ROOT, "gcnsim")

# Target of each preset (as `gcnsim devices` lists them): which committed
# code object a preset runs.
PRESET_TARGET = {"hd-7970": "gfx600", "r9-290x": "gfx701", "r9-nano": "gfx803",
                 "rx-480": "gfx803", "vega-64": "gfx900", "mi50": "gfx906"}


class Run:
    """One gcnsim launch: its command and, once run, its JSON report or error."""

    def __init__(self, co, preset, kernel, n, local, args, sets):
        self.co, self.preset, self.kernel, self.n, self.local = co, preset, kernel, n, local
        self.args, self.sets = args, sets
        self.cost = n            # what orders the runs: the longest first
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
        # the leading number of the value ("140 cycles per dependent load" -> 140)
        self.published = float(re.match(r"\s*([0-9]+(?:\.[0-9]*)?)", row["value"]).group(1))
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


def board_sets(preset, board, keys=("clock_mhz", "cus", "dram_gbps")):
    """--set KEY=VALUE for the board's clock, CUs and DRAM bandwidth (or the keys
    given) where the board has them and they differ from the preset."""
    if preset not in _defaults:
        _defaults[preset] = preset_defaults(preset)
    d = _defaults[preset]
    sets = []
    for key in keys:
        if key in board and float(board[key]) != d.get(key):
            sets.append("%s=%g" % (key, board[key]))
    return sets


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
    todo = sorted(unique.values(), key=lambda r: -r.cost)       # longest first
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
    iw = max([11] + [len(p.id) for p in pts])
    units = []
    for p in pts:
        if p.unit not in units:
            units.append(p.unit)
    out.write("\n%s: %d points (%s)\n" % (name, len(pts), " / ".join(units)))
    out.write("  %-*s %-*s %-8s %12s %12s %8s  %s\n" % (
        iw, "id", w, "GPU", "preset", "published", "simulated", "error", "reproduction"))
    for p in pts:
        e = p.error_pct()
        out.write("  %-*s %-*s %-8s %s %s %8s  %s\n" % (
            iw, p.id, w, p.gpu[:w], p.preset, fmt(p.published), fmt(p.simulated),
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


