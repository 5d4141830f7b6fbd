/* srcline.h — source lines of a code object built with -g: the DWARF line
 * table (.debug_line, read with elfutils' libdw) as a table of its own,
 * address -> file:line:column, the inlined calls an address is in (the
 * debugging entries' DW_TAG_inlined_subroutine), and a line's address
 * ranges for `break FILE:LINE`; the source text of a line when its file
 * can be read.
 *
 * A code object without debug information gives an empty table (no lines,
 * no error).  The table copies what it needs, so it outlives the code
 * object's image.  Lookup follows the line table's rows: an address takes
 * the last row at or before it in its sequence (line 0 and the end of a
 * sequence: no line). */
#ifndef GCNSIM_SRCLINE_H
#define GCNSIM_SRCLINE_H

#include <stddef.h>
#include <stdint.h>
#include "front/load/codeobj.h"

typedef struct sl_table sl_table_t;

/* Where an instruction comes from.  file is the table's (printable form of
 * the path the line table names); col 0: no column. */
typedef struct {
    const char *file;
    unsigned file_id;            /* index of file in the table, for grouping */
    unsigned line, col;
} sl_loc_t;

/* An inlined call an address is in: the function inlined and the call's
 * source location (strings are the table's). */
typedef struct {
    const char *func;            /* "" when the DWARF names none */
    const char *file;
    unsigned file_id, line, col;
} sl_call_t;

/* Read the line table of code object f.  Returns the table (empty when f
 * has no DWARF), or NULL with a one-line message in err naming f when
 * the DWARF is malformed or memory runs out. */
sl_table_t *sl_open(const co_file_t *f, char *err, size_t errlen);

/* Release t (NULL is allowed). */
void sl_free(sl_table_t *t);

/* Number of rows with a line (0: no source lines known). */
size_t sl_count(const sl_table_t *t);

/* The source location of device address addr into *out: 1, or 0 when the
 * table has no line for it. */
int sl_lookup(const sl_table_t *t, uint64_t addr, sl_loc_t *out);

/* The inlined calls address addr is in, innermost first (from the
 * DW_TAG_inlined_subroutine entries): at most max into out; returns how
 * many there are (0: not in inlined code). */
size_t sl_inlined(const sl_table_t *t, uint64_t addr, sl_call_t *out, size_t max);

/* The first addresses of source line `line` of the file named file (its
 * path as the table has it, or any suffix of it after a '/': "a.cl" finds
 * "src/a.cl"): the start of each range of addresses the line table gives
 * that line, at most max into addrs, lowest first.  Returns how many
 * there are (may exceed max); 0 when none.  *ambiguous is set when file
 * matches more than one file of the table (then nothing is returned). */
size_t sl_line_addrs(const sl_table_t *t, const char *file, unsigned line, uint64_t *addrs, size_t max,
                     int *ambiguous);

/* The file id of the file named name (as for sl_line_addrs): >= 0, -1
 * when no file matches, -2 when several do. */
int sl_find_file(const sl_table_t *t, const char *name);

/* The text of line `line` of file file_id (tabs as spaces, printable form,
 * no newline), or NULL when the file cannot be read or is shorter.  The
 * file is read on first use, at its path as recorded, else (a relative
 * path) beside the code object; the text stays valid until sl_free. */
const char *sl_text(sl_table_t *t, unsigned file_id, unsigned line);

/* The printable path of file file_id, or NULL. */
const char *sl_file(const sl_table_t *t, unsigned file_id);

#endif
