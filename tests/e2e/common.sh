# common.sh — sourced by the shell tests of tests/e2e (test_faults.sh,
# test_workloads.sh) after set -u.  It moves to the top of the repository,
# fails the test (one FAIL line, exit 1) when ./gcnsim is not built, and
# sets G=./gcnsim, tmp (a temporary directory removed on exit) and fail=0.
cd "$(dirname "$0")/../.."
G=./gcnsim
if [ ! -x "$G" ]; then
    echo "FAIL: $(basename "$0" .sh) ($G is not built; run make)"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# one_line NAME CMD...: CMD is refused as bad usage: exit status 2 and
# exactly one line on stderr, "gcnsim: ..."
one_line() {
    local name=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$? n
    n=$(wc -l <"$tmp/err")
    if [ "$rc" -eq 2 ] && [ "$n" -eq 1 ] && grep -q '^gcnsim: ' "$tmp/err"; then
        echo "PASS: $name: $(cat "$tmp/err")"
    else
        echo "FAIL: $name: exit status $rc, $n stderr lines (want 2 and one line)"
        sed 's/^/    /' "$tmp/err" | head -4
        fail=1
    fi
}
