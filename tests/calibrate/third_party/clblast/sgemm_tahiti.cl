// CLBlast's single-precision GEMM program as CLBlast 0.7.0 builds it for an
// AMD "Tahiti" device (Radeon HD 7970): not part of CLBlast, the wrapper of
// make calibrate around CLBlast's unmodified kernel files (README here).
//
// CLBlast's Routine::SetUp() compiles one program per routine: the tuned
// parameters of the device from its database as #defines, then
// "#define PRECISION 32", "#define ROUTINE_Xgemm", "#define USE_CL_MAD 1"
// (AMD devices), then kernels/common.opencl and the routine's kernel files
// (for Xgemm: copy, pad, transpose, padtranspose, xgemm_part1, xgemm_part2).
// Here the same, without copy.opencl, pad.opencl and padtranspose.opencl:
// for m, n and k multiples of 128 with row-major storage the routine runs
// only TransposeMatrix and Xgemm.  The .opencl files are C++11 raw-string
// literals; build.sh drops their R"( and )" lines into a temporary directory
// and compiles this file with that directory on the include path (hence the
// angle brackets).

// include/internal/database/xgemm.h, XgemmSingle, AMD GPUs, "Tahiti"
#define KWG 32
#define KWI 2
#define MDIMA 16
#define MDIMC 32
#define MWG 128
#define NDIMB 16
#define NDIMC 8
#define NWG 64
#define SA 0
#define SB 0
#define STRM 0
#define STRN 0
#define VWM 4
#define VWN 1

// include/internal/database/transpose.h, TransposeSingle, AMD GPUs, "Tahiti"
#define TRA_DIM 4
#define TRA_PAD 0
#define TRA_SHUFFLE 1
#define TRA_WPT 4

// src/routine.cc, Routine<T>::SetUp()
#define PRECISION 32
#define ROUTINE_Xgemm
#define USE_CL_MAD 1

#include <common.opencl>
#include <transpose.opencl>
#include <xgemm_part1.opencl>
#include <xgemm_part2.opencl>
