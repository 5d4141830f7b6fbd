#!/usr/bin/env python3
"""gcnsim sweep: plan, run (GNU parallel, shards), slurm, collect; compare on a selection.

- a sweep of 24 points (two workloads: a kernel through gcnsim run and the
  reduce bench; three axes: cus, clock_mhz, l2_kib): the plan is the
  product the file describes, ids are unique and do not change when the
  axes are written in another order;
- sweep run --jobs 2 through GNU parallel (its job log lists the points),
  stopped part-way twice (SIGTERM, then SIGKILL, to the whole process
  group), then resumed: every record is whole JSON, each point is in the
  database exactly once, and its figures (cycles, simulated time, every
  rocprof metric) are those of gcnsim run / gcnsim bench run directly on
  that point; the database equals that of the points run one by one
  (--jobs 1); the CSV holds the same rows;
- two shards run into two folders and collected together give the same
  database as the unsharded run;
- a failed point (a bad problem size, a guest fault) is recorded with the
  error gcnsim itself prints, the others go on, the summary counts them;
- bad sweep files (unknown key, empty axis, value out of range, YAML syntax
  error, ...) give one line naming the file, the line and the reason, and
  exit 2;
- Slurm: munged, slurmctld and slurmd started here on a generated
  configuration (a one-node cluster), the generated job-array script
  submitted with sbatch, its results collected: the same database as GNU
  parallel's; the daemons are stopped at the end;
- gcnsim compare DB --where / point ids: the chosen points' figures.

Prints PASS:/FAIL:/SKIP: lines."""
import csv
import getpass
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, GCNSIM, check  # noqa: E402

TMP = gtest.tempdir("gcnsim-sweep-")
CO = os.path.join(ROOT, "tests", "kernels", "bin", "arith-gfx900.co")
ENV = dict(os.environ, GCNSIM_THREADS="1")
F32_ARGS = ["--kernel", "arith_f32", "--global", "64K", "--arg", "zero:256K", "--arg", "rand:f32:64K",
            "--arg", "rand:f32:64K:2", "--arg", "f32:1.5"]
REDUCE_ARGS = ["--n", "65536"]
AXES = [("cus", [2, 4, 8]), ("clock_mhz", [800, 1200]), ("l2_kib", [256, 1024])]


def sweep_text(axes=AXES):
    lines = ["name: t", "presets: [vega-64]", "runs:", "  - name: f32", "    kernel: arith.co",
             "    args: " + " ".join(F32_ARGS), "  - bench: reduce", "    args: [%s]" % ", ".join(REDUCE_ARGS),
             "axes:"]
    lines += ["  %s: [%s]" % (k, ", ".join(map(str, v))) for k, v in axes]
    return "\n".join(lines) + "\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def gc(args, **kw):
    kw.setdefault("cwd", TMP)
    kw.setdefault("env", ENV)
    return gtest.gcnsim(args, timeout=120, **kw)


shutil.copy(CO, os.path.join(TMP, "arith.co"))
SW = write(os.path.join(TMP, "s.yaml"), sweep_text())
KEYS = [k for k, _ in AXES]


def expected_points():
    pts = []
    for run in ("f32", "reduce"):
        for c in AXES[0][1]:
            for m in AXES[1][1]:
                for l2 in AXES[2][1]:
                    pts.append((run, c, m, l2))
    return pts


def plan(path):
    r = gc(["sweep", "plan", path])
    rows = [ln.split() for ln in r.stdout.splitlines()]
    return r, rows


# ---- the reference: each point run directly ----------------------------------

def direct(run, c, m, l2):
    """The figures of one point from gcnsim run / bench itself (no sweep code)."""
    out = os.path.join(TMP, "direct.json")
    sets = ["--device", "vega-64", "--set", "cus=%d" % c, "--set", "clock_mhz=%d" % m, "--set", "l2_kib=%d" % l2,
            "--json", out]
    if run == "f32":
        r = gc(["run", "arith.co"] + F32_ARGS + sets)
    else:
        r = gc(["bench", "reduce"] + REDUCE_ARGS + sets)
    assert r.returncode == 0, r.stderr
    rep = json.load(open(out))
    if "groups" in rep:
        main = max(rep["groups"], key=lambda g: g["cycles"])
        t = sum(g["time_us"] for g in rep["groups"])
    else:
        main, t = rep, rep["time_us"]
    return {"cycles": rep["cycles"], "time_us": t, "rocprof": main["rocprof"]}


def db_rows(path):
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    rows = [dict(r) for r in con.execute("SELECT * FROM points ORDER BY id")]
    con.close()
    return rows


# what a report measures of the host, not of the simulated device (gcnsim bench --json)
HOST_KEYS = ("host_seconds", "sim_seconds", "wave_instructions_per_second", "cycles_per_second", "max_rss_kib")


def strip_host(rows):
    """rows without the host's measurements (the host_seconds column, those of each report)."""
    out = []
    for r in rows:
        r = {k: v for k, v in r.items() if k != "host_seconds"}
        if r.get("report"):
            r["report"] = {k: v for k, v in json.loads(r["report"]).items() if k not in HOST_KEYS}
        out.append(r)
    return out


def collect(dirs, name):
    db, cv = os.path.join(TMP, name + ".sqlite"), os.path.join(TMP, name + ".csv")
    r = gc(["sweep", "collect"] + dirs + ["--db", db, "--csv", cv])
    assert r.returncode == 0, r.stderr
    return db, cv


def n_records(d):
    return len([f for f in os.listdir(d) if f.endswith(".json") and not f.startswith(".")]) if os.path.isdir(d) else 0


# ---- checks ----------------------------------------------------------------------

def test_plan():
    r, rows = plan(SW)
    got = sorted((w[2], int(w[4].split("=")[1]), int(w[5].split("=")[1]), int(w[6].split("=")[1])) for w in rows)
    check("plan: 24 points, the product of 2 runs and 3 axes (exit 0)",
          r.returncode == 0 and got == sorted(expected_points()), r.stdout + r.stderr)
    ids = [w[0] for w in rows]
    check("plan: ids unique, 16 hex digits", len(set(ids)) == 24 and all(len(i) == 16 for i in ids), ids)
    other = write(os.path.join(TMP, "other.yaml"), sweep_text(list(reversed(AXES))))
    _, rows2 = plan(other)
    check("plan: the same ids with the axes in another order", sorted(w[0] for w in rows2) == sorted(ids))
    pts = write(os.path.join(TMP, "points.yaml"), "presets: [vega-64, hd-7970]\nruns:\n  - bench: reduce\n"
                "points:\n  - {cus: 2}\n  - {cus: 4, l2_kib: 512}\n  - {preset: mi50, cus: 8}\n")
    r4, rows4 = plan(pts)
    got = [" ".join(w[3:]) for w in rows4]
    check("plan of explicit points: each on every preset, or on its own preset",
          got == ["vega-64 cus=2", "vega-64 cus=4 l2_kib=512", "hd-7970 cus=2", "hd-7970 cus=4 l2_kib=512",
                  "mi50 cus=8"], r4.stdout + r4.stderr)
    inj = write(os.path.join(TMP, "inj.yaml"), 'name: "a\\nrm -rf x"\npresets: vega-64\nruns:\n  - bench: reduce\n')
    r5 = gc(["sweep", "slurm", inj, "--script", "-", "--out", os.path.join(TMP, "inj")])
    lines = r5.stdout.splitlines()
    check("sweep slurm: a sweep's name cannot add a line to the script",
          r5.returncode == 0 and all(ln.startswith(("#", "exec ")) for ln in lines) and
          "#SBATCH --job-name=gcnsim-sweep-a_rm_-rf_x" in lines, r5.stdout + r5.stderr)
    r3 = gc(["sweep", "plan", SW, "--shard", "2/3", "--ids"])
    check("plan --shard 2/3 --ids: every third point from the second",
          r3.stdout.split() == ids[1::3], r3.stdout)


def wait_records(d, n, proc, limit=60):
    t0 = time.time()
    while n_records(d) < n and proc.poll() is None and time.time() - t0 < limit:
        time.sleep(0.002)


def interrupt(out, sig):
    """Start sweep run --jobs 2 and send sig to its process group once a few points are recorded."""
    before = n_records(out)
    p = subprocess.Popen([GCNSIM, "sweep", "run", SW, "--jobs", "2", "--out", out], cwd=TMP, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    wait_records(out, before + 3, p)
    try:
        os.killpg(p.pid, sig)
    except ProcessLookupError:
        pass
    p.communicate(timeout=60)
    wait_quiet(out)
    return before, n_records(out)


def wait_quiet(out, limit=60):
    """Wait until no process names folder out on its command line (points of a stopped run finishing)."""
    t0 = time.time()
    while time.time() - t0 < limit:
        busy = False
        for pid in os.listdir("/proc"):
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    busy |= pid.isdigit() and out.encode() in f.read()
            except OSError:
                pass
        if not busy:
            return
        time.sleep(0.05)


def test_stale_temporaries():
    """A runner killed on this host leaves .ID.KIND.HOST.PID files; the point's next run removes those whose
    process is gone, and keeps a live process's and another host's."""
    f = write(os.path.join(TMP, "one.yaml"), "presets: vega-64\nruns:\n  - bench: reduce\n    args: --n 4096\n")
    pid = gc(["sweep", "plan", f, "--ids"]).stdout.split()[0]
    out = os.path.join(TMP, "stale")
    os.makedirs(out, exist_ok=True)
    gone = subprocess.Popen(["true"])
    gone.wait()
    host = socket.gethostname().replace(".", "_").replace("/", "_") or "host"
    dead = ".%s.report.%s.%d" % (pid, host, gone.pid)
    live = ".%s.stderr.%s.%d" % (pid, host, os.getpid())
    other = ".%s.json.%s.%d" % (pid, "otherhost" if host != "otherhost" else "elsewhere", gone.pid)
    for n in (dead, live, other):
        write(os.path.join(out, n), "x")
    r = gc(["sweep", "run", f, "--out", out])
    left = sorted(x for x in os.listdir(out) if x.startswith("."))
    check("a point's run removes the temporary files its killed runners left on this host, not a live "
          "process's nor another host's", r.returncode == 0 and left == sorted([live, other]) and
          os.path.exists(os.path.join(out, pid + ".json")), (left, r.stdout, r.stderr))


def test_parallel_resume():
    out = os.path.join(TMP, "par")
    b1, a1 = interrupt(out, signal.SIGTERM)
    b2, a2 = interrupt(out, signal.SIGKILL)
    check("run --jobs 2 stopped part-way by SIGTERM, then by SIGKILL (points recorded, not all)",
          0 < a1 < 24 and a1 <= a2 < 24, (a1, a2))
    whole = True
    for f in os.listdir(out):
        if f.endswith(".json") and not f.startswith("."):
            try:
                rec = json.load(open(os.path.join(out, f)))
                whole &= rec["status"] == "ok" and rec["id"] + ".json" == f
            except ValueError:
                whole = False
    check("every record left by the stopped runs is whole JSON of an ok point", whole)
    r = gc(["sweep", "run", SW, "--jobs", "2", "--out", out])
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    check("resumed: the finished points skipped, the rest run (exit 0, summary)",
          r.returncode == 0 and "24 points: %d succeeded, 0 failed, %d skipped" % (24 - a2, a2) in last,
          r.stdout[-300:] + r.stderr)
    log = open(os.path.join(out, "parallel.log")).read()
    check("GNU parallel ran the points (its job log names --point of each)",
          log.startswith("Seq\tHost") and log.count("--point") >= 24 - a2, log[:300])
    db, cv = collect([out], "par")
    rows = db_rows(db)
    keys = [(x["run"], x["cus"], x["clock_mhz"], x["l2_kib"]) for x in rows]
    check("database: each of the 24 points exactly once", sorted(keys) == sorted(expected_points()) and
          len({x["id"] for x in rows}) == 24, keys)
    bad = []
    for x in rows:
        ref = direct(x["run"], x["cus"], x["clock_mhz"], x["l2_kib"])
        if x["status"] != "ok" or x["cycles"] != ref["cycles"] or abs(x["time_us"] - ref["time_us"]) > 1e-9:
            bad.append((x["id"], x["cycles"], ref["cycles"], x["time_us"], ref["time_us"]))
        for k, v in ref["rocprof"].items():
            if isinstance(v, (int, float)) and x.get(k) != v:
                bad.append((x["id"], k, x.get(k), v))
    check("database: cycles, time and rocprof metrics of every point = gcnsim run/bench run directly", not bad,
          bad[:5])
    with open(cv) as f:
        crow = list(csv.DictReader(f))
    same = len(crow) == 24 and all(c["id"] == x["id"] and int(c["cycles"]) == x["cycles"] and
                                   float(c["VALUBusy"]) == x["VALUBusy"] for c, x in zip(crow, rows))
    check("CSV: the database's rows", same, crow[:1])
    seq = os.path.join(TMP, "seq")
    r = gc(["sweep", "run", SW, "--out", seq])
    sdb, _ = collect([seq], "seq")
    check("database = that of the points run one by one (--jobs 1), host measurements aside",
          r.returncode == 0 and strip_host(db_rows(sdb)) == strip_host(rows), r.stderr)
    return rows


PAR_ROWS = []


def test_shards():
    a, b = os.path.join(TMP, "shard1"), os.path.join(TMP, "shard2")
    r1 = gc(["sweep", "run", SW, "--shard", "1/2", "--out", a])
    r2 = gc(["sweep", "run", SW, "--shard", "2/2", "--out", b, "--jobs", "2"])
    check("shards 1/2 and 2/2: 12 points each", r1.returncode == 0 and r2.returncode == 0 and
          n_records(a) == 12 and n_records(b) == 12, r1.stdout[-200:] + r2.stdout[-200:])
    db, _ = collect([a, b], "shards")
    check("two shards collected together = the unsharded run", strip_host(db_rows(db)) == strip_host(PAR_ROWS))
    bad = os.path.join(TMP, "badrec")
    os.makedirs(bad)
    first = sorted(f for f in os.listdir(a) if f.endswith(".json"))[0]
    shutil.copy(os.path.join(a, first), os.path.join(bad, "0123456789abcdef.json"))
    r = gc(["sweep", "collect", bad, "--db", os.path.join(TMP, "bad.sqlite")])
    check("collect: a record under another point's name: one line naming it, exit 2", r.returncode == 2 and
          len(r.stderr.splitlines()) == 1 and "0123456789abcdef.json" in r.stderr, r.stderr)
    with open(os.path.join(bad, "0123456789abcdef.json"), "w") as f:
        f.write(open(os.path.join(a, first)).read()[:100])
    r = gc(["sweep", "collect", bad, "--db", os.path.join(TMP, "bad.sqlite")])
    check("collect: a cut record: one line naming it, exit 2, no database", r.returncode == 2 and
          len(r.stderr.splitlines()) == 1 and "0123456789abcdef.json" in r.stderr and
          not os.path.exists(os.path.join(TMP, "bad.sqlite")), r.stderr)


def test_failures():
    text = ("presets: vega-64\nruns:\n  - name: ok\n    bench: reduce\n    args: --n 4096\n"
            "  - name: badsize\n    bench: gemm\n    args: --n 100\n"
            "  - name: fault\n    kernel: arith.co\n    args: --kernel arith_f32 --global 4096 --arg zero:64 "
            "--arg zero:64 --arg zero:64 --arg f32:1\n")
    f = write(os.path.join(TMP, "fail.yaml"), text)
    out = os.path.join(TMP, "fail")
    r = gc(["sweep", "run", f, "--jobs", "2", "--out", out])
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    check("failed points recorded and the sweep goes on: 1 succeeded, 2 failed (exit 1)",
          r.returncode == 1 and "3 points: 1 succeeded, 2 failed, 0 skipped, 0 not run" in last.replace(
              " (finished earlier)", ""), r.stdout + r.stderr)
    db, _ = collect([out], "fail")
    rows = {x["run"]: x for x in db_rows(db)}
    d1 = gc(["bench", "gemm", "--n", "100", "--device", "vega-64"])
    d2 = gc(["run", "arith.co", "--kernel", "arith_f32", "--global", "4096", "--arg", "zero:64", "--arg", "zero:64",
             "--arg", "zero:64", "--arg", "f32:1", "--device", "vega-64", "--json", os.path.join(TMP, "f.json")])

    def last_err(p):
        ls = [ln for ln in p.stderr.splitlines() if ln.strip()]
        return ls[-1].replace("gcnsim: ", "", 1) if ls else ""
    check("a bad parameter: status failed, gcnsim's exit status and error line",
          rows["badsize"]["status"] == "failed" and rows["badsize"]["exit"] == d1.returncode != 0 and
          rows["badsize"]["error"] == last_err(d1), (rows["badsize"]["error"], last_err(d1), d1.returncode))
    check("a guest fault: status failed, exit 3, the fault's line",
          rows["fault"]["status"] == "failed" and rows["fault"]["exit"] == d2.returncode == 3 and
          rows["fault"]["error"] == last_err(d2), (rows["fault"]["error"], last_err(d2)))
    check("the good point: ok", rows["ok"]["status"] == "ok" and rows["ok"]["cycles"] > 0)
    edited = write(os.path.join(TMP, "edited.yaml"), text.replace("name: badsize", "name: bigger").replace(
        "--n 100", "--n 128"))
    r3 = gc(["sweep", "collect", out, "--sweep", edited, "--db", os.path.join(TMP, "edited.sqlite"), "--csv",
             os.path.join(TMP, "edited.csv")])
    runs = sorted(x["run"] for x in db_rows(os.path.join(TMP, "edited.sqlite"))) if r3.returncode == 0 else None
    check("collect --sweep FILE: only the points of the file as it is now, and how many have no record",
          runs == ["fault", "ok"] and "1 points of the sweep have no record yet" in r3.stdout, (runs, r3.stdout))
    slow = write(os.path.join(TMP, "slow.yaml"), "timeout: 1\npresets: vega-64\nruns:\n  - bench: gemm\n"
                 "    args: --n 2048\n")
    t0 = time.time()
    r4 = gc(["sweep", "run", slow, "--out", os.path.join(TMP, "slow")])
    took = time.time() - t0
    rec = [json.load(open(os.path.join(TMP, "slow", x))) for x in os.listdir(os.path.join(TMP, "slow"))
           if x.endswith(".json") and not x.startswith(".")]
    check("timeout: a point running longer is stopped and recorded failed, the sweep goes on",
          r4.returncode == 1 and took < 10 and len(rec) == 1 and rec[0]["status"] == "failed" and
          rec[0]["error"] == "timed out after 1 s (the sweep file's timeout:)", (took, r4.stdout, rec[:1]))
    r2 = gc(["sweep", "run", f, "--out", out])
    check("a resumed sweep counts recorded failures as finished", "0 succeeded, 0 failed, 3 skipped" in r2.stdout,
          r2.stdout)


def test_exec_points():
    prog = os.path.join(ROOT, "build", "ocl", "ocl_run")
    if not os.path.exists(prog) or not os.path.exists(os.path.join(ROOT, "build", "libgcnsim-opencl.so")):
        gtest.skip("exec points", "build/ocl/ocl_run or the OpenCL driver not built (make unit)")
        return
    co = os.path.join(ROOT, "front", "workloads", "bin", "reduce-gfx900.co")
    f = write(os.path.join(TMP, "exec.yaml"), "presets: [vega-64]\nruns:\n  - name: ocl\n    exec: %s\n"
              "    args: [--time, %s]\n  - name: missing\n    exec: %s\n    args: [--time, nofile.co]\n"
              "axes:\n  cus: [2, 4]\n" % (prog, co, prog))
    out = os.path.join(TMP, "exec")
    r = gc(["sweep", "run", f, "--out", out, "--jobs", "2"])
    db, _ = collect([out], "exec")
    rows = {(x["run"], x["cus"]): x for x in db_rows(db)}
    bad = []
    for c in (2, 4):
        j = os.path.join(TMP, "exec-direct.json")
        d = gc(["exec", "--device", "vega-64", "--set", "cus=%d" % c, "--json", j, "--", prog, "--time", co])
        disp = json.load(open(j))["dispatches"]
        x = rows.get(("ocl", c), {})
        if (d.returncode != 0 or x.get("status") != "ok" or x.get("cycles") != sum(y["cycles"] for y in disp) or
                x.get("time_us") != sum(y["time_us"] for y in disp) or x.get("VALUBusy") != disp[0]["rocprof"]["VALUBusy"]):
            bad.append((c, x.get("cycles"), [y["cycles"] for y in disp]))
    check("exec points: cycles, time and metrics of gcnsim exec run directly", r.returncode == 1 and not bad,
          (bad, r.stdout[-300:]))
    m = rows.get(("missing", 2), {})
    check("an exec point whose program fails: recorded failed with its exit status",
          m.get("status") == "failed" and m.get("exit", 0) != 0, m.get("error"))


BAD = [
    ("unknown key", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n  cus: [2]\n  l2_kb: [256]\n", 6,
     "unknown device parameter 'l2_kb' (did you mean l2_kib?)"),
    ("unknown top-level key", "presets: [vega-64]\nrun:\n  - bench: reduce\n", 2, "unknown key 'run'"),
    ("empty axis", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n  cus: []\n", 5, "axis is empty"),
    ("value out of range", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n  cus: [2,\n    100000]\n", 6,
     "cus=100000 is out of range (1..256 CUs)"),
    ("not a number", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n  l2_kib: [big]\n", 5,
     "not an unsigned decimal"),
    ("YAML syntax error", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n  cus: [2, 4\n  l2_kib: 3\n", 6,
     "YAML syntax"),
    ("a second YAML document", "presets: [vega-64]\nruns:\n  - bench: reduce\n---\nfoo: 1\n", 5,
     "a second YAML document"),
    ("no runs", "presets: [vega-64]\n", 1, "no runs:"),
    ("unknown preset", "presets: [vega-46]\nruns:\n  - bench: reduce\n", 1, "unknown device preset 'vega-46'"),
    ("a run giving --set", "presets: [vega-64]\nruns:\n  - bench: reduce\n    args: --n 64 --set cus=2\n", 4,
     "--set is set by the sweep"),
    ("parameters that do not fit together", "presets: [vega-64]\nruns:\n  - bench: reduce\naxes:\n"
     "  l1_kib: [1]\n  l1_ways: [64]\n", 6, "cannot hold 64 ways"),
]


def test_bad_files():
    for name, text, line, why in BAD:
        f = write(os.path.join(TMP, "bad.yaml"), text)
        for sub in (["plan"], ["run", "--out", os.path.join(TMP, "badout")]):
            r = gc(["sweep"] + sub + [f])
            err = r.stderr.splitlines()
            ok = (r.returncode == 2 and len(err) == 1 and err[0].startswith("gcnsim: %s:%d: " % (f, line)) and
                  why in err[0] and not r.stdout)
            check("bad sweep file, %s: sweep %s says FILE:%d and why, exit 2" % (name, sub[0], line), ok,
                  (r.returncode, r.stderr, r.stdout))
    check("no results folder made for a bad file", not os.path.exists(os.path.join(TMP, "badout")))


# ---- Slurm ------------------------------------------------------------------------

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Cluster:
    """munged, slurmctld and slurmd on a generated one-node configuration in a temporary folder."""

    def __init__(self):
        self.dir = gtest.tempdir("gcnsim-slurm-")
        os.chmod(self.dir, 0o755)
        self.procs = []
        d, host, user = self.dir, socket.gethostname().split(".")[0], getpass.getuser()
        with open(os.path.join(d, "munge.key"), "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(os.path.join(d, "munge.key"), 0o600)
        os.makedirs(os.path.join(d, "state")), os.makedirs(os.path.join(d, "spool"))
        conf = {
            "ClusterName": "gcnsimtest", "SlurmctldHost": "%s(127.0.0.1)" % host, "SlurmUser": user,
            "SlurmdUser": user, "AuthType": "auth/munge", "CredType": "cred/munge",
            "AuthInfo": "socket=%s/munge.sock" % d, "SlurmctldPort": free_port(), "SlurmdPort": free_port(),
            "StateSaveLocation": d + "/state", "SlurmdSpoolDir": d + "/spool",
            "SlurmctldPidFile": d + "/slurmctld.pid", "SlurmdPidFile": d + "/slurmd.pid",
            "SlurmctldLogFile": d + "/slurmctld.log", "SlurmdLogFile": d + "/slurmd.log",
            "ProctrackType": "proctrack/linuxproc", "TaskPlugin": "task/none",
            "JobAcctGatherType": "jobacct_gather/none", "AccountingStorageType": "accounting_storage/none",
            "JobCompType": "jobcomp/none", "SchedulerType": "sched/builtin", "SelectType": "select/cons_tres",
            "SelectTypeParameters": "CR_CPU", "MpiDefault": "none", "ReturnToService": 2,
        }
        self.conf = os.path.join(d, "slurm.conf")
        with open(self.conf, "w") as f:
            for k, v in conf.items():
                f.write("%s=%s\n" % (k, v))
            f.write("NodeName=%s NodeAddr=127.0.0.1 CPUs=%d State=UNKNOWN\n" % (host, os.cpu_count() or 1))
            f.write("PartitionName=t Nodes=%s Default=YES MaxTime=INFINITE State=UP\n" % host)
        self.env = dict(ENV, SLURM_CONF=self.conf)
        self.host = host

    def start(self):
        d = self.dir
        self.spawn(["munged", "-F", "-f", "--socket=%s/munge.sock" % d, "--key-file=%s/munge.key" % d,
                    "--log-file=%s/munged.log" % d, "--pid-file=%s/munged.pid" % d, "--seed-file=%s/munged.seed" % d])
        self.wait_for(lambda: os.path.exists(d + "/munge.sock"), "munged")
        self.spawn(["slurmctld", "-D", "-c", "-f", self.conf])
        self.spawn(["slurmd", "-D", "-N", self.host, "-f", self.conf])
        self.wait_for(lambda: "idle" in subprocess.run(["sinfo", "-h", "-o", "%t"], env=self.env,
                                                       capture_output=True, text=True).stdout, "the node idle")

    def spawn(self, argv):
        log = open(os.path.join(self.dir, os.path.basename(argv[0]) + ".out"), "w")
        self.procs.append(subprocess.Popen(argv, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                           start_new_session=True))

    def wait_for(self, cond, what, limit=30):
        t0 = time.time()
        while not cond():
            if time.time() - t0 > limit or any(p.poll() is not None for p in self.procs):
                raise RuntimeError("%s: not up (logs in %s)" % (what, self.dir))
            time.sleep(0.2)

    def stop(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for p in reversed(self.procs):
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


def test_slurm():
    missing = [t for t in ("munged", "slurmctld", "slurmd", "sbatch", "squeue") if not shutil.which(t)]
    if not check("Slurm and munge installed (slurm-wlm, munge: .ci/packages)", not missing, missing):
        return
    cl = Cluster()
    try:
        cl.start()
        out = os.path.join(TMP, "slurm")
        script = os.path.join(TMP, "sweep.sbatch")
        r = gc(["sweep", "slurm", SW, "--shards", "3", "--out", out, "--script", script])
        text = open(script).read() if os.path.exists(script) else ""
        check("sweep slurm: a job array of 3 tasks, each a shard",
              r.returncode == 0 and "#SBATCH --array=1-3\n" in text and '--shard "$SLURM_ARRAY_TASK_ID/3"' in text,
              r.stderr + text)
        s = subprocess.run(["sbatch", "--parsable", script], env=cl.env, capture_output=True, text=True, cwd=TMP)
        job = s.stdout.strip().split(";")[0]
        check("sbatch accepted the script", s.returncode == 0 and job.isdigit(), s.stdout + s.stderr)
        t0 = time.time()
        while time.time() - t0 < 90:
            q = subprocess.run(["squeue", "-h", "-j", job], env=cl.env, capture_output=True, text=True)
            if q.returncode == 0 and not q.stdout.strip():
                break
            time.sleep(0.3)
        logs = sorted(f for f in os.listdir(out) if f.startswith("slurm-")) if os.path.isdir(out) else []
        check("the 3 array tasks ran (one output file each)", len(logs) == 3, logs)
        db, _ = collect([out], "slurm")
        check("Slurm's database = GNU parallel's", strip_host(db_rows(db)) == strip_host(PAR_ROWS),
              "%d rows" % len(db_rows(db)))
    finally:
        cl.stop()
    check("the daemons are stopped", all(p.poll() is not None for p in cl.procs))


# ---- compare ------------------------------------------------------------------------

def test_compare():
    db = os.path.join(TMP, "par.sqlite")
    r = gc(["compare", db, "--where", "run = 'f32' AND cus = 2 AND l2_kib = 256", "--json", "-"])
    want = sorted((x for x in PAR_ROWS if x["run"] == "f32" and x["cus"] == 2 and x["l2_kib"] == 256),
                  key=lambda x: x["id"])
    try:
        js = json.loads(r.stdout)
        cyc = [m for m in js["metrics"] if m["name"] == "cycles"][0]["values"]
    except (ValueError, KeyError, IndexError):
        js, cyc = None, None
    check("compare DB --where: the two chosen points, their cycles",
          r.returncode == 0 and cyc == [x["cycles"] for x in want], (r.stderr, cyc, [x["cycles"] for x in want]))
    ids = [want[1]["id"], want[0]["id"][:8]]
    r = gc(["compare", db] + ids + ["--json", "-"])
    try:
        cyc = [m for m in json.loads(r.stdout)["metrics"] if m["name"] == "cycles"][0]["values"]
    except (ValueError, KeyError, IndexError):
        cyc = None
    check("compare DB ID PREFIX: those points in that order", r.returncode == 0 and
          cyc == [want[1]["cycles"], want[0]["cycles"]], (r.stderr, cyc))
    r = gc(["compare", db, "--where", "run = 'reduce' AND cus = 4 AND clock_mhz = 1200", "--json", "-"])
    want = sorted((x for x in PAR_ROWS if x["run"] == "reduce" and x["cus"] == 4 and x["clock_mhz"] == 1200),
                  key=lambda x: x["id"])
    ref = [max(json.loads(x["report"])["groups"], key=lambda g: g["cycles"])["cycles"] for x in want]
    try:
        cyc = [m for m in json.loads(r.stdout)["metrics"] if m["name"] == "cycles"][0]["values"]
    except (ValueError, KeyError, IndexError):
        cyc = None
    check("compare DB --where on bench points: their launch groups with the most cycles", r.returncode == 0 and
          cyc == ref and len(ref) == 2, (r.stderr, cyc, ref))
    r = gc(["compare", db, "--where", "cus = 3"])
    check("compare DB --where matching nothing: one line, exit 2",
          r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "no such point" in r.stderr, r.stderr)
    r = gc(["compare", db, "--where", "nosuchcolumn = 1"])
    check("compare DB --where with a bad expression: SQLite's reason, exit 2",
          r.returncode == 2 and "no such column" in r.stderr, r.stderr)


def main():
    gtest.run_each([test_plan])
    try:
        test_stale_temporaries()
        PAR_ROWS.extend(test_parallel_resume())
    except Exception as e:   # the checks after it need its database
        check("the GNU parallel sweep ran", False, repr(e))
        gtest.done()
    gtest.run_each([test_shards, test_failures, test_exec_points, test_bad_files, test_slurm, test_compare])
    gtest.done()


if __name__ == "__main__":
    main()
