/* test_json.c — the streaming JSON writer: layout, escapes, numbers and
 * misuse detection. */
#include <stdlib.h>
#include "front/report/json.h"
#include "tests/unit/check.h"

/* Run the writer into a temporary file and return its text (static). */
static const char *slurp(FILE *fp)
{
    static char buf[4096];
    size_t n;
    rewind(fp);
    n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = 0;
    fclose(fp);
    return buf;
}

int main(void)
{
    FILE *fp = tmpfile();
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_str(&j, "name", "a\"b\\c\n\x01");
    json_uint(&j, "big", UINT64_C(18446744073709551615));
    json_int(&j, "neg", -5);
    json_double(&j, "half", 0.5);
    json_double(&j, "tenth", 0.1);
    json_bool(&j, "yes", 1);
    json_null(&j, "none");
    json_str(&j, "nullstr", NULL);
    json_begin_arr(&j, "list");
    json_uint(&j, NULL, 1);
    json_begin_obj(&j, NULL);
    json_end(&j);
    json_begin_arr(&j, NULL);
    json_end(&j);
    json_end(&j);
    json_end(&j);
    int rc = json_finish(&j);
    CHECK_STR(slurp(fp),
              "{\n"
              "  \"name\": \"a\\\"b\\\\c\\n\\u0001\",\n"
              "  \"big\": 18446744073709551615,\n"
              "  \"neg\": -5,\n"
              "  \"half\": 0.5,\n"
              "  \"tenth\": 0.1,\n"
              "  \"yes\": true,\n"
              "  \"none\": null,\n"
              "  \"nullstr\": null,\n"
              "  \"list\": [\n"
              "    1,\n"
              "    {},\n"
              "    []\n"
              "  ]\n"
              "}\n",
              "object with every value type, escapes, nesting, empty containers");
    CHECK(rc == 0, "json_finish: balanced document");

    fp = tmpfile();
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    json_uint(&j, NULL, 1);   /* value without a key inside an object */
    json_end(&j);
    CHECK(json_finish(&j) != 0, "a value without a key in an object is reported");
    slurp(fp);

    fp = tmpfile();
    json_init(&j, fp);
    json_begin_arr(&j, NULL);
    json_uint(&j, "k", 1);   /* key inside an array */
    json_end(&j);
    CHECK(json_finish(&j) != 0, "a key inside an array is reported");
    slurp(fp);

    fp = tmpfile();
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    CHECK(json_finish(&j) != 0, "an unclosed object is reported");
    slurp(fp);

    fp = tmpfile();
    json_init(&j, fp);
    json_double(&j, NULL, 1.0 / 0.0);
    CHECK(json_finish(&j) == 0 && strcmp(slurp(fp), "null\n") == 0, "infinity is written as null");
    return check_done();
}
