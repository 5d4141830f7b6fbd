/* compare_html.h — the HTML page of a comparison: the reports of
 * gcnsim compare (or of gcnsim run --device a,b,...) side by side in one
 * page (front/report/html.h), each written back from its parsed JSON. */
#ifndef GCNSIM_COMPARE_HTML_H
#define GCNSIM_COMPARE_HTML_H

#include <stddef.h>
#include "front/report/compare.h"

/* Write the page of runs[0, n) to path, titled title.  Returns 0, or -1
 * with a one-line message in err (the file cannot be written, out of
 * memory). */
int cmp_html(const char *path, const char *title, const cmp_run_t *runs, size_t n, char *err, size_t errlen);

#endif
