/* json.c — streaming JSON writer (see json.h for the calling pattern). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/json.h"

void json_init(json_t *j, FILE *fp)
{
    memset(j, 0, sizeof *j);
    j->fp = fp;
}

void json_write_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", fp); break;
        case '\\': fputs("\\\\", fp); break;
        case '\n': fputs("\\n", fp); break;
        case '\r': fputs("\\r", fp); break;
        case '\t': fputs("\\t", fp); break;
        case '\b': fputs("\\b", fp); break;
        case '\f': fputs("\\f", fp); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(fp, "\\u%04x", *p);
            else
                fputc(*p, fp);
        }
    }
    fputc('"', fp);
}

/* Separator, indentation and key before a value; 0 if the value may be
 * written, -1 on misuse. */
static int json_prefix(json_t *j, const char *key)
{
    int in_obj = j->depth > 0 && j->kind[j->depth - 1] == '{';
    if (j->misuse)
        return -1;
    if ((in_obj && !key) || (!in_obj && key) || (j->depth == 0 && j->top_done)) {
        j->misuse = 1;
        return -1;
    }
    if (j->depth > 0) {
        if (j->count[j->depth - 1]++)
            fputc(',', j->fp);
        fputc('\n', j->fp);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->fp);
    } else {
        j->top_done = 1;
    }
    if (key) {
        json_write_string(j->fp, key);
        fputs(": ", j->fp);
    }
    return 0;
}

static void json_begin(json_t *j, const char *key, char kind)
{
    if (j->depth >= JSON_MAX_DEPTH) {
        j->misuse = 1;
        return;
    }
    if (json_prefix(j, key))
        return;
    fputc(kind, j->fp);
    j->kind[j->depth] = kind;
    j->count[j->depth] = 0;
    j->depth++;
}

void json_begin_obj(json_t *j, const char *key)
{
    json_begin(j, key, '{');
}

void json_begin_arr(json_t *j, const char *key)
{
    json_begin(j, key, '[');
}

void json_end(json_t *j)
{
    if (j->misuse)
        return;
    if (j->depth == 0) {
        j->misuse = 1;
        return;
    }
    j->depth--;
    if (j->count[j->depth]) {
        fputc('\n', j->fp);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->fp);
    }
    fputc(j->kind[j->depth] == '{' ? '}' : ']', j->fp);
    if (j->depth == 0)
        fputc('\n', j->fp);
}

void json_str(json_t *j, const char *key, const char *v)
{
    if (json_prefix(j, key))
        return;
    if (v)
        json_write_string(j->fp, v);
    else
        fputs("null", j->fp);
    if (j->depth == 0)
        fputc('\n', j->fp);
}

void json_int(json_t *j, const char *key, int64_t v)
{
    if (json_prefix(j, key) == 0)
        fprintf(j->fp, "%" PRId64 "%s", v, j->depth ? "" : "\n");
}

void json_uint(json_t *j, const char *key, uint64_t v)
{
    if (json_prefix(j, key) == 0)
        fprintf(j->fp, "%" PRIu64 "%s", v, j->depth ? "" : "\n");
}

void json_double(json_t *j, const char *key, double v)
{
    if (json_prefix(j, key))
        return;
    if (isfinite(v)) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.15g", v);   /* shortest form that reads back exactly */
        if (strtod(buf, NULL) != v)
            snprintf(buf, sizeof buf, "%.17g", v);
        fputs(buf, j->fp);
    } else {
        fputs("null", j->fp);   /* JSON has no NaN or infinity */
    }
    if (j->depth == 0)
        fputc('\n', j->fp);
}

void json_bool(json_t *j, const char *key, int v)
{
    if (json_prefix(j, key) == 0)
        fprintf(j->fp, "%s%s", v ? "true" : "false", j->depth ? "" : "\n");
}

void json_null(json_t *j, const char *key)
{
    if (json_prefix(j, key) == 0)
        fprintf(j->fp, "null%s", j->depth ? "" : "\n");
}

int json_finish(json_t *j)
{
    if (j->misuse || j->depth != 0 || !j->top_done)
        return -1;
    if (fflush(j->fp) != 0 || ferror(j->fp))
        return -1;
    return 0;
}
