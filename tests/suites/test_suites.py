#!/usr/bin/env python3
"""A slice of three third-party OpenCL suites from Debian's packages, run
unchanged under `gcnsim exec --functional` on vega-64 (see suites.py):
CLBlast's test programs against the reference CBLAS (every precision of
each routine), clFFT's client transforms with its own check of the
result, and silx's OpenCL test modules under pytest.  Each routine,
transform and module below passed in the full run (tests/suites/suites.py,
which make check-all calls); a check fails when the program reports a
failed test, or reports none.  About 20 s on two idle cores.

Prints PASS:/FAIL:/SKIP: lines."""
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import gtest  # noqa: E402
from gtest import check, skip  # noqa: E402
import suites  # noqa: E402

PRESET = "vega-64"
# levels 3, 2 and 1: matrix product, matrix-vector, rank-1 update, vector, reduction
CLBLAST = ["xgemm", "xgemv", "xger", "xaxpy", "xdot", "xnrm2", "xhad", "xcopy"]
# radix 2, 3, 5, 7; 2D and 3D; double; backward out of place planar; real to hermitian; batches
CLFFT = ["-x 1024", "-x 81", "-x 125", "-x 49", "-x 30 -y 12", "-x 16 -y 16 -z 8", "-x 64 --double",
         "-x 256 --inv -o --inLayout 2 --outLayout 2", "-x 64 --inLayout 5 --outLayout 3 -o",
         "-x 64 --inLayout 3 --outLayout 5 -o --inv", "-x 64 -b 8 --iD 80 --oD 80 -o"]
# silx's element-wise, compensated-arithmetic and statistics modules
SILX = ["test_addition", "test_kahan", "test_doubleword", "test_stats", "test_array_utils"]


def check_clblast(routine, result):
    rows, why = result
    if rows is None:
        check("CLBlast %s reports its tests" % routine, False, why)
        return
    seen = {}
    for name, p, s, f, reason in rows:
        seen[name] = seen.get(name, 0) + 1   # xgemm runs each routine twice
        run = "" if seen[name] == 1 else " (run %d)" % seen[name]
        check("CLBlast %s%s: %d of %d tests pass (%d skipped)" % (name, run, p, p + f, s), f == 0 and p > 0,
              "%d failed: %s" % (f, reason))


def check_silx(result):
    res, why = result
    if res is None:
        check("silx's OpenCL tests report", False, why)
        return
    bad = res["failed"] + res["error"]
    check("silx.opencl %s: %d of %d tests pass (%d skipped)" %
          (" ".join(SILX), len(res["passed"]), len(res["passed"]) + len(bad), len(res["skipped"])),
          not bad and res["passed"],
          "; ".join("%s: %s" % b for b in bad[:5]))


def main():
    why = suites.have_all()
    if why:
        skip("third-party OpenCL suites", why)
        gtest.done()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        sx = ex.submit(suites.silx, SILX, PRESET, 300)
        cb = list(ex.map(lambda r: suites.clblast(r, PRESET, 300), CLBLAST))
        ff = list(ex.map(lambda a: suites.clfft(a, PRESET, 300), CLFFT))
        sx = sx.result()
    for routine, result in zip(CLBLAST, cb):
        check_clblast(routine, result)
    for args, (ok, why) in zip(CLFFT, ff):
        check("clFFT-client %s: the client's check passes" % args, ok is True, why)
    check_silx(sx)
    gtest.done()


if __name__ == "__main__":
    main()
