#!/usr/bin/env python3
"""Checks of `gcnsim trace diff A B`, each against a prediction the test
makes itself (the kernel's layout, the input files, the disassembly, or
the two traces' records as `gcnsim trace dump` prints them):

- the same run twice, and a functional against a cycle-model run (other
  wave interleaving), agree; the reader buffers at most one record for two
  runs in the same mode;
- one bit flipped in element k of the input of tests/e2e divergent_loops
  (one uint per work-item) on gfx701/gfx803/gfx900: the report names wave
  k/64 (work-group k/256, wave k%256/64 of the group), the pc of the
  kernel's only vector load, its destination register, lane k%64 and both
  values (the original and the flipped element); only that wave differs;
  the debugger command it prints stops there, and one stepi later the
  register holds the flipped value;
- one instruction patched in a copy of tests/micro valu_chain (the third
  v_add_f32 v3, 0.5, v3 becomes 1.0): the header warning, that pc and the
  two encodings in every wave's first divergence (--all), the context;
- --set l2_latency: the records agree; --timing finds the first cycle
  difference that a comparison of the two dumps in this script finds;
- one bit of an atomic's target dword (tests/e2e atomics_global): the
  memory address with both values, as the input predicts, never written
  before in the launch;
- the early stop: the first divergence is the earliest among every
  wave's first divergence (--all reads both files whole);
- a run cut short by --max-inst: the first record the cut trace lacks, as
  the dumps say; the debugger command (with its continue count) stops at
  the instance of that instruction whose EXEC the trace recorded;
- missing, truncated, corrupt and non-trace files: exit 2 and one line
  naming the file; --help, bad usage; --max-buffer enforced.

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import os
import re
import shlex
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-tdiff-")
E2E = "tests/e2e/bin/divergent_loops-%s.co"
MICRO = "tests/micro/bin/valu_chain-%s.co"
TARGETS = ["gfx701", "gfx803", "gfx900"]
N = 512                 # work-items of divergent_loops: 8 waves in 2 work-groups of 256


def gcnsim(args, stdin=None, timeout=300):
    return gtest.gcnsim(args, stdin=stdin, timeout=timeout)


def tmp(name):
    return os.path.join(TMP, name)


def record(co, args, out):
    """gcnsim run CO ARGS --trace OUT; raises if the run fails (exit 4, stopped by --max-inst, is no failure)."""
    p = gcnsim(["run", co] + args + ["--trace", out])
    if p.returncode != (4 if "--max-inst" in args else 0):
        raise RuntimeError("gcnsim run %s failed (%d): %s" % (co, p.returncode, p.stderr.strip()))
    return out


def diff(a, b, *opts):
    p = gcnsim(["trace", "diff", a, b] + list(opts))
    return p.returncode, p.stdout, p.stderr


def words(n, seed):
    return [(i * 2654435761 + seed) & 0xffffffff for i in range(n)]


def write_u32(name, vals):
    with open(tmp(name), "wb") as f:
        f.write(struct.pack("<%dI" % len(vals), *vals))
    return tmp(name)


def code_base(trace):
    out = gcnsim(["trace", "dump", trace, "--count", "0"]).stdout
    return int(re.search(r"code at 0x([0-9a-f]+)", out).group(1), 16)


def disasm(co):
    """(kernel start address, [(addr, [words], text)]) from gcnsim disasm."""
    out = gcnsim(["disasm", co]).stdout
    start = int(re.search(r"^([0-9a-f]{16}) <", out, re.M).group(1), 16)
    lines = []
    for m in re.finditer(r"^\t(\S.*?)\s*// ([0-9A-F]{12}):((?: [0-9A-F]{8})+)", out, re.M):
        lines.append((int(m.group(2), 16), [int(w, 16) for w in m.group(3).split()], m.group(1)))
    return start, lines


def dump_records(trace):
    """[(seq, wave, exec, issue, done)] of every record, from gcnsim trace dump."""
    out = gcnsim(["trace", "dump", trace], timeout=600).stdout
    recs = []
    for line in out.splitlines():
        m = re.match(r"\[(\d+)\] wave (\d+) \(wg [\d,]+ #\d+\) pc 0x([0-9a-f]+) exec 0x([0-9a-f]+)", line)
        if m:
            recs.append([int(m.group(1)), int(m.group(2)), int(m.group(3), 16), int(m.group(4), 16), None, None])
            continue
        m = re.match(r"\s+cycles issue (\d+) done (\d+)", line)
        if m and recs:
            recs[-1][4], recs[-1][5] = int(m.group(1)), int(m.group(2))
    return recs


def per_wave(recs):
    waves = {}
    for r in recs:
        waves.setdefault(r[1], []).append(r)
    return waves


def debug_session(report, which, extra):
    """Run the gcnsim debug command the report prints (for A's or B's run),
    then the commands in extra: (command list, output)."""
    m = re.search(r"to stop before this instruction in %s's run:\n  gcnsim debug (.*)\n((?:  \(gcnsim\) .*\n)+)"
                  % which, report)
    if not m:
        return None, ""
    cmds = [l.split("(gcnsim) ", 1)[1] for l in m.group(2).splitlines()]
    p = gcnsim(["debug"] + shlex.split(m.group(1)) + ["--batch"], stdin="\n".join(cmds + extra) + "\n")
    return cmds, p.stdout + p.stderr


def one_error_line(name, rc, out, err, path):
    lines = err.strip().splitlines()
    check(name, rc == 2 and out == "" and len(lines) == 1 and path in lines[0],
          "rc %d, stdout %r, stderr %r" % (rc, out[:200], err[:300]))


# ---- agreement ---------------------------------------------------------------

def test_agree():
    co = E2E % "gfx900"
    inp = write_u32("agree.bin", words(N, 7))
    args = ["--global", str(N), "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * N), "--arg", "u32:%d" % N]
    f1 = record(co, args + ["--functional"], tmp("agree_f1.gz"))
    f2 = record(co, args + ["--functional"], tmp("agree_f2.gz"))
    t1 = record(co, args, tmp("agree_t1.gz"))
    t2 = record(co, args, tmp("agree_t2.gz"))
    nrec = len(dump_records(f1))
    for name, a, b in [("functional", f1, f2), ("cycle model", t1, t2)]:
        rc, out, err = diff(a, b, "--stats")
        check("agree: the same %s run twice: exit 0, traces agree" % name,
              rc == 0 and "traces agree: %d records of 8 waves" % nrec in out and "warning" not in out,
              "rc %d\n%s%s" % (rc, out, err))
        m = re.search(r"at most (\d+) records? \((\d+) bytes\) waited", out)
        check("agree: the same %s run twice: at most 1 record waits for its counterpart" % name,
              m and int(m.group(1)) <= 1, out)
        rc, out, err = diff(a, b, "--timing")
        check("agree: the same %s run twice: --timing agrees too" % name, rc == 0 and "traces agree" in out, out + err)
    rc, out, err = diff(t1, f1)
    check("agree: cycle-model against functional run (other interleaving): exit 0, with a note on the modes",
          rc == 0 and "traces agree" in out and "note: A is a cycle-model trace, B a functional trace" in out
          and "warning: the options differ" in out, out + err)


# ---- one bit of an input -----------------------------------------------------

def test_input_bit(target, k, bit):
    co = E2E % target
    orig = words(N, 11)
    flip = list(orig)
    flip[k] ^= 1 << bit
    ia, ib = write_u32("in_%s_a.bin" % target, orig), write_u32("in_%s_b.bin" % target, flip)
    common = ["--global", str(N), "--arg", "zero:%d" % (4 * N), "--arg", "u32:%d" % N, "--functional"]
    a = record(co, ["--arg", "buf:" + ia] + common, tmp("bit_%s_a.gz" % target))
    b = record(co, ["--arg", "buf:" + ib] + common, tmp("bit_%s_b.gz" % target))
    # prediction: the kernel's one vector load, its register; wave and lane of element k
    start, lines = disasm(co)
    loads = [(addr, text) for addr, _, text in lines if re.match(r"(flat|global|buffer)_load_dword\s", text)]
    if not check("input bit %s: the kernel has one vector load" % target, len(loads) == 1, str(loads)):
        return
    addr, text = loads[0]
    pc = code_base(a) + addr - start
    reg = int(re.match(r"\w+\s+v(\d+)", text).group(1))
    wave, lane, wg, idx = k // 64, k % 64, k // 256, k % 256 // 64
    rc, out, err = diff(a, b, "--all")
    name = "input bit %s (element %d, bit %d)" % (target, k, bit)
    check(name + ": exit 1", rc == 1, "rc %d %s" % (rc, err))
    check(name + ": the options differ (a warning), records compared",
          "warning: the options differ" in out and "first divergence: record" in out, out)
    m = re.search(r"first divergence: record (\d+) of A, record (\d+) of B\n  wave (\d+) \(work-group (\d+),0,0, "
                  r"wave (\d+) of the group\)\n  pc 0x([0-9a-f]+): (.*)\n", out)
    check(name + ": wave %d (work-group %d, wave %d of the group)" % (wave, wg, idx),
          m and (int(m.group(3)), int(m.group(4)), int(m.group(5))) == (wave, wg, idx), out)
    check(name + ": pc 0x%x, the load (%s)" % (pc, text),
          m and int(m.group(6), 16) == pc and m.group(7).split() == text.split(), out)
    check(name + ": v%d differs in lane %d only" % (reg, lane),
          "  v%d differs in 1 lane (%d):\n" % (reg, lane) in out, out)
    check(name + ": expected and actual values are the element before and after the flip",
          "    lane %2d: expected 0x%08x, actual 0x%08x\n" % (lane, orig[k], flip[k]) in out, out)
    check(name + ": the register's previous write is named (record, pc)",
          re.search(r"  v%d lane %d was last written by this wave, 0x[0-9a-f]{8}:\n    \[\d+\] pc 0x[0-9a-f]+ exec"
                    % (reg, lane), out) is not None, out)
    check(name + ": three records of context",
          len(re.findall(r"(?m)^  \[\d+\] pc 0x", out)) == 3 and "context: the 3 previous records of wave %d in A"
          % wave in out, out)
    check(name + ": --all: only that wave differs", "(1 of 8 waves differ)" in out, out)
    cmds, dbg = debug_session(out, "B", ["stepi", "print/x v%d[%d]" % (reg, lane)])
    check(name + ": the debugger command stops at the load in wave %d, then v%d[%d] = the flipped value"
          % (wave, reg, lane),
          cmds and re.search(r"Breakpoint 1, wave %d\n\[wave %d\] 0x0*%x " % (wave, wave, pc), dbg)
          and re.search(r"\$1 = 0x0*%x\b" % flip[k], dbg), "%s\n%s" % (cmds, dbg[-1500:]))


# ---- one instruction of a kernel ---------------------------------------------

def file_offset(elf, vaddr):
    """File offset of a virtual address through the ELF64 program headers."""
    phoff = struct.unpack_from("<Q", elf, 0x20)[0]
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for i in range(phnum):
        p_type, _, off, va, _, filesz = struct.unpack_from("<IIQQQQ", elf, phoff + i * phentsize)
        if p_type == 1 and va <= vaddr < va + filesz:
            return off + vaddr - va
    raise ValueError("address 0x%x is in no PT_LOAD segment" % vaddr)


def test_instruction(target):
    co = MICRO % target
    start, lines = disasm(co)
    adds = [(addr, w) for addr, w, text in lines if text.split() == ["v_add_f32_e32", "v3,", "0.5,", "v3"]]
    addr, w = adds[2]
    elf = bytearray(open(os.path.join(ROOT, co), "rb").read())
    off = file_offset(elf, addr)
    name = "instruction %s" % target
    if not check(name + ": the third v_add_f32 v3, 0.5, v3 is at file offset 0x%x" % off,
                 struct.unpack_from("<I", elf, off)[0] == w[0] and w[0] & 0x1ff == 0xf0, hex(w[0])):
        return
    new = (w[0] & ~0x1ff) | 0xf2   # src0: inline constant 0.5 -> 1.0
    struct.pack_into("<I", elf, off, new)
    patched = tmp("valu_chain_patched-%s.co" % target)
    with open(patched, "wb") as f:
        f.write(elf)
    args = ["--global", "256", "--arg", "zero:1024"]
    a = record(co, args, tmp("ins_%s_a.gz" % target))
    b = record(patched, args, tmp("ins_%s_b.gz" % target))
    pc = code_base(a) + addr - start
    rc, out, err = diff(a, b, "--all")
    check(name + ": exit 1", rc == 1, "rc %d %s" % (rc, err))
    check(name + ": the header warning says the code objects differ, first",
          out.startswith("warning: the code objects differ: A sha256 "), out[:300])
    m = re.search(r"first divergence: record (\d+) of A, record (\d+) of B\n  wave (\d+) .*\n  pc 0x([0-9a-f]+): ", out)
    check(name + ": the first divergence is at pc 0x%x" % pc, m and int(m.group(4), 16) == pc, out)
    check(name + ": the encodings: expected %08X (0.5), actual %08X (1.0)" % (w[0], new),
          "  the instruction differs: expected %08X (v_add_f32_e32 v3, 0.5, v3), actual %08X (v_add_f32_e32 v3, "
          "1.0, v3)\n" % (w[0], new) in out, out)
    check(name + ": and v3 differs in every lane", "  also different: v3 (64 lanes)\n" in out, out)
    ctx = re.findall(r"(?m)^  \[(\d+)\] pc 0x([0-9a-f]+) exec", out)
    check(name + ": the context ends with the previous v_add (pc 0x%x)" % (pc - 4),
          len(ctx) == 3 and int(ctx[-1][1], 16) == pc - 4, str(ctx))
    rows = re.findall(r"(?m)^  wave (\d+) \(wg [\d,]+ #\d+\): A (\d+), B (\d+), pc 0x([0-9a-f]+): (.*)$", out)
    check(name + ": --all: each of the 4 waves first diverges at that pc, by its encoding",
          "(4 of 4 waves differ)" in out and len(rows) == 4 and sorted(int(r[0]) for r in rows) == [0, 1, 2, 3]
          and all(int(r[3], 16) == pc and r[4] == "the encoding" for r in rows), out)
    check(name + ": the reported divergence is the earliest of the waves' in A",
          m and rows and int(m.group(1)) == min(int(r[1]) for r in rows), out)


# ---- cycles --------------------------------------------------------------------

def test_timing():
    co = E2E % "gfx900"
    inp = write_u32("timing.bin", words(N, 3))
    args = ["--global", str(N), "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * N), "--arg", "u32:%d" % N]
    a = record(co, args, tmp("tim_a.gz"))
    b = record(co, args + ["--set", "l2_latency=1000"], tmp("tim_b.gz"))
    rc, out, err = diff(a, b)
    check("timing: l2_latency changed: the architectural comparison agrees (exit 0), options warned",
          rc == 0 and "traces agree" in out and "warning: the options differ" in out, out + err)
    rc, out, err = diff(a, b, "--timing")
    check("timing: --timing: exit 1", rc == 1, "rc %d %s" % (rc, err))
    # the first cycle difference, computed here from the dumps
    ra, rb = per_wave(dump_records(a)), per_wave(dump_records(b))
    first = None
    for w, la in ra.items():
        for i, (x, y) in enumerate(zip(la, rb[w])):
            if (x[4], x[5]) != (y[4], y[5]):
                if first is None or x[0] < first[0][0]:
                    first = (x, y)
                break
    x, y = first
    want = ("issue", x[4], y[4]) if x[4] != y[4] else ("completion", x[5], y[5])
    check("timing: --timing: the first cycle difference is record %d of A, %d of B (wave %d)" % (x[0], y[0], x[1]),
          "first divergence: record %d of A, record %d of B\n  wave %d " % (x[0], y[0], x[1]) in out, out)
    check("timing: --timing: the %s cycle, expected %d, actual %d" % want,
          "  the %s cycle differs: expected %d, actual %d (%+d)\n" % (want[0], want[1], want[2], want[2] - want[1])
          in out, out)


# ---- records only one trace has ---------------------------------------------

def test_missing():
    co = E2E % "gfx900"
    inp = write_u32("missing.bin", words(N, 5))
    args = ["--global", str(N), "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * N), "--arg", "u32:%d" % N]
    a = record(co, args, tmp("mis_a.gz"))
    b = record(co, args + ["--max-inst", "3000"], tmp("mis_b.gz"))
    ra, rb = per_wave(dump_records(a)), per_wave(dump_records(b))
    cand = [la[len(rb.get(w, []))] for w, la in ra.items() if len(rb.get(w, [])) < len(la)]
    x = min(cand)
    rc, out, err = diff(a, b)
    check("missing: B cut by --max-inst: exit 1", rc == 1, "rc %d %s" % (rc, err))
    check("missing: the first record B lacks is record %d of A (wave %d)" % (x[0], x[1]),
          re.search(r"first divergence: record %d of A; B has no more records of this wave \(its last: record \d+\)"
                    r"\n  wave %d " % (x[0], x[1]), out) is not None, out)
    hits = sum(1 for r in ra[x[1]] if r[0] < x[0] and r[2] == x[2])
    cmds, dbg = debug_session(out, "A", ["print/x exec"])
    check("missing: the debugger command continues %d times (earlier runs of that pc by the wave)" % hits,
          cmds and (cmds[-1] == "continue %d" % hits if hits else cmds[-1] == "run"), str(cmds))
    check("missing: it stops in wave %d at pc 0x%x with the recorded EXEC 0x%x" % (x[1], x[2], x[3]),
          re.search(r"\[wave %d\] 0x0*%x " % (x[1], x[2]), dbg) and re.search(r"\$1 = 0x0*%x\b" % x[3], dbg),
          dbg[-1500:])
    rc, out, err = diff(b, a)
    check("missing: the other way round: A has no more records of the wave, exit 1",
          rc == 1 and re.search(r"first divergence: record \d+ of B; A has no more records of this wave", out), out)


# ---- a memory dword --------------------------------------------------------------

def test_memory(target):
    """One bit of acc[0] flipped before tests/e2e atomics_global: the first
    atomic add (no return value) writes a different dword: wave 0, the
    kernel's first *_atomic_add, expected acc[0] + the sum of wave 0's
    elements, actual the same from the flipped acc[0]."""
    co = "tests/e2e/bin/atomics_global-%s.co" % target
    v = [((i * 7919 + 13) % 10001) - 5000 for i in range(256)]
    acc = [0] * 16
    acc2 = list(acc)
    acc2[0] ^= 1 << 20
    vin = tmp("at_v.bin")
    with open(vin, "wb") as f:
        f.write(struct.pack("<256i", *v))
    ia, ib = write_u32("at_acc_a.bin", acc), write_u32("at_acc_b.bin", acc2)
    common = ["--global", "256", "--local", "64", "--arg", "buf:" + vin]
    rest = ["--arg", "zero:1024", "--arg", "zero:8", "--arg", "u32:256", "--functional"]
    a = record(co, common + ["--arg", "buf:" + ia] + rest, tmp("mem_%s_a.gz" % target))
    b = record(co, common + ["--arg", "buf:" + ib] + rest, tmp("mem_%s_b.gz" % target))
    start, lines = disasm(co)
    adds = [addr for addr, _, text in lines if re.match(r"(flat|global|buffer)_atomic_add\s", text)]
    pc = code_base(a) + adds[0] - start
    s0 = sum(v[:64])
    want = ((acc[0] + s0) & 0xffffffff, (acc2[0] + s0) & 0xffffffff)
    rc, out, err = diff(a, b)
    name = "memory %s (acc[0] bit 20)" % target
    check(name + ": exit 1", rc == 1, "rc %d %s" % (rc, err))
    m = re.search(r"first divergence: record \d+ of A, record \d+ of B\n  wave 0 \(work-group 0,0,0, wave 0 of the "
                  r"group\)\n  pc 0x([0-9a-f]+): .*\n  global\[0x([0-9a-f]+)\] differs: expected 0x([0-9a-f]{8}), "
                  r"actual 0x([0-9a-f]{8})\n", out)
    check(name + ": wave 0, the first atomic add (pc 0x%x), a global dword" % pc, m and int(m.group(1), 16) == pc, out)
    check(name + ": expected 0x%08x, actual 0x%08x (acc[0] + the sum of wave 0's elements)" % want,
          m and (int(m.group(3), 16), int(m.group(4), 16)) == want, out)
    check(name + ": not written before the launch's first atomic",
          m and "  global[0x%s] was not written before in A (it holds its value from before the launch)\n"
          % m.group(2) in out, out)


# ---- the early stop ------------------------------------------------------------

def test_early_stop():
    """Reading stops once no earlier divergence can appear: the first
    divergence must be the one --all (which reads both files whole) puts
    first, for runs in either mode and in either order, with flipped
    elements anywhere in the grid."""
    co = E2E % "gfx900"
    n = 2048
    base = words(n, 21)
    args = ["--global", str(n), "--arg", "zero:%d" % (4 * n), "--arg", "u32:%d" % n]
    ia = write_u32("early_a.bin", base)
    runs_a = [record(co, ["--arg", "buf:" + ia] + args + m, tmp("early_a%d.gz" % i))
              for i, m in enumerate([["--functional"], []])]
    bad, total = [], 0
    for trial, flips in enumerate([[5], [2047], [700, 1500], [64 * 9 + 3, 64 * 30, 100]]):
        v = list(base)
        for k in flips:
            v[k] ^= 1 << (k % 32)
        ib = write_u32("early_b.bin", v)
        runs_b = [record(co, ["--arg", "buf:" + ib] + args + m, tmp("early_b%d.gz" % i))
                  for i, m in enumerate([["--functional"], []])]
        for x in runs_a:
            for y in runs_b:
                for p, q in ((x, y), (y, x)):
                    total += 1
                    _, first, _ = diff(p, q)
                    _, full, _ = diff(p, q, "--all")
                    m = re.search(r"first divergence: record (\d+) of A", first)
                    rows = [int(r) for r in re.findall(r"(?m)^  wave \d+ .*: A (\d+), B", full)]
                    if not (m and rows and int(m.group(1)) == min(rows) and len(rows) == len(flips)
                            and full.startswith(first)):
                        bad.append("%s %s flips %s" % (os.path.basename(p), os.path.basename(q), flips))
    check("early stop: the first divergence is the earliest of all waves' (%d comparisons, functional and "
          "cycle-model runs, both orders)" % total, not bad, "; ".join(bad))


# ---- errors, usage, limits ------------------------------------------------------

def test_errors():
    co = MICRO % "gfx900"
    a = record(co, ["--global", "256", "--arg", "zero:1024"], tmp("err_a.gz"))
    data = open(a, "rb").read()
    trunc, corrupt, junk, empty = tmp("err_trunc.gz"), tmp("err_corrupt.gz"), tmp("err_junk.gz"), tmp("err_empty.gz")
    open(trunc, "wb").write(data[:len(data) // 2])
    bad = bytearray(data)
    for i in range(len(bad) // 3, len(bad) // 3 + 16):
        bad[i] ^= 0x5a
    open(corrupt, "wb").write(bytes(bad))
    open(junk, "wb").write(b"this is not a trace\n" * 10)
    open(empty, "wb").write(b"")
    missing = tmp("err_missing.gz")
    for what, path in [("truncated", trunc), ("corrupt", corrupt), ("missing", missing), ("not a trace", junk),
                       ("empty", empty)]:
        rc, out, err = diff(a, path)
        one_error_line("errors: %s B: exit 2, one line naming it" % what, rc, out, err, path)
    rc, out, err = diff(junk, a)
    one_error_line("errors: not a trace as A: exit 2, one line naming it", rc, out, err, junk)
    p = gcnsim(["trace", "diff", "--help"])
    check("usage: trace diff --help: exit 0, usage and options",
          p.returncode == 0 and p.stdout.startswith("usage: gcnsim trace diff A B") and "--timing" in p.stdout, p.stdout)
    p = gcnsim(["trace", "--help"])
    check("usage: trace --help lists diff", p.returncode == 0 and re.search(r"(?m)^  diff ", p.stdout), p.stdout)
    for args in (["trace", "diff", a], ["trace", "diff", a, a, a], ["trace", "diff", a, a, "--frob"],
                 ["trace", "diff", a, a, "--context", "x"]):
        p = gcnsim(args)
        check("usage: %s: exit 2, one line" % " ".join(args[2:]).replace(TMP, "TMP"),
              p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and p.stdout == "", p.stderr)


def test_max_buffer():
    co = E2E % "gfx900"
    n = 2048
    inp = write_u32("buf.bin", words(n, 9))
    args = ["--global", str(n), "--arg", "buf:" + inp, "--arg", "zero:%d" % (4 * n), "--arg", "u32:%d" % n]
    t = record(co, args, tmp("buf_t.gz"))
    f = record(co, args + ["--functional"], tmp("buf_f.gz"))
    rc, out, err = diff(t, f, "--stats")
    m = re.search(r"read (\d+) records of A and (\d+) of B; at most (\d+) records? \((\d+) bytes\)", out)
    check("buffer: cycle model against functional (%s records each): agree; %s records waited at most"
          % (m.group(1) if m else "?", m.group(3) if m else "?"), rc == 0 and m, out + err)
    if m and int(m.group(4)) > (1 << 20):
        rc, out, err = diff(t, f, "--max-buffer", "1")
        check("buffer: --max-buffer 1 (MiB) below that: exit 2, one line naming the limit",
              rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--max-buffer" in err, err)
    else:
        skip("buffer: --max-buffer", "this pair needs less than 1 MiB")


def main():
    if not os.access(G, os.X_OK):
        skip("trace diff", "%s is not built" % G)
        return
    tests = [test_agree, test_timing, test_missing, test_errors, test_max_buffer, test_early_stop]
    tests += [lambda t=t, k=k, b=b: test_input_bit(t, k, b) for t, k, b in
              [("gfx701", 77, 0), ("gfx803", 300, 4), ("gfx900", 450, 31)]]
    tests += [lambda t=t: test_instruction(t) for t in TARGETS]
    tests += [lambda t=t: test_memory(t) for t in TARGETS]
    gtest.run_each(tests)   # a crash of one check is a failure, the others go on


if __name__ == "__main__":
    main()
    gtest.done()   # TMP is kept when something failed, to look at
