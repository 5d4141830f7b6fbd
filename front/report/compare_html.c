/* compare_html.c — the HTML page of a comparison (see compare_html.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/compare_html.h"
#include "front/report/html.h"

int cmp_html(const char *path, const char *title, const cmp_run_t *runs, size_t n, char *err, size_t errlen)
{
    char *texts[CMP_MAX_RUNS] = {0};
    const char *docs[CMP_MAX_RUNS], *labels[CMP_MAX_RUNS];
    int bad = n > CMP_MAX_RUNS;
    snprintf(err, errlen, "%s", bad ? "too many reports" : "out of memory");
    for (size_t i = 0; i < n && !bad; i++) {
        bad = !(texts[i] = jr_text(runs[i].doc));
        docs[i] = texts[i];
        labels[i] = runs[i].label;
    }
    FILE *fp = NULL;
    if (!bad && !(fp = fopen(path, "w"))) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        bad = 1;
    }
    if (!bad)
        bad = html_write(fp, title, docs, labels, n, err, errlen) != 0;
    if (fp && fclose(fp) != 0 && !bad) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        bad = 1;
    }
    for (size_t i = 0; i < n; i++)
        free(texts[i]);
    return bad ? -1 : 0;
}
