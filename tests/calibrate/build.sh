#!/usr/bin/env bash
# Rebuild the committed code objects of make calibrate (part of make kernels):
#   tests/calibrate/kernels/NAME.cl  ->  tests/calibrate/bin/NAME-GFX.co
# at -O2 (code object v4) for the target of every device preset: gfx600
# (hd-7970), gfx701 (r9-290x), gfx803 (r9-nano, rx-480), gfx900 (vega-64)
# and gfx906 (mi50).  How a file is compiled: ../kernels/clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=tests/calibrate/
. ../kernels/clcc.sh
clcc_init "calibration kernels"

clcc_each "gfx600 gfx701 gfx803 gfx900 gfx906" -O2 kernels/*.cl

# CLBlast 0.7.0's SGEMM program for Tahiti (third_party/clblast/README):
# its .opencl files are C++11 raw-string literals, so their R"( and )"
# lines are dropped into a temporary directory that the wrapper includes;
# make calibrate runs the gfx600 object (hd-7970), test_sgemm.py all five.
mkdir -p "$clcc_tmp/clblast"
for f in third_party/clblast/*.opencl; do
    sed -e '/^R"($/d' -e '/^)"$/d' "$f" >"$clcc_tmp/clblast/$(basename "$f")"
done
for t in gfx600 gfx701 gfx803 gfx900 gfx906; do
    clcc third_party/clblast/sgemm_tahiti.cl $t bin/clblast_sgemm-$t.co -O2 -I"$clcc_tmp/clblast"
done
