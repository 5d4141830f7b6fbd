#!/usr/bin/env python3
"""HIP programs under Debian's own HSA runtime (ROCr 5.2.3) on gcnsim's
libhsakmt.so.1 (build/kmt, front/kmt): `gcnsim exec -- PROGRAM` runs an
unmodified hipcc-built program (tests/hip/bin/vadd_kmt, source
tests/hip/src/vadd_kmt.hip; make kernels rebuilds it) on the simulated GPU.

- The library exports exactly the hsaKmt* symbols the runtime's
  libhsa-runtime64.so.1 binds (nm of both).
- vadd_kmt N: hipMemcpy both ways, hipMemset, a vector add and a per-block
  reversal through dynamic shared memory; every element is checked against
  a reference computed here in float32, for several N (not multiples of the
  block size too), under the cycle model and --functional, on gfx900
  (vega-64), gfx803 (rx-480, r9-nano) and gfx906 (mi50).
- The device the program sees: its processor and CU count are the
  preset's (gcnsim devices) and follow --set cus=N.
- exec's summary, --json, --csv, --timeline and --trace cover the
  program's kernels: its two kernels
  once each, by their C++ names, with the grid sizes the source asks for,
  and the runtime's own copy and fill kernels.
- rocminfo (Debian's, unchanged) under gcnsim exec lists the simulated
  agent with the preset's processor, product name and CU count; the /dev/kfd
  and amdgpu module it checks for exist only in the program's own mount
  namespace (the host's /dev is left as it was).
- Two streams with asynchronous copies from pinned memory and a kernel
  each: both results right.
- hipEvent timing is simulated time: hipEventElapsedTime around one
  kernel gives that kernel's simulated ns (exec --json).
- printf from device code (HIP's hostcall: the kernel writes the
  runtime's buffer and signals its listener thread through the events
  page): one line per block, then the program goes on.
- malloc in device code (HIP asks its hostcall listener for heap memory,
  which the host allocates while the kernel waits): 128 threads each
  store and read back 3 i through their own allocation.
- A kernel that stores outside every allocation: gcnsim's fault report
  (kernel, instruction, address), then the runtime's own "Memory access
  fault by GPU node-1 ... on address A" for the same address and its abort
  (status 134), as on a GPU; the program never gets past its synchronise.
- One of Debian's prebuilt HIP libraries, unmodified: rocRAND's
  Philox4x32-10 generator (tests/hip/bin/rocrand_kmt, linked with
  librocrand) gives exactly the numbers of the Philox4x32-10 algorithm
  (Salmon et al., Random123, written out here) for the seed, counter i/4,
  word i%4, on gfx900, gfx803 and gfx906.
- Another, rocSPARSE: y = 2 A x by rocsparse_scsrmv
  (tests/hip/bin/rocsparse_kmt) equals the product computed here (every
  value a multiple of 0.5: exact in any summation order).
- Bad input: an unknown preset (--device or GCNSIM_DEVICE) is one line
  and status 2 from exec; run directly on the library, one line from it
  and a non-zero exit; a preset whose target the runtime does not know
  (gfx6) likewise."""
import difflib
import json
import os
import re
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
G = os.path.join(ROOT, "gcnsim")
KMT = os.path.join(ROOT, "build", "kmt", "libhsakmt.so.1")
ROCR = "/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1"
PROG = os.path.join(ROOT, "tests", "hip", "bin", "vadd_kmt")
ROCRAND = os.path.join(ROOT, "tests", "hip", "bin", "rocrand_kmt")
ROCSPARSE = os.path.join(ROOT, "tests", "hip", "bin", "rocsparse_kmt")
npass = nfail = 0


def check(ok, what, detail=""):
    global npass, nfail
    if ok:
        npass += 1
        print("PASS: " + what)
    else:
        nfail += 1
        print("FAIL: " + what + ("\n      " + str(detail)[:1500] if detail else ""))


def clean_env(**extra):
    env = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "LD_LIBRARY_PATH", "HSA_ENABLE_SDMA"):
        env.pop(k, None)
    env.update(extra)
    return env


def run(args, env=None, timeout=300):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env or clean_env())
    return p.returncode, p.stdout, p.stderr


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def reference(n):
    """c = a + b and d = c reversed per run of 256, in float32."""
    c = [f32(f32(f32(i) * 0.25 + 1.0) + f32((i % 97) * 3.5)) for i in range(n)]
    d = [0.0] * n
    for start in range(0, n, 256):
        run_ = c[start:start + 256]
        d[start:start + len(run_)] = run_[::-1]
    return c, d


def symbols(args):
    out = subprocess.run(["nm", "-D"] + args, capture_output=True, text=True).stdout
    return sorted(set(re.sub(r"@.*", "", l.split()[-1]) for l in out.splitlines()
                      if l.split() and l.split()[-1].startswith("hsaKmt")))


def preset_cus(name):
    out = subprocess.run([G, "devices"], capture_output=True, text=True).stdout
    for l in out.splitlines():
        f = l.split()
        if f and f[0] == name:
            return f[1], int(f[2])
    return None, None


def test_symbols():
    want, got = symbols(["--undefined-only", ROCR]), symbols(["--defined-only", KMT])
    check(len(want) >= 40 and got == want, "libhsakmt.so.1 exports exactly the %d hsaKmt* symbols ROCr binds"
          % len(want), "missing %s, extra %s" % (sorted(set(want) - set(got)), sorted(set(got) - set(want))))


def test_vadd(device, n, functional=False, sets=()):
    args = [G, "exec", "--device", device] + (["--functional"] if functional else [])
    for s in sets:
        args += ["--set", s]
    rc, out, err = run(args + ["--", PROG, str(n)])
    what = "vadd_kmt %d on %s%s%s" % (n, device, " --functional" if functional else "",
                                       "".join(" --set " + s for s in sets))
    lines = out.splitlines()
    gfx, cus = preset_cus(device)
    for s in sets:
        if s.startswith("cus="):
            cus = int(s[4:])
    m = re.match(r"device (gfx\w+)(:\S*)? cus (\d+)$", lines[0]) if lines else None
    check(rc == 0 and m and m.group(1) == gfx and int(m.group(3)) == cus,
          what + ": the program sees the preset's processor and CUs", "rc %d, %r, %s" % (rc, lines[:1], err[-800:]))
    c, d = reference(n)
    got = [tuple(float(x) for x in l.split()) for l in lines[1:]]
    bad = [i for i in range(min(n, len(got))) if got[i] != (c[i], d[i])]
    check(rc == 0 and len(got) == n and not bad, what + ": every element as the CPU reference",
          "rc %d, %d lines, first wrong %s, stderr %s" % (rc, len(got), bad[:3], err[-800:]))


def test_summary(functional):
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gcnsim-test-kmt-%d.json" % os.getpid())
    n = 1000
    rc, out, err = run([G, "exec", "--json", path] + (["--functional"] if functional else []) +
                       ["--", PROG, str(n)])
    try:
        with open(path) as f:
            d = json.load(f)
        os.unlink(path)
    except (OSError, ValueError) as e:
        d = {"error": str(e)}
    mode = " --functional" if functional else ""
    ours = [x for x in d.get("dispatches", []) if x.get("kernel") in ("_Z4vaddPKfS0_Pfi", "_Z14reverse_blocksPKfPfi")]
    groups = (n + 255) // 256 * 256
    check(rc == 0 and [x["kernel"] for x in ours] == ["_Z4vaddPKfS0_Pfi", "_Z14reverse_blocksPKfPfi"] and
          all(x["global"][0] == groups and x["local"][0] == 256 and x["status"] == "completed" for x in ours) and
          len(d["dispatches"]) > 2, "exec --json%s: both kernels once, in order, with the source's sizes" % mode,
          "rc %d, %s" % (rc, str(d)[:800]))
    rows = [l for l in err.splitlines() if l.startswith(("vadd(float const*", "reverse_blocks(float const*"))]
    check(len(rows) == 2 and all(r.split(")")[-1].split()[0] == "1" for r in rows) and
          "no kernels were dispatched" not in err, "exec%s summary: one call each of vadd and reverse_blocks" % mode, err)


def test_timeline():
    base = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gcnsim-test-kmt-%d" % os.getpid())
    rc, out, err = run([G, "exec", "--json", base + ".json", "--timeline", base + "-tl.json", "--", PROG, "1000"])
    try:
        with open(base + ".json") as f:
            d = json.load(f)
        with open(base + "-tl.json") as f:
            t = json.load(f)
        os.unlink(base + ".json")
        os.unlink(base + "-tl.json")
    except (OSError, ValueError) as e:
        d, t = {"dispatches": []}, {"error": str(e)}
    ev = t.get("traceEvents", [])
    kernels = {e["name"]: e for e in ev if e.get("ph") == "X" and e.get("cat") == "kernel"}
    ns = {x["kernel"]: x["ns"] for x in d["dispatches"]}
    ok = rc == 0 and t.get("otherData", {}).get("dispatches") == len(d["dispatches"]) > 2
    for k, mangled in (("vadd(float const*, float const*, float*, int)", "_Z4vaddPKfS0_Pfi"),
                       ("reverse_blocks(float const*, float*, int)", "_Z14reverse_blocksPKfPfi")):
        ok = ok and k in kernels and abs(kernels[k]["dur"] * 1000 - ns.get(mangled, -1)) <= 1
    check(ok and t["otherData"].get("instruction_slices", 0) > 0,
          "exec --timeline: every dispatch, the two kernels' slices as long as --json's ns, with their waves",
          "rc %d, %s, %s" % (rc, str(t.get("otherData")), sorted(kernels)))


def test_trace():
    """Two runs' traces of the vector add agree record for record (the
    runtime's own kernels may run in another order between its two queues,
    and take host pointers of the runtime, so only ours are compared)."""
    base = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gcnsim-test-kmt-%d" % os.getpid())
    dumps = []
    for tag in ("a", "b"):
        tr, js = base + "-%s.trace" % tag, base + "-%s.json" % tag
        rc = run([G, "exec", "--functional", "--trace", tr, "--json", js, "--", PROG, "1000"])[0]
        try:
            with open(js) as f:
                order = [x["kernel"] for x in json.load(f)["dispatches"]]
        except (OSError, ValueError):
            order = []
        n = order.index("_Z4vaddPKfS0_Pfi") if "_Z4vaddPKfS0_Pfi" in order else -1
        d = run([G, "trace", "dump", tr, "--dispatch", str(n)]) if rc == 0 and n >= 0 else (1, "", "")
        dumps.append(d)
        for p in (tr, js):
            if os.path.exists(p):
                os.unlink(p)
    a, b = dumps
    check(a[0] == 0 and b[0] == 0 and "kernel _Z4vaddPKfS0_Pfi" in a[1] and "HIP dispatch _Z4vaddPKfS0_Pfi:0" in a[1]
          and a[1].count("\n[") == 528 and a[1] == b[1],
          "exec --trace: the vector add's trace, 528 records, the same in two runs", a[1][:400] + a[2] + b[2])


def test_streams(device, n, functional):
    rc, out, err = run([G, "exec", "--device", device] + (["--functional"] if functional else []) +
                       ["--", PROG, "streams", str(n)])
    want = ["s1 %d s2 %d" % (i + 5, i + 7) for i in range(n)]
    check(rc == 0 and out.splitlines() == want and "add_const" in err,
          "two streams of %d on %s%s: copies and kernels on each" % (n, device, " --functional" if functional else ""),
          "rc %d, %r, %s" % (rc, out[:200], err[-500:]))


def test_events(device, n):
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gcnsim-test-kmt-%d-ev.json" % os.getpid())
    rc, out, err = run([G, "exec", "--device", device, "--json", path, "--", PROG, "events", str(n)])
    try:
        with open(path) as f:
            ns = [x["ns"] for x in json.load(f)["dispatches"] if x["kernel"] == "_Z4vaddPKfS0_Pfi"]
        os.unlink(path)
    except (OSError, ValueError):
        ns = []
    m = re.match(r"elapsed (\d+)$", out.strip())
    check(rc == 0 and m and len(ns) == 1 and abs(int(m.group(1)) - ns[0]) <= 2,
          "hipEventElapsedTime around the vector add of %d on %s: its simulated time" % (n, device),
          "rc %d, %r, %s, %s" % (rc, out, ns, err[-400:]))


def summary_diff(a, b):
    """The lines of two summaries that differ, for a failure's detail."""
    return "\n".join(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0))


def test_repeatable():
    runs = [run([G, "exec", "--", PROG, "1000"]) for _ in range(2)]
    check(all(r[0] == 0 for r in runs) and runs[0][2] == runs[1][2] and "us of simulated kernel time" in runs[0][2],
          "two runs under the cycle model: the same summary, figure for figure",
          summary_diff(runs[0][2], runs[1][2]) or runs[0][2])


def test_host_addresses():
    """The runtime's own host memory (user memory it registers, which its
    fill kernel reads) lies where the program's allocator puts it, and
    that moves with the timing of the runtime's threads.  glibc's mmap
    threshold moves it on purpose here: the traces show other host
    addresses, and the summary stays the same figure for figure (with
    524288 the memory lands where, timed at its host address, the fill
    kernel met a DRAM row conflict)."""
    tmp = os.environ.get("TMPDIR", "/tmp")
    tr = os.path.join(tmp, "gcnsim-test-kmt-%d-host.trace" % os.getpid())
    dumps = []
    for tun in ("", "glibc.malloc.mmap_threshold=4096"):
        rc, out, err = run([G, "exec", "--trace", tr, "--", PROG, "1000"], env=clean_env(GLIBC_TUNABLES=tun))
        dump = ""
        for n in range(16 if rc == 0 else 0):   # every dispatch's records
            d = run([G, "trace", "dump", tr, "--dispatch", str(n)])
            if d[0] != 0:
                break
            dump += d[1]
        if os.path.exists(tr):
            os.unlink(tr)
        dumps.append(dump)
    check(all(dumps) and dumps[0] != dumps[1], "the mmap threshold moves the runtime's host memory: the traces differ")
    outs = [run([G, "exec", "--", PROG, "1000"], env=clean_env(GLIBC_TUNABLES=tun))
            for tun in [""] + ["glibc.malloc.mmap_threshold=%d" % t for t in (4096, 65536, 524288, 1048576, 33554432)]]
    ok = all(rc == 0 and "us of simulated kernel time" in err for rc, _, err in outs)
    bad = [summary_diff(outs[0][2], e) for _, _, e in outs[1:] if e != outs[0][2]]
    check(ok and not bad, "runtime host memory at other addresses: the same summary, figure for figure",
          "\n".join(bad) or outs[0][2])


def test_csv():
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gcnsim-test-kmt-%d.csv" % os.getpid())
    rc, out, err = run([G, "exec", "--csv", path, "--", PROG, "1000"])
    try:
        with open(path) as f:
            rows = [l.split(",") for l in f.read().splitlines()]
        os.unlink(path)
    except OSError as e:
        rows = [[str(e)]]
    head = rows[0]
    col = {name: i for i, name in enumerate(head)}
    ours = [r for r in rows[1:] if len(r) == len(head) and r[1] in ('"_Z4vaddPKfS0_Pfi"', '"_Z14reverse_blocksPKfPfi"')]
    ok = rc == 0 and len(ours) == 2 and len(rows) > 3
    for r in ours:
        ok = ok and r[col["grd"]] == "1024" and r[col["wgr"]] == "256" and \
            int(r[col["DurationNs"]]) == int(r[col["EndNs"]]) - int(r[col["BeginNs"]]) > 0
    check(ok, "exec --csv: a row per dispatch, the two kernels with grd 1024, wgr 256 and their durations",
          "rc %d, %s" % (rc, rows[:4]))


def test_rocminfo(device):
    gfx, cus = preset_cus(device)
    product = subprocess.run([G, "devices"], capture_output=True, text=True).stdout
    product = [l for l in product.splitlines() if l.split()[:1] == [device]][0].split("GB/s")[-1].strip()
    kfd_before = os.path.exists("/dev/kfd")
    rc, out, err = run([G, "exec", "--device", device, "--", "rocminfo"])
    agents = re.split(r"\*+\s*\nAgent \d+\s*\n\*+", out)[1:]
    gpu = [a for a in agents if re.search(r"^\s*Device Type:\s*GPU", a, re.M)]
    want = [r"^\s*Name:\s*%s\s*$" % gfx, r"^\s*Marketing Name:\s*%s\s*$" % re.escape(product),
            r"^\s*Compute Unit:\s*%d\s*$" % cus, r"^\s*SIMDs per CU:\s*4\s*$",
            r"amdgcn-amd-amdhsa--%s" % gfx]
    check(rc == 0 and len(gpu) == 1 and all(re.search(w, gpu[0], re.M) for w in want),
          "rocminfo under exec --device %s lists one GPU agent: %s, %d CUs, %s" % (device, gfx, cus, product),
          "rc %d, %s %s" % (rc, out[-1500:], err[-500:]))
    check(os.path.exists("/dev/kfd") == kfd_before, "the host's /dev/kfd is as it was after rocminfo ran")


def test_printf(device, functional):
    rc, out, err = run([G, "exec", "--device", device] + (["--functional"] if functional else []) +
                       ["--", PROG, "hello"])
    lines = out.splitlines()
    check(rc == 0 and sorted(lines[:-1]) == ["hello 42 from block %d" % b for b in range(3)] and
          lines[-1:] == ["after hello: hipSuccess"],
          "printf from 3 blocks on %s%s" % (device, " --functional" if functional else ""),
          "rc %d, %r, %s" % (rc, out[-400:], err[-600:]))


def test_device_malloc(device, functional):
    rc, out, err = run([G, "exec", "--device", device] + (["--functional"] if functional else []) +
                       ["--", PROG, "malloc"])
    got = [int(x) for x in out.split()] if rc == 0 else []
    check(rc == 0 and got == [3 * i for i in range(128)] and "ran away" not in err,
          "malloc in device code, 128 threads, on %s%s" % (device, " --functional" if functional else ""),
          "rc %d, %r, %s" % (rc, out[:200], err[-600:]))


def test_fault(device):
    rc, out, err = run([G, "exec", "--device", device, "--functional", "--", PROG, "wild"])
    ours = re.search(r"^gcnsim HSA: kernel _Z4wildPi: memory fault .*(?:global|flat)_store_dword.* at (0x[0-9a-f]+), "
                     r"outside every allocation", err, re.M)
    rocr = re.search(r"^Memory access fault by GPU node-1 .* on address (0x[0-9a-f]+)\. Reason: Page not present",
                     err, re.M)
    check(rc == 134 and ours and rocr and ours.group(1) == rocr.group(1) and "after the fault" not in out,
          "a wild store on %s: gcnsim's report, then the runtime's memory fault for the same address and abort"
          % device, "rc %d, %s, %s" % (rc, out[-300:], err[-1200:]))


def philox4x32_10(ctr, key):
    """Philox4x32-10 (Random123): 10 rounds of two 32x32 multiplies and a
    Weyl-sequence key schedule."""
    m0, m1, w0, w1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
    c, k = list(ctr), list(key)
    for r in range(10):
        p0, p1 = m0 * c[0], m1 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & 0xffffffff, (p0 >> 32) ^ c[3] ^ k[1], p0 & 0xffffffff]
        k = [(k[0] + w0) & 0xffffffff, (k[1] + w1) & 0xffffffff]
    return c


def test_rocrand(device, n, seed):
    rc, out, err = run([G, "exec", "--device", device, "--functional", "--", ROCRAND, str(n), str(seed)])
    want = []
    for i in range((n + 3) // 4):
        want += philox4x32_10((i & 0xffffffff, i >> 32, 0, 0), (seed & 0xffffffff, seed >> 32))
    got = [int(x) for x in out.split()] if rc == 0 else []
    bad = [i for i in range(min(len(got), n)) if got[i] != want[i]]
    check(rc == 0 and len(got) == n and not bad and "rocrand_host::detail::generate_kernel" in err,
          "rocRAND (Debian's librocrand) Philox4x32-10, %d numbers, seed %d, on %s: the algorithm's sequence"
          % (n, seed, device), "rc %d, %d numbers, first wrong %s, %s" % (rc, len(got), bad[:3], err[-600:]))


def test_rocsparse(device, m):
    rc, out, err = run([G, "exec", "--device", device, "--functional", "--", ROCSPARSE, str(m)])
    x = [float(j % 3) - 1.0 for j in range(m)]
    y, nnz = [], 0
    for i in range(m):
        cols = sorted(set(c for c in (i - 1, i, i + 1, (7 * i) % m) if 0 <= c < m))
        nnz += len(cols)
        y.append(2.0 * sum((((i + c) % 5) + 0.5) * x[c] for c in cols))
    lines = out.splitlines()
    got = [float(l) for l in lines[1:]] if rc == 0 else []
    check(rc == 0 and lines[:1] == ["nnz %d" % nnz] and got == y and "csrmv" in err,
          "rocSPARSE (Debian's librocsparse) csrmv of %d rows on %s equals the CPU product" % (m, device),
          "rc %d, %r, %s" % (rc, out[:200], err[-600:]))


def test_bad_device():
    rc, out, err = run([G, "exec", "--device", "no-such-gpu", "--", PROG, "10"])
    lines = [l for l in err.splitlines() if l.strip()]
    check(rc == 2 and len(lines) == 1 and "no-such-gpu" in lines[0] and not out,
          "exec --device with an unknown preset: one line, status 2", "rc %d, %r" % (rc, err))
    rc, out, err = run([G, "exec", "--", PROG, "10"], env=clean_env(GCNSIM_DEVICE="no-such-gpu"))
    lines = [l for l in err.splitlines() if l.strip()]
    check(rc == 2 and len(lines) == 1 and "no-such-gpu" in lines[0] and not out,
          "exec with an unknown GCNSIM_DEVICE: one line, status 2", "rc %d, %r" % (rc, err))
    for dev, want in (("no-such-gpu", "unknown device preset 'no-such-gpu'"),
                      ("hd-7970", "not a target of the HSA runtime"),
                      ("vega-64,rx-480", "names several presets")):
        rc, out, err = run([PROG, "10"], env=clean_env(GCNSIM_DEVICE=dev, LD_LIBRARY_PATH=os.path.dirname(KMT)))
        ours = [l for l in err.splitlines() if l.startswith("gcnsim HSA:")]
        check(rc != 0 and len(ours) == 1 and want in ours[0] and "cus" not in out,
              "GCNSIM_DEVICE=%s straight on the library: one line from it, the program fails" % dev,
              "rc %d, %r" % (rc, err[-600:]))


def main():
    if not os.path.exists(KMT):
        check(False, "build/kmt/libhsakmt.so.1 is built (make; needs libhsakmt-dev)")
        sys.exit(1)
    test_symbols()
    test_vadd("vega-64", 1000)
    test_vadd("vega-64", 4097, functional=True)
    test_vadd("vega-64", 1, functional=True)
    test_vadd("vega-64", 300, functional=True, sets=("cus=8",))
    test_vadd("rx-480", 1000)
    test_vadd("r9-nano", 513, functional=True)
    test_vadd("mi50", 600, functional=True)
    test_summary(False)
    test_summary(True)
    test_csv()
    test_timeline()
    test_trace()
    test_repeatable()
    test_host_addresses()
    test_streams("vega-64", 5000, False)
    test_streams("rx-480", 777, True)
    test_events("vega-64", 100000)
    test_events("rx-480", 5000)
    test_rocrand("vega-64", 10007, 77)
    test_rocrand("rx-480", 1000, 0x123456789)
    test_rocrand("mi50", 4096, 5)
    test_rocsparse("vega-64", 1000)
    test_rocsparse("rx-480", 333)
    test_printf("vega-64", True)
    test_printf("vega-64", False)
    test_printf("rx-480", True)
    test_device_malloc("vega-64", True)
    test_device_malloc("vega-64", False)
    test_device_malloc("rx-480", True)
    test_fault("vega-64")
    test_fault("rx-480")
    if os.path.exists("/usr/bin/rocminfo"):
        test_rocminfo("vega-64")
        test_rocminfo("rx-480")
    else:
        check(False, "rocminfo is installed (Debian package rocminfo)")
    test_bad_device()
    print("%d passed, %d failed" % (npass, nfail))
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
