/* dbg_src.c — the debugger's source lines (code objects built with -g):
 * the line of a pc at each stop, `list`, and FILE:LINE locations, from
 * the DWARF line table (front/load/srcline.h). */
#include <stdlib.h>
#include <string.h>
#include "front/dbg/dbg.h"

int dbg_src_open(dbg_t *d, char *err, size_t errlen)
{
    d->lines = sl_open(&d->L.m->co, err, errlen);
    if (!d->lines)
        return -1;
    if (!sl_count(d->lines)) {
        sl_free(d->lines);
        d->lines = NULL;
    }
    return 0;
}

void dbg_src_close(dbg_t *d)
{
    sl_free(d->lines);
    d->lines = NULL;
}

int dbg_src_line(const dbg_t *d, uint64_t pc, sl_loc_t *loc)
{
    return d->lines && pc >= d->L.m->image_base && sl_lookup(d->lines, pc - d->L.m->image_base, loc);
}

/* The file part's base name ("tests/k/a.cl": "a.cl"). */
static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

void dbg_src_print_stop(dbg_t *d, uint64_t pc)
{
    sl_loc_t loc;
    if (!dbg_src_line(d, pc, &loc))
        return;
    const char *text = sl_text(d->lines, loc.file_id, loc.line);
    printf("%s:%u\t%s\n", base_name(loc.file), loc.line, text ? text : "");
    sl_call_t c[8];
    size_t n = sl_inlined(d->lines, pc - d->L.m->image_base, c, 8);
    for (size_t k = 0; k < n && k < 8; k++)   /* innermost first, as a backtrace */
        printf("  in %s, inlined at %s:%u\n", c[k].func[0] ? c[k].func : "(a function)", base_name(c[k].file),
               c[k].line);
    d->list_file = loc.file_id;
    d->list_next = loc.line;   /* a bare list centres on this line */
    d->list_centre = 1;
}

/* Whether text has the form FILE:LINE: the file into file, the line into *line. */
static int file_line(const char *text, char *file, size_t n, unsigned *line)
{
    const char *colon = strrchr(text, ':');
    if (!colon || colon == text || !colon[1] || strspn(colon + 1, "0123456789") != strlen(colon + 1))
        return 0;
    size_t k = (size_t)(colon - text);
    if (k >= n)
        k = n - 1;
    memcpy(file, text, k);
    file[k] = 0;
    unsigned long v = strtoul(colon + 1, NULL, 10);
    *line = v > 0xffffffu ? 0 : (unsigned)v;
    return 1;
}

/* The first address of source line `line` of file among those the line
 * table gives (one per range of the line), preferring the kernel run. */
static int pick_addr(const dbg_t *d, const uint64_t *a, size_t n, uint64_t *pc)
{
    uint64_t lo = d->L.k->code_addr, hi = lo + d->L.k->code_size;
    for (size_t i = 0; i < n; i++)
        if (a[i] >= lo && a[i] < hi && dbg_inst_at(d, a[i] + d->L.m->image_base)) {
            *pc = a[i] + d->L.m->image_base;
            return 0;
        }
    for (size_t i = 0; i < n; i++)
        if (dbg_inst_at(d, a[i] + d->L.m->image_base)) {
            *pc = a[i] + d->L.m->image_base;
            return 0;
        }
    return -1;
}

int dbg_src_location(const dbg_t *d, const char *text, uint64_t *pc, char *err, size_t errlen)
{
    char file[256];
    unsigned line;
    if (!file_line(text, file, sizeof file, &line))
        return 0;
    if (!d->lines) {
        snprintf(err, errlen, "No source lines: the code object has no DWARF line table (build it with -g).");
        return -1;
    }
    uint64_t a[64];
    int ambiguous, fid = sl_find_file(d->lines, file);
    if (fid < 0) {
        snprintf(err, errlen, fid == -2 ? "Source file \"%s\" is ambiguous: name more of its path."
                                        : "No source file named %s.", file);
        return -1;
    }
    size_t n = sl_line_addrs(d->lines, file, line, a, 64, &ambiguous);
    if (!n || pick_addr(d, a, n < 64 ? n : 64, pc)) {
        snprintf(err, errlen, "No line %u in file \"%s\".", line, file);
        return -1;
    }
    return 1;
}

/* Lines first..last of file file_id as gdb lists them ("9\ttext"). */
static void list_lines(dbg_t *d, unsigned fid, unsigned first, unsigned last)
{
    unsigned shown = 0;
    for (unsigned l = first; l <= last; l++) {
        const char *text = sl_text(d->lines, fid, l);
        if (!text)
            break;
        printf("%u\t%s\n", l, text);
        shown++;
    }
    if (!shown)
        dbg_error("Line number %u out of range; \"%s\" has fewer lines.", first, sl_file(d->lines, fid));
    d->list_file = fid;
    d->list_next = first + shown;
    d->list_centre = 0;
}

int dbg_src_list(dbg_t *d, const char *args)
{
    if (!d->lines)
        return 0;
    char file[256];
    unsigned line, fid = d->list_file;
    if (*args) {
        uint64_t pc;
        char err[300];
        int r = file_line(args, file, sizeof file, &line) ? dbg_src_location(d, args, &pc, err, sizeof err) : 0;
        if (r < 0) {
            dbg_error("%s", err);
            return 1;
        }
        sl_loc_t loc;
        if (r == 0 && dbg_parse_location(d, args, &pc, err, sizeof err)) {
            dbg_error("%s", err);
            return 1;
        }
        if (!dbg_src_line(d, pc, &loc))
            return 0;   /* no line there: the disassembly */
        list_lines(d, loc.file_id, loc.line > 5 ? loc.line - 5 : 1, (loc.line > 5 ? loc.line - 5 : 1) + 9);
        return 1;
    }
    if (!d->list_next) {   /* nothing listed yet: around the selected wave's pc or the kernel's entry */
        wave_t *w = dbg_wave(d);
        sl_loc_t loc;
        if (!dbg_src_line(d, w && w->state != WAVE_DONE ? w->pc : d->L.sk.entry, &loc))
            return 0;
        fid = loc.file_id;
        d->list_next = loc.line;
        d->list_centre = 1;
    }
    line = d->list_centre ? (d->list_next > 5 ? d->list_next - 5 : 1) : d->list_next;
    list_lines(d, fid, line, line + 9);
    return 1;
}
