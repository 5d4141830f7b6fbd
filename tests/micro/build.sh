#!/usr/bin/env bash
# Builds the microbenchmark kernels (tests/micro/bin/NAME-TARGET.co) from the
# assembly gen.py writes: llvm-mc (code object v4) then ld.lld -shared.
# Output is deterministic; the objects are committed.
set -eu
cd "$(dirname "$0")"
MC=${MC:-llvm-mc-16}
LLD=${LLD:-ld.lld-16}
for tool in "$MC" "$LLD" python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "build.sh: $tool is not installed; it is needed to rebuild the microbenchmark kernels" >&2
        echo "          (the committed tests/micro/bin/*.co can be used as they are; MC=, LLD= select other versions)" >&2
        exit 1
    fi
done
mkdir -p bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 gen.py --list | while read -r name targets; do
    for t in $targets; do
        python3 gen.py "$name" "$t" >"$tmp/$name-$t.s"
        "$MC" -triple=amdgcn-amd-amdhsa -mcpu="$t" --amdhsa-code-object-version=4 -filetype=obj \
            -o "$tmp/$name-$t.o" "$tmp/$name-$t.s"
        "$LLD" -shared -o "bin/$name-$t.co" "$tmp/$name-$t.o"
        echo "  tests/micro/bin/$name-$t.co"
    done
done
