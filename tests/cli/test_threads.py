#!/usr/bin/env python3
"""Functional mode on several host threads (--threads N, GCNSIM_THREADS):
the same results, reports, --json and output buffers for any N.  One
PASS:/FAIL:/SKIP: line per check.

 1. gcnsim bench gemm, reduce, bitonic --functional at --threads 1..4:
    PASS against the workloads' CPU references, stdout and --json the same
    but for the wall-clock figures.
 2. corpus kernels (tests/kernels/) under gcnsim run --functional at
    --threads 1..4: --json and --dump byte for byte the same, and the
    buffers equal to a Python reference: lds_transpose (2-D grid, LDS),
    lds_reduce (barriers; float sums in the kernel's tree order),
    scratch_array (private arrays in scratch), divergent_loop, grid3d.
 3. atomics_global (global atomics: one thread, in order): the same at
    every N and equal to the reference (sums, min/max, or, inc, a cmpxchg
    loop adding every old value, 64-bit add).
 4. a kernel that faults in work-groups 128 to 255 (its output buffer ends
    at 128) and one stopped by --max-wave-inst in groups 128 and 160, both
    long while the others are short, so that later groups meet the fault
    first in time: the same report, exit status and counts at every N,
    naming the first group in order.
 5. device printf (a global atomic reserves the buffer): the lines in
    work-item order at every N.
 6. OpenCL programs (tests/ocl/ocl_run, wl_reduce) under gcnsim exec
    --functional with GCNSIM_THREADS 1, 2, 4: the program's own checks pass,
    its output and the dispatches' --json the same.
 7. SIGINT during a run on 2 threads: exit 130 soon, a partial report.
 8. bad --threads and GCNSIM_THREADS values: one line, exit 2.
"""
import json
import os
import random
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import check, skip  # noqa: E402

os.chdir(gtest.ROOT)
TMP = gtest.tempdir("gcnsim-threads-")
KB = "tests/kernels/bin/"
NS = (1, 2, 3, 4)
WALL = re.compile(r"^  wall time .*$", re.M)
WALL_KEYS = ("sim_seconds", "host_seconds", "wave_instructions_per_second", "max_rss_kib")


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def read(path):
    with open(path, "rb") as f:
        return f.read()


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def i32(x):
    return (x + 2**31) % 2**32 - 2**31


def test_bench():
    for wl, n in (("gemm", "256"), ("reduce", "262144"), ("bitonic", "16384")):
        outs, jsons = [], []
        for t in NS:
            r = gtest.gcnsim(["bench", wl, "--n", n, "--functional", "--threads", str(t)], timeout=300)
            outs.append((r.returncode, WALL.sub("", r.stdout), "PASS" in r.stdout))
            r = gtest.gcnsim(["bench", wl, "--n", n, "--functional", "--threads", str(t), "--json", "-"], timeout=300)
            j = json.loads(r.stdout) if r.returncode == 0 else {}
            jsons.append({k: v for k, v in j.items() if k not in WALL_KEYS})
        check("bench %s --n %s --functional: PASS at --threads 1..4" % (wl, n),
              all(o[0] == 0 and o[2] for o in outs) and all(j.get("verification") == "PASS" for j in jsons),
              outs[0][1][-300:])
        check("bench %s: the same text and --json at --threads 1..4" % wl,
              all(o == outs[0] for o in outs) and all(j == jsons[0] for j in jsons), (outs, jsons))


def run_all(name, args, dumps):
    """gcnsim run --functional args at every N: (returncode, stdout, stderr, dump bytes) per N."""
    res = []
    for t in NS:
        paths = [os.path.join(TMP, "%s-%d-%d.bin" % (name, t, d)) for d in dumps]
        dargs = sum((["--dump", "%d=%s" % (d, p)] for d, p in zip(dumps, paths)), [])
        r = gtest.gcnsim(["run"] + args + ["--functional", "--json", "-", "--threads", str(t)] + dargs,
                         timeout=300)
        res.append((r.returncode, r.stdout, r.stderr, [read(p) if os.path.exists(p) else None for p in paths]))
    return res


def same(name, res, want):
    check("%s: --json and --dump the same at --threads 1..4" % name,
          all(x == res[0] for x in res) and res[0][0] == 0, (res[0][0], res[0][2][:300]))
    check("%s: the buffer equals the reference" % name, res[0][3][0] == want,
          "first bytes %r" % (res[0][3][0] or b"")[:32])


def test_transpose():
    w, h = 200, 120   # partial tiles at both edges
    rnd = random.Random(7)
    a = [f32(rnd.uniform(-8, 8)) for _ in range(w * h)]
    inp = write("tin.bin", struct.pack("<%df" % len(a), *a))
    want = struct.pack("<%df" % (w * h), *[a[y * w + x] for x in range(w) for y in range(h)])
    res = run_all("transpose", [KB + "lds-gfx900.co", "--kernel", "lds_transpose", "--global", "208,128", "--local",
                                "16,16", "--arg", "zero:%d" % (4 * w * h), "--arg", "buf:" + inp, "--arg",
                                "i32:%d" % w, "--arg", "i32:%d" % h], [0])
    same("lds_transpose 200x120", res, want)


def test_reduce():
    n, groups = 256, 48
    rnd = random.Random(3)
    a = [f32(rnd.uniform(0, 1)) for _ in range(n * groups)]
    inp = write("rin.bin", struct.pack("<%df" % len(a), *a))
    sums = []
    for g in range(groups):
        buf = a[g * n:(g + 1) * n]
        s = n // 2
        while s:
            buf = [f32(buf[i] + buf[i + s]) if i < s else buf[i] for i in range(n)]
            s //= 2
        sums.append(buf[0])
    res = run_all("reduce", [KB + "lds-gfx803.co", "--kernel", "lds_reduce", "--global", str(n * groups), "--local",
                             str(n), "--arg", "zero:%d" % (4 * groups), "--arg", "buf:" + inp], [0])
    same("lds_reduce gfx803, 48 groups", res, struct.pack("<%df" % groups, *sums))


def test_scratch():
    n = 4096
    rnd = random.Random(5)
    a = [rnd.randrange(-1000, 1000) for _ in range(n)]
    inp = write("sin.bin", struct.pack("<%di" % n, *a))
    out = []
    for i in range(n):
        priv = [i32(a[(i + k) % 64] * k) for k in range(48)]
        idx = a[i] & 47
        priv[idx] = i32(priv[idx] + 5)
        out.append(i32(sum(priv[(idx + 7 * k) % 48] for k in range(8))))
    res = run_all("scratch", [KB + "control-gfx900.co", "--kernel", "scratch_array", "--global", str(n), "--local",
                              "64", "--arg", "zero:%d" % (4 * n), "--arg", "buf:" + inp], [0])
    same("scratch_array (private array in scratch)", res, struct.pack("<%di" % n, *out))


def divergent_ref(a):
    out = []
    for x in a:
        n, acc = x & 63, 0
        for k in range(n):
            acc = acc + k * n if (k ^ n) & 1 else acc - k
            if acc > 100000:
                break
        out.append(i32(acc))
    return out


def test_divergent_and_grid3d():
    n = 8192
    rnd = random.Random(11)
    a = [rnd.randrange(0, 2**31) for _ in range(n)]
    inp = write("din.bin", struct.pack("<%di" % n, *a))
    res = run_all("divergent", [KB + "control-gfx701.co", "--kernel", "divergent_loop", "--global", str(n), "--local",
                                "128", "--arg", "zero:%d" % (4 * n), "--arg", "buf:" + inp], [0])
    same("divergent_loop gfx701", res, struct.pack("<%di" % n, *divergent_ref(a)))
    g, l = (16, 12, 6), (8, 4, 2)
    size = g[0] * g[1] * g[2]
    b = [f32(rnd.uniform(-4, 4)) for _ in range(size)]
    inp = write("gin.bin", struct.pack("<%df" % size, *b))
    want = []
    for z in range(g[2]):
        for y in range(g[1]):
            for x in range(g[0]):
                v = f32(f32(f32(b[(z * g[1] + y) * g[0] + x] + (z % l[2])) + y // l[1]) + g[2] // l[2])
                want.append(f32(v * l[0]))
    res = run_all("grid3d", [KB + "control-gfx900.co", "--kernel", "grid3d", "--global", "%d,%d,%d" % g, "--local",
                             "%d,%d,%d" % l, "--arg", "zero:%d" % (4 * size), "--arg", "buf:" + inp], [0])
    same("grid3d 16x12x6 in 8x4x2 groups", res, struct.pack("<%df" % size, *want))


def test_atomics():
    n = 4096
    rnd = random.Random(13)
    a = [rnd.randrange(-50000, 50000) for _ in range(n)]
    inp = write("ain.bin", struct.pack("<%di" % n, *a))
    res = run_all("atomics", [KB + "atomics-gfx900.co", "--kernel", "atomics_global", "--global", str(n), "--local",
                              "256", "--arg", "zero:32", "--arg", "zero:4", "--arg", "zero:8", "--arg",
                              "buf:" + inp], [0, 1, 2])
    check("atomics_global: the same counters, --json at --threads 1..4",
          all(x == res[0] for x in res) and res[0][0] == 0, res[0][2][:300])
    c = struct.unpack("<8i", res[0][3][0] or bytes(32))
    umax = struct.unpack("<I", res[0][3][1] or bytes(4))[0]
    s64 = struct.unpack("<q", res[0][3][2] or bytes(8))[0]
    orv = 0
    for x in a:
        orv |= 1 << (x & 31)
    want = (i32(sum(a)), -n, min(0, min(a)), max(0, max(a)), None, i32(orv), n, i32(n * (n - 1) // 2))
    check("atomics_global: the counters equal the reference", all(w is None or w == v for w, v in zip(want, c))
          and c[4] in a and umax == max(x % 2**32 for x in a) and s64 == sum(a), (c, want, umax, s64))


def test_fault_and_limit():
    """divergent_loop: lane i loops a[i] & 63 times.  Groups 128 and 160 (of 256, 256 items each) loop 63 times,
    the others not at all, so that later groups end (and fault) first in time on other threads."""
    n = 65536
    a = [63 if i // 256 in (128, 160) else 0 for i in range(n)]
    inp = write("fin.bin", struct.pack("<%di" % n, *a))
    args = [KB + "control-gfx900.co", "--kernel", "divergent_loop", "--global", str(n), "--local", "256", "--arg",
            "zero:128K", "--arg", "buf:" + inp]
    res = run_all("fault", args, [])
    j = json.loads(res[0][1]) if res[0][1].startswith("{") else {}
    check("a fault in work-groups 128 to 255: the same report and status at --threads 1..4",
          all(x[:3] == res[0][:3] for x in res) and res[0][0] != 0, (res[0][0], res[0][2][:400]))
    check("the fault is the first group's in order (128: the buffer holds 32768 ints), 129 groups counted",
          j.get("status") == "fault" and j.get("workgroups") == 129 and "work-group (128,0,0), wave 0" in res[0][2]
          and j["fault"].get("lane") == 0, (res[0][2][:300], j.get("workgroups")))
    res = run_all("limit", args[:-3] + ["zero:256K", "--arg", "buf:" + inp, "--max-wave-inst", "200"], [])
    j = json.loads(res[0][1]) if res[0][1].startswith("{") else {}
    check("--max-wave-inst 200: the same partial report and counts at --threads 1..4",
          all(x[:3] == res[0][:3] for x in res) and j.get("partial") is True, (res[0][0], res[0][2][:400]))
    lim = j.get("limit", {})
    check("--max-wave-inst: group 128's first wave stopped (the first long one in order), 129 groups counted",
          lim.get("kind") == "max-wave-inst" and j.get("workgroups") == 129 and lim.get("workgroup") == [128, 0, 0]
          and lim.get("wave") == 0 and lim.get("wave_instructions") == 200, (res[0][2][:300], lim))


def test_printf():
    """Device printf reserves its buffer space with a global atomic: the kernel runs in order on one thread."""
    n, local = 2000, 64
    outs = []
    for t in NS:
        r = gtest.gcnsim(["run", KB + "printf-gfx900.co", "--kernel", "print_items", "--functional", "--global", str(n),
                          "--local", str(local), "--arg", "iota:i32:%d" % n, "--threads", str(t)], timeout=300)
        outs.append((r.returncode, r.stdout))
    want = ["item %d group %d value %d" % (g, g // local, g) for g in range(n)]
    check("printf print_items, 2000 items: the lines in work-item order at --threads 1..4",
          all(o == outs[0] for o in outs) and outs[0][0] == 0 and outs[0][1].splitlines()[:n] == want,
          outs[0][1][:300])


def test_interrupt():
    """SIGINT stops every thread soon: exit 130, a partial --json report of fewer groups than the grid's."""
    import signal
    import subprocess
    import time
    jp = os.path.join(TMP, "int.json")
    cmd = [gtest.GCNSIM, "run", "front/workloads/bin/gemm-gfx900.co", "--global", "512,512", "--arg", "rand:f32:4M",
           "--arg", "rand:f32:4M", "--arg", "zero:16M", "--arg", "u32:2048", "--arg", "u32:2048", "--arg", "u32:2048",
           "--arg", "f32:1", "--arg", "f32:0", "--functional", "--threads", "2", "--json", jp, "--progress"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stderr.readline()   # the first progress line: the dispatch runs
    time.sleep(0.5)
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    took = time.monotonic() - t0
    j = json.load(open(jp)) if os.path.exists(jp) else {}
    check("SIGINT at --threads 2: exit 130 within 10 s, a partial report of fewer than 1024 groups",
          p.returncode == 130 and took < 10 and j.get("partial") is True and j.get("status") == "stopped"
          and 0 < j.get("workgroups", 0) < 1024 and "work-groups" in first,
          (p.returncode, took, first, err[-300:], j.get("workgroups")))


def strip_times(j):
    if isinstance(j, dict):
        return {k: strip_times(v) for k, v in j.items() if not re.search(r"seconds|wall|_s$|per_second", k)}
    if isinstance(j, list):
        return [strip_times(v) for v in j]
    return j


def test_exec():
    r = gtest.run([gtest.GCNSIM, "exec", "--threads", "3", "--", "sh", "-c", "echo threads=$GCNSIM_THREADS"],
                  env=dict(os.environ, GCNSIM_THREADS="1"), timeout=60)
    check("exec --threads 3: the program's runtime gets GCNSIM_THREADS=3", r.stdout.strip() == "threads=3",
          (r.stdout, r.stderr))
    lib = os.path.join(gtest.ROOT, "build", "libgcnsim-opencl.so")
    prog = os.path.join(gtest.ROOT, "build", "ocl", "ocl_run")
    wl = os.path.join(gtest.ROOT, "build", "ocl", "wl_reduce")
    if not (os.path.exists(lib) and os.path.exists(prog)):
        skip("exec at GCNSIM_THREADS 1, 2, 4", "the OpenCL driver and tests are not built (make)")
        return
    wdir = os.path.join(gtest.ROOT, "front", "workloads")
    progs = [("ocl_run", [prog, os.path.join(wdir, "reduce.cl"), os.path.join(wdir, "bin")])]
    if os.path.exists(wl):
        progs.append(("wl_reduce", [wl, os.path.join(wdir, "reduce.cl"), "1048576"]))
    for name, argv in progs:
        res = []
        for t in (1, 2, 4):
            env = dict(os.environ, GCNSIM_THREADS=str(t))
            for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "OCL_ICD_VENDORS", "OCL_ICD_FILENAMES"):
                env.pop(k, None)
            jp = os.path.join(TMP, "%s-%d.json" % (name, t))
            r = gtest.run([gtest.GCNSIM, "exec", "--functional", "--json", jp, "--"] + argv, env=env, timeout=300)
            j = strip_times(json.load(open(jp))) if os.path.exists(jp) else None
            res.append((r.returncode, re.sub(r"check(_cpu)?_ns \d+", "", r.stdout), j))   # host times
        check("exec --functional %s: its checks pass at GCNSIM_THREADS 1, 2, 4" % name,
              all(not re.search(r"(?m)^FAIL", x[1]) and re.search(r"(?m)^PASS", x[1]) and x[2] for x in res),
              res[0][1][-300:])
        check("exec --functional %s: the same output and dispatches at GCNSIM_THREADS 1, 2, 4" % name,
              all(x == res[0] for x in res) and res[0][2] and res[0][2].get("dispatches"), res[0][1][-300:])


def test_bad():
    for v in ("0", "-1", "x", "257", "", "2x"):
        for cmd in (["run", KB + "lds-gfx900.co", "--global", "64"], ["bench", "gemm"], ["exec", "true"],
                    ["validate", KB + "lds-gfx900.co", "--global", "64"]):
            r = gtest.gcnsim(cmd[:1] + ["--threads", v] + cmd[1:], timeout=60)
            lines = r.stderr.strip().splitlines()
            if not (r.returncode == 2 and len(lines) == 1 and "--threads" in lines[0]):
                check("--threads '%s' (gcnsim %s): one line, exit 2" % (v, cmd[0]), False, (r.returncode, r.stderr))
                return
    check("bad --threads values (0, -1, x, 257, empty, 2x) on run, bench, exec, validate: one line, exit 2", True)
    bad = []
    for v in ("0", "x", "300"):
        for cmd in (["run", KB + "lds-gfx900.co", "--global", "64"], ["bench", "gemm"], ["exec", "true"]):
            r = gtest.gcnsim(cmd, env=dict(os.environ, GCNSIM_THREADS=v), timeout=60)
            lines = r.stderr.strip().splitlines()
            if not (r.returncode == 2 and len(lines) == 1 and "GCNSIM_THREADS '%s'" % v in lines[0]):
                bad.append((v, cmd[0], r.returncode, r.stderr[:200]))
    r = gtest.gcnsim(["bench", "gemm", "--n", "64", "--functional", "--threads", "2"],
                     env=dict(os.environ, GCNSIM_THREADS="x"), timeout=60)
    check("a bad GCNSIM_THREADS (0, x, 300): one line naming it, exit 2; --threads overrides it",
          not bad and r.returncode == 0, (bad, r.returncode))


gtest.run_each([test_bench, test_transpose, test_reduce, test_scratch, test_divergent_and_grid3d, test_atomics,
                test_fault_and_limit, test_printf, test_interrupt, test_exec,
                test_bad])
gtest.done()
