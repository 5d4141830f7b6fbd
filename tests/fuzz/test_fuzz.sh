#!/usr/bin/env bash
# Builds every libFuzzer target tests/fuzz/fuzz_*.c with clang
# (-fsanitize=fuzzer,address,undefined) and runs it.  Prints one
# PASS:/FAIL:/SKIP: line per target.
#
# Three modes:
#   test_fuzz.sh            the check (make check): reproducible.  Each target
#                           first runs its seeds and its regression inputs
#                           (tests/fuzz/regress/NAME/, inputs that once broke
#                           it), then a fixed number of mutations from a fixed
#                           seed, starting from the committed seeds only, so
#                           every machine tries the same inputs in the same
#                           order and a failure in CI fails here too: a smoke
#                           run of a few seconds per target.
#   test_fuzz.sh --long     the same, with the run count of "fuzz-runs-long"
#                           (make check-all; a minute or more per target)
#   test_fuzz.sh --explore  make fuzz: a time-bounded search with a new seed
#                           each run, keeping its corpus in build/fuzz.
# Settings:
#   FUZZ_RUNS   inputs per target in the check, seeds included (default
#               300000, or a target's "fuzz-runs: N", with --long its
#               "fuzz-runs-long: N")
#   FUZZ_SEED   the check's seed (default 1)
#   FUZZ_TIME   --explore: seconds of search shared out equally among the
#               targets (default 600), which run side by side, as many at a
#               time as the machine has cores;
#               the check: a safety cap per target (default 600)
#   FUZZ_CC     compiler (default: clang-15, else clang)
# A target that includes "front/..." also links the front-end objects
# (front/*.c and front/*/*.c except main.c, and the build's generated
# build/gen/*.c) and the front end's libraries.
# A target may carry, in a comment line of its source:
#   fuzz-options: -max_len=N ...   extra libFuzzer options
#   fuzz-runs: N                    inputs run in the check
#   fuzz-runs-long: N               inputs run by --long
#   fuzz-seed: text                 seed with .text chunks of the committed
#                                   code objects (default: the whole objects)
#   fuzz-seed: traces               seed with the records chunks of traces/
#   fuzz-seed: tests/DIR            seed with the files of DIR
set -u
cd "$(dirname "$0")/../.."
explore=0 long=0
case "${1:-}" in
    --explore) explore=1 ;;
    --long) long=1 ;;
    "") ;;
    -h|--help) sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "test_fuzz.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac
out=build/fuzz
art=tests/out/fuzz

targets=$(ls tests/fuzz/fuzz_*.c 2>/dev/null)
if [ -z "$targets" ]; then
    echo "SKIP: fuzz (no tests/fuzz/fuzz_*.c)"
    exit 0
fi

# a clang whose libFuzzer runtime is installed (Debian: libclang-common-15-dev
# ships libclang_rt.fuzzer for clang-15; libclang-rt-N-dev for later versions)
cc=""
for c in ${FUZZ_CC:-clang-15 clang}; do
    command -v "$c" >/dev/null 2>&1 || continue
    rt=$("$c" -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)
    [ -n "$rt" ] && [ -f "$rt" ] || rt=$(find "$("$c" -print-resource-dir 2>/dev/null)" -name 'libclang_rt.fuzzer*.a' 2>/dev/null | head -1)
    if [ -n "$rt" ] && [ -f "$rt" ]; then cc=$c; break; fi
done
if [ -z "$cc" ]; then
    for t in $targets; do
        echo "SKIP: fuzz $(basename "$t" .c) (no clang with the libFuzzer runtime; install clang-15 and libclang-common-15-dev)"
    done
    exit 0
fi

SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CFLAGS="-std=c11 -D_GNU_SOURCE -I. -O1 -g -Wall -Wextra -Wno-missing-field-initializers $SAN"
LIBS="-lelf -ldw -lz -lreadline -lm -lstdc++ -lyaml -lsqlite3"
mkdir -p "$out" "$art"

# compile SRC to build/fuzz/SRC.o (fuzzer-instrumented); prints the object
obj() {
    local o="$out/${1%.c}.o"
    mkdir -p "$(dirname "$o")"
    if [ ! -f "$o" ] || [ "$1" -nt "$o" ] || [ -n "$(find isa front sim -name '*.h' -newer "$o" 2>/dev/null | head -1)" ]; then
        "$cc" $CFLAGS -fsanitize=fuzzer-no-link -c -o "$o" "$1" >"$o.log" 2>&1 || { cat "$o.log" >&2; return 1; }
    fi
    echo "$o"
}

# as many compilations and fuzz runs at a time as the machine has cores
njobs=$(nproc 2>/dev/null || echo 1)
throttle() {
    while [ "$(jobs -rp | wc -l)" -ge "$njobs" ]; do wait -n 2>/dev/null || true; done
}

build_fail=0
lib_objs=""
front_objs=""
srcs=""
for s in isa/*.c sim/*.c; do
    [ -f "$s" ] || continue
    srcs="$srcs $s"
    lib_objs="$lib_objs $out/${s%.c}.o"
done
for s in front/*.c front/*/*.c build/gen/*.c; do   # build/gen: made by the build (the HTML page's assets)
    [ -f "$s" ] && [ "$(basename "$s")" != main.c ] || continue
    srcs="$srcs $s"
    front_objs="$front_objs $out/${s%.c}.o"
done
for s in $srcs; do
    throttle
    obj "$s" >/dev/null &
done
wait
for s in $srcs; do
    [ -f "$out/${s%.c}.o" ] && [ ! "$s" -nt "$out/${s%.c}.o" ] || build_fail=1
done

# text_seeds DIR: 256-byte chunks of the .text of the committed code objects
text_seeds() {
    mkdir -p "$1"
    command -v python3 >/dev/null 2>&1 || return 0
    python3 - "$1" tests/kernels/bin/*.co <<'PY'
import struct, sys, os
out = sys.argv[1]
for path in sys.argv[2:]:
    d = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    ent, num, stri = struct.unpack_from("<HHH", d, 0x3A)
    secs = [struct.unpack_from("<IIQQQQ", d, shoff + i * ent) for i in range(num)]
    for s in secs:
        nm = d[secs[stri][4] + s[0]:].split(b"\0")[0]
        if nm == b".text":
            text = d[s[4]:s[4] + s[5]]
            for k in range(0, len(text), 256):
                name = "%s-%d" % (os.path.basename(path), k)
                open(os.path.join(out, name), "wb").write(text[k:k + 256])
PY
}

# run_target NAME BIN: one target in the chosen mode; prints its line
run_target() {
    local name=$1 bin=$2 t=tests/fuzz/$1.c
    local log="$art/$name.log" opts seeds corpus regress status runs
    opts=$(sed -n 's/.*fuzz-options: *//p' "$t" | head -1)
    seeds=tests/kernels/bin
    if grep -q 'fuzz-seed: *text' "$t"; then
        seeds="$out/seed-text-$name"   # one folder per target: targets run side by side
        rm -rf "$seeds"; text_seeds "$seeds"
    elif grep -q 'fuzz-seed: *traces' "$t"; then
        seeds="$out/seed-traces-$name"
        rm -rf "$seeds"; trace_seeds "$seeds"
    elif grep -q 'fuzz-seed: *tests/' "$t"; then
        seeds=$(sed -n 's/.*fuzz-seed: *\(tests\/[^ ]*\).*/\1/p' "$t" | head -1)
    fi
    regress=tests/fuzz/regress/$name
    [ -d "$regress" ] || regress=""
    # the first corpus directory receives new inputs; the others are read only
    if [ "$explore" -eq 1 ]; then
        corpus="$out/corpus-$name"
        mkdir -p "$corpus"
        set -- -max_total_time="$per" "$corpus" "$seeds" $regress
    else
        corpus=$(mktemp -d "$out/check-$name.XXXXXX")
        local key=fuzz-runs
        [ "$long" -eq 1 ] && key=fuzz-runs-long
        local n=${FUZZ_RUNS:-$(sed -n "s/.*$key: *\\([0-9]*\\).*/\\1/p" "$t" | head -1)}
        set -- -reload=0 -seed="${FUZZ_SEED:-1}" -runs="${n:-300000}" -max_total_time="${FUZZ_TIME:-600}" \
            "$corpus" "$seeds" $regress
    fi
    # the check runs without address-space randomisation where the system
    # allows it (libFuzzer's stack-depth feature follows the stack's
    # address, and with it which inputs the search keeps) and without
    # -reload (a re-read of the corpus every second, a matter of timing):
    # then two runs try the same inputs and keep the same corpus
    local norand=""
    [ "$explore" -eq 0 ] && setarch "$(uname -m)" -R true 2>/dev/null && norand="setarch $(uname -m) -R"
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
        $norand "$bin" -timeout=10 -rss_limit_mb=2048 $opts -artifact_prefix="$art/$name-" \
        -print_final_stats=1 "$@" >"$log" 2>&1
    status=$?
    [ "$explore" -eq 1 ] || rm -rf "$corpus"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    local what="${runs:-?} inputs"
    if [ "$explore" -eq 1 ]; then
        what="$what in ${per}s, seed $(sed -n 's/.*Seed: \([0-9]*\).*/\1/p' "$log" | head -1)"
    else
        what="$what, seed ${FUZZ_SEED:-1}${regress:+, $(ls "$regress" | wc -l) regression inputs}"
    fi
    if [ "$status" -eq 0 ]; then
        echo "PASS: fuzz $name ($what, no crash)"
        return 0
    fi
    echo "FAIL: fuzz $name (status $status after $what; log $log)"
    grep -E 'ERROR|runtime error|invariant|Test unit written|SUMMARY' "$log" | head -8 | sed 's/^/    /'
    echo "    reproduce: $bin FILE; once fixed, add FILE to tests/fuzz/regress/$name/"
    return 1
}

# trace_seeds DIR: the records chunks of the golden traces (traces/), each
# prefixed with fuzz_trace's mode byte (bit 0 timing, bits 1-2 the target)
trace_seeds() {
    mkdir -p "$1"
    command -v python3 >/dev/null 2>&1 || return 0
    python3 - "$1" traces/*.trace.gz <<'PY'
import os, struct, sys, zlib
out = sys.argv[1]
targets = {b"gfx701": 0, b"gfx803": 1, b"gfx900": 2}
for path in sys.argv[2:]:
    d = open(path, "rb").read()
    o, mode, tidx, k = 0, 0, 3, 0
    while o + 32 <= len(d):
        kind, = struct.unpack_from("<B", d, o + 16)
        csize, = struct.unpack_from("<I", d, o + 20)
        payload = zlib.decompress(d[o + 32:o + csize - 8], -15)
        if kind == 1:
            mode, = struct.unpack_from("<I", payload, 12)
            n = payload[16]   # the target's length (a one-byte varint)
            tidx = targets.get(payload[17:17 + n], 3)
        elif kind == 2:
            name = "%s-%d" % (os.path.basename(path), k)
            open(os.path.join(out, name), "wb").write(bytes([mode & 1 | tidx << 1]) + payload[:16383])
            k += 1
        o += csize
PY
}

ntargets=$(echo "$targets" | wc -w)
per=$(( ${FUZZ_TIME:-600} / ntargets ))
[ "$per" -ge 5 ] || per=5
# one_target T: build and run target T; prints its lines, fails if it did
one_target() {
    local t=$1 name bin objs
    name=$(basename "$t" .c)
    if [ "$build_fail" -ne 0 ]; then
        echo "FAIL: fuzz $name (the library does not build with $cc; see above)"
        return 1
    fi
    objs="$lib_objs"
    grep -q '#include "front/' "$t" && objs="$front_objs $lib_objs"
    bin="$out/$name"
    if ! "$cc" $CFLAGS -fsanitize=fuzzer -o "$bin" "$t" $objs $LIBS >"$bin.log" 2>&1; then
        echo "FAIL: fuzz $name (does not build with $cc)"
        sed 's/^/    /' "$bin.log" | head -20
        return 1
    fi
    run_target "$name" "$bin"
}

# the targets run side by side (each is deterministic on its own: its own
# seed, corpus and run count); their lines are printed in target order
rc=0
for t in $targets; do
    throttle
    ( one_target "$t" >"$art/$(basename "$t" .c).out" 2>&1; echo $? >"$art/$(basename "$t" .c).rc" ) &
done
wait
for t in $targets; do
    name=$(basename "$t" .c)
    cat "$art/$name.out"
    [ "$(cat "$art/$name.rc" 2>/dev/null)" = 0 ] || rc=1
done
exit $rc
