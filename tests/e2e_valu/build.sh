#!/usr/bin/env bash
# Rebuild the committed code objects of the VALU end-to-end tests:
#   tests/e2e_valu/src/valu.cl -> tests/e2e_valu/bin/valu-GFX.co (gfx601, gfx701, gfx803, gfx900;
#   -O2, code object v4)
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-15}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
mkdir -p bin
for t in gfx601 gfx701 gfx803 gfx900; do
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$t" --rocm-device-lib-path="$DEVLIBS" -O2 \
        -o "bin/valu-$t.co" src/valu.cl
    echo "  tests/e2e_valu/bin/valu-$t.co"
done
