#!/usr/bin/env python3
"""The cycle model on several host threads (issue 19, item 1): every
output is the same, byte for byte, at GCNSIM_THREADS=1, 2, 3 and 4, and
the results are right.  One PASS:/FAIL: line per check.

 1. gcnsim bench gemm / reduce / bitonic under the cycle model: the bench
    verifies each result against its CPU reference (PASS); the JSON is the
    same at every thread count but for the host's own measurements
    (HOST_FIELDS), and so is the text with their lines removed.
 2. gcnsim run of the three workload kernels with --hotspots, --json, the
    text report and --timeline: every file byte-identical; the reduction's
    group sums equal the sums of its input (computed here).
 3. The same on a device whose CUs do not fill their last cache group
    (--set cus=10; groups of 3 CUs share instruction and scalar caches),
    and with a --max-wave-inst limit that stops the run early (the same
    partial report, the same wave named).
 4. Threads far apart: 5 groups of the reduction on 64 CUs (some threads
    have one group's CUs, some none, and run ahead through each epoch
    without waiting), the group sums right; and a fault: the reduction
    with a 4-byte output buffer, where group 0's store is the only one in
    bounds, faults at the same store with the same report at every thread
    count (the first fault in (cycle, CU) order), the store of a group
    other than 0 (its address says which).
 5. The runs that step on one thread (--trace, a --max-inst that does not
    stop the run) give the same JSON report as the threads: one model.
 6. atomics_global of the kernel corpus (global atomics: its results
    depend on the order the waves reach memory, so it runs on one thread):
    the same dumps at every thread count, with the values the atomics must
    leave (computed here from the input).
"""
import json
import os
import random
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

os.chdir(gtest.ROOT)
TMP = gtest.tempdir("gcnsim-threads-cycle-")
THREADS = (1, 2, 3, 4)
# what a bench measures of the host, not of the simulation
HOST_FIELDS = ("sim_seconds", "host_seconds", "wave_instructions_per_second", "cycles_per_second", "max_rss_kib")
WL = "front/workloads/bin/%s-gfx900.co"
re_base = re.compile(r"buffer 'zero:4' 0x([0-9a-f]+)-")


def env(t):
    e = dict(os.environ)
    e["GCNSIM_THREADS"] = str(t)
    return e


def write(name, fmt, values):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


def bench(name, args):
    outs = []
    for t in THREADS:
        path = os.path.join(TMP, "%s.%d.json" % (name, t))
        p = gtest.gcnsim(["bench", name] + args + ["--json", path], env=env(t), timeout=600)
        if p.returncode:
            check("bench %s at %d threads runs" % (name, t), False, p.stderr.strip()[:300])
            return
        j = json.load(open(path))
        text = "\n".join(line for line in p.stdout.splitlines() if not any(
            w in line for w in ("/s", "seconds", "RSS", "host", "MiB")))
        outs.append((t, j, text))
    check("bench %s: verified against the CPU reference at every thread count" % name,
          all(j["verification"] == "PASS" for _, j, _ in outs), [(t, j["verification"]) for t, j, _ in outs])
    sim = [{k: v for k, v in j.items() if k not in HOST_FIELDS} for _, j, _ in outs]
    bad = [outs[i][0] for i in range(1, len(outs)) if sim[i] != sim[0]]
    check("bench %s --json: the same at 1-4 threads (but %s)" % (name, ", ".join(HOST_FIELDS)), not bad,
          "differs at threads %s" % bad)
    bad = [outs[i][0] for i in range(1, len(outs)) if outs[i][2] != outs[0][2]]
    check("bench %s: the same text at 1-4 threads (host speed lines aside)" % name, not bad,
          "differs at threads %s" % bad)


def test_chaos():
    """GCNSIM_CYCLE_PAR_CHAOS: the pool or the caller alone at random per
    epoch, and threads that stall for random whiles before their steps, so
    that they meet at the gates in orders a quiet host seldom gives: the
    results stay those of one thread."""
    for name, args in (("gemm", ["--n", "128"]), ("reduce", ["--n", "262144"]), ("bitonic", ["--n", "4096"])):
        got = []
        for t, chaos in ((1, "0"), (2, "1"), (4, "1")):
            path = os.path.join(TMP, "%s.chaos.%d.json" % (name, t))
            e = env(t)
            e["GCNSIM_CYCLE_PAR_CHAOS"] = chaos
            p = gtest.gcnsim(["bench", name] + args + ["--json", path], env=e, timeout=600)
            j = json.load(open(path)) if p.returncode == 0 else {}
            got.append({k: v for k, v in j.items() if k not in HOST_FIELDS})
        check("bench %s under GCNSIM_CYCLE_PAR_CHAOS at 2 and 4 threads: the JSON of one thread" % name,
              got[0] and got[1] == got[0] and got[2] == got[0], "differs")


def run_all(name, argv, files):
    """gcnsim run argv at each thread count, its outputs in files (relative names, {d} = the run's
    directory); returns the bytes of each output per thread count, or None."""
    got = {}
    for t in THREADS:
        d = os.path.join(TMP, "%s.%d" % (name, t))
        os.makedirs(d, exist_ok=True)
        args = [a.replace("{d}", d) for a in argv]
        p = gtest.gcnsim(["run"] + args, env=env(t), timeout=600, text=False)
        with open(os.path.join(d, "stdout"), "wb") as f:
            f.write(p.stdout)
        got[t] = {"stdout": p.stdout, "status": p.returncode}
        for f in files:
            path = os.path.join(d, f)
            got[t][f] = open(path, "rb").read() if os.path.exists(path) else None
    first = got[THREADS[0]]
    check("%s: the run ended as expected" % name, first["status"] in (0, 3, 4), "status %d: %s" % (
        first["status"], first["stdout"][-300:]))
    for key in ["stdout", "status"] + files:
        bad = [t for t in THREADS[1:] if got[t][key] != first[key]]
        check("%s: %s the same at 1-4 threads" % (name, key), not bad and first[key] is not None,
              "differs at threads %s" % bad if bad else "missing")
    return got


def report_args(extra=()):
    return ["--hotspots", "20", "--json", "{d}/r.json", "--timeline", "{d}/t.json"] + list(extra)


def test_bench():
    bench("gemm", ["--n", "256"])
    bench("reduce", ["--n", "1048576"])
    bench("bitonic", ["--n", "16384"])


def test_run():
    rng = random.Random(19)
    a = write("a.bin", "f", [float(rng.randint(-8, 8)) for _ in range(128 * 256)])
    run_all("sgemm 128x128x256", [WL % "gemm", "--kernel", "sgemm", "--global", "32,32", "--local", "16,16",
                                  "--arg", "buf:" + a, "--arg", "buf:" + a, "--arg", "zero:65536",
                                  "--arg", "u32:128", "--arg", "u32:128", "--arg", "u32:256", "--arg", "f32:1",
                                  "--arg", "f32:0", "--dump", "2={d}/c.bin"] + report_args(),
            ["r.json", "t.json", "c.bin"])
    n = 1 << 18
    vals = [rng.randint(0, 1000) for _ in range(n)]
    inp = write("in.bin", "I", vals)
    groups = n // 4 // 256   # the kernel sums 4 values per work-item
    got = run_all("reduce_sum", [WL % "reduce", "--kernel", "reduce_sum", "--global", str(n // 4), "--local", "256",
                                 "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * groups), "--arg", "local:1024",
                                 "--arg", "u32:%d" % n, "--dump", "1={d}/sums.bin"] + report_args(),
                  ["r.json", "t.json", "sums.bin"])
    sums = got[THREADS[0]]["sums.bin"]
    total = sum(struct.unpack("<%dI" % groups, sums)) if sums and len(sums) == 4 * groups else None
    check("reduce_sum: the group sums add up to the input's sum", total == sum(vals) % (1 << 32),
          "%s, want %d" % (total, sum(vals)))
    keys = write("keys.bin", "I", [rng.getrandbits(32) for _ in range(1 << 16)])
    run_all("bitonic_step", [WL % "bitonic", "--kernel", "bitonic_step", "--global", str(1 << 15), "--local", "256",
                             "--arg", "buf:" + keys, "--arg", "u32:15", "--arg", "u32:0", "--arg", "u32:1",
                             "--dump", "0={d}/k.bin"] + report_args(), ["r.json", "t.json", "k.bin"])
    # CUs that do not fill their last cache group, and a limit that stops the run
    run_all("reduce_sum on 10 CUs", [WL % "reduce", "--kernel", "reduce_sum", "--global", str(n // 4),
                                     "--local", "256", "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * groups),
                                     "--arg", "local:1024", "--arg", "u32:%d" % n, "--set", "cus=10",
                                     "--dump", "1={d}/sums.bin"] + report_args(), ["r.json", "t.json", "sums.bin"])
    got = run_all("sgemm stopped by --max-wave-inst", [
        WL % "gemm", "--kernel", "sgemm", "--global", "32,32", "--local", "16,16", "--arg", "buf:" + a,
        "--arg", "buf:" + a, "--arg", "zero:65536", "--arg", "u32:128", "--arg", "u32:128", "--arg", "u32:256",
        "--arg", "f32:1", "--arg", "f32:0", "--max-wave-inst", "300", "--json", "{d}/r.json"], ["r.json"])
    r = got[THREADS[0]]["r.json"]
    j = json.loads(r) if r else {}
    check("sgemm stopped by --max-wave-inst: a partial report naming the limit",
          j.get("partial") is True and "--max-wave-inst" in str(j.get("partial_reason")), str(j)[:300])


def test_apart():
    rng = random.Random(23)
    n = 5 * 1024
    vals = [rng.randint(0, 1 << 20) for _ in range(1 << 18)]
    inp = write("in5.bin", "I", vals)
    got = run_all("reduce_sum, 5 groups on 64 CUs", [
        WL % "reduce", "--kernel", "reduce_sum", "--global", str(n // 4), "--local", "256", "--arg", "buf:" + inp,
        "--arg", "zero:20", "--arg", "local:1024", "--arg", "u32:%d" % n, "--set", "cus=64",
        "--dump", "1={d}/sums.bin"] + report_args(), ["r.json", "t.json", "sums.bin"])
    sums = got[THREADS[0]]["sums.bin"]
    total = sum(struct.unpack("<5I", sums)) if sums and len(sums) == 20 else None
    check("reduce_sum, 5 groups: the group sums add up to the input's sum", total == sum(vals[:n]) % (1 << 32),
          "%s, want %d" % (total, sum(vals[:n])))
    m = 1 << 18
    got = run_all("reduce_sum with a 4-byte output (a fault)", [
        WL % "reduce", "--kernel", "reduce_sum", "--global", str(m // 4), "--local", "256", "--arg", "buf:" + inp,
        "--arg", "zero:4", "--arg", "local:1024", "--arg", "u32:%d" % m, "--json", "{d}/r.json"], ["r.json"])
    g = got[THREADS[0]]
    f = (json.loads(g["r.json"]) if g["r.json"] else {}).get("fault") or {}
    base = re_base.search(f.get("message", ""))
    off = f.get("address", 0) - int(base.group(1), 16) if base else -1
    check("the fault: exit 3, a group's store of its sum past the 4-byte buffer (group 1-255: 4 bytes each)",
          g["status"] == 3 and "global_store" in f.get("instruction", "") and 4 <= off < 1024 and off % 4 == 0,
          (g["status"], f))


def test_one_model():
    rng = random.Random(29)
    n = 1 << 18
    inp = write("in6.bin", "I", [rng.randint(0, 1000) for _ in range(n)])
    base = [WL % "reduce", "--kernel", "reduce_sum", "--global", str(n // 4), "--local", "256", "--arg",
            "buf:" + inp, "--arg", "zero:%d" % (n // 256), "--arg", "local:1024", "--arg", "u32:%d" % n]
    outs = {}
    for name, extra in (("threads", []), ("--trace", ["--trace", os.path.join(TMP, "one.trace")]),
                        ("--max-inst", ["--max-inst", "1000000000"])):
        path = os.path.join(TMP, "one.%s.json" % name.strip("-"))
        p = gtest.gcnsim(["run"] + base + extra + ["--json", path], env=env(2), timeout=600)
        outs[name] = open(path, "rb").read() if p.returncode == 0 and os.path.exists(path) else None
    check("reduce_sum: --trace and --max-inst (one thread) give the threads' JSON",
          outs["threads"] is not None and outs["--trace"] == outs["threads"] == outs["--max-inst"],
          {k: (v or b"")[:80] for k, v in outs.items()})


def test_atomics():
    n = 256
    rng = random.Random(7)
    a = [rng.randint(-1000, 1000) for _ in range(n)]
    inp = write("ai.bin", "i", a)
    got = run_all("atomics_global", ["tests/kernels/bin/atomics-gfx900.co", "--kernel", "atomics_global",
                                     "--global", str(n), "--local", "64", "--arg", "zero:32", "--arg", "zero:4",
                                     "--arg", "zero:8", "--arg", "buf:" + inp, "--dump", "0={d}/c.bin",
                                     "--dump", "1={d}/u.bin", "--dump", "2={d}/s.bin", "--json", "{d}/r.json"],
                  ["c.bin", "u.bin", "s.bin", "r.json"])
    g = got[THREADS[0]]
    if not (g["c.bin"] and g["u.bin"] and g["s.bin"]):
        check("atomics_global: the counters as the atomics leave them", False, "no dumps")
        return
    c = struct.unpack("<8i", g["c.bin"])
    orbits = 0
    for x in a:
        orbits |= 1 << (x & 31)
    want = [sum(a), -n, min(0, min(a)), max(0, max(a)), None, struct.unpack("<i", struct.pack("<I", orbits))[0], n,
            n * (n - 1) // 2]
    bad = [i for i in range(8) if want[i] is not None and c[i] != want[i]]
    check("atomics_global: the counters as the atomics leave them", not bad and c[4] in a,
          "counters %s, want %s" % (c, want))
    check("atomics_global: unsigned max and 64-bit sum",
          struct.unpack("<I", g["u.bin"])[0] == max(x & 0xffffffff for x in a)
          and struct.unpack("<q", g["s.bin"])[0] == sum(a))


if __name__ == "__main__":
    if not os.access(gtest.GCNSIM, os.X_OK):
        print("FAIL: threads (cycle model): %s is not built; run make" % gtest.GCNSIM)
        sys.exit(1)
    gtest.run_each([test_bench, test_chaos, test_run, test_apart, test_one_model, test_atomics])
    gtest.done()
