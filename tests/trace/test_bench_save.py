#!/usr/bin/env python3
"""Checks of `gcnsim bench WORKLOAD --save-launch L DIR` (one launch of a
workload saved so that gcnsim run and gcnsim debug can repeat it) and of
the two-step replay `gcnsim trace diff` prints for a bench trace, each
against something the bench itself does not compute:

- replay: for bitonic (4096 keys: the first, a middle and the last of its
  78 launches), reduce (2 launches) and gemm (one) on gfx701, gfx803 and
  gfx900, functional, and bitonic and reduce under the cycle model:
  `bench --trace T --save-launch L DIR`, then `gcnsim run` with the
  arguments of DIR/debug.args and --trace R.  The records of `trace dump
  T --launch L` equal those of `trace dump R` line for line (wave, pc,
  EXEC, disassembly, every value written, the cycles), except the record
  number, the launch field and the buffer addresses: the replay gets its
  buffers at other addresses when the bench had more buffers than the
  launch uses (reduce's second pass), so a value that differs must be an
  address inside one of the replay's buffers (run --json's dispatch) and
  every such value of one buffer must be moved by the same offset;
- the printed line is `launch L saved: gcnsim debug` and the contents of
  DIR/debug.args; the arguments name the kernel, sizes, scalars (float
  ones exactly: 1.5, -0.75) and --functional / --device / --set as given;
  the bench stops after launch L (its trace ends there), exit 0;
- the saved buffers of launch 0 are the workloads' inputs, generated here
  as front/workloads/*.c do (splitmix64 from each workload's seed): the
  bitonic keys, the reduce input (and its zeroed partial sums), gemm's A,
  B and C;
- a debug session from the printed command (-x script) stops at a pc of
  launch L in a chosen wave and prints registers equal to the bench
  trace's record there;
- trace diff of two bench traces: a patched code object (launch 0) and a
  bench cut short by --save-launch (the first missing record is in a later
  launch, at a pc every earlier launch ran: the continue count must count
  this launch only).  The two printed steps run as printed (a shell) and
  the debugger stops at the divergent pc in the divergent wave;
- bad input: L beyond the last launch (exit 2, the launch count), DIR an
  existing file, --save-launch without its values or with a bad number,
  with --validate; --help.

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import json
import os
import re
import shlex
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

G = gtest.GCNSIM
gtest.detail_limit = 3000   # a FAIL line shows at most 3000 characters of its detail
TMP = gtest.tempdir("gcnsim-tsave-")
CO = "front/workloads/bin/%s-%s.co"
TARGETS = ["gfx701", "gfx803", "gfx900"]
M64 = (1 << 64) - 1


def gcnsim(args, stdin=None, timeout=600):
    return gtest.gcnsim(args, stdin=stdin, timeout=timeout, cwd=TMP)


def tmp(name):
    return os.path.join(TMP, name)


def splitmix(seed):
    """wl_rng_next of front/workloads/workloads.c, as a generator."""
    s = seed
    while True:
        s = (s + 0x9e3779b97f4a7c15) & M64
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        yield z ^ (z >> 31)


def save(workload, args, launch, name, trace=None):
    """bench WORKLOAD ARGS [--trace TRACE] --save-launch LAUNCH DIR: (process, DIR)."""
    d = tmp(name)
    shutil.rmtree(d, ignore_errors=True)
    p = gcnsim(["bench", workload] + args + (["--trace", trace] if trace else []) + ["--save-launch", str(launch), d])
    return p, d


def dump(trace, *opts):
    """The records of a trace: [(first line without [seq] and launch, [value lines])]."""
    p = gcnsim(["trace", "dump", trace] + list(opts))
    if p.returncode:
        raise RuntimeError("trace dump %s: %s" % (trace, p.stderr.strip()))
    recs = []
    for line in p.stdout.splitlines():
        if line.startswith("#"):
            continue
        m = re.match(r"\[\d+\] (?:launch \d+ )?(wave .*)", line)
        if m:
            recs.append((m.group(1), []))
        elif recs:
            recs[-1][1].append(line)
    return recs


HEX = re.compile(r"0x[0-9a-f]+")


class Moves:
    """Values that differ only because a buffer is elsewhere: each must lie
    in one of the replay's buffers, and every value of one buffer must be
    moved by the same offset (mod 2^32 for a 32-bit register)."""

    def __init__(self, bufs):
        self.bufs = bufs            # [(address, size)] of the replay
        self.delta = {}             # buffer index -> offset, low 32 bits
        self.count = 0

    def accept(self, vb, vr, wide):
        for i, (base, size) in enumerate(self.bufs):
            off = (vr - base) & M64 if wide else (vr - base) & 0xffffffff
            if off <= size:
                d = (vr - vb) & 0xffffffff
                if self.delta.setdefault(i, d) != d:
                    return False
                self.count += 1
                return True
        return False


def same_line(lb, lr, moves):
    """A value line of the bench and of the replay: equal but for moved buffer addresses."""
    if lb == lr:
        return True
    tb, tr = HEX.findall(lb), HEX.findall(lr)
    if HEX.sub("#", lb) != HEX.sub("#", lr) or len(tb) != len(tr):
        return False
    for xb, xr in zip(tb, tr):
        if xb != xr and not moves.accept(int(xb, 16), int(xr, 16), len(xb) > 10):
            return False
    return True


def compare_records(rb, rr, moves):
    """None when the bench's records rb equal the replay's rr, else the first difference."""
    if len(rb) != len(rr):
        return "%d records in the bench's launch, %d in the replay" % (len(rb), len(rr))
    for i, ((hb, vb), (hr, vr)) in enumerate(zip(rb, rr)):
        if hb != hr or len(vb) != len(vr):
            return "record %d: %s / %s" % (i, hb, hr)
        for lb, lr in zip(vb, vr):
            if not same_line(lb, lr, moves):
                return "record %d (%s): %s / %s" % (i, hb, lb[:300], lr[:300])
    return None


def read_args(d):
    with open(os.path.join(d, "debug.args")) as f:
        text = f.read()
    return text, shlex.split(text)


# ---- the saved launch, run again ------------------------------------------------

def test_replay(workload, n, target, launch, timing=False):
    mode = "cycle model" if timing else "functional"
    name = "replay %s --n %d %s launch %d (%s)" % (workload, n, target, launch, mode)
    trace = tmp("b_%s_%s_%d_%d.gz" % (workload, target, launch, timing))
    args = ["--n", str(n), "--target", target] + ([] if timing else ["--functional"])
    p, d = save(workload, args, launch, "s_%s_%s_%d_%d" % (workload, target, launch, timing), trace)
    if not check(name + ": bench --save-launch: exit 0, one line on stdout",
                 p.returncode == 0 and len(p.stdout.splitlines()) == 1 and not p.stderr,
                 "rc %d\n%s%s" % (p.returncode, p.stdout, p.stderr)):
        return
    text, argv = read_args(d)
    check(name + ": the line is 'launch %d saved: gcnsim debug' and debug.args" % launch,
          p.stdout == "launch %d saved: gcnsim debug %s" % (launch, text), (p.stdout, text))
    check(name + ": debug.args: the code object, the kernel, %s" % ("no --functional" if timing else "--functional"),
          argv[0].endswith(CO % (workload, target)) and argv[1] == "--kernel" and
          ("--functional" in argv) != timing, argv)
    recs = dump(trace)
    last = dump(trace, "--launch", str(launch))
    check(name + ": the bench stopped after launch %d (the trace's last records are its)" % launch,
          last and recs[-len(last):] == last and not dump(trace, "--launch", str(launch + 1)), len(recs))
    rtrace = tmp("r_%s_%s_%d_%d.gz" % (workload, target, launch, timing))
    r = gcnsim(["run"] + argv + ["--trace", rtrace, "--json", tmp("r.json")])
    if not check(name + ": gcnsim run with debug.args completes", r.returncode == 0, r.stdout + r.stderr):
        return
    with open(tmp("r.json")) as f:
        bufs = [(b["address"], b["size"]) for b in json.load(f)["dispatch"]["buffers"]]
    moves = Moves(bufs)
    why = compare_records(last, dump(rtrace), moves)
    check(name + ": the %d records equal the bench's launch %d but for buffer addresses (%d moved values)"
          % (len(last), launch, moves.count), why is None, why)
    return argv


def test_args_contents():
    p, d = save("gemm", ["--n", "64", "--device", "vega-64", "--set", "cus=4", "--set", "l2_latency=300"], 0, "sargs")
    text, argv = read_args(d)
    want = ["--global", "16,16", "--local", "16,16", "--arg", "buf:%s/arg0.bin" % d, "--arg", "buf:%s/arg1.bin" % d,
            "--arg", "buf:%s/arg2.bin" % d, "--arg", "u32:64", "--arg", "u32:64", "--arg", "u32:64",
            "--arg", "f32:1.5", "--arg", "f32:-0.75", "--device", "vega-64", "--set", "cus=4", "--set",
            "l2_latency=300"]
    check("debug.args of gemm: sizes in 2 dimensions, 3 buffers, n three times, alpha 1.5 and beta -0.75 exactly, "
          "--device and each --set in order, one line",
          p.returncode == 0 and argv[1:3] == ["--kernel", "sgemm"] and argv[3:] == want and text.count("\n") == 1
          and text.endswith("\n"), argv)
    sizes = [os.path.getsize(os.path.join(d, "arg%d.bin" % i)) for i in range(3)]
    check("gemm --n 64: each saved matrix is 64*64*4 bytes", sizes == [16384] * 3, sizes)
    p, d = save("reduce", ["--n", "100000", "--functional"], 1, "sargs2")
    text, argv = read_args(d)
    check("debug.args of reduce launch 1: the partial sums of 49 groups (196 bytes each), local:1024, u32:49, "
          "--global 256",
          p.returncode == 0 and argv[1:] == ["--kernel", "reduce_sum", "--global", "256", "--local", "256", "--arg",
                                             "buf:%s/arg0.bin" % d, "--arg", "buf:%s/arg1.bin" % d, "--arg",
                                             "local:1024", "--arg", "u32:49", "--functional"]
          and os.path.getsize(os.path.join(d, "arg0.bin")) == 196, argv)
    p, d = save("bitonic", ["--n", "64", "--functional"], 2, "sargs3")
    check("bitonic launch 2 = stage 1, pass 1: u32:1 u32:1 u32:1", p.returncode == 0 and
          read_args(d)[1][-7:] == ["--arg", "u32:1", "--arg", "u32:1", "--arg", "u32:1", "--functional"],
          read_args(d)[1] if p.returncode == 0 else p.stderr)


# ---- the saved buffers of launch 0 are the inputs ----------------------------------

def words(path, fmt="I"):
    data = open(path, "rb").read()
    return list(struct.unpack("<%d%s" % (len(data) // 4, fmt), data))


def test_inputs():
    n = 4096
    p, d = save("bitonic", ["--n", str(n), "--functional"], 0, "in_bitonic")
    g = splitmix(0x6269746f6e6963)
    keys = [next(g) & 0xffffffff for _ in range(n)]
    check("inputs: bitonic launch 0: arg0.bin holds the %d keys front/workloads/bitonic.c generates" % n,
          p.returncode == 0 and words(os.path.join(d, "arg0.bin")) == keys, p.stderr)
    n = 20000
    p, d = save("reduce", ["--n", str(n), "--functional"], 0, "in_reduce")
    g = splitmix(0x726564756365)
    vals = [next(g) & 0xffffffff for _ in range(n)]
    groups = (n + 2047) // 2048
    check("inputs: reduce launch 0: arg0.bin the %d values, arg1.bin %d zeroed partial sums" % (n, groups),
          p.returncode == 0 and words(os.path.join(d, "arg0.bin")) == vals
          and words(os.path.join(d, "arg1.bin")) == [0] * groups, p.stderr)
    n = 64
    p, d = save("gemm", ["--n", str(n), "--functional"], 0, "in_gemm")
    g = splitmix(0x67656d6d)

    def rnd():
        x = next(g) >> 32
        x = x - (1 << 32) if x >= 1 << 31 else x
        return (x >> 8) * 2.0 ** -23
    A, B, C = [], [], []
    for _ in range(n * n):
        A.append(rnd())
        B.append(rnd())
        C.append(rnd())
    got = [words(os.path.join(d, "arg%d.bin" % i), "f") for i in range(3)] if p.returncode == 0 else None
    check("inputs: gemm launch 0: A, B and C as front/workloads/gemm.c generates them (exact floats)",
          got == [A, B, C], p.stderr)


# ---- a debug session from the printed command --------------------------------------

def record_of(recs, wave, pc):
    """The value lines of wave's first record at pc."""
    for head, vals in recs:
        m = re.match(r"wave (\d+) .* pc 0x([0-9a-f]+) ", head)
        if m and int(m.group(1)) == wave and int(m.group(2), 16) == pc:
            return head, vals
    return None, None


def lanes(vals, reg):
    for line in vals:
        m = re.match(r"\s+%s = \{(.*)\}$" % reg, line)
        if m:
            return [int(x, 16) for x in HEX.findall(m.group(1))]
    return None


def debug(argv, cmds):
    with open(tmp("cmds"), "w") as f:
        f.write("\n".join(cmds) + "\n")
    p = gcnsim(["debug"] + argv + ["-x", tmp("cmds"), "--batch"])
    return p.stdout + p.stderr


def test_debug_session():
    launch, wave, n = 17, 5, 4096
    trace = tmp("dbg.gz")
    p, d = save("bitonic", ["--n", str(n), "--functional"], launch, "dbg", trace)
    if not check("debug: bench --save-launch %d" % launch, p.returncode == 0, p.stderr):
        return
    argv = shlex.split(p.stdout.split("gcnsim debug ", 1)[1])
    recs = dump(trace, "--launch", str(launch))
    # the pc of v_min_u32 (the compare) in the code, from the records
    heads = [h for h, _ in recs if "v_min_u32" in h]
    pc = int(re.search(r"pc 0x([0-9a-f]+)", heads[0]).group(1), 16)
    head, vals = record_of(recs, wave, pc)
    want = lanes(vals, "v7")
    out = debug(argv, ["break 0x%x wave %d" % (pc, wave), "run", "stepi", "print/x v7[0]", "print/x v7[33]",
                       "print/x v7[63]", "print/x s0", "print/x s2"])
    got = [int(x, 16) for x in re.findall(r"(?m)^\$\d+ = (0x[0-9a-f]+)", out)]
    check("debug: the printed command stops at 0x%x (v_min_u32) in wave %d of launch %d" % (pc, wave, launch),
          re.search(r"Breakpoint 1, wave %d\n\[wave %d\] 0x0*%x <bitonic_step\+\d+>:\s+v_min_u32" % (wave, wave, pc),
                    out), out[-1500:])
    check("debug: one stepi later v7 lanes 0, 33, 63 equal the bench trace's record (%s)"
          % ", ".join("0x%08x" % want[i] for i in (0, 33, 63)) if want else "?",
          want and got[:3] == [want[0], want[33], want[63]], (got, want and want[:4], out[-800:]))
    check("debug: s0 = stage 5 (launch 17 = stage 5, pass 2; the kernel has masked it with 31) and s2 = direction 1",
          got[3:5] == [5, 1], got)


# ---- trace diff: the two-step replay -------------------------------------------------

def patched_copy(src, dst):
    """A copy of src whose v_min_u32_e32 becomes v_max_u32_e32 (the VOP2
    opcode field from the kernel's own v_max_u32_e32)."""
    data = bytearray(open(src, "rb").read())
    out = gtest.gcnsim(["disasm", src]).stdout
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


def replay_steps(report, which):
    """The two shell commands and the debugger's commands the report prints."""
    m = re.search(r"to stop before this instruction in %s's run \(launch (\d+) of gcnsim bench (\w+), kernel (\S+)\), "
                  r"save that launch, then debug it:\n  (gcnsim bench .*)\n  (gcnsim debug .*)\n((?:  \(gcnsim\) .*\n)+)"
                  % which, report)
    if not m:
        return None
    cmds = [l.split("(gcnsim) ", 1)[1] for l in m.group(6).splitlines()]
    return int(m.group(1)), m.group(2), m.group(4), m.group(5), cmds


def run_steps(bench_cmd, debug_cmd, cmds, extra):
    """The two printed commands, as printed, in a shell (gcnsim: this binary)."""
    with open(tmp("steps.cmds"), "w") as f:
        f.write("\n".join(cmds + extra) + "\n")
    script = 'gcnsim() { "$GCNSIM_BIN" "$@"; }\n%s >steps.out || exit 9\n%s -x steps.cmds --batch\n' % (
        bench_cmd, debug_cmd)
    p = gtest.run(["bash", "-c", script], cwd=TMP, env=dict(os.environ, GCNSIM_BIN=G), timeout=600)
    return p.returncode, p.stdout + p.stderr


def test_diff_patched():
    n = 1024
    co = patched_copy(os.path.join(ROOT, CO % ("bitonic", "gfx900")), tmp("patched.co"))
    if not co:
        print("SKIP: trace diff, patched: no v_min_u32_e32 to patch")
        return
    a, b = tmp("pa.gz"), tmp("pb.gz")
    gcnsim(["bench", "bitonic", "--n", str(n), "--functional", "--trace", a])
    gcnsim(["bench", "bitonic", "--n", str(n), "--functional", "--co", "patched.co", "--trace", b, "--json", "-"])
    p = gcnsim(["trace", "diff", a, b])
    out = p.stdout
    m = re.search(r"first divergence: record \d+ of A, record (\d+) of B\n  wave (\d+) .*\n  pc 0x([0-9a-f]+): ", out)
    steps = replay_steps(out, "B")
    check("diff, patched code object: exit 1, the two-step replay of launch 0 of B's bench",
          p.returncode == 1 and m and steps and steps[0] == 0 and steps[1] == "bitonic", out)
    if not (m and steps):
        return
    wave, pc = int(m.group(2)), int(m.group(3), 16)
    check("diff, patched: step 1 repeats B's bench options (--co patched.co, not --json or --trace)",
          steps[2] == "gcnsim bench bitonic --n %d --functional --co patched.co --save-launch 0 bitonic-launch0" % n,
          steps[2])
    check("diff, patched: step 2 is gcnsim debug on the saved arguments; break, run, no continue (first execution)",
          steps[3] == "gcnsim debug $(cat bitonic-launch0/debug.args)" and
          steps[4] == ["break 0x%x wave %d" % (pc, wave), "run"], steps)
    shutil.rmtree(tmp("bitonic-launch0"), ignore_errors=True)
    rc, dbg = run_steps(steps[2], steps[3], steps[4], ["stepi", "print/x v7[0]", "print/x v7[40]"])
    _, vals = record_of(dump(b), wave, pc)
    want = lanes(vals, "v7") if vals else None
    got = [int(x, 16) for x in re.findall(r"(?m)^\$\d+ = (0x[0-9a-f]+)", dbg)]
    check("diff, patched: following the steps stops at 0x%x in wave %d at B's patched instruction (v_max_u32)"
          % (pc, wave),
          rc == 0 and re.search(r"Breakpoint 1, wave %d\n\[wave %d\] 0x0*%x <bitonic_step\+\d+>:\s+v_max_u32"
                                % (wave, wave, pc), dbg), "rc %d\n%s" % (rc, dbg[-1500:]))
    check("diff, patched: one stepi later v7 lanes 0 and 40 are B's recorded values",
          want and got == [want[0], want[40]], (got, want and want[:2]))


def test_diff_cut():
    """A full bench against one cut short after launch 5: the first record
    B lacks is the first instruction of launch 6, which every wave also ran
    in launches 0-5: the debugger must stop at its first execution."""
    n, cut = 1024, 5
    a, b = tmp("ca.gz"), tmp("cb.gz")
    gcnsim(["bench", "bitonic", "--n", str(n), "--functional", "--trace", a])
    save("bitonic", ["--n", str(n), "--functional"], cut, "cut", b)
    p = gcnsim(["trace", "diff", a, b])
    out = p.stdout
    m = re.search(r"first divergence: record (\d+) of A; B has no record of this wave\n  wave (\d+) \(.*, launch (\d+)\)"
                  r"\n  pc 0x([0-9a-f]+): ", out)
    steps = replay_steps(out, "A")
    check("diff, cut: exit 1, the first record B lacks is in launch %d, the two-step replay of A's launch %d"
          % (cut + 1, cut + 1),
          p.returncode == 1 and m and int(m.group(3)) == cut + 1 and steps and steps[0] == cut + 1, out)
    if not (m and steps):
        return
    wave, pc = int(m.group(2)), int(m.group(4), 16)
    earlier = sum(1 for l in range(cut + 1) for h, _ in dump(a, "--launch", str(l))
                  if re.match(r"wave %d .* pc 0x0*%x " % (wave, pc), h))
    check("diff, cut: no continue although wave %d ran pc 0x%x %d times in launches 0-%d (hits count launch %d only)"
          % (wave, pc, earlier, cut, cut + 1),
          steps[4] == ["break 0x%x wave %d" % (pc, wave), "run"] and earlier == cut + 1, steps[4])
    check("diff, cut: step 1 is A's bench line with --save-launch %d" % (cut + 1),
          steps[2] == "gcnsim bench bitonic --n %d --functional --save-launch %d bitonic-launch%d" % (n, cut + 1, cut + 1),
          steps[2])
    rc, dbg = run_steps(steps[2], steps[3], steps[4], ["stepi", "print/x s9"])
    recs = dump(a, "--launch", str(cut + 1))
    _, vals = record_of(recs, wave, pc)
    want = re.search(r"s9 = (0x[0-9a-f]+)", "\n".join(vals or []))
    got = re.findall(r"(?m)^\$\d+ = (0x[0-9a-f]+)", dbg)
    check("diff, cut: following the steps stops at 0x%x in wave %d, then s9 is A's recorded value" % (pc, wave),
          rc == 0 and re.search(r"Breakpoint 1, wave %d\n\[wave %d\] 0x0*%x " % (wave, wave, pc), dbg)
          and want and got and int(got[0], 16) == int(want.group(1), 16), "rc %d\n%s" % (rc, dbg[-1500:]))


# ---- bad input, help -------------------------------------------------------------------

def one_line(name, p, pattern):
    lines = p.stderr.strip().splitlines()
    check(name, p.returncode == 2 and len(lines) == 1 and re.search(pattern, lines[0]) and not p.stdout,
          "rc %d, stdout %r, stderr %r" % (p.returncode, p.stdout[:300], p.stderr[:300]))


def test_errors():
    p, d = save("bitonic", ["--n", "4096", "--functional"], 99, "beyond")
    one_line("errors: --save-launch 99 of a 78-launch sort: exit 2, the launch count", p,
             r"^gcnsim: bench: --save-launch 99: the run has 78 launches \(0-77\)$")
    check("errors: --save-launch beyond the last launch leaves no directory", not os.path.exists(d))
    p, d = save("reduce", ["--n", "5000", "--functional"], 2, "beyond2")
    one_line("errors: --save-launch 2 of reduce --n 5000 (launches 0-1): exit 2", p,
             r"--save-launch 2: the run has 2 launches \(0-1\)$")
    open(tmp("afile"), "w").write("x")
    p = gcnsim(["bench", "bitonic", "--n", "64", "--functional", "--save-launch", "1", "afile"])
    one_line("errors: DIR is an existing file: exit 2, named", p, r"'afile' exists and is not a directory")
    check("errors: the file is left as it was", open(tmp("afile")).read() == "x")
    for args in (["--save-launch"], ["--save-launch", "3"]):
        p = gcnsim(["bench", "bitonic", "--n", "64"] + args)
        one_line("errors: %s without its values: exit 2" % " ".join(args), p,
                 r"--save-launch needs a launch number and a directory")
    for bad in ("x", "-1", "3a", ""):
        p = gcnsim(["bench", "bitonic", "--n", "64", "--save-launch", bad, "dd"])
        one_line("errors: --save-launch '%s' DIR: exit 2" % bad, p, r"--save-launch '%s': expected a launch number"
                 % re.escape(bad))
    p = gcnsim(["bench", "bitonic", "--n", "64", "--validate", "--save-launch", "1", "dd"])
    one_line("errors: --save-launch with --validate: exit 2", p, r"leave out --validate")
    p = gcnsim(["bench", "bitonic", "--n", "64", "--functional", "--save-launch", "1", "no/such/parent/dir"])
    one_line("errors: DIR whose parent is missing: exit 2, named", p, r"cannot create directory no/such/parent/dir")
    p = gcnsim(["bench", "--help"])
    check("help: bench --help has [--save-launch L DIR], what it writes and that it stops after launch L",
          p.returncode == 0 and "[--save-launch L DIR]" in p.stdout and "debug.args" in p.stdout
          and "then stop" in p.stdout, p.stdout)


def main():
    if not os.access(G, os.X_OK):
        skip("bench --save-launch", "%s is not built" % G)
        return
    if not os.path.exists(os.path.join(ROOT, CO % ("bitonic", "gfx900"))):
        skip("bench --save-launch", "no workload code objects; make kernels")
        return
    tests = []
    for t in TARGETS:
        tests += [lambda t=t, l=l: test_replay("bitonic", 4096, t, l) for l in (0, 38, 77)]
        tests += [lambda t=t, l=l: test_replay("reduce", 100000, t, l) for l in (0, 1)]
        tests += [lambda t=t: test_replay("gemm", 128, t, 0)]
    tests += [lambda: test_replay("bitonic", 4096, "gfx900", 40, timing=True),
              lambda: test_replay("reduce", 100000, "gfx803", 1, timing=True),
              test_args_contents, test_inputs, test_debug_session, test_diff_patched, test_diff_cut, test_errors]
    gtest.run_each(tests)   # a crash of one check is a failure, the others go on


if __name__ == "__main__":
    main()
    gtest.done()   # TMP is kept when something failed, to look at
