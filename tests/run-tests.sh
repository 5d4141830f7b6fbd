#!/usr/bin/env bash
# Runs every test of gcnsim and prints the total as its last line:
#   N passed, N failed, N skipped
# counting each distinct check once: the unit tests' re-run under the
# address and undefined-behaviour sanitizers has a line of its own before
# it (its failures count in the last line too).
# A test is an executable (unit tests under build/, scripts under tests/)
# that prints one line per check: "PASS: name", "FAIL: name ..." or
# "SKIP: name (reason)".  A test that exits non-zero without printing a
# FAIL line counts as one failure.  The tests run GCNSIM_TEST_JOBS at a
# time (default: the machine's cores), the longest first; their lines come
# in the same order whatever the number, each with its seconds and its
# processor seconds.
set -u
cd "$(dirname "$0")/.."
mkdir -p tests/out
pass=0 fail=0 skip=0
san_pass=0 san_fail=0
failed_tests=()

log_of() {
    echo "tests/out/$(echo "$1" | tr '/ ' '__').log"
}

# start: run test NAME (the command after it) into its log, then write its
# status, its seconds and its processor seconds (user+system, itself and its
# children) beside the log
start() {
    local name=$1; shift
    local log
    log=$(log_of "$name")
    rm -f "$log.rc" "$log.sec" "$log.cpu"
    local t0=$SECONDS rc TIMEFORMAT='%U %S'
    { time "$@" >"$log" 2>&1; } 2>"$log.time"
    rc=$?
    echo $((SECONDS - t0)) >"$log.sec"
    awk '{ printf "%d\n", $1 + $2 + 0.5 }' "$log.time" >"$log.cpu" 2>/dev/null || echo 0 >"$log.cpu"
    rm -f "$log.time"
    echo "$rc" >"$log.rc"
}

# report: count and print the result of test NAME, which has ended
report() {
    local name=$1
    local log
    log=$(log_of "$name")
    local rc secs cpu
    rc=$(cat "$log.rc") secs=$(cat "$log.sec") cpu=$(cat "$log.cpu")
    rm -f "$log.rc" "$log.sec" "$log.cpu"
    local p f s
    p=$(grep -c '^PASS:' "$log"); f=$(grep -c '^FAIL:' "$log"); s=$(grep -c '^SKIP:' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1; echo "FAIL: $name exited with status $rc" >>"$log"
    fi
    case "$name" in
        asan+ubsan/*) san_pass=$((san_pass + p)); san_fail=$((san_fail + f)) ;;
        *) pass=$((pass + p)); skip=$((skip + s)) ;;
    esac
    fail=$((fail + f))
    printf '%-44s %5d passed %4d failed %4d skipped  (%ds, %ds cpu)\n' "$name" "$p" "$f" "$s" "$secs" "$cpu"
    if [ "$f" -gt 0 ]; then
        failed_tests+=("$name")
        grep -E '^FAIL:' -A3 "$log" | head -40 | sed 's/^/    /'
    fi
    grep -E '^SKIP:' "$log" | head -5 | sed 's/^/    /'
}

# the tests, in the order they are reported: the unit tests (normal build,
# then the address+undefined sanitizer build), then the script tests
# tests/*/test_*.sh and tests/*/test_*.py, sorted
names=()
for t in build/tests/*; do [ -x "$t" ] && names+=("unit/$(basename "$t")"); done
for t in build/san/tests/*; do [ -x "$t" ] && names+=("asan+ubsan/$(basename "$t")"); done
for t in $(ls tests/*/test_*.sh tests/*/test_*.py 2>/dev/null | sort); do
    names+=("${t#tests/}")
done

# run_test NAME: the test's command
run_test() {
    case "$1" in
        unit/*) start "$1" "build/tests/${1#unit/}" ;;
        asan+ubsan/*) start "$1" env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "build/san/tests/${1#asan+ubsan/}" ;;
        *) start "$1" "tests/$1" ;;
    esac
}

# the order they start in: the longest first (those that took ten
# processor seconds or more on two cores, longest first), so that the last to
# end are short ones and the cores stay busy to the end; then the others in
# report order
slow_first=(fuzz/test_fuzz.sh suites/test_suites.py trace/test_bench_save.py html/test_html.py
            hip/test_kmt.py piglit/test_piglit.py ocl/test_ocl.py asan+ubsan/test_memtime
            cli/test_info.py cli/test_progress.py hip/test_hip_debug.py e2e/test_limits.py)
order=()
declare -A started=() index=()
for ((i = 0; i < ${#names[@]}; i++)); do index[${names[$i]}]=$i; done
for n in "${slow_first[@]}"; do
    [ -n "${index[$n]:-}" ] && order+=("${index[$n]}") && started[$n]=1
done
for ((i = 0; i < ${#names[@]}; i++)); do
    [ -n "${started[${names[$i]}]:-}" ] || order+=("$i")
done

# several at a time (GCNSIM_TEST_JOBS, default the machine's cores),
# reported in order as each one and those before it have ended
njobs=${GCNSIM_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$njobs" -ge 1 ] 2>/dev/null || njobs=1
for n in "${names[@]}"; do rm -f "$(log_of "$n").rc"; done
next=0
flush() {
    while [ "$next" -lt "${#names[@]}" ] && [ -f "$(log_of "${names[$next]}").rc" ]; do
        report "${names[$next]}"
        next=$((next + 1))
    done
}
for i in "${order[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$njobs" ]; do
        wait -n 2>/dev/null || true
        flush
    done
    run_test "${names[$i]}" &
done
wait
flush

[ ${#failed_tests[@]} -gt 0 ] && echo "failed: ${failed_tests[*]}"
echo "the unit tests again under ASan and UBSan: $san_pass passed, $san_fail failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
