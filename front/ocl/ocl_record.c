/* ocl_record.c — the dispatch log `gcnsim exec` reads: when GCNSIM_EXEC_LOG
 * names a file, every kernel dispatch appends one line to it, written with
 * one write() on an O_APPEND descriptor so that records of several threads
 * or processes never interleave.  A line is a tab-separated summary that
 * exec aggregates (the figures as sim/timing.h derives them) and then the
 * dispatch's report as one-line JSON (front/report's rep_json, the members
 * `gcnsim run --json` writes):
 *
 *   D \t kernel \t device \t ns \t wave-insts \t timed \t valu_busy_pct
 *     \t achieved_waves_per_simd \t wave_cycles \t stall=N,stall=N,... \t JSON
 *
 * Without the variable nothing is recorded (one getenv per dispatch). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/ocl/ocl.h"
#include "front/report/report.h"

/* The dispatch's report as JSON into fp (an open memory stream). */
static void record_json(FILE *fp, const launch_t *L, const sim_result_t *r, const tm_config_t *tc, uint64_t ns,
                        const char *status)
{
    json_t j;
    json_init(&j, fp);
    json_begin_obj(&j, NULL);
    if (tc) {
        rep_launch_t rep = {L->k->name, L->m->co.target->name, &tc->dev, L->sl.dims, {0}, {0}, &tc->stats};
        memcpy(rep.global, L->sl.grid, sizeof rep.global);
        memcpy(rep.local, L->sl.local, sizeof rep.local);
        rep_json(&j, &rep);
    } else {
        json_str(&j, "kernel", L->k->name);
        json_str(&j, "target", L->m->co.target->name);
        json_begin_arr(&j, "global");
        for (unsigned d = 0; d < L->sl.dims; d++)
            json_uint(&j, NULL, L->sl.grid[d]);
        json_end(&j);
        json_begin_arr(&j, "local");
        for (unsigned d = 0; d < L->sl.dims; d++)
            json_uint(&j, NULL, L->sl.local[d]);
        json_end(&j);
        json_uint(&j, "workgroups", r->nwg);
        json_uint(&j, "waves", r->nwaves);
    }
    json_str(&j, "mode", tc ? "timing" : "functional");
    json_uint(&j, "ns", ns);
    json_uint(&j, "wave_instructions", r->ninst);
    json_str(&j, "status", status);
    json_end(&j);
    json_finish(&j);
}

/* Remove the writer's line breaks and indentation: a raw newline never
 * occurs inside a JSON string (it is escaped), so every one is layout. */
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
static void record_summary(FILE *fp, const launch_t *L, cl_device_id d, const sim_result_t *r,
                           const tm_config_t *tc, uint64_t ns)
{
    const tm_stats_t *s = tc ? &tc->stats : NULL;
    fprintf(fp, "D\t%s\t%s\t%llu\t%llu\t%d\t%.4f\t%.4f\t%llu\t", L->k->name, d->dev.name, (unsigned long long)ns,
            (unsigned long long)r->ninst, tc != NULL, s ? tm_valu_busy_pct(s) : 0.0,
            s ? tm_achieved_waves_per_simd(s) : 0.0, s ? (unsigned long long)s->total.wave_cycles : 0ull);
    for (unsigned i = 0; i < TM_NSTALL; i++)
        fprintf(fp, "%s%s=%llu", i ? "," : "", tm_stall_name((tm_stall_t)i),
                s ? (unsigned long long)s->total.stall[i] : 0ull);
    fputc('\t', fp);
}

void ocl_record_dispatch(const launch_t *L, cl_device_id d, const sim_result_t *r, const tm_config_t *tc,
                         uint64_t ns, const char *status)
{
    const char *path = getenv("GCNSIM_EXEC_LOG");
    if (!path || !path[0])
        return;
    char *json = NULL, *line = NULL;
    size_t jn = 0, ln = 0;
    FILE *fp = open_memstream(&json, &jn);
    if (!fp)
        return;
    record_json(fp, L, r, tc, ns, status);
    fclose(fp);
    one_line(json);
    if ((fp = open_memstream(&line, &ln))) {
        record_summary(fp, L, d, r, tc, ns);
        fprintf(fp, "%s\n", json);
        fclose(fp);
        int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (fd >= 0) {
            if (write(fd, line, strlen(line)) < 0)
                fprintf(stderr, "gcnsim OpenCL: cannot append to GCNSIM_EXEC_LOG %s\n", path);
            close(fd);
        }
    }
    free(line);
    free(json);
}
