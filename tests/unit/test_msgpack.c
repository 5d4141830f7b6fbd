/* test_msgpack.c — the MessagePack reader: every type of the subset, the
 * tree lookups, and malformed input (offset-precise errors, no overreads:
 * every prefix and many byte mutations of a document). */
#include <stdlib.h>
#include "front/load/msgpack.h"
#include "tests/unit/check.h"

static md_node_t *parse(const void *p, size_t n, size_t *eoff, char *err)
{
    md_node_t *root = NULL;
    if (mp_parse(p, n, &root, eoff, err, 200))
        return NULL;
    return root;
}

static void scalars(void)
{
    size_t eo;
    char err[200];
    static const struct {
        const char *name;
        unsigned char b[10];
        size_t n;
        md_type_t t;
        long long v;
    } t[] = {
        {"positive fixint", {0x7f}, 1, MD_UINT, 127},
        {"negative fixint", {0xe0}, 1, MD_INT, -32},
        {"uint8", {0xcc, 0xff}, 2, MD_UINT, 255},
        {"uint16", {0xcd, 0x12, 0x34}, 3, MD_UINT, 0x1234},
        {"uint32", {0xce, 0x00, 0x01, 0x00, 0x00}, 5, MD_UINT, 65536},
        {"uint64", {0xcf, 0, 0, 0, 1, 0, 0, 0, 0}, 9, MD_UINT, 1ll << 32},
        {"int8 negative", {0xd0, 0x80}, 2, MD_INT, -128},
        {"int16 negative", {0xd1, 0xff, 0xfe}, 3, MD_INT, -2},
        {"int32 positive is unsigned", {0xd2, 0, 0, 0, 5}, 5, MD_UINT, 5},
        {"int64 negative", {0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 9, MD_INT, -1},
        {"nil", {0xc0}, 1, MD_NIL, 0},
        {"false", {0xc2}, 1, MD_BOOL, 0},
        {"true", {0xc3}, 1, MD_BOOL, 1},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        md_node_t *n = parse(t[i].b, t[i].n, &eo, err);
        long long v = !n ? -999 : n->type == MD_UINT ? (long long)n->v.u : n->type == MD_INT ? n->v.i
                    : n->type == MD_BOOL ? n->v.b : 0;
        CHECK(n && n->type == t[i].t && v == t[i].v, "%s", t[i].name);
        md_free(n);
    }
    static const unsigned char f32[] = {0xca, 0x3f, 0xc0, 0x00, 0x00}, f64[] = {0xcb, 0x40, 0x09, 0x21, 0xfb,
                                                                                0x54, 0x44, 0x2d, 0x18};
    md_node_t *n = parse(f32, sizeof f32, &eo, err);
    CHECK(n && n->type == MD_FLOAT && n->v.f == 1.5, "float32 1.5");
    md_free(n);
    n = parse(f64, sizeof f64, &eo, err);
    CHECK(n && n->type == MD_FLOAT && n->v.f > 3.14159 && n->v.f < 3.1416, "float64 pi");
    md_free(n);
    static const unsigned char s8[] = {0xd9, 3, 'a', 'b', 'c'}, b8[] = {0xc4, 2, 0, 0xff};
    n = parse(s8, sizeof s8, &eo, err);
    CHECK(n && n->type == MD_STR && n->n == 3 && strcmp(n->v.s, "abc") == 0, "str8 \"abc\"");
    md_free(n);
    n = parse(b8, sizeof b8, &eo, err);
    CHECK(n && n->type == MD_BIN && n->n == 2 && (unsigned char)n->v.s[1] == 0xff, "bin8 of 2 bytes");
    md_free(n);
}

/* {"amdhsa.kernels": [{".name": "k", ".args": [{".size": 8}], ".sgpr_count": 300}],
 *  "amdhsa.version": [1, 2]} */
static const unsigned char doc[] = {
    0x82, 0xae, 'a', 'm', 'd', 'h', 's', 'a', '.', 'k', 'e', 'r', 'n', 'e', 'l', 's',
    0x91, 0x83, 0xa5, '.', 'n', 'a', 'm', 'e', 0xa1, 'k',
    0xa5, '.', 'a', 'r', 'g', 's', 0xdc, 0x00, 0x01, 0x81, 0xa5, '.', 's', 'i', 'z', 'e', 0x08,
    0xab, '.', 's', 'g', 'p', 'r', '_', 'c', 'o', 'u', 'n', 't', 0xcd, 0x01, 0x2c,
    0xae, 'a', 'm', 'd', 'h', 's', 'a', '.', 'v', 'e', 'r', 's', 'i', 'o', 'n', 0x92, 0x01, 0x02,
};

static void containers(void)
{
    size_t eo;
    char err[200];
    uint64_t u;
    md_node_t *root = parse(doc, sizeof doc, &eo, err);
    CHECK(root && root->type == MD_MAP && root->n == 2, "document: a map of 2 pairs");
    const md_node_t *ks = md_get(root, "amdhsa.kernels");
    CHECK(ks && ks->type == MD_ARRAY && ks->n == 1 && ks->off == 16, "amdhsa.kernels: array of 1 at offset 16");
    const md_node_t *k = md_item(ks, 0);
    CHECK(md_to_str(md_get(k, ".name")) && strcmp(md_to_str(md_get(k, ".name")), "k") == 0, ".name is \"k\"");
    CHECK(md_to_u64(md_get(k, ".sgpr_count"), &u) == 0 && u == 300, ".sgpr_count is 300 (uint16)");
    const md_node_t *args = md_get(k, ".args");
    CHECK(args && args->type == MD_ARRAY && args->n == 1, ".args: array16 of 1");
    CHECK(md_to_u64(md_get(md_item(args, 0), ".size"), &u) == 0 && u == 8, ".args[0].size is 8");
    CHECK(md_get(k, ".missing") == NULL && md_item(args, 1) == NULL && md_get(args, "x") == NULL,
          "missing key / index / lookup on an array give NULL");
    CHECK(md_to_str(md_key(root, 1)) && strcmp(md_to_str(md_key(root, 1)), "amdhsa.version") == 0 &&
              md_val(root, 1)->n == 2 && md_key(root, 2) == NULL,
          "md_key / md_val walk a map in order");
    int b;
    CHECK(md_to_bool(md_get(k, ".name"), &b) != 0 && md_to_u64(md_get(k, ".name"), &u) != 0,
          "type-checked conversions refuse a string where a bool or integer is wanted");
    md_free(root);
}

static void expect_error(const char *name, const unsigned char *p, size_t n, size_t want_off, const char *want)
{
    size_t eo = 12345;
    char err[200] = "";
    md_node_t *root = parse(p, n, &eo, err);
    CHECK(!root && eo == want_off && strstr(err, want), "%s: error at offset %zu mentioning \"%s\" (got %zu: %s)",
          name, want_off, want, eo, err);
    md_free(root);
}

static void errors(void)
{
    static const unsigned char u16[] = {0xcd, 0x12}, s8[] = {0x91, 0xd9, 5, 'a', 'b'},
                               a32[] = {0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0}, ext[] = {0x92, 0x01, 0xc7, 1, 1, 0},
                               c1[] = {0xc1}, trail[] = {0x01, 0x02}, key[] = {0x81, 0xc3, 0x01},
                               map[] = {0x81, 0xa1, 0xa1}, empty[] = {0};
    expect_error("truncated uint16", u16, sizeof u16, 0, "truncated");
    expect_error("str8 longer than the data", s8, sizeof s8, 1, "runs past the end");
    expect_error("array32 count beyond the data", a32, sizeof a32, 0, "cannot fit");
    expect_error("ext type", ext, sizeof ext, 2, "not supported");
    expect_error("0xc1", c1, sizeof c1, 0, "never used");
    expect_error("trailing bytes", trail, sizeof trail, 1, "after the end");
    expect_error("boolean map key", key, sizeof key, 1, "map key");
    expect_error("map pair without its value", map, sizeof map, 3, "end of data");
    expect_error("empty input", empty, 0, 0, "end of data");
    unsigned char deep[40];
    memset(deep, 0x91, sizeof deep);
    deep[sizeof deep - 1] = 0xc0;
    expect_error("nesting 39 deep", deep, sizeof deep, MD_MAX_DEPTH, "nesting");
}

/* Every proper prefix fails; byte mutations never crash (run under ASan). */
static void robustness(void)
{
    size_t eo;
    char err[200];
    int bad = 0;
    for (size_t n = 0; n < sizeof doc; n++) {
        md_node_t *r = parse(doc, n, &eo, err);
        if (r || eo > n)
            bad++;
        md_free(r);
    }
    CHECK(bad == 0, "all %zu proper prefixes of a document fail with an offset inside them", sizeof doc);
    unsigned char m[sizeof doc];
    unsigned seed = 1;
    int parsed = 0;
    for (int i = 0; i < 20000; i++) {
        memcpy(m, doc, sizeof doc);
        for (int k = 0; k < 1 + i % 4; k++) {
            seed = seed * 1103515245u + 12345u;
            m[(seed >> 8) % sizeof m] = (unsigned char)(seed >> 20);
        }
        md_node_t *r = parse(m, sizeof m, &eo, err);
        parsed += r != NULL;
        if (!r && eo > sizeof m)
            bad++;
        md_free(r);
    }
    CHECK(bad == 0, "20000 mutated documents: no crash, error offsets inside the data (%d still parse)", parsed);
}

int main(void)
{
    scalars();
    containers();
    errors();
    robustness();
    return check_done();
}
