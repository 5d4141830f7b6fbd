#!/usr/bin/env bash
# make install into a temporary DESTDIR (PREFIX=/usr), then use the
# installed tree as a user would: the program finds its workloads from
# another directory (gcnsim bench reduce), GCNSIM_WORKLOADS overrides them,
# a program builds against the library with `pkg-config --cflags --libs
# gcnsim` alone and runs a kernel, every installed man page renders
# without warnings; make uninstall leaves nothing behind.
# Prints PASS:/FAIL: lines.
cd "$(dirname "$0")/../.." || exit 1
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; rc=1; }
rc=0

if make -s install DESTDIR="$dest" PREFIX=/usr >"$tmp/install.log" 2>&1; then
    pass "make install DESTDIR=... PREFIX=/usr"
else
    fail "make install: $(tail -3 "$tmp/install.log")"
    exit 1
fi
bin=$dest/usr/bin/gcnsim
for f in usr/bin/gcnsim usr/lib/libgcnsim.a usr/include/gcnsim.h usr/lib/pkgconfig/gcnsim.pc \
         usr/share/gcnsim/workloads/reduce-gfx900.co; do
    [ -f "$dest/$f" ] && pass "installed $f" || fail "not installed: $f"
done

# the workloads, found beside the installed program from elsewhere
out=$(cd / && "$bin" bench reduce --n 65536 --functional 2>&1)
grep -q "PASS" <<<"$out" && pass "installed gcnsim bench reduce (from /) finds its workloads and verifies" ||
    fail "installed bench reduce: $out"
cp "$bin" "$tmp/lonely"
out=$(cd / && "$tmp/lonely" bench reduce --n 65536 --functional 2>&1)
st=$?
[ "$st" -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "reduce-gfx900.co" <<<"$out" &&
    pass "a copy without workloads says which file it could not open (exit 2, one line)" ||
    fail "copy without workloads: status $st: $out"
out=$(cd / && GCNSIM_WORKLOADS=$dest/usr/share/gcnsim/workloads "$tmp/lonely" bench reduce --n 65536 --functional 2>&1)
grep -q "PASS" <<<"$out" && pass "GCNSIM_WORKLOADS points a copy at the workloads" || fail "GCNSIM_WORKLOADS: $out"

# the library, through pkg-config only
export PKG_CONFIG_SYSROOT_DIR=$dest PKG_CONFIG_PATH=$dest/usr/lib/pkgconfig
flags=$(pkg-config --cflags --libs gcnsim 2>&1)
if cc -std=c11 -Wall -Werror -o "$tmp/embed" tests/embed/embed.c $flags 2>"$tmp/cc.log"; then
    pass "tests/embed/embed.c builds with \`pkg-config --cflags --libs gcnsim\` ($flags)"
    out=$("$tmp/embed" "$root/tests/kernels/bin/lds-gfx900.co" 2>&1)
    [ $? -eq 0 ] && ! grep -q FAIL <<<"$out" && pass "the program built against the installed library runs its kernels" ||
        fail "embed against the installed library: $out"
else
    fail "build against the installed library: $(head -5 "$tmp/cc.log")"
fi

# the man pages
pages=$(ls "$dest"/usr/share/man/man1/*.1 2>/dev/null)
[ -n "$pages" ] && pass "man pages installed ($(wc -w <<<"$pages"))" || fail "no man pages installed"
for p in $pages; do
    w=$(MANWIDTH=80 man --warnings -l "$p" 2>&1 >/dev/null)
    [ -z "$w" ] && MANWIDTH=80 man -l "$p" 2>/dev/null | grep -q . && pass "man -l $(basename "$p") renders without warnings" ||
        fail "man -l $(basename "$p"): $w"
done

# the OpenCL driver, registered with the ICD loader
icd=$dest/etc/OpenCL/vendors/gcnsim.icd
[ -f "$icd" ] && [ "$(cat "$icd")" = /usr/lib/libgcnsim-opencl.so ] &&
    pass "the OpenCL driver's registration /etc/OpenCL/vendors/gcnsim.icd names /usr/lib/libgcnsim-opencl.so" ||
    fail "gcnsim.icd: $(cat "$icd" 2>&1)"
out=$(OCL_ICD_VENDORS=$dest/usr/lib/libgcnsim-opencl.so clinfo -l 2>&1)
grep -q "Platform #0: gcnsim" <<<"$out" && pass "clinfo -l through the loader finds the installed driver's platform" ||
    fail "clinfo -l with the installed driver: $out"

make -s uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null 2>&1
left=$(find "$dest" -type f | sed "s#^$dest##")
[ -z "$left" ] && pass "make uninstall removes every installed file" || fail "left after uninstall: $left"
exit $rc
