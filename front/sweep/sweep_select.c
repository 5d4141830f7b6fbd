/* sweep_select.c — points picked from a database of gcnsim sweep collect
 * (by id or by an SQL expression over its columns) with their reports,
 * for gcnsim compare.  The database is opened read-only.  See sweep.h. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/json.h"
#include "front/sweep/sweep.h"

/* Report text rep as gcnsim compare reads it: a bench's main launch group
 * with the bench's mode (malloc'd). */
static char *as_run_report(const char *rep)
{
    jr_doc_t d;
    char err[128], *buf = NULL;
    size_t len = 0;
    if (jr_parse(&d, rep, strlen(rep), err, sizeof err))
        return strdup(rep);
    const jr_val_t *m = sweep_report_main(d.root);
    FILE *fp = m != d.root && jr_get(d.root, "groups") ? open_memstream(&buf, &len) : NULL;
    if (!fp) {
        jr_free(&d);
        return strdup(rep);
    }
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    const char *mode = jr_string(jr_get(d.root, "mode"));
    json_str(&j, "mode", mode ? mode : "timing");
    if (!jr_get(m, "status"))   /* a launch group of a bench that ran to its end */
        json_str(&j, "status", "completed");
    for (size_t i = 0; m->kind == JR_OBJECT && i < m->len; i++)
        if (strcmp(m->keys[i], "mode"))
            jr_write(&j, m->keys[i], &m->items[i]);
    json_end(&j);
    json_finish(&j);
    fclose(fp);
    jr_free(&d);
    return buf;
}

/* Append the rows of stmt (id, run, preset, status, report) to out, each
 * axis of the row in its label: 0, or -1 with the reason. */
static int take_rows(sqlite3_stmt *st, sweep_sel_t *out, const char *what, char *err, size_t errlen)
{
    int rc, got = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0), *rep = (const char *)sqlite3_column_text(st, 4);
        if (!rep) {
            snprintf(err, errlen, "point %s has no report (status %s: %s)", id, sqlite3_column_text(st, 3),
                     sqlite3_column_text(st, 5) ? (const char *)sqlite3_column_text(st, 5) : "-");
            return -1;
        }
        char label[256];
        snprintf(label, sizeof label, "%.8s %s", id, (const char *)sqlite3_column_text(st, 1));
        out->labels = realloc(out->labels, (out->n + 1) * sizeof *out->labels);
        out->reports = realloc(out->reports, (out->n + 1) * sizeof *out->reports);
        out->labels[out->n] = strdup(label);
        out->reports[out->n++] = as_run_report(rep);
        got++;
    }
    if (rc != SQLITE_DONE) {
        snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(sqlite3_db_handle(st)));
        return -1;
    }
    if (!got) {
        snprintf(err, errlen, "%s: no such point", what);
        return -1;
    }
    return 0;
}

/* Rows of db matching sql (with text bound to ?1 when not NULL). */
static int query(sqlite3 *db, const char *sql, const char *bind, sweep_sel_t *out, const char *what, char *err,
                 size_t errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(db));
        return -1;
    }
    if (bind)
        sqlite3_bind_text(st, 1, bind, -1, SQLITE_TRANSIENT);
    int rc = take_rows(st, out, what, err, errlen);
    sqlite3_finalize(st);
    return rc;
}

/* The SELECT of the columns take_rows reads into buf, the label being
 * "run preset KEY=VALUE ..." over the parameter columns (those between
 * preset and status). */
static int label_sql(sqlite3 *db, char *buf, size_t len)
{
    sqlite3_stmt *st;
    int in = 0;
    snprintf(buf, len, "SELECT id, run || ' ' || preset");
    if (sqlite3_prepare_v2(db, "PRAGMA table_info(points)", -1, &st, NULL) != SQLITE_OK)
        return -1;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *c = (const char *)sqlite3_column_text(st, 1);
        if (!strcmp(c, "status"))
            in = 0;
        if (in && strspn(c, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(c))
            snprintf(buf + strlen(buf), len - strlen(buf), " || ' %s=' || %s", c, c);
        if (!strcmp(c, "preset"))
            in = 1;
    }
    sqlite3_finalize(st);
    snprintf(buf + strlen(buf), len - strlen(buf), ", preset, status, report, error FROM points ");
    return 0;
}

int sweep_select(const char *path, const char *const *ids, size_t nids, const char *where, sweep_sel_t *out,
                 char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    memset(out, 0, sizeof *out);
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
        sqlite3_close(db);
        return -1;
    }
    char cols[4096], sql[8192], what[160];
    int rc = label_sql(db, cols, sizeof cols);
    if (rc)
        snprintf(err, errlen, "%s: not a database of gcnsim sweep collect: %s", path, sqlite3_errmsg(db));
    for (size_t i = 0; !rc && i < nids; i++) {
        size_t had = out->n;
        snprintf(what, sizeof what, "point '%s'", ids[i]);
        snprintf(sql, sizeof sql, "%s WHERE id LIKE ?1 || '%%' ORDER BY id LIMIT 2", cols);
        if (strlen(ids[i]) < 4 || strspn(ids[i], "0123456789abcdef") != strlen(ids[i])) {
            snprintf(err, errlen, "point '%s': an id is 4 to 16 hex digits", ids[i]);
            rc = -1;
        } else
            rc = query(db, sql, ids[i], out, what, err, errlen);
        if (!rc && out->n - had > 1) {
            snprintf(err, errlen, "point '%s': the prefix fits several points", ids[i]);
            rc = -1;
        }
    }
    if (!rc && where) {
        snprintf(sql, sizeof sql, "%s WHERE (%s) AND report IS NOT NULL ORDER BY id", cols, where);
        snprintf(what, sizeof what, "--where '%.120s'", where);
        rc = query(db, sql, NULL, out, what, err, errlen);
    }
    sqlite3_close(db);
    if (rc)
        sweep_sel_free(out);
    return rc;
}

void sweep_sel_free(sweep_sel_t *sel)
{
    for (size_t i = 0; i < sel->n; i++)
        free(sel->labels[i]), free(sel->reports[i]);
    free(sel->labels), free(sel->reports);
    memset(sel, 0, sizeof *sel);
}
