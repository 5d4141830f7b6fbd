#!/usr/bin/env python3
"""rocprof's metrics (JSON "rocprof", text report) against rocprof's
formulas (rocprofiler test/tool/metrics.xml, tag rocm-5.7.1) on the
microbenchmark kernels of tests/micro, whose counters are known from their
assembly and from the architecture:

- instruction counts per wave (VALUInsts, SALUInsts, SFetchInsts,
  VFetchInsts, VWriteInsts, LDSInsts, FlatVMemInsts, FlatLDSInsts,
  GDSInsts) = the instructions of each class in the kernel's assembly
  (gen.py's text, classified by mnemonic as the ISA manuals group them;
  the kernels are straight-line code, so every wave runs each once);
  FlatLDSInsts on flat_lds (gfx900: FLAT to the shared aperture);
  Wavefronts = work-items / 64;
- VALUUtilization = active lanes / 64 (16, 48 and 64 lanes of one wave);
  VALUBusy = 100 * VALU instructions * 4 / SIMD_NUM / cycles (every VALU op
  of valu_chain is full rate: one quad-cycle); GPUBusy = cycles over
  cycles plus the launch overhead (launch_ns at the clock);
- LDSBankConflict = 100 * SQ_LDS_BANK_CONFLICT / cycles / CU_NUM with
  SQ_LDS_BANK_CONFLICT = 17 accesses x 62 (lds_stride32: 64 lanes on bank
  0, one per cycle, instead of 2 cycles, GCN-FACTS 4.1), 0 for stride 1;
  ALUStalledByLDS from the 15 reads that wait 64 - 4 cycles each for the
  LDS port (64 bank cycles, 4-cycle issue), 0 for stride 1;
- FetchSize, WriteSize, MemWrites32B on stream_copy (N dwords read, N
  written): N * 4 bytes and the kernarg line, N * 4 bytes, N * 4 / 32; the
  same with an L2 of 64 KiB (lines written back during the kernel);
- MemUnitBusy on 8 CUs in 4 shader engines, one wave each: TA_TA_BUSY[i]
  sums the CU of index i of every engine (4 cycles of the coalesced path
  per store, GCN-FACTS 4.3), max over 16 instances / SE_NUM;
- L2CacheHit, MemUnitStalled, WriteUnitStalled, SALUBusy: the formula
  applied to the JSON "counters" gives the JSON metric.
The text report shows the same values under rocprof's names.
Prints PASS:/FAIL: lines."""
import json
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import gtest  # noqa: E402
import gen  # noqa: E402

BIN = os.path.join(HERE, "bin")
DEVICE = {"gfx701": "r9-290x", "gfx803": "r9-nano", "gfx900": "vega-64"}
EPS = 1e-5   # the JSON's metrics have 6 decimals
TMP = gtest.tempdir("gcnsim-rocprof-")


def check(name, ok, detail):
    gtest.check(f"rocprof/{name}: {detail}", ok)


def close(a, b, eps=EPS):
    return abs(a - b) <= eps * max(1.0, abs(b))


def run(kernel, t, glob, local, args, sets=("cus=1",), device=None, text=False, dump=None):
    argv = [gtest.GCNSIM, "run", os.path.join(BIN, f"{kernel}-{t}.co"), "--kernel", kernel,
            "--global", str(glob), "--local", str(local), "--device", device or DEVICE[t]]
    if dump:
        argv += ["--dump", f"0={dump}"]
    for a in args:
        argv += ["--arg", a]
    for s in sets:
        argv += ["--set", s]
    p = gtest.run(argv if text else argv + ["--json", "-"])
    if p.returncode != 0:
        raise RuntimeError(f"exit {p.returncode}: {p.stderr.strip()[:300]}")
    return p.stdout if text else json.loads(p.stdout)


# ---- the assembly's instruction classes -------------------------------------

INTERNAL = ("s_waitcnt", "s_endpgm", "s_nop", "s_barrier", "s_setprio", "s_sleep")


def classes(kernel, t):
    """Counts of each instruction class in gen.py's assembly of kernel."""
    body, _ = gen.KERNELS[kernel][0](t)
    n = dict(valu=0, salu=0, smem=0, flat=0, vfetch=0, vwrite=0, lds=0)
    for line in body:
        m = line.split()[0] if line.strip() and not line.endswith(":") else ""
        if m.startswith("v_"):
            n["valu"] += 1
        elif m.startswith(("s_load", "s_buffer_load")):
            n["smem"] += 1
        elif m.startswith(INTERNAL) or m.startswith(("s_branch", "s_cbranch")):
            pass
        elif m.startswith("s_"):
            n["salu"] += 1
        elif m.startswith("flat_"):
            n["flat"] += 1
        elif m.startswith("buffer_"):
            n["vfetch" if m.startswith("buffer_load") else "vwrite"] += 1
        elif m.startswith("ds_"):
            n["lds"] += 1
    return n


# ---- the checks ----------------------------------------------------------------

def check_inst(t):
    c = classes("valu_chain", t)
    for glob in (256, 1024):
        j = run("valu_chain", t, glob, 256, ["zero:4096"])
        r = j["rocprof"]
        check(f"{t}/Wavefronts {glob}", r["Wavefronts"] == glob // 64, f"{r['Wavefronts']}, expected {glob}/64")
        got = (r["VALUInsts"], r["SALUInsts"], r["SFetchInsts"], r["FlatVMemInsts"])
        want = (c["valu"], c["salu"], c["smem"], c["flat"])
        check(f"{t}/valu_chain per-wave counts {glob}", got == want,
              f"VALUInsts, SALUInsts, SFetchInsts, FlatVMemInsts = {got}, expected {want} from the assembly")
        zero = [k for k in ("VFetchInsts", "VWriteInsts", "LDSInsts", "FlatLDSInsts", "GDSInsts") if r[k] != 0]
        check(f"{t}/valu_chain no buffer, LDS or GDS instructions {glob}", not zero, f"nonzero: {zero}")
    for k, n in (("issue_buffer_load_dword_4", 4), ("issue_buffer_load_dword_12", 12),
                 ("issue_buffer_atomic_add_4", 4)):
        c = classes(k, t)
        r = run(k, t, 64, 64, ["zero:4096"])["rocprof"]
        got, want = (r["VFetchInsts"], r["VWriteInsts"], r["FlatVMemInsts"]), (c["vfetch"], c["vwrite"], c["flat"])
        check(f"{t}/{k} VFetchInsts VWriteInsts", got == want,
              f"VFetchInsts, VWriteInsts, FlatVMemInsts = {got}, expected {want} (buffer loads; buffer stores "
              f"and atomics; FLAT)")


def check_flat_lds():
    # gfx900: two FLAT instructions to LDS (src_shared_base), then the
    # frame's FLAT store to global memory
    t = "gfx900"
    c = classes("flat_lds", t)
    out = os.path.join(TMP, "flat_lds.bin")
    j = run("flat_lds", t, 64, 64, ["zero:256"], dump=out)
    with open(out, "rb") as f:
        v = struct.unpack("<64f", f.read())
    r = j["rocprof"]
    got = (r["FlatLDSInsts"], r["FlatVMemInsts"], r["LDSInsts"], r["VFetchInsts"], r["VWriteInsts"])
    want = (c["flat"] - 1, 1, c["lds"], 0, 0)
    check(f"{t}/flat_lds FlatLDSInsts", got == want and all(v[i] == i + 1 for i in range(64)),
          f"FlatLDSInsts, FlatVMemInsts, LDSInsts, VFetchInsts, VWriteInsts = {got}, expected {want}; "
          f"out[0..2] = {v[:3]} (gid + 1 through LDS)")


def check_valu(t):
    c = classes("valu_chain", t)
    for lanes in (16, 48, 64):
        j = run("valu_chain", t, lanes, lanes, ["zero:4096"])
        r = j["rocprof"]
        check(f"{t}/VALUUtilization {lanes} lanes", close(r["VALUUtilization"], 100 * lanes / 64),
              f"{r['VALUUtilization']}, expected 100*{lanes}/64")
    j = run("valu_chain", t, 256, 256, ["zero:4096"])
    r, cyc = j["rocprof"], j["cycles"]
    want = 100 * (4 * c["valu"]) * 4 / (4 * 1) / cyc
    check(f"{t}/VALUBusy", close(r["VALUBusy"], want, 1e-4),
          f"{r['VALUBusy']}, expected 100*(4 waves x {c['valu']} full-rate VALU)*4/SIMD_NUM 4/{cyc} = {want:.6f}")
    p = j["device_params"]
    over = -(-p["launch_ns"] * p["clock_mhz"] // 1000)
    want = 100 * cyc / (cyc + over)
    check(f"{t}/GPUBusy", close(r["GPUBusy"], want, 1e-4),
          f"{r['GPUBusy']}, expected 100*{cyc}/({cyc} + launch {p['launch_ns']} ns at {p['clock_mhz']} MHz) = "
          f"{want:.6f}")
    k = j["counters"]
    want = 100 * k["SQ_INST_CYCLES_SALU"] * 4 / k["SIMD_NUM"] / cyc
    check(f"{t}/SALUBusy formula", close(r["SALUBusy"], want, 1e-4) and
          4 * c["salu"] <= k["SQ_INST_CYCLES_SALU"] <= 8 * c["salu"],
          f"{r['SALUBusy']} = 100*{k['SQ_INST_CYCLES_SALU']}*4/{k['SIMD_NUM']}/{cyc}; SQ_INST_CYCLES_SALU "
          f"between 1 and 2 quad-cycles for each of 4 x {c['salu']} SALU ops")


def check_lds(t):
    for stride, conflict, wait in ((1, 0, 0), (32, 17 * 62, 15 * (64 - 4))):
        k = f"lds_stride{stride}"
        c = classes(k, t)
        j = run(k, t, 64, 64, ["zero:256"])
        r, n, cyc = j["rocprof"], j["counters"], j["cycles"]
        check(f"{t}/{k} LDSInsts", r["LDSInsts"] == c["lds"], f"{r['LDSInsts']}, expected {c['lds']} DS instructions")
        check(f"{t}/{k} SQ_LDS_BANK_CONFLICT", n["SQ_LDS_BANK_CONFLICT"] == conflict,
              f"{n['SQ_LDS_BANK_CONFLICT']}, expected {conflict}")
        want = 100 * conflict / cyc / 1
        check(f"{t}/{k} LDSBankConflict", close(r["LDSBankConflict"], want, 1e-4),
              f"{r['LDSBankConflict']}, expected 100*{conflict}/{cyc}/CU_NUM 1 = {want:.6f}")
        # gfx7's instruction buffer delays a 2-dword instruction that starts
        # past the third dword of its 32-byte block by 4 cycles (GCN-FACTS
        # 1.2): such a read is ready 4 cycles later and waits 4 less
        lo = wait - (4 * 15 if t == "gfx701" and wait else 0)
        got = n["SQ_WAIT_INST_LDS"]
        want = 100 * got * 4 / 1 / cyc
        check(f"{t}/{k} ALUStalledByLDS", lo // 4 <= got <= wait // 4 and close(r["ALUStalledByLDS"], want, 1e-4),
              f"SQ_WAIT_INST_LDS {got} (expected {wait}/4{'' if lo == wait else f', at least {lo}/4'}), "
              f"ALUStalledByLDS {r['ALUStalledByLDS']}, expected 100*{got}*4/1 wave/{cyc} = {want:.6f}")


def check_stream(t):
    n = 65536
    for sets, what in (((), "default L2"), (("l2_kib=64",), "64 KiB L2")):
        out = os.path.join(TMP, f"copy-{t}.bin")
        j = run("stream_copy", t, n, 256, [f"iota:u32:{2 * n}", f"i32:{4 * n}"], sets=sets, dump=out)
        with open(out, "rb") as f:
            v = struct.unpack(f"<{2 * n}I", f.read())
        check(f"{t}/stream_copy result {what}", all(v[i] == i + n for i in range(n)),
              f"out[0..2] = {v[:3]}, expected {n}, {n + 1}, {n + 2}")
        r = j["rocprof"]
        check(f"{t}/stream_copy FetchSize {what}", close(r["FetchSize"], (4 * n + 64) / 1024),
              f"{r['FetchSize']} KB, expected ({n} dwords read + the 64-byte kernarg line)/1024 = {(4 * n + 64) / 1024}")
        check(f"{t}/stream_copy WriteSize {what}", close(r["WriteSize"], 4 * n / 1024),
              f"{r['WriteSize']} KB, expected {n} dwords/1024 = {4 * n / 1024}")
        check(f"{t}/stream_copy MemWrites32B {what}", r["MemWrites32B"] == 4 * n // 32,
              f"{r['MemWrites32B']}, expected {4 * n // 32}")
        k, cyc = j["counters"], j["cycles"]
        hit = k["TCC_HIT_sum"]
        miss = k["TCC_MISS_sum"]
        check(f"{t}/stream_copy L2CacheHit formula {what}",
              close(r["L2CacheHit"], 100 * hit / (hit + miss), 1e-4) and miss >= 2 * 4 * n // 64,
              f"{r['L2CacheHit']} = 100*{hit}/({hit}+{miss}); misses >= the {2 * 4 * n // 64} lines read and written")
        st = [k[x] for x in k if x.startswith(("TCC_EA_WRREQ_STALL[", "TCC_MC_WRREQ_STALL["))]
        # with the preset's L2 every written line stays in it until the
        # release: no write reaches DRAM during the kernel, none waits;
        # with 64 KiB the evictions drain while the kernel runs
        evict = bool(sets)
        check(f"{t}/stream_copy WriteUnitStalled formula {what}",
              len(st) == 16 and close(r["WriteUnitStalled"], 100 * max(st) / cyc, 1e-4) and
              (max(st) > 0) == evict,
              f"{r['WriteUnitStalled']} = 100*max of 16 instances {max(st)}/{cyc} "
              f"({'> 0: lines evicted' if evict else '0: no write reaches DRAM before the end'})")
        tcp = [k[f"TCP_TCP_TA_DATA_STALL_CYCLES[{i}]"] for i in range(16)]
        check(f"{t}/stream_copy MemUnitStalled formula {what}",
              close(r["MemUnitStalled"], 100 * max(tcp) / cyc / k["SE_NUM"], 1e-4),
              f"{r['MemUnitStalled']} = 100*max(TCP,16) {max(tcp)}/{cyc}/SE_NUM {k['SE_NUM']}")


def check_mem_unit(t):
    j = run("empty_frame", t, 8 * 64, 64, ["zero:4096"], sets=("cus=8", "shader_engines=4"))
    one_each = len(j["per_cu"]) == 8 and all(c["waves"] == 1 for c in j["per_cu"])
    k, cyc = j["counters"], j["cycles"]
    ta = [k[f"TA_TA_BUSY[{i}]"] for i in range(16)]
    # CUs 0..7 on 4 engines (CU c on engine c mod 4): index c // 4 in its
    # engine; instance i sums the engines' CU i: 4 stores of 4 cycles
    want_ta = [16, 16] + [0] * 14
    check(f"{t}/TA_TA_BUSY by SE broadcast", one_each and ta == want_ta,
          f"{ta[:3]}..., expected 16, 16, then 0 (one wave per CU: {one_each})")
    c = classes("empty_frame", t)
    want = 100 * (8 * c["valu"]) * 4 / (4 * 8) / cyc
    check(f"{t}/VALUBusy on 8 CUs", close(j["rocprof"]["VALUBusy"], want, 1e-4),
          f"{j['rocprof']['VALUBusy']}, expected 100*(8 waves x {c['valu']} VALU)*4/SIMD_NUM 32/{cyc} = {want:.6f}")
    want = 100 * 16 / cyc / 4
    check(f"{t}/MemUnitBusy", close(j["rocprof"]["MemUnitBusy"], want, 1e-4),
          f"{j['rocprof']['MemUnitBusy']}, expected 100*max(TA_TA_BUSY,16) 16/{cyc}/SE_NUM 4 = {want:.6f}")


def check_lds_cus(t):
    # one work-group on a device of 2 CUs: the conflict cycles over CU_NUM 2
    j = run("lds_stride32", t, 64, 64, ["zero:256"], sets=("cus=2",))
    r, cyc = j["rocprof"], j["cycles"]
    want = 100 * 17 * 62 / cyc / 2
    check(f"{t}/LDSBankConflict on 2 CUs", close(r["LDSBankConflict"], want, 1e-4),
          f"{r['LDSBankConflict']}, expected 100*{17 * 62}/{cyc}/CU_NUM 2 = {want:.6f}")


def check_text(t):
    out = run("lds_stride32", t, 64, 64, ["zero:256"], text=True)
    j = run("lds_stride32", t, 64, 64, ["zero:256"])
    for name in ("LDSBankConflict", "ALUStalledByLDS", "VALUBusy", "Wavefronts"):
        m = re.search(rf"\b{name}\s+([\d.]+)%?", out)
        v = j["rocprof"][name]
        check(f"{t}/text {name}", m is not None and abs(float(m.group(1)) - v) <= 0.005 + 1e-9,
              f"text {m.group(1) if m else 'missing'}, JSON {v}")
    check(f"{t}/text LDS conflict cycles", re.search(r"LDS conflict cycles 96\.88% of the LDS bank cycles", out)
          is not None, "gcnsim's own share (31/32 of the bank cycles lost) under its own name")


def main():
    tests = []
    for t in DEVICE:
        tests += [lambda t=t: check_inst(t), lambda t=t: check_valu(t), lambda t=t: check_lds(t),
                  lambda t=t: check_stream(t), lambda t=t: check_mem_unit(t)]
    tests += [lambda: check_text("gfx900"), lambda: check_lds_cus("gfx900"), check_flat_lds]
    for f in tests:
        try:
            f()
        except (RuntimeError, KeyError, ValueError) as e:
            check("run", False, f"{getattr(f, '__name__', 'check')}: {e}")
    return gtest.done()


if __name__ == "__main__":
    sys.exit(main())
