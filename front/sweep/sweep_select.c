/* sweep_select.c — points picked from a database of gcnsim sweep collect
 * (by id or by an SQL expression over its columns) with their reports,
 * for gcnsim compare.  The database is opened read-only.  See sweep.h. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/sweep/sweep.h"

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
        snprintf(label, sizeof label, "%.8s %s", id, sqlite3_column_text(st, 1));
        out->labels = realloc(out->labels, (out->n + 1) * sizeof *out->labels);
        out->reports = realloc(out->reports, (out->n + 1) * sizeof *out->reports);
        out->labels[out->n] = strdup(label);
        out->reports[out->n++] = strdup(rep);
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
    static const char cols[] = "SELECT id, run || ' ' || preset, preset, status, report, error FROM points ";
    char sql[4096], what[160];
    int rc = 0;
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
