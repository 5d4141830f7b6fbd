/* html.c — the self-contained HTML report (see html.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/html.h"
#include "front/report/json.h"

/* Write s with &, <, >, " as HTML entities. */
static void put_text(FILE *fp, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", fp); break;
        case '<': fputs("&lt;", fp); break;
        case '>': fputs("&gt;", fp); break;
        case '"': fputs("&quot;", fp); break;
        default: fputc(*s, fp);
        }
    }
}

/* Write JSON text s inside a <script> element: every '<' as \u003c (in
 * valid JSON it can only be inside a string, where the escape means the
 * same), so that no "</script" or "<!--" ends or bends the element. */
static void put_json(FILE *fp, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("\\u003c", fp);
        else
            fputc(*s, fp);
    }
}

/* A JSON string literal of s, made safe as put_json does. */
static void put_string(FILE *fp, const char *s)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (m) {
        json_write_string(m, s);
        fclose(m);
    }
    put_json(fp, buf ? buf : "\"\"");
    free(buf);
}

int html_write(FILE *fp, const char *title, const char *const *docs, const char *const *labels, size_t n,
               char *err, size_t errlen)
{
    if (n == 0) {
        snprintf(err, errlen, "no report to show");
        return -1;
    }
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", fp);
    put_text(fp, title ? title : "gcnsim report");
    fputs("</title>\n<style>\n", fp);
    fputs(html_report_css, fp);
    fputs("</style>\n</head>\n<body>\n<h1>", fp);
    put_text(fp, title ? title : "gcnsim report");
    fputs("</h1>\n<div id=\"app\"><p class=\"note\">This report needs JavaScript.</p></div>\n"
          "<script type=\"application/json\" id=\"gcnsim-data\">\n[", fp);
    for (size_t i = 0; i < n; i++) {
        char lab[32];
        snprintf(lab, sizeof lab, "run %zu", i + 1);
        fputs(i ? ",\n{\"label\": " : "\n{\"label\": ", fp);
        put_string(fp, labels && labels[i] ? labels[i] : lab);
        fputs(", \"report\": ", fp);
        put_string(fp, docs[i] ? docs[i] : "");
        fputs("}", fp);
    }
    fputs("\n]\n</script>\n<script>\n", fp);
    fputs(html_report_js, fp);
    fputs("</script>\n</body>\n</html>\n", fp);
    if (fflush(fp) != 0 || ferror(fp)) {
        snprintf(err, errlen, "cannot write the HTML report: %s", strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}
