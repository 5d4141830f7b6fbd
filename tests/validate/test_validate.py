#!/usr/bin/env python3
"""gcnsim validate and bench --validate, without a GPU: the device path runs
against build/fakehsa/libhsa-runtime64.so.1 (tests/validate/fake_hsa.c), a
test double of the HSA runtime found under the runtime's own name through
LD_LIBRARY_PATH, which records the dispatches it receives.  One
PASS:/FAIL:/SKIP: line per check.

 1. --help of validate, bench's --validate, the command list; bad usage
    exits 2 with one line.
 2. Skips, exit 77 with exactly one line saying which: no runtime (a
    library path that does not exist; LD_LIBRARY_PATH to an empty
    directory when no runtime is installed), the real Debian runtime on a
    machine without /dev/kfd (no GPU), the fake with hsa_init failing or
    no GPU agent (no GPU), and a GPU of another gfx target.
 3. The same launch: for v4 and v5 kernels (buffers, by-value and __local
    arguments, static and dynamic LDS, scratch, 1-D and 2-D grids with
    partial work-groups) the packet the fake received (dims, grid,
    work-group, LDS and scratch bytes) and its kernarg segment equal what
    `gcnsim run --json` reports the simulator used, except the buffer
    pointers and the platform's values (queue, apertures); and,
    independently, against the metadata llvm-readelf prints: each buffer
    argument's slot holds the address of a device allocation whose
    contents at dispatch are exactly the input bytes, each by-value
    argument the value given, each hidden argument the value the launch
    implies.  The code object it loaded is the file, byte for byte; the
    symbol is NAME.kd (v3+) or NAME (v2).
 4. Results: with the device's buffer left as it was, exit 1 and the first
    differing element the test predicts; filled with the simulator's own
    --dump output, exit 0 "identical"; one flipped bit, exit 1 naming that
    element with both values; --ulp 1 accepts a 1-ULP difference and not a
    larger one.
 5. Time: device ns = FAKE_HSA_TICKS / FAKE_HSA_FREQ; simulated = cycles /
    clock; the ratio is their quotient; the preset is the GPU's gfx
    target's (else the nearest CU count), overridden with its CUs and clock.
 6. bench --validate: every launch reaches the fake (bitonic: 55 for 1024
    keys, with each stage and pass in the kernarg, the same keys buffer),
    the final buffer compared (differs as left; agrees when filled with the
    sorted keys), the per-group times; a skip is one line, exit 77.

GCNSIM names the binary (empty: ./gcnsim).
"""
import json
import os
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check  # noqa: E402

G = gtest.GCNSIM
FAKE_DIR = os.path.join(ROOT, "build", "fakehsa")
E2E = os.path.join(ROOT, "tests", "e2e", "bin")
KBIN = os.path.join(ROOT, "tests", "kernels", "bin")


def gcnsim(args, env=None, log=None, **fake):
    e = dict(os.environ)
    for k in list(e):
        if k.startswith("FAKE_HSA_") or k == "GCNSIM_HSA_LIB":
            del e[k]
    e["LD_LIBRARY_PATH"] = FAKE_DIR
    if log:
        e["FAKE_HSA_LOG"] = log
    for k, v in fake.items():
        e["FAKE_HSA_" + k.upper()] = str(v)
    if env:
        e.update(env)
    return gtest.gcnsim(args, env=e)


def lines(p):
    return (p.stdout + p.stderr).strip().splitlines()


def read_log(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]


def write(path, fmt, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


# ---- 1. help and usage -------------------------------------------------------

def check_help():
    p = gcnsim(["validate", "--help"])
    check("validate --help: usage, --ulp and the exit statuses",
          p.returncode == 0 and p.stdout.startswith("usage: gcnsim validate FILE") and "--ulp N" in p.stdout
          and "77" in p.stdout)
    p = gcnsim(["--help"])
    check("gcnsim --help lists validate",
          p.returncode == 0 and any(l.split()[:1] == ["validate"] for l in p.stdout.splitlines()))
    p = gcnsim(["bench", "--help"])
    check("bench --help describes --validate", p.returncode == 0 and "--validate" in p.stdout)
    co = os.path.join(E2E, "f32_arith-gfx900.co")
    for args, what in [(["validate"], "no FILE"),
                       (["validate", co, "--global", "64", "--ulp", "x"], "--ulp x"),
                       (["validate", co, "--global", "64", "--functional"], "--functional"),
                       (["validate", co, "--global", "64", "--bogus"], "an unknown option"),
                       (["validate", "/nonexistent.co", "--global", "64"], "a missing file"),
                       (["validate", co, "--global", "64", "--arg", "zero:4"], "too few --arg"),
                       (["bench", "gemm", "--validate", "--functional"], "bench --validate --functional")]:
        p = gcnsim(args)
        check("bad usage (%s): exit 2, one line (%s)" % (what, p.returncode if p.returncode != 2 else lines(p)),
              p.returncode == 2 and len(lines(p)) == 1)


# ---- 2. skips ------------------------------------------------------------------

F32 = os.path.join(E2E, "f32_arith-gfx900.co")


def f32_args(tmp, n=64):
    a = write(os.path.join(tmp, "a.bin"), "f", [i * 0.5 - 7 for i in range(n)])
    b = write(os.path.join(tmp, "b.bin"), "f", [1.0 + i / 3.0 for i in range(n)])
    c = write(os.path.join(tmp, "c.bin"), "f", [2.0 - i for i in range(n)])
    return ["--kernel", "f32_arith", "--global", str(n), "--arg", "buf:" + a, "--arg", "buf:" + b,
            "--arg", "buf:" + c, "--arg", "zero:%d" % (64 * n), "--arg", "u32:%d" % n]


def check_skip(p, words, what):
    out = lines(p)
    ok = p.returncode == 77 and len(out) == 1 and all(w in out[0] for w in words)
    check("%s: exit 77 with one line saying %s%s" % (what, " ".join(words), "" if ok else " (%d: %s)" % (
        p.returncode, out)), ok)


def system_runtime():
    """The installed runtime's file, if the dynamic linker finds one."""
    p = gtest.run(["/sbin/ldconfig", "-p"])
    for l in p.stdout.splitlines():
        if "libhsa-runtime64.so.1 " in l and "=>" in l:
            return l.split("=>")[1].strip()
    return None


def check_skips(tmp):
    args = ["validate", F32] + f32_args(tmp)
    check_skip(gcnsim(args, env={"GCNSIM_HSA_LIB": os.path.join(tmp, "nothing", "libhsa-runtime64.so.1")}),
               ["skipped", "no runtime"], "runtime absent (GCNSIM_HSA_LIB to a missing file)")
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty, exist_ok=True)
    sysrt = system_runtime()
    if not sysrt:
        check_skip(gcnsim(args, env={"LD_LIBRARY_PATH": empty}), ["skipped", "no runtime"],
                   "runtime absent (LD_LIBRARY_PATH to an empty directory)")
    elif os.path.exists("/dev/kfd"):
        print("SKIP: the installed HSA runtime without a GPU (this machine has /dev/kfd)")
    else:
        p = gcnsim(args, env={"LD_LIBRARY_PATH": empty})
        check_skip(p, ["skipped", "no GPU", "/dev/kfd"], "the installed runtime (%s), no /dev/kfd" % sysrt)
        pb = gcnsim(["bench", "bitonic", "--n", "1024", "--validate"], env={"LD_LIBRARY_PATH": empty})
        check_skip(pb, ["skipped", "no GPU"], "bench --validate on the installed runtime, no /dev/kfd")
    check_skip(gcnsim(args, init_fail=1), ["skipped", "no GPU", "hsa_init"], "the runtime does not start")
    check_skip(gcnsim(args, gpus=0), ["skipped", "no GPU"], "no GPU agent")
    check_skip(gcnsim(args, gfx="gfx803"), ["skipped", "target mismatch", "gfx900", "gfx803"],
               "a gfx803 GPU for gfx900 code")
    check_skip(gcnsim(["bench", "reduce", "--n", "4096", "--validate"], gfx="gfx701"),
               ["skipped", "target mismatch"], "bench --validate, a gfx701 GPU for gfx900 code")
    check_skip(gcnsim(["bench", "reduce", "--n", "4096", "--validate"],
                      env={"GCNSIM_HSA_LIB": os.path.join(empty, "libhsa-runtime64.so.1")}),
               ["skipped", "no runtime"], "bench --validate, runtime absent")


# ---- 3. the same launch ----------------------------------------------------------

def metadata(co):
    """kernel name -> its .args list, from llvm-readelf --notes (v3+)."""
    for tool in ("llvm-readelf-16", "llvm-readelf-15", "llvm-readelf"):
        if shutil.which(tool):
            break
    else:
        return None
    text = gtest.run([tool, "--notes", co]).stdout
    import yaml
    body = text[text.index("---") + 3:text.rindex("...")]
    meta = yaml.safe_load(body)
    return {k[".name"]: k[".args"] for k in meta["amdhsa.kernels"]}


def sim_dispatch(co, args):
    p = gtest.gcnsim(["run", co, "--functional", "--json", "-"] + args)
    return json.loads(p.stdout)["dispatch"] if p.returncode == 0 else None


def hidden_value(kind, grid, local, dims, dyn_lds, queue, priv_hi, shared_hi):
    d = {"x": 0, "y": 1, "z": 2}
    if kind.startswith("hidden_block_count_"):
        i = d[kind[-1]]
        return (grid[i] + local[i] - 1) // local[i]
    if kind.startswith("hidden_group_size_"):
        return local[d[kind[-1]]]
    if kind.startswith("hidden_remainder_"):
        i = d[kind[-1]]
        return grid[i] % local[i]
    return {"hidden_grid_dims": dims, "hidden_dynamic_lds_size": dyn_lds, "hidden_queue_ptr": queue,
            "hidden_private_base": priv_hi, "hidden_shared_base": shared_hi}.get(kind, 0)


def check_launch(tmp, name, co, kernel, args, inputs, byval, dyn_lds=0, local_offsets=()):
    """inputs: explicit argument index -> expected initial bytes of its buffer;
    byval: index -> bytes; local_offsets: indices of __local pointers."""
    log = os.path.join(tmp, name + ".log")
    if os.path.exists(log):
        os.remove(log)
    sim = sim_dispatch(co, ["--kernel", kernel] + args)
    p = gcnsim(["validate", co, "--kernel", kernel] + args, log=log)
    if sim is None or p.returncode not in (0, 1):
        check("%s: run --json and validate (%s)" % (name, lines(p)[-3:]), False)
        return
    ev = read_log(log)
    disp = [e for e in ev if e["event"] == "dispatch"]
    queue = [e for e in ev if e["event"] == "queue"][0]
    if len(disp) != 1:
        check("%s: one dispatch, got %d" % (name, len(disp)), False)
        return
    d = disp[0]
    check("%s: packet as simulated: dims %d, grid %s, work-group %s, LDS %d, scratch %d" % (
              name, d["dims"], d["grid"], d["workgroup"], d["group_segment_size"], d["private_segment_size"]),
          [d["dims"], d["grid"], d["workgroup"], d["group_segment_size"], d["private_segment_size"]] ==
          [sim["dims"], sim["grid"], sim["workgroup"], sim["group_segment_size"], sim["private_segment_size"]])
    check("%s: a kernel dispatch packet with the symbol's kernel object" % name,
          d["header"] & 0xff == 2 and d["kernel_object"] == [e for e in ev if e["event"] == "symbol"][0]["object"])
    fk, sk = bytes.fromhex(d["kernarg"]), bytes.fromhex(sim["kernarg"])
    meta = metadata(co)[kernel]
    explicit = [a for a in meta if not a[".value_kind"].startswith("hidden_")]
    allocs = {a["address"]: bytes.fromhex(a["data"]) for a in d["allocations"]}
    # independent of the simulator: each slot from the metadata
    bad = []
    expect = bytearray(len(fk))
    for a in meta:
        off, size, kind = a[".offset"], a[".size"], a[".value_kind"]
        got = fk[off:off + size]
        if kind == "global_buffer":
            i = explicit.index(a)
            addr = int.from_bytes(got, "little")
            if allocs.get(addr) != inputs[i]:
                bad.append("arg %d @%d: 0x%x is not an allocation holding the input" % (i, off, addr))
            expect[off:off + size] = got
            continue
        if kind == "by_value":
            want = byval[explicit.index(a)]
        elif kind == "dynamic_shared_pointer":
            want = local_offsets[explicit.index(a)].to_bytes(size, "little")
        else:
            want = hidden_value(kind, d["grid"], d["workgroup"], d["dims"], dyn_lds, queue["address"],
                                d["private_base_hi"], d["shared_base_hi"]).to_bytes(size, "little")
        expect[off:off + size] = want
        if got != want:
            bad.append("%s @%d: %s, want %s" % (kind, off, got.hex(), want.hex()))
    if bytes(expect) != fk:
        bad.append("bytes outside every argument are not zero")
    check("%s: the device's kernarg (%d bytes) against the metadata: %d arguments%s" % (
              name, len(fk), len(meta), "" if not bad else ": " + "; ".join(bad)),
          not bad and len(fk) >= meta[-1][".offset"] + meta[-1][".size"])
    # against the simulator: the same bytes but for pointers and platform values
    diff = []
    for a in meta:
        off, size, kind = a[".offset"], a[".size"], a[".value_kind"]
        if kind == "global_buffer":
            i = explicit.index(a)
            sb = [b for b in sim["buffers"] if b["arg"] == i][0]
            if int.from_bytes(sk[off:off + size], "little") != sb["address"]:
                diff.append("simulator arg %d is not its buffer" % i)
            continue
        want_sim = fk[off:off + size]
        if kind in ("hidden_queue_ptr", "hidden_private_base", "hidden_shared_base"):
            want_sim = hidden_value(kind, sim["grid"], sim["workgroup"], sim["dims"], dyn_lds, sim["queue"],
                                    sim["private_base_hi"], sim["shared_base_hi"]).to_bytes(size, "little")
        if sk[off:off + size] != want_sim:
            diff.append("%s @%d: simulator %s, device %s" % (kind, off, sk[off:off + size].hex(), fk[off:off + size].hex()))
    check("%s: the simulator's kernarg equals the device's but for %d buffer "
          "pointer(s) and the platform values%s" % (name, sum(a[".value_kind"] == "global_buffer" for a in meta),
                                                      "" if not diff else ": " + "; ".join(diff)),
          len(sk) == len(fk) and not diff)
    loads = [e for e in ev if e["event"] == "load"]
    with open(co, "rb") as f:
        same = len(loads) == 1 and open(loads[0]["file"], "rb").read() == f.read()
    check("%s: the code object loaded is the file, byte for byte" % name, same)
    sym = [e["name"] for e in ev if e["event"] == "symbol"]
    check("%s: symbol %s" % (name, sym), sym == [kernel + ".kd"])


def check_launches(tmp):
    if metadata(F32) is None:
        print("SKIP: kernarg against the metadata (no llvm-readelf)")
        return
    n = 64
    args = f32_args(tmp, n)
    ins = {i: open(os.path.join(tmp, f), "rb").read() for i, f in enumerate(["a.bin", "b.bin", "c.bin"])}
    ins[3] = bytes(64 * n)
    check_launch(tmp, "f32_arith v4", F32, "f32_arith", args[2:], ins, {4: struct.pack("<I", n)})
    v5 = os.path.join(KBIN, "lds-gfx900-v5.co")
    a = write(os.path.join(tmp, "r.bin"), "f", [float(i % 7) for i in range(1000)])
    check_launch(tmp, "lds_reduce v5 (static LDS, partial group)", v5, "lds_reduce",
                 ["--global", "1000", "--local", "256", "--arg", "zero:16", "--arg", "buf:" + a],
                 {0: bytes(16), 1: open(a, "rb").read()}, {})
    t = write(os.path.join(tmp, "t.bin"), "f", [float(i) for i in range(40 * 24)])
    check_launch(tmp, "lds_transpose v5 (2-D, partial groups)", v5, "lds_transpose",
                 ["--global", "40,24", "--local", "16,16", "--arg", "zero:%d" % (4 * 40 * 24), "--arg", "buf:" + t,
                  "--arg", "i32:40", "--arg", "i32:24"],
                 {0: bytes(4 * 40 * 24), 1: open(t, "rb").read()}, {2: struct.pack("<i", 40), 3: struct.pack("<i", 24)})
    dyn = os.path.join(E2E, "dyn_lds-gfx900.co")
    x = write(os.path.join(tmp, "x.bin"), "f", [float(i) for i in range(256)])
    check_launch(tmp, "dyn_lds v4 (two __local arguments)", dyn, "dyn_lds",
                 ["--global", "256", "--local", "64", "--arg", "buf:" + x, "--arg", "zero:1024", "--arg", "local:256",
                  "--arg", "local:100"], {0: open(x, "rb").read(), 1: bytes(1024)}, {}, dyn_lds=256 + 112,
                 local_offsets={2: 0, 3: 256})
    scr = os.path.join(E2E, "scratch_array-gfx900.co")
    u = write(os.path.join(tmp, "u.bin"), "I", list(range(128)))
    check_launch(tmp, "scratch_array v4 (scratch)", scr, "scratch_array",
                 ["--global", "128", "--arg", "buf:" + u, "--arg", "zero:1024", "--arg", "u32:128"],
                 {0: open(u, "rb").read(), 1: bytes(1024)}, {2: struct.pack("<I", 128)})
    # code object v2: the symbol is the kernel's name
    v2 = os.path.join(KBIN, "atomics-gfx900-v2.co")
    log = os.path.join(tmp, "v2.log")
    ai = write(os.path.join(tmp, "ai.bin"), "i", list(range(256)))
    p = gcnsim(["validate", v2, "--kernel", "atomics_global", "--global", "256", "--local", "64", "--arg", "zero:32",
                "--arg", "zero:4", "--arg", "zero:8", "--arg", "buf:" + ai], log=log)
    sym = [e["name"] for e in read_log(log) if e["event"] == "symbol"] if os.path.exists(log) else []
    check("code object v2: symbol %s" % sym, p.returncode in (0, 1) and sym == ["atomics_global"])


# ---- 4. results ------------------------------------------------------------------

def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def check_results(tmp):
    n = 64
    args = ["validate", F32] + f32_args(tmp, n)
    out = os.path.join(tmp, "sim_out.bin")
    p = gcnsim(args + ["--dump", "3=" + out], log=os.path.join(tmp, "r0.log"))
    sim = open(out, "rb").read() if os.path.exists(out) else b""
    words = struct.unpack("<%dI" % (len(sim) // 4), sim)
    first = next((i for i, w in enumerate(words) if w != 0), None)
    row = [l for l in p.stdout.splitlines() if l.strip().startswith("3 ")]
    want = "DIFFERS in %d of %d float elements; first [%d]: simulator %s (0x%08x), device 0 (0x00000000)" % (
        sum(w != 0 for w in words), len(words), first, "%.9g" % f32(words[first]), words[first]) if first is not None else "?"
    check("device buffer left as it was: exit 1, '%s'" % want,
          p.returncode == 1 and row and row[0].endswith(want) and "result     DIFFER" in p.stdout)
    fill = {"fill": "24=" + out}
    p = gcnsim(args, **fill)
    rows = [l for l in p.stdout.splitlines() if l.strip()[:1].isdigit()]
    check("device buffer = the simulator's --dump: exit 0, 4 buffers identical",
          p.returncode == 0 and len(rows) == 4 and all(r.endswith("  identical") for r in rows) and
          "AGREE: every buffer identical, bit for bit" in p.stdout)
    # one flipped bit: the lowest mantissa bit of element k, then a higher one
    k = next(i for i in range(37, len(words)) if words[i] & 0x7f800000 not in (0, 0x7f800000))
    for bit, ulp, code, what in [(0, 0, 1, "bit 0, --ulp 0"), (0, 1, 0, "bit 0, --ulp 1"), (3, 1, 1, "bit 3, --ulp 1")]:
        flipped = list(words)
        flipped[k] ^= 1 << bit
        path = write(os.path.join(tmp, "flip.bin"), "I", flipped)
        p = gcnsim(args + ["--ulp", str(ulp)], fill="24=" + path)
        if code == 1:
            want = "DIFFERS in 1 of %d float elements; first [%d]: simulator %s (0x%08x), device %s (0x%08x)" % (
                len(words), k, "%.9g" % f32(words[k]), words[k], "%.9g" % f32(flipped[k]), flipped[k])
        else:
            want = "within 1 ULP (1 of %d float elements differ, by at most 1 ULP)" % len(words)
        row = [l for l in p.stdout.splitlines() if l.strip().startswith("3 ")]
        check("%s: exit %d, '%s'" % (what, code, want), p.returncode == code and row and row[0].endswith(want))


# ---- 5. time and the preset ---------------------------------------------------------

def parse_time(out):
    line = [l for l in out.splitlines() if l.strip().startswith("time")][0].split()
    # time device D us, simulated S us (C cycles at M MHz); device/simulated R
    return float(line[2]), float(line[5]), int(line[7].strip("(")), int(line[10]), float(line[-1])


def check_time(tmp):
    args = ["validate", F32] + f32_args(tmp)
    p = gcnsim(args, ticks=123456, freq=25000000, mhz=1630, cus=56)
    try:
        dev, sim, cyc, mhz, ratio = parse_time(p.stdout)
    except (IndexError, ValueError):
        check("time line: %s" % p.stdout[-300:], False)
        return
    check("device time = 123456 ticks at 25 MHz = 4938.240 us (%s)" % dev, dev == 4938.240)
    check("simulated time = %d cycles / %d MHz = %.3f us" % (cyc, mhz, sim),
          mhz == 1630 and abs(sim - cyc / mhz) < 0.0006)
    check("ratio device/simulated %.3f" % ratio, abs(ratio - round(dev / (cyc / mhz), 3)) < 0.0011)
    pre = [l for l in p.stdout.splitlines() if l.strip().startswith("simulated")]
    check("gfx900 GPU with 56 CUs: vega-64, cus and clock overridden",
          pre and "preset vega-64" in pre[0] and "cus=56 (preset 64)" in pre[0] and
          "clock_mhz=1630 (preset 1247)" in pre[0])
    dev_line = [l for l in p.stdout.splitlines() if l.strip().startswith("device")]
    check("the device line: name, target, CUs, clock, the runtime file",
          dev_line and "Fake GCN GPU, gfx900, 56 CUs, 1630 MHz" in dev_line[0] and
          os.path.join("fakehsa", "libhsa-runtime64.so.1") in dev_line[0])
    co803 = os.path.join(E2E, "f32_arith-gfx803.co")
    for cus, preset in [(40, "rx-480"), (60, "r9-nano")]:
        p = gcnsim(["validate", co803] + f32_args(tmp), gfx="gfx803", cus=cus, mhz=1000)
        pre = [l for l in p.stdout.splitlines() if l.strip().startswith("simulated")]
        check("gfx803 GPU with %d CUs: the nearest preset %s" % (cus, preset),
              p.returncode in (0, 1) and pre and ("preset %s " % preset) in pre[0])
    p = gcnsim(args + ["--device", "mi50", "--set", "l2_kib=1024"], cus=64, mhz=1247)
    pre = [l for l in p.stdout.splitlines() if l.strip().startswith("simulated")]
    check("--device and --set: %s" % (pre[0].strip() if pre else p.stderr.strip()),
          pre and "preset mi50" in pre[0] and "cus=64 (preset 60)" in pre[0] and "l2_kib=1024 (--set)" in pre[0])


# ---- 6. bench --validate --------------------------------------------------------------

def splitmix(seed):
    s = seed
    while True:
        s = (s + 0x9e3779b97f4a7c15) & 0xffffffffffffffff
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & 0xffffffffffffffff
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & 0xffffffffffffffff
        yield z ^ (z >> 31)


def check_bench(tmp):
    n = 1024
    log = os.path.join(tmp, "bench.log")
    p = gcnsim(["bench", "bitonic", "--n", str(n), "--validate"], log=log, ticks=2000)
    ev = read_log(log) if os.path.exists(log) else []
    disp = [e for e in ev if e["event"] == "dispatch"]
    seq = [(s, q) for s in range(10) for q in range(s + 1)]
    got = [struct.unpack_from("<II", bytes.fromhex(d["kernarg"]), 8) for d in disp]
    keys = {bytes.fromhex(d["kernarg"])[:8] for d in disp}
    check("bench bitonic --validate: 55 dispatches, stage and pass of each in the kernarg, one keys buffer",
          len(disp) == 55 and got == seq and len(keys) == 1)
    rng = splitmix(0x6269746f6e6963)
    init = [next(rng) & 0xffffffff for _ in range(n)]
    first = [a for a in disp[0]["allocations"]]
    check("the device's keys before the first launch are the workload's input",
          len(first) == 1 and struct.unpack("<%dI" % n, bytes.fromhex(first[0]["data"])) == tuple(init))
    check("keys left unsorted on the device: exit 1, DIFFER",
          p.returncode == 1 and "DIFFER" in p.stdout and "55 launches also run on Fake GCN GPU" in p.stdout)
    grp = [l for l in p.stdout.splitlines() if l.strip().startswith("group 1")]
    check("group time: 55 launches x 2000 ns = 110.000 us (%s)" % (grp[0].strip() if grp else "none"),
          grp and "55 launches of bitonic_step: device 110.000 us" in grp[0])
    srt = write(os.path.join(tmp, "sorted.bin"), "I", sorted(init))
    p = gcnsim(["bench", "bitonic", "--n", str(n), "--validate"], fill="0=" + srt)
    check("keys sorted on the device: exit 0, AGREE",
          p.returncode == 0 and "AGREE" in p.stdout and "identical" in p.stdout)
    log = os.path.join(tmp, "reduce.log")
    p = gcnsim(["bench", "reduce", "--n", "5000", "--validate"], log=log)
    disp = [e for e in read_log(log) if e["event"] == "dispatch"] if os.path.exists(log) else []
    check("bench reduce --validate: 2 passes (grids 768, 256), 3 buffers compared, 2 groups",
          p.returncode == 1 and [d["grid"][0] for d in disp] == [768, 256] and
          p.stdout.count("  buffer ") == 3 and "group 2" in p.stdout)


def check_images(tmp):
    co = os.path.join(ROOT, "tests", "e2e", "bin", "images-gfx900.co")
    p = gcnsim(["validate", co, "--kernel", "info2d", "--global", "1", "--arg", "image:rgba8:5,3:zero",
                "--arg", "zero:64"], log=os.path.join(tmp, "img.log"))
    check("an image argument: exit 2, one line saying images are not sent to a GPU yet (%s)" % lines(p),
          p.returncode == 2 and len(lines(p)) == 1 and "argument 0 (image2d_t): image and sampler arguments "
          "are not sent to a GPU yet" in lines(p)[0])


def main():
    if not os.path.exists(os.path.join(FAKE_DIR, "libhsa-runtime64.so.1")) or not os.path.exists(G):
        check("validate: build/fakehsa/libhsa-runtime64.so.1 or gcnsim is not built (make check builds them)", False)
        return
    tmp = gtest.tempdir("gcnsim-validate-")
    check_help()
    check_skips(tmp)
    check_launches(tmp)
    check_results(tmp)
    check_time(tmp)
    check_bench(tmp)
    check_images(tmp)


if __name__ == "__main__":
    main()
    gtest.done()   # tmp is kept when something failed, to look at
