#!/usr/bin/env python3
"""Checks of `gcnsim bench WORKLOAD --trace PATH` (every launch of a
workload in one trace), each against a prediction this script makes
itself:

- bitonic sort of N keys, functional and under the cycle model: one file
  whose records carry launch numbers 0 .. k(k+1)/2-1 (k = log2 N) in
  launch order; the record count is bench --json's wave-instruction total;
  the records of launch i equal, value for value (trace dump text without
  the record number and launch field), those of a single `gcnsim run
  --trace` of the same launch: bitonic_step with stage and pass of launch
  i on the keys the previous single run dumped, starting from the keys
  this script generates as front/workloads/bitonic.c does (splitmix64,
  the same seed); the chain of single runs ends sorted, and each single
  run's instruction count is the launch's record count;
- reduce (two passes) and gemm (one launch): the launches, the records
  per launch against bench --json;
- the header: target, kernel, the bench command line without --trace;
- determinism: the same bench twice gives the same bytes;
- trace dump --launch L, the launch field of dump's record lines;
- a patched code object (--co) against the built one: diff reports the
  divergence in launch 0 with the bench line instead of a gcnsim debug
  command;
- errors and --help.

(A one-bit change of the input before a later launch and the diff's
report of it are checked in tests/unit/test_bench_trace_flip.c, which can
change the keys between launches.)

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import json
import os
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

G = gtest.GCNSIM
gtest.detail_limit = 3000   # a FAIL line shows at most 3000 characters of its detail
TMP = gtest.tempdir("gcnsim-tbench-")
CO = "front/workloads/bin/%s-%s.co"
M64 = (1 << 64) - 1


def gcnsim(args, timeout=600):
    return gtest.gcnsim(args, timeout=timeout)


def tmp(name):
    return os.path.join(TMP, name)


def splitmix_keys(n, seed):
    """The keys front/workloads/bitonic.c generates (wl_rng_next, low 32 bits)."""
    s, out = seed, []
    for _ in range(n):
        s = (s + 0x9e3779b97f4a7c15) & M64
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        out.append((z ^ (z >> 31)) & 0xffffffff)
    return out


def dump(trace, *opts):
    """(header lines, [(launch, record text without number and launch)])."""
    p = gcnsim(["trace", "dump", trace] + list(opts))
    if p.returncode:
        raise RuntimeError("trace dump %s: %s" % (trace, p.stderr.strip()))
    head, recs = [], []
    for line in p.stdout.splitlines():
        if line.startswith("#"):
            head.append(line)
            continue
        m = re.match(r"\[\d+\] (?:launch (\d+) )?(wave .*)", line)
        if m:
            recs.append([int(m.group(1) or 0), [m.group(2)]])
        elif recs:
            recs[-1][1].append(line)
    return head, [(l, "\n".join(t)) for l, t in recs]


def by_launch(recs):
    out = {}
    for launch, text in recs:
        out.setdefault(launch, []).append(text)
    return out


def bench(workload, n, trace, *opts):
    p = gcnsim(["bench", workload, "--n", str(n), "--json", "-", "--trace", trace] + list(opts))
    if p.returncode:
        raise RuntimeError("bench %s: exit %d: %s" % (workload, p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)


# ---- the bitonic sort against single runs -------------------------------------

def test_bitonic(n, timing):
    mode = "cycle model" if timing else "functional"
    flag = [] if timing else ["--functional"]
    k = n.bit_length() - 1
    nl = k * (k + 1) // 2
    name = "bitonic %d keys (%s)" % (n, mode)
    trace = tmp("bitonic_%d_%s.gz" % (n, "t" if timing else "f"))
    js = bench("bitonic", n, trace, *flag)
    check(name + ": bench verifies, %d launches" % nl, js["verification"] == "PASS" and js["launches"] == nl, js)
    head, recs = dump(trace)
    launches = [l for l, _ in recs]
    check(name + ": one file, launch numbers 0..%d in launch order" % (nl - 1),
          launches == sorted(launches) and sorted(set(launches)) == list(range(nl)), sorted(set(launches)))
    check(name + ": %d records, bench's wave-instruction total" % js["wave_instructions"],
          len(recs) == js["wave_instructions"] and "%d records" % len(recs) in head[0], head[0])
    check(name + ": header: gfx900, kernel bitonic_step, %s" % mode,
          re.match(r"# gcnsim trace, format \d+: gfx900, kernel bitonic_step, %s, " % mode, head[0]), head[0])
    want_opts = "# options: bench bitonic --n %d --json -%s" % (n, " --functional" if not timing else "")
    check(name + ": header: the bench command line without --trace", head[2] == want_opts, head[2])
    per = by_launch(recs)
    keys = splitmix_keys(n, 0x6269746f6e6963)
    cur = tmp("keys_%d.bin" % n)
    with open(cur, "wb") as f:
        f.write(struct.pack("<%dI" % n, *keys))
    glob, loc = n // 2, min(n // 2, 256)
    bad, counts_bad, i = [], [], 0
    for stage in range(k):
        for p in range(stage + 1):
            single = tmp("single_%d.gz" % i)
            r = gcnsim(["run", CO % ("bitonic", "gfx900"), "--kernel", "bitonic_step", "--global", str(glob),
                        "--local", str(loc), "--arg", "buf:" + cur, "--arg", "u32:%d" % stage, "--arg", "u32:%d" % p,
                        "--arg", "u32:1", "--dump", "0=" + cur, "--trace", single] + flag)
            if r.returncode:
                check(name + ": single run of launch %d" % i, False, r.stderr)
                return
            m = re.search(r"(\d+) wave-instructions: completed", r.stdout)
            if not m or int(m.group(1)) != len(per.get(i, [])):
                counts_bad.append((i, m and m.group(1), len(per.get(i, []))))
            _, srecs = dump(single)
            if [t for _, t in srecs] != per.get(i, []) or any(l for l, _ in srecs):
                bad.append(i)
            os.remove(single)
            i += 1
    check(name + ": each launch's records = its single run's instruction count", not counts_bad, counts_bad)
    check(name + ": each launch's records equal the single run's trace of that launch, value for value",
          not bad, "launches that differ: %s" % bad)
    final = struct.unpack("<%dI" % n, open(cur, "rb").read())
    check(name + ": the chain of single runs ends sorted (the launches are the sort's)", list(final) == sorted(keys))


# ---- other workloads, header, determinism ----------------------------------------

def test_reduce_gemm():
    for w, n, launches, kernel in [("reduce", 5000, 2, "reduce_sum"), ("gemm", 64, 1, "sgemm")]:
        for timing in (0, 1):
            flag = [] if timing else ["--functional"]
            name = "%s --n %d (%s)" % (w, n, "cycle model" if timing else "functional")
            trace = tmp("%s_%d.gz" % (w, timing))
            js = bench(w, n, trace, *flag)
            head, recs = dump(trace)
            per = by_launch(recs)
            check(name + ": %d launch%s, numbered from 0, %d records (bench's total)" % (
                      launches, "es" if launches > 1 else "", js["wave_instructions"]),
                  js["launches"] == launches and sorted(per) == list(range(launches))
                  and len(recs) == js["wave_instructions"], (sorted(per), len(recs), js))
            check(name + ": header names kernel %s" % kernel, (", kernel %s, " % kernel) in head[0], head[0])
            if timing:
                check(name + ": records carry cycles", all("cycles issue" in t for _, t in recs[:50]), recs[:2])


def test_determinism():
    for w, n, flag in [("bitonic", 256, ["--functional"]), ("reduce", 5000, [])]:
        a, b = tmp("det_%s_a.gz" % w), tmp("det_%s_b.gz" % w)
        bench(w, n, a, *flag)
        bench(w, n, b, *flag)
        check("determinism: bench %s --n %d%s twice: the same bytes" % (w, n, " --functional" if flag else ""),
              open(a, "rb").read() == open(b, "rb").read())
        p = gcnsim(["trace", "diff", a, b])
        check("determinism: bench %s: trace diff agrees (waves per launch)" % w,
              p.returncode == 0 and "traces agree" in p.stdout, p.stdout + p.stderr)


def test_dump_launch():
    trace = tmp("bitonic_64_f.gz")
    if not os.path.exists(trace):
        bench("bitonic", 64, trace, "--functional")
    _, allr = dump(trace)
    _, l5 = dump(trace, "--launch", "5")
    check("dump --launch 5: exactly the records of launch 5", l5 and l5 == [r for r in allr if r[0] == 5],
          len(l5))
    p = gcnsim(["trace", "dump", trace, "--launch", "5", "--count", "1"])
    check("dump: a record of launch 5 reads [SEQ] launch 5 wave ...",
          re.search(r"(?m)^\[\d+\] launch 5 wave \d+ \(wg \d+,\d+,\d+ #\d+\) pc 0x", p.stdout), p.stdout)
    p = gcnsim(["trace", "dump", trace, "--launch", "0", "--count", "1"])
    check("dump: a record of launch 0 has no launch field", re.search(r"(?m)^\[0\] wave 0 \(wg", p.stdout), p.stdout)


def patched_copy(src, dst):
    """A copy of src whose first v_min_u32_e32 becomes v_max_u32_e32 (the
    opcode field, bits 25-30 of VOP2, taken from the kernel's own
    v_max_u32_e32): the sort's compare gives the other key."""
    data = bytearray(open(src, "rb").read())
    out = gcnsim(["disasm", src]).stdout
    mn = re.search(r"\tv_min_u32_e32 [^\n]*// [0-9A-F]{12}: ([0-9A-F]{8})", out)
    mx = re.search(r"\tv_max_u32_e32 [^\n]*// [0-9A-F]{12}: ([0-9A-F]{8})", out)
    if not mn or not mx:
        return None
    word, op = int(mn.group(1), 16), int(mx.group(1), 16) & (0x3f << 25)
    pos = data.find(struct.pack("<I", word))
    if pos < 0:
        return None
    data[pos:pos + 4] = struct.pack("<I", (word & ~(0x3f << 25)) | op)
    open(dst, "wb").write(bytes(data))
    return dst


def test_diff_bench_line():
    src = CO % ("bitonic", "gfx900")
    co = patched_copy(os.path.join(ROOT, src), tmp("bitonic-patched.co"))
    if not co:
        print("SKIP: diff of bench traces: no v_min_u32_e32 in %s to patch" % src)
        return
    a, b = tmp("line_a.gz"), tmp("line_b.gz")
    bench("bitonic", 256, a, "--functional")
    p = gcnsim(["bench", "bitonic", "--n", "256", "--functional", "--co", co, "--trace", b])
    check("diff of bench traces: the patched sort does not verify (exit 1), its trace is written",
          p.returncode == 1 and os.path.exists(b), p.stdout + p.stderr)
    p = gcnsim(["trace", "diff", a, b])
    out = p.stdout
    check("diff of bench traces: exit 1, the first divergence in launch 0 (no launch field)",
          p.returncode == 1 and re.search(r"first divergence: record \d+ of A, record \d+ of B\n  wave \d+ "
                                          r"\(work-group \d+,0,0, wave \d+ of the group\)\n", out), out)
    check("diff of bench traces: the instruction differs (v_min_u32 against v_max_u32)",
          "the instruction differs" in out and "v_min_u32" in out and "v_max_u32" in out, out)
    check("diff of bench traces: the two steps that stop there (save launch 0 of the bench, then debug it)",
          "to stop before this instruction in B's run (launch 0 of gcnsim bench bitonic, kernel bitonic_step), "
          "save that launch, then debug it:\n" in out and " --save-launch 0 bitonic-launch0\n" in out
          and "  gcnsim debug $(cat bitonic-launch0/debug.args)\n" in out
          and re.search(r"\(gcnsim\) break 0x[0-9a-f]+ wave \d+\n", out), out)
    p = gcnsim(["trace", "diff", a, b, "--all"])
    later = re.findall(r"(?m)^  wave \d+ \(wg \d+,\d+,\d+ #\d+, launch (\d+)\)", p.stdout)
    check("diff of bench traces: --all names later launches by number",
          p.returncode == 1 and later and all(int(x) > 0 for x in later), p.stdout[-2000:])


def test_errors_help():
    p = gcnsim(["bench", "bitonic", "--n", "64", "--functional", "--trace", tmp("no/such/dir/x.gz")])
    lines = p.stderr.strip().splitlines()
    check("errors: bench --trace into a missing directory: exit 2, one line naming the file",
          p.returncode == 2 and len(lines) == 1 and "no/such/dir/x.gz" in lines[0], p.stderr)
    if os.path.exists("/dev/full"):
        p = gcnsim(["bench", "bitonic", "--n", "4096", "--functional", "--trace", "/dev/full"])
        lines = p.stderr.strip().splitlines()
        check("errors: bench --trace on a full device: exit 2, one line naming the launch and the file",
              p.returncode == 2 and len(lines) == 1 and re.search(r"--trace: launch \d+: /dev/full: ", lines[0]),
              p.stderr)
    p = gcnsim(["bench", "bitonic", "--trace"])
    check("errors: bench --trace without PATH: exit 2", p.returncode == 2, p.stderr)
    p = gcnsim(["bench", "--help"])
    check("help: bench --help describes --trace PATH (one file, launch numbers)",
          p.returncode == 0 and "[--trace PATH]" in p.stdout and re.search(r"--trace PATH +record every launch into one "
                                                                            r"trace file", p.stdout), p.stdout)
    p = gcnsim(["trace", "dump", "--help"])
    check("help: trace dump --help has --launch L", p.returncode == 0 and "--launch L" in p.stdout, p.stdout)
    p = gcnsim(["trace", "diff", "--help"])
    check("help: trace diff --help mentions bench traces", p.returncode == 0 and "gcnsim bench --trace" in p.stdout
          and "--save-launch" in p.stdout, p.stdout)
    p = gcnsim(["trace", "--help"])
    check("help: trace --help mentions bench --trace", p.returncode == 0 and "gcnsim bench WORKLOAD" in p.stdout,
          p.stdout)


def main():
    if not os.access(G, os.X_OK):
        skip("bench --trace", "%s is not built" % G)
        return
    if not os.path.exists(os.path.join(ROOT, CO % ("bitonic", "gfx900"))):
        skip("bench --trace", "no workload code objects; make kernels")
        return
    tests = [lambda: test_bitonic(64, 0), lambda: test_bitonic(1024, 0), lambda: test_bitonic(256, 1),
             test_reduce_gemm, test_determinism, test_dump_launch, test_diff_bench_line, test_errors_help]
    gtest.run_each(tests)   # a crash of one check is a failure, the others go on


if __name__ == "__main__":
    main()
    gtest.done()   # TMP is kept when something failed, to look at
