/* rocprof_csv.c — rocprof's results.csv and results.stats.csv (see
 * rocprof_csv.h).  Layout and per-column semantics from rocprofiler at
 * tag rocm-5.7.1: test/tool/tool.cpp (the dispatch line and
 * set_kernel_properties), bin/tblextr.py (column order) and bin/dform.py
 * (DurationNs, the statistics view). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "front/report/rocprof.h"
#include "front/report/rocprof_csv.h"

/* LDS granule rocprof rounds the group segment up to (lds_block_size = 128 * 4). */
enum { LDS_BLOCK = 128 * 4 };

static uint64_t ns_of(uint64_t cycles, unsigned mhz)
{
    return mhz ? cycles * 1000 / mhz : 0;
}

void rp_row_fill(rp_row_t *row, const launch_t *L, const rep_launch_t *rep, uint64_t dispatch_ns)
{
    memset(row, 0, sizeof *row);
    row->kernel = L->k->name;
    row->pid = (unsigned)getpid();
    row->tid = (unsigned)syscall(SYS_gettid);
    row->grd = (uint64_t)L->sl.grid[0] * L->sl.grid[1] * L->sl.grid[2];
    row->wgr = (uint64_t)L->sl.local[0] * L->sl.local[1] * L->sl.local[2];
    uint64_t group = (uint64_t)L->sk.group_segment_fixed_size + L->sl.dynamic_lds;
    row->lds = (group + LDS_BLOCK - 1) & ~(uint64_t)(LDS_BLOCK - 1);
    row->scr = L->sk.private_segment_fixed_size;
    uint32_t rsrc1 = L->sk.rsrc1;
    row->wave_size = 64;                                 /* GCN: no ENABLE_WAVEFRONT_SIZE32 */
    row->arch_vgpr = ((rsrc1 & 0x3f) + 1) * 4;          /* (GRANULATED_WORKITEM_VGPR_COUNT+1)*4 */
    row->accum_vgpr = 0;                                 /* none before gfx908 */
    row->sgpr = ((rsrc1 >> 6 & 0xf) / 2 + 1) * 16;      /* (GRANULATED_WAVEFRONT_SGPR_COUNT/2+1)*16 */
    row->obj = L->sk.desc_addr;
    rp_counters_t c;
    rp_counters(rep, &c);
    for (unsigned i = 0; i < rp_nmetrics() && i < RP_CSV_MAX_METRICS; i++)
        row->metric[i] = rp_metric_at(i)->fn(&c);
    unsigned mhz = rep->dev->p[DEV_clock_mhz];
    row->dispatch_ns = dispatch_ns;
    row->begin_ns = dispatch_ns + ns_of(rep->s->overhead_cycles, mhz);
    row->end_ns = row->begin_ns + ns_of(rep->s->cycles, mhz);
    row->complete_ns = row->end_ns;
}

void rp_csv_header(FILE *fp)
{
    fputs("Index,KernelName,gpu-id,queue-id,queue-index,pid,tid,grd,wgr,lds,scr,arch_vgpr,accum_vgpr,sgpr,"
          "wave_size,sig,obj", fp);
    for (unsigned i = 0; i < rp_nmetrics() && i < RP_CSV_MAX_METRICS; i++)
        fprintf(fp, ",%s", rp_metric_at(i)->name);
    fputs(",DispatchNs,BeginNs,EndNs,CompleteNs,DurationNs\n", fp);
}

/* s double-quoted, an inner quote doubled (RFC 4180). */
static void quoted(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', fp);
        fputc(*s, fp);
    }
    fputc('"', fp);
}

void rp_csv_fields(FILE *fp, const rp_row_t *r)
{
    fputc(',', fp);
    quoted(fp, r->kernel);
    fprintf(fp, ",%u,%u,%llu,%u,%u,%llu,%llu,%llu,%llu,%u,%u,%u,%u,0x%llx,0x%llx", r->gpu_id, r->queue_id,
            (unsigned long long)r->queue_index, r->pid, r->tid, (unsigned long long)r->grd,
            (unsigned long long)r->wgr, (unsigned long long)r->lds, (unsigned long long)r->scr, r->arch_vgpr,
            r->accum_vgpr, r->sgpr, r->wave_size, (unsigned long long)r->sig, (unsigned long long)r->obj);
    for (unsigned i = 0; i < rp_nmetrics() && i < RP_CSV_MAX_METRICS; i++)
        fprintf(fp, ",%.10f", r->metric[i]);
    fprintf(fp, ",%llu,%llu,%llu,%llu,%llu", (unsigned long long)r->dispatch_ns, (unsigned long long)r->begin_ns,
            (unsigned long long)r->end_ns, (unsigned long long)r->complete_ns,
            (unsigned long long)(r->end_ns - r->begin_ns));
}

char *rp_csv_fields_str(const rp_row_t *row)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *fp = open_memstream(&buf, &n);
    if (!fp)
        return NULL;
    rp_csv_fields(fp, row);
    if (fclose(fp)) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The call of a fields text: its KernelName (unquoted into name, room n)
 * and its last field, DurationNs.  0, or -1 when it is not such a text. */
static int fields_call(const char *f, char *name, size_t n, uint64_t *duration)
{
    if (f[0] != ',' || f[1] != '"')
        return -1;
    size_t k = 0;
    const char *p = f + 2;
    for (; *p && !(p[0] == '"' && p[1] != '"'); p++) {
        if (p[0] == '"')
            p++;   /* a doubled quote */
        if (k + 1 < n)
            name[k++] = *p;
    }
    name[k] = 0;
    const char *last = strrchr(f, ',');
    if (!*p || !last)
        return -1;
    *duration = strtoull(last + 1, NULL, 10);
    return 0;
}

int rp_csv_write(const char *path, const char *const *fields, size_t n, int stats, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "w");
    if (!fp) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    rp_csv_header(fp);
    for (size_t i = 0; i < n; i++)
        fprintf(fp, "%zu%s\n", i, fields[i]);
    if (fclose(fp)) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    if (!stats)
        return 0;
    rp_call_t *calls = calloc(n ? n : 1, sizeof *calls);
    char (*names)[512] = calloc(n ? n : 1, sizeof *names);
    char *spath = rp_stats_path(path);
    int rc = -1;
    if (!calls || !names || !spath)
        snprintf(err, errlen, "out of memory");
    else {
        rc = 0;
        for (size_t i = 0; i < n && !rc; i++) {
            calls[i].kernel = names[i];
            if (fields_call(fields[i], names[i], sizeof names[i], &calls[i].duration_ns)) {
                snprintf(err, errlen, "row %zu of %s is not a results.csv row", i, path);
                rc = -1;
            }
        }
        if (!rc)
            rc = rp_stats_write(spath, calls, n, err, errlen);
    }
    free(calls);
    free(names);
    free(spath);
    return rc;
}

/* ---- results.stats.csv ------------------------------------------------------ */

char *rp_stats_path(const char *csv_path)
{
    size_t n = strlen(csv_path);
    int ext = n >= 4 && !strcmp(csv_path + n - 4, ".csv");
    char *p = malloc(n + 12);
    if (p)
        snprintf(p, n + 12, "%.*s.stats.csv", (int)(ext ? n - 4 : n), csv_path);
    return p;
}

typedef struct {
    const char *name;
    uint64_t calls, total;
} bin_t;

static int by_total(const void *a, const void *b)
{
    const bin_t *x = a, *y = b;
    if (x->total != y->total)
        return x->total < y->total ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* A percentage as Python prints SQLite's REAL (repr): the shortest form
 * that reads back exactly, with ".0" when whole. */
static void real(FILE *fp, double v)
{
    char buf[40];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, fp);
    if (!strpbrk(buf, ".en"))
        fputs(".0", fp);
}

int rp_stats_write(const char *path, const rp_call_t *calls, size_t n, char *err, size_t errlen)
{
    bin_t *bins = calloc(n ? n : 1, sizeof *bins);
    if (!bins) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t nb = 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        size_t b = 0;
        while (b < nb && strcmp(bins[b].name, calls[i].kernel))
            b++;
        if (b == nb)
            bins[nb++].name = calls[i].kernel;
        bins[b].calls++;
        bins[b].total += calls[i].duration_ns;
        sum += calls[i].duration_ns;
    }
    qsort(bins, nb, sizeof *bins, by_total);
    FILE *fp = fopen(path, "w");
    if (!fp) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        free(bins);
        return -1;
    }
    fputs("\"Name\",\"Calls\",\"TotalDurationNs\",\"AverageNs\",\"Percentage\"\n", fp);
    for (size_t b = 0; b < nb; b++) {
        quoted(fp, bins[b].name);
        fprintf(fp, ",%llu,%llu,%llu,", (unsigned long long)bins[b].calls, (unsigned long long)bins[b].total,
                (unsigned long long)(bins[b].total / bins[b].calls));
        real(fp, sum ? (double)bins[b].total * 100.0 / (double)sum : 0.0);
        fputc('\n', fp);
    }
    free(bins);
    if (fclose(fp)) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
