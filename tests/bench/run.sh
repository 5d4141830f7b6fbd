#!/usr/bin/env bash
# make bench: speed and memory benchmarks (medians and ratios; not tests).
set -eu
cd "$(dirname "$0")/../.."
big=$(ls -S tests/kernels/bin/*.co 2>/dev/null | head -4)
if [ -z "$big" ]; then echo "bench: no code objects in tests/kernels/bin (run make kernels)"; exit 2; fi
echo "== disassembly speed: the four largest code objects of the corpus (median of 7 passes)"
build/bench/bench_disasm $big

# Functional simulation speed on the three workloads: simulated
# wave-instructions per second (median of 3 runs of `gcnsim bench`, the
# time inside the launches only) and peak memory (getrusage ru_maxrss, as
# /usr/bin/time reports it).  Sizes are chosen to run for seconds.
# BENCH_TARGET=gfx701|gfx803|gfx900 (default gfx900), BENCH_RUNS=N.
target=${BENCH_TARGET:-gfx900}
runs=${BENCH_RUNS:-3}
echo
echo "== functional simulation: wave-instructions per second, median of $runs runs ($target, one core)"
printf '%-9s %-44s %14s %9s %8s %12s %10s\n' workload problem wave-inst launches "sim s" "M winst/s" "peak MiB"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for spec in "bitonic 1048576" "reduce 67108864" "gemm 1024"; do
    set -- $spec
    w=$1 n=$2
    for ((i = 0; i < runs; i++)); do
        if ! /usr/bin/time -f '%M' -o "$tmp/rss.$i" ./gcnsim bench "$w" --n "$n" --target "$target" --functional \
                --json "$tmp/$w.$i.json" >"$tmp/out" 2>"$tmp/err"; then
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
                    --json "$tmp/$w.$mode.$i.json" >"$tmp/out" 2>"$tmp/err"; then
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
exit $status
