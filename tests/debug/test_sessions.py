#!/usr/bin/env python3
"""Scripted `gcnsim debug` sessions on committed kernels whose register
values this test computes from the kernels' code (tests/micro/gen.py,
front/workloads/*.cl, tests/e2e/src/*.cl), never from gcnsim's own
output: work-item ids after the prologue, v_add_f32 chains, the EXEC mask
of a partial wave and of lanes that took a branch, conditions on lanes,
watchpoints, catchpoints, faults, displays, set var, next over a call,
finish, breakpoint counts, cycle stepping, reverse-continue."""
import re
import sys
import os

sys.path.insert(0, os.path.dirname(__file__))
from dbgtest import check, session, parse_value, f32_bits, data_file, disasm_addr, finish  # noqa: E402

MICRO = "tests/micro/bin/%s-%s.co"
TARGETS = ("gfx701", "gfx803", "gfx900")
MODES = (("timing", []), ("functional", ["--functional"]))


def valu_chain(t, mode, flags):
    """valu_chain (work-groups of 256, 4 waves): the prologue leaves
    v0 = work-item id, v1 = gid = 256*group + id, v3 = float(gid); each
    of the 256 v_add_f32 v3, 0.5, v3 adds 0.5.  Wave 6 is wave 2 of group 1."""
    name = f"valu_chain {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "512", "--local", "256", "--arg", "zero:2048"] + flags
    rc, out, p = session(args, ["break valu_chain wave 6", "run", "stepi 5", "print v0", "print v1", "print s2",
                                "stepi 7", "print/f v3", "print/x exec", "info waves", "print/f v3[0:15]",
                                "print v0[5]"])
    ids = [128 + l for l in range(64)]
    gid = [256 + i for i in ids]
    check(f"{name}: breakpoint with a wave filter stops in wave 6 at the kernel's entry",
          re.search(r"^Breakpoint 1, wave 6$", p[1], re.M) and "<valu_chain>:" in p[1], p[1])
    check(f"{name}: after the prologue v0 holds the work-item ids", parse_value(p[3]) == ids, p[3])
    check(f"{name}: v1 = gid = 256 * group + id", parse_value(p[4]) == gid, p[4])
    check(f"{name}: s2 = work-group id 1", parse_value(p[5]) == 1, p[5])
    check(f"{name}: after 7 v_add_f32 v3, 0.5, v3: v3 = gid + 3.5 (print/f, all lanes)",
          parse_value(p[7]) == [g + 3.5 for g in gid], p[7])
    check(f"{name}: EXEC of a full wave is all ones", parse_value(p[8]) == (1 << 64) - 1, p[8])
    star = [ln for ln in p[9].split("\n") if ln.startswith("*")]
    check(f"{name}: info waves stars wave 6 in work-group (1,0,0)",
          len(star) == 1 and re.match(r"\* 6\s+\(1,0,0\)\s+2\s", star[0]), p[9])
    check(f"{name}: v3[0:15] is the first 16 lanes", parse_value(p[10]) == [g + 3.5 for g in gid[:16]], p[10])
    check(f"{name}: v0[5] is one lane's value", parse_value(p[11]) == 133, p[11])
    check(f"{name}: exit status 0", rc == 0, f"status {rc}")


def partial_wave(t, mode, flags):
    """salu_valu_2w (work-groups of 320 = 5 waves): --global 620 makes
    group 1 hold 300 work-items, so its last wave (dispatch wave 9) has
    44 lanes: EXEC = 2^44 - 1.  That wave (index 4) takes the branch to
    .Lvalu after 11 instructions and adds 1.0 to v3 N times; the wave of
    index 0 (dispatch wave 5) branches to .Lsalu after 9, sets s6 = 0 and
    adds 5 to s6 per s_add_u32."""
    name = f"salu_valu_2w {t} {mode}"
    args = [MICRO % ("salu_valu_2w", t), "--global", "620", "--local", "320", "--arg", "zero:4096"] + flags
    rc, out, p = session(args, ["break salu_valu_2w wave 9", "run", "print/x exec", "stepi 11", "stepi 100",
                                "print/f v3", "print s7", "delete", "break salu_valu_2w wave 5", "run",
                                "stepi 10", "stepi 37", "print s6", "print s7", "wave 9", "lane 50", "lane 43",
                                "info lanes"])
    gid = [576 + l for l in range(44)]
    check(f"{name}: EXEC of a 44-lane partial wave is 2^44-1", parse_value(p[2]) == (1 << 44) - 1, p[2])
    v3 = parse_value(p[5])
    check(f"{name}: the VALU wave's v3 = gid + 100 after 100 v_add_f32 v3, 1.0, v3 (active lanes)",
          isinstance(v3, list) and v3[:44] == [g + 100.0 for g in gid], p[5])
    check(f"{name}: s7 = index of the wave in its group = 4", parse_value(p[6]) == 4, p[6])
    check(f"{name}: the SALU wave's s6 = 5 * 37 after 37 s_add_u32 s6, s6, 5", parse_value(p[12]) == 185, p[12])
    check(f"{name}: s7 = 0 in wave 5 (index 0 of group 1)", parse_value(p[13]) == 0, p[13])
    if mode == "timing":   # the functional scheduler runs one work-group at a time: wave 9 runs with wave 5
        check(f"{name}: lane 50 of the partial wave is inactive: a warning",
              "warning: lane 50 is inactive (bit 50 of EXEC is 0)" in p[15], p[15])
        check(f"{name}: lane 43 is active: no warning", "warning" not in p[16], p[16])
        lanes = re.findall(r"^[ *] (\d+) +(active|inactive) +(\S+) +(\S+)$", p[17], re.M)
        want = [(str(l), "active" if l < 44 else "inactive", f"({256 + l},0,0)" if l < 44 else "-",
                 f"({576 + l},0,0)" if l < 44 else "-") for l in range(64)]
        check(f"{name}: info lanes: 44 active lanes with their local and global work-item ids", lanes == want,
              str(lanes[40:48]))


def conditions(t, mode, flags):
    """A condition on lanes: at the entry of valu_chain v0 = work-item id,
    so 'v0 >= 60 && v0 < 70' holds in lanes 60-63 of wave 0 and lanes 0-5
    of wave 1 (work-group 0), and in no lane of the other waves."""
    name = f"condition {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "256", "--local", "256", "--arg", "zero:1024"] + flags
    rc, out, p = session(args, ["break valu_chain if v0 >= 60 && v0 < 70", "run", "lane", "continue",
                                "lane", "continue", "info breakpoints"])
    stops = re.findall(r"^Breakpoint 1, wave (\d+), lanes? ([\d,-]+)$", out, re.M)
    check(f"{name}: stops report the lanes where the condition holds",
          sorted(stops) == [("0", "60-63"), ("1", "0-5")], str(stops))
    check(f"{name}: the first lane that satisfied it is selected",
          re.search(r"Current lane is (60|0) of wave", p[2]) is not None, p[2])
    check(f"{name}: the kernel then runs to its end", "exited normally" in p[5], p[5])
    check(f"{name}: info breakpoints shows the condition and 2 hits",
          "stop only if v0 >= 60 && v0 < 70" in p[6] and "already hit 2 times" in p[6], p[6])


def exec_branch(t, mode, flags):
    """reduce_sum: the first s_and_saveexec_b64 keeps the lanes where
    gid < n (v_cmp_gt_u32 vcc, n, gid).  With n = 100 and work-groups of
    256, wave 1 (gids 64..127) keeps lanes 0-35: EXEC = 2^36 - 1, and the
    saved EXEC is all ones."""
    name = f"reduce_sum exec {t} {mode}"
    co = f"front/workloads/bin/reduce-{t}.co"
    a = disasm_addr(co, "reduce_sum", "s_and_saveexec_b64")
    if a is None:
        check(f"{name}: s_and_saveexec_b64 found", False)
        return
    src = data_file("red.bin", "I", list(range(1, 257)))
    args = [co, "--global", "256", "--local", "256", "--arg", "buf:" + src, "--arg", "zero:16",
            "--arg", "local:1024", "--arg", "u32:100"] + flags
    rc, out, p = session(args, [f"break 0x{a:x} wave 1", "run", "print/x exec", "stepi", "print/x exec",
                                "print/x s[4:5]", "print/x vcc"])
    check(f"{name}: EXEC before the branch is all ones", parse_value(p[2]) == (1 << 64) - 1, p[2])
    check(f"{name}: EXEC after s_and_saveexec_b64 holds the lanes with gid < 100 (0-35)",
          parse_value(p[4]) == (1 << 36) - 1, p[4])
    check(f"{name}: the saved EXEC (s[4:5]) is all ones", parse_value(p[5]) == (1 << 64) - 1, p[5])
    check(f"{name}: VCC = the compare's lanes", parse_value(p[6]) == (1 << 36) - 1, p[6])


def watch(t, mode, flags):
    """watch v3 lane 5 in valu_chain (wave 0): the first v_add_f32 writes
    5.0 + 0.5; a watch on out[5] stops at the flat_store_dword, which
    writes float(5 + 128) (the whole chain adds 128)."""
    name = f"watch {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "64", "--local", "64", "--arg", "zero:1024"] + flags
    rc, out, p = session(args, ["break valu_chain", "run", "stepi 5", "watch v3 lane 5", "continue",
                                "print/x s[4:5]", "delete", "continue"])
    check(f"{name}: the register watchpoint reports old and new value and the writer",
          re.search(r"Watchpoint 2: v3 lane 5 \(wave 0\)\n\nOld value = %d\nNew value = %d\n"
                    r"written by wave 0 at 0x[0-9a-f]+ <valu_chain\+\d+>:\tv_add_f32_e32 v3, 0.5, v3"
                    % (f32_bits(5.0), f32_bits(5.5)), p[4]) is not None, p[4])
    out_addr = parse_value(p[5])
    if not isinstance(out_addr, int):
        check(f"{name}: out's address", False, p[5])
        return
    rc, out, p = session(args, ["break valu_chain", "run", f"watch 0x{out_addr + 20:x}", "continue", "continue"])
    check(f"{name}: a memory watchpoint stops at the store with float(5 + 128)",
          re.search(r"Old value = 0 \(0x00000000\)\nNew value = %d \(0x%08x\)\nwritten by wave 0 at .*flat_store_dword"
                    % (f32_bits(133.0), f32_bits(133.0) & 0xffffffff), p[3]) is not None, p[3])
    check(f"{name}: the kernel then ends", "exited normally" in p[4], p[4])


def catch_and_barrier(t, mode, flags):
    """catch barrier stops before s_barrier; in reduce_sum every wave
    reaches the first barrier; a stopped wave shows the instruction."""
    name = f"catch {t} {mode}"
    co = f"front/workloads/bin/reduce-{t}.co"
    src = data_file("red.bin", "I", list(range(1, 257)))
    args = [co, "--global", "256", "--local", "256", "--arg", "buf:" + src, "--arg", "zero:16",
            "--arg", "local:1024", "--arg", "u32:256"] + flags
    rc, out, p = session(args, ["catch barrier", "catch endpgm", "run", "continue", "continue", "continue",
                                "info waves", "delete 1", "continue"])
    check(f"{name}: catch barrier stops before s_barrier",
          re.search(r"Catchpoint 1 \(barrier\), wave \d\n\[wave \d\] 0x[0-9a-f]+ <reduce_sum\+\d+>:\ts_barrier",
                    p[2]) is not None, p[2])
    if mode == "functional":
        # one group at a time, each wave runs until it waits: waves 0-2 wait at the barrier
        check(f"{name}: info waves shows the waves that wait at the barrier",
              len(re.findall(r"waiting on barrier", p[6])) == 3, p[6])
    check(f"{name}: catch endpgm stops before s_endpgm",
          re.search(r"Catchpoint 2 \(endpgm\), wave \d\n.*s_endpgm", p[8]) is not None, p[8])


def fault(t, mode, flags):
    """fault_oob: lanes 5.. of the store are past a 64-uint buffer (e2e)."""
    name = f"fault {t} {mode}"
    args = [f"tests/e2e/bin/fault_oob-{t}.co", "--global", "64", "--arg", "zero:256", "--arg", "u32:59"] + flags
    rc, out, p = session(args, ["catch fault", "run", "print $pc", "continue"])
    check(f"{name}: the fault stops with its report (lane 5, the store) at the faulting instruction",
          re.search(r"Catchpoint 1 \(fault\), wave 0\n\nWave 0 faulted: memory fault in kernel fault_oob.*\n"
                    r"    (flat|global|buffer)_store_dword.*\n  lane 5: .*\n\[wave 0\] 0x[0-9a-f]+ <fault_oob\+\d+>:\t"
                    r"(flat|global|buffer)_store_dword", p[1]) is not None, p[1])
    pc = re.search(r"\[wave 0\] (0x[0-9a-f]+)", p[1])
    check(f"{name}: $pc is the faulting instruction", pc and parse_value(p[2]) == int(pc.group(1), 16), p[2])
    check(f"{name}: continue ends the dispatch with the fault", "terminated by a fault" in p[3], p[3])
    check(f"{name}: exit status 0", rc == 0, f"status {rc}")


def displays_setvar(t, mode, flags):
    """set var v3 = 10.0 then 2 v_add_f32 v3, 0.5: v3 = 11; the change is
    replayed by reverse-stepi (10.5 one instruction back); displays show
    at each stop."""
    name = f"set var {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "64", "--local", "64", "--arg", "zero:1024"] + flags
    rc, out, p = session(args, ["break valu_chain", "run", "stepi 5", "set var v3 = 10.0", "print/f v3",
                                "display/i $pc", "display/f v3[7]", "stepi 2", "print/f v3", "reverse-stepi",
                                "print/f v3", "set var s6 = 0x1234", "print/x s6", "set var v[1:2] = -3",
                                "print v[1:2][63]", "print/d v1[0]", "print/x v2[0]"])
    check(f"{name}: set var v3 = 10.0 writes every lane", parse_value(p[4]) == [10.0] * 64, p[4])
    check(f"{name}: display/i $pc shows the next instruction",
          re.search(r"^1: x/i \$pc\n=> 0x[0-9a-f]+ <valu_chain\+\d+>:\tv_add_f32_e32 v3, 0.5, v3$", p[5], re.M)
          is not None, p[5])
    check(f"{name}: displays show again at the stop",
          "1: x/i $pc" in p[7] and re.search(r"^2: /f v3\[7\] = 11$", p[7], re.M) is not None, p[7])
    check(f"{name}: two v_add_f32 later v3 = 11", parse_value(p[8]) == [11.0] * 64, p[8])
    check(f"{name}: reverse-stepi replays the change: v3 = 10.5", parse_value(p[10]) == [10.5] * 64, p[10])
    check(f"{name}: set var s6 = 0x1234", parse_value(p[12]) == 0x1234, p[12])
    check(f"{name}: a 64-bit VGPR pair set to -3", parse_value(p[14]) == -3, p[14])
    check(f"{name}: its low and high halves", parse_value(p[15]) == -3 and parse_value(p[16]) == 0xffffffff,
          p[15] + p[16])


def next_call(t, mode, flags):
    """calls_stack calls step() with s_swappc_b64 (x & 7) times: nexti
    over it stays in the kernel at the next instruction; stepi enters
    step; finish runs to the wave's end."""
    name = f"next {t} {mode}"
    co = f"tests/e2e/bin/calls_stack-{t}.co"
    a = disasm_addr(co, "calls_stack", "s_swappc_b64")
    if a is None:
        check(f"{name}: s_swappc_b64 found", False)
        return
    src = data_file("in5.bin", "I", [5] * 64)
    args = [co, "--global", "64", "--arg", "buf:" + src, "--arg", "zero:256", "--arg", "u32:64"] + flags
    rc, out, p = session(args, [f"tbreak 0x{a:x}", "run", "x/2i $pc", "nexti", "run", "stepi", "finish",
                                "info breakpoints"])
    m = re.findall(r"^=> (0x[0-9a-f]+) .*s_swappc_b64.*\n   (0x[0-9a-f]+) ", p[2], re.M)
    after = m[0][1] if m else None
    check(f"{name}: nexti over s_swappc_b64 stops at the instruction after it",
          after and re.search(r"^\[wave 0\] %s <calls_stack\+\d+>:" % after, p[3], re.M) is not None, p[2] + p[3])
    check(f"{name}: a temporary breakpoint is deleted once hit (run again does not stop there)",
          "Temporary breakpoint" not in p[4], p[4])
    rc, out, p = session(args, [f"break 0x{a:x}", "run", "stepi", "finish"])
    check(f"{name}: stepi enters the called function",
          re.search(r"^\[wave 0\] 0x[0-9a-f]+ <step>:", p[2], re.M) is not None, p[2])
    check(f"{name}: finish runs until the wave ends", re.search(r"Run till wave 0 ends\.\n\n?Breakpoint 1|"
                                                                 r"\[wave 0 ended\]", p[3]) is not None, p[3])


def counts(t, mode, flags):
    """break at the entry of valu_chain with 4 waves: continue 3 ignores
    2 crossings and stops at the 4th; tbreak, delete, disable, enable."""
    name = f"breakpoint counts {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "256", "--local", "256", "--arg", "zero:1024"] + flags
    mul = disasm_addr(args[0], "valu_chain", "s_mul_i32")
    rc, out, p = session(args, ["break valu_chain", "run", "continue 3", "info breakpoints", "continue",
                                f"tbreak 0x{mul:x}", "disable 1", "info breakpoints", "run", "continue",
                                "enable", "run", "delete 1", "continue"])
    check(f"{name}: continue 3 ignores the next 2 crossings",
          "Will ignore next 2 crossings of breakpoint 1.  Continuing." in p[2], p[2])
    check(f"{name}: the breakpoint was hit 4 times, once per wave",
          re.search(r"^1 +breakpoint +keep y .*\n\tbreakpoint already hit 4 times", p[3], re.M) is not None, p[3])
    check(f"{name}: then the kernel ends", "exited normally" in p[4], p[4])
    check(f"{name}: disable shows n, tbreak del", re.search(r"^1 +breakpoint +keep n ", p[7], re.M) is not None and
          re.search(r"^2 +breakpoint +del +y ", p[7], re.M) is not None, p[7])
    check(f"{name}: a disabled breakpoint does not stop; the temporary one stops once",
          "Temporary breakpoint 2, wave" in p[8] and "Breakpoint 1," not in p[8] and "exited normally" in p[9],
          p[8] + p[9])
    check(f"{name}: enabled again it stops", "Breakpoint 1, wave" in p[11], p[11])
    check(f"{name}: after delete the kernel runs to its end", "exited normally" in p[13], p[13])


def occupancy_counters(t, mode, flags):
    """info occupancy of occ_vgpr (128 VGPRs): floor(256 / 128) = 2 waves
    per SIMD, limited by VGPRs (MANIFEST); info counters right after the
    s_load of valu_chain: the load is outstanding under the cycle model
    (lgkmcnt >= 1), done at once in functional mode."""
    name = f"occupancy {t} {mode}"
    rc, out, p = session([MICRO % ("occ_vgpr", t), "--global", "4096", "--local", "64", "--arg", "zero:16384"] +
                         flags, ["info occupancy"])
    check(f"{name}: occ_vgpr: 2 waves per SIMD, limited by VGPRs",
          re.search(r"^Occupancy of occ_vgpr on %s: 2 waves per SIMD, limited by VGPRs$" % t, p[0], re.M)
          is not None, p[0])
    args = [MICRO % ("valu_chain", t), "--global", "64", "--local", "64", "--arg", "zero:1024"] + flags
    rc, out, p = session(args, ["break valu_chain", "run", "stepi", "info counters"])
    m = re.search(r"wave 0: vmcnt (\d+)  lgkmcnt (\d+)  expcnt (\d+)", p[3])
    want = (lambda lg: lg >= 1) if mode == "timing" else (lambda lg: lg == 0)
    check(f"{name}: info counters after the s_load: lgkmcnt {'>= 1' if mode == 'timing' else '0'}",
          m is not None and want(int(m.group(2))) and m.group(1) == "0", p[3])


def cycles(t):
    """cycle N advances the device (cycle model): the stop is at or after
    the cycle asked for; in functional mode cycle refuses."""
    name = f"cycle {t}"
    args = [MICRO % ("valu_chain", t), "--global", "256", "--local", "256", "--arg", "zero:1024"]
    rc, out, p = session(args, ["break valu_chain", "run", "delete", "info cu", "cycle 100", "cycle", "info cu"])
    c0 = re.search(r"^Cycle (\d+):", p[3], re.M)
    c1 = re.search(r"^\[cycle (\d+)\]", p[4], re.M)
    c2 = re.search(r"^\[cycle (\d+)\]", p[5], re.M)
    check(f"{name}: cycle 100 stops at or after 100 cycles later", c0 and c1 and
          int(c1.group(1)) >= int(c0.group(1)) + 100, p[3] + p[4])
    check(f"{name}: cycle 1 advances at least one cycle", c1 and c2 and int(c2.group(1)) > int(c1.group(1)),
          p[5])
    check(f"{name}: info cu lists the 4 waves on 4 SIMDs", len(re.findall(r"CU 0 SIMD \d: wave", p[6])) == 4, p[6])
    rc, out, p = session(args + ["--functional"], ["break valu_chain", "run", "cycle 10", "info cu"])
    check(f"{name}: functional mode: cycle says it needs the cycle model",
          p[2].strip() == "cycle needs the cycle model (this session runs with --functional).", p[2])


def reverse_continue(t, mode, flags):
    """reverse-continue goes back to the previous breakpoint hit: the
    second of the 4 waves' hits, with that wave's registers."""
    name = f"reverse-continue {t} {mode}"
    args = [MICRO % ("valu_chain", t), "--global", "256", "--local", "256", "--arg", "zero:1024"] + flags
    rc, out, p = session(args, ["break valu_chain", "run", "continue", "continue", "reverse-continue",
                                "print v0[0]", "reverse-continue", "reverse-continue"])
    waves = [re.search(r"Breakpoint 1, wave (\d+)", x) for x in p[1:5]]
    ok = all(waves)
    check(f"{name}: back at the second hit (same wave)", ok and waves[3].group(1) == waves[1].group(1),
          " / ".join(p[1:5]))
    check(f"{name}: that wave's v0[0] is its first work-item id",
          ok and parse_value(p[5]) == 64 * int(waves[1].group(1)), p[5])
    check(f"{name}: then the first hit, then no more history",
          ok and waves[0].group(1) in p[6] and "No more reverse-execution history." in p[7], p[6] + p[7])


def main():
    for t in TARGETS:
        for mode, flags in MODES:
            valu_chain(t, mode, flags)
            partial_wave(t, mode, flags)
            conditions(t, mode, flags)
            exec_branch(t, mode, flags)
            watch(t, mode, flags)
            catch_and_barrier(t, mode, flags)
            fault(t, mode, flags)
            displays_setvar(t, mode, flags)
            next_call(t, mode, flags)
            counts(t, mode, flags)
            reverse_continue(t, mode, flags)
            occupancy_counters(t, mode, flags)
        cycles(t)
    finish()


if __name__ == "__main__":
    main()
