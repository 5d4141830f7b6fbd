#!/usr/bin/env bash
# Rebuild the committed end-to-end test code objects (part of make kernels):
#   tests/e2e/src/NAME.cl  ->  tests/e2e/bin/NAME-GFX.co
# for gfx701, gfx803 and gfx900 at -O2 (code object v4), -O0 variants of
# some (bin/NAME-GFX-O0.co), and the fault-test
# objects (bin/fault_*.co; fault_illegal has an invalid word patched into
# its code by patch_illegal.py).
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-15}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
TARGETS="gfx701 gfx803 gfx900"

if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "build.sh: $CLANG is not installed; it is needed to rebuild the e2e kernels" >&2
    echo "          (the committed tests/e2e/bin/*.co can be used as they are)" >&2
    exit 1
fi
if [ ! -d "$DEVLIBS" ]; then
    echo "build.sh: ROCm device libraries not found in $DEVLIBS (set DEVLIBS=...)" >&2
    exit 1
fi
mkdir -p bin
cl() {   # cl SRC TARGET OUT [OPT]
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$2" \
        --rocm-device-lib-path="$DEVLIBS" "${4:--O2}" -o "$3" "$1"
    echo "  tests/e2e/$3"
}
for src in src/*.cl; do
    name=$(basename "$src" .cl)
    for t in $TARGETS; do
        cl "$src" "$t" "bin/$name-$t.co"
    done
done
# -O0 variants of some kernels: unoptimised code, every value through
# scratch (bin/NAME-GFX-O0.co)
O0_KERNELS="int_arith divergent_loops scratch_array calls_stack f32_arith local_sort conversions math_f32 atomics_local"
for name in $O0_KERNELS; do
    for t in $TARGETS; do
        cl "src/$name.cl" "$t" "bin/$name-$t-O0.co" -O0
    done
done
for t in $TARGETS; do
    for src in faults/*.cl; do
        name=$(basename "$src" .cl)
        cl "$src" "$t" "bin/$name-$t.co"
    done
    python3 patch_illegal.py "bin/fault_illegal-$t.co"
done
