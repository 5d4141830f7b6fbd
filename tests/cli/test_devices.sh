#!/usr/bin/env bash
# `gcnsim devices`: the preset table, one preset's parameters with their
# sources, --set, --json, --help, and the errors (status 2, one line on
# stderr).  Expected CU counts and targets are GCN-FACTS 4.5's.
set -u
cd "$(dirname "$0")/../.."
G=./gcnsim
if [ ! -x "$G" ]; then
    echo "FAIL: test_devices ($G is not built; run make)"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "PASS: $1"; }
bad() {
    echo "FAIL: $1"
    [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -8
}

# run ARGS...: stdout to $tmp/out, stderr to $tmp/err, status in $rc
run() {
    "$G" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# usage_error NAME WANT ARGS...: status 2, nothing on stdout, one stderr
# line starting "gcnsim: " and containing WANT
usage_error() {
    local name=$1 want=$2
    shift 2
    run "$@"
    if [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q '^gcnsim: ' "$tmp/err" && grep -qF -- "$want" "$tmp/err"; then
        ok "$name: $(cat "$tmp/err")"
    else
        bad "$name: status $rc, $(wc -l <"$tmp/err") stderr lines, want '$want'" "$tmp/err"
    fi
}

# name target CUs (GCN-FACTS 4.5)
presets="hd-7970 gfx600 32
r9-290x gfx701 44
r9-nano gfx803 64
rx-480 gfx803 36
vega-64 gfx900 64
mi50 gfx906 60"

# ---- the listing -------------------------------------------------------
run devices
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]; then ok "devices exits 0"; else bad "devices: status $rc" "$tmp/err"; fi
while read -r name target cus; do
    if grep -Eq "^$name +$target +$cus " "$tmp/out"; then
        ok "listing: $name $target $cus CUs"
    else
        bad "listing: no row '$name $target $cus'" "$tmp/out"
    fi
done <<<"$presets"
rows=$(grep -Ec '^(hd-7970|r9-290x|r9-nano|rx-480|vega-64|mi50) ' "$tmp/out")
[ "$rows" -eq 6 ] && ok "listing: six preset rows" || bad "listing: $rows preset rows" "$tmp/out"
for key in cus clock_mhz dp_factor l2_kib dram_latency dram_gbps; do
    grep -Eq "^  $key " "$tmp/out" && ok "listing names the key $key" || bad "listing lacks key $key" "$tmp/out"
done
nkeys=$(sed -n '/^parameters/,$p' "$tmp/out" | grep -c '^  [a-z]')

# ---- one preset ----------------------------------------------------------
run devices vega-64
if [ "$rc" -eq 0 ] && grep -Eq '^  clock_mhz +1247 MHz' "$tmp/out"; then
    ok "devices vega-64 shows clock_mhz 1247 MHz"
else
    bad "devices vega-64: status $rc, no clock_mhz 1247 MHz line" "$tmp/out"
fi
nsrc=$(grep -c '^ *source: [^ ]' "$tmp/out")
[ "$nsrc" -eq "$nkeys" ] && [ "$nkeys" -gt 20 ] && ok "devices vega-64: a source for each of the $nkeys parameters" ||
    bad "devices vega-64: $nsrc sources for $nkeys parameters" "$tmp/out"
grep -q 'source: calibration: ' "$tmp/out" && ok "devices vega-64: calibration choices are labelled" ||
    bad "devices vega-64: no calibration label" "$tmp/out"
while read -r name target cus; do
    run devices "$name"
    if [ "$rc" -eq 0 ] && grep -Eq "^  cus +$cus CUs" "$tmp/out" && head -1 "$tmp/out" | grep -qF "$target"; then
        ok "devices $name: $target, $cus CUs"
    else
        bad "devices $name: status $rc, want $target and $cus CUs" "$tmp/out"
    fi
done <<<"$presets"

# ---- --set -----------------------------------------------------------------
run devices vega-64 --set cus=1 --set clock_mhz=1000
if [ "$rc" -eq 0 ] && grep -Eq '^  cus +1 CUs' "$tmp/out" && grep -Eq '^  clock_mhz +1000 MHz' "$tmp/out" &&
    [ "$(grep -c 'source: overridden' "$tmp/out")" -eq 2 ]; then
    ok "devices vega-64 --set cus=1 --set clock_mhz=1000: values and 'overridden' sources"
else
    bad "devices vega-64 --set: status $rc" "$tmp/out"
fi

# ---- --json ------------------------------------------------------------------
if command -v python3 >/dev/null; then
    run devices --json
    if [ "$rc" -eq 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
names = [p["name"] for p in d["presets"]]
assert names == ["hd-7970", "r9-290x", "r9-nano", "rx-480", "vega-64", "mi50"], names
assert all(p["params"]["cus"] > 0 for p in d["presets"])
assert len(d["params"]) == int(sys.argv[2])
' "$tmp/out" "$nkeys" 2>"$tmp/py"; then
        ok "devices --json: six presets and $nkeys parameter keys"
    else
        bad "devices --json: status $rc" "$tmp/py"
    fi
    run devices mi50 --json
    if [ "$rc" -eq 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
p = {q["key"]: q for q in d["params"]}
assert d["target"] == "gfx906" and p["cus"]["value"] == 60 and p["dp_factor"]["value"] == 1
assert all(q["source"] for q in d["params"])
' "$tmp/out" 2>"$tmp/py"; then
        ok "devices mi50 --json: gfx906, 60 CUs, dp_factor 1, every source present"
    else
        bad "devices mi50 --json: status $rc" "$tmp/py"
    fi
else
    echo "SKIP: devices --json (no python3)"
fi

# ---- help and errors -----------------------------------------------------------
run devices --help
if [ "$rc" -eq 0 ] && grep -q '^usage: gcnsim devices' "$tmp/out"; then ok "devices --help exits 0"; else
    bad "devices --help: status $rc" "$tmp/out"; fi
run --help
grep -Eq '^  devices ' "$tmp/out" && ok "gcnsim --help lists devices" || bad "gcnsim --help lacks devices" "$tmp/out"

usage_error "unknown preset" "unknown device 'gtx-1080' (presets: hd-7970, r9-290x, r9-nano, rx-480, vega-64, mi50)" \
    devices gtx-1080
usage_error "unknown key" "unknown device parameter 'foo' (keys: cus, clock_mhz" devices vega-64 --set foo=1
usage_error "bad value" "not an unsigned decimal" devices vega-64 --set cus=-4
usage_error "zero CUs" "out of range" devices vega-64 --set cus=0
usage_error "dp_factor 3" "must be 1, 2, 4 or 8" devices mi50 --set dp_factor=3
usage_error "--set without a preset" "needs a preset NAME" devices --set cus=1
# the memory-system parameters: each outside its meaningful range is refused
usage_error "no DRAM channel" "dram_channels=0 is out of range (1..64 channels)" devices mi50 --set dram_channels=0
usage_error "DRAM page not a power of two" "a DRAM page of 3000 bytes is not a power of two" \
    devices hd-7970 --set dram_page=3000
usage_error "DRAM page below a chunk" "dram_page=128 is out of range (256..65536 B)" devices hd-7970 --set dram_page=128
usage_error "refresh longer than its interval" "a refresh of 2000 ns does not fit in its interval of 1953 ns" \
    devices r9-290x --set dram_rfc_ns=2000
usage_error "refresh interval too short" "dram_refi_ns=10 is out of range" devices r9-290x --set dram_refi_ns=10
# address translation
usage_error "TLB fragment not a power of two" "a TLB fragment of 3000 KiB is not a power of two" \
    devices r9-nano --set tlb_frag_kib=3000
usage_error "TLB fragment below a page" "tlb_frag_kib=2 is out of range (4..1048576 KiB)" devices r9-nano --set tlb_frag_kib=2
usage_error "a CU TLB of no entry" "tlb_l1_entries=0 is out of range" devices vega-64 --set tlb_l1_entries=0
usage_error "no TLB miss in flight" "tlb_l1_misses=0 is out of range" devices vega-64 --set tlb_l1_misses=0
usage_error "shared TLB not 16-way" "a shared TLB of 40 entries is not 16-way" devices mi50 --set tlb_l2_entries=40
# the cross-parameter checks come after every --set: their order does not matter
run devices r9-290x --set dram_refi_ns=100 --set dram_rfc_ns=50
if [ "$rc" -eq 0 ] && grep -Eq '^  dram_refi_ns +100 ' "$tmp/out" && grep -Eq '^  dram_rfc_ns +50 ' "$tmp/out"; then
    ok "devices --set dram_refi_ns=100 --set dram_rfc_ns=50: accepted in either order"
else
    bad "devices --set refresh 100/50: status $rc" "$tmp/err"
fi
usage_error "no L2 miss entry" "l2_mshr=0 is out of range (1..4096 lines)" devices vega-64 --set l2_mshr=0
usage_error "write queue of 0" "dram_wq=0 is out of range (1..1024 lines)" devices rx-480 --set dram_wq=0
usage_error "multiply of 2 cycles" "mul32_cycles=2 is out of range (4..64 cycles)" devices mi50 --set mul32_cycles=2
usage_error "run refuses it too" "dram_banks=65 is out of range (1..64 banks)" \
    run tests/kernels/bin/lds-gfx900.co --kernel lds_reduce --global 256 --local 256 --arg zero:4 --arg zero:1024 \
    --set dram_banks=65
usage_error "unknown option" "unknown option '--bogus' (see gcnsim devices --help)" devices --bogus
usage_error "two names" "unexpected argument 'mi50'" devices vega-64 mi50
exit 0
