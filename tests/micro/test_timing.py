#!/usr/bin/env python3
"""Timing checks of the cycle model on the microbenchmark kernels.

Runs the kernels of tests/micro (see MANIFEST) under the cycle model with
`gcnsim run ... --device D --set cus=1 --json -` on gfx701 (r9-290x),
gfx803 (r9-nano) and gfx900 (vega-64), and compares the reported cycles,
busy and utilisation figures, bank-conflict rate and occupancy with the
expectations MANIFEST derives from the architecture (GCN-FACTS sections
named there).  Nothing here is compared with an earlier gcnsim output.
Wave placement and end order (s_setprio) also come from the run's
timeline (--timeline), and the result buffers of the kernels test_micro.sh
does not run are checked here.

Each check prints one line, PASS: or FAIL:, with the measured numbers, the
expected value and the tolerance.  Device parameters (DPFACTOR, scalar-
cache latency) are read from `gcnsim devices NAME --json`.

usage: test_timing.py [-v]     (-v: also print every run's command line)
"""
import concurrent.futures
import json
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT  # noqa: E402

SIM = gtest.GCNSIM   # GCNSIM= another build
BIN = os.path.join(ROOT, "tests", "micro", "bin")
# the preset each target runs on (the default preset of the target)
DEVICE = {"gfx701": "r9-290x", "gfx803": "r9-nano", "gfx900": "vega-64"}
TARGETS = tuple(DEVICE)
VERBOSE = "-v" in sys.argv[1:]
PCT_EPS = 0.0051    # the JSON's percentages have 2 decimals (96.875 -> 96.88)


def check(name, ok, detail):
    """One PASS:/FAIL: line: name, then the measured and expected numbers."""
    gtest.check(f"timing/{name}: {detail}", ok)


def within(x, want, rel):
    return abs(x - want) <= rel * abs(want)


# ---- running gcnsim -------------------------------------------------------

class Run:
    """One launch: kernel, target, sizes, buffer bytes, extra arguments."""

    def __init__(self, k, t, g, l, nbytes, arg1=None, device=None, sets=(),
                 dump=False, timeline=False):
        self.k, self.t, self.g, self.l = k, t, g, l
        self.nbytes, self.arg1, self.dump, self.timeline = nbytes, arg1, dump, timeline
        self.device = device or DEVICE[t]
        self.sets = ("cus=1",) + tuple(sets)

    def key(self):
        return (self.k, self.t, self.g, self.l, self.nbytes, self.arg1,
                self.device, self.sets, self.dump, self.timeline)

    def argv(self, dump_path=None, tl_path=None):
        a = [SIM, "run", os.path.join(BIN, f"{self.k}-{self.t}.co"),
             "--kernel", self.k, "--global", str(self.g), "--local", str(self.l),
             "--arg", f"zero:{self.nbytes}"]
        if self.arg1 is not None:
            a += ["--arg", f"i32:{self.arg1}"]
        a += ["--device", self.device]
        for s in self.sets:
            a += ["--set", s]
        if dump_path:
            a += ["--dump", f"0={dump_path}"]
        if tl_path:
            a += ["--timeline", tl_path]
        return a + ["--json", "-"]


def execute(r):
    """Runs r; returns (json dict or None, raw stdout, error text, dump
    bytes, timeline)."""
    with tempfile.TemporaryDirectory() as tmp:
        dump_path = os.path.join(tmp, "out.bin") if r.dump else None
        tl_path = os.path.join(tmp, "timeline.json") if r.timeline else None
        argv = r.argv(dump_path, tl_path)
        if VERBOSE:
            print("  $", " ".join(argv[1:]), flush=True)
        p = gtest.run(argv, text=False)
        out = p.stdout.decode(errors="replace")
        dump = tl = None
        if dump_path and os.path.exists(dump_path):
            with open(dump_path, "rb") as f:
                dump = f.read()
        if tl_path and os.path.exists(tl_path):
            with open(tl_path) as f:
                try:
                    tl = json.load(f)
                except ValueError:
                    tl = None
    if p.returncode != 0:
        return None, p.stdout, f"exit {p.returncode}: {p.stderr.decode(errors='replace').strip()[:300]}", dump, tl
    j = first_json(out)
    if j is None:
        return None, p.stdout, "no JSON object in the output", dump, tl
    if not isinstance(j, dict) or "cycles" not in j:
        return None, p.stdout, "no \"cycles\" in the JSON (not a cycle-model run)", dump, tl
    return j, p.stdout, None, dump, tl


def first_json(text):
    """The first JSON object in text that starts a line (a summary line
    may come before it)."""
    dec = json.JSONDecoder()
    for i in [0] + [k + 1 for k, c in enumerate(text) if c == "\n"]:
        if text.startswith("{", i):
            try:
                return dec.raw_decode(text, i)[0]
            except ValueError:
                continue
    return None


RESULTS = {}


def run_all(runs):
    """Runs every launch not run yet, two at a time (or one per core)."""
    todo = {r.key(): r for r in runs if r.key() not in RESULTS}
    workers = max(1, min(4, os.cpu_count() or 2))
    with concurrent.futures.ThreadPoolExecutor(workers) as ex:
        futs = {ex.submit(execute, r): k for k, r in todo.items()}
        for f in concurrent.futures.as_completed(futs):
            RESULTS[futs[f]] = f.result()


class Missing(Exception):
    pass


def res(r):
    j, _, err, _, _ = RESULTS[r.key()]
    if j is None:
        raise Missing(f"{r.k}-{r.t} g{r.g} l{r.l} on {r.device} {' '.join(r.sets)}: {err}")
    return j


def cyc(r):
    return res(r)["cycles"]


def device_params(name):
    d = json.loads(gtest.gcnsim(["devices", name, "--json"]).stdout)
    return {x["key"]: x["value"] for x in d["params"]}


def wave_spans(r):
    """From the run's timeline: wave index -> (CU, SIMD, begin us, end us).
    A wave is a B/E slice on its slot's thread (tid = SIMD*16 + slot + 1,
    pid = CU + 1); B carries args.wave."""
    tl = RESULTS[r.key()][4]
    if not tl:
        return None
    ev = tl.get("traceEvents", []) if isinstance(tl, dict) else tl
    open_, spans = {}, {}
    for e in ev:
        where = (e.get("pid"), e.get("tid"))
        if e.get("ph") == "B" and e.get("cat") == "wave":
            open_[where] = (e["args"]["wave"], e["ts"])
        elif e.get("ph") == "E" and where in open_:
            w, b = open_.pop(where)
            spans[w] = (where[0] - 1, (where[1] - 1) // 16, b, e["ts"])
    return spans


def busy_simd_cycles(j):
    """VALU-busy SIMD-cycles: valu_busy_pct = 100 * busy / (4 * CUs * cycles),
    one CU (--set cus=1)."""
    return j["valu_busy_pct"] / 100.0 * 4 * j["cycles"]


def norm(s):
    """'VGPRs', 'vgprs' -> 'vgprs'; 'work-group slots', 'workgroup_slots' ->
    'workgroupslots'."""
    return "".join(c for c in str(s).lower() if c.isalnum())


# ---- the launches ---------------------------------------------------------

def runs_for(t):
    R = {
        "frame": Run("empty_frame", t, 64, 64, 1024),
        "frame64": Run("empty_frame_f64", t, 64, 64, 512, dump=True),
        "chain1": Run("valu_chain", t, 64, 64, 1024),
        "chain4": Run("valu_chain", t, 256, 256, 1024),
        "chain16": Run("valu_chain", t, 16, 16, 1024),
        "mul_lo": Run("mul_lo_chain", t, 64, 64, 256),
        "rcp": Run("rcp_chain", t, 64, 64, 256),
        "add64": Run("add_f64_chain", t, 64, 64, 512),
        "fma64": Run("fma_f64_chain", t, 64, 64, 512),
        "salu1w": Run("salu_valu_1w", t, 64, 64, 256),
        "salu2w": Run("salu_valu_2w", t, 320, 320, 1280, dump=True, timeline=True),
        "salu2w_long": Run("salu_valu_2w_long", t, 320, 320, 1280, dump=True),
        "early": Run("smem_wait_early", t, 64, 64, 256, 1000),
        "late": Run("smem_wait_late", t, 64, 64, 256, 1000),
        "early200": Run("smem_wait_early", t, 64, 64, 256, 1000, sets=("smem_latency=200",)),
        "late200": Run("smem_wait_late", t, 64, 64, 256, 1000, sets=("smem_latency=200",)),
        "lds1": Run("lds_stride1", t, 64, 64, 256),
        "lds32": Run("lds_stride32", t, 64, 64, 256),
        "occ_vgpr": Run("occ_vgpr", t, 4096, 64, 16384),
        "occ_sgpr": Run("occ_sgpr", t, 4096, 64, 16384),
        "occ_lds": Run("occ_lds", t, 4096, 64, 16384),
        "occ_wgslots": Run("occ_wgslots", t, 4096, 128, 16384),
        "prio_eq": Run("setprio_equal", t, 320, 320, 1280, dump=True, timeline=True),
        "prio_young": Run("setprio_younger", t, 320, 320, 1280, dump=True, timeline=True),
    }
    for op in ISSUE:
        for n in ISSUE_N:
            R[f"issue_{op}_{n}"] = Run(f"issue_{op}_{n}", t, 64, 64, 1024)
    # (dispatch) 64 one-wave groups on 64 CUs (a later --set cus wins)
    for se, wl in ((1, 0), (1, 100), (4, 100)):
        R[f"dispatch_{se}_{wl}"] = Run("empty_frame", t, 64 * 64, 64, 16384, timeline=True,
                                       sets=("cus=64", f"shader_engines={se}", f"wave_launch={wl}"))
    R["dispatch_group"] = Run("valu_chain", t, 256, 256, 1024, timeline=True, sets=("wave_launch=100",))
    for n in ISSUE_N:   # (vmem rate) 8 one-wave groups on the CU
        R[f"vmem_rate_{n}"] = Run(f"issue_buffer_load_dword_{n}", t, 512, 64, 4096)
    for k in ("fetch_e32", "fetch_e64"):
        for waves in (1, 4, 8):
            R[f"{k}_{waves}w"] = Run(k, t, 64 * waves, min(64 * waves, 256), 4096)
    R["branch_adjacent"] = Run("branch_adjacent", t, 64, 64, 1024)
    R["branch_apart"] = Run("branch_apart", t, 64, 64, 1024)
    # the FP64 rate follows the device: DPFACTOR 1 on MI50 (gfx906 runs
    # gfx900 code) and on gfx701 with the override
    if t == "gfx900":
        dp1 = dict(device="mi50")
    elif t == "gfx701":
        dp1 = dict(sets=("dp_factor=1",))
    else:
        dp1 = None
    if dp1:
        R["frame64_dp1"] = Run("empty_frame_f64", t, 64, 64, 512, **dp1)
        R["add64_dp1"] = Run("add_f64_chain", t, 64, 64, 512, **dp1)
        R["fma64_dp1"] = Run("fma_f64_chain", t, 64, 64, 512, **dp1)
        # the same with 8 instruction lines prefetched (8 x 64 B cover the
        # 8-byte full-rate ops for 256 cycles, more than the L2 latency):
        # the issue cost alone, should the cold code stream not keep up
        pf = dict(dp1)
        pf["sets"] = pf.get("sets", ()) + ("ifetch_lines=8",)
        R["frame64_dp1pf"] = Run("empty_frame_f64", t, 64, 64, 512, **pf)
        R["add64_dp1pf"] = Run("add_f64_chain", t, 64, 64, 512, **pf)
    return R


# ---- the checks -----------------------------------------------------------

def guarded(name, fn):
    """Runs one group of checks; a launch that failed is one FAIL line."""
    try:
        fn()
    except Missing as e:
        check(name, False, f"launch failed: {e}")
    except (KeyError, IndexError, TypeError) as e:
        check(name, False, f"the run's JSON lacks {e!r}")


def check_a(t, R):
    # (a) GCN-FACTS 1.1/1.3/1.4: a dependent v_add_f32 issues every 4 cycles.
    # valu_chain and empty_frame differ only in the 256 v_add_f32 (the
    # prologue's s_mul_i32 immediate is 256 instead of 64).  5%: the chain's
    # first issue waits for the SIMD's turn (< 4 cycles) and its 1 KiB of
    # code is fetched (16 more 64-byte lines) while it runs.
    d = cyc(R["chain1"]) - cyc(R["frame"])
    check(f"{t}/a valu_chain 1 wave", within(d, 1024, 0.05),
          f"valu_chain {cyc(R['chain1'])} - empty_frame {cyc(R['frame'])} = {d} cycles, "
          f"expected 256 x 4 = 1024 +-5%")


def check_b(t, R):
    # (b) 1.2: the 4 waves of a group go to the 4 SIMDs, each SIMD issues
    # a VALU op every 4 cycles => 4 chains take as long as 1.  10%: the
    # 4 waves' frames (4 kernarg loads, 4 stores) add to the one-wave frame.
    c1, c4 = cyc(R["chain1"]), cyc(R["chain4"])
    check(f"{t}/b valu_chain 4 waves vs 1", within(c4, c1, 0.10),
          f"4 waves {c4} cycles, 1 wave {c1} cycles (ratio {c4 / c1:.3f}), expected ratio 1 +-10%")
    j1, j4, jf = res(R["chain1"]), res(R["chain4"]), res(R["frame"])
    b1, b4 = j1["valu_busy_pct"], j4["valu_busy_pct"]
    check(f"{t}/b VALUBusy 4 waves / 1 wave", b1 > 0 and 3.5 <= b4 / b1 <= 4.5,
          f"valu_busy_pct {b4:.2f} / {b1:.2f} = {b4 / b1 if b1 else float('inf'):.2f}, "
          f"expected 4 (3.5-4.5: 4 SIMDs busy instead of 1 for about the same time)")
    # VALU busy during the chain alone: the chain's busy SIMD-cycles (run
    # minus frame) over 4 SIMDs x the chain's cycles (run minus frame).
    # 1 wave: 1024 / (4 x 1024) = 25%; the +-5% of (a) on the chain's
    # cycles gives 23.8-26.3%.
    dc = cyc(R["chain1"]) - cyc(R["frame"])
    busy = busy_simd_cycles(j1) - busy_simd_cycles(jf)
    pct = 100.0 * busy / (4 * dc) if dc > 0 else 0.0
    check(f"{t}/b VALUBusy during the chain, 1 wave", 23.5 <= pct <= 26.5,
          f"({busy_simd_cycles(j1):.0f} - {busy_simd_cycles(jf):.0f} busy SIMD-cycles) / "
          f"(4 x {dc} cycles) = {pct:.2f}%, expected 25% (23.5-26.5)")
    # 4 waves: 4 x 1024 busy SIMD-cycles (frame: 4 x empty_frame's) over
    # 4 x (4-wave run minus one frame): ~100%; >= 90% as the 10% of the
    # first check, <= 100 (+ rounding of the JSON's percentage).
    dc4 = cyc(R["chain4"]) - cyc(R["frame"])
    busy4 = busy_simd_cycles(j4) - 4 * busy_simd_cycles(jf)
    pct4 = 100.0 * busy4 / (4 * dc4) if dc4 > 0 else 0.0
    check(f"{t}/b VALUBusy during the chain, 4 waves", 90.0 <= pct4 <= 100.5,
          f"({busy_simd_cycles(j4):.0f} - 4 x {busy_simd_cycles(jf):.0f}) / (4 x {dc4}) = "
          f"{pct4:.2f}%, expected ~100% (90-100.5)")


def check_c(t, R):
    # (c) 1.1: a SIMD16 takes 4 cycles per op whatever EXEC is; every VALU
    # op of the 16-lane run (frame included) has 16 active lanes.
    j1, j16 = res(R["chain1"]), res(R["chain16"])
    u1, u16 = j1["valu_utilization_pct"], j16["valu_utilization_pct"]
    check(f"{t}/c VALUUtilization 16 lanes", abs(u16 - 25.0) <= PCT_EPS,
          f"{u16:.3f}%, expected 16/64 = 25.00% exactly")
    check(f"{t}/c VALUUtilization 64 lanes", abs(u1 - 100.0) <= PCT_EPS,
          f"{u1:.3f}%, expected 100.00% exactly")
    c1, c16 = cyc(R["chain1"]), cyc(R["chain16"])
    check(f"{t}/c valu_chain 16 lanes vs 64 lanes", within(c16, c1, 0.02),
          f"{c16} vs {c1} cycles (ratio {c16 / c1:.4f}), expected equal +-2% "
          f"(only the store's 1 line instead of 4 differs)")


def check_d(t, R, P):
    # (d) 1.3: v_mul_lo_u32 and v_rcp_f32 16 cycles; v_add_f64 DPFACTOR x 4,
    # v_fma_f64 DPFACTOR x 8.  The f64 chains are measured against
    # empty_frame_f64 (their frame: v_cvt_f64_u32 and the 8-byte store), so
    # the difference is exactly the 64 ops.  5% as in (a).
    # v_mul_lo_u32: CLRX's 16 (measured on GCN 1.0-1.2 boards) on every
    # chip but Hawaii and Vega 20, whose published clpeak INT32/SP ratio
    # (0.337 against 0.20: CALIBRATION.md section 3) shows 8: the preset's
    # mul32_cycles, which must be one of the two.
    f = cyc(R["frame"])
    mul = P["mul32_cycles"]
    check(f"{t}/d mul32_cycles of {DEVICE[t]}", mul == (8 if DEVICE[t] in ("r9-290x", "mi50") else 16),
          f"{DEVICE[t]}: mul32_cycles {mul}: 16 (CLRX), 8 on Hawaii and Vega 20 (clpeak)")
    d = cyc(R["mul_lo"]) - f
    check(f"{t}/d mul_lo_chain", within(d, 65 * mul, 0.05),
          f"mul_lo_chain - empty_frame = {d} cycles, expected 65 x {mul} = {65 * mul} +-5%")
    d = cyc(R["rcp"]) - f
    check(f"{t}/d rcp_chain", within(d, 64 * 16 + 4, 0.05),
          f"rcp_chain - empty_frame = {d} cycles, expected 64 x 16 + 4 (v_add_f32) = 1028 +-5%")
    check_result(t, R["frame64"], "<64d", float)
    fp64(t, R, "", P["dp_factor"], DEVICE[t])
    if "add64_dp1" in R:
        r = R["add64_dp1"]
        where = r.device + ("" if r.device != DEVICE[t] else " --set dp_factor=1")
        dp = device_params(r.device)["dp_factor"] if r.device != DEVICE[t] else 1
        fp64(t, R, "_dp1", dp, where)
        pen = PENALTY * add64_penalties(t, dp)
        a = cyc(R["add64_dp1pf"]) - cyc(R["frame64_dp1pf"]) - pen
        check(f"{t}/d add_f64_chain on {where} --set ifetch_lines=8", within(a, 64 * 4 * dp, 0.05),
              f"add_f64_chain - empty_frame_f64 - {pen} (fetch penalties) = {a} cycles, expected 64 x 4 x DPFACTOR {dp} = "
              f"{64 * 4 * dp} +-5% (issue cost alone: instruction prefetch covers the L2 latency)")


def fetch_stalls(j):
    st = j.get("stalls") or {}
    return st.get("fetch") if isinstance(st, dict) else None


def add64_penalties(t, dp):
    """Fetch penalties of add_f64_chain's 64 v_add_f64 (2 dwords each): on
    gfx7 those past the third dword of their block, unless the op's own
    DPFACTOR x 4 cycles hide them (>= 8)."""
    if 4 * dp >= 4 + PENALTY:
        return 0
    return sum(late_two_dword(t, a, n) for a, n, m in code_of("add_f64_chain", t) if m == "v_add_f64")


def fp64(t, R, sfx, dp, where):
    f = cyc(R["frame64" + sfx])
    pen = PENALTY * add64_penalties(t, dp)
    a = cyc(R["add64" + sfx]) - f - pen
    m = cyc(R["fma64" + sfx]) - f
    fa, ff = fetch_stalls(res(R["add64" + sfx])), fetch_stalls(res(R["frame64" + sfx]))
    fetch = f" [fetch stalls {fa} vs frame {ff} wave-cycles]" if fa is not None else ""
    check(f"{t}/d add_f64_chain on {where}", within(a, 64 * 4 * dp, 0.05),
          f"add_f64_chain - empty_frame_f64 - {pen} (fetch penalties) = {a} cycles, expected "
          f"64 x 4 x DPFACTOR {dp} = {64 * 4 * dp} +-5%{fetch}")
    check(f"{t}/d fma_f64_chain on {where}", within(m, 64 * 8 * dp, 0.05),
          f"fma_f64_chain - empty_frame_f64 = {m} cycles, expected 64 x 8 x DPFACTOR {dp} = "
          f"{64 * 8 * dp} +-5%")
    check(f"{t}/d fma_f64 : add_f64 on {where}", a > 0 and within(m / a, 2.0, 0.05),
          f"{m} / {a} = {m / a if a else float('inf'):.3f}, expected 2 +-5%")


def check_e(t, R):
    # (e) 1.2: one wave issues at most one instruction per issue opportunity
    # (every 4 cycles): 128 SALU + 128 VALU + s_mov, v_cvt, v_add = 259 x 4.
    f = cyc(R["frame"])
    d1 = cyc(R["salu1w"]) - f
    check(f"{t}/e salu_valu_1w (SALU and VALU of one wave do not co-issue)",
          within(d1, 259 * 4, 0.05),
          f"salu_valu_1w - empty_frame = {d1} cycles, expected 259 x 4 = 1036 +-5%")
    # two waves of SIMD 0: the SALU op of one and the VALU op of the other
    # issue in the same cycle => N SALU + N VALU take ~N x 4 cycles, not
    # N x 8.  Measured as salu_valu_2w_long (N = 256) minus salu_valu_2w
    # (N = 128), which cancels what the two share besides the chains: the
    # 5-wave frame, the branches and the instruction-cache miss of wave 4's
    # jump over wave 0's chain to code not yet fetched (cold, from the L2),
    # none of which salu_valu_1w has.  Expected 128 x 4 = 512, half of
    # (salu_valu_1w - empty_frame) = 1036: 0.4-0.65 as without co-issue
    # the ratio would be 1.
    d2 = cyc(R["salu2w_long"]) - cyc(R["salu2w"])
    ratio = d2 / d1 if d1 else float("inf")
    raw = (cyc(R["salu2w"]) - f) / d1 if d1 else float("inf")
    check(f"{t}/e salu_valu_2w (SALU and VALU of two waves co-issue)", 0.4 <= ratio <= 0.65,
          f"(salu_valu_2w_long {cyc(R['salu2w_long'])} - salu_valu_2w {cyc(R['salu2w'])}) / "
          f"(salu_valu_1w - frame {d1}) = {d2} / {d1} = {ratio:.3f}, expected 512 / 1036 ~ 0.5 "
          f"(0.4-0.65) [(salu_valu_2w - frame) / (salu_valu_1w - frame) = {raw:.3f}: "
          f"frame, branches and an instruction-cache miss included]")
    sp = wave_spans(R["salu2w"])
    if sp is None or 0 not in sp or 4 not in sp:
        check(f"{t}/e salu_valu_2w placement", False, "no wave slices for waves 0 and 4 in the timeline")
    else:
        check(f"{t}/e salu_valu_2w placement: waves 0 and 4 on one SIMD",
              sp[0][:2] == sp[4][:2],
              f"wave 0 on CU {sp[0][0]} SIMD {sp[0][1]}, wave 4 on CU {sp[4][0]} SIMD {sp[4][1]} "
              f"(waves dealt to the SIMDs round-robin)")
    for key, n in (("salu2w", 128), ("salu2w_long", 256)):
        check_result(t, R[key], "<320f",
                     lambda i, n=n: i + {0: 5.0 * n, 4: float(n)}.get(i // 64, 0.0))


def check_result(t, r, fmt, want):
    """The result buffer of a launch r (dumped) against want(i) per lane."""
    dump = RESULTS[r.key()][3]
    n = struct.calcsize(fmt) // struct.calcsize("<" + fmt[-1])
    if dump is None or len(dump) < struct.calcsize(fmt):
        check(f"{t}/{r.k} result", False, "no result buffer")
        return
    v = struct.unpack(fmt, dump[:struct.calcsize(fmt)])
    bad = [i for i in range(n) if v[i] != want(i)]
    check(f"{t}/{r.k} result", not bad,
          f"{n} lanes as expected" if not bad else
          f"lane {bad[0]}: {v[bad[0]]}, expected {want(bad[0])} ({len(bad)} lanes differ)")


def check_f(t, R, P):
    # (f) early: L + 20 x 4; late: max(L, 80) => early - late = min(L, 80).
    # 8 cycles: the s_waitcnt's release and the next issue each wait for
    # the SIMD's turn (< 4 cycles each).
    L = P["smem_latency"]
    for sfx, lat in (("", L), ("200", 200)):
        e, l = cyc(R["early" + sfx]), cyc(R["late" + sfx])
        d = e - l
        want = min(lat, 80)
        note = f"smem_latency {lat}" + (" (--set)" if sfx else " (preset)")
        check(f"{t}/f smem_wait early - late, {note}", d > 0 and abs(d - want) <= 8,
              f"{e} - {l} = {d} cycles, expected min({lat}, 80) = {want} +-8")


def check_g(t, R):
    # (g) 4.1: bank = (address >> 2) & 31.  Stride 1: no conflicts.
    # Stride 32: all 64 lanes in bank 0, one lane per cycle: 64 cycles per
    # access instead of 2 (128 B/clk) => 62 extra bank cycles for each of the
    # 16 reads and the write; conflict rate 31/32 (Omniperf's maximum).
    j1, j32 = res(R["lds1"]), res(R["lds32"])
    p1, p32 = j1["lds_conflict_cycle_pct"], j32["lds_conflict_cycle_pct"]
    check(f"{t}/g lds_stride1 bank conflicts", abs(p1) <= PCT_EPS, f"{p1:.3f}%, expected 0")
    check(f"{t}/g lds_stride32 bank conflicts", abs(p32 - 96.875) <= PCT_EPS,
          f"{p32:.3f}%, expected 31/32 = 96.875%")
    f = cyc(R["frame"])
    c1, c32 = cyc(R["lds1"]), cyc(R["lds32"])
    d = c32 - c1
    # 10%: whether a conflict-free access is counted as 2 bank cycles (128
    # B/clk) or 4 (one SIMD pair's 64 B/clk port), and the stride-1 reads'
    # 4-cycle issue overlapping their bank time (1016-1054 cycles).
    check(f"{t}/g lds_stride32 - lds_stride1", within(d, 17 * 62, 0.10),
          f"{c32} - {c1} = {d} cycles, expected (16 reads + 1 write) x 62 = 1054 +-10% "
          f"[(stride32 - frame) / (stride1 - frame) = {(c32 - f) / max(1, c1 - f):.2f}]")


# ---- instruction fetch penalties (GCN 1.0/1.1) ------------------------------

PENALTY = 4          # "any penalty costs 4 cycles" (GCN-FACTS 1.2, CLRX)
FETCH_GENS = ("gfx701",)   # GCN 1.0/1.1; "GCN 1.2 can fetch double-dword instructions at full speed"
DISASM = {}


def code_of(k, t):
    """[(byte address, dwords, mnemonic)] of kernel k for target t, from
    `gcnsim disasm` (the comment after each instruction gives its address
    and its dwords)."""
    if (k, t) not in DISASM:
        out = gtest.gcnsim(["disasm", os.path.join(BIN, f"{k}-{t}.co")]).stdout
        code = []
        for line in out.splitlines():
            if "//" not in line or not line.startswith("\t"):
                continue
            text, _, tail = line.partition("//")
            addr, _, words = tail.strip().partition(":")
            try:
                code.append((int(addr, 16), len(words.split()), text.split()[0]))
            except (ValueError, IndexError):
                continue
        DISASM[(k, t)] = code
    return DISASM[(k, t)]


def late_two_dword(t, addr, dwords):
    """1 when a 2-dword instruction at addr starts past the third dword of
    its 32-byte block on a GCN 1.0/1.1 target (GCN-FACTS 1.2), else 0."""
    return int(t in FETCH_GENS and dwords >= 2 and (addr >> 2) % 8 >= 3)


def turn(c):
    """A wave issues on its SIMD's turn, every 4 cycles (GCN-FACTS 1.2)."""
    return -(-c // 4) * 4


# ---- issue costs --------------------------------------------------------------

# CLRX doc/GcnTimings.md (GCN-FACTS 1.3 and 6.1 quote the MUBUF, DS and DP
# classes): cycles per instruction; ("dp", k): DPFACTOR x k.
ISSUE = {
    "buffer_load_dword": 8, "buffer_load_dwordx2": 18,
    "buffer_load_ubyte": 8, "buffer_load_ushort": 8,
    "buffer_atomic_add": 16, "buffer_atomic_add_glc": 17,
    "buffer_atomic_cmpswap": 32, "buffer_atomic_cmpswap_x2": 32,
    "ds_read_b32": 4, "ds_read_b96": 16, "ds_cmpst_b32": 12, "ds_cmpst_b64": 20,
    "ds_swizzle_b32": 4,
    "v_div_scale_f64": ("dp", 4), "v_div_fixup_f64": ("dp", 4), "v_div_fmas_f64": ("dp", 8),
}
ISSUE_N = (4, 12)


def check_issue(t, R, P):
    # N = 12 and N = 4 independent instances of one instruction: the
    # difference is 8 issue intervals.  An interval is the cost, rounded up
    # to the SIMD's turn (a wave issues every 4 cycles: 17 and 18 -> 20),
    # and on gfx7 at least 4 + 4 when the instruction is a 2-dword one past
    # the third dword of its 32-byte block (only the 4-cycle DS ops show
    # it; a longer cost hides it).
    for op, cost in ISSUE.items():
        if isinstance(cost, tuple):
            cost = cost[1] * P["dp_factor"]
        lo, hi = (R[f"issue_{op}_{n}"] for n in ISSUE_N)
        mnem = op[:-4] if op.endswith("_glc") else op
        ops = [c for c in code_of(hi.k, t) if c[2] == mnem][ISSUE_N[0]:]
        want = sum(turn(max(cost, 4 + PENALTY * late_two_dword(t, a, n))) for a, n, _ in ops)
        d = cyc(hi) - cyc(lo)
        check(f"{t}/issue {op}", len(ops) == ISSUE_N[1] - ISSUE_N[0] and abs(d - want) <= 4,
              f"issue_{op}_12 - issue_{op}_4 = {d} cycles, expected {len(ops)} x {cost} "
              f"(per SIMD turn and fetch penalty) = {want} +-4")


def check_vmem_rate(t, R):
    # 8 waves on one CU, each issuing 8 more L1-resident buffer_load_dword
    # (64 lanes on 64 consecutive dwords: 4 lines) in issue_..._12 than in
    # _4: the CU's vector-memory pipe takes one such load per 4 cycles (the
    # 1-D dword path, 4 address cycles; 4 lines at 64 B per cycle: GCN-FACTS
    # 4.3), while each wave's own issue cost is 8: the pipe bounds it,
    # 8 x 8 x 4 = 256 cycles (a pipe held for the issue cost would take 512).
    d = cyc(R[f"vmem_rate_{ISSUE_N[1]}"]) - cyc(R[f"vmem_rate_{ISSUE_N[0]}"])
    want = 8 * (ISSUE_N[1] - ISSUE_N[0]) * 4
    check(f"{t}/vmem rate: L1-resident dword loads of 8 waves at 4 cycles each per CU", abs(d - want) <= want * 0.1,
          f"8 waves x 8 loads: {d} cycles, expected {want} +-10%")


def check_dispatch(t, R, P):
    # 64 one-wave groups, one per CU: a shader engine's workgroup manager
    # launches a group, then is busy wave_launch cycles per wave (at least
    # one cycle).  From the timeline, the first wave's start to the last's:
    # one engine, 63 x max(wave_launch, 1) cycles; four engines launch four
    # groups at a time: 15 x wave_launch.
    for (se, wl), want in (((1, 0), 63), ((1, 100), 63 * 100), ((4, 100), 15 * 100)):
        spans = wave_spans(R[f"dispatch_{se}_{wl}"])
        if not spans or len(spans) != 64:
            check(f"{t}/dispatch {se} engine(s), wave_launch {wl}", False, "no timeline of 64 waves")
            continue
        begins = [b for (_, _, b, _) in spans.values()]
        d = round((max(begins) - min(begins)) * P["clock_mhz"])
        check(f"{t}/dispatch {se} shader engine(s), 64 one-wave groups, wave_launch {wl}", abs(d - want) <= 2,
              f"the last wave starts {d} cycles after the first, expected {want} +-2")
    # the waves of one group are launched one after another: a 4-wave
    # group at 100 cycles a wave starts its last wave 300 cycles after its first
    spans = wave_spans(R["dispatch_group"])
    begins = sorted(b for (_, _, b, _) in (spans or {}).values())
    d = round((begins[-1] - begins[0]) * P["clock_mhz"]) if len(begins) == 4 else None
    check(f"{t}/dispatch the 4 waves of a group, wave_launch 100", d is not None and abs(d - 300) <= 2,
          f"the last wave starts {d} cycles after the first, expected 300 +-2")


def check_fetch(t, R):
    # 256 v_add_f32 from a 32-byte block boundary: e64 (2 dwords, 4 per
    # block, 2 of them past the third dword: 128 penalties) minus e32.
    pens = sum(late_two_dword(t, a, n) for a, n, m in code_of("fetch_e64", t) if m == "v_add_f32_e64")
    want = PENALTY * pens
    for waves in (1, 4):
        d = cyc(R[f"fetch_e64_{waves}w"]) - cyc(R[f"fetch_e32_{waves}w"])
        check(f"{t}/fetch 2-dword instructions, {waves} wave(s), one per SIMD", abs(d - want) <= 4,
              f"fetch_e64 - fetch_e32 = {d} cycles, expected {pens} penalties x {PENALTY} = {want} +-4")
    # 8 waves, 2 per SIMD: a wave's penalty overlaps the other wave's issue;
    # only what the younger wave runs alone after the older one ends shows
    # it: at most half of the one-wave-per-SIMD cost.
    d = cyc(R["fetch_e64_8w"]) - cyc(R["fetch_e32_8w"])
    check(f"{t}/fetch 2-dword instructions, 8 waves (2 per SIMD): penalties hidden",
          d <= want / 2 * 1.05 + 4 and d >= 0,
          f"fetch_e64 - fetch_e32 = {d} cycles, expected <= half of {want} (one wave per SIMD)")
    # 64 conditional branches (none taken) right after an SALU instruction
    # writing what they test, versus one VALU op later: one penalty each.
    want = PENALTY * 64 if t in FETCH_GENS else 0
    d = cyc(R["branch_adjacent"]) - cyc(R["branch_apart"])
    check(f"{t}/fetch conditional branch right after a VCC/EXEC/SCC write", abs(d - want) <= 4,
          f"branch_adjacent - branch_apart = {d} cycles, expected 64 x {want // 64} = {want} +-4")


OCC = {  # kernel: (waves/SIMD gfx701, gfx8/9; limit; peak waves per CU gfx701, gfx8/9)
    "occ_vgpr": ((2, 2), "VGPRs", (8, 8)),
    "occ_sgpr": ((5, 7), "SGPRs", (20, 28)),
    "occ_lds": ((1, 1), "LDS", (2, 2)),
    "occ_wgslots": ((8, 8), "work-group slots", (32, 32)),
}


def check_h(t, R):
    # (h) 3.2/3.3/1.2: theoretical occupancy and its limit; with one CU all
    # groups queue on it, so the most waves resident at once is the limit.
    g = 0 if t == "gfx701" else 1
    for k, (waves, limit, peak) in OCC.items():
        j = res(R[k])
        o = j["occupancy"]
        th, lim, ach = o["theoretical_waves_per_simd"], o["limited_by"], o["achieved_waves_per_simd"]
        pw = j["per_cu"][0]["peak_waves"]
        check(f"{t}/h {k} theoretical occupancy", th == waves[g] and norm(lim) == norm(limit),
              f"{th} waves/SIMD limited by {lim}, expected {waves[g]} limited by {limit}")
        check(f"{t}/h {k} achieved peak waves per CU", pw == peak[g],
              f"per_cu[0].peak_waves {pw}, expected {peak[g]}")
        check(f"{t}/h {k} achieved <= theoretical", 0 < ach <= th,
              f"achieved_waves_per_simd {ach:.3f} <= theoretical {th}")


def check_i(t, R):
    # (i) no time of day, no pointer order: the same run gives the same bytes.
    r = R["occ_wgslots"]
    again = execute(r)
    first = RESULTS[r.key()]
    same = first[1] == again[1] and first[0] is not None
    check(f"{t}/i determinism (occ_wgslots twice)", same,
          f"{len(first[1])} and {len(again[1])} bytes of output, "
          f"{'identical' if same else 'different'}")


def check_prio(t, R):
    # 1.2: oldest first among ready waves of equal priority; s_setprio 3
    # (higher value wins, GCN-FACTS 1.2 [UNVERIFIED]) lets the younger wave
    # win SIMD 0's VALU slot.  The LDS counter's values tell which of waves
    # 0 and 4 finished its chain first (lower values).
    for key, first in (("prio_eq", "older"), ("prio_young", "younger")):
        r = R[key]
        dump = RESULTS[r.key()][3]
        res(r)
        if dump is None or len(dump) < 320 * 4:
            check(f"{t}/prio {r.k}", False, "no result buffer")
            continue
        v = struct.unpack("<320I", dump[:1280])
        w0, w4 = v[0:64], v[256:320]
        got = "older" if max(w0) < min(w4) else "younger" if max(w4) < min(w0) else "interleaved"
        check(f"{t}/prio {r.k}: {first} wave's chain ends first", got == first,
              f"LDS counter wave 0 {min(w0)}..{max(w0)}, wave 4 {min(w4)}..{max(w4)}: "
              f"{got} first, expected {first}")
        sp = wave_spans(r)
        if sp is None or 0 not in sp or 4 not in sp:
            check(f"{t}/prio {r.k} timeline", False, "no wave slices for waves 0 and 4 in the timeline")
            continue
        end = "older" if sp[0][3] < sp[4][3] else "younger" if sp[4][3] < sp[0][3] else "same time"
        check(f"{t}/prio {r.k} timeline: {first} wave ends first, both on one SIMD",
              end == first and sp[0][:2] == sp[4][:2],
              f"wave 0 (CU {sp[0][0]} SIMD {sp[0][1]}) ends at {sp[0][3]} us, "
              f"wave 4 (CU {sp[4][0]} SIMD {sp[4][1]}) at {sp[4][3]} us: {end} first, expected {first}")
    # both chains share SIMD 0's VALU: 512 ops x 4 cycles at least
    d = cyc(R["prio_young"]) - cyc(R["frame"])
    check(f"{t}/prio two chains on one SIMD serialise", d >= 0.95 * 2048,
          f"setprio_younger - empty_frame = {d} cycles, expected >= 512 x 4 = 2048 -5%")


def main():
    os.chdir(ROOT)
    if not os.access(SIM, os.X_OK):
        gtest.check("timing: ./gcnsim is not built (make)", False)
        return
    per = {t: runs_for(t) for t in TARGETS}
    run_all([r for R in per.values() for r in R.values()])
    for t in TARGETS:
        R = per[t]
        P = device_params(DEVICE[t])
        guarded(f"{t}/a", lambda: check_a(t, R))
        guarded(f"{t}/b", lambda: check_b(t, R))
        guarded(f"{t}/c", lambda: check_c(t, R))
        guarded(f"{t}/d", lambda: check_d(t, R, P))
        guarded(f"{t}/e", lambda: check_e(t, R))
        guarded(f"{t}/f", lambda: check_f(t, R, P))
        guarded(f"{t}/g", lambda: check_g(t, R))
        guarded(f"{t}/h", lambda: check_h(t, R))
        guarded(f"{t}/i", lambda: check_i(t, R))
        guarded(f"{t}/prio", lambda: check_prio(t, R))
        guarded(f"{t}/issue", lambda: check_issue(t, R, P))
        guarded(f"{t}/vmem rate", lambda: check_vmem_rate(t, R))
        guarded(f"{t}/dispatch", lambda: check_dispatch(t, R, P))
        guarded(f"{t}/fetch", lambda: check_fetch(t, R))


if __name__ == "__main__":
    main()
    gtest.done()
