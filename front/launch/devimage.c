/* devimage.c — place a loaded code object in simulated device memory the
 * way the ROCm loader does: every PT_LOAD segment at base + p_vaddr in one
 * allocation, then the dynamic relocations applied, so that code reading
 * constant data relative to its pc finds it. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include "front/launch/devimage.h"

enum { R_AMDGPU_ABS32 = 6, R_AMDGPU_ABS64 = 3, R_AMDGPU_RELATIVE64 = 13 };

static int apply_relocs(Elf *e, mem_t *mem, uint64_t base, const char *path, char *err, size_t errlen)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        Elf_Scn *symscn = elf_getscn(e, sh.sh_link);
        Elf_Data *syms = symscn ? elf_getdata(symscn, NULL) : NULL;
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; d && i < n; i++) {
            GElf_Rela r;
            if (!gelf_getrela(d, (int)i, &r))
                break;
            unsigned type = GELF_R_TYPE(r.r_info), si = GELF_R_SYM(r.r_info);
            uint64_t s = 0;
            if (si && syms) {
                GElf_Sym sym;
                if (gelf_getsym(syms, (int)si, &sym))
                    s = base + sym.st_value;
            }
            uint64_t v;
            unsigned size = 8;
            if (type == R_AMDGPU_RELATIVE64)
                v = base + (uint64_t)r.r_addend;
            else if (type == R_AMDGPU_ABS64)
                v = s + (uint64_t)r.r_addend;
            else if (type == R_AMDGPU_ABS32) {
                v = s + (uint64_t)r.r_addend;
                size = 4;
            } else {
                snprintf(err, errlen, "%s: relocation type %u at 0x%llx is not supported", path, type,
                         (unsigned long long)r.r_offset);
                return -1;
            }
            if (mem_write(mem, base + r.r_offset, &v, size)) {
                snprintf(err, errlen, "%s: relocation at 0x%llx is outside the loaded segments", path,
                         (unsigned long long)r.r_offset);
                return -1;
            }
        }
    }
    return 0;
}

int dev_map_code_object(const co_file_t *f, mem_t *mem, uint64_t *base, char *err, size_t errlen)
{
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "libelf initialisation failed");
        return -1;
    }
    if (f->version == 0) {   /* raw blob: the code at address 0 */
        if (mem_alloc(mem, f->text_size, 4096, "code", base) || mem_write(mem, *base, f->text, f->text_size)) {
            snprintf(err, errlen, "%s: out of memory for the code", f->path);
            return -1;
        }
        return 0;
    }
    Elf *e = elf_memory((char *)f->image, f->size);
    size_t nph = 0;
    if (!e || elf_getphdrnum(e, &nph) != 0) {
        snprintf(err, errlen, "%s: cannot read the program headers", f->path);
        if (e)
            elf_end(e);
        return -1;
    }
    uint64_t end = 0;
    for (size_t i = 0; i < nph; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD) {
            uint64_t seg_end = ph.p_memsz > UINT64_MAX - ph.p_vaddr ? UINT64_MAX : ph.p_vaddr + ph.p_memsz;
            end = seg_end > end ? seg_end : end;
        }
    }
    int rc = -1;
    if (end == 0 || end > (1ull << 30)) {   /* as large as the loader's largest file */
        snprintf(err, errlen, "%s: no loadable segments of a sensible size", f->path);
        goto out;
    }
    if (mem_alloc(mem, end, 4096, "code object", base)) {
        snprintf(err, errlen, "%s: out of memory for the code object", f->path);
        goto out;
    }
    for (size_t i = 0; i < nph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
            continue;
        uint64_t n = ph.p_filesz < ph.p_memsz ? ph.p_filesz : ph.p_memsz;
        if (ph.p_offset > f->size || n > f->size - ph.p_offset) {
            snprintf(err, errlen, "%s: offset 0x%llx: segment %zu runs past the end of the file", f->path,
                     (unsigned long long)ph.p_offset, i);
            goto out;
        }
        mem_write(mem, *base + ph.p_vaddr, f->image + ph.p_offset, n);
    }
    rc = apply_relocs(e, mem, *base, f->path, err, errlen);
out:
    elf_end(e);
    return rc;
}
