/* printf.h — OpenCL C printf of AMDGPU code objects (inside the launch
 * layer).  The compiler turns each printf call into a record appended to a
 * buffer whose address is the kernel's hidden_printf_buffer argument: the
 * device library's __printf_alloc reserves the bytes with an atomic add on
 * the buffer's header (dword 0: bytes used after the 8-byte header, dword
 * 1: the buffer's size, header included) and returns NULL when they do not
 * fit; a record is the format's id (4 bytes) then each argument's bytes
 * (sizes from the metadata, each a multiple of 4; a constant string is
 * stored in the record, NUL included).  The code object's metadata
 * (amdhsa.printf, v2 Printf) holds "ID:NARGS:SIZE...:FORMAT" per format.
 * After the run the records are formatted as OpenCL C 1.2 section 6.12.13
 * says (vector specifiers %vNhd, %vNhlf...). */
#ifndef GCNSIM_PRINTF_H
#define GCNSIM_PRINTF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "sim/mem.h"

/* Bytes of records a launch's printf output keeps (CL_DEVICE_PRINTF_BUFFER_SIZE). */
#define PF_BUFFER_SIZE (4u << 20)
/* Bytes after those where records that did not fit land, only to be
 * counted as dropped (the kernel sees a buffer of both). */
#define PF_SPILL_SIZE (4u << 20)

/* Allocate a printf buffer in m (header written) and set *addr to it; 0,
 * or -1 when out of host memory. */
int pf_alloc(mem_t *m, uint64_t *addr);

/* Write the records of the printf buffer at addr to out in the order the
 * device appended them, formatted with the nfmts format records fmts (the
 * metadata's strings); m is read for %s arguments passed as pointers.
 * Records past PF_BUFFER_SIZE are dropped and a one-line warning on warn
 * says how many; a record that names no format ends the output with a
 * warning.  Returns the number of records printed. */
size_t pf_flush(mem_t *m, uint64_t addr, char *const *fmts, size_t nfmts, FILE *out, FILE *warn);

#endif
