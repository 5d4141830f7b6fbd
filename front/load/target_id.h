/* target_id.h — the processor named by a target id, an ISA name or an
 * offload-bundle entry id. */
#ifndef GCNSIM_TARGET_ID_H
#define GCNSIM_TARGET_ID_H

#include <stddef.h>

/* The processor of a target id or ISA name into out (n bytes): the part
 * after the triple's last '-' and before any feature ("amdgcn-amd-amdhsa--
 * gfx900:xnack-" (v4), "amdgcn-amd-amdhsa--gfx900+xnack" (v3) and the
 * environment-qualified v2 names of old toolchains,
 * "amdgcn-amd-amdhsa-amdgizcl-gfx803", give "gfx900", "gfx900",
 * "gfx803"). */
void co_target_gfx(const char *id, char *out, size_t n);

#endif
