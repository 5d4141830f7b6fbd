#!/usr/bin/env python3
"""Branches to labels, as code from older LLVM versions has them (blocks
kept as local, untyped symbols such as BB0_2): `gcnsim disasm` must print
every line as `llvm-objdump-16 -d` does, the label's name in place of the
branch offset and no <...> comment, while a branch whose target has no
label keeps the offset and the comment.

The objects are assembled here by llvm-mc-15 (relocatable objects, which
gcnsim opens as llvm-objdump does) for gfx803 and gfx900, from a short
program with forward and backward branches of every SOPP kind to labels,
a branch to a global function symbol (left to a relocation in the
object: the raw offset) and one to an address inside a block.
Prints PASS:/FAIL:/SKIP: lines."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from llvmtools import MC15, OBJDUMP, first_missing, norm  # noqa: E402
import gtest  # noqa: E402
from gtest import check, gcnsim, skip  # noqa: E402

SRC = """.text
.globl kern
.type kern,@function
kern:
  s_cbranch_execz BB0_2
  s_nop 0
  s_cbranch_vccnz BB0_3
BB0_1:
  s_cbranch_scc0 BB0_1
  s_cbranch_scc1 kern
BB0_2:
  s_branch BB0_3
  s_nop 0
  s_cbranch_execnz BB0_1
BB0_3:
  s_cbranch_vccz 1
  s_nop 0
  s_endpgm
"""
LINE = re.compile(r"^\t(.*?)\s*// ([0-9A-Fa-f]{12}):((?: [0-9A-Fa-f]{8})+)\s*(<[^>]*>)?\s*$")


def lines(text):
    out = []
    for l in text.splitlines():
        m = LINE.match(l)
        if m:
            out.append((norm(m.group(1)), m.group(2).upper(), m.group(3).split(), m.group(4) or ""))
        elif re.match(r"^[0-9a-f]{16} <", l):
            out.append(("label", l.split()[1]))
    return out


def main():
    miss = first_missing([MC15, OBJDUMP])
    if miss:
        skip("labels", "%s not installed" % miss)
        gtest.done()
    tmp = tempfile.mkdtemp(prefix="gcnsim-labels-")
    src = os.path.join(tmp, "labels.s")
    open(src, "w").write(SRC)
    for t in ("gfx803", "gfx900"):
        obj = os.path.join(tmp, "labels-%s.o" % t)
        p = subprocess.run([MC15, "-triple", "amdgcn-amd-amdhsa", "-mcpu=" + t, "-filetype=obj", src, "-o", obj],
                           capture_output=True, text=True)
        if not check("llvm-mc-15 assembles the program for %s" % t, p.returncode == 0, p.stderr.strip()[:200]):
            continue
        want = lines(subprocess.run([OBJDUMP, "-d", "--mcpu=" + t, obj], capture_output=True, text=True).stdout)
        got_p = gcnsim(["disasm", obj])
        got = lines(got_p.stdout)
        first = next((i for i in range(max(len(want), len(got)))
                      if i >= len(want) or i >= len(got) or want[i] != got[i]), None)
        check("%s: %d lines as llvm-objdump-16 prints them" % (t, len(want)),
              got_p.returncode == 0 and first is None and len(want) > 10,
              "line %s: gcnsim %r, llvm-objdump %r" % (
                  first, got[first] if first is not None and first < len(got) else None,
                  want[first] if first is not None and first < len(want) else None))
        named = [g for g in got if len(g) == 4 and re.search(r" BB0_\d$", g[0])]
        kept = [g for g in got if len(g) == 4 and g[0].startswith("s_cbranch_vccz")]
        check("%s: the branches to labels name them (%d), the one without keeps offset and comment" % (t, len(named)),
              len(named) == 5 and all(not g[3] for g in named) and kept and kept[0][3].startswith("<"),
              "named %r, kept %r" % (named, kept))
    gtest.done()


main()
