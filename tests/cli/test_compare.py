#!/usr/bin/env python3
"""gcnsim compare and gcnsim run --device a,b (issue 17, item 3).  One
PASS:/FAIL:/SKIP: line per check.

The oracle is the reports themselves, read here with Python's json module:
every delta compare prints or writes is recomputed from the two files.

 1. Two runs of the GEMM workload with known differences (--set cus=16 and
    cus=8: 16 work-groups on half the CUs): the comparison's values are the
    files' own, each delta is B - A and each relative delta 100 (B - A) / |A|;
    cus shows -8 and -50.0%, the instruction counts 0, cycles grow; the text
    table prints the same numbers, within 100 columns.
 2. Generic members: a "rocprof" object and "hotspots" arrays added to the
    files here (with known cycles) are compared: every rocprof metric with
    its delta, the hot spots matched by offset and instruction text, the
    ones that moved most first, one only in B shown as new.
 3. Without hot spots the text says they are not in the files.  Two
    reports in the layout of gcnsim exec --json: their per-kernel rows are
    matched by name and compared the same way.
 4. gcnsim run --device vega-64,mi50 equals gcnsim compare of the two runs
    made one by one: the same reports and the same comparison; with
    --max-inst both runs are made, partial, and compared (exit 4).
 5. Bad input: one file, a missing file, not JSON (the byte offset), a JSON
    array, an object that is no report, a run report against an exec
    report, an unwritable --json: exit 2 with one line naming the file.
 6. The JSON reader on hostile input (every prefix of a report, 400 random
    printable-byte mutations, deep nesting, bad escapes): never a crash,
    exit 0 or 2, one line; it accepts exactly what Python's json accepts
    (strict: no NaN, no number beyond a double's range) for plain ASCII text.
"""
import csv
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

os.chdir(gtest.ROOT)
G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-compare-")
CO = "front/workloads/bin/gemm-gfx900.co"
GEMM = ["run", CO, "--global", "64,64", "--arg", "rand:f32:65536", "--arg", "rand:f32:65536", "--arg",
        "zero:262144", "--arg", "u32:256", "--arg", "u32:256", "--arg", "u32:256", "--arg", "f32:1", "--arg", "f32:0"]


def path(name):
    return os.path.join(TMP, name)


def g(args, **kw):
    return gtest.gcnsim(args, timeout=300, **kw)


def lookup(doc, name):
    """The value of a comparison metric name ("cache.l2_hit_pct") in a report, or None."""
    v = doc
    for part in name.split("."):
        if not isinstance(v, dict) or part not in v:
            return None
        v = v[part]
    return v


def metric_problems(cmp, docs):
    """Where the comparison's values, deltas or relative deltas differ from the reports'."""
    bad = []
    for m in cmp["metrics"]:
        vals = [lookup(d, m["name"]) for d in docs]
        if [v is not None for v in vals] != [v is not None for v in m["values"]]:
            bad.append("%s: present %r, compared %r" % (m["name"], vals, m["values"]))
            continue
        for v, w in zip(vals, m["values"]):
            if v is not None and abs(v - w) > 1e-9 * max(1, abs(v)):
                bad.append("%s: value %r, compared %r" % (m["name"], v, w))
        a = vals[0]
        for k, b in enumerate(vals[1:]):
            d, r = m["delta"][k], m["rel_pct"][k]
            if a is None or b is None:
                if d is not None:
                    bad.append("%s: a delta without both values" % m["name"])
                continue
            tol = 0.0051 if not (isinstance(a, int) and isinstance(b, int)) else 0
            if abs((b - a) - d) > tol:
                bad.append("%s: delta %r, expected %r" % (m["name"], d, b - a))
            want = None if a == 0 and b != 0 else 0.0 if a == 0 else 100.0 * (b - a) / abs(a)
            if (want is None) != (r is None) or (want is not None and abs(want - r) > 0.0051):
                bad.append("%s: rel_pct %r, expected %r" % (m["name"], r, want))
    return bad


def text_row(text, label):
    """The cells of the first table row labelled label."""
    for line in text.splitlines():
        cells = line.split()
        if line.startswith("  ") and cells and cells[0] == label:
            return cells[1:]
    return None


def known_differences():
    a, b = path("cus16.json"), path("cus8.json")
    for f, cus in ((a, "16"), (b, "8")):
        p = g(GEMM + ["--set", "cus=" + cus, "--json", f])
        if not check("run --set cus=%s --json" % cus, p.returncode == 0, p.stderr):
            return None
    da, db = json.load(open(a)), json.load(open(b))
    p = g(["compare", a, b, "--json", path("cmp.json")])
    cmp = json.load(open(path("cmp.json"))) if p.returncode == 0 else None
    check("compare --json writes the comparison", cmp is not None, p.stderr)
    if not cmp:
        return None
    bad = metric_problems(cmp, [da, db])
    check("every value, delta and relative delta equals the one computed from the files", not bad, bad[:5])
    names = {m["name"]: m for m in cmp["metrics"]}
    want = {"cycles", "time_us", "workgroups", "waves", "cus", "instructions.total", "instructions.valu",
            "valu_busy_pct", "salu_busy_pct", "valu_utilization_pct", "mem_unit_busy_pct",
            "occupancy.achieved_waves_per_simd", "stall_pct.waitcnt_vmcnt", "stall_pct.barrier",
            "cache.l2_hit_pct", "cache.dram_bytes"}
    check("the figures of the issue are compared", want <= set(names), sorted(want - set(names)))
    c = names.get("cus", {})
    check("cus 16 -> 8: delta -8, -50 %", c.get("delta") == [-8] and c.get("rel_pct") == [-50.0], c)
    check("the same work: instruction delta 0", names["instructions.total"]["delta"] == [0])
    check("half the CUs: more cycles", names["cycles"]["delta"][0] > 0 and db["cycles"] > da["cycles"])
    check("runs name kernel, device, status, partial",
          [r.get("device") for r in cmp["runs"]] == ["vega-64", "vega-64"] and
          all(r.get("partial") is False and r.get("status") == "completed" for r in cmp["runs"]), cmp["runs"])
    p = g(["compare", a, b])
    cells = text_row(p.stdout, "cycles")
    d = db["cycles"] - da["cycles"]
    rel = "%+.1f%%" % (100.0 * d / da["cycles"])
    check("text: cycles A, B, delta, rel", cells == [str(da["cycles"]), str(db["cycles"]), "%+d" % d, rel],
          (cells, d, rel))
    cells = text_row(p.stdout, "valu_busy_pct")
    want = ["%.2f" % da["valu_busy_pct"], "%.2f" % db["valu_busy_pct"],
            "%+.2f" % (db["valu_busy_pct"] - da["valu_busy_pct"])]
    check("text: VALUBusy in points", cells and cells[:3] == want, (cells, want))
    width = max(len(line) for line in p.stdout.splitlines())
    check("text: at most 100 columns", width <= 100, width)
    p3 = g(["compare", a, b, a, b])
    width = max(len(line) for line in p3.stdout.splitlines())
    check("four runs: at most 100 columns, run 4 shown", width <= 100 and "run 4" in p3.stdout, width)
    check("text: no hot spots in the files said", "hot spots are not in the files" in p.stdout, p.stdout[-300:])
    return da, db


def generic_members(da, db):
    """rocprof metrics and hot spots added here, with known numbers."""
    da, db = json.loads(json.dumps(da)), json.loads(json.dumps(db))
    da["rocprof"] = {"VALUBusy": 40.0, "Wavefronts": 64, "GPUBusy": 100, "note": "text is not compared"}
    db["rocprof"] = {"VALUBusy": 60.5, "Wavefronts": 64, "GPUBusy": 100}
    da["hotspots"] = [{"offset": 0x10, "count": 64, "cycles": 1000, "instruction": "s_waitcnt vmcnt(0)"},
                      {"offset": 0x20, "count": 64, "cycles": 500, "instruction": "s_barrier"},
                      {"offset": 0x30, "count": 64, "cycles": 300, "instruction": "v_fma_f32 v1, v2, v3, v4"}]
    db["hotspots"] = [{"offset": 0x10, "count": 64, "cycles": 1100, "instruction": "s_waitcnt vmcnt(0)"},
                      {"offset": 0x20, "count": 64, "cycles": 2500, "instruction": "s_barrier"},
                      {"offset": 0x30, "count": 64, "cycles": 300, "instruction": "v_fma_f32 v1, v2, v3, v4"},
                      {"offset": 0x40, "count": 8, "cycles": 700, "instruction": "s_sleep 1"}]
    json.dump(da, open(path("ga.json"), "w"))
    json.dump(db, open(path("gb.json"), "w"))
    p = g(["compare", path("ga.json"), path("gb.json"), "--json", "-"])
    cmp = json.loads(p.stdout) if p.returncode == 0 else {}
    names = {m["name"]: m for m in cmp.get("metrics", [])}
    v = names.get("rocprof.VALUBusy", {})
    check("rocprof metrics compared: VALUBusy 40 -> 60.5",
          v.get("values") == [40.0, 60.5] and abs(v["delta"][0] - 20.5) < 1e-9 and v["rel_pct"] == [51.25], v)
    check("every numeric rocprof member, no text one",
          {"rocprof.Wavefronts", "rocprof.GPUBusy"} <= set(names) and "rocprof.note" not in names, sorted(names))
    bad = metric_problems(cmp, [da, db]) if cmp else ["no comparison"]
    check("with rocprof: deltas still equal the files'", not bad, bad[:5])
    moved = (cmp.get("hotspots") or [{}])[0].get("moved", [])
    got = [(h["offset"], h["instruction"], h["cycles"], h["delta"]) for h in moved]
    want = [(0x20, "s_barrier", [500, 2500], 2000), (0x40, "s_sleep 1", [None, 700], 700),
            (0x10, "s_waitcnt vmcnt(0)", [1000, 1100], 100)]
    check("hot spots matched by offset and text, the most moved first, unmoved left out", got == want, got)
    check("a hot spot only in B: rel null", [h["rel_pct"] for h in moved] == [400.0, None, 10.0], moved)
    p = g(["compare", path("ga.json"), path("gb.json")])
    lines = p.stdout.split("hot spots that moved most")[-1].splitlines()
    first = lines[2].split() if len(lines) > 2 else []
    check("text: hot spots that moved most", first[:1] == ["0x0020"] and first[-2:] == ["+2000", "+400.0%"]
          and any("s_sleep 1" in x and "new" in x for x in lines), lines[:5])
    del db["hotspots"]
    json.dump(db, open(path("gb.json"), "w"))
    p = g(["compare", path("ga.json"), path("gb.json")])
    check("hot spots in one file only: said, naming the other", "not in all the files (%s" % path("gb.json")
          in p.stdout, p.stdout[-300:])


def exec_reports():
    row = {"kernel": "_Z4axpyPf", "name": "axpy(float*)", "device": "vega-64", "calls": 4,
           "wave_instructions": 4096, "total_ns": 20000, "mean_ns": 5000, "pct": 80, "valu_busy_pct": 31.5,
           "achieved_waves_per_simd": 2.25, "top_stall": "waitcnt_vmcnt"}
    other = dict(row, kernel="fill", name="fill", calls=1, wave_instructions=64, total_ns=5000, mean_ns=5000, pct=20)
    a = {"program": "./app", "arguments": [], "exit_status": 0, "mode": "timing", "dispatches": [],
         "kernels": [row, other]}
    b = json.loads(json.dumps(a))
    b["kernels"] = [dict(other, device="mi50", total_ns=4000), dict(row, device="mi50", total_ns=12000,
                                                                     achieved_waves_per_simd=3.5)]
    json.dump(a, open(path("ea.json"), "w"))
    json.dump(b, open(path("eb.json"), "w"))
    p = g(["compare", path("ea.json"), path("eb.json"), "--json", "-"])
    cmp = json.loads(p.stdout) if p.returncode == 0 else {}
    got = {m["name"]: (m["values"], m["delta"], m["rel_pct"]) for m in cmp.get("metrics", [])}
    check("exec reports: rows matched by kernel name",
          got.get("kernels[axpy(float*)].total_ns") == ([20000, 12000], [-8000], [-40.0]) and
          got.get("kernels[fill].total_ns") == ([5000, 4000], [-1000], [-20.0]) and
          got.get("kernels[axpy(float*)].achieved_waves_per_simd") == ([2.25, 3.5], [1.25], [55.56]), got)
    check("exec reports: no hot spots, said", cmp.get("hotspots") is None and "exec" in cmp.get("hotspots_note", ""))


def device_list():
    p = g(GEMM + ["--device", "vega-64,mi50", "--json", path("multi.json")])
    ok = check("run --device vega-64,mi50", p.returncode == 0, p.stderr)
    check("run --device a,b: one line per run, then the comparison",
          p.stdout.startswith("vega-64: sgemm on gfx900") and "\nmi50: sgemm" in p.stdout and
          text_row(p.stdout, "cycles") is not None, p.stdout[:300])
    runs = []
    for dev in ("vega-64", "mi50"):
        f = path(dev + ".json")
        q = g(GEMM + ["--device", dev, "--json", f])
        ok &= q.returncode == 0
        runs.append(f)
    if not ok:
        return
    m = json.load(open(path("multi.json")))
    one = [json.load(open(f)) for f in runs]
    check("--json: runs are the reports of the runs made one by one", m["runs"] == one,
          [sorted(set(a) ^ set(b)) for a, b in zip(m["runs"], one)])
    q = g(["compare"] + runs + ["--json", "-"])
    c = json.loads(q.stdout)
    same = c["metrics"] == m["comparison"]["metrics"] and c["strings"] == m["comparison"]["strings"]
    check("--json: the comparison is gcnsim compare's of the two runs", same)
    check("the runs are labelled by device", [r["label"] for r in m["comparison"]["runs"]] == ["vega-64", "mi50"])
    text = g(["compare"] + runs).stdout
    check("text: the same table as gcnsim compare's", p.stdout.split("\ndelta:")[1] == text.split("\ndelta:")[1])
    csv_and_html(runs)
    p = g(GEMM + ["--device", "vega-64,mi50", "--max-inst", "100000", "--json", "-"])
    m = json.loads(p.stdout) if p.stdout.startswith("{") else {}
    runs = m.get("comparison", {}).get("runs", [])
    check("run --device a,b --max-inst: exit 4, both runs partial and compared", p.returncode == 4 and
          [(r["device"], r["partial"], r.get("partial_reason")) for r in runs] ==
          [("vega-64", True, "--max-inst"), ("mi50", True, "--max-inst")], (p.returncode, runs))
    p = g(GEMM + ["--device", "vega-64,rx-480"])
    check("run --device with a preset that cannot run the target: exit 2",
          p.returncode == 2 and "rx-480" in p.stderr and "cannot run gfx900" in p.stderr, p.stderr)
    p = g(GEMM + ["--device", "vega-64,vega-65"])
    check("run --device with an unknown preset: exit 2, one line", p.returncode == 2 and
          len(p.stderr.splitlines()) == 1 and "vega-65" in p.stderr, p.stderr)
    p = g(GEMM + ["--device", "vega-64,mi50", "--trace", path("t.gz")])
    check("run --device a,b --trace: refused", p.returncode == 2 and "--trace" in p.stderr, p.stderr)
    p = g(["validate"] + GEMM[1:] + ["--device", "vega-64,mi50"])
    check("validate --device a,b: refused (one preset)", p.returncode == 2 and "one preset" in p.stderr, p.stderr)


def embedded_reports(html):
    """The JSON reports a page embeds (html_write: a <script
    type=application/json> holding [{label, report: the report's text}])."""
    docs = []
    for m in re.finditer(r'<script[^>]*type="application/json"[^>]*>(.*?)</script>', html, re.S):
        try:
            docs.extend(json.loads(e["report"]) for e in json.loads(m.group(1)))
        except (ValueError, KeyError, TypeError):
            continue
    return docs


def csv_and_html(runs):
    """--csv with a device list: a row per preset, gpu-id its place, each
    row's Wavefronts and DurationNs those of the preset's own report;
    --html with a list and compare --html: one page holding every report."""
    one = [json.load(open(f)) for f in runs]
    p = g(GEMM + ["--device", "vega-64,mi50", "--csv", path("multi.csv"), "--html", path("multi.html")])
    rows = list(csv.DictReader(open(path("multi.csv")))) if p.returncode == 0 else []
    check("run --device a,b --csv: a row per preset, gpu-id 0 and 1", [r["gpu-id"] for r in rows] == ["0", "1"],
          (p.returncode, p.stderr, rows[:1]))
    if len(rows) == 2:
        want = [(str(d["waves"]), round(d["time_us"] * 1000)) for d in one]
        got = [(str(int(float(r["Wavefronts"]))), int(r["DurationNs"])) for r in rows]
        check("run --device a,b --csv: each row is its preset's run (Wavefronts, DurationNs within 1 ns)",
              all(a[0] == b[0] and abs(a[1] - b[1]) <= 1 for a, b in zip(want, got)), (want, got))
    for name, args, f in (("run --device a,b --html", None, path("multi.html")),
                          ("compare --html", ["compare"] + runs + ["--html", path("cmp.html")], path("cmp.html"))):
        q = g(args) if args else p
        docs = embedded_reports(open(f).read()) if q.returncode == 0 and os.path.exists(f) else []
        check(name + ": one page embedding both reports",
              [d.get("device") for d in docs] == ["vega-64", "mi50"] and
              [d.get("cycles") for d in docs] == [d["cycles"] for d in one], (q.returncode, q.stderr,
                                                                                [d.get("device") for d in docs]))


def one_line_error(args, name, *words):
    p = g(["compare"] + args)
    lines = p.stderr.splitlines()
    check(name, p.returncode == 2 and len(lines) == 1 and all(w in p.stderr for w in words) and not p.stdout,
          (p.returncode, p.stderr, p.stdout[:100]))


def bad_inputs(a):
    notjson = '{"kernel": "k", "mode": "timing", "cycles": 12,, "x": 1}'
    open(path("notjson.json"), "w").write(notjson)
    open(path("array.json"), "w").write("[1, 2]")
    open(path("other.json"), "w").write('{"name": "not a report"}')
    json.dump({"program": "./p", "arguments": [], "exit_status": 0, "mode": "timing", "dispatches": [],
               "kernels": []}, open(path("exec.json"), "w"))
    one_line_error([a], "one report: exit 2", "two or more")
    one_line_error([], "no report: exit 2", "two or more")
    one_line_error([a, path("missing.json")], "a missing file: exit 2, named", path("missing.json"), "No such file")
    one_line_error([a, path("notjson.json")], "not JSON: exit 2, file and byte offset",
                   path("notjson.json"), "offset %d: expected a member name" % (notjson.index(",,") + 1))
    one_line_error([path("array.json"), a], "a JSON array: exit 2", path("array.json"), "not a gcnsim report")
    one_line_error([a, path("other.json")], "an object that is no report: exit 2", path("other.json"),
                   "not a gcnsim report")
    one_line_error([a, path("exec.json")], "a run report against an exec report: exit 2", "one kind")
    one_line_error([a, a, "--json", "/nonexistent-dir/x.json"], "--json unwritable: exit 2", "/nonexistent-dir")
    p = g(["compare", "--help"])
    check("compare --help", p.returncode == 0 and "gcnsim compare A.json B.json" in p.stdout and
          "Exit status" in p.stdout, p.stdout[:200])


def ours_parses(text):
    """(True if gcnsim's reader parsed text, the run) with text as the second report."""
    open(path("fz.json"), "wb").write(text)
    p = g(["compare", path("cus16.json"), path("fz.json")])
    return not re.search(r": offset \d+: ", p.stderr), p


def python_parses(text):
    def no(c):
        raise ValueError(c)
    try:
        def finite(s):   # gcnsim refuses numbers beyond a double's range
            v = float(s)
            return v if v not in (float("inf"), float("-inf")) else no(s)
        json.loads(text.decode("ascii"), parse_constant=no, parse_float=finite)
        return True
    except (ValueError, UnicodeDecodeError):
        return False
    except RecursionError:
        return None   # too deep for Python: no verdict


def hostile():
    rng = random.Random(17)
    base = open(path("cus16.json"), "rb").read()
    base = base[:2500]   # the first members: short runs
    cases = [base[:n] for n in sorted(rng.sample(range(len(base)), 120))]
    cases += [b"[" * 100000, b'{"a": "\\x"}', b'{"a": "\\ud800"}', b'{"a": "\\udc00x"}', b'{"a": 01}',
              b'{"a": 1.}', b'{"a": -}', b'{"a": 1e999}', b'{"a": "\x01"}', b'\xef\xbb\xbf{}', b"",
              b'{"kernel": "k", "mode": "m"} x', b'{"a": [1, 2,]}', b"nul", b'"\\u0000"']
    full = open(path("cus16.json"), "rb").read()
    for _ in range(400):
        t = bytearray(full)
        for _ in range(rng.randint(1, 3)):
            t[rng.randrange(len(t))] = rng.randrange(0x20, 0x7f)
        cases.append(bytes(t))
    crashes, multi, disagree = [], [], []
    for t in cases:
        ok, p = ours_parses(t)
        if p.returncode not in (0, 2):
            crashes.append((t[:60], p.returncode))
        if p.returncode == 2 and len(p.stderr.splitlines()) != 1:
            multi.append((t[:60], p.stderr[:200]))
        if t.isascii() and b"\\u" not in t and python_parses(t) not in (None, ok):
            disagree.append((t[:80], ok, p.stderr[:120]))
    check("hostile JSON: no crash (exit 0 or 2) on %d inputs" % len(cases), not crashes, crashes[:3])
    check("hostile JSON: every error one line", not multi, multi[:3])
    check("hostile JSON: accepts what Python's json accepts, refuses the rest", not disagree, disagree[:3])
    ok, p = ours_parses(b"[" * 100000)
    check("deep nesting: refused with its offset", "offset 64: nesting deeper than 64 levels" in p.stderr, p.stderr)


def main():
    r = known_differences()
    if r:
        generic_members(*r)
        exec_reports()
        bad_inputs(path("cus16.json"))
        hostile()
    device_list()
    gtest.done()


main()
