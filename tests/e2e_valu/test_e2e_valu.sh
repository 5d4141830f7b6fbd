#!/usr/bin/env bash
# End-to-end VALU tests: the kernels of src/valu.cl (bin/valu-GFX.co, rebuilt
# by build.sh) run through ./gcnsim on gfx601, gfx701, gfx803 and gfx900 and are
# compared with the C references of ref.c.  Prints PASS:/FAIL: lines.
set -u
cd "$(dirname "$0")/../.."
mkdir -p build
if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -o build/e2e_valu_ref tests/e2e_valu/ref.c -lm; then
    echo "FAIL: e2e_valu: ref.c does not build"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build/e2e_valu_ref "$PWD/gcnsim" "$PWD/tests/e2e_valu/bin" "$tmp"
