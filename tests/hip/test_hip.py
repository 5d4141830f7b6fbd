#!/usr/bin/env python3
"""HIP code as hipcc builds it: gcnsim opens clang offload bundles (hipcc
--genco) and host executables with a .hip_fatbin section, picks the code
object of --device's or --target's processor, finds kernels by their
demangled names, launches with --grid/--block and --dynamic-lds, and
warns about LDS accesses outside the allocation.  The argument
generators (iota, fill, rand), size suffixes and typed dumps are checked
here too.  Results are checked against references computed here (the
kernels' arithmetic in Python, float32 rounding included).

The objects are tests/hip/bin (make kernels: tests/hip/build.sh, hipcc).
Malformed containers are made here by editing bytes: each gives one line
on stderr and exit status 2."""
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
G = os.path.join(ROOT, "gcnsim")
FB = os.path.join(ROOT, "tests/hip/bin/kernels.hipfb")
PROG = os.path.join(ROOT, "tests/hip/bin/prog")
npass = nfail = 0


def check(ok, what, detail=""):
    global npass, nfail
    if ok:
        npass += 1
        print("PASS: " + what)
    else:
        nfail += 1
        print("FAIL: " + what + ("\n      " + detail[:1500] if detail else ""))


def run(*args):
    p = subprocess.run([G] + list(args), capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def one_line_error(rc, err, want, what):
    lines = [l for l in err.splitlines() if l.strip()]
    check(rc == 2 and len(lines) == 1 and want in lines[0] and "Sanitizer" not in err, what,
          "rc %d, stderr %r" % (rc, err))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def floats(path):
    with open(path) as f:
        return [float(l) for l in f.read().split()]


tmp = tempfile.mkdtemp()
dump = os.path.join(tmp, "out.txt")

# ---- picking the code object ------------------------------------------------------
rc, out, err = run("info", FB)
one_line_error(rc, err, "clang offload bundle with code objects for gfx803, gfx900, gfx906",
               "a bundle of three processors without a choice lists them")
rc, out, err = run("run", FB, "--kernel", "jacobi", "--global", "64", "--arg", "zero:256", "--arg", "zero:256",
                   "--arg", "i32:64", "--target", "gfx701", "--functional")
one_line_error(rc, err, "has no code object for gfx701 (it has gfx803, gfx900, gfx906)",
               "--target of a processor the bundle lacks is refused, naming those it has")
for how, target in ((["--device", "r9-nano"], "gfx803"), (["--device", "vega-64"], "gfx900"),
                    (["--target", "gfx906", "--functional"], "gfx906")):
    rc, out, err = run("run", FB, "--kernel", "jacobi", "--global", "64", "--arg", "zero:256", "--arg", "zero:256",
                       "--arg", "i32:64", *how)
    check(rc == 0 and ("on %s" % target) in out, "%s picks the %s code object of the bundle" % (" ".join(how), target),
          out + err)
rc, out, err = run("run", PROG, "--kernel", "scale", "--global", "64", "--arg", "zero:256", "--arg", "f32:2",
                   "--arg", "i32:64", "--functional")
one_line_error(rc, err, "host ELF file with a .hip_fatbin section with code objects for gfx803, gfx900",
               "a HIP program's executable: its processors are listed")

# ---- kernel names -----------------------------------------------------------------
names = [("jacobi", "_Z6jacobiPKfPfi"), ("_Z6jacobiPKfPfi", "_Z6jacobiPKfPfi"),
         ("block_sum<int>", "_Z9block_sumIiEvPKT_PS0_"), ("block_sum<float>", "_Z9block_sumIfEvPKT_PS0_"),
         ("void block_sum<float>(float const*, float*)", "_Z9block_sumIfEvPKT_PS0_"),
         ("blas::saxpy", "_ZN4blas5saxpyEfPKfPfi"), ("saxpy", "_ZN4blas5saxpyEfPKfPfi"), ("scale", "scale")]
for name, sym in names:
    rc, out, err = run("disasm", FB, "--target", "gfx900")
    rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", name, "--global", "64", "--functional",
                       *(["--arg", "zero:256"] * 2 if "block_sum" in name or "jacobi" in name else []),
                       *(["--arg", "i32:64"] if "jacobi" in name else []),
                       *(["--arg", "f32:1", "--arg", "zero:256", "--arg", "zero:256", "--arg", "i32:64"]
                         if "saxpy" in name else []),
                       *(["--arg", "zero:256", "--arg", "f32:1", "--arg", "i32:64"] if name == "scale" else []))
    check(rc == 0 and out.startswith(sym + " on gfx900"), "--kernel '%s' finds %s" % (name, sym), out + err)
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "block_sum", "--global", "64", "--arg", "zero:256",
                   "--arg", "zero:256", "--functional")
one_line_error(rc, err, "'block_sum' names 2 kernels", "a name two template instances share is refused")
check("(block_sum<int>)" in err and "(block_sum<float>)" in err, "... listing each kernel's demangled name", err)
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "nope", "--global", "64", "--functional")
one_line_error(rc, err, "no kernel named 'nope'", "an unknown kernel name is refused")

# ---- dynamic LDS and --grid/--block ---------------------------------------------------
N, B = 1024, 256
rc, out, err = run("run", FB, "--device", "vega-64", "--kernel", "block_sum<int>", "--grid", str(N // B),
                   "--block", str(B), "--arg", "iota:i32:%d" % N, "--arg", "zero:%d" % (4 * N // B),
                   "--dynamic-lds", "1K", "--dump", "1=%s:i32" % dump)
want = [sum(range(g * B, g * B + B)) for g in range(N // B)]
got = [int(x) for x in open(dump).read().split()] if rc == 0 else []
check(rc == 0 and got == want and "warning" not in err,
      "block_sum<int> with --dynamic-lds 1K (extern __shared__): the sums of 0..1023 in blocks of 256, no warning",
      "got %s want %s; %s" % (got, want, err))
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "block_sum<int>", "--grid", str(N // B), "--block",
                   str(B), "--arg", "iota:i32:%d" % N, "--arg", "zero:%d" % (4 * N // B), "--functional",
                   "--dump", "1=%s:i32" % dump)
got = [int(x) for x in open(dump).read().split()] if rc == 0 else []
check(rc == 0 and got == [0] * (N // B) and "warning: kernel _Z9block_sumIiEvPKT_PS0_:" in err and
      "outside the work-group's 0 bytes of LDS" in err and "--dynamic-lds" in err,
      "without --dynamic-lds: zeros (as the hardware gives) and a warning naming --dynamic-lds", err)


# private memory past its array: in range the values, out of range a count
rc, out, err = run("run", FB, "--device", "r9-nano", "--kernel", "private_index", "--grid", "4", "--block", "64",
                   "--arg", "fill:i32:64:63", "--arg", "zero:256", "--dump", "1=%s:i32" % dump)
got = [int(x) for x in open(dump).read().split()] if rc == 0 else []
check(rc == 0 and got == [63 * t for t in range(64)] and "warning" not in err,
      "private_index with index 63 of int a[64]: 63 * threadIdx.x, no warning", err)
for dev in ("r9-nano", "vega-64"):
    rc, out, err = run("run", FB, "--device", dev, "--kernel", "private_index", "--grid", "4", "--block", "64",
                       "--arg", "fill:i32:64:70", "--arg", "zero:256")
    check(rc == 0 and "warning: kernel _Z13private_indexPKiPi: 256 private (scratch) accesses fell outside their "
          "wave's" in err, "%s: index 70 of int a[64] in 4 waves: 256 scratch accesses outside the wave's, warned"
          % dev, err)


def tree_sum_f32(vals):
    s = [f32(v) for v in vals]
    k = len(s) // 2
    while k:
        for t in range(k):
            s[t] = f32(s[t] + s[t + k])
        k //= 2
    return s[0]


rc, out, err = run("run", FB, "--target", "gfx803", "--kernel", "block_sum<float>", "--grid", "2", "--block", "64",
                   "--arg", "rand:f32:128:7", "--arg", "zero:8", "--dynamic-lds", "256", "--functional",
                   "--dump", "0=%s:f32" % (dump + ".in"), "--dump", "1=%s:f32" % dump)
if rc == 0:
    vin = floats(dump + ".in")
    want = [tree_sum_f32(vin[g * 64:(g + 1) * 64]) for g in range(2)]
    got = floats(dump)
    ok = all(abs(a - b) <= 1e-6 * max(1, abs(b)) for a, b in zip(got, want)) and len(got) == 2
    check(ok and all(0 <= v < 1 for v in vin), "block_sum<float> of rand:f32 values in [0,1): the tree sum in float32",
          "got %s want %s" % (got, want))
else:
    check(False, "block_sum<float> ran", err)

rc, out, err = run("run", FB, "--target", "gfx906", "--kernel", "saxpy", "--grid", "4,2", "--block", "64",
                   "--arg", "f32:3", "--arg", "iota:f32:512", "--arg", "fill:f32:512:0.5", "--arg", "i32:500",
                   "--functional", "--dump", "2=%s:f32" % dump)
got = floats(dump) if rc == 0 else []
want = [3 * i + 0.5 if i < 500 else 0.5 for i in range(512)]
check(rc == 0 and got == want, "blas::saxpy on a 4x2 grid of 64-thread blocks: y = 3 i + 0.5 for i < 500", err)
check(rc == 0 and "global 256,2" in run("run", FB, "--target", "gfx906", "--kernel", "saxpy", "--grid", "4,2",
                                        "--block", "64", "--arg", "f32:3", "--arg", "zero:2K", "--arg", "zero:2K",
                                        "--arg", "i32:0", "--functional", "--json", "-")[1].replace(" ", "")
      .replace("\n", "").replace('"global":[256,2]', "global 256,2"),
      "--grid 4,2 --block 64 is the global size 256,2")
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "jacobi", "--grid", "4", "--arg", "zero:256",
                   "--arg", "zero:256", "--arg", "i32:64", "--functional")
one_line_error(rc, err, "--grid needs --block", "--grid without --block is refused")
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "jacobi", "--grid", "4", "--block", "64",
                   "--global", "256", "--arg", "zero:256", "--arg", "zero:256", "--arg", "i32:64", "--functional")
one_line_error(rc, err, "--grid and --global both given", "--grid with --global is refused")
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "jacobi", "--grid", "5000000", "--block",
                   "1024", "--arg", "zero:256", "--arg", "zero:256", "--arg", "i32:64", "--functional")
one_line_error(rc, err, "more than 2^32-1", "a grid of more than 2^32-1 work-items is refused")

# ---- the program's executable -----------------------------------------------------------
rc, out, err = run("run", PROG, "--device", "vega-64", "--kernel", "scale", "--global", "1K", "--local", "256",
                   "--arg", "iota:f32:1K", "--arg", "f32:2", "--arg", "i32:1000", "--dump", "0=%s:f32" % dump)
got = floats(dump) if rc == 0 else []
check(rc == 0 and got == [2 * i if i < 1000 else i for i in range(1024)],
      "scale from a HIP program's executable (gfx900 code object of its .hip_fatbin, --global 1K) doubles x[0..999]",
      err)

# ---- argument generators, sizes, typed dumps ---------------------------------------------
def dumped(spec, typ):
    rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "scale", "--global", "1", "--arg", spec,
                       "--arg", "f32:1", "--arg", "i32:0", "--functional", "--dump", "0=%s%s" % (dump, typ))
    if rc:
        return None, err
    return open(dump, "rb").read(), err


raw, e = dumped("zero:1K", "")
check(raw == bytes(1024), "zero:1K is 1024 zero bytes", e)
raw, e = dumped("zero:2KiB", "")
check(raw is not None and len(raw) == 2048, "zero:2KiB is 2048 bytes", e)
raw, e = dumped("iota:u16:3K", "")
check(raw is not None and list(struct.unpack("<%dH" % 3072, raw)) == [i & 0xffff for i in range(3072)],
      "iota:u16:3K: 0, 1, ... 3071 as u16", e)
raw, e = dumped("fill:i8:5:-3", ":i8")
check(raw == b"-3\n" * 5, "fill:i8:5:-3 dumped as :i8 text: five lines of -3", repr(raw))
raw, e = dumped("fill:f64:2:0.1", ":f64")
check(raw == b"0.10000000000000001\n" * 2, "fill:f64:2:0.1 as :f64 text: %.17g", repr(raw))
raw, e = dumped("fill:f16:2:1.5", ":f16")
check(raw == b"1.5\n1.5\n", "fill:f16:2:1.5 as :f16 text", repr(raw))
a, _ = dumped("rand:u32:64:5", "")
b, _ = dumped("rand:u32:64:5", "")
c, _ = dumped("rand:u32:64:6", "")
d, _ = dumped("rand:u32:64", "")
e1, _ = dumped("rand:u32:64:1", "")
check(a is not None and a == b and a != c and d == e1 and len(set(struct.unpack("<64I", a))) == 64,
      "rand: is deterministic (same seed, same values; another seed, others; the default seed is 1)")


def splitmix(seed, n):
    out, s = [], seed
    for _ in range(n):
        s = (s + 0x9e3779b97f4a7c15) & (2 ** 64 - 1)
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & (2 ** 64 - 1)
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & (2 ** 64 - 1)
        out.append(z ^ (z >> 31))
    return out


check(a is not None and list(struct.unpack("<64I", a)) == [z & 0xffffffff for z in splitmix(5, 64)],
      "rand:u32:N:5 is splitmix64 from seed 5 (the low 32 bits of each number)")
for spec, want in (("fill:u8:4:300", "'fill:u8:4:300'"), ("iota:q32:4", "expected iota:TYPE:N"),
                   ("zero:1X", "not a valid value"), ("rand:f32:4:x", "expected rand:TYPE:N[:SEED]"),
                   ("fill:f32:4", "expected fill:TYPE:N:VALUE"), ("iota:f32:2G", "expected iota:TYPE:N"),
                   ("zero:5G", "not a valid value"), ("fill:u32:2:-1", "'fill:u32:2:-1'")):
    rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "scale", "--global", "1", "--arg", spec,
                       "--arg", "f32:1", "--arg", "i32:0", "--functional")
    one_line_error(rc, err, want, "--arg %s is refused in one line" % spec)
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "scale", "--global", "1", "--arg", "zero:6",
                   "--arg", "f32:1", "--arg", "i32:0", "--functional", "--dump", "0=%s:f32" % dump)
one_line_error(rc, err, "6 bytes are not a whole number of f32 elements", "a typed dump of a partial element is refused")
rc, out, err = run("run", FB, "--target", "gfx900", "--kernel", "jacobi", "--global", "1", "--arg", "zero:6",
                   "--arg", "zero:8", "--arg", "i32:0", "--functional", "--dynamic-lds", "3Q")
one_line_error(rc, err, "--dynamic-lds '3Q'", "--dynamic-lds with a bad size is refused")

# ---- malformed containers ------------------------------------------------------------------
data = open(FB, "rb").read()
n = struct.unpack_from("<Q", data, 24)[0]
entries, o = [], 32
for i in range(n):
    off, size, tl = struct.unpack_from("<QQQ", data, o)
    entries.append((o, off, size, tl))
    if data[o + 24:o + 24 + tl].endswith(b"gfx900"):
        e900 = off
    o += 24 + tl
bad = [
    ("truncated header", data[:30], "ends inside its header"),
    ("entry count 2^40", data[:24] + struct.pack("<Q", 1 << 40) + data[32:], "claims 1099511627776 entries"),
    ("entry past the end", data[:entries[1][0]] + struct.pack("<QQ", entries[1][1], 1 << 62) +
     data[entries[1][0] + 16:], "run past the end of the bundle"),
    ("offset that wraps", data[:entries[1][0]] + struct.pack("<QQ", 2 ** 64 - 8, 16) + data[entries[1][0] + 16:],
     "run past the end of the bundle"),
    ("id longer than the file", data[:entries[0][0] + 16] + struct.pack("<Q", 1 << 20) + data[entries[0][0] + 24:],
     "runs past the end"),
    ("entry headers cut", data[:entries[2][0] + 10], "past the end"),
    ("no device entries", data[:24] + struct.pack("<Q", 0), "with no AMDGPU code object"),
    ("a bundled object that is not ELF", data[:e900] + b"junk" + data[e900 + 4:],
     "not an ELF file"),
]
exe = bytearray(open(PROG, "rb").read())
shoff, = struct.unpack_from("<Q", exe, 40)
shnum, shstrndx = struct.unpack_from("<HH", exe, 60)
names_off, = struct.unpack_from("<Q", exe, shoff + shstrndx * 64 + 24)
for i in range(shnum):
    nm, = struct.unpack_from("<I", exe, shoff + i * 64)
    if exe[names_off + nm:names_off + nm + 12] == b".hip_fatbin\0":
        fo, fs = struct.unpack_from("<QQ", exe, shoff + i * 64 + 24)
        e2 = bytearray(exe)
        struct.pack_into("<Q", e2, shoff + i * 64 + 32, 1 << 50)
        bad.append(("executable: .hip_fatbin larger than the file", bytes(e2), "runs past the end of the file"))
        e3 = bytearray(exe)
        e3[fo:fo + 24] = b"\0" * 24
        bad.append(("executable: .hip_fatbin without a bundle", bytes(e3), "holds no offload bundle"))
for what, blob, want in bad:
    path = os.path.join(tmp, "bad.hipfb")
    with open(path, "wb") as f:
        f.write(blob)
    rc, out, err = run("run", path, "--target", "gfx900", "--kernel", "jacobi", "--global", "64", "--arg",
                       "zero:256", "--arg", "zero:256", "--arg", "i32:64", "--functional")
    one_line_error(rc, err, want, "malformed container (%s): one line, exit 2" % what)

print("%d passed, %d failed" % (npass, nfail))
sys.exit(1 if nfail else 0)
