/* sweep_slurm.c — a Slurm job-array script for a sweep: one array task per
 * shard, each running `gcnsim sweep run FILE --shard I/N` with the same
 * binary, sweep file and results folder (absolute paths).  See sweep.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/sweep/sweep.h"
#include "front/util/strsafe.h"

/* s in single quotes for sh ('\'' for a quote inside). */
static void sh_quote(FILE *fp, const char *s)
{
    fputc('\'', fp);
    for (; *s; s++)
        fputs(*s == '\'' ? "'\\''" : (char[2]){*s, 0}, fp);
    fputc('\'', fp);
}

/* s with what is not a letter, digit, '.', '_' or '-' as '_' (a job name). */
static void job_name(FILE *fp, const char *s)
{
    for (; *s; s++)
        fputc(strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *s) ? *s : '_', fp);
}

/* s on one line (control characters as '?'): for a comment. */
static void one_line(FILE *fp, const char *s)
{
    char *c = strdup(s);
    if (c)
        fputs(str_one_line(c), fp);
    free(c);
}

int sweep_slurm_write(const sweep_t *s, const char *path, const char *self, const char *dir, unsigned nshards,
                      unsigned cpus, const char *const *extra, size_t nextra, char *err, size_t errlen)
{
    if (nshards > s->npoints) {
        snprintf(err, errlen, "%u shards for %zu points: some tasks would have nothing to run", nshards,
                 s->npoints);
        return -1;
    }
    for (size_t i = 0; i < nextra; i++)
        if (strchr(extra[i], '\n')) {
            snprintf(err, errlen, "--sbatch: an option may not hold a line break");
            return -1;
        }
    char *file = realpath(s->path, NULL);
    int to_stdout = !strcmp(path, "-");
    FILE *fp = to_stdout ? stdout : fopen(path, "w");
    if (!fp || !file) {
        snprintf(err, errlen, "%s: %s", !file ? s->path : path, strerror(errno));
        free(file);
        return -1;
    }
    fprintf(fp, "#!/bin/sh\n# Slurm job array for the gcnsim sweep ");
    one_line(fp, s->name);
    fprintf(fp, " (");
    one_line(fp, file);
    fprintf(fp, "): %zu points in %u shards.\n# Submit with sbatch; then gcnsim sweep collect ", s->npoints, nshards);
    one_line(fp, dir);
    fprintf(fp, "\n#SBATCH --job-name=gcnsim-sweep-");
    job_name(fp, s->name);
    fputc('\n', fp);
    fprintf(fp, "#SBATCH --array=1-%u\n", nshards);
    fprintf(fp, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=%u\n", cpus);
    if (strpbrk(dir, "\n\r")) {
        snprintf(err, errlen, "%s: a results folder with a line break in its name", dir);
        free(file);
        if (!to_stdout)
            fclose(fp);
        return -1;
    }
    fprintf(fp, "#SBATCH --output=%s/slurm-%%A_%%a.out\n", dir);
    for (size_t i = 0; i < nextra; i++)
        fprintf(fp, "#SBATCH %s\n", extra[i]);
    fprintf(fp, "exec ");
    sh_quote(fp, self);
    fprintf(fp, " sweep run ");
    sh_quote(fp, file);
    fprintf(fp, " --out ");
    sh_quote(fp, dir);
    fprintf(fp, " --shard \"$SLURM_ARRAY_TASK_ID/%u\" --jobs \"${SLURM_CPUS_PER_TASK:-%u}\"\n", nshards, cpus);
    free(file);
    if (to_stdout)
        return fflush(stdout) ? -1 : 0;
    if (fclose(fp)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
