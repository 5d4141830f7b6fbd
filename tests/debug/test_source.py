#!/usr/bin/env python3
"""The debugger's source lines, on tests/kernels/src/srcline.cl built with
-g (bin/srcline-gfx900-g.co) and without (bin/srcline-gfx900.co).

 1. break FILE:LINE (the loop body's line, found by its marker comment)
    stops at an address llvm-dwarfdump-15 --lookup maps to that line, and
    the stop prints FILE:LINE and the line's text as the source file has
    it; so do break with the file's whole recorded path and tbreak.
 2. Each stepi stop prints the line llvm-dwarfdump gives the new pc.
 3. list: before the run, the ten lines around the kernel's first line;
    at a stop, the ten around the stop's line; again, the next ten;
    list FILE:LINE those around LINE: each as the source file has them.
 4. A stop in inlined code names the call it was inlined by.
 5. Errors: an unknown file, a line without code, FILE:LINE without -g:
    one line each; list without -g shows the disassembly.
"""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
import dbgtest  # noqa: E402
from dbgtest import check, session, finish, ROOT  # noqa: E402

os.chdir(ROOT)
SRC = "tests/kernels/src/srcline.cl"
COG = "tests/kernels/bin/srcline-gfx900-g.co"
CO = "tests/kernels/bin/srcline-gfx900.co"
ARGS = ["--kernel", "srcline_loop", "--global", "64", "--local", "64", "--arg", "zero:256", "--arg", "rand:f32:256",
        "--arg", "i32:3"]
LINES = open(SRC).read().split("\n")


def marker(m):
    return next(i for i, l in enumerate(LINES, 1) if m in l)


def sym_addr(co, name):
    out = dbgtest.gtest.run(["llvm-nm-15", co]).stdout
    m = re.search(r"^([0-9a-f]+) T %s$" % re.escape(name), out, re.M)
    return int(m.group(1), 16)


def dwarf_line(co, addr):
    out = dbgtest.gtest.run(["llvm-dwarfdump-15", "--lookup=0x%x" % addr, co]).stdout
    m = re.search(r"Line info: file '[^']*', line (\d+)", out)
    return int(m.group(1)) if m else None


def stop_addr(text):
    """(device address, offset in its kernel) of a stop's '[wave N] 0x... <k+OFF>' line."""
    m = re.search(r"\[wave \d+\] 0x([0-9a-f]+) <srcline_loop\+(\d+)>", text)
    return (int(m.group(1), 16), int(m.group(2))) if m else (None, None)


def stop_line(text):
    m = re.search(r"^srcline\.cl:(\d+)\t(.*)$", text, re.M)
    return (int(m.group(1)), m.group(2)) if m else (None, None)


def listed(text):
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^(\d+)\t(.*)$", text, re.M)]


def as_file(pairs):
    return pairs and all(LINES[n - 1].rstrip().expandtabs(8) == t for n, t in pairs)


def test_break():
    hot = marker("/* HOT-LOOP */")
    base = sym_addr(COG, "srcline_loop")
    rc, out, p = session([COG] + ARGS, ["list", "break srcline.cl:%d" % hot, "run", "list", "list",
                                        "stepi", "stepi", "stepi", "list srcline.cl:20", "kill",
                                        "tbreak %s:%d" % (SRC, hot), "run", "info breakpoints", "quit"])
    first = listed(p[0])
    check("list before the run: ten lines around the kernel's first line, as in the file",
          len(first) == 10 and as_file(first) and first[0][0] <= 4 <= first[-1][0], p[0])
    check("break FILE:LINE: a breakpoint set, with its file and line",
          re.search(r"Breakpoint 1 at 0x[0-9a-f]+ <srcline_loop\+\d+>: file %s, line %d\.$" % (SRC, hot), p[1], re.M),
          p[1])
    addr, off = stop_addr(p[2])
    check("break srcline.cl:%d: the kernel stops there" % hot, addr is not None, p[2])
    if addr is None:
        return
    check("the stop's address (srcline_loop+%d) is on line %d by llvm-dwarfdump-15" % (off, hot),
          dwarf_line(COG, base + off) == hot)
    ln, text = stop_line(p[2])
    check("the stop prints srcline.cl:%d and the line's text" % hot,
          ln == hot and text == LINES[hot - 1].rstrip(), p[2])
    around = listed(p[3])
    check("list at the stop: ten lines around line %d, as in the file" % hot,
          len(around) == 10 and as_file(around) and around[0][0] == hot - 5, p[3])
    nxt = listed(p[4])
    check("list again: the next lines", nxt and as_file(nxt) and nxt[0][0] == around[-1][0] + 1, p[4])
    bad = []
    for k in (5, 6, 7):
        a, o = stop_addr(p[k])
        ln, text = stop_line(p[k])
        want = dwarf_line(COG, base + o) if o is not None else -1
        if want is not None and (ln != want or text != LINES[want - 1].rstrip()):
            bad.append("%s: ours %s, llvm-dwarfdump %s" % (o, ln, want))
        if want is None and ln is not None:
            bad.append("%s: ours %s, llvm-dwarfdump none" % (o, ln))
    check("each stepi stop prints the line llvm-dwarfdump gives its pc", not bad, "; ".join(bad))
    l20 = listed(p[8])
    check("list srcline.cl:20: the lines around 20", as_file(l20) and l20 and l20[0][0] == 15, p[8])
    a2, o2 = stop_addr(p[11])
    check("tbreak with the whole recorded path stops on line %d" % hot,
          a2 is not None and dwarf_line(COG, base + o2) == hot and "Temporary breakpoint" in p[10], p[10] + p[11])
    check("info breakpoints names the breakpoint's line", "<srcline_loop+%d> at %s:%d" % (off, SRC, hot) in p[12],
          p[12])


def test_inlined():
    body, a = marker("/* INLINED */"), marker("/* CALL-A */")
    args = ["--kernel", "srcline_inline", "--global", "64", "--arg", "zero:256", "--arg", "rand:f32:64"]
    rc, out, p = session([COG] + args, ["break srcline.cl:%d" % body, "run", "quit"])
    m = re.search(r"<srcline_inline\+(\d+)>", p[1])
    base = sym_addr(COG, "srcline_inline")
    check("break on an inlined function's line stops on it (llvm-dwarfdump: line %d)" % body,
          m and dwarf_line(COG, base + int(m.group(1))) == body, p[1])
    check("the stop names the inlined call: blend, inlined at srcline.cl:%d" % a,
          "srcline.cl:%d\t%s\n  in blend, inlined at srcline.cl:%d" % (body, LINES[body - 1].rstrip(), a) in p[1], p[1])


def test_errors():
    rc, out, p = session([COG] + ARGS, ["break nosuch.cl:3", "break srcline.cl:2", "break srcline.cl:0", "quit"])
    check("break on an unknown file: one line", p[0].strip() == "No source file named nosuch.cl.", p[0])
    check("break on a line without code: one line", p[1].strip() == 'No line 2 in file "srcline.cl".', p[1])
    check("break on line 0: one line", p[2].strip() == 'No line 0 in file "srcline.cl".', p[2])
    rc, out, p = session([CO] + ARGS, ["break srcline.cl:9", "list", "run", "quit"])
    check("without -g: break FILE:LINE says there are no source lines",
          "No source lines" in p[0] and len(p[0].strip().splitlines()) == 1, p[0])
    check("without -g: list shows the disassembly", "s_load_dword" in p[1] and not listed(p[1]), p[1])
    check("without -g: the stops print no source line", stop_line(out)[0] is None)


if not shutil.which("llvm-dwarfdump-15"):
    dbgtest.gtest.skip("debugger source lines", "llvm-dwarfdump-15 (Debian llvm-15) is not installed")
else:
    dbgtest.gtest.run_each([test_break, test_inlined, test_errors])
finish()
