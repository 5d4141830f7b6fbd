#!/usr/bin/env python3
"""gcnsim exec: an OpenCL host program run unchanged on the driver
(build/libgcnsim-opencl.so), its kernels summarised when it exits.

- tests/ocl/ocl_run --time (one reduce_sum launch): one dispatch; the
  table's and --json's time is `gcnsim run`'s total for the same launch
  (cycles plus launch overhead at the preset's clock) and the program's
  own profiled time; the program's stdout is its own (the table is on
  stderr); --device and --set reach the driver;
- ocl_run's full run (saxpy and reduce from source, a guest fault): the
  table's kernels and calls are those of --json's dispatches, one entry per
  dispatch, sorted by total time, shares summing to 100%;
- --functional: calls and wave-instructions, no times;
- --trace and --timeline: one file each for the whole program; the
  trace's records agree with `gcnsim run --trace`'s of the same launch
  (trace diff --timing), the timeline holds run --timeline's slices moved
  to the kernel's start; every dispatch of the full run is in the trace;
- tests/ocl/ocl_queues (two profiling queues, commands interleaved): the
  timeline's commands are at the times the program's profiling info
  prints, each kernel's span holds as many instruction slices and waves
  as --json's report counts, the file is deterministic; the trace holds
  the 4 dispatches with --json's wave-instruction counts, trace diff
  names dispatch 1 and the planted argument when queue 1's n changes,
  and sees the same values but other cycles on 1 CU;
- the exit status is the program's (3; 128 + signal), a program without
  OpenCL gets "no kernels were dispatched"; a missing program 127,
  no driver and bad usage 2, each one line; -- and the program's own
  options;
- the driver's recording (log, trace, timeline) under ASan and UBSan
  (build/san's driver and ocl_run), leaks detected.

Prints PASS:/FAIL:/SKIP: lines."""
import json
import os
import re
import shlex
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

B = os.path.join(ROOT, "build")
LIB = os.path.join(B, "libgcnsim-opencl.so")
RUN = os.path.join(B, "ocl", "ocl_run")
WL = os.path.join(ROOT, "front", "workloads")
CO = os.path.join(WL, "bin", "reduce-gfx900.co")
TMP = gtest.tempdir("gcnsim-exec-")
ROW = re.compile(r"^(\S+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)%\s+([\d.]+)\s+(.*)$")


def env(**kw):
    e = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "GCNSIM_EXEC_LOG", "GCNSIM_OPENCL_DRIVER",
              "OCL_ICD_VENDORS", "OCL_ICD_FILENAMES"):
        e.pop(k, None)
    e.update(kw)
    return e


def gexec(args, timeout=600, **kw):
    return gtest.run([gtest.GCNSIM, "exec"] + args, env=env(**kw), timeout=timeout)


def rows(stderr):
    """The timed table's rows: {kernel: (calls, total us, mean us, pct, busy, occupancy, stall)}, in order."""
    out = []
    for line in stderr.splitlines():
        m = ROW.match(line)
        if m:
            out.append((m.group(1), int(m.group(2))) + tuple(float(m.group(i)) for i in range(3, 8)) + (m.group(8),))
    return out


def run_ns(extra=()):
    """gcnsim run's total time (ns) of ocl_run --time's launch."""
    j = json.loads(gtest.gcnsim(["run", CO, "--kernel", "reduce_sum", "--global", "256", "--local", "256",
                                 "--arg", "zero:1024", "--arg", "zero:4", "--arg", "local:1024", "--arg", "u32:256",
                                 "--device", "vega-64", "--json", "-"] + list(extra), timeout=120).stdout)
    return (j["cycles"] + j["overhead_cycles"]) * 1000 // j["device_params"]["clock_mhz"], j


def test_time():
    out = os.path.join(TMP, "one.json")
    r = gexec(["--json", out, "--", RUN, "--time", CO])
    want, ref = run_ns()
    check("ocl_run --time under exec: exit 0, its stdout its own (kernel_ns %d)" % want,
          r.returncode == 0 and r.stdout == "kernel_ns %d\n" % want, (r.returncode, r.stdout, r.stderr[-300:]))
    t = rows(r.stderr)
    check("the table: one row, reduce_sum, 1 call", len(t) == 1 and t[0][:2] == ("reduce_sum", 1), r.stderr)
    check("the table's total and mean are gcnsim run's time (%.3f us)" % (want / 1000),
          t and t[0][2] == round(want / 1000, 3) and t[0][3] == round(want / 1000, 3) and t[0][4] == 100.0, t)
    check("the table's VALUBusy and occupancy are gcnsim run's (%.2f%%, %.2f)"
          % (ref["valu_busy_pct"], ref["occupancy"]["achieved_waves_per_simd"]),
          t and t[0][5] == ref["valu_busy_pct"] and t[0][6] == ref["occupancy"]["achieved_waves_per_simd"], t)
    top = max(ref["stalls"], key=lambda k: ref["stalls"][k])
    check("the table's top stall is gcnsim run's largest (%s)" % top, t and t[0][7].startswith(top + " "), t)
    j = json.load(open(out))
    d = j["dispatches"]
    check("--json: program, arguments, exit status, one dispatch",
          j["program"] == RUN and j["arguments"] == ["--time", CO] and j["exit_status"] == 0 and len(d) == 1, j.keys())
    same = ("kernel", "device", "cycles", "overhead_cycles", "total_us", "instructions", "valu_busy_pct",
            "occupancy", "stalls", "cache", "per_cu", "device_params")
    bad = [k for k in same if d and d[0].get(k) != ref.get(k)]
    check("--json: the dispatch's report has gcnsim run --json's members and values", d and not bad, bad)
    check("--json: the dispatch's ns, status; the kernels row",
          d and d[0]["ns"] == want and d[0]["status"] == "completed" and d[0]["dispatch"] == 0
          and j["kernels"][0]["total_ns"] == want and j["kernels"][0]["calls"] == 1, (d and d[0]["ns"], j["kernels"]))
    r = gexec(["--device", "vega-64", "--set", "clock_mhz=500", "--json", out, RUN, "--time", CO])
    want, _ = run_ns(["--set", "clock_mhz=500"])
    j = json.load(open(out))
    check("--device and --set reach the driver (clock_mhz=500: %d ns, as gcnsim run --set)" % want,
          r.returncode == 0 and j["dispatches"][0]["ns"] == want
          and j["dispatches"][0]["device_params"]["clock_mhz"] == 500, r.stderr[-300:])


def test_program():
    out = os.path.join(TMP, "all.json")
    r = gexec(["--json", out, RUN, os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")])
    passes = sum(line.startswith("PASS: ") for line in r.stdout.splitlines())
    check("ocl_run's full run under exec: its checks pass, exit 0", r.returncode == 0 and passes > 10
          and "FAIL: " not in r.stdout, (r.returncode, r.stderr[-500:]))
    j = json.load(open(out))
    calls = {}
    for d in j["dispatches"]:
        calls[d["kernel"]] = calls.get(d["kernel"], 0) + 1
    t = rows(r.stderr)
    check("the table's kernels and calls are the dispatches' (%s)" % calls,
          {k: c for k, c, *_ in t} == calls and set(calls) == {"reduce_sum", "saxpy", "wild"}, (t, calls))
    totals = {}
    for d in j["dispatches"]:
        totals[d["kernel"]] = totals.get(d["kernel"], 0) + d["ns"]
    check("each row's total is the sum of its dispatches' ns",
          all(abs(tot - totals[k] / 1000) < 0.0015 for k, _, tot, *_ in t), (t, totals))
    check("rows sorted by total time, shares summing to 100%",
          [x[2] for x in t] == sorted([x[2] for x in t], reverse=True) and abs(sum(x[4] for x in t) - 100) < 0.5, t)
    check("--json: dispatches numbered in order, the faulting one marked",
          [d["dispatch"] for d in j["dispatches"]] == list(range(len(j["dispatches"])))
          and any(d["status"] == "fault" and d["kernel"] == "wild" for d in j["dispatches"]), j["dispatches"][:1])
    check("--json: a kernels row per table row", [k["kernel"] for k in j["kernels"]] == [x[0] for x in t],
          j["kernels"])


def test_functional():
    out = os.path.join(TMP, "f.json")
    r = gexec(["--functional", "--json", out, RUN, "--time", CO])
    j = json.load(open(out))
    d = j["dispatches"]
    m = re.search(r"(?m)^reduce_sum +1 +(\d+)$", r.stderr)
    check("--functional: the table says so, calls and wave-instructions only",
          r.returncode == 0 and "functional (no cycle model)" in r.stderr and " us" not in r.stderr.split("\n", 1)[1]
          and m and len(d) == 1 and int(m.group(1)) == d[0]["wave_instructions"] > 0, r.stderr)
    check("--functional: --json's mode and rows have no time", j["mode"] == "functional"
          and d[0]["mode"] == "functional" and "total_ns" not in j["kernels"][0], j["kernels"])


def run_args():
    return ["run", CO, "--kernel", "reduce_sum", "--global", "256", "--local", "256", "--arg", "zero:1024",
            "--arg", "zero:4", "--arg", "local:1024", "--arg", "u32:256", "--device", "vega-64"]


def test_trace():
    e, tl = os.path.join(TMP, "e.trace"), os.path.join(TMP, "e-tl.json")
    r = gexec(["--trace", e, "--timeline", tl, RUN, "--time", CO])
    check("--trace, --timeline: one file each, said on stderr", r.returncode == 0 and os.path.exists(e)
          and os.path.exists(tl) and "--trace: %s (1 dispatch)\n" % e in r.stderr
          and "--timeline: %s (1 dispatch, 1 other command)\n" % tl in r.stderr, r.stderr[-400:])
    rt, rtl = os.path.join(TMP, "r.trace"), os.path.join(TMP, "r-tl.json")
    gtest.gcnsim(run_args() + ["--trace", rt, "--timeline", rtl], timeout=120)
    for extra in ([], ["--dispatch", "0"]):
        d = gtest.gcnsim(["trace", "diff", "--timing"] + extra + [e, rt], timeout=120)
        check("exec's trace agrees with gcnsim run --trace's (records and cycles) %s" % " ".join(extra),
              d.returncode == 0 and "traces agree: 603 records" in d.stdout, d.stdout[-300:] + d.stderr[-300:])
    ev, ref = json.load(open(tl))["traceEvents"], json.load(open(rtl))["traceEvents"]
    kern = [x for x in ev if x.get("tid") == 1 and x.get("cat") == "kernel" and x["pid"] == 1 << 16]
    mine = [x for x in ev if x["pid"] > 1 << 16 and x["ph"] != "M"]
    theirs = [x for x in ref if x["ph"] not in "MC"]   # run's counter tracks: a process of their own

    def strip(x, dt):
        y = dict(x, pid=x["pid"] - (1 << 16))
        if "ts" in y:
            y["ts"] = round(y["ts"] - dt, 3)
        return y
    start = kern[0]["ts"] if kern else 0
    check("exec's timeline holds gcnsim run --timeline's wave and instruction slices (%d), moved to the kernel's "
          "start (%.3f us, after the fill) and into queue 0's processes" % (len(theirs), start),
          len(kern) == 1 and start > 0 and [strip(x, start) for x in mine] == theirs, (len(mine), len(theirs)))
    r = gexec(["--functional", "--timeline", tl, "true"])
    check("--timeline with --functional: refused, one line, 2",
          r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "needs the cycle model" in r.stderr, r.stderr)


QUEUES = os.path.join(B, "ocl", "ocl_queues")


def queues(args, extra=()):
    """ocl_queues under exec: (result, its commands [(queue, name, start, end)], --json's dispatches)."""
    out = os.path.join(TMP, "q.json")
    r = gexec(list(args) + ["--json", out, QUEUES, CO] + list(extra))
    cmds = [(int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4)))
            for m in re.finditer(r"(?m)^cmd (\d+) (\w+) (\d+) (\d+)$", r.stdout)]
    ok = r.returncode == 0 and "FAIL" not in r.stdout and r.stdout.count("PASS: queue") == 2
    check("ocl_queues under exec %s: its sums are right, exit 0" % " ".join(extra), ok, r.stdout[-400:] + r.stderr[-400:])
    return r, cmds, json.load(open(out))["dispatches"] if os.path.exists(out) else []


def test_timeline():
    tl = os.path.join(TMP, "q-tl.json")
    r, cmds, ds = queues(["--timeline", tl])
    j = json.load(open(tl))
    ev = j["traceEvents"]
    procs = {x["pid"]: x["args"]["name"] for x in ev if x.get("name") == "process_name"}
    check("--timeline: a process per queue (vega-64 queue 0, 1) with a thread \"commands\", CU processes named by "
          "device, queue and CU", procs.get(1 << 16) == "vega-64 queue 0" and procs.get(2 << 16) == "vega-64 queue 1"
          and procs.get((1 << 16) + 1) == "vega-64 queue 0 CU 0" and procs.get((2 << 16) + 4) == "vega-64 queue 1 CU 3"
          and sum(x.get("name") == "thread_name" and x["args"]["name"] == "commands" for x in ev) == 2, procs)
    names = {"write": "write buffer", "kernel": "reduce_sum", "read": "read buffer"}
    want = sorted((q, names[n], s, e) for q, n, s, e in cmds)
    got = sorted((x["pid"] // (1 << 16) - 1, x["name"], round(x["ts"] * 1000), round((x["ts"] + x["dur"]) * 1000))
                 for x in ev if x.get("tid") == 1 and x["pid"] % (1 << 16) == 0 and x["ph"] == "X")
    check("--timeline: every command of both queues (%d) at the times the program's profiling info gives" % len(want),
          len(want) == 8 and got == want, (got, want))
    kern = sorted((x["args"]["dispatch"], x) for x in ev if x.get("cat") == "kernel")
    bad = []
    for i, k in kern:
        q, t0, t1 = k["pid"], k["ts"], k["ts"] + k["dur"]
        inside = [x for x in ev if q < x["pid"] < q + (1 << 16) and x["ph"] in "XB" and t0 <= x["ts"] < t1]
        insts = sum(x["ph"] == "X" for x in inside)
        waves = sum(x["ph"] == "B" for x in inside)
        if insts != ds[i]["wave_instructions"] or waves != ds[i]["waves"]:
            bad.append((i, insts, ds[i]["wave_instructions"], waves, ds[i]["waves"]))
    check("--timeline: in each kernel's time on its queue, its queue's CUs hold as many instruction slices and "
          "waves as --json's report of that dispatch counts (4 dispatches)", len(kern) == 4 and not bad, bad)
    kq = [(c[0], c[2]) for c in cmds if c[1] == "kernel"]
    check("--json: each dispatch's queue and start_ns are those the program's profiling info gives",
          [(d["queue"], d["start_ns"]) for d in ds] == kq and len(kq) == 4, ([(d["queue"], d["start_ns"]) for d in ds], kq))
    check("--timeline: otherData counts 8 commands of which 4 dispatches, 2 queues, all slices",
          j["otherData"]["commands"] == 8 and j["otherData"]["dispatches"] == 4 and j["otherData"]["queues"] == 2
          and j["otherData"]["instruction_slices"] == sum(d["wave_instructions"] for d in ds), j["otherData"])
    again = os.path.join(TMP, "q-tl2.json")
    queues(["--timeline", again])
    check("--timeline: the same program gives the same file, byte for byte",
          open(tl, "rb").read() == open(again, "rb").read())


def test_timeline_cap():
    """tests/ocl/wl_reduce over 10^6 values: two dispatches, 459,546 wave-instructions, more than the cap."""
    tl, out = os.path.join(TMP, "cap-tl.json"), os.path.join(TMP, "cap.json")
    r = gexec(["--timeline", tl, "--json", out, os.path.join(B, "ocl", "wl_reduce"), os.path.join(WL, "reduce.cl"),
               "1000000"])
    ds = json.load(open(out))["dispatches"]
    j = json.load(open(tl))
    ev = j["traceEvents"]
    insts = sum(x["ph"] == "X" and x["cat"] not in ("kernel", "transfer") for x in ev)
    waves = sum(x["ph"] == "B" for x in ev)
    notes = [x for x in ev if x["ph"] == "i"]
    check("--timeline over the cap: %d dispatches of %d wave-instructions give 200000 instruction slices for the "
          "program, one mark where the cap was reached, every wave (%d) and the note in otherData"
          % (len(ds), sum(d["wave_instructions"] for d in ds), sum(d["waves"] for d in ds)),
          r.returncode == 0 and len(ds) == 2 and sum(d["wave_instructions"] for d in ds) > 200000 and insts == 200000
          and len(notes) == 1 and waves == sum(d["waves"] for d in ds) and "200000" in j["otherData"].get("note", ""),
          (insts, len(notes), waves, j["otherData"]))


def dump_head(path, *extra):
    p = gtest.gcnsim(["trace", "dump", "--count", "0", path] + list(extra), timeout=120)
    m = re.search(r"kernel (\S+), cycle model, (\d+) records", p.stdout)
    return p, (m.group(1), int(m.group(2))) if m else None


def test_trace_queues():
    t, t2, t3 = (os.path.join(TMP, n) for n in ("q.trace", "q-planted.trace", "q-cus.trace"))
    _, _, ds = queues(["--trace", t])
    heads = [dump_head(t, "--dispatch", str(i))[1] for i in range(len(ds))]
    check("--trace: one file; trace dump --dispatch N reads each of the 4 dispatches, of its kernel, with as many "
          "records as --json's report counts wave-instructions",
          len(ds) == 4 and heads == [(d["kernel"], d["wave_instructions"]) for d in ds], (heads, len(ds)))
    p, _ = dump_head(t)
    check("trace dump of several dispatches without --dispatch: one line, 2",
          p.returncode == 2 and "holds 4 dispatches" in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr)
    p, _ = dump_head(t, "--dispatch", "4")
    check("trace dump --dispatch 4 of 4: one line, 2", p.returncode == 2 and "no dispatch 4" in p.stderr, p.stderr)
    d = gtest.gcnsim(["trace", "diff", "--timing", t, t], timeout=120)
    check("trace diff of a program's trace with itself: all 4 dispatches agree",
          d.returncode == 0 and d.stdout == "traces agree: 4 dispatches\n", d.stdout + d.stderr)
    queues(["--trace", t2], ["4000"])
    d = gtest.gcnsim(["trace", "diff", t, t2], timeout=120)
    check("trace diff, queue 1's first kernel given n = 4000 instead of 4096: dispatch 1 is the first that differs, "
          "at the load of that argument (expected 0x1000, actual 0xfa0)",
          d.returncode == 1 and d.stdout.startswith("dispatch 1 (reduce_sum) differs")
          and re.search(r"differs: expected 0x00001000, actual 0x00000fa0", d.stdout)
          and "gcnsim debug --dispatch reduce_sum:1 -- PROGRAM" in d.stdout, d.stdout[:900] + d.stderr)
    script = os.path.join(TMP, "planted.gdb")
    with open(script, "w") as f:
        f.write("break 0x100001818 wave 0\nrun\nstepi\nprint $s11\nquit\n")
    p = gtest.run([gtest.GCNSIM, "debug", "--dispatch", "reduce_sum:1", "-x", script, "--", QUEUES, CO, "4000"],
                  env=env(), timeout=300)
    check("the command trace diff gives stops there in the planted run: after the load s11 is 4000",
          p.returncode == 0 and re.search(r"(?m)^\$1 = 4000$", p.stdout), p.stdout[-400:] + p.stderr[-400:])
    cut = os.path.join(TMP, "q-cut.trace")
    with open(t, "rb") as f, open(cut, "wb") as g:
        g.write(f.read()[:-1])
    p, _ = dump_head(cut, "--dispatch", "0")
    check("a trace of dispatches cut short by a byte: trace dump, one line, 2",
          p.returncode == 2 and len(p.stderr.splitlines()) == 1, p.stderr)
    queues(["--trace", t3, "--set", "cus=1"])
    d = gtest.gcnsim(["trace", "diff", t, t3], timeout=120)
    d2 = gtest.gcnsim(["trace", "diff", "--timing", t, t3], timeout=120)
    check("trace diff of runs on 64 CUs and 1: the same values (agree), different cycles (dispatch 0 differs with "
          "--timing)", d.returncode == 0 and d2.returncode == 1 and d2.stdout.startswith("dispatch 0 (reduce_sum)"),
          d.stdout[-200:] + d2.stdout[:300])
    n = os.path.join(TMP, "q-none.trace")
    r = gexec(["--trace", n, "true"])
    d = gtest.gcnsim(["trace", "diff", n, t], timeout=120)
    check("a program without kernels: an empty trace of dispatches, which differs from one of 4",
          r.returncode == 0 and d.returncode == 1 and "A has 0 dispatches, B 4" in d.stdout, d.stdout + d.stderr)


def test_trace_program():
    t, out = os.path.join(TMP, "all.trace"), os.path.join(TMP, "all-t.json")
    r = gexec(["--trace", t, "--json", out, RUN, os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")])
    ds = json.load(open(out))["dispatches"]
    bad = []
    for d in ds:
        p, head = dump_head(t, "--dispatch", str(d["dispatch"]))
        if p.returncode or not head or head[0] != d["kernel"]:
            bad.append((d["dispatch"], p.stdout[:200], p.stderr[:200]))
    check("--trace: all %d dispatches of the full run are in the trace, trace dump reads each, of its kernel"
          % len(ds), r.returncode == 0 and len(ds) == 8 and not bad, bad[:2])


def test_sanitizers():
    san = os.path.join(B, "san")
    out = os.path.join(TMP, "san.json")
    r = gexec(["--json", out, "--trace", os.path.join(TMP, "san.trace"), "--timeline", os.path.join(TMP, "san-tl"),
               os.path.join(san, "ocl", "ocl_run"), os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")],
              timeout=1200, GCNSIM_OPENCL_DRIVER=os.path.join(san, "libgcnsim-opencl.so"),
              ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="print_stacktrace=1")
    n = len(json.load(open(out))["dispatches"]) if os.path.exists(out) else 0
    check("exec with the driver and ocl_run under ASan and UBSan: %d dispatches recorded, no report" % n,
          r.returncode == 0 and n == 8 and "Sanitizer" not in r.stderr and "runtime error" not in r.stderr,
          "status %d %s" % (r.returncode, r.stderr[-1500:]))


def one_line(name, r, rc, pattern):
    lines = r.stderr.splitlines()
    check(name, r.returncode == rc and len(lines) == 1 and re.search(pattern, r.stderr) is not None,
          (r.returncode, r.stderr[:300]))


def test_status():
    r = gexec(["sh", "-c", "exit 3"])
    check("a program exiting 3: exec exits 3, says no kernel was dispatched",
          r.returncode == 3 and r.stderr == "gcnsim exec: no kernels were dispatched\n", (r.returncode, r.stderr))
    r = gexec(["sh", "-c", "kill -TERM $$"])
    check("a program killed by SIGTERM: exec exits 143", r.returncode == 143, r.returncode)
    r = gexec(["--", "sh", "-c", "exit 5"])
    check("-- before PROGRAM", r.returncode == 5, r.returncode)
    r = gexec(["echo", "--functional", "--json", "x"])
    check("the program's own options are its own", r.returncode == 0 and r.stdout == "--functional --json x\n",
          (r.stdout, r.stderr))
    r = gexec(["--functional", "--", "echo", "--", "--device"])
    check("-- then the program's options (and its own --)", r.returncode == 0 and r.stdout == "-- --device\n",
          (r.stdout, r.stderr))
    r = gexec(["sh", "-c", 'echo "$OCL_ICD_VENDORS $GCNSIM_DEVICE $GCNSIM_SET $GCNSIM_FUNCTIONAL"', "--"] , )
    check("the program's environment: OCL_ICD_VENDORS is the driver", r.stdout.split()[:1] == [LIB]
          or os.path.realpath(r.stdout.split()[0]) == os.path.realpath(LIB), r.stdout)
    r = gexec(["--device", "vega-64", "--device", "mi50,r9-nano", "--set", "cus=4", "--set", "clock_mhz=900",
               "--functional", "sh", "-c", 'echo "$GCNSIM_DEVICE $GCNSIM_SET $GCNSIM_FUNCTIONAL"'])
    check("--device, --set (repeated, comma lists), --functional: GCNSIM_DEVICE, GCNSIM_SET, GCNSIM_FUNCTIONAL",
          r.stdout == "vega-64,mi50,r9-nano cus=4,clock_mhz=900 1\n", r.stdout)
    one_line("a missing program: one line, 127 (as a shell)", gexec(["./no-such-program"]), 127,
             r"^gcnsim: exec: cannot run \./no-such-program: No such file or directory$")
    one_line("a program that cannot be run: one line, 126", gexec([TMP]), 126, r"^gcnsim: exec: cannot run ")
    one_line("no driver: one line, 2", gexec(["true"], GCNSIM_OPENCL_DRIVER="/no/such.so"), 2,
             r"^gcnsim: exec: no OpenCL driver at /no/such\.so")
    one_line("no PROGRAM: one line, 2", gexec(["--functional"]), 2, r"^gcnsim: exec: no PROGRAM to run")
    one_line("a misspelt option: did you mean, 2", gexec(["--devic", "x", "true"]), 2,
             r"unknown option '--devic' \(did you mean --device\?\)")
    r = gexec(["--json", os.path.join(TMP, "none.json"), "true"])
    j = json.load(open(os.path.join(TMP, "none.json")))
    check("--json of a program without kernels: empty lists", r.returncode == 0 and j["dispatches"] == []
          and j["kernels"] == [] and j["program"] == "true", j)


def test_save_dispatch():
    """exec --save-dispatch and debug --dispatch: reduce_sum's second dispatch of ocl_run's program."""
    prog = [RUN, os.path.join(WL, "reduce.cl"), os.path.join(WL, "bin")]
    d = os.path.join(TMP, "saved")
    r = gexec(["--functional", "--save-dispatch", "reduce_sum:1", d, "--"] + prog)
    args = os.path.join(d, "debug.args")
    ok = r.returncode == 0 and os.path.exists(args) and "dispatch 1 of reduce_sum saved in" in r.stderr
    check("exec --save-dispatch reduce_sum:1 DIR writes DIR/debug.args and says so", ok, r.stderr[-600:])
    if ok:
        words = shlex.split(open(args).read())
        p = gtest.run([gtest.GCNSIM, "run"] + words + ["--functional"], timeout=120)
        check("gcnsim run repeats the saved dispatch (%s ...)" % " ".join(words[1:5]),
              p.returncode == 0 and p.stdout.startswith("reduce_sum on gfx900"), p.stdout + p.stderr)
    r = gexec(["--functional", "--save-dispatch", "reduce_sum:99", os.path.join(TMP, "none"), "--"] + prog)
    check("exec --save-dispatch of a dispatch that never comes: status 2, says so",
          r.returncode == 2 and "made no dispatch 99 of reduce_sum" in r.stderr, r.stderr[-300:])
    saved = lambda: {x for x in os.listdir("/tmp") if x.startswith("gcnsim-dispatch-")}  # noqa: E731
    before = saved()
    script = os.path.join(TMP, "dbg.x")
    with open(script, "w") as f:
        f.write("break reduce_sum\nrun\ninfo registers s12\ncontinue\nquit\n")
    p = gtest.run([gtest.GCNSIM, "debug", "--dispatch", "reduce_sum:1", "--functional", "-x", script, "--"] + prog,
                  env=env(), timeout=300)
    check("debug --dispatch reduce_sum:1 -- PROGRAM stops at the kernel's breakpoint",
          p.returncode == 0 and "Breakpoint 1" in p.stdout and "reduce_sum" in p.stdout, p.stdout[-600:] + p.stderr[-600:])
    # what another gcnsim debug running at the same time saves comes and
    # goes; what this one left behind stays
    left = saved() - before
    for _ in range(30):
        if not left:
            break
        time.sleep(1)
        left &= saved()
    check("debug --dispatch leaves no saved files behind", not left, sorted(left))
    p = gtest.run([gtest.GCNSIM, "debug", "--dispatch", "reduce_sum"] + prog, env=env(), timeout=60)
    check("debug --dispatch without -- PROGRAM: one line, status 2",
          p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "needs -- PROGRAM" in p.stderr,
          p.stderr)


def main():
    if not os.path.exists(LIB) or not os.path.exists(RUN) or not os.path.exists(QUEUES):
        skip("gcnsim exec", "the OpenCL driver is not built: needs ocl-icd-dev, ocl-icd-opencl-dev, opencl-c-headers")
        gtest.done()
    gtest.run_each([test_time, test_functional, test_status, test_trace, test_timeline, test_trace_queues])
    if shutil.which(os.environ.get("GCNSIM_CLANG", "clang-15")):
        gtest.run_each([test_program, test_trace_program, test_timeline_cap, test_save_dispatch])
    else:
        skip("ocl_run's programs from source under exec", "clang-15 not installed")
    if os.path.exists(os.path.join(B, "san", "ocl", "ocl_run")) and shutil.which("clang-15"):
        gtest.run_each([test_sanitizers])
    else:
        skip("exec with the driver under ASan and UBSan", "build/san/ocl not built (make unit)")
    gtest.done()


main()
