#!/usr/bin/env python3
"""exec --save-dispatch and debug --dispatch for a HIP program
(tests/hip/bin/progs/vadd, source tests/hip/progs/vadd.hip, unchanged),
on a gfx900 preset (vega-64) and a gfx803 preset (r9-nano).  vadd makes
three launches of vadd(a, b, c, n): n = 10007, 1000 and 1 in blocks of
256, 96 and 64, with a[i] = (i % 1000) / 4, b[i] = (i * 7) % 113 - 50 and
c prefilled past n with -12345.

- exec --save-dispatch vadd:1 DIR (the second launch): the program still
  passes; DIR/debug.args repeats it with the grid the source asks for
  (11 blocks of 96: --global 1056 --local 96) and n = 1000; the saved
  buffers hold the program's a and b; gcnsim run of debug.args (functional
  and under the cycle model) leaves c[i] = a[i] + b[i] (computed here in
  float32) for i < n and the program's -12345 in the elements after n.
- The kernel by its C++ name, third launch
  ("vadd(float const*, float const*, float*, int)":2): one block of 64, n 1.
- debug --dispatch vadd:1 with a batch script: a breakpoint (break
  vadd+OFF: the kernel by its C++ name) in wave 10 on the kernel's
  v_add_f32 (found by gcnsim disasm of the saved code object) stops
  there; info lanes gives each lane's global work-item i; the add's two
  sources are, lane by lane, a[i] and b[i], and after stepi its
  destination a[i] + b[i], as computed here; continue ends the kernel
  normally.
- gemm's sgemm_tiled(M, N, K, alpha, A, B, beta, C): HIP's metadata has
  no type names, so the scalars are spelled by the kernel's C++ parameter
  types: i32:67 i32:45 i32:83 f32:1.5 ... f32:-0.5, as the source gives
  them; the saved A, B, C are gemm.hip's generated inputs (its generator
  written out here), and gcnsim run of the saved dispatch gives
  1.5 A B - 0.5 C as computed here.
- rocRAND's generate_kernel (tests/hip/bin/rocrand_kmt 1000 7): its code
  object is found in Debian's librocrand, its engine argument (a struct
  passed by value) saved as bytes:HEX; gcnsim run of the saved dispatch
  writes the numbers of Philox4x32-10 (Random123, written out here) for
  seed 7.
- A HIP program that dispatches nothing: exec's summary is the line "no
  kernels were dispatched" (not OpenCL's).
- Bad input: an unknown kernel, or a launch the program never makes
  (vadd:3), is one line and status 2.

Prints PASS:/FAIL: lines."""
import os
import re
import shlex
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check  # noqa: E402

VADD = os.path.join(ROOT, "tests", "hip", "bin", "progs", "vadd")
ROCRAND = os.path.join(ROOT, "tests", "hip", "bin", "rocrand_kmt")
TMP = gtest.tempdir("gcnsim-hip-debug-")
PRESETS = (("vega-64", "gfx900"), ("r9-nano", "gfx803"))
SENTINEL = -12345.0


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def a_of(i):
    return f32((i % 1000) * 0.25)


def b_of(i):
    return f32(float((i * 7) % 113) - 50.0)


def env():
    e = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL"):
        e.pop(k, None)
    return e


def floats(path, n=None):
    with open(path, "rb") as f:
        data = f.read()
    k = len(data) // 4 if n is None else min(n, len(data) // 4)
    return list(struct.unpack("<%df" % k, data[:4 * k]))


def save(dev, what, d):
    return gtest.gcnsim(["exec", "--device", dev, "--functional", "--save-dispatch", what, d, "--", VADD],
                        timeout=600, env=env())


def test_save(dev, target):
    d = os.path.join(TMP, "saved-" + dev)
    r = save(dev, "vadd:1", d)
    args = os.path.join(d, "debug.args")
    ok = r.returncode == 0 and "PASS: vadd" in r.stdout and os.path.exists(args) and \
        "dispatch 1 of vadd saved in" in r.stderr
    check("%s: exec --save-dispatch vadd:1 DIR: the program passes, DIR/debug.args written" % dev, ok,
          r.stdout[-300:] + r.stderr[-600:])
    if not ok:
        return
    words = shlex.split(open(args).read())
    g = words[words.index("--global") + 1].split(",") if "--global" in words else []
    loc = words[words.index("--local") + 1].split(",") if "--local" in words else []
    check("%s: debug.args: the second launch's grid, 11 blocks of 96, and n = 1000" % dev,
          g[:1] == ["1056"] and loc[:1] == ["96"] and words[-1] == "i32:1000", words)
    bufs = [w[4:] for w in words if w.startswith("buf:")]
    check("%s: debug.args: three buffers" % dev, len(bufs) == 3, words)
    if len(bufs) != 3:
        return
    a, b = floats(bufs[0], 1000), floats(bufs[1], 1000)
    check("%s: the saved a and b are the program's (a[i] = (i %% 1000) / 4, b[i] = 7i %% 113 - 50)" % dev,
          a == [a_of(i) for i in range(1000)] and b == [b_of(i) for i in range(1000)], (a[:4], b[:4]))
    for mode in (["--functional"], ["--device", dev]):
        out = os.path.join(TMP, "c-%s-%d.bin" % (dev, len(mode)))
        p = gtest.gcnsim(["run"] + words + mode + ["--dump", "2=" + out], timeout=600, env=env())
        c = floats(out, 1064) if p.returncode == 0 and os.path.exists(out) else []
        want = [f32(a_of(i) + b_of(i)) for i in range(1000)] + [SENTINEL] * 64
        bad = [i for i in range(min(len(c), 1064)) if c[i] != want[i]]
        check("%s: gcnsim run %s of debug.args: c[i] = a[i] + b[i] for the 1000 elements, the program's -12345 "
              "after them" % (dev, " ".join(mode)),
              p.returncode == 0 and p.stdout.startswith("_Z4vaddPKfS0_Pfi on " + target) and len(c) == 1064
              and not bad, (p.stdout[:200], p.stderr[-300:], bad[:5]))
    d3 = os.path.join(TMP, "saved3-" + dev)
    r = save(dev, "vadd(float const*, float const*, float*, int):2", d3)
    words = shlex.split(open(os.path.join(d3, "debug.args")).read()) if r.returncode == 0 else []
    check("%s: --save-dispatch by the C++ name, third launch: one block of 64, n = 1" % dev,
          words[words.index("--global") + 1:][:1] == ["64,1,1"] and words[-1] == "i32:1", words or r.stderr[-400:])


def value(i, seed):
    """gemm.hip's input generator."""
    x = (((i + 1) * 2654435761) & 0xffffffff) ^ ((seed * 40503) & 0xffffffff)
    x ^= x >> 15
    x = (x * 2246822519) & 0xffffffff
    x ^= x >> 13
    return f32((x & 0xffff) / 32768.0 - 1.0)


def test_gemm(dev):
    """sgemm_tiled(M, N, K, alpha, A, B, beta, C): the scalars spelled by
    their C++ types, and the repeat computes alpha A B + beta C."""
    d = os.path.join(TMP, "gemm-" + dev)
    r = gtest.gcnsim(["exec", "--device", dev, "--functional", "--save-dispatch", "sgemm_tiled", d, "--",
                      os.path.join(os.path.dirname(VADD), "gemm")], timeout=600, env=env())
    words = shlex.split(open(os.path.join(d, "debug.args")).read()) if r.returncode == 0 else []
    args = [w for i, w in enumerate(words) if i and words[i - 1] == "--arg"]
    ok = len(args) == 8 and args[:4] == ["i32:67", "i32:45", "i32:83", "f32:1.5"] and args[6] == "f32:-0.5"
    check("%s: --save-dispatch sgemm_tiled: M, N, K, alpha and beta as the source gives them (i32:67 i32:45 "
          "i32:83 f32:1.5 f32:-0.5)" % dev, ok, words or r.stderr[-400:])
    if not ok:
        return
    M, N, K = 67, 45, 83
    A, B, C = floats(args[4][4:], M * K), floats(args[5][4:], K * N), floats(args[7][4:], M * N)
    check("%s: the saved A, B and C are gemm.hip's inputs" % dev,
          A == [value(i, 1) for i in range(M * K)] and B == [value(i, 2) for i in range(K * N)]
          and C == [value(i, 3) for i in range(M * N)])
    out = os.path.join(TMP, "gemm-c-%s.bin" % dev)
    p = gtest.gcnsim(["run"] + words + ["--functional", "--dump", "7=" + out], timeout=600, env=env())
    got = floats(out, M * N) if p.returncode == 0 and os.path.exists(out) else []
    want = [1.5 * sum(A[r * K + k] * B[k * N + c] for k in range(K)) - 0.5 * C[r * N + c]
            for r in range(M) for c in range(N)]
    bad = [i for i in range(len(got)) if abs(got[i] - want[i]) > 1e-4 * (1 + abs(want[i]))]
    check("%s: gcnsim run of the saved sgemm_tiled: C = 1.5 A B - 0.5 C as computed here (to 1e-4)" % dev,
          len(got) == M * N and not bad, (p.stderr[-300:], bad[:5]))


def philox4x32_10(ctr, key):
    """Philox4x32-10 (Salmon et al., Random123): 10 rounds of two 32x32
    multiplies and a Weyl-sequence key schedule."""
    m0, m1, w0, w1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
    c, k = list(ctr), list(key)
    for _ in range(10):
        p0, p1 = m0 * c[0], m1 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & 0xffffffff, (p0 >> 32) ^ c[3] ^ k[1], p0 & 0xffffffff]
        k = [(k[0] + w0) & 0xffffffff, (k[1] + w1) & 0xffffffff]
    return c


def test_rocrand(dev):
    """A kernel of a library (Debian's librocrand: its code object is in the
    library's .hip_fatbin), with a struct passed by value (the engine)."""
    d = os.path.join(TMP, "rocrand-" + dev)
    n, seed = 1000, 7
    r = gtest.gcnsim(["exec", "--device", dev, "--functional", "--save-dispatch",
                      "rocrand_host::detail::generate_kernel", d, "--", ROCRAND, str(n), str(seed)],
                     timeout=600, env=env())
    words = shlex.split(open(os.path.join(d, "debug.args")).read()) if r.returncode == 0 else []
    args = [w for i, w in enumerate(words) if i and words[i - 1] == "--arg"]
    ok = len(args) == 4 and args[0].startswith("bytes:") and args[1].startswith("buf:") and args[2] == "u64:%d" % n
    check("%s: --save-dispatch of rocRAND's generate_kernel (in librocrand): the engine as bytes:HEX, the output "
          "buffer, n = u64:%d" % (dev, n), ok, words or r.stderr[-400:])
    if not ok:
        return
    out = os.path.join(TMP, "rocrand-%s.bin" % dev)
    p = gtest.gcnsim(["run"] + words + ["--functional", "--dump", "1=" + out], timeout=600, env=env())
    got = []
    if p.returncode == 0 and os.path.exists(out):
        with open(out, "rb") as f:
            got = list(struct.unpack("<%dI" % n, f.read(4 * n)))
    want = []
    for i in range((n + 3) // 4):
        want += philox4x32_10((i, 0, 0, 0), (seed, 0))
    bad = [i for i in range(len(got)) if got[i] != want[i]]
    check("%s: gcnsim run of the saved dispatch: the %d numbers of Philox4x32-10 for seed %d, computed here" %
          (dev, n, seed), len(got) == n and not bad, (p.stderr[-300:], bad[:5]))


def register(out, n):
    m = re.search(r"^\$%d = \{([^}]*)\}" % n, out, re.M)
    try:
        return [float(x) for x in m.group(1).split(",")] if m else []
    except ValueError:
        return []


def the_add(dev):
    """The kernel's float add as gcnsim disasm shows it in the code object
    exec --save-dispatch saved: (its offset in the kernel, destination,
    sources), or None."""
    p = gtest.gcnsim(["disasm", os.path.join(TMP, "saved-" + dev, "code.co")], timeout=60)
    start = re.search(r"^([0-9a-f]+) <_Z4vaddPKfS0_Pfi>:", p.stdout, re.M)
    add = re.search(r"v_add_f32_e32 (v\d+), (v\d+), (v\d+)\s*// ([0-9A-F]+):", p.stdout)
    if not start or not add:
        return None
    return int(add.group(4), 16) - int(start.group(1), 16), add.group(1), add.group(2), add.group(3)


def test_debug(dev):
    add = the_add(dev)
    if not check("%s: the saved code object has the kernel's v_add_f32" % dev, add is not None):
        return
    off, dst, s0, s1 = add
    script = os.path.join(TMP, "vadd-%s.x" % dev)
    with open(script, "w") as f:
        f.write("break vadd+%d wave 10\nrun\ninfo lanes\nprint/f %s\nprint/f %s\nstepi\nprint/f %s\n"
                "continue\nquit\n" % (off, s0, s1, dst))
    p = gtest.gcnsim(["debug", "--dispatch", "vadd:1", "--device", dev, "-x", script, "--", VADD], timeout=600,
                     env=env())
    out = p.stdout
    check("%s: debug --dispatch vadd:1 -- vadd stops at the breakpoint in the kernel, then it ends normally" % dev,
          p.returncode == 0 and "Breakpoint 1, wave 10" in out and "v_add_f32" in out
          and "exited normally" in out, out[-800:] + p.stderr[-400:])
    items = [int(m.group(1)) for m in re.finditer(r"^\*?\s+\d+\s+active\s+\(\d+,0,0\)\s+\((\d+),0,0\)", out, re.M)]
    x, y, c = register(out, 1), register(out, 2), register(out, 3)
    a = [a_of(i) for i in items]
    b = [b_of(i) for i in items]
    ok = len(items) == 64 and all(0 <= i < 1000 for i in items) and len(c) == 64 and \
        sorted([x, y]) == sorted([a, b]) and c == [f32(a_of(i) + b_of(i)) for i in items]
    check("%s: wave 10's lanes (work-items %s..%s): the add's sources are a[i] and b[i], its result a[i] + b[i] "
          "as computed here" % (dev, items[:1], items[-1:]), ok, (items[:3], x[:3], y[:3], c[:3]))


def test_none(dev):
    """A HIP program that dispatches nothing (rocrand_kmt without arguments
    prints its usage and leaves)."""
    r = gtest.gcnsim(["exec", "--device", dev, "--", ROCRAND], timeout=600, env=env())
    check("%s: exec of a HIP program without dispatches: \"gcnsim exec: no kernels were dispatched\"" % dev,
          "usage: rocrand_kmt" in r.stdout + r.stderr and
          r.stderr.strip().splitlines()[-1:] == ["gcnsim exec: no kernels were dispatched"], r.stderr[-300:])


def test_bad(dev):
    for what, want in (("nosuch", "no dispatch 0 of nosuch"), ("vadd:3", "no dispatch 3 of vadd")):
        p = gtest.gcnsim(["debug", "--dispatch", what, "--device", dev, "--", VADD], timeout=600, env=env())
        lines = p.stderr.strip().splitlines()
        check("%s: debug --dispatch %s: one line, status 2" % (dev, what),
              p.returncode == 2 and len(lines) == 1 and want in lines[0], p.stderr[-400:])


def main():
    for dev, target in PRESETS:
        gtest.run_each([lambda: test_save(dev, target), lambda: test_debug(dev), lambda: test_gemm(dev),
                        lambda: test_rocrand(dev), lambda: test_none(dev), lambda: test_bad(dev)])
    gtest.done()


main()
