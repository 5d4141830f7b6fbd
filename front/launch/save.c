/* save.c — a launch saved for later: its code object, the buffers its
 * arguments point to and the command line that repeats it (bench
 * --save-launch, exec --save-dispatch, debug --dispatch). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "front/launch/launch.h"
#include "front/load/demangle.h"
#include "front/util/strsafe.h"

/* The module's code object file (as loaded: for a bundle, the entry) at path. */
static int write_code(const launch_t *L, const char *path, char *err, size_t errlen)
{
    const co_file_t *co = &L->m->co;
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(co->image, 1, co->size, fp) != co->size || fclose(fp) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

/* A growing list of argument strings. */
typedef struct {
    char **v;
    size_t n;
} strv_t;

static int strv_add(strv_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int strv_add(strv_t *s, const char *fmt, ...)
{
    char **nv = realloc(s->v, (s->n + 1) * sizeof *nv);
    if (!nv)
        return -1;
    s->v = nv;
    va_list ap;
    va_start(ap, fmt);
    int k = vasprintf(&s->v[s->n], fmt, ap);
    va_end(ap);
    if (k < 0)
        return -1;
    s->n++;
    return 0;
}

static void strv_free(strv_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

/* A float (dbl: double) value's --arg: the shortest decimal that reads
 * back to the same bits, or the bits themselves for a NaN. */
static void float_spec(uint64_t bits, int dbl, char *buf, size_t n)
{
    float f;
    double d;
    uint32_t b32 = (uint32_t)bits;
    memcpy(&f, &b32, 4);
    memcpy(&d, &bits, 8);
    double v = dbl ? d : (double)f;
    if (isnan(v)) {
        snprintf(buf, n, dbl ? "u64:0x%016llx" : "u32:0x%08llx", (unsigned long long)bits);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%s:%.*g", dbl ? "f64" : "f32", prec, v);
        double bd = strtod(buf + 4, NULL);
        float bf = strtof(buf + 4, NULL);
        if (dbl ? !memcmp(&bd, &d, 8) : !memcmp(&bf, &f, 4))
            return;
    }
}

/* The --arg of by-value argument a (its bytes at p), spelled by its type. */
static int scalar_spec(const co_arg_t *a, const uint8_t *p, char *buf, size_t n)
{
    uint64_t bits = 0;
    const char *t = a->type_name ? a->type_name : "";
    if (a->size > 8)
        return -1;
    memcpy(&bits, p, a->size);
    if (a->size == 4 && !strcmp(t, "float"))
        float_spec(bits, 0, buf, n);
    else if (a->size == 8 && !strcmp(t, "double"))
        float_spec(bits, 1, buf, n);
    else if (a->size == 4 && !strcmp(t, "int"))
        snprintf(buf, n, "i32:%d", (int32_t)bits);
    else if (a->size == 8 && !strcmp(t, "long"))
        snprintf(buf, n, "i64:%lld", (long long)(int64_t)bits);
    else if (a->size == 8)
        snprintf(buf, n, "u64:%llu", (unsigned long long)bits);
    else   /* 4 bytes or fewer: gcnsim run passes a u32's low bytes */
        snprintf(buf, n, "u32:%llu", (unsigned long long)bits);
    return 0;
}

/* Write the size bytes at addr of mem into path. */
static int save_extent(mem_t *mem, uint64_t addr, uint64_t size, const char *path, char *err, size_t errlen)
{
    const uint8_t *p = size ? mem_ptr(mem, addr, size) : NULL;
    if (!p) {
        snprintf(err, errlen, "%llu bytes at 0x%llx are in no memory of the device", (unsigned long long)size,
                 (unsigned long long)addr);
        return -1;
    }
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(p, 1, size, fp) != size || fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

/* Write the allocation buffer argument i of L points to into path; it
 * must point at the start of one allocation no earlier argument uses. */
static int save_buffer(launch_t *L, size_t i, const char *path, char *err, size_t errlen)
{
    mem_t *mem = la_module_mem(L->m);
    uint64_t addr = L->arg_addr[i];
    const mem_region_t *r = mem_region_at(mem, addr);
    if (L->save_extents)
        return save_extent(mem, addr, L->arg_size[i], path, err, errlen);
    if (!r || r->base != addr) {
        snprintf(err, errlen, r ? "argument %zu points 0x%llx bytes into buffer '%s': gcnsim run passes a buffer "
                                  "from its start" : "argument %zu (0x%llx) points into no buffer%s", i,
                 (unsigned long long)(r ? addr - r->base : addr), r ? r->name : "");
        return -1;
    }
    for (size_t j = 0; j < i; j++)
        if (L->arg[j]->kind == CO_ARG_GLOBAL_BUFFER && mem_region_at(mem, L->arg_addr[j]) == r) {
            snprintf(err, errlen, "arguments %zu and %zu share buffer '%s': gcnsim run gives each --arg its own", j,
                     i, r->name);
            return -1;
        }
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(r->data, 1, r->size, fp) != r->size || fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

/* "X[,Y[,Z]]" with dims sizes. */
static int dims_arg(strv_t *a, const char *opt, unsigned dims, const uint32_t n[3])
{
    return strv_add(a, "%s", opt) ||
           (dims >= 3 ? strv_add(a, "%u,%u,%u", n[0], n[1], n[2])
            : dims == 2 ? strv_add(a, "%u,%u", n[0], n[1]) : strv_add(a, "%u", n[0]));
}

/* Add the --arg bytes:HEX of a by-value argument of n bytes at p (a
 * struct) to a. */
static int bytes_spec(const uint8_t *p, uint32_t n, strv_t *a, char *err, size_t errlen)
{
    char *hex = malloc(2 * (size_t)n + 1);
    int bad = !hex;
    for (uint32_t i = 0; hex && i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", p[i]);
    if (bad || strv_add(a, "--arg") || strv_add(a, "bytes:%s", hex)) {
        snprintf(err, errlen, "out of host memory");
        free(hex);
        return -1;
    }
    free(hex);
    return 0;
}

/* Add argument i's --arg to a (writing its buffer into dir). */
static int arg_spec(launch_t *L, size_t i, const char *dir, strv_t *a, char *err, size_t errlen)
{
    const co_arg_t *k = L->arg[i];
    char spec[96], path[PATH_MAX];
    if (k->kind == CO_ARG_GLOBAL_BUFFER) {
        snprintf(path, sizeof path, "%s/arg%zu.bin", dir, i);
        if (save_buffer(L, i, path, err, errlen))
            return -1;
        snprintf(spec, sizeof spec, "buf:");
    } else if (k->kind == CO_ARG_DYNAMIC_SHARED_POINTER)
        snprintf(spec, sizeof spec, "local:%llu", (unsigned long long)L->local_size[i]);
    else if (k->kind == CO_ARG_BY_VALUE && k->size > 8 && k->size <= LA_MAX_BYTES)
        return bytes_spec(L->kernarg + k->offset, k->size, a, err, errlen);
    else if (k->kind != CO_ARG_BY_VALUE || scalar_spec(k, L->kernarg + k->offset, spec, sizeof spec)) {
        snprintf(err, errlen, "argument %zu: gcnsim run has no --arg for an argument of kind %s", i,
                 co_arg_kind_name(k->kind));
        return -1;
    }
    if (strv_add(a, "--arg") || (k->kind == CO_ARG_GLOBAL_BUFFER ? strv_add(a, "buf:%s", path)
                                                                  : strv_add(a, "%s", spec))) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    return 0;
}

/* dir, created if missing. */
static int make_dir(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return 0;
    snprintf(err, errlen, errno == EEXIST ? "%s exists and is not a directory" : "cannot create directory %s: %s",
             dir, strerror(errno));
    return -1;
}

/* dir/debug.args: line and a newline. */
static int write_args(const char *dir, const char *line, char *err, size_t errlen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/debug.args", dir);
    FILE *fp = fopen(path, "w");
    if (!fp || fprintf(fp, "%s\n", line) < 0 || fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fp)
            fclose(fp);
        return -1;
    }
    return 0;
}

int la_save_launch(launch_t *L, const char *co, const char *dir, const char *const *extra, size_t nextra,
                   char **line, char *err, size_t errlen)
{
    strv_t a = {NULL, 0};
    int rc = -1;
    *line = NULL;
    char copath[PATH_MAX];
    for (int d = 0; d < 3; d++)
        if (L->sl.global_offset[d]) {
            snprintf(err, errlen, "kernel %s: a global offset (%llu in dimension %d) cannot be repeated by gcnsim run",
                     L->k->name, (unsigned long long)L->sl.global_offset[d], d);
            return -1;
        }
    if (make_dir(dir, err, errlen))
        return -1;
    if (!co) {
        snprintf(copath, sizeof copath, "%s/code.co", dir);
        if (write_code(L, copath, err, errlen))
            return -1;
        co = copath;
    }
    if (strv_add(&a, "%s", co) || strv_add(&a, "--kernel") || strv_add(&a, "%s", L->k->name) ||
        dims_arg(&a, "--global", L->sl.dims, L->sl.grid) || dims_arg(&a, "--local", L->sl.dims, L->sl.local)) {
        snprintf(err, errlen, "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < L->nexplicit; i++)
        if (arg_spec(L, i, dir, &a, err, errlen))
            goto out;
    for (size_t i = 0; i < nextra; i++)
        if (strv_add(&a, "%s", extra[i])) {
            snprintf(err, errlen, "out of host memory");
            goto out;
        }
    if (!(*line = str_args_line((int)a.n, a.v, 0, NULL))) {
        snprintf(err, errlen, "out of host memory");
        goto out;
    }
    if (write_args(dir, *line, err, errlen)) {
        free(*line);
        *line = NULL;
        goto out;
    }
    rc = 0;
out:
    strv_free(&a);
    return rc;
}


int la_kernel_named(const char *sym, const char *want)
{
    char d[1024], form[1024];
    if (!strcmp(sym, want))
        return 1;
    if (dm_demangle(sym, d, sizeof d))
        return 0;
    for (int level = 0; level <= 3; level++)
        if (dm_form(d, level, form, sizeof form) == 0 && !strcmp(form, want))
            return 1;
    return 0;
}
