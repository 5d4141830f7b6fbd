#!/usr/bin/env bash
# make bench: speed and memory benchmarks (medians and ratios; not tests).
set -eu
cd "$(dirname "$0")/../.."
big=$(ls -S tests/kernels/bin/*.co 2>/dev/null | head -4)
if [ -z "$big" ]; then echo "bench: no code objects in tests/kernels/bin (run make kernels)"; exit 2; fi
echo "== disassembly speed: the four largest code objects of the corpus (median of 7 passes)"
build/bench/bench_disasm $big

# BENCH_TARGET=gfx701|gfx803|gfx900 (default gfx900), BENCH_RUNS=N.
target=${BENCH_TARGET:-gfx900}
runs=${BENCH_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# The trace section runs first: on the shared 2-core machines we measured,
# the second core was slow for tens of seconds after the long single-
# threaded runs below, which doubled the traced runs' times (the trace
# coder runs on that core) while the functional ones did not change.
# Trace recording cost (issue 6): the same launch with --functional and
# with --functional --trace (wall time of gcnsim run, medians of at least 9
# runs of each, alternating, as each takes a fraction of a second), and
# the size of the trace of a bitonic sort of 4096 keys: its 78 launches of
# bitonic_step in one file, gcnsim bench bitonic --n 4096 --functional
# --trace (the bench verifies the sort; the launches and records are read
# back from the file).  Goals: slowdown <= 3x, sort trace < 5 MB.  Both on
# one host thread (--threads 1: a traced run is always on one).
echo
tpairs=$(( runs > 9 ? runs : 9 ))   # each run is short: more of them, alternating
echo "== trace recording (gcnsim run --trace, functional, $target): medians of $tpairs alternating runs"
if ! ./gcnsim run --help 2>&1 | grep -q -- '--trace'; then
    echo "gcnsim run has no --trace option yet"
else
    python3 - "$tmp" "$target" "$tpairs" <<'PY' || status=1
import os, statistics, struct, subprocess, sys, time
tmp, target, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
gen = ["python3", "traces/make-traces.py", "gen"]
co = "front/workloads/bin/%s-%s.co"
def run(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench: %s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[:300]))
    return time.perf_counter() - t
subprocess.run(gen + [tmp + "/keys.bin", "u32", str(1 << 21), "1"], check=True)
subprocess.run(gen + [tmp + "/a.bin", "f32", str(256 * 512), "2", "-1", "1"], check=True)
subprocess.run(gen + [tmp + "/in.bin", "u32", str(1 << 22), "3"], check=True)
launches = [
    ("bitonic_step, 2^21 keys, one pass", [co % ("bitonic", target), "--kernel", "bitonic_step", "--global", str(1 << 20),
     "--local", "256", "--arg", "buf:%s/keys.bin" % tmp, "--arg", "u32:20", "--arg", "u32:0", "--arg", "u32:1"]),
    ("reduce_sum, 2^22 values, 1024 groups", [co % ("reduce", target), "--kernel", "reduce_sum", "--global", "262144",
     "--local", "256", "--arg", "buf:%s/in.bin" % tmp, "--arg", "zero:4096", "--arg", "local:1024",
     "--arg", "u32:%d" % (1 << 22)]),
    ("sgemm 256x256x512", [co % ("gemm", target), "--kernel", "sgemm", "--global", "64,64", "--local", "16,16",
     "--arg", "buf:%s/a.bin" % tmp, "--arg", "buf:%s/a.bin" % tmp, "--arg", "zero:262144", "--arg", "u32:256",
     "--arg", "u32:256", "--arg", "u32:512", "--arg", "f32:1", "--arg", "f32:0"]),
]
tr = tmp + "/bench.trace.gz"
print("%-36s %10s %10s %9s %12s %10s" % ("launch", "func s", "trace s", "slowdown", "trace MB", "B/record"))
pairs = runs
for name, args in launches:
    fs, ts = [], []
    for _ in range(pairs):
        fs.append(run(["./gcnsim", "run"] + args + ["--functional", "--threads", "1"]))
        ts.append(run(["./gcnsim", "run"] + args + ["--functional", "--threads", "1", "--trace", tr]))
    f, t = statistics.median(fs), statistics.median(ts)
    size = os.path.getsize(tr)
    js = subprocess.run(["./gcnsim", "run"] + args + ["--functional", "--json", "-"], capture_output=True, text=True)
    import json
    n = json.loads(js.stdout)["instructions"]["total"]
    print("%-36s %10.3f %10.3f %8.2fx %12.1f %10.1f%s" % (name, f, t, t / f, size / 1e6, size / max(n, 1),
          "" if t / f <= 3 else "  (goal <= 3x)"))
    os.remove(tr)
# the bitonic sort of 4096 keys, all its launches in one trace
import re
n, k = 4096, 12
p = subprocess.run(["./gcnsim", "bench", "bitonic", "--n", str(n), "--target", target, "--functional", "--json", "-",
                    "--trace", tr], capture_output=True, text=True)
ok = p.returncode == 0 and json.loads(p.stdout)["verification"] == "PASS"
size = os.path.getsize(tr) if os.path.exists(tr) else 0
dump = subprocess.run(["./gcnsim", "trace", "dump", tr], capture_output=True, text=True).stdout if size else ""
records = len(re.findall(r"^\[\d+\] ", dump, re.M))
count = len(set(re.findall(r"^\[\d+\] launch (\d+) ", dump, re.M))) + (records > 0)
print("bitonic sort of %d keys: %d launches (%d expected), %d records, one trace of %.2f MB (goal < 5 MB)%s" % (
      n, count, k * (k + 1) // 2, records, size / 1e6, "" if ok else "  (the sort did NOT verify)"))
if not ok or size >= 5e6 or count != k * (k + 1) // 2:
    sys.exit(1)
PY
fi

# The OpenCL driver's overhead: the same launch run by `gcnsim
# run` and by an ordinary OpenCL host program through the ICD loader
# (tests/ocl/wl_*.c, with OCL_ICD_VENDORS=build/vendors): one launch of
# each workload's kernel with the same sizes and scalar arguments (sgemm
# of n x n; the reduction's first pass; one bitonic step), under the
# cycle model on vega-64 and functionally (gcnsim run --functional;
# GCNSIM_FUNCTIONAL=1).  The host program loads the kernel's code object
# with clCreateProgramWithBinary (no clang at run time, as gcnsim run
# reads the same file), and the time it spends in its own CPU reference
# check (it prints it) is left out: what remains is its inputs, the
# ICD loader, the driver and the launch.  Wall times, medians of at least 5
# runs of each, alternating.  Goal: host / run <= 1.10.
echo
opairs=$(( runs > 5 ? runs : 5 ))
echo "== OpenCL driver overhead: gcnsim run vs a host program through the ICD (tests/ocl/wl_*.c), one launch, vega-64"
echo "   the host program loads the code object (clCreateProgramWithBinary: no compile at run time); wall time"
echo "   less its own CPU reference check; medians of $opairs alternating runs"
if [ ! -x build/ocl/wl_gemm ] || [ ! -e build/vendors/gcnsim.icd ]; then
    echo "the OpenCL driver or tests/ocl's programs are not built (needs ocl-icd-opencl-dev, opencl-c-headers)"
else
    python3 - "$opairs" <<'PY' || status=1
import os, re, resource, statistics, subprocess, sys, time
pairs = int(sys.argv[1])
co = "front/workloads/bin/%s-gfx900.co"
env = dict(os.environ, OCL_ICD_VENDORS=os.path.abspath("build/vendors"))
for k in ("GCNSIM_DEVICE", "GCNSIM_SET", "GCNSIM_FUNCTIONAL"):
    env.pop(k, None)
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
def run(cmd, e):
    """(wall s, CPU s) of cmd, less the host program's reference check."""
    c, t = cpu(), time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=e)
    w, c = time.perf_counter() - t, cpu() - c
    if p.returncode or "FAIL:" in p.stdout:
        sys.exit("bench: %s: exit %d: %s" % (" ".join(cmd), p.returncode, (p.stdout + p.stderr).strip()[-300:]))
    m = re.search(r"check_ns (\d+) check_cpu_ns (\d+)", p.stdout)
    check, check_cpu = (int(m.group(1)) / 1e9, int(m.group(2)) / 1e9) if m else (0, 0)
    return w - check, c - check_cpu
n_g, n_r, n_b = 512, 1 << 24, 1 << 22
launches = [
    ("sgemm %dx%d" % (n_g, n_g), ["build/ocl/wl_gemm", co % "gemm", str(n_g)],
     [co % "gemm", "--kernel", "sgemm", "--global", "%d,%d" % (n_g // 4, n_g // 4), "--local", "16,16"]
     + sum((["--arg", "rand:f32:%d:%d" % (n_g * n_g, i)] for i in (1, 2, 3)), [])
     + ["--arg", "u32:%d" % n_g] * 3 + ["--arg", "f32:1.5", "--arg", "f32:-0.75"]),
    ("reduce_sum 2^24, first pass", ["build/ocl/wl_reduce", co % "reduce", str(n_r), "1"],
     [co % "reduce", "--kernel", "reduce_sum", "--global", str(n_r // 8), "--local", "256",
      "--arg", "rand:u32:%d" % n_r, "--arg", "zero:%d" % (n_r // 2048 * 4), "--arg", "local:1024",
      "--arg", "u32:%d" % n_r]),
    ("bitonic_step 2^22 keys, one step", ["build/ocl/wl_bitonic", co % "bitonic", str(n_b), "1"],
     [co % "bitonic", "--kernel", "bitonic_step", "--global", str(n_b // 2), "--local", "256",
      "--arg", "rand:u32:%d" % n_b, "--arg", "u32:0", "--arg", "u32:0", "--arg", "u32:1"]),
]
print("%-12s %-34s %9s %9s %8s %10s %10s %9s" % ("mode", "launch", "run s", "host s", "ratio", "run CPU s",
      "host CPU s", "CPU ratio"))
worst = 0
for mode in ("cycle model", "functional"):
    f = mode == "functional"
    e = dict(env, GCNSIM_FUNCTIONAL="1") if f else env
    for name, host, args in launches:
        cmd = ["./gcnsim", "run"] + args + (["--functional"] if f else ["--device", "vega-64"])
        rs, hs = [], []
        for _ in range(pairs):
            rs.append(run(cmd, e))
            hs.append(run(host, e))
        r, h = (statistics.median(x[0] for x in v) for v in (rs, hs))
        rc, hc = (statistics.median(x[1] for x in v) for v in (rs, hs))
        worst = max(worst, h / r)
        print("%-12s %-34s %9.3f %9.3f %8.3f %10.3f %10.3f %9.3f%s" % (mode, name, r, h, h / r, rc, hc, hc / rc,
              "" if h / r <= 1.10 else "  (goal <= 1.10)"), flush=True)
print("largest overhead ratio (wall) %.3f (goal <= 1.10)" % worst)
PY
fi

# Functional simulation speed on the three workloads: simulated
# wave-instructions per second (median of 3 runs of `gcnsim bench`, the
# time inside the launches only) and peak memory (getrusage ru_maxrss, as
# /usr/bin/time reports it).  Sizes are chosen to run for seconds.
echo
echo "== functional simulation: wave-instructions per second, median of $runs runs ($target, one core)"
printf '%-9s %-44s %14s %9s %8s %12s %10s\n' workload problem wave-inst launches "sim s" "M winst/s" "peak MiB"
for spec in "bitonic 1048576" "reduce 67108864" "gemm 1024"; do
    set -- $spec
    w=$1 n=$2
    for ((i = 0; i < runs; i++)); do
        if ! /usr/bin/time -f '%M' -o "$tmp/rss.$i" ./gcnsim bench "$w" --n "$n" --target "$target" --functional \
                --threads 1 --json "$tmp/$w.$i.json" >"$tmp/out" 2>"$tmp/err"; then
            echo "$w: gcnsim bench failed:"; sed 's/^/    /' "$tmp/err" | head -5
            status=1
            continue 2
        fi
    done
    python3 - "$tmp" "$w" "$runs" <<'PY'
import json, statistics, sys
tmp, w, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
js = [json.load(open("%s/%s.%d.json" % (tmp, w, i))) for i in range(runs)]
rss = [int(open("%s/rss.%d" % (tmp, i)).read().split()[-1]) for i in range(runs)]
rate = statistics.median(j["wave_instructions_per_second"] for j in js)
sim = statistics.median(j["sim_seconds"] for j in js)
j = js[0]
print("%-9s %-44s %14d %9d %8.2f %12.1f %10.0f%s" % (w, j["problem"][:44], j["wave_instructions"], j["launches"], sim,
      rate / 1e6, max(rss) / 1024.0, "" if j["verification"] == "PASS" else "  (verification %s)" % j["verification"]))
PY
done

# Timing-mode speed (the cycle model, on the target's default device):
# simulated wave-instructions and cycles per second and peak memory, median
# of $runs runs, next to the functional speed on the same problem; the
# ratio is functional / timing wave-instructions per second.  Sizes are
# smaller than above (the model is several times slower).  Goals (issue
# 4): >= 2 M wave-instructions/s on GEMM, ratio <= 10.
echo
echo "== timing mode (cycle model): median of $runs runs ($target, one core)"
printf '%-9s %-26s %12s %11s %9s %9s %9s %8s %9s\n' workload problem wave-inst cycles "M winst/s" "M cyc/s" "func M/s" ratio "peak MiB"
for spec in "bitonic 262144" "reduce 16777216" "gemm 1024"; do
    set -- $spec
    w=$1 n=$2
    for mode in functional timing; do
        flag=; [ $mode = functional ] && flag=--functional
        for ((i = 0; i < runs; i++)); do
            if ! /usr/bin/time -f '%M' -o "$tmp/rss.$mode.$i" ./gcnsim bench "$w" --n "$n" --target "$target" $flag \
                    --threads 1 --json "$tmp/$w.$mode.$i.json" >"$tmp/out" 2>"$tmp/err"; then
                echo "$w ($mode): gcnsim bench failed:"; sed 's/^/    /' "$tmp/err" | head -5
                status=1
                continue 3
            fi
        done
    done
    python3 - "$tmp" "$w" "$runs" <<'PY'
import json, statistics, sys
tmp, w, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def load(mode):
    return [json.load(open("%s/%s.%s.%d.json" % (tmp, w, mode, i))) for i in range(runs)]
f, t = load("functional"), load("timing")
rss = [int(open("%s/rss.timing.%d" % (tmp, i)).read().split()[-1]) for i in range(runs)]
frate = statistics.median(j["wave_instructions_per_second"] for j in f)
trate = statistics.median(j["wave_instructions_per_second"] for j in t)
crate = statistics.median(j["cycles_per_second"] for j in t)
j = t[0]
ok = all(x["verification"] == "PASS" for x in f + t)
print("%-9s %-26s %12d %11d %9.2f %9.2f %9.1f %8.1f %9.0f%s" % (w, j["problem"][:26], j["wave_instructions"], j["cycles"],
      trate / 1e6, crate / 1e6, frate / 1e6, frate / trate if trate else 0, max(rss) / 1024.0,
      "" if ok else "  (verification failed)"))
PY
done

# Host threads (--threads): each workload in both modes at 1, 2 and 4
# threads, the runs interleaved (1, 2, 4, 1, 2, 4, ...), medians of $runs:
# wave-instructions per second and simulated cycles per second (the cycle
# model) of the time inside the launches, user CPU seconds and peak memory
# of the whole process (/usr/bin/time), the speed-up against 1 thread, and
# whether every count the --json holds (all but the times and the memory)
# is the same at every thread count.  Goal (issue 19): >= 1.8x on 2
# threads for GEMM and the reduction, on a machine with 2 idle cores.
echo
cores=$(nproc 2>/dev/null || echo "?")
echo "== threads: speed-up at 1, 2 and 4 host threads (--threads), $target, medians of $runs interleaved runs"
echo "   this machine has $cores online cores (4 threads on fewer cores share them); other work on it slows the"
echo "   runs with more threads first"
python3 - "$tmp" "$target" "$runs" <<'PY' || status=1
import json, statistics, subprocess, sys
tmp, target, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
SPECS = {"functional": [("gemm", 1024), ("reduce", 1 << 26), ("bitonic", 1 << 20)],
         "cycle model": [("gemm", 512), ("reduce", 1 << 22), ("bitonic", 1 << 16)]}
TIMES = ("sim_seconds", "host_seconds", "wave_instructions_per_second", "cycles_per_second", "max_rss_kib")
THREADS = (1, 2, 4)
bad = 0
print("%-11s %-8s %-10s %7s %10s %10s %9s %9s %9s %9s  %s" % ("mode", "workload", "n", "threads", "M winst/s",
      "M cyc/s", "sim s", "user s", "peak MiB", "speed-up", "counts"))
def strip(j):
    if isinstance(j, dict):
        return {k: strip(v) for k, v in j.items() if k not in TIMES}
    if isinstance(j, list):
        return [strip(v) for v in j]
    return j
for mode, specs in SPECS.items():
    for w, n in specs:
        res = {t: [] for t in THREADS}
        for r in range(runs):
            for t in THREADS:
                js, tm = "%s/thr.json" % tmp, "%s/thr.time" % tmp
                cmd = ["/usr/bin/time", "-f", "%e %U %M", "-o", tm, "./gcnsim", "bench", w, "--n", str(n), "--target",
                       target, "--threads", str(t), "--json", js] + (["--functional"] if mode == "functional" else [])
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode:
                    print("%s %s --threads %d: gcnsim bench failed: %s" % (mode, w, t, p.stderr.strip()[:300]))
                    bad = 1
                    break
                j = json.load(open(js))
                wall, user, rss = open(tm).read().split()[-3:]
                res[t].append((j, float(user), int(rss)))
        if not all(res[t] for t in THREADS):
            continue
        base = statistics.median(x[0]["wave_instructions_per_second"] for x in res[1])
        ref = strip(res[1][0][0])
        for t in THREADS:
            rate = statistics.median(x[0]["wave_instructions_per_second"] for x in res[t])
            cyc = statistics.median(x[0].get("cycles_per_second", 0) for x in res[t])
            sim = statistics.median(x[0]["sim_seconds"] for x in res[t])
            user = statistics.median(x[1] for x in res[t])
            rss = max(x[2] for x in res[t]) / 1024.0
            same = all(strip(x[0]) == ref for x in res[t])
            ok = all(x[0]["verification"] == "PASS" for x in res[t])
            bad |= not same or not ok
            print("%-11s %-8s %-10d %7d %10.2f %10s %9.2f %9.2f %9.0f %8.2fx  %s%s" % (
                  mode, w, n, t, rate / 1e6, "%.3f" % (cyc / 1e6) if cyc else "-", sim, user, rss, rate / base,
                  "same" if same else "DIFFER", "" if ok else "  (verification failed)"), flush=True)
sys.exit(bad)
PY

exit $status
