#!/usr/bin/env python3
"""The same kernels built as code objects v2, v3, v4 and v5 run to the same,
correct results: launches follow each version's descriptor (amd_kernel_code_t
for v2, kernel descriptors for v3+) and hidden-argument layout (v5: block
counts, group sizes and remainders in the implicit block).

Kernels: tests/kernels/src/lds.cl (lds_reduce, lds_transpose on a 2-D grid
with partial work-groups) and atomics.cl (atomics_global), built by
tests/kernels/build.sh as NAME-GFX[-vN].co (no suffix = v4).  References are
computed here; inputs are small integers so float sums are exact."""
import os
import random
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GCNSIM = os.path.join(ROOT, "gcnsim")
BIN = os.path.join(ROOT, "tests", "kernels", "bin")
TARGETS = ["gfx701", "gfx803", "gfx900"]
VERSIONS = [("v2", "-v2"), ("v3", "-v3"), ("v4", ""), ("v5", "-v5")]


def run(co, kernel, glob, local, args, dumps, tmp):
    cmd = [GCNSIM, "run", co, "--kernel", kernel, "--global", glob, "--local", local]
    for a in args:
        cmd += ["--arg", a]
    outs = []
    for n, size in dumps:
        path = os.path.join(tmp, "out%d.bin" % n)
        cmd += ["--dump", "%d=%s" % (n, path)]
        outs.append(path)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, (p.stderr.strip().splitlines() or ["status %d" % p.returncode])[0]
    return [open(o, "rb").read() for o in outs], None


def write(tmp, name, fmt, values):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


def case_reduce(co, tmp, rng):
    n, local = 1024, 256
    a = [float(rng.randint(-50, 50)) for _ in range(n)]
    inp = write(tmp, "a.bin", "f", a)
    outs, err = run(co, "lds_reduce", str(n), str(local), ["zero:%d" % (4 * n // local), "buf:" + inp],
                    [(0, 4 * n // local)], tmp)
    if err:
        return err
    got = struct.unpack("<%df" % (n // local), outs[0])
    want = [sum(a[g * local:(g + 1) * local]) for g in range(n // local)]
    return None if list(got) == want else "lds_reduce: group sums %s, want %s" % (got[:4], want[:4])


def case_transpose(co, tmp, rng):
    w, h = 40, 24                      # partial groups in both dimensions
    src = [float(rng.randint(0, 999)) for _ in range(w * h)]
    inp = write(tmp, "in.bin", "f", src)
    outs, err = run(co, "lds_transpose", "%d,%d" % (w, h), "16,16",
                    ["zero:%d" % (4 * w * h), "buf:" + inp, "i32:%d" % w, "i32:%d" % h], [(0, 4 * w * h)], tmp)
    if err:
        return err
    got = struct.unpack("<%df" % (w * h), outs[0])
    # the kernel as written, per work-group of actual (partial) size sx x sy:
    # lane (lx, ly) stores tile[lx][ly], which lane (ly, lx) loaded if it
    # exists and was in the image; never-written outputs stay 0, and reads
    # of tile entries no lane wrote are not checked
    want = [0.0] * (w * h)
    check = [True] * (w * h)
    for gy in range((h + 15) // 16):
        for gx in range((w + 15) // 16):
            sx, sy = min(16, w - gx * 16), min(16, h - gy * 16)
            for ly in range(sy):
                for lx in range(sx):
                    tx, ty = gy * 16 + lx, gx * 16 + ly
                    if tx >= h or ty >= w:
                        continue
                    x, y = gx * 16 + ly, gy * 16 + lx   # the lane that loaded tile[lx][ly]
                    if ly < sx and lx < sy and x < w and y < h:
                        want[ty * h + tx] = src[y * w + x]
                    else:
                        check[ty * h + tx] = False
    bad = [i for i in range(w * h) if check[i] and got[i] != want[i]]
    return None if not bad else "lds_transpose: %d of %d wrong, first at %d: %s want %s" % (
        len(bad), w * h, bad[0], got[bad[0]], want[bad[0]])


def case_atomics(co, tmp, rng):
    n = 256
    a = [rng.randint(-1000, 1000) for _ in range(n)]
    inp = write(tmp, "ai.bin", "i", a)
    outs, err = run(co, "atomics_global", str(n), "64",
                    ["zero:32", "zero:4", "zero:8", "buf:" + inp], [(0, 32), (1, 4), (2, 8)], tmp)
    if err:
        return err
    c = struct.unpack("<8i", outs[0])
    umax = struct.unpack("<I", outs[1])[0]
    s64 = struct.unpack("<q", outs[2])[0]
    orbits = 0
    for x in a:
        orbits |= 1 << (x & 31)
    want = {"add": sum(a), "sub": -n, "min": min(0, min(a)), "max": max(0, max(a)),
            "umax": max(x & 0xffffffff for x in a), "or": struct.unpack("<i", struct.pack("<I", orbits))[0],
            "inc": n, "cmpxchg": n * (n - 1) // 2, "sum64": sum(a)}
    got = {"add": c[0], "sub": c[1], "min": c[2], "max": c[3], "umax": umax, "or": c[5], "inc": c[6],
           "cmpxchg": c[7], "sum64": s64}
    bad = [k for k in want if want[k] != got[k]]
    ok_xchg = c[4] in a
    if bad or not ok_xchg:
        return "atomics_global: %s" % ", ".join("%s %d want %d" % (k, got[k], want[k]) for k in bad) + (
            "" if ok_xchg else "; xchg left %d, no input value" % c[4])
    return None


def main():
    if not os.access(GCNSIM, os.X_OK):
        print("FAIL: code object versions (%s is not built; run make)" % GCNSIM)
        return 1
    failed = 0
    for t in TARGETS:
        for ver, suffix in VERSIONS:
            for kfile, cases in (("lds", (case_reduce, case_transpose)), ("atomics", (case_atomics,))):
                co = os.path.join(BIN, "%s-%s%s.co" % (kfile, t, suffix))
                if not os.path.exists(co):
                    print("FAIL: code object %s missing (make kernels)" % os.path.basename(co))
                    failed += 1
                    continue
                for case in cases:
                    rng = random.Random("%s/%s" % (case.__name__, t))
                    with tempfile.TemporaryDirectory() as tmp:
                        err = case(co, tmp, rng)
                    name = "%s %s code object %s (%s)" % (case.__name__[5:], t, ver, os.path.basename(co))
                    print(("FAIL: %s: %s" % (name, err)) if err else "PASS: " + name)
                    failed += err is not None
    failed += old_eflags()
    return 1 if failed else 0


def old_eflags():
    """Code object v2 as LLVM 6 and earlier wrote it: e_flags 0x2 (no
    machine value), the target only in the ISA version note.  The v2
    objects with e_flags patched so load, disassemble (same text) and
    run (same results); 0x3 is not such an object and is refused."""
    failed = 0
    for t in TARGETS:
        co = os.path.join(BIN, "lds-%s-v2.co" % t)
        data = bytearray(open(co, "rb").read())
        with tempfile.TemporaryDirectory() as tmp:
            for flags, ok in ((0x2, True), (0x3, False)):
                struct.pack_into("<I", data, 48, flags)
                old = os.path.join(tmp, "old-%x.co" % flags)
                open(old, "wb").write(bytes(data))
                d_new = subprocess.run([GCNSIM, "disasm", co], capture_output=True, text=True)
                d_old = subprocess.run([GCNSIM, "disasm", old], capture_output=True, text=True)
                name = "%s v2 with e_flags 0x%x (LLVM 6 and earlier)" % (t, flags)
                if ok:
                    same = d_old.returncode == 0 and d_old.stdout.replace(old, co) == d_new.stdout
                    err = None if same else "disasm differs or fails: %s" % d_old.stderr.strip()[:200]
                    if not err:
                        err = case_reduce(old, tmp, random.Random("old/%s" % t))
                    print(("FAIL: %s: %s" % (name, err)) if err else "PASS: %s: loads as %s, same disassembly, "
                          "runs" % (name, t))
                    failed += err is not None
                else:
                    bad = d_old.returncode == 2 and "e_flags 0x3" in d_old.stderr
                    print(("PASS: %s is refused: %s" % (name, d_old.stderr.strip())) if bad else
                          "FAIL: %s: status %d, %s" % (name, d_old.returncode, d_old.stderr.strip()[:200]))
                    failed += not bad
    return failed


if __name__ == "__main__":
    sys.exit(main())
