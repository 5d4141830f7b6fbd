/* mdtree.h — the document tree that the metadata readers (msgpack.c for
 * code objects v3+, yaml.c for v2) produce, and typed lookups on it.
 * Every node remembers the byte offset in its source where it starts, so
 * errors about a value can point at it. */
#ifndef GCNSIM_MDTREE_H
#define GCNSIM_MDTREE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { MD_NIL, MD_BOOL, MD_INT, MD_UINT, MD_FLOAT, MD_STR, MD_BIN, MD_ARRAY, MD_MAP } md_type_t;

typedef struct md_node md_node_t;
struct md_node {
    md_type_t type;
    size_t off;             /* byte offset of the value in its source */
    size_t n;               /* array items, map pairs, string/bin bytes */
    union {
        int b;              /* MD_BOOL */
        int64_t i;          /* MD_INT (negative values only) */
        uint64_t u;         /* MD_UINT */
        double f;           /* MD_FLOAT */
        char *s;            /* MD_STR, MD_BIN: n bytes then a NUL, owned */
        md_node_t *kids;    /* MD_ARRAY: n items; MD_MAP: key, value, key, value ... */
    } v;
};

/* Nesting deeper than this is rejected by the readers. */
#define MD_MAX_DEPTH 32

/* Free a node's contents (not the node itself). */
void md_clear(md_node_t *n);

/* Free a heap-allocated tree (contents and the root node). NULL is fine. */
void md_free(md_node_t *root);

/* The value stored under a string key of a map; NULL if n is not a map or
 * has no such key. */
const md_node_t *md_get(const md_node_t *map, const char *key);

/* The i-th key / value of a map (NULL past the end). */
const md_node_t *md_key(const md_node_t *map, size_t i);
const md_node_t *md_val(const md_node_t *map, size_t i);

/* The i-th item of an array; NULL past the end or if n is not an array. */
const md_node_t *md_item(const md_node_t *arr, size_t i);

/* An unsigned integer: MD_UINT, or a YAML scalar of decimal digits (or
 * 0x hex).  Returns 0 on success, -1 if the node holds something else. */
int md_to_u64(const md_node_t *n, uint64_t *out);

/* A boolean: MD_BOOL, or a YAML scalar true/false. 0 on success, else -1. */
int md_to_bool(const md_node_t *n, int *out);

/* The string of an MD_STR node, or NULL. */
const char *md_to_str(const md_node_t *n);

/* Short name of a node type ("map", "string", ...). */
const char *md_type_name(md_type_t t);

#endif
