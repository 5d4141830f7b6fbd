/* sweep_collect.c — a sweep's records gathered into one SQLite database
 * (libsqlite3) and one CSV file: a row per point, in id order, with its
 * parameters, status, cycles, time and rocprof's metrics.  Both files are
 * written beside their final name and renamed into place.  See sweep.h. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "front/report/json.h"
#include "front/report/jsonread.h"
#include "front/sweep/sweep.h"

enum { COL_MAX = 512 };

typedef struct {
    char id[17];
    char *path;
    size_t dir;                  /* index of its folder: the first wins */
} rec_t;

/* A column: its name and SQL type ("INTEGER", "REAL", "TEXT"). */
typedef struct {
    char name[64];
    const char *type;
} col_t;

typedef struct {
    rec_t *recs;
    size_t n, cap;
    jr_doc_t *docs;
    col_t cols[COL_MAX];
    size_t ncols, first_axis, naxes, first_metric, nmetrics;
} coll_t;

static int is_record_name(const char *n)
{
    return strlen(n) == 21 && strspn(n, "0123456789abcdef") == 16 && !strcmp(n + 16, ".json");
}

static int by_id(const void *a, const void *b)
{
    const rec_t *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->dir > y->dir) - (x->dir < y->dir);
}

/* The records of folder dirs[k] into c: 0, or -1 with the reason. */
static int list_dir(coll_t *c, const char *dir, size_t k, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: cannot open: %s", dir, strerror(errno));
        return -1;
    }
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_record_name(e->d_name))
            continue;
        if (c->n == c->cap) {
            c->cap = c->cap ? 2 * c->cap : 256;
            c->recs = realloc(c->recs, c->cap * sizeof *c->recs);
        }
        rec_t *r = &c->recs[c->n++];
        snprintf(r->id, sizeof r->id, "%.16s", e->d_name);
        r->dir = k;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        r->path = malloc(len);
        snprintf(r->path, len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    return 0;
}

/* Sort by id and keep the first of each id. */
static void dedupe(coll_t *c)
{
    qsort(c->recs, c->n, sizeof *c->recs, by_id);
    size_t w = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (w && !strcmp(c->recs[w - 1].id, c->recs[i].id)) {
            free(c->recs[i].path);
            continue;
        }
        c->recs[w++] = c->recs[i];
    }
    c->n = w;
}

/* ---- the figures of a record ----------------------------------------------- */

const jr_val_t *sweep_report_main(const jr_val_t *rep)
{
    const jr_val_t *g = jr_get(rep, "groups");
    if (!g)
        g = jr_get(rep, "dispatches");
    if (!g || g->kind != JR_ARRAY || !g->len)
        return rep;
    const jr_val_t *best = &g->items[0];
    double bc = -1, v;
    for (size_t i = 0; i < g->len; i++)
        if (jr_number(jr_get(&g->items[i], "cycles"), &v) && v > bc)
            bc = v, best = &g->items[i];
    return best;
}

/* The main part of record rec's report. */
static const jr_val_t *main_part(const jr_val_t *rec)
{
    return sweep_report_main(jr_get(rec, "report"));
}

/* The sum of member key (times scale) over array a's objects; NAN if none has it. */
static double sum_of(const jr_val_t *a, const char *key, double scale)
{
    double v, sum = 0;
    int any = 0;
    for (size_t i = 0; a && a->kind == JR_ARRAY && i < a->len; i++)
        if (jr_number(jr_get(&a->items[i], key), &v))
            sum += v * scale, any = 1;
    return any ? sum : NAN;
}

/* Simulated kernel time in microseconds (cycles at the clock, without
 * the launch overhead): the report's, its launch groups' sum (bench) or
 * its dispatches' (exec); NAN if none. */
static double time_us(const jr_val_t *rec)
{
    const jr_val_t *rep = jr_get(rec, "report");
    double v;
    if (jr_number(jr_get(rep, "time_us"), &v))
        return v;
    if (jr_get(rep, "groups"))
        return sum_of(jr_get(rep, "groups"), "time_us", 1);
    return sum_of(jr_get(rep, "dispatches"), "time_us", 1);
}

static size_t find_col(const coll_t *c, const char *name)
{
    for (size_t i = 0; i < c->ncols; i++)
        if (!strcasecmp(c->cols[i].name, name))
            return i;
    return (size_t)-1;
}

static int add_col(coll_t *c, const char *name, const char *type)
{
    if (c->ncols == COL_MAX)
        return -1;
    snprintf(c->cols[c->ncols].name, sizeof c->cols[0].name, "%s", name);
    c->cols[c->ncols++].type = type;
    return 0;
}

/* The metric column of rocprof's name (prefixed when another column has it). */
static void metric_col(char *buf, size_t len, const coll_t *c, const char *name, size_t upto)
{
    for (size_t i = 0; i < upto; i++)
        if (!strcasecmp(c->cols[i].name, name)) {
            snprintf(buf, len, "rocprof_%s", name);
            return;
        }
    snprintf(buf, len, "%s", name);
}

/* The columns: fixed ones, the parameters (device table order), the metrics. */
static int make_cols(coll_t *c)
{
    static const char *const fixed[][2] = {{"id", "TEXT"}, {"sweep", "TEXT"}, {"run", "TEXT"}, {"kind", "TEXT"},
                                           {"preset", "TEXT"}};
    for (size_t i = 0; i < 5; i++)
        add_col(c, fixed[i][0], fixed[i][1]);
    c->first_axis = c->ncols;
    for (unsigned p = 0; p < DEV_NPARAMS; p++)
        for (size_t r = 0; r < c->n; r++)
            if (jr_get(jr_get(c->docs[r].root, "axes"), dev_param_key((dev_param_t)p))) {
                add_col(c, dev_param_key((dev_param_t)p), "INTEGER");
                break;
            }
    c->naxes = c->ncols - c->first_axis;
    static const char *const mid[][2] = {{"status", "TEXT"}, {"exit", "INTEGER"}, {"error", "TEXT"},
                                         {"cycles", "INTEGER"}, {"time_us", "REAL"}};
    for (size_t i = 0; i < 5; i++)
        add_col(c, mid[i][0], mid[i][1]);
    c->first_metric = c->ncols;
    size_t upto = c->ncols;
    for (size_t r = 0; r < c->n; r++) {
        const jr_val_t *m = jr_get(main_part(c->docs[r].root), "rocprof");
        for (size_t i = 0; m && m->kind == JR_OBJECT && i < m->len; i++) {
            char name[64];
            metric_col(name, sizeof name, c, m->keys[i], upto);
            if (m->items[i].kind == JR_NUMBER && find_col(c, name) == (size_t)-1 && add_col(c, name, "REAL"))
                return -1;
        }
    }
    c->nmetrics = c->ncols - c->first_metric;
    add_col(c, "host_seconds", "REAL");
    return add_col(c, "report", "TEXT");
}

/* ---- values ----------------------------------------------------------------- */

typedef struct {
    int kind;                    /* 0 NULL, 1 integer, 2 real, 3 text */
    long long i;
    double d;
    const char *s;
} val_t;

/* The value of column k for record rec (report text: rep). */
static val_t value_of(const coll_t *c, size_t k, const jr_val_t *rec, const char *rep)
{
    val_t v = {0};
    const char *name = c->cols[k].name;
    double d;
    const jr_val_t *x = NULL;
    if (k >= c->first_axis && k < c->first_axis + c->naxes)
        x = jr_get(jr_get(rec, "axes"), name);
    else if (k >= c->first_metric && k < c->first_metric + c->nmetrics) {
        const char *mname = strncmp(name, "rocprof_", 8) || jr_get(jr_get(main_part(rec), "rocprof"), name)
                                ? name : name + 8;
        x = jr_get(jr_get(main_part(rec), "rocprof"), mname);
    } else if (!strcmp(name, "cycles")) {
        x = jr_get(jr_get(rec, "report"), "cycles");
        if (!x && !isnan(d = sum_of(jr_get(jr_get(rec, "report"), "dispatches"), "cycles", 1)))
            return (val_t){1, (long long)d, d, NULL};
    }
    else if (!strcmp(name, "time_us")) {
        d = time_us(rec);
        return isnan(d) ? v : (val_t){2, 0, d, NULL};
    } else if (!strcmp(name, "report"))
        return rep ? (val_t){3, 0, 0, rep} : v;
    else
        x = jr_get(rec, name);
    if (x && x->kind == JR_STRING)
        return (val_t){3, 0, 0, x->str};
    if (x && jr_number(x, &d)) {
        if (!strcmp(c->cols[k].type, "REAL"))
            return (val_t){2, 0, d, NULL};
        return (val_t){1, !x->is_int ? (long long)d : d < 0 ? (long long)x->i : (long long)x->u, d, NULL};
    }
    return v;
}

/* The record's report as JSON text (malloc'd), or NULL. */
static char *report_text(const jr_val_t *rec)
{
    const jr_val_t *rep = jr_get(rec, "report");
    if (!rep || rep->kind == JR_NULL)
        return NULL;
    return jr_text(rep);
}

/* ---- SQLite ----------------------------------------------------------------- */

static int sql_fail(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
    return -1;
}

static int write_db(const coll_t *c, char **reps, const char *tmp, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open(tmp, &db) != SQLITE_OK)
        return sqlite3_close(db), sql_fail(NULL, tmp, err, errlen);
    char *sql = NULL, *ins = NULL;
    size_t sl = 0, il = 0;
    FILE *s = open_memstream(&sql, &sl), *i = open_memstream(&ins, &il);
    fprintf(s, "CREATE TABLE points (");
    fprintf(i, "INSERT INTO points VALUES (");
    for (size_t k = 0; k < c->ncols; k++) {
        fprintf(s, "%s\"", k ? ", " : "");
        for (const char *n = c->cols[k].name; *n; n++)   /* an identifier's quote doubled */
            fputs(*n == '"' ? "\"\"" : (char[2]){*n, 0}, s);
        fprintf(s, "\" %s%s", c->cols[k].type, k ? "" : " PRIMARY KEY");
        fprintf(i, "%s?", k ? ", " : "");
    }
    fprintf(s, ")");
    fprintf(i, ")");
    fclose(s), fclose(i);
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL) || sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) ||
             sqlite3_prepare_v2(db, ins, -1, &st, NULL);
    for (size_t r = 0; !rc && r < c->n; r++) {
        for (size_t k = 0; k < c->ncols; k++) {
            val_t v = value_of(c, k, c->docs[r].root, reps[r]);
            int b = (int)k + 1;
            rc |= v.kind == 1 ? sqlite3_bind_int64(st, b, v.i) : v.kind == 2 ? sqlite3_bind_double(st, b, v.d)
                : v.kind == 3 ? sqlite3_bind_text(st, b, v.s, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, b);
        }
        rc |= sqlite3_step(st) != SQLITE_DONE;
        sqlite3_reset(st);
    }
    rc = rc || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (rc)
        sql_fail(db, tmp, err, errlen);
    sqlite3_finalize(st);
    rc |= sqlite3_close(db) != SQLITE_OK;
    free(sql), free(ins);
    return rc ? -1 : 0;
}

/* ---- CSV -------------------------------------------------------------------- */

static void csv_text(FILE *fp, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, fp);
    fputc('"', fp);
}

static int write_csv(const coll_t *c, const char *tmp, char *err, size_t errlen)
{
    FILE *fp = fopen(tmp, "w");
    if (!fp) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return -1;
    }
    size_t ncsv = c->ncols - 1;   /* all but report */
    for (size_t k = 0; k < ncsv; k++) {
        if (k)
            fputc(',', fp);
        csv_text(fp, c->cols[k].name);
    }
    fputc('\n', fp);
    for (size_t r = 0; r < c->n; r++) {
        for (size_t k = 0; k < ncsv; k++) {
            val_t v = value_of(c, k, c->docs[r].root, NULL);
            if (k)
                fputc(',', fp);
            if (v.kind == 1)
                fprintf(fp, "%lld", v.i);
            else if (v.kind == 2) {
                char b[40];
                snprintf(b, sizeof b, "%.15g", v.d);
                if (strtod(b, NULL) != v.d)
                    snprintf(b, sizeof b, "%.17g", v.d);
                fputs(b, fp);
            } else if (v.kind == 3)
                csv_text(fp, v.s);
        }
        fputc('\n', fp);
    }
    if (fclose(fp)) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- the whole ---------------------------------------------------------------- */

static void coll_free(coll_t *c)
{
    for (size_t r = 0; r < c->n; r++) {
        free(c->recs[r].path);
        if (c->docs)
            jr_free(&c->docs[r]);
    }
    free(c->recs), free(c->docs);
}

/* Read every record: 0, or -1 with the reason. */
static int read_all(coll_t *c, size_t *ok, char *err, size_t errlen)
{
    c->docs = calloc(c->n ? c->n : 1, sizeof *c->docs);
    char why[256];
    for (size_t r = 0; r < c->n; r++) {
        if (jr_read_file(&c->docs[r], c->recs[r].path, why, sizeof why) ||
            !jr_get(c->docs[r].root, "gcnsim_sweep_record")) {
            snprintf(err, errlen, "%s: not a sweep record: %s", c->recs[r].path,
                     c->docs[r].root ? "no gcnsim_sweep_record" : why);
            return -1;
        }
        const char *id = jr_string(jr_get(c->docs[r].root, "id"));
        if (!id || strcmp(id, c->recs[r].id)) {
            snprintf(err, errlen, "%s: the record is of point %s, not of the point its name says", c->recs[r].path,
                     id ? id : "(none)");
            return -1;
        }
        const char *st = jr_string(jr_get(c->docs[r].root, "status"));
        *ok += st && !strcmp(st, "ok");
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Keep the records whose id is among only[] (n, sorted); the count of
 * only[] without a record into *absent. */
static void keep_only(coll_t *c, const char **only, size_t n, size_t *absent)
{
    size_t w = 0, found = 0;
    for (size_t i = 0; i < c->n; i++) {
        const char *id = c->recs[i].id;
        if (bsearch(&id, only, n, sizeof *only, cmp_str)) {
            c->recs[w++] = c->recs[i];
            found++;
        } else
            free(c->recs[i].path);
    }
    c->n = w;
    *absent = n - found;
}

int sweep_collect(const char *const *dirs, size_t ndirs, const char *db, const char *csv,
                  const char *const *only, size_t nonly, char *err, size_t errlen)
{
    coll_t c;
    memset(&c, 0, sizeof c);
    int rc = -1;
    size_t ok = 0;
    char tdb[8192], tcsv[8192];
    snprintf(tdb, sizeof tdb, "%s.tmp.%d", db, (int)getpid());
    snprintf(tcsv, sizeof tcsv, "%s.tmp.%d", csv ? csv : "", (int)getpid());
    for (size_t k = 0; k < ndirs; k++)
        if (list_dir(&c, dirs[k], k, err, errlen))
            goto out;
    dedupe(&c);
    size_t absent = 0;
    if (only) {
        const char **sorted = malloc((nonly ? nonly : 1) * sizeof *sorted);
        memcpy(sorted, only, nonly * sizeof *sorted);
        qsort(sorted, nonly, sizeof *sorted, cmp_str);
        keep_only(&c, sorted, nonly, &absent);
        free(sorted);
    }
    if (!c.n) {
        snprintf(err, errlen, "no point records (ID.json) in %s%s", dirs[0], ndirs > 1 ? " and the others" : "");
        goto out;
    }
    if (read_all(&c, &ok, err, errlen))
        goto out;
    if (make_cols(&c)) {
        snprintf(err, errlen, "more than %d columns", COL_MAX);
        goto out;
    }
    char **reps = calloc(c.n, sizeof *reps);
    for (size_t r = 0; r < c.n; r++)
        reps[r] = report_text(c.docs[r].root);
    unlink(tdb);
    rc = write_db(&c, reps, tdb, err, errlen);
    for (size_t r = 0; r < c.n; r++)
        free(reps[r]);
    free(reps);
    if (!rc && rename(tdb, db))
        rc = -1, snprintf(err, errlen, "%s: cannot write: %s", db, strerror(errno));
    if (!rc && csv && (write_csv(&c, tcsv, err, errlen) || rename(tcsv, csv)))
        rc = -1;
    if (!rc)
        printf("%zu points (%zu succeeded, %zu failed) into %s%s%s\n", c.n, ok, c.n - ok, db, csv ? " and " : "",
               csv ? csv : "");
    if (!rc && absent)
        printf("%zu points of the sweep have no record yet\n", absent);
out:
    if (rc)
        unlink(tdb), unlink(tcsv);
    coll_free(&c);
    return rc;
}

int sweep_is_db(const char *path)
{
    char head[16];
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return 0;
    size_t n = fread(head, 1, sizeof head, fp);
    fclose(fp);
    return n == 16 && !memcmp(head, "SQLite format 3", 16);
}
