/* timeline_merge.c — one Chrome trace-event timeline of a whole program
 * (gcnsim exec --timeline): the commands of its queues on their simulated
 * clocks, and the CU, wave and instruction slices of each kernel dispatch,
 * copied from the dispatch's own timeline file (written by timeline.c,
 * tl_place'd, so already at the right time and pid).  See timeline.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/report/json.h"
#include "front/report/timeline.h"

/* A set of strings (metadata events already written), open addressing. */
typedef struct {
    char **slot;
    size_t cap, n;
} strset_t;

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Add s to the set; 1 when it is new, 0 when already there, -1 out of memory. */
static int strset_add(strset_t *set, const char *s)
{
    if (2 * (set->n + 1) > set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 256;
        char **slot = calloc(cap, sizeof *slot);
        if (!slot)
            return -1;
        for (size_t i = 0; i < set->cap; i++)
            for (size_t j = set->slot[i] ? hash(set->slot[i]) & (cap - 1) : 0; set->slot[i]; j = (j + 1) & (cap - 1))
                if (!slot[j]) {
                    slot[j] = set->slot[i];
                    break;
                }
        free(set->slot);
        set->slot = slot;
        set->cap = cap;
    }
    size_t j = hash(s) & (set->cap - 1);
    for (; set->slot[j]; j = (j + 1) & (set->cap - 1))
        if (!strcmp(set->slot[j], s))
            return 0;
    if (!(set->slot[j] = strdup(s)))
        return -1;
    set->n++;
    return 1;
}

static void strset_free(strset_t *set)
{
    for (size_t i = 0; i < set->cap; i++)
        free(set->slot[i]);
    free(set->slot);
}

typedef struct {
    FILE *fp;
    uint64_t nev, slices;
    size_t nqueues;
    int capped, oom;
    strset_t meta;
} merge_t;

static void next_event(merge_t *m)
{
    fputs(m->nev++ ? ",\n" : "\n", m->fp);
}

static void put_us(FILE *fp, const char *key, uint64_t ns)
{
    fprintf(fp, ",\"%s\":%llu.%03llu", key, (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

/* The process of c's queue and its "commands" thread, once. */
static void name_queue(merge_t *m, const tl_command_t *c)
{
    char line[512];
    unsigned pid = tl_queue_pid(c->queue);
    snprintf(line, sizeof line, "q%u", c->queue);
    if (strset_add(&m->meta, line) != 1)
        return;
    m->nqueues++;
    next_event(m);
    fprintf(m->fp, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":", pid);
    snprintf(line, sizeof line, "%s queue %u", c->device, c->queue);
    json_write_string(m->fp, line);
    fputs("}}", m->fp);
    next_event(m);
    fprintf(m->fp, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"sort_index\":%u}}", pid, pid);
    next_event(m);
    fprintf(m->fp, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":1,\"args\":{\"name\":\"commands\"}}", pid);
}

/* Command c's slice on its queue's thread. */
static void command(merge_t *m, const tl_command_t *c)
{
    name_queue(m, c);
    next_event(m);
    fputs("{\"name\":", m->fp);
    json_write_string(m->fp, c->name);
    fprintf(m->fp, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":1", c->dispatch >= 0 ? "kernel" : "transfer",
            tl_queue_pid(c->queue));
    put_us(m->fp, "ts", c->start_ns);
    put_us(m->fp, "dur", c->end_ns - c->start_ns);
    fprintf(m->fp, ",\"args\":{\"start_ns\":%llu,\"end_ns\":%llu", (unsigned long long)c->start_ns,
            (unsigned long long)c->end_ns);
    if (c->dispatch >= 0)
        fprintf(m->fp, ",\"dispatch\":%ld,\"wave_instructions\":%llu", c->dispatch,
                (unsigned long long)c->wave_insts);
    fputs("}}", m->fp);
}

/* The closing line of a dispatch's file: its instruction slices and cap. */
static void file_totals(merge_t *m, const char *line)
{
    const char *p = strstr(line, "\"instruction_slices\":");
    if (p)
        m->slices += strtoull(p + strlen("\"instruction_slices\":"), NULL, 10);
    if (strstr(line, "\"note\":"))
        m->capped = 1;
}

/* Copy the events of a dispatch's timeline file (one per line; metadata
 * events the merge has not written yet).  0, or -1 with err set. */
static int copy_detail(merge_t *m, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    for (int first = 1; (len = getline(&line, &cap, in)) > 0; first = 0) {
        while (len && (line[len - 1] == '\n' || line[len - 1] == ','))
            line[--len] = 0;
        if (first || !len)
            continue;
        if (line[0] == ']') {
            file_totals(m, line);
            continue;
        }
        int add = strstr(line, "\"ph\":\"M\"") ? strset_add(&m->meta, line) : 1;
        m->oom |= add < 0;
        if (add == 1) {
            next_event(m);
            fputs(line, m->fp);
        }
    }
    free(line);
    fclose(in);
    return 0;
}

int tl_merge(const char *path, const tl_command_t *cmds, size_t n, char *err, size_t errlen)
{
    merge_t m;
    memset(&m, 0, sizeof m);
    if (!(m.fp = fopen(path, "w"))) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", m.fp);
    size_t ndisp = 0;
    for (size_t i = 0; i < n; i++) {
        command(&m, &cmds[i]);
        ndisp += cmds[i].dispatch >= 0;
    }
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        if (cmds[i].detail)
            rc = copy_detail(&m, cmds[i].detail, err, errlen);
    fprintf(m.fp, "\n],\"otherData\":{\"commands\":%zu,\"dispatches\":%zu,\"queues\":%zu,\"instruction_slices\":%llu",
            n, ndisp, m.nqueues, (unsigned long long)m.slices);
    if (m.capped)
        fprintf(m.fp, ",\"note\":\"instruction slices stop after the first %llu of the program; later instructions "
                      "are not shown, wave slices are complete\"", (unsigned long long)TL_MAX_INST);
    fputs("}}\n", m.fp);
    strset_free(&m.meta);
    int bad = ferror(m.fp) | (fclose(m.fp) != 0);
    if (!rc && (bad || m.oom)) {
        snprintf(err, errlen, "cannot write %s: %s", path, m.oom ? "out of memory" : strerror(errno ? errno : EIO));
        rc = -1;
    }
    return rc;
}
