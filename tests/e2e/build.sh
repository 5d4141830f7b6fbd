#!/usr/bin/env bash
# Rebuild the committed end-to-end test code objects (part of make kernels):
#   tests/e2e/src/NAME.cl  ->  tests/e2e/bin/NAME-GFX.co
# for gfx701, gfx803 and gfx900 at -O2 (code object v4), images/images.cl
# likewise (bin/images-GFX.co), the HIP code hip/hip_kernels.hip
# (bin/hip_kernels-GFX.co, and -v5 for gfx900), -O0 variants of
# some (bin/NAME-GFX-O0.co), and the fault-test
# objects (bin/fault_*.co; fault_illegal has an invalid word patched into
# its code by patch_illegal.py).  How a file is compiled: ../kernels/clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=tests/e2e/
. ../kernels/clcc.sh
clcc_init "e2e kernels"
TARGETS="gfx701 gfx803 gfx900"

clcc_each "$TARGETS" -O2 src/*.cl
# the image kernels of test_images.py (bin/images-GFX.co)
clcc_each "$TARGETS" -O2 images/images.cl
# -O0 variants of some kernels: unoptimised code, every value through
# scratch (bin/NAME-GFX-O0.co)
O0_KERNELS="int_arith divergent_loops scratch_array calls_stack f32_arith local_sort conversions math_f32 atomics_local"
for name in $O0_KERNELS; do
    clcc_each "$TARGETS" -O0 "src/$name.cl"
done
# HIP device code of test_hip.py (bin/hip_kernels-GFX.co; gfx900 also as
# code object v5, bin/hip_kernels-gfx900-v5.co)
for t in $TARGETS; do
    hipcc hip/hip_kernels.hip "$t" "bin/hip_kernels-$t.co" -O2
done
hipcc hip/hip_kernels.hip gfx900 bin/hip_kernels-gfx900-v5.co -O2 -mcode-object-version=5
clcc_each "$TARGETS" -O2 faults/*.cl
for t in $TARGETS; do
    python3 patch_illegal.py "bin/fault_illegal-$t.co"
done
