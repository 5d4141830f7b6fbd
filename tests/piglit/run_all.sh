#!/usr/bin/env bash
# piglit's whole OpenCL profile (piglit run cl, 710 tests; Debian's package
# piglit) against the OpenCL driver, once per preset, functionally
# (GCNSIM_FUNCTIONAL=1), each test limited to TIMEOUT seconds (60).
#   tests/piglit/run_all.sh [PRESET]...      (default: vega-64 hd-7970)
# Results go to tests/out/piglit/PRESET (piglit's results.json.bz2; piglit
# summary html makes pages of them).  Prints, per preset, the tests that
# did not pass with the first line piglit's output gives as the reason,
# then one line of counts:
#   piglit cl on PRESET: N pass, N fail, N crash, N timeout, N skip, N warn (of N)
# Exit status 1 if piglit or the driver is missing or piglit cannot run.
# make check-all calls it; tests/piglit/test_piglit.py is the short slice
# make check runs.
set -u
cd "$(dirname "$0")/../.."
PIGLIT_DIR=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-$(nproc)}
if ! command -v piglit >/dev/null || [ ! -d "$PIGLIT_DIR/bin" ]; then
    echo "piglit is not installed (Debian's package piglit)"; exit 1
fi
if [ ! -f build/libgcnsim-opencl.so ]; then
    echo "the OpenCL driver is not built (make; needs ocl-icd-dev, ocl-icd-opencl-dev, opencl-c-headers)"; exit 1
fi
[ $# -gt 0 ] || set -- vega-64 hd-7970
status=0
for preset in "$@"; do
    out=tests/out/piglit/$preset
    mkdir -p tests/out/piglit
    rm -rf "$out"
    if ! env -u GCNSIM_SET -u OCL_ICD_FILENAMES OCL_ICD_VENDORS="$PWD/build/vendors" GCNSIM_DEVICE="$preset" \
         GCNSIM_FUNCTIONAL=1 nice piglit run -j "$JOBS" --timeout "$TIMEOUT" -l dummy cl "$out" \
         >"$out.log" 2>&1; then
        echo "piglit run cl on $preset failed: see $out.log"; status=1; continue
    fi
    python3 - "$out" "$preset" <<'PY'
import bz2, collections, json, re, sys
out, preset = sys.argv[1], sys.argv[2]
tests = json.load(bz2.open(out + "/results.json.bz2"))["tests"]
count = collections.Counter(t["result"] for t in tests.values())
for name, t in sorted(tests.items()):
    if t["result"] == "pass":
        continue
    subs = [k for k, v in t.get("subtests", {}).items() if k != "__type__" and v not in ("pass", "skip")]
    text = t.get("err", "") + "\n" + t.get("out", "")
    why = ""
    for pat in (r"gcnsim: memory fault.*\n.*\n(.*)", r"(Unexpected CL error: .*)", r"(Expecting .*)",
                r"(fatal error: .*)", r"(Could not .*)", r"(Failed.*)", r"(.*: failed, .*)"):
        m = re.search(pat, text)
        if m:
            why = m.group(1).strip()
            break
    print("  %-8s %s%s%s" % (t["result"], name, " [%s]" % ", ".join(subs[:3]) if subs else "",
                               ": " + why[:160] if why else ""))
order = ("pass", "fail", "crash", "timeout", "skip", "warn")
print("piglit cl on %s: %s (of %d)" % (preset, ", ".join("%d %s" % (count.get(k, 0), k) for k in order),
                                        len(tests)))
PY
done
exit $status
