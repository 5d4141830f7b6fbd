#!/usr/bin/env python3
"""The include graph of the sources follows the layering (README, "Source
layout"), read from the `#include "..."` lines of isa/, sim/ and front/:

- every folder has a rank; a file includes headers of its own folder or
  of folders of lower rank only (no include runs back up, none goes
  sideways between two folders of the same rank);
- the headers include one another without a circle;
- no circle of calls between files (nm on the built objects): files that
  call one another are one module split in files, in one folder, with one
  header there declaring functions of each (a scheduler and the
  work-group set-up it calls, each behind its own header, may not call
  each other);
- every include names a file that exists;
- decode once: outside isa/, isa_decode is called only where a program is
  built (sim/exec.c, sim_prog_build: a module's code; front/trace/
  trace_prog.c: a trace's instructions, by pc); every other tool reads
  those programs.

Prints PASS:/FAIL: lines."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check  # noqa: E402

# folder -> rank: a folder may include its own folder and lower ranks
RANKS = {
    "isa": 0,
    "sim": 1,
    "front/util": 2,
    "front/load": 3,
    "front/launch": 4,
    "front/report": 5,
    "front/trace": 6,
    "front/aql": 7,
    "front/api": 7,
    "front/dbg": 8,
    "front/device": 8,
    "front/ocl": 8,
    "front/kmt": 8,
    "front/workloads": 9,
    "front/sweep": 9,
    "front": 10,
}
# the files outside isa/ that may decode: where programs are built
DECODERS = {"sim/exec.c", "front/trace/trace_prog.c"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    for top in ("isa", "sim", "front"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith((".c", ".h", ".def")):
                    yield os.path.relpath(os.path.join(d, f), ROOT)


def folder(path):
    """The layer a file belongs to: its folder (isa/'s row files, isa/ops/*.def, are isa/)."""
    d = os.path.dirname(path)
    return "isa" if d.startswith("isa/") else d


def cycles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def call_graph():
    """Object -> the objects whose symbols it uses (nm on build/'s objects of
    isa/, sim/ and front/), and object -> its source file."""
    objs = {}
    for top in ("isa", "sim", "front"):
        for d, _, names in os.walk(os.path.join(ROOT, "build", top)):
            for n in names:
                if n.endswith(".o"):
                    o = os.path.join(d, n)
                    objs[o] = os.path.relpath(o, os.path.join(ROOT, "build"))[:-2] + ".c"
    defined, used = {}, {o: set() for o in objs}
    # one nm for all (-A: each line starts with its object's name and ':')
    out = subprocess.run(["nm", "-g", "-A"] + sorted(objs), stdout=subprocess.PIPE, text=True).stdout if objs else ""
    for line in out.splitlines():
        o, _, rest = line.partition(".o:")
        o += ".o"
        f = rest.split()
        if o not in used:
            continue
        if len(f) == 3 and f[1] in "TDBRC":
            defined[f[2]] = o
        elif len(f) == 2 and f[0] == "U":
            used[o].add(f[1])
    return {o: {defined[s] for s in used[o] if s in defined and defined[s] != o} for o in objs}, objs, defined


COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
IDENT = re.compile(r"\b([A-Za-z_]\w*)\b")


def one_contract(srcs, defined, src_obj):
    """Whether the files srcs, which call one another, are one module split
    in files: in one folder, with a header there that names (outside its
    comments) a global symbol of every one of them."""
    if len({folder(f) for f in srcs}) != 1:
        return False
    d = os.path.join(ROOT, folder(srcs[0]))
    for h in sorted(os.listdir(d)):
        if not h.endswith(".h"):
            continue
        with open(os.path.join(d, h), errors="replace") as fp:
            text = COMMENT.sub(" ", fp.read())
        names = set(IDENT.findall(text))
        owners = {defined[n] for n in names if n in defined}
        if all(src_obj[f] in owners for f in srcs):
            return True
    return False


def main():
    files = sorted(sources())
    incs_of = {}
    bad_rank, missing, unknown = [], [], []
    for f in files:
        with open(os.path.join(ROOT, f), errors="replace") as fp:
            incs = INCLUDE.findall(fp.read())
        incs_of[f] = [i for i in incs if i.startswith(("isa/", "sim/", "front/"))]
        src = folder(f)
        if src not in RANKS:
            unknown.append(f)
            continue
        for inc in incs:
            if not inc.startswith(("isa/", "sim/", "front/")):
                continue          # a system or tests/ header
            if not os.path.exists(os.path.join(ROOT, inc)):
                missing.append("%s: %s" % (f, inc))
                continue
            dst = folder(inc)
            if dst not in RANKS:
                unknown.append(inc)
                continue
            if dst != src and RANKS[dst] >= RANKS[src]:
                bad_rank.append("%s -> %s" % (f, inc))
    check("every source folder has a rank", not unknown, "no rank: " + ", ".join(sorted(set(unknown))[:5]))
    check("every include names an existing file", not missing, "; ".join(missing[:5]))
    check("no include runs back up or sideways (%d files)" % len(files), not bad_rank,
          "%d: %s" % (len(bad_rank), "; ".join(bad_rank[:8])))
    # decode once: the files outside isa/ that call isa_decode
    decoders = set()
    for f in files:
        if folder(f) != "isa" and f.endswith(".c"):
            with open(os.path.join(ROOT, f), errors="replace") as fp:
                if re.search(r"\bisa_decode\s*\(", COMMENT.sub(" ", fp.read())):
                    decoders.add(f)
    stray = sorted(decoders - DECODERS)
    check("decode once: outside isa/, only %s call isa_decode" % " and ".join(sorted(DECODERS)), not stray,
          "also: " + ", ".join(stray))
    # headers form no circle among themselves
    circles = cycles({f: {i for i in incs_of[f] if i.endswith(".h")} for f in incs_of if f.endswith(".h")})
    check("no circle among the headers", not circles, "; ".join(" -> ".join(c) for c in circles[:5]))
    # no circle of calls between files, except inside one folder among files
    # that share one of its headers (one module split into files)
    calls, objs, defined = call_graph()
    if not check("the objects of a build are there (make)", bool(objs), "no build/front/**/*.o"):
        gtest.done()
    src_obj = {v: k for k, v in objs.items()}
    bad = []
    for comp in cycles(calls):
        srcs = [objs[o] for o in comp]
        if not one_contract(srcs, defined, src_obj):
            bad.append(" <-> ".join(srcs))
    check("no circle of calls between files but within one module split by its header (%d objects)" % len(objs),
          not bad, "; ".join(bad[:5]))
    gtest.done()


main()
