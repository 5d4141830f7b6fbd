/* aql_record.h — what the AQL packet processor tells `gcnsim exec`: the
 * kernel's name, found in the code object the runtime loaded, and one
 * dispatch line in the log GCNSIM_EXEC_LOG names, in the format the
 * OpenCL driver writes (front/ocl/ocl_record.c), so that exec's summary,
 * --json and the rest cover HIP programs as well. */
#ifndef GCNSIM_AQL_RECORD_H
#define GCNSIM_AQL_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "front/aql/aql.h"
#include "sim/device.h"
#include "sim/kernel.h"
#include "sim/mem.h"
#include "front/trace/trace.h"

/* The name of the kernel whose descriptor is at kd: the symbol "NAME.kd"
 * of the code object loaded at the start of kd's allocation (its ELF
 * header and dynamic symbols, as a loader maps them), into buf;
 * "(runtime kernel)" when there is none (the runtime's own copy and fill
 * kernels come without a code object). */
void aql_kernel_name(mem_t *mem, uint64_t kd, char *buf, size_t n);

/* One dispatch as the log records it. */
typedef struct {
    const char *kernel, *target;
    const device_t *dev;
    unsigned queue;             /* the queue's number in the process */
    uint64_t queue_index;       /* the dispatch's number on its queue (from 0) */
    const sim_kernel_t *k;
    uint64_t start_ns, ns;      /* on the queue's simulated clock */
    const sim_launch_t *l;
    const sim_result_t *r;
    const tm_stats_t *stats;    /* NULL: functional */
    const char *status;         /* "completed", "fault", "stopped" */
    const aql_origin_t *o;      /* where the packet came from */
} aql_rec_t;

/* A dispatch's own files beside the log, which exec joins with the
 * others': its trace (GCNSIM_EXEC_TRACE=1) and timeline
 * (GCNSIM_EXEC_TIMELINE=1). */
typedef struct aql_files {
    char trace[64], timeline[64];   /* their names in the log's directory ("" if none) */
    trace_writer_t *tw;
    trace_recorder_t rec;
    struct tl *tl;
    const char *who;                /* the messages' "gcnsim WHO:" */
} aql_files_t;

/* What is about to run: kernel k (named name, target target) on queue
 * queue from queue_ns on its clock, launch l under the cycle model tc
 * (NULL: functional, no timeline). */
typedef struct {
    const char *name, *target;
    const device_t *dev;
    const sim_kernel_t *k;
    sim_launch_t *l;
    tm_config_t *tc;
    unsigned queue;
    uint64_t queue_ns;
    const aql_origin_t *o;      /* where the packet came from */
} aql_start_t;

/* Before a dispatch: open the files exec asked for and hook them to the
 * launch and the cycle model. */
void aql_record_begin(aql_files_t *f, const aql_start_t *s);
/* Append rec's line to GCNSIM_EXEC_LOG (nothing when it is not set or rec
 * is NULL: a dispatch that did not run), naming f's files, which are
 * closed here (the timeline with the run's figures over time). */
void aql_record(const aql_rec_t *rec, aql_files_t *f);

#endif
