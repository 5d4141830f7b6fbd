#!/usr/bin/env python3
"""pyopencl (Debian's python3-pyopencl, for the system's /usr/bin/python3)
runs tests/ocl/pyopencl_prog.py against the OpenCL driver through the ICD
loader (OCL_ICD_VENDORS=build/vendors): a kernel from source, its
binaries reloaded as pyopencl's cache does, pyopencl.array arithmetic, a
sub-buffer and a rectangular read.  Skipped where the driver, clang-15 or
pyopencl is missing.  Prints PASS:/FAIL:/SKIP: lines."""
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

B = os.path.join(ROOT, "build")
PY = "/usr/bin/python3"


def env():
    e = dict(os.environ)
    for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL", "OCL_ICD_FILENAMES", "PYTHONPATH", "PYTHONHOME"):
        e.pop(k, None)
    e["OCL_ICD_VENDORS"] = os.path.join(B, "vendors")
    return e


def test_pyopencl():
    with tempfile.TemporaryDirectory() as cache:   # pyopencl's default cache (under XDG_CACHE_HOME)
        e = env()
        e["XDG_CACHE_HOME"] = cache
        r = gtest.run([PY, os.path.join(HERE, "pyopencl_prog.py")], env=e, timeout=900)
    n = 0
    for line in r.stdout.splitlines():
        if line.startswith(("PASS: ", "FAIL: ")):
            n += 1
            gtest.failed += line.startswith("FAIL: ")
            print(line[:6] + "pyopencl: " + line[6:], flush=True)
    check("pyopencl's program ran its checks and exited 0", n >= 10 and r.returncode == 0,
          "status %d, stderr: %s" % (r.returncode, r.stderr[-1500:]))


def main():
    if not os.path.exists(os.path.join(B, "libgcnsim-opencl.so")):
        skip("pyopencl", "the OpenCL driver is not built")
    elif not shutil.which(os.environ.get("GCNSIM_CLANG", "clang-15")):
        skip("pyopencl", "clang-15 not installed")
    elif gtest.run([PY, "-c", "import pyopencl"], env=env(), timeout=60).returncode != 0:
        skip("pyopencl", "python3-pyopencl not installed for %s" % PY)
    else:
        gtest.run_each([test_pyopencl])
    gtest.done()


main()
