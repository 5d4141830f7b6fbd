#!/usr/bin/env bash
# Rebuild the committed workload code objects (part of make kernels):
#   front/workloads/NAME.cl  ->  front/workloads/bin/NAME-GFX.co
# for gfx701, gfx803 and gfx900, at -O2, code object v4.
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-15}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
TARGETS="gfx701 gfx803 gfx900"

if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "build.sh: $CLANG is not installed; it is needed to rebuild the workloads" >&2
    echo "          (the committed front/workloads/bin/*.co can be used as they are)" >&2
    exit 1
fi
if [ ! -d "$DEVLIBS" ]; then
    echo "build.sh: ROCm device libraries not found in $DEVLIBS (set DEVLIBS=...)" >&2
    exit 1
fi
mkdir -p bin
for src in *.cl; do
    name=$(basename "$src" .cl)
    for t in $TARGETS; do
        "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$t" \
            --rocm-device-lib-path="$DEVLIBS" -O2 -o "bin/$name-$t.co" "$src"
        echo "  front/workloads/bin/$name-$t.co"
    done
done
