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
        if ! /usr/bin/time -f '%M' -o "$tmp/rss.$i" ./gcnsim bench "$w" --n "$n" --target "$target" \
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
exit $status
