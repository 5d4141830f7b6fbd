#!/usr/bin/env bash
# Record LLVM's own resource numbers for the committed code objects:
#   tests/cli/data/make_llvm_remarks.sh > tests/cli/data/llvm_remarks.txt
# Each tests/kernels/bin/NAME-GFX[-VARIANT].co is compiled again from
# tests/kernels/src/NAME.cl with the flags tests/kernels/build.sh used for it
# (VARIANT O0/O1: -O0/-O1; v2/v3/v5: -mcode-object-version=N; else -O2 v4),
# with clang-15 -Rpass-analysis=kernel-resource-usage.  A file is recorded
# only if the new object is byte-identical to the committed one (so the
# remarks describe exactly that binary; v5 objects are linked by ld.lld-16
# like build.sh does).  One line per function:
#   FILE FUNCTION SGPRs VGPRs ScratchSize LDSSize Occupancy
# (LLVM 15's remark; its "Occupancy [waves/SIMD]" assumes the function's
# maximum flat work-group size: the reqd_work_group_size, else 256 for OpenCL).
set -eu
cd "$(dirname "$0")/../../.."
CLANG=${CLANG:-clang-15}
LLD=${LLD:-ld.lld-16}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "# LLVM 15 kernel-resource-usage remarks for tests/kernels/bin (made by make_llvm_remarks.sh)"
echo "# FILE FUNCTION SGPRs VGPRs ScratchSize LDSSize Occupancy"
for co in tests/kernels/bin/*.co; do
    base=$(basename "$co" .co)
    name=${base%%-*}
    rest=${base#*-}
    target=${rest%%-*}
    variant=""
    [ "$rest" != "$target" ] && variant=${rest#*-}
    flags=(-O2)
    link=0
    case "$variant" in
        O0|O1) flags=(-"$variant") ;;
        v2|v3) flags+=(-mcode-object-version="${variant#v}") ;;
        v5) flags+=(-mcode-object-version=5 -c); link=1 ;;
        "") ;;
        *) echo "# $co: unknown variant '$variant', skipped"; continue ;;
    esac
    out=$tmp/$base.co
    [ $link = 1 ] && out=$tmp/$base.o
    if ! "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$target" \
            --rocm-device-lib-path="$DEVLIBS" "${flags[@]}" -Rpass-analysis=kernel-resource-usage \
            -o "$out" "tests/kernels/src/$name.cl" 2>"$tmp/remarks"; then
        echo "# $co: does not compile here, skipped"
        continue
    fi
    [ $link = 1 ] && "$LLD" -shared -o "$tmp/$base.co" "$out"
    if ! cmp -s "$tmp/$base.co" "$co"; then
        echo "# $co: rebuilt object differs from the committed one, skipped"
        continue
    fi
    awk -v f="$co" '
        /remark: Function Name:/ { fn = $NF; s = v = sc = lds = occ = "-" }
        /remark: +SGPRs: /              { s = $NF }
        /remark: +VGPRs: /              { v = $NF }
        /remark: +ScratchSize/          { sc = $NF }
        /remark: +Occupancy/            { occ = $NF }
        /remark: +LDS Size/             { lds = $NF; print f, fn, s, v, sc, lds, occ }
    ' < <(sed 's/ \[-Rpass-analysis=kernel-resource-usage\]$//' "$tmp/remarks")
done
