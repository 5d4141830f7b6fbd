#!/usr/bin/env python3
"""Hot spots with source lines, basic blocks and loops (`gcnsim run
--hotspots`), on tests/kernels/src/srcline.cl built with -g
(bin/srcline-GFX-g.co) and without (bin/srcline-GFX.co).  One
PASS:/FAIL:/SKIP: line per check.

 1. Address -> line: every instruction of both kernels has the file, line
    and column llvm-dwarfdump-15 --lookup gives for its address (line 0:
    none), the address being the kernel symbol's (llvm-nm-15) plus the
    instruction's offset.
 2. The hottest source line is the line of srcline_loop's loop body, found
    by its marker comment HOT-LOOP in the source, in the JSON and in the
    text; the text shows that line's source.
 3. The loop: srcline_loop has one loop, entered once per wave, whose
    trips equal the n given (37, 5); its header runs waves * n times.
    srcline_nest has two, the inner nested in the outer, with trips cols
    and rows.
 4. Blocks tile the kernel (from offset 0 to its end, no gap, no overlap)
    and their wave-cycles and counts sum to those of the instructions;
    the instructions' counts sum to the report's wave-instructions.
 5. The JSON is the text: the top list's rows are the first rows of
    "hotspots", the line table's those of "lines"; --json - writes them
    too; --hotspots N lists N; a bare --hotspots lists 10.
 6. Without -g: the same run works, no source lines, the same loop.
 7. A malformed line table: the run still completes, with a one-line note.
 8. Inlined calls: each instruction's, innermost first, are the frames
    llvm-symbolizer-15 gives its address (function, and the call's line).
"""
import json
import os
import random
import re
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check, run, skip  # noqa: E402

os.chdir(gtest.ROOT)
G = gtest.GCNSIM
SRC = "tests/kernels/src/srcline.cl"
COG = "tests/kernels/bin/srcline-gfx900-g.co"
CO = "tests/kernels/bin/srcline-gfx900.co"
TMP = gtest.tempdir("gcnsim-srcline-")


def marker_line(marker):
    with open(SRC) as f:
        for i, line in enumerate(f, 1):
            if marker in line:
                return i, line.rstrip("\n")
    raise AssertionError("no %s in %s" % (marker, SRC))


def loop_args(co, n, extra=()):
    return [G, "run", co, "--kernel", "srcline_loop", "--global", "256", "--local", "64", "--arg", "zero:1024",
            "--arg", "rand:f32:256", "--arg", "i32:%d" % n] + list(extra)


def nest_args(co, rows, cols, extra=()):
    return [G, "run", co, "--kernel", "srcline_nest", "--global", "128", "--local", "64", "--arg", "zero:512",
            "--arg", "rand:f32:128", "--arg", "i32:%d" % rows, "--arg", "i32:%d" % cols] + list(extra)


def run_json(argv):
    p = run(argv + ["--hotspots", "--json", "-"])
    if p.returncode:
        return None, p
    return json.loads(p.stdout), p


def symbols(co):
    out = run(["llvm-nm-15", co]).stdout
    return {m.group(2): int(m.group(1), 16) for m in re.finditer(r"^([0-9a-f]+) T (\S+)$", out, re.M)}


def dwarfdump_line(co, addr):
    """(file, line, column) llvm-dwarfdump gives address addr; line 0: None."""
    out = run(["llvm-dwarfdump-15", "--lookup=0x%x" % addr, co]).stdout
    m = re.search(r"Line info: file '([^']*)', line (\d+), column (\d+)", out)
    if not m or m.group(2) == "0":
        return None
    return m.group(1), int(m.group(2)), int(m.group(3))


def check_oracle(d, kernel, sym, co=COG):
    """1: each instruction's line against llvm-dwarfdump --lookup."""
    bad, n = [], 0
    for h in d["hotspots"]:
        want = dwarfdump_line(co, sym + h["offset"])
        got = None if h["line"] is None else (h["file"], h["line"], h["column"] or 0)
        ok = (want is None and got is None) or (want and got and got[0].endswith(want[0]) and
                                                 got[1:] == want[1:])
        n += 1
        if not ok:
            bad.append("0x%x: ours %s, llvm-dwarfdump %s" % (h["offset"], got, want))
    check("%s: the line of each of its %d instructions is llvm-dwarfdump-15 --lookup's" % (kernel, n),
          n > 10 and not bad, "; ".join(bad[:5]))


def check_hot_line(d, p, text_p):
    """2: the hottest line is the HOT-LOOP line, in JSON and text."""
    line, src = marker_line("/* HOT-LOOP */")
    top = d["lines"][0] if d["lines"] else {}
    check("srcline_loop: the hottest source line is the HOT-LOOP line %d (JSON: %s:%s)" %
          (line, top.get("file"), top.get("line")), top.get("line") == line and top.get("file") == SRC)
    check("srcline_loop: the JSON gives that line's text", top.get("text") == src)
    rows = re.search(r"^source lines of srcline_loop.*\n.*\n(.*)$", text_p.stdout, re.M)
    check("srcline_loop: the text's line table starts with srcline.cl:%d and its source" % line,
          rows is not None and rows.group(1).split()[0] == "srcline.cl:%d" % line and
          rows.group(1).rstrip().endswith(src.strip()), rows.group(1) if rows else text_p.stdout[-400:])
    first = next((h for h in d["hotspots"] if h["count"]), None)
    check("srcline_loop: the hottest instruction is on the HOT-LOOP line", first and first["line"] == line)


def check_loop(d, n, waves, what):
    """3: one loop, trips n, header count waves * n."""
    loops = d["loops"]
    check("%s: one loop (%d)" % (what, len(loops)), len(loops) == 1)
    if len(loops) != 1:
        return
    L = loops[0]
    check("%s: the loop's trips are n = %d (%s), entered once per wave (%d)" % (what, n, L["trips"], L["entries"]),
          L["trips"] == n and L["entries"] == waves)
    hdr = [h for h in d["hotspots"] if h["offset"] == L["header"]]
    check("%s: its header ran waves * n = %d times" % (what, waves * n),
          hdr and hdr[0]["count"] == waves * n and L["count"] == waves * n)


def check_blocks(d, what):
    """4: blocks tile the kernel; sums agree."""
    blocks = d["blocks"]
    tiled = blocks and blocks[0]["start"] == 0 and all(a["end"] == b["start"] for a, b in zip(blocks, blocks[1:]))
    offs = [h["offset"] for h in d["hotspots"]]
    inside = all(sum(1 for b in blocks if b["start"] <= o < b["end"]) == 1 for o in offs)
    check("%s: %d blocks tile the kernel, each instruction in one" % (what, len(blocks)), tiled and inside)
    bc, hc = sum(b["cycles"] for b in blocks), sum(h["cycles"] for h in d["hotspots"])
    check("%s: the blocks' wave-cycles sum to the instructions' (%d, %d)" % (what, bc, hc), bc == hc and bc > 0)
    ic, total = sum(h["count"] for h in d["hotspots"]), d["instructions"]["total"]
    check("%s: the instructions' counts sum to the report's wave-instructions (%d, %d)" % (what, ic, total),
          ic == total)


def check_edges(d, waves, what):
    """4: each block's count is what its incoming edges carried (entry: one per wave)."""
    into = {}
    for b in d["blocks"]:
        for s in b["successors"]:
            into[s["start"]] = into.get(s["start"], 0) + s["count"]
    bad = [b["start"] for b in d["blocks"] if b["count"] != into.get(b["start"], 0) + (waves if b["start"] == 0 else 0)]
    check("%s: every block's count is the sum of its incoming edges" % what, not bad, str(bad))


def check_text_matches(d, p, top):
    """5: the top list and the line table are the JSON's first rows."""
    m = re.search(r"^hot spots of \S+: the (\d+) instructions.*\n.*\n((?:  0x.*\n)+)", p.stdout, re.M)
    rows = m.group(2).splitlines() if m else []
    want = [h for h in d["hotspots"] if h["count"]][:top]
    ok = m and int(m.group(1)) == len(rows) == len(want) and all(
        int(r.split()[0], 16) == h["offset"] and int(r.split()[1]) == h["count"] and int(r.split()[2]) == h["cycles"]
        for r, h in zip(rows, want))
    check("text and JSON: the %d top instructions agree" % top, ok, p.stdout[:600])
    m = re.search(r"^source lines of .*\n.*\n((?:  \S+:\d+ .*\n)+)", p.stdout, re.M)
    lines = m.group(1).splitlines() if m else []
    ok = lines and all(r.split()[0].endswith(":%d" % L["line"]) and int(r.split()[1]) == L["count"] and
                       int(r.split()[2]) == L["cycles"] for r, L in zip(lines, d["lines"]))
    check("text and JSON: the source line table agrees", ok)


def test_g():
    syms = symbols(COG)
    d, p = run_json(loop_args(COG, 37))
    if not check("run --hotspots --json - on %s exits 0" % COG, d is not None, p.stderr):
        return
    check("--json -: stdout is only the JSON, with hotspots, lines, blocks, loops",
          all(k in d for k in ("hotspots", "lines", "blocks", "loops")))
    check_oracle(d, "srcline_loop", syms["srcline_loop"])
    t = run(loop_args(COG, 37, ["--hotspots"]))
    check_hot_line(d, p, t)
    check_loop(d, 37, 4, "srcline_loop n=37")
    check_blocks(d, "srcline_loop")
    check_edges(d, 4, "srcline_loop")
    check_text_matches(d, t, 10)
    t3 = run(loop_args(COG, 37, ["--hotspots", "3"]))
    check_text_matches(d, t3, 3)
    t4 = run(loop_args(COG, 37, ["--hotspots=4"]))
    check("--hotspots=4 lists 4", "the 4 instructions with the most" in t4.stdout)
    d5, _ = run_json(loop_args(COG, 5))
    if d5:
        check_loop(d5, 5, 4, "srcline_loop n=5")
    dn, p = run_json(nest_args(COG, 5, 7))
    if not check("srcline_nest runs", dn is not None, p.stderr):
        return
    check_oracle(dn, "srcline_nest", syms["srcline_nest"])
    check_blocks(dn, "srcline_nest")
    check_edges(dn, 2, "srcline_nest")
    loops = dn["loops"]
    inner = [L for L in loops if L["parent"] is not None]
    outer = [L for L in loops if L["parent"] is None]
    ok = len(loops) == 2 and len(inner) == 1 and len(outer) == 1 and inner[0]["parent"] == outer[0]["id"]
    check("srcline_nest: two loops, one nested in the other", ok, json.dumps(loops))
    if ok:
        check("srcline_nest: outer trips = rows (5), inner trips = cols (7) per entry, depth 2",
              outer[0]["trips"] == 5 and inner[0]["trips"] == 7 and inner[0]["depth"] == 2 and
              inner[0]["entries"] == 2 * 5, json.dumps(loops))
        line, _ = marker_line("/* INNER-LOOP */")
        check("srcline_nest: the hottest line is the INNER-LOOP line %d" % line,
              dn["lines"] and dn["lines"][0]["line"] == line)
        check("srcline_nest: the inner loop holds the hottest block",
              max(dn["blocks"], key=lambda b: b["cycles"])["loop"] == inner[0]["id"])


def test_gfx803():
    """The same on gfx803 (VI): every line by llvm-dwarfdump, the hot line, the trips."""
    co = "tests/kernels/bin/srcline-gfx803-g.co"
    d, p = run_json(loop_args(co, 11))
    if not check("gfx803: run --hotspots --json - exits 0", d is not None, p.stderr):
        return
    check_oracle(d, "gfx803 srcline_loop", symbols(co)["srcline_loop"], co)
    line, _ = marker_line("/* HOT-LOOP */")
    check("gfx803: the hottest source line is the HOT-LOOP line %d" % line, d["lines"] and d["lines"][0]["line"] == line)
    check_loop(d, 11, 4, "gfx803 srcline_loop n=11")
    check_blocks(d, "gfx803 srcline_loop")


def inline_args(co):
    return [G, "run", co, "--kernel", "srcline_inline", "--global", "64", "--arg", "zero:256", "--arg",
            "rand:f32:64"]


def symbolizer_frames(co, addr):
    """[(function, line)] llvm-symbolizer-15 gives addr, innermost first."""
    out = run(["llvm-symbolizer-15", "--obj=" + co, "0x%x" % addr]).stdout.strip().splitlines()
    return [(out[i], int(out[i + 1].rsplit(":", 2)[1])) for i in range(0, len(out) - 1, 2)]


def test_inlined():
    """Inlined calls: each instruction's against llvm-symbolizer-15's frames."""
    d, p = run_json(inline_args(COG))
    if not check("srcline_inline runs", d is not None, p.stderr):
        return
    sym = symbols(COG)["srcline_inline"]
    bad, seen = [], 0
    for h in d["hotspots"]:
        frames = symbolizer_frames(COG, sym + h["offset"])
        want = [{"function": frames[k][0], "line": frames[k + 1][1]} for k in range(len(frames) - 1)]
        got = [{"function": c["function"], "line": c["line"]} for c in h["inlined"]]
        seen += bool(want)
        if got != want:
            bad.append("0x%x: ours %s, llvm-symbolizer %s" % (h["offset"], got, want))
    check("srcline_inline: each instruction's inlined calls are llvm-symbolizer-15's (%d inlined)" % seen,
          seen >= 3 and not bad, "; ".join(bad[:4]))
    a, b, body = marker_line("/* CALL-A */")[0], marker_line("/* CALL-B */")[0], marker_line("/* INLINED */")[0]
    sites = {c["line"] for h in d["hotspots"] for c in h["inlined"] if h["line"] == body}
    check("srcline_inline: the INLINED line's code is inlined at the CALL-A and CALL-B lines", sites == {a, b},
          str(sites))
    t = run(inline_args(COG) + ["--hotspots"])
    check("the annotated disassembly names the inlined calls",
          "  ;   blend, inlined at srcline.cl:%d" % a in t.stdout and "  ;   blend, inlined at srcline.cl:%d" % b
          in t.stdout, t.stdout[-1500:])


def test_no_g():
    d, p = run_json(loop_args(CO, 37))
    if not check("without -g: run --hotspots --json - exits 0", d is not None, p.stderr):
        return
    check("without -g: no source lines (lines empty, no file)",
          d["lines"] == [] and all(h["file"] is None and h["line"] is None for h in d["hotspots"]))
    check_loop(d, 37, 4, "without -g: srcline_loop n=37")
    t = run(loop_args(CO, 37, ["--hotspots"]))
    check("without -g: the text has no source line table and no note",
          t.returncode == 0 and "source lines of" not in t.stdout and "source lines:" not in t.stdout)


def elf_section(data, name):
    """(offset, size) of section name of an ELF64 little-endian file."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    def sh(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
    stroff = sh(shstrndx)[4]
    for i in range(shnum):
        s = sh(i)
        nm = data[stroff + s[0]:data.index(b"\0", stroff + s[0])].decode()
        if nm == name:
            return s[4], s[5]
    return None


def test_malformed():
    data = bytearray(open(COG, "rb").read())
    sec = elf_section(data, ".debug_line")
    if not check("the -g object has a .debug_line", sec is not None):
        return
    off, size = sec
    bad = os.path.join(TMP, "bad-line.co")
    data[off:off + 4] = struct.pack("<I", 0xfffffff0)   # unit length: a reserved value
    data[off + 4:off + 6] = struct.pack("<H", 77)       # version 77
    open(bad, "wb").write(data)
    p = run(loop_args(bad, 9, ["--hotspots"]))
    notes = [l for l in p.stdout.splitlines() if l.startswith("source lines:")]
    check("a malformed line table: the run completes (exit %d) with the hot spots" % p.returncode,
          p.returncode == 0 and "hot spots of srcline_loop" in p.stdout, p.stderr)
    check("a malformed line table: one note line naming the file", len(notes) == 1 and bad in notes[0],
          "\n".join(notes) or p.stdout[-300:])
    d, p = run_json(loop_args(bad, 9))
    check("a malformed line table: the JSON parses, without lines", d is not None and d["lines"] == [])
    rng = random.Random(17)   # bytes of the DWARF sections overwritten at random places: never a crash
    orig = bytes(open(COG, "rb").read())
    secs = [elf_section(orig, n) for n in (".debug_line", ".debug_info", ".debug_abbrev", ".debug_str_offsets")]
    secs = [x for x in secs if x]
    fails = []
    for i in range(40):
        data = bytearray(orig)
        off, size = secs[i % len(secs)]
        for _ in range(1 + i % 5):
            data[off + rng.randrange(size)] = rng.randrange(256)
        open(bad, "wb").write(data)
        p = run(loop_args(bad, 3, ["--hotspots"]), timeout=60)
        notes = [l for l in p.stdout.splitlines() if l.startswith("source lines:")]
        if p.returncode != 0 or len(notes) > 1 or "hot spots of srcline_loop" not in p.stdout:
            fails.append("case %d: exit %d %s" % (i, p.returncode, p.stderr[-200:]))
    check("40 random corruptions of the DWARF sections: each run completes with its hot spots", not fails,
          "; ".join(fails[:3]))


def main():
    if not shutil.which("llvm-dwarfdump-15") or not shutil.which("llvm-nm-15"):
        skip("source lines", "llvm-dwarfdump-15 (Debian llvm-15) is not installed")
        gtest.done()
    gtest.run_each([test_g, test_gfx803, test_inlined, test_no_g, test_malformed])
    gtest.done()


if __name__ == "__main__":
    main()
