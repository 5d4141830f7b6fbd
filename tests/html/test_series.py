#!/usr/bin/env python3
"""The cycle model's figures over time (JSON "series"), the FP32 flop count
("flops_fp32", "hotspots") and the timeline's counter tracks and options.
One PASS:/FAIL:/SKIP: line per check.

 1. valu_chain on one CU (tests/micro: one work-group of 4 waves, one per
    SIMD, each a chain of full-rate VALU ops that hold their SIMD 4
    cycles, GCN-FACTS 1.1): occupancy is 1 wave per SIMD in every
    interval and VALU busy exactly 100 % in every interval inside the
    chain; intervals of 64 cycles (the smallest), covering the run's cycles.
 2. sgemm 256^3 on vega-64 (front/workloads/gemm.cl: 16 groups of 4 waves
    on 64 CUs): the run is longer than 512 x 64 cycles, so the interval
    doubles (a power of two times 64, at most 512 points, covering the
    cycles); while every wave is resident the occupancy is 64 waves / 256
    SIMDs = 0.25; the series add up to the report's own totals
    (wave-cycles, VALUBusy, DRAM bytes) within the 2-decimal rounding.
 3. The same sgemm with a 64 KiB L2: only C (256 KiB) is written, so the
    bytes written to DRAM over time add up to C less what the L2 still
    holds at the end: 256 KiB - 64 KiB.
 4. flops_fp32 of sgemm M x N x K counts the 2 M N K flops of its
    multiply-adds plus at most 4 M N for alpha A B + beta C (two sizes),
    and equals the sum of the hotspots' flops; v_fma/v_mac lines carry 2
    flops per active lane.
 5. Determinism: the same run gives the same series.
 6. --timeline: counter tracks occupancy, VALUBusy and DRAM bandwidth with
    one event per interval (and a closing zero) whose values are those of
    --json's series, at the intervals' start times; gcnsim exec
    --timeline has them in the queue's process.
 7. --timeline-max N caps the instruction slices at N (0: none, so every
    wave-instruction has its slice); --timeline-cus 0,3-5 leaves only
    those CUs' tracks (and all their waves); bad values exit 2 with one
    line; either without --timeline is refused.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

os.chdir(gtest.ROOT)
TMP = gtest.tempdir("gcnsim-series-")
GEMM = "front/workloads/bin/gemm-gfx900.co"
CHAIN = ["run", "tests/micro/bin/valu_chain-gfx900.co", "--kernel", "valu_chain", "--global", "256", "--local",
         "256", "--arg", "zero:1024", "--set", "cus=1"]


def gemm_args(m, n, k, *extra):
    return ["run", GEMM, "--kernel", "sgemm", "--global", "%d,%d" % (n // 4, m // 4), "--local", "16,16",
            "--arg", "rand:f32:%d" % (m * k), "--arg", "rand:f32:%d" % (k * n), "--arg", "zero:%d" % (4 * m * n),
            "--arg", "u32:%d" % m, "--arg", "u32:%d" % n, "--arg", "u32:%d" % k, "--arg", "f32:1.5",
            "--arg", "f32:0.5"] + list(extra)


def report(args):
    r = gtest.gcnsim(list(args) + ["--json", "-"], timeout=120)
    if r.returncode:
        raise RuntimeError(r.stderr)
    return json.loads(r.stdout)


def lengths(s):
    I, C = s["interval_cycles"], s["cycles"]
    return [min(I, C - i * I) for i in range(s["points"])]


def shape_ok(d):
    s = d["series"]
    I, n = s["interval_cycles"], s["points"]
    return (I >= 64 and I & (I - 1) == 0 and 1 <= n <= 512 and s["cycles"] == d["cycles"]
            and (n - 1) * I < s["cycles"] <= n * I
            and all(len(s[k]) == n for k in ("occupancy", "valu_busy_pct", "dram_read_gbps", "dram_write_gbps")))


def test_chain():
    d = report(CHAIN)
    s = d["series"]
    busy = s["valu_busy_pct"]
    # the chain: from the first interval at 100 % to the last one at 100 %, all of them
    full = [i for i, v in enumerate(busy) if v == 100]
    inside = busy[full[0]:full[-1] + 1] if full else []
    check("valu_chain on 1 CU: 64-cycle intervals covering the %d cycles, occupancy 1 wave/SIMD in all %d"
          % (d["cycles"], s["points"]), shape_ok(d) and s["interval_cycles"] == 64
          and all(v == 1 for v in s["occupancy"]), s)
    check("valu_chain: VALU busy 100%% in each of the %d intervals inside the chain (4 waves x 4-cycle ops)"
          % len(inside), len(inside) >= 10 and all(v == 100 for v in inside), busy)


def test_gemm():
    d = report(gemm_args(256, 256, 256))
    s = d["series"]
    L = lengths(s)
    ncu, mhz = d["device_params"]["cus"], d["device_params"]["clock_mhz"]
    check("sgemm 256^3: %d cycles > 512 x 64, interval doubled to %d, %d points covering them"
          % (d["cycles"], s["interval_cycles"], s["points"]),
          shape_ok(d) and d["cycles"] > 512 * 64 and s["interval_cycles"] > 64, (s["interval_cycles"], s["points"]))
    occ = s["occupancy"]
    mid = occ[len(occ) // 4: len(occ) // 2]
    check("sgemm: occupancy 64 waves / 256 SIMDs = 0.25 in the middle of the run", mid and all(v == 0.25 for v in mid),
          mid)
    simds = 4 * ncu
    wc = sum(o * l * simds for o, l in zip(occ, L))
    vb = sum(v / 100 * l * simds for v, l in zip(s["valu_busy_pct"], L))
    rd = sum(g * l * 1000 / mhz for g, l in zip(s["dram_read_gbps"], L))
    wr = sum(g * l * 1000 / mhz for g, l in zip(s["dram_write_gbps"], L))
    tol = lambda scale: sum(0.005 * l * scale for l in L) + 1  # noqa: E731 (2-decimal rounding per point)
    check("sgemm: the series add up to the report's wave-cycles (%d ~ %d)" % (wc, d["wave_cycles"]),
          abs(wc - d["wave_cycles"]) <= tol(simds), (wc, d["wave_cycles"]))
    want_vb = d["valu_busy_pct"] / 100 * simds * d["cycles"]
    check("sgemm: ... and to VALUBusy's busy SIMD-cycles (%d ~ %d)" % (vb, want_vb),
          abs(vb - want_vb) <= tol(simds / 100) + 0.005 / 100 * simds * d["cycles"], (vb, want_vb))
    check("sgemm: ... and to the DRAM bytes (%d ~ %d)" % (rd + wr, d["cache"]["dram_bytes"]),
          abs(rd + wr - d["cache"]["dram_bytes"]) <= 2 * tol(1000 / mhz), (rd, wr, d["cache"]["dram_bytes"]))
    again = report(gemm_args(256, 256, 256))
    check("the same run gives the same series", again["series"] == s)


def test_writes():
    d = report(gemm_args(256, 256, 256, "--set", "l2_kib=64"))
    s = d["series"]
    mhz = d["device_params"]["clock_mhz"]
    wr = sum(g * l * 1000 / mhz for g, l in zip(s["dram_write_gbps"], lengths(s)))
    want = 256 * 1024 - 64 * 1024
    check("sgemm with a 64 KiB L2: DRAM bytes written over time %d ~ C's 256 KiB less the L2's 64 KiB" % wr,
          abs(wr - want) <= sum(0.005 * l * 1000 / mhz for l in lengths(s)) + 64, (wr, want))


def test_flops():
    for m, n, k in ((256, 256, 256), (128, 64, 96)):
        d = report(gemm_args(m, n, k, "--hotspots"))
        f = d.get("flops_fp32", -1)
        hs = d.get("hotspots", [])
        check("sgemm %dx%dx%d: flops_fp32 %d within [2MNK, 2MNK + 4MN] = [%d, %d]"
              % (m, n, k, f, 2 * m * n * k, 2 * m * n * k + 4 * m * n),
              2 * m * n * k <= f <= 2 * m * n * k + 4 * m * n, f)
        fma = [h for h in hs if h["instruction"].split()[0] in ("v_fma_f32", "v_mac_f32", "v_mad_f32")]
        check("sgemm %dx%dx%d: the hotspots' flops add up to it; FMA/MAC/MAD lines carry 2 per active lane (%d)"
              % (m, n, k, len(fma)), sum(h["flops"] for h in hs) == f and fma
              and all(h["flops"] == 2 * h["lanes"] and h["lanes"] == 64 * h["count"] for h in fma))


def timeline(args, path, *opts):
    r = gtest.gcnsim(list(args) + ["--json", path + ".json", "--timeline", path] + list(opts), timeout=120)
    if r.returncode:
        raise RuntimeError(r.stderr)
    return json.load(open(path + ".json")), json.load(open(path))


def counters_match(d, ev):
    s, mhz = d["series"], d["device_params"]["clock_mhz"]
    tracks = {"occupancy": [("waves_per_simd", "occupancy")], "VALUBusy": [("pct", "valu_busy_pct")],
              "DRAM bandwidth": [("read_gbps", "dram_read_gbps"), ("write_gbps", "dram_write_gbps")]}
    bad = []
    for name, keys in tracks.items():
        c = [x for x in ev if x["ph"] == "C" and x["name"] == name]
        if len(c) != s["points"] + 1:
            bad.append((name, len(c), s["points"]))
            continue
        for i, x in enumerate(c[:-1]):
            t = round(i * s["interval_cycles"] * 1000 // mhz / 1000, 3)
            if abs(x["ts"] - t) > 0.0011 or any(x["args"][a] != s[b][i] for a, b in keys):
                bad.append((name, i, x, t))
                break
        if any(v != 0 for v in c[-1]["args"].values()):
            bad.append((name, "closing", c[-1]))
    return bad


def test_timeline_counters():
    path = os.path.join(TMP, "g-tl.json")
    d, t = timeline(gemm_args(256, 256, 256), path)
    ev = t["traceEvents"]
    bad = counters_match(d, ev)
    pids = {x["pid"] for x in ev if x["ph"] == "C"}
    names = {x["pid"]: x["args"]["name"] for x in ev if x.get("name") == "process_name"}
    check("--timeline: counter tracks occupancy, VALUBusy, DRAM bandwidth, %d events each, equal to --json's series "
          "at the intervals' starts" % (d["series"]["points"] + 1), not bad, bad[:3])
    check("--timeline: the counters are in a process \"device counters\" of their own",
          len(pids) == 1 and names.get(next(iter(pids))) == "device counters", (pids, names))


def test_exec_counters():
    exe = os.path.join("build", "ocl", "ocl_queues")
    if not os.path.exists(exe):
        return gtest.skip("gcnsim exec --timeline counter tracks", "build/ocl not built (make unit)")
    tl, js = os.path.join(TMP, "x-tl.json"), os.path.join(TMP, "x.json")
    env = dict(os.environ, OCL_ICD_VENDORS=os.path.join(gtest.ROOT, "build", "vendors"))
    r = gtest.gcnsim(["exec", "--timeline", tl, "--json", js, exe, "front/workloads/bin/reduce-gfx900.co"], timeout=120, env=env)
    ev = json.load(open(tl))["traceEvents"] if os.path.exists(tl) else []
    ds = json.load(open(js))["dispatches"] if os.path.exists(js) else []
    c = [x for x in ev if x["ph"] == "C" and x["name"] == "occupancy"]
    want = sum(d["series"]["points"] + 1 for d in ds if "series" in d)
    check("gcnsim exec --timeline: each dispatch's occupancy counter (%d events for %d dispatches) in its queue's "
          "process" % (want, len(ds)), r.returncode == 0 and ds and len(c) == want
          and all(x["pid"] % (1 << 16) == 0 for x in c), (r.returncode, r.stderr[-300:], len(c), want))


def test_timeline_options():
    d, t = timeline(gemm_args(128, 128, 64), os.path.join(TMP, "m.json"), "--timeline-max", "500")
    x = [e for e in t["traceEvents"] if e["ph"] == "X"]
    check("--timeline-max 500: 500 instruction slices, the note says so", len(x) == 500
          and "500" in t["otherData"].get("note", ""), (len(x), t["otherData"]))
    d, t = timeline(gemm_args(128, 128, 64), os.path.join(TMP, "z.json"), "--timeline-max", "0")
    x = [e for e in t["traceEvents"] if e["ph"] == "X"]
    check("--timeline-max 0: no cap, a slice per wave-instruction (%d)" % d["instructions"]["total"],
          len(x) == d["instructions"]["total"] and "note" not in t["otherData"], (len(x), t["otherData"]))
    d, t = timeline(gemm_args(128, 128, 64), os.path.join(TMP, "c.json"), "--timeline-cus", "0,3-5",
                    "--timeline-max", "0")
    ev = t["traceEvents"]
    cus = {e["pid"] - 1 for e in ev if e["ph"] in "XBE"}
    waves = sum(e["ph"] == "B" for e in ev)
    want = sum(c["waves"] for c in d["per_cu"] if c["cu"] in (0, 3, 4, 5))
    insts = sum(e["ph"] == "X" for e in ev)
    want_i = sum(c["instructions"] for c in d["per_cu"] if c["cu"] in (0, 3, 4, 5))
    worked = {c["cu"] for c in d["per_cu"]}
    check("--timeline-cus 0,3-5: of the CUs with work (%s), tracks of %s only, with their %d waves and %d "
          "instructions; the counters whole" % (sorted(worked), sorted(worked & {0, 3, 4, 5}), want, want_i),
          cus == worked & {0, 3, 4, 5} and len(cus) >= 2 and worked - cus and waves == want and insts == want_i
          and not counters_match(d, ev), (cus, worked, waves, want, insts, want_i))
    for opts, what in ((["--timeline-cus", "2-1"], "a backward range"), (["--timeline-cus", "64"], "CU 64 of 64"),
                       (["--timeline-cus", "1,,2"], "an empty item"), (["--timeline-max", "-3"], "a negative cap")):
        r = gtest.gcnsim(gemm_args(128, 128, 64, "--timeline", os.path.join(TMP, "bad.json")) + opts, timeout=60)
        check("%s %s (%s): exit 2, one line" % (opts[0], opts[1], what),
              r.returncode == 2 and len(r.stderr.splitlines()) == 1 and opts[0] in r.stderr, r.stderr)
    r = gtest.gcnsim(gemm_args(128, 128, 64, "--timeline-cus", "1"), timeout=60)
    check("--timeline-cus without --timeline: exit 2, one line", r.returncode == 2
          and len(r.stderr.splitlines()) == 1 and "needs --timeline" in r.stderr, r.stderr)


def test_read_bandwidth():
    """A stream copy of 16 MiB saturates DRAM: the read bandwidth over time
    must reach the preset's peak (dram_gbps) and never pass it by more than
    one 64-cycle bucket's rounding (bytes count when they cross the bus,
    not when the L2 misses are requested)."""
    n = 4 * 1024 * 1024
    for target, dev in (("gfx900", "vega-64"), ("gfx701", "r9-290x")):
        d = report(["run", "tests/micro/bin/stream_copy-%s.co" % target, "--kernel", "stream_copy", "--global",
                    str(n), "--local", "256", "--arg", "iota:u32:%d" % (2 * n), "--arg", "i32:%d" % (4 * n),
                    "--device", dev])
        s, peak = d["series"], d["device_params"]["dram_gbps"]
        top = max(s["dram_read_gbps"])
        check("%s stream copy of %d MiB: read bandwidth over time peaks at %.1f GB/s, within 10%% of the "
              "preset's %d GB/s and not above it by more than 2%%" % (d["device"], 4 * n >> 20, top, peak),
              0.9 * peak <= top <= 1.02 * peak, (top, peak))


gtest.run_each([test_chain, test_gemm, test_writes, test_flops, test_timeline_counters, test_exec_counters,
                test_timeline_options, test_read_bandwidth])
gtest.done()
