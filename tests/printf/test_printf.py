#!/usr/bin/env python3
"""OpenCL C printf through `gcnsim run`: the kernels of
tests/kernels/printf/printf.cl (tests/kernels/bin/printf-GFX.co, v4 for
gfx701, gfx803 and gfx900, and the v2 metadata for gfx803; rebuilt by
`make kernels`).

  print_all    every conversion, length modifier, vector specifier and
               flag; compared with ref.c, which prints the same values with
               the host C library's printf
  print_items  200 work-items in 4 work-groups print one line each: every
               line is there once, with its own id, group and input value
  print_many   40000 records of 132 bytes: the first 4194304 / 132 = 31775
               (what CL_DEVICE_PRINTF_BUFFER_SIZE holds) in order, and a
               warning that the other 8225 were dropped
  --json -     stdout holds only the JSON; the printf output goes to stderr

Prints PASS:/FAIL: lines."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GCNSIM = os.path.join(ROOT, "gcnsim")
BIN = os.path.join(ROOT, "tests", "kernels", "bin")
OBJECTS = ["printf-gfx701.co", "printf-gfx803.co", "printf-gfx900.co", "printf-gfx803-v2.co"]
VALUES = {"i": -42, "u": 3735928559, "l": -1234567890123, "f": "3.14159274", "d": "2.718281828459045",
          "s": "device string"}
BUFFER, RECORD, MANY = 4 << 20, 4 + 128, 40000
failed = 0


def check(name, ok, why=""):
    global failed
    print(("PASS: " if ok else "FAIL: ") + name + ("" if ok else ": " + why))
    failed += not ok


def run(co, kernel, args, extra=()):
    cmd = [GCNSIM, "run", os.path.join(BIN, co), "--kernel", kernel, "--functional"] + list(extra)
    for a in args:
        cmd += ["--arg", a]
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)


def output(p):
    """The kernel's printf output: stdout without gcnsim's last line (its summary)."""
    lines = p.stdout.splitlines(True)
    return "".join(lines[:-1]) if lines and " wave-instructions: " in lines[-1] else p.stdout


def print_all_args(tmp):
    path = os.path.join(tmp, "string.bin")
    with open(path, "wb") as f:
        f.write(VALUES["s"].encode())
    v = VALUES
    return [f"i32:{v['i']}", f"u32:{v['u']}", f"i64:{v['l']}", f"f32:{v['f']}", f"f64:{v['d']}", f"buf:{path}"]


def test_all(co, expected, args):
    p = run(co, "print_all", args, ["--global", "64"])
    got = output(p)
    if p.returncode != 0 or got != expected:
        diff = [f"expected {e!r}, got {g!r}" for e, g in zip(expected.splitlines(), got.splitlines()) if e != g]
        check(f"printf {co} print_all", False, (diff[:1] or [f"exit {p.returncode}: {p.stderr[-300:]!r}"])[0])
    else:
        check(f"printf {co} print_all", True)


def test_items(co, tmp):
    n, local = 200, 64
    p = run(co, "print_items", [f"iota:i32:{n}"], ["--global", str(n), "--local", str(local)])
    got = output(p).splitlines()
    want = [f"item {g} group {g // local} value {g}" for g in range(n)]
    check(f"printf {co} print_items", p.returncode == 0 and sorted(got) == sorted(want),
          f"exit {p.returncode}, {len(got)} lines, first {got[:2]}")


def test_many(co):
    p = run(co, "print_many", [f"i32:{MANY}"], ["--global", "1"])
    got = output(p).splitlines()
    kept = BUFFER // RECORD
    want = [",".join([str(k)] * 16) for k in range(kept)]
    check(f"printf {co} print_many keeps {kept} records in order", p.returncode == 0 and got == want,
          f"exit {p.returncode}, {len(got)} lines")
    warn = f"warning: {MANY - kept} printf records did not fit in the {BUFFER}-byte printf buffer"
    check(f"printf {co} print_many warns of {MANY - kept} dropped", warn in p.stderr and
          len(p.stderr.splitlines()) == 1, repr(p.stderr[-300:]))


def test_json(co, expected, args):
    p = run(co, "print_all", args, ["--global", "64", "--json", "-"])
    try:
        json.loads(p.stdout)
        ok = expected in p.stderr
    except ValueError:
        ok = False
    check(f"printf {co} --json - keeps stdout JSON, printf to stderr", p.returncode == 0 and ok,
          repr(p.stdout[:200]))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "ref")
        cc = subprocess.run(["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", ref,
                             os.path.join(ROOT, "tests", "printf", "ref.c")], capture_output=True, text=True)
        if cc.returncode:
            check("printf: ref.c builds", False, cc.stderr[-300:])
            return 1
        v = VALUES
        expected = subprocess.run([ref, str(v["i"]), str(v["u"]), str(v["l"]), v["f"], v["d"], v["s"]],
                                  capture_output=True, text=True, check=True).stdout
        args = print_all_args(tmp)
        for co in OBJECTS:
            if not os.path.exists(os.path.join(BIN, co)):
                check(f"printf {co}", False, "missing (make kernels)")
                continue
            test_all(co, expected, args)
            test_items(co, tmp)
        test_many("printf-gfx900.co")
        test_json("printf-gfx900.co", expected, args)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
