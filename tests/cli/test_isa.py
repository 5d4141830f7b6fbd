#!/usr/bin/env python3
"""`gcnsim isa` against the committed list of unexecuted instructions
(sim/unexecuted.def) and the rows (isa/ops/*.def), read here from the
files themselves.  One PASS:/FAIL: line per check.

For every target: `--unexecuted` lists exactly the listed rows the target
has (mnemonic, encoding, opcode, group, the group's reason), the full
listing marks exactly those "not-executed", and both summary lines count
them; `--unexecuted --names` prints their mnemonics."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

ROOT = gtest.ROOT
TARGETS = {"gfx601": 0, "gfx701": 1, "gfx803": 2, "gfx900": 3, "gfx906": 3}
OP = re.compile(r'^(?:DS_)?OP\((\w+)\s*,\s*"([^"]+)"\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,', re.M)


def rows():
    """KEY -> (mnemonic, encoding, [opcode or None per generation]) from isa/ops/*.def."""
    out = {}
    d = os.path.join(ROOT, "isa", "ops")
    for f in sorted(os.listdir(d)):
        if f.endswith(".def"):
            with open(os.path.join(d, f)) as fp:
                for m in OP.finditer(fp.read()):
                    ops = [None if x == "NA" else int(x, 0) for x in m.group(4, 5, 6, 7)]
                    out[m.group(1)] = (m.group(2), m.group(3), ops)
    return out


def unexecuted():
    """[(KEY, GROUP)] and GROUP -> reason, from sim/unexecuted.def."""
    with open(os.path.join(ROOT, "sim", "unexecuted.def")) as fp:
        text = fp.read()
    groups = dict(re.findall(r'^UNEXEC_GROUP\((\w+),\s*"([^"]*)"\)', text, re.M))
    return re.findall(r'^UNEXEC\((\w+),\s*(\w+)\)', text, re.M), groups


def main():
    table = rows()
    listed, groups = unexecuted()
    check("the rows and the list were read (%d rows, %d listed, %d groups)" % (len(table), len(listed), len(groups)),
          len(table) > 1000 and listed and groups)
    unknown = [k for k, g in listed if k not in table or g not in groups]
    check("every listed row and group exists", not unknown, ", ".join(unknown[:5]))
    for t, gen in TARGETS.items():
        full = gtest.gcnsim(["isa", "--target", t])
        lines = full.stdout.splitlines()
        shown = {tuple(ln.split()[:3]) for ln in lines[:-1]}
        marked = sorted(tuple(ln.split()[:3]) for ln in lines[:-1] if ln.endswith(" not-executed"))
        # the listed rows of this generation that the target has (features
        # decide the rest: what the full listing shows)
        want = []
        for k, g in listed:
            name, enc, ops = table[k]
            if ops[gen] is not None and (name, enc, "0x%03x" % ops[gen]) in shown:
                want.append(((name, enc, "0x%03x" % ops[gen]), g))
        want_keys = sorted(w for w, _ in want)
        check("%s: the full listing marks exactly the listed rows not-executed (%d)" % (t, len(want_keys)),
              full.returncode == 0 and marked == want_keys,
              "extra %s, missing %s" % (sorted(set(marked) - set(want_keys))[:4], sorted(set(want_keys) - set(marked))[:4]))
        m = re.fullmatch(r"(\d+) instructions for %s, (\d+) not executed" % t, lines[-1] if lines else "")
        check("%s: the summary line counts them" % t, m and int(m.group(1)) == len(lines) - 1 and
              int(m.group(2)) == len(want_keys), lines[-1] if lines else "no output")
        only = gtest.gcnsim(["isa", "--target", t, "--unexecuted"])
        ol = only.stdout.splitlines()
        got = sorted(((ln.split()[0], ln.split()[1], ln.split()[2]), ln.split()[3], ln.split(None, 4)[4])
                     for ln in ol[:-1])
        exp = sorted((w, g, groups[g]) for w, g in want)
        check("%s: --unexecuted lists the committed list's rows with group and reason" % t,
              only.returncode == 0 and got == exp,
              "extra %s, missing %s" % (sorted(set(got) - set(exp))[:3], sorted(set(exp) - set(got))[:3]))
        check("%s: --unexecuted's summary" % t,
              ol and ol[-1] == "%d of the %d instructions for %s are not executed" % (len(want), len(lines) - 1, t),
              ol[-1] if ol else "no output")
        names = gtest.gcnsim(["isa", "--target", t, "--unexecuted", "--names"])
        check("%s: --unexecuted --names prints their mnemonics, in the listing's order" % t,
              names.stdout.split() == [ln.split()[0] for ln in ol[:-1]], names.stdout[:200])
    h = gtest.gcnsim(["isa", "--help"])
    check("--help describes --unexecuted", h.returncode == 0 and "--unexecuted" in h.stdout, h.stdout[:200])
    gtest.done()


main()
