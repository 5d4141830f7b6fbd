"""The LLVM tools the oracle tests compare gcnsim with, and how they are run
(shared by test_random.py and test_corpus.py).

  gfx8/gfx9  llvm-objdump-16 disassembles (llvm-mc-16 assembles `.long` data
             into an object for it);
  gfx6/gfx7  LLVM cannot disassemble these: llvm-mc-15 -show-encoding
             re-assembles our text, which must give back our words.
"""
import re
import shutil
import subprocess

MC16 = "llvm-mc-16"
OBJDUMP = "llvm-objdump-16"
MC15 = "llvm-mc-15"


def gen_of(target):
    """The GCN generation of a target name (gfx601 -> 6), 0 if not gfxN..."""
    m = re.match(r"gfx(\d)", target)
    return int(m.group(1)) if m else 0


def tools_for(target):
    """The LLVM tools the oracle for target needs."""
    return [MC16, OBJDUMP] if gen_of(target) >= 8 else [MC15]


def first_missing(tools):
    """The first of tools not found on PATH, or None."""
    return next((t for t in tools if not shutil.which(t)), None)


def norm(s):
    """Text with whitespace normalised (runs of blanks become one space)."""
    return " ".join(s.split())


def assemble_labelled(target, texts, src):
    """Assemble texts (key -> one instruction's text) for target with
    llvm-mc-15 -show-encoding, each under its own label, in key order, from
    the source file src (written here).  Returns (enc, diags): enc maps a key
    to the encoding llvm-mc printed for it ("0x..,0x..", the first one under
    its label); diags maps a key to the [(kind, message)] ("error" or
    "warning") llvm-mc gave for its line, in order."""
    order = sorted(texts)
    with open(src, "w") as f:
        for k in order:
            f.write("c%d:\n\t%s\n" % (k, texts[k]))
    p = subprocess.run([MC15, "-show-encoding", "-triple=amdgcn-amd-amdhsa", "-mcpu=" + target, src],
                       capture_output=True, text=True)
    enc, cur = {}, None
    for line in p.stdout.splitlines():
        m = re.match(r"^c(\d+):", line)
        if m:
            cur = int(m.group(1))
            continue
        m = re.search(r"; encoding: \[([^\]]*)\]", line)
        if m and cur is not None and cur not in enc:
            enc[cur] = m.group(1)
    lineof = {2 * (n + 1): k for n, k in enumerate(order)}   # key k's text is on line 2n+2
    diags = {}
    for line in p.stderr.splitlines():
        m = re.match(r"^[^:]*:(\d+):\d+: (error|warning): (.*)$", line)
        if m and int(m.group(1)) in lineof:
            diags.setdefault(lineof[int(m.group(1))], []).append((m.group(2), m.group(3)))
    return enc, diags


