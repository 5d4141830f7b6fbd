#!/usr/bin/env bash
# Runs every test of gcnsim and prints the total as its last line:
#   N passed, N failed, N skipped
# counting each distinct check once: the unit tests' re-run under the
# address and undefined-behaviour sanitizers has a line of its own before
# it (its failures count in the last line too).
# A test is an executable (unit tests under build/, scripts under tests/)
# that prints one line per check: "PASS: name", "FAIL: name ..." or
# "SKIP: name (reason)".  A test that exits non-zero without printing a
# FAIL line counts as one failure.  The script tests run GCNSIM_TEST_JOBS
# at a time (default: the machine's cores); their lines come in the same
# sorted order whatever the number.
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
# status and seconds beside the log
start() {
    local name=$1; shift
    local log
    log=$(log_of "$name")
    rm -f "$log.rc" "$log.sec"
    local t0=$SECONDS
    "$@" >"$log" 2>&1
    local rc=$?
    echo $((SECONDS - t0)) >"$log.sec"
    echo "$rc" >"$log.rc"
}

run_one() {
    start "$@"
    report "$1"
}

# report: count and print the result of test NAME, which has ended
report() {
    local name=$1
    local log
    log=$(log_of "$name")
    local rc secs
    rc=$(cat "$log.rc") secs=$(cat "$log.sec")
    rm -f "$log.rc" "$log.sec"
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
    printf '%-44s %5d passed %4d failed %4d skipped  (%ds)\n' "$name" "$p" "$f" "$s" "$secs"
    if [ "$f" -gt 0 ]; then
        failed_tests+=("$name")
        grep -E '^FAIL:' -A3 "$log" | head -40 | sed 's/^/    /'
    fi
    grep -E '^SKIP:' "$log" | head -5 | sed 's/^/    /'
}

# unit tests (normal build, then the address+undefined sanitizer build)
for t in build/tests/*; do [ -x "$t" ] && run_one "unit/$(basename "$t")" "$t"; done
for t in build/san/tests/*; do
    [ -x "$t" ] && run_one "asan+ubsan/$(basename "$t")" env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$t"
done
# script tests: tests/*/test_*.sh and tests/*/test_*.py, sorted; several at
# a time, reported in order as each one and those before it have ended
njobs=${GCNSIM_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$njobs" -ge 1 ] 2>/dev/null || njobs=1
names=()
for t in $(ls tests/*/test_*.sh tests/*/test_*.py 2>/dev/null | sort); do
    names+=("${t#tests/}")
done
next=0
flush() {
    while [ "$next" -lt "$1" ] && [ -f "$(log_of "${names[$next]}").rc" ]; do
        report "${names[$next]}"
        next=$((next + 1))
    done
}
for ((i = 0; i < ${#names[@]}; i++)); do
    while [ "$(jobs -rp | wc -l)" -ge "$njobs" ]; do
        wait -n 2>/dev/null || true
        flush "$i"
    done
    start "${names[$i]}" "tests/${names[$i]}" &
done
wait
flush "${#names[@]}"

[ ${#failed_tests[@]} -gt 0 ] && echo "failed: ${failed_tests[*]}"
echo "the unit tests again under ASan and UBSan: $san_pass passed, $san_fail failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
