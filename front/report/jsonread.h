/* jsonread.h — a small JSON reader for the documents gcnsim writes
 * (gcnsim run --json, gcnsim exec --json): objects, arrays, strings with
 * every escape (\uXXXX and surrogate pairs into UTF-8), numbers,
 * true/false/null, into a tree of jr_val_t.
 *
 *   jr_doc_t d;
 *   char err[256];
 *   if (jr_read_file(&d, "a.json", err, sizeof err)) ... err: "offset 17: ..."
 *   const jr_val_t *c = jr_path(d.root, "cache.l2_hit_pct");
 *   double v;
 *   if (jr_number(c, &v)) ...
 *   jr_free(&d);
 *
 * Input is bounded (JR_MAX_DEPTH levels of nesting, JR_MAX_BYTES bytes);
 * anything else that is not RFC 8259 JSON (trailing commas, comments,
 * bare words, raw control characters in strings, bad escapes, lone
 * surrogates, leading zeros, text after the value) is refused with a
 * one-line message naming the byte offset.  Duplicate keys are kept in
 * order; lookups find the first. */
#ifndef GCNSIM_JSONREAD_H
#define GCNSIM_JSONREAD_H

#include <stddef.h>
#include <stdint.h>
#include "front/report/json.h"

#define JR_MAX_DEPTH 64
#define JR_MAX_BYTES ((size_t)1 << 30)

typedef enum { JR_NULL, JR_BOOL, JR_NUMBER, JR_STRING, JR_ARRAY, JR_OBJECT } jr_kind_t;

typedef struct jr_val {
    jr_kind_t kind;
    size_t offset;               /* byte offset of the value in the input */
    int boolean;                 /* JR_BOOL */
    double number;               /* JR_NUMBER */
    int is_int;                  /* JR_NUMBER written without fraction or exponent that fits
                                    uint64 (then u holds it exactly) or int64 when negative (i) */
    uint64_t u;
    int64_t i;
    char *str;                   /* JR_STRING: UTF-8, NUL-terminated (may hold NULs: see len) */
    size_t len;                  /* JR_STRING: bytes; JR_ARRAY, JR_OBJECT: members */
    struct jr_val *items;        /* JR_ARRAY, JR_OBJECT: the values */
    char **keys;                 /* JR_OBJECT: the keys, NUL-terminated */
} jr_val_t;

typedef struct {
    jr_val_t *root;              /* NULL until parsed */
} jr_doc_t;

/* Parse text[0, len) into d; 0, or -1 with "offset N: what" in err
 * (d is then empty; jr_free is harmless). */
int jr_parse(jr_doc_t *d, const char *text, size_t len, char *err, size_t errlen);
/* Read and parse the file at path; 0, or -1 with a one-line message in err
 * (a read error with strerror, or the parse error). */
int jr_read_file(jr_doc_t *d, const char *path, char *err, size_t errlen);
/* Release what d holds. */
void jr_free(jr_doc_t *d);

/* Write v to j (with key inside an object, NULL elsewhere), as it was:
 * integers exactly, other numbers as json_double writes them. */
void jr_write(json_t *j, const char *key, const jr_val_t *v);
/* v written back as JSON text (malloc'd; the caller frees it), or NULL
 * when out of memory. */
char *jr_text(const jr_val_t *v);

/* The member key of object o (the first of that name), or NULL (o NULL or
 * not an object included). */
const jr_val_t *jr_get(const jr_val_t *o, const char *key);
/* The value at a dotted path of object members ("cache.l2_hit_pct"),
 * or NULL. */
const jr_val_t *jr_path(const jr_val_t *o, const char *path);
/* 1 and *out when v is a number, else 0. */
int jr_number(const jr_val_t *v, double *out);
/* v's text when it is a string, else NULL. */
const char *jr_string(const jr_val_t *v);

#endif
