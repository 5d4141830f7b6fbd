#!/usr/bin/env python3
"""Golden-trace regression test: re-runs every entry of traces/MANIFEST
(gcnsim run ... --trace) and compares the new trace with the committed
traces/NAME.trace.gz: byte-identical, or `gcnsim trace diff` (--timing for
timing entries) says the records agree.  On a difference the entry FAILs
and the first-divergence report of `gcnsim trace diff` follows the FAIL
line.  After a deliberate model change, `make retrace` rewrites the golden
traces and says which changed.

Also checked: the MANIFEST is the one traces/make-traces.py's table gives;
every golden trace has an entry; the same run twice gives byte-identical
traces (one functional and one timing entry); and the comparison is not
blind: one bit flipped in an input file is reported at the wave, lane and
bit the kernel predicts, and a timing entry run with one cycle more of LDS
latency differs under --timing but not in architectural state.

SKIPs (does not fail) while gcnsim has no `run --trace` or `trace diff`.
Options: -k SUBSTRING (only matching entries), -j N (parallel runs).
GCNSIM names the binary (empty: ./gcnsim)."""
import importlib.util
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

spec = importlib.util.spec_from_file_location("make_traces", os.path.join(ROOT, "traces", "make-traces.py"))
mt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mt)

DETERMINISM = ["e2e-atomics_local-gfx900", "wl-sgemm-gfx900-timing"]
# entry, input file, byte: key 100, bit 8.  wl-bitonic-gfx900 is stage 5
# pass 2 (distance 8): work-item t reads keys lo = (t & 7) + (t >> 3) * 16
# and lo + 8, so key 100 is the first load of work-item 52: wave 0, lane
# 52, the loaded value differs in bit 8 (0x100).
BITFLIP = ("wl-bitonic-gfx900", "keys.bin", 100 * 4 + 1)
BITFLIP_WANT = (0, 52, 0x100)     # wave, lane, expected ^ actual
# a timing entry and a device parameter that changes its cycles, not its values
CYCLES = ("micro-lds_stride32-gfx900-timing", "lds_latency=65")


def cli_missing():
    """None if gcnsim can record and diff traces, else why not."""
    g = mt.gcnsim_path()
    if not os.access(g, os.X_OK):
        return "%s is not built (make)" % g
    run = gtest.run([g, "run", "--help"])
    if "--trace" not in run.stdout + run.stderr:
        return "gcnsim run has no --trace option yet"
    tr = gtest.run([g, "trace", "--help"])
    if tr.returncode != 0 or "diff" not in tr.stdout + tr.stderr:
        return "gcnsim has no trace diff command yet"
    return None


def report(text, limit=60):
    lines = text.splitlines()
    out = "\n".join("    " + l for l in lines[:limit])
    return out + ("\n    ... (%d more lines)" % (len(lines) - limit) if len(lines) > limit else "")


def check_entry(s):
    """(status, message) of one MANIFEST entry against its golden trace."""
    gold = mt.golden_path(s.name)
    if not os.path.exists(gold):
        return "FAIL", "no golden trace traces/%s%s (make retrace)" % (s.name, mt.EXT)
    trace, err = mt.make_trace(s)
    if not trace:
        return "FAIL", "the run failed: " + err
    with open(os.path.join(ROOT, trace), "rb") as f, open(gold, "rb") as g:
        if f.read() == g.read():
            return "PASS", ""
    rc, out = mt.diff_trace(s, trace)
    if rc == 0:
        return "PASS", "(same records; the files differ in coding or header: make retrace)"
    if rc == 1:
        return "FAIL", "the trace differs from traces/%s%s (%s)\n%s" % (s.name, mt.EXT, s.diff, report(out))
    return "FAIL", "trace diff exited %d (%s)\n%s" % (rc, s.diff, report(out))


def check_determinism(s):
    """The entry's run again gives the same bytes as its first run."""
    _, trace = mt.work_paths(s.name)
    path = os.path.join(ROOT, trace)
    if not os.path.exists(path):
        return "FAIL", "no first trace to compare with"
    with open(path, "rb") as f:
        first = f.read()
    again, err = mt.make_trace(s)
    if not again:
        return "FAIL", "the second run failed: " + err
    with open(path, "rb") as f:
        second = f.read()
    if first != second:
        n = next((i for i in range(min(len(first), len(second))) if first[i] != second[i]),
                 min(len(first), len(second)))
        return "FAIL", "two runs gave different traces (%d and %d bytes, first difference at byte %d)" % (
            len(first), len(second), n)
    return "PASS", "(%d bytes twice)" % len(first)


def check_bitflip(s, fname, byte):
    """One bit flipped in an input file: trace diff must report a divergence."""
    indir, trace = mt.work_paths(s.name)
    for cmd in s.inputs:
        p = gtest.run(mt.argv_of(cmd, indir, trace))
        if p.returncode:
            return "FAIL", "input step failed: " + cmd
    path = os.path.join(ROOT, indir, fname)
    with open(path, "r+b") as f:
        f.seek(byte)
        b = f.read(1)[0]
        f.seek(byte)
        f.write(bytes([b ^ 1]))
    # the run without regenerating the inputs
    r = mt.Spec()
    r.name, r.mode, r.run, r.diff, r.inputs = s.name, s.mode, s.run, s.diff, []
    t, err = mt.make_trace(r)
    if not t:
        return "FAIL", "the run failed: " + err
    rc, out = mt.diff_trace(s, t)
    if rc != 1:
        return "FAIL", "trace diff exited %d, want 1 (a divergence)\n%s" % (rc, report(out, 10))
    wave, lane, xor = BITFLIP_WANT
    m = re.search(r"^\s*lane %d: expected (0x[0-9a-f]+), actual (0x[0-9a-f]+)" % lane, out, re.M)
    if not re.search(r"^\s*wave %d \(" % wave, out, re.M) or not m or int(m.group(1), 16) ^ int(m.group(2), 16) != xor:
        return "FAIL", "want wave %d, lane %d differing by %#x in the report:\n%s" % (wave, lane, xor, report(out, 12))
    return "PASS", "(%s)" % mt.divergence_line(out)


def check_cycles(s, setting):
    """The entry under a changed device parameter: `trace diff --timing`
    reports a difference, plain `trace diff` (architectural state) none."""
    r = mt.Spec()
    r.name, r.mode, r.diff, r.inputs = s.name, s.mode, s.diff, s.inputs
    r.run = s.run.replace(" --trace ", " --set %s --trace " % setting)
    t, err = mt.make_trace(r)
    if not t:
        return "FAIL", "the run failed: " + err
    rc, out = mt.diff_trace(s, t)
    if rc != 1 or not re.search(r"cycle", out):
        return "FAIL", "trace diff --timing exited %d, want 1 with the cycles that differ\n%s" % (rc, report(out, 12))
    r.diff = s.diff.replace(" --timing", "")
    rc2, out2 = mt.diff_trace(r, t)
    if rc2 != 0:
        return "FAIL", "trace diff without --timing exited %d, want 0\n%s" % (rc2, report(out2, 12))
    return "PASS", "(%s)" % mt.divergence_line(out)


def verdict(name, st, msg):
    """A check from a (status, message) pair: the message follows the name, after ': ' on failure."""
    check(name + (" " + msg if st == "PASS" and msg else ""), st == "PASS", msg)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="golden-trace regression test")
    ap.add_argument("-k", default="", help="only entries whose name contains this")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    why = cli_missing()
    if why:
        skip("golden traces", why)
        return
    mpath = os.path.join(ROOT, "traces", "MANIFEST")
    if not os.path.exists(mpath):
        skip("golden traces", "no traces/MANIFEST yet: make retrace writes it and the traces")
        return
    text = open(mpath).read()
    if text == mt.manifest_text(mt.entries()):
        check("golden MANIFEST is the one traces/make-traces.py writes", True)
    else:
        check("golden MANIFEST differs from traces/make-traces.py's table (make retrace)", False)
    try:
        specs = mt.parse_manifest(text)
    except ValueError as e:
        check("golden MANIFEST", False, e)
        return
    names = {s.name for s in specs}
    stale = sorted(fn for fn in os.listdir(os.path.join(ROOT, "traces"))
                   if fn.endswith(mt.EXT) and fn[:-len(mt.EXT)] not in names)
    if stale and not args.k:
        check("golden traces without a MANIFEST entry", False, " ".join(stale))
    specs = [s for s in specs if args.k in s.name]
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(check_entry, specs))
    for s, (st, msg) in zip(specs, results):
        verdict("golden %s (%s)" % (s.name, s.mode), st, msg)
    by = {s.name: s for s in specs}
    for name in DETERMINISM:
        if name in by:
            verdict("golden determinism %s" % name, *check_determinism(by[name]))
    if BITFLIP[0] in by:
        verdict("golden one-bit input change in %s is reported" % BITFLIP[0],
                *check_bitflip(by[BITFLIP[0]], BITFLIP[1], BITFLIP[2]))
    if CYCLES[0] in by:
        verdict("golden --set %s on %s changes cycles only" % (CYCLES[1], CYCLES[0]),
                *check_cycles(by[CYCLES[0]], CYCLES[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
    gtest.done()
