#!/usr/bin/env bash
# Rebuild the committed workload code objects (part of make kernels):
#   front/workloads/NAME.cl  ->  front/workloads/bin/NAME-GFX.co
# for gfx701, gfx803 and gfx900, at -O2, code object v4.
# How a file is compiled: tests/kernels/clcc.sh.
set -eu
cd "$(dirname "$0")"
CLCC_SHOW=front/workloads/
. ../../tests/kernels/clcc.sh
clcc_init workloads
clcc_each "gfx701 gfx803 gfx900" -O2 *.cl
