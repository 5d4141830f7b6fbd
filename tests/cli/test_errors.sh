#!/usr/bin/env bash
# Damaged and wrong inputs for `gcnsim disasm` and `gcnsim info`: each must
# exit with status 2 and print exactly one line on stderr that names the
# file (and, for a damaged ELF, the offset and what is wrong).  The inputs
# are made in a temporary directory from a committed code object.
set -u
cd "$(dirname "$0")/../.."
G=./gcnsim
if [ ! -x "$G" ]; then
    echo "FAIL: test_errors ($G is not built; run make)"
    exit 1
fi
SRC=tests/kernels/bin/lds-gfx803.co
SRC2=tests/kernels/bin/lds-gfx803-v2.co
if [ ! -f "$SRC" ] || [ ! -f "$SRC2" ]; then
    echo "SKIP: test_errors (no $SRC / $SRC2)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# patch FILE OFFSET HEX...: overwrite bytes at OFFSET (decimal)
patch() {
    local f=$1 off=$2
    shift 2
    printf "$(printf '\\x%s' "$@")" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}

# le16/le32/le64 FILE OFFSET: read a little-endian number
rd() { od -An -t"u$1" -j "$3" -N "$1" "$2" | tr -d ' '; }

# the file offset of section NAME's header and its contents
sec_hdr() {   # sec_hdr FILE NAME -> offset of the section header
    local f=$1 name=$2 shoff shnum stri stroff i nm
    shoff=$(rd 8 "$f" 40); shnum=$(rd 2 "$f" 60); stri=$(rd 2 "$f" 62)
    stroff=$(rd 8 "$f" $((shoff + stri * 64 + 24)))
    for ((i = 0; i < shnum; i++)); do
        nm=$(rd 4 "$f" $((shoff + i * 64)))
        if [ "$(dd if="$f" bs=1 skip=$((stroff + nm)) count=${#name} status=none | tr -d '\000')" = "$name" ]; then
            echo $((shoff + i * 64))
            return
        fi
    done
    echo -1
}

# check NAME FILE WANT: both commands fail with status 2 and one stderr
# line containing FILE and WANT
check() {
    local name=$1 file=$2 want=$3 cmd
    for cmd in disasm info; do
        "$G" "$cmd" "$file" >"$tmp/out" 2>"$tmp/err"
        local rc=$? lines
        lines=$(wc -l <"$tmp/err")
        if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF -- "$file" "$tmp/err" && grep -qF -- "$want" "$tmp/err"; then
            echo "PASS: $cmd $name: $(cat "$tmp/err")"
        else
            echo "FAIL: $cmd $name: status $rc, $lines stderr lines, want '$want':"
            sed 's/^/    /' "$tmp/err" | head -5
            fail=1
        fi
    done
}

cp "$SRC" "$tmp/ok.co"
"$G" info "$tmp/ok.co" >/dev/null 2>&1 && "$G" disasm "$tmp/ok.co" >/dev/null 2>&1 &&
    echo "PASS: the undamaged copy loads" || { echo "FAIL: the undamaged copy does not load"; fail=1; }

check "missing file" "$tmp/no-such.co" "No such file"
: >"$tmp/empty.co"
check "empty file" "$tmp/empty.co" "offset 0x0: empty file"
printf 'hello, not an ELF file\n' >"$tmp/text.co"
check "text file" "$tmp/text.co" "offset 0x0: not an ELF file"
if [ -f /bin/true ]; then
    cp /bin/true "$tmp/x86.co"
    check "x86-64 ELF (/bin/true)" "$tmp/x86.co" "offset 0x12: e_machine is 62 (x86-64), not EM_AMDGPU (224)"
fi
head -c 40 "$SRC" >"$tmp/trunc40.co"
check "truncated to 40 bytes" "$tmp/trunc40.co" "file ends inside the ELF header"
head -c 3000 "$SRC" >"$tmp/trunc3000.co"
check "truncated to 3000 bytes" "$tmp/trunc3000.co" "section header table"
cp "$SRC" "$tmp/class32.co"; patch "$tmp/class32.co" 4 01
check "32-bit class" "$tmp/class32.co" "offset 0x4: ELF class 1 (32-bit)"
cp "$SRC" "$tmp/be.co"; patch "$tmp/be.co" 5 02
check "big-endian" "$tmp/be.co" "offset 0x5: ELF data encoding 2 (big-endian)"
cp "$SRC" "$tmp/gfx1030.co"; patch "$tmp/gfx1030.co" 48 36
check "gfx1030 e_flags" "$tmp/gfx1030.co" "offset 0x30: e_flags 0x36"
cp "$SRC" "$tmp/target.co"; patch "$tmp/target.co" 48 2c
check "metadata target disagrees" "$tmp/target.co" "disagrees with e_flags (gfx900)"
cp "$SRC" "$tmp/shoff.co"; patch "$tmp/shoff.co" 40 00 00 00 10
check "section header offset past the end" "$tmp/shoff.co" "offset 0x28: section header table at 0x10000000"

h=$(sec_hdr "$SRC" .text)
cp "$SRC" "$tmp/textoff.co"; patch "$tmp/textoff.co" $((h + 24)) 00 00 00 40
check ".text offset past the end" "$tmp/textoff.co" "'.text': contents at 0x40000000"

h=$(sec_hdr "$SRC" .note)
noff=$(rd 8 "$SRC" $((h + 24)))
cp "$SRC" "$tmp/notesz.co"; patch "$tmp/notesz.co" $((noff + 4)) ff ff ff 0f
check "note description size" "$tmp/notesz.co" "note description size 0xfffffff runs past the end"
cp "$SRC" "$tmp/msgpack.co"; patch "$tmp/msgpack.co" $((noff + 20)) c1
check "msgpack garbage" "$tmp/msgpack.co" "offset 0x$(printf %x $((noff + 20))): metadata: msgpack type byte 0xc1"
cp "$SRC" "$tmp/msgpack2.co"; patch "$tmp/msgpack2.co" $((noff + 20)) df ff ff ff ff
check "msgpack map count" "$tmp/msgpack2.co" "metadata: msgpack map of 4294967295 pairs cannot fit"

h=$(sec_hdr "$SRC" .rodata)
kd=$(rd 8 "$SRC" $((h + 24)))
cp "$SRC" "$tmp/entry.co"; patch "$tmp/entry.co" $((kd + 16)) 00 00 00 00 01
check "kd entry offset outside .text" "$tmp/entry.co" "offset 0x$(printf %x $((kd + 16))): kernel 'lds_reduce': entry offset"

h=$(sec_hdr "$SRC2" .note)
noff=$(rd 8 "$SRC2" $((h + 24)))
ysz=$(rd 4 "$SRC2" $((noff + 4)))
cp "$SRC2" "$tmp/yaml.co"
# the 4th note of a v2 object is the YAML metadata: break its second line
off=$noff
for i in 1 2 3; do
    nz=$(rd 4 "$SRC2" "$off"); dz=$(rd 4 "$SRC2" $((off + 4)))
    off=$((off + 12 + (nz + 3) / 4 * 4 + (dz + 3) / 4 * 4))
done
y=$((off + 16 + 4))   # header 12 + "AMD\0" 4, then "---\n"
patch "$tmp/yaml.co" "$y" 09
check "YAML garbage (v2)" "$tmp/yaml.co" "metadata: YAML"
: "$ysz"

"$G" info "$SRC" --kernel nosuch >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "no kernel named 'nosuch'" "$tmp/err"; then
    echo "PASS: info --kernel nosuch: $(cat "$tmp/err")"
else
    echo "FAIL: info --kernel nosuch: status $rc"; fail=1
fi
"$G" info "$SRC" --local 0 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
    echo "PASS: info --local 0: $(cat "$tmp/err")"
else
    echo "FAIL: info --local 0: status $rc"; fail=1
fi
"$G" info >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && echo "PASS: info without FILE: status 2" || { echo "FAIL: info without FILE: status $rc"; fail=1; }
exit $fail
