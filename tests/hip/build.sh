#!/usr/bin/env bash
# Rebuild the committed HIP objects (make kernels; needs Debian's hipcc):
#   bin/kernels.hipfb  hipcc --genco output: a clang offload bundle of
#                      src/kernels.hip for gfx803, gfx900 and gfx906
#   bin/prog           a HIP program (src/prog.hip) built for gfx803 and
#                      gfx900: a host executable with a .hip_fatbin section
#   bin/progs/NAME     the test programs progs/NAME.hip (vadd, reduce, gemm,
#                      streams, fault), each built the same way:
#                        hipcc --offload-arch=gfx803 --offload-arch=gfx900 -O2
#                      from this directory with relative paths, so that a
#                      rebuild with the same hipcc (Debian's 5.2.3) gives the
#                      same bytes
#   bin/vadd_kmt       an ordinary HIP program (src/vadd_kmt.hip) for gfx803, gfx900
#                      and gfx906, run by gcnsim exec under Debian's HSA runtime
#   bin/rocrand_kmt    a program on Debian's prebuilt rocRAND (src/rocrand_kmt.hip;
#                      librocrand-dev), whose kernels are the library's own
#   bin/rocsparse_kmt  likewise on rocSPARSE (src/rocsparse_kmt.hip; librocsparse-dev)
set -eu
cd "$(dirname "$0")"
if ! command -v hipcc >/dev/null 2>&1; then
    echo "build.sh: hipcc is not installed; it is needed to rebuild tests/hip/bin" >&2
    echo "          (the committed tests/hip/bin files can be used as they are)" >&2
    exit 1
fi
mkdir -p bin
hipcc --genco --offload-arch=gfx803 --offload-arch=gfx900 --offload-arch=gfx906 -O2 src/kernels.hip \
    -o bin/kernels.hipfb
echo "  tests/hip/bin/kernels.hipfb"
hipcc --offload-arch=gfx803 --offload-arch=gfx900 -O2 -Isrc src/prog.hip -o bin/prog
echo "  tests/hip/bin/prog"
mkdir -p bin/progs
for p in vadd reduce gemm streams fault; do
    hipcc --offload-arch=gfx803 --offload-arch=gfx900 -O2 progs/$p.hip -o bin/progs/$p
    echo "  tests/hip/bin/progs/$p"
done
hipcc --offload-arch=gfx803 --offload-arch=gfx900 --offload-arch=gfx906 -O2 src/vadd_kmt.hip -o bin/vadd_kmt
echo "  tests/hip/bin/vadd_kmt"
hipcc --offload-arch=gfx803 --offload-arch=gfx900 --offload-arch=gfx906 -O2 src/rocrand_kmt.hip -lrocrand \
    -o bin/rocrand_kmt
echo "  tests/hip/bin/rocrand_kmt"
hipcc --offload-arch=gfx803 --offload-arch=gfx900 --offload-arch=gfx906 -O2 src/rocsparse_kmt.hip -lrocsparse \
    -o bin/rocsparse_kmt
echo "  tests/hip/bin/rocsparse_kmt"
