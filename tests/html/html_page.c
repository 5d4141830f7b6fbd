/* html_page.c — writes an HTML report of JSON report files through
 * html_write (front/report/html.h), as a compare command does:
 *   html_page OUT TITLE LABEL=FILE...
 * Exit 0, or 2 with html_write's message (or a file that cannot be read)
 * on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/html.h"

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, k;
    char chunk[65536];
    while ((k = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (n + k + 1 > cap) {
            cap = 2 * (n + k + 1);
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(fp);
                return NULL;
            }
            buf = nb;
        }
        memcpy(buf + n, chunk, k);
        n += k;
    }
    fclose(fp);
    if (!buf)
        buf = calloc(1, 1);
    else
        buf[n] = 0;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: html_page OUT TITLE LABEL=FILE...\n");
        return 2;
    }
    size_t n = (size_t)argc - 3;
    const char **docs = calloc(n + 1, sizeof *docs), **labels = calloc(n + 1, sizeof *labels);
    for (size_t i = 0; i < n; i++) {
        char *eq = strrchr(argv[3 + i], '=');
        if (!eq || !(docs[i] = slurp(eq + 1))) {
            fprintf(stderr, "html_page: cannot read %s\n", argv[3 + i]);
            return 2;
        }
        *eq = 0;
        labels[i] = argv[3 + i];
    }
    FILE *fp = fopen(argv[1], "w");
    char err[256];
    if (!fp || html_write(fp, argv[2], docs, labels, n, err, sizeof err)) {
        fprintf(stderr, "html_page: %s\n", fp ? err : "cannot write the page");
        return 2;
    }
    fclose(fp);
    for (size_t i = 0; i < n; i++)
        free((char *)docs[i]);
    free(docs);
    free(labels);
    return 0;
}
