#!/usr/bin/env bash
# Rebuild the committed code objects of the VALU end-to-end tests:
#   tests/e2e_valu/src/valu.cl -> tests/e2e_valu/bin/valu-GFX.co (gfx601, gfx701, gfx803, gfx900;
#   -O2, code object v4).  How a file is compiled: ../kernels/clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=tests/e2e_valu/
. ../kernels/clcc.sh
clcc_init "e2e_valu kernels"
clcc_each "gfx601 gfx701 gfx803 gfx900" -O2 src/valu.cl
