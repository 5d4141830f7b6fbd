#!/usr/bin/env python3
"""What the s_waitcnt stalls waited for: the "waits" of `gcnsim run
--hotspots` (README, "Hot spots") on microbenchmarks whose answer follows
from their construction (tests/micro/gen.py, MANIFEST "waits"):

  wait_levels      three passes of loads, each waited for at once: lines
                   never read (DRAM), the same 32 KiB again (twice the
                   16 KiB L1: the L2), the line read last (the L1); with
                   --set l2_kib=16 the second pass no longer fits the L2
                   either (DRAM)
  wait_mixed       one load served by DRAM and the L1 in turn, 32 times each
  wait_loop        one s_waitcnt in a loop: for the load before the loop
                   once, for the loop's own load 7 times
  wait_store       a store and an atomic without return (writes), an atomic
                   with return of a line never read (DRAM)
  wait_msg         s_sendmsg then lgkmcnt(0): the message (GDS/message)
  wait_two         load A (an L1 hit) and load B (DRAM), then vmcnt(1)
                   (A) and vmcnt(0) (B)
  wait_lgkm_mixed  s_load_dword (a scalar-cache miss) and ds_read_b32
                   outstanding: lgkmcnt(1) ends with the LDS read, which
                   completes first, lgkmcnt(0) with the scalar load
  lds_stride1      16 ds_read_b32 then lgkmcnt(0): the last read (LDS)
  smem_wait_early  s_load_dword of the kernarg line the prologue read: a
                   scalar-cache hit

One wave on one CU (--set cus=1), on gfx701 (r9-290x), gfx803 (r9-nano)
and gfx900 (vega-64).  The offsets of the waits and of the loads come from
llvm-objdump-16 -d of the code object (gfx803, gfx900; LLVM 16 cannot
disassemble gfx7) or from llvm-mc-16 -show-encoding of gen.py's assembly
(gfx701: the encodings' lengths summed), never from gcnsim.  Each wave
stalls once per wait it executes, so each operation's count is the number
of times its wait ran.  The wave-cycles of all waits add up to the run's
waitcnt stalls (every stalled cycle is charged to one operation).
"""
import json
import os
import re
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check  # noqa: E402

BIN = os.path.join(ROOT, "tests", "micro", "bin")
GEN = os.path.join(ROOT, "tests", "micro", "gen.py")
DEVICE = {"gfx701": "r9-290x", "gfx803": "r9-nano", "gfx900": "vega-64"}
PASS_N, HITS = 128, 16          # gen.py WAIT_LEVELS_N, WAIT_LEVELS_HITS
LABEL = {"l1": "L1", "l2": "L2", "dram": "DRAM", "lds": "LDS", "scalar": "scalar cache",
         "scalar_miss": "scalar miss"}


# ---- the kernel's instructions, from LLVM ------------------------------------

def objdump_listing(k, t):
    """[(offset from the kernel's first instruction, text)] by llvm-objdump-16 -d."""
    r = gtest.run(["llvm-objdump-16", "-d", f"--mcpu={t}", os.path.join(BIN, f"{k}-{t}.co")])
    if r.returncode:
        raise RuntimeError(f"llvm-objdump-16 failed: {r.stderr[:200]}")
    out, base, inside = [], None, False
    for line in r.stdout.splitlines():
        m = re.match(r"^([0-9a-fA-F]+) <(.*)>:$", line)
        if m:
            inside = m.group(2) == k
            base = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+(\S.*?)\s+// ([0-9A-Fa-f]+):", line)
        if inside and m:
            out.append((int(m.group(2), 16) - base, m.group(1).strip()))
    return out


def mc_listing(k, t):
    """The same from llvm-mc-16 -show-encoding of gen.py's assembly."""
    src = gtest.run([sys.executable, GEN, k, t]).stdout
    r = gtest.run(["llvm-mc-16", "-triple=amdgcn-amd-amdhsa", f"-mcpu={t}", "--amdhsa-code-object-version=4",
                   "-show-encoding", "-"], stdin=src)
    if r.returncode:
        raise RuntimeError(f"llvm-mc-16 failed: {r.stderr[:200]}")
    out, off, inside = [], 0, False
    for line in r.stdout.splitlines():
        if line.startswith(f"{k}:"):
            inside = True
            continue
        m = re.match(r"^\s+(\S.*?)\s*; encoding: \[(.*)\]", line)
        if inside and m:
            out.append((off, m.group(1)))
            off += len(m.group(2).split(","))
        elif inside and line.startswith(".Lend_"):
            break
    return out


def listing(k, t):
    return mc_listing(k, t) if t == "gfx701" else objdump_listing(k, t)


def offsets(lst, prefix):
    """The offsets of the instructions whose text starts with prefix, in order."""
    return [o for o, text in lst if text.startswith(prefix)]


def after(lst, at, prefix):
    """The offset of the first instruction after offset `at` starting with prefix."""
    return next(o for o, text in lst if o > at and text.startswith(prefix))


def text_at(lst, off):
    return next(text for o, text in lst if o == off)


# ---- running gcnsim ------------------------------------------------------------

def run(k, t, nbytes, sets=(), arg1=None, json_out=True, hotspots=True):
    tmp = gtest.tempdir("waits-")
    dump = os.path.join(tmp, "out.bin")
    a = ["run", os.path.join(BIN, f"{k}-{t}.co"), "--kernel", k, "--global", "64", "--local", "64",
         "--arg", f"zero:{nbytes}", "--device", DEVICE[t], "--set", "cus=1", "--dump", f"0={dump}"]
    if arg1 is not None:
        a += ["--arg", f"i32:{arg1}"]
    for s in sets:
        a += ["--set", s]
    if hotspots:
        a += ["--hotspots"]
    if json_out:
        a += ["--json", "-"]
    r = gtest.gcnsim(a, timeout=120)
    if r.returncode:
        raise RuntimeError(f"gcnsim {' '.join(a)}: status {r.returncode}: {r.stderr[:300]}")
    with open(dump, "rb") as f:
        out = struct.unpack("<64f", f.read(256))
    return (json.loads(r.stdout) if json_out else r.stdout), out


def check_waits(name, lst, j, want, held=None):
    """want: {wait offset: (operation offset, level, count)}: the waits with
    stalled cycles are exactly these, each charged to that one operation,
    served at that level only, that many times; held(offset, wait) checks
    an instruction held back by a full counter (else there must be none)."""
    got = {w["offset"]: w for w in j.get("waits", [])}
    for at in [a for a in got if a not in want and held]:
        w = got.pop(at)
        check(f"{name}: 0x{at:04x} {text_at(lst, at)} held back by a full counter", held(at, w), w)
    check(f"{name}: the waiting instructions", sorted(got) == sorted(want),
          f"got {sorted(got)}, want {sorted(want)} ({[text_at(lst, o) for o in sorted(want)]})")
    for at, (op, level, count) in sorted(want.items()):
        w = got.get(at)
        if not w:
            continue
        ops = [(f["offset"], sorted(f["served"]), f["count"]) for f in w["for"]]
        check(f"{name}: 0x{at:04x} {text_at(lst, at)} waited for 0x{op:04x} {text_at(lst, op)}, {level}, {count}x",
              ops == [(op, [level], count)] and w["instruction"] == text_at(lst, at)
              and w["for"][0]["instruction"] == text_at(lst, op) and w["for"][0]["cycles"] == w["cycles"] > 0,
              f"got {ops}, {w['instruction']!r} / {[f['instruction'] for f in w['for']]}")
    total = sum(w["cycles"] for w in j.get("waits", []))
    st = j["stalls"]
    stalls = st["waitcnt_vmcnt"] + st["waitcnt_lgkmcnt"] + st["waitcnt_expcnt"]
    check(f"{name}: the waits' wave-cycles add up to the waitcnt stalls ({total})", total == stalls,
          f"waits {total}, stalls {stalls}")


def check_out(name, out):
    want = tuple(float(i) for i in range(64))
    check(f"{name}: out[i] = i", out == want, f"got {out[:4]}...")


# ---- the kernels -------------------------------------------------------------------

def prologue_wait(lst):
    """The prologue's s_waitcnt lgkmcnt(0) and its s_load_dwordx2 (the kernarg line: a scalar-cache miss)."""
    s0 = offsets(lst, "s_load_dwordx2")[0]
    return after(lst, s0, "s_waitcnt"), (s0, "scalar_miss", 1)


def wait_levels(t):
    lst = listing("wait_levels", t)
    loads = offsets(lst, "buffer_load_dword")
    w0, p = prologue_wait(lst)
    waits = [after(lst, ld, "s_waitcnt vmcnt(0)") for ld in loads]
    name = f"wait_levels-{t}"
    check(f"{name}: three loads in the listing", len(loads) == 3, lst)
    j, out = run("wait_levels", t, 4096 + PASS_N * 256)
    check_out(name, out)
    check_waits(name, lst, j, {w0: p, waits[0]: (loads[0], "dram", PASS_N), waits[1]: (loads[1], "l2", PASS_N),
                               waits[2]: (loads[2], "l1", HITS)})
    # the L2 smaller than the second pass's 32 KiB: it comes from DRAM again
    j, out = run("wait_levels", t, 4096 + PASS_N * 256, sets=("l2_kib=16",))
    check_waits(name + " l2_kib=16", lst, j, {w0: p, waits[0]: (loads[0], "dram", PASS_N),
                                              waits[1]: (loads[1], "dram", PASS_N), waits[2]: (loads[2], "l1", HITS)})
    # the text after the hot spots names the same instructions
    text, _ = run("wait_levels", t, 4096 + PASS_N * 256, json_out=False)
    for w, ld, lv in zip(waits, loads, ("dram", "l2", "l1")):
        pat = (rf"^  0x{w:04x} s_waitcnt vmcnt\(0\): \d+ wave-cycles waiting for 0x{ld:04x} buffer_load_dword "
               rf"\({LABEL[lv]} 100%\)$")
        check(f"{name}: text line of 0x{w:04x}", re.search(pat, text, re.M) is not None,
              f"no line matching {pat}")


def wait_mixed(t):
    """One load pc served by two levels in turn: 32 stalls each, the DRAM's
    longer than the L1's; the text gives both shares, DRAM first."""
    lst = listing("wait_mixed", t)
    ld = offsets(lst, "buffer_load_dword")[0]
    w = after(lst, ld, "s_waitcnt vmcnt(0)")
    name = f"wait_mixed-{t}"
    j, out = run("wait_mixed", t, 4096 + 32 * 256)
    check_out(name, out)
    got = {x["offset"]: x for x in j["waits"]}.get(w, {"for": []})
    ops = [(f["offset"], f["served_count"], f["count"]) for f in got["for"]]
    check(f"{name}: 0x{w:04x} waited for 0x{ld:04x} 64 times, 32 from DRAM and 32 from the L1",
          ops == [(ld, {"dram": 32, "l1": 32}, 64)], ops)
    sv = got["for"][0]["served"] if got["for"] else {}
    check(f"{name}: a DRAM stall is longer than an L1 one ({sv})", sv.get("dram", 0) > sv.get("l1", 0) > 0, sv)
    text, _ = run("wait_mixed", t, 4096 + 32 * 256, json_out=False)
    m = re.search(rf"^  0x{w:04x} s_waitcnt vmcnt\(0\): (\d+) wave-cycles waiting for 0x{ld:04x} "
                  r"buffer_load_dword \(DRAM (\d+)%, L1 (\d+)%\)$", text, re.M)
    check(f"{name}: text line of 0x{w:04x} with both shares",
          m is not None and int(m.group(2)) > int(m.group(3)) and 99 <= int(m.group(2)) + int(m.group(3)) <= 101
          and int(m.group(1)) == got.get("cycles"), m and m.group(0))


def wait_loop(t):
    """One wait, two loads: the load before the loop once, the loop's own
    load (the previous iteration's) 7 times; the text lists both, each
    with its share."""
    lst = listing("wait_loop", t)
    a, b = offsets(lst, "buffer_load_dword")
    w = after(lst, a, "s_waitcnt vmcnt(0)")
    w_end = after(lst, b, "s_waitcnt vmcnt(0)")
    s0, ps = prologue_wait(lst)
    name = f"wait_loop-{t}"
    j, out = run("wait_loop", t, 12288)
    check_out(name, out)
    got = {x["offset"]: x for x in j["waits"]}
    check(f"{name}: the waiting instructions", sorted(got) == sorted([s0, w, w_end]), sorted(got))
    ops = sorted((f["offset"], f["served_count"]) for f in got.get(w, {"for": []})["for"])
    check(f"{name}: 0x{w:04x} waited for 0x{a:04x} once and 0x{b:04x} 7 times, from DRAM",
          ops == [(a, {"dram": 1}), (b, {"dram": 7})], ops)
    ops = [(f["offset"], f["served_count"]) for f in got.get(w_end, {"for": []})["for"]]
    check(f"{name}: 0x{w_end:04x} waited for 0x{b:04x} once", ops == [(b, {"dram": 1})], ops)
    text, _ = run("wait_loop", t, 12288, json_out=False)
    pct = {f["offset"]: 100.0 * f["cycles"] / got[w]["cycles"] for f in got.get(w, {"for": []})["for"]}
    want = [rf"^  0x{w:04x} s_waitcnt vmcnt\(0\): {got.get(w, {}).get('cycles')} wave-cycles waiting for$"] + \
        [rf"^ +{pct.get(o, 0):.1f}% 0x{o:04x} buffer_load_dword \(DRAM 100%\)$" for o in (a, b)]
    check(f"{name}: text lines of 0x{w:04x}, one per operation", all(re.search(p, text, re.M) for p in want),
          [p for p in want if not re.search(p, text, re.M)])


def wait_store(t):
    """A store and an atomic without return are writes; an atomic with
    return of a line never read waits for DRAM."""
    lst = listing("wait_store", t)
    st = offsets(lst, "buffer_store_dword")[0]
    at, ar = offsets(lst, "buffer_atomic_add")
    s0, ps = prologue_wait(lst)
    j, out = run("wait_store", t, 16384)
    check(f"wait_store-{t}: the second atomic is the returning one (glc)", "glc" in text_at(lst, ar), lst)
    check_out(f"wait_store-{t}", out)
    check_waits(f"wait_store-{t}", lst, j, {s0: ps, after(lst, st, "s_waitcnt"): (st, "write", 1),
                                            after(lst, at, "s_waitcnt"): (at, "write", 1),
                                            after(lst, ar, "s_waitcnt"): (ar, "dram", 1)})


def wait_msg(t):
    """s_sendmsg counts on lgkmcnt: the wait after it is for the message."""
    lst = listing("wait_msg", t)
    msg = offsets(lst, "s_sendmsg")[0]
    s0, ps = prologue_wait(lst)
    j, out = run("wait_msg", t, 1024)
    check_out(f"wait_msg-{t}", out)
    check_waits(f"wait_msg-{t}", lst, j, {s0: ps, after(lst, msg, "s_waitcnt"): (msg, "gds", 1)})


def wait_two(t):
    lst = listing("wait_two", t)
    p, a, b = offsets(lst, "buffer_load_dword")
    w0, w1, w2 = after(lst, p, "s_waitcnt vmcnt(0)"), after(lst, b, "s_waitcnt vmcnt(1)"), None
    w2 = after(lst, w1, "s_waitcnt vmcnt(0)")
    s0, ps = prologue_wait(lst)
    j, out = run("wait_two", t, 12288)
    check_out(f"wait_two-{t}", out)
    check_waits(f"wait_two-{t}", lst, j, {s0: ps, w0: (p, "dram", 1), w1: (a, "l1", 1), w2: (b, "dram", 1)})


def wait_lgkm_mixed(t):
    lst = listing("wait_lgkm_mixed", t)
    s0, ps = prologue_wait(lst)
    dw = offsets(lst, "ds_write_b32")[0]
    sl = offsets(lst, "s_load_dword ")[0]
    dr = offsets(lst, "ds_read_b32")[0]
    w0 = after(lst, dw, "s_waitcnt lgkmcnt(0)")
    w1 = after(lst, dr, "s_waitcnt lgkmcnt(1)")
    w2 = after(lst, w1, "s_waitcnt lgkmcnt(0)")
    j, out = run("wait_lgkm_mixed", t, 1024)
    check_out(f"wait_lgkm_mixed-{t}", out)
    check_waits(f"wait_lgkm_mixed-{t}", lst, j,
                {s0: ps, w0: (dw, "lds", 1), w1: (dr, "lds", 1), w2: (sl, "scalar_miss", 1)})


def lds_stride1(t):
    lst = listing("lds_stride1", t)
    s0, ps = prologue_wait(lst)
    dw = offsets(lst, "ds_write_b32")[0]
    reads = offsets(lst, "ds_read_b32")
    j, _ = run("lds_stride1", t, 1024)

    def held(at, w):
        """A ds_read_b32 held back while lgkmcnt was at its maximum waits
        for an earlier one (LDS operations return in order)."""
        return at in reads and [(f["offset"] in reads and f["offset"] < at, sorted(f["served"]))
                                for f in w["for"]] == [(True, ["lds"])]
    check_waits(f"lds_stride1-{t}", lst, j, {s0: ps, after(lst, dw, "s_waitcnt"): (dw, "lds", 1),
                                             after(lst, reads[-1], "s_waitcnt"): (reads[-1], "lds", 1)}, held)


def smem_wait_early(t):
    lst = listing("smem_wait_early", t)
    s0, ps = prologue_wait(lst)
    sl = offsets(lst, "s_load_dword ")[0]
    j, _ = run("smem_wait_early", t, 1024, arg1=1000)
    check_waits(f"smem_wait_early-{t}", lst, j, {s0: ps, after(lst, sl, "s_waitcnt"): (sl, "scalar", 1)})


def no_hotspots():
    j, _ = run("wait_two", "gfx900", 12288, hotspots=False)
    check("without --hotspots the JSON has no \"waits\"", "waits" not in j, sorted(j))


def bench_launches():
    """bench sums a launch group's statistics over its launches (bitonic:
    one group of 78): the waits are summed with them, and still add up to
    the group's waitcnt stalls."""
    r = gtest.gcnsim(["bench", "bitonic", "--n", "4096", "--hotspots", "--json", "-"], timeout=300)
    g = json.loads(r.stdout)["groups"][0]
    total = sum(w["cycles"] for w in g["waits"])
    st = g["stalls"]
    stalls = st["waitcnt_vmcnt"] + st["waitcnt_lgkmcnt"] + st["waitcnt_expcnt"]
    check(f"bench bitonic: the waits of {g['launches']} launches add up to their waitcnt stalls ({total})",
          r.returncode == 0 and g["launches"] > 1 and total == stalls > 0, f"waits {total}, stalls {stalls}")


def main():
    for tool in ("llvm-objdump-16", "llvm-mc-16"):
        if not shutil.which(tool):
            check(f"{tool} is installed (.ci/packages: llvm-16)", False)
            gtest.done()
    tests = [no_hotspots, bench_launches]
    for t in DEVICE:
        for f in (wait_levels, wait_mixed, wait_loop, wait_store, wait_msg, wait_two, wait_lgkm_mixed, lds_stride1, smem_wait_early):
            g = (lambda f=f, t=t: f(t))
            g.__name__ = f"{f.__name__}-{t}"
            tests.append(g)
    gtest.run_each(tests)
    gtest.done()


if __name__ == "__main__":
    main()
