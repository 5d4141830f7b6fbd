/* srcline.c — the DWARF line table of a code object (see srcline.h). */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/load/srcline.h"
#include "front/util/strsafe.h"

#define SL_MAX_SOURCE (64u << 20)   /* a source file longer than this is not shown */

typedef struct {
    uint64_t addr;
    unsigned line, col, file;
    uint8_t end;                 /* the end of a sequence: no line from here */
    size_t ord;                  /* position in the table, for a stable order */
} sl_row_t;

typedef struct {
    char *path;                  /* as the line table has it (raw bytes) */
    char *shown;                 /* its printable form */
    int read;                    /* the text was looked for */
    char **lines;                /* printable lines, [nlines] */
    size_t nlines;
} sl_src_t;

/* An inlined call: the addresses [lo, hi) of one range of the inlined
 * code, the function inlined and where it was called from. */
typedef struct {
    uint64_t lo, hi;
    unsigned depth;              /* 1: inlined into the unit's function, 2: into that, ... */
    unsigned file, line, col;    /* the call site */
    char *func;                  /* printable name, "" when unnamed */
} sl_inl_t;

#define SL_MAX_NEST 64           /* DIE nesting followed (deeper: ignored) */

struct sl_table {
    sl_inl_t *inl;               /* inlined calls, in DIE order */
    size_t ninl;
    sl_row_t *rows;              /* by address; at one address, ends first */
    size_t nrows, cap;
    sl_src_t *files;
    size_t nfiles;
    char *base;                  /* the code object's directory ("" : none) */
};

/* ---- building --------------------------------------------------------------- */

/* The index of path among t's files, added when new; -1 out of memory. */
static int file_id(sl_table_t *t, const char *path)
{
    for (size_t i = 0; i < t->nfiles; i++)
        if (!strcmp(t->files[i].path, path))
            return (int)i;
    sl_src_t *nf = realloc(t->files, (t->nfiles + 1) * sizeof *nf);
    if (!nf)
        return -1;
    t->files = nf;
    sl_src_t *s = &t->files[t->nfiles];
    memset(s, 0, sizeof *s);
    s->path = strdup(path);
    s->shown = str_printable(path, strlen(path), STR_KEEP_BACKSLASH);
    if (!s->path || !s->shown) {
        free(s->path);
        free(s->shown);
        return -1;
    }
    return (int)t->nfiles++;
}

static int add_row(sl_table_t *t, const sl_row_t *r)
{
    if (t->nrows == t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 256;
        sl_row_t *nr = realloc(t->rows, nc * sizeof *nr);
        if (!nr)
            return -1;
        t->rows = nr;
        t->cap = nc;
    }
    t->rows[t->nrows] = *r;
    t->rows[t->nrows].ord = t->nrows;
    t->nrows++;
    return 0;
}

/* The rows of one unit's line table; 0, 1 the unit has none, -1 error. */
static int unit_lines(sl_table_t *t, Dwarf_Die *cu)
{
    Dwarf_Lines *lines;
    size_t n;
    if (!dwarf_hasattr(cu, DW_AT_stmt_list))
        return 1;
    if (dwarf_getsrclines(cu, &lines, &n) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        Dwarf_Line *l = dwarf_onesrcline(lines, i);
        Dwarf_Addr a;
        int line, col;
        bool end;
        const char *src;
        if (!l || dwarf_lineaddr(l, &a) || dwarf_lineno(l, &line) || dwarf_linecol(l, &col) ||
            dwarf_lineendsequence(l, &end) || !(src = dwarf_linesrc(l, NULL, NULL)))
            return -1;
        int fid = file_id(t, src);
        sl_row_t r = {a, line > 0 ? (unsigned)line : 0, col > 0 ? (unsigned)col : 0, fid < 0 ? 0 : (unsigned)fid,
                      end, 0};
        if (fid < 0 || add_row(t, &r))
            return -2;
    }
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const sl_row_t *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    if (x->end != y->end)
        return x->end ? -1 : 1;
    return (x->ord > y->ord) - (x->ord < y->ord);
}

/* ---- inlined calls ----------------------------------------------------------- */

static int add_inl(sl_table_t *t, const sl_inl_t *x)
{
    sl_inl_t *n = realloc(t->inl, (t->ninl + 1) * sizeof *n);
    if (!n)
        return -1;
    t->inl = n;
    t->inl[t->ninl++] = *x;
    return 0;
}

static unsigned udata(Dwarf_Die *die, unsigned name)
{
    Dwarf_Attribute a;
    Dwarf_Word v = 0;
    if (!dwarf_attr(die, name, &a) || dwarf_formudata(&a, &v))
        return 0;
    return v > 0xffffffu ? 0 : (unsigned)v;
}

/* The ranges of inlined subroutine die into t; -1 out of memory. */
static int one_inline(sl_table_t *t, Dwarf_Die *die, Dwarf_Files *files, size_t nfiles, unsigned depth)
{
    unsigned cf = udata(die, DW_AT_call_file);
    const char *path = files && cf < nfiles ? dwarf_filesrc(files, cf, NULL, NULL) : NULL;
    if (!path)
        return 0;
    int fid = file_id(t, path);
    Dwarf_Attribute a;
    const char *name = dwarf_attr_integrate(die, DW_AT_name, &a) ? dwarf_formstring(&a) : NULL;
    Dwarf_Addr base, lo, hi;
    ptrdiff_t off = 0;
    while (fid >= 0 && (off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0) {
        sl_inl_t x = {lo, hi, depth, (unsigned)fid, udata(die, DW_AT_call_line), udata(die, DW_AT_call_column),
                      str_printable(name ? name : "", name ? strlen(name) : 0, STR_KEEP_BACKSLASH)};
        if (!x.func || add_inl(t, &x)) {
            free(x.func);
            return -1;
        }
    }
    return fid < 0 ? -1 : 0;
}

/* The inlined calls among die's children (and theirs); -1 out of memory. */
static int scan_inlines(sl_table_t *t, Dwarf_Die *die, Dwarf_Files *files, size_t nfiles, unsigned depth,
                        unsigned level)
{
    Dwarf_Die c;
    if (level > SL_MAX_NEST || dwarf_child(die, &c) != 0)
        return 0;
    do {
        int tag = dwarf_tag(&c);
        unsigned d = depth;
        if (tag == DW_TAG_inlined_subroutine) {
            d = depth + 1;
            if (one_inline(t, &c, files, nfiles, d))
                return -1;
        }
        if ((tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine || tag == DW_TAG_lexical_block) &&
            scan_inlines(t, &c, files, nfiles, d, level + 1))
            return -1;
    } while (dwarf_siblingof(&c, &c) == 0);
    return 0;
}

/* Whether f has a section named name. */
static int has_section(const co_file_t *f, const char *name)
{
    for (size_t i = 0; i < f->nsecs; i++)
        if (f->secs[i].name && !strcmp(f->secs[i].name, name))
            return 1;
    return 0;
}

/* Every unit's rows into t; 0, or -1 with err filled. */
static int read_units(sl_table_t *t, Dwarf *dw, const char *path, char *err, size_t errlen)
{
    Dwarf_Off off = 0, next;
    size_t hsize;
    int rc;
    while ((rc = dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) == 0) {
        Dwarf_Die cu;
        int u = dwarf_offdie(dw, off + hsize, &cu) ? unit_lines(t, &cu) : -1;
        Dwarf_Files *files = NULL;
        size_t nfiles = 0;
        if (u == 0 && dwarf_getsrcfiles(&cu, &files, &nfiles) == 0 && scan_inlines(t, &cu, files, nfiles, 0, 0))
            u = -2;   /* out of memory (inlined calls libdw cannot read are left out) */
        if (u == -2) {
            snprintf(err, errlen, "%s: out of memory reading its line table", path);
            return -1;
        }
        if (u < 0) {
            snprintf(err, errlen, "%s: malformed DWARF line table at unit 0x%llx: %s", path,
                     (unsigned long long)off, dwarf_errmsg(-1));
            return -1;
        }
        off = next;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s: malformed DWARF unit at 0x%llx: %s", path, (unsigned long long)off,
                 dwarf_errmsg(-1));
        return -1;
    }
    return 0;
}

/* The directory of the code object's path ("" when it has none). */
static char *base_dir(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    char *b = malloc(n + 1);
    if (b) {
        memcpy(b, path, n);
        b[n] = 0;
    }
    return b;
}

/* The rows of f's DWARF into t; 0, or -1 with err filled. */
static int read_dwarf(sl_table_t *t, const co_file_t *f, char *err, size_t errlen)
{
    const char *path = f->path ? f->path : "code object";
    if (!f->image || !has_section(f, ".debug_line") || !has_section(f, ".debug_info"))
        return 0;   /* no debug information: no lines */
    Elf *e = elf_version(EV_CURRENT) != EV_NONE ? elf_memory((char *)f->image, f->size) : NULL;
    if (!e) {
        snprintf(err, errlen, "%s: libelf cannot read the file (%s)", path, elf_errmsg(-1));
        return -1;
    }
    Dwarf *dw = dwarf_begin_elf(e, DWARF_C_READ, NULL);
    int rc = 0;
    if (!dw) {
        snprintf(err, errlen, "%s: malformed DWARF: %s", path, dwarf_errmsg(-1));
        rc = -1;
    } else {
        rc = read_units(t, dw, path, err, errlen);
        dwarf_end(dw);
    }
    elf_end(e);
    return rc;
}

sl_table_t *sl_open(const co_file_t *f, char *err, size_t errlen)
{
    sl_table_t *t = calloc(1, sizeof *t);
    if (!t || !(t->base = base_dir(f->path))) {
        free(t);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (read_dwarf(t, f, err, errlen)) {
        sl_free(t);
        return NULL;
    }
    if (t->nrows)
        qsort(t->rows, t->nrows, sizeof *t->rows, by_addr);
    return t;
}

void sl_free(sl_table_t *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nfiles; i++) {
        free(t->files[i].path);
        free(t->files[i].shown);
        for (size_t k = 0; k < t->files[i].nlines; k++)
            free(t->files[i].lines[k]);
        free(t->files[i].lines);
    }
    for (size_t i = 0; i < t->ninl; i++)
        free(t->inl[i].func);
    free(t->inl);
    free(t->files);
    free(t->rows);
    free(t->base);
    free(t);
}

size_t sl_count(const sl_table_t *t)
{
    size_t n = 0;
    for (size_t i = 0; t && i < t->nrows; i++)
        n += !t->rows[i].end && t->rows[i].line;
    return n;
}

/* ---- lookup ----------------------------------------------------------------- */

/* The index of the row that holds addr (the last at or before it), or -1. */
static long row_at(const sl_table_t *t, uint64_t addr)
{
    size_t lo = 0, hi = t ? t->nrows : 0;   /* first row past addr */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->rows[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? (long)lo - 1 : -1;
}

int sl_lookup(const sl_table_t *t, uint64_t addr, sl_loc_t *out)
{
    long i = row_at(t, addr);
    if (i < 0 || t->rows[i].end || !t->rows[i].line)
        return 0;
    const sl_row_t *r = &t->rows[i];
    out->file = t->files[r->file].shown;
    out->file_id = r->file;
    out->line = r->line;
    out->col = r->col;
    return 1;
}

size_t sl_inlined(const sl_table_t *t, uint64_t addr, sl_call_t *out, size_t max)
{
    const sl_inl_t *at[SL_MAX_NEST + 2] = {0};   /* by depth: one range per depth holds addr */
    unsigned deepest = 0;
    for (size_t i = 0; t && i < t->ninl; i++) {
        const sl_inl_t *x = &t->inl[i];
        if (addr >= x->lo && addr < x->hi && x->depth <= SL_MAX_NEST + 1 && !at[x->depth]) {
            at[x->depth] = x;
            deepest = x->depth > deepest ? x->depth : deepest;
        }
    }
    size_t n = 0;
    for (unsigned d = deepest; d >= 1; d--)   /* innermost first */
        if (at[d]) {
            if (n < max)
                out[n] = (sl_call_t){at[d]->func, t->files[at[d]->file].shown, at[d]->file, at[d]->line,
                                     at[d]->col};
            n++;
        }
    return n;
}

const char *sl_file(const sl_table_t *t, unsigned file_id)
{
    return t && file_id < t->nfiles ? t->files[file_id].shown : NULL;
}

/* Whether the table's path p is named by name: equal, or ends in "/name". */
static int names(const char *p, const char *name)
{
    size_t lp = strlen(p), ln = strlen(name);
    return !strcmp(p, name) || (ln < lp && p[lp - ln - 1] == '/' && !strcmp(p + lp - ln, name));
}

int sl_find_file(const sl_table_t *t, const char *name)
{
    int found = -1;
    if (!t)
        return -1;
    for (size_t i = 0; i < t->nfiles; i++)
        if (names(t->files[i].shown, name) || names(t->files[i].path, name)) {
            if (found >= 0)
                return -2;
            found = (int)i;
        }
    return found;
}

size_t sl_line_addrs(const sl_table_t *t, const char *file, unsigned line, uint64_t *addrs, size_t max,
                     int *ambiguous)
{
    *ambiguous = 0;
    int fid = sl_find_file(t, file);
    if (fid == -2)
        *ambiguous = 1;
    if (fid < 0 || !line)
        return 0;
    size_t n = 0;
    int prev_same = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        const sl_row_t *r = &t->rows[i];
        if (i + 1 < t->nrows && t->rows[i + 1].addr == r->addr && !t->rows[i + 1].end)
            continue;   /* a later row at the same address holds it */
        int same = !r->end && r->file == (unsigned)fid && r->line == line;
        if (same && !prev_same) {
            if (n < max)
                addrs[n] = r->addr;
            n++;
        }
        prev_same = same;
    }
    return n;
}

/* ---- source text ------------------------------------------------------------ */

/* The whole of the file at path into a malloc'd NUL-terminated buffer. */
static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 8192;
            char *nb = cap <= SL_MAX_SOURCE ? realloc(buf, cap) : NULL;
            if (!nb) {
                free(buf);
                fclose(fp);
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, 4096, fp);
        n += got;
        if (got < 4096)
            break;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* One line p[0..n) with tabs expanded (to multiples of 8), printable. */
static char *line_text(const char *p, size_t n)
{
    size_t tabs = 0;
    for (size_t i = 0; i < n; i++)
        tabs += p[i] == '\t';
    char *ex = malloc(n + 7 * tabs + 1);
    if (!ex)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] != '\t') {
            ex[k++] = p[i];
            continue;
        }
        do
            ex[k++] = ' ';
        while (k % 8);
    }
    while (k && (ex[k - 1] == '\r' || ex[k - 1] == ' '))
        k--;
    char *s = str_printable(ex, k, STR_KEEP_BACKSLASH);
    free(ex);
    return s;
}

/* Split buf into s's printable lines; 0 or -1. */
static int split_lines(sl_src_t *s, const char *buf, size_t len)
{
    size_t cap = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && buf[e] != '\n')
            e++;
        if (s->nlines == cap) {
            cap = cap ? 2 * cap : 64;
            char **nl = realloc(s->lines, cap * sizeof *nl);
            if (!nl)
                return -1;
            s->lines = nl;
        }
        if (!(s->lines[s->nlines] = line_text(buf + i, e - i)))
            return -1;
        s->nlines++;
        i = e + 1;
    }
    return 0;
}

/* Read the text of s: at its path, else beside the code object. */
static void read_source(const sl_table_t *t, sl_src_t *s)
{
    size_t len = 0;
    char *buf = slurp(s->path, &len);
    if (!buf && s->path[0] != '/' && t->base[0]) {
        size_t n = strlen(t->base) + strlen(s->path) + 1;
        char *p = malloc(n);
        if (p) {
            snprintf(p, n, "%s%s", t->base, s->path);
            buf = slurp(p, &len);
            free(p);
        }
    }
    if (buf && split_lines(s, buf, len)) {
        for (size_t k = 0; k < s->nlines; k++)
            free(s->lines[k]);
        free(s->lines);
        s->lines = NULL;
        s->nlines = 0;
    }
    free(buf);
}

const char *sl_text(sl_table_t *t, unsigned file_id, unsigned line)
{
    if (!t || file_id >= t->nfiles || !line)
        return NULL;
    sl_src_t *s = &t->files[file_id];
    if (!s->read) {
        s->read = 1;
        read_source(t, s);
    }
    return line <= s->nlines ? s->lines[line - 1] : NULL;
}
