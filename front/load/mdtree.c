/* mdtree.c — freeing and typed lookups on metadata document trees. */
#include <stdlib.h>
#include <string.h>
#include "front/load/mdtree.h"

void md_clear(md_node_t *n)
{
    if (!n)
        return;
    if (n->type == MD_STR || n->type == MD_BIN) {
        free(n->v.s);
    } else if (n->type == MD_ARRAY || n->type == MD_MAP) {
        size_t k = n->type == MD_MAP ? 2 * n->n : n->n;
        for (size_t i = 0; n->v.kids && i < k; i++)
            md_clear(&n->v.kids[i]);
        free(n->v.kids);
    }
    n->type = MD_NIL;
    n->n = 0;
}

void md_free(md_node_t *root)
{
    md_clear(root);
    free(root);
}

const md_node_t *md_key(const md_node_t *map, size_t i)
{
    return map && map->type == MD_MAP && i < map->n ? &map->v.kids[2 * i] : NULL;
}

const md_node_t *md_val(const md_node_t *map, size_t i)
{
    return map && map->type == MD_MAP && i < map->n ? &map->v.kids[2 * i + 1] : NULL;
}

const md_node_t *md_get(const md_node_t *map, const char *key)
{
    if (!map || map->type != MD_MAP)
        return NULL;
    size_t kl = strlen(key);
    for (size_t i = 0; i < map->n; i++) {
        const md_node_t *k = &map->v.kids[2 * i];
        if (k->type == MD_STR && k->n == kl && memcmp(k->v.s, key, kl) == 0)
            return &map->v.kids[2 * i + 1];
    }
    return NULL;
}

const md_node_t *md_item(const md_node_t *arr, size_t i)
{
    return arr && arr->type == MD_ARRAY && i < arr->n ? &arr->v.kids[i] : NULL;
}

int md_to_u64(const md_node_t *n, uint64_t *out)
{
    if (!n)
        return -1;
    if (n->type == MD_UINT) {
        *out = n->v.u;
        return 0;
    }
    if (n->type != MD_STR || n->n == 0 || n->n > 20)
        return -1;
    const char *s = n->v.s;
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && s[2]) {
        base = 16;
        s += 2;
    }
    uint64_t v = 0;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (v > (UINT64_MAX - d) / base)
            return -1;
        v = v * base + d;
    }
    *out = v;
    return 0;
}

int md_to_bool(const md_node_t *n, int *out)
{
    if (!n)
        return -1;
    if (n->type == MD_BOOL) {
        *out = n->v.b;
        return 0;
    }
    if (n->type == MD_STR && strcmp(n->v.s, "true") == 0) {
        *out = 1;
        return 0;
    }
    if (n->type == MD_STR && strcmp(n->v.s, "false") == 0) {
        *out = 0;
        return 0;
    }
    return -1;
}

const char *md_to_str(const md_node_t *n)
{
    return n && n->type == MD_STR ? n->v.s : NULL;
}

const char *md_type_name(md_type_t t)
{
    static const char *const names[] = {"nil", "boolean", "integer", "integer", "float",
                                        "string", "binary", "array", "map"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}
