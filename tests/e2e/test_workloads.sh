#!/usr/bin/env bash
# The built-in workloads (gcnsim bench) on gfx701, gfx803 and gfx900 at
# small and edge sizes: each must verify (exit 0, "verification PASS",
# JSON "verification": "PASS" with instruction and launch counts), and bad
# sizes or names must be refused with one line and exit status 2.
set -u
. "$(dirname "$0")/common.sh"

# bitonic: k(k+1)/2 launches for 2^k keys; reduce: passes until one group
for t in gfx701 gfx803 gfx900; do
    for spec in "bitonic 2 1" "bitonic 4096 78" "reduce 1 1" "reduce 2049 2" "reduce 700000 2" \
                "gemm 64 1" "gemm 192 1"; do
        set -- $spec
        w=$1 n=$2 launches=$3
        name="bench $w --n $n --target $t"
        if [ ! -f "front/workloads/bin/$w-$t.co" ]; then
            echo "SKIP: $name (no front/workloads/bin/$w-$t.co; run make kernels)"
            continue
        fi
        $G bench "$w" --n "$n" --target "$t" --json "$tmp/j" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["verification"], d["launches"], d["wave_instructions"] > 0)' "$tmp/j" 2>/dev/null)
        if [ "$rc" -eq 0 ] && grep -q '^  verification       PASS' "$tmp/out" && [ "$got" = "PASS $launches True" ]; then
            echo "PASS: $name: $(sed -n 2p "$tmp/out" | sed 's/^ *verification *//')"
        else
            echo "FAIL: $name: exit $rc, json '$got' (want 'PASS $launches True')"
            sed 's/^/    /' "$tmp/out" "$tmp/err" | head -8
            fail=1
        fi
    done
done

# a wrong kernel (tests/e2e/faults/wrong_sgemm.cl drops beta*C) must fail
# verification with exit status 1
W=tests/e2e/bin/wrong_sgemm-gfx900.co
if [ -f "$W" ]; then
    $G bench gemm --n 128 --co "$W" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 1 ] && grep -q '^  verification       FAIL: C\[' "$tmp/out"; then
        echo "PASS: bench gemm with a wrong kernel: $(sed -n 2p "$tmp/out" | sed 's/^ *verification *//')"
    else
        echo "FAIL: bench gemm with a wrong kernel: exit $rc (want 1 and verification FAIL)"
        sed 's/^/    /' "$tmp/out" "$tmp/err" | head -6
        fail=1
    fi
fi

one_line "bench: unknown workload" $G bench sort
one_line "bench: no workload" $G bench
one_line "bench: bitonic size not a power of two" $G bench bitonic --n 1000
one_line "bench: gemm size not a multiple of 64" $G bench gemm --n 100
one_line "bench: reduce size 0" $G bench reduce --n 0
one_line "bench: unknown target" $G bench gemm --target gfx1030
one_line "bench: missing code object" $G bench gemm --co "$tmp/missing.co"
if $G bench --help | grep -q '^usage: gcnsim bench WORKLOAD'; then
    echo "PASS: bench --help"
else
    echo "FAIL: bench --help"
    fail=1
fi
exit $fail
