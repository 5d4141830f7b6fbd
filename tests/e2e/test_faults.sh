#!/usr/bin/env bash
# Guest faults and bad usage of `gcnsim run`, on gfx701, gfx803 and gfx900:
#   - an out-of-bounds store (fault_oob: lanes 5.. store past a 64-uint
#     buffer), an invalid instruction word (fault_illegal: 0xbf9f0000
#     patched over its first instruction), s_trap (fault_trap: work-item 70
#     calls __builtin_trap) must exit with status 3 and report the kernel,
#     work-group, wave, pc, the instruction, and for memory the lane and
#     the address (checked in the text report and in --json);
#   - an unknown kernel, a wrong argument count, wrong argument types and
#     missing files must exit with status 2 and one line on stderr.
set -u
. "$(dirname "$0")/common.sh"

# expect NAME STATUS PATTERN... -- CMD...: CMD exits with STATUS and its
# stderr matches every (extended regular expression) PATTERN
expect() {
    local name=$1 want=$2
    shift 2
    local pats=()
    while [ "$1" != "--" ]; do pats+=("$1"); shift; done
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$? p bad=""
    [ "$rc" -eq "$want" ] || bad="exit status $rc, want $want"
    for p in "${pats[@]}"; do
        [ -n "$bad" ] && break
        grep -Eq -- "$p" "$tmp/err" || bad="stderr lacks /$p/"
    done
    if [ -z "$bad" ]; then
        echo "PASS: $name"
    else
        echo "FAIL: $name: $bad"
        sed 's/^/    /' "$tmp/err" | head -6
        fail=1
    fi
}

# json_field FILE KEY: the value of "KEY": in a --json file
json_field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["fault"][sys.argv[2]])' "$1" "$2" 2>/dev/null; }

for t in gfx701 gfx803 gfx900; do
    B=tests/e2e/bin
    if [ ! -f $B/fault_oob-$t.co ] || [ ! -f $B/fault_illegal-$t.co ] || [ ! -f $B/fault_trap-$t.co ]; then
        echo "SKIP: faults $t (no fault code objects; run make kernels)"
        continue
    fi
    # out of bounds: lane 5 is the first to store past the 256-byte buffer
    expect "faults $t out-of-bounds store" 3 \
        '^gcnsim: memory fault in kernel fault_oob, work-group \(0,0,0\), wave 0, pc 0x[0-9a-f]+ \(fault_oob\+0x[0-9a-f]+\):$' \
        '^    (flat|global|buffer)_store_dword' '^  lane 5: .*0x[0-9a-f]+' -- \
        $G run $B/fault_oob-$t.co --global 64 --arg zero:256 --arg u32:59 --json "$tmp/oob.json"
    lane=$(json_field "$tmp/oob.json" lane)
    addr=$(json_field "$tmp/oob.json" address)
    said=$(grep -Eo ' at 0x[0-9a-f]+' "$tmp/err" | head -1)
    if [ "$lane" = 5 ] && [ -n "$addr" ] && [ $((addr % 256)) -eq 0 ] && [ "$addr" -ge $((1 << 32)) ] &&
        [ "$said" = " at $(printf 0x%x "$addr")" ]; then
        echo "PASS: faults $t out-of-bounds --json: lane $lane, address $(printf 0x%x "$addr") (just past the buffer)"
    else
        echo "FAIL: faults $t out-of-bounds --json: lane '$lane', address '$addr', report says '$said' (want lane 5, the end of a buffer, the same address)"
        fail=1
    fi
    # an invalid word at the kernel's entry
    expect "faults $t illegal instruction" 3 \
        '^gcnsim: illegal instruction in kernel fault_illegal, work-group \(0,0,0\), wave 0, pc 0x[0-9a-f]+ \(fault_illegal\+0x0\):$' \
        '^    \.long 0xbf9f0000$' '0xbf9f0000 is not a valid instruction' -- \
        $G run $B/fault_illegal-$t.co --global 64 --arg zero:256
    # s_trap in work-item 70: work-group 1 (of 64 work-items), its wave 0
    expect "faults $t s_trap" 3 \
        '^gcnsim: trap in kernel fault_trap, work-group \(1,0,0\), wave 0, pc 0x[0-9a-f]+ \(fault_trap\+0x[0-9a-f]+\):$' \
        '^    s_trap 2$' -- \
        $G run $B/fault_trap-$t.co --global 128 --local 64 --arg zero:512
    if grep -q 'FAULT$' "$tmp/out"; then
        echo "PASS: faults $t s_trap summary line says FAULT"
    else
        echo "FAIL: faults $t s_trap summary line: $(cat "$tmp/out")"
        fail=1
    fi
done

# bad usage: one line, status 2
CO=tests/e2e/bin/fault_oob-gfx900.co
if [ -f "$CO" ]; then
    printf 'abcd' >"$tmp/four.bin"
    one_line "usage: unknown kernel" $G run $CO --kernel nope --global 64 --arg zero:256 --arg u32:1
    one_line "usage: too few arguments" $G run $CO --global 64 --arg zero:256
    one_line "usage: too many arguments" $G run $CO --global 64 --arg zero:256 --arg u32:1 --arg u32:2
    one_line "usage: scalar for a buffer" $G run $CO --global 64 --arg f32:1.5 --arg u32:1
    one_line "usage: buffer for a scalar" $G run $CO --global 64 --arg zero:256 --arg buf:"$tmp/four.bin"
    one_line "usage: 64-bit value for a 32-bit argument" $G run $CO --global 64 --arg zero:256 --arg u64:1
    one_line "usage: bad value" $G run $CO --global 64 --arg zero:256 --arg u32:-3
    one_line "usage: unknown type" $G run $CO --global 64 --arg zero:256 --arg int:3
    one_line "usage: bytes: an odd number of hex digits" $G run $CO --global 64 --arg zero:256 --arg bytes:123
    one_line "usage: bytes: not hex" $G run $CO --global 64 --arg zero:256 --arg bytes:12zz
    one_line "usage: bytes: of another size than the argument" $G run $CO --global 64 --arg zero:256 --arg bytes:0102
    one_line "usage: bytes: for a buffer" $G run $CO --global 64 --arg bytes:01020304 --arg u32:1
    one_line "usage: missing code object" $G run "$tmp/missing.co" --global 64
    one_line "usage: missing input file" $G run $CO --global 64 --arg buf:"$tmp/missing.bin" --arg u32:1
    one_line "usage: no --global" $G run $CO --arg zero:256 --arg u32:1
    one_line "usage: bad --global" $G run $CO --global 0,4 --arg zero:256 --arg u32:1
    one_line "usage: --dump of a scalar" $G run $CO --global 4 --arg zero:256 --arg u32:1 --dump 1="$tmp/x"
fi
exit $fail
