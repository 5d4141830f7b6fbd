/* bundle.h — files that carry code objects inside: clang offload bundles
 * (hipcc --genco, clang -fgpu-rdc objects) and host ELF files whose
 * .hip_fatbin section holds such bundles (a HIP program or library). */
#ifndef GCNSIM_BUNDLE_H
#define GCNSIM_BUNDLE_H

#include <stddef.h>
#include <stdint.h>

/* One AMDGPU code object inside a container. */
typedef struct {
    char triple[128];   /* the bundle entry's id, printable ("hipv4-amdgcn-amd-amdhsa--gfx900") */
    char gfx[32];       /* its processor ("gfx900") */
    uint64_t off, size; /* where its bytes are in the file */
} co_entry_t;

typedef struct {
    const char *kind;   /* "clang offload bundle" or "host ELF file with a .hip_fatbin section" */
    co_entry_t *e;      /* the AMDGPU code objects, in file order */
    size_t n;
} co_container_t;

/* Look into a file's bytes.  Returns 0 when the file is no container
 * (c->kind NULL: load it as a code object), 1 when it is one (c->e lists
 * its AMDGPU code objects, possibly none), -1 with a one-line message in
 * err ("k.co: offset 0x38: bundle entry 1: ...") when a container is
 * malformed.  Every offset and size is checked against the file. */
int co_container_scan(const char *path, const uint8_t *img, size_t size, co_container_t *c, char *err,
                      size_t errlen);

/* The processors of a container's code objects, distinct, in file order,
 * comma-separated into out ("gfx803, gfx900"). */
void co_container_gfx_list(const co_container_t *c, char *out, size_t n);

/* Release what co_container_scan allocated. */
void co_container_free(co_container_t *c);

#endif
