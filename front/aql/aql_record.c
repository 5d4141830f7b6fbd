/* aql_record.c — kernel names and the dispatch log (see aql_record.h). */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/aql/aql_record.h"
#include "front/report/report.h"
#include "front/report/rocprof.h"
#include "front/report/rocprof_csv.h"
#include "front/report/timeline.h"

/* The dynamic table's entry tag of the loaded image at base (0 if none). */
static uint64_t dyn_value(mem_t *mem, uint64_t base, const Elf64_Ehdr *eh, int64_t tag)
{
    for (unsigned i = 0; i < eh->e_phnum; i++) {
        const Elf64_Phdr *ph = (const Elf64_Phdr *)mem_ptr(mem, base + eh->e_phoff + i * sizeof *ph, sizeof *ph);
        if (!ph || ph->p_type != PT_DYNAMIC)
            continue;
        for (uint64_t o = 0; o + sizeof(Elf64_Dyn) <= ph->p_memsz; o += sizeof(Elf64_Dyn)) {
            const Elf64_Dyn *d = (const Elf64_Dyn *)mem_ptr(mem, base + ph->p_vaddr + o, sizeof *d);
            if (!d || d->d_tag == DT_NULL)
                break;
            if (d->d_tag == tag)
                return d->d_un.d_val;
        }
    }
    return 0;
}

void aql_kernel_name(mem_t *mem, uint64_t kd, char *buf, size_t n)
{
    snprintf(buf, n, "(runtime kernel)");   /* code the runtime assembled itself has no symbols */
    const mem_region_t *r = mem_region_at(mem, kd);
    const Elf64_Ehdr *eh = r ? (const Elf64_Ehdr *)mem_ptr(mem, r->base, sizeof *eh) : NULL;
    if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64)
        return;
    uint64_t base = r->base, symtab = dyn_value(mem, base, eh, DT_SYMTAB), strtab = dyn_value(mem, base, eh, DT_STRTAB);
    uint64_t strsz = dyn_value(mem, base, eh, DT_STRSZ);
    if (!symtab || !strtab || strtab <= symtab)
        return;
    for (uint64_t o = symtab; o + sizeof(Elf64_Sym) <= strtab; o += sizeof(Elf64_Sym)) {
        const Elf64_Sym *s = (const Elf64_Sym *)mem_ptr(mem, base + o, sizeof *s);
        if (!s || base + s->st_value != kd || s->st_name >= strsz)
            continue;
        const char *name = (const char *)mem_ptr(mem, base + strtab + s->st_name, 1);
        size_t len = name ? strnlen(name, strsz - s->st_name) : 0;
        if (len > 3 && len < strsz - s->st_name && !strcmp(name + len - 3, ".kd")) {
            snprintf(buf, n, "%.*s", (int)(len - 3), name);
            return;
        }
    }
}

/* The dispatch's report as one-line JSON into fp. */
static void record_json(FILE *fp, const aql_rec_t *rec)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    const sim_launch_t *l = rec->l;
    if (rec->stats) {
        rep_launch_t rep = {rec->kernel, rec->target, rec->dev, l->dims, {0}, {0}, rec->stats};
        memcpy(rep.global, l->grid, sizeof rep.global);
        memcpy(rep.local, l->local, sizeof rep.local);
        rep_json(&j, &rep);
    } else {
        json_str(&j, "kernel", rec->kernel);
        json_str(&j, "target", rec->target);
        json_begin_arr(&j, "global");
        for (unsigned d = 0; d < l->dims; d++)
            json_uint(&j, NULL, l->grid[d]);
        json_end(&j);
        json_begin_arr(&j, "local");
        for (unsigned d = 0; d < l->dims; d++)
            json_uint(&j, NULL, l->local[d]);
        json_end(&j);
        json_uint(&j, "workgroups", rec->r->nwg);
        json_uint(&j, "waves", rec->r->nwaves);
    }
    json_str(&j, "mode", rec->stats ? "timing" : "functional");
    json_uint(&j, "ns", rec->ns);
    json_uint(&j, "wave_instructions", rec->r->ninst);
    json_str(&j, "status", rec->status);
    json_end(&j);
    json_finish(&j);
}

/* Remove the JSON writer's line breaks and indentation. */
static void one_line(char *s)
{
    char *w = s;
    for (const char *p = s; *p; p++) {
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            continue;
        }
        *w++ = *p;
    }
    *w = 0;
}

/* The summary fields of the line (before the JSON) into fp. */
static void record_summary(FILE *fp, const aql_rec_t *rec)
{
    const tm_stats_t *s = rec->stats;
    double vb = 0;
    if (s) {
        rep_launch_t rep = {rec->kernel, rec->target, rec->dev, rec->l->dims, {0}, {0}, s};
        memcpy(rep.global, rec->l->grid, sizeof rep.global);
        memcpy(rep.local, rec->l->local, sizeof rep.local);
        rp_counters_t c;
        rp_counters(&rep, &c);
        vb = rp_value(&c, "VALUBusy");
    }
    fprintf(fp, "D\t%u\t%llu\t%s\t%s\t%llu\t%llu\t%d\t%.4f\t%.4f\t%llu\t", rec->queue,
            (unsigned long long)rec->start_ns, rec->kernel, rec->dev->name, (unsigned long long)rec->ns,
            (unsigned long long)rec->r->ninst, s != NULL, vb, s ? tm_achieved_waves_per_simd(s) : 0.0,
            s ? (unsigned long long)s->total.wave_cycles : 0ull);
    for (unsigned i = 0; i < TM_NSTALL; i++)
        fprintf(fp, "%s%s=%llu", i ? "," : "", tm_stall_name((tm_stall_t)i),
                s ? (unsigned long long)s->total.stall[i] : 0ull);
    fputc('\t', fp);
}

/* The path of file name in the log's directory into buf. */
static void beside_log(const char *log, const char *name, char *buf, size_t n)
{
    const char *slash = strrchr(log, '/');
    int dir = slash ? (int)(slash - log) : 1;
    snprintf(buf, n, "%.*s/%s", dir, slash ? log : ".", name);
}

static uint64_t tl_slices;   /* instruction slices of this process's timelines so far (one packet at a time) */
static int tl_noted;         /* one of them marked where the cap was reached */

/* The cap on the program's instruction slices: GCNSIM_EXEC_TIMELINE_MAX
 * (0: none), else TL_MAX_INST. */
static uint64_t tl_cap(void)
{
    const char *v = getenv("GCNSIM_EXEC_TIMELINE_MAX");
    char *end;
    unsigned long long n = v && *v ? strtoull(v, &end, 10) : TL_MAX_INST;
    return v && *v && *end ? TL_MAX_INST : n ? n : UINT64_MAX;
}

#ifndef GCNSIM_AQL_VERSION   /* the Makefile gives gcnsim's version (front/cli.h) */
#define GCNSIM_AQL_VERSION "0"
#endif

/* The number of this dispatch among those of kernel name (from 0). */
static unsigned long kernel_dispatch(const char *name)
{
    static struct seen { struct seen *next; unsigned long n; char name[]; } *list;   /* one packet at a time */
    struct seen *s = list;
    while (s && strcmp(s->name, name))
        s = s->next;
    if (!s && (s = calloc(1, sizeof *s + strlen(name) + 1))) {
        strcpy(s->name, name);
        s->next = list;
        list = s;
    }
    return s ? s->n++ : 0;
}

/* s's trace into path: the code it runs is the memory the kernel's code
 * lies in, as the runtime loaded it. */
static int open_trace(aql_files_t *f, const aql_start_t *s, const char *path, char *err, size_t errlen)
{
    char options[600];
    snprintf(options, sizeof options, "gcnsim exec: %s dispatch %s:%lu", s->o->api, s->name, kernel_dispatch(s->name));
    trace_header_t h;
    memset(&h, 0, sizeof h);
    h.mode = s->tc ? TRACE_MODE_TIMING : TRACE_MODE_FUNCTIONAL;
    snprintf(h.target, sizeof h.target, "%s", s->target);
    snprintf(h.version, sizeof h.version, "%s", GCNSIM_AQL_VERSION);
    snprintf(h.kernel, sizeof h.kernel, "%s", s->name);
    h.code_base = s->k->code_base;
    h.code = s->k->prog;
    h.options = options;
    if (s->o->image)
        trace_sha256(s->o->image, s->o->image_size, h.co_sha256);
    else
        trace_sha256(s->k->words, s->k->ndw * 4, h.co_sha256);
    if (!(f->tw = trace_write_open(path, &h, err, errlen)))
        return -1;
    trace_recorder_init(&f->rec, f->tw, s->tc != NULL);
    s->l->on_step = trace_on_step;
    s->l->step_arg = &f->rec;
    s->l->step_no_old = 1;
    return 0;
}

/* s's timeline into path, placed on its queue's clock. */
static int open_timeline(aql_files_t *f, const aql_start_t *s, const char *path, char *err, size_t errlen)
{
    tl_code_t code = {s->k->prog, s->k->entry};
    uint64_t cap = tl_cap(), left = tl_slices < cap ? cap - tl_slices : 0;
    const char *cus = getenv("GCNSIM_EXEC_TIMELINE_CUS");
    if (!(f->tl = tl_open(path, s->dev, &code, left, err, errlen)))
        return -1;
    char why[256];
    if (cus && *cus && tl_set_cus(f->tl, cus, why, sizeof why)) {
        snprintf(err, errlen, "--timeline-cus %s", why);
        tl_close(f->tl, why, sizeof why);
        f->tl = NULL;
        return -1;
    }
    tl_place(f->tl, s->queue_ns, s->queue, tl_noted);
    s->tc->on_event = tl_event;
    s->tc->event_arg = f->tl;
    return 0;
}

/* Whether the variable name is 1. */
static int asked(const char *name)
{
    const char *v = getenv(name);
    return v && !strcmp(v, "1");
}

void aql_record_begin(aql_files_t *f, const aql_start_t *s)
{
    static unsigned seq;
    memset(f, 0, sizeof *f);
    f->who = s->o->who;
    const char *log = getenv("GCNSIM_EXEC_LOG");
    if (!log || !log[0] || (!asked("GCNSIM_EXEC_TRACE") && !asked("GCNSIM_EXEC_TIMELINE")))
        return;
    char path[4200], err[512];
    unsigned n = seq++;
    if (asked("GCNSIM_EXEC_TRACE")) {
        snprintf(f->trace, sizeof f->trace, "%c%ld-%u.trace", s->o->file_prefix, (long)getpid(), n);
        beside_log(log, f->trace, path, sizeof path);
        if (open_trace(f, s, path, err, sizeof err)) {
            fprintf(stderr, "gcnsim %s: trace: %s\n", f->who, err);
            f->trace[0] = 0;
        }
    }
    if (s->tc && asked("GCNSIM_EXEC_TIMELINE")) {
        snprintf(f->timeline, sizeof f->timeline, "%c%ld-%u.json", s->o->file_prefix, (long)getpid(), n);
        beside_log(log, f->timeline, path, sizeof path);
        if (open_timeline(f, s, path, err, sizeof err)) {
            fprintf(stderr, "gcnsim %s: timeline: %s\n", f->who, err);
            f->timeline[0] = 0;
        }
    }
}

/* Close f's files (one that fails is dropped from the record); the
 * timeline gets the figures over time of s. */
static void close_files(aql_files_t *f, const tm_stats_t *s)
{
    char err[512];
    if (f && f->tw) {
        if (trace_write_close(f->tw, err, sizeof err) || f->rec.failed) {
            fprintf(stderr, "gcnsim %s: trace: %s\n", f->who, f->rec.failed ? f->rec.err : err);
            f->trace[0] = 0;
        }
        trace_recorder_free(&f->rec);
        f->tw = NULL;
    }
    if (!f || !f->tl)
        return;
    if (s)
        tl_series(f->tl, s->series);
    tl_slices += tl_inst_slices(f->tl);
    tl_noted |= tl_capped(f->tl);
    if (tl_close(f->tl, err, sizeof err)) {
        fprintf(stderr, "gcnsim %s: timeline: %s\n", f->who, err);
        f->timeline[0] = 0;
    }
    f->tl = NULL;
}

/* The dispatch's results.csv fields (malloc'ed; rocprof_csv.h), or NULL
 * without the cycle model or memory. */
static char *record_csv(const aql_rec_t *rec)
{
    if (!rec->stats)
        return NULL;
    co_kernel_t ck;
    memset(&ck, 0, sizeof ck);
    ck.name = (char *)rec->kernel;
    launch_t L;
    memset(&L, 0, sizeof L);
    L.k = &ck;
    L.sk = *rec->k;
    L.sl = *rec->l;
    rep_launch_t rep = {rec->kernel, rec->target, rec->dev, rec->l->dims, {0}, {0}, rec->stats};
    memcpy(rep.global, rec->l->grid, sizeof rep.global);
    memcpy(rep.local, rec->l->local, sizeof rep.local);
    rp_row_t row;
    rp_row_fill(&row, &L, &rep, rec->start_ns);
    row.gpu_id = rec->o->gpu_id;
    row.queue_id = rec->queue;
    row.queue_index = rec->queue_index;
    return rp_csv_fields_str(&row);
}

void aql_record(const aql_rec_t *rec, aql_files_t *f)
{
    close_files(f, rec ? rec->stats : NULL);
    const char *path = getenv("GCNSIM_EXEC_LOG");
    if (!rec || !path || !path[0])
        return;
    char *json = NULL, *line = NULL;
    size_t jn = 0, ln = 0;
    FILE *fp = open_memstream(&json, &jn);
    if (!fp)
        return;
    record_json(fp, rec);
    fclose(fp);
    one_line(json);
    if ((fp = open_memstream(&line, &ln))) {
        record_summary(fp, rec);
        char *csv = record_csv(rec);
        fprintf(fp, "%s\t%s\t%s\t%s\n", f && f->trace[0] ? f->trace : "-", f && f->timeline[0] ? f->timeline : "-",
                csv ? csv : "-", json);
        free(csv);
        fclose(fp);
        int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (fd >= 0) {
            if (write(fd, line, strlen(line)) < 0)
                fprintf(stderr, "gcnsim %s: cannot append to GCNSIM_EXEC_LOG %s\n", rec->o->who, path);
            close(fd);
        }
    }
    free(line);
    free(json);
}
