/* aql_record.h — what the AQL packet processor tells `gcnsim exec`: the
 * kernel's name, found in the code object the runtime loaded, and one
 * dispatch line in the log GCNSIM_EXEC_LOG names, in the format the
 * OpenCL driver writes (front/ocl/ocl_record.c), so that exec's summary,
 * --json and the rest cover HIP programs as well. */
#ifndef GCNSIM_AQL_RECORD_H
#define GCNSIM_AQL_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "sim/device.h"
#include "sim/kernel.h"
#include "sim/mem.h"

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
} aql_rec_t;

/* A dispatch's own files beside the log (GCNSIM_EXEC_TIMELINE=1: its
 * timeline, which exec joins with the others). */
typedef struct aql_files {
    char timeline[64];          /* its name in the log's directory ("" if none) */
    struct tl *tl;
} aql_files_t;

/* Before a dispatch on queue queue (from queue_ns on its clock) of code
 * prog (entry: the kernel's first instruction) under the cycle model tc
 * (NULL: functional, no timeline): open the files exec asked for and hook
 * them to tc. */
void aql_record_begin(aql_files_t *f, const device_t *dev, const sim_prog_t *prog, uint64_t entry, unsigned queue,
                      uint64_t queue_ns, tm_config_t *tc);
/* Append rec's line to GCNSIM_EXEC_LOG (nothing when it is not set or rec
 * is NULL: a dispatch that did not run), naming f's files, which are
 * closed here (the timeline with the run's figures over time). */
void aql_record(const aql_rec_t *rec, aql_files_t *f);

#endif
