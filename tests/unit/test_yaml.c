/* test_yaml.c — the YAML reader on LLVM's v2 metadata layout, the rest of
 * the subset (quotes, flows, nesting, markers), malformed input with its
 * offsets, and prefixes/mutations of a document (no crash, no overread). */
#include <stdlib.h>
#include "front/load/yaml.h"
#include "tests/unit/check.h"

/* As clang-15 -mcode-object-version=2 writes it (trimmed). */
static const char v2doc[] =
    "---\n"
    "Version:         [ 1, 0 ]\n"
    "Kernels:\n"
    "  - Name:            vadd\n"
    "    SymbolName:      'vadd@kd'\n"
    "    Language:        OpenCL C\n"
    "    LanguageVersion: [ 2, 0 ]\n"
    "    Attrs:\n"
    "      ReqdWorkGroupSize: [ 64, 1, 1 ]\n"
    "    Args:\n"
    "      - TypeName:        'float*'\n"
    "        Size:            8\n"
    "        Align:           8\n"
    "        ValueKind:       GlobalBuffer\n"
    "        AddrSpaceQual:   Global\n"
    "        IsConst:         true\n"
    "      - Size:            8\n"
    "        Align:           8\n"
    "        ValueKind:       HiddenGlobalOffsetX\n"
    "    CodeProps:\n"
    "      KernargSegmentSize: 88\n"
    "      NumSGPRs:        11\n"
    "      MaxFlatWorkGroupSize: 256\n"
    "...\n";

static md_node_t *parse(const char *s, size_t n, size_t *eo, char *err)
{
    md_node_t *root = NULL;
    if (yaml_parse(s, n, &root, eo, err, 200))
        return NULL;
    return root;
}

static int str_is(const md_node_t *n, const char *s)
{
    return md_to_str(n) && strcmp(md_to_str(n), s) == 0;
}

static void llvm_v2(void)
{
    size_t eo;
    char err[200] = "";
    uint64_t u;
    int b;
    md_node_t *root = parse(v2doc, sizeof v2doc - 1, &eo, err);
    CHECK(root && root->type == MD_MAP && root->n == 2, "v2 document: a map of 2 keys (%s)", err);
    const md_node_t *ver = md_get(root, "Version");
    CHECK(ver && ver->type == MD_ARRAY && ver->n == 2 && str_is(md_item(ver, 0), "1"), "Version: [ 1, 0 ]");
    const md_node_t *k = md_item(md_get(root, "Kernels"), 0);
    CHECK(str_is(md_get(k, "Name"), "vadd") && str_is(md_get(k, "SymbolName"), "vadd@kd"),
          "Kernels[0]: Name vadd, SymbolName 'vadd@kd' unquoted");
    CHECK(str_is(md_get(k, "Language"), "OpenCL C"), "plain scalar with a space: 'OpenCL C'");
    const md_node_t *rq = md_get(md_get(k, "Attrs"), "ReqdWorkGroupSize");
    CHECK(rq && rq->n == 3 && md_to_u64(md_item(rq, 0), &u) == 0 && u == 64, "Attrs.ReqdWorkGroupSize [ 64, 1, 1 ]");
    const md_node_t *args = md_get(k, "Args");
    CHECK(args && args->type == MD_ARRAY && args->n == 2, "Args: 2 items");
    CHECK(str_is(md_get(md_item(args, 0), "TypeName"), "float*") &&
              md_to_bool(md_get(md_item(args, 0), "IsConst"), &b) == 0 && b,
          "Args[0]: TypeName float*, IsConst true");
    CHECK(str_is(md_get(md_item(args, 1), "ValueKind"), "HiddenGlobalOffsetX"), "Args[1]: ValueKind");
    CHECK(md_to_u64(md_get(md_get(k, "CodeProps"), "NumSGPRs"), &u) == 0 && u == 11, "CodeProps.NumSGPRs 11");
    const md_node_t *sz = md_get(md_item(args, 1), "Size");
    CHECK(sz && sz->off == (size_t)(strstr(v2doc, "8\n        Align:           8\n        ValueKind:       Hidden") - v2doc),
          "scalar offsets point at the value in the text");
    md_free(root);
}

static void subset(void)
{
    size_t eo;
    char err[200] = "";
    static const char s[] =
        "# comment\n"
        "a: 'it''s'   # trailing comment\n"
        "\"quoted key\": \"x\\\"y\\n\\x41\"\n"
        "empty:\n"
        "flow: { k: [ 1, [2, 3] ], e: [] }\n"
        "seq:\n"
        "- one\n"
        "- - nested\n"
        "  - pair\n"
        "-\n"
        "  deeper: yes\n"
        "\n"
        "last: ~\n"
        "...\n"
        "ignored: after the end\n";
    md_node_t *root = parse(s, sizeof s - 1, &eo, err);
    CHECK(root != NULL, "subset document parses (%s at %zu)", err, eo);
    CHECK(str_is(md_get(root, "a"), "it's"), "single quotes with '' escape, comment after");
    CHECK(str_is(md_get(root, "quoted key"), "x\"y\nA"), "double-quoted key and escapes");
    CHECK(md_get(root, "empty") && md_get(root, "empty")->type == MD_NIL, "empty value is nil");
    const md_node_t *f = md_get(root, "flow");
    CHECK(f && f->type == MD_MAP && md_get(f, "k")->n == 2 && md_item(md_get(f, "k"), 1)->n == 2 &&
              md_get(f, "e")->type == MD_ARRAY && md_get(f, "e")->n == 0,
          "flow mapping with nested flow sequences and an empty one");
    const md_node_t *q = md_get(root, "seq");
    CHECK(q && q->n == 3 && str_is(md_item(q, 0), "one") && md_item(q, 1)->n == 2 &&
              str_is(md_item(md_item(q, 1), 1), "pair") && str_is(md_get(md_item(q, 2), "deeper"), "yes"),
          "sequence at the key's indentation, nested '- -', item on the next line");
    CHECK(md_get(root, "last") && md_get(root, "last")->type == MD_NIL && !md_get(root, "ignored"),
          "~ is nil; text after '...' is ignored");
    md_free(root);
    root = parse("", 0, &eo, err);
    CHECK(root && root->type == MD_NIL, "empty text: nil document");
    md_free(root);
    root = parse("a: 1\0b: 2", 9, &eo, err);
    CHECK(root && root->n == 1, "a NUL ends the text");
    md_free(root);
}

static void expect_error(const char *name, const char *s, size_t want_off, const char *want)
{
    size_t eo = 12345;
    char err[200] = "";
    md_node_t *root = parse(s, strlen(s), &eo, err);
    CHECK(!root && eo == want_off && strstr(err, want), "%s: error at offset %zu mentioning \"%s\" (got %zu: %s)",
          name, want_off, want, eo, err);
    md_free(root);
}

static void errors(void)
{
    expect_error("tab indentation", "a:\n\tb: 1\n", 3, "tab");
    expect_error("over-indented key", "a: 1\n  b: 2\n", 7, "indentation");
    expect_error("unterminated quote", "a: 'abc\n", 3, "unterminated");
    expect_error("block scalar", "a: |\n  text\n", 3, "block scalar");
    expect_error("flow not closed", "a: [ 1, 2\n", 9, "not closed");
    expect_error("anchor", "a: &x 1\n", 3, "anchors");
    expect_error("text after a quoted string", "a: 'x' y\n", 7, "after a quoted");
    expect_error("sequence item inside a mapping", "a: 1\n- b\n", 5, "sequence item");
    expect_error("not a key", "a: 1\nplain\n", 5, "key: value");
    expect_error("bad escape", "a: \"\\q\"\n", 4, "escape");
    char deep[200] = "";
    for (int i = 0; i < 40; i++)
        strcat(deep, "[");
    expect_error("flow nesting 40 deep", deep, MD_MAX_DEPTH, "nesting");
}

static void robustness(void)
{
    size_t eo;
    char err[200];
    int bad = 0, ok = 0;
    size_t n = sizeof v2doc - 1;
    for (size_t i = 0; i <= n; i++) {
        md_node_t *r = parse(v2doc, i, &eo, err);
        ok += r != NULL;
        if (!r && eo > i)
            bad++;
        md_free(r);
    }
    CHECK(bad == 0, "every prefix of a v2 document: parses or fails at an offset inside it (%d parse)", ok);
    char m[sizeof v2doc];
    unsigned seed = 7;
    static const char pool[] = " -:'\"[]{},#\t\n|&ax01";
    for (int i = 0; i < 20000; i++) {
        memcpy(m, v2doc, sizeof v2doc);
        for (int k = 0; k < 1 + i % 3; k++) {
            seed = seed * 1103515245u + 12345u;
            m[(seed >> 8) % n] = pool[(seed >> 20) % (sizeof pool - 1)];
        }
        md_node_t *r = parse(m, n, &eo, err);
        if (!r && eo > n)
            bad++;
        md_free(r);
    }
    CHECK(bad == 0, "20000 mutated v2 documents: no crash, offsets inside the text");
}

int main(void)
{
    llvm_v2();
    subset();
    errors();
    robustness();
    return check_done();
}
