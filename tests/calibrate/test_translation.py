#!/usr/bin/env python3
"""Address translation in the cycle model (sim/tlb.c), measured the way a
pointer chase measures latency: the chase kernel of make calibrate
(tests/calibrate/kernels/chase.cl) follows a cyclic list of 128 nodes,
each 64 KiB from the next (stride 8192 ulongs), on r9-nano (gfx803,
64 KiB fragments: every node in its own fragment).  The cycles per jump
are the difference of two runs (JUMPS) divided by the jumps between
them, as make calibrate does.  Against the same list with one fragment
covering the whole buffer (tlb_frag_kib=1048576), a jump must cost:

- exactly tlb_l2_latency more when 128 fragments cycle through a CU TLB
  of 64 entries (LRU: every jump misses it, the shared TLB holds them);
- the same when the CU TLB holds them all (tlb_l1_entries=256);
- tlb_l2_latency plus a page walk more (tlb_walk_levels x l2_latency +
  dram_latency) when the shared TLB is too small as well
  (tlb_l2_entries=64: every jump walks).

The expectations are sums of the preset's parameters, read from `gcnsim
devices r9-nano`; a dependent load adds its translation's latency whole.
GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

PRESET, TARGET = "r9-nano", "gfx803"
NODES, STRIDE = 128, 8192            # 64 KiB between nodes
JUMPS = (64, 320)                    # multiples of 16 (the unrolled chase)
WHOLE = "tlb_frag_kib=1048576"       # one fragment for the whole buffer
TMP = gtest.tempdir("gcnsim-tlb-")


def params():
    p = gcnsim(["devices", PRESET])
    vals = {}
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) >= 2 and f[1].isdigit():
            vals[f[0]] = int(f[1])
    return vals


def cycles(path, jumps, sets):
    co = os.path.join(HERE, "bin", "chase-%s.co" % TARGET)
    cmd = ["run", co, "--kernel", "chase", "--global", "256", "--local", "256",
           "--device", PRESET, "--arg", "buf:" + path, "--arg", "u32:%d" % NODES,
           "--arg", "u32:%d" % STRIDE, "--arg", "u32:%d" % jumps, "--arg", "zero:8",
           "--json", "-"]
    for s in sets:
        cmd += ["--set", s]
    p = gcnsim(cmd, timeout=300)
    if p.returncode != 0:
        return None, (p.stderr or p.stdout).strip()[:300]
    return json.loads(p.stdout), None


def per_jump(path, sets):
    """(cycles per jump, report of the longer run) or (None, error)."""
    r = []
    for j in JUMPS:
        rep, err = cycles(path, j, sets)
        if err:
            return None, err
        r.append(rep)
    return (r[1]["cycles"] - r[0]["cycles"]) / (JUMPS[1] - JUMPS[0]), r[1]


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        gtest.skip("translation", "%s not built" % gtest.GCNSIM)
        gtest.done()
    p = params()
    a = [0] * (NODES * STRIDE)
    for i in range(NODES):
        a[i * STRIDE] = ((i + 1) % NODES) * STRIDE * 8
    path = os.path.join(TMP, "list.bin")
    with open(path, "wb") as f:
        f.write(struct.pack("<%dQ" % len(a), *a))
    base, err = per_jump(path, [WHOLE])
    if not check("chase with one fragment for the whole list", base is not None, err):
        gtest.done()
    lat = p["tlb_l2_latency"]
    walk = p["tlb_walk_levels"] * p["l2_latency"] + p["dram_latency"]
    cases = [
        ("128 fragments through a 64-entry CU TLB: +tlb_l2_latency per jump", [], lat, None),
        ("the CU TLB holding all 128: no cost", ["tlb_l1_entries=256"], 0,
         None),
        ("a 64-entry shared TLB as well: + a page walk per jump", ["tlb_l2_entries=64"], lat + walk, "walks"),
    ]
    for name, sets, want, walks in cases:
        got, rep = per_jump(path, sets)
        if got is None:
            check(name, False, rep)
            continue
        d = got - base
        ok = abs(d - want) <= 2
        if walks:
            ok = ok and rep["cache"]["tlb_walks"] >= JUMPS[1] - NODES
        check(name, ok, "a jump costs %+.1f cycles against one fragment, expected %+d" % (d, want))
    gtest.done()


main()
