/* clones.h — function multi-versioning for the simulator's lane loops.
 *
 * SIM_CLONES compiles a function twice, for x86-64-v3 (AVX2) and for any
 * x86-64, the loader picking one for the host: its loops run 8 lanes at a
 * time where the host can.  Integer and IEEE results are the same either
 * way (no contraction: -ffp-contract=off).  Empty where the compiler does
 * not version functions this way (clang builds, other hosts). */
#ifndef GCNSIM_CLONES_H
#define GCNSIM_CLONES_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SIM_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define SIM_CLONES
#endif

#endif
