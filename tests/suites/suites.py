#!/usr/bin/env python3
"""Third-party OpenCL programs from Debian's packages, run unchanged under
`gcnsim exec --functional` (the OpenCL driver as their only platform), each
checked by its own oracle:

- CLBlast's test programs (clblast-tests: clblast_test_xROUTINE): every
  routine in half, single, double and both complex precisions against the
  reference CBLAS; each routine ends with "N test(s) passed / skipped /
  failed" (skipped: argument errors CBLAS cannot report);
- clFFT's client (clfft-client: clFFT-client): one transform of an array of
  ones, read back and compared with the exact transform ("Internal Client
  Test *****PASS*****" or "*****FAIL*****");
- silx's OpenCL tests (python3-silx: pytest on silx.opencl), counted from
  pytest's JUnit XML.

Used by tests/suites/test_suites.py (a slice, make check) and, as a
program, by make check-all for the whole suites on each preset:
    tests/suites/suites.py [PRESET]...        (default: vega-64 hd-7970)
prints per suite and preset the counts, then every failure with its
reason, as:
    clblast on vega-64: 50 programs, 91438 passed, 19008 skipped, 516 failed
Exit status 1 if a program is missing or did not report."""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
GCNSIM = os.environ.get("GCNSIM") or os.path.join(ROOT, "gcnsim")
LIB = os.path.join(ROOT, "build", "libgcnsim-opencl.so")
PYTHON = os.environ.get("SILX_PYTHON", "/usr/bin/python3")  # Debian's, where python3-silx is
CLFFT = "/usr/bin/clFFT-client"
CLBLAST_DIR = "/usr/bin"
JOBS = int(os.environ.get("JOBS", "2"))

# every routine CLBlast's package tests (the full run)
CLBLAST_ALL = sorted(f[len("clblast_test_"):] for f in os.listdir(CLBLAST_DIR)
                     if f.startswith("clblast_test_x")) if os.path.isdir(CLBLAST_DIR) else []

# clFFT client transforms: sizes with radix 2, 3, 5 and 7 and mixed, 1D to
# 3D, batches, strides and distances, in and out of place, forward and
# backward, single and double, interleaved, planar, real and hermitian
CLFFT_ALL = [
    "-x 16", "-x 1024", "-x 4096", "-x 8192", "-x 65536", "-x 81", "-x 2187", "-x 125", "-x 3125",
    "-x 49", "-x 2401", "-x 60", "-x 1000 -y 10", "-x 30 -y 12", "-x 4096 -y 4", "-x 16 -y 16 -z 8",
    "-x 64 -y 64 -z 64", "-x 64 --double", "-x 1024 --double -o", "-x 256 --inv", "-x 128 -o",
    "-x 64 --inLayout 2 --outLayout 2", "-x 1024 --double --inv -o --inLayout 2 --outLayout 1",
    "-x 64 -b 4", "-x 64 -b 8 --iD 80 --oD 80 -o", "-x 32 --isX 2 --osX 2 -o",
    "-x 8 -y 8 -z 8 -b 3 --double", "-x 64 --inLayout 5 --outLayout 3",
    "-x 64 --inLayout 5 --outLayout 3 -o", "-x 64 --inLayout 3 --outLayout 5 -o --inv",
    "-x 64 -y 32 --inLayout 5 --outLayout 3 -o",
    "-x 32 -y 16 -z 8 --inLayout 5 --outLayout 3 -o --double",
    "-x 32 -y 16 --inLayout 3 --outLayout 5 -o --inv --double",
]


def env(preset):
    """The environment a program runs in: no inherited driver settings."""
    e = dict(os.environ)
    for k in ("GCNSIM_SET", "GCNSIM_DEVICE", "GCNSIM_EXEC_LOG", "OCL_ICD_FILENAMES", "OCL_ICD_VENDORS"):
        e.pop(k, None)
    e["GCNSIM_DEVICE"] = preset
    return e


def gexec(argv, preset, timeout, cwd=None):
    """Run argv under gcnsim exec --functional on preset: (exit status or None on a timeout, output)."""
    try:
        r = subprocess.run([GCNSIM, "exec", "--functional", "--device", preset, "--"] + argv,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                           timeout=timeout, env=env(preset), cwd=cwd or ROOT)
        return r.returncode, re.sub(r"\x1b\[[0-9;]*m", "", r.stdout)
    except subprocess.TimeoutExpired as ex:
        out = ex.stdout.decode(errors="replace") if isinstance(ex.stdout, bytes) else (ex.stdout or "")
        return None, re.sub(r"\x1b\[[0-9;]*m", "", out)


def clblast(routine, preset, timeout=3600):
    """Run clblast_test_ROUTINE: [(precision routine name, passed, skipped, failed, reason)], or
    (None, why) when it did not report every precision."""
    rc, out = gexec([os.path.join(CLBLAST_DIR, "clblast_test_" + routine)], preset, timeout)
    rows = []
    for part in re.split(r"\* Starting tests for the '", out)[1:]:
        name = part.split("'", 1)[0]
        m = re.search(r"(\d+) test\(s\) passed\s+(\d+) test\(s\) skipped\s+(\d+) test\(s\) failed", part)
        if not m and "All tests skipped: Unsupported precision" in part:
            continue    # half precision on a device without cl_khr_fp16
        if not m:
            return None, "%s did not finish (exit status %s): %s" % (name, rc, tail(part))
        p, s, f = map(int, m.groups())
        rows.append((name, p, s, f, first_reason(part) if f else ""))
    if not rows:
        return None, "no routine ran (exit status %s): %s" % (rc, tail(out))
    return rows, ""


def first_reason(text):
    """The first line of text that says why a test failed (a fault or an error line)."""
    m = re.search(r"gcnsim: memory fault.*\n.*\n\s*(.*)", text)
    if m:
        return "memory fault: " + m.group(1).strip()[:150]
    m = re.search(r"^\s*(Error rate.*|Buffer overflow.*)$", text, re.M)
    return m.group(1).strip()[:150] if m else ""


def tail(text, n=3):
    return " | ".join(text.strip().splitlines()[-n:])[:400]


def clfft(args, preset, timeout=900):
    """One clFFT-client transform: (True/False, detail); None for the verdict if it gave none."""
    rc, out = gexec([CLFFT] + args.split(), preset, timeout, cwd=tempfile.gettempdir())
    if "Internal Client Test *****PASS*****" in out and rc == 0:
        return True, ""
    if "*****FAIL*****" in out:
        return False, "the client's check failed"
    return None, "no verdict (exit status %s): %s" % (rc, tail(out))


def silx(modules, preset, timeout=3600):
    """Run pytest on silx.opencl's test modules (names as 'test_addition', or [] for all):
    ({outcome: [(test, reason)]}, detail); outcome is passed, failed, error or skipped."""
    with tempfile.TemporaryDirectory(prefix="gcnsim-silx-") as d:
        xml = os.path.join(d, "junit.xml")
        targets = ["silx.opencl.test." + m for m in modules] if modules else ["silx.opencl"]
        rc, out = gexec([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml", xml,
                         "--pyargs"] + targets, preset, timeout, cwd=d)
        if not os.path.exists(xml):
            return None, "pytest wrote no report (exit status %s): %s" % (rc, tail(out))
        res = {"passed": [], "failed": [], "error": [], "skipped": []}
        for tc in ET.parse(xml).getroot().iter("testcase"):
            where = tc.get("classname") or tc.get("file") or ""
            name = "%s.%s" % (where.replace("silx.opencl.", ""), tc.get("name"))
            kids = [k for k in tc if k.tag in ("failure", "error", "skipped")]
            outcome = {"failure": "failed", "error": "error", "skipped": "skipped"}[kids[0].tag] if kids else "passed"
            why = (kids[0].get("message") or "").strip().splitlines() if kids else []
            res[outcome].append((name, why[0][:160] if why else ""))
        return res, ""


def have_all():
    """'' if the driver and the three packages are there, else why not."""
    if not os.path.exists(LIB):
        return "the OpenCL driver is not built"
    if not CLBLAST_ALL:
        return "CLBlast's tests are not installed (Debian's package clblast-tests)"
    if not os.path.exists(CLFFT):
        return "clFFT's client is not installed (Debian's package clfft-client)"
    r = subprocess.run([PYTHON, "-c", "import silx.opencl, pytest"], capture_output=True)
    if r.returncode:
        return "silx or pytest is missing for %s (Debian's python3-silx, python3-pytest)" % PYTHON
    return ""


def full(preset):
    """Run the three suites whole on preset, printing counts and failures; True if all reported."""
    ok = True
    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as ex:
        cb = list(ex.map(lambda r: clblast(r, preset), CLBLAST_ALL))
        ff = list(ex.map(lambda a: clfft(a, preset), CLFFT_ALL))
    tot = [0, 0, 0]
    for routine, (rows, why) in zip(CLBLAST_ALL, cb):
        if rows is None:
            ok = False
            print("  clblast_test_%s: %s" % (routine, why))
            continue
        for name, p, s, f, reason in rows:
            tot[0] += p
            tot[1] += s
            tot[2] += f
            if f:
                print("  clblast_test_%s %s: %d of %d failed: %s" % (routine, name, f, p + f, reason))
    print("clblast on %s: %d programs, %d passed, %d skipped, %d failed" % ((preset, len(CLBLAST_ALL)) + tuple(tot)))
    for args, (res, why) in zip(CLFFT_ALL, ff):
        if res is not True:
            ok = ok and res is not None
            print("  clFFT-client %s: %s" % (args, why))
    print("clfft on %s: %d transforms, %d passed, %d failed" %
          (preset, len(ff), sum(r is True for r, _ in ff), sum(r is not True for r, _ in ff)))
    res, why = silx([], preset)
    if res is None:
        print("  silx: " + why)
        return False
    for outcome in ("failed", "error", "skipped"):
        for name, reason in res[outcome]:
            print("  %-7s silx %s: %s" % (outcome, name, reason))
    print("silx.opencl on %s: %d passed, %d failed, %d errors, %d skipped" %
          (preset, len(res["passed"]), len(res["failed"]), len(res["error"]), len(res["skipped"])))
    return ok


def main():
    why = have_all()
    if why:
        print(why)
        return 1
    ok = True
    for preset in sys.argv[1:] or ["vega-64", "hd-7970"]:
        ok = full(preset) and ok
        sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
