/* codeobj_meta.h — kernel metadata of code objects (inside the loader):
 * the v3+ msgpack schema (amdhsa.kernels, .args ...) and the v2 YAML
 * schema (Kernels, Args, CodeProps ...) read into co_kernel_t records. */
#ifndef GCNSIM_CODEOBJ_META_H
#define GCNSIM_CODEOBJ_META_H

#include <stddef.h>
#include <stdint.h>
#include "front/load/codeobj.h"

/* A kernel's descriptor symbol and its index in co_meta_t.kernels (the
 * string is the kernel's, wherever the record has moved). */
typedef struct {
    const char *symbol;
    size_t i;
} co_meta_key_t;

typedef struct {
    co_kernel_t *kernels;   /* metadata fields, name, symbol, args */
    size_t *offsets;        /* file offset of each kernel's metadata entry */
    size_t n;
    co_meta_key_t *by_symbol;   /* the kernels sorted by symbol (no symbol twice) */
    char *target;           /* amdhsa.target, "" if absent */
    size_t target_off;      /* its file offset */
    char **printf_fmts;     /* amdhsa.printf (v2: Printf): "ID:NARGS:SIZE...:FORMAT" as written */
    size_t nprintf;
} co_meta_t;

/* Read a v3+ msgpack (v2: YAML) metadata note description found at file
 * offset base: names and other strings in their printable form
 * (strsafe.h), the kernarg segment and every argument checked (sizes up to
 * SIM_MAX_KERNARG, arguments inside the segment).  Returns 0, or -1 with a
 * message "offset 0x..: metadata: ..." in err. */
int co_meta_msgpack(const uint8_t *desc, size_t len, size_t base, co_meta_t *m, char *err,
                    size_t errlen);
int co_meta_yaml(const uint8_t *desc, size_t len, size_t base, co_meta_t *m, char *err, size_t errlen);

/* Index in m->kernels of the kernel whose descriptor symbol is symbol (in
 * its printable form), or -1; O(log n). */
long co_meta_find(const co_meta_t *m, const char *symbol);

/* Make a message one printable line: control characters, C1 controls and
 * bytes that are not UTF-8 (which names taken from a damaged file may
 * contain, should one be printed raw) become '?' (str_one_line).
 * Returns s. */
char *co_one_line(char *s);

/* Free one kernel record's strings and arguments (not the record). */
void co_kernel_clear(co_kernel_t *k);

/* Free everything in m. */
void co_meta_free(co_meta_t *m);

#endif
