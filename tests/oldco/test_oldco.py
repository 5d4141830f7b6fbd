#!/usr/bin/env python3
"""Code objects v2 built by old toolchains (2016-2019: HCC 1.0, the ROCm 1.x
OpenCL compiler, clang 8), taken from public repositories (tests/oldco/SOURCES
names each one's origin and licence).  Their e_flags are the old values
(0x0 from LLVM 4/5, 0x2 = EF_AMDGPU_ARCH_GCN from LLVM 6) or already the
machine (0x2c, LLVM 7+); one names its target with the environment component
(amdgcn-amd-amdhsa-amdgizcl-gfx803), MIOpen's with "opencl"
(amdgcn-amd-amdhsa-opencl-gfx803/gfx900/gfx906).  For each object:

  header   llvm-readelf-16 -h: EM_AMDGPU and the e_flags recorded below
  notes    llvm-readelf-16 -n: code object version 2, the ISA version note
           (Major/Minor/Stepping) giving the target; the ISA name note when
           there is one
  info     `gcnsim info` names code object v2, the same target (and the ISA
           name), and the kernels the symbol table lists as AMDGPU_HSA_KERNEL
  disasm   `gcnsim disasm` prints the same instruction lines as
           `llvm-objdump-16 -d --mcpu=T`.  llvm-objdump-16 cannot take the
           target of an object whose e_flags are 0 or 2 ("unable to get target
           for 'unknown--'", or r600), so it reads a copy whose e_flags are set
           to the machine the notes name; gcnsim must print the same for the
           original as for that copy.  Zero words past a kernel's s_endpgm,
           which llvm-objdump elides as "...", are not compared.
  run      three kernels whose metadata describes the arguments (gcnsim
           cannot set the arguments of a kernel without metadata) and whose
           result is simple to compute: run them and check the output against
           a computation in Python.  (MIOpen's Winograd kernels are not run.)
"""
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
import gtest  # noqa: E402
from gtest import check, skip  # noqa: E402
from test_corpus import check_new, run_ours  # noqa: E402

READELF = "llvm-readelf-16"
OBJDUMP = "llvm-objdump-16"
MACH = {"gfx803": 0x2a, "gfx900": 0x2c, "gfx906": 0x2f}

# file, e_flags, target, ISA name note (None: none), kernels
OBJECTS = [
    ("rocr_aqlprofile_gfx8_simpleConvolution.hsaco", 0x0, "gfx803", None, ["simpleConvolution"]),
    ("rocr_aqlprofile_gfx9_simpleConvolution.hsaco", 0x0, "gfx900", None, ["simpleConvolution"]),
    ("hip_vcpy_isa.co", 0x0, "gfx803", None, ["hello_world"]),
    ("hip_module_api_test.co", 0x0, "gfx803", None, ["memset", "vadd"]),
    ("clrx_vectoradd-rocm.clo.regen", 0x2, "gfx803", "amdgcn-amd-amdhsa-amdgizcl-gfx803", ["vectorAdd"]),
    # MIOpen's Winograd kernels (AMD SP3 assembly); the ISA name has the environment "opencl"
    ("miopen_conv_3x3_wheel_alpha_v3_0b_gfx803_md10.so", 0x2, "gfx803", "amdgcn-amd-amdhsa-opencl-gfx803",
     ["sp3AsmConv3x3F"]),
    ("miopen_conv_u1v1_l1j1_wheel_alpha_v9_0_15_gfx803_md10.so", 0x2, "gfx803", "amdgcn-amd-amdhsa-opencl-gfx803",
     ["sp3AsmConvRxSU"]),
    ("miopen_conv_3x3_wheel_alpha_v7_0_3b_gfx900_md10.so", 0x2, "gfx900", "amdgcn-amd-amdhsa-opencl-gfx900",
     ["sp3AsmConv3x3F"]),
    ("miopen_conv_3x3_wheel_alpha_v7_0_3b_gfx906_md10.so", 0x2, "gfx906", "amdgcn-amd-amdhsa-opencl-gfx906",
     ["sp3AsmConv3x3F"]),
    ("miopen_conv_u1v1_wheel_alpha_v8_4_4_gfx803_md10.so", 0x2, "gfx803", "amdgcn-amd-amdhsa-opencl-gfx803",
     ["sp3AsmConvRxSF"]),   # wavefront_sgpr_count 106: s0-s101 with VCC and FLAT_SCRATCH
    # YAML metadata of 2017: WavefrontSize as its log2 (6), hidden arguments past KernargSegmentSize
    ("rocprofiler_2017_gfx8_SimpleConvolution.hsaco", 0x0, "gfx803", None, ["SimpleConvolution"]),
    ("rocprofiler_2017_gfx9_SimpleConvolution.hsaco", 0x0, "gfx900", None, ["SimpleConvolution"]),
    ("rocprofiler_gfx9_SimpleConvolution.hsaco", 0x2c, "gfx900", "amdgcn-amd-amdhsa--gfx900",
     ["SimpleConvolution"]),
    ("hip_vcpy_kernel.code", 0x2c, "gfx900", "amdgcn-amd-amdhsa--gfx900", ["hello_world"]),
]


def readelf(args, path):
    p = subprocess.run([READELF] + args + [path], capture_output=True, text=True)
    return p.stdout + p.stderr


def check_header_notes(name, path, eflags, target, isa_name, kernels):
    h = readelf(["-h"], path)
    m = re.search(r"Flags:\s+0x([0-9A-Fa-f]+)", h)
    check("%s: llvm-readelf: EM_AMDGPU, e_flags 0x%x" % (name, eflags),
          "EM_AMDGPU" in h and m is not None and int(m.group(1), 16) == eflags, h[-400:])
    n = readelf(["-n"], path)
    v = re.search(r"AMD HSA Code Object Version:\s*\[Major: (\d+), Minor: (\d+)\]", n)
    isa = re.search(r"\[Vendor: AMD, Architecture: AMDGPU, Major: (\d+), Minor: (\d+), Stepping: (\d+)\]", n)
    got = "gfx%s%s%s" % isa.groups() if isa else None
    check("%s: llvm-readelf: code object v2, ISA version note %s" % (name, target),
          v is not None and v.group(1) == "2" and got == target, n[:400])
    if isa_name:
        check("%s: llvm-readelf: ISA name note %s" % (name, isa_name),
              re.search(r"AMD HSA ISA Name:\s*%s\s" % re.escape(isa_name), n) is not None, n[:600])
    s = readelf(["-s"], path)
    syms = sorted({ln.split()[-1] for ln in s.splitlines() if " AMDGPU_HSA_KERNEL " in ln})
    check("%s: llvm-readelf: kernel symbols %s" % (name, ",".join(kernels)), syms == sorted(kernels), syms)


def check_info(name, path, target, isa_name, kernels):
    p = gtest.gcnsim(["info", path])
    first = p.stdout.splitlines()[0] if p.stdout else ""
    want = "HSA code object v2, target %s%s," % (target, " (%s)" % isa_name if isa_name else "")
    check("%s: gcnsim info: %s" % (name, want.rstrip(",")), p.returncode == 0 and want in first,
          (first or p.stderr.strip())[:300])
    ks = sorted(re.findall(r"^kernel (\S+)$", p.stdout, re.M))
    check("%s: gcnsim info: kernels %s" % (name, ",".join(kernels)), ks == sorted(kernels), ks)


def check_disasm(name, path, target, tmp):
    cp = os.path.join(tmp, name)
    shutil.copy(path, cp)
    with open(cp, "r+b") as f:
        f.seek(48)
        f.write(struct.pack("<I", MACH[target]))
    equal, total, bad = check_new(gtest.GCNSIM, cp, target)
    # lines only we print, all-zero words (padding llvm-objdump elides as "...")
    bad = [b for b in bad if not (b[0] is None and b[1] is not None and not any(b[1][2]))]
    check("%s: gcnsim disasm = %s -d --mcpu=%s (%d instructions)" % (name, OBJDUMP, target, total),
          total > 0 and equal == total and not bad, bad[:3])
    check("%s: gcnsim disasm of the original = of the copy with e_flags 0x%x" % (name, MACH[target]),
          run_ours(gtest.GCNSIM, path) == run_ours(gtest.GCNSIM, cp))


def run_kernel(name, args, dumps, tmp):
    outs = {n: os.path.join(tmp, "%s.out%d" % (name, n)) for n in dumps}
    argv = ["run", os.path.join(HERE, name), "--functional"] + args
    for n, p in outs.items():
        argv += ["--dump", "%d=%s" % (n, p)]
    p = gtest.gcnsim(argv, timeout=300)
    if p.returncode != 0:
        return None, (p.stdout + p.stderr).strip()[-400:]
    res = {}
    for n, path in outs.items():
        with open(path, "rb") as f:
            res[n] = f.read()
    return res, ""


def write(tmp, fname, data):
    path = os.path.join(tmp, fname)
    with open(path, "wb") as f:
        f.write(data)
    return path


def conv_ref(inp, mask, w, h, mw, mh):
    """simple_convolution.cl (ROCR-Runtime / rocprofiler tests) in Python."""
    out = []
    vs, hs = (mw - 1) // 2, (mh - 1) // 2
    for tid in range(w * h):
        x, y = tid % w, tid // w
        left = 0 if x < vs else x - vs
        right = w - 1 if x + vs >= w else x + vs
        top = 0 if y < hs else y - hs
        bottom = h - 1 if y + hs >= h else y + hs
        s = 0.0
        for i in range(left, right + 1):
            for j in range(top, bottom + 1):
                s += inp[j * w + i] * mask[(j - (y - hs)) * mw + (i - (x - vs))]
        out.append(int(s + 0.5))
    return out


def run_conv(tmp, name):
    w = h = 16
    # integer pixels and masks of quarters: every sum is exact in f32
    inp = [(i * 37 + (i // 7) * 11) % 256 for i in range(w * h)]
    mask = [0.25, 0.5, 0.25, 1.0, 2.0, 0.0, 0.5, 0.75, 1.25]
    pin = write(tmp, "conv_in.bin", struct.pack("<%dI" % (w * h), *inp))
    pmask = write(tmp, "conv_mask.bin", struct.pack("<9f", *mask))
    res, err = run_kernel(name, ["--kernel", "SimpleConvolution", "--global", str(w * h), "--local", "64",
                                 "--arg", "zero:%d" % (4 * w * h), "--arg", "buf:" + pin, "--arg", "buf:" + pmask,
                                 "--arg", "bytes:" + struct.pack("<II", w, h).hex(),
                                 "--arg", "bytes:" + struct.pack("<II", 3, 3).hex()], [0], tmp)
    if res is None:
        check("%s: run SimpleConvolution 16x16, 3x3 mask" % name, False, err)
        return
    got = list(struct.unpack("<%dI" % (w * h), res[0]))
    ref = conv_ref(inp, mask, w, h, 3, 3)
    bad = [i for i in range(w * h) if got[i] != ref[i]]
    check("%s: run SimpleConvolution 16x16, 3x3 mask = Python" % name, not bad,
          ["out[%d]=%d want %d" % (i, got[i], ref[i]) for i in bad[:4]])


def run_vectoradd(tmp):
    name = "clrx_vectoradd-rocm.clo.regen"
    n, size = 200, 256
    a = [i * 0.5 for i in range(size)]
    b = [1000.0 - 3 * i for i in range(size)]
    pa = write(tmp, "va_a.bin", struct.pack("<%df" % size, *a))
    pb = write(tmp, "va_b.bin", struct.pack("<%df" % size, *b))
    res, err = run_kernel(name, ["--global", str(size), "--arg", "u32:%d" % n, "--arg", "buf:" + pa,
                                 "--arg", "buf:" + pb, "--arg", "zero:%d" % (4 * size)], [3], tmp)
    if res is None:
        check("%s: run vectorAdd n=%d" % (name, n), False, err)
        return
    c = struct.unpack("<%df" % size, res[3])
    bad = [i for i in range(size) if c[i] != (a[i] + b[i] if i < n else 0.0)]
    check("%s: run vectorAdd n=%d: c = a + b below n, untouched above" % (name, n), not bad,
          ["c[%d]=%r" % (i, c[i]) for i in bad[:4]])


def run_vcpy(tmp):
    name = "hip_vcpy_kernel.code"
    size = 256
    src = struct.pack("<%dI" % size, *[(i * 2654435761) & 0xFFFFFFFF for i in range(size)])
    ps = write(tmp, "vcpy_in.bin", src)
    # the kernel indexes by the work-item id only: one work-group
    res, err = run_kernel(name, ["--global", str(size), "--local", str(size), "--arg", "buf:" + ps,
                                 "--arg", "zero:%d" % (4 * size)], [1], tmp)
    if res is None:
        check("%s: run hello_world (copy)" % name, False, err)
        return
    check("%s: run hello_world: out = in" % name, res[1] == src)


def main():
    if not os.access(gtest.GCNSIM, os.X_OK):
        check("oldco: %s is not built (run make)" % gtest.GCNSIM, False)
        return
    have = shutil.which(READELF) and shutil.which(OBJDUMP)
    if not have:
        skip("oldco: llvm-readelf/llvm-objdump checks", "%s or %s not installed" % (READELF, OBJDUMP))
    tmp = gtest.tempdir("gcnsim-oldco-")
    for name, eflags, target, isa_name, kernels in OBJECTS:
        path = os.path.join(HERE, name)
        if have:
            gtest.run_each([lambda: check_header_notes(name, path, eflags, target, isa_name, kernels),
                            lambda: check_disasm(name, path, target, tmp)])
        gtest.run_each([lambda: check_info(name, path, target, isa_name, kernels)])
    gtest.run_each([lambda: run_conv(tmp, "rocprofiler_gfx9_SimpleConvolution.hsaco"),
                    lambda: run_conv(tmp, "rocprofiler_2017_gfx8_SimpleConvolution.hsaco"),
                    lambda: run_conv(tmp, "rocprofiler_2017_gfx9_SimpleConvolution.hsaco"),
                    lambda: run_vectoradd(tmp), lambda: run_vcpy(tmp)])


if __name__ == "__main__":
    main()
    gtest.done()
