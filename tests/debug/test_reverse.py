#!/usr/bin/env python3
"""Reverse execution is exact: on every workload kernel (bitonic_step,
reduce_sum, sgemm), on gfx701, gfx803 and gfx900, under the cycle model
and functional: stop a wave of the second work-group, step A
instructions (state S1), step N more (S2), reverse-stepi N must give S1
again and stepi N S2 again (every SGPR, VGPR, special register and the
pc, compared as `info registers` text); reverse-stepi back to the entry
gives the state at the breakpoint.  The stepping crosses barriers and
other waves' execution (reduce_sum, sgemm)."""
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dbgtest import check, session, data_file, finish  # noqa: E402

TARGETS = ("gfx701", "gfx803", "gfx900")
MODES = (("timing", []), ("functional", ["--functional"]))


def workloads():
    random.seed(5)
    keys = data_file("keys.bin", "I", [random.randrange(1 << 32) for _ in range(1024)])
    vals = data_file("vals.bin", "I", [random.randrange(1 << 20) for _ in range(2048)])
    a = data_file("a.bin", "f", [random.randrange(-64, 64) / 16 for _ in range(128 * 32)])
    b = data_file("b.bin", "f", [random.randrange(-64, 64) / 16 for _ in range(32 * 128)])
    c = data_file("c.bin", "f", [random.randrange(-64, 64) / 16 for _ in range(128 * 128)])
    return [
        # a[] of 1024 keys, stage 3, pass 1, ascending: 512 work-items, groups of 256
        ("bitonic_step", "bitonic", ["--global", "512", "--local", "256", "--arg", "buf:" + keys, "--arg", "u32:3",
                                     "--arg", "u32:1", "--arg", "u32:1"], 5, 12, 20),
        # 2048 values summed by 2 groups of 256 (8 per work-item)
        ("reduce_sum", "reduce", ["--global", "512", "--local", "256", "--arg", "buf:" + vals, "--arg", "zero:8",
                                  "--arg", "local:1024", "--arg", "u32:2048"], 6, 40, 60),
        # 128x128 = (128x32) (32x128): 4 groups of 16x16
        ("sgemm", "gemm", ["--global", "32,32", "--local", "16,16", "--arg", "buf:" + a, "--arg", "buf:" + b,
                           "--arg", "buf:" + c, "--arg", "u32:128", "--arg", "u32:128", "--arg", "u32:32",
                           "--arg", "f32:1.5", "--arg", "f32:-0.75"], 5, 150, 200),
    ]


def regs(text):
    """The register lines of an info registers output (nothing else)."""
    return [ln for ln in text.split("\n") if re.match(r"^(s\d+|v\d+|pc|exec|vcc|scc|m0|flat_scratch|mode|status|"
                                                      r"trapsts|xnack_mask)\b", ln)]


def main():
    for kernel, co_name, args, wave, a, n in workloads():
        for t in TARGETS:
            for mode, flags in MODES:
                name = f"{kernel} {t} {mode}"
                co = f"front/workloads/bin/{co_name}-{t}.co"
                if not os.path.exists(co):
                    print(f"SKIP: {name} (no {co})")
                    continue
                rc, out, p = session([co] + args + flags, [
                    f"break {kernel} wave {wave}", "run", "delete", "info registers",
                    f"stepi {a}", "info registers", f"stepi {n}", "info registers",
                    f"reverse-stepi {n}", "info registers", f"stepi {n}", "info registers",
                    f"reverse-stepi {a + n}", "info registers", "info waves"])
                s0, s1, s2, s3, s4, s5 = (regs(p[i]) for i in (3, 5, 7, 9, 11, 13))
                ok = all(s0 and len(s) == len(s0) for s in (s1, s2, s3, s4, s5))
                check(f"{name}: info registers lists every register at each stop",
                      ok and len(s0) > 100, f"{len(s0)} lines")
                check(f"{name}: {n} instructions change the state", s1 != s2)
                diff = [(x, y) for x, y in zip(s1, s3) if x != y]
                check(f"{name}: stepi {a}, stepi {n}, reverse-stepi {n}: the same state as after stepi {a}",
                      ok and s1 == s3, str(diff[:3]) + p[8][-300:])
                diff = [(x, y) for x, y in zip(s2, s4) if x != y]
                check(f"{name}: then stepi {n}: the same state again", ok and s2 == s4, str(diff[:3]))
                check(f"{name}: reverse-stepi {a + n}: the state at the breakpoint (the wave's entry)",
                      ok and s0 == s5 and re.search(r"^\* %d .*<%s> " % (wave, kernel), p[14], re.M) is not None,
                      p[14][:400])
                check(f"{name}: the stops are in wave {wave} with no error",
                      rc == 0 and "[wave %d]" % wave in p[8] and "Undefined" not in out and "not being run" not in out,
                      p[8][-300:])
    finish()


if __name__ == "__main__":
    main()
