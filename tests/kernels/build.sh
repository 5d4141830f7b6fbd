#!/usr/bin/env bash
# Rebuild the committed code objects of the disassembly corpus (make kernels).
#   tests/kernels/src/NAME.cl  ->  tests/kernels/bin/NAME-GFX[-VARIANT].co
# Every source is compiled at -O2 (code object v4, the default) for each
# target; a few get -O0/-O1 variants and code-object-version variants
# (v2, v3, v5; v5 is compiled with -c and linked with ld.lld-16 -shared).
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-15}
LLD=${LLD:-ld.lld-16}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
TARGETS="gfx600 gfx701 gfx803 gfx900 gfx906"

if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "build.sh: $CLANG is not installed; it is needed to rebuild the kernels" >&2
    echo "          (the committed tests/kernels/bin/*.co can be used as they are)" >&2
    exit 1
fi
if [ ! -d "$DEVLIBS" ]; then
    echo "build.sh: ROCm device libraries not found in $DEVLIBS (set DEVLIBS=...)" >&2
    exit 1
fi

mkdir -p bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cl NAME TARGET OUT EXTRA-FLAGS...: compile src/NAME.cl to OUT
cl() {
    local name=$1 target=$2 out=$3
    shift 3
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$target" \
        --rocm-device-lib-path="$DEVLIBS" "$@" -o "$out" "src/$name.cl"
    case $out in bin/*) echo "  $out" ;; esac
}

for src in src/*.cl; do
    name=$(basename "$src" .cl)
    for t in $TARGETS; do
        cl "$name" "$t" "bin/$name-$t.co" -O2
    done
done

# optimisation-level variants
for t in gfx701 gfx803 gfx900; do
    cl control "$t" "bin/control-$t-O0.co" -O0
    cl arith "$t" "bin/arith-$t-O1.co" -O1
done
cl lds gfx600 bin/lds-gfx600-O0.co -O0
cl vector gfx906 bin/vector-gfx906-O1.co -O1

# code object versions 2, 3 and 5 (4 is the default above)
for name in lds atomics; do
    for t in gfx701 gfx803 gfx900; do
        cl "$name" "$t" "bin/$name-$t-v2.co" -O2 -mcode-object-version=2
        cl "$name" "$t" "bin/$name-$t-v3.co" -O2 -mcode-object-version=3
        cl "$name" "$t" "$tmp/$name-$t-v5.o" -O2 -mcode-object-version=5 -c
        "$LLD" -shared -o "bin/$name-$t-v5.co" "$tmp/$name-$t-v5.o"
        echo "  bin/$name-$t-v5.co"
    done
done
