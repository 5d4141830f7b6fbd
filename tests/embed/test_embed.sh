#!/usr/bin/env bash
# The embedding program (tests/embed/embed.c: the public header
# front/api/gcnsim.h and build/libgcnsim.a alone) runs a kernel on two
# threads at once, functionally and under the cycle model, with identical
# results; built normally and under ASan/UBSan (make unit builds both).
# Prints its PASS:/FAIL: lines.
cd "$(dirname "$0")/../.." || exit 1
rc=0
for b in build/embed/embed build/san/embed/embed; do
    if [ ! -x "$b" ]; then
        echo "FAIL: $b is not built (make unit)"
        rc=1
        continue
    fi
    tag=$([ "$b" = build/embed/embed ] && echo "" || echo " [asan+ubsan]")
    out=$(ASAN_OPTIONS=detect_leaks=1 "$b" 2>&1)
    st=$?
    printf '%s\n' "$out" | sed "s/\$/$tag/"
    [ "$st" -eq 0 ] || { echo "FAIL: $b exited with status $st"; rc=1; }
done
exit $rc
