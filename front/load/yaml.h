/* yaml.h — a reader for the block-style YAML subset that LLVM writes into
 * code object v2 metadata (NT_AMD_HSA_METADATA): block mappings and
 * sequences by indentation, flow sequences/mappings on one line ([ 1, 0 ]),
 * plain, 'single' and "double" quoted scalars, ---/... markers, comments. */
#ifndef GCNSIM_YAML_H
#define GCNSIM_YAML_H

#include <stddef.h>
#include "front/load/mdtree.h"

/* Parse the first YAML document in text[0..len) (a NUL ends the text
 * early) into a new tree (*root, free with md_free).  Scalars become
 * MD_STR nodes; an empty value becomes MD_NIL.  Returns 0, or -1 with
 * *erroff at the offending byte and a short message in err. */
int yaml_parse(const char *text, size_t len, md_node_t **root, size_t *erroff, char *err,
               size_t errlen);

#endif
