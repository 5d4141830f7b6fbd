/* ocl_record.c — the dispatch log `gcnsim exec` reads: when GCNSIM_EXEC_LOG
 * names a file, every kernel dispatch appends one line to it, written with
 * one write() on an O_APPEND descriptor so that records of several threads
 * or processes never interleave.  A line is a tab-separated summary that
 * exec aggregates (VALUBusy by rocprof's formula, front/report/rocprof.h;
 * the other figures as sim/timing.h derives them) and then the
 * dispatch's report as one-line JSON (front/report's rep_json, the members
 * `gcnsim run --json` writes):
 *
 *   D \t queue \t start_ns \t kernel \t device \t ns \t wave-insts \t timed
 *     \t valu_busy_pct \t achieved_waves_per_simd \t wave_cycles
 *     \t stall=N,stall=N,... \t trace file \t timeline file \t CSV fields \t JSON
 *
 * (queue: the queue's number in the process, ocl_queue.seq; start_ns: the
 * queue's clock when the dispatch began; CSV fields: the dispatch's row of
 * rocprof's results.csv after its Index, rp_csv_fields, or "-" without the
 * cycle model).  Every other command of a queue
 * (buffer transfers, maps, markers...) appends
 *
 *   C \t queue \t device \t command \t start_ns \t end_ns
 *
 * The trace and the timeline (when GCNSIM_EXEC_TRACE or _TIMELINE is 1)
 * are one file per dispatch, in the log's directory (a trace holds the
 * code of one code object; a program's dispatches may come from several),
 * named "-" in the line when there is none; gcnsim exec joins them into
 * one file each.  A dispatch's timeline is placed already (tl_place): at
 * its start on its queue's clock, in its queue's processes.  Without
 * GCNSIM_EXEC_LOG nothing is recorded (one getenv per command).  The
 * dispatches' lines and files are written by the packet processor that
 * runs them (front/aql/aql_record.c, through ocl_aql.c); this file writes
 * the other commands' lines. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/ocl/ocl.h"

/* Append line to the log at path with one write(). */
static void append(const char *path, const char *line)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    if (write(fd, line, strlen(line)) < 0)
        fprintf(stderr, "gcnsim OpenCL: cannot append to GCNSIM_EXEC_LOG %s\n", path);
    close(fd);
}

/* The name of a command type in the timeline. */
static const char *command_name(cl_command_type type)
{
    static const struct { cl_command_type type; const char *name; } names[] = {
        {CL_COMMAND_READ_BUFFER, "read buffer"}, {CL_COMMAND_WRITE_BUFFER, "write buffer"},
        {CL_COMMAND_COPY_BUFFER, "copy buffer"}, {CL_COMMAND_FILL_BUFFER, "fill buffer"},
        {CL_COMMAND_MAP_BUFFER, "map buffer"}, {CL_COMMAND_UNMAP_MEM_OBJECT, "unmap"},
        {CL_COMMAND_MARKER, "marker"}, {CL_COMMAND_BARRIER, "barrier"},
        {CL_COMMAND_MIGRATE_MEM_OBJECTS, "migrate"}, {CL_COMMAND_READ_BUFFER_RECT, "read buffer rect"},
        {CL_COMMAND_WRITE_BUFFER_RECT, "write buffer rect"}, {CL_COMMAND_COPY_BUFFER_RECT, "copy buffer rect"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].type == type)
            return names[i].name;
    return "command";
}

void ocl_record_command(cl_command_queue q, cl_command_type type, uint64_t start, uint64_t end)
{
    const char *path = getenv("GCNSIM_EXEC_LOG");
    if (!path || !path[0])
        return;
    char line[512];
    snprintf(line, sizeof line, "C\t%u\t%s\t%s\t%llu\t%llu\n", q->seq, q->dev->dev.name, command_name(type),
             (unsigned long long)start, (unsigned long long)end);
    append(path, line);
}
