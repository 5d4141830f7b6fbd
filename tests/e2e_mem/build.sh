#!/usr/bin/env bash
# Rebuild the committed code objects of the memory end-to-end tests:
#   tests/e2e_mem/src/mem.cl -> tests/e2e_mem/bin/mem-GFX.co (gfx601, gfx701, gfx803, gfx900;
#   -O2, code object v4).  How a file is compiled: ../kernels/clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=tests/e2e_mem/
. ../kernels/clcc.sh
clcc_init "e2e_mem kernels"
clcc_each "gfx601 gfx701 gfx803 gfx900" -O2 src/mem.cl
