#!/usr/bin/env bash
# Rebuild the committed code objects of the disassembly corpus (make kernels).
#   tests/kernels/src/NAME.cl  ->  tests/kernels/bin/NAME-GFX[-VARIANT].co
# Every source is compiled at -O2 (code object v4, the default) for each
# target; a few get -O0/-O1 variants and code-object-version variants
# (v2, v3, v5).  How a file is compiled: clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=tests/kernels/
. ./clcc.sh
clcc_init kernels

clcc_each "gfx600 gfx701 gfx803 gfx900 gfx906" -O2 src/*.cl

# optimisation-level variants
clcc_each "gfx701 gfx803 gfx900" -O0 src/control.cl
clcc_each "gfx701 gfx803 gfx900" -O1 src/arith.cl
clcc_each gfx600 -O0 src/lds.cl
clcc_each gfx906 -O1 src/vector.cl

# source lines: srcline.cl with DWARF (-g); the paths it records are
# relative to the repository's top (tests/kernels/src/srcline.cl)
for t in gfx803 gfx900; do
    clcc src/srcline.cl "$t" "bin/srcline-$t-g.co" -O2 -g -fdebug-prefix-map="$PWD=tests/kernels"
done

# code object versions 2, 3 and 5 (4 is the default above)
for name in lds atomics; do
    for t in gfx701 gfx803 gfx900; do
        clcc "src/$name.cl" "$t" "bin/$name-$t-v2.co" -O2 -mcode-object-version=2
        clcc "src/$name.cl" "$t" "bin/$name-$t-v3.co" -O2 -mcode-object-version=3
        clcc_v5 "src/$name.cl" "$t" "bin/$name-$t-v5.co" -O2
    done
done

# printf (clcc_printf): printf/printf.cl, v4 and the v2 metadata (YAML Printf)
for t in gfx701 gfx803 gfx900; do
    clcc_printf printf/printf.cl "$t" "bin/printf-$t.co" -O2
done
clcc_printf printf/printf.cl gfx803 bin/printf-gfx803-v2.co -O2 -mcode-object-version=2
