#!/usr/bin/env bash
# make bench: speed and memory benchmarks (medians; not tests).
set -eu
cd "$(dirname "$0")/../.."
objs=$(ls tests/kernels/bin/*-gfx803.co tests/kernels/bin/*-gfx900.co tests/kernels/bin/*-gfx701.co 2>/dev/null | head -40)
if [ -z "$objs" ]; then echo "bench: no code objects in tests/kernels/bin (run make kernels)"; exit 2; fi
# the largest code objects of each generation
big=$(ls -S $objs | head -3)
echo "== disassembly speed (median of 7 passes)"
build/bench/bench_disasm $big
