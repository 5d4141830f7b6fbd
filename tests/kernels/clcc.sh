# clcc.sh — how an OpenCL C file becomes an AMDGPU code object; sourced by
# the build scripts of make kernels (tests/kernels, tests/e2e, tests/e2e_mem,
# tests/e2e_valu, front/workloads).  Each script cds into its own directory
# and calls:
#   clcc_init WHAT              fail clearly when clang-15 or the ROCm device
#                               libraries are missing (WHAT names the
#                               committed objects that can be used instead)
#   clcc SRC TARGET OUT FLAGS...     compile SRC for TARGET to OUT (code object
#                                    v4 unless FLAGS say otherwise)
#   clcc_v5 SRC TARGET OUT FLAGS...  the same as code object v5: compiled with
#                                    -c and linked with ld.lld-16 -shared
#   hipcc SRC TARGET OUT FLAGS...    HIP device code (no HIP headers) to OUT,
#                                    through bitcode and ld.lld-16 -shared
#   clcc_printf SRC TARGET OUT FLAGS...  the same for a source that calls
#                               printf (see below)
#   clcc_each "TARGETS" OPT SRC...   each SRC (NAME.cl) for each target at
#                                    optimisation level OPT to bin/NAME-T.co
#                                    (-O2) or bin/NAME-T-OPT.co (others)
# Output is deterministic: the same sources give byte-identical objects.
# CLANG, LLD and DEVLIBS may be set in the environment; CLCC_SHOW is the
# directory prefix printed before each object written.
CLANG=${CLANG:-clang-15}
LLD=${LLD:-ld.lld-16}
OPT=${OPT:-opt-15}
LLVMLINK=${LLVMLINK:-llvm-link-15}
DEVLIBS=${DEVLIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
CLCC_SHOW=${CLCC_SHOW:-}

clcc_init() {
    if ! command -v "$CLANG" >/dev/null 2>&1; then
        echo "build.sh: $CLANG is not installed; it is needed to rebuild the $1" >&2
        echo "          (the committed $CLCC_SHOW""bin/*.co can be used as they are)" >&2
        exit 1
    fi
    if [ ! -d "$DEVLIBS" ]; then
        echo "build.sh: ROCm device libraries not found in $DEVLIBS (set DEVLIBS=...)" >&2
        exit 1
    fi
    mkdir -p bin
    clcc_tmp=$(mktemp -d)
    trap 'rm -rf "$clcc_tmp"' EXIT
}

# clcc_raw SRC TARGET OUT FLAGS...: the compiler command, nothing printed
clcc_raw() {
    local src=$1 target=$2 out=$3
    shift 3
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$target" \
        --rocm-device-lib-path="$DEVLIBS" "$@" -o "$out" "$src"
}

clcc() {
    clcc_raw "$@"
    echo "  $CLCC_SHOW$3"
}

# hipcc SRC TARGET OUT FLAGS...: HIP device code without the HIP headers
# (clang -x hip -nogpuinc -nogpulib, device only) to bitcode, then to an
# object for TARGET and linked by $LLD (which also handles code object v5)
hipcc() {
    local src=$1 target=$2 out=$3
    shift 3
    local base
    base="$clcc_tmp/$(basename "$out" .co)"
    "$CLANG" -x hip --offload-arch="$target" -nogpuinc -nogpulib --cuda-device-only -emit-llvm -c \
        "$@" -o "$base.bc" "$src"
    "$CLANG" -target amdgcn-amd-amdhsa -mcpu="$target" -nogpulib "$@" -c -o "$base.o" "$base.bc"
    "$LLD" -shared -o "$out" "$base.o"
    echo "  $CLCC_SHOW$out"
}

clcc_v5() {
    local src=$1 target=$2 out=$3
    shift 3
    local obj
    obj="$clcc_tmp/$(basename "$out" .co).o"
    clcc_raw "$src" "$target" "$obj" "$@" -mcode-object-version=5 -c
    "$LLD" -shared -o "$out" "$obj"
    echo "  $CLCC_SHOW$out"
}

# clcc_printf SRC TARGET OUT FLAGS...: clang-15's printf lowering
# (AMDGPUPrintfRuntimeBinding) finds the format string only with typed
# pointers; with the opaque pointers of its default it deletes every
# printf call.  So: the source to bitcode with typed pointers and without
# the device libraries (printf lowered to __printf_alloc and the
# amdhsa.printf formats), that bitcode upgraded to opaque pointers (opt),
# linked with the device libraries the driver would link for these flags
# (as -mlink-builtin-bitcode does: only what is needed, internalized), then
# compiled to OUT.
clcc_printf() {
    local src=$1 target=$2 out=$3
    shift 3
    local base libs
    base="$clcc_tmp/$(basename "$out" .co)"
    clcc_raw "$src" "$target" "$base.typed.bc" -nogpulib -Xclang -no-opaque-pointers -c -emit-llvm "$@"
    "$OPT" -opaque-pointers "$base.typed.bc" -o "$base.bc"
    libs=$(clcc_raw "$src" "$target" "$base.o" -c "$@" -### 2>&1 | tr ' ' '\n' |
           grep -A1 -x '"-mlink-builtin-bitcode"' | grep '\.bc"$' | tr -d '"')
    # shellcheck disable=SC2086
    "$LLVMLINK" "$base.bc" --only-needed --internalize $libs -o "$base.linked.bc"
    "$CLANG" -x ir -target amdgcn-amd-amdhsa -mcpu="$target" -nogpulib "$@" -o "$out" "$base.linked.bc"
    echo "  $CLCC_SHOW$out"
}

clcc_each() {
    local targets=$1 opt=$2 src name t suffix=-${2#-}
    shift 2
    [ "$opt" = -O2 ] && suffix=
    for src in "$@"; do
        name=$(basename "$src" .cl)
        for t in $targets; do
            clcc "$src" "$t" "bin/$name-$t$suffix.co" "$opt"
        done
    done
}
