"""Helpers shared by the Python tests of gcnsim.

A test puts tests/ on sys.path, imports this module, prints one line per
check with check() or skip() (the PASS:/FAIL:/SKIP: lines tests/run-tests.sh
counts) and ends with done(), which exits with status 1 if any check failed.
GCNSIM in the environment names the gcnsim binary to test (unset or empty:
./gcnsim at the repository root).
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GCNSIM = os.environ.get("GCNSIM") or os.path.join(ROOT, "gcnsim")
failed = 0              # checks failed so far
detail_limit = None     # the most characters of a FAIL line's detail printed (None: all)
_tmpdirs = []


def check(name, ok, detail=""):
    """Print `PASS: name`, or `FAIL: name: detail` (at most detail_limit characters of it); returns ok."""
    global failed
    if ok:
        print(f"PASS: {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL: {name}" + (": " + str(detail)[:detail_limit] if detail else ""), flush=True)
    return ok


def skip(name, why):
    """Print `SKIP: name (why)`."""
    print(f"SKIP: {name} ({why})", flush=True)


def run(argv, stdin=None, timeout=None, cwd=ROOT, env=None, text=True, merge=False):
    """Run argv, capturing stdout and stderr (text=False: bytes; merge: stderr into stdout): a CompletedProcess."""
    return subprocess.run(argv, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                          text=text, timeout=timeout, cwd=cwd, env=env)


def gcnsim(args, stdin=None, timeout=None, **kw):
    """run() the gcnsim binary with args (kw: run's cwd, env, text, merge)."""
    return run([GCNSIM] + list(args), stdin=stdin, timeout=timeout, **kw)


def tempdir(prefix):
    """A new temporary directory, removed by done() unless a check failed (then kept to look at)."""
    d = tempfile.mkdtemp(prefix=prefix)
    _tmpdirs.append(d)
    return d


def run_each(tests):
    """Call each function of tests; one that raises is the failed check 'NAME ran' and the others still run."""
    for t in tests:
        try:
            t()
        except Exception as e:
            check("%s ran" % getattr(t, "__name__", "a check"), False, repr(e))


def done():
    """Exit: status 1 if a check failed, else 0 after removing the tempdir() directories."""
    if not failed:
        for d in _tmpdirs:
            shutil.rmtree(d, ignore_errors=True)
    sys.exit(1 if failed else 0)
