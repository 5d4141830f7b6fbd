#!/usr/bin/env python3
"""make-traces.py — the golden traces of traces/: what they are, how each is
made, and rewriting them after a deliberate model change.

  traces/make-traces.py [-k SUBSTRING]
        (make retrace) write traces/MANIFEST from the table below, run every
        entry (or those whose name contains SUBSTRING), replace its golden
        trace traces/NAME.trace.gz, and print per trace: unchanged, changed
        (with the first divergence of `gcnsim trace diff`), new; golden
        traces no entry names are removed.
  traces/make-traces.py gen PATH KIND COUNT SEED [LO HI]
        write an input file (the MANIFEST's input lines): COUNT values of
        KIND, little-endian, from a splitmix64 stream seeded with SEED:
          u32  uniform 32-bit words        i32  integers in [LO, HI]
          f16 / f32 / f64  uniform reals in [LO, HI], rounded to nearest
        or `gen PATH words V,V,...` for literal 32-bit words.
  traces/make-traces.py --manifest
        print the MANIFEST the table gives (test_golden.py checks that it
        is the committed one).

Every entry is one `gcnsim run ... --trace $TRACE` of one launch, run from
the top of the repository with $IN the directory of its inputs; both are
fixed paths under tests/out/golden/ so that a trace's header (which records
the command's options) is the same from one run to the next, and an
unchanged model gives a byte-identical trace.
"""
import os
import shlex
import shutil
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = "tests/out/golden"          # relative to ROOT
EXT = ".trace.gz"
TARGETS = ["gfx701", "gfx803", "gfx900"]
M64 = (1 << 64) - 1

# ---------------------------------------------------------------- inputs


def splitmix64(seed):
    """The splitmix64 stream of seed: 64-bit values (same on every Python)."""
    x = seed & M64
    while True:
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def gen_bytes(kind, count, seed, lo=None, hi=None):
    """The bytes of an input file (see gen in the module comment)."""
    g = splitmix64(seed)
    if kind == "u32":
        return struct.pack("<%dI" % count, *[next(g) >> 32 for _ in range(count)])
    if kind == "i32":
        lo, hi = int(lo), int(hi)
        return struct.pack("<%di" % count, *[lo + (next(g) >> 11) % (hi - lo + 1) for _ in range(count)])
    fmt = {"f16": "e", "f32": "f", "f64": "d"}.get(kind)
    if fmt:
        lo, hi = float(lo), float(hi)
        return struct.pack("<%d%s" % (count, fmt), *[lo + (hi - lo) * ((next(g) >> 11) / 2.0 ** 53)
                                                     for _ in range(count)])
    raise ValueError("unknown input kind %r (u32 i32 f16 f32 f64 words)" % kind)


def gen_main(argv):
    """make-traces.py gen PATH KIND COUNT SEED [LO HI] | gen PATH words V,V,..."""
    try:
        if len(argv) == 3 and argv[1] == "words":
            data = struct.pack("<%di" % len(argv[2].split(",")), *[int(v, 0) for v in argv[2].split(",")])
        elif len(argv) in (4, 6):
            data = gen_bytes(argv[1], int(argv[2]), int(argv[3], 0), *argv[4:])
        else:
            raise ValueError("usage: make-traces.py gen PATH KIND COUNT SEED [LO HI] | gen PATH words V,V,...")
    except (ValueError, struct.error) as e:
        print("make-traces.py gen: %s" % e, file=sys.stderr)
        return 2
    with open(argv[0], "wb") as f:
        f.write(data)
    return 0


# ---------------------------------------------------------------- the set


class Entry:
    """One golden trace: name, mode (functional | timing), what it covers,
    input lines (gen argument lists) and the gcnsim run argument list."""

    def __init__(self, name, mode, covers, inputs, run):
        self.name, self.mode, self.covers, self.inputs, self.run = name, mode, covers, inputs, run

    def input_cmds(self):
        return ["python3 traces/make-traces.py gen $IN/%s" % " ".join(map(str, i)) for i in self.inputs]

    def run_cmd(self):
        return " ".join(["./gcnsim run"] + list(map(str, self.run)) +
                        (["--functional"] if self.mode == "functional" else []) + ["--trace $TRACE"])

    def diff_cmd(self):
        return "./gcnsim trace diff%s traces/%s%s $TRACE" % (" --timing" if self.mode == "timing" else "",
                                                            self.name, EXT)


def launch(co, kernel, glob, loc, args):
    """gcnsim run arguments of one launch; args are --arg SPECs where a
    name ending in .bin is an input file in $IN."""
    r = [co, "--kernel", kernel, "--global", glob]
    if loc:
        r += ["--local", loc]
    for a in args:
        r += ["--arg", "buf:$IN/" + a if a.endswith(".bin") else a]
    return r


def workloads():
    """The three built-in workloads at small sizes (front/workloads)."""
    wl = "front/workloads/bin/%s-%s.co"
    out = []
    for i, t in enumerate(TARGETS):
        # bitonic: 4096 keys, the launch of stage 5 pass 2
        out.append(Entry("wl-bitonic-%s" % t, "functional",
                         "bitonic_step on 4096 keys, stage 5 pass 2: global loads/stores, min/max, lane-dependent "
                         "selects (front/workloads/bitonic.cl)",
                         [("keys.bin", "u32", 4096, 0xb170 + i)],
                         launch(wl % ("bitonic", t), "bitonic_step", 2048, 256,
                                ["keys.bin", "u32:5", "u32:2", "u32:1"])))
        out.append(Entry("wl-reduce-%s" % t, "functional",
                         "reduce_sum of 8192 values in 4 groups of 256: grid-stride loop, LDS tree with barriers, "
                         "dynamic LDS argument",
                         [("in.bin", "u32", 8192, 0x5ed0 + i)],
                         launch(wl % ("reduce", t), "reduce_sum", 1024, 256,
                                ["in.bin", "zero:16", "local:1024", "u32:8192"])))
        out.append(Entry("wl-sgemm-%s" % t, "functional",
                         "sgemm 64x64, K 16, alpha 1.5 beta -0.5: one 16x16 group, LDS tiles, barriers, v_fma/v_mac "
                         "chains",
                         [("a.bin", "f32", 1024, 0xa0 + i, -1, 1), ("b.bin", "f32", 1024, 0xb0 + i, -1, 1),
                          ("c.bin", "f32", 4096, 0xc0 + i, -1, 1)],
                         launch(wl % ("gemm", t), "sgemm", "16,16", "16,16",
                                ["a.bin", "b.bin", "c.bin", "u32:64", "u32:64", "u32:16", "f32:1.5", "f32:-0.5"])))
    # under the cycle model: one workload per target
    out.append(Entry("wl-bitonic-gfx701-timing", "timing",
                     "bitonic_step, 4096 keys, stage 11 pass 0, cycle model (r9-290x): issue/completion cycles of "
                     "global loads and stores across 8 groups",
                     [("keys.bin", "u32", 4096, 0xb17)],
                     launch(wl % ("bitonic", "gfx701"), "bitonic_step", 2048, 256,
                            ["keys.bin", "u32:11", "u32:0", "u32:1"])))
    out.append(Entry("wl-reduce-gfx803-timing", "timing",
                     "reduce_sum, 8192 values, 4 groups, cycle model (r9-nano): barriers and LDS latency",
                     [("in.bin", "u32", 8192, 0x5ed)],
                     launch(wl % ("reduce", "gfx803"), "reduce_sum", 1024, 256,
                            ["in.bin", "zero:16", "local:1024", "u32:8192"])))
    out.append(Entry("wl-sgemm-gfx900-timing", "timing",
                     "sgemm 64x64, K 32 (two trips of the K loop), cycle model (vega-64): LDS tiles, barriers, "
                     "FMA issue",
                     [("a.bin", "f32", 2048, 0xa, -1, 1), ("b.bin", "f32", 2048, 0xb, -1, 1),
                      ("c.bin", "f32", 4096, 0xc, -1, 1)],
                     launch(wl % ("gemm", "gfx900"), "sgemm", "16,16", "16,16",
                            ["a.bin", "b.bin", "c.bin", "u32:64", "u32:64", "u32:32", "f32:1.5", "f32:-0.5"])))
    return out


# tests/e2e and tests/kernels kernels: (name, source dir, kernel, code
# object name, covers, inputs, global, local, args); functional on each target
KERNELS = [
    ("int_arith", "e2e", "int_arith", "int_arith",
     "32-bit integer VALU/SALU: add/sub/mul/mul_hi, logic, shifts, min/max, clz/ctz/popcount, saturating ops, "
     "compares; a partial last wave (n 200)",
     [("a.bin", "u32", 200, 1), ("b.bin", "i32", 200, 2, -40, 40)], 200, 64,
     ["a.bin", "b.bin", "zero:20800", "u32:200"]),
    ("f64_arith", "e2e", "f64_arith", "f64_arith",
     "f64 add/mul/fma, division (div_scale/div_fmas/div_fixup) and sqrt, min/max, rounding",
     [("a.bin", "f64", 128, 3, -100, 100), ("b.bin", "f64", 128, 4, -100, 100), ("c.bin", "f64", 128, 5, -100, 100)],
     128, 64, ["a.bin", "b.bin", "c.bin", "zero:14336", "u32:128"]),
    ("atomics_global", "e2e", "atomics_global", "atomics_global",
     "global atomics (add/sub/inc/dec/min/max/and/or/xor/xchg, 64-bit add, a cmpxchg loop): returned values and "
     "memory in execution order",
     [("v.bin", "i32", 256, 6, -5000, 5000),
      ("acc.bin", "words", "0,0,0,0x7fffffff,-0x80000000,-1,0,-1,0,0,-1,0,5000")], 256, 64,
     ["v.bin", "acc.bin", "zero:1024", "zero:8", "u32:256"]),
    ("atomics_local", "e2e", "atomics_local", "atomics_local",
     "LDS atomics (inc/add/min/max/or, cmpxchg loop) between barriers, merged with global atomics; partial group",
     [("v.bin", "u32", 300, 7), ("stats.bin", "words", "0x7fffffff,-0x80000000,0,0")], 300, None,
     ["v.bin", "zero:128", "stats.bin", "u32:300"]),
    ("scratch_array", "e2e", "scratch_array", "scratch_array",
     "a run-time indexed private array: scratch buffer loads and stores",
     [("a.bin", "u32", 64, 8)], 64, 64, ["a.bin", "zero:512", "u32:64"]),
    ("divergent_loops", "e2e", "divergent_loops", "divergent_loops",
     "nested loops with per-lane trip counts, break/continue: EXEC masking, s_cbranch_execz/vccnz, "
     "saveexec",
     [("a.bin", "u32", 200, 9)], 200, 64, ["a.bin", "zero:800", "u32:200"]),
    ("barrier_scan", "e2e", "barrier_scan", "barrier_scan",
     "work-group prefix sum in LDS with s_barrier per step; a partial second group",
     [("in.bin", "u32", 300, 10)], 300, None, ["in.bin", "zero:1200", "u32:300"]),
    ("calls_stack", "e2e", "calls_stack", "calls_stack",
     "non-inlined calls (s_swappc/s_setpc) with a stack frame in scratch, struct returns",
     [("in.bin", "u32", 100, 11)], 100, 64, ["in.bin", "zero:400", "u32:100"]),
    ("generic_ptr", "e2e", "generic_ptr", "generic_ptr",
     "generic pointers to global, LDS and private memory in one function: flat instructions through the "
     "apertures",
     [("g.bin", "u32", 400, 12)], 128, 64, ["g.bin", "zero:400", "u32:100"]),
    ("wg_builtins", "e2e", "wg_builtins", "wg_builtins",
     "work_group_reduce/scan/broadcast/any/all: cross-lane operations (DPP, ds_swizzle/permute, readlane) and LDS",
     [("in.bin", "i32", 256, 13, -10000, 10000)], 256, 128, ["in.bin", "zero:6144"]),
    ("arith_f16", "kernels", "arith_f16", "arith",
     "half arithmetic: f16 VALU on gfx8, packed math (v_pk_*) on gfx9, promoted to f32 on gfx7",
     [("a.bin", "f16", 128, 14, -8, 8), ("b.bin", "f16", 128, 15, -8, 8)], 128, 64,
     ["zero:256", "a.bin", "b.bin"]),
    ("divergent_loop-O0", "kernels", "divergent_loop", "control-O0",
     "unoptimised (-O0) divergent loop: spills to scratch, long SALU/VALU sequences, exec save/restore",
     [("a.bin", "u32", 128, 16)], 128, 64, ["zero:512", "a.bin"]),
]

# tests/micro kernels under the cycle model (launches as tests/micro/MANIFEST)
MICRO = [
    ("lds_stride32", TARGETS, "64", "zero:256",
     "16 ds_read_b32 all in LDS bank 0: bank-conflict cycles of issue and completion"),
    ("salu_valu_2w", TARGETS, "320", "zero:1280",
     "SALU and VALU chains in two waves of one SIMD (co-issue), VALU->SALU dependency, taken branches, "
     "an instruction-cache miss"),
    ("smem_wait_late", ["gfx900"], "64", "zero:256 i32:1000",
     "scalar-load latency hidden behind 20 independent VALU ops before s_waitcnt"),
    ("add_f64_chain", ["gfx803"], "64", "zero:512",
     "64 dependent v_add_f64 at the part's DP rate"),
    ("setprio_younger", ["gfx900"], "320", "zero:1280",
     "s_setprio: the younger wave's chain wins the SIMD; LDS ds_add_rtn_u32 order follows"),
]


def kernel_entries():
    out = []
    for name, src, kern, co, covers, inputs, glob, loc, args in KERNELS:
        for t in TARGETS:
            path = "tests/%s/bin/%s-%s%s.co" % (src, co.split("-")[0], t, co[len(co.split("-")[0]):])
            out.append(Entry("%s-%s-%s" % (src, name, t), "functional", covers, inputs,
                             launch(path, kern, glob, loc, args)))
    return out


def micro_entries():
    out = []
    for name, targets, size, args, covers in MICRO:
        for t in targets:
            out.append(Entry("micro-%s-%s-timing" % (name, t), "timing", covers, [],
                             launch("tests/micro/bin/%s-%s.co" % (name, t), name, size, size, args.split())))
    return out


def entries():
    """Every golden trace, in MANIFEST order."""
    return workloads() + kernel_entries() + micro_entries()


# ---------------------------------------------------------------- MANIFEST

MANIFEST_HEAD = """\
# traces/MANIFEST — the golden traces of gcnsim and how each was made.
# Written by traces/make-traces.py from its table (edit the table, then run
# `make retrace`); tests/trace/test_golden.py re-runs every entry and diffs
# the trace against traces/NAME.trace.gz.
#
# An entry is a block of "key value" lines:
#   name    the trace is traces/NAME.trace.gz
#   mode    functional (architectural state only) or timing (the cycle
#           model: issue and completion cycles are compared too)
#   covers  what the kernel exercises
#   input   a command writing one input file into $IN (none: no inputs)
#   run     the gcnsim command that writes the trace to $TRACE
#   diff    the comparison (exit 0: same, 1: first divergence reported)
# Commands run from the top of the repository; make-traces.py and the test
# use $IN = tests/out/golden/NAME and $TRACE = $IN/NAME.trace.gz.
"""


def manifest_text(es):
    out = [MANIFEST_HEAD]
    for e in es:
        out.append("\nname    %s\nmode    %s\ncovers  %s\n" % (e.name, e.mode, e.covers))
        out += ["input   %s\n" % c for c in e.input_cmds()]
        out.append("run     %s\ndiff    %s\n" % (e.run_cmd(), e.diff_cmd()))
    return "".join(out)


class Spec:
    """A MANIFEST entry as read back: name, mode, covers, inputs, run, diff."""

    def __init__(self):
        self.name = self.mode = self.covers = self.run = self.diff = None
        self.inputs = []


def parse_manifest(text):
    """The entries of a MANIFEST (list of Spec); ValueError names a bad line."""
    out, cur = [], None
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, _, val = line.partition(" ")
        val = val.strip()
        if key == "name":
            cur = Spec()
            cur.name = val
            out.append(cur)
        elif cur is None or key not in ("mode", "covers", "input", "run", "diff"):
            raise ValueError("MANIFEST line %d: unexpected %r" % (no, line[:40]))
        elif key == "input":
            cur.inputs.append(val)
        else:
            setattr(cur, key, val)
    for s in out:
        if not (s.mode in ("functional", "timing") and s.run and s.diff):
            raise ValueError("MANIFEST entry %s: needs mode (functional|timing), run and diff" % s.name)
    return out


# ---------------------------------------------------------------- running


def gcnsim_path():
    """The gcnsim binary ($GCNSIM if set and not empty, else ./gcnsim)."""
    return os.environ.get("GCNSIM") or os.path.join(ROOT, "gcnsim")


def argv_of(cmd, indir, trace):
    """The argument list of a MANIFEST command with $IN and $TRACE filled in."""
    a = shlex.split(cmd.replace("$TRACE", trace).replace("$IN", indir))
    if a and a[0] == "./gcnsim":
        a[0] = gcnsim_path()
    elif a and a[0] == "python3":
        a[0] = sys.executable
    return a


def work_paths(name):
    """($IN, $TRACE) of an entry, relative to ROOT."""
    d = "%s/%s" % (WORK, name)
    return d, "%s/%s%s" % (d, name, EXT)


def make_trace(spec, timeout=120):
    """Run an entry's inputs and run commands; returns (trace path or None,
    error text)."""
    indir, trace = work_paths(spec.name)
    os.makedirs(os.path.join(ROOT, indir), exist_ok=True)
    if os.path.exists(os.path.join(ROOT, trace)):
        os.remove(os.path.join(ROOT, trace))
    for cmd in spec.inputs + [spec.run]:
        try:
            p = subprocess.run(argv_of(cmd, indir, trace), cwd=ROOT, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, "timed out after %d s: %s" % (timeout, cmd)
        except OSError as e:
            return None, "%s: %s" % (e, cmd)
        if p.returncode != 0:
            msg = [l for l in (p.stderr + p.stdout).splitlines() if l.strip()][:4]
            return None, "exit %d: %s\n    %s" % (p.returncode, cmd, "\n    ".join(msg))
    if not os.path.exists(os.path.join(ROOT, trace)):
        return None, "no trace written: %s" % spec.run
    return trace, ""


def diff_trace(spec, trace, timeout=120):
    """Run the entry's diff command on trace; returns (exit status, output)."""
    indir, _ = work_paths(spec.name)
    try:
        p = subprocess.run(argv_of(spec.diff, indir, trace), cwd=ROOT, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return 2, "trace diff timed out after %d s" % timeout
    except OSError as e:
        return 2, "%s: %s" % (e, spec.diff)
    return p.returncode, (p.stdout + p.stderr).rstrip("\n")


def golden_path(name):
    return os.path.join(HERE, name + EXT)


def first_line(text):
    for l in text.splitlines():
        if l.strip():
            return l.strip()
    return "(no report)"


def divergence_line(text):
    """One line of a trace diff report: its "first divergence" line and the
    three after it (wave, pc, what differs), else its first line."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if l.startswith("first divergence"):
            part = lines[i:i + 4]
            cut = [j for j, x in enumerate(part) if x.startswith("context:")]
            return "; ".join(part[:cut[0]] if cut else part)
    return first_line(text)


def retrace_one(spec):
    """Regenerate one golden trace; returns (status, detail, size)."""
    trace, err = make_trace(spec)
    if not trace:
        return "error", err, 0
    new, gold = os.path.join(ROOT, trace), golden_path(spec.name)
    size = os.path.getsize(new)
    if not os.path.exists(gold):
        shutil.copyfile(new, gold)
        return "new", "", size
    with open(new, "rb") as f, open(gold, "rb") as g:
        if f.read() == g.read():
            return "unchanged", "", size
    rc, out = diff_trace(spec, trace)
    if rc == 0:
        detail = "same records, other bytes (coding or header): " + first_line(out)
    elif rc == 1:
        detail = divergence_line(out)
    else:
        detail = "the old trace is unreadable: " + first_line(out)
    shutil.copyfile(new, gold)
    return "changed", detail, size


def retrace(argv):
    only = ""
    if argv[:1] == ["-k"] and len(argv) == 2:
        only = argv[1]
    elif argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    es = entries()
    text = manifest_text(es)
    with open(os.path.join(HERE, "MANIFEST"), "w") as f:
        f.write(text)
    specs = [s for s in parse_manifest(text) if only in s.name]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as ex:
        results = list(ex.map(retrace_one, specs))
    counts = {}
    total = 0
    for s, (st, detail, size) in zip(specs, results):
        counts[st] = counts.get(st, 0) + 1
        total += size
        print("%-10s %-40s %8d B%s" % (st, s.name, size, "  " + detail if detail else ""))
    if not only:
        names = {s.name for s in specs}
        for fn in sorted(os.listdir(HERE)):
            if fn.endswith(EXT) and fn[:-len(EXT)] not in names:
                os.remove(os.path.join(HERE, fn))
                counts["removed"] = counts.get("removed", 0) + 1
                print("%-10s %s" % ("removed", fn[:-len(EXT)]))
    print("%d traces, %.2f MB: %s" % (len(specs), total / 1e6,
                                      ", ".join("%d %s" % (counts[k], k) for k in
                                                ("unchanged", "changed", "new", "removed", "error") if k in counts)))
    return 1 if "error" in counts else 0


def main(argv):
    if argv[:1] == ["gen"]:
        return gen_main(argv[1:])
    if argv == ["--manifest"]:
        sys.stdout.write(manifest_text(entries()))
        return 0
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    return retrace(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
