#!/usr/bin/env python3
"""Long runs talk (issue 17, item 6): the progress line of gcnsim run and
the partial report of a run that is stopped.  One PASS:/FAIL:/SKIP: line
per check.  The long run: the GEMM workload, 1024x1024x1024 on 4 CUs
(256 work-groups, about 20 s under the cycle model; stopped early).

 1. --progress to a pipe: one line per update with work-groups done of
    256 (never decreasing), simulated time (growing), wave-instructions per
    second and an ETA; at most two lines a second.
 2. SIGINT once the run is under way: exit 130; --json parses with
    "partial": true, "partial_reason": "interrupted by SIGINT", "status":
    "stopped" and fewer than 256 work-groups; the text says partial.
 3. SIGTERM: exit 143, "interrupted by SIGTERM".
 4. --max-inst: exit 4, partial, reason "--max-inst", at least that many
    wave-instructions; a complete run has "partial": false.
 5. stderr a pipe without --progress: no progress line; stderr a terminal
    (a pty): the line is rewritten in place with \\r and erased before the
    report; --no-progress silences it there.
"""
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

os.chdir(gtest.ROOT)
G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-progress-")
LONG = [G, "run", "front/workloads/bin/gemm-gfx900.co", "--global", "256,256", "--arg", "rand:f32:1M", "--arg",
        "rand:f32:1M", "--arg", "zero:4M", "--arg", "u32:1024", "--arg", "u32:1024", "--arg", "u32:1024", "--arg",
        "f32:1", "--arg", "f32:0", "--set", "cus=4"]
LINE = re.compile(r"^gcnsim: (\d+)/(\d+) work-groups, ([\d.]+) (us|ms|s) simulated, ([\d.]+) M wave-inst/s, "
                  r"ETA (-|\d+ s|\d+ min|[\d.]+ h)$")
SCALE = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


def stop_after_progress(sig, name, wait=1.5):
    """Run LONG with --progress, send sig after its first progress line and wait more; (rc, json, out, lines)."""
    jpath = os.path.join(TMP, name + ".json")
    p = subprocess.Popen(LONG + ["--progress", "--json", jpath], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    first = p.stderr.readline()
    time.sleep(wait)
    p.send_signal(sig)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    lines = [first.rstrip("\n")] + err.splitlines()
    try:
        j = json.load(open(jpath))
    except (OSError, ValueError):
        j = None
    return p.returncode, j, out, lines


def progress_lines(lines):
    return [LINE.match(x) for x in lines if LINE.match(x)]


def test_progress_and_sigint():
    t0 = time.time()
    rc, j, out, lines = stop_after_progress(signal.SIGINT, "sigint", wait=2.0)
    elapsed = time.time() - t0
    m = progress_lines(lines)
    check("--progress to a pipe: progress lines", len(m) >= 2, lines[:5])
    done = [int(x.group(1)) for x in m]
    sim = [float(x.group(3)) * SCALE[x.group(4)] for x in m]
    check("work-groups of 256, never fewer than before", m and all(int(x.group(2)) == 256 for x in m) and
          done == sorted(done), done)
    check("simulated time grows", sim == sorted(sim) and sim[-1] > sim[0], sim)
    check("wave-instructions per second above 0", all(float(x.group(5)) > 0 for x in m), [x.group(5) for x in m])
    check("an ETA once work-groups have ended", any(x.group(6) != "-" for x in m if int(x.group(1)) > 0) or
          not any(done), [x.group(6) for x in m])
    check("at most two lines a second", len(m) <= 2 * elapsed + 2, (len(m), elapsed))
    other = [x for x in lines if not LINE.match(x) and x]
    check("stderr: progress lines and the interruption only", len(other) == 1 and "interrupted" in other[0], other)
    check("SIGINT: exit 130", rc == 130, rc)
    ok = j is not None and j.get("partial") is True and j.get("partial_reason") == "interrupted by SIGINT" \
        and j.get("status") == "stopped" and 0 < j.get("workgroups", 0) < 256 and j.get("cycles", 0) > 0
    check("SIGINT: --json parses, partial, with the reason and what ran", ok,
          {k: j.get(k) for k in ("partial", "partial_reason", "status", "workgroups")} if j else None)
    check("SIGINT: the text report says partial and why", "partial report (interrupted by SIGINT)" in out and
          "cycles" in out, out[:400])


def test_sigterm():
    rc, j, out, lines = stop_after_progress(signal.SIGTERM, "sigterm", wait=0.5)
    check("SIGTERM: exit 143", rc == 143, rc)
    check("SIGTERM: partial JSON with the reason", j is not None and j.get("partial") is True and
          j.get("partial_reason") == "interrupted by SIGTERM", j and j.get("partial_reason"))


def test_max_inst():
    jpath = os.path.join(TMP, "max.json")
    p = gtest.run(LONG + ["--max-inst", "300000", "--json", jpath], timeout=120)
    j = json.load(open(jpath)) if os.path.exists(jpath) else {}
    check("--max-inst: exit 4", p.returncode == 4, (p.returncode, p.stderr))
    check("--max-inst: partial, reason --max-inst, at least 300000 wave-instructions",
          j.get("partial") is True and j.get("partial_reason") == "--max-inst" and
          j.get("instructions", {}).get("total", 0) >= 300000, {k: j.get(k) for k in ("partial", "partial_reason")})
    check("--max-inst: the text says partial", "partial report (--max-inst)" in p.stdout, p.stdout[:300])
    check("--max-inst, stderr a pipe, no --progress: no progress line", not progress_lines(p.stderr.splitlines()),
          p.stderr)
    q = gtest.run(LONG[:4] + ["64,64"] + LONG[5:] + ["--json", "-"], timeout=120)
    check("a complete run: \"partial\": false", q.returncode == 0 and json.loads(q.stdout).get("partial") is False,
          q.stderr)


def on_pty(extra):
    """Run an 8 s stretch (here) of LONG with stderr on a pty: (what the pty got, stdout)."""
    master, slave = pty.openpty()
    p = subprocess.Popen(LONG + ["--max-inst", "20000000"] + extra, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    got = b""
    while True:
        r, _, _ = select.select([master], [], [], 60)
        if not r:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return got.decode(errors="replace"), out.decode(errors="replace"), p.returncode


def test_terminal():
    got, out, rc = on_pty([])
    lines = [x for x in re.split(r"[\r\n]", got) if x.strip()]
    check("stderr a terminal: the line is rewritten in place", got.count("\rgcnsim: ") >= 2 and
          progress_lines([x.rstrip() for x in lines]), got[:300])
    tail = got.split("gcnsim: run:")[0]
    check("stderr a terminal: the line is erased before the report", re.search(r"\r +\r$", tail) is not None,
          repr(tail[-120:]))
    got, out, rc = on_pty(["--no-progress"])
    check("--no-progress on a terminal: no progress line", "work-groups," not in got and rc == 4, (rc, got[:200]))


def main():
    if not os.path.exists("front/workloads/bin/gemm-gfx900.co"):
        gtest.skip("progress", "no front/workloads/bin/gemm-gfx900.co")
    else:
        gtest.run_each([test_progress_and_sigint, test_sigterm, test_max_inst, test_terminal])
    gtest.done()


main()
