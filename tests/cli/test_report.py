#!/usr/bin/env python3
"""The report of `gcnsim run` and `gcnsim bench` under the cycle model, on
small committed kernels (tests/micro/bin, front/workloads/bin).  One
PASS:/FAIL:/SKIP: line per check.

 1. --json: every key the report promises (issue 4 item 6, plus cache,
    stall_pct, per_cu and device_params) with its JSON type; bench --json
    has one such report per launch group.
 2. Determinism: the same run twice gives byte-identical JSON and text.
 3. --set cus=1 gives the single-CU view: one CU, and VALUBusy equal to
    100 * 4 * VALU instructions / (4 SIMDs * cycles), since each VALU op of
    valu_chain is full rate and holds its SIMD 4 cycles (GCN-FACTS 1.1).
 4. --timeline: the file parses, has traceEvents with X instruction slices
    on pids 1..cus (pid = CU + 1), names for processes and threads, and on
    every thread the slices nest (instructions inside their wave, none
    overlapping), as Perfetto requires; a write error exits 2 with the path.
 5. --hotspots lists every instruction `gcnsim disasm` shows, in order.
 6. Refusals: a gfx8 preset for gfx900 code, --set bogus=1, an unknown
    device: exit 2 with one line on stderr.
 7. --functional prints the summary line only (no report) and JSON mode
    "functional" without cycles.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check, run, skip  # noqa: E402

os.chdir(gtest.ROOT)
G = gtest.GCNSIM
CO = "tests/micro/bin/valu_chain-gfx900.co"
RUN = [G, "run", CO, "--kernel", "valu_chain", "--global", "256", "--local", "256", "--arg", "zero:1024"]


NUM = (int, float)
KEYS = {
    "kernel": str, "device": str, "target": str, "global": list, "local": list, "workgroups": int, "waves": int,
    "cycles": int, "time_us": NUM, "instructions": dict, "valu_busy_pct": NUM, "salu_busy_pct": NUM,
    "valu_utilization_pct": NUM, "mem_unit_busy_pct": NUM, "lds_conflict_cycle_pct": NUM, "occupancy": dict,
    "stalls": dict, "stall_pct": dict, "per_cu": list, "cus": int, "cache": dict, "device_params": dict,
    "rocprof": dict, "counters": dict,
}
SUB = {
    "instructions": ({"total", "valu", "salu", "smem", "vmem", "lds", "branch", "other"}, int),
    "stalls": ({"waitcnt_vmcnt", "waitcnt_lgkmcnt", "waitcnt_expcnt", "barrier", "dependency", "arbitration",
                "fetch", "sleep"}, int),
    "stall_pct": ({"waitcnt_vmcnt", "waitcnt_lgkmcnt", "waitcnt_expcnt", "barrier", "dependency", "arbitration",
                   "fetch", "sleep"}, NUM),
    "cache": ({"l1_hit_pct", "l2_hit_pct", "scalar_hit_pct", "icache_hit_pct"}, NUM),
}
PER_CU = {"cu": int, "workgroups": int, "waves": int, "peak_waves": int, "active_cycles": int,
          "valu_busy_pct": NUM, "salu_busy_pct": NUM}


def key_problems(d):
    """What is missing or mistyped in one report object."""
    bad = []
    for k, t in KEYS.items():
        if k not in d:
            bad.append("no " + k)
        elif not isinstance(d[k], t) or isinstance(d[k], bool):
            bad.append("%s is %s" % (k, type(d[k]).__name__))
    for k, (names, t) in SUB.items():
        for n in names:
            if not isinstance(d.get(k, {}).get(n), t):
                bad.append("no number %s.%s" % (k, n))
    occ = d.get("occupancy", {})
    if not isinstance(occ.get("theoretical_waves_per_simd"), int) or not isinstance(occ.get("limited_by"), str) \
            or not isinstance(occ.get("achieved_waves_per_simd"), NUM):
        bad.append("occupancy %r" % occ)
    if not isinstance(d.get("cache", {}).get("dram_bytes"), int):
        bad.append("no cache.dram_bytes")
    for c in d.get("per_cu", []):
        for k, t in PER_CU.items():
            if not isinstance(c.get(k), t):
                bad.append("per_cu entry without %s" % k)
    if not d.get("per_cu"):
        bad.append("per_cu is empty")
    for c in d.get("per_cu", []):
        if not 0 <= c.get("cu", -1) < d.get("cus", 0) or not c.get("workgroups"):
            bad.append("per_cu lists CU %r" % c.get("cu"))
    params = d.get("device_params", {})
    for k in ("cus", "clock_mhz", "l2_kib", "dram_latency"):
        if not isinstance(params.get(k), int):
            bad.append("no device_params." + k)
    return bad


def check_json(tmp):
    p = run(RUN + ["--json", "-"])
    try:
        d = json.loads(p.stdout)
    except ValueError as e:
        check("run --json -: stdout is JSON only (%s; exit %d: %s)" % (e, p.returncode, p.stderr.strip()), False)
        return None
    check("run --json -: timing mode, completed",
          p.returncode == 0 and d.get("mode") == "timing" and d.get("status") == "completed")
    bad = key_problems(d)
    check("run --json: every report key with its type" + (": " + "; ".join(bad[:6]) if bad else ""), not bad)
    total = sum(d["instructions"][k] for k in SUB["instructions"][0] if k != "total") if not bad else -1
    check("run --json: instruction categories add up to the total the functional core counts",
          not bad and total == d["instructions"]["total"] == d["instructions_by_encoding"]["total"])
    check("run --json: default device for gfx900 is vega-64, its parameters listed",
          not bad and d["device"] == "vega-64" and d["target"] == "gfx900" and d["device_params"]["cus"] == d["cus"])
    return d


def check_determinism(tmp):
    a, b = os.path.join(tmp, "a.json"), os.path.join(tmp, "b.json")
    pa, pb = run(RUN + ["--json", a]), run(RUN + ["--json", b])
    same = pa.returncode == pb.returncode == 0 and open(a, "rb").read() == open(b, "rb").read()
    check("the same run twice gives byte-identical JSON", same)
    check("the same run twice gives the same text report", pa.stdout == pb.stdout and "VALUBusy" in pa.stdout)


def check_one_cu(full):
    p = run(RUN + ["--set", "cus=1", "--json", "-"])
    try:
        d = json.loads(p.stdout)
    except ValueError:
        check("--set cus=1: JSON (exit %d: %s)" % (p.returncode, p.stderr.strip()), False)
        return
    want = 100.0 * d["instructions"]["valu"] / d["cycles"]
    check("--set cus=1: VALUBusy %.2f = 100*4*%d VALU ops/(4 SIMDs*%d cycles) = %.2f over the one CU"
          % (d["valu_busy_pct"], d["instructions"]["valu"], d["cycles"], want),
          d["cus"] == 1 and len(d["per_cu"]) == 1 and abs(d["valu_busy_pct"] - want) <= 0.01)
    check("--set cus=1: per_cu[0] is the device", d["per_cu"][0]["valu_busy_pct"] == d["valu_busy_pct"])
    if full:
        want64 = 100.0 * d["instructions"]["valu"] / (full["cus"] * full["cycles"])
        check("default device: VALUBusy %.2f over %d CUs (%.2f expected)" % (full["valu_busy_pct"], full["cus"], want64),
              abs(full["valu_busy_pct"] - want64) <= 0.01)


def nesting_problems(events):
    """Per (pid, tid): B/E waves enclosing X slices, X slices not overlapping."""
    tracks = {}
    for i, e in enumerate(events):
        if e.get("ph") in ("B", "E", "X"):
            tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], i, e))
    bad = []
    for key, evs in tracks.items():
        evs.sort(key=lambda x: (x[0], x[1]))
        open_wave, last_end = None, None
        for ts, _, e in evs:
            if e["ph"] == "B":
                if open_wave is not None:
                    bad.append("%s: wave inside a wave" % (key,))
                open_wave, last_end = ts, ts
            elif e["ph"] == "E":
                if open_wave is None:
                    bad.append("%s: E without B" % (key,))
                open_wave = None
                if last_end is not None and last_end > ts + 1e-9:
                    bad.append("%s: a slice ends after its wave" % (key,))
            else:
                if open_wave is None:
                    bad.append("%s: instruction outside a wave" % (key,))
                if last_end is not None and ts < last_end - 1e-9:
                    bad.append("%s: overlapping instruction slices at %s" % (key, ts))
                last_end = ts + e["dur"]
        if open_wave is not None:
            bad.append("%s: wave never ends" % (key,))
    return bad


def check_timeline(tmp, cus):
    path = os.path.join(tmp, "t.json")
    p = run(RUN + ["--timeline", path])
    try:
        t = json.load(open(path))
    except (OSError, ValueError) as e:
        check("--timeline: the file parses as JSON (%s; exit %d: %s)" % (e, p.returncode, p.stderr.strip()), False)
        return
    ev = t.get("traceEvents", [])
    xs = [e for e in ev if e.get("ph") == "X"]
    check("--timeline: traceEvents with %d X slices" % len(xs),
          p.returncode == 0 and isinstance(ev, list) and len(xs) > 0)
    check("--timeline: X slices on pids 1..%d (CU + 1), tids >= 1" % cus,
          all(1 <= e["pid"] <= cus and e["tid"] >= 1 and e["dur"] >= 0 for e in xs))
    names = [e for e in ev if e.get("ph") == "M" and e.get("name") in ("process_name", "thread_name")]
    check("--timeline: process and thread names",
          any(e["args"]["name"].startswith("CU ") for e in names) and
          any(e["args"]["name"].startswith("SIMD ") for e in names))
    waves = [e for e in ev if e.get("ph") == "B"]
    check("--timeline: one wave slice per wave (4)", len(waves) == 4)
    bad = nesting_problems(ev)
    check("--timeline: slices nest on every track" + (": " + "; ".join(bad[:4]) if bad else ""), not bad)
    insts = json.loads(run(RUN + ["--json", "-"]).stdout)["instructions"]["total"]
    check("--timeline: one X slice per wave-instruction (%d of %d)" % (len(xs), insts), len(xs) == insts)
    p = run(RUN + ["--timeline", "/dev/full"])
    lines = p.stderr.strip().splitlines()
    check("--timeline /dev/full: exit 2 with the path and the reason (%r)" % p.stderr.strip(),
          p.returncode == 2 and len(lines) == 1 and "cannot write /dev/full: No space left on device" in lines[0])


def check_hotspots():
    p = run(RUN + ["--hotspots"])
    d = run([G, "disasm", CO, "--kernel", "valu_chain"])
    want = [l.split("//")[0].strip() for l in d.stdout.splitlines() if l.startswith("\t")]
    out = p.stdout.splitlines()
    try:
        start = next(i for i, l in enumerate(out) if l.startswith("annotated disassembly"))
        head = next(l for l in out[start:] if "instruction" in l and "count" in l)
    except StopIteration:
        check("--hotspots: an annotated disassembly (exit %d)" % p.returncode, False)
        return
    col = head.index("instruction")
    end = next((i for i in range(start, len(out)) if not out[i]), len(out))   # the waits follow a blank line
    got = [l[col:].strip() for l in out[start:end] if l.startswith("  0x")]
    check("--hotspots: the annotated disassembly lists every instruction of valu_chain (%d)" % len(want),
          p.returncode == 0 and got == want and len(want) > 250)
    top = [l for l in out if l.startswith("hot spots of")]
    check("--hotspots: a top-10 list first", len(top) == 1 and "10 instructions" in top[0])


def check_refusals():
    for name, extra, want in (
            ("--device r9-nano on a gfx900 code object", ["--device", "r9-nano"], "r9-nano"),
            ("--set bogus=1", ["--set", "bogus=1"], "bogus"),
            ("--set cus=0", ["--set", "cus=0"], "cus"),
            ("--device nosuch", ["--device", "nosuch"], "hd-7970"),
            ("--functional with --hotspots", ["--functional", "--hotspots"], "--functional")):
        p = run(RUN + extra)
        lines = p.stderr.strip().splitlines()
        check("%s: exit 2, one line (%s)" % (name, lines[0] if lines else "nothing"),
              p.returncode == 2 and len(lines) == 1 and lines[0].startswith("gcnsim: ") and want in lines[0]
              and not p.stdout)


def check_functional():
    p = run(RUN + ["--functional"])
    lines = p.stdout.splitlines()
    check("--functional: the summary line only", p.returncode == 0 and len(lines) == 1 and "completed" in lines[0])
    p = run(RUN + ["--functional", "--json", "-"])
    d = json.loads(p.stdout) if p.returncode == 0 else {}
    check("--functional --json: mode functional, no report keys",
          d.get("mode") == "functional" and "cycles" not in d and d.get("instructions", {}).get("total", 0) > 0)


def check_bench():
    p = run([G, "bench", "reduce", "--n", "4096", "--json", "-"])
    try:
        d = json.loads(p.stdout)
    except ValueError:
        check("bench --json: JSON (exit %d: %s)" % (p.returncode, p.stderr.strip()), False)
        return
    groups = d.get("groups", [])
    bad = [b for g in groups for b in key_problems(g)]
    check("bench reduce --json: a report per launch group (2 pass sizes), every key" +
          (": " + "; ".join(bad[:4]) if bad else ""),
          p.returncode == 0 and d.get("mode") == "timing" and len(groups) == 2 and not bad)
    check("bench: the groups' cycles and launches add up",
          sum(g["cycles"] for g in groups) == d.get("cycles") and sum(g["launches"] for g in groups) == d["launches"])
    p = run([G, "bench", "bitonic", "--n", "1024"])
    check("bench bitonic: all 55 launches of the sort are one group",
          p.returncode == 0 and "launch group 1 of 1: 55 launches of bitonic_step" in p.stdout
          and p.stdout.count("VALUBusy") == 1)


def main():
    if not os.access(G, os.X_OK):
        check("report (%s is not built; run make)" % G, False)
        return
    if not os.path.exists(CO):
        skip("report", "no %s" % CO)
        return
    with tempfile.TemporaryDirectory(prefix="gcnsim-report-") as tmp:
        d = check_json(tmp)
        check_determinism(tmp)
        check_one_cu(d)
        check_timeline(tmp, d["cus"] if d else 64)
        check_hotspots()
        check_refusals()
        check_functional()
        check_bench()


if __name__ == "__main__":
    main()
    gtest.done()
