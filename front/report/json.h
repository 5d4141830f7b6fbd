/* json.h — a small streaming JSON writer for --json output.
 *
 *   json_t j;
 *   json_init(&j, stdout);
 *   json_begin_obj(&j, NULL);             // top level: no key
 *     json_str(&j, "target", "gfx803");
 *     json_begin_arr(&j, "kernels");
 *       json_begin_obj(&j, NULL);         // inside an array: no key
 *       json_uint(&j, "vgprs", 8);
 *       json_end(&j);
 *     json_end(&j);
 *   json_end(&j);
 *   if (json_finish(&j)) ... error
 *
 * Inside an object every value needs a key; inside an array or at the top
 * level the key must be NULL.  Output is indented by two spaces per level
 * and ends with a newline.  Misuse (a key where none belongs, unbalanced
 * begin/end, nesting deeper than JSON_MAX_DEPTH) is recorded and reported
 * by json_finish; nothing is printed for the offending call. */
#ifndef GCNSIM_JSON_H
#define GCNSIM_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

typedef struct {
    FILE *fp;
    int depth;
    char kind[JSON_MAX_DEPTH];   /* '{' or '[' per open level */
    int count[JSON_MAX_DEPTH];   /* values written at each level */
    int top_done;                /* a top-level value has been written */
    int misuse;                  /* first misuse seen, or 0 */
} json_t;

/* Start writing to fp. */
void json_init(json_t *j, FILE *fp);

/* Open an object / array (with its key when inside an object). */
void json_begin_obj(json_t *j, const char *key);
void json_begin_arr(json_t *j, const char *key);

/* Close the innermost open object or array. */
void json_end(json_t *j);

/* Scalar members.  json_str with v == NULL writes null. */
void json_str(json_t *j, const char *key, const char *v);
void json_int(json_t *j, const char *key, int64_t v);
void json_uint(json_t *j, const char *key, uint64_t v);
void json_double(json_t *j, const char *key, double v);
void json_bool(json_t *j, const char *key, int v);
void json_null(json_t *j, const char *key);

/* Write s as a JSON string literal (quotes and escapes) to fp. */
void json_write_string(FILE *fp, const char *s);

/* Finish: returns 0 if everything was balanced and well-formed and the
 * stream has no write error, else -1. */
int json_finish(json_t *j);

#endif
