/* bundle.c — clang offload bundles and host ELF files with HIP device code.
 *
 * An offload bundle (clang-offload-bundler's binary format) is the magic
 * "__CLANG_OFFLOAD_BUNDLE__", a 64-bit entry count, then per entry a
 * 64-bit offset and size of its bytes (from the bundle's start) and a
 * 64-bit length followed by the entry's id: an offload kind and a target
 * triple with its processor, "hipv4-amdgcn-amd-amdhsa--gfx900:xnack-" or
 * "host-x86_64-unknown-linux-gnu" (the host entry is empty in hipcc
 * --genco output).  A host program or library keeps one such bundle per
 * separately compiled source in its .hip_fatbin section, each aligned to
 * 4096 bytes.  All numbers are little-endian. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/bundle.h"
#include "front/load/target_id.h"
#include "front/util/strsafe.h"

#define MAGIC "__CLANG_OFFLOAD_BUNDLE__"
#define MAGIC_LEN 24
#define MAX_ENTRIES 4096     /* per bundle; more is no bundle a compiler wrote */
#define MAX_ID 1024          /* bytes of an entry id */

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static unsigned rd16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

/* [off, off+len) inside [0, total), without overflow. */
static int inside(uint64_t off, uint64_t len, uint64_t total)
{
    return off <= total && len <= total - off;
}

static int add_entry(co_container_t *c, const char *id, size_t idlen, uint64_t off, uint64_t size)
{
    co_entry_t *e = realloc(c->e, (c->n + 1) * sizeof *c->e);
    if (!e)
        return -1;
    c->e = e;
    e = &c->e[c->n++];
    memset(e, 0, sizeof *e);
    str_printable_to(e->triple, sizeof e->triple, id, idlen, 0);
    co_target_gfx(e->triple, e->gfx, sizeof e->gfx);
    e->off = off;
    e->size = size;
    return 0;
}

/* Is an entry id one of AMDGPU device code ("hip-", "hipv4-", "openmp-"
 * ... "amdgcn-amd-amdhsa")? */
static int is_amdgpu(const char *id, size_t len)
{
    static const char want[] = "-amdgcn-amd-amdhsa";
    size_t w = sizeof want - 1;
    for (size_t i = 0; i + w <= len; i++)
        if (memcmp(id + i, want, w) == 0)
            return 1;
    return 0;
}

/* Parse the bundle at file offset base, inside [base, end); its extent
 * (header and entries) in *ext. */
static int parse_bundle(const char *path, const uint8_t *img, uint64_t base, uint64_t end, co_container_t *c,
                        uint64_t *ext, char *err, size_t errlen)
{
    uint64_t len = end - base, at = MAGIC_LEN + 8;
    if (len < at) {
        snprintf(err, errlen, "%s: offset 0x%llx: offload bundle ends inside its header", path,
                 (unsigned long long)base);
        return -1;
    }
    uint64_t n = rd64(img + base + MAGIC_LEN);
    if (n > MAX_ENTRIES) {
        snprintf(err, errlen, "%s: offset 0x%llx: offload bundle claims %llu entries (at most %d)", path,
                 (unsigned long long)(base + MAGIC_LEN), (unsigned long long)n, MAX_ENTRIES);
        return -1;
    }
    *ext = at;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t hdr = base + at;
        if (!inside(at, 24, len)) {
            snprintf(err, errlen, "%s: offset 0x%llx: offload bundle entry %llu: header runs past the end (0x%llx)",
                     path, (unsigned long long)hdr, (unsigned long long)i, (unsigned long long)end);
            return -1;
        }
        uint64_t off = rd64(img + hdr), size = rd64(img + hdr + 8), idlen = rd64(img + hdr + 16);
        if (idlen > MAX_ID || !inside(at + 24, idlen, len)) {
            snprintf(err, errlen, "%s: offset 0x%llx: offload bundle entry %llu: id of %llu bytes runs past the "
                     "end (0x%llx)", path, (unsigned long long)(hdr + 16), (unsigned long long)i,
                     (unsigned long long)idlen, (unsigned long long)end);
            return -1;
        }
        const char *id = (const char *)img + hdr + 24;
        at += 24 + idlen;
        if (!inside(off, size, len)) {
            char shown[4 * 64 + 1];   /* the id as printable text: it may hold any bytes */
            str_printable_to(shown, sizeof shown, id, (size_t)(idlen > 64 ? 64 : idlen), 0);
            snprintf(err, errlen, "%s: offset 0x%llx: offload bundle entry %llu '%s': contents at +0x%llx size "
                     "0x%llx run past the end of the bundle (0x%llx bytes)", path, (unsigned long long)hdr,
                     (unsigned long long)i, shown, (unsigned long long)off,
                     (unsigned long long)size, (unsigned long long)len);
            return -1;
        }
        if (off + size > *ext)
            *ext = off + size;
        if (size && is_amdgpu(id, (size_t)idlen) && add_entry(c, id, (size_t)idlen, base + off, size)) {
            snprintf(err, errlen, "%s: out of memory", path);
            return -1;
        }
    }
    if (at > *ext)
        *ext = at;
    return 0;
}

/* The bundles one after another in [off, end): each starts at the next
 * magic (the linker pads between them). */
static int parse_bundles(const char *path, const uint8_t *img, uint64_t off, uint64_t end, co_container_t *c,
                         char *err, size_t errlen)
{
    int found = 0;
    while (end - off >= MAGIC_LEN) {
        const uint8_t *m = memmem(img + off, (size_t)(end - off), MAGIC, MAGIC_LEN);
        if (!m)
            break;
        uint64_t base = (uint64_t)(m - img), ext;
        if (parse_bundle(path, img, base, end, c, &ext, err, errlen))
            return -1;
        found = 1;
        off = base + ext;
    }
    if (!found) {
        snprintf(err, errlen, "%s: offset 0x%llx: %s holds no offload bundle", path, (unsigned long long)off,
                 c->kind);
        return -1;
    }
    return 1;
}

/* The .hip_fatbin section of a 64-bit little-endian ELF file: 1 with its
 * extent, 0 if it has none, -1 with err if its headers are bad. */
static int find_fatbin(const char *path, const uint8_t *img, size_t size, uint64_t *off, uint64_t *len, char *err,
                       size_t errlen)
{
    uint64_t shoff = rd64(img + 40);
    unsigned shentsize = rd16(img + 58), shnum = rd16(img + 60), shstrndx = rd16(img + 62);
    if (shoff == 0 || shnum == 0)
        return 0;
    if (shentsize != 64 || !inside(shoff, (uint64_t)shnum * 64, size) || shstrndx >= shnum) {
        snprintf(err, errlen, "%s: offset 0x28: section header table (%u entries of %u bytes at 0x%llx, names in "
                 "section %u) does not fit the file", path, shnum, shentsize, (unsigned long long)shoff, shstrndx);
        return -1;
    }
    const uint8_t *names = img + shoff + (uint64_t)shstrndx * 64;
    uint64_t noff = rd64(names + 24), nlen = rd64(names + 32);
    if (!inside(noff, nlen, size))
        return 0;
    static const char want[] = ".hip_fatbin";
    for (unsigned i = 1; i < shnum; i++) {
        const uint8_t *sh = img + shoff + (uint64_t)i * 64;
        uint64_t name = (uint64_t)(sh[0] | sh[1] << 8 | sh[2] << 16 | (uint64_t)sh[3] << 24);
        if (name >= nlen || nlen - name < sizeof want || memcmp(img + noff + name, want, sizeof want) != 0)
            continue;
        *off = rd64(sh + 24);
        *len = rd64(sh + 32);
        if (!inside(*off, *len, size)) {
            snprintf(err, errlen, "%s: offset 0x%llx: section .hip_fatbin at 0x%llx size 0x%llx runs past the end "
                     "of the file (size 0x%zx)", path, (unsigned long long)(shoff + (uint64_t)i * 64 + 24),
                     (unsigned long long)*off, (unsigned long long)*len, size);
            return -1;
        }
        return 1;
    }
    return 0;
}

int co_container_scan(const char *path, const uint8_t *img, size_t size, co_container_t *c, char *err,
                      size_t errlen)
{
    memset(c, 0, sizeof *c);
    int rc = 0;
    if (size >= MAGIC_LEN && memcmp(img, MAGIC, MAGIC_LEN) == 0) {
        c->kind = "clang offload bundle";
        rc = parse_bundles(path, img, 0, size, c, err, errlen);
    } else if (size >= 64 && memcmp(img, "\177ELF", 4) == 0 && img[4] == 2 && img[5] == 1 &&
               rd16(img + 18) != 224) {
        uint64_t off = 0, len = 0;
        rc = find_fatbin(path, img, size, &off, &len, err, errlen);
        if (rc == 1) {
            c->kind = "host ELF file with a .hip_fatbin section";
            rc = parse_bundles(path, img, off, off + len, c, err, errlen);
        }
    }
    if (rc < 0)
        co_container_free(c);
    return rc;
}

void co_container_gfx_list(const co_container_t *c, char *out, size_t n)
{
    size_t len = 0;
    if (n)
        out[0] = 0;
    for (size_t i = 0; i < c->n; i++) {
        size_t j = 0;
        while (j < i && strcmp(c->e[j].gfx, c->e[i].gfx) != 0)
            j++;
        if (j < i || len >= n)
            continue;
        len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "", c->e[i].gfx);
    }
}

void co_container_free(co_container_t *c)
{
    free(c->e);
    memset(c, 0, sizeof *c);
}
