#!/usr/bin/env python3
"""Disassembly of the committed code objects (tests/kernels/bin/*.co).

  gfx8/gfx9  `gcnsim disasm X.co` must print the same instruction lines as
             `llvm-objdump-16 -d --mcpu=T X.co`: same addresses, same words,
             same text (whitespace normalised), same branch annotation.
  gfx6/gfx7  LLVM cannot disassemble these: every instruction line we print
             must assemble with llvm-mc-15 -show-encoding for the target back
             to exactly the words in our `// ADDRESS: WORDS` comment.

usage: test_corpus.py [--gcnsim PATH] [--show K] [FILE.co ...]
Prints one PASS:/FAIL: line per code object and one per generation; exits
non-zero on a failure.  SKIPs (exit 0) when the LLVM tools are missing.
"""
import argparse
import glob
import os
import re
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from llvmtools import MC15, OBJDUMP, assemble_labelled, first_missing, gen_of, norm

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

# EF_AMDGPU_MACH (low byte of e_flags) -> processor
MACH = {0x20: "gfx600", 0x21: "gfx601", 0x3a: "gfx602", 0x22: "gfx700", 0x23: "gfx701",
        0x24: "gfx702", 0x25: "gfx703", 0x26: "gfx704", 0x3b: "gfx705", 0x28: "gfx801",
        0x29: "gfx802", 0x2a: "gfx803", 0x3c: "gfx805", 0x2b: "gfx810", 0x2c: "gfx900",
        0x2d: "gfx902", 0x2e: "gfx904", 0x2f: "gfx906", 0x30: "gfx908", 0x31: "gfx909",
        0x32: "gfx90c"}

LINE_RE = re.compile(r"^\t(.*?)\s*// ([0-9A-Fa-f]{12}): ((?:[0-9A-Fa-f]{8} ?)+)\s*(<[^>]*>)?\s*$")


def target_of(path):
    with open(path, "rb") as f:
        hdr = f.read(64)
    if len(hdr) < 64 or hdr[:4] != b"\x7fELF" or hdr[4] != 2:
        return None
    return MACH.get(struct.unpack_from("<I", hdr, 48)[0] & 0xFF)


def code_ranges(path):
    """Byte ranges llvm-objdump disassembles: from each function symbol in
    .text (STT_FUNC, or STT_AMDGPU_HSA_KERNEL in code object v2, whose code
    follows the 256-byte amd_kernel_code_t) to the next symbol or the end of
    .text."""
    with open(path, "rb") as f:
        d = f.read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]

    def cstr(off):
        return d[off:d.index(b"\0", off)].decode("latin-1")
    names = [cstr(secs[shstrndx][4] + s[0]) for s in secs]
    if ".text" not in names:
        return []
    ti = names.index(".text")
    taddr, tsize = secs[ti][3], secs[ti][5]
    starts = {}
    for s in secs:
        if s[1] != 2:                  # SHT_SYMTAB
            continue
        for k in range(s[5] // 24):
            _, info, _, shndx, value, _ = struct.unpack_from("<IBBHQQ", d, s[4] + 24 * k)
            if shndx == ti and (info & 0xF) in (2, 10):
                starts[value] = value + (256 if (info & 0xF) == 10 else 0)
    addrs = sorted(starts)
    return [(starts[a], addrs[i + 1] if i + 1 < len(addrs) else taddr + tsize)
            for i, a in enumerate(addrs)]


def coverage_gaps(path, insts):
    """Instructions that do not tile the code ranges exactly: list of
    messages."""
    starts = {i[0]: i for i in insts}
    gaps = []
    for lo, hi in code_ranges(path):
        a = lo
        while a < hi:
            i = starts.get(a)
            if i is None:
                gaps.append("no instruction printed at %012X (code runs to %012X)" % (a, hi))
                break
            a += 4 * len(i[2])
    return gaps


def parse_insts(out):
    """Instruction lines of objdump-style output: list of
    (addr, text, words tuple, annotation)."""
    res = []
    for line in out.splitlines():
        m = LINE_RE.match(line)
        if m:
            res.append((int(m.group(2), 16), norm(m.group(1)),
                        tuple(int(w, 16) for w in m.group(3).split()), m.group(4) or ""))
    return res


def fmt_inst(i):
    if i is None:
        return "(nothing)"
    return "%012X: %-50s // %s %s" % (i[0], i[1], " ".join("%08X" % w for w in i[2]), i[3])


def run_ours(gcnsim, path):
    p = subprocess.run([gcnsim, "disasm", path], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("gcnsim disasm failed (status %d): %s"
                           % (p.returncode, p.stderr.strip()[:300]))
    return parse_insts(p.stdout)


def check_new(gcnsim, path, target):
    """Returns (equal, total, mismatches) against llvm-objdump-16."""
    p = subprocess.run([OBJDUMP, "-d", "--mcpu=" + target, path], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed: %s" % (OBJDUMP, p.stderr.strip()[:300]))
    llvm = parse_insts(p.stdout)
    ours = run_ours(gcnsim, path)
    by_addr = {i[0]: i for i in ours}
    llvm_addrs = {i[0] for i in llvm}
    equal, bad = 0, []
    for li in llvm:
        oi = by_addr.get(li[0])
        if oi == li:
            equal += 1
        else:
            bad.append((li, oi))
    for oi in ours:
        if oi[0] not in llvm_addrs:
            bad.append((None, oi))
    return equal, len(llvm), bad


def check_old(gcnsim, path, target, tmp):
    """Returns (equal, total, mismatches): our text re-assembled by llvm-mc-15
    must give our words back."""
    ours = run_ours(gcnsim, path)
    enc, diags = assemble_labelled(target, {k: oi[1] for k, oi in enumerate(ours)},
                                   os.path.join(tmp, os.path.basename(path) + ".s"))
    errs = {}
    for k, ds in diags.items():
        for kind, msg in ds:
            if kind == "error":
                errs.setdefault(k, msg)
    equal, bad = 0, []
    for gap in coverage_gaps(path, ours):
        bad.append((gap, None))
    shorter = literal_to_inline(gcnsim, target, ours, enc, errs, tmp)
    for k, oi in enumerate(ours):
        want = ",".join("0x%02x" % b for w in oi[2] for b in struct.pack("<I", w))
        got = enc.get(k)
        if got is not None and got.replace(" ", "") == want and k not in errs:
            equal += 1
            continue
        if k in shorter:
            equal += 1
            LOSSY_LITERALS[0] += 1
            continue
        if oi[1].startswith(".long "):
            why = "we call it invalid"
        elif k in errs or got is None:
            why = "llvm-mc-15: " + errs.get(k, "no encoding printed")
        else:
            why = "llvm-mc-15 encodes [%s]" % got
        bad.append((why, oi))
    return equal, len(ours), bad


# Instructions whose 32-bit literal holds an inline-constant value (clang
# emits these for relocated constants, e.g. s_addc_u32 s7, s7, 0 with a
# literal 0).  LLVM prints the value, and llvm-mc-15 re-assembles the text
# with the inline constant, one dword shorter.  Such a line counts as equal
# when the shorter words decode to exactly the same text.
LOSSY_LITERALS = [0]


def literal_to_inline(gcnsim, target, ours, enc, errs, tmp):
    """Indices k whose re-assembly is one dword shorter and decodes to the
    same text (the literal became the inline constant it prints as)."""
    cand = {}
    for k, oi in enumerate(ours):
        got = enc.get(k)
        if got is None or k in errs or len(oi[2]) < 2:
            continue
        b = bytes(int(x, 16) for x in got.replace(" ", "").split(",") if x)
        if len(b) == 4 * (len(oi[2]) - 1):
            cand[k] = [struct.unpack("<I", b[i:i + 4])[0] for i in range(0, len(b), 4)]
    if not cand:
        return set()
    src = os.path.join(tmp, "shorter.hex")
    keys = sorted(cand)
    with open(src, "w") as f:
        for k in keys:
            f.write(" ".join("%08x" % w for w in cand[k]) + "\n")
    p = subprocess.run([gcnsim, "disasm", "--hex", "--target", target, src], capture_output=True, text=True)
    texts = [norm(m.group(1)) for m in map(LINE_RE.match, p.stdout.splitlines())
             if m and int(m.group(2), 16) == 0]
    if p.returncode != 0 or len(texts) != len(keys):
        return set()
    return {k for k, t in zip(keys, texts) if t == ours[k][1]}


def show_bad(bad, gen, k):
    out = []
    for a, b in bad[:k]:
        if gen >= 8:
            out.append("    llvm: %s\n    ours: %s" % (fmt_inst(a), fmt_inst(b)))
        else:
            out.append("    ours: %s\n      %s" % (fmt_inst(b), a))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="code objects (default tests/kernels/bin/*.co)")
    ap.add_argument("--gcnsim", default=gtest.GCNSIM)
    ap.add_argument("--show", type=int, default=4, help="mismatches shown per file (default 4)")
    ap.add_argument("-j", type=int, default=2, help="parallel jobs (default 2)")
    args = ap.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "tests", "kernels", "bin", "*.co")))
    if not files:
        check("corpus: no code objects in tests/kernels/bin (run make kernels)", False)
        return
    if not os.access(args.gcnsim, os.X_OK):
        check("corpus: %s is not built (run make)" % args.gcnsim, False)
        return

    jobs = []
    missing = {}
    for path in files:
        t = target_of(path)
        if t is None:
            check("corpus %s: not an AMDGPU ELF of a known target" % os.path.basename(path), False)
            continue
        tool = first_missing([OBJDUMP] if gen_of(t) >= 8 else [MC15])
        if tool:
            missing.setdefault(tool, []).append(path)
            continue
        jobs.append((path, t))
    for tool, paths in missing.items():
        skip("corpus: %d code objects not checked" % len(paths), "%s not installed" % tool)

    per_gen = {}
    with tempfile.TemporaryDirectory(prefix="gcnsim-corpus-") as tmp, \
            ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        def one(job):
            path, t = job
            try:
                if gen_of(t) >= 8:
                    return check_new(args.gcnsim, path, t)
                return check_old(args.gcnsim, path, t, tmp)
            except (RuntimeError, OSError) as e:
                return e
        for (path, t), res in zip(jobs, ex.map(one, jobs)):
            name = "corpus %s (%s)" % (os.path.basename(path), t)
            gen = gen_of(t)
            if isinstance(res, Exception):
                check(name, False, res)
                continue
            equal, total, bad = res
            g = per_gen.setdefault(gen, [0, 0, 0, 0])
            g[0] += equal
            g[1] += total
            g[2] += 1
            g[3] += bool(bad)
            how = "agree with llvm-objdump-16" if gen >= 8 else "re-assemble to the same words (llvm-mc-15)"
            more = "; %d mismatches" % len(bad) if bad else ""
            check("%s: %d/%d instructions %s%s" % (name, equal, total, how, more), not bad)
            if bad:
                print("\n".join(show_bad(bad, gen, args.show)))
    for gen in sorted(per_gen):
        eq, tot, nf, nbad = per_gen[gen]
        rate = 100.0 * eq / tot if tot else 0.0
        check("corpus gfx%d: %d/%d instructions agree (%.2f%%) in %d code objects (%d failing)"
              % (gen, eq, tot, rate, nf, nbad), not nbad)
    if LOSSY_LITERALS[0]:
        print("note: %d gfx6/gfx7 instructions hold a literal with an inline-constant value; they "
              "re-assemble one dword shorter to the same text (counted as agreeing)" % LOSSY_LITERALS[0])


if __name__ == "__main__":
    main()
    gtest.done()
