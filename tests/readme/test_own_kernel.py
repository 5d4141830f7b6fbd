#!/usr/bin/env python3
"""The README's "Your own kernel" section, run as written: every source
file it shows is written to a temporary directory, every `$ ` command runs
there (bash, with this tree's gcnsim first on PATH, stderr merged into
stdout), and its output must equal the lines the README shows after it
(a final "..." line: the output starts with the lines before it).  So the
compile commands for OpenCL C (clang-15) and HIP (hipcc, clang++-15)
work, and the kernels they build give the results shown."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
npass = nfail = 0


def check(ok, what, detail=""):
    global npass, nfail
    npass += ok
    nfail += not ok
    print(("PASS: " if ok else "FAIL: ") + what + ("" if ok or not detail else "\n      " + detail[:2000]))


def section(text, title):
    m = re.search(r"^%s\n-+\n(.*?)(?=^\S[^\n]*\n-{3,}\n)" % re.escape(title), text, re.S | re.M)
    return m.group(1) if m else None


def blocks(sec):
    """(preceding paragraph's last line, block lines) for each indented block."""
    lines, out, i, prev = sec.split("\n"), [], 0, ""
    while i < len(lines):
        if lines[i].startswith("    "):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
                j += 1
            blk = [l[4:] for l in lines[i:j]]
            while blk and not blk[-1].strip():
                blk.pop()
            out.append((prev, blk))
            i = j
        else:
            if lines[i].strip():
                prev = lines[i].strip()
            i += 1
    return out


def commands(blk):
    """(command, expected output lines) for each `$ ` line of a block."""
    cmds, i = [], 0
    while i < len(blk):
        if not blk[i].startswith("$ "):
            i += 1
            continue
        cmd = blk[i][2:]
        while cmd.endswith("\\") and i + 1 < len(blk):
            i += 1
            cmd = cmd[:-1] + " " + blk[i].strip()
        i += 1
        exp = []
        while i < len(blk) and not blk[i].startswith("$ "):
            exp.append(blk[i])
            i += 1
        while exp and not exp[-1].strip():
            exp.pop()
        cmds.append((cmd, exp))
    return cmds


def main():
    text = open(os.path.join(ROOT, "README")).read()
    sec = section(text, "Your own kernel")
    check(sec is not None, "README has a section 'Your own kernel'")
    if sec is None:
        return
    tmp = tempfile.mkdtemp(prefix="gcnsim-own-kernel-")
    env = dict(os.environ, PATH=ROOT + os.pathsep + os.environ.get("PATH", ""))
    nfiles = ncmds = 0
    for prev, blk in blocks(sec):
        m = re.search(r"(?:^|\s)(\S+\.(?:cl|hip)):$", prev)
        if m:
            with open(os.path.join(tmp, m.group(1)), "w") as f:
                f.write("\n".join(blk) + "\n")
            nfiles += 1
            continue
        for cmd, exp in commands(blk):
            ncmds += 1
            p = subprocess.run(["bash", "-c", cmd], cwd=tmp, env=env, capture_output=True, text=True, timeout=600)
            got = (p.stdout + p.stderr).rstrip("\n").split("\n") if (p.stdout + p.stderr).strip() else []
            got = [l.rstrip() for l in got]
            if exp and exp[-1] == "...":
                ok = got[:len(exp) - 1] == [l.rstrip() for l in exp[:-1]]
            else:
                ok = got == [l.rstrip() for l in exp]
            short = cmd if len(cmd) < 110 else cmd[:107] + "..."
            check(p.returncode == 0 and ok, "README: $ %s" % short,
                  "exit %d\nwant:\n%s\ngot:\n%s" % (p.returncode, "\n".join(exp), "\n".join(got[:len(exp) + 3])))
    check(nfiles == 2 and ncmds >= 8, "the section shows 2 source files and at least 8 commands (%d, %d)" %
          (nfiles, ncmds))


main()
print("%d passed, %d failed" % (npass, nfail))
sys.exit(1 if nfail else 0)
