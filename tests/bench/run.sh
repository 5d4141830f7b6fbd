#!/usr/bin/env bash
# make bench: speed and memory benchmarks (medians and ratios; not tests).
set -eu
cd "$(dirname "$0")/../.."
big=$(ls -S tests/kernels/bin/*.co 2>/dev/null | head -4)
if [ -z "$big" ]; then echo "bench: no code objects in tests/kernels/bin (run make kernels)"; exit 2; fi
echo "== disassembly speed: the four largest code objects of the corpus (median of 7 passes)"
build/bench/bench_disasm $big
