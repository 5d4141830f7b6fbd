#!/usr/bin/env python3
"""A slice of piglit's OpenCL suite (Debian's package piglit) against the
OpenCL driver, through Debian's ICD loader (OCL_ICD_VENDORS=build/vendors),
functionally (GCNSIM_FUNCTIONAL=1) on vega-64: a regression test against a
third-party suite.  Each test below passed on the full run
(tests/piglit/run_all.sh, which make check-all calls); it runs as piglit
runs it (a cl-api-* or cl-custom-* binary, or cl-program-tester with a
.cl or .program_test file) and must report "result": "pass".

The slice covers the API areas (platform, device, context, queue, buffers,
images, samplers, programs: build, compile, link; kernels, events, user
events), piglit's own kernels, and program tests that build, fail to
build, and run: scalar and vector loads and stores, builtins (integer,
common, math), atomics on local memory, control flow, calls, sampling
images with samplers, reading and writing images of 8-bit integer and
float formats.  About 20 s on two cores.

Prints PASS:/FAIL:/SKIP: lines."""
import concurrent.futures
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

PIGLIT = os.environ.get("PIGLIT_DIR", "/usr/lib/x86_64-linux-gnu/piglit")
LIB = os.path.join(ROOT, "build", "libgcnsim-opencl.so")
VENDORS = os.path.join(ROOT, "build", "vendors")

# piglit's binaries (the profile's api@..., custom@... and program@... tests)
BINARIES = [
    "cl-api-get-platform-ids", "cl-api-get-platform-info", "cl-api-get-device-ids",
    "cl-api-get-device-info", "cl-api-create-context", "cl-api-create-context-from-type",
    "cl-api-get-context-info", "cl-api-retain_release-context", "cl-api-create-command-queue",
    "cl-api-get-command-queue-info", "cl-api-create-buffer", "cl-api-enqueue-copy-buffer",
    "cl-api-enqueue-copy-buffer-rect", "cl-api-enqueue-read_write-buffer",
    "cl-api-get-mem-object-info", "cl-api-retain_release-mem-object",
    "cl-api-create-program-with-source", "cl-api-build-program", "cl-api-compile-program",
    "cl-api-link-program", "cl-api-get-program-info", "cl-api-get-program-build-info",
    "cl-api-create-kernel", "cl-api-create-kernels-in-program", "cl-api-get-kernel-info",
    "cl-api-get-kernel-arg-info", "cl-api-set-kernel-arg",
    "cl-api-get-kernel-work-group-info", "cl-api-get-event-info", "cl-api-retain_release-event",
    "cl-api-create-image", "cl-api-get-image-info", "cl-api-create-sampler",
    "cl-custom-run-simple-kernel", "cl-custom-flush-after-enqueue-kernel", "cl-custom-buffer-flags",
    "cl-program-max-work-item-sizes", "cl-program-bitcoin-phatk", "cl-program-predefined-macros",
    "cl-api-enqueue-fill-buffer", "cl-api-enqueue-migrate-mem-objects", "cl-api-enqueue-fill-image",   # user events
]
# cl-program-tester's files, under piglit's directory
PROGRAMS = [
    "tests/cl/program/build/scalar-data-types.cl",
    "tests/cl/program/build/printf.cl",
    "tests/cl/program/build/vector-operators.cl",
    "tests/cl/program/build/macro-definitions-with-values.cl",
    "tests/cl/program/build/fail/increment-float.cl",
    "tests/cl/program/build/other-data-types.cl",
    "tests/cl/program/execute/vector-arithmetic-float4.program_test",
    "tests/cl/program/execute/scalar-load-uchar.program_test",
    "tests/cl/program/execute/switch-case.cl",
    "tests/cl/program/execute/for-loop.cl",
    "tests/cl/program/execute/calls-struct.cl",
    "tests/cl/program/execute/local-memory.cl",
    "tests/cl/program/execute/global-offset.cl",
    "tests/cl/program/execute/bitselect.cl",
    "tests/cl/program/execute/sha256-Ch.cl",
    "tests/cl/program/execute/sampler.cl",
    "tests/cl/program/execute/image-read-2d.cl",
    "tests/cl/program/execute/image-write-2d.cl",
    "tests/cl/program/execute/image-attributes.cl",
    "tests/cl/program/execute/builtin/atomic/atomic_add-local.cl",
    "tests/cl/program/execute/builtin/atomic/atomic_int64_cmpxchg-local.cl",
    "generated_tests/cl/builtin/int/builtin-int-mad_sat-1.0.generated.cl",
    "generated_tests/cl/builtin/int/builtin-uint-popcount-1.2.generated.cl",
    "generated_tests/cl/builtin/common/builtin-float-clamp-1.0.generated.cl",
    "generated_tests/cl/builtin/math/builtin-float-sqrt-1.0.generated.cl",
    "generated_tests/cl/builtin/math/builtin-float-fma-1.0.generated.cl",
    "generated_tests/cl/vload/vload-int-global.cl",
    "generated_tests/cl/vload/vloada_half-float-local.cl",
    "generated_tests/cl/vstore/vstore-float-local.cl",
]


def env():
    e = dict(os.environ)
    for k in ("GCNSIM_SET", "OCL_ICD_FILENAMES"):
        e.pop(k, None)
    e.update(OCL_ICD_VENDORS=VENDORS, GCNSIM_DEVICE="vega-64", GCNSIM_FUNCTIONAL="1")
    return e


def run_one(argv):
    """Run one piglit test; (its result word or None, the output's last lines)."""
    try:
        r = gtest.run(argv, timeout=120, cwd=PIGLIT, env=env(), merge=True)
    except Exception as ex:  # a timeout
        return None, repr(ex)
    m = re.findall(r'^PIGLIT: \{"result": "(\w+)"', r.stdout, re.M)
    return (m[-1] if m else None), "\n".join(r.stdout.splitlines()[-6:])


def main():
    if not os.path.exists(LIB):
        skip("piglit's OpenCL tests", "the OpenCL driver is not built: needs ocl-icd-dev, "
             "ocl-icd-opencl-dev and opencl-c-headers")
        gtest.done()
    tester = os.path.join(PIGLIT, "bin", "cl-program-tester")
    if not os.path.exists(tester):
        skip("piglit's OpenCL tests", "piglit not installed (Debian's package piglit)")
        gtest.done()
    jobs = [(b, [os.path.join(PIGLIT, "bin", b)]) for b in BINARIES]
    jobs += [(p, [tester, os.path.join(PIGLIT, p)]) for p in PROGRAMS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(lambda j: run_one(j[1]), jobs))
    for (name, _), (res, tail) in zip(jobs, results):
        check("piglit %s passes" % name, res == "pass", "result %s; %s" % (res, tail))
    gtest.done()


if __name__ == "__main__":
    main()
