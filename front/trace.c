/* trace.c — the trace file: writer and reader (format in trace.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/trace.h"

struct trace_writer { uint64_t n; };
struct trace_reader { trace_header_t h; };

trace_writer_t *trace_write_open(const char *path, const trace_header_t *h, char *err, size_t errlen)
{
    (void)h;
    snprintf(err, errlen, "%s: trace writing is not implemented yet", path);
    return NULL;
}

int trace_write(trace_writer_t *tw, const trace_rec_t *r, char *err, size_t errlen)
{
    (void)tw, (void)r;
    snprintf(err, errlen, "trace writing is not implemented yet");
    return -1;
}

uint64_t trace_write_count(const trace_writer_t *tw)
{
    return tw->n;
}

int trace_write_close(trace_writer_t *tw, char *err, size_t errlen)
{
    free(tw);
    (void)err, (void)errlen;
    return 0;
}

trace_reader_t *trace_open(const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: offset 0: trace reading is not implemented yet", path);
    return NULL;
}

const trace_header_t *trace_header(const trace_reader_t *tr)
{
    return &tr->h;
}

uint64_t trace_count(const trace_reader_t *tr)
{
    (void)tr;
    return 0;
}

int trace_next(trace_reader_t *tr, trace_rec_t *r, char *err, size_t errlen)
{
    (void)tr, (void)r, (void)err, (void)errlen;
    return 0;
}

int trace_seek(trace_reader_t *tr, uint64_t n, char *err, size_t errlen)
{
    (void)tr, (void)n, (void)err, (void)errlen;
    return 0;
}

void trace_close(trace_reader_t *tr)
{
    free(tr);
}

void trace_rec_free(trace_rec_t *r)
{
    free(r->m);
    r->m = NULL;
    r->mcap = r->nm = 0;
}
