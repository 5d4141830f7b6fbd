#!/usr/bin/env bash
# Functional checks of the microbenchmark kernels (tests/micro, see MANIFEST):
# each launch of MANIFEST runs through ./gcnsim run --dump and its result
# buffer is checked by check.py; the occupancy kernels are also checked
# against `gcnsim info` (waves per SIMD and the limiting resource, from
# GCN-FACTS section 3).  Timing expectations are not checked here: they need
# the cycle model.  Prints PASS:/FAIL: lines.
set -u
cd "$(dirname "$0")/../.."
SIM=./gcnsim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_case KERNEL TARGET GLOBAL LOCAL BUFBYTES [ARG1]: run, and list its
# buffer for check.py (one process checks them all at the end)
nrun=0
: >"$tmp/list"
run_case() {
    local k=$1 t=$2 g=$3 l=$4 bytes=$5 arg=${6:-}
    local co=tests/micro/bin/$k-$t.co name="micro/$k-$t g$g l$l"
    local extra=()
    [ -n "$arg" ] && extra=(--arg "i32:$arg")
    if [ ! -f "$co" ]; then
        echo "FAIL: $name: $co missing (run tests/micro/build.sh)"; return
    fi
    if ! out=$($SIM run "$co" --kernel "$k" --global "$g" --local "$l" \
            --arg "zero:$bytes" "${extra[@]}" --dump "0=$tmp/$nrun.bin" 2>&1); then
        echo "FAIL: $name: gcnsim run failed: $(echo "$out" | head -3)"; return
    fi
    printf '%s\t%s %s %s %s\n' "$name" "$k" "$tmp/$nrun.bin" "$g" "$arg" >>"$tmp/list"
    nrun=$((nrun + 1))
}

# occ_case KERNEL TARGET WAVES LIMIT: gcnsim info's occupancy line
occ_case() {
    local k=$1 t=$2 waves=$3 limit=$4
    local want="=> $waves waves per SIMD, limited by $limit"
    if $SIM info "tests/micro/bin/$k-$t.co" 2>&1 | grep -qF "$want"; then
        echo "PASS: micro/$k-$t occupancy $waves ($limit)"
    else
        echo "FAIL: micro/$k-$t occupancy: expected '$want', got '$($SIM info "tests/micro/bin/$k-$t.co" 2>&1 | grep '=>')'"
    fi
}

for t in gfx701 gfx803 gfx900; do
    run_case empty_frame "$t" 64 64 1024     # baseline
    run_case valu_chain "$t" 64 64 1024      # (a), (b) one wave
    run_case valu_chain "$t" 256 256 1024    # (b) four waves
    run_case valu_chain "$t" 16 16 1024      # (c) 16 active lanes
    run_case mul_lo_chain "$t" 64 64 256     # (d)
    run_case rcp_chain "$t" 64 64 256
    run_case add_f64_chain "$t" 64 64 512
    run_case fma_f64_chain "$t" 64 64 512
    run_case smem_wait_early "$t" 64 64 256 1000   # (f)
    run_case smem_wait_late "$t" 64 64 256 1000
    run_case lds_stride1 "$t" 64 64 256      # (g)
    run_case lds_stride32 "$t" 64 64 256
    run_case occ_vgpr "$t" 4096 64 16384     # (h)
    run_case occ_sgpr "$t" 4096 64 16384
    run_case occ_lds "$t" 4096 64 16384
    run_case occ_wgslots "$t" 4096 128 16384
    occ_case occ_vgpr "$t" 2 VGPRs
    if [ "$t" = gfx701 ]; then occ_case occ_sgpr "$t" 5 SGPRs; else occ_case occ_sgpr "$t" 7 SGPRs; fi
    occ_case occ_lds "$t" 1 LDS
    occ_case occ_wgslots "$t" 8 "work-group slots"
done
for t in gfx701 gfx803 gfx900; do
    for k in $(python3 tests/micro/gen.py --list | awk '/^issue_/ {print $1}'); do
        run_case "$k" "$t" 64 64 1024        # (issue)
    done
    run_case fetch_e32 "$t" 64 64 1024       # (fetch)
    run_case fetch_e64 "$t" 64 64 1024
    run_case fetch_e64 "$t" 512 256 4096
    run_case branch_adjacent "$t" 64 64 1024
    run_case branch_apart "$t" 64 64 1024
done
for t in gfx701 gfx803 gfx900; do
    run_case salu_valu_1w "$t" 64 64 256     # (e)
    run_case salu_valu_2w "$t" 320 320 1280
done
python3 tests/micro/check.py --batch "$tmp/list"
