"""Helpers for the gcnsim debug tests: run a batch session, split its
output by command, parse printed values, report PASS/FAIL lines (those
of tests/gtest.py, with gcnsim as G and a temporary directory TMP)."""
import os
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
# check and ROOT are part of this module's API
from gtest import check, ROOT  # noqa: E402,F401

G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-debug-")
finish = gtest.done     # exit, with status 1 if a check failed


def data_file(name, fmt, values):
    """Write values packed with struct format fmt ('I', 'f') to a file."""
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


def run(args, script, timeout=60):
    """Run `gcnsim debug ARGS --batch` with script on standard input:
    (exit status, merged stdout+stderr)."""
    p = gtest.gcnsim(["debug"] + args + ["--batch"], stdin=script, timeout=timeout, merge=True)
    return p.returncode, p.stdout


def session(args, commands, timeout=60):
    """Run commands (a list), each followed by an echo marker: returns
    (exit status, full output, [output of each command])."""
    script = "".join(f"{c}\necho @@{i}\\n\n" for i, c in enumerate(commands))
    rc, out = run(args, script, timeout)
    parts, cur = [], []
    for line in out.split("\n"):
        m = re.fullmatch(r"@@(\d+)", line)
        if m:
            parts.append("\n".join(cur))
            cur = []
        else:
            cur.append(line)
    while len(parts) < len(commands):
        parts.append("")
    return rc, out, parts


def parse_value(text):
    """The value printed by print: '$N = V' where V is a number or a gdb
    array '{a, b <repeats 12 times>, ...}' (lane filters '{[2] = 8}' give a
    dict).  Numbers come back as int or float."""
    m = re.search(r"\$\d+ = (.*)", text)
    if not m:
        return None
    return parse_array(m.group(1).strip())


def num(s):
    s = s.strip()
    if s in ("inf", "-inf", "nan", "-nan"):
        return float(s.replace("-nan", "nan"))
    if s.startswith(("0x", "-0x")):
        return int(s, 16)
    try:
        return int(s)
    except ValueError:
        return float(s)


def parse_array(v):
    if not v.startswith("{"):
        return num(v)
    body = v[1:v.rindex("}")]
    out, idx = [], {}
    for e in body.split(", "):
        m = re.fullmatch(r"\[(\d+)\] = (.*)", e)
        if m:
            idx[int(m.group(1))] = num(m.group(2))
            continue
        m = re.fullmatch(r"(.*) <repeats (\d+) times>", e)
        if m:
            out += [num(m.group(1))] * int(m.group(2))
        else:
            out.append(num(e))
    return idx if idx else out


def f32_bits(x):
    """The bits of a float as a signed 32-bit integer (gdb's natural int32)."""
    return struct.unpack("<i", struct.pack("<f", x))[0]


def disasm_addr(co, kernel, mnemonic, nth=0):
    """Address (as `gcnsim disasm` shows it) of the nth instruction with
    mnemonic in kernel: a location for break (the instruction to stop at
    is chosen by its mnemonic; values are checked independently)."""
    out = gtest.gcnsim(["disasm", co, "--kernel", kernel]).stdout
    hits = [int(m.group(1), 16) for m in re.finditer(r"^\t" + re.escape(mnemonic) + r"\b.*// ([0-9A-F]+):",
                                                     out, re.M)]
    return hits[nth] if len(hits) > nth else None
