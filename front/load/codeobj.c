/* codeobj.c — loading AMDGPU HSA code objects (v2-v5) with libelf.
 *
 * The ELF header is checked by hand first (so a wrong file gets a precise
 * message), then libelf walks sections and symbols; every size and offset
 * taken from the file is checked against the file before use.  Kernels
 * come from their descriptors: v3+ the 64-byte kernel descriptor at symbol
 * NAME.kd (entry = descriptor + kernel_code_entry_byte_offset), v2 the
 * 256-byte amd_kernel_code_t at the kernel symbol (STT_AMDGPU_HSA_KERNEL)
 * in .text.  The metadata note (msgpack v3+, YAML v2) adds arguments and
 * register counts, and its target must agree with e_flags.  Names from the
 * file are kept in their printable form (strsafe.h); each kernel's sizes
 * are checked against the target's limits (check_limits).  Look-ups are
 * by sorted index, so loading is O(n log n) in the number of symbols. */
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/codeobj.h"
#include "front/load/bundle.h"
#include "front/load/codeobj_meta.h"
#include "front/load/demangle.h"
#include "front/util/strsafe.h"
#include "sim/dispatch.h"
#include "sim/occupancy.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
#define ELFOSABI_AMDGPU_HSA_ 64
#define STT_AMDGPU_HSA_KERNEL_ 10
#define NT_AMD_HSA_CODE_OBJECT_VERSION_ 1
#define NT_AMD_HSA_ISA_VERSION_ 3
#define NT_AMD_HSA_METADATA_ 10
#define NT_AMD_HSA_ISA_NAME_ 11
#define NT_AMDGPU_METADATA_ 32
#define CO_MAX_FILE (1ull << 30)

typedef struct {
    co_file_t *f;
    Elf *elf;
    char *err;
    size_t errlen;
    int text_idx;             /* section index of .text */
    int is_rel;               /* ET_REL: section addresses are all 0 */
    GElf_Sym *sym;            /* the symbol table (symtab, else dynsym) */
    char **symname;           /* printable form of each name (owned) */
    size_t symcap;            /* entries of symname */
    const co_symbol_t **sym_by_name;   /* f->syms sorted by name, then address */
    int *symsec;              /* section index of each symbol */
    size_t *symoff;           /* file offset of each symbol entry */
    size_t nsym;
    co_meta_t meta;
    size_t isa_note_off;      /* v2 NT_AMD_HSA_ISA_VERSION */
    size_t isa_name_off;      /* v2 NT_AMD_HSA_ISA_NAME */
    unsigned isa_ver[3];
    int have_isa_ver;
} co_ctx_t;

static int co_fail(co_ctx_t *c, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "PATH: offset 0xOFF: MESSAGE" (returns -1). */
static int co_fail(co_ctx_t *c, size_t off, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->errlen, "%s: offset 0x%zx: %s", c->f->path, off, co_one_line(msg));
    return -1;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* True if [off, off+len) lies inside a buffer of size total. */
static int in_range(uint64_t off, uint64_t len, uint64_t total)
{
    return off <= total && len <= total - off;
}

/* True if section s has contents, all inside the file (SHT_NULL and
 * SHT_NOBITS sections have none, whatever their offset and size say). */
static int sec_in_file(const co_file_t *f, const co_section_t *s)
{
    return s->type != SHT_NOBITS && s->type != SHT_NULL && in_range(s->offset, s->size, f->size);
}

/* ---- ELF header ----------------------------------------------------- */

static const char *machine_name(unsigned m)
{
    switch (m) {
    case 3: return "i386";
    case 8: return "MIPS";
    case 20: return "PowerPC";
    case 21: return "PowerPC64";
    case 40: return "ARM";
    case 62: return "x86-64";
    case 183: return "AArch64";
    case 190: return "CUDA";
    case 243: return "RISC-V";
    default: return "another machine";
    }
}

static int check_ident(co_ctx_t *c)
{
    const uint8_t *p = c->f->image;
    size_t n = c->f->size;
    if (n == 0)
        return co_fail(c, 0, "empty file, not an ELF code object");
    if (n < 4 || memcmp(p, "\177ELF", 4) != 0) {
        char got[16] = "";
        for (size_t i = 0, o = 0; i < 4 && i < n; i++)
            o += (size_t)snprintf(got + o, sizeof got - o, "%s%02x", i ? " " : "", p[i]);
        return co_fail(c, 0, "not an ELF file (starts with %s, ELF starts with 7f 45 4c 46)", got);
    }
    if (n < EI_NIDENT)
        return co_fail(c, n, "file ends inside the ELF identification (%zu of 16 bytes)", n);
    if (p[EI_CLASS] != ELFCLASS64)
        return co_fail(c, EI_CLASS, "ELF class %u (%s), AMDGPU code objects are 64-bit ELF",
                       p[EI_CLASS], p[EI_CLASS] == ELFCLASS32 ? "32-bit" : "invalid");
    if (p[EI_DATA] != ELFDATA2LSB)
        return co_fail(c, EI_DATA, "ELF data encoding %u (%s), AMDGPU code objects are little-endian",
                       p[EI_DATA], p[EI_DATA] == ELFDATA2MSB ? "big-endian" : "invalid");
    if (n < sizeof(Elf64_Ehdr))
        return co_fail(c, n, "file ends inside the ELF header (%zu of 64 bytes)", n);
    unsigned mach = rd16(p + 18);
    if (mach != EM_AMDGPU)
        return co_fail(c, 18, "e_machine is %u (%s), not EM_AMDGPU (224)", mach, machine_name(mach));
    if (p[EI_OSABI] != ELFOSABI_AMDGPU_HSA_)
        return co_fail(c, EI_OSABI, "OS ABI %u (%s), not an HSA code object (64)", p[EI_OSABI],
                       p[EI_OSABI] == 65 ? "AMDGPU PAL" : p[EI_OSABI] == 66 ? "Mesa" : "unknown");
    if (p[EI_ABIVERSION] > 3)
        return co_fail(c, EI_ABIVERSION, "code object ABI version %u is not v2-v5 (0-3)",
                       p[EI_ABIVERSION]);
    unsigned type = rd16(p + 16);
    if (type != ET_DYN && type != ET_EXEC && type != ET_REL)
        return co_fail(c, 16, "ELF type %u is not a shared object, executable or relocatable object",
                       type);
    c->is_rel = type == ET_REL;
    c->f->version = p[EI_ABIVERSION] + 2;
    c->f->e_flags = rd32(p + 48);
    return 0;
}

/* Section header table position and entry size (before libelf sees it). */
static int check_shdr_table(co_ctx_t *c)
{
    const uint8_t *p = c->f->image;
    uint64_t shoff = rd64(p + 40);
    unsigned shentsize = rd16(p + 58), shnum = rd16(p + 60);
    if (shoff == 0)
        return co_fail(c, 40, "no section header table (e_shoff is 0)");
    if (shentsize != sizeof(Elf64_Shdr))
        return co_fail(c, 58, "section header size is %u, expected 64", shentsize);
    if (!in_range(shoff, sizeof(Elf64_Shdr), c->f->size))
        return co_fail(c, 40, "section header table at 0x%llx is past the end of the file (size 0x%zx)",
                       (unsigned long long)shoff, c->f->size);
    if (shnum == 0) {   /* extended numbering: the count is in section 0's sh_size */
        uint64_t big = rd64(p + shoff + 32);
        shnum = big > 0xffffff ? 0xffffff : (unsigned)big;
    }
    if (!in_range(shoff, (uint64_t)shnum * sizeof(Elf64_Shdr), c->f->size))
        return co_fail(c, 40,
                       "section header table (%u entries at 0x%llx) runs past the end of the file "
                       "(size 0x%zx)", shnum, (unsigned long long)shoff, c->f->size);
    if (shoff % 8)
        return co_fail(c, 40, "section header table offset 0x%llx is not 8-byte aligned",
                       (unsigned long long)shoff);
    return 0;
}

/* ---- sections ------------------------------------------------------- */

static size_t shdr_off(co_ctx_t *c, size_t i)
{
    return (size_t)rd64(c->f->image + 40) + i * sizeof(Elf64_Shdr);
}

static int read_sections(co_ctx_t *c)
{
    size_t shnum, shstrndx;
    if (elf_getshdrnum(c->elf, &shnum) || elf_getshdrstrndx(c->elf, &shstrndx))
        return co_fail(c, 60, "bad section count or name-table index (%s)", elf_errmsg(-1));
    if (shstrndx >= shnum)
        return co_fail(c, 62, "section name table index %zu is not a section (%zu sections)", shstrndx,
                       shnum);
    c->f->secs = calloc(shnum ? shnum : 1, sizeof *c->f->secs);
    if (!c->f->secs)
        return co_fail(c, 0, "out of memory");
    c->text_idx = -1;
    for (size_t i = 0; i < shnum; i++) {
        GElf_Shdr sh;
        Elf_Scn *scn = elf_getscn(c->elf, i);
        if (!scn || !gelf_getshdr(scn, &sh))
            return co_fail(c, shdr_off(c, i), "section [%zu]: unreadable header (%s)", i, elf_errmsg(-1));
        const char *name = i ? elf_strptr(c->elf, shstrndx, sh.sh_name) : "";
        if (!name)
            return co_fail(c, shdr_off(c, i), "section [%zu]: name offset 0x%x is outside the section "
                           "name table", i, sh.sh_name);
        co_section_t *s = &c->f->secs[c->f->nsecs++];
        if (!(s->name = str_printable(name, strlen(name), 0)))
            return co_fail(c, 0, "out of memory");
        s->type = sh.sh_type;
        s->flags = sh.sh_flags;
        s->addr = sh.sh_addr;
        s->offset = sh.sh_offset;
        s->size = sh.sh_size;
        if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL && !in_range(sh.sh_offset, sh.sh_size, c->f->size))
            return co_fail(c, shdr_off(c, i) + 24,
                           "section [%zu] '%s': contents at 0x%llx size 0x%llx run past the end of "
                           "the file (size 0x%zx)", i, s->name, (unsigned long long)sh.sh_offset,
                           (unsigned long long)sh.sh_size, c->f->size);
        if (strcmp(s->name, ".text") == 0 && c->text_idx < 0)
            c->text_idx = (int)i;
    }
    if (c->text_idx < 0)
        return co_fail(c, shdr_off(c, 0), "no .text section");
    co_section_t *t = &c->f->secs[c->text_idx];
    if (t->type != SHT_PROGBITS)
        return co_fail(c, shdr_off(c, (size_t)c->text_idx) + 4, ".text is not a PROGBITS section (type %u)",
                       t->type);
    if (!c->is_rel && t->addr > UINT64_MAX - t->size)
        return co_fail(c, shdr_off(c, (size_t)c->text_idx) + 16, ".text address range wraps around");
    c->f->text_addr = t->addr;
    c->f->text = c->f->image + t->offset;
    c->f->text_size = (size_t)t->size;
    return 0;
}

/* ---- symbols -------------------------------------------------------- */

static int find_symtab(co_ctx_t *c, size_t *idx)
{
    int dyn = -1;
    for (size_t i = 0; i < c->f->nsecs; i++) {
        if (c->f->secs[i].type == SHT_SYMTAB) {
            *idx = i;
            return 1;
        }
        if (c->f->secs[i].type == SHT_DYNSYM && dyn < 0)
            dyn = (int)i;
    }
    if (dyn < 0)
        return 0;
    *idx = (size_t)dyn;
    return 1;
}

static int read_symbols(co_ctx_t *c)
{
    size_t si;
    if (!find_symtab(c, &si))
        return 0;
    Elf_Scn *scn = elf_getscn(c->elf, si);
    GElf_Shdr sh;
    if (!scn || !gelf_getshdr(scn, &sh))
        return co_fail(c, shdr_off(c, si), "symbol table header unreadable (%s)", elf_errmsg(-1));
    if (sh.sh_entsize != sizeof(Elf64_Sym))
        return co_fail(c, shdr_off(c, si) + 56, "symbol table entry size %llu, expected 24",
                       (unsigned long long)sh.sh_entsize);
    if (sh.sh_link >= c->f->nsecs || c->f->secs[sh.sh_link].type != SHT_STRTAB)
        return co_fail(c, shdr_off(c, si) + 40, "symbol table's string table (section %u) is not a "
                       "string table", sh.sh_link);
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d)
        return co_fail(c, (size_t)sh.sh_offset, "symbol table unreadable (%s)", elf_errmsg(-1));
    size_t n = sh.sh_size / sizeof(Elf64_Sym);
    c->sym = calloc(n ? n : 1, sizeof *c->sym);
    c->symname = calloc(n ? n : 1, sizeof *c->symname);
    c->symsec = calloc(n ? n : 1, sizeof *c->symsec);
    c->symoff = calloc(n ? n : 1, sizeof *c->symoff);
    if (!c->sym || !c->symname || !c->symsec || !c->symoff)
        return co_fail(c, 0, "out of memory");
    c->symcap = n;
    for (size_t i = 0; i < n; i++) {
        GElf_Sym *s = &c->sym[i];
        size_t off = (size_t)sh.sh_offset + i * sizeof(Elf64_Sym);
        if (!gelf_getsym(d, (int)i, s))
            return co_fail(c, off, "symbol %zu unreadable (%s)", i, elf_errmsg(-1));
        const char *name = elf_strptr(c->elf, sh.sh_link, s->st_name);
        if (!name)
            return co_fail(c, off, "symbol %zu: name offset 0x%x is outside the string table", i,
                           s->st_name);
        if (!(c->symname[i] = str_printable(name, strlen(name), 0)))
            return co_fail(c, 0, "out of memory");
        name = c->symname[i];
        c->symoff[i] = off;
        c->symsec[i] = -1;
        if (s->st_shndx != SHN_UNDEF && s->st_shndx < SHN_LORESERVE) {
            if (s->st_shndx >= c->f->nsecs)
                return co_fail(c, off + 6, "symbol '%s': section index %u does not exist (%zu sections)",
                               name, s->st_shndx, c->f->nsecs);
            c->symsec[i] = s->st_shndx;
        }
        c->nsym++;
    }
    return 0;
}

static int sym_cmp(const void *a, const void *b)
{
    const co_symbol_t *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Named symbols in .text (what llvm-objdump -d labels), checked to lie
 * inside .text, sorted by address then name. */
static int collect_text_symbols(co_ctx_t *c)
{
    co_file_t *f = c->f;
    f->syms = calloc(c->nsym ? c->nsym : 1, sizeof *f->syms);
    if (!f->syms)
        return co_fail(c, 0, "out of memory");
    uint64_t lo = f->text_addr, hi = f->text_addr + f->text_size;
    for (size_t i = 0; i < c->nsym; i++) {
        const GElf_Sym *s = &c->sym[i];
        int type = GELF_ST_TYPE(s->st_info);
        if (c->symsec[i] != c->text_idx || !c->symname[i][0] || type == STT_SECTION || type == STT_FILE)
            continue;
        if (s->st_value < lo || s->st_value > hi || s->st_size > hi - s->st_value)
            return co_fail(c, c->symoff[i] + 8,
                           "symbol '%s' at 0x%llx (size 0x%llx) lies outside .text [0x%llx, 0x%llx)",
                           c->symname[i], (unsigned long long)s->st_value,
                           (unsigned long long)s->st_size, (unsigned long long)lo, (unsigned long long)hi);
        co_symbol_t *y = &f->syms[f->nsyms++];
        if (!(y->name = strdup(c->symname[i])))
            return co_fail(c, 0, "out of memory");
        y->addr = s->st_value;
        y->size = s->st_size;
        y->is_func = type == STT_FUNC || type == STT_AMDGPU_HSA_KERNEL_;
        y->is_label = type == STT_NOTYPE;
    }
    qsort(f->syms, f->nsyms, sizeof *f->syms, sym_cmp);
    return 0;
}

/* ---- notes ---------------------------------------------------------- */

static int handle_note(co_ctx_t *c, const char *owner, uint32_t type, const uint8_t *desc, size_t len,
                       size_t off)
{
    co_file_t *f = c->f;
    if (strcmp(owner, "AMDGPU") == 0 && type == NT_AMDGPU_METADATA_ && f->version >= 3) {
        if (c->meta.kernels || c->meta.target)
            return co_fail(c, off, "second NT_AMDGPU_METADATA note");
        if (co_meta_msgpack(desc, len, off, &c->meta, c->err, c->errlen))
            goto prefix;
        return 0;
    }
    if (strcmp(owner, "AMD") != 0 || f->version != 2)
        return 0;
    if (type == NT_AMD_HSA_METADATA_) {
        if (c->meta.kernels)
            return co_fail(c, off, "second NT_AMD_HSA_METADATA note");
        if (co_meta_yaml(desc, len, off, &c->meta, c->err, c->errlen))
            goto prefix;
    } else if (type == NT_AMD_HSA_ISA_VERSION_) {
        if (len < 16)
            return co_fail(c, off, "NT_AMD_HSA_ISA_VERSION note is %zu bytes, expected at least 16", len);
        c->isa_ver[0] = rd32(desc + 4);
        c->isa_ver[1] = rd32(desc + 8);
        c->isa_ver[2] = rd32(desc + 12);
        c->have_isa_ver = 1;
        c->isa_note_off = off;
    } else if (type == NT_AMD_HSA_ISA_NAME_ && !f->target_id[0]) {
        char *s = str_printable((const char *)desc, strnlen((const char *)desc, len), 0);
        if (!s)
            return co_fail(c, off, "out of memory");
        free(f->target_id);
        f->target_id = s;
        c->isa_name_off = off;
    }
    return 0;
prefix: {
        /* the metadata reader wrote "offset 0x..: ..."; add the file name */
        char msg[512];
        snprintf(msg, sizeof msg, "%s: %s", f->path, c->err);
        snprintf(c->err, c->errlen, "%s", msg);
        return -1;
    }
}

/* Walk the notes in [off, off+size) of the file. */
static int read_notes_at(co_ctx_t *c, size_t off, size_t size, const char *where)
{
    const uint8_t *p = c->f->image;
    size_t pos = off, end = off + size;
    while (pos < end) {
        if (end - pos < 12)
            return co_fail(c, pos, "%s: %zu stray bytes where a note header (12 bytes) should be", where,
                           end - pos);
        uint32_t namesz = rd32(p + pos), descsz = rd32(p + pos + 4), type = rd32(p + pos + 8);
        size_t name_at = pos + 12, name_len = ((size_t)namesz + 3) & ~(size_t)3;
        if (name_len > end - name_at)
            return co_fail(c, pos, "%s: note name size 0x%x runs past the end of the notes", where, namesz);
        size_t desc_at = name_at + name_len, desc_len = ((size_t)descsz + 3) & ~(size_t)3;
        if (descsz > end - desc_at)
            return co_fail(c, pos + 4, "%s: note description size 0x%x runs past the end of the notes "
                           "(0x%zx bytes left)", where, descsz, end - desc_at);
        char owner[16] = "";
        if (namesz > 0 && namesz < sizeof owner && p[name_at + namesz - 1] == 0)
            memcpy(owner, p + name_at, namesz);
        if (handle_note(c, owner, type, p + desc_at, descsz, desc_at))
            return -1;
        pos = desc_len < end - desc_at ? desc_at + desc_len : end;   /* last padding may be cut */
    }
    return 0;
}

static int read_notes(co_ctx_t *c)
{
    int found = 0;
    for (size_t i = 0; i < c->f->nsecs; i++) {
        const co_section_t *s = &c->f->secs[i];
        if (s->type != SHT_NOTE)
            continue;
        found = 1;
        if (read_notes_at(c, (size_t)s->offset, (size_t)s->size, s->name))
            return -1;
    }
    if (found)
        return 0;
    size_t phnum;
    if (elf_getphdrnum(c->elf, &phnum))
        return 0;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(c->elf, (int)i, &ph) || ph.p_type != PT_NOTE)
            continue;
        if (!in_range(ph.p_offset, ph.p_filesz, c->f->size))
            return co_fail(c, (size_t)rd64(c->f->image + 32) + i * sizeof(Elf64_Phdr) + 8,
                           "note segment at 0x%llx size 0x%llx runs past the end of the file",
                           (unsigned long long)ph.p_offset, (unsigned long long)ph.p_filesz);
        if (read_notes_at(c, (size_t)ph.p_offset, (size_t)ph.p_filesz, "note segment"))
            return -1;
    }
    return 0;
}

/* ---- target --------------------------------------------------------- */

/* Does ISA version maj.min.step name target t?  Code object v2 names a
 * gfx9 target with XNACK enabled by the next stepping (gfx900 -> 9.0.1,
 * "gfx901"; gfx906 -> 9.0.7). */
static int isa_version_is(const isa_target_t *t, unsigned maj, unsigned min, unsigned step, int xnack)
{
    if (t->major != maj || t->minor != min)
        return 0;
    return step == t->stepping || (xnack && t->gen == ISA_GFX9 && step == t->stepping + 1u);
}

/* "gfx901" -> 9, 0, 1 (one-digit major: gfx6-gfx9 only). */
static int parse_gfx(const char *s, unsigned v[3])
{
    static const char hex[] = "0123456789abcdef";
    const char *a;
    if (strncmp(s, "gfx", 3) != 0 || strlen(s) != 6 || s[3] < '6' || s[3] > '9' || s[4] < '0' ||
        s[4] > '9' || !(a = strchr(hex, s[5])) || !*a)
        return -1;
    v[0] = (unsigned)(s[3] - '0');
    v[1] = (unsigned)(s[4] - '0');
    v[2] = (unsigned)(a - hex);
    return 0;
}

static const isa_target_t *target_by_version(const unsigned v[3])
{
    for (size_t i = 0; isa_target_at(i); i++) {
        const isa_target_t *t = isa_target_at(i);
        if (isa_version_is(t, v[0], v[1], v[2], 0))
            return t;
    }
    return NULL;
}

/* The gfx9 target whose XNACK-enabled ISA version v is (its stepping + 1), or NULL. */
static const isa_target_t *target_by_version_xnack(const unsigned v[3])
{
    for (size_t i = 0; isa_target_at(i); i++) {
        const isa_target_t *t = isa_target_at(i);
        if (t->gen == ISA_GFX9 && isa_version_is(t, v[0], v[1], v[2], 1) && v[2] == t->stepping + 1u)
            return t;
    }
    return NULL;
}

static void decode_features(co_file_t *f)
{
    if (f->version <= 3) {   /* v2 (LLVM 11+) and v3: one bit each, on or off */
        f->xnack = f->e_flags & 0x100 ? CO_FEAT_ON : CO_FEAT_OFF;
        f->sramecc = f->e_flags & 0x200 ? CO_FEAT_ON : CO_FEAT_OFF;
    } else {
        static const int v4[4] = {CO_FEAT_UNSUPPORTED, CO_FEAT_ANY, CO_FEAT_OFF, CO_FEAT_ON};
        f->xnack = v4[(f->e_flags >> 8) & 3];
        f->sramecc = v4[(f->e_flags >> 10) & 3];
    }
}

/* The target from e_flags (old v2: from the ISA version note), checked
 * against the ISA note / ISA name (v2) or amdhsa.target (v3+). */
static int decode_target(co_ctx_t *c)
{
    co_file_t *f = c->f;
    unsigned mach = f->e_flags & 0xff;
    decode_features(f);
    int xn = f->xnack == CO_FEAT_ON;
    /* old v2: the target only in the ISA version note; e_flags 0 or, as
     * LLVM 6 and earlier wrote it, 0x2 (not a gfx6-gfx9 machine value) */
    if ((mach == 0 || f->e_flags == 0x2) && f->version == 2 && c->have_isa_ver) {
        if (!(f->target = target_by_version(c->isa_ver)) && (f->target = target_by_version_xnack(c->isa_ver))) {
            f->xnack = CO_FEAT_ON;   /* a gfx9 target's next stepping: the target with XNACK */
            xn = 1;
        }
        if (!f->target)
            return co_fail(c, c->isa_note_off, "ISA version %u.%u.%u is not a gfx6-gfx9 target",
                           c->isa_ver[0], c->isa_ver[1], c->isa_ver[2]);
    } else if (!(f->target = isa_target_by_mach(mach))) {
        return co_fail(c, 48, "e_flags 0x%x: machine 0x%02x is not a gfx6-gfx9 target (gcnsim models "
                       "gfx600-gfx90c)", f->e_flags, mach);
    }
    const isa_target_t *t = f->target;
    if (c->have_isa_ver && !isa_version_is(t, c->isa_ver[0], c->isa_ver[1], c->isa_ver[2], xn))
        return co_fail(c, c->isa_note_off, "ISA version note says %u.%u.%u but e_flags says %s",
                       c->isa_ver[0], c->isa_ver[1], c->isa_ver[2], t->name);
    char base[32];
    unsigned v[3];
    if (c->meta.target && c->meta.target[0]) {
        co_target_gfx(c->meta.target, base, sizeof base);
        if (strcmp(base, t->name) != 0)
            return co_fail(c, c->meta.target_off, "metadata amdhsa.target '%s' disagrees with e_flags "
                           "(%s)", c->meta.target, t->name);
        free(f->target_id);
        f->target_id = c->meta.target;
        c->meta.target = NULL;
    } else if (f->target_id[0]) {
        co_target_gfx(f->target_id, base, sizeof base);
        if (parse_gfx(base, v) || !isa_version_is(t, v[0], v[1], v[2], xn))
            return co_fail(c, c->isa_name_off, "ISA name note '%s' disagrees with e_flags (%s)",
                           f->target_id, t->name);
    }
    return 0;
}

/* ---- kernels -------------------------------------------------------- */

/* File offset of [addr, addr+len) in section sec, or -1 if outside. */
static long long sec_offset(co_ctx_t *c, int sec, uint64_t addr, uint64_t len)
{
    const co_section_t *s = &c->f->secs[sec];
    if (!sec_in_file(c->f, s) || addr < s->addr || !in_range(addr - s->addr, len, s->size))
        return -1;
    return (long long)(s->offset + (addr - s->addr));
}

/* ET_REL: the entry is a relocation against the kernel's code symbol. */
static int rel_entry(co_ctx_t *c, int kd_sec, uint64_t kd_off, uint64_t *entry)
{
    for (size_t i = 0; i < c->f->nsecs; i++) {
        const co_section_t *s = &c->f->secs[i];
        Elf_Scn *scn;
        GElf_Shdr sh;
        Elf_Data *d;
        if (s->type != SHT_RELA || !(scn = elf_getscn(c->elf, i)) || !gelf_getshdr(scn, &sh) ||
            (int)sh.sh_info != kd_sec || !(d = elf_getdata(scn, NULL)))
            continue;
        for (size_t r = 0; r < s->size / sizeof(Elf64_Rela); r++) {
            GElf_Rela ra;
            if (!gelf_getrela(d, (int)r, &ra) || ra.r_offset != kd_off + 16)
                continue;
            size_t sym = GELF_R_SYM(ra.r_info);
            if (sym >= c->nsym || c->symsec[sym] != c->text_idx)
                return co_fail(c, (size_t)s->offset + r * sizeof(Elf64_Rela),
                               "kernel descriptor entry relocation does not refer to a .text symbol");
            *entry = c->sym[sym].st_value + (uint64_t)ra.r_addend - 16;   /* S + A - P, P = kd + 16 */
            return 1;
        }
    }
    return 0;
}

/* Code size: the size of the symbol named name that covers code (the
 * first in address order), else up to the next symbol. */
static uint64_t code_size(co_ctx_t *c, const char *name, uint64_t code)
{
    const co_file_t *f = c->f;
    size_t lo = 0, hi = f->nsyms;
    while (lo < hi) {   /* the first symbol of that name */
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(c->sym_by_name[mid]->name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < f->nsyms && strcmp(c->sym_by_name[lo]->name, name) == 0; lo++) {
        const co_symbol_t *s = c->sym_by_name[lo];
        if (s->addr <= code && s->size > code - s->addr)
            return s->size - (code - s->addr);
    }
    uint64_t end = f->text_addr + f->text_size;
    size_t next = co_sym_after(f, code);
    if (next < f->nsyms && f->syms[next].addr < end)
        end = f->syms[next].addr;
    return end - code;
}

static int check_entry(co_ctx_t *c, co_kernel_t *k, size_t field_off)
{
    const co_file_t *f = c->f;
    if (k->code_addr < f->text_addr || k->code_addr >= f->text_addr + f->text_size)
        return co_fail(c, field_off,
                       "kernel '%s': entry offset %lld puts the code at 0x%llx, outside .text "
                       "[0x%llx, 0x%llx)", k->name, (long long)k->desc.entry_offset,
                       (unsigned long long)k->code_addr, (unsigned long long)f->text_addr,
                       (unsigned long long)(f->text_addr + f->text_size));
    if (k->code_addr % 4)
        return co_fail(c, field_off, "kernel '%s': code address 0x%llx is not 4-byte aligned", k->name,
                       (unsigned long long)k->code_addr);
    k->code_size = code_size(c, k->name, k->code_addr);
    return 0;
}

/* ---- limits --------------------------------------------------------- */

/* Where the descriptor keeps a size, and its name there. */
typedef struct {
    size_t off;
    const char *name;
} desc_field_t;

/* kernarg, LDS, scratch: v3+ kernel descriptor, v2 amd_kernel_code_t. */
static const desc_field_t kd_fields[3] = {
    {8, "kernarg_size"}, {0, "group_segment_fixed_size"}, {4, "private_segment_fixed_size"}};
static const desc_field_t akc_fields[3] = {
    {72, "kernarg_segment_byte_size"}, {64, "workgroup_group_segment_byte_size"},
    {60, "workitem_private_segment_byte_size"}};

/* The descriptor (at file offset off) of k: kernarg segment within
 * SIM_MAX_KERNARG, static LDS within the target's per-work-group LDS,
 * scratch per work-item within what COMPUTE_TMPRING_SIZE can give a wave. */
static int check_desc(co_ctx_t *c, const co_kernel_t *k, size_t off, uint64_t kernarg)
{
    const isa_target_t *t = c->f->target;
    const occ_params_t *p = occ_params((isa_gen_t)t->gen);
    const desc_field_t *fl = c->f->version == 2 ? akc_fields : kd_fields;
    const char *what = c->f->version == 2 ? "amd_kernel_code_t" : "descriptor";
    unsigned scratch_max = p->scratch_wave_max / p->wave_size;
    if (kernarg > SIM_MAX_KERNARG)
        return co_fail(c, off + fl[0].off, "kernel '%s': %s %s %llu is more than the %u-byte cap on kernel "
                       "arguments", k->name, what, fl[0].name, (unsigned long long)kernarg, SIM_MAX_KERNARG);
    if (k->desc.group_segment_fixed_size > p->lds_per_group_max)
        return co_fail(c, off + fl[1].off, "kernel '%s': %s %s %u is more than the %u bytes of LDS a work-group "
                       "can have on %s", k->name, what, fl[1].name, k->desc.group_segment_fixed_size,
                       p->lds_per_group_max, t->name);
    if (k->desc.private_segment_fixed_size > scratch_max)
        return co_fail(c, off + fl[2].off, "kernel '%s': %s %s %u is more than the %u bytes of scratch per "
                       "work-item a wave can have on %s", k->name, what, fl[2].name,
                       k->desc.private_segment_fixed_size, scratch_max, t->name);
    return 0;
}

/* A count is within max (returns 0), else the error naming it. */
static int check_count(co_ctx_t *c, const co_kernel_t *k, size_t off, const char *field, uint64_t v,
                       uint64_t max, const char *what)
{
    if (v <= max)
        return 0;
    return co_fail(c, off, "kernel '%s': %s %llu is more than the %llu %s", k->name, field, (unsigned long long)v,
                   (unsigned long long)max, what);
}

/* The largest SGPR count a kernel of t may declare: the addressable SGPRs
 * and the most extra ones (VCC, FLAT_SCRATCH, XNACK_MASK) a count
 * includes, 108 on every generation (old assemblers wrote such counts, e.g.
 * 106 for a gfx8 kernel using s0-s101 and VCC); what names it for
 * messages. */
static unsigned sgpr_count_max(const isa_target_t *t, char *what, size_t n)
{
    isa_gen_t gen = (isa_gen_t)t->gen;
    snprintf(what, n, "SGPRs a wave can have on %s (with VCC, FLAT_SCRATCH and XNACK_MASK)", t->name);
    return occ_params(gen)->max_sgprs + occ_extra_sgprs(gen, 1, 1, 1);
}

/* The metadata's register counts, work-group sizes and wavefront size of k
 * (its entry at file offset off) within the target's. */
static int check_meta_limits(co_ctx_t *c, const co_kernel_t *k, size_t off)
{
    const isa_target_t *t = c->f->target;
    const occ_params_t *p = occ_params((isa_gen_t)t->gen);
    int v2 = c->f->version == 2;
    const uint32_t *r = k->reqd_workgroup_size;
    uint64_t items = (uint64_t)(r[0] ? r[0] : 1) * (r[1] ? r[1] : 1) * (r[2] ? r[2] : 1);
    char what[96];
    unsigned max_sgprs = sgpr_count_max(t, what, sizeof what);
    if (check_count(c, k, off, v2 ? "NumSGPRs" : ".sgpr_count", k->sgpr_count, max_sgprs, what) ||
        check_count(c, k, off, v2 ? "NumVGPRs" : ".vgpr_count", k->vgpr_count, p->max_vgprs,
                    "VGPRs a work-item can have") ||
        check_count(c, k, off, v2 ? "MaxFlatWorkGroupSize" : ".max_flat_workgroup_size",
                    k->max_flat_workgroup_size, p->max_wg_size, "work-items of a work-group"))
        return -1;
    if (items > p->max_wg_size)
        return co_fail(c, off, "kernel '%s': %s %u,%u,%u is %llu work-items, more than the %u of a work-group",
                       k->name, v2 ? "ReqdWorkGroupSize" : ".reqd_workgroup_size", r[0], r[1], r[2],
                       (unsigned long long)items, p->max_wg_size);
    if (k->wavefront_size && k->wavefront_size != p->wave_size)
        return co_fail(c, off, "kernel '%s': %s %u, but %s runs waves of %u", k->name,
                       v2 ? "WavefrontSize" : ".wavefront_size", k->wavefront_size, t->name, p->wave_size);
    return 0;
}

/* v3+: 64-byte kernel descriptor (GCN-FACTS §5.2). */
static int load_kd(co_ctx_t *c, size_t si, co_kernel_t *k)
{
    const GElf_Sym *s = &c->sym[si];
    uint64_t addr = s->st_value;
    long long off = c->symsec[si] >= 0 ? sec_offset(c, c->symsec[si], addr, 64) : -1;
    if (off < 0)
        return co_fail(c, c->symoff[si] + 8, "kernel descriptor '%s' at 0x%llx: its 64 bytes are not "
                       "inside a section with contents", c->symname[si], (unsigned long long)addr);
    const uint8_t *d = c->f->image + off;
    co_desc_t *ds = &k->desc;
    ds->group_segment_fixed_size = rd32(d);
    ds->private_segment_fixed_size = rd32(d + 4);
    ds->kernarg_size = rd32(d + 8);
    ds->entry_offset = (int64_t)rd64(d + 16);
    ds->rsrc3 = rd32(d + 44);
    ds->rsrc1 = rd32(d + 48);
    ds->rsrc2 = rd32(d + 52);
    ds->kernel_code_properties = rd16(d + 56);
    if (check_desc(c, k, (size_t)off, ds->kernarg_size))
        return -1;
    k->desc_addr = addr;
    k->code_addr = addr + (uint64_t)ds->entry_offset;
    if (c->is_rel) {
        uint64_t e = 0;
        int r = rel_entry(c, c->symsec[si], addr - c->f->secs[c->symsec[si]].addr, &e);
        if (r < 0)
            return -1;
        if (r > 0) {
            k->code_addr = e;
            ds->entry_offset = 0;   /* not meaningful across sections of a .o */
        }
    }
    return check_entry(c, k, (size_t)off + 16);
}

/* v2: the register counts and wavefront size of amd_kernel_code_t d (at
 * file offset off) within the target's. */
static int check_akc_counts(co_ctx_t *c, const co_kernel_t *k, size_t off, const uint8_t *d)
{
    const isa_target_t *t = c->f->target;
    const occ_params_t *p = occ_params((isa_gen_t)t->gen);
    char what[96];
    unsigned max_sgprs = sgpr_count_max(t, what, sizeof what);
    if (check_count(c, k, off + 84, "amd_kernel_code_t wavefront_sgpr_count", rd16(d + 84), max_sgprs, what) ||
        check_count(c, k, off + 86, "amd_kernel_code_t workitem_vgpr_count", rd16(d + 86), p->max_vgprs,
                    "VGPRs a work-item can have"))
        return -1;
    if (d[103] && 1ull << (d[103] & 63) != p->wave_size)
        return co_fail(c, off + 103, "kernel '%s': amd_kernel_code_t wavefront_size %u (log2), but %s runs "
                       "waves of %u", k->name, d[103], t->name, p->wave_size);
    return 0;
}

/* v2: 256-byte amd_kernel_code_t at the kernel symbol in .text (§5.4). */
static int load_akc(co_ctx_t *c, size_t si, co_kernel_t *k)
{
    const GElf_Sym *s = &c->sym[si];
    long long off = sec_offset(c, c->text_idx, s->st_value, 256);
    if (off < 0)
        return co_fail(c, c->symoff[si] + 8, "kernel '%s': its 256-byte amd_kernel_code_t at 0x%llx is "
                       "not inside .text", c->symname[si], (unsigned long long)s->st_value);
    const uint8_t *d = c->f->image + off;
    co_desc_t *ds = &k->desc;
    uint64_t kernarg = rd64(d + 72);
    ds->entry_offset = (int64_t)rd64(d + 16);
    ds->rsrc1 = rd32(d + 48);
    ds->rsrc2 = rd32(d + 52);
    ds->kernel_code_properties = (uint16_t)(rd32(d + 56) & 0x3ff);
    ds->private_segment_fixed_size = rd32(d + 60);
    ds->group_segment_fixed_size = rd32(d + 64);
    if (check_desc(c, k, (size_t)off, kernarg) || check_akc_counts(c, k, (size_t)off, d))
        return -1;
    ds->kernarg_size = (uint32_t)kernarg;   /* <= SIM_MAX_KERNARG */
    if (!k->uses_dynamic_stack)
        k->uses_dynamic_stack = (rd32(d + 56) >> 20) & 1;
    if (!k->sgpr_count)
        k->sgpr_count = rd16(d + 84);
    if (!k->vgpr_count)
        k->vgpr_count = rd16(d + 86);
    if (!k->wavefront_size && d[103] < 16)
        k->wavefront_size = 1u << d[103];
    if (!k->kernarg_segment_size)
        k->kernarg_segment_size = ds->kernarg_size;
    if (!k->kernarg_segment_align && d[100] < 16)
        k->kernarg_segment_align = 1u << d[100];
    k->desc_addr = s->st_value;
    k->code_addr = s->st_value + (uint64_t)ds->entry_offset;
    return check_entry(c, k, (size_t)off + 16);
}

/* The metadata record for a descriptor symbol (v3+: "NAME.kd"; v2: NAME),
 * its index in *at. */
static co_kernel_t *meta_for(co_ctx_t *c, const char *sym, int *used, long *at)
{
    long i = co_meta_find(&c->meta, sym);
    if (i < 0 || used[i])
        return NULL;
    used[i] = 1;
    *at = i;
    return &c->meta.kernels[i];
}

static int is_kernel_symbol(co_ctx_t *c, size_t i)
{
    const char *n = c->symname[i];
    size_t len = strlen(n);
    if (c->symsec[i] < 0)
        return 0;
    if (c->f->version == 2)
        return GELF_ST_TYPE(c->sym[i].st_info) == STT_AMDGPU_HSA_KERNEL_;
    return len > 3 && strcmp(n + len - 3, ".kd") == 0 && GELF_ST_TYPE(c->sym[i].st_info) == STT_OBJECT;
}

static int kernel_cmp(const void *a, const void *b)
{
    const co_kernel_t *x = a, *y = b;
    return x->desc_addr < y->desc_addr ? -1 : x->desc_addr > y->desc_addr;
}

/* Orders pointers into one array by the name they point at, then by position. */
static int by_name_cmp(const void *a, const void *b)
{
    const co_symbol_t *const *x = a, *const *y = b;
    int d = strcmp((*x)->name, (*y)->name);
    return d ? d : (*x > *y) - (*x < *y);
}

static int kernel_name_cmp(const void *a, const void *b)
{
    const co_kernel_t *const *x = a, *const *y = b;
    int d = strcmp((*x)->name, (*y)->name);
    return d ? d : (*x > *y) - (*x < *y);
}

/* c->sym_by_name: the .text symbols sorted by name. */
static int index_symbols(co_ctx_t *c)
{
    const co_file_t *f = c->f;
    c->sym_by_name = malloc((f->nsyms ? f->nsyms : 1) * sizeof *c->sym_by_name);
    if (!c->sym_by_name)
        return co_fail(c, 0, "out of memory");
    for (size_t i = 0; i < f->nsyms; i++)
        c->sym_by_name[i] = &f->syms[i];
    qsort(c->sym_by_name, f->nsyms, sizeof *c->sym_by_name, by_name_cmp);
    return 0;
}

/* f->kernel_by_name: the kernels (in their final order) sorted by name. */
static int index_kernels(co_ctx_t *c)
{
    co_file_t *f = c->f;
    f->kernel_by_name = malloc((f->nkernels ? f->nkernels : 1) * sizeof *f->kernel_by_name);
    if (!f->kernel_by_name)
        return co_fail(c, 0, "out of memory");
    for (size_t i = 0; i < f->nkernels; i++)
        f->kernel_by_name[i] = &f->kernels[i];
    qsort(f->kernel_by_name, f->nkernels, sizeof *f->kernel_by_name, kernel_name_cmp);
    return 0;
}

/* Adopt the metadata record for symbol si (or start an empty one). */
static int kernel_record(co_ctx_t *c, size_t si, int *used, co_kernel_t *k)
{
    const char *sym = c->symname[si];
    long at = -1;
    co_kernel_t *m = meta_for(c, sym, used, &at);
    if (m) {
        *k = *m;
        memset(m, 0, sizeof *m);
        if (check_meta_limits(c, k, c->meta.offsets[at]))
            return -1;
    }
    if (!k->symbol && !(k->symbol = strdup(sym)))
        return co_fail(c, 0, "out of memory");
    if (!k->name) {
        size_t n = strlen(sym) - (c->f->version == 2 ? 0 : 3);
        if (!(k->name = strndup(sym, n)))
            return co_fail(c, 0, "out of memory");
    }
    if (!k->language && !(k->language = strdup("")))
        return co_fail(c, 0, "out of memory");
    return 0;
}

static int load_kernels(co_ctx_t *c)
{
    co_file_t *f = c->f;
    size_t cap = 0;
    if (index_symbols(c))
        return -1;
    int *used = calloc(c->meta.n ? c->meta.n : 1, sizeof *used);
    if (!used)
        return co_fail(c, 0, "out of memory");
    for (size_t i = 0; i < c->nsym; i++)
        cap += is_kernel_symbol(c, i);
    f->kernels = calloc(cap ? cap : 1, sizeof *f->kernels);
    if (!f->kernels) {
        free(used);
        return co_fail(c, 0, "out of memory");
    }
    for (size_t i = 0; i < c->nsym; i++) {
        if (!is_kernel_symbol(c, i))
            continue;
        co_kernel_t *k = &f->kernels[f->nkernels++];
        int rc = kernel_record(c, i, used, k);
        if (rc == 0)
            rc = f->version == 2 ? load_akc(c, i, k) : load_kd(c, i, k);
        if (rc) {
            free(used);
            return -1;
        }
    }
    for (size_t i = 0; i < c->meta.n; i++)
        if (!used[i]) {
            free(used);
            return co_fail(c, c->meta.offsets[i], "metadata describes kernel '%s' but there is no "
                           "symbol '%s'", c->meta.kernels[i].name, c->meta.kernels[i].symbol);
        }
    free(used);
    qsort(f->kernels, f->nkernels, sizeof *f->kernels, kernel_cmp);
    f->printf_fmts = c->meta.printf_fmts;
    f->nprintf = c->meta.nprintf;
    c->meta.printf_fmts = NULL;
    c->meta.nprintf = 0;
    return index_kernels(c);
}

/* ---- entry points --------------------------------------------------- */

static void ctx_free(co_ctx_t *c)
{
    co_meta_free(&c->meta);
    free(c->sym);
    for (size_t i = 0; c->symname && i < c->symcap; i++)
        free(c->symname[i]);
    free(c->symname);
    free(c->sym_by_name);
    free(c->symsec);
    free(c->symoff);
    if (c->elf)
        elf_end(c->elf);
}

static int load_image(co_file_t *f, char *err, size_t errlen)
{
    co_ctx_t c = {.f = f, .err = err, .errlen = errlen, .text_idx = -1};
    int rc = check_ident(&c);
    if (rc == 0)
        rc = check_shdr_table(&c);
    if (rc == 0) {
        if (elf_version(EV_CURRENT) == EV_NONE)
            rc = co_fail(&c, 0, "libelf is out of date");
        else if (!(c.elf = elf_memory((char *)f->image, f->size)) || elf_kind(c.elf) != ELF_K_ELF)
            rc = co_fail(&c, 0, "libelf cannot read the file (%s)", elf_errmsg(-1));
    }
    if (rc == 0)
        rc = read_sections(&c);
    if (rc == 0)
        rc = read_symbols(&c);
    if (rc == 0)
        rc = collect_text_symbols(&c);
    if (rc == 0)
        rc = read_notes(&c);
    if (rc == 0)
        rc = decode_target(&c);
    if (rc == 0)
        rc = load_kernels(&c);
    ctx_free(&c);
    if (rc)
        co_free(f);
    return rc;
}

static int init_file(co_file_t *f, const char *path, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->path = strdup(path);
    f->target_id = strdup("");
    if (!f->path || !f->target_id) {
        snprintf(err, errlen, "%s: out of memory", path);
        co_free(f);
        return -1;
    }
    return 0;
}

int co_load_mem(const char *path, const void *data, size_t size, co_file_t *out, char *err, size_t errlen)
{
    if (init_file(out, path, err, errlen))
        return -1;
    out->image = malloc(size ? size : 1);
    if (!out->image) {
        snprintf(err, errlen, "%s: out of memory", path);
        co_free(out);
        return -1;
    }
    if (size)
        memcpy(out->image, data, size);
    out->size = size;
    return load_image(out, err, errlen);
}

/* Read a whole file (at most CO_MAX_FILE bytes). */
static uint8_t *read_file(const char *path, size_t *size, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            if (cap >= CO_MAX_FILE) {
                snprintf(err, errlen, "%s: larger than 1 GiB, not a code object", path);
                free(buf);
                fclose(fp);
                return NULL;
            }
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
    } else if (ferror(fp)) {
        snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *size = n;
    return buf;
}

/* Load one code object of a container: among those for processor gfx
 * (any when NULL, if they share one), the first that has the kernel
 * (the first when kernel is NULL or none has it). */
static int load_entry(const char *path, const uint8_t *img, const co_container_t *c, const char *gfx,
                      const char *kernel, co_file_t *out, char *err, size_t errlen)
{
    char list[256];
    co_container_gfx_list(c, list, sizeof list);
    if (c->n == 0) {
        snprintf(err, errlen, "%s: %s with no AMDGPU code object", path, c->kind);
        return -1;
    }
    if (!gfx && strchr(list, ',')) {
        snprintf(err, errlen, "%s: %s with code objects for %s: choose one with --device PRESET (or --target "
                 "gfxN)", path, c->kind, list);
        return -1;
    }
    int first = -1;
    for (size_t i = 0; i < c->n; i++) {
        if (gfx && strcmp(c->e[i].gfx, gfx) != 0)
            continue;
        if (first < 0)
            first = (int)i;
        if (!kernel)
            break;
        char name[512];
        snprintf(name, sizeof name, "%s(%s)", path, c->e[i].triple);
        if (co_load_mem(name, img + c->e[i].off, (size_t)c->e[i].size, out, err, errlen))
            return -1;
        int ambiguous = 0;
        if (co_match_kernel(out, kernel, &ambiguous) || ambiguous)
            return 0;
        co_free(out);
    }
    if (first < 0) {
        snprintf(err, errlen, "%s: %s has no code object for %s (it has %s)", path, c->kind, gfx, list);
        return -1;
    }
    char name[512];
    snprintf(name, sizeof name, "%s(%s)", path, c->e[first].triple);
    return co_load_mem(name, img + c->e[first].off, (size_t)c->e[first].size, out, err, errlen);
}

int co_load_for(const char *path, const char *gfx, const char *kernel, co_file_t *out, char *err, size_t errlen)
{
    size_t size;
    uint8_t *buf = read_file(path, &size, err, errlen);
    if (!buf) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    co_container_t c;
    int rc = co_container_scan(path, buf, size, &c, err, errlen);
    if (rc != 0) {
        if (rc > 0)
            rc = load_entry(path, buf, &c, gfx, kernel, out, err, errlen);
        else
            memset(out, 0, sizeof *out);
        co_container_free(&c);
        free(buf);
        return rc;
    }
    if (init_file(out, path, err, errlen)) {
        free(buf);
        return -1;
    }
    out->image = buf;
    out->size = size;
    return load_image(out, err, errlen);
}

int co_load(const char *path, co_file_t *out, char *err, size_t errlen)
{
    return co_load_for(path, NULL, NULL, out, err, errlen);
}

int co_load_raw(const char *path, const isa_target_t *t, co_file_t *out, char *err, size_t errlen)
{
    size_t size;
    uint8_t *buf = read_file(path, &size, err, errlen);
    if (!buf) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    if (init_file(out, path, err, errlen)) {
        free(buf);
        return -1;
    }
    out->image = buf;
    out->size = size;
    out->target = t;
    out->text = buf;
    out->text_size = size;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    out->syms = calloc(1, sizeof *out->syms);
    out->kernels = calloc(1, sizeof *out->kernels);
    if (!out->syms || !out->kernels || !(out->syms[0].name = strdup(base)) ||
        !(out->kernels[0].name = strdup(base)) || !(out->kernels[0].symbol = strdup(base)) ||
        !(out->kernels[0].language = strdup(""))) {
        snprintf(err, errlen, "%s: out of memory", path);
        co_free(out);
        return -1;
    }
    out->nsyms = 1;
    out->syms[0].size = size;
    out->syms[0].is_func = 1;
    out->nkernels = 1;
    out->kernels[0].code_size = size;
    if (size % 4) {
        snprintf(err, errlen, "%s: offset 0x%zx: raw code is %zu bytes, not a whole number of dwords",
                 path, size & ~(size_t)3, size);
        co_free(out);
        return -1;
    }
    return 0;
}

const co_kernel_t *co_find_kernel(const co_file_t *f, const char *name)
{
    if (!f->kernel_by_name) {   /* a raw blob: one kernel */
        for (size_t i = 0; i < f->nkernels; i++)
            if (strcmp(f->kernels[i].name, name) == 0)
                return &f->kernels[i];
        return NULL;
    }
    size_t lo = 0, hi = f->nkernels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(f->kernel_by_name[mid]->name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->nkernels && strcmp(f->kernel_by_name[lo]->name, name) == 0 ? f->kernel_by_name[lo] : NULL;
}

const co_kernel_t *co_match_kernel(const co_file_t *f, const char *name, int *nmatch)
{
    *nmatch = 0;
    const co_kernel_t *k = co_find_kernel(f, name);
    if (k) {
        *nmatch = 1;
        return k;
    }
    for (int level = 0; level <= 3; level++) {
        for (size_t i = 0; i < f->nkernels; i++) {
            char d[1024], form[1024];
            if (dm_demangle(f->kernels[i].name, d, sizeof d) || dm_form(d, level, form, sizeof form) ||
                strcmp(form, name) != 0)
                continue;
            if (!k || k != &f->kernels[i])
                ++*nmatch;
            if (!k)
                k = &f->kernels[i];
        }
        if (*nmatch)
            return *nmatch == 1 ? k : NULL;
    }
    return NULL;
}

const co_kernel_t *co_kernel_at(const co_file_t *f, uint64_t addr)
{
    size_t lo = 0, hi = f->nkernels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->kernels[mid].desc_addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->nkernels && f->kernels[lo].desc_addr == addr ? &f->kernels[lo] : NULL;
}

size_t co_sym_after(const co_file_t *f, uint64_t addr)
{
    size_t lo = 0, hi = f->nsyms;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const uint8_t *co_bytes_at(const co_file_t *f, uint64_t addr, size_t len)
{
    if (f->text && addr >= f->text_addr && in_range(addr - f->text_addr, len, f->text_size))
        return f->text + (addr - f->text_addr);
    for (size_t i = 0; i < f->nsecs; i++) {
        const co_section_t *s = &f->secs[i];
        if ((s->flags & SHF_ALLOC) && sec_in_file(f, s) && addr >= s->addr &&
            in_range(addr - s->addr, len, s->size))
            return f->image + s->offset + (addr - s->addr);
    }
    return NULL;
}

const char *co_feat_name(int feat)
{
    switch (feat) {
    case CO_FEAT_ANY: return "any";
    case CO_FEAT_OFF: return "off";
    case CO_FEAT_ON: return "on";
    default: return "unsupported";
    }
}

void co_free(co_file_t *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nkernels; i++)
        co_kernel_clear(&f->kernels[i]);
    free(f->kernels);
    for (size_t i = 0; i < f->nsyms; i++)
        free(f->syms[i].name);
    free(f->syms);
    for (size_t i = 0; i < f->nsecs; i++)
        free(f->secs[i].name);
    free(f->secs);
    free(f->target_id);
    free(f->kernel_by_name);
    for (size_t i = 0; i < f->nprintf; i++)
        free(f->printf_fmts[i]);
    free(f->printf_fmts);
    free(f->image);
    free(f->path);
    memset(f, 0, sizeof *f);
}
