/* aql_save.c — a HIP dispatch saved for gcnsim debug (see aql_save.h).
 * The runtime loads a code object by segments: its memory holds the ELF
 * header, program headers, notes, symbols and code, but not the section
 * headers gcnsim run's loader reads.  The file itself is still in the
 * process: HIP hands the runtime the code object inside the .hip_fatbin
 * of the program or library that carries it (uncompressed in a clang
 * offload bundle), so it is found in the files the process maps by the
 * loaded image's first segment (which the loader copies as it is: file
 * offset 0 at the image's start), its size from the ELF header. */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/aql/aql_save.h"
#include "front/launch/launch.h"
#include "front/load/demangle.h"

enum { PROBE_MAX = 1 << 16 };

/* The loaded image at base: its first segment's bytes (*probe, *plen, at
 * most PROBE_MAX) and the size of the file it came from (*fsize).  0, or -1
 * when base holds no ELF image. */
static int image_shape(mem_t *mem, uint64_t base, const uint8_t **probe, size_t *plen, size_t *fsize)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)mem_ptr(mem, base, sizeof *eh);
    if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_phentsize != sizeof(Elf64_Phdr))
        return -1;
    uint64_t end = eh->e_shoff + (uint64_t)eh->e_shnum * eh->e_shentsize, first = 0;
    for (unsigned i = 0; i < eh->e_phnum; i++) {
        const Elf64_Phdr *ph = (const Elf64_Phdr *)mem_ptr(mem, base + eh->e_phoff + i * sizeof *ph, sizeof *ph);
        if (!ph)
            return -1;
        if (ph->p_offset + ph->p_filesz > end)
            end = ph->p_offset + ph->p_filesz;
        if (ph->p_type == PT_LOAD && ph->p_offset == 0 && ph->p_vaddr == 0 && !first)
            first = ph->p_filesz;
    }
    *plen = first < PROBE_MAX ? first : PROBE_MAX;
    *fsize = end;
    *probe = mem_ptr(mem, base, *plen);
    return *probe && *plen >= sizeof *eh && end <= (1ull << 31) ? 0 : -1;
}

/* A copy of the fsize bytes in file path that start with the probe. */
static uint8_t *find_in_file(const char *path, const uint8_t *probe, size_t plen, size_t fsize)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    uint8_t *copy = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size >= fsize) {
        size_t n = (size_t)st.st_size;
        uint8_t *f = mmap(NULL, n, PROT_READ, MAP_PRIVATE, fd, 0);
        if (f != MAP_FAILED) {
            const uint8_t *at = memmem(f, n, probe, plen);
            if (at && (size_t)(at - f) + fsize <= n && (copy = malloc(fsize)))
                memcpy(copy, at, fsize);
            munmap(f, n);
        }
    }
    close(fd);
    return copy;
}

/* The file of the code object loaded at base, from the files the process
 * maps (*size its bytes); NULL (err set) when none holds it. */
static uint8_t *code_file(mem_t *mem, uint64_t base, size_t *size, char *err, size_t errlen)
{
    const uint8_t *probe;
    size_t plen;
    if (image_shape(mem, base, &probe, &plen, size)) {
        snprintf(err, errlen, "its code at 0x%llx is no loaded code object", (unsigned long long)base);
        return NULL;
    }
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096 + 128], last[4096] = "";
    uint8_t *data = NULL;
    while (maps && !data && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path || strncmp(path, "/dev/", 5) == 0)
            continue;
        path[strcspn(path, "\n")] = 0;
        if (strcmp(path, last) != 0)
            data = find_in_file(path, probe, plen, *size);
        snprintf(last, sizeof last, "%s", path);
    }
    if (maps)
        fclose(maps);
    if (!data)
        snprintf(err, errlen, "its code object is in no file the program maps (loaded from the program's own "
                 "memory, as hipModuleLoadData does?): gcnsim run needs the code object file");
    return data;
}

/* The bytes of buffer argument i of L: the runtime sub-allocates its
 * buffers from larger allocations, so from its address up to the next
 * argument's in the same allocation, or the allocation's end (0 when it
 * points into no memory of the device). */
static uint64_t extent(mem_t *mem, const launch_t *L, size_t i)
{
    uint64_t a = L->arg_addr[i];
    const mem_region_t *r = mem_region_at(mem, a);
    if (!r)
        return 0;
    uint64_t end = r->base + r->size;
    for (size_t j = 0; j < L->nexplicit; j++)
        if (L->arg_addr[j] > a && L->arg_addr[j] < end)
            end = L->arg_addr[j];
    return end - a;
}

/* The parameters of the demangled function name d ("f(int, float*)"),
 * cut in place at its top-level commas, into param (at most max); their
 * number, 0 if d ends in no parameter list. */
static size_t split_params(char *d, char **param, size_t max)
{
    size_t len = strlen(d), open = len ? len - 1 : 0, n = 0;
    if (len < 2 || d[len - 1] != ')')
        return 0;
    for (int nest = 0; open-- > 0;)   /* the '(' of the last parameter list */
        if (d[open] == ')' || d[open] == '>' || d[open] == ']')
            nest++;
        else if ((d[open] == '(' || d[open] == '<' || d[open] == '[') && nest-- == 0)
            break;
    if (open >= len || d[open] != '(')
        return 0;
    d[len - 1] = 0;
    param[n++] = d + open + 1;
    int depth = 0;
    for (char *q = d + open + 1; *q && n < max; q++)
        if (*q == '(' || *q == '<' || *q == '[')
            depth++;
        else if (*q == ')' || *q == '>' || *q == ']')
            depth--;
        else if (*q == ',' && !depth) {
            *q = 0;
            param[n++] = q[1] == ' ' ? q + 2 : q + 1;
        }
    return n;
}

/* HIP's metadata leaves out the explicit arguments' type names, which
 * la_save_launch spells scalars by (f32:1.5 rather than u32:1069547520):
 * take them from kern's demangled C++ name, one parameter per explicit
 * argument (none when the counts differ or the name is no C++ one). */
static void hip_type_names(co_kernel_t *kern)
{
    char d[1024], *param[64];
    if (dm_demangle(kern->name, d, sizeof d) || split_params(d, param, 64) != la_explicit_count(kern))
        return;
    for (size_t i = 0, e = 0; i < kern->nargs; i++) {
        co_arg_t *a = &kern->args[i];
        if (la_is_hidden(a->kind))
            continue;
        char *t = a->type_name && a->type_name[0] ? NULL : strdup(param[e]);
        e++;
        if (t) {
            free(a->type_name);
            a->type_name = t;
        }
    }
}

/* Fill L (module mod) for kernel kern of code object co, launched as l
 * with its arguments in mem; arrays are freed by unfill. */
static int fill(launch_t *L, la_module_t *mod, mem_t *mem, const co_kernel_t *kern, const sim_launch_t *l)
{
    memset(L, 0, sizeof *L);
    mod->dm = mem;
    L->m = mod;
    L->k = kern;
    L->sl = *l;
    L->kernarg = (uint8_t *)l->kernarg;
    size_t ne = la_explicit_count(kern) ? la_explicit_count(kern) : 1;
    L->arg_addr = calloc(ne, sizeof *L->arg_addr);
    L->local_size = calloc(ne, sizeof *L->local_size);
    L->arg = calloc(ne, sizeof *L->arg);
    if (!L->arg_addr || !L->local_size || !L->arg)
        return -1;
    for (size_t i = 0; i < kern->nargs; i++) {
        const co_arg_t *a = &kern->args[i];
        if (la_is_hidden(a->kind))
            continue;
        if (a->offset + a->size > l->kernarg_size)
            return -1;
        L->arg[L->nexplicit] = a;
        if (a->kind == CO_ARG_GLOBAL_BUFFER && a->size == 8)
            memcpy(&L->arg_addr[L->nexplicit], l->kernarg + a->offset, 8);
        L->nexplicit++;
    }
    L->arg_size = calloc(ne, sizeof *L->arg_size);
    if (!L->arg_size)
        return -1;
    for (size_t i = 0; i < L->nexplicit; i++)
        if (L->arg_addr[i])
            L->arg_size[i] = extent(mem, L, i);
    L->save_extents = 1;
    return 0;
}

static void unfill(launch_t *L)
{
    free(L->arg_addr);
    free(L->arg_size);
    free(L->local_size);
    free(L->arg);
}

/* Save the dispatch into dir; 0, or -1 with err set. */
static int save(mem_t *mem, const char *name, const sim_kernel_t *k, const sim_launch_t *l, const char *dir,
                char *err, size_t errlen)
{
    const mem_region_t *r = mem_region_at(mem, k->desc_addr);
    size_t size;
    uint8_t *data = r ? code_file(mem, r->base, &size, err, errlen) : NULL;
    if (!data)
        return -1;
    la_module_t mod;
    memset(&mod, 0, sizeof mod);
    int rc = co_load_mem("(the program's code object)", data, size, &mod.co, err, errlen);
    free(data);
    if (rc)
        return -1;
    co_kernel_t *kern = (co_kernel_t *)co_find_kernel(&mod.co, name);   /* our own copy */
    if (kern)
        hip_type_names(kern);
    launch_t L;
    char lds[32], *line = NULL;
    const char *extra[2] = {"--dynamic-lds", lds};
    snprintf(lds, sizeof lds, "%u", l->dynamic_lds);
    rc = -1;
    if (!kern) {
        snprintf(err, errlen, "the code object has no kernel %s", name);
    } else {
        if (fill(&L, &mod, mem, kern, l))
            snprintf(err, errlen, "its arguments do not fit its kernarg segment (or out of host memory)");
        else
            rc = la_save_launch(&L, NULL, dir, extra, l->dynamic_lds ? 2 : 0, &line, err, errlen) ? -1 : 0;
        unfill(&L);
    }
    free(line);
    co_free(&mod.co);
    return rc;
}

void aql_save_dispatch(mem_t *mem, const char *name, const sim_kernel_t *k, const sim_launch_t *l)
{
    static unsigned long seen;   /* dispatches of that kernel so far */
    const char *want = getenv("GCNSIM_SAVE_KERNEL"), *dir = getenv("GCNSIM_SAVE_DIR");
    const char *nth = getenv("GCNSIM_SAVE_INDEX");
    if (!want || !dir || !want[0] || !dir[0] || !la_kernel_named(name, want))
        return;
    if (seen++ != strtoul(nth ? nth : "0", NULL, 10))
        return;
    char err[512];
    if (save(mem, name, k, l, dir, err, sizeof err))
        fprintf(stderr, "gcnsim HSA: saving dispatch %lu of %s: %s\n", seen - 1, want, err);
}
