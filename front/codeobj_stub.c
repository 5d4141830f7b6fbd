/* placeholder until the loader lands */
#include <string.h>
#include <stdio.h>
#include "front/codeobj.h"
int co_load(const char *path, co_file_t *out, char *err, size_t errlen) { (void)out; snprintf(err, errlen, "%s: loader not built", path); return 1; }
int co_load_raw(const char *path, const isa_target_t *t, co_file_t *out, char *err, size_t errlen) { (void)t; (void)out; snprintf(err, errlen, "%s: loader not built", path); return 1; }
void co_free(co_file_t *f) { (void)f; }
