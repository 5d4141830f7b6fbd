/* msgpack.h — a bounds-checked MessagePack reader for the subset LLVM
 * writes into NT_AMDGPU_METADATA notes (maps, arrays, str, bin, integers,
 * bool, nil, float). */
#ifndef GCNSIM_MSGPACK_H
#define GCNSIM_MSGPACK_H

#include <stddef.h>
#include <stdint.h>
#include "front/load/mdtree.h"

/* Parse exactly one MessagePack value filling buf[0..len) into a new tree
 * (*root, free with md_free).  Returns 0, or -1 with *erroff set to the
 * byte offset of the problem and a short message in err (no offset, no
 * file name: the caller adds those). */
int mp_parse(const uint8_t *buf, size_t len, md_node_t **root, size_t *erroff, char *err,
             size_t errlen);

#endif
