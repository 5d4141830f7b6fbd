/* devimage.h — mapping a code object into simulated device memory. */
#ifndef GCNSIM_DEVIMAGE_H
#define GCNSIM_DEVIMAGE_H

#include "front/load/codeobj.h"
#include "sim/mem.h"

/* Copy the loadable segments of f into one device allocation and apply its
 * dynamic relocations; *base receives the load address (device address of
 * ELF virtual address 0).  Returns 0, or -1 with a message in err. */
int dev_map_code_object(const co_file_t *f, mem_t *mem, uint64_t *base, char *err, size_t errlen);

#endif
