#!/usr/bin/env python3
"""Completeness of the instruction table, checked against LLVM's assembler.

The random-word tests on gfx6/gfx7 can only check words gcnsim accepts
(LLVM cannot disassemble those generations), so a missing row would go
unnoticed there.  This test asks llvm-mc-15 which mnemonics exist for each
target — it answers "invalid instruction" for an unknown mnemonic and
"instruction not supported on this GPU" for one of another generation — and
requires that the set equals the mnemonics of `gcnsim isa --target T`.
gfx8/gfx9 are asked of llvm-mc-16 (LLVM 16 is their disassembly oracle),
gfx6/gfx7 of llvm-mc-15 (their re-assembly oracle).

Candidate names are the strings of LLVM's shared library that look like
GCN mnemonics; the e32/e64/sdwa/dpp suffixes are stripped.  Names the
assembler accepts but the disassembler never prints (aliases) are listed in
ALIASES with the reason."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

from llvmtools import MC15, MC16, gen_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GCNSIM = os.path.join(ROOT, "gcnsim")
TARGETS = ["gfx601", "gfx701", "gfx803", "gfx900", "gfx906"]
NAME_RE = re.compile(r"^(s|v|ds|buffer|tbuffer|image|flat|global|scratch)_[a-z0-9_]+$")
SUFFIX_RE = re.compile(r"_(e32|e64|sdwa|dpp)$")

# Mnemonics LLVM's assembler accepts that are spellings of another row, not
# instructions of their own: (target regex, name, reason).
ALIASES = [
    ("gfx6.*|gfx7.*", "v_add_co_u32", "gfx9 spelling; llvm-mc-15 assembles it as v_add_i32"),
    ("gfx6.*|gfx7.*", "v_sub_co_u32", "gfx9 spelling; llvm-mc-15 assembles it as v_sub_i32"),
    ("gfx6.*|gfx7.*", "v_subrev_co_u32", "gfx9 spelling; llvm-mc-15 assembles it as v_subrev_i32"),
    ("gfx8.*|gfx9.*", "v_mul_lo_i32", "same encoding as v_mul_lo_u32, which is what LLVM prints"),
    ("gfx8.*|gfx9.*", "v_illegal", "LLVM 16 prints the word 0xffffffff as the gfx10 v_illegal; "
                                  "no gfx8/gfx9 instruction has that encoding, gcnsim calls it invalid"),
]
# Assembler-only pseudo instructions (a branch followed by s_nop padding).
PSEUDO_RE = re.compile(r".*_pad_s_nop$")


def tools(target):
    """(llvm-mc, LLVM version) used for a target."""
    return (MC15, "15") if gen_of(target) < 8 else (MC16, "16")


def llvm_lib(ver):
    # llvm-N-dev links it into /usr/lib/llvm-N/lib; libllvmN (which llvm-N
    # installs) has it in the multiarch library directory
    libs = sorted(glob.glob("/usr/lib/llvm-%s/lib/libLLVM-%s*.so*" % (ver, ver)) +
                  glob.glob("/usr/lib/*-linux-gnu*/libLLVM-%s.so*" % ver))
    return libs[0] if libs else None


def candidates(lib):
    out = subprocess.run(["strings", "-n", "4", lib], capture_output=True, text=True).stdout
    names = set()
    for s in out.split():
        if NAME_RE.match(s):
            while SUFFIX_RE.search(s):
                s = SUFFIX_RE.sub("", s)
            if not PSEUDO_RE.match(s):
                names.add(s)
    names.add("exp")
    return sorted(names)


def llvm_known(target, names, tmp):
    """Mnemonics LLVM's assembler accepts (possibly with operands) for target."""
    src = os.path.join(tmp, "names.s")
    with open(src, "w") as f:
        f.write("\n".join(names) + "\n")
    p = subprocess.run([tools(target)[0], "-triple=amdgcn-amd-amdhsa", "-mcpu=" + target, src, "-o", os.devnull],
                       capture_output=True, text=True)
    bad = {}
    for line in p.stderr.splitlines():
        m = re.match(r".*?:(\d+):\d+: error: (.*)", line)
        if m:
            bad[int(m.group(1))] = m.group(2)
    known = set()
    for i, n in enumerate(names, 1):
        err = bad.get(i)
        if err is None or not (err.startswith("invalid instruction") or "not supported on this GPU" in err
                               or "variant of this instruction is not supported" in err):
            known.add(n)
    return known


def ours(target):
    p = subprocess.run([GCNSIM, "isa", "--target", target, "--names"], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("gcnsim isa failed: " + p.stderr.strip())
    return set(p.stdout.split())


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for t in TARGETS:
            mc, ver = tools(t)
            if not shutil.which(mc) or not llvm_lib(ver) or not shutil.which("strings"):
                print("SKIP: mnemonics %s (%s, libLLVM-%s or strings not installed)" % (t, mc, ver))
                continue
            known = llvm_known(t, candidates(llvm_lib(ver)), tmp)
            have = ours(t)
            alias = {n for (rx, n, _) in ALIASES if re.fullmatch(rx, t)}
            missing = sorted(known - have - alias)
            extra = sorted(have - known)
            ok = not missing and not extra
            failed += not ok
            print("%s: mnemonics %s: %d known to %s, %d in gcnsim's table, %d aliases; "
                  "missing %d, unknown to LLVM %d"
                  % ("PASS" if ok else "FAIL", t, len(known), mc, len(have), len(alias), len(missing), len(extra)))
            if missing:
                print("    missing: " + " ".join(missing[:60]))
            if extra:
                print("    not known to LLVM: " + " ".join(extra[:60]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
